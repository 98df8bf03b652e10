"""The quiz declared: players answer rounds and are ranked by their total points. Registered in
this package's pyproject.toml under the ``ttools.competitions`` entry-point group."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ttools.competitions.base import Competition
from ttools.competitions.common import roster_ids
from ttools.i18n import Translator

from toy_quiz import schema as S
from toy_quiz.load import EventData

if TYPE_CHECKING:
    from ttools.workbook.write import WorkbookWriter

    from toy_quiz.load import Results

NAME = "quiz"


class Quiz(Competition):
    """A quiz: any number of rounds, points per player per round, standings by total points."""

    name = NAME
    titles = {"en": "Quiz", "zh-Hant": "問答比賽"}
    entrant = "players"
    sizes = (2, 200)
    size_reason = "a quiz ranks two players or more"
    languages = S.LANGS
    default_lang = S.DEFAULT_LANG
    schema = "toy_quiz.schema"
    loader = "toy_quiz.load:load"
    computer = "toy_quiz.load:compute"
    summarizer = "toy_quiz.report:summary"
    sheets = "toy_quiz.report:SHEETS"
    sheet_context = "toy_quiz.report:Context"
    site = "toy_quiz.site:site"

    def blank(self, size: int, lang: str) -> EventData:
        data = EventData(lang=lang)
        data.settings_raw["Event"] = {"competition": NAME, "language": lang}
        data.raw["Players"] = [{"id": i} for i in range(1, size + 1)]
        return data

    def guide(self, lang: str) -> tuple[str, list[tuple[str, list[str]]]]:
        t = Translator(lang)
        return t("問答比賽工作簿 · 使用說明", "Quiz event workbook · Guide"), [
            (
                t("流程", "The cycle"),
                [
                    t("1. 在「選手」填上每位選手的編號與姓名。", "1. On Players, type each player's id and name."),
                    t(
                        "2. 每輪結束後在「成績」每位選手填一行：輪次、選手編號、得分。",
                        "2. After each round, one row a player on Results: round, player id, points.",
                    ),
                    t(
                        "3. 執行 ttools run 本檔案：輸出檔（.out.xlsx）有「排名」表；之後在輸出檔上繼續填寫。",
                        "3. Run `ttools run` on this file: the output (.out.xlsx) has the Standings; carry on in the output.",
                        # Simplified Chinese says 文件 where Traditional says 檔案: another word, not other characters
                        hans="3. 执行 ttools run 本文件：输出文件（.out.xlsx）有「排名」表；之后在输出文件上继续填写。",
                    ),
                ],
            ),
            (
                t("填寫規則", "Filling in"),
                [
                    t(
                        "只在淺黃色儲存格輸入；有問題時 ttools 會列出工作表與儲存格。",
                        "Type only in the pale yellow cells; problems name the sheet and cell.",
                    )
                ],
            ),
        ]

    def define_lists(self, w: WorkbookWriter, data: EventData, lang: str) -> None:
        w.define_list("PlayerList", _ids(data) or ["1"])

    def meta(self, data: EventData) -> dict[str, Any]:
        return {"players": len(_ids(data))}

    def write_inputs(
        self, w: WorkbookWriter, data: EventData, res: Results | None, lang: str, size: int | None
    ) -> None:
        players = data.raw.get("Players") or []
        w.input_sheet(S.PLAYERS, lang, players, min_rows=max(size or len(players), 1))
        w.input_sheet(S.RESULTS, lang, data.raw.get("Results") or [], min_rows=max(2 * len(players), 10))

    def status(self, res: Results, lang: str) -> list[str]:
        from toy_quiz.report import status

        return status(res, lang)


def _ids(data: EventData) -> list[str]:
    return roster_ids(data.players, data.raw.get("Players") or [])


def write_input_workbook(
    path: str,
    players: Sequence[dict[str, Any]],
    results: Sequence[dict[str, Any]],
    event: dict[str, Any] | None = None,
    lang: str = S.DEFAULT_LANG,
) -> None:
    """An event workbook holding the given rows (canonical column keys), as staff would have
    filled it in: Players rows {id, name}, Results rows {round, player, points}."""
    quiz = Quiz()
    lang = quiz.lang(lang)
    data = EventData(lang=lang)
    data.settings_raw["Event"] = {"competition": NAME, "language": lang, **(event or {})}
    data.raw = {"Players": [dict(r) for r in players], "Results": [dict(r) for r in results]}
    quiz.write(path, data, None, [], lang, source_hash="", template=True)
