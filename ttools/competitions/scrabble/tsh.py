"""Interchange files: TSH ``.t`` division files (export and import) and WESPA ``.tou`` results.

TSH ``.t`` format, as read and written by TSH's own ``TFile`` module (``TFile::ParseLine`` /
``TFile::FormatLine``): one line per player, the line number (1-based, comment lines
starting with ``#`` and blank lines not counted) being the player's number. A line is::

    name (padded to 22)  rating (width 5)  opponent numbers ; scores [; key words ...]...

matching ``^(.+?\\S)\\s+(\\d+(?:[.+]\\d+)*)\\s*([\\d\\s]*);\\s*([-\\d\\s]*)((?:;[^;]*)*)$``.
Opponent ``0`` is a bye and ``00`` an undefined entry. For a bye the score field holds the
spread credited: a forfeit loss is a bye with a negative spread (TSH's ForfeitLOSS command
unpairs both players of a forfeited game and gives the absent one −spread, the other
+spread); spread 0 is a missed game, neither a win nor a loss. Extended fields are
``; key word word ...`` with ``;`` and ``\\`` escaped by a backslash; those used here are
``p12`` (per round: 0 bye, 1 started, 2 replied, 3 must draw, 4 not known), ``team`` (TSH
keeps same-team players apart with it, as we do clubs) and ``off`` (the player is inactive;
the value is the spread of the byes TSH gives them: 0 = rounds missed, no result). TSH
appends a comma to a name ending in a digit so the rating is not read into it, and refuses
``;`` in names. Scores are final scores, after any overtime penalty.

WESPA ``.tou`` (the AUPAIR format WESPA's rating software reads): a header line
``*M<dd>.<mm>.<yyyy> <tournament name>``, then per division a line ``*<division>`` and a line
of 37 spaces and ``0`` (the high-word slot), then one line per player: the name padded to 30,
then per round the score in 6 columns and the opponent's number in 5, ``+`` before it if the
player started. A won game is written score + 2000, a tie score + 1000, a loss as is; a bye
or forfeit names the player as their own opponent (a win is 2000 + spread). The file ends
with ``*** END OF FILE ***``.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from ttools.competitions.scrabble.results import (
    GAME,
    Game,
    Outcome,
    Player,
    ResultRules,
    outcomes as game_outcomes,
)
from ttools.problems import Problem, Where, define, error, warning

T_LINE = re.compile(r"^(.+?\S)\s+(\d+(?:[.+]\d+)*)\s*([\d\s]*);\s*([-\d\s]*)((?:;[^;]*)*)$")

TSH_LINE_UNREADABLE = define(
    "tsh-line-unreadable",
    "Line {line} is not a TSH player line: {text!r}.",
    "第 {line} 行不是 TSH 參賽者資料：{text!r}。",
    "第 {line} 行不是 TSH 参赛者资料：{text!r}。",
)
TSH_OPPONENT_OUT_OF_RANGE = define(
    "tsh-opponent-out-of-range",
    "Line {line}, round {round}: there is no player number {opponent}.",
    "第 {line} 行第 {round} 回合：沒有編號 {opponent} 的參賽者。",
    "第 {line} 行第 {round} 回合：没有编号 {opponent} 的参赛者。",
)
TSH_OPPONENT_MISMATCH = define(
    "tsh-opponent-mismatch",
    "Line {line}, round {round}: player {opponent} does not list player {player} as opponent.",
    "第 {line} 行第 {round} 回合：{opponent} 號參賽者的對手不是 {player} 號。",
    "第 {line} 行第 {round} 回合：{opponent} 号参赛者的对手不是 {player} 号。",
)
TSH_HALF_SCORED = define(
    "tsh-half-scored",
    "Round {round}: only one score of player {player} v {opponent} is entered; "
    "the game is treated as not yet played.",
    "第 {round} 回合：{player} 號對 {opponent} 號只輸入了一方分數，視作未賽。",
    "第 {round} 回合：{player} 号对 {opponent} 号只输入了一方分数，视作未赛。",
)


# ---------------------------------------------------------------------------------------
# TSH .t export


def _t_name(name: str) -> str:
    name = " ".join(name.replace(";", ",").split()) or "?"
    # TSH's Name(): "kludge to allow names ending in digits" (a trailing comma, dropped on
    # reading); its line pattern also needs two characters before the rating.
    return name + "," if name[-1].isdigit() or len(name) == 1 else name


def _t_word(word: str) -> str:
    return re.sub(r"([\\;])", r"\\\1", word)


def export_t(players: Sequence[Player], games: Iterable[Game], rules: ResultRules = ResultRules()) -> str:
    """A division as a TSH ``.t`` file; ``games`` may include pairings still waiting for results.

    Players are numbered in the order given. A forfeited game becomes two byes (+spread for
    the player present, −spread for the absent one), exactly as TSH records it. Text is
    returned as ``str``; write it UTF-8 and set ``config tfile_encoding = 'utf8'`` in TSH
    when names are not Latin-1.
    """
    number = {p.id: i + 1 for i, p in enumerate(players)}
    # (player, round) -> (opponent number, score or None, p12)
    cells: dict[tuple[str, int], tuple[int, int | None, int]] = {}
    for g in games:
        if g.pending:
            assert g.player2 is not None
            p12_1 = {1: 1, 2: 2}.get(g.first or 0, 4)
            cells[(g.player1, g.round)] = (number[g.player2], None, p12_1)
            cells[(g.player2, g.round)] = (number[g.player1], None, {1: 2, 2: 1, 4: 4}[p12_1])
            continue
        for o in game_outcomes(g, rules):
            if o.kind == GAME:
                p12 = 4 if o.first is None else (1 if o.first else 2)
                cells[(o.player, o.round)] = (number[o.opponent], o.score, p12)  # type: ignore[index]
            else:
                cells[(o.player, o.round)] = (0, o.spread, 0)

    lines = []
    for p in players:
        rounds = [r for (pid, r) in cells if pid == p.id]
        last = max(rounds, default=0)
        opps: list[str] = []
        scores: list[str | None] = []
        p12s: list[str] = []
        for r in range(1, last + 1):
            opp, score, p12 = cells.get((p.id, r), (0, 0, 0))  # a gap: missed game, no result
            opps.append(str(opp))
            scores.append(None if score is None else str(score))
            p12s.append(str(p12))
        while scores and scores[-1] is None:  # results still to come sit past the last score
            scores.pop()
        line = "%-22s %5s %s; %s" % (
            _t_name(p.name or p.id),
            max(int(p.rating or 0), 0),
            " ".join(opps),
            " ".join("00" if s is None else s for s in scores),
        )
        etc: dict[str, list[str]] = {}
        if p.withdrawn_after is not None:
            etc["off"] = ["0"]
        if any(x in ("1", "2") for x in p12s):
            etc["p12"] = p12s
        if p.club:
            etc["team"] = p.club.split()
        for key in sorted(etc):
            line += " ".join([";", key] + [_t_word(w) for w in etc[key]])
        lines.append(line)
    return "\n".join(lines) + ("\n" if lines else "")


# ---------------------------------------------------------------------------------------
# TSH .t import


@dataclass(frozen=True)
class TshDivision:
    players: tuple[Player, ...]          # ids are the TSH player numbers as text: "1", "2", …
    games: tuple[Game, ...]              # results, and pairings waiting for results (pending)
    problems: tuple[Problem, ...]


def _etc_fields(text: str) -> dict[str, list[str | None]]:
    """``; key words ; key words`` with backslash escapes, as TFile::ParseLine reads them."""
    out: dict[str, list[str | None]] = {}
    current = ""
    chunks: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and text[i + 1] in "\\;":
            current += text[i + 1]
            i += 2
            continue
        if c == ";":
            chunks.append(current)
            current = ""
        else:
            current += c
        i += 1
    chunks.append(current)
    for chunk in chunks:
        words = chunk.split()
        if words:
            out[words[0]] = [None if w == "00" else w for w in words[1:]]
    return out


def _t_int(word: str) -> int:
    """A rating, opponent number or score: at most 9 digits."""
    if not re.fullmatch(r"-?\d{1,9}", word):
        raise ValueError(word[:20])
    return int(word)


def import_t(text: str, source: str = "", division: str = "") -> TshDivision:
    """Players and games of a TSH ``.t`` file (what an event started in TSH brings over)."""
    problems: list[Problem] = []
    where = Where(source, "")
    parsed: list[dict] = []
    for lineno, raw in enumerate(re.split(r"[\r\n]+", text.lstrip("\ufeff")), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        line = re.sub(r"; # \d+\s*$", ";", line)
        if ";" not in line:
            line += ";"
        m = T_LINE.match(line)
        if not m:
            problems.append(error(TSH_LINE_UNREADABLE, where, line=lineno, text=raw))
            continue
        name, rating, opps, scores, etc = m.groups()
        try:
            parsed.append({
                "line": lineno,
                "name": re.sub(r",\s*$", "", name),
                "rating": _t_int(re.match(r"\d+", rating).group()),  # type: ignore[union-attr]
                "opps": [None if w == "00" else _t_int(w) for w in opps.split()],
                "scores": [None if w == "00" else _t_int(w) for w in scores.split()],
                "etc": _etc_fields(etc),
            })
        except ValueError:   # a score like '4-3' or a number no game could give
            problems.append(error(TSH_LINE_UNREADABLE, where, line=lineno, text=raw if len(raw) <= 80 else raw[:79] + "…"))

    players = []
    for i, p in enumerate(parsed):
        team = " ".join(w for w in p["etc"].get("team", []) if w)
        off = "off" in p["etc"]
        players.append(Player(
            id=str(i + 1), name=p["name"], rating=p["rating"], club=team, division=division,
            withdrawn_after=len(p["opps"]) if off else None,
        ))

    games: list[Game] = []
    n = len(parsed)
    for i, p in enumerate(parsed):
        pid = str(i + 1)
        p12s = p["etc"].get("p12", [])
        for r0, opp in enumerate(p["opps"]):
            if opp is None:
                continue
            rnd = r0 + 1
            score = p["scores"][r0] if r0 < len(p["scores"]) else None
            if opp == 0:
                if score is not None and score < 0:
                    games.append(Game(rnd, pid, score, forfeit=1))
                else:
                    games.append(Game(rnd, pid, score))
                continue
            if opp > n:
                problems.append(error(TSH_OPPONENT_OUT_OF_RANGE, where, line=p["line"], round=rnd,
                                      opponent=opp))
                continue
            other = parsed[opp - 1]
            back = other["opps"][r0] if r0 < len(other["opps"]) else None
            if back != i + 1:
                problems.append(error(TSH_OPPONENT_MISMATCH, where, line=p["line"], round=rnd,
                                      player=i + 1, opponent=opp))
                continue
            if opp - 1 < i:
                continue  # the pair was taken from the lower-numbered player's line
            p12 = p12s[r0] if r0 < len(p12s) else None
            first = {"1": 1, "2": 2}.get(p12 or "")
            other_score = other["scores"][r0] if r0 < len(other["scores"]) else None
            if score is not None and other_score is not None:
                games.append(Game(rnd, pid, score, str(opp), other_score, first=first))
            else:
                if (score is None) != (other_score is None):
                    problems.append(warning(TSH_HALF_SCORED, where, round=rnd, player=i + 1, opponent=opp))
                games.append(Game(rnd, pid, None, str(opp), None, first=first))
    games.sort(key=lambda g: (g.round, int(g.player1)))
    return TshDivision(tuple(players), tuple(games), tuple(problems))


# ---------------------------------------------------------------------------------------
# WESPA .tou export


def _tou_cell(o: Outcome | None, own: int, number: dict[str, int]) -> str:
    if o is None:
        return "%6s%5s " % (0, own)  # no game this round: a bye that counts for nothing
    if o.kind == GAME:
        assert o.score is not None and o.opponent is not None
        code = o.score + (2000 if o.wins == 1 else 1000 if o.wins else 0)
        opp = ("+" if o.first else "") + str(number[o.opponent])
        return "%6s%5s " % (code, opp)
    # Byes and forfeits are not rated; WESPA reads a player paired with themself as a bye,
    # won when the code is above 2000.
    code = 2000 + o.spread if o.wins == 1 else o.spread
    return "%6s%5s " % (code, own)


def export_tou(
    tournament: str,
    date: datetime.date,
    divisions: Sequence[tuple[str, Sequence[Player], Iterable[Outcome]]],
) -> str:
    """A WESPA ratings submission: every division's players (in the order given) and rounds."""
    out = ["*M%02d.%02d.%04d %s" % (date.day, date.month, date.year, tournament)]
    for name, players, outs in divisions:
        number = {p.id: i + 1 for i, p in enumerate(players)}
        by_cell: dict[tuple[str, int], Outcome] = {}
        for o in outs:
            by_cell[(o.player, o.round)] = o
        last = max((r for (_, r) in by_cell), default=0)
        out.append("*" + name)
        out.append(" " * 37 + "0")
        for p in players:
            cells = "".join(_tou_cell(by_cell.get((p.id, r)), number[p.id], number)
                            for r in range(1, last + 1))
            out.append(("%-30s" % (p.name or p.id)) + cells.rstrip())
    out.append("*** END OF FILE ***")
    return "\n".join(out) + "\n"


__all__ = ["TshDivision", "export_t", "export_tou", "import_t"]
