"""Apply the Scrabble rules to the loaded records: check the slips, rank each division, and pair
the next round where the Rounds sheet defines it and the round it is based on is complete.

A division whose slips have errors is ranked from its good slips only and is not paired: a
pairing is never drawn from a guess. Withdrawn players are not paired after their last round;
a pairing already published for them becomes their forfeit, with a warning.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import chain, count
from typing import Callable

from ttools.competitions.scrabble import boards as BO
from ttools.competitions.scrabble import gibson as GI
from ttools.competitions.scrabble import results as R
from ttools.competitions.scrabble.load import EventData, RoundSpec
from ttools.competitions.scrabble.results import (
    GAME,
    Game,
    Outcome,
    Player,
    all_outcomes,
    check_games,
)
from ttools.competitions.scrabble.standings import Record, rank_records, records, standings
from ttools.core import pairing as PA
from ttools.core import swiss as SW
from ttools.core.draw import Draw
from ttools.core.standings import Ranked
from ttools.problems import Problem, Where, define, error, has_errors, warning

OTHER_DIVISION = define(
    "slip-other-division",
    "{player2} (division {division2}) cannot play {player1} (division {division1}): players meet only their own division",
    "{player2}（{division2} 組）不能與 {player1}（{division1} 組）對賽：只與同組參賽者對賽",
)
WITHDRAWN_FORFEIT = define(
    "withdrawn-forfeit",
    "{player} withdrew after round {after}; this published round {round} pairing is recorded as {player}'s forfeit "
    "(the opponent wins by the forfeit spread), not re-paired",
    "{player} 已於第 {after} 回合後退賽；第 {round} 回合已公布之對賽記作 {player} 缺席（對手勝），不另行編配",
)
WITHDRAWN_PLAYED = define(
    "withdrawn-played",
    "{player} withdrew after round {after} but has a result in round {round}; check the withdrawal round",
    "{player} 已於第 {after} 回合後退賽，卻有第 {round} 回合成績；請核對退賽回合",
)
PAIRING_BLOCKED = define(
    "pairing-blocked",
    "round {round} of division {division} is not paired until the errors above are fixed (nothing is paired from a guess)",
    "{division} 組第 {round} 回合暫不編配：請先更正上列錯誤（不會依猜測編配）",
)
RR_NEW_CYCLE = define(
    "rr-new-cycle",
    "division {division}: round {round} starts cycle {cycle} of the round robin begun in round {start} "
    "({players} players meet each other in {length} rounds); check the Rounds sheet",
    "{division} 組第 {round} 回合開始第 {start} 回合起之循環賽之第 {cycle} 循環（{players} 名參賽者 {length} 回合即互賽一遍）；請核對回合表",
)
FONTES_EVEN = define(
    "initfontes-even",
    "division {division}: InitFontes is played over an odd number of rounds, and rounds {start} to {end} are {count}; "
    "the groups are of {size} players",
    "{division} 組：InitFontes 之回合數須為單數，第 {start} 至 {end} 回合共 {count} 回合；每組 {size} 人",
)
TOO_FEW = define(
    "division-too-small",
    "division {division} has {count} player(s) to pair in round {round}; at least 2 are needed",
    "{division} 組第 {round} 回合只有 {count} 名參賽者可編配；至少需要 2 名",
)


@dataclass(frozen=True)
class Table:
    """One line of a pairing sheet: ``second`` None is a bye (no table)."""

    table: int | None
    first: str  # starts (先手)
    second: str | None  # replies (後手)


@dataclass
class NewRound:
    round: int
    spec: RoundSpec
    tables: list[Table]
    order: list[str]  # the standings order the pairing was made from
    basis: dict[str, Record] = field(default_factory=dict)  # the records of that order (printed)
    relaxation: PA.Relaxation | None = None
    round1_rule: str | None = None  # 'rating' / 'random' when an Australian Draw had no standings yet
    rr_start: int | None = None  # first round of the round robin (or InitFontes) this round belongs to
    cycle: tuple[int, int, int] | None = None  # a round robin's (cycle, round of the cycle, rounds a cycle)
    groups: int = 0  # InitFontes: how many groups play their round robins
    fontes: tuple[int, int] | None = None  # InitFontes: (this round of the start, rounds of the start)
    fixed_on: int | None = None  # a fixed schedule: the round its field was ranked after (0 = by rating)
    gibson: str | None = None  # the player who has clinched first and is paired away from the contenders
    paid: int | None = None  # the last paid place the Gibson's opponent is chosen by (None: no place prizes)
    stages: tuple[str, ...] = ()  # the draw stages used (printed with the seed)
    starts_drawn: tuple[int, ...] = ()  # tables whose starter the seeded draw chose (equal starts and replies)
    notes: list[Problem] = field(default_factory=list)  # relaxation, as printed on the sheet


@dataclass
class Division:
    name: str
    players: list[Player]
    games: list[Game] = field(default_factory=list)  # checked slips with a result
    pending: list[Game] = field(default_factory=list)  # pairings waiting for a result
    outcomes: list[Outcome] = field(default_factory=list)
    standings: list[Ranked[Record]] = field(default_factory=list)  # after round ``through``
    records: dict[str, Record] = field(default_factory=dict)  # every result entered so far
    half: list[Game] = field(default_factory=list)  # games with one score only (errors, kept for export)
    last_round: int = 0  # the highest round with a row on Results
    through: int = 0  # the last complete round: the standings are after it
    errors: bool = False  # its slips have errors: ranked from the good ones, not paired
    new_round: NewRound | None = None
    status: tuple = ()  # why nothing was paired: (kind, params…), for the report


@dataclass
class Results:
    data: EventData
    divisions: dict[str, Division] = field(default_factory=dict)
    forfeited_rows: dict[int, int] = field(default_factory=dict)  # Results row index -> absent player (1|2)

    def player(self, pid: str) -> Player | None:
        return self.data.players.get(pid)


def table_offsets(data: EventData) -> dict[str, int]:
    """Tables are numbered across the hall: each division starts after the previous one's
    largest possible number of games, so numbers never clash whichever divisions pair."""
    out, n = {}, 0
    for d in data.divisions:
        out[d] = n
        n += sum(1 for p in data.players.values() if p.division == d) // 2
    out[""] = n  # the hall's last table
    return out


def _free_boards(data: EventData, d: str, offsets: dict[str, int]) -> Iterator[int]:
    """The numbers a division's pairs take in order: its own block, then (only when reserved
    boards inside it were taken by others) numbers after the hall's last; reserved ones skipped."""
    taken = set(data.reserved.values())
    start = offsets[d]
    size = sum(1 for p in data.players.values() if p.division == d) // 2
    numbers = chain(range(start + 1, start + size + 1), count(offsets[""] + 1))
    return (n for n in numbers if n not in taken)


def compute(data: EventData, problems: list[Problem]) -> Results:
    res = Results(data)
    games = _withdrawals(data, res, problems)
    div_of = {pid: p.division for pid, p in data.players.items()}
    known = set(data.players)

    by_division: dict[str, list[Game]] = defaultdict(list)
    begun: dict[str, set[int]] = defaultdict(set)  # rounds with a row, including slips left out
    crossed: set[str] = set()  # divisions with a slip naming another division
    for g in games:
        d1 = div_of.get(g.player1)
        d2 = div_of.get(g.player2) if g.player2 else None
        if isinstance(g.round, int):
            begun[d1 or d2 or ""].add(g.round)
        if d1 and d2 and d1 != d2:
            problems.append(
                error(OTHER_DIVISION, g.at("player2"), player1=g.player1, division1=d1, player2=g.player2, division2=d2)
            )
            if isinstance(g.round, int):
                begun[d2].add(g.round)
            crossed.update((d1, d2))
            continue
        by_division[d1 or d2 or ""].append(g)

    published: dict[str, dict[int, list[tuple[str, str | None]]]] = defaultdict(lambda: defaultdict(list))
    for p in data.published:
        published[p.division][p.round].append((p.player1, p.player2))

    offsets = table_offsets(data)
    names = list(data.divisions) + ([""] if by_division.get("") else [])
    for d in names:
        div = Division(d, [p for p in data.players.values() if p.division == d])
        div_games = by_division.get(d, [])
        check = check_games(div_games, data.rules, players=known, published=dict(published.get(d, {})) or None)
        found = _relocate(check.problems, div_games, published.get(d, {}))
        problems.extend(found)
        div.errors = has_errors(found) or d in crossed
        div.games, div.pending, div.half = check.games, check.pending, check.half
        div.last_round = max(begun.get(d, ()), default=0)
        if not d:
            continue  # slips naming nobody on the roster: reported, nothing else
        div.outcomes = all_outcomes(div.games, data.rules)
        div.through = last_complete_round(div)
        div.records = records(div.players, div.outcomes)
        # the standings count the rounds up to ``through``: every outcome, the usual case, needs no second count
        counted = (
            div.records
            if all(o.round <= div.through for o in div.outcomes)
            else records(div.players, div.outcomes, div.through)
        )
        div.standings = rank_records(counted, lot=Draw(data.seed, f"scrabble/{d}/lot"), through_round=div.through)
        res.divisions[d] = div
        _pair_next(data, div, offsets, problems)
    return res


def last_complete_round(div: Division) -> int:
    """Standings are "after round k", k the last round all of whose games have results: a bye
    or a forfeit already entered in a round still being played counts nothing yet (as in
    TSH), and neither do the games finished early in it."""
    open_rounds = {g.round for g in div.pending} | {g.round for g in div.half}
    return min(open_rounds) - 1 if open_rounds else div.last_round


def _withdrawals(data: EventData, res: Results, problems: list[Problem]) -> list[Game]:
    """A published pairing of a player after their withdrawal is their forfeit (never a silent
    re-pair); a game played after it is only flagged."""
    withdrawn = {pid for pid, p in data.players.items() if p.withdrawn_after is not None}
    if not withdrawn:
        return list(data.games)
    out = []
    for i, g in enumerate(data.games):
        if isinstance(g.round, int) and (g.player1 in withdrawn or g.player2 in withdrawn):
            for k, pid in ((1, g.player1), (2, g.player2)):
                p = data.players.get(pid or "")
                if p is None or p.withdrawn_after is None or g.round <= p.withdrawn_after:
                    continue
                if g.pending:
                    g = replace(g, forfeit=k)
                    res.forfeited_rows[data.game_rows[i]] = k
                    problems.append(
                        warning(WITHDRAWN_FORFEIT, g.at("forfeit"), player=pid, round=g.round, after=p.withdrawn_after)
                    )
                elif g.forfeit != k:
                    problems.append(
                        warning(
                            WITHDRAWN_PLAYED, g.at(f"player{k}"), player=pid, round=g.round, after=p.withdrawn_after
                        )
                    )
                break
        out.append(g)
    return out


# ---------------------------------------------------------------------------------------
# Problems on their cells


_BY_ROW = (R.PLAYER_TWICE, R.SLIPS_DISAGREE, R.PAIRING_CHANGED)  # the problems check_games puts on a slip's row


def _relocate(found: list[Problem], games: list[Game], published: dict[int, list]) -> list[Problem]:
    """check_games names a slip by its row; point at the very cell that is wrong instead."""
    if not any(p.code in _BY_ROW for p in found):
        return found
    by_row = {g.at("row"): g for g in games}
    out = []
    for p in found:
        g = by_row.get(p.where)
        params = dict(p.params)
        if g is not None and p.code == R.PLAYER_TWICE:
            key = "player1" if g.player1 == params.get("player") else "player2"
            p = replace(p, where=g.at(key))
        elif g is not None and p.code == R.SLIPS_DISAGREE:
            first = next(
                (
                    o
                    for o in games
                    if o is not g and o.round == g.round and set(o.players) == set(g.players) and not o.pending
                ),
                None,
            )
            if first is not None:
                p = replace(p, where=g.at(_first_difference(g, first)))
        elif g is not None and p.code == R.PAIRING_CHANGED:
            partners = {a: b for pair in published.get(g.round, []) for a, b in (pair, pair[::-1]) if a}
            key = "player2" if g.player1 in partners else "player1"
            p = replace(p, where=g.at(key))
        out.append(p)
    return out


def _first_difference(slip: Game, other: Game) -> str:
    """The first field of ``slip`` that disagrees with ``other`` (written either way round)."""
    same = slip.player1 == other.player1
    swap = {1: 2, 2: 1}
    fields = (
        ("score1", "score1" if same else "score2"),
        ("score2", "score2" if same else "score1"),
        ("overtime1", "overtime1" if same else "overtime2"),
        ("overtime2", "overtime2" if same else "overtime1"),
    )
    for mine, theirs in fields:
        if (getattr(slip, mine) or 0) != (getattr(other, theirs) or 0):
            return mine
    forfeit = other.forfeit if same else swap.get(other.forfeit, other.forfeit)  # type: ignore[arg-type]
    return "forfeit" if slip.forfeit != forfeit else "row"


# ---------------------------------------------------------------------------------------
# Pairing the next round


def _pair_next(data: EventData, div: Division, offsets: dict[str, int], problems: list[Problem]) -> None:
    d = div.name
    r = div.last_round + 1
    plan = data.plan(d)
    spec = plan.get(r)
    if spec is None:
        if any(k > r for k in plan):
            div.status = ("not-defined", r)
        elif not plan and not div.last_round:
            div.status = ("no-rounds", r)
        return
    where = spec.where.get("round", Where(data.sheet("Rounds")))
    if data.setup_errors or div.errors:
        problems.append(warning(PAIRING_BLOCKED, where, round=r, division=d))
        div.status = ("blocked", r)
        return
    b = spec.based_on
    waiting = [g for g in div.pending if g.round <= b]
    if waiting:
        div.status = ("waiting", r, b, len(waiting))
        return
    active = [p for p in div.players if p.withdrawn_after is None or p.withdrawn_after >= r]
    if len(active) < 2:
        problems.append(warning(TOO_FEW, where, division=d, round=r, count=len(active)))
        div.status = ("too-few", r)
        return
    active_ids = {p.id for p in active}
    ranked = _standings_after(data, div, b)
    order = [x.item.id for x in ranked if x.item.id in active_ids]
    new = NewRound(r, spec, [], order, {x.item.id: x.item for x in ranked})
    stage = f"scrabble/{d}/r{r}"
    if spec.method in ("rr", "if"):
        fixed = _round_robin if spec.method == "rr" else _init_fontes
        pairs, bye_list = fixed(data, div, r, plan, new, problems)
    else:
        pairs, bye_list = _drawn(data, div, plan, new, stage)

    position = {pid: i for i, pid in enumerate(new.order)}
    pairs.sort(key=lambda pr: min(position[pr[0]], position[pr[1]]))  # table 1 for the top board
    drawn_at: list[int] = []
    if spec.method not in ("rr", "if"):  # a fixed schedule says who starts
        starts, replies = _starts_and_replies(div)
        pairs, drawn_at = synch_firsts(pairs, starts, replies, Draw(data.seed, f"{stage}/starts"))
        new.stages += (f"{stage}/starts",)
    previous = {
        p: g.table for g in chain(div.games, div.pending) if g.round == r - 1 and g.table for p in g.players if p
    }
    numbers = BO.assign(pairs, _free_boards(data, d, offsets), data.reserved, previous, data.stable_boards)
    new.starts_drawn = tuple(sorted(numbers[i] for i in drawn_at))
    new.tables = sorted((Table(n, a, b_) for n, (a, b_) in zip(numbers, pairs)), key=lambda tb: tb.table or 0)
    new.tables += [Table(None, p, None) for p in bye_list]
    if new.relaxation is not None:

        def label(pid: str) -> str:
            p = data.players.get(pid)
            return f"{pid} {p.name}".strip() if p else pid

        new.notes = new.relaxation.problems(spec.where.get("method", where), label)
        problems.extend(new.notes)
    div.new_round = new
    div.status = ("paired", r)


def _drawn(
    data: EventData, div: Division, plan: dict[int, RoundSpec], new: NewRound, stage: str
) -> tuple[list[tuple[str, str]], list[str]]:
    """A round drawn from the standings (random, ad, koth, swiss), the Gibson paired first when
    one has clinched first place; the pairs as (higher ranked, lower ranked)."""
    spec, order, b = new.spec, new.order, new.spec.based_on
    # who met whom, pairings still to play included (made straight into the draw's record)
    played = [o for o in div.outcomes if o.kind == GAME and o.opponent is not None and o.player < o.opponent]
    history = PA.Meetings(
        chain(((o.round, o.player, o.opponent) for o in played), ((g.round, g.player1, g.player2) for g in div.pending))
    )
    met = bool(played or div.pending)
    del played
    byes = {pid: rec.byes for pid, rec in div.records.items()}
    clubs = {p.id: p.club.strip().casefold() for p in div.players}
    forbidden: Callable[[str, str], bool] | None = None
    if spec.avoid_club:

        def forbidden(a: str, b: str) -> bool:  # same club (同會迴避), treated like one meeting more
            return bool(clubs[a]) and clubs[a] == clubs[b]

    fixed: list[tuple[str, str]] = []
    gibson_bye: list[str] = []
    if data.gibson and spec.method in ("ad", "koth", "swiss"):
        left = GI.chase(range(b + 1, max(plan) + 1), data.rules.cap, data.gibson_spread)
        new.gibson = GI.gibsonized(order, new.basis, left)
        if new.gibson is not None:
            if len(order) % 2:  # TSH: "give an odd Gibson the bye"
                gibson_bye = [new.gibson]
            else:
                new.paid = GI.paid_places(data.prizes, div.name)
                victim = GI.opponent(new.gibson, order, new.basis, left, history.count, new.paid)
                fixed = [(new.gibson, victim)]
            gone = set(gibson_bye) | {p for pair in fixed for p in pair}
            order = [p for p in order if p not in gone]
    if spec.method == "koth":  # no adjustment, not even for repeats
        drawn = PA.king_of_the_hill(order, byes)
    elif spec.method == "swiss":
        drawn = _swiss(order, new.basis, history, spec.repeats, byes, forbidden)
    elif spec.method == "random" or (spec.method == "ad" and b == 0 and not met and data.round1 == "random"):
        new.round1_rule = "random" if spec.method == "ad" else None
        drawn = PA.random_pairing(order, history, Draw(data.seed, f"{stage}/random"), spec.repeats, byes, forbidden)
        new.stages += (f"{stage}/random",)
    elif b == 0 and not met:
        new.round1_rule = "rating"
        drawn = _top_half_vs_bottom_half(order, byes, forbidden)
    else:
        drawn = PA.australian_draw(order, history, spec.repeats, byes, forbidden)
    new.relaxation = drawn.relaxation
    return fixed + list(drawn.pairs), gibson_bye + ([drawn.bye] if drawn.bye is not None else [])


def _swiss(
    order: list[str],
    basis: dict[str, Record],
    history: PA.Meetings,
    repeats: int,
    byes: dict[str, int],
    forbidden: Callable[[str, str], bool] | None,
) -> PA.Pairings[str]:
    """A Swiss round (top half v bottom half of each wins group) with the Rounds sheet's repeats
    honoured as the Australian Draw honours them: two players who met up to ``repeats`` times
    may meet again, and only a pair over that allowance counts as a repeat, to be avoided and,
    where it cannot be, kept to the fewest. The Swiss pairing sees only the meetings over the
    allowance; the sheet reports each forced repeat with all its meetings."""
    points = {p: basis[p].wins for p in order}
    drawn = SW.swiss_round(order, points, history.beyond(repeats), byes, forbidden, method=SW.DUTCH).pairings
    if drawn.relaxation is None or not repeats:
        return drawn
    told = tuple(replace(x, meetings=history.count(x.a, x.b)) if x.meetings else x for x in drawn.relaxation.repeats)
    return replace(drawn, relaxation=replace(drawn.relaxation, repeats=told))


def _starts_and_replies(div: Division) -> tuple[Counter, Counter]:
    """Games each player has started and replied (先手/後手), as TSH counts them from ``p12``:
    pairings already published with a known starter count; a game whose starter is not known,
    a bye and a forfeit count for nobody."""
    starts = Counter({pid: rec.firsts for pid, rec in div.records.items()})
    replies = Counter({pid: rec.seconds for pid, rec in div.records.items()})
    for g in div.pending:
        if g.first in (1, 2):
            starter, replier = (g.player1, g.player2) if g.first == 1 else (g.player2, g.player1)
            starts[starter] += 1
            replies[replier] += 1
    return starts, replies


def synch_firsts(
    pairs: list[tuple[str, str]], starts: Counter, replies: Counter, draw: Draw
) -> tuple[list[tuple[str, str]], list[int]]:
    """Each pair as (starts, replies), as TSH's ``SynchFirsts`` decides: the player who has started
    fewer games starts; on equal starts the one who has replied more; only when both are equal
    does the seeded draw decide (where TSH leaves the players to draw at the board). The draw is
    consumed once per such pair, in table order; the second list holds their indices."""
    out: list[tuple[str, str]] = []
    drawn: list[int] = []
    for i, (a, b) in enumerate(pairs):
        if starts[a] != starts[b]:
            a_starts = starts[a] < starts[b]
        elif replies[a] != replies[b]:
            a_starts = replies[a] > replies[b]
        else:
            a_starts = draw.below(2) == 0
            drawn.append(i)
        out.append((a, b) if a_starts else (b, a))
    return out, drawn


def _top_half_vs_bottom_half(
    order: list[str], byes: dict[str, int], forbidden: Callable[[str, str], bool] | None
) -> PA.Pairings[str]:
    """Round 1 by rating, top half v bottom half; with clubs kept apart, a player whose
    opposite number is a clubmate takes the next one down (the lexicographically first such
    pairing), and if none exists at all the clubmates that had to meet are reported."""
    drawn = PA.top_half_vs_bottom_half(order, byes)
    if forbidden is None or not any(forbidden(a, b) for a, b in drawn.pairs):
        return drawn
    rest = [p for p in order if p != drawn.bye]
    top = set(rest[: len(rest) // 2])
    found = PA.lexicographic_first(
        rest, lambda a, b: (a in top) != (b in top) and not forbidden(a, b)
    ) or PA.lexicographic_first(rest, lambda a, b: not forbidden(a, b))
    if found is not None:
        return PA.Pairings(tuple(found), drawn.bye)
    clash = tuple(PA.RepeatedPair(a, b, 0, same_club=True) for a, b in drawn.pairs if forbidden(a, b))
    return PA.Pairings(drawn.pairs, drawn.bye, PA.Relaxation(repeats=clash))


def _standings_after(data: EventData, div: Division, based_on: int) -> list[Ranked[Record]]:
    """The standings a round is paired from: after round ``based_on`` (the current ones when
    they are after that round, which is the usual case and needs no second count)."""
    if based_on == div.through:
        return div.standings
    return standings(div.players, div.outcomes, lot=Draw(data.seed, f"scrabble/{div.name}/lot"), through_round=based_on)


def _block_start(plan: dict[int, RoundSpec], r: int) -> int:
    """The first of the consecutive rounds paired the way round ``r`` is (a round robin or an
    InitFontes schedule is made of them)."""
    start, method = r, plan[r].method
    while start - 1 in plan and plan[start - 1].method == method:
        start -= 1
    return start


def _schedule_field(data: EventData, div: Division, plan: dict[int, RoundSpec], start: int) -> list[str]:
    """Who a fixed schedule begun in round ``start`` is made for: the players still in at its
    first round, in the standings that round was paired from. A player who withdraws later
    leaves their opponents a bye, so the schedule never shifts."""
    ranked = _standings_after(data, div, plan[start].based_on)
    return [
        x.item.id for x in ranked if x.item.player.withdrawn_after is None or x.item.player.withdrawn_after >= start
    ]


def _playing(div: Division, r: int, this: PA.Pairings) -> tuple[list[tuple[str, str]], list[str]]:
    """A scheduled round's pairs among the players still in at round ``r``, and the byes."""
    active = {p.id for p in div.players if p.withdrawn_after is None or p.withdrawn_after >= r}
    pairs, byes = [], []
    for a, b in this.pairs:
        if a in active and b in active:
            pairs.append((a, b))
        else:
            byes += [p for p in (a, b) if p in active]
    if this.bye is not None and this.bye in active:
        byes.append(this.bye)
    return pairs, byes


def _round_robin(
    data: EventData, div: Division, r: int, plan: dict[int, RoundSpec], new: NewRound, problems: list[Problem]
) -> tuple[list, list]:
    """Round ``r`` of the round robin (循環賽) made of the consecutive ``rr`` rounds around it,
    numbered into the Berger tables in the standings its first round was paired from. A round
    past the cycle (or both cycles of a double round robin) begins the schedule again, and its
    first such round is reported: most often the Rounds sheet lists more rounds than the field
    needs."""
    start = _block_start(plan, r)
    field_ = _schedule_field(data, div, plan, start)
    schedule = PA.round_robin(field_, double=data.double_rr)
    new.order, new.rr_start, new.fixed_on = field_, start, plan[start].based_on
    if not schedule:
        return [], list(field_)
    k = r - start
    single = len(schedule) // 2 if data.double_rr else len(schedule)
    new.cycle = (k // single + 1, k % single + 1, single)
    if k and k % len(schedule) == 0:
        problems.append(
            warning(
                RR_NEW_CYCLE,
                plan[r].where.get("method", Where(data.sheet("Rounds"))),
                division=div.name,
                round=r,
                cycle=k // single + 1,
                start=start,
                players=len(field_),
                length=single,
            )
        )
    return _playing(div, r, schedule[k % len(schedule)])


def _init_fontes(
    data: EventData, div: Division, r: int, plan: dict[int, RoundSpec], new: NewRound, problems: list[Problem]
) -> tuple[list, list]:
    """Round ``r`` of an InitFontes start (TSH's ``InitFontes``): for N rounds the field, in
    seeded order, is cut into groups of N+1 (player k into group k mod G) that each play a round
    robin (``PA.fontes_groups``). An odd field gets a bye seat below the last player, as liwords
    does; an even N is reported and played in groups of N+2 (a round robin needs an even group)."""
    start = _block_start(plan, r)
    end = r
    while end + 1 in plan and plan[end + 1].method == "if":
        end += 1
    rounds = end - start + 1
    size = rounds + 1 if rounds % 2 else rounds + 2
    if rounds % 2 == 0 and r == start:
        where = plan[r].where.get("method", Where(data.sheet("Rounds")))
        problems.append(warning(FONTES_EVEN, where, division=div.name, start=start, end=end, count=rounds, size=size))
    field_ = _schedule_field(data, div, plan, start)
    seats: list[str | None] = list(field_) + ([None] if len(field_) % 2 else [])
    groups = PA.fontes_groups(len(seats), size)
    new.order, new.rr_start, new.groups = field_, start, len(groups)
    new.fontes, new.fixed_on = (r - start + 1, rounds), plan[start].based_on
    pairs: list[tuple[str, str]] = []
    byes: list[str] = []
    for g in groups:
        # the bye seat (None) is what round_robin takes for its own: its opponent has the bye
        schedule = PA.round_robin([seats[i] for i in g])
        got, gave = _playing(div, r, schedule[(r - start) % len(schedule)])
        pairs += got
        byes += gave
    return pairs, byes
