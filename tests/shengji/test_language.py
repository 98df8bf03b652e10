"""Shengji writes its Chinese one way: every literal in Traditional characters, Simplified derived
from it (``hans=`` only where Simplified Chinese uses another word); and every label, note, report
text and problem message exists in all three languages, with the same ``{fields}`` in each."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from openpyxl import load_workbook
from opencc_purepy import OpenCC

from ttools.competitions.shengji import compute, load
from ttools.competitions.shengji import schema as S
from ttools.competitions.shengji.guide import guide
from ttools.i18n import pick, simplified
from ttools.problems import _CATALOG

PACKAGE = Path(__file__).resolve().parents[2] / "ttools" / "competitions" / "shengji"
HAN = re.compile(r"[\u3400-\u9fff]")
S2T = OpenCC("s2t")
T2S = OpenCC("t2s")
LANGS = ("zh-Hans", "zh-Hant", "en")


def _trees() -> list[tuple[str, ast.AST]]:
    return [(f.name, ast.parse(f.read_text(encoding="utf-8"))) for f in sorted(PACKAGE.glob("*.py"))]


def _hans_wordings(tree: ast.AST) -> list[tuple[ast.Call, ast.Constant]]:
    """The ``hans=`` arguments given as literals, with their calls."""
    return [
        (node, k.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        for k in node.keywords
        if k.arg == "hans" and isinstance(k.value, ast.Constant)
    ]


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _calls(name: str) -> list[tuple[str, ast.Call]]:
    """Every call of the function ``name`` in the package (``t`` and ``ctx.t``: the translator)."""
    found = []
    for file, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and name in (
                getattr(node.func, "id", None),
                getattr(node.func, "attr", None),
            ):
                found.append((file, node))
    return found


def _fields(text: str) -> set[str]:
    return {f for _lit, f, _spec, _conv in string.Formatter().parse(text) if f is not None}


def test_every_chinese_literal_is_traditional():
    """Each Chinese string literal of the package (docstrings too) is left as it is by OpenCC's
    Simplified-to-Traditional conversion: a Simplified-only character (竞, 级, 庄, …) would be
    changed. The Simplified wordings given as ``hans=`` are the one exception, checked below."""
    checked, simplified_only = 0, []
    for file, tree in _trees():
        wordings = {id(value) for _call, value in _hans_wordings(tree)}
        for node in ast.walk(tree):
            text = _text(node)
            if text is None or not HAN.search(text) or id(node) in wordings:
                continue
            checked += 1
            if S2T.convert(text) != text:
                simplified_only.append(f"{file}:{node.lineno}: {text[:40]}")
    assert checked > 250
    assert simplified_only == []


def test_a_simplified_wording_is_given_only_where_the_derived_one_differs():
    """``hans=`` is Simplified Chinese, and says what converting the Traditional would not."""
    given = 0
    for file, tree in _trees():
        for call, value in _hans_wordings(tree):
            traditional = _text(call.args[0]) if call.args else None
            assert traditional is not None, f"{file}:{call.lineno}"
            assert T2S.convert(value.value) == value.value, f"{file}:{call.lineno}: not Simplified"
            assert simplified(traditional) != value.value, f"{file}:{call.lineno}: the derived text would do"
            assert _fields(value.value) == _fields(traditional), f"{file}:{call.lineno}"
            given += 1
    assert given >= 2  # 儲存格 is 单元格 in Simplified: the Guide's two lines


def test_every_translated_text_has_its_english_with_the_same_fields():
    """``t(traditional, english)`` everywhere: both given as literals, the Chinese in Chinese, the
    English in English, naming the same ``{fields}``."""
    calls = _calls("t") + _calls("tri")
    assert len(calls) > 200
    for file, call in calls:
        if all(isinstance(a, ast.Name) for a in call.args[:2]):
            continue  # a helper passing its texts on (the labels are checked as declared, below)
        zh, en = (_text(a) for a in call.args[:2])
        assert zh is not None and en is not None, f"{file}:{call.lineno}"
        assert not HAN.search(en), f"{file}:{call.lineno}: {en[:40]}"
        assert bool(HAN.search(zh)) or zh == "", f"{file}:{call.lineno}: {zh[:40]}"
        assert _fields(zh) == _fields(en), f"{file}:{call.lineno}"


def _labels():
    for spec in S.INPUT_SHEETS:
        yield spec.key, spec.names
        yield spec.key, spec.note
        for item in spec.columns + spec.settings:
            yield f"{spec.key}.{item.key}", item.names
            yield f"{spec.key}.{item.key} note", item.note
    for key, names in S.OUTPUTS.items():
        yield key, names
    yield "Guide", S.GUIDE


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_and_note_exists_in_each_language(lang):
    for where, texts in _labels():
        text = pick(texts, lang)
        if not text:  # a note may be left out, but then in every language
            assert not any(texts.values()), where
            continue
        assert bool(HAN.search(text)) == lang.startswith("zh") or where.startswith(("Event.language", "Rules.bands")), (
            where
        )
        if lang == "zh-Hans":
            assert text == simplified(texts["zh-Hant"]) == T2S.convert(texts["zh-Hant"]), where


def test_the_guide_has_the_same_sections_in_each_language():
    shapes = {lang: [(bool(h), len(lines)) for h, lines in guide(lang)[1]] for lang in LANGS}
    assert shapes["zh-Hans"] == shapes["zh-Hant"] == shapes["en"]
    title, sections = guide("zh-Hans")
    assert title == "竞技升级复式赛工作簿 · 使用说明"
    assert "只在浅黄色单元格输入；其余由 ttools 产生。" in sections[1][1]


def test_every_problem_message_exists_in_each_language_with_the_same_fields():
    codes = [
        v
        for module in (load, compute)
        for k, v in vars(module).items()
        if k.isupper() and isinstance(v, str) and v in _CATALOG
    ]
    assert len(codes) >= 25
    for code in codes:
        texts = {lang: pick(_CATALOG[code], lang) for lang in LANGS}
        assert all(texts.values()), code
        assert HAN.search(texts["zh-Hant"]) and HAN.search(texts["zh-Hans"]) and not HAN.search(texts["en"]), code
        assert S2T.convert(texts["zh-Hant"]) == texts["zh-Hant"], code
        assert texts["zh-Hans"] == T2S.convert(texts["zh-Hant"]), code
        assert _fields(texts["zh-Hant"]) == _fields(texts["en"]), code


def _workbook_texts(path: Path) -> list[str]:
    wb = load_workbook(path)
    texts = list(wb.sheetnames)
    for ws in wb.worksheets:
        if not ws.title.startswith("_"):
            texts += [c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
    return texts


@pytest.mark.parametrize("lang", LANGS)
def test_a_workbook_is_written_in_its_language_only(invoke, tmp_path, lang):
    """A blank event run once (round 1 seated): zh-Hant holds no Simplified-only character, zh-Hans
    no Traditional-only one, and en no Chinese at all."""
    path = tmp_path / f"{lang}.xlsx"
    assert invoke("new", "shengji", path, "--players", 9, "--lang", lang).exit_code == 0
    out = tmp_path / f"{lang}.out.xlsx"
    assert invoke("run", path, "-o", out).exit_code == 0
    texts = [text for text in _workbook_texts(out) if HAN.search(text)]
    if lang == "en":
        assert texts == []
    elif lang == "zh-Hant":
        assert len(texts) > 50 and [text for text in texts if S2T.convert(text) != text] == []
    else:
        assert len(texts) > 50 and [text for text in texts if T2S.convert(text) != text] == []
