"""Scrabble standings (總成績): records, ranking, scorecards and the cross-table, from outcomes.

Order: wins (a tie is half a win), then fewer losses, then cumulative spread (總分數差異),
then pre-event rating, then a seeded lot. Everything can be computed "after round R" so that
a lagged pairing can use the standings of an earlier round. As TSH prints them, players
equal on wins, losses and spread share their printed place (``7=``): rating and the lot only
order the listing (a strict setting numbers every line, for prize lists). Withdrawn players
are listed below the ranked ones, not ranked among them; or, as TSH prints them, ranked among
the others (``config show_inactive = 1``) or not listed at all (TSH's default): ``listing``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from ttools.competitions.scrabble.results import BYE, GAME, HALF, Outcome, Player, from_halves, halves
from ttools.core.draw import Draw
from ttools.core.standings import Ranked, rank


@dataclass(frozen=True, slots=True)
class Record:
    """A player's tally (wins and losses: an int when whole, else a Fraction ending in ½)."""

    player: Player
    wins: int | Fraction = 0
    losses: int | Fraction = 0
    spread: int = 0
    games: int = 0  # games actually played (not byes or forfeits)
    byes: int = 0
    firsts: int = 0  # games started (先手)
    seconds: int = 0
    points_for: int = 0  # over games actually played
    points_against: int = 0
    penalties: int = 0  # TSH's penalties summed, negative when points were taken off (already in ``spread``)

    @property
    def id(self) -> str:
        return self.player.id


def _upto(outcomes: Iterable[Outcome], through_round: int | None) -> list[Outcome]:
    return [o for o in outcomes if through_round is None or o.round <= through_round]


def records(
    players: Sequence[Player], outcomes: Iterable[Outcome], through_round: int | None = None
) -> dict[str, Record]:
    """Every player's record (players with no outcome get an empty one)."""
    # per player: wins and losses in halves, spread, games, byes, firsts, seconds, for, against, penalties
    tally: dict[str, list[int]] = {p.id: [0] * 10 for p in players}
    for o in outcomes:
        if through_round is not None and o.round > through_round:
            continue
        t = tally.get(o.player)
        if t is None:
            continue
        w, lo = o.wins, o.losses
        t[0] += w * 2 if type(w) is int else int(w * 2)
        t[1] += lo * 2 if type(lo) is int else int(lo * 2)
        t[2] += o.spread
        t[9] += o.spread_penalty
        if o.kind == GAME:
            t[3] += 1
            t[7] += o.score or 0
            t[8] += o.opponent_score or 0
            if o.first is True:
                t[5] += 1
            elif o.first is False:
                t[6] += 1
        elif o.kind == BYE:
            t[4] += 1
    out = {}
    for p in players:
        t = tally[p.id]
        out[p.id] = Record(p, from_halves(t[0]), from_halves(t[1]), *t[2:])
    return out


STANDINGS_KEYS = (
    lambda r: -r.wins,
    lambda r: r.losses,
    lambda r: -r.spread,
    lambda r: -r.player.rating,
)
KEY_NAMES = ("wins", "losses", "spread", "rating")


def withdrawn_by(player: Player, through_round: int | None) -> bool:
    """Has the player withdrawn by the standings after ``through_round`` (None = all rounds)?"""
    if player.withdrawn_after is None:
        return False
    return through_round is None or player.withdrawn_after < max(through_round, 1)


def standings(
    players: Sequence[Player], outcomes: Iterable[Outcome], lot: Draw | None = None, through_round: int | None = None
) -> list[Ranked[Record]]:
    """Ranked records; ``decided_by`` indexes ``KEY_NAMES``. Without ``lot`` players equal on
    every key share a rank; with it a seeded lot orders them (flagged ``by_lot``). Players
    withdrawn by then are listed after the others, in their own order."""
    return rank_records(records(players, outcomes, through_round), lot, through_round)


def rank_records(
    recs: dict[str, Record], lot: Draw | None = None, through_round: int | None = None
) -> list[Ranked[Record]]:
    """``standings`` of records already counted after ``through_round``."""
    label = lambda r: r.player.id  # noqa: E731
    active = [r for r in recs.values() if not withdrawn_by(r.player, through_round)]
    gone = [r for r in recs.values() if withdrawn_by(r.player, through_round)]
    listed = rank(active, STANDINGS_KEYS, lot=lot, label=label)
    below = rank(gone, STANDINGS_KEYS, lot=lot, label=label)
    return listed + [Ranked(len(listed) + x.rank, x.item, x.decided_by, x.by_lot) for x in below]


# Where withdrawn players go in the printed standings (the Rules setting ``withdrawn``):
# below = listed after the others without a place (ttools' default); ranked = ranked among the
# others, as TSH prints them with ``config show_inactive = 1``; hidden = not listed, as TSH
# prints them by default (its standings splice inactive players out unless show_inactive).
WITHDRAWN = ("below", "ranked", "hidden")


def places(
    ranked: Sequence[Ranked[Record]], strict: bool = False, through_round: int | None = None, withdrawn: str = "below"
) -> list[str]:
    """The printed place of each line: ``7=`` for players equal on wins, losses and spread (the
    rating and the lot only order them), the line number when ``strict``, and nothing for
    a withdrawn player (unless ``withdrawn`` is ``ranked``: then they are placed as anyone)."""
    out: list[str] = []
    keys = [(x.item.wins, x.item.losses, x.item.spread) for x in ranked]
    gone = [withdrawn != "ranked" and withdrawn_by(x.item.player, through_round) for x in ranked]
    for i in range(len(ranked)):
        if gone[i]:
            out.append("")
            continue
        if strict:
            out.append(str(i + 1))
            continue
        first = i
        while first > 0 and keys[first - 1] == keys[i] and not gone[first - 1]:
            first -= 1
        shared = first < i or (i + 1 < len(ranked) and keys[i + 1] == keys[i] and not gone[i + 1])
        out.append(f"{first + 1}=" if shared else str(first + 1))
    return out


def listing(
    ranked: Sequence[Ranked[Record]], withdrawn: str = "below", strict: bool = False, through_round: int | None = None
) -> list[tuple[Ranked[Record], str]]:
    """The printed standings, each line with its place, from ``standings`` (withdrawn players
    below): ``ranked`` merges the withdrawn into the order by wins, losses, spread and rating
    (among players equal on all four the active come first) and numbers every line again;
    ``hidden`` leaves them out."""
    lines = list(ranked)
    if withdrawn == "hidden":
        lines = [x for x in lines if not withdrawn_by(x.item.player, through_round)]
    elif withdrawn == "ranked":
        lines.sort(key=lambda x: tuple(k(x.item) for k in STANDINGS_KEYS))
        lines = [Ranked(i + 1, x.item, x.decided_by, x.by_lot) for i, x in enumerate(lines)]
    return list(zip(lines, places(lines, strict, through_round, withdrawn)))


# ---------------------------------------------------------------------------------------
# Pairing inputs


def meetings(outcomes: Iterable[Outcome], through_round: int | None = None) -> list[tuple[int, str, str]]:
    """(round, a, b) for every game actually played; forfeits are not meetings."""
    return [
        (o.round, o.player, o.opponent)  # type: ignore[misc]
        for o in _upto(outcomes, through_round)
        if o.kind == GAME and o.opponent is not None and o.player < o.opponent
    ]


# ---------------------------------------------------------------------------------------
# Scorecards and the cross-table


RESULT_CODES = {1: "W", 0: "L", HALF: "T"}  # by wins in a game


@dataclass(frozen=True, slots=True)
class ScorecardRow:
    round: int
    opponent: str | None
    first: bool | None  # started / replied / not known (and None for byes, forfeits)
    score: int | None
    opponent_score: int | None
    result: str  # W L T, "bye", "forfeit W", "forfeit L"
    spread: int
    wins: int | Fraction  # running record after this round
    losses: int | Fraction
    total_spread: int
    penalty: int = 0  # overtime points taken off this round
    spread_penalty: int = 0  # TSH's penalty this round, negative when points were taken off


def _result_label(o: Outcome) -> str:
    if o.kind == GAME:
        return RESULT_CODES[o.wins]
    if o.kind == BYE:
        return "bye"
    return "forfeit W" if o.wins else "forfeit L"


def scorecard(player_id: str, outcomes: Iterable[Outcome], through_round: int | None = None) -> list[ScorecardRow]:
    """One player's rounds in order with the running record (計分卡)."""
    rows: list[ScorecardRow] = []
    wins = losses = total = 0  # wins and losses in halves
    mine = sorted((o for o in _upto(outcomes, through_round) if o.player == player_id), key=_round)
    for o in mine:
        wins += halves(o.wins)
        losses += halves(o.losses)
        total += o.spread
        rows.append(
            ScorecardRow(
                o.round,
                o.opponent,
                o.first,
                o.score,
                o.opponent_score,
                _result_label(o),
                o.spread,
                from_halves(wins),
                from_halves(losses),
                total,
                o.penalty,
                o.spread_penalty,
            )
        )
    return rows


def _round(o: Outcome) -> int:
    return o.round


def cross_table(
    outcomes: Iterable[Outcome], through_round: int | None = None
) -> dict[tuple[str, str], tuple[Outcome, ...]]:
    """(player, opponent) -> that player's outcomes against that opponent, by round; a
    player's byes are under (player, player). The report lays it out as a wall chart."""
    cells: dict[tuple[str, str], list[Outcome]] = defaultdict(list)
    for o in sorted(_upto(outcomes, through_round), key=lambda o: o.round):
        cells[(o.player, o.opponent if o.opponent is not None else o.player)].append(o)
    return {k: tuple(v) for k, v in cells.items()}
