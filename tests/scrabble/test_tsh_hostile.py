"""`ttools import-tsh` on damaged .t files: a bad score or a number no game could give is a
problem naming the file and the line, never a usage error or a crash."""

from __future__ import annotations

import pytest

HUGE = "9" * 4000


@pytest.mark.parametrize(
    "line",
    [
        "Ann 1500 2; 4-3;",  # a score that is no number
        f"Ann 1500 2; {HUGE};",  # a 4000-digit score
        f"Ann {HUGE} 2; 400;",  # a 4000-digit rating
        f"Ann 1500 {HUGE}; 400;",  # a 4000-digit opponent
    ],
)
def test_a_bad_number_is_a_problem_on_its_file_and_line(invoke, tmp_path, line):
    source = tmp_path / "b.t"
    source.write_text(f"{line}\nBob 1400 1; 350;\n", encoding="utf-8")
    result = invoke("import-tsh", source, "-o", tmp_path / "event.xlsx", "--lang", "en")
    assert result.exit_code == 1, result.output
    first = result.stderr.splitlines()[0]
    assert first.startswith("error: b.t: [tsh-line-unreadable]") and "Line 1 " in first
    assert len(first) < 300 and "Traceback" not in result.stderr
    assert not (tmp_path / "event.xlsx").exists()


def test_a_huge_number_in_the_extra_fields_is_not_taken(invoke, tmp_path):
    source = tmp_path / "b.t"
    source.write_text(f"Ann 1500 2; 400; penalty {HUGE}\nBob 1400 1; 350;\n", encoding="utf-8")
    result = invoke("import-tsh", source, "-o", tmp_path / "event.xlsx")
    assert result.exit_code in (0, 1) and "Traceback" not in result.stderr and "internal error" not in result.stderr
