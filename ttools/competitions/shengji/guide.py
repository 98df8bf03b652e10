"""The Shengji workbook's Guide sheet: how staff go round the cycle, in each language."""

from __future__ import annotations

from ttools.i18n import Translator


def guide(lang: str) -> tuple[str, list[tuple[str, list[str]]]]:
    """The Guide sheet's title and its sections (a heading and its lines)."""
    t = Translator(lang)
    return t("競技升級複式賽工作簿 · 使用說明", "Shengji duplicate event workbook · Guide"), [
        (
            t("流程", "The cycle"),
            [
                t(
                    "1. 在「賽事」填寫賽事名稱、每輪副數、輪數及賽制（個人賽或固定搭檔）；抽籤種子可留空，ttools "
                    "會由名單導出並寫回。",
                    "1. On Event, type the event name, boards per round, rounds and format (individual or fixed pairs); "
                    "the seed may stay empty: ttools derives one from the roster and writes it back.",
                ),
                t(
                    "2. 在「參賽者」填寫每位參賽者的編號及姓名（固定搭檔賽制另填搭檔組）。",
                    "2. On Players, type each player's id and name (and pair, in the pairs format).",
                ),
                t(
                    "3. 執行 ttools run 本文件：輸出文件（.out.xlsx）的「座位」表排好第一輪座位（隨機），「成績」"
                    "表預填各桌各副的行，並附可打印的座位表、桌卡及牌譜（每副牌各桌相同，請據牌譜預先配牌）。"
                    "之後在輸出文件上繼續填寫。",
                    "3. Run `ttools run` on this file: the output (.out.xlsx) has round 1 seated at random on Seating, a "
                    "row per table and board waiting on Boards, and printable seating, table cards and hand records "
                    "(every table plays the same cards: pre-deal each board from them). Carry on in the output.",
                ),
                t(
                    "4. 每桌每副牌填一行：莊家方（NS 或 EW）、抓分方得分、抓分方贏得最後一圈時的底分及摳底牌型、"
                    "各方位用時；或由競技軟件打印的南北得分。",
                    "4. One row per table per board: the declaring side (NS or EW), the points the defenders captured, "
                    "the kitty points and the last lead's shape when the defenders won the last trick, each seat's time; "
                    "or the NS score printed by the event software.",
                ),
                t(
                    "5. 該輪成績齊全後再執行一次：得各桌得分、計分單、排名、個人成績，以及按排名蛇形排位的下一輪座位。",
                    "5. Once the round is complete, run again: board scores, travelling score sheets, the ranking, player "
                    "cards and the next round seated by the snake.",
                ),
            ],
        ),
        (
            t("填寫規則", "Filling in"),
            [
                t(
                    "只在淺黃色儲存格輸入；其餘由 ttools 產生。",
                    "Type only in the pale yellow cells; ttools writes the rest.",
                    hans="只在浅黄色单元格输入；其余由 ttools 产生。",
                ),
                t(
                    "抓分及底分都是 5 的倍數；抓分加底分不超過 200。用時可寫秒數（95）或 分:秒（1:35）。",
                    "Captured and kitty points are multiples of 5, together at most 200. Times in seconds (95) or m:ss "
                    "(1:35).",
                ),
                t(
                    "本桌未打某副牌時，莊家方填 X：該副不計入本桌四人的平均，其他桌按 Neuberg 公式調整（可在「規則」關閉）。",
                    "A board not played at a table: X as declarer; it does not count for those four players and the "
                    "others are Neuberg-adjusted (a setting on Rules).",
                ),
                t(
                    "裁判判罰：「北判罰 %」等欄填本副滿分的百分之幾，從該方位得分率中扣除；「調整得分」填南北/東西得分率"
                    "（如 60/40 或 A+/A-），本桌不參與比較；「錯牌」填標記（如 A），打同一副錯牌的各桌只在彼此之間比較。",
                    "Referee actions: penalty_n … penalty_w, percent of the board's top taken off that seat's rate; "
                    "adjusted, NS/EW rates (60/40 or A+/A-) in place of the table's result; fouled, a mark (such as A) "
                    "for tables that played another deal, compared only among themselves.",
                ),
                t(
                    "人數不是 4 的倍數時每輪有人輪空：排名最後且輪空次數最少者輪空，輪空不影響平均得分率。",
                    "A field that is not a multiple of 4 has sit-outs: the lowest ranked of those who sat out least; a "
                    "sit-out does not count against anyone.",
                ),
                t(
                    "退賽者在「參賽者」的「退賽（最後輪次）」填最後參賽的輪次；之後不再排座位。裁判長如需更正座位，"
                    "可直接修改「座位」表。",
                    "A player who withdraws: their last round in withdrawn_after on Players; they are not seated after "
                    "it. The chief referee may correct a seat on Seating directly.",
                ),
                t(
                    "有問題時 ttools 會列出工作表與儲存格；ttools check 文件 --annotate 可產生標示問題的副本。"
                    "原始文件永不修改。",
                    "Problems name the sheet and cell; `ttools check FILE --annotate` writes a copy with them "
                    "highlighted. The input is never modified.",
                    hans="有问题时 ttools 会列出工作表与单元格；ttools check 文件 --annotate 可产生标示问题的副本。"
                    "原始文件永不修改。",
                ),
            ],
        ),
    ]
