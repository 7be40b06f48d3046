"""Information sets and their determinizations (docs/RULES.md, "Imperfect information").

The expected distributions come from ddz_fast.reference.sampling, which enumerates every split
of the unseen cards with its weight straight from the rule book; the native sampler reduces the
problem to per-rank ranges and a counting table, a different route to the same numbers.
"""
from __future__ import annotations

import random
from dataclasses import replace
from math import comb
from typing import Dict, Iterator, List, Optional, Tuple

import numpy as np
import pytest

from ddz_fast import Game, Hand, InformationSet, Position, Rules, random_games
from ddz_fast.actions import Bid
from ddz_fast.cards import FULL_DECK, NUM_RANKS
from ddz_fast.search.infoset import MAX_SAMPLES, information_set, split_spec
from ddz_fast.reference.sampling import deal_count, enumerate_splits, sample_reference
from ddz_fast.actions import DealBonus
from support.chi_square import chi2_p, chi2_sf
from support.common import sizes

pytestmark = pytest.mark.native

COUNT_MASK = int("7" * NUM_RANKS, 16)
SHIFTS = np.arange(NUM_RANKS, dtype=np.uint64) * np.uint64(4)


# --- helpers -------------------------------------------------------------------------------------

def test_chi2_sf_matches_known_values():
    # Table values: the 5% critical points of chi-square with 1, 2, 5 and 10 degrees of freedom.
    for x, df in ((3.841, 1), (5.991, 2), (11.070, 5), (18.307, 10)):
        assert chi2_sf(x, df) == pytest.approx(0.05, abs=2e-4)
    assert chi2_sf(0.0, 3) == pytest.approx(1.0)


def counts_of(words: np.ndarray) -> np.ndarray:
    """Rank counts of hand words: shape + (15,)."""
    return ((words[..., None] >> SHIFTS) & np.uint64(7)).astype(np.int64)


def words_at(games, game: int, cut: int) -> Tuple[List[int], List[int], int]:
    """(hand words, played words, player to move) of a recorded random game after ``cut``
    actions. Counts never leave their nibbles, so words add and subtract like count vectors."""
    landlord = int(games.landlord[game])
    hands = [int(w) for w in games.hands[game]]
    played = [0, 0, 0]
    for j, word in enumerate(games.game_moves(game)[:cut].tolist()):
        cards = word & COUNT_MASK
        hands[(landlord + j) % 3] -= cards
        played[(landlord + j) % 3] += cards
    return hands, played, (landlord + cut) % 3


def infosets_at(games, game: int, cut: int) -> List[InformationSet]:
    """The information sets of the three players after ``cut`` actions of a recorded game."""
    hands, played, to_move = words_at(games, game, cut)
    position = Position([Hand.from_bitboard(h) for h in hands], int(games.landlord[game]),
                        to_move)
    public = dict(played=[Hand.from_bitboard(p) for p in played],
                  kitty=Hand.from_bitboard(int(games.kitty[game])))
    return [InformationSet.from_position(position, player, **public) for player in range(3)]


def infoset_at(games, game: int, cut: int, player: int) -> InformationSet:
    return infosets_at(games, game, cut)[player]


def late_cuts(games, game: int, player: int, step: int = 1) -> Iterator[int]:
    """Cuts of a recorded game, from its end back, where ``player`` cannot see more than 12
    cards and no hand is empty yet."""
    for cut in range(len(games.game_moves(game)) - 1, 0, -step):
        left = [len(Hand.from_bitboard(h)) for h in words_at(games, game, cut)[0]]
        if sum(left) - left[player] <= 12 and min(left) > 0:
            yield cut


def small_infosets(count: int, seed: int) -> List[InformationSet]:
    """Late-hand information sets with 2..60 splits, both views, from recorded random games."""
    games = random_games(400, seed, record=True)
    found: List[InformationSet] = []
    rng = random.Random(seed)
    for game in range(len(games)):
        landlord = int(games.landlord[game])
        player = [landlord, (landlord + 1) % 3, (landlord + 2) % 3][game % 3]
        for cut in late_cuts(games, game, player):
            info = infoset_at(games, game, cut, player)
            if 2 <= len(enumerate_splits(info)) <= 60 and rng.random() < 0.5:
                found.append(info)
                break
        if len(found) == count:
            return found
    raise AssertionError(f"only {len(found)} small information sets found")


SMALL = None


def small() -> List[InformationSet]:
    global SMALL
    if SMALL is None:
        SMALL = small_infosets(60, 2024)
    return SMALL


def split_histogram(info: InformationSet, samples: np.ndarray,
                    splits) -> List[int]:
    index = {words: i for i, (words, _) in enumerate(splits)}
    hist = [0] * len(splits)
    for row in map(tuple, samples.tolist()):
        hist[index[row]] += 1   # a KeyError here is a sample outside the information set
    return hist


# --- 1. uniformity against full enumeration ------------------------------------------------------

def test_small_sets_cover_both_views_and_the_kitty_constraint():
    infos = small()
    assert len(infos) >= 50
    assert sum(i.player == i.landlord for i in infos) >= 10
    peasants = [i for i in infos if i.player != i.landlord]
    assert len(peasants) >= 20
    assert sum(any(i.kitty_constraint) for i in peasants) >= 10


def test_native_samples_are_uniform_on_small_sets():
    n = 6000
    for k, info in enumerate(small()):
        splits = enumerate_splits(info)
        total = sum(w for _, w in splits)
        hist = split_histogram(info, info.sample(n, 1000 + k), splits)
        p = chi2_p(hist, [n * w / total for _, w in splits])
        assert p > 0.001, (k, info, hist)


def test_kitty_constraint_changes_the_distribution():
    # Hand derivation: peasant 1 sees landlord 0 hold 2 cards and peasant 2 hold 1, unseen
    # {3, 3, 4}; the kitty showed a 4 the landlord has not played, so the landlord holds the 4
    # and one of the two 3s: weight C(2, 1) = 2 for landlord {3, 4}; 0 for landlord {3, 3}.
    position = Position(["34", "5", "3"], landlord=0, to_move=1)
    info = InformationSet.from_position(position, 1, kitty="4KK", played=["KK", "", ""])
    assert info.kitty_constraint == Hand("4").counts
    assert enumerate_splits(info) == [((Hand("34").bitboard, Hand("5").bitboard,
                                        Hand("3").bitboard), 2)]
    # Without the kitty both splits are possible, {3, 3} once and {3, 4} twice (3 = C(3, 2)).
    free = InformationSet.from_position(position, 1)
    assert sorted(w for _, w in enumerate_splits(free)) == [1, 2]
    assert free.deal_count() == deal_count(free) == 3


# --- 2. consistency on many mid-game sets --------------------------------------------------------

def truth_constraints(hands, info: InformationSet, rng: random.Random) -> Optional[Dict]:
    """A random constraint the real deal meets (so some deal always does)."""
    if rng.random() < 0.5:
        return None
    seat = rng.choice(info.hidden_seats)
    rank = rng.randrange(NUM_RANKS)
    true = hands[seat][rank]
    value = rng.choice([true, (0, true), (true, FULL_DECK[rank])])
    return {seat: {rank: value}}


def check_samples(info: InformationSet, samples: np.ndarray, constraints) -> None:
    counts = counts_of(samples)                      # (n, 3, 15)
    assert (counts[:, info.player] == np.array(info.hand.counts)).all()
    a, b = info.hidden_seats
    assert (counts[:, a] + counts[:, b] == np.array(info.unseen)).all()
    for seat in (a, b):
        assert (counts[:, seat].sum(axis=1) == info.card_counts[seat]).all()
    assert (counts[:, info.landlord] >= np.array(info.kitty_constraint)).all()
    assert (counts <= np.array(FULL_DECK)).all()
    for seat, per_rank in (constraints or {}).items():
        for rank, value in per_rank.items():
            low, high = value if isinstance(value, tuple) else (value, value)
            assert (low <= counts[:, seat, rank]).all() and (counts[:, seat, rank] <= high).all()


@pytest.mark.parametrize("hands", sizes(1667, 3334))     # x 3 players: 10,002 sets when slow
def test_every_sample_of_mid_game_sets_is_consistent(hands):
    # Random hands, each cut once in its middle part and seen by its three players: 8 samples
    # of each set (about half of the sets under a constraint the real deal meets), every one
    # checked.
    games = random_games(hands, 77, record=True)
    rng = random.Random(77)
    checked = 0
    for game in range(len(games)):
        moves = games.game_moves(game)
        cut = rng.randrange(len(moves) // 4, 3 * len(moves) // 4 + 1)
        real = [Hand.from_bitboard(w).counts for w in words_at(games, game, cut)[0]]
        for player, info in enumerate(infosets_at(games, game, cut)):
            constraints = truth_constraints(real, info, rng)
            check_samples(info, info.sample(8, game * 3 + player, constraints=constraints),
                          constraints)
            if constraints is None:
                # Vandermonde: without constraints the weights sum to C(free cards, A's share).
                spec = split_spec(info)
                assert info.deal_count() == comb(sum(spec.free), spec.need)
            checked += 1
    assert checked == 3 * hands


# --- 3. native == twin ---------------------------------------------------------------------------

def constraint_cases(info: InformationSet) -> Iterator[Optional[Dict]]:
    yield None
    a, b = info.hidden_seats
    top = max(range(NUM_RANKS), key=lambda r: info.unseen[r])
    yield {a: {top: 0}}
    yield {b: {top: (1, 4 if top < 13 else 1)}}
    yield {a: {top: (0, 1)}, b: {0: (0, 2)}}


def test_native_counts_equal_the_enumeration_exactly():
    for info in small():
        for constraints in constraint_cases(info):
            try:
                expected = deal_count(info, constraints)
            except ValueError:           # a constraint no deal meets could not be enumerated
                continue
            assert info.deal_count(constraints) == expected, (info, constraints)


def test_constrained_samples_are_uniform_among_the_constrained_splits():
    n, tested = 4000, 0
    for k, info in enumerate(small()):
        for j, constraints in enumerate(list(constraint_cases(info))[1:]):
            splits = enumerate_splits(info, constraints)
            if len(splits) < 2:
                continue
            total = sum(w for _, w in splits)
            hist = split_histogram(info, info.sample(n, 10 * k + j, constraints=constraints),
                                   splits)
            assert chi2_p(hist, [n * w / total for _, w in splits]) > 0.001, (k, constraints)
            tested += 1
    assert tested >= 20


def test_native_and_twin_samples_have_one_distribution():
    # Homogeneity: the two samples' histograms against their pooled proportions.
    n, compared = 3000, 0
    for k, info in enumerate(small()[:20]):
        splits = enumerate_splits(info)
        native = split_histogram(info, info.sample(n, 7 + k), splits)
        twin = split_histogram(info, sample_reference(info, n, 7 + k), splits)
        stat, bins = 0.0, 0
        for x, y in zip(native, twin):
            if x + y >= 10:
                stat += (x - y) ** 2 / (x + y)   # 2x2 chi-square term for equal sample sizes
                bins += 1
        if bins >= 2:
            assert chi2_sf(stat, bins - 1) > 0.001, (k, native, twin)
            compared += 1
        total = sum(w for _, w in splits)
        assert chi2_p(twin, [n * w / total for _, w in splits]) > 0.001
    assert compared >= 10


# --- 4. an information set reveals no hidden card ------------------------------------------------

def play_random(state, rng: random.Random, actions: int) -> None:
    for _ in range(actions):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))


def replayed(state, hands, kitty):
    """The state's history replayed on another deal."""
    copy = state.game.new_state_from_hands(hands, kitty, first_bidder=state.first_bidder,
                                           seed=state.seed)
    for player, action in state.history:
        copy.apply(action)
    return copy


def test_swapping_the_hidden_hands_gives_an_equal_information_set():
    rng = random.Random(5)
    game = Game(rules="standard")
    swapped_play = 0
    for seed in range(40):
        state = game.new_state(seed)
        play_random(state, rng, rng.randrange(0, 30))
        if state.redeals or state.is_over:
            continue
        deal = state.deal
        for player in range(3):
            info = information_set(state, player)
            assert info == InformationSet.from_state(state, player) and hash(info)
            if state.phase == "bidding":
                a, b = info.hidden_seats
                hands = list(deal.hands)
                hands[a], hands[b] = hands[b], hands[a]
                other = replayed(state, hands, deal.kitty)
            else:
                other = replayed(state, start_hands(state, info, rng), deal.kitty)
                swapped_play += other.hands != state.hands
            assert information_set(other, player) == info
    assert swapped_play >= 20


def start_hands(state, info: InformationSet, rng: random.Random) -> List[Hand]:
    """Dealt hands that lead to a sampled determinization of ``info`` after the same actions."""
    row = info.sample(1, rng.randrange(2 ** 64))[0]
    dealt = []
    for seat in range(3):
        now = Hand.from_bitboard(int(row[seat])).counts
        kitty = state.kitty.counts if seat == state.landlord else (0,) * NUM_RANKS
        dealt.append(Hand([n + p - k for n, p, k in
                           zip(now, info.played[seat].counts, kitty)]))
    return dealt


def test_state_infoset_fields():
    state = Game().new_state(3)
    info = information_set(state, 1)
    assert (info.phase, info.landlord, info.kitty, info.to_move) == ("bidding", None, None, 0)
    assert info.card_counts == (17, 17, 17) and sum(info.unseen) == 37
    with pytest.raises(ValueError, match="landlord known"):
        info.sample(1, 0)
    state.apply(3)                      # seat 0 bids 3 and is landlord
    info = information_set(state, 1)
    assert info.landlord == 0 and info.kitty == state.deal.kitty
    assert info.kitty_constraint == state.deal.kitty.counts
    assert info.history == ((0, state.history[0][1]),)
    assert information_set(state, 0).kitty_constraint == (0,) * NUM_RANKS


# --- determinism and input checks ----------------------------------------------------------------

def test_same_seed_same_samples():
    info = small()[0]
    assert np.array_equal(info.sample(100, 9), info.sample(100, 9))
    assert info.sample(0, 9).shape == (0, 3)
    assert info.sample(5, 2 ** 64 - 1).dtype == np.uint64


@pytest.mark.parametrize("kwargs, error, match", [
    ({"n": -1}, ValueError, "n must be at least 0"),
    ({"n": MAX_SAMPLES + 1}, ValueError, "n must be at most"),
    ({"n": 1.5}, TypeError, "n must be an int"),
    ({"seed": -1}, ValueError, "seed must be in 0..2"),
    ({"seed": 2 ** 64}, ValueError, "seed must be in 0..2"),
    ({"seed": "x"}, TypeError, "seed must be an int"),
    ({"constraints": [1]}, TypeError, "constraints must be a mapping"),
    ({"constraints": {3: {}}}, ValueError, "seat 0, 1 or 2"),
    ({"constraints": {"OWN": {}}}, ValueError, "the player itself"),
    ({"constraints": {"A": {"Z": 0}}}, ValueError, "unknown rank"),
    ({"constraints": {"A": {"B": 2}}}, ValueError, "at most 1"),
    ({"constraints": {"A": {0: (3, 1)}}}, ValueError, "is empty"),
    ({"constraints": {"A": {0: "x"}}}, TypeError, "an int or a .low, high. tuple"),
    ({"constraints": {"A": 0}}, TypeError, "must be a mapping"),
])
def test_bad_arguments_are_named(kwargs, error, match):
    info = small()[1]
    seats = {"OWN": info.player, "A": info.hidden_seats[0]}
    if "constraints" in kwargs and isinstance(kwargs["constraints"], dict):
        kwargs["constraints"] = {seats.get(k, k): v for k, v in kwargs["constraints"].items()}
    args = {"n": 3, "seed": 1, **kwargs}
    with pytest.raises(error, match=match):
        info.sample(args.pop("n"), args.pop("seed"), **args)


def test_impossible_constraints_are_an_error():
    # Hand derivation: seats 1 and 2 hide {3, 3, 4} (2 + 1 cards); seat 1 holding no 3 cannot
    # be, nor can seat 2 hold both 3s with one card.
    info = InformationSet.from_position(Position(["34", "33", "4"], 0, 0), 0)
    for constraints in ({1: {"3": 0}}, {2: {"3": 2}}, {1: {"4": 1}, 2: {"4": 1}}):
        assert info.deal_count(constraints) == 0
        with pytest.raises(ValueError, match="no deal of the unseen cards"):
            info.sample(1, 0, constraints=constraints)
    assert info.deal_count({1: {"3": 2}}) == 1      # both 3s to seat 1, the 4 to seat 2
    assert info.deal_count() == 3                    # C(3, 2): which two of 3, 3, 4 seat 1 gets


def test_a_set_changed_after_it_was_made_is_checked_again_before_it_is_sampled():
    # Hand derivation: seat 0 holds 3 and 4; seats 1 and 2 hide {3, 3, 4}. A frozen set can
    # still be written with object.__setattr__, and so can the counts of a Hand in it: each
    # change is found before the sampler reads it, and a set changed back samples again.
    info = InformationSet.from_position(Position(["34", "33", "4"], 0, 0), 0)
    assert info.sample(2, 7).shape == (2, 3)
    unseen = info.unseen
    object.__setattr__(info, "unseen", (0,) * NUM_RANKS)
    with pytest.raises(ValueError, match="unseen cards cannot make"):
        info.sample(1, 0)
    object.__setattr__(info, "unseen", unseen)
    assert info.sample(2, 7).shape == (2, 3)
    counts = info.hand._counts
    object.__setattr__(info.hand, "_counts", (5,) + counts[1:])
    with pytest.raises(ValueError, match="says seat 0 holds 2 cards"):
        info.deal_count()
    object.__setattr__(info.hand, "_counts", counts)
    assert info.deal_count() == 3


def test_inconsistent_public_facts_are_refused():
    position = Position(["34", "5", "3"], landlord=0, to_move=1)
    with pytest.raises(ValueError, match="kitty cards"):
        InformationSet.from_position(position, 1, kitty="55K")
    with pytest.raises(ValueError, match="one deck has 4"):
        InformationSet.from_position(position, 1, played=["3333", "", ""])
    with pytest.raises(ValueError, match="player must be seat"):
        InformationSet.from_position(position, 3)
    with pytest.raises(TypeError, match="state must be a State"):
        InformationSet.from_state(position, 0)
    info = InformationSet.from_position(position, 1)
    with pytest.raises(Exception):
        info.player = 2                                  # frozen


# --- 6. deal bonuses: public facts about the deal ------------------------------------------------

def dealt_bonuses(games, game: int) -> tuple:
    """(seat, bonus) of a recorded game's deal, read from rank counts: both jokers (ranks 13
    and 14) and every rank 3..A (0..11) in a hand as dealt (the landlord's without the kitty)."""
    kitty = Hand.from_bitboard(int(games.kitty[game])).counts
    found = []
    for seat, word in enumerate(games.hands[game]):
        counts = Hand.from_bitboard(int(word)).counts
        if seat == games.landlord[game]:
            counts = tuple(c - k for c, k in zip(counts, kitty))
        if counts[13] == counts[14] == 1:
            found.append((seat, DealBonus.DOUBLE_KINGS))
        if all(counts[r] for r in range(12)):
            found.append((seat, DealBonus.STRAIGHT))
    return tuple(found)


def bonus_infosets(count: int, seed: int, rules) -> List[InformationSet]:
    """Late-hand information sets of games with deal bonuses where what the bonuses say (or
    that a seat announced none) rules out some splits of the unseen cards."""
    games = random_games(3000, seed, record=True, rules=rules)
    found: List[InformationSet] = []
    for game in range(len(games)):
        player = (int(games.landlord[game]) + game) % 3
        for cut in late_cuts(games, game, player, step=3):
            plain = infoset_at(games, game, cut, player)
            if rules.kitty == 0:
                plain = replace(plain, kitty=None)
            info = replace(plain, deal_bonuses=dealt_bonuses(games, game))
            splits = enumerate_splits(info)
            if 2 <= len(splits) <= 300 and len(splits) < len(enumerate_splits(plain)):
                found.append(info)
                break
        if len(found) == count:
            return found
    raise AssertionError(f"only {len(found)} information sets where the bonuses matter")


@pytest.fixture(scope="module", params=["standard", "no_kitty"])
def bonus_sets(request):
    rules = Rules.preset(request.param).replace(deal_bonuses=True)
    return bonus_infosets(25, 99, rules)


def test_deal_bonuses_count_the_deals_they_leave_exactly(bonus_sets):
    # The reference enumerates every split and keeps those whose hands as dealt have exactly
    # the announced bonuses; the native count adds up disjoint per-rank ranges.
    assert any(info.deal_bonuses for info in bonus_sets)
    assert any(not info.deal_bonuses for info in bonus_sets)   # "none announced" binds too
    for info in bonus_sets:
        assert info.deal_count() == deal_count(info) > 0, info
        without = replace(info, deal_bonuses=None)
        assert info.deal_count() < without.deal_count()
        a, b = info.hidden_seats
        top = max(range(NUM_RANKS), key=lambda r: info.unseen[r])
        for constraints in ({a: {top: 0}}, {b: {top: (1, 4)}}):
            assert info.deal_count(constraints) == deal_count(info, constraints)


def test_deal_bonus_samples_are_uniform_among_the_deals_they_leave(bonus_sets):
    n = 4000
    for k, info in enumerate(bonus_sets):
        splits = enumerate_splits(info)
        total = sum(w for _, w in splits)
        hist = split_histogram(info, info.sample(n, 50 + k), splits)  # KeyError: outside
        assert chi2_p(hist, [n * w / total for _, w in splits]) > 0.001, (k, info, hist)
        assert np.array_equal(info.sample(50, 3), info.sample(50, 3))


def test_the_exact_split_that_rejection_falls_back_on_is_uniform_too(bonus_sets):
    # Sampling keeps uniform deals of the announced bonuses that give no seat another bonus,
    # and falls back on the exact split of the deals when it keeps too few: both are uniform.
    n = 4000
    for k, info in enumerate(bonus_sets[:8]):
        splits = enumerate_splits(info)
        total = sum(w for _, w in splits)
        hist = split_histogram(info, info._sample_split(n, 70 + k, None), splits)
        assert chi2_p(hist, [n * w / total for _, w in splits]) > 0.001, (k, info, hist)


def test_a_state_passes_its_bonuses_to_every_information_set():
    # Seat 1 was dealt both jokers (the rest low to high: seat 0 33 44 55 66 77 88 99 TTT,
    # seat 2 JJJJ QQQQ KKKK AAAA 2, kitty 222). Seat 0 bids 3 and is landlord.
    hands = ["3344556677889 9TTT", "BR 33 44 55 66 77 88 99 T", "JJJJQQQQKKKKAAAA2"]
    state = Game(Rules(deal_bonuses=True)).new_state_from_hands(hands, "222")
    state.apply(Bid.BID_3)
    for player in range(3):
        info = information_set(state, player)
        assert info.deal_bonuses == ((1, DealBonus.DOUBLE_KINGS),)
    # Seat 2 cannot see seat 1's hand, but seat 1 holds both jokers in every sample.
    samples = counts_of(information_set(state, 2).sample(300, 1))
    assert (samples[:, 1, 13] == 1).all() and (samples[:, 1, 14] == 1).all()
    # Without the announcement the jokers fall either way.
    plain = Game().new_state_from_hands(hands, "222")
    plain.apply(Bid.BID_3)
    assert information_set(plain, 2).deal_bonuses is None
    assert (counts_of(information_set(plain, 2).sample(300, 1))[:, 0, 13] == 1).any()
    assert information_set(state, 2) != information_set(plain, 2)


def test_no_announcement_is_information_too():
    # Peasant 2 sees landlord 0 and peasant 1. Seat 1 played the black joker; the red joker is
    # unseen. No bonus was announced, so seat 1 was not dealt both jokers: it cannot hold the
    # red joker, which must be the landlord's. Unseen: R and 3 (2 cards); seat 0 holds 1 card,
    # seat 1 holds 1 card. Without the option: R with seat 0 or seat 1, equally likely.
    position = Position(["3", "R", "4"], landlord=0, to_move=2)
    base = dict(played=["", "B", ""])
    free = InformationSet.from_position(position, 2, **base)
    told = InformationSet.from_position(position, 2, **base, deal_bonuses=())
    assert free.deal_count() == 2 and told.deal_count() == deal_count(told) == 1
    rows = counts_of(told.sample(100, 4))
    assert (rows[:, 0, 14] == 1).all() and (rows[:, 1, 0] == 1).all()
    kings = InformationSet.from_position(position, 2, **base,
                                         deal_bonuses=((1, DealBonus.DOUBLE_KINGS),))
    assert kings.deal_count() == 1 and (counts_of(kings.sample(20, 4))[:, 1, 14] == 1).all()
    # Two seats cannot both have been dealt both jokers; a bonus is a DealBonus.
    with pytest.raises(ValueError, match="repeat"):
        InformationSet.from_position(position, 2, deal_bonuses=((0, DealBonus.DOUBLE_KINGS),
                                                               (1, DealBonus.DOUBLE_KINGS)))
    with pytest.raises(TypeError, match="DealBonus"):
        InformationSet.from_position(position, 2, deal_bonuses=((0, "DOUBLE_KINGS"),))
