"""Scrabble under WESPA rules declared: divisions of individual players, pairing plans per round,
its blank workbook, its input sheets, its hooks and its TSH interchange commands."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Sequence

from ttools.competitions.base import Competition
from ttools.i18n import simplified

if TYPE_CHECKING:
    from ttools.competitions.scrabble.load import EventData, Published
    from ttools.competitions.scrabble.compute import Results
    from ttools.workbook.write import WorkbookWriter

NAME = "scrabble"
DEFAULT_LANG = "zh-Hant"

GUIDE_TEXT = {
    "zh-Hant": (
        "Scrabble 賽事工作簿 · 使用說明（WESPA 賽規）",
        [
            (
                "流程",
                [
                    "1. 於「賽事」填寫賽事名稱（抽籤種子可留空，ttools 會由名單導出並寫回）。",
                    "2. 於「參賽者」填寫每位參賽者之編號、姓名、評分、會籍及組別（只與同組對賽）。",
                    "3. 於「回合」列出每回合之編配方式：random（電腦隨機）、ad（澳洲式瑞士制）、koth（King of the Hill）、rr（循環賽）；"
                    "可填依據回合（提前編配）、可重複次數及同會迴避。",
                    "4. 執行 ttools run 本檔案：輸出檔（.out.xlsx）之「成績」表已預填下一回合之對賽（先手在左），並附可列印之「對賽表」。之後在輸出檔上繼續填寫。",
                    "5. 每局完賽後於「成績」填上雙方最終分數（板上分數；過時分鐘數另填，ttools 每分鐘扣 10 分）。缺席者於「缺席」填 1 或 2。",
                    "6. 再執行一次：得排名、計分卡、對賽總表，以及（依據回合之成績齊全時）下一回合之對賽。",
                ],
            ),
            (
                "填寫規則",
                [
                    "只在淺黃色儲存格輸入；其餘由 ttools 產生。",
                    "成績表之「先手」為先下之參賽者；輪空時「後手」留空。",
                    "同一局若有兩張成績表，兩者須一致；參賽者每回合只能出賽一次。",
                    "退賽者於「參賽者」之「退賽」欄填上最後出賽回合；已公布之對賽記作其缺席，不另行編配。",
                    "有問題時 ttools 會列出工作表與儲存格；ttools check 檔案 --annotate 可產生標示問題之副本。原始檔案永不修改。",
                ],
            ),
            (
                "排名",
                [
                    "排名計至最後一個全部完賽之回合；未完回合已輸入之成績（包括輪空）於該回合完成後才計入。",
                    "勝、負及分差相同者同名次（印作 7=），評分及抽籤只定排列次序；退賽者列於最後。",
                    "「成績」之罰分欄如 TSH 加入該參賽者分差（-10 扣 10 分），勝負不變；「規則」之分差上限可限制每局計入之分差。",
                    "先後手不詳之對局於「先下者」欄填 ?，不計入先後手平衡。",
                ],
            ),
            (
                "交換檔案",
                [
                    "ttools export 檔案：TSH 賽事資料夾（config.tsh 及每組一個 .t 檔）及 WESPA .tou 評分檔。",
                    "ttools import-tsh 資料夾 -o 賽事.xlsx：由 TSH 賽事資料夾（或 .t 檔，組別取自檔名）建立新的賽事工作簿；未能帶入之設定逐一列出。",
                ],
            ),
        ],
    ),
    "en": (
        "Scrabble event workbook · Guide (WESPA rules)",
        [
            (
                "The cycle",
                [
                    "1. On Event, type the event name (the seed may stay empty: ttools derives one from the roster and writes it back).",
                    "2. On Players, type each player's id, name, rating, club and division (players meet only their own division).",
                    "3. On Rounds, list how each round is paired: random, ad (Australian Draw), koth (King of the Hill) or rr (round robin); "
                    "optionally the round it is based on (lagged pairing), the repeats allowed and same-club avoidance.",
                    "4. Run `ttools run` on this file: the output (.out.xlsx) has the next round's pairings pre-filled on Results (the starter on the left) "
                    "and a printable Pairings sheet. Carry on in the output.",
                    "5. After each game type both final scores on Results (as on the board; overtime minutes go in their own columns and cost 10 points each). "
                    "An absent player: 1 or 2 in forfeit.",
                    "6. Run again: standings, scorecards, the cross-table and, once the round it is based on is complete, the next round's pairings.",
                ],
            ),
            (
                "Filling in",
                [
                    "Type only in the pale yellow cells; ttools writes the rest.",
                    "player1 is the player who starts; for a bye leave player2 empty.",
                    "Two slips for one game must agree; a player plays once per round.",
                    "A withdrawn player: their last round in withdrawn_after; a published pairing becomes their forfeit, never a re-pair.",
                    "Problems name the sheet and cell; `ttools check FILE --annotate` writes a copy with them highlighted. The input is never modified.",
                ],
            ),
            (
                "Standings",
                [
                    "Standings count up to the last round whose games are all in; results of a round still being played (byes too) count once it is complete.",
                    "Players equal on wins, losses and spread share the printed place (7=); rating and the lot only order them. Withdrawn players are listed last.",
                    "A penalty on Results is added to that player's spread as TSH adds it (-10 takes 10 points off), the result stands; the spread_cap rule caps the spread a game counts.",
                    "A game whose starter is not known: ? in first; it is left out of balancing starts.",
                ],
            ),
            (
                "Interchange",
                [
                    "`ttools export FILE`: a TSH event folder (config.tsh and one .t file per division) and a WESPA .tou ratings file.",
                    "`ttools import-tsh FOLDER -o event.xlsx`: a new event workbook from a TSH event folder (or .t files, the division "
                    "from each file name); what cannot be carried over is listed.",
                ],
            ),
        ],
    ),
}


GUIDE_TEXT["zh-Hans"] = (
    simplified(GUIDE_TEXT["zh-Hant"][0]),
    [(simplified(h), [simplified(line) for line in lines]) for h, lines in GUIDE_TEXT["zh-Hant"][1]],
)


def _new_rows(res: Results) -> tuple[list[dict[str, Any]], list[Published]]:
    """The new round's Results rows (starter as player1; a bye pre-filled with its spread) and
    the same pairings for the published record."""
    from ttools.competitions.scrabble.load import Published

    rows, published = [], []
    for d, div in res.divisions.items():
        nr = div.new_round
        if nr is None:
            continue
        for tb in nr.tables:
            bye = tb.second is None
            rows.append(
                {
                    "round": nr.round,
                    "table": "" if bye else tb.table,
                    "player1": tb.first,
                    "score1": res.data.rules.bye_spread if bye else "",
                    "player2": tb.second or "",
                }
            )
            published.append(Published(nr.round, d, tb.first, tb.second))
    return rows, published


def published_rows(published: Sequence[Published]) -> list[dict[str, Any]]:
    """The hidden record: one row per round and division (long rounds split, to stay well under
    Excel's 32,767 characters a cell)."""

    groups: dict[tuple[int, str], list[list[str | None]]] = {}
    for p in published:
        groups.setdefault((p.round, p.division), []).append([p.player1, p.player2])
    rows = []
    for (rnd, division), pairs in groups.items():
        for i in range(0, len(pairs), 500):
            rows.append(
                {
                    "round": rnd,
                    "division": division,
                    "pairs": json.dumps(pairs[i : i + 500], ensure_ascii=False, separators=(",", ":")),
                }
            )
    return rows


class Scrabble(Competition):
    """Scrabble (WESPA): individual players in divisions, a pairing plan per round."""

    name = NAME
    titles = {"en": "Scrabble (WESPA)", "zh-Hant": "Scrabble（WESPA）"}
    entrant = "players"
    sizes = (2, 5000)
    default_lang = DEFAULT_LANG
    schema = "ttools.competitions.scrabble.schema"
    loader = "ttools.competitions.scrabble.load:load"
    computer = "ttools.competitions.scrabble.compute:compute"
    summarizer = "ttools.competitions.scrabble.report:summary"
    sheets = "ttools.competitions.scrabble.report:SHEETS"
    sheet_context = "ttools.competitions.scrabble.report:Context"
    site = "ttools.competitions.scrabble.site:site"
    commands = {
        "export": "ttools.competitions.scrabble.commands:export",
        "import-tsh": "ttools.competitions.scrabble.commands:import_tsh",
    }

    def blank(self, size: int, lang: str) -> EventData:
        from ttools.competitions.scrabble.load import EventData

        data = EventData(lang=lang)
        data.settings_raw["Event"] = {"competition": NAME, "language": lang}
        data.raw["Players"] = [{"id": i} for i in range(1, size + 1)]
        return data

    def guide(self, lang: str) -> tuple[str, list[tuple[str, list[str]]]]:
        return GUIDE_TEXT[lang]

    def define_lists(self, w: WorkbookWriter, data: EventData, lang: str) -> None:
        from ttools.workbook.normalize import natural_key

        w.define_list("PlayerList", sorted(_ids(data), key=natural_key) or ["1"])

    def meta(self, data: EventData) -> dict[str, Any]:
        return {"players": len(_ids(data))}

    def write_inputs(
        self, w: WorkbookWriter, data: EventData, res: Results | None, lang: str, size: int | None
    ) -> None:
        from ttools.competitions.scrabble import schema as S

        player_rows = data.raw.get("Players") or []
        w.input_sheet(S.PLAYERS, lang, player_rows, min_rows=max(size or len(player_rows), 1))
        w.input_sheet(S.ROUNDS, lang, data.raw.get("Rounds") or [], min_rows=10)
        results = list(data.raw.get("Results") or [])
        if res is not None:
            for i, absent in res.forfeited_rows.items():
                results[i] = {**results[i], "forfeit": absent}
            results += _new_rows(res)[0]
        w.input_sheet(S.RESULTS, lang, results, min_rows=10)
        w.input_sheet(S.PRIZES, lang, data.raw.get("Prizes") or [], min_rows=5)

    def release_inputs(self, data: EventData) -> None:
        # the Results rows weigh most (one a slip); of them the reports and the site read only
        # the table typed (report.slip_tables). The Players rows typed go too, but in a
        # template, whose roster they name
        from ttools.competitions.scrabble.report import typed_tables

        data.typed_tables = list(typed_tables(data))
        data.raw.pop("Results", None)
        if data.players:  # the roster's ids are the players loaded (_ids), not the rows typed
            data.raw.pop("Players", None)

    def write_hidden(self, w: WorkbookWriter, data: EventData, res: Results | None) -> None:
        from ttools.competitions.common import write_record_sheet
        from ttools.competitions.scrabble import schema as S

        published = list(data.published)
        if res is not None:
            published += _new_rows(res)[1]
        write_record_sheet(w, S.PUBLISHED, published_rows(published) if published else [])


def _ids(data: EventData) -> list[str]:
    from ttools.competitions.common import roster_ids

    return roster_ids(data.players, data.raw.get("Players") or [])


def write_input_workbook(
    path: str,
    players: int | Sequence[dict[str, Any]],
    sheets: dict[str, list[dict[str, Any]]],
    event: dict[str, Any] | None = None,
    rules: dict[str, Any] | None = None,
    lang: str = DEFAULT_LANG,
) -> None:
    """Write an event workbook holding the given input rows (canonical sheet and column keys),
    as staff would have filled it in: used by the sample generator and tests. ``players`` is
    the Players rows, or a count for a roster of ids 1..N; ``sheets`` holds Rounds, Results and
    optionally _published rows."""
    from ttools.competitions.scrabble.load import EventData, Published

    lang = Scrabble().lang(lang)
    data = EventData(lang=lang)
    data.settings_raw["Event"] = {"competition": NAME, "language": lang, **(event or {})}
    data.settings_raw["Rules"] = dict(rules or {})
    rows = [{"id": i} for i in range(1, players + 1)] if isinstance(players, int) else [dict(r) for r in players]
    data.raw = {k: [dict(r) for r in v] for k, v in sheets.items() if k != "_published"}
    data.raw["Players"] = rows
    data.published = [
        Published(int(r["round"]), str(r["division"]), str(r["player1"]), str(r.get("player2") or "") or None)
        for r in sheets.get("_published", [])
    ]
    Scrabble().write(path, data, None, [], lang, source_hash="", template=True)
