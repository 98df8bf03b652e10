"""The quiz workbook's sheets: canonical English keys (the contract), English and Traditional
Chinese labels; a Simplified Chinese workbook gets the Traditional labels converted."""

from __future__ import annotations

from ttools.workbook.schema import Column, Setting, SheetSpec

LANGS = ("en", "zh-Hant", "zh-Hans")
DEFAULT_LANG = "en"


def _both(en: str, hant: str) -> dict[str, str]:
    return {"en": en, "zh-Hant": hant}


EVENT = SheetSpec(
    key="Event",
    names=_both("Event", "賽事"),
    settings=(
        Setting("competition", _both("competition", "賽事種類"), "quiz", _both("Always quiz.", "固定為 quiz。")),
        Setting("name", _both("name", "賽事名稱"), "", _both("Printed on every page.", "印在每頁頁首。")),
        Setting(
            "language",
            _both("language", "語言"),
            DEFAULT_LANG,
            _both("Output language: en, zh-Hant or zh-Hans.", "輸出語言：en、zh-Hant 或 zh-Hans。"),
            LANGS,
        ),
    ),
    note=_both("The event's name and language.", "賽事名稱與語言。"),
)

RULES = SheetSpec(
    key="Rules",
    names=_both("Rules", "規則"),
    settings=(
        Setting(
            "max_points",
            _both("max_points", "每輪最高分"),
            10,
            _both(
                "The most points a player can score in one round (default 10); more is a typing slip.",
                "每位選手每輪最多可得之分數（預設 10）；超過即為誤植。",
            ),
        ),
    ),
    note=_both("The quiz's one rule.", "比賽規則。"),
)

PLAYERS = SheetSpec(
    key="Players",
    names=_both("Players", "選手"),
    columns=(
        Column(
            "id",
            _both("id", "編號"),
            _both("Player id (unique); Results names players by it.", "選手編號（不得重複）；成績表以此填寫。"),
            kind="code",
            width=8,
        ),
        Column(
            "name",
            _both("name", "姓名"),
            _both("The player's name; a row counts once it has one.", "選手姓名；填了姓名的行才算報名。"),
            width=24,
            required=False,
        ),
    ),
    note=_both("The roster: id and name.", "選手名單：編號與姓名。"),
)

RESULTS = SheetSpec(
    key="Results",
    names=_both("Results", "成績"),
    columns=(
        Column(
            "round",
            _both("round", "輪次"),
            _both("Round number (1, 2, 3 …).", "輪次（1、2、3…）。"),
            kind="int",
            width=7,
            minimum=1,
        ),
        Column(
            "player",
            _both("player", "選手"),
            _both("The player's id.", "選手編號。"),
            kind="code",
            list_name="PlayerList",
            width=9,
        ),
        Column(
            "points",
            _both("points", "得分"),
            _both("Points scored in the round (halves allowed).", "該輪得分（可有半分）。"),
            kind="number",
            width=8,
        ),
    ),
    note=_both("One row a player a round.", "每位選手每輪一行。"),
)

INPUT_SHEETS = (EVENT, RULES, PLAYERS, RESULTS)

OUTPUTS = {"Standings": _both("Standings", "排名"), "Problems": _both("Problems", "問題")}

GUIDE = _both("Guide", "說明")
