"""Normalise what staff type: full-width digits and letters, stray spaces, numbers stored as
text, codes in either case. Anything still not understood raises ``ValueError`` for the
caller to turn into a problem on that cell; nothing is guessed."""

from __future__ import annotations

import re
import unicodedata
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any


def is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def fold_label(text: Any) -> str:
    """A sheet/column/key label folded for matching: width, case, spaces, underscores."""
    s = unicodedata.normalize("NFKC", str(text)).strip().casefold()
    return re.sub(r"[\s_\-]+", " ", s)


def clean_text(value: Any) -> str:
    """Text as typed, surrounding spaces removed; numbers rendered without a trailing .0."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return str(value).strip()


def _ascii(value: Any) -> str:
    return unicodedata.normalize("NFKC", clean_text(value)).strip()


def parse_int(value: Any) -> int:
    """30, 30.0, '30', '３０', ' 30 ' -> 30. Raises ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError("a TRUE/FALSE value, not a number")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise ValueError("not a whole number")
    if isinstance(value, (datetime, date, time, timedelta)):
        raise ValueError("a date or time, not a number")
    s = _ascii(value).replace(",", "")
    if re.fullmatch(r"[+-]?\d+", s):
        return int(s)
    if re.fullmatch(r"[+-]?\d+\.0*", s):
        return int(s.split(".")[0])
    raise ValueError("not a whole number")


def parse_number(value: Any) -> Fraction:
    """An exact number: 12, 12.5, '１２.５', '1000/3'."""
    if isinstance(value, bool):
        raise ValueError("a TRUE/FALSE value, not a number")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError("not a finite number")
        return Fraction(Decimal(repr(value)))
    s = _ascii(value).replace(",", "")
    try:
        if "/" in s:
            num, den = s.split("/", 1)
            d = Fraction(Decimal(den.strip()))
            if d == 0:
                raise ValueError("division by zero")
            return Fraction(Decimal(num.strip())) / d
        return Fraction(Decimal(s))
    except (InvalidOperation, ValueError, OverflowError):   # 'inf' and 'NaN' are no numbers either
        raise ValueError("not a number") from None


def parse_code(value: Any) -> str:
    """A code such as a player code: full-width folded, spaces removed, upper case ('ａ１' -> 'A1')."""
    s = _ascii(value)
    if isinstance(value, float) and value.is_integer():
        s = str(int(value))
    return re.sub(r"\s+", "", s).upper()


def parse_choice(value: Any, choices: dict[str, str]) -> str:
    """Map a typed word onto one of ``choices`` (folded label -> canonical value)."""
    key = fold_label(_ascii(value))
    if key in choices:
        return choices[key]
    raise ValueError("not one of the allowed values")
