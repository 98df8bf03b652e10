"""The rows read from a sheet (model.Located) behave as the frozen dataclasses they replaced:
equal and hashed by their values, not by the cells they came from; read-only; built
positionally or by keyword, with the same defaults and the same refusals."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

from ttools.competitions.nations_cup.balance import SeatState
from ttools.competitions.nations_cup.finals import HUResult, SNGResult
from ttools.competitions.nations_cup.model import Elimination, Match, PlaceEntry
from ttools.problems import Where


def test_equality_and_hash_ignore_where():
    a = Match(1, 2, "A1", "B4", None, {"home": Where("Day1", "C2")})
    b = Match(round=1, table=2, home="A1", away="B4")
    assert a == b and hash(a) == hash(b) == hash((1, 2, "A1", "B4", None))
    assert a != Match(1, 2, "A1", "B4", "A1")
    assert len({a, b, Match(1, 2, "A1", "B4", "B4")}) == 2
    assert a != (1, 2, "A1", "B4", None)  # another type is never equal, as with a dataclass


def test_defaults_and_a_fresh_where_for_each_row():
    e1, e2 = Elimination(3, "B2", "A1"), Elimination(4, "C2", "A1")
    assert e1.stack is None and e1.where == {} and e1.where is not e2.where
    assert PlaceEntry("A1", 7).shared is False
    assert HUResult(1, 1, "A1", "B1").winner is None and SNGResult(1, 1, "A1").place is None
    assert SeatState(1, 2, "A1").out is False


def test_rows_are_read_only():
    m = Match(1, 1, "A1", "B4")
    with pytest.raises(FrozenInstanceError):
        m.winner = "A1"
    with pytest.raises(FrozenInstanceError):
        del m.home
    with pytest.raises(AttributeError):
        m.anything = 1


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError):
        Match(1, 1, "A1")  # away missing
    with pytest.raises(TypeError):
        Match(1, 1, "A1", "B4", None, {}, "x")  # one too many
    with pytest.raises(TypeError):
        Match(1, 1, "A1", "B4", round=2)  # round twice
    with pytest.raises(TypeError):
        Match(1, 1, "A1", "B4", loser="B4")  # no such field


def test_replace_and_repr():
    where = {"winner": Where("Day1", "E2")}
    m = Match(1, 2, "A1", "B4", None, where)
    won = m.replace(winner="A1")
    assert won.winner == "A1" and won.where is where and m.winner is None
    assert repr(won) == f"Match(round=1, table=2, home='A1', away='B4', winner='A1', where={where!r})"


def test_copies_and_pickles_are_equal_rows():
    m = Match(1, 2, "A1", "B4", "A1", {"winner": Where("Day1", "E2")})
    for other in (copy.copy(m), copy.deepcopy(m), pickle.loads(pickle.dumps(m))):
        assert other == m and other.where == m.where and type(other) is Match
