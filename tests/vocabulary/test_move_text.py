"""A move's text: ``str(move)`` and ``Move.parse`` read each other back over every move of every
preset's action space, and say what the notation of one rule set says under the widest rules;
a list of moves finds a move by that text."""
from __future__ import annotations

import random

import pytest

import ddz_fast
from ddz_fast import Move, Rules, laizi_ids
from ddz_fast.move import ListOfMoves, listed_reading
from ddz_fast.moves.notation import format_move, readings
from ddz_fast.rules import PRESETS, WIDEST_RULES
from ddz_fast.wild import wild_ranks
from support.common import sample_size, sizes

PLAIN_PRESETS = [name for name, rules in PRESETS.items() if not rules.laizi]


@pytest.mark.parametrize("stride", sizes(30, 1))      # every 30th move, or every move
@pytest.mark.parametrize("preset", PLAIN_PRESETS)
def test_every_move_of_every_plain_preset_reads_back_from_its_text(preset, stride):
    space = ddz_fast.action_space(preset)
    for move in space[::stride * (1 if len(space) == sample_size(len(space)) else 10)]:
        text = str(move)
        assert Move.parse(text) == move, text
        assert ddz_fast.moves.notation.parse_move(text, preset) == move, text


@pytest.mark.parametrize("moves", sizes(1_000, 60_000))
@pytest.mark.parametrize("preset, wild", [("laizi", "7"), ("tiandi_laizi", "5T")])
def test_moves_read_with_wild_cards_read_back_from_their_text(preset, wild, moves):
    # The action spaces with wild cards hold hundreds of thousands to millions of moves: an
    # even stride through the ids covers every type.
    size = laizi_ids.space_size(Rules.preset(preset),
                                wild_ranks(wild))
    count = sample_size(moves, minimum=200)
    for action in range(0, size, max(1, size // count)):
        move = ddz_fast.action_move(action, preset, wild)
        assert Move.parse(str(move)) == move, (action, str(move))


@pytest.mark.parametrize("stride", sizes(7, 1))
def test_the_text_without_rules_is_the_widest_rules_notation(stride):
    # str(move) adds the type and key exactly when the widest rule set of one deck reads the
    # cards more than one way, as the notation under WIDEST_RULES writes them. (Without the
    # compiled core the notation reads each move by the reference's classify, milliseconds a
    # move: that run takes every 20th of the moves the native run takes.)
    space = ddz_fast.action_space(WIDEST_RULES)
    for move in space[::stride * len(space) // sample_size(len(space))]:
        assert str(move) == format_move(move, WIDEST_RULES), move


def test_ambiguous_and_impossible_text_is_refused_naming_the_choices():
    with pytest.raises(ValueError, match="ambiguous: it reads several ways, write one of "
                                         "333444555666:airplane@3, 333444555666:airplane_solo@3"):
        Move.parse("333444555666")
    assert Move.parse("333444555666:airplane") == readings("333444555666", "standard")[0]
    with pytest.raises(ValueError, match="'34' is not a move under any rules"):
        Move.parse("34")
    with pytest.raises(ValueError, match="unknown move type 'triple'"):
        Move.parse("333:triple")
    with pytest.raises(TypeError, match="move text must be a str"):
        Move.parse(333)
    assert Move.parse(" PASS ") is Move.PASS and str(Move.PASS) == "pass"


def test_two_decks_and_wild_cards_have_text_of_their_own():
    assert str(Move.parse("BBRR")) == "BBRR" and Move.parse("BBRR").type == "rocket"
    bomb = Move.parse("33333333")                   # eight 3s: a bomb of two decks
    assert bomb.type == "bomb" and len(bomb) == 8 and str(bomb) == "33333333"
    soft = Move.parse("3335=3333")
    assert soft.bomb_class == "soft" and str(soft) == "3335=3333"
    assert Move.parse("5555=5555").bomb_class == "laizi"
    assert Move.parse("5555").bomb_class == "hard"
    with pytest.raises(ValueError, match="not a move"):
        Move.parse("3456=3333")                     # three wilds of three ranks: no reading
    rng = random.Random(1)
    for move in rng.sample(ddz_fast.action_space("four_player"), 500):
        assert Move.parse(str(move)) == move, move


def test_a_list_of_moves_finds_the_one_reading_of_text_it_holds():
    airplane = Move.parse("333444555666:airplane")
    wings = Move.parse("333444555666:airplane_solo@4")
    moves = ListOfMoves([Move.parse("3"), airplane, wings])
    assert "3" in moves and moves.index("3") == 0 and moves.count("3") == 1
    assert "333444555666:airplane" in moves and moves.index("333444555666:airplane_solo") == 2
    with pytest.raises(ValueError, match="'333444555666' is ambiguous: it reads several ways, "
                                         "write one of 333444555666:airplane@3, "
                                         "333444555666:airplane_solo@4"):
        "333444555666" in moves
    assert "333444555666" in ListOfMoves([airplane])         # the one reading held
    assert "4" not in moves and moves.count("4") == 0 and "pass" not in moves
    with pytest.raises(ValueError, match="'4' is not in list"):
        moves.index("4")
    with pytest.raises(ValueError, match="'34' is not a move under any rules"):
        moves.count("34")
    assert 3 not in moves and moves.count(None) == 0 and moves == [Move.parse("3"), airplane,
                                                                   wings]


def test_listed_reading_is_the_one_held_reading_or_none():
    held = {Move.parse("3335=3333")}
    assert listed_reading("3335=3333", held.__contains__) == Move.parse("3335=3333")
    assert listed_reading("3335", held.__contains__) is None       # the plain trio + solo
    assert listed_reading(" P ", {Move.PASS}.__contains__) is Move.PASS
    with pytest.raises(TypeError, match="move text must be a str"):
        listed_reading(3, held.__contains__)
