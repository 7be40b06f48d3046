"""The built-in bots: legal in every phase under every bidding system, and the greedy rules.

Greedy decisions are checked on play-phase positions of any size. A bot reads only a few
things of a state, so :class:`PlayView` offers them for a :class:`~ddz_fast.Position`.
"""
from __future__ import annotations

import importlib.util
from typing import List

import pytest

from ddz_fast import Game, Move, Position, Rules
from ddz_fast.actions import Bid, Double
from ddz_fast.search.bots import (Bot, GreedyBot, RandomBot, act, hand_strength, last_mover,
                                  play_hand, start_play)
from ddz_fast.search.catalog import BOTS, make_bot
from ddz_fast.engine.game import deal_cards
from ddz_fast.hand import Hand
from ddz_fast.moves.notation import parse_move
from support.common import sizes

NATIVE_BOTS = {"solver", "pimc", "ismcts"}
AUCTIONS = [Rules(), Rules().replace(single_round_auction=True),
            Rules().replace(bidding="call_rob"), Rules.preset("douzero").replace(bidding="call_rob")]


class PlayView:
    """What a bot reads of a State in the play phase, taken from a Position."""

    phase = "play"

    def __init__(self, text: str, rules: str = "standard") -> None:
        self.position = Position.parse(text)
        self.rules = Rules.preset(rules)
        self.hands = self.position.hands
        self.landlord = self.position.landlord
        self.current_player = self.position.to_move
        self.prev = self.position.prev
        self.passes = self.position.passes

    def legal_actions(self) -> List[Move]:
        return self.position.legal_actions(self.rules)


def greedy(text: str) -> str:
    """The greedy bot's move in the position ``text``, as card text ('pass' for a pass)."""
    return str(GreedyBot().play(PlayView(text)))


# --- every bot, every phase ------------------------------------------------------------------

#: Bots that wrap a peer engine, and the extra that installs it.
PEER_BOTS = {"rlcard-rule": "rlcard"}


def needs_peer(name: str) -> None:
    if name in PEER_BOTS:
        pytest.importorskip(PEER_BOTS[name])


@pytest.mark.parametrize("name", [
    # The solver and the search bots run in the compiled core.
    pytest.param(name, marks=[pytest.mark.native] if name in NATIVE_BOTS else [])
    for name in sorted(BOTS)])
@pytest.mark.parametrize("rules", AUCTIONS, ids=["points", "single", "call_rob", "douzero_cr"])
@pytest.mark.parametrize("hands", sizes(3, 4))     # 3: the first bid at every seat
def test_bots_choose_legal_actions_in_every_phase(name: str, rules: Rules, hands: int):
    needs_peer(name)
    game = Game(rules)
    for seed in range(hands):
        state = game.new_state(seed, first_bidder=seed % 3)
        bot = make_bot(name, seed)
        phases = set()
        while not state.is_over:
            action = act(bot, state)
            assert action in state.legal_actions()
            phases.add(state.phase)
            state.apply(action)
        assert sum(state.scores) == 0
        assert {"bidding", "play"} <= phases
        if rules.doubling:
            assert "doubling" in phases


def test_bots_follow_the_protocol_and_the_registry():
    for name, factory in BOTS.items():
        if name in PEER_BOTS and importlib.util.find_spec(PEER_BOTS[name]) is None:
            continue
        assert isinstance(factory(1), Bot)
        assert isinstance(make_bot(name, "seed"), Bot)
    with pytest.raises(ValueError, match="unknown bot 'clever': choose one of random, greedy"):
        make_bot("clever")


def test_random_bot_is_reproducible():
    def run(seed: int) -> list:
        state = Game().new_state(42)
        play_hand(state, RandomBot(seed), RandomBot(seed + 1))
        return state.history
    assert run(1) == run(1)
    assert run(1) != run(2)


def test_play_hand_lets_the_landlord_bot_bid_for_every_seat():
    class Recorder(RandomBot):
        def __init__(self) -> None:
            super().__init__(0)
            self.seats = set()

        def bid(self, state):
            self.seats.add(state.current_player)
            return super().bid(state)

    for seed in range(6):
        landlord, peasants = Recorder(), Recorder()
        state = play_hand(Game().new_state(seed), landlord, peasants)
        bidders = {player for player, action in state.history if isinstance(action, Bid)}
        assert landlord.seats == bidders and peasants.seats == set()


def test_start_play_with_a_fixed_landlord_or_an_auction():
    state = start_play(Game(), 9, landlord=1)
    assert (state.phase, state.landlord, state.base_stake) == ("play", 1, 1)
    dealt, kitty = deal_cards(9)
    assert state.kitty == kitty
    assert state.hands[1] == Hand([a + b for a, b in zip(dealt[1].counts, kitty.counts)])
    assert state.hands[0] == dealt[0] and state.hands[2] == dealt[2]
    assert start_play(Game(AUCTIONS[2]), 9, bidder=GreedyBot()).phase == "play"
    with pytest.raises(ValueError, match="a landlord seat or a bidder"):
        start_play(Game(), 9)


def test_act_refuses_a_finished_hand():
    state = play_hand(Game().new_state(3), GreedyBot(), GreedyBot())
    with pytest.raises(ValueError, match="over"):
        act(GreedyBot(), state)


# --- the greedy rules ------------------------------------------------------------------------

def test_greedy_plays_out_its_hand_when_it_can():
    assert greedy("334455/6789/TJQK 0 0 - 0") == "334455"
    assert greedy("3333/6789/TJQK 1 0 - 0") == "3333"


def test_greedy_leads_the_longest_low_combination():
    assert greedy("3456799J/QQQ/KKK 0 0 - 0") == "34567"
    # The trio takes a pair along rather than splitting or leaving it.
    assert greedy("888QQK/3/4 0 0 - 0") == "888QQ"


def test_greedy_keeps_its_bomb_and_rocket_whole():
    move = greedy("33334TJBR/QQ/KK 0 0 - 0")
    assert not set(move) & set("3BR"), move


def test_greedy_does_not_beat_its_partner():
    # Seat 1 (a peasant) played a 5; seat 2, the other peasant, could beat it but passes.
    assert greedy("3456789/8TT/9JQ 0 2 5 0") == "pass"
    # The same cards played by the landlord are beaten, with the cheapest single.
    assert greedy("3456789/8TT/9JQ 1 2 5 0") == "9"


def test_greedy_does_not_split_a_pair_when_a_single_beats():
    assert greedy("3456789/5/66Q 1 2 4 0") == "Q"


def test_greedy_bombs_only_against_an_opponent_about_to_win():
    # Seat 1, the landlord, has just played KK; seat 2 has no pair above it.
    assert greedy("35678/3/44449 1 2 KK 0") == "4444"        # the landlord holds 1 card
    assert greedy("35678/QQJJ3/444479 1 2 KK 0") == "pass"   # ... 5 cards: keep the bomb
    assert greedy("35678/QQJJ3/44449 1 2 KK 0") == "4444"    # then the 9 ends the hand


def test_greedy_keeps_the_lead_from_a_player_with_one_card():
    # The landlord (seat 0) holds one card: lead a pair, not a single.
    assert greedy("3/8899TT/55K 0 2 - 0") == "55"
    # Only singles left: lead the highest.
    assert greedy("3/8899TT/5K 0 2 - 0") == "K"
    # Following a single of a landlord down to one card: beat it with the highest single.
    assert greedy("3/89TQ/55K 0 1 4 0") == "Q"


def test_greedy_lets_its_partner_go_out():
    # Seat 1 leads; its partner at seat 2 (next to play) holds one card.
    assert greedy("345678/3999JJ/Q 0 1 - 0") == "3"


def test_greedy_bids_by_hand_strength():
    assert hand_strength(Hand("34567").counts) == 0

    class BidView:
        phase = "bidding"
        rules = Rules()
        current_player = 0

        def __init__(self, hand: str, legal=(Bid.PASS, Bid.BID_1, Bid.BID_2, Bid.BID_3)):
            self.hands = (Hand(hand), Hand(), Hand())
            self._legal = list(legal)

        def legal_actions(self):
            return self._legal

    bot = GreedyBot()
    assert bot.bid(BidView("3456789TJQK")) == Bid.PASS
    assert bot.bid(BidView("2A3456789")) == Bid.PASS            # strength 3
    assert bot.bid(BidView("22A456789")) == Bid.BID_1           # strength 5
    assert bot.bid(BidView("22AB45678")) == Bid.BID_2           # strength 8
    assert bot.bid(BidView("22BR45678")) == Bid.BID_3           # strength 11
    assert bot.bid(BidView("22BR45678", (Bid.PASS,))) == Bid.PASS
    assert bot.double(BidView("22BR45678")) == Double.DOUBLE
    assert bot.double(BidView("22A456789")) == Double.NO_DOUBLE


def test_last_mover():
    assert last_mover(PlayView("3/4/5 0 2 - 0")) is None
    assert last_mover(PlayView("3/4/5 0 2 6 0")) == 1
    assert last_mover(PlayView("3/4/5 0 2 6 1")) == 0


def test_greedy_move_is_one_of_the_legal_moves_with_ambiguous_cards():
    view = PlayView("333444555666/7/8 0 0 - 0", rules="douzero")
    move = GreedyBot().play(view)
    assert move in view.legal_actions() and len(move) == 12
    # Three moves play the whole hand (an airplane of four, two airplanes with solo wings); a
    # hand-emptying move is taken first in canonical order, where the airplane of four comes
    # before the airplanes with solo wings.
    assert move == parse_move("333444555666:airplane@3")
    assert (move.type, move.key, move.length) == ("airplane", 0, 4)
