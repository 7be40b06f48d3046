"""The native play loop's auction and settlement follow ddz_fast.engine.bidding and
ddz_fast.engine.scoring.

random_games runs its own points auction and settles its own games in C; these tests replay
what it did through the Python modules that are the rule book's code and demand the same
result, turn by turn for the auction and game by game for the scores."""
from __future__ import annotations

import numpy as np
import pytest

from ddz_fast import Rules, random_games
from ddz_fast.engine import _random_games
from ddz_fast.move import TYPE_CODES
from ddz_fast.engine.scoring import settle, spring_factor
from support.common import check_first_auctions, replay_traced_auctions

pytestmark = pytest.mark.native  # the native play loop

GAMES = 3000
BOMB_CODES = (TYPE_CODES["bomb"], TYPE_CODES["rocket"])


@pytest.mark.parametrize("one_round", [False, True])
def test_the_native_auction_is_the_auction_of_bidding_py(one_round: bool):
    rules = Rules(single_round_auction=one_round)
    auctions = _random_games._auctions(11, GAMES, one_round)
    redeals = replay_traced_auctions(rules, auctions)
    assert 0 < redeals < GAMES // 4     # every outcome occurs, re-deals among them

    # The traced auctions are those random_games runs: the first deal's, when it is not
    # re-dealt.
    check_first_auctions(random_games(GAMES, 11, rules=rules, bidding="points"), auctions)


@pytest.mark.parametrize("bidding", ["random", "points"])
def test_native_scores_are_those_of_scoring_py(bidding: str):
    games = random_games(GAMES, 5, bidding=bidding, record=True)
    for i in range(GAMES):
        moves = games.game_moves(i).tolist()
        landlord = int(games.landlord[i])
        plays = [0, 0, 0]
        for turn, word in enumerate(moves):
            if word:
                plays[(landlord + turn) % 3] += 1
        winner = (landlord + len(moves) - 1) % 3          # the last mover emptied its hand
        won = winner == landlord
        bombs = sum(1 for word in moves if word >> 60 in BOMB_CODES)
        multiplier = 2 ** bombs * spring_factor(won, plays, landlord)
        scores = settle(int(games.base_stake[i]), multiplier, landlord, won,
                        (False, False, False))
        assert (bool(games.landlord_won[i]), int(games.multiplier[i]), int(games.bombs[i])) \
            == (won, multiplier, bombs), i
        assert tuple(games.scores[i]) == scores, i
    # Random play almost never springs; anti-springs and bombs are common enough to be seen.
    assert games.anti_spring.any() and (games.bombs > 0).any()
    assert np.array_equal(games.spring | games.anti_spring,
                          np.array([m > 2 ** b for m, b in zip(games.multiplier, games.bombs)]))
