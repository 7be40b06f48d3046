"""Hand-made solver cases. Every expected answer is derived by hand in the comment above it,
never produced by the code under test; the reference solver must agree as well."""
from __future__ import annotations

import pytest

from ddz_fast import Duel, Move, Position, solve
from ddz_fast.reference.solver import solve_reference

pytestmark = pytest.mark.native  # the solver is compiled only


def texts(moves):
    return [str(m) for m in moves]


def agrees_with_reference(game, rules=None):
    expected = solve_reference(game, rules=rules, distance=True, stake=True)
    found = solve(game, rules=rules, objective="stake", shortest=True)
    assert found.exact
    assert (found.wins, found.winning_moves, found.distance, found.pv, found.stake,
            found.stake_moves) == (expected.wins, expected.winning_moves, expected.distance,
                                   expected.pv, expected.stake, expected.stake_moves)
    return found


def test_rocket_and_solo_finish():
    # First: B R 3; second: 4444 5. A lone joker is bombed by 4444 (the other joker cannot
    # beat a bomb), and the 5 then goes out: both lose. The rocket cannot be beaten: the second
    # passes and the 3 goes out. The 3 wins too: whatever answers it (the 5, the bomb, or a
    # pass), the rocket ends the hand. Both take three actions; 3 comes first in canonical
    # order, and the second's pass is its first choice among equally long delays.
    # Stake: the rocket is always played (+2); after the 3 the second could bomb, but that
    # makes +4 and the second minimises: +2, by both moves.
    found = agrees_with_reference(Duel.parse("BR3/44445"))
    assert found.wins is True and found.landlord_wins is None
    assert texts(found.winning_moves) == ["3", "BR"]
    assert texts(found.pv) == ["3", "pass", "BR"] and found.distance == 3
    assert found.stake == 2 and texts(found.stake_moves) == ["3", "BR"]


def test_breaking_the_bomb_into_four_with_two_is_the_only_win():
    # First: 3333 K A; second: a single 2. Any solo is beaten by the 2, which goes out. The bomb
    # cannot be answered, but then the K or the A is led and the 2 goes out. 333+K or 333+A
    # leaves two solos, and the 2 beats the first of them. 33 then 33 leaves K and A: the same.
    # Only 3333KA (four with two solos, not a bomb) plays the whole hand at once: one action,
    # stake +1 (no bomb played).
    found = agrees_with_reference(Duel.parse("3333KA/2"))
    assert texts(found.winning_moves) == ["3333KA"]
    assert texts(found.pv) == ["3333KA"] and found.distance == 1
    assert found.stake == 1
    # Without four + two (openspiel) every line above loses: the first player loses.
    openspiel = agrees_with_reference(Duel.parse("3333KA/2"), rules="openspiel")
    assert openspiel.wins is False and openspiel.winning_moves == ()


def test_playing_the_bomb_doubles_the_stake():
    # First: 3333 4; second: 5. A lone 3 or the 4 is beaten by the 5, which goes out; so is a
    # card led after the trio 333 (the second passes, then 3 or 4 is led and beaten). Winning:
    # 33 (the second has no pair; then 33 again, then the 4), 3334 (then the last 3) and the
    # bomb 3333 (then the 4). Only the bomb doubles the stake: +2 by 3333 alone. Fastest:
    # 3334 and 3333 in three actions; the trio + solo comes first in canonical order.
    found = agrees_with_reference(Duel.parse("33334/5"))
    assert texts(found.winning_moves) == ["33", "3334", "3333"]
    assert found.stake == 2 and texts(found.stake_moves) == ["3333"]
    assert texts(found.pv) == ["3334", "pass", "3"]


def test_duel_won_only_by_leading_the_pair():
    # First: 2 2 3; second: B 4. Leading 22: the second has no pair and passes, the 3 goes out
    # (three actions). Leading a 2 or the 3: the black joker beats it, the first cannot answer
    # B, and the 4 goes out.
    found = agrees_with_reference(Duel.parse("223/B4"))
    assert texts(found.winning_moves) == ["22"]
    assert texts(found.pv) == ["22", "pass", "3"]


def test_duel_with_a_move_to_beat():
    # First: A, second: 3, and the first must beat a king. The ace beats it and empties the
    # hand; passing gives the lead to the second, whose 3 goes out.
    duel = Duel.parse("A/3 K")
    found = agrees_with_reference(duel)
    assert texts(found.winning_moves) == ["A"] and found.distance == 1
    # The same hands with nothing to beat: leading the ace wins at once as well.
    assert texts(solve(Duel.parse("A/3")).winning_moves) == ["A"]


def test_peasant_lets_its_partner_through():
    # Landlord (seat 0): 2 2; peasant 1: K A; peasant 2: 5. The landlord has just led a 3 and
    # peasant 1 is to move. If peasant 1 passes, peasant 2 beats the 3 with its 5 and goes out:
    # the peasants win in two actions. If peasant 1 plays K or A, peasant 2 cannot beat it,
    # the landlord beats it with a 2, nobody beats a 2, and the landlord's last 2 goes out.
    position = Position.parse("22/KA/5 0 1 3 0")
    found = agrees_with_reference(position)
    assert found.wins is True and found.landlord_wins is False
    assert found.winning_moves == (Move.PASS,)
    assert texts(found.pv) == ["pass", "5"]


def test_the_move_that_empties_the_hand_wins_at_once():
    # Landlord (seat 0): A A, to beat peasant 2's kings. AA beats KK and empties the hand.
    # Passing lets peasant 1 (a 3, which cannot beat KK) pass too, and peasant 2 leads its 4
    # and goes out.
    position = Position.parse("AA/3/4 0 0 KK 0")
    found = agrees_with_reference(position)
    assert texts(found.winning_moves) == ["AA"] and found.landlord_wins is True
    assert found.distance == 1


def test_a_second_pass_gives_the_lead_back():
    # The landlord (seat 0) played KK, peasant 1 passed (passes = 1), peasant 2 holds 44 and
    # cannot beat KK: it can only pass, the lead returns to the landlord, whose 3 goes out.
    position = Position.parse("3/5/44 0 2 KK 1")
    found = agrees_with_reference(position)
    assert found.wins is False and found.landlord_wins is True
    assert found.winning_moves == ()
    assert texts(found.pv) == ["pass", "3"] and found.stake == 1


def test_the_losing_side_delays_its_loss():
    # First: 3 8; second: 9 T. The first can only lead a solo, and the second beats it with the
    # 9 or the T; the first cannot beat either with its 8 and passes, and the other card goes
    # out: the first loses, every line taking four actions (passing instead would let the
    # first lead its last card and win). In canonical order: 3 (before 8), then the second's
    # first winning answer 9 (its pass loses), the forced pass, the T.
    found = agrees_with_reference(Duel.parse("38/9T"))
    assert found.wins is False and found.winning_moves == ()
    assert texts(found.pv) == ["3", "9", "pass", "T"] and found.distance == 4


def test_finished_position():
    # Peasant 2 has no cards: the peasants have won; the landlord (to move) has lost.
    found = solve(Position.parse("33/4/- 0 0 - 0"))
    assert (found.wins, found.landlord_wins, found.exact, found.pv) == (False, False, True, ())
