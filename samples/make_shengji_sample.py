"""Write the Shengji sample workbook kept in this folder (run: python samples/make_shengji_sample.py).

A 30-player individual duplicate event in Simplified Chinese, 6 boards a round, saved after
round 3: 30 is not a multiple of 4, so two players sit out every round (the lowest ranked of
those who sat out least). Every seating is the one ttools drew from the workbook of the round
before; every board row is simulated from a seeded draw (ttools.core.draw.Draw), so running
this again rewrites the same file. A few rows are set by hand so the sample shows each kind of
entry: a board not played at one table (X, round 2: the other tables are Neuberg-adjusted), a
board score typed from the event software (score_ns), times as m:ss text and as seconds, and
last leads of every shape. `ttools run` on the sample ranks the players and seats round 4.

    python samples/make_shengji_sample.py              # rewrite samples/shengji-30.xlsx
    python samples/make_shengji_sample.py --out DIR    # write it elsewhere
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from typing import Any

from ttools.competitions.shengji.competition import write_input_workbook
from ttools.core.draw import Draw
from ttools.pipeline import process_file

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = "shengji-30.xlsx"
SEED = "CSJ-2026"
EVENT = {"name": "2026 竞技升级复式个人赛", "seed": SEED, "boards_per_round": 6, "rounds": 5}
PLAYED = 3

NAMES = (
    "王伟",
    "李娜",
    "张敏",
    "刘洋",
    "陈静",
    "杨帆",
    "赵磊",
    "黄丽",
    "周杰",
    "吴霞",
    "徐强",
    "孙悦",
    "胡斌",
    "朱琳",
    "高翔",
    "林峰",
    "何芳",
    "郭涛",
    "马超",
    "罗佳",
    "梁晨",
    "宋歌",
    "郑浩",
    "谢婷",
    "韩冰",
    "唐宁",
    "冯雪",
    "于洋",
    "董洁",
    "萧然",
)

SHAPES = ("single", "single", "pair", "pair", "tractor2", "throw", "throw-pair", "tractor3", "throw-tractor2")
NOT_PLAYED = (2, 4, 6)  # round 2, table 4 did not play board 6 (time ran out)
TYPED = (3, 2, 1)  # round 3, table 2, board 1: the NS score typed from the event software


def players() -> list[dict[str, Any]]:
    return [{"id": i, "name": name} for i, name in enumerate(NAMES, start=1)]


def simulate(seed: str, rnd: int, table: int, board: int) -> dict[str, Any]:
    """One table's result of a board: the board's own tendency (every table holds the same
    cards) plus the table's play; times per seat, some typed as m:ss."""
    tendency = Draw(seed, f"sim/r{rnd}/b{board}")
    base = 5 * tendency.below(33)  # 0–160: how good the cards are for the defenders
    declarer = ("NS", "EW")[tendency.below(2)]
    play = Draw(seed, f"sim/r{rnd}/t{table}/b{board}")
    captured = max(0, min(200, base + 5 * (play.below(13) - 6)))
    kitty = min(5 * play.below(9), 200 - captured)
    row: dict[str, Any] = {"declarer": declarer, "captured": captured}
    if play.below(4) == 0:  # the defenders won the last trick
        row["kitty"] = kitty
        row["last_lead"] = SHAPES[play.below(len(SHAPES))]
    for seat in "nesw":
        seconds = 90 + play.below(420)
        row[f"time_{seat}"] = f"{seconds // 60}:{seconds % 60:02d}" if play.below(2) else seconds
    return row


def build(out_dir: str) -> str:
    """Play rounds 1–3 through ttools itself and write the workbook as saved after round 3."""
    seating: list[dict[str, Any]] = []
    boards: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "event.xlsx")
        for rnd in range(1, PLAYED + 1):
            write_input_workbook(work, players(), {"Seating": seating, "Boards": boards}, event=EVENT)
            outcome = process_file(work)
            if not outcome.ok:
                raise SystemExit("\n".join(p.line() for p in outcome.problems))
            drawn = [s for s in outcome.summary["seating"] if s["round"] == rnd]
            seating += [
                {"round": s["round"], "table": s["table"] or "", "seat": s["seat"] or "", "player": s["player"]}
                for s in drawn
            ]
            tables = sorted({s["table"] for s in drawn if s["table"]})
            for table in tables:
                for board in range(1, EVENT["boards_per_round"] + 1):
                    row = {"round": rnd, "table": table, "board": board}
                    if (rnd, table, board) == NOT_PLAYED:
                        row["declarer"] = "X"
                    else:
                        row.update(simulate(SEED, rnd, table, board))
                    boards.append(row)
    for row in boards:
        if (row["round"], row["table"], row["board"]) == TYPED:
            row["score_ns"] = _score_ns(row)
            for key in ("declarer", "captured", "kitty", "last_lead"):
                row.pop(key, None)
    target = os.path.join(out_dir, FILE)
    write_input_workbook(target, players(), {"Seating": seating, "Boards": boards}, event=EVENT)
    return target


def _score_ns(row: dict[str, Any]) -> int:
    """The NS board score the event software would have printed for ``row``."""
    from ttools.competitions.shengji.scoring import BoardRules, score_board
    from ttools.core.upgrade import parse_last_lead

    lead = parse_last_lead(row["last_lead"]) if row.get("last_lead") else None
    return score_board(row["declarer"], row["captured"], row.get("kitty", 0), lead, BoardRules()).score_ns


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=HERE, help="folder to write into (default: this folder)")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    print(f"wrote {build(args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
