"""The Run Fast engine on hand-made hands (docs/RULES.md, "Run Fast"): each expected value is
derived in the comments from the rule book, never taken from the engine.

Decks: 48 cards are four of 3..K, three aces and one 2; 45 cards four of 3..Q, three kings,
one ace and one 2. Seats play 0 -> 1 -> 2 -> 0 (0 -> 1 -> 0 with two players)."""
from __future__ import annotations

import pickle

import pytest

from ddz_fast import Move, Rules, action_id, action_space
from ddz_fast.actions import Bid
from ddz_fast.cards import parse_cards
from ddz_fast.engine import record, runfast
from ddz_fast.engine.base import ActionTypeError, IllegalActionError
from ddz_fast.engine.game import Game, deal_cards
from support.runfast_scripts import (counts_of, dealt_piles, deck_counts, expected_leader,
                                     hands_state, play)

RUNFAST = Rules.preset("runfast")
TWO = RUNFAST.replace(players=2)

# Scenario A. Seat 0 leads a 15-card airplane 555666777 + JJQQKK and keeps the 2. Seat 1
# holds no four of a kind and no airplane of three trios above the 5s (999 TTT, and one J):
# nothing beats, he passes. Seat 2 holds the bomb 8888 and no such airplane: must-beat makes
# the bomb his only legal action. Seat 0 (one card) and seat 1 (no bomb) pass: the bomb wins
# its trick. Seat 2 leads while seat 0, next in turn, holds one card: his solo must be his
# highest card, the A (KK, QQ... stay free). Seat 0's 2 beats the A and must be played: he
# goes out. Cards: seat 1 holds 16 and played nothing (closed, x2): 32; seat 2 holds
# 16 - 4 - 1 = 11: 11; seat 0 wins 43. Bomb: seat 2 gets 10 from each of the two others.
# Totals: seat 0 43 - 10 = 33, seat 1 -32 - 10 = -42, seat 2 -11 + 20 = 9 (sum 0).
HANDS_A = ["555666777JJQQKK2", "333444567999TTTJ", "3488889TJQQKKAAA"]
# Scenario B. Seat 0 leads 555666777 + JJQQKK, keeping a 3. Seat 1 must beat it and can only
# with 888999TTT (+ six of his 3s, 4s and A): he plays 333444888999TTT, keeping the A.
# Seat 2 (no trios, no bomb) and seat 0 (one card) pass; seat 1 leads his A and wins.
# Seat 0 holds one card: pays nothing. Seat 2 holds 16, closed: 2 x 16 = 32 (x base).
HANDS_B = ["3555666777JJQQKK", "333444888999TTTA", "456789TJJQQKKAA2"]
# Scenario C. Seat 0 leads the chain 3..A (12 cards, which only a bomb beats: nobody has
# one) and both pass; he leads his 3, seat 1 must beat and plays the 2, which nobody beats
# (seat 0 keeps 999). Seat 1 leads the trio + two 55577; seat 2's only trio is 444, lower,
# and he has no bomb: he passes. Seat 0's whole hand 999 is a short trio + two of key 9,
# above 5: it beats, and must-beat makes it his only action. He goes out: seat 1 holds
# 16 - 1 - 5 = 10 (10), seat 2 16 and closed (32); seat 0 wins 42.
HANDS_C = ["33456789TJQKA999", "5556778TJQQQKKK2", "3344466788TTJJAA"]
# Scenario D. Seat 0 plays 555666777 + JJQQKK down to a 3; seat 1's only beater is the bomb
# 4444 (his pairs 88 99 TT make no trio), seat 2 (no bomb) and seat 0 pass, seat 1 leads the
# 5 (seat 2 next, sixteen cards: free). Seat 2 follows while seat 0, next, holds one card:
# of his solos above the 5 (8 9 T J Q K A 2) only his highest, the 2, is legal.
HANDS_D = ["3555666777JJQQKK", "44445678899TTJQK", "3338899TTJQKAAA2"]


def moves_text(state) -> list:
    return [str(action) for action in state.legal_actions()]


# --- the deal and who leads ------------------------------------------------------------------

@pytest.mark.parametrize("deck_size", [48, 45])
def test_the_deal_is_the_documented_shuffle_of_physical_cards(deck_size):
    rules = RUNFAST.replace(deck_size=deck_size)
    # 48: 11 ranks x 4 + 3 aces + one 2; 45: 10 x 4 + 3 kings + 1 ace + one 2.
    assert deck_counts(deck_size) == ((4,) * 11 + (3, 1, 0, 0) if deck_size == 48
                                      else (4,) * 10 + (3, 1, 1, 0, 0))
    for seed in (0, 1, "text", 2 ** 70):
        piles = dealt_piles(seed, deck_size)
        assert runfast.physical_deal(seed, 0, rules) == tuple(tuple(sorted(p)) for p in piles)
        assert [h.counts for h in deal_cards(seed, rules=rules).hands] == \
            [counts_of(p) for p in piles]
        assert deal_cards(seed, 2, rules=rules).hands[0].counts == \
            counts_of(dealt_piles(seed, deck_size, 2)[0])
        state = Game(rules).new_state(seed)
        assert len(state.hands[0]) == deck_size // 3 and state.phase == "play"
        assert state.landlord is None and state.kitty is None and not state.deal.kitty


@pytest.mark.parametrize("preset", ["runfast", "runfast_15"])
def test_the_holder_of_the_three_of_spades_leads(preset):
    rules, leaders = Rules.preset(preset), set()
    for seed in range(30):
        piles = dealt_piles(seed, rules.deck_size)
        holder = next(seat for seat in range(3) if (0, "S") in piles[seat])
        state = Game(rules).new_state(seed, first_bidder=(seed + 1) % 3)  # not the leader
        assert state.current_player == state.leader == state.first_bidder == holder
        assert state.prev is None and Move.PASS not in state.legal_actions()
        leaders.add(holder)
    assert leaders == {0, 1, 2}


def test_two_players_lead_by_the_lower_lowest_card_when_the_three_of_spades_is_hidden():
    hidden_seen = 0
    for seed in range(60):
        piles = dealt_piles(seed, 48)
        state = Game(TWO).new_state(seed)
        assert len(state.hands) == 2 and state.hidden_hand.counts == counts_of(piles[2])
        assert state.current_player == expected_leader(piles, 2)
        if (0, "S") in piles[2]:
            hidden_seen += 1
            low = [min(rank for rank, _ in piles[seat]) for seat in (0, 1)]
            assert state.current_player == (1 if low[1] < low[0] else 0)
    assert hidden_seen > 10      # a third of the deals


def test_the_leader_may_not_pass():
    state = hands_state(RUNFAST, HANDS_A)
    with pytest.raises(IllegalActionError, match="leader may not pass"):
        state.apply("pass")


# --- must-beat, the one-card rule, the first play --------------------------------------------

def test_must_beat_forces_a_bomb_and_the_one_card_rule_the_highest_single():
    state = hands_state(RUNFAST, HANDS_A)
    play(state, "555666777JJQQKK")
    assert state.legal_actions() == [Move.PASS]          # seat 1: nothing beats
    play(state, "pass")
    assert moves_text(state) == ["8888"]                 # seat 2: the bomb, no pass
    with pytest.raises(IllegalActionError, match="must_beat"):
        state.apply("pass")
    play(state, "8888", "pass", "pass")
    assert state.bomb_scores == (-10, -10, 20) and state.scores is None   # paid at once
    assert state.current_player == 2 and state.prev is None
    solos = [a for a in moves_text(state) if len(a) == 1]
    assert solos == ["A"] and {"QQ", "KK", "AA"} <= set(moves_text(state))
    with pytest.raises(IllegalActionError, match="one_card_rule"):
        state.apply("K")
    play(state, "A")
    assert moves_text(state) == ["2"]                    # seat 0 must beat with his 2
    play(state, "2")
    assert state.is_over and state.winner == 0 and state.scores == (33, -42, 9)


def test_without_must_beat_a_player_may_pass_on_what_he_could_beat():
    state = hands_state(RUNFAST.replace(must_beat=False), HANDS_A)
    play(state, "555666777JJQQKK", "pass")
    assert state.legal_actions() == [Move.PASS, Move.parse("8888")]


def test_the_one_card_rule_binds_a_follower_too():
    state = hands_state(RUNFAST, HANDS_D)
    play(state, "555666777JJQQKK")
    assert moves_text(state) == ["4444"]
    play(state, "4444", "pass", "pass", "5")
    assert moves_text(state) == ["2"]
    with pytest.raises(IllegalActionError, match="highest card 2"):
        state.apply("A")
    free = hands_state(RUNFAST.replace(one_card_rule=False), HANDS_D)
    play(free, "555666777JJQQKK", "4444", "pass", "pass", "5")
    assert moves_text(free) == ["8", "9", "T", "J", "Q", "K", "A", "2"]


def test_spade3_in_first_play_makes_the_first_play_hold_a_three():
    rules = RUNFAST.replace(spade3_in_first_play=True)
    state = hands_state(rules, HANDS_B)     # seat 0 leads, holding one 3
    legal = state.legal_actions()
    assert legal and all(move.counts[0] == 1 for move in legal)
    assert Move.parse("3") in legal and len(legal) < len(hands_state(RUNFAST, HANDS_B)
                                                          .legal_actions())
    with pytest.raises(IllegalActionError, match="must contain a 3"):
        state.apply("555666777JJQQKK")
    # A leader holding no 3 (seat 0 of scenario A) leads freely.
    assert hands_state(rules, HANDS_A).legal_actions() == \
        hands_state(RUNFAST, HANDS_A).legal_actions()


# --- the end of the hand and scoring ---------------------------------------------------------

def test_a_loser_on_one_card_pays_nothing_and_a_closed_one_pays_double():
    state = hands_state(RUNFAST, HANDS_B)
    play(state, "555666777JJQQKK", "333444888999TTT", "pass", "pass", "A")
    assert state.winner == 1 and state.scores == (0, 32, -32)
    tripled = hands_state(RUNFAST.replace(base=3), HANDS_B)
    play(tripled, "555666777JJQQKK", "333444888999TTT", "pass", "pass", "A")
    assert tripled.scores == (0, 96, -96)


def test_base_multiplies_the_bomb_score():
    # Scenario A at base 2, bomb score 5: cards 2 x (43, -32, -11); bomb 2 x 5 = 10 from each.
    state = hands_state(RUNFAST.replace(base=2, bomb_score=5), HANDS_A)
    play(state, "555666777JJQQKK", "pass", "8888", "pass", "pass", "A", "2")
    assert state.scores == (86 - 10, -64 - 10, -22 + 20)


def test_a_short_trio_as_the_last_hand_beats_a_lower_trio_and_two():
    state = hands_state(RUNFAST, HANDS_C)
    play(state, "3456789TJQKA", "pass", "pass", "3", "2", "pass", "pass", "55577", "pass")
    assert state.legal_actions() == [Move("trio_two", 6, 1, parse_cards("999"))]
    play(state, "999")
    assert state.winner == 0 and state.scores == (42, -10, -32)
    strict = hands_state(RUNFAST.replace(short_last_hand=False), HANDS_C)
    play(strict, "3456789TJQKA", "pass", "pass", "3", "2", "pass", "pass", "55577", "pass")
    assert strict.legal_actions() == [Move.PASS]          # 999 alone is no trio + two


def test_a_bomb_as_the_last_play_is_paid():
    # Seat 0 leads the pair chain 33..88 (six pairs): a higher one of six pairs needs the
    # 9s, all his, and nobody else has a bomb; both pass. His last play, the bomb 9999, wins
    # its trick and the hand: 10 from each, and the others are closed, 2 x 16 = 32 each.
    state = hands_state(RUNFAST, ["3344556677889999", "345678TTJJQQKKA2",
                                  "345678TTJJQQKKAA"])
    play(state, "334455667788", "pass", "pass", "9999")
    assert state.winner == 0 and state.scores == (64 + 20, -32 - 10, -32 - 10)


def test_two_players_a_bomb_wins_its_trick_after_one_pass():
    # Seat 0 plays 555666777 + JJQQKK down to a 3; seat 1's only beater is the bomb 4444;
    # seat 0 passes, and one pass gives seat 1 the lead: his bomb won, 10 from seat 0 (the
    # hidden hand pays nothing).
    state = hands_state(TWO, HANDS_D)
    play(state, "555666777JJQQKK", "4444", "pass")
    assert state.bomb_scores == (-10, 10) and state.current_player == 1


# --- two players -----------------------------------------------------------------------------

def test_two_players_one_pass_gives_the_lead_back_and_the_hidden_hand_pays_nothing():
    # Seat 0 plays 555666777 + JJQQKK down to a 3; seat 1 (no trios, no bomb) passes: one
    # pass and seat 0 leads his 3, out. Seat 1 is closed: 2 x 16 = 32; the hidden hand is
    # no player.
    hidden = "333444888999TTTA"
    state = hands_state(TWO, ["3555666777JJQQKK", "456789TJJQQKKAA2", hidden])
    play(state, "555666777JJQQKK", "pass")
    assert state.current_player == 0 and state.prev is None and state.passes == 0
    play(state, "3")
    assert state.scores == (32, -32) and str(state.hidden_hand) == hidden
    assert state.deal.hands[2] == state.hidden_hand and state.returns() == (32, -32)


# --- next_lead and matches -------------------------------------------------------------------

def finished(rules: Rules, seed: int):
    state = Game(rules).new_state(seed)
    while not state.is_over:
        state.timeout()
    return state


def test_next_lead_winner_lets_the_previous_winner_lead():
    rules = RUNFAST.replace(next_lead="winner")
    game = Game(rules)
    previous = finished(rules, 3)
    for seed in range(6):
        piles = dealt_piles(seed, 48)
        state = runfast.new_state(game, seed, 0, None, previous=previous)
        assert state.current_player == previous.winner
        assert state.hands[0].counts == counts_of(piles[0])
        while not state.is_over:
            state.timeout()
        previous = state
    # Under next_lead="spade3" the previous hand changes nothing.
    spade3 = runfast.new_state(Game(RUNFAST), 5, 0, None, previous=finished(RUNFAST, 3))
    assert spade3.current_player == expected_leader(dealt_piles(5, 48), 3)


def test_previous_must_be_a_finished_run_fast_hand():
    game = Game(RUNFAST.replace(next_lead="winner"))
    with pytest.raises(ValueError, match="still being played"):
        runfast.new_state(game, 1, 0, None, previous=game.new_state(2))
    with pytest.raises(TypeError, match="RunFastState"):
        runfast.new_state(game, 1, 0, None, previous=Game().new_state(2))
    with pytest.raises(ValueError, match="2 players"):
        runfast.new_state(game, 1, 0, None, previous=finished(TWO, 1))


# --- actions, ids, clocks, records -----------------------------------------------------------

def snapshot(state) -> tuple:
    return (state.phase, state.current_player, state.hands, tuple(state.events), state.prev,
            state.passes, state.plays, state.bomb_scores, state.scores, state.auto_play,
            state.timeouts_in_a_row, tuple(state.legal_actions()))


@pytest.mark.parametrize("action, error", [
    (Bid.BID_1, ActionTypeError), (3, ActionTypeError), (None, ActionTypeError),
    ("BR", IllegalActionError), ("3", IllegalActionError), ("3334", IllegalActionError),
    ("AAAA", IllegalActionError), (Move.parse("22"), IllegalActionError),
    ("555666777JJQQKK:trio_two", IllegalActionError)])
def test_illegal_actions_raise_and_change_nothing(action, error):
    state = hands_state(RUNFAST, HANDS_A)      # seat 0 holds no 3
    before, copy = snapshot(state), state.clone()
    with pytest.raises(error):
        state.apply(action)
    assert snapshot(state) == before and state == copy


def test_action_ids_and_the_pass_id():
    state = hands_state(RUNFAST, HANDS_A)
    space = action_space(rules=RUNFAST)
    state.apply_id(action_id("555666777JJQQKK", rules=RUNFAST))
    state.apply_id(len(space))                                  # the pass
    with pytest.raises(IllegalActionError):
        state.apply_id(len(space))                              # must beat: no pass
    with pytest.raises(ValueError):
        state.apply_id(len(space) + 1)
    with pytest.raises(TypeError):
        state.apply_id("0")
    state.apply_id(action_id("8888", rules=RUNFAST))
    assert state.history[-1] == (2, Move.parse("8888"))


def test_timeouts_pass_when_they_may_else_play_the_lowest_legal_move():
    state = hands_state(RUNFAST, HANDS_A)
    play(state, "555666777JJQQKK")
    assert state.timeout() == Move.PASS                 # seat 1 may pass
    assert state.timeout() == Move.parse("8888")        # seat 2 must beat
    assert state.timeout() == Move.PASS and state.timeout() == Move.PASS
    assert state.timeout() == Move.parse("A")           # seat 2 leads: his only solo
    assert state.auto_play == (False, True, True)       # two timeouts in a row each
    assert state.timeout() == Move.parse("2") and state.scores == (33, -42, 9)
    follower = hands_state(RUNFAST, HANDS_D)
    play(follower, "555666777JJQQKK", "4444", "pass", "pass")
    assert follower.timeout() == Move.parse("5")        # the smallest solo leads


def test_auto_play_and_leaving_finish_a_hand_whose_record_replays():
    state = Game("runfast_15").new_state(11)
    state.leave(state.current_player)
    state.set_auto_play((state.current_player + 1) % 3, True)
    state.set_auto_play((state.current_player + 2) % 3, True)
    assert state.run_auto_play() > 0 and state.is_over and sum(state.scores) == 0
    again = record.load(record.from_json(record.to_json(state)))
    assert again == state and again.events == state.events


@pytest.mark.parametrize("rules", [RUNFAST, Rules.preset("runfast_15"), TWO])
def test_records_clones_and_pickles_of_a_hand(rules):
    state = Game(rules).new_state("record")
    states = [state.clone()]
    while not state.is_over:
        state.timeout() if len(state.events) % 3 else state.apply(state.legal_actions()[-1])
        states.append(state.clone())
    data = record.to_record(state)
    assert data["start"]["first_bidder"] == state.leader and len(data["start"]["hands"]) == 3
    assert [s for s in record.replay(data)] == states
    assert record.load(data) == state and record.to_record(record.load(data)) == data
    assert pickle.loads(pickle.dumps(state)) == state
    copy = states[0].clone()
    copy.apply(copy.legal_actions()[0])
    assert copy != states[0] and states[0] == Game(rules).new_state("record")


# --- what a hand is given --------------------------------------------------------------------

@pytest.mark.parametrize("hands, message", [
    (HANDS_A[:2], "exactly three hands"),
    ("3333", "exactly three hands"),
    (["555666777JJQQKKB", HANDS_A[1], HANDS_A[2]], "black joker"),           # a joker
    (["555666777JJQQK22", HANDS_A[1], HANDS_A[2]], "2 of rank 2"),           # a second 2
    (["555666777JJQQKK2", HANDS_A[1], "3488889TJQQKAAAA"], "4 of rank A"),   # four aces
    (["555666777JJQQKK", HANDS_A[1], HANDS_A[2] + "2"], "holds"),             # sizes
    (["555666777JJQQKK2", "333444567999TTTT", HANDS_A[2]], "5 of rank 10"),   # a card twice
])
def test_bad_hands_are_refused_naming_the_problem(hands, message):
    with pytest.raises(ValueError, match=message):
        Game(RUNFAST).new_state_from_hands(hands)


def test_a_hand_of_the_wrong_kind_or_with_dou_dizhu_options_is_refused():
    game = Game(RUNFAST)
    with pytest.raises(TypeError):
        game.new_state_from_hands([HANDS_A[0], 3, HANDS_A[2]])
    for options, message in [({"kitty": "345"}, "kitty"), ({"landlord": 0}, "landlord"),
                             ({"partner": 1}, "partner"), ({"wild": "5"}, "wild"),
                             ({"base_stake": 2}, "no bid"), ({"stacks": 100}, "chips"),
                             ({"first_bidder": 3}, "first_bidder")]:
        with pytest.raises(ValueError, match=message):
            game.new_state_from_hands(HANDS_A, **options)
    with pytest.raises(ValueError, match="first_bidder"):
        Game(TWO).new_state_from_hands(HANDS_A, first_bidder=2)
    with pytest.raises(ValueError, match="chips"):
        Game(RUNFAST, chips=100)


@pytest.mark.parametrize("seed, error", [(1.5, TypeError), (b"x", TypeError),
                                         ("\udc80", ValueError), ([1], TypeError)])
def test_bad_seeds_are_refused(seed, error):
    with pytest.raises(error):
        Game(RUNFAST).new_state(seed)
    with pytest.raises(error):
        deal_cards(seed, rules=RUNFAST)


def test_the_position_of_a_state_plays_as_the_state_does():
    # the position's play rules are those of the positions layer: each step of random hands
    # must list the same actions there, until the hand is over
    import random
    chooser = random.Random(1)
    for seed, rules in enumerate(["runfast", "runfast_15",
                                  Rules.preset("runfast").replace(players=2)]):
        state = Game(rules).new_state(seed=seed)
        while not state.is_over:
            if any(state.plays):        # the first play's own rule is the state's alone
                assert state.position().legal_actions(state.game.rules) == state.legal_actions()
            state.apply(chooser.choice(state.legal_actions()))
        with pytest.raises(ValueError, match="only in the play phase"):
            state.position()


def test_a_match_under_next_lead_winner_has_each_hand_led_by_the_last_winner():
    # the first hand is led by the holder of the three of spades, each later one by the
    # winner of the hand before; under the default (spade3) every hand's leader is the holder
    import random
    from ddz_fast import Match
    chooser = random.Random(3)
    for next_lead in ("winner", "spade3"):
        match = Match(Game(Rules.preset("runfast").replace(next_lead=next_lead)), 4, seed=9)
        leaders, winners = [], []
        while not match.is_over:
            state = match.state
            leaders.append(state.current_player)
            if next_lead == "spade3" or not winners:    # the holder of the three of spades
                assert state.hands[state.current_player].counts[0]
            while not state.is_over:
                state.apply(chooser.choice(state.legal_actions()))
            winners.append(state.winner)
            match.next_hand()
        if next_lead == "winner":
            assert leaders[1:] == winners[:-1]
        assert len(match.results) == 4 and all(sum(scores) == 0 for scores in match.results)


def test_the_random_and_greedy_bots_play_run_fast_and_the_solver_bot_says_it_does_not():
    from ddz_fast.search.bots import GreedyBot, RandomBot, SolverBot, act
    state = Game("runfast_15").new_state(seed=2)
    with pytest.raises(ValueError, match="SolverBot does not play Run Fast"):
        act(SolverBot(), state)
    bots = [RandomBot(seed=4), GreedyBot(), RandomBot(seed=5)]
    while not state.is_over:
        state.apply(act(bots[state.current_player], state))   # apply() checks it is legal
    assert sum(state.scores) == 0
