"""Problems found in a workbook: where (sheet, cell), what (a stable code), how bad, in words.

Rule engines and loaders never print or raise on bad input; they return ``Problem`` records.
Messages live in a catalogue keyed by code, one template per language, so the same problem
reads in the event's language while its code stays stable for machines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, NamedTuple

from ttools.i18n import pick, simplified

ERROR = "error"
WARNING = "warning"

# code -> {lang: template}; templates use str.format with the problem's params
_CATALOG: dict[str, dict[str, str]] = {}


def define(code: str, en: str, zh_hant: str, zh_hans: str | None = None) -> str:
    """Register the message templates of a problem code; returns the code for use as a constant.
    Without a Simplified template, the Traditional one is converted when a message is asked for.
    A code means one thing across ttools and every installed competition: defining it again with
    other texts is refused (a competition of its own package prefixes its codes)."""
    texts = {"en": en, "zh-Hant": zh_hant, **({"zh-Hans": zh_hans} if zh_hans else {})}
    known = _CATALOG.setdefault(code, texts)
    if known is not texts and _as_printed(known) != _as_printed(texts):
        raise ValueError(f"problem code {code!r} is already defined with other messages ({known['en']!r})")
    return code


def _as_printed(texts: dict[str, str]) -> tuple[str, str, str]:
    return texts["en"], texts["zh-Hant"], texts.get("zh-Hans") or simplified(texts["zh-Hant"])


class Where(NamedTuple):  # immutable, equal and hashed by value; no per-instance dict
    """A place in the workbook: the sheet's name as it appears there, and an A1 cell ('' = whole sheet)."""

    sheet: str
    cell: str = ""


NOWHERE = Where("", "")


@dataclass(frozen=True)
class Problem:
    """One problem: how bad, its stable code, the cell it points at, the values its message names."""

    severity: str
    code: str
    where: Where
    params: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def sheet(self) -> str:
        return self.where.sheet

    @property
    def cell(self) -> str:
        return self.where.cell

    def message(self, lang: str = "en") -> str:
        templates = _CATALOG.get(self.code)
        # a param may be given per language ({'en': 'place', 'zh-Hant': '名次'})
        params = {
            k: (pick(v, lang) or next(iter(v.values()), "")) if isinstance(v, dict) else v for k, v in self.params
        }
        if not templates:
            return self.code + (": " + ", ".join(f"{k}={v}" for k, v in params.items()) if params else "")
        template = pick(templates, lang) or templates["en"]
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            return templates["en"].format_map(_Lenient(params))

    def as_json(self, lang: str = "en") -> dict[str, str]:
        return {
            "severity": self.severity,
            "sheet": self.sheet,
            "cell": self.cell,
            "code": self.code,
            "message": self.message(lang),
        }

    def line(self, lang: str = "en") -> str:
        place = f"{self.sheet}!{self.cell}" if self.cell else self.sheet
        place = place or "-"
        return f"{self.severity}: {place}: [{self.code}] {self.message(lang)}"


class _Lenient(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def error(code: str, where: Where, **params: Any) -> Problem:
    return Problem(ERROR, code, where, tuple(params.items()))


def warning(code: str, where: Where, **params: Any) -> Problem:
    return Problem(WARNING, code, where, tuple(params.items()))


def has_errors(problems: Iterable[Problem]) -> bool:
    return any(p.severity == ERROR for p in problems)


class Unreadable(Exception):
    """The file cannot be read as a workbook at all (exit code 2, one line, no traceback)."""
