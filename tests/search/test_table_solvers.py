"""The solver on the tables beyond one deck without wild cards: ``laizi`` and ``tiandi_laizi``
(wild cards), ``four_player`` with the landlord alone and with a partner (docs/RULES.md,
"Search" and "Variants").

* The native solver equals the reference minimax on random small positions of each table: the
  value and every winning move on all of them, the stake on every tenth, the distance and the
  principal variation on every eighth small one; a smaller set runs the reference generator
  end to end.
* Hand-made positions, their answers derived in the comments, exercise what each table adds: a
  soft bomb, a five-card bomb over a four-card one, the laizi bomb's class, bomb_multiplier
  "app", a partner going out first, the rocket of four jokers.
* Bad arguments: the partner where there is none, or missing where there is one; a table's
  position under another table's rules.
"""
from __future__ import annotations

import random
from typing import Optional

import pytest

import ddz_fast
from ddz_fast import Duel, Position, Rules
from ddz_fast.positions.four_player import FourPlayerPosition
from ddz_fast.reference.solver import solve_reference
from ddz_fast.search.solver import solve

from support.common import sizes
from support.interrupts import seconds_until_interrupted
from support.lines import check_winning_line
from support.solver_cases import (APP, PARTNER, TABLES, check_first_win, opening,
                                  random_four_player_position, random_wild_position)

pytestmark = pytest.mark.native  # the solver is compiled only

STAKE_EVERY = 10            # the stake is compared on every 10th game
DISTANCE_EVERY = 8          # the distance and PV on every 8th small game
SMALL = 9                   # cards in all, at most, for the distance comparison


def _games(table: str, count: int, seed: int):
    """(position, partner) pairs of ``table``: laizi positions of 6..12 cards in all, four-seat
    ones of 8..14, half of them with a move to beat."""
    rules = TABLES[table]
    rng = random.Random(f"{seed}:{table}")
    for i in range(count):
        with_move = i % 2 == 1
        if rules.players == 3:
            yield random_wild_position(rng, 6 + i % 7, rules, with_move), None
            continue
        position = random_four_player_position(rng, 8 + i % 7, rules, with_move)
        partner = None
        if rules.sides == "partner":
            partner = rng.choice([seat for seat in range(4) if seat != position.landlord])
        yield position, partner


def _size(game) -> int:
    return sum(len(h) for h in game.hands)


def _check(game, partner: Optional[int], rules: Rules, stake: bool, distance: bool,
           legal_moves=ddz_fast.legal_moves) -> None:
    expected = solve_reference(game, rules=rules, partner=partner, stake=stake,
                               distance=distance, legal_moves=legal_moves)
    found = solve(game, rules=rules, partner=partner, pv=distance, shortest=distance,
                  objective="stake" if stake else "win")
    assert found.exact, game
    assert (found.wins, found.winning_moves) == (expected.wins, expected.winning_moves), game
    side = {game.landlord, partner}
    assert found.landlord_wins == (expected.wins == (game.to_move in side)), game
    if stake:
        assert (found.stake, found.stake_moves) == (expected.stake, expected.stake_moves), game
    if distance:
        assert (found.distance, found.pv) == (expected.distance, expected.pv), game
    check_first_win(game, expected, rules=rules, partner=partner)


@pytest.mark.parametrize("games", sizes(50, 1000))
@pytest.mark.parametrize("table", TABLES)
def test_native_equals_reference(table, games):
    rules = TABLES[table]
    for i, (game, partner) in enumerate(_games(table, games, seed=1)):
        small = _size(game) <= SMALL
        _check(game, partner, rules, stake=i % STAKE_EVERY == 0,
               distance=i % DISTANCE_EVERY == 0 and small)
        if i % DISTANCE_EVERY == 4 and small:
            line = solve(game, rules=rules, partner=partner).pv
            check_winning_line(game, line, rules, partner)


@pytest.mark.parametrize("table", TABLES)
def test_native_equals_reference_generator_end_to_end(table):
    """The reference solver on the pure-Python reference generator, on smaller games."""
    games = [g for g in _games(table, 40, seed=2) if _size(g[0]) <= 9][:12]
    assert len(games) >= 5
    for game, partner in games:
        _check(game, partner, TABLES[table], stake=True, distance=True,
               legal_moves=ddz_fast.reference.moves.legal_moves)


# --- hand-made positions ------------------------------------------------------------------------

def _both(game, rules, partner=None):
    """The native solution, after checking that the reference agrees with it."""
    found = solve(game, rules=rules, partner=partner, objective="stake", shortest=True)
    expected = solve_reference(game, rules=rules, partner=partner, stake=True, distance=True)
    assert (found.wins, found.winning_moves, found.stake, found.stake_moves, found.distance,
            found.pv) == (expected.wins, expected.winning_moves, expected.stake,
                          expected.stake_moves, expected.distance, expected.pv)
    return found


def _texts(moves):
    return [str(move) for move in moves]


def test_a_soft_bomb_decides_a_laizi_endgame():
    # Fives are wild. Seat 1 played KK and seat 2 passed; the landlord holds 3 4 4 4 5. No pair
    # beats KK (44 is lower, and a pair of the wild 5 and a 4 reads as 44), but 444 and the
    # wild 5 read as 4444, a soft bomb: nobody holds a bomb, both pass, and the 3 goes out.
    # Passing loses: seat 1 leads its queen and is out. The bomb doubles the stake: +2.
    position = Position.parse("34445/Q/6 0 0 KK 1 w=5")
    found = _both(position, "laizi")
    assert found.landlord_wins and _texts(found.winning_moves) == ["4445=4444"]
    assert found.stake == 2 and _texts(found.pv) == ["4445=4444", "pass", "pass", "3"]
    # Without wild cards the 5 is a 5 and the landlord has no answer: it loses.
    plain = _both(Position.parse("34445/Q/6 0 0 KK 1"), "standard")
    assert not plain.landlord_wins and plain.winning_moves == ()


def test_a_five_card_soft_bomb_beats_a_four_card_hard_one_and_app_pays_six():
    # Fives are wild; seat 1 bombed AAAA (hard). 444 and the two wild 5s read as 44444: five
    # cards beat four whatever the rank and class. Then the 3 goes out. Nothing else beats a
    # bomb. Under "double" the bomb doubles the stake (+2); under "app" a bomb of five cards
    # multiplies it by 6.
    position = Position.parse("344455/Q/6 0 0 AAAA 1 w=5")
    for rules, stake in (("laizi", 2), (APP, 6)):
        found = _both(position, rules)
        assert _texts(found.winning_moves) == ["44455=44444"] and found.stake == stake


def test_the_laizi_bombs_class_and_the_wild_bombs_ranks():
    # Fives and nines are wild (tiandi). Seat 1 played KKK9, a soft bomb of kings. The
    # landlord's four wild fives are a bomb of any rank 3..2: read as 5 it is the laizi bomb,
    # which beats a soft bomb of the same size whatever its rank; read as A or 2 it is a soft
    # bomb that outranks the kings; read as 3..K it is a soft bomb no higher than the kings
    # (equal bombs do not beat each other). With the 3 it is 33333, a five-card bomb that
    # beats four cards and empties the hand. Each of the four wins: after a four-card bomb
    # nobody answers and the 3 goes out.
    position = Position.parse("35555/Q/6 0 0 KKK9=KKKK 1 w=59")
    found = _both(position, "tiandi_laizi")
    assert _texts(found.winning_moves) == ["5555=5555", "5555=AAAA", "5555=2222",
                                          "35555=33333"]
    assert [m.bomb_class for m in found.winning_moves] == ["laizi", "soft", "soft", "soft"]
    assert found.distance == 1      # the fastest win plays all five cards at once


def test_a_partner_going_out_first_wins_for_the_landlord():
    # Four seats; the landlord (seat 0) leads with 3 and 4, seat 2 holds a single 2. Whatever
    # the landlord leads, seat 1 may pass or play a 5 or 6, and seat 2 then plays its 2 and is
    # out first. Under "partner" with seat 2 as the partner that is the landlord's win, with
    # either lead; alone, seat 2 is a peasant and the landlord loses whatever it does.
    position = FourPlayerPosition.parse("34/56/2/78 0 0 - 0")
    together = _both(position, PARTNER, partner=2)
    assert together.landlord_wins and _texts(together.winning_moves) == ["3", "4"]
    assert _texts(together.pv) == ["3", "pass", "2"]
    alone = _both(position, "four_player")
    assert not alone.landlord_wins and alone.winning_moves == ()
    # With seat 1 as the partner, seat 2 is an opponent: its 2 beats any single the landlord's
    # side plays, and it is out first.
    assert not _both(position, PARTNER, partner=1).landlord_wins


def test_a_five_card_bomb_beats_a_four_card_one_at_four_seats():
    # Two decks: seat 1 bombed AAAA and the others passed. Five fives beat four aces (more
    # cards first, then the rank); four of the fives would not (same size, lower rank). The
    # landlord bombs, all three pass and its 3 goes out.
    found = _both(FourPlayerPosition.parse("355555/K/Q/J 0 0 AAAA 2"), "four_player")
    assert _texts(found.winning_moves) == ["55555"] and found.stake == 2
    assert _texts(found.pv) == ["55555", "pass", "pass", "pass", "3"]


def test_the_rocket_of_four_jokers_beats_eight_twos():
    # Two decks: the rocket is all four jokers and beats every bomb, eight twos included; a
    # pair of jokers is a pair and beats no bomb. The landlord's rocket, then its 3.
    found = _both(FourPlayerPosition.parse("3BBRR/K/Q/J 0 0 22222222 2"), "four_player")
    assert _texts(found.winning_moves) == ["BBRR"] and found.stake == 2


# --- bad arguments ------------------------------------------------------------------------------

def test_the_partner_is_given_exactly_where_the_landlord_has_one():
    position = FourPlayerPosition.parse("34/56/2/78 0 0 - 0")
    with pytest.raises(ValueError, match="name it with partner="):
        solve(position, rules=PARTNER)
    with pytest.raises(ValueError, match="partner must be a seat other than the landlord"):
        solve(position, rules=PARTNER, partner=0)
    with pytest.raises(ValueError, match="plays alone"):
        solve(position, partner=2)
    with pytest.raises(ValueError, match="a game of three seats or a duel has none"):
        solve(Position.parse("3/4/5 0 0 - 0"), partner=1)
    for call in (lambda: solve(position, rules=PARTNER, partner=4),
                 lambda: solve_reference(position, rules=PARTNER, partner=4)):
        with pytest.raises(ValueError, match="partner"):
            call()


def test_each_table_is_solved_under_its_own_rules():
    with pytest.raises(ValueError, match="four-player position is played under four-player"):
        solve(FourPlayerPosition.parse("34/56/2/78 0 0 - 0"), rules="standard")
    with pytest.raises(ValueError, match="plays three players"):
        solve(Position.parse("3/4/5 0 0 - 0"), rules="four_player")
    with pytest.raises(ValueError, match="without wild cards"):
        solve(Duel.parse("3/4"), rules="laizi")


# --- limits, determinism and Ctrl-C, as at the classic table ------------------------------------

LIMITED = ("laizi", "tiandi_laizi", "four_player", "four_player_partner")


@pytest.mark.parametrize("table", LIMITED)
def test_max_nodes_stops_at_exactly_the_limit_and_is_deterministic(table):
    position, rules, partner = opening(table)
    first = solve(position, rules=rules, partner=partner, max_nodes=20_000)
    assert (first.exact, first.stopped, first.nodes) == (False, "nodes", 20_000)
    assert first.wins in (None, True) and first.pv == () and first.distance is None
    again = solve(position, rules=rules, partner=partner, max_nodes=20_000)
    assert (again.wins, again.winning_moves, again.nodes) == \
        (first.wins, first.winning_moves, first.nodes)


@pytest.mark.parametrize("table", LIMITED)
def test_time_limit_stops_a_whole_deal(table):
    position, rules, partner = opening(table)
    found = solve(position, rules=rules, partner=partner, time_limit=0.2)
    assert (found.exact, found.stopped) == (False, "time")
    # The clock is read every 1,024 nodes (under a millisecond at any table): the slack is for
    # a shared machine that takes the core away for a while.
    assert 0.2 <= found.seconds <= 0.6


@pytest.mark.parametrize("table", ["tiandi_laizi", "four_player_partner"])
def test_keyboard_interrupt_stops_a_solve_of_every_table(table):
    position, rules, partner = opening(table)
    assert seconds_until_interrupted(
        lambda: solve(position, rules=rules, partner=partner, time_limit=30)) < 5


def test_a_limit_never_gives_a_wrong_exact_answer_at_four_seats():
    position = FourPlayerPosition.parse("3445566/7788/99TT/JJQQK 0 0 - 0")
    for partner, rules in ((None, "four_player"), (2, PARTNER)):
        exact = solve(position, rules=rules, partner=partner)
        assert exact.exact
        for budget in (1, 10, 100, 1000):
            found = solve(position, rules=rules, partner=partner, max_nodes=budget)
            if found.exact:
                assert (found.wins, found.winning_moves, found.pv) == \
                    (exact.wins, exact.winning_moves, exact.pv)
            else:
                assert set(found.winning_moves) <= set(exact.winning_moves)
                assert found.wins in (None, exact.wins)
