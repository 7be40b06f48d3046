"""The pure-Python reference: docs/RULES.md, "Combinations" and "Beating a move", in code.

It is written to be read, not to be fast: every move of a hand is built type by type from the table
of docs/RULES.md, and everything else (responses, classification, the action space) is derived from
that one list. The native core must agree with it on every input.

Rules with wild cards (``laizi``) are played by :mod:`ddz_fast.reference.laizi`: every public
function here takes the wild ranks as ``wild`` and hands such a call over to it, once the rule
set is resolved (the one branch the plain path pays). The batched functions take ``wild`` too
and play wild cards in :mod:`ddz_fast._laizi_batch`. Run Fast's rules (``game="runfast"``) are
played by :mod:`ddz_fast.reference.runfast`, and its batches here, on its 64-bit words
(:func:`ddz_fast.bitboard.runfast_word64`).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from .. import bitboard
from . import laizi as reference_laizi, runfast as reference_runfast
from .._batch_checks import word_layout, check_batch
from .._laizi_batch import laizi_action_mask, laizi_moves_batch
from .._two_decks_batch import two_decks_action_mask, two_decks_moves_batch
from .._checks import check_action_id, check_play, check_prev
from .._move_text import move_of_text
from ..cards import (BLACK_JOKER, MAX_COPIES, NUM_RANKS, RED_JOKER, Counts, deck_counts,
                     fits_one_deck)
from ..hand import Hand, HandLike, as_hand
from ..move import ListOfMoves, Move, MoveLike, sort_key_in_context
from ..rules import WIDEST_RULES, WIDEST_TWO_DECKS, Rules, RulesLike, checked_rules
from ..shapes import ALL_RANKS, BOMB_SIZES, CHAIN_RANKS, MAIN_SHAPES, SHUTTLE_KINDS, main_shapes

__all__ = ["legal_moves", "classify", "beats", "action_space", "action_id", "action_move",
           "legal_moves_batch", "legal_action_mask"]

# --- building blocks -------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _held_runs(counts: Counts, copies: int) -> Tuple[int, ...]:
    """``runs[r]``: how many consecutive ranks from ``r`` up the hand holds ``copies`` times
    or more (0 when it holds fewer of ``r``); ``runs[NUM_RANKS]`` is 0. Kept for the last
    hands: every move type of the same copies asks for the same runs."""
    runs = [0] * (NUM_RANKS + 1)
    for rank in reversed(ALL_RANKS):
        runs[rank] = runs[rank + 1] + 1 if counts[rank] >= copies else 0
    return tuple(runs)


def _main_parts(counts: Counts, copies: int, lengths: range,
                ranks: range) -> Iterator[Tuple[int, int]]:
    """(key, length) of every run of ``lengths`` consecutive ranks held ``copies`` times."""
    # The held runs are counted once, not re-checked rank by rank for every key and length:
    # a run of ``length`` ranks starts at ``key`` exactly when ``runs[key] >= length``.
    runs = _held_runs(tuple(counts), copies)      # a tuple: the runs are kept by hand
    # Only where a run of the shortest length starts can a longer one start.
    keys = [key for key in ranks if runs[key] >= lengths.start]
    for length in lengths:
        for key in keys:
            if key + length - 1 in ranks and runs[key] >= length:
                yield key, length


def _with(base: Sequence[int], ranks: Sequence[int], copies: int) -> List[int]:
    out = list(base)
    for rank in ranks:
        out[rank] += copies
    return out


def _solo_kickers(available: Sequence[int], size: int, start: int = 0) -> Iterator[List[int]]:
    """Every multiset of ``size`` cards taking at most ``available[r]`` of each rank."""
    if size == 0:
        yield [0] * NUM_RANKS
        return
    for rank in range(start, NUM_RANKS):
        for take in range(1, min(available[rank], size) + 1):
            for rest in _solo_kickers(available, size - take, rank + 1):
                rest[rank] = take
                yield rest


def _pair_kickers(counts: Counts, size: int, excluded: range) -> Iterator[List[int]]:
    """``size`` pairs of distinct ranks outside ``excluded`` (jokers pair only with two decks:
    one deck has one of each)."""
    ranks = [r for r in ALL_RANKS if r not in excluded and counts[r] >= 2]
    for chosen in combinations(ranks, size):
        yield _with([0] * NUM_RANKS, chosen, 2)


def _solo_kicker_allowance(counts: Counts, main: range, max_copies: int) -> List[int]:
    return [0 if r in main else min(counts[r], max_copies) for r in ALL_RANKS]


def _holds_both_jokers(kickers: Sequence[int]) -> bool:
    """Whether kickers hold a black and a red joker: what ``rocket_in_kickers`` rules on."""
    return kickers[BLACK_JOKER] >= 1 and kickers[RED_JOKER] >= 1


def _distinct_solos(counts: Counts, main: range, max_copies: int, size: int,
                    rules: Rules) -> Iterator[List[int]]:
    """``size`` solo kickers outside ``main``, at most ``max_copies`` of a rank, and both jokers
    together only where ``rocket_in_kickers`` allows it."""
    for kickers in _solo_kickers(_solo_kicker_allowance(counts, main, max_copies), size):
        if not (_holds_both_jokers(kickers) and not rules.rocket_in_kickers):
            yield kickers


def _shuttle_wings(counts: Counts, main: range, rules: Rules) -> Iterator[List[int]]:
    """The wings of a space shuttle on the bombs ``main``, of every kind its length allows:
    none; 2n solos of distinct ranks; 2n pairs of distinct ranks 3..2 (n = len(main))."""
    n = len(main)
    for copies, per_bomb, lengths in SHUTTLE_KINDS.values():
        if n not in lengths:
            continue
        if copies == 0:
            yield [0] * NUM_RANKS
        elif copies == 1:
            yield from _distinct_solos(counts, main, 1, per_bomb * n, rules)
        else:
            yield from _pair_kickers(counts, per_bomb * n, main)


def _wing_trio_next_to_chain(wings: Sequence[int], main: range) -> bool:
    neighbours = (main.start - 1, main.stop)
    return any(r in CHAIN_RANKS and wings[r] >= 3 for r in neighbours)


# --- one generator per move type -------------------------------------------------------------

def _kickers(kind: str, counts: Counts, main: range, rules: Rules) -> Iterator[List[int]]:
    """The kicker sets a move type allows around the main ranks ``main``."""
    n = len(main)
    if kind in ("solo", "pair", "trio", "chain", "pair_chain", "airplane", "bomb"):
        yield [0] * NUM_RANKS
    elif kind == "trio_solo":
        yield from _solo_kickers(_solo_kicker_allowance(counts, main, 1), 1)
    elif kind in ("trio_pair", "airplane_pair", "four_two_pair"):
        for pairs in _pair_kickers(counts, 2 if kind == "four_two_pair" else n, main):
            if rules.rocket_in_kickers or not _holds_both_jokers(pairs):
                yield pairs
    elif kind == "airplane_solo":
        allowance = _solo_kicker_allowance(counts, main, rules.solo_wing_max_copies)
        for wings in _solo_kickers(allowance, n):
            if _holds_both_jokers(wings) and not rules.rocket_in_kickers:
                continue
            if not rules.trio_wing_next_to_chain and _wing_trio_next_to_chain(wings, main):
                continue
            yield wings
    elif kind == "four_two_solo":
        yield from _distinct_solos(counts, main, rules.four_two_solo_max_copies, 2, rules)
    elif kind == "space_shuttle":
        yield from _shuttle_wings(counts, main, rules)
    else:  # pragma: no cover - MAIN_SHAPES and this function list the same types
        raise AssertionError(kind)


def _copies(kind: str, rules: Rules) -> range:
    """The cards of each main rank: a bomb is 4 cards of a rank, or 4 to 8 with two decks;
    every other shape has one size."""
    if kind == "bomb":
        return BOMB_SIZES[rules.decks]
    copies = main_shapes(rules.decks)[kind][0]
    return range(copies, copies + 1)


def _moves_of_type(kind: str, counts: Counts, rules: Rules) -> Iterator[Move]:
    _, lengths, ranks = main_shapes(rules.decks)[kind]
    for copies in _copies(kind, rules):
        for key, length in _main_parts(counts, copies, lengths, ranks):
            yield from _moves_on(kind, counts, rules, range(key, key + length), copies)


def _moves_on(kind: str, counts: Counts, rules: Rules, main: range,
              copies: int) -> Iterator[Move]:
    """The moves of ``kind`` whose main part is ``copies`` cards of each rank of ``main``."""
    # The moves of cards that fit one deck fit its word; others count their own cards.
    fits = True if fits_one_deck(counts) else None
    for kickers in _kickers(kind, counts, main, rules):
        cards = tuple(_with(kickers, main, copies))
        yield Move._trusted(kind, main.start, len(main), cards, fits)


def _type_allowed(kind: str, rules: Rules) -> bool:
    if kind == "space_shuttle":
        return rules.space_shuttle
    return rules.four_two or kind not in ("four_two_solo", "four_two_pair")


def _rocket(rules: Rules) -> Counts:
    """The rocket: both jokers, or all four with two decks."""
    rocket = [0] * NUM_RANKS
    rocket[BLACK_JOKER] = rocket[RED_JOKER] = rules.decks
    return tuple(rocket)


def all_moves(counts: Counts, rules: Rules) -> List[Move]:
    """Every move the cards ``counts`` can make, in canonical order, each exactly once."""
    moves = [move for kind in MAIN_SHAPES if _type_allowed(kind, rules)
             for move in _moves_of_type(kind, counts, rules)]
    rocket = _rocket(rules)
    if all(have >= need for have, need in zip(counts, rocket)):
        moves.append(Move._trusted("rocket", BLACK_JOKER, 1, rocket))
    return sorted(moves, key=sort_key_in_context)


def _has_move(move: Move, rules: Rules) -> bool:
    """Whether the rules have ``move`` (an exact Move): ``move in all_moves(move.counts,
    rules)``, asking only the generator of its type on its own main part. Moves are equal
    when their words are, and a word says the type, key, length and cards, so no move of
    another type or main part is equal to it; nor is the rocket unless it is the rocket."""
    kind, key, length = move.type, move.key, move.length
    if rules.decks == 1 and not fits_one_deck(move.counts):
        return False    # e.g. 333BB: a trio and a pair of two decks' black jokers
    if kind == "rocket":
        return move == Move._trusted("rocket", BLACK_JOKER, 1, _rocket(rules))
    shapes = main_shapes(rules.decks)
    if kind not in shapes or not _type_allowed(kind, rules):
        return False
    _, lengths, ranks = shapes[kind]
    return any((key, length) in _main_parts(move.counts, copies, lengths, ranks)
               and move in _moves_on(kind, move.counts, rules, range(key, key + length), copies)
               for copies in _copies(kind, rules))


@lru_cache(maxsize=4096)
def _is_legal(move: Move, rules: Rules) -> bool:
    """:func:`_has_move`, kept for the moves asked about last: every answer to a move first
    checks it. A move's word says all of it, so equal moves get the same answer."""
    return _has_move(move, rules)


def _beats(move: Move, prev: Move) -> bool:
    # The slots, not the properties: the differential tests call this for every move of
    # every hand they answer with, and a property read costs as much as the comparison.
    kind, prev_kind = move._type, prev._type
    if kind == "rocket":
        return prev_kind != "rocket"
    if kind == "bomb" and prev_kind == "bomb":     # more cards, then the higher rank
        return (len(move), move._key) > (len(prev), prev._key)
    if kind == "bomb" and prev_kind != "rocket":
        return True     # a space shuttle is no bomb: bombs beat it too
    # The same type, length and number of cards: the length fixes the number of cards of every
    # type but the space shuttle, whose kinds (alone, solo wings, pair wings) it tells apart.
    return (kind == prev_kind and move._length == prev._length and len(move) == len(prev)
            and move._key > prev._key)


# --- the public API --------------------------------------------------------------------------

def _is_runfast(rules: Rules, wild: object) -> bool:
    """Whether the call is Run Fast's (:mod:`ddz_fast.reference.runfast`), which has no wild
    cards to name."""
    if rules.game != "runfast":
        return False
    if wild is not None:
        raise ValueError(f"Run Fast has no wild cards: wild must be None under {rules!r}")
    return True


def legal_moves(hand: HandLike, prev: Optional[MoveLike] = None, *,
                rules: RulesLike = None, wild: object = None) -> ListOfMoves:
    """Every legal play from ``hand``, in canonical order; with ``prev`` only those beating it.

    Pass is never listed: it is always allowed when following. ``prev`` of None or
    ``Move.PASS`` means the player leads; text names the move to beat as
    :func:`ddz_fast.moves.notation.parse_move` reads it under these rules (ValueError when it
    names none or several). ``wild``: the wild ranks, given exactly when the rules have wild
    cards (:mod:`ddz_fast.reference.laizi`). The moves come as a
    :class:`~ddz_fast.move.ListOfMoves`, which finds a move by its text too.
    """
    rules = checked_rules(rules)
    if _is_runfast(rules, wild):
        return reference_runfast.legal_moves(hand, prev, rules=rules)
    if rules.laizi or wild is not None:
        return reference_laizi.legal_moves(hand, prev, rules=rules, wild=wild)
    hand = as_hand(hand, rules.decks)
    prev = check_prev(move_of_text(prev, "prev", rules, classify), rules, _is_legal)
    moves = all_moves(hand.counts, rules)
    return ListOfMoves(moves if prev is None else [m for m in moves if _beats(m, prev)])


def classify(cards: HandLike, *, rules: RulesLike = None, wild: object = None) -> List[Move]:
    """Every interpretation of exactly these cards as one move (empty: no combination); with
    wild cards, every reading of them under the wild ranks ``wild``."""
    rules = checked_rules(rules)
    if _is_runfast(rules, wild):
        return reference_runfast.classify(cards, rules=rules)
    if rules.laizi or wild is not None:
        return reference_laizi.classify(cards, rules=rules, wild=wild)
    counts = as_hand(cards, rules.decks).counts
    return [m for m in all_moves(counts, rules) if m.counts == counts]


def _is_some_move(move: Move) -> bool:
    """Whether the widest rules of one deck or of two classify the move's cards to it: the
    move is one of its own cards' moves (:func:`_has_move`) under one of them. (What
    ``Move()`` checks with :func:`ddz_fast.shapes.is_combination`, which the tests compare
    with this.)"""
    return ((fits_one_deck(move.counts) and _has_move(move, WIDEST_RULES))
            or _has_move(move, WIDEST_TWO_DECKS))


def beats(move: MoveLike, prev: MoveLike, *, rules: RulesLike = None,
          wild: object = None) -> bool:
    """Whether ``move`` may be played on ``prev`` (a pass beats nothing); with wild cards, the
    bomb order of docs/RULES.md, "Laizi". Either move may be given as its text, read under
    these rules (:func:`ddz_fast.moves.notation.parse_move`)."""
    rules = checked_rules(rules)
    if _is_runfast(rules, wild):
        return reference_runfast.beats(move, prev, rules=rules)
    if rules.laizi or wild is not None:
        return reference_laizi.beats(move, prev, rules=rules, wild=wild)
    prev = check_play(move_of_text(prev, "prev", rules, classify), "prev", rules, _is_legal)
    move = move_of_text(move, "move", rules, classify)
    if isinstance(move, Move) and move.is_pass:
        return False
    move = check_play(move, "move", rules, _is_legal)
    return _beats(move, prev)


@lru_cache(maxsize=None)
def _action_space(rules: Rules) -> Tuple[Tuple[Move, ...], Dict[Move, int]]:
    moves = tuple(all_moves(deck_counts(rules.decks), rules))
    return moves, {move: i for i, move in enumerate(moves)}


def action_space(rules: RulesLike = None, wild: object = None) -> Tuple[Move, ...]:
    """Every move of the rule set, in canonical order: a move's index is its dense action id.

    The order is by type (solo, pair, trio, trio_solo, trio_pair, chain, pair_chain, airplane,
    airplane_solo, airplane_pair, four_two_solo, four_two_pair, bomb, rocket, space_shuttle),
    then chain length, then number of cards (which only tells the space shuttle's kinds
    apart), then key rank, then the cards listed low to high. Pass is not in it. With wild
    cards it is the action space of the wild ranks ``wild`` (:mod:`ddz_fast.reference.laizi`).
    """
    checked = checked_rules(rules)
    if _is_runfast(checked, wild):
        return reference_runfast.action_space(checked)
    if checked.laizi or wild is not None:
        return reference_laizi.action_space(checked, wild)
    return _action_space(checked)[0]


def action_id(move: MoveLike, rules: RulesLike = None, wild: object = None) -> int:
    """The dense action id of ``move`` in :func:`action_space` (ValueError if absent); text
    is read under these rules (:func:`ddz_fast.moves.notation.parse_move`)."""
    rules = checked_rules(rules)
    if _is_runfast(rules, wild):
        return reference_runfast.action_id(move, rules)
    if rules.laizi or wild is not None:
        return reference_laizi.action_id(move, rules, wild)
    move = move_of_text(move, "move", rules, classify)
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    try:
        return _action_space(rules)[1][move]
    except KeyError:
        raise ValueError(f"{move!r} is not in the action space of {rules!r}") from None


def action_move(action_id: int, rules: RulesLike = None, wild: object = None) -> Move:
    """The move of a dense action id: the inverse of :func:`action_id`."""
    checked = checked_rules(rules)
    if _is_runfast(checked, wild):
        return reference_runfast.action_move(action_id, checked)
    if checked.laizi or wild is not None:
        return reference_laizi.action_move(action_id, checked, wild)
    moves = _action_space(checked)[0]
    return moves[check_action_id(action_id, len(moves))]


# --- the batched API: one legal_moves call per hand ------------------------------------------

def _is_legal_word(word: int, rules: Rules) -> bool:
    """Whether a 64-bit word is a move of ``rules``: its cards classify to exactly that word
    (under Run Fast's rules, to the move whose 64-bit word it is)."""
    if rules.game == "runfast":
        return reference_runfast.is_word64_of(word, rules)
    counts = bitboard.unpack(word)
    if any(count > most for count, most in zip(counts, MAX_COPIES)):
        return False
    return any(move.word == word for move in classify(counts, rules=rules))


def _first_illegal(words: np.ndarray, rules: Rules) -> int:
    for row, word in enumerate(words.tolist()):
        if word and not _is_legal_word(word, rules):
            return row
    return -1


def _batch_rows(hands: object, prevs: object, rules: RulesLike) -> Iterator[List[Move]]:
    """The legal moves of each hand of a batch, after the shared checks."""
    hand_words, prev_words, rules = check_batch(hands, prevs, rules, _first_illegal)
    word_of = bitboard.runfast_from_word64 if rules.game == "runfast" else int
    for row, word in enumerate(hand_words.tolist()):
        prev = None if prev_words is None else Move.from_word(word_of(int(prev_words[row])))
        yield legal_moves(Hand.from_bitboard(word), prev, rules=rules)


def legal_moves_batch(hands: object, prevs: object = None, *, rules: RulesLike = None,
                      wild: object = None) -> Tuple[np.ndarray, np.ndarray]:
    """The legal moves of many hands at once, as move words in CSR form.

    ``hands`` is an (N, 15) integer array of counts or an (N,) uint64 array of hand bitboards;
    ``prevs`` is None (every hand leads) or an (N,) uint64 array of move words to beat, 0 for
    a hand that leads. Returns ``(moves, offsets)``: uint64 move words and int64 offsets of
    length N + 1; the moves of hand i are ``moves[offsets[i]:offsets[i + 1]]``, in canonical
    order.
    Under Run Fast rules the hands are Run Fast's (within its deck, at most a hand) and the
    move words, as the prevs, are Run Fast's 64-bit words: a Move's word without its bit 125
    (:func:`ddz_fast.bitboard.runfast_word64`; a MoveList's ``array`` holds the same).
    Under rules of two decks (``four_player``), hands are an (N, 15) count array and move words
    are 128-bit: ``moves`` and ``prevs`` are (N, 2) uint64 arrays of their low and high 64 bits
    (see :mod:`ddz_fast._two_decks_batch`).
    With wild cards (``laizi`` rules), ``wild`` names the wild ranks of the whole batch; hands
    are one deck's, and ``moves`` and ``prevs`` are (N, 2) uint64 arrays of the halves of
    128-bit words, as with two decks (see :mod:`ddz_fast._laizi_batch`).
    """
    table = word_layout(hands, rules, wild)
    if table == "laizi":
        return laizi_moves_batch(hands, prevs, rules, wild, legal_moves)
    if table == "two_decks":
        return two_decks_moves_batch(hands, prevs, checked_rules(rules), legal_moves)
    words: List[int] = []
    offsets = [0]
    word_of = bitboard.runfast_word64 if checked_rules(rules).game == "runfast" else int
    for moves in _batch_rows(hands, prevs, rules):
        words.extend(word_of(move.word) for move in moves)
        offsets.append(len(words))
    return np.array(words, dtype=np.uint64), np.array(offsets, dtype=np.int64)


def legal_action_mask(hands: object, prevs: object = None, *, rules: RulesLike = None,
                      wild: object = None) -> np.ndarray:
    """bool[N, len(action_space(rules, wild))]: True at the action id of every legal move of
    hand i.

    Arguments as for :func:`legal_moves_batch`. With wild cards the ids are counted, not looked
    up in the listed action space (:mod:`ddz_fast.laizi_ids`).
    """
    table = word_layout(hands, rules, wild)
    if table == "laizi":
        return laizi_action_mask(hands, prevs, rules, wild, legal_moves)
    if table == "two_decks":
        space = action_space(rules)
        return two_decks_action_mask(hands, prevs, checked_rules(rules), legal_moves, len(space),
                                     action_id)
    rows = list(_batch_rows(hands, prevs, rules))
    checked = checked_rules(rules)
    ids = (reference_runfast.action_ids(checked) if checked.game == "runfast"
           else _action_space(checked)[1])
    mask = np.zeros((len(rows), len(ids)), dtype=bool)
    for row, moves in enumerate(rows):
        mask[row, [ids[move] for move in moves]] = True
    return mask
