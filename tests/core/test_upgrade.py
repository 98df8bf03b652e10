"""Upgrade card arithmetic: levels, the kitty multiplier by last-lead shape, the level bands."""

from __future__ import annotations

import pytest

from ttools.core.upgrade import (
    NATIONAL,
    SEED_004,
    Bands,
    deal_outcome,
    kitty_multiplier,
    level_after,
    level_value,
    parse_last_lead,
    parse_level,
)


@pytest.mark.parametrize(
    "points, take, levels, net",
    [
        # the rulebooks' bands: 0 → +3, 5–35 → +2, 40–75 → +1 for the declarers;
        # 80–115 → the defenders take the deal, 120–155 → +1, 160–195 → +2, 200 → +3
        (0, False, 3, 3),
        (5, False, 2, 2),
        (35, False, 2, 2),
        (40, False, 1, 1),
        (75, False, 1, 1),
        (80, True, 0, 0),
        (115, True, 0, 0),
        (120, True, 1, -1),
        (155, True, 1, -1),
        (160, True, 2, -2),
        (195, True, 2, -2),
        (200, True, 3, -3),
    ],
)
def test_band_edges(points, take, levels, net):
    out = deal_outcome(points)
    assert (out.defenders_take_deal, out.levels, out.net) == (take, levels, net)


def test_bands_cap_and_uncapped_setting():
    assert deal_outcome(280).levels == 3  # capped at 3
    assert deal_outcome(280, Bands(cap=None)).levels == 5  # (280 − 80) // 40 = 5
    assert deal_outcome(-20).levels == 3  # penalties against the defenders below 0


@pytest.mark.parametrize(
    "shape, national, seed004",
    [
        ("single", 2, 2),
        ("pair", 4, 4),
        ("tractor2", 8, 8),
        ("tractor3", 16, 16),
        ("throw", 2, 3),
        ("throw-pair", 4, 3),
        ("throw-tractor2", 8, 3),
    ],
)
def test_kitty_multiplier_presets(shape, national, seed004):
    lead = parse_last_lead(shape)
    assert str(lead) == shape
    assert kitty_multiplier(lead, NATIONAL) == national
    assert kitty_multiplier(lead, SEED_004) == seed004


@pytest.mark.parametrize("bad", ["tractor1", "quad", "throw-tractor1", ""])
def test_unknown_shapes_are_refused(bad):
    with pytest.raises(ValueError):
        parse_last_lead(bad)


def test_levels():
    assert [parse_level(x) for x in ("2", 10, "j", "A+", "过A", "10.0")] == ["2", "10", "J", "A+", "A+", "10"]
    assert level_value("A") == 14 and level_value("A+") == 15
    assert level_after("Q", 3) == "A" and level_after("A", 2) == "A" and level_after("2", 3) == "5"
    assert level_after("A+", 1) == "A+"
    with pytest.raises(ValueError):
        parse_level("1O")
