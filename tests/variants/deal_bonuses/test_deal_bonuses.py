"""The Happy Dou Dizhu deal bonuses (docs/RULES.md, "Variants"; option ``deal_bonuses``):
hand-made deals whose bonuses and scores are worked out by hand in the comments, re-deals,
records and the option's checks.

Rank counts are read the rule book's way: ranks 0..11 are 3..A, 13 and 14 the jokers.
"""
from __future__ import annotations

import random

import pytest

from ddz_fast import Hand, Rules
from ddz_fast.engine import record
from ddz_fast.engine.game import Game
from ddz_fast.actions import DealBonus
from support.game_scripts import Bid, Double, script, split_deal

ON = Rules(deal_bonuses=True)
KINGS, STRAIGHT = DealBonus.DOUBLE_KINGS, DealBonus.STRAIGHT


def bonuses_by_hand(hands) -> list:
    """(seat, bonus) of hands as dealt, from their rank counts."""
    found = []
    for seat, hand in enumerate(hands):
        counts = Hand(hand).counts
        if counts[13] == 1 and counts[14] == 1:
            found.append((seat, KINGS))
        if all(counts[rank] >= 1 for rank in range(12)):
            found.append((seat, STRAIGHT))
    return found


def bonus_events(state) -> list:
    return [event for event in state.events if event[0] == "bonus"]


# --- which deals have bonuses ----------------------------------------------------------------

# Seat 1 holds both jokers. The rest of the deck, low to high: seat 0 33 44 55 66 77 88 99 TTT
# (no J..A), seat 2 JJJJ QQQQ KKKK AAAA 2 (no 3..T), kitty 222: no straight anywhere.
KINGS_DEAL = split_deal({1: "BR 33 44 55 66 77 88 99 T"})
# Seat 2 holds 3..A once, 2222 and a second 3. Seat 0 33 444 555 666 777 888 (no 9..A),
# seat 1 999 TTT JJJ QQQ KKK AA (no 3..8), kitty A B R: the jokers are in no one's deal.
STRAIGHT_DEAL = split_deal({2: "3456789TJQKA 2222 3"})
# Seat 0 holds both jokers and 3..A: two bonuses in one hand.
BOTH_DEAL = split_deal({0: "BR 3456789TJQKA 222"})
# Seat 0 holds a straight and seat 1 both jokers (and no 3). The rest low to high: seat 2
# 33 4 5 6 7 8 9 T JJ QQQ KKK (no A), the kitty AAA.
TWO_HANDS_DEAL = split_deal({0: "3456789TJQKA 2222 3", 1: "BR 44 55 66 77 88 99 TT J"})
# Two straights: seat 0 3..A 2222 3, seat 2 3..A 3456 7. Seat 1 gets 4567 88 99 TT JJ QQ KK A
# (no 3), the kitty A B R (no joker pair in any deal).
TWO_STRAIGHTS_DEAL = split_deal({0: "3456789TJQKA 2222 3", 2: "3456789TJQKA 34567"})


@pytest.mark.parametrize("deal, expected", [
    (KINGS_DEAL, [(1, KINGS)]),
    (STRAIGHT_DEAL, [(2, STRAIGHT)]),
    (BOTH_DEAL, [(0, KINGS), (0, STRAIGHT)]),
    (TWO_HANDS_DEAL, [(0, STRAIGHT), (1, KINGS)]),
    (TWO_STRAIGHTS_DEAL, [(0, STRAIGHT), (2, STRAIGHT)]),
], ids=["double kings", "straight", "both in one hand", "in two hands", "two straights"])
def test_each_bonus_of_the_deal_doubles_the_multiplier_from_the_deal_on(deal, expected):
    hands, kitty = deal
    assert bonuses_by_hand(hands) == expected       # the deal is what the comments say
    state = Game(ON).new_state_from_hands(hands, kitty, first_bidder=1)
    # One doubling per bonus: 2 for one, 4 for two, before anyone bids.
    assert state.phase == "bidding" and state.multiplier == 2 ** len(expected)
    assert state.deal_bonuses == tuple(expected)
    assert state.events == tuple(("bonus", seat, bonus) for seat, bonus in expected)
    assert state.history == []          # bonuses are events of the hand, not actions
    script(state, [Bid.BID_1, Bid.PASS, Bid.PASS])     # seat 1 bids, the others pass
    assert state.phase == "play" and state.multiplier == 2 ** len(expected)
    assert bonus_events(state) == [("bonus", seat, bonus) for seat, bonus in expected]
    # The option off: the same deal has no bonus events and multiplier 1.
    off = Game().new_state_from_hands(hands, kitty, first_bidder=1)
    assert off.multiplier == 1 and off.events == () and off.deal_bonuses == ()


def test_the_kitty_is_no_ones_deal():
    # Seat 0 is dealt B, 33, 4..K (no A) and 2222; the kitty R A A gives it both jokers and a
    # straight once it is landlord, but neither was dealt: multiplier 1 throughout. The rest,
    # low to high: seat 1 33 444 555 666 777 888 (no 9..A), seat 2 999 TTT JJJ QQQ KKK AA.
    hands, kitty = split_deal({0: "B 33456789TJQK 2222"}, "RAA")
    assert bonuses_by_hand(hands) == []
    state = script(Game(ON).new_state_from_hands(hands, kitty), [Bid.BID_3])
    assert state.landlord == 0 and bonuses_by_hand([state.hands[0]]) == [(0, KINGS),
                                                                          (0, STRAIGHT)]
    assert state.multiplier == 1 and state.events == (("act", 0, Bid.BID_3),)


def with_kitty(hand, kitty) -> Hand:
    return Hand([a + b for a, b in zip(Hand(hand).counts, Hand(kitty).counts)])


def test_a_hand_given_with_its_landlord_takes_the_bonuses_of_its_deal():
    # The landlord's 20 cards are its deal and the kitty: the bonuses are of the 17 dealt.
    hands, kitty = split_deal({0: "B 33456789TJQK 2222"}, "RAA")
    cards = [with_kitty(hands[0], kitty), hands[1], hands[2]]
    state = Game(ON).new_state_from_hands(cards, kitty, landlord=0)
    assert state.phase == "play" and state.multiplier == 1 and state.events == ()
    # Seat 1 dealt double kings (KINGS_DEAL), seat 0 the landlord with the kitty 222.
    hands, kitty = KINGS_DEAL
    cards = [with_kitty(hands[0], kitty), hands[1], hands[2]]
    state = Game(ON).new_state_from_hands(cards, kitty, landlord=0)
    assert state.multiplier == 2 and state.events == (("bonus", 1, KINGS),)
    # Without the kitty the landlord's deal is unknown under rules with one: refused.
    with pytest.raises(ValueError, match="give the kitty"):
        Game(ON).new_state_from_hands(cards, landlord=0)
    assert Game().new_state_from_hands(cards, landlord=0).multiplier == 1


def test_no_kitty_deals_18_cards_and_counts_their_bonuses():
    # Seat 0: B R, 3..A and 2222 (18 cards): double kings and a straight, 4. The rest low to
    # high: seat 1 333 444 555 666 777 888, seat 2 999 TTT JJJ QQQ KKK AAA: no bonus.
    rules = Rules.preset("no_kitty").replace(deal_bonuses=True)
    hands = ["BR 3456789TJQKA 2222", "333444555666777888", "999TTTJJJQQQKKKAAA"]
    state = Game(rules).new_state_from_hands(hands)
    assert state.multiplier == 4 and state.deal_bonuses == ((0, KINGS), (0, STRAIGHT))
    state = Game(rules).new_state_from_hands(hands, landlord=2)     # no kitty to give
    assert state.phase == "play" and state.multiplier == 4


# --- scores ----------------------------------------------------------------------------------

BOMBER = "3 5555 6666 789TJQKA"
BOMBER_WINS = ["3", "4", "pass", "5555", "pass", "pass", "6666", "pass", "pass",
               "789TJQKA", "pass", "pass", "222"]


def test_a_played_hand_settles_at_the_multiplier_with_its_bonuses():
    # Seat 0 (BOMBER, no 4: no straight) bids 3 and takes the kitty 222. The rest of the deck
    # low to high: seat 1 333 4444 777 888 999 T, seat 2 TT JJJ QQQ KKK AAA 2 B R: seat 2
    # was dealt double kings. Seat 0 plays out with two bombs and wins.
    # Multiplier: 2 (double kings) x 2 x 2 (bombs) = 8; each peasant pays 3 x 8 = 24 and the
    # landlord wins 48. (Without the option: 4, and 12 each.)
    hands, kitty = split_deal({0: BOMBER}, "222")
    assert bonuses_by_hand(hands) == [(2, KINGS)]
    state = script(Game(ON).new_state_from_hands(hands, kitty), [Bid.BID_3] + BOMBER_WINS)
    assert state.winner == "landlord" and state.multiplier == 8
    assert state.scores == (48, -24, -24)
    plain = script(Game().new_state_from_hands(hands, kitty), [Bid.BID_3] + BOMBER_WINS)
    assert plain.multiplier == 4 and plain.scores == (24, -12, -12)


def test_a_straight_an_anti_spring_and_a_bomb_with_chips():
    # Seat 1 is dealt R, 3..A and 2222: a straight. The rest low to high: seat 0 333 444 555
    # 666 777 88, seat 2 8 999 TTT JJJ QQQ KKK A, the kitty A A B: no double kings. Seat 0 bids
    # 1 and is landlord; seat 0 leads 3, seat 1 plays R, wins the lead, plays 3..A and the
    # bomb 2222: the peasants win, and the landlord played only its first lead (anti-spring).
    # Multiplier: 2 (straight) x 2 (bomb) x 2 (anti-spring) = 8; the landlord owes each
    # peasant 1 x 8 = 8, 16 in all, but holds 10 chips: shared 5 and 5 in proportion.
    hands, kitty = split_deal({1: "R 3456789TJQKA 2222"})
    assert bonuses_by_hand(hands) == [(1, STRAIGHT)]
    game = Game(ON, chips=(10, 100, 100))
    state = script(game.new_state_from_hands(hands, kitty),
                   [Bid.BID_1, Bid.PASS, Bid.PASS, "3", "R", "pass", "pass", "3456789TJQKA",
                    "pass", "pass", "2222"])
    assert state.winner == "peasants" and state.multiplier == 8
    assert state.raw_scores == (-16, 8, 8) and state.scores == (-10, 5, 5)


def test_bonuses_robs_and_doubles_under_call_rob():
    # KINGS_DEAL under call/rob: seat 1 has double kings (x2). Seat 0 calls, seats 1 and 2
    # rob (x2 x2), seat 0 passes: seat 2 is landlord and the multiplier is 2 x 4 = 8 before
    # play. Seat 2's double doubles both of its settlements.
    hands, kitty = KINGS_DEAL
    game = Game(Rules(bidding="call_rob", deal_bonuses=True))
    state = script(game.new_state_from_hands(hands, kitty),
                   [Bid.CALL, Bid.ROB, Bid.ROB, Bid.PASS])
    assert state.landlord == 2 and state.multiplier == 8
    script(state, [Double.NO_DOUBLE, Double.NO_DOUBLE, Double.DOUBLE])
    rng = random.Random(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    # Each peasant settles 1 (base) x multiplier x 2 (the landlord's double).
    amount = state.multiplier * 2
    sign = 1 if state.winner == "landlord" else -1
    expected = [-sign * amount] * 3
    expected[2] = 2 * sign * amount
    assert state.multiplier >= 8 and state.scores == tuple(expected)


# --- re-deals ----------------------------------------------------------------------------------

def dealt_by_random(seed: int, number: int) -> list:
    """Deal ``number`` of ``seed`` as the rule book's deal is defined (game.py's docstring):
    the ``number``-th shuffle of the sorted deck by one ``random.Random(seed)``, cards 0-16,
    17-33 and 34-50 to seats 0, 1, 2."""
    rng = random.Random(seed)
    for _ in range(number + 1):
        deck = [rank for rank in range(13) for _ in range(4)] + [13, 14]
        rng.shuffle(deck)
    return [Hand([deck[17 * s:17 * s + 17].count(r) for r in range(15)]) for s in range(3)]


@pytest.mark.parametrize("first_has_bonus", [True, False])
def test_a_redeal_takes_the_bonuses_of_the_new_deal(first_has_bonus):
    seed = next(s for s in range(10_000)
                if bool(bonuses_by_hand(dealt_by_random(s, 0))) == first_has_bonus
                and bool(bonuses_by_hand(dealt_by_random(s, 1))) != first_has_bonus)
    old = bonuses_by_hand(dealt_by_random(seed, 0))
    new = bonuses_by_hand(dealt_by_random(seed, 1))
    state = Game(ON).new_state(seed=seed)
    assert state.multiplier == 2 ** len(old) and list(state.deal_bonuses) == old
    script(state, [Bid.PASS, Bid.PASS, Bid.PASS])       # nobody bids: the next deal
    assert state.redeals == 1 and list(state.hands) == dealt_by_random(seed, 1)
    assert state.multiplier == 2 ** len(new) and list(state.deal_bonuses) == new
    # The log keeps the abandoned deal's bonuses and passes, then the new deal's bonuses.
    assert list(state.events) == ([("bonus", s, b) for s, b in old]
                                  + [("act", p, Bid.PASS) for p in (0, 1, 2)]
                                  + [("bonus", s, b) for s, b in new])
    text = record.to_json(state)
    assert record.load(record.from_json(text)) == state


# --- records -----------------------------------------------------------------------------------

def finished(deal, rules=ON, seed=3):
    hands, kitty = deal
    state = Game(rules).new_state_from_hands(hands, kitty, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_record_keeps_the_option_and_the_bonus_events_and_replays_them():
    state = finished(TWO_HANDS_DEAL)
    data = record.to_record(state)
    assert data["game"]["rules"]["deal_bonuses"] is True
    assert data["events"][:2] == [{"kind": "bonus", "player": 0, "bonus": "STRAIGHT"},
                                  {"kind": "bonus", "player": 1, "bonus": "DOUBLE_KINGS"}]
    assert data["result"]["multiplier"] == state.multiplier and state.multiplier >= 4
    again = record.load(record.from_json(record.to_json(state)))
    assert again == state and again.events == state.events
    states = list(record.replay(data))
    assert [s.multiplier for s in states[:3]] == [4, 4, 4]    # the bonus events change nothing
    assert record.to_record(finished(TWO_HANDS_DEAL, Rules()))["events"][0]["kind"] == "act"


@pytest.mark.parametrize("tamper, message", [
    (lambda events: events.pop(0), "no such bonus"),
    (lambda events: events.pop(1), "comes first"),
    (lambda events: events.__delitem__(slice(1, None)), "leaves out"),
    (lambda events: events.insert(2, {"kind": "bonus", "player": 2, "bonus": "STRAIGHT"}),
     "no such bonus"),
    (lambda events: events[0].update(player=2), "no such bonus"),
    (lambda events: events[1].update(bonus="STRAIGHT"), "no such bonus"),
    (lambda events: events[0].update(bonus="ROCKET"), "names one of"),
    (lambda events: events[0].pop("bonus"), "names one of"),
    (lambda events: events.insert(5, dict(events[0])), "no such bonus"),
])
def test_a_record_with_wrong_bonus_events_does_not_replay(tamper, message):
    data = record.to_record(finished(TWO_HANDS_DEAL))
    tamper(data["events"])
    if len(data["events"]) == 1:
        data["result"] = None           # a record of the hand so far
    with pytest.raises(ValueError, match=message):
        record.load(data)


def test_a_record_without_the_option_has_no_bonuses_to_replay():
    data = record.to_record(finished(TWO_HANDS_DEAL))
    data["game"]["rules"]["deal_bonuses"] = False
    with pytest.raises(ValueError, match="no such bonus"):
        record.load(data)
    del data["game"]["rules"]["deal_bonuses"]        # a record from before the option
    with pytest.raises(ValueError, match="no such bonus"):
        record.load(data)


def test_a_state_with_bonuses_copies_pickles_and_compares():
    import pickle

    state = finished(BOTH_DEAL)
    assert state.clone() == state and pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(state)).deal_bonuses == ((0, KINGS), (0, STRAIGHT))


# --- the option ----------------------------------------------------------------------------------

def test_the_option_is_a_checked_bool_off_by_default_with_no_preset():
    assert Rules().deal_bonuses is False and ON.deal_bonuses is True
    assert ON.preset_name is None and repr(ON) == "Rules(deal_bonuses=True)"
    assert Rules.preset("no_kitty").replace(deal_bonuses=True) == Rules(kitty=0,
                                                                         deal_bonuses=True)
    assert ON.replace(bidding="call_rob").deal_bonuses is True
    assert (Rules().name, ON.name) == ("standard", "standard+deal_bonuses")
    assert Rules(kitty=0, deal_bonuses=True).name == "no_kitty+deal_bonuses"
    assert Rules(four_two=False, deal_bonuses=True).name == "custom"
    for bad in (1, "yes", None):
        with pytest.raises(TypeError, match="deal_bonuses must be a bool"):
            Rules(deal_bonuses=bad)
