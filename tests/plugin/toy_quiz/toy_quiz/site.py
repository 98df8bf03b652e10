"""The quiz's own pages of the published site (the ``site`` hook): every round's scores, latest
first, and one page a player reached from them."""

from __future__ import annotations

from ttools.i18n import Translator
from ttools.publish import Link, Page, SitePlan, slug
from ttools.workbook.write import Block

from toy_quiz.load import Results
from toy_quiz.report import num, place_text


def player_slug(pid: str) -> str:
    return slug("p", pid)


def site(res: Results, lang: str) -> SitePlan:
    t = Translator(lang)
    name = res.data.name or t("問答比賽", "Quiz")
    blocks = []
    for rnd in reversed(res.rounds):
        scored = sorted((x for x in res.standings if rnd in x.by_round), key=lambda x: -x.by_round[rnd])
        rows = [[Link(x.player.name, player_slug(x.player.id)), x.player.id, num(x.by_round[rnd])] for x in scored]
        blocks.append(
            Block(t("第 {n} 輪", "Round {n}", n=rnd), [t("姓名", "Name"), t("編號", "ID"), t("得分", "Points")], rows)
        )
    pages = [
        Page(
            "rounds",
            t("{name} · 各輪得分", "{name} · Every round", name=name),
            blocks,
            subtitle=t(
                "最新一輪在前；點選姓名可看該選手之全部得分。",
                "Latest round first; a name leads to that player's rounds.",
            ),
        )
    ]
    for x in res.standings:
        rows = [[rnd, num(points)] for rnd, points in sorted(x.by_round.items())]
        head = t(
            "名次 {place} · 總分 {total}", "Place {place} · total {total}", place=place_text(x), total=num(x.total)
        )
        pages.append(
            Page(
                player_slug(x.player.id),
                f"{x.player.id} {x.player.name}",
                [Block(head, [t("輪次", "Round"), t("得分", "Points")], rows)],
                listed=False,
            )
        )
    stage = t("第 {n} 輪後", "after round {n}", n=res.rounds[-1]) if res.rounds else t("賽前", "before round 1")
    return SitePlan(pages=pages, stage=stage, big=["standings"], menu=["standings", "rounds"])
