"""The event as a whole: slips checked against each other and the roster, deal sheets worked
into their tables' results, the standings with their tie-breaks, and the next round's pairing
once the previous round is complete."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ttools.competitions.shuangsheng.load import EventData, Pair, Sanction
from ttools.competitions.shuangsheng.rules import (
    BYE,
    FORFEIT,
    PLAYED,
    DealRow,
    Result,
    Slip,
    TableLog,
    judge,
    level_diff,
    play_deals,
    read_level,
    small_points,
)
from ttools.core.draw import Draw
from ttools.core.pairing import Relaxation, round_robin
from ttools.core.standings import Ranked, rank
from ttools.core.swiss import FIELD, GROUP, Float, opponent_score, swiss_round
from ttools.problems import Problem, Where, define, error, warning
from ttools.workbook import normalize as nz
from ttools.workbook.normalize import natural_key

PAIR_UNKNOWN = define("pair-unknown", "pair {pair} is not on the Pairs sheet", "參賽對 {pair} 不在參賽對名單上")
PAIR_SELF = define("pair-against-itself", "pair {pair} cannot play itself", "參賽對 {pair} 不能與自己對賽")
PAIR_TWICE = define(
    "pair-twice-in-round",
    "pair {pair} is in two matches of round {round} (also on row {other})",
    "參賽對 {pair} 在第 {round} 輪出現兩次（另見第 {other} 列）",
    "参赛对 {pair} 在第 {round} 轮出现两次（另见第 {other} 行）",
)
TABLE_TWICE = define(
    "table-twice-in-round",
    "table {table} is used twice in round {round} (also on row {other})",
    "第 {round} 輪第 {table} 桌重複（另見第 {other} 列）",
    "第 {round} 轮第 {table} 桌重复（另见第 {other} 行）",
)
PAIR_SANCTIONED = define(
    "pair-sanctioned",
    "pair {pair} is {kind} in round {round} (Discipline) and cannot play",
    "參賽對 {pair} 第 {round} 輪{kind}（處罰表），不能出賽",
)
DEALS_NO_MATCH = define(
    "deals-no-match",
    "round {round} has no match at table {table} on the Results sheet",
    "成績表第 {round} 輪沒有第 {table} 桌",
)
LEVEL_DISAGREES = define(
    "level-disagrees-with-deals",
    "the Deals sheet gives {expected} here, not {value}",
    "逐副記分得出 {expected}，不是 {value}",
)

PAIRING_CHANGED = define(
    "pairing-changed",
    "{pair1} v {pair2} in round {round} is not the published pairing",
    "第 {round} 輪 {pair1} 對 {pair2} 與公布的對陣不同",
)
MATCH_MISSING = define(
    "published-match-missing",
    "round {round}, table {table}: {pair1} v {pair2} was published but has no row on Results",
    "第 {round} 輪第 {table} 桌 {pair1} 對 {pair2} 已公布，但成績表沒有這一列",
    "第 {round} 轮第 {table} 桌 {pair1} 对 {pair2} 已公布，但成绩表没有这一行",
)
MATCH_OTHER_ROUND = define(
    "published-match-other-round",
    "{pair1} v {pair2} was published for round {round}, table {table}: this row gives round {typed}",
    "{pair1} 對 {pair2} 公布為第 {round} 輪第 {table} 桌，這一列卻填第 {typed} 輪",
    "{pair1} 对 {pair2} 公布为第 {round} 轮第 {table} 桌，这一行却填第 {typed} 轮",
)
ROUND_MISSING = define(
    "published-round-missing",
    "round {round} was published ({tables} tables) but the Results sheet has no row of it: "
    "was the sheet renamed, or its rows deleted?",
    "第 {round} 輪已公布（{tables} 桌），但成績表沒有這一輪的任何一列：工作表是否改了名，或刪了列？",
    "第 {round} 轮已公布（{tables} 桌），但成绩表没有这一轮的任何一行：工作表是否改了名，或删了行？",
)

KIND_WORDS = {
    "suspend": {"en": "suspended", "zh-Hant": "停賽"},
    "disqualify": {"en": "disqualified", "zh-Hant": "取消資格"},
}


@dataclass(frozen=True)
class Entry:
    """One round of a pair's record: its match, bye or suspension."""

    round: int
    kind: str  # played | forfeit | bye | suspended | pending
    table: int | None = None
    opponent: str | None = None
    own: str = ""  # levels (own, opponent's)
    other: str = ""
    points: int = 0
    outcome: str = ""  # W | D | L ('' while pending or suspended)
    forfeited: bool = False  # this pair forfeited


@dataclass
class Record:
    pair: Pair
    points: int = 0
    opp_score: int = 0
    level_diff: int = 0
    small_points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    opponents: list[str] = field(default_factory=list)
    entries: dict[int, Entry] = field(default_factory=dict)
    sanctions: list[Sanction] = field(default_factory=list)

    @property
    def disqualified(self) -> Sanction | None:
        return next((s for s in self.sanctions if s.kind == "disqualify"), None)


@dataclass(frozen=True)
class Table:
    table: int | None
    pair1: str
    pair2: str | None  # None: bye


@dataclass
class NewRound:
    round: int
    tables: list[Table]
    relaxation: Relaxation | None = None
    sitting_out: list[tuple[str, str]] = field(default_factory=list)  # (pair, kind) not paired this round
    floats: tuple[Float, ...] = ()  # the tables between two points groups, with why


@dataclass
class Results:
    data: EventData
    results: list[Result] = field(default_factory=list)
    slips: list[tuple[int, Slip]] = field(default_factory=list)  # (raw row index, slip) that stood the checks
    logs: dict[tuple[int, int], tuple[TableLog, str, str]] = field(
        default_factory=dict
    )  # (round, table) -> log, pair1, pair2
    filled: dict[int, dict[str, object]] = field(default_factory=dict)  # raw Results row -> values from the deals
    records: dict[str, Record] = field(default_factory=dict)
    standings: list[Ranked[Record]] = field(default_factory=list)
    order: list[str] = field(default_factory=list)  # ranking of every pair, for the pairing
    disqualified: list[Record] = field(default_factory=list)
    through: int = 0  # the last complete round
    last_round: int = 0  # the last round with slips
    total_rounds: int = 0
    new_round: NewRound | None = None
    current: NewRound | None = None  # the round being played (results still missing), to reprint its pairings
    waiting: str = ""  # why no round was paired: complete | pending | errors | finished | roster
    pending: list[tuple[int, int | None, str, str]] = field(default_factory=list)

    @property
    def seed(self) -> str:
        return self.data.seed


def _sanction_in(data: EventData, pair: str, rnd: int) -> Sanction | None:
    return next((s for s in data.sanctions if s.pair == pair and s.covers(rnd)), None)


def compute(data: EventData, problems: list[Problem]) -> Results:
    """The event so far: slips checked, deal sheets worked into their results, the standings,
    and the next round paired once the last one is complete."""
    res = Results(data)
    for s in data.sanctions:
        if s.pair not in data.pairs:
            problems.append(error(PAIR_UNKNOWN, s.where["pair"], pair=s.pair))
    bad_rounds: set[int] = set()
    good = _checked_slips(data, bad_rounds, problems)
    res.last_round = max((s.round for s in data.slips), default=0)
    _check_published(data, good, bad_rounds, problems)
    good, holders = _apply_deal_sheets(res, good, bad_rounds, problems)
    _judge_slips(res, good, holders, bad_rounds, problems)
    res.through = _complete_through(res, bad_rounds)
    _standings(res)
    _next_round(res, bad_rounds, problems)
    return res


def _checked_slips(data: EventData, bad_rounds: set[int], problems: list[Problem]) -> list[tuple[int, Slip]]:
    """The slips (with their raw row index) that name pairs on the roster, not sanctioned that
    round, each pair and table once a round; a round with a slip that fails goes in ``bad_rounds``."""
    in_round: dict[tuple[int, str], int] = {}
    tables: dict[tuple[int, int], int] = {}
    good: list[tuple[int, Slip]] = []
    for idx, slip in zip(data.slip_rows, data.slips):
        w = slip.where
        row_no = _row(w["pair1"])
        before = len(problems)
        for key, pid in (("pair1", slip.pair1), ("pair2", slip.pair2)):
            if pid is None:
                continue
            if pid not in data.pairs:
                problems.append(error(PAIR_UNKNOWN, w[key], pair=pid))
                continue
            sanction = _sanction_in(data, pid, slip.round)
            if sanction is not None:
                problems.append(
                    error(PAIR_SANCTIONED, w[key], pair=pid, kind=KIND_WORDS[sanction.kind], round=slip.round)
                )
            if (slip.round, pid) in in_round:
                problems.append(
                    error(PAIR_TWICE, w[key], pair=pid, round=slip.round, other=in_round[(slip.round, pid)])
                )
            else:
                in_round[(slip.round, pid)] = row_no
        if slip.pair2 is not None and slip.pair1 == slip.pair2:
            problems.append(error(PAIR_SELF, w["pair2"], pair=slip.pair1))
        if slip.table is not None:
            if (slip.round, slip.table) in tables:
                problems.append(
                    error(
                        TABLE_TWICE,
                        w["table"],
                        table=slip.table,
                        round=slip.round,
                        other=tables[(slip.round, slip.table)],
                    )
                )
            else:
                tables[(slip.round, slip.table)] = row_no
        if len(problems) > before:
            bad_rounds.add(slip.round)
        else:
            good.append((idx, slip))
    return good


def _apply_deal_sheets(
    res: Results, good: list[tuple[int, Slip]], bad_rounds: set[int], problems: list[Problem]
) -> tuple[list[tuple[int, Slip]], dict[int, int | None]]:
    """Deal sheets -> the levels of their tables: the good slips with the levels the deals give
    filled in (a slip whose typed levels disagree drops out), and the side holding the deal at
    the end of each table worked through (slip index -> side)."""
    data = res.data
    by_table = {(s.round, s.table): (i, s) for i, s in good if s.table is not None and s.pair2 is not None}
    groups: dict[tuple[int, int], list[DealRow]] = defaultdict(list)
    for d in data.deals:
        groups[(d.round, d.table)].append(d)
    holders: dict[int, int | None] = {}
    for key in sorted(groups):
        rows = groups[key]
        if key not in by_table:
            if not any((s.round, s.table) == key for s in data.slips):  # a slip with its own problem says enough
                problems.append(error(DEALS_NO_MATCH, rows[0].where["table"], round=key[0], table=key[1]))
            bad_rounds.add(key[0])
            continue
        idx, slip = by_table[key]
        log, found = play_deals(rows, data.rules)
        problems.extend(found)
        if log is None:
            bad_rounds.add(key[0])
            continue
        res.logs[key] = (log, slip.pair1, slip.pair2 or "")
        fill = _levels_from_log(slip, log, problems)
        if fill is None:
            bad_rounds.add(key[0])
            good = [(i, s) for i, s in good if i != idx]
            continue
        if fill:
            res.filled[idx] = fill
            slip = Slip(
                slip.round,
                slip.table,
                slip.pair1,
                slip.pair2,
                fill.get("level1", slip.level1),
                fill.get("level2", slip.level2),
                fill.get("first_past_a", slip.first_past_a),
                slip.forfeit,
                slip.declarer,
                slip.where,
            )
            good = [(i, slip if i == idx else s) for i, s in good]
        holders[idx] = log.holder
    return good, holders


def _levels_from_log(slip: Slip, log: TableLog, problems: list[Problem]) -> dict[str, object] | None:
    """What the deals give for the slip's blank cells; None (with a problem on each cell) when
    a typed level or first-past-A disagrees with the deals."""
    computed = {"level1": log.level1, "level2": log.level2, "first_past_a": log.first_past_a}
    fill: dict[str, object] = {}
    disagrees = False
    for col, value in computed.items():
        typed = getattr(slip, col)
        if nz.is_blank(typed):
            if value is not None:
                fill[col] = value
            continue
        try:
            same = (read_level(typed) if col != "first_past_a" else nz.parse_int(typed)) == value
        except ValueError:
            same = False
        if not same:
            problems.append(
                error(
                    LEVEL_DISAGREES,
                    slip.where[col],
                    expected=value if value is not None else "—",
                    value=nz.clean_text(typed),
                )
            )
            disagrees = True
    return None if disagrees else fill


def _judge_slips(
    res: Results,
    good: list[tuple[int, Slip]],
    holders: dict[int, int | None],
    bad_rounds: set[int],
    problems: list[Problem],
) -> None:
    """Every good slip judged: a result, or a match still waiting for one."""
    for idx, slip in good:
        result, found = judge(slip, res.data.rules, holders.get(idx))
        problems.extend(found)
        if any(p.severity == "error" for p in found):
            bad_rounds.add(slip.round)
            continue
        res.slips.append((idx, slip))
        if result is None:
            res.pending.append((slip.round, slip.table, slip.pair1, slip.pair2 or ""))
        else:
            res.results.append(result)


def _complete_through(res: Results, bad_rounds: set[int]) -> int:
    """The last round of the unbroken run of complete rounds from round 1."""
    pending_rounds = {p[0] for p in res.pending}
    complete = [
        r
        for r in range(1, res.last_round + 1)
        if r not in bad_rounds and r not in pending_rounds and any(s.round == r for _i, s in res.slips)
    ]
    through = 0
    for r in range(1, res.last_round + 1):
        if r in complete:
            through = r
        else:
            break
    return through


def _next_round(res: Results, bad_rounds: set[int], problems: list[Problem]) -> None:
    """The next round paired, or why it waits (``res.waiting``); a round still being played is
    kept as ``res.current`` to reprint its pairings."""
    data = res.data
    seats = Draw(data.seed, "shuangsheng/rr-seats").shuffled(sorted(data.pairs, key=natural_key))
    schedule = round_robin(seats) if data.pairing == "rr" else []
    res.total_rounds = len(schedule) if data.pairing == "rr" else data.rounds
    nxt = res.last_round + 1
    if len(data.pairs) < 2:
        res.waiting = "roster"
    elif data.setup_errors or data.results_errors or bad_rounds:
        res.waiting = "errors"
    elif res.last_round and res.through < res.last_round:
        res.waiting = "pending"
        rows = sorted(
            (s for s in data.slips if s.round == res.last_round), key=lambda s: (s.table is None, s.table or 0)
        )
        res.current = NewRound(
            res.last_round,
            [Table(s.table, s.pair1, s.pair2) for s in rows],
            sitting_out=[(pid, sn.kind) for pid in data.pairs if (sn := _sanction_in(data, pid, res.last_round))],
        )
    elif nxt > res.total_rounds:
        res.waiting = "finished"
    else:
        res.new_round = _pair(res, nxt, schedule)
        if res.new_round is None:
            res.waiting = "roster"
        elif res.new_round.relaxation is not None:  # what the draw had to give up, also as warnings
            problems.extend(
                res.new_round.relaxation.problems(
                    Where(data.sheet("Results"), ""), lambda pid: f"{pid} {data.pairs[pid].name}".strip()
                )
            )


def _check_published(
    data: EventData, good: list[tuple[int, Slip]], bad_rounds: set[int], problems: list[Problem]
) -> None:
    """Slips against the pairings ttools published: a different match is flagged (the slip
    counts as typed); a published match with no row at all, or a published round with none,
    keeps its round waiting."""
    typed = defaultdict(set)  # round -> pairs on some slip of it
    for s in data.slips:
        typed[s.round].update(p for p in (s.pair1, s.pair2) if p)
    for rnd, named in data.unread_pairs.items():
        typed[rnd].update(named)
    results_sheet = data.sheet("Results")
    for rnd, tables in sorted(data.published.items()):
        expected = {frozenset(p for p in (a, b) if p) for _t, a, b in tables}
        for _i, s in good:
            if s.round == rnd and frozenset(p for p in (s.pair1, s.pair2) if p) not in expected:
                problems.append(
                    warning(PAIRING_CHANGED, s.where["pair1"], round=rnd, pair1=s.pair1, pair2=s.pair2 or "—")
                )
        if not typed.get(rnd):
            # every row of a published round gone (the sheet renamed or the rows deleted): pairing
            # on as if it had not been played would silently start the event again
            problems.append(error(ROUND_MISSING, Where(results_sheet, ""), round=rnd, tables=len(tables)))
            bad_rounds.add(rnd)
        else:
            for table, a, b in tables:
                if not {p for p in (a, b) if p} & typed[rnd]:  # neither pair has a slip: the row went missing
                    problems.append(_missing_match(data, results_sheet, rnd, table, a, b))
                    bad_rounds.add(rnd)


def _missing_match(data: EventData, results_sheet: str, rnd: int, table: int | None, a: str, b: str | None) -> Problem:
    """A published match with no row in its round: on the row that has it under another round
    number (a typing slip in the round cell) when there is one, else on the sheet."""
    pairs = frozenset(p for p in (a, b) if p)
    found = next(
        (s for s in data.slips if s.round != rnd and frozenset(p for p in (s.pair1, s.pair2) if p) == pairs), None
    )
    if found is not None:
        return error(
            MATCH_OTHER_ROUND,
            found.where["round"],
            round=rnd,
            table=table or "—",
            pair1=a,
            pair2=b or "—",
            typed=found.round,
        )
    return error(MATCH_MISSING, Where(results_sheet, ""), round=rnd, table=table or "—", pair1=a, pair2=b or "—")


def _row(where: Where) -> int:
    digits = "".join(ch for ch in where.cell if ch.isdigit())
    return int(digits) if digits else 0


def _standings(res: Results) -> None:
    """Match points, 對手分, 級差分, 小分, then a seeded lot.

    A bye counts as the Rules say (2 points, levels 3:2 -> 級差 +1, 小分 +1) and adds nothing
    to 對手分 (no opponent was met); a forfeit counts both pairs as opponents (the pairing
    stood) with levels 2:3; a suspended round counts nothing at all."""
    data, rules = res.data, res.data.rules
    records = {pid: Record(p, sanctions=[s for s in data.sanctions if s.pair == pid]) for pid, p in data.pairs.items()}
    for r in res.results:
        for pid in (r.pair1, r.pair2):
            if pid is None or pid not in records:
                continue
            rec = records[pid]
            own, other = r.levels_of(pid)
            opp = r.opponent(pid)
            pts = r.points_of(pid)
            rec.points += pts
            rec.level_diff += level_diff(own, other)
            rec.small_points += small_points(own, rules.start_level)
            side = r.side(pid)
            outcome = "D" if r.winner == 0 else "W" if r.winner == side else "L"
            rec.wins += outcome == "W"
            rec.draws += outcome == "D"
            rec.losses += outcome == "L"
            if r.kind == BYE:
                rec.byes += 1
            elif opp is not None:
                rec.opponents.append(opp)
            rec.entries[r.round] = Entry(
                r.round, r.kind, r.table, opp, own, other, pts, outcome, r.kind == FORFEIT and r.forfeit == side
            )
    for rnd, table, p1, p2 in res.pending:
        for pid, opp in ((p1, p2), (p2, p1)):
            if pid in records:
                records[pid].entries[rnd] = Entry(rnd, "pending", table, opp or None)
    last = max(res.last_round, res.through)
    for rec in records.values():
        for rnd in range(1, last + 1):
            s = _sanction_in(data, rec.pair.id, rnd)
            if s is not None and rnd not in rec.entries:
                rec.entries[rnd] = Entry(rnd, "suspended" if s.kind == "suspend" else "disqualified")
    points = {pid: rec.points for pid, rec in records.items()}
    opp = opponent_score({pid: rec.opponents for pid, rec in records.items()}, points)
    for pid, rec in records.items():
        rec.opp_score = opp[pid]  # type: ignore[assignment]
    res.records = records
    ranked = [rec for rec in records.values() if rec.disqualified is None]
    res.disqualified = sorted(
        (rec for rec in records.values() if rec.disqualified is not None), key=lambda r: natural_key(r.pair.id)
    )
    keys = [lambda r: -r.points, lambda r: -r.opp_score, lambda r: -r.level_diff, lambda r: -r.small_points]
    lot = f"shuangsheng/standings/{res.through}"
    res.standings = rank(ranked, keys, lot=Draw(data.seed, lot), label=lambda r: r.pair.id)
    # The pairing order: the standings, with each disqualified pair placed after the pairs it ties
    # with (it still plays the rounds before its disqualification).
    order = [x.item for x in res.standings]
    for rec in res.disqualified:
        key = tuple(k(rec) for k in keys)
        at = next((i for i, o in enumerate(order) if tuple(k(o) for k in keys) > key), len(order))
        order.insert(at, rec)
    res.order = [r.pair.id for r in order]


def _pair(res: Results, rnd: int, schedule) -> NewRound | None:
    data = res.data
    sitting = [(pid, s.kind) for pid in data.pairs if (s := _sanction_in(data, pid, rnd)) is not None]
    out = {pid for pid, _k in sitting}
    if data.pairing == "rr":
        drawn = schedule[rnd - 1]
        tables: list[Table] = []
        byes = [drawn.bye] if drawn.bye is not None and drawn.bye not in out else []
        for a, b in drawn.pairs:
            if a in out and b in out:
                continue
            if a in out or b in out:
                byes.append(b if a in out else a)
                continue
            tables.append(Table(len(tables) + 1, a, b))
        tables += [Table(None, b, None) for b in byes]
        return NewRound(rnd, tables, None, sitting)
    if rnd == 1:
        order = Draw(data.seed, "shuangsheng/round1").shuffled(sorted(data.pairs, key=natural_key))
    else:
        order = list(res.order)
    order = [p for p in order if p not in out]
    if len(order) < 2:
        return None
    points = {p: res.records[p].points for p in order}
    history = [(r.round, r.pair1, r.pair2) for r in res.results if r.pair2 is not None]
    byes = {p: res.records[p].byes for p in order}
    clubs = {pid: nz.fold_label(p.club) for pid, p in data.pairs.items()}
    same = (lambda a, b: bool(clubs[a]) and clubs[a] == clubs[b]) if data.avoid_club != "no" else None
    swiss = swiss_round(
        order, points, history, byes, same, data.swiss_order, GROUP if data.avoid_club == "group" else FIELD
    )
    drawn = swiss.pairings
    tables = [Table(i, a, b) for i, (a, b) in enumerate(drawn.pairs, start=1)]
    if drawn.bye is not None:
        tables.append(Table(None, drawn.bye, None))
    return NewRound(rnd, tables, drawn.relaxation, sitting, swiss.floats)


__all__ = ["Results", "compute", "PLAYED", "FORFEIT", "BYE"]
