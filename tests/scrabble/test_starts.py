"""Who starts a newly paired game (先手), as TSH's ``SynchFirsts`` decides."""

from __future__ import annotations

from collections import Counter

from ttools.competitions.scrabble.compute import synch_firsts
from ttools.core.draw import Draw

SYNCH_FIRSTS = """TSH's ``SynchFirsts`` gives each new pairing its ``p12``: the player who has gone first
    fewer times goes first; if both have gone first equally often, the one who has gone second
    more often goes first; only when both counts are equal is it left to a draw (``p12`` 3, "must
    draw"), which ttools makes from the event seed."""


def test_fewer_starts_starts():
    """b has started less: b starts, although a has replied less. """ + SYNCH_FIRSTS
    pairs, drawn = synch_firsts([("a", "b")], Counter(a=3, b=2), Counter(a=0, b=5), Draw("s", "t"))
    assert pairs == [("b", "a")] and drawn == []


def test_on_equal_starts_the_one_who_replied_more_starts():
    (
        """A bye, a forfeit or a late entry leaves equal starts with unequal replies: b has replied
    twice, a once (a missed a round), so b starts, whatever the draw would say. """
        + SYNCH_FIRSTS
    )
    for seed in map(str, range(20)):
        pairs, drawn = synch_firsts([("a", "b")], Counter(a=1, b=1), Counter(a=1, b=2), Draw(seed, "t"))
        assert pairs == [("b", "a")] and drawn == []


def test_only_equal_starts_and_replies_are_drawn_and_named():
    (
        """The draw is consumed once per drawn pair, in table order, and the drawn tables are
    returned for the pairing sheet's note. """
        + SYNCH_FIRSTS
    )
    pairs = [("a", "b"), ("c", "d"), ("e", "f")]
    starts, replies = Counter(a=1, b=1, c=2, d=1, e=0, f=0), Counter(a=1, b=1, c=0, d=1, e=2, f=2)
    out, drawn = synch_firsts(pairs, starts, replies, Draw("seed", "stage"))
    assert drawn == [0, 2] and out[1] == ("d", "c")
    draw = Draw("seed", "stage")
    expected = [p if draw.below(2) == 0 else p[::-1] for p in (pairs[0], pairs[2])]
    assert [out[0], out[2]] == expected
