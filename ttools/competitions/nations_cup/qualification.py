"""Qualification total (資格賽總成績): the three Day 1–2 events turned into one ranked standing.

Each event has a score pool (分數池); a team's event score is its share of the pool in
proportion to its raw score (原始分), and the total is the sum of the three shares. Everything
is exact until the total is printed; the ranking then uses the printed total, as the scoreboard
shows it, and the rulebook's tie-breaks (八(一) 資格賽同分處理) settle equal printed totals.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from itertools import groupby
from typing import Callable, Mapping, NamedTuple, Sequence

from ttools.competitions.nations_cup.model import Rules
from ttools.core.draw import Draw
from ttools.core.exact import largest_remainder, round_half_up
from ttools.core.standings import Ranked, rank
from ttools.problems import Problem, Where, define, error, warning

EVENTS = ("hu", "nlh", "bounty")  # 單挑賽, NLH MTT, 獵人賽
LOT_STAGE = "qualification/lot"
REMAINDER_STAGE = "qualification/remainder"
TAIL_LIMIT = Fraction(5, 100)  # 四捨五入尾差不逾 ±0.05
PLACES = 2  # 計算至小數點後第 2 位

# The separating key of each tie-break, in the rulebook's order; 'lot' comes after all of them.
TIE_BREAKS = ("total", "bounty-chips", "best-place", "second-place")

WHERE = Where("Qualification")

REMAINDER_LOT = define(
    "rounding-remainder-lot",
    "Largest-remainder rounding: teams {teams} have equal remainders and {units} hundredth(s) are left for them; "
    "lots drawn with seed {seed} give them to {to}. The chief referee must confirm.",
    "最大餘數法：{teams} 隊之餘數相同，尚餘 {units} 個 0.01 分；以種子 {seed} 抽籤歸 {to}，須由裁判長確認。",
)
LOT = define(
    "qualification-lot",
    "Teams {teams} are equal on total, bounty chips, best and second-best place; "
    "lots drawn with seed {seed} place them {order} (ranks {ranks}). The chief referee must confirm.",
    "{teams} 隊總成績、賞金籌碼、最佳及第二佳個人名次皆相同；以種子 {seed} 抽籤，"
    "名次依序為 {order}（第 {ranks} 名），須由裁判長確認。",
)
TAIL = define(
    "qualification-tail",
    "The printed totals add up to {printed}, {tail} away from the exact {exact}; "
    "the rulebook allows at most ±0.05 (rounding = largest-remainder keeps it at 0).",
    "總成績四捨五入後加總為 {printed}，與精確值 {exact} 相差 {tail}，超過規定之 ±0.05"
    "（計分規則 rounding 設為 largest-remainder 可使尾差為 0）。",
)
EMPTY_EVENT = define(
    "qualification-empty-event",
    "No raw score in {event} yet (Σ raw = 0): every team scores 0 in that event.",
    "{event} 尚無原始分（加總為 0），各隊該項得分均以 0 計。",
)
NEGATIVE_RAW = define(
    "qualification-negative-raw",
    "Team {team} has a negative raw score {raw} in {event}; raw scores are never below 0.",
    "{team} 隊 {event} 原始分為負數 {raw}；原始分不得小於 0。",
)
UNKNOWN_TEAM = define(
    "qualification-unknown-team",
    "A raw score in {event} is given for team {team}, which is not in the event; it is ignored.",
    "{event} 有不在參賽名單中的 {team} 隊原始分，已略過。",
)
ROUNDING = define(
    "qualification-rounding",
    "Unknown rounding '{rounding}'; expected half-up or largest-remainder.",
    "未知的進位方式「{rounding}」；應為 half-up 或 largest-remainder。",
)

# A team with fewer places than asked for is behind every team that has one.
_NO_PLACE = 10**9


class QualificationRow(NamedTuple):
    """One team's line of the qualification standings."""

    rank: int
    team: str
    hu_raw: Fraction
    nlh_raw: Fraction
    bounty_raw: Fraction
    hu: Fraction  # exact event scores (pool × raw ÷ Σ raw)
    nlh: Fraction
    bounty: Fraction
    hu_printed: Decimal  # display only; the total is rounded on its own, not summed from these
    nlh_printed: Decimal
    bounty_printed: Decimal
    total: Fraction
    total_printed: Decimal
    bounty_chips: int  # 賞金籌碼總數
    best_place: int | None  # 最佳個人名次 across the two MTTs
    second_place: int | None  # 第二佳個人名次
    advances: bool  # 晉級
    decided_by: str | None  # tie-break that put it below the team above; None for the leader
    by_lot: bool = False


class Qualification(NamedTuple):
    rows: list[QualificationRow]
    tail: Decimal | None  # Σ printed totals − Σ exact totals (尾差)
    gap: Decimal | None  # printed total of the last team in − the first team out
    sum_exact: Fraction  # Σ exact totals (= Σ pools once every event has a raw score)
    raw_sums: dict[str, Fraction]  # Σ raw per event, the denominators the scoreboard shows
    problems: Sequence[Problem] = ()

    def advancing(self) -> list[str]:
        return [r.team for r in self.rows if r.advances]

    def as_json(self) -> dict:
        """Numbers as printed (2 decimals), for the JSON summary."""
        return {
            "standings": [
                {
                    "rank": r.rank,
                    "team": r.team,
                    "hu": float(r.hu_printed),
                    "nlh": float(r.nlh_printed),
                    "bounty": float(r.bounty_printed),
                    "total": float(r.total_printed),
                    "advances": r.advances,
                }
                for r in self.rows
            ],
            "tail": None if self.tail is None else float(self.tail),
            "gap": None if self.gap is None else float(self.gap),
        }


def event_scores(pool: Fraction, raw: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Pool × team raw ÷ Σ raw, exactly; with no raw score at all every team gets 0."""
    total = sum(raw.values(), Fraction(0))
    if total == 0:
        return {team: Fraction(0) for team in raw}
    return {team: pool * value / total for team, value in raw.items()}


def best_places(places: Sequence[int]) -> tuple[int | None, int | None]:
    """The best and second-best individual place (lower is better)."""
    ordered = sorted(places)
    best = ordered[0] if ordered else None
    second = ordered[1] if len(ordered) > 1 else None
    return best, second


def _raw_scores(
    teams: list[str], given: Mapping[str, Mapping[str, Fraction]], problems: list[Problem]
) -> dict[str, dict[str, Fraction]]:
    """Each event's raw score per team (0 where a team has none yet), unknown teams and negative
    raw scores said."""
    raws: dict[str, dict[str, Fraction]] = {}
    for event in EVENTS:
        for team in given[event]:
            if team not in teams:
                problems.append(warning(UNKNOWN_TEAM, WHERE, event=event, team=team))
        # A team with no entry has not scored in that event (yet).
        raws[event] = {t: Fraction(given[event].get(t, 0)) for t in teams}
        for team, value in raws[event].items():
            if value < 0:
                problems.append(error(NEGATIVE_RAW, WHERE, team=team, event=event, raw=value))
    return raws


def _largest_remainder_totals(
    teams: list[str], totals: Mapping[str, Fraction], sum_exact: Fraction, seed: str | int, problems: list[Problem]
) -> dict[str, Decimal]:
    """The totals to 2 decimals by largest remainder (最大餘數法), adding up to the rounded Σ."""
    # Hundredths left over go to the largest remainders; where the last of them falls among
    # equal remainders, a seeded lot decides who gets one (flagged for the chief referee).
    scale = 10**PLACES
    remainder = {t: totals[t] * scale - (totals[t] * scale).numerator // (totals[t] * scale).denominator for t in teams}
    floors = sum((totals[t] * scale - remainder[t] for t in teams), Fraction(0))
    left = int(round_half_up(sum_exact, PLACES) * scale) - int(floors)
    by_remainder = sorted(teams, key=lambda t: -remainder[t])
    drawn: list[str] = []
    if 0 < left < len(teams) and remainder[by_remainder[left - 1]] == remainder[by_remainder[left]]:
        cut = remainder[by_remainder[left]]
        group = sorted(t for t in teams if remainder[t] == cut)
        units = left - sum(1 for t in teams if remainder[t] > cut)
        drawn = Draw(seed, REMAINDER_STAGE).shuffled(group)
        problems.append(
            warning(REMAINDER_LOT, WHERE, teams=", ".join(group), units=units, seed=seed, to=", ".join(drawn[:units]))
        )
    ordered = sorted(teams, key=lambda t: (-remainder[t], drawn.index(t) if t in drawn else 0))
    return largest_remainder({t: totals[t] for t in ordered}, PLACES)


def _printed_totals(
    teams: list[str],
    totals: Mapping[str, Fraction],
    sum_exact: Fraction,
    rules: Rules,
    seed: str | int,
    problems: list[Problem],
) -> dict[str, Decimal]:
    """The totals as printed, by the rounding rule (an unknown rule is an error, then half-up)."""
    rounding = rules.rounding
    if rounding not in ("half-up", "largest-remainder"):
        problems.append(error(ROUNDING, WHERE, rounding=rounding))
        rounding = "half-up"
    if rounding == "largest-remainder":
        return _largest_remainder_totals(teams, totals, sum_exact, seed, problems)
    return {t: round_half_up(totals[t], PLACES) for t in teams}


def _tie_breaks(
    chips: Mapping[str, int], tops: Mapping[str, tuple[int | None, int | None]]
) -> list[Callable[[str], int]]:
    """The keys after the total, in the rulebook's order; smaller is better on each."""

    def more_chips(t: str) -> int:
        return -chips[t]

    def best_place(t: str) -> int:
        return _NO_PLACE if tops[t][0] is None else tops[t][0]

    def second_place(t: str) -> int:
        return _NO_PLACE if tops[t][1] is None else tops[t][1]

    return [more_chips, best_place, second_place]


def _decided_by(r: Ranked[str], i: int) -> str | None:
    """What placed a team below the one before it (None: its total)."""
    if r.decided_by is not None:
        return TIE_BREAKS[r.decided_by]
    if r.by_lot and i > 0:
        return "lot"  # below an equal team on every key: the lot put it there
    return None


def _tail(printed: Mapping[str, Decimal], sum_exact: Fraction, problems: list[Problem]) -> Decimal:
    """Σ printed totals − Σ exact totals (尾差), said when it is more than rounding can make."""
    tail_exact = sum((Fraction(v) for v in printed.values()), Fraction(0)) - sum_exact
    tail = _as_decimal(tail_exact)
    if abs(tail_exact) > TAIL_LIMIT:
        problems.append(
            warning(
                TAIL,
                WHERE,
                printed=f"{sum(printed.values(), Decimal(0)):.2f}",
                exact=_as_decimal(sum_exact),
                tail=tail,
            )
        )
    return tail


def qualification(
    teams: Sequence[str],
    hu_raw: Mapping[str, Fraction],
    nlh_raw: Mapping[str, Fraction],
    bounty_raw: Mapping[str, Fraction],
    bounty_chips: Mapping[str, int],
    places: Mapping[str, Sequence[int]],
    rules: Rules,
    seed: str | int,
) -> Qualification:
    """Rank the teams on the qualification total and mark the top ``rules.advance`` as advancing."""
    teams = list(dict.fromkeys(teams))
    problems: list[Problem] = []
    pools = {"hu": rules.pool_hu, "nlh": rules.pool_nlh, "bounty": rules.pool_bounty}
    raws = _raw_scores(teams, {"hu": hu_raw, "nlh": nlh_raw, "bounty": bounty_raw}, problems)
    if any(p.severity == "error" for p in problems):
        return Qualification([], None, None, Fraction(0), {}, problems)

    raw_sums = {event: sum(raws[event].values(), Fraction(0)) for event in EVENTS}
    for event in EVENTS:
        if raw_sums[event] == 0 and teams:
            problems.append(warning(EMPTY_EVENT, WHERE, event=event))
    scores = {event: event_scores(pools[event], raws[event]) for event in EVENTS}
    totals = {t: sum((scores[e][t] for e in EVENTS), Fraction(0)) for t in teams}
    sum_exact = sum(totals.values(), Fraction(0))

    chips = {t: int(bounty_chips.get(t, 0)) for t in teams}
    tops = {t: best_places(places.get(t, ())) for t in teams}
    printed = _printed_totals(teams, totals, sum_exact, rules, seed, problems)
    keys = [lambda t: -printed[t], *_tie_breaks(chips, tops)]
    ranked = rank(teams, keys, lot=Draw(seed, LOT_STAGE), label=str)

    advance = max(rules.advance, 0)
    rows: list[QualificationRow] = []
    for i, r in enumerate(ranked):
        t = r.item
        rows.append(
            QualificationRow(
                rank=r.rank,
                team=t,
                hu_raw=raws["hu"][t],
                nlh_raw=raws["nlh"][t],
                bounty_raw=raws["bounty"][t],
                hu=scores["hu"][t],
                nlh=scores["nlh"][t],
                bounty=scores["bounty"][t],
                hu_printed=round_half_up(scores["hu"][t], PLACES),
                nlh_printed=round_half_up(scores["nlh"][t], PLACES),
                bounty_printed=round_half_up(scores["bounty"][t], PLACES),
                total=totals[t],
                total_printed=printed[t],
                bounty_chips=chips[t],
                best_place=tops[t][0],
                second_place=tops[t][1],
                advances=r.rank <= advance,
                decided_by=_decided_by(r, i),
                by_lot=r.by_lot,
            )
        )
    # Each group settled by lot is reported once, for the chief referee to confirm.
    for _, group in groupby(ranked, key=lambda r: tuple(k(r.item) for k in keys)):
        _report_lot(list(group), seed, problems)

    tail = _tail(printed, sum_exact, problems)
    gap = None
    if 0 < advance < len(rows):
        gap = rows[advance - 1].total_printed - rows[advance].total_printed

    return Qualification(rows, tail, gap, sum_exact, raw_sums, problems)


def _report_lot(group: list[Ranked[str]], seed: str | int, problems: list[Problem]) -> None:
    if len(group) < 2 or not group[0].by_lot:
        return
    names = [g.item for g in group]
    problems.append(
        warning(
            LOT,
            WHERE,
            teams=", ".join(sorted(names)),
            order=" > ".join(names),
            ranks=f"{group[0].rank}–{group[-1].rank}",
            seed=seed,
        )
    )


def _as_decimal(value: Fraction) -> Decimal:
    """A Fraction as a Decimal: exact when it has a short decimal form, else to 6 places."""
    for places in range(PLACES, 7):
        if (value * 10**places).denominator == 1:
            return round_half_up(value, places)
    return round_half_up(value, 6)
