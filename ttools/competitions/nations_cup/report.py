"""Results -> printable report sheets (the rulebook's appendices), one builder per sheet; the JSON
summary is summary.py's."""

from __future__ import annotations

from collections import Counter, defaultdict
from decimal import Decimal
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from ttools.competitions.base import SheetContext, build_sheets
from ttools.competitions.nations_cup import bounty as B
from ttools.competitions.nations_cup import day1 as D1
from ttools.competitions.nations_cup.compute import Results
from ttools.competitions.nations_cup.schema import OUTPUTS
from ttools.competitions.nations_cup.summary import num, summary  # noqa: F401  (as before)
from ttools.core.exact import round_half_up
from ttools.i18n import pick
from ttools.workbook.write import Block, Report


def sheet_name(key: str, lang: str) -> str:
    return pick(OUTPUTS[key], lang)


def player_name(data: Any, code: str) -> str:
    p = data.players.get(code)
    return p.name if p else ""


def team_countries(players: Mapping[str, Any]) -> dict[str, str]:
    """Team -> the country its players' rows say (the most common, if they differ)."""
    by_team: dict[str, Counter] = {}
    for p in players.values():
        if p.country:
            by_team.setdefault(p.team, Counter())[p.country] += 1
    return {team: c.most_common(1)[0][0] for team, c in by_team.items()}


class Context(SheetContext):
    """What the Nations Cup sheets share: the event, its name and seed line, and the team ->
    country lookup, counted once per set of reports (a report row asks for every team's, and
    there are hundreds of rows)."""

    def __init__(self, res: Results, lang: str, reckoner_rows: Sequence[Any] | None = None) -> None:
        super().__init__(res, lang)
        self.data = res.data
        self.name = self.data.name or "Nations Cup"
        self.seed_line = self.t(
            "抽籤種子：{seed}", "Draw seed: {seed}", seed=self.data.seed
        )  # typed text keeps its script
        self.countries = team_countries(self.data.players)
        self.given_reckoner_rows = reckoner_rows

    def country(self, team: str) -> str:
        return self.countries.get(team, "")

    def pname(self, code: str) -> str:
        return player_name(self.data, code)

    def who(self, code: str) -> str:
        return f"{code} {self.pname(code)}".strip()

    def report(self, key: str, zh_title: str, en_title: str, blocks: list[Block], **kw: Any) -> Report:
        """The sheet ``key`` titled '<event> · <title>' in the event's language."""
        title = f"{self.name} · {self.t(zh_title, en_title)}"  # the typed event name as typed, in any script
        return Report(key, sheet_name(key, self.lang), title, blocks, **kw)

    def reckoner_rows(self) -> Sequence[Any] | None:
        """The quick reckoner's sections for the event's field (None: a field it has none for)."""
        if self.given_reckoner_rows is not None:
            return self.given_reckoner_rows
        data = self.data
        if not (data.teams_n and 4 <= data.teams_n <= 26):
            return None
        from ttools.competitions.nations_cup.reckoner import reckoner

        return reckoner(data.teams_n, data.rules, data.scales).rows(self.lang)


def _shared_rank(value: Any, values: Iterable[Any]) -> Any:
    """1 + the number of better values; printed 7= when another team has the same value."""
    values = list(values)
    rank = 1 + sum(1 for v in values if v > value)
    return f"{rank}=" if values.count(value) > 1 else rank


def _blank(v: Any) -> Any:
    return "" if v is None else v


def _result(t: Any, winner: str | None, me: str) -> str:
    return "" if not winner else (t("勝", "W") if winner == me else t("負", "L"))


def _team_raw_block(ctx: Context, raw: Mapping[str, Any]) -> Block:
    t = ctx.t
    total = num(sum(raw.values()))
    return Block(
        t("隊伍原始分", "Team raw"),
        [t("隊伍", "Team"), t("國家／地區", "Country"), t("原始分", "Raw")],
        [[tm, ctx.country(tm), num(v)] for tm, v in raw.items()],
        notes=[t(f"Σ 原始分 = {total}", f"Σ raw = {total}")],
    )


# ---- Day 1 -----------------------------------------------------------------------------------


def day1_pairings_sheet(ctx: Context) -> Report | None:
    """Appendix 7: the Day 1 pairing table, a block per round, a row per home table."""
    res, t = ctx.res, ctx.t
    if not res.day1:
        return None
    blocks = []
    for rnd in sorted({m.round for m in res.day1}):
        by_table = defaultdict(list)
        for m in res.day1:
            if m.round == rnd:
                by_table[m.table].append(m)
        rows = []
        for table in sorted(by_table):
            ms = sorted(by_table[table], key=lambda m: m.home)
            row: list[Any] = [table, ms[0].home[:1], ctx.country(ms[0].home[:1])]
            for m in ms:
                row += [f"{m.home} vs {m.away}", m.winner or ""]
            rows.append(row)
        header = [t("桌號", "Table"), t("主隊", "Home team"), t("國家／地區", "Country")]
        for i in range(1, 4):
            header += [t(f"對戰 {i}", f"Match {i}"), t("勝方", "Winner")]
        blocks.append(Block(t(f"第 {rnd} 輪", f"Round {rnd}"), header, rows))
    subtitle = ctx.seed_line + t(
        "　主桌進行該隊 1、2、3 號選手之對戰；4、5、6 號選手於他隊主桌出賽。",
        " · A team's home table hosts its players 1–3; players 4–6 play away.",
    )
    return ctx.report(
        "Appendix7",
        "附件七 第一天單挑對戰配對表",
        "Appendix 7: Day 1 heads-up pairings",
        blocks,
        landscape=True,
        subtitle=subtitle,
    )


def schedules_sheet(ctx: Context) -> Report | None:
    """Each player's two Day 1 matches: round, table, opponent and result."""
    res, t, data = ctx.res, ctx.t, ctx.data
    if not res.day1:
        return None
    rows = []
    for code, ms in D1.player_schedules(res.day1).items():
        p = data.players.get(code)
        row = [code, p.name if p else ""]
        for m in ms:
            opp = m.away if m.home == code else m.home
            row += [m.round, m.table, opp, _result(t, m.winner, code)]
        rows.append(row)
    header = [t("選手", "Player"), t("姓名", "Name")]
    for _ in (1, 2):
        header += [t("輪", "Rd"), t("桌", "Table"), t("對手", "Opponent"), t("結果", "Result")]
    return ctx.report(
        "Schedules", "第一天選手賽程", "Day 1 player schedules", [Block("", header, rows, notes=[ctx.seed_line])]
    )


def day1_board_sheet(ctx: Context) -> Report | None:
    """The Day 1 scoreboard as the results come in: wins, raw score and rank per team."""
    res, t, data = ctx.res, ctx.t, ctx.data
    if not (res.day1 and any(m.winner for m in res.day1)):
        return None
    decided = [m for m in res.day1 if m.winner in (m.home, m.away)]
    wins = Counter(m.winner[:1] for m in decided)
    played: Counter = Counter()
    for m in decided:
        played[m.home[:1]] += 1
        played[m.away[:1]] += 1
    raw = {tm: wins[tm] * data.rules.hu_win for tm in data.teams}
    rows = [
        [_shared_rank(raw[tm], raw.values()), tm, ctx.country(tm), wins[tm], played[tm], raw[tm]]
        for tm in sorted(data.teams, key=lambda x: (-raw[x], x))
    ]
    done, total, teams = len(decided), sum(raw.values()), len(data.teams)
    state = t(f"已完成 {done}／{len(res.day1)} 場", f"{done} of {len(res.day1)} matches in")
    header = [
        t("名次", "Rank"),
        t("隊伍", "Team"),
        t("國家／地區", "Country"),
        t("勝場", "Wins"),
        t("已賽", "Played"),
        t("原始分", "Raw"),
    ]
    note = t(
        f"每勝 {data.rules.hu_win} 分；Σ 原始分 = {total}（全部完成時為 30 × 隊數 = {30 * teams}）。",
        f"{data.rules.hu_win} per win; Σ raw = {total} (30 × teams = {30 * teams} when all are in).",
    )
    return ctx.report(
        "Day1Board", "第一天單挑賽成績", "Day 1 heads-up scoreboard", [Block(state, header, rows, notes=[note])]
    )


# ---- blind structures (Appendices 1 and 2) ---------------------------------------------------


def _clock_time(minutes: Fraction) -> str:
    """Minutes from the start as h:mm (seconds only where a level has them)."""
    seconds = int(minutes * 60)
    h, m, sec = seconds // 3600, seconds // 60 % 60, seconds % 60
    return f"{h}:{m:02d}" + (f":{sec:02d}" if sec else "")


def _structure_block(ctx: Context, stage: str, title: str, **kw: Any) -> Block:
    """One stage's levels and breaks in the clock's order, with the time each starts."""
    t = ctx.t
    rows, breaks, elapsed = [], set(), Fraction(0)
    for lv in ctx.data.levels[stage]:
        minutes = int(lv.minutes) if lv.minutes.denominator == 1 else float(lv.minutes)
        if lv.is_break:
            breaks.add(len(rows))
            rows.append([t("休息", "Break"), "", "", "", minutes, _clock_time(elapsed)])
        else:
            rows.append([lv.level, lv.small, lv.big, lv.ante or "", minutes, _clock_time(elapsed)])
        elapsed += lv.minutes
    header = [
        t("級別", "Level"),
        t("小盲", "Small blind"),
        t("大盲", "Big blind"),
        t("前注", "Ante"),
        t("分鐘", "Minutes"),
        t("開始", "Starts at"),
    ]
    return Block(title, header, rows, highlight=breaks, **kw)


def _structure_note(ctx: Context) -> str:
    return ctx.t(
        "原附件遺失，以預設結構補上；可於「盲注級別」表修改，賽事時鐘（網站 clock.html）依同一結構。",
        "The rulebook's appendix is lost: these are the default structures, editable on Levels; the "
        "tournament clock (the site's clock.html) runs the same.",
    )


def appendix1_sheet(ctx: Context) -> Report:
    """附件一: the Day 1 heads-up blind structure the clock runs, printed for the tables."""
    t = ctx.t
    block = _structure_block(ctx, "day1-hu", t("第一天單挑賽（起始計分牌 30,000）", "Day 1 heads-up (30,000 chips)"))
    block.notes = [_structure_note(ctx)]
    return ctx.report("Appendix1", "附件一 單挑賽盲注結構表", "Appendix 1: heads-up blind structure", [block])


def appendix2_sheet(ctx: Context) -> Report:
    """附件二: the blind structures of the Day 2 tournaments and of the Day 3 finals, each on a page."""
    t = ctx.t
    day2 = _structure_block(
        ctx,
        "day2-mtt",
        t("第二天 NLH MTT 與獵人賽（起始計分牌 30,000）", "Day 2 NLH and bounty MTTs (30,000 chips)"),
        page_group="day2-mtt",
    )
    day3 = _structure_block(
        ctx,
        "day3",
        t("第三天決賽（單挑賽 40,000，單桌錦標賽 30,000）", "Day 3 finals (heads-up 40,000, SNG 30,000 chips)"),
        page_group="day3",
        notes=[_structure_note(ctx)],
    )
    return ctx.report(
        "Appendix2", "附件二 多桌錦標賽盲注結構表", "Appendix 2: tournament blind structure", [day2, day3]
    )


# ---- Day 2 -----------------------------------------------------------------------------------


def day2_draw_sheet(ctx: Context) -> Report | None:
    """The Day 2 seat draw of both MTTs."""
    res, t = ctx.res, ctx.t
    if not res.draws:
        return None
    blocks = []
    for event in ("nlh", "bounty"):
        rows = [
            [s.table, s.seat, s.player, ctx.pname(s.player), s.player[:1], ctx.country(s.player[:1])]
            for s in res.draws.get(event, [])
        ]
        title = (
            t("NLH MTT 分桌", "NLH MTT seat draw")
            if event == "nlh"
            else t("獵人賽分桌", "Escalating Bounty MTT seat draw")
        )
        blocks.append(
            Block(
                title,
                [
                    t("桌號", "Table"),
                    t("座位", "Seat"),
                    t("選手", "Player"),
                    t("姓名", "Name"),
                    t("隊伍", "Team"),
                    t("國家／地區", "Country"),
                ],
                rows,
                notes=[
                    ctx.seed_line,
                    t("同隊 3 名選手分屬不同桌。", "The three players of a team sit at three different tables."),
                ],
                page_group=event,  # each event's draw on a page of its own, posted at its tables
            )
        )
    return ctx.report("Day2Draw", "第二天分桌抽籤", "Day 2 seat draw", blocks)


def _moves_block(ctx: Context, event: str, adv: Any) -> Block:
    """One MTT's table moves (併桌與平衡): who goes where, and why; with nothing to move, the
    summary line and the notes alone (no empty table)."""
    t, data = ctx.t, ctx.data
    reason = {
        "break": t("併桌", "break"),
        "balance": t("平衡", "balance"),
        "final-table": t("決賽桌重抽", "final-table redraw"),
    }
    title = (
        (t("NLH MTT", "NLH MTT") if event == "nlh" else t("獵人賽", "Escalating Bounty MTT"))
        + " — "
        + adv.summary(ctx.lang)
    )
    rows, hl = [], set()
    for i, m in enumerate(adv.moves):
        others = [p for p in m.eligible if p != m.player]
        rows.append(
            [
                i + 1,
                m.player,
                ctx.pname(m.player),
                m.from_table,
                m.from_seat,
                m.to_table,
                m.to_seat,
                reason.get(m.reason, m.reason),
                (t("同隊同桌：", "with teammate ") + ", ".join(m.teammates)) if m.clash else "",
                ", ".join(others),
            ]
        )
        if m.clash:
            hl.add(i)
    sizes = "  ".join(f"{t('桌', 'T')}{k}: {v}" for k, v in sorted(adv.sizes.items()))
    notes = [
        t(f"各桌人數（移動前）：{sizes}", f"Players per table before the moves: {sizes}"),
        t("抽籤種子：{seed}（{stage}）", "Draw seed: {seed} ({stage})", seed=data.seed, stage=adv.stage),
    ]
    if adv.action == "invalid":
        # the seating errors themselves, so the floor sees why no move is given
        notes = [p.line(ctx.lang) for p in adv.problems if p.severity == "error"] + notes
    header: list[str] = (
        []
        if not rows
        else [
            t("順序", "#"),
            t("選手", "Player"),
            t("姓名", "Name"),
            t("原桌", "From table"),
            t("原座位", "From seat"),
            t("新桌", "To table"),
            t("新座位", "To seat"),
            t("原因", "Reason"),
            t("注意", "Flag"),
            t("或改移（任一人）", "Or move instead (any one)"),
        ]
    )
    # moves to make go on a page of their own, handed to that event's floor; an event with nothing
    # due is one line, printed on the page before it (no page holding that one line)
    return Block(title, header, rows, highlight=hl, notes=notes, page_group=event if rows else "")


def moves_sheet(ctx: Context) -> Report | None:
    """Day 2 table breaking and balancing: the moves the floor makes now."""
    res, t = ctx.res, ctx.t
    # an event down to its winner (or over) has no seating to manage: its section is left out,
    # and a finished Day 2 prints no TableMoves at all
    live = [e for e in ("nlh", "bounty") if res.advice.get(e) is not None and res.advice[e].action != "over"]
    if not live or res.qualification is not None:
        return None
    blocks = [_moves_block(ctx, event, res.advice[event]) for event in live]
    return ctx.report(
        "Moves",
        "第二天併桌與平衡",
        "Day 2 table breaking and balancing",
        blocks,
        subtitle=t(
            "完成移動後，請在「座位」表更新桌號與座位，再執行一次。",
            "After the moves, update table and seat on Seating and run again.",
        ),
    )


def _event_title(ctx: Context, event: str) -> str:
    return ctx.t("NLH MTT", "NLH MTT") if event == "nlh" else ctx.t("獵人賽", "Escalating Bounty MTT")


def _current_header(t: Any) -> list[str]:
    return [
        t("場次", "Event"),
        t("桌號", "Table"),
        t("座位", "Seat"),
        t("選手", "Player"),
        t("姓名", "Name"),
        t("隊伍", "Team"),
        t("抽籤桌號", "Draw table"),
        t("抽籤座位", "Draw seat"),
    ]


def _seated_events(res: Results) -> list[str]:
    """The MTTs still under way with a valid seating (an event down to its winner seats no one)."""
    return [e for e in ("nlh", "bounty") if len(res.current.get(e, ())) > 1]


def _current_rows(ctx: Context) -> list[tuple[str, list[Any]]]:
    """(event, row) of every live player where they sit now, with their draw seat beside it."""
    res, t = ctx.res, ctx.t
    drawn = {(e, s.player): s for e, seats in res.draws.items() for s in seats}
    short = {"nlh": "NLH", "bounty": t("獵人賽", "Bounty")}
    out = []
    for event in _seated_events(res):
        for s in res.current[event]:
            d = drawn.get((event, s.player))
            out.append(
                (
                    event,
                    [
                        short[event],
                        s.table,
                        s.seat,
                        s.player,
                        ctx.pname(s.player),
                        s.player[:1],
                        d.table if d else "",
                        d.seat if d else "",
                    ],
                )
            )
    return out


def current_seating_sheet(ctx: Context) -> Report | None:
    """Day 2's current seating (目前座位): every live player's table and seat after the moves
    recorded on Seating, by table for each MTT and then by name, the draw seat beside it."""
    res, t = ctx.res, ctx.t
    rows = _current_rows(ctx)
    if not rows:
        return None
    header = _current_header(t)
    blocks = [
        Block(
            t(f"{_event_title(ctx, e)} · 依桌號", f"{_event_title(ctx, e)} · by table"),
            header,
            [r for ev, r in rows if ev == e],
            page_group=e,
        )
        for e in _seated_events(res)
    ]
    by_name = sorted((r for _, r in rows), key=lambda r: (r[4].casefold() or "\uffff", r[3][:1], r[3][1:].zfill(3)))
    blocks.append(
        Block(
            t("依姓名", "By name"),
            header,
            by_name,
            page_break=True,
            page_group="by-name",
            notes=[
                t(
                    "已淘汰者不列入；座位依「座位」表（含已記錄之移動）。",
                    "Players out are not listed; seats as on Seating, with the moves recorded there.",
                )
            ],
        )
    )
    return ctx.report(
        "CurrentSeating",
        "第二天目前座位",
        "Day 2 current seating",
        blocks,
        subtitle=t(
            "移動後請在「座位」表更新桌號與座位，再執行一次即更新本表與桌卡。",
            "After a move, update table and seat on Seating and run again: this sheet and the table cards follow.",
        ),
    )


def table_cards_sheet(ctx: Context) -> Report | None:
    """Table cards (桌卡): one printed page per table of each MTT, its seats and players now."""
    res, t = ctx.res, ctx.t
    blocks = []
    for event in _seated_events(res):
        by_table: dict[int, list[Any]] = defaultdict(list)
        for s in res.current[event]:
            by_table[s.table].append([s.seat, s.player, ctx.pname(s.player), s.player[:1], ctx.country(s.player[:1])])
        for table in sorted(by_table):
            title = t(f"{_event_title(ctx, event)} · 第 {table} 桌", f"{_event_title(ctx, event)} · Table {table}")
            blocks.append(
                Block(
                    title,
                    [
                        t("座位", "Seat"),
                        t("選手", "Player"),
                        t("姓名", "Name"),
                        t("隊伍", "Team"),
                        t("國家／地區", "Country"),
                    ],
                    by_table[table],
                    page_break=bool(blocks),
                )
            )
    if not blocks:
        return None
    # posted on the table: large type, columns set apart, each card scaled up to fill its page
    return ctx.report("TableCards", "桌卡", "Table cards", blocks, wall=True, fit=True)


def nlh_sheet(ctx: Context) -> Report | None:
    """The NLH MTT's places and points, and each team's raw score."""
    res, t = ctx.res, ctx.t
    if not res.nlh_places:
        return None
    rows = []
    sharing = Counter(res.nlh_places.values())
    for p in sorted(res.nlh_field, key=lambda c: (res.nlh_places.get(c, 10**6), c)):
        place = res.nlh_places.get(p)
        shown = "" if place is None else (f"{place}=" if sharing[place] > 1 else place)  # a shared place prints as 7=
        rows.append([shown, p, ctx.pname(p), p[:1], num(res.nlh_points.get(p, "")) if res.nlh_points else ""])
    blocks = [
        Block(
            t("個人名次", "Places"),
            [t("名次", "Place"), t("選手", "Player"), t("姓名", "Name"), t("隊伍", "Team"), t("積分", "Points")],
            rows,
            number_format={4: "0.00"},
        )
    ]
    if res.nlh_raw:
        blocks.append(_team_raw_block(ctx, res.nlh_raw))
    return ctx.report("NLHPoints", "NLH MTT 名次積分", "NLH MTT places and points", blocks)


def _bounty_players_block(ctx: Context) -> Block:
    res, t, b = ctx.res, ctx.t, ctx.res.bounty
    # heads taken (人頭數: players this one knocked out) and the chips those heads brought are separate columns
    heads = Counter(e.to for e in ctx.data.bounty_log if e.out in b.out_hand and e.hand == b.out_hand[e.out])
    rows = []
    for p in sorted(b.field, key=lambda c: (b.places.get(c, 0) if c in b.places else -1, c)):
        share = b.place_share.get(p)
        place = f"{share[0]}=" if share and share[1] > share[0] else b.places.get(p, "")
        rows.append(
            [
                place,
                p,
                ctx.pname(p),
                p[:1],
                b.out_hand.get(p, ""),
                heads.get(p, 0),
                b.received.get(p, 0),
                b.handed.get(p, 0),
                b.chips[p],
                num(res.bounty_points.get(p, "")) if res.bounty_points else "",
            ]
        )
    return Block(
        t("選手", "Players"),
        [
            t("名次", "Place"),
            t("選手", "Player"),
            t("姓名", "Name"),
            t("隊伍", "Team"),
            t("淘汰手牌", "Out in hand"),
            t("人頭數", "Heads taken"),
            t("取得籌碼", "Chips received"),
            t("交出人頭值", "Head handed"),
            t("賞金籌碼", "Chips"),
            t("原始分", "Raw"),
        ],
        rows,
    )


def _bounty_milestones_block(ctx: Context) -> Block:
    t, b = ctx.t, ctx.res.bounty
    rows = [[e.hand, e.remaining, e.issued_each, e.head_value] for e in b.timeline]
    nominal = B.nominal_issue(len(b.field))
    return Block(
        t("里程碑", "Milestones reached"),
        [
            t("手牌", "Hand"),
            t("剩餘人數", "Players left"),
            t("每人補發", "Chips each"),
            t("新人頭值", "New head value"),
        ],
        rows,
        notes=[
            t(f"已發行賞金籌碼：{b.issued}（名目總量 {nominal}）", f"Chips issued: {b.issued} (nominal {nominal})"),
            t(
                f"目前人頭值：{b.head_value}；剩餘 {len(b.remaining)} 人",
                f"Head value now: {b.head_value}; {len(b.remaining)} left",
            ),
        ],
    )


def bounty_sheet(ctx: Context) -> Report | None:
    """The Escalating Bounty MTT: places, heads and chips per player, the milestones reached, team raw."""
    res = ctx.res
    if res.bounty is None:
        return None
    blocks = [_bounty_players_block(ctx), _bounty_milestones_block(ctx)]
    if res.bounty_raw:
        blocks.append(_team_raw_block(ctx, res.bounty_raw))
    return ctx.report("Bounty", "獵人賽（Escalating Bounty）", "Escalating Bounty MTT", blocks, landscape=True)


def milestones_sheet(ctx: Context) -> Report | None:
    """Appendix 5: the bounty milestone table for the actual field."""
    res, t, data = ctx.res, ctx.t, ctx.data
    field_size = len(res.bounty_field) or 3 * len(data.teams)
    if not field_size:
        return None
    ev = {
        "start": t("開賽", "Start"),
        "milestone": t("里程碑", "Milestone"),
        "champion": t("冠軍產生", "Champion"),
        "total": t("合計", "Total"),
    }
    rows = [
        [
            ev[r["event"]],
            _blank(r["players_left"]),
            _blank(r["each"]),
            r["issued"],
            r["cumulative"],
            _blank(r["head_before"]),
            _blank(r["head_after"]),
        ]
        for r in B.milestone_table(field_size, data.rules)
    ]
    header = [
        t("階段", "Stage"),
        t("剩餘人數", "Players left"),
        t("每人", "Each"),
        t("發行", "Issued"),
        t("累計", "Cumulative"),
        t("人頭值（前）", "Head value before"),
        t("人頭值（後）", "Head value after"),
    ]
    note = t(
        "里程碑為剩餘人數首次降至開賽人數之 1/2、1/4、1/8（無條件捨去），其後於剩餘 3 人、2 人，以及冠軍產生時各補發一次。",
        "Milestones: the first time the players left fall to 1/2, 1/4, 1/8 of the field (rounded down), then 3 left, 2 left; the champion gets one more.",
    )
    return ctx.report(
        "Appendix5",
        f"附件五 漸進式賞金籌碼里程碑（{field_size} 人）",
        f"Appendix 5: bounty milestones for {field_size} players",
        [Block("", header, rows, notes=[note])],
    )


# ---- qualification ---------------------------------------------------------------------------


def running_sheet(ctx: Context) -> Report | None:
    """Running standings after every stage, events not yet scored pending (until the qualification is in)."""
    res, t, data = ctx.res, ctx.t, ctx.data
    stages = (
        (res.day1_raw, data.rules.pool_hu),
        (res.nlh_raw, data.rules.pool_nlh),
        (res.bounty_raw, data.rules.pool_bounty),
    )
    if res.qualification is not None or not any(raw for raw, _ in stages):
        return None
    pending = t("待定", "pending")
    points: dict[str, list[Fraction | None]] = {tm: [] for tm in data.teams}
    for raw, pool in stages:
        total = sum(Fraction(v) for v in raw.values()) if raw else 0
        for tm in data.teams:
            points[tm].append(pool * Fraction(raw.get(tm, 0)) / total if raw and total else None)
    so_far = {tm: round_half_up(sum((x for x in points[tm] if x is not None), Fraction(0)), 2) for tm in data.teams}
    rows = [
        [_shared_rank(so_far[tm], so_far.values()), tm, ctx.country(tm)]
        + [float(round_half_up(x, 2)) if x is not None else pending for x in points[tm]]
        + [float(so_far[tm])]
        for tm in sorted(data.teams, key=lambda x: (-so_far[x], x))
    ]
    header = [
        t("名次", "Rank"),
        t("隊伍", "Team"),
        t("國家／地區", "Country"),
        t("單挑得分", "HU"),
        t("NLH 得分", "NLH"),
        t("獵人賽得分", "Bounty"),
        t("目前合計", "Total so far"),
    ]
    note = t(
        "得分＝分數池 × 該隊原始分 ÷ 全體原始分總和；名次依目前合計（小數第 2 位），同分以 7= 表示。",
        "Score = pool × team raw ÷ Σ raw; ranked on the total so far (2 decimals); equal totals share a rank (7=).",
    )
    block = Block(
        t("暫定：尚未計分之項目標示「待定」", "Provisional: events not yet scored are pending"),
        header,
        rows,
        number_format={3: "0.00", 4: "0.00", 5: "0.00", 6: "0.00"},
        notes=[note],
    )
    return ctx.report("Running", "資格賽暫定成績", "Running qualification standings", [block])


_STANDINGS_FORMAT = {4: "0.00", 6: "0.00", 8: "0.00", 9: "0.00"}


def _standings_header(t: Any) -> list[str]:
    return [
        t("名次", "Rank"),
        t("隊伍", "Team"),
        t("國家／地區", "Country"),
        t("單挑原始分", "HU raw"),
        t("單挑得分", "HU"),
        t("NLH 原始分", "NLH raw"),
        t("NLH 得分", "NLH"),
        t("獵人賽原始分", "Bounty raw"),
        t("獵人賽得分", "Bounty"),
        t("總成績", "Total"),
        t("賞金籌碼", "Chips"),
        t("最佳名次", "Best place"),
        t("次佳名次", "2nd place"),
        t("晉級", "Advances"),
        t("同分處理", "Tie-break"),
    ]


def _gap_note(ctx: Context) -> str:
    q, adv = ctx.res.qualification, ctx.data.rules.advance
    if q.gap is None:
        return ""
    return ctx.t(
        f"第 {adv} 名與第 {adv + 1} 名相差 {q.gap:.2f} 分。",
        f"Rank {adv} and rank {adv + 1} differ by {q.gap:.2f} points.",
    )


def _standings_notes(ctx: Context) -> list[str]:
    t, q = ctx.t, ctx.res.qualification
    hu, nlh, bounty = (num(q.raw_sums.get(k, 0)) for k in ("hu", "nlh", "bounty"))
    if ctx.data.rules.rounding != "largest-remainder":
        scoring = t(
            "得分＝分數池 × 該隊原始分 ÷ 全體原始分總和；總成績計算至小數點後第 2 位，第 3 位四捨五入。",
            "Score = pool × team raw ÷ Σ raw of all teams; totals to 2 decimals, rounded half up at the 3rd.",
        )
    else:
        scoring = t(
            "得分＝分數池 × 該隊原始分 ÷ 全體原始分總和；總成績以最大餘數法取至小數點後第 2 位，使總和恰為 1000（餘數相同者以種子抽籤，須由裁判長確認）。",
            "Score = pool × team raw ÷ Σ raw of all teams; totals to 2 decimals by largest remainder, so that they add up to "
            "exactly 1000 (equal remainders settled by the seeded lot, for the chief referee to confirm).",
        )
    notes = [
        t(f"Σ 原始分：單挑 {hu}、NLH {nlh}、獵人賽 {bounty}", f"Σ raw: HU {hu}, NLH {nlh}, bounty {bounty}"),
        t(f"總成績四捨五入尾差：{q.tail:+.2f}", f"Rounding tail of the totals: {q.tail:+.2f}")
        if q.tail is not None
        else "",
        _gap_note(ctx),
        scoring,
    ]
    return [n for n in notes if n]


def _scores(r: Any) -> list[Any]:
    """A standings row's raw scores and scores, event by event, and its total."""
    return [
        num(r.hu_raw),
        float(r.hu_printed),
        num(r.nlh_raw),
        float(r.nlh_printed),
        num(r.bounty_raw),
        float(r.bounty_printed),
        float(r.total_printed),
    ]


def standings_sheet(ctx: Context) -> Report | None:
    """The qualification standings (資格賽總成績), the advancing teams shaded."""
    q, t = ctx.res.qualification, ctx.t
    if q is None:
        return None
    tb = {
        "total": "",
        None: "",
        "bounty-chips": t("賞金籌碼", "bounty chips"),
        "best-place": t("最佳名次", "best place"),
        "second-place": t("次佳名次", "second place"),
        "lot": t("抽籤（待裁判長確認）", "lot (chief referee to confirm)"),
    }
    rows = [
        [
            r.rank,
            r.team,
            ctx.country(r.team),
            *_scores(r),
            r.bounty_chips,
            r.best_place or "",
            r.second_place or "",
            t("晉級", "yes") if r.advances else "",
            tb.get("lot" if r.by_lot else r.decided_by, r.decided_by or ""),
        ]
        for r in q.rows
    ]
    hl = {i for i, r in enumerate(q.rows) if r.advances}
    block = Block(
        "", _standings_header(t), rows, highlight=hl, notes=_standings_notes(ctx), number_format=_STANDINGS_FORMAT
    )
    return ctx.report("Standings", "資格賽總成績", "Qualification standings", [block], landscape=True)


def scoring_example_sheet(ctx: Context) -> Report | None:
    """Appendix 6: the qualification scoring example, for the event's own teams."""
    q, t = ctx.res.qualification, ctx.t
    if q is None:
        return None
    adv = "、".join(q.advancing()) if t.zh else ", ".join(q.advancing())
    rows = [[r.rank, r.team, ctx.country(r.team), *_scores(r)] for r in q.rows]
    hl = {i for i, r in enumerate(q.rows) if r.advances}
    ex = Block(
        t(
            f"範例（{len(q.rows)} 隊）。原始分依第二章（一）之公式換算為得分。",
            f"Example ({len(q.rows)} teams). Raw scores converted with the formula of chapter 2 (1).",
        ),
        _standings_header(t)[:10],
        rows,
        highlight=hl,
        number_format=_STANDINGS_FORMAT,
        notes=[t(f"晉級 {adv}（已標色）。", f"Advancing: {adv} (shaded)."), _gap_note(ctx)],
    )
    return ctx.report("Appendix6", "附件六 資格賽計分範例", "Appendix 6: qualification scoring", [ex], landscape=True)


# ---- finals ----------------------------------------------------------------------------------


def _owed_block(ctx: Context) -> Block:
    """Who still owes an HU or an SNG appearance, and who is forced next round."""
    res, t = ctx.res, ctx.t
    rows = []
    for team in res.finalists:
        ow = res.finals_owed.get(team)
        if ow is None or ow.next_round is None:
            continue  # nothing left to owe once all three rounds are in
        rows.append(
            [
                team,
                ow.next_round or "",
                ", ".join(ow.hu),
                ", ".join(ow.sng),
                ", ".join(ow.must_hu),
                ", ".join(ow.must_sng),
            ]
        )
    return Block(
        t("出賽義務（每人至少單挑 1 場、單桌 1 場）", "Appearances owed (each player at least 1 HU and 1 SNG)"),
        [
            t("隊伍", "Team"),
            t("下一輪", "Next round"),
            t("尚未單挑", "Not yet HU"),
            t("尚未單桌", "Not yet SNG"),
            t("下一輪必須單挑", "Must play HU next"),
            t("下一輪必須單桌", "Must play SNG next"),
        ],
        rows,
    )


def finals_draw_sheet(ctx: Context) -> Report | None:
    """The finals draw, round by round, after the appearances still owed."""
    res, t = ctx.res, ctx.t
    if not (res.finalists and (res.finals_owed or res.finals_draws)):
        return None
    blocks = []
    if any(ow.next_round is not None for ow in res.finals_owed.values()):
        blocks.append(_owed_block(ctx))
    for rnd, d in sorted(res.finals_draws.items()):
        rows = [[m.table, m.a, ctx.pname(m.a), m.b, ctx.pname(m.b)] for m in sorted(d.hu, key=lambda m: (m.table, m.a))]
        # each round on a page of its own, its heads-up and single-table draws together
        blocks.append(
            Block(
                t(f"第 {rnd} 輪 單挑賽", f"Round {rnd} heads-up"),
                [
                    t("桌號", "Table"),
                    t("選手甲", "Player A"),
                    t("姓名", "Name"),
                    t("選手乙", "Player B"),
                    t("姓名", "Name"),
                ],
                rows,
                page_break=bool(blocks),
                page_group=f"round-{rnd}",
            )
        )
        rows = [
            [s_.table, s_.seat, s_.player, ctx.pname(s_.player), s_.player[:1]]
            for s_ in sorted(d.sng, key=lambda s_: (s_.table, s_.seat))
        ]
        blocks.append(
            Block(
                t(f"第 {rnd} 輪 單桌錦標賽", f"Round {rnd} single-table tournaments"),
                [t("桌號", "Table"), t("座位", "Seat"), t("選手", "Player"), t("姓名", "Name"), t("隊伍", "Team")],
                rows,
                notes=[ctx.seed_line + f" (finals/r{rnd})"],
                page_group=f"round-{rnd}",
            )
        )
    return ctx.report("FinalsDraw", "決賽抽籤", "Finals draw", blocks)


def _finals_round_blocks(ctx: Context, rnd: int, places: Mapping[tuple[int, str], int]) -> list[Block]:
    """One finals round's heads-up results, single-table places and points by team."""
    res, t, data = ctx.res, ctx.t, ctx.data
    sng_scale = data.scales["sng"]
    hu_rows = [  # each player named, as on the draw
        [
            r.table,
            r.a,
            ctx.pname(r.a),
            r.b,
            ctx.pname(r.b),
            r.winner if r.winner in (r.a, r.b) else "",
            r.winner[:1] if r.winner in (r.a, r.b) else "",
        ]
        for r in sorted(data.finals_hu, key=lambda r: (r.table, r.a))
        if r.round == rnd
    ]
    sng_rows = [
        [
            x.table,
            x.player,
            ctx.pname(x.player),
            x.player[:1],
            places.get((rnd, x.player), ""),
            num(sng_scale.get(places[(rnd, x.player)], Fraction(0))) if (rnd, x.player) in places else "",
        ]
        for x in sorted(data.finals_sng, key=lambda x: (x.table, places.get((x.round, x.player), 9), x.player))
        if x.round == rnd
    ]
    team_pts = {tm: [0, Fraction(0)] for tm in res.finalists}
    for r in hu_rows:
        if r[6] in team_pts:
            team_pts[r[6]][0] += data.rules.final_hu_win
    for (r_, player), place in places.items():
        if r_ == rnd and player[:1] in team_pts:
            team_pts[player[:1]][1] += sng_scale.get(place, Fraction(0))
    return [
        Block(
            t(f"第 {rnd} 輪 單挑賽", f"Round {rnd} heads-up"),
            [
                t("桌號", "Table"),
                t("選手甲", "Player A"),
                t("姓名", "Name"),
                t("選手乙", "Player B"),
                t("姓名", "Name"),
                t("勝方", "Winner"),
                t("隊伍", "Team"),
            ],
            hu_rows,
        ),
        Block(
            t(f"第 {rnd} 輪 單桌錦標賽", f"Round {rnd} single-table tournaments"),
            [
                t("桌號", "Table"),
                t("選手", "Player"),
                t("姓名", "Name"),
                t("隊伍", "Team"),
                t("名次", "Place"),
                t("得分", "Points"),
            ],
            sng_rows,
        ),
        Block(
            t(f"第 {rnd} 輪 各隊得分", f"Round {rnd} points by team"),
            [
                t("隊伍", "Team"),
                t("國家／地區", "Country"),
                t("單挑", "HU"),
                t("單桌", "SNG"),
                t("本輪合計", "Round total"),
            ],
            [[tm, ctx.country(tm), hu, num(sng), num(hu + sng)] for tm, (hu, sng) in team_pts.items()],
        ),
    ]


def finals_results_sheet(ctx: Context) -> Report | None:
    """The finals results, round by round."""
    res, data = ctx.res, ctx.data
    if not (res.finals_draws and (data.finals_hu or data.finals_sng)):
        return None
    places = res.finals_results.sng_places if res.finals_results else {}
    blocks = []
    for rnd in sorted(res.finals_draws):
        for b in _finals_round_blocks(ctx, rnd, places):
            b.page_group = f"round-{rnd}"  # each round on a page of its own
            blocks.append(b)
    return ctx.report("FinalsResults", "決賽各輪結果", "Finals results round by round", blocks)


def final_standings_sheet(ctx: Context) -> Report | None:
    """The final standings (決賽成績), the champion shaded once every game is in."""
    fs, t = ctx.res.final_standings, ctx.t
    if fs is None:
        return None
    tb = {
        None: "",
        "total": "",
        "sng": t("單桌總分", "SNG total"),
        "hu": t("單挑總分", "HU total"),
        "lot": t("抽籤（待裁判長確認）", "lot (chief referee to confirm)"),
    }
    rows = [
        [
            r.rank,
            r.team,
            ctx.country(r.team),
            r.qualification_rank or "",
            num(r.hu),
            num(r.sng),
            num(r.bonus),
            num(r.total),
            tb.get("lot" if r.by_lot else r.decided_by, ""),
        ]
        for r in fs.rows
    ]
    status = (
        t("最終成績", "Final") if fs.complete else t("暫定成績（尚有比賽未完成）", "Provisional (games still to play)")
    )
    header = [
        t("名次", "Rank"),
        t("隊伍", "Team"),
        t("國家／地區", "Country"),
        t("資格賽名次", "Qualification rank"),
        t("單挑", "HU"),
        t("單桌", "SNG"),
        t("名次加分", "Bonus"),
        t("總成績", "Total"),
        t("同分處理", "Tie-break"),
    ]
    note = t(
        "總成績＝單挑（每勝 4 分）＋單桌名次分＋資格賽名次加分；同分依單桌總分、單挑總分、抽籤。",
        "Total = HU (4 per win) + SNG place points + qualification bonus; ties: SNG total, HU total, lot.",
    )
    return ctx.report(
        "FinalStandings",
        "決賽成績",
        "Final standings",
        [Block(status, header, rows, highlight={0} if fs.complete else set(), notes=[note])],
    )


# ---- the reckoner, the players, what is missing --------------------------------------------------


def _decimal_formats(rows: Sequence[Sequence[Any]]) -> dict[int, str]:
    """Columns of exact decimals printed with their places (87.30, not 87.3; 1.0101 to 4)."""
    formats: dict[int, str] = {}
    for row in rows:
        for i, v in enumerate(row):
            if isinstance(v, Decimal) and i not in formats and int(v.as_tuple().exponent) < 0:
                formats[i] = "0." + "0" * -int(v.as_tuple().exponent)
    return formats


def reckoner_sheet(ctx: Context) -> Report | None:
    """The quick reckoner (現場速算表) for the event's field: what one raw unit is worth."""
    sections = ctx.reckoner_rows()
    if not sections:
        return None
    blocks = [Block(sec.title, sec.header, sec.rows, number_format=_decimal_formats(sec.rows)) for sec in sections]
    return ctx.report("Reckoner", "現場速算表（僅供估算）", "Quick reckoner (estimate only)", blocks)


def _finals_appearances(res: Results) -> tuple[dict[str, int], Mapping[str, int], dict[str, list[int]]]:
    """Per player: finals heads-up matches drawn, heads-up wins, and single-table places that count."""
    drawn: dict[str, int] = defaultdict(int)
    for d in res.finals_draws.values():
        for m in d.hu:
            drawn[m.a] += 1
            drawn[m.b] += 1
    wins = res.finals_results.hu_wins if res.finals_results else {}
    places: dict[str, list[int]] = defaultdict(list)
    if res.finals_results:
        for (_rnd, player), place in sorted(res.finals_results.sng_places.items()):
            places[player].append(place)
    return drawn, wins, places


def _day2_record(ctx: Context, code: str) -> list[Any]:
    """A player's Day 2 event, NLH place, bounty place and bounty chips."""
    res, t = ctx.res, ctx.t
    event = ""
    if code in res.nlh_field:
        event = "NLH"
    elif code in res.bounty_field:
        event = t("獵人賽", "Bounty")
    b_place = res.bounty.places.get(code, "") if res.bounty else ""
    chips = res.bounty.chips.get(code, "") if res.bounty and code in res.bounty_field else ""
    return [event, res.nlh_places.get(code, ""), b_place, chips]


def players_sheet(ctx: Context) -> Report | None:
    """Individual records: each player's Day 1, Day 2 and (once drawn) finals record."""
    res, t, data = ctx.res, ctx.t, ctx.data
    if not data.players:
        return None
    sched = D1.player_schedules(res.day1) if res.day1 else {}
    finals_hu, finals_hu_wins, finals_sng = _finals_appearances(res)
    finals_played = bool(res.finals_draws)
    rows = []
    for code in sorted(data.players, key=lambda c: (c[:1], int(c[1:]))):
        p = data.players[code]
        ms = sched.get(code, [])
        row = [
            code,
            p.name,
            p.country,
            sum(1 for m in ms if m.winner == code),
            sum(1 for m in ms if m.winner),
            *_day2_record(ctx, code),
        ]
        if finals_played:
            row += [
                finals_hu.get(code, ""),
                finals_hu_wins.get(code, 0) if code in finals_hu else "",
                " / ".join(str(x) for x in finals_sng.get(code, [])),
            ]
        rows.append(row)
    header = [
        t("選手", "Player"),
        t("姓名", "Name"),
        t("國家／地區", "Country"),
        t("單挑勝", "HU won"),
        t("單挑場數", "HU played"),
        t("第二天項目", "Day 2 event"),
        t("NLH 名次", "NLH place"),
        t("獵人賽名次", "Bounty place"),
        t("賞金籌碼", "Bounty chips"),
    ]
    if finals_played:
        header += [
            t("決賽單挑場數", "Finals HU played"),
            t("決賽單挑勝", "Finals HU won"),
            t("決賽單桌名次", "Finals SNG places"),
        ]
    return ctx.report("Players", "個人紀錄", "Individual records", [Block("", header, rows)], landscape=finals_played)


def _missing_day1(ctx: Context) -> list[Block]:
    res, t = ctx.res, ctx.t
    if not res.day1 or res.day1_generated:  # a table just drawn is not "missing" anything yet
        return []
    blocks = []
    for rnd in sorted({m.round for m in res.day1}):
        rows = [
            [m.table, ctx.who(m.home), ctx.who(m.away)]
            for m in sorted(res.day1, key=lambda m: (m.table, m.home))
            if m.round == rnd and not m.winner
        ]
        if rows:
            blocks.append(
                Block(
                    t(f"第一天 第 {rnd} 輪 · 尚缺 {len(rows)} 場", f"Day 1 round {rnd} · {len(rows)} missing"),
                    [t("桌號", "Table"), t("主隊選手", "Home"), t("客隊選手", "Away")],
                    rows,
                )
            )
    return blocks


def _missing_finals(ctx: Context) -> list[Block]:
    res, t = ctx.res, ctx.t
    won = {(r.round, frozenset((r.a, r.b))) for r in ctx.data.finals_hu if r.winner}
    placed = set(res.finals_results.sng_places) if res.finals_results else set()
    blocks = []
    for rnd, d in sorted(res.finals_draws.items()):
        rows = [
            [m.table, ctx.who(m.a), ctx.who(m.b)]
            for m in sorted(d.hu, key=lambda m: (m.table, m.a))
            if (rnd, frozenset((m.a, m.b))) not in won
        ]
        if rows:
            blocks.append(
                Block(
                    t(
                        f"決賽第 {rnd} 輪 單挑賽 · 尚缺 {len(rows)} 場",
                        f"Finals round {rnd} heads-up · {len(rows)} missing",
                    ),
                    [t("桌號", "Table"), t("選手甲", "Player A"), t("選手乙", "Player B")],
                    rows,
                )
            )
        tables = defaultdict(list)
        for s_ in sorted(d.sng, key=lambda s_: (s_.table, s_.seat)):
            tables[s_.table].append(s_.player)
        rows = [
            [table, "、".join(map(ctx.who, ps)) if t.zh else ", ".join(map(ctx.who, ps))]
            for table, ps in sorted(tables.items())
            if any((rnd, p) not in placed for p in ps)
        ]
        if rows:
            blocks.append(
                Block(
                    t(
                        f"決賽第 {rnd} 輪 單桌錦標賽 · 尚缺 {len(rows)} 桌",
                        f"Finals round {rnd} single tables · {len(rows)} missing",
                    ),
                    [t("桌號", "Table"), t("選手", "Players")],
                    rows,
                )
            )
    return blocks


def missing_sheet(ctx: Context) -> Report | None:
    """Results still missing (尚缺成績), per round: the Day 1 and finals heads-up tables with no
    winner yet and the finals single tables whose places are not all in."""
    blocks = _missing_day1(ctx) + _missing_finals(ctx)
    if not blocks:
        return None
    return ctx.report(
        "Missing",
        "尚缺成績",
        "Results still missing",
        blocks,
        subtitle=ctx.t(
            "以下各桌尚未交回成績；收到後請填入對應工作表再執行一次。",
            "These tables have not handed in their results yet; type them on their sheet when they come in and run again.",
        ),
    )


SHEETS = (
    day1_pairings_sheet,
    schedules_sheet,
    appendix1_sheet,
    appendix2_sheet,
    day1_board_sheet,
    day2_draw_sheet,
    moves_sheet,
    current_seating_sheet,
    table_cards_sheet,
    nlh_sheet,
    bounty_sheet,
    milestones_sheet,
    running_sheet,
    standings_sheet,
    scoring_example_sheet,
    finals_draw_sheet,
    finals_results_sheet,
    final_standings_sheet,
    reckoner_sheet,
    players_sheet,
    missing_sheet,
)


def reports(res: Results, lang: str, reckoner_rows: Sequence[Any] | None = None) -> list[Report]:
    """Every report sheet at once (the sheet builders' output, for callers that want a list);
    ``reckoner_rows``: the quick reckoner's sections when the caller has made them already."""
    return list(build_sheets(SHEETS, Context(res, lang, reckoner_rows)))
