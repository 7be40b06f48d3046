"""Information sets of hands with wild cards: the wild ranks are public, the deals uniform.

A wild card is dealt as the card of its own rank, so what a player cannot see is split as in
the plain game: the expected distribution of every test here comes from the reference's full
enumeration (ddz_fast.reference.sampling), which knows nothing of wild cards.
"""
from __future__ import annotations

import random
from math import comb
from typing import List

import numpy as np
import pytest

from ddz_fast import Game, InformationSet, Position
from ddz_fast.cards import FULL_DECK, NUM_RANKS
from ddz_fast.reference.sampling import enumerate_splits
from ddz_fast.search.infoset import information_set, split_spec

from support.chi_square import chi2_p
from support.random_hands_played import random_hand, replayed
from support.common import sizes

pytestmark = pytest.mark.native

PRESETS = ("laizi", "tiandi_laizi")
SHIFTS = np.arange(NUM_RANKS, dtype=np.uint64) * np.uint64(4)


def counts_of(words: np.ndarray) -> np.ndarray:
    """Rank counts of hand words: shape + (15,)."""
    return ((words[..., None] >> SHIFTS) & np.uint64(7)).astype(np.int64)


# --- the wild ranks are public facts ---------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_an_information_set_holds_the_wild_ranks_shown_so_far(preset):
    rng = random.Random(5)
    state = Game(preset).new_state(11)
    phases = set()
    while not state.is_over:
        for player in range(3):
            info = information_set(state, player)
            assert info.wild == tuple(state.wild)        # in draw order, as the state shows them
        phases.add((state.phase, len(state.wild)))
        state.apply(rng.choice(state.legal_actions()))
    # laizi shows its rank with the kitty; tiandi laizi one before the bidding and one after it.
    shown_while_bidding = 0 if preset == "laizi" else 1
    assert ("bidding", shown_while_bidding) in phases
    assert ("play", Game(preset).rules.laizi) in phases


def test_rules_without_wild_cards_have_no_wild_field():
    state = Game("standard").new_state(3)
    assert information_set(state, 0).wild is None


def test_sets_that_differ_only_in_their_wild_ranks_differ_and_deal_alike():
    hands = ["3345", "667", "89T"]
    one = InformationSet.from_position(Position(hands, 0, 0, wild=(2,)), 1)
    other = InformationSet.from_position(Position(hands, 0, 0, wild=(4,)), 1)
    assert one.wild == (2,) and other.wild == (4,)
    assert one != other
    # The deals are the plain game's: the same seed deals the same hidden hands.
    assert (one.sample(50, 9) == other.sample(50, 9)).all()
    assert one.deal_count() == other.deal_count() == comb(7, 4)  # 3345 and 89T: 7 cards, 4 to seat 0


@pytest.mark.parametrize("wild, match", [((13,), "rank indices"), ((3, 3), "distinct"),
                                         ((1, 2, 3), "at most two"), ([2], "tuple"),
                                         (("5",), "rank indices")])
def test_bad_wild_ranks_are_refused_by_name(wild, match):
    info = InformationSet.from_position(Position(["3", "4", "5"], 0, 0, wild=(2,)), 0)
    fields = {name: getattr(info, name) for name in (
        "player", "hand", "landlord", "kitty", "phase", "to_move", "history", "card_counts",
        "played", "unseen", "prev", "passes", "deal_bonuses")}
    with pytest.raises(ValueError, match="wild must be None or a tuple"):
        InformationSet(**fields, wild=wild)


# --- uniformity against full enumeration ---------------------------------------------------------

def small_sets(preset: str, count: int) -> List[InformationSet]:
    """Late play-phase information sets of random hands of ``preset``, 2..60 splits each, the
    landlord's view and both peasants'."""
    found: List[InformationSet] = []
    for seed in range(2000):
        player = seed % 3
        actions, decisions = random_hand(preset, 7000 + seed)
        state = replayed(preset, 7000 + seed, actions, decisions[0])
        late = []           # the sets of the decisions where the player sees at most 12 cards
        for cut in decisions:
            sizes_now = [len(h) for h in state.hands]
            if sum(sizes_now) - sizes_now[player] <= 12:
                late.append(information_set(state, player))
            state.apply(actions[cut])
        for info in reversed(late):            # the latest first, as the plain game's test
            if 2 <= len(enumerate_splits(info)) <= 60:
                found.append(info)
                break
        if len(found) == count:
            return found
    raise AssertionError(f"only {len(found)} small information sets of {preset}")


@pytest.mark.parametrize("preset", PRESETS)
def test_samples_of_40_small_sets_are_uniform_over_every_consistent_split(preset):
    infos = small_sets(preset, 40)
    assert any(i.player == i.landlord for i in infos)
    assert any(any(i.kitty_constraint) for i in infos if i.player != i.landlord)
    n = 4000
    for k, info in enumerate(infos):
        splits = enumerate_splits(info)
        total = sum(w for _, w in splits)
        index = {words: j for j, (words, _) in enumerate(splits)}
        hist = [0] * len(splits)
        for row in map(tuple, info.sample(n, 500 + k).tolist()):
            hist[index[row]] += 1        # a KeyError is a sample outside the information set
        assert chi2_p(hist, [n * w / total for _, w in splits]) > 0.001, (k, info, hist)


# --- consistency of many mid-game samples ---------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("count", sizes(150, 10_000))
def test_every_sample_of_mid_game_sets_is_consistent(preset, count):
    rng = random.Random(count)
    checked, seed = 0, 0
    while checked < count:
        actions, decisions = random_hand(preset, seed)
        cut = decisions[rng.randrange(len(decisions) // 4, 3 * len(decisions) // 4 + 1)]
        state = replayed(preset, seed, actions, cut)
        hands = state.hands
        seed += 1
        for player in range(3):
            info = information_set(state, player)
            samples = info.sample(4, seed * 3 + player)
            counts = counts_of(samples)
            truth = np.array([h.counts for h in hands])
            assert (counts[:, player] == truth[player]).all()
            a, b = info.hidden_seats
            assert (counts[:, a] + counts[:, b] == truth[a] + truth[b]).all()
            for seat in (a, b):
                assert (counts[:, seat].sum(axis=1) == len(hands[seat])).all()
            assert (counts[:, info.landlord] >= np.array(info.kitty_constraint)).all()
            assert (counts <= np.array(FULL_DECK)).all()
            spec = split_spec(info)      # Vandermonde: the weights sum to C(free, A's share)
            assert info.deal_count() == comb(sum(spec.free), spec.need)
            checked += 1
