"""Seeded generators of hostile calls, one per public entry point of ddz_fast.

A case is ``(entry, seed)``: ``build(entry, seed)`` rebuilds the very same call every time
(every random choice comes from ``random.Random(f"{entry}:{seed}")``), so any case can be
replayed alone with ``python fuzz/run.py --replay ENTRY:SEED``.

A built :class:`Case` holds a thunk that makes the call (and, for lazy results, consumes
them), the text of the call for reports, and what the generator knows about the input:

* ``expect="error"``: the input is invalid (a timedelta array as counts, NaN seconds...), so
  returning a value is a finding (ACCEPTED);
* ``expect="ok"``: the input is valid (e.g. numpy integers where ints are documented), so any
  exception is a finding (REJECTED);
* ``index_ok``: sequence indexing, where IndexError is the documented error.

Checks of consistency between two entry points raise :class:`Mismatch`, which the oracle
always reports.
"""
from __future__ import annotations

import contextlib
import io
import math
import mmap
import os
import random
import sys
import tempfile
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional

import numpy as np

import ddz_fast
from ddz_fast import (Game, Hand, Move, Position, Rules, action_id, action_move, action_space,
                      beats, classify, divide, legal_action_mask, legal_moves, legal_moves_batch,
                      parse_cards, perft, perft_native, play_out, random_games)
from ddz_fast.cards import FULL_DECK, NUM_RANKS
from ddz_fast.validate import is_int


class Mismatch(Exception):
    """Two entry points disagree about the same input (raised by consistency checks)."""


@dataclass
class Case:
    entry: str
    seed: int
    text: str                       # the call, as close to Python as its values allow
    thunk: Callable[[], Any]
    expect: Optional[str] = None    # None, "ok" or "error"
    index_ok: bool = False          # IndexError is the documented error of this call
    cli: bool = False               # thunk returns (status, stdout, stderr)
    notes: List[str] = field(default_factory=list)


# --- values ----------------------------------------------------------------------------------

BOUNDARY_INTS = [-1, 0, 1, 2, 3, 4, 5, 14, 15, 16, 17, 20, 54, 255, 256, 2**31 - 1, 2**31,
                 2**32, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 10**20, -2**63, -2**64, -10**20]
FLOATS = [0.0, -0.0, 0.5, 1.0, 3.0, -1.0, 1e308, -1e308, 5e-324, float("nan"), float("inf"),
          float("-inf")]
NUMERIC_DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64",
                  "uint64", "float16", "float32", "float64", "complex64", "complex128",
                  "longdouble"]
ALL_DTYPES = NUMERIC_DTYPES + ["m8[s]", "M8[D]", "object", "U5", "S5", "V8"]
PRESET_NAMES = ["standard", "rlcard", "openspiel", "douzero"]
CARD_CHARS = "3456789TJQKA2BR10 sShHdDcCjX\t\n"
UNICODE = ["", " ", "\x00", "é", "十", "\u200b", "\U0001F0A1", "３", "Ｔ", "\ud800", "\uffff",
           "٣", "Ⅻ"]

# A fixed set of full deals to build valid positions and states from.
_DECK = [rank for rank in range(NUM_RANKS) for _ in range(FULL_DECK[rank])]


def _deal(rng: random.Random):
    cards = list(_DECK)
    rng.shuffle(cards)
    hands = []
    for part in (cards[:17], cards[17:34], cards[34:51], cards[51:]):
        counts = [0] * NUM_RANKS
        for rank in part:
            counts[rank] += 1
        hands.append(counts)
    return hands


class FakeHand(Hand):
    """A Hand whose properties lie."""
    __slots__ = ()

    def __init__(self, cards="", **lies):
        super().__init__(cards)
        _LIES[id(self)] = lies

    @property
    def bitboard(self):
        return _LIES.get(id(self), {}).get("bitboard", self._bitboard)

    @property
    def counts(self):
        return _LIES.get(id(self), {}).get("counts", self._counts)

    def __len__(self):
        lie = _LIES.get(id(self), {}).get("len")
        return lie if lie is not None else super().__len__()

    def __repr__(self):
        return f"FakeHand({str(Hand(self._counts))!r}, **{_LIES.get(id(self), {})!r})"


class FakeMove(Move):
    """A Move whose properties lie."""
    __slots__ = ()

    @property
    def word(self):
        return _LIES.get(id(self), {}).get("word", self._word)

    @property
    def counts(self):
        return _LIES.get(id(self), {}).get("counts", self._counts)

    @property
    def type(self):
        return _LIES.get(id(self), {}).get("type", self._type)

    @property
    def is_pass(self):
        return _LIES.get(id(self), {}).get("is_pass", self._type == "pass")

    def __repr__(self):
        return f"FakeMove({Move.__repr__(self)}, **{_LIES.get(id(self), {})!r})"


_LIES: Dict[int, Dict[str, Any]] = {}
_KEEP: List[Any] = []   # keeps forged objects alive so their ids stay theirs


def fake_move(move: Move, **lies) -> FakeMove:
    forged = FakeMove.__new__(FakeMove)
    forged._set(move.type, move.key, move.length, move.counts)
    _LIES[id(forged)] = lies
    _KEEP.append(forged)
    return forged


def fake_hand(cards, **lies) -> FakeHand:
    forged = FakeHand(cards, **lies)
    _KEEP.append(forged)
    return forged


class FakePosition(Position):
    """A Position subclass (its fields get changed with object.__setattr__ after checks)."""

    def __repr__(self):
        return (f"FakePosition(hands={self.hands!r}, landlord={self.landlord!r}, "
                f"to_move={self.to_move!r}, prev={self.prev!r}, "
                f"passes={self.passes!r})")


class Weird:
    """Objects with hostile dunder methods."""

    class Index:
        def __init__(self, value):
            self.value = value

        def __index__(self):
            return self.value

        def __repr__(self):
            return f"Index({self.value!r})"

    class RaisingIndex:
        def __index__(self):
            raise RuntimeError("boom from __index__")

        def __repr__(self):
            return "RaisingIndex()"

    class BadLen:
        def __init__(self, n):
            self.n = n

        def __len__(self):
            return self.n

        def __getitem__(self, i):
            if isinstance(i, int) and 0 <= i < 15:
                return 1
            raise IndexError(i)

        def __repr__(self):
            return f"BadLen({self.n!r})"

    class LyingStr(str):
        def __len__(self):
            return 3

        def lower(self):
            return 5

    class Endless:
        def __iter__(self):
            while True:
                yield 1

        def __repr__(self):
            return "Endless()"


def deep(n: int, leaf: Any = 0, kind: str = "list"):
    value = leaf
    for _ in range(n):
        value = [value] if kind == "list" else {"a": value}
    return value


class Gen:
    """Draws values for one case from its own random stream."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.notes: List[str] = []
        self.invalid = False    # set when a drawn value is known to be invalid

    # primitives
    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, seq):
        return seq[self.rng.randrange(len(seq))]

    def int(self) -> int:
        r = self.rng.random()
        if r < 0.5:
            return self.pick(BOUNDARY_INTS)
        if r < 0.8:
            return self.rng.randint(-3, 20)
        return self.rng.randint(-2**70, 2**70)

    def float(self) -> float:
        return self.pick(FLOATS) if self.chance(0.7) else self.rng.uniform(-100, 100)

    def np_scalar(self):
        dtype = self.pick(ALL_DTYPES)
        value = self.pick([0, 1, 3, 4, 15, 255, -1])
        try:
            if dtype.startswith("m8") or dtype.startswith("M8"):
                return np.array(value).astype(dtype)[()]
            if dtype in ("U5", "S5", "V8", "object"):
                return np.array(str(value), dtype=dtype if dtype != "object" else object)[()]
            return np.array(value).astype(dtype)[()]
        except Exception:
            return np.int64(value)

    def text(self) -> str:
        r = self.rng.random()
        if r < 0.45:
            n = self.rng.randint(0, 25)
            return "".join(self.pick(CARD_CHARS) for _ in range(n))
        if r < 0.6:
            return "".join(self.pick(UNICODE) for _ in range(self.rng.randint(1, 6)))
        if r < 0.7:
            return self.pick(["pass", "PASS", "-", "", "3" * 5, "BR", "rocket", "33:pair",
                              "333444555666:airplane_solo@4", "3:solo@99", "33:", ":",
                              "3@", "KK:pair@K", "BID_3", "DOUBLE", "NO_DOUBLE", "ROB"])
        if r < 0.8:
            return self.pick(["3", "33", "BR", "T"]) * self.pick([100, 10_000, 1_000_000])
        return "".join(chr(self.rng.randint(0, 0x2FFF)) for _ in range(self.rng.randint(1, 30)))

    def array(self):
        """A numpy array of any dtype and shape, sometimes with odd memory."""
        dtype = self.pick(ALL_DTYPES)
        shape = self.pick([(), (0,), (15,), (14,), (16,), (3,), (2, 15), (1, 15), (15, 1),
                           (3, 15), (0, 15), (4,), (2, 3, 15), (30,)])
        size = int(np.prod(shape)) if shape else 1
        values = [self.pick([0, 0, 1, 1, 2, 3, 4, 5, -1, 255]) for _ in range(size)]
        try:
            if dtype == "object":
                arr = np.empty(shape, dtype=object)
                flat = arr.reshape(-1) if shape else None
                if flat is None:
                    arr[()] = self.pick([1, "3", None, [1, 2]])
                else:
                    for i in range(size):
                        flat[i] = self.pick([1, 2, np.int8(1), "3", None, 1.5, [1], 2**70])
            elif dtype in ("U5", "S5"):
                arr = np.array([str(v) for v in values], dtype=dtype).reshape(shape)
            elif dtype == "V8":
                arr = np.zeros(shape, dtype="V8")
            else:
                arr = np.array(values).astype(dtype).reshape(shape)
        except Exception:
            arr = np.zeros(shape, dtype=np.int64)
        variant = self.rng.random()
        if variant < 0.1 and arr.ndim >= 1 and arr.dtype.kind in "biuf":
            bigger = np.repeat(arr, 2, axis=-1)
            arr = bigger[..., ::2]                  # non-contiguous
        elif variant < 0.2 and arr.dtype.kind in "iuf" and arr.dtype.itemsize > 1:
            arr = arr.astype(arr.dtype.newbyteorder())   # byte-swapped (values change)
        elif variant < 0.3:
            arr = arr.copy()
            arr.flags.writeable = False
        elif variant < 0.35 and arr.dtype.kind in "biuf" and arr.size:
            arr = _memmap_copy(arr)
        return arr

    def ragged(self):
        return self.pick([[[1, 2], [3]], [[0] * 15, [0] * 14], [[0] * 15, 5], [[[0]], 0],
                          np.array([np.zeros(15), np.zeros(3)], dtype=object)])

    def container(self, depth: int = 0):
        kind = self.rng.random()
        n = self.rng.randint(0, 16)
        items = [self.any(depth + 1) for _ in range(min(n, 4))]
        if kind < 0.3:
            return items
        if kind < 0.5:
            return tuple(items)
        if kind < 0.65:
            return {self.pick(["a", 0, "hands", None]): v for v in items}
        if kind < 0.75:
            return set(x for x in items if _hashable(x))
        if kind < 0.85:
            return deep(self.pick([10, 100, 1000, 5000]), kind=self.pick(["list", "dict"]))
        return [self.pick([0, 1, 4, 5, -1, 1.0, True, None]) for _ in range(n)]

    def forged(self):
        r = self.rng.random()
        if r < 0.35:
            lie = self.pick([{"bitboard": 0x8}, {"bitboard": 10 << 60}, {"bitboard": -1},
                             {"bitboard": 2**64}, {"bitboard": 2**70}, {"bitboard": 0x5},
                             {"bitboard": "x"}, {"counts": (5,) * 15}, {"counts": (1,) * 3},
                             {"len": -1}, {"bitboard": 0xFFFFFFFFFFFFFFF}])
            return fake_hand(self.valid_hand_text(), **lie)
        if r < 0.75:
            lie = self.pick([{"word": 10 << 60}, {"word": 15 << 60}, {"word": 0},
                             {"word": 2**64 - 1}, {"word": -1}, {"word": 2**64},
                             {"word": 0x8}, {"counts": (4,) * 15}, {"type": "bogus"},
                             {"is_pass": True}, {"is_pass": False}, {"word": None}])
            return fake_move(self.valid_move(), **lie)
        return self.pick([Weird.Index(self.int()), Weird.RaisingIndex(),
                          Weird.BadLen(self.pick([15, -1, 2**63, 0])),
                          Weird.LyingStr("333"), Weird.Endless()])

    def any(self, depth: int = 0):
        r = self.rng.random()
        if depth > 2:
            r = r * 0.6
        if r < 0.15:
            return self.int()
        if r < 0.2:
            return self.pick([True, False, None])
        if r < 0.27:
            return self.float()
        if r < 0.37:
            return self.np_scalar()
        if r < 0.5:
            return self.text()
        if r < 0.55:
            return self.pick([b"", b"333", bytes(15), bytes([1] * 15), bytearray(b"\x01" * 15),
                              memoryview(b"\x00" * 15)])
        if r < 0.6:
            return self.forged()
        if r < 0.7:
            return self.array()
        if r < 0.74:
            return self.ragged()
        if r < 0.88:
            return self.container(depth)
        return self.pick([object(), Hand, Move, int, len, Ellipsis, NotImplemented,
                          slice(0, 3), range(15), iter([0] * 15), complex(1, 1),
                          Rules(), Move.PASS, Hand("")])

    # valid-ish values
    def valid_counts(self) -> List[int]:
        deal = _deal(self.rng)
        counts = self.pick(deal[:3])
        if self.chance(0.3):
            counts = [min(c, self.rng.randint(0, c)) for c in counts]
        return counts

    def valid_hand_text(self) -> str:
        return str(Hand(self.valid_counts()))

    def hand_like(self):
        """A valid hand in some form, or a mutated / hostile one."""
        r = self.rng.random()
        counts = self.valid_counts()
        if r < 0.25:
            return Hand(counts)
        if r < 0.4:
            return str(Hand(counts))
        if r < 0.5:
            return list(counts)
        if r < 0.55:
            return tuple(counts)
        if r < 0.62:
            dtype = self.pick(NUMERIC_DTYPES + ["m8[s]", "object"])
            try:
                arr = np.array(counts).astype(dtype)
            except Exception:
                arr = np.array(counts)
            if dtype.startswith("m8") or dtype in ("float16", "float32", "float64",
                                                   "complex64", "complex128", "longdouble",
                                                   "bool"):
                if dtype.startswith("m8"):
                    self.invalid = True
            return arr
        if r < 0.7:
            mutated = list(counts)
            i = self.rng.randrange(NUM_RANKS)
            mutated[i] = self.pick([-1, 5, 2 if i >= 13 else 9, 2**64, 1.5, "1", None, True,
                                    np.int64(2), float("nan")])
            if self.chance(0.3):
                mutated = mutated[:self.rng.randint(0, 16)]
            return mutated
        if r < 0.73:
            self.invalid = True
            return bytes(counts) if self.chance(0.5) else bytearray(counts)
        if r < 0.78:
            return self.forged()
        return self.any()

    def valid_move(self) -> Move:
        space = action_space(self.pick(PRESET_NAMES))
        return space[self.rng.randrange(len(space))]

    def move_like(self):
        r = self.rng.random()
        if r < 0.45:
            return self.valid_move()
        if r < 0.55:
            return self.pick([None, Move.PASS])
        if r < 0.7:
            return self.forged()
        if r < 0.8:
            return self.valid_move().word
        return self.any()

    def rules_like(self):
        r = self.rng.random()
        if r < 0.3:
            return None
        if r < 0.55:
            return self.pick(PRESET_NAMES)
        if r < 0.7:
            return self.pick([Rules(), Rules.preset(self.pick(PRESET_NAMES)),
                              Rules(solo_wing_max_copies=2, four_two=False),
                              Rules(bidding="call_rob"), Rules(four_two_solo_max_copies=2,
                                                               rocket_in_kickers=False)])
        if r < 0.8:
            return self.pick(["STANDARD", "house", "", "standard ", "rl card", "douzero\x00"])
        return self.any()

    def seed_like(self):
        r = self.rng.random()
        if r < 0.5:
            return self.rng.randint(0, 10**6)
        if r < 0.6:
            return self.pick(["", "seed", "a:b", "é"])
        return self.any()

    def position(self, mutate: float = 0.3):
        """A Position from a random deal, possibly played on, sometimes mutated or forged."""
        deal = _deal(self.rng)
        landlord = self.rng.randrange(3)
        hands = [list(c) for c in deal[:3]]
        hands[landlord] = [a + b for a, b in zip(hands[landlord], deal[3])]
        if self.chance(0.5):   # small hands for deep searches
            hands = [[min(c, self.rng.randint(0, 1)) if self.chance(0.7) else c for c in h]
                     for h in hands]
        if self.chance(0.08):   # a finished hand: someone has played out
            hands[self.rng.randrange(3)] = [0] * NUM_RANKS
        pos = Position([Hand(h) for h in hands], landlord, landlord)
        for _ in range(self.rng.randint(0, 6)):
            if pos.is_over:
                break
            actions = pos.legal_actions()
            pos = pos.play(self.pick(actions))
        if self.chance(mutate):
            pos = self.forge_position(pos)
        return pos

    def forge_position(self, pos: Position):
        forged = FakePosition(pos.hands, pos.landlord, pos.to_move, pos.prev,
                              pos.passes)
        name = self.pick(["to_move", "landlord", "passes", "prev", "hands", "hand"])
        if name == "hands":
            value = self.pick([(), (Hand(),) * 2, (Hand(),) * 4, None, "abc",
                               tuple(fake_hand(str(h), bitboard=self.pick([0x8, 10 << 60,
                                                                           2**64 - 1, 0]))
                                     for h in pos.hands),
                               # more cards than one deck holds: a hand of 5-7 threes, or
                               # three hands sharing cards
                               tuple(fake_hand(str(h), bitboard=self.pick(
                                   [0x5, 0x7, 0x777777777777777, 0x70000]))
                                     for h in pos.hands),
                               (pos.hands[0],) * 3, (Hand(FULL_DECK),) * 3])
            if isinstance(value, tuple) and len(value) == 3:
                self.invalid = self.invalid or _more_than_a_deck(value)
        elif name == "hand":
            hands = list(pos.hands)
            hands[self.rng.randrange(3)] = self.pick([Hand("44444"[:4]), Hand(FULL_DECK),
                                                      fake_hand("33", bitboard=0x8), "333",
                                                      None])
            name, value = "hands", tuple(hands)
        elif name == "prev":
            value = self.pick([fake_move(self.valid_move(),
                                         word=self.pick([10 << 60, 0, 2**64 - 1, 15 << 60])),
                               self.valid_move(), Move.PASS, "33", 5])
            if isinstance(value, FakeMove):
                # Read for what its word says (the library rebuilds it from the word): word 0
                # is the pass, a valid move to beat ("the player leads"); the others are none.
                self.invalid = self.invalid or value.word != 0
        else:
            value = self.pick([3, 5, -1, 2**63, 2**64, 10**20, None, "0", 1.0, np.int64(1),
                               True])
        object.__setattr__(forged, name, value)
        self.notes.append(f"object.__setattr__(pos, {name!r}, {value!r})")
        return forged

    def int_or_any(self, p_valid: float = 0.6, low: int = 0, high: int = 3):
        if self.chance(p_valid):
            return self.rng.randint(low, high)
        return self.any()

    def state(self, rules=None, steps: Optional[int] = None):
        """A State of a random deal with some random actions applied."""
        game = Game(rules if rules is not None else self.pick(PRESET_NAMES + [Rules(
            bidding="call_rob")]))
        state = game.new_state(seed=self.rng.randint(0, 10**6),
                               first_bidder=self.rng.randrange(3))
        steps = self.rng.randint(0, 40) if steps is None else steps
        for _ in range(steps):
            if state.is_over:
                break
            state.apply(self.pick(state.legal_actions()))
        return state


def _more_than_a_deck(hands) -> bool:
    """Whether hands hold more than one deck. A Hand subclass is read for what its counts say
    (the library rebuilds it from them, checked), whatever its bitboard claims."""
    total = [sum(h.counts[rank] for h in hands) for rank in range(NUM_RANKS)]
    return any(have > FULL_DECK[rank] for rank, have in enumerate(total))


def _known_invalid_counts(value) -> bool:
    """Counts no hand may be built from: bytes, and arrays of non-integer kinds."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return len(value) > 0
    return isinstance(value, np.ndarray) and value.dtype.kind in "mMUSVcO" \
        and value.dtype.kind != "O"


def _hashable(value) -> bool:
    try:
        hash(value)
        return True
    except Exception:
        return False


def _memmap_copy(arr: np.ndarray) -> np.ndarray:
    fd, path = tempfile.mkstemp(prefix="ddzfuzz", suffix=".dat")
    os.close(fd)
    try:
        mm = np.memmap(path, dtype=arr.dtype, mode="w+", shape=arr.shape)
        mm[...] = arr
        return mm
    finally:
        os.unlink(path)   # the mapping stays valid


def r(value: Any, limit: int = 300) -> str:
    """A short repr of a value for reports."""
    if isinstance(value, np.ndarray):
        flags = []
        if not value.flags.c_contiguous:
            flags.append("non-contiguous")
        if not value.flags.writeable:
            flags.append("read-only")
        if isinstance(value, np.memmap):
            flags.append("memmap")
        if value.dtype.byteorder not in "=|":
            flags.append("byte-swapped")
        text = f"np.array({value.tolist()!r}, dtype={value.dtype.str!r})"
        if flags:
            text += f"  # {', '.join(flags)}"
    else:
        try:
            text = repr(value)
        except Exception as error:  # a hostile repr
            text = f"<{type(value).__name__}: repr failed: {error!r}>"
    if len(text) > limit:
        text = text[:limit - 20] + f"...<{len(text)} chars>"
    return text


def call_text(name: str, *args, **kwargs) -> str:
    parts = [r(a) for a in args] + [f"{k}={r(v)}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


# --- entry points ----------------------------------------------------------------------------

ENTRIES: Dict[str, Callable[[Gen], tuple]] = {}


def entry(name: str):
    def register(builder):
        ENTRIES[name] = builder
        return builder
    return register


def _call(name: str, fn: Callable, *args, **kwargs):
    """(text, thunk) of a plain call."""
    return call_text(name, *args, **kwargs), (lambda: fn(*args, **kwargs))


def _consume(value):
    """Touch a result so that lazy errors show up inside the case."""
    if isinstance(value, (ddz_fast.MoveList, list, tuple)):
        for item in value:
            str(item)
        return len(value)
    return value


@entry("Hand")
def _(g: Gen):
    value = g.hand_like() if g.chance(0.6) else g.any()
    if g.chance(0.1):
        value = g.pick([np.array(3), np.array([]), np.array([[0] * 15]), b"\x01" * 15,
                        bytearray(15), np.zeros(15, dtype="m8[s]"), np.ones(15, dtype="m8[D]")])
    text, thunk = _call("Hand", Hand, value)
    return text, thunk, {"expect": "error" if _known_invalid_counts(value) else None}


@entry("Hand.from_bitboard")
def _(g: Gen):
    value = g.pick([Hand(g.valid_counts()).bitboard, 0x8, 10 << 60, 2**64, -1]) \
        if g.chance(0.5) else g.any()
    return _call("Hand.from_bitboard", Hand.from_bitboard, value)


@entry("Move")
def _(g: Gen):
    base = g.valid_move() if g.chance(0.8) else Move.PASS
    args = [base.type, base.key, base.length, list(base.counts)]
    for _ in range(g.rng.randint(1, 2)):
        i = g.rng.randrange(4)
        if i == 0:
            args[0] = g.pick(["solo", "SOLO", "chain", "bogus", ["solo"], None, 1, b"solo",
                              "pass", "rocket"]) if g.chance(0.7) else g.any()
        elif i in (1, 2):
            args[i] = g.pick([-1, 0, 13, 15, 12, 16, 2**31, np.int64(1), 1.0, True, None]) \
                if g.chance(0.7) else g.any()
            if g.chance(0.03):   # huge chain lengths: known to be slow, so drawn rarely
                args[i] = g.pick([10**7, 2**63, 10**20])
        else:
            args[3] = g.hand_like() if g.chance(0.5) else g.any()
    if g.chance(0.05):
        args = ["chain", 0, g.pick([10**7, 10**5, 10**9]), list(base.counts)]
    return _call("Move", Move, *args)


@entry("Move.from_word")
def _(g: Gen):
    if g.chance(0.5):
        word = g.valid_move().word
        word = g.pick([word, word ^ (1 << g.rng.randrange(64)), word | (1 << 63), word + 1,
                       word - 1, -word, word << 1, 10 << 60, 15 << 60])
    else:
        word = g.any()
    return _call("Move.from_word", Move.from_word, word)


@entry("parse_cards")
def _(g: Gen):
    value = g.text() if g.chance(0.7) else g.any()
    return _call("parse_cards", parse_cards, value)


@entry("format_cards")
def _(g: Gen):
    value = g.hand_like() if g.chance(0.5) else g.any()
    return _call("format_cards", ddz_fast.format_cards, value)


@entry("legal_moves")
def _(g: Gen):
    hand = g.hand_like()
    prev = g.move_like()
    rules = g.rules_like()
    text = call_text("legal_moves", hand, prev, rules=rules)
    return text, lambda: _consume(legal_moves(hand, prev, rules=rules))


@entry("classify")
def _(g: Gen):
    cards = (str(g.valid_move().cards) if g.chance(0.3) else g.hand_like()) \
        if g.chance(0.7) else g.any()
    rules = g.rules_like()
    text = call_text("classify", cards, rules=rules)
    return text, lambda: _consume(classify(cards, rules=rules))


@entry("beats")
def _(g: Gen):
    move, prev, rules = g.move_like(), g.move_like(), g.rules_like()
    return _call("beats", beats, move, prev, rules=rules)


@entry("action_space")
def _(g: Gen):
    rules = g.rules_like()
    text = call_text("action_space", rules)
    return text, lambda: len(action_space(rules))


@entry("action_id")
def _(g: Gen):
    move, rules = g.move_like(), g.rules_like()
    return _call("action_id", action_id, move, rules)


@entry("action_move")
def _(g: Gen):
    value = g.rng.randint(-2, 30000) if g.chance(0.3) else \
        g.pick([g.int(), g.np_scalar(), g.any(), Weird.Index(g.int())])
    rules = g.rules_like()
    return _call("action_move", action_move, value, rules)


def _batch_args(g: Gen):
    r = g.rng.random()
    n = g.pick([0, 1, 2, 5])
    if r < 0.3:
        hands = np.array([g.valid_counts() for _ in range(n)], dtype=g.pick(
            ["int8", "uint8", "int64", "int32", "uint64", "float64", "bool", "m8[s]", "object",
             "int16"])).reshape(n, 15)
        if hands.dtype.kind == "m":
            g.invalid = True
    elif r < 0.45:
        words = [Hand(g.valid_counts()).bitboard for _ in range(n)]
        try:
            hands = np.array(words, dtype=g.pick(["uint64", "int64", "float64", "object",
                                                  "uint32"]))
        except OverflowError:
            hands = np.array(words, dtype="uint64")
        if g.chance(0.3) and n:
            try:
                hands[g.rng.randrange(n)] = g.pick([0x8, 0x5, 2**63 + 1, 10 << 60, 2**31]) \
                    if hands.dtype.kind != "f" else 0.5
            except (OverflowError, ValueError):
                pass
    elif r < 0.55:
        hands = [g.valid_counts() for _ in range(n)]
        if g.chance(0.5) and n:
            hands[g.rng.randrange(n)] = g.any()
    elif r < 0.65:
        hands = g.ragged()
    else:
        hands = g.array() if g.chance(0.6) else g.any()
    if g.chance(0.4):
        prevs = None
    elif g.chance(0.5):
        try:
            size = int(len(hands)) if not isinstance(hands, dict) else 1
        except Exception:
            size = 1
        size = max(0, min(size, 8)) + g.pick([0, 0, 0, 1, -1])
        words = [g.valid_move().word if g.chance(0.7) else g.pick([0, 0x8, 10 << 60])
                 for _ in range(max(size, 0))]
        try:
            prevs = np.array(words, dtype=g.pick(["uint64", "int64", "object", "float64"]))
        except OverflowError:
            prevs = np.array(words, dtype="uint64")
    else:
        prevs = g.array() if g.chance(0.5) else g.any()
    return hands, prevs, g.rules_like()


@entry("legal_moves_batch")
def _(g: Gen):
    hands, prevs, rules = _batch_args(g)
    text, thunk = _call("legal_moves_batch", legal_moves_batch, hands, prevs, rules=rules)
    return text, thunk, {"expect": "error" if g.invalid else None}


@entry("legal_action_mask")
def _(g: Gen):
    hands, prevs, rules = _batch_args(g)
    text, thunk = _call("legal_action_mask", legal_action_mask, hands, prevs, rules=rules)
    return text, thunk, {"expect": "error" if g.invalid else None}


@entry("MoveList")
def _(g: Gen):
    hand = Hand(g.valid_counts())
    moves = legal_moves(hand)
    op = g.pick(["getitem", "getitem", "slice", "index", "count", "contains"])
    key = g.pick([g.int(), g.np_scalar(), Weird.Index(g.int()), g.any(), -1, len(moves),
                  -len(moves) - 1, 2**70, np.int64(0), np.uint64(2**64 - 1)])
    base = f"legal_moves(Hand({str(hand)!r}))"
    if op == "getitem":
        text = f"{base}[{r(key)}]"
        return text, lambda: moves[key], {"index_ok": True}
    if op == "slice":
        sl = slice(*(g.pick([None, g.int(), -1, 0, 3, g.any(), np.int8(2)]) for _ in range(3)))
        text = f"{base}[{r(sl)}]"
        return text, lambda: _consume(moves[sl])
    if op == "index":
        args = [g.move_like()] + [g.pick([g.int(), None, 0, -1, 2**70])
                                  for _ in range(g.rng.randint(0, 2))]
        text = f"{base}.index({', '.join(r(a) for a in args)})"
        return text, lambda: moves.index(*args)
    if op == "count":
        item = g.move_like()
        return f"{base}.count({r(item)})", lambda: moves.count(item)
    item = g.move_like()
    return f"{r(item)} in {base}", lambda: item in moves


@entry("Rules")
def _(g: Gen):
    from dataclasses import fields as dc_fields
    names = [f.name for f in dc_fields(Rules)]
    kwargs = {}
    for _ in range(g.rng.randint(1, 3)):
        name = g.pick(names + ["bogus"])
        kwargs[name] = g.pick([True, False, 1, 2, 4, 5, 0, "points", "call_rob", None,
                               np.bool_(True), np.int64(2), 1.0]) if g.chance(0.6) else g.any()
    if g.chance(0.3):
        base = Rules.preset(g.pick(PRESET_NAMES))
        return _call(f"Rules.preset(...).replace", base.replace, **kwargs)
    return _call("Rules", Rules, **kwargs)


@entry("Rules.preset")
def _(g: Gen):
    return _call("Rules.preset", Rules.preset, g.rules_like() if g.chance(0.5) else g.any())


@entry("Position")
def _(g: Gen):
    pos = g.position(mutate=0)
    args = [list(pos.hands), pos.landlord, pos.to_move, pos.prev, pos.passes]
    expect = None
    if g.chance(0.2):   # numpy integers for seats: documented ints, should be accepted
        args[1], args[2] = np.int64(args[1]), g.pick([np.int8, np.uint8, np.int32])(args[2])
        expect = "ok"
    for _ in range(g.rng.randint(0, 2)):
        expect = None
        i = g.rng.randrange(5)
        if i == 0:
            try:
                hands = list(args[0])
            except Exception:
                hands = []
            if g.chance(0.5) and hands:
                hands[g.rng.randrange(len(hands))] = g.hand_like()
            else:
                hands = g.pick([hands[:2], hands + [Hand()], "a/b/c", g.any()])
            args[0] = hands
        elif i == 4:
            args[4] = g.pick([0, 1, 2, -1, True, np.int64(1), None, 1.0]) \
                if g.chance(0.7) else g.any()
        elif i == 3:
            args[3] = g.move_like()
        else:
            args[i] = g.pick([0, 1, 2, 3, -1, True, np.int64(1), None, 1.0, 2**64]) \
                if g.chance(0.7) else g.any()
    text, thunk = _call("Position", Position, *args)
    return text, thunk, {"expect": expect}


@entry("Position.parse")
def _(g: Gen):
    if g.chance(0.6):
        text = str(g.position(mutate=0))
        fields_ = text.split(" ")
        i = g.rng.randrange(len(fields_))
        fields_[i] = g.pick([g.text(), "3", "-", "", "0", "9", "1.0", "٣", "33333",
                             "/".join([g.text()] * 3), "KK:pair@K", "BR:rocket"])
        if g.chance(0.2):
            fields_.append(g.text())
        text = " ".join(fields_)
    else:
        text = g.text() if g.chance(0.7) else g.any()
    return _call("Position.parse", Position.parse, text)


def _cards_in(pos) -> int:
    try:
        return sum(len(h) for h in pos.hands)
    except Exception:
        return 0


def _position_and_depth(g: Gen, max_depth: int):
    """A position and a depth; a user may well ask for the whole tree (a huge depth) of a
    position of a few cards, but not of a full deal: huge depths go to tiny positions only."""
    pos = g.position()
    if g.chance(0.15) and type(pos) is Position:   # a few cards left: the tree is small
        keep = [g.rng.randint(0, 3) for _ in range(3)]
        hands = []
        for hand, n in zip(pos.hands, keep):
            ranks = list(hand)[:n] if isinstance(hand, Hand) else []
            counts = [0] * NUM_RANKS
            for rank in ranks:
                counts[rank] += 1
            hands.append(Hand(counts))
        pos = Position(hands, g.rng.randrange(3), g.rng.randrange(3))
        g.invalid = False   # the forged position drawn above is gone
        if g.chance(0.3):
            pos = g.forge_position(pos)
    cards = _cards_in(pos)
    small = cards <= 24
    if g.chance(0.8):
        depth = g.rng.randint(0, max_depth if small else min(max_depth, 3))
    else:
        depth = g.pick([-1, True, 1.0, None, "2", np.int64(2), np.uint8(3), Weird.Index(2),
                        g.any()])
        if cards <= 9 and g.chance(0.5):
            depth = g.pick([2**16, 2**31, 2**64, 10**20, 1000])
        else:
            try:
                too_deep = not isinstance(depth, bool) and depth.__index__() > max_depth
            except Exception:
                too_deep = False
            if too_deep:
                depth = max_depth if small else 3
    return pos, depth


@entry("perft")
def _(g: Gen):
    pos, depth = _position_and_depth(g, 4)
    impl = g.pick([None, None, "native", "python", g.text(), None, len])
    if impl == "python" and isinstance(depth, int) and depth > 3:
        depth = 3
    text = call_text("perft", pos, depth, rules=None, implementation=impl)
    return text, lambda: perft(pos, depth, implementation=impl), {"notes": list(g.notes)}


@entry("divide")
def _(g: Gen):
    pos, depth = _position_and_depth(g, 4)
    impl = g.pick([None, "native"])
    rules = g.rules_like()

    def run():
        split = divide(pos, depth, rules=rules, implementation=impl)
        total = perft(pos, depth, rules=rules, implementation=impl)
        # A finished hand has no first action ({}) and is itself perft's one leaf.
        if split and sum(split.values()) != total:
            raise Mismatch(f"divide sums to {sum(split.values())} but perft counts {total}")
        return split
    text = call_text("divide", pos, depth, rules=rules, implementation=impl) + \
        "  # and sum(...) == perft(...)"
    return text, run, {"notes": list(g.notes)}


def _small_position(g: Gen):
    """A position of a few cards per hand (a solve of it is quick), sometimes forged."""
    pos = g.position(mutate=0.2)
    if type(pos) is not Position:
        return pos
    hands = []
    for hand in pos.hands:
        counts = [0] * NUM_RANKS
        for rank in list(hand)[:g.rng.randint(0, 4)]:
            counts[rank] += 1
        hands.append(Hand(counts))
    with contextlib.suppress(ValueError, TypeError):
        return Position(hands, pos.landlord, pos.to_move)
    return pos


@entry("solve")
def _(g: Gen):
    from ddz_fast.positions.duel import Duel
    from ddz_fast.search.solver import solve
    if g.chance(0.45):
        game = _small_position(g)
    elif g.chance(0.7):
        first, second = (g.pick(["", "3", "BR3", "KK5543", "225543", "3456789", "33", "44"])
                         for _ in range(2))
        try:        # a duel of an empty hand is refused: then solve gets the text itself
            game = Duel.parse(f"{first}/{second}")
        except ValueError:
            game = f"{first}/{second}"
    else:
        game = g.any()
    kwargs: Dict[str, Any] = {}
    for name in g.rng.sample(["rules", "objective", "max_nodes", "time_limit", "tt_megabytes",
                              "pv"], g.rng.randint(0, 3)):
        kwargs[name] = {
            "rules": g.rules_like,
            "objective": lambda: g.pick(["win", "stake", "lose", None, 3, g.text()]),
            "max_nodes": lambda: g.pick([None, 0, 1, 1000, -1, 2**64, 1.5, True]),
            "time_limit": lambda: g.pick([None, 0.01, 0, -1.0, float("nan"), float("inf"),
                                          "1", 1e308]),
            "tt_megabytes": lambda: g.pick([1, 8, 0, -1, 2**40, 1.0, None]),
            "pv": lambda: g.pick([True, False, None, 1, np.bool_(True)]),
        }[name]()
    kwargs.setdefault("max_nodes", 200_000)     # any solve stays well inside the timeout
    text = call_text("solve", game, **kwargs)
    return text, lambda: solve(game, **kwargs), {}


@entry("Duel")
def _(g: Gen):
    from ddz_fast.positions.duel import Duel
    if g.chance(0.5):
        arg = g.pick(["KK5543/225543", "KK5543/225543 55", "3/4", "/", "3//4", "33/44 555",
                      "BR/BR", "3333333/4", g.text(), g.any()])
        return call_text("Duel.parse", arg), lambda: str(Duel.parse(arg)), {}
    args = [g.hand_like() if g.chance(0.7) else g.any() for _ in range(2)]
    if g.chance(0.3):
        args.append(g.pick([None, Move.PASS, g.valid_move(), "33", 5]))
    return call_text("Duel", *args), lambda: str(Duel(*args)), {}


@entry("perft_native")
def _(g: Gen):
    pos, depth = _position_and_depth(g, 4)
    if g.chance(0.1):
        pos = g.any()
    rules = g.rules_like()
    text = call_text("perft_native", pos, depth, rules=rules)
    return text, lambda: perft_native(pos, depth, rules=rules), {
        "notes": list(g.notes), "expect": "error" if g.invalid else None}


@entry("play_out")
def _(g: Gen):
    pos = g.position(mutate=0.4) if g.chance(0.9) else g.any()
    seed = g.seed_like() if g.chance(0.5) else g.rng.randint(0, 2**64 - 1)
    rules = g.rules_like()
    text = call_text("play_out", pos, seed, rules=rules)
    return text, lambda: play_out(pos, seed, rules=rules), {
        "notes": list(g.notes), "expect": "error" if g.invalid else None}


@entry("random_games")
def _(g: Gen):
    n = g.pick([0, 1, 2, 10, 100, 1000]) if g.chance(0.6) else \
        g.pick([-1, 2**63, 2**64, 10**20, 1.0, True, None, np.int64(3), np.uint64(5),
                Weird.Index(3), g.any()])
    if g.chance(0.005):
        n = g.pick([100_000, 10**12])
    seed = g.rng.randint(0, 2**64 - 1) if g.chance(0.6) else g.pick(
        [-1, 2**64, 2**63, g.any()])
    kwargs = {}
    if g.chance(0.4):
        kwargs["rules"] = g.rules_like()
    if g.chance(0.3):
        kwargs["bidding"] = g.pick(["random", "points", "call_rob", "", None, g.any()])
    if g.chance(0.3):
        kwargs["record"] = g.pick([True, False, 1, None, np.bool_(True)])
    if g.chance(0.3):
        kwargs["workers"] = g.pick([1, 2, 0, -1, 2**31, 10**20, None, 1.5, np.int64(2)])
    if g.chance(0.3):
        kwargs["start"] = g.pick([0, 1, 2**64 - 1, 2**64, 2**63, -1, None, g.any()])

    game_index = g.pick([0, -1, "len", 2**70, np.int64(0)])

    def run():
        games = random_games(n, seed, **kwargs)
        if games.moves is not None and len(games):
            games.game_moves(len(games) if game_index == "len" else game_index)
        return len(games)
    # game_moves(i) indexes the games: IndexError is its documented error
    return call_text("random_games", n, seed, **kwargs) + \
        f" then .game_moves({r(game_index)})", run, {"index_ok": True}


@entry("Game")
def _(g: Gen):
    from ddz_fast.engine.clock import Clock
    kwargs = {}
    if g.chance(0.4):
        kwargs["chips"] = g.pick([None, 100, 0, -1, [100, 100, 100], [1, 2], (0, 0, 0),
                                  2**64, 1.5, np.int64(5), g.any()])
    if g.chance(0.3):
        kwargs["clock"] = g.pick([Clock(), None, 5, "fast", g.any()])
    if g.chance(0.3):
        kwargs["auto_play_policy"] = g.pick([None, 5, len, lambda s: None, g.any()])
    rules = g.rules_like()
    return _call("Game", Game, rules, **kwargs)


@entry("Game.new_state")
def _(g: Gen):
    game = Game(g.pick(PRESET_NAMES))
    seed = g.seed_like()
    first = g.int_or_any()
    kwargs = {}
    if g.chance(0.3):
        kwargs["stacks"] = g.pick([None, 10, [1, 2, 3], [-1, 0, 0], [0] * 4, g.any()])
    text = call_text("Game(...).new_state", seed, first, **kwargs)
    return text, lambda: game.new_state(seed, first, **kwargs)


@entry("new_state_from_hands")
def _(g: Gen):
    rules = g.pick(PRESET_NAMES + [Rules(bidding="call_rob")])
    game = Game(rules)
    deal = _deal(g.rng)
    hands = [Hand(c) for c in deal[:3]]
    kitty = Hand(deal[3])
    args = {"hands": hands, "kitty": kitty}
    kwargs = {}
    landlord = g.pick([None, 0, 1, 2])
    if landlord is not None:
        hands = list(hands)
        hands[landlord] = Hand([a + b for a, b in zip(deal[landlord], deal[3])])
        args["hands"] = hands
        args["kitty"] = g.pick([kitty, None])
        kwargs["landlord"] = landlord
    for _ in range(g.rng.randint(0, 3)):
        name = g.pick(["hands", "hand", "kitty", "landlord", "first_bidder", "seed",
                       "base_stake", "stacks"])
        if name == "hand":
            if isinstance(args["hands"], list):
                hands = list(args["hands"])
                if hands:
                    hands[g.rng.randrange(len(hands))] = g.hand_like()
                args["hands"] = hands
        elif name in ("hands", "kitty"):
            args[name] = g.hand_like() if g.chance(0.5) else g.any()
        else:
            kwargs[name] = g.pick([0, 1, 2, 3, -1, None, 2**64, np.int64(1), True, 100]) \
                if g.chance(0.6) else g.any()
    text = call_text("Game(...).new_state_from_hands", args["hands"], args["kitty"], **kwargs)
    return text, lambda: game.new_state_from_hands(args["hands"], args["kitty"], **kwargs)


def _state_text(g: Gen, state) -> str:
    return f"<state seed={state.seed!r} phase={state.phase} events={len(state.events)}>"


@entry("State.apply")
def _(g: Gen):
    state = g.state()
    from ddz_fast import Bid, Double
    action = g.pick([Bid.PASS, Bid.BID_3, Bid.ROB, Double.DOUBLE, Move.PASS, g.valid_move(),
                     0, 1, 3, 5, 99, -1, True, "BID_3", None, np.int64(3)]) \
        if g.chance(0.6) else g.move_like() if g.chance(0.5) else g.any()
    if not state.is_over and g.chance(0.2):
        action = g.pick(state.legal_actions())
    text = f"{_state_text(g, state)}.apply({r(action)})"
    return text, lambda: state.apply(action)


@entry("State.apply_id")
def _(g: Gen):
    state = g.state(steps=g.rng.randint(0, 80))
    size = len(action_space(state.rules))
    action = g.pick([0, 1, size - 1, size, size + 1, -1, 2 ** 64, True, None, "3", 1.5,
                     np.int64(3), np.uint64(2 ** 63)]) if g.chance(0.6) else g.any()
    if state.phase == "play" and g.chance(0.3):
        move = g.pick(state.legal_actions())
        action = size if move.is_pass else action_id(move, state.rules)
    return f"{_state_text(g, state)}.apply_id({r(action)})", lambda: state.apply_id(action)


@entry("State.timeout")
def _(g: Gen):
    state = g.state(steps=g.rng.randint(0, 60))
    return f"{_state_text(g, state)}.timeout()", state.timeout


@entry("State.play_auto")
def _(g: Gen):
    state = g.state(steps=g.rng.randint(0, 60))
    arg = g.move_like() if g.chance(0.5) else g.pick(
        [None] + (state.legal_actions() if not state.is_over else []))
    return f"{_state_text(g, state)}.play_auto({r(arg)})", lambda: state.play_auto(arg)


@entry("State.run_auto_play")
def _(g: Gen):
    from ddz_fast.engine.clock import Clock
    game = Game(g.pick(PRESET_NAMES + [Rules(bidding="call_rob")]),
                clock=g.pick([None, Clock(timeouts_to_auto_play=1)]))
    state = game.new_state(seed=g.rng.randint(0, 10**6))
    for _ in range(g.rng.randint(0, 30)):
        if state.is_over:
            break
        state.apply(g.pick(state.legal_actions()))
    seats = [p for p in range(3) if g.chance(0.4)]
    if g.chance(0.05):
        seats = [0, 1, 2]
    notes = []
    for seat in seats:
        if not state.is_over:
            state.set_auto_play(seat, True)
            notes.append(f"set_auto_play({seat}, True)")
    text = f"{_state_text(g, state)} after {'; '.join(notes) or 'no set_auto_play'}" \
           f" .run_auto_play()"
    return text, state.run_auto_play


@entry("State.set_auto_play")
def _(g: Gen):
    state = g.state()
    player = g.int_or_any(0.5)
    on = g.pick([True, False, 1, 0, None, "yes", np.bool_(True)]) if g.chance(0.7) else g.any()

    then_run = g.chance(0.5)

    def run():
        state.set_auto_play(player, on)
        return state.run_auto_play() if then_run else None
    return f"{_state_text(g, state)}.set_auto_play({r(player)}, {r(on)})", run


@entry("State.leave")
def _(g: Gen):
    state = g.state()
    player = g.int_or_any(0.5)

    def run():
        state.leave(player)
        return state.run_auto_play()
    return f"{_state_text(g, state)}.leave({r(player)}); .run_auto_play()", run


@entry("State.misc")
def _(g: Gen):
    state = g.state(steps=g.rng.randint(0, 80))
    name = g.pick(["clone", "returns", "position", "legal_actions", "scores", "time_limit",
                   "history", "winner", "final_stacks", "raw_scores", "repr"])

    def run():
        if name == "repr":
            return repr(state)
        value = getattr(state, name)
        return value() if callable(value) else value
    return f"{_state_text(g, state)}.{name}", run


@entry("Match")
def _(g: Gen):
    from ddz_fast import Match
    from ddz_fast.search.bots import GreedyBot, RandomBot, act
    game = g.pick([Game(), Game("rlcard"), Game(Rules(bidding="call_rob"))]) \
        if g.chance(0.9) else g.any()
    n = g.pick([0, 1, 2, 3]) if g.chance(0.6) else g.pick(
        [-1, 100, None, 1.5, np.int64(2), True, g.any()])
    if g.chance(0.02):
        n = g.pick([10**9, 2**63, 10**20])
    kwargs = {}
    if g.chance(0.4):
        kwargs["seed"] = g.seed_like()
    if g.chance(0.3):
        kwargs["first_bidder"] = g.int_or_any()
    bot = RandomBot(1)
    policy = g.pick([lambda s: act(bot, s), lambda s: act(GreedyBot(), s), lambda s: None,
                     lambda s: 5, lambda s: s.legal_actions()[-1]])

    # play() plays every hand: only a few hands are played, larger matches are made and dealt
    play_all = isinstance(n, int) and n <= 3 and g.chance(0.7)

    def run():
        match = Match(game, n, **kwargs)
        if play_all:
            return match.play(policy)
        return match.next_hand()
    return call_text("Match", game, n, **kwargs) + \
        (".play(policy)" if play_all else ".next_hand()"), run


@entry("Clock")
def _(g: Gen):
    from dataclasses import fields as dc_fields
    from ddz_fast.engine.clock import Clock
    names = [f.name for f in dc_fields(Clock)]
    kwargs = {}
    for _ in range(g.rng.randint(1, 3)):
        name = g.pick(names)
        value = g.pick([1, 0.5, 0, -1, float("nan"), float("inf"), float("-inf"), True, None,
                        np.float64(1.0), np.int64(2), "5", 2**64, 1e308]) \
            if g.chance(0.7) else g.any()
        kwargs[name] = value
    invalid = any(isinstance(v, float) and not math.isfinite(v) for v in kwargs.values())
    text, thunk = _call("Clock", Clock, **kwargs)
    return text, thunk, {"expect": "error" if invalid else None}


def _valid_record(g: Gen) -> dict:
    from ddz_fast.engine import record
    state = g.state(steps=g.rng.randint(0, 200))
    if g.chance(0.2) and not state.is_over:
        state.timeout()
    if g.chance(0.2) and not state.is_over:
        state.set_auto_play(g.rng.randrange(3), True)
        state.run_auto_play()
    return record.to_record(state)


def _mutate_json(g: Gen, value, depth: int = 0):
    """Change one field somewhere inside a JSON-like structure."""
    if isinstance(value, dict) and value and (depth == 0 or g.chance(0.7)):
        key = g.pick(sorted(value, key=str))
        new = dict(value)
        r_ = g.rng.random()
        if r_ < 0.15:
            del new[key]
        elif r_ < 0.2:
            new[g.pick(["bogus", "", "0"])] = g.any()
        else:
            new[key] = _mutate_json(g, value[key], depth + 1)
        return new
    if isinstance(value, list) and value and g.chance(0.7):
        new = list(value)
        i = g.rng.randrange(len(value))
        r_ = g.rng.random()
        if r_ < 0.15:
            del new[i]
        elif r_ < 0.25:
            new.append(g.any() if g.chance(0.5) else new[i])
        else:
            new[i] = _mutate_json(g, value[i], depth + 1)
        return new
    return g.pick([None, 0, -1, 1, 2, 3, 2**64, 10**20, 1.5, float("nan"), "", "x", "BID_3",
                   "pass", "33", True, [], {}, [0, 0, 0], deep(g.pick([50, 2000])),
                   g.text(), g.any()])


def _record_value(g: Gen):
    rec = _valid_record(g)
    for _ in range(g.rng.randint(0 if g.chance(0.1) else 1, 3)):
        rec = _mutate_json(g, rec)
    return rec


@entry("record.from_json")
def _(g: Gen):
    import json
    from ddz_fast.engine import record
    if g.chance(0.6):
        rec = _record_value(g)
        try:
            text = json.dumps(rec)
        except Exception:
            text = r(rec, 10**6)
        if g.chance(0.2):
            text = text[:g.rng.randrange(len(text) + 1)]
    else:
        text = g.pick([g.text(), "[" * 100000, '{"format": "ddz_fast.record", "version": 1}',
                       "NaN", "1e999999", "\"" + "x" * 10 + "\"", b'{"a": 1}', g.any(),
                       '{"format": "ddz_fast.record", "version": ' + "9" * 5000 + "}"])

    then_load = g.chance(0.5)

    def run():
        rec = record.from_json(text)
        return record.load(rec) if then_load else rec
    return call_text("record.from_json", text, ) + " (then maybe load)", run


@entry("record.load")
def _(g: Gen):
    from ddz_fast.engine import record
    rec = _record_value(g) if g.chance(0.9) else g.any()
    kwargs = {"game": g.pick([Game(), g.any()])} if g.chance(0.1) else {}
    return _call("record.load", record.load, rec, **kwargs)


@entry("record.replay")
def _(g: Gen):
    from ddz_fast.engine import record
    rec = _record_value(g) if g.chance(0.9) else g.any()
    text = call_text("list(record.replay", rec) + ")"
    return text, lambda: len(list(record.replay(rec)))


@entry("record.to_json")
def _(g: Gen):
    from ddz_fast.engine import record
    state = g.state() if g.chance(0.7) else g.any()
    kwargs = {g.pick(["indent", "sort_keys", "bogus"]): g.any()} if g.chance(0.3) else {}
    return _call("record.to_json", record.to_json, state, **kwargs)


@entry("notation.parse_move")
def _(g: Gen):
    from ddz_fast.moves.notation import format_move, parse_move
    text = format_move(g.valid_move()) if g.chance(0.3) else g.text()
    if g.chance(0.3) and isinstance(text, str):
        text = text + g.pick([":", "@", "@K", "@99", ":pair", ":bogus", "@-1", "@", "@" * 3,
                              "@٣", "@1e3", ":solo@10"])
    if g.chance(0.1):
        text = g.any()
    return _call("parse_move", parse_move, text)


@entry("notation.parse_action")
def _(g: Gen):
    from ddz_fast.moves.notation import parse_action
    text = g.text() if g.chance(0.8) else g.any()
    phase = g.pick(["bidding", "doubling", "play", "over", "", None, "PLAY", 5])
    return _call("parse_action", parse_action, text, phase)


@entry("notation.format")
def _(g: Gen):
    from ddz_fast import Bid
    from ddz_fast.moves.notation import format_action, format_move
    value = g.move_like() if g.chance(0.7) else g.pick([Bid.PASS, 3, "x", g.any()])
    fn = g.pick([format_move, format_action])
    return _call(fn.__name__, fn, value)


@entry("scoring")
def _(g: Gen):
    from ddz_fast.engine import scoring

    def seq3():
        return g.pick([[0, 1, 2], [1, 1, 1], [False, True, False], [0, 0], [], [-1, 5, 2**64],
                       (10, 0, 0), [1.5, 2, 3], None, [np.int64(1)] * 3, g.any()])
    name = g.pick(["spring_factor", "settle", "cap_to_stacks", "share_in_proportion"])
    small = lambda: g.pick([0, 1, 2, 3, -1, 2**64, 10**20, True, None, 1.5,  # noqa: E731
                            np.int64(2), float("nan")]) if g.chance(0.8) else g.any()
    if name == "spring_factor":
        args = (g.pick([True, False, None, 1, g.any()]), seq3(), small())
    elif name == "settle":
        args = (small(), small(), small(), g.pick([True, False, None, 1]), seq3())
    elif name == "cap_to_stacks":
        args = (seq3(), seq3(), small())
    else:
        args = (small(), seq3())
    return _call(f"scoring.{name}", getattr(scoring, name), *args)


@entry("auction_status")
def _(g: Gen):
    from ddz_fast import Bid, Double
    from ddz_fast.engine.bidding import auction_status
    rules = g.pick([Rules(), Rules(bidding="call_rob"), Rules(single_round_auction=True),
                    g.rules_like()])
    first = g.int_or_any()
    actions = [g.pick(list(Bid)) for _ in range(g.rng.randint(0, 8))]
    if g.chance(0.4):
        actions.append(g.pick([Double.DOUBLE, 3, 99, -1, None, "BID_3", True, Move.PASS,
                               g.any()]))
    if g.chance(0.1):
        actions = g.any()
    return _call("auction_status", auction_status, rules, first, actions)


@entry("bots")
def _(g: Gen):
    from ddz_fast.search import bots, catalog
    name = g.pick(["random", "greedy", "RANDOM", "", "bogus", None, 5]) \
        if g.chance(0.8) else g.any()
    seed = g.seed_like()
    which = g.pick(["make", "act", "play_hand", "start_play", "hand_strength", "last_mover",
                    "greedy_opts"])
    if which == "make":
        return _call("catalog.make_bot", catalog.make_bot, name, seed)
    if which == "hand_strength":
        value = g.hand_like() if g.chance(0.5) else g.any()
        if isinstance(value, Hand):
            value = value.counts
        return _call("bots.hand_strength", bots.hand_strength, value)
    if which == "greedy_opts":
        kwargs = {g.pick(["danger", "bid_at", "double_at"]): g.pick(
            [-1, 0, 100, (1, 2), (9, 7, 5), None, "x", 2**64, g.any()])}
        state = g.state()

        def run():
            return bots.act(bots.GreedyBot(seed, **kwargs), state) if not state.is_over \
                else None
        return call_text("bots.act(bots.GreedyBot", seed, **kwargs) + ", state)", run
    state = g.state() if g.chance(0.85) else g.any()
    bot = g.pick([bots.RandomBot(1), bots.GreedyBot(), None, 5, g.any()]) \
        if g.chance(0.3) else g.pick([bots.RandomBot(seed if type(seed) is int else 1),
                                       bots.GreedyBot()])
    if which == "act":
        return _call("bots.act", bots.act, bot, state)
    if which == "last_mover":
        return _call("bots.last_mover", bots.last_mover, state)
    if which == "play_hand":
        other = g.pick([bots.RandomBot(2), bots.GreedyBot(), None, g.any()])
        return _call("bots.play_hand", bots.play_hand, state, bot, other)
    game = g.pick([Game(), Game(Rules(bidding="call_rob")), g.any()])
    kwargs = g.pick([{"landlord": g.int_or_any()}, {"bidder": bot}, {},
                     {"landlord": 0, "bidder": bot}])
    return _call("bots.start_play", bots.start_play, game, seed, **kwargs)


@entry("bot specs")
def _(g: Gen):
    from ddz_fast.search import catalog
    name = g.pick(["greedy", "random", "solver", "greedy:danger=3", "greedy:danger=",
                   "greedy:danger=3,danger=4", "greedy:bogus=1", "random:seed=1", ":", "greedy:",
                   "greedy:danger=1e999", "greedy:danger=-1", "solver:max_nodes=10**9",
                   "greedy:danger=" + "9" * 5000, "rlcard-rule:x=1", "a" * 10000 + ":b=c"])
    if g.chance(0.3):
        name = g.any()
    return _call("catalog.make_bot", catalog.make_bot, name, g.seed_like())


@entry("arena")
def _(g: Gen):
    from ddz_fast.arena import duplicate as arena
    specs = g.pick([("random", "greedy"), ["greedy", "greedy"], ("random",), (),
                    ("random",) * 17, "random greedy", ("random", 5), ("random", "bogus"),
                    ("random", "greedy:danger=1"), None, g.any()])
    seed = g.pick([0, 1, -1, 2**64, 2**200, "1", None, 1.5, g.any()])
    which = g.pick(["config", "run", "run", "stats", "summary"])
    if which == "config":
        return _call("arena.ArenaConfig", arena.ArenaConfig, specs, seed,
                     g.pick([Rules(), "rlcard", None, "bogus", g.any()]))
    if which == "stats":
        fn = g.pick([arena.wilson_interval, arena.normal_interval, arena.bradley_terry])
        args = g.pick([(g.any(), g.any()), (0, 0), (5, 3), (1e308, 2), (float("nan"), 4),
                       ([[0, 1], [1]],), ([[0, float("inf")], [0, 0]],), ([],), (g.any(),),
                       (6, 14, 3), (6, 14, 0), (6, 14, -1, 0.0)])
        return _call(f"arena.{fn.__name__}", fn, *args)
    config = arena.ArenaConfig(("random", "greedy"), seed=g.rng.randrange(100))
    deals = g.pick([1, 2, 0, -1, 2**70, 10**12 + 1, "3", None, 1.0, g.any()])
    if is_int(deals) and 3 < deals <= arena.MAX_DEALS:
        deals = 3                        # a valid long run is no finding, only a long wait
    kwargs = g.pick([{}, {"workers": 1}, {"workers": g.pick([0, -1, 2**70, "2", None])},
                     {"backend": g.pick(["bogus", "", None, 5, g.any()])},
                     {"retries": g.pick([-1, 2**70, "1", None])}])
    kwargs.setdefault("workers", 1)      # worker processes are tested in tests/arena/test_arena.py
    if which == "summary":
        def run():
            return arena.summarise(config, arena.run_arena(config, deals, **kwargs))
        return call_text("arena.summarise(config, arena.run_arena", config, deals,
                         **kwargs) + ")", run
    return _call("arena.run_arena", arena.run_arena, config, deals, **kwargs)


@entry("infoset")
def _(g: Gen):
    from ddz_fast import InformationSet, information_set
    state = g.state() if g.chance(0.9) else g.any()
    player = g.pick([0, 1, 2, 3, -1, True, np.int64(1), "0", None, 2**70]) \
        if g.chance(0.3) else g.rng.randrange(3)
    which = g.pick(["state", "position", "sample", "sample", "count"])
    if which == "state":
        return _call("information_set", information_set, state, player)
    if which == "position":
        position = g.position() if g.chance(0.3) else \
            (state.position() if getattr(state, "phase", None) == "play" else g.any())
        kwargs = g.pick([{}, {"played": g.pick([None, ["3", "4", "5"], [g.any()] * 3, g.any()])},
                         {"kitty": g.pick([None, "345", "3333", g.any()])},
                         {"history": g.pick([(), [(0, Move.PASS)], g.any()])}])
        return _call("InformationSet.from_position", InformationSet.from_position, position,
                     player, **kwargs)
    try:
        info = information_set(state, g.rng.randrange(3))
    except (TypeError, ValueError):
        info = g.any()
    constraints = g.pick([None, {}, {1: {"2": 0}}, {2: {12: (0, 1)}}, {0: {0: 4}},
                          {5: {0: 1}}, {1: {"Z": 1}}, {1: {0: (3, 1)}}, {1: {0: -1}},
                          {1: {0: 10**30}}, {1: g.any()}, g.any()])
    if which == "count":
        return _call("info.deal_count", getattr(info, "deal_count", None) or (lambda c: None),
                     constraints)
    n = g.pick([0, 1, 5, 100, -1, 2**70, 10**9, "5", None, 1.5, g.any()])
    seed = g.seed_like()
    if not hasattr(info, "sample"):
        return _call("info.sample", lambda *a, **k: None, n, seed)
    return _call("info.sample", info.sample, n, seed, constraints=constraints)


@entry("compat.openspiel")
def _(g: Gen):
    from ddz_fast.compat import openspiel
    which = g.pick(["to_id", "from_id", "order"])
    if which == "from_id":
        value = g.pick([g.rng.randint(-2, 27000), np.array([5, 6]), np.int64(40),
                        np.uint64(2**64 - 1), 26057, 26056, g.int(), g.np_scalar(), g.any()])
    else:
        value = g.move_like()
    return _call(f"openspiel.{which}", getattr(openspiel, which), value)


@entry("compat.rlcard")
def _(g: Gen):
    from ddz_fast.compat import rlcard
    which = g.pick(["to_id", "from_id", "to_string", "from_string", "order"])
    if which == "from_id":
        value = g.pick([g.rng.randint(-2, 28000), np.array([5, 6]), 27472, 27471, g.int(),
                        g.np_scalar(), g.any()])
    elif which == "from_string":
        value = g.pick([g.text(), "pass", "3", "33344", "BR", "RB", "3334", "x" * 1000,
                        g.any()])
    else:
        value = g.move_like()
    return _call(f"rlcard.{which}", getattr(rlcard, which), value)


@entry("compat.douzero")
def _(g: Gen):
    from ddz_fast.compat import douzero
    which = g.pick(["hand_of", "move_of", "cards_of", "MovesGener"])
    if which == "cards_of":
        value = g.pick([Hand(g.valid_counts()), g.valid_move(), g.any(), g.forged()])
        return _call("douzero.cards_of", douzero.cards_of, value)
    r_ = g.rng.random()
    if r_ < 0.4:
        counts = g.valid_counts()
        value = [douzero.CARD_OF_RANK[rank] for rank in range(NUM_RANKS)
                 for _ in range(counts[rank])]
        if g.chance(0.5) and value:
            value[g.rng.randrange(len(value))] = g.pick([0, 1, 15, 16, 17, 20, 30, 31, -3,
                                                         2**64, 3.0, "3", None, np.int64(3)])
        if which == "move_of" and g.chance(0.6):
            value = [douzero.CARD_OF_RANK[rank] for rank in range(NUM_RANKS)
                     for _ in range(g.valid_move().counts[rank])]
    elif r_ < 0.5:
        value = g.pick([5, np.array([3, 4]), "345", b"\x03\x04", [[3]], {3: 1}, None])
    else:
        value = g.any()
    if which == "MovesGener":
        repeat = g.pick([0, 5, -1, 100, 2**64])

        def run():
            gen = douzero.MovesGener(value)
            return len(gen.gen_moves()) + len(gen.gen_type_8_serial_single(repeat))
        return f"douzero.MovesGener({r(value)}).gen_moves()", run
    return _call(f"douzero.{which}", getattr(douzero, which), value)


@entry("env")
def _(g: Gen):
    try:
        from ddz_fast.envs.three_player import env
    except ImportError:
        return "env unavailable", lambda: None
    kwargs = {}
    if g.chance(0.3):
        kwargs["rules"] = g.rules_like()
    if g.chance(0.2):
        kwargs["bidder"] = g.pick([None, "greedy", "random", "bogus", 5])
    if g.chance(0.1):
        kwargs["render_mode"] = g.pick(["ansi", "human", None, 3])
    seed = g.pick([None, 0, 42, -1, 2**64, "x", 1.5, np.int64(3)]) if g.chance(0.6) else \
        g.rng.randint(0, 1000)
    steps = g.rng.randint(0, 30)
    bad = g.pick([-1, 10**6, 2**64, 1.5, "3", None, np.int64(-1), np.array([1]), True,
                  np.float32(3.0), 27472, g.any()])

    def run():
        e = env(**kwargs)
        e.reset(seed=seed)
        for _ in range(steps):
            agent = e.agent_selection
            obs, reward, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[0]) if len(legal) else None)
            if not e.agents:
                break
        if e.agents:
            e.step(bad)
        if kwargs.get("render_mode") == "ansi":
            e.render()
    return call_text("env", **kwargs) + f".reset(seed={r(seed)}); {steps} legal steps; " \
        f".step({r(bad)})", run


CLI_COMMANDS = ["moves", "classify", "perft", "simulate", "play", "bench"]
#: The presets with wild cards: only ``moves`` and ``classify`` play them (with ``--wild``).
LAIZI_PRESETS = ["laizi", "tiandi_laizi"]
#: ``--wild`` values: one or two wild ranks (as many as the preset's, or not), and bad ones.
WILD_TEXTS = ["5", "T", "2", "5T", "T5", "32", "10", "B", "5R", "55", "x", "", "345"]
#: The most cards of a hand under wild cards: their moves come from the pure-Python reference
#: (under both implementations) and a full hand of wilds takes seconds, past the hang timeout.
WILD_HAND_CARDS = 8


def _small_hand_text(g: Gen) -> str:
    """A valid hand of at most WILD_HAND_CARDS cards, drawn from a dealt hand."""
    counts = g.valid_counts()
    cards = [rank for rank, count in enumerate(counts) for _ in range(count)]
    kept = g.rng.sample(cards, min(len(cards), g.rng.randint(0, WILD_HAND_CARDS)))
    return str(Hand([kept.count(rank) for rank in range(len(counts))]))


def _cli_argv(g: Gen) -> List[str]:
    cmd = g.pick(CLI_COMMANDS + ["moves", "classify", "perft", "simulate", "bogus", "",
                                 "--version", "--help", "-h"])
    argv = [cmd]
    wild = cmd in ("moves", "classify") and g.chance(0.3)
    if wild:    # a small hand (see WILD_HAND_CARDS), the wild rules and, mostly, fitting ranks
        argv.append(_small_hand_text(g) if g.chance(0.8) else g.text())
        preset = "standard" if g.chance(0.1) else g.pick(LAIZI_PRESETS)
        argv += ["--rules", preset] if g.chance(0.95) else []
        if g.chance(0.95):
            argv += ["--wild", g.pick(WILD_TEXTS) if g.chance(0.2) else
                     g.pick(["5", "T", "3"] if preset == "laizi" else ["5T", "3A", "92"])]
        if cmd == "moves" and g.chance(0.4):
            argv += ["--prev", g.pick(["33", "55", "55=KK", "5T=22", "3335=3333", "5555=5555",
                                       "77:pair", "55=", "=33", "55=BB", g.text()])]
    elif cmd == "moves":
        argv.append(g.valid_hand_text() if g.chance(0.5) else g.text())
        if g.chance(0.4):
            argv += ["--prev", g.pick([g.valid_move().cards, g.text(), "pass", "33:pair@K",
                                       "333444555666:airplane_solo@4"])]
    elif cmd == "classify":   # without wild cards here
        argv.append(g.valid_move().cards if g.chance(0.5) else g.text())
    elif cmd == "perft":
        pos = g.position(mutate=0)
        text = str(pos) if g.chance(0.7) else g.text()
        small = sum(len(h) for h in pos.hands) <= 24
        depth = str(g.rng.randint(0, 4 if small else 3)) if g.chance(0.7) else \
            g.pick(["-1", "x", "1.5", "", "٣", "0x3", "1_0"])
        if g.chance(0.05):   # the whole tree: only of a position of a few cards
            text = g.pick(["3/4/5 0 0 - 0", "33/4/5 0 0 - 0", "3B/4R/55 1 1 - 0", "-/3/4 0 0 - 0"])
            depth = g.pick(["99999999999999999999", "65536", "1000"])
        argv += [text, depth]
        if g.chance(0.4):
            argv.append("--divide")
    elif cmd == "simulate":
        argv.append(g.pick(["1", "2", "5", "20", "0", "-1", "x", "1.5", "1e3", "٣",
                            "99999999999999999999"]) if g.chance(0.97) else
                    # past the documented cap (an error); a run below it, however long, is a
                    # real run of the size asked for, not a hang
                    g.pick(["99999999999999999999", "1000000000000000000"]))
        if g.chance(0.5):
            argv += ["--seed", g.pick(["1", "-1", "x", "99999999999999999999", "0", "", "1e3"])]
        argv += ["--workers", g.pick(["1", "1", "1", "0", "-1", "x", "2", "99999999999"])]
        if g.chance(0.3):
            argv += [g.pick(["--landlord", "--peasants"]), g.pick(["random", "greedy", "x"])]
        argv.append("--quiet")
    elif cmd == "play":
        if g.chance(0.5):
            argv += ["--seat", g.pick(["landlord", "peasant", "x"])]
        if g.chance(0.5):
            argv += ["--bot", g.pick(["random", "greedy", "x"])]
        if g.chance(0.7):
            argv += ["--seed", g.pick(["1", "-1", "99999999999999999999", "x", "0"])]
    elif cmd == "bench":
        argv += ["--seconds", g.pick(["0.001", "0.01", "0", "-1", "nan", "x", "1e-9", "1e308"])
                 if g.chance(0.99) else g.pick(["inf", "1e308"])]
    if g.chance(0.3) and cmd in CLI_COMMANDS and not wild:
        # The laizi presets here are refused: by every command but moves and classify, which
        # need --wild with them (only a wild-card call above gives it, on a small hand).
        argv += ["--rules", g.pick(PRESET_NAMES + LAIZI_PRESETS + ["house", "", "STANDARD"])]
    if g.chance(0.03) and cmd in CLI_COMMANDS and cmd not in ("moves", "classify"):
        argv += ["--wild", g.pick(WILD_TEXTS)]      # no such option there
    if g.chance(0.3) and cmd not in ("play",):
        argv.append("--json")
    if g.chance(0.1):
        argv.insert(g.rng.randrange(len(argv) + 1), g.pick(["--bogus", "-x", "--", g.text()]))
    return argv


def _play_stdin(g: Gen) -> str:
    lines = [g.pick(["pass", "?", "3", "33", "BR", "quit", "", g.text(), "T", "10",
                     g.valid_hand_text()]) for _ in range(g.rng.randint(0, 20))]
    return "\n".join(lines) + ("\n" if g.chance(0.8) else "")


@entry("cli")
def _(g: Gen):
    from ddz_fast.cli import main as cli
    argv = _cli_argv(g)
    stdin = _play_stdin(g)

    def run():
        out, err = io.StringIO(), io.StringIO()
        old_stdin = sys.stdin
        sys.stdin = io.StringIO(stdin)
        status: Any
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status = cli.main(argv)
                except SystemExit as exit_:
                    status = exit_.code if exit_.code is not None else 0
        finally:
            sys.stdin = old_stdin
        return status, out.getvalue(), err.getvalue()
    text = f"ddz_fast.cli.main.main({argv!r})"
    if "play" in argv:
        text += f"  # stdin {stdin!r}"
    return text, run, {"cli": True}


# --- building --------------------------------------------------------------------------------

def build(name: str, seed: int) -> Case:
    """The case ``name:seed``, always the same call."""
    return build_from(name, random.Random(f"{name}:{seed}"), seed)


def build_from(name: str, rng: random.Random, seed: int = -1) -> Case:
    """The case of entry point ``name`` drawn from ``rng`` (any random.Random, e.g. one from
    hypothesis's ``st.randoms()``)."""
    if name not in ENTRIES:
        raise KeyError(f"unknown entry point {name!r}: choose one of {', '.join(ENTRIES)}")
    _LIES.clear()
    _KEEP.clear()
    g = Gen(rng)
    built = ENTRIES[name](g)
    text, thunk = built[0], built[1]
    extra = dict(built[2]) if len(built) > 2 else {}
    notes = extra.pop("notes", None) or list(g.notes)
    return Case(name, seed, text, thunk, notes=notes, **extra)


def entry_names() -> List[str]:
    return list(ENTRIES)
