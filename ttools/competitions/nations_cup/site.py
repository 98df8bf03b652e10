"""The Nations Cup pages of the published site (the ``site`` hook, see ``ttools.publish``): the
Day 1 matches, the Day 2 seat draws and the finals draws by player name, a team list and one
page per team; the report pages already give the Day 1 table, the draws, the qualification and
the finals."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Iterable

from ttools.competitions.nations_cup import day1 as D1
from ttools.competitions.nations_cup.compute import Results
from ttools.competitions.nations_cup.report import player_name
from ttools.competitions.nations_cup.summary import num
from ttools.i18n import Translator
from ttools.publish.pages import Link, Page, SitePlan, slug
from ttools.workbook.write import Block

MENU = ["day1-by-name", "day2-by-name", "finals-by-name", "standings", "final-standings", "teams", "missing"]


def team_slug(team: str) -> str:
    return slug("team", team)


def _code_key(code: str) -> tuple[str, int]:
    return code[:1], int(code[1:]) if code[1:].isdigit() else 0


def stage(res: Results, t: Translator) -> str:
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


class Pages:
    """What the pages of one site share: the results, the translator, the players' Day 1
    schedules and each team's players, and how a player or team is named and linked."""

    def __init__(self, res: Results, lang: str) -> None:
        self.res, self.data, self.t = res, res.data, Translator(lang)
        self.name = self.data.name or "Nations Cup"
        self.sched = D1.player_schedules(res.day1) if res.day1 else {}
        self.players_of: dict[str, list[str]] = defaultdict(list)
        for code in sorted(self.data.players, key=_code_key):
            self.players_of[code[:1]].append(code)
        self.qrow = {r.team: r for r in res.qualification.rows} if res.qualification else {}
        self.frow = {r.team: r for r in res.final_standings.rows} if res.final_standings else {}

    def who(self, code: str) -> str:
        return f"{code} {player_name(self.data, code)}".strip()

    def by_name(self, codes: Iterable[str]) -> list[str]:
        return sorted(codes, key=lambda c: (player_name(self.data, c).casefold() or "\uffff", _code_key(c)))

    def named(self, code: str) -> Link:
        return Link(player_name(self.data, code) or code, team_slug(code[:1]))

    def player_cells(self, code: str) -> list[Any]:
        """A by-name row's first cells: the name (linked to the team), the code and the team."""
        return [self.named(code), code, Link(code[:1], team_slug(code[:1]))]

    def result(self, winner: str | None, me: str) -> str:
        return "" if not winner else (self.t("勝", "W") if winner == me else self.t("負", "L"))

    def country(self, team: str) -> str:
        counts = Counter(
            self.data.players[c].country for c in self.players_of.get(team, []) if self.data.players[c].country
        )
        return counts.most_common(1)[0][0] if counts else ""


def day1_by_name_page(p: Pages) -> Page | None:
    """Day 1 by name: each player's tables and opponents, round by round."""
    t, res = p.t, p.res
    if not p.sched:
        return None
    rounds = sorted({m.round for m in res.day1})
    rows = []
    for code in p.by_name(p.sched):
        row: list[Any] = p.player_cells(code)
        mine = {m.round: m for m in p.sched[code]}
        for r in rounds:
            m = mine.get(r)
            if m is None:
                row += ["", "", ""]
                continue
            opp = m.away if m.home == code else m.home
            row += [m.table, p.who(opp), p.result(m.winner, code)]
        rows.append(row)
    header = [t("姓名", "Name"), t("選手", "Player"), t("隊伍", "Team")]
    for r in rounds:
        header += [t(f"第 {r} 輪 桌號", f"Rd {r} table"), t(f"第 {r} 輪 對手", f"Rd {r} opponent"), t("結果", "Result")]
    return Page(
        "day1-by-name",
        p.name + " · " + t("第一天單挑賽（依姓名）", "Day 1 heads-up by name"),
        [Block("", header, rows)],
        subtitle=t(
            "依姓名排列，找到自己的一行即知桌號與對手。",
            "Sorted by name: find your line for your tables and opponents.",
        ),
    )


def day2_by_name_page(p: Pages) -> Page | None:
    """The Day 2 seats by name: where each player sits now (after the moves recorded on Seating),
    the draw seat beside it; a player out says so."""
    t, res = p.t, p.res
    if not res.draws:
        return None
    seat = {(e, s.player): s for e, seats in res.draws.items() for s in seats}
    now = {(e, s.player): s for e, seats in res.current.items() for s in seats}
    event_name = {"nlh": "NLH", "bounty": t("獵人賽", "Bounty")}
    rows = []
    for code in p.by_name({s.player for seats in res.draws.values() for s in seats}):
        for e in ("nlh", "bounty"):
            s = seat.get((e, code))
            if s is None:
                continue
            if e not in res.current:  # the seating has errors: the draw is all there is
                rows.append([*p.player_cells(code), event_name[e], s.table, s.seat, s.table, s.seat])
                continue
            c = now.get((e, code))
            rows.append(
                [
                    *p.player_cells(code),
                    event_name[e],
                    c.table if c else t("已淘汰", "out"),
                    c.seat if c else "",
                    s.table,
                    s.seat,
                ]
            )
    header = [
        t("姓名", "Name"),
        t("選手", "Player"),
        t("隊伍", "Team"),
        t("項目", "Event"),
        t("桌號", "Table"),
        t("座位", "Seat"),
        t("抽籤桌號", "Draw table"),
        t("抽籤座位", "Draw seat"),
    ]
    return Page(
        "day2-by-name",
        p.name + " · " + t("第二天座位（依姓名）", "Day 2 seats by name"),
        [Block("", header, rows)],
        subtitle=t(
            "目前座位（依「座位」表，含已記錄之移動），旁為抽籤座位。",
            "Where each player sits now (Seating, with the moves recorded there); the draw seat beside it.",
        ),
    )


def finals_by_name_page(p: Pages) -> Page | None:
    """The finals draws by name: each player's matches and tables, with results and places."""
    t, res = p.t, p.res
    if not res.finals_draws:
        return None
    places: dict[tuple[int, str], int] = res.finals_results.sng_places if res.finals_results else {}
    winners = {(r.round, frozenset((r.a, r.b))): r.winner for r in p.data.finals_hu if r.winner}
    entries: dict[str, list[list[Any]]] = defaultdict(list)
    for rnd, d in sorted(res.finals_draws.items()):
        for m in d.hu:
            w = winners.get((rnd, frozenset((m.a, m.b))))
            for me, opp in ((m.a, m.b), (m.b, m.a)):
                entries[me].append([rnd, t("單挑", "HU"), m.table, "", p.who(opp), p.result(w, me)])
        for s in d.sng:
            entries[s.player].append([rnd, t("單桌", "SNG"), s.table, s.seat, "", places.get((rnd, s.player), "")])
    rows = [p.player_cells(code) + e for code in p.by_name(entries) for e in entries[code]]
    header = [
        t("姓名", "Name"),
        t("選手", "Player"),
        t("隊伍", "Team"),
        t("輪", "Round"),
        t("項目", "Event"),
        t("桌號", "Table"),
        t("座位", "Seat"),
        t("對手", "Opponent"),
        t("結果／名次", "Result / place"),
    ]
    return Page("finals-by-name", p.name + " · " + t("決賽對戰（依姓名）", "Finals by name"), [Block("", header, rows)])


def teams_page(p: Pages) -> Page | None:
    """The team list: country, qualification and final rank and total, the qualifiers shaded."""
    t, teams = p.t, list(p.data.teams)
    if not teams:
        return None
    rows = []
    for team in teams:
        q, f = p.qrow.get(team), p.frow.get(team)
        rows.append(
            [
                Link(team, team_slug(team)),
                p.country(team),
                q.rank if q else "",
                float(q.total_printed) if q else "",
                t("晉級", "yes") if q and q.advances else "",
                f.rank if f else "",
                num(f.total) if f else "",
            ]
        )
    header = [
        t("隊伍", "Team"),
        t("國家／地區", "Country"),
        t("資格賽名次", "Qualification rank"),
        t("資格賽總成績", "Qualification total"),
        t("晉級", "Advances"),
        t("決賽名次", "Final rank"),
        t("決賽總成績", "Final total"),
    ]
    advancing = {i for i, tm in enumerate(teams) if tm in p.qrow and p.qrow[tm].advances}
    return Page(
        "teams",
        p.name + " · " + t("隊伍", "Teams"),
        [Block("", header, rows, highlight=advancing, number_format={3: "0.00"})],
    )


def _team_players_block(p: Pages, team: str) -> Block:
    t, res = p.t, p.res
    seat_of = {(e, s.player): s for e, seats in res.draws.items() for s in seats}
    rows = []
    for code in p.players_of.get(team, []):
        player = p.data.players[code]
        ms = p.sched.get(code, [])
        e = "nlh" if (("nlh", code) in seat_of) else ("bounty" if ("bounty", code) in seat_of else "")
        s = seat_of.get((e, code)) if e else None
        place = (
            res.nlh_places.get(code, "")
            if e == "nlh"
            else (res.bounty.places.get(code, "") if res.bounty and e == "bounty" else "")
        )
        chips = res.bounty.chips.get(code, "") if res.bounty and e == "bounty" else ""
        rows.append(
            [
                code,
                player.name,
                player.country,
                sum(1 for m in ms if m.winner == code),
                sum(1 for m in ms if m.winner),
                {"nlh": "NLH", "bounty": t("獵人賽", "Bounty"), "": ""}[e],
                s.table if s else "",
                s.seat if s else "",
                place,
                chips,
            ]
        )
    return Block(
        t("選手", "Players"),
        [
            t("選手", "Player"),
            t("姓名", "Name"),
            t("國家／地區", "Country"),
            t("單挑勝", "HU won"),
            t("單挑場數", "HU played"),
            t("第二天項目", "Day 2 event"),
            t("桌號", "Table"),
            t("座位", "Seat"),
            t("名次", "Place"),
            t("賞金籌碼", "Bounty chips"),
        ],
        rows,
    )


def _team_day1_block(p: Pages, team: str) -> Block | None:
    t = p.t
    rows = []
    for m in sorted(
        (m for m in p.res.day1 if m.home[:1] == team or m.away[:1] == team), key=lambda m: (m.round, m.table, m.home)
    ):
        mine, opp = (m.home, m.away) if m.home[:1] == team else (m.away, m.home)
        rows.append([m.round, m.table, p.who(mine), Link(p.who(opp), team_slug(opp[:1])), p.result(m.winner, mine)])
    if not rows:
        return None
    return Block(
        t("第一天單挑賽", "Day 1 heads-up"),
        [t("輪", "Round"), t("桌號", "Table"), t("選手", "Player"), t("對手", "Opponent"), t("結果", "Result")],
        rows,
    )


def _team_qualification_block(p: Pages, team: str) -> Block | None:
    t, q = p.t, p.qrow.get(team)
    if q is None:
        return None
    return Block(
        t("資格賽", "Qualification"),
        [
            t("名次", "Rank"),
            t("單挑得分", "HU"),
            t("NLH 得分", "NLH"),
            t("獵人賽得分", "Bounty"),
            t("總成績", "Total"),
            t("晉級", "Advances"),
        ],
        [
            [
                q.rank,
                float(q.hu_printed),
                float(q.nlh_printed),
                float(q.bounty_printed),
                float(q.total_printed),
                t("晉級", "yes") if q.advances else "",
            ]
        ],
        number_format={1: "0.00", 2: "0.00", 3: "0.00", 4: "0.00"},
    )


def _team_finals_block(p: Pages, team: str) -> Block | None:
    t, res = p.t, p.res
    if not (res.finals_draws and team in res.finalists):
        return None
    rows = []
    for rnd, d in sorted(res.finals_draws.items()):
        for m in d.hu:
            if team in (m.a[:1], m.b[:1]):
                mine, opp = (m.a, m.b) if m.a[:1] == team else (m.b, m.a)
                rows.append([rnd, t("單挑", "HU"), m.table, p.who(mine), Link(p.who(opp), team_slug(opp[:1]))])
        for s in d.sng:
            if s.player[:1] == team:
                rows.append([rnd, t("單桌", "SNG"), s.table, p.who(s.player), t(f"座位 {s.seat}", f"seat {s.seat}")])
    return Block(
        t("決賽", "Finals"),
        [
            t("輪", "Round"),
            t("項目", "Event"),
            t("桌號", "Table"),
            t("選手", "Player"),
            t("對手／座位", "Opponent / seat"),
        ],
        rows,
    )


def _team_final_block(p: Pages, team: str) -> Block | None:
    t, f = p.t, p.frow.get(team)
    if f is None:
        return None
    return Block(
        t("決賽成績", "Final standing"),
        [t("名次", "Rank"), t("單挑", "HU"), t("單桌", "SNG"), t("名次加分", "Bonus"), t("總成績", "Total")],
        [[f.rank, num(f.hu), num(f.sng), num(f.bonus), num(f.total)]],
    )


def team_page(p: Pages, team: str) -> Page:
    """One team's page: its players, Day 1 matches, qualification, finals and final standing."""
    made = (
        _team_players_block(p, team),
        _team_day1_block(p, team),
        _team_qualification_block(p, team),
        _team_finals_block(p, team),
        _team_final_block(p, team),
    )
    country = p.country(team)
    title = p.t(f"{team} 隊", f"Team {team}") + (f" · {country}" if country else "")
    return Page(team_slug(team), title, [b for b in made if b is not None], listed=False)


def big_screen(res: Results) -> list[str]:
    """The pages the big screen cycles through at this stage of the event."""
    if res.final_standings is not None and res.final_standings.complete:
        return ["final-standings", "finals-by-name", "standings"]  # the finals are over: the result first
    if res.finals_draws or res.final_standings is not None:
        return ["finals-by-name", "final-standings", "standings"]
    if res.qualification is not None:
        return ["standings"]
    if res.draws:
        return ["day2-by-name", "missing"]
    return ["day1-by-name", "missing"]


def site(res: Results, lang: str) -> SitePlan:
    p = Pages(res, lang)
    made = (day1_by_name_page(p), day2_by_name_page(p), finals_by_name_page(p), teams_page(p))
    pages = [page for page in made if page is not None] + [team_page(p, team) for team in p.data.teams]
    from ttools.competitions.nations_cup.clock import clock_files

    return SitePlan(
        pages=pages,
        stage=stage(res, p.t),
        big=big_screen(res),
        menu=list(MENU),
        files=clock_files(res, lang),
        links=[("clock.html", p.t("賽事時鐘（投影用）", "Tournament clock (for the projector)"))],
    )
