"""The WESPA .tou ratings file: read back by a reader that cuts lines by the 20/9-column layout
(as ratings programs do), it gives every result; a golden file for a 2-division event."""

from __future__ import annotations

import shutil
from pathlib import Path

from ttools.competitions.scrabble.results import Player
from ttools.competitions.scrabble.tsh import tou_name
from tests.scrabble.test_tsh_real_data import DATA, read_t
from tests.scrabble.test_workbook import event, run  # noqa: F401  (fixtures)

GOLDEN = DATA / "golden" / "two-divisions.tou"
NAME_COLUMNS, BLOCK = 20, 9


def read_tou(raw: bytes) -> dict[str, list[tuple[str, list[tuple[int, int, int, bool]]]]]:
    """Division -> players in file order: (name, [(result digit, score, opponent, started)]).
    Written from the layout alone: *M header, *division, the high-word line, then per player
    the name in 20 columns and 9 columns a round (10 when a division has more than 99)."""
    text = raw.decode("ascii")
    lines = text.split("\r\n")
    assert lines[-1] == "" and lines[-2] == "*** END OF FILE ***"
    out: dict[str, list] = {}
    rows: dict[str, list[str]] = {}
    division = None
    for line in lines[:-2]:
        if line.startswith("*M"):
            continue
        if line.startswith("*"):
            division = line[1:]
            rows[division] = []
        elif line.strip() == "0":
            continue
        else:
            rows[division].append(line)  # type: ignore[index]
    for division, players in rows.items():
        width = BLOCK + (len(players) > 99)
        out[division] = []
        for line in players:
            games = []
            for i in range(NAME_COLUMNS, len(line), width):
                block = line[i : i + width]
                assert block[0] == " " and block[5] == " ", block
                opponent = block[6:].strip()
                games.append((int(block[1]), int(block[2:5]), int(opponent.lstrip("+")), opponent.startswith("+")))
            out[division].append((line[:NAME_COLUMNS].rstrip(), games))
    return out


def two_division_event(tmp_path: Path) -> Path:
    """The two 2023 divisions as one TSH event folder (the config names them and the date)."""
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(DATA / "jvc56-2023-b" / "a.t", folder / "a.t")
    shutil.copy(DATA / "jvc56-2023-a" / "a.t", folder / "b.t")
    (folder / "config.tsh").write_text(
        'division a a.t\ndivision b b.t\nconfig event_name = "Two divisions"\n'
        'config event_date = "February 17, 2023"\n',
        encoding="utf-8",
    )
    return folder


def test_tou_gives_back_every_result_and_matches_the_golden_file(invoke, tmp_path):
    workbook = tmp_path / "event.xlsx"
    assert invoke("import-tsh", two_division_event(tmp_path), "-o", workbook, "--lang", "en").exit_code == 0
    assert invoke("run", workbook, "-o", tmp_path / "event.out.xlsx").exit_code == 0
    assert invoke("export", tmp_path / "event.out.xlsx", "--to", tmp_path / "out").exit_code == 0
    raw = (tmp_path / "out" / "Two_divisions.tou").read_bytes()
    tou = read_tou(raw)
    assert list(tou) == ["A", "B"]
    for division, folder in (("A", "jvc56-2023-b"), ("B", "jvc56-2023-a")):
        players = read_t(DATA / folder / "a.t")
        assert [name for name, _ in tou[division]] == [p["name"][:NAME_COLUMNS] for p in players]
        for i, (p, (_, games)) in enumerate(zip(players, tou[division]), start=1):
            assert len(games) == len(p["opps"])
            for r, (digit, score, opponent, started) in enumerate(games):
                opp, own = p["opps"][r], p["scores"][r]
                if opp == 0:  # byes and forfeits name the player as their own opponent
                    assert opponent == i and not started
                    assert (digit, score) == ((0, 50) if own > 0 else (0, 100) if own < 0 else (0, 0))
                    continue
                theirs = players[opp - 1]["scores"][r]
                assert (opponent, score) == (opp, own)
                assert digit == (2 if own > theirs else 1 if own == theirs else 0)
                p12 = p["etc"].get("p12", [])
                assert started == (r < len(p12) and p12[r] == "1")
    assert raw == GOLDEN.read_bytes(), "the .tou layout changed; check it, then copy the new file over the golden one"


def test_tou_name_is_ascii_or_name_latin():
    assert tou_name(Player("1", "José Núñez")) == "Jose Nunez"  # accents folded
    assert tou_name(Player("2", "陳大文", name_latin="Chan Tai Man")) == "Chan Tai Man"
    assert tou_name(Player("3", "陳大文")) is None  # some readers would misalign it


def test_players_with_names_some_readers_misalign_are_named(invoke, tmp_path, event, run):
    from tests.scrabble.test_workbook import roster

    players = roster(4)
    players[0]["name"], players[1]["name"], players[1]["name_latin"] = "陳大文", "李小龍", "Lee Siu Lung"
    rows = [
        {"round": 1, "player1": "1", "score1": 400, "player2": "2", "score2": 350},
        {"round": 1, "player1": "3", "score1": 420, "player2": "4", "score2": 370},
    ]
    path = event(players, [], rows, event={"date": "2025-07-19"})
    result = invoke("export", path, "--to", tmp_path / "out")
    assert result.exit_code == 0
    warned = [line for line in result.output.splitlines() if "tou-name-not-ascii" in line]
    assert len(warned) == 1 and "1 陳大文" in warned[0] and "李小龍" not in warned[0]
    tou = next((tmp_path / "out").glob("*.tou")).read_bytes().decode("utf-8").split("\r\n")
    # player 2 lost 350-400 to player 1, who started; written under the Latin name
    assert tou[4] == "Lee Siu Lung         0350   1"
    assert tou[3] == "陳大文".ljust(20) + " 2400  +2"  # written as typed, and named in the warning
