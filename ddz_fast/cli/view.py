"""``ddz-fast view``: a recorded hand as one self-contained HTML page that replays it.

The record is a JSON file of :mod:`ddz_fast.engine.record` (``to_json(state)``), or, with
``--seed`` instead of a file, a hand the bots play for the occasion. The page
(:func:`ddz_fast.web.replay.replay_html`) steps through the hand with buttons and the arrow
keys, shows the open hands or one seat's view, the bids, doubles, moves, multiplier and the
final scores, and loads nothing from the network.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ddz_fast.engine.game import Game
from ddz_fast.engine.record import from_json, to_record
from ddz_fast.search.bots import act
from ddz_fast.search.catalog import make_bot
from ddz_fast.web.replay import replay_html

from .common import add_rules_option, bot_spec, rules_name

NAME = "view"
HELP = "write a recorded hand as an HTML page that replays it"
DESCRIPTION = """\
Write one recorded hand (a JSON record, as to_json writes it) as one HTML page
that replays it step by step: buttons and the arrow keys, the open hands or one
seat's view, the bids, doubles, moves, multiplier and the final scores. The page
is self-contained: it loads nothing from the network.

Without a record, --seed deals a hand that the bots (--bot, default greedy)
play at the table of --rules, and writes its replay.
"""
EXAMPLES = """\
ddz-fast view --seed 7 -o hand.html
ddz-fast view --seed 3 --rules laizi --seat 1 -o laizi.html
"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", nargs="?", metavar="RECORD.json",
                        help="the record to replay (- reads it from standard input)")
    parser.add_argument("-o", "--output", metavar="FILE", required=True,
                        help="the HTML file to write (- writes to standard output)")
    parser.add_argument("--seat", type=int, default=None,
                        help="open the page on this seat's view (default: open hands)")
    parser.add_argument("--seed", type=int, default=None,
                        help="without a record: the seed of a hand the bots play")
    parser.add_argument("--bot", type=bot_spec, default="greedy", metavar="BOT",
                        help="without a record: the bots that play it (default: greedy)")
    add_rules_option(parser, deals=True, draws=True)


def _played_hand(args: argparse.Namespace) -> dict:
    """The record of a hand dealt from ``--seed`` and played by the bots."""
    state = Game(args.rules).new_state(args.seed)
    bots = [make_bot(args.bot, f"{args.seed}:{seat}") for seat in range(len(state.hands))]
    while not state.is_over:
        state.apply(act(bots[state.current_player], state))
    return to_record(state)


def run(args: argparse.Namespace) -> int:
    if (args.record is None) == (args.seed is None):
        raise ValueError("give a record file or --seed (a hand the bots play), not both")
    if args.record is None:
        record = _played_hand(args)
        source = f"seed {args.seed}, {rules_name(args.rules)} rules, {args.bot} bots"
    else:
        text = sys.stdin.read() if args.record == "-" else _read(args.record)
        record = from_json(text)
        source = args.record
    page = replay_html(record, seat=args.seat)
    if args.output == "-":
        sys.stdout.write(page)
        return 0
    Path(args.output).write_text(page, encoding="utf-8")
    print(f"{args.output}: the replay of {len(record['events'])} events ({source})")
    return 0


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not UTF-8 text (a JSON record)") from None
