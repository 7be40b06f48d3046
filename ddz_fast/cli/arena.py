"""``ddz-fast arena BOT BOT [BOT...] [--bot MODULE:CLASS] --hands N``: rate bots in duplicate
games.

Each of the N deals is played once for every ordered pair of different bots (one the
landlord, the other both peasants), on the same cards, with the landlord seat fixed by the
deal and no auction; see :mod:`ddz_fast.arena.duplicate` for the format, the 95% intervals and the
ratings. A bot is a name with options, ``name:key=value,key=value`` (``greedy:danger=3``),
or with ``--bot [NAME=]package.module:Class[:key=value,...]`` a bot class of your own.
The results depend only on the bots, the rules, N and the seed: not on the backend or the
number of workers.

Under Run Fast rules (``--rules runfast`` or ``runfast_15``; ``--players 2`` for the two-player
game) every game is between two bots, one alone at a seat and the other at every other seat,
the lone seat going round every seat of the deal (:mod:`ddz_fast.arena.runfast`); the table
gives each bot's rating, its mean score per hand held and its rate of going out first, with
95% intervals. Only bots that play Run Fast take part; any other is refused by name first.

At the four-player table (``--rules four_player``, ``--sides partner`` for two against two)
the pair's bots hold the landlord's side and the other side in turn, the landlord's partner
the seat opposite it; only bots that play the four-player table take part.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Callable, Optional, Tuple

from ddz_fast.arena.duplicate import ArenaConfig, ArenaError, run_arena, seatings, summarise
from ddz_fast.arena.report import format_summary, save_plot
from ddz_fast.arena.runfast import runfast_games
from ddz_fast.rules import Rules
from ddz_fast.search.catalog import BOTS

from .common import (ProgressLine, add_json_option, add_rules_option, format_count, print_json,
                     rules_name)
from .simulate import _hands, _workers

NAME = "arena"
HELP = "rate bots against each other in duplicate games (local processes or Ray)"
#: What ``ddz-fast arena --help`` prints, as plain text: what the command does, and
#: examples of its use.
DESCRIPTION = """\
Rates bots against each other in duplicate games: each of the N deals is
played once for every ordered pair of different bots (one the landlord, the
other both peasants) on the same cards, with the landlord seat fixed by the
cards and no auction, so the luck of the deal cancels. Prints, per bot, a
rating (Elo scale), the score per hand and the win rates as landlord and as
peasant with 95% intervals, and every pair's head-to-head result.

A bot is a name with options, name:key=value,... (greedy:danger=3). The
results depend only on the bots, the rules, N and the seed, not on the backend
(local worker processes, or Ray with --backend ray) or the number of workers.

Your own bot: --bot package.module:Class[:key=value,...], a class with bid,
double and play (see ddz_fast.search.bots), imported from the Python path or
the current directory; NAME=package.module:Class names it in the results. The
arena makes one for every side of every game, with the options as keywords
and the game's seed as seed= if the class takes one. It sits at the tables it
says it plays (plays_wild_cards, plays_four_player, plays_runfast).

Run Fast (--rules runfast or runfast_15, --players 2 for two players): every
player for himself. Each game pits two bots, one alone at a seat and the other
at every other seat, the lone seat going round every seat on the same deal.
Prints, per bot, a rating, the mean score per hand held and the rate of going
out first, with 95% intervals, and every pair's head-to-head result.

Four players (--rules four_player): one bot of a pair is the landlord, the
other the three other seats; with --sides partner the landlord's partner is the
seat opposite, and one bot holds the landlord and its partner, the other the
two other seats. "landlord" and "peasant" are then the two sides.

Only bots that play the table take part (wild cards, four players, Run Fast);
any other is refused by name before a hand is dealt.
"""
EXAMPLES = """\
ddz-fast arena random greedy --hands 100 --seed 1
ddz-fast arena ismcts pimc greedy --hands 12 --seed 5 --workers 2
ddz-fast arena random greedy --hands 20 --seed 1 --rules laizi --json
ddz-fast arena random greedy --hands 50 --seed 1 --rules four_player --sides partner
ddz-fast arena greedy random --bot mine=ddz_fast.search.bots:GreedyBot:danger=0 --hands 20
ddz-fast arena greedy random --hands 200 --seed 1 --rules runfast
ddz-fast arena greedy random --hands 100 --rules runfast_15 --players 2 --json
"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("bots", nargs="*", metavar="BOT",
                        help=f"built-in bots, name[:key=value,...]; names: {', '.join(BOTS)} "
                             f"(two or more bots in all, with those of --bot)")
    parser.add_argument("--bot", action="append", default=[], dest="own_bots",
                        metavar="[NAME=]MODULE:CLASS[:key=value,...]",
                        help="a bot class of your own, imported from the Python path (the "
                             "current directory too), made for every game with the options "
                             "as keywords and the game's seed as seed= if it takes one; "
                             "NAME= names it in the results (repeat --bot for more)")
    parser.add_argument("--hands", type=_hands, required=True, metavar="N",
                        help="how many deals (each is played by every ordered pair of bots)")
    parser.add_argument("--seed", type=int, help="seed of the deals (default: a random one, "
                                                 "printed in the results)")
    parser.add_argument("--backend", choices=("local", "ray"), default="local",
                        help="local worker processes (default) or Ray tasks")
    parser.add_argument("--workers", type=_workers, metavar="K",
                        help="local: worker processes (default: one per core); ray: ranges "
                             "are sized for K workers (default: the cluster's CPUs)")
    parser.add_argument("--address", metavar="ADDR",
                        help="ray: the address of a running cluster (default: RAY_ADDRESS, "
                             "else a new local Ray instance)")
    parser.add_argument("--retries", type=int, default=3, metavar="R",
                        help="ray: retries of a failed task before the run fails (default 3)")
    parser.add_argument("--players", type=int, choices=(2, 3), default=None,
                        help="Run Fast only: 2 for the two-player game (default: 3)")
    parser.add_argument("--plot", metavar="FILE", help="save a PNG chart (needs matplotlib)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    add_rules_option(parser, deals=True, draws=True)
    add_json_option(parser)


def describe_progress(deals: int, games_per_deal: int) -> Callable[[int, float], str]:
    """The progress line of a run of ``deals`` deals: deals, games and games/s."""
    def describe(done: int, seconds: float) -> str:
        games = done * games_per_deal
        return (f"{done}/{deals} deals, {format_count(games)} games, "
                f"{format_count(games / seconds)} games/s")
    return describe


def games_per_deal(config: ArenaConfig) -> int:
    """How many games each deal of ``config`` is played in."""
    if config.rules.game == "runfast":
        return len(runfast_games(len(config.bots), config.rules.players))
    return len(seatings(len(config.bots)))


def _rules(args: argparse.Namespace) -> Rules:
    """``--rules``, with ``--players`` where it applies (Run Fast only)."""
    if args.players is None:
        return args.rules
    if args.rules.game != "runfast":
        raise ValueError(f"--players is Run Fast's two-player option (--rules runfast or "
                         f"runfast_15), not {args.rules.name}'s")
    return args.rules.replace(players=args.players)


def named_bot(text: str) -> Tuple[Optional[str], str]:
    """``--bot``'s value as (its name or None, its spec): ``NAME=`` before a spec names it.

    >>> named_bot("eager=mybots:EagerBot:patience=2")
    ('eager', 'mybots:EagerBot:patience=2')
    >>> named_bot("mybots:EagerBot:patience=2")
    (None, 'mybots:EagerBot:patience=2')
    """
    name, equals, spec = text.partition("=")
    if equals and ":" not in name:     # "key=value" options come after a ":"
        if not name.strip():
            raise ValueError(f"--bot {text!r:.100} names its bot with nothing before '='")
        return name.strip(), spec
    return None, text


def arena_config(args: argparse.Namespace, seed: int) -> ArenaConfig:
    """The run the arguments ask for: the built-in bots, then those of ``--bot`` (importable
    from the current directory too, as from ``python -m``), under their names."""
    named = [named_bot(text) for text in args.own_bots]
    if named and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())    # after the installed packages: they come first
    names = [None] * len(args.bots) + [name for name, _ in named]
    try:
        return ArenaConfig(tuple(args.bots) + tuple(spec for _, spec in named), seed,
                           _rules(args), tuple(names) if any(names) else None)
    except ImportError as error:  # a bot whose extra is missing
        raise ValueError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    if args.retries < 0:
        raise ValueError(f"--retries must be at least 0, got {args.retries}")
    config = arena_config(args, seed)
    progress = ProgressLine(args.hands, sys.stderr, sys.stderr.isatty() and not args.quiet,
                            describe_progress(args.hands, games_per_deal(config)))
    start = time.perf_counter()
    try:
        tally = run_arena(config, args.hands, backend=args.backend, workers=args.workers,
                          address=args.address, retries=args.retries, progress=progress)
    except ImportError as error:  # a missing extra is a usage error, not a crash
        raise ValueError(str(error)) from None
    except ArenaError as error:
        print(f"ddz-fast: error: {error}", file=sys.stderr)
        return 1
    finally:
        progress.close()
    seconds = time.perf_counter() - start
    summary = summarise(config, tally)
    summary["rules"] = rules_name(config.rules)     # "runfast, 2 players", not "custom"
    summary.update(backend=args.backend, seconds=seconds,
                   games_per_second=summary["games"] / max(seconds, 1e-9),
                   workers=args.workers or (os.cpu_count() if args.backend == "local" else None))
    if args.plot:
        save_plot(summary, args.plot)
    if args.json:
        print_json(summary)
    else:
        print(format_summary(summary))
    return 0
