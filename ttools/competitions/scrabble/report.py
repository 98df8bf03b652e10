"""Results -> printable report sheets (pairings, standings, scorecards, wall chart, results still
missing), one builder per sheet, and the JSON summary."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from fractions import Fraction
from operator import attrgetter
from typing import Any

from ttools.competitions.base import SheetContext, build_sheets
from ttools.competitions.scrabble.compute import Division, NewRound, Results
from ttools.competitions.scrabble.results import BYE, GAME, Outcome
from ttools.competitions.scrabble.schema import METHOD_NAMES, OUTPUTS
from ttools.competitions.scrabble.standings import RESULT_CODES, Record, listing, withdrawn_by
from ttools.i18n import Translator
from ttools.workbook.normalize import parse_int
from ttools.workbook.write import Block, Report

SPREAD = "+0;-0;0"
MATRIX_LIMIT = 24  # divisions up to this size also get a player-by-player cross-table


def num(value: Any) -> Any:
    """Whole numbers as int, halves as float (3.5), for cells and JSON."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    return value


def half(value: Fraction) -> str:
    """3.5: half a win written as TSH prints it (its standings show 5.5), the same on every sheet."""
    if value.denominator == 1:
        return str(value.numerator)
    whole = value.numerator // value.denominator  # wins and losses only ever end in a half
    return f"{whole}.5"


def sheet_name(key: str, lang: str) -> str:
    names = OUTPUTS[key]
    return names.get(lang) or names["en"]


def _record(rec: Record | None) -> str:
    if rec is None:
        return ""
    return f"{half(rec.wins)}–{half(rec.losses)} {rec.spread:+d}"


class Context(SheetContext):
    """What the Scrabble sheet builders share, made once per set of reports: the event's name
    and seed, the divisions in order, player names and each division's printed places."""

    def __init__(self, res: Results, lang: str) -> None:
        super().__init__(res, lang)
        self.data = res.data
        self.name = res.data.name or "Scrabble"
        self.seed = res.data.seed
        self.divisions: list[Division] = list(res.divisions.values())
        self._places: dict[str, list[str]] = {}

    def pname(self, pid: str | None) -> str:
        p = self.res.player(pid or "")
        return p.name if p else ""

    def div_title(self, division: str) -> str:
        return self.t(f"{division} 組", f"Division {division}")

    def sheet(self, key: str) -> str:
        return sheet_name(key, self.lang)

    def estimates(self) -> dict[str, dict[str, Any]]:
        """Each rated division's rating estimates by player id."""
        from ttools.competitions.scrabble.ratings import for_results

        return {d: {e.player.id: e for e in lines} for d, (_s, lines) in for_results(self.res).items()}

    def places(self, div: Division) -> list[str]:
        """The printed place of each line of ``div``'s standings, in their order (7=, or nothing
        for a withdrawn player that the Rules' ``withdrawn`` does not rank)."""
        if div.name not in self._places:
            placed = {x.item.id: place for x, place in self.listing(div)}
            self._places[div.name] = [placed.get(x.item.id, "") for x in div.standings]
        return self._places[div.name]

    def listing(self, div: Division) -> list[tuple[Any, str]]:
        """The printed standings of ``div``: each line with its place, withdrawn players where the
        Rules' ``withdrawn`` puts them."""
        return listing(div.standings, self.data.withdrawn, self.data.strict_ranks, div.through)


def pairings_sheet(ctx: Context) -> Report | None:
    """The round just paired, ready to print and fill in (對賽表)."""
    t, data = ctx.t, ctx.data
    paired = [div for div in ctx.divisions if div.new_round is not None]
    if not paired:
        return None
    blocks = []
    for div in paired:
        nr = div.new_round
        assert nr is not None
        blocks.append(_pairing_block(div, nr, t, ctx.pname, data.seed, data.rules.bye_spread))
    waiting = [_status_line(div, t) for div in ctx.divisions if div.new_round is None and div.status]
    if waiting:
        blocks.append(Block(t("其他組別", "Other divisions"), [], [], notes=[w for w in waiting if w]))
    rounds = sorted({div.new_round.round for div in paired if div.new_round})
    rtext = "、".join(map(str, rounds)) if t.zh else ", ".join(map(str, rounds))
    name = ctx.name
    return Report(
        "Pairings",
        ctx.sheet("Pairings"),
        t(f"{name} · 第 {rtext} 回合對賽表", f"{name} · Pairings, round {rtext}"),
        blocks,
        landscape=True,
        subtitle=t(
            f"抽籤種子：{data.seed}　先手者列於左方；請於分數欄填上最終分數。",
            f"Draw seed: {data.seed} · the player on the left starts; write the final scores in the score columns.",
        ),
    )


def standings_sheet(ctx: Context) -> Report | None:
    """Every division's standings (排名), with how ties were decided and the ranking rules."""
    t = ctx.t
    blocks = [_standings_block(ctx, div) for div in ctx.divisions]
    if not blocks:
        return None
    blocks[-1].notes = list(blocks[-1].notes) + [
        t(
            "排名依勝局（和局計半局）、負局較少、總分數差異、評分，再以抽籤決定。",
            "Ranked by wins (a tie is half a win), fewer losses, spread, rating, then a seeded lot.",
        ),
        (
            t("名次逐行編列。", "One place per line (strict).")
            if ctx.data.strict_ranks
            else t(
                "勝、負及分差相同者同名次（如 7=），評分及抽籤只定排列次序；退賽者列於最後，不計名次。",
                "Players equal on wins, losses and spread share the place (7=); rating and the lot only order them. "
                "Withdrawn players are listed last, unranked.",
            )
            if ctx.data.withdrawn == "below"
            else t(
                "勝、負及分差相同者同名次（如 7=），評分及抽籤只定排列次序。",
                "Players equal on wins, losses and spread share the place (7=); rating and the lot only order them.",
            )
        ),
        *(
            [t("退賽者與其他參賽者一同排名。", "Withdrawn players are ranked among the others.")]
            if ctx.data.withdrawn == "ranked"
            else [t("退賽者不列入排名表。", "Withdrawn players are left out of the standings.")]
            if ctx.data.withdrawn == "hidden"
            else []
        ),
        t(f"抽籤種子：{ctx.seed}", f"Draw seed: {ctx.seed}"),
    ]
    return Report("Standings", ctx.sheet("Standings"), t(f"{ctx.name} · 排名", f"{ctx.name} · Standings"), blocks)


def _standings_block(ctx: Context, div: Division) -> Block:
    t = ctx.t
    through = div.through
    decided = {
        i: t(z, e)
        for i, (z, e) in enumerate((("勝局", "wins"), ("負局", "losses"), ("分差", "spread"), ("評分", "rating")))
    }
    rows = []
    for x, place in ctx.listing(div):
        rec = x.item
        p = rec.player
        note = (
            t(f"第 {p.withdrawn_after} 回合後退賽", f"withdrew after round {p.withdrawn_after}")
            if p.withdrawn_after is not None
            else ""
        )
        how = (
            ""
            if withdrawn_by(p, through)
            else (t("抽籤", "lot") if x.by_lot else decided.get(x.decided_by, "") if x.decided_by is not None else "")
        )
        rows.append(
            [
                place,
                p.id,
                p.name,
                p.club,
                p.rating or "",
                num(rec.wins),
                num(rec.losses),
                rec.spread,
                rec.penalties or "",
                rec.games,
                rec.byes,
                how,
                note,
            ]
        )
    title = ctx.div_title(div.name) + (
        t(f" · 第 {through} 回合後", f" · after round {through}") if through else t(" · 賽前", " · before round 1")
    )
    notes = [line for line in (_status_line(div, t),) if line]
    if div.errors:
        notes.insert(
            0,
            t(
                "成績表有錯誤：排名只計算無誤之成績（見「問題」）。",
                "Some slips have errors: these standings count the good slips only (see Problems).",
            ),
        )
    if div.last_round > through:
        notes.insert(
            0,
            t(
                f"第 {through + 1} 回合尚有對局未完：其已輸入之成績（包括輪空）於該回合完成後才計入。",
                f"Round {through + 1} is still being played: its results entered so far (byes too) count once it is complete.",
            ),
        )
    return Block(
        title,
        [
            t("名次", "Rank"),
            t("編號", "ID"),
            t("姓名", "Name"),
            t("會籍", "Club"),
            t("評分", "Rating"),
            t("勝", "Wins"),
            t("負", "Losses"),
            t("分差", "Spread"),
            t("罰分", "Penalty"),
            t("已賽", "Played"),
            t("輪空", "Byes"),
            t("同分處理", "Decided by"),
            t("備註", "Note"),
        ],
        rows,
        notes=notes,
        number_format={7: SPREAD, 8: SPREAD},
    )


def scorecards_sheet(ctx: Context) -> Report | None:
    """One scorecard per player (計分卡), in the standings' order: every round and the running record."""
    t = ctx.t
    blocks = []
    words = _ScorecardWords(t)
    header = [
        t("回合", "Rd"),
        t("先後手", "Start"),
        t("對手", "Opponent"),
        t("結果 比分 分差", "Result, score, spread"),
        t("戰績 累積分差", "Record, total spread"),
    ]
    for div in ctx.divisions:
        mine: dict[str, list[Outcome]] = defaultdict(list)
        for o in div.outcomes:
            mine[o.player].append(o)
        for x, place in zip(div.standings, ctx.places(div)):
            p = x.item.player
            outs = mine.get(p.id, [])
            ranked = t(f" · 第 {place} 名 · ", f" · rank {place} · ") if place else t(" · 退賽 · ", " · withdrawn · ")
            title = f"{p.id} {p.name} · " + ctx.div_title(div.name) + ranked + _record(x.item)
            notes = [line] if (line := _rating_line(ctx, div.name, p.id)) else []
            blocks.append(Block(title, header, Rows(len(outs), _scorecard_rows, outs, words, ctx.pname), notes=notes))
    if not blocks:
        return None
    return Report(
        "Scorecards",
        ctx.sheet("Scorecards"),
        t(f"{ctx.name} · 計分卡", f"{ctx.name} · Scorecards"),
        blocks,
        subtitle=t(
            "比分為本方:對手，已扣除過時罰分；戰績為該回合後之勝負及累積分差。",
            "Score: own:opponent's, after any overtime penalty; record: wins–losses and total spread after the round.",
        ),
    )


def _rating_line(ctx: Context, division: str, pid: str) -> str:
    """The rating line of a scorecard: old rating, performance and the estimated new rating."""
    e = ctx.estimates().get(division, {}).get(pid)
    if e is None or e.new is None:
        return ""
    t = ctx.t
    perf = e.performance if e.performance is not None else "—"
    old = e.old if e.old is not None else t("未有評分", "unrated")
    return t(
        f"評分：賽前 {old} · 表現 {perf} · 估計賽後 {e.new}",
        f"Rating: before {old} · performance {perf} · estimated after {e.new}",
    )


def ratings_sheet(ctx: Context) -> Report | None:
    """The rating estimates (評分估算) of every division that names a rating system."""
    from ttools.competitions.scrabble.ratings import for_results

    t = ctx.t
    blocks = []
    for d, (system, lines) in for_results(ctx.res).items():
        div = ctx.res.divisions[d]
        rows = [
            [
                d,
                e.player.id,
                e.player.name,
                e.old if e.old is not None else "",
                e.career if e.career is not None else "",
                round(e.expected, 2) if e.expected is not None else "",
                num(e.wins),
                e.performance if e.performance is not None else "",
                e.new if e.new is not None else "",
            ]
            for e in lines
        ]
        name = {"naspa": "NASPA", "naspa-lct": t("NASPA 會內賽", "NASPA local club tournament")}[system]
        title = ctx.div_title(d) + f" · {name}" + t(f" · 第 {div.through} 回合後", f" · after round {div.through}")
        blocks.append(
            Block(
                title,
                [
                    t("組別", "Division"),
                    t("編號", "ID"),
                    t("姓名", "Name"),
                    t("賽前評分", "Old rating"),
                    t("生涯局數", "Games"),
                    t("預期勝局", "Expected wins"),
                    t("勝局", "Wins"),
                    t("表現評分", "Performance"),
                    t("估計新評分", "New rating"),
                ],
                rows,
                number_format={5: "0.00"},
            )
        )
    if not blocks:
        return None
    blocks[-1].notes = [
        t(
            "估算依 NASPA 制度如 TSH（nsa2008）計算：預期勝局 1 − 1/(1+exp(0.0031879×評分差))，超出預期之勝局乘以倍數"
            "（賽前評分 1800 以下 20、1800–1999 16、2000 以上 10；生涯未滿 50 局者 30、24、15），跨越 1800 或 2000 時按新區間之倍數；"
            "每局升逾 5 分者另得加速分，對手各得其 1/20 回饋；17 回合以上分段計算。會內賽變動三分之一，上限 ±50，無加速分。",
            "Estimated as TSH computes NASPA ratings (nsa2008): expected wins 1 − 1/(1+exp(0.0031879 × rating difference)); "
            "the excess wins times the multiplier (below 1800: 20, 1800–1999: 16, 2000 up: 10; 30, 24, 15 under 50 career "
            "games), continuing at the new band's multiplier across 1800 or 2000; a rise of more than 5 points a game earns "
            "an acceleration bonus, 1/20 of it fed back to each opponent; events of 17 rounds or more are rated in segments. "
            "Local club tournaments: a third of the change, at most ±50, no bonus.",
        ),
        t(
            "生涯局數留空者作 50 局以上計。表現評分：預期勝局等於實際勝局之評分（全勝或全負者無）。未有評分者之新評分為其表現評分（如 TSH）。"
            "只計雙方有分數之對局（輪空、缺席不計）。WESPA 制度未有公開公式，故不提供。此為估算，正式評分以評分機構公布為準。",
            "Empty career games: 50 or more assumed. Performance: the rating at which the expected wins equal the wins "
            "(none when all were won or all lost). An unrated player's new rating is their performance rating (as TSH). "
            "Only games with two scores count (no byes or forfeits). WESPA ratings are not offered: no published formula "
            "was found. These are estimates; the rating body's list is the official one.",
        ),
    ]
    return Report(
        "Ratings", ctx.sheet("Ratings"), t(f"{ctx.name} · 評分估算", f"{ctx.name} · Rating estimates"), blocks
    )


def prize_list_sheet(ctx: Context) -> Report | None:
    """The prize list (得獎名單) from the Prizes sheet: each prize, who won it and the figure."""
    from ttools.competitions.scrabble.prizes import award

    t = ctx.t
    awards = award(ctx.res)
    if not awards:
        return None
    rows = []
    for a in awards:
        if not a.winners:
            rows.append([a.spec.prize, a.division, "", t("（從缺）", "(not awarded)"), ""])
        for p, figure in a.winners:
            rows.append([a.spec.prize, a.division, p.id, p.name, _figure(figure)])
    through = ", ".join(f"{d} {div.through}" for d, div in ctx.res.divisions.items())
    notes = [
        t(
            "依「獎項」表次序頒發，每人一獎（資格欄寫 all 者除外）；名次獎之得主已得獎時順延至下一名。",
            "Awarded in the Prizes sheet's order, one prize per player (unless eligible says all); a place prize whose "
            "player already has a prize passes down to the next eligible player.",
        ),
        t(
            "同分者（名次獎：勝、負、分差相同）共享並一同列出。分數為扣除過時罰分後之分數；爆冷為擊敗者與被擊敗者之評分差。",
            "Players level on the figure (place prizes: equal wins, losses and spread) share the prize and are all named. "
            "Scores are after overtime penalties; an upset is the rating difference overcome.",
        ),
        t(f"計至各組回合：{through}", f"Counted through the rounds per division: {through}"),
    ]
    return Report(
        "PrizeList",
        ctx.sheet("PrizeList"),
        t(f"{ctx.name} · 得獎名單", f"{ctx.name} · Prize list"),
        [
            Block(
                "",
                [t("獎項", "Prize"), t("組別", "Division"), t("編號", "ID"), t("姓名", "Name"), t("成績", "Figure")],
                rows,
                notes=notes,
            )
        ],
    )


def _figure(figure: Any) -> Any:
    """What won a prize: a score or a rating difference as it is, a record as 9–3 +456."""
    return _record(figure) if isinstance(figure, Record) else figure


def cross_table_sheet(ctx: Context) -> Report | None:
    """The wall chart (對賽總表): round by round per division, and player by player where it fits."""
    t = ctx.t
    blocks = []
    wall = _WallWords(t)
    for div in ctx.divisions:
        last = max((o.round for o in div.outcomes), default=0)
        if not last:
            continue
        rows = Rows(len(div.standings), _wall_rows, div, ctx.places(div), last, wall)
        header = (
            [t("名次", "Rank"), t("編號", "ID"), t("姓名", "Name")]
            + [t(f"第{r}回", f"R{r}") for r in range(1, last + 1)]
            + [t("勝", "W"), t("負", "L"), t("分差", "Spread")]
        )
        blocks.append(
            Block(
                ctx.div_title(div.name) + t("：各回合", ": round by round"),
                header,
                rows,
                number_format={len(header) - 1: SPREAD},
                page_group=div.name,  # a division's chart and its matrix on a page of their own
            )
        )
        if len(div.standings) <= MATRIX_LIMIT:
            blocks.append(_matrix(div, t))
    if not blocks:
        return None
    return Report(
        "CrossTable",
        ctx.sheet("CrossTable"),
        t(f"{ctx.name} · 對賽總表", f"{ctx.name} · Cross-table (wall chart)"),
        blocks,
        landscape=True,
        fit=True,
        subtitle=t(
            "格內：結果 本方分數:對手分數 對手編號。", "Each cell: result, own score:opponent's score, opponent's id."
        ),
    )


def _blank(v):
    return "" if v is None else v


def _pairing_block(div: Division, nr: NewRound, t: Translator, pname, seed: str, bye_spread: int) -> Block:
    method = METHOD_NAMES[nr.spec.method][t.lang]
    basis = _schedule_basis(nr, t) or (
        t("依評分", "by rating")
        if nr.spec.based_on == 0
        else t(f"依第 {nr.spec.based_on} 回合後排名", f"from the standings after round {nr.spec.based_on}")
    )
    title = t(
        f"{div.name} 組 · 第 {nr.round} 回合 · {method}（{basis}）",
        f"Division {div.name} · round {nr.round} · {method} ({basis})",
    )
    rows = []
    rank = {pid: i + 1 for i, pid in enumerate(nr.order)}

    def rec(pid: str) -> str:
        return f"{rank.get(pid, '')}. {_record(nr.basis.get(pid))}"

    for tb in nr.tables:
        if tb.second is None:
            rows.append(["", tb.first, pname(tb.first), rec(tb.first), f"+{bye_spread}", t("輪空", "bye"), "", "", ""])
        else:
            rows.append(
                [
                    tb.table,
                    tb.first,
                    pname(tb.first),
                    rec(tb.first),
                    "",
                    tb.second,
                    pname(tb.second),
                    rec(tb.second),
                    "",
                ]
            )
    notes = []
    if nr.round1_rule == "rating":
        notes.append(t("第一回合：依評分，上半區對下半區。", "Round 1: top half v bottom half by rating."))
    elif nr.round1_rule == "random":
        notes.append(t("第一回合：電腦隨機編配。", "Round 1: random draw."))
    notes += _schedule_notes(nr, t, pname)
    if nr.spec.method in ("random", "ad", "swiss"):
        notes.append(
            t(
                f"可重複對手次數：{nr.spec.repeats}" + ("；同會迴避" if nr.spec.avoid_club else ""),
                f"Repeats allowed: {nr.spec.repeats}"
                + ("; same-club players kept apart" if nr.spec.avoid_club else ""),
            )
        )
    notes += [p.message(t.lang) for p in nr.notes]
    if nr.starts_drawn:
        tables = "、".join(map(str, nr.starts_drawn)) if t.zh else ", ".join(map(str, nr.starts_drawn))
        notes.append(
            t(
                f"第 {tables} 桌：雙方先手及後手次數相同，先手由抽籤決定。",
                f"Table {tables}: equal starts and equal replies, so the draw chose who starts.",
            )
        )
    if nr.stages:
        notes.append(t(f"抽籤種子：{seed}（{', '.join(nr.stages)}）", f"Draw seed: {seed} ({', '.join(nr.stages)})"))
    header = [
        t("桌號", "Table"),
        t("先手", "Starts"),
        t("姓名", "Name"),
        t("名次·戰績", "Rank · record"),
        t("分數", "Score"),
        t("後手", "Replies"),
        t("姓名", "Name"),
        t("名次·戰績", "Rank · record"),
        t("分數", "Score"),
    ]
    return Block(title, header, rows, notes=notes)


def _schedule_basis(nr: NewRound, t: Translator) -> str | None:
    """What decides a round of a fixed schedule (a round robin, InitFontes): its place in the
    schedule and the round the schedule was fixed at, not the standings of the round before."""
    if nr.rr_start is None or nr.fixed_on is None:
        return None
    f, b = nr.rr_start, nr.fixed_on
    by = t("依評分", "by rating") if b == 0 else t(f"依第 {b} 回合後排名", f"from the standings after round {b}")
    if nr.spec.method == "rr" and nr.cycle is not None:
        cycle, k, n = nr.cycle
        return t(
            f"第 {cycle} 循環之第 {k}/{n} 回合，賽程於第 {f} 回合{by}排定",
            f"round {k} of {n} of cycle {cycle}, fixed at round {f} {by}",
        )
    if nr.spec.method == "if" and nr.fontes is not None:
        k, n = nr.fontes
        return t(
            f"第 {k}/{n} 回合，{nr.groups} 組，分組於第 {f} 回合{by}排定",
            f"round {k} of {n}, {nr.groups} groups, fixed at round {f} {by}",
        )
    return None


def _schedule_notes(nr: NewRound, t: Translator, pname) -> list[str]:
    """What the pairing sheet says of a fixed schedule (its cycle) and of a Gibsonized player."""
    notes = []
    if nr.spec.method == "rr" and nr.rr_start is not None and nr.cycle is not None:
        cycle, k, length = nr.cycle
        notes.append(
            t(
                f"循環賽自第 {nr.rr_start} 回合開始（Berger 表）：第 {cycle} 循環之第 {k} 回合（每循環 {length} 回合）。",
                f"Round robin from round {nr.rr_start} (Berger tables): round {k} of {length} of cycle {cycle}.",
            )
        )
    elif nr.spec.method == "if" and nr.rr_start is not None:
        notes.append(
            t(
                f"InitFontes 自第 {nr.rr_start} 回合開始：依種子分為 {nr.groups} 組，各組循環對賽。",
                f"InitFontes from round {nr.rr_start}: {nr.groups} groups by seed, each playing a round robin.",
            )
        )
    if nr.gibson is not None:
        who = f"{nr.gibson} {pname(nr.gibson)}".strip()
        notes.append(
            t(
                f"Gibson：{who} 已穩奪冠軍，不與爭奪名次者對賽。",
                f"Gibson: {who} has clinched first place and is paired away from the contenders.",
            )
        )
        if nr.paid is not None:  # the Prizes sheet's place prizes say who still contends
            zh, en = ("1", "1") if nr.paid == 1 else (f"1 至 {nr.paid}", f"1 to {nr.paid}")
            notes.append(
                t(
                    f"有獎名次：第 {zh} 名；Gibson 之對手選自已無法進入有獎名次之參賽者。",
                    f"Paid places: {en}; the Gibson's opponent is chosen among the players who can no longer reach one.",
                )
            )
    return notes


def _gibson_at(nr: NewRound, tb: Any) -> bool:
    """Whether the Gibsonized player plays at (or has the bye of) this line of the round."""
    return nr.gibson is not None and nr.gibson in (tb.first, tb.second)


def _status_line(div: Division, t: Translator) -> str:
    if not div.status:
        return ""
    kind, r = div.status[0], div.status[1]
    d = div.name
    if kind == "paired":
        return t(f"第 {r} 回合已編配（見「對賽表」）。", f"Round {r} is paired (see Pairings).")
    if kind == "waiting":
        b, n = div.status[2], div.status[3]
        return t(
            f"{d} 組：第 {r} 回合待第 {b} 回合或以前之 {n} 局成績輸入後編配。",
            f"Division {d}: round {r} is paired once the {n} game(s) still open in rounds up to {b} have results.",
        )
    if kind == "blocked":
        return t(
            f"{d} 組：第 {r} 回合暫不編配，請先更正錯誤。", f"Division {d}: round {r} waits until the errors are fixed."
        )
    if kind == "not-defined":
        return t(f"{d} 組：「回合」表未列第 {r} 回合。", f"Division {d}: round {r} is not on the Rounds sheet.")
    if kind == "no-rounds":
        return t(
            "「回合」表尚未填寫；填上每回合之編配方式後即可編配。",
            "The Rounds sheet is empty; list how each round is paired to have it paired.",
        )
    if kind == "too-few":
        return t(
            f"{d} 組：第 {r} 回合可編配之參賽者不足 2 名。", f"Division {d}: fewer than 2 players to pair in round {r}."
        )
    return ""


class Rows(Sequence):
    """A block's rows, made each time they are read: the writer turns them into cells one report
    sheet at a time, so the cells of every report are never all held at once (a scorecard per
    player and a wall chart of 500 x 30 cells are most of a large event's output)."""

    __slots__ = ("_count", "_make", "_args")

    def __init__(self, count: int, make: Callable[..., Iterable[list[Any]]], *args: Any) -> None:
        self._count, self._make, self._args = count, make, args

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[list[Any]]:
        return iter(self._make(*self._args))

    def __getitem__(self, index):  # type: ignore[override]
        return list(self)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"Rows({list(self)!r})"


class _ScorecardWords:
    """What every scorecard line says, in the event's language, looked up once."""

    def __init__(self, t: Translator) -> None:
        self.t = t
        self.first, self.second = t("先", "1st"), t("後", "2nd")
        result = {
            "W": t("勝", "W"),
            "L": t("負", "L"),
            "T": t("和", "T"),
            "bye": t("輪空", "bye"),
            "forfeit W": t("對手缺席", "forfeit W"),
            "forfeit L": t("缺席", "forfeit L"),
        }
        self.game = {wins: result[code] for wins, code in RESULT_CODES.items()}  # by wins in the game
        self.bye, self.forfeit_won, self.forfeit_lost = result["bye"], result["forfeit W"], result["forfeit L"]
        self.opponents: dict[str, str] = {}  # id -> "id name", one string for all the lines that name them


def _scorecard_rows(outs: list[Outcome], w: _ScorecardWords, pname: Callable[[str | None], str]) -> Iterator[list[Any]]:
    """One player's scorecard lines (as standings.scorecard has them): the running record after each round."""
    t, game_word, opponents = w.t, w.game, w.opponents
    wins = losses = total = 0  # wins and losses in halves
    for o in sorted(outs, key=_by_round):
        ow, ol, spread, kind = o.wins, o.losses, o.spread, o.kind
        wins += ow * 2 if type(ow) is int else int(ow * 2)
        losses += ol * 2 if type(ol) is int else int(ol * 2)
        total += spread
        first = o.first
        start = "" if first is None else (w.first if first else w.second)
        opp = o.opponent
        if opp:
            opp = opponents.get(opp) or opponents.setdefault(opp, f"{opp} {pname(opp)}".strip())
        else:
            opp = ""
        word = game_word[ow] if kind == GAME else w.bye if kind == BYE else w.forfeit_won if ow else w.forfeit_lost
        score = o.score
        game = f"{word} {score}:{o.opponent_score} {spread:+d}" if score is not None else f"{word} {spread:+d}"
        if o.penalty:
            game += t(f"（過時 −{o.penalty}）", f" (overtime −{o.penalty})")
        if o.spread_penalty:
            points = f"{o.spread_penalty:+d}".replace("-", "−")
            game += t(f"（罰分 {points}）", f" (penalty {points})")
        won = str(wins >> 1) if not wins & 1 else f"{wins >> 1}.5"  # as half() writes it
        lost = str(losses >> 1) if not losses & 1 else f"{losses >> 1}.5"
        yield [o.round, start, opp, game, f"{won}–{lost} {total:+d}"]


_by_round = attrgetter("round")


class _WallWords:
    """What the wall chart's cells say, in the event's language, looked up once."""

    def __init__(self, t: Translator) -> None:
        self.game = {1: t("勝", "W"), 0: t("負", "L")}
        self.tie, self.v, self.bye, self.forfeit = t("和", "T"), t("對", "v"), t("輪空", "bye"), t("缺席", "forfeit")
        self.forfeit_won, self.forfeit_lost = t("缺席勝", "forfeit W"), t("缺席負", "forfeit L")


def _wall_rows(div: Division, places_: list[str], last: int, w: _WallWords) -> Iterator[list[Any]]:
    """The round-by-round wall chart, a line per player in the standings' order."""
    cells: dict[str, dict[int, Outcome]] = defaultdict(dict)
    for o in div.outcomes:
        cells[o.player][o.round] = o
    rounds = range(1, last + 1)
    for x, place in zip(div.standings, places_):
        p = x.item.player
        mine = cells.get(p.id, {})
        row: list[Any] = [place, p.id, p.name]
        row += [_wall_cell(mine.get(r), w) for r in rounds]
        row += [num(x.item.wins), num(x.item.losses), x.item.spread]
        yield row


def _wall_cell(o: Outcome | None, w: _WallWords) -> str:
    if o is None:
        return ""
    if o.kind == GAME:
        return f"{w.game.get(o.wins, w.tie)} {o.score}:{o.opponent_score} {w.v}{o.opponent}"  # type: ignore[call-overload]
    if o.kind == BYE:
        return f"{w.bye} {o.spread:+d}"
    if o.opponent is None:
        return f"{w.forfeit} {o.spread:+d}"
    return f"{w.forfeit_won if o.wins else w.forfeit_lost} {w.v}{o.opponent} {o.spread:+d}"


def _matrix(div: Division, t: Translator) -> Block:
    """Player by player: each cell lists that pairing's results (result and spread)."""
    ids = [x.item.id for x in div.standings]
    cells: dict[tuple[str, str], list[str]] = defaultdict(list)
    for o in sorted(div.outcomes, key=lambda o: o.round):
        if o.opponent is not None:
            res = {1: t("勝", "W"), 0: t("負", "L")}.get(o.wins, t("和", "T"))  # type: ignore[call-overload]
            cells[(o.player, o.opponent)].append(f"{res}{o.spread:+d}")
    rows = []
    for i, a in enumerate(ids):
        rows.append([i + 1, a] + ["■" if a == b else " ".join(cells.get((a, b), [])) for b in ids])
    header = [t("名次", "Rank"), t("編號", "ID")] + ids
    return Block(
        t(f"{div.name} 組：對賽矩陣", f"Division {div.name}: player by player"), header, rows, page_group=div.name
    )


def slip_tables(
    res: Results, only: Collection[tuple[int, frozenset]] | None = None
) -> dict[tuple[int, frozenset], Any]:
    """The table number typed (or pre-filled) on each Results row, by round and players (those
    in ``only``, when given)."""
    out: dict[tuple[int, frozenset], Any] = {}
    for g, table in zip(res.data.games, typed_tables(res.data)):
        if isinstance(g.round, int) and table not in (None, ""):
            key = (g.round, frozenset(p for p in g.players if p))
            if only is not None and key not in only:
                continue
            try:
                table = parse_int(table)
            except ValueError:
                pass  # shown as typed
            out[key] = table
    return out


def typed_tables(data: Any) -> Iterable[Any]:
    """The table typed on each game's Results row, in the games' order (kept apart when the
    rows were let go, once written back)."""
    if data.typed_tables is not None:
        return data.typed_tables
    rows = data.raw.get("Results") or []
    return (rows[i].get("table") if i < len(rows) else None for i in data.game_rows)


def missing_sheet(ctx: Context) -> Report | None:
    """Results still missing (尚缺成績): per round, the tables whose slips are not in."""
    t, res = ctx.t, ctx.res
    waiting = {(g.round, frozenset(g.players)) for div in res.divisions.values() for g in div.pending}
    if not waiting:
        return None
    tables = slip_tables(res, waiting)
    by_round: dict[int, list[list[Any]]] = defaultdict(list)
    for d, div in res.divisions.items():
        for g in div.pending:
            p1, p2 = res.player(g.player1), res.player(g.player2 or "")
            by_round[g.round].append(
                [
                    d,
                    tables.get((g.round, frozenset(g.players)), ""),
                    g.player1,
                    p1.name if p1 else "",
                    g.player2 or "",
                    p2.name if p2 else "",
                ]
            )
    if not by_round:
        return None
    header = [
        t("組別", "Division"),
        t("桌號", "Table"),
        t("先手", "Starts"),
        t("姓名", "Name"),
        t("後手", "Replies"),
        t("姓名", "Name"),
    ]
    blocks = [
        Block(
            t(f"第 {r} 回合 · 尚缺 {len(rows)} 局", f"Round {r} · {len(rows)} result(s) missing"),
            header,
            sorted(rows, key=lambda row: (str(row[0]), row[1] if isinstance(row[1], int) else 10**9, str(row[2]))),
        )
        for r, rows in sorted(by_round.items())
    ]
    return Report(
        "Missing",
        ctx.sheet("Missing"),
        t(f"{ctx.name} · 尚缺成績", f"{ctx.name} · Results still missing"),
        blocks,
        subtitle=t(
            "以下對賽尚未交回成績表；收到後請填入「成績」再執行一次。",
            "These games have no result slip yet; type the scores on Results when they come in and run again.",
        ),
    )


# the output sheets in the order the workbook has them
SHEETS = (
    pairings_sheet,
    standings_sheet,
    scorecards_sheet,
    cross_table_sheet,
    missing_sheet,
    ratings_sheet,
    prize_list_sheet,
)


def reports(res: Results, lang: str) -> list[Report]:
    """Every output sheet at once (the declared SHEETS with their Context)."""
    return list(build_sheets(SHEETS, Context(res, lang)))


def summary(res: Results) -> dict[str, Any]:
    out: dict[str, Any] = {"seed": res.data.seed}
    out["standings"] = {
        d: [
            {
                "rank": x.rank,
                "place": place,
                "id": x.item.id,
                "name": x.item.player.name,
                "wins": num(x.item.wins),
                "losses": num(x.item.losses),
                "spread": x.item.spread,
                "penalty": x.item.penalties,
                "withdrawn": withdrawn_by(x.item.player, div.through),
            }
            for x, place in listing(div.standings, res.data.withdrawn, res.data.strict_ranks, div.through)
        ]
        for d, div in res.divisions.items()
    }
    out["after_round"] = {d: div.through for d, div in res.divisions.items()}
    pairings = {
        d: [
            {"round": div.new_round.round, "table": tb.table, "first": tb.first, "second": tb.second}
            | ({"gibson": True} if _gibson_at(div.new_round, tb) else {})
            for tb in div.new_round.tables
        ]
        for d, div in res.divisions.items()
        if div.new_round is not None
    }
    if pairings:
        out["pairings"] = pairings
    _summary_ratings_prizes(res, out)
    return out


def _summary_ratings_prizes(res: Results, out: dict[str, Any]) -> None:
    """JSON ``ratings`` {division: [{id, old, performance, new}]} and ``prizes`` [{prize,
    division, id, name, figure}] (a prize nobody won: id and name null)."""
    from ttools.competitions.scrabble.prizes import award
    from ttools.competitions.scrabble.ratings import for_results

    estimates = for_results(res)
    if estimates:
        out["ratings"] = {
            d: [{"id": e.player.id, "old": e.old, "performance": e.performance, "new": e.new} for e in lines]
            for d, (_system, lines) in estimates.items()
        }
    if res.data.prizes:
        out["prizes"] = [
            {
                "prize": a.spec.prize,
                "division": a.division,
                "id": p and p.id,
                "name": p and p.name,
                "figure": _figure(figure),
            }
            for a in award(res)
            for p, figure in (a.winners or ((None, None),))
        ]


__all__ = ["SHEETS", "Context", "reports", "summary"]
