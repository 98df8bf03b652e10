"""The Shengji (竞技升级) duplicate event workbook: its sheets and columns, canonical English names
(the contract), Simplified Chinese labels (the default), Traditional Chinese and English, and
every rule default with a note."""

from __future__ import annotations

from ttools.competitions.shengji.hant import hant
from ttools.core.upgrade import KITTY_PRESETS
from ttools.workbook.schema import Column, Setting, SheetSpec, choice_map

LANGS = ("zh-Hans", "zh-Hant", "en")
DEFAULT_LANG = "zh-Hans"


def tri(hans: str, en: str) -> dict[str, str]:
    """A text in the three languages: Traditional Chinese from the Simplified text's table."""
    return {"zh-Hans": hans, "zh-Hant": hant(hans), "en": en}


def _c(key, hans, note_hans="", note_en="", **kw) -> Column:
    return Column(key=key, names={"zh-Hans": hans, "zh-Hant": hant(hans), "en": key},
                  note=tri(note_hans, note_en), **kw)


def _s(key, hans, default, note_hans, note_en, choices=()) -> Setting:
    return Setting(key=key, names={"zh-Hans": hans, "zh-Hant": hant(hans), "en": key}, default=default,
                   note=tri(note_hans, note_en), choices=tuple(choices))


FORMATS = ("individual", "pairs")
FORMAT_CHOICES = choice_map(FORMATS, {"个人": "individual", "個人": "individual", "个人赛": "individual", "個人賽": "individual",
                                      "搭档": "pairs", "搭檔": "pairs", "双人": "pairs", "雙人": "pairs", "固定搭档": "pairs",
                                      "固定搭檔": "pairs", "pair": "pairs", "fixed": "pairs"})
KITTY_CHOICES = choice_map(KITTY_PRESETS, {"全国": "national", "全國": "national", "国家": "national", "國家": "national",
                                           "004": "seed004", "seed 004": "seed004", "北京": "seed004"})
ON_OFF_CHOICES = choice_map(("on", "off"), {"1": "on", "yes": "on", "true": "on", "是": "on", "开": "on", "開": "on",
                                            "0": "off", "no": "off", "false": "off", "否": "off", "关": "off", "關": "off"})
TIME_DROP_CHOICES = choice_map(("1", "2"), {"one": "1", "two": "2", "一": "1", "两": "2", "兩": "2", "二": "2"})
DECLARERS = ("NS", "EW", "X")
DECLARER_CHOICES = choice_map(DECLARERS, {"南北": "NS", "东西": "EW", "東西": "EW", "SN": "NS", "WE": "EW", "N S": "NS",
                                          "E W": "EW", "未打": "X", "not played": "X", "-": "X"})
SEAT_CHOICES = choice_map(("N", "E", "S", "W"), {"北": "N", "东": "E", "東": "E", "南": "S", "西": "W", "north": "N",
                                                 "east": "E", "south": "S", "west": "W"})

EVENT = SheetSpec(
    key="Event", names={"zh-Hans": "赛事", "zh-Hant": "賽事", "en": "Event"},
    settings=(
        _s("competition", "赛事种类", "shengji", "固定为 shengji。", "Always shengji."),
        _s("name", "赛事名称", "", "印在每页页眉。", "Printed in every page header."),
        _s("seed", "抽签种子", "", "第一轮座位、每副牌的发牌及同分抽签都由此种子决定，并印在座位表及牌谱上。留空则由名单导出并写回。",
           "Round 1 seating, every board's deal and the lots derive from this seed; it is printed on the seating and "
           "the hand records. Empty: derived from the roster and written back."),
        _s("language", "语言", DEFAULT_LANG, "输出语言：zh-Hans、zh-Hant 或 en。", "Output language: zh-Hans, zh-Hant or en.", LANGS),
        _s("boards_per_round", "每轮副数", 6, "每轮每桌打的牌副数（预设 6）；每副牌各桌相同（复式）。",
           "Boards each table plays per round (default 6); every table plays the same deals (duplicate)."),
        _s("rounds", "轮数", 5, "全赛轮数（预设 5）；最后一轮完赛后不再排座位。",
           "Rounds in the event (default 5); no seating is drawn after the last."),
        _s("format", "赛制", "individual", "individual＝个人赛（每轮按排名重新组合搭档）；pairs＝固定搭档（「参赛者」表的「搭档组」相同者为一对）。",
           "individual = partners change every round by the ranking; pairs = fixed partnerships (players with the same "
           "pair on Players).", FORMATS),
    ),
    note=tri("赛事基本资料。", "The event's basic facts."),
)

RULES = SheetSpec(
    key="Rules", names={"zh-Hans": "规则", "zh-Hant": "規則", "en": "Rules"},
    settings=(
        _s("kitty_preset", "抠底倍数", "national",
           "national（全国竞技规则，预设）：单张×2，对子或含对子的甩牌×4，k 对拖拉机（或含拖拉机的甩牌）×2^(k+1)，无对子的甩牌×2；"
           "seed004：单张×2，对子×4，k 对拖拉机×2^(k+1)，甩牌一律×3。",
           "national (default, national competition rules): single ×2, pair or a throw holding one ×4, tractor of k pairs "
           "(or a throw holding one) ×2^(k+1), a throw of singles ×2; seed004: single ×2, pair ×4, k-pair tractor ×2^(k+1), "
           "any throw ×3.", KITTY_PRESETS),
        _s("threshold", "上台分", 80, "抓分方得分达此分即上台（换庄），预设 80。", "Points the defenders need to take the deal (default 80)."),
        _s("step", "每级分数", 40, "每 40 分为一个升级单位（预设）。", "Points per level (default 40)."),
        _s("cap", "最多升级", 3, "一副牌最多升几级（预设 3）；留空＝不设上限。", "Most levels one board can give (default 3); empty = no cap."),
        _s("bands", "级差表", "",
           "可用级差表取代上列三项：「下限:庄家方净级数」，以逗号分隔，由 0 起，例如 0:3, 5:2, 40:1, 80:0, 120:-1, 160:-2, 200:-3。留空＝按上台分及每级分数。",
           "A band table replacing the three settings above: 'lower edge:net levels for the declarers', comma-separated, "
           "from 0, e.g. 0:3, 5:2, 40:1, 80:0, 120:-1, 160:-2, 200:-3. Empty = from threshold and step."),
        _s("neuberg", "Neuberg 调整", "on", "on（预设）：某副牌打的桌数少于应打桌数时，以 Neuberg 公式调整计分；off＝只在实际结果之间比较。",
           "on (default): a board played at fewer tables than due is scaled with the Neuberg formula; off = compared "
           "among the actual results only.", ("on", "off")),
        _s("tiebreaks", "同分排序", "time, lot",
           "平均得分率相同时依次比较：time＝用时（较少者列前），lot＝抽签（由裁判长确认）。以逗号分隔。",
           "When mean rates are equal, in order: time = time used (less ranks higher), lot = drawing lots (confirmed by "
           "the chief referee). Comma-separated."),
        _s("time_drop", "去掉最多最少", "1",
           "用时比较时去掉每人用时最多及最少的各几副牌后取平均：1（预设，各去一副）或 2（各去两副）。",
           "For the time tie-break, drop each player's N longest and N shortest boards and average the rest: 1 (default) or 2.",
           ("1", "2")),
    ),
    note=tri("所有预设值都可在此修改。", "Every default of the rules; change them here."),
)

PLAYERS = SheetSpec(
    key="Players", names={"zh-Hans": "参赛者", "zh-Hant": "參賽者", "en": "Players"},
    columns=(
        _c("id", "编号", "参赛者编号（数字或代号，不得重复）；座位表及计分以此编号填写。",
           "Player id (a number or code, unique); seating and slips name players by it.", kind="code", width=8),
        _c("name", "姓名", "参赛者姓名。", "Player's name.", width=20, required=False),
        _c("pair", "搭档组", "固定搭档赛制：同一对的两人填相同的组号；个人赛留空。",
           "Pairs format: both partners of a pair get the same pair code; leave empty for individual play.",
           kind="code", width=8, required=False),
        _c("withdrawn_after", "退赛（最后轮次）", "退赛者最后参赛的轮次；之后不再排座位，已打的牌仍计入排名（0＝未开赛即退赛）。",
           "A withdrawn player's last round; not seated after it, the boards played still count (0 = withdrew before round 1).",
           kind="int", width=10, required=False),
    ),
    note=tri("参赛者名单。", "The roster."),
)

SEATING = SheetSpec(
    key="Seating", names={"zh-Hans": "座位", "zh-Hant": "座位", "en": "Seating"},
    columns=(
        _c("round", "轮次", "轮次。", "Round.", kind="int", width=7),
        _c("table", "桌号", "桌号；留空＝该轮轮空。", "Table; empty = sits out that round.", kind="int", width=7, required=False),
        _c("seat", "方位", "N 北、E 东、S 南、W 西；南北为一方，东西为一方。", "N, E, S or W; North–South and East–West are partners.",
           kind="choice", choices=("N", "E", "S", "W"), width=7, required=False),
        _c("player", "参赛者", "参赛者编号。", "Player id.", kind="code", list_name="PlayerList", width=9),
    ),
    note=tri("每轮座位，由 ttools 排定（第一轮随机，之后按排名蛇形排位）；裁判长可在此更正。",
             "Each round's seating, drawn by ttools (round 1 at random, then the snake by the ranking); the chief "
             "referee may correct it here."),
)

TIME_NOTE = ("该方位牌手本副牌用时（秒，或 分:秒，如 5:07）；用于同分排序。",
             "Time this seat used on the board (seconds, or m:ss such as 5:07); breaks ties.")

BOARDS = SheetSpec(
    key="Boards", names={"zh-Hans": "成绩", "zh-Hant": "成績", "en": "Boards"},
    columns=(
        _c("round", "轮次", "轮次。", "Round.", kind="int", width=7),
        _c("table", "桌号", "桌号（须为该轮座位表上的桌）。", "Table (as on that round's seating).", kind="int", width=7),
        _c("board", "牌号", "第几副牌（1 至每轮副数）。", "Board number (1 to the boards per round).", kind="int", width=7),
        _c("declarer", "庄家方", "庄家方：NS 南北或 EW 东西；X＝本桌未打此副。", "Declaring side: NS or EW; X = not played at this table.",
           kind="choice", choices=DECLARERS, width=8, required=False),
        _c("captured", "抓分", "抓分方（防守方）在打牌中得到的分数（0–200，5 的倍数）。",
           "Points the defenders took in play (0–200, a multiple of 5).", kind="int", width=7, required=False),
        _c("kitty", "底分", "底牌中的分数（0–80，5 的倍数）；只在抓分方赢得最后一圈时计入。",
           "Points in the kitty (0–80, a multiple of 5); counted only when the defenders won the last trick.",
           kind="int", width=7, required=False),
        _c("last_lead", "抠底牌型", "抓分方赢得最后一圈时的牌型：single 单张、pair 对子、tractor2/tractor3… 拖拉机、throw 甩牌、"
           "throw-pair、throw-tractor2…；庄家赢得最后一圈时留空。",
           "Shape of the last lead when the defenders won the last trick: single, pair, tractor2, tractor3, …, throw, "
           "throw-pair, throw-tractor2, …; empty when the declarers won it.", width=12, required=False),
        _c("time_n", "北用时", *TIME_NOTE, width=8, required=False),
        _c("time_e", "东用时", *TIME_NOTE, width=8, required=False),
        _c("time_s", "南用时", *TIME_NOTE, width=8, required=False),
        _c("time_w", "西用时", *TIME_NOTE, width=8, required=False),
        _c("score_ns", "南北得分", "若由竞技软件打印了得分，可直接填南北方得分（净级数）；有抓分时两者须一致。",
           "A board score printed by the event software, from North–South's view (net levels); when captured points "
           "are given too, the two must agree.", kind="int", width=8, required=False),
    ),
    note=tri("成绩：每桌每副牌一行；ttools 排座位后预填轮次、桌号、牌号。",
             "Board results, one row per table per board; ttools pre-fills round, table and board when it seats a round."),
)

INPUT_SHEETS = (EVENT, RULES, PLAYERS, SEATING, BOARDS)

# Output sheets (ttools writes them; the reader ignores them on the way back in)
OUTPUTS = {
    "Scores": tri("得分", "Scores"),
    "Travellers": tri("计分单", "Travellers"),
    "Ranking": tri("排名", "Ranking"),
    "PlayerCards": tri("个人成绩", "PlayerCards"),
    "NextSeating": tri("座位表", "NextSeating"),
    "TableCards": tri("桌卡", "TableCards"),
    "HandRecords": tri("牌谱", "HandRecords"),
    "ScoringExample": tri("计分示例", "ScoringExample"),
    "Missing": tri("尚缺成绩", "MissingResults"),
    "Problems": {"zh-Hans": "问题", "zh-Hant": "問題", "en": "Problems"},
}

GUIDE = tri("说明", "Guide")
