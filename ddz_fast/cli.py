"""The ``ddz-fast`` command line."""
from __future__ import annotations

import argparse
import json
import sys
from itertools import groupby
from typing import List, Optional, Sequence

import ddz_fast
from ddz_fast import Move

__all__ = ["main"]


def _move_record(move: Move) -> dict:
    return {"type": move.type, "key": move.key, "length": move.length, "cards": move.cards}


def _parse_after(text: Optional[str], rules: str) -> Optional[Move]:
    """The move to beat, from card text; ambiguous cards need ``TYPE:CARDS``."""
    if text is None:
        return None
    kind, _, cards = text.rpartition(":")
    readings = [m for m in ddz_fast.classify(cards, rules=rules) if not kind or m.type == kind]
    if not readings:
        raise ValueError(f"{text!r} is not a combination under the {rules} rules")
    if len({(m.type, m.key) for m in readings}) > 1:
        options = ", ".join(f"{m.type}:{m.cards} (key {ddz_fast.cards.RANK_LETTERS[m.key]})"
                            for m in readings)
        raise ValueError(f"{text!r} reads several ways: {options}; name the type as TYPE:CARDS")
    return readings[0]


def _print_grouped(moves: Sequence[Move]) -> None:
    for kind, group in groupby(moves, key=lambda m: m.type):
        group = list(group)
        print(f"{kind} ({len(group)}): {' '.join(m.cards for m in group)}")
    print(f"{len(moves)} moves")


def _cmd_moves(args: argparse.Namespace) -> None:
    prev = _parse_after(args.after, args.rules)
    moves = list(ddz_fast.legal_moves(args.hand, prev, rules=args.rules))
    if args.json:
        print(json.dumps({"count": len(moves), "moves": [_move_record(m) for m in moves]}))
    else:
        _print_grouped(moves)


def _cmd_classify(args: argparse.Namespace) -> None:
    readings = list(ddz_fast.classify(args.cards, rules=args.rules))
    if args.json:
        print(json.dumps([_move_record(m) for m in readings]))
    elif not readings:
        print(f"{ddz_fast.Hand(args.cards)} is not a combination under the {args.rules} rules")
    else:
        for move in readings:
            print(f"{move.type} key={ddz_fast.cards.RANK_LETTERS[move.key]} "
                  f"length={move.length}: {move.cards}")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ddz-fast", description=__doc__)
    parser.add_argument("--version", action="version", version=ddz_fast.__version__)
    commands = parser.add_subparsers(dest="command", required=True)

    def command(name: str, handler, help: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help, description=help)
        sub.add_argument("--rules", default="standard", choices=list(ddz_fast.PRESETS),
                         help="rule preset (default: standard)")
        sub.add_argument("--json", action="store_true", help="print JSON")
        sub.set_defaults(handler=handler)
        return sub

    moves = command("moves", _cmd_moves, "list the legal moves of a hand, grouped by type")
    moves.add_argument("hand", help="the hand, e.g. 33344455BR")
    moves.add_argument("--after", metavar="MOVE",
                       help="only moves that beat this one (TYPE:CARDS when ambiguous)")
    classify = command("classify", _cmd_classify, "every reading of a set of cards as a move")
    classify.add_argument("cards")
    return parser



def main(argv: Optional[List[str]] = None) -> int:
    """Run the command line; returns the exit status (2 for bad input, one line on stderr)."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        args.handler(args)
    except (ValueError, TypeError) as error:
        print(f"ddz-fast: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
