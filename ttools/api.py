"""The Python API: load a workbook, look at its problems, and write what ``ttools run`` writes.

Only light modules are imported here; reading a workbook, writing one, pandas and the site are
imported by the call that needs them, so that importing ttools stays as cheap as ``ttools check``.
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Union

from ttools.files import (
    CannotWrite,
    OutputRefused,
    cannot_write,
    check_outputs,
    default_path,
    keep_unless_regenerable,
    os_error,
)
from ttools.problems import Unreadable

if TYPE_CHECKING:
    import pandas

    from ttools.outcome import Outcome

PathArg = Union[str, "os.PathLike[str]"]

PANDAS_HINT = "results.frame needs pandas: pip install 'ttools[pandas]'"


class PandasUnavailable(ImportError):
    """``results.frame`` was called where pandas is not installed (the message names the extra)."""


class FrameKeyError(KeyError):
    """No list of records at a dotted key of the summary; the message lists the keys there are."""

    def __str__(self) -> str:  # KeyError would quote the whole sentence
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class ProblemRecord:
    """One problem of the workbook as the JSON summary lists it, its message in the event's language."""

    severity: str
    sheet: str
    cell: str
    code: str
    message: str

    def __str__(self) -> str:
        """The line ``ttools check`` prints: ``severity: Sheet!Cell: [code] message``."""
        place = (f"{self.sheet}!{self.cell}" if self.cell else self.sheet) or "-"
        return f"{self.severity}: {place}: [{self.code}] {self.message}"


def load(path: PathArg) -> Event:
    """Read and check the workbook at ``path`` and apply its competition's rules. Raises
    ``Unreadable`` for what ``ttools run`` refuses with exit code 2 (not a workbook, no such
    file, a folder, encrypted, damaged, too large, no competition named in the Event sheet)."""
    file = os.fspath(path)
    if os.path.isfile(file) and not os.access(file, os.R_OK):
        raise Unreadable(f"{file}: the file cannot be read (permission denied)")
    from ttools.pipeline import process_file

    return Event(file, process_file(file))


class Event:
    """One workbook, read and checked: its competition, language, name and problems."""

    def __init__(self, path: str, outcome: Outcome) -> None:
        self.path = path
        self._outcome = outcome
        self._results: Results | None = None

    @property
    def competition(self) -> str:
        """The competition named in the Event sheet (``nations-cup``, ``scrabble``, …)."""
        return self._outcome.competition

    @property
    def lang(self) -> str:
        """The event's language (``zh-Hant``, ``zh-Hans`` or ``en``): the language of the messages."""
        return self._outcome.lang

    @property
    def name(self) -> str:
        """The event's name as the Event sheet gives it ('' when none)."""
        return str(self._outcome.event_name or "")

    @property
    def problems(self) -> tuple[ProblemRecord, ...]:
        """Every problem found, in the order the JSON summary lists them."""
        return tuple(ProblemRecord(**p.as_json(self.lang)) for p in self._outcome.problems)

    @property
    def ok(self) -> bool:
        """No errors (warnings allowed): what exit code 0 of ``ttools run`` means."""
        return self._outcome.ok

    @property
    def status(self) -> tuple[str, ...]:
        """What the workbook still waits for (partial entry is normal), in the event's language."""
        return tuple(self._outcome.status)

    def run(self) -> Results:
        """The results: the summary, its tables, and the workbook, PDF and site to write."""
        if self._results is None:
            self._results = Results(self, self._outcome)
        return self._results

    def __repr__(self) -> str:
        errors = sum(p.severity == "error" for p in self._outcome.problems)
        return (
            f"<ttools.Event {self.competition} {self.name!r} from {self.path!r}: "
            f"{errors} error(s), {len(self._outcome.problems) - errors} warning(s)>"
        )


class Results:
    """What ``ttools run`` makes of an event: the JSON summary, and the outputs on request. Every
    output is checked as the command line checks it: never the input, never another output."""

    def __init__(self, event: Event, outcome: Outcome) -> None:
        self.event = event
        self._outcome = outcome
        self._json_text: str | None = None
        self._data: dict[str, Any] | None = None
        self._written: list[tuple[str, str]] = []  # (kind, path) of each output made so far

    # ---- the summary -----------------------------------------------------------------------

    def _text(self) -> str:
        if self._json_text is None:  # exactly what ``ttools run --json`` writes
            self._json_text = json.dumps(self._outcome.json(), ensure_ascii=False, indent=2)
        return self._json_text

    @property
    def summary(self) -> dict[str, Any]:
        """The JSON summary as plain data, equal to the file ``ttools run FILE --json`` writes
        (a fresh copy each time: changing it changes nothing here)."""
        return dict(json.loads(self._text()))

    def _summary_data(self) -> dict[str, Any]:
        if self._data is None:
            self._data = dict(json.loads(self._text()))
        return self._data

    def frame(self, key: str) -> pandas.DataFrame:
        """The summary's list of records at the dotted ``key`` (``"standings"``,
        ``"qualification.standings"``, ``"pairings"``, …) as a pandas DataFrame, one row a record.
        Where the summary holds one list per division, the frame starts with a ``division`` column."""
        try:
            import pandas
        except ImportError:
            raise PandasUnavailable(PANDAS_HINT) from None
        rows = frame_rows(self._summary_data(), key, self._divisions())
        frame: pandas.DataFrame  # the stubs give the constructor's result as Any
        if rows:
            frame = pandas.DataFrame(rows)
        else:
            frame = pandas.DataFrame(columns=["division"] if self._grouped(key) else None)
        return frame

    def _divisions(self) -> frozenset[str]:
        """The event's divisions, where its competition plays in divisions."""
        divisions = getattr(self._outcome.results, "divisions", None)
        return frozenset(str(d) for d in divisions) if isinstance(divisions, Mapping) else frozenset()

    def _grouped(self, key: str) -> bool:
        return isinstance(lookup(self._summary_data(), key), dict)

    # ---- the outputs -----------------------------------------------------------------------

    def write(self, path: PathArg | None = None) -> str:
        """Write the results workbook (default: beside the input, ``FILE.out.xlsx``), atomically,
        as ``ttools run -o`` does; returns its path. A file there that is not results ttools
        wrote (a workbook staff fill in, results saved in Excel since) is first kept in
        ``.ttools-history/`` beside it."""
        from ttools.pipeline import write_output

        target = os.fspath(path) if path is not None else default_path(self.event.path, ".out.xlsx")
        self._refuse("workbook", target)
        with _writing(target):
            keep_unless_regenerable(target, "workbook")  # a file ttools does not make anew: kept first
            write_output(self._outcome, target)
        self._written.append(("workbook", target))
        return target

    def pdf(self, path: PathArg | None = None) -> str:
        """Print the report sheets to one PDF (``PdfUnavailable`` when no font for the event's
        script is installed), as ``ttools run --pdf`` does; returns its path. It is printed from the workbook
        written last, or from one written to a temporary folder when none was."""
        workbook = next((p for kind, p in reversed(self._written) if kind == "workbook" and os.path.isfile(p)), None)
        target = (
            os.fspath(path)
            if path is not None
            else default_path(workbook or default_path(self.event.path, ".out.xlsx"), ".pdf")
        )
        self._refuse("pdf", target)
        need_folder(target)
        with _writing(target):
            keep_unless_regenerable(target, "pdf")
            if workbook is None:
                self._pdf_from_scratch(target)
            else:
                from ttools.pdf import to_pdf

                to_pdf(workbook, target, self._outcome.printable)
        self._written.append(("pdf", target))
        return target

    def _pdf_from_scratch(self, target: str) -> None:
        import tempfile

        from ttools.pdf import to_pdf
        from ttools.pipeline import write_output

        with tempfile.TemporaryDirectory(prefix="ttools-") as folder:
            workbook = os.path.join(folder, os.path.basename(default_path(self.event.path, ".out.xlsx")))
            write_output(self._outcome, workbook)
            to_pdf(workbook, target, self._outcome.printable)

    def publish(self, folder: PathArg) -> str:
        """Publish the results as a static web site in ``folder`` (replaced as a whole), as
        ``ttools run --publish`` does; returns the folder. ``PublishError`` when the folder holds
        the input or an output, or is not empty and not a site ttools wrote."""
        from ttools.publish.build import publish

        site = publish(self._outcome, os.fspath(folder), keep=[self.event.path, *self._outputs_besides("site")])
        self._written.append(("site", site.folder))
        return site.folder

    @property
    def written(self) -> tuple[str, ...]:
        """The paths of the outputs written so far, in order."""
        return tuple(path for _, path in self._written)

    def _outputs_besides(self, kind: str) -> list[str]:
        return [path for k, path in self._written if k != kind]

    def _refuse(self, kind: str, target: str) -> None:
        """OutputRefused when ``target`` is the input, an output of another kind, or inside a site."""
        files = [path for k, path in self._written if k not in (kind, "site")]
        check_outputs([self.event.path], [*files, target])
        for k, folder in self._written:
            if k == "site" and inside(target, folder):
                raise OutputRefused(
                    f"{target} is inside the site {folder}, which is replaced as a whole; choose another name"
                )

    def __repr__(self) -> str:
        return f"<ttools.Results {self.event.competition} from {self.event.path!r}>"


def lookup(summary: Mapping[str, Any], key: str, divisions: frozenset[str] = frozenset()) -> Any:
    """The value at a dotted key of the summary; FrameKeyError names the keys that hold records."""
    value: Any = summary
    for part in key.split("."):
        if not isinstance(value, dict) or part not in value:
            raise FrameKeyError(
                f"the summary has no {key!r}; keys with records: {', '.join(record_keys(summary, divisions))}"
            )
        value = value[part]
    return value


def frame_rows(summary: Mapping[str, Any], key: str, divisions: frozenset[str]) -> list[dict[str, Any]]:
    """The records at ``key``, each a row; one list per division gets each row its ``division``."""
    value = lookup(summary, key, divisions)
    if is_records(value):
        return list(value)
    if is_per_division(value, divisions):
        return [{"division": division, **row} for division, rows in value.items() for row in rows]
    what = f"a list of {type(value[0]).__name__}" if isinstance(value, list) else f"a {type(value).__name__}"
    raise ValueError(
        f"{key!r} in the summary is {what}, not a list of records; "
        f"keys with records: {', '.join(record_keys(summary, divisions))}"
    )


def is_records(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(row, dict) for row in value)


def is_per_division(value: Any, divisions: frozenset[str]) -> bool:
    return (
        isinstance(value, dict)
        and bool(value)
        and set(value) <= divisions
        and all(is_records(rows) for rows in value.values())
    )


def record_keys(summary: Mapping[str, Any], divisions: frozenset[str] = frozenset(), prefix: str = "") -> list[str]:
    """Every dotted key whose value ``frame`` takes: a list of records, or one per division."""
    keys: list[str] = []
    for name, value in summary.items():
        key = f"{prefix}{name}"
        if (is_records(value) and value) or is_per_division(value, divisions):
            keys.append(key)
        elif isinstance(value, dict):
            keys += record_keys(value, divisions, key + ".")
    return keys


def inside(path: str, folder: str) -> bool:
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return path == folder or os.path.commonpath([path, folder]) == folder


def need_folder(target: str) -> None:
    """Refuse before any work, as the command line does, an output whose folder does not exist."""
    folder = os.path.dirname(os.path.abspath(target))
    if not os.path.isdir(folder):
        raise CannotWrite(f"cannot write {target}: the folder {folder} does not exist")


@contextmanager
def _writing(target: str) -> Iterator[None]:
    """A failed write (full disk, read-only or missing folder) becomes CannotWrite, as in the CLI."""
    try:
        yield
    except (CannotWrite, Unreadable, OutputRefused):
        raise
    except Exception as exc:
        from ttools.pdf import PdfUnavailable

        if isinstance(exc, PdfUnavailable) or os_error(exc) is None:
            raise
        raise cannot_write(target, exc) from None
