"""The registry of competitions: the classes of the ``ttools.competitions`` entry-point group
(the four built-in ones are declared in ttools' own pyproject.toml; a competition of its own
package declares itself the same way), each found by its name and imported only when used."""

from __future__ import annotations

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
    from importlib.metadata import entry_points

    found: dict[str, str] = {}
    for ep in entry_points(group=GROUP):
        if found.setdefault(ep.name, ep.value) != ep.value:
            _CLASHES.setdefault(ep.name, {found[ep.name]}).add(ep.value)
    if not any(path.startswith("ttools.") for path in found.values()):
        found = {**BUILT_IN, **found}
    return dict(sorted(found.items()))


# names that two installed packages both declare: refused rather than one picked by install order
_CLASHES: dict[str, set[str]] = {}


def names() -> list[str]:
    return list(_paths())


@lru_cache(maxsize=None)
def get(name: str) -> Competition:
    """The competition of that name (KeyError, saying which are known, for any other)."""
    from ttools.competitions.base import Competition, load_attr

    paths = _paths()
    if name in _CLASHES:
        raise KeyError(f"the competition {name!r} is declared by more than one installed package "
                       f"({', '.join(sorted(_CLASHES[name]))}); uninstall one of them")
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
