"""Move generation side by side: ddz_fast against RLCard, OpenSpiel and DouZero, in one process.

    PYTHONPATH=tests python benchmarks/compare_peers.py [--hands N] [--repeats R] [--seconds S]
                                                        [--games G] [--out DIR]
                                                        [--sections NAME ...]

(from the checkout's root: the peer adapters are the tests' ``tests/support/peers.py``, found
through ``PYTHONPATH``; timing, Markdown and the chart come from ``benchmarks/report.py``).

Every engine works on the same fixed-seed hands (benchmarks/hands.py), each converted to the
engine's own form beforehand, and only the call that lists the legal moves is timed
(``time.perf_counter``; the best of ``--repeats`` runs, and of more while the runs of a row
have taken less than ``--seconds``, at most 100, for every engine alike):

* ddz_fast: native ``legal_moves`` under the preset equal to each engine's rules, the batched
  ``legal_moves_batch``, the pure-Python reference, and the DouZero drop-in
  (``ddz_fast.compat.douzero.MovesGener``);
* RLCard 1.2: ``DoudizhuJudger.playable_cards_from_hand`` to lead, ``utils.get_gt_cards`` to
  answer (what its game calls);
* OpenSpiel 2.0: ``state.legal_actions()`` on states built beforehand in which the player to
  move holds the hand (a 20-card hand: the landlord's first lead, right after the bidding);
* DouZero 1.1: ``MovesGener(cards).gen_moves()`` to lead, ``GameEnv.get_legal_card_play_actions``
  to answer; and whole random games of its ``GameEnv`` with and without the drop-in.

The table is printed and written to ``DIR/compare_peers.md``, with a bar chart in
``DIR/compare_peers.png`` when matplotlib is installed (the ``bench`` extra). Each section is
one function in :data:`SECTIONS`; add one there (e.g. games per second) to extend the report.
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

import numpy as np

import ddz_fast
import ddz_fast.reference.moves
from ddz_fast import Hand, Move
from ddz_fast.compat import douzero as drop_in
from hands import random_hands       # benchmarks/hands.py, beside this script
from report import bar_chart, best_of, machine_line, markdown_table

try:
    import peers                     # tests/support/peers.py
except ModuleNotFoundError:
    raise SystemExit("the peer adapters are tests/support/peers.py: run this script from the "
                     "checkout's root as `PYTHONPATH=tests python benchmarks/compare_peers.py`"
                     ) from None

HERE = Path(__file__).resolve().parent

PEER_PRESETS = ("rlcard", "openspiel", "douzero")
RESPONSE_SEED = 7
NATIVE = "ddz_fast legal_moves"


@dataclass(frozen=True)
class Config:
    hands: int
    repeats: int
    games: int
    seconds: float = 0.0


@dataclass(frozen=True)
class Row:
    """One timed engine in one section; ``ratio`` compares it with the ``baseline`` row."""

    section: str
    engine: str
    preset: str          # the ddz_fast preset equal to the engine's rules
    items: int           # hands (or game steps, or calls) timed
    unit: str
    moves: Optional[int]  # distinct plays listed, as the engine tells them apart
    seconds: float       # the best of the repeats
    baseline: str        # the ddz_fast engine of this section and preset it is compared with
    same_as: Optional[str] = None  # for a peer: the ddz_fast row giving the same kind of output

    @property
    def rate(self) -> float:
        return self.items / self.seconds

    @property
    def move_rate(self) -> Optional[float]:
        return None if self.moves is None else self.moves / self.seconds


# --- timing ------------------------------------------------------------------------------------

def timed(section: str, engine: str, preset: str, run: Callable[[], Sequence[Any]],
          plays: Callable[[Any], int], config: Config, baseline: str = NATIVE,
          unit: str = "hands", same_as: Optional[str] = None) -> Row:
    """Time ``run`` (one result per item) and count the plays of its results afterwards."""
    seconds, results = best_of(run, config.repeats, config.seconds)
    return Row(section, engine, preset, len(results), unit, sum(map(plays, results)), seconds,
               baseline, same_as)


def with_and_without_drop_in(section: str, engine: str, run: Callable[[], List[Any]],
                             plays: Optional[Callable[[Any], int]], config: Config,
                             baseline: str = NATIVE, unit: str = "hands",
                             items: Callable[[List[Any]], int] = len,
                             same: Callable[[Any], Any] = lambda result: result) -> List[Row]:
    """Rows for DouZero code timed without, then with the drop-in installed.

    The runs alternate between the two, so that a drift in the machine's speed (other work
    on a shared host) favours neither. Both must give the same results, compared through
    ``same``; ``items`` counts what a run did.
    """
    best: List[Tuple[float, List[Any]]] = [(float("inf"), []), (float("inf"), [])]
    for _ in range(config.repeats):
        best[0] = min(best[0], best_of(run, 1), key=lambda timing: timing[0])
        with drop_in.installed():
            best[1] = min(best[1], best_of(run, 1), key=lambda timing: timing[0])
    if list(map(same, best[0][1])) != list(map(same, best[1][1])):
        raise AssertionError(f"{engine}: the drop-in changed the results")
    return [Row(section, name, "douzero", items(results), unit,
                None if plays is None else sum(map(plays, results)), seconds, baseline)
            for name, (seconds, results) in zip((engine, engine + " + drop-in"), best)]


# How each engine's result counts its distinct plays (outside the timed region).
class MoveCounts(Sequence[int]):
    """The moves of each hand of a batched result, counted from its CSR offsets only when read,
    after the timing (the engine's call returns the offsets, not the counts)."""

    def __init__(self, offsets: np.ndarray) -> None:
        self.offsets = offsets

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def __getitem__(self, hand: Any) -> Any:
        return np.diff(self.offsets).tolist()[hand]

    def __iter__(self) -> Iterator[int]:
        return iter(np.diff(self.offsets).tolist())


def _count(moves: Sequence[Any]) -> int:
    return len(moves)


def _count_douzero(moves: List[List[int]]) -> int:
    return len({tuple(sorted(m)) for m in moves if m})


def _count_without(pass_action: Any) -> Callable[[Sequence[Any]], int]:
    return lambda actions: len(set(actions) - {pass_action})


# --- positions ---------------------------------------------------------------------------------

def response_positions(count: int) -> List[Tuple[Hand, Move]]:
    """``count`` 17-card hands, each with a move to answer from another hand of the same deck.

    The move is legal under the three peer presets alike (so each engine answers the same
    move) and holds at most 15 cards (OpenSpiel's landlord can then answer it): the middle one
    of those the other hand holds, in canonical order.
    """
    rng = np.random.default_rng(RESPONSE_SEED)
    positions = []
    for counts in random_hands(count, 17):
        rest = [r for r, c in enumerate(np.subtract(peers.DECK, counts)) for _ in range(c)]
        other = Hand(np.bincount(rng.choice(rest, 17, replace=False), minlength=15).tolist())
        common = set.intersection(*(set(ddz_fast.legal_moves(other, rules=p))
                                    for p in PEER_PRESETS))
        moves = sorted(m for m in common if len(m) <= 15)
        positions.append((Hand(counts), moves[len(moves) // 2]))
    return positions


# --- sections ----------------------------------------------------------------------------------

#: The ddz_fast rows that give what a peer gives: Python objects, one list per hand.
OBJECTS = "ddz_fast list(legal_moves) (Move objects)"
INTS = "ddz_fast legal_moves .array.tolist() (ints)"
SPLIT = "ddz_fast legal_moves_batch split per hand"


def _native(hands: List[Hand], prevs: Optional[List[Move]], preset: str,
            output: Callable[[Any], Any] = lambda moves: moves) -> Callable[[], List[Any]]:
    """One native ``legal_moves`` call per hand (leading when ``prevs`` is None), its MoveList
    turned into ``output(moves)``."""
    rules = ddz_fast.Rules.preset(preset)
    legal_moves = ddz_fast.legal_moves
    if prevs is None:
        return lambda: [output(legal_moves(h, rules=rules)) for h in hands]
    pairs = list(zip(hands, prevs))
    return lambda: [output(legal_moves(h, p, rules=rules)) for h, p in pairs]


def _ddz_rows(section: str, hands: List[Hand], prevs: Optional[List[Move]],
              config: Config) -> List[Row]:
    """ddz_fast native under each peer preset, lazy and as the peers' kind of output (Python
    lists); then batched and the reference (douzero)."""
    rows = []
    for preset in PEER_PRESETS:
        rows.append(timed(section, NATIVE, preset, _native(hands, prevs, preset), _count,
                          config))
        rows.append(timed(section, OBJECTS, preset, _native(hands, prevs, preset, list),
                          _count, config))
    rows.append(timed(section, INTS, "openspiel",
                      _native(hands, prevs, "openspiel", lambda moves: moves.array.tolist()),
                      _count, config))
    counts = np.array([h.counts for h in hands], dtype=np.uint8)
    words = None if prevs is None else np.array([p.word for p in prevs], dtype=np.uint64)

    def batched() -> MoveCounts:
        _, offsets = ddz_fast.legal_moves_batch(counts, words, rules="douzero")
        return MoveCounts(offsets)

    def split() -> List[np.ndarray]:
        moves, offsets = ddz_fast.legal_moves_batch(counts, words, rules="douzero")
        return np.split(moves, offsets[1:-1])

    rows.append(timed(section, "ddz_fast legal_moves_batch", "douzero", batched, int, config))
    rows.append(timed(section, SPLIT, "douzero", split, _count, config))
    reference = ddz_fast.reference.moves.legal_moves
    pairs = list(zip(hands, prevs or [None] * len(hands)))
    rows.append(timed(section, "ddz_fast reference (pure Python)", "douzero",
                      lambda: [reference(h, p, rules="douzero") for h, p in pairs], _count,
                      config))
    return rows


def _leading_peer_rows(section: str, counts: List[tuple], config: Config) -> List[Row]:
    rows = []
    cards = [drop_in.cards_of(Hand(c)) for c in counts]         # DouZero's form
    if peers.HAVE_RLCARD:
        from rlcard.games.doudizhu.judger import DoudizhuJudger

        texts = [peers.to_text(c) for c in counts]
        playable = DoudizhuJudger.playable_cards_from_hand
        rows.append(timed(section, "RLCard playable_cards_from_hand", "rlcard",
                          lambda: [playable(t) for t in texts], _count, config,
                          same_as=OBJECTS))
    if peers.HAVE_OPENSPIEL:
        states = [peers.openspiel_leading_state(c) for c in counts]
        rows.append(timed(section, "OpenSpiel state.legal_actions()", "openspiel",
                          lambda: [s.legal_actions() for s in states], _count, config,
                          same_as=OBJECTS))
    if peers.HAVE_DOUZERO:
        from douzero.env.move_generator import MovesGener

        rows.append(timed(section, "DouZero MovesGener.gen_moves", "douzero",
                          lambda: [MovesGener(c).gen_moves() for c in cards], _count_douzero,
                          config, same_as=OBJECTS))
    rows.append(timed(section, "ddz_fast DouZero drop-in gen_moves", "douzero",
                      lambda: [drop_in.MovesGener(c).gen_moves() for c in cards],
                      _count_douzero, config))
    return rows


def leading_rows(size: int, config: Config) -> List[Row]:
    """Leading moves of ``config.hands`` fixed-seed hands of ``size`` cards."""
    section = f"lead, {size}-card hands"
    counts = random_hands(config.hands, size)
    hands = [Hand(c) for c in counts]
    return _ddz_rows(section, hands, None, config) + _leading_peer_rows(section, counts, config)


def _douzero_legal_actions(envs: List[Any]) -> List[List[List[int]]]:
    return [env.get_legal_card_play_actions() for env in envs]


def _action_set(actions: List[List[int]]) -> frozenset:
    """Legal actions as a set: the drop-in lists them in another order, without duplicates."""
    return frozenset(map(tuple, actions))


def response_rows(config: Config) -> List[Row]:
    """17-card hands answering a move (see :func:`response_positions`)."""
    section = "answer, 17-card hands"
    positions = response_positions(config.hands)
    hands, prevs = [h for h, _ in positions], [p for _, p in positions]
    rows = _ddz_rows(section, hands, prevs, config)
    if peers.HAVE_RLCARD:
        from rlcard.games.doudizhu.utils import get_gt_cards

        players = [peers.rlcard_response_players(h.counts, p.counts) for h, p in positions]
        rows.append(timed(section, "RLCard get_gt_cards", "rlcard",
                          lambda: [get_gt_cards(*pair) for pair in players],
                          _count_without("pass"), config, same_as=OBJECTS))
    if peers.HAVE_OPENSPIEL:
        states = [peers.openspiel_response_state(h.counts, p.counts, p.type, p.key)
                  for h, p in positions]
        rows.append(timed(section, "OpenSpiel state.legal_actions()", "openspiel",
                          lambda: [s.legal_actions() for s in states], _count_without(0),
                          config, same_as=OBJECTS))
    if peers.HAVE_DOUZERO:
        envs = [peers.douzero_response_env(h.counts, p.counts) for h, p in positions]
        rows += with_and_without_drop_in(section, "DouZero GameEnv legal actions",
                                         lambda: _douzero_legal_actions(envs), _count_douzero,
                                         config, same=_action_set)
    return rows


def _game_positions(games: List[tuple]) -> List[Any]:
    """A GameEnv at every decision of the recorded games, in the state its legal-action call
    reads: the hand of the player to move and the last two moves."""
    from douzero.env.game import GameEnv

    envs = []
    for seed, (actions, *_) in enumerate(games):
        deal = peers.douzero_deal(seed)
        for i, action in enumerate(actions):
            hand = deal[peers.DOUZERO_POSITIONS[i % 3]]
            env = GameEnv(players={})
            env.acting_player_position = "landlord"
            env.info_sets["landlord"].player_hand_cards = list(hand)
            env.card_play_action_seq = [list(a) for a in actions[max(0, i - 2):i]]
            envs.append(env)
            for card in action:
                hand.remove(card)
    return envs


def douzero_game_rows(config: Config) -> List[Row]:
    """DouZero's GameEnv playing whole random games, with and without the drop-in; and its
    legal-action call alone at every decision of those games."""
    if not peers.HAVE_DOUZERO:
        return []
    section = f"DouZero GameEnv, {config.games} random games"
    play = lambda: [peers.douzero_play(seed) for seed in range(config.games)]  # noqa: E731
    rows = with_and_without_drop_in(section, "DouZero GameEnv random play", play, None, config,
                                    "DouZero GameEnv random play + drop-in", "steps",
                                    lambda games: sum(len(actions) for actions, *_ in games))
    envs = _game_positions(play())
    rows += with_and_without_drop_in(section, "DouZero GameEnv legal actions",
                                     lambda: _douzero_legal_actions(envs), _count_douzero,
                                     config, "DouZero GameEnv legal actions + drop-in", "calls",
                                     same=_action_set)
    return rows


#: The report's sections, in order: (name for --sections, function of the Config returning its
#: rows). To add one (games per second, say), write ``def games_rows(config) -> List[Row]`` and
#: append ``("games", games_rows)``: the table, the Markdown and the chart pick it up.
SECTIONS: List[Tuple[str, Callable[[Config], List[Row]]]] = [
    ("lead17", lambda config: leading_rows(17, config)),
    ("lead20", lambda config: leading_rows(20, config)),
    ("answer17", response_rows),
    ("douzero_env", douzero_game_rows),
]


# --- the report --------------------------------------------------------------------------------

def ratio(row: Row, rows: List[Row], engine: Optional[str] = None) -> float:
    """How many times faster the row of ``engine`` (the baseline by default; same section and
    preset) is than ``row``."""
    base = next(r for r in rows if (r.section, r.engine, r.preset)
                == (row.section, engine or row.baseline, row.preset))
    return base.rate / row.rate


def table(rows: List[Row]) -> List[List[str]]:
    """The rows as text cells: section, engine, preset, items, per second, moves/s, the ratio
    to the baseline and, for a peer, to ddz_fast giving the same kind of output."""
    cells = []
    for row in rows:
        moves = "" if row.move_rate is None else f"{row.move_rate:,.0f}"
        same = "" if row.same_as is None else f"{ratio(row, rows, row.same_as):.2f}x"
        cells.append([row.section, row.engine, row.preset, f"{row.items:,} {row.unit}",
                      f"{row.rate:,.0f}", moves, f"{ratio(row, rows):.2f}x", same])
    return cells


HEADER = ["section", "engine", "preset", "timed", "per second", "moves/s", "baseline x",
          "same output x"]


def print_table(rows: List[Row]) -> None:
    cells = [HEADER] + table(rows)
    widths = [max(len(c[i]) for c in cells) for i in range(len(HEADER))]
    for line in cells:
        print("  ".join(c.ljust(w) if i < 4 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(line, widths))))


NOTES = """\
- *per second*: hands (or game steps, or legal-action calls) per second, the best of
  {repeats} runs or more, while a row's runs took under {seconds:g} s in all (at most 100);
  only the engine's call is timed, on inputs converted to its own form before,
  with the garbage collector off (as `timeit` does).
- *moves/s*: distinct plays listed per second, as the engine tells plays apart (DouZero by
  cards, so `333444555666` counts once; OpenSpiel and ddz_fast by reading, so three times);
  the pass is not counted.
- *baseline x*: how many times faster the baseline row is than this one. The baseline of every
  move-generation row is ddz_fast's native `legal_moves` under the same preset (so a peer's
  figure is ddz_fast's speed-up over it); in the GameEnv section it is the same GameEnv with
  the drop-in installed (so the plain GameEnv's figure is the drop-in's speed-up).
- *same output x*: for a peer, how many times faster ddz_fast is when it too returns a Python
  list per hand: the `list(legal_moves)` row of the same preset, a `Move` object per move
  (the peers return lists of strings, ints or card lists).
- `legal_moves` returns a lazy `MoveList` of 64-bit move words; `list(...)` turns it into
  `Move` objects, `.array.tolist()` into a list of ints (the words), as OpenSpiel returns a list
  of ints (its action ids). The batched and reference rows use preset `douzero`, the largest
  action space; `split per hand` cuts the batch's words into one array per hand
  (`np.split`). The drop-in rows run DouZero's own code around ddz_fast's generator,
  converting cards both ways.
- DouZero's GameEnv copies its whole information set on every step (`deepcopy`), which
  dominates a random game's step: the legal-action rows isolate the part the drop-in
  replaces. Runs with and without the drop-in alternate, and both arms play the same games
  and list the same sets of legal actions (checked).
"""


PACKAGES = ("ddz_fast", "numpy", "rlcard", "open_spiel", "douzero")


def markdown(rows: List[Row], config: Config, command: str) -> str:
    lines = ["# Move generation: ddz_fast and its peers, side by side", "",
             f"`{command}`", "", machine_line(PACKAGES), ""]
    lines += markdown_table(HEADER, table(rows), numeric_from=4)
    return "\n".join(lines + ["", NOTES.format(repeats=config.repeats, seconds=config.seconds)])


def chart(rows: List[Row], path: Path) -> bool:
    """A bar chart per section (per second, log scale); False when matplotlib is absent."""
    sections: Dict[str, list] = {}
    for r in rows:
        highlighted = "ddz_fast" in r.engine or "drop-in" in r.engine
        sections.setdefault(r.section, []).append(
            (f"{r.engine} [{r.preset}]", r.rate, f"{r.rate:,.0f}/s ({ratio(r, rows):.2f}x)",
             highlighted))
    units = {s: " or ".join(dict.fromkeys(r.unit for r in rows if r.section == s))
             for s in sections}
    return bar_chart(sections, path,
                     "blue: ddz_fast (and DouZero running on it), grey: the peers; (Nx): how "
                     "many times faster the section's baseline row is",
                     lambda section: f"{units[section]} per second (log scale)")


def main(argv: Optional[Sequence[str]] = None) -> None:
    names = [name for name, _ in SECTIONS]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per section")
    parser.add_argument("--repeats", type=int, default=5, help="runs per timing (the best)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="more runs while a timing has taken less (at most 100)")
    parser.add_argument("--games", type=int, default=300, help="DouZero GameEnv games")
    parser.add_argument("--out", type=Path, default=HERE / "results", help="results folder")
    parser.add_argument("--sections", nargs="+", choices=names, default=names)
    args = parser.parse_args(argv)
    config = Config(args.hands, args.repeats, args.games, args.seconds)
    rows: List[Row] = []
    for name, section in SECTIONS:
        if name in args.sections:
            print(f"timing {name} ...", flush=True)
            rows += section(config)
    print()
    print_table(rows)
    args.out.mkdir(parents=True, exist_ok=True)
    command = "PYTHONPATH=tests python benchmarks/compare_peers.py " + " ".join(
        sys.argv[1:] if argv is None else argv)
    (args.out / "compare_peers.md").write_text(markdown(rows, config, command.strip()) + "\n")
    print(f"\nwrote {args.out / 'compare_peers.md'}")
    if chart(rows, args.out / "compare_peers.png"):
        print(f"wrote {args.out / 'compare_peers.png'}")
    else:
        print("no chart: matplotlib is not installed (pip install 'ddz_fast[bench]')")


if __name__ == "__main__":
    main()
