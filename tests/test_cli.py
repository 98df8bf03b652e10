"""The command line: `ttools new` writes a guarded blank workbook, refuses bad sizes and
existing files; every command is documented with an example; heavy libraries load lazily."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils.cell import range_boundaries

from ttools.cli import cli
from ttools.competitions.nations_cup import schema as S
from ttools.competitions.nations_cup.model import DEFAULT_SCALES, team_letters

LANGS = ("zh-Hant", "en")
TABLE_SHEETS = tuple(spec for spec in S.INPUT_SHEETS if not spec.is_kv)
KV_SHEETS = tuple(spec for spec in S.INPUT_SHEETS if spec.is_kv)


@pytest.fixture(scope="module")
def blank(tmp_path_factory):
    """The blank workbooks `ttools new` writes, opened once per (teams, lang)."""
    from click.testing import CliRunner

    folder = tmp_path_factory.mktemp("new")
    books = {}
    for teams in (11, 12):
        for lang in LANGS:
            path = folder / f"nc-{teams}-{lang}.xlsx"
            result = CliRunner().invoke(cli, ["new", "nations-cup", str(path), "--teams", str(teams), "--lang", lang])
            assert result.exit_code == 0, result.output
            books[teams, lang] = load_workbook(path)
    return books


CASES = [(t, lang) for t in (11, 12) for lang in LANGS]


def effective_locked(ws, ref: str) -> bool:
    """Whether Excel treats the cell as locked: an empty cell takes its column's format."""
    from openpyxl.utils.cell import coordinate_from_string

    col, row = coordinate_from_string(ref)
    if (row, ws[ref].column) in ws._cells and ws[ref].has_style:
        return ws[ref].protection.locked
    dim = ws.column_dimensions.get(col)
    wb = ws.parent
    if dim is not None and dim.min is not None and dim.has_style:
        return wb._protections[dim._style.protectionId].locked
    return True


def _values(ws):
    return [list(r) for r in ws.iter_rows(values_only=True)]


def _validation_for(ws, cell: str):
    for dv in ws.data_validations.dataValidation:
        if cell in dv.sqref:
            return dv
    return None


def _defined_values(wb, name: str) -> list:
    dn = wb.defined_names[name]
    ((sheet, ref),) = dn.destinations
    return [c.value for row in wb[sheet][ref.replace("$", "")] for c in row]


# ---- ttools new: sheets, tables, validations, protection, metadata ------------------------------


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_has_every_sheet_named_in_the_language(blank, teams, lang):
    wb = blank[teams, lang]
    expected = [S.GUIDE[lang]] + [spec.name(lang) for spec in S.INPUT_SHEETS]
    present = [n for n in wb.sheetnames if n in expected]
    assert present == expected
    if lang == "zh-Hant":
        assert {"說明", "賽事", "規則", "選手", "第一天", "分項名單", "NLH名次", "獵人賽淘汰紀錄"} <= set(wb.sheetnames)
    else:
        assert {"Guide", "Event", "Rules", "Players", "Day1", "Lineups", "NLH", "BountyLog"} <= set(wb.sheetnames)


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_helper_sheets_are_hidden_and_the_guide_comes_first(blank, teams, lang):
    # Staff open the workbook on the guide; _meta and any list-holding helper sheet stay hidden.
    wb = blank[teams, lang]
    helpers = [ws for ws in wb.worksheets if ws.title.startswith("_")]
    assert "_meta" in [ws.title for ws in helpers]
    assert {ws.title: ws.sheet_state for ws in helpers} == {ws.title: "hidden" for ws in helpers}
    visible = [ws.title for ws in wb.worksheets if ws.sheet_state == "visible"]
    assert visible[0] == S.GUIDE[lang]
    assert wb.active.title == S.GUIDE[lang]


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_players_presized_with_team_and_number(blank, teams, lang):
    ws = blank[teams, lang][S.PLAYERS.name(lang)]
    rows = _values(ws)
    assert rows[0][:2] == [S.PLAYERS.columns[0].label(lang), S.PLAYERS.columns[1].label(lang)]
    body = [r for r in rows[1:] if any(v is not None for v in r)]
    assert len(body) == 6 * teams
    assert [(r[0], r[1]) for r in body] == [(t, n) for t in team_letters(teams) for n in range(1, 7)]
    assert all(r[2] is None for r in body)  # names are for staff to type
    assert ws.freeze_panes == "A2"


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_input_sheets_are_excel_tables(blank, teams, lang):
    wb = blank[teams, lang]
    for spec in TABLE_SHEETS:
        ws = wb[spec.name(lang)]
        assert len(ws.tables) == 1, spec.key
        table = next(iter(ws.tables.values()))
        min_col, min_row, max_col, _ = range_boundaries(table.ref)
        assert (min_col, min_row) == (1, 1), spec.key
        assert max_col - min_col + 1 == len(spec.columns), spec.key
        assert [c.name for c in table.tableColumns] == [c.label(lang) for c in spec.columns], spec.key
    players = next(iter(wb[S.PLAYERS.name(lang)].tables.values()))
    assert players.ref == "A1:D501"  # as far as its validations run


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_dropdowns_are_fed_by_defined_names(blank, teams, lang):
    wb = blank[teams, lang]
    assert {"TeamList", "PlayerList"} <= set(wb.defined_names)
    letters = team_letters(teams)
    assert _defined_values(wb, "TeamList") == letters
    assert _defined_values(wb, "PlayerList") == [f"{t}{n}" for t in letters for n in range(1, 7)]
    for spec in TABLE_SHEETS:
        ws = wb[spec.name(lang)]
        for j, col in enumerate(spec.columns):
            if col.list_name:
                dv = _validation_for(ws, f"{chr(65 + j)}2")
                assert dv is not None and dv.type == "list", (spec.key, col.key)
                assert dv.formula1 == col.list_name, (spec.key, col.key)
    dv = _validation_for(wb[S.PLAYERS.name(lang)], "A2")
    assert dv.formula1 == "TeamList"
    dv = _validation_for(wb[S.DAY1.name(lang)], "E2")
    assert dv.formula1 == "PlayerList"


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_input_columns_carry_an_input_message(blank, teams, lang):
    wb = blank[teams, lang]
    for spec in (S.PLAYERS, S.LINEUPS, S.NLH, S.BOUNTY_LOG, S.BOUNTY_COUNTS):
        ws = wb[spec.name(lang)]
        for j, col in enumerate(spec.columns):
            dv = _validation_for(ws, f"{chr(65 + j)}2")
            assert dv is not None, (spec.key, col.key)
            assert dv.showInputMessage, (spec.key, col.key)
            assert dv.prompt == col.note[lang], (spec.key, col.key)
            assert dv.promptTitle == col.label(lang), (spec.key, col.key)


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_sheets_protected_with_input_cells_unlocked(blank, teams, lang):
    wb = blank[teams, lang]
    for spec in S.INPUT_SHEETS:
        ws = wb[spec.name(lang)]
        assert ws.protection.sheet, spec.key
        assert not ws.protection.password, spec.key  # a guard-rail, not a lock
    players = wb[S.PLAYERS.name(lang)]
    for row in (2, 6 * teams + 1):
        for col in "ABCD":
            assert effective_locked(players, f"{col}{row}") is False, f"{col}{row}"
    nlh = wb[S.NLH.name(lang)]
    assert effective_locked(nlh, "A2") is False and effective_locked(nlh, "B2") is False
    for spec in KV_SHEETS:
        ws = wb[spec.name(lang)]
        for i, _setting in enumerate(spec.settings, start=2):
            assert ws[f"C{i}"].protection.locked is False, (spec.key, i)  # the value
            assert ws[f"A{i}"].protection.locked is True, (spec.key, i)  # the key


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_header_rows_are_locked(blank, teams, lang):
    # The reader finds columns by their header labels: a header typed over breaks the sheet.
    wb = blank[teams, lang]
    for spec in TABLE_SHEETS:
        ws = wb[spec.name(lang)]
        for j in range(len(spec.columns)):
            assert ws.cell(1, j + 1).protection.locked is True, (spec.key, ws.cell(1, j + 1).coordinate)


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_meta_hidden_and_custom_properties(blank, teams, lang):
    wb = blank[teams, lang]
    meta = wb["_meta"]
    assert meta.sheet_state == "hidden"
    kv = {r[0]: r[1] for r in meta.iter_rows(min_row=2, values_only=True)}
    assert kv["competition"] == "nations-cup"
    assert kv["kind"] == "event"
    assert kv["template_version"] == 1
    assert kv["teams"] == teams
    assert kv["language"] == lang
    props = {p.name: p.value for p in wb.custom_doc_props}
    assert props["ttools_competition"] == "nations-cup"
    assert props["ttools_kind"] == "event"
    assert props["ttools_template_version"] == "1"
    assert props["ttools_language"] == lang


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_rules_lists_every_default_with_a_note(blank, teams, lang):
    ws = blank[teams, lang][S.RULES.name(lang)]
    rows = {r[0]: r for r in ws.iter_rows(min_row=2, values_only=True) if r[0]}
    assert list(rows) == [s.key for s in S.RULES.settings]
    for s in S.RULES.settings:
        key, label, value, note = rows[s.key][:4]
        assert label == s.label(lang)
        assert value == (None if s.default == "" else s.default), s.key
        assert note and note == s.note[lang], s.key
    assert rows["pool_hu"][2] == "1000/3" and rows["hu_win"][2] == 5 and rows["rounding"][2] == "half-up"


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_event_sheet_names_the_competition_and_size(blank, teams, lang):
    ws = blank[teams, lang][S.EVENT.name(lang)]
    kv = {r[0]: r[2] for r in ws.iter_rows(min_row=2, values_only=True) if r[0]}
    assert kv["competition"] == "nations-cup"
    assert kv["teams"] == teams
    assert kv["language"] == lang
    assert kv["seed"] is None


@pytest.mark.parametrize("teams,lang", CASES)
def test_new_points_sheet_lists_the_default_scales(blank, teams, lang):
    ws = blank[teams, lang][S.POINTS.name(lang)]
    got = {(r[0], r[1]): r[2] for r in ws.iter_rows(min_row=2, values_only=True) if r[0]}
    want = {(scale, place): pts for scale, table in DEFAULT_SCALES.items() for place, pts in table.items()}
    assert got == want


@pytest.mark.parametrize("teams", [3, 0, -1, 27, 100])
def test_new_refuses_team_counts_outside_4_to_26(invoke, tmp_path, teams):
    path = tmp_path / "e.xlsx"
    result = invoke("new", "nations-cup", path, "--teams", teams)
    assert result.exit_code == 2  # a usage error
    assert "4 to 26" in result.stderr and f"got {teams}" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert not path.exists()


def test_new_without_team_count_is_a_usage_error(invoke, tmp_path):
    path = tmp_path / "e.xlsx"
    result = invoke("new", "nations-cup", path)
    assert result.exit_code == 2
    assert "--teams" in result.stderr
    assert not path.exists()


def test_new_unknown_competition_is_a_usage_error(invoke, tmp_path):
    path = tmp_path / "e.xlsx"
    result = invoke("new", "chess", path, "--teams", 8)
    assert result.exit_code == 2
    assert "unknown competition" in result.stderr and "nations-cup" in result.stderr
    assert not path.exists()


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_new_shengji_by_pairs_writes_a_fixed_pairs_workbook(invoke, tmp_path, lang):
    """Shengji declares a second size option: ``--pairs N`` is a field of N fixed pairs, 2N
    players on Players, Event's format set to pairs, partners 2k-1 and 2k sharing pair k."""
    from ttools.competitions.shengji.load import load
    from ttools.workbook.read import read_book

    path = tmp_path / "pairs.xlsx"
    result = invoke("new", "shengji", path, "--pairs", 14, "--lang", lang)
    assert result.exit_code == 0, result.output
    data, problems = load(read_book(str(path)))
    assert problems == [] and data.lang == lang
    assert data.format == "pairs" and len(data.players) == 28
    assert sorted(data.pairs.items(), key=lambda kv: int(kv[0]))[:2] == [("1", ("1", "2")), ("2", ("3", "4"))]
    assert len(data.pairs) == 14
    assert invoke("check", path).exit_code == 0


def test_new_by_a_second_size_option_checks_its_own_range(invoke, tmp_path):
    path = tmp_path / "pairs.xlsx"
    result = invoke("new", "shengji", path, "--pairs", 1)
    assert result.exit_code == 2 and "--pairs must be from 2 to 2500 (got 1)" in result.stderr
    result = invoke("new", "shengji", path, "--teams", 8)
    assert result.exit_code == 2 and "use --players N or --pairs N" in result.stderr
    assert not path.exists()
    listed = invoke("competitions").stdout.splitlines()
    assert "shengji\t--players 4..5000, --pairs 2..2500\tzh-Hans, zh-Hant, en\tShengji (duplicate)" in listed


def test_a_competition_refuses_a_unit_it_does_not_declare(tmp_path):
    from ttools import competitions

    with pytest.raises(ValueError, match="not played by pairs"):
        competitions.get("scrabble").new_workbook(str(tmp_path / "x.xlsx"), 8, unit="pairs")
    assert not (tmp_path / "x.xlsx").exists()


def test_new_refuses_an_existing_file_without_force(invoke, tmp_path):
    path = tmp_path / "e.xlsx"
    path.write_bytes(b"staff's own file")
    result = invoke("new", "nations-cup", path, "--teams", 8)
    assert result.exit_code != 0
    assert "--force" in result.stderr
    assert path.read_bytes() == b"staff's own file"

    result = invoke("new", "nations-cup", path, "--teams", 8, "--force")
    assert result.exit_code == 0, result.output
    wb = load_workbook(path)
    assert "選手" in wb.sheetnames  # the competition's default language: Traditional Chinese


def test_new_then_run_gives_the_day1_pairings(invoke, json_of, tmp_path):
    path = tmp_path / "e.xlsx"
    assert invoke("new", "nations-cup", path, "--teams", 12).exit_code == 0
    result, data = json_of("run", path)
    assert result.exit_code == 0, result.stderr
    assert len(data["day1"]["pairings"]) == 6 * 12
    assert data["problems"] == []  # no entrant named yet: no seed derived into the output


# ---- help and documentation --------------------------------------------------------------------


def test_help_lists_every_command(invoke):
    result = invoke("--help")
    assert result.exit_code == 0
    for name in cli.commands:
        assert f"  {name} " in result.stdout or f"  {name}\n" in result.stdout, name
    assert {"new", "check", "run", "print", "reckoner"} <= set(cli.commands)


def test_help_lists_the_commands_of_the_spec(invoke):
    # The spec's cycle: new, run, check; and inbox (emailed workbooks), print, reckoner.
    result = invoke("--help")
    for name in ("new", "check", "run", "inbox", "print", "reckoner"):
        assert name in cli.commands, name
        assert f"  {name} " in result.stdout, name


@pytest.mark.parametrize("name", sorted(cli.commands))
def test_every_command_is_documented_with_an_example(invoke, name):
    command = cli.commands[name]
    assert command.help and "Example" in command.help
    result = invoke(name, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout
    assert f"ttools {name}" in result.stdout  # the example runs this very command


def test_version_option(invoke):
    from ttools import __version__

    result = invoke("--version")
    assert result.exit_code == 0
    assert __version__ in result.stdout


def test_heavy_libraries_are_imported_lazily():
    code = (
        "import ttools.cli, sys; "
        "print('openpyxl' in sys.modules, 'xlsxwriter' in sys.modules, 'python_calamine' in sys.modules, "
        "'jinja2' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert out.stdout.strip() == "False False False False"


ROOT = Path(__file__).resolve().parents[1]

# modules that only writing an output or publishing needs: `check` must never load them
_NOT_FOR_CHECK = (
    "click",
    "xlsxwriter",
    "openpyxl",
    "jinja2",
    "ttools.cli",
    "ttools.workbook.write",
    "ttools.workbook.annotate",
    "ttools.competitions.nations_cup.report",
    "ttools.competitions.nations_cup.reckoner",
    "ttools.competitions.nations_cup.site",
    "ttools.publish",
)


def _modules_after(*args: str) -> tuple[subprocess.CompletedProcess, set[str]]:
    """Run ``python -m ttools ARGS`` in a fresh interpreter; the modules loaded when it exits."""
    code = (
        "import atexit, runpy, sys\n"
        "report = sys.argv.pop(1)\n"
        "atexit.register(lambda: open(report, 'w').write('\\n'.join(sorted(sys.modules))))\n"
        "sys.argv[0] = 'ttools'\n"
        "runpy.run_module('ttools', run_name='__main__', alter_sys=True)\n"
    )
    report = ROOT / ".modules-after-check.txt"
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, str(report), *args], capture_output=True, text=True, cwd=ROOT
        )
        return done, set(report.read_text().split())
    finally:
        report.unlink(missing_ok=True)


def test_check_of_a_nations_cup_workbook_loads_no_report_writer_or_publishing_module():
    done, modules = _modules_after("check", "samples/nations-cup-12.xlsx")
    assert done.returncode == 0, done.stderr
    assert "ttools.competitions.nations_cup.compute" in modules  # it did check the event
    loaded = sorted(m for m in modules if any(m == name or m.startswith(name + ".") for name in _NOT_FOR_CHECK))
    assert loaded == []


@pytest.mark.parametrize("kind", ["sample", "problems", "unreadable", "missing", "folder"])
def test_plain_check_says_what_the_click_command_says(kind, tmp_path, write_event):
    """``python -m ttools check FILE`` runs without click: the same lines and exit code as the
    click command (which ``ttools.cli.main`` runs)."""
    if kind == "sample":
        target = ROOT / "samples" / "nations-cup-12.xlsx"
    elif kind == "problems":
        target = _broken_event(write_event)
    elif kind == "unreadable":
        target = tmp_path / "notes.xlsx"
        target.write_text("not a workbook", encoding="utf-8")
    elif kind == "missing":
        target = tmp_path / "absent.xlsx"
    else:
        target = tmp_path
    plain = subprocess.run(
        [sys.executable, "-m", "ttools", "check", str(target)], capture_output=True, text=True, cwd=ROOT
    )
    via_click = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.argv[0] = 'ttools'; from ttools.cli import main; main()",
            "check",
            str(target),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert (plain.returncode, plain.stdout, plain.stderr) == (via_click.returncode, via_click.stdout, via_click.stderr)
    assert plain.returncode == {"sample": 0, "problems": 1, "unreadable": 2, "missing": 2, "folder": 2}[kind]


# ---- check --annotate ----------------------------------------------------------------------------


def _broken_event(write_event):
    from tests.conftest import complete_sheets

    sheets = complete_sheets()
    sheets["NLH"][6]["place"] = "seventh"  # NLH!B8
    sheets["BountyLog"][3]["out"] = sheets["BountyLog"][1]["out"]  # BountyLog!B5
    return write_event(sheets)


@pytest.mark.parametrize("explicit", [False, True])
def test_check_annotate_writes_a_highlighted_copy(write_event, json_of, tmp_path, explicit):
    import hashlib

    src = _broken_event(write_event)
    digest = hashlib.sha256(src.read_bytes()).hexdigest()
    target = tmp_path / "marked.xlsx" if explicit else tmp_path / "event.checked.xlsx"
    extra = ("--annotate-to", target) if explicit else ("--annotate",)
    result, data = json_of("check", src, *extra)
    assert result.exit_code == 1
    assert target.exists()
    assert str(target.name) in result.stderr
    assert hashlib.sha256(src.read_bytes()).hexdigest() == digest  # the input is untouched
    assert not (tmp_path / "event.out.xlsx").exists()  # check writes no results

    wb = load_workbook(target)
    listing = wb.worksheets[0]
    assert listing.title not in [spec.name("en") for spec in S.INPUT_SHEETS]
    rows = [r for r in listing.iter_rows(min_row=2, values_only=True) if any(r)]
    assert len(rows) == len(data["problems"])
    assert {(r[0], r[1], r[2], r[3]) for r in rows} == {
        (p["severity"], p["sheet"], p["cell"], p["code"]) for p in data["problems"]
    }
    assert ("error", "NLH", "B8", "place-not-a-number") in {r[:4] for r in rows}
    assert ("error", "BountyLog", "B5", "bounty-already-out") in {r[:4] for r in rows}

    for sheet, address, code in (("NLH", "B8", "place-not-a-number"), ("BountyLog", "B5", "bounty-already-out")):
        c = wb[sheet][address]
        assert c.comment is not None and code in c.comment.text
        assert c.fill.fill_type == "solid"
        assert c.fill.start_color.rgb != wb[sheet]["B3"].fill.start_color.rgb  # stands out from the rest
    flagged = {(p["sheet"], p["cell"]) for p in data["problems"]}
    noted = {(ws.title, c.coordinate) for ws in wb.worksheets for row in ws.iter_rows() for c in row if c.comment}
    assert noted == {w for w in flagged if re.fullmatch(r"[A-Z]+[0-9]+", w[1])}  # on every problem cell, only there
    assert wb["NLH"]["B8"].value == "seventh"  # staff's data kept as typed, for fixing in place
    assert wb["Players"]["C2"].value == "Player A1"


def test_check_annotate_of_a_clean_workbook(write_event, invoke, tmp_path):
    src = write_event()
    result = invoke("check", src, "--annotate")
    assert result.exit_code == 0, result.stderr
    wb = load_workbook(tmp_path / "event.checked.xlsx")
    assert [r for r in wb.worksheets[0].iter_rows(min_row=2, values_only=True) if any(r)] == []


@pytest.mark.parametrize(
    "args",
    [
        ("run", "{src}", "-o", "{missing}/out.xlsx"),
        ("run", "{src}", "--pdf-to", "{missing}/out.pdf"),
        ("run", "{src}", "--json", "{missing}/out.json"),
        ("check", "{src}", "--annotate-to", "{missing}/checked.xlsx"),
        ("print", "{src}", "-o", "{missing}/out.pdf"),
    ],
)
def test_an_output_into_a_folder_that_does_not_exist_is_a_one_line_error(write_event, invoke, tmp_path, args):
    src = write_event()
    result = invoke(*[a.format(src=src, missing=tmp_path / "no-such-folder") for a in args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "does not exist" in lines[0] and "Traceback" not in result.stderr
    assert not (tmp_path / "no-such-folder").exists()


def test_only_a_plain_check_of_one_file_skips_click(tmp_path):
    from ttools.__main__ import plain_check

    book = tmp_path / "event.xlsx"
    book.write_bytes(b"")
    assert plain_check(["check", str(book)]) == str(book)
    assert plain_check(["check", str(tmp_path / "absent.xlsx")]) == str(tmp_path / "absent.xlsx")  # says so itself
    for args in (
        ["check", str(tmp_path)],
        ["check", str(book), "--annotate"],
        ["check", "--json", "-", str(book)],
        ["check", "-"],
        ["check", "--help"],
        ["check"],
        ["run", str(book)],
        [],
        ["check", ""],
    ):
        assert plain_check(args) is None, args


def test_new_into_a_missing_folder_is_one_line(invoke, tmp_path):
    path = tmp_path / "nowhere" / "event.xlsx"
    result = invoke("new", "scrabble", path, "--players", 8)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"ttools: cannot write {path}: the folder {path.parent} does not exist"
    ]
