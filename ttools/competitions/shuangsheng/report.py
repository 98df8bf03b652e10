"""Results -> printable sheets (pairings, standings, cross-table, record cards, deal-by-deal
levels, results still missing), one builder per sheet, and the JSON summary."""

from __future__ import annotations

from typing import Any

from ttools.competitions.base import SheetContext, build_sheets
from ttools.competitions.shuangsheng.compute import Entry, NewRound, Record, Results
from ttools.competitions.shuangsheng.rules import DealStep, TableLog
from ttools.competitions.shuangsheng.schema import OUTPUTS
from ttools.i18n import Translator, pick
from ttools.workbook.write import Block, Report

SIGNED = "+0;-0;0"


class Context(SheetContext):
    """What the Shuangsheng sheets share: the event's name, the pairs by id, the rounds played so
    far and every pair in standings order (the disqualified last)."""

    def __init__(self, res: Results, lang: str) -> None:
        super().__init__(res, lang)
        self.data = res.data
        self.records = res.records
        self.name = res.data.name or self.t("雙升比賽", "Shuangsheng")
        self.last = max(res.last_round, 0)
        self.ordered = [x.item for x in res.standings] + res.disqualified

    def sheet_name(self, key: str) -> str:
        return pick(OUTPUTS[key], self.lang, key)

    def label(self, pid: str | None) -> str:
        """A pair as the sheets name it: its id and name."""
        if not pid:
            return ""
        r = self.records.get(pid)
        return f"{pid} {r.pair.name}".strip() if r else pid


def players_of(rec: Record) -> str:
    return " / ".join(x for x in (rec.pair.player1, rec.pair.player2) if x)


def side_word(side: int, t: Translator) -> str:
    return t("甲", "1") if side == 1 else t("乙", "2")


# ---- Pairings: the round just paired (or still being played) -----------------------------------


def pairings_sheet(ctx: Context) -> Report | None:
    nr = ctx.res.new_round or ctx.res.current
    if nr is None:
        return None
    t = ctx.t
    header = [
        t("桌號", "Table"),
        t("甲方", "Pair 1"),
        t("隊名", "Name"),
        t("選手", "Players"),
        t("積分", "Pts"),
        t("乙方", "Pair 2"),
        t("隊名", "Name"),
        t("選手", "Players"),
        t("積分", "Pts"),
        t("甲方級數", "Level 1"),
        t("乙方級數", "Level 2"),
    ]
    notes = _sitting_out_notes(ctx, nr) + _float_notes(ctx, nr) + _relaxation_notes(ctx, nr)
    subtitle = t(
        "{method} · 抽籤種子：{seed} · 每輪 1 小時，先過A者或級數高者勝。",
        "{method} · draw seed: {seed} · one hour a round; first past A or the higher level wins.",
        method=_pairing_method(ctx, nr),
        seed=ctx.data.seed,
    )
    return Report(
        "Pairings",
        ctx.sheet_name("Pairings"),
        t("{name} · 第 {round} 輪對陣表", "{name} · Pairings, round {round}", name=ctx.name, round=nr.round),
        [Block("", header, _pairing_rows(ctx, nr), notes=notes)],
        landscape=True,
        subtitle=subtitle,
        wall=True,  # posted for the pairs to find their table: large type, a rule between the columns
    )


def _pairing_rows(ctx: Context, nr: NewRound) -> list[list[Any]]:
    rec = ctx.records

    def before(r: Record) -> int:
        """Match points before the round (the sheet is printed before it is played)."""
        return sum(e.points for k, e in r.entries.items() if k < nr.round)

    rows: list[list[Any]] = []
    for tb in nr.tables:
        if tb.pair1 not in rec or (tb.pair2 is not None and tb.pair2 not in rec):
            continue  # a slip naming an unknown pair: reported on its cell
        a = rec[tb.pair1]
        if tb.pair2 is None:
            rows.append(["", tb.pair1, a.pair.name, players_of(a), before(a), ctx.t("輪空", "bye"), "", "", "", "", ""])
            continue
        b = rec[tb.pair2]
        rows.append(
            [
                tb.table,
                tb.pair1,
                a.pair.name,
                players_of(a),
                before(a),
                tb.pair2,
                b.pair.name,
                players_of(b),
                before(b),
                "",
                "",
            ]
        )
    return rows


def _sitting_out_notes(ctx: Context, nr: NewRound) -> list[str]:
    """The pairs not paired this round, and why."""
    t = ctx.t
    notes = []
    for pid, kind in nr.sitting_out:
        reason = "; ".join(s.reason for s in ctx.records[pid].sanctions if s.reason)
        what = t("停賽", "suspended") if kind == "suspend" else t("取消比賽資格", "disqualified")
        why = t("（{reason}）", " ({reason})", reason=reason) if reason else ""
        notes.append(t("{pair}：{what}", "{pair}: {what}", pair=ctx.label(pid), what=what) + why)
    return notes


def _float_notes(ctx: Context, nr: NewRound) -> list[str]:
    """Every table between two points groups (跨分組), and why the groups could not keep it."""
    t = ctx.t
    notes = []
    for f in nr.floats:
        if f.reason == "odd":
            why = t("{points} 分組人數為單數", "the {points}-point group has an odd number of pairs", points=f.group)
        else:
            why = t(
                "{points} 分組無法組內配對而不重複對手或同單位相遇",
                "the {points}-point group cannot be paired within itself without a repeat or a same-club table",
                points=f.group,
            )
        notes.append(
            t(
                "跨分組：{a}（{pa} 分）對 {b}（{pb} 分），因{why}",
                "Float: {a} ({pa} pts) v {b} ({pb} pts): {why}",
                a=ctx.label(f.high),
                pa=f.high_points,
                b=ctx.label(f.low),
                pb=f.low_points,
                why=why,
            )
        )
    return notes


def _relaxation_notes(ctx: Context, nr: NewRound) -> list[str]:
    """What the draw had to give up: repeats and same-club matches it could not avoid."""
    t = ctx.t
    notes: list[str] = []
    if nr.relaxation is None:
        return notes
    for r in nr.relaxation.repeats:
        if r.meetings:
            notes.append(
                t(
                    "無法避免重複對手：{a} 與 {b}（已相遇 {meetings} 次）",
                    "Unavoidable repeat: {a} v {b} (met {meetings}×)",
                    a=r.a,
                    b=r.b,
                    meetings=r.meetings,
                )
            )
        elif r.same_club:
            notes.append(t("同單位無法迴避：{a} 與 {b}", "Same club, unavoidable: {a} v {b}", a=r.a, b=r.b))
    return notes


def _pairing_method(ctx: Context, nr: NewRound) -> str:
    t = ctx.t
    if ctx.data.pairing == "rr":
        return t("單循環（Berger 表）", "round robin (Berger tables)")
    if nr.round == 1:
        return t("第一輪抽籤", "round 1 by seeded draw")
    order = (
        t("相鄰名次相遇", "adjacent ranks")
        if ctx.data.swiss_order == "adjacent"
        else t("上半區對下半區", "top half v bottom half")
    )
    return t("積分編排（{order}）", "Swiss by match points ({order})", order=order)


# ---- Scoresheets: one blank deal-by-deal sheet per table of the round ---------------------------

SCORESHEET_DEALS = 16  # rows for deals on each table's sheet (an hour rarely holds more)


def scoresheets_sheet(ctx: Context) -> Report | None:
    """记分表: for each table of the round just paired (or being played), a blank sheet with the
    match's pairs and players filled in, one row per deal (declarer, points, kitty, last lead,
    penalties, levels after), and the kitty rule and the bands printed on it; each on its own page."""
    nr = ctx.res.new_round or ctx.res.current
    if nr is None:
        return None
    t = ctx.t
    header = [
        t("副", "Deal"),
        t("莊家（甲／乙）", "Declarer (1/2)"),
        t("防家得分", "Captured"),
        t("底牌分", "Kitty"),
        t("摳底牌型", "Last lead"),
        t("甲方罰分", "Penalty 1"),
        t("乙方罰分", "Penalty 2"),
        t("判負", "Loss"),
        t("甲方級數", "Level 1"),
        t("乙方級數", "Level 2"),
    ]
    rows = [[d] + [""] * (len(header) - 1) for d in range(1, SCORESHEET_DEALS + 1)]
    start = ctx.data.rules.start_level
    notes = [
        *_scoresheet_rules(ctx),
        t(
            "雙方由 {start} 打起；第 1 副莊家由抓牌決定，填甲或乙。",
            "Both pairs start at {start}; deal 1's declarer is decided by the draw for the deal: write 1 or 2.",
            start=start,
        ),
        t(
            "終局：甲方 ＿＿ 乙方 ＿＿ 先過A：＿＿　甲方簽名：＿＿＿＿ 乙方簽名：＿＿＿＿ 裁判：＿＿＿＿",
            "Final: pair 1 ____ pair 2 ____ first past A: ____   Pair 1: ________ Pair 2: ________ Referee: ________",
        ),
    ]
    # every table's sheet from the top of a page (the first one under the sheet's title)
    tables = [tb for tb in nr.tables if tb.pair2 is not None and tb.pair1 in ctx.records and tb.pair2 in ctx.records]
    blocks = [
        Block(
            _scoresheet_title(ctx, nr.round, tb.table, tb.pair1, tb.pair2), header, rows, notes=notes, page_break=k > 0
        )
        for k, tb in enumerate(tables)
    ]
    if not blocks:
        return None
    return Report(
        "Scoresheets",
        ctx.sheet_name("Scoresheets"),
        t("{name} · 第 {round} 輪記分表", "{name} · Scoresheets, round {round}", name=ctx.name, round=nr.round),
        blocks,
        landscape=True,
        wall=True,  # written on by hand at the table: rows as tall as the wall sheets' type, columns apart
        subtitle=t(
            "每桌一頁；比賽後交裁判，記分員按此填入「逐副記分」。",
            "One page a table; hand it to the referee after the match, to be typed into Deals.",
        ),
    )


def _scoresheet_title(ctx: Context, rnd: int, table: int | None, pair1: str, pair2: str | None) -> str:
    t = ctx.t
    a, b = ctx.records[pair1], ctx.records[pair2 or ""]
    return t(
        "第 {round} 輪 第 {table} 桌 · 甲方 {pair1}（{players1}） 對 乙方 {pair2}（{players2}）",
        "Round {round}, table {table} · 1: {pair1} ({players1}) v 2: {pair2} ({players2})",
        round=rnd,
        table=table,
        pair1=ctx.label(pair1),
        players1=players_of(a) or "—",
        pair2=ctx.label(pair2),
        players2=players_of(b) or "—",
    )


def _scoresheet_rules(ctx: Context) -> list[str]:
    """The kitty rule and the bands, as the Rules sheet sets them, for the table to apply."""
    t, rules = ctx.t, ctx.data.rules
    rb = rules.bands
    throw = (
        t("甩牌 ×3", "throw ×3")
        if rules.kitty == "seed004"
        else t("甩牌按其中最大的對子或拖拉機計", "a throw counts as the largest pair or tractor in it")
    )
    return [
        t(
            "摳底（防家贏末圈）：單張 ×2、對子 ×4、k 連對拖拉機 ×2^(k+1)、{throw}。",
            "Kitty (defenders win the last trick): single ×2, pair ×4, tractor of k pairs ×2^(k+1), {throw}.",
            throw=throw,
        ),
        t(
            "防家總分 P＝防家得分＋底牌分×倍數＋罰莊家分−罰防家分±判負 {loss}；P<{threshold} 莊家升級"
            "（0 升 3、5–35 升 2、{step}–{top} 升 1），P≥{threshold} 換莊，每 {step} 分升 1 級；莊家打 A 守住即過A。",
            "P = captured + kitty × multiplier + penalties on declarers − penalties on defenders ± {loss} for a lost deal; "
            "P < {threshold}: declarers up (0: +3, 5–35: +2, {step}–{top}: +1); P ≥ {threshold}: the defenders take the deal, "
            "+1 per {step}; declarers who win a deal playing A are past A.",
            loss=rules.board_loss,
            threshold=rb.threshold,
            step=rb.step,
            top=rb.threshold - 5,
        ),
    ]


# ---- Standings -------------------------------------------------------------------------------


def standings_sheet(ctx: Context) -> Report | None:
    res, t = ctx.res, ctx.t
    rows, highlight = _standing_rows(ctx)
    if not rows:
        return None
    title = t("第 {n} 輪後", "after round {n}", n=res.through) if res.through else t("賽前", "before round 1")
    header = [
        t("名次", "Rank"),
        t("編號", "ID"),
        t("隊名", "Name"),
        t("選手", "Players"),
        t("單位", "Club"),
        t("積分", "Points"),
        t("對手分", "Opp. score"),
        t("級差分", "Level diff."),
        t("小分", "Small pts"),
        t("同分處理", "Decided by"),
        t("勝", "W"),
        t("平", "D"),
        t("負", "L"),
        t("輪空", "Byes"),
        t("備註", "Note"),
    ]
    # a Club column when no pair has a club, or a Byes column when no pair has had a bye (an even
    # field, a round robin), says nothing and takes width from a sheet read off a wall
    records = [x.item for x in res.standings] + list(res.disqualified)
    silent = {4} if not any(r.pair.club for r in records) else set()
    if not any(r.byes for r in records):
        silent.add(13)
    header, rows, formats = without_columns(silent, header, rows, {7: SIGNED})
    return Report(
        "Standings",
        ctx.sheet_name("Standings"),
        t("{name} · 排名", "{name} · Standings", name=ctx.name),
        [Block(title, header, rows, highlight=highlight, notes=_standing_notes(ctx), number_format=formats)],
        landscape=True,
        wall=True,
    )


def without_columns(
    drop: set[int], header: list[str], rows: list[list[Any]], number_format: dict[int, str]
) -> tuple[list[str], list[list[Any]], dict[int, str]]:
    """The table with the columns ``drop`` left out (by index), its number formats moved with
    the columns that stay."""
    keep = [k for k in range(len(header)) if k not in drop]
    new = {old: k for k, old in enumerate(keep)}
    return (
        [header[k] for k in keep],
        [[row[k] for k in keep] for row in rows],
        {new[k]: f for k, f in number_format.items() if k in new},
    )


def _standing_rows(ctx: Context) -> tuple[list[list[Any]], set[int]]:
    """The ranked pairs (a tie split by lot highlighted), then the disqualified, unranked."""
    res, t = ctx.res, ctx.t
    decided = {
        0: t("積分", "points"),
        1: t("對手分", "opp. score"),
        2: t("級差分", "level diff."),
        3: t("小分", "small pts"),
    }
    rows = []
    highlight = set()
    for i, x in enumerate(res.standings):
        r = x.item
        if x.by_lot:
            how = t("抽籤（請裁判長確認）", "lot (chief referee to confirm)")
            highlight.add(i)
        else:
            how = decided.get(x.decided_by, "") if x.decided_by is not None else ""
        rows.append(
            [
                x.rank,
                r.pair.id,
                r.pair.name,
                players_of(r),
                r.pair.club,
                r.points,
                r.opp_score,
                r.level_diff,
                r.small_points,
                how,
                r.wins,
                r.draws,
                r.losses,
                r.byes,
                sanction_notes(r, t),
            ]
        )
    for r in res.disqualified:
        rows.append(
            [
                t("取消資格", "DQ"),
                r.pair.id,
                r.pair.name,
                players_of(r),
                r.pair.club,
                r.points,
                r.opp_score,
                r.level_diff,
                r.small_points,
                "",
                r.wins,
                r.draws,
                r.losses,
                r.byes,
                sanction_notes(r, t),
            ]
        )
    return rows, highlight


def _standing_notes(ctx: Context) -> list[str]:
    """How the ranking is decided, and what still waits for a result."""
    t = ctx.t
    notes = [
        t(
            "名次依次按積分、對手分（所遇對手積分之和）、級差分（Σ 本方終局級數 − 對方終局級數，過A 比 A 多 1）、"
            "小分（Σ 終局級數 − 2），再以抽籤決定。",
            "Ranked by match points, opponent score (sum of the points of every opponent met), "
            "level difference (Σ own final level − opponent's, past A one above A), small points (Σ final level − 2), "
            "then a seeded lot.",
        ),
        t(
            "輪空計 2 分、級數 3:2，不計對手分；棄權雙方互為對手，級數 2:3；停賽輪不計分。取消資格者之前成績有效，不排名次。",
            "A bye: 2 points, levels 3:2, no opponent score; a forfeit counts both as opponents, levels 2:3; "
            "a suspended round counts nothing. A disqualified pair's played results stand; it is not ranked.",
        ),
        t("抽籤種子：{seed}", "Draw seed: {seed}", seed=ctx.data.seed),
    ]
    if ctx.res.pending:
        notes.insert(0, t("尚有 {n} 場未填成績。", "{n} match(es) still without a result.", n=len(ctx.res.pending)))
    return notes


# ---- Cross-table and record cards -------------------------------------------------------------


def cross_table_sheet(ctx: Context) -> Report | None:
    if not (ctx.last and ctx.ordered):
        return None
    t, rounds = ctx.t, range(1, ctx.last + 1)
    rows = [[r.pair.id, r.pair.name, *[_cell(r.entries.get(rnd), t) for rnd in rounds], r.points] for r in ctx.ordered]
    header = [t("編號", "ID"), t("隊名", "Name"), *[t("第{n}輪", "R{n}", n=n) for n in rounds], t("積分", "Points")]
    return Report(
        "CrossTable",
        ctx.sheet_name("CrossTable"),
        t("{name} · 成績總表", "{name} · Cross-table", name=ctx.name),
        [Block("", header, rows)],
        landscape=True,
        subtitle=t(
            "每格：對手 本方級數:對方級數 得分（棄權＝本方棄權，對棄＝對方棄權）。",
            "Each cell: opponent, own level:opponent's, points (ff = forfeited, w/o = won by the opponent's forfeit).",
        ),
    )


def record_cards_sheet(ctx: Context) -> Report | None:
    if not (ctx.last and ctx.ordered):
        return None
    t = ctx.t
    header = [
        t("輪次", "Rd"),
        t("桌號", "Table"),
        t("對手", "Opponent"),
        t("級數", "Levels"),
        t("結果", "Result"),
        t("得分", "Pts"),
        t("累計", "Total"),
    ]
    blocks = [
        Block(
            _record_card_head(ctx, r),
            header,
            _record_card_rows(ctx, r),
            notes=[sanction_notes(r, t)] if r.sanctions else [],
        )
        for r in ctx.ordered
    ]
    return Report(
        "Records", ctx.sheet_name("Records"), t("{name} · 成績卡", "{name} · Record cards", name=ctx.name), blocks
    )


def _record_card_head(ctx: Context, r: Record) -> str:
    """The pair, its players, its place and its tie-break totals."""
    t = ctx.t
    place = next((x.rank for x in ctx.res.standings if x.item is r), None)
    head = f"{r.pair.id} {r.pair.name}".strip() + (f" · {players_of(r)}" if players_of(r) else "")
    head += t(" · 第 {place} 名", " · rank {place}", place=place) if place else t(" · 取消資格", " · disqualified")
    head += t(
        " · 積分 {points} 對手分 {opp} 級差分 {diff:+d} 小分 {small}",
        " · points {points}, opp. {opp}, level diff. {diff:+d}, small {small}",
        points=r.points,
        opp=r.opp_score,
        diff=r.level_diff,
        small=r.small_points,
    )
    return head


def _record_card_rows(ctx: Context, r: Record) -> list[list[Any]]:
    t = ctx.t
    rows: list[list[Any]] = []
    total = 0
    for rnd in range(1, ctx.last + 1):
        e = r.entries.get(rnd)
        if e is None:
            continue
        total += e.points
        rows.append(
            [
                rnd,
                e.table or "",
                ctx.label(e.opponent) if e.opponent else kind_word(e.kind, t),
                f"{e.own}:{e.other}" if e.own else "",
                outcome_word(e, t),
                e.points if e.kind != "pending" else "",
                total,
            ]
        )
    return rows


# ---- Deal-by-deal levels ----------------------------------------------------------------------


def deal_levels_sheet(ctx: Context) -> Report | None:
    res, t = ctx.res, ctx.t
    if not res.logs:
        return None
    blocks = [
        _table_log_block(ctx, rnd, table, log, p1, p2) for (rnd, table), (log, p1, p2) in sorted(res.logs.items())
    ]
    rules = ctx.data.rules
    rb = rules.bands
    subtitle = t(
        "防家總分 P＝防家得分＋底牌分×倍數（防家摳底）＋罰莊家分−罰防家分±判負 {loss}；"
        "P<{threshold} 莊家升級（0 升 3、5–35 升 2、{step}–{top} 升 1），P≥{threshold} 換莊，每 {step} 分升 1 級。",
        "P = captured + kitty × multiplier (defenders won the last trick) + penalties on declarers − penalties on defenders ± "
        "{loss} for a lost deal; P < {threshold}: declarers up (0: +3, 5–35: +2, {step}–{top}: +1); "
        "P ≥ {threshold}: the defenders take the deal, +1 per {step}.",
        loss=rules.board_loss,
        threshold=rb.threshold,
        step=rb.step,
        top=rb.threshold - 5,
    )
    return Report(
        "DealLevels",
        ctx.sheet_name("DealLevels"),
        t("{name} · 逐副級數", "{name} · Deal-by-deal levels", name=ctx.name),
        blocks,
        landscape=True,
        subtitle=subtitle,
    )


def _table_log_block(ctx: Context, rnd: int, table: int, log: TableLog, p1: str, p2: str) -> Block:
    """One table's scoresheet worked out: every deal's numbers and both levels after it."""
    t = ctx.t
    header = [
        t("副", "Deal"),
        t("莊家", "Declarer"),
        t("防家得分", "Captured"),
        t("底牌分", "Kitty"),
        t("摳底牌型", "Last lead"),
        t("倍數", "×"),
        t("摳底分", "Kitty pts"),
        t("罰莊家", "Pen. decl."),
        t("罰防家", "Pen. def."),
        t("判負", "Loss"),
        t("防家總分", "P"),
        t("結果", "Result"),
        t("甲方級數", "Level 1"),
        t("乙方級數", "Level 2"),
    ]
    rows = [_deal_row(s, p1, p2, t) for s in log.steps]
    if log.first_past_a:
        end = t("{side}方先過A", "pair {n} passed A first", side=side_word(log.first_past_a, t), n=log.first_past_a)
    elif log.holder:
        end = t(
            "終局 {level1}:{level2}，{side}方台上",
            "final {level1}:{level2}, pair {n} holding the deal",
            level1=log.level1,
            level2=log.level2,
            side=side_word(log.holder, t),
            n=log.holder,
        )
    else:
        end = ""
    title = t(
        "第 {round} 輪 第 {table} 桌 · 甲方 {pair1} 對 乙方 {pair2}",
        "Round {round}, table {table} · 1: {pair1} v 2: {pair2}",
        round=rnd,
        table=table,
        pair1=ctx.label(p1),
        pair2=ctx.label(p2),
    )
    return Block(title, header, rows, notes=[end] if end else [])


def _deal_row(s: DealStep, p1: str, p2: str, t: Translator) -> list[Any]:
    return [
        s.deal,
        f"{side_word(s.declarer, t)} {p1 if s.declarer == 1 else p2}",
        s.captured,
        s.kitty,
        str(s.last_lead) if s.last_lead else "",
        f"×{s.multiplier}" if s.multiplier else "",
        s.kitty_points or "",
        s.penalty_declarers or "",
        s.penalty_defenders or "",
        (f"{s.loss_points:+d}" if s.loss else ""),
        s.total,
        _step_word(s, t),
        s.level1,
        s.level2,
    ]


# ---- Results still missing -------------------------------------------------------------------


def missing_sheet(ctx: Context) -> Report | None:
    """Results still missing (尚缺成績): the tables of the latest round on Results whose row has
    neither levels nor a forfeit."""
    res, t = ctx.res, ctx.t
    if not res.pending:
        return None
    rnd = max(p[0] for p in res.pending)

    def name(pid: str) -> str:
        r = ctx.records.get(pid)
        return r.pair.name if r else ""

    rows = sorted(
        ([table or "", p1, name(p1), p2, name(p2)] for r, table, p1, p2 in res.pending if r == rnd),
        key=lambda row: (row[0] if isinstance(row[0], int) else 10**9, row[1]),
    )
    header = [t("桌號", "Table"), t("甲方", "Pair 1"), t("隊名", "Name"), t("乙方", "Pair 2"), t("隊名", "Name")]
    return Report(
        "Missing",
        ctx.sheet_name("Missing"),
        t("{name} · 尚缺成績", "{name} · Results still missing", name=ctx.name),
        [
            Block(
                t("第 {round} 輪 · 尚缺 {n} 場", "Round {round} · {n} result(s) missing", round=rnd, n=len(rows)),
                header,
                rows,
            )
        ],
        subtitle=t(
            "以下各桌尚未填入雙方級數或棄權；收到後請填入「成績」再執行一次。",
            "These tables have neither levels nor a forfeit on Results yet; type them in when they come and run again.",
        ),
    )


SHEETS = (
    pairings_sheet,
    scoresheets_sheet,
    standings_sheet,
    cross_table_sheet,
    record_cards_sheet,
    deal_levels_sheet,
    missing_sheet,
)


def reports(res: Results, lang: str) -> list[Report]:
    """Every output sheet at once (for callers that want a list)."""
    return list(build_sheets(SHEETS, Context(res, lang)))


# ---- words shared by the sheets and the site ---------------------------------------------------


def sanction_notes(r: Record, t: Translator) -> str:
    """A pair's suspensions and disqualification, with their reasons, in one line."""
    parts = []
    for s in r.sanctions:
        if s.kind == "suspend":
            last = s.from_round + (s.rounds or 1) - 1
            span = f"{s.from_round}" if last == s.from_round else f"{s.from_round}–{last}"
            what = t("停賽第 {span} 輪", "suspended round(s) {span}", span=span)
        else:
            what = t("自第 {n} 輪取消比賽資格", "disqualified from round {n}", n=s.from_round)
        parts.append(what + (t("（{reason}）", " ({reason})", reason=s.reason) if s.reason else ""))
    return t("；", "; ").join(parts)


def kind_word(kind: str, t: Translator) -> str:
    """A round a pair did not play: bye, suspended or disqualified."""
    return {
        "bye": t("輪空", "bye"),
        "suspended": t("停賽", "suspended"),
        "disqualified": t("取消資格", "disqualified"),
    }.get(kind, "")


def outcome_word(e: Entry, t: Translator) -> str:
    if e.kind == "pending":
        return t("待填", "pending")
    if e.kind in ("suspended", "disqualified"):
        return ""
    word = {"W": t("勝", "W"), "D": t("平", "D"), "L": t("負", "L")}.get(e.outcome, "")
    if e.kind == "forfeit":
        word += t("（棄權）", " (forfeited)") if e.forfeited else t("（對方棄權）", " (opp. forfeited)")
    return word


def _cell(e: Entry | None, t: Translator) -> str:
    """One cross-table cell: opponent, levels, points (or why the round was not played)."""
    if e is None:
        return ""
    if e.kind in ("suspended", "disqualified", "bye"):
        return kind_word(e.kind, t) + (f" {e.own}:{e.other} {e.points}" if e.kind == "bye" else "")
    if e.kind == "pending":
        return f"{e.opponent} …"
    ff = "" if e.kind != "forfeit" else t(" 棄權", " ff") if e.forfeited else t(" 對棄", " w/o")
    return f"{e.opponent} {e.own}:{e.other} {e.points}{ff}"


def _step_word(s: DealStep, t: Translator) -> str:
    if s.past_a:
        return t("莊家過A", "declarers past A")
    if s.defenders_take:
        return t("換莊，升 {up} 級", "deal passes, +{up}", up=s.up) if s.up else t("換莊", "deal passes")
    return t("莊家升 {up} 級", "declarers +{up}", up=s.up)


def summary(res: Results) -> dict[str, Any]:
    pairings = [{"round": s.round, "table": s.table, "pair1": s.pair1, "pair2": s.pair2} for _i, s in res.slips]
    if res.new_round is not None:
        pairings += [
            {"round": res.new_round.round, "table": tb.table, "pair1": tb.pair1, "pair2": tb.pair2}
            for tb in res.new_round.tables
        ]
    standings = [
        {
            "rank": x.rank,
            "id": x.item.pair.id,
            "points": x.item.points,
            "opp_score": x.item.opp_score,
            "level_diff": x.item.level_diff,
            "small_points": x.item.small_points,
        }
        for x in res.standings
    ]
    standings += [
        {
            "rank": None,
            "id": r.pair.id,
            "points": r.points,
            "opp_score": r.opp_score,
            "level_diff": r.level_diff,
            "small_points": r.small_points,
        }
        for r in res.disqualified
    ]
    return {"pairings": pairings, "standings": standings}
