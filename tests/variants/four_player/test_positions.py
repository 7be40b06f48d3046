"""Positions of the four-player table and perft over them (ddz_fast.positions.four_player)."""
from __future__ import annotations

import pytest

from ddz_fast import Move, Rules, divide, perft
from ddz_fast.reference import moves as reference
from ddz_fast.engine.game import Game
from ddz_fast.moves.notation import parse_move
from ddz_fast.positions.four_player import FourPlayerPosition

FOUR = Rules.preset("four_player")


def test_perft_counted_by_hand_with_the_lead_coming_back_after_three_passes():
    # Seat 0 leads from 33, the others hold a 4, a 5 and a 6. Its leads: 3 and 33 (33 empties
    # the hand: a leaf). After 3: seat 1 passes or plays 4 (a leaf); after a pass seat 2
    # passes or plays 5 (a leaf); after two passes seat 3 passes or plays 6 (a leaf); after
    # three passes the lead is seat 0's again, whose only move, 3, ends the hand.
    # Leaves at each depth: 1: {3, 33} = 2; 2: 33, 3-P, 3-4 = 3; 3: 33, 3-4, 3-P-P, 3-P-5 = 4;
    # 4: 33, 3-4, 3-P-5, 3-P-P-P, 3-P-P-6 = 5; 5: the same five, 3-P-P-P then leads 3 = 5.
    position = FourPlayerPosition.parse("33/4/5/6 0 0 - 0")
    assert [perft(position, depth) for depth in range(7)] == [1, 2, 3, 4, 5, 5, 5]
    after = position.play(parse_move("3")).play(Move.PASS).play(Move.PASS).play(Move.PASS)
    assert (after.to_move, after.prev, after.passes) == (0, None, 0)
    assert str(after) == "3/4/5/6 0 0 - 0"
    assert divide(position, 3) == {parse_move("3"): 3, parse_move("33"): 1}


def brute_force(hands, player, prev, passes, depth):
    """Leaves of the play tree from first principles: the reference generator (the
    specification), turn order 0 -> 1 -> 2 -> 3, a pass when following, the lead back to the
    last mover after three passes in a row, a hand that empties ends it."""
    if depth == 0 or any(sum(h) == 0 for h in hands):
        return 1
    actions = ([None] if prev is not None else []) + list(
        reference.legal_moves(list(hands[player]), prev, rules=FOUR))
    total = 0
    for move in actions:
        nxt = (player + 1) % 4
        if move is None:
            if passes == 2:
                total += brute_force(hands, nxt, None, 0, depth - 1)
            else:
                total += brute_force(hands, nxt, prev, passes + 1, depth - 1)
            continue
        changed = list(hands)
        changed[player] = tuple(h - m for h, m in zip(hands[player], move.counts))
        total += brute_force(changed, nxt, move, 0, depth - 1)
    return total


@pytest.mark.parametrize("text, depth", [
    ("3344BB/5566RR/77788/9TJQK 0 0 - 0", 4),
    ("33333/444445/BBRR6/7777 2 1 66 1", 5),
])
def test_perft_agrees_with_a_brute_force_from_first_principles(text, depth):
    position = FourPlayerPosition.parse(text)
    hands = [h.counts for h in position.hands]
    expected = brute_force(hands, position.to_move, position.prev, position.passes, depth)
    assert perft(position, depth) == expected
    assert perft(position, depth, implementation="python") == expected


def test_the_notation_round_trips_and_is_checked():
    text = "33445566/789TJ/QKA2B/88888 0 2 KK 0"
    assert str(FourPlayerPosition.parse(text)) == text
    assert str(FourPlayerPosition.parse("-/BBRR/33333333/- 1 1 - 0")) == "-/BBRR/33333333/- 1 1 - 0"
    for bad, message in (("33/44/55 0 0 - 0", "four card texts"),
                         ("33/44/55/66 0 4 - 0", "to move must be one of"),
                         ("33/44/55/66 0 1 3 3", "passes must be one of"),
                         ("33333/3333/66/77 0 0 - 0", "two decks have 8"),
                         ("33/44/55/66 0 0 - 1", "when leading")):
        with pytest.raises(ValueError, match=message):
            FourPlayerPosition.parse(bad)
    with pytest.raises(ValueError, match="four-player rules"):
        FourPlayerPosition.parse(text).legal_actions("standard")


def test_the_command_line_counts_four_hands_under_four_player(capsys):
    from ddz_fast.cli.main import main
    # The hand-counted tree above, divided by the first lead: 3 has 4 leaves below it at
    # depth 4, 33 one.
    assert main(["perft", "33/4/5/6 0 0 - 0", "5", "--rules", "four_player", "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["3: 4", "33: 1"] and lines[2].startswith("perft 5: 5 nodes")


def test_a_four_seat_state_gives_its_position():
    state = Game(FOUR).new_state(seed=9)
    with pytest.raises(ValueError, match="only in the play phase"):
        state.position()
    state.apply(state.legal_actions()[-1])          # seat 0 bids 3: landlord, leads
    state.apply(min(m for m in state.legal_actions() if m.type == "solo"))
    position = state.position()
    assert (position.to_move, position.prev, position.landlord) == (1, state.prev, 0)
    assert position.hands == state.hands
    assert position.legal_actions() == state.legal_actions()
    assert perft(position, 1) == len(state.legal_actions())
