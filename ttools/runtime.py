"""How every ttools command ends and runs: the exit codes, the one line staff see for a bug in
ttools instead of a traceback, and a garbage collector tuned for one-shot commands. Imported by
``ttools.__main__`` before click is, so it imports nothing heavy."""

from __future__ import annotations

EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE = 0, 1, 2


def internal_error(exc: BaseException) -> str:
    return (f"ttools: internal error ({type(exc).__name__}: {exc}); the input was not modified. "
            "Set TTOOLS_DEBUG=1 for details and report it.")


def quiet_gc_early() -> None:
    """Collect the young generation less often from the start: the imports and the reading of a
    command make tens of thousands of objects that all stay alive, and the collector walked them
    some thirty times in a check (see ``ttools.pipeline.quiet_gc``, which then freezes them)."""
    import gc

    gc.set_threshold(50_000, 50, 100)
