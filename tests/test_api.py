"""The Python API (ttools.load -> Event -> Results): the same summary, outputs and refusals as
``ttools run``, the summary's tables as DataFrames, the README's example as written, and an
``import ttools`` that keeps ``ttools --help`` and ``ttools check`` free of the heavy libraries."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ttools
from tests.cells import workbook_description
from tests.conftest import complete_sheets

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.xlsx"))
SAMPLE_IDS = [p.stem for p in SAMPLES]
# where each competition's summary keeps its standings
STANDINGS = {
    "nations-cup": "qualification.standings",
    "scrabble": "standings",
    "shengji": "standings",
    "shuangsheng": "standings",
}

_loaded: dict[Path, ttools.Event] = {}


def loaded(sample: Path) -> ttools.Event:
    """Each sample is read once for the whole module (reading is what takes the time)."""
    if sample not in _loaded:
        _loaded[sample] = ttools.load(sample)
    return _loaded[sample]


def plain(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Records with a missing value (NaN in a numeric column) as None, as JSON has it."""
    return [{k: None if isinstance(v, float) and math.isnan(v) else v for k, v in row.items()} for row in records]


# ---- the README's example ----------------------------------------------------------------------


def readme_example() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Python API\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    assert len(blocks) == 1, "the Python API section has one example"
    return blocks[0]


def test_readme_example_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    (tmp_path / "samples").mkdir()
    for name in re.findall(r'"samples/([^"]+)"', readme_example()):
        shutil.copy(ROOT / "samples" / name, tmp_path / "samples" / name)
    monkeypatch.chdir(tmp_path)
    exec(compile(readme_example(), "README.md (Python API)", "exec"), {"__name__": "__readme__"})
    out = capsys.readouterr().out
    assert "nations-cup" in out and "148.66" in out
    assert (tmp_path / "nations-cup-12.out.xlsx").is_file()
    assert (tmp_path / "site" / "index.html").is_file()


def test_readme_names_every_public_name() -> None:
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## Python API\n", 1)[1].split("\n## ")[0]
    for name in (
        "load",
        "problems",
        "run",
        "summary",
        "frame",
        "write",
        "pdf",
        "publish",
        "ttools[pandas]",
        "Unreadable",
        "OutputRefused",
        "CannotWrite",
        "PdfUnavailable",
        "PublishError",
    ):
        assert name in section


# ---- the event ---------------------------------------------------------------------------------


def test_event_attributes() -> None:
    event = loaded(ROOT / "samples" / "nations-cup-12.xlsx")
    assert (event.competition, event.lang, event.ok) == ("nations-cup", "zh-Hant", True)
    assert event.name and event.path.endswith("nations-cup-12.xlsx")
    assert [p.code for p in event.problems] == ["bounty-count-disagrees"]
    problem = event.problems[0]
    assert (problem.severity, problem.sheet, problem.cell) == ("warning", "賞金籌碼清點", "B6")
    assert "賞金籌碼" in problem.message  # in the event's language
    assert str(problem).startswith("warning: 賞金籌碼清點!B6: [bounty-count-disagrees] ")
    with pytest.raises(dataclasses.FrozenInstanceError):
        problem.code = "other"  # type: ignore[misc]
    assert event.run() is event.run()


@pytest.mark.parametrize("sample", SAMPLES, ids=SAMPLE_IDS)
def test_problems_are_the_summarys(sample: Path) -> None:
    event = loaded(sample)
    assert [dataclasses.asdict(p) for p in event.problems] == event.run().summary["problems"]
    assert event.ok == (not any(p.severity == "error" for p in event.problems))


def test_problems_of_a_broken_event(write_event, tmp_path: Path) -> None:
    sheets = complete_sheets()
    sheets["Day1"][0]["winner"] = "Z9"  # nobody in the roster
    path = write_event(sheets)
    event = ttools.load(path)
    assert not event.ok
    assert all(isinstance(p, ttools.ProblemRecord) for p in event.problems)
    assert any(p.severity == "error" for p in event.problems)
    assert [dataclasses.asdict(p) for p in event.problems] == event.run().summary["problems"]


# ---- the summary, as the command line writes it ------------------------------------------------


@pytest.mark.parametrize("sample", SAMPLES, ids=SAMPLE_IDS)
def test_summary_is_what_run_json_writes(sample: Path, tmp_path: Path, invoke) -> None:
    result = invoke("run", sample, "-o", tmp_path / "out.xlsx", "--json", tmp_path / "summary.json")
    assert result.exit_code in (0, 1), result.stderr
    written = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    results = loaded(sample).run()
    assert results.summary == written
    results.summary["problems"] = "changed"  # a copy: the results are not changed through it
    assert results.summary == written


# ---- frames ------------------------------------------------------------------------------------


@pytest.mark.parametrize("sample", SAMPLES, ids=SAMPLE_IDS)
def test_standings_frame_is_the_summarys_records(sample: Path) -> None:
    event = loaded(sample)
    results = event.run()
    key = STANDINGS[event.competition]
    value: Any = results.summary
    for part in key.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    if value is None:  # an event not that far yet: the error names what there is
        with pytest.raises(KeyError, match="keys with records: .*pairings"):
            results.frame(key)
        return
    frame = results.frame(key)
    if isinstance(value, dict):  # one list per division
        assert frame.columns[0] == "division"
        expected = [{"division": d, **row} for d, rows in value.items() for row in rows]
    else:
        expected = value
    assert plain(frame.to_dict("records")) == expected


def test_frames_of_pairings() -> None:
    scrabble = loaded(ROOT / "samples" / "scrabble-3div.xlsx").run()
    frame = scrabble.frame("pairings")
    assert list(frame.columns) == ["division", "round", "table", "first", "second"]
    assert set(frame["division"]) == set(scrabble.summary["pairings"])
    assert len(scrabble.frame("standings.A")) == len(scrabble.summary["standings"]["A"])
    nations = loaded(ROOT / "samples" / "nations-cup-12.xlsx").run()
    assert plain(nations.frame("day1.pairings").to_dict("records")) == nations.summary["day1"]["pairings"]
    assert len(nations.frame("day2.draw.nlh")) == len(nations.summary["day2"]["draw"]["nlh"])
    assert nations.frame("day2.moves.nlh.moves").empty


def test_frame_keys_that_hold_no_records() -> None:
    results = loaded(ROOT / "samples" / "nations-cup-12.xlsx").run()
    with pytest.raises(KeyError) as missing:
        results.frame("standings")
    assert "'standings'" in str(missing.value) and "qualification.standings" in str(missing.value)
    for key, what in (("seed", "a str"), ("nlh.places", "a dict"), ("day2.draw", "a dict")):
        with pytest.raises(
            ValueError,
            match=f"'{re.escape(key)}' in the summary is {what}, not a list of records; "
            "keys with records: .*qualification.standings",
        ):
            results.frame(key)
    with pytest.raises(ValueError, match="a list of str"):
        loaded(ROOT / "samples" / "nations-cup-11.xlsx").run().frame("status")


def test_frame_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    results = loaded(ROOT / "samples" / "shuangsheng-24.xlsx").run()
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError) as exc:
        results.frame("standings")
    assert isinstance(exc.value, ttools.PandasUnavailable)
    assert str(exc.value) == "results.frame needs pandas: pip install 'ttools[pandas]'"


# ---- outputs -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["nations-cup-12", "scrabble-3div"])
def test_outputs_are_the_command_lines(name: str, tmp_path: Path, invoke) -> None:
    sample = ROOT / "samples" / f"{name}.xlsx"
    cli, api = tmp_path / "cli", tmp_path / "api"
    cli.mkdir(), api.mkdir()
    result = invoke("run", sample, "-o", cli / "out.xlsx", "--publish", cli / "site")
    assert result.exit_code in (0, 1), result.stderr
    results = loaded(sample).run()
    assert results.write(api / "out.xlsx") == str(api / "out.xlsx")
    assert results.publish(api / "site") == str(api / "site")
    assert workbook_description(api / "out.xlsx") == workbook_description(cli / "out.xlsx")
    pages = sorted(os.listdir(cli / "site"))
    assert sorted(os.listdir(api / "site")) == pages

    def timeless(path: Path) -> str:  # the site says when it was made
        text = path.read_text(encoding="utf-8")
        return re.sub(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d)?(\+00:00)?", "WHEN", text)

    for page in pages:
        assert timeless(api / "site" / page) == timeless(cli / "site" / page), page
    assert results.written == (str(api / "out.xlsx"), str(api / "site"))


def test_write_defaults_beside_the_input(tmp_path: Path) -> None:
    shutil.copy(ROOT / "samples" / "shuangsheng-24.xlsx", tmp_path / "event.xlsx")
    results = ttools.load(tmp_path / "event.xlsx").run()
    assert results.write() == str(tmp_path / "event.out.xlsx")
    assert ttools.load(tmp_path / "event.out.xlsx").ok  # the output is itself an input


def test_write_over_a_workbook_staff_fill_in_keeps_it_first(tmp_path: Path) -> None:
    shutil.copy(ROOT / "samples" / "shuangsheng-24.xlsx", tmp_path / "event.xlsx")
    precious = (ROOT / "samples" / "shengji-30.xlsx").read_bytes()
    (tmp_path / "roster.xlsx").write_bytes(precious)
    results = ttools.load(tmp_path / "event.xlsx").run()
    results.write(tmp_path / "roster.xlsx")
    kept = list((tmp_path / ".ttools-history").iterdir())
    assert [p.read_bytes() for p in kept] == [precious]
    results.write(tmp_path / "roster.xlsx")  # now results ttools wrote: made anew, nothing more kept
    assert len(list((tmp_path / ".ttools-history").iterdir())) == 1


def fake_to_pdf(calls: list[tuple[str, list[str], bool]]):
    def to_pdf(xlsx: str, pdf: str, sheets=(), timeout: int = 180) -> str:
        calls.append((xlsx, list(sheets), os.path.isfile(xlsx)))
        Path(pdf).write_bytes(b"%PDF-1.4 fake\n")
        return pdf

    return to_pdf


def test_pdf_from_a_temporary_workbook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ttools.pdf

    calls: list[tuple[str, list[str], bool]] = []
    monkeypatch.setattr(ttools.pdf, "to_pdf", fake_to_pdf(calls))
    results = ttools.load(ROOT / "samples" / "shengji-30.xlsx").run()
    assert results.pdf(tmp_path / "event.pdf") == str(tmp_path / "event.pdf")
    [(workbook, sheets, existed)] = calls
    assert existed and not os.path.exists(workbook) and workbook.endswith("shengji-30.out.xlsx")
    assert sheets and not os.path.exists(tmp_path / "shengji-30.out.xlsx")


def test_pdf_from_the_written_workbook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ttools.pdf

    calls: list[tuple[str, list[str], bool]] = []
    monkeypatch.setattr(ttools.pdf, "to_pdf", fake_to_pdf(calls))
    results = ttools.load(ROOT / "samples" / "shengji-30.xlsx").run()
    results.write(tmp_path / "results.xlsx")
    assert results.pdf() == str(tmp_path / "results.pdf")  # as ttools run -o results.xlsx --pdf
    assert calls == [
        (str(tmp_path / "results.xlsx"), ttools.pdf.printable_sheets(str(tmp_path / "results.xlsx")), True)
    ]


def test_pdf_without_a_font(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTOOLS_PDF_FONT", str(tmp_path / "missing.ttf"))
    results = ttools.load(ROOT / "samples" / "nations-cup-minimal.xlsx").run()
    with pytest.raises(ttools.PdfUnavailable, match="missing.ttf"):
        results.pdf(tmp_path / "event.pdf")
    assert not (tmp_path / "event.pdf").exists()


# ---- refusals ----------------------------------------------------------------------------------


@pytest.fixture
def event_copy(tmp_path: Path) -> Path:
    path = tmp_path / "event.xlsx"
    shutil.copy(ROOT / "samples" / "nations-cup-minimal.xlsx", path)
    return path


def test_write_onto_the_input_is_refused(event_copy: Path) -> None:
    before = event_copy.read_bytes()
    results = ttools.load(event_copy).run()
    link = event_copy.parent / "link.xlsx"
    link.symlink_to(event_copy)
    for target in (event_copy, link, event_copy.parent / "." / "event.xlsx"):
        with pytest.raises(ttools.OutputRefused, match="is the input"):
            results.write(target)
    with pytest.raises(ttools.OutputRefused, match="is the input"):
        results.pdf(event_copy)
    assert event_copy.read_bytes() == before and results.written == ()


def test_outputs_may_not_collide(event_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import ttools.pdf

    monkeypatch.setattr(ttools.pdf, "to_pdf", fake_to_pdf([]))
    folder = event_copy.parent
    results = ttools.load(event_copy).run()
    results.write(folder / "a.xlsx")
    results.write(folder / "a.xlsx")  # the same output again is fine
    with pytest.raises(ttools.OutputRefused, match="is also the output"):
        results.pdf(folder / "a.xlsx")
    results.publish(folder / "site")
    with pytest.raises(ttools.OutputRefused, match="inside the site"):
        results.write(folder / "site" / "b.xlsx")
    with pytest.raises(ttools.PublishError, match="holds"):
        results.publish(folder)  # the site folder would swallow the input
    with pytest.raises(ttools.PublishError, match="not empty"):
        (folder / "other").mkdir()
        (folder / "other" / "notes.txt").write_text("keep")
        results.publish(folder / "other")


def test_write_into_a_missing_folder(event_copy: Path) -> None:
    results = ttools.load(event_copy).run()
    missing = event_copy.parent / "nowhere"
    with pytest.raises(ttools.CannotWrite, match="does not exist"):
        results.write(missing / "out.xlsx")
    with pytest.raises(ttools.CannotWrite, match="does not exist"):
        results.pdf(missing / "out.pdf")
    assert not missing.exists()


def test_unreadable(tmp_path: Path) -> None:
    (tmp_path / "notes.xlsx").write_text("not a workbook")
    for path, why in (
        (tmp_path / "notes.xlsx", "not an Excel workbook"),
        (tmp_path / "missing.xlsx", "no such file"),
        (tmp_path, "is a folder"),
    ):
        with pytest.raises(ttools.Unreadable, match=why):
            ttools.load(path)
    assert ttools.Unreadable is __import__("ttools.problems").problems.Unreadable


def test_a_workbook_of_no_competition_is_unreadable(tmp_path: Path) -> None:
    import xlsxwriter

    book = xlsxwriter.Workbook(str(tmp_path / "plain.xlsx"))
    book.add_worksheet("Sheet1").write(0, 0, "hello")
    book.close()
    with pytest.raises(ttools.Unreadable, match="not a ttools event workbook"):
        ttools.load(tmp_path / "plain.xlsx")


# ---- a cheap import ----------------------------------------------------------------------------

HEAVY = ("pandas", "numpy", "openpyxl", "xlsxwriter", "jinja2", "ttools.api")

RUNNER = """
import atexit, json, sys
out = sys.argv[1]
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
sys.argv = ["ttools", *sys.argv[2:]]
if sys.argv[1:] == ["import"]:
    import ttools
    ttools.Unreadable
else:
    from ttools.__main__ import main
    main()
"""


def modules_loaded(tmp_path: Path, *args: str) -> list[str]:
    """The modules a ``ttools ARGS…`` process has loaded when it ends."""
    out = tmp_path / "modules.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.run(
        [sys.executable, "-c", RUNNER, str(out), *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode in (0, 1), proc.stderr  # it did its work (3 would be a crash)
    return json.loads(out.read_text())


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["check", str(ROOT / "samples" / "nations-cup-12.xlsx")],
        ["check", str(ROOT / "samples" / "scrabble-3div.xlsx")],
        ["import"],
    ],
    ids=["help", "check-nations-cup", "check-scrabble", "import"],
)
def test_command_line_loads_no_heavy_module(args: list[str], tmp_path: Path) -> None:
    modules = modules_loaded(tmp_path, *args)
    assert "ttools" in modules
    if args[0] == "check":
        assert "ttools.pipeline" in modules
    assert [m for m in modules if m in HEAVY or m.split(".")[0] in HEAVY] == []


def test_public_names() -> None:
    assert set(ttools.__all__) == {"__version__", *ttools._LAZY}
    for name in ttools.__all__:
        assert getattr(ttools, name) is not None
        assert name in dir(ttools)
    assert ttools.__version__
    with pytest.raises(AttributeError):
        ttools.no_such_name  # noqa: B018
    from ttools import cli  # a submodule is still found through the lazy names

    assert cli.cli


def test_typed(tmp_path: Path) -> None:
    from importlib.metadata import PackageNotFoundError, version

    pytest.importorskip("mypy")
    try:
        version("pandas-stubs")
    except PackageNotFoundError:
        pytest.skip("pandas-stubs is not installed")
    assert (ROOT / "ttools" / "py.typed").is_file()
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), "ttools/__init__.py", "ttools/api.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # a user's strict code sees the lazy names and their types
    user = tmp_path / "user.py"
    user.write_text(
        "import ttools\n"
        "from ttools import Event, load\n"
        "event: Event = load('event.xlsx')\n"
        "reveal_type(event.problems)\n"
        "reveal_type(ttools.load('event.xlsx').run().frame('standings'))\n"
        "reveal_type(ttools.Unreadable)\n"
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--cache-dir",
            str(tmp_path / "cache"),
            "--config-file",
            str(ROOT / "pyproject.toml"),
            str(user),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "tuple[ttools.api.ProblemRecord, ...]" in proc.stdout
    assert "pandas.core.frame.DataFrame" in proc.stdout
    assert "ttools.problems.Unreadable" in proc.stdout
