"""NLH MTT place points: validation of the place sheet, shared places, team raw (Σ = 240)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from ttools.competitions.nations_cup.model import DEFAULT_SCALES, PlaceEntry, team_letters
from ttools.competitions.nations_cup.nlh import (
    nlh_complete,
    nlh_places,
    place_points,
    shared_points,
    team_raw,
)
from ttools.problems import ERROR, WARNING, Where


def nlh_field(teams: int) -> list[str]:
    # each team's NLH line-up: three of its six players
    return [f"{t}{n}" for t in team_letters(teams) for n in (1, 3, 5)]


def entry(player: str, place: int, shared: bool = False, row: int = 2) -> PlaceEntry:
    return PlaceEntry(
        player, place, shared, where={"player": Where("NLH", f"B{row}"), "place": Where("NLH", f"C{row}")}
    )


def entries_in_order(order: list[str], shared: dict[str, int] | None = None) -> list[PlaceEntry]:
    """Places 1..M in the order given; ``shared`` maps a player to the shared top place it is written as."""
    shared = shared or {}
    out = []
    for i, player in enumerate(order):
        place = shared.get(player, i + 1)
        out.append(entry(player, place, player in shared, row=i + 2))
    return out


def codes(problems):
    return [p.code for p in problems]


def test_default_scale_sums_to_240():
    assert sum(DEFAULT_SCALES["nlh"].values()) == 240


def test_complete_33_player_field_sums_to_240():
    field = nlh_field(11)
    places, problems = nlh_places(entries_in_order(field), field)
    assert problems == []
    assert nlh_complete(places, field)
    points = place_points(places)
    assert points[field[0]] == 40 and points[field[15]] == 3 and points[field[16]] == 0
    assert sum(team_raw(points).values()) == 240


def test_team_raw_adds_the_three_players_of_a_team():
    field = nlh_field(11)
    # team A finishes 1st, 5th and 20th: 40 + 20 + 0
    order = [f for f in field if f[0] != "A"]
    order.insert(0, "A1")
    order.insert(4, "A3")
    order.insert(19, "A5")
    places, problems = nlh_places(entries_in_order(order), field)
    assert problems == []
    raw = team_raw(place_points(places))
    assert raw["A"] == 60
    assert len(raw) == 11


def test_two_sharing_16th_get_half_of_16th_and_17th():
    field = nlh_field(12)
    order = list(field)
    places, problems = nlh_places(entries_in_order(order, shared={order[15]: 16, order[16]: 16}), field)
    assert problems == []
    assert places[order[15]] == places[order[16]] == 16
    points = place_points(places)
    assert points[order[15]] == points[order[16]] == Fraction(3 + 0, 2)
    assert sum(team_raw(points).values()) == 240


def test_three_sharing_7th_split_7th_8th_9th():
    field = nlh_field(11)
    order = list(field)
    shared = {order[6]: 7, order[7]: 7, order[8]: 7}
    places, problems = nlh_places(entries_in_order(order, shared), field)
    assert problems == []
    points = place_points(places)
    assert {points[p] for p in shared} == {Fraction(15 + 13 + 11, 3)}
    assert points[order[9]] == 9  # 10th is untouched
    assert sum(points.values()) == 240


def test_shared_places_at_the_top_keep_the_sum_36_players():
    field = nlh_field(12)
    order = list(field)
    shared = {order[1]: 2, order[2]: 2, order[10]: 11, order[11]: 11, order[12]: 11, order[34]: 35, order[35]: 35}
    places, problems = nlh_places(entries_in_order(order, shared), field)
    assert problems == []
    points = place_points(places)
    assert points[order[1]] == Fraction(32 + 27, 2)
    assert points[order[34]] == 0
    assert sum(team_raw(points).values()) == 240


def test_shared_points_with_a_custom_scale():
    scale = {1: Fraction(10), 2: Fraction(5), 3: Fraction(1)}
    assert shared_points(2, 2, scale) == 3
    assert shared_points(3, 3, scale) == Fraction(1, 3)
    assert place_points({"A1": 1, "B1": 2, "C1": 2}, scale) == {"A1": 10, "B1": 3, "C1": 3}


def test_event_in_progress_bottom_places_only():
    field = nlh_field(11)
    bottom = [entry(field[i], i + 1, row=i) for i in range(20, 33)]
    places, problems = nlh_places(bottom, field)
    assert problems == []
    assert len(places) == 13
    assert not nlh_complete(places, field)


def test_player_not_in_field():
    field = nlh_field(11)
    places, problems = nlh_places([entry("Z9", 33, row=7)], field)
    assert codes(problems) == ["nlh-not-in-field"]
    assert problems[0].severity == ERROR
    assert problems[0].where == Where("NLH", "B7")
    assert "Z9" in problems[0].message()
    assert places == {}


def test_player_listed_twice():
    field = nlh_field(11)
    places, problems = nlh_places([entry("A1", 33, row=2), entry("A1", 32, row=3)], field)
    assert codes(problems) == ["nlh-player-twice"]
    assert problems[0].where == Where("NLH", "B3")
    assert "NLH!B2" in problems[0].message()
    assert places == {"A1": 33}


def test_place_outside_the_field():
    field = nlh_field(11)
    _, problems = nlh_places([entry("A1", 34, row=4), entry("B1", 0, row=5)], field)
    assert codes(problems) == ["nlh-place-out-of-range"] * 2
    assert [p.where for p in problems] == [Where("NLH", "C4"), Where("NLH", "C5")]
    assert "1–33" in problems[0].message()


def test_two_players_on_one_place_not_marked_shared():
    field = nlh_field(11)
    places, problems = nlh_places([entry("A1", 7, row=3), entry("B1", 7, row=4)], field)
    assert codes(problems) == ["place-duplicate", "place-duplicate"]
    assert {p.where for p in problems} == {Where("NLH", "C3"), Where("NLH", "C4")}
    for problem in problems:
        text = problem.message()
        assert "A1" in text and "B1" in text and "7=" in text
        assert problem.severity == ERROR
    assert "A1" not in places and "B1" not in places


def test_one_marked_shared_one_not_flags_the_unmarked():
    field = nlh_field(11)
    _, problems = nlh_places([entry("A1", 7, True, row=3), entry("B1", 7, False, row=4)], field)
    assert codes(problems) == ["place-duplicate"]
    assert problems[0].where == Where("NLH", "C4")
    assert "A1" in problems[0].message()


def test_place_covered_by_a_shared_place_is_a_duplicate():
    field = nlh_field(11)
    # A1 and B1 share 7th: they take 7th and 8th, so C1 cannot be 8th
    places, problems = nlh_places(
        [entry("A1", 7, True, row=2), entry("B1", 7, True, row=3), entry("C1", 8, row=4), entry("D1", 9, row=5)], field
    )
    assert codes(problems) == ["place-duplicate"]
    assert problems[0].where == Where("NLH", "C4")
    text = problems[0].message()
    assert "C1" in text and "A1" in text and "B1" in text and "7=" in text
    assert places == {"A1": 7, "B1": 7, "D1": 9}


def test_shared_place_running_past_the_field():
    field = nlh_field(11)
    _, problems = nlh_places([entry("A1", 33, True, row=2), entry("B1", 33, True, row=3)], field)
    assert codes(problems) == ["nlh-shared-beyond-field"]


def test_shared_mark_on_a_lone_player_is_a_warning():
    field = nlh_field(11)
    places, problems = nlh_places([entry("A1", 33, True, row=2)], field)
    assert codes(problems) == ["nlh-shared-alone"]
    assert problems[0].severity == WARNING
    assert places == {"A1": 33}


def test_gap_in_the_bottom_places_is_a_warning():
    field = nlh_field(11)
    places, problems = nlh_places([entry("A1", 33, row=2), entry("B1", 30, row=3)], field)
    assert codes(problems) == ["nlh-place-gap"]
    assert problems[0].severity == WARNING
    assert "31–32" in problems[0].message()
    assert problems[0].where == Where("NLH", "C2")
    assert places == {"A1": 33, "B1": 30}


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=6, max_value=26), st.data())
def test_any_complete_sheet_with_shared_places_sums_to_240(teams, data):
    field = nlh_field(teams)
    order = data.draw(st.permutations(field))
    # cut the finishing order into groups; a group of k shares its top place
    places_written: list[PlaceEntry] = []
    place = 1
    i = 0
    while i < len(order):
        k = data.draw(st.integers(min_value=1, max_value=min(3, len(order) - i)))
        for player in order[i : i + k]:
            places_written.append(entry(player, place, shared=k > 1, row=len(places_written) + 2))
        place += k
        i += k
    shuffled = data.draw(st.permutations(places_written))
    places, problems = nlh_places(shuffled, field)
    assert problems == []
    assert nlh_complete(places, field)
    assert sum(team_raw(place_points(places)).values()) == 240
