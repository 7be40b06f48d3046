"""Hostile input, every public entry point: each call returns or raises one clear error.

The calls come from the generators of ``fuzz/cases/`` driven by hypothesis's random (so
failures shrink), and are judged by ``fuzz/oracle.py``: the same oracle as the fuzz runner
(``python fuzz/run.py``), loaded from its path since ``fuzz/`` is a folder of scripts.

Calls into the compiled loops (perft, play-outs, batches...) run in a forked child process, so
that a segfault fails one example instead of killing the test session; the others run here
under an interval timer. Either way a hang fails one example after CALL_TIMEOUT seconds.
"""
from __future__ import annotations

import importlib.util
import json
import os
import select
import signal
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from ddz_fast.compiled import HAVE_CORE

from support.common import IMPLEMENTATION, sample_size, sizes

FUZZ_DIR = Path(__file__).resolve().parent.parent / "fuzz"
#: Seconds before a call counts as hung: far above the slowest call's time on an idle machine
#: (random_games of 100,000 recorded games, 0.4 s), since two test processes share two
#: cores and other work may share them too. The
#: pure-Python implementation is up to a thousand times slower (a `ddz-fast bench` of one
#: round takes seconds there): it gets three times longer.
CALL_TIMEOUT = 30.0 if IMPLEMENTATION == "python" else 10.0
#: Entry points that reach the compiled play loops or batch kernels: run in a child process.
FORKED = {"perft", "perft_native", "divide", "play_out", "random_games", "legal_moves_batch",
          "legal_action_mask", "MoveList", "Hand.from_bitboard", "Move.from_word", "cli",
          "env", "compat.douzero", "solve", "variants.moves", "variants.batches", "reference",
          "variants.positions", "results", "sampling", "bot methods", "solve_reference",
          "variants.solve", "stepping", "arena.parts", "variants.envs", "Rules.forged", "suites",
          "features"}


def _load(name: str):
    """The module or package ``name`` of fuzz/, under a name of its own."""
    package = FUZZ_DIR / name / "__init__.py"
    if package.exists():
        spec = importlib.util.spec_from_file_location(
            f"ddz_fuzz_{name}", package, submodule_search_locations=[str(package.parent)])
    else:
        spec = importlib.util.spec_from_file_location(f"ddz_fuzz_{name}", FUZZ_DIR / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


oracle = _load("oracle")
cases = _load("cases")

#: Entry points that exist only in the compiled core (or, for MoveList and the DouZero drop-in,
#: run on its move lists): without it every call would only raise NativeCoreMissingError.
NATIVE_ENTRIES = {"MoveList", "solve", "perft_native", "play_out", "random_games",
                  "compat.douzero", "variants.moves", "variants.batches", "reference",
                  "reference.laizi", "Rules.forged", "solve_reference", "results", "sampling",
                  "InformationSet", "bot methods", "arena.parts", "variants.positions",
                  "variants.solve", "stepping", "runfast_games", "features", "compat.douzero_env",
                  "VectorEnv", "actors"}


def _warm_up() -> None:
    """Build the lazy tables (action spaces, id maps) once here, not in every child."""
    import ddz_fast
    from ddz_fast.compat import openspiel, rlcard

    for preset in ("standard", "rlcard", "openspiel", "douzero"):
        ddz_fast.action_space(preset)
    move = ddz_fast.classify("33")[0]
    openspiel.id_map()
    openspiel.from_id(openspiel.FIRST_PLAY_ID)
    openspiel.to_id(move)
    rlcard.id_map()
    rlcard.from_id(0)
    rlcard.to_id(move)
    rlcard.from_string("33")
    rlcard.to_string(ddz_fast.classify("33")[0])


_warm_up()

# No shrinking: a hanging example would be re-run, CALL_TIMEOUT each time, while it shrinks;
# the failure shows the whole call anyway.
# Under DDZ_FAST_IMPLEMENTATION=python (the reference-side run) sample_size takes fewer examples.
SETTINGS = settings(max_examples=sample_size(100, minimum=25), derandomize=True, deadline=None,
                    database=None,
                    phases=[Phase.explicit, Phase.reuse, Phase.generate],
                    report_multiple_bugs=False,
                    suppress_health_check=list(HealthCheck))
# Entry points whose every call plays whole hands or spawns work get fewer examples.
SLOW = {"cli": 40, "Match": 40, "env": 40, "bots": 60, "record.load": 60,
        "record.replay": 60, "record.from_json": 60, "State.run_auto_play": 60,
        "random_games": 60, "divide": 60, "perft": 60, "perft_native": 60}


class _Hang(BaseException):
    """Raised by the interval timer inside a call that runs too long."""


def _judge(case, result, error) -> "oracle.Outcome":
    if case.cli:
        return oracle.judge_cli(result, error)
    return oracle.judge(error, expect=case.expect, index_ok=case.index_ok,
                        mismatch_type=cases.Mismatch)


def run_here(case) -> "oracle.Outcome":
    """Run ``case.thunk`` in this process, stopped by SIGALRM after CALL_TIMEOUT."""
    import contextlib
    import io

    def on_alarm(signum, frame):
        raise _Hang()
    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, CALL_TIMEOUT)
    result = error = None
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            try:
                result = case.thunk()
            except _Hang:
                return oracle.Outcome(oracle.HANG, "", f"still running after {CALL_TIMEOUT} s")
            except Exception as caught:   # noqa: B902
                error = caught
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return _judge(case, result, error)


def run_isolated(case) -> "oracle.Outcome":
    """Run ``case.thunk`` in a forked child; judge what it did there."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:   # the child: run, report one JSON line, leave without cleanup
        os.close(read_fd)
        try:
            import io
            sys.stdout = sys.stderr = io.StringIO()
            error = result = None
            try:
                result = case.thunk()
            except BaseException as caught:   # noqa: B902
                error = caught
            outcome = _judge(case, result, error)
            os.write(write_fd, json.dumps(list(outcome)).encode())
        finally:
            os._exit(0)
    os.close(write_fd)
    data = b""
    deadline = time.monotonic() + CALL_TIMEOUT
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return oracle.Outcome(oracle.HANG, "", f"still running after {CALL_TIMEOUT} s")
            ready, _, _ = select.select([read_fd], [], [], left)
            if ready:
                chunk = os.read(read_fd, 65536)
                if not chunk:
                    break
                data += chunk
    finally:
        os.close(read_fd)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        name = signal.Signals(os.WTERMSIG(status)).name
        return oracle.Outcome(oracle.CRASH, name, f"the call killed the process ({name})")
    if not data:
        return oracle.Outcome(oracle.CRASH, "", "the call ended the process without a result")
    return oracle.Outcome(*json.loads(data))


@pytest.mark.parametrize("entry", [
    pytest.param(entry, marks=[pytest.mark.native] if entry in NATIVE_ENTRIES else [])
    for entry in cases.entry_names()])
@pytest.mark.parametrize("percent", sizes(10, 100))
def test_entry_point_returns_or_raises_a_clear_error(entry, percent):
    # the newer entry points name their own (fewer) examples; the default run takes 10% of them
    # (the first of the same derandomized sequence, at least ten), the slow step all
    named = cases.EXAMPLES.get(entry) or SLOW.get(entry, 100)
    examples = max(min(10, named), named * percent // 100)

    @settings(SETTINGS, max_examples=sample_size(examples, minimum=min(15, examples)))
    @given(rng=st.randoms(use_true_random=False))
    def check(rng):
        case = cases.build_from(entry, rng)
        outcome = run_isolated(case) if entry in FORKED else run_here(case)
        assert outcome.kind in oracle.FINE, (
            f"{outcome.kind} {outcome.error}: {outcome.message}\n  call: {case.text}"
            + "".join(f"\n  note: {note}" for note in case.notes))

    check()


def test_oracle_rejects_internal_messages():
    assert oracle.judge(TypeError("'NoneType' object is not subscriptable")).kind == "UNCLEAR"
    assert oracle.judge(OverflowError("too big")).kind == "UNCLEAR"
    assert oracle.judge(KeyError("game")).kind == "UNCLEAR"
    assert oracle.judge(ValueError("")).kind == "UNCLEAR"
    assert oracle.judge(IndexError("MoveList index out of range"), index_ok=True).kind == "CLEAR"
    assert oracle.judge(IndexError("game 5 is outside 0..3")).kind == "UNCLEAR"
    assert oracle.judge(ValueError("5 cards of rank 7: one deck has 4")).kind == "CLEAR"
    assert oracle.judge(None, expect="error").kind == "ACCEPTED"
    assert oracle.judge(MemoryError("tt_megabytes=65536 asks for 64 GiB of memory for the "
                                    "transposition table, but only 3 GiB of memory is "
                                    "available: ask for less")).kind == "CLEAR"
    assert oracle.judge(MemoryError("Unable to allocate 8 GiB")).kind == "UNCLEAR"
    assert oracle.judge(ValueError("seat must be 0, 1 or 2"), expect="ok").kind == "REJECTED"
    assert oracle.judge_cli((2, "", "ddz-fast: error: unknown rank 'X'\n")).kind == "CLEAR"
    assert oracle.judge_cli((2, "", "Traceback (most recent call last):\n  ...\n")).kind \
        == "UNCLEAR"
    assert oracle.judge_cli((0, "ok\n", "")).kind == "OK"


def test_cases_are_reproducible():
    import re

    def text(entry, seed):   # object addresses differ from one build to the next
        return re.sub(r"0x[0-9a-f]{6,}", "0x…", cases.build(entry, seed).text)
    for entry in cases.entry_names():
        if HAVE_CORE or entry not in NATIVE_ENTRIES:  # their cases are built by the core
            assert text(entry, 7) == text(entry, 7)
