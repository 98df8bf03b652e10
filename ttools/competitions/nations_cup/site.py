"""The Nations Cup pages of the published site (the ``site`` hook, see ``ttools.publish``): the
Day 1 matches, the Day 2 seat draws and the finals draws by player name, a team list and one
page per team; the report pages already give the Day 1 table, the draws, the qualification and
the finals."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from ttools.competitions.nations_cup import day1 as D1
from ttools.competitions.nations_cup.compute import Results
from ttools.competitions.nations_cup.report import _L, _pname, num
from ttools.publish.pages import Link, Page, SitePlan, slug
from ttools.workbook.write import Block


def team_slug(team: str) -> str:
    return slug("team", team)


def _code_key(code: str) -> tuple[str, int]:
    return code[:1], int(code[1:]) if code[1:].isdigit() else 0


def stage(res: Results, t: _L) -> str:
    fs = res.final_standings
    if fs is not None and fs.complete:
        return t("決賽完成", "finals complete")
    if res.finals_draws:
        return t(f"決賽第 {max(res.finals_draws)} 輪", f"finals round {max(res.finals_draws)}")
    if res.qualification is not None:
        return t("資格賽完成", "qualification complete")
    if res.draws:
        return t("第二天（NLH 與獵人賽）", "Day 2 (NLH and bounty)")
    if res.day1:
        done = sum(1 for m in res.day1 if m.winner)
        if res.day1_generated or not done:
            return t("第一天配對已公布", "Day 1 pairings published")
        return t(f"第一天：{done}/{len(res.day1)} 場已有結果", f"Day 1: {done} of {len(res.day1)} results in")
    return ""


def site(res: Results, lang: str) -> SitePlan:
    t = _L(lang)
    data = res.data
    name = data.name or "Nations Cup"
    pages: list[Page] = []

    def team_link(team: str) -> Link:
        return Link(team, team_slug(team))

    def who(code: str) -> str:
        return f"{code} {_pname(data, code)}".strip()

    def by_name(codes) -> list[str]:
        return sorted(codes, key=lambda c: (_pname(data, c).casefold() or "\uffff", _code_key(c)))

    def named(code: str) -> Link:
        return Link(_pname(data, code) or code, team_slug(code[:1]))

    # ---- Day 1 by name ---------------------------------------------------------------------------
    sched = D1.player_schedules(res.day1) if res.day1 else {}
    rounds = sorted({m.round for m in res.day1})
    if sched:
        rows = []
        for code in by_name(sched):
            row: list[Any] = [named(code), code, team_link(code[:1])]
            mine = {m.round: m for m in sched[code]}
            for r in rounds:
                m = mine.get(r)
                if m is None:
                    row += ["", "", ""]
                    continue
                opp = m.away if m.home == code else m.home
                row += [m.table, who(opp), "" if not m.winner else (t("勝", "W") if m.winner == code else t("負", "L"))]
            rows.append(row)
        header = [t("姓名", "Name"), t("選手", "Player"), t("隊伍", "Team")]
        for r in rounds:
            header += [t(f"第 {r} 輪 桌號", f"Rd {r} table"), t(f"第 {r} 輪 對手", f"Rd {r} opponent"), t("結果", "Result")]
        pages.append(Page("day1-by-name", t(f"{name} · 第一天單挑賽（依姓名）", f"{name} · Day 1 heads-up by name"),
                          [Block("", header, rows)], subtitle=t("依姓名排列，找到自己的一行即知桌號與對手。",
                                                              "Sorted by name: find your line for your tables and opponents.")))

    # ---- Day 2 seat draws by name ------------------------------------------------------------------
    if res.draws:
        seat = {(e, s.player): s for e, seats in res.draws.items() for s in seats}
        event_name = {"nlh": "NLH", "bounty": t("獵人賽", "Bounty")}
        rows = []
        for code in by_name({s.player for seats in res.draws.values() for s in seats}):
            for e in ("nlh", "bounty"):
                s = seat.get((e, code))
                if s is not None:
                    rows.append([named(code), code, team_link(code[:1]), event_name[e], s.table, s.seat])
        pages.append(Page("day2-by-name", t(f"{name} · 第二天座位（依姓名）", f"{name} · Day 2 seats by name"),
                          [Block("", [t("姓名", "Name"), t("選手", "Player"), t("隊伍", "Team"), t("項目", "Event"), t("桌號", "Table"),
                                      t("座位", "Seat")], rows)],
                          subtitle=t("分桌抽籤之座位；併桌或平衡移動另見「併桌建議」。", "Seats of the draw; moves when tables break are on the table-moves page.")))

    # ---- finals draws by name ------------------------------------------------------------------------
    if res.finals_draws:
        rows = []
        places: dict[tuple[int, str], int] = res.finals_results.sng_places if res.finals_results else {}
        winners = {(r.round, frozenset((r.a, r.b))): r.winner for r in data.finals_hu if r.winner}
        entries: dict[str, list[list[Any]]] = defaultdict(list)
        for rnd, d in sorted(res.finals_draws.items()):
            for m in d.hu:
                w = winners.get((rnd, frozenset((m.a, m.b))))
                for me, opp in ((m.a, m.b), (m.b, m.a)):
                    entries[me].append([rnd, t("單挑", "HU"), m.table, "", who(opp),
                                        "" if not w else (t("勝", "W") if w == me else t("負", "L"))])
            for s in d.sng:
                entries[s.player].append([rnd, t("單桌", "SNG"), s.table, s.seat, "", places.get((rnd, s.player), "")])
        for code in by_name(entries):
            for e in entries[code]:
                rows.append([named(code), code, team_link(code[:1])] + e)
        pages.append(Page("finals-by-name", t(f"{name} · 決賽對戰（依姓名）", f"{name} · Finals by name"),
                          [Block("", [t("姓名", "Name"), t("選手", "Player"), t("隊伍", "Team"), t("輪", "Round"), t("項目", "Event"),
                                      t("桌號", "Table"), t("座位", "Seat"), t("對手", "Opponent"), t("結果／名次", "Result / place")], rows)]))

    # ---- teams: a list, and one page each -------------------------------------------------------------
    players_of: dict[str, list[str]] = defaultdict(list)
    for code in sorted(data.players, key=_code_key):
        players_of[code[:1]].append(code)
    qrow = {r.team: r for r in res.qualification.rows} if res.qualification else {}
    frow = {r.team: r for r in res.final_standings.rows} if res.final_standings else {}

    def country(team: str) -> str:
        counts = Counter(data.players[c].country for c in players_of.get(team, []) if data.players[c].country)
        return counts.most_common(1)[0][0] if counts else ""

    teams = list(data.teams)
    if teams:
        rows = []
        for team in teams:
            q, f = qrow.get(team), frow.get(team)
            rows.append([team_link(team), country(team), q.rank if q else "", float(q.total_printed) if q else "",
                         t("晉級", "yes") if q and q.advances else "", f.rank if f else "", num(f.total) if f else ""])
        pages.append(Page("teams", t(f"{name} · 隊伍", f"{name} · Teams"),
                          [Block("", [t("隊伍", "Team"), t("國家／地區", "Country"), t("資格賽名次", "Qualification rank"),
                                      t("資格賽總成績", "Qualification total"), t("晉級", "Advances"), t("決賽名次", "Final rank"),
                                      t("決賽總成績", "Final total")], rows, highlight={i for i, tm in enumerate(teams) if tm in qrow and qrow[tm].advances},
                                 number_format={3: "0.00"})]))
    seat_of = {(e, s.player): s for e, seats in res.draws.items() for s in seats}
    for team in teams:
        blocks = []
        prow = []
        for code in players_of.get(team, []):
            p = data.players[code]
            ms = sched.get(code, [])
            e = "nlh" if (("nlh", code) in seat_of) else ("bounty" if ("bounty", code) in seat_of else "")
            s = seat_of.get((e, code)) if e else None
            place = res.nlh_places.get(code, "") if e == "nlh" else (res.bounty.places.get(code, "") if res.bounty and e == "bounty" else "")
            chips = res.bounty.chips.get(code, "") if res.bounty and e == "bounty" else ""
            prow.append([code, p.name, p.country, sum(1 for m in ms if m.winner == code), sum(1 for m in ms if m.winner),
                         {"nlh": "NLH", "bounty": t("獵人賽", "Bounty"), "": ""}[e], s.table if s else "", s.seat if s else "", place, chips])
        blocks.append(Block(t("選手", "Players"), [t("選手", "Player"), t("姓名", "Name"), t("國家／地區", "Country"), t("單挑勝", "HU won"),
                                                   t("單挑場數", "HU played"), t("第二天項目", "Day 2 event"), t("桌號", "Table"), t("座位", "Seat"),
                                                   t("名次", "Place"), t("賞金籌碼", "Bounty chips")], prow))
        mrows = []
        for m in sorted((m for m in res.day1 if m.home[:1] == team or m.away[:1] == team), key=lambda m: (m.round, m.table, m.home)):
            mine, opp = (m.home, m.away) if m.home[:1] == team else (m.away, m.home)
            mrows.append([m.round, m.table, who(mine), Link(who(opp), team_slug(opp[:1])),
                          "" if not m.winner else (t("勝", "W") if m.winner == mine else t("負", "L"))])
        if mrows:
            blocks.append(Block(t("第一天單挑賽", "Day 1 heads-up"), [t("輪", "Round"), t("桌號", "Table"), t("選手", "Player"),
                                                                   t("對手", "Opponent"), t("結果", "Result")], mrows))
        q = qrow.get(team)
        if q is not None:
            blocks.append(Block(t("資格賽", "Qualification"), [t("名次", "Rank"), t("單挑得分", "HU"), t("NLH 得分", "NLH"), t("獵人賽得分", "Bounty"),
                                                              t("總成績", "Total"), t("晉級", "Advances")],
                                [[q.rank, float(q.hu_printed), float(q.nlh_printed), float(q.bounty_printed), float(q.total_printed),
                                  t("晉級", "yes") if q.advances else ""]], number_format={1: "0.00", 2: "0.00", 3: "0.00", 4: "0.00"}))
        if res.finals_draws and team in res.finalists:
            frows = []
            for rnd, d in sorted(res.finals_draws.items()):
                for m in d.hu:
                    if team in (m.a[:1], m.b[:1]):
                        mine, opp = (m.a, m.b) if m.a[:1] == team else (m.b, m.a)
                        frows.append([rnd, t("單挑", "HU"), m.table, who(mine), Link(who(opp), team_slug(opp[:1]))])
                for s in d.sng:
                    if s.player[:1] == team:
                        frows.append([rnd, t("單桌", "SNG"), s.table, who(s.player), t(f"座位 {s.seat}", f"seat {s.seat}")])
            blocks.append(Block(t("決賽", "Finals"), [t("輪", "Round"), t("項目", "Event"), t("桌號", "Table"), t("選手", "Player"),
                                                      t("對手／座位", "Opponent / seat")], frows))
        f = frow.get(team)
        if f is not None:
            blocks.append(Block(t("決賽成績", "Final standing"), [t("名次", "Rank"), t("單挑", "HU"), t("單桌", "SNG"), t("名次加分", "Bonus"),
                                                                 t("總成績", "Total")], [[f.rank, num(f.hu), num(f.sng), num(f.bonus), num(f.total)]]))
        title = t(f"{team} 隊", f"Team {team}") + (f" · {country(team)}" if country(team) else "")
        pages.append(Page(team_slug(team), title, blocks, listed=False))

    if res.finals_draws or res.final_standings is not None:
        big = ["finals-by-name", "final-standings", "standings"]
    elif res.qualification is not None:
        big = ["standings"]
    elif res.draws:
        big = ["day2-by-name", "missing"]
    else:
        big = ["day1-by-name", "missing"]
    menu = ["day1-by-name", "day2-by-name", "finals-by-name", "standings", "final-standings", "teams", "missing"]
    return SitePlan(pages=pages, stage=stage(res, t), big=big, menu=menu)
