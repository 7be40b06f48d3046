"""The README and the documentation pages are tested: every example runs, and every console
block is real output.

Every fenced block of ``README.md`` and of each page of ``docs/`` (``docs/**/*.md``) is one of:

* ```` ```python ```` with ``>>>`` prompts: a doctest; the other Python blocks run as scripts.
  Each block runs in a fresh namespace (a block imports what it uses); a block whose optional
  extra is not installed is skipped with the extra's name.
* ```` ```console ````: every ``$ ddz-fast ...`` line runs (the command line's ``main``, in the
  test's process; tests/cli tests the program's own process) and its output, stdout then stderr,
  must equal the lines under it exactly, with one exception: in a line that reports a timing (one
  that contains ``/s`` or starts with ``time:``) every number, with its unit of time if any, is
  masked and runs of spaces count as one, since timings (and the width of their columns) differ
  from run to run. The one ``play`` block is a game piped into ``ddz-fast play``: the test plays
  it with the policy its transcript was made with (an illegal ``pass`` first, then always the
  lowest legal move, or pass) and compares the lines before and after its ``...`` with the start
  and the end of the transcript.
* ```` ```sh ````: not run (it installs things);
* a MyST directive of the site (```` ```{eval-rst} ````, ``{toctree}``, ``{include}``,
  ``{literalinclude}`` of an example script, which tests/test_examples.py runs): not code.

A block of any other language fails the tests, so that no example goes untested.
"""
from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path
from typing import Iterator, List, NamedTuple, Tuple

import pytest

from support.cli import Result, ddz

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md"] + sorted(path for path in (ROOT / "docs").rglob("*.md")
                                      if "_build" not in path.parts)
#: The languages of fenced blocks, and what the tests do with each.
RUN = {"python", "console"}
NOT_RUN = {"sh", "{eval-rst}", "{toctree}", "{include}", "{literalinclude}"}


class Block(NamedTuple):
    page: str                   # the page's path from the checkout's root
    line: int                   # the line of the opening fence
    language: str
    text: str

    @property
    def where(self) -> str:
        return f"{self.page} line {self.line}"


def read_blocks(path: Path) -> List[Block]:
    """Every fenced block of a Markdown page, in order."""
    text = path.read_text(encoding="utf-8")
    name = path.relative_to(ROOT).as_posix()
    return [Block(name, text.count("\n", 0, match.start()) + 1, match.group(1), match.group(2))
            for match in re.finditer(r"^```(\S*)[^\n]*\n(.*?)^```$", text, re.S | re.M)]


BLOCKS = [block for page in PAGES for block in read_blocks(page)]


def blocks(language: str) -> List[Block]:
    return [block for block in BLOCKS if block.language == language]


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


def run(command: str) -> Result:
    """A console block's command, run by the command line's ``main`` in this process."""
    argv = shlex.split(command)
    assert argv[0] == "ddz-fast", command
    return ddz(*argv[1:])


#: What a block needs beyond the package: (text in the block, the module to import).
EXTRAS = (("ddz_fast.envs", "pettingzoo"), ("rlcard-rule", "rlcard"),
          ("compat.douzero import MovesGener", "douzero"),
          # DouZero's training package imports torch, which no extra installs.
          ("douzero.dmc", "douzero"), ("douzero.dmc", "torch"))


def skip_without_extras(text: str) -> None:
    for needle, module in EXTRAS:
        if needle in text:
            pytest.importorskip(module, reason=f"needs {module} (an optional extra)")


def test_every_block_is_tested_or_declared_not_code():
    unknown = [block.where for block in BLOCKS if block.language not in RUN | NOT_RUN]
    assert not unknown, f"blocks of no known language (not tested): {unknown}"


def test_the_pages_have_the_blocks_tested_here():
    assert [page.name for page in PAGES[:1]] == ["README.md"] and len(PAGES) >= 10
    readme = [block for block in BLOCKS if block.page == "README.md"]
    assert sum(block.language == "python" for block in readme) >= 5
    assert any(block.language == "console" for block in readme)
    assert len(CONSOLE) >= 15 and len(DOCTESTS) >= 20
    assert sum(command.startswith("ddz-fast play") for block in blocks("console")
               for command, _ in commands(block.text)) == 1
    assert masked("time: 478.3 us per count (456 runs), 37,557,589 nodes/s") == \
        "time: # per count (# runs), # nodes/s"
    assert masked("perft 4: 17,964 nodes (native, standard rules)") == \
        "perft 4: 17,964 nodes (native, standard rules)"


# --- console blocks ----------------------------------------------------------------------------

CONSOLE = [(block, command, expected) for block in blocks("console")
           for command, expected in commands(block.text) if not command.startswith("ddz-fast play")]


@pytest.mark.native
@pytest.mark.parametrize("block, command, expected", CONSOLE,
                         ids=[f"{block.page}:{block.line}:{command[9:40]}"
                              for block, command, _ in CONSOLE])
def test_console_block(block: Block, command: str, expected: List[str]):
    skip_without_extras(command)
    result = run(command)
    output = (result.stdout + result.stderr).splitlines()
    assert [masked(x) for x in output] == [masked(x) for x in expected], \
        f"{block.where}: {command}"


# --- Python blocks -----------------------------------------------------------------------------

DOCTESTS = [block for block in blocks("python") if ">>>" in block.text]


@pytest.mark.native  # the pages show MoveList.array, the solver and the native fast paths
@pytest.mark.parametrize("block", DOCTESTS, ids=[f"{b.page}:{b.line}" for b in DOCTESTS])
def test_python_examples_run_as_doctests(block: Block):
    skip_without_extras(block.text)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    test = doctest.DocTestParser().get_doctest(block.text, {}, block.where, block.page,
                                               block.line)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 1
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed at " \
                               f"{block.where}"


SCRIPTS = [block for block in blocks("python") if ">>>" not in block.text]
#: Calls that only the compiled core answers (docs/install.md, "Without the compiled core"): a
#: block making one is ``native``.
NATIVE_CALLS = ("solve(", "random_games(", "play_out(", "perft_native(", "SolverBot",
                "compat.douzero", 'implementation="native"', "envs.vector", "engine.vector",
                "envs.actors")


@pytest.mark.parametrize("block", [
    pytest.param(block, id=f"{block.page}:{block.line}",
                 marks=[pytest.mark.native] if any(c in block.text for c in NATIVE_CALLS) else [])
    for block in SCRIPTS])
def test_python_blocks_run(block: Block, capsys):
    skip_without_extras(block.text)
    exec(compile(block.text, block.where, "exec"), {"__name__": "docs_example"})


# --- the play transcript -----------------------------------------------------------------------

def lowest_legal_answer(screen: str) -> str:
    """The lowest legal move of the hand shown on ``screen`` (or pass), as typed."""
    from ddz_fast import Hand, legal_moves
    from ddz_fast.moves.notation import format_move, parse_move

    hand = Hand(re.findall(r"^Your hand \(\d+\): (.*)$", screen, re.M)[-1].replace(" ", ""))
    prev = re.findall(r"^To beat: (\S+) \(", screen, re.M)
    leads = "You lead." in screen.splitlines()[-2:] or not prev
    prev = None if leads else parse_move(prev[-1], rules="standard")
    moves = list(legal_moves(hand, prev, rules="standard"))
    return format_move(moves[0], "standard") if moves else "pass"


@pytest.mark.native
def test_play_block_is_a_real_game():
    from support.terminal import PipedGame

    block, = [block for block in blocks("console") if "$ ddz-fast play" in block.text]
    (command, expected), = commands(block.text)
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
    assert transcript[:len(head)] == head, block.where
    assert transcript[len(transcript) - len(tail):] == tail, block.where


def test_the_readme_tours_the_layers_in_the_order_the_layering_script_prints():
    from support import layering

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    tour = text.split("## A tour of the package", 1)[1].split("\n## ", 1)[0]
    stops = re.findall(r"^\*\*[^*]+\*\* \(`ddz_fast\.(\w+)", tour, re.M)
    layers = [name if name in dict(layering.LAYERS) else "vocabulary" for name in stops]
    assert layers == [name for name, _ in layering.LAYERS if name != "package"]
    examples = re.findall(r"^```(?:python|console)$", tour, re.M)
    assert len(examples) == len(stops)              # one example per layer
