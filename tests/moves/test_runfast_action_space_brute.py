"""The Run Fast brute force (tests/support/runfast_action_space_brute.py) against counts derived
by hand from the rule text (RULES.md, "Run Fast (Pao De Kuai, 跑得快)"), and against hand-picked
moves.

The rule sets are tiny stand-ins (``types.SimpleNamespace``) carrying the attributes the brute
force reads, so this module imports nothing from the library.

Hand counts of the small types. Ranks 3 4 5 6 7 8 9 T J Q K A 2 are indices 0..12.

48 cards (preset ``runfast``): four of 3..K (11 ranks), three aces, one 2; hands of 16.

* solo: every rank: 13.
* pair: ranks with >= 2 copies, 3..A: 12.
* chain: n = 5..12 consecutive of the 12 ranks 3..A, (12 - n + 1) keys each:
  8 + 7 + 6 + 5 + 4 + 3 + 2 + 1 = 36.
* pair_chain: n >= 2 consecutive of 3..A (all have >= 2 copies), 2n <= 16 so n = 2..8,
  (12 - n + 1) keys each: 11 + 10 + 9 + 8 + 7 + 6 + 5 = 56.
* bomb: ranks with four copies, 3..K: 11; with ``aaa_bomb`` + AAA: 12.
* trio_two: trio ranks (>= 3 copies) 3..A: 12. For each, the other ranks are 12 (13 - 1),
  11 of them with >= 2 copies (3..A less the trio's rank; the 2 has one card).
  Full forms: two singles of distinct other ranks C(12, 2) = 66, or a pair 11: 77;
  12 x 77 = 924. Short forms: no kicker 1, one kicker 12: 13; 12 x 13 = 156.
  With ``short_last_hand``: 924 + 156 = 1080; without: 924.
* four_three (option): four ranks 3..K: 11. Three kicker cards from the 12 other ranks
  (10 ranks of four, A of three, 2 of one): three distinct ranks C(12, 3) = 220; a pair and
  a single of another rank: 11 pair ranks (10 + A) x 11 = 121; a trio: 11 trio ranks
  (10 + A) = 11. 220 + 121 + 11 = 352 (check: all C(14, 3) = 364 multisets less the 12 that
  hold two or three 2s: 22 + 2x with x the 11 others, and 222). 11 x 352 = 3872.

45 cards (preset ``runfast_15``): four of 3..Q (10 ranks), three kings, one ace, one 2; hands
of 15.

* solo: 13.
* pair: 3..K: 11 (the ace and the 2 have one card).
* chain: every rank has a card: 36, as above.
* pair_chain: 3..K, 11 ranks, 2n <= 15 so n = 2..7, (11 - n + 1) keys each:
  10 + 9 + 8 + 7 + 6 + 5 = 45.
* bomb: 3..Q: 10; ``aaa_bomb`` adds nothing (one ace): 10.
* trio_two: trio ranks 3..K: 11. Other ranks 12, of which 10 with >= 2 copies (3..K less the
  trio's). Full: 66 + 10 = 76; 11 x 76 = 836. Short: 1 + 12 = 13; 11 x 13 = 143.
  With ``short_last_hand``: 836 + 143 = 979.
* four_three (option): four ranks 3..Q: 10. Kickers from 12 other ranks (9 of four, K of
  three, A and 2 of one): distinct 220; pair + single: 10 pair ranks (9 + K) x 11 = 110;
  trio: 10 (9 + K). 220 + 110 + 10 = 340 (check: 364 - 12 (two or three aces)
  - 12 (two or three 2s) = 340). 10 x 340 = 3400.

Airplanes are counted a second way, by generating polynomials rather than by listing: the
number of wing multisets of w cards from the non-chain ranks is the coefficient of x^w in
the product over those ranks of (1 + x + ... + x^copies). One piece by hand: 5 trios (15
cards) leave 1 wing card at most with 16 cards, none with 15: 48 cards, keys 3..T (8), each
with no wing (1) or one of the 8 other ranks: 8 x 9 = 72; 45 cards, keys 3..9 (7): 7.
"""
from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace
from typing import Dict, List

import numpy as np
import pytest

from support import runfast_action_space_brute as brute
from support.runfast_action_space_brute import action_space, counts_by_type, deck_counts


def _rules(deck_size: int = 48, short_last_hand: bool = True, aaa_bomb: bool = False,
           four_three: bool = False) -> SimpleNamespace:
    return SimpleNamespace(deck_size=deck_size, hand_size=deck_size // 3,
                           short_last_hand=short_last_hand, aaa_bomb=aaa_bomb,
                           four_three=four_three)


RUNFAST = _rules()
RUNFAST_15 = _rules(45)
SHORT_OFF = _rules(short_last_hand=False)
AAA_BOMB = _rules(aaa_bomb=True)
FOUR_THREE = _rules(four_three=True)

SMALL_48 = {"solo": 13, "pair": 12, "chain": 36, "pair_chain": 56, "bomb": 11,
            "trio_two": 924 + 156}
SMALL_45 = {"solo": 13, "pair": 11, "chain": 36, "pair_chain": 45, "bomb": 10,
            "trio_two": 836 + 143}
HAND_COUNTS = {
    "runfast": (RUNFAST, SMALL_48),
    "runfast_15": (RUNFAST_15, SMALL_45),
    "short_last_hand_off": (SHORT_OFF, {**SMALL_48, "trio_two": 924}),
    "aaa_bomb": (AAA_BOMB, {**SMALL_48, "bomb": 12}),
    "four_three": (FOUR_THREE, {**SMALL_48, "four_three": 11 * 352}),
    "runfast_15+aaa_bomb+four_three": (_rules(45, aaa_bomb=True, four_three=True),
                                       {**SMALL_45, "four_three": 10 * 340}),
}


_SPACES: Dict[tuple, frozenset] = {}


def _space(rules: SimpleNamespace) -> frozenset:
    """The brute force's moves of ``rules``, listed once per option set."""
    key = tuple(sorted(vars(rules).items()))
    if key not in _SPACES:
        _SPACES[key] = frozenset(action_space(rules))
    return _SPACES[key]


def _airplanes_by_polynomial(rules: SimpleNamespace) -> int:
    deck, hand = deck_counts(rules.deck_size), rules.hand_size
    total = 0
    for length in range(2, 13):
        for key in range(12 - length + 1):
            chain = range(key, key + length)
            if 3 * length > hand or any(deck[rank] < 3 for rank in chain):
                continue
            poly: List[int] = [1]
            for rank in range(13):
                if rank not in chain:
                    new = [0] * (len(poly) + deck[rank])
                    for i, c in enumerate(poly):
                        for j in range(deck[rank] + 1):
                            new[i + j] += c
                    poly = new
            sizes = range(2 * length + 1) if rules.short_last_hand else [2 * length]
            total += sum(poly[w] for w in sizes if w < len(poly) and 3 * length + w <= hand)
    return total


def _counts(**cards: int) -> tuple:
    """15 counts from rank names: _counts(r5=3, r7=4); T J Q K A and 2 as rT .. rA, r2."""
    names = "3 4 5 6 7 8 9 T J Q K A 2".split()
    out = [0] * 15
    for name, n in cards.items():
        out[names.index(name[1:])] = n
    return tuple(out)


@pytest.mark.parametrize("rules, small", list(HAND_COUNTS.values()), ids=list(HAND_COUNTS))
def test_the_brute_force_gives_the_hand_counts(rules, small):
    moves = action_space(rules)
    assert len(set(moves)) == len(moves), "a move listed twice"
    expected: Dict[str, int] = {**small, "airplane_two": _airplanes_by_polynomial(rules)}
    assert counts_by_type(rules) == expected
    # Every move's 15 counts, one row each: each row a card set of 1..hand_size cards within
    # the deck (checked for all rows at once).
    table = np.array([counts for _, _, _, counts in moves])
    assert table.shape == (len(moves), 15)
    cards = table.sum(axis=1)
    assert cards.min() >= 1 and cards.max() <= rules.hand_size
    assert (table <= np.array(deck_counts(rules.deck_size))).all()


def test_the_longest_airplanes_by_hand():
    for rules, expected in ((RUNFAST, 72), (RUNFAST_15, 7)):
        assert sum(1 for m in _space(rules) if m[0] == "airplane_two" and m[2] == 5) \
            == expected


def test_the_decks():
    assert sum(deck_counts(48)) == 48 and sum(deck_counts(45)) == 45
    assert deck_counts(48)[11:] == (3, 1, 0, 0)
    assert deck_counts(45)[10:] == (3, 1, 1, 0, 0)


def test_hand_picked_moves():
    space = _space(RUNFAST)
    # 555666 + 7777 and 555666 + 777 + 8: full airplanes of 2 trios.
    assert ("airplane_two", 2, 2, _counts(r5=3, r6=3, r7=4)) in space
    assert ("airplane_two", 2, 2, _counts(r5=3, r6=3, r7=3, r8=1)) in space
    # 555666777888 as three moves (short forms).
    four_trios = _counts(r5=3, r6=3, r7=3, r8=3)
    assert {("airplane_two", 2, 4, four_trios), ("airplane_two", 2, 3, four_trios),
            ("airplane_two", 3, 3, four_trios)} <= space
    # Kickers: 55577, 55578, and the one 2 as a kicker; 5557 and 555 as short forms.
    for counts in (_counts(r5=3, r7=2), _counts(r5=3, r7=1, r8=1), _counts(r5=3, r2=1),
                   _counts(r5=3, r7=1), _counts(r5=3)):
        assert ("trio_two", 2, 1, counts) in space
    # No chain, pair chain or airplane's trios hold the 2; no pair of 2s; no 222.
    assert ("chain", 8, 5, _counts(rJ=1, rQ=1, rK=1, rA=1, r2=1)) not in space
    assert ("chain", 7, 5, _counts(rT=1, rJ=1, rQ=1, rK=1, rA=1)) in space
    for type_, key, length, counts in space:
        if type_ in ("chain", "pair_chain", "airplane_two"):
            assert key + length <= 12
        if type_ in ("chain", "pair_chain"):
            assert counts[12] == 0
    assert ("pair", 12, 1, _counts(r2=2)) not in space
    assert ("pair_chain", 10, 2, _counts(rK=2, rA=2)) in space
    # No AAA bomb without the option; AAA a trio, KKKAAA an airplane.
    assert ("bomb", 11, 1, _counts(rA=3)) not in space
    assert ("trio_two", 11, 1, _counts(rA=3, rK=2)) in space
    assert ("airplane_two", 10, 2, _counts(rK=3, rA=3, r3=2, r2=1, r4=1)) in space
    # Hand size 16: 8 pairs yes, 9 no; 4 trios + 4 wings yes, + 5 (17 cards) no.
    assert ("pair_chain", 0, 8, tuple([2] * 8 + [0] * 7)) in space
    assert ("pair_chain", 0, 9, tuple([2] * 9 + [0] * 6)) not in space
    assert ("airplane_two", 2, 4, _counts(r5=3, r6=3, r7=3, r8=3, r3=4)) in space
    assert ("airplane_two", 2, 4, _counts(r5=3, r6=3, r7=3, r8=3, r3=4, r4=1)) not in space
    assert max(sum(m[3]) for m in space) == 16


def test_the_options():
    off = _space(SHORT_OFF)
    assert ("airplane_two", 2, 2, _counts(r5=3, r6=3, r7=2, r8=1, r9=1)) in off
    assert ("airplane_two", 2, 4, _counts(r5=3, r6=3, r7=3, r8=3)) not in off
    assert ("trio_two", 2, 1, _counts(r5=3)) not in off
    assert ("trio_two", 2, 1, _counts(r5=3, r7=1)) not in off
    aaa = _space(AAA_BOMB)
    assert ("bomb", 11, 1, _counts(rA=3)) in aaa and ("trio_two", 11, 1, _counts(rA=3)) in aaa
    assert not any(m[0] == "bomb" and m[1] == 11 for m in _space(_rules(45, aaa_bomb=True)))
    four = _space(FOUR_THREE)
    assert ("four_three", 2, 1, _counts(r5=4, r7=3)) in four
    assert ("four_three", 2, 1, _counts(r5=4, r7=1, r8=1, r2=1)) in four
    assert not any(m[0] == "four_three" for m in _space(RUNFAST))
    small = _space(RUNFAST_15)
    assert ("bomb", 10, 1, _counts(rK=4)) not in small
    assert ("trio_two", 10, 1, _counts(rK=3, r3=2)) in small
    assert ("pair", 11, 1, _counts(rA=2)) not in small
    assert ("pair_chain", 0, 8, tuple([2] * 8 + [0] * 7)) not in small   # 16 cards > 15
    assert max(sum(m[3]) for m in small) == 15


def test_the_brute_force_imports_only_the_standard_library():
    tree = ast.parse(Path(brute.__file__).read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported <= {"__future__", "collections", "itertools", "typing"}
