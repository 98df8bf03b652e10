"""Ranking with an ordered list of tie-break keys, shared ranks and drawn lots.

Keys are sort keys where *smaller is better* (negate a "more is better" number). Items equal
on every key share a rank (1, 2, 2, 4) unless a ``Draw`` is given, in which case a seeded lot
orders them and each such entry is flagged ``by_lot`` so the chief referee can confirm it.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, NamedTuple, Sequence, TypeVar

from ttools.core.draw import Draw

T = TypeVar("T")


class Ranked(NamedTuple, Generic[T]):
    rank: int
    item: T
    decided_by: int | None  # index of the key that separated it from its neighbour above; None = first or lot
    by_lot: bool = False  # its place among equals was decided by drawing lots


def rank(
    items: Sequence[T],
    keys: Sequence[Callable[[T], Any]],
    lot: Draw | None = None,
    label: Callable[[T], str] = str,
) -> list[Ranked[T]]:
    """Order ``items`` by ``keys`` and give ranks.

    ``label`` gives the stable name used to put tied items in a canonical order before the lot
    is drawn, so the lot does not depend on input order.
    """

    def full_key(it: T) -> tuple:
        return tuple(k(it) for k in keys)

    ordered = sorted(items, key=lambda it: (full_key(it), label(it)))
    groups: list[list[T]] = []
    for it in ordered:
        if groups and full_key(groups[-1][0]) == full_key(it):
            groups[-1].append(it)
        else:
            groups.append([it])

    out: list[Ranked[T]] = []
    position = 1
    prev_key: tuple | None = None
    for group in groups:
        gkey = full_key(group[0])
        decided_by = None
        if prev_key is not None:
            decided_by = next(i for i, (a, b) in enumerate(zip(prev_key, gkey)) if a != b)
        if len(group) > 1 and lot is not None:
            drawn = lot.shuffled(group)
            for i, it in enumerate(drawn):
                out.append(Ranked(position + i, it, decided_by if i == 0 else None, by_lot=True))
        else:
            for it in group:
                out.append(Ranked(position, it, decided_by))
        position += len(group)
        prev_key = gkey
    return out
