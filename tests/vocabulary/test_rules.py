"""The rule-set object and its presets (docs/RULES.md, "Presets")."""
from __future__ import annotations

import pytest

import ddz_fast
from ddz_fast import PRESETS, Rules

from support.common import PRESET_NAMES


def test_presets_match_the_rule_book_table():
    # Columns of docs/RULES.md: solo_wing_max_copies, trio_wing_next_to_chain, rocket_in_kickers,
    # four_two, four_two_solo_max_copies ("-" for openspiel: no four + two at all).
    table = {
        "standard": (1, True, True, True, 1),
        "rlcard": (3, False, False, True, 2),
        "openspiel": (3, True, False, False, None),
        "douzero": (4, True, True, True, 2),
    }
    for name, (wing, next_to, rocket, four_two, four_two_copies) in table.items():
        rules = Rules.preset(name)
        assert rules.solo_wing_max_copies == wing
        assert rules.trio_wing_next_to_chain is next_to
        assert rules.rocket_in_kickers is rocket
        assert rules.four_two is four_two
        if four_two_copies is not None:
            assert rules.four_two_solo_max_copies == four_two_copies
        assert rules.preset_name == name


def test_standard_is_the_default():
    assert Rules() == Rules.preset("standard") == PRESETS["standard"]
    assert ddz_fast.legal_moves("333B") == ddz_fast.legal_moves("333B", rules="standard")


def test_rules_are_frozen_and_validated():
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.four_two = False
    with pytest.raises(ValueError, match="solo_wing_max_copies"):
        Rules(solo_wing_max_copies=5)
    with pytest.raises(TypeError, match="four_two"):
        Rules(four_two="yes")
    with pytest.raises(ValueError, match="bidding"):
        Rules(bidding="auction")
    with pytest.raises(TypeError, match="unknown rule option"):
        rules.replace(jokers_wild=True)


def test_doubling_follows_the_bidding_system_unless_set():
    assert Rules().doubling is False
    assert Rules(bidding="call_rob").doubling is True
    assert Rules(bidding="call_rob", doubling=False).doubling is False
    assert Rules().replace(bidding="call_rob").doubling is True


@pytest.mark.parametrize("name", ["chess", "", "Standard "])
def test_unknown_preset_names_the_problem(api, name):
    with pytest.raises(ValueError, match="unknown preset"):
        api.legal_moves("33", rules=name)
    with pytest.raises(ValueError, match="unknown preset"):
        Rules.preset(name)


def test_rules_argument_type_is_checked(api):
    with pytest.raises(TypeError, match="rules must be"):
        api.legal_moves("33", rules=3)


def test_preset_names_are_case_insensitive():
    assert all(Rules.preset(name.upper()) == Rules.preset(name) for name in PRESET_NAMES)


def test_custom_rules_repr_names_what_differs_from_standard():
    assert repr(Rules(solo_wing_max_copies=2)) == "Rules(solo_wing_max_copies=2)"
    assert repr(Rules.preset("douzero")) == "Rules.preset('douzero')"


def test_the_kitty_option_and_the_no_kitty_preset():
    # docs/RULES.md, "Variants", "No kitty": 18 cards each, no kitty, the moves unchanged.
    assert (Rules().kitty, Rules().hand_size) == (3, 17)
    no_kitty = Rules.preset("no_kitty")
    assert (no_kitty.kitty, no_kitty.hand_size) == (0, 18)
    assert no_kitty == Rules(kitty=0) and no_kitty.preset_name == "no_kitty"
    assert no_kitty.replace(kitty=3) == Rules()
    hand = "33344455566678BR"
    assert ddz_fast.legal_moves(hand, rules=no_kitty) == ddz_fast.legal_moves(hand)
    with pytest.raises(ValueError, match="kitty must be 0 or 3"):
        Rules(kitty=2)
    with pytest.raises(ValueError, match="kitty must be between 0 and 3"):
        Rules(kitty=4)
    for bad in ("3", True, 3.0):
        with pytest.raises(TypeError, match="kitty must be an int"):
            Rules(kitty=bad)


def test_run_fast_keeps_its_deck_when_two_play():
    # The two-player game deals the same deck, a third hand face down (docs/RULES.md).
    two = Rules.preset("runfast_15").replace(players=2)
    assert (two.deck_size, two.hand_size, two.players) == (45, 15, 2)
    assert two.replace(players=3) == Rules.preset("runfast_15")
    # A new game, or a Dou Dizhu table of another size, takes that table's deck.
    assert Rules.preset("runfast_15").replace(game="doudizhu").deck_size == 54
    assert Rules().replace(game="runfast").deck_size == 48
    assert Rules().replace(players=4).deck_size == 108
