"""Shengji (競技升級) duplicate declared: individuals or fixed pairs playing the same deals at
every table, its blank workbook, its input sheets and its hooks."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ttools.competitions.base import Competition
from ttools.competitions.shengji.guide import guide

if TYPE_CHECKING:
    from ttools.competitions.shengji.load import EventData
    from ttools.competitions.shengji.compute import Results
    from ttools.workbook.write import WorkbookWriter

NAME = "shengji"
DEFAULT_LANG = "zh-Hans"  # the schema's own default (a test holds the two equal)


class Shengji(Competition):
    """Competitive Upgrade (Shengji) duplicate: seeded deals, snake seating, matchpoints by seat."""

    name = NAME
    titles = {"en": "Shengji (duplicate)", "zh-Hant": "升級（複式）"}
    entrant = "players"
    sizes = (4, 5000)
    other_sizes = {"pairs": (2, 2500)}  # the fixed-pairs format: two pairs make a table
    languages = ("zh-Hans", "zh-Hant", "en")
    default_lang = DEFAULT_LANG
    schema = "ttools.competitions.shengji.schema"
    loader = "ttools.competitions.shengji.load:load"
    computer = "ttools.competitions.shengji.compute:compute"
    summarizer = "ttools.competitions.shengji.report:summary"
    sheets = "ttools.competitions.shengji.report:SHEETS"
    sheet_context = "ttools.competitions.shengji.report:Context"
    site = "ttools.competitions.shengji.site:site"

    def blank(self, size: int, lang: str) -> EventData:
        from ttools.competitions.shengji.load import EventData

        data = EventData(lang=lang)
        data.settings_raw["Event"] = {"competition": NAME, "language": lang}
        data.raw["Players"] = [{"id": i} for i in range(1, size + 1)]
        return data

    def blank_in(self, unit: str, size: int, lang: str) -> EventData:
        """A field of ``size`` fixed pairs: Event's format is pairs and players 2k-1 and 2k are pair k."""
        if unit != "pairs":
            return super().blank_in(unit, size, lang)
        data = self.blank(2 * size, lang)
        data.settings_raw["Event"]["format"] = "pairs"
        for row in data.raw["Players"]:
            row["pair"] = (row["id"] + 1) // 2
        return data

    def guide(self, lang: str) -> tuple[str, list[tuple[str, list[str]]]]:
        return guide(lang)

    def define_lists(self, w: WorkbookWriter, data: EventData, lang: str) -> None:
        from ttools.workbook.normalize import natural_key

        w.define_list("PlayerList", sorted(_ids(data), key=natural_key) or ["1"])

    def meta(self, data: EventData) -> dict[str, Any]:
        return {"players": len(_ids(data))}

    def write_inputs(
        self, w: WorkbookWriter, data: EventData, res: Results | None, lang: str, size: int | None
    ) -> None:
        from ttools.competitions.shengji import schema as S

        player_rows = data.raw.get("Players") or []
        w.input_sheet(S.PLAYERS, lang, player_rows, min_rows=max(size or len(player_rows), 1))
        seating = list(data.raw.get("Seating") or [])
        boards = list(data.raw.get("Boards") or [])
        if res is not None:
            new_seating, new_boards = _new_rows(res)
            seating += new_seating
            boards += new_boards
        w.input_sheet(S.SEATING, lang, seating, min_rows=max(len(seating), 8))
        w.input_sheet(S.BOARDS, lang, boards, min_rows=max(len(boards), 10))

    def release_inputs(self, data: EventData) -> None:
        # the input rows as typed (thousands on a large event) are read by nothing after their
        # sheets (but the Players rows of a template, which name its roster); nor are the seating
        # rows as read (compute made the rounds' seating from them) or where each board row's
        # cells are (said by the problems compute found): the reports read the boards' values
        data.raw.pop("Seating", None)
        data.raw.pop("Boards", None)
        if data.players:  # the roster's ids are the players loaded (_ids), not the rows typed
            data.raw.pop("Players", None)
        data.seating = []
        for board in data.boards:
            board.where = _NOWHERE


_NOWHERE: Mapping[str, Any] = MappingProxyType({})


def _ids(data: EventData) -> list[str]:
    from ttools.competitions.common import roster_ids

    return roster_ids(data.players, data.raw.get("Players") or [])


def _new_rows(res: Results) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The seating rows of the round just drawn, and its Boards rows waiting for results."""
    if res.new_round is None:
        return [], []
    seating = [
        {"round": s.round, "table": s.table or "", "seat": s.seat or "", "player": s.player} for s in res.new_seats
    ]
    rs = res.rounds[res.new_round]
    boards = [
        {"round": rs.round, "table": tbl, "board": b}
        for tbl in rs.tables
        for b in range(1, res.data.boards_per_round + 1)
    ]
    return seating, boards


def write_input_workbook(
    path: str,
    players: int | Sequence[dict[str, Any]],
    sheets: dict[str, list[dict[str, Any]]],
    event: dict[str, Any] | None = None,
    rules: dict[str, Any] | None = None,
    lang: str = DEFAULT_LANG,
) -> None:
    """Write an event workbook holding the given input rows (canonical sheet and column keys), as
    staff would have filled it in: used by the sample generator, tests and benchmarks. ``players``
    is the Players rows, or a count for a roster of ids 1..N; ``sheets`` holds Seating and Boards."""
    from ttools.competitions.shengji.load import EventData

    lang = Shengji().lang(lang)
    data = EventData(lang=lang)
    data.settings_raw["Event"] = {"competition": NAME, "language": lang, **(event or {})}
    data.settings_raw["Rules"] = dict(rules or {})
    rows = [{"id": i} for i in range(1, players + 1)] if isinstance(players, int) else [dict(r) for r in players]
    data.raw = {k: [dict(r) for r in v] for k, v in sheets.items()}
    data.raw["Players"] = rows
    Shengji().write(path, data, None, [], lang, source_hash="", template=True)
