"""Day 3 finals (決賽): the finals roster, each round's line-ups under the 3-appearance rule, the seeded round draw, result checks and the final standings."""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from itertools import combinations
from typing import Mapping, NamedTuple, Sequence

from ttools.core.draw import Draw
from ttools.core.standings import rank
from ttools.problems import NOWHERE, Problem, Where, define, error, warning

from .model import DEFAULT_SCALES, Located, Player, Rules, scale_points, team_of

FINALISTS = 4  # 決賽 4 隊
ROSTER_SIZE = 6  # 決賽出賽選手名單: 6 players, fixed once submitted
ROUNDS = 3  # 共進行 3 輪
PER_KIND = 3  # each round: 3 players to heads-up (單挑賽), 3 to SNG (單桌錦標賽)
KINDS = ("hu", "sng")


def kind_word(kind: str) -> dict[str, str]:
    """A finals event as a message parameter: HU or SNG in English, its name in Chinese."""
    return {"en": kind.upper(), "zh-Hant": {"hu": "單挑賽", "sng": "單桌錦標賽"}.get(kind.lower(), kind)}


HU_TABLES = 2  # 6 matches ÷ 3 per table
MATCHES_PER_TABLE = 3
SNG_TABLES = 3  # 3 tables of 4, one player of each team
SNG_SEATS = FINALISTS

# The separating key of each tie-break (八(二) 決賽同分處理), in order; 'lot' comes after them.
TIE_BREAKS = ("total", "sng", "hu")
LOT_STAGE = "finals/lot"
WHERE = Where("Finals")

ROSTER_NOT_QUALIFIED = define(
    "finals-roster-not-qualified",
    "Team {team} is not a finalist ({finalists}); only the qualified teams submit a finals roster.",
    "{team} 隊不是決賽隊伍（{finalists}）；只有晉級隊伍提交決賽名單。",
)
ROSTER_NOT_REGISTERED = define(
    "finals-roster-not-registered",
    "{player} is not a registered player (team {team}); use a code from the Players sheet.",
    "{player} 不是已報名的選手（{team} 隊）；請使用選手名單中的編號。",
)
ROSTER_WRONG_TEAM = define(
    "finals-roster-wrong-team",
    "{player} plays for team {own}, not team {team}; a team may list only its own players.",
    "{player} 屬於 {own} 隊，不是 {team} 隊；各隊只能列入本隊選手。",
)
ROSTER_DUPLICATE = define(
    "finals-roster-duplicate",
    "{player} is listed twice on team {team}'s finals roster.",
    "{team} 隊的決賽名單重複列入 {player}。",
)
ROSTER_COUNT = define(
    "finals-roster-count",
    "Team {team}'s finals roster lists {count} players; exactly {expected} are required.",
    "{team} 隊的決賽名單有 {count} 人，應為 {expected} 人。",
)
LINEUP_ROUND = define(
    "finals-lineup-round",
    "'{round}' is not a finals round; enter 1, 2 or 3.",
    "「{round}」不是決賽輪次；請填 1、2 或 3。",
)
LINEUP_KIND = define(
    "finals-lineup-kind",
    "'{kind}' is not a finals event; enter hu or sng.",
    "「{kind}」不是決賽項目；請填 hu 或 sng。",
)
LINEUP_NO_ROSTER = define(
    "finals-lineup-no-roster",
    "Team {team} has no accepted finals roster, so its round {round} line-up cannot be checked.",
    "{team} 隊沒有有效的決賽名單，無法檢查第 {round} 輪出賽名單。",
)
NOT_ON_ROSTER = define(
    "finals-not-on-roster",
    "{player} is not on team {team}'s finals roster; only the {expected} listed players may play in the finals.",
    "{player} 不在 {team} 隊的決賽名單上；未列入名單者不得出賽。",
)
LINEUP_DUPLICATE = define(
    "finals-lineup-duplicate",
    "{player} is entered twice for {kind} in round {round}.",
    "第 {round} 輪 {kind} 名單重複列入 {player}。",
)
LINEUP_BOTH = define(
    "finals-lineup-both",
    "{player} is entered for both HU and SNG in round {round}; a player plays one of them each round.",
    "{player} 於第 {round} 輪同時列入單挑賽與單桌錦標賽；每輪每名選手只參加其中一項。",
)
LINEUP_COUNT = define(
    "finals-lineup-count",
    "Team {team} entered {count} players for {kind} in round {round}; exactly {expected} are required.",
    "{team} 隊第 {round} 輪 {kind} 名單有 {count} 人，應為 {expected} 人。",
)
LINEUP_EARLIER_MISSING = define(
    "finals-lineup-earlier-missing",
    "Team {team}'s round {round} line-up cannot be accepted before its round {missing} line-up is.",
    "{team} 隊第 {missing} 輪名單尚未有效，第 {round} 輪名單無法受理。",
)
OWES_HU = define(
    "finals-owes-hu",
    "Round {round}: {player} has not played heads-up yet and no later round is left; "
    "every finalist plays at least one HU, so {player} must be placed in HU.",
    "第 {round} 輪：{player} 尚未參加單挑賽，且之後已無輪次；每名選手至少須參加 1 場單挑賽，本輪須排入單挑賽。",
)
OWES_SNG = define(
    "finals-owes-sng",
    "Round {round}: {player} has not played an SNG yet and no later round is left; "
    "every finalist plays at least one SNG, so {player} must be placed in SNG.",
    "第 {round} 輪：{player} 尚未參加單桌錦標賽，且之後已無輪次；每名選手至少須參加 1 場單桌錦標賽，本輪須排入單桌錦標賽。",
)
TOO_MANY_OWE = define(
    "finals-too-many-owe",
    "Round {round}: after this line-up {players} still owe {kind}, but the {left} round(s) left "
    "have only {slots} {kind} places; the 3-appearance rule cannot be met.",
    "第 {round} 輪：本輪之後 {players} 仍須參加 {kind}，但剩餘 {left} 輪只有 {slots} 個 {kind} 出賽位；無法符合每人 3 場之規定。",
)
RESULT_NOT_DRAWN_ROUND = define(
    "finals-result-round-not-drawn",
    "Round {round} has not been drawn yet; its results cannot be entered.",
    "第 {round} 輪尚未抽籤，不能登錄成績。",
)
HU_NOT_DRAWN = define(
    "finals-hu-not-drawn",
    "Round {round}, table {table}: {a} vs {b} is not a match of the draw.",
    "第 {round} 輪第 {table} 桌：{a} 對 {b} 不是抽籤產生的對戰。",
)
HU_DUPLICATE = define(
    "finals-hu-duplicate",
    "Round {round}: the match {a} vs {b} is entered twice.",
    "第 {round} 輪：{a} 對 {b} 重複登錄。",
)
HU_WINNER = define(
    "finals-hu-winner",
    "Round {round}, table {table}: the winner {winner} does not play in {a} vs {b}; enter {a} or {b}.",
    "第 {round} 輪第 {table} 桌：勝者 {winner} 不在 {a} 對 {b} 之中；請填 {a} 或 {b}。",
)
SNG_NOT_DRAWN = define(
    "finals-sng-not-drawn",
    "Round {round}: {player} is not seated at SNG table {table} in the draw.",
    "第 {round} 輪：抽籤結果中 {player} 不在單桌錦標賽第 {table} 桌。",
)
SNG_DUPLICATE = define(
    "finals-sng-duplicate",
    "Round {round}: {player}'s SNG place is entered twice.",
    "第 {round} 輪：{player} 的單桌錦標賽名次重複登錄。",
)
SNG_PLACE = define(
    "finals-sng-place",
    "Round {round}, SNG table {table}: place {place} for {player} is not one of 1–{seats}.",
    "第 {round} 輪單桌錦標賽第 {table} 桌：{player} 的名次 {place} 不在 1–{seats} 之內。",
)
SNG_PLACE_TWICE = define(
    "finals-sng-place-twice",
    "Round {round}, SNG table {table}: place {place} is given to both {first} and {player}; "
    "each place 1–{seats} is given once.",
    "第 {round} 輪單桌錦標賽第 {table} 桌：名次 {place} 同時給了 {first} 與 {player}；1–{seats} 名各只能出現一次。",
)
LOT = define(
    "finals-lot",
    "Teams {teams} are equal on total, SNG and HU points; drawing lots (seed {seed}) placed them "
    "{order} at ranks {ranks}. The chief referee confirms.",
    "{teams} 隊總成績、單桌錦標賽總分及單挑賽總分皆同；抽籤（種子 {seed}）結果依序為 {order}，名次 {ranks}，請裁判長確認。",
)


# ---------------------------------------------------------------------------------------------
# records


class RosterRow(Located):
    """One row of FinalsRoster; ``where`` maps a column ('team', 'player') to its cell."""

    __slots__ = ("team", "player")
    team: str
    player: str


class LineupRow(Located):
    """One row of FinalsLineups: in round ``round`` team ``team`` sends ``player`` to ``kind`` (hu | sng)."""

    __slots__ = ("round", "team", "kind", "player")
    round: int
    team: str
    kind: str
    player: str


class Lineup(NamedTuple):
    """A team's accepted line-up for one round (each part sorted)."""

    team: str
    hu: tuple[str, ...]
    sng: tuple[str, ...]


class HUMatch(NamedTuple):
    """One drawn heads-up match; ``a`` is the player of the team earlier in the alphabet."""

    round: int
    table: int
    a: str
    b: str


class SNGSeat(NamedTuple):
    round: int
    table: int
    seat: int
    player: str


class RoundDraw(NamedTuple):
    """The public draw of one finals round (對戰組合與分桌): 2 HU tables of 3 matches, 3 SNG tables of 4."""

    round: int
    seed: str
    hu: tuple[HUMatch, ...]
    sng: tuple[SNGSeat, ...]


class HUResult(Located):
    """One row of FinalsHU; ``winner`` None = not played yet."""

    __slots__ = ("round", "table", "a", "b", "winner")
    _defaults = {"winner": None}
    round: int
    table: int
    a: str
    b: str
    winner: str | None


class SNGResult(Located):
    """One row of FinalsSNG; ``place`` None = not finished yet."""

    __slots__ = ("round", "table", "player", "place")
    _defaults = {"place": None}
    round: int
    table: int
    player: str
    place: int | None


class Owed(NamedTuple):
    """What a team's players still owe under the 3-appearance rule (每名選手至少 1 場單挑賽及 1 場單桌錦標賽).

    ``hu`` / ``sng``: players who have not yet played that event. ``must_hu`` / ``must_sng``:
    players whom every valid line-up of round ``next_round`` places there (forced now).
    """

    team: str
    next_round: int | None
    hu: tuple[str, ...]
    sng: tuple[str, ...]
    must_hu: tuple[str, ...]
    must_sng: tuple[str, ...]


class FinalsResults(NamedTuple):
    """Checked results: HU winners and SNG places that count, and whether every drawn game is in."""

    hu_wins: dict[str, int]  # player -> HU wins
    sng_places: dict[tuple[int, str], int]  # (round, player) -> place, complete valid tables only
    complete: bool


class FinalRow(NamedTuple):
    rank: int
    team: str
    qualification_rank: int | None
    hu: Fraction
    sng: Fraction
    bonus: Fraction
    total: Fraction
    decided_by: str | None  # tie-break that put it below the team above ('total', 'sng', 'hu', 'lot')
    by_lot: bool = False


class FinalStandings(NamedTuple):
    rows: list[FinalRow]
    complete: bool  # every drawn game of all 3 rounds has its result
    problems: Sequence[Problem] = ()

    def as_json(self) -> list[dict]:
        """``finals.standings`` of the JSON summary."""
        return [
            {
                "rank": r.rank,
                "team": r.team,
                "hu": _number(r.hu),
                "sng": _number(r.sng),
                "bonus": _number(r.bonus),
                "total": _number(r.total),
            }
            for r in self.rows
        ]


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _cell(row, column: str) -> Where:
    return row.where.get(column) or row.where.get("player") or next(iter(row.where.values()), NOWHERE)


def _player_key(code: str) -> tuple:
    digits = code[1:]
    return (code[:1], int(digits) if digits.isdigit() else 0, code)


# ---------------------------------------------------------------------------------------------
# roster


def validate_roster(
    rows: Sequence[RosterRow],
    players: Mapping[str, Player],
    finalists: Sequence[str],
    sheet: str = "FinalsRoster",
) -> tuple[dict[str, tuple[str, ...]], list[Problem]]:
    """Check the finals rosters; return each finalist's 6 players (only for teams with no problem).

    A finalist with no rows at all has not submitted yet, which is not a problem.
    """
    problems: list[Problem] = []
    bad: set[str] = set()
    listed: dict[str, list[RosterRow]] = defaultdict(list)
    seen: set[tuple[str, str]] = set()
    finalist_names = ", ".join(finalists)
    for row in rows:
        params = {"team": row.team, "player": row.player}
        if row.team not in finalists:
            problems.append(error(ROSTER_NOT_QUALIFIED, _cell(row, "team"), team=row.team, finalists=finalist_names))
            continue
        listed[row.team].append(row)
        player = players.get(row.player)
        if player is None:
            problems.append(error(ROSTER_NOT_REGISTERED, _cell(row, "player"), **params))
            bad.add(row.team)
        elif player.team != row.team:
            problems.append(error(ROSTER_WRONG_TEAM, _cell(row, "player"), own=player.team, **params))
            bad.add(row.team)
        elif (row.team, row.player) in seen:
            problems.append(error(ROSTER_DUPLICATE, _cell(row, "player"), **params))
            bad.add(row.team)
        seen.add((row.team, row.player))

    rosters: dict[str, tuple[str, ...]] = {}
    for team, entered in sorted(listed.items()):
        distinct = {r.player for r in entered}
        if len(distinct) != ROSTER_SIZE:
            bad.add(team)
            problems.append(
                error(
                    ROSTER_COUNT,
                    _cell(entered[0], "team") if entered else Where(sheet, "A2"),
                    team=team,
                    count=len(distinct),
                    expected=ROSTER_SIZE,
                )
            )
        if team not in bad:
            rosters[team] = tuple(sorted(distinct, key=_player_key))
    return rosters, problems


# ---------------------------------------------------------------------------------------------
# the 3-appearance rule (每名選手固定出賽 3 場，單挑賽及單桌錦標賽至少各 1 場)


def appearance_counts(roster: Sequence[str], lineups: Sequence[Lineup]) -> dict[str, tuple[int, int]]:
    """Each roster player's (HU, SNG) appearances over the given line-ups."""
    counts = {p: (0, 0) for p in roster}
    for lu in lineups:
        for p in lu.hu:
            h, s = counts.get(p, (0, 0))
            counts[p] = (h + 1, s)
        for p in lu.sng:
            h, s = counts.get(p, (0, 0))
            counts[p] = (h, s + 1)
    return counts


def _hu_bounds(h: int, s: int, left: int) -> tuple[int, int]:
    """How many of the ``left`` remaining rounds the player can still play HU: (fewest, most)."""
    fewest = max(0, 1 - h)  # owes an HU
    most = left - max(0, 1 - s)  # must keep a round for an owed SNG
    return fewest, most


def blocking(counts: Mapping[str, tuple[int, int]], left: int) -> list[tuple[str, tuple[str, ...]]]:
    """Why no valid completion exists, as (reason, players); empty = the rounds left can complete it.

    Every player plays every round; over the rounds left a player with (h, s) appearances must
    play HU in at least ``1 − h`` and at most ``left − (1 − s)`` rounds (the rest SNG), and each
    round has exactly 3 HU places. A 0/1 matrix with ``left`` rows of sum 3 and column sums
    x_p ≤ ``left`` exists exactly when Σ x_p = 3·``left`` (Gale–Ryser with equal row sums), so
    the rule can be met iff every player's range is non-empty and the ranges' sums straddle
    3·``left``. Reasons: 'owes-hu', 'owes-sng' (a player's range is empty), 'too-many-hu',
    'too-many-sng' (the ranges cannot add up).
    """
    out: list[tuple[str, tuple[str, ...]]] = []
    owes_hu = tuple(sorted((p for p, (h, s) in counts.items() if h == 0), key=_player_key))
    owes_sng = tuple(sorted((p for p, (h, s) in counts.items() if s == 0), key=_player_key))
    empty_range = False
    for p, (h, s) in sorted(counts.items(), key=lambda kv: _player_key(kv[0])):
        lo, hi = _hu_bounds(h, s, left)
        # Once a round has been played h or s is at least 1, so a range is empty only when no
        # round is left and the player still owes one of the two.
        if lo > hi:
            empty_range = True
            out.append(("owes-hu" if h == 0 else "owes-sng", (p,)))
    if empty_range:
        return out
    slots = PER_KIND * left
    if sum(_hu_bounds(h, s, left)[0] for h, s in counts.values()) > slots:
        out.append(("too-many-hu", owes_hu))
    if sum(_hu_bounds(h, s, left)[1] for h, s in counts.values()) < slots:
        out.append(("too-many-sng", owes_sng))
    return out


def owed(team: str, roster: Sequence[str], accepted: Mapping[int, Lineup]) -> Owed:
    """Who of a team still owes an HU or an SNG, and who is forced into one in the next round."""
    done = [accepted[r] for r in range(1, ROUNDS + 1) if r in accepted]
    counts = appearance_counts(roster, done)
    hu = tuple(p for p in roster if counts[p][0] == 0)
    sng = tuple(p for p in roster if counts[p][1] == 0)
    next_round = len(done) + 1 if len(done) < ROUNDS else None
    if next_round is None:
        return Owed(team, None, (), (), (), ())
    left_after = ROUNDS - next_round
    possible: list[set[str]] = []
    for chosen in combinations(roster, PER_KIND):
        after = {p: (h + (p in chosen), s + (p not in chosen)) for p, (h, s) in counts.items()}
        if not blocking(after, left_after):
            possible.append(set(chosen))
    if not possible:
        return Owed(team, next_round, hu, sng, (), ())
    always = set.intersection(*possible)
    never = set(roster) - set.union(*possible)
    return Owed(
        team,
        next_round,
        hu,
        sng,
        tuple(p for p in roster if p in always),
        tuple(p for p in roster if p in never),
    )


def validate_lineups(
    rows: Sequence[LineupRow],
    rosters: Mapping[str, Sequence[str]],
    sheet: str = "FinalsLineups",
) -> tuple[dict[int, dict[str, Lineup]], list[Problem]]:
    """Check every round's line-ups in order; return the accepted ones (round -> team -> Lineup).

    A round's line-up is checked against the team's accepted earlier rounds, so a team whose
    round 1 was rejected cannot have round 2 accepted. Teams with no rows for a round have not
    submitted yet, which is not a problem.
    """
    problems: list[Problem] = []
    by_round_team: dict[tuple[int, str], list[LineupRow]] = defaultdict(list)
    for row in rows:
        if not isinstance(row.round, int) or isinstance(row.round, bool) or not 1 <= row.round <= ROUNDS:
            problems.append(error(LINEUP_ROUND, _cell(row, "round"), round=row.round))
            continue
        by_round_team[row.round, row.team].append(row)

    accepted: dict[int, dict[str, Lineup]] = {r: {} for r in range(1, ROUNDS + 1)}
    for round_no in range(1, ROUNDS + 1):
        for team in sorted({t for (r, t) in by_round_team if r == round_no}):
            entered = by_round_team[round_no, team]
            roster = rosters.get(team)
            if roster is None:
                problems.append(error(LINEUP_NO_ROSTER, _cell(entered[0], "team"), team=team, round=round_no))
                continue
            earlier = {r: accepted[r][team] for r in range(1, round_no) if team in accepted[r]}
            lineup, found = check_round(round_no, team, entered, roster, earlier)
            problems.extend(found)
            if lineup is not None:
                accepted[round_no][team] = lineup
    return {r: lus for r, lus in accepted.items() if lus}, problems


def check_round(
    round_no: int,
    team: str,
    rows: Sequence[LineupRow],
    roster: Sequence[str],
    earlier: Mapping[int, Lineup],
) -> tuple[Lineup | None, list[Problem]]:
    """Check one team's line-up for one round; the Lineup when it is accepted, and the problems."""
    problems: list[Problem] = []
    missing = [r for r in range(1, round_no) if r not in earlier]
    if missing:
        return None, [
            error(LINEUP_EARLIER_MISSING, _cell(rows[0], "team"), team=team, round=round_no, missing=missing[0])
        ]
    parts: dict[str, list[LineupRow]] = {k: [] for k in KINDS}
    kind_of: dict[str, str] = {}
    for row in rows:
        params = {"team": team, "player": row.player, "round": round_no}
        if row.kind not in KINDS:
            problems.append(error(LINEUP_KIND, _cell(row, "kind"), kind=row.kind))
            continue
        if row.player not in roster:
            problems.append(error(NOT_ON_ROSTER, _cell(row, "player"), expected=ROSTER_SIZE, **params))
            continue
        first = kind_of.get(row.player)
        if first == row.kind:
            problems.append(error(LINEUP_DUPLICATE, _cell(row, "player"), kind=kind_word(row.kind), **params))
            continue
        if first is not None:
            problems.append(error(LINEUP_BOTH, _cell(row, "player"), **params))
            continue
        kind_of[row.player] = row.kind
        parts[row.kind].append(row)
    for kind in KINDS:
        if len(parts[kind]) != PER_KIND:
            kind_rows = [r for r in rows if r.kind == kind] or list(rows)
            problems.append(
                error(
                    LINEUP_COUNT,
                    _cell(kind_rows[0], "kind"),
                    team=team,
                    kind=kind_word(kind),
                    round=round_no,
                    count=len(parts[kind]),
                    expected=PER_KIND,
                )
            )
    if problems:
        return None, problems

    lineup = Lineup(
        team,
        tuple(sorted((r.player for r in parts["hu"]), key=_player_key)),
        tuple(sorted((r.player for r in parts["sng"]), key=_player_key)),
    )
    history = [earlier[r] for r in range(1, round_no)] + [lineup]
    left = ROUNDS - round_no
    row_of = {r.player: r for r in rows}
    for reason, players in blocking(appearance_counts(roster, history), left):
        if reason in ("owes-hu", "owes-sng"):
            (player,) = players
            code = OWES_HU if reason == "owes-hu" else OWES_SNG
            problems.append(error(code, _cell(row_of[player], "player"), round=round_no, player=player))
        else:
            kind = kind_word("hu" if reason == "too-many-hu" else "sng")
            where = _cell(row_of[players[0]], "player") if players else _cell(rows[0], "team")
            problems.append(
                error(
                    TOO_MANY_OWE,
                    where,
                    round=round_no,
                    players=", ".join(players),
                    kind=kind,
                    left=left,
                    slots=PER_KIND * left,
                )
            )
    return (None if problems else lineup), problems


# ---------------------------------------------------------------------------------------------
# the round draw (抽籤決定該輪之對戰組合與分桌)


def one_factorisation(teams: Sequence[str]) -> list[list[tuple[str, str]]]:
    """The 3 perfect matchings of K4 on these 4 teams: together, a single round robin."""
    a, b, c, d = sorted(teams)
    return [[(a, b), (c, d)], [(a, c), (b, d)], [(a, d), (b, c)]]


def draw_round(seed: str | int, round_no: int, lineups: Mapping[str, Lineup]) -> RoundDraw:
    """The seeded draw of one round from the 4 accepted line-ups.

    HU: each team's 3 HU players are dealt, by lot, to the 3 other teams; the 6 matches are
    then dealt to 2 tables of 3. SNG: each team's 3 SNG players are dealt to the 3 tables, and
    the 4 players at each table draw seats 1–4. Line-ups are sorted before drawing, so the
    draw depends only on the seed, the round and who plays, not on row order. Call it only
    with 4 complete line-ups (a ValueError otherwise is a caller's mistake, not bad data).
    """
    if len(lineups) != FINALISTS:
        raise ValueError(f"the finals draw needs {FINALISTS} line-ups, got {len(lineups)}")
    for team, lu in lineups.items():
        if len(lu.hu) != PER_KIND or len(lu.sng) != PER_KIND:
            raise ValueError(f"team {team} needs {PER_KIND} HU and {PER_KIND} SNG players")
    teams = sorted(lineups)

    hu_draw = Draw(seed, f"finals/r{round_no}/hu")
    meets: dict[tuple[str, str], str] = {}  # (team, opponent team) -> the team's player in that match
    for team in teams:
        opponents = [t for t in teams if t != team]
        dealt = hu_draw.shuffled(sorted(lineups[team].hu, key=_player_key))
        for opp, player in zip(opponents, dealt):
            meets[team, opp] = player
    pairs = [pair for matching in one_factorisation(teams) for pair in matching]
    order = hu_draw.shuffled(pairs)
    hu = tuple(
        HUMatch(round_no, 1 + i // MATCHES_PER_TABLE, meets[t, u], meets[u, t]) for i, (t, u) in enumerate(order)
    )

    sng_draw = Draw(seed, f"finals/r{round_no}/sng")
    tables: list[list[str]] = [[] for _ in range(SNG_TABLES)]
    for team in teams:
        dealt = sng_draw.shuffled(sorted(lineups[team].sng, key=_player_key))
        for t, player in enumerate(dealt):
            tables[t].append(player)
    sng = tuple(
        SNGSeat(round_no, t, seat, player)
        for t, players in enumerate(tables, start=1)
        for seat, player in enumerate(sng_draw.shuffled(players), start=1)
    )
    return RoundDraw(round_no, str(seed), hu, sng)


def draw_as_json(draws: Mapping[int, RoundDraw]) -> list[dict]:
    """``finals.draw`` of the JSON summary: one entry per HU match and one per SNG seat."""
    out: list[dict] = []
    for r in sorted(draws):
        d = draws[r]
        out.extend({"round": m.round, "kind": "hu", "table": m.table, "players": [m.a, m.b]} for m in d.hu)
        out.extend(
            {"round": s.round, "kind": "sng", "table": s.table, "seat": s.seat, "players": [s.player]}
            for s in sorted(d.sng, key=lambda s: (s.table, s.seat))
        )
    return out


# ---------------------------------------------------------------------------------------------
# results and standings


def validate_results(
    draws: Mapping[int, RoundDraw],
    hu_rows: Sequence[HUResult],
    sng_rows: Sequence[SNGResult],
) -> tuple[FinalsResults, list[Problem]]:
    """Check results against the draws; count only what is valid and complete.

    An HU match counts once its winner is one of its two players; an SNG table counts once its
    4 players have places 1–4, once each. Blank winners and places are games still in play.
    """
    problems: list[Problem] = []
    hu_wins: Counter[str] = Counter()
    decided: set[tuple[int, frozenset]] = set()
    seen_hu: set[tuple[int, frozenset]] = set()
    drawn_hu = {(m.round, frozenset((m.a, m.b))): m for d in draws.values() for m in d.hu}
    reported_rounds: set[int] = set()

    def round_missing(row, column: str) -> bool:
        if row.round in draws:
            return False
        if row.round not in reported_rounds:
            reported_rounds.add(row.round)
            problems.append(error(RESULT_NOT_DRAWN_ROUND, _cell(row, column), round=row.round))
        return True

    for row in hu_rows:
        if round_missing(row, "round"):
            continue
        key = (row.round, frozenset((row.a, row.b)))
        params = {"round": row.round, "table": row.table, "a": row.a, "b": row.b}
        match = drawn_hu.get(key)
        if match is None or match.table != row.table:
            problems.append(error(HU_NOT_DRAWN, _cell(row, "a"), **params))
            continue
        if key in seen_hu:
            problems.append(error(HU_DUPLICATE, _cell(row, "a"), **params))
            continue
        seen_hu.add(key)
        if row.winner is None or row.winner == "":
            continue
        if row.winner not in (row.a, row.b):
            problems.append(error(HU_WINNER, _cell(row, "winner"), winner=row.winner, **params))
            continue
        hu_wins[row.winner] += 1
        decided.add(key)

    seat_of = {(s.round, s.player): s for d in draws.values() for s in d.sng}
    by_table: dict[tuple[int, int], dict[str, int]] = defaultdict(dict)
    bad_tables: set[tuple[int, int]] = set()
    seen_sng: set[tuple[int, str]] = set()
    for row in sng_rows:
        if round_missing(row, "round"):
            continue
        params = {"round": row.round, "table": row.table, "player": row.player}
        seat = seat_of.get((row.round, row.player))
        if seat is None or seat.table != row.table:
            problems.append(error(SNG_NOT_DRAWN, _cell(row, "player"), **params))
            continue
        if (row.round, row.player) in seen_sng:
            problems.append(error(SNG_DUPLICATE, _cell(row, "player"), **params))
            bad_tables.add((row.round, row.table))
            continue
        seen_sng.add((row.round, row.player))
        if row.place is None or row.place == "":
            continue
        if not isinstance(row.place, int) or isinstance(row.place, bool) or not 1 <= row.place <= SNG_SEATS:
            problems.append(error(SNG_PLACE, _cell(row, "place"), place=row.place, seats=SNG_SEATS, **params))
            bad_tables.add((row.round, row.table))
            continue
        places = by_table[row.round, row.table]
        first = next((p for p, pl in places.items() if pl == row.place), None)
        if first is not None:
            problems.append(
                error(SNG_PLACE_TWICE, _cell(row, "place"), place=row.place, first=first, seats=SNG_SEATS, **params)
            )
            bad_tables.add((row.round, row.table))
            continue
        places[row.player] = row.place

    sng_places: dict[tuple[int, str], int] = {}
    complete_tables = 0
    for key, places in by_table.items():
        if key in bad_tables or len(places) != SNG_SEATS:
            continue
        complete_tables += 1
        for player, place in places.items():
            sng_places[key[0], player] = place

    complete = (
        set(draws) == set(range(1, ROUNDS + 1))
        and len(decided) == len(drawn_hu)
        and complete_tables == SNG_TABLES * len(draws)
        and not problems
    )
    return FinalsResults(dict(hu_wins), sng_places, complete), problems


def final_standings(
    finalists: Sequence[str],
    qualification_rank: Mapping[str, int],
    results: FinalsResults,
    rules: Rules = Rules(),
    scales: Mapping[str, Mapping[int, Fraction]] = DEFAULT_SCALES,
    seed: str | int = "",
    where: Where = WHERE,
) -> FinalStandings:
    """Team final total = HU + SNG + qualification bonus (單挑賽、單桌錦標賽總分加上資格賽名次分數).

    Ties: higher SNG total, then higher HU total (八(二)), then a seeded lot, flagged for the
    chief referee. Until every result is in, the standings are provisional: equal teams share a
    rank and no lot is drawn.
    """
    hu: dict[str, Fraction] = {t: Fraction(0) for t in finalists}
    sng: dict[str, Fraction] = {t: Fraction(0) for t in finalists}
    for player, wins in results.hu_wins.items():
        if team_of(player) in hu:
            hu[team_of(player)] += rules.final_hu_win * wins
    sng_scale = scales.get("sng", DEFAULT_SCALES["sng"])
    bonus_scale = scales.get("bonus", DEFAULT_SCALES["bonus"])
    for (_, player), place in results.sng_places.items():
        if team_of(player) in sng:
            sng[team_of(player)] += scale_points(dict(sng_scale), place)
    bonus = {
        t: scale_points(dict(bonus_scale), qualification_rank[t]) if t in qualification_rank else Fraction(0)
        for t in finalists
    }
    total = {t: hu[t] + sng[t] + bonus[t] for t in finalists}
    keys = [lambda t: -total[t], lambda t: -sng[t], lambda t: -hu[t]]
    lot = Draw(seed, LOT_STAGE) if results.complete else None
    ranked = rank(list(finalists), keys, lot=lot, label=str)

    problems: list[Problem] = []
    rows: list[FinalRow] = []
    group: list = []
    for i, r in enumerate(ranked):
        t = r.item
        same_as_above = i > 0 and all(k(t) == k(ranked[i - 1].item) for k in keys)
        if r.decided_by is not None:
            decided_by = TIE_BREAKS[r.decided_by]
        elif r.by_lot and same_as_above:
            decided_by = "lot"
        else:
            decided_by = None
        rows.append(
            FinalRow(r.rank, t, qualification_rank.get(t), hu[t], sng[t], bonus[t], total[t], decided_by, r.by_lot)
        )
        if r.by_lot and same_as_above:
            group.append(r)
        else:
            _report_lot(group, seed, where, problems)
            group = [r] if r.by_lot else []
    _report_lot(group, seed, where, problems)
    return FinalStandings(rows, results.complete, problems)


def _report_lot(group: list, seed: str | int, where: Where, problems: list[Problem]) -> None:
    if len(group) < 2:
        return
    names = [g.item for g in group]
    problems.append(
        warning(
            LOT,
            where,
            teams=", ".join(sorted(names)),
            order=" > ".join(names),
            ranks=f"{group[0].rank}–{group[-1].rank}",
            seed=seed,
        )
    )
