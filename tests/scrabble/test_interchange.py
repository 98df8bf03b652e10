"""`ttools export` (TSH .t per division, WESPA .tou) and `ttools import-tsh`: an event exported
and imported again gives the same standings."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "scrabble-3div.xlsx"


def standings(invoke, path: Path, tmp_path: Path, name: str) -> tuple[int, dict]:
    target = tmp_path / f"{name}.json"
    result = invoke("run", path, "-o", tmp_path / f"{name}.out.xlsx", "--json", target)
    return result.exit_code, json.loads(target.read_text(encoding="utf-8"))


def table(data: dict) -> dict[str, list[tuple]]:
    return {
        d: [(r["name"], r["wins"], r["losses"], r["spread"]) for r in rows] for d, rows in data["standings"].items()
    }


def test_export_then_import_gives_the_same_standings(invoke, tmp_path):
    # The sample after `ttools run`: rounds 1–5 played, round 6 paired and waiting for results
    # (C's round 6 bye is already a result).
    code, paired = standings(invoke, SAMPLE, tmp_path, "sample")
    assert code == 0
    out = tmp_path / "sample.out.xlsx"
    code, before = standings(invoke, out, tmp_path, "again")
    result = invoke("export", out, "--to", tmp_path / "tsh")
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in (tmp_path / "tsh").iterdir())
    assert files == ["2025_香港_Scrabble_公開賽.tou", "a.t", "b.t", "c.t", "config.tsh"]
    a = (tmp_path / "tsh" / "a.t").read_text(encoding="utf-8").splitlines()
    assert len(a) == 12 and a[0].startswith("Chan Hok Hei")

    event = tmp_path / "imported.xlsx"
    result = invoke("import-tsh", tmp_path / "tsh", "-o", event, "--lang", "en")
    assert result.exit_code == 0, result.output
    code, after = standings(invoke, event, tmp_path, "imported")
    assert code == 0, after["problems"]
    assert table(after) == table(before)
    # TSH keeps a forfeit as two byes; the workbook keeps them as TSH wrote them, and says so
    assert {p["code"] for p in after["problems"]} <= {"slip-bye-spread", "tou-name-not-ascii"}
    # the round 6 pairings come over as pairings waiting for results, the starter first
    wb = openpyxl.load_workbook(event)
    pending = [r for r in wb["Results"].iter_rows(min_row=2, values_only=True) if r[0] == 6]
    published = {(t["first"], t["second"]) for ts in paired["pairings"].values() for t in ts if t["second"]}
    assert {(r[2], r[4]) for r in pending if r[4]} == published
    assert all(r[3] is None and r[5] is None for r in pending if r[4])
    # and exporting the imported event writes the same TSH files
    result = invoke("export", event, "--to", tmp_path / "again")
    for name in ("a.t", "b.t", "c.t"):
        assert (tmp_path / "again" / name).read_text(encoding="utf-8") == (tmp_path / "tsh" / name).read_text(
            encoding="utf-8"
        )


def test_tou_file_lists_every_division(invoke, tmp_path):
    result = invoke("export", SAMPLE, "--to", tmp_path)
    assert result.exit_code == 0, result.output
    tou = next(tmp_path.glob("*.tou")).read_text(encoding="utf-8").splitlines()
    assert tou[0] == "*M19.07.2025 2025 香港 Scrabble 公開賽"
    assert [line for line in tou if line.startswith("*") and not line.startswith("*M")] == [
        "*A",
        "*B",
        "*C",
        "*** END OF FILE ***",
    ]
    assert len(tou) == 3 * 3 + 12 + 10 + 7 + 1
    # C7 had the round 1 bye: paired with themself, 050 as woogles' liwords writes it
    c7 = next(line for line in tou if line.startswith("鄭浩賢"))
    assert c7[20:29] == " 0 50   7"
    # the names are Chinese and the sample has no name_latin: a warning names every player
    warned = [line for line in result.output.splitlines() if "tou-name-not-ascii" in line]
    assert len(warned) == 1 and "鄭浩賢" in warned[0]


def test_import_of_one_file_numbers_players_like_tsh(invoke, tmp_path):
    (tmp_path / "open.t").write_text(
        "Chew, John            1800 2 3; 400 410; p12 2 1\n"
        "Castellano, Vince     1750 1 0; 350 50; p12 1 0\n"
        "Lee Kwan Yee          1600 0 1; 50 380; p12 0 2\n",
        encoding="utf-8",
    )
    event = tmp_path / "open.xlsx"
    result = invoke("import-tsh", tmp_path / "open.t", "-o", event)
    assert result.exit_code == 0, result.output
    wb = openpyxl.load_workbook(event)
    players = [r[:5] for r in wb["參賽者"].iter_rows(min_row=2, values_only=True) if r[0]]
    assert players == [
        ("1", "Chew, John", 1800, None, "OPEN"),
        ("2", "Castellano, Vince", 1750, None, "OPEN"),
        ("3", "Lee Kwan Yee", 1600, None, "OPEN"),
    ]
    rows = [r[:6] for r in wb["成績"].iter_rows(min_row=2, values_only=True) if r[0]]
    # p12: round 1 Castellano started (1) against Chew (2), so he is player1; round 2 Chew started
    assert rows == [
        (1, None, "2", 350, "1", 400),
        (1, None, "3", 50, None, None),
        (2, None, "1", 410, "3", 380),
        (2, None, "2", 50, None, None),
    ]
    code, data = standings(invoke, event, tmp_path, "open")
    assert code == 0, data["problems"]
    assert [(r["id"], r["wins"], r["spread"]) for r in data["standings"]["OPEN"]] == [
        ("1", 2, 80),
        ("3", 1, 20),
        ("2", 1, 0),
    ]


def test_import_refuses_a_damaged_file(invoke, tmp_path):
    (tmp_path / "a.t").write_text("Ann 1000 2; 400\nthis is not a player line\n", encoding="utf-8")
    event = tmp_path / "a.xlsx"
    result = invoke("import-tsh", tmp_path / "a.t", "-o", event)
    assert result.exit_code == 1
    assert "tsh-line-unreadable" in result.stderr
    assert not event.exists()


def test_export_refuses_another_competition(invoke, write_event, tmp_path):
    result = invoke("export", write_event(), "--to", tmp_path)
    assert result.exit_code == 2
    assert "not a scrabble event workbook" in result.output
