"""The shapes of the move types: the one table the reference and the compiled core both read,
and whether cards make a move of some rule set (what ``Move()`` checks).

Each move type except the rocket is a *main part* of consecutive ranks, each held the same
number of times, plus optional kickers. :data:`MAIN_SHAPES` gives, for every such type, how
many cards of each main rank it takes, which chain lengths it allows and which ranks its main
part may use (docs/RULES.md, "Combinations"). This module imports nothing of the package but
:mod:`ddz_fast.cards`, so anything may depend on it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Dict, List, Sequence, Tuple

from .cards import ACE, BLACK_JOKER, NUM_RANKS, RUNFAST_DECKS, TWO

__all__ = ["MOVE_TYPES", "TYPE_CODES", "PLAY_TYPES", "MAIN_SHAPES", "MAIN_SHAPES_TWO_DECKS",
           "SHUTTLE_KINDS", "BOMB_SIZES", "CHAIN_RANKS", "SUITED_RANKS", "ALL_RANKS",
           "main_shapes", "is_combination", "readings_of", "kicker_cards", "RUNFAST_TYPES",
           "RUNFAST_OWN_TYPES", "RUNFAST_SHAPES", "is_runfast_combination", "runfast_readings_of",
           "runfast_kickers", "TYPE_NAMES"]

#: Canonical type names (docs/RULES.md) in their canonical order; ``pass`` comes first.
MOVE_TYPES: Tuple[str, ...] = (
    "pass", "solo", "pair", "trio", "trio_solo", "trio_pair", "chain", "pair_chain",
    "airplane", "airplane_solo", "airplane_pair", "four_two_solo", "four_two_pair", "bomb",
    "rocket", "space_shuttle",
)
PLAY_TYPES: Tuple[str, ...] = MOVE_TYPES[1:]

#: Run Fast's types (docs/RULES.md, "Run Fast") in their canonical order; ``pass`` first.
RUNFAST_TYPES: Tuple[str, ...] = (
    "pass", "solo", "pair", "trio_two", "chain", "pair_chain", "airplane_two", "four_three",
    "bomb",
)
#: The types of Run Fast's own (the others are Dou Dizhu's too, the same moves): each is
#: written with the type code of the Dou Dizhu type it stands beside, which no Run Fast move
#: is, and the RUNFAST bit (:mod:`ddz_fast.bitboard`), so the code's order is the canonical
#: order of the Run Fast types.
RUNFAST_OWN_TYPES: Dict[str, int] = {"trio_two": 3, "airplane_two": 8, "four_three": 11}
#: The type code stored in the top nibble of a move word, by type name (Dou Dizhu's types,
#: then Run Fast's own).
TYPE_CODES = {**{name: code for code, name in enumerate(MOVE_TYPES)}, **RUNFAST_OWN_TYPES}
#: Every type name, Dou Dizhu's then Run Fast's own: what a Move may be.
TYPE_NAMES: Tuple[str, ...] = MOVE_TYPES + tuple(RUNFAST_OWN_TYPES)

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


Reading = Tuple[str, int, int]
#: The sets of cards whose readings are kept: every move text written or read looks them up,
#: and one deck's moves are a few tens of thousands of sets (about 200 bytes each).
_KEPT_READINGS = 1 << 16


#: Run Fast's main shapes: the chains run 3..A as in Dou Dizhu, pair chains from two pairs;
#: the trio carries two cards, an airplane two a trio (up to five trios, a 15-card hand's
#: short last airplane), four + three three cards. The lengths are those of a 16-card hand.
RUNFAST_SHAPES: Dict[str, Tuple[int, range, range]] = {
    "solo": (1, range(1, 2), SUITED_RANKS),
    "pair": (2, range(1, 2), SUITED_RANKS),
    "trio_two": (3, range(1, 2), SUITED_RANKS),
    "chain": (1, range(5, 13), CHAIN_RANKS),
    "pair_chain": (2, range(2, 9), CHAIN_RANKS),
    "airplane_two": (3, range(2, 6), CHAIN_RANKS),
    "four_three": (4, range(1, 2), SUITED_RANKS),
    "bomb": (4, range(1, 2), SUITED_RANKS),
}
#: The most cards of a Run Fast move (a hand of the 48-card deck).
RUNFAST_MOST_CARDS = 16


def runfast_readings_of(counts: Sequence[int]) -> List[Tuple[str, int, int]]:
    """Every (type, key, length) that ``counts`` make under Run Fast's widest options, in the
    canonical order of types, then lengths, then keys."""
    return list(_runfast_readings(tuple(counts)))


@lru_cache(maxsize=_KEPT_READINGS)
def _runfast_readings(counts: Tuple[int, ...]) -> Tuple[Reading, ...]:
    """runfast_readings_of, of a tuple, kept (as _readings)."""
    if not _within_runfast_deck(counts):
        return ()
    # A key rank holds at least the copies of its type (the AAA bomb three): a cheap test that
    # leaves _is_runfast_shape most of the candidates to skip.
    found = [(kind, key, length) for kind, (copies, lengths, ranks) in RUNFAST_SHAPES.items()
             for length in lengths for key in ranks
             if counts[key] >= min(copies, 3) and _is_runfast_shape(kind, key, length, counts)]
    return tuple(sorted(found, key=lambda reading: (TYPE_CODES[reading[0]], reading[2],
                                                     reading[1])))


def runfast_kickers(kind: str, length: int) -> int:
    """How many kicker or wing cards the full form of a Run Fast type carries (0 for the types
    without them)."""
    return {"trio_two": 2, "airplane_two": 2 * length, "four_three": 3}.get(kind, 0)


def is_runfast_combination(kind: str, key: int, length: int, counts: Sequence[int]) -> bool:
    """Whether ``counts`` are the Run Fast move ``kind`` with key ``key`` and length ``length``
    under Run Fast's widest options (the 48-card deck, the short last hand, the AAA bomb and
    four + three): what a Move of Run Fast's own types, a two-pair chain or the AAA bomb
    checks. Kickers and wings are any cards outside the main ranks; a short trio or airplane
    carries fewer than its full form."""
    counts = tuple(counts)
    return kind in RUNFAST_SHAPES and _within_runfast_deck(counts) and \
        _is_runfast_shape(kind, key, length, counts)


def _within_runfast_deck(counts: Tuple[int, ...]) -> bool:
    """Whether ``counts`` fit the 48-card Run Fast deck and one of its hands."""
    return not any(map(int.__gt__, counts, RUNFAST_DECKS[48])) and \
        sum(counts) <= RUNFAST_MOST_CARDS


def _is_runfast_shape(kind: str, key: int, length: int, counts: Tuple[int, ...]) -> bool:
    """is_runfast_combination for a known type and counts within the deck."""
    copies, lengths, ranks = RUNFAST_SHAPES[kind]
    main = range(key, key + length)
    if length not in lengths or key not in ranks or main[-1] not in ranks:
        return False
    if kind == "bomb" and key == ACE and counts[ACE] == 3:    # the AAA bomb
        copies = 3
    if any(counts[rank] != copies for rank in main):
        return False
    others = sum(counts) - copies * length
    full = runfast_kickers(kind, length)
    if kind in ("trio_two", "airplane_two"):
        return others <= full
    return others == full


def main_shapes(decks: int) -> Dict[str, Tuple[int, range, range]]:
    """The main shapes of one deck or of two."""
    return MAIN_SHAPES if decks == 1 else MAIN_SHAPES_TWO_DECKS


# --- whether cards are a move of some rule set -------------------------------------------------
# What Move() checks: the cards make the move under the most permissive move options of one
# deck or of two (rules.WIDEST_RULES, rules.WIDEST_TWO_DECKS): solo wings may repeat a rank up
# to four times, four + two solos may be a pair, both jokers may be kickers, a wing trio may sit
# next to its chain, four + two exists, and the space shuttle exists with one deck. Under those
# options a kicker set is only its size and the copies of each rank (docs/RULES.md,
# "Combinations"): the table below says which.

#: The types without kickers or wings.
_BARE = frozenset(("solo", "pair", "trio", "chain", "pair_chain", "airplane", "bomb"))
#: The most cards of one rank a solo kicker set may hold, where it has a limit: airplane wings
#: (solo_wing_max_copies up to 4) and four + two solos (four_two_solo_max_copies up to 2).
_SOLO_REPEATS = {"trio_solo": 1, "airplane_solo": 4, "four_two_solo": 2}
_ROCKETS = {1: (0,) * 13 + (1, 1), 2: (0,) * 13 + (2, 2)}


def is_combination(kind: str, key: int, length: int, counts: Sequence[int]) -> bool:
    """Whether ``counts`` (15 counts, at most two decks) are the move ``kind`` with its key
    rank ``key`` and chain length ``length`` under the widest move options of one deck or of
    two (the pass is no combination)."""
    counts = tuple(counts)
    if kind == "rocket":
        return key == BLACK_JOKER and length == 1 and counts in _ROCKETS.values()
    return any(_is_shape(kind, key, length, counts, decks) for decks in (1, 2)
               if decks == 2 or all(c <= most for c, most in zip(counts, _ONE_DECK)))


_ONE_DECK = (4,) * 13 + (1, 1)


def _is_shape(kind: str, key: int, length: int, counts: Tuple[int, ...], decks: int) -> bool:
    shapes = main_shapes(decks)
    if kind not in shapes:
        return False
    copies, lengths, ranks = shapes[kind]
    main = range(key, key + length)
    if length not in lengths or key not in ranks or main[-1] not in ranks:
        return False
    copies = counts[key] if kind == "bomb" else copies
    if kind == "bomb" and copies not in BOMB_SIZES[decks]:
        return False
    if any(counts[rank] != copies for rank in main):
        return False
    kickers = [0 if rank in main else count for rank, count in enumerate(counts)]
    return _kickers_fit(kind, kickers, length)


def kicker_cards(kind: str, length: int) -> int:
    """How many cards the kickers or wings of ``kind`` hold around ``length`` main ranks (0 for
    the types without them; the space shuttle, whose kinds differ, is not asked)."""
    return {"trio_solo": 1, "trio_pair": 2, "airplane_solo": length, "airplane_pair": 2 * length,
            "four_two_solo": 2, "four_two_pair": 4}.get(kind, 0)


def _kickers_fit(kind: str, kickers: Sequence[int], length: int) -> bool:
    """Whether ``kickers`` (the cards outside the main ranks) are a kicker set of ``kind``
    around a main part of ``length`` ranks, under the widest options."""
    cards = sum(kickers)
    if kind in _BARE:
        return cards == 0
    if kind in ("trio_solo", "airplane_solo", "four_two_solo"):
        size = {"trio_solo": 1, "airplane_solo": length, "four_two_solo": 2}[kind]
        return cards == size and max(kickers) <= _SOLO_REPEATS[kind]
    if kind in ("trio_pair", "airplane_pair", "four_two_pair"):
        pairs = 2 if kind == "four_two_pair" else length
        return all(count in (0, 2) for count in kickers) and cards == 2 * pairs
    # The space shuttle: alone, with 2n solo wings of distinct ranks, or 2n pairs of them.
    return any(length in lengths and cards == wing_cards * per_bomb * length
               and all(count in (0, wing_cards) for count in kickers)
               for wing_cards, per_bomb, lengths in SHUTTLE_KINDS.values())


def readings_of(counts: Sequence[int]) -> List[Tuple[str, int, int]]:
    """Every (type, key, length) that ``counts`` make under the widest move options of one deck
    or of two, in the canonical order of types, then lengths, then keys (what a move's text
    says when the cards read more than one way)."""
    return list(_readings(tuple(counts)))



@lru_cache(maxsize=_KEPT_READINGS)
def _readings(counts: Tuple[int, ...]) -> Tuple[Reading, ...]:
    """readings_of, of a tuple, kept: a pure function of the counts."""
    if counts in _ROCKETS.values():
        return (("rocket", BLACK_JOKER, 1),)
    total = sum(counts)
    found = set()
    for decks in (1, 2):
        if decks == 1 and any(c > most for c, most in zip(counts, _ONE_DECK)):
            continue
        for kind, (copies, lengths, ranks) in main_shapes(decks).items():
            for length in _lengths(kind, copies, total, decks):
                if length not in lengths:
                    continue
                for key in ranks:
                    if key + length - 1 not in ranks:
                        break
                    if counts[key] and _is_shape(kind, key, length, counts, decks):
                        found.add((kind, key, length))
    return tuple(sorted(found, key=lambda reading: (TYPE_CODES[reading[0]], reading[2],
                                                     reading[1])))


def _lengths(kind: str, copies: int, total: int, decks: int) -> Tuple[int, ...]:
    """The chain lengths at which ``kind`` takes ``total`` cards (the kickers' size fixes it)."""
    if kind == "bomb":
        return (1,) if total in BOMB_SIZES[decks] else ()
    if kind == "space_shuttle":
        return tuple(total // cards for cards in (4, 6, 8) if total % cards == 0)
    per_rank = copies + {"airplane_solo": 1, "airplane_pair": 2}.get(kind, 0)
    fixed = kicker_cards(kind, 1) if kind in ("trio_solo", "trio_pair", "four_two_solo",
                                               "four_two_pair") else 0
    if (total - fixed) % per_rank:
        return ()
    return ((total - fixed) // per_rank,)
