"""Day 2 table breaking and balancing (併桌): from the current seating and who is out, what the floor must do now."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations, islice
from typing import Callable, Collection, Iterable, Mapping, NamedTuple, Sequence

from ttools.core.draw import Draw, sha256
from ttools.i18n import simplified
from ttools.problems import ERROR, NOWHERE, Problem, Where, define, error, warning

from .day2 import event_word
from .model import Located, Rules, team_of as code_team

BREAK_ORDERS = ("highest-first", "lowest-first")
TABLE_CAPACITY = 9  # 每桌 8 至 9 人: the largest table

PLAYER_TWICE = define(
    "seating-player-twice",
    "{player} is listed twice in the seating (table {table}, seat {seat}); each player has one row.",
    "{player} 在座位表中出現兩次（第 {table} 桌第 {seat} 位）；每名選手只能有一列。",
)
SEAT_TAKEN = define(
    "seating-seat-taken",
    "Table {table} seat {seat} holds both {first} and {player}; mark one of them out or move one.",
    "第 {table} 桌第 {seat} 位同時坐了 {first} 與 {player}；請標示其中一人出局或調整座位。",
)
SEAT_RANGE = define(
    "seating-seat-range",
    "{player} sits at table {table} seat {seat}; tables are numbered from 1 and seats 1–{capacity}.",
    "{player} 坐在第 {table} 桌第 {seat} 位；桌號從 1 起，座位為 1–{capacity}。",
)
BREAK_ORDER = define(
    "seating-break-order",
    "Break order '{order}' is unknown; enter highest-first or lowest-first.",
    "併桌順序「{order}」無法辨識；請填 highest-first 或 lowest-first。",
)
TEAMMATES_FORCED = define(
    "seating-teammates-forced",
    "{player} goes to table {table} seat {seat}, where teammate(s) {teammates} already sit: with {tables} tables "
    "left, no set of the fewest moves that leaves the tables even avoids it, and this set has the fewest such seats.",
    "{player} 移至第 {table} 桌第 {seat} 位，該桌已有同隊的 {teammates}：尚餘 {tables} 桌，使各桌人數平均之最少移動"
    "均無法避免同隊同桌，此組移動已將其減至最少。",
)

SEAT_TABLE_RANGE = define(
    "seating-table-range",
    "{player} sits at table {table}; this event runs on tables 1–{tables} (tables_day2).",
    "{player} 坐在第 {table} 桌；本場只開第 1–{tables} 桌（tables_day2）。",
)
NOT_SEATED = define(
    "seating-missing-player",
    "{player} is in the {event} line-up but has no row on Seating; add their table and seat (mark out if they are out).",
    "{player} 列於 {event} 名單，但座位表沒有其座位；請補上桌號與座位（已淘汰者並標示出局）。",
)
NOT_IN_FIELD = define(
    "seating-not-in-lineup",
    "{player} has a seat in {event} but is not in its line-up; remove the row or correct the player code.",
    "{player} 在 {event} 座位表上有座位，但不在該項名單中；請刪除此列或更正選手代號。",
)

_SUMMARY = {
    "en": {
        "none": "No move: {tables} table{tables_s}, players per table {sizes}.",
        "break": "Break table{broken_s} {table}: {count} player{count_s} move{count_v} to the seat{count_s} listed.",
        "balance": "Balance: move {count} player{count_s} as listed (players per table {sizes}).",
        "final-table": "Final table: {count} players left; redraw them all onto table {table}.",
        "over": "{count} player{count_s} left; no seating to manage.",
        "invalid": "The seating has errors; fix them before moving anyone.",
        "flags": " {flags} forced teammate seat{flags_s}, flagged.",
        "two": " Two tables are left: team-mates are no longer kept apart (rulebook: until only 2 tables remain).",
        "pick": " Where a move lists several players, move any one of them (the floor's practice: the one due the big blind).",
    },
    "zh-Hant": {
        "none": "無須移動：{tables} 桌，各桌人數 {sizes}。",
        "break": "併桌：拆第 {table} 桌，{count} 名選手依下表就座。",
        "balance": "平衡各桌人數：依下表移動 {count} 名選手（各桌人數 {sizes}）。",
        "final-table": "決賽桌：剩 {count} 人，全部重新抽籤坐到第 {table} 桌。",
        "over": "剩 {count} 人，無須安排座位。",
        "invalid": "座位表有錯誤，請先更正再移動選手。",
        "flags": "另有 {flags} 個無法避免的同隊同桌，已標示。",
        "two": "僅餘 2 桌：不再避免同隊同桌（規程：至僅餘 2 桌為止）。",
        "pick": "列出數名選手之移動，任移其中一人（依慣例移將輪到大盲者）。",
    },
}
_SUMMARY["zh-Hans"] = {key: simplified(text) for key, text in _SUMMARY["zh-Hant"].items()}


class SeatState(Located):
    """One row of an MTT's Seating sheet: who sits where, and whether they are out (出局)."""

    __slots__ = ("table", "seat", "player", "out")
    _defaults = {"out": False}
    table: int
    seat: int
    player: str
    out: bool


class Move(NamedTuple):
    """One player the floor moves. ``teammates``: team-mates already at the destination, a
    same-team seat (同隊同桌) that no set of moves could avoid; empty for a clean move."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str
    teammates: tuple[str, ...] = ()
    # a balancing move takes any one of these players (``player`` is one of them): the floor
    # moves the one due the big blind, which ttools does not know; empty = exactly ``player``
    eligible: tuple[str, ...] = ()

    @property
    def clash(self) -> bool:
        return bool(self.teammates)


class Advice(NamedTuple):
    """What the floor must do now; ``stage`` names the draw (with the event seed it reproduces it)."""

    action: str  # 'none' | 'break' | 'balance' | 'final-table' | 'over' | 'invalid'
    moves: tuple[Move, ...]
    sizes: dict[int, int]  # players left per table, before the moves
    table: int | None = None  # the (first) table broken, or the final table
    stage: str = ""
    problems: tuple[Problem, ...] = ()
    broken: tuple[int, ...] = ()  # every table broken by this advice, in break order
    two_tables: bool = False  # the moves end with 2 tables: team-mates no longer kept apart

    @property
    def flags(self) -> tuple[Move, ...]:
        """Moves that seat a player with a team-mate because nothing better exists."""
        return tuple(m for m in self.moves if m.clash)

    def summary(self, lang: str = "en") -> str:
        """One line: what the floor must do now."""
        texts = _SUMMARY.get(lang, _SUMMARY["en"])
        sizes = "/".join(str(self.sizes[t]) for t in sorted(self.sizes))
        count = len(self.moves) if self.action != "over" else sum(self.sizes.values())
        table: object = self.table
        if self.broken:  # "tables 4 and 3" / "第 4、3 桌"
            names = [str(t) for t in self.broken]
            table = (
                "、".join(names)
                if lang.startswith("zh")
                else ", ".join(names[:-1]) + " and " * (len(names) > 1) + names[-1]
            )
        # English plurals: "1 table", "4 tables"; the Chinese texts need none
        plural = {
            f"{k}_s": "" if n == 1 else "s"
            for k, n in (
                ("tables", len(self.sizes)),
                ("count", count),
                ("broken", len(self.broken) or 1),
                ("flags", len(self.flags)),
            )
        }
        plural["count_v"] = "s" if count == 1 else ""
        line = texts[self.action].format(tables=len(self.sizes), sizes=sizes, table=table, count=count, **plural)
        if self.flags:
            line += texts["flags"].format(flags=len(self.flags), **plural)
        if self.two_tables:
            line += texts["two"]
        if any(len(m.eligible) > 1 for m in self.moves):
            line += texts["pick"]
        return line

    def as_json(self, lang: str = "en") -> dict:
        """The advice for the JSON summary, its one line in the event's language."""
        return {
            "action": self.action,
            "table": self.table,
            "broken": list(self.broken),
            "summary": self.summary(lang),
            "moves": [
                {
                    "player": m.player,
                    "from_table": m.from_table,
                    "from_seat": m.from_seat,
                    "to_table": m.to_table,
                    "to_seat": m.to_seat,
                    "reason": m.reason,
                    "teammates": list(m.teammates),
                    "eligible": list(m.eligible or (m.player,)),
                }
                for m in self.moves
            ],
        }


def _cell(row: SeatState, column: str) -> Where:
    return row.where.get(column) or row.where.get("player") or next(iter(row.where.values()), NOWHERE)


def _player_key(code: str) -> tuple:
    digits = code[1:]
    return (code[:1], int(digits) if digits.isdigit() else 0, code)


def fingerprint(seating: Iterable[SeatState]) -> str:
    """A short digest of the seating, so that the same state always draws the same seats."""
    text = "|".join(
        f"{s.table}:{s.seat}:{s.player}:{int(s.out)}"
        for s in sorted(seating, key=lambda s: (s.table, s.seat, s.player, s.out))
    )
    return sha256(text.encode("utf-8")).hexdigest()[:12]


def check_seating(
    seating: Sequence[SeatState],
    table_capacity: int = TABLE_CAPACITY,
    tables: int | None = None,
    field: Mapping[str, Where] | None = None,
    event: str = "",
    unchecked: Collection[str] = (),
) -> list[Problem]:
    """Each player once; every player still in on a real seat, alone in it; with ``tables``,
    only tables 1..tables; with ``field`` (line-up player -> their line-up cell), every line-up
    player has a row and nobody else does, except players of the ``unchecked`` teams (whose
    line-ups are not in or not valid)."""
    problems: list[Problem] = []
    if field is not None:
        seated = {s.player for s in seating}
        for player, where in field.items():
            if player not in seated:
                problems.append(error(NOT_SEATED, where, player=player, event=event_word(event)))
        for s in seating:
            # a team with no valid line-up has no field to check its rows against (its line-up errors say why)
            if s.player not in field and code_team(s.player) not in unchecked:
                problems.append(error(NOT_IN_FIELD, _cell(s, "player"), player=s.player, event=event_word(event)))
    seen: set[str] = set()
    taken: dict[tuple[int, int], str] = {}
    for s in seating:
        params = {"player": s.player, "table": s.table, "seat": s.seat}
        if s.player in seen:
            problems.append(error(PLAYER_TWICE, _cell(s, "player"), **params))
            continue
        seen.add(s.player)
        if s.out:
            continue
        if s.table < 1 or not 1 <= s.seat <= table_capacity:
            problems.append(error(SEAT_RANGE, _cell(s, "seat"), capacity=table_capacity, **params))
            continue
        if tables is not None and s.table > tables:
            problems.append(error(SEAT_TABLE_RANGE, _cell(s, "table"), tables=tables, **params))
            continue
        first = taken.setdefault((s.table, s.seat), s.player)
        if first != s.player:
            problems.append(error(SEAT_TAKEN, _cell(s, "seat"), first=first, **params))
    return problems


def apply_moves(seating: Sequence[SeatState], moves: Iterable[Move]) -> list[SeatState]:
    """The seating after the floor has made the moves (rows keep their order)."""
    dest = {m.player: m for m in moves}
    out = []
    for s in seating:
        m = dest.get(s.player)
        out.append(s if m is None or s.out else SeatState(m.to_table, m.to_seat, s.player, False, s.where))
    return out


def advise(
    seating: Sequence[SeatState],
    team_of: Callable[[str], str] = code_team,
    table_capacity: int = TABLE_CAPACITY,
    seed: str | int = "",
    event: str = "",
    rules: Rules = Rules(),
    tables: int | None = None,
    field: Mapping[str, Where] | None = None,
    sheet: str = "Seating",
    started: bool = True,
    unchecked: Collection[str] = (),
) -> Advice:
    """What the floor must do now: a final-table redraw, a table break, a balance, or nothing.

    In that order of precedence: when the players left fit one table, all are redrawn onto
    it; else every table beyond the fewest that seat the players left is broken at once (in
    break order), though never before the first player of the event is out; else when the
    fullest and shortest tables differ by the threshold, the tables are balanced. A break or
    a balance is one piece of advice that leaves the tables within 1 of each other with the
    fewest moves; among those, the whole set of moves is chosen together so that the fewest players sit with a team-mate while more than 2 tables
    are in play (避免同隊同桌，至僅餘 2 桌為止), and then so that nobody is balanced into the
    table that breaks next. Forced same-team seats are flagged. ``tables`` and ``field`` (line-up
    player -> line-up cell) make the seating checks stricter; ``sheet`` names the Seating sheet;
    ``started`` is False while nobody of the event is out yet (no break, no final table then);
    ``unchecked`` teams (line-up not in or not valid) are not checked against ``field``.
    """
    rows = sorted(seating, key=lambda s: (s.table, s.seat, _player_key(s.player)))
    stage = f"day2/{event}/seating/{fingerprint(rows)}"
    problems = check_seating(rows, table_capacity, tables, field, event, unchecked)
    if rules.break_order not in BREAK_ORDERS:
        problems.append(error(BREAK_ORDER, Where("Rules", "break_order"), order=rules.break_order))
    live = [s for s in rows if not s.out]
    at: dict[int, list[SeatState]] = defaultdict(list)
    for s in live:
        at[s.table].append(s)
    sizes = {t: len(at[t]) for t in sorted(at)}
    if any(p.severity == ERROR for p in problems):
        return Advice("invalid", (), sizes, None, stage, tuple(problems))
    draw = Draw(seed, stage)
    # tables in the order they break (併桌順序)
    order = sorted(sizes, reverse=rules.break_order == "highest-first")

    if len(live) <= 1 or len(sizes) <= 1:
        action = "over" if len(live) <= 1 else "none"
        return Advice(action, (), sizes, None, stage, tuple(problems))

    # the start never calls for a break: the draw opened these tables for the whole field
    if len(live) <= table_capacity and started:
        final = order[-1]
        seats = draw.shuffled(list(range(1, table_capacity + 1)))
        players = draw.shuffled(sorted(live, key=lambda s: _player_key(s.player)))
        moves = tuple(
            Move(s.player, s.table, s.seat, final, seat, "final-table")
            for s, seat in sorted(zip(players, seats), key=lambda ps: (ps[1], ps[0].player))
        )
        return Advice("final-table", moves, sizes, final, stage, tuple(problems))

    needed = -(-len(live) // table_capacity)
    broken = tuple(order[: max(0, len(sizes) - needed)]) if started else ()
    remaining = [t for t in order if t not in broken]
    if not broken:
        threshold = rules.balance_threshold_two_tables if len(sizes) == 2 else rules.balance_threshold
        # one move shrinks a spread of 2 or more; a spread of 1 only swaps which table is short
        if max(sizes.values()) - min(sizes.values()) < max(threshold, 2):
            return Advice("none", (), sizes, None, stage, tuple(problems))
    # Team-mates apart matters until only 2 tables are left; with 2, any team of 3 shares one.
    avoid = len(remaining) > 2
    moves = _plan(at, broken, remaining, table_capacity, team_of, avoid, draw)
    action = "break" if broken else "balance"
    return Advice(
        action,
        moves,
        sizes,
        broken[0] if broken else None,
        stage,
        tuple(problems) + _flag(moves, at, len(sizes), sheet),
        broken,
        not avoid,
    )


def _flag(moves: Iterable[Move], at: Mapping[int, list[SeatState]], tables: int, sheet: str) -> tuple[Problem, ...]:
    rows = {s.player: s for ss in at.values() for s in ss}
    return tuple(
        warning(
            TEAMMATES_FORCED,
            _where(rows.get(m.player), sheet),
            player=m.player,
            table=m.to_table,
            seat=m.to_seat,
            teammates=", ".join(m.teammates),
            tables=tables,
        )
        for m in moves
        if m.clash
    )


def _where(row: SeatState | None, sheet: str) -> Where:
    where = _cell(row, "player") if row is not None else NOWHERE
    return where if where.sheet else Where(sheet, "A1")


def _max_flow(capacity: dict[tuple, dict[tuple, int]], source: tuple, sink: tuple) -> int:
    """Edmonds–Karp on a small graph (``capacity`` is changed into the residual graph)."""
    flow = 0
    while True:
        parent: dict[tuple, tuple] = {source: source}
        queue = [source]
        while queue and sink not in parent:
            u = queue.pop(0)
            for v, c in capacity[u].items():
                if c > 0 and v not in parent:
                    parent[v] = u
                    queue.append(v)
        if sink not in parent:
            return flow
        path, v = [], sink
        while v != source:
            path.append((parent[v], v))
            v = parent[v]
        push = min(capacity[u][v] for u, v in path)
        for u, v in path:
            capacity[u][v] -= push
            capacity[v][u] += push
        flow += push


class _Moving:
    """What is left to seat while a set of moves is built: the movers that must go (a broken
    table's players, by team), how many each over-full table still sends and which teams it
    can send them from, the seats each short table still takes and the teams already there."""

    __slots__ = ("fixed", "send", "pools", "take", "present")

    def __init__(
        self,
        fixed: Counter,
        send: dict[int, int],
        pools: dict[int, Counter],
        take: dict[int, int],
        present: dict[int, Counter],
    ) -> None:
        self.fixed, self.send, self.pools, self.take, self.present = fixed, send, pools, take, present

    def clashes(self, avoid: bool) -> int:
        """The fewest movers left who must sit with a team-mate.

        A maximum flow: source → team (its fixed movers) and source → over-full table (what it
        sends) → team (its players there) → short table (1, and only where the team has nobody)
        → sink (the seats it takes). Every mover beyond the flow sits with a team-mate.
        """
        seats = sum(self.take.values())
        if not avoid or not seats:
            return 0
        source, sink = ("source",), ("sink",)
        capacity: dict[tuple, dict[tuple, int]] = defaultdict(dict)

        def arc(u: tuple, v: tuple, c: int) -> None:
            if c > 0:
                capacity[u][v] = capacity[u].get(v, 0) + c
                capacity[v].setdefault(u, 0)

        teams = set(self.fixed)
        for team, n in sorted(self.fixed.items()):
            arc(source, ("team", team), n)
        for t, n in sorted(self.send.items()):
            arc(source, ("from", t), n)
            for team, k in sorted(self.pools[t].items()):
                arc(("from", t), ("team", team), min(k, n))
                teams.add(team)
        for d, n in sorted(self.take.items()):
            if n <= 0:
                continue
            arc(("to", d), sink, n)
            for team in sorted(teams):
                if not self.present[d][team]:
                    arc(("team", team), ("to", d), 1)
        return seats - _max_flow(capacity, source, sink)

    def arrive(self, team: str, d: int, sign: int = 1) -> None:
        self.take[d] -= sign
        self.present[d][team] += sign


def _plan(
    at: Mapping[int, list[SeatState]],
    broken: Sequence[int],
    remaining: Sequence[int],
    capacity: int,
    team_of: Callable[[str], str],
    avoid: bool,
    draw: Draw,
) -> tuple[Move, ...]:
    """The moves that empty the ``broken`` tables and leave ``remaining`` (in break order)
    within 1 of each other: the fewest moves, then the fewest same-team seats, then the fewest
    players into the table that breaks next; seats, and ties, drawn."""
    sizes = {t: len(at[t]) for t in remaining}
    total = sum(len(ss) for ss in at.values())
    q, r = divmod(total, len(remaining))
    rank = {t: i for i, t in enumerate(remaining)}
    # r tables seat q + 1. Fewest moves: give them to tables already that full; among those
    # that tie, the choice is open (tables that break last first).
    pref = sorted(remaining, key=lambda t: (-sizes[t], -rank[t]))
    big = [t for t in pref if sizes[t] > q]
    small = [t for t in pref if sizes[t] <= q]
    if len(big) >= r:
        choices = combinations(big, r)
    else:
        choices = (tuple(big) + c for c in combinations(small, r - len(big)))
    fixed = Counter(team_of(s.player) for t in broken for s in at[t])
    best_key, best = None, None
    for extra in islice(choices, 200):
        target = {t: q + (t in extra) for t in remaining}
        state = _Moving(
            fixed=Counter(fixed),
            send={t: sizes[t] - target[t] for t in remaining if sizes[t] > target[t]},
            pools={t: Counter(team_of(s.player) for s in at[t]) for t in remaining if sizes[t] > target[t]},
            take={t: target[t] - sizes[t] for t in remaining if sizes[t] < target[t]},
            present={t: Counter(team_of(s.player) for s in at[t]) for t in remaining},
        )
        key = (state.clashes(avoid), state.take.get(remaining[0], 0))
        if best_key is None or key < best_key:
            best_key, best = key, state
    state = best
    assert state is not None

    open_seats = {t: sorted(set(range(1, capacity + 1)) - {s.seat for s in at[t]}) for t in state.take}
    players_at = {t: [s.player for s in at[t]] for t in remaining}
    need = state.clashes(avoid)
    moves: list[Move] = []

    def seat(d: int, player: str, team: str, src: SeatState, reason: str, eligible: tuple[str, ...] = ()) -> None:
        nonlocal need
        cost = 1 if avoid and state.present[d][team] else 0
        n = draw.choice(open_seats[d])
        open_seats[d].remove(n)
        mates = tuple(sorted((p for p in players_at[d] if team_of(p) == team), key=_player_key)) if cost else ()
        moves.append(Move(player, src.table, src.seat, d, n, reason, mates, eligible))
        state.arrive(team, d)
        players_at[d].append(player)
        need -= cost

    def keeps_best(team: str, d: int) -> bool:
        cost = 1 if avoid and state.present[d][team] else 0
        state.arrive(team, d)
        ok = cost + state.clashes(avoid) == need
        state.arrive(team, d, -1)
        return ok

    for mover in draw.shuffled(sorted((s for t in broken for s in at[t]), key=lambda s: _player_key(s.player))):
        team = team_of(mover.player)
        state.fixed[team] -= 1
        dests = [d for d in sorted(state.take) if state.take[d] > 0 and keeps_best(team, d)]
        d, _ = draw.choice([(d, n) for d in dests for n in open_seats[d]])
        seat(d, mover.player, team, mover, "break")

    for t in sorted(state.send):
        for _ in range(state.send[t]):
            state.send[t] -= 1
            left = [s for s in at[t] if s.player in players_at[t]]
            ok: dict[int, list[SeatState]] = defaultdict(list)
            for team in sorted({team_of(s.player) for s in left}):
                state.pools[t][team] -= 1
                for d in sorted(state.take):
                    if state.take[d] > 0 and keeps_best(team, d):
                        ok[d].extend(s for s in left if team_of(s.player) == team)
                state.pools[t][team] += 1
            d, _ = draw.choice([(d, n) for d in sorted(ok) for n in open_seats[d]])
            eligible = sorted(ok[d], key=lambda s: s.seat)
            mover = draw.choice(eligible)
            team = team_of(mover.player)
            state.pools[t][team] -= 1
            players_at[t].remove(mover.player)
            seat(d, mover.player, team, mover, "balance", tuple(s.player for s in eligible))
    return tuple(sorted(moves, key=lambda m: (m.reason != "break", m.from_table, m.from_seat)))
