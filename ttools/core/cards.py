"""Cards of a two-deck Upgrade game (升级: 108 cards with four jokers) and the seeded deal of a
duplicate board: the same seed and board always give the same hands, on any machine.

Codes are rank then suit: ``AS``, ``10H``, ``2C``, ``QD``; jokers ``BJ`` (big) and ``LJ``
(little). Each card appears twice in the pack.
"""

from __future__ import annotations

from dataclasses import dataclass

from ttools.core.draw import Draw

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
JOKERS = ("BJ", "LJ")
SEATS = ("N", "E", "S", "W")
HAND_SIZE = 25
KITTY_SIZE = 8
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# points in play (分牌): 5s count 5, 10s and Ks 10; two decks hold 200
CARD_POINTS = {"5": 5, "10": 10, "K": 10}


def single_deck() -> list[str]:
    return list(JOKERS) + [rank + suit for suit in SUITS for rank in RANKS]


_PACK = tuple(single_deck() + single_deck())


def pack() -> list[str]:
    """The 108 cards of two decks in a fixed order (the order the shuffle starts from); every
    pack holds the same 54 code strings, so the deals of an event share them."""
    return list(_PACK)


def rank_of(card: str) -> str:
    return card if card in JOKERS else card[:-1]


def suit_of(card: str) -> str:
    """'S', 'H', 'D', 'C', or 'J' for a joker."""
    return "J" if card in JOKERS else card[-1]


def points(cards: list[str]) -> int:
    return sum(CARD_POINTS.get(rank_of(c), 0) for c in cards)


@dataclass(frozen=True)
class Deal:
    """One board: 25 cards to each seat and 8 to the kitty (底牌), each list sorted."""

    round: int
    board: int
    hands: dict[str, list[str]]
    kitty: list[str]


def sort_key(card: str) -> tuple[int, int]:
    """Jokers first (big, little), then ♠ ♥ ♦ ♣, each from A down to 2."""
    if card in JOKERS:
        return (0, JOKERS.index(card))
    return (1 + SUITS.index(suit_of(card)), RANKS.index(rank_of(card)))


def stage(round_: int, board: int) -> str:
    return f"deal/r{round_}/b{board}"


def deal_board(seed: str, round_: int, board: int) -> Deal:
    """Shuffle the pack with the event seed and the stage ``deal/r{round}/b{board}`` and deal it
    in blocks: N the first 25, E the next, then S, W; the last 8 are the kitty."""
    cards = Draw(seed, stage(round_, board)).shuffled(pack())
    hands = {}
    for i, seat in enumerate(SEATS):
        hands[seat] = sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE], key=sort_key)
    kitty = sorted(cards[4 * HAND_SIZE :], key=sort_key)
    return Deal(round_, board, hands, kitty)
