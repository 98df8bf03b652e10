"""Scrabble result slips (成績表): the records, what a slip means for each player, and its checks.

A slip names both players of a game and their final scores; overtime (過時) costs 10 points
per started minute and is applied here, not by the players; an absent player (缺席) forfeits
and the opponent wins by the forfeit spread; a slip with no second player is a bye (輪空).
All numbers are defaults of ``ResultRules``, which the workbook's Rules sheet may change.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, Collection, Iterable, Mapping, NamedTuple

from ttools.problems import NOWHERE, Problem, Where, define, error, warning

GAME = "game"
BYE = "bye"
FORFEIT_WIN = "forfeit-win"
FORFEIT_LOSS = "forfeit-loss"

ROUND_INVALID = define(
    "slip-round-invalid",
    "Round must be a whole number from 1 up, not {value!r}.",
    "回合須為 1 或以上的整數，而非 {value!r}。",
)
PLAYER_MISSING = define(
    "slip-player-missing",
    "The slip names no first player.",
    "成績表未填第一位參賽者。",
)
PLAYER_UNKNOWN = define(
    "slip-player-unknown",
    "Player {player!r} is not on the Players sheet.",
    "參賽者 {player!r} 不在參賽者名單內。",
)
SELF_PAIRING = define(
    "slip-self-pairing",
    "{player} cannot play against themself.",
    "{player} 不能與自己對賽。",
)
SCORE_NOT_INTEGER = define(
    "slip-score-not-integer",
    "A score must be a whole number (it may be negative), not {value!r}.",
    "分數須為整數（可為負數），而非 {value!r}。",
)
SCORE_MISSING = define(
    "slip-score-missing",
    "Only one score is filled in; enter both, or neither while the game is not over.",
    "只填了一方的分數；請填寫雙方分數，或在比賽未完時兩者皆留空。",
)
SCORE_IMPLAUSIBLE = define(
    "slip-score-implausible",
    "Score {score} of {player} is outside {low}–{high}; please check it.",
    "{player} 的分數 {score} 超出 {low}–{high}，請核對。",
)
OVERTIME_INVALID = define(
    "slip-overtime-invalid",
    "Overtime must be minutes over time (0 or more), not {value!r}.",
    "過時須為超時分鐘數（0 或以上），而非 {value!r}。",
)
OVERTIME_OVER_LIMIT = define(
    "slip-overtime-over-limit",
    "{player} is {minutes} minutes over time; {limit} minutes over ends the game.",
    "{player} 過時 {minutes} 分鐘；過時 {limit} 分鐘即結束比賽。",
)
FORFEIT_INVALID = define(
    "slip-forfeit-invalid",
    "Forfeit must be empty, 1 or 2 (the absent player), not {value!r}.",
    "放棄欄須留空或填 1 或 2（缺席者），而非 {value!r}。",
)
FIRST_INVALID = define(
    "slip-first-invalid",
    "Who started must be empty, 1 or 2, not {value!r}.",
    "先手欄須留空或填 1 或 2，而非 {value!r}。",
)
BYE_SPREAD = define(
    "slip-bye-spread",
    "The bye of {player} is credited {spread}, not the usual {usual}.",
    "{player} 的輪空計 {spread} 分差，而非一般的 {usual}。",
)
SLIPS_DISAGREE = define(
    "slip-disagree",
    "Two slips for {player1} v {player2} in round {round} disagree.",
    "第 {round} 回合 {player1} 對 {player2} 有兩張不一致的成績表。",
)
PLAYER_TWICE = define(
    "slip-player-twice",
    "{player} appears in more than one game of round {round}.",
    "{player} 在第 {round} 回合出現多於一次。",
)
PENALTY_INVALID = define(
    "slip-penalty-invalid",
    "A penalty must be whole points taken off that player's spread, not {value!r}.",
    "罰分須為從該參賽者分差扣除之整數分，而非 {value!r}。",
)
PAIRING_CHANGED = define(
    "slip-pairing-changed",
    "{player1} v {player2} in round {round} is not the published pairing.",
    "第 {round} 回合 {player1} 對 {player2} 與公布的對賽不同。",
)


@dataclass(frozen=True)
class Player:
    """A player of a division; ``withdrawn_after`` = last round they are paired in."""

    id: str
    name: str = ""
    rating: int = 0
    club: str = ""
    division: str = ""
    withdrawn_after: int | None = None
    where: Mapping[str, Where] = field(default_factory=dict, compare=False, hash=False)
    rating_class: str = ""  # TSH's ``class`` (a rating band for class prizes)
    name_latin: str = ""  # the name in ASCII letters, for ratings files
    career_games: int | None = None  # rated games before this event (the rating multiplier); None = not given
    tsh_line: str = ""  # the line of the TSH .t file imported, with its check (tsh.py): written back unchanged


@dataclass(frozen=True)
class ResultRules:
    bye_spread: int = 50  # a bye wins by this much (輪空)
    forfeit_spread: int = 100  # an absent player loses by this much (缺席)
    overtime_penalty: int = 10  # points off per started minute over (過時)
    overtime_limit: int = 10  # minutes over that end the game
    plausible_low: int = -100  # scores outside [low, high] are flagged, not refused
    plausible_high: int = 1000
    # Largest spread a game counts, per round (TSH's ``spread_cap``; the last value carries on
    # to later rounds; empty = no cap). Byes and forfeits keep their set spreads.
    spread_cap: tuple[int, ...] = ()

    def cap(self, round_: int) -> int | None:
        if not self.spread_cap:
            return None
        return self.spread_cap[min(round_, len(self.spread_cap)) - 1]


@dataclass(frozen=True, slots=True)
class Game:
    """One result slip. ``player2`` empty = bye (``score1``, if given, is the spread credited);
    ``forfeit`` 1 or 2 = that player was absent; ``first`` 1 or 2 = who started (先手), None =
    not known; ``penalty1``/``penalty2`` = TSH's ``penalty`` for that player, added to the
    round's spread as TSH's ``Synch`` adds it (so a penalty is negative: -10 takes 10 points off),
    whatever the result; ``table`` = the board it was played on."""

    round: int
    player1: str
    score1: int | None = None
    player2: str | None = None
    score2: int | None = None
    overtime1: int = 0
    overtime2: int = 0
    forfeit: int | None = None
    first: int | None = None
    where: Mapping[str, Where] = field(default_factory=dict, compare=False, hash=False)
    penalty1: int = 0
    penalty2: int = 0
    table: int | None = None

    @property
    def is_bye(self) -> bool:
        return not self.player2

    @property
    def players(self) -> tuple[str, ...]:
        return (self.player1,) if self.is_bye else (self.player1, self.player2)  # type: ignore[return-value]

    @property
    def pending(self) -> bool:
        """A pairing waiting for its result (both scores empty, no forfeit)."""
        return not self.is_bye and self.forfeit is None and self.score1 is None and self.score2 is None

    def at(self, name: str) -> Where:
        return self.where.get(name) or self.where.get("row") or NOWHERE


class Outcome(NamedTuple):
    """What one game meant for one player (an event holds tens of thousands: a named tuple, made
    several times quicker than a frozen dataclass)."""

    round: int
    player: str
    opponent: str | None
    kind: str  # GAME, BYE, FORFEIT_WIN, FORFEIT_LOSS
    spread: int
    wins: int | Fraction  # 1, 1/2 or 0 (a zero-spread bye counts neither way); whole: an int
    losses: int | Fraction
    score: int | None = None  # final score after any overtime penalty (games only)
    opponent_score: int | None = None
    first: bool | None = None  # started / replied / not known
    penalty: int = 0  # points taken off for overtime
    spread_penalty: int = 0  # TSH's penalty, negative to take points off (already in ``spread``)


def overtime_penalty(minutes: int | Fraction, rules: ResultRules = ResultRules()) -> int:
    """10 points per started minute over (不足 1 分鐘作 1 分鐘計)."""
    return rules.overtime_penalty * math.ceil(Fraction(minutes)) if minutes else 0


HALF = Fraction(1, 2)  # a tie; whole wins and losses are plain ints (exact, and quick to add)


def _result(spread: int) -> tuple[int | Fraction, int | Fraction]:
    if spread > 0:
        return 1, 0
    if spread < 0:
        return 0, 1
    return HALF, HALF


def halves(value: int | Fraction) -> int:
    """Wins or losses counted in halves (3½ -> 7): totals add up as integers."""
    return value * 2 if type(value) is int else int(value * 2)


def from_halves(n: int) -> int | Fraction:
    """A count of halves as wins or losses: an int when whole, else a Fraction (7 -> 7/2)."""
    return n >> 1 if not n & 1 else Fraction(n, 2)


def outcomes(game: Game, rules: ResultRules = ResultRules()) -> list[Outcome]:
    """The outcome for each player of a complete, checked slip."""
    r = game.round
    if game.is_bye:
        if game.score1 is not None:
            spread = game.score1
        else:
            spread = -rules.forfeit_spread if game.forfeit == 1 else rules.bye_spread
        # A bye of spread 0 is a missed game: TSH counts it neither as a win nor as a loss.
        wins, losses = int(spread > 0), int(spread < 0)
        kind = FORFEIT_LOSS if game.forfeit == 1 or spread < 0 else BYE
        return [
            Outcome(r, game.player1, None, kind, spread + game.penalty1, wins, losses, spread_penalty=game.penalty1)
        ]
    p1, p2 = game.player1, game.player2
    assert p2 is not None
    if game.forfeit in (1, 2):
        absent, present = (p1, p2) if game.forfeit == 1 else (p2, p1)
        s = rules.forfeit_spread
        pa, pp = (game.penalty1, game.penalty2) if game.forfeit == 1 else (game.penalty2, game.penalty1)
        return [
            Outcome(r, absent, present, FORFEIT_LOSS, -s + pa, 0, 1, spread_penalty=pa),
            Outcome(r, present, absent, FORFEIT_WIN, s + pp, 1, 0, spread_penalty=pp),
        ]
    assert game.score1 is not None and game.score2 is not None
    pen1 = overtime_penalty(game.overtime1 or 0, rules)
    pen2 = overtime_penalty(game.overtime2 or 0, rules)
    s1 = game.score1 - pen1 if pen1 else game.score1
    s2 = game.score2 - pen2 if pen2 else game.score2
    w1, l1 = _result(s1 - s2)
    first1 = None if game.first is None else game.first == 1
    spread = s1 - s2
    cap = rules.cap(r) if isinstance(r, int) and r >= 1 else None
    if cap is not None:
        spread = max(-cap, min(cap, spread))  # the result stands; only the spread is capped
    return [
        Outcome(r, p1, p2, GAME, spread + game.penalty1, w1, l1, s1, s2, first1, pen1, game.penalty1),
        Outcome(
            r,
            p2,
            p1,
            GAME,
            -spread + game.penalty2,
            l1,
            w1,
            s2,
            s1,
            None if first1 is None else not first1,
            pen2,
            game.penalty2,
        ),
    ]


def all_outcomes(games: Iterable[Game], rules: ResultRules = ResultRules()) -> list[Outcome]:
    return [o for g in games if not g.pending for o in outcomes(g, rules)]


# ---------------------------------------------------------------------------------------
# Checking slips


def _typed_int(raw: Any) -> tuple[bool, int | None]:
    """(whether the cell holds anything, the whole number it holds or None)."""
    if raw is None or raw == "":
        return False, None
    return True, raw if type(raw) is int else _as_int(raw)


def _as_int(value: object) -> int | None:
    """An integer from a cell value, or None if it is not a whole number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, (Fraction, Decimal)) and value == int(value):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _as_minutes(value: object) -> int | Fraction | None:
    """Minutes over time, exactly: an int for a whole number typed as one (the usual 0)."""
    if value is None or value == "":
        return 0
    if type(value) is int:
        return value if value >= 0 else None
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction, Decimal)):
        return Fraction(value) if value >= 0 else None
    if isinstance(value, float) and value >= 0:
        return Fraction(Decimal(repr(value)))
    return None


@dataclass(frozen=True)
class SlipCheck:
    games: list[Game]  # complete slips that passed, one per game, scores as integers
    pending: list[Game]  # pairings still waiting for a result
    problems: list[Problem]
    half: list[Game] = field(default_factory=list)  # one score entered: an error, the score kept


def _canonical(g: Game) -> tuple:
    """The slip as a comparable value, independent of which player was written first."""
    if g.is_bye:
        return (g.round, g.player1, None, g.score1, None, g.overtime1, 0, g.forfeit, None, g.penalty1)
    a = (g.player1, g.score1, g.overtime1, g.penalty1)
    b = (g.player2, g.score2, g.overtime2, g.penalty2)
    forfeit, first = g.forfeit, g.first
    if str(g.player2) < str(g.player1):
        a, b = b, a
        forfeit = {1: 2, 2: 1}.get(forfeit) if forfeit else forfeit  # type: ignore[arg-type]
        first = {1: 2, 2: 1}.get(first) if first else first  # type: ignore[arg-type]
    return (g.round, a[0], b[0], a[1], b[1], a[2], b[2], forfeit, first, a[3], b[3])


@dataclass(frozen=True)
class _Half:
    """A slip with one score only: an error, kept so that the score is not lost on export."""

    game: Game


def _same(a: object, b: object) -> bool:
    """The same value of the same type (1 and 1.0 or Fraction(1) are not)."""
    return a is b or (type(a) is type(b) and a == b)


def _check_one(g: Game, rules: ResultRules, known: Collection[str] | None) -> tuple[Game | _Half | None, list[Problem]]:
    # (the usual cell is an int or empty: tested inline before the general helpers)
    problems: list[Problem] = []
    at = g.at
    raw_round = g.round
    rnd = raw_round if type(raw_round) is int else _as_int(raw_round)
    if rnd is None or rnd < 1:
        problems.append(error(ROUND_INVALID, at("round"), value=raw_round))
    p1, p2 = g.player1, g.player2
    bye = not p2
    if not p1:
        problems.append(error(PLAYER_MISSING, at("player1")))
    if known is not None:
        if p1 and p1 not in known:
            problems.append(error(PLAYER_UNKNOWN, at("player1"), player=p1))
        if p2 and p2 not in known:
            problems.append(error(PLAYER_UNKNOWN, at("player2"), player=p2))
    if p2 and p1 == p2:
        problems.append(error(SELF_PAIRING, at("player2"), player=p1))
    given, forfeit = _typed_int(g.forfeit)
    if given and (forfeit not in (1, 2) or (forfeit == 2 and bye)):
        problems.append(error(FORFEIT_INVALID, at("forfeit"), value=g.forfeit))
    given, first = _typed_int(g.first)
    if given and (first not in (1, 2) or bye):
        problems.append(error(FIRST_INVALID, at("first"), value=g.first))
    given, score1 = _typed_int(g.score1)
    if given and score1 is None:
        problems.append(error(SCORE_NOT_INTEGER, at("score1"), value=g.score1))
    given, score2 = _typed_int(g.score2)
    if given and score2 is None:
        problems.append(error(SCORE_NOT_INTEGER, at("score2"), value=g.score2))
    raw = g.penalty1
    penalty1 = raw if type(raw) is int else 0 if raw is None or raw == "" else _as_int(raw)
    if penalty1 is None:
        problems.append(error(PENALTY_INVALID, at("penalty1"), value=raw))
    raw = g.penalty2
    penalty2 = raw if type(raw) is int else 0 if raw is None or raw == "" else _as_int(raw)
    if penalty2 is None or (bye and penalty2):
        problems.append(error(PENALTY_INVALID, at("penalty2"), value=raw))
    raw = g.overtime1
    minutes1 = raw if type(raw) is int and raw >= 0 else _as_minutes(raw)
    if minutes1 is None:
        problems.append(error(OVERTIME_INVALID, at("overtime1"), value=raw))
    raw = g.overtime2
    minutes2 = raw if type(raw) is int and raw >= 0 else _as_minutes(raw)
    if minutes2 is None:
        problems.append(error(OVERTIME_INVALID, at("overtime2"), value=raw))
    if problems:
        return None, problems
    assert minutes1 is not None and minutes2 is not None and penalty1 is not None and penalty2 is not None

    overtime1 = int(minutes1) if minutes1.denominator == 1 else minutes1
    overtime2 = int(minutes2) if minutes2.denominator == 1 else minutes2
    if (
        (rnd is raw_round or _same(rnd, raw_round))
        and (score1 is g.score1 or _same(score1, g.score1))
        and (score2 is g.score2 or _same(score2, g.score2))
        and (forfeit is g.forfeit or _same(forfeit, g.forfeit))
        and (first is g.first or _same(first, g.first))
        and (overtime1 is g.overtime1 or _same(overtime1, g.overtime1))
        and (overtime2 is g.overtime2 or _same(overtime2, g.overtime2))
        and (penalty1 is g.penalty1 or _same(penalty1, g.penalty1))
        and (penalty2 is g.penalty2 or _same(penalty2, g.penalty2))
    ):
        normal = g  # already as checked: the usual slip, read from a workbook, is not copied
    else:
        normal = replace(
            g,
            round=rnd,
            score1=score1,
            score2=score2,
            forfeit=forfeit,
            first=first,
            overtime1=overtime1,
            overtime2=overtime2,
            penalty1=penalty1,
            penalty2=penalty2,
        )
    if bye:
        if forfeit == 1 and score1 is not None and score1 > 0:
            return None, [error(FORFEIT_INVALID, at("score1"), value=g.forfeit)]
        if score1 is not None and forfeit is None and score1 != rules.bye_spread:
            problems.append(warning(BYE_SPREAD, at("score1"), player=p1, spread=score1, usual=rules.bye_spread))
        return normal, problems
    if forfeit is not None or (score1 is None and score2 is None):
        return normal, problems  # a forfeit, or a pairing still waiting for its result
    if score1 is None or score2 is None:
        return _Half(normal), [error(SCORE_MISSING, at("score1" if score1 is None else "score2"))]
    problems += _implausible(g, rules, (p1, score1, minutes1, "1"), (p2, score2, minutes2, "2"))
    return normal, problems


def _implausible(g: Game, rules: ResultRules, *sides: tuple[Any, int, Any, str]) -> list[Problem]:
    """Warnings on a played game's sides: a score outside the plausible range, overtime past the limit."""
    low, high, limit = rules.plausible_low, rules.plausible_high, rules.overtime_limit
    found = []
    for player, score, minutes, n in sides:
        if not low <= score <= high:
            found.append(warning(SCORE_IMPLAUSIBLE, g.at(f"score{n}"), player=player, score=score, low=low, high=high))
        if minutes > limit:
            found.append(
                warning(
                    OVERTIME_OVER_LIMIT, g.at(f"overtime{n}"), player=player, minutes=Fraction(minutes), limit=limit
                )
            )
    return found


def _game_key(g: Game) -> tuple:
    """The round and the players of a slip, whichever player was written first."""
    p1, p2 = g.player1, g.player2
    if not p2:
        return (g.round, p1)
    try:
        return (g.round, p1, p2) if p1 <= p2 else (g.round, p2, p1)
    except TypeError:  # ids that do not compare
        return (g.round, frozenset((p1, p2)))


def check_games(
    games: Iterable[Game],
    rules: ResultRules = ResultRules(),
    players: Collection[str] | None = None,
    published: Mapping[int, Iterable[tuple[str, str | None]]] | None = None,
) -> SlipCheck:
    """Check result slips: each one alone, then two slips for one game, a player in two games
    of a round, and games that differ from the published pairing (``published``: round ->
    pairs, ``(player, None)`` for a bye). Slips with errors are left out, nothing is guessed."""
    problems: list[Problem] = []
    good: list[Game] = []
    half: list[Game] = []
    for g in games:
        normal, found = _check_one(g, rules, players)
        if found:
            problems.extend(found)
        if type(normal) is _Half:
            half.append(normal.game)
        elif normal is not None:
            good.append(normal)

    # Two slips for one game must agree; a disagreeing pair is left out altogether.
    by_game: dict[tuple, Game | list[Game]] = {}  # a game's slip, or its slips when there are several
    for g in good:
        key = _game_key(g)
        known_slips = by_game.get(key)
        if known_slips is None:
            by_game[key] = g
        elif type(known_slips) is list:
            known_slips.append(g)
        else:
            by_game[key] = [known_slips, g]
    del good
    merged: list[Game] = []
    for slips in by_game.values():
        if type(slips) is not list:
            merged.append(slips)
            continue
        played = [s for s in slips if not s.pending] or slips
        if len({_canonical(s) for s in played}) > 1:
            for s in played[1:]:
                problems.append(
                    error(SLIPS_DISAGREE, s.at("row"), round=s.round, player1=s.player1, player2=s.player2 or "-")
                )
            continue
        merged.append(played[0])
    del by_game

    # A player may appear in one game per round (pending pairings are not counted: a changed
    # pairing usually leaves the old row empty beside the new one).
    seen: dict[int, dict[str, Game]] = {}  # round -> player -> their first game
    again: dict[tuple[int, str], list[Game]] = {}  # (round, player) -> every game of a player seen twice
    for g in merged:
        if not g.pending:
            in_round = seen.get(g.round)
            if in_round is None:
                in_round = seen[g.round] = {}
            for p in g.players:
                other = in_round.get(p)
                if other is None:
                    in_round[p] = g
                elif (g.round, p) in again:
                    again[(g.round, p)].append(g)
                else:
                    again[(g.round, p)] = [other, g]
    del seen
    clash: set[int] = set()
    if again:
        first_seen: dict[tuple[int, str], int] = {}  # reported in the order the players first appear
        for g in merged:
            if not g.pending:
                for p in g.players:
                    if (g.round, p) in again:
                        first_seen.setdefault((g.round, p), len(first_seen))
        for rnd, p in sorted(again, key=first_seen.__getitem__):
            for g in again[(rnd, p)]:
                problems.append(error(PLAYER_TWICE, g.at("row"), player=p, round=rnd))
                clash.add(id(g))
        merged = [g for g in merged if id(g) not in clash]

    if published:
        expected = {rnd: {frozenset(p for p in pair if p) for pair in pairs} for rnd, pairs in published.items()}
        for g in merged:
            if g.round in expected and not g.pending and frozenset(g.players) not in expected[g.round]:
                problems.append(
                    warning(PAIRING_CHANGED, g.at("row"), round=g.round, player1=g.player1, player2=g.player2 or "-")
                )

    played = [g for g in merged if not g.pending]
    pending = [g for g in merged if g.pending]
    return SlipCheck(played, pending, problems, half)
