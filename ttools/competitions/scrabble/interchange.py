"""Files to and from other tournament software: an event workbook out to a TSH event folder
and a WESPA ``.tou`` ratings file; a TSH event folder (or loose ``.t`` files) in to a new
event workbook."""

from __future__ import annotations

import datetime
import os
import re
from typing import Sequence

from ttools.competitions.scrabble.competition import NAME, write_input_workbook
from ttools.competitions.scrabble.compute import compute
from ttools.competitions.scrabble.load import load
from ttools.competitions.scrabble import tsh_config
from ttools.competitions.scrabble.tsh import export_t, export_tou, import_t, tou_name
from ttools.core.draw import derive_seed
from ttools.i18n import simplified
from ttools.outcome import Outcome
from ttools.problems import Problem, Where, define, warning
from ttools.workbook import normalize as nz


TOU_NAME_NOT_ASCII = define(
    "tou-name-not-ascii",
    "the .tou ratings file takes names in ASCII letters; {players}: fill in name_latin on Players, "
    "or some readers will misalign their lines",
    "WESPA .tou 評分檔只收 ASCII 字母姓名；{players}：請於參賽者表填寫「英文姓名」，否則部分讀取程式會錯位",
    # Simplified Chinese says 程序 (程式)
    simplified("WESPA .tou 評分檔只收 ASCII 字母姓名；{players}：請於參賽者表填寫「英文姓名」，否則部分讀取程序會錯位"),
)


def _file_stem(text: str, fallback: str) -> str:
    stem = re.sub(r"[^\w.-]+", "_", text.strip(), flags=re.UNICODE).strip("._")
    return stem or fallback


def export_event(path: str, folder: str | None = None, today: datetime.date | None = None) -> tuple[list[str], Outcome]:
    """Write a TSH event folder — ``<division>.t`` for every division and a ``config.tsh`` naming
    them — and ``<event>.tou`` into ``folder`` (default: beside the workbook). Slips with errors
    are left out, as in processing, except a game with one score entered, whose score is
    written; the outcome carries the problems. Files that ttools did not write are never
    replaced. Raises ``Unreadable`` for a file that is not a workbook, ``ValueError`` for a
    workbook of another competition or a folder holding TSH's own files."""
    from ttools.files import check_outputs
    from ttools.pipeline import identify
    from ttools.workbook.read import read_book

    book = read_book(path)
    if identify(book) != NAME:
        raise ValueError(f"{path} is not a scrabble event workbook")
    data, problems = load(book)
    res = compute(data, problems)
    outcome = Outcome(competition=NAME, lang=data.lang, problems=problems)
    folder = folder or os.path.dirname(os.path.abspath(path))
    targets = [os.path.join(folder, _file_stem(d.lower(), "division") + ".t") for d in res.divisions]
    targets += [os.path.join(folder, tsh_config.CONFIG_NAME), os.path.join(folder, _file_stem(data.name, "event") + ".tou")]
    check_outputs([path], targets)      # never the workbook read, whatever the spelling
    clash = [t for t in targets if os.path.exists(t)]
    if clash and not tsh_config.written_by_ttools(folder):
        raise ValueError(f"{folder} already holds {', '.join(os.path.basename(t) for t in clash)} that ttools did not write "
                         "(a TSH event folder?); export to another folder with --to")
    os.makedirs(folder, exist_ok=True)
    written = []
    for d, div in res.divisions.items():
        target = os.path.join(folder, _file_stem(d.lower(), "division") + ".t")
        with open(target, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(export_t(div.players, div.games + div.pending + div.half, data.rules))
        written.append(target)
    target = os.path.join(folder, tsh_config.CONFIG_NAME)
    with open(target, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(tsh_config.write_config(data.name, data.date, data.rules,
                                         [(d, _file_stem(d.lower(), "division") + ".t") for d in res.divisions]))
    written.append(target)
    tou = export_tou(data.name or "ttools", data.date or today or datetime.date.today(),
                     [(d, div.players, div.outcomes) for d, div in res.divisions.items()])
    unreadable = [p for div in res.divisions.values() for p in div.players if tou_name(p) is None]
    if unreadable:
        problems.append(warning(TOU_NAME_NOT_ASCII, Where(data.sheet("Players"), ""),
                                players=", ".join(f"{p.id} {p.name}" for p in unreadable)))
    target = os.path.join(folder, _file_stem(data.name, "event") + ".tou")
    with open(target, "w", encoding="ascii" if tou.isascii() else "utf-8", newline="") as fh:
        fh.write(tou)
    written.append(target)
    return written, outcome


def _read_text(path: str) -> str:
    with open(path, "rb") as fh:
        raw = fh.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")  # TSH's default encoding before its utf8 option


def import_tsh(paths: Sequence[str], output: str, lang: str | None = None, name: str = "") -> list[Problem]:
    """A new event workbook from a TSH event folder (its ``config.tsh`` names the divisions,
    their files and the event's settings) or from loose ``.t`` files, one division per file
    (named after the file: ``a.t`` is division A). Player ids are the TSH numbers (``A1``,
    ``A2`` … when there are several divisions). A game is written with the player who started
    as player1 where the file says (``p12``); otherwise ``first`` says it is not known. TSH
    keeps a forfeit as two byes (+spread and −spread), and so does the workbook. What the
    workbook cannot carry is listed as warnings. Returns the problems; with an error nothing
    is written."""
    problems: list[Problem] = []
    event: dict = {"name": name}
    rules: dict = {}
    files: list[tuple[str, str]] = []      # (division, path)
    for path in paths:
        if os.path.isdir(path):
            config = tsh_config.read_config(path)
            problems += config.problems
            files += config.divisions
            event.update({k: v for k, v in config.event.items() if v not in ("", None) and not event.get(k)})
            rules.update(config.rules)
        else:
            files.append((nz.parse_code(os.path.splitext(os.path.basename(path))[0]) or "A", path))
    if any(p.severity == "error" for p in problems):
        return problems
    if not files:
        raise ValueError("no TSH division files found (a config.tsh naming them, or .t files)")
    divisions = []
    seen: dict[str, str] = {}
    for division, path in files:
        if division in seen:
            raise ValueError(f"{path} and {seen[division]} would both be division {division}")
        seen[division] = path
        text = _read_text(path)
        divisions.append((division, text, import_t(text, os.path.basename(path), division)))
    problems += [p for _, _, div in divisions for p in div.problems]
    if any(p.severity == "error" for p in problems):
        return problems

    prefix = len(divisions) > 1
    players, results = [], []
    for division, _text, div in divisions:
        def pid(number: str | None, division: str = division) -> str:
            return "" if not number else (f"{division}{number}" if prefix else number)

        for p in div.players:
            players.append({"id": pid(p.id), "name": p.name, "rating": p.rating or "", "club": p.club,
                            "division": division, "withdrawn_after": "" if p.withdrawn_after is None else p.withdrawn_after,
                            "class": p.rating_class})
        for g in div.games:
            results.append({"round": g.round, "table": g.table or "", "player1": pid(g.player1),
                            "score1": "" if g.score1 is None else g.score1, "player2": pid(g.player2),
                            "score2": "" if g.score2 is None else g.score2, "forfeit": g.forfeit or "",
                            "first": "?" if g.player2 and g.first is None else "",
                            "penalty1": g.penalty1 or "", "penalty2": g.penalty2 or ""})
    event["seed"] = derive_seed(*(text for _, text, _ in divisions))
    write_input_workbook(output, players, {"Results": results}, event=event, rules=rules, lang=lang or "zh-Hant")
    return problems
