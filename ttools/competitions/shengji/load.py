"""Workbook -> typed Shengji records and problems. Reads canonical English or localized sheet and
column names; every record keeps its cells so the checks can point at them."""

from __future__ import annotations

import datetime
import re
from fractions import Fraction
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterator

from ttools.competitions.common import EventBase, Loader, Settings, every_lang
from ttools.competitions.shengji import schema as S
from ttools.competitions.shengji.ranking import TIEBREAKS
from ttools.competitions.shengji.scoring import (
    KITTY_MAX,
    POINT_UNIT,
    TOTAL_POINTS,
    BandTable,
    BoardRules,
    BandTableError,
    parse_band_table,
)
from ttools.core.cards import HAND_SIZE
from ttools.core.upgrade import Bands, LastLead, parse_last_lead
from ttools.i18n import simplified, with_simplified
from ttools.problems import Problem, Where, define, error, has_errors, warning
from ttools.workbook import normalize as nz
from ttools.workbook.normalize import natural_key
from ttools.workbook.read import Book
from ttools.workbook.schema import Reader, Row, SheetSpec, read_table, unknown_sheets

MAX_MAGNITUDE = float(nz.MAX_MAGNITUDE)  # the reader's bound on a number
MAX_TABLES = 2000  # 8,000 players: far beyond any hall; a larger number is a typing mistake


# what staff may type on Rules: no cap, and the tie-breaks' names
NO_CAP = ("none", "無", simplified("無"), "-")
TIEBREAK_WORDS = {"time": "time", "lot": "lot", "lots": "lot", **with_simplified({"用時": "time", "抽籤": "lot"})}

INPUT_RENAMED = define(
    "sheet-input-renamed",
    "sheet '{sheet}' has the columns of '{name}', which is missing: a sheet is read by its name only, so name it "
    "'{name}' again",
    "工作表「{sheet}」有「{name}」的欄位，而「{name}」不見了：工作表只按名稱讀取，請改回「{name}」",
)
PENALTY_TINY = define(
    "board-penalty-tiny",
    "a penalty of {value} percent of the top is taken as typed; if {percent}% was meant (Excel keeps 12.5% as "
    "0.125), type {percent}",
    "判罰按所填的滿分之 {value}% 扣除；若原意為 {percent}%（Excel 把 12.5% 存為 0.125），請填 {percent}",
)
PLAYER_ID_DUPLICATE = define(
    "roster-id-duplicate",
    "player id {player} is listed twice (also on row {other})",
    "參賽者編號 {player} 重複（另見第 {other} 行）",
)
PAIR_SIZE = define(
    "partnership-size",
    "pair {pair} has {count} player(s); a fixed partnership is two players",
    "搭檔組 {pair} 有 {count} 名參賽者；固定搭檔須為兩人",
)
PAIR_MISSING = define(
    "partnership-missing",
    "player {player} has no pair: in the pairs format every player belongs to one",
    "參賽者 {player} 沒有搭檔組：固定搭檔賽制中每人須屬於一對",
)
OUT_OF_RANGE = define(
    "number-out-of-range", "'{value}' is out of range for {what}: {expected}", "「{value}」超出{what}的範圍：{expected}"
)
POINTS_NOT_FIVE = define(
    "board-points-not-fives",
    "{value} points cannot be: points come in fives (5s, 10s and Ks)",
    "{value} 分不可能：分數都是 5 的倍數（5、10、K）",
)
POINTS_TOO_MANY = define(
    "board-points-over-200",
    "captured {captured} + kitty {kitty} = {total} is more than the 200 points in two decks",
    "抓分 {captured} + 底分 {kitty} = {total}，超過兩副牌的 200 分",
)
TIME_INVALID = define(
    "board-time-invalid",
    "'{value}' is not a time: write seconds (95) or minutes:seconds (1:35)",
    "「{value}」不是時間：請寫秒數（95）或 分:秒（1:35）",
)
TIME_AMBIGUOUS = define(
    "board-time-ambiguous",
    "Excel stored {value} as hours:minutes; type the time as text (m:ss such as 5:07) or in seconds",
    "Excel 把 {value} 存成「時:分」；請以文字（分:秒，如 5:07）或秒數輸入",
)
LEAD_WITHOUT_KITTY = define(
    "board-lead-without-kitty",
    "a last lead ({lead}) is given but no kitty points: the kitty counts as 0 — type 0 if that is right",
    "填了摳底牌型（{lead}）卻沒有底分：底分當作 0；如無誤請填 0",
)
KITTY_WITHOUT_LEAD = define(
    "board-kitty-without-lead",
    "{kitty} kitty points but no last lead: the kitty does not count unless the defenders won the last trick — give its shape if they did",
    "有底分 {kitty} 卻沒有摳底牌型：抓分方未贏得最後一圈時底分不計；如抓分方摳底，請填牌型",
)
TIME_AS_DATE = define(
    "board-time-as-date",
    "this time cell is formatted as a date or time and Excel holds {value} days: type the time as text (m:ss such as 5:07) or seconds in a number cell",
    "此用時儲存格設為日期或時間格式，Excel 存為 {value} 日：請以文字（分:秒，如 5:07）或在數字儲存格輸入秒數",
)
TIME_TOO_LONG = define(
    "board-time-too-long",
    "{value} seconds is an hour or more on one board: type seconds (95) or m:ss (1:35)",
    "一副牌用時 {value} 秒，達一小時以上：請寫秒數（95）或 分:秒（1:35）",
)
ADJUSTED_INVALID = define(
    "board-adjusted-invalid",
    "'{value}' is not an adjusted score: NS/EW rates in percent such as 60/40 or 50/50, or A+ (60), A= (50), "
    "A- (40) such as A+/A-; one value alone is both sides'",
    "「{value}」不是調整得分：請寫南北/東西的得分率 %，如 60/40、50/50，或 A+（60）、A=（50）、A-（40），如 A+/A-；"
    "只寫一個值則兩方相同",
)
LEAD_INVALID = define(
    "board-last-lead-invalid",
    "'{value}' is not a last-lead shape: single, pair, tractor2, tractor3, …, throw, "
    "throw-pair, throw-tractor2, … (empty when the declarers won the last trick)",
    "「{value}」不是摳底牌型：single、pair、tractor2、tractor3…、throw、throw-pair、throw-tractor2…（莊家贏得最後一圈時留空）",
)


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str
    pair: str
    withdrawn_after: int | None = None
    where: Mapping[str, Where] = field(default_factory=dict, compare=False, hash=False)

    def plays(self, round_: int) -> bool:
        return self.withdrawn_after is None or self.withdrawn_after >= round_


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One row of the Seating sheet (table None: sits out)."""

    round: int
    table: int | None
    seat: str | None
    player: str
    where: Mapping[str, Where] = field(default_factory=dict, compare=False, hash=False)


SEAT_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}
NO_PENALTIES: tuple[None, None, None, None] = (None, None, None, None)
# one int object for each number of seconds a board's time can be (under an hour): a large
# event's tens of thousands of times share them (the ints past 256 Python does not)
_SECONDS: dict[int, int] = {}


@dataclass(slots=True)
class BoardRow:
    """One row of the Boards sheet as read; ``ok`` False when a cell of it has an error."""

    round: int | None
    table: int | None
    board: int | None
    declarer: str | None  # NS | EW | X (not played) | None (not entered yet)
    captured: int | None
    kitty: int | None
    lead: LastLead | None
    times: tuple[int | None, int | None, int | None, int | None]  # seconds of N, E, S, W
    score_ns: int | None
    where: Mapping[str, Where]
    ok: bool = True
    # referee actions: a procedural penalty per seat (percent of the board's top), an artificial
    # score (NS rate, EW rate) replacing the table's result, the mark of the wrong deal played
    penalties: tuple[Fraction | None, Fraction | None, Fraction | None, Fraction | None] = NO_PENALTIES
    adjusted: tuple[Fraction, Fraction] | None = None
    fouled: str = ""

    def time(self, seat: str) -> int | None:
        return self.times[SEAT_INDEX[seat]]

    def penalty(self, seat: str) -> Fraction | None:
        return self.penalties[SEAT_INDEX[seat]]

    @property
    def entered(self) -> bool:
        """A result was entered (a pre-filled row waiting for one is not); an adjusted score is one."""
        return (
            self.declarer is not None
            or self.captured is not None
            or self.score_ns is not None
            or self.adjusted is not None
        )


@dataclass
class EventData(EventBase):
    lang: str = S.DEFAULT_LANG
    boards_per_round: int = 6
    rounds: int = 5
    format: str = "individual"
    rules: BoardRules = field(default_factory=BoardRules)
    neuberg: bool = True
    tiebreaks: tuple[str, ...] = TIEBREAKS
    time_drop: int = 1
    rate_ranking: str = "exact"  # exact | printed
    avoid_repeats: str = "off"  # off | partners | partners+opponents
    average_plus: int = 60  # the rates in percent an adjusted score's A+ and A- stand for
    average_minus: int = 40
    players: dict[str, Player] = field(default_factory=dict)
    pairs: dict[str, tuple[str, str]] = field(default_factory=dict)  # pairs format: pair -> (first, second)
    seating: list[SeatRow] = field(default_factory=list)
    boards: list[BoardRow] = field(default_factory=list)
    setup_errors: bool = False
    where_rounds: Where = field(default_factory=lambda: Where("Event"))
    where_tiebreaks: Where = field(default_factory=lambda: Where("Rules"))

    @property
    def pairs_format(self) -> bool:
        return self.format == "pairs"


def load(book: Book) -> tuple[EventData, list[Problem]]:
    problems: list[Problem] = []
    data = EventData()
    rd = Reader(problems)
    ld = Loader(book, data, problems)
    ev = _event(ld, data)
    _rules(ld, data)
    _players(ld, rd, data)
    ld.seed(ev, *sorted(data.players, key=natural_key))
    data.setup_errors = any(p.severity == "error" for p in problems)
    _seating(ld, rd, data)
    declarers: dict[Any, str] = {}
    bound = score_bound(data.rules)
    words = adjusted_words(data.average_plus, data.average_minus)
    for row in _rows(ld, S.BOARDS):
        data.boards.append(_board_row(row, rd, problems, data.rounds, declarers, bound, words))
    outputs = [n for names in S.OUTPUTS.values() for n in names.values()] + list(S.OUTPUTS) + list(S.GUIDE.values())
    data.unknown_sheets = unknown_sheets(book, S.INPUT_SHEETS, outputs, problems)
    _renamed_inputs(ld, data, problems)
    return data, problems


def _renamed_inputs(ld: Loader, data: EventData, problems: list[Problem]) -> None:
    """An input sheet missing while a sheet of another name has its headings: renamed by hand,
    it would be carried over unread (a round's results silently not there), so it is an error
    on that sheet naming the name to give it back."""
    for spec in (S.PLAYERS, S.SEATING, S.BOARDS):
        if ld.sheet(spec) is not None:
            continue
        wanted = {nz.fold_label(n) for c in spec.columns if c.required for n in (c.key, *c.names.values()) if n}
        wanted |= {nz.fold_label(simplified(n)) for n in list(wanted)}
        for sheet in data.unknown_sheets:
            heads = {nz.fold_label(v) for v in (sheet.grid[0] if sheet.grid else ()) if isinstance(v, str)}
            if len(heads & wanted) >= min(3, len(wanted)):
                name = spec.name(data.lang)
                problems.append(error(INPUT_RENAMED, Where(sheet.name, "A1"), sheet=sheet.name, name=name))
                break


def _event(ld: Loader, data: EventData) -> Settings:
    """The Event sheet: the event's size and format (the seed is settled once the roster is read)."""
    ev = ld.event(S.EVENT, S.LANGS, S.DEFAULT_LANG)
    data.boards_per_round = ev.integer("boards_per_round", 6, low=1, high=50)
    data.rounds = ev.integer("rounds", 5, low=1, high=100)
    data.where_rounds = ev.where("rounds")
    data.format = ev.choice("format", S.FORMAT_CHOICES, "individual")
    return ev


def _rules(ld: Loader, data: EventData) -> None:
    """The Rules sheet: how a board is scored, Neuberg, and the tie-breaks."""
    ru = ld.settings(S.RULES)
    preset = ru.choice("kitty_preset", S.KITTY_CHOICES, "national")
    threshold = ru.integer("threshold", 80, low=POINT_UNIT, high=TOTAL_POINTS)
    step = ru.integer("step", 40, low=POINT_UNIT, high=TOTAL_POINTS)
    cap: int | None
    if ("cap" in ru and ru.blank("cap")) or nz.fold_label(ru.text("cap")) in NO_CAP:
        cap = None  # emptied on the sheet: no cap
    else:
        cap = ru.integer("cap", 3, low=1, high=20)
    table: BandTable | None = None
    if not ru.blank("bands"):
        try:
            table = parse_band_table(ru.text("bands"))
        except BandTableError as exc:
            ru.invalid("bands", exc.texts)
    data.rules = BoardRules(preset, Bands(threshold, step, cap), table)
    data.neuberg = ru.choice("neuberg", S.ON_OFF_CHOICES, "on") == "on"
    data.time_drop = int(ru.choice("time_drop", S.TIME_DROP_CHOICES, "1"))
    data.rate_ranking = ru.choice("rate_ranking", S.RATE_RANKING_CHOICES, "exact")
    data.avoid_repeats = ru.choice("avoid_repeats", S.AVOID_REPEATS_CHOICES, "off")
    data.average_plus = ru.integer("average_plus", 60, low=50, high=100)
    data.average_minus = ru.integer("average_minus", 40, low=0, high=50)
    data.where_tiebreaks = ru.where("tiebreaks")
    if not ru.blank("tiebreaks"):
        keys = [nz.fold_label(k) for k in re.split(r"[,，;；、\s]+", ru.text("tiebreaks")) if k.strip()]
        unknown = [k for k in keys if k not in TIEBREAK_WORDS]
        if unknown:
            ru.invalid(
                "tiebreaks",
                every_lang(
                    "「{word}」不是同分決勝方式（time、lot）",
                    "'{word}' is not a tie-break (time, lot)",
                    word=unknown[0],
                ),
            )
        else:
            data.tiebreaks = tuple(dict.fromkeys(TIEBREAK_WORDS[k] for k in keys))


def _players(ld: Loader, rd: Reader, data: EventData) -> None:
    """The Players sheet: the roster, and in the pairs format its partnerships."""
    problems = ld.problems
    seen: dict[str, int] = {}
    members: dict[str, list[Player]] = {}
    for row in _rows(ld, S.PLAYERS):
        pid = rd.code(row, "id", required=True)
        if not pid:
            continue
        if pid in seen:
            problems.append(error(PLAYER_ID_DUPLICATE, row.where["id"], player=pid, other=seen[pid]))
            continue
        seen[pid] = row.number
        withdrawn = rd.integer(row, "withdrawn_after")
        if withdrawn is not None and withdrawn < 0:
            problems.append(
                error(
                    OUT_OF_RANGE,
                    row.where["withdrawn_after"],
                    value=withdrawn,
                    what=_label(row, "withdrawn_after"),
                    expected="0 or more",
                )
            )
            withdrawn = None
        p = Player(pid, rd.text(row, "name") or "", rd.code(row, "pair") or "", withdrawn, row.where)
        data.players[pid] = p
        if p.pair:
            members.setdefault(p.pair, []).append(p)
    if data.pairs_format:
        for p in data.players.values():
            if not p.pair:
                problems.append(error(PAIR_MISSING, p.where["pair"], player=p.id))
        for pair, ps in members.items():
            if len(ps) != 2:
                problems.append(error(PAIR_SIZE, ps[-1].where["pair"], pair=pair, count=len(ps)))
            else:
                data.pairs[pair] = (ps[0].id, ps[1].id)


def _seating(ld: Loader, rd: Reader, data: EventData) -> None:
    """The Seating sheet's rows, each read on its own (the rounds are checked as a whole in compute)."""
    problems = ld.problems
    seat_words: dict[Any, str] = {}
    player_codes: dict[Any, str] = {}
    for row in _rows(ld, S.SEATING):
        rnd = _whole(rd, row, "round", required=True)
        tbl = _whole(rd, row, "table")
        seat = _remembered(seat_words, lambda r, k: rd.choice(r, k, S.SEAT_CHOICES), row, "seat")
        pid = _remembered(player_codes, lambda r, k: rd.code(r, k, required=True), row, "player")
        if (
            rnd is None
            or pid is None
            or (not row.blank("table") and tbl is None)
            or (not row.blank("seat") and seat is None)
        ):
            continue
        if not 1 <= rnd <= data.rounds:
            problems.append(
                error(
                    OUT_OF_RANGE,
                    row.where["round"],
                    value=rnd,
                    what=_label(row, "round"),
                    expected=f"1–{data.rounds} (Event rounds)",
                )
            )
            continue
        if tbl is not None and not 1 <= tbl <= MAX_TABLES:
            problems.append(
                error(
                    OUT_OF_RANGE, row.where["table"], value=tbl, what=_label(row, "table"), expected=f"1–{MAX_TABLES}"
                )
            )
            continue
        data.seating.append(SeatRow(rnd, tbl, seat if tbl is not None else None, pid, row.where))


def _rows(ld: Loader, spec: SheetSpec) -> Iterator[Row]:
    """The rows of an input table sheet, as ``Loader.table`` reads them, one at a time: what
    staff typed is kept in ``data.raw`` as TypedRows to be written back, and each Row is let go
    once the loop has read it (a sheet's rows are never held twice over)."""
    sheet = ld.sheet(spec)
    if sheet is None:
        return
    rows: list[Row | None] = read_table(sheet, spec, ld.problems)  # type: ignore[assignment]
    typed: list[Any] = []
    ld.data.raw[spec.key] = typed
    pack = RowPacker()
    for i, row in enumerate(rows):
        rows[i] = None
        typed.append(pack(row.values))
        yield row


class TypedRow(Mapping):
    """One input row as staff typed it, kept to be written back: its values in a tuple, the
    column keys shared by every row of its sheet (a dict a row would cost several times more
    on a sheet of thousands of rows)."""

    __slots__ = ("_index", "_values")

    def __init__(self, index: dict[str, int], values: tuple[Any, ...]):
        self._index = index
        self._values = values

    def __getitem__(self, key: str) -> Any:
        return self._values[self._index[key]]

    def get(self, key: str, default: Any = None) -> Any:
        i = self._index.get(key)
        return default if i is None else self._values[i]

    def __iter__(self):
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def __repr__(self) -> str:
        return repr(dict(self))


class RowPacker:
    """Rows of one sheet (all with the same keys, as a sheet is read) into TypedRows sharing
    their keys and equal values: a sheet's many 1.0s and 'NS's are one object each. A row of
    other keys is kept as a dict of its own."""

    def __init__(self) -> None:
        self.keys: tuple[str, ...] | None = None
        self.index: dict[str, int] = {}
        self.floats: dict[float, float] = {}
        self.texts: dict[str, str] = {}

    def __call__(self, row: dict[str, Any]) -> Mapping[str, Any]:
        keys = tuple(row)
        if self.keys is None:
            self.keys, self.index = keys, {k: i for i, k in enumerate(keys)}
        elif keys != self.keys:
            return dict(row)
        floats, texts = self.floats, self.texts
        values = []
        for v in row.values():
            kind = type(v)
            if kind is float and v:  # not 0.0: -0.0 equals it and would take its place
                v = floats.setdefault(v, v)
            elif kind is str:
                v = texts.setdefault(v, v)
            values.append(v)
        return TypedRow(self.index, tuple(values))


def _label(row: Row, key: str) -> dict[str, str]:
    return row.labels.get(key) or {"en": key}


def _whole(rd: Reader, row: Row, key: str, required: bool = False) -> int | None:
    """``rd.integer``, with the cells it reads without a problem the most often (a whole number
    stored as a number, an empty optional cell) read directly."""
    v = row.values.get(key)
    if type(v) is float and v.is_integer() and -MAX_MAGNITUDE <= v <= MAX_MAGNITUDE:
        return int(v)
    if v == "" and not required:
        return None
    return rd.integer(row, key, required=required)


def _remembered(known: dict[Any, str], read: Callable[[Row, str], str | None], row: Row, key: str) -> str | None:
    """``read(row, key)``, remembered by the text or number typed: a column holds few distinct
    values. Only what reads without a problem is remembered, so each problem is still put on its own cell."""
    v = row.values.get(key)
    kind = type(v)
    if kind is not str and kind is not float:
        return read(row, key)
    got = known.get(v)
    if got is None:
        got = read(row, key)
        if got is not None:
            known[v] = got
    return got


def score_bound(rules: BoardRules) -> int:
    """The largest board score a side can have under the bands (3 with the default cap): a typed
    score_ns beyond it is a typing mistake, captured points in the wrong column as often as not."""
    return max(abs(net) for _low, _high, net in rules.band_edges)


def _board_row(
    row: Row,
    rd: Reader,
    problems: list[Problem],
    rounds: int,
    declarers: dict[Any, str],
    bound: int = 3,
    words: Mapping[str, Fraction] | None = None,
) -> BoardRow:
    before = len(problems)
    rnd = _whole(rd, row, "round", required=True)
    tbl = _whole(rd, row, "table", required=True)
    board = _whole(rd, row, "board", required=True)
    declarer = _remembered(declarers, lambda r, k: rd.choice(r, k, S.DECLARER_CHOICES), row, "declarer")
    captured = _whole(rd, row, "captured")
    kitty = _whole(rd, row, "kitty")
    score_ns = _whole(rd, row, "score_ns")
    lead = None
    if not row.blank("last_lead"):
        try:
            lead = _last_lead(nz.clean_text(row.values["last_lead"]))
            if lead.pairs > HAND_SIZE // 2:  # 25 cards hold at most 12 pairs
                raise ValueError("more pairs than a hand holds")
        except ValueError:
            problems.append(error(LEAD_INVALID, row.where["last_lead"], value=nz.clean_text(row.values["last_lead"])))
    times = (
        _time(row, "time_n", problems),
        _time(row, "time_e", problems),
        _time(row, "time_s", problems),
        _time(row, "time_w", problems),
    )

    for key, value, high in (("round", rnd, rounds), ("table", tbl, MAX_TABLES), ("board", board, None)):
        if value is not None and (value < 1 or (high is not None and value > high)):
            expected = "1 or more" if high is None else f"1–{high}"
            problems.append(error(OUT_OF_RANGE, row.where[key], value=value, what=_label(row, key), expected=expected))
    for key, value, high in (("captured", captured, TOTAL_POINTS), ("kitty", kitty, KITTY_MAX)):
        if value is None:
            continue
        if not 0 <= value <= high:
            problems.append(
                error(OUT_OF_RANGE, row.where[key], value=value, what=_label(row, key), expected=f"0–{high}")
            )
        elif value % POINT_UNIT:
            problems.append(error(POINTS_NOT_FIVE, row.where[key], value=value))
    if (
        captured is not None
        and kitty is not None
        and captured + kitty > TOTAL_POINTS
        and captured <= TOTAL_POINTS
        and kitty <= KITTY_MAX
    ):
        problems.append(
            error(POINTS_TOO_MANY, row.where["captured"], captured=captured, kitty=kitty, total=captured + kitty)
        )
    if score_ns is not None and abs(score_ns) > bound:
        problems.append(
            error(
                OUT_OF_RANGE,
                row.where["score_ns"],
                value=score_ns,
                what=_label(row, "score_ns"),
                expected=f"−{bound} to +{bound} (the bands' net levels)",
            )
        )
    _kitty_and_lead(row, kitty, lead, problems)
    penalties = (
        _penalty(row, rd, "penalty_n", problems),
        _penalty(row, rd, "penalty_e", problems),
        _penalty(row, rd, "penalty_s", problems),
        _penalty(row, rd, "penalty_w", problems),
    )
    if penalties == NO_PENALTIES:  # nearly every row: one tuple for all of them
        penalties = NO_PENALTIES
    adjusted = None
    if not row.blank("adjusted"):
        typed = nz.clean_text(row.values["adjusted"])
        try:
            adjusted = parse_adjusted(row.values["adjusted"], words)
        except ValueError:
            problems.append(error(ADJUSTED_INVALID, row.where["adjusted"], value=typed))
    fouled = (rd.code(row, "fouled") or "") if not row.blank("fouled") else ""
    return BoardRow(
        rnd,
        tbl,
        board,
        declarer,
        captured,
        kitty,
        lead,
        times,
        score_ns,
        row.where,
        ok=not has_errors(problems[before:]),  # a warning (a cell maybe forgotten) keeps the row
        penalties=penalties,
        adjusted=adjusted,
        fouled=fouled,
    )


def _penalty(row: Row, rd: Reader, key: str, problems: list[Problem]) -> Fraction | None:
    """A seat's procedural penalty in percent of the board's top (0–100); None for none."""
    if row.blank(key):
        return None
    value = _typed_percent(row.values[key])
    if value is None:
        value = rd.number(row, key)
    if value is None:
        return None
    if 0 < value < 1:
        # a referee's penalty is 10, 25, 50 … percent; 12.5% typed in a General cell, Excel
        # keeps as 0.125 (the reader does not see the percent format), so it is said, not guessed
        problems.append(
            warning(PENALTY_TINY, row.where[key], value=f"{float(value):g}", percent=f"{float(value) * 100:g}")
        )
    if not 0 <= value <= 100:
        problems.append(
            error(
                OUT_OF_RANGE,
                row.where[key],
                value=nz.clean_text(row.values[key]),
                what=_label(row, key),
                expected="0–100",
            )
        )
        return None
    return value or None


def _typed_percent(value: Any) -> Fraction | None:
    """'12.5%' or '１２.５％' typed as text: the column is in percent already; None otherwise."""
    if not isinstance(value, str):
        return None
    text = nz.clean_text(value)
    if not text.endswith(("%", "％")):
        return None
    try:
        return nz.parse_number(text[:-1])
    except ValueError:
        return None


def adjusted_words(plus: int = 60, minus: int = 40) -> dict[str, Fraction]:
    """The artificial scores a referee awards, as bridge directors name them: average plus,
    average and average minus (60, 50 and 40 percent by default, settings on Rules)."""
    return {"A+": Fraction(plus, 100), "A=": Fraction(1, 2), "A": Fraction(1, 2), "A-": Fraction(minus, 100)}


def parse_adjusted(value: Any, words: Mapping[str, Fraction] | None = None) -> tuple[Fraction, Fraction]:
    """An adjusted score as (NS rate, EW rate): '60/40', '60%/40%', 'A+/A-', 'A=', 50 (one value:
    both sides'); ValueError otherwise. Rates are given in percent, 0–100; ``words`` are what A+,
    A= and A- stand for (``adjusted_words()``)."""
    words = adjusted_words() if words is None else words
    import unicodedata

    if type(value) is float:
        text = f"{value:g}"
    else:
        text = unicodedata.normalize("NFKC", nz.clean_text(value)).upper().replace(" ", "")
    text = text.replace("−", "-").replace("–", "-").replace("＋", "+")
    parts = re.split(r"[/:,;|]", text)
    if not 1 <= len(parts) <= 2:
        raise ValueError("one or two rates")
    rates = []
    for part in parts:
        part = part.removesuffix("%")
        if part in words:
            rates.append(words[part])
            continue
        if not re.fullmatch(r"\d+(\.\d+)?", part):
            raise ValueError(f"'{part}' is not a rate")
        rate = Fraction(part) / 100
        if rate > 1:
            raise ValueError("a rate is at most 100")
        rates.append(rate)
    return (rates[0], rates[-1])


def _kitty_and_lead(row: Row, kitty: int | None, lead: LastLead | None, problems: list[Problem]) -> None:
    """A last lead with no kitty, or kitty points with no last lead: one of the two cells may have
    been forgotten (the kitty counts only with both), a warning on the empty one."""
    if lead is not None and kitty is None and row.blank("kitty"):
        problems.append(warning(LEAD_WITHOUT_KITTY, row.where["kitty"], lead=str(lead)))
    elif kitty and lead is None and row.blank("last_lead"):
        problems.append(warning(KITTY_WITHOUT_LEAD, row.where["last_lead"], kitty=kitty))


_MINUTES_SECONDS = re.compile(r"([0-9]+):([0-5][0-9])")

# the few shapes a sheet holds, each parsed once and shared (a LastLead is immutable)
_last_lead = lru_cache(maxsize=256)(parse_last_lead)


def parse_time(value: Any) -> int:
    """Seconds from 95, '95', '1:35', '１:３５', '0:01:35'; ValueError when it is not a time.
    An Excel time of an hour or more is refused (see TIME_AMBIGUOUS): Excel reads 1:35 typed
    in a number cell as 1 hour 35 minutes, and which was meant cannot be known."""
    kind = type(value)
    if (kind is int or kind is float and value.is_integer()) and value >= 0:
        return int(value)  # seconds as a number: what the text path below gives, without it
    if kind is str:
        m = _MINUTES_SECONDS.fullmatch(value)
        if m:  # the common '4:04', as the last pattern below reads it
            return int(m.group(1)) * 60 + int(m.group(2))
    if isinstance(value, datetime.timedelta) and value.days:
        return _serial_seconds(value.days, value.seconds + value.microseconds / 1e6)
    if isinstance(value, datetime.timedelta):
        seconds = value.total_seconds()
    elif isinstance(value, datetime.time):
        seconds = value.hour * 3600 + value.minute * 60 + value.second
    elif isinstance(value, datetime.datetime):
        day = value.time()
        return _serial_seconds(
            _excel_serial(value.date()), day.hour * 3600 + day.minute * 60 + day.second + day.microsecond / 1e6
        )
    elif isinstance(value, datetime.date):
        return _serial_seconds(_excel_serial(value), 0)
    else:
        if isinstance(value, float) and not value.is_integer():
            raise ValueError("not whole seconds")
        text = nz.clean_text(value)
        import unicodedata

        text = unicodedata.normalize("NFKC", text).strip().replace("：", ":").replace(" ", "")
        text = text.replace("′′", '"').replace("″", '"').replace("′", "'")  # NFKC turns ″ into two primes
        # 5分07秒, 5′07″, 5'07", 307秒, 5分: the ways a slip writes minutes and seconds
        m = re.fullmatch(r"(?:(\d+)(?:分|′|'))?(?:(\d+)(?:秒|″|\"|s)?)?", text)
        if m and (m.group(1) or m.group(2)) and not text.isdigit():
            minutes, secs = int(m.group(1) or 0), int(m.group(2) or 0)
            if m.group(1) and m.group(2) and secs > 59:
                raise ValueError("not a time")
            return minutes * 60 + secs
        if re.fullmatch(r"\d+", text):
            return int(text)
        m = re.fullmatch(r"(?:(\d+):)?(\d+):([0-5]\d)", text)
        if not m:
            raise ValueError("not a time")
        hours, minutes, secs = int(m.group(1) or 0), int(m.group(2)), int(m.group(3))
        if m.group(1) is not None and minutes > 59:
            raise ValueError("not a time")
        return hours * 3600 + minutes * 60 + secs
    if seconds >= 3600:
        raise OverflowError("an Excel time of an hour or more")
    if seconds != int(seconds):
        raise ValueError("not whole seconds")
    return int(seconds)


class TimeAsDate(ValueError):
    """A number typed in a cell formatted as a date or time, that is not a time of day: Excel
    holds it as ``serial`` days (a text: '59 or 60' where its calendar cannot tell)."""

    def __init__(self, serial: str):
        super().__init__(f"{serial} days")
        self.serial = serial


_EXCEL_EPOCH = datetime.date(1899, 12, 30)
_EXCEL_LEAP_BUG = datetime.date(1900, 2, 28)  # serials 59 and 60 (Excel's 29 February 1900) read alike


def _excel_serial(day: datetime.date) -> int:
    """The Excel serial number a date stands for (1 = 1 January 1900, Excel's calendar)."""
    if day == _EXCEL_LEAP_BUG:
        raise TimeAsDate("59 or 60")
    if day < _EXCEL_LEAP_BUG:
        return (day - _EXCEL_EPOCH).days - 1
    return (day - _EXCEL_EPOCH).days


def _serial_seconds(days: int, seconds_of_day: float) -> int:
    """What the scorer typed in a date- or time-formatted cell: a whole number N shows as a date
    or as N days, and N is read as N seconds, as in a number cell; anything else is refused."""
    if seconds_of_day:
        raise TimeAsDate(f"{days + seconds_of_day / 86400:g}")
    return days


def _time(row: Row, key: str, problems: list[Problem]) -> int | None:
    value = row.values.get(key)
    if nz.is_blank(value):
        return None
    try:
        seconds = parse_time(value)
        if seconds >= 3600:  # a board is played in minutes: an hour or more is a typing mistake
            problems.append(error(TIME_TOO_LONG, row.where[key], value=seconds))
            return None
        return _SECONDS.setdefault(seconds, seconds)
    except TimeAsDate as exc:
        problems.append(error(TIME_AS_DATE, row.where[key], value=exc.serial))
    except OverflowError:
        shown = value.strftime("%H:%M:%S") if isinstance(value, datetime.time) else nz.clean_text(value)
        problems.append(error(TIME_AMBIGUOUS, row.where[key], value=shown))
    except ValueError:
        problems.append(error(TIME_INVALID, row.where[key], value=nz.clean_text(value)))
    return None
