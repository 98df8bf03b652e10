"""Results -> printable report sheets (board scores, travelling score sheets, ranking, player
cards, seating, table cards, hand records, the 附录二 scoring example) and the JSON summary."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Callable, Iterable, Sequence

from ttools.competitions.shengji.compute import BoardGroup, Results
from ttools.competitions.shengji.hant import hant
from ttools.competitions.shengji.schema import OUTPUTS
from ttools.core.cards import JOKERS, SEATS, SUIT_SYMBOLS, SUITS, points, rank_of, suit_of
from ttools.core.duplicate import matchpoints
from ttools.core.exact import round_half_up, round_half_up_float
from ttools.workbook.normalize import natural_key
from ttools.workbook.write import Block, Report

PCT = "0.00"
SIGNED = "+0;-0;0"


class T:
    """Texts in the event's language: ``t(hans, en, **params)``; zh-Hant from the table."""

    def __init__(self, lang: str):
        self.lang = lang

    def __call__(self, hans: str, en: str, **params: Any) -> str:
        text = en if self.lang == "en" else hant(hans) if self.lang == "zh-Hant" else hans
        return text.format(**params) if params else text


def percent(rate: Fraction | None) -> float | None:
    """A rate as the percentage printed (2 decimals, half up): 2/3 -> 66.67."""
    return None if rate is None else round_half_up_float(rate, 2, times=100)


def two(value: Fraction | None) -> float | int | None:
    """Matchpoints as printed: whole numbers as they are, others to 2 decimals."""
    if type(value) is int:
        return value
    if value is None:
        return None
    if value.denominator == 1:
        return int(value)
    return round_half_up_float(value, 2)


def seat_percent(s: Any) -> float | None:
    """``percent(s.rate)`` of a seat's result, from its whole matchpoints and top when the rate
    is their quotient (no Neuberg, more than one result), without reading the Fraction."""
    mp, top = s.mp, s.top
    if type(mp) is int and top:
        return (mp * 20000 + top) // (2 * top) / 100
    return percent(s.rate)


def clock(seconds: Fraction | int | None) -> str:
    """Seconds -> 'm:ss' ('m:ss.ss' when not whole)."""
    if seconds is None:
        return ""
    if type(seconds) is int:
        minutes, rest = divmod(seconds, 60)
        return f"{minutes}:{rest:02d}"
    seconds = Fraction(seconds)
    minutes = int(seconds // 60)
    rest = seconds - 60 * minutes
    if rest.denominator == 1:
        return f"{minutes}:{int(rest):02d}"
    shown = round_half_up(rest, 2)
    return f"{minutes}:{'0' if shown < 10 else ''}{shown}"


class Rows(Sequence):
    """A block's rows, made each time they are read rather than kept: the writer reads a sheet's
    rows once, as it writes that sheet, so the rows of a large report (one per seat and board)
    are never all alive at once. ``make`` gives the ``length`` rows, the same on every call."""

    __slots__ = ("_make", "_length")

    def __init__(self, make: Callable[[], Iterable[list[Any]]], length: int):
        self._make = make
        self._length = length

    def __len__(self) -> int:
        return self._length

    def __iter__(self):
        return iter(self._make())

    def __getitem__(self, index):
        return list(self._make())[index]


def sheet_name(key: str, lang: str) -> str:
    return OUTPUTS[key].get(lang) or OUTPUTS[key]["en"]


def reports(res: Results, lang: str) -> list[Report]:
    t = T(lang)
    data = res.data
    name = data.name or t("竞技升级", "Shengji")
    out: list[Report] = []
    shown: dict[str, str] = {}

    def who(pid: str | None) -> str:
        if not pid:
            return ""
        text = shown.get(pid)
        if text is None:
            p = data.players.get(pid)
            text = shown[pid] = f"{pid} {p.name}".strip() if p else pid
        return text

    seat_word = {"N": t("北", "N"), "E": t("东", "E"), "S": t("南", "S"), "W": t("西", "W")}
    side_word = {"NS": t("南北", "NS"), "EW": t("东西", "EW")}

    # ---- Scores: every table's board, step by step -----------------------------------------------------
    if res.groups:
        blocks = []
        by_round: dict[int, list] = defaultdict(list)
        for g in res.groups:
            for r in g.results:
                by_round[g.round].append(r)
        outcomes = {net: _outcome(net, t) for net in range(-40, 41)}

        def score_rows(results: list) -> Iterable[list[Any]]:
            for r in sorted(results, key=lambda r: (r.board, r.table)):
                s = r.score
                seats = r.seats
                if s is None:
                    yield [r.board, r.table, seats["N"], seats["E"], seats["S"], seats["W"], t("未打", "not played")] + [""] * 10
                elif not s.steps:
                    yield [r.board, r.table, seats["N"], seats["E"], seats["S"], seats["W"],
                           t("直接填写", "typed"), "", "", "", "", "", "", "", "", s.score_ns, s.score_ew]
                else:
                    led = s.lead is not None
                    yield [r.board, r.table, seats["N"], seats["E"], seats["S"], seats["W"],
                           side_word[s.declarer], s.captured, s.kitty if led else "", str(s.lead) if led else "",
                           f"×{s.multiplier}" if s.multiplier else "", s.kitty_bonus if led else "", s.total, s.band,
                           outcomes.get(s.net) or _outcome(s.net, t), s.score_ns, s.score_ew]

        for rnd, rows in sorted(by_round.items()):
            body = Rows(lambda rows=rows: score_rows(rows), len(rows))
            header = [t("牌号", "Board"), t("桌号", "Table"), seat_word["N"], seat_word["E"], seat_word["S"], seat_word["W"],
                      t("庄家方", "Declarer"), t("抓分", "Captured"), t("底分", "Kitty"), t("抠底牌型", "Last lead"),
                      t("倍数", "Multiplier"), t("底分×倍数", "Kitty × mult."), t("抓分方总分 P", "Defenders' P"),
                      t("分段", "Band"), t("结果", "Outcome"), t("南北得分", "NS score"), t("东西得分", "EW score")]
            blocks.append(Block(t("第 {r} 轮", "Round {r}", r=rnd), header, body,
                                number_format={15: SIGNED, 16: SIGNED}))
        preset = {"national": t("全国竞技规则", "national rules"), "seed004": t("2011 北京双升规则（甩牌×3）", "2011 Beijing rules (throw ×3)")}
        blocks[-1].notes = [
            t("P ＝ 抓分 ＋ 底分 × 倍数（只在抓分方赢得最后一圈时计入底分）；抠底倍数：{p}。",
              "P = captured + kitty × multiplier (the kitty counts only when the defenders won the last trick); kitty rule: {p}.",
              p=preset.get(data.rules.kitty_preset, data.rules.kitty_preset)),
            t("得分为净级数：庄家方 +3/+2/+1/0/−1/−2/−3（按分段），防守方为其相反数。",
              "A side's score is its net levels: the declarers +3/+2/+1/0/−1/−2/−3 by the band, the defenders the negative."),
            t("分段：{b}", "Bands: {b}", b=_bands_text(res, t))]
        out.append(Report("Scores", sheet_name("Scores", lang), t("{n} · 各桌得分", "{n} · Board scores", n=name), blocks,
                          landscape=True))

    # ---- Travellers: one per board ------------------------------------------------------------------------
    if res.groups:
        blocks = [_traveller(g, res, t, seat_word) for g in res.groups]
        out.append(Report("Travellers", sheet_name("Travellers", lang), t("{n} · 计分单", "{n} · Travelling score sheets", n=name),
                          blocks, landscape=True,
                          subtitle=t("同方位比较：每个较差成绩得 2 个计分单位，相同得 1 个；得分率 ＝ 计分单位 ÷ 2(n−1)。",
                                     "Each seat against the same seat: 2 units per worse result, 1 per equal; rate = MP ÷ 2(n−1).")))

    # ---- Ranking ---------------------------------------------------------------------------------------------------
    if res.seat_results:
        rows = []
        words = {0: t("得分率", "rate"), 1: t("用时", "time")}
        for x in res.standings:
            rec = x.item
            how = t("抽签", "lot") if x.by_lot and rec.boards else words.get(x.decided_by, "") if x.decided_by is not None else ""
            p = data.players[rec.id]
            note = t("第 {r} 轮后退赛", "withdrew after round {r}", r=p.withdrawn_after) if p.withdrawn_after is not None else ""
            rows.append([x.rank, rec.id, p.name, percent(rec.rate), rec.boards, clock(rec.time), rec.sat_out, how, note])
        done = sorted(res.complete)
        title = t("第 {r} 轮后", "after round {r}", r=done[-1]) if done else t("赛前", "before round 1")
        notes = [t("排名依平均得分率（打过的各副牌得分率的平均，轮空不计）；同分时依次比较：{k}。",
                   "Ranked by mean rate over the boards played (sit-outs do not count); ties: {k}.",
                   k=", ".join({"time": t("用时较少", "less time"), "lot": t("抽签", "lots")}[k] for k in data.tiebreaks) or "—"),
                 t("用时：去掉用时最多及最少的各 {d} 副，其余平均。", "Time: the {d} longest and {d} shortest boards dropped, the rest averaged.",
                   d=data.time_drop),
                 t("抽签种子：{s}；抽签决定的名次须经裁判长确认。", "Draw seed: {s}; places decided by lot are confirmed by the chief referee.",
                   s=data.seed)]
        if res.status and res.status[0] == "waiting":
            notes.insert(0, t("第 {r} 轮尚有 {n} 行成绩未输入：排名为暂定。", "Round {r} still has {n} board row(s) to enter: provisional ranking.",
                              r=res.status[1], n=res.status[2]))
        header = [t("名次", "Rank"), t("编号", "ID"), t("姓名", "Name"), t("平均得分率 %", "Mean rate %"), t("副数", "Boards"),
                  t("用时（同分排序）", "Time (tie-break)"), t("轮空", "Sat out"), t("决定于", "Decided by"), t("备注", "Note")]
        out.append(Report("Ranking", sheet_name("Ranking", lang), t("{n} · 排名（{w}）", "{n} · Ranking ({w})", n=name, w=title),
                          [Block("", header, rows, notes=notes, number_format={3: PCT})]))

    # ---- Player cards ------------------------------------------------------------------------------------------
    if res.seat_results:
        mine: dict[str, list] = defaultdict(list)
        for s in res.seat_results:
            mine[s.player].append(s)
        partner = {}
        for rs in res.rounds.values():
            for tbl, seats in rs.tables.items():
                for a, b in (("N", "S"), ("E", "W"), ("S", "N"), ("W", "E")):
                    partner[(rs.round, seats[a])] = seats[b]
        sat: dict[str, list[int]] = defaultdict(list)
        for rs in res.rounds.values():
            for p in rs.sit_outs:
                sat[p].append(rs.round)
        sat_word = t("轮空", "sat out")

        def card_rows(boards: list, sat_rounds: list[int]) -> Iterable[list[Any]]:
            rows = [[s.round, s.board, s.table, seat_word[s.seat], who(partner.get((s.round, s.player))), s.score,
                     two(s.mp), s.top, seat_percent(s), clock(s.time)] for s in boards]
            rows += [[rnd, "", "", sat_word, "", "", "", "", "", ""] for rnd in sat_rounds]
            rows.sort(key=lambda r: (r[0], r[1] or 0))
            return rows

        header = [t("轮次", "Round"), t("牌号", "Board"), t("桌号", "Table"), t("方位", "Seat"), t("搭档", "Partner"),
                  t("得分", "Score"), t("计分单位", "MP"), t("满分", "Top"), t("得分率 %", "Rate %"), t("用时", "Time")]
        number_format = {5: SIGNED, 8: PCT}
        blocks = []
        for x in res.standings:
            rec = x.item
            boards = sorted(mine.get(rec.id, []), key=lambda s: (s.round, s.board))
            last = max((s.round for s in boards), default=0)
            sat_rounds = sorted(r for r in sat.get(rec.id, ()) if r <= max(last, res.last_round))
            title = t("{p} · 第 {k} 名 · 平均 {r}% · {b} 副", "{p} · rank {k} · mean {r}% · {b} boards",
                      p=who(rec.id), k=x.rank, r=_pct_text(rec.rate), b=rec.boards)
            blocks.append(Block(title, header, Rows(lambda boards=boards, sat_rounds=sat_rounds: card_rows(boards, sat_rounds),
                                                    len(boards) + len(sat_rounds)),
                                number_format=number_format,
                                notes=[t("用时（同分排序）：{c}", "Time (tie-break): {c}", c=clock(rec.time) or "—")]))
        out.append(Report("PlayerCards", sheet_name("PlayerCards", lang), t("{n} · 个人成绩", "{n} · Player cards", n=name), blocks))

    # ---- The seating just drawn, and its table cards -----------------------------------------------------------
    # the round in play: just drawn, or still waiting for its results (reprinted on every run)
    in_play = res.new_round or (res.status[1] if res.status and res.status[0] == "waiting" else None)
    current = res.rounds.get(in_play) if in_play else None
    if current is not None:
        rnd = current.round
        basis = (t("随机（抽签种子 {s}）", "at random (seed {s})", s=data.seed) if rnd == 1
                 else t("按第 {r} 轮后排名蛇形排位", "snake by the ranking after round {r}", r=rnd - 1))
        rows = [[tbl] + [who(seats[s]) for s in SEATS] for tbl, seats in current.tables.items()]
        notes = []
        if current.sit_outs:
            notes.append(t("轮空：{p}", "Sitting out: {p}", p="、".join(who(p) for p in current.sit_outs) if lang != "en"
                           else ", ".join(who(p) for p in current.sit_outs)))
        notes.append(t("南北为一方，东西为一方。抽签种子：{s}", "North–South and East–West are partners. Draw seed: {s}", s=data.seed))
        blocks = [Block(t("按桌", "By table"), [t("桌号", "Table"), seat_word["N"], seat_word["E"], seat_word["S"], seat_word["W"]],
                        rows, notes=notes)]
        where = current.seat_of()
        lookup = []
        for pid in sorted(data.players, key=natural_key):
            tbl, seat = where.get(pid, (None, None))
            lookup.append([pid, data.players[pid].name, tbl if tbl else t("轮空", "sits out"), seat_word.get(seat, "") if seat else ""])
        blocks.append(Block(t("按参赛者", "By player"), [t("编号", "ID"), t("姓名", "Name"), t("桌号", "Table"), t("方位", "Seat")],
                            lookup, page_break=True))
        out.append(Report("NextSeating", sheet_name("NextSeating", lang),
                          t("{n} · 第 {r} 轮座位表", "{n} · Round {r} seating", n=name, r=rnd), blocks,
                          subtitle=t("座位：{b}", "Seating: {b}", b=basis)))

        cards = []
        for tbl, seats in current.tables.items():
            head = [[seat_word[s], who(seats[s])] for s in SEATS]
            cards.append(Block(t("第 {r} 轮 · 第 {k} 桌", "Round {r} · Table {k}", r=rnd, k=tbl), [t("方位", "Seat"), t("参赛者", "Player")],
                               head, page_break=True))
            slip = [[b, "", "", "", "", "", "", "", ""] for b in range(1, data.boards_per_round + 1)]
            cards.append(Block(t("成绩单", "Result slip"), [t("牌号", "Board"), t("庄家方", "Declarer"), t("抓分", "Captured"),
                                                          t("底分", "Kitty"), t("抠底牌型", "Last lead"), t("北用时", "N time"),
                                                          t("东用时", "E time"), t("南用时", "S time"), t("西用时", "W time")], slip,
                               notes=[t("庄家方填 NS 或 EW；抓分方赢得最后一圈时填底分及牌型（single、pair、tractor2…、throw…）。",
                                        "Declarer: NS or EW; when the defenders won the last trick, the kitty points and the shape "
                                        "(single, pair, tractor2, …, throw, …)."),
                                      t("签名：北 ______ 东 ______ 南 ______ 西 ______", "Signed: N ______ E ______ S ______ W ______")]))
        if current.sit_outs:
            cards.append(Block(t("第 {r} 轮轮空", "Round {r}: sitting out", r=rnd), [t("参赛者", "Player")],
                               [[who(p)] for p in current.sit_outs], page_break=True))
        out.append(Report("TableCards", sheet_name("TableCards", lang), t("{n} · 第 {r} 轮桌卡", "{n} · Round {r} table cards", n=name, r=rnd),
                          cards))

    # ---- Hand records of the newest round ------------------------------------------------------------------------
    rnd = res.current_round
    if rnd and res.deals:
        blocks = []
        for b in range(1, data.boards_per_round + 1):
            deal = res.deals[(rnd, b)]
            rows = []
            for seat in SEATS:
                rows.append([seat_word[seat]] + _hand_row(deal.hands[seat]))
            rows.append([t("底牌", "Kitty")] + _hand_row(deal.kitty))
            header = [t("方位", "Seat"), t("王", "Jokers")] + [SUIT_SYMBOLS[s] for s in SUITS] + [t("张数", "Cards"), t("分", "Points")]
            blocks.append(Block(t("第 {r} 轮 · 第 {b} 副", "Round {r} · Board {b}", r=rnd, b=b), header, rows, page_break=True,
                                notes=[t("发牌阶段：deal/r{r}/b{b}；抽签种子：{s}", "Deal stage: deal/r{r}/b{b}; seed: {s}", r=rnd, b=b, s=data.seed)]))
        out.append(Report("HandRecords", sheet_name("HandRecords", lang), t("{n} · 第 {r} 轮牌谱", "{n} · Round {r} hand records", n=name, r=rnd),
                          blocks, landscape=True, subtitle=t("两副牌 108 张：每家 25 张，底牌 8 张。复式：各桌同一副牌的牌相同，请据此预先配牌。",
                                             "Two decks, 108 cards: 25 to each seat, 8 to the kitty. Duplicate: every table plays the "
                                             "same cards; pre-deal each board from this record.")))

    # ---- Scoring example (附录二) from the first board ------------------------------------------------------------------
    if res.groups:
        out.append(_example(res.groups[0], res, t, name, lang))
    out += missing_reports(res, lang)
    return out


def missing_tables(res: Results) -> tuple[int, list[tuple[int, list[int]]]]:
    """The latest seated round (not the one just drawn) and its tables still without a Boards row
    for some board: (round, [(table, boards missing)])."""
    seated = [r for r in res.rounds if r != res.new_round]
    if not seated:
        return 0, []
    rnd = max(seated)
    entered = {(r.table, r.board) for g in res.groups if g.round == rnd for r in g.results}
    out = []
    for tbl in sorted(res.rounds[rnd].tables):
        boards = [b for b in range(1, res.data.boards_per_round + 1) if (tbl, b) not in entered]
        if boards:
            out.append((tbl, boards))
    return rnd, out


def missing_reports(res: Results, lang: str) -> list[Report]:
    """Results still missing: the tables of the latest seated round without a Boards
    row for some board."""
    rnd, tables = missing_tables(res)
    if not tables:
        return []
    t = T(lang)
    data = res.data
    name = data.name or t("竞技升级", "Shengji")

    def who(pid: str) -> str:
        p = data.players.get(pid)
        return f"{pid} {p.name}".strip() if p else pid

    seats = res.rounds[rnd].tables
    rows = [[tbl] + [who(seats[tbl][s]) for s in SEATS] + [" ".join(map(str, boards))] for tbl, boards in tables]
    header = [t("桌号", "Table"), t("北", "N"), t("东", "E"), t("南", "S"), t("西", "W"), t("缺牌号", "Boards missing")]
    return [Report("Missing", sheet_name("Missing", lang), t("{n} · 尚缺成绩", "{n} · Results still missing", n=name),
                   [Block(t("第 {r} 轮 · 尚缺 {k} 桌", "Round {r} · {k} table(s) missing", r=rnd, k=len(rows)), header, rows)],
                   subtitle=t("以下各桌尚有牌号未填入「成绩」；收到后请填入再执行一次。",
                              "These tables still have boards without a row on Boards; type them in when they come and run again."))]


def _pct_text(rate: Fraction | None) -> str:
    return "—" if rate is None else f"{round_half_up(rate * 100, 2):.2f}"


def _outcome(net: int, t: T) -> str:
    if net > 0:
        return t("庄家方升 {n} 级", "declarers +{n}", n=net)
    if net < 0:
        return t("抓分方升 {n} 级", "defenders +{n}", n=-net)
    return t("不升级", "no level")


def _bands_text(res: Results, t: T) -> str:
    parts = []
    for low, high, net in res.data.rules.band_edges:
        rng = f"{low}+" if high is None else (str(low) if low == high else f"{low}–{high}")
        parts.append(f"{rng} → {net:+d}")
    return "; ".join(parts)


def _hand_row(cards: list[str]) -> list[Any]:
    by_suit: dict[str, list[str]] = defaultdict(list)
    for c in cards:
        by_suit[suit_of(c)].append(rank_of(c))
    jokers = " ".join(by_suit.get("J", []))
    return [jokers] + [" ".join(by_suit.get(s, [])) or "—" for s in SUITS] + [len(cards), points(cards)]


def _traveller_rows(g: BoardGroup, t: T) -> Iterable[list[Any]]:
    """A traveller's rows: each table's result, and each seat's matchpoints and rate."""
    by_table: dict[int, dict[str, Any]] = {s.table: {} for s in g.by_seat.get("N", [])}
    for seat, results in g.by_seat.items():
        for s in results:
            by_table[s.table][seat] = s
    side_word = {"NS": t("南北", "NS"), "EW": t("东西", "EW")}
    for r in g.results:
        seats, score = r.seats, r.score
        if score is None:
            yield [r.table, seats["N"], seats["E"], seats["S"], seats["W"], t("未打", "not played")] + [""] * 11
            continue
        cells = by_table[r.table]
        n, e, s, w = cells["N"], cells["E"], cells["S"], cells["W"]
        yield [r.table, seats["N"], seats["E"], seats["S"], seats["W"],
               side_word.get(score.declarer, "") if score.steps else "", score.total if score.steps else "",
               score.score_ns, score.score_ew, two(n.mp), seat_percent(n), two(e.mp), seat_percent(e),
               two(s.mp), seat_percent(s), two(w.mp), seat_percent(w)]


def _traveller(g: BoardGroup, res: Results, t: T, seat_word: dict[str, str]) -> Block:
    rows = Rows(lambda: _traveller_rows(g, t), len(g.results))
    header = [t("桌号", "Table"), seat_word["N"], seat_word["E"], seat_word["S"], seat_word["W"], t("庄家方", "Declarer"), "P",
              t("南北得分", "NS score"), t("东西得分", "EW score")]
    for seat in SEATS:
        header += [t("{s} 计分单位", "{s} MP", s=seat_word[seat]), t("{s} 得分率 %", "{s} rate %", s=seat_word[seat])]
    n = len(g.played)
    adjusted = bool(g.by_seat.get("N")) and g.by_seat["N"][0].neuberg
    top = g.by_seat["N"][0].top if g.by_seat.get("N") else 0
    notes = [t("本副 {n} 桌有成绩，应打 {d} 桌；满分 {top} 个计分单位。", "{n} result(s) of {d} due; top {top} MP.",
               n=n, d=g.due, top=top)]
    if adjusted:
        notes.append(t("少于应打桌数：已按 Neuberg 公式调整，(M＋1)×{d}/{n}－1。", "Fewer results than due: Neuberg-adjusted, (M + 1) × {d}/{n} − 1.",
                       d=g.due, n=n))
    fmt = {7: SIGNED, 8: SIGNED}
    fmt.update({10 + 2 * i: PCT for i in range(4)})
    return Block(t("第 {r} 轮 · 第 {b} 副", "Round {r} · Board {b}", r=g.round, b=g.board), header, rows, notes=notes, number_format=fmt)


def _example(g: BoardGroup, res: Results, t: T, name: str, lang: str) -> Report:
    """The rulebook's 附录二 computation, on this event's first board, North's comparison."""
    results = g.by_seat.get("N", [])
    scores = [s.score for s in results]
    n = len(scores)
    counts = Counter(scores)
    mp = dict(zip(scores, matchpoints(scores)))
    rows = []
    for score in sorted(counts, reverse=True):
        worse = sum(c for s, c in counts.items() if s < score)
        equal = counts[score] - 1
        better = sum(c for s, c in counts.items() if s > score)
        raw = mp[score]
        rate = Fraction(1, 2) if n == 1 else Fraction(raw, 2 * (n - 1))
        rows.append([score, counts[score], worse, equal, better, f"2×{worse} + 1×{equal} = {raw}",
                     f"{raw} ÷ {2 * (n - 1)}" if n > 1 else "—", percent(rate)])
    header = [t("得分", "Score"), t("人数", "Players"), t("较差", "Worse"), t("相同", "Equal"), t("较好", "Better"),
              t("计分单位", "Matchpoints"), t("计算", "Computation"), t("得分率 %", "Rate %")]
    notes = [
        t("每局牌，将同方位打过同一局牌的其他参赛者得分与自身得分比较：每个比他差的成绩得 2 个计分单位，相同得 1 个，比他好的得 0 个。",
          "On each board, each player's score is compared with every other player who played it in the same seat: "
          "2 units for each worse result, 1 for each equal, 0 for each better."),
        t("得分率 ＝ 计分单位 ÷ 2(n−1)，n ＝ 参与比较的人数（本例 n ＝ {n}）；只有一人时得分率为 50%。",
          "Rate = MP ÷ 2(n−1), n = results compared (here n = {n}); a group of one scores 50%.", n=n),
        t("参赛者的成绩为其打过各副牌得分率的平均（平均得分率），以百分比列示，保留两位小数。",
          "A player's score is the mean of their board rates, shown as a percentage with 2 decimals."),
    ]
    if results and results[0].neuberg:
        notes.append(t("本副少于应打桌数，实际计分另按 Neuberg 公式调整（见「计分单」）。",
                       "This board had fewer results than due; the scores actually used are Neuberg-adjusted (see Travellers)."))
    block = Block(t("第 {r} 轮第 {b} 副，北家（同方位）比较", "Round {r}, board {b}: North against North", r=g.round, b=g.board),
                  header, rows, notes=notes, number_format={0: SIGNED, 7: PCT})
    return Report("ScoringExample", sheet_name("ScoringExample", lang),
                  t("{n} · 计分法示例（附录二）", "{n} · Scoring example (Appendix 2)", n=name), [block])


class Summary(Mapping):
    """The JSON summary, each entry made when it is asked for: a run that writes no JSON never
    builds the thousands of board and deal entries of a large event, which would otherwise stay
    alive through the writing of the workbook. Read like the dict it stands for."""

    __slots__ = ("_res", "_keys")

    def __init__(self, res: Results):
        self._res = res
        keys = ["seed"]
        if any(rs.tables or rs.sit_outs for rs in res.rounds.values()):
            keys.append("seating")
        if res.deals:
            keys.append("deals")
        if res.seat_results:
            keys.append("boards")
        if res.data.players:
            keys.append("standings")
        self._keys = tuple(keys)

    def __getitem__(self, key: str) -> Any:
        if key not in self._keys:
            raise KeyError(key)
        return getattr(self, "_" + key)()

    def __iter__(self):
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __repr__(self) -> str:
        return f"Summary({', '.join(self._keys)})"

    def _seed(self) -> str:
        return self._res.data.seed

    def _seating(self) -> list[dict[str, Any]]:
        res = self._res
        seating = []
        for rnd in sorted(res.rounds):
            rs = res.rounds[rnd]
            for tbl, seats in rs.tables.items():
                seating += [{"round": rnd, "table": tbl, "seat": s, "player": seats[s]} for s in SEATS]
            seating += [{"round": rnd, "table": None, "seat": None, "player": p} for p in rs.sit_outs]
        return seating

    def _deals(self) -> list[dict[str, Any]]:
        return [{"round": d.round, "board": d.board, "hands": {s: list(d.hands[s]) for s in SEATS}, "kitty": list(d.kitty)}
                for (_r, _b), d in sorted(self._res.deals.items())]

    def _boards(self) -> list[dict[str, Any]]:
        return [{"round": s.round, "board": s.board, "seat": s.seat, "player": s.player, "score": s.score,
                 "mp": two(s.mp), "rate": seat_percent(s)}
                for s in sorted(self._res.seat_results, key=lambda s: (s.round, s.board, s.table, SEATS.index(s.seat)))]

    def _standings(self) -> list[dict[str, Any]]:
        return [{"rank": x.rank, "id": x.item.id, "rate": percent(x.item.rate),
                 "time": None if x.item.time is None else float(round_half_up(x.item.time, 2))}
                for x in self._res.standings]


def summary(res: Results) -> Summary:
    """The JSON summary: the seed, every round's seating, the deals, each seat's boards and the standings."""
    return Summary(res)


__all__ = ["reports", "summary", "percent"]
