"""The native solver against the reference solver, on thousands of small random games.

For every preset: three-hand endgames of 6..14 cards in all and duels of 2..7 cards a side,
half of them with a move to beat. The value and the exact set of winning moves must be equal;
on the smaller games the distance and the principal variation too. The reference searches with
the public move generator here (tests/moves/test_differential.py holds it equal to the
reference generator); a smaller set runs the reference generator itself, end to end.
"""
from __future__ import annotations

import random

import pytest

import ddz_fast
from ddz_fast.positions.duel import Duel
from ddz_fast.reference.solver import solve_reference
from ddz_fast.rules import Rules
from ddz_fast.search.solver import solve

from support.common import PRESET_NAMES, sizes
from support.lines import check_winning_line
from support.solver_cases import check_first_win, random_duel, random_position

pytestmark = pytest.mark.native  # the solver is compiled only

DISTANCE_EVERY = 8          # the distance and PV are compared on every 8th small game
SMALL = 9                   # cards in all, at most, for the distance comparison
LINE_EVERY = 4              # the default winning line is checked on every 4th other small game


def _games(preset: str, kind: str, count: int, seed: int):
    rules = Rules.preset(preset)
    rng = random.Random(f"{seed}:{preset}:{kind}")
    for i in range(count):
        with_move = i % 2 == 1
        if kind == "position":
            yield random_position(rng, 6 + i % 9, rules, with_move)
        else:
            yield random_duel(rng, rng.randint(2, 7), rng.randint(2, 7), rules, with_move)


def _size(game) -> int:
    return sum(len(h) for h in game.hands)


def _check(game, preset: str, distance: bool, legal_moves=ddz_fast.legal_moves) -> None:
    expected = solve_reference(game, rules=preset, distance=distance, legal_moves=legal_moves)
    found = solve(game, rules=preset, pv=distance, shortest=distance)
    assert found.exact, game
    assert found.wins == expected.wins, game
    assert found.winning_moves == expected.winning_moves, game
    if type(game) is Duel:
        assert found.landlord_wins is None
    else:
        assert found.landlord_wins == (expected.wins == (game.to_move == game.landlord))
    if distance:
        assert found.distance == expected.distance, game
        assert found.pv == expected.pv, game
    check_first_win(game, expected, rules=preset)


@pytest.mark.parametrize("games", sizes(40, 375))    # x 2 kinds x 5 presets
@pytest.mark.parametrize("kind", ["position", "duel"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_native_equals_reference(preset, kind, games):
    for i, game in enumerate(_games(preset, kind, games, seed=1)):
        small = _size(game) <= SMALL
        _check(game, preset, distance=i % DISTANCE_EVERY == 0 and small)
        if i % LINE_EVERY == 1 and small:
            check_winning_line(game, solve(game, rules=preset).pv, preset)


@pytest.mark.parametrize("games", sizes(3, 100))      # x 5 presets: 500 in the slow step
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_native_equals_reference_on_positions_of_15_to_24_cards(preset, games):
    """Larger three-hand positions, every technique of the search on (the sure win, the
    table's cutoffs): the value and every winning move, and the default winning line checked
    on the smaller ones."""
    rules = Rules.preset(preset)
    rng = random.Random(f"larger:{preset}")
    for i in range(games):
        game = random_position(rng, 15 + i % 10, rules, i % 2 == 1)
        _check(game, preset, distance=False)
        if i % 5 == 0 and _size(game) <= 16:
            check_winning_line(game, solve(game, rules=preset).pv, preset)


@pytest.mark.parametrize("kind", ["position", "duel"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_native_equals_reference_generator_end_to_end(preset, kind):
    """The reference solver on the pure-Python reference generator, on smaller games."""
    games = [g for g in _games(preset, kind, 40, seed=2) if _size(g) <= 8]
    assert len(games) >= 5
    for game in games:
        _check(game, preset, distance=True, legal_moves=ddz_fast.reference.moves.legal_moves)
