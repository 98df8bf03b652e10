"""Table numbers for a division's pairs: reserved boards first, then stable boards at the top, then in ranking order.

Each division numbers its tables in its own block of the hall (see ``compute.table_offsets``). A
player with a reserved board (the Players sheet's ``board``, TSH's reserved boards) always plays
there, and no other pair of any division is put on it. With ``stable_boards`` = N on Rules, the top
N tables of the block keep their players: a pair ranked within the top N whose player sat at one of
those N boards last round plays there again (the higher-ranked pair first, and within a pair the
higher-ranked player's board), so the leaders do not move from board to board round after round.
Every other pair takes the lowest free number, in ranking order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


def assign(
    pairs: Sequence[tuple[str, str]],
    block: Iterable[int],
    reserved: Mapping[str, int],
    previous: Mapping[str, int] | None = None,
    stable: int = 0,
) -> list[int]:
    """A board for each pair of ``pairs`` (in ranking order). ``block`` yields the division's
    free numbers in order (reserved ones left out by the caller, enough of them); ``previous``
    is each player's board in the round before."""
    free = iter(block)
    out: list[int | None] = [None] * len(pairs)
    for i, pair in enumerate(pairs):
        mine = [reserved[p] for p in pair if p in reserved]
        if mine:
            out[i] = mine[0]
    open_ = [i for i in range(len(pairs)) if out[i] is None]
    natural = [next(free) for _ in open_]
    top = set(natural[:stable])
    taken: set[int] = set()
    for i in open_[:stable]:
        for p in pairs[i]:
            b = (previous or {}).get(p)
            if b in top and b not in taken:
                out[i] = b
                taken.add(b)
                break
    rest = iter(sorted(b for b in natural if b not in taken))
    for i in open_:
        if out[i] is None:
            out[i] = next(rest)
    return [b for b in out if b is not None]


__all__ = ["assign"]
