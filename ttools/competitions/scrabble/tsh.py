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
``p12`` (per round: 0 bye, 1 started, 2 replied, 3 must draw, 4 drew: 3, 4 and no entry
leave who started unknown), ``team`` (TSH keeps same-team players apart with it, as we do
clubs), ``off`` (the player is inactive; the value is the spread of the byes TSH gives them:
0 = rounds missed, no result; -50 = forfeit losses), ``board`` (per round), ``class`` (a
rating band) and ``penalty`` (per round, added to the spread as TSH's ``Synch`` adds it: a
negative number takes points off). TSH appends a comma to a name ending in a digit so the
rating is not read into it, and refuses ``;`` in names. Scores are final scores, after any
overtime penalty.

WESPA ``.tou``: see the section below (the layout ratings offices read).
"""

from __future__ import annotations

import datetime
import hashlib
import math
import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from ttools.competitions.scrabble.results import (
    BYE,
    FORFEIT_WIN,
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
)
TSH_OPPONENT_OUT_OF_RANGE = define(
    "tsh-opponent-out-of-range",
    "Line {line}, round {round}: there is no player number {opponent}.",
    "第 {line} 行第 {round} 回合：沒有編號 {opponent} 的參賽者。",
)
TSH_OPPONENT_MISMATCH = define(
    "tsh-opponent-mismatch",
    "Line {line}, round {round}: player {opponent} does not list player {player} as opponent.",
    "第 {line} 行第 {round} 回合：{opponent} 號參賽者的對手不是 {player} 號。",
)
TSH_HALF_SCORED = define(
    "tsh-half-scored",
    "Round {round}: only one score of player {player} v {opponent} is entered; "
    "it is kept and the other cell is left empty to fill in.",
    "第 {round} 回合：{player} 號對 {opponent} 號只輸入了一方分數；該分數保留，另一格留空待填。",
)


# Line breaks and other control characters (C0, C1, U+2028 and U+2029): a reader that splits
# lines on any of them would see typed text as lines or fields of its own.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
QUOTED = 80  # the most of a line a problem quotes


def one_line(text: str) -> str:
    """``text`` with every run of line breaks and other control characters folded into a space:
    what staff typed stays one line of text in every file ttools writes for other software."""
    return _CONTROL.sub(" ", text)


def _quoted(line: str) -> str:
    return line if len(line) <= QUOTED else line[: QUOTED - 1] + "…"


# ---------------------------------------------------------------------------------------
# TSH .t export


def _t_name(name: str) -> str:
    name = " ".join(one_line(name).replace(";", ",").split()) or "?"
    # TSH's Name(): "kludge to allow names ending in digits" (a trailing comma, dropped on
    # reading); its line pattern also needs two characters before the rating.
    return name + "," if name[-1].isdigit() or len(name) == 1 else name


def _t_word(word: str) -> str:
    return re.sub(r"([\\;])", r"\\\1", one_line(word))


# (opponent number, score or None, p12, board or None, penalty)
_Cell = tuple[int, "int | None", int, "int | None", int]

# A line imported from a .t file is kept with the player (the Players column ``tsh``) as
# ``<check> <line>``: the check is the first 12 hex digits of the SHA-1 of the line ttools
# itself writes from what the workbook holds of that player (name, rating, games, boards,
# p12 1 and 2, penalties, off, team, class). While the line ttools would write is still the
# one checked, export writes the kept line byte for byte, so what the workbook does not hold
# comes back as TSH wrote it: the fields TSH computes (newr, rrank, rtime …), p12 3 against
# 4, the board of a bye, a board the opponent's line gives otherwise, the zeros of an
# ``off 0`` player, empty fields and the file's number widths. A line that changed is written
# as ttools writes it, keeping the imported p12 3 or 4 of the rounds whose starter is still
# unknown; the fields TSH computes are left out then (TSH writes them again). ``<check>.``
# marks the last line of a file that ended without a line break.
CHECK_DIGITS = 12
NO_LINE_BREAK = "."
KEPT_MOST = 32767 - CHECK_DIGITS - 2  # an Excel cell holds 32767 characters: a longer line is not kept


def line_check(line: str, kept: str) -> str:
    """The check kept with an imported line ``kept``: of the line ttools writes for the player
    and of the imported line itself (an edit of either writes ttools' line)."""
    return hashlib.sha1(f"{line}\0{kept}".encode("utf-8")).hexdigest()[:CHECK_DIGITS]


def _kept(tsh_line: str) -> tuple[str, str, bool] | None:
    """(check, imported line, ended the file without a line break) of a kept line, or None."""
    m = re.match(r"^([0-9a-f]{%d})(\.?) (.*)$" % CHECK_DIGITS, tsh_line or "", re.DOTALL)
    return (m.group(1), m.group(3), bool(m.group(2))) if m else None


def export_t(players: Sequence[Player], games: Iterable[Game], rules: ResultRules = ResultRules()) -> str:
    """A division as a TSH ``.t`` file; ``games`` may include pairings still waiting for results
    and games with one score only (that score is written, the other left open).

    Players are numbered in the order given. A bye not scored yet is written open (opponent 0,
    no score: ``00`` before later scores), as TSH holds it. A forfeited game becomes two byes (+spread for
    the player present, −spread for the absent one), exactly as TSH records it. A withdrawn
    player is ``off``, with the spread of the byes they were given after withdrawing (``off
    -50``: forfeit losses). Who started is written as ``p12`` only where known; the board as
    ``board``, penalties as ``penalty``, the rating class as ``class``. A line imported from a
    .t file whose content ttools still holds unchanged is written as it was imported (see
    ``line_check``). Text is returned as ``str``; write it UTF-8 and set ``config
    tfile_encoding = 'utf8'`` in TSH when names are not Latin-1.
    """
    rows = _t_rows(players, games, rules)
    lines, end = [], "\n"
    for p in players:
        line = _t_line(p, rows[p.id])
        kept = _kept(p.tsh_line)
        if kept and kept[0] == line_check(line, kept[1]):
            line, end = kept[1], "" if kept[2] else "\n"
        else:
            line, end = _t_line(p, rows[p.id], _kept_fields(kept[1]) if kept else {}), "\n"
        lines.append(line)
    return "\n".join(lines) + (end if lines else "")


def _t_rows(players: Sequence[Player], games: Iterable[Game], rules: ResultRules) -> dict[str, list[_Cell]]:
    """Each player's cells, round by round up to their last (a gap is a missed game)."""
    number = {p.id: i + 1 for i, p in enumerate(players)}
    cells: dict[tuple[str, int], _Cell] = {}
    for g in games:
        board = g.table
        if g.is_bye and g.score1 is None and g.forfeit is None:
            # a bye paired but not scored yet: open in the file too (TSH counts it once scored)
            cells[(g.player1, g.round)] = (0, None, 0, board, g.penalty1)
            continue
        if g.pending or (not g.is_bye and g.forfeit is None and (g.score1 is None or g.score2 is None)):
            assert g.player2 is not None
            p12_1 = {1: 1, 2: 2}.get(g.first or 0, 4)
            cells[(g.player1, g.round)] = (number[g.player2], g.score1, p12_1, board, g.penalty1)
            cells[(g.player2, g.round)] = (number[g.player1], g.score2, {1: 2, 2: 1, 4: 4}[p12_1], board, g.penalty2)
            continue
        for o in game_outcomes(g, rules):
            if o.kind == GAME:
                p12 = 4 if o.first is None else (1 if o.first else 2)
                cells[(o.player, o.round)] = (number[o.opponent], o.score, p12, board, o.spread_penalty)  # type: ignore[index]
            else:
                cells[(o.player, o.round)] = (0, o.spread - o.spread_penalty, 0, None, o.spread_penalty)
    out = {}
    for p in players:
        last = max((r for (pid, r) in cells if pid == p.id), default=0)
        out[p.id] = [cells.get((p.id, r), (0, 0, 0, None, 0)) for r in range(1, last + 1)]
    return out


def _kept_fields(line: str) -> dict[str, list[str]]:
    """The extended fields of an imported line."""
    m = T_LINE.match(line)
    return {k: [w or "00" for w in v] for k, v in _etc_fields(m.group(5)).items()} if m else {}


def _t_line(p: Player, row: list[_Cell], kept: dict[str, list[str]] | None = None) -> str:
    """The player's line as ttools writes it; ``kept``: the extended fields of the line
    imported, whose p12 3 or 4 stays on a game whose starter is still unknown and whose
    ``off`` value stays while the player is still withdrawn (the workbook holds when, not how)."""
    kept = kept or {}
    kept_p12 = kept.get("p12", [])
    scores: list[int | None] = [c[1] for c in row]
    while scores and scores[-1] is None:  # results still to come sit past the last score
        scores.pop()
    line = "%-22s %5s %s; %s" % (
        _t_name(p.name or p.id),
        max(int(p.rating or 0), 0),
        " ".join(str(c[0]) for c in row),
        " ".join("00" if s is None else str(s) for s in scores),
    )
    line = line.rstrip()  # no scores yet: no space after the ';' (a line ends without one)
    etc: dict[str, list[str]] = {}
    if p.withdrawn_after is not None:
        after = [c for c in row[p.withdrawn_after :] if c[0] == 0 and c[1] is not None]
        spreads = {c[1] for c in after}
        etc["off"] = [str(spreads.pop()) if len(spreads) == 1 and after and after[0][1] < 0 else "0"]  # type: ignore[operator]
        etc["off"] = kept.get("off") or etc["off"]
    p12 = [
        kept_p12[r] if c[2] == 4 and r < len(kept_p12) and kept_p12[r] in ("3", "4") else str(c[2])
        for r, c in enumerate(row)
    ]
    if any(c[2] in (1, 2) for c in row) or (kept_p12 and row):  # a kept p12 of 3s only stays
        etc["p12"] = p12
    if any(c[3] for c in row):
        etc["board"] = [str(c[3] or 0) for c in row]
    if any(c[4] for c in row):
        etc["penalty"] = [str(c[4]) for c in row]
    if p.club:
        etc["team"] = one_line(p.club).split()
    if p.rating_class:
        etc["class"] = [p.rating_class]
    for key in sorted(etc):
        line += " ".join([";", key] + [_t_word(w) for w in etc[key]])
    return line


# ---------------------------------------------------------------------------------------
# TSH .t import

# Extended fields read into the workbook; the others (ratings TSH computes, timestamps, …)
# are named in a warning, never dropped silently.
CARRIED = {"p12", "team", "off", "board", "penalty", "class"}
DERIVED = {"newr", "rrank", "rcrank", "rtime", "time", "excwins", "lifeg"}  # recomputed, not data

TSH_NOT_CARRIED = define(
    "tsh-not-carried",
    "{fields}: not carried over to the workbook ({what}); kept in the player's line (Players, tsh), "
    "written back while nothing on it changes.",
    "{fields}：不會帶入工作簿（{what_zh}）；保留於參賽者之原行（參賽者表「TSH 原行」），該行未改時照原樣寫回。",
)


@dataclass(frozen=True)
class TshDivision:
    players: tuple[Player, ...]  # ids are the TSH player numbers as text: "1", "2", …
    games: tuple[Game, ...]  # results, pairings waiting for results (pending) and half-entered games
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


def _int_or_none(words: list, i: int) -> int | None:
    try:
        return _t_int(words[i]) if i < len(words) and words[i] is not None else None
    except ValueError:
        return None


def import_t(text: str, source: str = "", division: str = "") -> TshDivision:
    """Players and games of a TSH ``.t`` file (what an event started in TSH brings over).

    ``p12`` 1 and 2 say who started; 3 (must draw), 4 (drew) and no entry leave it unknown.
    A bye paired but not scored yet stays open (it counts once its round is complete); a game
    with one score only keeps that score (the workbook then names the empty cell). A player
    ``off`` withdrew after their last real game; the byes TSH gave them after it are kept
    (``off -50``: forfeit losses)."""
    problems: list[Problem] = []
    where = Where(source, "")
    parsed = _player_lines(text, where, problems)
    players = [_t_player(i, p, division) for i, p in enumerate(parsed)]
    games = _t_games(parsed, players, where, problems)
    games.sort(key=lambda g: (g.round, g.table or 0, int(g.player1)))
    if not any(p.severity == "error" for p in problems):
        # each line kept with its check, written back unchanged while the player's data is
        rows = _t_rows(players, games, ResultRules())
        players = [
            replace(x, tsh_line=line_check(_t_line(x, rows[x.id]), p["raw"]) + p["end"] + " " + p["raw"])
            if len(p["raw"]) <= KEPT_MOST
            else x
            for x, p in zip(players, parsed)
        ]
    problems += _not_carried(parsed, where)
    return TshDivision(tuple(players), tuple(games), tuple(problems))


def _player_lines(text: str, where: Where, problems: list[Problem]) -> list[dict]:
    """Each player line as TFile::ParseLine reads it: name, rating, opponents, scores and the
    extended fields (an unreadable line is a problem and numbers no one)."""
    parsed: list[dict] = []
    segments = re.split(r"[\r\n]+", text.lstrip("\ufeff"))
    for lineno, raw in enumerate(segments, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        line = re.sub(r"; # \d+\s*$", ";", line)
        if ";" not in line:
            line += ";"
        m = T_LINE.match(line)
        if not m:
            problems.append(error(TSH_LINE_UNREADABLE, where, line=lineno, text=_quoted(raw)))
            continue
        name, rating, opps, scores, etc = m.groups()
        try:
            parsed.append(
                {
                    "line": lineno,
                    "name": re.sub(r",\s*$", "", name),
                    "rating": _t_int(re.match(r"\d+", rating).group()),  # type: ignore[union-attr]
                    "opps": [None if w == "00" else _t_int(w) for w in opps.split()],
                    "scores": [None if w == "00" else _t_int(w) for w in scores.split()],
                    "etc": _etc_fields(etc),
                    "raw": raw.rstrip(),
                    "end": NO_LINE_BREAK if lineno == len(segments) else "",  # the file ends on it
                }
            )
        except ValueError:  # a score like '4-3' or a number no game could give
            problems.append(error(TSH_LINE_UNREADABLE, where, line=lineno, text=_quoted(raw)))
    return parsed


def _t_player(i: int, p: dict, division: str) -> Player:
    """Player number ``i + 1``; ``off``: withdrawn after their last round with an opponent."""
    team = " ".join(w for w in p["etc"].get("team", []) if w)
    withdrawn = None
    if "off" in p["etc"]:
        real = [r for r, opp in enumerate(p["opps"], start=1) if opp]
        withdrawn = max(real, default=0)
    return Player(
        id=str(i + 1),
        name=p["name"],
        rating=p["rating"],
        club=team,
        division=division,
        withdrawn_after=withdrawn,
        rating_class=" ".join(w for w in p["etc"].get("class", []) if w),
    )


def _t_games(parsed: list[dict], players: list[Player], where: Where, problems: list[Problem]) -> list[Game]:
    """Every bye and game, a game once (from the lower-numbered player's line), with its starter
    first where ``p12`` says who started."""
    games: list[Game] = []
    n = len(parsed)
    for i, p in enumerate(parsed):
        pid = str(i + 1)
        p12s = p["etc"].get("p12", [])
        boards = p["etc"].get("board", [])
        penalties = p["etc"].get("penalty", [])
        withdrawn = players[i].withdrawn_after
        for r0, opp in enumerate(p["opps"]):
            if opp is None:
                continue
            rnd = r0 + 1
            score = p["scores"][r0] if r0 < len(p["scores"]) else None
            pen = _int_or_none(penalties, r0) or 0
            if opp == 0:
                if withdrawn is not None and rnd > withdrawn and not score:
                    continue  # ``off 0``: rounds missed after withdrawing carry nothing
                games.append(
                    Game(rnd, pid, score, forfeit=1 if score is not None and score < 0 else None, penalty1=pen)
                )
                continue
            if opp > n:
                problems.append(error(TSH_OPPONENT_OUT_OF_RANGE, where, line=p["line"], round=rnd, opponent=opp))
                continue
            other = parsed[opp - 1]
            back = other["opps"][r0] if r0 < len(other["opps"]) else None
            if back != i + 1:
                problems.append(
                    error(TSH_OPPONENT_MISMATCH, where, line=p["line"], round=rnd, player=i + 1, opponent=opp)
                )
                continue
            if opp - 1 < i:
                continue  # the pair was taken from the lower-numbered player's line
            p12 = p12s[r0] if r0 < len(p12s) else None
            first = {"1": 1, "2": 2}.get(p12 or "")
            other_score = other["scores"][r0] if r0 < len(other["scores"]) else None
            other_pen = _int_or_none(other["etc"].get("penalty", []), r0) or 0
            board = _int_or_none(boards, r0) or _int_or_none(other["etc"].get("board", []), r0) or None
            if (score is None) != (other_score is None):
                problems.append(warning(TSH_HALF_SCORED, where, round=rnd, player=i + 1, opponent=opp))
            if first == 2:
                games.append(
                    Game(rnd, str(opp), other_score, pid, score, first=1, penalty1=other_pen, penalty2=pen, table=board)
                )
            else:
                games.append(
                    Game(
                        rnd,
                        pid,
                        score,
                        str(opp),
                        other_score,
                        first=first,
                        penalty1=pen,
                        penalty2=other_pen,
                        table=board,
                    )
                )
    return games


def _not_carried(parsed: list[dict], where: Where) -> list[Problem]:
    """A warning naming the extended fields the workbook does not take (never dropped silently)."""
    ignored = sorted({k for p in parsed for k in p["etc"]} - CARRIED)
    derived = [k for k in ignored if k in DERIVED]
    others = [k for k in ignored if k not in DERIVED]
    out = []
    if derived:
        what, what_zh = "ratings, ranks and times that TSH computes", "TSH 計算之評分、名次及時間"
        out.append(warning(TSH_NOT_CARRIED, where, fields=", ".join(derived), what=what, what_zh=what_zh))
    if others:
        what, what_zh = "no workbook column holds them", "工作簿無欄位存放"
        out.append(warning(TSH_NOT_CARRIED, where, fields=", ".join(others), what=what, what_zh=what_zh))
    return out


# ---------------------------------------------------------------------------------------
# WESPA .tou export
#
# The layout ratings offices read, as woogles' liwords writes it (pkg/tournament/export.go,
# exportToTOU, and its golden file pkg/tournament/testdata/wtf5-tou.golden): per division a
# line ``*M<dd>.<mm>.<yyyy> <tournament name>``, a line ``*<division>``, the high-word line
# (38 spaces and ``0``); then one line per player: the name in 20 columns, then per round 9
# columns — a space, the result digit (2 win, 1 tie, 0 loss), the score in 3 digits (modulo
# 1000), a space and the opponent's number in 3 columns with ``+`` before it if the player
# started (4 columns in a division of more than 99). Readers cut the line by these columns,
# so a name must be ASCII (accents folded, else the Players ``name_latin`` column). Byes and
# forfeits name the player as their own opponent: bye 050, forfeit win 2150, forfeit loss
# 0100, no game 0000 (liwords writes them so); a bye of the forfeit spread is TSH's record of
# a forfeit win (ForfeitLOSS gives the player present +spread) and is written 2150. Lines end in CRLF; the file ends with
# ``*** END OF FILE ***``. liwords leaves a loss's result column blank; a reader that takes
# the four columns as a number reads a 0 there the same.

TOU_NAME = 20
HIGH_WORD_LINE = " " * 38 + "0"


def _ascii(text: str) -> str | None:
    """``text`` with accents folded (é -> e), or None when other letters remain."""
    if not text or not text.strip():
        return None
    folded = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(folded.split()) if folded.isascii() else None


def tou_name(player: Player) -> str | None:
    """The player's name as the .tou file writes it, or None when it is not ASCII (some readers
    then misalign the line): the name itself, accents folded, else ``name_latin``."""
    return _ascii(player.name or player.id) or _ascii(player.name_latin)


def _tou_block(o: Outcome | None, own: int, number: dict[str, int], wide: bool, rules: ResultRules) -> str:
    if o is None:
        digit, score, opp = "0", 0, str(own)  # no game that round
    elif o.kind == GAME:
        assert o.score is not None and o.opponent is not None
        digit = "2" if o.wins == 1 else "1" if o.wins else "0"
        score = int(math.fmod(o.score, 1000))
        opp = ("+" if o.first else "") + str(number[o.opponent])
    elif o.kind == BYE and o.wins and o.spread - o.spread_penalty == rules.forfeit_spread != rules.bye_spread:
        # TSH keeps a forfeit as two byes (ForfeitLOSS): the player present has a bye of the
        # forfeit spread, which the ratings file takes as the forfeit win it is
        digit, score, opp = "2", 150, str(own)
    elif o.kind == BYE:
        digit, score, opp = ("0", 50, str(own)) if o.wins else ("0", 0, str(own))
    elif o.kind == FORFEIT_WIN:
        digit, score, opp = "2", 150, str(own)
    else:
        digit, score, opp = "0", 100, str(own)
    return " %s%3d %*s" % (digit, score, 4 if wide else 3, opp)


def export_tou(
    tournament: str,
    date: datetime.date,
    divisions: Sequence[tuple[str, Sequence[Player], Iterable[Outcome]]],
    rules: ResultRules = ResultRules(),
) -> str:
    """A WESPA ratings submission: every division's players (in the order given) and rounds. A
    bye of the forfeit spread (``rules``; not the bye spread) is the forfeit win TSH records so."""
    crlf = "\r\n"
    out = []
    head = "*M%02d.%02d.%04d %s" % (date.day, date.month, date.year, one_line(tournament))
    for name, players, outs in divisions:
        number = {p.id: i + 1 for i, p in enumerate(players)}
        by_cell: dict[tuple[str, int], Outcome] = {}
        for o in outs:
            by_cell[(o.player, o.round)] = o
        last = max((r for (_, r) in by_cell), default=0)
        wide = len(players) > 99
        out += [head, "*" + one_line(name), HIGH_WORD_LINE]
        for p in players:
            shown = one_line(tou_name(p) or p.name or p.id)[:TOU_NAME]
            blocks = "".join(
                _tou_block(by_cell.get((p.id, r)), number[p.id], number, wide, rules) for r in range(1, last + 1)
            )
            out.append(shown.ljust(TOU_NAME) + blocks)
    out.append("*** END OF FILE ***")
    return crlf.join(out) + crlf


__all__ = ["TshDivision", "export_t", "export_tou", "import_t", "one_line", "tou_name"]
