"""The ``ddz-fast`` command line: ``moves``, ``classify``, ``perft``, ``simulate``, ``play``,
``arena``, ``bench`` and ``solve`` (one module each in :mod:`ddz_fast.cli.commands`).

Bad input never ends in a traceback: it is one line on stderr, ``ddz-fast: error: ...``, and exit
status 2. A request for more memory than the machine has (``solve --tt-mb``) is one such line too,
with exit status 1. Output errors are handled as other Unix tools do: when the reader of the output
goes away (``ddz-fast moves ... | head``) the command stops quietly with status 141 (as if killed
by SIGPIPE); any other write error (a full disk) is one error line and status 1.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import List, NoReturn, Optional

from ddz_fast import moves
from ddz_fast.compiled import NativeCoreMissingError
from ddz_fast.version import __version__

__all__ = ["main", "build_parser"]

PROG = "ddz-fast"
OUTPUT_ERROR = 1
USAGE_ERROR = 2
INTERRUPTED = 130
BROKEN_PIPE = 141   # 128 + SIGPIPE, the status of a tool the pipe's reader left


#: What splits a line (str.splitlines), written as escapes in an error message.
_LINE_BREAKS = {ord(c): repr(c)[1:-1] for c in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"}


def report_error(message: str) -> int:
    """Print the one-line error of the command line; returns its exit status, 2."""
    one_line = message.translate(_LINE_BREAKS)     # user text may hold any of them
    print(f"{PROG}: error: {one_line}", file=sys.stderr)
    return USAGE_ERROR


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (argparse prints the whole usage block by default)."""

    def error(self, message: str) -> NoReturn:
        sys.exit(report_error(f"{message} (see '{self.prog} --help')"))


#: The examples of ``ddz-fast --help``.
EXAMPLES = """\
ddz-fast moves 33344455BR
ddz-fast perft "33445566/789TJ/QKA2B 0 1 KK 0" 3
ddz-fast solve --duel "KK5543/225543"
ddz-fast arena random greedy --hands 100 --seed 1"""


def _epilog(examples: str) -> str:
    """The examples block that ends a command's help: each command on a line of its own."""
    lines = examples.strip().splitlines()
    return ("examples:\n" if len(lines) > 1 else "example:\n") + "\n".join(
        f"  {line}" for line in lines)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand."""
    from .commands import COMMANDS  # imported late: `ddz-fast --version` stays fast

    parser = _Parser(prog=PROG, description="Fast, exact Dou Dizhu (Fight the Landlord) "
                                            "move generation, games and bots.",
                     formatter_class=argparse.RawDescriptionHelpFormatter,
                     epilog=_epilog(EXAMPLES) + f"\n\n'{PROG} COMMAND --help' describes each "
                                                "command, with examples.")
    parser.add_argument("--version", action="version", version=__version__)
    subcommands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        sub = subcommands.add_parser(command.NAME, help=command.HELP,
                                     description=command.DESCRIPTION,
                                     epilog=_epilog(command.EXAMPLES),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
        command.configure(sub)
        sub.set_defaults(run=command.run)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command line and return its exit status (2: bad input, one line on stderr).

    Bad arguments exit through argparse with status 2 (SystemExit), after the same one line.

    >>> main(["classify", "3334"])
    trio_solo key=0 rank=3 length=1: 3334
    0
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if moves.IMPLEMENTATION not in moves.IMPLEMENTATIONS:
        return report_error(moves.UNKNOWN_IMPLEMENTATION)
    from .common import finish_rules

    try:
        finish_rules(args)
    except ValueError as error:     # options the rules do not take: bad arguments
        parser.error(str(error))
    try:
        status = args.run(args)
        sys.stdout.flush()      # a write error of buffered output shows here, not at exit
        return status
    except BrokenPipeError:
        _silence_stdout()
        return BROKEN_PIPE
    except OSError as error:
        _silence_stdout()
        print(f"{PROG}: error: cannot write the output: {error.strerror or error}",
              file=sys.stderr)
        return OUTPUT_ERROR
    except (ValueError, TypeError) as error:
        return report_error(str(error))
    except NativeCoreMissingError as error:  # a native-only path without the build
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    except MemoryError as error:    # the library names the option and the memory available
        print(f"{PROG}: error: {error or 'out of memory'}", file=sys.stderr)
        return OUTPUT_ERROR
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return INTERRUPTED


def _silence_stdout() -> None:
    """Send what is left in stdout's buffer to /dev/null: flushing it to the broken stream at
    exit would raise again, and print a traceback after all."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass        # no file descriptor behind stdout (captured output): nothing to flush


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
