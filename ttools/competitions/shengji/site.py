"""The Shengji pages of the published site (the ``site`` hook, see ``ttools.publish``): every
round's seating by name (each player once a round, sit-outs listed) and by table, a player list
(a pair list in the pairs format), one page per player with their boards, seats and rates, and
the hand records of complete rounds, a page a board with its travelling scores."""

from __future__ import annotations

from collections import defaultdict

from ttools.competitions.shengji.compute import Results, RoundSeating
from ttools.competitions.shengji.report import PCT, SIGNED, Context, traveller, clock, hand_record, percent, two
from ttools.core.cards import SEATS
from ttools.i18n import Translator
from ttools.publish.pages import Link, Page, SitePlan, slug
from ttools.workbook.normalize import natural_key
from ttools.workbook.write import Block

PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def player_slug(pid: str) -> str:
    return slug("p", pid)


class SiteContext:
    """What the pages share: the results, the translator, the event's name, the seat words, and
    players as linked and sorted on the pages."""

    def __init__(self, res: Results, lang: str) -> None:
        self.res, self.lang, self.data = res, lang, res.data
        self.t = t = Translator(lang)
        self.name = self.data.name or t("競技升級", "Shengji")
        self.seat_word = {"N": t("北", "N"), "E": t("東", "E"), "S": t("南", "S"), "W": t("西", "W")}
        self.rounds: list[RoundSeating] = [res.rounds[r] for r in sorted(res.rounds, reverse=True)]  # latest first
        # each player's standing: their own, or in the pairs format their pair's
        by_entrant = {x.item.id: x for x in res.standings}
        self.ranked = {
            pid: by_entrant[res.entrant_of.get(pid, pid)]
            for pid in self.data.players
            if res.entrant_of.get(pid, pid) in by_entrant
        }
        self.everyone = sorted(self.data.players, key=self.sort_name)

    def who(self, pid: str | None) -> Link | str:
        """A player as id and name, linked to their page."""
        if not pid:
            return ""
        p = self.data.players.get(pid)
        return Link(f"{pid} {p.name}".strip(), player_slug(pid)) if p else pid

    def name_link(self, pid: str) -> Link | str:
        p = self.data.players.get(pid)
        return Link(p.name or pid, player_slug(pid)) if p else pid

    def sort_name(self, pid: str) -> tuple:
        p = self.data.players.get(pid)
        return (p.name if p else pid).casefold(), natural_key(pid)


def site(res: Results, lang: str) -> SitePlan:
    ctx = SiteContext(res, lang)
    pages = [page for page in (seating_by_name_page(ctx), seating_by_table_page(ctx), players_page(ctx)) if page]
    pages += player_pages(ctx)
    pages += played_board_pages(ctx)
    # the JSON keeps only the deals of complete rounds (see the summary), so the site may carry them
    return SitePlan(
        pages=pages,
        stage=stage(ctx),
        big=["next-seating", "ranking"],
        menu=["by-name", "next-seating", "ranking", "tables", "players", "travellers", "played-boards", "missing"],
        show=["deals"],
    )


def board_slug(round_: int, board: int) -> str:
    return slug("board", f"r{round_}", f"b{board}")


def played_board_pages(ctx: SiteContext) -> list[Page]:
    """Once a round is complete, its hand records as duplicate events post them: a page a board
    with its cards and its travelling scores, and a list of those boards. Never a board of a round
    still in play or only seated: every table plays the same cards."""
    res, t = ctx.res, ctx.t
    played = sorted(key for key in res.deals if key[0] in res.complete)
    if not played:
        return []
    report_ctx = Context(res, ctx.lang)
    groups = {(g.round, g.board): g for g in res.groups}
    pages, rows = [], []
    for rnd, board in played:
        deal = res.deals[(rnd, board)]
        blocks = [hand_record(report_ctx, deal)]
        group = groups.get((rnd, board))
        if group is not None:
            blocks.append(traveller(report_ctx, group))
        title = t("{n} · 第 {r} 輪第 {b} 副", "{n} · Round {r} board {b}", n=ctx.name, r=rnd, b=board)
        pages.append(Page(board_slug(rnd, board), title, blocks, listed=False))
        rows.append(
            [rnd, Link(t("第 {b} 副", "Board {b}", b=board), board_slug(rnd, board)), len(group.played) if group else 0]
        )
    index = Page(
        "played-boards",
        t("{n} · 牌譜及計分單", "{n} · Hand records and travellers", n=ctx.name),
        [
            Block("", [t("輪次", "Round"), t("牌號", "Board"), t("桌數", "Tables")], sorted(rows, key=lambda r: -r[0]))
        ],  # latest round first, its boards in order
        subtitle=t(
            "僅列已完成各輪的牌：進行中的一輪不公開。",
            "Only the boards of complete rounds: a round in play is never shown.",
        ),
    )
    return [index] + pages


def seating_by_name_page(ctx: SiteContext) -> Page | None:
    """Every round's seating by name: each player once a round, sit-outs too, latest round first."""
    t = ctx.t
    header = [t("姓名", "Name"), t("編號", "ID"), t("桌號", "Table"), t("方位", "Seat"), t("搭檔", "Partner")]
    blocks = []
    for rs in ctx.rounds:
        rows = []
        for tbl, seats in rs.tables.items():
            for seat, pid in seats.items():
                rows.append((pid, [ctx.name_link(pid), pid, tbl, ctx.seat_word[seat], ctx.who(seats[PARTNER[seat]])]))
        rows += [(pid, [ctx.name_link(pid), pid, "", t("輪空", "sits out"), ""]) for pid in rs.sit_outs]
        rows.sort(key=lambda x: ctx.sort_name(x[0]))
        blocks.append(Block(t("第 {r} 輪", "Round {r}", r=rs.round), header, [row for _p, row in rows]))
    if not blocks:
        return None
    return Page(
        "by-name",
        t("{n} · 座位（依姓名）", "{n} · Seating by name", n=ctx.name),
        blocks,
        subtitle=t(
            "最新一輪在前；每人每輪一行，依姓名排列；點選姓名可看該參賽者之全部牌局。",
            "Latest round first; one line a player a round, sorted by name; a name leads to that player's boards.",
        ),
    )


def seating_by_table_page(ctx: SiteContext) -> Page | None:
    """Every round's seating by table, latest first."""
    t, data = ctx.t, ctx.data
    blocks = []
    for rs in ctx.rounds:
        rows = [[tbl] + [ctx.who(seats[s]) for s in SEATS] for tbl, seats in sorted(rs.tables.items())]
        notes = (
            [
                t(
                    "輪空：{p}",
                    "Sitting out: {p}",
                    p=("、" if ctx.lang != "en" else ", ").join(
                        f"{p} {data.players[p].name}".strip() if p in data.players else p for p in rs.sit_outs
                    ),
                )
            ]
            if rs.sit_outs
            else []
        )
        blocks.append(
            Block(
                t("第 {r} 輪", "Round {r}", r=rs.round),
                [t("桌號", "Table")] + [ctx.seat_word[s] for s in SEATS],
                rows,
                notes=notes,
            )
        )
    if not blocks:
        return None
    return Page("tables", t("{n} · 各輪座位（依桌號）", "{n} · Every round by table", n=ctx.name), blocks)


def players_page(ctx: SiteContext) -> Page | None:
    """The player list: name, pair, rank, mean rate and boards played (in the pairs format one
    line a pair, both partners linked)."""
    t, data = ctx.t, ctx.data
    if data.pairs_format:
        return pairs_page(ctx)
    rows = []
    for pid in ctx.everyone:
        x = ctx.ranked.get(pid)
        rows.append(
            [
                ctx.name_link(pid),
                pid,
                data.players[pid].pair if data.format != "individual" else "",
                x.rank if x else "",
                percent(x.item.rate) if x else "",
                x.item.boards if x else "",
            ]
        )
    if not rows:
        return None
    header = [
        t("姓名", "Name"),
        t("編號", "ID"),
        t("對", "Pair"),
        t("名次", "Rank"),
        t("平均得分率 %", "Mean rate %"),
        t("副數", "Boards"),
    ]
    return Page(
        "players", t("{n} · 參賽者", "{n} · Players", n=ctx.name), [Block("", header, rows, number_format={4: PCT})]
    )


def pairs_page(ctx: SiteContext) -> Page | None:
    """The pairs format's entrant list: each pair by rank, its partners linked to their pages."""
    t = ctx.t
    rows = [
        [x.rank, x.item.id] + [ctx.name_link(m) for m in x.item.players] + [percent(x.item.rate), x.item.boards]
        for x in ctx.res.standings
    ]
    if not rows:
        return None
    header = [
        t("名次", "Rank"),
        t("對", "Pair"),
        t("參賽者", "Player"),
        t("參賽者", "Player"),
        t("平均得分率 %", "Mean rate %"),
        t("副數", "Boards"),
    ]
    return Page(
        "players", t("{n} · 參賽者", "{n} · Players", n=ctx.name), [Block("", header, rows, number_format={4: PCT})]
    )


def player_pages(ctx: SiteContext) -> list[Page]:
    """One page a player (not listed in the menu): their standing, seats and boards."""
    mine: dict[str, list] = defaultdict(list)
    for s in ctx.res.seat_results:
        mine[s.player].append(s)
    where: dict[str, dict[int, tuple[int, str, str]]] = defaultdict(dict)  # player -> round -> (table, seat, partner)
    sat: dict[str, list[int]] = defaultdict(list)
    for rs in ctx.res.rounds.values():
        for tbl, seats in rs.tables.items():
            for seat, pid in seats.items():
                where[pid][rs.round] = (tbl, seat, seats[PARTNER[seat]])
        for pid in rs.sit_outs:
            sat[pid].append(rs.round)
    return [_player_page(ctx, pid, mine.get(pid, []), where[pid], sat[pid]) for pid in ctx.everyone]


def _player_page(
    ctx: SiteContext, pid: str, boards: list, seated: dict[int, tuple[int, str, str]], sat_out: list[int]
) -> Page:
    t = ctx.t
    p = ctx.data.players[pid]
    x = ctx.ranked.get(pid)
    facts = [
        [
            pid,
            p.name,
            x.rank if x else "",
            percent(x.item.rate) if x else "",
            x.item.boards if x else "",
            clock(x.item.time) if x else "",
            x.item.sat_out if x else "",
        ]
    ]
    blocks = [
        Block(
            "",
            [
                t("編號", "ID"),
                t("姓名", "Name"),
                t("名次", "Rank"),
                t("平均得分率 %", "Mean rate %"),
                t("副數", "Boards"),
                t("用時（同分排序）", "Time (tie-break)"),
                t("輪空", "Sat out"),
            ],
            facts,
            number_format={3: PCT},
            notes=[t("名次、得分率及用時為搭檔組 {p} 的。", "Rank, rate and time are those of pair {p}.", p=p.pair)]
            if ctx.data.pairs_format and x
            else [],
        )
    ]
    seats_rows = [
        [rnd, tbl, ctx.seat_word[seat], ctx.who(partner)] for rnd, (tbl, seat, partner) in sorted(seated.items())
    ]
    seats_rows += [[rnd, "", t("輪空", "sits out"), ""] for rnd in sat_out]
    seats_rows.sort(key=lambda r: r[0])
    blocks.append(
        Block(
            t("座位", "Seats"),
            [t("輪次", "Round"), t("桌號", "Table"), t("方位", "Seat"), t("搭檔", "Partner")],
            seats_rows,
        )
    )
    rows = [
        [s.round, s.board, s.table, ctx.seat_word[s.seat], s.score, two(s.mp), s.top, percent(s.rate), clock(s.time)]
        for s in sorted(boards, key=lambda s: (s.round, s.board))
    ]
    notes = (
        [t("第 {r} 輪後退賽", "Withdrew after round {r}", r=p.withdrawn_after)] if p.withdrawn_after is not None else []
    )
    blocks.append(
        Block(
            t("牌局", "Boards"),
            [
                t("輪次", "Round"),
                t("牌號", "Board"),
                t("桌號", "Table"),
                t("方位", "Seat"),
                t("得分", "Score"),
                t("計分單位", "MP"),
                t("滿分", "Top"),
                t("得分率 %", "Rate %"),
                t("用時", "Time"),
            ],
            rows,
            notes=notes,
            number_format={4: SIGNED, 7: PCT},
        )
    )
    return Page(player_slug(pid), f"{pid} {p.name}".strip(), blocks, listed=False)


def stage(ctx: SiteContext) -> str:
    """How far the event has got, for the site's header and its big screen."""
    res, t = ctx.res, ctx.t
    done = sorted(res.complete)
    text = t("第 {r} 輪後", "after round {r}", r=done[-1]) if done else t("賽前", "before round 1")
    if res.new_round:
        text += t("；第 {r} 輪已排座", "; round {r} seated", r=res.new_round)
    elif res.status and res.status[0] == "waiting":
        text += t("；第 {r} 輪進行中", "; round {r} in play", r=res.status[1])
    return text
