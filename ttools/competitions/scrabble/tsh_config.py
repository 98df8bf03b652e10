"""A TSH event folder's ``config.tsh``: its divisions and their ``.t`` files, and the settings
a workbook can carry (event name and date, spread caps, bye and forfeit spreads). Every other
line is named in a warning, never dropped silently.

The file is TSH's own: ``division a a.t``, ``config key = value`` with Perl literals
(``"text"``, ``'text'``, numbers, ``[200, 700]`` lists, ``key{'A'}`` per division), and
commands such as ``autopair`` and ``prize`` that only TSH acts on.

Every file of an event is read through ``read_event_file``: only a regular file inside the
event folder (after links are resolved), bounded in size and line length; anything else is
refused in one line naming the file and why, quoting nothing of what it holds. TSH evaluates
``config.tsh`` as Perl, so every text ttools writes there is a single-quoted literal on one line.
"""

from __future__ import annotations

import datetime
import os
import re
import stat
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ttools.competitions.scrabble.tsh import one_line
from ttools.i18n import simplified
from ttools.problems import Problem, Unreadable, Where, define, error, warning
from ttools.workbook import normalize as nz

CONFIG_NAME = "config.tsh"
WRITTEN_BY = "# written by ttools export: the workbook is the record; this folder is rewritten by each export"
MAX_FILE_BYTES = 20 * 1024 * 1024  # the largest real division files are a few hundred KB
MAX_LINE_BYTES = 64 * 1024  # a player line of a hundred rounds is a few KB


class FileRefused(Unreadable):
    """A file of a TSH event that is not read (exit 2, one line): outside the event folder, not a
    regular file, too large, a line too long, or not text. The message names the file and why
    and quotes nothing of what it holds."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))  # a file name is shown as one line, no terminal codes


_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _not_regular(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return f"{kind}, not a regular file"


def inside(path: str, folder: str) -> bool:
    """Is ``path`` inside ``folder`` once both are resolved (links, ``..``)?"""
    base, real = os.path.realpath(folder), os.path.realpath(path)
    try:
        return os.path.commonpath([base, real]) == base and real != base
    except ValueError:  # another drive
        return False


def _read_bounded(real: str, shown: str) -> bytes:
    """The bytes of the regular file ``real``: checked before it is opened (a FIFO or a device is
    never opened), opened without blocking or following a link put there since, and read to the
    size limit at most."""
    try:
        before = os.stat(real)
    except OSError as exc:
        raise FileRefused(f"{shown}: {exc.strerror or exc}") from None
    why = _not_regular(before.st_mode) or (
        f"larger than {MAX_FILE_BYTES >> 20} MB" if before.st_size > MAX_FILE_BYTES else None
    )
    if why:
        raise FileRefused(f"{shown}: {why}")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(real, flags)
    except OSError as exc:
        raise FileRefused(f"{shown}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as fh:
        now = os.fstat(fh.fileno())
        if (now.st_dev, now.st_ino) != (before.st_dev, before.st_ino) or not stat.S_ISREG(now.st_mode):
            raise FileRefused(f"{shown}: replaced while being read")
        raw = fh.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise FileRefused(f"{shown}: larger than {MAX_FILE_BYTES >> 20} MB")
    return raw


def read_event_file(path: str, folder: str) -> str:
    """The text of ``path``, a file of the TSH event in ``folder``: a regular file inside the
    folder after links are resolved, at most MAX_FILE_BYTES, no line longer than MAX_LINE_BYTES,
    UTF-8 (TSH's utf8 option) or else Latin-1 (its default before). Anything else raises
    ``FileRefused`` naming the file and why."""
    if not inside(path, folder):
        raise FileRefused(f"{path}: outside the event folder {folder}")
    raw = _read_bounded(os.path.realpath(path), path)
    if b"\0" in raw:
        raise FileRefused(f"{path}: not text (it holds NUL bytes)")
    if max(map(len, raw.splitlines()), default=0) > MAX_LINE_BYTES:
        raise FileRefused(f"{path}: a line longer than {MAX_LINE_BYTES >> 10} KB")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def written_by_ttools(folder: str) -> bool:
    """Does ``folder`` hold a config.tsh that ``ttools export`` wrote (so it may be rewritten)?"""
    path = os.path.join(folder, CONFIG_NAME)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False  # never opened: a FIFO would wait, a device never end
        with open(path, encoding="utf-8-sig") as fh:
            return fh.readline(len(WRITTEN_BY) + 2).rstrip("\r\n") == WRITTEN_BY
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
    "{items} — no meaning in ttools ({why}); not carried over.",
    "{items_zh}——於 ttools 無作用（{why_zh}）；不會帶入。",
)
VALUE_UNREADABLE = define(
    "tsh-config-value-unreadable",
    "config.tsh line {line}: {key} = {value} is not understood; it is not carried over.",
    "config.tsh 第 {line} 行：{key} = {value} 無法判讀，不會帶入。",
)

_MONTHS = {
    m: i + 1 for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"))
}


@dataclass
class TshConfig:
    divisions: list[tuple[str, str]] = field(default_factory=list)  # (division, path of its .t file)
    event: dict[str, Any] = field(default_factory=dict)  # Event sheet settings
    rules: dict[str, Any] = field(default_factory=dict)  # Rules sheet settings
    problems: list[Problem] = field(default_factory=list)
    lang: str = ""  # the workbook's language, from the comment a ttools export writes ("" = not said)


def parse_date(text: str) -> datetime.date | None:
    """An event date as TSH configs write it: 2020-02-19, "February 19, 2020", "19 Feb 2020",
    or a range ("February 14-16, 2026": its first day)."""
    text = text.strip()
    m = re.match(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", text)
    if m:
        y, mo, d = map(int, m.groups())
    else:
        m = re.match(r"^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2})\D.*?(\d{4})$", text) or re.match(
            r"^([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2})\s+(\d{4})$", text
        )
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


_SINGLE_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'", re.DOTALL)


def _literal(text: str) -> Any:
    """A Perl scalar or list literal as TSH configs write them; None when not understood. In a
    single-quoted one, ``\\'`` and ``\\\\`` are the only escapes (as Perl reads it)."""
    text = text.strip().rstrip(";").strip()
    quoted = _SINGLE_QUOTED.fullmatch(text)
    if quoted:
        return re.sub(r"\\([\\'])", r"\1", quoted.group(1))
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    if text.startswith("[") and text.endswith("]"):
        items = [_literal(x) for x in text[1:-1].split(",") if x.strip()]
        return None if any(i is None for i in items) else items
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return None


# config.tsh lines with no meaning in ttools, each with the reason (one warning line each).
TSH_ONLY = {
    "assign_firsts": (
        "ttools 一律依 TSH 之 SynchFirsts 決定先手",
        "ttools always decides who starts, as TSH's SynchFirsts does",
    ),
    "check_by_winner": (
        "TSH 之輸入方式（由勝方填寫）；ttools 讀成績表",
        "TSH's score entry (the winner's slip); ttools reads Results",
    ),
    "final_draw": (
        "TSH 於賽桌抽先手；ttools 以抽籤種子抽",
        "TSH's drawing of starts at the board; ttools draws from the seed",
    ),
    "html_directory": (
        "TSH 網頁之存放處；ttools 自行發佈網站",
        "where TSH writes its web pages; ttools publishes its own site",
    ),
    "html_index_recent_first": ("TSH 網頁索引之次序", "the order of TSH's web index"),
    "next_round_style": ("TSH 顯示下一回合之方式", "how TSH shows the next round"),
    "no_boards": (
        "TSH 印表不列桌號；ttools 一律編桌號",
        "TSH's printouts without boards; ttools always numbers tables",
    ),
    "no_index_tally_slips": ("TSH 之計分單索引", "TSH's index of tally slips"),
    "no_text_files": ("TSH 之文字報表檔；ttools 自有工作表", "TSH's text report files; ttools writes its own sheets"),
    "realm": ("TSH 各地區之報表預設", "TSH's regional defaults for its own reports"),
    "tfile_encoding": (
        "TSH 寫 .t 檔之編碼；ttools 兩者皆讀",
        "how TSH writes .t files; ttools reads UTF-8 and Latin-1 alike",
    ),
    "begin": ("TSH 啟動時執行之指令", "a TSH command run at start-up"),
}
UNKNOWN = ("ttools 不認識此設定", "not a setting ttools knows")
# Lines that do mean something in ttools but are not read from config.tsh: where to set them.
SET_BY_HAND = {
    "autopair": ("回合表之編配方式", "each round's method on the Rounds sheet"),
    "pairing_system": ("回合表之編配方式", "each round's method on the Rounds sheet"),
    "swiss_order": ("回合表之編配方式", "each round's method on the Rounds sheet"),
    "max_rounds": ("回合表列出各回合", "the rounds listed on the Rounds sheet"),
    "prize": ("獎項表", "the Prizes sheet"),
    "prize_bands": ("參賽者表之級別欄及獎項表", "the Players class column and the Prizes sheet"),
    "rating_system": ("規則表之評分制度", "rating_system on Rules, a system ttools offers"),
}
CONFIG_SET_BY_HAND = define(
    "tsh-config-set-by-hand",
    "{item} — not carried over; set it in the workbook: {what}.",
    "{item_zh}——不會帶入；請於工作簿設定：{what_zh}。",
)
_TRUE = {"1", "yes", "true", "on", "strict"}
TTOOLS_WITHDRAWN = "# ttools withdrawn = "  # a comment TSH skips: ttools' own place for withdrawn players
TTOOLS_LANGUAGE = "# ttools language = "  # a comment TSH skips: the language of the workbook exported
LANGUAGES = ("zh-Hant", "zh-Hans", "en")


def read_config(folder: str) -> TshConfig:
    """Read ``folder/config.tsh``: the divisions, and the settings the workbook carries (Event:
    name, date, bye and forfeit spreads; Rules: spread caps, ``withdrawn`` from show_inactive,
    gibson). Every other line is a warning of its own, saying why it is not carried."""
    out = TshConfig()
    path = os.path.join(folder, CONFIG_NAME)
    where = Where(CONFIG_NAME, "")
    if not os.path.lexists(path):
        out.problems.append(error(CONFIG_MISSING, Where(folder, ""), folder=folder))
        return out
    text = read_event_file(path, folder)
    skipped: dict[str, list[int]] = defaultdict(list)
    own_withdrawn = None
    for lineno, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if line.startswith(TTOOLS_WITHDRAWN) and text.startswith(WRITTEN_BY):
            own_withdrawn = line[len(TTOOLS_WITHDRAWN) :].strip()
        if line.startswith(TTOOLS_LANGUAGE) and text.startswith(WRITTEN_BY):
            said = line[len(TTOOLS_LANGUAGE) :].strip()
            out.lang = said if said in LANGUAGES else out.lang
        if not line or line.startswith("#"):
            continue
        words = line.split()
        command = words[0].lower()
        if command == "division" and len(words) >= 3:
            _division_line(out, folder, words, lineno, where)
            continue
        m = re.match(r"^config\s+(\w+)(\{[^}]*\})?\s*=\s*(.*)$", line, re.IGNORECASE)
        if not m:
            skipped[command].append(lineno)
        elif m.group(2):  # a per-division setting, config key{'A'} = …
            skipped[f"config {m.group(1).lower()}{m.group(2)}"].append(lineno)
        elif not _setting(out, m.group(1).lower(), m.group(3), lineno, where):
            skipped[f"config {m.group(1).lower()}"].append(lineno)
    # TSH's standings leave inactive players out unless show_inactive is set; ttools' own
    # "listed below, unranked" (which TSH cannot print) comes back from its comment
    if own_withdrawn == "below" and out.rules.get("withdrawn") == "ranked":
        out.rules["withdrawn"] = "below"
    out.rules.setdefault("withdrawn", "hidden")
    out.problems += _skipped(skipped, where)
    return out


def _division_line(out: TshConfig, folder: str, words: list[str], lineno: int, where: Where) -> None:
    """``division a a.t``: the division and its file (never one outside the folder)."""
    division = nz.parse_code(words[1]) or "A"
    file = os.path.join(folder, words[2])
    if not inside(file, folder):  # config.tsh may name any path: read none outside
        raise FileRefused(f"{file}: outside the event folder {folder}")
    if not os.path.exists(file):
        out.problems.append(error(DIVISION_FILE_MISSING, where, line=lineno, division=division, file=words[2]))
        return
    out.divisions.append((division, file))


def _setting(out: TshConfig, key: str, value_text: str, lineno: int, where: Where) -> bool:
    """A ``config key = value`` line the workbook carries, into ``out``; False for any other key."""
    value = _literal(value_text)
    unreadable = warning(VALUE_UNREADABLE, where, line=lineno, key=key, value=value_text.strip())
    if key == "event_name" and isinstance(value, str):
        out.event["name"] = value
    elif key == "event_date" and isinstance(value, str):
        date = parse_date(value)
        if date is None:
            out.problems.append(unreadable)
        else:
            out.event["date"] = date.isoformat()
    elif key in ("bye_spread", "forfeit_spread") and isinstance(value, int):
        out.event[key] = value
    elif key == "spread_cap" and (
        isinstance(value, int) or (isinstance(value, list) and all(isinstance(v, int) for v in value))
    ):
        caps = value if isinstance(value, list) else [value]
        if caps and all(c > 0 for c in caps):
            out.rules["spread_cap"] = ", ".join(map(str, caps))
        else:
            out.problems.append(unreadable)
    elif key in ("show_inactive", "gibson") and isinstance(value, (int, str)):
        on = str(value).strip().lower() in _TRUE
        if key == "show_inactive":
            out.rules["withdrawn"] = "ranked" if on else "hidden"
        elif on:
            out.rules["gibson"] = 1
    elif key in ("event_name", "event_date", "bye_spread", "forfeit_spread", "spread_cap", "show_inactive", "gibson"):
        out.problems.append(unreadable)
    else:
        return False
    return True


def _skipped(skipped: dict[str, list[int]], where: Where) -> list[Problem]:
    """One warning per line kind not carried over, with why: no meaning in ttools, set it in the
    workbook instead, or not known to ttools."""
    out = []
    for item, lines in sorted(skipped.items(), key=lambda kv: kv[1][0]):
        shown = f"{item} (line {', '.join(map(str, lines))})" if len(lines) < 4 else f"{item} ({len(lines)} lines)"
        shown_zh = f"{item}（第 {'、'.join(map(str, lines))} 行）" if len(lines) < 4 else f"{item}（{len(lines)} 行）"
        key = re.sub(r"^config |\{.*$", "", item)
        if key in SET_BY_HAND:
            zh, en = SET_BY_HAND[key]
            out.append(warning(CONFIG_SET_BY_HAND, where, item=shown, item_zh=shown_zh, what=en, what_zh=zh))
        else:
            zh, en = TSH_ONLY.get(key, UNKNOWN)
            out.append(warning(NOT_CARRIED, where, items=shown, items_zh=shown_zh, why=en, why_zh=zh))
    return out


def write_config(
    name: str,
    date: datetime.date | None,
    rules: Any,
    divisions: list[tuple[str, str]],
    withdrawn: str = "below",
    gibson: bool = False,
    lang: str = "",
) -> str:
    """A ``config.tsh`` for exported ``.t`` files: the divisions, the event's name and date,
    the bye spread, any spread caps, ``show_inactive`` (withdrawn players listed: ``ranked``,
    and ``below``, which TSH cannot print and ttools keeps in a comment TSH skips) and
    ``gibson``, so that TSH (and ``ttools import-tsh``) reads the folder as the event it is; the
    workbook's language ``lang`` in a comment TSH skips, for ``import-tsh`` to write and speak."""
    lines = [WRITTEN_BY] + [f"division {_word(d.lower())} {_word(file)}" for d, file in divisions]
    if name:
        lines.append(f"config event_name = {perl_text(name)}")
    if date is not None:
        lines.append(f"config event_date = {perl_text(date.isoformat())}")
    lines.append(f"config bye_spread = {int(rules.bye_spread)}")  # numbers: digits only
    if rules.spread_cap:
        lines.append("config spread_cap = [%s]" % ", ".join(str(int(c)) for c in rules.spread_cap))
    if withdrawn in ("below", "ranked"):
        lines.append("config show_inactive = 1")
    if withdrawn == "below":
        lines.append(TTOOLS_WITHDRAWN + "below")
    if gibson:
        lines.append("config gibson = 1")
    if lang in LANGUAGES:
        lines.append(TTOOLS_LANGUAGE + lang)
    return "\n".join(lines) + "\n"


def perl_text(text: str) -> str:
    """``text`` as a Perl single-quoted literal on one line: Perl interpolates and runs nothing in
    it (``@{[ … ]}``, ``$x`` stay text), and only ``\\`` and ``'`` are escaped."""
    return "'" + one_line(text).replace("\\", "\\\\").replace("'", "\\'") + "'"


def _word(text: str) -> str:
    """One word of a ``division`` line (TSH splits the line on spaces)."""
    return "".join(one_line(text).split()) or "_"
