"""The Shuangsheng (双升) pairs-event workbook: its sheets and columns, canonical English names
(the contract) and Simplified Chinese labels, every rule default of the rulebook with a note."""

from __future__ import annotations

from ttools.workbook.schema import Column, Setting, SheetSpec, choice_map


def _c(key, zh, note_zh="", note_en="", **kw) -> Column:
    return Column(key=key, names={"zh-Hans": zh, "en": key}, note={"zh-Hans": note_zh, "en": note_en}, **kw)


def _s(key, zh, default, note_zh, note_en, choices=()) -> Setting:
    return Setting(key=key, names={"zh-Hans": zh, "en": key}, default=default,
                   note={"zh-Hans": note_zh, "en": note_en}, choices=tuple(choices))


PAIRING_CHOICES = choice_map(("swiss", "rr"), {
    "积分编排": "swiss", "循环积分法": "swiss", "瑞士制": "swiss", "积分": "swiss",
    "round robin": "rr", "roundrobin": "rr", "循环赛": "rr", "循环": "rr", "berger": "rr", "单循环": "rr"})
ORDER_CHOICES = choice_map(("adjacent", "dutch"), {"相邻": "adjacent", "1-2": "adjacent", "荷兰式": "dutch", "上下半区": "dutch"})
EQUAL_CHOICES = choice_map(("draw", "declarer"), {"平局": "draw", "和": "draw", "台上": "declarer", "庄家": "declarer"})
KITTY_CHOICES = choice_map(("seed004", "national"), {"本赛": "seed004", "全国": "national"})
AVOID_CHOICES = choice_map(("yes", "group", "no"), {"1": "yes", "0": "no", "是": "yes", "否": "no", "true": "yes", "false": "no",
                                                    "y": "yes", "n": "no", "同分组": "group", "组内": "group"})
KIND_CHOICES = choice_map(("suspend", "disqualify"), {"停赛": "suspend", "取消资格": "disqualify", "取消比赛资格": "disqualify",
                                                      "dq": "disqualify", "suspension": "suspend", "disqualification": "disqualify"})

EVENT = SheetSpec(
    key="Event", names={"zh-Hans": "赛事", "en": "Event"},
    settings=(
        _s("competition", "赛事种类", "shuangsheng", "固定为 shuangsheng。", "Always shuangsheng."),
        _s("name", "赛事名称", "", "印在每页页首。", "Printed in every page header."),
        _s("seed", "抽签种子", "", "第一轮抽签、循环赛位置号及名次抽签都由此种子决定，并印在对阵表上。留空则由名单导出并写回。",
           "Round 1's draw, the round-robin seats and the ranking lots derive from this seed; it is printed on the pairing sheet. "
           "Empty: derived from the roster and written back."),
        _s("language", "语言", "zh-Hans", "输出语言：zh-Hans 或 en。", "Output language: zh-Hans or en.", ("zh-Hans", "en")),
        _s("pairing", "编排方式", "swiss", "swiss＝积分编排（循环积分法，同分相遇，不重复对手）；rr＝单循环（Berger 表）。",
           "swiss = pairing by match points (equal points meet, never the same opponent twice); rr = round robin (Berger tables).",
           ("swiss", "rr")),
        _s("rounds", "轮数", 7, "积分编排的总轮数（默认 7）；循环赛为全部轮次，此项不用。",
           "Number of rounds of a Swiss event (default 7); a round robin plays its full cycle and ignores it."),
    ),
    note={"zh-Hans": "赛事基本资料。", "en": "The event's basic facts."},
)

RULES = SheetSpec(
    key="Rules", names={"zh-Hans": "规则", "en": "Rules"},
    settings=(
        _s("win_points", "胜积分", 2, "胜者得积分 2 分（默认）。", "Match points for a win (default 2)."),
        _s("draw_points", "平积分", 1, "平局各得 1 分（默认）。", "Match points for a draw (default 1)."),
        _s("loss_points", "负积分", 0, "负者得 0 分（默认）。", "Match points for a loss (default 0)."),
        _s("equal_levels", "级数相同", "draw", "双方级数相同：draw＝平局（默认）；declarer＝台上（坐庄）一方胜，须在成绩表填「台上」或有逐副记分。",
           "Equal final levels: draw (default), or declarer = the side holding the deal (台上) wins — give it in Results "
           "or through the Deals sheet.", ("draw", "declarer")),
        _s("bye_points", "轮空积分", 2, "轮空作胜一场，得 2 分（默认）。", "A bye counts as a win: 2 match points (default)."),
        _s("bye_levels", "轮空级数", "3:2", "轮空计级数 3:2（本方:对方，默认），用于级差分及小分。",
           "Levels credited for a bye, own:opponent (default 3:2), for the level difference and small points."),
        _s("forfeit_levels", "弃权级数", "2:3", "判弃权（含迟到 10 分钟以上）：过错方 0 分、对手 2 分，级数 2:3（过错方:对手，默认）。",
           "A forfeit (also arriving more than 10 minutes late): offender 0, opponent 2 match points, levels 2:3 "
           "(offender:opponent, default)."),
        _s("swiss_order", "同分组内配对", "adjacent", "adjacent＝相邻名次相遇（1–2、3–4，牌类惯例，默认）；dutch＝上半区对下半区（1–5、2–6…）。",
           "adjacent = adjacent ranks meet (1–2, 3–4: the card-game convention, default); dutch = top half v bottom half.",
           ("adjacent", "dutch")),
        _s("avoid_club", "同单位回避", "yes", "yes＝同单位的参赛对尽量不相遇（不重复对手优先，必要时跨分组）；group＝只在同分组内优先与外单位相遇；no＝不回避。",
           "yes = pairs of one club are kept apart wherever a repeat-free pairing allows it, even across points groups; "
           "group = another club is only preferred within each points group; no = not kept apart.", ("yes", "group", "no")),
        _s("start_level", "起始级数", 2, "每轮从 2 开始打（默认）；小分＝终局级数 − 起始级数。",
           "Every match starts at 2 (default); small points = final level − start level."),
        _s("kitty", "抠底倍数", "seed004", "seed004＝本赛规则（单张×2、对×4、k 连对×2^(k+1)、甩牌×3，默认）；national＝甩牌按其中最大牌型计。",
           "seed004 = this event's rule (single ×2, pair ×4, k-pair tractor ×2^(k+1), throw ×3, default); "
           "national = a throw counts as the largest pair or tractor in it.", ("seed004", "national")),
        _s("threshold", "换庄分数", 80, "防家得 80 分换庄（默认）。", "The defenders take the deal at 80 points (default)."),
        _s("level_step", "每级分数", 40, "每 40 分为一个升级单位（默认）。", "40 points a level (default)."),
        _s("levels_cap", "防家升级上限", 3, "防家 200 分以上升 3 级（默认上限 3）；0＝不设上限，每多 40 分再升 1 级。",
           "The defenders go up at most 3 levels (200+, default); 0 = no cap, one more level per further 40 points."),
        _s("board_loss", "判负分数", 80, "判负：过错方减 80 分或非过错方加 80 分，下一副由非过错方坐庄（默认 80）。",
           "A board loss (判负) costs the offender's side 80 points; the next deal is declared by the other side (default 80)."),
        _s("penalty_max", "罚分上限", 70, "单次罚分 10–70 分；逐副记分中一方罚分超过此数列为警告请核对（默认 70）。",
           "Penalties are 10–70 points; a deal's penalty above this is flagged for checking (default 70)."),
    ),
    note={"zh-Hans": "所有默认值都可在此修改。", "en": "Every default of the rules; change them here."},
)

PAIRS = SheetSpec(
    key="Pairs", names={"zh-Hans": "参赛对", "en": "Pairs"},
    columns=(
        _c("id", "编号", "参赛对编号（数字或代号，不得重复）；成绩表以此编号填写。",
           "Pair id (a number or code, unique); result slips name pairs by it.", kind="code", width=8),
        _c("name", "队名", "参赛对名称。", "The pair's name.", width=20, required=False),
        _c("player1", "选手1", "第一位选手姓名。", "First player's name.", width=14, required=False),
        _c("player2", "选手2", "第二位选手姓名。", "Second player's name.", width=14, required=False),
        _c("club", "单位", "所属单位；同单位尽量不相遇。", "Club; pairs of one club are kept apart where possible.",
           width=14, required=False),
    ),
    note={"zh-Hans": "参赛对名单：编号、队名、两位选手、单位。", "en": "The roster: id, name, both players, club."},
)

RESULTS = SheetSpec(
    key="Results", names={"zh-Hans": "成绩", "en": "Results"},
    columns=(
        _c("round", "轮次", "轮次编号（由 ttools 编排时填入）。", "Round number (written by ttools when it pairs).", kind="int", width=6),
        _c("table", "桌号", "由 ttools 编排时填入；逐副记分以桌号对应本行。", "Written by ttools when it pairs; the Deals sheet refers to it.",
           kind="int", width=6, required=False),
        _c("pair1", "甲方", "甲方参赛对编号。", "Id of pair 1.", kind="code", list_name="PairList", width=8),
        _c("pair2", "乙方", "乙方参赛对编号；留空＝轮空。", "Id of pair 2; empty = bye.", kind="code", list_name="PairList",
           width=8, required=False),
        _c("level1", "甲方级数", "甲方终局级数：2–10、J、Q、K、A，过A 填 A+。", "Pair 1's final level: 2–10, J, Q, K, A, or A+ (past A).",
           list_name="LevelList", width=9, required=False),
        _c("level2", "乙方级数", "乙方终局级数。", "Pair 2's final level.", list_name="LevelList", width=9, required=False),
        _c("first_past_a", "先过A", "先过A的一方：1＝甲方、2＝乙方；无人过A则留空。", "Who passed A first: 1 or 2; empty if nobody did.",
           kind="int", width=7, required=False),
        _c("forfeit", "弃权", "判弃权（含迟到 10 分钟以上）的一方：1 或 2；过错方 0 分，对手 2 分，级数 2:3。",
           "The side that forfeits (also arriving over 10 minutes late): 1 or 2; 0 : 2 points, levels 2 : 3.",
           kind="int", width=6, required=False),
        _c("declarer", "台上", "终局时坐庄（台上）的一方：1 或 2；只在「级数相同＝台上胜」时需要。",
           "The side holding the deal when time was called: 1 or 2; needed only when equal levels go to the declarer.",
           kind="int", width=6, required=False),
    ),
    note={"zh-Hans": "成绩表：每场一行；ttools 编排后预填轮次、桌号与双方。",
          "en": "Result slips, one row per match; ttools pre-fills each new round's pairings."},
)

DEALS = SheetSpec(
    key="Deals", names={"zh-Hans": "逐副记分", "en": "Deals"},
    columns=(
        _c("round", "轮次", "轮次。", "Round.", kind="int", width=6),
        _c("table", "桌号", "桌号（对应成绩表同轮同桌）。", "Table (the Results row of that round and table).", kind="int", width=6),
        _c("deal", "副次", "第几副牌（1、2、3…）。", "Deal number (1, 2, 3 …).", kind="int", width=6),
        _c("declarer", "庄家", "坐庄一方：1＝甲方、2＝乙方。第 1 副必填（抓牌顺序决定）；其后由 ttools 推算，填了则核对。",
           "Declaring side: 1 or 2. Required for deal 1 (won the draw); later deals follow from the play and are checked if given.",
           kind="int", width=6, required=False),
        _c("captured", "防家得分", "防家在出牌中拣到的分数（5 的倍数）。", "Points the defenders captured in play (a multiple of 5).",
           kind="int", width=8, required=False),
        _c("kitty", "底牌分", "底牌中的分数。", "Points in the kitty.", kind="int", width=7, required=False),
        _c("last_lead", "抠底牌型", "防家赢得末圈时的牌型：single 单张、pair 对、tractor2 两连对、tractor3…、throw 甩牌；庄家赢末圈则留空。",
           "Shape of the last trick when the defenders won it: single, pair, tractor2, tractor3 …, throw; empty when the declarers won it.",
           width=10, required=False),
        _c("penalty1", "甲方罚分", "本副甲方被罚分数（10–70）。", "Penalty points against pair 1 this deal (10–70).", kind="int", width=7,
           required=False),
        _c("penalty2", "乙方罚分", "本副乙方被罚分数。", "Penalty points against pair 2 this deal.", kind="int", width=7, required=False),
        _c("loss", "判负", "本副被判负的一方：1 或 2（过错方 −80 分）。", "The side that loses the deal (判负): 1 or 2 (−80 points).",
           kind="int", width=6, required=False),
    ),
    note={"zh-Hans": "逐副记分（可选，每桌）：ttools 计算每副后双方级数，并填入成绩表。",
          "en": "Deal-by-deal scoresheets (optional, per table): ttools works out both levels after every deal and fills Results."},
)

DISCIPLINE = SheetSpec(
    key="Discipline", names={"zh-Hans": "处罚", "en": "Discipline"},
    columns=(
        _c("pair", "参赛对", "受处罚的参赛对编号。", "Id of the pair.", kind="code", list_name="PairList", width=8),
        _c("kind", "类别", "suspend＝停赛 N 轮；disqualify＝取消比赛资格。", "suspend (N rounds) or disqualify.",
           kind="choice", choices=("suspend", "disqualify"), width=11),
        _c("from_round", "起始轮次", "停赛自第几轮起；取消资格自第几轮起不再编排（之前成绩有效）。",
           "First round of the suspension, or the first round the disqualified pair is no longer paired (earlier results stand).",
           kind="int", width=8),
        _c("rounds", "停赛轮数", "停赛轮数 N（取消资格留空）。", "Rounds suspended (empty for a disqualification).", kind="int", width=8,
           required=False),
        _c("reason", "原因", "处罚原因，印在排名表上。", "Reason, printed on the standings.", width=30, required=False),
    ),
    note={"zh-Hans": "停赛与取消比赛资格。", "en": "Suspensions and disqualifications."},
)

# Every pairing ttools has published, so that a slip that differs from it, or a published match
# whose row went missing, can be flagged; hidden, kept and extended from run to run. One row per
# round, the tables as JSON ([[1, "3", "7"], [null, "5", null]] — table, pair1, pair2; null for a bye).
PUBLISHED = SheetSpec(
    key="_published", names={"zh-Hans": "_published", "en": "_published"},
    columns=(_c("round", "round", kind="int"), _c("pairs", "pairs")),
)

INPUT_SHEETS = (EVENT, RULES, PAIRS, RESULTS, DEALS, DISCIPLINE)

OUTPUTS = {
    "Pairings": {"zh-Hans": "对阵表", "en": "Pairings"},
    "Standings": {"zh-Hans": "排名", "en": "Standings"},
    "CrossTable": {"zh-Hans": "成绩总表", "en": "CrossTable"},
    "Records": {"zh-Hans": "成绩卡", "en": "Records"},
    "DealLevels": {"zh-Hans": "逐副级数", "en": "DealLevels"},
    "Missing": {"zh-Hans": "尚缺成绩", "en": "MissingResults"},
    "Problems": {"zh-Hans": "问题", "en": "Problems"},
}

GUIDE = {"zh-Hans": "说明", "en": "Guide"}
