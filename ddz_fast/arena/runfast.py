"""The arena at the Run Fast table: bots rated in duplicate games, every player for himself.

:func:`ddz_fast.arena.duplicate.run_arena` plays this format when the config's rules are Run
Fast's (``ArenaConfig(bots, rules="runfast")``; ``runfast_15``; two or three players); the
backends, the tallies' arithmetic and the statistics are the Dou Dizhu arena's.

**Duplicate format.** Deal ``i`` of a run is the Run Fast engine's physical deal of the seed
``"{seed}:{i}"`` (``Game(rules).new_state("{seed}:{i}")``: the same cards, and so the same
leader, the holder of the three of spades, in every game of the deal). Every game is between
two bots: for each ordered pair of different bots ``(X, Y)`` and each seat ``s``, X plays seat
``s`` alone and Y every other seat (:func:`runfast_games`). With two players the game "X at
seat 0" of ``(X, Y)`` is the game "Y at seat 1" of ``(Y, X)``, so each unordered pair plays
each bot in each seat once. On every deal each bot of a pair thus holds every hand, once
alone against the other bot and, with three players, once more beside it in each of the two
other roles: the luck of the cards cancels within each pair, as in Dou Dizhu's duplicate.
With ``n`` bots a deal is played ``3 n (n - 1)`` times with three players, ``n (n - 1)`` times
with two. Why not rotate three different bots through the seats? Then every game would be
played by three bots at once, and neither a head-to-head result nor a pairwise rating would
be of two bots only; pairing keeps every game zero-sum between exactly two bots (Y's seats
add up to minus X's score), and rotating the lone seat through every seat removes the seat
(the lead, the cards) from the comparison.

Each seat of Y's is played by its own instance of Y (every player for himself: one bot that
remembers a hand must not see its other seat's), seeded ``"{seed}:{i}:{x}:{y}:{s}:{seat}"``.

**Scores, per hand held.** A bot's score on a deal is the sum of the scores of every seat it
held in its games of that deal; a hand held is one seat of one game. Its *mean score per
hand* is that total over the hands it held (``(n - 1) * 9`` a deal with three players:
``3 (n - 1)`` alone and ``6 (n - 1)`` as the two seats of Y; with two players ``2 (n - 1)``).
Going out first is counted per hand held too: the *out-first rate*, whose fair share is
``1 / players``.

**Intervals (95%)**, with the deal as the unit, as in :mod:`ddz_fast.arena.duplicate`: the mean
score per hand by the normal approximation on the per-deal means; the out-first rate by
Wilson's interval with the deals as the trials (each deal's rate a mean of correlated hands
in [0, 1]: conservative, as there); head to head, the first bot's mean score per hand held
in the games of the pair, by the normal approximation on its per-deal totals.

**Ratings.** Bradley-Terry on the games won between each pair (the game of ``(X, Y)`` at seat
``s`` is X's when X goes out first, else Y's; each bot of a pair plays the lone seat equally
often, so the role's handicap cancels), with half a virtual win each way, on the Elo scale:
:func:`~ddz_fast.arena.stats.bradley_terry`.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Dict, List, Sequence, Tuple

from ..engine.game import Game
from ..engine.runfast import RunFastState
from ..search.bots import act
from ..validate import check_int
from ._backends import Sums, check_range, maybe_fail
from ._config import MAX_BOTS, ArenaConfig, checked_config, duel_index
from .stats import bradley_terry, normal_interval, wilson_interval

__all__ = ["RunFastTally", "runfast_games", "play_deals", "summarise"]

#: A game of a deal: (the lone bot X, the bot Y of the other seats, X's seat).
GameSeats = Tuple[int, int, int]


def runfast_games(num_bots: int, players: int) -> List[GameSeats]:
    """The games of one deal as (X, Y, X's seat): see the module docstring.

    >>> runfast_games(2, 3)
    [(0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 0), (1, 0, 1), (1, 0, 2)]
    >>> runfast_games(2, 2)
    [(0, 1, 0), (0, 1, 1)]
    """
    num_bots = check_int("num_bots", num_bots, 0, MAX_BOTS)
    players = check_int("players", players, 2, 3)
    return [(x, y, seat) for x in range(num_bots) for y in range(num_bots)
            if x != y and (players == 3 or x < y) for seat in range(players)]


@dataclass
class RunFastTally(Sums):
    """Integer sums over a set of deals; tallies of disjoint sets add up exactly.

    Per game ``g`` of :func:`runfast_games` (X alone at seat s, Y at the others):
    ``lone_score``, X's score summed over deals, and ``lone_out``, the deals where X went out
    first. Per bot: ``score`` and ``score_sq``, the sum over deals of its total score on the
    deal (every seat it held) and of that total squared; ``fallbacks``, decisions a bot made
    by its documented fallback. Per unordered pair ``(i, j)``, ``i < j``: ``duel`` and
    ``duel_sq``, the sum over deals of i's total score in the pair's games and of its square.
    """

    deals: int = 0
    lone_score: List[int] = field(default_factory=list)
    lone_out: List[int] = field(default_factory=list)
    score: List[int] = field(default_factory=list)
    score_sq: List[int] = field(default_factory=list)
    fallbacks: List[int] = field(default_factory=list)
    duel: List[int] = field(default_factory=list)
    duel_sq: List[int] = field(default_factory=list)

    @classmethod
    def empty(cls, num_bots: int, players: int) -> "RunFastTally":
        games = len(runfast_games(num_bots, players))
        duels = num_bots * (num_bots - 1) // 2
        return cls(0, [0] * games, [0] * games, [0] * num_bots, [0] * num_bots,
                   [0] * num_bots, [0] * duels, [0] * duels)


def _runfast_config(config: object) -> ArenaConfig:
    checked = checked_config(config)
    if checked.rules.game != "runfast":
        raise ValueError(f"this is the Run Fast arena: the rules must be Run Fast's, not "
                         f"{checked.rules.name} (ddz_fast.arena.duplicate plays Dou Dizhu)")
    return checked


def _play_game(config: ArenaConfig, game: Game, tag: str, lone: GameSeats,
               fallbacks: List[int]) -> Tuple[int, bool]:
    """One game of the deal ``tag``: (X's score, whether X went out first)."""
    x, y, seat = lone
    bots = [config.new_bot(x if s == seat else y, f"{tag}:{x}:{y}:{seat}:{s}")
            for s in range(config.rules.players)]
    state: RunFastState = game.new_state(tag)
    while not state.is_over:
        state.apply(act(bots[state.current_player], state))
    for s, bot in enumerate(bots):
        fallbacks[x if s == seat else y] += getattr(bot, "fallbacks", 0)
    return state.scores[seat], state.winner == seat


def play_deals(config: ArenaConfig, start: int, stop: int) -> RunFastTally:
    """The tally of deals ``start .. stop - 1`` at a Run Fast table: a pure function of its
    arguments.

    >>> config = ArenaConfig(("random", "greedy"), seed=1, rules="runfast")
    >>> tally = play_deals(config, 0, 3)
    >>> tally.deals, len(tally.lone_score), sum(tally.score)   # zero-sum between the bots
    (3, 6, 0)
    """
    config = _runfast_config(config)
    maybe_fail()
    start, stop = check_range(start, stop)
    n, players = len(config.bots), config.rules.players
    games = runfast_games(n, players)
    tally = RunFastTally.empty(n, players)
    table = Game(config.rules)
    for index in range(start, stop):
        tag = f"{config.seed}:{index}"
        totals, duels = [0] * n, [0] * len(tally.duel)
        for g, lone in enumerate(games):
            score, out = _play_game(config, table, tag, lone, tally.fallbacks)
            tally.lone_score[g] += score
            tally.lone_out[g] += out
            x, y, _ = lone
            totals[x] += score
            totals[y] -= score
            duels[duel_index(min(x, y), max(x, y), n)] += score if x < y else -score
        _add_squares(tally.score, tally.score_sq, totals)
        _add_squares(tally.duel, tally.duel_sq, duels)
        tally.deals += 1
    return tally


def _add_squares(sums: List[int], squares: List[int], values: Sequence[int]) -> None:
    for k, value in enumerate(values):
        sums[k] += value
        squares[k] += value * value


# --- the summary ---------------------------------------------------------------------------

def _hands_held(games: Sequence[GameSeats], bot: int, players: int,
                against: Sequence[int] = ()) -> int:
    """The hands ``bot`` holds in one deal's games (only those against ``against`` if given):
    one seat as X, ``players - 1`` as Y."""
    return sum(1 if x == bot else players - 1 for x, y, _ in games
               if bot in (x, y) and (not against or ({x, y} - {bot}) <= set(against)))


def _wins(tally: RunFastTally, games: Sequence[GameSeats], n: int) -> List[List[float]]:
    """``wins[i][j]``: games between i and j that i won (went out first, at one of its
    seats)."""
    wins = [[0.0] * n for _ in range(n)]
    for g, (x, y, _) in enumerate(games):
        wins[x][y] += tally.lone_out[g]
        wins[y][x] += tally.deals - tally.lone_out[g]
    return wins


def _alone_by_seat(tally: RunFastTally, games: Sequence[GameSeats], b: int,
                   players: int) -> List[float]:
    """``b``'s mean score per hand at each seat where it played alone; with two players
    every hand is alone, Y's seat being the one X does not hold."""
    sums, counts = [0] * players, [0] * players
    for g, (x, y, seat) in enumerate(games):
        if x == b:
            sums[seat] += tally.lone_score[g]
            counts[seat] += 1
        elif y == b and players == 2:
            sums[1 - seat] -= tally.lone_score[g]
            counts[1 - seat] += 1
    return [total / (tally.deals * count) for total, count in zip(sums, counts)]


def _bot_row(tally: RunFastTally, games: Sequence[GameSeats], b: int, players: int,
             label: str, rating: float) -> Dict[str, Any]:
    d = tally.deals
    held = _hands_held(games, b, players)
    out = sum(tally.lone_out[g] if x == b else d - tally.lone_out[g]
              for g, (x, y, _) in enumerate(games) if b in (x, y))
    rate = out / (d * held)
    mean, low, high = normal_interval(tally.score[b], tally.score_sq[b], d, held)
    return {"bot": label, "games": d * sum(b in (x, y) for x, y, _ in games),
            "hands": d * held, "mean_score": mean, "mean_score_ci95": [low, high],
            "out_first_rate": rate, "out_first_ci95": list(wilson_interval(rate * d, d)),
            "alone_by_seat": _alone_by_seat(tally, games, b, players),
            "rating": rating, "fallbacks": tally.fallbacks[b]}


def summarise(config: ArenaConfig, tally: RunFastTally) -> Dict[str, Any]:
    """The results as JSON-ready data: per bot, head to head, ratings (see the module doc).

    Per bot: ``mean_score`` per hand held with its 95% interval, ``out_first_rate`` with its
    Wilson interval, ``alone_by_seat`` (its mean score per hand alone at each seat; with two
    players every hand is alone), ``rating``.
    """
    config = _runfast_config(config)
    n, players = len(config.bots), config.rules.players
    if not isinstance(tally, RunFastTally):
        raise TypeError(f"tally must be a RunFastTally, not {type(tally).__name__}")
    games = runfast_games(n, players)
    if len(tally.lone_score) != len(games) or len(tally.score) != n:
        raise ValueError(f"the tally counts {len(tally.lone_score)} games a deal, not the "
                         f"{len(games)} of {n} bots and {players} players: another run's")
    if tally.deals < 1:
        raise ValueError("the tally holds no deal: there is nothing to summarise")
    wins = _wins(tally, games, n)
    ratings = bradley_terry(wins)
    labels = config.labels
    bots = [_bot_row(tally, games, b, players, labels[b], ratings[b]) for b in range(n)]
    head_to_head = []
    for i, j in itertools.combinations(range(n), 2):
        k = duel_index(i, j, n)
        mean, low, high = normal_interval(tally.duel[k], tally.duel_sq[k], tally.deals,
                                          _hands_held(games, i, players, (j,)))
        head_to_head.append({"bot": labels[i], "opponent": labels[j],
                             "games": int(wins[i][j] + wins[j][i]),
                             "wins": int(wins[i][j]), "losses": int(wins[j][i]),
                             "mean_score": mean, "mean_score_ci95": [low, high]})
    return {"game": "runfast", "deals": tally.deals, "games": tally.deals * len(games),
            "seed": config.seed, "rules": config.rules.name, "players": players, "bots": bots,
            "head_to_head": head_to_head, "tally": tally.as_dict()}
