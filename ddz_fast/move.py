"""Moves: a combination of cards with its type, key rank and chain length.

Under wild cards (laizi) a move also carries its *reading*: the cards its main part stands for
(:attr:`Move.reading`) and, for a bomb, its class (:attr:`Move.bomb_class`); its word is then a
:class:`~ddz_fast.bitboard.LaiziWord` (see :mod:`ddz_fast.bitboard`) unless the same cards make
the same move without wild cards.
"""
from __future__ import annotations

from functools import total_ordering
from itertools import chain
from operator import attrgetter, getitem, neg
from typing import Callable, ClassVar, Optional, Sequence, Tuple

from . import bitboard
from .cards import NUM_RANKS, RANK_NAMES, Counts, _format, check_counts, fits_one_deck, format_cards
from .validate import check_int, is_int

__all__ = ["Move", "MOVE_TYPES", "TYPE_CODES", "PLAY_TYPES", "sort_key_in_context"]

#: Canonical type names (docs/RULES.md) in their canonical order; ``pass`` comes first.
MOVE_TYPES: Tuple[str, ...] = (
    "pass", "solo", "pair", "trio", "trio_solo", "trio_pair", "chain", "pair_chain",
    "airplane", "airplane_solo", "airplane_pair", "four_two_solo", "four_two_pair", "bomb",
    "rocket", "space_shuttle",
)
#: The type code stored in the top nibble of a move word.
TYPE_CODES = {name: code for code, name in enumerate(MOVE_TYPES)}
PLAY_TYPES: Tuple[str, ...] = MOVE_TYPES[1:]
_HARD = bitboard.BOMB_CLASSES.index("hard")
#: _RUNS[rank][count]: the ranks of ``count`` cards of ``rank``, so a sort key's card list is
#: fifteen lookups joined (three times faster than counting them out: sorting the moves of a
#: two-deck hand spends a third of its time on keys).
_RUNS = tuple(tuple((rank,) * count for count in range(9)) for rank in range(NUM_RANKS))

#: Whether a move is a reading of its cards under the most permissive rules of one deck or of
#: two: what ``Move()`` checks its arguments against. :mod:`ddz_fast.reference.moves` installs its
#: check here when it is imported (the package always imports it), so that this module, which
#: the reference builds on, does not import the reference back.
_is_some_move: Optional[Callable[["Move"], bool]] = None


def install_classifier(is_move: Callable[["Move"], bool]) -> None:
    """Make ``Move()`` validate with ``is_move`` (whether some rule set has the move)."""
    global _is_some_move
    _is_some_move = is_move


#: Under wild cards: the move a laizi word is the canonical word of under some wild ranks, or
#: None; :mod:`ddz_fast.reference.laizi` installs it (what ``Move.from_word`` checks with).
_laizi_lookup: Optional[Callable[[int], Optional["Move"]]] = None


def install_laizi_lookup(lookup: Callable[[int], Optional["Move"]]) -> None:
    """Make ``Move.from_word`` validate laizi words with ``lookup``."""
    global _laizi_lookup
    _laizi_lookup = lookup


def _no_fast_path(*arguments: object) -> bool:
    return False


#: ``Move()``'s fast path: given the new move and its arguments, it fills the slots and returns
#: True when the arguments are plain and valid, else returns False and leaves them to the checks
#: of ``__init__``: the native one of ``ddz_fast._fast_paths`` (the same rules, ~50x faster)
#: where the package is built, else none.
_fill_plain: Callable[..., bool]
try:
    from ._fast_paths import fill_move as _fill_plain
except ModuleNotFoundError as error:  # the pure-Python package: no fast path
    if error.name != f"{__package__}._fast_paths":
        raise
    _fill_plain = _no_fast_path


_PAIR_KICKERS = ("trio_pair", "airplane_pair", "four_two_pair")


def _is_plain(type: str, counts: Counts, main: range, copies: int) -> bool:
    """Whether a move of wild cards is also a move without them (of the widest rules): its
    main part reads as its own cards and its pair kickers are real pairs. (Solo kickers and
    wings of real cards outside the main ranks are always legal under the widest rules.)"""
    if any(counts[rank] != copies for rank in main):
        return False
    return type not in _PAIR_KICKERS or all(
        count in (0, 2) for rank, count in enumerate(counts) if rank not in main)


def sort_key_in_context(move: "Move") -> tuple:
    """:meth:`Move.sort_key` in a form that is quicker to build and orders the moves of one
    rule set (and one wild context) the same way: of two card lists of the same length,
    sorted low to high, the first is lower exactly when it holds more of the lowest rank where
    their counts differ, and the number of cards comes before the cards in both keys. What the
    generators sort their moves by (it reads the slots: every move they list is sorted)."""
    return (TYPE_CODES[move._type], move._length, sum(move._counts), move._key,
            tuple(map(neg, move._counts)))


@total_ordering
class Move:
    """One way of playing a set of cards.

    A move is identified by ``type`` (a canonical type name), ``key`` (the rank index of its
    trio, four or pair rank, or of a chain's lowest rank; 13 for the rocket), ``length`` (its
    chain length, 1 for non-chains) and ``counts`` (the 15 per-rank counts of all its cards).
    The same cards can be several moves: ``333444555666`` is an airplane of length 4, and where
    wings may repeat it is also two airplanes with solo wings (keys 0 and 1, length 3).

    Moves are immutable, hashable and totally ordered by (type, length, number of cards, key,
    cards low to high), which is the order of :func:`ddz_fast.action_space`. The number of
    cards follows from type and length for every type but the space shuttle, whose three kinds
    (alone, with solo wings, with pair wings: 4, 6 or 8 cards a bomb) it keeps apart, each
    kind of a length in one run of keys. ``Move.PASS`` is the pass.
    """

    __slots__ = ("_type", "_key", "_length", "_counts", "_word")
    PASS: ClassVar["Move"]

    def __init__(self, type: str, key: int, length: int, counts: Sequence[int]) -> None:
        if _fill_plain(self, type, key, length, counts):
            return
        if hasattr(self, "_word"):  # Moves are shared: one made cannot be made again
            raise TypeError("a Move is immutable")
        if not isinstance(type, str):
            raise TypeError(f"move type must be a str, not {type.__class__.__name__}")
        if type not in TYPE_CODES:
            raise ValueError(f"unknown move type {type!r}: choose one of {', '.join(MOVE_TYPES)}")
        # Ranges first: the word is built from them, and a huge key would make a huge word.
        key = check_int("move key", key, 0, NUM_RANKS - 1)
        length = check_int("move length", length, 0, NUM_RANKS - key)
        counts = check_counts(counts, 2)
        self._set(type, key, length, counts)
        if type == "pass":
            if any(counts) or key or length:
                raise ValueError("a pass has no cards, key 0 and length 0")
        else:
            if _is_some_move is None:  # pragma: no cover - the package imports the reference
                raise RuntimeError("Move() needs ddz_fast.reference.moves, which is not imported")
            if not _is_some_move(self):  # a move is what some rule set classifies
                raise ValueError(f"{format_cards(counts) or 'no cards'} is not a {type} "
                                 f"with key {RANK_NAMES[key] if 0 <= key < NUM_RANKS else key}"
                                 f" and length {length}")

    def _set(self, type: str, key: int, length: int, counts: Counts,
             fits: Optional[bool] = None) -> None:
        self._type = type
        self._key = key
        self._length = length
        self._counts = counts
        main = range(key, key + length) if type != "pass" else ()
        if fits is None:
            fits = fits_one_deck(counts)
        self._word = bitboard.canonical(counts, fits, main, TYPE_CODES[type])

    @classmethod
    def _trusted(cls, type: str, key: int, length: int, counts: Counts,
                 fits: Optional[bool] = None) -> "Move":
        """Build a move the generators already know to be well formed (no validation).
        ``fits``: whether the cards fit one deck, when the caller knows (a move of a one-deck
        hand always does), else None to count them."""
        move = cls.__new__(cls)
        move._set(type, key, length, counts, fits)
        return move

    @classmethod
    def _trusted_read(cls, type: str, key: int, length: int, counts: Counts, copies: int,
                      class_code: int = 0) -> "Move":
        """A move of wild cards the laizi generator knows to be well formed: real cards
        ``counts``, a main part of ``copies`` cards read as each main rank, and the bomb class
        code (:data:`bitboard.BOMB_CLASSES`, 0 for no bomb). Its word is the plain one when the
        same cards make the same move without wild cards (see :mod:`ddz_fast.bitboard`)."""
        main = range(key, key + length)
        if class_code in (0, _HARD) and _is_plain(type, counts, main, copies):
            return cls._trusted(type, key, length, counts)
        move = cls.__new__(cls)
        move._type, move._key, move._length, move._counts = type, key, length, counts
        reading = [copies if rank in main else 0 for rank in range(NUM_RANKS)]
        move._word = bitboard.pack_laizi(counts, main, TYPE_CODES[type], reading, class_code)
        return move

    @classmethod
    def from_word(cls, word: int) -> "Move":
        """The move of a 64-bit move word, a wide or a laizi word (validated; see
        :mod:`ddz_fast.bitboard`)."""
        if not is_int(word):
            raise TypeError(f"a move word is an int, not {type(word).__name__}")
        word = int(word)
        if bitboard.is_laizi(word):
            return cls._from_laizi_word(word)
        wide = word >= bitboard.WIDE
        if not 0 <= word < (1 << 128 if wide else 1 << 64):
            raise ValueError(f"move word {word} is neither an unsigned 64-bit value nor a "
                             f"wide word")
        code = (word ^ bitboard.WIDE) >> bitboard.WIDE_TYPE_SHIFT if wide else \
            word >> bitboard.TYPE_SHIFT
        if code >= len(MOVE_TYPES):
            raise ValueError(f"move word {word:#x} has unknown type code {code}")
        main = bitboard.main_ranks(word)
        key, length = (main[0], len(main)) if main else (0, 0)
        if main and main != tuple(range(key, key + length)):
            raise ValueError(f"move word {word:#x} has main ranks that are not consecutive")
        counts = bitboard.unpack_wide(word) if wide else bitboard.unpack(word)
        move = cls(MOVE_TYPES[code], key, length, counts)
        if move._word != word:
            raise ValueError(f"move word {word:#x} is not the canonical word of {move!r}")
        return move

    @classmethod
    def _from_laizi_word(cls, word: int) -> "Move":
        """The move of a laizi word, which must be its canonical word under some wild ranks."""
        move = _laizi_lookup(word) if _laizi_lookup is not None else None
        if move is None:
            raise ValueError(f"move word {word:#x} is no reading of its cards under any wild "
                             f"ranks")
        return move

    @classmethod
    def _from_word(cls, word: int) -> "Move":
        """Decode a canonical word the native core produced (trusted, no validation)."""
        main = bitboard.main_ranks(word)
        key, length = (main[0], len(main)) if main else (0, 0)
        move = cls.__new__(cls)
        if word >= bitboard.WIDE:
            move._type = MOVE_TYPES[(word ^ bitboard.WIDE) >> bitboard.WIDE_TYPE_SHIFT]
            move._counts = bitboard.unpack_wide(word)
        else:
            move._type = MOVE_TYPES[word >> bitboard.TYPE_SHIFT]
            move._counts = bitboard.unpack(word)
        move._key, move._length = key, length
        move._word = word
        return move

    # Read-only views of the slots; attrgetter runs in C, twice as fast as a lambda.
    type = property(attrgetter("_type"), doc="The canonical type name.")
    key = property(attrgetter("_key"), doc="Rank index of the key rank (0 for pass).")
    length = property(attrgetter("_length"), doc="Chain length (1 for non-chains).")
    counts = property(attrgetter("_counts"), doc="Per-rank counts of the cards played.")
    word = property(attrgetter("_word"), doc="The move as one 64-bit word, or a 128-bit wide "
                    "word when its cards do not fit one deck (see :mod:`ddz_fast.bitboard`).")

    @property
    def cards(self) -> str:
        """Canonical text of the cards played (``""`` for pass)."""
        return _format(self._counts)

    @property
    def reading(self) -> Counts:
        """The 15 counts of the cards the main part is read as (the move's cards that are no
        kicker nor wing; a kicker or wing of wild cards stands for whatever makes it legal, so
        it has no reading of its own). Without wild cards, the main part's own cards."""
        if bitboard.is_laizi(self._word):
            return bitboard.unpack_reading(self._word)
        if self._type == "rocket":
            return self._counts
        main = range(self._key, self._key + self._length)
        return tuple(count if rank in main else 0 for rank, count in enumerate(self._counts))

    @property
    def bomb_class(self) -> Optional[str]:
        """``"soft"``, ``"hard"`` or ``"laizi"`` for a bomb (docs/RULES.md, "Laizi"), None for
        every other move. A bomb of natural cards only is hard."""
        if self._type != "bomb":
            return None
        if bitboard.is_laizi(self._word):
            return bitboard.BOMB_CLASSES[bitboard.bomb_class_code(self._word)]
        return "hard"

    @property
    def is_pass(self) -> bool:
        return self._type == "pass"

    def __len__(self) -> int:
        """The number of cards played."""
        return sum(self._counts)

    def sort_key(self) -> tuple:
        """(type order, length, number of cards, key, card ranks low to high): the canonical
        total order. A laizi word adds its bomb class code last, which only tells a bomb of
        one wild context from the same cards under another (a plain word sorts first)."""
        cards = tuple(chain.from_iterable(map(getitem, _RUNS, self._counts)))
        key = (TYPE_CODES[self._type], self._length, len(cards), self._key, cards)
        if bitboard.LAIZI <= self._word < bitboard.WIDE:
            return key + (bitboard.bomb_class_code(self._word),)
        return key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self._word == other._word

    def __lt__(self, other: "Move") -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __hash__(self) -> int:
        return hash(self._word)

    def __str__(self) -> str:
        """The cards played (``pass``); a move read with wild cards adds ``=`` and its main
        part's reading (see :mod:`ddz_fast.moves.notation`)."""
        if bitboard.LAIZI <= self._word < bitboard.WIDE:
            return f"{self.cards}={_format(self.reading)}"
        return self.cards or "pass"

    def __repr__(self) -> str:
        if self.is_pass:
            return "Move.PASS"
        reading = ""
        if bitboard.is_laizi(self._word):
            reading = f", reading={_format(self.reading)!r}"
            if self._type == "bomb":
                reading += f", bomb_class={self.bomb_class!r}"
        return (f"Move({self._type!r}, key={self._key}, length={self._length}, "
                f"cards={self.cards!r}{reading})")


Move.PASS = Move._trusted("pass", 0, 0, (0,) * NUM_RANKS)
