"""What every generator draws from: cases, hostile values, forged objects and the registry.

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

import os
import random
import tempfile
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

import ddz_fast
from ddz_fast import Game, Hand, Move, Position, Rules, action_space, legal_moves
from ddz_fast.cards import FULL_DECK, NUM_RANKS


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
#: Every Dou Dizhu preset: the variants (two decks, wild cards, no kitty, the space shuttle)
#: too. (Run Fast's presets have entry points of their own: its hands hold no auction.)
ALL_PRESETS = [name for name, rules in ddz_fast.PRESETS.items() if rules.game == "doudizhu"]
#: The presets of three players and one deck without wild cards.
PLAIN_PRESETS = ["standard", "rlcard", "openspiel", "douzero", "no_kitty", "botzone"]
LAIZI_PRESETS = ["laizi", "tiandi_laizi"]
#: A few wild ranks of each count, for the calls that build a block table per wild ranks.
FEW_WILD = {1: [(0,), (7,), (12,)], 2: [(0, 12), (2, 7), (7, 8)]}
#: Values a forged field of a frozen object takes (object.__setattr__ after its checks).
FORGED_VALUES = [0, 1, 2, 3, 4, 5, 99, -1, 2**31, 2**64, 2**70, -2**70, True, False, None, 1.0,
                 float("nan"), "points", "call_rob", "alone", "double", "bogus", "", "\ud800",
                 np.int64(2), np.bool_(True), (), [1, 2], object()]
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
        self.forged_object = False  # set when an object was changed behind its checks

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

    def two_deck_counts(self) -> tuple:
        """Counts of a hand of two decks: up to 8 of a rank and 2 of each joker."""
        counts = [0] * NUM_RANKS
        for _ in range(self.rng.randint(0, 33)):
            rank = self.rng.randrange(NUM_RANKS)
            counts[rank] = min(counts[rank] + 1, 8 if rank < 13 else 2)
        return tuple(counts)

    def wild_ranks(self, count: int) -> tuple:
        """``count`` distinct wild ranks 3..2 (rank indices 0..12), sorted."""
        return tuple(sorted(self.rng.sample(range(13), count)))

    def wild_like(self, count: Optional[int] = None):
        """Wild ranks in one of their forms (indices, text, a list), or hostile ones."""
        ranks = self.wild_ranks(count if count is not None else self.pick([1, 2]))
        if self.chance(0.7):
            return self.pick([ranks, list(ranks), "".join("3456789TJQKA2"[x] for x in ranks),
                              ranks[0] if len(ranks) == 1 else ranks,
                              tuple(np.int64(x) for x in ranks)])
        return self.pick([13, 14, -1, 2**70, "B", "R", "55", "", [], [1, 1], {1}, (0, 1, 2),
                          1.5, None, True, "3\ud800", np.int64(3), np.array([1, 2]),
                          self.any()])

    def laizi_hand(self, cards_: int = 8, few_wild: bool = False):
        """(rules, a small hand, its wild ranks) of a preset with wild cards. ``few_wild``
        draws the wild ranks from a few (the block table of the action ids of wild ranks
        takes a twentieth of a second to build, and the last 16 are kept)."""
        rules = Rules.preset(self.pick(LAIZI_PRESETS))
        counts = self.valid_counts()
        ranks = [rank for rank, c in enumerate(counts) for _ in range(c)]
        kept = self.rng.sample(ranks, min(len(ranks), self.rng.randint(0, cards_)))
        hand = Hand([kept.count(rank) for rank in range(NUM_RANKS)])
        wild = self.pick(FEW_WILD[rules.laizi]) if few_wild else self.wild_ranks(rules.laizi)
        return rules, hand, wild

    def laizi_move(self) -> Move:
        """A move read with wild cards (or a plain one, when the hand has none)."""
        rules, hand, wild = self.laizi_hand(6)
        moves = legal_moves(hand, rules=rules, wild=wild)
        return self.pick(list(moves)) if len(moves) else Move.PASS

    def move_text(self) -> str:
        """Move text: a move's, changed a little, or any text."""
        if self.chance(0.3):
            return self.text()
        base = str(self.valid_move() if self.chance(0.7) else self.laizi_move())
        return base + self.pick(["", "", ":", "@", ":pair", "@K", "=", "=KK", "=33333333",
                                 ":solo@99", ":bogus", "@\ud800", "=" + "3" * 13, " ", "\x00"])

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
        if r < 0.78:
            return self.pick(["STANDARD", "house", "", "standard ", "rl card", "douzero\x00"])
        if r < 0.84:
            return self.forged_rules()
        if r < 0.9:
            return self.pick(ALL_PRESETS)
        return self.any()

    def forged_rules(self, base: Optional[Rules] = None):
        """A new Rules (never a shared preset) with one field changed behind its checks."""
        from dataclasses import fields as dc_fields, replace
        rules = replace(base if base is not None else Rules.preset(self.pick(ALL_PRESETS)))
        name = self.pick([f.name for f in dc_fields(Rules)])
        value = self.pick(FORGED_VALUES)
        object.__setattr__(rules, name, value)
        self.notes.append(f"object.__setattr__(rules, {name!r}, {r(value)})")
        return rules

    def forged_copy(self, obj, names: Sequence[str], values: Optional[Sequence] = None):
        """A copy of a frozen object (dataclass or NamedTuple-like) with one of ``names`` set
        to a hostile value behind its checks."""
        import copy as copy_module
        forged = copy_module.copy(obj)
        name = self.pick(list(names))
        value = self.pick(list(values) if values is not None else FORGED_VALUES + [self.any()])
        try:
            object.__setattr__(forged, name, value)
        except (AttributeError, TypeError):     # a NamedTuple: a field of its own kind
            return obj._replace(**{name: value}) if hasattr(obj, "_replace") else obj
        self.notes.append(f"object.__setattr__(obj, {name!r}, {r(value)})")
        return forged

    def preset(self, names: Optional[Sequence[str]] = None) -> Rules:
        return Rules.preset(self.pick(list(names) if names is not None else ALL_PRESETS))

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
#: The public callables each entry point calls, each by a name a public module exports it under
#: (``ddz_fast.Hand``, ``ddz_fast.hand.as_hand``, a method as ``ddz_fast.Hand.from_bitboard``):
#: tests/test_fuzz_coverage.py fails on a public callable that no entry point covers.
COVERS: Dict[str, Tuple[str, ...]] = {}
#: Examples of an entry point under hypothesis (tests/test_fuzz.py) where fewer than the default
#: keep the default test run short.
EXAMPLES: Dict[str, int] = {}


def entry(name: str, covers: Sequence[str] = (), examples: Optional[int] = None):
    """Register the generator of entry point ``name``, which calls the public callables
    ``covers`` (see :data:`COVERS`)."""
    def register(builder):
        if name in ENTRIES:
            raise ValueError(f"entry point {name!r} is registered twice")
        ENTRIES[name] = builder
        COVERS[name] = tuple(covers)
        if examples is not None:
            EXAMPLES[name] = examples
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


# --- helpers of the generators of the other modules ------------------------------------------

def expect_equal(what: str, got: Any, want: Any) -> None:
    """Mismatch unless ``got == want`` (a consistency check between two ways to the same)."""
    if got != want:
        raise Mismatch(f"{what}: {r(got, 200)} != {r(want, 200)}")


def either(g: Gen, valid: Callable[[], Any], p_valid: float = 0.7) -> Any:
    """A value drawn by ``valid`` most of the time, else a hostile one."""
    return valid() if g.chance(p_valid) else g.any()


def consuming(fn: Callable, *args, **kwargs) -> Callable[[], Any]:
    """A thunk calling ``fn`` and touching its result (see :func:`_consume`)."""
    return lambda: _consume(fn(*args, **kwargs))
