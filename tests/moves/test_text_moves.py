"""Wherever the move API takes one move it takes its text too: the move to beat of
``legal_moves``, both moves of ``beats``, the move of ``action_id``, and ``in``, ``index`` and
``count`` of the moves ``legal_moves`` returns; in both implementations (``api``).

Text given with the rules is read as ``ddz_fast.moves.notation.parse_move`` reads it under
them (ValueError when it names no move or several); a list has no rules, and reads text as
``Move.parse`` does, taking the one reading it holds.
"""
from __future__ import annotations

import pytest

from ddz_fast import Hand, Move
from ddz_fast.move import ListOfMoves


def one(api, cards, kind=None, **context):
    """The one reading of ``cards`` (of type ``kind``) under the rules and wild ranks."""
    found = [m for m in api.classify(cards, **context) if kind is None or m.type == kind]
    assert len(found) == 1, found
    return found[0]


def test_the_move_to_beat_may_be_text(api):
    hand = Hand("33344455BR")
    assert api.legal_moves(hand, "333B") == api.legal_moves(hand, one(api, "333B"))
    assert [m.cards for m in api.legal_moves(hand, "333B")] == \
        ["3444", "4445", "444B", "444R", "BR"]
    assert api.legal_moves(hand, "pass") == api.legal_moves(hand, " PASS ") \
        == api.legal_moves(hand, "p") == api.legal_moves(hand)


def test_text_of_the_move_to_beat_is_read_under_the_rules_in_force(api):
    hand = "444555666777BR"
    airplane = one(api, "333444555666", "airplane", rules="douzero")
    # One reading under standard; three under douzero, where the type (and key) must be named.
    assert api.legal_moves(hand, "333444555666") == api.legal_moves(hand, airplane)
    with pytest.raises(ValueError, match="prev: '333444555666' is ambiguous: it reads "
                                         "several ways, write one of 333444555666:airplane@3, "
                                         "333444555666:airplane_solo@3, "
                                         "333444555666:airplane_solo@4"):
        api.legal_moves(hand, "333444555666", rules="douzero")
    assert api.legal_moves(hand, "333444555666:airplane", rules="douzero") == \
        api.legal_moves(hand, airplane, rules="douzero")


@pytest.mark.parametrize("prev, error, message", [
    ("34", ValueError, "prev: '34' is not a move: not a combination under the standard rules"),
    ("33X", ValueError, "prev: unknown rank 'X'"),
    ("333:triple", ValueError, "prev: unknown move type 'triple'"),
    ("trio:333", ValueError, "prev: 'trio:333': write the cards first"),
    ("33333", ValueError, "prev: 5 cards of rank 3: one deck has 4"),
    (333, TypeError, "prev must be a Move, not int"),
    (b"333", TypeError, "prev must be a Move, not bytes"),
])
def test_bad_text_of_the_move_to_beat_is_refused_by_name(api, prev, error, message):
    with pytest.raises(error, match=message):
        api.legal_moves("444", prev)


def test_beats_takes_either_move_as_text(api):
    assert api.beats("444", "333") and not api.beats("333", "444")
    assert api.beats("BR", one(api, "2222")) and api.beats(one(api, "2222"), "3")
    assert not api.beats("pass", "3") and not api.beats("PASS", one(api, "3"))
    with pytest.raises(ValueError, match="prev is a pass, which is no combination"):
        api.beats("3", "pass")
    with pytest.raises(ValueError, match="move: '34' is not a move"):
        api.beats("34", "3")
    with pytest.raises(ValueError, match="prev: '333444555666' is ambiguous"):
        api.beats("444555666777:airplane", "333444555666", rules="douzero")
    assert api.beats("444555666777:airplane", "333444555666:airplane", rules="douzero")


def test_action_ids_take_text(api):
    assert api.action_id("3") == 0 and api.action_id("BR") == len(api.action_space()) - 1
    assert api.action_id("333444555666:airplane_solo@4", "douzero") == api.action_id(
        Move.parse("333444555666:airplane_solo@4"), "douzero")
    with pytest.raises(ValueError, match="Move.PASS is not in the action space"):
        api.action_id("pass")
    with pytest.raises(ValueError, match="move: '3456' is not a move"):
        api.action_id("3456")


def test_moves_are_found_by_their_text(api):
    moves = api.legal_moves("33344455BR")
    assert "444" in moves and moves.index("444") == moves.index(one(api, "444")) == 9
    assert moves.count("444") == 1 and moves.count("666") == 0
    assert "666" not in moves and "pass" not in moves and 444 not in moves
    # Moves of two decks and moves read with wild cards are in no list of one deck.
    assert "3335=3333" not in moves and Move.parse("33333333") not in moves
    assert moves.count(Move.parse("3335=3333")) == 0 and moves.count("BBRR") == 0
    assert moves.index("3444") == moves.index(one(api, "3444"))
    with pytest.raises(ValueError, match="'666' is not in"):
        moves.index("666")
    with pytest.raises(ValueError, match="'34' is not a move under any rules"):
        "34" in moves
    with pytest.raises(ValueError, match="unknown rank 'X'"):
        moves.index("3X")


def test_a_list_takes_the_one_reading_of_text_it_holds(api):
    # 333444555666 is an airplane and two airplanes with solo wings under douzero: a hand that
    # holds them all must be told which; one whose answers hold one of them is not.
    moves = api.legal_moves("333444555666", rules="douzero")
    with pytest.raises(ValueError, match="'333444555666' is ambiguous: it reads several ways, "
                                         "write one of 333444555666:airplane@3, "
                                         "333444555666:airplane_solo@3, "
                                         "333444555666:airplane_solo@4"):
        "333444555666" in moves
    assert moves.index("333444555666:airplane") == moves.index(
        one(api, "333444555666", "airplane", rules="douzero"))
    airplane = one(api, "333444555666", "airplane", rules="douzero")
    answers = api.legal_moves("444555666777", airplane, rules="douzero")
    assert "444555666777" in answers and answers.index("444555666777") == 0


def test_two_decks_and_wild_cards_list_moves_that_take_text(api):
    moves = api.legal_moves("33334444BBRR", "3333", rules="four_player")
    assert isinstance(moves, ListOfMoves) and "4444" in moves and "BBRR" in moves
    assert moves.index("BBRR") == 1 and "3333" not in moves
    wild = api.legal_moves("4445KK", "3335=3333", rules="laizi", wild="5")
    assert isinstance(wild, ListOfMoves) and wild == [one(api, "4445", "bomb", rules="laizi",
                                                          wild="5")]
    assert "4445=4444" in wild and wild.index("4445=4444") == 0 and "4445" not in wild
    with pytest.raises(ValueError, match="prev: '3335' is ambiguous: it reads several ways, "
                                         "write one of 3335=333, 3335=3333"):
        api.legal_moves("4445KK", "3335", rules="laizi", wild="5")


def test_text_with_wild_cards_is_read_under_the_wild_ranks(api):
    soft = one(api, "3335", "bomb", rules="laizi", wild="5")
    assert api.beats("4445=4444", "3335=3333", rules="laizi", wild="5")
    assert not api.beats("4445=444", "3335=3333", rules="laizi", wild="5")
    assert api.action_id("3335=3333", "laizi", "5") == api.action_id(soft, "laizi", "5")
    with pytest.raises(ValueError, match="move: '34' is not a move: not a combination under "
                                         "the laizi rules with wild 5"):
        api.action_id("34", "laizi", "5")
