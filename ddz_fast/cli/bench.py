"""``ddz-fast bench``: a quick benchmark of the move generator and the game engine.

Each row runs its workload over fixed-seed inputs for about ``--seconds`` and reports a rate;
the whole table takes a few seconds. For careful numbers use the pytest-benchmark suites in
``benchmarks/``.

With wild cards (``--rules laizi`` or ``tiandi_laizi``) the move rows generate under fixed wild
ranks, :data:`BENCH_WILD` (7, and 7 and 10 for two: the deals are random, so any fixed ranks
give the same spread of wild cards per hand), with the library's generator (the compiled one
when built) and, in a row of its own, the pure-Python reference of
:mod:`ddz_fast.reference.laizi`. ``classify`` takes the cards of lead moves and of deals'
first six cards under those ranks; the Game/State row plays whole hands whose wild ranks the
engine draws (:mod:`ddz_fast.engine.laizi`). The compiled play loop plays no wild cards: its row
says so, with no rate.

Under Run Fast rules (``--rules runfast`` or ``runfast_15``) the rows are Run Fast's: lead moves
and batched hands of the engine's dealt hands (:func:`ddz_fast.engine.runfast.deal`, 16 cards,
15 under ``runfast_15``), ``classify`` of every 7th move of the Run Fast action space and of
dealt hands' first six cards, and random Run Fast hands through Game/State (there is no
auction). The compiled play loop's row gives a rate only where the compiled core plays Run
Fast; otherwise it says so, with no rate.
"""
from __future__ import annotations

import argparse
import itertools
import random
import time
from functools import partial
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, TypeVar

import numpy as np

from ddz_fast import moves as api
from ddz_fast.compiled import HAVE_CORE
from ddz_fast.engine.game import Game, deal_cards
from ddz_fast.engine.runfast import deal as runfast_deal
from ddz_fast.hand import Hand
from ddz_fast.move import Move
from ddz_fast.positions.rollouts import random_games
from ddz_fast.rules import Rules

from .common import (MAX_SECONDS, add_json_option, add_rules_option, format_count, print_json,
                     rules_name, seconds_option)

NAME = "bench"
HELP = "a quick benchmark: moves/s, batched hands/s, classify/s and games/s"
#: What ``ddz-fast bench --help`` prints, as plain text: what the command does, and
#: examples of its use.
DESCRIPTION = """\
A quick benchmark of the move generator and the game engine on fixed-seed
deals: lead moves per second for 17- and 20-card hands, batched hands per
second, classify calls per second, and random games per second through
Game/State and in the compiled loop. Each row runs for about --seconds; for
careful numbers use the pytest-benchmark suites in benchmarks/.

With wild cards (--rules laizi or tiandi_laizi) the move rows generate under
fixed wild ranks (7, or 7 and 10), with a row for the pure-Python reference;
the compiled play loop plays no wild cards, and its row says so.
"""
EXAMPLES = """\
ddz-fast bench
ddz-fast bench --seconds 0.1 --rules laizi
"""

DEALS = 256  # fixed-seed deals every row draws its inputs from
#: The wild ranks of the move rows under rules with one or two wild ranks, as card text.
BENCH_WILD = {1: "7", 2: "7T"}

Row = Dict[str, Any]
T = TypeVar("T")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=seconds_option, default=0.5, metavar="S",
                        help=f"time spent on each row, at most {MAX_SECONDS:g} (default: 0.5)")
    add_rules_option(parser, deals=True, draws=True)
    add_json_option(parser)


def timed(work: Callable[[int], int], budget: float, most: int = 1 << 16) -> Tuple[int, float]:
    """Call ``work(size)`` until ``budget`` seconds pass; how many units it did, and the time.

    ``size`` starts at one and doubles (up to ``most``) while the budget lasts, so a short
    budget costs about that much time even where one unit is slow (the pure-Python
    reference), and a long one is timed over calls long enough to measure.
    """
    done, size, start = 0, 1, time.perf_counter()
    while True:
        done += work(size)
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return done, elapsed
        size = min(size * 2, most)


def cycling(items: Sequence[T]) -> Callable[[int], List[T]]:
    """A function that hands out the next ``n`` items, going round ``items`` forever."""
    endless: Iterator[T] = itertools.cycle(items)
    return lambda n: list(itertools.islice(endless, n))


def _lead_moves(hands: List[Hand], rules: Rules, budget: float, label: str,
                generate: Optional[Callable[[Hand], Sequence[Move]]] = None,
                wild: str = "") -> Row:
    """Moves/s of ``generate`` (default: ``api.legal_moves`` under ``rules``) leading
    from ``hands``; ``wild`` names the wild ranks it was given, for the detail."""
    calls = [0]
    take = cycling(hands)
    generate = generate or partial(api.legal_moves, rules=rules)

    def work(size: int) -> int:
        calls[0] += size
        return sum(len(generate(h)) for h in take(size))

    moves, seconds = timed(work, budget)
    return {"name": label, "rate": moves / seconds, "unit": "moves/s",
            "detail": f"{format_count(calls[0] / seconds)} hands/s{_wild_detail(wild)}"}


def _wild_detail(wild: str) -> str:
    return f", wild {wild}" if wild else ""


def _batched(hands: List[Hand], rules: Rules, budget: float, wild: str = "",
             label: str = "legal_moves_batch, 17-card hands") -> Row:
    take = cycling([h.bitboard for h in hands])
    # Only with wild ranks is wild= passed: the plain call stays the one it always was.
    options: Dict[str, Any] = {"rules": rules, **({"wild": wild} if wild else {})}

    def work(size: int) -> int:
        api.legal_moves_batch(np.array(take(size), dtype=np.uint64), **options)
        return size

    done, seconds = timed(work, budget, most=len(hands))
    return {"name": label, "rate": done / seconds,
            "unit": "hands/s", "detail": f"batches of up to {len(hands)}{_wild_detail(wild)}"}


def _dou_dizhu_hand(seed: int) -> Hand:
    return deal_cards(seed).hands[0]


def _classify_inputs(rules: Rules, hands: List[Hand], wild: str,
                     dealt: Callable[[int], Hand] = _dou_dizhu_hand) -> List[List[int]]:
    """Cards that are moves and cards that mostly are not (the first six cards of the hand
    ``dealt(seed)``), as many of each."""
    if wild:
        # The action space with wild cards takes seconds to list (far longer with two wild
        # ranks): every 7th lead move of the first hands stands for it.
        moves = [m for h in hands[:16] for m in api.legal_moves(h, rules=rules, wild=wild)]
    else:
        moves = list(api.action_space(rules))
    inputs = [m.counts for m in moves[::7]]
    return inputs + [Hand(str(dealt(seed))[:6]).counts for seed in range(len(inputs))]


def _classify(rules: Rules, budget: float, hands: List[Hand], wild: str = "",
              dealt: Callable[[int], Hand] = _dou_dizhu_hand) -> Row:
    # Every 7th move of the action space (all types) and as many plain deals' first 6 cards
    # (mostly not combinations), so both answers are exercised.
    take = cycling(_classify_inputs(rules, hands, wild, dealt))
    options: Dict[str, Any] = {"rules": rules, **({"wild": wild} if wild else {})}

    def work(size: int) -> int:
        for counts in take(size):
            api.classify(counts, **options)
        return size

    done, seconds = timed(work, budget)
    return {"name": "classify", "rate": done / seconds, "unit": "calls/s",
            "detail": _wild_detail(wild)[2:]}


def _games(rules: Rules, budget: float) -> Row:
    game = Game(rules)
    seeds = iter(range(10 ** 9))

    def work(size: int) -> int:
        for seed in itertools.islice(seeds, size):
            rng = random.Random(seed)
            state = game.new_state(seed)
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
        return size

    done, seconds = timed(work, budget, most=64)
    return {"name": "random games, Game/State", "rate": done / seconds, "unit": "games/s",
            "detail": "play" if rules.game == "runfast" else "auction and play"}


def _native_games(rules: Rules, budget: float) -> Row:
    if not HAVE_CORE:  # random_games is the compiled core's own play loop
        return {"name": "random games, native", "rate": None, "unit": "games/s",
                "detail": "needs the compiled core"}
    if rules.laizi:
        return {"name": "random games, native", "rate": None, "unit": "games/s",
                "detail": "the compiled play loop plays no wild cards"}
    seeds = iter(range(10 ** 9))

    def work(size: int) -> int:
        random_games(size * 64, next(seeds), rules=rules)
        return size * 64

    done, seconds = timed(work, budget, most=1024)
    return {"name": "random games, native", "rate": done / seconds, "unit": "games/s",
            "detail": "ddz_fast.random_games, one thread"}


def rows(rules: Rules, budget: float) -> List[Row]:
    """Run every benchmark row."""
    if rules.game == "runfast":
        return _runfast_rows(rules, budget)
    deals = [deal_cards(seed) for seed in range(DEALS)]
    seventeen = [d.hands[0] for d in deals]
    twenty = [Hand([a + b for a, b in zip(d.hands[0].counts, d.kitty.counts)]) for d in deals]
    if rules.laizi:
        return _wild_rows(rules, budget, seventeen, twenty)
    return [
        _lead_moves(seventeen, rules, budget, "lead moves, 17-card hands"),
        _lead_moves(twenty, rules, budget, "lead moves, 20-card hands"),
        _batched(seventeen, rules, budget),
        _classify(rules, budget, seventeen),
        _games(rules, budget),
        _native_games(rules, budget),
    ]


def _runfast_rows(rules: Rules, budget: float) -> List[Row]:
    """The rows under Run Fast rules, on the engine's dealt hands (seat 0 of deal 0 of each
    seed)."""
    def dealt(seed: int) -> Hand:
        return runfast_deal(seed, 0, rules).hands[0]

    hands = [dealt(seed) for seed in range(DEALS)]
    size = f"{rules.hand_size}-card hands"
    return [
        _lead_moves(hands, rules, budget, f"lead moves, {size}"),
        _batched(hands, rules, budget, label=f"legal_moves_batch, {size}"),
        _classify(rules, budget, hands, dealt=dealt),
        _games(rules, budget),
        _native_games(rules, budget),
    ]


def _wild_rows(rules: Rules, budget: float, seventeen: List[Hand],
               twenty: List[Hand]) -> List[Row]:
    """The rows under rules with wild cards: the plain rows' under :data:`BENCH_WILD`, and
    the reference's lead moves beside the library's."""
    wild = BENCH_WILD[rules.laizi]
    generate = partial(api.legal_moves, rules=rules, wild=wild)
    reference = partial(api.implementation("python").legal_moves, rules=rules, wild=wild)
    return [
        _lead_moves(seventeen, rules, budget, "lead moves, 17-card hands", generate, wild),
        _lead_moves(twenty, rules, budget, "lead moves, 20-card hands", generate, wild),
        _lead_moves(seventeen, rules, budget, "lead moves, 17-card hands, reference",
                    reference, wild),
        _batched(seventeen, rules, budget, wild),
        _classify(rules, budget, seventeen, wild),
        _games(rules, budget),
        _native_games(rules, budget),
    ]


def run(args: argparse.Namespace) -> int:
    table = rows(args.rules, args.seconds)
    if args.json:
        print_json({"rules": rules_name(args.rules), "implementation": api.IMPLEMENTATION,
                    "rows": table})
        return 0
    title = f"benchmark ({rules_name(args.rules)} rules, {api.IMPLEMENTATION})"
    width = max(len(title), *(len(r["name"]) for r in table))
    print(f"{title:<{width}}  {'rate':>13}  unit")
    for row in table:
        rate = "-" if row["rate"] is None else format_count(row["rate"])
        detail = f"  ({row['detail']})" if row["detail"] else ""
        print(f"{row['name']:<{width}}  {rate:>13}  {row['unit']:<8}{detail}".rstrip())
    return 0
