"""Day 2 Escalating Bounty MTT (獵人賽): from the elimination log to places, the milestone
timeline and every player's bounty chips (賞金籌碼), checked for conservation.

The seed (六、（三）) scores it twice over: "選手原始分 ＝ 名次積分（詳見附件四）＋ 賞金籌碼數",
with "賞金籌碼 1 枚 ＝ 1 分". The log is the record; the floor's chip counts are only compared
with it.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import groupby
from typing import Iterable, Mapping, NamedTuple, Sequence

from ttools.competitions.nations_cup.model import DEFAULT_SCALES, Elimination, Rules
from ttools.competitions.nations_cup.nlh import shared_points, team_raw
from ttools.problems import NOWHERE, Problem, Where, define, error, has_errors, warning

__all__ = [
    "BountyResult",
    "MilestoneEvent",
    "bounty_points",
    "milestone_table",
    "milestones",
    "nominal_issue",
    "reconcile_counts",
    "run_bounty",
    "team_raw",
]

NOT_IN_FIELD = define(
    "bounty-not-in-field",
    "{player} is not in the bounty field (the line-ups).",
    "{player} 不在獵人賽參賽名單（出賽名單）中。",
)
ALREADY_OUT = define(
    "bounty-already-out",
    "{player} cannot be knocked out in hand {hand}: already knocked out in hand {out_hand}.",
    "{player} 無法於第 {hand} 手牌出局：已於第 {out_hand} 手牌出局。",
)
RECIPIENT_MISSING = define(
    "bounty-recipient-missing",
    "Hand {hand}: nobody is named as the main-pot winner who takes the head of {player}.",
    "第 {hand} 手牌：未填寫取得 {player} 人頭值的主池贏家。",
)
RECIPIENT_SELF = define(
    "bounty-recipient-self",
    "Hand {hand}: {player} is named as the winner of their own head.",
    "第 {hand} 手牌：{player} 被填為自己人頭值的贏家。",
)
RECIPIENT_OUT = define(
    "bounty-recipient-out",
    "Hand {hand}: {to} cannot take the head of {player}: {to} was knocked out in hand {out_hand}.",
    "第 {hand} 手牌：{to} 不能取得 {player} 的人頭值：{to} 已於第 {out_hand} 手牌出局。",
)
NO_CHAMPION = define(
    "bounty-no-champion",
    "The log knocks out every one of the {m} players: the last player left is the champion and is never out.",
    "出局紀錄將全部 {m} 名選手淘汰：最後留下的選手為冠軍，不會出局。",
    zh_hans="出局记录将全部 {m} 名选手淘汰：最后留下的选手为冠军，不会出局。",  # 记录 (a log), where the character table gives 纪录 (a record)
)
HAND_INVALID = define(
    "bounty-hand-invalid",
    "Hand number {hand} is not a positive whole number.",
    "手牌編號 {hand} 不是正整數。",
)
HAND_ORDER = define(
    "bounty-hand-order",
    "Hand {hand} is written after hand {previous}; the log is replayed in hand order (check the hand number, or move the row).",
    "第 {hand} 手牌寫在第 {previous} 手牌之後；淘汰紀錄依手牌順序重播（請檢查手牌編號，或移動此列）。",
)
STACK_MISSING = define(
    "bounty-stack-missing",
    "Hand {hand}: {players} went out in the same hand but not every stack at the start of the hand "
    "is given, so they share places {first}–{last}; enter the stacks to order them.",
    "第 {hand} 手牌：{players} 同時出局，但未填齊該手牌開始時的籌碼，故並列第 {first}–{last} 名；"
    "請填寫籌碼量以排定名次。",
)
NOT_CONSERVED = define(
    "bounty-not-conserved",
    "Bounty chips are not conserved: players hold {held} in all but {issued} were issued.",
    "賞金籌碼不守恆：選手合計持有 {held} 枚，但共發行 {issued} 枚。",
)
COUNT_DISAGREES = define(
    "bounty-count-disagrees",
    "{player}: the log says {log} bounty chips, the count says {count}; the standings follow the log.",
    "{player}：依出局紀錄應有 {log} 枚賞金籌碼，清點為 {count} 枚；成績以出局紀錄為準。",
    zh_hans="{player}：依出局记录应有 {log} 枚赏金筹码，清点为 {count} 枚；成绩以出局记录为准。",  # 记录 (a log), where the character table gives 纪录 (a record)
)
COUNT_NOT_IN_FIELD = define(
    "bounty-count-not-in-field",
    "Bounty count for {player}, who is not in the bounty field.",
    "{player} 有賞金籌碼清點，但不在獵人賽參賽名單中。",
)


def milestones(m: int) -> list[int]:
    """Players-left counts at which every player still in gets one more chip (里程碑), largest first.

    附件五: "里程碑為剩餘人數首次降至開賽人數之 1/2、1/4、1/8（無條件捨去），其後於剩餘 3 人、2 人".
    Coinciding values count once (24 players: ⌊24/8⌋ = 3 = "3 left"); a value must be below the
    field (it has to be fallen to) and at least 2 (with 1 left the champion is decided instead).
    """
    values = {m // 2, m // 4, m // 8, 3, 2}
    return sorted((v for v in values if 2 <= v < m), reverse=True)


def nominal_issue(m: int) -> int:
    """Chips issued when no milestone is skipped: start + milestones + champion (全場賞金籌碼發行總量).

    附件五: 33 players → 67, 36 players → 73.
    """
    return m + sum(milestones(m)) + (1 if m >= 1 else 0)


class MilestoneEvent(NamedTuple):
    """After ``hand``, ``remaining`` players were left and each got ``issued_each`` chips (one per
    milestone passed, listed in ``passed``); ``head_value`` is the head value in force from then on."""

    hand: int
    remaining: int
    issued_each: int
    head_value: int
    passed: tuple[int, ...] = ()


class BountyResult(NamedTuple):
    """Everything the elimination log says about the bounty event so far."""

    field: list[str]
    chips: dict[str, int]  # final score if out, current holding if still in
    places: dict[str, int]  # decided places only; shared: top of the range
    place_share: dict[str, tuple[int, int]]  # the range of places each decided player covers
    timeline: list[MilestoneEvent]
    issued: int  # chips actually issued so far
    remaining: list[str]  # still in, in field order
    valid: bool  # no error in the log
    complete: bool  # valid and the champion is decided
    champion: str | None
    received: dict[str, int]  # heads collected from players knocked out
    handed: dict[str, int]  # head handed over when knocked out
    out_hand: dict[str, int]  # the hand each player went out in
    stage: int = 0  # milestones reached so far
    head_value: int = 1  # 人頭值 in force now
    champion_hand: int | None = None


def _where(row: Elimination, key: str) -> Where:
    return row.where.get(key) or row.where.get("out") or NOWHERE


def _is_hand_number(hand: object) -> bool:
    return isinstance(hand, int) and not isinstance(hand, bool) and hand >= 1


def _ordered_rows(log: Iterable[Elimination], problems: list[Problem]) -> list[Elimination]:
    """The log's rows with a hand number, in hand order."""
    rows: list[Elimination] = []
    for row in log:
        if _is_hand_number(row.hand):
            rows.append(row)
        else:
            problems.append(error(HAND_INVALID, _where(row, "hand"), hand=row.hand))
    # rows of one hand belong together whatever order they were typed in; the sort is stable,
    # but a hand typed after a later one may be a typo in its number: said on its cell
    latest: Elimination | None = None
    for row in rows:
        if latest is not None and row.hand < latest.hand:
            problems.append(warning(HAND_ORDER, _where(row, "hand"), hand=row.hand, previous=latest.hand))
        else:
            latest = row
    rows.sort(key=lambda r: r.hand)
    return rows


class _Replay:
    """The bounty event as the log is replayed hand by hand: chips, heads, places, milestones."""

    def __init__(self, players: list[str], rules: Rules, problems: list[Problem]) -> None:
        self.players, self.rules, self.problems = players, rules, problems
        self.in_field = set(players)
        self.marks = milestones(len(players))
        # 1. 開賽時每位選手持有賞金籌碼 1 枚。
        self.chips = {p: 1 for p in players}
        self.issued = len(players)
        self.received = {p: 0 for p in players}
        self.handed: dict[str, int] = {}
        self.out_hand: dict[str, int] = {}
        self.places: dict[str, int] = {}
        self.place_share: dict[str, tuple[int, int]] = {}
        self.timeline: list[MilestoneEvent] = []
        self.remaining = list(players)
        self.stage = 0
        self.champion: str | None = None
        self.champion_hand: int | None = None

    def crown(self, hand: int | None) -> None:
        # 4. 冠軍產生時額外補發 1 枚予冠軍。冠軍持有之全部籌碼計入其得分。
        champion = self.champion = self.remaining[0]
        self.champion_hand = hand
        self.chips[champion] += 1
        self.issued += 1
        self.places[champion] = 1
        self.place_share[champion] = (1, 1)

    def _going(self, hand: int, hand_rows: Iterable[Elimination]) -> dict[str, Elimination]:
        """The rows of a hand naming a player who can go out in it."""
        going: dict[str, Elimination] = {}
        for row in hand_rows:
            if row.out not in self.in_field:
                self.problems.append(error(NOT_IN_FIELD, _where(row, "out"), player=row.out))
            elif row.out in self.out_hand:
                self.problems.append(
                    error(ALREADY_OUT, _where(row, "out"), player=row.out, hand=hand, out_hand=self.out_hand[row.out])
                )
            elif row.out in going:
                self.problems.append(error(ALREADY_OUT, _where(row, "out"), player=row.out, hand=hand, out_hand=hand))
            else:
                going[row.out] = row
        return going

    def _out_now(self, hand: int, going: dict[str, Elimination]) -> list[Elimination]:
        """Of those, the rows whose pot winner can take the head."""
        out_now: list[Elimination] = []
        for row in going.values():
            to = row.to
            if not to:
                self.problems.append(error(RECIPIENT_MISSING, _where(row, "to"), hand=hand, player=row.out))
            elif to == row.out:
                self.problems.append(error(RECIPIENT_SELF, _where(row, "to"), hand=hand, player=row.out))
            elif to not in self.in_field:
                self.problems.append(error(NOT_IN_FIELD, _where(row, "to"), player=to))
            elif to in self.out_hand:
                self.problems.append(
                    error(
                        RECIPIENT_OUT, _where(row, "to"), hand=hand, to=to, player=row.out, out_hand=self.out_hand[to]
                    )
                )
            elif to in going:
                # the winner of a main pot cannot bust in that same hand
                self.problems.append(
                    error(RECIPIENT_OUT, _where(row, "to"), hand=hand, to=to, player=row.out, out_hand=hand)
                )
            else:
                out_now.append(row)
        return out_now

    def _hand_over(self, hand: int, out_now: list[Elimination], head: int) -> None:
        # 3. 選手遭淘汰時，交出等同當階段人頭值之賞金籌碼予淘汰者；其餘籌碼即為該選手之得分。
        #    同一手牌 2 名以上選手同時遭淘汰者，各自交出人頭值，分別由其對應之贏家取得。
        # With the default head value (stage + 1) a player still in always holds at least that
        # many chips (1 at the start + 1 per milestone). Only a custom head table can ask for more
        # than they hold: then they hand over everything they hold and score 0.
        for row in out_now:
            give = min(head, self.chips[row.out])
            self.chips[row.out] -= give
            self.chips[row.to] += give
            self.received[row.to] += give
            self.handed[row.out] = give
            self.out_hand[row.out] = hand
        gone = {row.out for row in out_now}
        self.remaining = [p for p in self.remaining if p not in gone]

    def _milestones(self, hand: int, before: int) -> None:
        after = len(self.remaining)
        # "falls to" = the first time the count is at or below the milestone, so one hand can pass
        # several; each passed milestone is one chip to everybody left and one stage up.
        passed = tuple(v for v in self.marks if after <= v < before)
        if passed and after >= 1:
            # 2. 剩餘人數達到里程碑時，由裁判長（Floor）向每位在場選手補發 1 枚。
            for p in self.remaining:
                self.chips[p] += len(passed)
            self.issued += len(passed) * after
            self.stage += len(passed)
            self.timeline.append(MilestoneEvent(hand, after, len(passed), self.rules.head_value(self.stage), passed))

    def play(self, hand: int, hand_rows: list[Elimination]) -> None:
        """One hand of the log: its knock-outs, their places, the milestones it passes."""
        before = len(self.remaining)
        # 6. 同一手牌發生淘汰、且該手牌結束後剩餘人數方達里程碑者，該次淘汰之人頭值以該手牌
        #    開始時之階段為準；里程碑補發於該手牌結束後進行。
        head = self.rules.head_value(self.stage)
        out_now = self._out_now(hand, self._going(hand, hand_rows))
        self._hand_over(hand, out_now, head)
        self.problems.extend(_place_hand(hand, out_now, before, self.places, self.place_share))
        self._milestones(hand, before)
        if len(self.remaining) == 1 and self.champion is None:
            self.crown(hand)

    def result(self) -> BountyResult:
        valid = not has_errors(self.problems)
        return BountyResult(
            field=self.players,
            chips=self.chips,
            places=self.places,
            place_share=self.place_share,
            timeline=self.timeline,
            issued=self.issued,
            remaining=self.remaining,
            valid=valid,
            complete=valid and self.champion is not None,
            champion=self.champion,
            received=self.received,
            handed=self.handed,
            out_hand=self.out_hand,
            stage=self.stage,
            head_value=self.rules.head_value(self.stage),
            champion_hand=self.champion_hand,
        )


def run_bounty(
    field: Iterable[str], log: Iterable[Elimination], rules: Rules | None = None
) -> tuple[BountyResult, list[Problem]]:
    """Replay the elimination log hand by hand and return places, chips and the milestone timeline.

    Rows with an error are skipped so the rest can still be shown, but the result is then
    marked ``valid=False`` / ``complete=False`` and must not be scored.
    """
    players = list(dict.fromkeys(field))
    m = len(players)
    problems: list[Problem] = []
    replay = _Replay(players, rules or Rules(), problems)
    rows = _ordered_rows(log, problems)
    named_out = {r.out for r in rows if r.out in replay.in_field}
    if m and named_out >= replay.in_field:
        problems.append(error(NO_CHAMPION, _where(rows[-1], "out"), m=m))
    if m == 1:
        replay.crown(None)
    for hand, hand_rows in groupby(rows, key=lambda r: r.hand):
        replay.play(hand, list(hand_rows))
    held = sum(replay.chips.values())
    if held != replay.issued:
        sheet = next((w.sheet for r in rows for w in r.where.values() if w.sheet), "BountyLog")
        problems.append(error(NOT_CONSERVED, Where(sheet, ""), held=held, issued=replay.issued))
    return replay.result(), problems


def _place_hand(
    hand: int,
    out_now: Sequence[Elimination],
    before: int,
    places: dict[str, int],
    place_share: dict[str, tuple[int, int]],
) -> list[Problem]:
    """k players out in a hand with R left before it take places R−k+1 … R; the bigger stack at
    the start of the hand finishes higher, equal stacks share the places they cover."""
    k = len(out_now)
    if not k:
        return []
    top = before - k + 1
    problems: list[Problem] = []
    if k > 1 and any(row.stack is None for row in out_now):
        missing = next(row for row in out_now if row.stack is None)
        problems.append(
            warning(
                STACK_MISSING,
                _where(missing, "stack"),
                hand=hand,
                players=", ".join(row.out for row in out_now),
                first=top,
                last=before,
            )
        )
        groups = [list(out_now)]
    else:
        stacks = sorted({row.stack for row in out_now}, key=lambda s: -(s or 0))
        groups = [[row for row in out_now if row.stack == s] for s in stacks]
    place = top
    for group in groups:
        for row in group:
            places[row.out] = place
            place_share[row.out] = (place, place + len(group) - 1)
        place += len(group)
    return problems


def reconcile_counts(result: BountyResult, counts: Iterable[tuple[str, int, Where]]) -> list[Problem]:
    """Compare the floor's chip counts with the log: each disagreement is a warning (the log wins)."""
    problems: list[Problem] = []
    in_field = set(result.field)
    for player, count, where in counts:
        if player not in in_field:
            problems.append(error(COUNT_NOT_IN_FIELD, where, player=player))
        elif count != result.chips[player]:
            problems.append(warning(COUNT_DISAGREES, where, player=player, log=result.chips[player], count=count))
    return problems


def bounty_points(
    result: BountyResult,
    scale: Mapping[int, Fraction] | None = None,
    *,
    live: bool = False,
) -> dict[str, Fraction]:
    """Player raw score = place points (附件四, shared places split evenly) + bounty chips held.

    Only for a complete, valid result; ``live=True`` also scores an event still in progress
    (decided places + chips held now: an estimate for the scoreboard, since players still in will
    hand over heads). Returns {} when the result cannot be scored.
    """
    scale = DEFAULT_SCALES["bounty"] if scale is None else scale
    if not (result.complete or (live and result.valid)):
        return {}
    points = {p: Fraction(result.chips[p]) for p in result.field}
    for player, (first, last) in result.place_share.items():
        points[player] += shared_points(first, last - first + 1, scale)
    return points


def milestone_table(m: int, rules: Rules | None = None) -> list[dict[str, object]]:
    """附件五 for a field of ``m``: the start, each milestone, the champion and the nominal total.

    Each row: ``event`` ('start' | 'milestone' | 'champion' | 'total'), ``stage`` reached,
    ``players_left``, ``each`` (chips per player), ``issued`` (chips in the row),
    ``cumulative``, ``head_before`` / ``head_after`` (人頭值 before and after the row; None where
    it does not apply).
    """
    rules = rules or Rules()
    rows: list[dict[str, object]] = []
    total = m
    rows.append(
        dict(
            event="start",
            stage=0,
            players_left=m,
            each=1,
            issued=m,
            cumulative=total,
            head_before=None,
            head_after=rules.head_value(0),
        )
    )
    marks = milestones(m)
    for stage, left in enumerate(marks, start=1):
        total += left
        rows.append(
            dict(
                event="milestone",
                stage=stage,
                players_left=left,
                each=1,
                issued=left,
                cumulative=total,
                head_before=rules.head_value(stage - 1),
                head_after=rules.head_value(stage),
            )
        )
    if m >= 1:
        total += 1
        rows.append(
            dict(
                event="champion",
                stage=len(marks),
                players_left=1,
                each=1,
                issued=1,
                cumulative=total,
                head_before=rules.head_value(len(marks)),
                head_after=None,
            )
        )
    rows.append(
        dict(
            event="total",
            stage=None,
            players_left=None,
            each=None,
            issued=total,
            cumulative=total,
            head_before=None,
            head_after=None,
        )
    )
    return rows
