"""One board's score at one table, step by step: kitty presets, the defenders' total, the bands."""

from __future__ import annotations

import pytest

from ttools.competitions.shengji.scoring import BoardRules, parse_band_table, score_board
from ttools.core.upgrade import NATIONAL, SEED_004, Bands, parse_last_lead


@pytest.mark.parametrize(
    "shape, national, seed004",
    [
        # 40 captured, 20 in the kitty, the defenders win the last trick with …
        ("single", 40 + 20 * 2, 40 + 20 * 2),  # ×2 both:            80
        ("pair", 40 + 20 * 4, 40 + 20 * 4),  # ×4 both:            120
        ("tractor2", 40 + 20 * 8, 40 + 20 * 8),  # ×2^(2+1) = ×8 both: 200
        ("throw", 40 + 20 * 2, 40 + 20 * 3),  # national ×2 (no pair in it); seed 004 ×3: 80 / 100
        ("throw-pair", 40 + 20 * 4, 40 + 20 * 3),  # national as its pair ×4; seed 004 ×3: 120 / 100
    ],
)
def test_kitty_presets_on_single_pair_tractor_and_throw(shape, national, seed004):
    lead = parse_last_lead(shape)
    assert score_board("NS", 40, 20, lead, BoardRules(NATIONAL)).total == national
    assert score_board("NS", 40, 20, lead, BoardRules(SEED_004)).total == seed004


def test_the_kitty_counts_only_when_the_defenders_won_the_last_trick():
    s = score_board("EW", 70, 25, None, BoardRules())
    assert (s.multiplier, s.kitty_bonus, s.total, s.band, s.net) == (None, 0, 70, "40–75", 1)
    # EW declared and went up 1: EW +1, NS −1
    assert (s.score_ew, s.score_ns) == (1, -1)


@pytest.mark.parametrize(
    "points, band, net",
    [
        (0, "0", 3),
        (5, "5–35", 2),
        (35, "5–35", 2),
        (40, "40–75", 1),
        (75, "40–75", 1),
        (80, "80–115", 0),
        (115, "80–115", 0),
        (120, "120–155", -1),
        (155, "120–155", -1),
        (160, "160–195", -2),
        (195, "160–195", -2),
        (200, "200+", -3),
    ],
)
def test_band_edges(points, band, net):
    # captured points only (declarers won the last trick): P = captured
    s = score_board("NS", points, 0, None, BoardRules())
    assert (s.total, s.band, s.net, s.score_ns, s.score_ew) == (points, band, net, net, -net)


def test_band_setting_changes_the_bands():
    # threshold 80, 30 a level, no cap: 200 → (200 − 80) // 30 = 4 levels to the defenders
    rules = BoardRules(bands=Bands(80, 30, None))
    assert score_board("NS", 200, 0, None, rules).net == -4
    assert rules.band(200) == "200–225"  # 80 + 4×30 = 200 up to 80 + 5×30 − 5 = 225


def test_a_band_table_replaces_the_bands():
    table = parse_band_table("0:4, 5:2, 40:1, 80:0, 120:-1, 160:-2, 200:-4")
    rules = BoardRules(table=table)
    assert [rules.net(p) for p in (0, 5, 75, 80, 160, 200, 300)] == [4, 2, 1, 0, -2, -4, -4]
    assert rules.band(0) == "0" and rules.band(210) == "200+"


@pytest.mark.parametrize("text", ["", "5:2, 40:1", "0:3, 0:2", "0:3; x:2", "0-3"])
def test_bad_band_tables_are_refused(text):
    with pytest.raises(ValueError):
        parse_band_table(text)
