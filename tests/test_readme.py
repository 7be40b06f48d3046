"""The README is tested: its Python examples run, and every console block is real output.

* ```` ```python ```` blocks with ``>>>`` prompts run as doctests; the other Python blocks run
  as scripts (each in a fresh namespace; a block whose optional extra is not installed is
  skipped).
* ```` ```console ```` blocks: every ``$ ddz-fast ...`` line runs as a subprocess (the
  ``ddz-fast`` of this interpreter, ``python -m ddz_fast``) and its output, stdout then stderr,
  must equal the lines under it in the README exactly, with one exception: in a line that
  reports a timing (one that contains ``/s`` or starts with ``time:``) every number, with its
  unit of time if any, is masked and runs of spaces count as one, since timings (and the
  width of their columns) differ from run to run. ``sh`` blocks are not
  run (they install things).
* The ``play`` block is a game piped into ``ddz-fast play``: the test plays it with the policy
  the README's transcript was made with (an illegal ``pass`` first, then always the lowest
  legal move, or pass) and compares the lines before and after the README's ``...`` with the
  start and the end of the transcript.
"""
from __future__ import annotations

import doctest
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Iterator, List, Tuple

import pytest

from support.subprocesses import SUBPROCESS_CWD

README = Path(__file__).resolve().parent.parent / "README.md"
TEXT = README.read_text(encoding="utf-8")


def blocks(language: str) -> List[Tuple[int, str]]:
    """(line number, text) of every fenced block of ``language``."""
    found = []
    for match in re.finditer(rf"^```{language}\n(.*?)^```$", TEXT, re.S | re.M):
        found.append((TEXT.count("\n", 0, match.start()) + 1, match.group(1)))
    return found


def commands(block: str) -> Iterator[Tuple[str, List[str]]]:
    """(command line, expected output lines) of each ``$ `` line of a console block."""
    command, expected = None, []
    for line in block.splitlines():
        if line.startswith("$ "):
            if command is not None:
                yield command, expected
            command, expected = line[2:], []
        else:
            expected.append(line)
    if command is not None:
        yield command, expected


TIMING_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?(?: (?:s|ms|us)\b)?")


def masked(line: str) -> str:
    """The line with its timings masked (see the module docstring)."""
    if "/s" in line or line.startswith("time:"):
        return " ".join(TIMING_NUMBER.sub("#", line).split())  # column widths follow numbers
    return line


def run(command: str, stdin: str = "") -> subprocess.CompletedProcess:
    argv = shlex.split(command)
    assert argv[0] == "ddz-fast", command
    return subprocess.run([sys.executable, "-m", "ddz_fast", *argv[1:]], input=stdin,
                          capture_output=True, text=True, timeout=600, cwd=SUBPROCESS_CWD)


CONSOLE = [(line, command, expected) for line, block in blocks("console")
           for command, expected in commands(block) if not command.startswith("ddz-fast play")]


def test_the_readme_has_the_blocks_tested_here():
    assert len(CONSOLE) >= 9 and len(blocks("python")) >= 5
    assert any(command.startswith("ddz-fast play") for _, block in blocks("console")
               for command, _ in commands(block))
    assert masked("time: 478.3 us per count (456 runs), 37,557,589 nodes/s") == \
        "time: # per count (# runs), # nodes/s"
    assert masked("perft 4: 17,964 nodes (native, standard rules)") == \
        "perft 4: 17,964 nodes (native, standard rules)"


@pytest.mark.native
@pytest.mark.parametrize("line, command, expected", CONSOLE,
                         ids=[f"line{line}:{command[9:40]}" for line, command, _ in CONSOLE])
def test_console_block(line: int, command: str, expected: List[str]):
    if "rlcard-rule" in command.split():    # RLCard's agent: the peers extra
        pytest.importorskip("rlcard")
    result = run(command)
    output = (result.stdout + result.stderr).splitlines()
    assert [masked(x) for x in output] == [masked(x) for x in expected], \
        f"README.md line {line}: {command}"


# --- Python blocks -----------------------------------------------------------------------------

@pytest.mark.native  # the quick start shows MoveList.array, which the reference has no twin of
def test_python_examples_run_as_doctests():
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for line, block in blocks("python"):
        if ">>>" in block:
            test = doctest.DocTestParser().get_doctest(block, {}, f"README.md line {line}",
                                                       str(README), line)
            runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 5
    assert result.failed == 0, f"{result.failed} of {result.attempted} README examples failed"


SCRIPTS = [(line, block) for line, block in blocks("python") if ">>>" not in block]
#: Calls that only the compiled core answers (README, "Without the compiled core"): a block
#: making one is ``native``.
NATIVE_CALLS = ("solve(", "random_games(", "play_out(", "perft_native(", "SolverBot",
                "compat.douzero", 'implementation="native"')


@pytest.mark.parametrize("line, block", [
    pytest.param(line, block, id=f"line{line}",
                 marks=[pytest.mark.native] if any(c in block for c in NATIVE_CALLS) else [])
    for line, block in SCRIPTS])
def test_python_blocks_run(line: int, block: str, capsys):
    if "ddz_fast.envs.three_player" in block:
        pytest.importorskip("pettingzoo")
    exec(compile(block, f"README.md line {line}", "exec"), {"__name__": "readme_example"})


# --- the play transcript -----------------------------------------------------------------------

def lowest_legal_answer(screen: str) -> str:
    """The lowest legal move of the hand shown on ``screen`` (or pass), as typed."""
    from ddz_fast import Hand, legal_moves
    from ddz_fast.moves.notation import format_move, parse_move

    hand = Hand(re.findall(r"^Your hand \(\d+\): (.*)$", screen, re.M)[-1].replace(" ", ""))
    to_beat = re.findall(r"^To beat: (\S+) \(", screen, re.M)
    leads = "You lead." in screen.splitlines()[-2:] or not to_beat
    prev = None if leads else parse_move(to_beat[-1], rules="standard")
    moves = list(legal_moves(hand, prev, rules="standard"))
    return format_move(moves[0], "standard") if moves else "pass"


@pytest.mark.native
def test_play_block_is_a_real_game():
    from support.terminal import PipedGame

    (line, block), = [(n, b) for n, b in blocks("console") if "$ ddz-fast play" in b]
    (command, expected), = commands(block)
    game = PipedGame(*shlex.split(command)[2:])
    screen = game.read_to_prompt()
    first = True
    while screen is not None:
        game.answer("pass" if first else lowest_legal_answer(game.transcript))
        first = False
        screen = game.read_to_prompt()
    result = game.finish()
    assert result.returncode == 0, result.stderr
    transcript = result.stdout.splitlines()
    cut = expected.index("...")
    head, tail = expected[:cut], expected[cut + 1:]
    assert transcript[:len(head)] == head, f"README.md line {line}"
    assert transcript[len(transcript) - len(tail):] == tail, f"README.md line {line}"
