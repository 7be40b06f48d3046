"""The arena: rate bots against each other in duplicate games, on one machine or a Ray cluster.

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
seat ``i % 3``), as if the strongest hand won the auction; it takes the kitty and leads at
base stake 1, without doubling. The arena compares play only, not bidding or doubling.

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
(:func:`~ddz_fast.search.bots.plays_wild_cards`: random and greedy) take part; :class:`ArenaConfig`
refuses any other, naming it, before any hand is dealt. Choice where the rule book is silent
(it has no arena): the landlord seat is chosen from the cards alone, as without wild cards,
the wild ranks aside; being the same seat in every game of the deal is what duplicate needs.

**Work.** :func:`play_deals` plays a range of deals and returns a :class:`Tally` of integer
sums; tallies of disjoint ranges add up exactly, so the results are identical for any split of
the deals: in one process, over local worker processes (``backend="local"``) or as Ray tasks
(``backend="ray"``, the ``ray`` extra) on a local Ray instance or a running cluster.
"""
from __future__ import annotations

import itertools
import os
from dataclasses import dataclass, field, fields
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from ..search.bots import hand_strength, play_hand, plays_wild_cards, start_play
from ..search.catalog import make_bot, wild_card_bots
from ..engine.game import Game, deal_cards
from ..hand import Hand
from .parallel import imap_in_windows
from ..rules import Rules, checked_rules, three_player_table
from .stats import bradley_terry, normal_interval, wilson_interval
from ..validate import check_int

__all__ = ["ArenaConfig", "ArenaError", "Tally", "play_deals", "run_arena", "summarise",
           "wilson_interval", "normal_interval", "bradley_terry", "landlord_seat", "seatings",
           "FAULT_ENV"]

#: The most bots one run compares: a deal is played n (n - 1) times, 240 times for 16 bots.
MAX_BOTS = 16

#: The most deals one run plays (a run of that many takes years: the bound only refuses
#: numbers that can be no one's intent).
MAX_DEALS = 10**12

#: Fault injection for tests: when this environment variable names an existing file, the
#: first range of deals to start deletes it and raises (a task that fails once).
FAULT_ENV = "DDZ_FAST_ARENA_FAULT"


class ArenaError(RuntimeError):
    """A range of deals could not be played (after its retries): the run has no result."""


@dataclass(frozen=True)
class ArenaConfig:
    """What a run plays: the bots (specs such as ``"pimc:samples=64"``), rules and seed."""

    bots: Tuple[str, ...]
    seed: int = 0
    rules: Rules = field(default_factory=Rules)

    def __post_init__(self) -> None:
        if not isinstance(self.bots, (tuple, list)):
            raise TypeError(f"bots must be a tuple or list of bot specs, "
                            f"not {type(self.bots).__name__}")
        if not 2 <= len(self.bots) <= MAX_BOTS:
            raise ValueError(f"the arena needs at least two bots and at most {MAX_BOTS}, "
                             f"got {len(self.bots)}")
        made = [make_bot(spec, 0) for spec in self.bots]  # a bad spec fails here, not later
        object.__setattr__(self, "bots", tuple(self.bots))
        object.__setattr__(self, "rules", three_player_table(checked_rules(self.rules),
                                                             "the arena"))
        if self.rules.laizi:
            _check_wild_card_bots(self.bots, made, self.rules)
        object.__setattr__(self, "seed", check_int("seed", self.seed))   # a plain int

    @property
    def labels(self) -> List[str]:
        """The bots' names for output: their specs, numbered when one appears twice."""
        labels = []
        for i, spec in enumerate(self.bots):
            copies = self.bots.count(spec)
            labels.append(spec if copies == 1 else f"{spec}#{self.bots[:i + 1].count(spec)}")
        return labels


def _check_wild_card_bots(specs: Sequence[str], bots: Sequence[object], rules: Rules) -> None:
    """ValueError naming the first bot that does not play wild cards, which ``rules`` have."""
    for spec, bot in zip(specs, bots):
        if not plays_wild_cards(bot):
            raise ValueError(f"the arena plays hands with wild cards under the {rules.name} "
                             f"rules, and bot {spec!r:.100} cannot play them: choose among "
                             f"{', '.join(wild_card_bots())}")


def checked_config(config: object) -> "ArenaConfig":
    """``config`` rebuilt through its checks: a frozen ArenaConfig can still be changed with
    ``object.__setattr__``, and the deals must be played by what was checked."""
    if not isinstance(config, ArenaConfig):
        raise TypeError(f"config must be an ArenaConfig, not {type(config).__name__}")
    return ArenaConfig(config.bots, config.seed, config.rules)


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
    """The landlord of deal ``index``: the strongest hand with the kitty, ties from seat i % 3.

    >>> hands, kitty = deal_cards("1:0")
    >>> landlord_seat(hands, kitty, 0) in (0, 1, 2)
    True
    """
    index = check_int("index", index, 0)
    order = [(index + k) % 3 for k in range(3)]
    strength = [hand_strength([a + b for a, b in zip(hands[s].counts, kitty.counts)])
                for s in range(3)]
    return max(order, key=lambda seat: strength[seat])  # max keeps the first of equals


# --- the tally ------------------------------------------------------------------------------

@dataclass
class Tally:
    """Integer sums over a set of deals; tallies of disjoint sets add up exactly.

    Per ordered pair ``p`` of :func:`seatings` (landlord X, peasants Y): ``landlord_wins`` and
    ``landlord_score`` summed over deals. Per bot: ``score`` and ``score_sq``, the sum over
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

    def __iadd__(self, other: "Tally") -> "Tally":
        self.deals += other.deals
        for f in fields(self)[1:]:
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            setattr(self, f.name, [a + b for a, b in zip(mine, theirs)])
        return self

    def as_dict(self) -> Dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _duel_index(i: int, j: int, num_bots: int) -> int:
    """The index of the unordered pair i < j in row-major order of the upper triangle."""
    return i * num_bots - i * (i + 1) // 2 + (j - i - 1)


def _play_game(config: ArenaConfig, index: int, seat: int, pair: Tuple[int, int],
               fallbacks: List[int]) -> Tuple[int, bool]:
    """One game of deal ``index``: (the landlord's score, whether the landlord won)."""
    tag = f"{config.seed}:{index}"
    x, y = pair
    landlord = make_bot(config.bots[x], f"{tag}:{x}:{y}:landlord")
    peasants = make_bot(config.bots[y], f"{tag}:{x}:{y}:peasants")
    state = start_play(Game(config.rules), tag, landlord=seat)
    play_hand(state, landlord=landlord, peasants=peasants)
    fallbacks[x] += getattr(landlord, "fallbacks", 0)
    fallbacks[y] += getattr(peasants, "fallbacks", 0)
    return state.scores[seat], state.winner == "landlord"


def _maybe_fail() -> None:
    """The test hook of :data:`FAULT_ENV`: deleting the file decides the one range that fails."""
    path = os.environ.get(FAULT_ENV)
    if path:
        try:
            os.remove(path)
        except FileNotFoundError:
            return
        raise RuntimeError(f"injected failure ({FAULT_ENV}={path})")


def play_deals(config: ArenaConfig, start: int, stop: int) -> Tally:
    """The tally of deals ``start .. stop - 1``: a pure function of its arguments.

    >>> config = ArenaConfig(("random", "greedy"), seed=1)
    >>> tally = play_deals(config, 0, 3)
    >>> tally.deals, sum(tally.score)  # zero-sum between the bots
    (3, 0)
    """
    _maybe_fail()
    config = checked_config(config)
    start = check_int("start", start, 0, MAX_DEALS)
    stop = check_int("stop", stop, start, MAX_DEALS)
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
            tally.duel[_duel_index(i, j, n)] += duel
            tally.duel_sq[_duel_index(i, j, n)] += duel * duel
        tally.deals += 1
    return tally


# --- backends --------------------------------------------------------------------------------

Progress = Callable[[int], None]


def _ranges(deals: int, workers: int) -> Iterator[Tuple[int, int]]:
    # Small chunks for a smooth progress line and an even load; big enough that sending work
    # costs little next to playing it.
    size = max(1, min(50, deals // (workers * 8) or 1))
    for start in range(0, deals, size):
        yield start, min(start + size, deals)


def _play_range(job: Tuple[ArenaConfig, int, int]) -> Tally:
    return play_deals(*job)


def _run_local(config: ArenaConfig, deals: int, workers: int, progress: Progress) -> Tally:
    total = Tally.empty(len(config.bots))
    jobs = ((config, start, stop) for start, stop in _ranges(deals, workers))
    for tally in imap_in_windows(_play_range, jobs, min(workers, deals)):
        total += tally
        progress(total.deals)
    return total


def _import_ray() -> Any:
    try:
        import ray
    except ImportError as error:
        raise ImportError("the ray backend needs Ray: pip install 'ddz_fast[ray]' "
                          f"({error})") from error
    return ray


def _run_ray(config: ArenaConfig, deals: int, workers: Optional[int], progress: Progress,
             address: Optional[str], retries: int) -> Tally:
    """Every range of deals as a Ray task; a task that still fails after ``retries`` retries
    stops the run with :class:`ArenaError` (its deals are never left out of the totals)."""
    ray = _import_ray()
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        cpus = workers or int(ray.cluster_resources().get("CPU", 1)) or 1
        remote = ray.remote(play_deals).options(max_retries=retries, retry_exceptions=True)
        pending = {remote.remote(config, start, stop): (start, stop)
                   for start, stop in _ranges(deals, cpus)}
        total = Tally.empty(len(config.bots))
        try:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                start, stop = pending.pop(done[0])
                try:
                    total += ray.get(done[0])
                except Exception as error:
                    # Ray wraps the task's exception with its traceback: report the exception.
                    cause = getattr(error, "cause", None) or error
                    raise ArenaError(f"deals {start}..{stop - 1} failed after {retries} "
                                     f"retries: {type(cause).__name__}: {cause}") from error
                progress(total.deals)
        finally:
            for ref in pending:
                ray.cancel(ref)
        return total
    finally:
        if started:
            ray.shutdown()


def run_arena(config: ArenaConfig, deals: int, *, backend: str = "local",
              workers: Optional[int] = None, address: Optional[str] = None, retries: int = 3,
              progress: Progress = lambda done: None) -> Tally:
    """Play ``deals`` deals of ``config`` and return their tally.

    ``backend``: ``"local"`` (``workers`` processes, default one per core) or ``"ray"`` (one
    task per range of deals on the Ray instance already initialised, else on ``address``,
    else on a new local one; a failed task is retried ``retries`` times). ``progress(done)``
    is called with the number of deals done as ranges finish.

    >>> run_arena(ArenaConfig(("random", "greedy"), seed=1), 4, workers=1).deals
    4
    """
    if not isinstance(backend, str):
        raise TypeError(f"backend must be 'local' or 'ray', not {type(backend).__name__}")
    deals = check_int("deals", deals, 1, MAX_DEALS)
    retries = check_int("retries", retries, 0, 100)
    if workers is not None:
        workers = check_int("workers", workers, 1)
    if backend == "local":
        total = _run_local(config, deals, workers or os.cpu_count() or 1, progress)
    elif backend == "ray":
        total = _run_ray(config, deals, workers, progress, address, retries)
    else:
        raise ValueError(f"unknown backend {backend!r:.100}: choose local or ray")
    if total.deals != deals:  # a lost range would bias every number: never report it
        raise ArenaError(f"{total.deals} of {deals} deals came back")
    return total


def summarise(config: ArenaConfig, tally: Tally) -> Dict[str, Any]:
    """The results as JSON-ready data: per bot, head to head, ratings (see the module doc)."""
    config = checked_config(config)
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
        k = _duel_index(i, j, n)
        mean, low, high = normal_interval(tally.duel[k], tally.duel_sq[k], d, 2)
        head_to_head.append({"bot": labels[i], "opponent": labels[j], "games": 2 * d,
                             "wins": int(wins[i][j]), "losses": int(wins[j][i]),
                             "mean_score": mean, "mean_score_ci95": [low, high]})
    return {"deals": d, "games": d * len(pairs), "seed": config.seed,
            "rules": config.rules.name, "bots": bots,
            "head_to_head": head_to_head, "tally": tally.as_dict()}
