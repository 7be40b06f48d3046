"""Information sets of the four-player table: what a player knows, and uniform deals of the rest.

The expected distribution comes from a brute force written from the rule book's sentence
("every way of dealing the remaining unseen physical cards into the hidden hands, with their
public sizes, is equally likely"): every physical card is told apart and every assignment of
them to the three hidden seats is listed, so nothing of the sampler's counting is reused.
"""
from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace
from typing import Dict, List, Tuple

import numpy as np
import pytest

from ddz_fast import Game, Rules
from ddz_fast.cards import TWO_DECKS
from ddz_fast.positions.four_player import FourPlayerPosition
from ddz_fast.search.four_player import FourPlayerInformationSet

from support.chi_square import chi2_p
from support.random_hands_played import random_hand, replayed
from support.common import sizes

TABLES = {"alone": Rules.preset("four_player"),
          "partner": replace(Rules.preset("four_player"), sides="partner")}


def brute_force(info: FourPlayerInformationSet) -> Dict[Tuple, int]:
    """Every assignment of the free physical cards to the hidden seats with their sizes (the
    landlord's kitty cards placed first), counted by the rank counts it gives each seat."""
    seats = info.hidden_seats
    fixed = {seat: list(info.kitty_constraint) if seat == info.landlord else [0] * 15
             for seat in seats}
    cards = [rank for rank, u in enumerate(info.unseen)
             for _ in range(u - info.kitty_constraint[rank])]
    need = {seat: info.card_counts[seat] - sum(fixed[seat]) for seat in seats}
    found: Counter = Counter()
    for owners in itertools.product(seats, repeat=len(cards)):
        if any(owners.count(seat) != need[seat] for seat in seats):
            continue
        counts = {seat: list(fixed[seat]) for seat in seats}
        for rank, seat in zip(cards, owners):
            counts[seat][rank] += 1
        found[tuple(tuple(counts[seat]) for seat in seats)] += 1
    return dict(found)


def small_sets(rules: Rules, count: int, seed: int) -> List[FourPlayerInformationSet]:
    """Late play-phase sets where at most 8 free cards are hidden, 2..60 splits each."""
    found = []
    for k in range(3000):
        actions, decisions = random_hand(rules, seed + k)
        player = k % 4
        state = replayed(rules, seed + k, actions, decisions[0])
        late = []
        for cut in decisions:
            info = None
            hidden = sum(len(h) for s, h in enumerate(state.hands) if s != player)
            if hidden <= 10:
                info = FourPlayerInformationSet.from_state(state, player)
                free = sum(info.unseen) - sum(info.kitty_constraint)
                if free <= 8:
                    late.append(info)
            state.apply(actions[cut])
        for info in reversed(late):
            if 2 <= len(brute_force(info)) <= 60:
                found.append(info)
                break
        if len(found) == count:
            return found
    raise AssertionError(f"only {len(found)} small sets")


@pytest.mark.parametrize("sides", TABLES)
def test_deal_counts_are_the_brute_force_and_samples_are_uniform_on_40_small_sets(sides):
    infos = small_sets(TABLES[sides], 40, 100 if sides == "alone" else 200)
    assert any(i.player == i.landlord for i in infos)
    assert any(any(i.kitty_constraint) for i in infos)
    if sides == "partner":
        assert all(i.partner is not None for i in infos)
    n = 3000
    for k, info in enumerate(infos):
        splits = brute_force(info)
        assert info.deal_count() == sum(splits.values())
        index = {split: j for j, split in enumerate(splits)}
        hist = [0] * len(splits)
        samples = info.sample(n, 900 + k)
        # The samples' hidden hands as rows of bytes (a count per byte, seat after seat),
        # counted; then each distinct split drawn is looked up once.
        hidden = list(info.hidden_seats)
        width = 15 * len(hidden)
        drawn = samples[:, hidden].astype(np.uint8).tobytes()
        for split, count in Counter(drawn[i:i + width]
                                    for i in range(0, len(drawn), width)).items():
            hist[index[tuple(tuple(split[j:j + 15]) for j in range(0, width, 15))]] += count
        total = sum(splits.values())
        assert chi2_p(hist, [n * w / total for w in splits.values()]) > 0.001, (k, info, hist)


@pytest.mark.parametrize("sides", TABLES)
@pytest.mark.parametrize("count", sizes(400, 10_000))
def test_every_sample_of_mid_game_sets_is_consistent(sides, count):
    rules = TABLES[sides]
    rng = random.Random(count)
    checked, seed = 0, 0
    while checked < count:
        actions, decisions = random_hand(rules, seed)
        cut = decisions[rng.randrange(len(decisions) // 4, 3 * len(decisions) // 4 + 1)]
        state = replayed(rules, seed, actions, cut)
        seed += 1
        player = seed % 4
        info = FourPlayerInformationSet.from_state(state, player)
        assert info.partner == state.partner and info.kitty == state.kitty
        samples = info.sample(25, seed).astype(np.int64)
        truth = np.array([h.counts for h in state.hands])
        assert (samples[:, player] == truth[player]).all()
        hidden = list(info.hidden_seats)
        assert (samples[:, hidden].sum(axis=1) == truth[hidden].sum(axis=0)).all()
        for seat in hidden:
            assert (samples[:, seat].sum(axis=1) == len(state.hands[seat])).all()
        assert (samples[:, info.landlord] >= np.array(info.kitty_constraint)).all()
        assert (samples <= np.array(TWO_DECKS)).all()
        checked += len(samples)


def test_the_kitty_constraint_places_the_landlords_kitty_cards():
    # Hand derivation: seat 1 sees landlord 0 hold 2 cards, seats 2 and 3 one card each; the
    # unseen cards are 3, 3, 4, 5. The kitty showed a 4 the landlord has not played, so the
    # landlord holds the 4 and one more of {3, 3, 5}: {3,4} twice (two 3s), {4,5} once. Then
    # seats 2 and 3 share the other two: after {3,4} the cards {3, 5} go two ways, after {4,5}
    # the two 3s go two ways (the physical 3s differ): weights 2 x 2 = 4 and 1 x 2 = 2.
    position = FourPlayerPosition(["34", "6", "3", "5"], landlord=0, to_move=1)
    kitty = "4" + "K" * 7
    info = FourPlayerInformationSet.from_position(position, 1, kitty=kitty,
                                                  played=["K" * 7, "", "", ""])
    assert info.kitty_constraint[1] == 1 and sum(info.kitty_constraint) == 1
    assert info.deal_count() == 6 == sum(brute_force(info).values())
    free = FourPlayerInformationSet.from_position(position, 1)
    # Without the kitty: 4 distinct physical cards, 2 to the landlord, 1 and 1 to the others:
    # 4! / (2! 1! 1!) = 12 deals.
    assert free.deal_count() == 12 == sum(brute_force(free).values())


def test_same_seed_same_deals_and_bad_arguments_are_named():
    info = FourPlayerInformationSet.from_position(
        FourPlayerPosition(["34", "6", "3", "5"], landlord=0, to_move=1), 1)
    assert (info.sample(20, 5) == info.sample(20, 5)).all()
    with pytest.raises(ValueError, match="n must be"):
        info.sample(-1, 0)
    with pytest.raises(TypeError, match="FourPlayerPosition"):
        FourPlayerInformationSet.from_position("34/6/3/5 0 1 - 0", 1)
    with pytest.raises(ValueError, match="played must be four hands"):
        FourPlayerInformationSet.from_position(
            FourPlayerPosition(["34", "6", "3", "5"], landlord=0, to_move=1), 1, played=["3"])
    with pytest.raises(ValueError, match="own partner"):
        FourPlayerInformationSet.from_position(
            FourPlayerPosition(["34", "6", "3", "5"], landlord=0, to_move=1), 1, partner=0)
    state = Game("four_player").new_state(1)
    with pytest.raises(ValueError, match="landlord is known"):
        FourPlayerInformationSet.from_state(state, 0).sample(1, 0)
    with pytest.raises(TypeError, match="four-player table"):
        FourPlayerInformationSet.from_state(Game("standard").new_state(1), 0)
