"""The score of one board at one table (得分), step by step so a referee can follow it: the kitty
multiplier (摳底) of the last lead, the defenders' total P, its band and the net levels from
each side's view. Pure functions on the rules of the Rules sheet."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ttools.core.upgrade import NATIONAL, Bands, LastLead, deal_outcome, kitty_multiplier

TOTAL_POINTS = 200  # points in two decks: 8 fives, 8 tens, 8 kings
KITTY_MAX = 80  # eight cards, all tens or kings
POINT_UNIT = 5  # every point count is a multiple of 5


@dataclass(frozen=True)
class BandTable:
    """A band table replacing the threshold/step bands: ascending lower edges of P, each with
    the net levels it gives the declarers (``0:3, 5:2, 40:1, 80:0, …``)."""

    edges: tuple[tuple[int, int], ...]

    def net(self, points: int) -> int:
        net = self.edges[0][1]
        for low, value in self.edges:
            if points >= low:
                net = value
        return net


class BandTableError(ValueError):
    """A band table that cannot be read; ``texts``: what is wrong, in each language."""

    def __init__(self, texts: dict[str, str]) -> None:
        super().__init__(texts["en"])
        self.texts = texts


def _refused(traditional: str, english: str, **params: object) -> BandTableError:
    from ttools.competitions.common import every_lang

    return BandTableError(every_lang(traditional, english, **params))


def parse_band_table(text: str) -> BandTable:
    """'0:3, 5:2, 40:1, 80:0, 120:-1' -> BandTable; BandTableError saying what is wrong."""
    edges = []
    for part in text.replace("；", ",").replace(";", ",").replace("，", ",").replace("：", ":").split(","):
        part = part.strip()
        if not part:
            continue
        low, sep, value = part.partition(":")
        if not sep:
            raise _refused("「{part}」不是「下限:級數」", "'{part}' is not 'lower edge:levels'", part=part)
        try:
            edges.append((int(low.strip()), int(value.strip().lstrip("+"))))
        except ValueError:
            raise _refused(
                "「{part}」不是以整數寫的「下限:級數」",
                "'{part}' is not 'lower edge:levels' in whole numbers",
                part=part,
            ) from None
    if not edges:
        raise _refused("未填任何分段", "no bands given")
    if edges[0][0] != 0:
        raise _refused("第一段須自 0 分起", "the first band must start at 0")
    if any(b[0] <= a[0] for a, b in zip(edges, edges[1:])):
        raise _refused("各段下限須遞增", "the lower edges must rise")
    return BandTable(tuple(edges))


@dataclass(frozen=True)
class BoardRules:
    kitty_preset: str = NATIONAL
    bands: Bands = Bands()
    table: BandTable | None = None  # replaces ``bands`` when given

    def net(self, points: int) -> int:
        """Net levels from the declarers' view: +3 … −3 across the bands."""
        if self.table is not None:
            return self.table.net(points)
        return deal_outcome(points, self.bands).net

    @cached_property
    def band_edges(self) -> tuple[tuple[int, int | None, int], ...]:
        """(low, high or None for open, net) for every band of P from 0 in steps of 5."""
        out: list[list] = []
        limit = TOTAL_POINTS + KITTY_MAX * 16
        for p in range(0, limit + POINT_UNIT, POINT_UNIT):
            net = self.net(p)
            if out and out[-1][2] == net:
                out[-1][1] = p
            else:
                out.append([p, p, net])
        out[-1][1] = None
        return tuple((a, b, c) for a, b, c in out)

    def band(self, points: int) -> str:
        """'80–115', '0', '200+': the band P falls in."""
        for low, high, _net in self.band_edges:
            if points >= low and (high is None or points <= high):
                if high is None:
                    return f"{low}+"
                return str(low) if low == high else f"{low}–{high}"
        return str(points)


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One table's board, every step shown."""

    declarer: str  # NS | EW
    captured: int
    kitty: int
    lead: LastLead | None  # None: the declarers won the last trick
    multiplier: int | None  # kitty multiplier (None when the kitty does not count)
    kitty_bonus: int  # kitty × multiplier
    total: int  # P, the defenders' total
    band: str
    net: int  # net levels, declarers' view
    steps: bool = field(default=True)  # False: a board score typed directly (no steps)

    @property
    def score_ns(self) -> int:
        return self.net if self.declarer == "NS" else -self.net

    @property
    def score_ew(self) -> int:
        return -self.score_ns

    def score(self, seat: str) -> int:
        return self.score_ns if seat in ("N", "S") else self.score_ew


def score_board(declarer: str, captured: int, kitty: int, lead: LastLead | None, rules: BoardRules) -> BoardScore:
    """P = captured + kitty × multiplier (when the defenders won the last trick), then its band.
    E.g. 60 captured, 20 in the kitty taken with a pair: 60 + 20 × 4 = 140 -> 120–155, the
    defenders go up 1: net −1 for the declarers."""
    multiplier = kitty_multiplier(lead, rules.kitty_preset) if lead is not None else None
    bonus = kitty * multiplier if multiplier is not None else 0
    total = captured + bonus
    return BoardScore(declarer, captured, kitty, lead, multiplier, bonus, total, rules.band(total), rules.net(total))


def typed_score(score_ns: int) -> BoardScore:
    """A board score printed by the event software (North–South's view), with no steps."""
    return BoardScore("NS", 0, 0, None, None, 0, 0, "", score_ns, steps=False)
