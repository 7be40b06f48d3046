"""The search bots (PIMCBot, ISMCTSBot) at Run Fast: legal, seeded, blind to hidden cards, and
clearly stronger than uniformly random play.

They see a Run Fast hand only through RunFastInformationSet.from_state and its sample, so a
twin state (the same public record, the hidden cards dealt again between the hidden hands)
must get the same decision from the same seed. The strength test plays seeded hands, the bot
at one seat (each seat in turn) against uniformly random legal actions at the others: every
action of the match is fixed by the seeds, so its result is a number, not a draw; the margin
says how far above chance that number is.
"""
from __future__ import annotations

import math
import random
from typing import Callable, List, Optional

import pytest

from ddz_fast import Game, Hand, Rules
from ddz_fast.engine.runfast import RunFastState
from ddz_fast.search.runfast import RunFastInformationSet
from ddz_fast.search.search_bots import ISMCTSBot, PIMCBot, _decision_of

pytestmark = pytest.mark.native  # the native search kernels

RUNFAST = Rules.preset("runfast")
RULE_SETS = {
    "runfast": RUNFAST,
    "two_players": RUNFAST.replace(players=2),
    "runfast_15_loose": Rules.preset("runfast_15").replace(must_beat=False, one_card_rule=False),
    "spade3_first": RUNFAST.replace(spade3_in_first_play=True, aaa_bomb=True, four_three=True),
}
BOTS: dict = {
    "pimc": lambda seed: PIMCBot(seed=seed, samples=8, rollouts=300),
    "ismcts": lambda seed: ISMCTSBot(seed=seed, iterations=300),
}


def random_state(rules: Rules, seed: int, steps: int) -> RunFastState:
    """A hand of ``rules`` after ``steps`` uniformly random legal actions (fewer if it ends)."""
    rng = random.Random(seed)
    state = Game(rules).new_state(seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def twin(state: RunFastState, seed: int) -> Optional[RunFastState]:
    """``state`` with the cards the player to move cannot see dealt again between the other
    hands (the hidden one too with two players), each keeping its size and the cards it
    played, and the same actions replayed; None when no such deal differs from the original
    and replays legally (a must-beat pass can rule deals out) within a few tries."""
    rng = random.Random(seed)
    player, dealt = state.current_player, list(state.start.hands)
    others = [seat for seat in range(3) if seat != player]
    played = {seat: [0] * 15 for seat in range(3)}
    for seat, action in state.history:
        for rank, count in enumerate(action.counts):
            played[seat][rank] += count
    held = {seat: [d - p for d, p in zip(dealt[seat].counts, played[seat])] for seat in others}
    pool = [rank for seat in others for rank, count in enumerate(held[seat])
            for _ in range(count)]
    for _ in range(50):
        rng.shuffle(pool)
        hands, at = list(dealt), 0
        for seat in others:
            size = sum(held[seat])
            counts = [0] * 15
            for rank in pool[at:at + size]:
                counts[rank] += 1
            at += size
            hands[seat] = Hand([c + p for c, p in zip(counts, played[seat])])
        if hands == dealt:
            continue
        copy = Game(state.rules).new_state_from_hands(hands, None, first_bidder=state.leader)
        try:
            for _, action in state.history:
                copy.apply(action)
        except ValueError:
            continue
        return copy
    return None


@pytest.mark.parametrize("rules_name", RULE_SETS)
@pytest.mark.parametrize("bot_name", BOTS)
def test_decisions_are_legal_and_fixed_by_the_seed(bot_name, rules_name):
    rules = RULE_SETS[rules_name]
    for seed in range(6):
        state = random_state(rules, seed, 3 * seed)
        if state.is_over:
            continue
        move = BOTS[bot_name](seed).play(state)
        assert move in state.legal_actions()
        assert BOTS[bot_name](seed).play(state.clone()) == move


@pytest.mark.parametrize("rules_name", RULE_SETS)
@pytest.mark.parametrize("bot_name", BOTS)
def test_a_twin_with_other_hidden_hands_gets_the_same_decision(bot_name, rules_name):
    rules, compared = RULE_SETS[rules_name], 0
    for seed in range(10):
        state = random_state(rules, seed, 2 + 2 * seed)
        copy = None if state.is_over else twin(state, seed)
        if copy is None:
            continue
        assert copy.start.hands != state.start.hands and copy.history == state.history
        assert BOTS[bot_name](seed).play(copy) == BOTS[bot_name](seed).play(state)
        compared += 1
    assert compared >= 5


@pytest.mark.parametrize("rules_name", RULE_SETS)
def test_the_searches_deal_what_the_information_set_samples(rules_name):
    # The kernels' deals are written from the splits drawn, without a position each: they
    # must be the hands of sample()'s positions, seat by seat, for the same seed.
    rules = RULE_SETS[rules_name]
    for seed in range(4):
        state = random_state(rules, seed, 4 * seed)
        if state.is_over:
            continue
        info = RunFastInformationSet.from_state(state, state.current_player)
        rows = _decision_of(info, None).deals(40, seed)
        expected = [[hand.bitboard for hand in position.hands] + [0] * (3 - rules.players)
                    for position in info.sample(40, seed)]
        assert rows.tolist() == expected


def test_the_spade3_first_play_holds_a_three():
    rules = RULE_SETS["spade3_first"]
    for seed in range(10):
        state = Game(rules).new_state(seed=seed)
        if state.hands[state.current_player].counts[0]:
            for make in BOTS.values():
                assert make(seed).play(state).counts[0] > 0


def test_run_fast_decisions_refuse_other_rules_and_finished_hands():
    state = Game("runfast").new_state(seed=1)
    bot = PIMCBot(seed=1)
    info = RunFastInformationSet.from_state(state, state.current_player)
    with pytest.raises(ValueError, match="holds its rules"):
        bot.choose(info, "runfast_15")
    assert bot.choose(info, "runfast") in state.legal_actions()
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    with pytest.raises(ValueError, match="over"):
        bot.play(state)
    assert PIMCBot.plays_runfast is True and ISMCTSBot.plays_runfast is True


def match_wins(make: Callable[[int], object], rules: Rules, hands: int) -> List[bool]:
    """Seeded hands with the bot at seat ``hand % players`` and uniformly random legal actions
    at the other seats: whether the bot went out first in each."""
    won = []
    for hand in range(hands):
        state = Game(rules).new_state(seed=1000 + hand)
        seat, bot, rng = hand % rules.players, make(hand), random.Random(hand)
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(bot.play(state) if state.current_player == seat else rng.choice(actions))
        won.append(state.winner == seat)
    return won


@pytest.mark.parametrize("rules_name", ["runfast", "two_players"])
@pytest.mark.parametrize("bot_name", BOTS)
def test_the_search_bots_beat_random_play_clearly(bot_name, rules_name):
    """A random player goes out first in 1/players of the hands. Over 60 hands the bot must win
    at least four standard deviations above that (3 players: 20 expected, sd 3.65, so at least
    35 wins; 2 players: 30 expected, sd 3.87, so at least 46): a bot no better than chance
    would reach it with a probability below one in 30,000. (The matches are seeded, so the
    result never changes from run to run; the margin says how far above chance it is.)"""
    rules, hands = RULE_SETS[rules_name], 60
    chance = 1 / rules.players
    needed = math.ceil(hands * chance + 4 * math.sqrt(hands * chance * (1 - chance)))
    wins = sum(match_wins(BOTS[bot_name], rules, hands))
    assert wins >= needed, f"{bot_name} won {wins} of {hands} hands, fewer than {needed}"
