"""Traditional Chinese for the Simplified texts of the Shengji workbook: labels, notes, report
templates and problem messages are written once in Simplified Chinese (the competition's
default) and looked up here for zh-Hant output. ``tests/shengji/test_language.py`` checks that
every text has its entry."""

from __future__ import annotations


def hant(text: str) -> str:
    """The Traditional Chinese of ``text`` (a Simplified template); the text itself when the
    table has no entry (digits, codes and names need none)."""
    return HANT.get(text, text)


HANT: dict[str, str] = {}
