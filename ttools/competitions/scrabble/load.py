"""Workbook -> typed Scrabble records and problems. Reads canonical English or localized sheet
and column names; every record keeps its cells so the checks can point at them."""

from __future__ import annotations

import datetime
import json
import re
import sys
from dataclasses import dataclass, field
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ttools.competitions.scrabble import schema as S
from ttools.competitions.scrabble.results import Game, Player, ResultRules
from ttools.competitions.scrabble.prizes import read_prizes
from ttools.competitions.scrabble.ratings import rating_setting
from ttools.competitions.common import EventBase, Loader, Settings, every_lang
from ttools.i18n import simplified, with_simplified
from ttools.problems import Problem, Where, define, error, warning
from ttools.workbook import normalize as nz
from ttools.workbook.normalize import natural_key
from ttools.workbook.read import Book
from ttools.workbook.schema import Places, Reader, Row, choice_map, read_table, unknown_sheets

PLAYER_ID_DUPLICATE = define(
    "player-id-duplicate",
    "player id {player} is listed twice (also on row {other})",
    "參賽者編號 {player} 重複（另見第 {other} 列）",
)
OUT_OF_RANGE = define(
    "value-out-of-range",
    "'{value}' is out of range for {what}: {expected}",
    "「{value}」超出{what}之範圍：{expected}",
    simplified("「{value}」超出{what}的範圍：{expected}"),
)  # as Shuangsheng words it: one code, one message
ROUND_DUPLICATE = define(
    "round-duplicate",
    "round {round} is listed twice on the Rounds sheet (also on row {other})",
    "回合表中第 {round} 回合重複（另見第 {other} 列）",
)
ROUND_DIVISION_UNKNOWN = define(
    "round-division-unknown",
    "the Rounds sheet names division {division}, which has no players; the row is not used",
    "回合表列出之 {division} 組沒有參賽者；此列不用",
)
BOARD_INVALID = define(
    "board-invalid",
    "{player}'s reserved board {board} is also reserved for {other}; {player} is paired to a table as usual",
    "{player} 之固定桌號 {board} 亦為 {other} 所用；{player} 按編配入座",
)
BASED_ON_INVALID = define(
    "based-on-invalid",
    "round {round} cannot be paired from the standings after round {based_on}: use an earlier round (0 = by rating)",
    "第 {round} 回合不能依第 {based_on} 回合後之排名編配：請填較早之回合（0＝依評分）",
)
YES_NO_INVALID = define(
    "yes-no-invalid",
    "'{value}' is not understood: write 1 (or yes) to keep same-club players apart, or leave it empty",
    "「{value}」無法判讀：同會迴避請填 1（或 yes），否則留空",
)
DATE_INVALID = define(
    "date-invalid",
    "'{value}' is not a date (write YYYY-MM-DD); the WESPA .tou export uses today's date",
    "「{value}」不是日期（請寫 YYYY-MM-DD）；WESPA .tou 匯出將用當日日期",
)

ROUND1_CHOICES = choice_map(
    ("rating", "random"),
    with_simplified({"評分": "rating", "依評分": "rating", "隨機": "random", "電腦隨機": "random"}),
)
RANK_CHOICES = choice_map(
    ("shared", "strict"),
    with_simplified({"同名次": "shared", "並列": "shared", "逐行": "strict", "不並列": "strict"}),
)
WITHDRAWN_CHOICES = choice_map(
    ("below", "ranked", "hidden"),
    with_simplified(
        {"列於最後": "below", "排名": "ranked", "一同排名": "ranked", "不列出": "hidden", "隱藏": "hidden"}
    ),
)
RR_CHOICES = choice_map(
    ("single", "double"), with_simplified({"單循環": "single", "雙循環": "double", "1": "single", "2": "double"})
)
_YES = {"1", "x", "y", "yes", "true", "是", "✓", "✔", "v", "on"}
_NO = {"0", "n", "no", "false", "否", "off"}


@dataclass(frozen=True)
class RoundSpec:
    """One row of the Rounds sheet: how round ``round`` is paired in ``division`` ("" = every division)."""

    round: int
    method: str  # random | ad | koth | rr | if | swiss
    based_on: int  # standings after this round (0 = before any game)
    repeats: int = 0  # times a pair may have met before
    avoid_club: bool = False
    where: dict[str, Where] = field(default_factory=dict, compare=False, hash=False)
    division: str = ""


@dataclass(frozen=True)
class Published:
    """A pairing ttools wrote out earlier (kept on the hidden _published sheet)."""

    round: int
    division: str
    player1: str
    player2: str | None


@dataclass
class EventData(EventBase):
    lang: str = "zh-Hant"
    date: datetime.date | None = None
    rules: ResultRules = field(default_factory=ResultRules)
    round1: str = "rating"
    double_rr: bool = False
    strict_ranks: bool = False
    withdrawn: str = "below"  # where withdrawn players are printed: below | ranked | hidden (standings.WITHDRAWN)
    players: dict[str, Player] = field(default_factory=dict)  # id -> player, in sheet order
    rounds: dict[int, RoundSpec] = field(default_factory=dict)  # the rows for every division
    division_rounds: dict[str, dict[int, RoundSpec]] = field(default_factory=dict)  # a division's own rows
    gibson: bool = False
    gibson_spread: int = 500  # per remaining game, when there is no spread cap
    reserved: dict[str, int] = field(default_factory=dict)  # player id -> the board they always get
    stable_boards: int = 0  # top tables of each division that keep their players
    games: list[Game] = field(default_factory=list)  # every Results row, as typed
    game_rows: Sequence[int] = field(default_factory=list)  # index of each game's row in raw["Results"]
    # the table typed on each game's row, kept when raw["Results"] is let go once written back
    typed_tables: Sequence[Any] | None = None
    published: list[Published] = field(default_factory=list)
    rating_systems: dict[str, str] = field(default_factory=dict)  # division ("" = the rest) -> system, as typed
    prizes: list[Any] = field(default_factory=list)  # the Prizes sheet (prizes.PrizeSpec), in award order
    setup_errors: bool = False  # Event/Rules/Players/Rounds have errors: nothing is paired from a guess

    @property
    def divisions(self) -> list[str]:
        return sorted({p.division for p in self.players.values()}, key=natural_key)

    def plan(self, division: str) -> dict[int, RoundSpec]:
        """How each round of ``division`` is paired: the rows for every division, a row of the
        division's own for the same round taking its place."""
        own = self.division_rounds.get(division)
        if not own:
            return self.rounds
        return dict(sorted({**self.rounds, **own}.items()))


def load(book: Book) -> tuple[EventData, list[Problem]]:
    problems: list[Problem] = []
    data = EventData()
    rd = Reader(problems)
    ld = Loader(book, data, problems)
    ev = _event(ld, data, problems)
    _rules(ld, data, ev)
    _players(ld, rd, data, problems)
    _rounds(ld, rd, data, problems)
    ld.seed(ev, *sorted(data.players, key=natural_key))
    data.setup_errors = any(p.severity == "error" for p in problems)
    data.prizes = read_prizes(ld.table(S.PRIZES), rd, data.players, problems)  # its errors block no pairing
    _results(ld, data, problems)
    data.published += _published(book)
    # sheets ttools does not know: carried over
    outputs = [n for names in S.OUTPUTS.values() for n in names.values()] + list(S.OUTPUTS) + list(S.GUIDE.values())
    data.unknown_sheets = unknown_sheets(book, S.INPUT_SHEETS, outputs, problems)
    return data, problems


def _event(ld: Loader, data: EventData, problems: list[Problem]) -> Settings:
    """The Event sheet: the event's language, name and seed (through the Loader) and its date."""
    ev = ld.event(S.EVENT, ("zh-Hant", "zh-Hans", "en"), "zh-Hant")
    if not ev.blank("date"):
        data.date = _date(ev.raw("date"))
        if data.date is None:
            problems.append(warning(DATE_INVALID, ev.where("date"), value=ev.text("date")))
    return ev


def _rules(ld: Loader, data: EventData, ev: Settings) -> None:
    """What a result counts for (bye and forfeit spreads on Event, the rest on Rules), how round 1,
    round robins and places are made."""
    bye = ev.integer("bye_spread", 50, low=0)
    forfeit = ev.integer("forfeit_spread", 100, low=1)
    ru = ld.settings(S.RULES)
    overtime_points = ru.integer("overtime_points", 10, low=0)
    overtime_limit = ru.integer("overtime_limit", 10, low=0)
    low = ru.integer("score_low", -100)
    high = ru.integer("score_high", 1000)
    if high < low:
        other = ru.label("score_low")
        ru.invalid(
            "score_high",
            every_lang("不得低於{other}（{low}）", "must not be below {other} ({low})", other=other, low=low),
        )
        low, high = -100, 1000
    data.round1 = ru.choice("round1", ROUND1_CHOICES, "rating")
    data.double_rr = ru.choice("round_robin", RR_CHOICES, "single") == "double"
    data.rules = ResultRules(
        bye_spread=bye,
        forfeit_spread=forfeit,
        overtime_penalty=overtime_points,
        overtime_limit=overtime_limit,
        plausible_low=low,
        plausible_high=high,
        spread_cap=_caps_setting(ru, "spread_cap"),
    )
    data.strict_ranks = ru.choice("ranks", RANK_CHOICES, "shared") == "strict"
    data.withdrawn = ru.choice("withdrawn", WITHDRAWN_CHOICES, "below")
    data.rating_systems = rating_setting(ru, "rating_system")
    data.gibson = _on(ru, "gibson")
    data.gibson_spread = ru.integer("gibson_spread", 500, low=1)
    data.stable_boards = ru.integer("stable_boards", 0, low=0)


def _players(ld: Loader, rd: Reader, data: EventData, problems: list[Problem]) -> None:
    """The roster, in sheet order; a row with a bad rating or withdrawal round is left out."""
    seen: dict[str, int] = {}
    for row in ld.table(S.PLAYERS):
        if all(row.blank(k) for k in ("name", "rating", "club", "withdrawn_after", "board")):
            continue  # a pre-sized row still waiting for its player
        pid = rd.code(row, "id", required=True)
        rating = rd.integer(row, "rating")
        withdrawn = rd.integer(row, "withdrawn_after")
        division = rd.code(row, "division") or S.DEFAULT_DIVISION
        if rating is not None and rating < 0:
            problems.append(
                error(OUT_OF_RANGE, row.where["rating"], value=rating, what=_label(row, "rating"), expected="0 or more")
            )
            continue
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
            continue
        if not pid:
            continue
        if pid in seen:
            problems.append(error(PLAYER_ID_DUPLICATE, row.where["id"], player=pid, other=seen[pid]))
            continue
        seen[pid] = row.number
        board = rd.integer(row, "board")
        if board is not None and board < 1:
            problems.append(
                error(OUT_OF_RANGE, row.where["board"], value=board, what=_label(row, "board"), expected="1 or more")
            )
        elif board is not None:
            other = next((o for o, b in data.reserved.items() if b == board), None)
            if other is not None:
                problems.append(warning(BOARD_INVALID, row.where["board"], player=pid, board=board, other=other))
            else:
                data.reserved[pid] = board
        data.players[pid] = Player(
            pid,
            rd.text(row, "name") or "",
            rating or 0,
            rd.text(row, "club") or "",
            division,
            withdrawn,
            row.where,
            rating_class=rd.code(row, "class") or "",
            name_latin=rd.text(row, "name_latin") or "",
            career_games=_career_games(rd, row, problems),
            tsh_line=rd.text(row, "tsh") or "",
        )


def _career_games(rd: Reader, row: Row, problems: list[Problem]) -> int | None:
    games = rd.integer(row, "games")
    if games is not None and games < 0:
        problems.append(
            warning(OUT_OF_RANGE, row.where["games"], value=games, what=_label(row, "games"), expected="0 or more")
        )
        return None
    return games


def _rounds(ld: Loader, rd: Reader, data: EventData, problems: list[Problem]) -> None:
    """The pairing plan: how each round is paired (組合對手原則), one row per round and division
    (an empty division: every division)."""
    round_rows: dict[tuple[str, int], int] = {}
    known = set(data.divisions)
    for row in ld.table(S.ROUNDS):
        rnd = rd.integer(row, "round", required=True)
        method = rd.choice(row, "method", S.METHOD_CHOICES, required=True)
        based_on = rd.integer(row, "based_on")
        repeats = rd.integer(row, "repeats")
        avoid = _yes_no(row, "avoid_club", problems)
        if rnd is not None and rnd < 1:
            problems.append(
                error(OUT_OF_RANGE, row.where["round"], value=rnd, what=_label(row, "round"), expected="1 or more")
            )
            continue
        if repeats is not None and repeats < 0:
            problems.append(
                error(
                    OUT_OF_RANGE, row.where["repeats"], value=repeats, what=_label(row, "repeats"), expected="0 or more"
                )
            )
            continue
        division = rd.code(row, "division") or ""
        if rnd is None or method is None or avoid is None:
            continue
        if based_on is not None and not 0 <= based_on < rnd:
            problems.append(error(BASED_ON_INVALID, row.where["based_on"], round=rnd, based_on=based_on))
            continue
        if division and division not in known:
            problems.append(warning(ROUND_DIVISION_UNKNOWN, row.where["division"], division=division))
            continue
        if (division, rnd) in round_rows:
            problems.append(error(ROUND_DUPLICATE, row.where["round"], round=rnd, other=round_rows[division, rnd]))
            continue
        round_rows[division, rnd] = row.number
        spec = RoundSpec(
            rnd, method, rnd - 1 if based_on is None else based_on, repeats or 0, avoid, dict(row.where), division
        )
        (data.division_rounds.setdefault(division, {}) if division else data.rounds)[rnd] = spec


def _results(ld: Loader, data: EventData, problems: list[Problem]) -> None:
    """Every Results row as a slip (checked later, as a whole: see compute); what staff typed is
    kept to be written back, one compact row per slip."""
    sheet = ld.sheet(S.RESULTS)
    if sheet is None:
        return
    typed = data.raw["Results"] = []
    rows = read_table(sheet, S.RESULTS, problems)
    shared: dict[Any, Any] = {}
    for i in range(len(rows)):
        row, rows[i] = rows[i], None  # each row as read is let go once its slip is made
        data.games.append(_game(row, shared))
        typed.append(ResultRow(row.values, shared))
    data.game_rows = range(len(rows))  # slip i is row i


def _published(book: Book) -> list[Published]:
    """The pairings published earlier, from the hidden _published sheet."""
    sheet = book.get("_published")
    if sheet is None:
        return []
    published: list[Published] = []
    for row in read_table(sheet, S.PUBLISHED, []):
        try:
            rnd = nz.parse_int(row.values["round"])
            pairs = json.loads(nz.clean_text(row.values["pairs"]))
            division = nz.parse_code(row.values["division"])
            published += [
                Published(rnd, division, nz.parse_code(a), nz.parse_code(b) if b else None) for a, b in pairs if a
            ]
        except (ValueError, TypeError):
            continue  # a damaged record only costs the check against it
    return published


def _label(row: Row, key: str) -> dict[str, str]:
    return row.labels.get(key) or {"en": key}


def _parsed(value: Any, parse) -> Any:
    """The value parsed, or as typed when it cannot be (the slip checks then name it)."""
    if nz.is_blank(value):
        return None
    try:
        return parse(value)
    except ValueError:
        return nz.clean_text(value)


def _whole(value: Any) -> Any:
    """A whole number as typed (a number cell is the usual case, and the quick one; then an empty one)."""
    if type(value) is float and value.is_integer():
        return int(value)
    if value == "" or value is None:
        return None
    return _parsed(value, nz.parse_int)


def _minutes(value: Any) -> Any:
    """Minutes over time as typed, exactly (0 when empty)."""
    if value == "" or value is None:
        return 0
    return _parsed(value, nz.parse_number) or 0


def _player(value: Any) -> str:
    """A player id as the roster has it; the few hundred ids of thousands of slips share their strings."""
    if type(value) is float and value.is_integer():
        return sys.intern(str(int(value)))
    if type(value) is str and value.isascii() and value.isalnum():
        return sys.intern(value.upper())
    return "" if value == "" or nz.is_blank(value) else sys.intern(nz.parse_code(value))


def _shared(value: Any, shared: dict[Any, Any]) -> Any:
    """One object for equal values of a sheet (its many 1.0s and 350.0s, its repeated ids): the
    rows written back hold tens of thousands of them. Not 0.0, which -0.0 equals and would
    replace; keyed with the type, so that 1.0 and 1 (equal, one hash) stay apart."""
    kind = type(value)
    if (kind is float and value) or kind is str or kind is int:
        return shared.setdefault((kind, value), value)
    return value


class ResultRow(Mapping):
    """One Results row as typed, to be written back: its values in slots (a large event has
    thousands of slips, and a dict per row weighs three times as much)."""

    __slots__ = (
        "round",
        "table",
        "player1",
        "score1",
        "player2",
        "score2",
        "overtime1",
        "overtime2",
        "forfeit",
        "first",
        "penalty1",
        "penalty2",
    )

    def __init__(self, values: Mapping[str, Any], shared: dict[Any, Any] | None = None) -> None:
        v = values.get if shared is None else (lambda key, default: _shared(values.get(key, default), shared))
        (
            self.round,
            self.table,
            self.player1,
            self.score1,
            self.player2,
            self.score2,
            self.overtime1,
            self.overtime2,
            self.forfeit,
            self.first,
            self.penalty1,
            self.penalty2,
        ) = (
            v("round", ""),
            v("table", ""),
            v("player1", ""),
            v("score1", ""),
            v("player2", ""),
            v("score2", ""),
            v("overtime1", ""),
            v("overtime2", ""),
            v("forfeit", ""),
            v("first", ""),
            v("penalty1", ""),
            v("penalty2", ""),
        )

    def __getitem__(self, key: str) -> Any:
        if key in _RESULT_KEYS:
            return getattr(self, key)
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key) if key in _RESULT_KEYS else default

    def __contains__(self, key: object) -> bool:
        return key in _RESULT_KEYS

    def __iter__(self) -> Iterator[str]:
        return iter(self.__slots__)

    def __len__(self) -> int:
        return len(self.__slots__)

    def __repr__(self) -> str:
        return f"ResultRow({dict(self)!r})"


_RESULT_KEYS = frozenset(ResultRow.__slots__)
assert ResultRow.__slots__ == tuple(c.key for c in S.RESULTS.columns), "ResultRow holds the Results columns"


class _SlipPlaces(Mapping):
    """A slip's cells as read, plus "row": the slip as a whole, pointed at by its player1 cell.
    Nothing is built until a problem points somewhere (7,500 slips, 6 cells each)."""

    __slots__ = ("_cells",)

    def __init__(self, cells: Mapping[str, Where]) -> None:
        self._cells = cells

    def __getitem__(self, key: str) -> Where:
        return self._cells["player1" if key == "row" else key]

    def __iter__(self) -> Iterator[str]:
        yield from (k for k in self._cells if k != "row")
        yield "row"

    def __len__(self) -> int:
        return sum(1 for _ in self)


class _SlipCells(Places):
    """A slip's cells where the slip was read from a table (the usual case): the row's own
    Places, as one object instead of two and the row number it holds (30,000 slips of a large
    event), plus "row" as _SlipPlaces has it."""

    __slots__ = ()

    def __init__(self, where: Places) -> None:
        super().__init__(where._table, where._number)

    def __getitem__(self, key: str) -> Where:
        return super().__getitem__("player1" if key == "row" else key)

    def __iter__(self) -> Iterator[str]:
        yield from (k for k in super().__iter__() if k != "row")
        yield "row"

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _slip_places(where: Mapping[str, Where]) -> Mapping[str, Where]:
    return _SlipCells(where) if type(where) is Places else _SlipPlaces(where)


def _game(row: Row, shared: dict[Any, Any] | None = None) -> Game:
    v = row.values.get
    if shared is None:
        whole = _whole
    else:  # equal numbers one object each, as in the rows written back (ints past 256 are not)

        def whole(value: Any) -> Any:
            return _shared(_whole(value), shared)

    round_ = whole(v("round"))
    player2 = v("player2")
    table = whole(v("table"))
    return Game(
        round_ if round_ is not None else "",
        _player(v("player1")),
        whole(v("score1")),
        _player(player2) or None,
        whole(v("score2")),
        _minutes(v("overtime1")),
        _minutes(v("overtime2")),
        whole(v("forfeit")),
        _first(v("first"), player2),
        _slip_places(row.where),
        whole(v("penalty1")) or 0,
        whole(v("penalty2")) or 0,
        table if isinstance(table, int) else None,
    )


def _first(value: Any, player2: Any) -> Any:
    """Who started: by convention the player1 column; 2 = player2; 0 or ? = not known (None)."""
    if player2 == "" or nz.is_blank(player2):
        return None
    if value == "" or nz.is_blank(value):
        return 1
    text = nz.clean_text(value)
    if text in ("?", "？", "0"):
        return None
    return _whole(value)  # 1 or 2; anything else is named by the slip checks


def _caps_setting(ru: Settings, key: str) -> tuple[int, ...]:
    """A spread cap: one number, or one per round ("200, 700" or TSH's "[200, 700]")."""
    if ru.blank(key):
        return ()
    raw = ru.raw(key)
    if isinstance(raw, (int, float)) and not isinstance(raw, bool) and float(raw).is_integer() and raw > 0:
        return (int(raw),)
    parts = [p for p in re.split(r"[\s,，、;\[\]]+", nz.clean_text(raw)) if p]
    try:
        caps = tuple(nz.parse_int(p) for p in parts)
    except ValueError:
        caps = ()
    if not caps or any(c <= 0 for c in caps):
        ru.invalid(
            key,
            every_lang(
                "應為一個正整數，或每輪一個、以逗號分隔",
                "a positive whole number, or one per round separated by commas, is expected",
            ),
        )
        return ()
    return caps


def _on(settings: Settings, key: str) -> bool:
    """A yes/no setting: empty is no; what cannot be read is named and taken as no."""
    if settings.blank(key):
        return False
    text = nz.fold_label(nz.clean_text(settings.raw(key)))
    if text in _YES:
        return True
    if text not in _NO:
        settings.invalid(
            key,
            every_lang("填 1（或 yes）開啟；留空或填 0 不開啟", "1 (or yes) to turn it on, empty or 0 to leave it off"),
        )
    return False


def _yes_no(row: Row, key: str, problems: list[Problem]) -> bool | None:
    raw = row.values.get(key)
    if nz.is_blank(raw):
        return False
    text = nz.fold_label(nz.clean_text(raw))
    if text in _YES:
        return True
    if text in _NO:
        return False
    problems.append(error(YES_NO_INVALID, row.where[key], value=nz.clean_text(raw)))
    return None


def _date(value: Any) -> datetime.date | None:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    text = nz.clean_text(value)
    try:
        return datetime.date.fromisoformat(text.replace("/", "-"))
    except ValueError:
        return None
