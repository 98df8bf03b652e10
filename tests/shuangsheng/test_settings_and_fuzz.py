"""Every Rules default can be changed on the sheet and is used; a setting that is not understood
is a problem on its cell; junk typed anywhere on the slips and deal sheets gives problems, never a
traceback."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttools.competitions import get
from ttools.competitions.shuangsheng.competition import write_input_workbook
from ttools.workbook.read import read_book

SEED = "test-seed"


def res(rnd, table, p1, p2, l1=None, l2=None, **kw):
    return {"round": rnd, "table": table, "pair1": p1, "pair2": p2 or "", "level1": l1 or "", "level2": l2 or "", **kw}


def outcome(path: Path, pairs, results=(), deals=(), discipline=(), rules=None, event=None):
    write_input_workbook(
        str(path),
        pairs,
        {"Results": list(results), "Deals": list(deals), "Discipline": list(discipline)},
        event={"seed": SEED, "rounds": 5, **(event or {})},
        rules=rules,
        lang="en",
    )
    return get("shuangsheng").process(read_book(str(path)))


def standing(out, pid):
    return next(s for s in out.summary["standings"] if s["id"] == pid)


def test_points_bye_and_forfeit_settings_are_used(tmp_path):
    rules = {
        "win_points": 3,
        "draw_points": 1,
        "loss_points": 0,
        "bye_points": 3,
        "bye_levels": "4:2",
        "forfeit_levels": "2:5",
        "start_level": "3",
    }
    out = outcome(
        tmp_path / "a.xlsx",
        5,
        [res(1, 1, 1, 2, "K", "9"), res(1, 2, 3, 4, forfeit=2), res(1, None, 5, None)],
        rules=rules,
    )
    assert out.ok, [p.line() for p in out.problems]
    # 1 beats 2: 3 points; 小分 from start level 3: K (13) − 3 = 10
    assert (standing(out, "1")["points"], standing(out, "1")["small_points"]) == (3, 10)
    # 4 forfeits: 3 scores 3 with levels 5:2 (级差 +3, 小分 5 − 3 = 2); 4 scores 0 (小分 2 − 3 = −1)
    assert (standing(out, "3")["points"], standing(out, "3")["level_diff"], standing(out, "3")["small_points"]) == (
        3,
        3,
        2,
    )
    assert standing(out, "4")["small_points"] == -1
    # the bye: 3 points, levels 4:2 (级差 +2, 小分 4 − 3 = 1)
    assert (standing(out, "5")["points"], standing(out, "5")["level_diff"], standing(out, "5")["small_points"]) == (
        3,
        2,
        1,
    )


def test_deal_settings_are_used(tmp_path):
    deals = [
        {"round": 1, "table": 1, "deal": 1, "declarer": 1, "captured": 20, "kitty": 10, "last_lead": "throw-pair"},
        {"round": 1, "table": 1, "deal": 2, "captured": 0, "loss": 1},
    ]
    rules = {"kitty": "national", "threshold": 60, "level_step": 30, "levels_cap": 0, "board_loss": 100}
    out = outcome(tmp_path / "d.xlsx", 2, [res(1, 1, 1, 2)], deals, rules=rules)
    assert out.ok, [p.line() for p in out.problems]
    # deal 1, national rules: a throw holding a pair counts ×4: P = 20 + 10×4 = 60 ≥ 60: side 2 takes the deal, (60−60)/30 = 0 levels
    # deal 2, side 2 declares; side 1 (defenders) lose the deal: P = 0 − 100 = −100 < 60: side 2 +3 (2 -> 5)
    assert standing(out, "2")["level_diff"] == 3 and standing(out, "2")["points"] == 2


def test_swiss_settings_are_used(tmp_path):
    pairs = [{"id": i, "name": f"P{i}", "club": "Same" if i in (1, 3) else f"C{i}"} for i in range(1, 9)]
    # round 1: 1 beats 2 K:9 (级差 ±4), 3 beats 4 Q:9 (±3), 5 beats 6 J:9 (±2), 7 beats 8 10:9 (±1); 对手分 are
    # 0 for the winners and 2 for the losers, so the ranking is 1, 3, 5, 7 (2 points) then 8, 6, 4, 2 (0 points)
    first = [
        res(1, 1, 1, 2, "K", "9"),
        res(1, 2, 3, 4, "Q", "9"),
        res(1, 3, 5, 6, "J", "9"),
        res(1, 4, 7, 8, "10", "9"),
    ]

    def round2(name, **rules):
        out = outcome(tmp_path / name, pairs, first, rules=rules)
        assert [s["id"] for s in out.summary["standings"]] == ["1", "3", "5", "7", "8", "6", "4", "2"]
        return [(p["pair1"], p["pair2"]) for p in out.summary["pairings"] if p["round"] == 2]

    # adjacent ranks, clubs not kept apart: 1–3, 5–7, 8–6, 4–2
    assert round2("a.xlsx", avoid_club="no") == [("1", "3"), ("5", "7"), ("8", "6"), ("4", "2")]
    # 1 and 3 are of one club (the default keeps them apart): 1 takes 5, then 3–7
    assert round2("b.xlsx") == [("1", "5"), ("3", "7"), ("8", "6"), ("4", "2")]
    # clubs apart only inside a points group: 1 takes 5 (3 is its club mate; 5 has the same points) — the
    # same here, since another club exists in the group
    assert round2("g.xlsx", avoid_club="group") == [("1", "5"), ("3", "7"), ("8", "6"), ("4", "2")]
    # Dutch, top half v bottom half in each points group: 1–5, 3–7; 8–4, 6–2
    assert round2("c.xlsx", swiss_order="dutch", avoid_club="no") == [("1", "5"), ("3", "7"), ("8", "4"), ("6", "2")]


def test_a_setting_not_understood_is_a_problem_on_its_cell(tmp_path):
    out = outcome(
        tmp_path / "b.xlsx",
        4,
        rules={"bye_levels": "3 to 2", "win_points": "two", "kitty": "mine"},
        event={"pairing": "knockout"},
    )
    bad = {(p.code, p.sheet) for p in out.problems if p.severity == "error"}
    assert bad == {("setting-invalid", "Rules"), ("setting-invalid", "Event")}
    assert len([p for p in out.problems if p.code == "setting-invalid"]) == 4
    assert all(p.cell for p in out.problems)


JUNK = st.one_of(
    st.none(),
    st.integers(-300, 300),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(["", "A+", "a", "1O", "K", "10", "２", "tractor2", "throw", "=1+", "#N/A", "过A", " 3 ", "1,2"]),
    st.text(max_size=6),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.fixed_dictionaries(
            {
                k: JUNK
                for k in ("round", "table", "pair1", "pair2", "level1", "level2", "first_past_a", "forfeit", "declarer")
            }
        ),
        max_size=6,
    ),
    st.lists(
        st.fixed_dictionaries(
            {
                k: JUNK
                for k in (
                    "round",
                    "table",
                    "deal",
                    "declarer",
                    "captured",
                    "kitty",
                    "last_lead",
                    "penalty1",
                    "penalty2",
                    "loss",
                )
            }
        ),
        max_size=6,
    ),
    st.lists(st.fixed_dictionaries({k: JUNK for k in ("pair", "kind", "from_round", "rounds", "reason")}), max_size=2),
)
def test_junk_anywhere_gives_problems_never_a_traceback(tmp_path, results, deals, discipline):
    path = tmp_path / "junk.xlsx"
    out = outcome(path, 6, results, deals, discipline)
    json.dumps(out.json())
    out.writer(str(tmp_path / "junk.out.xlsx"))
    for p in out.problems:
        assert p.sheet and p.message("zh-Hans") and p.message("en")
