"""Results -> the JSON summary (``check`` and ``run`` both give it; the report sheets are made
only when a workbook is written, in report.py)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ttools.competitions.nations_cup.compute import Results
from ttools.core.exact import round_half_up


def num(value: Any) -> Any:
    """A number for JSON and cells: whole numbers as int, others to 2 decimals as printed."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return int(value)
        return float(round_half_up(value, 2))
    return value


def summary(res: Results) -> dict[str, Any]:
    out: dict[str, Any] = {}
    data = res.data
    if data.seed:
        out["seed"] = data.seed
    if res.day1:
        out["day1"] = {
            "pairings": [
                {"round": m.round, "table": m.table, "home": m.home, "away": m.away, "winner": m.winner}
                for m in res.day1
            ]
        }
        if res.day1_raw is not None:
            out["day1"]["raw"] = dict(res.day1_raw)
    if res.draws:
        out["day2"] = {
            "draw": {
                e: [{"table": s.table, "seat": s.seat, "player": s.player} for s in seats]
                for e, seats in res.draws.items()
            }
        }
    if res.nlh_places:
        out["nlh"] = {"places": dict(sorted(res.nlh_places.items(), key=lambda kv: (kv[1], kv[0])))}
        if res.nlh_raw is not None:
            out["nlh"]["raw"] = {t: num(v) for t, v in res.nlh_raw.items()}
    if res.bounty is not None:
        b = res.bounty
        out["bounty"] = {
            "players": {p: {"place": b.places.get(p), "chips": b.chips[p]} for p in b.field},
            "milestones": [
                {"hand": e.hand, "remaining": e.remaining, "issued_each": e.issued_each, "head_value": e.head_value}
                for e in b.timeline
            ],
            "issued": b.issued,
        }
        if res.bounty_raw is not None:
            out["bounty"]["raw"] = {t: num(v) for t, v in res.bounty_raw.items()}
    if res.qualification is not None:
        out["qualification"] = res.qualification.as_json()
    if res.advice:
        out.setdefault("day2", {})["moves"] = {e: a.as_json(data.lang) for e, a in res.advice.items()}
    if res.current:
        out.setdefault("day2", {})["current"] = {
            e: [{"table": s.table, "seat": s.seat, "player": s.player} for s in seats]
            for e, seats in res.current.items()
        }
    if res.finals_draws or res.final_standings is not None:
        from ttools.competitions.nations_cup import finals as F

        out["finals"] = {"draw": F.draw_as_json(res.finals_draws)}
        if res.final_standings is not None:
            out["finals"]["standings"] = res.final_standings.as_json()
            out["finals"]["complete"] = res.final_standings.complete
    return out
