"""The written workbooks, cell by cell with their formats, validation and print setup, are those
recorded in tests/data/golden/outputs.json (one digest per sheet): the writer may get faster,
never different. After a deliberate change of the output, rewrite the record with

    TTOOLS_UPDATE_GOLDEN=1 python -m pytest tests/workbook/test_output_golden.py

and review the change in the workbooks themselves."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from tests.cells import workbook_description

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "golden" / "outputs.json"
CASES = {
    "nations-cup-12": ("run", "nations-cup-12.xlsx"),
    "nations-cup-11": ("run", "nations-cup-11.xlsx"),
    "scrabble-3div": ("run", "scrabble-3div.xlsx"),
    "shengji-30": ("run", "shengji-30.xlsx"),
    "shuangsheng-24": ("run", "shuangsheng-24.xlsx"),
    "new-nations-cup-zh-Hans": ("new", ("nations-cup", "--teams", "8", "--lang", "zh-Hans")),
    "new-scrabble": ("new", ("scrabble", "--players", "24", "--lang", "en")),
    "new-shengji": ("new", ("shengji", "--players", "32", "--lang", "zh-Hant")),
}


def _digests(description: dict[str, list[str]]) -> dict[str, str]:
    return {sheet: hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16] for sheet, lines in description.items()}


def _output(case: str, invoke, tmp_path: Path) -> Path:
    kind, arg = CASES[case]
    out = tmp_path / f"{case}.out.xlsx"
    if kind == "run":
        src = tmp_path / arg
        shutil.copyfile(ROOT / "samples" / arg, src)
        result = invoke("run", src, "-o", out)
    else:
        competition, *options = arg
        result = invoke("new", competition, out, *options)
    assert result.exit_code in (0, 1), result.output
    return out


@pytest.mark.parametrize("case", sorted(CASES))
def test_written_workbook_is_unchanged(case, invoke, tmp_path):
    description = workbook_description(_output(case, invoke, tmp_path))
    got = _digests(description)
    record = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}
    if os.environ.get("TTOOLS_UPDATE_GOLDEN"):
        record[case] = got
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
        return
    want = record.get(case)
    assert want is not None, f"no record for {case}: run with TTOOLS_UPDATE_GOLDEN=1"
    changed = sorted(s for s in set(want) | set(got) if want.get(s) != got.get(s))
    if changed:
        dump = tmp_path / f"{case}.txt"
        dump.write_text("\n".join(f"== {s}\n" + "\n".join(description.get(s, [])) for s in changed), encoding="utf-8")
        pytest.fail(f"{case}: sheets {changed} differ from the record (this run's description: {dump})")
