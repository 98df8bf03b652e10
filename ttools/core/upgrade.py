"""The card arithmetic of Upgrade (升级 / 升級) shared by Shengji and Shuangsheng: levels, the
kitty multiplier (抠底) by the shape of the last lead, and the level bands of the defenders'
points. Pure functions, no I/O; every number is a parameter with the rulebooks' default.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Levels run 2 … 10, J, Q, K, A, then "past A" (过A), written A+.
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "A+")
_LEVEL_ALIASES = {
    "T": "10",
    "11": "J",
    "12": "Q",
    "13": "K",
    "14": "A",
    "1": "A",
    "15": "A+",
    "A+": "A+",
    "过A": "A+",
    "過A": "A+",
    "PASTA": "A+",
    "PAST A": "A+",
    "A*": "A+",
}


def parse_level(text: object) -> str:
    """'10', 'j', 'A+', '过A' -> the canonical level; ValueError when it is not a level."""
    raw = str(text).strip().upper().replace("＋", "+")
    if raw.endswith(".0") and raw[:-2].isdigit():
        raw = raw[:-2]
    level = _LEVEL_ALIASES.get(raw, raw)
    if level not in LEVELS:
        raise ValueError(f"{text!r} is not a level (2–10, J, Q, K, A or A+)")
    return level


def level_value(level: str) -> int:
    """2 -> 2 … 10 -> 10, J -> 11, Q -> 12, K -> 13, A -> 14, A+ -> 15 (past A: one above A)."""
    return LEVELS.index(level) + 2


def level_after(level: str, steps: int) -> str:
    """The level ``steps`` above ``level``, stopping at A: a side goes past A (A+) only by
    winning a deal as declarers while playing A, which the caller decides."""
    if level == "A+":
        return level
    return LEVELS[min(LEVELS.index(level) + max(steps, 0), LEVELS.index("A"))]


# ---- the shape of the last lead -------------------------------------------------------------
SINGLE, PAIR, TRACTOR, THROW = "single", "pair", "tractor", "throw"


@dataclass(frozen=True)
class LastLead:
    """The shape of the trick that won the kitty for the defenders: ``kind`` single, pair,
    tractor (``pairs`` ≥ 2) or throw; a throw may contain a pair (``pairs`` = 1) or a tractor
    (``pairs`` ≥ 2), ``pairs`` = 0 for a throw of singles."""

    kind: str
    pairs: int = 0

    def __str__(self) -> str:
        if self.kind == TRACTOR:
            return f"tractor{self.pairs}"
        if self.kind == THROW:
            return "throw" + ("" if self.pairs == 0 else "-pair" if self.pairs == 1 else f"-tractor{self.pairs}")
        return self.kind


_SHAPE_ALIASES = {
    "单": "single",
    "單": "single",
    "单张": "single",
    "單張": "single",
    "对": "pair",
    "對": "pair",
    "对子": "pair",
    "對子": "pair",
    "对牌": "pair",
    "對牌": "pair",
    "甩": "throw",
    "甩牌": "throw",
}


def parse_last_lead(text: object) -> LastLead:
    """'single', 'pair', 'tractor2', 'tractor 3', 'throw', 'throw-pair', 'throw-tractor2' (and
    单/对/甩) -> LastLead; ValueError when the shape is not understood."""
    raw = re.sub(r"[\s_]+", "", str(text).strip().lower())
    raw = _SHAPE_ALIASES.get(raw, raw)
    if raw in (SINGLE, PAIR):
        return LastLead(raw, 1 if raw == PAIR else 0)
    m = re.fullmatch(r"(?:tractor|拖拉机|拖拉機)(\d+)", raw)
    if m and int(m.group(1)) >= 2:
        return LastLead(TRACTOR, int(m.group(1)))
    m = re.fullmatch(r"throw(?:-(pair|tractor(\d+)))?", raw)
    if m:
        if m.group(1) is None:
            return LastLead(THROW, 0)
        if m.group(1) == "pair":
            return LastLead(THROW, 1)
        if int(m.group(2)) >= 2:
            return LastLead(THROW, int(m.group(2)))
    raise ValueError(
        f"{text!r} is not a last-lead shape (single, pair, tractor2, tractor3, …, throw, throw-pair, throw-tractor2, …)"
    )


# ---- kitty multiplier (抠底 / 摳底) ------------------------------------------------------------------
NATIONAL = "national"  # 競技升級撲克競賽規則: a throw counts by the largest pair or tractor it holds
SEED_004 = "seed004"  # 2011 Beijing pairs rules: any throw ×3
KITTY_PRESETS = (NATIONAL, SEED_004)


def kitty_multiplier(lead: LastLead, preset: str = NATIONAL) -> int:
    """Single ×2, pair ×4, tractor of k pairs ×2^(k+1) in both presets; a throw is ×3 under
    seed 004, and under the national rules counts as the largest pair or tractor it contains
    (×2 when it holds none)."""
    if preset not in KITTY_PRESETS:
        raise ValueError(f"unknown kitty preset {preset!r}; known: {', '.join(KITTY_PRESETS)}")
    if lead.kind == THROW and preset == SEED_004:
        return 3
    pairs = lead.pairs if lead.kind in (PAIR, TRACTOR, THROW) else 0
    return 2 ** (pairs + 1)


# ---- level bands ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Bands:
    """80 points take the deal, 40 points a level. ``cap`` bounds the defenders' gain (None:
    one more level per further 40 points)."""

    threshold: int = 80
    step: int = 40
    cap: int | None = 3


@dataclass(frozen=True)
class DealOutcome:
    """What one deal does: who declares next and how many levels the winning side goes up."""

    defenders_take_deal: bool  # P ≥ threshold: the defenders become declarers (上台)
    levels: int  # levels the side named by defenders_take_deal goes up
    net: int  # net levels from the declarers' view: +3 … −3


def deal_outcome(points: int, bands: Bands = Bands()) -> DealOutcome:
    """P = 0 -> declarers +3; 5–35 -> +2; 40–75 -> +1; 80–115 -> deal passes, no level;
    120–155 -> defenders +1; 160–195 -> +2; 200+ -> +3 (the cap)."""
    if points < bands.threshold:
        if points <= 0:
            up = 3
        else:
            up = 1 + (bands.threshold - points - 1) // bands.step
        return DealOutcome(False, up, up)
    up = (points - bands.threshold) // bands.step
    if bands.cap is not None:
        up = min(up, bands.cap)
    return DealOutcome(True, up, -up)
