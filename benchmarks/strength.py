"""How strong the search bots are at a table, and what a decision costs: the duplicate arena.

    python benchmarks/strength.py [--rules PRESET] [--sides partner] [--bots BOT ...]
                                  [--deals N] [--timing-deals M] [--workers K] [--out DIR]

``--rules`` takes any preset (``standard``, ``botzone``, ``no_kitty``, ``laizi``,
``tiandi_laizi``, ``four_player``...) and ``four_player+partner`` for the four-player table two
against two (as ``--sides partner``). The bots (default: ``pimc ismcts greedy random``) that do
not play the table yet (``plays_wild_cards``, ``plays_four_player``, ``plays_runfast``) are left
out and named in the report; they join once they declare it. Two parts, from fixed seeds:

* **Cost per decision.** Each bot at its default budget plays ``M`` deals of the table against
  the greedy bot, in both roles, through the arena in this process on one thread; every play
  decision it makes with more than one legal action is timed in CPU time and wall time. The
  table gives the mean, the median, the 95th percentile and the worst.
* **Strength.** ``ddz_fast.arena.duplicate`` plays ``N`` deals in the duplicate format with the
  bots: every deal once for every ordered pair of bots, on ``K`` local worker processes. Per
  bot: score per hand and both win rates with 95% intervals, the Bradley-Terry rating; then the
  head-to-head table.

Writes ``DIR/strength.md`` (at another table ``DIR/strength_<table>.md``, e.g.
``strength_four_player_partner.md``), the ``.json`` beside it (the arena's summary, tally
included) and the ``.png`` (the arena's chart, when matplotlib is installed).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from ddz_fast import Rules
from ddz_fast.arena.duplicate import ArenaConfig, play_deals, run_arena, summarise
from ddz_fast.arena.report import format_interval, save_plot
from ddz_fast.search.catalog import make_bot
from report import machine_line, markdown_table

HERE = Path(__file__).resolve().parent
#: Who holds which seats in a game of an ordered pair, per game.
SEATS = {"doudizhu": "one holds the landlord's side, the other the other side",
         "runfast": "one alone at a seat, the other at every other seat, the lone seat going "
                    "round"}
BOTS = ("pimc", "ismcts", "greedy", "random")
SEED = 2026


def table_rules(name: str, sides: Optional[str] = None) -> Rules:
    """The rules of ``--rules`` (a preset, or ``<preset>+partner``) and ``--sides``.

    >>> table_rules("four_player+partner").name
    'four_player+partner'
    """
    base, plus, option = name.partition("+")
    if plus and option != "partner":
        raise ValueError(f"unknown table {name!r}: a preset, or four_player+partner")
    rules = Rules.preset(base)
    return rules.replace(sides="partner" if plus else sides) if plus or sides else rules


class Timer:
    """A bot factory for the arena (it takes each game's seed) whose bots time their play
    decisions with more than one legal action; the bots' flags are the timed bot's."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self.cpu: List[float] = []
        self.wall: List[float] = []

    def __call__(self, seed: str) -> "Timed":
        return Timed(make_bot(self.spec, seed), self)


class Timed:
    """A bot that plays as the bot it wraps, its searched play decisions timed."""

    def __init__(self, bot: object, timer: Timer) -> None:
        self.bot, self.timer = bot, timer

    def __getattr__(self, name: str) -> Callable:
        return getattr(self.bot, name)

    def play(self, state):  # type: ignore[no-untyped-def]
        searched = len(state.legal_actions()) > 1
        cpu, wall = time.process_time(), time.perf_counter()
        move = self.bot.play(state)
        if searched:
            self.timer.cpu.append(time.process_time() - cpu)
            self.timer.wall.append(time.perf_counter() - wall)
        return move


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def cost_rows(bots: Sequence[str], rules: Rules, deals: int) -> List[List[str]]:
    """Per bot, its decisions timed over ``deals`` deals against the greedy bot."""
    rows = []
    for spec in bots:
        timer = Timer(spec)
        play_deals(ArenaConfig((timer, "greedy"), SEED, rules, names=("timed", "greedy")),
                   0, deals)
        for label, values in (("CPU", timer.cpu), ("wall", timer.wall)):
            ms = [1000 * v for v in values]
            rows.append([f"`{spec}` ({make_bot(spec, SEED)!r})", label, f"{len(ms):,}",
                         f"{statistics.mean(ms):.2f}", f"{statistics.median(ms):.2f}",
                         f"{percentile(ms, 0.95):.2f}", f"{max(ms):.2f}"])
        print(f"timed {spec}: {len(timer.cpu)} decisions", file=sys.stderr)
    return rows


def arena(bots: Sequence[str], rules: Rules, deals: int, workers: int) -> Tuple[Dict, float]:
    config = ArenaConfig(tuple(bots), seed=SEED, rules=rules)
    start = time.perf_counter()

    def progress(done: int) -> None:
        print(f"\rarena: {done}/{deals} deals", end="", file=sys.stderr, flush=True)

    tally = run_arena(config, deals, workers=workers, progress=progress)
    print(file=sys.stderr)
    return summarise(config, tally), time.perf_counter() - start


def playing(bots: Sequence[str], rules: Rules) -> Tuple[List[str], Dict[str, str]]:
    """(the bots that play the table, {each other bot: why it sits out})."""
    seated, out = [], {}
    for spec in bots:
        try:
            ArenaConfig((spec, "random"), rules=rules)
            seated.append(spec)
        except ValueError as error:
            out[spec] = str(error)
    return seated, out


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    return "\n".join(markdown_table(header, rows, numeric_from=1))


def arena_tables(s: Dict) -> str:
    rates = ((("out first", "out_first_rate", "out_first_ci95"),) if s.get("game") == "runfast"
             else (("landlord wins", "landlord_win_rate", "landlord_win_ci95"),
                   ("peasant wins", "peasant_win_rate", "peasant_win_ci95")))
    per_bot = table(
        ["bot", "rating (Elo)", "score/hand", "95% interval"]
        + [title for name, _, _ in rates for title in (name, "95% interval")],
        [[b["bot"], f"{b['rating']:+.0f}", f"{b['mean_score']:+.3f}",
          format_interval(b["mean_score_ci95"], False)]
         + [text for _, key, ci in rates
            for text in (f"{b[key]:.1%}", format_interval(b[ci], True))]
         for b in sorted(s["bots"], key=lambda b: -b["rating"])])
    duels = table(
        ["bot", "opponent", "games", "won-lost", "score/hand of the bot", "95% interval"],
        [[h["bot"], h["opponent"], f"{h['games']:,}", f"{h['wins']}-{h['losses']}",
          f"{h['mean_score']:+.3f}", format_interval(h["mean_score_ci95"], False)]
         for h in s["head_to_head"]])
    return per_bot + "\n\nHead to head (each pair's games on every deal):\n\n" + duels


def arena_command(bots: Sequence[str], rules: Rules, deals: int) -> str:
    """The ``ddz-fast arena`` command of the strength run."""
    base, _, _ = rules.name.partition("+")
    sides = " --sides partner" if rules.sides == "partner" else ""
    return f"ddz-fast arena {' '.join(bots)} --hands {deals} --seed {SEED} --rules {base}{sides}"


def command_line(args: argparse.Namespace) -> str:
    parts = ["python benchmarks/strength.py"]
    if args.rules != "standard":
        parts.append(f"--rules {args.rules}")
    if args.sides:
        parts.append(f"--sides {args.sides}")
    if tuple(args.bots) != BOTS:
        parts.append(f"--bots {' '.join(args.bots)}")
    parts.append(f"--deals {args.deals} --timing-deals {args.timing_deals} "
                 f"--workers {args.workers}")
    return " ".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="standard", help="a preset, or four_player+partner")
    parser.add_argument("--sides", choices=("alone", "partner"))
    parser.add_argument("--bots", nargs="+", default=list(BOTS))
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--timing-deals", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args()
    rules = table_rules(args.rules, args.sides)
    stem = "strength" if rules.name == "standard" else \
        f"strength_{rules.name.replace('+', '_')}"
    started = time.perf_counter()
    bots, sitting_out = playing(args.bots, rules)
    if len(bots) < 2:
        parser.error(f"fewer than two of the bots play {rules.name}: {sitting_out}")
    costs = cost_rows(bots, rules, args.timing_deals)
    summary, arena_seconds = arena(bots, rules, args.deals, args.workers)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"{stem}.json").write_text(json.dumps(summary, indent=1) + "\n")
    try:
        save_plot(summary, str(args.out / f"{stem}.png"))
        chart = f"\n\n![strength chart]({stem}.png)"
    except ValueError:  # no matplotlib: the tables still stand
        chart = ""
    cost_table = table(
        ["bot (default budget)", "time", "decisions", "mean ms", "median ms", "95th pct ms",
         "worst ms"], costs)
    absent = "".join(f"\n* `{spec}` sits out: {why}." for spec, why in sitting_out.items())
    if absent:
        absent = f"\n\nNot at this table yet (they join once they declare it):\n{absent}"
    text = f"""# Bot strength at the {rules.name} table

Written by `{command_line(args)}` in {time.perf_counter() - started:.0f} s on \
{machine_line(["ddz_fast", "numpy"])}{absent}

## Cost per decision

Each bot at its default budget played {args.timing_deals} deals of the table against the greedy
bot in both roles, through the arena on one thread; every play decision it made with more than
one legal action was timed.

{cost_table}

## Strength: the duplicate arena

`{arena_command(bots, rules, args.deals)}`: every deal is played once for every ordered pair \
of bots ({SEATS[rules.game]}, on the same cards), {summary['games']:,} games in \
{arena_seconds:.0f} s on {args.workers} worker processes. Scores are per hand for the bot's \
side; intervals are 95% (per-deal normal intervals for scores, Wilson intervals for win rates; \
see `ddz_fast.arena.duplicate`).

{arena_tables(summary)}{chart}
"""
    (args.out / f"{stem}.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
