"""The registry of competitions: the classes of the ``ttools.competitions`` entry-point group
(the four built-in ones are declared in ttools' own pyproject.toml; a competition of its own
package declares itself the same way), each found by its name and imported only when used."""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ttools.competitions.base import Competition

GROUP = "ttools.competitions"

# used only where ttools runs from a source tree that was never installed (no entry points at
# all); tests/test_architecture.py checks that it equals what pyproject.toml declares
BUILT_IN = {
    "nations-cup": "ttools.competitions.nations_cup.competition:NationsCup",
    "scrabble": "ttools.competitions.scrabble.competition:Scrabble",
    "shengji": "ttools.competitions.shengji.competition:Shengji",
    "shuangsheng": "ttools.competitions.shuangsheng.competition:Shuangsheng",
}


@lru_cache(maxsize=1)
def _paths() -> dict[str, str]:
    """Competition name -> ``module:Class``, as the installed packages declare them."""
    found: dict[str, str] = {}
    for name, value in _entry_points():
        if found.setdefault(name, value) != value:
            _CLASHES.setdefault(name, {found[name]}).add(value)
    if not any(path.startswith("ttools.") for path in found.values()):
        found = {**BUILT_IN, **found}
    return dict(sorted(found.items()))


# names that two installed packages both declare: refused rather than one picked by install order
_CLASHES: dict[str, set[str]] = {}


def _entry_points() -> list[tuple[str, str]]:
    """The group's (name, value) pairs of every installed distribution. Read as importlib.metadata
    reads them from folders on sys.path (``*.dist-info``/``*.egg-info`` with an
    ``entry_points.txt``; the first distribution of a name wins) without importing it, which costs
    a fifth of a ``check``; importlib.metadata itself where sys.path holds a zip file."""
    if any(os.path.isfile(folder) for folder in sys.path if folder):
        from importlib.metadata import entry_points

        return [(ep.name, ep.value) for ep in entry_points(group=GROUP)]
    pairs: list[tuple[str, str]] = []
    seen: set[str] = set()
    for folder in sys.path:
        try:
            listing = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for entry in listing:
            stem, dot, kind = entry.rpartition(".")
            distribution = stem.split("-")[0].lower().replace("_", "-").replace(".", "-")
            if not dot or kind not in ("dist-info", "egg-info") or distribution in seen:
                continue
            seen.add(distribution)
            pairs += _group_of(os.path.join(folder or ".", entry, "entry_points.txt"))
    return pairs


def _group_of(path: str) -> list[tuple[str, str]]:
    """The ``[ttools.competitions]`` section of one entry_points.txt (an ini file)."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return []
    pairs, inside = [], False
    for line in (raw.strip() for raw in lines):
        if line.startswith("["):
            inside = line == f"[{GROUP}]"
        elif inside and "=" in line and not line.startswith(("#", ";")):
            name, _, value = line.partition("=")
            pairs.append((name.strip(), value.strip()))
    return pairs


def names() -> list[str]:
    return list(_paths())


@lru_cache(maxsize=None)
def get(name: str) -> Competition:
    """The competition of that name (KeyError, saying which are known, for any other)."""
    from ttools.competitions.base import Competition, load_attr

    paths = _paths()
    if name in _CLASHES:
        raise KeyError(
            f"the competition {name!r} is declared by more than one installed package "
            f"({', '.join(sorted(_CLASHES[name]))}); uninstall one of them"
        )
    if name not in paths:
        raise KeyError(f"unknown competition {name!r}; known: {', '.join(names())}")
    path = paths[name]
    cls = load_attr(path)
    if not (isinstance(cls, type) and issubclass(cls, Competition)) or cls.name != name:
        raise KeyError(f"the competition {name!r} ({path}) is not a ttools Competition class named {name!r}")
    return cls()


def all_competitions() -> list[Competition]:
    return [get(name) for name in names()]


def commands() -> dict[str, tuple[str, str]]:
    """Every competition's own commands: command name -> (competition, the command's path)."""
    found: dict[str, tuple[str, str]] = {}
    for comp in all_competitions():
        for command, path in comp.commands.items():
            found.setdefault(command, (comp.name, path))
    return found
