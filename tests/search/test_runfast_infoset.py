"""Run Fast information sets and their exact uniform deals (ddz_fast.search.runfast).

The expected distributions come from full enumeration of the physical cards: every way of
choosing which of the unseen cards (each one a distinct card, as a suit tells cards of a rank
apart) the first hidden hand holds is one deal, equally likely (docs/RULES.md, "Search",
"Uniform sampling"). The test deals whole hands of physical cards itself, so what is unseen
is known without asking the code under test, and counts the deals with itertools.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import List, Optional, Sequence, Tuple

import pytest
from scipy.stats import chisquare

from ddz_fast import Hand, Move, Rules
from ddz_fast.cards import RUNFAST_DECKS
from ddz_fast.positions.runfast import RunFastPosition, parse_runfast_move
from ddz_fast.search.runfast import MAX_SAMPLES, RunFastInformationSet, solve_runfast

RUNFAST = Rules.preset("runfast")
TWO = RUNFAST.replace(players=2)
RUNFAST_15_TWO = Rules.preset("runfast_15").replace(players=2)
SAMPLES = 20_000

Cards = List[int]       # physical cards, by rank index (two cards of a rank are two entries)


def hand_of(cards: Sequence[int]) -> Hand:
    return Hand([list(cards).count(rank) for rank in range(15)])


class Deal:
    """A whole deal of physical cards and a moment of its hand: ``kept[s]`` the cards seat s
    still holds, ``gone[s]`` those it played, ``face_down`` the third hand of two players."""

    def __init__(self, rng: random.Random, rules: Rules, keep: Sequence[int]) -> None:
        cards = [rank for rank, copies in enumerate(RUNFAST_DECKS[rules.deck_size])
                 for _ in range(copies)]
        rng.shuffle(cards)
        size = rules.hand_size
        piles = [cards[i * size:(i + 1) * size] for i in range(3)]
        self.rules = rules
        self.kept = [piles[s][:keep[s]] for s in range(rules.players)]
        self.gone = [piles[s][keep[s]:] for s in range(rules.players)]
        self.face_down: Cards = piles[2] if rules.players == 2 else []

    def position(self, to_move: int = 0, prev: Optional[Move] = None,
                 passes: int = 0) -> RunFastPosition:
        return RunFastPosition([hand_of(c) for c in self.kept], to_move, prev, passes)

    def info(self, player: int, **trick) -> RunFastInformationSet:
        return RunFastInformationSet.from_position(self.position(**trick), player,
                                                   [hand_of(c) for c in self.gone],
                                                   rules=self.rules)

    def every_deal(self, player: int) -> Counter:
        """{(hidden hands as rank counts, seat order): how many deals of the physical unseen
        cards give them}: every choice of the first hidden hand's cards among them."""
        players = self.rules.players
        hidden = [(player + k) % players for k in range(1, players)]
        unseen = [card for seat in hidden for card in self.kept[seat]] + self.face_down
        total = hand_of(unseen).counts
        # Every choice of the first hidden hand's physical cards, tallied by its rank counts
        # (the rest of the unseen cards are the other hidden hand's).
        firsts: Counter = Counter()
        for chosen in combinations(unseen, len(self.kept[hidden[0]])):
            counts = [0] * 15
            for rank in chosen:
                counts[rank] += 1
            firsts[tuple(counts)] += 1
        found: Counter = Counter()
        for first, deals in firsts.items():
            hands = {hidden[0]: Hand(list(first))}
            if players == 3:
                hands[hidden[1]] = Hand([t - f for t, f in zip(total, first)])
            found[tuple(hands[s] for s in sorted(hands))] += deals
        return found


def hidden_hands(info: RunFastInformationSet, position: RunFastPosition) -> Tuple[Hand, ...]:
    return tuple(h for seat, h in enumerate(position.hands) if seat != info.player)


def assert_uniform(info: RunFastInformationSet, expected: Counter, seed: int) -> None:
    """``SAMPLES`` draws against the enumeration: every draw one of its deals, the counts of
    the hidden hands a fit (chi-square, p > 0.001), the number of deals the same."""
    assert info.deal_count() == sum(expected.values())
    drawn = Counter(hidden_hands(info, p) for p in info.sample(SAMPLES, seed))
    assert set(drawn) <= set(expected)
    keys = sorted(expected, key=str)
    total = sum(expected.values())
    observed = [drawn[k] for k in keys]
    wanted = [SAMPLES * expected[k] / total for k in keys]
    assert min(wanted) >= 5     # the chi-square approximation holds
    assert chisquare(observed, wanted).pvalue > 0.001


# --- uniform deals ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed, keep, player", [
    (1, (3, 4, 4), 0),          # 8 unseen cards, 4 to each hidden hand: C(8, 4) = 70 deals
    (2, (2, 5, 4), 1),          # 6 unseen, 4 to seat 2 and 2 to seat 0: 15 deals
    (3, (5, 3, 6), 2),          # 8 unseen, 5 and 3: 56 deals
    (4, (1, 5, 5), 0),          # 10 unseen, 5 and 5: 252 deals
])
def test_three_player_deals_are_uniform(seed, keep, player):
    deal = Deal(random.Random(seed), RUNFAST, keep)
    assert_uniform(deal.info(player), deal.every_deal(player), seed)


@pytest.mark.parametrize("rules, seed, keep, player", [
    (TWO, 5, (4, 2), 0),                # the opponent's 2 cards among 18 unseen: 153 deals
    (TWO, 6, (3, 1), 1),                # 3 among 19 (16 of them face down): 969 deals
    (RUNFAST_15_TWO, 7, (5, 2), 0),     # the 45-card deck, 15 face down: C(17, 2) = 136
])
def test_two_player_deals_are_uniform_with_the_face_down_hand(rules, seed, keep, player):
    deal = Deal(random.Random(seed), rules, keep)
    info = deal.info(player)
    assert info.hidden_hand_size == rules.hand_size and len(info.hidden_seats) == 1
    assert sum(info.unseen) == keep[1 - player] + rules.hand_size
    assert_uniform(info, deal.every_deal(player), seed)


def test_constrained_deals_are_uniform_among_those_that_meet_the_constraints():
    deal = Deal(random.Random(8), RUNFAST, (3, 4, 4))
    info = deal.info(0)
    # Seat 2 holds no card of the lowest rank unseen, and at most one of the highest.
    ranks = [r for r in range(13) if info.unseen[r]]
    constraints = {2: {ranks[0]: 0, ranks[-1]: (0, 1)}}
    expected = Counter({hands: n for hands, n in deal.every_deal(0).items()
                        if hands[1].counts[ranks[0]] == 0 and hands[1].counts[ranks[-1]] <= 1})
    assert 0 < sum(expected.values()) < sum(deal.every_deal(0).values())
    assert info.deal_count(constraints) == sum(expected.values())
    drawn = Counter(hidden_hands(info, p) for p in info.sample(SAMPLES, 9,
                                                               constraints=constraints))
    keys = sorted(expected, key=str)
    wanted = [SAMPLES * expected[k] / sum(expected.values()) for k in keys]
    assert set(drawn) <= set(expected)
    assert chisquare([drawn[k] for k in keys], wanted).pvalue > 0.001


def test_every_draw_index_names_one_deal_exactly():
    # White box: the sampler maps each of the deal_count() indices of a uniform draw to a
    # split. Over every index, each split must come up exactly as often as it has deals.
    from ddz_fast.search.runfast import _SplitTable
    rng = random.Random(17)
    for rules, keep in ((RUNFAST, (2, 4, 5)), (RUNFAST, (5, 3, 4)), (TWO, (3, 2)),
                        (Rules.preset("runfast_15"), (4, 4, 2))):
        deal = Deal(rng, rules, keep)
        info = deal.info(0)
        table = _SplitTable(info, None)
        drawn = Counter(hidden_hands(info, info._position(table.draw(i)))
                        for i in range(table.total))
        assert drawn == deal.every_deal(0)


def test_deal_counts_equal_the_enumeration_on_random_sets():
    rng = random.Random(10)
    for _ in range(30):
        rules = rng.choice([RUNFAST, TWO, Rules.preset("runfast_15")])
        keep = [rng.randint(1, 5) for _ in range(rules.players)]
        deal = Deal(rng, rules, keep)
        player = rng.randrange(rules.players)
        assert deal.info(player).deal_count() == sum(deal.every_deal(player).values())


# --- what a sample is ------------------------------------------------------------------------

def test_a_sample_keeps_the_players_hand_the_trick_and_the_card_counts():
    deal = Deal(random.Random(11), RUNFAST, (5, 3, 4))
    last = deal.gone[2]                    # seat 2 played the move to beat: one of its cards
    prev = parse_runfast_move("3456789TJQKA2"[max(last)])
    info = deal.info(1, to_move=0, prev=prev, passes=0)
    samples = info.sample(200, 12)
    for position in samples:
        assert position.hands[1] == info.hand
        assert (position.to_move, position.prev, position.passes) == (0, prev, 0)
        assert tuple(map(len, position.hands)) == info.card_counts == (5, 3, 4)
    for position in samples[:10]:           # a determinization is a position to solve
        assert solve_runfast(position, pv=False).exact
    assert info.sample(200, 12) == samples            # the same seed, the same deals
    assert info.sample(200, 13) != samples
    assert info.sample(0, 1) == []


def test_the_set_forgets_the_hidden_hands():
    deal = Deal(random.Random(14), RUNFAST, (3, 4, 4))
    swapped = Deal(random.Random(14), RUNFAST, (3, 4, 4))
    # Seats 1 and 2 exchange two cards of different ranks: player 0 cannot tell the two apart.
    i, j = next((i, j) for i, one in enumerate(deal.kept[1])
                for j, two in enumerate(deal.kept[2]) if one != two)
    swapped.kept[1][i], swapped.kept[2][j] = deal.kept[2][j], deal.kept[1][i]
    assert deal.info(0) == swapped.info(0) and hash(deal.info(0)) == hash(swapped.info(0))
    assert deal.info(1) != swapped.info(1)


def test_the_fields_follow_from_the_deal():
    deal = Deal(random.Random(15), TWO, (4, 6))
    info = deal.info(1)
    assert info.card_counts == (4, 6) and info.hidden_seats == (0,)
    assert info.players == 2 and info.hand == hand_of(deal.kept[1])
    unseen = hand_of(deal.kept[0] + deal.face_down)
    assert info.unseen == unseen.counts


# --- bad input -------------------------------------------------------------------------------

def small_deal() -> Deal:
    return Deal(random.Random(16), RUNFAST, (3, 4, 4))


def test_a_card_count_that_cannot_be_met_is_refused():
    deal = small_deal()
    played = [hand_of(c) for c in deal.gone]
    position = deal.position()
    with pytest.raises(ValueError, match="seat 1 holds 4 cards and played 0: a seat is dealt 16"):
        RunFastInformationSet.from_position(position, 0, [played[0], Hand(), played[2]])
    too_many = hand_of(deal.gone[1] + deal.kept[1] + deal.kept[2][:2])
    with pytest.raises(ValueError, match="seat 1 played 18 cards: a seat is dealt 16"):
        RunFastInformationSet(RUNFAST, 0, position.hands[0], (played[0], too_many, played[2]), 0)
    with pytest.raises(ValueError, match="the player's hand holds 3 cards and he played 12"):
        RunFastInformationSet(RUNFAST, 0, position.hands[0],
                              (hand_of(deal.gone[0][1:]), played[1], played[2]), 0)


def test_cards_played_that_are_in_the_viewers_hand_are_refused():
    # The viewer holds the deck's only 2, and seat 1 is said to have played it.
    played = (Hand("333344445555666"), Hand("27777888KKK"), Hand("9999TTTJJJJQ"))
    with pytest.raises(ValueError, match="the hand and the cards played hold 2 cards of rank 2: "
                                         "the 48-card Run Fast deck has 1"):
        RunFastInformationSet(RUNFAST, 0, Hand("2"), played, 0)
    assert RunFastInformationSet(RUNFAST, 0, Hand("K"), played, 0).card_counts == (1, 5, 4)


def test_a_move_to_beat_its_player_did_not_play_is_refused():
    deal = small_deal()
    held = deal.kept[2][0]      # a card seat 2 still holds, so not among those it played
    if held in deal.gone[2]:
        held = next(r for r in range(13) if r not in deal.gone[2])
    prev = parse_runfast_move("3456789TJQKA2"[held])
    with pytest.raises(ValueError, match="was played by seat 2, whose played cards"):
        deal.info(0, to_move=0, prev=prev, passes=0)


@pytest.mark.parametrize("change, error, message", [
    (dict(player=3), ValueError, "player must be seat 0, 1 or 2"),
    (dict(player="0"), TypeError, "player must be a seat number"),
    (dict(to_move=-1), ValueError, "to_move must be seat"),
    (dict(passes=1), ValueError, "when leading"),
    (dict(rules="standard"), ValueError, "needs Run Fast rules"),
    (dict(rules=TWO), TypeError, "played must be a tuple of 2 Hands"),
    (dict(hand="3"), TypeError, "hand must be a Hand"),
    (dict(played=("3", "4", "5")), TypeError, "played must be a tuple of 3 Hands"),
    (dict(prev=Move("rocket", 13, 1, [0] * 13 + [1, 1])), ValueError,
     "the move to beat is a rocket, which is no Run Fast move type"),
])
def test_bad_fields_are_refused_naming_the_problem(change, error, message):
    deal = small_deal()
    info = deal.info(0)
    fields = dict(rules=info.rules, player=0, hand=info.hand, played=info.played, to_move=0,
                  prev=None, passes=0)
    fields.update(change)
    with pytest.raises(error, match=message):
        RunFastInformationSet(**fields)


def test_from_position_checks_its_arguments():
    deal = small_deal()
    played = [hand_of(c) for c in deal.gone]
    with pytest.raises(ValueError, match="played must be 3 hands"):
        RunFastInformationSet.from_position(deal.position(), 0, played[:2])
    with pytest.raises(ValueError, match="player must be seat"):
        RunFastInformationSet.from_position(deal.position(), 3, played)
    with pytest.raises(TypeError, match="must be a RunFastPosition"):
        RunFastInformationSet.from_position("3/4/5 0 - 0", 0, played)
    with pytest.raises(ValueError, match="players=3"):
        RunFastInformationSet.from_position(deal.position(), 0, played, rules=TWO)
    # The other hands must fit the deck with the cards played: with three players every card
    # is held or played, so a card of seat 1 turned into another rank is one too many.
    other = deal.kept[1][:]
    other[0] = (other[0] + 1) % 12
    forged = RunFastPosition([hand_of(deal.kept[0]), hand_of(other), hand_of(deal.kept[2])], 0)
    with pytest.raises(ValueError, match="the position's hands and the cards played hold"):
        RunFastInformationSet.from_position(forged, 0, played)


def test_a_set_changed_behind_its_back_is_refused_when_sampled():
    info = small_deal().info(0)
    object.__setattr__(info, "played", info.played[:2])
    with pytest.raises(TypeError, match="played must be a tuple of 3 Hands"):
        info.sample(1, 0)
    info = small_deal().info(0)
    object.__setattr__(info, "unseen", (0,) * 15)
    assert info.deal_count() == 70      # read again from the fields, never trusted


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(n=-1, seed=0), ValueError, "n must be at least 0"),
    (dict(n=MAX_SAMPLES + 1, seed=0), ValueError, "n must be at most"),
    (dict(n=1.0, seed=0), TypeError, "n must be an int"),
    (dict(n=1, seed=-1), ValueError, "seed must be in 0..2"),
    (dict(n=1, seed="1"), TypeError, "seed must be an int"),
    (dict(n=1, seed=0, constraints=[1]), TypeError, "constraints must be a mapping"),
    (dict(n=1, seed=0, constraints={0: {"3": 0}}), ValueError, "seat 0 is the player himself"),
    (dict(n=1, seed=0, constraints={3: {"3": 0}}), ValueError, "a constrained seat must be"),
    (dict(n=1, seed=0, constraints={1: 0}), TypeError, "the constraints of seat 1 must be"),
    (dict(n=1, seed=0, constraints={1: {"B": 0}}), ValueError, "no jokers"),
    (dict(n=1, seed=0, constraints={1: {"X": 0}}), ValueError, "X"),
    (dict(n=1, seed=0, constraints={1: {0: (2, 1)}}), ValueError, "range .* is empty"),
    (dict(n=1, seed=0, constraints={1: {0: 5}}), ValueError, "at most 4"),
    (dict(n=1, seed=0, constraints={1: {0: "1"}}), TypeError, "an int or a"),
])
def test_bad_sampling_arguments_are_refused(kwargs, error, message):
    info = small_deal().info(0)
    with pytest.raises(error, match=message):
        info.sample(**kwargs)


def test_constraints_no_deal_meets_count_none_and_cannot_be_sampled():
    info = small_deal().info(0)
    everything = {seat: {rank: 0 for rank in range(13)} for seat in info.hidden_seats}
    assert info.deal_count(everything) == 0
    with pytest.raises(ValueError, match="no deal of the unseen cards meets the constraints"):
        info.sample(1, 0, constraints=everything)


def test_the_information_set_of_a_state_holds_what_its_player_has_seen():
    # after a few random actions: the viewer's hand is his, each seat's played cards are the
    # cards its actions took from its hand, and every sample holds the viewer's hand as dealt
    import random
    from ddz_fast import Game
    from ddz_fast.search.runfast import RunFastInformationSet
    for rules in ("runfast", Rules.preset("runfast").replace(players=2)):
        state = Game(rules).new_state(seed=11)
        chooser = random.Random(2)
        for _ in range(7):
            state.apply(chooser.choice(state.legal_actions()))
        dealt = state.start[0]
        for viewer in range(state.rules.players):
            info = RunFastInformationSet.from_state(state, viewer)
            assert info.hand == state.hands[viewer]
            for seat, played in enumerate(info.played):
                left = state.hands[seat].counts
                assert tuple(a - b for a, b in zip(dealt[seat].counts, left)) == played.counts
            for sample in info.sample(5, seed=viewer):
                assert sample.hands[viewer] == state.hands[viewer]
    with pytest.raises(TypeError, match="state must be a RunFastState"):
        RunFastInformationSet.from_state(Game().new_state(seed=1), 0)
