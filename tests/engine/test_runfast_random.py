"""Random simulation of whole Run Fast hands, every step checked against the rule book
(tests/support/runfast_scripts.py): the cards, the turn order and the lead, the legal actions
(must-beat, the one-card rule and the first play recomputed from ``ddz_fast.legal_moves`` and
``ddz_fast.beats``), who leads each hand, bombs paid, the scores (summing to zero), and each
hand's record replaying to the same state. On a sample of steps, illegal actions raise and
change nothing.

By default 140 hands (20 per table and per option set); ``-m slow`` plays 10,000 per preset
and with two players (8 to 15 minutes each under DDZ_FAST_IMPLEMENTATION=python).
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Optional

import pytest

import ddz_fast
from ddz_fast import Move, Rules, legal_moves
from ddz_fast.engine import record, runfast
from ddz_fast.engine.base import IllegalActionError
from ddz_fast.engine.game import Game
from ddz_fast.moves import notation
from support.runfast_scripts import Tracker, dealt_piles, expected_leader

RUNFAST = Rules.preset("runfast")
TABLES = {"runfast": RUNFAST, "runfast_15": Rules.preset("runfast_15"),
          "two_players": RUNFAST.replace(players=2)}
#: Every other option away from its default, a few at a time.
OPTION_SETS = {
    "winner_leads_first_play_3": RUNFAST.replace(next_lead="winner", spade3_in_first_play=True),
    "free_passes_no_one_card_rule": RUNFAST.replace(must_beat=False, one_card_rule=False),
    "aaa_bomb_four_three_base": Rules.preset("runfast_15").replace(
        aaa_bomb=True, four_three=True, base=2, bomb_score=3),
    "strict_last_hand_two_players": RUNFAST.replace(short_last_hand=False, players=2,
                                                    spade3_in_first_play=True),
}
DEFAULT_HANDS = 20          # per table and per option set
SWEEP_HANDS = 10_000
CHECK_ILLEGAL_EVERY = 6     # on average one step in this many tries illegal actions


def snapshot(state) -> tuple:
    return (state.current_player, state.hands, tuple(state.events), state.prev, state.passes,
            state.plays, state.bomb_scores, state.scores, state.auto_play,
            state.timeouts_in_a_row)


def check_illegal(state, legal: list, rng: random.Random, stats: Counter) -> None:
    """A pass that is not legal, and plays of the hand that are not (they do not beat, or a
    rule of the table forbids them), raise and leave the state as it was."""
    candidates = [] if Move.PASS in legal else [Move.PASS]
    plays = legal_moves(state.hands[state.current_player], None, rules=state.rules)
    candidates += [move for move in plays if move not in legal]
    before, copy = snapshot(state), state.clone()
    for action in rng.sample(candidates, min(3, len(candidates))):
        with pytest.raises(IllegalActionError):
            state.apply(action if rng.random() < 0.5 else str(action))
        stats["illegal tried"] += 1
    assert snapshot(state) == before and state == copy


def decide(rng: random.Random):
    def take(state, legal: list) -> Move:
        if rng.random() < 0.05:
            return state.timeout()
        action = rng.choice(legal)
        state.apply(action)
        return action
    return take


def count_rules(state, legal: list, stats: Counter) -> None:
    """How often each rule of the table shaped the choice (the sweep must meet them all)."""
    if state.prev is not None and Move.PASS not in legal:
        stats["must beat"] += 1
    hand = state.hands[state.current_player]
    if len(state.hands[(state.current_player + 1) % len(state.hands)]) == 1 and \
            sum(1 for c in hand.counts if c) > 1 and any(m.type == "solo" for m in legal):
        stats["one card rule"] += 1


def play_hand(game: Game, seed: int, previous, rng: random.Random, stats: Counter):
    rules = game.rules
    state = runfast.new_state(game, seed, 0, None, previous=previous)
    if rules.next_lead == "winner" and previous is not None:
        assert state.current_player == previous.winner
    else:
        assert state.current_player == expected_leader(dealt_piles(seed, rules.deck_size),
                                                       rules.players)
    tracker, take = Tracker(state), decide(rng)
    for _ in range(1000):
        if state.is_over:
            break
        legal = state.legal_actions()
        count_rules(state, legal, stats)
        if rng.randrange(CHECK_ILLEGAL_EVERY) == 0:
            check_illegal(state, legal, rng, stats)
        tracker.step(state, take)
    assert state.is_over
    stats["bombs paid"] += any(state.bomb_scores)
    stats["closed"] += sum(1 for seat, n in enumerate(state.plays) if n == 0)
    stats["on one card"] += sum(1 for hand in state.hands if len(hand) == 1)
    return state


def check_record(state, stats: Counter) -> None:
    assert record.load(record.from_json(record.to_json(state))) == state


def run(rules: Rules, hands: int, first_seed: int) -> Counter:
    game, rng, stats = Game(rules), random.Random(first_seed), Counter()
    previous: Optional[object] = None
    for number in range(hands):
        previous = play_hand(game, first_seed + number, previous, rng, stats)
        check_record(previous, stats)
    return stats


@pytest.mark.parametrize("name", TABLES)
def test_random_hands_keep_every_invariant(name):
    stats = run(TABLES[name], DEFAULT_HANDS, 1000)
    # (A closed loser is rare in random play: the hand-made tests have him.)
    assert stats["must beat"] and stats["one card rule"] and stats["on one card"] \
        and stats["illegal tried"]


@pytest.mark.parametrize("name", OPTION_SETS)
def test_random_hands_under_every_option(name):
    run(OPTION_SETS[name], DEFAULT_HANDS, 2000)


@pytest.mark.slow  # 10,000 whole hands each: minutes under DDZ_FAST_IMPLEMENTATION=python
@pytest.mark.parametrize("name", TABLES)
def test_ten_thousand_random_hands_keep_every_invariant(name):
    stats = run(TABLES[name], SWEEP_HANDS, 50_000)
    print(name, dict(stats))      # shown with -s: how often each rule was met
    assert min(stats[key] for key in ("must beat", "one card rule", "on one card",
                                      "bombs paid")) > 0


def test_records_of_airplanes_of_one_key():
    # 5556667778 is the airplane 555666 + 7778 (full) and 555666777 + 8 (short, as a last
    # hand): both are "airplane_two@5", so their text says the length too (@5x2, @5x3).
    rules = RUNFAST
    hands = ["5556667778334499", "3456789TJQKA2TJQ", "34889TTJJQQKKKAA"]
    state = Game(rules).new_state_from_hands(hands)
    full = next(m for m in state.legal_actions() if m.cards == "5556667778")
    state.apply(full)
    assert record.load(record.from_json(record.to_json(state))) == state
    short = next(m for m in ddz_fast.classify("5556667778", rules=rules) if m.length == 3)
    for move in (full, short):
        assert ddz_fast.Move.parse(str(move)) == move
        assert notation.parse_move(notation.format_move(move, rules), rules) == move
    assert notation.format_move(full, rules) == "5556667778:airplane_two@5x2"
