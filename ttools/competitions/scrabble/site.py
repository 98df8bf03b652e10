"""The Scrabble pages of the published site (the ``site`` hook, see ``ttools.publish``): the
current round's pairings by name, the current round by table when its pairing sheet is no
longer in the workbook, every round by table, a player list and one page per player."""

from __future__ import annotations

import functools
from typing import Any

from ttools.competitions.scrabble.compute import Division, Results
from ttools.workbook.normalize import natural_key
from ttools.competitions.scrabble.report import _L, half, num, slip_tables
from ttools.competitions.scrabble.results import BYE, GAME, Outcome
from ttools.competitions.scrabble.standings import scorecard
from ttools.publish.pages import Link, Page, SitePlan, slug
from ttools.workbook.write import Block

SPREAD = "+0;-0;0"


@functools.lru_cache(maxsize=None)
def player_slug(pid: str) -> str:
    return slug("p", pid)


def _current(res: Results, div: Division, tables: dict) -> tuple[int, list[tuple[Any, str, str | None]]]:
    """The round players look for now and its tables (table, starter, replier; None = bye): the
    round just paired, else the latest round with pairings waiting for results, else the last
    round played."""
    if div.new_round is not None:
        return div.new_round.round, [(tb.table, tb.first, tb.second) for tb in div.new_round.tables]
    r = max((g.round for g in div.pending), default=div.last_round)
    games = [g for g in list(div.games) + list(div.pending) if g.round == r]
    out = [(tables.get((r, frozenset(p for p in g.players if p)), ""), g.player1, g.player2 or None) for g in games]
    return r, sorted(out, key=lambda x: (x[2] is None, x[0] if isinstance(x[0], int) else 10**9, natural_key(x[1])))


def _result(o: Outcome | None, t: _L) -> str:
    if o is None:
        return ""
    if o.kind == GAME:
        word = {1: t("勝", "W"), 0: t("負", "L")}.get(o.wins, t("和", "T"))  # type: ignore[call-overload]
        return f"{word} {o.score}:{o.opponent_score}"
    if o.kind == BYE:
        return t("輪空", "bye")
    return t("對手缺席", "forfeit W") if o.wins else t("缺席", "forfeit L")


def site(res: Results, lang: str) -> SitePlan:
    t = _L(lang)
    data = res.data
    tables = slip_tables(res)
    divisions = list(res.divisions.values())
    multi = len(divisions) > 1
    mine: dict[tuple[str, int], Outcome] = {(o.player, o.round): o for div in divisions for o in div.outcomes}
    rank = {x.item.id: x for div in divisions for x in div.standings}

    @functools.lru_cache(maxsize=None)
    def who(pid: str | None) -> Link | str:
        p = res.player(pid or "")
        return Link(f"{pid} {p.name}".strip(), player_slug(pid)) if p and pid else (pid or "")

    def name_link(pid: str) -> Link:
        p = res.player(pid)
        return Link(p.name or pid if p else pid, player_slug(pid))

    pages: list[Page] = []
    current = {div.name: _current(res, div, tables) for div in divisions}
    rounds_now = sorted({r for r, tbs in current.values() if r and tbs})
    rtext = ("、" if t.zh else ", ").join(map(str, rounds_now))
    name = data.name or "Scrabble"

    # ---- the current round by name: every player finds their own line ---------------------------
    rows = []
    for div in divisions:
        r, tbs = current[div.name]
        for table, first, second in tbs:
            for me, opp, starts in ((first, second, True), (second, first, False)):
                if me is None:
                    continue
                p = res.player(me)
                start = "" if opp is None else (t("先手", "starts") if starts else t("後手", "replies"))
                rows.append((p.name if p else me, me, [name_link(me), me] + ([div.name] if multi else []) + [
                    r, "" if opp is None else table, start, who(opp) if opp else t("輪空", "bye"), _result(mine.get((me, r)), t)]))
    rows.sort(key=lambda x: (x[0].casefold(), natural_key(x[1])))
    header = [t("姓名", "Name"), t("編號", "ID")] + ([t("組別", "Division")] if multi else []) + [
        t("回合", "Round"), t("桌號", "Table"), t("先後手", "Start"), t("對手", "Opponent"), t("結果", "Result")]
    if rows:
        pages.append(Page("by-name", t(f"{name} · 第 {rtext} 回合對賽（依姓名）", f"{name} · Round {rtext} pairings by name"),
                          [Block("", header, [r for _n, _i, r in rows])],
                          subtitle=t("依姓名排列；點選姓名可看該參賽者之全部對局。", "Sorted by name; a name leads to that player's games.")))

    # ---- the current round by table, when its pairing sheet has been filled in already ------------
    if not any(div.new_round is not None for div in divisions) and rows:
        blocks = []
        for div in divisions:
            r, tbs = current[div.name]
            brows = [[table, who(first), _result(mine.get((first, r)), t), who(second) if second else t("輪空", "bye"),
                      _result(mine.get((second, r)), t) if second else ""] for table, first, second in tbs]
            blocks.append(Block(t(f"{div.name} 組 · 第 {r} 回合", f"Division {div.name} · round {r}"),
                                [t("桌號", "Table"), t("先手", "Starts"), t("結果", "Result"), t("後手", "Replies"), t("結果", "Result")], brows))
        pages.append(Page("current", t(f"{name} · 第 {rtext} 回合對賽表", f"{name} · Pairings, round {rtext}"), blocks))

    # ---- every round by table, latest first ---------------------------------------------------------
    blocks = []
    last = max((div.last_round for div in divisions), default=0)
    by_round: dict[tuple[str, int], list] = {}
    for div in divisions:
        for g in list(div.games) + list(div.pending):
            by_round.setdefault((div.name, g.round), []).append(g)

    def table_order(g) -> tuple:
        number = tables.get((g.round, frozenset(p for p in g.players if p)))
        return g.is_bye, number if isinstance(number, int) else 10**9, natural_key(g.player1)

    for r in range(last, 0, -1):
        for div in divisions:
            games = sorted(by_round.get((div.name, r), []), key=table_order)
            if not games:
                continue
            brows = []
            for g in games:
                table = "" if g.is_bye else tables.get((r, frozenset(g.players)), "")
                brows.append([table, who(g.player1), _result(mine.get((g.player1, r)), t),
                              who(g.player2) if g.player2 else t("輪空", "bye"), _result(mine.get((g.player2, r)), t) if g.player2 else ""])
            title = t(f"第 {r} 回合", f"Round {r}") + (t(f" · {div.name} 組", f" · division {div.name}") if multi else "")
            blocks.append(Block(title, [t("桌號", "Table"), t("先手", "Starts"), t("結果", "Result"), t("後手", "Replies"), t("結果", "Result")], brows))
    if blocks:
        pages.append(Page("rounds", t(f"{name} · 各回合對賽及成績", f"{name} · Every round by table"), blocks,
                          subtitle=t("最新回合在前；結果為該行參賽者之結果與比分（本方:對手）。",
                                     "Latest round first; a result is that player's, with the score own:opponent's.")))

    # ---- players: a list, and one page each ---------------------------------------------------------
    everyone = sorted(data.players.values(), key=lambda p: (p.name.casefold(), natural_key(p.id)))
    prow = []
    for p in everyone:
        x = rank.get(p.id)
        rec = x.item if x else None
        prow.append([name_link(p.id), p.id] + ([p.division] if multi else []) + [p.club, x.rank if x else "",
                    num(rec.wins) if rec else "", num(rec.losses) if rec else "", rec.spread if rec else ""])
    if prow:
        spread_col = 7 + (1 if multi else 0)
        pages.append(Page("players", t(f"{name} · 參賽者", f"{name} · Players"),
                          [Block("", [t("姓名", "Name"), t("編號", "ID")] + ([t("組別", "Division")] if multi else []) + [
                              t("會籍", "Club"), t("名次", "Rank"), t("勝", "Wins"), t("負", "Losses"), t("分差", "Spread")], prow,
                              number_format={spread_col: SPREAD})]))
    outcomes_of: dict[str, list[Outcome]] = {}
    for (pid, _r), o in sorted(mine.items(), key=lambda kv: kv[0][1]):
        outcomes_of.setdefault(pid, []).append(o)
    now_of: dict[str, tuple[int, Any, str | None, bool]] = {}    # player -> (round, table, opponent, starts)
    for div in divisions:
        r, tbs = current[div.name]
        for table, first, second in tbs:
            now_of[first] = (r, table, second, True)
            if second is not None:
                now_of[second] = (r, table, first, False)
    for p in everyone:
        x = rank.get(p.id)
        outs = outcomes_of.get(p.id, [])
        games = []
        for row in scorecard(p.id, outs):
            o = mine.get((p.id, row.round))
            opp = row.opponent
            table = tables.get((row.round, frozenset((p.id, opp))), "") if opp else ""
            start = "" if row.first is None else (t("先手", "starts") if row.first else t("後手", "replies"))
            games.append([row.round, table, start, who(opp) if opp else "", _result(o, t), row.spread,
                          f"{half(row.wins)}–{half(row.losses)} {row.total_spread:+d}"])
        if p.id in now_of:
            r, table, opp, starts = now_of[p.id]
            if all(g[0] != r for g in games):    # paired, not played yet
                start = "" if opp is None else (t("先手", "starts") if starts else t("後手", "replies"))
                games.append([r, "" if opp is None else table, start, who(opp) if opp else t("輪空", "bye"),
                              t("未賽", "to play"), "", ""])
        facts = [[p.id, p.name, p.division, p.club, p.rating or "", x.rank if x else "",
                  f"{half(x.item.wins)}–{half(x.item.losses)}" if x else "", x.item.spread if x else ""]]
        blocks = [Block("", [t("編號", "ID"), t("姓名", "Name"), t("組別", "Division"), t("會籍", "Club"), t("評分", "Rating"),
                             t("名次", "Rank"), t("勝負", "Won–lost"), t("分差", "Spread")], facts, number_format={7: SPREAD})]
        notes = [t(f"第 {p.withdrawn_after} 回合後退賽", f"Withdrew after round {p.withdrawn_after}")] if p.withdrawn_after is not None else []
        blocks.append(Block(t("對局", "Games"), [t("回合", "Round"), t("桌號", "Table"), t("先後手", "Start"), t("對手", "Opponent"),
                                                 t("結果", "Result"), t("分差", "Spread"), t("戰績 累積分差", "Record, total spread")],
                            games, notes=notes, number_format={5: SPREAD}))
        pages.append(Page(player_slug(p.id), f"{p.id} {p.name}".strip(), blocks, listed=False))

    # ---- how far the event has got, and the big screen ------------------------------------------------
    played = max((o.round for div in divisions for o in div.outcomes if o.kind != BYE), default=0)  # a bye is pre-filled
    stage = t(f"第 {played} 回合後", f"after round {played}") if played else t("賽前", "before round 1")
    if rounds_now and rounds_now[-1] > played:
        stage += t(f"；第 {rtext} 回合已編配", f"; round {rtext} paired")
    return SitePlan(pages=pages, stage=stage, big=["pairings", "current", "standings"],
                    menu=["by-name", "pairings", "current", "standings", "players", "rounds", "missing"])
