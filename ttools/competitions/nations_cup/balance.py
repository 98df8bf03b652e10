"""Day 2 table breaking and balancing (併桌): from the current seating and who is out, what the floor must do now."""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from ttools.core.draw import Draw
from ttools.problems import ERROR, NOWHERE, Problem, Where, define, error, warning

from .model import Rules, team_of as code_team

BREAK_ORDERS = ("highest-first", "lowest-first")
TABLE_CAPACITY = 9      # 每桌 8 至 9 人: the largest table
REASONS = ("break", "balance", "final-table")

PLAYER_TWICE = define(
    "seating-player-twice",
    "{player} is listed twice in the seating (table {table}, seat {seat}); each player has one row.",
    "{player} 在座位表中出現兩次（第 {table} 桌第 {seat} 位）；每名選手只能有一列。",
    "{player} 在座位表中出现两次（第 {table} 桌第 {seat} 位）；每名选手只能有一列。",
)
SEAT_TAKEN = define(
    "seating-seat-taken",
    "Table {table} seat {seat} holds both {first} and {player}; mark one of them out or move one.",
    "第 {table} 桌第 {seat} 位同時坐了 {first} 與 {player}；請標示其中一人出局或調整座位。",
    "第 {table} 桌第 {seat} 位同时坐了 {first} 与 {player}；请标示其中一人出局或调整座位。",
)
SEAT_RANGE = define(
    "seating-seat-range",
    "{player} sits at table {table} seat {seat}; tables are numbered from 1 and seats 1–{capacity}.",
    "{player} 坐在第 {table} 桌第 {seat} 位；桌號從 1 起，座位為 1–{capacity}。",
    "{player} 坐在第 {table} 桌第 {seat} 位；桌号从 1 起，座位为 1–{capacity}。",
)
BREAK_ORDER = define(
    "seating-break-order",
    "Break order '{order}' is unknown; enter highest-first or lowest-first.",
    "併桌順序「{order}」無法辨識；請填 highest-first 或 lowest-first。",
    "并桌顺序「{order}」无法辨识；请填 highest-first 或 lowest-first。",
)
TEAMMATES_FORCED = define(
    "seating-teammates-forced",
    "{player} goes to table {table} seat {seat}, where teammate(s) {teammates} already sit: with "
    "{tables} tables left, no move allowed here (from the broken table, or from the fullest to the shortest table) avoids it, and this one has the fewest such seats.",
    "{player} 移至第 {table} 桌第 {seat} 位，該桌已有同隊的 {teammates}：尚餘 {tables} 桌，可行之移動（自被拆之桌，或自人數最多之桌移至最少之桌）均無法避免同隊同桌，此移法已將其減至最少。",
    "{player} 移至第 {table} 桌第 {seat} 位，该桌已有同队的 {teammates}：尚余 {tables} 桌，可行之移动（自被拆之桌，或自人数最多之桌移至最少之桌）均无法避免同队同桌，此移法已将其减至最少。",
)

_SUMMARY = {
    "en": {
        "none": "No move: {tables} table(s), players per table {sizes}.",
        "break": "Break table {table}: its {count} player(s) go to the seats listed.",
        "balance": "Balance: move {count} player(s) as listed (players per table {sizes}).",
        "final-table": "Final table: {count} players left; redraw them all onto table {table}.",
        "over": "{count} player(s) left; no seating to manage.",
        "invalid": "The seating has errors; fix them before moving anyone.",
        "flags": " {flags} forced teammate seat(s), flagged.",
    },
    "zh-Hant": {
        "none": "無須移動：{tables} 桌，各桌人數 {sizes}。",
        "break": "併桌：拆第 {table} 桌，{count} 名選手依下表就座。",
        "balance": "平衡各桌人數：依下表移動 {count} 名選手（各桌人數 {sizes}）。",
        "final-table": "決賽桌：剩 {count} 人，全部重新抽籤坐到第 {table} 桌。",
        "over": "剩 {count} 人，無須安排座位。",
        "invalid": "座位表有錯誤，請先更正再移動選手。",
        "flags": "另有 {flags} 個無法避免的同隊同桌，已標示。",
    },
    "zh-Hans": {
        "none": "无须移动：{tables} 桌，各桌人数 {sizes}。",
        "break": "并桌：拆第 {table} 桌，{count} 名选手依下表就座。",
        "balance": "平衡各桌人数：依下表移动 {count} 名选手（各桌人数 {sizes}）。",
        "final-table": "决赛桌：剩 {count} 人，全部重新抽签坐到第 {table} 桌。",
        "over": "剩 {count} 人，无须安排座位。",
        "invalid": "座位表有错误，请先更正再移动选手。",
        "flags": "另有 {flags} 个无法避免的同队同桌，已标示。",
    },
}


@dataclass(frozen=True)
class SeatState:
    """One row of an MTT's Seating sheet: who sits where, and whether they are out (出局)."""

    table: int
    seat: int
    player: str
    out: bool = False
    where: dict[str, Where] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Move:
    """One player the floor moves. ``teammates``: team-mates already at the destination, a
    same-team seat (同隊同桌) that no set of moves could avoid; empty for a clean move."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str
    teammates: tuple[str, ...] = ()

    @property
    def clash(self) -> bool:
        return bool(self.teammates)


@dataclass(frozen=True)
class Advice:
    """What the floor must do now; ``stage`` names the draw (with the event seed it reproduces it)."""

    action: str                      # 'none' | 'break' | 'balance' | 'final-table' | 'over' | 'invalid'
    moves: tuple[Move, ...]
    sizes: dict[int, int]            # players left per table, before the moves
    table: int | None = None         # the table broken, or the final table
    stage: str = ""
    problems: tuple[Problem, ...] = ()

    @property
    def flags(self) -> tuple[Move, ...]:
        """Moves that seat a player with a team-mate because nothing better exists."""
        return tuple(m for m in self.moves if m.clash)

    def summary(self, lang: str = "en") -> str:
        """One line: what the floor must do now."""
        texts = _SUMMARY.get(lang, _SUMMARY["en"])
        sizes = "/".join(str(self.sizes[t]) for t in sorted(self.sizes))
        count = len(self.moves) if self.action != "over" else sum(self.sizes.values())
        line = texts[self.action].format(tables=len(self.sizes), sizes=sizes, table=self.table, count=count)
        if self.flags:
            line += texts["flags"].format(flags=len(self.flags))
        return line

    def as_json(self) -> dict:
        return {
            "action": self.action,
            "table": self.table,
            "summary": self.summary(),
            "moves": [
                {
                    "player": m.player,
                    "from_table": m.from_table,
                    "from_seat": m.from_seat,
                    "to_table": m.to_table,
                    "to_seat": m.to_seat,
                    "reason": m.reason,
                    "teammates": list(m.teammates),
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
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def check_seating(seating: Sequence[SeatState], table_capacity: int = TABLE_CAPACITY) -> list[Problem]:
    """Each player once; every player still in on a real seat, alone in it."""
    problems: list[Problem] = []
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
) -> Advice:
    """What the floor must do now: a final-table redraw, a table break, a balance, or nothing.

    In that order of precedence: when the players left fit one table, all are redrawn onto
    it; else when they fit in one table fewer, the first table in break order is broken into
    the others' open seats; else when the fullest and shortest tables differ by the threshold,
    players move from the fullest to the shortest. While more than 2 tables are in play, no
    move seats a player with a team-mate unless none can avoid it (避免同隊同桌，至僅餘 2 桌為止);
    then the fewest such seats are chosen and each is flagged.
    """
    rows = sorted(seating, key=lambda s: (s.table, s.seat, _player_key(s.player)))
    stage = f"day2/{event}/seating/{fingerprint(rows)}"
    problems = check_seating(rows, table_capacity)
    if rules.break_order not in BREAK_ORDERS:
        problems.append(error(BREAK_ORDER, Where("Rules"), order=rules.break_order))
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

    if len(live) <= table_capacity:
        final = order[-1]
        seats = draw.shuffled(list(range(1, table_capacity + 1)))
        players = draw.shuffled(sorted(live, key=lambda s: _player_key(s.player)))
        moves = tuple(
            Move(s.player, s.table, s.seat, final, seat, "final-table")
            for s, seat in sorted(zip(players, seats), key=lambda ps: (ps[1], ps[0].player))
        )
        return Advice("final-table", moves, sizes, final, stage, tuple(problems))

    open_seats = {
        t: [n for n in range(1, table_capacity + 1) if n not in {s.seat for s in at[t]}] for t in sizes
    }
    # Team-mates apart matters until only 2 tables are left; with 2, any team of 3 shares one.
    avoid = len(sizes) > 2
    teams_at = {t: Counter(team_of(s.player) for s in at[t]) for t in sizes}
    players_at = {t: [s.player for s in at[t]] for t in sizes}

    if len(live) <= (len(sizes) - 1) * table_capacity:
        broken = order[0]
        dests = [t for t in sizes if t != broken]
        movers = at[broken]
        room = {t: len(open_seats[t]) for t in dests}
        fewest = _clashes([team_of(s.player) for s in movers], room, teams_at, avoid)
        # Second to keeping team-mates apart, fill the shortest tables first, so that the
        # break leaves tables as even as it can.
        start = -(-len(live) // len(dests))
        for cap in range(start, table_capacity + 1):
            quota = {t: min(room[t], max(0, cap - sizes[t])) for t in dests}
            if sum(quota.values()) >= len(movers) and \
                    _clashes([team_of(s.player) for s in movers], quota, teams_at, avoid) == fewest:
                break
        moves = _place(movers, quota, open_seats, teams_at, players_at, team_of, avoid, draw, "break")
        return Advice("break", moves, sizes, broken, stage,
                      tuple(problems) + _flag(moves, len(sizes)))

    threshold = rules.balance_threshold_two_tables if len(sizes) == 2 else rules.balance_threshold
    # One move shrinks a spread of 2 or more; a spread of 1 only swaps which table is short.
    trigger = max(threshold, 2)
    now = dict(sizes)
    moved: set[str] = set()
    moves: list[Move] = []
    seat_of = {s.player: s for s in live}
    while max(now.values()) - min(now.values()) >= trigger:
        big = [t for t in sorted(now) if now[t] == max(now.values())]
        short = [t for t in sorted(now) if now[t] == min(now.values())]
        candidates = sorted(
            (p for t in big for p in players_at[t] if p not in moved), key=_player_key
        )
        if not candidates:
            break

        def clean_tables(p: str) -> list[int]:
            return [t for t in short if not (avoid and teams_at[t][team_of(p)])]

        clean = [p for p in candidates if clean_tables(p)]
        player = draw.choice(clean or candidates)
        targets = clean_tables(player) or short
        seat_options = [(t, n) for t in targets for n in open_seats[t]]
        to_table, to_seat = draw.choice(seat_options)
        src = seat_of[player]
        from_table = next(t for t in big if player in players_at[t])
        team = team_of(player)
        mates = tuple(sorted((p for p in players_at[to_table] if team_of(p) == team), key=_player_key)) \
            if avoid else ()
        moves.append(Move(player, from_table, src.seat, to_table, to_seat, "balance", mates))
        moved.add(player)
        players_at[from_table].remove(player)
        teams_at[from_table][team] -= 1
        open_seats[from_table].append(src.seat)
        players_at[to_table].append(player)
        teams_at[to_table][team] += 1
        open_seats[to_table].remove(to_seat)
        now[from_table] -= 1
        now[to_table] += 1
    if not moves:
        return Advice("none", (), sizes, None, stage, tuple(problems))
    return Advice("balance", tuple(moves), sizes, None, stage, tuple(problems) + _flag(moves, len(sizes)))


def _flag(moves: Iterable[Move], tables: int) -> tuple[Problem, ...]:
    return tuple(
        warning(TEAMMATES_FORCED, NOWHERE, player=m.player, table=m.to_table, seat=m.to_seat,
                teammates=", ".join(m.teammates), tables=tables)
        for m in moves if m.clash
    )


def _clean_placements(teams: Sequence[str], room: Mapping[int, int], teams_at: Mapping[int, Counter]) -> int:
    """Most movers that can sit at a table with no team-mate.

    A maximum flow: source → team (its number of movers) → table (1, and only where the team
    has nobody) → sink (the room at the table). Movers beyond it must each share a table.
    """
    need = Counter(teams)
    tables = [t for t in sorted(room) if room[t] > 0]
    source, sink = ("source",), ("sink",)
    capacity: dict[tuple, dict[tuple, int]] = defaultdict(dict)

    def arc(u: tuple, v: tuple, c: int) -> None:
        capacity[u][v] = capacity[u].get(v, 0) + c
        capacity[v].setdefault(u, 0)

    for team in sorted(need):
        arc(source, ("team", team), need[team])
        for t in tables:
            if not teams_at[t][team]:
                arc(("team", team), ("table", t), 1)
    for t in tables:
        arc(("table", t), sink, room[t])

    flow = 0
    while True:
        # breadth-first search for a shortest augmenting path (Edmonds–Karp)
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


def _clashes(teams: Sequence[str], room: Mapping[int, int], teams_at: Mapping[int, Counter], avoid: bool) -> int:
    """The fewest movers who must sit with a team-mate, given the room at each table."""
    if not avoid:
        return 0
    return len(teams) - _clean_placements(teams, room, teams_at)


def _place(
    movers: Sequence[SeatState],
    quota: Mapping[int, int],
    open_seats: Mapping[int, list[int]],
    teams_at: Mapping[int, Counter],
    players_at: Mapping[int, list[str]],
    team_of: Callable[[str], str],
    avoid: bool,
    draw: Draw,
    reason: str,
) -> tuple[Move, ...]:
    """Seat the movers one by one in a drawn order, each on a drawn open seat among the tables
    that keep the fewest team-mate seats still reachable for everyone left."""
    quota = dict(quota)
    teams_at = {t: Counter(c) for t, c in teams_at.items()}
    players_at = {t: list(p) for t, p in players_at.items()}
    open_seats = {t: list(s) for t, s in open_seats.items()}
    left = draw.shuffled(sorted(movers, key=lambda s: _player_key(s.player)))
    best = _clashes([team_of(s.player) for s in left], quota, teams_at, avoid)
    moves: list[Move] = []
    while left:
        mover = left.pop(0)
        team = team_of(mover.player)
        rest = [team_of(s.player) for s in left]
        options: list[tuple[int, int]] = []
        for t in sorted(quota):
            if quota[t] <= 0:
                continue
            cost = 1 if avoid and teams_at[t][team] else 0
            quota[t] -= 1
            teams_at[t][team] += 1
            if cost + _clashes(rest, quota, teams_at, avoid) == best:
                options.extend((t, n) for n in open_seats[t])
            quota[t] += 1
            teams_at[t][team] -= 1
        to_table, to_seat = draw.choice(options)
        cost = 1 if avoid and teams_at[to_table][team] else 0
        mates = tuple(sorted((p for p in players_at[to_table] if team_of(p) == team), key=_player_key)) \
            if cost else ()
        moves.append(Move(mover.player, mover.table, mover.seat, to_table, to_seat, reason, mates))
        best -= cost
        quota[to_table] -= 1
        teams_at[to_table][team] += 1
        players_at[to_table].append(mover.player)
        open_seats[to_table].remove(to_seat)
    return tuple(sorted(moves, key=lambda m: (m.from_table, m.from_seat)))
