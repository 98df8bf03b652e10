"""Labels in the event's language. Simplified Chinese is derived from the Traditional labels,
never typed by hand: OpenCC's Traditional-to-Simplified character table (ttools.hans_table),
applied character by character. tests/test_i18n.py checks that this equals OpenCC's full t2s
conversion for every Chinese text in ttools; loading OpenCC's phrase dictionaries at run time
would cost about 0.2 s and 25 MB on every command."""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping

from ttools.hans_table import SIMPLIFIED, TRADITIONAL

_T2S = str.maketrans(TRADITIONAL, SIMPLIFIED)


@lru_cache(maxsize=8192)
def simplified(text: str) -> str:
    """Traditional Chinese text in Simplified characters (OpenCC t2s); other text unchanged."""
    if not text or text.isascii():
        return text
    return text.translate(_T2S)


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


class Translator:
    """The one way ttools writes a text in the event's language: ``t(traditional, english)``.

    Chinese is written once, in Traditional characters; zh-Hans pages get it converted by
    :func:`simplified`. Where Simplified Chinese uses another word, not only other characters
    (文件 for 檔), that wording is given as ``hans=``. ``params`` fill ``{name}`` fields."""

    __slots__ = ("lang", "zh")

    def __init__(self, lang: str) -> None:
        self.zh = lang.startswith("zh")
        self.lang = lang if lang in LANGS else ("zh-Hant" if self.zh else "en")

    def __call__(self, traditional: str, english: str, *, hans: str | None = None, **params: object) -> str:
        if not self.zh:
            text = english
        elif self.lang == "zh-Hans":
            text = hans if hans is not None else simplified(traditional)
        else:
            text = traditional
        return text.format(**params) if params else text


LANGS = ("zh-Hant", "zh-Hans", "en")


def with_simplified(words: Mapping[str, str]) -> dict[str, str]:
    """Words staff may type for a choice (written in Traditional), each also accepted in its
    Simplified characters: word -> what it means."""
    return {**words, **{simplified(word): meaning for word, meaning in words.items()}}
