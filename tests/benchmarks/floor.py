"""The read+write floor of a run (a script run in its own process by ``python -m tests.benchmarks``).

    python tests/benchmarks/floor.py INPUT OUTPUT SHAPE

Reads every cell of INPUT with python-calamine, then writes OUTPUT with XlsxWriter in
constant_memory mode: one sheet per entry of SHAPE (a JSON list of [cells, columns]), each with
that many cells, row by row, the values taken in turn from the input's cells. Nothing else: no
formats, no checks. What any tool reading that workbook and writing that many cells pays.
"""

import json
import sys

from python_calamine import CalamineWorkbook
import xlsxwriter


def main() -> None:
    src, dst, shape = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    wb = CalamineWorkbook.from_path(src)
    values = []
    for name in wb.sheet_names:
        for row in wb.get_sheet_by_name(name).to_python():
            values.extend(v for v in row if v != "")
    values = values or ["x"]
    out = xlsxwriter.Workbook(dst, {"constant_memory": True})
    k = 0
    for i, (cells, cols) in enumerate(shape):
        ws = out.add_worksheet(f"S{i}")
        cols = max(cols, 1)
        for j in range(cells):
            v = values[k % len(values)]
            k += 1
            if type(v) in (int, float):
                ws.write_number(j // cols, j % cols, v)
            else:
                ws.write_string(j // cols, j % cols, str(v))
    out.close()


if __name__ == "__main__":
    main()
