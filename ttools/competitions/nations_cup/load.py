"""Workbook -> typed Nations Cup records and problems. Reads canonical English or localized
sheet and column names; every record keeps its cells so rule engines can point at them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ttools.competitions.nations_cup import finals as F
from ttools.competitions.nations_cup import levels as LV
from ttools.competitions.nations_cup import schema as S
from ttools.competitions.nations_cup.day2 import LineupRow
from ttools.competitions.nations_cup.model import (
    DEFAULT_SCALES,
    Elimination,
    Located,
    Match,
    PlaceEntry,
    Player,
    Rules,
    team_letters,
)
from ttools.competitions.common import EventBase, Loader, Settings, every_lang, label_in
from ttools.i18n import simplified
from ttools.problems import Problem, Where, define, error, warning
from ttools.workbook import normalize as nz
from ttools.workbook.read import Book
from ttools.workbook.schema import Reader, Row, choice_map, find_sheet, unknown_sheets

TEAMS_RANGE = define(
    "teams-out-of-range",
    "the number of teams must be from 4 to 26 (got {teams}); fewer than 4 teams cannot give each Day 1 table three different visiting teams",
    "隊數須為 4 至 26（目前為 {teams}）；少於 4 隊時第一天每桌無法有三支不同客隊",
)
TEAMS_MISSING = define(
    "teams-missing", "the number of teams is not given and there are no players", "未填隊數，且沒有選手名單"
)
TEAM_UNKNOWN = define(
    "team-unknown",
    "team '{team}' is not one of the event's teams ({teams})",
    "隊伍「{team}」不在本賽事隊伍之中（{teams}）",
)
PLAYER_DUPLICATE = define(
    "player-duplicate",
    "player {player} is listed twice (also on row {other})",
    "選手 {player} 重複（另見第 {other} 列）",
)
NUMBER_RANGE = define(
    "player-number-range", "player number must be 1 or more (got {number})", "選手編號須為 1 以上（目前為 {number}）"
)
TEAM_SHORT = define(
    "team-short",
    "team {team} has {count} players numbered 1–6; six are needed",
    "{team} 隊 1–6 號選手只有 {count} 名；需要 6 名",
)
RULE_BAD = define("rule-invalid", "setting '{key}': {why}", "設定「{key}」：{why}")
POOLS_SUM = define(
    "pools-not-1000", "the three score pools add up to {total}, not 1000", "三個分數池合計 {total}，不是 1000"
)
PLACE_TEXT = define(
    "place-not-a-number",
    "place '{value}' is not a number (write 7, or 7= for a shared place)",
    "名次「{value}」不是數字（請寫 7；共享名次寫 7=）",
)
COUNT_NEGATIVE = define(
    "bounty-count-negative",
    "{player}: {count} bounty chips is not a count (0 or more); type the chips the floor counted",
    "{player}：賞金籌碼 {count} 枚不是清點數（須為 0 以上）；請填入現場清點之枚數",
)
SHEET_RENAMED_INPUT = define(
    "sheet-renamed-input",
    "sheet '{sheet}' has the columns of the {key} sheet ('{name}'), which is missing: give it back the name "
    "'{name}'; until then its rows are not read (a new {key} sheet would be made without them)",
    "工作表「{sheet}」的欄位與「{name}」表相同，而「{name}」表不存在：請將名稱改回「{name}」；"
    "改回前其內容不會被讀取（將另建一張沒有這些資料的「{name}」表）",
)
OUT_MARK = define(
    "out-mark",
    "'{value}' is not understood as out/in (write 1 or x for out, leave empty if still in)",
    "「{value}」無法判讀（已淘汰填 1 或 x，仍在場則留空）",
)

EVENT_CHOICES = choice_map(
    ("nlh", "bounty"),
    {
        "NLH MTT": "nlh",
        "獵人賽": "bounty",
        simplified("獵人賽"): "bounty",
        "hunter": "bounty",
        "escalating bounty": "bounty",
    },
)
SCALE_CHOICES = choice_map(("nlh", "bounty", "sng", "bonus"))
STAGE_CHOICES = choice_map(
    LV.STAGES,
    {
        "day1": "day1-hu",
        "day2": "day2-mtt",
        "第一天": "day1-hu",
        "第二天": "day2-mtt",
        "第三天": "day3",
        "決賽": "day3",
    },
)
LEVEL_BREAK = {nz.fold_label(w) for w in ("break", "休息", simplified("休息"), "中場休息", simplified("中場休息"))}
KIND_CHOICES = choice_map(("hu", "sng"), {"單挑": "hu", "單挑賽": "hu", "單桌": "sng", "單桌錦標賽": "sng"})


class SeatingRow(Located):
    """One row of the Seating sheet: a player's seat in a Day 2 event, and whether they are out."""

    __slots__ = ("event", "table", "seat", "player", "out")
    event: str
    table: int
    seat: int
    player: str
    out: bool


@dataclass
class EventData(EventBase):
    """Everything a Nations Cup workbook holds, typed: teams, rules, roster and each stage's rows."""

    teams_n: int | None = None
    teams: list[str] = field(default_factory=list)
    lang: str = "zh-Hant"
    rules: Rules = field(default_factory=Rules)
    scales: dict[str, dict[int, Fraction]] = field(
        default_factory=lambda: {k: dict(v) for k, v in DEFAULT_SCALES.items()}
    )
    players: dict[str, Player] = field(default_factory=dict)
    day1: list[Match] = field(default_factory=list)
    lineup_rows: list[LineupRow] = field(default_factory=list)
    seating: list[SeatingRow] = field(default_factory=list)
    # players whose Seating row has an error elsewhere (table, seat, event, out): that error is
    # theirs; the line-up check does not also call them unseated
    seating_unread: set[str] = field(default_factory=set)
    nlh: list[PlaceEntry] = field(default_factory=list)
    bounty_log: list[Elimination] = field(default_factory=list)
    bounty_counts: list[tuple[str, int, Where]] = field(default_factory=list)
    finals_roster: list[F.RosterRow] = field(default_factory=list)
    finals_lineups: list[F.LineupRow] = field(default_factory=list)
    finals_hu: list[F.HUResult] = field(default_factory=list)
    finals_sng: list[F.SNGResult] = field(default_factory=list)
    # each stage's blind structure (盲注結構): the Levels sheet's, else the defaults
    levels: dict[str, list[LV.Level]] = field(
        default_factory=lambda: {k: list(v) for k, v in LV.DEFAULT_LEVELS.items()}
    )
    setting_cells: dict[str, Where] = field(default_factory=dict)  # Rules key -> its value cell
    fatal: bool = False  # the event cannot be processed at all (e.g. team count)


def load(book: Book) -> tuple[EventData, list[Problem]]:
    problems: list[Problem] = []
    data = EventData()
    rd = Reader(problems)
    ld = Loader(book, data, problems)
    ev = _event(ld, data, problems)
    ru = ld.settings(S.RULES)
    data.setting_cells = {k: w for k, (_v, w) in ru.values.items()}
    data.rules = _rules(ru.values, data.rules, problems)
    _points(ld, rd, data, problems)
    _levels(ld, rd, data, problems)
    _players(ld, rd, data, problems)
    _teams(ev, data, problems)
    ld.seed(ev, data.teams_n, *sorted(data.players))
    _day1(ld, rd, data)
    _day2(ld, rd, data, problems)
    _bounty(ld, rd, data, problems)
    _finals(ld, rd, data)
    # sheets ttools does not know: carried over
    outputs = (
        [n for names in S.OUTPUTS.values() for n in names.values()]
        + list(S.OUTPUTS)
        + list(S.GUIDE.values())
        + list(S.LEGACY_OUTPUTS)
    )
    data.unknown_sheets = unknown_sheets(book, S.INPUT_SHEETS, outputs, problems)
    _renamed_inputs(book, data, problems)
    return data, problems


def _renamed_inputs(book: Book, data: EventData, problems: list[Problem]) -> None:
    """An input sheet renamed by hand (座位 -> 座位表) is missing to ttools, which would start that
    sheet afresh (a new seat draw, no out marks, no moves): an unknown sheet whose first row holds
    every column of a missing input table is an error that names the sheet to rename."""
    missing = [spec for spec in S.INPUT_SHEETS if spec.columns and find_sheet(book, spec) is None]
    for sheet in data.unknown_sheets:
        header = next((row for _r, row in sheet.rows() if any(not nz.is_blank(v) for v, _a in row)), [])
        # Simplified headers (a zh-Hans workbook) meet the Traditional labels in Simplified
        labels = {nz.fold_label(simplified(v)) for v, _a in header if isinstance(v, str)}
        for spec in missing:
            if all(
                labels & {nz.fold_label(simplified(n)) for n in (c.key, *c.names.values()) if n} for c in spec.columns
            ):
                name = spec.names.get(data.lang, spec.names.get("zh-Hant", spec.key))
                if data.lang == "zh-Hans":
                    name = simplified(spec.names.get("zh-Hant", spec.key))
                where = Where(sheet.name, header[0][1] if header else "A1")
                problems.append(error(SHEET_RENAMED_INPUT, where, sheet=sheet.name, key=spec.key, name=name))
                break


def _event(ld: Loader, data: EventData, problems: list[Problem]) -> Settings:
    """The Event sheet: the number of teams and the teams that advance."""
    ev = ld.event(S.EVENT, ("zh-Hant", "zh-Hans", "en"), "zh-Hant")
    if not ev.blank("teams"):
        try:
            data.teams_n = nz.parse_int(ev.raw("teams"))
        except ValueError:
            problems.append(
                error(
                    "not-a-whole-number",
                    ev.where("teams"),
                    value=ev.text("teams"),
                    what={"en": "teams", "zh-Hant": "隊數"},
                )
            )
    if not ev.blank("advance"):
        try:
            data.rules = _replace(data.rules, advance=nz.parse_int(ev.raw("advance")))
        except ValueError:
            problems.append(_bad(ev.where("advance"), "advance", "應為整數", "a whole number is expected"))
    return ev


def _points(ld: Loader, rd: Reader, data: EventData, problems: list[Problem]) -> None:
    """The Points sheet: a scale given there replaces the default whole."""
    pts = ld.table(S.POINTS)
    if not pts:
        return
    given: dict[str, dict[int, Fraction]] = {}
    for row in pts:
        scale = rd.choice(row, "scale", SCALE_CHOICES, "scale", required=True)
        place = rd.integer(row, "place", "place", required=True)
        points = rd.number(row, "points", "points", required=True)
        if scale and place is not None and points is not None:
            if place < 1:
                problems.append(_bad(row.where["place"], "place", "名次由 1 起", "places start at 1"))
                continue
            given.setdefault(scale, {})[place] = points
    for scale, table in given.items():
        data.scales[scale] = table


def _levels(ld: Loader, rd: Reader, data: EventData, problems: list[Problem]) -> None:
    """The Levels sheet: each stage's levels and breaks in sheet order; a row with an error is left out."""
    given: dict[str, list[LV.Level]] = {}
    left_out: dict[str, set[int]] = {}
    for row in ld.table(S.LEVELS):
        if all(row.blank(k) for k in ("level", "small", "big", "ante", "minutes")):
            continue  # a stage typed on a row not used yet
        stage = rd.choice(row, "stage", STAGE_CHOICES, "stage", required=True)
        level = _level_number(row, rd, problems)
        small = rd.integer(row, "small", "small")
        big = rd.integer(row, "big", "big")
        ante = rd.integer(row, "ante", "ante")
        minutes = rd.number(row, "minutes", "minutes", required=True)
        if stage is None or level is None:
            continue
        if level != LV.BREAK:
            for key, value in (("small", small), ("big", big)):
                if value is None and row.blank(key):
                    problems.append(error("required", row.where[key], what=row.labels.get(key) or key))
        lv, lp = LV.level_row(stage, level, small, big, ante, minutes, row.where)
        problems.extend(lp)
        if lv is not None:
            given.setdefault(stage, []).append(lv)
        elif isinstance(level, int):
            left_out.setdefault(stage, set()).add(level)
    data.levels = LV.check_structures(given, problems, left_out)


def _level_number(row: Row, rd: Reader, problems: list[Problem]) -> int | str | None:
    """A level's number, or 'break'."""
    if row.blank("level"):
        rd.text(row, "level", "level", required=True)
        return None
    if nz.fold_label(nz.clean_text(row.values.get("level"))) in LEVEL_BREAK:
        return LV.BREAK
    try:
        n = nz.parse_int(row.values.get("level"))
        if n < 1:
            raise ValueError
        return n
    except ValueError:
        problems.append(error(LV.LEVEL_TEXT, row.where["level"], value=nz.clean_text(row.values.get("level"))))
        return None


def _players(ld: Loader, rd: Reader, data: EventData, problems: list[Problem]) -> None:
    """The Players sheet: one player per team letter and number."""
    seen_rows: dict[str, int] = {}
    for row in ld.table(S.PLAYERS):
        team = rd.code(row, "team", "team", required=True)
        number = rd.integer(row, "number", "number", required=True)
        if team is None or number is None:
            continue
        if not re.fullmatch(r"[A-Z]", team):
            problems.append(error(TEAM_UNKNOWN, row.where["team"], team=team, teams="A–Z"))
            continue
        if number < 1:
            problems.append(error(NUMBER_RANGE, row.where["number"], number=number))
            continue
        code = f"{team}{number}"
        if code in seen_rows:
            problems.append(error(PLAYER_DUPLICATE, row.where["number"], player=code, other=seen_rows[code]))
            continue
        seen_rows[code] = row.number
        data.players[code] = Player(
            team, number, rd.text(row, "name") or "", rd.text(row, "country") or "", row.where["team"]
        )


def _teams(ev: Settings, data: EventData, problems: list[Problem]) -> None:
    """The teams: as many as Event says (else as the roster has), each with players 1–6;
    without a usable number the event cannot be processed."""
    roster_teams = sorted({p.team for p in data.players.values()})
    if data.teams_n is None:
        data.teams_n = len(roster_teams) or None
    if data.teams_n is None:
        problems.append(error(TEAMS_MISSING, ev.where("teams")))
        data.fatal = True
        return
    if not 4 <= data.teams_n <= 26:
        where = ev.where("teams") if "teams" in ev else Where(data.sheet("Players"), "")
        problems.append(error(TEAMS_RANGE, where, teams=data.teams_n))
        data.fatal = True
        return
    data.teams = team_letters(data.teams_n)
    for code, p in list(data.players.items()):
        if p.team not in data.teams:
            problems.append(error(TEAM_UNKNOWN, p.where, team=p.team, teams=f"A–{data.teams[-1]}"))
            del data.players[code]
    if not data.players:
        return
    for t in data.teams:
        count = sum(1 for p in data.players.values() if p.team == t and p.number <= 6)
        if count < 6:
            # on the team's last row, where the missing player would follow
            last = [p.where for p in data.players.values() if p.team == t and p.where.cell]
            where = last[-1] if last else Where(data.sheet_names.get("Players", "Players"), "A2")
            problems.append(warning(TEAM_SHORT, where, team=t, count=count))


def _day1(ld: Loader, rd: Reader, data: EventData) -> None:
    for row in ld.table(S.DAY1):
        rnd = rd.integer(row, "round", "round", required=True)
        table = rd.integer(row, "table", "table", required=True)
        home = rd.code(row, "home", "home", required=True)
        away = rd.code(row, "away", "away", required=True)
        winner = rd.code(row, "winner", "winner")
        if None in (rnd, table, home, away):
            continue
        data.day1.append(Match(rnd, table, home, away, winner, row.where))


def _day2(ld: Loader, rd: Reader, data: EventData, problems: list[Problem]) -> None:
    """Day 2's line-ups, seating and NLH places."""
    for row in ld.table(S.LINEUPS):
        if row.blank("player"):
            continue  # the template pre-fills team and event; the row waits for a player
        team = rd.code(row, "team", "team", required=True)
        event = rd.choice(row, "event", EVENT_CHOICES, "event", required=True)
        player = rd.code(row, "player", "player", required=True)
        if team and event and player:
            data.lineup_rows.append(LineupRow(team, event, player, row.where))
    for row in ld.table(S.SEATING):
        event = rd.choice(row, "event", EVENT_CHOICES, "event", required=True)
        table = rd.integer(row, "table", "table", required=True)
        seat = rd.integer(row, "seat", "seat", required=True)
        player = rd.code(row, "player", "player", required=True)
        out = _out_mark(row, problems)
        if event and table is not None and seat is not None and player and out is not None:
            data.seating.append(SeatingRow(event, table, seat, player, out, row.where))
        elif player:
            data.seating_unread.add(player)
    for row in ld.table(S.NLH):
        player = rd.code(row, "player", "player", required=True)
        if row.blank("place"):
            continue  # not out yet
        place, shared = _place(row, problems)
        if player and place is not None:
            data.nlh.append(PlaceEntry(player, place, shared, row.where))


def _bounty(ld: Loader, rd: Reader, data: EventData, problems: list[Problem]) -> None:
    """The bounty log and the floor's chip counts."""
    for row in ld.table(S.BOUNTY_LOG):
        hand = rd.integer(row, "hand", "hand", required=True)
        out = rd.code(row, "out", "out", required=True)
        to = rd.code(row, "to", "to", required=True)
        stack = rd.integer(row, "stack", "stack")
        if hand is not None and hand < 1:
            problems.append(
                error(
                    "not-a-whole-number",
                    row.where["hand"],
                    value=hand,
                    what={"en": "hand (1 or more)", "zh-Hant": "手牌編號須為 1 以上"},
                )
            )
            continue
        if None not in (hand, out, to):
            data.bounty_log.append(Elimination(hand, out, to, stack, row.where))
    for row in ld.table(S.BOUNTY_COUNTS):
        player = rd.code(row, "player", "player", required=True)
        chips = rd.integer(row, "chips", "chips")
        if chips is not None and chips < 0:
            problems.append(error(COUNT_NEGATIVE, row.where["chips"], player=player or "", count=chips))
            continue
        if player and chips is not None:
            data.bounty_counts.append((player, chips, row.where["chips"]))


def _finals(ld: Loader, rd: Reader, data: EventData) -> None:
    """The finals' rows, kept for the finals engine."""
    for row in ld.table(S.FINALS_ROSTER):
        if row.blank("player"):
            continue
        team = rd.code(row, "team", required=True)
        player = rd.code(row, "player", required=True)
        if team and player:
            data.finals_roster.append(F.RosterRow(team, player, row.where))
    for row in ld.table(S.FINALS_LINEUPS):
        if row.blank("player"):
            continue
        rnd = rd.integer(row, "round", required=True)
        team = rd.code(row, "team", required=True)
        kind = rd.choice(row, "kind", KIND_CHOICES, required=True)
        player = rd.code(row, "player", required=True)
        if None not in (rnd, team, kind, player):
            data.finals_lineups.append(F.LineupRow(rnd, team, kind, player, row.where))
    for row in ld.table(S.FINALS_HU):
        rnd = rd.integer(row, "round", required=True)
        table = rd.integer(row, "table", required=True)
        a = rd.code(row, "a", required=True)
        b = rd.code(row, "b", required=True)
        winner = rd.code(row, "winner")
        if None not in (rnd, table, a, b):
            data.finals_hu.append(F.HUResult(rnd, table, a, b, winner, row.where))
    for row in ld.table(S.FINALS_SNG):
        rnd = rd.integer(row, "round", required=True)
        table = rd.integer(row, "table", required=True)
        player = rd.code(row, "player", required=True)
        place = rd.integer(row, "place")
        if None not in (rnd, table, player):
            data.finals_sng.append(F.SNGResult(rnd, table, player, place, row.where))


def _replace(rules: Rules, **kw) -> Rules:
    return rules._replace(**kw)


def _bad(where: Where, key: str, traditional: str, english: str, **params: object) -> Problem:
    """A rule not understood, in the event's language: the setting (or Points column) named by
    the label its sheet shows."""
    why = every_lang(traditional, english, **params)
    return error(RULE_BAD, where, key=label_in((S.EVENT, S.RULES, S.POINTS), key), why=why)


def _rules(ru: dict[str, tuple[Any, Where]], rules: Rules, problems: list[Problem]) -> Rules:
    kw: dict[str, Any] = {}
    for key in ("pool_hu", "pool_nlh", "pool_bounty"):
        if key in ru and not nz.is_blank(ru[key][0]):
            try:
                value = nz.parse_number(ru[key][0])
                if value < 0:
                    raise ValueError
                kw[key] = value
            except ValueError:
                problems.append(
                    _bad(
                        ru[key][1], key, "應為數字或分數，如 1000/3", "a number or fraction such as 1000/3 is expected"
                    )
                )
    for key in (
        "hu_win",
        "final_hu_win",
        "tables_day2",
        "table_seats",
        "balance_threshold",
        "balance_threshold_two_tables",
    ):
        if key == "tables_day2" and key in ru and nz.fold_label(nz.clean_text(ru[key][0])) == "auto":
            continue  # the default: the Day 2 draw chooses the count from the field
        if key in ru and not nz.is_blank(ru[key][0]):
            try:
                value = nz.parse_int(ru[key][0])
                if value < (0 if key.endswith("win") else 1):
                    raise ValueError
                kw[key] = value
            except ValueError:
                auto = key == "tables_day2"
                problems.append(
                    _bad(
                        ru[key][1],
                        key,
                        "應為正整數" + ("（或 auto）" if auto else ""),
                        "a positive whole number is expected" + (" (or auto)" if auto else ""),
                    )
                )
    if "tables_day2" in kw and kw["tables_day2"] < 3:
        problems.append(
            _bad(
                ru["tables_day2"][1],
                "tables_day2",
                "至少須 3 桌，三名隊友方能分坐不同桌",
                "at least 3 tables are needed to seat three teammates apart",
            )
        )
        del kw["tables_day2"]
    for key, choices in (
        ("rounding", ("half-up", "largest-remainder")),
        ("break_order", ("highest-first", "lowest-first")),
    ):
        if key in ru and not nz.is_blank(ru[key][0]):
            value = nz.fold_label(ru[key][0]).replace(" ", "-")
            if value in choices:
                kw[key] = value
            else:
                allowed = ", ".join(choices)
                problems.append(
                    _bad(ru[key][1], key, "應為下列之一：{allowed}", "expected one of {allowed}", allowed=allowed)
                )
    if "head_values" in ru and not nz.is_blank(ru["head_values"][0]):
        try:
            text = nz.clean_text(ru["head_values"][0])
            values = tuple(nz.parse_int(x) for x in re.split(r"[,，、;\s]+", text) if x)
            if not values or any(v < 1 for v in values):
                raise ValueError
            kw["head_values"] = values
        except ValueError:
            problems.append(
                _bad(
                    ru["head_values"][1],
                    "head_values",
                    "應為一串正整數，如 1,2,3,4,5,6",
                    "a list of positive whole numbers such as 1,2,3,4,5,6 is expected",
                )
            )
    rules = _replace(rules, **kw)
    total = rules.pool_hu + rules.pool_nlh + rules.pool_bounty
    if total != 1000:
        where = next((ru[k][1] for k in ("pool_hu", "pool_nlh", "pool_bounty") if k in ru), Where("Rules", ""))
        problems.append(warning(POOLS_SUM, where, total=f"{float(total):g}"))
    return rules


def _place(row: Row, problems: list[Problem]) -> tuple[int | None, bool]:
    """'7' -> (7, False); '7=' / '=7' / 'T7' -> (7, True)."""
    raw = row.values.get("place")
    if isinstance(raw, str) and raw.strip().upper() in ("#N/A", "#REF!", "#VALUE!"):
        problems.append(error("cell-error", row.where["place"], value=raw.strip()))
        return None, False
    text = nz.parse_code(raw)
    shared = False
    m = re.fullmatch(r"(?:T|=)?(\d+)(=)?", text)
    if m is None:
        problems.append(error(PLACE_TEXT, row.where["place"], value=nz.clean_text(raw)))
        return None, False
    shared = text.startswith(("T", "=")) or bool(m.group(2))
    return int(m.group(1)), shared


def _out_mark(row: Row, problems: list[Problem]) -> bool | None:
    raw = row.values.get("out")
    if nz.is_blank(raw):
        return False
    text = nz.fold_label(nz.clean_text(raw))
    if text in ("1", "x", "✓", "✔", "y", "yes", "out", "true", "是", "淘汰", "已淘汰", "v"):
        return True
    if text in ("0", "n", "no", "false", "否", "in"):
        return False
    problems.append(error(OUT_MARK, row.where["out"], value=nz.clean_text(raw)))
    return None
