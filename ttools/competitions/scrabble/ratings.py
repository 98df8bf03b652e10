"""Rating estimates (評分估算): each player's expected wins, performance rating and estimated new
rating under the rating system the division names, as TSH computes them during an event.

Sources:

- NSA/NASPA, "How the NSA Rating System Works", http://www.scrabble-assoc.com/ratings/how.html:
  expected wins against each opponent ``1 − 1/(1 + exp(0.0031879·delta))``, delta = own rating
  minus the opponent's (1800 v 1700: 0.57903 a game); the excess (actual wins, a tie ½, minus
  expected) times a multiplier: pre-event rating below 1800: 30 with fewer than 50 career games,
  else 20; 1800–1999: 24 / 16; 2000 and up: 15 / 10. The page names its reference
  implementation: the Perl module Ratings::Elo of the tsh distribution (John J. Chew III).
- NASPA Local Club Tournaments change by one third: http://www.scrabbleplayers.org/cgi-bin/rcalc.pl
  and the NASPA wiki "Ratings" page.
- tsh's ``Ratings::Elo`` and ``Ratings`` modules, whose rating system ``nsa2008`` (logistic
  expectation, no Homan approximations) is what ``naspa`` here follows, routine by routine:
  ``MakeSplits`` (an event of 17 rounds or more is rated in two segments, of 36 or more in
  three, each from the ratings the previous one ended with); ``CountEWins`` (only games with
  two scores count: byes and forfeits are not rated); ``ConvertExcessToPoints`` (a change that
  crosses 1800 or 2000 continues at the multiplier of the new band); ``CalculateAccelerationBonus``
  (a rise of more than 5 points a game earns that surplus again, and each rated opponent gets
  1/20 of it as feedback, ``AddFeedback``); ``RoundNewRatings`` (to the nearest point); a floor
  of 1; ``RateNewcomersCorrectly`` (an unrated player's rating is their performance rating,
  iterated, at least 500 and at most the best rated opponent's rating + 400 × win ratio).
  ``naspa-lct`` follows ``nsa2008 lct``: the change divided by three (``use_club_divisor``),
  at most 50 points either way (``CapClubChanges``), no acceleration bonus.

Not here: WESPA's system (no published formula was found, so it is left out rather than
guessed), and NASPA's rating deviation of its newer systems. The performance rating printed is
the rating at which the expected wins against the opponents' pre-event ratings equal the actual
wins (by bisection); there is none when every game was won or every game lost.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Iterator, Sequence

from ttools.competitions.common import every_lang
from ttools.competitions.scrabble.results import GAME, Outcome, Player
from ttools.i18n import with_simplified
from ttools.workbook import normalize as nz
from ttools.workbook.schema import choice_map

SYSTEMS = ("naspa", "naspa-lct", "none")
SYSTEM_CHOICES = choice_map(
    SYSTEMS,
    with_simplified(
        {
            "nsa": "naspa",
            "nsa2008": "naspa",
            "naspa2008": "naspa",
            "naspa lct": "naspa-lct",
            "nsa lct": "naspa-lct",
            "nsa2008 lct": "naspa-lct",
            "lct": "naspa-lct",
            "club": "naspa-lct",
            "會內賽": "naspa-lct",
            "off": "none",
            "no": "none",
            "0": "none",
            "不估算": "none",
            "無": "none",
        }
    ),
)
VETERAN_GAMES = 50  # career games assumed when none are given: the lower multipliers apply


def expected(own: float, opponent: float) -> float:
    """Expected wins of one game (NSA's logistic curve, tsh's ``ExpectLogistic``)."""
    return 1 - 1 / (1 + math.exp(0.0031879 * (own - opponent)))


def multiplier(career_games: int, rating: float) -> int:
    """Points per excess win (tsh's ``Multiplier``)."""
    if career_games < 50:
        return 30 if rating < 1800 else 24 if rating < 2000 else 15
    return 20 if rating < 1800 else 16 if rating < 2000 else 10


@dataclass(frozen=True, slots=True)
class Estimate:
    """One player's line of the Ratings sheet."""

    player: Player
    old: int | None  # pre-event rating; None = unrated
    career: int | None  # career games as given; None = not given (50 or more assumed)
    games: int  # rated games in this event
    expected: float | None  # expected wins against the opponents' pre-event ratings
    wins: int | Fraction
    performance: int | None
    new: int | None  # estimated rating after the games counted; None = nothing to rate


def splits(rounds: int) -> list[tuple[int, int]]:
    """The rated segments (first and last round, 1-based) of an event of ``rounds`` rounds
    (tsh's ``MakeSplits``: one up to 16 rounds, two up to 35, three beyond)."""
    last0 = rounds - 1
    if last0 < 16:
        return [(1, rounds)]
    if last0 < 35:
        s1 = last0 // 2
        return [(1, s1 + 1), (s1 + 2, rounds)]
    s1, s2 = last0 // 3, (2 * last0 + 1) // 3
    return [(1, s1 + 1), (s1 + 2, s2 + 1), (s2 + 2, rounds)]


def convert_excess(rating: float, career: int, excess: float) -> float:
    """The rating after ``excess`` wins, band by band (tsh's ``ConvertExcessToPoints``)."""
    new = rating
    while excess:
        start = new
        m = multiplier(career, start)
        end = start + m * excess
        if m == multiplier(career, end):
            return end
        if start < 1800:
            boundary = 1800
        elif start < 2000:
            boundary = 2000 if excess > 0 else 1799
        else:
            boundary = 1999
        excess -= (boundary - start) / m
        new = boundary
    return new


def _search(f: Callable[[int], float], low: int, high: int) -> int:
    """tsh's ``Search``: integer bisection, returning the last midpoint tried."""
    mid = low
    while high - low > 1:
        mid = (low + high) // 2
        if f(mid) < 0:
            low = mid
        else:
            high = mid
    return mid


class _Segment:
    """One rated segment: every player's games in it (their outcomes, in round order; only the
    opponent and the wins are read)."""

    def __init__(self, games: dict[str, list[Outcome]]) -> None:
        self.games = games

    def wins(self, pid: str) -> float:
        return float(sum(g.wins for g in self.games.get(pid, ())))

    def count(self, pid: str) -> int:
        return len(self.games.get(pid, ()))


def _opponents(games: list[Outcome]) -> Iterator[str]:
    """The opponents of a segment's games (rated games always have one)."""
    return (g.opponent for g in games)  # type: ignore[misc]


def _newcomers(seg: _Segment, cur: dict[str, float | None], unrated: list[str]) -> dict[str, float]:
    """Unrated players' ratings from this segment (tsh's ``RateNewcomersCorrectly``)."""
    est: dict[str, float] = {}
    for p in unrated:
        rated = [cur[o] for o in _opponents(seg.games.get(p, [])) if cur[o]]
        est[p] = sum(rated) / len(rated) if rated else 1500  # type: ignore[arg-type]

    def step(p: str, cap_unrated: bool) -> float:
        n, w = seg.count(p), seg.wins(p)
        w = n * 0.05 if w == 0 else n * 0.95 if w == n else w
        opps = [cur[o] if cur[o] else est[o] for o in _opponents(seg.games[p])]
        r: float = _search(lambda x: sum(expected(x, o) for o in opps) - w, 0, 3000)  # type: ignore[arg-type]
        r = max(r, 500)
        best = max((cur[o] or 0 for o in _opponents(seg.games[p])), default=0)
        if not best and cap_unrated:
            best = max((est[o] for o in _opponents(seg.games[p]) if not cur[o]), default=0)
        if best:
            r = min(r, best + 400 * seg.wins(p) / n)
        return r

    playing = [p for p in unrated if seg.count(p)]
    for _ in range(50):
        new = {p: step(p, True) for p in playing}
        changed = any(new[p] != est[p] for p in playing)
        est.update(new)
        if not changed:
            return est
    sums = dict.fromkeys(playing, 0.0)  # no fixed point: the mean of 50 more rounds of it
    for _ in range(50):
        new = {p: step(p, False) for p in playing}
        est.update(new)
        for p in playing:
            sums[p] += new[p]
    return {**est, **{p: sums[p] / 50 for p in playing}}


def _rate_segment(seg: _Segment, cur: dict[str, float | None], career: dict[str, int], club: bool) -> dict[str, float]:
    """Everyone's rating after one segment (tsh's ``CalculateSegmentRatings``)."""
    unrated = [p for p, r in cur.items() if not r]
    eff: dict[str, float] = {p: r for p, r in cur.items() if r}  # type: ignore[misc]
    if unrated:
        eff.update(_newcomers(seg, cur, unrated))
    new = dict(eff)
    for p, r in cur.items():
        if not r or not seg.count(p):
            continue
        excess = seg.wins(p) - sum(expected(r, eff[o]) for o in _opponents(seg.games[p]))
        end = convert_excess(r, career[p], excess)
        new[p] = r + (end - r) / 3 if club else end
    feedback: dict[str, float] = defaultdict(float)
    if not club:
        for p, r in cur.items():
            bonus = new[p] - r - 5 * seg.count(p) if r else 0
            if bonus > 0:
                new[p] += bonus
                for o in _opponents(seg.games[p]):
                    if cur[o]:
                        feedback[o] += bonus / 20
    out = {}
    for p, r in new.items():
        value = float(math.floor(0.5 + r + feedback.get(p, 0)))
        if cur.get(p):
            old = cur[p]
            if club:
                value = min(max(value, old - 50), old + 50)  # type: ignore[operator]
            value = max(value, 1)
        out[p] = value
    return out


def performance(wins: float, opponents: Sequence[float]) -> int | None:
    """The rating whose expected wins against ``opponents`` equal ``wins`` (bisection); None
    when every game was won or lost (no finite rating does that)."""
    n = len(opponents)
    if not n or wins <= 0 or wins >= n:
        return None
    low, high = min(opponents) - 2000.0, max(opponents) + 2000.0
    for _ in range(60):
        mid = (low + high) / 2
        if sum(expected(mid, o) for o in opponents) < wins:
            low = mid
        else:
            high = mid
    return round((low + high) / 2)


def estimate(players: Sequence[Player], outcomes: Iterable[Outcome], system: str, rounds: int) -> list[Estimate]:
    """Every player's estimate after the games in ``outcomes`` (rounds up to the one counted),
    for an event planned over ``rounds`` rounds (the segments follow the plan, as in tsh with
    ``max_rounds`` set). ``system`` is ``naspa`` or ``naspa-lct``."""
    ids = [p.id for p in players]
    by_id = {p.id: p for p in players}
    # each player's rated games, the outcomes themselves in round order (no pair or dict of
    # rounds made per game: a large event rates tens of thousands of them)
    mine: dict[str, list[Outcome]] = defaultdict(list)
    last = 0
    known = set(ids)
    for o in outcomes:
        if o.kind == GAME and o.opponent in known and o.player in known:
            mine[o.player].append(o)
            last = max(last, o.round)
    for pid, games in mine.items():
        mine[pid] = _by_round(games)
    cur: dict[str, float | None] = {p.id: float(p.rating) if p.rating else None for p in players}
    career = {
        p.id: p.career_games if p.career_games is not None else (VETERAN_GAMES if p.rating else 0) for p in players
    }
    for first, end in splits(max(rounds, last, 1)):
        if first > last:
            break
        seg = _Segment({p: [g for g in mine[p] if first <= g.round <= end] for p in ids})
        cur = {**cur, **_rate_segment(seg, cur, career, system == "naspa-lct")}  # type: ignore[dict-item]
    out = []
    for p in players:
        games = mine[p.id]
        wins = sum((g.wins for g in games), start=0)
        opp = [float(by_id[o].rating) if by_id[o].rating else cur[o] for o in _opponents(games)]
        rated = [x for x in opp if x]
        exp = sum(expected(p.rating, x) for x in rated) if p.rating and games else None
        out.append(
            Estimate(
                p,
                p.rating or None,
                p.career_games,
                len(games),
                exp,
                wins,
                performance(float(wins), rated) if len(rated) == len(games) else None,
                int(cur[p.id]) if cur[p.id] and (games or p.rating) else None,  # type: ignore[arg-type]
            )
        )
    return out


def _by_round(games: list[Outcome]) -> list[Outcome]:
    """A player's games in round order, the last one read of a round kept (as a mapping of
    rounds would); the games as they are when their rounds already rise."""
    if all(a.round < b.round for a, b in zip(games, games[1:])):
        return games
    return [g for _r, g in sorted({g.round: g for g in games}.items(), key=lambda item: item[0])]


def rating_setting(settings: Any, key: str) -> dict[str, str]:
    """The ``rating_system`` setting: one system for every division, or ``A: naspa, B: none``
    (a division's own entry wins; "" holds the one for the rest). Words not understood are
    named on the cell and left out."""
    if settings.blank(key):
        return {}
    out: dict[str, str] = {}
    for part in (p.strip() for p in re.split(r"[,;，、；\n]+", nz.clean_text(settings.raw(key)))):
        if not part:
            continue
        m = re.fullmatch(r"(\S+?)\s*[:=：]\s*(.+)", part)
        division, word = (nz.parse_code(m.group(1)), m.group(2)) if m else ("", part)
        if nz.fold_label(word) == "wespa":
            settings.invalid(
                key,
                every_lang(
                    "不提供 WESPA 積分制（找不到公開的計算公式）",
                    "WESPA's rating system is not offered (no published formula was found)",
                ),
            )
            continue
        try:
            out[division] = nz.parse_choice(word, SYSTEM_CHOICES)
        except ValueError:
            settings.invalid(
                key,
                every_lang(
                    "應為 naspa、naspa-lct 或 none，或按組別填寫，如 A: naspa, B: none",
                    "expected naspa, naspa-lct or none, or per division such as A: naspa, B: none",
                ),
            )
    return out


def system_of(systems: dict[str, str], division: str, players: Sequence[Player]) -> str:
    """The division's rating system: its own entry, the one for every division, else naspa
    where anyone in it has a rating."""
    if division in systems:
        return systems[division]
    if "" in systems:
        return systems[""]
    return "naspa" if any(p.rating for p in players) else "none"


def for_results(res: Any) -> dict[str, tuple[str, list[Estimate]]]:
    """Each rated division's system and estimates after its standings' round; worked out once
    per set of results (compute's Results: the sheets, the summary and the site all show them).
    ``settings`` of rating_setting is common.Settings; neither is imported, as load imports this."""
    cached = res.__dict__.get("_rating_estimates")
    if cached is not None:
        return cached
    out: dict[str, tuple[str, list[Estimate]]] = {}
    data = res.data
    for d, div in res.divisions.items():
        system = system_of(data.rating_systems, d, div.players)
        if system == "none" or not div.players:
            continue
        plan = data.plan(d) if hasattr(data, "plan") else data.rounds
        counted = (o for o in div.outcomes if o.round <= div.through)
        out[d] = (system, estimate(div.players, counted, system, max(plan, default=div.through)))
    res.__dict__["_rating_estimates"] = out  # Results belongs to compute; the cache rides along with it
    return out
