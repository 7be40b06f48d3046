"""An independent brute force of the action space of Run Fast (Pao De Kuai, 跑得快).

Written from the rule text alone (RULES.md, "Run Fast (Pao De Kuai, 跑得快)": the deck, the
combinations table and "Short last hand"). It imports nothing from the library: it reads the
rule options off the rule set it is given as plain attributes (``deck_size``, ``hand_size``,
``short_last_hand``, ``aaa_bomb``, ``four_three``) and builds every move with ``itertools``,
so an error shared with the generator would have to be made twice.

The action space is every move that some hand of the deck can play: every move whose cards fit
the deck's copies of each rank and number at most ``hand_size``. The short forms of the last
hand are moves too (the engine allows them only as the player's whole hand).

How it counts. For each type the *main part* (the solo, pair, trio or four, or the consecutive
ranks of a chain, pair chain or airplane) is placed at every key and chain length whose ranks
the deck holds enough copies of; then, for the types with kickers or wings, every candidate
attachment of each allowed size is listed, every multiset of ranks drawn with repetition from
the ranks that are not main ranks (``combinations_with_replacement``), and a candidate is kept
exactly when no rank holds more cards than the deck has and the whole move fits a hand.

* solo: one card of any rank; pair: two of a rank the deck has two of (not the 2);
* chain: 5..12 consecutive ranks of 3..A, one card each;
* pair_chain: n >= 2 consecutive ranks of 3..A, two cards each;
* trio_two: three of a rank plus exactly two kicker cards of other ranks (a pair or two
  singles); short forms: 0 or 1 kicker card;
* airplane_two: n >= 2 consecutive trios of 3..A plus exactly 2n wing cards of ranks not in
  the chain, any multiset within the deck's copies (``555666`` + ``7777``, ``555666`` +
  ``777`` + ``8``); short forms: 0..2n-1 wing cards;
* bomb: four of a rank the deck has four of; with ``aaa_bomb``, three aces where the deck has
  three aces;
* four_three (with ``four_three``): four of a rank plus exactly three cards of other ranks,
  any multiset within the deck's copies.

A move is the tuple ``(type, key, length, counts)``: ``key`` the rank index of the main rank
(the lowest for a chain, pair chain or airplane), ``length`` the chain length (pairs of a pair
chain, trios of an airplane; 1 for the other types), ``counts`` the 15 per-rank card counts
(indices 13 and 14, the jokers, always 0). Two moves of the same cards with different type,
key or length are two moves.

Choices where the rule text says no more than this:

* The ranks a trio, pair or four may use are those the deck holds three, two or four of: the
  2 (one copy in both decks) is never paired; in the 45-card deck the ace (one copy) is a
  solo, a chain card, a kicker or a wing only, and the kings (three copies) make trios but no
  bomb and no four + three.
* With ``aaa_bomb`` the three aces are also still a trio: ``AAA`` + kickers is a trio + two,
  ``KKKAAA`` + wings an airplane, and a bare ``AAA`` is both a bomb and (with
  ``short_last_hand``) the short trio + two of key A, two moves. No four + three is built on
  the ``AAA`` bomb (the option names four of a kind).
* Kickers and wings may be of any non-main rank, the 2 included, and may repeat up to the
  deck's copies: they may hold a trio or a four (``5555`` + ``777`` is a four + three) and may
  extend the chain (``555666777`` + ``888``: key 5 length 3), as the rule text's examples show.
* A short form keeps the type, key and length of its full form, and exists even where the full
  form would not fit a hand: with 16 cards an airplane of 4 trios has up to 4 wing cards and one
  of 5 trios up to 1; with 15 cards 4 trios up to 3 wings and 5 trios none.
* Without ``short_last_hand`` there is no bare trio and no bare airplane (the table has no such
  type), and trio_two / airplane_two have exactly 2 / 2n attachments.
* Move sizes: at most ``hand_size`` cards; this bounds pair chains (8 pairs with 16 cards, 7
  with 15) and airplanes (full forms up to 3 trios), never chains (at most 12 cards).
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Any, Dict, Iterator, List, Sequence, Tuple

RANKS = range(13)           # 3 4 5 6 7 8 9 T J Q K A 2 (no jokers in Run Fast)
CHAIN = range(12)           # 3..A: the ranks a chain, pair chain or airplane may use
ACE = 11

Counts = Tuple[int, ...]
Move = Tuple[str, int, int, Counts]


def deck_counts(deck_size: int) -> Counts:
    """The copies of each of the 15 ranks in a Run Fast deck of ``deck_size`` cards."""
    if deck_size == 48:     # four of 3..K, three aces, one 2
        copies = [4] * 11 + [3, 1]
    elif deck_size == 45:   # four of 3..Q, three kings, one ace, one 2
        copies = [4] * 10 + [3, 1, 1]
    else:
        raise ValueError(f"no Run Fast deck of {deck_size} cards")
    return tuple(copies + [0, 0])


class Options:
    """The options of a rule set, read as plain attributes (no library code runs)."""

    def __init__(self, rules: Any) -> None:
        self.deck: Counts = deck_counts(rules.deck_size)
        self.hand_size: int = rules.hand_size
        self.short_last_hand: bool = rules.short_last_hand
        self.aaa_bomb: bool = rules.aaa_bomb
        self.four_three: bool = rules.four_three


def _counts(main: Dict[int, int], extra: Sequence[int] = ()) -> Counts:
    """The 15 counts of a main part (rank -> copies) plus ``extra`` cards, one per entry."""
    out = [0] * 15
    for rank, copies in main.items():
        out[rank] += copies
    for rank in extra:
        out[rank] += 1
    return tuple(out)


def _attached(type_: str, key: int, length: int, main: Dict[int, int], sizes: Sequence[int],
              opts: Options) -> Iterator[Move]:
    """Every move of one main part with an attachment of each of ``sizes`` cards: every
    multiset of non-main ranks within the deck's copies, the whole within a hand."""
    others = [rank for rank in RANKS if rank not in main]
    base = _counts(main)
    for size in sizes:
        if sum(main.values()) + size > opts.hand_size:
            continue
        # Only a rank the deck holds fewer than ``size`` copies of can be drawn too often: the
        # deck check of each candidate looks at those ranks alone (the same verdict, quicker).
        scarce = [(rank, opts.deck[rank]) for rank in others if opts.deck[rank] < size]
        for extra in combinations_with_replacement(others, size):
            if all(extra.count(rank) <= copies for rank, copies in scarce):
                counts = list(base)     # _counts(main, extra), built quicker
                for rank in extra:
                    counts[rank] += 1
                yield (type_, key, length, tuple(counts))


def _runs(copies: int, min_length: int, max_length: int, opts: Options
          ) -> Iterator[Tuple[int, int, Dict[int, int]]]:
    """(key, length, main part) of every run of ``min_length``..``max_length`` consecutive
    ranks of 3..A each held ``copies`` times by the deck, the run alone within a hand."""
    for length in range(min_length, max_length + 1):
        if copies * length > opts.hand_size:
            break
        for key in range(len(CHAIN) - length + 1):
            ranks = range(key, key + length)
            if all(opts.deck[rank] >= copies for rank in ranks):
                yield key, length, {rank: copies for rank in ranks}


def _moves(opts: Options) -> Iterator[Move]:
    deck = opts.deck
    for rank in RANKS:
        yield ("solo", rank, 1, _counts({rank: 1}))
        if deck[rank] >= 2:
            yield ("pair", rank, 1, _counts({rank: 2}))
        if deck[rank] >= 4:
            yield ("bomb", rank, 1, _counts({rank: 4}))
    if opts.aaa_bomb and deck[ACE] == 3:
        yield ("bomb", ACE, 1, _counts({ACE: 3}))
    for key, length, main in _runs(1, 5, 12, opts):
        yield ("chain", key, length, _counts(main))
    for key, length, main in _runs(2, 2, 12, opts):
        yield ("pair_chain", key, length, _counts(main))
    for rank in RANKS:
        if deck[rank] >= 3:
            sizes = [0, 1, 2] if opts.short_last_hand else [2]
            yield from _attached("trio_two", rank, 1, {rank: 3}, sizes, opts)
        if opts.four_three and deck[rank] >= 4:
            yield from _attached("four_three", rank, 1, {rank: 4}, [3], opts)
    for key, length, main in _runs(3, 2, 12, opts):
        sizes = range(2 * length + 1) if opts.short_last_hand else [2 * length]
        yield from _attached("airplane_two", key, length, main, sizes, opts)


#: The moves of each option set listed so far (a rule set of the library or a stand-in with the
#: same options lists the same moves).
_LISTED: Dict[Tuple[Any, ...], Tuple[Move, ...]] = {}


def action_space(rules: Any) -> List[Move]:
    """Every move (type, key, length, counts) of the Run Fast rule set ``rules``, each once,
    pass excluded: listed once per option set, a new list each call."""
    opts = Options(rules)
    key = (opts.deck, opts.hand_size, opts.short_last_hand, opts.aaa_bomb, opts.four_three)
    if key not in _LISTED:
        _LISTED[key] = tuple(_moves(opts))
    return list(_LISTED[key])


def counts_by_type(rules: Any) -> Dict[str, int]:
    """How many moves of each type (types with no move are left out)."""
    return dict(Counter(move[0] for move in action_space(rules)))
