"""The native solver against itself on larger games than the reference can handle: for every
legal first action, solving the position after it agrees with the parent's value and with its
winning moves. Also the stake objective against the reference on positions of up to 16 cards,
and determinism."""
from __future__ import annotations

import random

import pytest

import ddz_fast
from ddz_fast import Duel, Move, Position, Rules, solve
from ddz_fast.reference.solver import solve_reference

from support.common import PRESET_NAMES, sizes
from support.solver_cases import random_duel, random_position

pytestmark = pytest.mark.native  # the solver is compiled only



def _children(game, rules):
    """(action, the side to move wins after it) for every legal first action, each child
    solved on its own."""
    if type(game) is Duel:
        for action in [Move.PASS] * (game.prev is not None) + list(
                ddz_fast.legal_moves(game.first, game.prev, rules=rules)):
            rest = game.first - action if not action.is_pass else game.first
            if not rest.bitboard:
                yield action, True
                continue
            # The second player now moves first: it must beat the action, or leads after a pass.
            child = Duel(game.second, rest, None if action.is_pass else action)
            found = solve(child, rules=rules, pv=False)
            assert found.exact
            yield action, not found.wins
        return
    for action in game.legal_actions(rules):
        child = game.play(action, rules)
        if child.is_over:
            yield action, True
            continue
        found = solve(child, rules=rules, pv=False)
        assert found.exact
        yield action, found.landlord_wins == (game.to_move == game.landlord)


def _games(preset: str, kind: str, count: int):
    rules = Rules.preset(preset)
    rng = random.Random(f"consistency:{preset}:{kind}")
    for i in range(count):
        if kind == "position":
            yield random_position(rng, rng.randint(15, 24), rules, i % 2 == 1)
        else:
            yield random_duel(rng, rng.randint(7, 9), rng.randint(7, 9), rules, i % 2 == 1)


@pytest.mark.parametrize("games", sizes(5, 40))       # x 2 kinds x 5 presets
@pytest.mark.parametrize("kind", ["position", "duel"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_children_agree_with_the_parent(preset, kind, games):
    for game in _games(preset, kind, games):
        parent = solve(game, rules=preset, pv=False)
        assert parent.exact
        children = list(_children(game, preset))
        winning = tuple(action for action, wins in children if wins)
        assert parent.winning_moves == winning, game
        assert parent.wins == bool(winning), game


@pytest.mark.parametrize("games", sizes(4, 12))       # 6 to 12 cards, or 6 to 16 twice
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_stake_equals_the_reference(preset, games):
    rules = Rules.preset(preset)
    rng = random.Random(f"stake:{preset}")
    cards = [6, 8, 10, 12, 14, 16]
    for i in range(games):
        total = cards[i % len(cards)]
        if i % 3 == 2:
            game = random_duel(rng, total // 2, total - total // 2, rules, i % 2 == 1)
        else:
            game = random_position(rng, total, rules, i % 2 == 1)
        expected = solve_reference(game, rules=rules, stake=True, legal_moves=ddz_fast.legal_moves)
        found = solve(game, rules=rules, objective="stake", pv=False)
        assert found.exact
        assert (found.stake, found.stake_moves) == (expected.stake, expected.stake_moves), game
        assert (found.stake > 0) == (found.landlord_wins if type(game) is Position
                                     else found.wins)


def test_same_call_same_answer():
    rng = random.Random(5)
    rules = Rules.preset("standard")
    for game in [random_duel(rng, 9, 9, rules) for _ in range(5)] + \
                [random_position(rng, 22, rules) for _ in range(5)]:
        first, second = solve(game), solve(game)
        assert first.exact
        assert (first.wins, first.winning_moves, first.pv, first.distance, first.nodes) == \
            (second.wins, second.winning_moves, second.pv, second.distance, second.nodes)
