"""Day 2 NLH MTT (多桌錦標賽): finishing places as the staff wrote them, checked, and turned into
place points (名次積分, 附件三) per player and raw scores per team.

The seed (五、（三）): "計分方式 詳見附件三" — the table itself was lost, so the default scale is
the spec's (sums to 240, the seed's fixed NLH total, 現場速算表 "NLH MTT 固定 240"), and
第二章: "NLH MTT 原始分 ＝ 該隊參加本場次之 3 名選手名次積分總和".
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Callable, Iterable, Mapping

from ttools.competitions.nations_cup.model import DEFAULT_SCALES, PlaceEntry, scale_points
from ttools.competitions.nations_cup.model import team_of as default_team_of
from ttools.problems import NOWHERE, Problem, Where, define, error, warning

NOT_IN_FIELD = define(
    "nlh-not-in-field",
    "{player} has a place but is not in the NLH field (the line-ups).",
    "{player} 有名次，但不在 NLH 參賽名單（出賽名單）中。",
)
PLAYER_TWICE = define(
    "nlh-player-twice",
    "{player} is listed twice (first at {first}); each player has one place.",
    "{player} 重複列出（第一次在 {first}）；每位選手只有一個名次。",
)
PLACE_OUT_OF_RANGE = define(
    "nlh-place-out-of-range",
    "Place {place} of {player} is outside 1–{m} (the field has {m} players).",
    "{player} 的名次 {place} 超出 1–{m}（本場共 {m} 名選手）。",
)
PLACE_DUPLICATE = define(
    "place-duplicate",
    "Place {place} of {player} is already taken by {other} (place {taken}). Only players knocked "
    "out in one hand with equal stacks share a place: write it with '=' for each of them "
    "(e.g. {taken}=); two players sharing {taken}= also take the place after it, three the two after it.",
    "{player} 的名次 {place} 已由 {other}（名次 {taken}）佔用。只有同一手牌以相同籌碼出局的選手"
    "可並列名次：請在每位選手的名次後加「=」（例如 {taken}=）；兩人並列 {taken}= 時同時佔用其下一個名次，三人則佔用其後兩個名次。",
)
SHARED_BEYOND_FIELD = define(
    "nlh-shared-beyond-field",
    "{players} share place {place}=, which would take places {place}–{last}, beyond the field of {m}.",
    "{players} 並列第 {place} 名，將佔用第 {place}–{last} 名，超出本場 {m} 名選手。",
)
SHARED_ALONE = define(
    "nlh-shared-alone",
    "{player} is marked as sharing place {place}= but nobody else has that place; counted as a plain {place}.",
    "{player} 標記為並列第 {place} 名（{place}=），但沒有其他選手同名次；以第 {place} 名計算。",
)
PLACE_GAP = define(
    "nlh-place-gap",
    "No player has place {span}, although worse places are filled: a knock-out may be missing.",
    "第 {span} 名尚無選手，但其後的名次已填寫：可能漏記了出局選手。",
)


def _cell(entry: PlaceEntry, key: str) -> Where:
    return entry.where.get(key) or entry.where.get("player") or NOWHERE


def _show(where: Where) -> str:
    if where.cell:
        return f"{where.sheet}!{where.cell}" if where.sheet else where.cell
    return where.sheet or "-"


def nlh_places(entries: Iterable[PlaceEntry], field: Iterable[str]) -> tuple[dict[str, int], list[Problem]]:
    """Check the places written on the NLH sheet and return each placed player's place.

    Shared players all get the top place of the range they cover (two sharing 16th/17th are
    both 16). Entries with an error are left out of the result; a result with errors must not be
    scored. Places for only the bottom part of the field (an event in progress) are fine.
    """
    players = list(dict.fromkeys(field))
    m = len(players)
    in_field = set(players)
    problems: list[Problem] = []

    first_seen: dict[str, PlaceEntry] = {}
    by_place: dict[int, list[PlaceEntry]] = defaultdict(list)
    for entry in entries:
        if entry.player not in in_field:
            problems.append(error(NOT_IN_FIELD, _cell(entry, "player"), player=entry.player))
            continue
        if entry.player in first_seen:
            problems.append(
                error(
                    PLAYER_TWICE,
                    _cell(entry, "player"),
                    player=entry.player,
                    first=_show(_cell(first_seen[entry.player], "player")),
                )
            )
            continue
        first_seen[entry.player] = entry
        if not 1 <= entry.place <= m:
            problems.append(
                error(PLACE_OUT_OF_RANGE, _cell(entry, "place"), player=entry.player, place=entry.place, m=m)
            )
            continue
        by_place[entry.place].append(entry)

    places: dict[str, int] = {}
    covered_until = 0  # last place taken by the shared block above
    block: list[PlaceEntry] = []
    block_top = 0
    for place in sorted(by_place):
        group = by_place[place]
        names = [e.player for e in group]
        if place <= covered_until:
            # a shared place p with k players also takes p+1 … p+k−1
            others = ", ".join(e.player for e in block)
            for e in group:
                problems.append(
                    error(
                        PLACE_DUPLICATE, _cell(e, "place"), player=e.player, place=place, other=others, taken=block_top
                    )
                )
            continue
        if len(group) > 1 and not all(e.shared for e in group):
            for e in group:
                if e.shared:
                    continue
                others = ", ".join(n for n in names if n != e.player)
                problems.append(
                    error(PLACE_DUPLICATE, _cell(e, "place"), player=e.player, place=place, other=others, taken=place)
                )
            continue
        last = place + len(group) - 1
        if last > m:
            problems.append(
                error(
                    SHARED_BEYOND_FIELD, _cell(group[0], "place"), players=", ".join(names), place=place, last=last, m=m
                )
            )
            continue
        if len(group) == 1 and group[0].shared:
            problems.append(warning(SHARED_ALONE, _cell(group[0], "place"), player=group[0].player, place=place))
        for e in group:
            places[e.player] = place
        covered_until, block, block_top = last, group, place

    if not any(p.severity == "error" for p in problems):
        # with a row rejected, a gap is most likely that row's place: judged once the rows are right
        problems.extend(_gaps(places, by_place))
    return places, problems


def _gaps(places: Mapping[str, int], by_place: Mapping[int, list[PlaceEntry]]) -> list[Problem]:
    """Places nobody holds although a worse place is filled: someone's knock-out went unrecorded."""
    taken: set[int] = set()
    for place in set(places.values()):
        k = sum(1 for p in places.values() if p == place)
        taken.update(range(place, place + k))
    if not taken:
        return []
    problems: list[Problem] = []
    worst = max(taken)
    q = min(taken)
    while q < worst:
        if q in taken:
            q += 1
            continue
        start = q
        while q not in taken:
            q += 1
        # point at the place cell just below the gap, where the staff will look
        where = _cell(by_place[q][0], "place") if by_place.get(q) else NOWHERE
        span = str(start) if start == q - 1 else f"{start}–{q - 1}"
        problems.append(warning(PLACE_GAP, where, first=start, last=q - 1, span=span))
    return problems


def nlh_complete(places: Mapping[str, int], field: Iterable[str]) -> bool:
    """Every player of the field has a place: the event is over and can be scored."""
    return all(p in places for p in field)


def shared_points(first: int, count: int, scale: Mapping[int, Fraction]) -> Fraction:
    """Points each of ``count`` players sharing place ``first`` gets: the places they cover, split evenly."""
    total = sum((scale_points(scale, q) for q in range(first, first + count)), Fraction(0))
    return total / count


def place_points(places: Mapping[str, int], scale: Mapping[int, Fraction] | None = None) -> dict[str, Fraction]:
    """Place points (名次積分) per player; players with the same place share the places they cover."""
    scale = DEFAULT_SCALES["nlh"] if scale is None else scale
    sharing: dict[int, int] = defaultdict(int)
    for place in places.values():
        sharing[place] += 1
    return {player: shared_points(place, sharing[place], scale) for player, place in places.items()}


def team_raw(points: Mapping[str, Fraction], team_of: Callable[[str], str] = default_team_of) -> dict[str, Fraction]:
    """Team raw score (原始分) = sum of its players' points in this event."""
    raw: dict[str, Fraction] = defaultdict(Fraction)
    for player, value in points.items():
        raw[team_of(player)] += value
    return dict(raw)
