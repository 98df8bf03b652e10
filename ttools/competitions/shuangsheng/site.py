"""The Shuangsheng pages of the published site (the ``site`` hook, see ``ttools.publish``):
every round's pairings by name (each pair once a round, with its players) and by table, a pair
list and one page per pair with its matches."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ttools.competitions.shuangsheng.compute import Entry, Record, Results
from ttools.competitions.shuangsheng.report import kind_word, outcome_word, players_of, without_columns
from ttools.i18n import Translator
from ttools.publish.pages import Link, Page, SitePlan, slug
from ttools.workbook.normalize import natural_key
from ttools.workbook.write import Block

SIGNED = "+0;-0;0"

# one table of a round: (table, pair1, pair2 or None for a bye)
Seat = tuple[int | None, str, str | None]


def pair_slug(pid: str) -> str:
    return slug("p", pid)


class SiteContext:
    """What the pages share: the event's name, the pairs, every round's tables (from the slips
    and the round just paired) and the round now in play."""

    def __init__(self, res: Results, lang: str) -> None:
        self.res = res
        self.t = Translator(lang)
        self.records = res.records
        self.name = res.data.name or self.t("雙升比賽", "Shuangsheng")
        self.tables: dict[int, list[Seat]] = {}
        for _i, s in res.slips:
            self.tables.setdefault(s.round, []).append((s.table, s.pair1, s.pair2 or None))
        self.now = res.new_round or res.current
        if res.new_round is not None:
            self.tables[res.new_round.round] = [(tb.table, tb.pair1, tb.pair2) for tb in res.new_round.tables]
        self.rounds = sorted(self.tables, reverse=True)  # latest first
        self.current = self.now.round if self.now is not None else (self.rounds[0] if self.rounds else 0)
        self.place = {x.item.pair.id: x.rank for x in res.standings}
        self.everyone = sorted(self.records.values(), key=lambda r: (r.pair.name.casefold(), natural_key(r.pair.id)))

    def who(self, pid: str | None) -> Link | str:
        """A pair by id and name, linked to its page."""
        if not pid:
            return ""
        r = self.records.get(pid)
        return Link(f"{pid} {r.pair.name}".strip(), pair_slug(pid)) if r else pid

    def bye_or(self, pid: str | None) -> Link | str:
        return self.who(pid) if pid else self.t("輪空", "bye")


def name_link(r: Record) -> Link:
    return Link(r.pair.name or r.pair.id, pair_slug(r.pair.id))


def result_word(e: Entry | None, t: Translator) -> str:
    if e is None:
        return t("未賽", "to play")
    if e.kind in ("suspended", "disqualified"):
        return kind_word(e.kind, t)
    word = outcome_word(e, t)
    return f"{word} {e.own}:{e.other}".strip() if e.own else word


# ---- by name: each pair once a round, by its name and its players' names, latest round first -----


def by_name_page(ctx: SiteContext) -> Page | None:
    t = ctx.t
    header = [
        t("隊名", "Name"),
        t("編號", "ID"),
        t("選手", "Players"),
        t("桌號", "Table"),
        t("方", "Side"),
        t("對手", "Opponent"),
        t("結果", "Result"),
    ]
    blocks = [Block(t("第 {n} 輪", "Round {n}", n=rnd), header, _by_name_rows(ctx, rnd)) for rnd in ctx.rounds]
    if not blocks:
        return None
    return Page(
        "by-name",
        t("{name} · 對陣（依隊名）", "{name} · Pairings by name", name=ctx.name),
        blocks,
        subtitle=t(
            "最新一輪在前；每對每輪一行，依隊名排列；點選隊名可看該對之全部場次。",
            "Latest round first; one line a pair a round, sorted by name; a name leads to that pair's matches.",
        ),
    )


def _by_name_rows(ctx: SiteContext, rnd: int) -> list[list[Any]]:
    """Every pair of round ``rnd`` once: those paired, then those sitting it out, sorted by name."""
    t, rec = ctx.t, ctx.records
    rows: list[tuple[Record, list[Any]]] = []
    seen: set[str] = set()
    for table, p1, p2 in ctx.tables[rnd]:
        for me, opp, side in ((p1, p2, t("甲", "1")), (p2, p1, t("乙", "2"))):
            if me is None or me not in rec or me in seen:
                continue
            seen.add(me)
            r = rec[me]
            e = r.entries.get(rnd)
            rows.append(
                (
                    r,
                    [
                        name_link(r),
                        me,
                        players_of(r),
                        "" if opp is None else (table or ""),
                        "" if opp is None else side,
                        ctx.bye_or(opp),
                        result_word(e, t) if opp or e else t("輪空", "bye"),
                    ],
                )
            )
    for pid in _sitting_out(ctx, rnd, seen):
        if pid in rec and pid not in seen:
            seen.add(pid)
            r = rec[pid]
            e = r.entries.get(rnd)
            word = kind_word(e.kind, t) if e else t("不出賽", "not playing")
            rows.append((r, [name_link(r), pid, players_of(r), "", "", "", word]))
    rows.sort(key=lambda x: (x[0].pair.name.casefold(), natural_key(x[0].pair.id)))
    return [row for _r, row in rows]


def _sitting_out(ctx: SiteContext, rnd: int, seen: set[str]) -> list[str]:
    """The pairs not playing round ``rnd``: left out of the round just paired, or suspended or
    disqualified in a round played."""
    res, now = ctx.res, ctx.now
    sitting = (
        [pid for pid, _k in now.sitting_out]
        if now is not None and rnd == now.round and res.new_round is not None
        else []
    )
    sitting += [
        pid
        for pid, r in ctx.records.items()
        if pid not in seen
        and pid not in sitting
        and (e := r.entries.get(rnd)) is not None
        and e.kind in ("suspended", "disqualified")
    ]
    return sitting


# ---- by table: every round, latest first ------------------------------------------------------


def rounds_page(ctx: SiteContext) -> Page | None:
    t = ctx.t
    header = [
        t("桌號", "Table"),
        t("甲方", "Pair 1"),
        t("選手", "Players"),
        t("乙方", "Pair 2"),
        t("選手", "Players"),
        t("級數", "Levels"),
    ]
    blocks = [Block(t("第 {n} 輪", "Round {n}", n=rnd), header, _round_rows(ctx, rnd)) for rnd in ctx.rounds]
    if not blocks:
        return None
    return Page(
        "rounds",
        t("{name} · 各輪對陣及成績", "{name} · Every round by table", name=ctx.name),
        blocks,
        subtitle=t("最新一輪在前；級數為甲方:乙方。", "Latest round first; levels are pair 1's:pair 2's."),
    )


def _round_rows(ctx: SiteContext, rnd: int) -> list[list[Any]]:
    rec = ctx.records

    def order(x: Seat) -> tuple:
        return x[2] is None, x[0] if isinstance(x[0], int) else 10**9, natural_key(x[1])

    rows = []
    for table, p1, p2 in sorted(ctx.tables[rnd], key=order):
        e = rec[p1].entries.get(rnd) if p1 in rec else None
        rows.append(
            [
                "" if p2 is None else (table or ""),
                ctx.who(p1),
                players_of(rec[p1]) if p1 in rec else "",
                ctx.bye_or(p2),
                players_of(rec[p2]) if p2 in rec else "",
                (f"{e.own}:{e.other}" if e is not None and e.own and e.kind != "pending" else ""),
            ]
        )
    return rows


# ---- pairs: a list, and one page each -----------------------------------------------------------


def pairs_page(ctx: SiteContext) -> Page | None:
    t = ctx.t
    rows = [
        [
            name_link(r),
            r.pair.id,
            players_of(r),
            r.pair.club,
            ctx.place.get(r.pair.id, t("取消資格", "DQ") if r.disqualified else ""),
            r.points,
            r.opp_score,
            r.level_diff,
            r.small_points,
        ]
        for r in ctx.everyone
    ]
    if not rows:
        return None
    header = [
        t("隊名", "Name"),
        t("編號", "ID"),
        t("選手", "Players"),
        t("單位", "Club"),
        t("名次", "Rank"),
        t("積分", "Points"),
        t("對手分", "Opp. score"),
        t("級差分", "Level diff."),
        t("小分", "Small pts"),
    ]
    # no pair has a club: the column would be empty
    silent = set() if any(r.pair.club for r in ctx.everyone) else {3}
    header, rows, formats = without_columns(silent, header, rows, {7: SIGNED})
    return Page(
        "pairs",
        t("{name} · 參賽對", "{name} · Pairs", name=ctx.name),
        [Block("", header, rows, number_format=formats)],
    )


def pair_pages(ctx: SiteContext) -> Iterator[Page]:
    """One unlisted page a pair: its facts and its matches, with the round just paired to come."""
    t = ctx.t
    ahead = _tables_ahead(ctx)
    facts_header = [
        t("編號", "ID"),
        t("隊名", "Name"),
        t("選手一", "Player 1"),
        t("選手二", "Player 2"),
        t("單位", "Club"),
        t("名次", "Rank"),
        t("積分", "Points"),
        t("對手分", "Opp. score"),
        t("級差分", "Level diff."),
        t("小分", "Small pts"),
    ]
    matches_header = [
        t("輪次", "Round"),
        t("桌號", "Table"),
        t("對手", "Opponent"),
        t("結果", "Result"),
        t("得分", "Pts"),
        t("累計", "Total"),
    ]
    silent = set() if any(x.pair.club for x in ctx.everyone) else {4}  # no club: an empty column
    for r in ctx.everyone:
        pid = r.pair.id
        facts = [
            [
                pid,
                r.pair.name,
                r.pair.player1,
                r.pair.player2,
                r.pair.club,
                ctx.place.get(pid, ""),
                r.points,
                r.opp_score,
                r.level_diff,
                r.small_points,
            ]
        ]
        rows = _match_rows(ctx, r)
        if pid in ahead and ctx.res.new_round is not None:
            table, opp = ahead[pid]
            rows.append(
                [
                    ctx.res.new_round.round,
                    "" if opp is None else (table or ""),
                    ctx.bye_or(opp),
                    t("未賽", "to play"),
                    "",
                    "",
                ]
            )
        header, facts, formats = without_columns(silent, facts_header, facts, {8: SIGNED})
        blocks = [
            Block("", header, facts, number_format=formats),
            Block(t("場次", "Matches"), matches_header, rows),
        ]
        yield Page(pair_slug(pid), f"{pid} {r.pair.name}".strip(), blocks, listed=False)


def _tables_ahead(ctx: SiteContext) -> dict[str, tuple[int | None, str | None]]:
    """Pair -> (table, opponent) in the round just paired."""
    ahead: dict[str, tuple[int | None, str | None]] = {}
    if ctx.res.new_round is not None:
        for tb in ctx.res.new_round.tables:
            ahead[tb.pair1] = (tb.table, tb.pair2)
            if tb.pair2 is not None:
                ahead[tb.pair2] = (tb.table, tb.pair1)
    return ahead


def _match_rows(ctx: SiteContext, r: Record) -> list[list[Any]]:
    t = ctx.t
    rows: list[list[Any]] = []
    total = 0
    for rnd in sorted(r.entries):
        e = r.entries[rnd]
        total += e.points
        rows.append(
            [
                rnd,
                e.table or "",
                ctx.who(e.opponent) if e.opponent else kind_word(e.kind, t),
                result_word(e, t),
                e.points if e.kind != "pending" else "",
                total,
            ]
        )
    return rows


# ---- how far the event has got, and the big screen ------------------------------------------------


def stage_line(ctx: SiteContext) -> str:
    res, t = ctx.res, ctx.t
    if res.total_rounds and res.through >= res.total_rounds and not res.pending:
        return t("賽事結束（共 {n} 輪）；最終排名", "finished after {n} rounds; final standings", n=res.through)
    stage = t("第 {n} 輪後", "after round {n}", n=res.through) if res.through else t("賽前", "before round 1")
    if res.new_round is not None:
        stage += t("；第 {n} 輪已編排", "; round {n} paired", n=res.new_round.round)
    elif res.pending:
        stage += t("；第 {n} 輪進行中", "; round {n} in play", n=ctx.current)
    return stage


def site(res: Results, lang: str) -> SitePlan:
    ctx = SiteContext(res, lang)
    pages = [page for page in (by_name_page(ctx), rounds_page(ctx), pairs_page(ctx)) if page is not None]
    pages += pair_pages(ctx)
    return SitePlan(
        pages=pages,
        stage=stage_line(ctx),
        big=["pairings", "standings"],
        menu=["by-name", "pairings", "standings", "cross-table", "rounds", "pairs", "missing"],
    )
