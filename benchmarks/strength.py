"""How strong the search bots are, and what a decision costs: the duplicate arena.

    python benchmarks/strength.py [--deals N] [--timing-deals M] [--workers K] [--out DIR]

Two parts, both from fixed seeds:

* **Cost per decision.** Each search bot plays ``M`` deals against the greedy bot, in both
  roles, in this process on one thread; every decision it searches (one with more than one
  legal action) is timed in CPU time and wall time. The table gives the mean, the median, the
  95th percentile and the worst.
* **Strength.** ``ddz_fast.arena.duplicate`` plays ``N`` deals in the duplicate format with the
  search bots, the greedy bot and RLCard's rule agent (the ``peers`` extra): every deal once for
  every ordered pair of bots, on ``K`` local worker processes. Per bot: score per hand and both win
  rates with 95% intervals, the Bradley-Terry rating; then the head-to-head table.

Writes ``DIR/strength.md``, ``DIR/strength.json`` (the arena's summary, tally included) and
``DIR/strength.png`` (the arena's chart, when matplotlib is installed).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Sequence, Tuple

from ddz_fast import Game
from ddz_fast.arena.duplicate import ArenaConfig, run_arena, summarise
from ddz_fast.search.bots import play_hand, start_play
from ddz_fast.search.catalog import make_bot
from ddz_fast.arena.report import format_interval, save_plot
from report import machine_line, markdown_table

HERE = Path(__file__).resolve().parent
SEARCH_BOTS = ("pimc", "ismcts")
ARENA_BOTS = ("pimc", "ismcts", "greedy", "rlcard-rule")
SEED = 2026


class Timed:
    """A bot whose searched play decisions are timed (decisions with one action are not)."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.cpu: List[float] = []
        self.wall: List[float] = []

    def __getattr__(self, name: str) -> Callable:
        return getattr(self.bot, name)

    def play(self, state):  # type: ignore[no-untyped-def]
        searched = len(state.legal_actions()) > 1
        cpu, wall = time.process_time(), time.perf_counter()
        move = self.bot.play(state)
        if searched:
            self.cpu.append(time.process_time() - cpu)
            self.wall.append(time.perf_counter() - wall)
        return move


def decision_costs(spec: str, deals: int) -> Timed:
    """Play ``deals`` deals of ``spec`` against the greedy bot in both roles, timed."""
    timed = Timed(make_bot(spec, SEED))
    for deal in range(deals):
        for bot_is_landlord in (True, False):
            state = start_play(Game(), f"{SEED}:{deal}", landlord=deal % 3)
            greedy = make_bot("greedy")
            landlord, peasants = (timed, greedy) if bot_is_landlord else (greedy, timed)
            play_hand(state, landlord=landlord, peasants=peasants)  # type: ignore[arg-type]
    return timed


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def cost_rows(deals: int) -> List[List[str]]:
    rows = []
    for spec in SEARCH_BOTS:
        timed = decision_costs(spec, deals)
        bot = timed.bot
        for label, values in (("CPU", timed.cpu), ("wall", timed.wall)):
            ms = [1000 * v for v in values]
            rows.append([f"`{spec}` ({bot!r})", label, f"{len(ms):,}",
                         f"{statistics.mean(ms):.1f}", f"{statistics.median(ms):.1f}",
                         f"{percentile(ms, 0.95):.1f}", f"{max(ms):.1f}"])
        print(f"timed {spec}: {len(timed.cpu)} decisions", file=sys.stderr)
    return rows


def arena(deals: int, workers: int) -> Tuple[Dict, float]:
    config = ArenaConfig(ARENA_BOTS, seed=SEED)
    start = time.perf_counter()

    def progress(done: int) -> None:
        print(f"\rarena: {done}/{deals} deals", end="", file=sys.stderr, flush=True)

    tally = run_arena(config, deals, workers=workers, progress=progress)
    print(file=sys.stderr)
    return summarise(config, tally), time.perf_counter() - start


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    return "\n".join(markdown_table(header, rows, numeric_from=1))


def arena_tables(s: Dict) -> str:
    per_bot = table(
        ["bot", "rating (Elo)", "score/hand", "95% interval", "landlord wins", "95% interval",
         "peasant wins", "95% interval"],
        [[b["bot"], f"{b['rating']:+.0f}", f"{b['mean_score']:+.3f}",
          format_interval(b["mean_score_ci95"], False), f"{b['landlord_win_rate']:.1%}",
          format_interval(b["landlord_win_ci95"], True), f"{b['peasant_win_rate']:.1%}",
          format_interval(b["peasant_win_ci95"], True)]
         for b in sorted(s["bots"], key=lambda b: -b["rating"])])
    duels = table(
        ["bot", "opponent", "games", "won-lost", "score/hand of the bot", "95% interval"],
        [[h["bot"], h["opponent"], f"{h['games']:,}", f"{h['wins']}-{h['losses']}",
          f"{h['mean_score']:+.3f}", format_interval(h["mean_score_ci95"], False)]
         for h in s["head_to_head"]])
    return per_bot + "\n\nHead to head (each pair's two games on every deal):\n\n" + duels


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--timing-deals", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args()
    started = time.perf_counter()
    costs = cost_rows(args.timing_deals)
    summary, arena_seconds = arena(args.deals, args.workers)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "strength.json").write_text(json.dumps(summary, indent=1) + "\n")
    try:
        save_plot(summary, str(args.out / "strength.png"))
        chart = "\n\n![strength chart](strength.png)"
    except ValueError:  # no matplotlib: the tables still stand
        chart = ""
    cost_table = table(
        ["bot (default budget)", "time", "decisions", "mean ms", "median ms", "95th pct ms",
         "worst ms"], costs)
    text = f"""# Search bot strength

Written by `python benchmarks/strength.py --deals {args.deals} --timing-deals \
{args.timing_deals} --workers {args.workers}` in {time.perf_counter() - started:.0f} s on \
{machine_line(["ddz_fast", "rlcard", "numpy"])}

## Cost per decision

Each search bot at its default budget played {args.timing_deals} deals against the greedy bot
in both roles, on one thread; every decision it searched (more than one legal action) was
timed.

{cost_table}

## Strength: the duplicate arena

`ddz-fast arena {' '.join(ARENA_BOTS)} --hands {args.deals} --seed {SEED}`: every deal is \
played once for every ordered pair of bots (one the landlord, the other both peasants, on the \
same cards), {summary['games']:,} games in {arena_seconds:.0f} s on {args.workers} worker \
processes. Scores are per hand for the bot's side; intervals are 95% (per-deal normal \
intervals for scores, Wilson intervals for win rates; see `ddz_fast.arena.duplicate`).

{arena_tables(summary)}{chart}
"""
    (args.out / "strength.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
