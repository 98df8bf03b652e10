"""The Shengji workbook's Guide sheet: how staff go round the cycle, in each language."""

from __future__ import annotations

from ttools.competitions.shengji.hant import hant

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
