"""Shuangsheng (雙升) pairs declared: a Swiss (or round robin) of pairs, its blank workbook, its
input sheets and its hooks."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Sequence

from ttools.competitions.base import Competition
from ttools.i18n import simplified

if TYPE_CHECKING:
    from ttools.competitions.shuangsheng.load import EventData
    from ttools.competitions.shuangsheng.compute import Results
    from ttools.workbook.write import WorkbookWriter

NAME = "shuangsheng"
DEFAULT_LANG = "zh-Hans"

GUIDE_TEXT = {
    "zh-Hant": (
        "雙升對子賽工作簿 · 使用說明",
        [
            (
                "流程",
                [
                    "1. 在「賽事」填寫賽事名稱、編排方式（swiss 積分編排 / rr 單循環）及輪數（抽籤種子可留空，ttools 會由名單導出並寫回）。",
                    "2. 在「參賽對」填寫每對的編號、隊名、兩位選手及單位（同單位儘量不相遇）。填了隊名或選手的行才算報名。",
                    "3. 執行 ttools run 本文件：輸出文件（.out.xlsx）的「成績」表已預填第 1 輪對陣（第一輪抽籤），另有可打印的「對陣表」（含桌號）。之後在輸出文件上繼續填寫。",
                    "4. 每場結束後在「成績」填雙方終局級數（2–10、J、Q、K、A，過A 填 A+）及先過A的一方；判棄權（含遲到 10 分鐘以上）在「棄權」填 1 或 2。",
                    "5. 某桌如有逐副記分，填在「逐副記分」（輪次、桌號、副次、第 1 副莊家、防家得分、底牌分、摳底牌型、罰分、判負）：ttools 算出每副後雙方級數，並填入該桌成績。",
                    "6. 一輪成績齊全後再執行一次：得排名、成績總表、成績卡，以及下一輪對陣（按積分編排，不重複對手）。",
                ],
            ),
            (
                "規則（可在「規則」修改）",
                [
                    "勝 2 分、平 1 分、負 0 分；先過A者勝，否則級數高者勝，級數相同為平。",
                    "名次：積分、對手分（所遇對手積分之和）、級差分、小分，仍相同則抽籤（由裁判長確認）。",
                    "輪空：最低名次且未輪空過的一對，計勝 2 分、級數 3:2。棄權：過錯方 0 分、對手 2 分，級數 2:3。",
                    "摳底：單張×2、對×4、k 連對×2^(k+1)、甩牌×3；80 分換莊，每 40 分一級。",
                    "「處罰」：停賽 N 輪（不編排、不計分）或取消比賽資格（之後不再編排，之前成績有效），原因印在排名表上。",
                    "對手分：輪空不計對手分（沒有對手）；棄權場次雙方仍互為對手；停賽輪不計任何分。級差分與小分按輪空 3:2、棄權 2:3 計算。"
                    "取消資格者列於排名表末，不排名次。循環賽中對手停賽或被取消資格的一方作輪空計。",
                ],
            ),
            (
                "填寫規則",
                [
                    "只在淺黃色單元格輸入；其餘由 ttools 生成。",
                    "每對每輪只能出賽一場；成績表前後矛盾（如填了先過A卻不是 A+）會標出該單元格。",
                    "有問題時 ttools 會列出工作表與單元格；ttools check 文件 --annotate 可生成標示問題的副本。原始文件永不修改。",
                ],
            ),
        ],
    ),
    "en": (
        "Shuangsheng pairs event workbook · Guide",
        [
            (
                "The cycle",
                [
                    "1. On Event, type the event name, the pairing (swiss = by match points, rr = round robin) and the number of rounds "
                    "(the seed may stay empty: ttools derives one from the roster and writes it back).",
                    "2. On Pairs, type each pair's id, name, both players and club (pairs of one club are kept apart where possible). "
                    "A row counts once it has a name or a player.",
                    "3. Run `ttools run` on this file: the output (.out.xlsx) has round 1's pairings (a seeded draw) pre-filled on Results "
                    "and a printable Pairings sheet with table numbers. Carry on in the output.",
                    "4. After each match type both final levels on Results (2–10, J, Q, K, A, or A+ for past A) and who passed A first; "
                    "a forfeit (also arriving over 10 minutes late): 1 or 2 in forfeit.",
                    "5. A table's deal-by-deal scoresheet goes on Deals (round, table, deal, deal 1's declarer, captured, kitty, last lead, penalties, loss): "
                    "ttools works out both levels after every deal and fills that table's result.",
                    "6. Once a round is complete, run again: standings, cross-table, record cards and the next round (Swiss by match points, no repeats).",
                ],
            ),
            (
                "Rules (change them on Rules)",
                [
                    "Win 2, draw 1, loss 0; the first past A wins, else the higher level; equal levels draw.",
                    "Ranking: match points, opponent score (the opponents' points), level difference, small points, then a seeded lot "
                    "for the chief referee to confirm.",
                    "Bye: the lowest-ranked pair without one, a win (2 points, levels 3:2). Forfeit: offender 0, opponent 2, levels 2:3.",
                    "Kitty: single ×2, pair ×4, k-pair tractor ×2^(k+1), throw ×3; 80 points take the deal, 40 points a level.",
                    "Discipline: suspension for N rounds (not paired, scores nothing) or disqualification (not paired from that round; "
                    "results played stand); the reason is printed on the standings.",
                    "Opponent score: a bye adds nothing (no opponent); a forfeited match still counts both pairs as opponents; a "
                    "suspended round counts nothing. Level difference and small points count a bye as 3:2 and a forfeit as 2:3. "
                    "A disqualified pair is listed below the ranking, unranked. In a round robin, a pair whose opponent is "
                    "suspended or disqualified has a bye.",
                ],
            ),
            (
                "Filling in",
                [
                    "Type only in the pale yellow cells; ttools writes the rest.",
                    "A pair plays once a round; a slip that contradicts itself (first past A but not A+) is marked on its cell.",
                    "Problems name the sheet and cell; `ttools check FILE --annotate` writes a copy with them highlighted. The input is never modified.",
                ],
            ),
        ],
    ),
}


class Shuangsheng(Competition):
    """Shuangsheng (雙升) pairs: a Swiss by points (or a round robin), levels played per match."""

    name = NAME
    titles = {"en": "Shuangsheng (pairs)", "zh-Hant": "雙升（雙人）"}
    entrant = "pairs"
    sizes = (2, 2000)
    languages = ("zh-Hans", "zh-Hant", "en")
    default_lang = DEFAULT_LANG
    schema = "ttools.competitions.shuangsheng.schema"
    loader = "ttools.competitions.shuangsheng.load:load"
    computer = "ttools.competitions.shuangsheng.compute:compute"
    summarizer = "ttools.competitions.shuangsheng.report:summary"
    sheets = "ttools.competitions.shuangsheng.report:SHEETS"
    sheet_context = "ttools.competitions.shuangsheng.report:Context"
    site = "ttools.competitions.shuangsheng.site:site"

    def blank(self, size: int, lang: str) -> EventData:
        from ttools.competitions.shuangsheng.load import EventData

        data = EventData(lang=lang)
        data.settings_raw["Event"] = {"competition": NAME, "language": lang}
        data.raw["Pairs"] = [{"id": i} for i in range(1, size + 1)]
        return data

    def guide(self, lang: str) -> tuple[str, list[tuple[str, list[str]]]]:
        if lang == "en":
            return GUIDE_TEXT["en"]
        title, sections = GUIDE_TEXT["zh-Hant"]  # written once in Traditional; the workbook is Simplified
        return simplified(title), [(simplified(h), [simplified(line) for line in lines]) for h, lines in sections]

    def define_lists(self, w: WorkbookWriter, data: EventData, lang: str) -> None:
        from ttools.core.upgrade import LEVELS
        from ttools.workbook.normalize import natural_key

        w.define_list("PairList", sorted(_ids(data), key=natural_key) or ["1"])
        w.define_list("LevelList", list(LEVELS))

    def meta(self, data: EventData) -> dict[str, Any]:
        return {"pairs": len(_ids(data))}

    def write_inputs(
        self, w: WorkbookWriter, data: EventData, res: Results | None, lang: str, size: int | None
    ) -> None:
        from ttools.competitions.shuangsheng import schema as S

        pair_rows = data.raw.get("Pairs") or []
        w.input_sheet(S.PAIRS, lang, pair_rows, min_rows=max(size or len(pair_rows), 1))
        w.input_sheet(S.RESULTS, lang, _results_rows(data, res), min_rows=10)
        w.input_sheet(S.DEALS, lang, data.raw.get("Deals") or [], min_rows=20)
        w.input_sheet(S.DISCIPLINE, lang, data.raw.get("Discipline") or [], min_rows=5)

    def write_hidden(self, w: WorkbookWriter, data: EventData, res: Results | None) -> None:
        from ttools.competitions.common import write_record_sheet
        from ttools.competitions.shuangsheng import schema as S

        published = dict(data.published)
        if res is not None and res.new_round is not None:
            published[res.new_round.round] = [(tb.table, tb.pair1, tb.pair2) for tb in res.new_round.tables]
        write_record_sheet(w, S.PUBLISHED, published_rows(published) if published else [])


def _ids(data: EventData) -> list[str]:
    from ttools.competitions.common import roster_ids

    return roster_ids(data.pairs, data.raw.get("Pairs") or [])


def _results_rows(data: EventData, res: Results | None) -> list[dict[str, Any]]:
    rows = [dict(r) for r in data.raw.get("Results") or []]
    if res is None:
        return rows
    for i, values in res.filled.items():
        rows[i].update(values)
    if res.new_round is not None:
        for tb in res.new_round.tables:
            rows.append(
                {"round": res.new_round.round, "table": tb.table or "", "pair1": tb.pair1, "pair2": tb.pair2 or ""}
            )
    return rows


def published_rows(published: dict[int, list[tuple[int | None, str, str | None]]]) -> list[dict[str, Any]]:
    """The hidden record: one row per round (long rounds split, to stay well under Excel's
    32,767 characters a cell)."""
    rows = []
    for rnd, tables in sorted(published.items()):
        for i in range(0, len(tables), 500):
            rows.append(
                {
                    "round": rnd,
                    "pairs": json.dumps(
                        [list(t) for t in tables[i : i + 500]], ensure_ascii=False, separators=(",", ":")
                    ),
                }
            )
    return rows


def write_input_workbook(
    path: str,
    pairs: int | Sequence[dict[str, Any]],
    sheets: dict[str, list[dict[str, Any]]],
    event: dict[str, Any] | None = None,
    rules: dict[str, Any] | None = None,
    lang: str = DEFAULT_LANG,
) -> None:
    """Write an event workbook holding the given input rows (canonical sheet and column keys),
    as staff would have filled it in: used by the sample generator and tests. ``pairs`` is the
    Pairs rows, or a count for pairs 1..N named "Pair 1" …; ``sheets`` holds Results, Deals,
    Discipline and optionally _published rows (round, table, pair1, pair2)."""
    from ttools.competitions.shuangsheng.load import EventData

    lang = Shuangsheng().lang(lang)
    data = EventData(lang=lang)
    data.settings_raw["Event"] = {"competition": NAME, "language": lang, **(event or {})}
    data.settings_raw["Rules"] = dict(rules or {})
    rows = (
        [{"id": i, "name": f"Pair {i}"} for i in range(1, pairs + 1)]
        if isinstance(pairs, int)
        else [dict(r) for r in pairs]
    )
    data.raw = {k: [dict(r) for r in v] for k, v in sheets.items() if k != "_published"}
    data.raw["Pairs"] = rows
    for r in sheets.get("_published", []):
        data.published.setdefault(int(r["round"]), []).append(
            (r.get("table") or None, str(r["pair1"]), str(r.get("pair2") or "") or None)
        )
    Shuangsheng().write(path, data, None, [], lang, source_hash="", template=True)
