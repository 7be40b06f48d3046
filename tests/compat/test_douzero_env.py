"""ddz_fast.compat.douzero's Env, legal_words and BatchFeatures against DouZero driven for real.

DouZero (douzero 1.1) is the oracle throughout: its ``GameEnv.get_legal_card_play_actions`` for
the order of the legal actions (leading and following, duplicates and all), its ``Env`` and
``get_obs`` for the observations and rewards, Python's own ``set`` for the iteration order its
singles follow, and its ``dmc`` package for the training loop the drop-in must run in.
"""
from __future__ import annotations

import importlib.util
import itertools
import random
import subprocess
import sys
import textwrap
import types
from typing import Dict, List, Sequence, Tuple

import numpy as np
import pytest

from ddz_fast.compiled import HAVE_CORE

if not HAVE_CORE:   # the module builds its cases with the compiled core at import
    pytest.skip("DouZero's order and features are compiled", allow_module_level=True)

from ddz_fast import classify
from ddz_fast.compat import douzero

from support import peers
from support.common import random_hands, sizes
from support.subprocesses import SUBPROCESS_CWD

pytestmark = [pytest.mark.native,
              pytest.mark.skipif(not peers.HAVE_DOUZERO,
                                 reason="douzero is not installed (or does not import)")]

SEED = 20_261_202
VALUES = douzero.CARD_OF_RANK
FEATURES = ("x_batch", "z_batch", "x_no_action", "z")
HISTORY_WIDTH = 160         # any width holding a hand's actions: the kernel takes (N, H)


def cards_of_word(word: int) -> List[int]:
    return [card for rank, card in enumerate(VALUES) for _ in range((word >> (4 * rank)) & 7)]


def word_of_cards(cards: Sequence[int]) -> int:
    return sum(1 << (4 * douzero.RANK_OF_CARD[card]) for card in cards)


def ours(cards: Sequence[int], rival: Sequence[int] = ()) -> List[List[int]]:
    """legal_words of the cards against the rival's cards, as DouZero card lists."""
    words = douzero.legal_words(word_of_cards(cards), word_of_cards(rival))
    return [cards_of_word(int(word)) for word in words]


def theirs(cards: Sequence[int], rival: Sequence[int] = ()) -> List[List[int]]:
    """DouZero's own get_legal_card_play_actions for the landlord holding ``cards`` when the
    last action was ``rival`` (none: leading)."""
    from douzero.env.game import GameEnv

    game = GameEnv({})
    game.acting_player_position = "landlord"
    game.info_sets["landlord"].player_hand_cards = sorted(cards)
    game.card_play_action_seq = [sorted(rival)] if rival else []
    return game.get_legal_card_play_actions()


def deal(rng: random.Random, size: int) -> List[int]:
    return sorted(rng.sample(list(douzero.DECK), size))


# --- the order of the legal actions ------------------------------------------------------------

def test_singles_follow_the_iteration_order_of_pythons_set():
    """Every set of 1..4 distinct card values (8 slots, probing decides) and random larger
    ones (32 slots: sorted); the singles come first when leading."""
    rng = random.Random(SEED)
    samples = [list(c) for k in range(1, 5) for c in itertools.combinations(VALUES, k)]
    samples += [sorted(rng.sample(VALUES, rng.randint(5, 15))) for _ in range(300)]
    unsorted = 0
    for values in samples:
        extra = [v for v in values if v < 20 and rng.random() < 0.5]
        cards = sorted(values + extra[:20 - len(values)])
        singles = ours(cards)[:len(values)]
        assert singles == [[v] for v in set(cards)], cards
        unsorted += [s[0] for s in singles] != sorted(values)
    assert unsorted > 100          # the small sets really are out of order


@pytest.mark.parametrize("distinct", [1, 2, 3, 4])
def test_leading_order_on_hands_of_few_ranks(distinct):
    rng = random.Random(SEED + distinct)
    for values in itertools.combinations(VALUES, distinct):
        cards = [v for v in values for _ in range(1 if v >= 20 else rng.randint(1, 4))]
        assert ours(cards) == theirs(cards), cards


def test_leading_order_on_random_and_full_hands():
    rng = random.Random(SEED)
    hands = [douzero.cards_of(hand) for hand in random_hands(600, SEED)]
    hands += [deal(rng, size) for size in (17, 20) for _ in range(200)]
    for cards in hands:
        assert ours(cards) == theirs(cards), cards


# Moves to beat where DouZero's reading is its own (docs/adapters.md), and one of each type.
QUIRKS = [
    [3, 3, 3, 4, 4, 4, 5, 5, 5, 7, 7, 7],           # wings a trio: ranked by the 7s
    [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6],           # the airplane of four only
    [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7],   # no move: bombs and the rocket only
    [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 8, 8, 8, 9],
    [4, 4, 4, 5, 5, 5, 6, 6, 6, 3, 3, 3][::-1],
    [6, 6, 6, 7, 7, 7, 3, 4], [6, 6, 6, 7, 7, 7, 3, 3], [6, 6, 6, 7, 7, 7, 8, 8, 9, 9],
    [5], [20], [9, 9], [8, 8, 8], [7, 7, 7, 7], [20, 30], [8, 8, 8, 3], [8, 8, 8, 4, 4],
    [3, 4, 5, 6, 7], [7, 8, 9, 10, 11, 12, 13, 14], [3, 3, 4, 4, 5, 5], [5, 5, 5, 5, 3, 9],
    [5, 5, 5, 5, 3, 3], [5, 5, 5, 5, 20, 30], [5, 5, 5, 5, 3, 3, 9, 9],
]


def test_following_order_on_random_hands_and_moves():
    """Against moves DouZero itself lists for another hand, and against the QUIRKS."""
    rng = random.Random(SEED + 7)
    hands = [douzero.cards_of(hand) for hand in random_hands(400, SEED + 1)]
    hands += [deal(rng, rng.choice((5, 10, 17, 20))) for _ in range(400)]
    for cards in hands:
        other = deal(rng, rng.randint(1, 20))
        rivals = [rng.choice(theirs(other)) for _ in range(3)] + [rng.choice(QUIRKS)]
        for rival in rivals:
            assert ours(cards, rival) == theirs(cards, rival), (cards, rival)


def test_following_the_quirks_on_dense_hands():
    rng = random.Random(SEED + 8)
    for _ in range(150):
        cards = deal(rng, 20)
        for rival in QUIRKS:
            assert ours(cards, rival) == theirs(cards, rival), (cards, rival)


def test_every_action_is_the_first_reading_of_its_cards():
    """Each word is a move of exactly its cards under preset douzero, the first classify
    lists; the pass (0) comes last when following and only then."""
    rng = random.Random(SEED + 9)
    for hand in random_hands(300, SEED + 2):
        other = deal(rng, rng.randint(1, 20))
        for rival in ([], rng.choice(theirs(other))):
            words = douzero.legal_words(hand, word_of_cards(rival))
            assert (0 in words.tolist()) == bool(rival)
            if rival:
                assert words[-1] == 0 and list(words).count(0) == 1
            for word in map(int, words):
                if word:
                    first = classify(douzero.hand_of(cards_of_word(word)), rules="douzero")[0]
                    assert first.word == word


def test_the_batched_listing_is_the_listing_of_each_row():
    rng = random.Random(SEED + 10)
    hands = [douzero.hand_of(deal(rng, rng.randint(1, 20))).bitboard for _ in range(200)]
    prevs = [0 if rng.random() < 0.3 else word_of_cards(rng.choice(theirs(deal(rng, 15))))
             for _ in hands]
    moves, offsets = douzero.legal_words_batch(np.array(hands, dtype=np.uint64),
                                               np.array(prevs, dtype=np.uint64))
    assert offsets[0] == 0 and offsets[-1] == len(moves) and len(offsets) == len(hands) + 1
    for t, (hand, prev) in enumerate(zip(hands, prevs)):
        assert np.array_equal(moves[offsets[t]:offsets[t + 1]], douzero.legal_words(hand, prev))


def test_legal_words_refuses_bad_input():
    with pytest.raises(ValueError, match="at most 20"):
        douzero.legal_words(douzero.hand_of(list(douzero.DECK[:21])))
    with pytest.raises(TypeError, match="hand must be"):
        douzero.legal_words("333")
    with pytest.raises(ValueError, match="beyond the counts"):
        douzero.legal_words(1 << 63)
    with pytest.raises(ValueError, match="more cards of a rank"):
        douzero.legal_words(5)
    with pytest.raises(ValueError, match="prev"):
        douzero.legal_words(1, 5)
    with pytest.raises(TypeError, match="uint64"):
        douzero.legal_words_batch(np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.uint64))
    with pytest.raises(ValueError, match="shape"):
        douzero.legal_words_batch(np.ones(2, dtype=np.uint64), np.zeros(3, dtype=np.uint64))


# --- the Env against DouZero's Env -------------------------------------------------------------

def assert_same_obs(mine: Dict, reference: Dict, where: str) -> None:
    assert mine.keys() == reference.keys(), where
    assert mine["position"] == reference["position"], where
    assert mine["legal_actions"] == reference["legal_actions"], where
    for name in FEATURES:
        a, b = mine[name], reference[name]
        assert a.dtype == b.dtype and a.shape == b.shape, (where, name)
        assert np.array_equal(a, b), (where, name)


@pytest.mark.parametrize("games", sizes(100, 2_000))
def test_env_plays_douzero_games_observation_for_observation(games):
    """The same numpy seeds deal the same hands; random legal actions (duplicates may be
    picked) drive both Envs, each game under one of the objectives in turn."""
    from douzero.env.env import Env

    reference, mine = Env("wp"), douzero.Env("wp")
    rng = np.random.RandomState(SEED % 2**32)
    decisions = 0
    for game in range(games):
        objective = douzero.OBJECTIVES[game % 3]
        reference.objective = mine.objective = objective
        np.random.seed(game)
        expected = reference.reset()
        np.random.seed(game)
        got = mine.reset()
        while True:
            where = f"game {game}, decision {decisions}"
            assert_same_obs(got, expected, where)
            assert mine._acting_player_position == reference._acting_player_position
            legal = expected["legal_actions"]
            action = legal[rng.randint(len(legal))]
            expected, reward, done, info = reference.step(list(action))
            got, my_reward, my_done, my_info = mine.step(list(action))
            decisions += 1
            assert (my_reward, my_done, my_info) == (reward, done, info), where
            assert type(my_reward) is type(reward)
            if done:
                assert got is None and expected is None
                assert mine._game_over and mine._game_winner == reference._game_winner
                assert mine._game_bomb_num == reference._game_bomb_num
                break
    assert decisions > 40 * games


def test_env_state_arrays_follow_the_game():
    np.random.seed(3)
    env = douzero.Env("adp")
    obs = env.reset()
    state = env.state
    assert state["hands"].shape == (1, 3) and state["history"].shape[0] == 1
    assert [len(cards_of_word(int(w))) for w in state["hands"][0]] == [20, 17, 17]
    assert np.array_equal(state["moves"], douzero.legal_words(int(state["hands"][0, 0])))
    action = obs["legal_actions"][-1]
    env.step(action)
    state = env.state
    assert state["history_len"][0] == 1 and state["player"][0] == 1
    assert cards_of_word(int(state["played"][0, 0])) == action
    assert cards_of_word(int(state["history"][0, 0])) == action
    assert int(state["prev"][0]) == int(state["history"][0, 0])
    with pytest.raises(ValueError):
        state["hands"][0, 0] = 0                # read-only views


def test_env_refuses_bad_input():
    with pytest.raises(ValueError, match="objective"):
        douzero.Env("score")
    env = douzero.Env("wp")
    with pytest.raises(ValueError, match="reset"):
        env.step([3])
    np.random.seed(0)
    obs = env.reset()
    with pytest.raises(TypeError, match="list"):
        env.step(tuple(obs["legal_actions"][0]))
    with pytest.raises(ValueError, match="not one of the"):
        env.step([3, 3, 3, 3, 3])
    with pytest.raises(ValueError, match="not one of the"):
        env.step([])                            # the leader may not pass
    obs, _, done, _ = env.step(obs["legal_actions"][0])    # nothing was half-applied
    assert not done and obs["position"] == "landlord_down"
    while True:
        obs, _, done, _ = env.step(obs["legal_actions"][0])
        if done:
            break
    with pytest.raises(ValueError, match="reset"):
        env.step([3])


# --- the batch kernel against get_obs ----------------------------------------------------------

def positions_at(landlord: int) -> Dict[str, int]:
    return {"landlord": landlord, "landlord_down": (landlord + 1) % 3,
            "landlord_up": (landlord + 2) % 3}


def move_word(cards: Sequence[int], typed: bool) -> int:
    """The word of a played action: with its type bits (a Move's word) or counts only."""
    if not cards:
        return 0
    return douzero.move_of(list(cards)).word if typed else word_of_cards(cards)


def collect_states(count: int, seed: int) -> Tuple[Dict[str, np.ndarray], List[Dict]]:
    """Mid-game states of DouZero's own games (random legal actions): the state arrays of the
    batched tables built from its GameEnv, each table's landlord at a random seat, and
    DouZero's get_obs of each."""
    from douzero.env.env import Env, get_obs

    rng = random.Random(seed)
    env = Env("adp")
    tables: Dict[str, list] = {name: [] for name in (
        "hands", "played", "last_moves", "history", "history_len", "bombs", "landlord",
        "player", "moves")}
    offsets, expected = [0], []
    game_seed = seed
    np.random.seed(game_seed)
    obs = env.reset()
    while len(expected) < count:
        if rng.random() < 0.35:
            game = env._env
            landlord = rng.randrange(3)
            seats = positions_at(landlord)
            typed = rng.random() < 0.5
            hands, played, last = [0] * 3, [0] * 3, [0] * 3
            for position, seat in seats.items():
                hands[seat] = word_of_cards(game.info_sets[position].player_hand_cards)
                played[seat] = word_of_cards(game.played_cards[position])
                last[seat] = move_word(game.last_move_dict[position], typed)
            history = [move_word(a, typed) for a in game.card_play_action_seq]
            tables["hands"].append(hands)
            tables["played"].append(played)
            tables["last_moves"].append(last)
            tables["history"].append(history + [0] * (HISTORY_WIDTH - len(history)))
            tables["history_len"].append(len(history))
            tables["bombs"].append(game.bomb_num)
            tables["landlord"].append(landlord)
            tables["player"].append(seats[game.acting_player_position])
            moves = [move_word(a, True) for a in obs["legal_actions"]]
            tables["moves"].extend(moves)
            offsets.append(offsets[-1] + len(moves))
            expected.append(get_obs(env.infoset))
        legal = obs["legal_actions"]
        obs, _, done, _ = env.step(legal[rng.randrange(len(legal))])
        if done:
            game_seed += 1
            np.random.seed(game_seed)
            obs = env.reset()
    arrays = {name: np.array(values, dtype=np.uint64 if name in (
        "hands", "played", "last_moves", "history", "moves") else np.int64)
        for name, values in tables.items()}
    arrays["moves"] = arrays["moves"].reshape(-1)
    arrays["offsets"] = np.array(offsets, dtype=np.int64)
    return arrays, expected


ARGUMENTS = ("hands", "played", "last_moves", "history", "history_len", "bombs", "landlord",
             "player", "moves", "offsets")


@pytest.fixture(scope="module")
def states():
    return collect_states(400, SEED)


@pytest.mark.parametrize("dtype", [np.float32, np.int8])
def test_batch_layout_is_get_obs_table_by_table(states, dtype):
    arrays, expected = states
    features = douzero.BatchFeatures("batch", dtype)
    for repeat in range(2):                     # the second call reuses the buffers
        result = features(*(arrays[name] for name in ARGUMENTS))
        assert tuple(result) == douzero.POSITIONS
        seen = 0
        for position, out in result.items():
            assert out["x_batch"].dtype == dtype and out["z_batch"].dtype == dtype
            assert out["x_no_action"].dtype == np.int8 and out["z"].dtype == np.int8
            for entry, table in enumerate(out["table"]):
                obs = expected[table]
                assert obs["position"] == position
                rows = np.flatnonzero(out["row_table"] == table)
                assert np.array_equal(out["row_entry"][rows], [entry] * len(rows))
                assert np.array_equal(out["x_batch"][rows], obs["x_batch"].astype(dtype))
                assert np.array_equal(out["z_batch"][rows], obs["z_batch"].astype(dtype))
                assert np.array_equal(out["x_no_action"][entry], obs["x_no_action"])
                assert np.array_equal(out["z"][entry], obs["z"])
                seen += 1
            assert np.all(np.diff(out["row_table"]) >= 0)
        assert seen == len(expected)
    assert {obs["position"] for obs in expected} == set(douzero.POSITIONS)


@pytest.mark.parametrize("dtype", [np.float32, np.int8])
def test_broadcast_layout_is_get_obs_once_per_table(states, dtype):
    arrays, expected = states
    result = douzero.BatchFeatures("broadcast", dtype)(*(arrays[name] for name in ARGUMENTS))
    for position, out in result.items():
        width = out["x_no_action"].shape[1]
        assert out["action"].shape == (len(out["row_table"]), 54)
        for entry, table in enumerate(out["table"]):
            obs = expected[table]
            rows = np.flatnonzero(out["row_entry"] == entry)
            assert np.array_equal(out["row_table"][rows], [table] * len(rows))
            assert np.array_equal(out["x_no_action"][entry], obs["x_no_action"].astype(dtype))
            assert np.array_equal(out["z"][entry], obs["z"].astype(dtype))
            assert np.array_equal(out["action"][rows], obs["x_batch"][:, width:].astype(dtype))


def test_empty_batch():
    none = np.zeros((0, 3), dtype=np.uint64)
    result = douzero.BatchFeatures()(none, none, none, np.zeros((0, 5), dtype=np.uint64),
                                     *(np.zeros(0, dtype=np.int64) for _ in range(4)),
                                     np.zeros(0, dtype=np.uint64), np.zeros(1, dtype=np.int64))
    assert all(out["x_batch"].shape[0] == 0 for out in result.values())


def bad(arrays: Dict[str, np.ndarray], **changes: object) -> List[object]:
    changed = {name: array.copy() for name, array in arrays.items()}
    changed.update(changes)
    return [changed[name] for name in ARGUMENTS]


def test_batch_features_refuse_bad_input(states):
    arrays, _ = states
    features = douzero.BatchFeatures()
    hands = arrays["hands"].copy()
    hands[2, 0] += 1                            # one card more than a deck
    history_len = arrays["history_len"].copy()
    history_len[1] = 999
    offsets = arrays["offsets"].copy()
    offsets[3] = offsets[2] - 1
    player = arrays["player"].copy()
    player[0] = 3
    bombs = arrays["bombs"].copy()
    bombs[0] = 15
    moves = arrays["moves"].copy()
    moves[0] = (1 << 52) * 1 + (1 << 56)       # the rocket, rarely in the first hand
    cases = [
        (TypeError, "hands must be uint64", dict(hands=arrays["hands"].astype(np.int64))),
        (TypeError, "numpy array", dict(player=list(arrays["player"]))),
        (ValueError, "played must have shape", dict(played=arrays["played"][:-1])),
        (ValueError, "not one deck", dict(hands=hands)),
        (ValueError, "history_len\\[1\\] = 999", dict(history_len=history_len)),
        (ValueError, "offsets must rise", dict(offsets=offsets)),
        (ValueError, "player\\[0\\] = 3", dict(player=player)),
        (ValueError, "bombs\\[0\\] = 15", dict(bombs=bombs)),
    ]
    lead_hand = int(arrays["hands"][0, arrays["player"][0]])
    if (lead_hand >> 52) & 0xFF != 0x11:
        cases.append((ValueError, "moves\\[0\\]", dict(moves=moves)))
    for error, message, changes in cases:
        with pytest.raises(error, match=message):
            features(*bad(arrays, **changes))
    with pytest.raises(ValueError, match="layout"):
        douzero.BatchFeatures("rows")
    with pytest.raises(ValueError, match="float32 or int8"):
        douzero.BatchFeatures(dtype=np.float64)


# --- DouZero's training loop on the drop-in ----------------------------------------------------

def actor_episode(environment, model, flags) -> List[Tuple]:
    """douzero.dmc.utils.act's inner loop for one episode: what it stores at each step."""
    import torch

    position, obs, env_output = environment.initial()
    record = []
    while True:
        with torch.no_grad():
            output = model.forward(position, obs["z_batch"], obs["x_batch"], flags=flags)
        index = int(output["action"].cpu().detach().numpy())
        action = obs["legal_actions"][index]
        record.append((position, obs["legal_actions"], obs["x_batch"].numpy().copy(),
                       obs["z_batch"].numpy().copy(), env_output["obs_x_no_action"].numpy(),
                       env_output["obs_z"].numpy(), bool(env_output["done"])))
        position, obs, env_output = environment.step(action)
        if env_output["done"]:
            record.append((position, float(env_output["episode_return"]), obs["legal_actions"]))
            return record


def test_dmc_trains_on_the_drop_in(monkeypatch):
    """The documented line makes create_env build the drop-in, and an actor's episode through
    douzero.dmc.env_utils.Environment on the CPU sees what it sees with DouZero's Env."""
    torch = pytest.importorskip("torch")
    import douzero.dmc.utils as utils
    from douzero.dmc.env_utils import Environment
    from douzero.dmc.models import Model

    flags = types.SimpleNamespace(objective="adp", exp_epsilon=0.0)   # no draw from numpy
    torch.manual_seed(0)
    model = Model(device="cpu")
    np.random.seed(11)
    expected = actor_episode(Environment(utils.create_env(flags), "cpu"), model, flags)
    monkeypatch.setattr(utils, "Env", douzero.Env)
    env = utils.create_env(flags)
    assert isinstance(env, douzero.Env) and env.objective == "adp"
    np.random.seed(11)
    got = actor_episode(Environment(env, "cpu"), model, flags)
    assert len(got) == len(expected) > 10
    for mine, reference in zip(got, expected):
        assert len(mine) == len(reference)
        for a, b in zip(mine, reference):
            if isinstance(a, np.ndarray):
                assert a.dtype == b.dtype and np.array_equal(a, b)
            else:
                assert a == b


# Without torch (douzero.dmc imports it at the top of every module), the same check runs in a
# subprocess on douzero.dmc.utils and env_utils, loaded without the package's __init__ (which
# imports the trainer, its models and GitPython), over a stand-in for the few torch calls they
# make: tensors that are numpy arrays. DouZero's own create_env and Environment run as they
# are; the actions are random, as with epsilon-greedy exploration.
WITHOUT_TORCH = textwrap.dedent("""
    import importlib, multiprocessing, pathlib, sys, types
    import numpy as np
    import douzero
    from ddz_fast.compat import douzero as drop_in

    class Tensor:
        def __init__(self, array):
            self.array = np.asarray(array)
        def to(self, device):
            return self
        def view(self, *shape):
            return Tensor(self.array.reshape(shape))
        def numpy(self):
            return self.array
        def __iadd__(self, other):
            self.array = self.array + other
            return self
        def __bool__(self):
            return bool(self.array.item())
        def __float__(self):
            return float(self.array.item())

    torch = types.ModuleType("torch")
    torch.Tensor, torch.from_numpy, torch.tensor = Tensor, Tensor, Tensor
    torch.zeros = lambda *shape, dtype=np.float32: Tensor(np.zeros(shape, dtype))
    torch.ones = lambda *shape, dtype=np.float32: Tensor(np.ones(shape, dtype))
    torch.device, torch.bool, torch.float32, torch.int8 = str, bool, np.float32, np.int8
    torch.multiprocessing = multiprocessing
    sys.modules["torch"] = torch
    dmc = types.ModuleType("douzero.dmc")
    dmc.__path__ = [str(pathlib.Path(douzero.__file__).parent / "dmc")]
    sys.modules["douzero.dmc"] = dmc
    utils = importlib.import_module("douzero.dmc.utils")
    from douzero.dmc.env_utils import Environment

    def episodes(env, count):
        np.random.seed(5)
        rng = np.random.RandomState(0)
        environment = Environment(env, "cpu")
        position, obs, out = environment.initial()
        record = []
        while count:
            legal = obs["legal_actions"]
            record.append((position, legal, obs["x_batch"].numpy().tobytes(),
                           obs["z_batch"].numpy().tobytes(),
                           out["obs_x_no_action"].numpy().tobytes(),
                           out["obs_z"].numpy().tobytes(), out["obs_z"].numpy().dtype.str))
            position, obs, out = environment.step(legal[rng.randint(len(legal))])
            if bool(out["done"]):
                record.append(("done", float(out["episode_return"])))
                count -= 1
        return record

    flags = types.SimpleNamespace(objective="logadp")
    expected = episodes(utils.create_env(flags), 3)
    utils.Env = drop_in.Env
    env = utils.create_env(flags)
    assert type(env) is drop_in.Env and env.objective == "logadp"
    got = episodes(env, 3)
    assert len(got) == len(expected) > 30, (len(got), len(expected))
    for step, (mine, theirs) in enumerate(zip(got, expected)):
        assert mine == theirs, step
    print("same", len(got))
""")


def test_dmc_environment_runs_on_the_drop_in_without_torch():
    if importlib.util.find_spec("torch") is not None:
        pytest.skip("torch is installed: test_dmc_trains_on_the_drop_in runs the real thing")
    done = subprocess.run([sys.executable, "-c", WITHOUT_TORCH], capture_output=True, text=True,
                          timeout=300, cwd=SUBPROCESS_CWD)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("same ")
