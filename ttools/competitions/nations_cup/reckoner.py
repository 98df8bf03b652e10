"""Quick reckoner (現場速算表, estimate only): what one raw unit of each event is worth for N teams.

The floor uses it while events are still running: a team's event score is pool × raw ÷ Σ raw,
and for a full field Σ raw is known in advance (every match has a winner, every place and every
bounty chip is handed out), so one raw unit has a fixed value per event. The seed's own check
rows: 11 teams → Σ raw 330 / 240 / 156, 12 teams → 360 / 240 / 162.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Mapping

from ttools.competitions.nations_cup.bounty import nominal_issue
from ttools.competitions.nations_cup.model import DEFAULT_SCALES, Rules
from ttools.core.exact import round_half_up
from ttools.i18n import simplified
from ttools.problems import Problem, Where, define, error

__all__ = ["Reckoner", "Section", "nominal_issue", "reckoner", "render_text"]

PLAYERS_PER_TEAM = 3  # each team sends 3 players to each Day 2 MTT
MATCHES_PER_TEAM = 12  # Day 1: 6 players × 2 matches
MAX_TEAMS = 26  # teams are lettered A–Z
UNIT_PLACES = 4  # points per raw unit are shown to 4 decimals
POINT_PLACES = 2  # points as the scoreboard prints them

TEAMS_OUT_OF_RANGE = define(
    "reckoner-teams",
    "The quick reckoner needs 1 to {most} teams; got {teams}.",
    "現場速算表的隊數須為 1 至 {most}；收到 {teams}。",
)


@dataclass(frozen=True)
class Section:
    """One printable table: a title, a header row and rows of plain cells (str, int, Decimal)."""

    title: str
    header: list[str]
    rows: list[list[object]]


@dataclass(frozen=True)
class Reckoner:
    """The quick reckoner of an N-team event: the totals behind each event's score and the points per result."""

    n_teams: int
    players: int  # M, the field of each Day 2 MTT (3·N)
    hu_win: int
    hu_total: Fraction  # Σ raw of the heads-up event: 6·N wins × hu_win
    nlh_total: Fraction  # Σ NLH place points over places 1..M
    bounty_place_total: Fraction  # Σ bounty place points over places 1..M
    chips_issued: int  # nominal bounty chips issued for M players
    bounty_total: Fraction  # place points + chips
    pools: dict[str, Fraction]
    units: dict[str, Fraction | None]  # points per raw unit; None when Σ raw is 0
    hu_points: dict[int, Fraction]  # HU wins 0..12 -> points
    nlh_points: dict[int, Fraction]  # NLH place 1..M -> points
    nlh_place_points: dict[int, Fraction]
    bounty_place_points: dict[int, Fraction]  # bounty place 1..M -> place points (raw)
    bounty_points: dict[int, Fraction]  # bounty raw (place points + chips) 0..upto -> points
    problems: list[Problem] = field(default_factory=list)

    def rows(self, lang: str = "en") -> list[Section]:
        """The reckoner as printable sections, in the event's language."""
        return _sections(self, _labels(lang))


def reckoner(
    n_teams: int,
    rules: Rules | None = None,
    scales: Mapping[str, Mapping[int, Fraction]] | None = None,
    bounty_upto: int | None = None,
) -> Reckoner:
    """Σ raw per event, the value of one raw unit, and lookups of points for N teams; the
    bounty lookup runs to ``bounty_upto`` (default: the highest team raw the field can reach)."""
    rules = rules or Rules()
    scales = scales or {}
    nlh_scale = scales.get("nlh", DEFAULT_SCALES["nlh"])
    bounty_scale = scales.get("bounty", DEFAULT_SCALES["bounty"])
    problems: list[Problem] = []
    if not 1 <= n_teams <= MAX_TEAMS:
        problems.append(error(TEAMS_OUT_OF_RANGE, Where("Event"), teams=n_teams, most=MAX_TEAMS))
        n_teams = 0  # nothing is guessed: the tables come out empty
    m = PLAYERS_PER_TEAM * n_teams

    # Every Day 1 match has exactly one winner: N teams × 12 matches ÷ 2 sides = 6·N wins.
    hu_total = Fraction(MATCHES_PER_TEAM * n_teams // 2 * rules.hu_win)
    nlh_place_points = {p: Fraction(nlh_scale.get(p, 0)) for p in range(1, m + 1)}
    bounty_place_points = {p: Fraction(bounty_scale.get(p, 0)) for p in range(1, m + 1)}
    nlh_total = sum(nlh_place_points.values(), Fraction(0))
    bounty_place_total = sum(bounty_place_points.values(), Fraction(0))
    chips = nominal_issue(m) if m else 0
    bounty_total = bounty_place_total + chips
    if bounty_upto is None:
        bounty_upto = highest_team_bounty_raw(bounty_place_points, chips)

    pools = {"hu": rules.pool_hu, "nlh": rules.pool_nlh, "bounty": rules.pool_bounty}
    totals = {"hu": hu_total, "nlh": nlh_total, "bounty": bounty_total}
    units = {e: (pools[e] / totals[e] if totals[e] else None) for e in pools}

    def worth(event: str, raw: Fraction) -> Fraction:
        unit = units[event]
        return raw * unit if unit is not None else Fraction(0)

    return Reckoner(
        n_teams=n_teams,
        players=m,
        hu_win=rules.hu_win,
        hu_total=hu_total,
        nlh_total=nlh_total,
        bounty_place_total=bounty_place_total,
        chips_issued=chips,
        bounty_total=bounty_total,
        pools=pools,
        units=units,
        hu_points={w: worth("hu", Fraction(w * rules.hu_win)) for w in range(MATCHES_PER_TEAM + 1)},
        nlh_points={p: worth("nlh", v) for p, v in nlh_place_points.items()},
        nlh_place_points=nlh_place_points,
        bounty_place_points=bounty_place_points,
        bounty_points={r: worth("bounty", Fraction(r)) for r in range(max(bounty_upto, 0) + 1)},
        problems=problems,
    )


def highest_team_bounty_raw(place_points: Mapping[int, Fraction], chips: int) -> int:
    """The most bounty raw one team can hold: its 3 players on the 3 best-paid places, and every
    chip issued in their hands (the champion's team knocks out everyone else)."""
    best = sorted(place_points.values(), reverse=True)[:PLAYERS_PER_TEAM]
    return int(-(-sum(best, Fraction(0)) // 1)) + chips


# --- presentation --------------------------------------------------------------------------

_LABELS = {
    "en": {
        "title": "Quick reckoner — {n} teams, {m} players per MTT (estimate only)",
        "totals": "Σ raw per event and the value of one raw unit",
        "totals_header": ["Event", "Σ raw", "Made of", "Pool", "Points per raw unit"],
        "hu": "Heads-up",
        "nlh": "NLH MTT",
        "bounty": "Bounty MTT",
        "hu_how": "{wins} wins × {win}",
        "nlh_how": "place points, places 1–{m}",
        "bounty_how": "{places} place points + {chips} chips",
        "hu_table": "Heads-up: points for a team's wins",
        "hu_header": ["Wins", "Raw", "Points"],
        "nlh_table": "NLH MTT: points for a player's place",
        "place_header": ["Place", "Place points", "Points"],
        "bounty_place_table": "Bounty MTT: points for a player's place (chips come on top)",
        "bounty_table": "Bounty MTT: points for raw (place points + chips, 1 chip = 1 raw)",
        "bounty_header": ["Raw", "Points"],
    },
    "zh-Hant": {
        "title": "現場速算表 — {n} 隊，每場多桌賽 {m} 人（僅供估算）",
        "totals": "各分項原始分總和及每 1 原始分之得分",
        "totals_header": ["項目", "原始分總和", "組成", "分數池", "每 1 原始分得分"],
        "hu": "單挑賽",
        "nlh": "NLH MTT",
        "bounty": "獵人賽",
        "hu_how": "{wins} 勝 × {win}",
        "nlh_how": "第 1–{m} 名名次積分",
        "bounty_how": "名次積分 {places} ＋ 賞金籌碼 {chips}",
        "hu_table": "單挑賽：全隊勝場數換算得分",
        "hu_header": ["勝場", "原始分", "得分"],
        "nlh_table": "NLH MTT：個人名次換算得分",
        "place_header": ["名次", "名次積分", "得分"],
        "bounty_place_table": "獵人賽：個人名次換算得分（另加賞金籌碼）",
        "bounty_table": "獵人賽：原始分（名次積分＋賞金籌碼，1 枚＝1 分）換算得分",
        "bounty_header": ["原始分", "得分"],
    },
}
_LABELS["zh-Hans"] = {
    key: simplified(text) if isinstance(text, str) else [simplified(x) for x in text]
    for key, text in _LABELS["zh-Hant"].items()
}


def _labels(lang: str) -> dict:
    return _LABELS.get(lang, _LABELS["en"])


def _number(value: Fraction) -> int | Decimal:
    """Whole numbers stay whole; anything else as printed to 2 decimals."""
    if value.denominator == 1:
        return int(value)
    return round_half_up(value, POINT_PLACES)


def _points(value: Fraction | None, places: int = POINT_PLACES) -> Decimal | str:
    return "—" if value is None else round_half_up(value, places)


def _place_rows(place_points: dict[int, Fraction], points: dict[int, Fraction]) -> list[list[object]]:
    """One row per scoring place; the places that score nothing share one closing row."""
    scoring = [p for p, v in place_points.items() if v]
    last = max(scoring, default=0)
    rows: list[list[object]] = [[p, _number(place_points[p]), _points(points[p])] for p in range(1, last + 1)]
    m = len(place_points)
    if last < m:
        span = str(last + 1) if last + 1 == m else f"{last + 1}–{m}"
        rows.append([span, 0, _points(Fraction(0))])
    return rows


def _sections(r: Reckoner, t: dict) -> list[Section]:
    wins = MATCHES_PER_TEAM * r.n_teams // 2
    totals = Section(
        t["title"].format(n=r.n_teams, m=r.players) + " · " + t["totals"],
        list(t["totals_header"]),
        [
            [
                t["hu"],
                _number(r.hu_total),
                t["hu_how"].format(wins=wins, win=r.hu_win),
                _points(r.pools["hu"]),
                _points(r.units["hu"], UNIT_PLACES),
            ],
            [
                t["nlh"],
                _number(r.nlh_total),
                t["nlh_how"].format(m=r.players),
                _points(r.pools["nlh"]),
                _points(r.units["nlh"], UNIT_PLACES),
            ],
            [
                t["bounty"],
                _number(r.bounty_total),
                t["bounty_how"].format(places=_number(r.bounty_place_total), chips=r.chips_issued),
                _points(r.pools["bounty"]),
                _points(r.units["bounty"], UNIT_PLACES),
            ],
        ],
    )
    hu = Section(
        t["hu_table"],
        list(t["hu_header"]),
        [[w, w * r.hu_win, _points(p)] for w, p in r.hu_points.items()],
    )
    nlh = Section(t["nlh_table"], list(t["place_header"]), _place_rows(r.nlh_place_points, r.nlh_points))
    bounty_by_place = {
        p: v * r.units["bounty"] if r.units["bounty"] is not None else Fraction(0)
        for p, v in r.bounty_place_points.items()
    }
    bounty_places = Section(
        t["bounty_place_table"],
        list(t["place_header"]),
        _place_rows(r.bounty_place_points, bounty_by_place),
    )
    bounty = Section(
        t["bounty_table"],
        list(t["bounty_header"]),
        [[raw, _points(p)] for raw, p in r.bounty_points.items()],
    )
    return [totals, hu, nlh, bounty_places, bounty]


def _width(text: str) -> int:
    """Terminal columns: CJK and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def _pad(text: str, width: int, right: bool) -> str:
    fill = " " * (width - _width(text))
    return fill + text if right else text + fill


def render_text(r: Reckoner, lang: str = "en") -> str:
    """The reckoner as aligned plain-text tables for a terminal."""
    out: list[str] = []
    for section in r.rows(lang):
        cells = [list(section.header)] + [[str(c) for c in row] for row in section.rows]
        # Numbers (and place spans like '17–33') line up on the right, words on the left.
        numeric = [
            all(not isinstance(row[i], str) or row[i][:1].isdigit() or row[i] == "—" for row in section.rows)
            for i in range(len(section.header))
        ]
        widths = [max(_width(row[i]) for row in cells) for i in range(len(section.header))]
        out.append(section.title)
        for k, row in enumerate(cells):
            line = "  ".join(_pad(c, widths[i], numeric[i]) for i, c in enumerate(row))
            out.append(line.rstrip())
            if k == 0:
                out.append("  ".join("-" * w for w in widths))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
