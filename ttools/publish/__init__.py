"""Publish an event as a static web site: an index, one page per report sheet, the pages a
competition adds through its ``site`` hook, and a self-scrolling big-screen page.

The site is built from the same ``Report`` rows the output workbook gets (so the two never
disagree) and the JSON summary; it needs no network (no CDN, fonts or scripts from elsewhere)
and works from a folder as well as from any web server.

The site hook of the Competition contract
-----------------------------------------
Every competition gets, with no code of its own, an index, one page per report sheet of its
output workbook (slug from the report key: ``Standings`` -> ``standings.html``, ``Day2Draw`` ->
``day2-draw.html``), ``big.html`` (the report pages whose key names pairings, standings, a
seating, a ranking or a draw), ``summary.json`` and ``version.json``.

The site is built from the ``Outcome`` that ``process`` returns: its ``reports`` (the output
sheets), ``summary``, ``lang``, ``event_name``, ``results`` and ``contract`` (the
``Competition``); ``Competition.process`` fills them in, so a competition has nothing more to
do for these pages.

To add pages, the competition class (``ttools.competitions.base.Competition``) names a
function by dotted path in its ``site`` attribute::

    site = "mypackage.site:site"        # def site(res, lang: str) -> ttools.publish.SitePlan

``res`` is what the competition's ``compute`` returned (``Outcome.results``) and ``lang`` the
event's language (``zh-Hant``, ``zh-Hans`` or ``en``). It must be pure: no I/O, no clock, no
randomness that is not drawn from the event seed. It returns a :class:`SitePlan`:

- ``pages``: extra :class:`Page` objects — ``slug`` (lower-case ASCII letters, digits and
  ``-``; use :func:`slug` for anything built from what staff typed, e.g. ``slug("p", pid)``),
  ``title``, ``blocks`` (``ttools.workbook.write.Block``: title, header, rows, highlight,
  notes, number_format, exactly as for a report sheet; a cell may be a :class:`Link` to
  another page), ``subtitle``, ``listed`` (False for pages reached only through links, such as
  one page per player or team) and ``big`` (also shown on ``big.html``).
- ``stage``: one line saying how far the event has got ("after round 5; round 6 paired").
- ``big``: the slugs shown on the big screen, in order (report or hook pages; those not on
  the site this time are skipped); none of them there: the default choice plus the hook pages
  marked ``big``.
- ``hide``: report keys not to publish (e.g. floor-staff advice).
- ``menu``: the slugs linked from every page's header (default: the big screen's pages);
  the index always lists every listed page.
- ``show``: report keys or JSON summary keys to publish although they look private. By
  default a report or summary key named ``Hand…``, ``Deal``/``Deals`` or ``Problems`` stays
  off the site (``summary.json`` is the JSON summary less those keys): a duplicate event plays
  the same deals at every table, so hand records shown early are a leak.

Slugs must be unique and must not be ``index`` or ``big``; the builder refuses a plan that
breaks this. Cells are shown as the workbook shows them: numbers right-aligned, the number
formats ``0.00`` and ``+0;-0;0`` (spreads) applied, whole floats without ``.0``. A report with
the key ``Missing`` (results still missing, per round) is an ordinary report page; name it in
``menu`` to put it in the header.

Shengji would typically add its seating by name and one page per player, Shuangsheng its
pairings by name and one page per pair; for example::

    # ttools/competitions/shengji/site.py
    from ttools.publish import Link, Page, SitePlan, slug
    from ttools.workbook.write import Block

    def site(res, lang):
        rows = [[Link(name, slug("p", pid)), pid, s.round, s.table, s.seat] for …]   # sorted by name
        pages = [Page("seating-by-name", "…", [Block("", ["Name", "ID", "Round", "Table", "Seat"], rows)])]
        pages += [Page(slug("p", pid), f"{pid} {name}", [...], listed=False) for …]
        return SitePlan(pages=pages, stage="after round 3", big=["seating-by-name", "ranking"],
                        menu=["seating-by-name", "seating", "ranking", "missing"])

    # ttools/competitions/shengji/competition.py, on the Shengji class
    site = "ttools.competitions.shengji.site:site"
"""

from __future__ import annotations

from ttools.publish.pages import Link, Page, SitePlan, slug

__all__ = ["Link", "Page", "SitePlan", "slug"]
