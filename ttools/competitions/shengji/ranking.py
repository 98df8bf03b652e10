"""The ranking (排名): mean board rate over the boards played (exact, or as printed where the
referee rules so), then the tie-breaks of the Rules sheet in order (time used, drawing lots).
The entrant ranked is a player, or in the fixed-partnership format a pair. Pure functions on
exact numbers."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Sequence

from ttools.core.draw import Draw
from ttools.core.duplicate import mean
from ttools.core.standings import Ranked, rank

TIEBREAKS = ("time", "lot")
RATE_RANKINGS = ("exact", "printed")


def time_tiebreak(times: Sequence[int], drop: int = 1) -> Fraction | None:
    """The time a player used per board for the tie-break: drop the ``drop`` longest and the
    ``drop`` shortest boards (去掉用時最多和最少的牌), average the rest. With too few boards to
    drop any (2·drop or fewer), every board is averaged; None with no time at all."""
    if not times:
        return None
    ordered = sorted(times)
    kept = ordered[drop : len(ordered) - drop] if len(ordered) > 2 * drop else ordered
    return Fraction(sum(kept), len(kept))


@dataclass
class Record:
    """An entrant's boards so far: a player's, or a fixed pair's (both partners' board rates and
    times pooled, so each board counts twice in ``rates``)."""

    id: str
    rates: list[Fraction] = field(default_factory=list)
    times: list[int] = field(default_factory=list)
    time: Fraction | None = None  # the tie-break value
    sat_out: int = 0
    players: tuple[str, ...] = ()  # a pair's two members; () for a player ranked alone

    @cached_property
    def rate(self) -> Fraction | None:
        """The mean rate, computed once the boards are all in (the sort asks for it often)."""
        return mean(self.rates)

    @cached_property
    def printed_rate(self) -> int | None:
        """The mean rate as printed, in hundredths of a percent (2/3 -> 6667)."""
        return None if self.rate is None else hundredths(self.rate)

    @property
    def boards(self) -> int:
        return len(self.rates) // (len(self.players) or 1)


def hundredths(rate: Fraction) -> int:
    """A rate as a percentage rounded half up to 2 decimals, in hundredths: ``round_half_up(rate
    × 100, 2) × 100`` in integer arithmetic."""
    num, den = rate.numerator, rate.denominator
    n = (abs(num) * 20000 + den) // (2 * den)
    return -n if num < 0 else n


def standings(
    records: Sequence[Record],
    tiebreaks: Sequence[str],
    lot: Draw | None,
    no_boards_rate: Fraction | None = None,
    rate_ranking: str = "exact",
) -> list[Ranked[Record]]:
    """Rank by mean rate (higher first; ``rate_ranking`` 'exact', or 'printed': rates that print
    the same to 2 decimals are equal), then ``tiebreaks`` in order ('time': less first; a
    player with no time after those with one); with 'lot', equal players are ordered by a seeded
    lot and flagged. A player with no board ranks last, unless ``no_boards_rate`` stands in for
    their rate (the seating counts them at 50%)."""
    printed = rate_ranking == "printed"
    stand_in = None if no_boards_rate is None else (hundredths(no_boards_rate) if printed else no_boards_rate)

    def rate_key(r: Record):
        # exact by default: 9/23 ranks above 601/1536 although both print 39.13; 'printed' makes
        # them equal and lets the tie-breaks decide, where a referee reads the rulebook so
        value = (r.printed_rate if printed else r.rate) if r.rate is not None else stand_in
        return (1, 0) if value is None else (0, -value)

    def time_key(r: Record):
        return (1, 0) if r.time is None else (0, r.time)

    keys = [rate_key] + [time_key for k in tiebreaks if k == "time"]
    lot = lot if "lot" in tiebreaks else None
    if no_boards_rate is not None:
        return rank(list(records), keys, lot=lot, label=lambda r: r.id)
    # players with no board yet share the last place: no lot is drawn for them
    played = [r for r in records if r.boards]
    ranked = rank(played, keys, lot=lot, label=lambda r: r.id)
    rest = sorted((r for r in records if not r.boards), key=lambda r: r.id)
    return ranked + [Ranked(len(played) + 1, r, None) for r in rest]
