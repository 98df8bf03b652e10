"""Typed records of a Nations Cup event, as the loader builds them from the workbook.

Every record keeps the workbook location of each of its fields (``where``) so that a rule
engine can point a problem at the exact cell without knowing anything about Excel.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, NamedTuple

from ttools.problems import NOWHERE, Where


def team_letters(n: int) -> list[str]:
    """Teams are lettered A, B, C … (26 at most)."""
    return [chr(ord("A") + i) for i in range(n)]


def team_of(code: str) -> str:
    """'A1' -> 'A'."""
    return code[0]


class Player(NamedTuple):
    team: str          # 'A'
    number: int        # 1..6 (7+ reserves)
    name: str = ""
    country: str = ""
    where: Where = NOWHERE

    @property
    def code(self) -> str:
        return f"{self.team}{self.number}"


@dataclass(frozen=True)
class Match:
    """One Day 1 heads-up match (單挑賽). ``winner`` is a player code or None."""

    round: int
    table: int
    home: str
    away: str
    winner: str | None = None
    where: Mapping[str, Where] = field(default_factory=dict, compare=False, hash=False)


class Seat(NamedTuple):
    """One seat of a Day 2 draw (or a finals SNG draw)."""

    table: int
    seat: int
    player: str


@dataclass(frozen=True)
class Elimination:
    """One row of the bounty elimination log: in hand ``hand`` player ``out`` was knocked out
    and the main pot holding their last chips went to ``to``. ``stack`` (optional) is the
    eliminated player's chips at the start of the hand, used to order same-hand exits."""

    hand: int
    out: str
    to: str
    stack: int | None = None
    where: Mapping[str, Where] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class PlaceEntry:
    """A finishing place as written on the NLH sheet. ``shared`` = marked as a shared place
    (``7=``): several players knocked out in one hand with equal stacks."""

    player: str
    place: int
    shared: bool = False
    where: Mapping[str, Where] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Rules:
    """The Rules sheet: pools, win points, Day 2 tables and table breaking, rounding, advancing teams."""

    pool_hu: Fraction = Fraction(1000, 3)
    pool_nlh: Fraction = Fraction(1000, 3)
    pool_bounty: Fraction = Fraction(1000, 3)
    hu_win: int = 5
    final_hu_win: int = 4
    tables_day2: int | None = None       # tables per Day 2 event; None = auto (see day2.plan_tables)
    table_seats: int = 9                 # seats per Day 2 table (seat draw, checks, table breaking)
    rounding: str = "half-up"            # or 'largest-remainder'
    advance: int = 4
    head_values: tuple[int, ...] = ()    # empty = stage s has head value s + 1
    break_order: str = "highest-first"   # Day 2 table breaking: which table breaks first
    balance_threshold: int = 2           # tables differing by this much are balanced
    balance_threshold_two_tables: int = 1

    def head_value(self, stage: int) -> int:
        """人頭值 of stage s (s milestones reached so far)."""
        if self.head_values and stage < len(self.head_values):
            return self.head_values[stage]
        if self.head_values:
            return self.head_values[-1] + (stage - len(self.head_values) + 1)
        return stage + 1


DEFAULT_SCALES: dict[str, dict[int, Fraction]] = {
    # 附件三 (lost): sums to 240, the seed's fixed NLH total
    "nlh": {p: Fraction(v) for p, v in enumerate(
        [40, 32, 27, 23, 20, 17, 15, 13, 11, 9, 8, 7, 6, 5, 4, 3], start=1)},
    # 附件四 (lost): sums to 89 (= 156 − 67 = 162 − 73)
    "bounty": {p: Fraction(v) for p, v in enumerate([20, 15, 12, 10, 8, 7, 6, 5, 4, 2], start=1)},
    "sng": {1: Fraction(6), 2: Fraction(3), 3: Fraction(1), 4: Fraction(0)},
    "bonus": {1: Fraction(3), 2: Fraction(2), 3: Fraction(1), 4: Fraction(0)},
}


def scale_points(scale: dict[int, Fraction], place: int) -> Fraction:
    """Points of a place on a scale; places beyond the table score 0."""
    return scale.get(place, Fraction(0))
