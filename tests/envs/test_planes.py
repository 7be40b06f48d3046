"""ddz_fast.envs.planes: the compiled encoder against one written here from the documented
layout, on random mid-game states of Game/State, and what the player to move may know.

The encoder below reads a State itself (its hands, its history, its landlord), not the state
arrays the kernel reads, so the arrays built from the State are checked on the way too.
"""
from __future__ import annotations

import random
from typing import Dict, List, Tuple

import numpy as np
import pytest

from ddz_fast import Game, Hand, Move
from ddz_fast.engine.game import deal_cards
from ddz_fast.envs.planes import (INFO_SIZE, PLANES_VERSION, RECENT_ACTIONS, STATE_CHANNELS,
                                  Planes, describe, planes)

from support.common import sizes

pytestmark = pytest.mark.native

HISTORY = 160
ARRAY_NAMES = ("hands", "played", "last_moves", "history", "history_len", "bombs", "landlord",
               "player", "prev", "moves", "offsets")


# --- random mid-game states ------------------------------------------------------------------

def random_states(games: int, seed: int, rules: str = "standard") -> List[object]:
    """Every decision of ``games`` random hands (the landlord at a random seat)."""
    rng = random.Random(seed)
    game = Game(rules)
    found = []
    for number in range(games):
        deal = deal_cards(seed, number, rules=rules)
        landlord = rng.randrange(3)
        hands = list(deal.hands)
        hands[landlord] = Hand(str(hands[landlord]) + str(deal.kitty))
        state = game.new_state_from_hands(hands, deal.kitty, landlord=landlord)
        while not state.is_over:
            found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def _plays(state) -> List[Tuple[int, Move]]:
    return [(seat, action) for seat, action in state.history if isinstance(action, Move)]


def arrays_of_states(states) -> Dict[str, np.ndarray]:
    """The state arrays of a batch of States (the contract's: a pass last among the moves)."""
    n = len(states)
    a = {"hands": np.zeros((n, 3), np.uint64), "played": np.zeros((n, 3), np.uint64),
         "last_moves": np.zeros((n, 3), np.uint64), "history": np.zeros((n, HISTORY), np.uint64),
         "history_len": np.zeros(n, np.int64), "bombs": np.zeros(n, np.int64),
         "landlord": np.zeros(n, np.int64), "player": np.zeros(n, np.int64),
         "prev": np.zeros(n, np.uint64)}
    moves, offsets = [], [0]
    for t, state in enumerate(states):
        for seat in range(3):
            a["hands"][t, seat] = state.hands[seat].bitboard
        plays = _plays(state)
        for k, (seat, move) in enumerate(plays):
            a["history"][t, k] = move.word
            a["last_moves"][t, seat] = move.word
            if not move.is_pass:
                a["played"][t, seat] += np.uint64(Hand(move.counts).bitboard)
            a["bombs"][t] += move.type in ("bomb", "rocket")
        a["history_len"][t] = len(plays)
        a["landlord"][t] = state.landlord
        a["player"][t] = state.current_player
        a["prev"][t] = 0 if state.prev is None else state.prev.word
        legal = state.legal_actions()
        own = [m.word for m in legal if not m.is_pass] + [0] * any(m.is_pass for m in legal)
        moves += own
        offsets.append(offsets[-1] + len(own))
    a["moves"] = np.array(moves, dtype=np.uint64)
    a["offsets"] = np.array(offsets, dtype=np.int64)
    return a


# --- the encoder of the documented layout ------------------------------------------------------

_ROW = np.arange(4).reshape(4, 1)       # row k of a plane


def _plane(counts) -> np.ndarray:
    """A card set: row k is 1 at each rank of which the set has more than k cards."""
    return (_ROW < np.asarray(counts)).astype(np.int8)


def _planes(counts) -> np.ndarray:
    """The planes of several card sets (an (n, 15) array of counts) at once: (n, 4, 15)."""
    return (_ROW < np.asarray(counts).reshape(-1, 1, 15)).astype(np.int8)


def _one_hot(value: int, width: int) -> List[int]:
    row = [0] * width
    row[value] = 1
    return row


def encode(state) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(state planes, info, action planes) of a State, from the module's tables."""
    me = state.current_player
    seats = [me, (me + 1) % 3, (me + 2) % 3]          # me, next, previous
    plays = _plays(state)
    played = {seat: [0] * 15 for seat in range(3)}
    last = {seat: Move.PASS for seat in range(3)}
    for seat, move in plays:
        played[seat] = [x + y for x, y in zip(played[seat], move.counts)]
        last[seat] = move
    channels = [_plane(state.hands[me].counts),
                _plane([x + y for x, y in zip(state.hands[seats[1]].counts,
                                              state.hands[seats[2]].counts)])]
    channels += [_plane(played[seat]) for seat in seats]
    channels.append(_plane(state.prev.counts if state.prev is not None else [0] * 15))
    channels += [_plane(last[seat].counts) for seat in seats]
    recent = list(reversed(plays))[:RECENT_ACTIONS]
    channels += [_plane(move.counts) for _, move in recent]
    channels += [_plane([0] * 15)] * (RECENT_ACTIONS - len(recent))
    info = []
    for seat in seats:
        info += _one_hot(len(state.hands[seat]), 21)
    info += _one_hot((me - state.landlord) % 3, 3)
    info += _one_hot(sum(move.type in ("bomb", "rocket") for _, move in plays), 15)
    if state.prev is None:
        beat_by = 0
    else:
        beat_by = 1 + [seats[1], seats[2]].index(
            next(seat for seat, move in reversed(plays) if not move.is_pass))
    info += _one_hot(beat_by, 3)
    info += [int(move.is_pass) for _, move in recent] + [0] * (RECENT_ACTIONS - len(recent))
    legal = state.legal_actions()
    ordered = [m for m in legal if not m.is_pass] + [m for m in legal if m.is_pass]
    actions = _planes([m.counts for m in ordered])
    return np.array(channels, dtype=np.int8), np.array(info, dtype=np.int8), actions


# --- the tests -------------------------------------------------------------------------------

@pytest.mark.parametrize("games", sizes(50, 2_000))     # 50: over 1,000 states, two batches
@pytest.mark.parametrize("rules", ["standard", "rlcard"])
def test_the_kernel_is_the_documented_layout(games, rules):
    states = random_states(games // 2, seed=games, rules=rules)
    seen = {"bombs": 0, "follows": 0, "long": 0, "passes": 0}
    for start in range(0, len(states), 1000):
        batch = states[start:start + 1000]
        arrays = arrays_of_states(batch)
        result = planes(**arrays)
        assert isinstance(result, Planes)
        assert result.state.shape == (len(batch), STATE_CHANNELS, 4, 15)
        assert result.info.shape == (len(batch), INFO_SIZE)
        assert result.actions.shape == (len(arrays["moves"]), 4, 15)
        assert result.table.tolist() == np.repeat(np.arange(len(batch)),
                                                  np.diff(arrays["offsets"])).tolist()
        for t, state in enumerate(batch):
            channels, info, actions = encode(state)
            assert np.array_equal(result.state[t], channels), (start + t)
            assert np.array_equal(result.info[t], info), (start + t)
            own = result.actions[arrays["offsets"][t]:arrays["offsets"][t + 1]]
            assert np.array_equal(own, actions), (start + t)
            seen["bombs"] += arrays["bombs"][t] > 0
            seen["follows"] += state.prev is not None
            seen["long"] += arrays["history_len"][t] > RECENT_ACTIONS
            seen["passes"] += int(info[84:].sum() > 0)
    assert all(count > 0 for count in seen.values()), seen


def _swap_unseen(arrays: Dict[str, np.ndarray], t: int, rng: random.Random) -> bool:
    """Swap a card of one rank of the next seat's hand with one of another rank of the previous
    seat's: the union of the unseen cards and each hand's size stay. False when none differ."""
    me = int(arrays["player"][t])
    a, b = (me + 1) % 3, (me + 2) % 3
    first = list(Hand.from_bitboard(int(arrays["hands"][t, a])).counts)
    second = list(Hand.from_bitboard(int(arrays["hands"][t, b])).counts)
    pairs = [(x, y) for x in range(15) for y in range(15)
             if x != y and first[x] and second[y] and not (first[y] and second[x])]
    if not pairs:
        return False
    x, y = rng.choice(pairs)
    first[x], first[y], second[y], second[x] = first[x] - 1, first[y] + 1, second[y] - 1, \
        second[x] + 1
    arrays["hands"][t, a], arrays["hands"][t, b] = Hand(first).bitboard, Hand(second).bitboard
    return True


def _move_card(arrays: Dict[str, np.ndarray], t: int) -> bool:
    """Move one card of the next seat's hand to the previous seat's."""
    me = int(arrays["player"][t])
    a, b = (me + 1) % 3, (me + 2) % 3
    first = list(Hand.from_bitboard(int(arrays["hands"][t, a])).counts)
    second = list(Hand.from_bitboard(int(arrays["hands"][t, b])).counts)
    rank = next((r for r in range(15) if first[r]), None)
    if rank is None:
        return False
    first[rank] -= 1
    second[rank] += 1
    arrays["hands"][t, a], arrays["hands"][t, b] = Hand(first).bitboard, Hand(second).bitboard
    return True


def test_other_hands_are_seen_only_as_their_union():
    rng = random.Random(4)
    states = random_states(40, seed=4)
    arrays = arrays_of_states(states)
    before = planes(**arrays)
    swapped = {name: value.copy() for name, value in arrays.items()}
    changed = sum(_swap_unseen(swapped, t, rng) for t in range(len(states)))
    assert changed > len(states) // 2
    assert not np.array_equal(swapped["hands"], arrays["hands"])
    after = planes(**swapped)
    for name in Planes._fields:
        assert np.array_equal(getattr(before, name), getattr(after, name)), name
    # The check can fail: a card moved from one hand to the other changes the sizes seen.
    moved = {name: value.copy() for name, value in arrays.items()}
    assert all(_move_card(moved, t) for t in range(5))
    assert not np.array_equal(planes(**moved).info[:5], before.info[:5])


def test_out_is_written_and_returned():
    arrays = arrays_of_states(random_states(3, seed=9))
    fresh = planes(**arrays)
    n = len(arrays["hands"])
    out = (np.full((n, STATE_CHANNELS, 4, 15), 5, np.int8), np.full((n, INFO_SIZE), 5, np.int8))
    again = planes(**arrays, out=out)
    assert again.state is out[0] and again.info is out[1]
    for name in Planes._fields:
        assert np.array_equal(getattr(fresh, name), getattr(again, name))


def test_describe_covers_the_arrays_once():
    assert PLANES_VERSION == 1
    fields = describe()
    for array, size in (("state", STATE_CHANNELS), ("info", INFO_SIZE), ("actions", 1)):
        spans = sorted((f.start, f.stop) for f in fields if f.array == array)
        assert spans[0][0] == 0 and spans[-1][1] == size, array
        assert all(stop == start for (_, stop), (start, _) in zip(spans, spans[1:])), array
    assert all(f.meaning for f in fields)


def test_empty_batch():
    arrays = {name: value[:0] for name, value in arrays_of_states(random_states(1, 1)).items()}
    arrays["offsets"] = np.zeros(1, dtype=np.int64)
    result = planes(**arrays)
    assert result.state.shape == (0, STATE_CHANNELS, 4, 15) and result.actions.shape == (0, 4, 15)


def _good() -> Dict[str, np.ndarray]:
    return arrays_of_states(random_states(1, seed=2)[5:7])


@pytest.mark.parametrize("change, error, message", [
    (lambda a: a.update(last_moves=a["last_moves"].astype(np.int64)), TypeError,
     "last_moves must be a numpy array of uint64"),
    (lambda a: a.update(bombs=a["bombs"].astype(np.uint64)), TypeError, "bombs must be"),
    (lambda a: a.update(prev=a["prev"][:0]), ValueError, "prev must have shape"),
    (lambda a: a.update(history=a["history"][0]), ValueError, "history must have shape"),
    (lambda a: a["bombs"].__setitem__(0, 15), ValueError, "bombs\\[0\\] = 15"),
    (lambda a: a["bombs"].__setitem__(0, -1), ValueError, "bombs\\[0\\] = -1 is negative"),
    (lambda a: a["prev"].__setitem__(0, np.uint64(0x7)), ValueError, "prev\\[0\\]"),
    (lambda a: a["last_moves"].__setitem__((0, 2), np.uint64(0x2 << 52)), ValueError,
     "last_moves\\[0, 2\\]"),
    (lambda a: a["moves"].__setitem__(0, np.uint64(0x5 << 8)), ValueError, "moves\\[0\\]"),
    (lambda a: a["offsets"].__setitem__(1, a["offsets"][2] + 1), ValueError,
     "offsets must not decrease"),
    (lambda a: a["player"].__setitem__(0, (a["player"][0] + 1) % 3), ValueError,
     "not the seat to move"),
    (lambda a: a.update(out=(np.zeros((2, 24, 4, 15), np.int8),)), TypeError, "out must be"),
    (lambda a: a.update(out=(np.zeros((2, 24, 60), np.int8), np.zeros((2, 99), np.int8))),
     ValueError, "out's state must have shape"),
    (lambda a: a.update(out=(np.zeros((2, 24, 4, 15), np.int8), np.zeros((2, 99), np.uint8))),
     TypeError, "out's info must be"),
])
def test_bad_arrays_are_refused_by_name(change, error, message):
    arrays = _good()
    planes(**arrays)
    change(arrays)
    with pytest.raises(error, match=message):
        planes(**arrays)


def test_a_hand_of_more_than_twenty_cards_is_refused():
    arrays = _good()
    arrays["hands"][0] = [Hand(cards).bitboard
                          for cards in ("3333444455556666777799", "8888TTTT", "JJJJ")]
    arrays["played"][0] = 0
    arrays["history_len"][0] = 0
    arrays["landlord"][0] = arrays["player"][0]
    with pytest.raises(ValueError, match="hands\\[0, 0\\] holds 22 cards: a hand holds at "
                                         "most 20"):
        planes(**arrays)
