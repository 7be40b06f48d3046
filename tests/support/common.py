"""Run the native core and the reference side by side (the RapidFuzz ``tests/support/common.py``
idea).

``both(name, ...)`` calls ``ddz_fast.moves.native.<name>`` and ``ddz_fast.reference.moves.<name>``
with the same arguments and asserts equal results, or the same exception type and message (which it
then re-raises, so ``pytest.raises`` works around it). Results compare as the API promises: a
MoveList equals the reference's list move for move, numpy results element for element with the same
dtype and shape.
"""
from __future__ import annotations

import copy as _copy

import random
from typing import Any, Callable, List, Sequence, Tuple, TypeVar

import numpy as np
import pytest

import ddz_fast.reference.moves as reference
from ddz_fast.moves import IMPLEMENTATION
from ddz_fast.compiled import HAVE_CORE

if HAVE_CORE:
    import ddz_fast.moves.native as native
else:  # no compiled core (DDZ_FAST_IMPLEMENTATION=python): only the reference side runs
    native = None
from ddz_fast import Hand, Move, Rules, action_space
from ddz_fast.engine.bidding import auction_status
from ddz_fast.actions import Bid
from ddz_fast.cards import MAX_COPIES, NUM_RANKS

IMPLEMENTATIONS = (native, reference)
T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

#: Under DDZ_FAST_IMPLEMENTATION=python every public call runs the pure-Python reference,
#: tens to hundreds of times slower than the compiled core: the tests whose work is a large
#: random sample (hands, games, batched calls) take a sample this many times smaller then.
PYTHON_SAMPLE_DIVISOR = 20


def sample_size(n: int, *, minimum: int = 1) -> int:
    """How many of ``n`` samples a test takes under the chosen implementation.

    ``n`` itself under the native implementation (the default): the native run is never
    weakened. Under ``DDZ_FAST_IMPLEMENTATION=python`` (the reference-side run, docs/install.md,
    "Without the compiled core") it is ``n // PYTHON_SAMPLE_DIVISOR``, but at least
    ``minimum`` (and never more than ``n``), so that the run finishes in minutes and still
    covers every kind of case the sample was drawn for.
    """
    if IMPLEMENTATION != "python":
        return n
    return min(n, max(minimum, n // PYTHON_SAMPLE_DIVISOR))


def sizes(default: int, full: int) -> List[Any]:
    """The two sizes of a long sweep, as pytest parameters: ``default`` in the default run and
    ``full`` marked ``slow`` (``pytest -m slow``, ``bash .ci/run --slow``), so that the default run
    checks every kind of case the sweep draws and the slow step checks many more."""
    return [pytest.param(default, id=f"{default}"),
            pytest.param(full, id=f"{full}", marks=pytest.mark.slow)]


def slow_in_python(test: F) -> F:
    """Mark ``test`` ``slow`` under DDZ_FAST_IMPLEMENTATION=python only.

    For a test that is quick on the compiled core but whose work cannot be sampled down (a
    fixed unit of work is what it is about): the reference-side run (``-m "not native and not
    slow"``) leaves it out, the native run keeps it whatever ``-m`` says of ``slow``.
    """
    return pytest.mark.slow(test) if IMPLEMENTATION == "python" else test
PRESET_NAMES = ("standard", "rlcard", "openspiel", "douzero", "botzone")
#: Rule sets beyond the presets: wings that repeat twice, the trio-next-to-chain ban with wings
#: that may repeat four times, and other mixes no preset has.
CUSTOM_RULES = (
    Rules(solo_wing_max_copies=2),
    Rules(solo_wing_max_copies=4, trio_wing_next_to_chain=False),
    Rules(solo_wing_max_copies=4, trio_wing_next_to_chain=False, rocket_in_kickers=False,
          four_two_solo_max_copies=2),
    Rules(solo_wing_max_copies=3, four_two_solo_max_copies=2),
    Rules(solo_wing_max_copies=2, rocket_in_kickers=False, four_two=False),
)
ALL_RULES: Tuple[Rules, ...] = tuple(Rules.preset(p) for p in PRESET_NAMES) + CUSTOM_RULES
DECK = [rank for rank in range(NUM_RANKS) for _ in range(MAX_COPIES[rank])]


def same(a: Any, b: Any) -> bool:
    """Equal as results of the API: element-wise for arrays, in order for sequences."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.dtype == b.dtype
                and a.shape == b.shape and bool(np.array_equal(a, b)))
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, native.MoveList):
        return a == list(b) if isinstance(b, (list, tuple)) else a == b
    return type(a) is type(b) and a == b


def both(name: str, *args: Any, **kwargs: Any) -> Any:
    """The native result of ``name(*args, **kwargs)``, checked against the reference."""
    outcomes = []
    for implementation in IMPLEMENTATIONS:
        try:
            outcomes.append((True, getattr(implementation, name)(*args, **kwargs)))
        except Exception as exc:  # noqa: BLE001 - any exception must match the reference's
            outcomes.append((False, exc))
    (native_ok, native_out), (reference_ok, reference_out) = outcomes
    call = f"{name}(*{args!r}, **{kwargs!r})"
    if not native_ok and not reference_ok:
        assert (type(native_out), str(native_out)) == (type(reference_out), str(reference_out)), \
            f"{call}: native raised {native_out!r}, the reference {reference_out!r}"
        raise native_out
    assert native_ok, f"{call}: native raised {native_out!r}, the reference returned"
    assert reference_ok, f"{call}: the reference raised {reference_out!r}, native returned"
    assert same(native_out, reference_out), \
        f"{call}: native {native_out!r} != reference {reference_out!r}"
    return native_out


def random_hand(rng: random.Random, size: int) -> Hand:
    """``size`` distinct cards of one deck."""
    counts = [0] * NUM_RANKS
    for rank in rng.sample(DECK, size):
        counts[rank] += 1
    return Hand(counts)


def dense_hand(rng: random.Random, size: int) -> Hand:
    """Up to ``size`` cards from a few neighbouring ranks (and maybe the jokers): hands full of
    trios, airplanes, bombs and repeated wings, which uniform deals rarely hold."""
    low = rng.randrange(0, 12)
    ranks = list(range(low, min(low + rng.randint(3, 7), 13)))
    if rng.random() < 0.4:
        ranks += [13, 14]
    pool = [rank for rank in ranks for _ in range(MAX_COPIES[rank])]
    counts = [0] * NUM_RANKS
    for rank in rng.sample(pool, min(size, len(pool))):
        counts[rank] += 1
    return Hand(counts)


def wild_rich_hand(rng: random.Random, wild: Sequence[int], size: int) -> List[int]:
    """The counts of ``size`` cards of one deck, each card of a ``wild`` rank three times as
    likely as any other, so that hands with wild cards hold several."""
    weights = [3 if rank in wild else 1 for rank in DECK]
    hand = [0] * NUM_RANKS
    while sum(hand) < size:
        rank = rng.choices(DECK, weights)[0]
        if hand[rank] < MAX_COPIES[rank]:
            hand[rank] += 1
    return hand


def random_hands(count: int, seed: int, max_size: int = 20) -> List[Hand]:
    """Half uniform deals, half dense hands, of 1..``max_size`` cards, from one seed."""
    rng = random.Random(seed)
    make = (random_hand, dense_hand)
    return [make[i % 2](rng, rng.randint(1, max_size)) for i in range(count)]


def counts_array(hands: Sequence[Hand], dtype: Any = np.int64) -> np.ndarray:
    return np.array([hand.counts for hand in hands], dtype=dtype).reshape(len(hands), NUM_RANKS)


# --- auctions and random hands, at three seats and at four -----------------------------------

def expected_bidder(rules: Rules, first: int, bids: Sequence[Tuple[int, Bid]],
                    players: int) -> int:
    """Who must act next in an auction still running at a table of ``players`` seats: an
    imperative model of docs/RULES.md ("Bidding", and "Four players with two decks")."""
    if rules.bidding == "points" and not rules.single_round_auction:
        passed = set()
        turn = first
        for player, bid in bids:
            assert player == turn
            if bid == Bid.PASS:
                passed.add(player)
            turn = (player + 1) % players
            while turn in passed:
                turn = (turn + 1) % players
        return turn
    if rules.bidding == "points":
        return (first + len(bids)) % players
    calls = [i for i, (_, bid) in enumerate(bids) if bid == Bid.CALL]
    if not calls:
        return (first + len(bids)) % players
    robbers = [(first + i) % players for i in range(calls[0] + 1, players)]
    after_call = len(bids) - calls[0] - 1
    if after_call < len(robbers):
        return robbers[after_call]
    return bids[calls[0]][0]  # the first caller robs back


def decide(state: Any, rng: random.Random) -> object:
    """Mostly a random legal action; sometimes a timeout, auto-play when it is on (a step of
    the random hands of either table)."""
    if state.auto_play[state.current_player]:
        if rng.random() < 0.1 and not state.has_left[state.current_player]:
            state.set_auto_play(state.current_player, False)
        else:
            return state.play_auto()
    if rng.random() < 0.02:
        return state.timeout()
    action = rng.choice(state.legal_actions())
    state.apply(action)
    return action


def illegal_moves(state: Any, legal: set, rng: random.Random) -> List[object]:
    """Actions the play phase refuses: up to 8 moves of the action space that are not in
    ``legal``, a bid, an int, and the pass when the player leads."""
    moves = action_space(state.rules)
    candidates = [m for m in rng.sample(moves, 8) if m not in legal] + [Bid.PASS, 0]
    if state.prev is None:
        candidates.append(Move.PASS)
    return candidates


def replay_traced_auctions(rules: Rules, auctions: Sequence[tuple]) -> int:
    """Replay auctions traced by the native play loop, (first bidder, turns, landlord, stake)
    with landlord -1 for a re-deal, through :func:`ddz_fast.engine.bidding.auction_status`: every
    turn is the seat it names and a legal bid, and the end is the traced one. Returns how many
    were re-dealt."""
    redeals = 0
    for first, turns, landlord, stake in auctions:
        actions: tuple = ()
        for seat, bid in turns:
            status = auction_status(rules, first, actions)
            assert status.to_move == seat and Bid(bid) in status.legal, (first, turns)
            actions += ((seat, Bid(bid)),)
        status = auction_status(rules, first, actions)
        assert status.is_over, (first, turns)
        if landlord < 0:
            assert status.redeal
            redeals += 1
        else:
            assert (status.landlord, status.base_stake) == (landlord, stake)
    return redeals


def check_first_auctions(games: Any, auctions: Sequence[tuple]) -> None:
    """The traced auctions are those ``random_games`` ran: the first deal's, when it was not
    re-dealt (game ``i`` of ``games`` for auction ``i``)."""
    for i, (_, _, landlord, stake) in enumerate(auctions):
        if landlord >= 0:
            assert (games.landlord[i], games.base_stake[i]) == (landlord, stake)


def raised(call: Callable[[], object]) -> Tuple[type, str]:
    """The type and message of the TypeError or ValueError that ``call()`` must raise: two
    entry points that check alike give equal pairs."""
    with pytest.raises((TypeError, ValueError)) as caught:
        call()
    return type(caught.value), str(caught.value)


def tampered(position: T, **fields: Any) -> T:
    """A copy of ``position`` (any frozen object: a position, a duel, an information set, a
    rule set) with fields changed behind the constructor's back, for the functions that must
    check what they are handed again."""
    copy = _copy.copy(position)
    for name, value in fields.items():
        object.__setattr__(copy, name, value)
    return copy
