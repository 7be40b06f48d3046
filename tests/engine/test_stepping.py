"""The game state's play phase on words (ddz_fast.engine.stepping): what it steps, against
independent answers.

* the legal actions a state lists are those of the pure-Python reference for the state's own
  hands and move to beat;
* ``apply_id(i)`` is ``apply(action_move(i))``, and the last id passes;
* an illegal action, or a bad id, raises and leaves the state exactly as it was;
* random games give the records and scores that the build before the word tables gave
  (``tests/stepping/games_c408d4a.json``, written by ``python tests/engine/test_stepping.py``
  under that build) and that the pure-Python twin of the table, on the reference generator,
  gives today;
* the native shuffle draws what ``random.shuffle`` draws;
* the PettingZoo environment computes one action mask per step.
"""
from __future__ import annotations

import copy
import hashlib
import json
import pickle
import random
import sys
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

import pytest

from ddz_fast import Bid, Game, IllegalActionError, Move, Rules, action_move, action_space
from ddz_fast.engine import record, stepping
from ddz_fast.reference import moves as reference
from ddz_fast.engine.game import deal_cards
from ddz_fast.engine.base import ActionTypeError
from ddz_fast.engine.three_player import State
from ddz_fast.positions.step import play_actions
from support.common import sizes

FIXTURE = Path(__file__).resolve().parent / "stepping" / "games_c408d4a.json"
PRESETS = ("standard", "rlcard", "openspiel", "douzero")
AUCTIONS = ({"bidding": "points"}, {"bidding": "points", "single_round_auction": True},
            {"bidding": "call_rob"})
GAMES_PER_CONFIG = 30
#: For what only the native tables do.
needs_native_play_phase = pytest.mark.skipif(
    not stepping.NATIVE_PLAY_PHASE, reason="states step on native tables only with the compiled "
    "core and DDZ_FAST_IMPLEMENTATION=native")


# --- the recorded games --------------------------------------------------------------------

def configs() -> Iterator[Tuple[str, Dict[str, object], object]]:
    """Every preset under every auction, with and without chips."""
    for preset in PRESETS:
        for number, auction in enumerate(AUCTIONS):
            yield preset, auction, (None if number % 2 else 40)


def make_game(preset: str, auction: Dict[str, object], chips: object) -> Game:
    return Game(Rules.preset(preset).replace(**auction), chips=chips)


def drive(state: State, rng: random.Random) -> State:
    """Random legal actions to the end, through the public API only; one decision in 25 is a
    timeout (the clock's action, through the checked path)."""
    while not state.is_over:
        if rng.random() < 0.04:
            state.timeout()
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


#: Rule options Rules gained after the fixture was written, with their defaults: left out of the
#: digest at their defaults, for the digest is of the games, not of the record format.
LATER_OPTIONS = {"kitty": 3, "players": 3, "decks": 1, "sides": "alone",
                 "deal_bonuses": False, "space_shuttle": False, "laizi": 0,
                 "bomb_multiplier": "double"}


def game_summaries() -> List[Dict[str, object]]:
    """One line per recorded game: its config, seed, scores and the digest of its record."""
    summaries = []
    for preset, auction, chips in configs():
        game = make_game(preset, auction, chips)
        for seed in range(GAMES_PER_CONFIG):
            state = drive(game.new_state(seed=seed), random.Random(seed))
            data = record.to_record(state)
            rules = data["game"]["rules"]
            for name, default in LATER_OPTIONS.items():
                if rules.get(name) == default:
                    del rules[name]
            text = json.dumps(data, sort_keys=True)
            summaries.append({"preset": preset, "auction": auction, "chips": chips,
                              "seed": seed, "scores": list(state.scores),
                              "events": len(state.events),
                              "record_sha256": hashlib.sha256(text.encode()).hexdigest()})
    return summaries


def test_random_games_are_the_games_of_the_build_before_the_word_tables():
    expected = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert expected["games"] == game_summaries()


def outcome(state: State) -> Tuple[str, object, object]:
    """The record of a finished hand and the clock's counts, which the record leaves out."""
    return record.to_json(state), state.timeouts_in_a_row, state.auto_play


def python_core_state() -> type:
    """``State`` on :class:`stepping.PythonStateCore`, the base it has without the compiled core
    (its other bases, which hold no fields, kept)."""
    methods = {name: value for name, value in vars(State).items()
               if name not in ("__slots__", "__dict__", "__weakref__")
               and name not in State.__slots__}
    bases = tuple(stepping.PythonStateCore if base is stepping.StateCore else base
                  for base in State.__bases__)
    return type("State", bases, dict(methods, __slots__=State.__slots__))


@pytest.mark.parametrize("seeds", sizes(4, 8))
def test_the_python_twin_on_the_reference_plays_the_same_games(monkeypatch, seeds):
    """The same seeds with the table in Python on the reference generator, the shuffle in
    Python and the state's steps in Python: the same records, event for event."""
    from ddz_fast.engine import three_player as game_module

    native = {}
    for preset, auction, chips in configs():
        game = make_game(preset, auction, chips)
        for seed in range(seeds):
            native[preset, str(auction), seed] = outcome(
                drive(game.new_state(seed=seed), random.Random(seed)))
    monkeypatch.setattr(game_module, "new_play_phase", lambda hands, landlord, rules: (
        stepping.PythonPlayPhase(hands, landlord, rules, reference.legal_moves)))
    monkeypatch.setattr(game_module, "_shuffle", game_module._python_shuffle)
    monkeypatch.setattr(game_module, "_deal_words", game_module._python_deal_words)
    monkeypatch.setattr(game_module, "_NATIVE_SEEDING", False)
    twin_state = python_core_state()
    monkeypatch.setattr(game_module, "State", twin_state)
    monkeypatch.setattr(record, "State", twin_state)
    for preset, auction, chips in configs():
        game = make_game(preset, auction, chips)
        for seed in range(seeds):
            state = drive(game.new_state(seed=seed), random.Random(seed))
            assert isinstance(state._play_phase, stepping.PythonPlayPhase)
            assert isinstance(state, stepping.PythonStateCore)
            assert outcome(state) == native[preset, str(auction), seed]


# --- legal actions, apply_id and illegal actions ---------------------------------------------

def play_states(preset: str, count: int, seed: int) -> Iterator[State]:
    """Play-phase states of random games (every ``count``-th decision of the play phase)."""
    rng = random.Random(seed)
    game = Game(preset)
    hand = 0
    while True:
        state = game.new_state(seed=seed * 1000 + hand)
        hand += 1
        step = 0
        while not state.is_over:
            if state.phase == "play":
                if step % count == 0:
                    yield state.clone()
                step += 1
            state.apply(rng.choice(state.legal_actions()))


def some_play_states(preset: str, number: int, every: int = 3) -> List[State]:
    states = play_states(preset, every, PRESETS.index(preset) + 1)
    return [next(states) for _ in range(number)]


@pytest.mark.parametrize("preset", PRESETS)
def test_legal_actions_are_the_references_for_the_states_own_cards(preset):
    rules = Rules.preset(preset)
    for state in some_play_states(preset, 150):
        hand = state.hands[state.current_player]
        expected = play_actions(hand, state.prev, rules, reference.legal_moves)
        actions = state.legal_actions()
        assert [m.word for m in actions] == [m.word for m in expected]
        assert actions == expected and state.legal_actions() == expected


@pytest.mark.parametrize("preset", ["standard", "douzero"])
def test_apply_id_is_apply_of_action_move(preset):
    rules = Rules.preset(preset)
    space = action_space(rules)
    for state in some_play_states(preset, 40):
        legal = state.legal_actions()
        for move in list(legal)[:25]:
            by_id, by_move = state.clone(), state.clone()
            if move.is_pass:
                by_id.apply_id(len(space))
            else:
                action = space.index(move)
                assert action_move(action, rules) == move
                by_id.apply_id(action)
            by_move.apply(move)
            assert by_id == by_move and by_id.events == by_move.events


def test_apply_id_takes_numpy_ints_and_names_bad_ids():
    np = pytest.importorskip("numpy")
    state = next(play_states("standard", 1, 7))
    space = action_space(state.rules)
    move = state.legal_actions()[-1]
    other = state.clone()
    other.apply_id(np.int64(space.index(move)))
    state.apply(move)
    assert other == state
    before = state.clone()
    for bad, error in ((len(space) + 1, ValueError), (-1, ValueError), (2 ** 80, ValueError),
                       (1.0, TypeError), ("3", TypeError), (True, TypeError), (None, TypeError)):
        with pytest.raises(error):
            state.apply_id(bad)
        assert state == before


def test_apply_id_of_an_illegal_move_or_outside_play_changes_nothing():
    state = next(play_states("standard", 1, 3))
    space = action_space(state.rules)
    legal = set(m.word for m in state.legal_actions())
    illegal = [i for i, m in enumerate(space) if m.word not in legal][:20]
    if state.prev is None:
        illegal.append(len(space))              # the leader cannot pass
    before = state.clone()
    for action in illegal:
        with pytest.raises(IllegalActionError):
            state.apply_id(action)
        assert state == before
    bidding = Game().new_state(seed=1)
    with pytest.raises(ActionTypeError):
        bidding.apply_id(0)
    assert bidding == Game().new_state(seed=1)


class LyingMove(Move):
    """A Move subclass whose cards say one thing and whose word another."""

    __slots__ = ()

    @property
    def counts(self):
        return (4,) * 13 + (1, 1)


@pytest.mark.parametrize("preset", ["standard", "rlcard"])
def test_illegal_actions_leave_the_state_as_it_was(preset):
    space = action_space(preset)
    rng = random.Random(5)
    for state in some_play_states(preset, 60, every=5):
        before, events = state.clone(), state.events
        legal = set(m.word for m in state.legal_actions())
        candidates = [m for m in rng.sample(space, 30) if m.word not in legal][:5]
        candidates += [str(move) for move in candidates]     # and their text
        candidates += [Bid.PASS, 0, None, b"3", "3X", Move.PASS.word]
        if state.prev is None:
            candidates += [Move.PASS, "pass"]
        for action in candidates:
            with pytest.raises((ValueError, TypeError)):
                state.apply(action)
            assert state == before and state.events == events
        # A subclass is checked by its word; its other fields never reach the table.
        move = state.legal_actions()[-1]
        liar = LyingMove._trusted(move.type, move.key, move.length, move.counts)
        copy = state.clone()
        copy.apply(liar)
        state.apply(move)
        assert copy.hands == state.hands and copy.history[-1][1] is liar


def with_word(move: Move, word: object) -> Move:
    """A Move subclass instance with ``move``'s fields but whose ``_word`` reads ``word``."""
    class BadWord(Move):
        __slots__ = ()
        _word = property(lambda self: word)

    bad = Move.__new__(BadWord)
    for name in ("_type", "_key", "_length", "_counts"):
        Move.__dict__[name].__set__(bad, getattr(move, name))
    return bad


@pytest.mark.parametrize("word", [-1, 2 ** 64, 2 ** 200, 1.5, "3", None])
def test_a_move_whose_word_is_no_word_is_illegal(word):
    state = next(play_states("standard", 1, 17))
    before = state.clone()
    with pytest.raises(IllegalActionError):
        state.apply(with_word(state.legal_actions()[-1], word))
    assert state == before


def test_legal_actions_is_a_new_list_each_time():
    """Changing the list a call returned changes nothing in the state (a list, as always)."""
    state = next(play_states("standard", 1, 11))
    actions = state.legal_actions()
    assert type(actions) is list and actions == state.legal_actions()
    assert actions is not state.legal_actions()
    first = actions[0]
    actions.clear()
    assert state.legal_actions()[0] == first
    state.apply(first)
    assert [None] + state.legal_actions() == [None] + list(state.legal_actions())


def test_a_clone_steps_on_its_own_table():
    state = next(play_states("douzero", 1, 13))
    copy = state.clone()
    before = state.clone()
    while not copy.is_over:
        copy.apply(copy.legal_actions()[-1])
    assert state == before and state.legal_actions() == before.legal_actions()
    assert copy != state



@pytest.mark.parametrize("hands", sizes(6, 12))
@pytest.mark.parametrize("preset", ["standard", "douzero"])
def test_pickled_and_copied_states_are_equal_and_independent(preset, hands):
    # Every phase: bidding, doubling (douzero's call/rob rules double), play, and over.
    game = Game(preset, chips=40)
    rng = random.Random(7)
    for seed in range(hands):
        state = game.new_state(seed=seed)
        while True:
            for copy_of in (lambda s: pickle.loads(pickle.dumps(s)), copy.deepcopy, copy.copy):
                twin = copy_of(state)
                assert type(twin) is State and twin == state and twin.phase == state.phase
                assert twin.legal_actions() == state.legal_actions()
                if not state.is_over:
                    before = state.clone()
                    twin.apply(twin.legal_actions()[-1])    # the copy steps on its own
                    assert state == before and twin != state
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))

# --- dealing -----------------------------------------------------------------------------------

@needs_native_play_phase
def test_the_native_shuffle_draws_what_random_shuffle_draws():
    from ddz_fast.engine import _deal, three_player as game_module

    assert game_module._shuffle is _deal._shuffled_deck
    for seed in list(range(200)) + ["seed", 2 ** 64 + 7, -5]:
        native, python = random.Random(seed), random.Random(seed)
        for _ in range(3):
            deck = _deal._shuffled_deck(native)
            assert deck == game_module._python_shuffle(python)
            assert _deal._deck_words(deck) == game_module._python_deal_words(deck)
        assert native.getstate() == python.getstate()


@needs_native_play_phase
def test_an_int_seed_is_dealt_natively_as_random_random_deals_it():
    from ddz_fast.engine import _deal, three_player as game_module

    assert game_module._NATIVE_SEEDING
    rng = random.Random(2026)
    # Magnitudes of one and two 32-bit key words, both signs, and the edges of each.
    seeds = [0, 1, -1, 2 ** 32 - 1, 2 ** 32, -(2 ** 32), 2 ** 64 - 1, -(2 ** 64 - 1)]
    seeds += [rng.randrange(-2 ** bits, 2 ** bits) for bits in (8, 31, 33, 63, 64)
              for _ in range(400)]
    for seed in seeds:
        assert _deal._seeded_deal(seed) == game_module._dealt(random.Random(seed)), seed
        assert _deal._seeded_deal(seed, 18) == game_module._dealt(random.Random(seed), 18), seed
    with pytest.raises(OverflowError):
        _deal._seeded_deal(2 ** 64)
    with pytest.raises(TypeError):
        _deal._seeded_deal("7")
    # Past the native bound, and for text, new_state deals through random.Random as before.
    for seed in (2 ** 64, -(2 ** 70) - 3, "seed"):
        expected = game_module._dealt(random.Random(seed))
        assert Game().new_state(seed=seed)._deal == expected
        assert deal_cards(seed) == game_module._deal_of_words(expected)

@pytest.mark.native
@pytest.mark.parametrize("deck", [
    [0] * 54, list(range(15)) * 4, "a" * 54, tuple([0] * 4 + [1] * 50), [0] * 53 + [15],
    [r for r in range(13) for _ in range(4)] + [13, 13],
    [r for r in range(13) for _ in range(4)] + [13, -1],
])
def test_deck_words_refuses_anything_but_one_deck(deck):
    from ddz_fast.engine import _deal

    with pytest.raises((ValueError, TypeError)):
        _deal._deck_words(deck)


@pytest.mark.native
@pytest.mark.parametrize("hands, landlord", [
    ((0, 0), 0), ((1 << 63, 0, 0), 0), ((0x8, 0, 0), 0), ((0, 0, 0), 3), ((0, 0, 0), -1),
    ((0x5, 0, 0), 0),
])
def test_a_native_table_checks_its_words(hands, landlord):
    from ddz_fast.engine._play_phase import PlayPhase

    with pytest.raises((ValueError, OverflowError)):
        PlayPhase(hands, landlord, Rules())


# --- the environment -------------------------------------------------------------------------

@needs_native_play_phase
def test_the_environment_computes_one_mask_per_step(monkeypatch):
    pytest.importorskip("pettingzoo")
    from ddz_fast import moves
    from ddz_fast.envs.three_player import DouDizhuEnv

    calls = []
    real = moves.legal_action_mask
    monkeypatch.setattr(moves, "legal_action_mask",
                        lambda *args, **kwargs: calls.append(1) or real(*args, **kwargs))
    env = DouDizhuEnv()
    env.reset(seed=3)
    rng = random.Random(3)
    steps = 0
    while not all(env.terminations.values()):
        mask = env.last()[0]["action_mask"]
        assert env.observe(env.agent_selection)["action_mask"].tolist() == mask.tolist()
        mask[:] = 0             # the caller's copy: the env's own mask is unchanged
        legal = [i for i, on in enumerate(env.observe(env.agent_selection)["action_mask"])
                 if on]
        env.step(rng.choice(legal))
        steps += 1
    assert len(calls) == steps


def main() -> None:
    """Write the fixture from the installed build (run it under the build it records)."""
    import ddz_fast

    FIXTURE.parent.mkdir(exist_ok=True)
    games = game_summaries()
    lines = ",\n".join(json.dumps(game, sort_keys=True) for game in games)
    FIXTURE.write_text(f'{{"games": [\n{lines}\n]}}\n', encoding="utf-8")
    print(f"{len(games)} games of {ddz_fast.__file__} written to {FIXTURE}")


if __name__ == "__main__":
    sys.exit(main())
