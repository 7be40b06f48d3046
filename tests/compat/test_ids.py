"""ddz_fast.compat.rlcard and .openspiel: every action id of both engines, both ways.

The layouts are derived from ddz_fast's action spaces by an ordering rule, without the
engines; here every id is checked against the installed engines' own tables (RLCard's
``ID_2_ACTION``; OpenSpiel's ``action_to_string``, read through tests/support/peers.py), and the
structure of the layouts is checked without them.
"""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import ddz_fast
from ddz_fast import Move
from ddz_fast.compat import openspiel, rlcard

from support import peers
from support.subprocesses import SUBPROCESS_CWD

needs_rlcard = pytest.mark.skipif(not peers.HAVE_RLCARD, reason="rlcard is not installed")
needs_openspiel = pytest.mark.skipif(not peers.HAVE_OPENSPIEL,
                                     reason="open-spiel (pyspiel) is not installed")


def test_importing_the_layouts_does_not_import_the_engines():
    code = ("import sys; from ddz_fast.compat import rlcard, openspiel; "
            "rlcard.from_id(0); openspiel.from_id(4); "
            "sys.exit(any(m in sys.modules for m in ('rlcard', 'pyspiel')))")
    assert subprocess.run([sys.executable, "-c", code], cwd=SUBPROCESS_CWD).returncode == 0


# --- RLCard ------------------------------------------------------------------------------------

@needs_rlcard
def test_every_rlcard_id_both_ways():
    from rlcard.games.doudizhu.utils import ACTION_2_ID, ID_2_ACTION

    assert len(ID_2_ACTION) == rlcard.NUM_ACTIONS
    assert ID_2_ACTION[rlcard.PASS_ID] == rlcard.PASS_STRING
    for action_id, action in enumerate(ID_2_ACTION):
        move = rlcard.from_id(action_id)
        assert rlcard.to_string(move) == action, action_id
        assert rlcard.from_string(action) == move
        assert rlcard.to_id(move) == ACTION_2_ID[action] == action_id


def test_rlcard_layout_covers_the_preset_once():
    moves = rlcard.layout().moves()
    assert len(moves) == rlcard.NUM_ACTIONS
    assert set(moves[:-1]) == set(ddz_fast.action_space("rlcard")) and moves[-1] == Move.PASS
    assert rlcard.from_id(27_471) == Move.PASS and rlcard.to_id(Move.PASS) == 27_471
    assert rlcard.from_string("pass") == Move.PASS and rlcard.to_string(Move.PASS) == "pass"
    assert rlcard.to_id(rlcard.from_string("BR")) == 27_470


def test_rlcard_wing_order():
    """The three groups of three wings, in RLCard's order (see the module docstring)."""
    ids = [rlcard.to_id(rlcard.from_string(s))
           for s in ("333444555678", "333444555A2R", "333444555777", "333444555222",
                     "333444555667", "33344455566R", "333444555677")]
    assert ids == sorted(ids)
    assert ids[1] + 1 == ids[2] and ids[3] + 1 == ids[4]     # where one group meets the next


@pytest.mark.parametrize("bad, error", [
    ("43", ValueError), ("33344455 ", ValueError), ("PASS", ValueError), (3, TypeError),
])
def test_rlcard_bad_strings(bad, error):
    with pytest.raises(error):
        rlcard.from_string(bad)


def test_rlcard_moves_of_other_presets_have_no_id():
    four_with_rocket = next(m for m in ddz_fast.classify("3333BR", rules="douzero")
                            if m.type == "four_two_solo")
    for call in (rlcard.to_id, rlcard.to_string):
        with pytest.raises(ValueError, match="not a move of RLCard"):
            call(four_with_rocket)
    for bad in (-1, 27_472):
        with pytest.raises(ValueError, match="0..27471"):
            rlcard.from_id(bad)
    with pytest.raises(TypeError):
        rlcard.from_id(True)


# --- OpenSpiel ---------------------------------------------------------------------------------

@needs_openspiel
def test_every_openspiel_id_both_ways():
    import pyspiel

    game = pyspiel.load_game("dou_dizhu")
    assert game.num_distinct_actions() == openspiel.NUM_DISTINCT_ACTIONS
    state = game.new_initial_state()
    assert state.action_to_string(0, openspiel.PASS_ID) == "Pass"
    assert [state.action_to_string(0, a) for a in openspiel.BID_IDS] == ["Bid 1", "Bid 2",
                                                                         "Bid 3"]
    for action_id in range(openspiel.FIRST_PLAY_ID, openspiel.NUM_DISTINCT_ACTIONS):
        move = openspiel.from_id(action_id)
        kind = peers.openspiel_action_kind(action_id)
        assert (move.type, move.key, move.length) == kind, action_id
        assert move.counts == peers.openspiel_action_cards(action_id), action_id
        assert openspiel.to_id(move) == action_id


@needs_openspiel
def test_openspiel_both_airplanes_with_wings_of_333444555666():
    """OpenSpiel's own three readings of the cards get the ids the layout gives them."""
    theirs = peers.openspiel_interpretations(peers.from_text("333444555666"))
    ours = [(openspiel.to_id(m), m.type, m.key, m.length)
            for m in ddz_fast.classify("333444555666", rules="openspiel")]
    assert sorted(ours) == theirs
    assert [kind for _, kind, _, _ in theirs] == ["airplane", "airplane_solo", "airplane_solo"]


def test_openspiel_layout_covers_the_preset_once():
    moves = openspiel.layout().moves()
    assert len(moves) == openspiel.NUM_DISTINCT_ACTIONS - len(openspiel.BID_IDS)
    assert moves[0] == Move.PASS and set(moves[1:]) == set(ddz_fast.action_space("openspiel"))
    assert openspiel.from_id(0) == Move.PASS and openspiel.to_id(Move.PASS) == 0
    blocks = [m.type for m in moves[1:]]
    assert sorted(set(blocks), key=blocks.index) == list(openspiel.TYPE_BLOCKS)
    assert openspiel.to_id(moves[-1]) == 26_056 and moves[-1].type == "rocket"


def test_openspiel_wings_are_ordered_from_the_top():
    cards = ["3334445566", "3334445577", "3334446677", "3334445588"]   # 55 66 < 55 77 < 66 77
    ids = [openspiel.to_id(next(m for m in ddz_fast.classify(c, rules="openspiel")
                                if m.type == "airplane_pair")) for c in cards]
    assert ids == sorted(ids) and ids[0] == 23_104


@pytest.mark.parametrize("bad, error", [
    (1, ValueError), (3, ValueError), (-1, ValueError), (26_057, ValueError), ("4", TypeError),
    (True, TypeError),
])
def test_openspiel_ids_that_are_no_move(bad, error):
    with pytest.raises(error):
        openspiel.from_id(bad)


# --- both --------------------------------------------------------------------------------------

@pytest.mark.parametrize("module, preset", [(rlcard, "rlcard"), (openspiel, "openspiel")])
def test_id_maps_turn_masks_into_the_engines_masks(module, preset):
    hands = np.array([peers.from_text("33344455567BR"), peers.from_text("3456789TJQKA2")])
    mask = ddz_fast.legal_action_mask(hands, rules=preset)
    id_map = module.id_map()
    assert id_map.shape == (len(ddz_fast.action_space(preset)),)
    engine_mask = np.zeros((len(hands), module.layout().num_actions), dtype=bool)
    engine_mask[:, id_map] = mask
    for row, hand in enumerate(hands):
        expected = {module.to_id(m) for m in ddz_fast.legal_moves(ddz_fast.Hand(hand),
                                                                  rules=preset)}
        assert set(np.flatnonzero(engine_mask[row])) == expected
