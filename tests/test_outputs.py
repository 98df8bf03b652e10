"""Nothing ttools writes may replace its input or another of its outputs, whatever the spelling of
the path: every command, every output option, pointed at the input through a symlink, a hard link
and other spellings, is refused with exit 2 and one line, and the input stays byte-identical.
Writing that fails (full disk, read-only or missing folder) is one line naming the path, and no
half-written file is left."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "data" / "hostile"))
import make_hostile  # noqa: E402

ON_CI = bool(os.environ.get("CI"))
ALIASES = ("same", "symlink", "hardlink", "dot-dot", "dot-slash", "double-slash")


def alias(path: Path, kind: str, cwd: Path) -> str:
    """Another name for ``path`` (which lies in ``cwd``)."""
    if kind == "same":
        return str(path)
    if kind == "symlink":
        link = cwd / f"link-{path.name}"
        link.symlink_to(path)
        return str(link)
    if kind == "hardlink":
        link = cwd / f"hard-{path.name}"
        os.link(path, link)
        return str(link)
    if kind == "dot-dot":
        (cwd / "sub").mkdir(exist_ok=True)
        return str(cwd / "sub" / ".." / path.name)
    if kind == "dot-slash":
        return f"./{path.name}"
    return str(cwd) + "//" + path.name


@pytest.fixture
def events(tmp_path, write_event, invoke, monkeypatch):
    """An event of each kind the commands read, in tmp_path (the working folder)."""
    monkeypatch.chdir(tmp_path)
    nations = write_event(name="event.xlsx")
    results = tmp_path / "results.xlsx"
    assert invoke("run", nations, "-o", results).exit_code in (0, 1)
    scrabble = tmp_path / "a.t"  # a workbook with the name its own export would write
    make_hostile.scrabble().save(scrabble)
    tsh = tmp_path / "b.t"
    tsh.write_text("Ann 1500 2; 400;\nBob 1400 1; 350;\n", encoding="utf-8")
    return {"nations": nations, "results": results, "scrabble": scrabble, "tsh": tsh}


# (name, what it reads, the command with {out} for the output that aims at the input)
COMMANDS = [
    ("run -o", "nations", ["run", "{in}", "-o", "{out}"]),
    ("run --json", "nations", ["run", "{in}", "--json", "{out}"]),
    ("run --pdf-to", "nations", ["run", "{in}", "--pdf-to", "{out}"]),
    ("check --json", "nations", ["check", "{in}", "--json", "{out}"]),
    ("check --annotate-to", "nations", ["check", "{in}", "--annotate-to", "{out}"]),
    ("print -o", "results", ["print", "{in}", "-o", "{out}"]),
    ("import-tsh -o", "tsh", ["import-tsh", "{in}", "-o", "{out}", "--force"]),
    ("import-tsh folder -o", "tsh", ["import-tsh", "{folder}", "-o", "{out}", "--force"]),
]


@pytest.mark.parametrize("kind", ALIASES)
@pytest.mark.parametrize("name,reads,command", COMMANDS, ids=[c[0] for c in COMMANDS])
def test_no_output_may_be_the_input(invoke, events, tmp_path, name, reads, command, kind):
    source = events[reads]
    before = source.read_bytes()
    listing = sorted(os.listdir(tmp_path))
    out = alias(source, kind, tmp_path)
    listing_with_alias = sorted(os.listdir(tmp_path))
    args = [a.replace("{in}", str(source)).replace("{out}", out).replace("{folder}", str(tmp_path)) for a in command]
    result = invoke(*args)
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    assert len(result.stderr.strip().splitlines()) == 1 and "refused" in result.stderr, result.stderr
    assert source.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == listing_with_alias  # nothing else written either
    assert set(listing) <= set(listing_with_alias)


@pytest.mark.parametrize("kind", ALIASES)
def test_export_never_writes_over_its_input(invoke, events, tmp_path, kind):
    source = events["scrabble"]  # division A exports to a.t
    before = source.read_bytes()
    folder = {
        "same": str(tmp_path),
        "symlink": None,
        "hardlink": None,
        "dot-dot": str(tmp_path / "sub" / ".."),
        "dot-slash": ".",
        "double-slash": str(tmp_path) + "//",
    }[kind]
    if folder is None:  # a folder holding a link named a.t to the input
        linked = tmp_path / "linked"
        linked.mkdir()
        (linked / "a.t").symlink_to(source) if kind == "symlink" else os.link(source, linked / "a.t")
        folder = str(linked)
    elif kind == "dot-dot":
        (tmp_path / "sub").mkdir()
    result = invoke("export", source, "--to", folder)
    assert result.exit_code == 2 and "refused" in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert source.read_bytes() == before
    assert not list(tmp_path.rglob("*.tou"))


@pytest.mark.parametrize("kind", ALIASES[:2] + ("dot-dot",))
def test_two_outputs_may_not_be_one_file(invoke, events, tmp_path, kind):
    target = tmp_path / "x.out"
    target.write_bytes(b"keep")
    other = alias(target, kind, tmp_path)
    before = events["nations"].read_bytes()
    for args in (
        ["run", events["nations"], "-o", target, "--json", other],
        ["run", events["nations"], "-o", tmp_path / "y.xlsx", "--json", target, "--pdf-to", other],
        ["check", events["nations"], "--json", target, "--annotate-to", other],
    ):
        result = invoke(*args)
        assert result.exit_code == 2 and "refused" in result.stderr, result.stderr
        assert target.read_bytes() == b"keep" and events["nations"].read_bytes() == before
    assert not (tmp_path / "y.xlsx").exists()


def test_an_output_that_is_no_regular_file_is_refused(invoke, events, tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    for target in (tmp_path / "pipe.json", "/dev/null"):
        result = invoke("run", events["nations"], "--json", target)
        assert result.exit_code == 2 and "not a regular file" in result.stderr, result.stderr
    assert Path("/dev/null").is_char_device() and (tmp_path / "pipe.json").is_fifo()


def test_the_inbox_state_and_outbox_may_not_be_the_mailbox(invoke, tmp_path):
    import mailbox

    source = tmp_path / "inbox"
    mailbox.Maildir(str(source), create=True)
    before = sorted(p.name for p in source.rglob("*"))
    (tmp_path / "link").symlink_to(source)
    for option in ("--outbox", "--state"):
        for spelling in (source, tmp_path / "link", tmp_path / "inbox" / ".." / "inbox", source / "cur"):
            result = invoke("inbox", source, option, spelling)
            assert result.exit_code == 2, (option, spelling, result.output)
            assert sorted(p.name for p in source.rglob("*")) == before


# ---- writing that fails ------------------------------------------------------------------------------


def test_a_missing_folder_is_one_line_naming_the_path(invoke, events, tmp_path):
    for args, target in (
        (["run", events["nations"], "-o"], tmp_path / "nowhere" / "x.xlsx"),
        (["run", events["nations"], "--json"], tmp_path / "nowhere" / "x.json"),
        (["check", events["nations"], "--annotate-to"], tmp_path / "nowhere" / "x.xlsx"),
    ):
        result = invoke(*args, target)
        assert result.exit_code == 2, result.stderr
        assert result.stderr.strip().splitlines()[-1] == (
            f"ttools: cannot write {target}: the folder {target.parent} does not exist"
        )
        assert "Traceback" not in result.stderr and "internal error" not in result.stderr


def _can_mount() -> bool:
    return (
        hasattr(os, "geteuid")
        and os.geteuid() == 0
        and shutil.which("unshare") is not None
        and subprocess.run(["unshare", "--mount", "true"], capture_output=True).returncode == 0
    )


needs_mount = pytest.mark.skipif(
    not _can_mount() and not ON_CI, reason="needs root and unshare to mount a small or read-only file system"
)


def _in_small_filesystem(tmp_path: Path, script: str, options: str) -> subprocess.CompletedProcess:
    """Run ``script`` (shell) with a tmpfs of ``options`` mounted on tmp_path/mnt, in a private mount
    namespace: the mount vanishes with the process."""
    (tmp_path / "mnt").mkdir()
    shell = f"mount -t tmpfs -o {options} ttools-test {tmp_path / 'mnt'} || exit 99; {script}"
    return subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c", shell],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )


@needs_mount
def test_a_full_disk_is_one_line_and_leaves_no_half_written_json(events, tmp_path):
    ttools = f"{sys.executable} -m ttools"
    mnt = tmp_path / "mnt"
    # fill the file system but for the results workbook's room: it fits again, the JSON after it does not
    run = f"{ttools} run {mnt}/event.xlsx -o {mnt}/out.xlsx"
    script = (
        # the previous summary (one ttools wrote: written over as it is, nothing kept)
        f'cp {events["nations"]} {mnt}/event.xlsx; echo \'{{"tool": "ttools", "old": 1}}\' > {mnt}/summary.json; '
        f"{run} >/dev/null 2>&1; cat /dev/zero > {mnt}/filler 2>/dev/null || true; rm {mnt}/out.xlsx; "
        f'{run} --json {mnt}/summary.json; echo "exit=$?"; '
        f"cat {mnt}/summary.json; ls -a {mnt}"
    )
    proc = _in_small_filesystem(tmp_path, script, "size=1m")
    lines = proc.stderr.strip().splitlines()
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    assert "exit=2" in proc.stdout, proc.stdout + proc.stderr
    assert lines[-1].startswith("ttools: cannot write ") and "No space left on device" in lines[-1], lines
    assert '{"tool": "ttools", "old": 1}' in proc.stdout.splitlines()  # the previous JSON intact, not truncated
    assert ".ttools-" not in proc.stdout  # no temporary file left behind


@needs_mount
def test_a_read_only_folder_is_one_line(events, tmp_path):
    mnt = tmp_path / "mnt"
    script = (
        f"mount -o remount,ro {mnt}; "
        f'{sys.executable} -m ttools run {events["nations"]} -o {mnt}/out.xlsx; echo "exit=$?"'
    )
    proc = _in_small_filesystem(tmp_path, script, "size=1m")
    assert "exit=2" in proc.stdout, proc.stdout + proc.stderr
    assert proc.stderr.strip().splitlines()[-1] == f"ttools: cannot write {mnt}/out.xlsx: Read-only file system"


# ---- the comparison itself ---------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["./", "sub/../", "sub/./../", "/", "link-dir/"]), max_size=4), st.booleans())
def test_any_spelling_of_the_input_is_the_input(tmp_path_factory, steps, through_link):
    from ttools.files import OutputRefused, check_outputs, same_file

    folder = tmp_path_factory.mktemp("spell")
    (folder / "sub").mkdir()
    (folder / "link-dir").symlink_to(folder)
    source = folder / "event.xlsx"
    source.write_bytes(b"input")
    name = "event.xlsx"
    if through_link:
        (folder / "alias.xlsx").symlink_to(source)
        name = "alias.xlsx"
    spelled = str(folder) + "/" + "".join(steps) + name
    assert same_file(spelled, str(source))
    with pytest.raises(OutputRefused):
        check_outputs([str(source)], [spelled])
    with pytest.raises(OutputRefused):
        check_outputs([str(folder / "other.xlsx")], [str(folder / "x.json"), spelled, str(source)])
    check_outputs([str(source)], [str(folder / "sub" / name)])  # another file: no refusal


# ---- what a failed or killed run leaves, and the mode of what it writes --------------------------------


@needs_mount
@pytest.mark.parametrize("command", ["run -o", "check --annotate"])
def test_a_workbook_onto_a_full_disk_is_one_line_and_nothing_else(events, tmp_path, command):
    """XlsxWriter and openpyxl keep their half-written zip open in the frames of the error; closing
    it at exit once printed a second traceback after ttools' line."""
    mnt = tmp_path / "mnt"
    option = "-o" if command == "run -o" else "--annotate-to"
    verb = command.split()[0]
    script = (
        f"cat /dev/zero > {mnt}/filler 2>/dev/null; rm {mnt}/filler; head -c 40000 /dev/zero > {mnt}/filler; "
        f'{sys.executable} -m ttools {verb} {events["nations"]} {option} {mnt}/out.xlsx; echo "exit=$?"; ls -a {mnt}'
    )
    proc = _in_small_filesystem(tmp_path, script, "size=64k")
    assert "exit=2" in proc.stdout, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert lines[-1] == f"ttools: cannot write {mnt}/out.xlsx: No space left on device", proc.stderr
    assert lines[:-1] in ([], ["0 error(s), 0 warning(s)"]), proc.stderr  # check reports before it writes
    assert sorted(proc.stdout.split()[1:]) == [".", "..", "filler"], proc.stdout


@pytest.mark.skipif(os.name != "posix", reason="the umask is POSIX")
@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_outputs_have_the_mode_open_would_give_them(invoke, events, tmp_path, umask):
    outputs = {
        "out.xlsx": ("run", events["nations"], "-o"),
        "out.json": ("run", events["nations"], "--json"),
        "annotated.xlsx": ("check", events["nations"], "--annotate-to"),
    }
    old = os.umask(umask)
    try:
        for name, args in outputs.items():
            assert invoke(*args, tmp_path / name).exit_code in (0, 1)
            assert (tmp_path / name).stat().st_mode & 0o777 == 0o666 & ~umask, name
        (tmp_path / "out.xlsx").chmod(0o640)  # an output written again keeps its mode, as with open()
        assert invoke("run", events["nations"], "-o", tmp_path / "out.xlsx").exit_code in (0, 1)
        assert (tmp_path / "out.xlsx").stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(old)


def test_publish_removes_what_a_killed_publish_left_and_nothing_else(invoke, events, tmp_path):
    import time

    www = tmp_path / "www"
    assert invoke("publish", events["results"], "--to", www / "cup").exit_code in (0, 1)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    left = {
        f".cup.new-{pid}-abcd1234": True,  # its process has ended
        ".cup.old-zyxw9876": True,  # an earlier version's name, untouched for two hours
        ".cup.new-recent12": False,  # an earlier version's name, recent: it may be at work
        f".cup.new-{os.getpid()}-live5678": False,  # its process is alive
        ".other.new-hand0001": False,  # holds a folder: not what publish builds
        "notes.new-abcd1234": False,
    }  # not a name publish gives
    for name in left:
        (www / name).mkdir()
        (www / name / "index.html").write_text("half", encoding="utf-8")
    (www / ".other.new-hand0001" / "sub").mkdir()
    two_hours_ago = time.time() - 7200
    for name in (".cup.old-zyxw9876", ".other.new-hand0001"):
        os.utime(www / name, (two_hours_ago, two_hours_ago))
    (www / ".keep.new-file0001").write_text("a file, not a folder", encoding="utf-8")
    assert invoke("publish", events["results"], "--to", www / "cup").exit_code in (0, 1)
    remaining = set(os.listdir(www))
    assert {name for name, removed in left.items() if removed}.isdisjoint(remaining)
    assert {name for name, removed in left.items() if not removed} <= remaining
    assert {"cup", ".keep.new-file0001"} <= remaining and (www / "cup" / "index.html").exists()
