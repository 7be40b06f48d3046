"""An independent brute-force walk of the Run Fast play tree, for expected perft counts.

Written from the rule text alone (RULES.md, "Run Fast (Pao De Kuai, 跑得快)": the combinations
table, "Short last hand", "Beating", "Play", "One card left") and importing nothing from
ddz_fast, so that an error shared with the library would have to be made twice. It is slow on
purpose where that keeps it obvious: every sub-multiset of a hand is tried as a move and read
against the table, so it is meant for hands of a few cards (1 to 6 or so).

Vocabulary (plain tuples):

* ``Counts``: 13 card counts, ranks ``3 4 5 6 7 8 9 T J Q K A 2`` (indices 0..12); no jokers.
* ``Move``: ``(type, key, length, counts)`` with the type one of ``solo pair pair_chain chain
  trio_two airplane_two bomb four_three``, ``key`` the rank of the main part (the lowest rank of
  a chain, pair chain or airplane), ``length`` the chain length (1 for the other types);
  ``PASS`` is ``("pass", 0, 0, no cards)``.
* ``State``: ``(hands, to_move, prev, passes)``: a hand per player in play (two or three),
  the seat to move, the move to beat (None when the player leads) and the passes since it.
* ``Options``: the rule options, read off any object with the attributes ``short_last_hand``,
  ``aaa_bomb``, ``four_three``, ``must_beat`` and ``one_card_rule`` (a Rules, or a
  ``SimpleNamespace`` standing in for one).

The rules as written here:

* a move is any sub-multiset of the hand with a reading in the table; short forms (a trio with
  0 or 1 kickers, an airplane of n trios with 0..2n-1 wings) only as the whole hand and only
  with ``short_last_hand``; three aces are a bomb with ``aaa_bomb``; four + three with
  ``four_three``;
* beating: same type, same length, higher key; a bomb beats every other type and a lower bomb;
* the leader plays any move and may not pass; a follower beats or passes, and with
  ``must_beat`` passes only when no move beats; when every other player has passed in a row,
  the player of the last move leads;
* with ``one_card_rule``, while the next player holds exactly one card, a solo played must be
  the player's highest card;
* the hand is over when a hand is empty; perft counts a finished hand as a leaf at any depth.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any, Dict, List, Optional, Tuple

NUM_RANKS = 13
ACE = 11                        # chains use ranks 3..A (0..11), never the 2
Counts = Tuple[int, ...]
Move = Tuple[str, int, int, Counts]
State = Tuple[Tuple[Counts, ...], int, Optional[Move], int]
NO_CARDS: Counts = (0,) * NUM_RANKS
PASS: Move = ("pass", 0, 0, NO_CARDS)

Options = Tuple[bool, bool, bool, bool, bool]


def options(rules: Any) -> Options:
    """(short_last_hand, aaa_bomb, four_three, must_beat, one_card_rule) of a rule set."""
    return (bool(rules.short_last_hand), bool(rules.aaa_bomb), bool(rules.four_three),
            bool(rules.must_beat), bool(rules.one_card_rule))


def _consecutive(ranks: List[int]) -> bool:
    return ranks == list(range(ranks[0], ranks[0] + len(ranks))) and ranks[-1] <= ACE


def readings(cards: Counts, whole_hand: bool, opts: Options) -> List[Tuple[str, int, int]]:
    """Every (type, key, length) the cards make under the table (``whole_hand``: they are
    the player's whole hand, so the short forms count)."""
    short_ok = opts[0] and whole_hand
    total = sum(cards)
    held = [rank for rank in range(NUM_RANKS) if cards[rank]]
    found = []
    if total == 1:
        found.append(("solo", held[0], 1))
    if total == 2 and len(held) == 1:
        found.append(("pair", held[0], 1))
    if total == 4 and len(held) == 1:
        found.append(("bomb", held[0], 1))
    if opts[1] and total == 3 and cards[ACE] == 3:
        found.append(("bomb", ACE, 1))
    if total >= 5 and all(cards[r] == 1 for r in held) and _consecutive(held):
        found.append(("chain", held[0], len(held)))
    if total >= 4 and all(cards[r] == 2 for r in held) and _consecutive(held):
        found.append(("pair_chain", held[0], len(held)))
    for rank in held:
        if cards[rank] == 3:    # the kickers are every other card: of other ranks
            if total == 5 or (short_ok and total in (3, 4)):
                found.append(("trio_two", rank, 1))
        if cards[rank] == 4 and opts[2] and total == 7:
            found.append(("four_three", rank, 1))
    trios = [rank for rank in held if cards[rank] == 3 and rank <= ACE]
    for start in trios:
        for length in range(2, NUM_RANKS):
            run = list(range(start, start + length))
            if not all(r in trios for r in run):
                break
            wings = total - 3 * length      # every card outside the run: non-chain ranks
            if wings == 2 * length or (short_ok and wings < 2 * length):
                found.append(("airplane_two", start, length))
    return found


@lru_cache(maxsize=None)
def moves_of(hand: Counts, opts: Options) -> Tuple[Move, ...]:
    """Every move of the hand: each sub-multiset of its cards read every way it reads."""
    found = []
    for cards in product(*(range(count + 1) for count in hand)):
        if any(cards):
            for kind, key, length in readings(cards, cards == hand, opts):
                found.append((kind, key, length, cards))
    return tuple(found)


def beats(move: Move, prev: Move) -> bool:
    """Same type and length with a higher key; a bomb beats any non-bomb and lower bombs."""
    if move[0] == "bomb":
        return prev[0] != "bomb" or move[1] > prev[1]
    return move[0] == prev[0] and move[2] == prev[2] and move[1] > prev[1]


def actions(state: State, opts: Options) -> List[Move]:
    """The legal actions of the player to move (PASS among them when he may pass)."""
    hands, player, prev, _ = state
    hand = hands[player]
    moves = [m for m in moves_of(hand, opts) if prev is None or beats(m, prev)]
    may_pass = prev is not None and not (opts[3] and moves)
    following = hands[(player + 1) % len(hands)]
    if opts[4] and sum(following) == 1:
        highest = max(rank for rank in range(NUM_RANKS) if hand[rank])
        moves = [m for m in moves if m[0] != "solo" or m[1] == highest]
    return ([PASS] if may_pass else []) + moves


def play(state: State, move: Move) -> State:
    """The state after the player to move plays ``move`` (or passes)."""
    hands, player, prev, passes = state
    following = (player + 1) % len(hands)
    if move[0] == "pass":
        if passes + 1 == len(hands) - 1:    # everyone else passed: the last player leads
            return hands, following, None, 0
        return hands, following, prev, passes + 1
    left = tuple(have - used for have, used in zip(hands[player], move[3]))
    return hands[:player] + (left,) + hands[player + 1:], following, move, 0


def is_over(state: State) -> bool:
    return any(sum(hand) == 0 for hand in state[0])


@lru_cache(maxsize=None)
def perft(state: State, depth: int, opts: Options) -> int:
    """Leaves of the play tree below ``state`` cut at ``depth`` (a finished hand is a leaf)."""
    if depth == 0 or is_over(state):
        return 1
    return sum(perft(play(state, move), depth - 1, opts) for move in actions(state, opts))


@lru_cache(maxsize=None)
def live(state: State, depth: int, opts: Options) -> int:
    """The nodes exactly ``depth`` plies below ``state`` where play goes on: 0 once every line
    has ended, and then ``perft(state, depth)`` counts the whole tree."""
    if is_over(state):
        return 0
    if depth == 0:
        return 1
    return sum(live(play(state, move), depth - 1, opts) for move in actions(state, opts))


def divide(state: State, depth: int, opts: Options) -> Dict[Move, int]:
    """{first action: leaves below it at ``depth - 1``} (empty for a finished hand)."""
    if is_over(state):
        return {}
    return {move: perft(play(state, move), depth - 1, opts) for move in actions(state, opts)}
