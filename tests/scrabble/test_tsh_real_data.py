"""Real TSH events from public repositories (tests/data/tsh/README.md names each source):
each one imported with `ttools import-tsh`, run with `ttools run`, and compared player by
player with an independent reading of its `.t` file written here — wins, losses, spread and
the printed place — then exported and imported again.

The reading below knows only the `.t` line format and TSH's way of counting: a game is a win,
a loss or a tie by the two scores (the spread capped per round when config.tsh says so); an
opponent 0 is a bye whose score is the spread credited (negative: a forfeit loss; 0: a missed
round, neither); `penalty` is added to the spread (TSH's `Synch`:
`$thisSpread += $penalties->[$j]`, a penalty stored negative); players equal on wins, losses
and spread share their place (`7=`). Players `off` (inactive) are printed as TSH prints them:
with `config show_inactive = 1` ranked among the others, in an event folder without it left
out (TSH's standings splice inactive players out unless show_inactive is set); a loose `.t`
file has no config, and ttools' own default lists them below the others, unranked.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

DATA = Path(__file__).resolve().parents[1] / "data" / "tsh"

# (folder, players, rounds): sizes checked so that a truncated copy cannot pass unnoticed
EVENTS = [
    ("jvc56-2023-b", 24, 23),
    ("jvc56-2023-a", 26, 23),
    ("e4c5-tournament1", 38, 18),
    ("e4c5-anon1", 42, 6),
    ("jvc56-2006", 109, 14),
]


def forget_kept_lines(workbook) -> None:
    """Empty the Players ``tsh`` column: export then writes every line itself (as for players
    whose data changed) instead of the lines kept from the import."""
    wb = openpyxl.load_workbook(workbook)
    sheet = wb["Players"]
    col = [c.value for c in sheet[1]].index("tsh") + 1
    for row in range(2, sheet.max_row + 1):
        sheet.cell(row=row, column=col).value = None
    wb.save(workbook)


def read_t(path: Path) -> list[dict]:
    """Each player line of a .t file: name, opponents, scores and the extended fields."""
    players = []
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        head, _, rest = line.partition(";")
        scores, _, etc = rest.partition(";")
        m = re.match(r"^(.*?\S),?\s+(\d+)((?:\s+\d+)*)\s*$", head)
        assert m, line
        fields = {}
        for chunk in etc.split(";"):
            words = chunk.split()
            if words:
                fields[words[0]] = words[1:]
        players.append(
            {
                "name": m.group(1).rstrip(","),
                "opps": [int(w) for w in m.group(3).split()],
                "scores": [int(w) for w in scores.split()],
                "etc": fields,
            }
        )
    return players


def spread_caps(folder: Path) -> list[int]:
    config = folder / "config.tsh"
    if not config.exists():
        return []
    m = re.search(r"^config spread_cap\s*=\s*\[([^\]]*)\]", config.read_text(encoding="utf-8-sig"), re.M)
    return [int(x) for x in m.group(1).split(",")] if m else []


def withdrawn_mode(folder: Path) -> str:
    """How config.tsh has inactive players printed: ranked (show_inactive on), hidden (an event
    folder without it) or, for a loose file, ttools' default: below."""
    config = folder / "config.tsh"
    if not config.exists():
        return "below"
    m = re.search(r"^config show_inactive\s*=\s*(\S+)", config.read_text(encoding="utf-8-sig"), re.M)
    return "ranked" if m and m.group(1).strip("'\"") not in ("0", "") else "hidden"


def tally(players: list[dict], caps: list[int], withdrawn: str = "below") -> list[dict]:
    """Wins, losses and spread of each player, by hand."""
    out = []
    for p in players:
        wins = losses = Fraction(0)
        spread = 0
        penalties = p["etc"].get("penalty", [])
        for r, opp in enumerate(p["opps"]):
            if r >= len(p["scores"]):
                continue
            own = p["scores"][r]
            if opp == 0:
                diff = own
            else:
                diff = own - players[opp - 1]["scores"][r]
                if caps:
                    cap = caps[min(r, len(caps) - 1)]
                    capped = max(-cap, min(cap, diff))
                    wins += Fraction(diff > 0) + Fraction(1, 2) * (diff == 0)
                    losses += Fraction(diff < 0) + Fraction(1, 2) * (diff == 0)
                    spread += capped + (int(penalties[r]) if r < len(penalties) else 0)
                    continue
            wins += Fraction(diff > 0) + (Fraction(1, 2) if diff == 0 and opp else 0)
            losses += Fraction(diff < 0) + (Fraction(1, 2) if diff == 0 and opp else 0)
            spread += diff + (int(penalties[r]) if r < len(penalties) else 0)
        out.append(
            {
                "id": str(len(out) + 1),
                "name": p["name"],
                "wins": wins,
                "losses": losses,
                "spread": spread,
                "off": "off" in p["etc"],
            }
        )
    if withdrawn == "ranked":
        for x in out:
            x["off"] = False
    active = [x for x in out if not x["off"]]
    for x in out:
        if x["off"]:
            x["place"] = ""
            continue
        better = sum(
            1 for y in active if (y["wins"], -y["losses"], y["spread"]) > (x["wins"], -x["losses"], x["spread"])
        )
        equal = sum(1 for y in active if (y["wins"], y["losses"], y["spread"]) == (x["wins"], x["losses"], x["spread"]))
        x["place"] = f"{better + 1}" + ("=" if equal > 1 else "")
    return out if withdrawn != "hidden" else active


def run_json(invoke, workbook: Path, tmp_path: Path, name: str) -> dict:
    target = tmp_path / f"{name}.json"
    result = invoke("run", workbook, "-o", tmp_path / f"{name}.out.xlsx", "--json", target)
    assert result.exit_code == 0, result.output
    return json.loads(target.read_text(encoding="utf-8"))


def as_tuples(rows) -> dict[str, tuple]:
    return {r["id"]: (r["name"], Fraction(r["wins"]), Fraction(r["losses"]), r["spread"], r["place"]) for r in rows}


@pytest.mark.parametrize("folder,size,rounds", EVENTS, ids=[e[0] for e in EVENTS])
def test_real_event_matches_an_independent_reading(invoke, tmp_path, folder, size, rounds):
    source = DATA / folder
    players = read_t(source / "a.t")
    assert len(players) == size and max(len(p["opps"]) for p in players) == rounds
    expected = tally(players, spread_caps(source), withdrawn_mode(source))

    workbook = tmp_path / "event.xlsx"
    arg = source if (source / "config.tsh").exists() else source / "a.t"
    result = invoke("import-tsh", arg, "-o", workbook, "--lang", "en")
    assert result.exit_code == 0, result.output
    data = run_json(invoke, workbook, tmp_path, "event")
    assert [p for p in data["problems"] if p["severity"] == "error"] == []
    (division,) = data["standings"]
    assert data["after_round"] == {division: rounds}
    got = as_tuples(data["standings"][division])
    assert got == {x["id"]: (x["name"], x["wins"], x["losses"], x["spread"], x["place"]) for x in expected}
    # the listing puts the withdrawn last (unless ranked) and is otherwise in order of wins, losses, spread
    listed = data["standings"][division]
    below = withdrawn_mode(source) == "below"
    keys = [(below and r["withdrawn"], -Fraction(r["wins"]), Fraction(r["losses"]), -r["spread"]) for r in listed]
    assert keys == sorted(keys)

    # exported (a TSH event folder: config.tsh and the .t file) and imported again: the same
    # standings, and the same .t file a second time
    out = tmp_path / "event.out.xlsx"
    assert invoke("export", out, "--to", tmp_path / "tsh").exit_code == 0
    exported = next((tmp_path / "tsh").glob("*.t"))
    again = tmp_path / "again.xlsx"
    result = invoke("import-tsh", tmp_path / "tsh", "-o", again, "--lang", "en")
    assert result.exit_code == 0, result.output
    data2 = run_json(invoke, again, tmp_path, "again")
    assert as_tuples(data2["standings"][division]) == got
    assert invoke("export", tmp_path / "again.out.xlsx", "--to", tmp_path / "tsh2").exit_code == 0
    assert (tmp_path / "tsh2" / exported.name).read_text(encoding="utf-8") == exported.read_text(encoding="utf-8")


def test_the_event_folder_brings_its_config_over(invoke, tmp_path):
    workbook = tmp_path / "event.xlsx"
    result = invoke("import-tsh", DATA / "e4c5-tournament1", "-o", workbook, "--lang", "en")
    assert result.exit_code == 0, result.output
    import openpyxl

    wb = openpyxl.load_workbook(workbook)
    event = {r[0]: r[2] for r in wb["Event"].iter_rows(min_row=2, values_only=True) if r[0]}
    rules = {r[0]: r[2] for r in wb["Rules"].iter_rows(min_row=2, values_only=True) if r[0]}
    assert event["name"] == "Wouldnt you like to know"
    assert event["date"] == "2020-02-19"
    assert event["bye_spread"] == 1
    assert rules["spread_cap"] == "200, " + ", ".join(["700"] * 17)
    # show_inactive and gibson are settings of the workbook too
    assert rules["withdrawn"] == "ranked" and rules["gibson"] == 1
    # what is not carried is said, one line each with why
    warned = [line for line in result.output.splitlines() if "config.tsh" in line]
    assert not any("show_inactive" in line or "gibson" in line or "spread_cap" in line for line in warned)
    by_hand = [line for line in warned if "tsh-config-set-by-hand" in line]
    assert any("autopair (18 lines)" in line and "Rounds sheet" in line for line in by_hand)
    assert any("prize (13 lines)" in line and "Prizes sheet" in line for line in by_hand)
    assert any("config prize_bands{'A'}" in line for line in by_hand)
    meaningless = [line for line in warned if "tsh-config-not-carried" in line]
    assert len(meaningless) == 8 and all("no meaning in ttools (" in line for line in meaningless)
    assert any("config no_text_files (line 52)" in line for line in meaningless)
    # and the .t file's fields that TSH computes (ratings, ranks, times) are named too
    assert "excwins, newr, rcrank, rrank, rtime, time: not carried over" in result.output


def test_off_minus_fifty_round_trips(invoke, tmp_path):
    # Keras, Lydia withdrew after round 19 of jvc56-2023-a; TSH gave her four -50 byes (off -50).
    workbook = tmp_path / "event.xlsx"
    assert invoke("import-tsh", DATA / "jvc56-2023-a" / "a.t", "-o", workbook, "--lang", "en").exit_code == 0
    data = run_json(invoke, workbook, tmp_path, "event")
    keras = next(r for r in data["standings"]["A"] if r["name"] == "Keras, Lydia")
    assert keras["withdrawn"] and keras["place"] == "" and data["standings"]["A"][-1] == keras
    assert invoke("export", tmp_path / "event.out.xlsx", "--to", tmp_path / "tsh").exit_code == 0
    line = next(x for x in (tmp_path / "tsh" / "a.t").read_text(encoding="utf-8").splitlines() if x.startswith("Keras"))
    assert "; off -50" in line
    assert " 0 0 0 0;" in line and line.split(";")[1].split()[-4:] == ["-50"] * 4
    assert "; class B" in line and "; board 13 12 13" in line


def test_half_entered_game_is_a_problem_on_the_empty_cell_and_keeps_its_score(invoke, tmp_path):
    # Round 2: Ann's 410 is entered, Bob's score not yet. Round 1 is complete.
    (tmp_path / "a.t").write_text(
        "Ann        1500 2 2; 400 410; p12 1 2; board 3 5\nBob        1400 1 1; 380; p12 2 1; board 3 5; team North\n",
        encoding="utf-8",
    )
    workbook = tmp_path / "ev.xlsx"
    result = invoke("import-tsh", tmp_path / "a.t", "-o", workbook, "--lang", "en")
    assert result.exit_code == 0 and "tsh-half-scored" in result.output
    rows = [r[:6] for r in openpyxl.load_workbook(workbook)["Results"].iter_rows(min_row=2, values_only=True) if r[0]]
    # round 2: Bob started (p12 1), so he is player1, his score empty; Ann's 410 kept; board 5
    assert rows == [(1, 3, "1", 400, "2", 380), (2, 5, "2", None, "1", 410)]
    target = tmp_path / "ev.json"
    result = invoke("run", workbook, "-o", tmp_path / "ev.out.xlsx", "--json", target)
    data = json.loads(target.read_text(encoding="utf-8"))
    assert result.exit_code == 1
    assert [(p["code"], p["cell"]) for p in data["problems"] if p["severity"] == "error"] == [
        ("slip-score-missing", "D3")
    ]
    assert data["after_round"] == {"A": 1}
    # and the export writes what TSH had: Ann's 410, Bob's score still open, board, team, p12
    # (as ttools writes the lines: not the lines kept from the import)
    forget_kept_lines(tmp_path / "ev.out.xlsx")
    invoke("export", tmp_path / "ev.out.xlsx", "--to", tmp_path / "tsh")
    assert (tmp_path / "tsh" / "a.t").read_text(encoding="utf-8").splitlines() == [
        "Ann                     1500 2 2; 400 410; board 3 5; p12 1 2",
        "Bob                     1400 1 1; 380; board 3 5; p12 2 1; team North",
    ]


def test_export_never_replaces_tsh_files_it_did_not_write(invoke, tmp_path):
    folder = tmp_path / "tsh-event"
    folder.mkdir()
    for name in ("a.t", "config.tsh"):
        (folder / name).write_bytes((DATA / "e4c5-tournament1" / name).read_bytes())
    workbook = tmp_path / "event.xlsx"
    assert invoke("import-tsh", folder, "-o", workbook, "--lang", "en").exit_code == 0
    result = invoke("export", workbook, "--to", folder)
    assert result.exit_code == 2 and "ttools did not write" in result.output
    assert (folder / "config.tsh").read_bytes() == (DATA / "e4c5-tournament1" / "config.tsh").read_bytes()
    # its own folder it rewrites, export after export
    assert invoke("export", workbook, "--to", tmp_path / "out").exit_code == 0
    assert invoke("export", workbook, "--to", tmp_path / "out").exit_code == 0


def test_a_folder_without_config_tsh_is_refused_with_a_reason(invoke, tmp_path):
    (tmp_path / "empty").mkdir()
    result = invoke("import-tsh", tmp_path / "empty", "-o", tmp_path / "x.xlsx")
    assert result.exit_code == 1 and "tsh-config-missing" in result.output
    assert not (tmp_path / "x.xlsx").exists()


def test_penalty_class_and_team_come_back_through_the_workbook(invoke, tmp_path):
    """Round 1 Ann 400 v Bob 380 with penalty -10 on Ann (TSH stores 10 points off as -10 and
    ``Synch`` adds it: ``$thisSpread += $penalties->[$j]``); round 2 a 50-point bye each."""
    text = "Ann        1500 2 0; 400 50; class A; penalty -10 0; team East\nBob        1400 1 0; 380 50; class B\n"
    (tmp_path / "a.t").write_text(text, encoding="utf-8")
    workbook = tmp_path / "ev.xlsx"
    assert invoke("import-tsh", tmp_path / "a.t", "-o", workbook, "--lang", "en").exit_code == 0
    data = run_json(invoke, workbook, tmp_path, "ev")
    ann = next(r for r in data["standings"]["A"] if r["name"] == "Ann")
    assert (ann["wins"], ann["spread"], ann["penalty"]) == (2, 20 - 10 + 50, -10)
    forget_kept_lines(tmp_path / "ev.out.xlsx")  # from the workbook's columns, not the kept lines
    assert invoke("export", tmp_path / "ev.out.xlsx", "--to", tmp_path / "tsh").exit_code == 0
    assert (tmp_path / "tsh" / "a.t").read_text(encoding="utf-8").splitlines() == [
        "Ann                     1500 2 0; 400 50; class A; penalty -10 0; team East",
        "Bob                     1400 1 0; 380 50; class B",
    ]
