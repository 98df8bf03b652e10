"""The Competition contract: what a competition declares (names, titles, entrants, languages,
schema, output sheets, optional hooks and commands) and the process skeleton written once.

Output sheets are made by *sheet builders*: short functions, one per sheet (or family of
sheets), each taking the competition's :class:`SheetContext` and returning a ``Report``, an
iterable of them, or ``None`` when the sheet has nothing to show yet. A competition lists its
builders in order in a module-level sequence (``SHEETS``) named by dotted path, so that
``check`` never imports the writer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Union

from ttools.i18n import Translator

if TYPE_CHECKING:
    from ttools.workbook.write import Report

    Built = Union["Report", Iterable["Report"], None]
    SheetBuilder = Callable[[Any], Built]


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
