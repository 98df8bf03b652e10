"""Day 1 heads-up (單挑賽): the pairing table (附件七), its checks, and the raw score of the results.

The pairing table is a cyclic construction on N positions, mapped onto the teams by a seeded
draw. Team T's home table (主桌) hosts its players 1–3 in both rounds; home player h of the
team at position p meets an away player (4–6) of the team at position p + d(r, h) mod N, where
d(r, h) is the offset of home slot h in round r. Everything about the table follows from the
six offsets and the choice of which away slot faces which home slot:

* a table's three visitors are from three teams, and a team's three away players go to three
  tables, exactly when the three offsets of a round are distinct;
* a player's two opponents are from two teams exactly when the player's two offsets differ;
* teams at positions p and p + δ meet once for every offset ≡ ±δ (mod N), except that the
  offset N/2 (N even) makes that pair meet twice: T visits U and U visits T.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from functools import lru_cache
from itertools import combinations, permutations
from typing import Iterable, NamedTuple, Sequence

from ttools.core.draw import Draw
from ttools.problems import NOWHERE, Problem, define, error

from .model import Match, team_of

MIN_TEAMS = 4  # fewer cannot give a table three different visiting teams
MAX_TEAMS = 26  # team letters stop at Z
ROUNDS = (1, 2)
HOME_SLOTS = (1, 2, 3)  # played at the team's own home table (主桌)
AWAY_SLOTS = (4, 5, 6)  # always play at other teams' tables
# Beyond this the six offsets can all lie in different classes ±δ (none N/2), so every team
# pair meets at most once; the direct construction below is optimal and no search is needed.
SEARCH_UP_TO = 12

WINNER_NOT_IN_MATCH = define(
    "day1-winner-not-in-match",
    "Round {round}, table {table}: the winner {winner} does not play in this match "
    "({home} vs {away}); enter {home} or {away}.",
    "第 {round} 輪第 {table} 桌：勝者 {winner} 不是本場（{home} 對 {away}）的選手，請填 {home} 或 {away}。",
)


class Construction(NamedTuple):
    """The cyclic pairing pattern for ``n`` teams.

    ``offsets[r-1][h-1]`` = d(r, h); ``away_slots[r-1][h-1]`` = the away player number (4–6)
    that home player h meets in round r.
    """

    n: int
    offsets: tuple[tuple[int, int, int], tuple[int, int, int]]
    away_slots: tuple[tuple[int, int, int], tuple[int, int, int]]

    def meetings(self) -> list[tuple[int, int, int, int, int]]:
        """Every match by position: (round, home position, home slot, away position, away slot)."""
        out = []
        for r in ROUNDS:
            for p in range(self.n):
                for h in HOME_SLOTS:
                    q = (p + self.offsets[r - 1][h - 1]) % self.n
                    out.append((r, p, h, q, self.away_slots[r - 1][h - 1]))
        return out


def _meeting_profile(n: int, offsets: Iterable[int]) -> tuple[int, ...]:
    """Meetings of every team pair, sorted descending (one entry per pair, C(n, 2) entries)."""
    offsets = list(offsets)
    counts: list[int] = []
    for delta in range(1, n // 2 + 1):
        if 2 * delta == n:
            # T visits U and U visits T: each offset N/2 counts twice, on N/2 pairs
            counts += [2 * offsets.count(delta)] * (n // 2)
        else:
            counts += [offsets.count(delta) + offsets.count(n - delta)] * n
    return tuple(sorted(counts, reverse=True))


def _same_round_pairs(n: int, round_offsets: Iterable[int]) -> int:
    """Team pairs that meet twice within one round (offsets δ and −δ, or N/2, in the same round)."""
    s = set(round_offsets)
    twice = sum(n for d in s if 2 * d < n and (n - d) in s)
    return twice + (n // 2 if 2 * (n // 2) == n and n // 2 in s else 0)


# What ``_search_offsets`` finds for every N it searches, shipped as data: the search takes up to
# a tenth of a second, a third of a 12-team run. tests/nations_cup/test_day1.py recomputes it.
BEST_OFFSETS: dict[int, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    4: ((1, 2, 3), (1, 2, 3)),
    5: ((1, 2, 3), (1, 2, 4)),
    6: ((1, 2, 3), (1, 2, 4)),
    7: ((1, 2, 3), (1, 2, 3)),
    8: ((1, 2, 3), (1, 2, 4)),
    9: ((1, 2, 3), (1, 2, 4)),
    10: ((1, 2, 3), (1, 4, 5)),
    11: ((1, 2, 3), (1, 4, 5)),
    12: ((1, 2, 3), (4, 5, 6)),
}


def _best_offsets(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two rounds' offset sets with the most even team-pair meetings (``BEST_OFFSETS`` up to
    ``SEARCH_UP_TO`` teams, the direct construction beyond)."""
    if n > SEARCH_UP_TO:
        return (1, 2, 3), (4, 5, 6)
    return BEST_OFFSETS[n]


def _search_offsets(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two rounds' offset sets with the most even team-pair meetings, by exhaustive search.

    Criterion: the lexicographically smallest meeting profile (pair counts sorted descending).
    With the total fixed at 6N matches, that minimises first the largest count, then how many
    pairs reach it, then the next level — exactly quality (1) and nothing else. Ties go to the
    fewest pairs meeting twice in the same round (a team facing one team twice in an hour is
    the repetition players notice), then to the first set in lexicographic order.

    Only offset sets that already satisfy quality (2) are searched; this costs nothing on
    quality (1) because the result meets ``meeting_lower_bound`` for every N (the tests check).
    """
    if n > SEARCH_UP_TO:
        return (1, 2, 3), (4, 5, 6)
    best_key = None
    best = None
    # Each round needs three distinct offsets (quality 2); the rounds' order is immaterial.
    sets = list(combinations(range(1, n), 3))
    for i, s1 in enumerate(sets):
        for s2 in sets[i:]:
            key = (_meeting_profile(n, s1 + s2), _same_round_pairs(n, s1) + _same_round_pairs(n, s2))
            if best_key is None or key < best_key:
                best_key, best = key, (s1, s2)
    assert best is not None
    return best


def _arrange(s1: tuple[int, ...], s2: tuple[int, ...]) -> tuple[tuple, tuple] | None:
    """Assign the offsets to home slots and the away slots to home slots so that no player
    meets the same team twice. Round 1 pairs home h with away h + 3 (the labels of the away
    slots are arbitrary, so this loses nothing)."""
    d1 = tuple(s1)
    for d2 in permutations(s2):
        if any(a == b for a, b in zip(d1, d2)):
            continue  # a home player would meet one team twice
        for slots2 in permutations(AWAY_SLOTS):
            # away slot a meets, in round 1, the home slot a − 3 and in round 2 slots2.index(a)+1
            if all(d1[a - 4] != d2[slots2.index(a)] for a in AWAY_SLOTS):
                return (d1, d2), (AWAY_SLOTS, slots2)
    return None


@lru_cache(maxsize=None)
def construction(n: int) -> Construction:
    """The optimal cyclic Day 1 construction for ``n`` teams (4 ≤ n ≤ 26)."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise ValueError(f"the number of teams must be a whole number, not {n!r}")
    if n < MIN_TEAMS:
        raise ValueError(
            f"Day 1 needs at least {MIN_TEAMS} teams, got {n}: with fewer, a table cannot host "
            "three players from three different visiting teams"
        )
    if n > MAX_TEAMS:
        raise ValueError(f"Day 1 supports at most {MAX_TEAMS} teams (letters A to Z), got {n}")
    s1, s2 = _best_offsets(n)
    found = _arrange(s1, s2)
    # Two sets of three distinct offsets always admit such an arrangement (a cyclic shift
    # avoids every common value), so this cannot fail.
    assert found is not None, n
    offsets, away_slots = found
    return Construction(n, offsets, away_slots)


def meeting_lower_bound(n: int) -> tuple[int, int]:
    """(smallest possible largest pair count, fewest pairs that must reach it) for ``n`` teams.

    6N matches over C(N,2) pairs: some pair meets at least M = ⌈6N / C(N,2)⌉ times, and if k
    pairs meet M times and the rest at most M − 1, then kM + (P − k)(M − 1) ≥ 6N, i.e.
    k ≥ 6N − P(M − 1).
    """
    pairs = n * (n - 1) // 2
    most = math.ceil(6 * n / pairs)
    return most, 6 * n - pairs * (most - 1)


def day1_pairings(teams: Sequence[str], seed: str) -> list[Match]:
    """The Day 1 pairing table for ``teams``: the construction under a seeded relabelling."""
    letters = sorted(set(teams))
    if len(letters) != len(teams):
        raise ValueError("each team may appear only once")
    shape = construction(len(letters))
    # table k is the home table of the k-th team letter, whatever position the draw gave it
    table_of = {t: k for k, t in enumerate(letters, start=1)}
    at_position = Draw(seed, "day1").shuffled(letters)
    matches = []
    for r, p, h, q, a in shape.meetings():
        home_team, away_team = at_position[p], at_position[q]
        matches.append(Match(r, table_of[home_team], f"{home_team}{h}", f"{away_team}{a}"))
    matches.sort(key=lambda m: (m.round, m.table, m.home))
    return matches


def meeting_counts(matches: Iterable[Match]) -> dict[frozenset, int]:
    """How many matches each pair of teams plays (pairs that never meet are absent)."""
    counts: Counter[frozenset] = Counter()
    for m in matches:
        counts[frozenset((team_of(m.home), team_of(m.away)))] += 1
    return dict(counts)


def _player_key(code: str) -> tuple[str, int, str]:
    digits = code[1:]
    return (code[:1], int(digits) if digits.isdigit() else 0, code)


def player_schedules(matches: Iterable[Match]) -> dict[str, list[Match]]:
    """Each player's own matches, by round (players in team-then-number order)."""
    by_player: dict[str, list[Match]] = defaultdict(list)
    for m in matches:
        by_player[m.home].append(m)
        by_player[m.away].append(m)
    return {
        code: sorted(by_player[code], key=lambda m: (m.round, m.table)) for code in sorted(by_player, key=_player_key)
    }


def check_pairings(matches: Sequence[Match], teams: Sequence[str]) -> list[str]:
    """What in a pairing table breaks the hard constraints or quality (2), in plain English."""
    out: list[str] = []
    team_set = set(teams)
    rounds = sorted({m.round for m in matches})
    if rounds != list(ROUNDS):
        out.append(f"expected rounds 1 and 2, found {', '.join(map(str, rounds)) or 'none'}")

    for m in matches:
        where = f"round {m.round} table {m.table}"
        for code in (m.home, m.away):
            if team_of(code) not in team_set:
                out.append(f"{where}: {code} is not a player of a team in this event")
        if team_of(m.home) == team_of(m.away):
            out.append(f"{where}: {m.home} vs {m.away} are team-mates")

    for r in rounds:
        in_round = [m for m in matches if m.round == r]
        plays = Counter(c for m in in_round for c in (m.home, m.away))
        for code, k in sorted(plays.items(), key=lambda kv: _player_key(kv[0])):
            if k > 1:
                out.append(f"round {r}: {code} plays {k} matches")
        for t in sorted(team_set):
            for number in (*HOME_SLOTS, *AWAY_SLOTS):
                if plays[f"{t}{number}"] == 0:
                    out.append(f"round {r}: {t}{number} does not play")

        tables: dict[int, list[Match]] = defaultdict(list)
        for m in in_round:
            tables[m.table].append(m)
        for table, ms in sorted(tables.items()):
            if len(ms) > 3:
                out.append(f"round {r} table {table}: {len(ms)} matches (a table holds 3)")
            visitors = [team_of(m.away) for m in ms]
            if len(set(visitors)) < len(visitors):
                names = ", ".join(sorted(m.away for m in ms))
                out.append(f"round {r} table {table}: visitors {names} are not from different teams")

        away_tables: dict[str, dict[str, int]] = defaultdict(dict)
        for m in in_round:
            away_tables[team_of(m.away)][m.away] = m.table
        for t, seats in sorted(away_tables.items()):
            at = Counter(seats.values())
            for table, k in sorted(at.items()):
                if k > 1:
                    names = ", ".join(sorted(c for c, tb in seats.items() if tb == table))
                    out.append(f"round {r}: away players {names} of team {t} all play at table {table}")

    opponents: dict[str, list[str]] = defaultdict(list)
    for m in matches:
        opponents[m.home].append(m.away)
        opponents[m.away].append(m.home)
    for code in sorted(opponents, key=_player_key):
        by_team = Counter(team_of(o) for o in opponents[code])
        for t, k in sorted(by_team.items()):
            if k > 1:
                names = ", ".join(sorted(o for o in opponents[code] if team_of(o) == t))
                out.append(f"{code} meets team {t} more than once ({names})")
    return out


def _decided(m: Match) -> bool:
    return m.winner is not None and m.winner in (m.home, m.away)


def validate_results(matches: Iterable[Match]) -> list[Problem]:
    """Errors in the entered winners (an empty winner is a match not played yet, not an error)."""
    problems = []
    for m in matches:
        if m.winner is not None and m.winner not in (m.home, m.away):
            problems.append(
                error(
                    WINNER_NOT_IN_MATCH,
                    m.where.get("winner", NOWHERE),
                    round=m.round,
                    table=m.table,
                    winner=m.winner,
                    home=m.home,
                    away=m.away,
                )
            )
    return problems


def day1_complete(matches: Sequence[Match]) -> bool:
    """True when every match of the table has a valid winner."""
    return bool(matches) and all(_decided(m) for m in matches)


def day1_raw(matches: Iterable[Match], teams: Iterable[str], hu_win: int = 5) -> dict[str, int]:
    """Raw score (原始分) per team: ``hu_win`` per match won; invalid winners count for no one."""
    raw = {t: 0 for t in sorted(teams)}
    for m in matches:
        if _decided(m):
            team = team_of(m.winner)  # type: ignore[arg-type]
            raw[team] = raw.get(team, 0) + hu_win
    return raw
