"""Results -> printable sheets (pairings, standings, cross-table, record cards, deal-by-deal
levels) and the JSON summary."""

from __future__ import annotations

from typing import Any

from ttools.competitions.shuangsheng.compute import Record, Results
from ttools.competitions.shuangsheng.schema import OUTPUTS
from ttools.workbook.write import Block, Report

SIGNED = "+0;-0;0"


class _L:
    def __init__(self, lang: str):
        self.zh = lang.startswith("zh")
        self.lang = "zh-Hans" if self.zh else "en"

    def __call__(self, zh: str, en: str) -> str:
        return zh if self.zh else en


def sheet_name(key: str, lang: str) -> str:
    names = OUTPUTS[key]
    return names.get(lang) or names["en"]


def _players(rec: Record) -> str:
    return " / ".join(x for x in (rec.pair.player1, rec.pair.player2) if x)


def _side(side: int, t: _L) -> str:
    return t("甲", "1") if side == 1 else t("乙", "2")


def reports(res: Results, lang: str) -> list[Report]:
    t = _L(lang)
    data = res.data
    name = data.name or t("双升比赛", "Shuangsheng")
    out: list[Report] = []
    rec = res.records

    def label(pid: str | None) -> str:
        if not pid:
            return ""
        r = rec.get(pid)
        return f"{pid} {r.pair.name}".strip() if r else pid

    # ---- Pairings: the round just paired ---------------------------------------------------------------
    nr = res.new_round or res.current
    if nr is not None:
        def before(r: Record) -> int:
            """Match points before the round (the sheet is printed before it is played)."""
            return sum(e.points for k, e in r.entries.items() if k < nr.round)

        rows = []
        for tb in nr.tables:
            if tb.pair1 not in rec or (tb.pair2 is not None and tb.pair2 not in rec):
                continue   # a slip naming an unknown pair: reported on its cell
            a = rec[tb.pair1]
            if tb.pair2 is None:
                rows.append(["", tb.pair1, a.pair.name, _players(a), before(a), t("轮空", "bye"), "", "", "", "", ""])
                continue
            b = rec[tb.pair2]
            rows.append([tb.table, tb.pair1, a.pair.name, _players(a), before(a), tb.pair2, b.pair.name, _players(b), before(b), "", ""])
        notes = []
        for pid, kind in nr.sitting_out:
            reason = "; ".join(s.reason for s in rec[pid].sanctions if s.reason)
            notes.append(t(f"{label(pid)}：{'停赛' if kind == 'suspend' else '取消比赛资格'}" + (f"（{reason}）" if reason else ""),
                           f"{label(pid)}: {'suspended' if kind == 'suspend' else 'disqualified'}" + (f" ({reason})" if reason else "")))
        if nr.relaxation is not None:
            for r in nr.relaxation.repeats:
                if r.meetings:
                    notes.append(t(f"无法避免重复对手：{r.a} 与 {r.b}（已相遇 {r.meetings} 次）", f"Unavoidable repeat: {r.a} v {r.b} (met {r.meetings}×)"))
                elif r.same_club:
                    notes.append(t(f"同单位无法回避：{r.a} 与 {r.b}", f"Same club, unavoidable: {r.a} v {r.b}"))
        method = (t("单循环（Berger 表）", "round robin (Berger tables)") if data.pairing == "rr" else
                  t("第一轮抽签", "round 1 by seeded draw") if nr.round == 1 else
                  t("积分编排（" + ("相邻名次相遇" if data.swiss_order == "adjacent" else "上半区对下半区") + "）",
                    "Swiss by match points (" + ("adjacent ranks" if data.swiss_order == "adjacent" else "top half v bottom half") + ")"))
        out.append(Report("Pairings", sheet_name("Pairings", lang), t(f"{name} · 第 {nr.round} 轮对阵表", f"{name} · Pairings, round {nr.round}"),
                          [Block("", [t("桌号", "Table"), t("甲方", "Pair 1"), t("队名", "Name"), t("选手", "Players"), t("积分", "Pts"),
                                      t("乙方", "Pair 2"), t("队名", "Name"), t("选手", "Players"), t("积分", "Pts"),
                                      t("甲方级数", "Level 1"), t("乙方级数", "Level 2")], rows, notes=notes)],
                          landscape=True,
                          subtitle=t(f"{method} · 抽签种子：{data.seed} · 每轮 1 小时，先过A者或级数高者胜。",
                                     f"{method} · draw seed: {data.seed} · one hour a round; first past A or the higher level wins.")))

    # ---- Standings ------------------------------------------------------------------------------------------
    decided = {0: t("积分", "points"), 1: t("对手分", "opp. score"), 2: t("级差分", "level diff."), 3: t("小分", "small pts")}
    rows = []
    highlight = set()
    for i, x in enumerate(res.standings):
        r = x.item
        notes = _sanction_notes(r, t)
        how = t("抽签（请裁判长确认）", "lot (chief referee to confirm)") if x.by_lot else decided.get(x.decided_by, "") if x.decided_by is not None else ""
        if x.by_lot:
            highlight.add(i)
        rows.append([x.rank, r.pair.id, r.pair.name, _players(r), r.pair.club, r.points, r.opp_score, r.level_diff, r.small_points,
                     how, r.wins, r.draws, r.losses, r.byes, notes])
    for r in res.disqualified:
        rows.append([t("取消资格", "DQ"), r.pair.id, r.pair.name, _players(r), r.pair.club, r.points, r.opp_score, r.level_diff,
                     r.small_points, "", r.wins, r.draws, r.losses, r.byes, _sanction_notes(r, t)])
    if rows:
        through = res.through
        title = t(f"第 {through} 轮后", f"after round {through}") if through else t("赛前", "before round 1")
        notes = [t("名次依次按积分、对手分（所遇对手积分之和）、级差分（Σ 本方终局级数 − 对方终局级数，过A 比 A 多 1）、"
                   "小分（Σ 终局级数 − 2），再以抽签决定。", "Ranked by match points, opponent score (sum of the points of every opponent met), "
                   "level difference (Σ own final level − opponent's, past A one above A), small points (Σ final level − 2), then a seeded lot."),
                 t("轮空计 2 分、级数 3:2，不计对手分；弃权双方互为对手，级数 2:3；停赛轮不计分。取消资格者之前成绩有效，不排名次。",
                   "A bye: 2 points, levels 3:2, no opponent score; a forfeit counts both as opponents, levels 2:3; a suspended round counts nothing. "
                   "A disqualified pair's played results stand; it is not ranked."),
                 t(f"抽签种子：{data.seed}", f"Draw seed: {data.seed}")]
        if res.pending:
            notes.insert(0, t(f"尚有 {len(res.pending)} 场未填成绩。", f"{len(res.pending)} match(es) still without a result."))
        out.append(Report("Standings", sheet_name("Standings", lang), t(f"{name} · 排名", f"{name} · Standings"),
                          [Block(title, [t("名次", "Rank"), t("编号", "ID"), t("队名", "Name"), t("选手", "Players"), t("单位", "Club"),
                                         t("积分", "Points"), t("对手分", "Opp. score"), t("级差分", "Level diff."), t("小分", "Small pts"),
                                         t("同分处理", "Decided by"), t("胜", "W"), t("平", "D"), t("负", "L"), t("轮空", "Byes"),
                                         t("备注", "Note")], rows, highlight=highlight, notes=notes, number_format={7: SIGNED})],
                          landscape=True))

    # ---- Cross-table -----------------------------------------------------------------------------------------
    last = max(res.last_round, 0)
    ordered = [x.item for x in res.standings] + res.disqualified
    if last and ordered:
        rows = []
        for r in ordered:
            cells = []
            for rnd in range(1, last + 1):
                cells.append(_cell(r.entries.get(rnd), t))
            rows.append([r.pair.id, r.pair.name, *cells, r.points])
        out.append(Report("CrossTable", sheet_name("CrossTable", lang), t(f"{name} · 成绩总表", f"{name} · Cross-table"),
                          [Block("", [t("编号", "ID"), t("队名", "Name"), *[t(f"第{i}轮", f"R{i}") for i in range(1, last + 1)],
                                      t("积分", "Points")], rows)], landscape=True,
                          subtitle=t("每格：对手 本方级数:对方级数 得分（弃权＝本方弃权，对弃＝对方弃权）。",
                                     "Each cell: opponent, own level:opponent's, points (ff = forfeited, w/o = won by the opponent's forfeit).")))

    # ---- Record cards ----------------------------------------------------------------------------------------
    if last and ordered:
        blocks = []
        for r in ordered:
            rows = []
            total = 0
            for rnd in range(1, last + 1):
                e = r.entries.get(rnd)
                if e is None:
                    continue
                total += e.points
                rows.append([rnd, e.table or "", label(e.opponent) if e.opponent else _kind_word(e.kind, t),
                             f"{e.own}:{e.other}" if e.own else "", _outcome_word(e, t), e.points if e.kind not in ("pending",) else "", total])
            place = next((x.rank for x in res.standings if x.item is r), None)
            head = f"{r.pair.id} {r.pair.name}".strip() + (f" · {_players(r)}" if _players(r) else "")
            head += t(f" · 第 {place} 名" if place else " · 取消资格", f" · rank {place}" if place else " · disqualified")
            head += t(f" · 积分 {r.points} 对手分 {r.opp_score} 级差分 {r.level_diff:+d} 小分 {r.small_points}",
                      f" · points {r.points}, opp. {r.opp_score}, level diff. {r.level_diff:+d}, small {r.small_points}")
            blocks.append(Block(head, [t("轮次", "Rd"), t("桌号", "Table"), t("对手", "Opponent"), t("级数", "Levels"), t("结果", "Result"),
                                       t("得分", "Pts"), t("累计", "Total")], rows, notes=[_sanction_notes(r, t)] if r.sanctions else []))
        out.append(Report("Records", sheet_name("Records", lang), t(f"{name} · 成绩卡", f"{name} · Record cards"), blocks))

    # ---- Deal-by-deal levels ------------------------------------------------------------------------------------
    if res.logs:
        blocks = []
        for (rnd, table), (log, p1, p2) in sorted(res.logs.items()):
            rows = []
            for s in log.steps:
                rows.append([s.deal, f"{_side(s.declarer, t)} {p1 if s.declarer == 1 else p2}", s.captured, s.kitty,
                             str(s.last_lead) if s.last_lead else "", f"×{s.multiplier}" if s.multiplier else "", s.kitty_points or "",
                             s.penalty_declarers or "", s.penalty_defenders or "", (f"{s.loss_points:+d}" if s.loss else ""),
                             s.total, _step_word(s, t), s.level1, s.level2])
            end = (t(f"{_side(log.first_past_a, t)}方先过A", f"pair {log.first_past_a} passed A first") if log.first_past_a else
                   t(f"终局 {log.level1}:{log.level2}，{_side(log.holder, t)}方台上", f"final {log.level1}:{log.level2}, pair {log.holder} holding the deal")
                   if log.holder else "")
            blocks.append(Block(t(f"第 {rnd} 轮 第 {table} 桌 · 甲方 {label(p1)} 对 乙方 {label(p2)}", f"Round {rnd}, table {table} · 1: {label(p1)} v 2: {label(p2)}"),
                                [t("副", "Deal"), t("庄家", "Declarer"), t("防家得分", "Captured"), t("底牌分", "Kitty"), t("抠底牌型", "Last lead"),
                                 t("倍数", "×"), t("抠底分", "Kitty pts"), t("罚庄家", "Pen. decl."), t("罚防家", "Pen. def."), t("判负", "Loss"),
                                 t("防家总分", "P"), t("结果", "Result"), t("甲方级数", "Level 1"), t("乙方级数", "Level 2")],
                                rows, notes=[end] if end else []))
        rb = data.rules.bands
        out.append(Report("DealLevels", sheet_name("DealLevels", lang), t(f"{name} · 逐副级数", f"{name} · Deal-by-deal levels"), blocks,
                          landscape=True,
                          subtitle=t(f"防家总分 P＝防家得分＋底牌分×倍数（防家抠底）＋罚庄家分−罚防家分±判负 {data.rules.board_loss}；"
                                     f"P<{rb.threshold} 庄家升级（0 升 3、5–35 升 2、{rb.step}–{rb.threshold - 5} 升 1），P≥{rb.threshold} 换庄，每 {rb.step} 分升 1 级。",
                                     f"P = captured + kitty × multiplier (defenders won the last trick) + penalties on declarers − penalties on defenders ± "
                                     f"{data.rules.board_loss} for a lost deal; P < {rb.threshold}: declarers up (0: +3, 5–35: +2, {rb.step}–{rb.threshold - 5}: +1); "
                                     f"P ≥ {rb.threshold}: the defenders take the deal, +1 per {rb.step}.")))
    out += missing_reports(res, lang)
    return out


def missing_reports(res: Results, lang: str) -> list[Report]:
    """Results still missing (尚缺成绩): the tables of the latest round on Results whose row has
    neither levels nor a forfeit."""
    t = _L(lang)
    if not res.pending:
        return []
    rnd = max(p[0] for p in res.pending)
    rec = res.records

    def name(pid: str) -> str:
        r = rec.get(pid)
        return r.pair.name if r else ""

    rows = sorted(([table or "", p1, name(p1), p2, name(p2)] for r, table, p1, p2 in res.pending if r == rnd),
                  key=lambda row: (row[0] if isinstance(row[0], int) else 10**9, row[1]))
    header = [t("桌号", "Table"), t("甲方", "Pair 1"), t("队名", "Name"), t("乙方", "Pair 2"), t("队名", "Name")]
    title = res.data.name or t("双升比赛", "Shuangsheng")
    return [Report("Missing", sheet_name("Missing", lang), t(f"{title} · 尚缺成绩", f"{title} · Results still missing"),
                   [Block(t(f"第 {rnd} 轮 · 尚缺 {len(rows)} 场", f"Round {rnd} · {len(rows)} result(s) missing"), header, rows)],
                   subtitle=t("以下各桌尚未填入双方级数或弃权；收到后请填入「成绩」再执行一次。",
                              "These tables have neither levels nor a forfeit on Results yet; type them in when they come and run again."))]


def _sanction_notes(r: Record, t: _L) -> str:
    parts = []
    for s in r.sanctions:
        if s.kind == "suspend":
            last = s.from_round + (s.rounds or 1) - 1
            span = f"{s.from_round}" if last == s.from_round else f"{s.from_round}–{last}"
            parts.append(t(f"停赛第 {span} 轮", f"suspended round(s) {span}") + (f"（{s.reason}）" if t.zh and s.reason else f" ({s.reason})" if s.reason else ""))
        else:
            parts.append(t(f"自第 {s.from_round} 轮取消比赛资格", f"disqualified from round {s.from_round}") +
                         (f"（{s.reason}）" if t.zh and s.reason else f" ({s.reason})" if s.reason else ""))
    return "；".join(parts) if t.zh else "; ".join(parts)


def _kind_word(kind: str, t: _L) -> str:
    return {"bye": t("轮空", "bye"), "suspended": t("停赛", "suspended"), "disqualified": t("取消资格", "disqualified")}.get(kind, "")


def _outcome_word(e, t: _L) -> str:
    if e.kind == "pending":
        return t("待填", "pending")
    if e.kind in ("suspended", "disqualified"):
        return ""
    word = {"W": t("胜", "W"), "D": t("平", "D"), "L": t("负", "L")}.get(e.outcome, "")
    if e.kind == "forfeit":
        word += t("（弃权）" if e.forfeited else "（对方弃权）", " (forfeited)" if e.forfeited else " (opp. forfeited)")
    return word


def _cell(e, t: _L) -> str:
    if e is None:
        return ""
    if e.kind in ("suspended", "disqualified", "bye"):
        return _kind_word(e.kind, t) + (f" {e.own}:{e.other} {e.points}" if e.kind == "bye" else "")
    if e.kind == "pending":
        return f"{e.opponent} …"
    ff = "" if e.kind != "forfeit" else t(" 弃权", " ff") if e.forfeited else t(" 对弃", " w/o")
    return f"{e.opponent} {e.own}:{e.other} {e.points}{ff}"


def _step_word(s, t: _L) -> str:
    if s.past_a:
        return t("庄家过A", "declarers past A")
    if s.defenders_take:
        return t(f"换庄，升 {s.up} 级" if s.up else "换庄", f"deal passes, +{s.up}" if s.up else "deal passes")
    return t(f"庄家升 {s.up} 级", f"declarers +{s.up}")


def summary(res: Results) -> dict[str, Any]:
    pairings = [{"round": s.round, "table": s.table, "pair1": s.pair1, "pair2": s.pair2} for _i, s in res.slips]
    if res.new_round is not None:
        pairings += [{"round": res.new_round.round, "table": tb.table, "pair1": tb.pair1, "pair2": tb.pair2} for tb in res.new_round.tables]
    standings = [{"rank": x.rank, "id": x.item.pair.id, "points": x.item.points, "opp_score": x.item.opp_score,
                  "level_diff": x.item.level_diff, "small_points": x.item.small_points} for x in res.standings]
    standings += [{"rank": None, "id": r.pair.id, "points": r.points, "opp_score": r.opp_score, "level_diff": r.level_diff,
                   "small_points": r.small_points} for r in res.disqualified]
    return {"pairings": pairings, "standings": standings}
