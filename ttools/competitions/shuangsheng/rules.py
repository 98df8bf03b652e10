"""The rules of a Shuangsheng match, as pure functions: a result slip -> winner, match points and
levels; a table's deal-by-deal scoresheet -> the levels of both pairs after every deal.

Slips and deals arrive as typed by staff (values with their cells); every contradiction is a
problem on its cell and nothing is guessed.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ttools.core.upgrade import (
    LEVELS,
    SEED_004,
    Bands,
    LastLead,
    deal_outcome,
    kitty_multiplier,
    level_after,
    level_value,
    parse_last_lead,
    parse_level,
)
from ttools.problems import Problem, Where, define, error, warning
from ttools.workbook import normalize as nz

NOT_A_LEVEL = define(
    "level-invalid",
    "'{value}' is not a level: write 2–10, J, Q, K, A, or A+ for past A",
    "「{value}」不是級數：請填 2–10、J、Q、K、A，過A 填 A+",
)
SIDE_INVALID = define(
    "side-invalid",
    "'{value}' is not a side: write 1 (pair 1) or 2 (pair 2), or leave it empty",
    "「{value}」不是一方：請填 1（甲方）或 2（乙方），或留空",
)
LEVEL_MISSING = define(
    "level-missing",
    "the other level is given: both final levels are needed (or a forfeit)",
    "已填另一方級數：須填雙方終局級數（或棄權）",
)
PAST_A_CONTRADICTS = define(
    "past-a-contradicts",
    "pair {side} is said to have passed A first, but its level is {level}, not A+",
    "填了{side}方先過A，但其級數為 {level}，不是 A+",
)
BOTH_PAST_A = define(
    "both-past-a",
    "both pairs show A+: write who passed A first (1 or 2)",
    "雙方都是 A+：請在「先過A」填先過A的一方（1 或 2）",
)
DECLARER_NEEDED = define(
    "declarer-needed",
    "equal levels go to the side holding the deal (Rules): write who held it (1 or 2)",
    "級數相同時台上一方勝（規則）：請填台上一方（1 或 2）",
)
FORFEIT_LEVELS_IGNORED = define(
    "forfeit-levels-ignored",
    "a forfeit scores levels {levels}; the level typed here ({value}) is not used",
    "棄權以級數 {levels} 計；此處所填級數（{value}）不採用",
)
DEAL_VALUE_INVALID = define(
    "deal-value-invalid", "'{value}' is not valid for {what}: {expected}", "「{value}」不適用於{what}：{expected}"
)
SHAPE_INVALID = define(
    "last-lead-invalid",
    "'{value}' is not a last-lead shape: single, pair, tractor2, tractor3 …, throw (empty when the declarers won the last trick)",
    "「{value}」不是摳底牌型：single、pair、tractor2、tractor3…、throw（莊家贏末圈則留空）",
)
DEAL_DUPLICATE = define(
    "deal-duplicate",
    "deal {deal} of round {round}, table {table} is listed twice (also on row {other})",
    "第 {round} 輪第 {table} 桌第 {deal} 副重複（另見第 {other} 列）",
    "第 {round} 轮第 {table} 桌第 {deal} 副重复（另见第 {other} 行）",
)
DEAL_GAP = define(
    "deal-gap",
    "deal {deal} follows deal {previous}: deals are numbered 1, 2, 3 … without gaps",
    "第 {deal} 副接在第 {previous} 副之後：副次應為 1、2、3…不可跳號",
)
FIRST_DECLARER_MISSING = define(
    "first-declarer-missing",
    "deal 1 needs its declaring side (1 or 2: who won the draw for the deal)",
    "第 1 副須填莊家一方（1 或 2：抓牌順序決定）",
)
DECLARER_DISAGREES = define(
    "declarer-disagrees",
    "after deal {previous} the deal is held by pair {expected}, not {value}",
    "第 {previous} 副後應由{expected}方坐莊，不是 {value}",
)
DEAL_AFTER_PAST_A = define(
    "deal-after-past-a",
    "the match ended at deal {deal} when pair {side} passed A; this deal cannot count",
    "第 {deal} 副{side}方已過A，比賽結束；此副不能計算",
)
PENALTY_UNUSUAL = define("penalty-unusual", "penalty {value} is {why}; please check", "罰分 {value}{why}，請核對")


@dataclass(frozen=True)
class Rules:
    """Every number of the rules, with the rulebook's defaults (each one a Rules-sheet setting)."""

    win: int = 2
    draw: int = 1
    loss: int = 0
    bye_points: int = 2
    bye_levels: tuple[str, str] = ("3", "2")  # bye pair : nobody
    forfeit_levels: tuple[str, str] = ("2", "3")  # offender : opponent
    equal_to_declarer: bool = False
    start_level: str = "2"
    kitty: str = SEED_004
    bands: Bands = Bands()
    board_loss: int = 80
    penalty_max: int = 70


# ---- result slips ---------------------------------------------------------------------------

PLAYED, FORFEIT, BYE = "played", "forfeit", "bye"


@dataclass(frozen=True)
class Slip:
    """One Results row as typed (raw values) with its cells."""

    round: int
    table: int | None
    pair1: str
    pair2: str | None  # None: a bye
    level1: Any = None
    level2: Any = None
    first_past_a: Any = None
    forfeit: Any = None
    declarer: Any = None
    where: dict[str, Where] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Result:
    """What a match counts for: both levels (canonical), who won (1, 2, or 0 for a draw), the
    match points of each side and how it was decided."""

    round: int
    table: int | None
    pair1: str
    pair2: str | None
    level1: str
    level2: str
    winner: int
    points1: int
    points2: int
    kind: str = PLAYED  # played | forfeit | bye
    forfeit: int | None = None  # the side that forfeited
    first_past_a: int | None = None

    def side(self, pair: str) -> int:
        return 1 if pair == self.pair1 else 2

    def opponent(self, pair: str) -> str | None:
        return self.pair2 if pair == self.pair1 else self.pair1

    def levels_of(self, pair: str) -> tuple[str, str]:
        """(own level, opponent's level)."""
        return (self.level1, self.level2) if pair == self.pair1 else (self.level2, self.level1)

    def points_of(self, pair: str) -> int:
        return self.points1 if pair == self.pair1 else self.points2


def level_diff(own: str, opponent: str) -> int:
    """級差分 of one match: own final level − opponent's, past A counting as one above A."""
    return level_value(own) - level_value(opponent)


def small_points(own: str, start: str = "2") -> int:
    """小分 of one match: levels gained, final level − start level (past A counts one more)."""
    return level_value(own) - level_value(start)


# The notice's levels and nothing else: 2–10, J, Q, K, A, and past A written A+ or 过A (過A). A
# number past 10 (11–15), 1, T or any other card-game shorthand is refused, never read as a near
# level: "15" typed for A would otherwise score as past A, and win the match.
_PAST_A = {"A+", "过A", "過A"}
_NOTICE_LEVELS = frozenset(LEVELS) - {"A+"}


def read_level(value: Any) -> str:
    """A level as typed (full-width digits and letters, lower case, 10 stored as 10.0 too) ->
    the canonical level; ValueError for anything the notice does not write."""
    raw = unicodedata.normalize("NFKC", nz.clean_text(value)).strip().upper()
    if raw.endswith(".0") and raw[:-2].isdigit():
        raw = raw[:-2]
    if raw in _PAST_A:
        return "A+"
    if raw in _NOTICE_LEVELS:
        return parse_level(raw)
    raise ValueError(f"{value!r} is not a level (2–10, J, Q, K, A or A+)")


def parse_side(value: Any) -> int | None:
    """1 or 2 (also '１', 1.0); None when empty; ValueError otherwise."""
    if nz.is_blank(value):
        return None
    side = nz.parse_int(value)
    if side not in (1, 2):
        raise ValueError("not a side")
    return side


def parse_levels_setting(text: Any) -> tuple[str, str]:
    """'3:2' (also '3：2', '3-2') -> ('3', '2'); ValueError otherwise."""
    raw = nz.clean_text(text).replace("：", ":").replace("-", ":")
    parts = [p.strip() for p in raw.split(":")]
    if len(parts) != 2:
        raise ValueError("two levels, like 3:2")
    return read_level(parts[0]), read_level(parts[1])


def bye_result(round_: int, pair: str, rules: Rules) -> Result:
    own, other = rules.bye_levels
    return Result(round_, None, pair, None, own, other, 1, rules.bye_points, 0, BYE)


def judge(slip: Slip, rules: Rules, declarer_held: int | None = None) -> tuple[Result | None, list[Problem]]:
    """The result of a slip, or None while it waits for its result (or has an error).
    ``declarer_held``: the side holding the deal at the end, when known from the Deals sheet."""
    problems: list[Problem] = []
    w = slip.where
    if slip.pair2 is None:
        return bye_result(slip.round, slip.pair1, rules), problems

    def side(key: str) -> int | None:
        try:
            return parse_side(getattr(slip, key))
        except ValueError:
            problems.append(error(SIDE_INVALID, w[key], value=nz.clean_text(getattr(slip, key))))
            return None

    forfeit = side("forfeit")
    first = side("first_past_a")
    held = side("declarer")
    levels: dict[int, str | None] = {}
    for s, key in ((1, "level1"), (2, "level2")):
        raw = getattr(slip, key)
        if nz.is_blank(raw):
            levels[s] = None
            continue
        try:
            levels[s] = read_level(raw)
        except ValueError:
            problems.append(error(NOT_A_LEVEL, w[key], value=nz.clean_text(raw)))
            levels[s] = None
    if any(p.severity == "error" for p in problems):
        return None, problems

    if forfeit is not None:
        offender, opponent = rules.forfeit_levels
        l1, l2 = (offender, opponent) if forfeit == 1 else (opponent, offender)
        for s, key, lv in ((1, "level1", l1), (2, "level2", l2)):
            if levels[s] is not None and levels[s] != lv:
                problems.append(
                    warning(FORFEIT_LEVELS_IGNORED, w[key], levels=f"{offender}:{opponent}", value=levels[s])
                )
        winner = 2 if forfeit == 1 else 1
        p1, p2 = (rules.loss, rules.win) if forfeit == 1 else (rules.win, rules.loss)
        return Result(
            slip.round, slip.table, slip.pair1, slip.pair2, l1, l2, winner, p1, p2, FORFEIT, forfeit
        ), problems

    l1, l2 = levels[1], levels[2]
    if l1 is None and l2 is None:
        return None, problems  # waiting for its result
    if l1 is None or l2 is None:
        problems.append(error(LEVEL_MISSING, w["level1" if l1 is None else "level2"]))
        return None, problems
    if first is not None and (l1, l2)[first - 1] != "A+":
        problems.append(error(PAST_A_CONTRADICTS, w["first_past_a"], side=_side_name(first), level=(l1, l2)[first - 1]))
        return None, problems
    if first is None:
        if l1 == "A+" and l2 == "A+":
            problems.append(error(BOTH_PAST_A, w["first_past_a"]))
            return None, problems
        if "A+" in (l1, l2):
            first = 1 if l1 == "A+" else 2
    if first is not None:
        winner = first
    elif level_value(l1) != level_value(l2):
        winner = 1 if level_value(l1) > level_value(l2) else 2
    elif rules.equal_to_declarer:
        holder = held if held is not None else declarer_held
        if holder is None:
            problems.append(error(DECLARER_NEEDED, w["declarer"]))
            return None, problems
        winner = holder
    else:
        winner = 0
    p1, p2 = (
        (rules.draw, rules.draw) if winner == 0 else (rules.win, rules.loss) if winner == 1 else (rules.loss, rules.win)
    )
    return Result(slip.round, slip.table, slip.pair1, slip.pair2, l1, l2, winner, p1, p2, PLAYED, None, first), problems


def _side_name(side: int) -> dict[str, str]:
    return {"en": str(side), "zh-Hant": "甲" if side == 1 else "乙"}


# ---- deal-by-deal scoresheets -------------------------------------------------------------------


@dataclass(frozen=True)
class DealRow:
    """One Deals row as typed, with its cells; ``row`` is its sheet row number."""

    round: int
    table: int
    deal: int
    declarer: Any = None
    captured: Any = None
    kitty: Any = None
    last_lead: Any = None
    penalty1: Any = None
    penalty2: Any = None
    loss: Any = None
    row: int = 0
    where: dict[str, Where] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class DealStep:
    """One deal worked out, every number a referee checks by hand."""

    deal: int
    declarer: int  # side declaring this deal
    captured: int
    kitty: int
    last_lead: LastLead | None
    multiplier: int  # 0 when the declarers won the last trick
    kitty_points: int  # kitty × multiplier
    penalty_declarers: int  # penalties against the declarers (added to P)
    penalty_defenders: int  # penalties against the defenders (taken off P)
    loss: int | None  # the side that lost the deal (判負)
    loss_points: int  # ± board loss in P
    total: int  # P, the defenders' total
    defenders_take: bool  # P ≥ 80: the defenders become declarers
    up: int  # levels gained by the side that goes up
    side_up: int | None  # which side went up (None: nobody)
    level1: str  # levels after the deal
    level2: str
    past_a: int | None  # the side that passed A on this deal
    next_declarer: int
    row: int = 0


@dataclass
class TableLog:
    round: int
    table: int
    steps: list[DealStep]
    level1: str
    level2: str
    first_past_a: int | None
    holder: int | None  # the side holding the deal (台上) after the last deal


def _int(
    row: DealRow,
    key: str,
    what: dict[str, str],
    problems: list[Problem],
    low: int = 0,
    high: int | None = None,
    multiple: int = 1,
    required: bool = False,
) -> int | None:
    raw = getattr(row, key)
    if nz.is_blank(raw) and not required:
        return 0
    expected = {
        "en": f"a whole number from {low}"
        + (f" to {high}" if high is not None else "")
        + (f", a multiple of {multiple}" if multiple > 1 else ""),
        "zh-Hant": f"應為 {low}"
        + (f"–{high}" if high is not None else " 以上")
        + " 的整數"
        + (f"，{multiple} 的倍數" if multiple > 1 else ""),
    }
    try:
        value = nz.parse_int(raw)
    except ValueError:
        value = None
    if value is None or value < low or (high is not None and value > high) or value % multiple:
        problems.append(
            error(DEAL_VALUE_INVALID, row.where[key], value=nz.clean_text(raw), what=what, expected=expected)
        )
        return None
    return value


_WHAT = {
    "captured": {"en": "captured", "zh-Hant": "防家得分"},
    "kitty": {"en": "kitty", "zh-Hant": "底牌分"},
    "penalty1": {"en": "penalty1", "zh-Hant": "甲方罰分"},
    "penalty2": {"en": "penalty2", "zh-Hant": "乙方罰分"},
}


def play_deals(rows: list[DealRow], rules: Rules) -> tuple[TableLog | None, list[Problem]]:
    """Work one table's deals through: both pairs start at the start level, the declarers of
    deal 1 are given, and every later deal follows from the one before. None (with problems)
    when a row has an error: no level is written from a guess."""
    problems: list[Problem] = []
    if not rows:
        return None, problems
    rnd, table = rows[0].round, rows[0].table
    ordered = _in_deal_order(rows, problems)
    play = _TablePlay(rules, problems, {1: rules.start_level, 2: rules.start_level}, bad=bool(problems))
    for r in ordered:
        play.deal(r)
    if play.bad or any(p.severity == "error" for p in problems):
        return None, problems
    first = play.passed[1] if play.passed else None
    return TableLog(
        rnd, table, play.steps, play.level[1], play.level[2], first, None if first else play.declarer
    ), problems


def _in_deal_order(rows: list[DealRow], problems: list[Problem]) -> list[DealRow]:
    """One table's rows by deal number, each number once; a repeat or a gap is a problem."""
    rnd, table = rows[0].round, rows[0].table
    seen: dict[int, DealRow] = {}
    ordered: list[DealRow] = []
    for r in rows:
        if r.deal in seen:
            problems.append(
                error(DEAL_DUPLICATE, r.where["deal"], deal=r.deal, round=rnd, table=table, other=seen[r.deal].row)
            )
            continue
        seen[r.deal] = r
        ordered.append(r)
    ordered.sort(key=lambda r: r.deal)
    previous = 0
    for r in ordered:
        if r.deal != previous + 1:
            problems.append(error(DEAL_GAP, r.where["deal"], deal=r.deal, previous=previous))
        previous = r.deal
    return ordered


@dataclass
class _TablePlay:
    """One table's play so far, deal by deal: both levels, the side declaring next, whether a
    side has passed A, and whether any row had an error (then nothing is written)."""

    rules: Rules
    problems: list[Problem]
    level: dict[int, str]
    bad: bool = False
    steps: list[DealStep] = field(default_factory=list)
    declarer: int | None = None
    passed: tuple[int, int] | None = None  # (deal, side)

    def deal(self, r: DealRow) -> None:
        """Score one row, or report every mistake on it at once (the row's other cells are still
        checked after the first, so that staff correct a row in one go)."""
        if self.passed is not None:
            self.problems.append(
                error(DEAL_AFTER_PAST_A, r.where["deal"], deal=self.passed[0], side=_side_name(self.passed[1]))
            )
            self.bad = True
            self.problems.extend(deal_row_problems(r, self.rules))
            return
        sides = self._sides(r)
        numbers = self._numbers(r)
        if sides is None or numbers is None:
            return
        self._score(r, *sides, *numbers)

    def _sides(self, r: DealRow) -> tuple[int, int | None] | None:
        """The declaring side (given on deal 1, checked if typed later) and the side losing the deal (判負)."""
        try:
            typed = parse_side(r.declarer)
        except ValueError:
            self.problems.append(error(SIDE_INVALID, r.where["declarer"], value=nz.clean_text(r.declarer)))
            self.bad = True
            return None
        try:
            loss = parse_side(r.loss)
        except ValueError:
            self.problems.append(error(SIDE_INVALID, r.where["loss"], value=nz.clean_text(r.loss)))
            self.bad = True
            loss = None
        if self.declarer is None:
            if typed is None:
                self.problems.append(error(FIRST_DECLARER_MISSING, r.where["declarer"]))
                self.bad = True
                return None
            self.declarer = typed
        elif typed is not None and typed != self.declarer:
            self.problems.append(
                error(
                    DECLARER_DISAGREES,
                    r.where["declarer"],
                    previous=self.steps[-1].deal if self.steps else r.deal - 1,
                    expected=_side_name(self.declarer),
                    value=typed,
                )
            )
            self.bad = True
        return self.declarer, loss

    def _numbers(self, r: DealRow) -> tuple[int, int, dict[int, int], LastLead | None] | None:
        """Points captured, the kitty, both penalties and the last lead's shape, as typed."""
        problems = self.problems
        captured = _int(r, "captured", _WHAT["captured"], problems, 0, 200, 5, required=True)
        kitty = _int(r, "kitty", _WHAT["kitty"], problems, 0, 200, 5)
        pen = {1: _int(r, "penalty1", _WHAT["penalty1"], problems), 2: _int(r, "penalty2", _WHAT["penalty2"], problems)}
        lead: LastLead | None = None
        if not nz.is_blank(r.last_lead):
            try:
                lead = parse_last_lead(nz.clean_text(r.last_lead))
            except ValueError:
                problems.append(error(SHAPE_INVALID, r.where["last_lead"], value=nz.clean_text(r.last_lead)))
                self.bad = True
        if captured is None or kitty is None or pen[1] is None or pen[2] is None:
            self.bad = True
            return None
        _check_penalties(r, pen, self.rules, problems)
        return captured, kitty, pen, lead  # type: ignore[return-value]

    def _score(
        self,
        r: DealRow,
        declarer: int,
        loss: int | None,
        captured: int,
        kitty: int,
        pen: dict[int, int],
        lead: LastLead | None,
    ) -> None:
        """The defenders' total P, who goes up how far, and who declares the next deal."""
        rules, level = self.rules, self.level
        defenders = 3 - declarer
        mult = kitty_multiplier(lead, rules.kitty) if lead is not None else 0
        loss_points = 0 if loss is None else (rules.board_loss if loss == declarer else -rules.board_loss)
        total = captured + kitty * mult + pen[declarer] - pen[defenders] + loss_points
        outcome = deal_outcome(total, rules.bands)
        past_a = None
        if outcome.defenders_take_deal:
            side_up = defenders if outcome.levels else None
            level[defenders] = level_after(level[defenders], outcome.levels)
            nxt = defenders
        else:
            side_up = declarer
            if level[declarer] == "A":
                level[declarer] = "A+"  # won as declarers while playing A: past A
                past_a = declarer
                self.passed = (r.deal, declarer)
            else:
                level[declarer] = level_after(level[declarer], outcome.levels)
            nxt = declarer
        if loss is not None:
            nxt = 3 - loss  # 判負: the next deal is declared by the other side
        self.steps.append(
            DealStep(
                r.deal,
                declarer,
                captured,
                kitty,
                lead,
                mult,
                kitty * mult,
                pen[declarer],
                pen[defenders],
                loss,
                loss_points,
                total,
                outcome.defenders_take_deal,
                outcome.levels,
                side_up,
                level[1],
                level[2],
                past_a,
                nxt,
                r.row,
            )
        )
        self.declarer = nxt


def deal_row_problems(r: DealRow, rules: Rules) -> list[Problem]:
    """Every problem of one deal row's own cells (the sides, the numbers, the last lead),
    without playing it: for a row whose round, table or deal number is itself wrong."""
    problems: list[Problem] = []
    for key in ("declarer", "loss"):
        try:
            parse_side(getattr(r, key))
        except ValueError:
            problems.append(error(SIDE_INVALID, r.where[key], value=nz.clean_text(getattr(r, key))))
    _TablePlay(rules, problems, {1: rules.start_level, 2: rules.start_level})._numbers(r)
    return problems


def _check_penalties(r: DealRow, pen: dict[int, int], rules: Rules, problems: list[Problem]) -> None:
    """A penalty that is not a multiple of 10 or above the most the Rules allow is flagged, not refused."""
    for s in (1, 2):
        if pen[s] and (pen[s] % 10 or pen[s] > rules.penalty_max):
            why = (
                {"en": "not a multiple of 10", "zh-Hant": "不是 10 的倍數"}
                if pen[s] % 10
                else {"en": f"above {rules.penalty_max}", "zh-Hant": f"超過 {rules.penalty_max}"}
            )
            problems.append(warning(PENALTY_UNUSUAL, r.where[f"penalty{s}"], value=pen[s], why=why))
