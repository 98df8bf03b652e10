"""Day 2 line-ups (分項名單) for the NLH and bounty events, and the seeded seat draw (分桌抽籤)."""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from math import prod
from typing import Mapping, Sequence

from ttools.core.draw import Draw
from ttools.problems import NOWHERE, Problem, Where, define, error, warning

from .model import Located, Player, Seat

EVENTS = ("nlh", "bounty")  # NLH MTT (多桌錦標賽) and escalating bounty MTT (獵人賽)
PER_EVENT = 3  # each team enters 3 players in each event
RULEBOOK_TABLES = 4  # 每場 4 桌
RULEBOOK_SIZES = (8, 9)  # 每桌 8 至 9 人


def event_word(event: str) -> dict[str, str]:
    """An event code as a message parameter: the code in English, the event's name in Chinese."""
    return {"en": event, "zh-Hant": {"nlh": "NLH MTT", "bounty": "獵人賽"}.get(event, event)}


TABLES_AUTO = define(
    "tables-day2-auto",
    "Each Day 2 event has {field} players: {tables} tables of {sizes} (the rulebook's 4 tables of 8–9 seat "
    "32–36); type a number in tables_day2 to choose otherwise.",
    "第二天每場 {field} 人：開 {tables} 桌，各桌 {sizes} 人（規程之 4 桌、每桌 8–9 人適用 32–36 人）；如需其他桌數，請於 tables_day2 填入數字。",
)
TABLES_TOO_FEW = define(
    "tables-day2-too-few",
    "tables_day2 = {tables}: {tables} tables of at most {seats} (table_seats) seat {room} players, but each Day 2 "
    "event has {field}; set tables_day2 to {need} or auto, or table_seats to {seats_needed}.",
    "tables_day2 = {tables}：{tables} 桌、每桌至多 {seats} 人（table_seats）只能坐 {room} 人，但第二天每場有 {field} 人；"
    "請將 tables_day2 改為 {need} 或 auto，或將 table_seats 改為 {seats_needed}。",
)
TABLES_TOO_MANY = define(
    "tables-day2-too-many",
    "tables_day2 = {tables} is more tables than the {field} players of a Day 2 event can fill; set it to "
    "{field} or fewer, or auto.",
    "tables_day2 = {tables} 桌多於第二天每場之 {field} 人；請改為 {field} 以下，或 auto。",
)

LINEUP_COUNT = define(
    "lineup-count",
    "Team {team} entered {count} players for {event}; exactly {expected} are required.",
    "{team} 隊的 {event} 名單有 {count} 人，應為 {expected} 人。",
)
LINEUP_BOTH_EVENTS = define(
    "lineup-both-events",
    "{player} is entered for both {first} and {event}; a player plays only one Day 2 event.",
    "{player} 同時列入 {first} 與 {event}；每名選手第二天只能參加一個分項。",
)
LINEUP_DUPLICATE = define(
    "lineup-duplicate",
    "{player} is entered twice for {event} by team {team}.",
    "{team} 隊的 {event} 名單重複列入 {player}。",
)
LINEUP_NOT_REGISTERED = define(
    "lineup-not-registered",
    "{player} is not a registered player (team {team}, {event}); use a code from the Players sheet.",
    "{player} 不是已報名的選手（{team} 隊，{event}）；請使用選手名單中的編號。",
)
LINEUP_WRONG_TEAM = define(
    "lineup-wrong-team",
    "{player} plays for team {own}, not team {team}; a team may enter only its own players.",
    "{player} 屬於 {own} 隊，不是 {team} 隊；各隊只能派出本隊選手。",
)
LINEUP_UNKNOWN_TEAM = define(
    "lineup-unknown-team",
    "Team {team} has no registered players; use a team letter from the Players sheet.",
    "{team} 隊沒有已報名的選手；請使用選手名單中的隊伍代號。",
)
LINEUP_UNKNOWN_EVENT = define(
    "lineup-unknown-event",
    "Event '{event}' is not a Day 2 event; enter nlh or bounty.",
    "「{event}」不是第二天的分項；請填 nlh 或 bounty。",
)


class LineupRow(Located):
    """One row of the line-up sheet; ``where`` maps a column ('team', 'event', 'player') to its cell."""

    __slots__ = ("team", "event", "player")
    team: str
    event: str
    player: str


def _cell(row: LineupRow, column: str) -> Where:
    return row.where.get(column) or row.where.get("player") or next(iter(row.where.values()), NOWHERE)


def validate_lineups(
    rows: Sequence[LineupRow],
    players: Mapping[str, Player],
) -> tuple[dict[str, dict[str, list[str]]], list[Problem]]:
    """Check every team's two line-ups; return the valid ones (by event, then team) and the problems.

    A team with any problem is left out of both events: its two line-ups depend on each other
    (no one in both), so neither can be trusted alone. A team with no rows has not submitted
    yet, which is not a problem (it is left out too). A count that is wrong is said once, on
    the rows beyond the third of an event that has too many (the short event then follows from
    it), else on the short event's last row: every problem is on a row.
    """
    lineups: dict[str, dict[str, list[str]]] = {e: {} for e in EVENTS}
    if not rows:
        return lineups, []
    problems: list[Problem] = []
    bad_teams: set[str] = set()
    roster_teams = sorted({p.team for p in players.values()})

    seen_in: dict[str, str] = {}  # player -> first event entered for
    seen: set[tuple[str, str, str]] = set()  # (team, event, player)
    by_team_event: dict[tuple[str, str], list[LineupRow]] = defaultdict(list)
    for row in rows:
        params = {"team": row.team, "event": event_word(row.event), "player": row.player}
        if row.team not in roster_teams:
            problems.append(error(LINEUP_UNKNOWN_TEAM, _cell(row, "team"), team=row.team))
            continue
        if row.event not in EVENTS:
            problems.append(error(LINEUP_UNKNOWN_EVENT, _cell(row, "event"), event=row.event))
            bad_teams.add(row.team)
            continue
        by_team_event[row.team, row.event].append(row)
        player = players.get(row.player)
        if player is None:
            problems.append(error(LINEUP_NOT_REGISTERED, _cell(row, "player"), **params))
            bad_teams.add(row.team)
            continue
        if player.team != row.team:
            problems.append(error(LINEUP_WRONG_TEAM, _cell(row, "player"), own=player.team, **params))
            bad_teams.add(row.team)
            continue
        if (row.team, row.event, row.player) in seen:
            problems.append(error(LINEUP_DUPLICATE, _cell(row, "player"), **params))
            bad_teams.add(row.team)
            continue
        seen.add((row.team, row.event, row.player))
        first = seen_in.setdefault(row.player, row.event)
        if first != row.event:
            problems.append(error(LINEUP_BOTH_EVENTS, _cell(row, "player"), first=event_word(first), **params))
            bad_teams.add(row.team)

    for team in roster_teams:
        counts = {e: len(by_team_event.get((team, e), [])) for e in EVENTS}
        if not any(counts.values()):
            bad_teams.add(team)  # not submitted yet: waiting, not a mistake
            continue
        over = any(n > PER_EVENT for n in counts.values())
        for event in EVENTS:
            entered = by_team_event.get((team, event), [])
            if len(entered) == PER_EVENT:
                continue
            bad_teams.add(team)
            params = dict(team=team, event=event_word(event), count=len(entered), expected=PER_EVENT)
            if len(entered) > PER_EVENT:
                # the rows beyond the third are the ones to look at (a player typed in the wrong event)
                problems.extend(error(LINEUP_COUNT, _cell(r, "event"), **params) for r in entered[PER_EVENT:])
            elif not over:
                # short with the other event not over: the team's last row of this event, or its first row
                first = next(r for e in EVENTS for r in by_team_event.get((team, e), []))
                problems.append(error(LINEUP_COUNT, _cell(entered[-1] if entered else first, "team"), **params))

    for (team, event), entered in sorted(by_team_event.items()):
        if team not in bad_teams:
            lineups[event][team] = [r.player for r in entered]
    return lineups, problems


def plan_tables(
    field: int, tables: int | None, seats: int, where: Mapping[str, Where]
) -> tuple[int | None, list[Problem]]:
    """How many tables each Day 2 event of ``field`` players runs on.

    ``tables`` is the Rules value (None = auto): max(3, ⌈field ÷ seats⌉) tables, sizes within
    1 — the rulebook's 4 for 28–36 players at 9 seats, 3 for small fields so that a team's 3
    players still sit at 3 tables, more for large ones (a warning says when the count is not 4,
    or a table falls outside the rulebook's 8–9). A count
    typed in Rules wins; one that cannot seat the field is an error on its cell, and then
    there is no count (None). ``where`` maps 'tables_day2' and 'table_seats' to their cells.
    """
    cell = where.get("tables_day2") or where.get("table_seats") or Where("Rules", "tables_day2")
    if tables is not None:
        if tables * seats < field:
            need = -(-field // seats)
            return None, [
                error(
                    TABLES_TOO_FEW,
                    cell,
                    tables=tables,
                    seats=seats,
                    room=tables * seats,
                    field=field,
                    need=need,
                    seats_needed=-(-field // tables),
                )
            ]
        if tables > field:
            return None, [error(TABLES_TOO_MANY, cell, tables=tables, field=field)]
        return tables, []
    count = max(PER_EVENT, -(-field // seats))
    sizes = _table_sizes(field, count)
    problems = []
    if count != RULEBOOK_TABLES or not all(RULEBOOK_SIZES[0] <= n <= RULEBOOK_SIZES[1] for n in sizes):
        shown = "–".join(str(n) for n in sorted({min(sizes), max(sizes)}))
        problems.append(warning(TABLES_AUTO, cell, field=field, tables=count, sizes=shown))
    return count, problems


def _table_sizes(players: int, tables: int) -> list[int]:
    """Sizes differing by at most one; the lower-numbered tables take the extra players."""
    base, extra = divmod(players, tables)
    return [base + 1 if t < extra else base for t in range(tables)]


def _fits(free: Sequence[int], teams: Sequence[int]) -> bool:
    """Can teams of these sizes still be seated, each at distinct tables, in these free seats?

    Gale–Ryser for a 0/1 table×team matrix with row sums ``free`` and column sums ``teams``.
    """
    return _fits_sorted(free, sorted(teams), sum(teams))


def _fits_sorted(free: Sequence[int], sizes: Sequence[int], total: int) -> bool:
    """``_fits`` with the team sizes given in ascending order with their total: the condition
    Σ_{i≤k} free_i ≤ Σ_teams min(size, k) for the k largest free counts, where the right side
    grows by the number of teams of at least k players from one k to the next."""
    if sum(free) != total:
        return False
    n, small = len(sizes), 0  # sizes[:small] are the teams smaller than k
    running = capacity = 0
    for k, r in enumerate(sorted(free, reverse=True), start=1):
        while small < n and sizes[small] < k:
            small += 1
        capacity += n - small
        running += r
        if running > capacity:
            return False
    return True


def seat_draw(lineup: Mapping[str, Sequence[str]], tables: int, seed: str, event: str) -> list[Seat]:
    """The seeded seat draw of one Day 2 event: balanced tables, team-mates at different tables."""
    if tables < 3:
        raise ValueError(f"the Day 2 draw needs at least 3 tables to part each team's 3 players, got {tables}")
    teams = {t: sorted(codes) for t, codes in sorted(lineup.items()) if codes}
    for t, codes in teams.items():
        if len(codes) > tables:
            raise ValueError(f"team {t} has {len(codes)} players but there are only {tables} tables")
        if len(set(codes)) != len(codes):
            raise ValueError(f"team {t} lists a player twice")
    total = sum(len(c) for c in teams.values())
    free = _table_sizes(total, tables)
    draw = Draw(seed, f"day2/{event}")

    at_table: list[list[str]] = [[] for _ in range(tables)]
    order = draw.shuffled(list(teams))
    for i, team in enumerate(order):
        codes = draw.shuffled(teams[team])
        rest = sorted(len(teams[t]) for t in order[i + 1 :])
        rest_total = sum(rest)
        choices = []
        # whether the rest still fit, and the weight, depend only on the free counts of the
        # tables chosen (what is left is those counts less one each): worked out once per counts
        weights: dict[tuple[int, ...], int] = {}
        # only tables with a free seat: the same candidate sets, in the same order, as every
        # set of tables less those that would go below zero
        for chosen in combinations([t for t, f in enumerate(free) if f > 0], len(codes)):
            counts = tuple(map(free.__getitem__, chosen))
            weight = weights.get(counts)
            if weight is None:
                left = list(free)
                for t in chosen:
                    left[t] -= 1
                # weight a choice by the free seats it can take: drawing seat cards one by one
                # would favour the emptier tables in just this way (0: the rest would not fit)
                weight = weights[counts] = prod(counts) if _fits_sorted(left, rest, rest_total) else 0
            if weight:
                choices.append((chosen, weight))
        # the opening sizes always fit (teams of at most `tables` players), and each step
        # keeps a fitting remainder, so there is always a choice
        pick = draw.below(sum(w for _, w in choices))
        for chosen, weight in choices:  # noqa: B007  (the chosen one is read after the loop)
            if pick < weight:
                break
            pick -= weight
        for t, code in zip(chosen, codes):
            at_table[t].append(code)
            free[t] -= 1

    seats = []
    for t, players in enumerate(at_table, start=1):
        for s, code in enumerate(draw.shuffled(sorted(players)), start=1):
            seats.append(Seat(t, s, code))
    return seats
