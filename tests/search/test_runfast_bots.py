"""The bots at the Run Fast table: the greedy bot always legal and clearly stronger than the
random bot, its rules on hand-checked tricks, and every bot that does not play Run Fast
refusing it by name (:func:`~ddz_fast.search.bots.plays_runfast`)."""
from __future__ import annotations

import importlib.util
from typing import Sequence

import pytest

from ddz_fast import Game, Hand, Rules
from ddz_fast.arena.stats import normal_interval, wilson_interval
from ddz_fast.engine.runfast import RunFastStart, RunFastState
from ddz_fast.search.bots import (GreedyBot, RandomBot, SolverBot, act, last_mover,
                                  plays_runfast, refuse_runfast)
from ddz_fast.search.catalog import BOTS, make_bot, runfast_bots

RUNFAST = Rules.preset("runfast")
TABLES = [RUNFAST, Rules.preset("runfast_15"), RUNFAST.replace(players=2),
          RUNFAST.replace(must_beat=False, aaa_bomb=True, four_three=True,
                          spade3_in_first_play=True)]


def table(hands: Sequence[str], moves: Sequence[str] = (), rules: Rules = RUNFAST,
          leader: int = 0) -> RunFastState:
    """A Run Fast hand from the given cards (any sizes: a trick late in a hand), ``leader``
    to act, after ``moves`` applied through the engine's checks."""
    origin = RunFastStart(tuple(Hand(h) for h in hands), None, None, leader, 1, None)
    state = RunFastState._start(Game(rules), 0, origin)
    for move in moves:
        state.apply(move)
    return state


def greedy(hands: Sequence[str], moves: Sequence[str] = (), rules: Rules = RUNFAST,
           leader: int = 0) -> str:
    return str(GreedyBot().play(table(hands, moves, rules, leader)))


def play_out(state: RunFastState, bots) -> RunFastState:
    """Play to the end, every decision checked against the legal actions."""
    while not state.is_over:
        action = act(bots[state.current_player], state)
        assert action in state.legal_actions(), (state, action)
        state.apply(action)
    return state


# --- always legal, deterministic ---------------------------------------------------------------

@pytest.mark.parametrize("rules", TABLES, ids=["runfast", "runfast_15", "2p", "options"])
def test_greedy_is_legal_at_every_seat_of_many_hands(rules):
    for index in range(60):
        state = Game(rules).new_state(f"legal:{index}")
        seats = [GreedyBot() if (index >> seat) & 1 or index % 5 == 0 else
                 RandomBot(f"{index}:{seat}") for seat in range(rules.players)]
        final = play_out(state, seats)
        assert sum(final.scores) == 0


@pytest.mark.slow
@pytest.mark.parametrize("rules", TABLES, ids=["runfast", "runfast_15", "2p", "options"])
def test_greedy_is_legal_over_thousands_of_hands(rules):
    for index in range(2000):
        play_out(Game(rules).new_state(f"long:{index}"),
                 [GreedyBot() if seat != index % rules.players else RandomBot(index)
                  for seat in range(rules.players)])


def test_greedy_is_deterministic_whatever_its_seed():
    records = set()
    for seed in (1, "x", None):
        state = play_out(Game("runfast").new_state(5), [GreedyBot(seed)] * 3)
        records.add(tuple(state.history))
    assert len(records) == 1


# --- stronger than random --------------------------------------------------------------------

@pytest.mark.parametrize("rules, hands", [(RUNFAST, 300), (Rules.preset("runfast_15"), 300),
                                          (RUNFAST.replace(players=2), 300)],
                         ids=["runfast", "runfast_15", "2p"])
def test_greedy_beats_random_clearly(rules, hands):
    """Greedy at one seat (each seat in turn) against random bots. A bot no better than
    random would win 1 / players of the hands and score 0 on average; the greedy bot must
    win at least half of them (three players; two: two thirds) with the 95% Wilson interval
    above the fair share, and score more than 0 with the whole 95% interval of its mean score
    above it. (Measured: about 75% and +9 a hand with three players, 85% and +5 with two.)"""
    wins = total = total_sq = 0
    for index in range(hands):
        seat = index % rules.players
        bots = [GreedyBot() if s == seat else RandomBot(f"{index}:{s}")
                for s in range(rules.players)]
        final = play_out(Game(rules).new_state(f"strength:{index}"), bots)
        wins += final.winner == seat
        total += final.scores[seat]
        total_sq += final.scores[seat] ** 2
    fair = 1 / rules.players
    assert wins / hands >= (0.5 if rules.players == 3 else 2 / 3)
    assert wilson_interval(wins, hands)[0] > fair
    assert normal_interval(total, total_sq, hands)[1] > 0


# --- the rules, on hand-checked tricks ---------------------------------------------------------

def test_greedy_leads_what_leaves_the_fewest_turns():
    # 456789TJQKA leaves 33344, one trio + two; the whole chain 3..A would leave 33 and 44.
    assert greedy(["33344456789TJQKA", "3455666789TJQKA2", "5778899TTJJQQKKA"]) == \
        "456789TJQKA"


def test_greedy_follows_with_the_cheapest_beat():
    # Seat 0 leads a 9: T, J and 2 beat; the T is the lowest.
    assert greedy(["9KKQ", "TJ233", "4455"], ["9"]) == "T"
    # T would split the pair of tens (three loose cards left); J leaves TT and 33.
    assert greedy(["9KKQ", "TTJ33", "4455"], ["9"]) == "J"


def test_greedy_keeps_its_bomb_unless_an_opponent_is_close_or_the_bomb_wins():
    rules = RUNFAST.replace(must_beat=False)    # without must-beat passing stays legal
    # Nothing but the bomb beats the king; both opponents hold many cards: pass.
    assert greedy(["KQJT9876", "5555789J", "33446677"], ["K"], rules) == "pass"
    # Seat 0 is down to two cards after the king (danger=2): the bomb.
    assert greedy(["KQJ", "5555789J", "33446677"], ["K"], rules) == "5555"
    # After the bomb the 9 alone is left, one move: the bomb wins the hand.
    assert greedy(["KQJT9876", "55559", "33446677"], ["K"], rules) == "5555"


def test_under_must_beat_greedy_takes_the_cheapest_of_what_beats():
    # Only the bomb and a 5 out of it beat the 4; the 5 leaves 555 + 34, one trio + two,
    # where the bomb would leave two loose cards.
    assert greedy(["4QJT9876", "555534", "778899TT"], ["4"]) == "5"


def test_greedy_does_not_lead_a_solo_into_a_player_with_one_card():
    # Seat 1, next, holds one card: the pair, not a single (the one-card rule would make it
    # the 9 anyway).
    assert greedy(["3449", "K", "TTJJQ"]) == "44"
    # Seat 2 holds one card: still the pair.
    assert greedy(["3449", "TTJJQ", "K"]) == "44"
    # Only singles: the highest, the hardest to beat.
    assert greedy(["359", "TTJJQ", "K"]) == "9"


def test_greedy_goes_out_with_a_bomb_when_it_can():
    # Under aaa_bomb the three aces, the whole hand, are a bomb and a short trio: the bomb,
    # which as the last play earns bomb_score from each other player.
    state = table(["AAA", "3456", "789T"], rules=RUNFAST.replace(aaa_bomb=True))
    move = GreedyBot().play(state)
    assert move.type == "bomb"
    state.apply(move)
    # The bomb: 10 from each; both losers are closed and hold 4 cards: 2 x 4 each.
    assert state.bomb_scores == (20, -10, -10) and state.scores == (36, -18, -18)


def test_last_mover_at_the_two_player_table():
    # Seat 0 plays the 5 and seat 1 the 8: seat 1 played the move to beat (with three seats
    # it would be seat 2, one further back).
    state = table(["345", "678", "9TJ"], ["5", "8"], RUNFAST.replace(players=2))
    assert state.current_player == 0 and last_mover(state) == 1


# --- who plays Run Fast --------------------------------------------------------------------------

def test_plays_runfast_and_the_catalog():
    assert plays_runfast(RandomBot) and plays_runfast(GreedyBot(3))
    assert not plays_runfast(SolverBot) and not plays_runfast(object())
    assert runfast_bots() == [name for name in BOTS if plays_runfast(BOTS[name])]
    assert runfast_bots()[:2] == ["random", "greedy"]
    assert "solver" not in runfast_bots() and "rlcard-rule" not in runfast_bots()


@pytest.mark.parametrize("name", [name for name in BOTS if name not in ("random", "greedy")])
def test_every_other_bot_refuses_run_fast_by_name(name):
    if name == "rlcard-rule" and importlib.util.find_spec("rlcard") is None:
        pytest.skip("needs RLCard")
    bot = make_bot(name, 1)
    if plays_runfast(bot):
        pytest.skip(f"{name} plays Run Fast")
    state = Game("runfast").new_state(2)
    with pytest.raises(ValueError, match=f"{type(bot).__name__} does not play Run Fast"):
        act(bot, state)


@pytest.mark.parametrize("factory", [SolverBot, lambda: make_bot("rlcard-rule")])
def test_the_solver_and_rlcard_bots_refuse_run_fast_themselves(factory):
    if factory is not SolverBot and importlib.util.find_spec("rlcard") is None:
        pytest.skip("needs RLCard")
    bot = factory()
    with pytest.raises(ValueError, match=f"{type(bot).__name__} does not play Run Fast"):
        bot.play(Game("runfast_15").new_state(4))


def test_refuse_runfast_passes_a_dou_dizhu_state():
    assert refuse_runfast(Game().new_state(1), "X") is None
    with pytest.raises(ValueError, match="^X does not play Run Fast$"):
        refuse_runfast(Game("runfast").new_state(1), "X")
