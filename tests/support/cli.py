"""Running ``ddz-fast`` in a test: in the test's own process, or as a real subprocess.

Most command-line tests check what a command prints and its exit status, which ``main(argv)``
gives in this process as it would in a new one, without the third of a second of interpreter and
import start-up a subprocess pays. The tests of what only a real process has (the ``python -m
ddz_fast`` entry point, pipes, signals, the environment, a server running on) start one.
"""
from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from typing import Mapping, NamedTuple, Optional

from ddz_fast.cli.main import main

from support.subprocesses import SUBPROCESS_CWD


class Result(NamedTuple):
    """What a run of the command line left: the fields of a subprocess.CompletedProcess."""

    returncode: int
    stdout: str
    stderr: str


def ddz(*args: str, stdin: str = "") -> Result:
    """``ddz-fast ARGS`` run by ``main`` in this process, with ``stdin`` as its input, in the
    folder of the subprocesses (a command's files, ``view -o hand.html``, go there).

    argparse's exits (``--help``, bad arguments) give their status like the program's end does.
    """
    out, err = io.StringIO(), io.StringIO()
    old_stdin, old_cwd = sys.stdin, os.getcwd()
    sys.stdin = io.StringIO(stdin)
    os.chdir(SUBPROCESS_CWD)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(args))
            except SystemExit as exit_:
                status = 0 if exit_.code is None else exit_.code
    finally:
        sys.stdin = old_stdin
        os.chdir(old_cwd)
    return Result(status, out.getvalue(), err.getvalue())


def ddz_process(*args: str, stdin: str = "", timeout: float = 600,
                env: Optional[Mapping[str, str]] = None) -> Result:
    """``python -m ddz_fast ARGS`` in a new process, with ``stdin`` as its input."""
    done = subprocess.run([sys.executable, "-m", "ddz_fast", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout, cwd=SUBPROCESS_CWD,
                          env=env)
    return Result(done.returncode, done.stdout, done.stderr)


def assert_one_line_error(result: Result, *fragments: str) -> None:
    """The run ended with status 2 and one line on stderr naming every fragment, nothing on
    stdout."""
    assert result.returncode == 2, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("ddz-fast: error: "), lines[0]
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    assert result.stdout == "", result.stdout
