"""Workbooks compared as normalised cell values (not bytes), for golden-file tests."""

from __future__ import annotations

from pathlib import Path

import openpyxl


def cell_values(path: Path) -> dict[str, list[tuple]]:
    """Every sheet's cell values, row by row, trailing empty cells and rows dropped."""
    wb = openpyxl.load_workbook(path)
    out = {}
    for ws in wb.worksheets:
        rows = [
            row[: max((i + 1 for i, v in enumerate(row) if v not in (None, "")), default=0)]
            for row in ws.iter_rows(values_only=True)
        ]
        while rows and not rows[-1]:
            rows.pop()
        out[ws.title] = rows
    return out


def _style_of(cell, cache: dict) -> str:
    key = tuple(cell._style) if cell.has_style else ()
    if key not in cache:
        cache[key] = (
            "|".join(
                repr(x)
                for x in (cell.font, cell.fill, cell.border, cell.number_format, cell.protection, cell.alignment)
            )
            if key
            else ""
        )
    return cache[key]


def workbook_description(path: Path) -> dict[str, list[str]]:
    """Everything a person sees or prints of a workbook, sheet by sheet, as lines of text: cell
    values with their types and formats (font, fill, border, number format, protection,
    alignment), column widths and formats, row heights, merged cells, tables, data validations
    and input messages, freeze panes, protection, and the print setup (paper, orientation,
    fit, scale, margins, header and footer, repeated rows, page breaks); plus defined names."""
    wb = openpyxl.load_workbook(path)
    cache: dict = {}
    out: dict[str, list[str]] = {"(workbook)": sorted(f"name {n}: {d.attr_text}" for n, d in wb.defined_names.items())}
    for ws in wb.worksheets:
        lines = [
            f"state {ws.sheet_state}",
            f"freeze {ws.freeze_panes}",
            f"protection {ws.protection!r}",
            f"page_setup {ws.page_setup!r}",
            f"fit {ws.sheet_properties.pageSetUpPr!r}",
            f"print_options {ws.print_options!r}",
            f"margins {ws.page_margins!r}",
            f"titles {ws.print_title_rows} {ws.print_title_cols}",
            f"area {ws.print_area}",
            f"header {ws.oddHeader.left.text!r} {ws.oddHeader.center.text!r} {ws.oddHeader.right.text!r}",
            f"footer {ws.oddFooter.left.text!r} {ws.oddFooter.center.text!r} {ws.oddFooter.right.text!r}",
            f"row_breaks {[b.id for b in ws.row_breaks.brk]}",
            f"merged {sorted(map(str, ws.merged_cells.ranges))}",
        ]
        for key, dim in sorted(ws.column_dimensions.items()):
            style = _style_of(dim, cache)
            lines.append(
                f"col {key} {dim.min}-{dim.max} width={dim.width} custom={dim.customWidth} hidden={dim.hidden} {style}"
            )
        for key, dim in sorted(ws.row_dimensions.items()):
            if dim.ht is not None or dim.hidden:
                lines.append(f"row {key} height={dim.ht} hidden={dim.hidden}")
        for table in sorted(ws.tables.values(), key=lambda t: t.name):
            lines.append(
                f"table {table.name} {table.ref} {table.tableStyleInfo!r} autofilter={table.autoFilter is not None} "
                f"{[c.name for c in table.tableColumns]}"
            )
        for dv in ws.data_validations.dataValidation:
            lines.append(
                f"validation {dv.sqref} {dv.type} {dv.operator} {dv.formula1} {dv.formula2} {dv.errorStyle} "
                f"{dv.allow_blank} {dv.showInputMessage} {dv.showErrorMessage} {dv.promptTitle!r} {dv.prompt!r}"
            )
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is None and not cell.has_style:
                    continue
                lines.append(f"{cell.coordinate} {type(cell.value).__name__} {cell.value!r} {_style_of(cell, cache)}")
        out[ws.title] = lines
    return out
