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

Under Run Fast rules (``--rules runfast``, ``runfast_15``) there is no landlord: ``--bot`` names
the bot of every seat (``--landlord`` and ``--peasants`` are refused), each hand is a
:class:`~ddz_fast.engine.runfast.RunFastState` dealt from ``"S:i"`` (the deal names its leader),
and the summary gives each seat's wins and mean score, bombs per hand and closed losers.
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
from ddz_fast.search.catalog import BOTS, make_bot, make_runfast_bot
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

Run Fast (--rules runfast or runfast_15) has no landlord and no auction:
--bot names the bot of every seat, and the summary gives each seat's win rate
and mean score, bombs per hand and closed losers (who played no card). The
bots that play Run Fast are random (the default) and greedy; any other is
refused before a hand is dealt.
"""
EXAMPLES = """\
ddz-fast simulate 200 --seed 1 --landlord greedy
ddz-fast simulate 100 --seed 1 --landlord ismcts:iterations=500 --peasants greedy
ddz-fast simulate 200 --seed 1 --rules four_player --sides partner --json
ddz-fast simulate 100 --seed 1 --rules runfast
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


# --- Run Fast ---------------------------------------------------------------------------------

#: Seats of a Run Fast tally (two-player tables leave the last one at zero).
RUNFAST_SEATS = 3


@dataclass(frozen=True)
class RunFastMatchup:
    """Run Fast: one bot at every seat, under which rules, from which seed."""

    seed: int
    bot: str
    rules: Rules


def play_runfast_one(matchup: RunFastMatchup, index: int) -> Tuple[int, ...]:
    """Hand ``index`` of a Run Fast run, played to the end, as (hands, bombs, closed, wins of
    each seat..., score of each seat...).

    >>> one = play_runfast_one(RunFastMatchup(1, "random", Rules.preset("runfast")), 0)
    >>> one[0], sum(one[3:6]), sum(one[6:9])
    (1, 1, 0)
    """
    tag = f"{matchup.seed}:{index}"
    state = Game(matchup.rules).new_state(tag)
    bots = [make_bot(matchup.bot, f"{tag}:{seat}") for seat in range(matchup.rules.players)]
    while not state.is_over:
        state.apply(bots[state.current_player].play(state))
    bombs = sum(1 for _, action in state.history if getattr(action, "type", None) == "bomb")
    closed = sum(1 for seat, plays in enumerate(state.plays)
                 if seat != state.winner and not plays)
    wins = [int(seat == state.winner) for seat in range(RUNFAST_SEATS)]
    scores = list(state.scores) + [0] * (RUNFAST_SEATS - len(state.scores))
    return (1, bombs, closed, *wins, *scores)


def play_runfast_range(job: Tuple[RunFastMatchup, int, int]) -> Tuple[int, ...]:
    """The sums over hands ``start .. stop - 1`` of :func:`play_runfast_one`."""
    matchup, start, stop = job
    total = [0] * (3 + 2 * RUNFAST_SEATS)
    for index in range(start, stop):
        total = [a + b for a, b in zip(total, play_runfast_one(matchup, index))]
    return tuple(total)


def run_runfast(matchup: RunFastMatchup, hands: int, workers: int,
                progress: Callable[[int], None] = lambda done: None) -> Tuple[int, ...]:
    """Play ``hands`` Run Fast hands with ``workers`` processes: the sums of
    :func:`play_runfast_one`."""
    size = max(1, min(200, hands // (workers * 16) or 1))
    jobs = ((matchup, start, min(start + size, hands)) for start in range(0, hands, size))
    total = [0] * (3 + 2 * RUNFAST_SEATS)
    for result in imap_in_windows(play_runfast_range, jobs, min(workers, hands)):
        total = [a + b for a, b in zip(total, result)]
        progress(total[0])
    return tuple(total)


def summarise_runfast(matchup: RunFastMatchup, total: Tuple[int, ...], workers: int,
                      seconds: float) -> Dict[str, Any]:
    """The summary of a Run Fast run as JSON-ready data."""
    n, bombs, closed = total[:3]
    players = matchup.rules.players
    wins = list(total[3:3 + players])
    scores = total[3 + RUNFAST_SEATS:3 + RUNFAST_SEATS + players]
    return {
        "hands": n, "seed": matchup.seed, "rules": rules_name(matchup.rules),
        "game": "runfast", "bot": matchup.bot, "wins": wins,
        "win_rate": [w / n for w in wins],
        "win_ci95": [list(wilson_interval(w, n)) for w in wins],
        "mean_score": [s / n for s in scores],
        "bombs_per_hand": bombs / n, "closed": closed,
        "workers": workers, "seconds": seconds, "games_per_second": n / max(seconds, 1e-9),
    }


def _print_runfast_summary(s: Dict[str, Any]) -> None:
    print(f"{format_count(s['hands'])} hands of Run Fast: {s['bot']} bots at every seat "
          f"({s['rules']} rules, seed {s['seed']})")
    for seat, (rate, (low, high), score) in enumerate(zip(s["win_rate"], s["win_ci95"],
                                                          s["mean_score"])):
        print(f"seat {seat} win rate   {rate:.1%}  (95% CI {low:.1%} to {high:.1%}; "
              f"mean score {score:+.3f})")
    print(f"bombs per hand     {s['bombs_per_hand']:.3f}")
    print(f"closed losers      {format_count(s['closed'])}")
    print(f"games/s            {format_count(s['games_per_second'])}  "
          f"({s['workers']} workers, {s['seconds']:.2f} s)")


def _run_runfast(args: argparse.Namespace, seed: int) -> int:
    for option in ("landlord", "peasants"):
        if getattr(args, option) is not None:
            raise ValueError(f"Run Fast has no landlord and no peasants: --{option} does not "
                             f"apply, name the bot of every seat with --bot")
    bot = args.bot or "random"
    make_runfast_bot(bot, 0)     # a bot that does not play Run Fast is refused before a hand
    return _simulate(args, RunFastMatchup(seed, bot, args.rules), run_runfast,
                     summarise_runfast, _print_runfast_summary)


def _simulate(args: argparse.Namespace, matchup: Any, run: Callable[..., Any],
              summarise_total: Callable[..., Dict[str, Any]],
              show: Callable[[Dict[str, Any]], None]) -> int:
    """Play the hands of ``matchup`` with a progress line, then print their summary."""
    bar = ProgressLine(args.hands, sys.stderr, sys.stderr.isatty() and not args.quiet,
                       describe_progress(args.hands))
    start = time.perf_counter()
    try:
        total = run(matchup, args.hands, args.workers, bar)
    finally:
        bar.close()
    summary = summarise_total(matchup, total, args.workers, time.perf_counter() - start)
    if args.json:
        print_json(summary)
    else:
        show(summary)
    return 0


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
    parser.add_argument("--landlord", default=None, type=bot_spec, metavar="BOT",
                        help=f"the landlord's bot, name[:key=value,...]; names: {bots} "
                             f"(default: random)")
    parser.add_argument("--peasants", default=None, type=bot_spec, metavar="BOT",
                        help="the peasants' bot, name[:key=value,...] (default: random)")
    parser.add_argument("--bot", default=None, type=bot_spec, metavar="BOT",
                        help="Run Fast only: the bot of every seat (default: random)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_rules_option(parser, deals=True, draws=True)
    add_json_option(parser)


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    if args.rules.game == "runfast":
        return _run_runfast(args, seed)
    if args.bot is not None:
        raise ValueError("--bot names the bot of every seat in Run Fast (--rules runfast); "
                         "in Dou Dizhu use --landlord and --peasants")
    matchup = Matchup(seed, args.landlord or "random", args.peasants or "random", args.rules)
    return _simulate(args, matchup, run_matches, summarise, _print_summary)
