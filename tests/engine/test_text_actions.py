"""A move of the play phase may be applied as its text, at every table: the three-player state
on the native table and on its Python twin, the four-player state and the state with wild
cards. The text is read under the game's rules (and wild ranks); of its readings the one legal
now is played, and a text with several legal readings, none, or no reading at all is refused,
leaving the state as it was.
"""
from __future__ import annotations

import pytest

from ddz_fast import Game, IllegalActionError, Move
from ddz_fast.cards import FULL_DECK, RANK_LETTERS, parse_cards
from ddz_fast.engine import stepping, three_player
from ddz_fast.engine.base import ActionTypeError
from ddz_fast.reference import moves as reference

from support.game_scripts import snapshot


def hands_around(fixed, decks=1, players=3, landlord_size=20, size=17):
    """Hands for every seat, the landlord (seat 0) first: the seats of ``fixed`` hold those
    cards, the others the rest of the deck, low to high in seat order."""
    rest = [count * decks for count in FULL_DECK]
    for cards in fixed.values():
        for rank, count in enumerate(parse_cards(cards, decks=decks)):
            rest[rank] -= count
    remaining = "".join(RANK_LETTERS[rank] * count for rank, count in enumerate(rest))
    hands = []
    for seat in range(players):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            wanted = landlord_size if seat == 0 else size
            hands.append(remaining[:wanted])
            remaining = remaining[wanted:]
    assert remaining == ""
    return hands


@pytest.fixture(params=["native table", "python table"])
def three_player_game(request, monkeypatch):
    """The three-player game, its state stepping on the native table or on its Python twin."""
    if request.param == "python table":
        monkeypatch.setattr(three_player, "new_play_phase", lambda hands, landlord, rules: (
            stepping.PythonPlayPhase(hands, landlord, rules, reference.legal_moves)))
    elif not stepping.NATIVE_PLAY_PHASE:
        pytest.skip("states step on native tables only with the compiled core")
    return lambda preset: Game(preset)


def refused(state, action, error, message):
    """Apply ``action``, which must raise ``error`` matching ``message`` and change nothing."""
    before, seen = state.clone(), snapshot(state)
    with pytest.raises(error, match=message):
        state.apply(action)
    assert state == before and snapshot(state) == seen


def test_a_play_may_be_its_text(three_player_game):
    hands = hands_around({0: "3334445556667778889T", 1: "9TTJJJQQQKKKAAA2R"})
    state = three_player_game("standard").new_state_from_hands(hands, landlord=0)
    refused(state, "pass", IllegalActionError, "player 0 cannot play pass in the play phase")
    state.apply("3")
    assert state.prev == Move.parse("3") and state.current_player == 1
    state.apply("9")
    state.apply("PASS")
    state.apply("p")
    assert state.prev is None and state.current_player == 1
    assert [action for _, action in state.history] == [
        Move.parse("3"), Move.parse("9"), Move.PASS, Move.PASS]


def test_text_with_several_readings_plays_the_one_legal_now(three_player_game):
    hands = hands_around({0: "3334445556667778889T", 1: "999TTTJJJ2AAKKQQQ"})
    state = three_player_game("douzero").new_state_from_hands(hands, landlord=0)
    # Leading, every reading of the cards is legal: the text must say which.
    refused(state, "333444555666", IllegalActionError,
            "player 0: '333444555666' is ambiguous: it reads several ways, write one of "
            "333444555666:airplane@3, 333444555666:airplane_solo@3, "
            "333444555666:airplane_solo@4 \\(each is legal now\\)")
    state.apply("333444555666:airplane")
    # Only the airplane of 999TTTJJJQQQ beats an airplane: its other readings are not legal.
    state.apply("999TTTJJJQQQ")
    assert state.prev.type == "airplane" and state.prev.key == 6


def test_text_of_no_legal_move_is_refused_naming_why(three_player_game):
    hands = hands_around({0: "3334445556667778889T"})
    state = three_player_game("douzero").new_state_from_hands(hands, landlord=0)
    refused(state, "34", IllegalActionError,
            "player 0: '34' is not a move: not a combination under the douzero rules")
    refused(state, "3X", IllegalActionError, "player 0: unknown rank 'X'")
    refused(state, "BR", IllegalActionError, "player 0 cannot play BR in the play phase")
    state.apply("9")
    refused(state, "8", IllegalActionError, "player 1 cannot play 8 in the play phase")
    refused(state, b"8", ActionTypeError, "an action is a Move or its text, not bytes")


def test_several_readings_none_legal_are_named():
    hands = hands_around({0: "3334445556667778889T", 1: "999TTTJJJQQQKKKAA"})
    state = Game("douzero").new_state_from_hands(hands, landlord=0)
    state.apply("T")
    refused(state, "999TTTJJJQQQ", IllegalActionError,
            "player 1 cannot play '999TTTJJJQQQ': none of its readings is legal now "
            "\\(999TTTJJJQQQ:airplane@9, 999TTTJJJQQQ:airplane_solo@9, "
            "999TTTJJJQQQ:airplane_solo@T\\)")


def test_text_is_no_action_of_the_other_phases():
    state = Game().new_state(seed=1)
    refused(state, "3", ActionTypeError, "in the bidding phase an action is a Bid, not str")


def test_the_four_player_table_reads_text_of_two_decks():
    hands = hands_around({0: "33333333444455556666777788BBRRKKK"}, decks=2, players=4,
                         landlord_size=33, size=25)
    state = Game("four_player").new_state_from_hands(hands, landlord=0)
    state.apply("33333333")
    assert state.prev.type == "bomb" and len(state.prev) == 8
    for seat in (1, 2, 3):
        state.apply("pass")
    state.apply("BBRR")
    assert state.prev.type == "rocket"


def test_the_table_with_wild_cards_reads_text_under_its_wild_ranks():
    hands = hands_around({0: "3335666777888999TTTJ", 1: "4445JJJQQQKKKAAA2"})
    state = Game("laizi").new_state_from_hands(hands, landlord=0, wild="5")
    assert state.wild == (2,)
    refused(state, "3335", IllegalActionError,
            "player 0: '3335' is ambiguous: it reads several ways, write one of 3335=333, "
            "3335=3333 \\(each is legal now\\)")
    state.apply("3335=3333")
    assert state.prev.bomb_class == "soft"
    state.apply("4445")            # only the soft bomb of 4s beats the soft bomb of 3s
    assert state.prev.bomb_class == "soft" and state.prev.key == 1
    refused(state, "34", IllegalActionError,
            "'34' is not a move: not a combination under the laizi rules with wild 5")
