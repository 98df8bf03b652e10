"""Normalise what staff type: full-width digits and letters, stray spaces, numbers stored as
text, codes in either case. Anything still not understood raises ``ValueError`` for the
caller to turn into a problem on that cell; nothing is guessed."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any


_LABEL_GAPS = re.compile(r"[\s_\-]+")
_DIGIT_RUNS = re.compile(r"(\d+)")
_SPACES = re.compile(r"\s+")
_WHOLE = re.compile(r"[+-]?\d+")
_WHOLE_POINT_ZERO = re.compile(r"[+-]?\d+\.0*")


def is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def fold_label(text: Any) -> str:
    """A sheet/column/key label folded for matching: width, case, spaces, underscores. Text is
    remembered: every load folds the same sheet names and column labels again and again."""
    if text.__class__ is str:
        return _fold_text(text)
    return _fold(text)


def _fold(text: Any) -> str:
    s = unicodedata.normalize("NFKC", without_format_chars(str(text))).strip().casefold()
    return _LABEL_GAPS.sub(" ", s)


def without_format_chars(text: str) -> str:
    """``text`` without the invisible format characters (Unicode Cf: zero-width space and joiners,
    bidi marks, byte order mark, soft hyphen…): two ids that differ only by one print the same,
    so they are one id. Cheap for printable text, which holds none."""
    if text.isprintable():
        return text
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _strip_invisible(text: str) -> str:
    """Spaces and format characters removed from both ends (where no one can see them)."""
    text = text.strip()
    while text and (unicodedata.category(text[0]) == "Cf" or unicodedata.category(text[-1]) == "Cf"):
        text = text.strip("".join(ch for ch in (text[0], text[-1]) if unicodedata.category(ch) == "Cf")).strip()
    return text


@lru_cache(maxsize=4096)
def _fold_text(text: str) -> str:
    return _fold(text)


def clean_text(value: Any) -> str:
    """Text as typed, surrounding spaces (and invisible format characters) removed; numbers
    rendered without a trailing .0."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    text = str(value).strip()
    return text if text.isprintable() else _strip_invisible(text)


def _ascii(value: Any) -> str:
    if value.__class__ is str:
        text = value.strip()
        if text.isascii() and text.isprintable():  # what NFKC and the format characters leave as it is
            return text
    return unicodedata.normalize("NFKC", without_format_chars(clean_text(value))).strip()


# Excel keeps 15 significant digits; no count, score or chip stack in a tournament comes near this
MAX_MAGNITUDE = 10**15
_MAX_NUMBER_TEXT = 60  # characters of a number typed as text (digits, sign, point, exponent)
_DECIMAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d{1,4})?")


def _bounded(number: Fraction | int) -> Fraction | int:
    if abs(number) > MAX_MAGNITUDE:
        raise ValueError("too large a number")
    return number


def _finite(value: float) -> float:
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError("not a number")
    return value


def parse_int(value: Any) -> int:
    """30, 30.0, '30', '３０', ' 30 ' -> 30. Raises ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError("a TRUE/FALSE value, not a number")
    if isinstance(value, int):
        return _bounded(value)
    if isinstance(value, float):
        if _finite(value).is_integer():
            return _bounded(int(value))
        raise ValueError("not a whole number")
    if isinstance(value, (datetime, date, time, timedelta)):
        raise ValueError("a date or time, not a number")
    s = _ascii(value).replace(",", "")
    if len(s) > _MAX_NUMBER_TEXT:
        raise ValueError("too long to be a number")
    if _WHOLE.fullmatch(s):
        return _bounded(int(s))
    if _WHOLE_POINT_ZERO.fullmatch(s):
        return _bounded(int(s.split(".")[0]))
    raise ValueError("not a whole number")


def parse_number(value: Any) -> Fraction:
    """An exact number: 12, 12.5, '１２.５', '1000/3'."""
    if isinstance(value, bool):
        raise ValueError("a TRUE/FALSE value, not a number")
    if isinstance(value, (datetime, date, time, timedelta)):
        raise ValueError("a date or time, not a number")
    if isinstance(value, int):
        return _bounded(Fraction(value))
    if isinstance(value, float):
        return _bounded(Fraction(Decimal(repr(_finite(value)))))
    s = _ascii(value).replace(",", "")
    if len(s) > _MAX_NUMBER_TEXT:
        raise ValueError("too long to be a number")
    num, slash, den = s.partition("/")
    parts = [num.strip()] + ([den.strip()] if slash else [])
    # checked before Decimal sees it: 1e99999999 would become a hundred-million-digit Fraction
    if not all(_DECIMAL.fullmatch(p) and abs(Decimal(p).adjusted()) <= 30 or _zero(p) for p in parts):
        raise ValueError("not a number")
    try:
        result = Fraction(Decimal(parts[0]))
        if slash:
            d = Fraction(Decimal(parts[1]))
            if d == 0:
                raise ValueError("division by zero")
            result /= d
    except (InvalidOperation, ValueError, OverflowError, ZeroDivisionError):
        raise ValueError("not a number") from None
    return _bounded(result)


def _zero(text: str) -> bool:
    """'0', '0.0', '0e5': zero whatever its exponent says."""
    return bool(_DECIMAL.fullmatch(text)) and Decimal(text) == 0


def parse_code(value: Any) -> str:
    """A code such as a player code: full-width folded, spaces removed, upper case ('ａ１' -> 'A1')."""
    s = _ascii(value)
    if isinstance(value, float) and value.is_integer():
        s = str(int(value))
    return _SPACES.sub("", s).upper()


def parse_choice(value: Any, choices: dict[str, str]) -> str:
    """Map a typed word onto one of ``choices`` (folded label -> canonical value)."""
    key = fold_label(_ascii(value))
    if key in choices:
        return choices[key]
    raise ValueError("not one of the allowed values")


@lru_cache(maxsize=4096)
def natural_key(text: Any) -> tuple:
    """A sort key in which digits compare as numbers: 'A2' < 'A10', '2' < '10' (player, pair and
    division ids)."""
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, 0, part) for part in _DIGIT_RUNS.split(str(text)) if part
    )
