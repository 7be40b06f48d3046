"""The four-seat engine (docs/RULES.md, "Four players with two decks"): hands played from chosen
cards, with every expected score worked out by hand from the rule text in a comment.

The cards (two decks: eight of each rank 3..2, two black and two red jokers, 108 in all):

* landlord, seat 0, 33 cards: ``3333 444 555 666 777 888 999 TTT JJJ QQQ K 2``; dealt the 25
  up to the tens, plus the kitty ``JJJQQQK2``;
* seat 1: ``33 444 555 666 777 88 99 TT JJ QQ K`` (25);
* seat 2: ``888 999 TTT JJJ QQQ 33 44 55 66 77`` (25), one move: the airplane 8..Q with pair
  wings, which beats the landlord's airplane 3..7 with pair wings 8..Q (same shape, higher
  key);
* seat 3: ``KKKKKK AAAAAAAA 2222222 BB RR`` (25).

Per rank: 3: 4+2+2 = 8; 4..7: 3+3+2 = 8; 8..Q: 3+2+3 = 8; K: 1+1+6 = 8; A: 8; 2: 1+7 = 8;
B and R: 2 each.
"""
from __future__ import annotations

import copy
import pickle

import pytest

from ddz_fast import Hand, Move, Rules
from ddz_fast.actions import Bid, Double, Partner
from ddz_fast.cards import TWO_DECKS
from ddz_fast.engine.game import Game
from ddz_fast.engine.base import ActionTypeError, IllegalActionError
from ddz_fast.moves.notation import parse_move
from ddz_fast.engine.four_player import FourPlayerState
from support.common import sample_size

FOUR = Rules.preset("four_player")
PARTNER = FOUR.replace(sides="partner")
DEALT = ["3333444555666777888999TTT", "334445556667778899TTJJQQK",
         "888999TTTJJJQQQ3344556677", "KKKKKKAAAAAAAA2222222BBRR"]
KITTY = "JJJQQQK2"
LANDLORD = "3333444555666777888999TTTJJJQQQK2"
HANDS = [LANDLORD] + DEALT[1:]
LOW_PLANE = "3334445556667778899TTJJQQ"       # the landlord's airplane 3..7, pair wings 8..Q
HIGH_PLANE = DEALT[2]                         # seat 2's airplane 8..Q, pair wings 3..7
P = "pass"


def move(text: str, kind: str = "") -> Move:
    """The move of ``text`` under the four-player rules (of type ``kind`` when given)."""
    return parse_move(f"{text}:{kind}" if kind else text, rules=FOUR)


def play(state: FourPlayerState, actions) -> FourPlayerState:
    for action in actions:
        if isinstance(action, str):
            action = Move.PASS if action == P else move(*action.split(":"))
        state.apply(action)
    return state


def started(rules: Rules = FOUR, **options) -> FourPlayerState:
    """The hand above, seat 0 landlord with the kitty, at the start of play (or of the partner
    phase under ``sides="partner"`` without ``partner=``)."""
    return Game(rules, chips=options.pop("chips", None)).new_state_from_hands(
        HANDS, KITTY, landlord=0, **options)


# The landlord leads 3, seat 1 beats it with 5, seats 2 and 3 pass, the landlord takes the
# lead back with its 2; after three passes it leads its airplane, seat 1 passes and seat 2
# plays its higher airplane: seat 2's hand is empty. Seat 1 played a card: no spring; the
# landlord played twice: no anti-spring.
PARTNER_GOES_OUT = ["3", "5", P, P, "2", P, P, P, f"{LOW_PLANE}:airplane_pair", P,
                    f"{HIGH_PLANE}:airplane_pair"]
# The airplanes straight away: nobody but the landlord and seat 2 plays a card.
AIRPLANES_AT_ONCE = [f"{LOW_PLANE}:airplane_pair", P, f"{HIGH_PLANE}:airplane_pair"]


def test_the_cards_make_two_decks_and_the_airplanes_read_as_meant():
    total = [sum(Hand(h, decks=2).counts[r] for h in DEALT + [KITTY]) for r in range(15)]
    assert tuple(total) == TWO_DECKS
    assert Hand(LANDLORD, decks=2) == Hand(DEALT[0] + KITTY, decks=2)
    low, high = move(LOW_PLANE, "airplane_pair"), move(HIGH_PLANE, "airplane_pair")
    assert (low.key, low.length, high.key, high.length) == (0, 5, 5, 5)


def test_a_partner_going_out_first_wins_for_the_landlords_side():
    state = started(PARTNER, base_stake=2)
    assert state.phase == "partner" and state.current_player == 0
    state.apply(Partner(2))
    assert (state.phase, state.partner, state.side) == ("play", 2, (0, 2))
    play(state, PARTNER_GOES_OUT)
    # Landlord 0 and partner 2 win: multiplier 1 (no bomb, no spring), each loser pays 2 x 1
    # to one winner: the partner settles with the first opponent after it (seat 3), the
    # landlord with seat 1.
    assert (state.phase, state.out_first, state.winner) == ("over", 2, "landlord")
    assert state.multiplier == 1
    assert state.scores == (2, -2, 2, -2) and state.returns() == state.scores


def test_the_same_play_alone_is_a_loss_for_the_landlord():
    state = play(started(FOUR, base_stake=2), PARTNER_GOES_OUT)
    # Alone, seat 2 is a peasant: the peasants win; each of the three gets 2 x 1 from the
    # landlord, who loses 6.
    assert (state.winner, state.partner, state.multiplier) == ("peasants", None, 1)
    assert state.scores == (-6, 2, 2, 2)


def test_the_landlord_alone_wins_by_going_out():
    # After its 3, its 2 and the airplane (333 444 555 666 777 88 99 TT JJ QQ), the landlord
    # holds one each of 8, 9, T, J, Q and K: a chain of six, which it leads after three passes.
    state = play(started(FOUR, base_stake=1), [
        "3", "5", P, P, "2", P, P, P, f"{LOW_PLANE}:airplane_pair", P, P, P])
    assert str(state.hands[0]) == "89TJQK" and state.prev is None
    play(state, ["89TJQK"])
    # The landlord wins alone at multiplier 1 (seat 1 played, so no spring): 1 from each.
    assert (state.winner, state.out_first, state.multiplier) == ("landlord", 0, 1)
    assert state.scores == (3, -1, -1, -1)


def test_spring_with_a_partner_and_anti_spring_alone():
    # Partner: seat 2 goes out with no opponent (1, 3) having played: a spring, x2. Each loser
    # pays 2 x 2 = 4.
    state = started(PARTNER, base_stake=2)
    play(state, [Partner(2)] + AIRPLANES_AT_ONCE)
    assert (state.winner, state.multiplier, state.plays) == ("landlord", 2, (1, 0, 1, 0))
    assert state.scores == (4, -4, 4, -4)
    # Alone: the same play is a peasants' win with the landlord having played only its first
    # lead: an anti-spring, x2. Each peasant gets 2 x 2 = 4, the landlord loses 12.
    state = play(started(FOUR, base_stake=2), AIRPLANES_AT_ONCE)
    assert (state.winner, state.multiplier) == ("peasants", 2)
    assert state.scores == (-12, 4, 4, 4)


# Seat 3 stops the landlord's 2 with the rocket and then plays out with three bombs: a 6-card
# bomb of kings, a 7-card bomb of twos and an 8-card bomb of aces (4 + 6 + 7 + 8 = 25 cards).
BOMBS = ["3", "5", P, P, "2", P, P, "BBRR", P, P, P, "KKKKKK", P, P, P, "2222222", P, P, P,
         "AAAAAAAA"]


def test_each_bomb_and_the_rocket_double_the_multiplier():
    state = play(started(FOUR), BOMBS[:8])
    assert state.prev == move("BBRR") and state.prev.type == "rocket"
    assert state.multiplier == 2                # the rocket
    play(state, BOMBS[8:12])
    assert state.multiplier == 4                # and the 6-card bomb
    play(state, BOMBS[12:])
    # Rocket and three bombs: 2**4 = 16; the peasants win (seat 3) and the landlord played
    # twice, so no anti-spring. Each peasant gets 16 from the landlord, who loses 48.
    assert (state.winner, state.out_first, state.multiplier) == ("peasants", 3, 16)
    assert state.scores == (-48, 16, 16, 16)


def test_chips_cap_what_the_landlord_pays_and_wins():
    # The bomb hand with stacks of 20 for the landlord: it owes 16 to each of seats 1, 2, 3
    # (48 > 20), so its 20 is shared in proportion: 20 x 16 / 48 = 6.67 each, 6 each rounded
    # down and the 2 units left to the largest remainders (all equal: the earlier claims, seats
    # 1 and 2, in turn order after the landlord).
    state = play(started(FOUR, stacks=(20, 100, 100, 100)), BOMBS)
    assert state.raw_scores == (-48, 16, 16, 16)
    assert state.scores == (-20, 7, 7, 6)
    assert state.final_stacks == (0, 107, 107, 106)
    # The landlord wins alone at base 10: 10 from each. Seat 1 has 4 chips and pays 4; the
    # landlord's own stack, 25, caps nothing here (10 < 25 from each).
    state = play(started(FOUR, base_stake=10, stacks=(25, 4, 100, 100)), [
        "3", "5", P, P, "2", P, P, P, f"{LOW_PLANE}:airplane_pair", P, P, P, "89TJQK"])
    assert state.raw_scores == (30, -10, -10, -10)
    assert state.scores == (24, -4, -10, -10)
    # Game chips apply to every hand: one int is every seat's stack.
    assert Game(FOUR, chips=9).chips == (9, 9, 9, 9)


def test_doubling_goes_round_the_other_three_then_the_landlord():
    rules = PARTNER.replace(doubling=True)
    state = Game(rules).new_state_from_hands(DEALT, KITTY, first_bidder=0)
    play(state, [Bid.BID_3])
    assert (state.phase, state.landlord, state.kitty) == ("partner", 0, Hand(KITTY, decks=2))
    assert state.hands[0] == Hand(LANDLORD, decks=2)
    play(state, [Partner(2)])
    order = []
    for decision in (Double.DOUBLE, Double.NO_DOUBLE, Double.NO_DOUBLE, Double.DOUBLE):
        order.append(state.current_player)
        state.apply(decision)
    assert order == [1, 2, 3, 0] and state.doubles == (True, True, False, False)
    play(state, PARTNER_GOES_OUT)
    # Base 3 (the bid), multiplier 1. Seat 2 with seat 3: nobody of the pair doubled, but the
    # landlord did: x2, 6. The landlord with seat 1: both doubled, x4, 12.
    assert state.scores == (12, -12, 6, -6)


def test_the_partner_phase_lists_the_three_other_seats_and_refuses_the_rest():
    state = started(PARTNER)
    before, seen = state.clone(), state.events
    assert state.legal_actions() == [Partner(1), Partner(2), Partner(3)]
    with pytest.raises(IllegalActionError, match="SEAT_0"):
        state.apply(Partner(0))                     # not itself
    with pytest.raises(IllegalActionError, match="not a Partner"):
        state.apply(4)
    for wrong in (Bid.PASS, Double.DOUBLE, Move.PASS, True, "SEAT_1", None):
        with pytest.raises(ActionTypeError):
            state.apply(wrong)
    with pytest.raises(ActionTypeError):
        state.apply_id(0)
    assert state == before and state.events == seen and state.partner is None
    state.apply(3)                                  # an int is taken for its seat
    assert state.partner == 3 and state.phase == "play"
    # Alone there is no partner phase, and a partner cannot be given.
    assert started(FOUR).phase == "play"
    with pytest.raises(ValueError, match="plays alone"):
        started(FOUR, partner=2)
    with pytest.raises(ValueError, match="its own partner"):
        started(PARTNER, partner=0)
    assert started(PARTNER, partner=1).side == (0, 1)


def test_illegal_moves_raise_and_change_nothing():
    state = play(started(FOUR), ["3"])
    before = state.clone()
    for wrong in (move("3"), move("A"), move("33"), Bid.PASS, Partner(1)):
        with pytest.raises(ValueError):     # IllegalActionError and ActionTypeError both are
            state.apply(wrong)
    assert state == before and state.legal_actions()[0] == Move.PASS
    state = started(FOUR)
    before = state.clone()
    with pytest.raises(IllegalActionError, match="cannot play pass"):
        state.apply(Move.PASS)                      # the leader may not pass
    assert state == before


def test_the_lead_returns_after_the_other_three_pass():
    state = play(started(FOUR), ["3", "5"])
    assert (state.current_player, state.passes) == (2, 0)
    play(state, [P, P])
    assert (state.current_player, state.passes, state.prev) == (0, 2, move("5"))
    play(state, [P])
    assert (state.current_player, state.passes, state.prev) == (1, 0, None)


def test_a_timeout_and_auto_play():
    state = started(PARTNER)
    with pytest.raises(IllegalActionError, match="not on auto-play"):
        state.play_auto()
    # The landlord times out naming its partner: the seat opposite, 0 + 2.
    assert state.time_limit == 15 and state.timeout() == Partner(2) and state.partner == 2
    assert state.timeouts_in_a_row == (1, 0, 0, 0) and not any(state.auto_play)
    # Leading, a timeout plays the smallest single; the second timeout in a row turns
    # auto-play on.
    assert state.time_limit == 30 and state.timeout() == move("3")
    assert state.auto_play == (True, False, False, False)
    play(state, ["5", P])
    assert state.current_player == 3 and state.time_limit == 25
    assert state.timeout() == Move.PASS             # following, a timeout passes
    # The landlord is on auto-play: the default policy, the timeout action, passes.
    assert state.play_auto() == Move.PASS
    assert [kind for kind, _, _ in state.events] == ["timeout", "timeout", "act", "act",
                                                     "timeout", "auto"]
    # Everyone passed seat 1's 5: seat 1 leads, leaves, and auto-play leads its smallest
    # single.
    assert (state.current_player, state.prev) == (1, None)
    state.leave(1)
    assert state.play_auto() == move("3") and state.events[-1] == ("auto", 1, move("3"))
    # Seat 2 beats it by hand, seat 3 passes by hand, then auto-play passes for seats 0 and 1
    # and stops at seat 2, who leads.
    play(state, ["9", P])
    assert state.timeouts_in_a_row == (2, 0, 0, 0)      # seat 3's pass by hand reset its 1
    assert state.run_auto_play() == 2 and (state.current_player, state.prev) == (2, None)
    with pytest.raises(ValueError, match="left"):
        state.set_auto_play(1, False)


def test_bidding_at_four_seats_and_the_kitty():
    state = Game(FOUR).new_state_from_hands(DEALT, KITTY, first_bidder=1)
    assert state.current_player == 1 and state.kitty is None
    play(state, [Bid.BID_1, Bid.PASS, Bid.BID_2, Bid.PASS, Bid.PASS])
    # Seat 3 bid 2 and seats 2, 0 and then 1 passed: seat 3 is landlord with the kitty.
    assert (state.phase, state.landlord, state.base_stake) == ("play", 3, 2)
    assert len(state.hands[3]) == 33 and state.kitty == Hand(KITTY, decks=2)
    assert state.current_player == 3


def test_four_passes_redeal_from_the_seed():
    from ddz_fast.engine.game import deal_cards
    state = Game(FOUR).new_state(seed=11, first_bidder=2)
    assert state.deal == deal_cards(11, 0, rules=FOUR)
    play(state, [Bid.PASS] * 4)
    assert state.redeals == 1 and state.first_bidder == 3 == state.current_player
    assert state.deal == deal_cards(11, 1, rules=FOUR)
    play(state, [Bid.PASS] * 4)
    assert state.deal == deal_cards(11, 2, rules=FOUR) and state.current_player == 0


def test_clone_equality_and_pickling():
    state = play(started(PARTNER), [Partner(2), "3", "5"])
    for copied in (state.clone(), copy.copy(state), copy.deepcopy(state),
                   pickle.loads(pickle.dumps(state))):
        assert copied == state and copied is not state
        copied.apply(Move.PASS)
        assert copied != state and len(state.history) == 3


def test_apply_id_plays_the_move_of_its_id():
    from ddz_fast import action_id, action_space
    state = started(FOUR)
    state.apply_id(action_id(move("3"), FOUR))
    assert state.history[-1] == (0, move("3"))
    state.apply_id(len(action_space(FOUR)))         # the pass
    assert state.history[-1] == (1, Move.PASS)
    with pytest.raises(ValueError):
        state.apply_id(len(action_space(FOUR)) + 1)


def test_hands_are_checked():
    game = Game(FOUR)
    with pytest.raises(ValueError, match="exactly four hands"):
        game.new_state_from_hands(DEALT[:3], KITTY)
    with pytest.raises(ValueError, match="not 25"):
        game.new_state_from_hands(HANDS, KITTY)     # a landlord's hand without landlord=
    with pytest.raises(ValueError, match="two decks"):
        game.new_state_from_hands(DEALT[:3] + ["3" * 8 + DEALT[3][8:]], KITTY)
    with pytest.raises(ValueError, match="kitty"):
        game.new_state_from_hands(DEALT, None)
    with pytest.raises(ValueError, match="not part of the landlord"):
        game.new_state_from_hands(HANDS, "AAAAAAAA", landlord=0)
    with pytest.raises(ValueError, match="or four of them"):
        Game(FOUR, chips=(1, 2, 3))
    with pytest.raises(ValueError, match="four-player table only"):
        Game().new_state_from_hands(["3"] * 3, partner=1)


def test_a_four_player_record_replays_every_step():
    from ddz_fast.engine import record
    # Dealt from a seed: the auction, the partner, the doubling round, timeouts and auto-play,
    # and a whole hand of play, all in the record.
    game = Game(PARTNER.replace(bidding="call_rob"), chips=40)
    state = game.new_state(seed=5, first_bidder=1)
    state.timeout()
    while not state.is_over:
        if state.auto_play[state.current_player]:
            state.play_auto()
        elif len(state.history) % 7 == 3:
            state.timeout()
        else:
            state.apply(state.legal_actions()[-1])
    assert state.partner is not None and state.redeals >= 0
    text = record.to_json(state)
    data = record.from_json(text)
    assert data["start"]["partner"] is None and data["result"]["partner"] == state.partner
    assert any(event.get("action", "").startswith("SEAT_") for event in data["events"])
    assert record.load(data) == state
    steps = list(record.replay(data))
    assert len(steps) == len(state.events) + 1 and steps[-1] == state
    # Given with the landlord and its partner: the start keeps them.
    state = play(started(PARTNER, partner=2, base_stake=2), PARTNER_GOES_OUT)
    data = record.from_json(record.to_json(state))
    assert data["start"]["partner"] == 2 and data["start"]["landlord"] == 0
    assert data["result"]["scores"] == [2, -2, 2, -2]
    assert record.load(data) == state
    # A record that does not replay names the event.
    data["events"][0]["action"] = "AAAAAAAA"
    with pytest.raises(ValueError, match="event 1"):
        record.load(data)


def test_the_random_and_greedy_bots_play_four_seats():
    from ddz_fast.search.bots import GreedyBot, RandomBot, act, last_mover, play_hand
    state = started(PARTNER)
    assert GreedyBot().partner(state) == Partner(2)             # the seat opposite
    assert RandomBot(seed=1).partner(state) in state.legal_actions()

    class NoPartnerMethod:
        def bid(self, state): ...
        def double(self, state): ...
        def play(self, state): ...
    assert act(NoPartnerMethod(), state) == Partner(2)          # the timeout choice
    # Seat 0 leads 3: seat 1, an opponent, beats it (it holds singles that do without a
    # bomb).
    play(state, [Partner(2), "3"])
    answer = GreedyBot().play(state)
    assert answer.type == "solo" and answer in state.legal_actions()
    # Seat 1 plays 5, seat 2 passes: seat 3 is to move after its own side's 5 (seat 1 played
    # it, one pass ago), which greedy never beats unless that ends the hand.
    play(state, ["5", P])
    assert (state.current_player, last_mover(state)) == (3, 1)
    assert GreedyBot().play(state) == Move.PASS
    # Whole hands, alone and with a partner: every decision legal, scores summing to zero;
    # the greedy bot, which keeps its bombs and sheds cards in long combinations, wins most
    # hands against random play from either side of the table.
    hands = sample_size(12, minimum=4)         # 4 in the pure-Python run
    for rules in (FOUR, PARTNER.replace(bidding="call_rob")):
        greedy_side_wins = 0
        for seed in range(hands):
            greedy_is_landlord = seed % 2 == 0
            bots = (GreedyBot(), RandomBot(seed)) if greedy_is_landlord else \
                (RandomBot(seed), GreedyBot())
            state = play_hand(Game(rules).new_state(seed, first_bidder=seed % 4), *bots)
            assert state.is_over and sum(state.scores) == 0
            greedy_side_wins += (state.winner == "landlord") == greedy_is_landlord
        assert greedy_side_wins >= 3 * hands // 4


def test_the_command_line_plays_and_simulates_the_four_player_table(capsys, monkeypatch):
    import io

    from ddz_fast.cli.main import main
    # The landlord (the human at seat 0) names seat 2, leads a 3, then leaves.
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n3\nquit\n"))
    assert main(["play", "--rules", "four_player", "--sides", "partner", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert "four_player+partner rules" in out and "Your hand (33):" in out
    assert "Name your partner: seat 1, 2 or 3." in out
    assert "You (landlord) names Bot 2 (partner) as partner." in out
    assert "TTTTT" in out                       # five tens: a hand of two decks, in full
    # A peasant sits right after the landlord, seat 3, among three bots.
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--rules", "four_player", "--seat", "peasant", "--seed", "3"]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert "You (peasant) against Bot 1 (peasant), Bot 2 (peasant), Bot 3 (landlord)" in first
    assert main(["simulate", "12", "--rules", "four_player", "--sides", "partner",
                 "--landlord", "greedy", "--workers", "1", "--seed", "4", "--json"]) == 0
    import json
    summary = json.loads(capsys.readouterr().out)
    assert summary["hands"] == 12 and summary["rules"] == "four_player+partner"
    # The sides belong to the four-player table: refused elsewhere, as a bad argument.
    with pytest.raises(SystemExit) as exit_status:
        main(["simulate", "3", "--sides", "partner"])
    assert exit_status.value.code == 2 and "needs four players" in capsys.readouterr().err


def test_a_match_at_four_seats_rotates_the_first_bidder_round_the_table():
    from ddz_fast import Match
    from ddz_fast.search.bots import GreedyBot, act
    match = Match(Game(PARTNER, chips=100), 5, seed=3, first_bidder=3)
    bidders, hands = [], []
    while not match.is_over:
        bidders.append(match.state.first_bidder)
        state = match.state
        while not state.is_over:
            state.apply(act(GreedyBot(), state))
        hands.append(state.scores)
        match.next_hand()
    # The first bidder moves one seat a hand, 3 -> 0 -> 1 -> 2 -> 3 (a re-deal inside a hand
    # moves it too, but the next hand starts from the match's rotation).
    assert bidders == [3, 0, 1, 2, 3]
    assert match.scores == tuple(map(sum, zip(*hands))) and sum(match.scores) == 0
    assert len(match.scores) == 4


def test_the_layers_without_four_seats_refuse_them_in_one_line():
    from ddz_fast.envs.three_player import DouDizhuEnv
    with pytest.raises(ValueError, match="PettingZoo environment plays three players"):
        DouDizhuEnv("four_player")
