"""Files to and from other tournament software: an event workbook out to a TSH event folder
and a WESPA ``.tou`` ratings file; a TSH event folder (or loose ``.t`` files) in to a new
event workbook."""

from __future__ import annotations

import datetime
import os
import re
from typing import Any, Sequence

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
    replaced; each file is written atomically (a half-written one never replaces a good one).
    Typed text stays text: line breaks are folded, config.tsh values are Perl single-quoted.
    Raises ``Unreadable`` for a file that is not a workbook, ``ValueError`` for a workbook of
    another competition or a folder holding TSH's own files."""
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
    files = _export_files(data, res, today)
    targets = [os.path.join(folder, name) for name, _, _ in files]
    check_outputs([path], targets)  # never the workbook read, whatever the spelling
    clash = [t for t in targets if os.path.exists(t)]
    if clash and not tsh_config.written_by_ttools(folder):
        raise ValueError(
            f"{folder} already holds {', '.join(os.path.basename(t) for t in clash)} that ttools did not write "
            "(a TSH event folder?); export to another folder with --to"
        )
    unreadable = [p for div in res.divisions.values() for p in div.players if tou_name(p) is None]
    if unreadable:
        problems.append(
            warning(
                TOU_NAME_NOT_ASCII,
                Where(data.sheet("Players"), ""),
                players=", ".join(f"{p.id} {p.name}" for p in unreadable),
            )
        )
    os.makedirs(folder, exist_ok=True)
    for target, (_, text, newline) in zip(targets, files):
        _write_file(target, text, newline)
    return targets, outcome


def _export_files(data: Any, res: Any, today: datetime.date | None) -> list[tuple[str, str, str]]:
    """(file name, text, line ending) of every exported file, in the order they are written:
    the divisions' ``.t`` files, ``config.tsh`` and the ``.tou`` file."""
    t_names = {d: _file_stem(d.lower(), "division") + ".t" for d in res.divisions}
    files = [
        (t_names[d], export_t(div.players, div.games + div.pending + div.half, data.rules), "\n")
        for d, div in res.divisions.items()
    ]
    files.append(
        (
            tsh_config.CONFIG_NAME,
            tsh_config.write_config(
                data.name,
                data.date,
                data.rules,
                list(t_names.items()),
                withdrawn=data.withdrawn,
                gibson=bool(getattr(data, "gibson", False)),
                lang=data.lang,
            ),
            "\n",
        )
    )
    tou = export_tou(
        data.name or "ttools",
        data.date or today or datetime.date.today(),
        [(d, div.players, div.outcomes) for d, div in res.divisions.items()],
        data.rules,
    )
    files.append((_file_stem(data.name, "event") + ".tou", tou, ""))
    return files


def _write_file(target: str, text: str, newline: str) -> None:
    """``text`` into ``target`` atomically; ASCII text stays ASCII, anything else is UTF-8."""
    from ttools.files import write_atomic

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="ascii" if text.isascii() else "utf-8", newline=newline) as fh:
            fh.write(text)

    write_atomic(target, write, suffix=".tmp")


def import_tsh(paths: Sequence[str], output: str, lang: str | None = None, name: str = "") -> tuple[list[Problem], str]:
    """A new event workbook from a TSH event folder (its ``config.tsh`` names the divisions,
    their files and the event's settings) or from loose ``.t`` files, one division per file
    (named after the file: ``a.t`` is division A). Player ids are the TSH numbers (``A1``,
    ``A2`` … when there are several divisions). A game is written with the player who started
    as player1 where the file says (``p12``); otherwise ``first`` says it is not known. TSH
    keeps a forfeit as two byes (+spread and −spread), and so does the workbook. What the
    workbook cannot carry is listed as warnings. The workbook's language is ``lang``, else the
    one a config.tsh written by ttools export says, else the competition's default. Returns
    the problems and that language (the problems are shown in it); with an error nothing is
    written. Only regular files inside the event folder (a loose file's own folder) are
    read, bounded in size and line length: anything else raises ``tsh_config.FileRefused``.
    The workbook is written atomically."""
    from ttools.files import write_atomic

    from ttools.competitions.scrabble.competition import Scrabble

    problems: list[Problem] = []
    event: dict = {"name": name}
    rules: dict = {}
    said: list[str] = []  # the languages config.tsh files say
    files = _division_files(paths, event, rules, problems, said)
    lang = Scrabble().lang(lang or next(iter(said), None))
    if any(p.severity == "error" for p in problems):
        return problems, lang
    divisions = [
        (division, text, import_t(text, os.path.basename(path), division))
        for division, path, text in _division_texts(files)
    ]
    problems += [p for _, _, div in divisions for p in div.problems]
    if any(p.severity == "error" for p in problems):
        return problems, lang
    players, results = _workbook_rows([(division, div) for division, _, div in divisions])
    event["seed"] = derive_seed(*(text for _, text, _ in divisions))

    def write(tmp: str) -> None:
        write_input_workbook(tmp, players, {"Results": results}, event=event, rules=rules, lang=lang)

    write_atomic(output, write, suffix=".xlsx")
    return problems, lang


def _division_files(
    paths: Sequence[str], event: dict, rules: dict, problems: list[Problem], said: list[str]
) -> list[tuple[str, str, str]]:
    """(division, path, event folder) of every division file: those a folder's config.tsh names
    (its settings go into ``event`` and ``rules``, the language it says into ``said``) and
    loose files, each its own division."""
    files: list[tuple[str, str, str]] = []
    for path in paths:
        if os.path.isdir(path):
            config = tsh_config.read_config(path)
            problems += config.problems
            files += [(division, file, path) for division, file in config.divisions]
            event.update({k: v for k, v in config.event.items() if v not in ("", None) and not event.get(k)})
            rules.update(config.rules)
            said += [config.lang] if config.lang else []
        else:
            division = nz.parse_code(os.path.splitext(os.path.basename(path))[0]) or "A"
            files.append((division, path, os.path.dirname(os.path.abspath(path))))
    return files


def _division_texts(files: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """(division, path, text) of every division file, each read once and within its folder."""
    if not files:
        raise ValueError("no TSH division files found (a config.tsh naming them, or .t files)")
    out = []
    seen: dict[str, str] = {}
    for division, path, folder in files:
        if division in seen:
            raise ValueError(f"{path} and {seen[division]} would both be division {division}")
        seen[division] = path
        out.append((division, path, tsh_config.read_event_file(path, folder)))
    return out


def _workbook_rows(divisions: list[tuple[str, Any]]) -> tuple[list[dict], list[dict]]:
    """The Players and Results rows of the divisions read; ids carry the division letter when
    there are several."""
    prefix = len(divisions) > 1
    players, results = [], []
    for division, div in divisions:

        def pid(number: str | None, division: str = division) -> str:
            return "" if not number else (f"{division}{number}" if prefix else number)

        for p in div.players:
            players.append(
                {
                    "id": pid(p.id),
                    "name": p.name,
                    "rating": p.rating or "",
                    "club": p.club,
                    "division": division,
                    "withdrawn_after": "" if p.withdrawn_after is None else p.withdrawn_after,
                    "class": p.rating_class,
                    "tsh": p.tsh_line,
                }
            )
        for g in div.games:
            results.append(
                {
                    "round": g.round,
                    "table": g.table or "",
                    "player1": pid(g.player1),
                    "score1": "" if g.score1 is None else g.score1,
                    "player2": pid(g.player2),
                    "score2": "" if g.score2 is None else g.score2,
                    "forfeit": g.forfeit or "",
                    "first": "?" if g.player2 and g.first is None else "",
                    "penalty1": g.penalty1 or "",
                    "penalty2": g.penalty2 or "",
                }
            )
    return players, results
