"""The Shengji duplicate event as the CLI sees it: a blank workbook, processing, and the output workbook."""

from __future__ import annotations

from typing import Any, Sequence

from ttools.competitions.common import open_writer, process_event, roster_ids, write_event_and_rules, write_outputs
from ttools.competitions.shengji import schema as S
from ttools.competitions.shengji.compute import Results, compute
from ttools.competitions.shengji.hant import hant
from ttools.competitions.shengji.load import EventData, load
from ttools.workbook.normalize import natural_key
from ttools.competitions.shengji.report import reports, summary
from ttools.competitions.shengji.site import site  # noqa: F401  (the published site's pages)
from ttools.outcome import Outcome
from ttools.problems import Problem
from ttools.workbook.read import Book
from ttools.workbook.write import Report

NAME = "shengji"
DEFAULT_LANG = S.DEFAULT_LANG
TEMPLATE_VERSION = 1

GUIDE_HANS = ("竞技升级复式赛工作簿 · 使用说明", [
    ("流程", ["1. 在「赛事」填写赛事名称、每轮副数、轮数及赛制（个人赛或固定搭档）；抽签种子可留空，ttools 会由名单导出并写回。",
             "2. 在「参赛者」填写每位参赛者的编号及姓名（固定搭档赛制另填搭档组）。",
             "3. 执行 ttools run 本文件：输出文件（.out.xlsx）的「座位」表排好第一轮座位（随机），「成绩」表预填各桌各副的行，"
             "并附可打印的座位表、桌卡及牌谱（每副牌各桌相同，请据牌谱预先配牌）。之后在输出文件上继续填写。",
             "4. 每桌每副牌填一行：庄家方（NS 或 EW）、抓分方得分、抓分方赢得最后一圈时的底分及抠底牌型、各方位用时；"
             "或由竞技软件打印的南北得分。",
             "5. 该轮成绩齐全后再执行一次：得各桌得分、计分单、排名、个人成绩，以及按排名蛇形排位的下一轮座位。"]),
    ("填写规则", ["只在浅黄色单元格输入；其余由 ttools 产生。",
                  "抓分及底分都是 5 的倍数；抓分加底分不超过 200。用时可写秒数（95）或 分:秒（1:35）。",
                  "本桌未打某副牌时，庄家方填 X：该副不计入本桌四人的平均，其他桌按 Neuberg 公式调整（可在「规则」关闭）。",
                  "人数不是 4 的倍数时每轮有人轮空：排名最后且轮空次数最少者轮空，轮空不影响平均得分率。",
                  "退赛者在「参赛者」的「退赛（最后轮次）」填最后参赛的轮次；之后不再排座位。裁判长如需更正座位，可直接修改「座位」表。",
                  "有问题时 ttools 会列出工作表与单元格；ttools check 文件 --annotate 可产生标示问题的副本。原始文件永不修改。"]),
])

GUIDE_EN = ("Shengji duplicate event workbook · Guide", [
    ("The cycle", ["1. On Event, type the event name, boards per round, rounds and format (individual or fixed pairs); the seed may stay "
                   "empty: ttools derives one from the roster and writes it back.",
                   "2. On Players, type each player's id and name (and pair, in the pairs format).",
                   "3. Run `ttools run` on this file: the output (.out.xlsx) has round 1 seated at random on Seating, a row per table "
                   "and board waiting on Boards, and printable seating, table cards and hand records (every table plays the same "
                   "cards: pre-deal each board from them). Carry on in the output.",
                   "4. One row per table per board: the declaring side (NS or EW), the points the defenders captured, the kitty points "
                   "and the last lead's shape when the defenders won the last trick, each seat's time; or the NS score printed by "
                   "the event software.",
                   "5. Once the round is complete, run again: board scores, travelling score sheets, the ranking, player cards and the "
                   "next round seated by the snake."]),
    ("Filling in", ["Type only in the pale yellow cells; ttools writes the rest.",
                    "Captured and kitty points are multiples of 5, together at most 200. Times in seconds (95) or m:ss (1:35).",
                    "A board not played at a table: X as declarer; it does not count for those four players and the others are "
                    "Neuberg-adjusted (a setting on Rules).",
                    "A field that is not a multiple of 4 has sit-outs: the lowest ranked of those who sat out least; a sit-out "
                    "does not count against anyone.",
                    "A player who withdraws: their last round in withdrawn_after on Players; they are not seated after it. "
                    "The chief referee may correct a seat on Seating directly.",
                    "Problems name the sheet and cell; `ttools check FILE --annotate` writes a copy with them highlighted. The input "
                    "is never modified."]),
])


def guide(lang: str) -> tuple[str, list[tuple[str, list[str]]]]:
    if lang == "en":
        return GUIDE_EN
    if lang == "zh-Hant":
        title, sections = GUIDE_HANS
        return hant(title), [(hant(h), [hant(line) for line in lines]) for h, lines in sections]
    return GUIDE_HANS


def _lang(lang: str | None) -> str:
    return lang if lang in S.LANGS else DEFAULT_LANG


def new_workbook(path: str, teams: int | None = None, players: int | None = None, lang: str | None = None) -> None:
    if teams is not None and players is None:
        raise ValueError("shengji is played by individuals: use --players N")
    if players is None:
        raise ValueError("shengji needs --players N (4 or more)")
    if not 4 <= players <= 5000:
        raise ValueError(f"--players must be from 4 to 5000 (got {players})")
    lang = _lang(lang)
    data = EventData(lang=lang)
    data.settings_raw["Event"] = {"competition": NAME, "language": lang}
    data.raw["Players"] = [{"id": i} for i in range(1, players + 1)]
    _write(path, data, None, [], lang, source_hash="", template=True, players_n=players)


def _new_rows(res: Results) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The seating rows of the round just drawn, and its Boards rows waiting for results."""
    if res.new_round is None:
        return [], []
    seating = [{"round": s.round, "table": s.table or "", "seat": s.seat or "", "player": s.player} for s in res.new_seats]
    rs = res.rounds[res.new_round]
    boards = [{"round": rs.round, "table": tbl, "board": b} for tbl in rs.tables for b in range(1, res.data.boards_per_round + 1)]
    return seating, boards


def _write(path: str, data: EventData, res: Results | None, out_reports: list[Report], lang: str, source_hash: str,
           template: bool = False, problems: Sequence[Problem] = (), printable: Sequence[str] = (),
           players_n: int | None = None) -> None:
    w = open_writer(path, NAME, TEMPLATE_VERSION, data, lang, source_hash)
    player_rows = data.raw.get("Players") or []
    ids = roster_ids(data.players, player_rows)
    w.define_list("PlayerList", sorted(ids, key=natural_key) or ["1"])
    title, sections = guide(lang)
    w.guide_sheet(S.GUIDE[lang], title, sections)

    write_event_and_rules(w, S.EVENT, S.RULES, data, lang, NAME, template)
    w.input_sheet(S.PLAYERS, lang, player_rows, min_rows=max(players_n or len(player_rows), 1))

    seating = list(data.raw.get("Seating") or [])
    boards = list(data.raw.get("Boards") or [])
    if res is not None:
        new_seating, new_boards = _new_rows(res)
        seating += new_seating
        boards += new_boards
    w.input_sheet(S.SEATING, lang, seating, min_rows=max(len(seating), 8))
    w.input_sheet(S.BOARDS, lang, boards, min_rows=max(len(boards), 10))

    write_outputs(w, out_reports, problems, lang, data)
    w.meta_sheet({"players": len(ids), "printable": "|".join(printable)})
    w.close()


def process(book: Book, source_hash: str = "") -> Outcome:
    return process_event(NAME, book, source_hash, load=load, compute=compute, reports=reports, summary=summary,
                         write=_write, lang_of=lambda data: _lang(data.lang))


def write_input_workbook(path: str, players: int | Sequence[dict[str, Any]], sheets: dict[str, list[dict[str, Any]]],
                         event: dict[str, Any] | None = None, rules: dict[str, Any] | None = None,
                         lang: str = DEFAULT_LANG) -> None:
    """Write an event workbook holding the given input rows (canonical sheet and column keys), as
    staff would have filled it in: used by the sample generator, tests and benchmarks. ``players``
    is the Players rows, or a count for a roster of ids 1..N; ``sheets`` holds Seating and Boards."""
    lang = _lang(lang)
    data = EventData(lang=lang)
    data.settings_raw["Event"] = {"competition": NAME, "language": lang, **(event or {})}
    data.settings_raw["Rules"] = dict(rules or {})
    rows = [{"id": i} for i in range(1, players + 1)] if isinstance(players, int) else [dict(r) for r in players]
    data.raw = {k: [dict(r) for r in v] for k, v in sheets.items()}
    data.raw["Players"] = rows
    _write(path, data, None, [], lang, source_hash="", template=True)
