"""The Scrabble event workbook: its sheets and columns, canonical English names (the contract)
and Traditional Chinese labels, every rule default with a note."""

from __future__ import annotations

from dataclasses import replace

from ttools.i18n import simplified, with_simplified
from ttools.workbook.schema import Column, Setting, SheetSpec, choice_map


def _c(key, zh, note_zh="", note_en="", **kw) -> Column:
    return Column(
        key=key,
        names={"zh-Hant": zh, "zh-Hans": simplified(zh), "en": key},
        note={"zh-Hant": note_zh, "zh-Hans": simplified(note_zh), "en": note_en},
        **kw,
    )


def _s(key, zh, default, note_zh, note_en, choices=()) -> Setting:
    return Setting(
        key=key,
        names={"zh-Hant": zh, "zh-Hans": simplified(zh), "en": key},
        default=default,
        note={"zh-Hant": note_zh, "zh-Hans": simplified(note_zh), "en": note_en},
        choices=tuple(choices),
    )


def _hans(names: dict[str, str]) -> dict[str, str]:
    """Names per language with the Simplified one added (converted from the Traditional)."""
    return {**names, "zh-Hans": simplified(names["zh-Hant"])} if "zh-Hant" in names else names


def _sheet(spec: SheetSpec) -> SheetSpec:
    return replace(spec, names=_hans(spec.names), note=_hans(spec.note))


# Pairing methods of the Rounds sheet (組合對手原則), with the words staff may type for them.
METHODS = ("random", "ad", "koth", "rr", "if", "swiss")
METHOD_CHOICES = choice_map(
    METHODS,
    with_simplified(
        {
            "電腦隨機": "random",
            "隨機": "random",
            "rand": "random",
            "australian draw": "ad",
            "australian": "ad",
            "澳洲式瑞士制": "ad",
            "澳洲式": "ad",
            "澳洲": "ad",
            "king of the hill": "koth",
            "king-of-the-hill": "koth",
            "kingofthehill": "koth",
            "kth": "koth",
            "round robin": "rr",
            "roundrobin": "rr",
            "循環賽": "rr",
            "循環": "rr",
            "initfontes": "if",
            "init fontes": "if",
            "initial fontes": "if",
            "fontes": "if",
            "分組循環": "if",
            "new swiss": "swiss",
            "newswiss": "swiss",
            "ns": "swiss",
            "瑞士制": "swiss",
        }
    ),
)
METHOD_NAMES = {
    k: _hans(v)
    for k, v in {
        "random": {"zh-Hant": "電腦隨機", "en": "random"},
        "ad": {"zh-Hant": "澳洲式瑞士制", "en": "Australian Draw"},
        "koth": {"zh-Hant": "King of the Hill", "en": "King of the Hill"},
        "rr": {"zh-Hant": "循環賽", "en": "round robin"},
        "if": {"zh-Hant": "InitFontes 分組循環", "en": "InitFontes"},
        "swiss": {"zh-Hant": "瑞士制", "en": "Swiss"},
    }.items()
}

EVENT = _sheet(
    SheetSpec(
        key="Event",
        names={"zh-Hant": "賽事", "en": "Event"},
        settings=(
            _s("competition", "賽事種類", "scrabble", "固定為 scrabble。", "Always scrabble."),
            _s(
                "name",
                "賽事名稱",
                "",
                "印在每頁頁首及 WESPA .tou 檔。",
                "Printed in every page header and in the WESPA .tou file.",
            ),
            _s(
                "seed",
                "抽籤種子",
                "",
                "所有抽籤（隨機編配、先後手、同分抽籤）由此種子決定，並印在對賽表上。留空則由名單導出並寫回。",
                "Every draw (random pairings, who starts, lots) derives from this seed; it is printed on the pairing sheet. "
                "Empty: derived from the roster and written back.",
            ),
            _s(
                "language",
                "語言",
                "zh-Hant",
                "輸出語言：zh-Hant（繁體）、zh-Hans（簡體）或 en。",
                "Output language: zh-Hant, zh-Hans or en.",
                ("zh-Hant", "zh-Hans", "en"),
            ),
            _s(
                "date",
                "日期",
                "",
                "賽事日期（YYYY-MM-DD），用於 WESPA .tou 檔；留空則用匯出當日。",
                "Date of the event (YYYY-MM-DD), for the WESPA .tou file; empty = the day of the export.",
            ),
            _s(
                "bye_spread",
                "輪空分差",
                50,
                "輪空作勝一局，分差 +50（預設）。",
                "A bye is a win by this spread (default 50).",
            ),
            _s(
                "forfeit_spread",
                "缺席分差",
                100,
                "缺席（放棄）者負，對手勝 100 分（預設）。",
                "An absent player forfeits; the opponent wins by this spread (default 100).",
            ),
        ),
        note={"zh-Hant": "賽事基本資料。", "en": "The event's basic facts."},
    )
)

RULES = _sheet(
    SheetSpec(
        key="Rules",
        names={"zh-Hant": "規則", "en": "Rules"},
        settings=(
            _s(
                "overtime_points",
                "過時每分鐘扣分",
                10,
                "過時每分鐘扣 10 分，不足 1 分鐘作 1 分鐘計（預設 10）。",
                "Points off per started minute over time (default 10).",
            ),
            _s(
                "overtime_limit",
                "過時上限（分鐘）",
                10,
                "過時 10 分鐘即結束比賽；成績表上超過此數者列為警告（預設 10）。",
                "10 minutes over ends the game; a slip with more is flagged (default 10).",
            ),
            _s(
                "round1",
                "第一回合編配",
                "rating",
                "澳洲式瑞士制第一回合（尚無成績）：rating＝依評分上半區對下半區；random＝電腦隨機。",
                "Round 1 of an Australian Draw (no standings yet): rating = top half v bottom half by rating; random = random draw.",
                ("rating", "random"),
            ),
            _s(
                "round_robin",
                "循環賽",
                "single",
                "single＝單循環；double＝雙循環（第二循環先後手互換）。",
                "single = everyone meets everyone once; double = twice, starts swapped in the second cycle.",
                ("single", "double"),
            ),
            _s(
                "score_low",
                "合理分數下限",
                -100,
                "低於此分數之成績列為警告，請核對（預設 -100）。",
                "Scores below this are flagged for checking (default -100).",
            ),
            _s(
                "score_high",
                "合理分數上限",
                1000,
                "高於此分數之成績列為警告，請核對（預設 1000）。",
                "Scores above this are flagged for checking (default 1000).",
            ),
            _s(
                "spread_cap",
                "分差上限",
                "",
                "每局計入之最大分差（如 300）；可按回合列出（如 200, 700：第 1 回合 200，其後 700）。留空＝不設上限。勝負不變。",
                "Largest spread a game counts (e.g. 300); per round as a list (200, 700: round 1 200, later rounds 700). "
                "Empty = no cap. The result stands.",
            ),
            _s(
                "ranks",
                "名次",
                "shared",
                "shared＝勝、負、分差相同者同名次（印作 7=，評分及抽籤只定排列次序）；strict＝每行一個名次（獎品名單）。",
                "shared = players equal on wins, losses and spread share the place (printed 7=; rating and the lot only order "
                "the listing); strict = one place per line (prize lists).",
                ("shared", "strict"),
            ),
            _s(
                "withdrawn",
                "退賽者排名",
                "below",
                "below＝退賽者列於最後，不計名次；ranked＝與其他參賽者一同排名（如 TSH 之 show_inactive = 1）；"
                "hidden＝不列入排名表（如 TSH 預設）。",
                "below = withdrawn players listed last, unranked; ranked = ranked among the others (TSH's "
                "show_inactive = 1); hidden = left out of the standings (TSH's default).",
                ("below", "ranked", "hidden"),
            ),
            _s(
                "rating_system",
                "評分制度",
                "",
                "評分估算所用制度：naspa（NASPA，如 TSH 之 nsa2008）、naspa-lct（NASPA 會內賽，變動三分之一）、none（不估算）；"
                "可按組別列出（如 A: naspa, B: none）。留空＝有評分之組別用 naspa。WESPA 制度未有公開公式，故不提供。",
                "The rating system of the estimates: naspa (NASPA, as TSH's nsa2008), naspa-lct (NASPA local club "
                "tournament: one third of the change) or none; per division as a list (A: naspa, B: none). Empty = naspa "
                "where the division has ratings. WESPA's is not offered: no published formula was found.",
            ),
            _s(
                "gibson",
                "Gibson 編配",
                "",
                "填 1（或 yes）：已穩奪冠軍者（餘下回合全負、任何對手全勝並以最大分差取勝亦追不上）不再與爭奪名次者對賽，"
                "改與最高名次之非競爭者對賽（如 TSH 之 gibson）。留空＝不用。",
                "1 (or yes): a player who has clinched first place (no one can catch him on wins even winning every game "
                "left by the largest spread) is paired away from the contenders, with the highest-ranked player out of "
                "contention (TSH's gibson). Empty = off.",
            ),
            _s(
                "gibson_spread",
                "Gibson 每局分差",
                500,
                "判斷是否穩奪冠軍時，追趕者每局可多得之分差；設有分差上限時用該上限（預設 500）。",
                "The spread per remaining game a chaser is assumed to gain when deciding who has clinched first; "
                "the spread cap when one is set (default 500).",
            ),
            _s(
                "stable_boards",
                "固定前列桌號",
                0,
                "每組前 N 桌之參賽者若再次排入前 N 桌，坐回上一回合之桌（如錄影桌）；0＝不固定（預設）。",
                "The top N tables of each division keep their players: a player paired within the top N again sits at "
                "last round's board (e.g. a streamed board); 0 = off (default).",
            ),
        ),
        note={"zh-Hant": "所有預設值都可在此修改。", "en": "Every default of the rules; change them here."},
    )
)

PLAYERS = _sheet(
    SheetSpec(
        key="Players",
        names={"zh-Hant": "參賽者", "en": "Players"},
        columns=(
            _c(
                "id",
                "編號",
                "參賽者編號（數字或代號，不得重複）；成績表以此編號填寫。",
                "Player id (a number or code, unique); result slips name players by it.",
                kind="code",
                width=8,
            ),
            _c("name", "姓名", "參賽者姓名。", "Player's name.", width=22, required=False),
            _c(
                "rating",
                "評分",
                "賽前評分（WESPA 或本地）；同分時較高者排前，第一回合依此分上下半區。",
                "Pre-event rating; breaks ties after spread and orders round 1.",
                kind="int",
                width=8,
                required=False,
            ),
            _c(
                "club",
                "會籍",
                "所屬會／國家；可設定同會迴避。",
                "Club or country; rounds may keep same-club players apart.",
                width=14,
                required=False,
            ),
            _c(
                "division",
                "組別",
                "組別（如 A、B、C）；只與同組對賽。留空＝A。",
                "Division (A, B, C …); players meet only their own division. Empty = A.",
                kind="code",
                width=8,
                required=False,
            ),
            _c(
                "withdrawn_after",
                "退賽（最後回合）",
                "退賽者最後出賽之回合；之後不再編配（0＝未出賽即退賽）。",
                "A withdrawn player's last round; not paired after it (0 = withdrew before round 1).",
                kind="int",
                width=10,
                required=False,
            ),
            _c(
                "class",
                "級別",
                "評分級別（TSH 之 class，用於級別獎）；可留空。",
                "Rating class (TSH's class, for class prizes); may be empty.",
                kind="code",
                width=7,
                required=False,
            ),
            _c(
                "name_latin",
                "英文姓名",
                "姓名之英文拼寫；寫 WESPA .tou 評分檔時用（該檔只收 ASCII 字母）。",
                "The name in Latin letters, for the WESPA .tou ratings file (which takes ASCII only).",
                width=20,
                required=False,
            ),
            _c(
                "games",
                "生涯局數",
                "賽前已計評分之局數（評分估算之倍數：未滿 50 局者較大）；留空＝作 50 局以上計。",
                "Rated games before this event (the rating multiplier is larger under 50); empty = 50 or more assumed.",
                kind="int",
                width=8,
                required=False,
            ),
            _c(
                "board",
                "固定桌號",
                "此參賽者每回合均坐此桌（如輪椅位，TSH 之 reserved）；留空＝按編配。",
                "The table this player always gets (e.g. wheelchair access; TSH's reserved); empty = as paired.",
                kind="int",
                width=8,
                required=False,
            ),
            _c(
                "tsh",
                "TSH 原行",
                "自 TSH .t 檔匯入之原行（附核對碼）；此參賽者之資料未改時，匯出照原樣寫回。請勿修改；留空亦可。",
                "The player's line as imported from TSH's .t file, with a check: export writes it back "
                "unchanged while nothing it holds has changed. Leave it as it is, or empty.",
                width=12,
                required=False,
            ),
        ),
        note={
            "zh-Hant": "參賽者名單：編號、姓名、評分、會籍、組別、退賽回合。",
            "en": "The roster: id, name, rating, club, division, withdrawal.",
        },
    )
)

ROUNDS = _sheet(
    SheetSpec(
        key="Rounds",
        names={"zh-Hant": "回合", "en": "Rounds"},
        columns=(
            _c("round", "回合", "回合編號。", "Round number.", kind="int", width=7),
            _c(
                "method",
                "編配方式",
                "random＝電腦隨機；ad＝澳洲式瑞士制；koth＝King of the Hill；rr＝循環賽；"
                "if＝InitFontes（首數回合分組循環，回合數須為單數）；swiss＝瑞士制（同勝場者上半區對下半區）。",
                "random, ad (Australian Draw), koth (King of the Hill), rr (round robin), "
                "if (InitFontes: the first rounds as round robins in groups; an odd number of rounds) "
                "or swiss (top half v bottom half of each wins group).",
                kind="choice",
                choices=METHODS,
                width=10,
            ),
            _c(
                "based_on",
                "依據回合",
                "依第幾回合後之排名編配（留空＝上一回合；0＝依評分）。可提前編配，如依第 R−2 回合。",
                "Pair from the standings after this round (empty = the previous round; 0 = by rating). "
                "Lagged pairing: R−2 posts round R before R−1 ends.",
                kind="int",
                width=9,
                required=False,
            ),
            _c(
                "repeats",
                "可重複次數",
                "可與同一對手再賽之次數（預設 0＝不重複）。",
                "How often a pair may have met before (default 0 = no repeats).",
                kind="int",
                width=9,
                required=False,
            ),
            _c(
                "avoid_club",
                "同會迴避",
                "填 1（或 yes）則同會參賽者盡量不對賽。",
                "1 (or yes): keep same-club players apart where possible.",
                width=9,
                required=False,
            ),
            _c(
                "division",
                "組別",
                "此列適用之組別；留空＝所有組別。某組另有同回合之列者，以該組之列為準。",
                "The division this row is for; empty = every division. A division's own row for a round wins.",
                kind="code",
                width=8,
                required=False,
            ),
        ),
        note={
            "zh-Hant": "每回合之編配方式（組別欄留空＝所有組別；可按組別另列）。",
            "en": "How each round is paired (every division, or per division in the division column).",
        },
    )
)

RESULTS = _sheet(
    SheetSpec(
        key="Results",
        names={"zh-Hant": "成績", "en": "Results"},
        columns=(
            _c("round", "回合", "回合編號。", "Round number.", kind="int", width=7),
            _c(
                "table",
                "桌號",
                "由 ttools 編配時填入（可留空）。",
                "Written by ttools when it pairs (may be empty).",
                kind="int",
                width=6,
                required=False,
            ),
            _c(
                "player1",
                "先手",
                "先手（先下）參賽者之編號。",
                "Id of the player who starts (goes first).",
                kind="code",
                list_name="PlayerList",
                width=9,
            ),
            _c(
                "score1",
                "先手分數",
                "先手之最終分數（可為負數；過時扣分由 ttools 計算，請填板上分數）。輪空：分差（預設 50）。",
                "Final score of the starter (may be negative; ttools applies the overtime penalty). Bye: the spread credited.",
                kind="int",
                width=9,
                required=False,
            ),
            _c(
                "player2",
                "後手",
                "後手參賽者之編號；留空＝輪空。",
                "Id of the player who replies; empty = bye.",
                kind="code",
                list_name="PlayerList",
                width=9,
                required=False,
            ),
            _c(
                "score2",
                "後手分數",
                "後手之最終分數。",
                "Final score of the second player.",
                kind="int",
                width=9,
                required=False,
            ),
            _c(
                "overtime1",
                "先手過時",
                "先手過時分鐘數（每分鐘扣 10 分）。",
                "Minutes the starter went over time (10 points each).",
                kind="number",
                width=8,
                required=False,
            ),
            _c(
                "overtime2",
                "後手過時",
                "後手過時分鐘數。",
                "Minutes the second player went over time.",
                kind="number",
                width=8,
                required=False,
            ),
            _c(
                "forfeit",
                "缺席",
                "缺席（放棄）者：1＝先手、2＝後手；對手勝 100 分。",
                "Absent player: 1 or 2; the opponent wins by 100.",
                kind="int",
                width=7,
                required=False,
            ),
            _c(
                "first",
                "先下者",
                "留空＝先手欄之參賽者先下；2＝後手欄者先下；0 或 ?＝不知道（如 TSH 之 p12 3、4），不計入先後手平衡。",
                "Empty = the player1 column started; 2 = player2 started; 0 or ? = not known (TSH p12 3 or 4), "
                "left out of balancing starts.",
                width=7,
                required=False,
            ),
            _c(
                "penalty1",
                "先手罰分",
                "如 TSH 之 penalty，加入先手該局分差：扣分填負數（-10 扣 10 分）；勝負不變。",
                "As TSH's penalty, added to player1's spread for the round: negative to take points off (-10 takes 10); the result stands.",
                kind="int",
                width=8,
                required=False,
            ),
            _c(
                "penalty2",
                "後手罰分",
                "如 TSH 之 penalty，加入後手該局分差（-10 扣 10 分）。",
                "As TSH's penalty, added to player2's spread (-10 takes 10 points off).",
                kind="int",
                width=8,
                required=False,
            ),
        ),
        note={
            "zh-Hant": "成績表：每局一列；ttools 編配後預填回合、桌號與雙方。",
            "en": "Result slips, one row per game; ttools pre-fills each new round's pairings.",
        },
    )
)

PRIZE_KINDS = ("place", "class", "high_game", "high_win", "high_loss", "upset")
PRIZE_KIND_CHOICES = choice_map(
    PRIZE_KINDS,
    with_simplified(
        {
            "名次": "place",
            "名次獎": "place",
            "rank": "place",
            "級別": "class",
            "級別獎": "class",
            "最高分": "high_game",
            "單局最高分": "high_game",
            "high game": "high_game",
            "highgame": "high_game",
            "最高勝局分": "high_win",
            "high win": "high_win",
            "最高負局分": "high_loss",
            "high loss": "high_loss",
            "爆冷": "upset",
            "最大爆冷": "upset",
        }
    ),
)

PRIZES = _sheet(
    SheetSpec(
        key="Prizes",
        names={"zh-Hant": "獎項", "en": "Prizes"},
        columns=(
            _c(
                "prize",
                "獎項",
                "獎項名稱（如 冠軍、最高分獎）。",
                "The prize as announced (e.g. First, High game).",
                width=18,
            ),
            _c(
                "kind",
                "種類",
                "place＝名次；class＝級別最佳；high_game＝單局最高分；high_win＝勝局最高分；high_loss＝負局最高分；"
                "upset＝以最大評分差擊敗高評分者。",
                "place, class (best of a class), high_game, high_win (highest winning score), high_loss (highest "
                "losing score) or upset (the largest rating difference overcome).",
                kind="choice",
                choices=PRIZE_KINDS,
                width=11,
            ),
            _c(
                "division",
                "組別",
                "組別；留空＝所有組別合計（名次及級別獎在多組賽事中須填組別）。",
                "The division; empty = all divisions together (place and class prizes need one when there are several).",
                kind="code",
                width=8,
                required=False,
            ),
            _c(
                "value",
                "名次／級別",
                "place：名次（1、2 …）；class：級別（參賽者之「級別」）；其他留空。",
                "place: the place (1, 2 …); class: the class (as on Players); empty for the others.",
                width=10,
                required=False,
            ),
            _c(
                "eligible",
                "資格",
                "留空＝未得其他獎項者（依本表次序頒發，每人一獎）；all＝得獎者亦可；亦可列級別（如 B, C）只限該級別。",
                "Empty = players without an earlier prize (awarded in this sheet's order, one prize each); all = "
                "prize winners too; or classes (B, C) to limit it to them.",
                width=12,
                required=False,
            ),
        ),
        note={
            "zh-Hant": "獎項表：依列出次序頒發；每人一獎，除非資格欄寫 all。",
            "en": "The prize table, awarded in this order; one prize per player unless eligible says all.",
        },
    )
)

# Every pairing ttools has published (written to the pairing sheet), so that a result that
# differs from it can be flagged; hidden, kept and extended from run to run. One row per round
# and division, the pairs as JSON ([["A3", "A7"], ["A5", null]] — null for a bye): a few cells
# instead of one row per game keeps long events quick to write.
PUBLISHED = SheetSpec(
    key="_published",
    names={"zh-Hant": "_published", "en": "_published"},
    columns=(
        _c("round", "round", kind="int"),
        _c("division", "division", kind="code"),
        _c("pairs", "pairs"),
    ),
)

INPUT_SHEETS = (EVENT, RULES, PLAYERS, ROUNDS, RESULTS, PRIZES)

# Output sheet names (ttools writes them; the reader ignores them on the way back in)
OUTPUTS = {
    k: _hans(v)
    for k, v in {
        "Pairings": {"zh-Hant": "對賽表", "en": "Pairings"},
        "Standings": {"zh-Hant": "排名", "en": "Standings"},
        "Scorecards": {"zh-Hant": "計分卡", "en": "Scorecards"},
        "CrossTable": {"zh-Hant": "對賽總表", "en": "CrossTable"},
        "Missing": {"zh-Hant": "尚缺成績", "en": "MissingResults"},
        "Ratings": {"zh-Hant": "評分估算", "en": "Ratings"},
        "PrizeList": {"zh-Hant": "得獎名單", "en": "PrizeList"},
        "Problems": {"zh-Hant": "問題", "en": "Problems"},
    }.items()
}

GUIDE = _hans({"zh-Hant": "說明", "en": "Guide"})

DEFAULT_DIVISION = "A"
