"""The Shuangsheng (雙升) pairs-event workbook: its sheets and columns, canonical English names
(the contract) and Chinese labels (written in Traditional characters; the Simplified workbook's
are derived from them), every rule default of the rulebook with a note."""

from __future__ import annotations

from ttools.i18n import with_simplified
from ttools.workbook.schema import Column, Setting, SheetSpec, choice_map


def _c(key, zh, note_zh="", note_en="", **kw) -> Column:
    return Column(key=key, names={"zh-Hant": zh, "en": key}, note={"zh-Hant": note_zh, "en": note_en}, **kw)


def _s(key, zh, default, note_zh, note_en, choices=()) -> Setting:
    return Setting(
        key=key,
        names={"zh-Hant": zh, "en": key},
        default=default,
        note={"zh-Hant": note_zh, "en": note_en},
        choices=tuple(choices),
    )


PAIRING_CHOICES = choice_map(
    ("swiss", "rr"),
    with_simplified(
        {
            "積分編排": "swiss",
            "循環積分法": "swiss",
            "瑞士制": "swiss",
            "積分": "swiss",
            "round robin": "rr",
            "roundrobin": "rr",
            "循環賽": "rr",
            "循環": "rr",
            "berger": "rr",
            "單循環": "rr",
        }
    ),
)
ORDER_CHOICES = choice_map(
    ("adjacent", "dutch"),
    with_simplified({"相鄰": "adjacent", "1-2": "adjacent", "荷蘭式": "dutch", "上下半區": "dutch"}),
)
EQUAL_CHOICES = choice_map(
    ("draw", "declarer"), with_simplified({"平局": "draw", "和": "draw", "台上": "declarer", "莊家": "declarer"})
)
KITTY_CHOICES = choice_map(("seed004", "national"), with_simplified({"本賽": "seed004", "全國": "national"}))
AVOID_CHOICES = choice_map(
    ("yes", "group", "no"),
    with_simplified(
        {
            "1": "yes",
            "0": "no",
            "是": "yes",
            "否": "no",
            "true": "yes",
            "false": "no",
            "y": "yes",
            "n": "no",
            "同分組": "group",
            "組內": "group",
        }
    ),
)
KIND_CHOICES = choice_map(
    ("suspend", "disqualify"),
    with_simplified(
        {
            "停賽": "suspend",
            "取消資格": "disqualify",
            "取消比賽資格": "disqualify",
            "dq": "disqualify",
            "suspension": "suspend",
            "disqualification": "disqualify",
        }
    ),
)

EVENT = SheetSpec(
    key="Event",
    names={"zh-Hant": "賽事", "en": "Event"},
    settings=(
        _s("competition", "賽事種類", "shuangsheng", "固定為 shuangsheng。", "Always shuangsheng."),
        _s("name", "賽事名稱", "", "印在每頁頁首。", "Printed in every page header."),
        _s(
            "seed",
            "抽籤種子",
            "",
            "第一輪抽籤、循環賽位置號及名次抽籤都由此種子決定，並印在對陣表上。留空則由名單導出並寫回。",
            "Round 1's draw, the round-robin seats and the ranking lots derive from this seed; it is printed on the pairing sheet. "
            "Empty: derived from the roster and written back.",
        ),
        _s(
            "language",
            "語言",
            "zh-Hans",
            "輸出語言：zh-Hans（簡體）、zh-Hant（繁體）或 en。",
            "Output language: zh-Hans (Simplified Chinese), zh-Hant (Traditional) or en.",
            ("zh-Hans", "zh-Hant", "en"),
        ),
        _s(
            "pairing",
            "編排方式",
            "swiss",
            "swiss＝積分編排（循環積分法，同分相遇，不重複對手）；rr＝單循環（Berger 表）。",
            "swiss = pairing by match points (equal points meet, never the same opponent twice); rr = round robin (Berger tables).",
            ("swiss", "rr"),
        ),
        _s(
            "rounds",
            "輪數",
            7,
            "積分編排的總輪數（默認 7）；循環賽為全部輪次，此項不用。",
            "Number of rounds of a Swiss event (default 7); a round robin plays its full cycle and ignores it.",
        ),
    ),
    note={"zh-Hant": "賽事基本資料。", "en": "The event's basic facts."},
)

RULES = SheetSpec(
    key="Rules",
    names={"zh-Hant": "規則", "en": "Rules"},
    settings=(
        _s("win_points", "勝積分", 2, "勝者得積分 2 分（默認）。", "Match points for a win (default 2)."),
        _s("draw_points", "平積分", 1, "平局各得 1 分（默認）。", "Match points for a draw (default 1)."),
        _s("loss_points", "負積分", 0, "負者得 0 分（默認）。", "Match points for a loss (default 0)."),
        _s(
            "equal_levels",
            "級數相同",
            "draw",
            "雙方級數相同：draw＝平局（默認）；declarer＝台上（坐莊）一方勝，須在成績表填「台上」或有逐副記分。",
            "Equal final levels: draw (default), or declarer = the side holding the deal (台上) wins — give it in Results "
            "or through the Deals sheet.",
            ("draw", "declarer"),
        ),
        _s(
            "bye_points",
            "輪空積分",
            2,
            "輪空作勝一場，得 2 分（默認）。",
            "A bye counts as a win: 2 match points (default).",
        ),
        _s(
            "bye_levels",
            "輪空級數",
            "3:2",
            "輪空計級數 3:2（本方:對方，默認），用於級差分及小分。",
            "Levels credited for a bye, own:opponent (default 3:2), for the level difference and small points.",
        ),
        _s(
            "forfeit_levels",
            "棄權級數",
            "2:3",
            "判棄權（含遲到 10 分鐘以上）：過錯方 0 分、對手 2 分，級數 2:3（過錯方:對手，默認）。",
            "A forfeit (also arriving more than 10 minutes late): offender 0, opponent 2 match points, levels 2:3 "
            "(offender:opponent, default).",
        ),
        _s(
            "swiss_order",
            "同分組內配對",
            "adjacent",
            "adjacent＝相鄰名次相遇（1–2、3–4，牌類慣例，默認）；dutch＝上半區對下半區（1–5、2–6…）。",
            "adjacent = adjacent ranks meet (1–2, 3–4: the card-game convention, default); dutch = top half v bottom half.",
            ("adjacent", "dutch"),
        ),
        _s(
            "avoid_club",
            "同單位迴避",
            "yes",
            "yes＝同單位的參賽對儘量不相遇（不重複對手優先，必要時跨分組）；group＝只在同分組內優先與外單位相遇；no＝不迴避。",
            "yes = pairs of one club are kept apart wherever a repeat-free pairing allows it, even across points groups; "
            "group = another club is only preferred within each points group; no = not kept apart.",
            ("yes", "group", "no"),
        ),
        _s(
            "start_level",
            "起始級數",
            2,
            "每輪從 2 開始打（默認）；小分＝終局級數 − 起始級數。",
            "Every match starts at 2 (default); small points = final level − start level.",
        ),
        _s(
            "kitty",
            "摳底倍數",
            "seed004",
            "seed004＝本賽規則（單張×2、對×4、k 連對×2^(k+1)、甩牌×3，默認）；national＝甩牌按其中最大牌型計。",
            "seed004 = this event's rule (single ×2, pair ×4, k-pair tractor ×2^(k+1), throw ×3, default); "
            "national = a throw counts as the largest pair or tractor in it.",
            ("seed004", "national"),
        ),
        _s(
            "threshold",
            "換莊分數",
            80,
            "防家得 80 分換莊（默認）。",
            "The defenders take the deal at 80 points (default).",
        ),
        _s("level_step", "每級分數", 40, "每 40 分為一個升級單位（默認）。", "40 points a level (default)."),
        _s(
            "levels_cap",
            "防家升級上限",
            3,
            "防家 200 分以上升 3 級（默認上限 3）；0＝不設上限，每多 40 分再升 1 級。",
            "The defenders go up at most 3 levels (200+, default); 0 = no cap, one more level per further 40 points.",
        ),
        _s(
            "board_loss",
            "判負分數",
            80,
            "判負：過錯方減 80 分或非過錯方加 80 分，下一副由非過錯方坐莊（默認 80）。",
            "A board loss (判负) costs the offender's side 80 points; the next deal is declared by the other side (default 80).",
        ),
        _s(
            "penalty_max",
            "罰分上限",
            70,
            "單次罰分 10–70 分；逐副記分中一方罰分超過此數列為警告請核對（默認 70）。",
            "Penalties are 10–70 points; a deal's penalty above this is flagged for checking (default 70).",
        ),
    ),
    note={"zh-Hant": "所有默認值都可在此修改。", "en": "Every default of the rules; change them here."},
)

PAIRS = SheetSpec(
    key="Pairs",
    names={"zh-Hant": "參賽對", "en": "Pairs"},
    columns=(
        _c(
            "id",
            "編號",
            "參賽對編號（數字或代號，不得重複）；成績表以此編號填寫。",
            "Pair id (a number or code, unique); result slips name pairs by it.",
            kind="code",
            width=8,
        ),
        _c("name", "隊名", "參賽對名稱。", "The pair's name.", width=20, required=False),
        _c("player1", "選手1", "第一位選手姓名。", "First player's name.", width=14, required=False),
        _c("player2", "選手2", "第二位選手姓名。", "Second player's name.", width=14, required=False),
        _c(
            "club",
            "單位",
            "所屬單位；同單位儘量不相遇。",
            "Club; pairs of one club are kept apart where possible.",
            width=14,
            required=False,
        ),
    ),
    note={"zh-Hant": "參賽對名單：編號、隊名、兩位選手、單位。", "en": "The roster: id, name, both players, club."},
)

RESULTS = SheetSpec(
    key="Results",
    names={"zh-Hant": "成績", "en": "Results"},
    columns=(
        _c(
            "round",
            "輪次",
            "輪次編號（由 ttools 編排時填入）。",
            "Round number (written by ttools when it pairs).",
            kind="int",
            width=6,
        ),
        _c(
            "table",
            "桌號",
            "由 ttools 編排時填入；逐副記分以桌號對應本行。",
            "Written by ttools when it pairs; the Deals sheet refers to it.",
            kind="int",
            width=6,
            required=False,
        ),
        _c("pair1", "甲方", "甲方參賽對編號。", "Id of pair 1.", kind="code", list_name="PairList", width=8),
        _c(
            "pair2",
            "乙方",
            "乙方參賽對編號；留空＝輪空。",
            "Id of pair 2; empty = bye.",
            kind="code",
            list_name="PairList",
            width=8,
            required=False,
        ),
        _c(
            "level1",
            "甲方級數",
            "甲方終局級數：2–10、J、Q、K、A，過A 填 A+。",
            "Pair 1's final level: 2–10, J, Q, K, A, or A+ (past A).",
            list_name="LevelList",
            width=9,
            required=False,
        ),
        _c(
            "level2",
            "乙方級數",
            "乙方終局級數。",
            "Pair 2's final level.",
            list_name="LevelList",
            width=9,
            required=False,
        ),
        _c(
            "first_past_a",
            "先過A",
            "先過A的一方：1＝甲方、2＝乙方；無人過A則留空。",
            "Who passed A first: 1 or 2; empty if nobody did.",
            kind="int",
            width=7,
            required=False,
        ),
        _c(
            "forfeit",
            "棄權",
            "判棄權（含遲到 10 分鐘以上）的一方：1 或 2；過錯方 0 分，對手 2 分，級數 2:3。",
            "The side that forfeits (also arriving over 10 minutes late): 1 or 2; 0 : 2 points, levels 2 : 3.",
            kind="int",
            width=6,
            required=False,
        ),
        _c(
            "declarer",
            "台上",
            "終局時坐莊（台上）的一方：1 或 2；只在「級數相同＝台上勝」時需要。",
            "The side holding the deal when time was called: 1 or 2; needed only when equal levels go to the declarer.",
            kind="int",
            width=6,
            required=False,
        ),
    ),
    note={
        "zh-Hant": "成績表：每場一行；ttools 編排後預填輪次、桌號與雙方。",
        "en": "Result slips, one row per match; ttools pre-fills each new round's pairings.",
    },
)

DEALS = SheetSpec(
    key="Deals",
    names={"zh-Hant": "逐副記分", "en": "Deals"},
    columns=(
        _c("round", "輪次", "輪次。", "Round.", kind="int", width=6),
        _c(
            "table",
            "桌號",
            "桌號（對應成績表同輪同桌）。",
            "Table (the Results row of that round and table).",
            kind="int",
            width=6,
        ),
        _c("deal", "副次", "第幾副牌（1、2、3…）。", "Deal number (1, 2, 3 …).", kind="int", width=6),
        _c(
            "declarer",
            "莊家",
            "坐莊一方：1＝甲方、2＝乙方。第 1 副必填（抓牌順序決定）；其後由 ttools 推算，填了則核對。",
            "Declaring side: 1 or 2. Required for deal 1 (won the draw); later deals follow from the play and are checked if given.",
            kind="int",
            width=6,
            required=False,
        ),
        _c(
            "captured",
            "防家得分",
            "防家在出牌中揀到的分數（5 的倍數）。",
            "Points the defenders captured in play (a multiple of 5).",
            kind="int",
            width=8,
            required=False,
        ),
        _c("kitty", "底牌分", "底牌中的分數。", "Points in the kitty.", kind="int", width=7, required=False),
        _c(
            "last_lead",
            "摳底牌型",
            "防家贏得末圈時的牌型：single 單張、pair 對、tractor2 兩連對、tractor3…、throw 甩牌；莊家贏末圈則留空。",
            "Shape of the last trick when the defenders won it: single, pair, tractor2, tractor3 …, throw; empty when the declarers won it.",
            width=10,
            required=False,
        ),
        _c(
            "penalty1",
            "甲方罰分",
            "本副甲方被罰分數（10–70）。",
            "Penalty points against pair 1 this deal (10–70).",
            kind="int",
            width=7,
            required=False,
        ),
        _c(
            "penalty2",
            "乙方罰分",
            "本副乙方被罰分數。",
            "Penalty points against pair 2 this deal.",
            kind="int",
            width=7,
            required=False,
        ),
        _c(
            "loss",
            "判負",
            "本副被判負的一方：1 或 2（過錯方 −80 分）。",
            "The side that loses the deal (判负): 1 or 2 (−80 points).",
            kind="int",
            width=6,
            required=False,
        ),
    ),
    note={
        "zh-Hant": "逐副記分（可選，每桌）：ttools 計算每副後雙方級數，並填入成績表。",
        "en": "Deal-by-deal scoresheets (optional, per table): ttools works out both levels after every deal and fills Results.",
    },
)

DISCIPLINE = SheetSpec(
    key="Discipline",
    names={"zh-Hant": "處罰", "en": "Discipline"},
    columns=(
        _c("pair", "參賽對", "受處罰的參賽對編號。", "Id of the pair.", kind="code", list_name="PairList", width=8),
        _c(
            "kind",
            "類別",
            "suspend＝停賽 N 輪；disqualify＝取消比賽資格。",
            "suspend (N rounds) or disqualify.",
            kind="choice",
            choices=("suspend", "disqualify"),
            width=11,
        ),
        _c(
            "from_round",
            "起始輪次",
            "停賽自第幾輪起；取消資格自第幾輪起不再編排（之前成績有效）。",
            "First round of the suspension, or the first round the disqualified pair is no longer paired (earlier results stand).",
            kind="int",
            width=8,
        ),
        _c(
            "rounds",
            "停賽輪數",
            "停賽輪數 N（取消資格留空）。",
            "Rounds suspended (empty for a disqualification).",
            kind="int",
            width=8,
            required=False,
        ),
        _c("reason", "原因", "處罰原因，印在排名表上。", "Reason, printed on the standings.", width=30, required=False),
    ),
    note={"zh-Hant": "停賽與取消比賽資格。", "en": "Suspensions and disqualifications."},
)

# Every pairing ttools has published, so that a slip that differs from it, or a published match
# whose row went missing, can be flagged; hidden, kept and extended from run to run. One row per
# round, the tables as JSON ([[1, "3", "7"], [null, "5", null]] — table, pair1, pair2; null for a bye).
PUBLISHED = SheetSpec(
    key="_published",
    names={"zh-Hant": "_published", "en": "_published"},
    columns=(_c("round", "round", kind="int"), _c("pairs", "pairs")),
)

INPUT_SHEETS = (EVENT, RULES, PAIRS, RESULTS, DEALS, DISCIPLINE)

OUTPUTS = {
    "Pairings": {"zh-Hant": "對陣表", "en": "Pairings"},
    "Scoresheets": {"zh-Hant": "記分表", "en": "Scoresheets"},
    "Standings": {"zh-Hant": "排名", "en": "Standings"},
    "CrossTable": {"zh-Hant": "成績總表", "en": "CrossTable"},
    "Records": {"zh-Hant": "成績卡", "en": "Records"},
    "DealLevels": {"zh-Hant": "逐副級數", "en": "DealLevels"},
    "Missing": {"zh-Hant": "尚缺成績", "en": "MissingResults"},
    "Problems": {"zh-Hant": "問題", "en": "Problems"},
}

GUIDE = {"zh-Hant": "說明", "en": "Guide"}
