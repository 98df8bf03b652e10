"""How every ttools command ends and runs: the exit codes, the one line staff see for a bug in
ttools instead of a traceback, UTF-8 on the standard streams, and a garbage collector tuned for
one-shot commands. Imported by ``ttools.__main__`` before click is, so it imports nothing heavy."""

from __future__ import annotations

import sys

EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE, EXIT_INTERNAL = 0, 1, 2, 3


def internal_error(exc: BaseException) -> str:
    return (
        f"ttools: internal error ({type(exc).__name__}: {exc}); the input was not modified. "
        "Set TTOOLS_DEBUG=1 for details and report it."
    )


def quiet_gc_early() -> None:
    """Collect the young generation less often from the start: the imports and the reading of a
    command make tens of thousands of objects that all stay alive, and the collector walked them
    some thirty times in a check (see ``ttools.pipeline.quiet_gc``, which then freezes them)."""
    import gc

    gc.set_threshold(50_000, 50, 100)


def utf8_streams() -> None:
    """Standard input, output and error in UTF-8 whatever the console code page or locale: on
    Windows, output sent to a file or a pipe takes the ANSI code page (cp1252, cp950), which
    cannot encode most Chinese text, and the JSON of ``--json -`` must come out whole, not with
    replacement marks. The only text UTF-8 cannot hold is a lone surrogate: a file name the
    locale could not decode, printed back as the bytes it was (anything else as an escape)."""
    import codecs

    try:
        codecs.lookup_error(_BYTES_BACK)
    except LookupError:
        codecs.register_error(_BYTES_BACK, _bytes_back)
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # None when replaced (a test runner)
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        if reconfigure is None or encoding in ("utf-8", "utf8"):
            continue
        errors = getattr(stream, "errors", None) if stream is sys.stdin else _BYTES_BACK
        try:
            reconfigure(encoding="utf-8", errors=errors)
        except (ValueError, OSError):  # a stream already read from or closed keeps its encoding
            pass


_BYTES_BACK = "ttools-bytes-back"


def _bytes_back(exc: UnicodeError) -> tuple[str | bytes, int]:
    """surrogateescape where it applies (bytes the locale could not decode go out as they came),
    else backslashreplace: printing never fails on a character."""
    import codecs

    try:
        return codecs.lookup_error("surrogateescape")(exc)
    except UnicodeError:
        return codecs.lookup_error("backslashreplace")(exc)
