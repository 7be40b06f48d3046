"""``ddz-fast COMMAND --help`` is plain text for a terminal, with examples that work.

The help comes from each command module's DESCRIPTION and EXAMPLES (its docstring, written
for the API reference, holds reStructuredText): no role (``:mod:`x```), no double back-quotes,
no ``::`` literal block and no directive may reach the terminal, and every example runs.
"""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from typing import List

import pytest

from ddz_fast.cli.commands import COMMANDS
from ddz_fast.cli.main import EXAMPLES
from support.cli import ddz
from support.subprocesses import SUBPROCESS_CWD

NAMES = [command.NAME for command in COMMANDS]
#: reStructuredText that has no business in a terminal.
MARKUP = re.compile(r":[a-z]+:`|``|::\s*$|^\s*\.\. [a-z-]+::|`[^`\s][^`]*`_", re.M)


def help_text(*argv: str) -> str:
    result = ddz(*argv, "--help")
    assert result.returncode == 0 and not result.stderr, result.stderr
    return result.stdout


def test_the_markup_check_finds_markup():
    for text in (":mod:`ddz_fast.reference`", "``--prev``", "quoted::", "  .. note::",
                 "see `the rules`_"):
        assert MARKUP.search(text), text
    for text in ("ddz-fast moves 33344455BR", "CARDS:TYPE@KEY", "name:key=value,...",
                 '"33445566/789TJ/QKA2B 0 1 KK 0"', "a:b"):
        assert not MARKUP.search(text), text


@pytest.mark.parametrize("argv", [[]] + [[name] for name in NAMES],
                         ids=["ddz-fast"] + NAMES)
def test_help_is_plain_text_with_examples(argv: List[str]):
    text = help_text(*argv)
    assert not MARKUP.findall(text), f"reStructuredText in 'ddz-fast {' '.join(argv)} --help'"
    examples = text.split("\nexample:\n" if "\nexample:\n" in text else "\nexamples:\n", 1)
    assert len(examples) == 2, "no examples at the end of the help"
    lines = [line for line in examples[1].splitlines() if line.startswith("  ddz-fast ")]
    assert lines, "the examples show no command"
    assert all(line.startswith(f"  ddz-fast {argv[0]} ") or line == f"  ddz-fast {argv[0]}"
               for line in lines) if argv else True


def test_every_command_has_its_help_texts():
    for command in COMMANDS:
        assert command.DESCRIPTION.strip() and command.EXAMPLES.strip(), command.NAME
        assert all(line.startswith(f"ddz-fast {command.NAME}")
                   for line in command.EXAMPLES.strip().splitlines()), command.NAME
        assert all(len(line) <= 80 for line in command.DESCRIPTION.splitlines()), command.NAME


EXAMPLE_LINES = [line for command in COMMANDS for line in command.EXAMPLES.strip().splitlines()]
EXAMPLE_LINES += [line for line in EXAMPLES.strip().splitlines() if line not in EXAMPLE_LINES]


@pytest.mark.native
@pytest.mark.slow
@pytest.mark.parametrize("line", EXAMPLE_LINES, ids=[line[9:50] for line in EXAMPLE_LINES])
def test_every_example_of_the_help_runs(line: str):
    argv = shlex.split(line)[1:]
    if argv[0] == "play":       # a game in the terminal: leave it at the first prompt
        result = ddz(*argv, stdin="quit\n")
        assert result.returncode == 1 and "game abandoned" in result.stderr, result.stderr
        assert "Your move> " in result.stdout
        return
    if argv[0] == "serve":      # a server runs until stopped: bind a free port, and stop
        result = ddz(*argv, "--port", "0", "--check")
        assert result.returncode == 0, f"{line}: {result.stderr}"
        assert result.stdout.startswith("Serving the web table at http://127.0.0.1:")
        return
    result = ddz(*argv, "--quiet") if argv[0] in ("simulate", "arena") else ddz(*argv)
    assert result.returncode == 0, f"{line}: {result.stderr}"
    assert result.stdout.strip(), line


def test_the_suite_runner_prints_its_usage():
    result = subprocess.run([sys.executable, "-m", "ddz_fast.positions.suites", "--help"],
                            capture_output=True, text=True, timeout=60, cwd=SUBPROCESS_CWD)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: python -m ddz_fast.positions.suites")
    assert not MARKUP.findall(result.stdout)
