"""Files to and from other tournament software: an event workbook out to TSH ``.t`` division
files and a WESPA ``.tou`` ratings file; TSH ``.t`` files in to a new event workbook."""

from __future__ import annotations

import datetime
import os
import re
from typing import Sequence

from ttools.competitions.scrabble.competition import NAME, write_input_workbook
from ttools.competitions.scrabble.compute import compute
from ttools.competitions.scrabble.load import load
from ttools.competitions.scrabble.tsh import export_t, export_tou, import_t
from ttools.core.draw import derive_seed
from ttools.outcome import Outcome
from ttools.problems import Problem
from ttools.workbook import normalize as nz


def _file_stem(text: str, fallback: str) -> str:
    stem = re.sub(r"[^\w.-]+", "_", text.strip(), flags=re.UNICODE).strip("._")
    return stem or fallback


def export_event(path: str, folder: str | None = None, today: datetime.date | None = None) -> tuple[list[str], Outcome]:
    """Write ``<division>.t`` for every division and ``<event>.tou`` into ``folder`` (default:
    beside the workbook). Slips with errors are left out, as in processing; the outcome carries
    the problems. Raises ``Unreadable`` for a file that is not a workbook, ``ValueError`` for a
    workbook of another competition."""
    from ttools.pipeline import check_outputs, identify, write_text
    from ttools.workbook.read import read_book

    book = read_book(path)
    if identify(book) != NAME:
        raise ValueError(f"{path} is not a scrabble event workbook")
    data, problems = load(book)
    res = compute(data, problems)
    outcome = Outcome(competition=NAME, lang=data.lang, problems=problems)
    folder = folder or os.path.dirname(os.path.abspath(path))
    files = {os.path.join(folder, _file_stem(d.lower(), "division") + ".t"):
             export_t(div.players, div.games + div.pending, data.rules) for d, div in res.divisions.items()}
    tou = export_tou(data.name or "ttools", data.date or today or datetime.date.today(),
                     [(d, div.players, div.outcomes) for d, div in res.divisions.items()])
    files[os.path.join(folder, _file_stem(data.name, "event") + ".tou")] = tou
    check_outputs([path], list(files))
    os.makedirs(folder, exist_ok=True)
    written = []
    for target, text in files.items():
        write_text(target, text)
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
    """A new event workbook from TSH ``.t`` files, one division per file (named after the file:
    ``a.t`` is division A). Player ids are the TSH numbers (``A1``, ``A2`` … when there are
    several divisions). A game is written with the player who started as player1 where the file
    says (``p12``); otherwise the lower-numbered player comes first. TSH keeps a forfeit as two
    byes (+spread and −spread), and so does the workbook. Returns the problems; with an error
    nothing is written."""
    divisions = []
    seen: dict[str, str] = {}
    for path in paths:
        division = nz.parse_code(os.path.splitext(os.path.basename(path))[0]) or "A"
        if division in seen:
            raise ValueError(f"{path} and {seen[division]} would both be division {division}")
        seen[division] = path
        text = _read_text(path)
        divisions.append((division, text, import_t(text, os.path.basename(path), division)))
    problems = [p for _, _, div in divisions for p in div.problems]
    if any(p.severity == "error" for p in problems):
        return problems

    prefix = len(divisions) > 1
    players, results = [], []
    for division, _text, div in divisions:
        def pid(number: str | None, division: str = division) -> str:
            return "" if not number else (f"{division}{number}" if prefix else number)

        for p in div.players:
            players.append({"id": pid(p.id), "name": p.name, "rating": p.rating or "", "club": p.club,
                            "division": division, "withdrawn_after": "" if p.withdrawn_after is None else p.withdrawn_after})
        for g in div.games:
            p1, s1, p2, s2, forfeit = g.player1, g.score1, g.player2, g.score2, g.forfeit
            if g.first == 2:
                p1, s1, p2, s2 = p2, s2, p1, s1
                forfeit = {1: 2, 2: 1}.get(forfeit or 0, forfeit)
            results.append({"round": g.round, "player1": pid(p1), "score1": "" if s1 is None else s1,
                            "player2": pid(p2), "score2": "" if s2 is None else s2, "forfeit": forfeit or ""})
    event = {"name": name, "seed": derive_seed(*(text for _, text, _ in divisions))}
    write_input_workbook(output, players, {"Results": results}, event=event, lang=lang or "zh-Hant")
    return problems
