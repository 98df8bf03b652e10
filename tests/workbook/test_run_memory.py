"""What a run keeps in memory: the JSON summary made only when asked for, and Scrabble's rows
written back sharing their equal values, with the same workbook and JSON as before."""

from __future__ import annotations

import json
from pathlib import Path

from python_calamine import CalamineWorkbook

from ttools.pipeline import process_file, write_output

ROOT = Path(__file__).resolve().parents[2]
SCRABBLE = ROOT / "samples" / "scrabble-3div.xlsx"


def test_the_summary_is_made_when_first_asked_for_and_once(monkeypatch):
    made = []
    outcome = process_file(str(SCRABBLE))
    contract = type(outcome.contract)
    real = contract.summary

    def counted(self, res):
        made.append(res)
        return real(self, res)

    monkeypatch.setattr(contract, "summary", counted)
    outcome = process_file(str(SCRABBLE))
    assert made == []  # processing alone made no summary
    first = outcome.json()
    assert len(made) == 1 and first["standings"] and first["competition"] == "scrabble"
    assert outcome.json() == first and len(made) == 1  # made once, then kept
    outcome.summary = {"x": 1}
    assert outcome.json()["x"] == 1


def test_scrabble_rows_written_back_share_equal_values_and_write_what_was_typed(tmp_path):
    outcome = process_file(str(SCRABBLE))
    data = outcome.results.data
    typed = data.raw["Results"]
    by_value: dict[tuple[type, object], set[int]] = {}
    for row in typed:
        for key in row:
            v = row[key]
            if type(v) in (float, str) and v:
                by_value.setdefault((type(v), v), set()).add(id(v))
    repeated = {k: ids for k, ids in by_value.items() if len(ids) > 1}
    assert not repeated, f"equal values held as separate objects: {list(repeated)[:5]}"
    assert sum(1 for (kind, _v) in by_value if kind is float) > 10  # the sheet's numbers were seen
    # a game's numbers are the same objects as the row's where they are equal whole numbers
    games = [g for g in data.games if isinstance(g.score1, int) and g.score1 > 256]
    assert games and len({id(g.score1) for g in games}) == len({g.score1 for g in games})
    out = tmp_path / "out.xlsx"
    write_output(outcome, str(out))
    source = CalamineWorkbook.from_path(str(SCRABBLE))
    written = CalamineWorkbook.from_path(str(out))
    name = "成績"  # the sample's Results sheet
    before = [r for r in source.get_sheet_by_name(name).to_python() if any(v != "" for v in r)]
    after = [r for r in written.get_sheet_by_name(name).to_python() if any(v != "" for v in r)]
    assert after[: len(before)] == before
    json.dumps(outcome.json(), default=str)
