"""The Shengji (競技升級) duplicate event workbook: its sheets and columns, canonical English names
(the contract), labels and notes in Traditional Chinese (Simplified derived from them; zh-Hans is
the default) and English, and every rule default with a note."""

from __future__ import annotations

from ttools.core.upgrade import KITTY_PRESETS
from ttools.i18n import simplified, with_simplified
from ttools.workbook.schema import Column, Setting, SheetSpec, choice_map

LANGS = ("zh-Hans", "zh-Hant", "en")
DEFAULT_LANG = "zh-Hans"


def tri(hant: str, en: str, hans: str | None = None) -> dict[str, str]:
    """A text in the three languages from its Traditional Chinese and English: the Simplified is
    derived, or ``hans`` where Simplified Chinese uses another word."""
    return {"zh-Hans": simplified(hant) if hans is None else hans, "zh-Hant": hant, "en": en}


def _c(key, hant, note_hant="", note_en="", **kw) -> Column:
    return Column(key=key, names=tri(hant, key), note=tri(note_hant, note_en), **kw)


def _s(key, hant, default, note_hant, note_en, choices=()) -> Setting:
    return Setting(key=key, names=tri(hant, key), default=default, note=tri(note_hant, note_en), choices=tuple(choices))


FORMATS = ("individual", "pairs")
FORMAT_CHOICES = choice_map(
    FORMATS,
    {
        **with_simplified(
            {"個人": "individual", "個人賽": "individual", "搭檔": "pairs", "雙人": "pairs", "固定搭檔": "pairs"}
        ),
        "pair": "pairs",
        "fixed": "pairs",
    },
)
KITTY_CHOICES = choice_map(
    KITTY_PRESETS,
    {
        **with_simplified({"全國": "national", "國家": "national"}),
        "004": "seed004",
        "seed 004": "seed004",
        "北京": "seed004",
    },
)
ON_OFF_CHOICES = choice_map(
    ("on", "off"),
    {
        "1": "on",
        "yes": "on",
        "true": "on",
        "0": "off",
        "no": "off",
        "false": "off",
        **with_simplified({"是": "on", "開": "on", "否": "off", "關": "off"}),
    },
)
RATE_RANKINGS = ("exact", "printed")
RATE_RANKING_CHOICES = choice_map(
    RATE_RANKINGS,
    {
        **with_simplified(
            {"精確": "exact", "準確": "exact", "顯示": "printed", "列印": "printed", "兩位小數": "printed"}
        )
    },
)
AVOID_REPEATS = ("off", "partners", "partners+opponents")
AVOID_REPEATS_CHOICES = choice_map(
    AVOID_REPEATS,
    {
        "no": "off",
        "none": "off",
        "0": "off",
        "partner": "partners",
        "opponents": "partners+opponents",
        "partners + opponents": "partners+opponents",
        "partners and opponents": "partners+opponents",
        "both": "partners+opponents",
        "all": "partners+opponents",
        **with_simplified(
            {
                "否": "off",
                "關": "off",
                "不避免": "off",
                "搭檔": "partners",
                "搭檔及對手": "partners+opponents",
                "搭檔和對手": "partners+opponents",
            }
        ),
    },
)
TIME_DROP_CHOICES = choice_map(
    ("1", "2"), {"one": "1", "two": "2", **with_simplified({"一": "1", "兩": "2", "二": "2"})}
)
DECLARERS = ("NS", "EW", "X")
DECLARER_CHOICES = choice_map(
    DECLARERS,
    {
        **with_simplified({"南北": "NS", "東西": "EW", "未打": "X"}),
        "SN": "NS",
        "WE": "EW",
        "N S": "NS",
        "E W": "EW",
        "not played": "X",
        "-": "X",
    },
)
SEAT_CHOICES = choice_map(
    ("N", "E", "S", "W"),
    {
        **with_simplified({"北": "N", "東": "E", "南": "S", "西": "W"}),
        "north": "N",
        "east": "E",
        "south": "S",
        "west": "W",
    },
)

EVENT = SheetSpec(
    key="Event",
    names=tri("賽事", "Event"),
    settings=(
        _s("competition", "賽事種類", "shengji", "固定為 shengji。", "Always shengji."),
        _s("name", "賽事名稱", "", "印在每頁頁眉。", "Printed in every page header."),
        _s(
            "seed",
            "抽籤種子",
            "",
            "第一輪座位、每副牌的發牌及同分抽籤都由此種子決定，並印在座位表及牌譜上。留空則由名單導出並寫回。",
            "Round 1 seating, every board's deal and the lots derive from this seed; it is printed on the seating and "
            "the hand records. Empty: derived from the roster and written back.",
        ),
        _s(
            "language",
            "語言",
            DEFAULT_LANG,
            "輸出語言：zh-Hans、zh-Hant 或 en。",
            "Output language: zh-Hans, zh-Hant or en.",
            LANGS,
        ),
        _s(
            "boards_per_round",
            "每輪副數",
            6,
            "每輪每桌打的牌副數（預設 6）；每副牌各桌相同（複式）。",
            "Boards each table plays per round (default 6); every table plays the same deals (duplicate).",
        ),
        _s(
            "rounds",
            "輪數",
            5,
            "全賽輪數（預設 5）；最後一輪完賽後不再排座位。",
            "Rounds in the event (default 5); no seating is drawn after the last.",
        ),
        _s(
            "format",
            "賽制",
            "individual",
            "individual＝個人賽（每輪按排名重新組合搭檔）；pairs＝固定搭檔（「參賽者」表的「搭檔組」相同者為一對）。",
            "individual = partners change every round by the ranking; pairs = fixed partnerships (players with the same "
            "pair on Players).",
            FORMATS,
        ),
    ),
    note=tri("賽事基本資料。", "The event's basic facts."),
)

RULES = SheetSpec(
    key="Rules",
    names=tri("規則", "Rules"),
    settings=(
        _s(
            "kitty_preset",
            "摳底倍數",
            "national",
            "national（全國競技規則，預設）：單張×2，對子或含對子的甩牌×4，k 對拖拉機（或含拖拉機的甩牌）×2^(k+1)，無對子的甩牌×2；"
            "seed004：單張×2，對子×4，k 對拖拉機×2^(k+1)，甩牌一律×3。",
            "national (default, national competition rules): single ×2, pair or a throw holding one ×4, tractor of k pairs "
            "(or a throw holding one) ×2^(k+1), a throw of singles ×2; seed004: single ×2, pair ×4, k-pair tractor ×2^(k+1), "
            "any throw ×3.",
            KITTY_PRESETS,
        ),
        _s(
            "threshold",
            "上臺分",
            80,
            "抓分方得分達此分即上臺（換莊），預設 80。",
            "Points the defenders need to take the deal (default 80).",
        ),
        _s("step", "每級分數", 40, "每 40 分為一個升級單位（預設）。", "Points per level (default 40)."),
        _s(
            "cap",
            "最多升級",
            3,
            "一副牌最多升幾級（預設 3）；留空＝不設上限。",
            "Most levels one board can give (default 3); empty = no cap.",
        ),
        _s(
            "bands",
            "級差表",
            "",
            "可用級差表取代上列三項：「下限:莊家方淨級數」，以逗號分隔，由 0 起，例如 0:3, 5:2, 40:1, 80:0, 120:-1, 160:-2, 200:-3。留空＝按上臺分及每級分數。",
            "A band table replacing the three settings above: 'lower edge:net levels for the declarers', comma-separated, "
            "from 0, e.g. 0:3, 5:2, 40:1, 80:0, 120:-1, 160:-2, 200:-3. Empty = from threshold and step.",
        ),
        _s(
            "neuberg",
            "Neuberg 調整",
            "on",
            "on（預設）：某副牌打的桌數少於應打桌數時，以 Neuberg 公式調整計分；off＝只在實際結果之間比較。",
            "on (default): a board played at fewer tables than due is scaled with the Neuberg formula; off = compared "
            "among the actual results only.",
            ("on", "off"),
        ),
        _s(
            "tiebreaks",
            "同分排序",
            "time, lot",
            "平均得分率相同時依次比較：time＝用時（較少者列前），lot＝抽籤（由裁判長確認）。以逗號分隔。",
            "When mean rates are equal, in order: time = time used (less ranks higher), lot = drawing lots (confirmed by "
            "the chief referee). Comma-separated.",
        ),
        _s(
            "time_drop",
            "去掉最多最少",
            "1",
            "用時比較時去掉每人用時最多及最少的各幾副牌後取平均：1（預設，各去一副）或 2（各去兩副）。",
            "For the time tie-break, drop each player's N longest and N shortest boards and average the rest: 1 (default) or 2.",
            ("1", "2"),
        ),
        _s(
            "rate_ranking",
            "得分率排名",
            "exact",
            "exact（預設）＝按精確的平均得分率排名（列印兩位小數相同時，名次表多列小數以示分別）；printed＝按列印的兩位小數排名，"
            "相同者由同分排序決定（裁判長如此裁定時）。",
            "exact (default) = ranked by the exact mean rate (where two rates print the same, the ranking shows more "
            "decimals); printed = ranked by the rate as printed to 2 decimals, equal ones going to the tie-breaks (where "
            "the chief referee rules so).",
            RATE_RANKINGS,
        ),
        _s(
            "avoid_repeats",
            "避免重複",
            "off",
            "off（預設，如規則的蛇形排位）；partners＝避免同一對搭檔再次搭檔；partners+opponents＝另避免曾同桌者再次同桌。"
            "盡量保持蛇形次序，無法避免時取重複最少的排法，並在座位表列出每個重複。",
            "off (default, the rulebook's snake); partners = two who partnered do not partner again; partners+opponents = "
            "also two who shared a table do not share one again. The snake order is kept as far as possible, the fewest "
            "repeats otherwise, and each remaining repeat is listed on the seating sheet.",
            AVOID_REPEATS,
        ),
        _s(
            "average_plus",
            "調整得分 A+",
            60,
            "「成績」表調整得分寫 A+（平均以上，未犯規方）時的得分率 %（預設 60，如橋牌）。",
            "The rate in percent an adjusted score of A+ (average plus, the side not at fault) stands for on "
            "Boards (default 60, as in bridge).",
        ),
        _s(
            "average_minus",
            "調整得分 A-",
            40,
            "「成績」表調整得分寫 A-（平均以下，犯規方）時的得分率 %（預設 40，如橋牌）。",
            "The rate in percent an adjusted score of A- (average minus, the side at fault) stands for on Boards "
            "(default 40, as in bridge).",
        ),
    ),
    note=tri("所有預設值都可在此修改。", "Every default of the rules; change them here."),
)

PLAYERS = SheetSpec(
    key="Players",
    names=tri("參賽者", "Players"),
    columns=(
        _c(
            "id",
            "編號",
            "參賽者編號（數字或代號，不得重複）；座位表及計分以此編號填寫。",
            "Player id (a number or code, unique); seating and slips name players by it.",
            kind="code",
            width=8,
        ),
        _c("name", "姓名", "參賽者姓名。", "Player's name.", width=20, required=False),
        _c(
            "pair",
            "搭檔組",
            "固定搭檔賽制：同一對的兩人填相同的組號；個人賽留空。",
            "Pairs format: both partners of a pair get the same pair code; leave empty for individual play.",
            kind="code",
            width=8,
            required=False,
        ),
        _c(
            "withdrawn_after",
            "退賽（最後輪次）",
            "退賽者最後參賽的輪次；之後不再排座位，已打的牌仍計入排名（0＝未開賽即退賽）。",
            "A withdrawn player's last round; not seated after it, the boards played still count (0 = withdrew before round 1).",
            kind="int",
            width=10,
            required=False,
        ),
    ),
    note=tri("參賽者名單。", "The roster."),
)

SEATING = SheetSpec(
    key="Seating",
    names=tri("座位", "Seating"),
    columns=(
        _c("round", "輪次", "輪次。", "Round.", kind="int", width=7),
        _c(
            "table",
            "桌號",
            "桌號；留空＝該輪輪空。",
            "Table; empty = sits out that round.",
            kind="int",
            width=7,
            required=False,
        ),
        _c(
            "seat",
            "方位",
            "N 北、E 東、S 南、W 西；南北為一方，東西為一方。",
            "N, E, S or W; North–South and East–West are partners.",
            kind="choice",
            choices=("N", "E", "S", "W"),
            width=7,
            required=False,
        ),
        _c("player", "參賽者", "參賽者編號。", "Player id.", kind="code", list_name="PlayerList", width=9),
    ),
    note=tri(
        "每輪座位，由 ttools 排定（第一輪隨機，之後按排名蛇形排位）；裁判長可在此更正。",
        "Each round's seating, drawn by ttools (round 1 at random, then the snake by the ranking); the chief "
        "referee may correct it here.",
    ),
)

TIME_NOTE = (
    "該方位牌手本副牌用時（秒，或 分:秒，如 5:07）；用於同分排序。",
    "Time this seat used on the board (seconds, or m:ss such as 5:07); breaks ties.",
)

PENALTY_NOTE = (
    "裁判對該方位的程序判罰：本副滿分的百分之幾（0–100），從該方位本副得分率中扣除；其他方位不受影響。",
    "A procedural penalty on this seat: percent of the board's top (0–100), taken off this seat's board rate; "
    "the other seats are not affected.",
)

BOARDS = SheetSpec(
    key="Boards",
    names=tri("成績", "Boards"),
    columns=(
        _c("round", "輪次", "輪次。", "Round.", kind="int", width=7),
        _c(
            "table",
            "桌號",
            "桌號（須為該輪座位表上的桌）。",
            "Table (as on that round's seating).",
            kind="int",
            width=7,
        ),
        _c(
            "board",
            "牌號",
            "第幾副牌（1 至每輪副數）。",
            "Board number (1 to the boards per round).",
            kind="int",
            width=7,
        ),
        _c(
            "declarer",
            "莊家方",
            "莊家方：NS 南北或 EW 東西；X＝本桌未打此副。",
            "Declaring side: NS or EW; X = not played at this table.",
            kind="choice",
            choices=DECLARERS,
            width=8,
            required=False,
        ),
        _c(
            "captured",
            "抓分",
            "抓分方（防守方）在打牌中得到的分數（0–200，5 的倍數）。",
            "Points the defenders took in play (0–200, a multiple of 5).",
            kind="int",
            width=7,
            required=False,
        ),
        _c(
            "kitty",
            "底分",
            "底牌中的分數（0–80，5 的倍數）；只在抓分方贏得最後一圈時計入。",
            "Points in the kitty (0–80, a multiple of 5); counted only when the defenders won the last trick.",
            kind="int",
            width=7,
            required=False,
        ),
        _c(
            "last_lead",
            "摳底牌型",
            "抓分方贏得最後一圈時的牌型：single 單張、pair 對子、tractor2/tractor3… 拖拉機、throw 甩牌、"
            "throw-pair、throw-tractor2…；莊家贏得最後一圈時留空。",
            "Shape of the last lead when the defenders won the last trick: single, pair, tractor2, tractor3, …, throw, "
            "throw-pair, throw-tractor2, …; empty when the declarers won it.",
            width=12,
            required=False,
        ),
        _c("time_n", "北用時", *TIME_NOTE, width=8, required=False),
        _c("time_e", "東用時", *TIME_NOTE, width=8, required=False),
        _c("time_s", "南用時", *TIME_NOTE, width=8, required=False),
        _c("time_w", "西用時", *TIME_NOTE, width=8, required=False),
        _c(
            "score_ns",
            "南北得分",
            "若由競技軟件打印了得分，可直接填南北方得分（淨級數）；有抓分時兩者須一致。",
            "A board score printed by the event software, from North–South's view (net levels); when captured points "
            "are given too, the two must agree.",
            kind="int",
            width=8,
            required=False,
        ),
        _c("penalty_n", "北判罰 %", *PENALTY_NOTE, kind="number", width=8, required=False, minimum=0, maximum=100),
        _c("penalty_e", "東判罰 %", *PENALTY_NOTE, kind="number", width=8, required=False, minimum=0, maximum=100),
        _c("penalty_s", "南判罰 %", *PENALTY_NOTE, kind="number", width=8, required=False, minimum=0, maximum=100),
        _c("penalty_w", "西判罰 %", *PENALTY_NOTE, kind="number", width=8, required=False, minimum=0, maximum=100),
        _c(
            "adjusted",
            "調整得分",
            "裁判判定的人為得分（本桌的實際結果不參與比較）：南北/東西的得分率 %，如 60/40、40/60、50/50；"
            "或 A+（60，見「規則」）、A=（50）、A-（40），如 A+/A-；只寫一個值則兩方相同。其他各桌不計本桌，按 Neuberg 調整。",
            "An artificial score the referee awards (this table's result is left out of the comparison): NS/EW "
            "rates in percent such as 60/40, 40/60, 50/50, or A+ (60, see Rules), A= (50), A- (40) such as A+/A-; one value "
            "alone is both sides'. The other tables are compared without this one, Neuberg-adjusted.",
            width=10,
            required=False,
        ),
        _c(
            "fouled",
            "錯牌",
            "本桌打的不是發給本副的牌（錯牌）：填一個標記（如 A）；標記相同的各桌打了同一副錯牌，只在彼此之間比較，"
            "其餘各桌另行比較，兩組都按 Neuberg 調整至全場桌數。留空＝按牌譜打牌。",
            "This table played another deal than the board's (a fouled board): a mark such as A; tables with the "
            "same mark played the same wrong deal and are compared among themselves, the others among "
            "themselves, each group Neuberg-adjusted to the full field. Empty = played as dealt.",
            kind="code",
            width=8,
            required=False,
        ),
    ),
    note=tri(
        "成績：每桌每副牌一行；ttools 排座位後預填輪次、桌號、牌號。",
        "Board results, one row per table per board; ttools pre-fills round, table and board when it seats a round.",
    ),
)

INPUT_SHEETS = (EVENT, RULES, PLAYERS, SEATING, BOARDS)

# Output sheets (ttools writes them; the reader ignores them on the way back in)
OUTPUTS = {
    "Scores": tri("得分", "Scores"),
    "Travellers": tri("計分單", "Travellers"),
    "Ranking": tri("排名", "Ranking"),
    "PlayerCards": tri("個人成績", "PlayerCards"),
    "NextSeating": tri("座位表", "NextSeating"),
    "TableCards": tri("桌卡", "TableCards"),
    "HandRecords": tri("牌譜", "HandRecords"),
    "ScoringExample": tri("計分示例", "ScoringExample"),
    "Missing": tri("尚缺成績", "MissingResults"),
    "Problems": tri("問題", "Problems"),
}

GUIDE = tri("說明", "Guide")
