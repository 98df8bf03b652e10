"""The Scrabble pages of the published site (the ``site`` hook, see ``ttools.publish``): the
current round's pairings by name, the current round by table when its pairing sheet is no
longer in the workbook, every round by table, a player list and one page per player."""

from __future__ import annotations

import functools
from typing import Any

from ttools.competitions.scrabble.compute import Division, Results
from ttools.workbook.normalize import natural_key
from ttools.competitions.scrabble.report import half, num, slip_tables
from ttools.competitions.scrabble.results import BYE, GAME, Outcome, Player
from ttools.competitions.scrabble.standings import listing, scorecard
from ttools.i18n import Translator
from ttools.publish.pages import Link, Page, SitePlan, slug
from ttools.workbook.write import Block

SPREAD = "+0;-0;0"


@functools.lru_cache(maxsize=None)
def player_slug(pid: str) -> str:
    return slug("p", pid)


def _current(res: Results, div: Division, tables: dict) -> tuple[int, list[tuple[Any, str, str | None]]]:
    """The round players look for now and its tables (table, starter, replier; None = bye): the
    round just paired, else the latest round with pairings waiting for results, else the last
    round played."""
    if div.new_round is not None:
        return div.new_round.round, [(tb.table, tb.first, tb.second) for tb in div.new_round.tables]
    r = max((g.round for g in div.pending), default=div.last_round)
    games = [g for g in list(div.games) + list(div.pending) if g.round == r]
    out = [(tables.get((r, frozenset(p for p in g.players if p)), ""), g.player1, g.player2 or None) for g in games]
    return r, sorted(out, key=lambda x: (x[2] is None, x[0] if isinstance(x[0], int) else 10**9, natural_key(x[1])))


def _result(o: Outcome | None, t: Translator) -> str:
    if o is None:
        return ""
    if o.kind == GAME:
        word = {1: t("勝", "W"), 0: t("負", "L")}.get(o.wins, t("和", "T"))  # type: ignore[call-overload]
        return f"{word} {o.score}:{o.opponent_score}"
    if o.kind == BYE:
        return t("輪空", "bye")
    return t("對手缺席", "forfeit W") if o.wins else t("缺席", "forfeit L")


class _Site:
    """What the pages share, made once: the translator, the table numbers typed on the slips,
    every outcome by player and round, each player's standings line and the round players look
    for now in each division."""

    def __init__(self, res: Results, lang: str) -> None:
        self.t = t = Translator(lang)
        self.res = res
        self.name = res.data.name or "Scrabble"
        self.tables = slip_tables(res)
        self.divisions = list(res.divisions.values())
        self.multi = len(self.divisions) > 1
        self.mine: dict[tuple[str, int], Outcome] = {
            (o.player, o.round): o for div in self.divisions for o in div.outcomes
        }
        self.rank = {x.item.id: x for div in self.divisions for x in div.standings}
        # each player's printed place as the Standings sheet prints it (the Rules' withdrawn
        # setting: ranked among the others, or no place when listed below or left out)
        self.place = {
            x.item.id: place
            for div in self.divisions
            for x, place in listing(div.standings, res.data.withdrawn, res.data.strict_ranks, div.through)
        }
        self.current = {div.name: _current(res, div, self.tables) for div in self.divisions}
        self.rounds_now = sorted({r for r, tbs in self.current.values() if r and tbs})
        self.rtext = ("、" if t.zh else ", ").join(map(str, self.rounds_now))
        self._who: dict[str | None, Link | str] = {}
        from ttools.competitions.scrabble.ratings import for_results

        self.estimates = {e.player.id: e for _s, lines in for_results(res).values() for e in lines}

    def who(self, pid: str | None) -> Link | str:
        """``id name`` linked to the player's page (the id as given when nobody has it)."""
        if pid not in self._who:
            p = self.res.player(pid or "")
            self._who[pid] = Link(f"{pid} {p.name}".strip(), player_slug(pid)) if p and pid else (pid or "")
        return self._who[pid]

    def name_link(self, pid: str) -> Link:
        p = self.res.player(pid)
        return Link(p.name or pid if p else pid, player_slug(pid))

    def result(self, pid: str | None, r: int) -> str:
        return _result(self.mine.get((pid, r)), self.t)  # type: ignore[arg-type]

    def start(self, starts: bool | None) -> str:
        """先手 or 後手 (nothing when not known)."""
        if starts is None:
            return ""
        return self.t("先手", "starts") if starts else self.t("後手", "replies")

    def by_table_header(self) -> list[str]:
        t = self.t
        return [t("桌號", "Table"), t("先手", "Starts"), t("結果", "Result"), t("後手", "Replies"), t("結果", "Result")]


def by_name_page(s: _Site) -> Page | None:
    """The current round by name: every player finds their own line."""
    t = s.t
    rows = []
    for div in s.divisions:
        r, tbs = s.current[div.name]
        for table, first, second in tbs:
            for me, opp, starts in ((first, second, True), (second, first, False)):
                if me is None:
                    continue
                p = s.res.player(me)
                rows.append(
                    (
                        p.name if p else me,
                        me,
                        [s.name_link(me), me]
                        + ([div.name] if s.multi else [])
                        + [
                            r,
                            "" if opp is None else table,
                            "" if opp is None else s.start(starts),
                            s.who(opp) if opp else t("輪空", "bye"),
                            s.result(me, r),
                        ],
                    )
                )
    if not rows:
        return None
    rows.sort(key=lambda x: (x[0].casefold(), natural_key(x[1])))
    header = (
        [t("姓名", "Name"), t("編號", "ID")]
        + ([t("組別", "Division")] if s.multi else [])
        + [t("回合", "Round"), t("桌號", "Table"), t("先後手", "Start"), t("對手", "Opponent"), t("結果", "Result")]
    )
    return Page(
        "by-name",
        t(f"{s.name} · 第 {s.rtext} 回合對賽（依姓名）", f"{s.name} · Round {s.rtext} pairings by name"),
        [Block("", header, [r for _n, _i, r in rows])],
        subtitle=t(
            "依姓名排列；點選姓名可看該參賽者之全部對局。", "Sorted by name; a name leads to that player's games."
        ),
    )


def current_page(s: _Site) -> Page | None:
    """The current round by table, once its pairing sheet is no longer in the workbook (filled in)."""
    t = s.t
    if any(div.new_round is not None for div in s.divisions) or not any(tbs for _r, tbs in s.current.values()):
        return None
    blocks = []
    for div in s.divisions:
        r, tbs = s.current[div.name]
        rows = [
            [
                table,
                s.who(first),
                s.result(first, r),
                s.who(second) if second else t("輪空", "bye"),
                s.result(second, r) if second else "",
            ]
            for table, first, second in tbs
        ]
        blocks.append(
            Block(t(f"{div.name} 組 · 第 {r} 回合", f"Division {div.name} · round {r}"), s.by_table_header(), rows)
        )
    return Page("current", t(f"{s.name} · 第 {s.rtext} 回合對賽表", f"{s.name} · Pairings, round {s.rtext}"), blocks)


def rounds_page(s: _Site) -> Page | None:
    """Every round by table, latest first."""
    t, tables = s.t, s.tables
    by_round: dict[tuple[str, int], list] = {}
    for div in s.divisions:
        for g in list(div.games) + list(div.pending):
            by_round.setdefault((div.name, g.round), []).append(g)

    def table_order(g) -> tuple:
        number = tables.get((g.round, frozenset(p for p in g.players if p)))
        return g.is_bye, number if isinstance(number, int) else 10**9, natural_key(g.player1)

    blocks = []
    last = max((div.last_round for div in s.divisions), default=0)
    for r in range(last, 0, -1):
        for div in s.divisions:
            games = sorted(by_round.get((div.name, r), []), key=table_order)
            if not games:
                continue
            rows = [
                [
                    "" if g.is_bye else tables.get((r, frozenset(g.players)), ""),
                    s.who(g.player1),
                    s.result(g.player1, r),
                    s.who(g.player2) if g.player2 else t("輪空", "bye"),
                    s.result(g.player2, r) if g.player2 else "",
                ]
                for g in games
            ]
            title = t(f"第 {r} 回合", f"Round {r}") + (
                t(f" · {div.name} 組", f" · division {div.name}") if s.multi else ""
            )
            blocks.append(Block(title, s.by_table_header(), rows))
    if not blocks:
        return None
    return Page(
        "rounds",
        t(f"{s.name} · 各回合對賽及成績", f"{s.name} · Every round by table"),
        blocks,
        subtitle=t(
            "最新回合在前；結果為該行參賽者之結果與比分（本方:對手）。",
            "Latest round first; a result is that player's, with the score own:opponent's.",
        ),
    )


def _everyone(s: _Site) -> list[Player]:
    return sorted(s.res.data.players.values(), key=lambda p: (p.name.casefold(), natural_key(p.id)))


def players_page(s: _Site) -> Page | None:
    """Every player by name, with their place and record."""
    t, multi = s.t, s.multi
    rows = []
    for p in _everyone(s):
        x = s.rank.get(p.id)
        rec = x.item if x else None
        rows.append(
            [s.name_link(p.id), p.id]
            + ([p.division] if multi else [])
            + [
                p.club,
                s.place.get(p.id, ""),
                num(rec.wins) if rec else "",
                num(rec.losses) if rec else "",
                rec.spread if rec else "",
            ]
        )
    if not rows:
        return None
    header = (
        [t("姓名", "Name"), t("編號", "ID")]
        + ([t("組別", "Division")] if multi else [])
        + [t("會籍", "Club"), t("名次", "Rank"), t("勝", "Wins"), t("負", "Losses"), t("分差", "Spread")]
    )
    return Page(
        "players",
        t(f"{s.name} · 參賽者", f"{s.name} · Players"),
        [Block("", header, rows, number_format={7 + (1 if multi else 0): SPREAD})],
    )


def player_pages(s: _Site) -> list[Page]:
    """One page per player: who they are, and every game played or paired."""
    outcomes_of: dict[str, list[Outcome]] = {}
    for (pid, _r), o in sorted(s.mine.items(), key=lambda kv: kv[0][1]):
        outcomes_of.setdefault(pid, []).append(o)
    now_of: dict[str, tuple[int, Any, str | None, bool]] = {}  # player -> (round, table, opponent, starts)
    for div in s.divisions:
        r, tbs = s.current[div.name]
        for table, first, second in tbs:
            now_of[first] = (r, table, second, True)
            if second is not None:
                now_of[second] = (r, table, first, False)
    return [_player_page(s, p, outcomes_of.get(p.id, []), now_of.get(p.id)) for p in _everyone(s)]


def _player_page(s: _Site, p: Player, outs: list[Outcome], now: tuple[int, Any, str | None, bool] | None) -> Page:
    t = s.t
    x = s.rank.get(p.id)
    games = []
    for row in scorecard(p.id, outs):
        opp = row.opponent
        table = s.tables.get((row.round, frozenset((p.id, opp))), "") if opp else ""
        games.append(
            [
                row.round,
                table,
                s.start(row.first),
                s.who(opp) if opp else "",
                s.result(p.id, row.round),
                row.spread,
                f"{half(row.wins)}–{half(row.losses)} {row.total_spread:+d}",
            ]
        )
    if now is not None:
        r, table, opp, starts = now
        if all(g[0] != r for g in games):  # paired, not played yet
            games.append(
                [
                    r,
                    "" if opp is None else table,
                    "" if opp is None else s.start(starts),
                    s.who(opp) if opp else t("輪空", "bye"),
                    t("未賽", "to play"),
                    "",
                    "",
                ]
            )
    facts = [
        [
            p.id,
            p.name,
            p.division,
            p.club,
            p.rating or "",
            s.place.get(p.id, ""),
            f"{half(x.item.wins)}–{half(x.item.losses)}" if x else "",
            x.item.spread if x else "",
        ]
    ]
    header = [
        t("編號", "ID"),
        t("姓名", "Name"),
        t("組別", "Division"),
        t("會籍", "Club"),
        t("評分", "Rating"),
        t("名次", "Rank"),
        t("勝負", "Won–lost"),
        t("分差", "Spread"),
    ]
    e = s.estimates.get(p.id)
    if e is not None and e.new is not None:  # the estimate, where the division names a rating system
        header += [t("表現評分", "Performance"), t("估計新評分", "Estimated rating")]
        facts[0] += [e.performance if e.performance is not None else "", e.new]
    blocks = [Block("", header, facts, number_format={7: SPREAD})]
    notes = (
        [t(f"第 {p.withdrawn_after} 回合後退賽", f"Withdrew after round {p.withdrawn_after}")]
        if p.withdrawn_after is not None
        else []
    )
    blocks.append(
        Block(
            t("對局", "Games"),
            [
                t("回合", "Round"),
                t("桌號", "Table"),
                t("先後手", "Start"),
                t("對手", "Opponent"),
                t("結果", "Result"),
                t("分差", "Spread"),
                t("戰績 累積分差", "Record, total spread"),
            ],
            games,
            notes=notes,
            number_format={5: SPREAD},
        )
    )
    return Page(player_slug(p.id), f"{p.id} {p.name}".strip(), blocks, listed=False)


def stage(s: _Site) -> str:
    """How far the event has got, for the site's header: after round N; round M paired."""
    t = s.t
    played = max(
        (o.round for div in s.divisions for o in div.outcomes if o.kind != BYE), default=0
    )  # a bye is pre-filled
    text = t(f"第 {played} 回合後", f"after round {played}") if played else t("賽前", "before round 1")
    if s.rounds_now and s.rounds_now[-1] > played:
        text += t(f"；第 {s.rtext} 回合已編配", f"; round {s.rtext} paired")
    return text


def site(res: Results, lang: str) -> SitePlan:
    s = _Site(res, lang)
    pages = [page for page in (by_name_page(s), current_page(s), rounds_page(s), players_page(s)) if page is not None]
    return SitePlan(
        pages=pages + player_pages(s),
        stage=stage(s),
        big=["pairings", "current", "standings"],
        menu=["by-name", "pairings", "current", "standings", "players", "rounds", "missing", "prize-list", "ratings"],
    )
