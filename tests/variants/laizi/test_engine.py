"""The game engine with wild cards (docs/RULES.md, "Variants" > "Laizi"; ddz_fast.engine.laizi):
hand-made hands with their results worked out by hand, the bomb multipliers under both
options, spring and anti-spring, refused actions, the wild draws (when they are shown, that a
seed reproduces them, that they are uniform), records, positions and the bots.

Rank indices: 3 = 0, 4 = 1, 5 = 2, ..., T = 7, ..., A = 11, 2 = 12. The hand-made hands play
with 5 wild (rank index 2) unless said otherwise.
"""
from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from typing import List, Sequence

import pytest

from ddz_fast import Game, Match, Move, Rules, classify
from ddz_fast import moves as api
from ddz_fast.engine import record
from ddz_fast.reference import laizi as reference_laizi
from ddz_fast.actions import Bid, Double
from ddz_fast.search.bots import GreedyBot, RandomBot, play_hand
from ddz_fast.search.catalog import make_bot
from ddz_fast.cards import FULL_DECK, RANK_LETTERS
from ddz_fast.engine.game import deal_cards
from ddz_fast.engine.base import ActionTypeError, IllegalActionError
from ddz_fast.hand import Hand
from ddz_fast.engine.laizi import LaiziState
from ddz_fast.moves.notation import parse_move

FIVE = 2
LAIZI = Rules.preset("laizi")
APP = LAIZI.replace(bomb_multiplier="app")

# --- a hand-made hand, start to finish ---------------------------------------------------------
# The landlord (seat 0) is dealt 3335 77 8888 9TJQK AA and takes the kitty A22: 20 cards,
# 3335 77 8888 9TJQK AAA22. The peasants hold the rest of the deck:
#   seat 1: 3 4444 55 66 7 9 T J Q K A B  (17)
#   seat 2: 5 66 7 99 TT JJ QQ KK 22 R    (17)
# Per rank: 3: 3 + 1; 4: 4; 5: 1 + 2 + 1; 6: 2 + 2; 7: 2 + 1 + 1; 8: 4; 9: 1 + 1 + 2;
# T, J, Q, K: 1 + 1 + 2; A: 3 + 1; 2: 2 + 2; B; R: one deck.
DEALT = ["33357788889TJQKAA", "3444455667 9TJQKAB", "566799TTJJQQKK22R"]
KITTY = "A22"
LANDLORD_20 = "33357788889TJQKAAA22"
SCRIPT = ["9TJQK",            # the landlord leads a chain of five
          "TJQKA",            # seat 1 beats it with the chain one higher
          "pass",             # seat 2
          "8888",             # the landlord: a hard bomb (8 is not wild)
          "pass", "pass",
          "3335=3333",        # a soft bomb: three natural 3s and the wild 5 read as a 3
          "pass", "pass",
          "77",               # a pair
          "pass", "pass",
          "AAA22"]            # a trio + pair: the landlord's last five cards


def _move(text: str, rules: Rules = LAIZI, wild: Sequence[int] = (FIVE,)) -> Move:
    return Move.PASS if text == "pass" else parse_move(text, rules, wild)


def _bidding_state(rules: Rules = LAIZI, wild: object = (FIVE,)) -> LaiziState:
    return Game(rules).new_state_from_hands(DEALT, KITTY, wild=wild, seed=1)


def _play(state: LaiziState, script: Sequence[str]) -> None:
    for text in script:
        state.apply(_move(text, state.rules, state.wild))


def test_the_hand_made_hand_from_the_deal_to_the_settlement():
    state = _bidding_state()
    assert isinstance(state, LaiziState) and state.phase == "bidding"
    assert state.wild == () and state.events == ()     # one wild rank: shown after the kitty
    state.apply(Bid.BID_3)
    # Seat 0 bid 3: the auction ends at once, the landlord takes the kitty and the wild rank is
    # shown right after, before the play (no doubling round under points bidding).
    assert state.phase == "play" and state.landlord == 0 and state.base_stake == 3
    assert state.kitty == Hand(KITTY) and state.hands[0] == Hand(LANDLORD_20)
    assert state.wild == (FIVE,)
    assert state.events == (("act", 0, Bid.BID_3), ("wild", None, FIVE))
    assert state.history == [(0, Bid.BID_3)]            # a draw is no decision
    # The soft bomb of 3s is one of the landlord's leads, with its reading.
    soft = _move("3335=3333")
    assert soft in state.legal_actions() and soft.bomb_class == "soft"
    multipliers = []
    for text in SCRIPT:
        state.apply(_move(text))
        multipliers.append(state.multiplier)
    # The hard bomb doubles the multiplier (1 -> 2), the soft bomb again (2 -> 4).
    assert multipliers[:4] == [1, 1, 1, 2] and multipliers[6] == 4
    assert state.is_over and state.winner == "landlord"
    # Seat 1 played a chain: no spring. Multiplier 4, base 3: each peasant pays 3 x 4 = 12.
    assert state.multiplier == 4 and state.plays == (5, 1, 0)
    assert state.scores == state.raw_scores == (24, -12, -12)


def test_the_same_hand_under_the_app_multipliers():
    # bomb_multiplier="app": the 4-card hard bomb x4, the 4-card soft bomb x2: 1 x 4 x 2 = 8;
    # base 3: each peasant pays 24.
    state = _bidding_state(APP)
    state.apply(Bid.BID_3)
    _play(state, SCRIPT[:4])
    assert state.multiplier == 4
    _play(state, SCRIPT[4:])
    assert state.multiplier == 8 and state.scores == (48, -24, -24)


# --- every kind of bomb under both options ------------------------------------------------------

def _landlord_start(landlord_cards: str, rules: Rules = LAIZI,
                    wild: Sequence[int] = (FIVE,)) -> LaiziState:
    """The landlord (seat 0) holds these 20 cards; the rest of the deck is dealt to seats 1
    and 2 alternately, low to high (the peasants only pass here)."""
    counts = list(FULL_DECK)
    for rank, count in enumerate(Hand(landlord_cards).counts):
        counts[rank] -= count
    rest = [rank for rank, count in enumerate(counts) for _ in range(count)]
    peasants = [[0] * 15, [0] * 15]
    for index, rank in enumerate(rest):
        peasants[index % 2][rank] += 1
    return Game(rules).new_state_from_hands([landlord_cards, Hand(peasants[0]),
                                             Hand(peasants[1])], landlord=0, wild=wild)


# (the landlord's 20 cards, the bomb led, its class, factor under "double", under "app")
BOMBS = [
    # Three natural 3s and the wild 5 read as a 3: a soft bomb of four cards.
    ("33357788889TJQKAAA22", "3335=3333", "soft", 2, 2),
    # Four natural 8s, 8 not wild: the hard bomb.
    ("33357788889TJQKAAA22", "8888", "hard", 2, 4),
    # The four 5s read as 5s: the laizi bomb.
    ("3555577889TJQKAAA222", "5555=5555", "laizi", 2, 4),
    # Three natural 3s and two wild 5s read as 3s: a soft bomb of five cards.
    ("33355778889TJQKAAA22", "33355=33333", "soft", 2, 6),
    # The two jokers.
    ("333446778889TJQKAABR", "BR", None, 2, 6),
]


@pytest.mark.parametrize("cards, bomb, bomb_class, double, app", BOMBS,
                         ids=["soft4", "hard", "laizi", "soft5", "rocket"])
def test_each_bomb_multiplies_by_its_factor_under_both_options(cards, bomb, bomb_class,
                                                               double, app):
    for rules, factor in ((LAIZI, double), (APP, app)):
        state = _landlord_start(cards, rules)
        move = _move(bomb, rules)
        assert move.bomb_class == bomb_class
        assert move.type == ("rocket" if bomb == "BR" else "bomb")
        state.apply(move)
        assert state.multiplier == factor, (rules.bomb_multiplier, bomb)
        state.apply(Move.PASS)
        state.apply(Move.PASS)
        assert state.multiplier == factor and state.prev is None      # the lead is back


def test_bombs_multiply_together_and_with_the_spring():
    # The landlord leads 8888 (hard), then 3335=3333 (soft), then the rest in two moves
    # (77, then 9TJQKAAA22 is no move: 9TJQK, then AAA22), both peasants passing each time:
    # a spring. double: 2 x 2 x 2 (spring) = 8. app: 4 x 2 x 2 (spring) = 16. Base stake 1.
    script = ["8888", "pass", "pass", "3335=3333", "pass", "pass", "77", "pass", "pass",
              "9TJQK", "pass", "pass", "AAA22"]
    for rules, expected in ((LAIZI, 8), (APP, 16)):
        state = _landlord_start(LANDLORD_20, rules)
        _play(state, script)
        assert state.is_over and state.winner == "landlord" and state.plays == (5, 0, 0)
        assert state.multiplier == expected
        assert state.scores == (2 * expected, -expected, -expected)


def test_an_anti_spring_with_wild_cards():
    # The landlord leads its single 3 and passes ever after; the peasants play on (each leads
    # its lowest move, and follows with its lowest move that is no bomb, else passes) until
    # one of them is out. The landlord played only the first lead: an anti-spring, x2, and
    # no bomb was played: multiplier 2 under both options, the landlord pays 2 to each.
    for rules in (LAIZI, APP):
        state = _landlord_start(LANDLORD_20, rules)
        state.apply(_move("3"))
        while not state.is_over:
            actions = state.legal_actions()
            if state.current_player == 0:
                move = Move.PASS
            elif state.prev is None:
                move = actions[0]
            else:
                move = next((m for m in actions[1:] if m.type not in ("bomb", "rocket")),
                            Move.PASS)
            state.apply(move)
        assert state.winner == "peasants" and state.plays[0] == 1
        assert state.multiplier == 2 and state.scores == (-4, 2, 2)


# --- refused actions -------------------------------------------------------------------------

def _assert_refused(state: LaiziState, action: object, error: type, message: str) -> None:
    before = state.clone()
    events = state.events
    with pytest.raises(error, match=message):
        state.apply(action)
    assert state == before and state.events == events


def test_illegal_actions_raise_and_leave_the_state_as_it_was():
    state = _bidding_state()
    _assert_refused(state, _move("3"), ActionTypeError, "in the bidding phase")
    _assert_refused(state, Double.DOUBLE, ActionTypeError, "in the bidding phase")
    _assert_refused(state, 7, IllegalActionError, "not a Bid")
    state.apply(Bid.BID_3)
    # Leading: no pass; no bid; no cards the landlord does not hold (44 read as a pair).
    _assert_refused(state, Move.PASS, IllegalActionError, "cannot play pass")
    _assert_refused(state, Bid.BID_1, ActionTypeError, "in the play phase")
    _assert_refused(state, _move("44"), IllegalActionError, "cannot play")
    # 3337 is a soft bomb with 7 wild, not with 5 wild: a move of another wild context.
    other = parse_move("3337=3333", LAIZI, (4,))
    _assert_refused(state, other, IllegalActionError, "cannot play 3337")
    # 55 read as a pair of 2s exists with 5 wild, but the landlord holds one 5.
    _assert_refused(state, _move("55=22"), IllegalActionError, "cannot play 55")
    _assert_refused(state, b"3335", ActionTypeError, "a Move or its text, not bytes")
    _assert_refused(state, "3335", IllegalActionError, "'3335' is ambiguous: it reads several "
                    "ways, write one of 3335=333, 3335=3333")
    _assert_refused(state, "55=22", IllegalActionError, "cannot play 55")
    with pytest.raises(ValueError, match="action id -1 is outside 0"):
        state.apply_id(-1)
    with pytest.raises(TypeError, match="an action id is an int"):
        state.apply_id("0")
    with pytest.raises(ActionTypeError, match="play phase"):
        _bidding_state().apply_id(0)
    # A plain Move is accepted where it is one of the legal ones: the pair 77 read as 77.
    plain = classify("77", rules="standard")[0]
    state.apply(plain)
    assert state.history[-1] == (0, plain) and state.hands[0] == Hand("333588889TJQKAAA22")


def test_bad_wild_ranks_for_a_given_hand_are_refused_by_name():
    game = Game(LAIZI)
    for wild, message in (((2, 7), "1 wild rank"), ("B", "joker"), (13, "joker"),
                          ("x", "unknown rank"), ((2.0,), "rank index")):
        with pytest.raises((ValueError, TypeError), match=message):
            game.new_state_from_hands(DEALT, KITTY, wild=wild)
    with pytest.raises(ValueError, match="distinct"):
        Game("tiandi_laizi").new_state_from_hands(DEALT, KITTY, wild="55")
    with pytest.raises(ValueError, match="only under rules with wild cards"):
        Game("standard").new_state_from_hands(DEALT, KITTY, wild=FIVE)
    with pytest.raises(ValueError, match="four-player table only"):
        game.new_state_from_hands(DEALT, KITTY, partner=1)
    with pytest.raises(ValueError, match="one deck"):
        game.new_state_from_hands([DEALT[0], DEALT[1], DEALT[1]], KITTY, wild=FIVE)


# --- the wild draws ----------------------------------------------------------------------------

def model_draws(seed: int, deals: int, laizi: int) -> List[tuple]:
    """The documented stream of a seed, written out: each deal is one shuffle of the sorted
    deck, then its draws, the first uniform over the 13 ranks 3..2 and the second (two wild
    ranks) uniform over the 12 others. (cards dealt to seat 0, wild ranks in draw order)."""
    rng = random.Random(seed)
    found = []
    for _ in range(deals):
        deck = [rank for rank, copies in enumerate(FULL_DECK) for _ in range(copies)]
        rng.shuffle(deck)
        first = rng.randrange(13)
        ranks = [first]
        if laizi == 2:
            other = rng.randrange(12)
            ranks.append(other + (other >= first))
        dealt = Counter(deck[:17])
        found.append((Hand([dealt[rank] for rank in range(15)]), tuple(ranks)))
    return found


@pytest.mark.parametrize("preset", ["laizi", "tiandi_laizi"])
def test_a_seed_reproduces_the_deals_and_the_wild_draws_re_deals_included(preset):
    game = Game(preset)
    laizi = game.rules.laizi
    for seed in (3, 11, "text seed"):
        expected = model_draws(seed, 3, laizi)
        state = game.new_state(seed)
        for number in range(3):
            # Deal `number`: its cards, and under tiandi laizi its first rank shown at once.
            assert state.redeals == number and state.hands[0] == expected[number][0]
            assert deal_cards(seed, number, rules=game.rules).hands[0] == expected[number][0]
            assert state.wild == expected[number][1][:laizi - 1]
            if number < 2:
                for _ in range(3):
                    state.apply(Bid.PASS)       # nobody bids: the next deal
        state.apply(Bid.BID_1)
        state.apply(Bid.PASS)
        state.apply(Bid.PASS)
        assert state.wild == expected[2][1]
        wild_events = [event for event in state.events if event[0] == "wild"]
        # Every deal's first rank under tiandi laizi (the abandoned ones stay in the log), and
        # the last deal's remaining rank after its kitty.
        shown = [ranks[0] for _, ranks in expected] + [expected[2][1][1]] if laizi == 2 \
            else [expected[2][1][0]]
        assert wild_events == [("wild", None, rank) for rank in shown]
        again = game.new_state(seed)
        for _, action in state.history:
            again.apply(action)
        assert again == state and again.events == state.events


def test_deal_zero_is_the_deal_without_wild_cards():
    for seed in range(5):
        assert deal_cards(seed, rules="laizi") == deal_cards(seed)


def test_tiandi_shows_two_different_ranks_the_first_before_the_bidding():
    game = Game("tiandi_laizi")
    for seed in range(200):
        state = game.new_state(seed, first_bidder=seed % 3)
        assert state.phase == "bidding" and len(state.wild) == 1
        assert state.events == (("wild", None, state.wild[0]),)
        state.apply(Bid.BID_3)
        assert len(state.wild) == 2 and state.wild[0] != state.wild[1]
        assert state.events[-1] == ("wild", None, state.wild[1])
        assert [kind for kind, _, _ in state.events] == ["wild", "act", "wild"]


def chi_square(counts: Sequence[int]) -> float:
    expected = sum(counts) / len(counts)
    return sum((count - expected) ** 2 / expected for count in counts)


# Upper 0.1% points of the chi-square distribution with 12 and 11 degrees of freedom (tables).
CHI2_999 = {12: 32.909, 11: 31.264}


def test_wild_draws_are_uniform_over_the_ranks():
    # 2,600 seeds: 200 expected per rank. The seeds are fixed, so the test is reproducible; a
    # uniform draw passes it with probability 0.999 over the choice of seeds.
    one, first, second, gap = Counter(), Counter(), Counter(), Counter()
    for seed in range(2_600):
        state = Game("laizi").new_state(seed)
        state.apply(Bid.BID_3)
        one[state.wild[0]] += 1
        state = Game("tiandi_laizi").new_state(seed)
        state.apply(Bid.BID_3)
        a, b = state.wild
        first[a] += 1
        second[b] += 1
        gap[(b - a) % 13] += 1     # the second given the first: uniform over the 12 others
    for tally in (one, first, second):
        assert set(tally) == set(range(13))
        assert chi_square([tally[rank] for rank in range(13)]) < CHI2_999[12]
    assert set(gap) == set(range(1, 13))
    assert chi_square([gap[step] for step in range(1, 13)]) < CHI2_999[11]


def test_without_a_kitty_the_wild_rank_is_shown_when_the_landlord_is_known():
    game = Game(LAIZI.replace(kitty=0))
    state = game.new_state(4)
    state.apply(Bid.BID_3)
    assert state.kitty is None and len(state.wild) == 1
    assert [len(hand) for hand in state.hands] == [18, 18, 18]


# --- records, positions, copies ------------------------------------------------------------------

def test_a_record_keeps_the_wild_draws_and_the_readings():
    state = _bidding_state()
    state.apply(Bid.BID_3)
    _play(state, SCRIPT)
    document = record.to_record(state)
    assert document["start"]["wild"] == "5"
    assert {"kind": "wild", "player": None, "rank": "5"} in document["events"]
    actions = [event.get("action") for event in document["events"]]
    assert "3335=3333" in actions and "8888" in actions
    loaded = record.load(record.from_json(record.to_json(state)))
    assert loaded == state and loaded.events == state.events
    # A recorded wild rank that is not the one drawn is refused, and so is a record that
    # leaves the draw out (the replayed deal shows it before the next move).
    tampered = json.loads(record.to_json(state))
    next(e for e in tampered["events"] if e["kind"] == "wild")["rank"] = "7"
    with pytest.raises(ValueError, match="no such wild rank"):
        record.load(tampered)
    tampered["events"] = [e for e in tampered["events"] if e["kind"] != "wild"]
    with pytest.raises(ValueError, match="comes first"):
        record.load(tampered)
    tampered = json.loads(record.to_json(state))
    tampered["events"][1]["player"] = 0
    with pytest.raises(ValueError, match="player null"):
        record.load(tampered)


def test_records_of_dealt_hands_with_two_wild_ranks_replay():
    game = Game(Rules(laizi=2, bomb_multiplier="app", bidding="call_rob"), chips=30)
    for seed in range(4):
        state = game.new_state(seed)
        play_hand(state, GreedyBot(), RandomBot(seed))
        document = record.to_record(state)
        assert document["start"]["wild"] is None        # drawn from the seed
        assert record.load(record.from_json(record.to_json(state))) == state


def test_the_position_carries_the_wild_ranks():
    state = _bidding_state()
    state.apply(Bid.BID_3)
    position = state.position()
    assert position.wild == (FIVE,) and str(position).endswith(" w=5")
    assert set(position.legal_actions(LAIZI)) == set(state.legal_actions())


def test_copies_and_pickles_are_equal_and_independent():
    state = _bidding_state(wild="5")
    state.apply(Bid.BID_3)
    copy = state.clone()
    assert copy == state and pickle.loads(pickle.dumps(state)) == state
    copy.apply(_move("8888"))
    assert copy != state and state.multiplier == 1 and copy.multiplier == 2


# --- bots and matches ---------------------------------------------------------------------------

def test_the_random_and_greedy_bots_play_laizi_and_matches_run():
    for preset in ("laizi", "tiandi_laizi"):
        state = Game(preset).new_state(21)
        play_hand(state, GreedyBot(), RandomBot(2))
        assert state.is_over and sum(state.scores) == 0
    bot = RandomBot(5)

    def policy(state):
        return {"bidding": bot.bid, "doubling": bot.double, "play": bot.play}[state.phase](
            state)

    match = Match(Game("laizi", chips=20), 3, seed=8)
    totals = match.play(policy)
    assert match.is_over and len(match.results) == 3 and sum(totals) == 0


@pytest.mark.slow  # the action space of one wild rank: half a million moves, listed in Python
def test_action_ids_are_those_of_the_wild_ranks_shown():
    state = _landlord_start(LANDLORD_20)
    bomb = _move("3335=3333")
    space = api.action_space(LAIZI, (FIVE,))
    state.apply_id(api.action_id(bomb, LAIZI, (FIVE,)))
    assert state.history[-1] == (0, bomb) and state.prev == bomb
    state.apply_id(len(space))          # the id after the last move passes
    assert state.history[-1] == (1, Move.PASS)
    with pytest.raises(ValueError, match="outside"):
        state.apply_id(len(space) + 1)


def test_action_ids_of_two_wild_ranks_are_counted_not_listed():
    # Tiandi laizi with 5 and 7 wild: millions of moves, which apply_id never lists. The pass
    # is the id after the last move, whose number the reference counts type by type
    # (reference_laizi.action_space_size, checked against a brute force in test_laizi.py).
    tiandi = Rules.preset("tiandi_laizi")
    wild = (FIVE, 4)
    size = reference_laizi.action_space_size(tiandi, wild)
    state = _landlord_start(LANDLORD_20, tiandi, wild)
    bomb = _move("3335=3333", tiandi, wild)
    state.apply_id(api.action_id(bomb, tiandi, wild))
    assert state.history[-1] == (0, bomb)
    state.apply_id(size)
    assert state.history[-1] == (1, Move.PASS)
    with pytest.raises(ValueError, match="outside"):
        state.apply_id(size + 1)
    with pytest.raises(TypeError, match="an action id is an int"):
        state.apply_id("7")
    assert state.history[-1] == (1, Move.PASS) and len(state.history) == 2


def test_the_timeout_leads_the_smallest_single():
    state = _landlord_start(LANDLORD_20)
    assert state.timeout() == _move("3") and state.hands[0] == Hand("3357788889TJQKAAA22")
    assert RANK_LETTERS[state.wild[0]] == "5"
