"""The Shengji duplicate event as the CLI sees it: a blank workbook, processing, and the output workbook."""

from __future__ import annotations

from typing import Any, Sequence

from ttools.competitions.common import open_writer, process_event, roster_ids, write_event_and_rules, write_outputs
from ttools.competitions.shengji import schema as S
from ttools.competitions.shengji.compute import Results, compute
from ttools.competitions.shengji.guide import guide
from ttools.competitions.shengji.load import EventData, load
from ttools.workbook.normalize import natural_key
from ttools.competitions.shengji.report import reports, summary
from ttools.competitions.shengji.site import site  # noqa: F401  (the published site's pages)
from ttools.outcome import Outcome
from ttools.problems import Problem
from ttools.workbook.read import Book
from ttools.workbook.write import Report

NAME = "shengji"
DEFAULT_LANG = S.DEFAULT_LANG
TEMPLATE_VERSION = 1

def _lang(lang: str | None) -> str:
    return lang if lang in S.LANGS else DEFAULT_LANG


def new_workbook(path: str, teams: int | None = None, players: int | None = None, lang: str | None = None) -> None:
    if teams is not None and players is None:
        raise ValueError("shengji is played by individuals: use --players N")
    if players is None:
        raise ValueError("shengji needs --players N (4 or more)")
    if not 4 <= players <= 5000:
        raise ValueError(f"--players must be from 4 to 5000 (got {players})")
    lang = _lang(lang)
    data = EventData(lang=lang)
    data.settings_raw["Event"] = {"competition": NAME, "language": lang}
    data.raw["Players"] = [{"id": i} for i in range(1, players + 1)]
    _write(path, data, None, [], lang, source_hash="", template=True, players_n=players)


def _new_rows(res: Results) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The seating rows of the round just drawn, and its Boards rows waiting for results."""
    if res.new_round is None:
        return [], []
    seating = [{"round": s.round, "table": s.table or "", "seat": s.seat or "", "player": s.player} for s in res.new_seats]
    rs = res.rounds[res.new_round]
    boards = [{"round": rs.round, "table": tbl, "board": b} for tbl in rs.tables for b in range(1, res.data.boards_per_round + 1)]
    return seating, boards


def _write(path: str, data: EventData, res: Results | None, out_reports: list[Report], lang: str, source_hash: str,
           template: bool = False, problems: Sequence[Problem] = (), printable: Sequence[str] = (),
           players_n: int | None = None) -> None:
    w = open_writer(path, NAME, TEMPLATE_VERSION, data, lang, source_hash)
    player_rows = data.raw.get("Players") or []
    ids = roster_ids(data.players, player_rows)
    w.define_list("PlayerList", sorted(ids, key=natural_key) or ["1"])
    title, sections = guide(lang)
    w.guide_sheet(S.GUIDE[lang], title, sections)

    write_event_and_rules(w, S.EVENT, S.RULES, data, lang, NAME, template)
    w.input_sheet(S.PLAYERS, lang, player_rows, min_rows=max(players_n or len(player_rows), 1))

    seating = list(data.raw.get("Seating") or [])
    boards = list(data.raw.get("Boards") or [])
    if res is not None:
        new_seating, new_boards = _new_rows(res)
        seating += new_seating
        boards += new_boards
    w.input_sheet(S.SEATING, lang, seating, min_rows=max(len(seating), 8))
    w.input_sheet(S.BOARDS, lang, boards, min_rows=max(len(boards), 10))

    write_outputs(w, out_reports, problems, lang, data)
    w.meta_sheet({"players": len(ids), "printable": "|".join(printable)})
    w.close()


def process(book: Book, source_hash: str = "") -> Outcome:
    return process_event(NAME, book, source_hash, load=load, compute=compute, reports=reports, summary=summary,
                         write=_write, lang_of=lambda data: _lang(data.lang))


def write_input_workbook(path: str, players: int | Sequence[dict[str, Any]], sheets: dict[str, list[dict[str, Any]]],
                         event: dict[str, Any] | None = None, rules: dict[str, Any] | None = None,
                         lang: str = DEFAULT_LANG) -> None:
    """Write an event workbook holding the given input rows (canonical sheet and column keys), as
    staff would have filled it in: used by the sample generator, tests and benchmarks. ``players``
    is the Players rows, or a count for a roster of ids 1..N; ``sheets`` holds Seating and Boards."""
    lang = _lang(lang)
    data = EventData(lang=lang)
    data.settings_raw["Event"] = {"competition": NAME, "language": lang, **(event or {})}
    data.settings_raw["Rules"] = dict(rules or {})
    rows = [{"id": i} for i in range(1, players + 1)] if isinstance(players, int) else [dict(r) for r in players]
    data.raw = {k: [dict(r) for r in v] for k, v in sheets.items()}
    data.raw["Players"] = rows
    _write(path, data, None, [], lang, source_hash="", template=True)
