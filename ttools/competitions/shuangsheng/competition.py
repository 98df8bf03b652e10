"""Shuangsheng (双升) pairs declared: a Swiss (or round robin) of pairs, its blank workbook, its
input sheets and its hooks."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Sequence

from ttools.competitions.base import Competition
from ttools.competitions.common import roster_ids
from ttools.competitions.shuangsheng import schema as S
from ttools.competitions.shuangsheng.load import EventData
from ttools.core.upgrade import LEVELS
from ttools.workbook.normalize import natural_key

if TYPE_CHECKING:
    from ttools.competitions.shuangsheng.compute import Results
    from ttools.workbook.write import WorkbookWriter

NAME = "shuangsheng"
DEFAULT_LANG = "zh-Hans"

GUIDE_TEXT = {
    "zh-Hans": ("双升对子赛工作簿 · 使用说明", [
        ("流程", ["1. 在「赛事」填写赛事名称、编排方式（swiss 积分编排 / rr 单循环）及轮数（抽签种子可留空，ttools 会由名单导出并写回）。",
                  "2. 在「参赛对」填写每对的编号、队名、两位选手及单位（同单位尽量不相遇）。填了队名或选手的行才算报名。",
                  "3. 执行 ttools run 本文件：输出文件（.out.xlsx）的「成绩」表已预填第 1 轮对阵（第一轮抽签），另有可打印的「对阵表」（含桌号）。之后在输出文件上继续填写。",
                  "4. 每场结束后在「成绩」填双方终局级数（2–10、J、Q、K、A，过A 填 A+）及先过A的一方；判弃权（含迟到 10 分钟以上）在「弃权」填 1 或 2。",
                  "5. 某桌如有逐副记分，填在「逐副记分」（轮次、桌号、副次、第 1 副庄家、防家得分、底牌分、抠底牌型、罚分、判负）：ttools 算出每副后双方级数，并填入该桌成绩。",
                  "6. 一轮成绩齐全后再执行一次：得排名、成绩总表、成绩卡，以及下一轮对阵（按积分编排，不重复对手）。"]),
        ("规则（可在「规则」修改）", ["胜 2 分、平 1 分、负 0 分；先过A者胜，否则级数高者胜，级数相同为平。",
                                    "名次：积分、对手分（所遇对手积分之和）、级差分、小分，仍相同则抽签（由裁判长确认）。",
                                    "轮空：最低名次且未轮空过的一对，计胜 2 分、级数 3:2。弃权：过错方 0 分、对手 2 分，级数 2:3。",
                                    "抠底：单张×2、对×4、k 连对×2^(k+1)、甩牌×3；80 分换庄，每 40 分一级。",
                                    "「处罚」：停赛 N 轮（不编排、不计分）或取消比赛资格（之后不再编排，之前成绩有效），原因印在排名表上。",
                                    "对手分：轮空不计对手分（没有对手）；弃权场次双方仍互为对手；停赛轮不计任何分。级差分与小分按轮空 3:2、弃权 2:3 计算。"
                                    "取消资格者列于排名表末，不排名次。循环赛中对手停赛或被取消资格的一方作轮空计。"]),
        ("填写规则", ["只在浅黄色单元格输入；其余由 ttools 生成。", "每对每轮只能出赛一场；成绩表前后矛盾（如填了先过A却不是 A+）会标出该单元格。",
                      "有问题时 ttools 会列出工作表与单元格；ttools check 文件 --annotate 可生成标示问题的副本。原始文件永不修改。"]),
    ]),
    "en": ("Shuangsheng pairs event workbook · Guide", [
        ("The cycle", ["1. On Event, type the event name, the pairing (swiss = by match points, rr = round robin) and the number of rounds "
                       "(the seed may stay empty: ttools derives one from the roster and writes it back).",
                       "2. On Pairs, type each pair's id, name, both players and club (pairs of one club are kept apart where possible). "
                       "A row counts once it has a name or a player.",
                       "3. Run `ttools run` on this file: the output (.out.xlsx) has round 1's pairings (a seeded draw) pre-filled on Results "
                       "and a printable Pairings sheet with table numbers. Carry on in the output.",
                       "4. After each match type both final levels on Results (2–10, J, Q, K, A, or A+ for past A) and who passed A first; "
                       "a forfeit (also arriving over 10 minutes late): 1 or 2 in forfeit.",
                       "5. A table's deal-by-deal scoresheet goes on Deals (round, table, deal, deal 1's declarer, captured, kitty, last lead, penalties, loss): "
                       "ttools works out both levels after every deal and fills that table's result.",
                       "6. Once a round is complete, run again: standings, cross-table, record cards and the next round (Swiss by match points, no repeats)."]),
        ("Rules (change them on Rules)", ["Win 2, draw 1, loss 0; the first past A wins, else the higher level; equal levels draw.",
                                          "Ranking: match points, opponent score (the opponents' points), level difference, small points, then a seeded lot "
                                          "for the chief referee to confirm.",
                                          "Bye: the lowest-ranked pair without one, a win (2 points, levels 3:2). Forfeit: offender 0, opponent 2, levels 2:3.",
                                          "Kitty: single ×2, pair ×4, k-pair tractor ×2^(k+1), throw ×3; 80 points take the deal, 40 points a level.",
                                          "Discipline: suspension for N rounds (not paired, scores nothing) or disqualification (not paired from that round; "
                                          "results played stand); the reason is printed on the standings.",
                                          "Opponent score: a bye adds nothing (no opponent); a forfeited match still counts both pairs as opponents; a "
                                          "suspended round counts nothing. Level difference and small points count a bye as 3:2 and a forfeit as 2:3. "
                                          "A disqualified pair is listed below the ranking, unranked. In a round robin, a pair whose opponent is "
                                          "suspended or disqualified has a bye."]),
        ("Filling in", ["Type only in the pale yellow cells; ttools writes the rest.",
                        "A pair plays once a round; a slip that contradicts itself (first past A but not A+) is marked on its cell.",
                        "Problems name the sheet and cell; `ttools check FILE --annotate` writes a copy with them highlighted. The input is never modified."]),
    ]),
}


class Shuangsheng(Competition):
    """Shuangsheng (双升) pairs: a Swiss by points (or a round robin), levels played per match."""

    name = NAME
    titles = {"en": "Shuangsheng (pairs)", "zh-Hant": "雙升（雙人）"}
    entrant = "pairs"
    sizes = (2, 2000)
    languages = ("zh-Hans", "en")
    default_lang = DEFAULT_LANG
    schema = "ttools.competitions.shuangsheng.schema"
    loader = "ttools.competitions.shuangsheng.load:load"
    computer = "ttools.competitions.shuangsheng.compute:compute"
    summarizer = "ttools.competitions.shuangsheng.report:summary"
    sheets = "ttools.competitions.shuangsheng.report:SHEETS"
    sheet_context = "ttools.competitions.shuangsheng.report:Context"
    site = "ttools.competitions.shuangsheng.site:site"

    def blank(self, size: int, lang: str) -> EventData:
        data = EventData(lang=lang)
        data.settings_raw["Event"] = {"competition": NAME, "language": lang}
        data.raw["Pairs"] = [{"id": i} for i in range(1, size + 1)]
        return data

    def guide(self, lang: str) -> tuple[str, list[tuple[str, list[str]]]]:
        return GUIDE_TEXT[lang]

    def define_lists(self, w: WorkbookWriter, data: EventData, lang: str) -> None:
        w.define_list("PairList", sorted(_ids(data), key=natural_key) or ["1"])
        w.define_list("LevelList", list(LEVELS))

    def meta(self, data: EventData) -> dict[str, Any]:
        return {"pairs": len(_ids(data))}

    def write_inputs(self, w: WorkbookWriter, data: EventData, res: Results | None, lang: str, size: int | None) -> None:
        pair_rows = data.raw.get("Pairs") or []
        w.input_sheet(S.PAIRS, lang, pair_rows, min_rows=max(size or len(pair_rows), 1))
        w.input_sheet(S.RESULTS, lang, _results_rows(data, res), min_rows=10)
        w.input_sheet(S.DEALS, lang, data.raw.get("Deals") or [], min_rows=20)
        w.input_sheet(S.DISCIPLINE, lang, data.raw.get("Discipline") or [], min_rows=5)

    def write_hidden(self, w: WorkbookWriter, data: EventData, res: Results | None) -> None:
        published = dict(data.published)
        if res is not None and res.new_round is not None:
            published[res.new_round.round] = [(tb.table, tb.pair1, tb.pair2) for tb in res.new_round.tables]
        if published:
            w.input_sheet(S.PUBLISHED, "en", published_rows(published), min_rows=1, hidden=True,
                          locked=tuple(c.key for c in S.PUBLISHED.columns))


def _ids(data: EventData) -> list[str]:
    return roster_ids(data.pairs, data.raw.get("Pairs") or [])


def _results_rows(data: EventData, res: Results | None) -> list[dict[str, Any]]:
    rows = [dict(r) for r in data.raw.get("Results") or []]
    if res is None:
        return rows
    for i, values in res.filled.items():
        rows[i].update(values)
    if res.new_round is not None:
        for tb in res.new_round.tables:
            rows.append({"round": res.new_round.round, "table": tb.table or "", "pair1": tb.pair1, "pair2": tb.pair2 or ""})
    return rows


def published_rows(published: dict[int, list[tuple[int | None, str, str | None]]]) -> list[dict[str, Any]]:
    """The hidden record: one row per round (long rounds split, to stay well under Excel's
    32,767 characters a cell)."""
    rows = []
    for rnd, tables in sorted(published.items()):
        for i in range(0, len(tables), 500):
            rows.append({"round": rnd, "pairs": json.dumps([list(t) for t in tables[i:i + 500]], ensure_ascii=False,
                                                           separators=(",", ":"))})
    return rows


def write_input_workbook(path: str, pairs: int | Sequence[dict[str, Any]], sheets: dict[str, list[dict[str, Any]]],
                         event: dict[str, Any] | None = None, rules: dict[str, Any] | None = None,
                         lang: str = DEFAULT_LANG) -> None:
    """Write an event workbook holding the given input rows (canonical sheet and column keys),
    as staff would have filled it in: used by the sample generator and tests. ``pairs`` is the
    Pairs rows, or a count for pairs 1..N named "Pair 1" …; ``sheets`` holds Results, Deals,
    Discipline and optionally _published rows (round, table, pair1, pair2)."""
    lang = Shuangsheng().lang(lang)
    data = EventData(lang=lang)
    data.settings_raw["Event"] = {"competition": NAME, "language": lang, **(event or {})}
    data.settings_raw["Rules"] = dict(rules or {})
    rows = ([{"id": i, "name": f"Pair {i}"} for i in range(1, pairs + 1)] if isinstance(pairs, int) else [dict(r) for r in pairs])
    data.raw = {k: [dict(r) for r in v] for k, v in sheets.items() if k != "_published"}
    data.raw["Pairs"] = rows
    for r in sheets.get("_published", []):
        data.published.setdefault(int(r["round"]), []).append(
            (r.get("table") or None, str(r["pair1"]), str(r.get("pair2") or "") or None))
    Shuangsheng().write(path, data, None, [], lang, source_hash="", template=True)
