"""Labels in the event's language. Simplified Chinese is derived from the Traditional labels by
OpenCC's Traditional-to-Simplified conversion (t2s), never typed by hand; the converter is
imported only when Simplified text is asked for."""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping


@lru_cache(maxsize=1)
def _converter():
    from opencc_purepy import OpenCC

    return OpenCC("t2s")


@lru_cache(maxsize=8192)
def simplified(text: str) -> str:
    """Traditional Chinese text in Simplified characters (OpenCC t2s); other text unchanged."""
    if not text or text.isascii():
        return text
    return _converter().convert(text)


def pick(texts: Mapping[str, str], lang: str, default: str = "") -> str:
    """The text for ``lang``: given, or for zh-Hans converted from zh-Hant, else the English."""
    if texts.get(lang):
        return texts[lang]
    if lang == "zh-Hans" and texts.get("zh-Hant"):
        return simplified(texts["zh-Hant"])
    return texts.get("en") or default


def zh(lang: str, traditional: str) -> str:
    """A Traditional Chinese literal as the page of ``lang`` prints it."""
    return simplified(traditional) if lang == "zh-Hans" else traditional
