"""A competition of a package of its own: tests/plugin/toy_quiz is installed for real (pip,
offline, into a folder of its own) beside the ttools under test, with no file of ttools changed,
and the real command line is driven in subprocesses: it lists the quiz, writes its blank
workbook, checks, runs, prints and publishes it like any built-in competition."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from openpyxl import load_workbook

REPO = Path(__file__).resolve().parents[2]
PACKAGE = Path(__file__).resolve().parent / "toy_quiz"

NAMES = ["Ada", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"]
POINTS = {1: [8, 6, 5, 5, 3.5, 2, 1], 2: [7, 9, 6, 6, 4, 3, 2]}
EXPECTED = [
    (1, "1", "Ada", 15),
    (1, "2", "Ben", 15),
    (3, "3", "Cy", 11),
    (3, "4", "Dee", 11),
    (5, "5", "Eve", 7.5),
    (6, "6", "Fay", 5),
    (7, "7", "Gus", 3),
]
PRINTED = ["1=", "1=", "3=", "3=", "5", "6", "7"]


class Installed:
    """The toy package installed in ``lib``; ``ttools(...)`` runs ``python -m ttools`` with it."""

    def __init__(self, lib: Path) -> None:
        self.lib = lib
        self.env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(lib), str(REPO)])}
        self.env.pop("TTOOLS_DEBUG", None)

    def run(self, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, *args],
            cwd=cwd,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
            stdin=subprocess.DEVNULL,
        )

    def ttools(self, *args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
        return self.run(["-m", "ttools", *map(str, args)], cwd)

    def write_event(self, path: Path, results: list[dict], lang: str = "en", name: str = "Toy Quiz") -> Path:
        """An event workbook written by the quiz's own write path, as staff would have filled it in."""
        players = [{"id": i, "name": n} for i, n in enumerate(NAMES, start=1)]
        script = textwrap.dedent(f"""
            from toy_quiz.competition import write_input_workbook
            write_input_workbook({str(path)!r}, {players!r}, {results!r}, event={{"name": {name!r}}}, lang={lang!r})
        """)
        done = self.run(["-c", script], path.parent)
        assert done.returncode == 0, done.stderr
        return path


def results_rows() -> list[dict]:
    return [
        {"round": rnd, "player": i, "points": p}
        for rnd, points in POINTS.items()
        for i, p in enumerate(points, start=1)
    ]


@pytest.fixture(scope="module")
def quiz(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """tests/plugin/toy_quiz installed with pip (no index, no build isolation, no dependencies),
    from a copy so that the build leaves nothing in the source tree."""
    root = tmp_path_factory.mktemp("toy-quiz")
    source, lib = root / "src", root / "lib"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(lib),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, f"pip could not install the toy package:\n{done.stdout}\n{done.stderr}"
    assert (lib / "toy_quiz" / "competition.py").exists()
    assert not (lib / "ttools").exists()  # ttools itself is the one under test, not a copy
    return Installed(lib)


def test_the_installed_package_declares_its_entry_point(quiz: Installed) -> None:
    [dist] = quiz.lib.glob("ttools_toy_quiz-*.dist-info")
    text = (dist / "entry_points.txt").read_text(encoding="utf-8")
    assert "[ttools.competitions]" in text and "quiz = toy_quiz.competition:Quiz" in text


def test_competitions_lists_the_quiz_beside_the_built_in_ones(quiz: Installed, tmp_path: Path) -> None:
    done = quiz.ttools("competitions", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "quiz\t--players 2..200\ten, zh-Hant, zh-Hans\tQuiz" in lines
    assert {line.split("\t")[0] for line in lines} >= {"nations-cup", "scrabble", "shengji", "shuangsheng", "quiz"}


def test_new_writes_a_blank_workbook_that_checks_clean(quiz: Installed, tmp_path: Path) -> None:
    done = quiz.ttools("new", "quiz", "e.xlsx", "--players", 7, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr.strip() == "wrote e.xlsx"  # progress on stderr
    wb = load_workbook(tmp_path / "e.xlsx")
    assert wb.sheetnames == ["Guide", "Event", "Rules", "Players", "Results", "_meta", "_lists"]
    ids = [row[0] for row in wb["Players"].iter_rows(min_row=2, values_only=True)]
    assert ids == [1, 2, 3, 4, 5, 6, 7]
    check = quiz.ttools("check", "e.xlsx", cwd=tmp_path)
    assert check.returncode == 0, check.stderr
    assert "waiting: Type the players' names on Players." in check.stderr.splitlines()


def test_new_refuses_another_unit_and_a_size_out_of_range(quiz: Installed, tmp_path: Path) -> None:
    done = quiz.ttools("new", "quiz", "x.xlsx", "--teams", 3, cwd=tmp_path)
    assert done.returncode == 2
    assert "--players" in done.stderr and "teams" in done.stderr
    done = quiz.ttools("new", "quiz", "x.xlsx", "--players", 1, cwd=tmp_path)
    assert done.returncode == 2
    assert "--players must be from 2 to 200" in done.stderr
    assert not (tmp_path / "x.xlsx").exists()


def _standings_rows(path: Path, sheet: str) -> list[tuple]:
    ws = load_workbook(path)[sheet]
    rows = [r for r in ws.iter_rows(values_only=True) if any(v not in (None, "") for v in r)]
    at = next(i for i, r in enumerate(rows) if r[0] in ("Place", "名次"))
    return [tuple(r[:6]) for r in rows[at + 1 : at + 1 + len(EXPECTED)]]


def test_run_check_and_publish(quiz: Installed, tmp_path: Path) -> None:
    quiz.write_event(tmp_path / "event.xlsx", results_rows())
    check = quiz.ttools("check", "event.xlsx", cwd=tmp_path)
    assert (check.returncode, check.stderr) == (0, "0 error(s), 0 warning(s)\n")

    done = quiz.ttools("run", "event.xlsx", "--json", "event.json", "--publish", "site", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    summary = json.loads((tmp_path / "event.json").read_text(encoding="utf-8"))
    assert summary["competition"] == "quiz" and summary["problems"] == [] and summary["rounds"] == [1, 2]
    assert summary["standings"] == [{"rank": r, "id": i, "name": n, "points": p} for r, i, n, p in EXPECTED]

    out = tmp_path / "event.out.xlsx"
    assert _standings_rows(out, "Standings") == [
        (place, i, n, POINTS[1][k], POINTS[2][k], p) for k, (place, (_r, i, n, p)) in enumerate(zip(PRINTED, EXPECTED))
    ]
    meta = {r[0]: r[1] for r in load_workbook(out)["_meta"].iter_rows(values_only=True)}
    assert (meta["competition"], meta["printable"], meta["players"]) == ("quiz", "Standings", 7)

    site = tmp_path / "site"
    page = (site / "standings.html").read_text(encoding="utf-8")
    assert "Toy Quiz · Standings" in page and re.search(r'<td class="num"( data-label="[^"]*")?>3=</td>', page)
    rounds = (site / "rounds.html").read_text(encoding="utf-8")
    assert "Round 2" in rounds and 'href="p-1.html"' in rounds
    assert "Place 5 · total 7.5" in (site / "p-5.html").read_text(encoding="utf-8")
    published = json.loads((site / "summary.json").read_text(encoding="utf-8"))
    assert published["standings"] == summary["standings"]

    # the output is the next input: run again on it, then publish it on its own
    again = quiz.ttools("run", out, "-o", "again.xlsx", "--json", "again.json", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))["standings"] == summary["standings"]
    assert _standings_rows(tmp_path / "again.xlsx", "Standings") == _standings_rows(out, "Standings")
    done = quiz.ttools("publish", out, "--to", "site2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert _untimed((tmp_path / "site2" / "standings.html").read_text(encoding="utf-8")) == _untimed(page)


def _untimed(page: str) -> str:
    """A page less its 'last update' time (the clock's; the rest depends on the data alone)."""
    return re.sub(r"<time[^>]*>[^<]*</time>", "", page)


def test_a_bad_cell_is_reported_with_its_sheet_and_cell(quiz: Installed, tmp_path: Path) -> None:
    rows = results_rows() + [{"round": 3, "player": 1, "points": "lots"}, {"round": 3, "player": 99, "points": 4}]
    quiz.write_event(tmp_path / "bad.xlsx", rows)  # row i of Results sits on line i + 2
    done = quiz.ttools("check", "bad.xlsx", cwd=tmp_path)
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert "error: Results!C16: [not-a-number] 'lots' is not a number (points)" in lines
    assert "error: Results!B17: [quiz-player-unknown] player 99 is not on the Players sheet" in lines
    assert lines[-1] == "2 error(s), 0 warning(s)"
    done = quiz.ttools("run", "bad.xlsx", "--json", "-", cwd=tmp_path)
    assert done.returncode == 1
    problems = json.loads(done.stdout)["problems"]
    assert [(p["sheet"], p["cell"], p["code"]) for p in problems] == [
        ("Results", "C16", "not-a-number"),
        ("Results", "B17", "quiz-player-unknown"),
    ]


@pytest.mark.parametrize("lang, sheet, total", [("zh-Hant", "排名", "總分"), ("zh-Hans", "排名", "总分")])
def test_chinese_workbooks(quiz: Installed, tmp_path: Path, lang: str, sheet: str, total: str) -> None:
    quiz.write_event(tmp_path / "zh.xlsx", results_rows(), lang=lang, name="問答")
    done = quiz.ttools("run", "zh.xlsx", "--json", "zh.json", "--publish", "site", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    wb = load_workbook(tmp_path / "zh.out.xlsx")
    assert sheet in wb.sheetnames
    header = next(r for r in wb[sheet].iter_rows(values_only=True) if r[0] == "名次")
    assert header[-1] == total
    assert [r[0] for r in _standings_rows(tmp_path / "zh.out.xlsx", sheet)] == PRINTED
    guide = [r[0] for r in wb[wb.sheetnames[0]].iter_rows(values_only=True) if r[0]]
    assert any("輸出檔" in line for line in guide) == (lang == "zh-Hant")
    assert any("输出文件" in line for line in guide) == (lang == "zh-Hans")
    assert json.loads((tmp_path / "zh.json").read_text(encoding="utf-8"))["standings"][4]["points"] == 7.5


def test_print_writes_the_standings_to_pdf(quiz: Installed, tmp_path: Path) -> None:
    quiz.write_event(tmp_path / "event.xlsx", results_rows())
    assert quiz.ttools("run", "event.xlsx", cwd=tmp_path).returncode == 0
    done = quiz.ttools("print", "event.out.xlsx", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "event.out.pdf").read_bytes()[:4] == b"%PDF"
