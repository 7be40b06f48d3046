"""The pure-Python reference of Run Fast's moves: docs/RULES.md, "Run Fast", in code.

Run Fast (preset ``runfast`` or ``runfast_15``) plays the cards of one deck without jokers,
fewer aces and twos, and combinations of its own: pair chains from two pairs, a trio with any
two cards, airplanes with any two cards a trio, bombs of four (and, as an option, three aces),
four + three as an option. Written to be read: every move of a hand is built type by type from
the table of the rule book; responses, classification and the action space come from that one
list. :mod:`ddz_fast.reference.moves` hands every call under Run Fast rules to this module.

The short last hand (option ``short_last_hand``, on by default): a trio + two with fewer than
two cards, or an airplane with fewer than two cards a trio, is a move of the same type, key and
length, legal only when its cards are the player's whole hand. :func:`legal_moves` lists it
only then; :func:`classify` and the action space list it always (it is a move of the rules).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Dict, Iterator, List, Optional, Tuple

from .. import bitboard
from .._checks import check_action_id, check_play, check_prev, check_runfast_hand
from .._move_text import move_of_text
from ..cards import ACE, NUM_RANKS, RUNFAST_DECKS, Counts
from ..hand import HandLike
from ..move import ListOfMoves, Move, MoveLike, sort_key_in_context
from ..rules import Rules
from ..shapes import RUNFAST_SHAPES, runfast_kickers

__all__ = ["legal_moves", "classify", "beats", "action_space", "action_id", "action_move"]


# --- building blocks -------------------------------------------------------------------------

def _attachments(available: Counts, size: int, start: int = 0) -> Iterator[List[int]]:
    """Every multiset of ``size`` cards taking at most ``available[r]`` of each rank ``r``: the
    kickers and wings of Run Fast, which may be any cards (pairs, repeats) outside the main
    ranks."""
    if size == 0:
        yield [0] * NUM_RANKS
        return
    for rank in range(start, NUM_RANKS):
        for take in range(1, min(available[rank], size) + 1):
            for rest in _attachments(available, size - take, rank + 1):
                rest[rank] = take
                yield rest


def _runs(counts: Counts, copies: int, lengths: range, ranks: range) -> Iterator[range]:
    """Every run of ``lengths`` consecutive ranks of ``ranks`` held ``copies`` times or more,
    by length, then key."""
    # reach[key]: how many ranks of ``ranks`` from ``key`` up are held that often, one after
    # the other (the longest run starting there)
    reach = [0] * (NUM_RANKS + 1)
    for rank in reversed(ranks):
        reach[rank] = reach[rank + 1] + 1 if counts[rank] >= copies else 0
    for length in lengths:
        for key in ranks:
            if reach[key] >= length:
                yield range(key, key + length)


def _attachment_sizes(kind: str, length: int, rules: Rules) -> range:
    """How many kicker or wing cards ``kind`` may carry: its full form's, or with the short
    last hand fewer (0 up to the full form's) for the trio + two and the airplane."""
    full = runfast_kickers(kind, length)
    if rules.short_last_hand and kind in ("trio_two", "airplane_two"):
        return range(0, full + 1)
    return range(full, full + 1)


def _moves_of_type(kind: str, counts: Counts, rules: Rules) -> Iterator[Move]:
    copies, lengths, ranks = RUNFAST_SHAPES[kind]
    for main in _runs(counts, copies, lengths, ranks):
        available = tuple(0 if rank in main else count for rank, count in enumerate(counts))
        for size in _attachment_sizes(kind, len(main), rules):
            if copies * len(main) + size > rules.hand_size:
                break       # no move holds more cards than a hand
            for cards in _attachments(available, size):
                for rank in main:
                    cards[rank] = copies
                yield Move._trusted(kind, main.start, len(main), tuple(cards), True)


def _aaa_bomb(counts: Counts, rules: Rules) -> Iterator[Move]:
    """Three aces as the highest bomb (option ``aaa_bomb``), where the deck has three."""
    if rules.aaa_bomb and counts[ACE] >= 3:
        yield Move._trusted("bomb", ACE, 1, tuple(3 if rank == ACE else 0
                                                  for rank in range(NUM_RANKS)), True)


def _type_allowed(kind: str, rules: Rules) -> bool:
    return kind != "four_three" or rules.four_three


@lru_cache(maxsize=1024)
def all_moves(counts: Counts, rules: Rules) -> Tuple[Move, ...]:
    """Every Run Fast move the cards ``counts`` can make (short forms included), in canonical
    order, each exactly once. (Kept: a walk of the game tree asks for the same hands again and
    again.)"""
    moves = [move for kind in RUNFAST_SHAPES if _type_allowed(kind, rules)
             for move in _moves_of_type(kind, counts, rules)]
    moves.extend(_aaa_bomb(counts, rules))
    return tuple(sorted(moves, key=sort_key_in_context))


def _is_short(move: Move) -> bool:
    """Whether a move is the short form of a trio + two or an airplane."""
    extra = len(move) - 3 * move._length
    return move._type in ("trio_two", "airplane_two") and \
        extra < runfast_kickers(move._type, move._length)


def is_move_of(move: Move, rules: Rules) -> bool:
    """Whether ``move`` is a move of these Run Fast rules (in their action space)."""
    if not isinstance(move, Move) or move.is_pass:
        return False
    deck = RUNFAST_DECKS[rules.deck_size]
    if len(move) > rules.hand_size or any(map(int.__gt__, move.counts, deck)):
        return False
    return move in _moves_on_cards(move.counts, rules)


@lru_cache(maxsize=4096)
def _moves_on_cards(counts: Counts, rules: Rules) -> frozenset:
    """The moves of exactly these cards (kept: every answer checks the move it answers)."""
    return frozenset(move for move in all_moves(counts, rules) if move.counts == counts)


def _is_legal(move: Move, rules: Rules) -> bool:
    return is_move_of(move, rules)


#: The hand as a :class:`Hand`, refusing cards its Run Fast deck does not have (jokers, a
#: fourth ace, a second 2, and with 45 cards a fourth king, a second ace) and more cards than a
#: hand holds: the check the native core makes too (:mod:`ddz_fast._checks`).
check_hand = check_runfast_hand


def _beats(move: Move, prev: Move) -> bool:
    """docs/RULES.md, "Run Fast", "Beating": the same type and length and a higher key (the
    kickers never matter, so a short form beats a lower full form); a bomb beats any other
    move, and a higher bomb a lower one (three aces are the highest)."""
    if move._type == "bomb":
        return prev._type != "bomb" or move._key > prev._key
    return (move._type == prev._type and move._length == prev._length
            and move._key > prev._key)


# --- the public API (reference.moves's signatures) -------------------------------------------

def legal_moves(hand: HandLike, prev: Optional[MoveLike] = None, *,
                rules: Rules) -> ListOfMoves:
    """Every move ``hand`` may play, in canonical order; with ``prev`` only those beating it.
    A short trio or airplane is listed only when it is the whole hand. Pass is never listed
    (when it is allowed is the game's: see :mod:`ddz_fast.engine.runfast`)."""
    hand = check_hand(hand, rules)
    prev = check_prev(move_of_text(prev, "prev", rules, _classify_for_text), rules, _is_legal)
    moves = [move for move in all_moves(hand.counts, rules)
             if not _is_short(move) or move.counts == hand.counts]
    return ListOfMoves(moves if prev is None else [m for m in moves if _beats(m, prev)])


def classify(cards: HandLike, *, rules: Rules) -> List[Move]:
    """Every Run Fast move of exactly these cards, short forms included (empty: none)."""
    counts = check_hand(cards, rules).counts
    return sorted(_moves_on_cards(counts, rules), key=sort_key_in_context)


def _classify_for_text(cards: HandLike, *, rules: Rules, wild: object = None) -> List[Move]:
    return classify(cards, rules=rules)


def beats(move: MoveLike, prev: MoveLike, *, rules: Rules) -> bool:
    """Whether ``move`` may be played on ``prev`` (a pass beats nothing); either may be text,
    read under these rules."""
    prev = check_play(move_of_text(prev, "prev", rules, _classify_for_text), "prev", rules,
                      _is_legal)
    move = move_of_text(move, "move", rules, _classify_for_text)
    if isinstance(move, Move) and move.is_pass:
        return False
    move = check_play(move, "move", rules, _is_legal)
    return _beats(move, prev)


@lru_cache(maxsize=None)
def _action_space(rules: Rules) -> Tuple[Tuple[Move, ...], Dict[Move, int]]:
    moves = all_moves(RUNFAST_DECKS[rules.deck_size], rules)
    return moves, {move: i for i, move in enumerate(moves)}


def action_ids(rules: Rules) -> Dict[Move, int]:
    """The action id of every move of :func:`action_space`."""
    return _action_space(rules)[1]


def is_word64_of(word: int, rules: Rules) -> bool:
    """Whether ``word`` is the 64-bit word of a move of these rules (the batched API's words:
    :func:`ddz_fast.bitboard.runfast_word64`): its cards, within the deck and a hand, classify
    to the move of that word."""
    counts = bitboard.unpack(word)
    if any(map(int.__gt__, counts, RUNFAST_DECKS[rules.deck_size])) \
            or sum(counts) > rules.hand_size:
        return False
    return any(bitboard.runfast_word64(move.word) == word
               for move in _moves_on_cards(counts, rules))


def action_space(rules: Rules) -> Tuple[Move, ...]:
    """Every Run Fast move of the rules in canonical order (a move's index is its action id):
    by type (solo, pair, trio_two, chain, pair_chain, airplane_two, four_three, bomb), then
    length, number of cards, key and cards low to high."""
    return _action_space(rules)[0]


def action_id(move: MoveLike, rules: Rules) -> int:
    """The dense action id of ``move`` in :func:`action_space` (ValueError if absent)."""
    move = move_of_text(move, "move", rules, _classify_for_text)
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    try:
        return _action_space(rules)[1][move]
    except KeyError:
        raise ValueError(f"{move!r} is not in the action space of {rules!r}") from None


def action_move(action_id: int, rules: Rules) -> Move:
    """The move of a dense action id: the inverse of :func:`action_id`."""
    moves = _action_space(rules)[0]
    return moves[check_action_id(action_id, len(moves))]
