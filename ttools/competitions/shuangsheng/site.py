"""The Shuangsheng pages of the published site (the ``site`` hook, see ``ttools.publish``):
every round's pairings by name (each pair once a round, with its players) and by table, a pair
list and one page per pair with its matches."""

from __future__ import annotations

from ttools.competitions.shuangsheng.compute import Entry, Record, Results
from ttools.workbook.normalize import natural_key
from ttools.competitions.shuangsheng.report import _L, _kind_word, _outcome_word, _players
from ttools.publish.pages import Link, Page, SitePlan, slug
from ttools.workbook.write import Block

SIGNED = "+0;-0;0"


def pair_slug(pid: str) -> str:
    return slug("p", pid)


def _result(e: Entry | None, t: _L) -> str:
    if e is None:
        return t("未赛", "to play")
    if e.kind in ("suspended", "disqualified"):
        return _kind_word(e.kind, t)
    word = _outcome_word(e, t)
    return f"{word} {e.own}:{e.other}".strip() if e.own else word


def site(res: Results, lang: str) -> SitePlan:
    t = _L(lang)
    rec = res.records
    name = res.data.name or t("双升比赛", "Shuangsheng")

    def who(pid: str | None) -> Link | str:
        if not pid:
            return ""
        r = rec.get(pid)
        return Link(f"{pid} {r.pair.name}".strip(), pair_slug(pid)) if r else pid

    def name_link(r: Record) -> Link:
        return Link(r.pair.name or r.pair.id, pair_slug(r.pair.id))

    # every round's tables: (table, pair1, pair2 or None), from the slips and the round just paired
    tables: dict[int, list[tuple[int | None, str, str | None]]] = {}
    for _i, s in res.slips:
        tables.setdefault(s.round, []).append((s.table, s.pair1, s.pair2 or None))
    now = res.new_round or res.current
    if res.new_round is not None:
        tables[res.new_round.round] = [(tb.table, tb.pair1, tb.pair2) for tb in res.new_round.tables]
    rounds = sorted(tables, reverse=True)
    current = now.round if now is not None else (rounds[0] if rounds else 0)

    def order(x: tuple[int | None, str, str | None]) -> tuple:
        return x[2] is None, x[0] if isinstance(x[0], int) else 10**9, natural_key(x[1])

    pages: list[Page] = []

    # ---- by name: each pair once a round, by its name and its players' names, latest round first --------
    header = [t("队名", "Name"), t("编号", "ID"), t("选手", "Players"), t("桌号", "Table"), t("方", "Side"),
              t("对手", "Opponent"), t("结果", "Result")]
    blocks = []
    for rnd in rounds:
        rows = []
        seen = set()
        for table, p1, p2 in tables[rnd]:
            for me, opp, side in ((p1, p2, t("甲", "1")), (p2, p1, t("乙", "2"))):
                if me is None or me not in rec or me in seen:
                    continue
                seen.add(me)
                r = rec[me]
                e = r.entries.get(rnd)
                rows.append((r, [name_link(r), me, _players(r), "" if opp is None else (table or ""), "" if opp is None else side,
                                 who(opp) if opp else t("轮空", "bye"), _result(e, t) if opp or e else t("轮空", "bye")]))
        sitting = [pid for pid, _k in now.sitting_out] if now is not None and rnd == now.round and res.new_round is not None else []
        sitting += [pid for pid, r in rec.items() if pid not in seen and pid not in sitting
                    and (e := r.entries.get(rnd)) is not None and e.kind in ("suspended", "disqualified")]
        for pid in sitting:
            if pid in rec and pid not in seen:
                seen.add(pid)
                r = rec[pid]
                e = r.entries.get(rnd)
                word = _kind_word(e.kind, t) if e else t("不出赛", "not playing")
                rows.append((r, [name_link(r), pid, _players(r), "", "", "", word]))
        rows.sort(key=lambda x: (x[0].pair.name.casefold(), natural_key(x[0].pair.id)))
        blocks.append(Block(t(f"第 {rnd} 轮", f"Round {rnd}"), header, [row for _r, row in rows]))
    if blocks:
        pages.append(Page("by-name", t(f"{name} · 对阵（依队名）", f"{name} · Pairings by name"), blocks,
                          subtitle=t("最新一轮在前；每对每轮一行，依队名排列；点选队名可看该对之全部场次。",
                                     "Latest round first; one line a pair a round, sorted by name; a name leads to that pair's matches.")))

    # ---- by table: every round, latest first ----------------------------------------------------------------
    blocks = []
    for rnd in rounds:
        rows = []
        for table, p1, p2 in sorted(tables[rnd], key=order):
            e = rec[p1].entries.get(rnd) if p1 in rec else None
            rows.append(["" if p2 is None else (table or ""), who(p1), _players(rec[p1]) if p1 in rec else "",
                         who(p2) if p2 else t("轮空", "bye"), _players(rec[p2]) if p2 in rec else "",
                         (f"{e.own}:{e.other}" if e is not None and e.own and e.kind != "pending" else "")])
        blocks.append(Block(t(f"第 {rnd} 轮", f"Round {rnd}"), [t("桌号", "Table"), t("甲方", "Pair 1"), t("选手", "Players"),
                                                              t("乙方", "Pair 2"), t("选手", "Players"), t("级数", "Levels")], rows))
    if blocks:
        pages.append(Page("rounds", t(f"{name} · 各轮对阵及成绩", f"{name} · Every round by table"), blocks,
                          subtitle=t("最新一轮在前；级数为甲方:乙方。", "Latest round first; levels are pair 1's:pair 2's.")))

    # ---- pairs: a list, and one page each ---------------------------------------------------------------------
    place = {x.item.pair.id: x.rank for x in res.standings}
    everyone = sorted(rec.values(), key=lambda r: (r.pair.name.casefold(), natural_key(r.pair.id)))
    prow = [[name_link(r), r.pair.id, _players(r), r.pair.club, place.get(r.pair.id, t("取消资格", "DQ") if r.disqualified else ""),
             r.points, r.opp_score, r.level_diff, r.small_points] for r in everyone]
    if prow:
        pages.append(Page("pairs", t(f"{name} · 参赛对", f"{name} · Pairs"),
                          [Block("", [t("队名", "Name"), t("编号", "ID"), t("选手", "Players"), t("单位", "Club"), t("名次", "Rank"),
                                      t("积分", "Points"), t("对手分", "Opp. score"), t("级差分", "Level diff."), t("小分", "Small pts")],
                                 prow, number_format={7: SIGNED})]))
    ahead: dict[str, tuple[int | None, str | None]] = {}
    if res.new_round is not None:
        for tb in res.new_round.tables:
            ahead[tb.pair1] = (tb.table, tb.pair2)
            if tb.pair2 is not None:
                ahead[tb.pair2] = (tb.table, tb.pair1)
    for r in everyone:
        pid = r.pair.id
        facts = [[pid, r.pair.name, r.pair.player1, r.pair.player2, r.pair.club, place.get(pid, ""), r.points, r.opp_score,
                  r.level_diff, r.small_points]]
        blocks = [Block("", [t("编号", "ID"), t("队名", "Name"), t("选手一", "Player 1"), t("选手二", "Player 2"), t("单位", "Club"),
                             t("名次", "Rank"), t("积分", "Points"), t("对手分", "Opp. score"), t("级差分", "Level diff."),
                             t("小分", "Small pts")], facts, number_format={8: SIGNED})]
        rows = []
        total = 0
        for rnd in sorted(r.entries):
            e = r.entries[rnd]
            total += e.points
            rows.append([rnd, e.table or "", who(e.opponent) if e.opponent else _kind_word(e.kind, t),
                         _result(e, t), e.points if e.kind != "pending" else "", total])
        if pid in ahead and res.new_round is not None:
            table, opp = ahead[pid]
            rows.append([res.new_round.round, "" if opp is None else (table or ""), who(opp) if opp else t("轮空", "bye"),
                         t("未赛", "to play"), "", ""])
        blocks.append(Block(t("场次", "Matches"), [t("轮次", "Round"), t("桌号", "Table"), t("对手", "Opponent"), t("结果", "Result"),
                                                 t("得分", "Pts"), t("累计", "Total")], rows))
        pages.append(Page(pair_slug(pid), f"{pid} {r.pair.name}".strip(), blocks, listed=False))

    # ---- how far the event has got, and the big screen ----------------------------------------------------------
    stage = t(f"第 {res.through} 轮后", f"after round {res.through}") if res.through else t("赛前", "before round 1")
    if res.new_round is not None:
        stage += t(f"；第 {res.new_round.round} 轮已编排", f"; round {res.new_round.round} paired")
    elif res.pending:
        stage += t(f"；第 {current} 轮进行中", f"; round {current} in play")
    return SitePlan(pages=pages, stage=stage, big=["pairings", "standings"],
                    menu=["by-name", "pairings", "standings", "cross-table", "rounds", "pairs", "missing"])
