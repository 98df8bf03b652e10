"""Results -> the quiz's one report sheet (Standings), the JSON summary and the status lines."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ttools.competitions.base import SheetContext
from ttools.i18n import Translator, pick
from ttools.workbook.write import Block, Report

from toy_quiz.load import Line, Results
from toy_quiz.schema import OUTPUTS


def num(value: Fraction) -> int | float:
    """Whole points as int, halves as float: for cells and JSON."""
    return int(value) if value.denominator == 1 else float(value)


def place_text(line: Line) -> str:
    """The place as printed: '3=' when shared."""
    return f"{line.place}=" if line.shared else str(line.place)


class Context(SheetContext):
    """What the quiz's sheet builders share: the event's name and the rounds played."""

    def __init__(self, res: Results, lang: str) -> None:
        super().__init__(res, lang)
        self.name = res.data.name or self.t("問答比賽", "Quiz")
        self.rounds = res.rounds

    def sheet(self, key: str) -> str:
        return pick(OUTPUTS[key], self.lang, key)


def standings_sheet(ctx: Context) -> Report | None:
    """Every player by total points (排名), one column a round."""
    t, res = ctx.t, ctx.res
    if not res.standings:
        return None
    header = [
        t("名次", "Place"),
        t("編號", "ID"),
        t("姓名", "Name"),
        *(t("第{n}輪", "R{n}", n=r) for r in ctx.rounds),
        t("總分", "Total"),
    ]
    rows = [
        [place_text(x), x.player.id, x.player.name, *(_cell(x.by_round.get(r)) for r in ctx.rounds), num(x.total)]
        for x in res.standings
    ]
    after = t("第 {n} 輪後", "after round {n}", n=ctx.rounds[-1]) if ctx.rounds else t("賽前", "before round 1")
    notes = [t("依總分排名；總分相同者同名次（如 3=）。", "Ranked by total points; equal totals share the place (3=).")]
    return Report(
        "Standings",
        ctx.sheet("Standings"),
        t("{name} · 排名", "{name} · Standings", name=ctx.name),
        [Block(after, header, rows, notes=notes)],
    )


def _cell(points: Fraction | None) -> Any:
    return "" if points is None else num(points)


# the output sheets, in order (one builder here; a competition may list several)
SHEETS = (standings_sheet,)


def summary(res: Results) -> dict[str, Any]:
    """The JSON summary's own part: the rounds played and the standings."""
    return {
        "rounds": res.rounds,
        "standings": [
            {"rank": x.place, "id": x.player.id, "name": x.player.name, "points": num(x.total)} for x in res.standings
        ],
    }


def status(res: Results, lang: str) -> list[str]:
    """What the workbook still waits for: a roster, or the points of players missing from a round."""
    t = Translator(lang)
    if not res.standings:
        return [t("請在「選手」填上選手姓名。", "Type the players' names on Players.")]
    return [
        t(
            "第 {n} 輪尚缺 {count} 位選手的得分。",
            "Round {n}: {count} player(s) still without points.",
            n=rnd,
            count=len(ids),
        )
        for rnd, ids in sorted(res.waiting.items())
    ]
