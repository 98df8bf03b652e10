"""Results -> printable report sheets (board scores, travelling score sheets, ranking, player
cards, seating, table cards, hand records, the 附錄二 scoring example) and the JSON summary."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Callable, Iterable, Sequence

from ttools.competitions.base import SheetContext, build_sheets
from ttools.competitions.shengji.compute import BoardGroup, Results
from ttools.competitions.shengji.schema import OUTPUTS
from ttools.core.cards import SEATS, SUIT_SYMBOLS, SUITS, points, rank_of, suit_of
from ttools.core.duplicate import matchpoints
from ttools.core.exact import round_half_up, round_half_up_float
from ttools.i18n import Translator
from ttools.workbook.normalize import natural_key
from ttools.workbook.write import Block, Report

PCT = "0.00"
SIGNED = "+0;-0;0"
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


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


class Context(SheetContext):
    """What the Shengji sheet builders share, made once per set of reports: the event's name, the
    seat and side words, player names as printed, and the round in play."""

    def __init__(self, res: Results, lang: str) -> None:
        super().__init__(res, lang)
        t = self.t
        self.data = res.data
        self.name = self.data.name or t("競技升級", "Shengji")
        self.seat_word = {"N": t("北", "N"), "E": t("東", "E"), "S": t("南", "S"), "W": t("西", "W")}
        self.side_word = {"NS": t("南北", "NS"), "EW": t("東西", "EW")}
        # the round in play: just drawn, or still waiting for its results (reprinted on every run)
        in_play = res.new_round or (res.status[1] if res.status and res.status[0] == "waiting" else None)
        self.in_play = res.rounds.get(in_play) if in_play else None
        self._shown: dict[str, str] = {}
        # a column for referee actions only where the event has one: most events never do
        self.referee = any(has_action(r) for g in res.groups for r in g.results)

    def who(self, pid: str | None) -> str:
        """A player as printed: id and name."""
        if not pid:
            return ""
        text = self._shown.get(pid)
        if text is None:
            p = self.data.players.get(pid)
            text = self._shown[pid] = f"{pid} {p.name}".strip() if p else pid
        return text

    def entrant_name(self, rec: Any) -> str:
        """An entrant's name as printed: the player's, or a pair's two names (ids where none)."""
        if not rec.players:
            p = self.data.players.get(rec.id)
            return p.name if p else ""
        return " / ".join(self.data.players[m].name or m for m in rec.players)

    def withdrawn_after(self, rec: Any) -> int | None:
        """The last round an entrant played before withdrawing (a pair: the first partner to go)."""
        rounds = [self.data.players[m].withdrawn_after for m in (rec.players or (rec.id,))]
        known = [r for r in rounds if r is not None]
        return min(known) if known else None

    def report(self, key: str, title: str, blocks: list[Block], **kw: Any) -> Report:
        return Report(key, sheet_name(key, self.lang), title, blocks, **kw)


def has_action(r: Any) -> bool:
    """A table's board with a referee action: an adjusted score, a fouled deal or a penalty."""
    row = r.row
    return row.adjusted is not None or bool(row.fouled) or any(row.penalties)


def rate_text(rate: Fraction) -> str:
    """A rate given in percent as a referee writes it: 60, 12.5."""
    return f"{round_half_up(rate * 100, 2).normalize():f}"


def table_action(ctx: Context, r: Any) -> str:
    """A table's referee actions on a board as its traveller line prints them."""
    t, row, parts = ctx.t, r.row, []
    if row.adjusted is not None:
        ns, ew = row.adjusted
        parts.append(t("調整 {a}/{b}", "adjusted {a}/{b}", a=rate_text(ns), b=rate_text(ew)))
    elif row.fouled:
        parts.append(t("錯牌 {m}", "fouled {m}", m=row.fouled))
    for seat in SEATS:
        pct = row.penalty(seat)
        if pct:
            parts.append(t("{s} 判罰 {p}%", "{s} penalty {p}%", s=ctx.seat_word[seat], p=rate_text(pct / 100)))
    return "; ".join(parts)


def seat_action(ctx: Context, s: Any, seat_word: bool = False) -> str:
    """A seat's referee actions on a board as its card prints them (the seat named where asked)."""
    t, parts = ctx.t, []
    if s.adjusted:
        parts.append(t("調整得分", "adjusted score"))
    if s.fouled:
        parts.append(t("錯牌 {m}", "fouled {m}", m=s.fouled))
    if s.penalty:
        text = t("判罰 {p}%", "penalty {p}%", p=rate_text(s.penalty / 100))
        parts.append(f"{ctx.seat_word[s.seat]} {text}" if seat_word else text)
    return "; ".join(parts)


def reports(res: Results, lang: str) -> list[Report]:
    """Every report sheet at once (the output workbook takes them one at a time from SHEETS)."""
    return list(build_sheets(SHEETS, Context(res, lang)))


# ---- Scores: every table's board, step by step ------------------------------------------------------


def scores_sheet(ctx: Context) -> Report | None:
    res, t = ctx.res, ctx.t
    if not res.groups:
        return None
    by_round: dict[int, list] = defaultdict(list)
    for g in res.groups:
        for r in g.results:
            by_round[g.round].append(r)
    outcomes = {net: _outcome(net, t) for net in range(-40, 41)}
    w = ctx.seat_word
    header = [
        t("牌號", "Board"),
        t("桌號", "Table"),
        w["N"],
        w["E"],
        w["S"],
        w["W"],
        t("莊家方", "Declarer"),
        t("抓分", "Captured"),
        t("底分", "Kitty"),
        t("摳底牌型", "Last lead"),
        t("倍數", "Multiplier"),
        t("底分×倍數", "Kitty × mult."),
        t("抓分方總分 P", "Defenders' P"),
        t("分段", "Band"),
        t("結果", "Outcome"),
        t("南北得分", "NS score"),
        t("東西得分", "EW score"),
    ]
    blocks = [
        Block(
            t("第 {r} 輪", "Round {r}", r=rnd),
            header,
            Rows(lambda rows=rows: _score_rows(ctx, rows, outcomes), len(rows)),
            number_format={15: SIGNED, 16: SIGNED},
        )
        for rnd, rows in sorted(by_round.items())
    ]
    blocks[-1].notes = _scores_notes(ctx)
    return ctx.report("Scores", t("{n} · 各桌得分", "{n} · Board scores", n=ctx.name), blocks, landscape=True)


def _score_rows(ctx: Context, results: list, outcomes: dict[int, str]) -> Iterable[list[Any]]:
    t = ctx.t
    for r in sorted(results, key=lambda r: (r.board, r.table)):
        s = r.score
        seats = r.seats
        if s is None:
            what = t("未打", "not played") if r.adjusted is None else t("調整得分", "adjusted score")
            yield [r.board, r.table, seats["N"], seats["E"], seats["S"], seats["W"], what] + [""] * 10
        elif not s.steps:
            yield [
                r.board,
                r.table,
                seats["N"],
                seats["E"],
                seats["S"],
                seats["W"],
                t("直接填寫", "typed"),
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                s.score_ns,
                s.score_ew,
            ]
        else:
            led = s.lead is not None
            yield [
                r.board,
                r.table,
                seats["N"],
                seats["E"],
                seats["S"],
                seats["W"],
                ctx.side_word[s.declarer],
                s.captured,
                s.kitty if led else "",
                str(s.lead) if led else "",
                f"×{s.multiplier}" if s.multiplier else "",
                s.kitty_bonus if led else "",
                s.total,
                s.band,
                outcomes.get(s.net) or _outcome(s.net, t),
                s.score_ns,
                s.score_ew,
            ]


def _scores_notes(ctx: Context) -> list[str]:
    """How a board is scored under this event's rules: P, the net levels and the bands."""
    t, rules = ctx.t, ctx.data.rules
    preset = {
        "national": t("全國競技規則", "national rules"),
        "seed004": t("2011 北京雙升規則（甩牌×3）", "2011 Beijing rules (throw ×3)"),
    }
    return [
        t(
            "P ＝ 抓分 ＋ 底分 × 倍數（只在抓分方贏得最後一圈時計入底分）；摳底倍數：{p}。",
            "P = captured + kitty × multiplier (the kitty counts only when the defenders won the last trick); kitty rule: {p}.",
            p=preset.get(rules.kitty_preset, rules.kitty_preset),
        ),
        t(
            "得分為淨級數：莊家方 +3/+2/+1/0/−1/−2/−3（按分段），防守方為其相反數。",
            "A side's score is its net levels: the declarers +3/+2/+1/0/−1/−2/−3 by the band, the defenders the negative.",
        ),
        t("分段：{b}", "Bands: {b}", b=_bands_text(ctx.res)),
    ]


# ---- Travellers: one per board ---------------------------------------------------------------------------


def travellers_sheet(ctx: Context) -> Report | None:
    if not ctx.res.groups:
        return None
    t = ctx.t
    return ctx.report(
        "Travellers",
        t("{n} · 計分單", "{n} · Travelling score sheets", n=ctx.name),
        [traveller(ctx, g) for g in ctx.res.groups],
        landscape=True,
        subtitle=t(
            "同方位比較：每個較差成績得 2 個計分單位，相同得 1 個；得分率 ＝ 計分單位 ÷ 2(n−1)。",
            "Each seat against the same seat: 2 units per worse result, 1 per equal; rate = MP ÷ 2(n−1).",
        ),
    )


def traveller(ctx: Context, g: BoardGroup) -> Block:
    t, w = ctx.t, ctx.seat_word
    header = [
        t("桌號", "Table"),
        w["N"],
        w["E"],
        w["S"],
        w["W"],
        t("莊家方", "Declarer"),
        "P",
        t("南北得分", "NS score"),
        t("東西得分", "EW score"),
    ]
    for seat in SEATS:
        header += [t("{s} 計分單位", "{s} MP", s=w[seat]), t("{s} 得分率 %", "{s} rate %", s=w[seat])]
    actions = any(has_action(r) for r in g.results)
    header += [t("裁判", "Referee")] if actions else []
    rows = Rows(lambda: _traveller_rows(ctx, g, actions), len(g.results))
    n = len(g.played)
    adjusted = any(s.neuberg for s in g.by_seat.get("N", ()))
    top = max((s.top for s in g.by_seat.get("N", ())), default=0)
    notes = [
        t(
            "本副 {n} 桌有成績，應打 {d} 桌；滿分 {top} 個計分單位。",
            "{n} result(s) of {d} due; top {top} MP.",
            n=n,
            d=g.due,
            top=top,
        )
    ]
    compared = [r for r in g.results if r.compared]
    if adjusted and not any(r.row.fouled for r in compared):
        # the tables compared, not those with a result: an adjusted score at a table played is
        # left out of the comparison (a fouled board's groups say their own factor below)
        notes.append(
            t(
                "少於應打桌數：已按 Neuberg 公式調整，(M＋1)×{d}/{n}－1。",
                "Fewer results than due: Neuberg-adjusted, (M + 1) × {d}/{n} − 1.",
                d=g.due,
                n=len(compared),
            )
        )
    notes += _action_notes(ctx, g) if actions else []
    fmt = {7: SIGNED, 8: SIGNED}
    fmt.update({10 + 2 * i: PCT for i in range(4)})
    return Block(
        t("第 {r} 輪 · 第 {b} 副", "Round {r} · Board {b}", r=g.round, b=g.board),
        header,
        rows,
        notes=notes,
        number_format=fmt,
    )


def _traveller_rows(ctx: Context, g: BoardGroup, actions: bool = False) -> Iterable[list[Any]]:
    """A traveller's rows: each table's result, and each seat's matchpoints and rate (and, where
    the board has any, the table's referee actions)."""
    by_table: dict[int, dict[str, Any]] = {s.table: {} for s in g.by_seat.get("N", [])}
    for seat, results in g.by_seat.items():
        for s in results:
            by_table[s.table][seat] = s
    extra = [table_action(ctx, r) for r in g.results] if actions else None
    for i, r in enumerate(g.results):
        seats, score = r.seats, r.score
        tail = [extra[i]] if extra is not None else []
        cells = by_table.get(r.table)
        if cells is None:
            yield (
                [r.table, seats["N"], seats["E"], seats["S"], seats["W"], ctx.t("未打", "not played")]
                + [""] * 11
                + tail
            )
            continue
        n, e, s, w = cells["N"], cells["E"], cells["S"], cells["W"]
        if score is None:  # an adjusted score with no result played
            head = [ctx.t("調整得分", "adjusted score"), "", "", ""]
        else:
            head = [
                ctx.side_word.get(score.declarer, "") if score.steps else "",
                score.total if score.steps else "",
                score.score_ns,
                score.score_ew,
            ]
        yield (
            [r.table, seats["N"], seats["E"], seats["S"], seats["W"]]
            + head
            + [two(n.mp), seat_percent(n), two(e.mp), seat_percent(e), two(s.mp), seat_percent(s)]
            + [two(w.mp), seat_percent(w)]
            + tail
        )


def _action_notes(ctx: Context, g: BoardGroup) -> list[str]:
    """How a board's referee actions were scored: the fouled tables' groups, the adjusted tables
    and the penalties (percent of the top, off that seat's rate alone)."""
    t, notes = ctx.t, []
    groups: dict[str, list[int]] = defaultdict(list)
    for r in g.results:
        if r.compared:
            groups[r.row.fouled].append(r.table)
    if len(groups) > 1 or "" not in groups and groups:
        for mark, tables in sorted(groups.items()):
            notes.append(
                t(
                    "錯牌 {m}：第 {k} 桌打了另一副牌，只在彼此之間比較（按 Neuberg 調整至應打 {d} 桌，"
                    "(M＋1)×{d}/{n}－1）。",
                    "Fouled {m}: table(s) {k} played another deal and are compared among themselves (Neuberg-"
                    "adjusted to the {d} due, (M + 1) × {d}/{n} − 1).",
                    m=mark,
                    k=", ".join(map(str, tables)),
                    d=g.due,
                    n=len(tables),
                )
                if mark
                else t(
                    "按牌譜打牌的第 {k} 桌彼此比較（按 Neuberg 調整至應打 {d} 桌，(M＋1)×{d}/{n}－1）。",
                    "Table(s) {k}, which played the board as dealt, are compared among themselves (Neuberg-adjusted "
                    "to the {d} due, (M + 1) × {d}/{n} − 1).",
                    k=", ".join(map(str, tables)),
                    d=g.due,
                    n=len(tables),
                )
            )
    adjusted = [r.table for r in g.results if r.adjusted is not None]
    if adjusted:
        notes.append(
            t(
                "第 {k} 桌為裁判判定的調整得分（南北/東西得分率 %），不參與比較；其他各桌不計該桌比較。",
                "Table(s) {k}: an adjusted score awarded by the referee (NS/EW rates in percent), not compared; the "
                "other tables are compared without it.",
                k=", ".join(map(str, adjusted)),
            )
        )
    if any(any(r.row.penalties) for r in g.results):
        notes.append(
            t(
                "判罰：本副滿分的百分之幾，從該方位的計分單位及得分率中扣除，其他方位不受影響。",
                "Penalties: percent of the board's top, taken off that seat's matchpoints and rate; the other seats "
                "keep theirs.",
            )
        )
    return notes


# ---- Ranking ------------------------------------------------------------------------------------------------


def rates_shown(standings: Sequence[Any]) -> dict[str, float | str]:
    """Each entrant's mean rate as the ranking prints it: a percentage to 2 decimals, or, where
    it prints the same as a neighbour's although the exact rates differ (9/23 and 601/1536 both
    39.13), as text with the decimals that show why one is above (39.1304, 39.1276)."""
    shown: dict[str, float | str] = {x.item.id: percent(x.item.rate) for x in standings}
    for a, b in zip(standings, standings[1:]):
        ra, rb = a.item.rate, b.item.rate
        if ra is None or rb is None or ra == rb or shown[a.item.id] != shown[b.item.id]:
            continue
        places = 3
        while round_half_up(ra * 100, places) == round_half_up(rb * 100, places) and places < 12:
            places += 1
        for rec in (a.item, b.item):
            old = shown[rec.id]
            if type(old) is str and len(old.partition(".")[2]) >= places:
                continue
            shown[rec.id] = f"{round_half_up(rec.rate * 100, places):.{places}f}"
    return shown


def ranking_sheet(ctx: Context) -> Report | None:
    res, t = ctx.res, ctx.t
    if not res.seat_results:
        return None
    rows = []
    words = {0: t("得分率", "rate"), 1: t("用時", "time")}
    shown = rates_shown(res.standings)
    pairs = ctx.data.pairs_format
    # a column of zeros on a wall sheet says nothing (a field that fills every table): left out,
    # which keeps a pairs ranking within the page at the wall's type
    sat_out = any(x.item.sat_out for x in res.standings)
    for x in res.standings:
        rec = x.item
        how = (
            t("抽籤", "lot")
            if x.by_lot and rec.boards
            else words.get(x.decided_by, "")
            if x.decided_by is not None
            else ""
        )
        withdrawn = ctx.withdrawn_after(rec)
        note = t("第 {r} 輪後退賽", "withdrew after round {r}", r=withdrawn) if withdrawn is not None else ""
        members = [", ".join(rec.players)] if pairs else []
        rows.append(
            [x.rank, rec.id, ctx.entrant_name(rec)]
            + members
            + [shown[rec.id], rec.boards, clock(rec.time)]
            + ([rec.sat_out] if sat_out else [])
            + [how, note]
        )
    done = sorted(res.complete)
    title = t("第 {r} 輪後", "after round {r}", r=done[-1]) if done else t("賽前", "before round 1")
    header = [t("名次", "Rank"), t("對", "Pair") if pairs else t("編號", "ID"), t("姓名", "Name")]
    header += [t("參賽者", "Players")] if pairs else []
    header += [
        t("平均得分率 %", "Mean rate %"),
        t("副數", "Boards"),
        t("用時（同分排序）", "Time (tie-break)"),
        *([t("輪空", "Sat out")] if sat_out else []),
        t("決定於", "Decided by"),
        t("備註", "Note"),
    ]
    return ctx.report(
        "Ranking",
        t("{n} · 排名（{w}）", "{n} · Ranking ({w})", n=ctx.name, w=title),
        [Block("", header, rows, notes=_ranking_notes(ctx), number_format={4 if pairs else 3: PCT})],
        wall=True,  # posted in the hall: read from a distance
    )


def _ranking_notes(ctx: Context) -> list[str]:
    """How the ranking is made (and that it is provisional while a round waits for results)."""
    res, t, data = ctx.res, ctx.t, ctx.data
    ties = {"time": t("用時較少", "less time"), "lot": t("抽籤", "lots")}
    notes = [
        t(
            "排名依平均得分率（打過的各副牌得分率的平均，輪空不計）；同分時依次比較：{k}。",
            "Ranked by mean rate over the boards played (sit-outs do not count); ties: {k}.",
            k=("、" if t.zh else ", ").join(ties[k] for k in data.tiebreaks) or "—",
        )
    ]
    if data.rate_ranking == "printed":
        notes.append(
            t(
                "得分率按列印的兩位小數比較（裁判長裁定）：列印相同者由同分排序決定。",
                "Rates are compared as printed to 2 decimals (as the chief referee rules): those that print "
                "the same go to the tie-breaks.",
            )
        )
    elif any(type(v) is str for v in rates_shown(res.standings).values()):
        notes.append(
            t(
                "得分率按精確值比較：列印兩位小數相同而名次不同者，多列小數以示分別。",
                "Rates are compared exactly: where two print the same to 2 decimals, more decimals show why one is above.",
            )
        )
    if data.pairs_format:
        notes.append(
            t(
                "固定搭檔：每對為一個參賽單位；用時為兩人各副用時合併，去掉最多及最少的各 {d} 個，其餘平均。",
                "Fixed pairs: each pair is one entrant; its time pools both partners' board times, the {d} "
                "longest and {d} shortest dropped, the rest averaged.",
                d=data.time_drop,
            )
        )
    else:
        notes.append(
            t(
                "用時：去掉用時最多及最少的各 {d} 副，其餘平均。",
                "Time: the {d} longest and {d} shortest boards dropped, the rest averaged.",
                d=data.time_drop,
            )
        )
    notes.append(
        t(
            "抽籤種子：{s}；抽籤決定的名次須經裁判長確認。",
            "Draw seed: {s}; places decided by lot are confirmed by the chief referee.",
            s=data.seed,
        )
    )
    if res.status and res.status[0] == "waiting":
        notes.insert(
            0,
            t(
                "第 {r} 輪尚有 {n} 行成績未輸入：排名為暫定。",
                "Round {r} still has {n} board row(s) to enter: provisional ranking.",
                r=res.status[1],
                n=res.status[2],
            ),
        )
    return notes


# ---- Player cards -------------------------------------------------------------------------------------------


class _Roles:
    """(round, player) -> (partner, the two opponents), for every seated round, made when asked
    for from the table's own seats: a tuple for each of 30,000 seatings held at once was 3 MB
    of the largest report."""

    __slots__ = ("_tables",)

    def __init__(self, res: Results) -> None:
        # round -> player -> the seats of the table they sit at (a later seating wins, as ever)
        self._tables: dict[int, dict[str, dict[str, str]]] = {}
        for rs in res.rounds.values():
            at = self._tables.setdefault(rs.round, {})
            for seats in rs.tables.values():
                for seat in SEATS:
                    at[seats[seat]] = seats

    def get(self, key: tuple[int, str], default: Any = None) -> Any:
        seats = self._tables.get(key[0], {}).get(key[1])
        if seats is None:
            return default
        seat = next(x for x in reversed(SEATS) if seats[x] == key[1])  # the last, as a dict would keep
        other = ("E", "W") if seat in ("N", "S") else ("N", "S")
        return seats[PARTNER[seat]], (seats[other[0]], seats[other[1]])


def table_roles(res: Results) -> _Roles:
    """(round, player) -> (partner, the two opponents), for every seated round."""
    return _Roles(res)


def player_cards_sheet(ctx: Context) -> Report | None:
    """One card per entrant (a player, or a fixed pair): each board with partner and opponents."""
    res, t = ctx.res, ctx.t
    if not res.seat_results:
        return None
    mine: dict[str, list] = defaultdict(list)
    for s in res.seat_results:
        mine[res.entrant_of.get(s.player, s.player)].append(s)
    roles = table_roles(res)
    sat: dict[str, set[int]] = defaultdict(set)
    for rs in res.rounds.values():
        for p in rs.sit_outs:
            sat[res.entrant_of.get(p, p)].add(rs.round)
    pairs = ctx.data.pairs_format
    header = [t("輪次", "Round"), t("牌號", "Board"), t("桌號", "Table"), t("方位", "Seat")]
    header += [] if pairs else [t("搭檔", "Partner")]
    header += [
        t("對手", "Opponents"),
        t("得分", "Score"),
        t("計分單位", "MP"),
        t("滿分", "Top"),
        t("得分率 %", "Rate %"),
        t("用時", "Time"),
    ]
    header += [t("裁判", "Referee")] if ctx.referee else []
    shift = 0 if pairs else 1
    number_format = {5 + shift: SIGNED, 8 + shift: PCT}
    blocks = []
    for x in res.standings:
        rec = x.item
        boards = sorted(mine.get(rec.id, []), key=lambda s: (s.round, s.board, SEATS.index(s.seat)))
        last = max((s.round for s in boards), default=0)
        sat_rounds = sorted(r for r in sat.get(rec.id, ()) if r <= max(last, res.last_round))
        who = f"{rec.id} {ctx.entrant_name(rec)}".strip() if pairs else ctx.who(rec.id)
        title = t(
            "{p} · 第 {k} 名 · 平均 {r} · {b}",
            "{p} · rank {k} · mean {r} · {b}",
            p=who,
            k=x.rank,
            r=_pct_text(rec.rate) + ("%" if rec.rate is not None else ""),  # no board yet: a dash alone
            b=t("{b} 副", "{b} board", b=rec.boards) if rec.boards == 1 else t("{b} 副", "{b} boards", b=rec.boards),
        )
        make = _pair_card_rows if pairs else _card_rows
        count = len({(s.round, s.board) for s in boards}) + len(sat_rounds)
        rows = Rows(lambda boards=boards, sat_rounds=sat_rounds, make=make: make(ctx, roles, boards, sat_rounds), count)
        blocks.append(
            Block(
                title,
                header,
                rows,
                number_format=number_format,
                notes=[t("用時（同分排序）：{c}", "Time (tie-break): {c}", c=clock(rec.time) or "—")],
            )
        )
    return ctx.report("PlayerCards", t("{n} · 個人成績", "{n} · Player cards", n=ctx.name), blocks)


def _opponents(ctx: Context, pair: tuple[str, str]) -> str:
    return (", " if ctx.lang == "en" else "、").join(ctx.who(p) for p in pair)


def _card_rows(ctx: Context, roles: _Roles, boards: list, sat_rounds: list[int]) -> list[list[Any]]:
    """A player's card: each board played, and each round sat out, in round order."""
    rows = []
    for s in boards:
        partner, opponents = roles.get((s.round, s.player), ("", ("", "")))
        rows.append(
            [
                s.round,
                s.board,
                s.table,
                ctx.seat_word[s.seat],
                ctx.who(partner),
                _opponents(ctx, opponents),
                s.score,
                two(s.mp),
                s.top,
                seat_percent(s),
                clock(s.time),
            ]
            + ([seat_action(ctx, s)] if ctx.referee else [])
        )
    sat_word = ctx.t("輪空", "sat out")
    rows += [[rnd, "", "", sat_word, "", "", "", "", "", "", ""] + [""] * ctx.referee for rnd in sat_rounds]
    rows.sort(key=lambda r: (r[0], r[1] or 0))
    return rows


def _pair_card_rows(ctx: Context, roles: _Roles, boards: list, sat_rounds: list[int]) -> list[list[Any]]:
    """A pair's card: a line per board (the partners' seat results agree when they sit together;
    the first partner's is shown), both partners' times, and each round sat out."""
    rows, seen = [], {}
    for s in boards:
        key = (s.round, s.board)
        if key in seen:
            seen[key][9] += f" / {clock(s.time)}" if s.time is not None else ""
            if ctx.referee and s.penalty:  # the second partner's penalty, named by seat
                seen[key][10] = "; ".join(x for x in (seen[key][10], seat_action(ctx, s, seat_word=True)) if x)
            continue
        _partner, opponents = roles.get((s.round, s.player), ("", ("", "")))
        side = ctx.side_word["NS" if s.seat in ("N", "S") else "EW"]
        row = [
            s.round,
            s.board,
            s.table,
            side,
            _opponents(ctx, opponents),
            s.score,
            two(s.mp),
            s.top,
            seat_percent(s),
            clock(s.time),
        ]
        row += [seat_action(ctx, s, seat_word=True)] if ctx.referee else []
        seen[key] = row
        rows.append(row)
    sat_word = ctx.t("輪空", "sat out")
    rows += [[rnd, "", "", sat_word, "", "", "", "", "", ""] + [""] * ctx.referee for rnd in sat_rounds]
    rows.sort(key=lambda r: (r[0], r[1] or 0))
    return rows


# ---- The seating of the round in play, and its table cards ----------------------------------------------------


def next_seating_sheet(ctx: Context) -> Report | None:
    current = ctx.in_play
    if current is None:
        return None
    t, data, w, who = ctx.t, ctx.data, ctx.seat_word, ctx.who
    rnd = current.round
    basis = (
        t("隨機（抽籤種子 {s}）", "at random (seed {s})", s=data.seed)
        if rnd == 1
        else t("按第 {r} 輪後排名蛇形排位", "snake by the ranking after round {r}", r=rnd - 1)
    )
    rows = [[tbl] + [who(seats[s]) for s in SEATS] for tbl, seats in current.tables.items()]
    notes = []
    if current.sit_outs:
        notes.append(
            t(
                "輪空：{p}",
                "Sitting out: {p}",
                p=("、" if ctx.lang != "en" else ", ").join(who(p) for p in current.sit_outs),
            )
        )
    notes.append(
        t(
            "南北為一方，東西為一方。抽籤種子：{s}",
            "North–South and East–West are partners. Draw seed: {s}",
            s=data.seed,
        )
    )
    notes += _repeat_notes(ctx, rnd)
    blocks = [Block(t("按桌", "By table"), [t("桌號", "Table"), w["N"], w["E"], w["S"], w["W"]], rows, notes=notes)]
    where = current.seat_of()
    lookup = []
    for pid in sorted(data.players, key=natural_key):
        tbl, seat = where.get(pid, (None, None))
        lookup.append(
            [pid, data.players[pid].name, tbl if tbl else t("輪空", "sits out"), w.get(seat, "") if seat else ""]
        )
    blocks.append(
        Block(
            t("按參賽者", "By player"),
            [t("編號", "ID"), t("姓名", "Name"), t("桌號", "Table"), t("方位", "Seat")],
            lookup,
            page_break=True,
        )
    )
    return ctx.report(
        "NextSeating",
        t("{n} · 第 {r} 輪座位表", "{n} · Round {r} seating", n=ctx.name, r=rnd),
        blocks,
        subtitle=t("座位：{b}", "Seating: {b}", b=basis),
        wall=True,  # posted in the hall before the round: read from a distance
        fit=True,  # a few tables would fill a corner of the page: scaled up to its width
    )


def _repeat_notes(ctx: Context, rnd: int) -> list[str]:
    """With avoid_repeats on: how the round was seated, and each repeat that could not be avoided."""
    data, t = ctx.data, ctx.t
    if data.avoid_repeats == "off" or rnd == 1 or rnd != ctx.res.new_round:
        return []
    what = {
        "partners": t("避免重複搭檔", "avoiding repeated partners"),
        "partners+opponents": t("避免重複搭檔及同桌", "avoiding repeated partners and opponents"),
    }[data.avoid_repeats]
    notes = [
        t("蛇形排位，{w}：盡量保持蛇形次序。", "Snake seating {w}, keeping the snake order as far as possible.", w=what)
    ]
    name = (lambda u: u) if data.pairs_format else ctx.who
    for tbl, kind, a, b in ctx.res.repeats:
        notes.append(
            t(
                "重複：第 {k} 桌 {a} 與 {b} 曾搭檔",
                "Repeat: table {k}, {a} and {b} partnered before",
                k=tbl,
                a=name(a),
                b=name(b),
            )
            if kind == "partners"
            else t(
                "重複：第 {k} 桌 {a} 與 {b} 曾同桌",
                "Repeat: table {k}, {a} and {b} met before",
                k=tbl,
                a=name(a),
                b=name(b),
            )
        )
    if not ctx.res.repeats:
        notes.append(t("本輪沒有重複。", "No repeat this round."))
    return notes


def table_cards_sheet(ctx: Context) -> Report | None:
    current = ctx.in_play
    if current is None:
        return None
    t, w = ctx.t, ctx.seat_word
    rnd = current.round
    cards = []
    for tbl, seats in current.tables.items():
        head = [[w[s], ctx.who(seats[s])] for s in SEATS]
        cards.append(
            Block(
                t("第 {r} 輪 · 第 {k} 桌", "Round {r} · Table {k}", r=rnd, k=tbl),
                [t("方位", "Seat"), t("參賽者", "Player")],
                head,
                page_break=True,
            )
        )
        cards.append(_result_slip(ctx))
    if current.sit_outs:
        cards.append(
            Block(
                t("第 {r} 輪輪空", "Round {r}: sitting out", r=rnd),
                [t("參賽者", "Player")],
                [[ctx.who(p)] for p in current.sit_outs],
                page_break=True,
            )
        )
    return ctx.report(
        "TableCards",
        t("{n} · 第 {r} 輪桌卡", "{n} · Round {r} table cards", n=ctx.name, r=rnd),
        cards,
        wall=True,  # the slip is written on by hand at the table: larger cells than a printed list
    )


def _result_slip(ctx: Context) -> Block:
    """A table card's slip: a line per board for the table to fill in and sign."""
    t = ctx.t
    slip = [[b, "", "", "", "", "", "", "", ""] for b in range(1, ctx.data.boards_per_round + 1)]
    header = [
        t("牌號", "Board"),
        t("莊家方", "Declarer"),
        t("抓分", "Captured"),
        t("底分", "Kitty"),
        t("摳底牌型", "Last lead"),
        t("北用時", "N time"),
        t("東用時", "E time"),
        t("南用時", "S time"),
        t("西用時", "W time"),
    ]
    return Block(
        t("成績單", "Result slip"),
        header,
        slip,
        notes=[
            t(
                "莊家方填 NS 或 EW；抓分方贏得最後一圈時填底分及牌型（single、pair、tractor2…、throw…）。",
                "Declarer: NS or EW; when the defenders won the last trick, the kitty points and the shape "
                "(single, pair, tractor2, …, throw, …).",
            ),
            t("簽名：北 ______ 東 ______ 南 ______ 西 ______", "Signed: N ______ E ______ S ______ W ______"),
        ],
    )


# ---- Hand records of the newest round --------------------------------------------------------------------------


BOARDS_A_PAGE = 3  # a board's record is six lines: three boards fill a landscape page


def hand_records_sheet(ctx: Context) -> Report | None:
    """The round in play's hand records for the dealers, several boards a page."""
    res, t, data = ctx.res, ctx.t, ctx.data
    rnd = res.current_round
    if not (rnd and res.deals):
        return None
    blocks = []
    for b in range(1, data.boards_per_round + 1):
        block = hand_record(ctx, res.deals[(rnd, b)])
        block.page_break = b > 1 and (b - 1) % BOARDS_A_PAGE == 0
        blocks.append(block)
    return ctx.report(
        "HandRecords",
        t("{n} · 第 {r} 輪牌譜", "{n} · Round {r} hand records", n=ctx.name, r=rnd),
        blocks,
        landscape=True,
        subtitle=t(
            "兩副牌 108 張：每家 25 張，底牌 8 張。複式：各桌同一副牌的牌相同，請據此預先配牌。"
            "發牌階段 deal/r{r}/b（牌號）；抽籤種子：{s}",
            "Two decks, 108 cards: 25 to each seat, 8 to the kitty. Duplicate: every table plays the "
            "same cards; pre-deal each board from this record. Deal stage deal/r{r}/b(board); seed: {s}",
            r=rnd,
            s=data.seed,
        ),
    )


# hearts and diamonds print in red, as on the cards: a hand record's suit columns are 2 + SUITS.index
RED_SUITS = ("H", "D")
RED_COLUMNS = tuple(2 + SUITS.index(suit) for suit in RED_SUITS)


def hand_record(ctx: Context, deal: Any) -> Block:
    """One board's cards: a line per seat and one for the kitty, the jokers as dealers call them
    (大王/小王 in Chinese), the suits in columns (♥ and ♦ the red ones)."""
    t = ctx.t
    header = (
        [t("方位", "Seat"), t("王", "Jokers")]
        + [SUIT_SYMBOLS[s] for s in SUITS]
        + [t("張數", "Cards"), t("分", "Points")]
    )
    jokers = {"BJ": t("大王", "BJ"), "LJ": t("小王", "LJ")}
    rows = [[ctx.seat_word[seat]] + _hand_row(deal.hands[seat], jokers) for seat in SEATS]
    rows.append([t("底牌", "Kitty")] + _hand_row(deal.kitty, jokers))
    colors = {(i, j): "red" for i in range(len(rows)) for j in RED_COLUMNS}
    return Block(
        t("第 {r} 輪 · 第 {b} 副", "Round {r} · Board {b}", r=deal.round, b=deal.board), header, rows, colors=colors
    )


def _hand_row(cards: list[str], jokers: dict[str, str]) -> list[Any]:
    by_suit: dict[str, list[str]] = defaultdict(list)
    for c in cards:
        by_suit[suit_of(c)].append(rank_of(c))
    shown = " ".join(jokers.get(j, j) for j in by_suit.get("J", []))
    return [shown] + [" ".join(by_suit.get(s, [])) or "—" for s in SUITS] + [len(cards), points(cards)]


# ---- Scoring example (附錄二) from the first board --------------------------------------------------------------


def scoring_example_sheet(ctx: Context) -> Report | None:
    """The rulebook's 附錄二 computation on one of this event's boards (see example_board), North's comparison."""
    if not ctx.res.groups:
        return None
    t = ctx.t
    g = example_board(ctx.res.groups)
    results = g.by_seat.get("N", [])
    scores = [s.score for s in results]
    n = len(scores)
    header = [
        t("得分", "Score"),
        t("人數", "Players"),
        t("較差", "Worse"),
        t("相同", "Equal"),
        t("較好", "Better"),
        t("計分單位", "Matchpoints"),
        t("計算", "Computation"),
        t("得分率 %", "Rate %"),
    ]
    notes = [
        t(
            "每局牌，將同方位打過同一局牌的其他參賽者得分與自身得分比較：每個比他差的成績得 2 個計分單位，相同得 1 個，比他好的得 0 個。",
            "On each board, each player's score is compared with every other player who played it in the same seat: "
            "2 units for each worse result, 1 for each equal, 0 for each better.",
        ),
        t(
            "得分率 ＝ 計分單位 ÷ 2(n−1)，n ＝ 參與比較的人數（本例 n ＝ {n}）；只有一人時得分率為 50%。",
            "Rate = MP ÷ 2(n−1), n = results compared (here n = {n}); a group of one scores 50%.",
            n=n,
        ),
        t(
            "參賽者的成績為其打過各副牌得分率的平均（平均得分率），以百分比列示，保留兩位小數。",
            "A player's score is the mean of their board rates, shown as a percentage with 2 decimals.",
        ),
    ]
    if results and results[0].neuberg:
        notes.append(
            t(
                "本副少於應打桌數，實際計分另按 Neuberg 公式調整（見「計分單」）。",
                "This board had fewer results than due; the scores actually used are Neuberg-adjusted (see Travellers).",
            )
        )
    block = Block(
        t("第 {r} 輪第 {b} 副，北家（同方位）比較", "Round {r}, board {b}: North against North", r=g.round, b=g.board),
        header,
        _example_rows(scores),
        notes=notes,
        number_format={0: SIGNED, 7: PCT},
    )
    return ctx.report(
        "ScoringExample", t("{n} · 計分法示例（附錄二）", "{n} · Scoring example (Appendix 2)", n=ctx.name), [block]
    )


def example_board(groups: Sequence[BoardGroup]) -> BoardGroup:
    """The board the 附錄二 page works through: the first with at least three different North
    scores (a board every table scored alike explains nothing), else the most varied one; a board
    with a referee action (an adjusted score, a fouled deal, a penalty) only where every board has
    one, as the plain computation is not how it was scored."""

    def variety(g: BoardGroup) -> int:
        return len({s.score for s in g.by_seat.get("N", [])})

    plain = [g for g in groups if not any(has_action(r) for r in g.results)] or list(groups)
    return next((g for g in plain if variety(g) >= 3), None) or max(plain, key=variety)


def _example_rows(scores: list[int]) -> list[list[Any]]:
    """One row per distinct score, best first: how many results it beats, ties and loses to, and its rate."""
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
        rows.append(
            [
                score,
                counts[score],
                worse,
                equal,
                better,
                f"2×{worse} + 1×{equal} = {raw}",
                f"{raw} ÷ {2 * (n - 1)}" if n > 1 else "—",
                percent(rate),
            ]
        )
    return rows


# ---- Results still missing ------------------------------------------------------------------------------------


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


def missing_sheet(ctx: Context) -> Report | None:
    """Results still missing: the tables of the latest seated round without a Boards row for some board."""
    rnd, tables = missing_tables(ctx.res)
    if not tables:
        return None
    t, w = ctx.t, ctx.seat_word
    seats = ctx.res.rounds[rnd].tables
    rows = [[tbl] + [ctx.who(seats[tbl][s]) for s in SEATS] + [" ".join(map(str, boards))] for tbl, boards in tables]
    header = [t("桌號", "Table"), w["N"], w["E"], w["S"], w["W"], t("缺牌號", "Boards missing")]
    return ctx.report(
        "Missing",
        t("{n} · 尚缺成績", "{n} · Results still missing", n=ctx.name),
        [Block(t("第 {r} 輪 · 尚缺 {k} 桌", "Round {r} · {k} table(s) missing", r=rnd, k=len(rows)), header, rows)],
        subtitle=t(
            "以下各桌尚有牌號未填入「成績」；收到後請填入再執行一次。",
            "These tables still have boards without a row on Boards; type them in when they come and run again.",
        ),
    )


SHEETS = (
    scores_sheet,
    travellers_sheet,
    ranking_sheet,
    player_cards_sheet,
    next_seating_sheet,
    table_cards_sheet,
    hand_records_sheet,
    scoring_example_sheet,
    missing_sheet,
)


def _pct_text(rate: Fraction | None) -> str:
    return "—" if rate is None else f"{round_half_up(rate * 100, 2):.2f}"


def _outcome(net: int, t: Translator) -> str:
    if net > 0:
        return t("莊家方升 {n} 級", "declarers +{n}", n=net)
    if net < 0:
        return t("抓分方升 {n} 級", "defenders +{n}", n=-net)
    return t("不升級", "no level")


def _bands_text(res: Results) -> str:
    parts = []
    for low, high, net in res.data.rules.band_edges:
        rng = f"{low}+" if high is None else (str(low) if low == high else f"{low}–{high}")
        parts.append(f"{rng} → {net:+d}")
    return "; ".join(parts)


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
        if any(r in res.complete for r, _b in res.deals):
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
        # only the boards of complete rounds: a round seated and not yet played must not show its cards
        complete = self._res.complete
        return [
            {"round": d.round, "board": d.board, "hands": {s: list(d.hands[s]) for s in SEATS}, "kitty": list(d.kitty)}
            for (r, _b), d in sorted(self._res.deals.items())
            if r in complete
        ]

    def _boards(self) -> list[dict[str, Any]]:
        return [
            _board_entry(s)
            for s in sorted(self._res.seat_results, key=lambda s: (s.round, s.board, s.table, SEATS.index(s.seat)))
        ]

    def _standings(self) -> list[dict[str, Any]]:
        data = self._res.data
        out = []
        for x in self._res.standings:
            rec = x.item
            entry: dict[str, Any] = {"rank": x.rank, "id": rec.id}
            if rec.players:
                entry["name"] = " / ".join(data.players[m].name or m for m in rec.players)
                entry["players"] = list(rec.players)
            else:
                entry["name"] = data.players[rec.id].name
            # six decimals of a percentage: enough to order rates that print the same to two
            entry["rate"] = None if rec.rate is None else round_half_up_float(rec.rate, 6, times=100)
            entry["time"] = None if rec.time is None else float(round_half_up(rec.time, 2))
            out.append(entry)
        return out


def _board_entry(s: Any) -> dict[str, Any]:
    """One seat's board in the JSON, with its referee actions only where it has one."""
    entry = {
        "round": s.round,
        "board": s.board,
        "seat": s.seat,
        "player": s.player,
        "score": s.score,
        "mp": two(s.mp),
        "rate": seat_percent(s),
    }
    if s.penalty:
        entry["penalty"] = float(s.penalty)  # percent of the top, already taken off mp and rate
    if s.adjusted:
        entry["adjusted"] = True
    if s.fouled:
        entry["fouled"] = s.fouled
    return entry


def summary(res: Results) -> Summary:
    """The JSON summary: the seed, every round's seating, the deals of the rounds played, each
    seat's boards and the standings."""
    return Summary(res)


__all__ = ["SHEETS", "Context", "percent", "reports", "summary"]
