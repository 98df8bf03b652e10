"""The prize table (獎項) and who wins each prize, with the figure that won it.

The rules, as a TSH prize table is read (its ``prize`` lines are awarded in the order listed):

- Prizes are awarded in the Prizes sheet's order, and a player wins one prize only: a player
  who already has one is passed over, unless the prize's ``eligible`` says ``all``. Classes in
  ``eligible`` (``B, C``) limit a prize to players of those classes (the Players sheet's class).
- ``place`` N goes to the player on place N of the division's standings (the counted rounds;
  withdrawn players are not placed); when that player is not eligible it passes down to the next
  eligible player below. ``class`` X goes to the best-placed eligible player of class X.
- ``high_game`` is the highest score of a game (after any overtime penalty), ``high_win`` the
  highest winning score, ``high_loss`` the highest losing score, ``upset`` the largest rating
  difference by which a lower-rated player beat a higher-rated one (both rated). Byes and
  forfeits have no score and count for none of them.
- Ties: players level on the figure share the prize and are all named; for place and class
  prizes "level" is the standings' own tie rule (equal wins, losses and spread share a place;
  with ``ranks = strict`` every line is its own place, so nobody shares).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from ttools.competitions.scrabble.results import GAME, Player
from ttools.problems import Problem, Where, define, error, warning
from ttools.workbook import normalize as nz

PRIZE_PLACE_INVALID = define(
    "prize-place-invalid",
    "prize {prize}: '{value}' is not a place; write 1, 2, 3 …",
    "獎項 {prize}：「{value}」不是名次；請填 1、2、3 …",
)
PRIZE_CLASS_MISSING = define(
    "prize-class-missing",
    "prize {prize}: a class prize needs the class in the value column",
    "獎項 {prize}：級別獎須於「名次／級別」欄填上級別",
)
PRIZE_DIVISION_UNKNOWN = define(
    "prize-division-unknown",
    "prize {prize}: division {division} has no players",
    "獎項 {prize}：{division} 組沒有參賽者",
)
PRIZE_DIVISION_NEEDED = define(
    "prize-division-needed",
    "prize {prize}: a place or class prize needs a division when the event has several",
    "獎項 {prize}：賽事有多個組別，名次獎及級別獎須填組別",
)
PRIZE_CLASS_EMPTY = define(
    "prize-class-empty",
    "prize {prize}: no player is of class {value}",
    "獎項 {prize}：沒有參賽者屬 {value} 級",
)

_ALL = {"all", "any", "全部", "所有", "任何"}


@dataclass(frozen=True)
class PrizeSpec:
    """One row of the Prizes sheet."""

    prize: str
    kind: str  # place | class | high_game | high_win | high_loss | upset
    division: str  # "" = every division together
    place: int = 0  # place prizes
    rating_class: str = ""  # class prizes
    anyone: bool = False  # eligible = all: prize winners too
    classes: tuple[str, ...] = ()  # eligible limited to these classes
    where: dict[str, Where] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Award:
    """A prize and who won it (several when they share it), each with the figure that won."""

    spec: PrizeSpec
    division: str
    winners: tuple[tuple[Player, Any], ...]  # (player, figure): a score, a difference, or a standings Record


def read_prizes(rows: Iterable[Any], rd: Any, players: dict[str, Player], problems: list[Problem]) -> list[PrizeSpec]:
    """The Prizes sheet's rows in order; a row with a problem is named on its cell and left out."""
    from ttools.competitions.scrabble import schema as S
    from ttools.workbook.normalize import natural_key

    divisions = sorted({p.division for p in players.values()}, key=natural_key)
    known_classes = {p.rating_class for p in players.values()}

    out = []
    for row in rows:
        if all(row.blank(k) for k in ("prize", "kind", "division", "value", "eligible")):
            continue
        prize = rd.text(row, "prize", required=True)
        kind = rd.choice(row, "kind", S.PRIZE_KIND_CHOICES, required=True)
        division = rd.code(row, "division") or ""
        if prize is None or kind is None:
            continue
        value = "" if row.blank("value") else nz.clean_text(row.values["value"])
        where = row.where
        if division and division not in divisions:
            problems.append(error(PRIZE_DIVISION_UNKNOWN, where["division"], prize=prize, division=division))
            continue
        if kind in ("place", "class") and not division:
            if len(divisions) > 1:
                problems.append(error(PRIZE_DIVISION_NEEDED, where["division"], prize=prize))
                continue
            division = divisions[0] if divisions else ""
        place = 0
        if kind == "place":
            try:
                place = nz.parse_int(row.values["value"])
            except ValueError:
                place = 0
            if place < 1:
                problems.append(error(PRIZE_PLACE_INVALID, where["value"], prize=prize, value=value))
                continue
        if kind == "class" and not value:
            problems.append(error(PRIZE_CLASS_MISSING, where["value"], prize=prize))
            continue
        if kind == "class" and nz.parse_code(value) not in known_classes:
            problems.append(warning(PRIZE_CLASS_EMPTY, where["value"], prize=prize, value=value))
        words = [] if row.blank("eligible") else nz.clean_text(row.values["eligible"]).replace("，", ",").split(",")
        words = [w.strip() for w in words if w.strip()]
        anyone = any(nz.fold_label(w) in _ALL for w in words)
        classes = tuple(nz.parse_code(w) for w in words if nz.fold_label(w) not in _ALL)
        out.append(
            PrizeSpec(
                prize,
                kind,
                division,
                place,
                nz.parse_code(value) if kind == "class" else "",
                anyone,
                classes,
                dict(where),
            )
        )
    return out


def _placed(div: Any) -> list[Any]:
    """The division's placed lines (withdrawn players are not placed), in standings order."""
    from ttools.competitions.scrabble.standings import withdrawn_by

    return [x for x in div.standings if not withdrawn_by(x.item.player, div.through)]


def _by_standing(spec: PrizeSpec, div: Any, ok, strict: bool) -> tuple[tuple[Player, Any], ...]:
    """A place or class prize: the first eligible line from the place (or of the class), and
    those level with it on wins, losses and spread (unless places are strict)."""
    lines = _placed(div)
    if spec.kind == "place":
        lines = lines[spec.place - 1 :]
    else:
        lines = [x for x in lines if x.item.player.rating_class == spec.rating_class]
    lines = [x for x in lines if ok(x.item.player)]
    if not lines:
        return ()

    def key(x):
        return (x.item.wins, x.item.losses, x.item.spread)

    won = lines[:1] if strict else [x for x in lines if key(x) == key(lines[0])]
    return tuple((x.item.player, x.item) for x in won)  # the record: the report prints it


def _by_game(spec: PrizeSpec, divs: Sequence[Any], ok, players: dict[str, Player]):
    """A game prize: the best figure of an eligible player, and everyone who reached it."""
    best: dict[str, int] = {}
    for div in divs:
        for o in div.outcomes:
            if o.kind != GAME or o.round > div.through or o.score is None:
                continue
            p = players.get(o.player)
            if p is None or not ok(p):
                continue
            if spec.kind == "upset":
                q = players.get(o.opponent or "")
                if o.wins != 1 or q is None or not p.rating or not q.rating or q.rating <= p.rating:
                    continue
                figure = q.rating - p.rating
            elif spec.kind == "high_win" and o.wins != 1 or spec.kind == "high_loss" and o.wins != 0:
                continue
            else:
                figure = o.score
            best[o.player] = max(figure, best.get(o.player, figure))
    if not best:
        return ()
    top = max(best.values())
    return tuple((players[pid], top) for pid in best if best[pid] == top)


def award(res: Any) -> list[Award]:
    """Every prize of the Prizes sheet, in its order, with its winners (``res``: compute's
    Results, not imported: load imports this module and compute imports load)."""
    data = res.data
    won: set[str] = set()
    out = []
    for spec in data.prizes:

        def ok(p: Player, spec: PrizeSpec = spec) -> bool:
            return (spec.anyone or p.id not in won) and (not spec.classes or p.rating_class in spec.classes)

        divs = [res.divisions[spec.division]] if spec.division in res.divisions else []
        if not spec.division:
            divs = list(res.divisions.values())
        if spec.kind in ("place", "class"):
            winners = _by_standing(spec, divs[0], ok, data.strict_ranks) if divs else ()
        else:
            winners = _by_game(spec, divs, ok, data.players)
        won.update(p.id for p, _f in winners)
        out.append(Award(spec, spec.division, winners))
    return out
