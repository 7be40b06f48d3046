"""The subcommands of ``ddz-fast``, one module each (the entry point is :mod:`ddz_fast.cli.main`).

Every module has ``NAME``, ``HELP``, ``configure(parser)`` adding its arguments and
``run(args) -> int`` returning the exit status. Bad input raises ValueError or TypeError,
which :func:`ddz_fast.cli.main.main` turns into one ``ddz-fast: error: ...`` line and status 2.
"""
from __future__ import annotations

from . import arena, bench, classify, moves, perft, play, serve, simulate, solve, view

#: The subcommand modules in the order ``ddz-fast --help`` lists them.
COMMANDS = (moves, classify, perft, simulate, play, arena, bench, solve, view, serve)

__all__ = ["COMMANDS"]
