"""Results -> printable report sheets (the rulebook's appendices); the JSON summary is summary.py's."""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from typing import Any

from ttools.competitions.nations_cup import bounty as B
from ttools.competitions.nations_cup import day1 as D1
from ttools.competitions.nations_cup.compute import Results
from ttools.competitions.nations_cup.schema import OUTPUTS
from ttools.competitions.nations_cup.summary import num, summary  # noqa: F401  (as before)
from ttools.core.exact import round_half_up
from ttools.i18n import pick, simplified
from ttools.workbook.write import Block, Report


class _L:
    def __init__(self, lang: str):
        self.zh = lang.startswith("zh")
        self.lang = lang

    def __call__(self, zh: str, en: str) -> str:
        return (simplified(zh) if self.lang == "zh-Hans" else zh) if self.zh else en


def sheet_name(key: str, lang: str) -> str:
    return pick(OUTPUTS[key], lang)


def reports(res: Results, lang: str, reckoner_rows=None) -> list[Report]:
    t = _L(lang)
    data = res.data
    _COUNTRIES[:] = [None, {}]   # counted afresh for every set of reports
    out: list[Report] = []
    seed_line = t(f"抽籤種子：{data.seed}", f"Draw seed: {data.seed}")
    name = data.name or "Nations Cup"

    # ---- Appendix 7: the Day 1 pairing table --------------------------------------
    if res.day1:
        blocks = []
        for rnd in sorted({m.round for m in res.day1}):
            rows = []
            by_table = defaultdict(list)
            for m in res.day1:
                if m.round == rnd:
                    by_table[m.table].append(m)
            for table in sorted(by_table):
                ms = sorted(by_table[table], key=lambda m: m.home)
                row: list[Any] = [table, ms[0].home[:1], _country(data, ms[0].home[:1])]
                for m in ms:
                    row += [f"{m.home} vs {m.away}", m.winner or ""]
                rows.append(row)
            header = [t("桌號", "Table"), t("主隊", "Home team"), t("國家／地區", "Country")]
            for i in range(1, 4):
                header += [t(f"對戰 {i}", f"Match {i}"), t("勝方", "Winner")]
            blocks.append(Block(t(f"第 {rnd} 輪", f"Round {rnd}"), header, rows))
        subtitle = seed_line + t("　主桌進行該隊 1、2、3 號選手之對戰；4、5、6 號選手於他隊主桌出賽。",
                                 " · A team's home table hosts its players 1–3; players 4–6 play away.")
        out.append(Report("Appendix7", sheet_name("Appendix7", lang), t(f"{name} · 附件七 第一天單挑對戰配對表", f"{name} · Appendix 7: Day 1 heads-up pairings"),
                          blocks, landscape=True, subtitle=subtitle))
        sched = D1.player_schedules(res.day1)
        rows = []
        for code, ms in sched.items():
            p = data.players.get(code)
            row = [code, p.name if p else ""]
            for m in ms:
                opp = m.away if m.home == code else m.home
                result = "" if not m.winner else (t("勝", "W") if m.winner == code else t("負", "L"))
                row += [m.round, m.table, opp, result]
            rows.append(row)
        header = [t("選手", "Player"), t("姓名", "Name")]
        for r in (1, 2):
            header += [t("輪", "Rd"), t("桌", "Table"), t("對手", "Opponent"), t("結果", "Result")]
        out.append(Report("Schedules", sheet_name("Schedules", lang), t(f"{name} · 第一天選手賽程", f"{name} · Day 1 player schedules"),
                          [Block("", header, rows, notes=[seed_line])]))

    # ---- Day 1 scoreboard: wins, raw, rank (as the results come in) ----------------------------
    if res.day1 and any(m.winner for m in res.day1):
        wins = Counter(m.winner[:1] for m in res.day1 if m.winner in (m.home, m.away))
        played = Counter()
        for m in res.day1:
            if m.winner in (m.home, m.away):
                played[m.home[:1]] += 1
                played[m.away[:1]] += 1
        raw = {tm: wins[tm] * data.rules.hu_win for tm in data.teams}
        rows = [[_shared_rank(raw[tm], raw.values()), tm, _country(data, tm), wins[tm], played[tm], raw[tm]]
                for tm in sorted(data.teams, key=lambda x: (-raw[x], x))]
        done = sum(1 for m in res.day1 if m.winner in (m.home, m.away))
        state = t(f"已完成 {done}／{len(res.day1)} 場", f"{done} of {len(res.day1)} matches in")
        out.append(Report("Day1Board", sheet_name("Day1Board", lang), t(f"{name} · 第一天單挑賽成績", f"{name} · Day 1 heads-up scoreboard"),
                          [Block(state, [t("名次", "Rank"), t("隊伍", "Team"), t("國家／地區", "Country"), t("勝場", "Wins"),
                                         t("已賽", "Played"), t("原始分", "Raw")], rows,
                                 notes=[t(f"每勝 {data.rules.hu_win} 分；Σ 原始分 = {sum(raw.values())}（全部完成時為 30 × 隊數 = {30 * len(data.teams)}）。",
                                          f"{data.rules.hu_win} per win; Σ raw = {sum(raw.values())} (30 × teams = {30 * len(data.teams)} when all are in).")])]))

    # ---- Day 2 draw ---------------------------------------------------------------
    if res.draws:
        blocks = []
        for event in ("nlh", "bounty"):
            seats = res.draws.get(event, [])
            rows = [[s.table, s.seat, s.player, _pname(data, s.player), s.player[:1], _country(data, s.player[:1])] for s in seats]
            title = t("NLH MTT 分桌", "NLH MTT seat draw") if event == "nlh" else t("獵人賽分桌", "Escalating Bounty MTT seat draw")
            blocks.append(Block(title, [t("桌號", "Table"), t("座位", "Seat"), t("選手", "Player"), t("姓名", "Name"), t("隊伍", "Team"),
                                        t("國家／地區", "Country")], rows))
        blocks[-1].notes = [seed_line, t("同隊 3 名選手分屬不同桌。", "The three players of a team sit at three different tables.")]
        out.append(Report("Day2Draw", sheet_name("Day2Draw", lang), t(f"{name} · 第二天分桌抽籤", f"{name} · Day 2 seat draw"), blocks))

    # ---- Day 2 table breaking and balancing ------------------------------------------------
    if res.advice:
        blocks = []
        reason = {"break": t("併桌", "break"), "balance": t("平衡", "balance"), "final-table": t("決賽桌重抽", "final-table redraw")}
        for event in ("nlh", "bounty"):
            adv = res.advice.get(event)
            if adv is None:
                continue
            title = (t("NLH MTT", "NLH MTT") if event == "nlh" else t("獵人賽", "Escalating Bounty MTT")) + " — " + adv.summary(lang)
            rows, hl = [], set()
            for i, m in enumerate(adv.moves):
                others = [p for p in m.eligible if p != m.player]
                rows.append([i + 1, m.player, _pname(data, m.player), m.from_table, m.from_seat, m.to_table, m.to_seat,
                             reason.get(m.reason, m.reason), (t("同隊同桌：", "with teammate ") + ", ".join(m.teammates)) if m.clash else "",
                             ", ".join(others)])
                if m.clash:
                    hl.add(i)
            sizes = "  ".join(f"{t('桌', 'T')}{k}: {v}" for k, v in sorted(adv.sizes.items()))
            notes = [t(f"各桌人數（移動前）：{sizes}", f"Players per table before the moves: {sizes}"),
                     t(f"抽籤種子：{data.seed}（{adv.stage}）", f"Draw seed: {data.seed} ({adv.stage})")]
            if adv.action == "invalid":
                # the seating errors themselves, so the floor sees why no move is given
                notes = [p.line(lang) for p in adv.problems if p.severity == "error"] + notes
            blocks.append(Block(title, [t("順序", "#"), t("選手", "Player"), t("姓名", "Name"), t("原桌", "From table"), t("原座位", "From seat"),
                                        t("新桌", "To table"), t("新座位", "To seat"), t("原因", "Reason"), t("注意", "Flag"),
                                        t("或改移（任一人）", "Or move instead (any one)")],
                                rows, highlight=hl, notes=notes))
        out.append(Report("Moves", sheet_name("Moves", lang), t(f"{name} · 第二天併桌與平衡", f"{name} · Day 2 table breaking and balancing"), blocks,
                          subtitle=t("完成移動後，請在「座位」表更新桌號與座位，再執行一次。", "After the moves, update table and seat on Seating and run again.")))

    # ---- NLH -------------------------------------------------------------------------
    if res.nlh_places:
        rows = []
        sharing = Counter(res.nlh_places.values())
        for p in sorted(res.nlh_field, key=lambda c: (res.nlh_places.get(c, 10**6), c)):
            place = res.nlh_places.get(p)
            shown = "" if place is None else (f"{place}=" if sharing[place] > 1 else place)   # a shared place prints as 7=
            rows.append([shown, p, _pname(data, p), p[:1], num(res.nlh_points.get(p, "")) if res.nlh_points else ""])
        blocks = [Block(t("個人名次", "Places"), [t("名次", "Place"), t("選手", "Player"), t("姓名", "Name"), t("隊伍", "Team"), t("積分", "Points")], rows,
                        number_format={4: "0.00"})]
        if res.nlh_raw:
            blocks.append(Block(t("隊伍原始分", "Team raw"), [t("隊伍", "Team"), t("國家／地區", "Country"), t("原始分", "Raw")],
                                [[tm, _country(data, tm), num(v)] for tm, v in res.nlh_raw.items()],
                                notes=[t(f"Σ 原始分 = {num(sum(res.nlh_raw.values()))}", f"Σ raw = {num(sum(res.nlh_raw.values()))}")]))
        out.append(Report("NLHPoints", sheet_name("NLHPoints", lang), t(f"{name} · NLH MTT 名次積分", f"{name} · NLH MTT places and points"), blocks))

    # ---- Bounty ---------------------------------------------------------------------------
    if res.bounty is not None:
        b = res.bounty
        rows = []
        # heads taken (人頭數: players this one knocked out) and the chips those heads brought are separate columns
        heads = Counter(e.to for e in data.bounty_log if e.out in b.out_hand and e.hand == b.out_hand[e.out])
        for p in sorted(b.field, key=lambda c: (b.places.get(c, 0) if c in b.places else -1, c)):
            share = b.place_share.get(p)
            place = f"{share[0]}=" if share and share[1] > share[0] else b.places.get(p, "")
            rows.append([place, p, _pname(data, p), p[:1], b.out_hand.get(p, ""), heads.get(p, 0), b.received.get(p, 0),
                         b.handed.get(p, 0), b.chips[p], num(res.bounty_points.get(p, "")) if res.bounty_points else ""])
        blocks = [Block(t("選手", "Players"), [t("名次", "Place"), t("選手", "Player"), t("姓名", "Name"), t("隊伍", "Team"), t("淘汰手牌", "Out in hand"),
                                               t("人頭數", "Heads taken"), t("取得籌碼", "Chips received"), t("交出人頭值", "Head handed"),
                                               t("賞金籌碼", "Chips"), t("原始分", "Raw")], rows)]
        tl = [[e.hand, e.remaining, e.issued_each, e.head_value] for e in b.timeline]
        blocks.append(Block(t("里程碑", "Milestones reached"), [t("手牌", "Hand"), t("剩餘人數", "Players left"), t("每人補發", "Chips each"), t("新人頭值", "New head value")], tl,
                            notes=[t(f"已發行賞金籌碼：{b.issued}（名目總量 {B.nominal_issue(len(b.field))}）", f"Chips issued: {b.issued} (nominal {B.nominal_issue(len(b.field))})"),
                                   t(f"目前人頭值：{b.head_value}；剩餘 {len(b.remaining)} 人", f"Head value now: {b.head_value}; {len(b.remaining)} left")]))
        if res.bounty_raw:
            blocks.append(Block(t("隊伍原始分", "Team raw"), [t("隊伍", "Team"), t("國家／地區", "Country"), t("原始分", "Raw")],
                                [[tm, _country(data, tm), num(v)] for tm, v in res.bounty_raw.items()],
                                notes=[t(f"Σ 原始分 = {num(sum(res.bounty_raw.values()))}", f"Σ raw = {num(sum(res.bounty_raw.values()))}")]))
        out.append(Report("Bounty", sheet_name("Bounty", lang), t(f"{name} · 獵人賽（Escalating Bounty）", f"{name} · Escalating Bounty MTT"), blocks, landscape=True))

    # ---- Appendix 5: milestone table for the actual field ------------------------------------
    field_size = len(res.bounty_field) or 3 * len(data.teams)
    if field_size:
        ev = {"start": t("開賽", "Start"), "milestone": t("里程碑", "Milestone"), "champion": t("冠軍產生", "Champion"), "total": t("合計", "Total")}
        rows = [[ev[r["event"]], _blank(r["players_left"]), _blank(r["each"]), r["issued"], r["cumulative"], _blank(r["head_before"]), _blank(r["head_after"])]
                for r in B.milestone_table(field_size, data.rules)]
        out.append(Report("Appendix5", sheet_name("Appendix5", lang),
                          t(f"{name} · 附件五 漸進式賞金籌碼里程碑（{field_size} 人）", f"{name} · Appendix 5: bounty milestones for {field_size} players"),
                          [Block("", [t("階段", "Stage"), t("剩餘人數", "Players left"), t("每人", "Each"), t("發行", "Issued"), t("累計", "Cumulative"),
                                      t("人頭值（前）", "Head value before"), t("人頭值（後）", "Head value after")], rows,
                                 notes=[t("里程碑為剩餘人數首次降至開賽人數之 1/2、1/4、1/8（無條件捨去），其後於剩餘 3 人、2 人，以及冠軍產生時各補發一次。",
                                          "Milestones: the first time the players left fall to 1/2, 1/4, 1/8 of the field (rounded down), then 3 left, 2 left; the champion gets one more.")])]))

    # ---- Running standings: after every stage, events not yet scored pending ----------------------
    q = res.qualification
    stages = (("hu", res.day1_raw, data.rules.pool_hu), ("nlh", res.nlh_raw, data.rules.pool_nlh),
              ("bounty", res.bounty_raw, data.rules.pool_bounty))
    if q is None and any(raw for _, raw, _ in stages):
        pending = t("待定", "pending")
        points = {tm: [] for tm in data.teams}
        for _, raw, pool in stages:
            total = sum(Fraction(v) for v in raw.values()) if raw else 0
            for tm in data.teams:
                points[tm].append(pool * Fraction(raw.get(tm, 0)) / total if raw and total else None)
        so_far = {tm: round_half_up(sum((x for x in points[tm] if x is not None), Fraction(0)), 2) for tm in data.teams}
        rows = [[_shared_rank(so_far[tm], so_far.values()), tm, _country(data, tm)]
                + [float(round_half_up(x, 2)) if x is not None else pending for x in points[tm]] + [float(so_far[tm])]
                for tm in sorted(data.teams, key=lambda x: (-so_far[x], x))]
        out.append(Report("Running", sheet_name("Running", lang), t(f"{name} · 資格賽暫定成績", f"{name} · Running qualification standings"),
                          [Block(t("暫定：尚未計分之項目標示「待定」", "Provisional: events not yet scored are pending"),
                                 [t("名次", "Rank"), t("隊伍", "Team"), t("國家／地區", "Country"), t("單挑得分", "HU"), t("NLH 得分", "NLH"),
                                  t("獵人賽得分", "Bounty"), t("目前合計", "Total so far")], rows,
                                 number_format={3: "0.00", 4: "0.00", 5: "0.00", 6: "0.00"},
                                 notes=[t("得分＝分數池 × 該隊原始分 ÷ 全體原始分總和；名次依目前合計（小數第 2 位），同分以 7= 表示。",
                                          "Score = pool × team raw ÷ Σ raw; ranked on the total so far (2 decimals); equal totals share a rank (7=).")])]))

    # ---- Standings + Appendix 6 ------------------------------------------------------------
    if q is not None:
        header = [t("名次", "Rank"), t("隊伍", "Team"), t("國家／地區", "Country"), t("單挑原始分", "HU raw"), t("單挑得分", "HU"), t("NLH 原始分", "NLH raw"), t("NLH 得分", "NLH"),
                  t("獵人賽原始分", "Bounty raw"), t("獵人賽得分", "Bounty"), t("總成績", "Total"), t("賞金籌碼", "Chips"), t("最佳名次", "Best place"),
                  t("次佳名次", "2nd place"), t("晉級", "Advances"), t("同分處理", "Tie-break")]
        tb = {"total": "", None: "", "bounty-chips": t("賞金籌碼", "bounty chips"), "best-place": t("最佳名次", "best place"),
              "second-place": t("次佳名次", "second place"), "lot": t("抽籤（待裁判長確認）", "lot (chief referee to confirm)")}
        rows, hl = [], set()
        for i, r in enumerate(q.rows):
            rows.append([r.rank, r.team, _country(data, r.team), num(r.hu_raw), float(r.hu_printed), num(r.nlh_raw), float(r.nlh_printed), num(r.bounty_raw),
                         float(r.bounty_printed), float(r.total_printed), r.bounty_chips, r.best_place or "", r.second_place or "",
                         t("晉級", "yes") if r.advances else "", tb.get("lot" if r.by_lot else r.decided_by, r.decided_by or "")])
            if r.advances:
                hl.add(i)
        notes = [t(f"Σ 原始分：單挑 {num(q.raw_sums.get('hu', 0))}、NLH {num(q.raw_sums.get('nlh', 0))}、獵人賽 {num(q.raw_sums.get('bounty', 0))}",
                   f"Σ raw: HU {num(q.raw_sums.get('hu', 0))}, NLH {num(q.raw_sums.get('nlh', 0))}, bounty {num(q.raw_sums.get('bounty', 0))}"),
                 t(f"總成績四捨五入尾差：{q.tail:+.2f}", f"Rounding tail of the totals: {q.tail:+.2f}") if q.tail is not None else "",
                 t(f"第 {data.rules.advance} 名與第 {data.rules.advance + 1} 名相差 {q.gap:.2f} 分。", f"Rank {data.rules.advance} and rank {data.rules.advance + 1} differ by {q.gap:.2f} points.") if q.gap is not None else "",
                 t("得分＝分數池 × 該隊原始分 ÷ 全體原始分總和；總成績計算至小數點後第 2 位，第 3 位四捨五入。",
                   "Score = pool × team raw ÷ Σ raw of all teams; totals to 2 decimals, rounded half up at the 3rd.")
                 if data.rules.rounding != "largest-remainder" else
                 t("得分＝分數池 × 該隊原始分 ÷ 全體原始分總和；總成績以最大餘數法取至小數點後第 2 位，使總和恰為 1000（餘數相同者以種子抽籤，須由裁判長確認）。",
                   "Score = pool × team raw ÷ Σ raw of all teams; totals to 2 decimals by largest remainder, so that they add up to "
                   "exactly 1000 (equal remainders settled by the seeded lot, for the chief referee to confirm).")]
        fmt = {4: "0.00", 6: "0.00", 8: "0.00", 9: "0.00"}
        block = Block("", header, rows, highlight=hl, notes=[n for n in notes if n], number_format=fmt)
        out.append(Report("Standings", sheet_name("Standings", lang), t(f"{name} · 資格賽總成績", f"{name} · Qualification standings"), [block], landscape=True))
        adv = "、".join(q.advancing()) if t.zh else ", ".join(q.advancing())
        ex_rows = [[r.rank, r.team, _country(data, r.team), num(r.hu_raw), float(r.hu_printed), num(r.nlh_raw), float(r.nlh_printed), num(r.bounty_raw), float(r.bounty_printed),
                    float(r.total_printed)] for r in q.rows]
        ex = Block(t(f"範例（{len(q.rows)} 隊）。原始分依第二章（一）之公式換算為得分。", f"Example ({len(q.rows)} teams). Raw scores converted with the formula of chapter 2 (1)."),
                   header[:10], ex_rows, highlight=hl, number_format=fmt,
                   notes=[t(f"晉級 {adv}（已標色）。", f"Advancing: {adv} (shaded)."),
                          t(f"第 {data.rules.advance} 名與第 {data.rules.advance + 1} 名相差 {q.gap:.2f} 分。", f"Rank {data.rules.advance} and rank {data.rules.advance + 1} differ by {q.gap:.2f} points.") if q.gap is not None else ""])
        out.append(Report("Appendix6", sheet_name("Appendix6", lang), t(f"{name} · 附件六 資格賽計分範例", f"{name} · Appendix 6: qualification scoring"), [ex], landscape=True))

    # ---- Finals ---------------------------------------------------------------------------------
    if res.finalists and (res.finals_owed or res.finals_draws):
        blocks = []
        if any(ow.next_round is not None for ow in res.finals_owed.values()):
            rows = []
            for team in res.finalists:
                ow = res.finals_owed.get(team)
                if ow is None or ow.next_round is None:
                    continue  # nothing left to owe once all three rounds are in
                rows.append([team, ow.next_round or "", ", ".join(ow.hu), ", ".join(ow.sng), ", ".join(ow.must_hu), ", ".join(ow.must_sng)])
            blocks.append(Block(t("出賽義務（每人至少單挑 1 場、單桌 1 場）", "Appearances owed (each player at least 1 HU and 1 SNG)"),
                                [t("隊伍", "Team"), t("下一輪", "Next round"), t("尚未單挑", "Not yet HU"), t("尚未單桌", "Not yet SNG"),
                                 t("下一輪必須單挑", "Must play HU next"), t("下一輪必須單桌", "Must play SNG next")], rows))
        for rnd, d in sorted(res.finals_draws.items()):
            rows = [[m.table, m.a, _pname(data, m.a), m.b, _pname(data, m.b)] for m in sorted(d.hu, key=lambda m: (m.table, m.a))]
            blocks.append(Block(t(f"第 {rnd} 輪 單挑賽", f"Round {rnd} heads-up"), [t("桌號", "Table"), t("選手甲", "Player A"), t("姓名", "Name"),
                                                                              t("選手乙", "Player B"), t("姓名", "Name")], rows))
            rows = [[s_.table, s_.seat, s_.player, _pname(data, s_.player), s_.player[:1]] for s_ in sorted(d.sng, key=lambda s_: (s_.table, s_.seat))]
            blocks.append(Block(t(f"第 {rnd} 輪 單桌錦標賽", f"Round {rnd} single-table tournaments"), [t("桌號", "Table"), t("座位", "Seat"), t("選手", "Player"),
                                                                                          t("姓名", "Name"), t("隊伍", "Team")], rows,
                                notes=[seed_line + f" (finals/r{rnd})"]))
        out.append(Report("FinalsDraw", sheet_name("FinalsDraw", lang), t(f"{name} · 決賽抽籤", f"{name} · Finals draw"), blocks))
    # ---- Finals results, round by round ------------------------------------------------------------
    if res.finals_draws and (data.finals_hu or data.finals_sng):
        blocks = []
        sng_scale = data.scales["sng"]
        places = res.finals_results.sng_places if res.finals_results else {}
        for rnd in sorted(res.finals_draws):
            hu_rows = [[r.table, r.a, r.b, r.winner if r.winner in (r.a, r.b) else "",
                        r.winner[:1] if r.winner in (r.a, r.b) else ""]
                       for r in sorted(data.finals_hu, key=lambda r: (r.table, r.a)) if r.round == rnd]
            sng_rows = [[x.table, x.player, _pname(data, x.player), x.player[:1], places.get((rnd, x.player), ""),
                         num(sng_scale.get(places[(rnd, x.player)], Fraction(0))) if (rnd, x.player) in places else ""]
                        for x in sorted(data.finals_sng, key=lambda x: (x.table, places.get((x.round, x.player), 9), x.player))
                        if x.round == rnd]
            team_pts = {tm: [0, Fraction(0)] for tm in res.finalists}
            for r in hu_rows:
                if r[4] in team_pts:
                    team_pts[r[4]][0] += data.rules.final_hu_win
            for (r_, player), place in places.items():
                if r_ == rnd and player[:1] in team_pts:
                    team_pts[player[:1]][1] += sng_scale.get(place, Fraction(0))
            blocks.append(Block(t(f"第 {rnd} 輪 單挑賽", f"Round {rnd} heads-up"),
                                [t("桌號", "Table"), t("選手甲", "Player A"), t("選手乙", "Player B"), t("勝方", "Winner"), t("隊伍", "Team")], hu_rows))
            blocks.append(Block(t(f"第 {rnd} 輪 單桌錦標賽", f"Round {rnd} single-table tournaments"),
                                [t("桌號", "Table"), t("選手", "Player"), t("姓名", "Name"), t("隊伍", "Team"), t("名次", "Place"), t("得分", "Points")], sng_rows))
            blocks.append(Block(t(f"第 {rnd} 輪 各隊得分", f"Round {rnd} points by team"),
                                [t("隊伍", "Team"), t("國家／地區", "Country"), t("單挑", "HU"), t("單桌", "SNG"), t("本輪合計", "Round total")],
                                [[tm, _country(data, tm), hu, num(sng), num(hu + sng)] for tm, (hu, sng) in team_pts.items()]))
        out.append(Report("FinalsResults", sheet_name("FinalsResults", lang), t(f"{name} · 決賽各輪結果", f"{name} · Finals results round by round"), blocks))
    fs = res.final_standings
    if fs is not None:
        tb = {None: "", "total": "", "sng": t("單桌總分", "SNG total"), "hu": t("單挑總分", "HU total"), "lot": t("抽籤（待裁判長確認）", "lot (chief referee to confirm)")}
        rows = [[r.rank, r.team, _country(data, r.team), r.qualification_rank or "", num(r.hu), num(r.sng), num(r.bonus), num(r.total),
                 tb.get("lot" if r.by_lot else r.decided_by, "")] for r in fs.rows]
        status = t("最終成績", "Final") if fs.complete else t("暫定成績（尚有比賽未完成）", "Provisional (games still to play)")
        out.append(Report("FinalStandings", sheet_name("FinalStandings", lang), t(f"{name} · 決賽成績", f"{name} · Final standings"),
                          [Block(status, [t("名次", "Rank"), t("隊伍", "Team"), t("國家／地區", "Country"), t("資格賽名次", "Qualification rank"), t("單挑", "HU"), t("單桌", "SNG"),
                                          t("名次加分", "Bonus"), t("總成績", "Total"), t("同分處理", "Tie-break")], rows, highlight={0} if fs.complete else set(),
                                 notes=[t("總成績＝單挑（每勝 4 分）＋單桌名次分＋資格賽名次加分；同分依單桌總分、單挑總分、抽籤。",
                                          "Total = HU (4 per win) + SNG place points + qualification bonus; ties: SNG total, HU total, lot.")])]))

    # ---- Reckoner ------------------------------------------------------------------------------
    if reckoner_rows:
        blocks = [Block(sec.title, sec.header, sec.rows) for sec in reckoner_rows]
        out.append(Report("Reckoner", sheet_name("Reckoner", lang), t(f"{name} · 現場速算表（僅供估算）", f"{name} · Quick reckoner (estimate only)"), blocks))

    # ---- Individual records ------------------------------------------------------------------------
    if data.players:
        rows = []
        sched = D1.player_schedules(res.day1) if res.day1 else {}
        # finals: matches played (drawn), HU wins and SNG places that count
        finals_hu: dict[str, int] = defaultdict(int)
        for d in res.finals_draws.values():
            for m in d.hu:
                finals_hu[m.a] += 1
                finals_hu[m.b] += 1
        finals_hu_wins = res.finals_results.hu_wins if res.finals_results else {}
        finals_sng: dict[str, list[int]] = defaultdict(list)
        if res.finals_results:
            for (rnd, player), place in sorted(res.finals_results.sng_places.items()):
                finals_sng[player].append(place)
        finals_played = bool(res.finals_draws)
        for code in sorted(data.players, key=lambda c: (c[:1], int(c[1:]))):
            p = data.players[code]
            ms = sched.get(code, [])
            played = sum(1 for m in ms if m.winner)
            won = sum(1 for m in ms if m.winner == code)
            event = ""
            if code in res.nlh_field:
                event = "NLH"
            elif code in res.bounty_field:
                event = t("獵人賽", "Bounty")
            nlh_place = res.nlh_places.get(code, "")
            b_place = res.bounty.places.get(code, "") if res.bounty else ""
            chips = res.bounty.chips.get(code, "") if res.bounty and code in res.bounty_field else ""
            row = [code, p.name, p.country, won, played, event, nlh_place, b_place, chips]
            if finals_played:
                row += [finals_hu.get(code, ""), finals_hu_wins.get(code, 0) if code in finals_hu else "",
                        " / ".join(str(x) for x in finals_sng.get(code, []))]
            rows.append(row)
        header = [t("選手", "Player"), t("姓名", "Name"), t("國家／地區", "Country"), t("單挑勝", "HU won"), t("單挑場數", "HU played"),
                  t("第二天項目", "Day 2 event"), t("NLH 名次", "NLH place"), t("獵人賽名次", "Bounty place"), t("賞金籌碼", "Bounty chips")]
        if finals_played:
            header += [t("決賽單挑場數", "Finals HU played"), t("決賽單挑勝", "Finals HU won"), t("決賽單桌名次", "Finals SNG places")]
        out.append(Report("Players", sheet_name("Players", lang), t(f"{name} · 個人紀錄", f"{name} · Individual records"),
                          [Block("", header, rows)], landscape=finals_played))
    out += missing_reports(res, lang)
    return out


def _shared_rank(value, values) -> Any:
    """1 + the number of better values; printed 7= when another team has the same value."""
    values = list(values)
    rank = 1 + sum(1 for v in values if v > value)
    return f"{rank}=" if values.count(value) > 1 else rank


def _country(data, team: str) -> str:
    """The country a team plays for: what its players' rows say (the most common, if they differ)."""
    return _countries(data.players).get(team, "")


_COUNTRIES: list = [None, {}]   # the roster last asked about (reset by reports), and its team -> country


def _countries(players: dict) -> dict[str, str]:
    """Team -> country for a roster, counted once per roster rather than once per report row
    (a row asks for every team's, and there are hundreds of rows)."""
    if _COUNTRIES[0] is not players:
        by_team: dict[str, Counter] = {}
        for p in players.values():
            if p.country:
                by_team.setdefault(p.team, Counter())[p.country] += 1
        _COUNTRIES[:] = [players, {team: c.most_common(1)[0][0] for team, c in by_team.items()}]
    return _COUNTRIES[1]


def _blank(v):
    return "" if v is None else v


def _pname(data, code: str) -> str:
    p = data.players.get(code)
    return p.name if p else ""


def missing_reports(res: Results, lang: str) -> list[Report]:
    """Results still missing (尚缺成績), per round: the Day 1 and finals heads-up tables with no
    winner yet and the finals single tables whose places are not all in."""
    t = _L(lang)
    data = res.data
    blocks = []

    def who(code: str) -> str:
        return f"{code} {_pname(data, code)}".strip()

    if res.day1 and not res.day1_generated:   # a table just drawn is not "missing" anything yet
        for rnd in sorted({m.round for m in res.day1}):
            rows = [[m.table, who(m.home), who(m.away)] for m in sorted(res.day1, key=lambda m: (m.table, m.home))
                    if m.round == rnd and not m.winner]
            if rows:
                blocks.append(Block(t(f"第一天 第 {rnd} 輪 · 尚缺 {len(rows)} 場", f"Day 1 round {rnd} · {len(rows)} missing"),
                                    [t("桌號", "Table"), t("主隊選手", "Home"), t("客隊選手", "Away")], rows))
    won = {(r.round, frozenset((r.a, r.b))) for r in data.finals_hu if r.winner}
    placed = set(res.finals_results.sng_places) if res.finals_results else set()
    for rnd, d in sorted(res.finals_draws.items()):
        rows = [[m.table, who(m.a), who(m.b)] for m in sorted(d.hu, key=lambda m: (m.table, m.a)) if (rnd, frozenset((m.a, m.b))) not in won]
        if rows:
            blocks.append(Block(t(f"決賽第 {rnd} 輪 單挑賽 · 尚缺 {len(rows)} 場", f"Finals round {rnd} heads-up · {len(rows)} missing"),
                                [t("桌號", "Table"), t("選手甲", "Player A"), t("選手乙", "Player B")], rows))
        tables = defaultdict(list)
        for s_ in sorted(d.sng, key=lambda s_: (s_.table, s_.seat)):
            tables[s_.table].append(s_.player)
        rows = [[table, "、".join(map(who, ps)) if t.zh else ", ".join(map(who, ps))]
                for table, ps in sorted(tables.items()) if any((rnd, p) not in placed for p in ps)]
        if rows:
            blocks.append(Block(t(f"決賽第 {rnd} 輪 單桌錦標賽 · 尚缺 {len(rows)} 桌", f"Finals round {rnd} single tables · {len(rows)} missing"),
                                [t("桌號", "Table"), t("選手", "Players")], rows))
    if not blocks:
        return []
    name = data.name or "Nations Cup"
    return [Report("Missing", sheet_name("Missing", lang), t(f"{name} · 尚缺成績", f"{name} · Results still missing"), blocks,
                   subtitle=t("以下各桌尚未交回成績；收到後請填入對應工作表再執行一次。",
                              "These tables have not handed in their results yet; type them on their sheet when they come in and run again."))]
