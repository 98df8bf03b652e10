"""Workbooks compared as normalised cell values (not bytes), for golden-file tests."""

from __future__ import annotations

from pathlib import Path

import openpyxl


def cell_values(path: Path) -> dict[str, list[tuple]]:
    """Every sheet's cell values, row by row, trailing empty cells and rows dropped."""
    wb = openpyxl.load_workbook(path)
    out = {}
    for ws in wb.worksheets:
        rows = [row[:max((i + 1 for i, v in enumerate(row) if v not in (None, "")), default=0)]
                for row in ws.iter_rows(values_only=True)]
        while rows and not rows[-1]:
            rows.pop()
        out[ws.title] = rows
    return out
