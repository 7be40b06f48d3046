"""What a search bot's decision costs at the laizi and four-player tables, and a quick look at
its strength there against the greedy bot.

    python benchmarks/search_tables.py [--deals N] [--tables NAME ...] [--out DIR]

Each search bot at its default budget plays ``N`` deals of each table against the greedy bot,
every deal twice from fixed seeds: once on the landlord's side (with the partner under
``sides="partner"``, who plays with the landlord), once on the other. The landlord's seat is
fixed by the deal (no auction), so both games of a deal have the same cards. On one thread,
every decision the bot searched (more than one legal action) is timed in CPU and wall time:
the mean, the median, the 95th percentile and the worst. Then, from the same games, the bot's
side's score per deal (the sum of its two games; a deal's cards favour neither bot) and its win
rates on each side, beside the greedy bot's against itself: a sanity check that the bots
play sensibly, not an arena run (``ddz-fast arena`` and ``benchmarks/strength.py`` measure
strength).

Writes ``DIR/search_tables.md``.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

from ddz_fast import Game, Rules
from ddz_fast.search.bots import play_hand, start_play
from ddz_fast.search.catalog import make_bot
from report import machine_line, markdown_table
from strength import SEARCH_BOTS, SEED, Timed, percentile

HERE = Path(__file__).resolve().parent
TABLES: Dict[str, Rules] = {
    "laizi": Rules.preset("laizi"),
    "tiandi_laizi": Rules.preset("tiandi_laizi"),
    "four_player": Rules.preset("four_player"),
    "four_player partner": Rules.preset("four_player").replace(sides="partner"),
}


def side_score(state: object) -> int:
    """The landlord's side's total score of a finished hand (the landlord, and its partner)."""
    side = getattr(state, "side", (state.landlord,))
    return sum(state.scores[seat] for seat in side)


def play_deals(rules: Rules, spec: str, deals: int) -> Tuple[Timed, List[Tuple[int, int]]]:
    """``deals`` deals, each played with the bot on both sides against the greedy bot: the
    timed bot and, per deal, the bot's side's score with it as landlord and as opponent."""
    timed = Timed(make_bot(spec, SEED))
    scores = []
    for deal in range(deals):
        pair = []
        for bot_is_landlord in (True, False):
            state = start_play(Game(rules), f"{SEED}:{deal}", landlord=deal % rules.players)
            greedy = make_bot("greedy")
            landlord, others = (timed, greedy) if bot_is_landlord else (greedy, timed)
            play_hand(state, landlord=landlord, peasants=others)  # type: ignore[arg-type]
            score = side_score(state)
            pair.append(score if bot_is_landlord else -score)
        scores.append((pair[0], pair[1]))
    return timed, scores


def cost_row(table: str, spec: str, timed: Timed, label: str,
             values: Sequence[float]) -> List[str]:
    ms = [1000 * v for v in values]
    return [table, f"`{spec}` ({timed.bot!r})", label, f"{len(ms):,}",
            f"{statistics.mean(ms):.1f}", f"{statistics.median(ms):.1f}",
            f"{percentile(ms, 0.95):.1f}", f"{max(ms):.1f}"]


def strength_row(table: str, spec: str, scores: List[Tuple[int, int]]) -> List[str]:
    per_deal = [a + b for a, b in scores]
    mean = statistics.mean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / len(per_deal) ** 0.5 if len(per_deal) > 1 else 0
    return [table, f"`{spec}`", f"{len(scores):,}", f"{mean / 2:+.2f}",
            f"[{(mean - half) / 2:+.2f}, {(mean + half) / 2:+.2f}]",
            f"{sum(a > 0 for a, _ in scores) / len(scores):.0%}",
            f"{sum(b > 0 for _, b in scores) / len(scores):.0%}"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--tables", nargs="+", choices=sorted(TABLES), default=list(TABLES))
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args()
    started = time.perf_counter()
    costs, strength = [], []
    for table in args.tables:
        # The greedy bot against itself: the baseline of the win rates on each side.
        strength.append(strength_row(table, "greedy", play_deals(TABLES[table], "greedy",
                                                                 args.deals)[1]))
        for spec in SEARCH_BOTS:
            timed, scores = play_deals(TABLES[table], spec, args.deals)
            costs += [cost_row(table, spec, timed, "CPU", timed.cpu),
                      cost_row(table, spec, timed, "wall", timed.wall)]
            strength.append(strength_row(table, spec, scores))
            print(f"{table} {spec}: {len(timed.cpu)} decisions", file=sys.stderr)
    cost_table = "\n".join(markdown_table(
        ["table", "bot (default budget)", "time", "decisions", "mean ms", "median ms",
         "95th pct ms", "worst ms"], costs, numeric_from=3))
    strength_table = "\n".join(markdown_table(
        ["table", "bot", "deals", "score/game", "95% interval", "landlord's side wins",
         "other side wins"], strength, numeric_from=2))
    text = f"""# The search bots at the laizi and four-player tables

Written by `python benchmarks/search_tables.py --deals {args.deals}` in \
{time.perf_counter() - started:.0f} s on {machine_line(["ddz_fast", "numpy"])}

## Cost per decision

Each search bot at its default budget played {args.deals} deals of each table against the
greedy bot, on both sides, on one thread; every decision it searched (more than one legal
action) was timed.

{cost_table}

## Against the greedy bot

The same games: the bot's side's score per game (each deal's two games averaged, so that the
cards favour neither bot; a normal 95% interval over the deals) and how often the bot's side
won on each side of the table; the greedy bot against itself gives the baseline of the win
rates (a bot as strong as the greedy one wins as often on each side). A sanity check, not an
arena run.

{strength_table}
"""
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "search_tables.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
