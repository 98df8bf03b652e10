"""Registry of competitions: name on the command line -> module, imported only when used.

Each competition module offers the same few functions, so the CLI never knows which one it
runs: ``new_workbook(path, size, lang)``, ``process(book, source_hash) -> Outcome``, and
optionally ``reckoner_text(size, lang)`` and ``site(res, lang)`` (its own pages of the published
web site: see ``ttools.publish``).
"""

from __future__ import annotations

import importlib
from types import ModuleType

COMPETITIONS = {
    "nations-cup": "ttools.competitions.nations_cup.competition",
    "scrabble": "ttools.competitions.scrabble.competition",
    "shengji": "ttools.competitions.shengji.competition",
    "shuangsheng": "ttools.competitions.shuangsheng.competition",
}


def names() -> list[str]:
    return list(COMPETITIONS)


def load(name: str) -> ModuleType:
    try:
        path = COMPETITIONS[name]
    except KeyError:
        raise KeyError(f"unknown competition {name!r}; known: {', '.join(COMPETITIONS)}") from None
    return importlib.import_module(path)
