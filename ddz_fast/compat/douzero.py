"""DouZero's cards, and a drop-in for its move generator running on ddz_fast (douzero 1.1).

DouZero (``douzero.env``) writes a card as an int: 3..14 for 3..A, 17 for 2, 20 for the black
joker and 30 for the red one; a hand or a move is a list of them. :func:`hand_of`,
:func:`move_of` and :func:`cards_of` convert between those lists and ddz_fast's
:class:`~ddz_fast.Hand` and :class:`~ddz_fast.Move`.

:class:`MovesGener` has the constructor and the public methods of
``douzero.env.move_generator.MovesGener`` and returns the same sets of moves, computed by
ddz_fast's native generator under preset ``douzero``, which is DouZero's generator exactly
(its one quirk, that a ``repeat_num`` below the shortest chain means every length, is kept).
Each move is a fresh, sorted list. The order of the moves, and the duplicates DouZero lists
(the same cards reached twice, as ``333444555+666`` and ``444555666+333``), may differ;
``tests/compat/test_douzero.py`` compares sets. :func:`install` makes DouZero's own
``GameEnv`` generate its legal actions with it::

    from ddz_fast.compat import douzero
    douzero.install()            # or: with douzero.installed(): ...

This module imports DouZero only in :func:`install`.
"""
from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from contextlib import contextmanager
from itertools import islice
from types import ModuleType
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from ..bitboard import FLAG_MASK, TYPE_SHIFT
from ..cards import BLACK_JOKER, MAX_COPIES, NUM_RANKS, RANK_NAMES, RED_JOKER
from .._checks import exact_move
from ..validate import check_int, shown
from ..hand import Hand, as_hand
from ..move import TYPE_CODES, Move
from ..moves.native import classify, legal_moves  # the drop-in is the compiled core (MoveList.words)
from ..rules import Rules

__all__ = ["CARD_OF_RANK", "RANK_OF_CARD", "RULES", "hand_of", "move_of", "cards_of",
           "MovesGener", "install", "uninstall", "installed", "is_installed"]

#: DouZero's int for each rank index (3 .. A, 2, black joker, red joker).
CARD_OF_RANK: Tuple[int, ...] = tuple(range(3, 15)) + (17, 20, 30)
RANK_OF_CARD: Dict[int, int] = {card: rank for rank, card in enumerate(CARD_OF_RANK)}
RULES = Rules.preset("douzero")

# DouZero's shortest chains (douzero.env.utils): a repeat_num below them means "any length".
MIN_SINGLE_CARDS, MIN_PAIRS, MIN_TRIPLES = 5, 3, 2

_UNIT = {card: 1 << (4 * rank) for card, rank in RANK_OF_CARD.items()}


# --- conversions -------------------------------------------------------------------------------

def _bad_card(card: object) -> ValueError:
    return ValueError(f"{shown(card)} is not a DouZero card: 3..14 (3..A), 17 (2), 20 (black "
                      "joker) or 30 (red joker)")


def hand_of(cards: Iterable[int]) -> Hand:
    """The :class:`~ddz_fast.Hand` of DouZero cards (ValueError beyond one deck)."""
    cards = cards if isinstance(cards, list) else _card_list(cards)
    counts = [0] * NUM_RANKS
    try:
        for rank in map(RANK_OF_CARD.__getitem__, cards):
            counts[rank] += 1
    except (KeyError, TypeError):
        raise _bad_card(next(c for c in cards if not _is_card(c))) from None
    if max(counts) > 4 or counts[BLACK_JOKER] > 1 or counts[RED_JOKER] > 1:
        rank = next(r for r, count in enumerate(counts) if count > MAX_COPIES[r])
        raise ValueError(f"{counts[rank]} cards of rank {RANK_NAMES[rank]}: one deck has "
                         f"{MAX_COPIES[rank]}")
    # Checked above, so fill the Hand's slots directly: Hand(counts) validates again in
    # Python, which costs more than generating the hand's moves natively.
    hand = Hand.__new__(Hand)
    hand._counts, hand._bitboard = tuple(counts), sum(map(_UNIT.__getitem__, cards))
    return hand


def _card_list(cards: object) -> list:
    """DouZero cards given as any iterable (not text: a str is no list of cards)."""
    if not isinstance(cards, (str, bytes, type)):
        try:
            # At most one card more than a deck: an endless iterable is refused, not read.
            cards = list(islice(cards, 55))  # type: ignore[call-overload]
        except TypeError:
            pass
        else:
            if len(cards) > 54:
                raise ValueError("DouZero cards hold more than the 54 cards of a deck")
            return cards
    raise TypeError(f"DouZero cards are a list of ints, not {type(cards).__name__}")


def _is_card(card: object) -> bool:
    try:
        return card in RANK_OF_CARD
    except TypeError:                    # unhashable
        return False


def move_of(cards: Iterable[int]) -> Move:
    """The move of DouZero cards under preset ``douzero`` (ValueError if they are none).

    Where the cards read several ways, the first in canonical order, which is DouZero's
    reading: ``333444555666`` is the airplane of four trios.
    """
    cards = _card_list(cards)
    readings = classify(hand_of(cards), rules=RULES)
    if not readings:
        raise ValueError(f"DouZero cards {sorted(cards)} are not a move")
    return readings[0]


# Move word -> its sorted DouZero cards, and -> its chain length: decoded once per word (the
# moves of one rule set, ~30k at most), because converting is most of the drop-in's work.
_CARDS: Dict[int, Tuple[int, ...]] = {}
_LENGTH: Dict[int, int] = {}


def _decode(word: int) -> int:
    """Decode a move word into the tables; its chain length."""
    _CARDS[word] = tuple(card for rank, card in enumerate(CARD_OF_RANK)
                         for _ in range((word >> (4 * rank)) & 7))
    length = _LENGTH[word] = bin(word & FLAG_MASK).count("1")
    return length


def _lists(words: Sequence[int]) -> List[List[int]]:
    """A new list of DouZero cards per move word."""
    try:
        return list(map(list, map(_CARDS.__getitem__, words)))   # the loop stays in C
    except KeyError:
        for word in words:
            if word not in _CARDS:
                _decode(word)
        return list(map(list, map(_CARDS.__getitem__, words)))


def cards_of(cards: Union[Hand, Move]) -> List[int]:
    """The DouZero cards of a Hand or a Move, low to high (a new list)."""
    if isinstance(cards, Move):
        return _lists((exact_move(cards, "cards").word,))[0]
    if isinstance(cards, Hand):
        return [CARD_OF_RANK[rank] for rank in as_hand(cards)]
    raise TypeError(f"expected a Hand or a Move, not {type(cards).__name__}")


# --- the generator -----------------------------------------------------------------------------

class MovesGener:
    """DouZero's ``MovesGener`` on ddz_fast: the moves of a hand of DouZero cards, by type.

    Every method returns a new list of moves, each a new sorted list of DouZero cards, with
    the same set of moves as DouZero's method of that name.
    """

    def __init__(self, cards_list: List[int]) -> None:
        self.cards_list = cards_list
        # The moves in canonical order, so type by type: each type is one slice.
        self._words: Tuple[int, ...] = legal_moves(hand_of(cards_list), rules=RULES).words

    def _moves(self, kind: str, repeat_num: int = 0, min_serial: int = 1) -> List[List[int]]:
        """The moves of one type; of chain length ``repeat_num`` unless it is below
        ``min_serial`` (DouZero's rule for its serial moves)."""
        repeat_num = check_int("repeat_num", repeat_num)   # below min_serial: every length
        code = TYPE_CODES[kind]
        words = self._words
        start = bisect_left(words, code << TYPE_SHIFT)
        words = words[start:bisect_left(words, (code + 1) << TYPE_SHIFT, start)]
        if repeat_num >= min_serial:
            lengths = _LENGTH
            words = [w for w in words if (lengths.get(w) or _decode(w)) == repeat_num]
        return _lists(words)

    @property
    def cards_dict(self) -> Dict[int, int]:
        """How many of each card the hand holds (DouZero's attribute)."""
        counts: Dict[int, int] = defaultdict(int)
        for card in self.cards_list:
            counts[card] += 1
        return counts

    def gen_type_1_single(self) -> List[List[int]]:
        return self._moves("solo")

    def gen_type_2_pair(self) -> List[List[int]]:
        return self._moves("pair")

    def gen_type_3_triple(self) -> List[List[int]]:
        return self._moves("trio")

    def gen_type_4_bomb(self) -> List[List[int]]:
        return self._moves("bomb")

    def gen_type_5_king_bomb(self) -> List[List[int]]:
        return self._moves("rocket")

    def gen_type_6_3_1(self) -> List[List[int]]:
        return self._moves("trio_solo")

    def gen_type_7_3_2(self) -> List[List[int]]:
        return self._moves("trio_pair")

    def gen_type_8_serial_single(self, repeat_num: int = 0) -> List[List[int]]:
        return self._moves("chain", repeat_num, MIN_SINGLE_CARDS)

    def gen_type_9_serial_pair(self, repeat_num: int = 0) -> List[List[int]]:
        return self._moves("pair_chain", repeat_num, MIN_PAIRS)

    def gen_type_10_serial_triple(self, repeat_num: int = 0) -> List[List[int]]:
        return self._moves("airplane", repeat_num, MIN_TRIPLES)

    def gen_type_11_serial_3_1(self, repeat_num: int = 0) -> List[List[int]]:
        return self._moves("airplane_solo", repeat_num, MIN_TRIPLES)

    def gen_type_12_serial_3_2(self, repeat_num: int = 0) -> List[List[int]]:
        return self._moves("airplane_pair", repeat_num, MIN_TRIPLES)

    def gen_type_13_4_2(self) -> List[List[int]]:
        return self._moves("four_two_solo")

    def gen_type_14_4_22(self) -> List[List[int]]:
        return self._moves("four_two_pair")

    def gen_moves(self) -> List[List[int]]:
        """Every move of the hand."""
        return _lists(self._words)

    # DouZero fills these attributes when it is built; here they are computed when read.
    single_card_moves = property(gen_type_1_single)
    pair_moves = property(gen_type_2_pair)
    triple_cards_moves = property(gen_type_3_triple)
    bomb_moves = property(gen_type_4_bomb)
    final_bomb_moves = property(gen_type_5_king_bomb)


# --- patching DouZero --------------------------------------------------------------------------

_ORIGINAL: Optional[type] = None      # DouZero's own MovesGener while the drop-in is installed


def _game_module() -> ModuleType:
    import douzero.env.game as game     # imported only here: the rest needs no DouZero

    return game


def is_installed() -> bool:
    """Whether DouZero's GameEnv currently uses :class:`MovesGener`."""
    return _ORIGINAL is not None


def install() -> None:
    """Make ``douzero.env.game.GameEnv`` generate its legal actions with :class:`MovesGener`.

    Patches the one name GameEnv looks up, ``douzero.env.game.MovesGener``; idempotent.
    """
    global _ORIGINAL
    game = _game_module()
    if _ORIGINAL is None:
        _ORIGINAL = game.MovesGener
        game.MovesGener = MovesGener


def uninstall() -> None:
    """Give ``douzero.env.game`` its own MovesGener back (a no-op when not installed)."""
    global _ORIGINAL
    if _ORIGINAL is not None:
        _game_module().MovesGener = _ORIGINAL
        _ORIGINAL = None


@contextmanager
def installed() -> Iterator[None]:
    """``with installed():`` DouZero's GameEnv uses :class:`MovesGener` inside the block
    (and afterwards only if it already did before)."""
    was_installed = is_installed()
    install()
    try:
        yield
    finally:
        if not was_installed:
            uninstall()
