"""Declarative sheets and columns, and the generic readers that turn a sheet into rows of
values with their cell addresses. Knows no competition: each competition declares its sheets."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable

from ttools.i18n import LANGS, pick, simplified
from ttools.problems import Problem, Where, define, error
from ttools.workbook import normalize as nz
from ttools.workbook.read import Book, SheetData, a1, col_letter

COLUMN_MISSING = define(
    "column-missing",
    "column '{column}' is missing (expected a header row with: {expected})",
    "缺少欄位「{column}」（標題列應有：{expected}）",
    "缺少栏位「{column}」（标题行应有：{expected}）",
)
FORMULA_NO_VALUE = define(
    "formula-no-value",
    "this cell holds a formula with no calculated value; open the file in Excel, let it calculate, save, and send it again (or type the value)",
    "此儲存格為沒有計算結果的公式；請以 Excel 開啟、重算並儲存後再送出（或直接輸入數值）",
    "此单元格为没有计算结果的公式；请用 Excel 打开、重算并保存后再送出（或直接输入数值）",
)
CELL_ERROR = define(
    "cell-error", "the cell shows an error value {value}", "儲存格顯示錯誤值 {value}", "单元格显示错误值 {value}"
)
NOT_WHOLE = define(
    "not-a-whole-number",
    "'{value}' is not a whole number ({what})",
    "「{value}」不是整數（{what}）",
    "「{value}」不是整数（{what}）",
)
NOT_NUMBER = define(
    "not-a-number",
    "'{value}' is not a number ({what})",
    "「{value}」不是數字（{what}）",
    "「{value}」不是数字（{what}）",
)
BAD_CHOICE = define(
    "bad-choice",
    "'{value}' is not allowed here; expected one of: {choices}",
    "「{value}」不可用；應為：{choices}",
    "「{value}」不可用；应为：{choices}",
)
REQUIRED = define("required", "{what} is required here", "此處須填寫{what}", "此处须填写{what}")
UNKNOWN_KEY = define(
    "unknown-key", "unknown setting '{key}' (ignored)", "未知設定「{key}」（已略過）", "未知设定「{key}」（已略过）"
)
UNKNOWN_SHEET = define(
    "sheet-unknown",
    "sheet '{sheet}' is not a ttools sheet; it is carried over unchanged",
    "工作表「{sheet}」不是 ttools 工作表；原樣保留",
    "工作表「{sheet}」不是 ttools 工作表；原样保留",
)
NUMBER_RANGE = define(
    "number-too-large",
    "'{value}' is far too large a number ({what}); at most 15 digits",
    "「{value}」數字過大（{what}）；最多 15 位數",
    "“{value}”数字过大（{what}）；最多 15 位数",
)
FAR_CELLS = define(
    "cells-far-away",
    "{count} cell(s) far outside the table, the first at {cell}, were left out; delete them",
    "{count} 個遠在表格之外的儲存格（第一個在 {cell}）已略過；請刪除",
    "{count} 个远在表格之外的单元格（第一个在 {cell}）已略过；请删除",
)
SHEET_TWICE = define(
    "sheet-twice",
    "sheets '{read}' and '{other}' are both the {key} sheet; '{read}' was read, '{other}' is carried over unchanged",
    "工作表「{read}」與「{other}」都是 {key} 工作表；已讀取「{read}」，「{other}」原樣保留",
    "工作表“{read}”与“{other}”都是 {key} 工作表；已读取“{read}”，“{other}”原样保留",
)
SHEET_RENAMED = define(
    "sheet-renamed",
    "sheet '{sheet}' is not a ttools sheet; its name is one Excel does not allow, so it is carried over as '{name}'",
    "工作表「{sheet}」不是 ttools 工作表；Excel 不接受這個名稱，改以「{name}」保留",
)
DUPLICATE_KEY = define(
    "duplicate-key",
    "setting '{key}' is given twice (the first is used)",
    "設定「{key}」重複（採用第一個）",
    "设定「{key}」重复（采用第一个）",
)

_ERROR_VALUES = {"#N/A", "#REF!", "#VALUE!", "#DIV/0!", "#NAME?", "#NUM!", "#NULL!", "#SPILL!", "#CALC!"}


@dataclass(frozen=True)
class Column:
    """One column of an input table: its key, its header per language, its type and dropdown."""

    key: str  # canonical English name (the contract)
    names: dict[str, str]  # header label per language
    note: dict[str, str] = field(default_factory=dict)  # input message per language
    kind: str = "text"  # text | int | number | code | choice
    choices: tuple[str, ...] = ()  # for kind == 'choice'
    list_name: str | None = None  # defined name feeding a dropdown
    width: int = 12
    required: bool = True
    minimum: int | None = None  # bounds the template's validation enforces (stop): whole for int, any for number
    maximum: int | None = None

    def label(self, lang: str) -> str:
        return pick(self.names, lang, self.key)


@dataclass(frozen=True)
class Setting:
    """One row of a key/value sheet (Event, Rules)."""

    key: str
    names: dict[str, str]
    default: Any = ""
    note: dict[str, str] = field(default_factory=dict)
    choices: tuple[str, ...] = ()

    def label(self, lang: str) -> str:
        return pick(self.names, lang, self.key)


@dataclass(frozen=True)
class SheetSpec:
    """One sheet of a competition's workbook: its names per language, and its table columns or settings."""

    key: str  # canonical English sheet name (the contract)
    names: dict[str, str]  # sheet name per language
    columns: tuple[Column, ...] = ()  # table sheets
    settings: tuple[Setting, ...] = ()  # key/value sheets
    note: dict[str, str] = field(default_factory=dict)  # what the sheet is for (Guide)

    @property
    def is_kv(self) -> bool:
        return bool(self.settings)

    def name(self, lang: str) -> str:
        return pick(self.names, lang, self.key)

    def accepted_names(self) -> list[str]:
        return [self.key, *self.names.values()]


def find_sheet(book: Book, spec: SheetSpec) -> SheetData | None:
    found = book.get(*spec.accepted_names())
    if found is None and _chinese_names(book):
        # a Simplified Chinese workbook: its names are the Traditional labels converted
        found = book.get(*(simplified(n) for n in spec.names.values() if n))
    return found


def _chinese_names(book: Book) -> bool:
    return any(not name.isascii() for name in book.order)


def _with_simplified(labels: dict[str, str], sheet: SheetData) -> dict[str, str]:
    """Add the Simplified form of every Chinese label, for a sheet with Chinese text in its name."""
    if sheet.name.isascii():
        return labels
    return {**{nz.fold_label(simplified(k)): v for k, v in labels.items()}, **labels}


class _TablePlaces:
    """What the rows of one table share to say where their cells are."""

    __slots__ = ("sheet", "letters", "absent", "keys")

    def __init__(self, sheet: str, letters: dict[str, str], absent: Sequence[str]) -> None:
        self.sheet, self.letters, self.absent = sheet, letters, frozenset(absent)
        self.keys = (*letters, *absent)


class Places(Mapping):
    """Column key -> the ``Where`` of one row's cell, made when asked for: a large table has a
    cell for every column of every row, and few are ever pointed at. An absent optional column
    points at the whole row ('7:7')."""

    __slots__ = ("_table", "_number")

    def __init__(self, table: _TablePlaces, number: int) -> None:
        self._table, self._number = table, number

    def __getitem__(self, key: str) -> Where:
        table = self._table
        letter = table.letters.get(key)
        if letter is not None:
            return Where(table.sheet, f"{letter}{self._number}")
        if key in table.absent:
            return Where(table.sheet, f"{self._number}:{self._number}")
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._table.keys)

    def __len__(self) -> int:
        return len(self._table.keys)

    def __repr__(self) -> str:
        return repr(dict(self))


class Row:
    """One data row: raw values by column key, their cells, the 1-based sheet row number."""

    __slots__ = ("values", "where", "number", "labels")

    def __init__(
        self,
        values: dict[str, Any],
        where: Mapping[str, Where],
        number: int,
        labels: dict[str, dict[str, str]] | None = None,
    ) -> None:
        self.values = values
        self.where = where  # a dict, or Places as read from a sheet
        self.number = number
        self.labels = {} if labels is None else labels  # column key -> label per language

    def blank(self, key: str) -> bool:
        return nz.is_blank(self.values.get(key))


class Reader:
    """Typed access to rows, collecting problems instead of raising."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems

    @staticmethod
    def _what(row: Row, key: str, what: str):
        """The column's label in every language, unless the caller named it otherwise."""
        if what and what != key:
            return what
        return row.labels.get(key) or key

    def _bad(self, row: Row, key: str) -> bool:
        v = row.values.get(key)
        if isinstance(v, str) and v.strip().upper() in _ERROR_VALUES:
            self.problems.append(error(CELL_ERROR, row.where[key], value=v.strip()))
            return True
        return False

    def _read(self, row: Row, key: str, what: str, required: bool, parse, bad_code: str | None, **extra):
        """The shared path of every typed read: error cells, blanks, then ``parse``."""
        if key not in row.values or self._bad(row, key):
            return None
        if row.blank(key):
            if required:
                self.problems.append(error(REQUIRED, row.where[key], what=self._what(row, key, what)))
            return None
        try:
            return parse(row.values[key])
        except ValueError as exc:
            if str(exc).startswith("too "):
                bad_code = NUMBER_RANGE
            params = {"value": _shown(row.values[key]), "what": self._what(row, key, what), **extra}
            self.problems.append(error(bad_code, row.where[key], **params))
            return None

    def text(self, row: Row, key: str, what: str = "", required: bool = False) -> str | None:
        return self._read(row, key, what, required, nz.clean_text, None)

    def integer(self, row: Row, key: str, what: str = "", required: bool = False) -> int | None:
        return self._read(row, key, what, required, nz.parse_int, NOT_WHOLE)

    def number(self, row: Row, key: str, what: str = "", required: bool = False) -> Fraction | None:
        return self._read(row, key, what, required, nz.parse_number, NOT_NUMBER)

    def code(self, row: Row, key: str, what: str = "", required: bool = False) -> str | None:
        return self._read(row, key, what, required, nz.parse_code, None)

    def choice(self, row: Row, key: str, choices: dict[str, str], what: str = "", required: bool = False) -> str | None:
        shown = ", ".join(sorted(set(choices.values())))
        return self._read(row, key, what, required, lambda v: nz.parse_choice(v, choices), BAD_CHOICE, choices=shown)


def _shown(value: Any, limit: int = 40) -> str:
    """A value as quoted in a problem: a 4000-digit number is not worth repeating whole."""
    text = nz.clean_text(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _formula_problems(sheet: SheetData) -> list[Problem]:
    """What the reader found on a sheet before any column is read: formulas without a value, cached
    Excel errors, and cells left out because they lie far from the table."""
    found = [
        error(FORMULA_NO_VALUE, Where(sheet.name, cell)) for cell in sorted(sheet.no_cached_value, key=_cell_order)
    ]
    found += [
        error(CELL_ERROR, Where(sheet.name, cell), value=sheet.errors[cell])
        for cell in sorted(sheet.errors, key=_cell_order)
    ]
    if sheet.far_cells:
        found.append(
            Problem(
                "warning",
                FAR_CELLS,
                Where(sheet.name, sheet.first_far_cell),
                (("count", sheet.far_cells), ("cell", sheet.first_far_cell or "?")),
            )
        )
    return found


def _cell_order(cell: str) -> tuple[int, str]:
    letters = "".join(ch for ch in cell if ch.isalpha())
    digits = "".join(ch for ch in cell if ch.isdigit()) or "0"
    return int(digits), letters.rjust(3)


def read_table(sheet: SheetData, spec: SheetSpec, problems: list[Problem]) -> list[Row]:
    """Rows of a table sheet; the header row is found among the first rows by its labels."""
    problems.extend(_formula_problems(sheet))
    labels: dict[str, str] = {}
    for col in spec.columns:
        labels[nz.fold_label(col.key)] = col.key
        for name in col.names.values():
            labels[nz.fold_label(name)] = col.key
    labels = _with_simplified(labels, sheet)
    header_at: int | None = None
    mapping: dict[int, str] = {}
    for i, values in enumerate(sheet.grid[:10]):
        found = {
            j: labels[nz.fold_label(v)]
            for j, v in enumerate(values)
            if not nz.is_blank(v) and nz.fold_label(v) in labels
        }
        if found:
            header_at, mapping = i, found
            break
    if header_at is None:
        if any(any(not nz.is_blank(v) for v in r) for r in sheet.grid):
            expected = ", ".join(c.key for c in spec.columns)
            problems.append(
                error(
                    COLUMN_MISSING,
                    Where(sheet.name, a1(sheet.row0, sheet.col0)),
                    column=spec.columns[0].key,
                    expected=expected,
                )
            )
        return []
    present = set(mapping.values())
    header_row = sheet.row0 + header_at
    for col in spec.columns:
        if col.required and col.key not in present:
            expected = ", ".join(c.key for c in spec.columns)
            problems.append(
                error(COLUMN_MISSING, Where(sheet.name, a1(header_row, sheet.col0)), column=col.key, expected=expected)
            )
    rows: list[Row] = []
    labels = {c.key: {"en": c.key, **{k: v for k, v in c.names.items() if k != "en"}} for c in spec.columns}
    letters = [(j, key, col_letter(sheet.col0 + j)) for j, key in mapping.items()]
    absent = [col.key for col in spec.columns if col.key not in present]
    # absent optional columns still have a place to point at (the whole row)
    places = _TablePlaces(sheet.name, {key: letter for _, key, letter in letters}, absent)
    marked = sheet.no_cached_value | set(sheet.errors)  # reported once, by _formula_problems
    for i in range(header_at + 1, len(sheet.grid)):
        values = sheet.grid[i]
        width = len(values)
        if all(nz.is_blank(values[j]) for j in mapping if j < width):
            continue
        number = sheet.row0 + i + 1
        row_values: dict[str, Any] = {}
        for j, key, letter in letters:
            row_values[key] = values[j] if j < width else ""
            if marked and f"{letter}{number}" in marked:
                row_values[key] = None
        for key in absent:
            row_values[key] = ""
        rows.append(Row(row_values, Places(places, number), number, labels))
    return rows


def read_settings(sheet: SheetData, spec: SheetSpec, problems: list[Problem]) -> dict[str, tuple[Any, Where]]:
    """A key/value sheet -> {key: (raw value, where)}. Keys may be the canonical key or a label."""
    problems.extend(_formula_problems(sheet))
    labels: dict[str, str] = {}
    for s in spec.settings:
        labels[nz.fold_label(s.key)] = s.key
        for name in s.names.values():
            labels[nz.fold_label(name)] = s.key
    labels = _with_simplified(labels, sheet)
    key_labels = {nz.fold_label(x) for x in ("key", "鍵", "项目", "項目", "設定", "设定")}
    value_labels = {nz.fold_label(x) for x in ("value", "值", "數值", "数值", "內容", "内容")}
    key_col, value_col, start = 0, 1, 0
    for i, values in enumerate(sheet.grid[:10]):
        folded = [nz.fold_label(v) for v in values]
        if any(f in key_labels for f in folded) and any(f in value_labels for f in folded):
            key_col = next(j for j, f in enumerate(folded) if f in key_labels)
            value_col = next(j for j, f in enumerate(folded) if f in value_labels)
            start = i + 1
            break
    out: dict[str, tuple[Any, Where]] = {}
    for i in range(start, len(sheet.grid)):
        values = sheet.grid[i]
        r = sheet.row0 + i
        if key_col >= len(values) or nz.is_blank(values[key_col]):
            continue
        raw_key = values[key_col]
        key = labels.get(nz.fold_label(raw_key))
        key_cell = Where(sheet.name, a1(r, sheet.col0 + key_col))
        if key is None:
            problems.append(Problem("warning", UNKNOWN_KEY, key_cell, (("key", nz.clean_text(raw_key)),)))
            continue
        if key in out:  # named by the label the sheet shows in each language, as staff see it
            setting = next(s for s in spec.settings if s.key == key)
            named = {lang: setting.label(lang) for lang in LANGS}
            problems.append(Problem("warning", DUPLICATE_KEY, key_cell, (("key", named),)))
            continue
        cell = a1(r, sheet.col0 + value_col)
        value = values[value_col] if value_col < len(values) else ""
        if cell in sheet.no_cached_value or cell in sheet.errors:
            value = None
        out[key] = (value, Where(sheet.name, cell))
    return out


def choice_map(choices: Iterable[str], aliases: dict[str, str] | None = None) -> dict[str, str]:
    """Folded label -> canonical choice, including localized aliases."""
    out = {nz.fold_label(c): c for c in choices}
    for alias, target in (aliases or {}).items():
        out[nz.fold_label(alias)] = target
    return out


def locate(book: Book, spec: SheetSpec, found: dict[str, str]) -> SheetData | None:
    """The sheet for ``spec`` (canonical or localized name), remembering the name it has."""
    sheet = find_sheet(book, spec)
    if sheet is not None:
        found[spec.key] = sheet.name
    return sheet


def read_input(
    book: Book, spec: SheetSpec, found: dict[str, str], raw: dict[str, list[dict[str, Any]]], problems: list[Problem]
) -> list[Row]:
    """Rows of an input table sheet; what staff typed is kept in ``raw`` to be written back."""
    sheet = locate(book, spec, found)
    if sheet is None:
        return []
    rows = read_table(sheet, spec, problems)
    raw[spec.key] = [dict(r.values) for r in rows]
    return rows


# what Excel refuses in a sheet name (a hand-made or converted file may hold it all the same)
_FORBIDDEN_IN_SHEET_NAME = re.compile(r"[\\/?*\[\]:\x00-\x1f]")
MAX_SHEET_NAME = 31  # UTF-16 code units, as Excel counts


def _utf16_cut(name: str, units: int) -> str:
    out, used = [], 0
    for ch in name:
        used += 2 if ord(ch) > 0xFFFF else 1
        if used > units:
            break
        out.append(ch)
    return "".join(out)


# each forbidden character's full-width twin, which Excel allows and which reads the same
_SHEET_NAME_TWINS = {"\\": "＼", "/": "／", "?": "？", "*": "＊", "[": "［", "]": "］", ":": "："}


def excel_sheet_name(name: str) -> str:
    """``name`` as a sheet name Excel allows: the characters it forbids become their full-width
    twins (a control character '_'), an apostrophe that starts or ends it goes, 'History'
    (reserved) gets a '_', at most 31 units long; never a name that starts with '_' unless
    ``name`` did (those are helper sheets, left out when the workbook is read again)."""
    safe = _FORBIDDEN_IN_SHEET_NAME.sub(lambda m: _SHEET_NAME_TWINS.get(m.group(0), "_"), name).strip("'")
    if not safe.strip():
        safe = "Sheet"
    if safe.startswith("_") and not name.startswith("_"):
        safe = "Sheet " + safe
    if safe.casefold() == "history":
        safe += "_"
    return _utf16_cut(safe, MAX_SHEET_NAME).rstrip("'") or "Sheet"


def unique_sheet_name(name: str, taken: set[str]) -> str:
    """``name``, or with ' (2)', ' (3)' … so that it is none of ``taken`` (case-folded names)."""
    unique, n = name, 1
    while unique.casefold() in taken:
        n += 1
        suffix = f" ({n})"
        unique = _utf16_cut(name, MAX_SHEET_NAME - len(suffix)).rstrip("'") + suffix
    return unique


def _renamed(sheet: SheetData, name: str) -> SheetData:
    """The sheet's values under another name (the book's own sheet keeps its name)."""
    renamed = copy.copy(sheet)
    renamed.name = name
    return renamed


def unknown_sheets(
    book: Book, specs: Iterable[SheetSpec], other_names: Iterable[str], problems: list[Problem]
) -> list[SheetData]:
    """Sheets that are neither an input sheet of ``specs`` nor one ttools writes (``other_names``,
    hidden '_' helpers): each is reported and returned, so the output carries it over."""
    specs = list(specs)
    known = {nz.fold_label(n) for spec in specs for n in spec.accepted_names()}
    known |= {nz.fold_label(n) for n in other_names}
    if any(nz.fold_label(name) not in known and not name.isascii() for name in book.order):
        known |= {nz.fold_label(simplified(n)) for n in list(known)}
    found = []
    taken = {name.casefold() for name in book.order} | {n.casefold() for n in other_names}
    taken |= {n.casefold() for spec in specs for n in spec.accepted_names()}
    for name in book.order:
        if nz.fold_label(name) not in known and not name.startswith("_"):
            allowed = excel_sheet_name(name)
            if allowed == name:
                found.append(book.sheets[name])
                problems.append(Problem("warning", UNKNOWN_SHEET, Where(name, "A1"), (("sheet", name),)))
                continue
            allowed = unique_sheet_name(allowed, taken)
            taken.add(allowed.casefold())
            found.append(_renamed(book.sheets[name], allowed))
            problems.append(Problem("warning", SHEET_RENAMED, Where(name, "A1"), (("sheet", name), ("name", allowed))))
    # two sheets that are one input sheet ('Results' beside '成績'): the first is read, the other kept
    for spec in specs:
        read = find_sheet(book, spec)
        if read is None:
            continue
        accepted = {nz.fold_label(n) for n in spec.accepted_names()}
        for name in book.order:
            if name != read.name and nz.fold_label(name) in accepted:
                found.append(book.sheets[name])
                problems.append(
                    Problem(
                        "warning",
                        SHEET_TWICE,
                        Where(name, "A1"),
                        (("read", read.name), ("other", name), ("key", spec.key)),
                    )
                )
    return found
