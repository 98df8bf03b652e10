"""Write the Shuangsheng sample workbook kept in this folder (run: python samples/make_shuangsheng_sample.py).

A 24-pair Swiss event in Simplified Chinese saved after round 5 of 7. Every pairing is the one
ttools made from the workbook of the round before (round 1 by seeded draw, same club apart);
every result is simulated from a seeded draw (ttools.core.draw.Draw), so running this again
rewrites the same file. Table 1 of every round and table 3 of round 5 keep a deal-by-deal
scoresheet (Deals) whose final levels ttools writes into Results; pair 14 arrived late in round
3 (a forfeit); pair 17 is suspended for round 4; pair 1 of table 1 is fined 20 points on deal 2
of round 2.
`ttools run` on the sample writes the standings and round 6's pairings.

    python samples/make_shuangsheng_sample.py              # rewrite samples/shuangsheng-24.xlsx
    python samples/make_shuangsheng_sample.py --out DIR    # write it elsewhere
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from typing import Any

from ttools.competitions.shuangsheng.competition import write_input_workbook
from ttools.competitions.shuangsheng.rules import DealRow, Rules, play_deals
from ttools.core.draw import Draw
from ttools.core.upgrade import LEVELS
from ttools.pipeline import process_file

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = "shuangsheng-24.xlsx"
SEED = "BHG-2011-1015"
EVENT = {"name": "2011 BHG Mall 双升王牌赛 · 通州武夷分赛区", "seed": SEED, "pairing": "swiss", "rounds": 7}
ROUNDS_PLAYED = 5
CLUBS = ["通州", "海淀", "朝阳", "西城", "东城", "丰台"]
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
GIVEN = [
    "建国",
    "秀英",
    "国强",
    "丽华",
    "志明",
    "淑珍",
    "海涛",
    "玉兰",
    "卫东",
    "桂英",
    "立新",
    "红梅",
    "永刚",
    "春燕",
    "德胜",
    "晓峰",
]
DISCIPLINE = [{"pair": 17, "kind": "suspend", "from_round": 4, "rounds": 1, "reason": "不服从裁判"}]


def roster() -> list[dict[str, Any]]:
    rows = []
    for i in range(1, 25):
        a = SURNAMES[(7 * i) % len(SURNAMES)] + GIVEN[i % len(GIVEN)]
        b = SURNAMES[(7 * i + 3) % len(SURNAMES)] + GIVEN[(i * 5 + 3) % len(GIVEN)]
        rows.append(
            {
                "id": i,
                "name": f"{CLUBS[i % len(CLUBS)]}{'甲乙丙丁'[i % 4]}队",
                "player1": a,
                "player2": b,
                "club": CLUBS[i % len(CLUBS)],
            }
        )
    return rows


def simulate_deals(
    rnd: int, table: int, draw: Draw, fined: dict[int, dict[str, int]] | None = None
) -> list[dict[str, Any]]:
    """An hour of deals at one table: points captured drawn from a spread that favours the
    declarers, a kitty dug now and then, penalties as ``fined`` (deal -> {column: points})
    says; stops when a side passes A or after 12 deals."""
    rows: list[dict[str, Any]] = []
    shapes = ["single", "single", "single", "single", "pair", "pair", "tractor2", "throw"]
    rules = Rules()
    for n in range(1, 13):
        row: dict[str, Any] = {
            "round": rnd,
            "table": table,
            "deal": n,
            "captured": 5 * (draw.below(13) + draw.below(13)),
        }
        if n == 1:
            row["declarer"] = 1 + draw.below(2)
        if draw.below(4) == 0:
            row.update(kitty=5 * (1 + draw.below(4)), last_lead=shapes[draw.below(len(shapes))])
        if draw.below(15) == 0:
            row["penalty" + str(1 + draw.below(2))] = 10
        row.update((fined or {}).get(n, {}))
        rows.append(row)
        log, _ = play_deals([DealRow(**{k: v for k, v in r.items()}) for r in rows], rules)
        if log is not None and log.first_past_a:
            break
    return rows


def simulate_levels(draw: Draw, strength1: int, strength2: int) -> dict[str, Any]:
    """Final levels of a match timed out (or won past A), the stronger pair a little likelier to be ahead."""
    l1 = min(2 + draw.below(12) + (strength1 > strength2), 13)
    l2 = min(2 + draw.below(12) + (strength2 > strength1), 13)
    if draw.below(8) == 0:  # someone got past A
        side = 1 if strength1 + draw.below(10) >= strength2 + draw.below(10) else 2
        return {
            "level1": "A+" if side == 1 else LEVELS[l1 - 2],
            "level2": "A+" if side == 2 else LEVELS[l2 - 2],
            "first_past_a": side,
        }
    return {"level1": LEVELS[l1 - 2], "level2": LEVELS[l2 - 2]}


def build(out_dir: str) -> str:
    pairs = roster()
    strength = {str(p["id"]): Draw(SEED, f"sample/strength/{p['id']}").below(10) for p in pairs}
    results: list[dict[str, Any]] = []
    deals: list[dict[str, Any]] = []
    published: list[dict[str, Any]] = []  # what ttools wrote to the hidden _published sheet
    with tempfile.TemporaryDirectory() as tmp:
        for rnd in range(1, ROUNDS_PLAYED + 1):
            path = os.path.join(tmp, f"r{rnd}.xlsx")
            write_input_workbook(
                path,
                pairs,
                {"Results": results, "Deals": deals, "Discipline": DISCIPLINE, "_published": published},
                event=EVENT,
            )
            outcome = process_file(path)
            if not outcome.ok:
                raise SystemExit("\n".join(p.line() for p in outcome.problems))
            new = [p for p in outcome.summary["pairings"] if p["round"] == rnd]
            published += new
            draw = Draw(SEED, f"sample/round{rnd}")
            for p in new:
                row: dict[str, Any] = {
                    "round": rnd,
                    "table": p["table"] or "",
                    "pair1": p["pair1"],
                    "pair2": p["pair2"] or "",
                }
                if p["pair2"] is None:
                    results.append(row)
                    continue
                if p["table"] == 1 or (rnd == 5 and p["table"] == 3):
                    fined = {2: {"penalty1": 20}} if rnd == 2 else None  # round 2: pair 1 of table 1 fined 20 on deal 2
                    deals += simulate_deals(rnd, p["table"], Draw(SEED, f"sample/deals/{rnd}/{p['table']}"), fined)
                elif rnd == 3 and "14" in (p["pair1"], p["pair2"]):
                    row["forfeit"] = 1 if p["pair1"] == "14" else 2  # arrived more than 10 minutes late
                else:
                    row.update(simulate_levels(draw, strength[p["pair1"]], strength[p["pair2"]]))
                results.append(row)
    target = os.path.join(out_dir, FILE)
    write_input_workbook(
        target,
        pairs,
        {"Results": results, "Deals": deals, "Discipline": DISCIPLINE, "_published": published},
        event=EVENT,
    )
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=HERE, help="folder to write into (default: this folder)")
    args = parser.parse_args(argv)
    print("wrote", build(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
