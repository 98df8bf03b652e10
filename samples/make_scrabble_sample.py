"""Write the Scrabble sample workbook kept in this folder (run: python samples/make_scrabble_sample.py).

A three-division event in Traditional Chinese saved after round 5: division A (12 players),
B (10) and C (7, so someone has a bye every round). Round 1 is a random draw with same-club
players kept apart, rounds 2–5 Australian Draws, round 6 King of the Hill. Every pairing is
the one ttools made from the workbook of the round before; every score is simulated from a
seeded draw (ttools.core.draw.Draw), so running this again rewrites the same file. A few
slips are set by hand so the sample shows each kind of result: a tie (round 2), a forfeit
(round 3), an overtime penalty (round 4), and the byes of division C. `ttools run` on the
sample pairs round 6.

    python samples/make_scrabble_sample.py              # rewrite samples/scrabble-3div.xlsx
    python samples/make_scrabble_sample.py --out DIR    # write it elsewhere
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from typing import Any

from ttools.competitions.scrabble.competition import write_input_workbook
from ttools.core.draw import Draw
from ttools.pipeline import process_file

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = "scrabble-3div.xlsx"
SEED = "HKSA-2025"
EVENT = {"name": "2025 香港 Scrabble 公開賽", "seed": SEED, "date": "2025-07-19"}

# division -> [(name, rating, club)]; ids are the division letter and a number (A1, A2, …)
ROSTER = {
    "A": [
        ("Chan Hok Hei", 1820, "香港拼字會"),
        ("Wong Siu Ki", 1794, "九龍字會"),
        ("Wong Wai Ho", 1760, "香港拼字會"),
        ("Cheung Siu Kwan", 1733, "新界字友"),
        ("Lee Kwan Yee", 1702, "九龍字會"),
        ("Ho Ka Wai", 1688, "港島字社"),
        ("Lam Tsz Yan", 1650, "新界字友"),
        ("Ng Chun Hin", 1611, "港島字社"),
        ("Tang Wing Sze", 1590, "香港拼字會"),
        ("Yip Man Lok", 1566, "九龍字會"),
        ("Leung Hoi Ching", 1540, "澳門字會"),
        ("Kwok Pak Yin", 1502, "新界字友"),
    ],
    "B": [
        ("Mak Ho Yin", 1420, "港島字社"),
        ("Chow Wing Yan", 1398, "香港拼字會"),
        ("So Ka Lok", 1371, "九龍字會"),
        ("Fung Hiu Tung", 1355, "新界字友"),
        ("Tsang Chi Hang", 1330, "港島字社"),
        ("Lau Sze Wing", 1302, "澳門字會"),
        ("Kwan Tsz Ho", 1288, "九龍字會"),
        ("Yeung Hoi Lam", 1250, "香港拼字會"),
        ("Choi Man Kit", 1231, "新界字友"),
        ("Poon Ka Yee", 1205, "港島字社"),
    ],
    "C": [
        ("陳家樂", 1102, "九龍字會"),
        ("李詠詩", 1060, "香港拼字會"),
        ("黃俊熙", 1024, "新界字友"),
        ("張曉彤", 985, "港島字社"),
        ("劉子謙", 950, "澳門字會"),
        ("吳凱琳", 921, "九龍字會"),
        ("鄭浩賢", 0, ""),
    ],
}

ROUNDS = (
    [{"round": 1, "method": "random", "avoid_club": 1}]
    + [{"round": r, "method": "ad"} for r in range(2, 6)]
    + [{"round": 6, "method": "koth"}]
)
PLAYED = 5

# Slips set by hand: (round, division, table index within the division) -> what to write
TIE = (2, "A", 3)
FORFEIT = (3, "B", 1)  # the second player (who replies) is absent
OVERTIME = (4, "A", 0)  # the starter is 2½ minutes over: 30 points off


def players() -> list[dict[str, Any]]:
    rows = []
    for division, entries in ROSTER.items():
        for i, (name, rating, club) in enumerate(entries, start=1):
            rows.append(
                {"id": f"{division}{i}", "name": name, "rating": rating or "", "club": club, "division": division}
            )
    return rows


def _ratings() -> dict[str, int]:
    return {f"{d}{i}": r or 900 for d, entries in ROSTER.items() for i, (_, r, _) in enumerate(entries, start=1)}


def _scores(rnd: int, division: str, index: int, first: str, second: str, rating: dict[str, int]) -> dict[str, Any]:
    """A simulated slip: scores drawn around the players' ratings, then the hand-set cases."""
    draw = Draw(SEED, f"sample/r{rnd}/{division}/{index}")
    base = 330 + (rating[first] - rating[second]) // 12
    s1 = base + draw.below(160) - 40
    s2 = 370 + draw.below(160) - 80
    if s1 == s2:
        s1 += 1
    slip: dict[str, Any] = {"score1": s1, "score2": s2}
    if (rnd, division, index) == TIE:
        slip["score2"] = s1
    if (rnd, division, index) == FORFEIT:
        slip = {"score1": "", "score2": "", "forfeit": 2}
    if (rnd, division, index) == OVERTIME:
        slip["overtime1"] = 2.5
    return slip


def build(out_dir: str) -> str:
    """Play rounds 1–5 through ttools itself and write the workbook as saved after round 5."""
    rating = _ratings()
    results: list[dict[str, Any]] = []
    published: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "event.xlsx")
        for rnd in range(1, PLAYED + 1):
            write_input_workbook(
                work,
                players(),
                {"Rounds": ROUNDS, "Results": results, "_published": published},
                event=EVENT,
                lang="zh-Hant",
            )
            outcome = process_file(work)
            if not outcome.ok:
                raise SystemExit("\n".join(p.line() for p in outcome.problems))
            for division, tables in outcome.summary["pairings"].items():
                for index, t in enumerate(tables):
                    assert t["round"] == rnd, t
                    published.append(
                        {
                            "round": rnd,
                            "division": division,
                            "table": t["table"] or "",
                            "player1": t["first"],
                            "player2": t["second"] or "",
                        }
                    )
                    if t["second"] is None:
                        results.append({"round": rnd, "player1": t["first"], "score1": 50})
                        continue
                    row = {"round": rnd, "table": t["table"], "player1": t["first"], "player2": t["second"]}
                    row.update(_scores(rnd, division, index, t["first"], t["second"], rating))
                    results.append(row)
    target = os.path.join(out_dir, FILE)
    write_input_workbook(
        target, players(), {"Rounds": ROUNDS, "Results": results, "_published": published}, event=EVENT, lang="zh-Hant"
    )
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=HERE, help="folder to write into (default: this folder)")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    print(f"wrote {build(args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
