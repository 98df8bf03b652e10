"""The shape of the house, as CONTRIBUTING.md states it: the layers import one way, the command
line, the site and the pipeline know no competition, competitions are declared (never probed),
no import circles, no function over 100 lines, and the registry's fallback is what pyproject.toml
declares."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "ttools"
BUILT_IN_NAMES = ("nations-cup", "nations_cup", "scrabble", "shengji", "shuangsheng")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at module level or inside a function (the names imported
    from a package count as modules when they are modules of ttools)."""
    modules = _sources()
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module_name(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = here.split(".")[: len(here.split(".")) - node.level + (path.name == "__init__.py")]
                base = ".".join([*package, base] if base else package)
            submodules = {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules}
            found.update(submodules)
            if len(submodules) < len(node.names):  # a name defined in the module itself
                found.add(base)
    return {m for m in found if m.startswith("ttools")}


def _code_strings_and_names(path: Path) -> list[str]:
    """String constants (docstrings left out: a help text's example may name a competition) and
    identifiers of a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.append(node.value)
        elif isinstance(node, ast.Name):
            out.append(node.id)
        elif isinstance(node, ast.Attribute):
            out.append(node.attr)
    return out


def _front_modules() -> dict[str, Path]:
    """cli.py, publish/ and pipeline.py: what must not know which competition it runs."""
    return {
        m: p
        for m, p in _sources().items()
        if m in ("ttools.cli", "ttools.cli_support", "ttools.pipeline") or m.startswith("ttools.publish")
    }


@pytest.mark.parametrize("module", sorted(_front_modules()))
def test_the_front_imports_no_competition(module):
    allowed = {"ttools.competitions", "ttools.competitions.base"}
    reached = {m for m in _imports(_front_modules()[module]) if m.startswith("ttools.competitions")}
    assert reached <= allowed, f"{module} imports {sorted(reached - allowed)}"


@pytest.mark.parametrize("module", sorted(_front_modules()))
def test_the_front_names_no_competition_and_probes_none(module):
    path = _front_modules()[module]
    words = _code_strings_and_names(path)
    named = sorted({w for w in words for name in BUILT_IN_NAMES if name in w.lower()})
    assert not named, f"{module} names {named}"
    assert "hasattr" not in words and "signature" not in words, f"{module} probes a module"


@pytest.mark.parametrize("layer", ["ttools.workbook", "ttools.core"])
def test_the_lower_layers_import_nothing_above_them(layer):
    above = (
        "ttools.pipeline",
        "ttools.competitions",
        "ttools.cli",
        "ttools.mail",
        "ttools.publish",
        "ttools.api",
        "ttools.pdf",
        "ttools.outcome",
    )
    for module, path in _sources().items():
        if module == layer or module.startswith(layer + "."):
            bad = sorted(m for m in _imports(path) if m.startswith(above))
            assert not bad, f"{module} imports {bad}"


def test_no_import_circles():
    """No two modules of ttools import each other, directly or round a longer loop (imports inside
    functions count: a circle is a circle however late it closes)."""
    modules = _sources()
    graph = {m: {i for i in _imports(p) if i in modules and i != m} for m, p in modules.items()}
    state: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circles.append(stack[stack.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for module in sorted(graph):
        if module not in state:
            visit(module)
    assert not circles, "import circles:\n" + "\n".join(" -> ".join(c) for c in circles)


def test_no_function_runs_past_100_lines():
    long = []
    for module, path in _sources().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > 100:
                    long.append(f"{module}.{node.name}: {length} lines")
    assert not long, "\n".join(long)


def test_the_registry_fallback_is_what_pyproject_declares():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        tomllib = pytest.importorskip("tomli")
    from ttools import competitions

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"]
    assert declared[competitions.GROUP] == competitions.BUILT_IN


def test_every_competition_declares_the_whole_contract():
    from ttools import competitions
    from ttools.competitions.base import Competition, load_attr

    for comp in competitions.all_competitions():
        assert isinstance(comp, Competition)
        for attr in (
            "name",
            "titles",
            "entrant",
            "sizes",
            "languages",
            "default_lang",
            "schema",
            "loader",
            "computer",
            "summarizer",
            "sheets",
            "sheet_context",
        ):
            assert getattr(type(comp), attr, None), f"{comp.name} does not declare {attr}"
        assert comp.default_lang in comp.languages
        for path in (
            comp.loader,
            comp.computer,
            comp.summarizer,
            comp.sheets,
            comp.sheet_context,
            *(p for p in (comp.site, comp.reckoner) if p),
            *comp.commands.values(),
        ):
            assert load_attr(path) is not None, path
        assert all(comp.title(lang) for lang in comp.languages)


def test_a_problem_code_means_one_thing():
    from ttools.problems import define

    assert define("architecture-test", "one", "一") == "architecture-test"
    assert define("architecture-test", "one", "一") == "architecture-test"  # a module imported again
    with pytest.raises(ValueError, match="already defined"):
        define("architecture-test", "another", "另一")
    with pytest.raises(ValueError, match="already defined"):
        define("seed-derived", "a plugin's own seed message", "外掛")


def test_a_competition_two_packages_declare_is_refused_not_picked(monkeypatch):
    from ttools import competitions

    real = competitions._entry_points()
    monkeypatch.setattr(competitions, "_entry_points", lambda: [*real, ("scrabble", "someone_else.scrabble:Scrabble")])
    competitions._paths.cache_clear()
    competitions.get.cache_clear()
    try:
        with pytest.raises(KeyError, match="more than one installed package"):
            competitions.get("scrabble")
        assert competitions.get("shengji").name == "shengji"
    finally:
        monkeypatch.undo()
        competitions._paths.cache_clear()
        competitions.get.cache_clear()
        competitions._CLASHES.clear()
    assert competitions.get("scrabble").name == "scrabble"


def test_the_registry_reads_entry_points_as_importlib_metadata_does(tmp_path, monkeypatch):
    from importlib.metadata import entry_points

    from ttools import competitions

    def metadata() -> list[tuple[str, str]]:
        return sorted((ep.name, ep.value) for ep in entry_points(group=competitions.GROUP))

    assert sorted(competitions._entry_points()) == metadata()
    # a distribution of its own on the path, one ttools installed twice (the first wins), and
    # other groups in the same file
    plugin = tmp_path / "toy_thing-1.0.dist-info"
    plugin.mkdir()
    (plugin / "entry_points.txt").write_text(
        "[console_scripts]\nquiz = toy:main\n\n[ttools.competitions]\nquiz = toy_thing.competition:Quiz\n",
        encoding="utf-8",
    )
    (plugin / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-thing\nVersion: 1.0\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert sorted(competitions._entry_points()) == metadata()
    assert ("quiz", "toy_thing.competition:Quiz") in competitions._entry_points()


def test_every_module_imports_so_no_problem_code_is_defined_twice():
    """Importing every module of ttools defines every problem code: ``define`` refuses a code that
    two modules word differently (the last one imported used to win, wherever the problem arose)."""
    import importlib

    for module in _sources():
        importlib.import_module(module)


def test_a_class_declares_the_languages_its_schema_writes():
    from ttools import competitions
    from ttools.competitions.shengji import schema

    shengji = competitions.get("shengji")
    assert set(shengji.languages) == set(schema.LANGS) and shengji.default_lang == schema.DEFAULT_LANG


def test_competition_classes_load_nothing_heavy():
    """``ttools --help`` lists every competition's commands: the classes are declarations, their
    schema, rules and writers imported only when used."""
    import subprocess

    code = (
        "import sys; from ttools import competitions; competitions.all_competitions(); "
        "print(sorted(m for m in sys.modules if m.count('.') > 2 and not m.endswith(('.competition', '.guide'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"
