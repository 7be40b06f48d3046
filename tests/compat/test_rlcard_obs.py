"""ddz_fast.compat.rlcard.rlcard_observations against RLCard's own environment.

RLCard's ``doudizhu`` environment plays random legal actions; at every decision the state
arrays of the tables are built from its game (the hands, the played cards and the trace, the
landlord put at a seat drawn per game), the legal moves are ddz_fast's own (preset
``rlcard``), and the kernel's row must be ``env.get_state(player)["obs"]`` exactly and its ids
RLCard's legal ids.
"""
from __future__ import annotations

import functools
import random
from typing import Dict, List, Tuple

import numpy as np
import pytest

from ddz_fast import Hand, legal_moves_batch
from ddz_fast.compat import rlcard
from ddz_fast.compat.rlcard import (LANDLORD_OBS_SIZE, PEASANT_OBS_SIZE, from_string,
                                    rlcard_observations)

from support import peers
from support.common import sizes

pytestmark = pytest.mark.native
needs_rlcard = pytest.mark.skipif(not peers.HAVE_RLCARD, reason="rlcard is not installed")

HISTORY = 160       # wider than any hand's trace here: the kernels read history_len entries


# Both are read for every entry of the trace at every decision: cached by the card string,
# which is all they depend on.
@functools.lru_cache(maxsize=None)
def _word(cards: str) -> int:
    """The move word of an RLCard action string (0: the pass)."""
    return 0 if cards == "pass" else from_string(cards).word


@functools.lru_cache(maxsize=None)
def _counts(cards: str) -> int:
    return Hand(cards).bitboard if cards else 0


def state_arrays_of_rlcard(game, landlord: int) -> Dict[str, np.ndarray]:
    """The state arrays of one table (N = 1) from an RLCard game, its landlord (RLCard's
    player 0) at seat ``landlord``; moves are left to the caller."""
    from rlcard.games.doudizhu.utils import cards2str

    trace = game.round.trace
    hands = np.zeros((1, 3), dtype=np.uint64)
    for q, rl_player in enumerate(game.players):
        seat = (landlord + q) % 3
        hands[0, seat] = _counts(cards2str(rl_player.current_hand))
    # Summed as Python ints, then stored: a seat's played cards fit its 64-bit word.
    played_by_seat = [0, 0, 0]
    for q, action in trace:
        if action != "pass":
            played_by_seat[(landlord + q) % 3] += _counts(action)
    played = np.array([played_by_seat], dtype=np.uint64)
    history = np.zeros((1, HISTORY), dtype=np.uint64)
    for k, (q, _) in enumerate(trace):
        assert q == k % 3           # RLCard's turns go round from its player 0
    history[0, :len(trace)] = [_word(action) for _, action in trace]
    # The move to beat: the last play, unless both other players have passed since.
    prev = 0
    for _, action in reversed(trace[-2:]):
        if action != "pass":
            prev = _word(action)
            break
    return {"hands": hands, "played": played, "history": history,
            "history_len": np.array([len(trace)], dtype=np.int64),
            "landlord": np.array([landlord], dtype=np.int64),
            "player": np.array([(landlord + game.round.current_player) % 3], dtype=np.int64),
            "prev": np.array([prev], dtype=np.uint64)}


def _batched(tables: List[Dict[str, np.ndarray]]) -> Dict[str, np.ndarray]:
    """One batch of the tables, with ddz_fast's legal moves of each (a pass last when legal)."""
    arrays = {name: np.concatenate([t[name] for t in tables]) for name in tables[0]}
    mine = arrays["hands"][np.arange(len(tables)), arrays["player"]]
    found, found_offsets = legal_moves_batch(mine, arrays["prev"], rules="rlcard")
    moves: List[np.ndarray] = []
    offsets = [0]
    for t in range(len(tables)):
        own = found[found_offsets[t]:found_offsets[t + 1]]
        if arrays["prev"][t]:
            own = np.append(own, np.uint64(0))
        moves.append(own)
        offsets.append(offsets[-1] + len(own))
    arrays["moves"] = np.concatenate(moves).astype(np.uint64)
    arrays["offsets"] = np.array(offsets, dtype=np.int64)
    return arrays


def _play_games(games: int, seed: int) -> Tuple[List[Dict[str, np.ndarray]], List[tuple]]:
    """Random games of RLCard's environment: the state arrays and RLCard's (obs, legal ids)
    at every decision."""
    import rlcard as rlcard_package

    env = rlcard_package.make("doudizhu", config={"seed": seed})
    rng = random.Random(seed)
    tables, expected = [], []
    for _ in range(games):
        landlord = rng.randrange(3)
        state, player = env.reset()
        while not env.is_over():
            seen = env.get_state(player)
            tables.append(state_arrays_of_rlcard(env.game, landlord))
            expected.append((player, seen["obs"], list(seen["legal_actions"])))
            state, player = env.step(rng.choice(list(seen["legal_actions"])))
    return tables, expected


@needs_rlcard
@pytest.mark.parametrize("games", sizes(50, 2_000))
def test_observations_are_rlcards_own(games):
    tables, expected = _play_games(games, seed=games)
    kinds = {"landlord": 0, "landlord_down": 0, "landlord_up": 0, "leads": 0, "follows": 0}
    for start in range(0, len(tables), 1000):         # batches of 1,000 tables
        arrays = _batched(tables[start:start + 1000])
        arguments = {name: arrays[name] for name in ("hands", "played", "history",
                                                     "history_len", "landlord", "player",
                                                     "moves", "offsets")}
        obs, ids = rlcard_observations(**arguments)
        assert obs.dtype == np.int8 and obs.shape == (len(arrays["hands"]), PEASANT_OBS_SIZE)
        offsets = arrays["offsets"]
        for t in range(len(arrays["hands"])):
            player, rl_obs, rl_ids = expected[start + t]
            kinds[("landlord", "landlord_down", "landlord_up")[player]] += 1
            kinds["follows" if arrays["prev"][t] else "leads"] += 1
            size = LANDLORD_OBS_SIZE if player == 0 else PEASANT_OBS_SIZE
            assert rl_obs.shape == (size,)
            assert np.array_equal(obs[t, :size], rl_obs.astype(np.int8)), (start + t, player)
            assert not obs[t, size:].any()
            own = ids[offsets[t]:offsets[t + 1]]
            assert sorted(own.tolist()) == sorted(rl_ids), (start + t, player)
            assert len(set(own.tolist())) == len(own)
    assert all(count > games for count in kinds.values()), kinds


@needs_rlcard
def test_out_is_written_and_returned():
    tables, expected = _play_games(3, seed=5)
    arrays = _batched(tables)
    arguments = {name: arrays[name] for name in ("hands", "played", "history", "history_len",
                                                 "landlord", "player", "moves", "offsets")}
    fresh, ids = rlcard_observations(**arguments)
    out = np.full((len(tables), PEASANT_OBS_SIZE), 7, dtype=np.int8)
    again, again_ids = rlcard_observations(**arguments, out=out)
    assert again is out and np.array_equal(out, fresh) and np.array_equal(ids, again_ids)


# --- the quirks, on hand-made tables (expected values from RLCard's rules as read) -----------

def _one_table(landlord: int, trace: List[str], hands: List[str]) -> Dict[str, np.ndarray]:
    """A table whose hands (by RLCard player: landlord, landlord_down, landlord_up) and trace
    are given; the player to move follows from the trace."""
    n = len(trace)
    history = np.zeros((1, 12), dtype=np.uint64)
    played = np.zeros((1, 3), dtype=np.uint64)
    for k, action in enumerate(trace):
        history[0, k] = _word(action)
        played[0, (landlord + k) % 3] += np.uint64(_counts("" if action == "pass" else action))
    seat_hands = np.zeros((1, 3), dtype=np.uint64)
    for q, cards in enumerate(hands):
        seat_hands[0, (landlord + q) % 3] = _counts(cards)
    return {"hands": seat_hands, "played": played, "history": history,
            "history_len": np.array([n], dtype=np.int64),
            "landlord": np.array([landlord], dtype=np.int64),
            "player": np.array([(landlord + n) % 3], dtype=np.int64),
            "moves": np.zeros(1, dtype=np.uint64), "offsets": np.array([0, 1], dtype=np.int64)}


def _cards_54(cards: str) -> np.ndarray:
    """RLCard's 54 entries of a card string, from its rule: 4 per rank 3..2, the first
    ``count`` set, then the black and the red joker."""
    out = np.zeros(54, dtype=np.int8)
    for rank, count in enumerate(Hand(cards).counts if cards and cards != "pass" else [0] * 15):
        if rank < 13:
            out[4 * rank:4 * rank + count] = 1
        elif count:
            out[52 + rank - 13] = 1
    return out


@pytest.mark.parametrize("landlord", [0, 1, 2])
def test_a_peasant_sees_the_earliest_landlord_and_teammate_actions(landlord):
    # landlord 3, down 4, up 5, landlord 6, down pass, up 7, landlord 8: landlord_down to move
    trace = ["3", "4", "5", "6", "pass", "7", "8"]
    hands = ["99TTJJQQKKAA22BR", "3456789TJQ", "3456789TJQKA"]
    obs, _ = rlcard_observations(**_one_table(landlord, trace, hands))
    row = obs[0]
    assert np.array_equal(row[756:810], _cards_54("3"))     # the landlord's first, not "8"
    assert np.array_equal(row[810:864], _cards_54("5"))     # the teammate's first, not "7"
    assert np.array_equal(row[108:162], _cards_54("8"))     # the last action
    assert np.array_equal(row[702:756], _cards_54("57"))    # the teammate's played cards
    # nine rows of the last actions, oldest first, two empty rows before the hand's first
    assert not row[162:270].any()
    for i, action in enumerate(trace):
        assert np.array_equal(row[270 + 54 * i:324 + 54 * i], _cards_54(action))
    assert row[864 + 16 - 1] == 1 and row[864:884].sum() == 1   # the landlord holds 16
    assert row[884 + 12 - 1] == 1 and row[884:901].sum() == 1   # the teammate holds 12


def test_the_last_action_skips_one_pass_only():
    hands = ["99TTJJQQKKAA22BRR"[:16], "3456789TJQ", "3456789TJQKA"]
    obs, _ = rlcard_observations(**_one_table(2, ["3", "4", "pass"], hands))
    assert np.array_equal(obs[0, 108:162], _cards_54("4"))
    obs, _ = rlcard_observations(**_one_table(2, ["3", "4", "pass", "pass"], hands))
    assert not obs[0, 108:162].any()          # two passes: the one before is a pass too
    # landlord_down's first turn: the teammate has not acted, its "last action" is empty
    obs, _ = rlcard_observations(**_one_table(1, ["3"], hands))
    assert not obs[0, 810:864].any()


def test_the_legal_ids_are_rlcards():
    arrays = _one_table(0, [], ["33344455BR", "6789", "TJQ"])
    words = [from_string(cards).word for cards in ("3", "BR", "33344455")]
    arrays["moves"] = np.array(words, dtype=np.uint64)
    arrays["offsets"] = np.array([0, 3], dtype=np.int64)
    _, ids = rlcard_observations(**arrays)
    assert ids.tolist() == [rlcard.to_id(from_string(c)) for c in ("3", "BR", "33344455")]
    arrays["moves"] = np.array([from_string("3").word & ((1 << 60) - 1), 0], dtype=np.uint64)
    arrays["offsets"] = np.array([0, 2], dtype=np.int64)
    _, ids = rlcard_observations(**arrays)    # by the cards, type bits or not; the pass
    assert ids.tolist() == [rlcard.to_id(from_string("3")), rlcard.PASS_ID]


# --- validation ----------------------------------------------------------------------------

def _good() -> Dict[str, np.ndarray]:
    return _one_table(0, ["3", "4"], ["56789TJQKA2BR4455", "6789", "TJQ"])


@pytest.mark.parametrize("change, error, message", [
    (lambda a: a.update(hands=a["hands"].astype(np.int64)), TypeError, "hands must be"),
    (lambda a: a.update(played=a["played"].tolist()), TypeError, "played must be"),
    (lambda a: a.update(history=a["history"][:, :0]), ValueError, "history_len\\[0\\] = 2"),
    (lambda a: a.update(hands=a["hands"][:, :2]), ValueError, "hands must have shape"),
    (lambda a: a.update(player=np.array([1, 2])), ValueError, "player must have shape"),
    (lambda a: a.update(landlord=np.array([3])), ValueError, "landlord\\[0\\] = 3 is no seat"),
    (lambda a: a.update(player=np.array([1])), ValueError, "is not the seat to move"),
    (lambda a: a.update(history_len=np.array([-1])), ValueError, "history_len\\[0\\]"),
    (lambda a: a["hands"].__setitem__((0, 1), np.uint64(1 << 63)), ValueError,
     "bits outside"),
    (lambda a: a["hands"].__setitem__((0, 1), np.uint64(5)), ValueError, "more of a rank"),
    (lambda a: a["history"].__setitem__((0, 1), np.uint64(0x50)), ValueError,
     "history\\[0, 1\\]"),
    (lambda a: a["played"].__setitem__((0, 2), np.uint64(Hand("3333").bitboard)), ValueError,
     "more of a rank than one deck"),
    (lambda a: a["hands"].__setitem__((0, slice(0, 2)), np.array(
        [0, Hand("3456789TJQKA2456789").bitboard], dtype=np.uint64)),
     ValueError, "hands\\[0, 1\\] holds 19 cards: RLCard's peasants hold at most 17"),
    (lambda a: a["history"].__setitem__((0, 0), np.uint64(0)), ValueError, "is a pass"),
    (lambda a: a.update(offsets=np.array([0, 2])), ValueError, "offsets\\[-1\\]"),
    (lambda a: a.update(offsets=np.array([1, 1])), ValueError, "offsets\\[0\\]"),
    (lambda a: a.update(moves=np.array([Hand("34").bitboard], dtype=np.uint64)),
     ValueError, "no RLCard action"),
    (lambda a: a.update(out=np.zeros((1, 790), dtype=np.int8)), ValueError, "out must have"),
    (lambda a: a.update(out=np.zeros((1, 901), dtype=np.int16)), TypeError, "out must be"),
])
def test_bad_arrays_are_refused_by_name(change, error, message):
    arrays = _good()
    rlcard_observations(**arrays)
    change(arrays)
    out = arrays.get("out")
    before = None if out is None else out.copy()
    with pytest.raises(error, match=message):
        rlcard_observations(**arrays)
    if out is not None:
        assert np.array_equal(out, before)


def test_empty_batch():
    arrays = {name: value[:0] for name, value in _good().items()}
    arrays["offsets"] = np.zeros(1, dtype=np.int64)
    obs, ids = rlcard_observations(**arrays)
    assert obs.shape == (0, PEASANT_OBS_SIZE) and ids.shape == (0,)
