"""A small DOM reader for the published pages (the standard library's html.parser): the tables
with their captions, header cells and rows, every element's attributes, and the page's text."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path


@dataclass
class Table:
    caption: str = ""
    header: list[str] = field(default_factory=list)
    scopes: list[str | None] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    links: list[list[str | None]] = field(default_factory=list)  # the href of each cell's link


@dataclass
class Page:
    lang: str = ""
    title: str = ""
    tables: list[Table] = field(default_factory=list)
    elements: list[tuple[str, dict[str, str | None]]] = field(default_factory=list)
    scripts: list[str] = field(default_factory=list)  # inline script bodies
    text: list[str] = field(default_factory=list)

    def table_after(self, caption: str) -> Table:
        found = [t for t in self.tables if t.caption == caption]
        assert len(found) == 1, (caption, [t.caption for t in self.tables])
        return found[0]


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.stack: list[str] = []
        self.cell: list[str] | None = None
        self.href: str | None = None
        self.in_head = False
        self.buf: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.page.elements.append((tag, a))
        if tag not in ("meta", "link", "br", "img", "input"):
            self.stack.append(tag)
        if tag == "html":
            self.page.lang = a.get("lang") or ""
        elif tag == "table":
            self.page.tables.append(Table())
        elif tag == "tr" and self.page.tables and "thead" not in self.stack:
            self.page.tables[-1].rows.append([])
            self.page.tables[-1].links.append([])
        elif tag in ("td", "th"):
            self.cell, self.href = [], None
            if tag == "th":
                self.page.tables[-1].scopes.append(a.get("scope"))
        elif tag == "a" and self.cell is not None:
            self.href = a.get("href")
        elif tag in ("caption", "title", "script"):
            self.buf = []

    def handle_endtag(self, tag):
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass
        if tag in ("td", "th") and self.cell is not None:
            text = "".join(self.cell).strip()
            t = self.page.tables[-1]
            if tag == "th":
                t.header.append(text)
            else:
                t.rows[-1].append(text)
                t.links[-1].append(self.href)
            self.cell = None
        elif tag == "caption":
            self.page.tables[-1].caption = "".join(self.buf).strip()
        elif tag == "title":
            self.page.title = "".join(self.buf).strip()
        elif tag == "script":
            self.page.scripts.append("".join(self.buf))

    def handle_data(self, data):
        self.buf.append(data)
        if self.cell is not None:
            self.cell.append(data)
        if "script" not in self.stack:
            self.page.text.append(data)


def read(path: Path) -> Page:
    return read_text(Path(path).read_text(encoding="utf-8"))


def read_text(html: str) -> Page:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.page
