"""The site's pages as plain data: what a competition's ``site`` hook returns, and the report
sheets turned into pages. No template engine here, so competitions can import it cheaply."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, Sequence

from ttools.workbook.write import Block, Report

RESERVED = ("index", "big")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# report keys whose pages go on the big screen when the competition chooses none
BIG_KEYS = re.compile(r"pairing|standing|seating|ranking|draw", re.IGNORECASE)
# report sheets and summary keys kept off the public site unless the competition's plan shows
# them: hand records and deals (a duplicate event plays the same deals at every table, so a
# deal shown early is a leak) and the staff's problem list
PRIVATE = re.compile(r"^(hand.*|deals?|problems)$", re.IGNORECASE)


@dataclass(frozen=True)
class Link:
    """A table cell that links to another page of the site."""

    text: str
    slug: str

    def __str__(self) -> str:
        return self.text


@dataclass
class Page:
    slug: str
    title: str
    blocks: Sequence[Block]
    subtitle: str = ""
    listed: bool = True  # on the index; False: reached through links only (one per player…)
    big: bool = False  # also on big.html
    key: str = ""  # the report key, for pages made from a report sheet


@dataclass
class SitePlan:
    pages: list[Page] = field(default_factory=list)
    stage: str = ""
    big: Sequence[str] = ()
    hide: Sequence[str] = ()
    menu: Sequence[str] = ()  # the pages linked from every page's header (default: the big screen's)
    show: Sequence[str] = ()  # report keys and summary keys published although PRIVATE matches them
    # further files of the site (a file name without folders -> its content), e.g. a page with its own script
    files: dict[str, bytes] = field(default_factory=dict)
    # (file name of ``files``, title): those of them listed on the index, after the pages
    links: Sequence[tuple[str, str]] = ()

    def private(self, key: str) -> bool:
        return bool(PRIVATE.match(key)) and key not in self.show


def slug(*parts: Any) -> str:
    """A file-name-safe slug from any text, one-to-one up to letter case: ASCII letters and
    digits are kept (lower case), anything else becomes 'x' and its UTF-8 bytes in hex
    ('張' -> 'xe5bcb5') between dashes, and the parts are joined with '-'. The letter x is
    written in hex too ('x78'), so that a piece starting with x is always such a code, and an
    empty part is a lone 'x'."""
    out = []
    for part in parts:
        text = str(part)
        pieces, run = [], ""
        for ch in text:
            if ch.isascii() and ch.isalnum() and ch not in "xX":
                run += ch.lower()
            else:
                if run:
                    pieces.append(run)
                    run = ""
                pieces.append("x" + ch.lower().encode("utf-8").hex() if ch in "xX" else "x" + ch.encode("utf-8").hex())
        if run:
            pieces.append(run)
        out.append("-".join(pieces) or "x")
    return "-".join(out)


def report_slug(key: str) -> str:
    """'Standings' -> 'standings', 'Day2Draw' -> 'day2-draw', 'CrossTable' -> 'cross-table'."""
    words = re.findall(r"[A-Z]?[a-z]+\d*|[A-Z]+\d*(?![a-z])|\d+", key)
    return "-".join(w.lower() for w in words) or slug(key)


def report_page(report: Report) -> Page:
    return Page(report_slug(report.key), report.title, report.blocks, subtitle=report.subtitle, key=report.key)


_FIXED = re.compile(r"0\.0+")


def cell_text(value: Any, number_format: str | None = None) -> str:
    """A cell as the workbook shows it: the sheet's number formats for spreads and fixed
    decimals ("0.00", "0.0000"), whole numbers without '.0'."""
    if type(value) is str:  # most cells
        return value
    if isinstance(value, Link):
        return value.text
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (Fraction, Decimal)):
        value = float(value)
    if isinstance(value, (int, float)):
        if number_format == "0.00":
            return f"{value:.2f}"
        if number_format and _FIXED.fullmatch(number_format):  # "0.0000": four places, as Excel shows it
            return f"{value:.{len(number_format) - 2}f}"
        if number_format == "+0;-0;0":
            v = round(value)
            return f"{v:+d}" if v else "0"
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)
    return str(value)


SHARED_PLACE = re.compile(r"^\d+=?$")


def is_number(value: Any) -> bool:
    """Right-aligned in a table: numbers, and places written as text ('7', '7=')."""
    if isinstance(value, str):
        return bool(SHARED_PLACE.match(value))
    return isinstance(value, (int, float, Fraction, Decimal)) and not isinstance(value, bool)


def check_plan(pages: Sequence[Page]) -> None:
    """Slugs well-formed, unique (whatever the letter case of a file system) and not reserved."""
    seen: set[str] = set()
    for p in pages:
        if not SLUG_RE.match(p.slug) or p.slug in RESERVED:
            raise ValueError(
                f"page slug {p.slug!r} is not allowed (lower-case letters, digits and '-'; not index or big)"
            )
        if p.slug in seen:
            raise ValueError(f"two pages have the slug {p.slug!r}")
        seen.add(p.slug)
