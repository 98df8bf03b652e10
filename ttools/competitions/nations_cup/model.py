"""Typed records of a Nations Cup event, as the loader builds them from the workbook.

Every record keeps the workbook location of each of its fields (``where``) so that a rule
engine can point a problem at the exact cell without knowing anything about Excel.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from fractions import Fraction
from typing import Any, Mapping, NamedTuple

from ttools.problems import NOWHERE, Where


def team_letters(n: int) -> list[str]:
    """Teams are lettered A, B, C … (26 at most)."""
    return [chr(ord("A") + i) for i in range(n)]


def team_of(code: str) -> str:
    """'A1' -> 'A'."""
    return code[0]


class Located:
    """A row read from a sheet: its value fields, then ``where``, the cells they came from.

    It behaves as the frozen dataclass it replaces, ``where`` being ``field(default_factory=dict,
    compare=False, hash=False)``: built positionally or by keyword, read-only, equal and hashed by
    its value fields alone. A subclass lists its value fields in ``__slots__`` and the defaults of
    its last ones in ``_defaults``. No code is generated for it: the row types as dataclasses
    took a tenth of ``ttools check``.
    """

    __slots__ = ("where",)
    _defaults: dict[str, Any] = {}
    where: Mapping[str, Where]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        names = type(self).__slots__
        if not kwargs and len(args) == len(names) + 1:  # every field and its cells, as the loader makes rows
            for name, value in zip((*names, "where"), args):
                object.__setattr__(self, name, value)
            return
        if len(args) > len(names) + 1:
            raise TypeError(f"{type(self).__name__}() takes {len(names) + 1} arguments, got {len(args)}")
        values = dict(zip((*names, "where"), args))
        for key, value in kwargs.items():
            if key in values:
                raise TypeError(f"{type(self).__name__}() got multiple values for argument {key!r}")
            if key not in names and key != "where":
                raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {key!r}")
            values[key] = value
        for name in names:
            if name not in values:
                if name not in self._defaults:
                    raise TypeError(f"{type(self).__name__}() missing required argument {name!r}")
                values[name] = self._defaults[name]
            object.__setattr__(self, name, values[name])
        object.__setattr__(self, "where", values["where"] if "where" in values else {})

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in type(self).__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in (*type(self).__slots__, "where"))
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:  # copy and pickle build a new row, never assign to one
        return type(self), (*self._values(), self.where)

    def replace(self, **changes: Any) -> Located:
        """A copy with some fields changed (``dataclasses.replace``)."""
        values = {name: getattr(self, name) for name in (*type(self).__slots__, "where")}
        return type(self)(**{**values, **changes})


class Player(NamedTuple):
    team: str  # 'A'
    number: int  # 1..6 (7+ reserves)
    name: str = ""
    country: str = ""
    where: Where = NOWHERE

    @property
    def code(self) -> str:
        return f"{self.team}{self.number}"


class Match(Located):
    """One Day 1 heads-up match (單挑賽). ``winner`` is a player code or None."""

    __slots__ = ("round", "table", "home", "away", "winner")
    _defaults = {"winner": None}
    round: int
    table: int
    home: str
    away: str
    winner: str | None


class Seat(NamedTuple):
    """One seat of a Day 2 draw (or a finals SNG draw)."""

    table: int
    seat: int
    player: str


class Elimination(Located):
    """One row of the bounty elimination log: in hand ``hand`` player ``out`` was knocked out
    and the main pot holding their last chips went to ``to``. ``stack`` (optional) is the
    eliminated player's chips at the start of the hand, used to order same-hand exits."""

    __slots__ = ("hand", "out", "to", "stack")
    _defaults = {"stack": None}
    hand: int
    out: str
    to: str
    stack: int | None


class PlaceEntry(Located):
    """A finishing place as written on the NLH sheet. ``shared`` = marked as a shared place
    (``7=``): several players knocked out in one hand with equal stacks."""

    __slots__ = ("player", "place", "shared")
    _defaults = {"shared": False}
    player: str
    place: int
    shared: bool


class Rules(NamedTuple):
    """The Rules sheet: pools, win points, Day 2 tables and table breaking, rounding, advancing teams."""

    pool_hu: Fraction = Fraction(1000, 3)
    pool_nlh: Fraction = Fraction(1000, 3)
    pool_bounty: Fraction = Fraction(1000, 3)
    hu_win: int = 5
    final_hu_win: int = 4
    tables_day2: int | None = None  # tables per Day 2 event; None = auto (see day2.plan_tables)
    table_seats: int = 9  # seats per Day 2 table (seat draw, checks, table breaking)
    rounding: str = "half-up"  # or 'largest-remainder'
    advance: int = 4
    head_values: tuple[int, ...] = ()  # empty = stage s has head value s + 1
    break_order: str = "highest-first"  # Day 2 table breaking: which table breaks first
    balance_threshold: int = 2  # tables differing by this much are balanced
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
    "nlh": {p: Fraction(v) for p, v in enumerate([40, 32, 27, 23, 20, 17, 15, 13, 11, 9, 8, 7, 6, 5, 4, 3], start=1)},
    # 附件四 (lost): sums to 89 (= 156 − 67 = 162 − 73)
    "bounty": {p: Fraction(v) for p, v in enumerate([20, 15, 12, 10, 8, 7, 6, 5, 4, 2], start=1)},
    "sng": {1: Fraction(6), 2: Fraction(3), 3: Fraction(1), 4: Fraction(0)},
    "bonus": {1: Fraction(3), 2: Fraction(2), 3: Fraction(1), 4: Fraction(0)},
}


def scale_points(scale: dict[int, Fraction], place: int) -> Fraction:
    """Points of a place on a scale; places beyond the table score 0."""
    return scale.get(place, Fraction(0))
