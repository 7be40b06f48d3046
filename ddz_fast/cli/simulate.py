"""``ddz-fast simulate N``: play N complete hands between bots and summarise the results.

Hand ``i`` of a run is a pure function of ``(seed, i)``: its deal, its first bidder (seat
``i % 3``, ``i % 4`` at the four-player table) and its bots' random streams all derive from
them, so the hands, and every number of the summary except the timings, are the same for any
number of worker processes.

Every hand is played through :class:`~ddz_fast.engine.three_player.State` (the four-player table's
:class:`~ddz_fast.engine.four_player.FourPlayerState`, and with wild cards, ``--rules laizi`` or
``tiandi_laizi``, :class:`~ddz_fast.engine.laizi.LaiziState`, whose wild ranks are drawn from
the hand's seed), auction included; see
:func:`ddz_fast.search.bots.play_hand` for who bids. At the four-player table "landlord" is the
landlord's side (with its partner under ``--sides partner``) and "peasants" the opponents.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import astuple, dataclass, fields
from typing import Any, Callable, Dict, Iterator, Tuple

from ddz_fast.search.bots import play_hand
from ddz_fast.search.catalog import BOTS, make_bot
from ddz_fast.engine.game import Game
from ddz_fast.arena.parallel import imap_in_windows
from ddz_fast.rules import Rules
from ddz_fast.arena.stats import wilson_interval

from .common import (ProgressLine, add_json_option, add_rules_option, bot_spec, format_count,
                     print_json, rules_name)

NAME = "simulate"
HELP = "play N complete hands between bots and summarise the results"
#: What ``ddz-fast simulate --help`` prints, as plain text: what the command does, and
#: examples of its use.
DESCRIPTION = """\
Plays N complete hands between bots, auction included, and summarises them:
the landlord's win rate with its 95% interval, the mean multiplier, bombs per
hand, the landlord's mean score and games per second. The landlord's bot bids
for every seat, so it chooses which hand it takes. A bot is a name with
options, name:key=value,... (greedy:danger=3, ismcts:iterations=2000).

Hand i is dealt from the seed "S:i", its first bidder is seat i % 3 and its
bots' random streams derive from (S, i), so every number but the timings is
the same for any --workers. Without --seed a seed is drawn and printed. At the
four-player table "landlord" is the landlord's side (with its partner under
--sides partner).
"""
EXAMPLES = """\
ddz-fast simulate 200 --seed 1 --landlord greedy
ddz-fast simulate 100 --seed 1 --landlord ismcts:iterations=500 --peasants greedy
ddz-fast simulate 200 --seed 1 --rules four_player --sides partner --json
"""

@dataclass
class Tally:
    """Sums over a set of hands; tallies of disjoint sets add up exactly (ints only)."""

    hands: int = 0
    landlord_wins: int = 0
    multiplier: int = 0
    bombs: int = 0
    redeals: int = 0
    landlord_score: int = 0

    def __iadd__(self, other: "Tally") -> "Tally":
        for field in fields(self):
            setattr(self, field.name, getattr(self, field.name) + getattr(other, field.name))
        return self


@dataclass(frozen=True)
class Matchup:
    """Who plays whom, under which rules, from which seed."""

    seed: int
    landlord: str
    peasants: str
    rules: Rules


def play_one(matchup: Matchup, index: int) -> Tally:
    """Hand ``index`` of a run, played to the end and tallied.

    >>> one = play_one(Matchup(1, "greedy", "random", Rules()), 0)
    >>> one.hands, one.landlord_wins in (0, 1)
    (1, True)
    """
    tag = f"{matchup.seed}:{index}"
    state = Game(matchup.rules).new_state(tag, first_bidder=index % matchup.rules.players)
    play_hand(state, landlord=make_bot(matchup.landlord, f"{tag}:landlord"),
              peasants=make_bot(matchup.peasants, f"{tag}:peasants"))
    bombs = sum(1 for _, action in state.history
                if getattr(action, "type", None) in ("bomb", "rocket"))
    return Tally(1, int(state.winner == "landlord"), state.multiplier, bombs, state.redeals,
                 state.scores[state.landlord])


def play_range(job: Tuple[Matchup, int, int]) -> Tuple[int, ...]:
    """The tally of hands ``start .. stop - 1`` (a worker's unit of work), as a tuple."""
    matchup, start, stop = job
    total = Tally()
    for index in range(start, stop):
        total += play_one(matchup, index)
    return astuple(total)


def _jobs(matchup: Matchup, hands: int, workers: int) -> Iterator[Tuple[Matchup, int, int]]:
    # Small enough chunks for a smooth progress bar and an even load, big enough that the
    # cost of sending work to a process stays negligible.
    size = max(1, min(200, hands // (workers * 16) or 1))
    for start in range(0, hands, size):
        yield matchup, start, min(start + size, hands)


def run_matches(matchup: Matchup, hands: int, workers: int,
                progress: Callable[[int], None] = lambda done: None) -> Tally:
    """Play ``hands`` hands with ``workers`` processes; ``progress(done)`` after each chunk."""
    jobs = _jobs(matchup, hands, workers)
    total = Tally()
    for result in imap_in_windows(play_range, jobs, min(workers, hands)):
        total += Tally(*result)
        progress(total.hands)
    return total


BAR_WIDTH = 30


def describe_progress(total: int) -> Callable[[int, float], str]:
    """The progress line of a run of ``total`` hands: a bar, the hands and hands/s."""
    def describe(done: int, seconds: float) -> str:
        filled = BAR_WIDTH * done // max(total, 1)
        return (f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} hands, "
                f"{format_count(done / seconds)} hands/s")
    return describe


def summarise(matchup: Matchup, total: Tally, workers: int, seconds: float) -> Dict[str, Any]:
    """The summary of a run as JSON-ready data."""
    n = total.hands
    peasant_wins = n - total.landlord_wins
    return {
        "hands": n, "seed": matchup.seed, "rules": rules_name(matchup.rules),
        "landlord": matchup.landlord, "peasants": matchup.peasants,
        "landlord_wins": total.landlord_wins,
        "landlord_win_rate": total.landlord_wins / n,
        "landlord_win_ci95": list(wilson_interval(total.landlord_wins, n)),
        "peasant_win_rate": peasant_wins / n,
        "peasant_win_ci95": list(wilson_interval(peasant_wins, n)),
        "mean_multiplier": total.multiplier / n,
        "bombs_per_hand": total.bombs / n,
        "redeals": total.redeals,
        "mean_landlord_score": total.landlord_score / n,
        "workers": workers, "seconds": seconds, "games_per_second": n / max(seconds, 1e-9),
    }


def _print_summary(s: Dict[str, Any]) -> None:
    low, high = s["landlord_win_ci95"]
    print(f"{format_count(s['hands'])} hands: {s['landlord']} landlord vs {s['peasants']} "
          f"peasants ({s['rules']} rules, seed {s['seed']})")
    print(f"landlord win rate  {s['landlord_win_rate']:.1%}  "
          f"(95% CI {low:.1%} to {high:.1%}; {format_count(s['landlord_wins'])} wins)")
    print(f"mean multiplier    {s['mean_multiplier']:.3f}")
    print(f"bombs per hand     {s['bombs_per_hand']:.3f}  (rockets included)")
    print(f"mean landlord score {s['mean_landlord_score']:+.3f}  "
          f"({format_count(s['redeals'])} re-deals)")
    print(f"games/s            {format_count(s['games_per_second'])}  "
          f"({s['workers']} workers, {s['seconds']:.2f} s)")


#: The most hands one run plays (at 100,000 hands/s it would still take 300 years).
MAX_HANDS = 10 ** 15


def _hands(text: str) -> int:
    value = _positive(text)
    if value > MAX_HANDS:
        raise argparse.ArgumentTypeError(f"at most {MAX_HANDS:.0e} hands, got {text}")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


#: The most worker processes ``simulate`` starts.
MAX_WORKERS = 256


def _workers(text: str) -> int:
    value = _positive(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"at most {MAX_WORKERS} worker processes, got {value}")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hands", type=_hands, metavar="N", help="how many hands to play")
    parser.add_argument("--seed", type=int, help="seed of the run (default: a random one, "
                                                 "printed in the summary)")
    parser.add_argument("--workers", type=_workers, default=os.cpu_count() or 1,
                        metavar="K", help=f"worker processes, at most {MAX_WORKERS} "
                                          "(default: one per core)")
    bots = ", ".join(BOTS)
    parser.add_argument("--landlord", default="random", type=bot_spec, metavar="BOT",
                        help=f"the landlord's bot, name[:key=value,...]; names: {bots} "
                             f"(default: random)")
    parser.add_argument("--peasants", default="random", type=bot_spec, metavar="BOT",
                        help="the peasants' bot, name[:key=value,...] (default: random)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_rules_option(parser, deals=True, draws=True)
    add_json_option(parser)


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    matchup = Matchup(seed, args.landlord, args.peasants, args.rules)
    bar = ProgressLine(args.hands, sys.stderr, sys.stderr.isatty() and not args.quiet,
                       describe_progress(args.hands))
    start = time.perf_counter()
    try:
        total = run_matches(matchup, args.hands, args.workers, bar)
    finally:
        bar.close()
    summary = summarise(matchup, total, args.workers, time.perf_counter() - start)
    if args.json:
        print_json(summary)
    else:
        _print_summary(summary)
    return 0
