"""Apply the Nations Cup rules to the loaded records: every stage the data allows, in order.

Each stage runs only when its input is complete and free of errors; otherwise it is left out
(its problems say why), so nothing downstream is computed from a guess.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ttools.competitions.nations_cup import balance as BL
from ttools.competitions.nations_cup import bounty as B
from ttools.competitions.nations_cup import finals as F
from ttools.competitions.nations_cup import day1 as D1
from ttools.competitions.nations_cup import day2 as D2
from ttools.competitions.nations_cup import nlh as N
from ttools.competitions.nations_cup.load import EventData
from ttools.competitions.nations_cup.model import Match, Seat, team_of
from ttools.competitions.nations_cup.qualification import Qualification, qualification
from ttools.competitions.nations_cup import schema as S
from ttools.i18n import pick
from ttools.problems import ERROR, Problem, Where, define, has_errors, warning
from ttools.workbook.read import col_letter

DAY1_CHECK = define(
    "day1-table-check",
    "the Day 1 table on this sheet breaks a pairing rule: {detail}",
    "本表之第一天配對違反配對規則：{detail}",
)
DAY1_CHANGED = define(
    "day1-differs-from-draw",
    "the Day 1 table differs from the one seed {seed} gives; the table on the sheet is used",
    "第一天配對與種子 {seed} 所產生者不同；以表上配對為準",
)
FINALS_EARLY = define(
    "finals-before-qualification",
    "finals sheets are filled in, but the qualification is not complete yet; the finals are processed once it is",
    "決賽工作表已有資料，但資格賽尚未完成；資格賽完成後才處理決賽",
)
DAY1_UNKNOWN = define("day1-unknown-player", "player {player} is not registered", "選手 {player} 未登錄")
HELD_BACK = define(
    "held-back",
    "{what} wait for the {count} error(s) on {sheet} (the first is here); every other check was made.",
    "{what}須待{sheet}之 {count} 個錯誤更正（第一個在此）後才處理；其餘檢查均已完成。",
)
# Lines of the status area: what the workbook is waiting for (partial entry is normal, not a problem).
WAITING_NOTHING = define(
    "waiting-nothing",
    "Nothing to process yet: type the players' names on {sheet}, then run again.",
    "尚無可處理之資料：請於「{sheet}」填入選手姓名後再執行。",
)
WAITING_DAY1 = define(
    "waiting-day1",
    "Day 1 round {round}: waiting for {count} of {total} results ({sheet}).",
    "第一天第 {round} 輪：尚待 {total} 場中 {count} 場之結果（{sheet}）。",
)
WAITING_LINEUPS = define(
    "waiting-lineups",
    "Day 2: waiting for the line-ups of every team ({sheet}).",
    "第二天：尚待各隊分項名單（{sheet}）。",
)
WAITING_EVENT = define(
    "waiting-event",
    "{event}: {count} of {total} players still in ({sheet}).",
    "{event}：{total} 名選手中尚有 {count} 名在場（{sheet}）。",
)
WAITING_UNRECORDED = define(
    "waiting-out-not-entered",
    "{event}: {players} marked out on {seating} but not yet entered on {sheet}.",
    "{event}：{players} 已於「{seating}」標示淘汰，但尚未登錄於「{sheet}」。",
)
WAITING_TEAM = define(
    "waiting-team-lineups",
    "Team {team}: waiting for its Day 2 line-ups ({sheet}).",
    "{team} 隊：尚待其第二天分項名單（{sheet}）。",
)

_WAITS = {
    "day1": {"en": "The HU scores and the qualification standings", "zh-Hant": "單挑賽原始分與資格賽總成績"},
    "lineups": {
        "en": "The seat draws, the NLH and bounty scores and the qualification standings",
        "zh-Hant": "分桌抽籤、NLH 與獵人賽成績及資格賽總成績",
    },
    "nlh": {"en": "The NLH scores and the qualification standings", "zh-Hant": "NLH 成績與資格賽總成績"},
    "finals": {"en": "The finals draws and results of the rounds concerned", "zh-Hant": "相關輪次之決賽抽籤與成績"},
    "bounty": {
        "en": "The bounty scores, the check of the floor's chip counts and the qualification standings",
        "zh-Hant": "獵人賽成績、現場籌碼點數之核對及資格賽總成績",
    },
}


def _held(problems: list[Problem], start: int, sheet: str, waits: str) -> None:
    """One line saying what waits for the errors found since ``start`` (on ``sheet``)."""
    errors = [p for p in problems[start:] if p.severity == ERROR]
    if errors:
        problems.append(warning(HELD_BACK, errors[0].where, what=_WAITS[waits], count=len(errors), sheet=sheet))


class Results:
    """What the rules make of the event so far: draws, places, points, standings, table moves, finals.
    Made empty for an event (``Results(data)``) and filled in stage by stage by ``compute``."""

    def __init__(self, data: EventData) -> None:
        self.data = data
        self.day1: list[Match] = []
        self.day1_generated: bool = False
        self.day1_raw: dict[str, int] | None = None
        self.lineups: dict[str, dict[str, list[str]]] = {}
        self.lineups_complete: bool = False
        self.tables_day2: int | None = None  # tables per Day 2 event (None: the Rules cannot seat the field)
        self.draws: dict[str, list[Seat]] = {}
        self.nlh_field: list[str] = []
        self.nlh_places: dict[str, int] = {}
        self.nlh_complete: bool = False
        self.nlh_points: dict[str, Fraction] = {}
        self.nlh_raw: dict[str, Fraction] | None = None
        self.bounty_field: list[str] = []
        self.bounty: B.BountyResult | None = None
        self.bounty_points: dict[str, Fraction] = {}
        self.bounty_raw: dict[str, Fraction] | None = None
        self.qualification: Qualification | None = None
        self.advice: dict[str, BL.Advice] = {}
        # each MTT's live players where they sit now (Seating after the floor's moves), by table and seat
        self.current: dict[str, list[Seat]] = {}
        self.waiting: list[Problem] = []  # status lines (severity "waiting"), not problems
        self.finalists: list[str] = []
        self.finals_rosters: dict[str, tuple[str, ...]] = {}
        self.finals_lineups: dict[int, dict[str, F.Lineup]] = {}
        self.finals_owed: dict[str, F.Owed] = {}
        self.finals_draws: dict[int, F.RoundDraw] = {}
        self.finals_results: F.FinalsResults | None = None
        self.final_standings: F.FinalStandings | None = None


def compute(data: EventData, problems: list[Problem]) -> Results:
    res = Results(data)
    if data.fatal or not data.teams:
        return res
    _day1(data, res, problems)
    provisional = _day2_lineups(data, res, problems)
    _nlh(data, res, problems, provisional)
    _bounty(data, res, problems, provisional)
    _table_moves(data, res, problems)
    _waiting_day2(data, res)
    _qualification(data, res, problems)
    return res


def _day1(data: EventData, res: Results, problems: list[Problem]) -> None:
    """Day 1: the table on the sheet checked against the rules and the seed's draw, its results
    and raw scores once complete; with no table on the sheet, the seed's draw."""
    teams = data.teams
    known = set(data.players)
    generated = D1.day1_pairings(teams, data.seed)
    if not data.day1:
        res.day1 = generated
        res.day1_generated = True
        return
    res.day1 = data.day1
    sheet = data.sheet_names.get("Day1", "Day1")
    for detail in D1.check_pairings(res.day1, teams):
        problems.append(warning(DAY1_CHECK, _day1_cell(detail, res.day1, sheet), detail=detail))
    drawn = {(m.round, m.home, m.away) for m in generated}
    changed = [m for m in res.day1 if (m.round, m.home, m.away) not in drawn]
    if changed or len(res.day1) != len(generated):
        first = changed[0] if changed else res.day1[0]
        problems.append(warning(DAY1_CHANGED, first.where.get("home", Where(sheet, "A2")), seed=data.seed))
    for m in res.day1:
        for key in ("home", "away"):
            code = getattr(m, key)
            if known and code not in known:
                problems.append(warning(DAY1_UNKNOWN, m.where.get(key, Where(sheet, "")), player=code))
    day1_problems = D1.validate_results(res.day1)
    problems.extend(day1_problems)
    _held(problems, len(problems) - len(day1_problems), sheet, "day1")
    if not has_errors(day1_problems) and D1.day1_complete(res.day1):
        res.day1_raw = D1.day1_raw(res.day1, teams, data.rules.hu_win)
    for rnd in sorted({m.round for m in res.day1}):
        ms = [m for m in res.day1 if m.round == rnd]
        missing = sum(1 for m in ms if m.winner is None)
        if missing:
            res.waiting.append(
                Problem(
                    "waiting",
                    WAITING_DAY1,
                    Where(sheet, ""),
                    (("round", rnd), ("count", missing), ("total", len(ms)), ("sheet", sheet)),
                )
            )


def _day2_lineups(data: EventData, res: Results, problems: list[Problem]) -> dict[str, list[str]]:
    """Day 2: the tables per event, the line-ups and, once they are complete, the seat draws.
    Returns each event's provisional field (empty without line-ups)."""
    teams = data.teams
    rules_sheet = data.sheet_names.get("Rules", "Rules")
    res.tables_day2, tp = D2.plan_tables(
        D2.PER_EVENT * len(teams),
        data.rules.tables_day2,
        data.rules.table_seats,
        {k: data.setting_cells.get(k, Where(rules_sheet, k)) for k in ("tables_day2", "table_seats")},
    )
    # a count typed in Rules that cannot seat the field is an error from the start; the auto
    # count's warning waits for the line-ups, when the draw it concerns is made
    problems.extend(p for p in tp if p.severity == ERROR or data.lineup_rows)
    lineup_sheet = data.sheet_names.get("Lineups", "Lineups")
    provisional: dict[str, list[str]] = {}
    if not data.lineup_rows:
        if res.day1_raw is not None:
            res.waiting.append(Problem("waiting", WAITING_LINEUPS, Where(lineup_sheet, ""), (("sheet", lineup_sheet),)))
        return provisional
    res.lineups, lp = D2.validate_lineups(data.lineup_rows, data.players)
    problems.extend(lp)
    _held(problems, len(problems) - len(lp), lineup_sheet, "lineups")
    submitted = {r.team for r in data.lineup_rows}
    for team in teams:
        if team not in submitted:
            res.waiting.append(
                Problem("waiting", WAITING_TEAM, Where(lineup_sheet, ""), (("team", team), ("sheet", lineup_sheet)))
            )
    # The NLH sheet and the bounty log are still checked while line-ups are wrong or missing,
    # on a provisional field: the accepted line-ups and every player of the other teams.
    for event in ("nlh", "bounty"):
        provisional[event] = sorted(
            [p for ps in res.lineups[event].values() for p in ps]
            + [c for c, p in data.players.items() if p.team not in res.lineups[event]],
            key=_code_key,
        )
    res.lineups_complete = not has_errors(lp) and all(
        len(res.lineups.get(e, {})) == len(teams) for e in ("nlh", "bounty")
    )
    if res.lineups_complete:
        for event in ("nlh", "bounty"):
            if res.tables_day2 is not None:
                res.draws[event] = D2.seat_draw(res.lineups[event], res.tables_day2, data.seed, event)
        res.nlh_field = sorted((p for ps in res.lineups["nlh"].values() for p in ps), key=_code_key)
        res.bounty_field = sorted((p for ps in res.lineups["bounty"].values() for p in ps), key=_code_key)
    return provisional


def _nlh(data: EventData, res: Results, problems: list[Problem], provisional: dict[str, list[str]]) -> None:
    """The NLH MTT's places, and once complete its points and team raw scores."""
    if not res.nlh_field and data.nlh and provisional:
        _, np_ = N.nlh_places(data.nlh, provisional["nlh"])
        problems.extend(np_)
    if not (res.nlh_field and data.nlh):
        return
    res.nlh_places, np_ = N.nlh_places(data.nlh, res.nlh_field)
    problems.extend(np_)
    _held(problems, len(problems) - len(np_), data.sheet_names.get("NLH", "NLH"), "nlh")
    if not has_errors(np_):
        res.nlh_complete = N.nlh_complete(res.nlh_places, res.nlh_field)
        if res.nlh_complete:
            res.nlh_points = N.place_points(res.nlh_places, data.scales["nlh"])
            raw = N.team_raw(res.nlh_points, team_of)
            res.nlh_raw = {t: raw.get(t, Fraction(0)) for t in data.teams}


def _bounty(data: EventData, res: Results, problems: list[Problem], provisional: dict[str, list[str]]) -> None:
    """The bounty log replayed, the floor's counts checked, and once complete points and team raw scores."""
    if not res.bounty_field and data.bounty_log and provisional:
        _, bp = B.run_bounty(provisional["bounty"], data.bounty_log, data.rules)
        problems.extend(bp)
    if not res.bounty_field:
        return
    result, bp = B.run_bounty(res.bounty_field, data.bounty_log, data.rules)
    problems.extend(bp)
    _held(problems, len(problems) - len(bp), data.sheet_names.get("BountyLog", "BountyLog"), "bounty")
    res.bounty = result
    if data.bounty_counts and not has_errors(bp):
        # counts are compared with a log that is whole: a rejected row would make correct counts look wrong
        problems.extend(B.reconcile_counts(result, data.bounty_counts))
    if result.complete:
        res.bounty_points = B.bounty_points(result, data.scales["bounty"])
        raw = N.team_raw(res.bounty_points, team_of)
        res.bounty_raw = {t: raw.get(t, Fraction(0)) for t in data.teams}


def _table_moves(data: EventData, res: Results, problems: list[Problem]) -> None:
    """Day 2 seating: the table breaking and balancing advice (併桌) for each event."""
    # A player is out when the Seating sheet marks it, or when the NLH places / bounty log say so.
    already_out = {"nlh": set(res.nlh_places), "bounty": set(res.bounty.out_hand) if res.bounty else set()}
    lineup_cells = {
        r.player: r.where.get("player", Where(data.sheet_names.get("Lineups", "Lineups"), "")) for r in data.lineup_rows
    }
    for event in ("nlh", "bounty"):
        rows = [
            BL.SeatState(r.table, r.seat, r.player, r.out or r.player in already_out[event], r.where)
            for r in data.seating
            if r.event == event
        ]
        if not rows and not data.seating and event in res.draws:
            rows = _drawn_seating(data, res, event, already_out[event])
        if rows and res.tables_day2 is not None:
            # the teams whose line-ups are valid are checked even while another team's line-up has errors
            field = (
                {p: lineup_cells[p] for ps in res.lineups[event].values() for p in ps}
                if res.lineups.get(event)
                else None
            )
            # a row with a bad cell (its error stands) is not also "unseated", but without it the
            # seating is incomplete: no advice and no current seating until it is fixed
            unread = data.seating_unread & set(field) if field is not None else data.seating_unread
            field = {p: w for p, w in field.items() if p not in unread} if field is not None else None
            advice = BL.advise(
                rows,
                team_of,
                data.rules.table_seats,
                data.seed,
                event,
                data.rules,
                tables=res.tables_day2,
                field=field,
                sheet=data.sheet_names.get("Seating", "Seating"),
                started=any(r.out for r in rows),
                unchecked=[t for t in data.teams if t not in res.lineups.get(event, {})],
            )
            if unread and advice.action != "invalid":
                advice = advice._replace(action="invalid", moves=(), table=None, broken=(), two_tables=False)
            problems.extend(advice.problems)
            res.advice[event] = advice
            if advice.action != "invalid":  # a seating with errors has no one current seat per player
                res.current[event] = sorted(
                    (Seat(r.table, r.seat, r.player) for r in rows if not r.out), key=lambda s: (s.table, s.seat)
                )


def _drawn_seating(data: EventData, res: Results, event: str, out: set[str]) -> list[BL.SeatState]:
    """No Seating sheet yet: the draw is the seating (in the cells the output's Seating sheet
    holds them in: NLH rows, then bounty rows)."""
    sheet = data.sheet_names.get("Seating", pick(S.SEATING.names, data.lang, "Seating"))
    col = col_letter([c.key for c in S.SEATING.columns].index("player"))
    first = 2 + (len(res.draws["nlh"]) if event == "bounty" else 0)
    return [
        BL.SeatState(s.table, s.seat, s.player, s.player in out, {"player": Where(sheet, f"{col}{first + i}")})
        for i, s in enumerate(res.draws[event])
    ]


def _waiting_day2(data: EventData, res: Results) -> None:
    """The status lines of Day 2's events still under way, and of an event with nothing typed yet."""
    if res.nlh_field and not res.nlh_complete:
        sheet = data.sheet_names.get("NLH", "NLH")
        left = sum(1 for p in res.nlh_field if p not in res.nlh_places)
        res.waiting.append(
            Problem(
                "waiting",
                WAITING_EVENT,
                Where(sheet, ""),
                (
                    ("event", {"en": "NLH MTT", "zh-Hant": "NLH MTT"}),
                    ("count", left),
                    ("total", len(res.nlh_field)),
                    ("sheet", sheet),
                ),
            )
        )
    if res.bounty is not None and not res.bounty.complete and len(res.bounty.remaining) > 1:
        sheet = data.sheet_names.get("BountyLog", "BountyLog")
        res.waiting.append(
            Problem(
                "waiting",
                WAITING_EVENT,
                Where(sheet, ""),
                (
                    ("event", {"en": "Escalating Bounty MTT", "zh-Hant": "獵人賽"}),
                    ("count", len(res.bounty.remaining)),
                    ("total", len(res.bounty_field)),
                    ("sheet", sheet),
                ),
            )
        )
    _waiting_unrecorded(data, res)
    if not any(p.name for p in data.players.values()) and not any(m.winner for m in data.day1) and not data.lineup_rows:
        res.waiting.insert(
            0,
            Problem(
                "waiting",
                WAITING_NOTHING,
                Where(data.sheet_names.get("Players", "Players"), ""),
                (("sheet", data.sheet_names.get("Players", "Players")),),
            ),
        )


def _waiting_unrecorded(data: EventData, res: Results) -> None:
    """Players the floor has marked out on Seating whose place or knock-out is not typed yet: the
    clock counts them out already, the standings wait for them, and the scorer needs their names."""
    recorded = {"nlh": set(res.nlh_places), "bounty": set(res.bounty.out_hand) if res.bounty else None}
    titles = {
        "nlh": {"en": "NLH MTT", "zh-Hant": "NLH MTT"},
        "bounty": {"en": "Escalating Bounty MTT", "zh-Hant": "獵人賽"},
    }
    seating = data.sheet_names.get("Seating", "Seating")
    for event, key in (("nlh", "NLH"), ("bounty", "BountyLog")):
        done = recorded[event]
        if done is None:  # the log has errors: its own problems say so
            continue
        missing = list(
            dict.fromkeys(r.player for r in data.seating if r.event == event and r.out and r.player not in done)
        )
        if missing:
            sheet = data.sheet_names.get(key, key)
            params = (("event", titles[event]), ("players", ", ".join(missing)), ("seating", seating), ("sheet", sheet))
            res.waiting.append(Problem("waiting", WAITING_UNRECORDED, Where(seating, ""), params))


def _qualification(data: EventData, res: Results, problems: list[Problem]) -> None:
    """The qualification standings once all three events are scored, then the finals; finals
    sheets filled in before that wait."""
    teams = data.teams
    if not (res.day1_raw is not None and res.nlh_raw is not None and res.bounty_raw is not None and res.bounty):
        if data.finals_roster or data.finals_lineups or data.finals_hu or data.finals_sng:
            problems.append(warning(FINALS_EARLY, Where(data.sheet_names.get("FinalsRoster", "FinalsRoster"), "")))
        return
    chips = {t: 0 for t in teams}
    for p, c in res.bounty.chips.items():
        chips[team_of(p)] += c
    places: dict[str, list[int]] = {t: [] for t in teams}
    for p, place in res.nlh_places.items():
        places[team_of(p)].append(place)
    for p, place in res.bounty.places.items():
        places[team_of(p)].append(place)
    q = qualification(
        teams,
        {t: Fraction(v) for t, v in res.day1_raw.items()},
        res.nlh_raw,
        res.bounty_raw,
        chips,
        places,
        data.rules,
        data.seed,
    )
    # the standings' own problems come from settings: the seed (lots) and the rounding rule
    problems.extend(
        _at(q.problems, {"qualification-lot": _setting(data, "Event", "seed")}, _setting(data, "Rules", "rounding"))
    )
    res.qualification = q
    _finals(data, res, problems)


def _finals(data: EventData, res: Results, problems: list[Problem]) -> None:
    """Day 3: rosters, line-ups round by round, the draws, results and the final standings."""
    q = res.qualification
    res.finalists = q.advancing()
    if not res.finalists:
        return
    start = len(problems)
    sheet = data.sheet_names.get("FinalsRoster", "FinalsRoster")
    res.finals_rosters, rp = F.validate_roster(data.finals_roster, data.players, res.finalists, sheet)
    problems.extend(rp)
    lp: list[Problem] = []
    if data.finals_lineups:
        res.finals_lineups, lp = F.validate_lineups(
            data.finals_lineups, res.finals_rosters, data.sheet_names.get("FinalsLineups", "FinalsLineups")
        )
        problems.extend(lp)
    for team, roster in res.finals_rosters.items():
        accepted = {r: lus[team] for r, lus in res.finals_lineups.items() if team in lus}
        res.finals_owed[team] = F.owed(team, roster, accepted)
    for rnd, lus in sorted(res.finals_lineups.items()):
        if len(lus) == len(res.finalists) == F.FINALISTS and all(r in res.finals_draws for r in range(1, rnd)):
            res.finals_draws[rnd] = F.draw_round(data.seed, rnd, lus)
    # a round whose line-ups are in but cannot be drawn for a roster or line-up error: its results
    # wait for that error (they are not results of a round never drawn)
    errors = [p for p in problems[start:] if p.severity == ERROR]
    held = {r.round for r in data.finals_lineups} - set(res.finals_draws) if errors else set()
    hu_rows = [r for r in data.finals_hu if r.round not in held]
    sng_rows = [r for r in data.finals_sng if r.round not in held]
    if len(hu_rows) + len(sng_rows) < len(data.finals_hu) + len(data.finals_sng):
        _held(problems, start, errors[0].where.sheet, "finals")
    results, fp = F.validate_results(res.finals_draws, hu_rows, sng_rows)
    problems.extend(fp)
    res.finals_results = results
    if res.finals_draws:
        qrank = {r.team: r.rank for r in q.rows}
        st = F.final_standings(
            res.finalists, qrank, results, data.rules, data.scales, data.seed, _setting(data, "Event", "seed")
        )
        problems.extend(st.problems)
        res.final_standings = st


def _day1_cell(detail: str, matches: list[Match], sheet: str) -> Where:
    """The cell a Day 1 table check is about: the first match of the round (and table, or
    player) it names, else the sheet's first row."""
    m_round = re.search(r"round (\d+)", detail)
    m_table = re.search(r"table (\d+)", detail)
    codes = set(re.findall(r"\b([A-Z]\d+)\b", detail))
    for m in matches:
        if m_round and m.round != int(m_round.group(1)):
            continue
        if m_table and m.table != int(m_table.group(1)):
            continue
        if codes and not codes & {m.home, m.away}:
            continue
        return m.where.get("home", Where(sheet, "A2"))
    return matches[0].where.get("round", Where(sheet, "A2")) if matches else Where(sheet, "A2")


def _setting(data: EventData, sheet_key: str, key: str) -> Where:
    """Where a setting is typed: its value cell, or (not on the sheet) the setting's name."""
    sheet = data.sheet_names.get(sheet_key, sheet_key)
    if sheet_key == "Rules" and key in data.setting_cells:
        return data.setting_cells[key]
    return Where(sheet, key)


def _at(problems: list[Problem], by_code: dict[str, Where], default: Where) -> list[Problem]:
    """The problems of a rule engine that knows no workbook, placed on the setting each comes from."""
    return [Problem(p.severity, p.code, by_code.get(p.code, default), p.params) for p in problems]


def _code_key(code: str) -> tuple[str, int]:
    return code[:1], int(code[1:]) if code[1:].isdigit() else 0
