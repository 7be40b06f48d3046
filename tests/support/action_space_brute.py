"""An independent brute force of the action space of a rule set without wild cards.

Written from the rule text of docs/RULES.md alone ("Combinations", the options table, and
"Variants": no kitty, the Botzone space shuttle, four players with two decks). It imports
nothing from the library: it reads the rule options off the rule set it is given, as plain
attributes, lists every candidate with ``itertools`` and filters them with ``numpy``, so an
error shared with the generator would have to be made twice, the second time from the rule text
rather than from the code.

How it counts. For each type the *main part* (the cards that are not kickers or wings: the
solo, pair, trio, four or bombs, or the consecutive ranks of a chain) is placed at every key and
chain length; then every candidate attachment of the right size is listed, every multiset of
ranks drawn with repetition from the ranks that are not main ranks
(``combinations_with_replacement``, one row of 15 multiplicities each), and a candidate is kept
exactly when the rule text's predicates accept it (each predicate asked of all the candidates of
a main part at once):

* no rank holds more cards than the deck has (4 of a rank 3..2 and 1 of each joker with one
  deck, 8 and 2 with two decks), which is what keeps jokers out of one deck's pairs;
* solo wings of an airplane: a rank repeats at most ``solo_wing_max_copies`` times; without
  ``rocket_in_kickers`` not both a black and a red joker; without
  ``trio_wing_next_to_chain`` no rank held three or more times among the wings just below or
  just above the chain (3..A);
* pair kickers and pair wings are pairs of distinct ranks, each rank having two cards in the
  deck (so BB and RR only with two decks); without ``rocket_in_kickers`` not both joker pairs;
* the two solo kickers of four + two: the same rank twice only with
  ``four_two_solo_max_copies = 2``; both jokers only with ``rocket_in_kickers``;
* space shuttle wings: 2n solos of distinct ranks or 2n pairs of distinct ranks 3..2.

A move is the tuple ``(type, key, length, counts)``: ``key`` the rank index of the main rank
(the lowest for a chain or a space shuttle; 13 for the rocket), ``length`` the chain length
(the number of bombs of a shuttle; 1 for other types), ``counts`` the 15 per-rank card counts.
Two moves of the same cards with different type, key or length are two moves.

Choices where the rule book says no more than this:

* Move sizes: every move fits the largest hand of its table, 20 cards with one deck (a
  landlord with the kitty; with no kitty the action space is unchanged, docs/RULES.md says,
  although no hand then holds more than 18) and 33 with two decks. With one deck this gives
  the table's lengths (chains 5..12, pair chains 3..10, airplanes 2..6, with solo wings 2..5,
  with pair wings 2..4); with two decks the lengths the "Variants" section lists.
* A bomb is (``bomb``, its rank, length 1, its cards) whatever its size; the rocket has key 13
  (the black joker) and length 1 (docs/RULES.md, "Moves and notation").
* ``rocket_in_kickers = false`` also keeps both jokers out of a space shuttle's solo wings (the
  rule book names airplane wings and four + two kickers; the shuttle's solo wings are solo
  wings, and the Botzone preset has the option on, so no preset depends on this).
* ``trio_wing_next_to_chain = false`` forbids a wing rank held three *or more* times next to
  the chain (the rule book says "a wing trio"; four of a rank among the wings holds a trio).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache, partial
from itertools import combinations_with_replacement
from typing import Any, Callable, Dict, FrozenSet, Iterator, Tuple

import numpy as np

RANKS = range(15)           # 3 4 5 6 7 8 9 T J Q K A 2 B R
SUITED = range(13)          # 3..2: the ranks of pairs, trios, fours and bombs with one deck
CHAIN = range(12)           # 3..A: the ranks a chain may use
B, R = 13, 14               # the black and the red joker
#: The cards of each rank in the deck(s): docs/RULES.md, "Cards and ranks" and "Four players
#: with two decks".
DECK = {1: (4,) * 13 + (1, 1), 2: (8,) * 13 + (2, 2)}
#: The largest hand: a landlord's 17 + 3 with one deck, 25 + 8 with two.
MAX_CARDS = {1: 20, 2: 33}

Counts = Tuple[int, ...]
Identity = Tuple[str, int, int, Counts]


class Options:
    """The move options of a rule set, read as plain attributes (no library code runs)."""

    def __init__(self, rules: Any) -> None:
        self.solo_wing_max_copies: int = rules.solo_wing_max_copies
        self.trio_wing_next_to_chain: bool = rules.trio_wing_next_to_chain
        self.rocket_in_kickers: bool = rules.rocket_in_kickers
        self.four_two: bool = rules.four_two
        self.four_two_solo_max_copies: int = rules.four_two_solo_max_copies
        self.space_shuttle: bool = rules.space_shuttle
        self.decks: int = rules.decks
        self.deck: Counts = DECK[self.decks]
        self.deck_row: np.ndarray = np.array(self.deck)
        self.max_cards: int = MAX_CARDS[self.decks]


def _counts(main: Dict[int, int]) -> Counts:
    """The 15 counts of a main part (rank -> copies)."""
    out = [0] * 15
    for rank, copies in main.items():
        out[rank] += copies
    return tuple(out)


@lru_cache(maxsize=None)
def _candidates(others: Tuple[int, ...], size: int) -> np.ndarray:
    """Every multiset of ``size`` ranks drawn from ``others``, one row each: its multiplicity
    of each of the 15 ranks (0 for a rank not drawn). Kept per (others, size), read-only: the
    rule sets share them."""
    draws = list(combinations_with_replacement(others, size))
    ranks = np.array(draws, dtype=np.intp).reshape(len(draws), size)
    units = np.zeros((len(draws), 15), dtype=np.int16)
    rows = np.arange(len(draws))
    for column in ranks.T:      # the i-th rank drawn, of every multiset at once
        units[rows, column] += 1
    units.flags.writeable = False
    return units


def _within_deck(cards: np.ndarray, opts: Options) -> np.ndarray:
    return (cards <= opts.deck_row).all(axis=1)


def _both_jokers(cards: np.ndarray) -> np.ndarray:
    return (cards[:, B] > 0) & (cards[:, R] > 0)


# --- the predicates of the rule text, one per kind of attachment --------------------------
# Each takes the candidates of one main part, one row each, and says which it keeps.

def _neighbours(chain: range) -> Tuple[int, ...]:
    """The ranks just below and just above ``chain`` that are within 3..A."""
    return tuple(sorted({chain[0] - 1, chain[-1] + 1} & set(CHAIN)))


def _solo_wings_ok(wings: np.ndarray, opts: Options, neighbours: Tuple[int, ...]) -> np.ndarray:
    """Airplane solo wings of a chain whose ``_neighbours`` are ``neighbours`` (docs/RULES.md,
    "Solo kickers and solo wings")."""
    ok = _within_deck(wings, opts) & (wings.max(axis=1) <= opts.solo_wing_max_copies)
    if not opts.rocket_in_kickers:
        ok &= ~_both_jokers(wings)
    if not opts.trio_wing_next_to_chain:
        ok &= ~(wings[:, list(neighbours)] >= 3).any(axis=1)
    return ok


def _pairs_ok(pairs: np.ndarray, opts: Options) -> np.ndarray:
    """Pair kickers and pair wings: pairs of distinct ranks the deck holds two of."""
    ok = (pairs.max(axis=1) <= 1) & ~((pairs > 0) & (opts.deck_row < 2)).any(axis=1)
    return ok if opts.rocket_in_kickers else ok & ~_both_jokers(pairs)


def _four_two_solos_ok(kickers: np.ndarray, opts: Options) -> np.ndarray:
    """The two solo kickers of four + two solos."""
    ok = _within_deck(kickers, opts) & (kickers.max(axis=1) <= opts.four_two_solo_max_copies)
    return ok if opts.rocket_in_kickers else ok & ~_both_jokers(kickers)


def _shuttle_solos_ok(wings: np.ndarray, opts: Options) -> np.ndarray:
    """A space shuttle's 2n solo wings: distinct ranks (both jokers: see the docstring)."""
    ok = wings.max(axis=1) <= 1
    return ok if opts.rocket_in_kickers else ok & ~_both_jokers(wings)


def _shuttle_pairs_ok(pairs: np.ndarray, opts: Options) -> np.ndarray:
    """A space shuttle's 2n pair wings: pairs of distinct ranks 3..2."""
    return (pairs.max(axis=1) == 1) & (pairs[:, len(SUITED):] == 0).all(axis=1)


# --- main parts and their attachments -----------------------------------------------------

Accept = Callable[[np.ndarray, Options], np.ndarray]


def _attached(type_: str, key: int, length: int, main: Dict[int, int], size: int,
              per_card: int, accept: Accept, opts: Options) -> Iterator[Identity]:
    """Every move of one main part with ``size`` kicker units of ``per_card`` cards each
    (1 for solos, 2 for pairs) that ``accept`` keeps."""
    if sum(main.values()) + size * per_card > opts.max_cards:
        return
    others = tuple(rank for rank in RANKS if rank not in main)
    units = _candidates(others, size)
    kept = units[accept(units, opts)]
    for counts in (kept * per_card + np.array(_counts(main))).tolist():
        yield (type_, key, length, tuple(counts))


def _chains(copies: int, min_length: int, opts: Options) -> Iterator[Tuple[int, int, range]]:
    """(key, length, ranks) of every run of ``min_length`` or more consecutive ranks 3..A
    whose ``copies`` cards a rank fit the largest hand."""
    for length in range(min_length, len(CHAIN) + 1):
        if copies * length > opts.max_cards:
            break
        for key in range(len(CHAIN) - length + 1):
            yield key, length, range(key, key + length)


def _singles(opts: Options) -> Iterator[Identity]:
    """Solo, pair, trio, bombs of 4..8 cards and the rocket."""
    for rank in RANKS:
        for type_, copies in (("solo", 1), ("pair", 2), ("trio", 3)):
            if copies <= opts.deck[rank]:
                yield (type_, rank, 1, _counts({rank: copies}))
    for rank in SUITED:
        for size in range(4, opts.deck[rank] + 1):
            yield ("bomb", rank, 1, _counts({rank: size}))
    yield ("rocket", B, 1, _counts({B: opts.deck[B], R: opts.deck[R]}))


def _with_kickers(opts: Options) -> Iterator[Identity]:
    """Trio + solo, trio + pair, four + two solos, four + two pairs."""
    for rank in SUITED:
        trio = {rank: 3}
        yield from _attached("trio_solo", rank, 1, trio, 1, 1, _within_deck, opts)
        yield from _attached("trio_pair", rank, 1, trio, 1, 2, _pairs_ok, opts)
        if opts.four_two:
            four = {rank: 4}
            yield from _attached("four_two_solo", rank, 1, four, 2, 1, _four_two_solos_ok,
                                 opts)
            yield from _attached("four_two_pair", rank, 1, four, 2, 2, _pairs_ok, opts)


def _sequences(opts: Options) -> Iterator[Identity]:
    """Chains, pair chains, airplanes alone and with solo or pair wings."""
    for type_, copies, min_length in (("chain", 1, 5), ("pair_chain", 2, 3),
                                      ("airplane", 3, 2)):
        for key, length, ranks in _chains(copies, min_length, opts):
            yield (type_, key, length, _counts({rank: copies for rank in ranks}))
    for key, length, ranks in _chains(3, 2, opts):
        trios = {rank: 3 for rank in ranks}
        solo_wings = partial(_solo_wings_ok, neighbours=_neighbours(ranks))
        yield from _attached("airplane_solo", key, length, trios, length, 1, solo_wings, opts)
        yield from _attached("airplane_pair", key, length, trios, length, 2, _pairs_ok, opts)


def _always(units: np.ndarray, opts: Options) -> np.ndarray:
    """No attachment at all (a space shuttle alone): the one empty candidate is kept."""
    return np.ones(len(units), dtype=bool)


def _shuttles(opts: Options) -> Iterator[Identity]:
    """Space shuttles (docs/RULES.md, "Botzone"): 2..5 bombs alone, 2..3 with 2n solos, 2
    with 2n pairs."""
    for key, length, ranks in _chains(4, 2, opts):
        bombs = {rank: 4 for rank in ranks}
        if length <= 5:
            yield from _attached("space_shuttle", key, length, bombs, 0, 1, _always, opts)
        if length <= 3:
            yield from _attached("space_shuttle", key, length, bombs, 2 * length, 1,
                                 _shuttle_solos_ok, opts)
        if length <= 2:
            yield from _attached("space_shuttle", key, length, bombs, 2 * length, 2,
                                 _shuttle_pairs_ok, opts)


@lru_cache(maxsize=None)
def brute_force(rules: Any) -> FrozenSet[Identity]:
    """Every move (type, key, length, counts) of ``rules`` (a hashable rule set without wild
    cards), each once."""
    opts = Options(rules)
    moves = set(_singles(opts)) | set(_with_kickers(opts)) | set(_sequences(opts))
    if opts.space_shuttle:
        moves |= set(_shuttles(opts))
    return frozenset(moves)


def per_type(moves: FrozenSet[Identity]) -> Dict[str, int]:
    """How many moves of each type."""
    return dict(Counter(move[0] for move in moves))
