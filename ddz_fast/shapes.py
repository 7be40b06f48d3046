"""The shapes of the move types: the one table the reference and the compiled core both read.

Each move type except the rocket is a *main part* of consecutive ranks, each held the same
number of times, plus optional kickers. :data:`MAIN_SHAPES` gives, for every such type, how
many cards of each main rank it takes, which chain lengths it allows and which ranks its main
part may use (docs/RULES.md, "Combinations"). This module imports nothing of the package but
:mod:`ddz_fast.cards`, so anything may depend on it.
"""
from __future__ import annotations

from typing import Dict, Tuple

from .cards import ACE, NUM_RANKS, TWO

__all__ = ["MAIN_SHAPES", "MAIN_SHAPES_TWO_DECKS", "SHUTTLE_KINDS", "BOMB_SIZES", "CHAIN_RANKS",
           "SUITED_RANKS", "ALL_RANKS", "main_shapes"]

CHAIN_RANKS = range(0, ACE + 1)       # 3..A: chains never hold a 2 or a joker
SUITED_RANKS = range(0, TWO + 1)      # 3..2: pairs, trios and fours
ALL_RANKS = range(NUM_RANKS)

#: type -> (cards of each main rank, allowed chain lengths, ranks the main part may use)
MAIN_SHAPES: Dict[str, Tuple[int, range, range]] = {
    "solo": (1, range(1, 2), ALL_RANKS),
    "pair": (2, range(1, 2), SUITED_RANKS),
    "trio": (3, range(1, 2), SUITED_RANKS),
    "trio_solo": (3, range(1, 2), SUITED_RANKS),
    "trio_pair": (3, range(1, 2), SUITED_RANKS),
    "chain": (1, range(5, 13), CHAIN_RANKS),
    "pair_chain": (2, range(3, 11), CHAIN_RANKS),
    "airplane": (3, range(2, 7), CHAIN_RANKS),
    "airplane_solo": (3, range(2, 6), CHAIN_RANKS),
    "airplane_pair": (3, range(2, 5), CHAIN_RANKS),
    "four_two_solo": (4, range(1, 2), SUITED_RANKS),
    "four_two_pair": (4, range(1, 2), SUITED_RANKS),
    "bomb": (4, range(1, 2), SUITED_RANKS),
    "space_shuttle": (4, range(2, 6), CHAIN_RANKS),
}

#: The three kinds of space shuttle (docs/RULES.md, "Variants" > "Botzone"), one move type:
#: cards per bomb -> (wing cards of each wing rank, wing ranks per bomb, allowed numbers of
#: bombs). Wing ranks are distinct and never a bomb's rank; solo wings are of any rank (the
#: two jokers may be two of them, where the rules let both jokers be kickers), pair wings of
#: 3..2. A shuttle's kind follows from its number of cards: 4n, 6n or 8n for n bombs, so "the
#: same kind and length" is the same type, the same length and the same number of cards.
SHUTTLE_KINDS: Dict[int, Tuple[int, int, range]] = {
    4: (0, 0, range(2, 6)),     # alone: 2..5 bombs (5 bombs are 20 cards, a landlord's hand)
    6: (1, 2, range(2, 4)),     # 2n solo wings: 2..3 bombs (3 bombs and 6 solos: 18 cards)
    8: (2, 2, range(2, 3)),     # 2n pair wings: 2 bombs (and 4 pairs: 16 cards)
}

#: The same for two decks (docs/RULES.md, "Four players with two decks"): the jokers pair
#: (``BB``, ``RR``), the chains run as long as a 33-card hand allows, and there is no space
#: shuttle (a Botzone rule of the three-player table).
MAIN_SHAPES_TWO_DECKS: Dict[str, Tuple[int, range, range]] = {
    **{kind: shape for kind, shape in MAIN_SHAPES.items() if kind != "space_shuttle"},
    "pair": (2, range(1, 2), ALL_RANKS),
    "pair_chain": (2, range(3, 13), CHAIN_RANKS),
    "airplane": (3, range(2, 12), CHAIN_RANKS),
    "airplane_solo": (3, range(2, 9), CHAIN_RANKS),
    "airplane_pair": (3, range(2, 7), CHAIN_RANKS),
}

#: The cards of a bomb, by the number of decks: four of a rank, or four to eight with two.
BOMB_SIZES = {1: range(4, 5), 2: range(4, 9)}


def main_shapes(decks: int) -> Dict[str, Tuple[int, range, range]]:
    """The main shapes of one deck or of two."""
    return MAIN_SHAPES if decks == 1 else MAIN_SHAPES_TWO_DECKS
