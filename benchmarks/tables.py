"""Move generation at every table: one deck (17 and 20 cards) beside two decks (25 and 33).

    python benchmarks/tables.py [--hands N] [--repeats R] [--out DIR]

Times ``list(legal_moves(h, rules=...))`` (the Move objects a user consumes) over the same
fixed-seed hands (benchmarks/hands.py) for the ``standard`` preset and the four-player table,
and the bare ``legal_moves`` of one deck (a lazy MoveList of words) for reference. Reports
hands/s and moves/s, best of ``R`` runs. Writes ``DIR/tables.md``.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import Callable, List, Optional, Sequence

import ddz_fast
from ddz_fast import Hand, legal_moves
from hands import random_hands
from report import best_of, machine_line, markdown_table

HERE = Path(__file__).resolve().parent
#: (preset, cards per hand, decks): a peasant's and the landlord's hand at each table.
TABLES = (("standard", 17, 1), ("standard", 20, 1), ("four_player", 25, 2),
          ("four_player", 33, 2))


def row(preset: str, size: int, decks: int, hands: int, repeats: int,
        call: Callable[..., object], what: str) -> List[str]:
    rules = ddz_fast.Rules.preset(preset)
    some = [Hand(c, decks=decks) for c in random_hands(hands, size, decks=decks)]
    seconds, results = best_of(lambda: [call(legal_moves(h, rules=rules)) for h in some],
                               repeats)
    moves = sum(len(r) for r in results)
    return [preset, str(size), what, f"{len(some) / seconds:,.0f}", f"{moves / seconds:,.0f}",
            f"{moves / len(some):,.0f}"]


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args(argv)
    rows = []
    for preset, size, decks in TABLES:
        if decks == 1:
            rows.append(row(preset, size, decks, args.hands, args.repeats, lambda m: m,
                            "legal_moves (MoveList)"))
        rows.append(row(preset, size, decks, args.hands, args.repeats, list,
                        "list(legal_moves)"))
    table = "\n".join(markdown_table(["rules", "cards", "call", "hands/s", "moves/s",
                                      "moves/hand"], rows, 3))
    text = (f"# Move generation at each table\n\n{machine_line(['ddz_fast'])}\n\n"
            f"`python benchmarks/tables.py --hands {args.hands} --repeats {args.repeats}`, "
            f"leading, best of {args.repeats} runs:\n\n{table}\n")
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "tables.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
