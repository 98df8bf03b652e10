"""File safety for everything ttools writes: outputs are written atomically beside their target,
compared with the inputs and with each other by the file they resolve to, and a failed write
becomes one line (``CannotWrite``). The workbook layer, print, mail, publish and the command
line all write through here."""

from __future__ import annotations

import errno
import os
import re
import stat
from itertools import combinations
from typing import Callable, Iterable

from ttools.problems import Unreadable


def default_path(path: str, suffix: str) -> str:
    """The path of an output beside ``path``: ``event.xlsx`` -> ``event{suffix}``. A workbook
    that is itself such an output (known by its name) gets the next number instead of the suffix
    again, so that carrying on in the newest file never piles suffixes up: ``event.out.xlsx`` ->
    ``event.out-2.xlsx`` -> ``event.out-3.xlsx``; so for ``.checked.xlsx``. (Every ttools
    workbook's _meta says kind 'event', inputs and outputs alike: the name is what tells.)"""
    workbook = path.lower().endswith((".xlsx", ".xlsm"))
    base = path[:-5] if workbook else path
    mark, ext = os.path.splitext(suffix)  # ".out", ".xlsx"; ".pdf" has no mark
    if workbook and ext and mark.startswith("."):
        found = re.fullmatch(rf"(.+){re.escape(mark)}(?:-([0-9]+))?", base, flags=re.IGNORECASE | re.DOTALL)
        if found is not None and not found.group(1).endswith(("/", "\\")):
            number = int(found.group(2) or 1) + 1
            return f"{found.group(0)[: len(found.group(1)) + len(mark)]}-{number}{ext}"
    return base + suffix


HISTORY_FOLDER = ".ttools-history"


def keep_previous(path: str) -> str:
    """Copy ``path`` into the history folder beside it (``.ttools-history/``), named by the
    time it was last saved (``event.2026-12-01T10-30-00.xlsx``; ``-2``, ``-3`` … when that name
    is kept already), before it is written over: a kept version is never replaced. Returns the
    copy's path; a copy that cannot be made is ``CannotWrite`` and the file stays as it was."""
    import shutil
    import time

    folder = os.path.join(os.path.dirname(os.path.abspath(path)), HISTORY_FOLDER)
    stem, ext = os.path.splitext(os.path.basename(path))
    stamp = time.strftime("%Y-%m-%dT%H-%M-%S", time.localtime(os.stat(path).st_mtime))
    kept = None
    try:
        os.makedirs(folder, exist_ok=True)
        for n in range(1, 10_000):
            kept = os.path.join(folder, f"{stem}.{stamp}{'' if n == 1 else f'-{n}'}{ext}")
            try:  # O_EXCL: a version kept already, even by a run at the same moment, stays as it is
                fd = os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
            except FileExistsError:
                continue
            with os.fdopen(fd, "wb") as out, open(path, "rb") as src:
                shutil.copyfileobj(src, out)
                out.flush()
                os.fsync(out.fileno())
            shutil.copystat(path, kept)
            fsync_folder(folder)
            return kept
        raise FileExistsError(errno.EEXIST, "too many versions kept at one time", folder)
    except Exception as exc:
        if kept is not None and os.path.exists(kept) and os.path.getsize(kept) != os.path.getsize(path):
            os.unlink(kept)  # a half-made copy is no kept version
        if os_error(exc) is None:
            raise
        raise cannot_write(kept or folder, exc) from None


def regenerable(path: str, kind: str) -> bool:
    """Whether the existing file ``path`` is an output ttools makes anew on every run, left as
    ttools wrote it, so that writing over it loses nothing: of ``kind`` 'workbook', a results
    workbook no program has saved since; 'pdf', a PDF ttools printed; 'json', a JSON summary.
    Anything else (a workbook staff fill in, a checked copy they may have fixed cells in, a file
    of another kind or program) is not."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(64)
            if kind == "pdf":
                if not head.startswith(b"%PDF-"):
                    return False
                fh.seek(max(0, os.path.getsize(path) - 65536))
                return b"/Author(ttools)" in fh.read()  # the document information ttools sets
            if kind == "json":
                return re.match(rb'\s*\{\s*"tool"\s*:\s*"ttools"', head) is not None
    except OSError:
        return False
    if kind == "workbook":
        from ttools.workbook.read import unchanged_results_workbook

        return unchanged_results_workbook(path)
    return False


def keep_unless_regenerable(target: str, kind: str) -> str | None:
    """Before an output of ``kind`` is written over ``target``: a file there that ttools does not
    make anew (``regenerable``) is kept as ``keep_previous`` keeps it; returns the copy's path,
    or None when nothing needed keeping."""
    if not os.path.isfile(target) or regenerable(target, kind):
        return None
    return keep_previous(target)


class OutputRefused(Exception):
    """An output path that would replace an input or another output (exit 2, one line)."""


class CannotWrite(Exception):
    """An output could not be written: full disk, read-only or missing folder, or a target another
    program holds open (exit 2, one line). ``str()`` is the English line; ``message(lang)`` the
    line in the event's language where it has one of its own (a held target)."""

    def __init__(self, line: str, *, target: str = "", held: bool = False) -> None:
        super().__init__(line)
        self.target = target
        self.held = held  # another program (Excel, a PDF viewer) has the target open

    def message(self, lang: str | None = None) -> str:
        if self.held and lang:
            return held_line(self.target, lang)
        return str(self)


def held_line(target: str, lang: str = "en") -> str:
    """What to do when ``target`` is held open by another program, in ``lang``: on Windows a file
    open in Excel cannot be replaced until Excel closes it, and the bare OS reason ("Permission
    denied", "being used by another process") does not say which program or what to do."""
    from ttools.i18n import Translator

    t = Translator(lang)
    name = os.path.basename(target) or target
    if target.lower().endswith((".xlsx", ".xlsm")):
        hint = t(
            "請在 Excel（或開啟它的程式）中關閉 {name}，然後再執行一次",
            "close {name} in Excel (or the program that holds it), then run again",
            hans="请在 Excel（或打开它的程序）中关闭 {name}，然后再运行一次",
            name=name,
        )
    else:
        hint = t(
            "請在開啟它的程式中關閉 {name}，然後再執行一次",
            "close {name} in the program that holds it, then run again",
            hans="请在打开它的程序中关闭 {name}，然后再运行一次",
            name=name,
        )
    return t("無法寫入 {target}：{hint}", "cannot write {target}: {hint}", target=target, hint=hint)


# Windows' ERROR_ACCESS_DENIED, ERROR_SHARING_VIOLATION and ERROR_LOCK_VIOLATION: what replacing a
# file another program has open raises there
_HELD_WINERRORS = frozenset((5, 32, 33))


def _held(target: str, err: OSError) -> bool:
    """Whether a replace of ``target`` that raised ``err`` failed because another program holds
    the target open: refused (a permission error, as Windows gives for a file open in Excel; a
    lock, as Linux can give) on an existing file ttools may write. A read-only target is not held
    (Windows refuses to replace one too), and neither is a folder ttools may not write in: then
    the temporary file beside the target could not have been made."""
    winerror = getattr(err, "winerror", None)
    refused = isinstance(err, PermissionError) or winerror in _HELD_WINERRORS or err.errno == errno.EBUSY
    folder = os.path.dirname(os.path.abspath(target))
    return refused and os.path.isfile(target) and os.access(target, os.W_OK) and os.access(folder, os.W_OK)


def _names(err: OSError, target: str) -> bool:
    """Whether ``err`` was raised on ``target`` itself (opened, or replaced: then its second name)."""
    return any(isinstance(name, str) and same_file(name, target) for name in (err.filename, err.filename2))


def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file, whatever their spelling: symlinks, '..', case on a
    case-insensitive disk, hard links."""
    if os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b)):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist yet: then they cannot be one file
        return False


def check_outputs(inputs: Iterable[str], outputs: Iterable[str | None]) -> None:
    """Refuse before anything is written when an output is an input, or two outputs are one file.
    '-' (standard output) and empty entries are not paths."""
    inputs = [i for i in inputs if i]
    outs = [o for o in outputs if o and o != "-"]
    for out in outs:
        for src in inputs:
            if same_file(out, src):
                raise OutputRefused(f"{out} is the input {src}; the input is never overwritten, choose another name")
        if os.path.lexists(out) and not os.path.isfile(out):
            raise OutputRefused(f"{out} is not a regular file; ttools writes only files")
    for first, second in combinations(outs, 2):
        if same_file(first, second):
            raise OutputRefused(f"{second} is also the output {first}; give each output its own name")


def os_error(exc: BaseException) -> OSError | None:
    """The OSError behind ``exc`` (libraries wrap them), if any."""
    seen = 0
    current: BaseException | None = exc
    while current is not None and seen < 10:
        if isinstance(current, OSError):
            return current
        inner = next((a for a in getattr(current, "args", ()) if isinstance(a, OSError)), None)
        current = inner or current.__cause__ or (None if current.__suppress_context__ else current.__context__)
        seen += 1
    return None


def cannot_write(target: str, exc: BaseException) -> CannotWrite:
    if isinstance(exc, CannotWrite):
        return exc
    err = os_error(exc)
    if err is not None and _names(err, target) and _held(target, err):
        # a writer that opens the target itself (not through write_atomic) and finds it open in Excel
        return CannotWrite(held_line(target), target=target, held=True)
    folder = os.path.dirname(os.path.abspath(target))
    if err is not None and err.errno == errno.ENOENT and not os.path.isdir(folder):
        return CannotWrite(f"cannot write {target}: the folder {folder} does not exist")
    reason = (
        (err.strerror or str(err)) if err is not None else str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    )
    return CannotWrite(f"cannot write {target}: {reason}")


def _temporary_beside(target: str, suffix: str) -> str:
    """A new empty file beside ``target``, with the mode a plain ``open()`` would give the output:
    an existing target's own mode, else 0666 less the umask (the kernel applies it). mkstemp's
    0600 would make every output private whatever the umask says."""
    folder = os.path.dirname(os.path.abspath(target))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        # os.urandom is what secrets.token_hex reads; importing secrets loads hmac and OpenSSL (5 ms)
        tmp = os.path.join(folder, f".ttools-{os.urandom(4).hex()}{suffix}")
        try:
            fd = os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        try:
            if os.path.isfile(target) and not os.path.islink(target):
                os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
        finally:
            os.close(fd)
        return tmp
    raise FileExistsError(errno.EEXIST, "no free temporary name", folder)


def _let_go(exc: BaseException) -> None:
    """Close what a writer that failed left open. A zip writer that fails half-way (XlsxWriter,
    openpyxl) keeps its file in the frames of the exception; when they are freed at exit, closing
    it tries to write again on the full disk and prints a traceback of its own after ttools' one
    line. The frames are cleared here, while such a late error is not reported."""
    import gc
    import sys
    import traceback

    hook = sys.unraisablehook
    sys.unraisablehook = lambda _unraisable: None
    try:
        current: BaseException | None = exc
        for _ in range(10):
            if current is None:
                break
            if current.__traceback__ is not None:
                traceback.clear_frames(current.__traceback__)
            current = current.__cause__ or current.__context__
        gc.collect()
    finally:
        sys.unraisablehook = hook


def write_atomic(target: str, write: Callable[[str], None], suffix: str = "") -> None:
    """Write through a temporary file beside ``target`` and rename it: a half-written file (full
    disk, a kill) never replaces a good one, and no temporary file is left behind."""
    tmp = None
    try:
        tmp = _temporary_beside(target, suffix)
        write(tmp)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        try:
            os.replace(tmp, target)
        except OSError as exc:
            if not _held(target, exc):
                raise
            raise CannotWrite(held_line(target), target=target, held=True) from None
        tmp = None
    except CannotWrite:
        raise
    except Exception as exc:
        if isinstance(exc, Unreadable) or os_error(exc) is None:
            raise
        failure = cannot_write(target, exc)
        _let_go(exc)
        raise failure from None
    finally:
        if tmp is not None and os.path.exists(tmp):
            os.unlink(tmp)


def fsync_folder(path: str) -> None:
    """Sync a folder's entries to disk, so that a file just renamed or linked into it survives a
    power cut (best effort: some platforms cannot open a folder)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_text(target: str, text: str) -> None:
    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)

    write_atomic(target, write, suffix=".tmp")
