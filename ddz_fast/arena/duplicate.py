"""The arena: rate bots against each other in duplicate games, on one machine or a Ray cluster.

This is the format of Dou Dizhu's tables, three seats and the four-player table (below); at a
Run Fast table (rules of ``game="runfast"``), the same :class:`ArenaConfig`, :func:`play_deals`,
:func:`run_arena` and :func:`summarise` play and report the format of
:mod:`ddz_fast.arena.runfast`, every player for himself. They share the backends, the tallies'
arithmetic and the statistics.

**Duplicate format.** Deal ``i`` of a run is a pure function of ``(seed, i)``: the cards come from
:func:`~ddz_fast.engine.game.deal_cards` with the seed ``"{seed}:{i}"``, and the landlord seat is
fixed by the cards (below). Each deal is then played once for every ordered pair of different bots
``(X, Y)``: X is the landlord, Y plays both peasant seats. With bots A and B a deal is played
twice, A against B,B and B against A,A, so each bot holds each of the three hands, in its role, on
the same cards; with ``n`` bots it is played ``n (n - 1)`` times, every pair of bots meeting in the
same two games. Luck of the cards cancels within each pair.

**No auction.** Bidding would let the bots decide who is landlord, and then the two games of a
pair would not share roles. The landlord is instead the seat whose hand with the kitty is
strongest by :func:`~ddz_fast.search.bots.hand_strength` (ties: the first such seat counting from
seat ``i % 3``; :func:`landlord_seat`), as if the strongest hand won the auction; it takes the
kitty and leads at base stake 1, without doubling. The arena compares play only, not bidding or
doubling.

**Scores.** A bot's score in a game is its side's: the landlord's score when it is landlord,
the two peasants' scores added when it plays the peasant seats (minus the landlord's). Each
game is zero-sum between its two bots.

**Intervals (95%).** Games on the same deal are not independent, so every interval treats the
deal as the unit: the deals are independent and identically distributed.

* *Mean score per hand*: a normal approximation on the per-deal means. For bot X, ``m_d`` is
  X's mean score over its ``2 (n - 1)`` games of deal ``d``; the interval is
  ``mean(m) +- 1.96 * sd(m) / sqrt(D)`` with the sample standard deviation over ``D`` deals.
* *Win rates* (as landlord, as peasant): the Wilson score interval of the rate ``p`` with
  ``D`` trials. With two bots each deal gives one game per role and this is exactly Wilson's
  interval. With more, the rate of a deal is a mean of ``n - 1`` correlated wins, a variable
  in [0, 1] whose variance is at most ``p (1 - p)``: the binomial variance Wilson assumes,
  so the interval is conservative.
* *Head to head*: the normal approximation on the per-deal duplicate results
  ``s(X | Y,Y) - s(Y | X,X)``, halved to a mean per hand.

**Ratings.** Bradley-Terry strengths fitted to the games won between each pair of bots (by
the minorization-maximization iteration), with half a virtual win each way for every pair so
that a bot that won every game keeps a finite rating; reported on the Elo scale
(``400 log10``), centred on 0.

**Wild cards.** Under rules with wild cards (``laizi``, ``tiandi_laizi``) the hands are those
of :mod:`ddz_fast.engine.laizi`: the cards of deal ``i`` are dealt as above and its wild ranks
are the draws that follow that shuffle in the stream of the seed ``"{seed}:{i}"``, so every
game of a deal shares its cards and its wild ranks. Only bots that play wild cards
(:func:`~ddz_fast.search.bots.plays_wild_cards`) take part; :class:`ArenaConfig` refuses any
other, naming it and the built-in bots that do play them, before any hand is dealt. Choice
where the rule book is silent (it has no arena): the landlord seat is chosen from the cards
alone, as without wild cards, the wild ranks aside; being the same seat in every game of the
deal is what duplicate needs.

**The four-player table** (``four_player``, two decks; ``sides="alone"`` or ``"partner"``).
Deal ``i`` is the engine's deal of the seed ``"{seed}:{i}"``: four hands of 25 cards and the
8-card kitty. The landlord is again the strongest hand with the kitty, ties from seat
``i % 4``. The duplicate games are the same: for each ordered pair ``(X, Y)`` X plays the
landlord's side and Y the other side, one instance of each bot for its whole side.

* ``sides="alone"``: X is the landlord, Y holds the three other seats.
* ``sides="partner"``: the landlord's partner is named by the arena, not by a bot: the seat
  opposite the landlord, two seats on in turn order (:func:`partner_seat`), in every game of
  the deal. X holds the landlord and its partner, Y the two seats between them.

Either way each bot of a pair holds every seat of the deal, once over the pair's two games,
on the side that seat is on, and the luck of the cards cancels within the pair as at three
seats. A bot's score in a game is its side's, the sum of its seats' scores (the other side's
is its negative). In the results "landlord" is the landlord's side and "peasant" the other.
Choices where the rule book is silent (it has no arena): the landlord chosen as at three seats;
the partner opposite, the engine's choice on a timeout and the greedy bot's, which alternates
the turn between the sides, and the same seat in every game of the deal, which duplicate needs;
a bot's ``partner`` method is never asked. Only bots that play the four-player table
(:func:`~ddz_fast.search.bots.plays_four_player`) take part.

**Bots of your own.** A bot of a run is given in one of three ways, mixed freely in
:class:`ArenaConfig` (``ArenaConfig(("greedy", MyBot, MyBot(depth=2)))``):

* a **spec**, a str: a built-in bot, ``"greedy:danger=3"``, or a bot class of your own by its
  import path, ``"package.module:Class:key=value,..."``
  (:func:`~ddz_fast.search.catalog.make_bot`);
* a **class**, or any function making a bot;
* a **bot**, an object with ``bid``, ``double`` and ``play`` (and ``partner``, which the arena
  never asks: it names the partner itself).

A game is a pure function of the run's seed, the deal and the seating, on any split of the
work, so no bot carries anything from one game to the next. A spec, a class or a function
makes a new bot for each side of each game (:meth:`ArenaConfig.new_bot`), with that game's
seed as ``seed=`` when it takes a parameter of that name (else with no argument): a str such as
``"7:12:0:1:landlord"`` (run seed 7, deal 12, bots 0 and 1, the landlord's side), which
``random.Random`` takes as it is. A bot given as an object plays every game as a fresh
``copy.deepcopy`` of itself as given, so its own random stream starts over in each game. A
bot's instance plays its whole side of a game (both peasant seats at three seats): a bot that
remembers keeps what it remembers per seat (``state.current_player``).

The bots travel pickled to worker processes and Ray tasks, checked before any deal is played:
a class must be found by its module and name there, so a class defined inside a function, or
a lambda, is refused by local worker processes with what to do, while one process
(``workers=1``) and Ray (which pickles such classes by value, and those of ``__main__``) play
it. Local worker processes find a script's ``__main__`` by importing it again, and processes
started by ``fork`` (Linux's default before Python 3.14) share it, a notebook's included; a
class of a notebook's or an interactive ``__main__`` with processes started another way is
refused with what to do.

**Work.** :func:`play_deals` plays a range of deals and returns a :class:`Tally` of integer
sums; tallies of disjoint ranges add up exactly, so the results are identical for any split of
the deals: in one process, over local worker processes (``backend="local"``) or as Ray tasks
(``backend="ray"``, the ``ray`` extra) on a local Ray instance or a running cluster.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..actions import Partner
from ..search.bots import hand_strength, play_hand, start_play
from ..engine.base import StateBase
from ..engine.game import Game, deal_cards
from ..hand import Hand
from ..rules import Rules
from ..validate import check_int
from . import runfast
from ._backends import (FAULT_ENV, MAX_DEALS, ArenaError, Progress, Sums, check_range,
                        maybe_fail, run_deals)
from ._config import MAX_BOTS, ArenaConfig, checked_config, duel_index
from .stats import bradley_terry, normal_interval, wilson_interval

__all__ = ["ArenaConfig", "ArenaError", "Tally", "play_deals", "run_arena", "summarise",
           "wilson_interval", "normal_interval", "bradley_terry", "landlord_seat", "partner_seat",
           "seatings", "FAULT_ENV", "MAX_DEALS", "MAX_BOTS"]


def seatings(num_bots: int) -> List[Tuple[int, int]]:
    """The games of one deal as (landlord bot, peasant bot): every ordered pair.

    >>> seatings(2)
    [(0, 1), (1, 0)]
    >>> len(seatings(4))
    12
    """
    num_bots = check_int("num_bots", num_bots, 0, MAX_BOTS)
    return [(x, y) for x in range(num_bots) for y in range(num_bots) if x != y]


def landlord_seat(hands: Sequence[Hand], kitty: Hand, index: int) -> int:
    """The landlord of deal ``index``: the strongest hand with the kitty, ties from seat
    ``index`` modulo the number of seats (three, or four at the four-player table).

    >>> hands, kitty = deal_cards("1:0")
    >>> landlord_seat(hands, kitty, 0) in (0, 1, 2)
    True
    """
    index = check_int("index", index, 0)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) \
            or len(hands) not in (3, 4) or not all(isinstance(h, Hand) for h in hands):
        raise TypeError("hands must be the three or four Hands of a deal")
    if not isinstance(kitty, Hand):
        raise TypeError(f"kitty must be a Hand, not {type(kitty).__name__}")
    seats = len(hands)
    order = [(index + k) % seats for k in range(seats)]
    strength = [hand_strength([a + b for a, b in zip(hand.counts, kitty.counts)])
                for hand in hands]
    return max(order, key=lambda seat: strength[seat])  # max keeps the first of equals


def partner_seat(landlord: int) -> int:
    """The landlord's partner at the four-player table with ``sides="partner"``: the seat
    opposite, two seats on in turn order.

    >>> [partner_seat(seat) for seat in range(4)]
    [2, 3, 0, 1]
    """
    return (check_int("landlord", landlord, 0, 3) + 2) % 4


def _landlord_side(rules: Rules, landlord: int) -> Tuple[int, ...]:
    """The seats the landlord's bot holds: the landlord's, and its partner's."""
    return (landlord, partner_seat(landlord)) if rules.sides == "partner" else (landlord,)


def _start(rules: Rules, tag: str, landlord: int) -> StateBase:
    """Deal ``tag`` at the start of its play, ``landlord`` holding the kitty and, with a
    partner, the seat opposite named as its partner."""
    state = start_play(Game(rules), tag, landlord=landlord)
    if state.phase == "partner":
        state.apply(Partner(partner_seat(landlord)))
    return state


# --- the tally ------------------------------------------------------------------------------

@dataclass
class Tally(Sums):
    """Integer sums over a set of deals; tallies of disjoint sets add up exactly.

    Per ordered pair ``p`` of :func:`seatings` (X the landlord's side, Y the other):
    ``landlord_wins`` and ``landlord_score``, the games won and the score of X's side, summed
    over deals. Per bot: ``score`` and ``score_sq``, the sum over
    deals of its total score on the deal and of that total squared; ``fallbacks``, decisions
    a bot made by its documented fallback. Per unordered pair ``(i, j)``, ``i < j``:
    ``duel`` and ``duel_sq``, the sum of ``s(i | j,j) - s(j | i,i)`` and of its square.
    """

    deals: int = 0
    landlord_wins: List[int] = field(default_factory=list)
    landlord_score: List[int] = field(default_factory=list)
    score: List[int] = field(default_factory=list)
    score_sq: List[int] = field(default_factory=list)
    fallbacks: List[int] = field(default_factory=list)
    duel: List[int] = field(default_factory=list)
    duel_sq: List[int] = field(default_factory=list)

    @classmethod
    def empty(cls, num_bots: int) -> "Tally":
        num_bots = check_int("num_bots", num_bots, 0, MAX_BOTS)
        pairs, duels = num_bots * (num_bots - 1), num_bots * (num_bots - 1) // 2
        return cls(0, [0] * pairs, [0] * pairs, [0] * num_bots, [0] * num_bots,
                   [0] * num_bots, [0] * duels, [0] * duels)


def _play_game(config: ArenaConfig, index: int, seat: int, pair: Tuple[int, int],
               fallbacks: List[int]) -> Tuple[int, bool]:
    """One game of deal ``index``: (the score of the landlord's side, whether it won)."""
    tag = f"{config.seed}:{index}"
    x, y = pair
    landlord = config.new_bot(x, f"{tag}:{x}:{y}:landlord")
    peasants = config.new_bot(y, f"{tag}:{x}:{y}:peasants")
    state = _start(config.rules, tag, seat)
    play_hand(state, landlord=landlord, peasants=peasants)
    fallbacks[x] += getattr(landlord, "fallbacks", 0)
    fallbacks[y] += getattr(peasants, "fallbacks", 0)
    score = sum(state.scores[s] for s in _landlord_side(config.rules, seat))
    return score, state.winner == "landlord"


def play_deals(config: ArenaConfig, start: int, stop: int) -> Tally:
    """The tally of deals ``start .. stop - 1``: a pure function of its arguments (at a Run
    Fast table :func:`ddz_fast.arena.runfast.play_deals`'s).

    >>> config = ArenaConfig(("random", "greedy"), seed=1)
    >>> tally = play_deals(config, 0, 3)
    >>> tally.deals, sum(tally.score)  # zero-sum between the bots
    (3, 0)
    """
    config = checked_config(config)
    if config.rules.game == "runfast":
        return runfast.play_deals(config, start, stop)
    maybe_fail()
    start, stop = check_range(start, stop)
    n = len(config.bots)
    pairs = seatings(n)
    tally = Tally.empty(n)
    for index in range(start, stop):
        hands, kitty = deal_cards(f"{config.seed}:{index}", rules=config.rules)
        seat = landlord_seat(hands, kitty, index)
        totals = [0] * n
        landlord_scores = {}
        for p, pair in enumerate(pairs):
            score, won = _play_game(config, index, seat, pair, tally.fallbacks)
            landlord_scores[pair] = score
            tally.landlord_wins[p] += won
            tally.landlord_score[p] += score
            totals[pair[0]] += score
            totals[pair[1]] -= score
        for bot, total in enumerate(totals):
            tally.score[bot] += total
            tally.score_sq[bot] += total * total
        for i, j in itertools.combinations(range(n), 2):
            duel = landlord_scores[i, j] - landlord_scores[j, i]
            tally.duel[duel_index(i, j, n)] += duel
            tally.duel_sq[duel_index(i, j, n)] += duel * duel
        tally.deals += 1
    return tally


# --- running and summing up ------------------------------------------------------------------

def _empty(config: ArenaConfig) -> Sums:
    """The empty tally of ``config``'s table."""
    if config.rules.game == "runfast":
        return runfast.RunFastTally.empty(len(config.bots), config.rules.players)
    return Tally.empty(len(config.bots))


def run_arena(config: ArenaConfig, hands: int, *, backend: str = "local",
              workers: Optional[int] = None, address: Optional[str] = None, retries: int = 3,
              progress: Progress = lambda done: None) -> Sums:
    """Play ``hands`` deals of ``config`` and return their tally (a :class:`Tally`, or at a
    Run Fast table a :class:`~ddz_fast.arena.runfast.RunFastTally`). The keywords are the
    command line's options (``ddz-fast arena --hands N --backend ray --workers K ...``).

    ``backend``: ``"local"`` (``workers`` processes, default one per core) or ``"ray"`` (one
    task per range of deals on the Ray instance already initialised, else on ``address``,
    else on a new local one; a failed task is retried ``retries`` times). ``progress(done)``
    is called with the number of deals done as ranges finish. Bots that worker processes or
    Ray tasks cannot be sent are refused first, by name (see "Bots of your own").

    >>> run_arena(ArenaConfig(("random", "greedy"), seed=1), 4, workers=1).deals
    4
    >>> run_arena(ArenaConfig(("greedy", "random"), rules="runfast"), hands=2, workers=1).deals
    2
    """
    config = checked_config(config)
    return run_deals(play_deals, _empty(config), config, hands, backend=backend,
                     workers=workers, address=address, retries=retries, progress=progress)


def summarise(config: ArenaConfig, tally: Tally) -> Dict[str, Any]:
    """The results as JSON-ready data: per bot, head to head, ratings (see the module doc;
    at a Run Fast table :func:`ddz_fast.arena.runfast.summarise`'s)."""
    config = checked_config(config)
    if config.rules.game == "runfast":
        return runfast.summarise(config, tally)
    if not isinstance(tally, Tally):
        raise TypeError(f"tally must be a Tally, not {type(tally).__name__}")
    n, d = len(config.bots), tally.deals
    labels = config.labels
    pairs = seatings(n)
    wins = [[0.0] * n for _ in range(n)]
    for p, (x, y) in enumerate(pairs):
        wins[x][y] += tally.landlord_wins[p]
        wins[y][x] += d - tally.landlord_wins[p]
    ratings = bradley_terry(wins)
    bots = []
    for b in range(n):
        as_landlord = sum(tally.landlord_wins[p] for p, (x, _) in enumerate(pairs) if x == b)
        as_peasant = sum(d - tally.landlord_wins[p] for p, (_, y) in enumerate(pairs) if y == b)
        games = d * (n - 1)  # per role
        mean, low, high = normal_interval(tally.score[b], tally.score_sq[b], d, 2 * (n - 1))
        bots.append({
            "bot": labels[b], "games": 2 * games,
            "landlord_win_rate": as_landlord / games,
            "landlord_win_ci95": list(wilson_interval(as_landlord / games * d, d)),
            "peasant_win_rate": as_peasant / games,
            "peasant_win_ci95": list(wilson_interval(as_peasant / games * d, d)),
            "mean_score": mean, "mean_score_ci95": [low, high],
            "rating": ratings[b], "fallbacks": tally.fallbacks[b],
        })
    head_to_head = []
    for i, j in itertools.combinations(range(n), 2):
        k = duel_index(i, j, n)
        mean, low, high = normal_interval(tally.duel[k], tally.duel_sq[k], d, 2)
        head_to_head.append({"bot": labels[i], "opponent": labels[j], "games": 2 * d,
                             "wins": int(wins[i][j]), "losses": int(wins[j][i]),
                             "mean_score": mean, "mean_score_ci95": [low, high]})
    return {"deals": d, "games": d * len(pairs), "seed": config.seed,
            "rules": config.rules.name, "bots": bots,
            "head_to_head": head_to_head, "tally": tally.as_dict()}
