"""What every competition's loader and writer do the same way: find its sheets, read the Event
and Rules settings, settle the seed, and write the head and tail of every output workbook.

A competition's ``EventData`` extends :class:`EventBase` and its ``load`` builds a
:class:`Loader`; the process skeleton itself is ``ttools.competitions.base.Competition``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from ttools.core.draw import derive_seed
from ttools.i18n import LANGS, Translator
from ttools.problems import Problem, Where, define, error, warning
from ttools.workbook import normalize as nz
from ttools.workbook.read import Book, SheetData
from ttools.workbook.schema import Row, SheetSpec, locate, read_input, read_settings

SETTING_INVALID = define("setting-invalid", "setting '{key}': {why}", "設定「{key}」：{why}", "设定「{key}」：{why}")
SEED_DERIVED = define(
    "seed-derived",
    "no seed was given; the draws use seed {seed}, derived from the roster and written to the output's Event sheet",
    "未填抽籤種子；抽籤使用由名單導出之種子 {seed}，並已寫入輸出檔之賽事表",
    "未填抽签种子；抽签使用由名单导出的种子 {seed}，并已写入输出文件的赛事表",
)

# what staff may type in Event.language -> the language ttools uses
LANG_CHOICES = {
    "zh-hant": "zh-Hant",
    "zh hant": "zh-Hant",
    "繁體中文": "zh-Hant",
    "繁体中文": "zh-Hant",
    "繁體": "zh-Hant",
    "zh-hans": "zh-Hans",
    "zh hans": "zh-Hans",
    "简体中文": "zh-Hans",
    "簡體中文": "zh-Hans",
    "简体": "zh-Hans",
    "en": "en",
    "english": "en",
    "英文": "en",
}


@dataclass
class EventBase:
    """What every event workbook holds besides its competition's own records."""

    name: str = ""
    seed: str = ""
    seed_derived: bool = False
    lang: str = ""
    # what staff typed, per sheet key, to be written back (values as read)
    raw: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    settings_raw: dict[str, dict[str, Any]] = field(default_factory=dict)
    sheet_names: dict[str, str] = field(default_factory=dict)  # key -> sheet name found
    unknown_sheets: list[SheetData] = field(default_factory=list)

    def sheet(self, key: str) -> str:
        """The sheet's name as found in the workbook (its canonical name when absent)."""
        return self.sheet_names.get(key, key)


def every_lang(traditional: str, english: str, *, hans: str | None = None, **params: object) -> dict[str, str]:
    """One text in each language, for a problem's param: the message shows the event's one. A
    param given per language (a label: ``Settings.label``) fills each language's own text."""

    def text(lang: str) -> str:
        filled = {k: v.get(lang, "") if isinstance(v, dict) else v for k, v in params.items()}
        return Translator(lang)(traditional, english, hans=hans, **filled)

    return {lang: text(lang) for lang in LANGS}


def label_in(specs: Iterable[SheetSpec], key: str) -> dict[str, str] | str:
    """The label ``key`` (a setting or a column) has on the first of ``specs`` declaring it,
    per language, for a problem's param; the key itself where none does."""
    for spec in specs:
        for item in (*spec.settings, *spec.columns):
            if item.key == key:
                return {lang: item.label(lang) for lang in LANGS}
    return key


class Settings:
    """A key/value sheet as read: each value with its cell, and typed getters that put a
    problem on the cell and fall back to the default when the value is not understood. A
    problem names the setting by the label its sheet shows in each language (``spec``'s)."""

    def __init__(
        self,
        values: dict[str, tuple[Any, Where]],
        sheet: str,
        problems: list[Problem],
        spec: SheetSpec | None = None,
    ):
        self.values = values
        self.sheet = sheet
        self.problems = problems
        self.spec = spec

    def __contains__(self, key: str) -> bool:
        return key in self.values

    def raw(self, key: str) -> Any:
        return self.values.get(key, ("", None))[0]

    def where(self, key: str) -> Where:
        """The value's cell; for a setting absent from the sheet, its name stands for the cell."""
        return self.values[key][1] if key in self.values else Where(self.sheet, key)

    def blank(self, key: str) -> bool:
        return key not in self.values or nz.is_blank(self.values[key][0])

    def text(self, key: str, default: str = "") -> str:
        return default if self.blank(key) else nz.clean_text(self.raw(key))

    def label(self, key: str) -> dict[str, str] | str:
        """The setting's label as its sheet shows it, per language (its key when not declared)."""
        return label_in([self.spec] if self.spec is not None else [], key)

    def invalid(self, key: str, why: str | Mapping[str, str]) -> None:
        """A problem on the setting's cell; ``why`` per language (``every_lang``), or one text."""
        why = dict(why) if isinstance(why, Mapping) else why
        self.problems.append(error(SETTING_INVALID, self.where(key), key=self.label(key), why=why))

    def integer(self, key: str, default: int, low: int | None = None, high: int | None = None) -> int:
        if self.blank(key):
            return default
        try:
            value = nz.parse_int(self.raw(key))
        except ValueError:
            self.invalid(key, every_lang("應為整數", "a whole number is expected"))
            return default
        if low is not None and value < low:
            self.invalid(key, every_lang("須為 {n} 或以上", "must be {n} or more", n=low))
            return default
        if high is not None and value > high:
            self.invalid(key, every_lang("須為 {n} 或以下", "must be {n} or less", n=high))
            return default
        return value

    def choice(self, key: str, choices: dict[str, str], default: str) -> str:
        if self.blank(key):
            return default
        try:
            return nz.parse_choice(self.raw(key), choices)
        except ValueError:
            allowed = ", ".join(sorted(set(choices.values())))
            self.invalid(key, every_lang("應為下列之一：{allowed}", "expected one of {allowed}", allowed=allowed))
            return default


class Loader:
    """Reads one workbook's sheets for a competition's ``load``, recording on ``data`` the sheet
    names found and what staff typed, so the output can write it back."""

    def __init__(self, book: Book, data: EventBase, problems: list[Problem]):
        self.book = book
        self.data = data
        self.problems = problems

    def sheet(self, spec: SheetSpec) -> SheetData | None:
        return locate(self.book, spec, self.data.sheet_names)

    def table(self, spec: SheetSpec) -> list[Row]:
        return read_input(self.book, spec, self.data.sheet_names, self.data.raw, self.problems)

    def settings(self, spec: SheetSpec) -> Settings:
        """A key/value sheet (absent: no values); what was typed is kept for the output."""
        sheet = self.sheet(spec)
        values = read_settings(sheet, spec, self.problems) if sheet is not None else {}
        self.data.settings_raw[spec.key] = {k: v for k, (v, _w) in values.items()}
        return Settings(values, self.data.sheet(spec.key), self.problems, spec)

    def event(self, spec: SheetSpec, languages: Iterable[str], default_lang: str) -> Settings:
        """The Event sheet: the event's name and language (one of ``languages``) are set on data."""
        ev = self.settings(spec)
        self.data.name = ev.text("name")
        lang = LANG_CHOICES.get(nz.fold_label(ev.text("language")))
        self.data.lang = lang if lang in tuple(languages) else default_lang
        return ev

    def seed(self, ev: Settings, *roster: object) -> None:
        """The Event seed; when empty, one derived from the event name and ``roster``, with a
        warning on the seed cell (the output writes it back, so later draws stay the same).
        While the roster is empty (a blank workbook: no entrant named yet) the derived seed is
        neither written back nor announced: it would be the same for every blank workbook of
        that size, and it would stay when the real roster is typed in."""
        if not ev.blank("seed"):
            self.data.seed = ev.text("seed")
            return
        self.data.seed = derive_seed(self.data.name, *roster)
        if roster and not self._no_entrant_named():
            self.data.seed_derived = True
            self.problems.append(warning(SEED_DERIVED, ev.where("seed"), seed=self.data.seed))

    def _no_entrant_named(self) -> bool:
        """Whether the roster tables read so far have a name column with nothing in it: only the
        ids or places ``ttools new`` pre-sizes."""
        named = [rows for rows in self.data.raw.values() if rows and "name" in rows[0]]
        return bool(named) and all(nz.is_blank(row.get("name")) for rows in named for row in rows)


def settings_values(spec: SheetSpec, data: EventBase, **fixed: Any) -> dict[str, Any]:
    """The values a settings sheet is written with: the defaults, what staff typed, then ``fixed``."""
    values = {s.key: s.default for s in spec.settings}
    values.update({k: v for k, v in data.settings_raw.get(spec.key, {}).items() if v is not None})
    values.update(fixed)
    return values


def open_writer(
    path: str, competition: str, template_version: int, data: EventBase, lang: str, source_hash: str
) -> Any:
    """The output workbook's writer, its _meta and footer naming the competition, the event and the input."""
    from ttools.version import __version__
    from ttools.workbook.write import Meta, WorkbookWriter

    meta = Meta(
        competition=competition,
        kind="event",
        lang=lang,
        version=__version__,
        template_version=template_version,
        event_name=data.name,
        source_hash=source_hash,
    )
    return WorkbookWriter(path, meta)


def write_event_and_rules(
    w: Any,
    event: SheetSpec,
    rules: SheetSpec,
    data: EventBase,
    lang: str,
    competition: str,
    template: bool,
    fill: dict[str, Any] | None = None,
) -> None:
    """The Event and Rules sheets as staff typed them over the defaults: the competition named,
    a derived seed written back (not in a template), ``fill`` where Event left a value blank."""
    ev = settings_values(event, data, competition=competition)
    for key, value in (fill or {}).items():
        if ev.get(key) in ("", None):
            ev[key] = value
    if data.seed_derived and not template:
        ev["seed"] = data.seed
    w.settings_sheet(event, lang, ev)
    w.settings_sheet(rules, lang, settings_values(rules, data))


def roster_ids(known: Iterable[object], rows: Sequence[dict[str, Any]], key: str = "id") -> list[str]:
    """The roster's ids for dropdowns: those loaded, or (in a template) those typed in ``rows``."""
    ids = [str(k) for k in known]
    if ids:
        return ids
    typed = (row.get(key) for row in rows)
    return [nz.clean_text(v) for v in typed if not nz.is_blank(v) and nz.clean_text(v)]


def write_outputs(w: Any, reports: Iterable[Any], problems: Sequence[Problem], lang: str, data: EventBase) -> None:
    """The part of every output workbook after the input sheets: the report sheets, the Problems
    sheet when there are problems, and the sheets ttools does not know, carried over as found."""
    from ttools.workbook.write import problems_report

    each = iter(reports)
    while (rep := next(each, None)) is not None:
        w.report_sheet(rep)
        rep = None  # not kept while the next report is made
    problems_sheet = problems_report(problems, lang)
    if problems_sheet is not None:
        w.report_sheet(problems_sheet)
    for sheet in data.unknown_sheets:
        w.raw_sheet(sheet.name, [[""] * sheet.col0 + list(r) for r in ([[]] * sheet.row0 + sheet.grid)])


def write_record_sheet(w: Any, spec: SheetSpec, rows: list[dict[str, Any]]) -> None:
    """A hidden sheet ttools keeps for itself (what it published, round by round): locked, in the
    canonical names, never filled in by staff. Nothing is written while there is no record."""
    if rows:
        w.input_sheet(spec, "en", rows, min_rows=1, hidden=True, locked=tuple(c.key for c in spec.columns))
