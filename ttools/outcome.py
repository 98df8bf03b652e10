"""What processing a workbook produced: problems, the JSON summary, and how to write the output."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from ttools.problems import Problem, has_errors


class Outcome:
    """What processing one workbook gave: its problems, summary and results, and how to write the output."""

    def __init__(
        self,
        competition: str,
        lang: str,
        problems: list[Problem] | None = None,
        summary: dict[str, Any] | Callable[[], dict[str, Any]] | None = None,
        results: Any = None,
        event_name: str = "",
        writer: Callable[[str], None] | None = None,
        status: list[str] | None = None,
        make_reports: Callable[[], Iterable[Any]] | None = None,
    ) -> None:
        self.competition = competition
        # the Competition that made it (its declared titles and hooks: the site's own pages)
        self.contract: Any = None
        self.lang = lang
        self.problems: list[Problem] = [] if problems is None else problems
        # the JSON summary, or what makes it when first asked for: a run without --json never
        # does (a large event's summary holds a record for every player)
        self._summary = {} if summary is None else summary
        # the competition's results (for its optional ``site`` hook) and the event's name
        self.results = results
        self.event_name = event_name
        # writes the output workbook to the given path
        self.writer = writer
        # what the workbook is still waiting for (partial entry is normal): lines in the event's language
        self.status: list[str] = [] if status is None else status
        # makes the report sheets (an iterable): the writer takes them one at a time and keeps
        # none, only their names; ``reports`` keeps them (the site). ``check`` never makes them.
        self.make_reports = make_reports
        self._reports: list[Any] | None = None
        self._printable: list[str] | None = None

    @property
    def summary(self) -> dict[str, Any]:
        if callable(self._summary):
            self._summary = self._summary()
        return self._summary

    @summary.setter
    def summary(self, value: dict[str, Any]) -> None:
        self._summary = value

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

    def report_lines(self, quiet: bool = False) -> list[str]:
        """What the command line says on standard error: errors, then warnings, then what the
        workbook still waits for, and (unless ``quiet``) the count."""
        errors = [p for p in self.problems if p.severity == "error"]
        warnings = [p for p in self.problems if p.severity != "error"]
        lines = [p.line(self.lang) for p in errors + warnings]
        lines += [f"waiting: {line}" for line in self.status]
        if not quiet:
            lines.append(f"{len(errors)} error(s), {len(warnings)} warning(s)")
        return lines

    def json(self) -> dict[str, Any]:
        from ttools.version import __version__

        out: dict[str, Any] = {
            "tool": "ttools",
            "version": __version__,
            "competition": self.competition,
            "problems": [p.as_json(self.lang) for p in self.problems],
        }
        if self.status:
            out["status"] = list(self.status)
        out.update(self.summary)
        return out
