"""One vocabulary (README, "Vocabulary"): the new names work without a warning, and each old
name still works for one release, gives the same result and warns with a DeprecationWarning
that names its replacement (the command line's ``--after`` is in test_cli.py)."""
from __future__ import annotations

import dataclasses
import subprocess
import sys
import warnings

import pytest

import ddz_fast
from ddz_fast import Duel, Game, Position, Rules, divide, perft
from ddz_fast.search.bots import GreedyBot, last_mover, start_play
from ddz_fast.moves.notation import parse_move
from ddz_fast.positions.step import generator
from ddz_fast._deprecated import REMOVED_IN

from support.subprocesses import SUBPROCESS_CWD

TEXT = "33445566/789TJ/QKA2B 0 1 KK 0"
KINGS = parse_move("KK")


def deprecated(old: str, new: str):
    """pytest.raises-like: a DeprecationWarning naming ``old`` and ``new`` is raised."""
    return pytest.warns(DeprecationWarning,
                        match=rf"{old}.* is deprecated and will be removed in ddz_fast "
                              rf"{REMOVED_IN}: use {new}")


@pytest.fixture(autouse=True)
def new_names_never_warn():
    """Whatever a test does outside ``deprecated(...)`` blocks must not warn."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        yield


# --- prev: the move to beat ----------------------------------------------------------------

def test_position_prev_is_the_move_to_beat_and_the_notation_is_unchanged():
    position = Position.parse(TEXT)
    assert position.prev == KINGS and str(position) == TEXT
    assert Position(position.hands, 0, 1, prev=KINGS) == position
    assert Position(position.hands, 0, 1, KINGS) == position
    # (``wild``, the wild ranks of laizi, came after the rename, last and optional.)
    assert [f.name for f in dataclasses.fields(Position)] == \
        ["hands", "landlord", "to_move", "prev", "passes", "wild"]
    assert dataclasses.replace(position, prev=None).prev is None


def test_position_move_to_beat_still_works_with_a_warning():
    position = Position.parse(TEXT)
    with deprecated(r"Position\(move_to_beat=\.\.\.\)", r"Position\(prev=\.\.\.\)"):
        old = Position(position.hands, 0, 1, move_to_beat=KINGS)
    assert old == position and str(old) == TEXT
    with deprecated(r"Position\.move_to_beat", r"Position\.prev"):
        assert position.move_to_beat == KINGS
    with deprecated(r"Position\(move_to_beat=\.\.\.\)", r"Position\(prev=\.\.\.\)"):  # None too
        assert Position(position.hands, 0, 1, move_to_beat=None).prev is None
    with pytest.raises(TypeError, match="both 'prev' and its deprecated name 'move_to_beat'"):
        Position(position.hands, 0, 1, prev=KINGS, move_to_beat=KINGS)


def test_a_bad_prev_is_named_prev():
    with pytest.raises(TypeError, match="prev"):
        Position(["3", "4", "5"], 0, 0, prev="33")


def test_duel_prev_and_its_old_name():
    duel = Duel.parse("kk5543/225543 55")
    assert duel.prev == parse_move("55") and str(duel) == "3455KK/345522 55"
    assert Duel(duel.first, duel.second, prev=duel.prev) == duel
    with deprecated(r"Duel\(move_to_beat=\.\.\.\)", r"Duel\(prev=\.\.\.\)"):
        assert Duel(duel.first, duel.second, move_to_beat=duel.prev) == duel
    with deprecated(r"Duel\.move_to_beat", r"Duel\.prev"):
        assert duel.move_to_beat == duel.prev


def test_state_prev_and_its_old_name():
    state = start_play(Game(), 3, landlord=0)
    assert state.prev is None
    state.apply(state.legal_actions()[0])
    played = state.history[-1][1]
    assert state.prev == played and state.position().prev == played
    with deprecated(r"State\.move_to_beat", r"State\.prev"):
        assert state.move_to_beat == played


class OldView:
    """A state view written for the old protocol: it has ``move_to_beat``, not ``prev``."""

    phase = "play"

    def __init__(self, text: str) -> None:
        position = Position.parse(text)
        self.hands, self.landlord = position.hands, position.landlord
        self.current_player, self.passes = position.to_move, position.passes
        self.move_to_beat = position.prev
        self.rules = Rules()
        self._position = position

    def legal_actions(self):
        return self._position.legal_actions()


class NewView(OldView):
    """The same view under the new name."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.prev = self.__dict__.pop("move_to_beat")


def test_a_bots_state_view_with_only_the_old_name_still_works():
    text = "3456/KK/5 1 2 4 0"          # seat 2 follows seat 1's 4
    assert last_mover(NewView(text)) == 1
    assert str(GreedyBot().play(NewView(text))) == "5"
    with deprecated("a state view's move_to_beat", "prev"):
        assert last_mover(OldView(text)) == 1
    with deprecated("a state view's move_to_beat", "prev"):
        assert str(GreedyBot().play(OldView(text))) == "5"


# --- implementation names: None (the public API's), "native", "python" ---------------------

def test_the_implementation_names():
    position = Position.parse(TEXT)
    expected = perft(position, 3)
    assert perft(position, 3, implementation=None) == expected
    assert perft(position, 3, implementation="python") == expected
    assert generator(None) is ddz_fast.legal_moves
    assert generator("python") is ddz_fast.reference.moves.legal_moves
    assert position.legal_actions(implementation="python") == position.legal_actions()
    with pytest.raises(ValueError, match="use None .*'native', 'python'"):
        perft(position, 3, implementation="compiled")


@pytest.mark.native
def test_the_native_implementation_name():
    position = Position.parse(TEXT)
    assert perft(position, 3, implementation="native") == perft(position, 3)
    assert divide(position, 2, implementation="native") == divide(position, 2)
    assert position.legal_actions(implementation="native") == position.legal_actions()


@pytest.mark.parametrize("old, new", [("fast", None), ("reference", "python")])
def test_the_old_implementation_names_still_work_with_a_warning(old, new):
    position = Position.parse(TEXT)
    with deprecated(f"implementation={old!r}", f"implementation={new!r}"):
        assert perft(position, 3, implementation=old) == perft(position, 3, implementation=new)
    with deprecated(f"implementation={old!r}", f"implementation={new!r}") as caught:
        assert divide(position, 2, implementation=old) == \
            divide(position, 2, implementation=new)
    assert len(caught) == 1, "one call, one warning"
    with deprecated(f"implementation={old!r}", f"implementation={new!r}") as caught:
        assert position.legal_actions(implementation=old) == \
            position.legal_actions(implementation=new)
    # The warning points at the caller's line, not into the package.
    assert caught[0].filename == __file__


def test_the_suite_runner_takes_python_and_its_old_name(tmp_path):
    suite = tmp_path / "one.perft"
    nodes = perft(Position.parse(TEXT), 1)
    suite.write_text(f"rules standard\nposition {TEXT}\nperft 1 {nodes}\n")

    def run(option: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "ddz_fast.positions.perft", str(suite), option],
                              capture_output=True, text=True, cwd=SUBPROCESS_CWD, timeout=120)
    new, old = run("--python"), run("--reference")
    assert new.returncode == old.returncode == 0
    assert new.stdout.endswith(" ok\n") and old.stdout.endswith(" ok\n")
    assert "deprecated" not in new.stderr
    assert "--reference is deprecated" in old.stderr and "use --python" in old.stderr
