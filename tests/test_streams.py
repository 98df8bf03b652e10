"""UTF-8 on every stream whatever the console code page: with standard output going to a file or
a pipe, Windows gives Python the ANSI code page (cp1252 in the West, cp950 in Taiwan and Hong
Kong), which cannot encode the Chinese text and JSON ttools prints. Simulated here through
PYTHONIOENCODING (file names stay Unicode, as they are on Windows) and through the C locale with
Python's UTF-8 mode and locale coercion off (ASCII everywhere): every command that prints
succeeds, prints UTF-8, and prints what it prints under UTF-8."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
CODE_PAGES = ("cp1252", "cp950")
C_LOCALE = "C"  # ASCII streams, locale and file names: no file may be named from Chinese content
XLSX = ("application", "vnd.openxmlformats-officedocument.spreadsheetml.sheet")


def _env(encoding: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHONIOENCODING", "PYTHONUTF8"))}
    if encoding is None:
        env.update(PYTHONIOENCODING="utf-8", PYTHONUTF8="1")
    elif encoding == C_LOCALE:
        env.update(PYTHONUTF8="0", PYTHONCOERCECLOCALE="0", LC_ALL="C", LANG="C")
    else:
        env.update(PYTHONIOENCODING=encoding, PYTHONUTF8="0")
    return env


def start(args: list[str], cwd: Path, encoding: str | None) -> subprocess.Popen:
    """``python -m ttools ARGS`` with stdout and stderr sent to pipes, as Windows sees a file or
    a pipe: in ``encoding`` (None: UTF-8 throughout)."""
    return subprocess.Popen(
        [sys.executable, "-m", "ttools", *args],
        cwd=cwd,
        env=_env(encoding),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def finish(proc: subprocess.Popen) -> tuple[int, str, str]:
    """The code and both streams, read as UTF-8 strictly: a stream in any other encoding fails here."""
    out, err = proc.communicate(timeout=120)
    return proc.returncode, out.decode("utf-8"), err.decode("utf-8")


def ttools(args: list[str], cwd: Path, encoding: str | None) -> tuple[int, str, str]:
    return finish(start(args, cwd, encoding))


def _copy(name: str, folder: Path, as_name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / as_name
    shutil.copy(SAMPLES / name, target)
    return target


def _inbox(folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    msg = EmailMessage()
    msg["From"] = "Staff <staff@example.org>"
    msg["To"] = "results@example.org"
    msg["Subject"] = "第三輪成績"
    msg["Message-ID"] = "<streams@example.org>"
    msg.set_content("請處理。")
    msg.add_attachment(
        (SAMPLES / "nations-cup-12.xlsx").read_bytes(), maintype=XLSX[0], subtype=XLSX[1], filename="國家盃.xlsx"
    )
    (folder / "mail").mkdir()
    (folder / "mail" / "round3.eml").write_bytes(msg.as_bytes())
    return ["inbox", "mail", "--allow", "staff@example.org", "--outbox", "outbox", "--state", "state"]


# each case: (name, how its folder is laid, the command, what its output must hold)
def _cases() -> list[tuple[str, object, list[str], str]]:
    nc = lambda f: _copy("nations-cup-12.xlsx", f, "國家盃.xlsx")  # noqa: E731
    sc = lambda f: _copy("scrabble-3div.xlsx", f, "拼字.xlsx")  # noqa: E731
    return [
        ("check", nc, ["check", "國家盃.xlsx"], "賞金籌碼"),
        ("check --json -", nc, ["check", "國家盃.xlsx", "--json", "-"], '"competition": "nations-cup"'),
        ("run --json -", nc, ["run", "國家盃.xlsx", "--json", "-"], "wrote 國家盃.out.xlsx"),
        ("run --publish", nc, ["run", "國家盃.xlsx", "-o", "結果.xlsx", "--publish", "網站"], "網站"),
        ("new", lambda f: f.mkdir(parents=True), ["new", "shengji", "賽事.xlsx", "--players", "8"], "賽事.xlsx"),
        (
            "reckoner zh-Hant",
            lambda f: f.mkdir(parents=True),
            ["reckoner", "nations-cup", "--teams", "12", "--lang", "zh-Hant"],
            "現場速算表",
        ),
        (
            "reckoner zh-Hans",
            lambda f: f.mkdir(parents=True),
            ["reckoner", "nations-cup", "--teams", "11", "--lang", "zh-Hans"],
            "现场速算表",
        ),
        ("competitions", lambda f: f.mkdir(parents=True), ["competitions"], "nations-cup"),
        ("publish", nc, ["publish", "國家盃.xlsx", "--to", "網站"], "網站"),
        ("export", sc, ["export", "拼字.xlsx", "--to", "匯出"], "匯出"),
        ("print", nc, ["print", "國家盃.xlsx", "-o", "列印.pdf"], "pdf"),
        ("inbox", _inbox, None, "國家盃.xlsx"),
        ("help", lambda f: f.mkdir(parents=True), ["--help"], "Usage"),
    ]


CASES = _cases()


# these name files after the event's own text (divisions, attachments): an ASCII file system
# encoding cannot hold such a name, which only Linux has (Windows' file names are Unicode)
NAMING_FILES = ("export", "inbox")


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_every_command_prints_utf8_whatever_the_code_page(tmp_path, case):
    name, lay, args, expected = case
    encodings = [None, *CODE_PAGES] + ([] if name in NAMING_FILES else [C_LOCALE])
    running = []
    for n, encoding in enumerate(encodings):  # at once: each in a folder of its own
        folder = tmp_path / str(n)
        laid = lay(folder)
        running.append((encoding, folder, start(args or laid, folder, encoding)))
    outputs = {}
    for encoding, folder, proc in running:
        code, out, err = finish(proc)
        assert code != 3, (encoding, err)
        outputs[encoding] = (code, out, err.replace(str(folder), "FOLDER"))
    code, out, err = outputs.pop(None)
    assert expected in (out + err).replace("PDF", "pdf"), (out, err)  # print says 'no PDF' without LibreOffice
    for encoding, seen in outputs.items():
        assert seen == (code, out, err), encoding
    if "--json" in (args or []):
        assert json.loads(out)["competition"] == "nations-cup"


@pytest.mark.parametrize("encoding", CODE_PAGES)
def test_import_tsh_reports_in_utf8(tmp_path, encoding):
    _copy("scrabble-3div.xlsx", tmp_path, "拼字.xlsx")
    assert ttools(["export", "拼字.xlsx", "--to", "匯出"], tmp_path, None)[0] == 0
    code, out, err = ttools(["import-tsh", "匯出", "-o", "匯入.xlsx"], tmp_path, encoding)
    assert code in (0, 1), err
    assert "匯入.xlsx" in out + err


def test_a_file_name_the_locale_cannot_decode_is_printed_back_as_its_bytes(tmp_path):
    _copy("nations-cup-12.xlsx", tmp_path, "國家盃.xlsx")
    code, out, err = ttools(["check", "國家盃.xlsx", "--annotate"], tmp_path, C_LOCALE)
    assert code == 0, err
    assert "wrote 國家盃.checked.xlsx" in err
