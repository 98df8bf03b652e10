"""The Nations Cup workbook: its sheets and columns, canonical English names (the contract)
and Traditional Chinese labels, every rule default with a note."""

from __future__ import annotations

from ttools.workbook.schema import Column, Setting, SheetSpec


def _c(key, zh, en=None, note_zh="", note_en="", **kw) -> Column:
    return Column(key=key, names={"zh-Hant": zh, "en": en or key}, note={"zh-Hant": note_zh, "en": note_en}, **kw)


def _s(key, zh, en, default, note_zh, note_en, choices=()) -> Setting:
    return Setting(
        key=key,
        names={"zh-Hant": zh, "en": en},
        default=default,
        note={"zh-Hant": note_zh, "en": note_en},
        choices=tuple(choices),
    )


EVENT = SheetSpec(
    key="Event",
    names={"zh-Hant": "賽事", "en": "Event"},
    settings=(
        _s("competition", "賽事種類", "competition", "nations-cup", "固定為 nations-cup。", "Always nations-cup."),
        _s("name", "賽事名稱", "name", "", "印在每頁頁首。", "Printed in every page header."),
        _s(
            "teams",
            "隊數",
            "teams",
            "",
            "參賽隊數（4–26）；隊伍以 A、B、C… 表示。",
            "Number of teams (4–26), lettered A, B, C …",
        ),
        _s(
            "seed",
            "抽籤種子",
            "seed",
            "",
            "所有抽籤（第一天配對、第二天分桌、籤運）由此種子決定，並印在抽籤表上。留空則由名單導出並寫回。",
            "Every draw (Day 1 relabelling, Day 2 seats, lots) derives from this seed; it is printed on the draw sheets. Empty: derived from the roster and written back.",
        ),
        _s(
            "language",
            "語言",
            "language",
            "zh-Hant",
            "輸出語言：zh-Hant（繁體）、zh-Hans（簡體）或 en。",
            "Output language: zh-Hant (Traditional), zh-Hans (Simplified) or en.",
            ("zh-Hant", "zh-Hans", "en"),
        ),
        _s(
            "advance",
            "晉級隊數",
            "advance",
            4,
            "資格賽前幾名晉級決賽（預設 4）。",
            "How many teams advance to the finals (default 4).",
        ),
    ),
    note={"zh-Hant": "賽事基本資料。", "en": "The event's basic facts."},
)

RULES = SheetSpec(
    key="Rules",
    names={"zh-Hant": "規則", "en": "Rules"},
    settings=(
        _s(
            "pool_hu",
            "單挑賽分數池",
            "pool_hu",
            "1000/3",
            "單挑賽分數池（可寫分數，如 1000/3）；三池合計 1000。",
            "Heads-up score pool (fractions like 1000/3 allowed); the three pools add up to 1000.",
        ),
        _s("pool_nlh", "NLH 分數池", "pool_nlh", "1000/3", "NLH MTT 分數池。", "NLH MTT score pool."),
        _s(
            "pool_bounty",
            "獵人賽分數池",
            "pool_bounty",
            "1000/3",
            "獵人賽分數池。",
            "Escalating Bounty MTT score pool.",
        ),
        _s(
            "hu_win",
            "單挑勝場分",
            "hu_win",
            5,
            "第一天每場勝場原始分（預設 5）。",
            "Day 1 raw points per win (default 5).",
        ),
        _s(
            "final_hu_win",
            "決賽單挑勝場分",
            "final_hu_win",
            4,
            "決賽每場單挑勝場分（預設 4）。",
            "Finals points per heads-up win (default 4).",
        ),
        _s(
            "tables_day2",
            "第二天每場桌數",
            "tables_day2",
            "auto",
            "第二天每場錦標賽開桌數。auto（預設）：坐得下之最少桌數（每桌至多「每桌座位數」），至少 3 桌使同隊 3 人分坐 3 桌（28–36 人即規程之 4 桌），各桌人數相差至多 1；亦可填數字。",
            "Tables per Day 2 tournament. auto (default): the fewest tables of at most table_seats, and at least 3 so a team's 3 players sit at 3 tables (the rulebook's 4 for 28–36 players), sizes within 1; or type a number.",
        ),
        _s(
            "table_seats",
            "每桌座位數",
            "table_seats",
            9,
            "每桌最多座位（預設 9），用於分桌抽籤、座位檢查與併桌建議。",
            "Seats per table (default 9), used by the seat draw, the seating checks and table breaking.",
        ),
        _s(
            "rounding",
            "四捨五入方式",
            "rounding",
            "half-up",
            "half-up：總成績小數第 3 位四捨五入；largest-remainder：最大餘數法，使總和恰為 1000。",
            "half-up: totals rounded at the 3rd decimal; largest-remainder: apportioned so totals add up to exactly 1000.",
            ("half-up", "largest-remainder"),
        ),
        _s(
            "head_values",
            "人頭值表",
            "head_values",
            "",
            "各階段人頭值，以逗號分隔（如 1,2,3,4,5,6）；留空＝階段 s 之人頭值為 s+1。",
            "Head value per stage, comma separated (e.g. 1,2,3,4,5,6); empty = stage s has head value s+1.",
        ),
        _s(
            "break_order",
            "併桌順序",
            "break_order",
            "highest-first",
            "先拆桌號最大者（highest-first）或最小者（lowest-first）。",
            "Break the highest-numbered table first (highest-first) or the lowest (lowest-first).",
            ("highest-first", "lowest-first"),
        ),
        _s(
            "balance_threshold",
            "平衡門檻",
            "balance_threshold",
            2,
            "各桌人數相差達此數即平衡（預設 2）。",
            "Balance when tables differ by this many players (default 2).",
        ),
        _s(
            "balance_threshold_two_tables",
            "兩桌平衡門檻",
            "balance_threshold_two_tables",
            1,
            "僅餘兩桌時之平衡門檻（預設 1）。",
            "Balance threshold when 2 tables remain (default 1).",
        ),
    ),
    note={
        "zh-Hant": "固定項目與浮動項目：每個預設值都可在此修改。",
        "en": "Every default of the rules; change them here.",
    },
)

POINTS = SheetSpec(
    key="Points",
    names={"zh-Hant": "名次積分", "en": "Points"},
    columns=(
        _c(
            "scale",
            "積分表",
            "scale",
            "nlh＝NLH MTT（附件三）、bounty＝獵人賽（附件四）、sng＝決賽單桌、bonus＝資格賽名次加分",
            "nlh (Appendix 3), bounty (Appendix 4), sng (finals), bonus (qualification-rank bonus)",
            kind="choice",
            choices=("nlh", "bounty", "sng", "bonus"),
            width=10,
        ),
        _c(
            "place",
            "名次",
            "place",
            "名次（1 起）；表外名次得 0 分。",
            "Place (from 1); places not listed score 0.",
            kind="int",
            width=8,
            minimum=1,
        ),
        _c("points", "積分", "points", "該名次之積分。", "Points for that place.", kind="number", width=8),
    ),
    note={
        "zh-Hant": "名次積分表（原附件三、四遺失，以預設值補上，可修改）。",
        "en": "Place points tables (defaults fill the lost appendices; editable).",
    },
)

LEVELS = SheetSpec(
    key="Levels",
    names={"zh-Hant": "盲注級別", "en": "Levels"},
    columns=(
        _c(
            "stage",
            "階段",
            "stage",
            "day1-hu＝第一天單挑賽（附件一）；day2-mtt＝第二天多桌錦標賽、day3＝第三天決賽（附件二）。",
            "day1-hu (Appendix 1), day2-mtt or day3 (Appendix 2).",
            kind="choice",
            choices=("day1-hu", "day2-mtt", "day3"),
            width=11,
        ),
        _c(
            "level",
            "級別",
            "level",
            "級數 1、2…；休息填 break（或「休息」）。",
            "Level number 1, 2 …; break for a break.",
            width=8,
        ),
        _c(
            "small",
            "小盲",
            "small",
            "小盲注（休息列留空）。",
            "Small blind (empty on a break).",
            kind="int",
            width=9,
            required=False,
            minimum=0,
        ),
        _c(
            "big",
            "大盲",
            "big",
            "大盲注（休息列留空）。",
            "Big blind (empty on a break).",
            kind="int",
            width=9,
            required=False,
            minimum=0,
        ),
        _c(
            "ante",
            "前注",
            "ante",
            "大盲前注；無則留空或 0。",
            "Big-blind ante; empty or 0 for none.",
            kind="int",
            width=9,
            required=False,
            minimum=0,
        ),
        _c(
            "minutes",
            "分鐘",
            "minutes",
            "該級或休息之分鐘數。",
            "Minutes of the level or break.",
            kind="number",
            width=8,
        ),
    ),
    note={
        "zh-Hant": "盲注結構（原附件一、二遺失，以預設值補上，可修改）：每列一級或一次休息，時鐘依列序進行；某階段有列者整段取代預設。",
        "en": "Blind structures (defaults fill the lost Appendices 1 and 2; editable): a row per level or break, run in sheet order; a stage given here replaces its defaults whole.",
    },
)

PLAYERS = SheetSpec(
    key="Players",
    names={"zh-Hant": "選手", "en": "Players"},
    columns=(
        _c(
            "team",
            "隊伍",
            "team",
            "隊伍代號 A、B、C…",
            "Team letter A, B, C …",
            kind="code",
            list_name="TeamList",
            width=8,
        ),
        _c(
            "number",
            "編號",
            "number",
            "隊內編號 1–6（7 起為候補）。",
            "Number in the team 1–6 (7+ reserves).",
            kind="int",
            width=8,
            minimum=1,
        ),
        _c("name", "姓名", "name", "選手姓名。", "Player's name.", width=20, required=False),
        _c("country", "國家／地區", "country", "代表國家或地區。", "Country or region.", width=14, required=False),
    ),
    note={
        "zh-Hant": "各隊選手名單；選手代號＝隊伍＋編號（如 A1）。",
        "en": "The roster; a player's code is team + number (e.g. A1).",
    },
)

DAY1 = SheetSpec(
    key="Day1",
    names={"zh-Hant": "第一天", "en": "Day1"},
    columns=(
        _c("round", "輪次", "round", "由 ttools 產生。", "Written by ttools.", kind="int", width=6),
        _c(
            "table", "桌號", "table", "由 ttools 產生（主桌）。", "Written by ttools (home table).", kind="int", width=6
        ),
        _c("home", "主隊選手", "home", "主桌選手（1–3 號）。", "Home player (1–3).", kind="code", width=9),
        _c("away", "客隊選手", "away", "客隊選手（4–6 號）。", "Away player (4–6).", kind="code", width=9),
        _c(
            "winner",
            "勝方",
            "winner",
            "填入勝方選手代號（如 A1）；不得和局。",
            "Type the winner's code (e.g. A1); no draws.",
            kind="code",
            list_name="PlayerList",
            width=9,
            required=False,
        ),
    ),
    note={"zh-Hant": "第一天單挑賽配對（附件七）及勝方。", "en": "Day 1 heads-up pairings (Appendix 7) and winners."},
)

LINEUPS = SheetSpec(
    key="Lineups",
    names={"zh-Hant": "分項名單", "en": "Lineups"},
    columns=(
        _c("team", "隊伍", "team", "隊伍代號。", "Team letter.", kind="code", list_name="TeamList", width=8),
        _c(
            "event",
            "場次",
            "event",
            "nlh＝NLH MTT；bounty＝獵人賽。每隊各 3 名。",
            "nlh or bounty; 3 players each per team.",
            kind="choice",
            choices=("nlh", "bounty"),
            width=9,
        ),
        _c(
            "player",
            "選手",
            "player",
            "選手代號（如 A1）。",
            "Player code (e.g. A1).",
            kind="code",
            list_name="PlayerList",
            width=9,
        ),
    ),
    note={
        "zh-Hant": "第二天分項名單：每隊 NLH 3 名、獵人賽 3 名，不得重複。",
        "en": "Day 2 line-ups: 3 NLH + 3 bounty per team, no one in both.",
    },
)

SEATING = SheetSpec(
    key="Seating",
    names={"zh-Hant": "座位", "en": "Seating"},
    columns=(
        _c(
            "event",
            "場次",
            "event",
            "nlh 或 bounty。",
            "nlh or bounty.",
            kind="choice",
            choices=("nlh", "bounty"),
            width=9,
        ),
        _c(
            "table",
            "桌號",
            "table",
            "由抽籤產生；移桌後更新。",
            "From the draw; update after moves.",
            kind="int",
            width=6,
            minimum=1,
        ),
        _c("seat", "座位", "seat", "座位號。", "Seat number.", kind="int", width=6, minimum=1),
        _c("player", "選手", "player", "選手代號。", "Player code.", kind="code", list_name="PlayerList", width=9),
        _c(
            "out",
            "已淘汰",
            "out",
            "選手淘汰後填 1（或 x）。",
            "Mark 1 (or x) when the player is out.",
            width=8,
            required=False,
        ),
    ),
    note={
        "zh-Hant": "第二天座位狀態：抽籤預填；淘汰時標記，ttools 給出併桌／平衡建議。",
        "en": "Day 2 seating state: pre-filled by the draw; mark players out and ttools advises breaks and balancing.",
    },
)

NLH = SheetSpec(
    key="NLH",
    names={"zh-Hant": "NLH名次", "en": "NLH"},
    columns=(
        _c("player", "選手", "player", "選手代號。", "Player code.", kind="code", list_name="PlayerList", width=9),
        _c(
            "place",
            "名次",
            "place",
            "最終名次；同一手牌同籌碼同時淘汰者寫成共享名次，如 7=。",
            "Finishing place; players out in one hand with equal stacks share it: write 7= for each.",
            width=8,
        ),
    ),
    note={"zh-Hant": "NLH MTT 最終名次。", "en": "NLH MTT finishing places."},
)

BOUNTY_LOG = SheetSpec(
    key="BountyLog",
    names={"zh-Hant": "獵人賽淘汰紀錄", "en": "BountyLog"},
    columns=(
        _c("hand", "手牌", "hand", "手牌編號（遞增）。", "Hand number (increasing).", kind="int", width=7, minimum=1),
        _c(
            "out",
            "淘汰選手",
            "out",
            "被淘汰之選手。",
            "Player knocked out.",
            kind="code",
            list_name="PlayerList",
            width=9,
        ),
        _c(
            "to",
            "主池贏家",
            "to",
            "贏得該選手最後籌碼之主池贏家（取得人頭值）。",
            "Winner of the pot with the player's last chips (takes the head value).",
            kind="code",
            list_name="PlayerList",
            width=9,
        ),
        _c(
            "stack",
            "開局籌碼",
            "stack",
            "選填：該手牌開始時被淘汰者之計分牌，用於同手牌淘汰之名次。",
            "Optional: the player's stack at the start of the hand, to order same-hand exits.",
            kind="int",
            width=10,
            required=False,
            minimum=1,
        ),
    ),
    note={
        "zh-Hant": "獵人賽淘汰紀錄：每位被淘汰選手一列。",
        "en": "Escalating bounty elimination log: one row per player out.",
    },
)

BOUNTY_COUNTS = SheetSpec(
    key="BountyCounts",
    names={"zh-Hant": "賞金籌碼清點", "en": "BountyCounts"},
    columns=(
        _c("player", "選手", "player", "選手代號。", "Player code.", kind="code", list_name="PlayerList", width=9),
        _c(
            "chips",
            "賞金籌碼",
            "chips",
            "現場清點之賞金籌碼數。",
            "Bounty chips counted by the floor.",
            kind="int",
            width=9,
            minimum=0,
        ),
    ),
    note={
        "zh-Hant": "現場清點之賞金籌碼（與紀錄不符者提出警告）。",
        "en": "Bounty chips counted by the floor (checked against the log).",
    },
)

FINALS_ROSTER = SheetSpec(
    key="FinalsRoster",
    names={"zh-Hant": "決賽名單", "en": "FinalsRoster"},
    columns=(
        _c("team", "隊伍", "team", "晉級隊伍。", "Qualified team.", kind="code", list_name="TeamList", width=8),
        _c(
            "player",
            "選手",
            "player",
            "決賽出賽選手（每隊 6 名）。",
            "Finals player (6 per team).",
            kind="code",
            list_name="PlayerList",
            width=9,
        ),
    ),
    note={"zh-Hant": "決賽出賽名單：每隊 6 名，提交後不得變更。", "en": "Finals roster: 6 players per team, fixed."},
)

FINALS_LINEUPS = SheetSpec(
    key="FinalsLineups",
    names={"zh-Hant": "決賽分項名單", "en": "FinalsLineups"},
    columns=(
        _c("round", "輪次", "round", "1–3。", "1–3.", kind="int", width=6, minimum=1, maximum=3),
        _c("team", "隊伍", "team", "隊伍代號。", "Team letter.", kind="code", list_name="TeamList", width=8),
        _c(
            "kind",
            "項目",
            "kind",
            "hu＝單挑賽；sng＝單桌錦標賽。",
            "hu or sng.",
            kind="choice",
            choices=("hu", "sng"),
            width=7,
        ),
        _c("player", "選手", "player", "選手代號。", "Player code.", kind="code", list_name="PlayerList", width=9),
    ),
    note={"zh-Hant": "決賽每輪名單：單挑 3 名、單桌 3 名。", "en": "Finals line-ups per round: 3 HU + 3 SNG."},
)

FINALS_HU = SheetSpec(
    key="FinalsHU",
    names={"zh-Hant": "決賽單挑", "en": "FinalsHU"},
    columns=(
        _c("round", "輪次", "round", "由 ttools 產生。", "Written by ttools.", kind="int", width=6),
        _c("table", "桌號", "table", "由 ttools 產生。", "Written by ttools.", kind="int", width=6),
        _c("a", "選手甲", "a", "由抽籤產生。", "From the draw.", kind="code", width=9),
        _c("b", "選手乙", "b", "由抽籤產生。", "From the draw.", kind="code", width=9),
        _c(
            "winner",
            "勝方",
            "winner",
            "勝方選手代號。",
            "Winner's code.",
            kind="code",
            list_name="PlayerList",
            width=9,
            required=False,
        ),
    ),
    note={"zh-Hant": "決賽單挑賽對戰及勝方。", "en": "Finals heads-up matches and winners."},
)

FINALS_SNG = SheetSpec(
    key="FinalsSNG",
    names={"zh-Hant": "決賽單桌", "en": "FinalsSNG"},
    columns=(
        _c("round", "輪次", "round", "由 ttools 產生。", "Written by ttools.", kind="int", width=6),
        _c("table", "桌號", "table", "由 ttools 產生。", "Written by ttools.", kind="int", width=6),
        _c("seat", "座位", "seat", "由抽籤產生。", "From the draw.", kind="int", width=6, required=False),
        _c("player", "選手", "player", "由抽籤產生。", "From the draw.", kind="code", width=9),
        _c(
            "place",
            "名次",
            "place",
            "該桌名次 1–4。",
            "Place at the table, 1–4.",
            kind="int",
            width=7,
            required=False,
            minimum=1,
            maximum=4,
        ),
    ),
    note={"zh-Hant": "決賽單桌錦標賽座位及名次。", "en": "Finals single-table tournaments: seats and places."},
)

INPUT_SHEETS = (
    EVENT,
    RULES,
    POINTS,
    LEVELS,
    PLAYERS,
    DAY1,
    LINEUPS,
    SEATING,
    NLH,
    BOUNTY_LOG,
    BOUNTY_COUNTS,
    FINALS_ROSTER,
    FINALS_LINEUPS,
    FINALS_HU,
    FINALS_SNG,
)

# Output sheet names (ttools writes them; the reader ignores them on the way back in)
OUTPUTS = {
    "Appendix1": {"zh-Hant": "附件一 單挑賽盲注", "en": "Appendix 1 Blinds"},
    "Appendix2": {"zh-Hant": "附件二 錦標賽盲注", "en": "Appendix 2 Blinds"},
    "Appendix7": {"zh-Hant": "附件七 第一天配對", "en": "Appendix 7 Day 1"},
    "Schedules": {"zh-Hant": "選手賽程", "en": "Schedules"},
    "Day1Board": {"zh-Hant": "第一天成績", "en": "Day1Scoreboard"},
    "Running": {"zh-Hant": "資格賽暫定成績", "en": "RunningStandings"},
    "Day2Draw": {"zh-Hant": "第二天抽籤", "en": "Day2Draw"},
    "Moves": {"zh-Hant": "併桌建議", "en": "TableMoves"},
    "CurrentSeating": {"zh-Hant": "目前座位", "en": "CurrentSeating"},
    "TableCards": {"zh-Hant": "桌卡", "en": "TableCards"},
    "NLHPoints": {"zh-Hant": "NLH積分", "en": "NLHPoints"},
    "Bounty": {"zh-Hant": "獵人賽", "en": "Bounty"},
    "Appendix5": {"zh-Hant": "附件五 里程碑", "en": "Appendix 5 Milestones"},
    "Standings": {"zh-Hant": "資格賽成績", "en": "Standings"},
    "Appendix6": {"zh-Hant": "附件六 計分範例", "en": "Appendix 6 Example"},
    "Reckoner": {"zh-Hant": "現場速算表", "en": "Reckoner"},
    "Players": {"zh-Hant": "個人紀錄", "en": "PlayerRecords"},
    "FinalsDraw": {"zh-Hant": "決賽抽籤", "en": "FinalsDraw"},
    "FinalsResults": {"zh-Hant": "決賽各輪結果", "en": "FinalsResults"},
    "FinalStandings": {"zh-Hant": "決賽成績", "en": "FinalStandings"},
    "Missing": {"zh-Hant": "尚缺成績", "en": "MissingResults"},
    "Problems": {"zh-Hant": "問題", "en": "Problems"},
}

# output sheet names of earlier versions: still known (dropped and rewritten), never carried over as unknown sheets.
# English names of ttools' own sheets are one word in CamelCase like the input sheets' (the
# appendices keep the rulebook's "Appendix N"); the spellings with spaces were earlier versions'.
LEGACY_OUTPUTS = (
    "Appendix7 Day1",
    "Appendix5 Milestones",
    "Appendix6 Example",
    "Day1 Scoreboard",
    "Running Standings",
    "Finals Results",
)

GUIDE = {"zh-Hant": "說明", "en": "Guide"}
