"""Moves: a combination of cards with its type, key rank and chain length.

Under wild cards (laizi) a move also carries its *reading*: the cards its main part stands for
(:attr:`Move.reading`) and, for a bomb, its class (:attr:`Move.bomb_class`); its word is then a
:class:`~ddz_fast.bitboard.LaiziWord` (see :mod:`ddz_fast.bitboard`) unless the same cards make
the same move without wild cards.
"""
from __future__ import annotations

import sys
from functools import total_ordering
from itertools import chain
from operator import attrgetter, getitem, neg
from typing import (Callable, ClassVar, Iterable, List, Optional, Sequence, SupportsIndex, Tuple,
                    Union)

from . import bitboard, laizi_space
from .cards import (NUM_RANKS, RANK_LETTERS, RANK_NAMES, Counts, _format, check_counts,
                    fits_one_deck, parse_cards, rank_index)
from .pictures import cards_svg
from .shapes import (MAIN_SHAPES, MOVE_TYPES, PLAY_TYPES, RUNFAST_OWN_TYPES, TYPE_CODES,
                     TYPE_NAMES, is_combination, is_runfast_combination, kicker_cards,
                     readings_of, runfast_readings_of)
from .validate import check_int, is_int, shown

__all__ = ["Move", "MoveLike", "ListOfMoves", "MOVE_TYPES", "TYPE_CODES", "PLAY_TYPES",
           "sort_key_in_context", "split_move", "reading_counts", "listed_reading", "PASS_TEXT",
           "PASS_WORDS", "bomb_factor"]

#: The text of the pass.
PASS_TEXT = "pass"
#: The words move text reads as the pass (any letter case).
PASS_WORDS: Tuple[str, ...] = ("pass", "p")
#: The most cards a reading counts of a rank: a bomb of four natural cards and eight wilds.
_MOST_READ = 12

_HARD = bitboard.BOMB_CLASSES.index("hard")
#: The names of Run Fast's own types by the type code of their words.
_RUNFAST_NAMES = {code: name for name, code in RUNFAST_OWN_TYPES.items()}
#: _RUNS[rank][count]: the ranks of ``count`` cards of ``rank``, so a sort key's card list is
#: fifteen lookups joined (three times faster than counting them out: sorting the moves of a
#: two-deck hand spends a third of its time on keys).
_RUNS = tuple(tuple((rank,) * count for count in range(9)) for rank in range(NUM_RANKS))

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


def split_move(text: str) -> Tuple[str, str, str]:
    """(cards, type, key rank) of move text ``CARDS[:TYPE[@KEY]]``, type and key ``""`` when
    not given.

    >>> split_move("333444555666:airplane_solo@4")
    ('333444555666', 'airplane_solo', '4')
    >>> split_move("3888:trio_solo")
    ('3888', 'trio_solo', '')

    The key may carry the chain length, ``KEYxLENGTH``, where the same cards make moves of
    one type and key at several lengths (Run Fast's short airplanes: ``5556667778`` is two
    trios and four wing cards, or three trios and one, ``@5x2`` and ``@5x3``); see
    :func:`_with_key`.
    """
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    cards, _, spec = text.strip().partition(":")
    kind, _, key = spec.strip().partition("@")
    if cards.strip() in TYPE_NAMES:
        raise ValueError(f"{text.strip()!r}: write the cards first, then the type "
                         f"({kind or 'CARDS'}:{cards.strip()})")
    if kind and (kind not in TYPE_NAMES or kind == "pass"):
        raise ValueError(f"unknown move type {kind!r}: choose one of "
                         f"{', '.join(TYPE_NAMES[1:])}")
    return cards, kind, key.strip()


def _with_key(moves: Iterable["Move"], key: str) -> List["Move"]:
    """The moves whose key (and length, for ``KEYxLENGTH``) the key text of
    :func:`split_move` names; all of them for ``""``."""
    moves = list(moves)
    if not key:
        return moves
    rank_text, _, length_text = key.partition("x")
    rank = rank_index(rank_text)
    if length_text and not (length_text.isdigit() and length_text.isascii()):
        raise ValueError(f"the length of key {key!r} must be a number (KEYxLENGTH)")
    return [m for m in moves if m._key == rank and (not length_text
                                                     or m._length == int(length_text))]


def _key_text(move: "Move", others: Iterable["Move"]) -> str:
    """``TYPE@KEY`` of ``move``, with ``xLENGTH`` when one of ``others`` (the moves its cards
    make) has the same type and key at another length."""
    text = f"{move._type}@{RANK_LETTERS[move._key]}"
    if any(o._type == move._type and o._key == move._key and o._length != move._length
           for o in others):
        text += f"x{move._length}"
    return text


def reading_counts(text: str) -> Counts:
    """The counts of a reading's text (what follows ``=``): rank letters (``10`` for T), up to
    twelve cards of a rank 3..2."""
    counts = [0] * NUM_RANKS
    compact = "".join(text.split()).replace("10", "T")
    for letter in compact:
        counts[rank_index(letter)] += 1
    for rank, count in enumerate(counts):
        if count > (_MOST_READ if rank < 13 else 1):
            raise ValueError(f"a reading holds {count} cards of rank {RANK_LETTERS[rank]}: "
                             f"at most {_MOST_READ if rank < 13 else 1}")
    return tuple(counts)


def ambiguous(text: str, options: Iterable[str]) -> ValueError:
    """The error of move text that names several moves, the ``options`` written out."""
    return ValueError(f"{text.strip()!r} is ambiguous: it reads several ways, write one of "
                      f"{', '.join(options)}")


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
            raise ValueError(f"unknown move type {type!r}: choose one of {', '.join(TYPE_NAMES)}")
        # Ranges first: the word is built from them, and a huge key would make a huge word.
        key = check_int("move key", key, 0, NUM_RANKS - 1)
        length = check_int("move length", length, 0, NUM_RANKS - key)
        counts = check_counts(counts, 2)
        self._set(type, key, length, counts)
        if type == "pass":
            if any(counts) or key or length:
                raise ValueError("a pass has no cards, key 0 and length 0")
        elif not (is_combination(type, key, length, counts)     # a move of some rule set
                  or is_runfast_combination(type, key, length, counts)):
            raise ValueError(f"{_format(counts) or 'no cards'} is not a {type} "
                             f"with key {RANK_NAMES[key] if 0 <= key < NUM_RANKS else key}"
                             f" and length {length}")

    def _set(self, type: str, key: int, length: int, counts: Counts,
             fits: Optional[bool] = None) -> None:
        self._type = type
        self._key = key
        self._length = length
        self._counts = counts
        main = range(key, key + length) if type != "pass" else ()
        if type in RUNFAST_OWN_TYPES:
            self._word = bitboard.pack_runfast(counts, main, TYPE_CODES[type])
            return
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
        if bitboard.is_runfast(word):
            return cls._from_runfast_word(word)
        two_decks = word >= bitboard.TWO_DECKS_BIT
        if not 0 <= word < (1 << 128 if two_decks else 1 << 64):
            raise ValueError(f"move word {word} is neither an unsigned 64-bit value nor a "
                             f"two-deck word")
        code = (word ^ bitboard.TWO_DECKS_BIT) >> bitboard.TWO_DECKS_TYPE_SHIFT if two_decks else \
            word >> bitboard.TYPE_SHIFT
        if code >= len(MOVE_TYPES):
            raise ValueError(f"move word {word:#x} has unknown type code {code}")
        main = bitboard.main_ranks(word)
        key, length = (main[0], len(main)) if main else (0, 0)
        if main and main != tuple(range(key, key + length)):
            raise ValueError(f"move word {word:#x} has main ranks that are not consecutive")
        counts = bitboard.unpack_two_decks(word) if two_decks else bitboard.unpack(word)
        move = cls(MOVE_TYPES[code], key, length, counts)
        if move._word != word:
            raise ValueError(f"move word {word:#x} is not the canonical word of {move!r}")
        return move

    @classmethod
    def _from_runfast_word(cls, word: int) -> "Move":
        """The move of a Run Fast word (validated): one of Run Fast's own types."""
        low = word ^ bitboard.RUNFAST
        name = _RUNFAST_NAMES.get(low >> bitboard.TYPE_SHIFT) if low < 1 << 64 else None
        main = bitboard.main_ranks(low)
        if name is None or not main or main != tuple(range(main[0], main[0] + len(main))):
            raise ValueError(f"move word {word:#x} is no move of Run Fast's own types")
        move = cls(name, main[0], len(main), bitboard.unpack(low))
        if move._word != word:
            raise ValueError(f"move word {word:#x} is not the canonical word of {move!r}")
        return move

    @classmethod
    def _from_laizi_word(cls, word: int) -> "Move":
        """The move of a laizi word, which must be its canonical word under some wild ranks
        of its cards (one or two) and the widest move options."""
        counts = bitboard.unpack(word)
        code = (word >> bitboard.TYPE_SHIFT) & 0xF
        main = bitboard.main_ranks(word)
        if main and code < len(MOVE_TYPES) and fits_one_deck(counts) \
                and main == tuple(range(main[0], main[0] + len(main))):
            kind, key, length = MOVE_TYPES[code], main[0], len(main)
            for _, copies, class_code in laizi_space.readings(kind, key, length, counts):
                move = cls._trusted_read(kind, key, length, counts, copies, class_code)
                if move._word == word:
                    return move
        raise ValueError(f"move word {word:#x} is no reading of its cards under any wild "
                         f"ranks")

    @classmethod
    def _from_word(cls, word: int) -> "Move":
        """Decode a canonical word the native core produced (trusted, no validation)."""
        main = bitboard.main_ranks(word)
        key, length = (main[0], len(main)) if main else (0, 0)
        move = cls.__new__(cls)
        if bitboard.RUNFAST <= word < bitboard.LAIZI:
            move._type = _RUNFAST_NAMES[(word ^ bitboard.RUNFAST) >> bitboard.TYPE_SHIFT]
            move._counts = bitboard.unpack(word ^ bitboard.RUNFAST)
        elif word >= bitboard.TWO_DECKS_BIT:
            code = (word ^ bitboard.TWO_DECKS_BIT) >> bitboard.TWO_DECKS_TYPE_SHIFT
            move._type = MOVE_TYPES[code]
            move._counts = bitboard.unpack_two_decks(word)
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
    word = property(attrgetter("_word"), doc="The move as one 64-bit word, or a 128-bit two-deck "
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
        if bitboard.LAIZI <= self._word < bitboard.TWO_DECKS_BIT:
            return key + (bitboard.bomb_class_code(self._word),)
        if bitboard.RUNFAST <= self._word:
            return key + (1,)   # after the Dou Dizhu type of the same code and the same cards
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
        """The move's text, which :meth:`parse` reads back: its cards (``pass`` for the pass),
        with ``:TYPE@KEY`` when they make more than one move under the widest move options;
        a move read with wild cards writes ``=`` and its main part's reading instead (see
        :mod:`ddz_fast.moves.notation` for the text under one rule set).

        >>> str(Move.parse("3334")), str(Move.parse("333444555666:airplane_solo@4"))
        ('3334', '333444555666:airplane_solo@4')
        """
        if self._type == "pass":
            return PASS_TEXT
        if bitboard.is_laizi(self._word):     # (is_laizi is False for a forged word)
            return f"{self.cards}={_format(self.reading)}"
        if _bare_readings(self._counts) == [(self._type, self._key, self._length)]:
            return self.cards
        if self._type in RUNFAST_OWN_TYPES:   # its short forms may share type and key
            others = [Move._trusted(*reading, self._counts)
                      for reading in runfast_readings_of(self._counts)]
            return f"{self.cards}:{_key_text(self, others)}"
        return f"{self.cards}:{self._type}@{RANK_LETTERS[self._key]}"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """The move that ``text`` names under the widest move options of one deck or of two
        (the text of positions and records; :func:`ddz_fast.moves.notation.parse_move` reads
        text under one rule set): ``CARDS``, with ``:TYPE@KEY`` (or only ``:TYPE``) where the
        cards read more than one way, ``CARDS=READING`` for a move read with wild cards, or
        ``pass``. ValueError when the text names no move or several.

        >>> Move.parse("333444555666:airplane@3")
        Move('airplane', key=0, length=4, cards='333444555666')
        >>> Move.parse("3335=3333").bomb_class
        'soft'
        """
        found = _text_readings(text)
        if len(found) == 1:
            return found[0]
        if not found:
            raise ValueError(f"{text.strip()!r} is not a move under any rules")
        raise ambiguous(text, map(str, found))

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

    def _repr_svg_(self) -> str:
        """The cards played as an SVG picture, captioned with the type and the text
        (Jupyter shows it)."""
        caption = PASS_TEXT if self.is_pass else f"{self._type}: {self}"
        return cards_svg(self._counts, caption=caption)


def _read_with_wild_cards(counts: Counts, reading: Counts) -> List[Move]:
    """The moves of real cards ``counts`` whose main part is read as ``reading`` under some wild
    ranks: the reading gives the main ranks and their copies, the number of cards the type."""
    main = [rank for rank in range(NUM_RANKS) if reading[rank]]
    if not main or main != list(range(main[0], main[0] + len(main))) \
            or len({reading[rank] for rank in main}) != 1:
        return []
    key, length, copies = main[0], len(main), reading[main[0]]
    extra = sum(counts) - copies * length        # the kickers' or wings' cards
    found = []
    for kind, (shape_copies, _, _) in MAIN_SHAPES.items():
        if kind == "bomb":
            fits = length == 1 and extra == 0 and copies >= 4
            class_code = bitboard.BOMB_CLASSES.index(
                "laizi" if counts == reading and copies == 4 else "soft")
        else:
            fits = copies == shape_copies and kicker_cards(kind, length) == extra
            class_code = 0
        if fits:
            move = Move._trusted_read(kind, key, length, counts, copies, class_code)
            if _is_a_move(move):
                found.append(move)
    return found


def _is_a_move(move: Move) -> bool:
    """Whether a move built from text is a move of some rule set: a plain one that the widest
    options have, or a canonical laizi word under some wild ranks."""
    if not bitboard.is_laizi(move._word):
        return is_combination(move._type, move._key, move._length, move._counts)
    try:
        Move._from_laizi_word(move._word)
    except ValueError:
        return False
    return True


def _text_readings(text: str) -> List[Move]:
    """Every move that move text names under the widest move options of one deck or of two
    (what :meth:`Move.parse` chooses from; empty: no move): the pass for a pass word."""
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    if text.strip().lower() in PASS_WORDS:
        return [Move.PASS]
    cards_text, _, reading_text = text.partition("=")
    cards, kind, key = split_move(cards_text)
    counts = parse_cards(cards, decks=2)
    if reading_text.strip():
        candidates = _read_with_wild_cards(counts, reading_counts(reading_text))
    else:
        candidates = [Move._trusted(*reading, counts) for reading in readings_of(counts)]
    found = _with_key((move for move in candidates if not kind or move._type == kind), key)
    if found or reading_text.strip() or not fits_one_deck(counts):
        return found
    # Run Fast's readings, where Dou Dizhu has none the text can name: ``3344`` (two pairs),
    # ``AAA:bomb``, ``55577:trio_two``.
    return _with_key((move for move in (Move._trusted(*reading, counts)
                                       for reading in runfast_readings_of(counts))
                     if not kind or move._type == kind), key)


def _bare_readings(counts: Counts) -> List[Tuple[str, int, int]]:
    """The readings that the text of bare cards names (:func:`_text_readings` without a type):
    Dou Dizhu's, or Run Fast's where Dou Dizhu has none."""
    return readings_of(counts) or (runfast_readings_of(counts) if fits_one_deck(counts) else [])


def listed_reading(text: str, holds: Callable[[Move], bool]) -> Optional[Move]:
    """The move that ``text`` names (read as :meth:`Move.parse` reads it) among the moves for
    which ``holds`` is true: the one such reading, or None when there is none. ValueError when
    the text names no move at all, or several that ``holds`` takes (naming them)."""
    readings = _text_readings(text)
    if not readings:
        raise ValueError(f"{text.strip()!r} is not a move under any rules")
    held = [move for move in readings if holds(move)]
    if len(held) > 1:
        raise ambiguous(text, map(str, held))
    return held[0] if held else None


#: A move, or its text: what every function taking one move takes (see :meth:`Move.parse`
#: and :mod:`ddz_fast.moves.notation` for how text is read).
MoveLike = Union[Move, str]


class ListOfMoves(list):
    """A list of Moves that also finds a move by its text: ``"444" in moves``,
    ``moves.index("444")`` and ``moves.count("444")`` read the text as :meth:`Move.parse`
    does (``CARDS``, ``CARDS:TYPE@KEY``, ``CARDS=READING``) and look for the one reading that
    the list holds; text whose readings the list holds several of raises ValueError naming
    them, as does text that names no move. A Move is looked up as in any list.

    What :func:`ddz_fast.legal_moves` returns where it makes no
    :class:`~ddz_fast.moves.MoveList` of words: in pure Python, with two decks and with wild
    cards. Its slices and ``copy()`` are plain lists.
    """

    __slots__ = ()

    def __contains__(self, move: object) -> bool:
        if isinstance(move, str):
            return listed_reading(move, super().__contains__) is not None
        return super().__contains__(move)

    def index(self, move: object, start: SupportsIndex = 0,
              stop: SupportsIndex = sys.maxsize) -> int:
        """The position of ``move`` or of the move its text names (ValueError when absent)."""
        if isinstance(move, str):
            found = listed_reading(move, super().__contains__)
            if found is None:
                raise ValueError(f"{shown(move)} is not in list")
            move = found
        elif not isinstance(move, Move):    # no Move equals it; list.index would repr it
            raise ValueError(f"{shown(move)} is not in list")
        return super().index(move, start, stop)

    def count(self, move: object) -> int:
        """How many times ``move``, or the move its text names, occurs."""
        if isinstance(move, str):
            move = listed_reading(move, super().__contains__)
        return super().count(move)


Move.PASS = Move._trusted("pass", 0, 0, (0,) * NUM_RANKS)


def bomb_factor(move: Move, bomb_multiplier: str = "double") -> int:
    """What ``move`` multiplies a hand's multiplier by (docs/RULES.md, "Scoring" and "Laizi"): 1
    unless it is a bomb or the rocket; under ``bomb_multiplier`` ``"double"``, 2; under
    ``"app"`` (wild cards), 2 for a 4-card soft bomb, 4 for a 4-card hard or laizi bomb, 6 for a
    bomb of 5 or more cards and for the rocket.

    >>> bomb_factor(Move.parse("3333")), bomb_factor(Move.parse("3335=3333"), "app")
    (2, 2)
    """
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    if not isinstance(bomb_multiplier, str) or bomb_multiplier not in ("double", "app"):
        raise ValueError(f"bomb_multiplier must be 'double' or 'app', got {shown(bomb_multiplier)}")
    if move.type not in ("bomb", "rocket"):
        return 1
    if bomb_multiplier == "double":
        return 2
    if move.type == "rocket" or len(move) >= 5:
        return 6
    return 2 if move.bomb_class == "soft" else 4
