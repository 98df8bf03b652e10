"""An annotated copy lists the problems of this check only: the previous run's Problems sheet of a
results workbook, and an earlier annotated copy's sheet, in any language, are not carried into it."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook

from ttools.pipeline import process_file, write_output
from ttools.workbook.annotate import annotate_copy

ROOT = Path(__file__).resolve().parents[2]


def test_the_annotated_copy_drops_the_previous_runs_problem_sheets(tmp_path):
    sample = ROOT / "samples" / "nations-cup-12.xlsx"
    out = tmp_path / "event.out.xlsx"
    outcome = process_file(str(sample))
    assert outcome.problems, "the sample is expected to have at least one problem (a warning)"
    write_output(outcome, str(out))
    before = load_workbook(out).sheetnames
    assert any(n in ("Problems", "問題", "问题") for n in before)
    first = annotate_copy(str(out), str(tmp_path / "a.xlsx"), outcome.problems, "zh-Hant")
    again = annotate_copy(first, str(tmp_path / "b.xlsx"), outcome.problems, "en")
    names = load_workbook(again).sheetnames
    assert names[0] == "ttools problems"
    assert not {"Problems", "問題", "问题", "ttools 問題"} & set(names)
