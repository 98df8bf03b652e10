"""A TSH event folder's ``config.tsh``: its divisions and their ``.t`` files, and the settings
a workbook can carry (event name and date, spread caps, bye and forfeit spreads). Every other
line is named in a warning, never dropped silently.

The file is TSH's own: ``division a a.t``, ``config key = value`` with Perl literals
(``"text"``, ``'text'``, numbers, ``[200, 700]`` lists, ``key{'A'}`` per division), and
commands such as ``autopair`` and ``prize`` that only TSH acts on.
"""

from __future__ import annotations

import datetime
import os
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ttools.i18n import simplified
from ttools.problems import Problem, Where, define, error, warning
from ttools.workbook import normalize as nz

CONFIG_NAME = "config.tsh"
WRITTEN_BY = "# written by ttools export: the workbook is the record; this folder is rewritten by each export"


def written_by_ttools(folder: str) -> bool:
    """Does ``folder`` hold a config.tsh that ``ttools export`` wrote (so it may be rewritten)?"""
    try:
        with open(os.path.join(folder, CONFIG_NAME), encoding="utf-8-sig") as fh:
            return fh.readline().rstrip("\r\n") == WRITTEN_BY
    except (OSError, UnicodeDecodeError):
        return False

CONFIG_MISSING = define(
    "tsh-config-missing",
    "{folder} has no config.tsh (a TSH event folder has one); give the .t files instead.",
    "{folder} 沒有 config.tsh（TSH 賽事資料夾應有此檔）；請改為指定 .t 檔。",
    # Simplified Chinese says 文件 (檔案) and 文件夾 (資料夾)
    simplified("{folder} 沒有 config.tsh（TSH 賽事文件夾應有此文件）；請改為指定 .t 文件。"),
)
DIVISION_FILE_MISSING = define(
    "tsh-division-file-missing",
    "config.tsh line {line}: division {division}'s file {file} is not in the folder.",
    "config.tsh 第 {line} 行：{division} 組之檔案 {file} 不在資料夾內。",
    # Simplified Chinese says 文件 (檔案) and 文件夾 (資料夾)
    simplified("config.tsh 第 {line} 行：{division} 組之文件 {file} 不在文件夾內。"),
)
NOT_CARRIED = define(
    "tsh-config-not-carried",
    "config.tsh: {items} — not carried over to the workbook (TSH-only settings and commands).",
    "config.tsh：{items}——不會帶入工作簿（只適用於 TSH 之設定及指令）。",
)
VALUE_UNREADABLE = define(
    "tsh-config-value-unreadable",
    "config.tsh line {line}: {key} = {value} is not understood; it is not carried over.",
    "config.tsh 第 {line} 行：{key} = {value} 無法判讀，不會帶入。",
)

_MONTHS = {m: i + 1 for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"))}


@dataclass
class TshConfig:
    divisions: list[tuple[str, str]] = field(default_factory=list)   # (division, path of its .t file)
    event: dict[str, Any] = field(default_factory=dict)              # Event sheet settings
    rules: dict[str, Any] = field(default_factory=dict)              # Rules sheet settings
    problems: list[Problem] = field(default_factory=list)


def parse_date(text: str) -> datetime.date | None:
    """An event date as TSH configs write it: 2020-02-19, "February 19, 2020", "19 Feb 2020",
    or a range ("February 14-16, 2026": its first day)."""
    text = text.strip()
    m = re.match(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", text)
    if m:
        y, mo, d = map(int, m.groups())
    else:
        m = re.match(r"^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2})\D.*?(\d{4})$", text) or re.match(r"^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2})\s+(\d{4})$", text)
        if m and m.group(1).lower() in _MONTHS:
            mo, d, y = _MONTHS[m.group(1).lower()], int(m.group(2)), int(m.group(3))
        else:
            m = re.match(r"^(\d{1,2})(?:\s*[-–]\s*\d{1,2})?\s+([A-Za-z]{3})[a-z]*\.?,?\s+(\d{4})$", text)
            if not (m and m.group(2).lower() in _MONTHS):
                return None
            d, mo, y = int(m.group(1)), _MONTHS[m.group(2).lower()], int(m.group(3))
    try:
        return datetime.date(y, mo, d)
    except ValueError:
        return None


def _literal(text: str) -> Any:
    """A Perl scalar or list literal as TSH configs write them; None when not understood."""
    text = text.strip().rstrip(";").strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    if text.startswith("[") and text.endswith("]"):
        items = [_literal(x) for x in text[1:-1].split(",") if x.strip()]
        return None if any(i is None for i in items) else items
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return None


def read_config(folder: str) -> TshConfig:
    """Read ``folder/config.tsh``."""
    out = TshConfig()
    path = os.path.join(folder, CONFIG_NAME)
    where = Where(CONFIG_NAME, "")
    if not os.path.exists(path):
        out.problems.append(error(CONFIG_MISSING, Where(folder, ""), folder=folder))
        return out
    with open(path, "rb") as fh:
        raw = fh.read()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    skipped: dict[str, list[int]] = defaultdict(list)
    for lineno, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        command = words[0].lower()
        if command == "division" and len(words) >= 3:
            division = nz.parse_code(words[1]) or "A"
            file = os.path.join(folder, words[2])
            if not os.path.exists(file):
                out.problems.append(error(DIVISION_FILE_MISSING, where, line=lineno, division=division, file=words[2]))
                continue
            out.divisions.append((division, file))
            continue
        m = re.match(r"^config\s+(\w+)(\{[^}]*\})?\s*=\s*(.*)$", line, re.IGNORECASE)
        if not m:
            skipped[command].append(lineno)
            continue
        if m.group(2):   # a per-division setting, config key{'A'} = …
            skipped[f"config {m.group(1).lower()}{m.group(2)}"].append(lineno)
            continue
        key, value_text = m.group(1).lower(), m.group(3)
        value = _literal(value_text)
        if key == "event_name" and isinstance(value, str):
            out.event["name"] = value
        elif key == "event_date" and isinstance(value, str):
            date = parse_date(value)
            if date is None:
                out.problems.append(warning(VALUE_UNREADABLE, where, line=lineno, key=key, value=value_text.strip()))
            else:
                out.event["date"] = date.isoformat()
        elif key in ("bye_spread", "forfeit_spread") and isinstance(value, int):
            out.event[key] = value
        elif key == "spread_cap" and (isinstance(value, int) or (isinstance(value, list) and all(isinstance(v, int) for v in value))):
            caps = value if isinstance(value, list) else [value]
            if caps and all(c > 0 for c in caps):
                out.rules["spread_cap"] = ", ".join(map(str, caps))
            else:
                out.problems.append(warning(VALUE_UNREADABLE, where, line=lineno, key=key, value=value_text.strip()))
        elif key in ("event_name", "event_date", "bye_spread", "forfeit_spread", "spread_cap"):
            out.problems.append(warning(VALUE_UNREADABLE, where, line=lineno, key=key, value=value_text.strip()))
        else:
            skipped[f"config {key}"].append(lineno)
    if skipped:
        items = "; ".join(f"{k} (line {', '.join(map(str, v))})" if len(v) < 4 else f"{k} ({len(v)} lines)"
                          for k, v in sorted(skipped.items(), key=lambda kv: kv[1][0]))
        out.problems.append(warning(NOT_CARRIED, where, items=items))
    return out


def write_config(name: str, date: datetime.date | None, rules: Any, divisions: list[tuple[str, str]]) -> str:
    """A ``config.tsh`` for exported ``.t`` files: the divisions, the event's name and date,
    the bye spread and any spread caps, so that TSH (and ``ttools import-tsh``) reads the
    folder as the event it is."""
    lines = [WRITTEN_BY] + [f"division {d.lower()} {file}" for d, file in divisions]
    if name:
        lines.append('config event_name = "%s"' % name.replace('"', "'"))
    if date is not None:
        lines.append('config event_date = "%s"' % date.isoformat())
    lines.append(f"config bye_spread = {rules.bye_spread}")
    if rules.spread_cap:
        lines.append("config spread_cap = [%s]" % ", ".join(map(str, rules.spread_cap)))
    return "\n".join(lines) + "\n"
