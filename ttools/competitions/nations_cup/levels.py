"""The blind structures (盲注結構, the rulebook's lost Appendices 1 and 2): the default levels of each
stage, the checks of the Levels sheet, and what the tournament clock shows of the event now."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Mapping, NamedTuple

from ttools.competitions.nations_cup import bounty as B
from ttools.core.exact import round_half_up
from ttools.problems import NOWHERE, Problem, Where, define, error, warning

STAGES = ("day1-hu", "day2-mtt", "day3")
STARTING_STACK = 30_000  # every event's starting chips (rulebook: 起始計分牌 30,000; the finals' HU 40,000)
BREAK = "break"

LEVEL_TEXT = define(
    "level-not-a-level",
    "level '{value}' is neither a level number (1, 2, …) nor break",
    "級別「{value}」既非級數（1、2…）亦非 break（休息）",
)
LEVEL_BLINDS = define(
    "level-blinds",
    "level {level} of {stage}: the big blind {big} is below the small blind {small}",
    "{stage}第 {level} 級：大盲 {big} 小於小盲 {small}",
)
LEVEL_MINUTES = define(
    "level-minutes",
    "{stage}: a level or break lasts some minutes (got {value})",
    "{stage}：每級或休息須有分鐘數（目前為 {value}）",
)
LEVEL_ORDER = define(
    "level-order",
    "{stage}: level {level} follows level {previous}; the clock runs the rows in sheet order",
    "{stage}：第 {level} 級接在第 {previous} 級之後；時鐘依表上列序進行",
)
LEVEL_FALLING = define(
    "level-blinds-fall",
    "{stage}: the big blind of level {level} ({big}) is below the one before it ({previous})",
    "{stage}：第 {level} 級之大盲（{big}）低於前一級（{previous}）",
)
LEVEL_NONE = define(
    "level-stage-empty",
    "{stage} has breaks but no level; its default levels are used",
    "{stage}只有休息而無級別；改用預設級別",
)

# the stages as the problem lines and the printed sheets name them
STAGE_NAMES = {
    "day1-hu": {"en": "Day 1 heads-up", "zh-Hant": "第一天單挑賽"},
    "day2-mtt": {"en": "Day 2 tournaments", "zh-Hant": "第二天多桌錦標賽"},
    "day3": {"en": "Day 3 finals", "zh-Hant": "第三天決賽"},
}


class Level(NamedTuple):
    """One row of a structure: a level (``level`` its number) or a break (``level`` None)."""

    stage: str
    level: int | None
    small: int = 0
    big: int = 0
    ante: int = 0
    minutes: Fraction = Fraction(15)
    where: Where = NOWHERE

    @property
    def is_break(self) -> bool:
        return self.level is None


def _numbered(stage: str, rows: Iterable[tuple[int, int, int] | int], minutes: int) -> list[Level]:
    """Levels from (small, big, ante) triples, a lone number standing for a break of that many minutes."""
    out, n = [], 0
    for r in rows:
        if isinstance(r, int):
            out.append(Level(stage, None, minutes=Fraction(r)))
            continue
        n += 1
        out.append(Level(stage, n, *r, minutes=Fraction(minutes)))
    return out


def _mtt(stage: str) -> list[Level]:
    """Days 2 and 3: 15-minute levels, a big-blind ante equal to the big blind from level 3, two
    10-minute breaks (the spec's defaults for the lost Appendix 2)."""
    blinds: list[tuple[int, int] | int] = [(100, 200), (200, 300), (200, 400), (300, 600), (400, 800), (500, 1000), 10]
    blinds += [(600, 1200), (800, 1600), (1000, 2000), (1200, 2400), (1500, 3000), (2000, 4000), 10]
    blinds += [(2500, 5000), (3000, 6000), (4000, 8000), (5000, 10000), (6000, 12000), (8000, 16000)]
    blinds += [(10000, 20000), (15000, 30000)]
    rows: list[tuple[int, int, int] | int] = []
    for b in blinds:
        if isinstance(b, int):
            rows.append(b)
        else:
            level = sum(1 for r in rows if not isinstance(r, int)) + 1
            rows.append((b[0], b[1], b[1] if level >= 3 else 0))
    return _numbered(stage, rows, 15)


DAY1_BLINDS = [(100, 200), (200, 400), (300, 600), (400, 800), (500, 1000), (600, 1200), (800, 1600)]
DAY1_BLINDS += [(1000, 2000), (1500, 3000), (2000, 4000), (3000, 6000), (4000, 8000), (5000, 10000)]
DAY1_BLINDS += [(7500, 15000), (10000, 20000)]

DEFAULT_LEVELS: dict[str, list[Level]] = {
    "day1-hu": _numbered("day1-hu", [(s, b, 0) for s, b in DAY1_BLINDS], 8),  # 8-minute levels, no ante
    "day2-mtt": _mtt("day2-mtt"),
    "day3": _mtt("day3"),
}


def default_rows() -> list[dict[str, Any]]:
    """The Levels sheet as a blank workbook has it: every stage's default rows."""
    out = []
    for stage in STAGES:
        for lv in DEFAULT_LEVELS[stage]:
            if lv.is_break:
                out.append({"stage": stage, "level": BREAK, "minutes": int(lv.minutes)})
            else:
                out.append(
                    {
                        "stage": stage,
                        "level": lv.level,
                        "small": lv.small,
                        "big": lv.big,
                        "ante": lv.ante,
                        "minutes": int(lv.minutes),
                    }
                )
    return out


def check_structures(
    given: dict[str, list[Level]], problems: list[Problem], left_out: Mapping[str, set[int]] | None = None
) -> dict[str, list[Level]]:
    """Each stage's levels: as given on the Levels sheet (a stage given there replaces its default
    whole), else the default; a stage of breaks only keeps its default. The order and the blinds
    rising are warnings only: the floor may have its reasons. ``left_out``: the level numbers of
    rows left out for an error, so that the gap they leave is not also a warning."""
    out = {stage: list(DEFAULT_LEVELS[stage]) for stage in STAGES}
    for stage, rows in given.items():
        name = STAGE_NAMES[stage]
        levels = [r for r in rows if not r.is_break]
        if not levels:
            problems.append(warning(LEVEL_NONE, rows[0].where, stage=name))
            continue
        prev: Level | None = None
        for r in levels:
            # the next number, or the next after levels left out for their errors
            gap = set(range((prev.level or 0) + 1, r.level)) if prev is not None else set()
            if prev is not None and (r.level <= (prev.level or 0) or gap - (left_out or {}).get(stage, set())):
                problems.append(warning(LEVEL_ORDER, r.where, stage=name, level=r.level, previous=prev.level))
            if prev is not None and r.big < prev.big:
                problems.append(
                    warning(LEVEL_FALLING, r.where, stage=name, level=r.level, big=r.big, previous=prev.big)
                )
            prev = r
        out[stage] = list(rows)
    return out


def level_row(
    stage: str,
    level: Any,
    small: int | None,
    big: int | None,
    ante: int | None,
    minutes: Fraction | None,
    where: Mapping[str, Where],
) -> tuple[Level | None, list[Problem]]:
    """One row of the Levels sheet as read (``level`` already 'break' or a whole number): the level,
    or None and the problems that keep it out."""
    name = STAGE_NAMES[stage]
    problems = []
    # a blank or unreadable minutes cell is the reader's problem already
    if minutes is not None and minutes <= 0:
        problems.append(error(LEVEL_MINUTES, where.get("minutes", NOWHERE), stage=name, value=f"{float(minutes):g}"))
    if level != BREAK and small is not None and big is not None and big < small:
        problems.append(error(LEVEL_BLINDS, where.get("big", NOWHERE), stage=name, level=level, big=big, small=small))
    if problems or minutes is None:
        return None, problems
    if level == BREAK:
        return Level(stage, None, minutes=minutes, where=where.get("level", NOWHERE)), problems
    if small is None or big is None:
        return None, problems
    return Level(stage, level, small, big, ante or 0, minutes, where.get("level", NOWHERE)), problems


# ---- what the clock shows of the event -------------------------------------------------------


def players_left(res: Any, event: str) -> tuple[int, int] | None:
    """(entrants, players left) of a Day 2 MTT once its seats are drawn: out is whoever Seating
    marks out or the results place (the NLH sheet's places, the bounty log's exits)."""
    seats = res.draws.get(event)
    if not seats:
        return None
    field = {s.player for s in seats}
    out = {r.player for r in res.data.seating if r.event == event and r.out}
    if event == "nlh":
        out |= set(res.nlh_places)
    elif res.bounty is not None:
        out |= set(res.bounty.out_hand)
    return len(field), len(field - out)


def average_stack(entrants: int, left: int) -> int | None:
    """Starting chips × entrants ÷ players left, to the chip (chips are conserved in play)."""
    if left <= 0:
        return None
    return int(round_half_up(Fraction(STARTING_STACK * entrants, left), 0))


def next_chip(res: Any) -> tuple[int, int | None]:
    """The bounty event's head value now (人頭值) and the players-left count at which the next
    chip is issued (附件五); None when only the champion's chip is still to come."""
    rules = res.data.rules
    if res.bounty is None:
        return rules.head_value(0), None
    marks = B.milestones(len(res.bounty.field))
    stage = res.bounty.stage
    return res.bounty.head_value, (marks[stage] if stage < len(marks) else None)
