"""The Shengji pages of the published site (the ``site`` hook, see ``ttools.publish``): every
round's seating by name (each player once a round, sit-outs listed) and by table, a player list
and one page per player with their boards, seats and rates. Hand records stay private."""

from __future__ import annotations

from collections import defaultdict

from ttools.competitions.shengji.compute import Results, RoundSeating
from ttools.competitions.shengji.report import PCT, SIGNED, T, clock, percent, two
from ttools.workbook.normalize import natural_key
from ttools.core.cards import SEATS
from ttools.publish.pages import Link, Page, SitePlan, slug
from ttools.workbook.write import Block

PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def player_slug(pid: str) -> str:
    return slug("p", pid)


def site(res: Results, lang: str) -> SitePlan:
    t = T(lang)
    data = res.data
    name = data.name or t("竞技升级", "Shengji")
    seat_word = {"N": t("北", "N"), "E": t("东", "E"), "S": t("南", "S"), "W": t("西", "W")}

    def who(pid: str | None) -> Link | str:
        if not pid:
            return ""
        p = data.players.get(pid)
        return Link(f"{pid} {p.name}".strip(), player_slug(pid)) if p else pid

    def name_link(pid: str) -> Link | str:
        p = data.players.get(pid)
        return Link(p.name or pid, player_slug(pid)) if p else pid

    def sort_name(pid: str) -> tuple:
        p = data.players.get(pid)
        return (p.name if p else pid).casefold(), natural_key(pid)

    rounds: list[RoundSeating] = [res.rounds[r] for r in sorted(res.rounds, reverse=True)]
    pages: list[Page] = []

    # ---- seating by name: each player once a round, sit-outs too, latest round first ------------------------
    header = [t("姓名", "Name"), t("编号", "ID"), t("桌号", "Table"), t("方位", "Seat"), t("搭档", "Partner")]
    blocks = []
    for rs in rounds:
        rows = []
        for tbl, seats in rs.tables.items():
            for seat, pid in seats.items():
                rows.append((pid, [name_link(pid), pid, tbl, seat_word[seat], who(seats[PARTNER[seat]])]))
        rows += [(pid, [name_link(pid), pid, "", t("轮空", "sits out"), ""]) for pid in rs.sit_outs]
        rows.sort(key=lambda x: sort_name(x[0]))
        blocks.append(Block(t("第 {r} 轮", "Round {r}", r=rs.round), header, [row for _p, row in rows]))
    if blocks:
        pages.append(Page("by-name", t("{n} · 座位（依姓名）", "{n} · Seating by name", n=name), blocks,
                          subtitle=t("最新一轮在前；每人每轮一行，依姓名排列；点选姓名可看该参赛者之全部牌局。",
                                     "Latest round first; one line a player a round, sorted by name; a name leads to that player's boards.")))

    # ---- seating by table, every round, latest first ---------------------------------------------------------
    blocks = []
    for rs in rounds:
        rows = [[tbl] + [who(seats[s]) for s in SEATS] for tbl, seats in sorted(rs.tables.items())]
        notes = [t("轮空：{p}", "Sitting out: {p}", p=("、" if lang != "en" else ", ").join(
            f"{p} {data.players[p].name}".strip() if p in data.players else p for p in rs.sit_outs))] if rs.sit_outs else []
        blocks.append(Block(t("第 {r} 轮", "Round {r}", r=rs.round), [t("桌号", "Table")] + [seat_word[s] for s in SEATS], rows, notes=notes))
    if blocks:
        pages.append(Page("tables", t("{n} · 各轮座位（依桌号）", "{n} · Every round by table", n=name), blocks))

    # ---- players: a list, and one page each ----------------------------------------------------------------------
    ranked = {x.item.id: x for x in res.standings}
    everyone = sorted(data.players, key=sort_name)
    prow = []
    for pid in everyone:
        x = ranked.get(pid)
        prow.append([name_link(pid), pid, data.players[pid].pair if data.format != "individual" else "",
                     x.rank if x else "", percent(x.item.rate) if x else "", x.item.boards if x else ""])
    if prow:
        pages.append(Page("players", t("{n} · 参赛者", "{n} · Players", n=name),
                          [Block("", [t("姓名", "Name"), t("编号", "ID"), t("对", "Pair"), t("名次", "Rank"), t("平均得分率 %", "Mean rate %"),
                                      t("副数", "Boards")], prow, number_format={4: PCT})]))
    mine: dict[str, list] = defaultdict(list)
    for s in res.seat_results:
        mine[s.player].append(s)
    where: dict[str, dict[int, tuple[int, str, str]]] = defaultdict(dict)   # player -> round -> (table, seat, partner)
    sat: dict[str, list[int]] = defaultdict(list)
    for rs in res.rounds.values():
        for tbl, seats in rs.tables.items():
            for seat, pid in seats.items():
                where[pid][rs.round] = (tbl, seat, seats[PARTNER[seat]])
        for pid in rs.sit_outs:
            sat[pid].append(rs.round)
    for pid in everyone:
        p = data.players[pid]
        x = ranked.get(pid)
        facts = [[pid, p.name, x.rank if x else "", percent(x.item.rate) if x else "", x.item.boards if x else "",
                  clock(x.item.time) if x else "", x.item.sat_out if x else ""]]
        blocks = [Block("", [t("编号", "ID"), t("姓名", "Name"), t("名次", "Rank"), t("平均得分率 %", "Mean rate %"), t("副数", "Boards"),
                             t("用时（同分排序）", "Time (tie-break)"), t("轮空", "Sat out")], facts, number_format={3: PCT})]
        seats_rows = [[rnd, tbl, seat_word[seat], who(partner)] for rnd, (tbl, seat, partner) in sorted(where[pid].items())]
        seats_rows += [[rnd, "", t("轮空", "sits out"), ""] for rnd in sat[pid]]
        seats_rows.sort(key=lambda r: r[0])
        blocks.append(Block(t("座位", "Seats"), [t("轮次", "Round"), t("桌号", "Table"), t("方位", "Seat"), t("搭档", "Partner")], seats_rows))
        rows = [[s.round, s.board, s.table, seat_word[s.seat], s.score, two(s.mp), s.top, percent(s.rate), clock(s.time)]
                for s in sorted(mine.get(pid, []), key=lambda s: (s.round, s.board))]
        notes = [t("第 {r} 轮后退赛", "Withdrew after round {r}", r=p.withdrawn_after)] if p.withdrawn_after is not None else []
        blocks.append(Block(t("牌局", "Boards"), [t("轮次", "Round"), t("牌号", "Board"), t("桌号", "Table"), t("方位", "Seat"),
                                                t("得分", "Score"), t("计分单位", "MP"), t("满分", "Top"), t("得分率 %", "Rate %"), t("用时", "Time")],
                            rows, notes=notes, number_format={4: SIGNED, 7: PCT}))
        pages.append(Page(player_slug(pid), f"{pid} {p.name}".strip(), blocks, listed=False))

    # ---- how far the event has got, and the big screen ------------------------------------------------------------
    done = sorted(res.complete)
    stage = t("第 {r} 轮后", "after round {r}", r=done[-1]) if done else t("赛前", "before round 1")
    if res.new_round:
        stage += t("；第 {r} 轮已排座", "; round {r} seated", r=res.new_round)
    elif res.status and res.status[0] == "waiting":
        stage += t("；第 {r} 轮进行中", "; round {r} in play", r=res.status[1])
    return SitePlan(pages=pages, stage=stage, big=["next-seating", "ranking"],
                    menu=["by-name", "next-seating", "ranking", "tables", "players", "travellers", "missing"])
