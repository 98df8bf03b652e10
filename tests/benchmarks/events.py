"""Input workbooks of the benchmark cases, generated with the samples' and the bench scripts'
own simulations (deterministic: the same seed writes the same workbook)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def _module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sample(name: str, out: str) -> str:
    shutil.copyfile(SAMPLES / name, out)
    return out


def nations_cup(n: int, out: str, seed: str = "bench") -> str:
    """A complete ``n``-team Nations Cup: Day 1, both Day 2 events, and the finals of the four
    qualifiers played to the end (the 12-team sample's simulation on ``n`` teams)."""
    ms = _module(SAMPLES / "make_samples.py", "make_samples")
    from ttools.competitions.nations_cup.competition import write_input_workbook
    from ttools.competitions.nations_cup.model import team_letters
    from ttools.core.draw import Draw

    teams = team_letters(n)
    strength = {t: 6 + Draw(seed, "bench/strength").below(12) + i % 3 for i, t in enumerate(teams)}
    roster = {t: (f"Country {t}", [f"Player {t}{k}" for k in range(1, 7)]) for t in teams}
    for variant in range(100):  # the first simulation whose qualification needs no tie-break
        draw = lambda stage: Draw(seed, f"bench/{variant}/{stage}")  # noqa: E731
        lu = ms.lineups(teams, draw("lineups"))
        order = ms.finishing_order(ms.field_of(lu, "nlh"), strength, draw("nlh"))
        bounty_field = ms.field_of(lu, "bounty")
        d = draw("bounty")
        hands = ms.bounty_hands(bounty_field, strength, d, double_at=len(bounty_field) // 3)
        chips = ms.floor_chips(bounty_field, hands)
        sheets: dict[str, list[dict[str, Any]]] = {
            "Players": ms.roster_rows(roster),
            "Day1": ms.day1_rows(teams, seed, strength, draw("day1")),
            "Lineups": ms.lineup_rows(lu),
            "NLH": [{"player": p, "place": place} for place, p in enumerate(order, start=1)],
            "BountyLog": ms.bounty_log_rows(hands, d),
            "BountyCounts": [{"player": p, "chips": chips[p]} for p in sorted(bounty_field, key=ms._code)],
        }
        try:
            finalists = ms.qualifiers(sheets, n)
        except AssertionError:
            continue
        break
    sheets.update(ms.sample_finals(seed, finalists, strength, 3, 0))
    write_input_workbook(out, n, sheets, event={"name": f"Bench {n} teams", "seed": seed}, lang="en")
    return out


def scrabble(players: int, rounds: int, out: str) -> str:
    """One division of ``players`` after ``rounds`` Australian Draws (bench_scrabble_run)."""
    from ttools.competitions.scrabble.competition import write_input_workbook

    from .bench_scrabble_run import swiss_event

    people, rounds_rows, results = swiss_event(players, rounds, seed=31)
    write_input_workbook(
        out,
        people,
        {"Rounds": rounds_rows, "Results": results},
        event={"seed": "bench", "name": f"Bench {players}"},
        lang="en",
    )
    return out


def shengji(out: str, players: int = 400) -> str:
    """``players`` players after 5 rounds of 6 boards (30 boards each), round 6 to seat and deal
    (bench_shengji)."""
    from ttools.competitions.shengji.competition import write_input_workbook

    from . import bench_shengji as B

    people, seating, boards = B.event(players)
    settings = {"seed": B.SEED, "name": f"Bench {players}", "boards_per_round": B.BOARDS, "rounds": B.ROUNDS + 1}
    write_input_workbook(out, people, {"Seating": seating, "Boards": boards}, event=settings, lang="en")
    return out


def shuangsheng(pairs: int, rounds: int, out: str) -> str:
    """``pairs`` pairs before the last of ``rounds`` Swiss rounds (bench_shuangsheng)."""
    from ttools.competitions.shuangsheng.competition import write_input_workbook

    from . import bench_shuangsheng as B

    people, results, deals, discipline = B.event(pairs, rounds - 1)
    write_input_workbook(
        out,
        people,
        {"Results": results, "Deals": deals, "Discipline": discipline},
        event={"seed": B.SEED, "name": "Bench Pairs", "rounds": rounds},
    )
    return out
