"""The Competition contract: what a competition declares (names, titles, entrants, languages,
schema, output sheets, optional hooks and commands) and the process skeleton written once.

Output sheets are made by *sheet builders*: short functions, one per sheet (or family of
sheets), each taking the competition's :class:`SheetContext` and returning a ``Report``, an
iterable of them, or ``None`` when the sheet has nothing to show yet. A competition lists its
builders in order in a module-level sequence (``SHEETS``) named by dotted path, so that
``check`` never imports the writer.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Iterator, Mapping, Sequence, Union

from ttools.i18n import LANGS, Translator, pick

if TYPE_CHECKING:
    from ttools.outcome import Outcome
    from ttools.problems import Problem
    from ttools.publish.pages import SitePlan
    from ttools.workbook.read import Book
    from ttools.workbook.write import Report, WorkbookWriter

    Built = Union["Report", Iterable["Report"], None]
    SheetBuilder = Callable[[Any], Built]

# the Event sheet and its competition row, as every event workbook names them (what
# ``pipeline.identify`` looks for before it knows the competition)
EVENT_SHEET_NAMES = ("Event", "賽事", "赛事")
COMPETITION_LABELS = ("competition", "賽事種類", "赛事种类")


class SheetContext:
    """What every sheet builder of one set of reports gets: the results, the language and the
    translator. A competition subclasses it for what its builders share (the event name, the
    seed line, name lookups), made once per set of reports."""

    def __init__(self, res: Any, lang: str) -> None:
        self.res = res
        self.lang = lang
        self.t = Translator(lang)


def build_sheets(builders: Iterable[SheetBuilder], ctx: SheetContext) -> Iterator[Report]:
    """The report sheets of ``builders`` in order, each made only when the writer asks for it."""
    from ttools.workbook.write import Report

    for build in builders:
        made = build(ctx)
        if made is None:
            continue
        if isinstance(made, Report):
            yield made
        else:
            yield from made


def load_attr(path: str) -> Any:
    """The object a dotted path ``package.module:attribute`` names, imported when first asked for."""
    module, _, attr = path.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


class Competition:
    """One competition, declared: a subclass sets the class attributes below and overrides the
    few hooks its workbook needs. Heavy parts (schema, rules, reports, site) are named by dotted
    path and imported only when used, so that ``ttools --help`` and ``check`` stay fast.

    The process skeleton (:meth:`process`), the blank workbook (:meth:`new_workbook`) and the
    order of the output workbook's sheets (:meth:`write`) are written here once.
    """

    #: the name on the command line and in the Event sheet's ``competition`` row
    name: ClassVar[str]
    #: the competition's title per language (zh-Hans derived from zh-Hant when not given)
    titles: ClassVar[Mapping[str, str]]
    #: what the field is counted in: the size option is ``--{entrant}`` (teams, players, pairs)
    entrant: ClassVar[str]
    #: the smallest and largest field ``new`` accepts, and why the smallest is what it is
    sizes: ClassVar[tuple[int, int]]
    size_reason: ClassVar[str] = ""
    #: further size options ``new`` takes, each a field counted in another unit (a field of
    #: fixed pairs where the field is counted in players): unit -> its smallest and largest
    #: field; :meth:`blank_in` makes their blank workbook
    other_sizes: ClassVar[Mapping[str, tuple[int, int]]] = {}
    #: the languages its workbooks are written in, and the one used when none is chosen
    languages: ClassVar[tuple[str, ...]] = LANGS
    default_lang: ClassVar[str] = "zh-Hant"
    template_version: ClassVar[int] = 1
    #: the module holding the sheet specs (EVENT, RULES, GUIDE and the input sheets)
    schema: ClassVar[str]
    #: ``module:function`` paths of the steps: load(book) -> (data, problems),
    #: compute(data, problems) -> results, summary(results) -> the JSON summary's own part
    loader: ClassVar[str]
    computer: ClassVar[str]
    summarizer: ClassVar[str]
    #: the output sheets: a sequence of sheet builders, and the context they share
    sheets: ClassVar[str]
    sheet_context: ClassVar[str] = "ttools.competitions.base:SheetContext"
    #: optional hooks: the site's own pages (results, lang) -> SitePlan; the quick reckoner
    #: (size, lang) -> text; commands of its own (name -> a click command's path)
    site: ClassVar[str | None] = None
    reckoner: ClassVar[str | None] = None
    commands: ClassVar[Mapping[str, str]] = {}

    # ---- what is declared, as the rest of ttools asks for it -------------------------------

    def title(self, lang: str) -> str:
        return pick(self.titles, lang, self.name)

    def lang(self, lang: str | None) -> str:
        """``lang`` when the competition writes it, else its default language."""
        return lang if lang in self.languages else self.default_lang

    def spec(self) -> Any:
        return importlib.import_module(self.schema)

    def command(self, name: str) -> Any:
        return load_attr(self.commands[name])

    # ---- hooks: what differs from one competition's workbook to another's ------------------

    def blank(self, size: int, lang: str) -> Any:
        """The event data of a blank workbook for a field of ``size``."""
        raise NotImplementedError

    def blank_in(self, unit: str, size: int, lang: str) -> Any:
        """The event data of a blank workbook for a field of ``size`` counted in ``unit``: the
        declared ``entrant`` or one of ``other_sizes``."""
        if unit == self.entrant:
            return self.blank(size, lang)
        raise NotImplementedError(f"{self.name} declares --{unit} and writes no workbook for it")

    def define_lists(self, w: WorkbookWriter, data: Any, lang: str) -> None:
        """The named lists the input sheets' dropdowns take their values from."""

    def guide(self, lang: str) -> tuple[str, Sequence[tuple[str, Sequence[str]]]]:
        """The Guide sheet's title and sections."""
        raise NotImplementedError

    def event_fill(self, data: Any) -> dict[str, Any] | None:
        """Values written into Event where staff left them blank."""
        return None

    def write_inputs(self, w: WorkbookWriter, data: Any, res: Any, lang: str, size: int | None) -> None:
        """The input sheets after Event and Rules: as typed, plus what this run drew."""
        raise NotImplementedError

    def release_inputs(self, data: Any) -> None:
        """Let go of the rows the input sheets were written back from, once they are written: a
        large event's thousands of typed rows would otherwise sit in memory through the reports.
        Asked for only when the workbook is written once (the command line); nothing read after
        the input sheets (the reports, the site, the summary) may need what is let go."""

    def write_hidden(self, w: WorkbookWriter, data: Any, res: Any) -> None:
        """Sheets after the reports that staff do not fill in (hidden records of what was published)."""

    def meta(self, data: Any) -> dict[str, Any]:
        """The _meta sheet's values besides ``printable``."""
        return {}

    def status(self, res: Any, lang: str) -> list[str] | None:
        """What the workbook still waits for, in the event's language (None: no status area)."""
        return None

    # ---- the skeleton ------------------------------------------------------------------------

    def load(self, book: Book) -> tuple[Any, list[Problem]]:
        loaded: tuple[Any, list[Problem]] = load_attr(self.loader)(book)
        return loaded

    def compute(self, data: Any, problems: list[Problem]) -> Any:
        return load_attr(self.computer)(data, problems)

    def summary(self, res: Any) -> dict[str, Any]:
        made: dict[str, Any] = load_attr(self.summarizer)(res)
        return made

    def reports(self, res: Any, lang: str) -> Iterator[Report]:
        """The output sheets, made one at a time by the declared sheet builders."""
        context = load_attr(self.sheet_context)(res, lang)
        return build_sheets(load_attr(self.sheets), context)

    def site_plan(self, res: Any, lang: str) -> SitePlan | None:
        """The competition's own pages of the published site (None: the report pages only)."""
        return load_attr(self.site)(res, lang) if self.site else None

    def reckoner_text(self, size: int | None, lang: str) -> str:
        if not self.reckoner:
            raise ValueError(f"{self.name} has no quick reckoner")
        text: str = load_attr(self.reckoner)(self.check_size(size), self.lang(lang))
        return text

    def units(self) -> tuple[str, ...]:
        """The size options ``new`` takes: the entrant's first, then the other sizes'."""
        return (self.entrant, *(u for u in self.other_sizes if u != self.entrant))

    def check_size(self, size: int | None, unit: str | None = None) -> int:
        unit = unit or self.entrant
        if unit not in self.units():
            raise ValueError(f"{self.name} is not played by {unit}: it counts {self.entrant}")
        low, high = self.sizes if unit == self.entrant else self.other_sizes[unit]
        if size is None:
            raise ValueError(f"{self.name} needs --{unit} N ({low} to {high})")
        if not low <= size <= high:
            why = f": {self.size_reason}" if self.size_reason and size < low and unit == self.entrant else ""
            raise ValueError(f"--{unit} must be from {low} to {high} (got {size}){why}")
        return size

    def process(self, book: Book, source_hash: str = "", once: bool = False) -> Outcome:
        """load -> compute -> report (``book`` is used up: its sheets are let go once loaded), as
        an Outcome whose writer makes the output workbook. ``once``: the workbook is written at
        most once (the command line), so the rows written back are let go as it is written
        (``release_inputs``) and a second write is refused."""
        from ttools.outcome import Outcome

        data, problems = self.load(book)
        # the book's grids are let go once loaded: what the output carries over of them is in
        # ``data`` (its unknown sheets), and the rest would only sit in memory through the compute
        book.release()
        lang = self.lang(data.lang)
        res = self.compute(data, problems)
        outcome = Outcome(
            competition=self.name,
            lang=lang,
            problems=problems,
            summary=lambda: self.summary(res),  # made only when the JSON is
            make_reports=lambda: self.reports(res, lang),
        )
        outcome.contract = self
        outcome.results, outcome.event_name = res, getattr(data, "name", "")
        status = self.status(res, lang)
        if status is not None:
            outcome.status = status

        written: list[str] = []

        def writer(path: str) -> None:
            if once and written:  # its input rows are gone: a second workbook would lack them
                raise RuntimeError("this event's results workbook was written once already")
            written.append(path)
            # the report sheets are made one at a time as the writer takes them; ``printable``
            # fills as they are written (and is written last, on the _meta sheet)
            names: list[str] = []
            self.write(
                path,
                data,
                res,
                outcome.each_report(names),
                lang,
                source_hash,
                problems=problems,
                printable=names,
                status=status or (),
                release=once,
            )

        outcome.writer = writer
        return outcome

    def new_workbook(self, path: str, size: int | None, lang: str | None = None, unit: str | None = None) -> None:
        """A blank event workbook for a field of ``size`` counted in ``unit`` (default the
        entrant), written atomically (ValueError: a size out of range; CannotWrite: a missing
        folder, a full disk, a read-only one or a file held open)."""
        from ttools.files import write_atomic

        unit = unit or self.entrant
        size = self.check_size(size, unit)
        lang = self.lang(lang)
        blank = self.blank_in(unit, size, lang)
        # ``size`` tells write_inputs how many entrant rows to pre-size; a field counted in
        # another unit has its rows in the blank data already
        rows = size if unit == self.entrant else None
        # through a temporary file: a failed `new --force` leaves the workbook it was to replace
        write_atomic(
            path,
            lambda tmp: self.write(tmp, blank, None, [], lang, source_hash="", template=True, size=rows),
            suffix=".xlsx",
        )

    def write(
        self,
        path: str,
        data: Any,
        res: Any,
        reports: Iterable[Report],
        lang: str,
        source_hash: str,
        *,
        template: bool = False,
        problems: Sequence[Problem] = (),
        printable: Sequence[str] = (),
        status: Sequence[str] = (),
        size: int | None = None,
        release: bool = False,
    ) -> None:
        """The output (or blank) workbook: Guide, Event and Rules, the input sheets, the reports,
        Problems, the sheets ttools does not know, hidden records and _meta, in that order.
        ``release``: the input rows are let go once their sheets are written (``release_inputs``)."""
        from ttools.competitions.common import open_writer, write_event_and_rules, write_outputs

        spec = self.spec()
        w = open_writer(path, self.name, self.template_version, data, lang, source_hash)
        self.define_lists(w, data, lang)
        title, sections = self.guide(lang)
        if status:  # the status area: what this workbook still waits for
            sections = [(Translator(lang)("目前進度", "Status"), list(status)), *sections]
        w.guide_sheet(pick(spec.GUIDE, lang, "Guide"), title, sections)
        write_event_and_rules(w, spec.EVENT, spec.RULES, data, lang, self.name, template, fill=self.event_fill(data))
        self.write_inputs(w, data, res, lang, size)
        if release:
            self.release_inputs(data)
        write_outputs(w, reports, problems, lang, data)
        self.write_hidden(w, data, res)
        w.meta_sheet({**self.meta(data), "printable": "|".join(printable)})
        w.close()
