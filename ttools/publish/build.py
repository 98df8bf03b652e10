"""Build the site into a sibling temporary folder and swap it in with renames, so a web server
never serves a half-written site. Jinja2 (autoescaping on) renders the pages."""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
import itertools
import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable, Iterator, Mapping, Sequence

from ttools.version import __version__
from ttools.publish.pages import (
    BIG_KEYS,
    Link,
    Page,
    SitePlan,
    cell_text,
    check_plan,
    is_number,
    report_page,
)

MARKER = ".ttools-site"
ASSETS = ("site.css", "favicon.svg")

UI = {
    "en": {
        "events": "Events",
        "competition": "Competition",
        "stage": "Stage reached",
        "updated": "Last update",
        "seed": "Draw seed",
        "pages": "Pages",
        "big": "Big screen",
        "summary": "JSON summary",
        "home": "Index",
        "skip": "Skip to the content",
        "version": "ttools {version}",
        "nav": "Site",
        "nothing": "Nothing to show yet.",
        "scroll": "Scrolls by itself; refreshes when new results are published.",
    },
    "zh-Hant": {
        "events": "賽事",
        "competition": "賽事種類",
        "stage": "目前進度",
        "updated": "最後更新",
        "seed": "抽籤種子",
        "pages": "頁面",
        "big": "大螢幕",
        "summary": "JSON 摘要",
        "home": "首頁",
        "skip": "跳至內容",
        "version": "ttools {version}",
        "nav": "網站",
        "nothing": "尚無資料。",
        "scroll": "自動捲動；有新成績時自動更新。",
    },
    "zh-Hans": {
        "events": "赛事",
        "competition": "赛事种类",
        "stage": "目前进度",
        "updated": "最后更新",
        "seed": "抽签种子",
        "pages": "页面",
        "big": "大屏幕",
        "summary": "JSON 摘要",
        "home": "首页",
        "skip": "跳至内容",
        "version": "ttools {version}",
        "nav": "网站",
        "nothing": "尚无数据。",
        "scroll": "自动滚动；有新成绩时自动更新。",
    },
}


def competition_title(name: str, lang: str) -> str:
    """The competition's title as it declares it (its name when no installed competition has it)."""
    from ttools import competitions

    try:
        return competitions.get(name).title(lang)
    except KeyError:
        return name


class PublishError(Exception):
    """The site cannot be written where asked (the message says why, in one line)."""


@dataclass
class Site:
    folder: str
    pages: list[str]  # file names written, index and big.html included


def plan_for(outcome) -> tuple[list[Page], SitePlan]:
    """Every page of the site: the report pages, then the competition hook's pages."""
    plan = SitePlan()
    if outcome.contract is not None and outcome.results is not None:
        plan = outcome.contract.site_plan(outcome.results, outcome.lang) or plan
    pages = [report_page(r) for r in outcome.reports if r.key not in plan.hide and not plan.private(r.key)]
    pages += list(plan.pages)
    check_plan(pages)
    return pages, plan


def _big_slugs(pages: Sequence[Page], plan: SitePlan) -> list[str]:
    known = {p.slug for p in pages}
    chosen = [s for s in plan.big if s in known]  # a page the data does not allow yet is skipped
    if chosen:
        return chosen
    chosen = [p.slug for p in pages if p.key and BIG_KEYS.search(p.key)]
    chosen += [p.slug for p in pages if p.big and p.slug not in chosen]
    return chosen or [p.slug for p in pages[:1]]


class _Rows:
    """A block's rows as the page template takes them, made as the template walks them: one
    page of a large event (every scorecard of every player) holds half a million cells. Each row
    comes as its cells' HTML, made here in one piece (``_cells_html``) rather than by the
    template cell by cell, which for a large event's site took most of the publishing."""

    __slots__ = ("block",)

    def __init__(self, block) -> None:
        self.block = block

    def __iter__(self) -> Iterator[dict[str, Any]]:
        from markupsafe import Markup, escape

        block = self.block
        fmt, highlight = dict(block.number_format), block.highlight
        colors = getattr(block, "colors", None) or {}
        labels = [f' data-label="{escape(str(h))}">' for h in block.header]
        for i, row in enumerate(block.rows):
            html = _cells_html(row, i, fmt, colors, labels, escape)
            yield {"html": Markup(html), "hl": i in highlight}


def _cells_html(row, i: int, fmt: dict, colors: dict, labels: list[str], escape) -> str:
    """One row's ``<td>`` cells, as _blocks.html wrote them cell by cell: a class for numbers and
    red suits, the column's header as data-label, the text escaped and a link where a cell is one."""
    out = []
    for c, v in enumerate(row):
        num = is_number(v)
        color = colors.get((i, c)) if colors else None
        if num or color:
            red = color if color == "red" else ""
            out.append(f'<td class="{"num" if num else ""}{" " if num and color else ""}{red}"')
        else:
            out.append("<td")
        out.append(labels[c] if c < len(labels) else ">")
        text = cell_text(v, fmt.get(c))
        if _SPECIAL(text) is not None:  # most cells need no escaping: no Markup made for them
            text = str(escape(text))
        out.append(f'<a href="{escape(v.slug)}.html">{text}</a></td>' if isinstance(v, Link) else f"{text}</td>")
    return "".join(out)


_SPECIAL = re.compile("[&<>\"']").search  # what markupsafe escapes


def _table(block) -> dict[str, Any]:
    return {
        "title": block.title,
        "header": [str(h) for h in block.header],
        "rows": _Rows(block),
        "notes": [str(n) for n in block.notes if n],
    }


def _page_model(page: Page) -> dict[str, Any]:
    return {
        "slug": page.slug,
        "title": page.title,
        "subtitle": page.subtitle,
        "listed": page.listed,
        "tables": [_table(b) for b in page.blocks],
    }


def _environment():
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("ttools.publish", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["short"] = short_title
    return env


def short_title(title: str, event_name: str) -> str:
    """A page's title without the event name it starts with (for menus)."""
    for sep in (" · ", "·"):
        if event_name and title.startswith(event_name + sep):
            return title[len(event_name) + len(sep) :].strip()
    return title


# what a page shows of the clock, filled in once a page is rendered: the site's version is the
# hash of what its pages show without it (no cell can hold a NUL, so no text can look like these)
_UPDATED, _UPDATED_ISO = "\x00updated\x00", "\x00updated-iso\x00"
_FILE_NAME = re.compile(r"[a-z0-9][a-z0-9._-]*")


def render(outcome, now: datetime | None = None) -> dict[str, bytes]:
    """File name -> content of every file of the site (all held at once: for small sites and
    tests; ``publish`` writes them one at a time from ``site_files``)."""
    return {
        name: content if isinstance(content, bytes) else b"".join(content) for name, content in site_files(outcome, now)
    }


Content = bytes | Iterator[bytes]
_PIECES = 1 << 16  # characters of a page gathered before they are encoded and written


def site_files(outcome, now: datetime | None = None) -> Iterator[tuple[str, Content]]:
    """Every file of the site as (name, content), one at a time. A page's content is made as
    it is read (an iterator of bytes, to be read to its end before the next file is asked for:
    the site's version, in the files after the pages, is the hash of what they show); nothing
    of a page is kept but the big screen's models, whose rows are made again when shown. A
    page's table model takes some 400 bytes a cell, and a large event's site holds a million
    cells, half of them on one page."""
    lang = outcome.lang if outcome.lang in UI else "en"
    pages, plan = plan_for(outcome)
    big = _big_slugs(pages, plan)
    names = {"index.html", "big.html", *ASSETS, "summary.json", "version.json", "version.js", MARKER}
    names |= {f"{p.slug}.html" for p in pages}
    for name in plan.files:
        if name in names or not _FILE_NAME.fullmatch(name):
            raise ValueError(f"the site plan names a file it may not write: {name!r}")
    summary = {k: v for k, v in outcome.json().items() if not plan.private(k)}
    when = (now or datetime.now(timezone.utc)).astimezone()  # the machine's local time, as staff read it
    clock = {_UPDATED.encode(): (when.strftime("%Y-%m-%d %H:%M") + _zone(when)).encode("utf-8")}
    clock[_UPDATED_ISO.encode()] = when.isoformat(timespec="seconds").encode("utf-8")
    event = {
        "name": outcome.event_name or competition_title(outcome.competition, lang),
        "competition": competition_title(outcome.competition, lang),
        "stage": plan.stage,
        "seed": str(summary.get("seed") or ""),
        "updated": _UPDATED,
        "updated_iso": _UPDATED_ISO,
    }
    heads = {p.slug: {"slug": p.slug, "title": p.title} for p in pages}  # what menus show of a page
    menu = [s for s in plan.menu if s in heads] or big
    common = {
        "lang": lang,
        "ui": UI[lang],
        "event": event,
        "tool_version": __version__,
        "nav": [heads[s] for s in menu],
        "listed": [heads[p.slug] for p in pages if p.listed],
        "has_big": bool(big),
        "links": [{"href": name, "title": title} for name, title in plan.links if name in plan.files],
    }
    env = _environment()
    # the version changes exactly when what is shown changes (never with the clock alone)
    digest = hashlib.sha256()

    def shown(name: str, pieces: Iterable[str], hashed: bool = True) -> Iterator[bytes]:
        if hashed:
            digest.update(b"\0" + name.encode("utf-8") + b"\0")
        gathered, size = [], 0
        for piece in itertools.chain(pieces, [None]):
            if piece is not None:
                gathered.append(piece)
                size += len(piece)
                if size < _PIECES:
                    continue
            data = "".join(gathered).encode("utf-8")  # a clock mark is one piece: never cut
            gathered, size = [], 0
            if hashed:
                digest.update(data)
            for mark, value in clock.items():
                data = data.replace(mark, value)
            yield data

    yield "index.html", shown("index.html", env.get_template("index.html").generate(common, page=None))
    template, kept = env.get_template("page.html"), {}
    for page in pages:
        model = _page_model(page)
        if page.slug in big:
            kept[page.slug] = model
        yield f"{page.slug}.html", shown(page.slug, template.generate(common, page=model))
    # the summary too in pieces: its text is several MB for a large event, and the encoder's
    # pieces of it many times that
    summary_text = itertools.chain(json.JSONEncoder(ensure_ascii=False, indent=2).iterencode(summary), ["\n"])
    yield "summary.json", shown("summary.json", summary_text)
    digest.update(json.dumps([big, plan.stage], ensure_ascii=False).encode("utf-8"))
    version = digest.hexdigest()[:16]
    big_page = env.get_template("big.html").generate(common, version=version, page=None, big=[kept[s] for s in big])
    yield "big.html", shown("big.html", big_page, hashed=False)
    del kept, big_page
    yield from _fixed_files(outcome, plan, version, event["name"], when, lang)


def _fixed_files(
    outcome, plan: SitePlan, version: str, name: str, when: datetime, lang: str
) -> Iterator[tuple[str, bytes]]:
    """The files beside the pages and the summary: assets, the version for the big screen's polling,
    the marker and the plan's own files."""
    from importlib import resources

    for asset in ASSETS:
        yield asset, resources.files("ttools.publish").joinpath("static", asset).read_bytes()
    info = {
        "version": version,
        "updated": when.isoformat(timespec="seconds"),
        "event": name,
        "competition": outcome.competition,
        "stage": plan.stage,
        "lang": lang,
    }
    yield "version.json", (json.dumps(info, ensure_ascii=False) + "\n").encode("utf-8")
    # the big screen polls this with a <script> element: it works from a folder (file://) too
    yield "version.js", f"window.ttoolsSiteVersion && window.ttoolsSiteVersion({json.dumps(version)});\n".encode()
    yield MARKER, b"A web site written by ttools publish; the whole folder is replaced on every update.\n"
    yield from plan.files.items()


def _zone(when: datetime) -> str:
    offset = when.utcoffset()
    if not offset:
        return " UTC"
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f" (UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d})"


# ---- writing ---------------------------------------------------------------------------------


def _inside(path: str, folder: str) -> bool:
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return path == folder or os.path.commonpath([path, folder]) == folder


def check_target(folder: str, keep: Iterable[str] = ()) -> None:
    """Refuse a folder that holds, or is, a file ttools must not replace, or that is not a site
    ttools wrote earlier (an empty folder is fine)."""
    for path in keep:
        if path and _inside(path, folder):
            raise PublishError(f"{folder} holds {path}; the site folder is replaced as a whole, choose another folder")
        if path and os.path.exists(folder) and os.path.exists(path) and os.path.samefile(path, folder):
            raise PublishError(f"{folder} is {path}; choose another folder for the site")
    if os.path.lexists(folder):
        if not os.path.isdir(folder) or os.path.islink(folder):
            raise PublishError(f"{folder} exists and is not a folder; choose another folder for the site")
        entries = os.listdir(folder)
        if entries and MARKER not in entries:
            raise PublishError(
                f"{folder} is not empty and was not written by ttools publish; "
                "choose an empty or new folder (the site folder is replaced as a whole)"
            )
    if os.path.realpath(folder) in (os.path.realpath(os.getcwd()), os.path.realpath(os.path.expanduser("~")), "/"):
        raise PublishError(f"{folder} cannot be the site folder; choose a folder of its own")


def _exchange(a: str, b: str) -> bool:
    """Swap two paths in one step (Linux renameat2 RENAME_EXCHANGE); False where unsupported."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    at_fdcwd, rename_exchange = -100, 2
    return fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0


# the folders a publish builds beside the site ('.<site>.new-<pid>-<random>', '.<site>.old-…'); an
# earlier version wrote them without the process id
_LEFTOVER = re.compile(r"\..+\.(?:new|old)-(?:(\d+)-)?[a-z0-9_]{8}")
_LEFTOVER_AGE_S = 3600  # a folder without a living owner to point at is stale after an hour


def _owner_gone(pid: str | None) -> bool:
    """Whether the process that made a leftover folder is known to have ended (POSIX only:
    elsewhere a signal 0 is no harmless probe)."""
    if pid is None or os.name != "posix":
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError, ValueError):
        return False
    return False


def _site_files_only(path: str) -> bool:
    """A folder holding files and nothing else, as a site being built or swapped out does."""
    try:
        with os.scandir(path) as entries:
            return all(e.is_file(follow_symlinks=False) for e in entries)
    except OSError:
        return False


def remove_leftovers(parent: str) -> list[str]:
    """Remove what a publish killed half-way left in ``parent``: the folders it names for itself
    ('.site.new-…', '.site.old-…'), real folders of plain files only, whose process has ended or
    that no one has touched for an hour; nothing else. Returns the names removed."""
    import time

    removed = []
    try:
        names = os.listdir(parent)
    except OSError:
        return removed
    for name in names:
        m = _LEFTOVER.fullmatch(name)
        path = os.path.join(parent, name)
        if m is None or os.path.islink(path) or not os.path.isdir(path):
            continue
        try:
            stale = time.time() - os.stat(path).st_mtime > _LEFTOVER_AGE_S
        except OSError:
            continue
        if (stale or _owner_gone(m.group(1))) and _site_files_only(path):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(name)
    return removed


def write_site(
    files: Mapping[str, bytes] | Iterable[tuple[str, Content]], folder: str, keep: Iterable[str] = ()
) -> Site:
    """Write ``files`` (name -> content, or (name, content) pairs made one at a time, a content
    in pieces or whole) as the
    folder ``folder``: each written into a folder built beside it as it comes, which is then
    swapped in whole."""
    folder = os.path.abspath(folder)
    check_target(folder, keep)
    parent = os.path.dirname(folder)
    os.makedirs(parent, exist_ok=True)
    base = os.path.basename(folder)
    remove_leftovers(parent)
    tmp = tempfile.mkdtemp(prefix=f".{base}.new-{os.getpid()}-", dir=parent)
    written: list[str] = []
    try:
        for name, content in files.items() if isinstance(files, Mapping) else files:
            with open(os.path.join(tmp, name), "wb") as fh:
                for data in (content,) if isinstance(content, bytes) else content:
                    fh.write(data)
            written.append(name)
            del content
        os.chmod(tmp, 0o755)
        if not os.path.exists(folder):
            os.rename(tmp, folder)
        elif _exchange(tmp, folder):
            shutil.rmtree(tmp)  # tmp now holds the old site
        else:
            old = tempfile.mkdtemp(prefix=f".{base}.old-{os.getpid()}-", dir=parent)
            os.rmdir(old)
            os.rename(folder, old)
            os.rename(tmp, folder)
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        raise PublishError(f"cannot write the site to {folder}: {exc.strerror or exc}") from None
    finally:
        if os.path.isdir(tmp):
            shutil.rmtree(tmp, ignore_errors=True)
    return Site(folder, sorted(n for n in written if n.endswith(".html")))


EVENTS_MARK = '<meta name="generator" content="ttools publish: events">'


def write_events_index(root: str) -> str | None:
    """``root``/index.html: the events published beneath ``root`` (each sub-folder a site), newest
    first. An index.html that ttools did not write is left alone (None is returned)."""
    target = os.path.join(root, "index.html")
    if os.path.exists(target):
        with open(target, encoding="utf-8", errors="replace") as fh:
            if EVENTS_MARK not in fh.read(2000):
                return None
    events = []
    for name in sorted(os.listdir(root)):
        folder = os.path.join(root, name)
        if not (os.path.isdir(folder) and os.path.exists(os.path.join(folder, MARKER))):
            continue
        try:
            with open(os.path.join(folder, "version.json"), encoding="utf-8") as fh:
                info = json.load(fh)
        except (OSError, ValueError):
            continue
        events.append(
            {
                "href": f"{name}/index.html",
                "name": str(info.get("event") or name),
                "competition": str(info.get("competition") or ""),
                "stage": str(info.get("stage") or ""),
                "updated": str(info.get("updated") or ""),
                "lang": info.get("lang"),
            }
        )
    events.sort(key=lambda e: e["updated"], reverse=True)
    langs = {e["lang"] for e in events}
    lang = langs.pop() if len(langs) == 1 else "en"  # one language for all: that one; else English
    lang = lang if lang in UI else "en"
    for e in events:
        e["competition"] = competition_title(e["competition"], lang)
    from importlib import resources

    html = (
        _environment()
        .get_template("events.html")
        .render(lang=lang, ui=UI[lang], events=events, mark=EVENTS_MARK, tool_version=__version__)
    )
    for name, content in (
        ("site.css", resources.files("ttools.publish").joinpath("static", "site.css").read_bytes()),
        ("index.html", html.encode("utf-8")),
    ):
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", dir=root)
        with os.fdopen(fd, "wb") as fh:
            fh.write(content)
        os.chmod(tmp, 0o644)
        os.replace(tmp, os.path.join(root, name))
    return target


def publish(outcome, folder: str, keep: Iterable[str] = (), now: datetime | None = None) -> Site:
    """Render ``outcome`` and write it as the site in ``folder``; ``keep`` lists files (the input
    workbook, the outputs) that must not be inside the folder."""
    check_target(os.path.abspath(folder), keep)
    return write_site(site_files(outcome, now), folder, keep)
