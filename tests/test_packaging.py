"""Honest packaging: floors that are the versions CI runs on, an upper bound on XlsxWriter while
its internals are used (and XlsxWriter's own writers on any release the fast path was not
verified against), LICENSE, classifiers, py.typed and the samples in the wheel, and `ttools
sample`, so that the README's first command works after a plain install in an empty folder."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
import xlsxwriter

from ttools.workbook import rows

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.xlsx"))
PYPROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def _dependencies() -> dict[str, str]:
    block = re.search(r"^dependencies = \[(.*?)^\]", PYPROJECT, re.S | re.M).group(1)
    return dict(re.findall(r'"([A-Za-z0-9_.-]+)\s*([^"]*)"', block))


@pytest.mark.parametrize("name,floor", [("python-calamine", (0, 3)), ("xlsxwriter", (3, 3)), ("typst", (0, 15, 2))])
def test_the_floors_are_versions_that_work(name, floor):
    # calamine 0.2: no CalamineWorkbook.close; XlsxWriter <= 3.2.9: no Worksheet.row_info;
    # typst < 0.15.2: no Fonts().fonts or compile(pdf_tags=)
    spec = _dependencies()[name]
    found = re.search(r">=\s*([0-9.]+)", spec)
    assert found and tuple(int(x) for x in found.group(1).split(".")) >= floor, spec


def test_xlsxwriter_is_bounded_while_its_internals_are_used():
    assert re.search(r"<\s*4\b", _dependencies()["xlsxwriter"])


def test_ci_runs_the_first_command_on_the_lowest_versions_allowed():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".ci/lowest.py" in ci and "pip install -q -c " in ci and '/ttools" sample nations-cup-12 .' in ci
    lowest = subprocess.run(
        [sys.executable, str(ROOT / ".ci" / "lowest.py"), str(ROOT / "pyproject.toml")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert "xlsxwriter==3.3" in lowest and "python-calamine==0.3" in lowest
    assert len(lowest) == len(_dependencies())


def test_license_and_classifiers():
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert re.search(r'^license = "MIT"$', PYPROJECT, re.M)
    assert "Typing :: Typed" in PYPROJECT and "Programming Language :: Python :: 3.10" in PYPROJECT


# ---- the fast row path and XlsxWriter's releases ------------------------------------------------------


def test_the_fast_path_runs_only_on_releases_it_was_verified_against():
    assert rows.fast_path_verified("3.3.1") and rows.fast_path_verified("3.3.0")
    assert not rows.fast_path_verified("3.2.9") and not rows.fast_path_verified("3.4.0")
    assert not rows.fast_path_verified("4.0.0")


def _sheet(path: Path, stream: bool) -> bytes:
    wb = xlsxwriter.Workbook(
        str(path),
        {"constant_memory": True, "strings_to_formulas": False, "strings_to_urls": False, "strings_to_numbers": False},
    )
    ws = wb.add_worksheet("S")
    bold = wb.add_format({"bold": True})
    writer = rows.RowStream(ws) if stream else None
    for r in range(5):
        values, formats = [f"r{r}", r, r / 3, None, "a & b"], [bold, None, bold, bold, None]
        if writer is not None:
            writer.row(r, values, formats)
        else:
            for c, v in enumerate(values):
                rows.write_plain(ws, r, c, v, formats[c])
    wb.close()
    with zipfile.ZipFile(path) as z:
        return z.read("xl/worksheets/sheet1.xml")


def test_an_unverified_xlsxwriter_gets_its_own_writers_and_the_same_file(tmp_path, monkeypatch):
    monkeypatch.setattr(xlsxwriter, "__version__", "3.9.0")
    wb = xlsxwriter.Workbook(str(tmp_path / "probe.xlsx"), {"constant_memory": True})
    assert rows.RowStream(wb.add_worksheet()).fast is False
    wb.close()
    assert _sheet(tmp_path / "fallback.xlsx", True) == _sheet(tmp_path / "plain.xlsx", False)


def test_the_installed_xlsxwriter_takes_the_fast_path_when_verified(tmp_path):
    wb = xlsxwriter.Workbook(str(tmp_path / "probe.xlsx"), {"constant_memory": True})
    assert rows.RowStream(wb.add_worksheet()).fast is rows.fast_path_verified()
    wb.close()


# ---- ttools sample -----------------------------------------------------------------------------------


def test_sample_lists_and_writes_every_bundled_sample(invoke, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    listed = invoke("sample")
    assert listed.exit_code == 0 and listed.stdout.split() == sorted(p.stem for p in SAMPLES)
    for path in SAMPLES:
        result = invoke("sample", path.stem, "out/")
        assert result.exit_code == 0, result.output
        assert result.stderr == f"wrote out/{path.name}\n" and result.stdout == ""
        assert (tmp_path / "out" / path.name).read_bytes() == path.read_bytes()
    assert invoke("sample", "nations-cup-12.xlsx", "mine.xlsx").exit_code == 0
    assert (tmp_path / "mine.xlsx").read_bytes() == (ROOT / "samples" / "nations-cup-12.xlsx").read_bytes()
    again = invoke("sample", "nations-cup-12", "mine.xlsx")
    assert again.exit_code == 2 and "--force" in again.stderr
    unknown = invoke("sample", "chess")
    assert unknown.exit_code == 2 and "nations-cup-12" in unknown.stderr


def _readme_without_a_clone() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.search(r"the first command becomes\n+```sh\n(ttools sample .*?)\n```", text, re.S).group(1)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built offline from a copy of what the source distribution holds (setuptools
    builds in the source folder: the checkout is left as it is)."""
    out, source = tmp_path_factory.mktemp("wheel"), tmp_path_factory.mktemp("source") / "ttools"
    shutil.copytree(ROOT / "ttools", source / "ttools", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "samples", source / "samples", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-q",
            "-w",
            str(out),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (found,) = out.glob("ttools-*.whl")
    return found


def test_the_wheel_carries_the_samples_py_typed_and_the_license(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        assert "ttools/py.typed" in names
        for path in SAMPLES:
            assert z.read(f"ttools/samples/{path.name}") == path.read_bytes(), path.name
        assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
        metadata = next(z.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT" in metadata and "Classifier: Typing :: Typed" in metadata
    assert not any(n.startswith(("samples/", "tests/")) or n.endswith("make_samples.py") for n in names)


def test_after_a_plain_install_the_readme_command_runs_in_an_empty_folder(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    # the dependencies from the environment running the tests (listed after the venv's own)
    (site / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    where = subprocess.run(
        [str(python), "-c", "import ttools; print(ttools.__file__)"],
        cwd=empty,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.startswith(str(venv)), where  # the wheel, not the source tree
    for command in _readme_without_a_clone().split(" && "):
        args = shlex.split(command)
        assert args[0] == "ttools"
        done = subprocess.run(
            [str(venv / "bin" / "ttools"), *args[1:]], cwd=empty, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, (command, done.stderr)
    assert sorted(p.name for p in empty.iterdir()) == [
        "nations-cup-12.json",
        "nations-cup-12.out.xlsx",
        "nations-cup-12.xlsx",
    ]
