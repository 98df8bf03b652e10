"""Apply the Shengji duplicate rules to the loaded records: check the seating and the board rows,
score every board, compare each seat's result with the same seat at the other tables
(matchpoints, Neuberg where due; the referee's penalties, adjusted scores and fouled boards
applied), rank the players, and seat the next round once the last one
is complete. A round whose rows have errors is never seated from: nothing is drawn from a guess.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Callable

from ttools.competitions.shengji.load import BoardRow, EventData, SeatRow
from ttools.competitions.shengji.ranking import Record, standings, time_tiebreak
from ttools.competitions.shengji.schema import tri
from ttools.competitions.shengji.scoring import BoardScore, score_board, typed_score
from ttools.competitions.shengji.seating import (
    SEATS,
    History,
    Seat,
    avoid_repeats,
    block_repeats,
    first_round,
    history_of,
    seat_round,
)
from ttools.core.cards import Deal, deal_board
from ttools.core.draw import Draw
from ttools.core.duplicate import HALF, compare
from ttools.core.standings import Ranked
from ttools.problems import Problem, Where, define, error, has_errors, warning
from ttools.workbook.normalize import natural_key

SEAT_UNKNOWN_PLAYER = define(
    "seating-unknown-player", "player {player} is not on the Players sheet", "參賽者 {player} 不在「參賽者」表上"
)
SEAT_PLAYER_TWICE = define(
    "seating-round-player-twice",
    "player {player} is seated twice in round {round} (also on row {other})",
    "參賽者 {player} 在第 {round} 輪排了兩次（另見第 {other} 行）",
)
SEAT_TAKEN = define(
    "seating-round-seat-twice",
    "seat {seat} of table {table} in round {round} is given twice (also on row {other})",
    "第 {round} 輪第 {table} 桌的 {seat} 位重複（另見第 {other} 行）",
)
SEAT_MISSING = define(
    "seating-seat-missing",
    "a seat (N, E, S or W) is needed for a player at a table",
    "有桌號的參賽者須填方位（N、E、S 或 W）",
)
TABLE_INCOMPLETE = define(
    "seating-table-incomplete",
    "table {table} of round {round} has {count} player(s); a table seats four",
    "第 {round} 輪第 {table} 桌有 {count} 人；每桌須四人",
)
NOT_SEATED = define(
    "seating-player-missing",
    "round {round}: player {player} is neither seated nor sitting out",
    "第 {round} 輪：參賽者 {player} 既未入座也未輪空",
)
PARTNERS_APART = define(
    "seating-partners-apart",
    "round {round}, table {table}: pair {pair} does not sit together (N–S or E–W)",
    "第 {round} 輪第 {table} 桌：搭檔組 {pair} 沒有同坐南北或東西",
)
ROUND_NOT_SEATED = define(
    "board-round-not-seated",
    "round {round} has no seating yet; results need the seating ttools drew",
    "第 {round} 輪尚未排座位；成績須對應 ttools 排定的座位",
)
TABLE_UNKNOWN = define(
    "board-table-unknown",
    "there is no table {table} in round {round} (its tables: {tables})",
    "第 {round} 輪沒有第 {table} 桌（該輪桌號：{tables}）",
)
TABLE_NOT_SEATED = define(
    "board-table-not-seated",
    "table {table} of round {round} is not completely seated (see Seating): its results wait for it",
    "第 {round} 輪第 {table} 桌座位不完整（見「座位」表）：其成績待座位更正後計算",
)
BOARD_UNKNOWN = define(
    "board-number-unknown",
    "board {board} does not exist: a round has boards 1–{boards}",
    "沒有第 {board} 副：每輪為第 1–{boards} 副",
)
BOARD_TWICE = define(
    "board-entered-twice",
    "board {board} of table {table}, round {round} is entered twice (also on row {other})",
    "第 {round} 輪第 {table} 桌第 {board} 副輸入了兩次（另見第 {other} 行）",
)
NEEDED = define("board-value-needed", "{what} is needed for this board's score", "計算本副得分需要{what}")
NOT_PLAYED_WITH_POINTS = define(
    "board-not-played-with-points",
    "the board is marked not played (X) but has points or a score",
    "本副標為未打（X），卻填了分數或得分",
)
SCORE_DISAGREES = define(
    "board-score-disagrees",
    "score_ns {typed} disagrees with the score from the points ({computed})",
    "南北得分 {typed} 與由分數算出的得分（{computed}）不符",
)
PENALTY_WITHOUT_RESULT = define(
    "board-penalty-without-result",
    "a penalty is taken off a board rate, and this board has none here: it is not played (X) and has no adjusted score",
    "判罰從本副得分率中扣除，但本桌此副沒有得分率：未打（X）且沒有調整得分",
)
PENALTY_TWICE = define(
    "board-penalty-twice",
    "seat {seat} already has a penalty on this board ({other_value}% on row {other}): give the seat one penalty, "
    "the total, on one row",
    "{seat} 方位本副已有判罰（第 {other} 行，{other_value}%）：每方位每副只填一個判罰（合計），填在一行",
)
FOULED_TWICE = define(
    "board-fouled-twice",
    "this table's board is already marked fouled '{other_value}' on row {other}: one mark per table",
    "本桌此副已在第 {other} 行標為換錯牌「{other_value}」：每桌只標一次",
)
VALUE_ON_OTHER_ROW = define(
    "board-value-on-other-row",
    "not used: this row has no result, and board {board} of table {table}, round {round} has its result on "
    "row {other}; type {what} on that row",
    "未採用：本行沒有成績，第 {round} 輪第 {table} 桌第 {board} 副的成績在第 {other} 行；請把{what}填在該行",
)
TIME_MISSING = define(
    "board-time-missing",
    "the time of seat {seat} is missing while the other seats have theirs",
    "其他方位都有用時，{seat} 方位的用時卻空白",
)
SEATING_BLOCKED = define(
    "seating-blocked",
    "round {round} is not seated: fix the errors listed first (nothing is seated from a guess)",
    "第 {round} 輪暫不排座位：請先更正上列錯誤（不會依猜測排座位）",
)
TOO_FEW = define(
    "field-too-small",
    "{count} player(s): a table needs four (two pairs in the pairs format)",
    "只有 {count} 名參賽者：每桌須四人（固定搭檔賽制為兩對）",
)
LOT_USED = define(
    "ranking-by-lot",
    "rank {rank}: {players} are equal on rate and every tie-break; their order was drawn by lot — the chief referee confirms it",
    "第 {rank} 名：{players} 得分率及所有同分排序都相同，名次由抽籤決定，須經裁判長確認",
)

# what NEEDED names, in the event's language
NEEDED_WHAT = {"declarer": tri("莊家方", "declarer"), "captured": tri("抓分", "captured points")}
OTHER_ROW_WHAT = {
    "kitty": tri("底分", "the kitty points"),
    "last_lead": tri("摳底牌型", "the last lead"),
    **{f"time_{seat}": tri("用時", "the time") for seat in "nesw"},
}


@dataclass
class RoundSeating:
    round: int
    tables: dict[int, dict[str, str]] = field(default_factory=dict)  # table -> seat -> player (complete tables)
    sit_outs: list[str] = field(default_factory=list)
    errors: bool = False
    incomplete: set[int] = field(default_factory=set)  # tables seated with fewer than four

    def seat_of(self) -> dict[str, tuple[int, str]]:
        return {p: (t, s) for t, seats in self.tables.items() for s, p in seats.items()}


@dataclass(slots=True)
class TableResult:
    """One table's board: its row, its score (None: not played at this table)."""

    row: BoardRow
    seats: dict[str, str]
    score: BoardScore | None

    # the round, table and board are the row's (checked: whole numbers), read from it rather
    # than held again by each of a large event's thousands of results
    @property
    def round(self) -> int:
        return self.row.round  # type: ignore[return-value]

    @property
    def table(self) -> int:
        return self.row.table  # type: ignore[return-value]

    @property
    def board(self) -> int:
        return self.row.board  # type: ignore[return-value]

    @property
    def adjusted(self) -> tuple[Fraction, Fraction] | None:
        return self.row.adjusted

    @property
    def compared(self) -> bool:
        """Compared with the other tables: played, with no artificial score in its place."""
        return self.score is not None and self.row.adjusted is None


_PLAIN = (False, None, False, "")  # a seat result's rare parts when it has none of them


class SeatResult:
    """One seat's result on one board: the table's result it is part of (whose round, board,
    table, player in the seat, score and time it reads rather than holds), its matchpoints, top
    and rate. Its rare parts (``neuberg``: compared Neuberg-scaled; ``penalty``: percent of the
    top taken off, already in mp and rate; ``adjusted``: an artificial score, not a comparison;
    ``fouled``: the mark of the wrong deal this table played, compared with its own kind) share
    one slot, the same tuple for the many results with none: a large event has tens of thousands
    of seat results."""

    __slots__ = ("result", "seat", "mp", "top", "rate", "_rare")

    def __init__(
        self,
        result: TableResult,
        seat: str,
        mp: Fraction | int,
        top: int,
        rate: Fraction,
        neuberg: bool = False,
        penalty: Fraction | None = None,
        adjusted: bool = False,
        fouled: str = "",
    ) -> None:
        self.result, self.seat, self.mp, self.top, self.rate = result, seat, mp, top, rate
        rare = (neuberg, penalty, adjusted, fouled)
        self._rare = _PLAIN if rare == _PLAIN else rare

    @property
    def round(self) -> int:
        return self.result.round

    @property
    def board(self) -> int:
        return self.result.board

    @property
    def table(self) -> int:
        return self.result.table

    @property
    def player(self) -> str:
        return self.result.seats[self.seat]

    @property
    def score(self) -> int:
        """The seat's side's score (0 for an adjusted board not played)."""
        score = self.result.score
        return score.score(self.seat) if score is not None else 0

    @property
    def time(self) -> int | None:
        return self.result.row.time(self.seat)

    @property
    def neuberg(self) -> bool:
        return self._rare[0]

    @property
    def penalty(self) -> Fraction | None:
        return self._rare[1]

    @penalty.setter
    def penalty(self, value: Fraction | None) -> None:
        rare = (self._rare[0], value, self._rare[2], self._rare[3])
        self._rare = _PLAIN if rare == _PLAIN else rare

    @property
    def adjusted(self) -> bool:
        return self._rare[2]

    @property
    def fouled(self) -> str:
        return self._rare[3]

    _SHOWN = ("round", "board", "table", "seat", "player", "score", "mp", "top", "rate", "time")

    def _values(self) -> tuple[Any, ...]:
        return (*(getattr(self, k) for k in self._SHOWN), *self._rare)

    def __eq__(self, other: object) -> bool:
        return self._values() == other._values() if type(other) is SeatResult else NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable (a penalty is taken off after), as before

    def __repr__(self) -> str:
        names = (*self._SHOWN, "neuberg", "penalty", "adjusted", "fouled")
        return "SeatResult(" + ", ".join(f"{k}={v!r}" for k, v in zip(names, self._values())) + ")"


@dataclass
class BoardGroup:
    """One board of one round: every table's result, and every seat's comparison."""

    round: int
    board: int
    due: int  # tables that should play it
    results: list[TableResult] = field(default_factory=list)
    by_seat: dict[str, list[SeatResult]] = field(default_factory=dict)

    @property
    def played(self) -> list[TableResult]:
        return [r for r in self.results if r.score is not None]


@dataclass
class Results:
    data: EventData
    rounds: dict[int, RoundSeating] = field(default_factory=dict)
    groups: list[BoardGroup] = field(default_factory=list)
    seat_results: list[SeatResult] = field(default_factory=list)
    records: dict[str, Record] = field(default_factory=dict)  # entrant (player or pair) -> record
    entrant_of: dict[str, str] = field(default_factory=dict)  # player -> the entrant it plays for
    standings: list[Ranked[Record]] = field(default_factory=list)
    complete: set[int] = field(default_factory=set)
    missing: dict[int, int] = field(default_factory=dict)  # round -> board rows still to enter
    new_round: int | None = None
    new_seats: list[Seat] = field(default_factory=list)
    status: tuple = ()
    deals: dict[tuple[int, int], Deal] = field(default_factory=dict)
    repeats: list[tuple[int, str, str, str]] = field(default_factory=list)  # the new round's (avoid_repeats)

    @property
    def last_round(self) -> int:
        return max(self.rounds, default=0)

    @property
    def current_round(self) -> int:
        """The newest seated round (the one just drawn, if any)."""
        return self.new_round or self.last_round


def compute(data: EventData, problems: list[Problem]) -> Results:
    res = Results(data)
    seating_errors = _check_seating(data, res, problems)
    results, board_errors = _score_rows(data, res, problems)
    _compare(data, res, results)
    _rank(data, res, problems)
    _seat_next(data, res, problems, seating_errors or board_errors)
    for r in range(1, res.current_round + 1):
        for b in range(1, data.boards_per_round + 1):
            res.deals[(r, b)] = deal_board(data.seed, r, b)
    return res


# ---------------------------------------------------------------------------------------------
# Seating


def _check_seating(data: EventData, res: Results, problems: list[Problem]) -> bool:
    before = len(problems)
    by_round: dict[int, list[SeatRow]] = defaultdict(list)
    for s in data.seating:
        by_round[s.round].append(s)
    for rnd in sorted(by_round):
        rs = RoundSeating(rnd)
        rows = by_round[rnd]
        seen: dict[str, SeatRow] = {}
        tables: dict[int, dict[str, SeatRow]] = defaultdict(dict)
        first_row: dict[int, SeatRow] = {}
        start = len(problems)
        for s in rows:
            if s.player not in data.players:
                problems.append(error(SEAT_UNKNOWN_PLAYER, s.where["player"], player=s.player))
                continue
            if s.player in seen:
                problems.append(
                    error(
                        SEAT_PLAYER_TWICE,
                        s.where["player"],
                        player=s.player,
                        round=rnd,
                        other=_row(seen[s.player].where["player"]),
                    )
                )
                continue
            seen[s.player] = s
            if s.table is None:
                rs.sit_outs.append(s.player)
                continue
            first_row.setdefault(s.table, s)
            if s.seat is None:
                problems.append(error(SEAT_MISSING, s.where["seat"]))
                continue
            if s.seat in tables[s.table]:
                problems.append(
                    error(
                        SEAT_TAKEN,
                        s.where["seat"],
                        seat=s.seat,
                        table=s.table,
                        round=rnd,
                        other=_row(tables[s.table][s.seat].where["seat"]),
                    )
                )
                continue
            tables[s.table][s.seat] = s
        for t in sorted(first_row):
            seats = tables.get(t, {})
            if len(seats) != 4:
                rs.incomplete.add(t)
                problems.append(
                    error(TABLE_INCOMPLETE, first_row[t].where["table"], table=t, round=rnd, count=len(seats))
                )
                continue
            rs.tables[t] = {seat: seats[seat].player for seat in SEATS}
            if data.pairs_format:
                pair_of = {pid: data.players[pid].pair for pid in rs.tables[t].values()}
                for a, b in (("N", "S"), ("E", "W")):
                    pa, pb = pair_of[rs.tables[t][a]], pair_of[rs.tables[t][b]]
                    if pa != pb:
                        problems.append(
                            warning(PARTNERS_APART, seats[b].where["player"], round=rnd, table=t, pair=pa or pb)
                        )
        rs.tables = dict(sorted(rs.tables.items()))
        for pid, player in data.players.items():
            if pid not in seen and player.plays(rnd):
                problems.append(warning(NOT_SEATED, rows[0].where["round"], round=rnd, player=pid))
        rs.errors = has_errors(problems[start:])
        res.rounds[rnd] = rs
    return has_errors(problems[before:])


def number_ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 5] -> '1–3, 5'."""
    parts: list[list[int]] = []
    for n in numbers:
        if parts and n == parts[-1][1] + 1:
            parts[-1][1] = n
        else:
            parts.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in parts)


def _row(where: Where) -> str:
    return "".join(ch for ch in where.cell if ch.isdigit())


# ---------------------------------------------------------------------------------------------
# Board rows


def _score_rows(data: EventData, res: Results, problems: list[Problem]) -> tuple[list[TableResult], bool]:
    """Every board row checked against the seating and scored; (results, any error found)."""
    errors = any(not b.ok for b in data.boards)
    seen: dict[tuple[int, int, int], BoardRow] = {}
    scores: dict[tuple, BoardScore] = {}
    out: list[TableResult] = []
    pending: list[BoardRow] = []  # rows with no result but something typed
    for b in data.boards:
        if not b.ok or b.round is None or b.table is None or b.board is None:
            continue
        found, skip = _check_row(data, res, b, seen)
        if skip and not found and _carries(b):
            pending.append(b)  # typed beside the result's row: merged or told once every result is read
        if skip:
            errors = errors or has_errors(found)
            continue
        if found:
            problems.extend(found)
            errors = errors or has_errors(found)
            if has_errors(found):
                continue
        seen[(b.round, b.table, b.board)] = b
        if not b.entered:
            if _carries(b):
                pending.append(b)
            continue
        seats = res.rounds[b.round].tables[b.table]
        no_result = b.declarer is None and b.captured is None and b.score_ns is None  # an adjusted score alone
        if b.declarer == "X" or no_result:
            extra = next(
                (
                    k
                    for k in ("captured", "kitty", "last_lead", "score_ns")
                    if getattr(b, "lead" if k == "last_lead" else k) is not None
                ),
                None,
            )
            if extra is not None:
                problems.append(error(NOT_PLAYED_WITH_POINTS, b.where[extra]))
                errors = True
                continue
            penalised = next((s for s in SEATS if b.penalty(s) is not None), None)
            if penalised is not None and b.adjusted is None:
                problems.append(error(PENALTY_WITHOUT_RESULT, b.where[f"penalty_{penalised.lower()}"]))
                errors = True
                continue
            out.append(TableResult(b, seats, None))
            continue
        score = _score(data, b, problems, scores)
        if score is None:
            errors = True
            continue
        out.append(TableResult(b, seats, score))
        if b.round + 1 not in res.rounds and any(v is not None for v in b.times):
            # said while the round is the latest; once the next round is seated it was said before
            for s, v in zip(SEATS, b.times):
                if v is None:
                    problems.append(warning(TIME_MISSING, b.where[f"time_{s.lower()}"], seat=s))
    errors = _merge_rows(out, pending, problems) or errors
    return out, errors


def _carries(b: BoardRow) -> bool:
    """Something typed on a row with no result (a referee's penalty or mark, points, a time)."""
    return bool(
        any(p is not None for p in b.penalties)
        or b.fouled
        or b.kitty is not None
        or b.lead is not None
        or any(v is not None for v in b.times)
    )


def _merge_rows(out: list[TableResult], pending: list[BoardRow], problems: list[Problem]) -> bool:
    """Rows holding no result but typed values, for a table-board whose result is on another row.
    A referee often writes a penalty or a fouled mark on a row of its own, so those are applied
    to that table's result; points and times belong to the result's own row (the score and the
    tie-break were taken from it), so each is told on its cell rather than silently dropped.
    A row whose table-board has no result yet waits with it. -> any error found."""
    at = {(r.round, r.table, r.board): i for i, r in enumerate(out)}
    found: list[Problem] = []
    given_on: dict[tuple[int, str], str] = {}  # (result, seat) -> the row its penalty came from
    for b in pending:
        i = at.get((b.round, b.table, b.board))
        if i is None:
            continue
        r, where = out[i], b.where
        other = _row(r.row.where["board"])
        place = {"board": b.board, "table": b.table, "round": b.round, "other": other}
        typed = {"kitty": b.kitty, "last_lead": b.lead} | {f"time_{s.lower()}": b.time(s) for s in SEATS}
        for key, value in typed.items():
            if value is not None:
                found.append(error(VALUE_ON_OTHER_ROW, where[key], what=OTHER_ROW_WHAT[key], **place))
        penalties = list(r.row.penalties)
        for s, value in zip(SEATS, b.penalties):
            if value is None:
                continue
            given, cell = penalties[SEATS.index(s)], where[f"penalty_{s.lower()}"]
            if given is not None:
                on = given_on.get((i, s), other)
                found.append(error(PENALTY_TWICE, cell, seat=s, other=on, other_value=f"{float(given):g}"))
            elif r.score is None and r.adjusted is None:
                found.append(error(PENALTY_WITHOUT_RESULT, cell))
            else:
                penalties[SEATS.index(s)] = value
                given_on[(i, s)] = _row(where["board"])
        fouled = r.row.fouled
        if b.fouled and fouled and b.fouled != fouled:
            found.append(error(FOULED_TWICE, where["fouled"], other=other, other_value=fouled))
        fouled = fouled or b.fouled
        r.row = replace(r.row, penalties=tuple(penalties), fouled=fouled)  # type: ignore[arg-type]
    problems.extend(found)
    return has_errors(found)


def _check_row(data: EventData, res: Results, b: BoardRow, seen: dict) -> tuple[list[Problem], bool]:
    """The row's problems against the seating and the rows before it, and whether to skip it
    quietly (an empty pre-filled row whose result was typed on another row)."""
    rs = res.rounds.get(b.round)
    if rs is None:
        return [error(ROUND_NOT_SEATED, b.where["round"], round=b.round)], False
    if b.table not in rs.tables:
        told = seen.setdefault(("told", b.round, b.table), False)
        seen[("told", b.round, b.table)] = True
        if told:  # one problem for a table, not one on each of its rows
            return [error(TABLE_UNKNOWN, b.where["table"], table=b.table, round=b.round, tables="")], True
        if b.table in rs.incomplete:
            return [error(TABLE_NOT_SEATED, b.where["table"], table=b.table, round=b.round)], False
        return [
            error(
                TABLE_UNKNOWN,
                b.where["table"],
                table=b.table,
                round=b.round,
                tables=number_ranges(sorted(rs.tables)) or "—",
            )
        ], False
    if b.board > data.boards_per_round:
        return [error(BOARD_UNKNOWN, b.where["board"], board=b.board, boards=data.boards_per_round)], False
    key = (b.round, b.table, b.board)
    if key in seen:
        first = seen[key]
        if first.entered and b.entered:
            return [
                error(
                    BOARD_TWICE,
                    b.where["board"],
                    board=b.board,
                    table=b.table,
                    round=b.round,
                    other=_row(first.where["board"]),
                )
            ], False
        return [], not b.entered
    return [], False


def _score(data: EventData, b: BoardRow, problems: list[Problem], scores: dict) -> BoardScore | None:
    if b.declarer == "X":
        return None
    if b.declarer is None and b.captured is None:
        return typed_score(b.score_ns) if b.score_ns is not None else None
    for key, value in (("declarer", b.declarer), ("captured", b.captured)):
        if value is None:
            problems.append(error(NEEDED, b.where[key], what=NEEDED_WHAT[key]))
            return None
    key = (b.declarer, b.captured, b.kitty or 0, b.lead)
    score = scores.get(key)
    if score is None:  # a pure function of the row's points: equal rows share one score
        score = scores[key] = score_board(b.declarer, b.captured, b.kitty or 0, b.lead, data.rules)
    if b.score_ns is not None and b.score_ns != score.score_ns:
        problems.append(error(SCORE_DISAGREES, b.where["score_ns"], typed=b.score_ns, computed=score.score_ns))
        return None
    return score


# ---------------------------------------------------------------------------------------------
# Comparison and ranking


def _compare(data: EventData, res: Results, results: list[TableResult]) -> None:
    by_board: dict[tuple[int, int], list[TableResult]] = defaultdict(list)
    for r in results:
        by_board[(r.round, r.board)].append(r)
    # one object for each whole number of matchpoints: a big field's run past 256, which Python
    # does not share, and every seat result holds one
    points: dict[int, int] = {}
    for rnd, board in sorted(by_board):
        group = BoardGroup(
            rnd, board, len(res.rounds[rnd].tables), sorted(by_board[(rnd, board)], key=lambda r: r.table)
        )
        for seat in SEATS:
            group.by_seat[seat] = _seat_results(data, group, seat, points)
            res.seat_results += group.by_seat[seat]
        res.groups.append(group)
    for rnd, rs in res.rounds.items():
        entered = {(r.table, r.board) for r in results if r.round == rnd}
        missing = len(rs.tables) * data.boards_per_round - len(entered)
        res.missing[rnd] = missing
        if missing == 0 and not rs.errors:
            res.complete.add(rnd)


def comparison_groups(group: BoardGroup) -> dict[str, list[TableResult]]:
    """The tables of a board compared with one another, by the deal they played: '' the board as
    dealt, else the mark of a wrong deal (Law 87: a fouled board's tables are scored among
    themselves). A table with an adjusted score is in none."""
    out: dict[str, list[TableResult]] = defaultdict(list)
    for r in group.results:
        if r.compared:
            out[r.row.fouled].append(r)
    return out


def _seat_results(data: EventData, group: BoardGroup, seat: str, points: dict[int, int]) -> list[SeatResult]:
    """One seat's results on a board, in table order: each comparison group compared within itself
    (Neuberg-scaled to the tables due, when on), an adjusted score as its artificial rate of the
    full top, then each procedural penalty taken off its seat's matchpoints and rate."""
    due = group.due
    found: dict[int, SeatResult] = {}
    for mark, tables in comparison_groups(group).items():
        scores = [r.score.score(seat) for r in tables]  # type: ignore[union-attr]
        for r, c in zip(tables, compare(scores, expected=due, use_neuberg=data.neuberg)):
            found[r.table] = SeatResult(
                r,
                seat,
                points.setdefault(c.mp, c.mp) if type(c.mp) is int else c.mp,
                c.top,
                c.rate,
                neuberg=data.neuberg and len(tables) < due,
                fouled=mark,
            )
    top = 2 * (due - 1)
    for r in group.results:
        if r.adjusted is None:
            continue
        rate = r.adjusted[0] if seat in ("N", "S") else r.adjusted[1]
        found[r.table] = SeatResult(r, seat, rate * top, top, rate, adjusted=True)
    out = []
    for r in group.results:
        s = found.get(r.table)
        if s is None:
            continue
        penalty = r.row.penalty(seat)
        if penalty:  # off this seat alone: the others keep the matchpoints their scores earned
            s.penalty = penalty
            s.mp = Fraction(s.mp) - penalty * s.top / 100
            s.rate = s.rate - penalty / 100
        out.append(s)
    return out


def entrants(data: EventData) -> dict[str, Record]:
    """The ranked entrants, each with no board yet: the players, or in the fixed-partnership
    format the pairs (a pair is one entrant: one rank, one rate, one tie-break time)."""
    if data.pairs_format:
        return {pair: Record(pair, players=members) for pair, members in data.pairs.items()}
    return {pid: Record(pid) for pid in data.players}


def _rank(data: EventData, res: Results, problems: list[Problem]) -> None:
    records = entrants(data)
    entrant_of = {p: rec.id for rec in records.values() for p in rec.players} or {pid: pid for pid in records}
    for s in sorted(res.seat_results, key=lambda s: (s.round, s.board)):
        rec = records.get(entrant_of.get(s.player, ""))
        if rec is None:
            continue
        rec.rates.append(s.rate)
        if s.time is not None:  # a pair's times pooled: both partners' boards in one list
            rec.times.append(s.time)
    for rs in res.rounds.values():
        for uid in {entrant_of[p] for p in rs.sit_outs if p in entrant_of}:
            records[uid].sat_out += 1
    for rec in records.values():
        rec.time = time_tiebreak(rec.times, data.time_drop)
    res.records = records
    res.entrant_of = entrant_of
    res.standings = standings(
        list(records.values()), data.tiebreaks, Draw(data.seed, "shengji/lot"), rate_ranking=data.rate_ranking
    )
    # one warning per group drawn by lot, on the Rules sheet's tie-break setting
    lot_groups: list[list[Ranked[Record]]] = []
    for x in res.standings:
        if not x.by_lot or not x.item.boards:
            continue
        if lot_groups and _same_value(lot_groups[-1][0].item, x.item, data.rate_ranking):
            lot_groups[-1].append(x)
        else:
            lot_groups.append([x])
    for grp in lot_groups:
        problems.append(
            warning(LOT_USED, data.where_tiebreaks, rank=grp[0].rank, players=", ".join(x.item.id for x in grp))
        )


def _same_value(a: Record, b: Record, rate_ranking: str) -> bool:
    same_rate = a.printed_rate == b.printed_rate if rate_ranking == "printed" else a.rate == b.rate
    return same_rate and a.time == b.time


# ---------------------------------------------------------------------------------------------
# The next round's seating


def _seat_next(data: EventData, res: Results, problems: list[Problem], errors: bool) -> None:
    last = res.last_round
    units, members = _units(data, last + 1)
    per_table = 2 if members is not None else 4
    open_rounds = sorted(r for r in res.rounds if r not in res.complete)
    if open_rounds:  # every round so far must be complete: the snake ranks on all of them
        first = open_rounds[0]
        res.status = ("waiting", first, res.missing.get(first, 0))
        return
    if last >= data.rounds:
        res.status = ("finished", last)
        return
    nxt = last + 1
    where = data.where_rounds
    if data.setup_errors or errors:
        problems.append(warning(SEATING_BLOCKED, where, round=nxt))
        res.status = ("blocked", nxt)
        return
    if len(units) < per_table:
        problems.append(warning(TOO_FEW, Where(data.sheet("Players"), ""), count=len(data.players)))
        res.status = ("too-few", nxt)
        return
    if nxt == 1:
        seats = first_round(units, data.seed, members)
    else:
        ranked = standings(
            list(res.records.values()),
            data.tiebreaks,
            Draw(data.seed, "shengji/lot"),
            no_boards_rate=HALF,
            rate_ranking=data.rate_ranking,
        )
        active = set(units)  # players, or in the pairs format pairs: seated by the entrant's own rank
        order = [x.item.id for x in ranked if x.item.id in active]
        sat_out = {uid: rec.sat_out for uid, rec in res.records.items()}
        seats = seat_round(order, nxt, sat_out, members, _arrangement(data, res, nxt, members))
    res.new_round = nxt
    res.new_seats = seats
    rs = RoundSeating(nxt)
    for s in seats:
        if s.table is None:
            rs.sit_outs.append(s.player)
        else:
            rs.tables.setdefault(s.table, {})[s.seat] = s.player
    rs.tables = {t: {seat: rs.tables[t][seat] for seat in SEATS} for t in sorted(rs.tables)}
    res.rounds[nxt] = rs
    res.status = ("seated", nxt)
    if data.avoid_repeats != "off" and nxt > 1:
        res.repeats = round_repeats(data, res, nxt)


def _history(res: Results, before: int, members: dict[str, tuple[str, str]] | None) -> History:
    pair_of = {p: pair for pair, ps in members.items() for p in ps} if members else None
    return history_of([seats for r, rs in res.rounds.items() if r < before for seats in rs.tables.values()], pair_of)


def _arrangement(
    data: EventData, res: Results, nxt: int, members: dict[str, tuple[str, str]] | None
) -> Callable[[list[str]], list[str]] | None:
    """How the snake's order is rearranged to avoid repeats (None: the rulebook's plain snake)."""
    if data.avoid_repeats == "off":
        return None
    history = _history(res, nxt, members)
    per_table = 4 if members is None else 2
    return lambda playing: avoid_repeats(playing, history, data.avoid_repeats, per_table)


def round_repeats(data: EventData, res: Results, rnd: int) -> list[tuple[int, str, str, str]]:
    """The repeats left in a round's seating: (table, 'partners' or 'met', a, b) — players, or pairs."""
    members = data.pairs if data.pairs_format else None
    history = _history(res, rnd, members)
    pair_of = {p: pair for pair, ps in data.pairs.items() for p in ps}
    out = []
    for tbl, seats in res.rounds[rnd].tables.items():
        block = [seats["N"], seats["E"], seats["S"], seats["W"]]
        if members is not None:
            block = [pair_of.get(seats["N"], seats["N"]), pair_of.get(seats["E"], seats["E"])]
        out += [(tbl, kind, a, b) for kind, a, b in block_repeats(block, history, data.avoid_repeats)]
    return out


def _units(data: EventData, round_: int) -> tuple[list[str], dict[str, tuple[str, str]] | None]:
    """Who is seated in ``round_``: the players (or pairs) not withdrawn before it."""
    plays = {pid for pid, p in data.players.items() if p.plays(round_)}
    if data.pairs_format:
        pairs = {k: v for k, v in data.pairs.items() if set(v) <= plays}
        return sorted(pairs, key=natural_key), pairs
    return sorted(plays, key=natural_key), None
