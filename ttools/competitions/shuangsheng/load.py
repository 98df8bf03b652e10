"""Workbook -> typed Shuangsheng records and problems. Reads canonical English or localized sheet
and column names; every record keeps its cells so the checks can point at them."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ttools.competitions.common import EventBase, Loader, Settings
from ttools.competitions.shuangsheng import schema as S
from ttools.competitions.shuangsheng.rules import (
    DealRow,
    Rules,
    Slip,
    deal_row_problems,
    parse_levels_setting,
    read_level,
)
from ttools.core.upgrade import Bands
from ttools.problems import Problem, Where, define, error
from ttools.workbook import normalize as nz
from ttools.workbook.normalize import natural_key
from ttools.workbook.read import Book
from ttools.workbook.schema import Reader, Row, read_table, unknown_sheets

PAIR_ID_DUPLICATE = define(
    "pair-id-duplicate",
    "pair id {pair} is listed twice (also on row {other})",
    "參賽對編號 {pair} 重複（另見第 {other} 列）",
    "参赛对编号 {pair} 重复（另见第 {other} 行）",
)
OUT_OF_RANGE = define(
    "value-out-of-range",
    "'{value}' is out of range for {what}: {expected}",
    "「{value}」超出{what}之範圍：{expected}",
    "「{value}」超出{what}的范围：{expected}",
)
SUSPENSION_ROUNDS = define(
    "suspension-rounds-missing", "a suspension needs its number of rounds (1 or more)", "停賽須填停賽輪數（1 或以上）"
)


@dataclass(frozen=True)
class Pair:
    id: str
    name: str = ""
    player1: str = ""
    player2: str = ""
    club: str = ""
    where: dict[str, Where] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Sanction:
    """A Discipline row: suspension for ``rounds`` rounds from ``from_round`` (停賽), or
    disqualification from ``from_round`` on (取消比賽資格; ``rounds`` None)."""

    pair: str
    kind: str  # suspend | disqualify
    from_round: int
    rounds: int | None
    reason: str = ""
    where: dict[str, Where] = field(default_factory=dict, compare=False, hash=False)

    def covers(self, rnd: int) -> bool:
        if self.kind == "disqualify":
            return rnd >= self.from_round
        return self.from_round <= rnd < self.from_round + (self.rounds or 0)


@dataclass
class EventData(EventBase):
    lang: str = "zh-Hans"
    pairing: str = "swiss"
    rounds: int = 7
    swiss_order: str = "adjacent"
    avoid_club: str = "yes"  # yes | group | no
    rules: Rules = field(default_factory=Rules)
    pairs: dict[str, Pair] = field(default_factory=dict)  # id -> pair, in sheet order
    slips: list[Slip] = field(default_factory=list)  # Results rows that parsed, with their raw index
    slip_rows: list[int] = field(default_factory=list)
    deals: list[DealRow] = field(default_factory=list)
    sanctions: list[Sanction] = field(default_factory=list)
    published: dict[int, list[tuple[int | None, str, str | None]]] = field(default_factory=dict)  # round -> tables
    setup_errors: bool = False  # Event/Rules/Pairs/Discipline have errors: nothing is paired from a guess
    results_errors: bool = False  # a Results row could not even be read
    # round -> pairs named on a Results row that could not be read (a bad table number): the row
    # is there, so the published match is not reported missing on top of the row's own error
    unread_pairs: dict[int, set[str]] = field(default_factory=dict)


MAX_ROUND = 999  # rounds, tables and deals are numbered 1 … 999; anything larger is a typing slip


def _in_range(row: Row, key: str, value: int | None, problems: list[Problem], low: int = 1) -> bool:
    """False (with a problem on the cell) when ``value`` is outside low … MAX_ROUND."""
    if value is not None and not low <= value <= MAX_ROUND:
        problems.append(
            error(OUT_OF_RANGE, row.where[key], value=value, what=_label(row, key), expected=f"{low}–{MAX_ROUND}")
        )
        return False
    return True


def pair_id(value: Any) -> str:
    """A pair id as typed -> its code ('7', 7.0, '７' -> '7'; 'a3' -> 'A3')."""
    if type(value) is float and value.is_integer():
        return str(int(value))
    return "" if nz.is_blank(value) else nz.parse_code(value)


def load(book: Book) -> tuple[EventData, list[Problem]]:
    problems: list[Problem] = []
    data = EventData()
    rd = Reader(problems)
    ld = Loader(book, data, problems)
    ev = ld.event(S.EVENT, ("zh-Hans", "zh-Hant", "en"), "zh-Hans")
    data.pairing = ev.choice("pairing", S.PAIRING_CHOICES, "swiss")
    data.rounds = ev.integer("rounds", 7, low=1, high=99)
    _read_rules(ld.settings(S.RULES), data)
    _read_pairs(ld, rd, data, problems)
    _read_discipline(ld, rd, data, problems)
    ld.seed(ev, *sorted(data.pairs, key=natural_key))
    data.setup_errors = any(p.severity == "error" for p in problems)
    before = len(problems)
    _read_results(ld, rd, data, problems)  # checked as a whole in compute
    data.results_errors = len(problems) > before
    _read_deals(ld, rd, data, problems)
    _read_published(book, data)
    outputs = [n for names in S.OUTPUTS.values() for n in names.values()] + list(S.OUTPUTS) + list(S.GUIDE.values())
    data.unknown_sheets = unknown_sheets(book, S.INPUT_SHEETS, outputs, problems)
    return data, problems


def _read_rules(ru: Settings, data: EventData) -> None:
    """The Rules sheet: every number of the rules (the rulebook's default where one is not understood)."""
    win = ru.integer("win_points", 2, low=0)
    draw = ru.integer("draw_points", 1, low=0)
    loss = ru.integer("loss_points", 0, low=0)
    if not loss <= draw <= win:
        ru.invalid(
            "draw_points",
            {
                "en": f"must lie between the loss points ({loss}) and the win points ({win})",  # type: ignore[arg-type]
                "zh-Hant": f"應介於負積分（{loss}）與勝積分（{win}）之間",
            },
        )
        win, draw, loss = 2, 1, 0
    levels = _level_settings(ru)
    cap = ru.integer("levels_cap", 3, low=0)
    threshold = ru.integer("threshold", 80, low=5)
    step = ru.integer("level_step", 40, low=5)
    data.rules = Rules(
        win=win,
        draw=draw,
        loss=loss,
        bye_points=ru.integer("bye_points", 2, low=0),
        bye_levels=levels["bye_levels"],
        forfeit_levels=levels["forfeit_levels"],
        equal_to_declarer=ru.choice("equal_levels", S.EQUAL_CHOICES, "draw") == "declarer",
        start_level=levels["start_level"][0],
        kitty=ru.choice("kitty", S.KITTY_CHOICES, "seed004"),
        bands=Bands(threshold, step, cap or None),
        board_loss=ru.integer("board_loss", 80, low=0),
        penalty_max=ru.integer("penalty_max", 70, low=0),
    )
    data.swiss_order = ru.choice("swiss_order", S.ORDER_CHOICES, "adjacent")
    data.avoid_club = ru.choice("avoid_club", S.AVOID_CHOICES, "yes")


def _level_settings(ru: Settings) -> dict[str, tuple[str, ...]]:
    """The levels of a bye and a forfeit (own:other) and the start level, as the Rules give them."""
    levels: dict[str, tuple[str, ...]] = {}
    for key, default in (("bye_levels", ("3", "2")), ("forfeit_levels", ("2", "3")), ("start_level", ("2",))):
        if ru.blank(key):
            levels[key] = default
            continue
        try:
            levels[key] = (read_level(ru.raw(key)),) if key == "start_level" else parse_levels_setting(ru.raw(key))
        except ValueError:
            ru.invalid(
                key,
                {"en": "a level 2–A is expected", "zh-Hant": "應為 2–A 的級數"}
                if key == "start_level"  # type: ignore[arg-type]
                else {"en": "two levels like 3:2 are expected", "zh-Hant": "應為兩個級數，如 3:2"},
            )
            levels[key] = default
    return levels


def _read_pairs(ld: Loader, rd: Reader, data: EventData, problems: list[Problem]) -> None:
    """The roster: each pair once, by its id; a pre-sized row still waiting for its pair is skipped."""
    seen: dict[str, int] = {}
    for row in ld.table(S.PAIRS):
        if all(row.blank(k) for k in ("name", "player1", "player2", "club")):
            continue
        pid = rd.code(row, "id", required=True)
        if not pid:
            continue
        pid = pair_id(row.values["id"])
        if pid in seen:
            problems.append(error(PAIR_ID_DUPLICATE, row.where["id"], pair=pid, other=seen[pid]))
            continue
        seen[pid] = row.number
        data.pairs[pid] = Pair(
            pid,
            rd.text(row, "name") or "",
            rd.text(row, "player1") or "",
            rd.text(row, "player2") or "",
            rd.text(row, "club") or "",
            row.where,
        )


def _read_discipline(ld: Loader, rd: Reader, data: EventData, problems: list[Problem]) -> None:
    for row in ld.table(S.DISCIPLINE):
        pair = rd.code(row, "pair", required=True)
        kind = rd.choice(row, "kind", S.KIND_CHOICES, required=True)
        start = rd.integer(row, "from_round", required=True)
        rounds = rd.integer(row, "rounds")
        if not _in_range(row, "from_round", start, problems) or not _in_range(row, "rounds", rounds, problems, 0):
            continue
        if kind == "suspend" and (rounds is None or rounds < 1):
            problems.append(error(SUSPENSION_ROUNDS, row.where["rounds"]))
            continue
        if not pair or kind is None or start is None:
            continue
        data.sanctions.append(
            Sanction(
                pair_id(row.values["pair"]),
                kind,
                start,
                rounds if kind == "suspend" else None,
                rd.text(row, "reason") or "",
                row.where,
            )
        )


def _read_results(ld: Loader, rd: Reader, data: EventData, problems: list[Problem]) -> None:
    """The result slips that can be read at all, each with its raw row index."""
    for i, row in enumerate(ld.table(S.RESULTS)):
        rnd = rd.integer(row, "round", required=True)
        table = rd.integer(row, "table")
        p1 = rd.code(row, "pair1", required=True)
        v = row.values
        if (
            not _in_range(row, "round", rnd, problems)
            or not _in_range(row, "table", table, problems)
            or rnd is None
            or not p1
            or (not row.blank("table") and table is None)
        ):
            if rnd is not None:
                named = {pair_id(v.get("pair1")), pair_id(v.get("pair2"))} - {""}
                data.unread_pairs.setdefault(rnd, set()).update(named)
            continue
        data.slips.append(
            Slip(
                rnd,
                table,
                pair_id(v["pair1"]),
                pair_id(v["pair2"]) or None,
                v.get("level1"),
                v.get("level2"),
                v.get("first_past_a"),
                v.get("forfeit"),
                v.get("declarer"),
                row.where,
            )
        )
        data.slip_rows.append(i)


def _read_deals(ld: Loader, rd: Reader, data: EventData, problems: list[Problem]) -> None:
    for row in ld.table(S.DEALS):
        rnd = rd.integer(row, "round", required=True)
        table = rd.integer(row, "table", required=True)
        deal = rd.integer(row, "deal", required=True)
        v = row.values
        placed = [_in_range(row, k, x, problems) for k, x in (("round", rnd), ("table", table), ("deal", deal))]
        made = DealRow(
            rnd or 0,
            table or 0,
            deal or 0,
            v.get("declarer"),
            v.get("captured"),
            v.get("kitty"),
            v.get("last_lead"),
            v.get("penalty1"),
            v.get("penalty2"),
            v.get("loss"),
            row.number,
            row.where,
        )
        if None in (rnd, table, deal) or not all(placed):
            # the row cannot be placed at its table, but its other cells are checked now, so
            # that every mistake of the row is reported in one run
            problems.extend(deal_row_problems(made, data.rules))
            continue
        data.deals.append(made)


def _read_published(book: Book, data: EventData) -> None:
    """The pairings published earlier (the hidden record)."""
    sheet = book.get("_published")
    if sheet is None:
        return
    for row in read_table(sheet, S.PUBLISHED, []):
        try:
            rnd = nz.parse_int(row.values["round"])
            tables = [(t, pair_id(a), pair_id(b) or None) for t, a, b in json.loads(nz.clean_text(row.values["pairs"]))]
        except (ValueError, TypeError):
            continue  # a damaged record only costs the check against it
        data.published.setdefault(rnd, []).extend(tables)


def _label(row: Row, key: str) -> dict[str, str]:
    return row.labels.get(key) or {"en": key}
