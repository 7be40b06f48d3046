"""Perft counts from an independent source: the peer engines' own game trees.

Every other perft count of the test suite comes from ddz_fast's reference implementation. Here
RLCard (preset ``rlcard``) and OpenSpiel (preset ``openspiel``) count the leaves of their own
play trees, and ddz_fast's perft must give the same numbers on the same positions.

How the positions are made: each engine deals a game from a seed and plays it forward with
uniformly random legal actions (its own), and a position is read from the engine's real state
after some plies: the three hands, the landlord, the player to move, the move to beat and the
passes since it. That state is then counted in the engine itself:

* RLCard: ``DoudizhuGame(allow_step_back=True)``; the tree is walked with ``game.step`` and
  ``game.step_back`` over ``available_actions`` (the strings RLCard offers, ``pass`` included).
* OpenSpiel: ``pyspiel.load_game("dou_dizhu")``; the tree is walked with ``state.child`` over
  ``state.legal_actions()``.

Where an engine's tree cannot equal ddz_fast's by design, the position is not used (and the
test asserts that enough positions remain):

* RLCard names a move by its cards only, one action per card string, where ddz_fast counts
  each reading of the same cards as its own move (``333444555666``: an airplane of four, and
  two airplanes with solo wings under ``rlcard``). Positions whose tree, to the depth counted,
  holds two moves with the same cards at one node are left out.
* OpenSpiel's two known bugs (tests/support/peers.py: a bomb beats the rocket; no chain starts on a
  rank held four times) need a hand holding four cards of one rank. Positions where a hand
  holds four of a kind are left out; hands only shrink, so none arises below them.
"""
from __future__ import annotations

import random
from typing import Callable, Iterator, List, Tuple

import pytest

from support import peers
from ddz_fast import Hand, Move, Position, classify, legal_moves, perft

POSITIONS = 24          # positions per engine
DEPTHS = (1, 2, 3)

needs_rlcard = pytest.mark.skipif(not peers.HAVE_RLCARD, reason="RLCard is not installed")
needs_openspiel = pytest.mark.skipif(not peers.HAVE_OPENSPIEL,
                                     reason="OpenSpiel is not installed")


def card_sets_distinct_below(position: Position, depth: int, rules: str) -> bool:
    """Whether, down to ``depth``, no node of the tree offers two moves with the same cards."""
    if depth == 0 or position.is_over:
        return True
    moves = list(legal_moves(position.hands[position.to_move], position.prev,
                             rules=rules))
    if len({m.counts for m in moves}) != len(moves):
        return False
    children = moves + ([Move.PASS] if position.prev is not None else [])
    return all(card_sets_distinct_below(position._after(m), depth - 1, rules)
               for m in children)


def the_move(cards: str, rules: str) -> Move:
    """The one move these cards make under ``rules`` (the positions used have only those)."""
    readings = classify(cards, rules=rules)
    assert len(readings) == 1, (cards, readings)
    return readings[0]


# --- RLCard ------------------------------------------------------------------------------------

def rlcard_game(seed: int):
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame(allow_step_back=True)
    game.np_random = np.random.RandomState(seed)
    game.init_game()
    return game


def rlcard_actions(game) -> List[str]:
    return list(game.get_state(game.round.current_player)["actions"])


def rlcard_perft(game, depth: int) -> int:
    """Leaves of RLCard's own tree below ``game``'s state, cut at ``depth`` plies."""
    if depth == 0 or game.is_over():
        return 1
    actions = rlcard_actions(game)
    if depth == 1:
        return len(actions)
    nodes = 0
    for action in actions:
        game.step(action)
        nodes += rlcard_perft(game, depth - 1)
        assert game.step_back()
    return nodes


def rlcard_position(game) -> Position:
    """The ddz_fast position of RLCard's state."""
    from rlcard.games.doudizhu.utils import cards2str

    hands = [cards2str(player.current_hand) for player in game.players]
    to_move = game.round.current_player
    passes, prev = 0, None
    greater = game.round.greater_player
    if greater is not None and greater.player_id != to_move:
        trace = game.round.trace
        while trace[len(trace) - 1 - passes][1] == "pass":
            passes += 1
        seat, cards = trace[len(trace) - 1 - passes]
        assert seat == greater.player_id
        prev = the_move(cards, "rlcard")
    return Position(hands, game.round.landlord_id, to_move, prev, passes)


def rlcard_positions() -> Iterator[Tuple[str, Callable[[], object], Position]]:
    """(name, a game at the position, the position): from random games of RLCard's own."""
    found = 0
    for seed in range(1000):
        rng = random.Random(seed)
        plies = rng.randrange(0, 40)
        game = rlcard_game(seed)
        for _ in range(plies):
            game.step(rng.choice(rlcard_actions(game)))
            if game.is_over():
                break
        if game.is_over():
            continue
        position = rlcard_position(game)
        if not card_sets_distinct_below(position, max(DEPTHS), "rlcard"):
            continue
        found += 1
        yield f"rlcard-{seed}-{plies}", game, position
        if found == POSITIONS:
            return


@needs_rlcard
def test_perft_equals_rlcards_own_tree():
    count = 0
    for name, game, position in rlcard_positions():
        for depth in DEPTHS:
            theirs = rlcard_perft(game, depth)
            assert perft(position, depth, rules="rlcard") == theirs, (name, str(position), depth)
            assert perft(position, depth, rules="rlcard", implementation="python") == theirs
        count += 1
    assert count == POSITIONS


@needs_rlcard
def test_rlcard_positions_are_read_from_the_engine_faithfully():
    """The position read from an RLCard state offers exactly RLCard's actions."""
    for name, game, position in list(rlcard_positions())[:5]:
        theirs = sorted(rlcard_actions(game))
        ours = sorted("pass" if m.is_pass else m.cards for m in position.legal_actions("rlcard"))
        assert ours == theirs, name


# --- OpenSpiel ---------------------------------------------------------------------------------

_PASS = 0


def openspiel_play_state(seed: int):
    """A state of OpenSpiel's own game, dealt and bid at random: None when all passed."""
    import pyspiel

    rng = random.Random(seed)
    state = pyspiel.load_game("dou_dizhu").new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    while not state.is_terminal() and max(state.legal_actions()) <= 3:  # bids 0..3
        state.apply_action(rng.choice(state.legal_actions()))
    return (None if state.is_terminal() else state), rng


def openspiel_position(state, landlord: int, plays: List[Tuple[int, int]]) -> Position:
    """The ddz_fast position of a pyspiel state, from its hands and the plays so far."""
    hands = [peers.openspiel_hand(state, seat) for seat in range(3)]
    to_move = state.current_player()
    passes, prev = 0, None
    while plays and plays[len(plays) - 1 - passes][1] == _PASS and passes < len(plays) - 1:
        passes += 1
    if plays and passes < 2:
        seat, action = plays[len(plays) - 1 - passes]
        kind, key, length = peers.openspiel_action_kind(action)
        prev = Move(kind, key, length, peers.openspiel_action_cards(action))
        if seat == to_move:  # everyone passed after it: a lead
            prev, passes = None, 0
    else:
        passes = 0
    return Position([Hand(peers.to_text(h)) for h in hands], landlord, to_move, prev,
                    passes)


def openspiel_perft(state, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(openspiel_perft(state.child(action), depth - 1) for action in actions)


def openspiel_positions() -> Iterator[Tuple[str, object, Position]]:
    found = 0
    for seed in range(1000):
        state, rng = openspiel_play_state(seed)
        if state is None:
            continue
        landlord = state.current_player()   # the landlord leads the play phase
        plies = rng.randrange(0, 30)
        plays: List[Tuple[int, int]] = []
        for _ in range(plies):
            if state.is_terminal():
                break
            seat, action = state.current_player(), rng.choice(state.legal_actions())
            plays.append((seat, action))
            state.apply_action(action)
        if state.is_terminal():
            continue
        position = openspiel_position(state, landlord, plays)
        if any(4 in hand.counts for hand in position.hands):  # OpenSpiel's bugs need one
            continue
        found += 1
        yield f"openspiel-{seed}-{plies}", state, position
        if found == POSITIONS:
            return


@needs_openspiel
def test_perft_equals_openspiels_own_tree():
    count = 0
    for name, state, position in openspiel_positions():
        theirs = {depth: openspiel_perft(state, depth) for depth in DEPTHS}
        for depth in DEPTHS:
            assert perft(position, depth, rules="openspiel") == theirs[depth], \
                (name, str(position), depth)
        assert perft(position, 2, rules="openspiel", implementation="python") == theirs[2]
        count += 1
    assert count == POSITIONS


@needs_openspiel
def test_openspiel_positions_are_read_from_the_engine_faithfully():
    """The position read from a pyspiel state offers exactly OpenSpiel's actions."""
    for name, state, position in list(openspiel_positions())[:5]:
        theirs = sorted(peers.to_text(peers.openspiel_action_cards(a)) if a != _PASS
                        else "pass" for a in state.legal_actions())
        ours = sorted("pass" if m.is_pass else m.cards for m in position.legal_actions(
            "openspiel"))
        assert ours == theirs, name
