"""One name per idea: ``prev`` is the move to beat and the implementations are None, "native"
and "python"; the spellings of earlier development builds are plain errors (the command line's
``--after`` is in tests/cli/test_commands.py)."""
from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

import ddz_fast
from ddz_fast import Duel, Game, Position, divide, perft
from ddz_fast.search.bots import last_mover, start_play
from ddz_fast.moves.notation import parse_move
from ddz_fast.positions.step import generator

from support.subprocesses import SUBPROCESS_CWD

TEXT = "33445566/789TJ/QKA2B 0 1 KK 0"
KINGS = parse_move("KK")


# --- prev: the move to beat ----------------------------------------------------------------

def test_position_prev_is_the_move_to_beat_and_the_notation_is_unchanged():
    position = Position.parse(TEXT)
    assert position.prev == KINGS and str(position) == TEXT
    assert Position(position.hands, 0, 1, prev=KINGS) == position
    assert Position(position.hands, 0, 1, KINGS) == position
    assert [f.name for f in dataclasses.fields(Position)] == \
        ["hands", "landlord", "to_move", "prev", "passes", "wild"]
    assert dataclasses.replace(position, prev=None).prev is None


def test_the_old_name_of_prev_is_no_keyword_and_no_attribute():
    position = Position.parse(TEXT)
    with pytest.raises(TypeError, match="move_to_beat"):
        Position(position.hands, 0, 1, move_to_beat=KINGS)
    with pytest.raises(AttributeError):
        position.move_to_beat
    duel = Duel.parse("kk5543/225543 55")
    with pytest.raises(TypeError, match="move_to_beat"):
        Duel(duel.first, duel.second, move_to_beat=duel.prev)
    with pytest.raises(AttributeError):
        duel.move_to_beat
    with pytest.raises(AttributeError):
        start_play(Game(), 3, landlord=0).move_to_beat


def test_a_bad_prev_is_named_prev():
    with pytest.raises(TypeError, match="prev"):
        Position(["3", "4", "5"], 0, 0, prev="33")


def test_duel_prev():
    duel = Duel.parse("kk5543/225543 55")
    assert duel.prev == parse_move("55") and str(duel) == "3455KK/345522 55"
    assert Duel(duel.first, duel.second, prev=duel.prev) == duel


def test_state_prev():
    state = start_play(Game(), 3, landlord=0)
    assert state.prev is None
    state.apply(state.legal_actions()[0])
    played = state.history[-1][1]
    assert state.prev == played and state.position().prev == played


class View:
    """A bot's view of a state: the move to beat is ``prev``."""

    phase = "play"

    def __init__(self, text: str, name: str = "prev") -> None:
        position = Position.parse(text)
        self.current_player, self.passes = position.to_move, position.passes
        setattr(self, name, position.prev)


def test_a_bots_state_view_names_the_move_to_beat_prev():
    text = "3456/KK/5 1 2 4 0"          # seat 2 follows seat 1's 4
    assert last_mover(View(text)) == 1
    with pytest.raises(TypeError, match="state must be a State"):
        last_mover(View(text, "move_to_beat"))


# --- implementation names: None (the public API's), "native", "python" ---------------------

def test_the_implementation_names():
    position = Position.parse(TEXT)
    expected = perft(position, 3)
    assert perft(position, 3, implementation=None) == expected
    assert perft(position, 3, implementation="python") == expected
    assert generator(None) is ddz_fast.legal_moves
    assert generator("python") is ddz_fast.reference.moves.legal_moves
    assert position.legal_actions(implementation="python") == position.legal_actions()
    for name in ("compiled", "fast", "reference"):
        with pytest.raises(ValueError, match="use None .*'native', 'python'"):
            perft(position, 3, implementation=name)
        with pytest.raises(ValueError, match="use None .*'native', 'python'"):
            position.legal_actions(implementation=name)


@pytest.mark.native
def test_the_native_implementation_name():
    position = Position.parse(TEXT)
    assert perft(position, 3, implementation="native") == perft(position, 3)
    assert divide(position, 2, implementation="native") == divide(position, 2)
    assert position.legal_actions(implementation="native") == position.legal_actions()


def test_the_suite_runner_takes_python_and_refuses_other_options(tmp_path):
    suite = tmp_path / "one.perft"
    nodes = perft(Position.parse(TEXT), 1)
    suite.write_text(f"rules standard\nposition {TEXT}\nperft 1 {nodes}\n")

    def run(*options: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "ddz_fast.positions.suites", str(suite),
                               *options], capture_output=True, text=True, cwd=SUBPROCESS_CWD,
                              timeout=120)
    python, unknown = run("--python"), run("--reference")
    assert python.returncode == 0 and python.stdout.endswith(" ok\n") and not python.stderr
    assert unknown.returncode == 2 and "unrecognized arguments: --reference" in unknown.stderr
    assert not unknown.stdout
