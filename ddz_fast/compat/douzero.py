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

DouZero's environment, on the compiled core: :class:`Env` has the interface of
``douzero.env.env.Env`` and returns the very observations DouZero's ``get_obs`` builds, byte
for byte (``x_batch``, ``z_batch``, ``x_no_action``, ``z``), the same ``legal_actions`` in the
same order (duplicates included) and the same rewards; its deals come from numpy's global
random state as DouZero's do, so a seeded numpy deals the same hands. One line makes DouZero's
training (``douzero.dmc``) run on it, before ``train(flags)``::

    import douzero.dmc.utils
    from ddz_fast.compat import douzero as ddz_douzero
    douzero.dmc.utils.Env = ddz_douzero.Env      # create_env(flags) now builds this Env

:func:`legal_words` lists a hand's actions in DouZero's order as ddz_fast move words (its
batched twin :func:`legal_words_batch`), and :class:`BatchFeatures` writes DouZero's features
of a whole batch of tables, from the state arrays of the batched tables (``hands``,
``played``, ``last_moves``, ``history``, ...), natively and without the GIL.

DouZero's own comparisons decide what follows a move, and they are not always the rule
book's (docs/adapters.md): an airplane with solo wings is ranked by its highest trio, wings
included, and a 16-card airplane whose wings hold three or four of a rank is no move to
DouZero, so only bombs and the rocket follow it. :func:`legal_words` keeps DouZero's answers.
Each action is the first move word, in canonical order, of its cards (DouZero's reading of
them), so it may be a word ddz_fast's own generator would not list against that move to beat.

This module imports DouZero only in :func:`install`.
"""
from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from contextlib import contextmanager
from itertools import islice
from types import ModuleType
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from ..bitboard import COUNT_MASK, FLAG_MASK, TYPE_SHIFT
from ..compiled import load
from ..cards import BLACK_JOKER, MAX_COPIES, NUM_RANKS, RANK_NAMES, RED_JOKER
from .._checks import exact_move
from ..validate import check_int, shown
from ..hand import Hand, as_hand
from ..move import TYPE_CODES, Move
from ..moves.native import classify, legal_moves  # the drop-in is the compiled core (MoveList.words)
from ..rules import Rules

__all__ = ["CARD_OF_RANK", "RANK_OF_CARD", "RULES", "hand_of", "move_of", "cards_of",
           "MovesGener", "install", "uninstall", "installed", "is_installed", "POSITIONS",
           "OBJECTIVES", "DECK", "legal_words", "legal_words_batch", "BatchFeatures", "Env",
           "objective_reward"]

_native = load("ddz_fast.compat._douzero")

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


# --- DouZero's order of legal actions ----------------------------------------------------------

def _word(value: object, name: str, hand: bool) -> int:
    """A hand word (count bits only) or a move word, from a Hand, a Move or an int."""
    if hand and isinstance(value, Hand):
        return value.bitboard
    if not hand and isinstance(value, Move):
        return exact_move(value, name).word
    if not hand and value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        kind = "a Hand or a hand word" if hand else "a Move, a move word or None"
        raise TypeError(f"{name} must be {kind}, not {type(value).__name__}")
    return int(value)


def legal_words(hand: Union[Hand, int], prev: Union[Move, int, None] = None) -> np.ndarray:
    """DouZero's legal actions of ``hand`` (a Hand or a hand word of at most 20 cards) against
    ``prev`` (a Move or a move word; None or 0 when leading), as a uint64 array of move words
    under preset ``douzero``, in the order of DouZero's ``get_legal_card_play_actions`` with its
    duplicates and the pass (word 0) last when following. Only the cards of ``prev`` count: as
    DouZero does, they are read again by DouZero's move detector.
    """
    return _native.douzero_order(_word(hand, "hand", True), _word(prev, "prev", False))


def legal_words_batch(hands: np.ndarray, prevs: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """``(moves, offsets)``: :func:`legal_words` of every row of ``hands`` and ``prevs`` ((N,)
    uint64 words each), back to back: the actions of row t are ``moves[offsets[t]:offsets[t +
    1]]`` (the layout of the batched tables' ``moves`` and ``offsets``)."""
    return _native.douzero_order_batch(hands, prevs)


# --- features of a batch of tables -------------------------------------------------------------

#: DouZero's positions, in the order of its dicts. Seat ``landlord`` plays first, then
#: ``(landlord + 1) % 3`` (landlord_down), then ``(landlord + 2) % 3`` (landlord_up).
POSITIONS: Tuple[str, str, str] = ("landlord", "landlord_up", "landlord_down")
# The positions by (seat - landlord) % 3, the order of the native kernels.
_BY_OFFSET = ("landlord", "landlord_down", "landlord_up")
_STATE_WIDTH = {"landlord": 319, "landlord_down": 430, "landlord_up": 430}
_NIBBLES = np.arange(0, 60, 4, dtype=np.uint64)
_LIMITS = np.array((4,) * 13 + (1, 1), dtype=np.int64)
_MOST_BOMBS = 14          # DouZero's one-hot of bombs has 15 entries (13 bombs and the rocket)


def _counts(words: np.ndarray) -> np.ndarray:
    """(..., 15) int64 counts of words (count bits, 0..7 each)."""
    return ((words[..., None] >> _NIBBLES) & np.uint64(7)).astype(np.int64)


# Bit tricks on whole words, one numpy pass each (the arrays are large, the counts 3 bits):
# (8 + c - k) keeps a nibble's bit 3 exactly when c >= k, and never borrows from the next.
_COUNT = np.uint64(COUNT_MASK)
_FLAGS = np.uint64(FLAG_MASK)
_DECK_LIMIT = np.uint64(0x0225555555555555)     # one more than a deck holds, rank by rank


def _beyond_deck(words: np.ndarray) -> np.ndarray:
    """Where the counts of a word exceed one deck's (any type bits ignored)."""
    return (((words & _COUNT) | _FLAGS) - _DECK_LIMIT) & _FLAGS != 0


def _not_within(moves: np.ndarray, hands: np.ndarray) -> np.ndarray:
    """Where a move's counts exceed the hand's somewhere."""
    return (((hands & _COUNT) | _FLAGS) - (moves & _COUNT)) & _FLAGS != _FLAGS


def _input(name: str, value: object, dtype: type, shape: Tuple[Optional[int], ...]) -> np.ndarray:
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name} must be a numpy array, not {type(value).__name__}")
    if value.dtype != dtype:
        raise TypeError(f"{name} must be {np.dtype(dtype)}, not {value.dtype}")
    if len(value.shape) != len(shape) or any(want is not None and got != want
                                             for got, want in zip(value.shape, shape)):
        wanted = "(" + ", ".join("*" if w is None else str(w) for w in shape) + \
            ("," if len(shape) == 1 else "") + ")"
        raise ValueError(f"{name} must have shape {wanted}, got {value.shape}")
    return value


def _first_bad(bad: np.ndarray) -> int:
    return int(np.flatnonzero(bad.reshape(len(bad), -1).any(axis=1))[0])


def _check_tables(hands: object, played: object, last_moves: object, history: object,
                  history_len: object, bombs: object, landlord: object, player: object,
                  moves: object, offsets: object) -> Tuple[np.ndarray, ...]:
    """The state arrays and the legal actions' CSR, checked; the arrays that index memory
    (history_len, bombs, landlord, player, offsets) as private copies."""
    hands = _input("hands", hands, np.uint64, (None, 3))
    n = hands.shape[0]
    played = _input("played", played, np.uint64, (n, 3))
    last_moves = _input("last_moves", last_moves, np.uint64, (n, 3))
    history = _input("history", history, np.uint64, (n, None))
    width = history.shape[1]
    scalars = [np.array(_input(name, value, np.int64, (n,)), order="C", copy=True)
               for name, value in (("history_len", history_len), ("bombs", bombs),
                                   ("landlord", landlord), ("player", player))]
    history_len, bombs, landlord, player = scalars
    moves = _input("moves", moves, np.uint64, (None,))
    offsets = np.array(_input("offsets", offsets, np.int64, (n + 1,)), order="C", copy=True)
    for name, values, low, high in (("history_len", history_len, 0, width),
                                    ("bombs", bombs, 0, _MOST_BOMBS), ("landlord", landlord, 0, 2),
                                    ("player", player, 0, 2)):
        bad = (values < low) | (values > high)
        if bad.any():
            row = _first_bad(bad)
            raise ValueError(f"{name}[{row}] = {int(values[row])} is not in {low}..{high}")
    if offsets[0] != 0 or (np.diff(offsets) < 0).any() or offsets[-1] != len(moves):
        raise ValueError(f"offsets must rise from 0 to len(moves) = {len(moves)}: the actions "
                         f"of table t are moves[offsets[t]:offsets[t + 1]]")
    for name, words in (("hands", hands), ("played", played)):
        extra = (words & ~np.uint64(COUNT_MASK)) != 0
        if extra.any():
            raise ValueError(f"{name}[{_first_bad(extra)}] has bits beyond the counts")
    hand_counts = _counts(hands)
    total = hand_counts.sum(axis=1) + _counts(played).sum(axis=1)
    wrong = total != _LIMITS
    if wrong.any():
        raise ValueError(f"table {_first_bad(wrong)}: its hands and played cards are not one "
                         "deck")
    rows = np.arange(n)
    sizes = hand_counts.sum(axis=2)
    lord_size = sizes[rows, landlord]
    peasant_size = np.maximum(sizes[rows, (landlord + 1) % 3], sizes[rows, (landlord + 2) % 3])
    big = (lord_size > 20) | (peasant_size > 17)
    if big.any():
        raise ValueError(f"table {_first_bad(big)}: a hand holds more cards than DouZero deals "
                         "(20 for the landlord, 17 for a peasant)")
    for name, words in (("last_moves", last_moves), ("history", history)):
        beyond = _beyond_deck(words)
        if name == "history":
            beyond &= np.arange(width) < history_len[:, None]
        if beyond.any():
            raise ValueError(f"{name}[{_first_bad(beyond)}] holds more cards of a rank than "
                             "one deck")
    if len(moves):
        owner = np.repeat(rows, np.diff(offsets))
        over = _not_within(moves, hands[owner, player[owner]])
        if over.any():
            row = int(np.flatnonzero(over)[0])
            raise ValueError(f"moves[{row}] = {int(moves[row]):#x} is not in the hand of table "
                             f"{int(owner[row])}'s player")
    return tuple(np.ascontiguousarray(a) for a in (hands, played, last_moves, history)) + (
        history_len, bombs, landlord, player, np.ascontiguousarray(moves), offsets)


class BatchFeatures:
    """DouZero's features of every legal action of a batch of tables, written natively.

    ``layout="batch"`` gives, for each position of :data:`POSITIONS`, DouZero's obs arrays of
    all its tables at once: ``x_batch`` (rows, 373 or 484) and ``z_batch`` (rows, 5, 162) of
    ``dtype`` (float32 as DouZero's obs, or int8 as DouZero's buffers store them), and
    ``x_no_action`` (tables, 319 or 430) and ``z`` (tables, 5, 162), int8. ``layout=
    "broadcast"`` writes the state once per table instead, for a model that broadcasts it:
    ``x_no_action`` and ``z`` of ``dtype``, and ``action`` (rows, 54). Either way
    ``row_table`` is each row's table, ``row_entry`` each row's index into the per-table
    arrays, and ``table`` each per-table entry's table; rows follow the tables' order, then
    the order of their actions.

    The arrays returned are views of buffers kept for the next call (which writes over them
    when the shapes fit): copy what must outlive it, and give each thread its own instance.
    """

    def __init__(self, layout: str = "batch", dtype: Any = np.float32) -> None:
        if not isinstance(layout, str) or layout not in ("batch", "broadcast"):
            raise ValueError(f"layout must be 'batch' or 'broadcast', not {shown(layout)}")
        try:
            kind = np.dtype(dtype)
        except TypeError:
            raise TypeError(f"dtype must be float32 or int8, not {shown(dtype)}") from None
        if kind not in (np.float32, np.int8):
            raise ValueError(f"dtype must be float32 or int8, not {kind}")
        self.layout, self.dtype = layout, kind
        self._buffers: Dict[Tuple[str, str], np.ndarray] = {}

    def _buffer(self, position: str, name: str, shape: Tuple[int, ...], dtype: Any) -> np.ndarray:
        size = int(np.prod(shape))
        kept = self._buffers.get((position, name))
        if kept is None or kept.size < size:
            kept = self._buffers[position, name] = np.empty(size + size // 4, dtype=dtype)
        return kept[:size].reshape(shape)

    def __call__(self, hands: np.ndarray, played: np.ndarray, last_moves: np.ndarray,
                 history: np.ndarray, history_len: np.ndarray, bombs: np.ndarray,
                 landlord: np.ndarray, player: np.ndarray, moves: np.ndarray,
                 offsets: np.ndarray) -> Dict[str, Dict[str, np.ndarray]]:
        """The features of the tables in the state arrays (the batched tables' names, dtypes
        and shapes) with their legal actions ``moves``/``offsets`` (CSR), by position."""
        return self._write(_check_tables(hands, played, last_moves, history, history_len,
                                         bombs, landlord, player, moves, offsets))

    def _write(self, arrays: Tuple[np.ndarray, ...]) -> Dict[str, Dict[str, np.ndarray]]:
        """The features of state arrays known to be valid, C-contiguous and of the right
        dtypes (checked by __call__, or a VectorGame's own): the batched environment's path,
        which would otherwise check its own state again at every step."""
        landlord, player, offsets = arrays[6], arrays[7], arrays[9]
        offset = (player - landlord) % 3
        tables = np.bincount(offset, minlength=3)
        rows = np.bincount(offset, weights=np.diff(offsets), minlength=3).astype(np.int64)
        broadcast = self.layout == "broadcast"
        groups, result = [], {}
        for index, position in enumerate(_BY_OFFSET):
            width, t, r = _STATE_WIDTH[position], int(tables[index]), int(rows[index])
            buffer, kind = self._buffer, self.dtype
            out = {"row_table": buffer(position, "row_table", (r,), np.int64),
                   "row_entry": buffer(position, "row_entry", (r,), np.int64),
                   "table": buffer(position, "table", (t,), np.int64)}
            if broadcast:
                x = out["x_no_action"] = buffer(position, "x_no_action", (t, width), kind)
                z = buffer(position, "z", (t, 810), kind)
                out["z"] = z.reshape(t, 5, 162)
                action = out["action"] = buffer(position, "action", (r, 54), kind)
                x_no_action = z_int8 = None
            else:
                x = out["x_batch"] = buffer(position, "x_batch", (r, width + 54), kind)
                z = buffer(position, "z_batch", (r, 810), kind)
                out["z_batch"] = z.reshape(r, 5, 162)
                x_no_action = out["x_no_action"] = buffer(position, "x_no_action",
                                                          (t, width), np.int8)
                z_int8 = buffer(position, "z", (t, 810), np.int8)
                out["z"] = z_int8.reshape(t, 5, 162)
                action = None
            groups.append((x, z, x_no_action, z_int8, action, out["row_table"],
                           out["row_entry"], out["table"]))
            result[position] = out
        _native.write_features(*arrays, groups, broadcast, self.dtype == np.float32)
        return {position: result[position] for position in POSITIONS}


# --- the environment ---------------------------------------------------------------------------

#: DouZero's objectives: win or lose (``wp``), 2 to the power of the bombs (``adp``), or the
#: bombs plus one (``logadp``), positive when the landlord wins.
OBJECTIVES: Tuple[str, str, str] = ("wp", "adp", "logadp")
#: DouZero's deck list (douzero.env.env.deck), the list ``Env.reset`` shuffles.
DECK: Tuple[int, ...] = tuple(card for card in range(3, 15) for _ in range(4)) + (17,) * 4 + (20, 30)


def objective_reward(objective: str, landlord_won: bool, bombs: int) -> float:
    """The reward DouZero's Env gives at the end of a hand (the landlord's; the peasants'
    is its negative) under ``objective``: 1 (``wp``), 2 to the power of the bombs and rockets
    played (``adp``), or the bombs plus one (``logadp``), negative when the landlord lost."""
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not "
                         f"{shown(objective)}")
    if not isinstance(landlord_won, (bool, np.bool_)):
        raise TypeError(f"landlord_won must be a bool, not {type(landlord_won).__name__}")
    bombs = check_int("bombs", bombs, 0, 54)
    value = 2.0 ** bombs if objective == "adp" else bombs + 1.0 if objective == "logadp" \
        else 1.0
    return value if landlord_won else -value


def _hand_word(cards: Iterable[int]) -> int:
    return sum(map(_UNIT.__getitem__, cards))


class Env:
    """``douzero.env.env.Env`` on the compiled core: the same deals from numpy's global random
    state, the same observations and rewards, and the same attributes DouZero's training reads
    (``reset``, ``step``, ``objective``, ``_acting_player_position``, ``_game_over``, ...).

    The table's state is kept in the batched tables' arrays, shape (1, ...), seat 0 the
    landlord, 1 landlord_down and 2 landlord_up: :attr:`state` shows them.
    """

    def __init__(self, objective: str) -> None:
        if not isinstance(objective, str):
            raise TypeError(f"objective must be a str, one of {', '.join(OBJECTIVES)}, not "
                            f"{type(objective).__name__}")
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, not "
                             f"{shown(objective)}")
        self.objective = objective
        self._table = _native._Table()
        self._legal: Optional[List[List[int]]] = None
        self.three_landlord_cards: List[int] = []

    def reset(self) -> Dict[str, Any]:
        """Deal a new hand, as DouZero does (``np.random.shuffle`` of its deck list); the
        landlord's observation."""
        deck = list(DECK)
        np.random.shuffle(deck)
        self.three_landlord_cards = sorted(deck[17:20])
        self._table.start(_hand_word(deck[:20]), _hand_word(deck[37:54]),
                          _hand_word(deck[20:37]))
        return self._observation()

    def _observation(self) -> Dict[str, Any]:
        position, x_batch, z_batch, x_no_action, z = self._table.observe()
        legal = self._legal = _lists(self._table.words())
        return {"position": _BY_OFFSET[position], "x_batch": x_batch, "z_batch": z_batch,
                "legal_actions": legal, "x_no_action": x_no_action, "z": z}

    def step(self, action: List[int]) -> Tuple[Optional[Dict[str, Any]], float, bool, dict]:
        """Play ``action``, one of the observation's ``legal_actions`` (a list of DouZero
        cards, as listed there); ``(obs, reward, done, {})`` as DouZero's Env returns them:
        the next player's observation, or None and the reward when the hand is over."""
        legal = self._legal
        if legal is None:
            raise ValueError("no hand is being played: reset() deals one")
        if not isinstance(action, list):
            raise TypeError(f"an action is a list of DouZero cards, not "
                            f"{type(action).__name__}")
        try:
            index = legal.index(action)
        except ValueError:
            raise ValueError(f"{shown(action)} is not one of the {len(legal)} legal actions "
                             f"of {self._acting_player_position}") from None
        if self._table.play(index):
            self._legal = None
            return None, self._reward(), True, {}
        return self._observation(), 0.0, False, {}

    def _reward(self) -> float:
        return objective_reward(self.objective, self._game_winner == "landlord",
                                self._game_bomb_num)

    def close(self) -> None:
        """Nothing to release (douzero.dmc's Environment.close calls it)."""

    @property
    def state(self) -> Dict[str, np.ndarray]:
        """The table's state arrays (read-only views, shape (1, ...)) and its legal actions
        (``moves`` and ``offsets``, fresh)."""
        table = self._table
        views = {}
        for name in ("hands", "played", "last_moves", "history", "history_len", "bombs",
                     "landlord", "player", "prev"):
            view = getattr(table, name).view()
            view.flags.writeable = False
            views[name] = view
        views["moves"] = table.moves_array()
        views["offsets"] = np.array([0, table.num_actions], dtype=np.int64)
        return views

    @property
    def _acting_player_position(self) -> str:
        """The position to play (after the last action, the one who played it)."""
        return _BY_OFFSET[int(self._table.player[0])]

    @property
    def _game_over(self) -> bool:
        """Whether the hand dealt last is over (False before the first reset)."""
        return bool(self._table.over) and int(self._table.history_len[0]) > 0

    @property
    def _game_winner(self) -> str:
        """``landlord`` or ``farmer``, once the hand is over."""
        return "landlord" if int(self._table.hands[0, 0]) == 0 else "farmer"

    @property
    def _game_bomb_num(self) -> int:
        return int(self._table.bombs[0])
