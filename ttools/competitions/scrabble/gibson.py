"""Gibsonization: who has clinched first place, and whom that player is paired with instead of a contender.

TSH (``config gibson``; the Chew pairings section of its manual, "Count Gibsons based on wins and
spread. To try to catch a Gibson, a player is assumed to be paired repeatedly with that player, and
to win all his/her games with a spread of +N"; ``CanCatch`` in the COP pairing TSH and liwords share):
a chaser catches the leader if the leader loses every game left and the chaser wins every one by the
largest spread still possible, so each round left closes the gap by one win and by twice that spread.
On equal wins at the end the chaser catches him unless the leader is still ahead on spread.

The largest spread of a game is the event's spread cap for that round where one is set (no game can
count more), otherwise the ``gibson_spread`` setting (TSH's ``gibson_spread``; ttools' default 500).

The Gibsonized player is then paired away from the contenders: as TSH's Chew pairings say, "pair the
last one with either the highest-ranked player in the lowest prize band (if nonempty) or the
lowest-ranked player overall, in each case choosing only from the candidate opponents who have
played the Gibson least often", and "if the number of unpaired players is odd, give an odd Gibson
the bye". The prize bands are the paid places (TSH's ``LastPrizeRank``: the last place of the
division's ``prize_bands``): here the last place a ``place`` prize of the Prizes sheet pays in the
division (``paid_places``). A contender is a player who can still reach a paid place: one on a paid
place now, or who can still catch the player on the last one (the bound of ``can_catch``, as
generous as TSH's best possible finish); the players who cannot are TSH's lowest prize band. With
no place prize the place still open, second, stands for them (who can still catch second). The
Gibson plays the highest-ranked player who cannot reach a paid place, and only when everyone can,
the lowest-ranked player; each time among those who have met him least often.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ttools.competitions.scrabble.standings import Record


@dataclass(frozen=True)
class Chase:
    """What is still possible: ``rounds`` left to play (the ones being played included) and
    ``swing``, the most spread a chaser can gain on the leader over them (twice the largest
    spread of each round)."""

    rounds: int
    swing: int


def chase(rounds_left: Sequence[int], cap: Callable[[int], int | None], spread: int) -> Chase:
    """The chase over ``rounds_left`` (their numbers): each round's cap, or ``spread`` where none is set."""
    return Chase(len(rounds_left), sum(2 * (cap(r) or spread) for r in rounds_left))


def can_catch(leader: Record, chaser: Record, left: Chase) -> bool:
    """Whether ``chaser`` can still finish level with or above ``leader`` (TSH's ``CanCatch``)."""
    gap = Fraction(leader.wins) - Fraction(chaser.wins)
    if gap != left.rounds:
        return gap < left.rounds
    return leader.spread - chaser.spread <= left.swing


def gibsonized(order: Sequence[str], records: dict[str, Record], left: Chase) -> str | None:
    """The player ranked first when nobody else in ``order`` can catch him (None otherwise, or
    when no round is left to chase in)."""
    if left.rounds < 1 or len(order) < 2:
        return None
    leader = records[order[0]]
    if any(can_catch(leader, records[p], left) for p in order[1:]):
        return None
    return order[0]


def paid_places(prizes: Iterable[Any], division: str) -> int | None:
    """The last place a ``place`` prize pays in ``division`` (a prize for every division
    together counts in each), None when the Prizes sheet has none."""
    places = [p.place for p in prizes if p.kind == "place" and p.division in (division, "") and p.place > 0]
    return max(places, default=None)


def can_reach(order: Sequence[str], records: dict[str, Record], left: Chase, place: int, player: str) -> bool:
    """Whether ``player`` can still finish on ``place`` or above: he is there now (``order`` is the
    standings, the Gibson first), or he can still catch the player there now."""
    i = order.index(player)
    return i < place or can_catch(records[order[place - 1]], records[player], left)


def opponent(
    gibson: str,
    order: Sequence[str],
    records: dict[str, Record],
    left: Chase,
    met: Callable[[str, str], int],
    paid: int | None = None,
) -> str:
    """Whom the Gibson plays: among the players he has met least often, the highest-ranked one
    who cannot reach a paid place (the first ``paid`` places; None: who cannot catch the player
    ranked second); if all of them can, the lowest-ranked of them."""
    place = 2 if paid is None else max(1, paid)
    rest = [p for p in order if p != gibson]
    fewest = min(met(gibson, p) for p in rest)
    candidates = [p for p in rest if met(gibson, p) == fewest]
    out = [p for p in candidates if not can_reach(order, records, left, place, p)]
    return out[0] if out else candidates[-1]


__all__ = ["Chase", "can_catch", "can_reach", "chase", "gibsonized", "opponent", "paid_places"]
