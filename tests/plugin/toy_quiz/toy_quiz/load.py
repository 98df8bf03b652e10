"""Workbook -> the quiz's players and scores (with problems on their cells), and the rule that
ranks them: most points first, equal totals share a place."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ttools.competitions.common import EventBase, Loader
from ttools.problems import Problem, define, error
from ttools.workbook.read import Book
from ttools.workbook.schema import Reader, Row, unknown_sheets

from toy_quiz import schema as S

# codes of a competition of its own carry its name, so they never meet another's
PLAYER_TWICE = define(
    "quiz-player-twice",
    "player id {player} is listed twice (also on row {other})",
    "選手編號 {player} 重複（另見第 {other} 行）",
)
PLAYER_UNKNOWN = define(
    "quiz-player-unknown", "player {player} is not on the Players sheet", "選手 {player} 不在選手名單中"
)
POINTS_RANGE = define(
    "quiz-points-out-of-range",
    "{points} points is outside 0 to {most} (Rules: max_points)",
    "{points} 分超出 0 至 {most} 之範圍（規則：每輪最高分）",
)
ROUND_RANGE = define("quiz-round-out-of-range", "round {round} is not 1 or more", "輪次 {round} 應為 1 或以上")
SCORE_TWICE = define(
    "quiz-score-twice",
    "player {player} already has points for round {round} (row {other})",
    "選手 {player} 第 {round} 輪已有得分（第 {other} 行）",
)


@dataclass(frozen=True)
class Player:
    id: str
    name: str


@dataclass(frozen=True)
class Score:
    round: int
    player: str
    points: Fraction


@dataclass
class EventData(EventBase):
    lang: str = S.DEFAULT_LANG
    max_points: int = 10
    players: dict[str, Player] = field(default_factory=dict)  # id -> player, in sheet order
    scores: list[Score] = field(default_factory=list)


def load(book: Book) -> tuple[EventData, list[Problem]]:
    problems: list[Problem] = []
    data = EventData()
    ld, rd = Loader(book, data, problems), Reader(problems)
    ld.event(S.EVENT, S.LANGS, S.DEFAULT_LANG)
    data.max_points = ld.settings(S.RULES).integer("max_points", 10, low=1)
    _read_players(ld.table(S.PLAYERS), rd, data, problems)
    _read_scores(ld.table(S.RESULTS), rd, data, problems)
    outputs = [name for names in (*S.OUTPUTS.values(), S.GUIDE) for name in names.values()]
    data.unknown_sheets = unknown_sheets(book, S.INPUT_SHEETS, [*outputs, *S.OUTPUTS], problems)
    return data, problems


def _read_players(rows: list[Row], rd: Reader, data: EventData, problems: list[Problem]) -> None:
    seen: dict[str, int] = {}
    for row in rows:
        if row.blank("name"):
            continue  # a pre-sized row still waiting for its player
        pid = rd.code(row, "id", required=True)
        if not pid:
            continue
        if pid in seen:
            problems.append(error(PLAYER_TWICE, row.where["id"], player=pid, other=seen[pid]))
            continue
        seen[pid] = row.number
        data.players[pid] = Player(pid, rd.text(row, "name") or "")


def _read_scores(rows: list[Row], rd: Reader, data: EventData, problems: list[Problem]) -> None:
    seen: dict[tuple[int, str], int] = {}
    for row in rows:
        rnd = rd.integer(row, "round", required=True)
        pid = rd.code(row, "player", required=True)
        points = rd.number(row, "points", required=True)
        if rnd is not None and rnd < 1:
            problems.append(error(ROUND_RANGE, row.where["round"], round=rnd))
            continue
        if pid and pid not in data.players:
            problems.append(error(PLAYER_UNKNOWN, row.where["player"], player=pid))
            continue
        if points is not None and not 0 <= points <= data.max_points:
            problems.append(error(POINTS_RANGE, row.where["points"], points=_shown(points), most=data.max_points))
            continue
        if rnd is None or not pid or points is None:
            continue
        if (rnd, pid) in seen:
            problems.append(error(SCORE_TWICE, row.where["points"], player=pid, round=rnd, other=seen[rnd, pid]))
            continue
        seen[rnd, pid] = row.number
        data.scores.append(Score(rnd, pid, points))


def _shown(points: Fraction) -> Any:
    return int(points) if points.denominator == 1 else float(points)


@dataclass(frozen=True)
class Line:
    """One line of the standings: the place (shared with everyone on the same total)."""

    place: int
    shared: bool
    player: Player
    by_round: dict[int, Fraction]
    total: Fraction


@dataclass
class Results:
    data: EventData
    rounds: list[int]
    standings: list[Line]
    waiting: dict[int, list[str]]  # round -> ids of the players without points in it


def compute(data: EventData, problems: list[Problem]) -> Results:
    """Totals over every round; most points first, the sheet's order among equals."""
    by_round: dict[str, dict[int, Fraction]] = {pid: {} for pid in data.players}
    for s in data.scores:
        by_round[s.player][s.round] = s.points
    totals = {pid: sum(rounds.values(), Fraction(0)) for pid, rounds in by_round.items()}
    order = sorted(data.players, key=lambda pid: -totals[pid])
    count = Counter(totals.values())
    standings: list[Line] = []
    for i, pid in enumerate(order):
        place = standings[-1].place if standings and standings[-1].total == totals[pid] else i + 1
        standings.append(Line(place, count[totals[pid]] > 1, data.players[pid], by_round[pid], totals[pid]))
    rounds = sorted({s.round for s in data.scores})
    waiting = {rnd: [pid for pid in data.players if rnd not in by_round[pid]] for rnd in rounds}
    return Results(data, rounds, standings, {rnd: ids for rnd, ids in waiting.items() if ids})
