"""Problems -> a highlighted copy of the input workbook (openpyxl): each problem cell filled
and given a note; a first sheet lists every problem. The input file itself is never touched."""

from __future__ import annotations

import re
import shutil
import warnings
from typing import Iterable

from ttools.files import write_atomic
from ttools.i18n import Translator
from ttools.problems import Problem, Unreadable

_FILL_ERROR = "FFFFC7CE"
_FILL_WARNING = "FFFFEB9C"


def annotate_copy(source: str, target: str, problems: Iterable[Problem], lang: str = "en") -> str:
    from openpyxl import load_workbook
    from openpyxl.comments import Comment
    from openpyxl.styles import Alignment, Font, PatternFill

    problems = list(problems)

    def write(tmp: str) -> None:
        shutil.copyfile(source, tmp)
        try:
            with warnings.catch_warnings():  # openpyxl's remarks on odd parts are not for staff
                warnings.simplefilter("ignore")
                wb = load_workbook(tmp)
        except Exception as exc:  # read safely by ttools, yet more than openpyxl can open
            raise Unreadable(f"{source}: cannot make the annotated copy ({type(exc).__name__})") from None
        notes: dict[tuple[str, str], list[Problem]] = {}
        for p in problems:
            if p.sheet in wb.sheetnames and re.fullmatch(r"[A-Z]{1,3}[0-9]+", p.cell or ""):
                notes.setdefault((p.sheet, p.cell), []).append(p)
        for (sheet, cell), ps in notes.items():
            ws = wb[sheet]
            ws.protection.sheet = False  # so staff can fix the cell right there
            c = ws[cell]
            worst = "error" if any(p.severity == "error" for p in ps) else "warning"
            color = _FILL_ERROR if worst == "error" else _FILL_WARNING
            c.fill = PatternFill("solid", start_color=color, end_color=color)
            text = "\n".join(f"[{p.code}] {p.message(lang)}" for p in ps)
            c.comment = Comment(text[:2000], "ttools", width=320, height=120)
        t = Translator(lang)
        title = t("ttools 問題", "ttools problems")
        for stale in _stale_problem_sheets(wb.sheetnames):
            del wb[stale]
        ws = wb.create_sheet(title, 0)
        head = [
            t("嚴重性", "severity"),
            t("工作表", "sheet"),
            t("儲存格", "cell"),
            t("代碼", "code"),
            t("說明", "message"),
        ]
        _text_row(ws, 1, head)
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for row, p in enumerate(problems, start=2):
            _text_row(ws, row, [p.severity, p.sheet, p.cell, p.code, p.message(lang)])
        for col, width in zip("ABCDE", (9, 18, 8, 26, 100)):
            ws.column_dimensions[col].width = width
        for row in ws.iter_rows(min_row=2, min_col=5, max_col=5):
            row[0].alignment = Alignment(wrap_text=True, vertical="top")
        # printable as the other sheets: A4 landscape, fit to the width, the heading row on every page
        ws.page_setup.paperSize = ws.PAPERSIZE_A4
        ws.page_setup.orientation = "landscape"
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 0
        ws.print_title_rows = "1:1"
        ws.oddHeader.left.text = title
        ws.oddFooter.right.text = "&P / &N"
        ws.freeze_panes = "A2"
        wb.active = 0
        wb.save(tmp)

    write_atomic(target, write, suffix=".xlsx")
    return target


# the problems sheets ttools writes: an earlier annotated copy's, and a results workbook's own
# Problems sheet, which lists the problems of the run that wrote it, not of this check
_ANNOTATED = {"ttools 問題", "ttools 问题", "ttools problems"}
_REPORTED = {"Problems", "問題", "问题"}


def _stale_problem_sheets(names: list[str]) -> list[str]:
    written_by_ttools = "_meta" in names
    return [n for n in names if n in _ANNOTATED or (written_by_ttools and n in _REPORTED)]


def _text_row(ws, row: int, values: list[str]) -> None:
    """A row of text, each cell text whatever it starts with: openpyxl takes '=…' for a formula,
    and a sheet name or a message quoting what staff typed is never one."""
    for col, value in enumerate(values, start=1):
        cell = ws.cell(row=row, column=col)
        cell.value = value
        cell.data_type = "s"
