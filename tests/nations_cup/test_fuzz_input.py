"""Whatever staff type, processing never raises: every bad cell becomes a problem with a sheet.

Hypothesis fills the input sheets of a small event with arbitrary values (text, numbers,
negative and huge numbers, full-width digits, '=' strings, error literals) and the pipeline
must return an Outcome, and writing its output must succeed.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ttools.competitions.nations_cup.competition import write_input_workbook
from ttools.pipeline import process_file, write_output

CELL = st.one_of(
    st.none(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(
        ["A1", "ａ１", "b7", "Z9", "7=", "T3", "=1+1", "#N/A", "３", " 12 ", "nlh", "bounty", "x", "1000/3", "", "—"]
    ),
    st.text(max_size=6),
)
ROWS = st.lists(
    st.fixed_dictionaries(
        {},
        optional={
            k: CELL
            for k in (
                "team",
                "number",
                "name",
                "round",
                "table",
                "home",
                "away",
                "winner",
                "event",
                "player",
                "place",
                "hand",
                "out",
                "to",
                "stack",
                "chips",
                "seat",
                "kind",
                "a",
                "b",
                "scale",
                "points",
            )
        },
    ),
    max_size=6,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    players=ROWS,
    day1=ROWS,
    lineups=ROWS,
    nlh=ROWS,
    log=ROWS,
    counts=ROWS,
    points=ROWS,
    seating=ROWS,
    finals=ROWS,
    teams=st.sampled_from([4, 4, 4, 4, "", "４", 3, 40, "twelve"]),
)
def test_arbitrary_cells_never_raise(
    tmp_path, players, day1, lineups, nlh, log, counts, points, seating, finals, teams
):
    path = tmp_path / "fuzz.xlsx"
    roster = [{"team": t, "number": n, "name": f"{t}{n}"} for t in "ABCD" for n in range(1, 7)]
    sheets = {
        "Players": roster + players,
        "Day1": day1,
        "Lineups": lineups,
        "NLH": nlh,
        "BountyLog": log,
        "BountyCounts": counts,
        "Points": points,
        "Seating": seating,
        "FinalsLineups": finals,
    }
    write_input_workbook(str(path), 4, sheets, event={"name": "fuzz", "seed": "1", "teams": teams}, lang="en")
    before = path.read_bytes()
    outcome = process_file(str(path))
    for p in outcome.problems:
        assert p.severity in ("error", "warning")
        assert p.message("en") and p.message("zh-Hant")
    write_output(outcome, str(tmp_path / "out.xlsx"))
    assert path.read_bytes() == before
