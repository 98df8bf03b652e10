"""The Nations Cup declared: a team poker event (Day 1 heads-up, Day 2 NLH and bounty, finals),
its blank workbook, its input sheets and its hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ttools.competitions.base import Competition
from ttools.i18n import simplified

if TYPE_CHECKING:  # the report sheets, the writer and the site's pages load only when used: check needs none
    from ttools.competitions.nations_cup.load import EventData
    from ttools.competitions.nations_cup.compute import Results
    from ttools.workbook.write import WorkbookWriter

NAME = "nations-cup"
DEFAULT_LANG = "zh-Hant"

GUIDE_TEXT = {
    "zh-Hant": (
        "亞洲國家盃 賽務工作簿 · 使用說明",
        [
            (
                "流程",
                [
                    "1. 於「賽事」填寫賽事名稱與隊數（抽籤種子可留空，ttools 會由名單導出並寫回）。",
                    "2. 於「選手」填入各隊 1–6 號選手姓名（7 號起為候補）。",
                    "3. 執行 ttools run 本檔案：輸出檔（.out.xlsx）含第一天配對（附件七）與各表。之後在輸出檔上繼續填寫。",
                    "4. 第一天：於「第一天」之「勝方」欄填入勝方選手代號。",
                    "5. 第二天：於「分項名單」填入每隊 NLH 3 名、獵人賽 3 名；再執行一次即得分桌抽籤與座位表。",
                    "6. NLH 名次填於「NLH名次」；獵人賽每位淘汰選手於「獵人賽淘汰紀錄」填一列（手牌、淘汰選手、主池贏家、選填開局籌碼）。",
                    "7. 三項完成後，輸出檔含資格賽總成績、附件五、附件六與現場速算表。",
                    "8. 比賽進行中，於「座位」表之「已淘汰」欄標示已淘汰選手（填 1 或 x），選手換桌後更新桌號與座位；再執行一次，「併桌建議」列出須拆之桌與移動（列出數名者任移一人，如輪到大盲者），「目前座位」與「桌卡」列出每位選手現在的座位。",
                    "9. 「賞金籌碼清點」填入現場清點之賞金籌碼；與淘汰紀錄不符者提出警告（成績以紀錄為準）。",
                    "10. 決賽：於「決賽名單」填入晉級四隊各 6 名決賽選手；每輪開賽前於「決賽分項名單」填入各隊單挑 3 名、單桌 3 名，執行後得該輪抽籤；於「決賽單挑」填勝方、「決賽單桌」填名次 1–4。",
                ],
            ),
            (
                "填寫規則",
                [
                    "只在淺黃色儲存格輸入；其餘由 ttools 產生。",
                    "選手代號＝隊伍字母＋編號（如 A1），大小寫、全形皆可。",
                    "同一手牌同籌碼同時淘汰者共享名次：兩人皆寫 7=。",
                    "公式儲存格須有計算結果；沒有結果者視為問題，不會當作 0。",
                    "有問題時 ttools 會列出工作表與儲存格；ttools check 檔案 --annotate 可產生標示問題之副本。原始檔案永不修改。",
                ],
            ),
            (
                "規則設定",
                [
                    "「規則」與「名次積分」列出所有預設值（原附件三、四遺失之積分表以預設值補上），可依主辦單位公告修改。",
                    "第二天桌數（tables_day2）預設 auto：開坐得下之最少桌數（每桌至多「每桌座位數」），至少 3 桌，使同隊 3 人分坐 3 桌（28–36 人即規程之 4 桌）；開賽後有人出局前不拆桌。",
                    "「盲注級別」列出三階段之盲注結構（原附件一、二遺失，以預設值補上）：每列一級（小盲、大盲、前注、分鐘）或一次休息（級別填 break）；輸出檔之附件一、附件二印出之，發布之網站 clock.html 為投影用賽事時鐘。",
                ],
            ),
        ],
    ),
    "en": (
        "Asian Nations Cup event workbook · Guide",
        [
            (
                "The cycle",
                [
                    "1. On Event, type the event name and the number of teams (the seed may stay empty: ttools derives one from the roster and writes it back).",
                    "2. On Players, type the names of players 1–6 of each team (7+ are reserves).",
                    "3. Run `ttools run` on this file: the output (.out.xlsx) holds the Day 1 pairings (Appendix 7) and every sheet. Carry on in the output.",
                    "4. Day 1: type each match's winner code in the winner column of Day1.",
                    "5. Day 2: on Lineups, 3 NLH and 3 bounty players per team; run again for the seat draw.",
                    "6. NLH places on NLH; one BountyLog row per player knocked out (hand, out, pot winner, optional stack).",
                    "7. With all three events in, the output holds the qualification standings, Appendices 5 and 6 and the quick reckoner.",
                    "8. During Day 2, mark players out on Seating (out: 1 or x) and update table and seat after a move; run again and TableMoves says which tables break and who moves (where a move lists several players, move any one, e.g. the one due the big blind); CurrentSeating and TableCards give where every player sits now.",
                    "9. BountyCounts: the bounty chips the floor counted; a count that disagrees with the log is a warning (the log is the record).",
                    "10. Finals: FinalsRoster takes the 6 finals players of each of the four qualifiers; before each round, FinalsLineups takes each team's 3 HU and 3 SNG players, and a run draws the round; type the winners on FinalsHU and the places 1–4 on FinalsSNG.",
                ],
            ),
            (
                "Filling in",
                [
                    "Type only in the pale yellow cells; ttools writes the rest.",
                    "Player code = team letter + number (A1); any case, full-width accepted.",
                    "Players out in one hand with equal stacks share a place: write 7= for both.",
                    "Formula cells need a calculated value; one without is a problem, never read as 0.",
                    "Problems name the sheet and cell; `ttools check FILE --annotate` writes a copy with them highlighted. The input is never modified.",
                ],
            ),
            (
                "Rules",
                [
                    "Rules and Points list every default (the lost Appendices 3 and 4 are filled with defaults); change them as the organiser announces.",
                    "tables_day2 is auto by default: the fewest tables of at most table_seats, and at least 3 so that a team's 3 players sit at 3 tables (the rulebook's 4 for 28–36 players); no table breaks before the first player of an event is out.",
                    "Levels holds the three stages' blind structures (defaults fill the lost Appendices 1 and 2): a row per level (small, big, ante, minutes) or break (level: break); the output prints them as Appendices 1 and 2, and the published site's clock.html is the tournament clock for the projector.",
                ],
            ),
        ],
    ),
}


def _guide(lang: str) -> tuple[str, list[tuple[str, list[str]]]]:
    """The Guide in the event's language (Simplified: the Traditional text converted)."""
    if lang != "zh-Hans":
        return GUIDE_TEXT[lang if lang in GUIDE_TEXT else "en"]
    title, sections = GUIDE_TEXT["zh-Hant"]
    return simplified(title), [(simplified(h), [simplified(x) for x in lines]) for h, lines in sections]


def _points_rows() -> list[dict[str, Any]]:
    from ttools.competitions.nations_cup.model import DEFAULT_SCALES

    rows = []
    for scale, table in DEFAULT_SCALES.items():
        for place, pts in sorted(table.items()):
            rows.append({"scale": scale, "place": place, "points": int(pts) if pts.denominator == 1 else float(pts)})
    return rows


def _player_rows(n: int) -> list[dict[str, Any]]:
    from ttools.competitions.nations_cup.model import team_letters

    return [{"team": t, "number": i} for t in team_letters(n) for i in range(1, 7)]


def _player_codes(teams: list[str], extra: list[str] = ()) -> list[str]:
    codes = [f"{t}{i}" for t in teams for i in range(1, 7)]
    return codes + [c for c in extra if c not in codes]


class NationsCup(Competition):
    """The Asian Nations Cup (team poker): teams A, B, … of six players."""

    name = NAME
    titles = {"en": "Asian Nations Cup (team poker)", "zh-Hant": "亞洲國家盃（團體撲克）"}
    entrant = "teams"
    sizes = (4, 26)
    size_reason = "fewer than 4 teams cannot give each Day 1 table three different visiting teams"
    default_lang = DEFAULT_LANG
    schema = "ttools.competitions.nations_cup.schema"
    loader = "ttools.competitions.nations_cup.load:load"
    computer = "ttools.competitions.nations_cup.compute:compute"
    summarizer = "ttools.competitions.nations_cup.summary:summary"
    sheets = "ttools.competitions.nations_cup.report:SHEETS"
    sheet_context = "ttools.competitions.nations_cup.report:Context"
    site = "ttools.competitions.nations_cup.site:site"
    reckoner = "ttools.competitions.nations_cup.competition:reckoner_text"

    def blank(self, size: int, lang: str) -> EventData:
        from ttools.competitions.nations_cup.load import EventData
        from ttools.competitions.nations_cup.model import team_letters

        data = EventData(teams_n=size, teams=team_letters(size), lang=lang)
        data.settings_raw["Event"] = {
            "competition": NAME,
            "name": "",
            "teams": size,
            "seed": "",
            "language": lang,
            "advance": 4,
        }
        return data

    def guide(self, lang: str) -> tuple[str, list[tuple[str, list[str]]]]:
        return _guide(lang)

    def define_lists(self, w: WorkbookWriter, data: EventData, lang: str) -> None:
        w.define_list("TeamList", data.teams or ["A"])
        w.define_list("PlayerList", _player_codes(data.teams, sorted(data.players)) or ["A1"])

    def event_fill(self, data: EventData) -> dict[str, Any] | None:
        return {"teams": data.teams_n} if data.teams_n else None

    def meta(self, data: EventData) -> dict[str, Any]:
        return {"teams": data.teams_n or 0}

    def status(self, res: Results, lang: str) -> list[str]:
        return [w.message(lang) for w in res.waiting]

    def write_inputs(
        self, w: WorkbookWriter, data: EventData, res: Results | None, lang: str, size: int | None
    ) -> None:
        from ttools.competitions.nations_cup import levels as LV
        from ttools.competitions.nations_cup import schema as S

        n = data.teams_n or 0
        w.input_sheet(S.POINTS, lang, data.raw.get("Points") or _points_rows(), min_rows=len(_points_rows()))
        w.input_sheet(S.LEVELS, lang, data.raw.get("Levels") or LV.default_rows(), min_rows=len(LV.default_rows()))
        w.input_sheet(S.PLAYERS, lang, data.raw.get("Players") or _player_rows(n), min_rows=max(6 * n, 1))
        _write_day1(w, data, res, lang, n)
        _write_day2(w, data, res, lang, n)
        _write_finals(w, data, res, lang)


def _write_day1(w: WorkbookWriter, data: EventData, res: Results | None, lang: str, n: int) -> None:
    from ttools.competitions.nations_cup import schema as S

    day1_rows = data.raw.get("Day1") or []
    if not day1_rows and res is not None and res.day1:
        day1_rows = [
            {"round": m.round, "table": m.table, "home": m.home, "away": m.away, "winner": ""} for m in res.day1
        ]
    w.input_sheet(S.DAY1, lang, day1_rows, min_rows=6 * n, locked=("round", "table", "home", "away"))
    w.input_sheet(
        S.LINEUPS,
        lang,
        data.raw.get("Lineups")
        or [{"team": t, "event": e} for t in data.teams for e in ("nlh",) * 3 + ("bounty",) * 3],
        min_rows=6 * n,
    )


def _write_day2(w: WorkbookWriter, data: EventData, res: Results | None, lang: str, n: int) -> None:
    """Seating (the draw, then the floor's moves), NLH places, the bounty log and counts."""
    from ttools.competitions.nations_cup import schema as S

    seating = data.raw.get("Seating") or []
    if not seating and res is not None and res.draws:
        seating = [
            {"event": e, "table": s.table, "seat": s.seat, "player": s.player, "out": ""}
            for e in ("nlh", "bounty")
            for s in res.draws.get(e, [])
        ]
    field = 3 * n or None  # players in each Day 2 event: the largest place there is
    tables = res.tables_day2 if res is not None else None
    w.input_sheet(
        S.SEATING, lang, seating, min_rows=6 * n, bounds={"table": (1, tables), "seat": (1, data.rules.table_seats)}
    )
    nlh_rows = data.raw.get("NLH") or []
    if not nlh_rows and res is not None and res.nlh_field:
        nlh_rows = [{"player": p, "place": ""} for p in res.nlh_field]
    w.input_sheet(S.NLH, lang, nlh_rows, min_rows=3 * n, bounds={"place": (1, field)} if field else None)
    w.input_sheet(S.BOUNTY_LOG, lang, data.raw.get("BountyLog") or [], min_rows=max(3 * n - 1, 1))
    counts = data.raw.get("BountyCounts") or []
    if not counts and res is not None and res.bounty_field:
        counts = [{"player": p, "chips": ""} for p in res.bounty_field]
    w.input_sheet(S.BOUNTY_COUNTS, lang, counts, min_rows=3 * n)


def _write_finals(w: WorkbookWriter, data: EventData, res: Results | None, lang: str) -> None:
    """The finals roster and line-ups, and each drawn round's HU and SNG rows waiting for results."""
    from ttools.competitions.nations_cup import schema as S

    roster = data.raw.get("FinalsRoster") or []
    if not roster and res is not None and res.finalists:
        roster = [{"team": tm, "player": ""} for tm in res.finalists for _ in range(6)]
    w.input_sheet(S.FINALS_ROSTER, lang, roster, min_rows=24)
    # who still owes an HU or an SNG is on FinalsDraw: status lines above an input table would push its header down
    w.input_sheet(S.FINALS_LINEUPS, lang, data.raw.get("FinalsLineups") or [], min_rows=24)
    hu_rows = list(data.raw.get("FinalsHU") or [])
    sng_rows = list(data.raw.get("FinalsSNG") or [])
    if res is not None:
        have_hu = {r.round for r in data.finals_hu}
        have_sng = {r.round for r in data.finals_sng}
        for rnd, d in sorted(res.finals_draws.items()):
            if rnd not in have_hu:
                hu_rows += [
                    {"round": m.round, "table": m.table, "a": m.a, "b": m.b, "winner": ""}
                    for m in sorted(d.hu, key=lambda m: (m.table, m.a))
                ]
            if rnd not in have_sng:
                sng_rows += [
                    {"round": x.round, "table": x.table, "seat": x.seat, "player": x.player, "place": ""}
                    for x in sorted(d.sng, key=lambda x: (x.table, x.seat))
                ]
    w.input_sheet(S.FINALS_HU, lang, hu_rows, min_rows=6, locked=("round", "table", "a", "b"))
    w.input_sheet(S.FINALS_SNG, lang, sng_rows, min_rows=12, locked=("round", "table", "seat", "player"))


def reckoner_text(teams: int, lang: str = "en") -> str:
    """The quick reckoner (現場速算表) for ``teams`` teams under the default rules, as text."""
    from ttools.competitions.nations_cup.model import DEFAULT_SCALES, Rules

    from ttools.competitions.nations_cup import reckoner as R

    return R.render_text(R.reckoner(teams, Rules(), DEFAULT_SCALES), lang)


def write_input_workbook(
    path: str,
    teams: int,
    sheets: dict[str, list[dict[str, Any]]],
    event: dict[str, Any] | None = None,
    rules: dict[str, Any] | None = None,
    lang: str = DEFAULT_LANG,
) -> None:
    """Write an event workbook holding the given input rows (canonical sheet keys and column
    keys), as staff would have filled it in: used by the sample generator and tests."""
    from ttools.competitions.nations_cup.load import EventData
    from ttools.competitions.nations_cup.model import team_letters

    lang = NationsCup().lang(lang)
    data = EventData(teams_n=teams, teams=team_letters(teams), lang=lang)
    data.settings_raw["Event"] = {"competition": NAME, "teams": teams, "language": lang, "advance": 4, **(event or {})}
    data.settings_raw["Rules"] = dict(rules or {})
    data.raw = {k: [dict(r) for r in v] for k, v in sheets.items()}
    NationsCup().write(path, data, None, [], lang, source_hash="", template=True)
