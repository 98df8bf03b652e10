"""What processing a workbook produced: problems, the JSON summary, and how to write the output."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from ttools.problems import Problem, has_errors


@dataclass
class Outcome:
    competition: str
    lang: str
    problems: list[Problem] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    # the competition's results (for its optional ``site`` hook) and the event's name
    results: Any = None
    event_name: str = ""
    # writes the output workbook to the given path
    writer: Callable[[str], None] | None = None
    # what the workbook is still waiting for (partial entry is normal): lines in the event's language
    status: list[str] = field(default_factory=list)
    # makes the report sheets; called on first use of ``reports`` (``check`` never needs them)
    # (an iterable: the writer takes them one at a time and keeps none, only their names)
    make_reports: Callable[[], Iterable[Any]] | None = field(default=None, repr=False)
    _reports: list[Any] | None = field(default=None, repr=False)
    _printable: list[str] | None = field(default=None, repr=False)

    @property
    def reports(self) -> list[Any]:
        """The report sheets as the workbook gets them (what the web site is built from)."""
        if self._reports is None:
            self._reports = list(self.make_reports()) if self.make_reports is not None else []
        return self._reports

    def each_report(self, names: list[str]) -> Iterator[Any]:
        """The report sheets one at a time, without keeping them (unless ``reports`` already has),
        their names appended to ``names`` as they come: what the workbook writer takes."""
        for rep in self._reports if self._reports is not None else (self.make_reports() if self.make_reports else ()):
            names.append(rep.name)
            yield rep
        self._printable = names

    @property
    def printable(self) -> list[str]:
        """The names of the sheets worth printing."""
        if self._printable is not None:
            return list(self._printable)
        return [r.name for r in self.reports]

    @property
    def ok(self) -> bool:
        return not has_errors(self.problems)

    def json(self) -> dict[str, Any]:
        from ttools import __version__

        out: dict[str, Any] = {"tool": "ttools", "version": __version__, "competition": self.competition,
                               "problems": [p.as_json(self.lang) for p in self.problems]}
        if self.status:
            out["status"] = list(self.status)
        out.update(self.summary)
        return out
