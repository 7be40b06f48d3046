"""Every script of examples/ runs, in a subprocess as a user would run it, and prints what its
docstring says it prints."""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

from support.subprocesses import SUBPROCESS_CWD

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(name: str, *args: str) -> List[str]:
    result = subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True,
                            text=True, timeout=300, cwd=SUBPROCESS_CWD)
    assert result.returncode == 0, result.stderr
    assert not result.stderr, result.stderr
    return result.stdout.splitlines()


def test_every_example_has_a_docstring_and_a_test():
    scripts = sorted(path.name for path in EXAMPLES.glob("*.py"))
    assert len(scripts) >= 4
    tested = {name[5:] for name in globals() if name.startswith("test_")}
    for script in scripts:
        docstring = ast.get_docstring(ast.parse((EXAMPLES / script).read_text()))
        assert docstring and f"python examples/{script}" in docstring, script
        assert script[:-3] in tested, f"examples/{script} has no test here"


def test_play_hand():
    lines = run("play_hand.py", "7")
    assert lines[0].startswith("deal 7: seat 0 ")
    assert any(line.startswith("landlord: seat ") for line in lines)
    plays = [line for line in lines if re.match(r"seat \d: ", line) and "cards left" in line]
    assert len(plays) >= 10
    assert any(line.endswith(" 0 cards left") for line in plays)   # someone went out
    assert re.match(r"winner: the (landlord|peasants); multiplier \d+, scores \(", lines[-1])
    assert run("play_hand.py", "7") == lines                       # the seed fixes the hand


def rate_your_bot_rows(lines: List[str], deals: int) -> None:
    """The arena's table for examples/rate_your_bot.py: EagerBot beside greedy and pimc, each
    with its rating and score per hand with a 95% interval."""
    assert lines[0] == f"{deals} deals, {deals * 6} games (standard rules, seed 2024); " \
                       f"95% intervals"
    rows = {line.split()[0]: line for line in lines[2:5]}
    assert set(rows) == {"eager", "greedy", "pimc"}
    interval = r"[+-]\d+\.\d{3} \[[+-]\d+\.\d{3}, [+-]\d+\.\d{3}\]"
    assert all(re.match(rf"\S+ +[+-]\d+ +{interval} ", row) for row in rows.values()), rows
    assert lines[5] == "head to head (score/hand of the first bot, games won-lost):"
    assert {line.split()[0] for line in lines[6:9]} == {"greedy", "pimc"}


@pytest.mark.native     # pimc searches in the compiled core
def test_rate_your_bot():
    lines = run("rate_your_bot.py", "2")
    rate_your_bot_rows(lines, 2)
    # The command of its docstring, run from examples/ as it says: the same table, the same
    # bot imported by its path this time, and the command's timing line.
    command = (ast.get_docstring(ast.parse((EXAMPLES / "rate_your_bot.py").read_text()))
               .split("ddz-fast ", 1)[1].split("\n")[0])
    assert command == ("arena greedy pimc --bot eager=rate_your_bot:EagerBot --hands 30 "
                       "--seed 2024")
    script = Path(sys.executable).parent / "ddz-fast"
    program = [str(script)] if script.exists() else [sys.executable, "-m", "ddz_fast"]
    result = subprocess.run([*program, *command.replace("30", "2").split(), "--quiet"],
                            capture_output=True, text=True, timeout=300, cwd=EXAMPLES)
    assert result.returncode == 0 and not result.stderr, result.stderr
    cli = result.stdout.splitlines()
    assert cli[:-1] == lines and cli[-1].startswith("games/s ")


@pytest.mark.native
@pytest.mark.ray
def test_rate_your_bot_on_ray():
    # The example starts a local Ray instance and stops it; EagerBot, defined in the script's
    # __main__, travels to the Ray workers by value. Ray logs its start on stderr.
    result = subprocess.run([sys.executable, str(EXAMPLES / "rate_your_bot.py"), "2",
                             "--backend", "ray"], capture_output=True, text=True, timeout=300,
                            cwd=SUBPROCESS_CWD)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "Started a local Ray instance" in result.stderr
    lines = result.stdout.splitlines()
    rate_your_bot_rows(lines, 2)
    assert lines == run("rate_your_bot.py", "2")     # the same games as on local processes


@pytest.mark.native     # the solver runs in the compiled core
def test_solve_puzzle():
    lines = run("solve_puzzle.py", "KK5543/225543")
    assert lines[:2] == ["puzzle KK5543/225543: the first player wins",
                         "winning first moves: 4 5"]
    line_of_play = [line.split()[-1] for line in lines[2:-1]]
    assert line_of_play[:5] == ["4", "pass", "5", "pass", "KK"] and len(line_of_play) == 17
    assert lines[-1].endswith(" nodes searched")


@pytest.mark.native     # a training loop: the batched calls of the compiled core
def test_training_loop():
    lines = run("training_loop.py", "32", "0.5")
    match = re.fullmatch(r"32 tables, (\d+) steps: ([\d,]+) decisions, ([\d,]+) hands finished",
                         lines[0])
    assert match, lines[0]
    steps, decisions = int(match.group(1)), int(match.group(2).replace(",", ""))
    assert steps > 0 and decisions == 32 * steps
    assert re.fullmatch(r"[\d,]+ decisions/s", lines[1])


@pytest.mark.native     # the batched tables and DouZero's features are compiled
def test_batched_actor():
    lines = run("batched_actor.py", "256", "100000")
    match = re.fullmatch(r"256 tables in one process: ([\d,]+) decisions, ([\d,]+) hands",
                         lines[0])
    assert match, lines[0]
    decisions = int(match.group(1).replace(",", ""))
    assert decisions >= 100_000 and decisions % 256 == 0 and match.group(2) != "0"
    calls = re.fullmatch(r"([\d,]+) network calls, ([\d.]+) tables per call, ([\d,]+) legal "
                         r"moves scored", lines[1])
    assert calls, lines[1]
    # Three positions: a step of 256 tables makes three calls at most, about 85 tables each.
    assert int(calls.group(1).replace(",", "")) <= 3 * decisions // 256
    assert float(calls.group(2)) > 50
    assert re.fullmatch(r"[\d,]+ decisions/s", lines[2])
