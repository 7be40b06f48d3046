"""Native random games and rollouts (ddz_fast.positions.rollouts): invariants, a replay through the
reference, determinism, argument checks, and springs scored as docs/RULES.md says.

The replay is the heart of it: the native loop records every action, and the test walks the
same hand in Python, asking :mod:`ddz_fast.reference.moves` for the legal actions at every step and
settling the result with :mod:`ddz_fast.engine.scoring`.
"""
from __future__ import annotations

import numpy as np
import pytest

import ddz_fast
from ddz_fast import Hand, Move, Position, Rules, play_out, random_games
from ddz_fast.reference import moves as reference
from ddz_fast.bitboard import pack
from ddz_fast.cards import FULL_DECK
from ddz_fast.moves.notation import parse_move
from ddz_fast.positions.rollouts import Playout, RandomGames
from ddz_fast.positions.step import play_actions, play_step
from ddz_fast.rules import as_rules
from ddz_fast.engine.scoring import settle, spring_factor

from support.common import sizes

pytestmark = pytest.mark.native  # the native play loop

DECK_WORD = pack(FULL_DECK)
# A hand makes at most 52 moves (the winner's cards and all but one card of each other hand)
# and at most two passes follow each move but the last.
MAX_PLAYS = 52 + 2 * 51
BONUSES = Rules(deal_bonuses=True)
CONFIGS = [("standard", "random"), ("douzero", "points"), ("rlcard", "random"),
           (Rules.preset("openspiel").replace(single_round_auction=True), "points"),
           ("no_kitty", "points"), ("botzone", "points"), (BONUSES, "points"),
           (Rules.preset("no_kitty").replace(deal_bonuses=True), "random")]


def dealt_hands(g: RandomGames, i: int) -> list:
    """The hands of game ``i`` as dealt: the landlord's without the kitty."""
    kitty = Hand.from_bitboard(int(g.kitty[i]))
    return [Hand([c - (k if seat == g.landlord[i] else 0)
                  for c, k in zip(Hand.from_bitboard(int(w)).counts, kitty.counts)])
            for seat, w in enumerate(g.hands[i])]


def bonus_count(hands, rules) -> int:
    """docs/RULES.md's deal bonuses, read from rank counts: one per hand with both jokers
    (ranks 13, 14), one per hand with a card of every rank 3..A (ranks 0..11)."""
    if not as_rules(rules).deal_bonuses:
        return 0
    return sum((h.counts[13] == h.counts[14] == 1) + all(h.counts[r] for r in range(12))
               for h in hands)


@pytest.fixture(scope="module", params=CONFIGS, ids=lambda c: f"{c[0]!r}-{c[1]}")
def games(request):
    rules, bidding = request.param
    return rules, bidding, random_games(3000, 42, rules=rules, bidding=bidding)


# --- invariants of every game --------------------------------------------------------------

def test_scores_sum_to_zero_and_follow_the_multiplier(games):
    _, _, g = games
    assert g.scores.shape == (len(g), 3) and not g.scores.sum(axis=1).any()
    exponent = g.bonuses.astype(np.int64) + g.bombs + g.spring + g.anti_spring
    assert np.array_equal(g.multiplier, 2 ** exponent)
    amount = g.base_stake.astype(np.int32) * g.multiplier
    sign = np.where(g.landlord_won, -1, 1)
    for seat in range(3):
        peasant = g.landlord != seat
        assert np.array_equal(g.scores[peasant, seat], (sign * amount)[peasant])
        assert np.array_equal(g.scores[~peasant, seat], (-2 * sign * amount)[~peasant])


def test_every_game_is_a_whole_deal_and_ends_within_the_bound(games):
    rules, bidding, g = games
    kitty_size = as_rules(rules).kitty         # 17 cards each and 3 for the kitty, or 18 each
    assert 1 <= g.plays.min() and g.plays.max() <= MAX_PLAYS
    assert set(np.unique(g.landlord)) == {0, 1, 2}
    assert set(np.unique(g.base_stake)) == ({1} if bidding == "random" else {1, 2, 3})
    assert not (g.spring & ~g.landlord_won).any() and not (g.anti_spring & g.landlord_won).any()
    for i in range(0, len(g), 97):
        hands = [Hand.from_bitboard(int(w)) for w in g.hands[i]]
        kitty = Hand.from_bitboard(int(g.kitty[i]))
        dealt = (54 - kitty_size) // 3
        assert [len(h) for h in hands] == [dealt + kitty_size if s == g.landlord[i] else dealt
                                           for s in range(3)]
        assert sum(h.bitboard for h in hands) == DECK_WORD
        assert all(k <= c for k, c in zip(kitty.counts, hands[g.landlord[i]].counts))
        assert len(kitty) == kitty_size
    if as_rules(rules).deal_bonuses:
        for i in range(len(g)):     # every game: the bonuses are rare enough to need them all
            assert g.bonuses[i] == bonus_count(dealt_hands(g, i), rules), i
        # a third of deals have double kings; straights rarer
        assert 0.25 < np.mean(g.bonuses > 0) < 0.4 and g.bonuses.max() >= 2
    else:       # bonus_count is 0 without reading the hands: no game has a bonus
        assert not g.bonuses.any()

def test_dtypes_and_read_only_arrays():
    g = random_games(5, 1, record=True)
    dtypes = {"landlord": np.int8, "landlord_won": np.bool_, "base_stake": np.int8,
              "multiplier": np.int32, "bombs": np.int16, "plays": np.int16,
              "scores": np.int32, "spring": np.bool_, "anti_spring": np.bool_,
              "hands": np.uint64, "kitty": np.uint64, "bonuses": np.int8, "moves": np.uint64,
              "offsets": np.int64}
    for name, dtype in dtypes.items():
        array = getattr(g, name)
        assert array.dtype == dtype and not array.flags.writeable, name
    assert len(g.offsets) == 6 and g.offsets[-1] == len(g.moves) == g.plays.sum()
    with pytest.raises(ValueError):
        g.landlord[0] = 1
    assert repr(g) == f"<RandomGames: 5 games, {len(g.moves)} actions recorded>"


# --- the replay through the reference ------------------------------------------------------

def replay(g: RandomGames, i: int, rules) -> dict:
    """Walk game ``i`` of ``g`` in Python from its recorded actions; what the walk saw."""
    hands = tuple(Hand.from_bitboard(int(w)) for w in g.hands[i])
    landlord = int(g.landlord[i])
    player, prev, passes = landlord, None, 0
    made = [0, 0, 0]
    bombs = 0
    choices = []          # (index of the action among the legal ones, how many there were)
    words = g.game_moves(i)
    for step, word in enumerate(words):
        assert all(h.bitboard for h in hands), f"game {i} goes on after a hand emptied"
        actions = play_actions(hands[player], prev, rules, reference.legal_moves)
        move = Move.PASS if word == 0 else Move.from_word(int(word))
        assert move in actions, f"game {i} step {step}: {move} is not legal"
        choices.append((actions.index(move), len(actions)))
        if not move.is_pass:
            made[player] += 1
            bombs += move.type in ("bomb", "rocket")
        mover = player
        hands, player, prev, passes = play_step(hands, player, prev, passes, move)
    assert not hands[mover].bitboard, f"game {i} stops before a hand is empty"
    landlord_won = mover == landlord
    bonuses = bonus_count(dealt_hands(g, i), rules)
    multiplier = 2 ** (bonuses + bombs) * spring_factor(landlord_won, made, landlord)
    scores = settle(int(g.base_stake[i]), multiplier, landlord, landlord_won, (False,) * 3)
    return {"landlord_won": landlord_won, "multiplier": multiplier, "bombs": bombs,
            "plays": len(words), "scores": scores, "choices": choices,
            "spring": landlord_won and made[landlord] == sum(made),
            "anti_spring": not landlord_won and made[landlord] == 1}


@pytest.mark.parametrize("count", sizes(10, 20))
@pytest.mark.parametrize("rules, bidding", CONFIGS, ids=lambda c: str(c))
def test_recorded_games_replay_through_the_reference(rules, bidding, count):
    g = random_games(count, 7, rules=rules, bidding=bidding, record=True)
    for i in range(len(g)):
        seen = replay(g, i, ddz_fast.rules.as_rules(rules))
        assert seen["landlord_won"] == g.landlord_won[i]
        assert seen["multiplier"] == g.multiplier[i] and seen["bombs"] == g.bombs[i]
        assert seen["plays"] == g.plays[i]
        assert seen["scores"] == tuple(g.scores[i])
        assert (seen["spring"], seen["anti_spring"]) == (g.spring[i], g.anti_spring[i])


@pytest.mark.parametrize("rules", [BONUSES, Rules.preset("no_kitty").replace(deal_bonuses=True),
                                   Rules.preset("douzero").replace(deal_bonuses=True)],
                         ids=repr)
@pytest.mark.parametrize("bidding", ["random", "points"])
@pytest.mark.parametrize("count", sizes(300, 600))
def test_random_games_with_deal_bonuses_are_the_games_of_the_engine(rules, bidding, count):
    # Each native game again through ddz_fast.Game: its hands at the start of play, its
    # landlord, kitty and base stake, then its recorded moves. The engine finds the bonuses in
    # the hands as dealt (without the kitty) and settles; both must agree game for game. Of
    # the first 300 games, at least two of each table and bidding have two bonuses or more.
    g = random_games(count, 13, rules=rules, bidding=bidding, record=True)
    game = ddz_fast.Game(rules)
    assert g.bonuses.max() >= 2             # some games with more than one bonus
    for i in range(len(g)):
        kitty = Hand.from_bitboard(int(g.kitty[i])) if rules.kitty else None
        state = game.new_state_from_hands([Hand.from_bitboard(int(w)) for w in g.hands[i]],
                                          kitty, landlord=int(g.landlord[i]),
                                          base_stake=int(g.base_stake[i]))
        assert len(state.deal_bonuses) == g.bonuses[i]
        assert state.multiplier == 2 ** int(g.bonuses[i])
        assert [e for e in state.events if e[0] == "bonus"] == \
            [("bonus", seat, bonus) for seat, bonus in state.deal_bonuses]
        for word in g.game_moves(i):
            state.apply(Move.PASS if word == 0 else Move.from_word(int(word)))
        assert state.is_over and state.multiplier == g.multiplier[i]
        assert state.scores == tuple(g.scores[i]), i


def test_actions_are_chosen_uniformly():
    # Each recorded action's index among the legal ones is uniform on 0..n-1: its mean
    # position (index + 0.5) / n is 1/2 within a few standard errors, and passes come up
    # 1/(n + 1) of the time when following.
    g = random_games(150, 3, record=True)
    choices = []
    for i in range(len(g)):
        hands = tuple(Hand.from_bitboard(int(w)) for w in g.hands[i])
        player, prev, passes = int(g.landlord[i]), None, 0
        for word in g.game_moves(i):
            legal = ddz_fast.legal_moves(hands[player], prev).words
            actions = legal if prev is None else (0,) + legal  # the pass first
            choices.append((actions.index(int(word)), len(actions)))
            move = Move.PASS if word == 0 else Move._from_word(int(word))  # replay-checked
            hands, player, prev, passes = play_step(hands, player, prev, passes, move)
    index, size = np.array(choices, dtype=float).T
    positions = (index + 0.5) / size
    assert abs(positions.mean() - 0.5) < 4 * 0.29 / np.sqrt(len(positions))
    first = index == 0          # the pass when following; some move when leading
    assert abs(first.sum() - (1 / size).sum()) < 4 * np.sqrt((1 / size).sum())


# --- springs ---------------------------------------------------------------------------------

def test_springs_and_anti_springs_occur_and_are_scored():
    g = random_games(200_000, 2024)
    springs = np.flatnonzero(g.spring)
    anti = np.flatnonzero(g.anti_spring)
    assert len(springs) >= 3 and len(anti) >= 30
    for kind, rows in (("spring", springs[:5]), ("anti_spring", anti[:5])):
        for i in rows:
            again = random_games(1, 2024, start=int(i), record=True)
            assert again.plays[0] == g.plays[i]
            assert again.scores[0].tolist() == g.scores[i].tolist()
            seen = replay(again, 0, ddz_fast.rules.as_rules(None))
            assert seen[kind] and seen["scores"] == tuple(g.scores[i])
            assert g.multiplier[i] == 2 ** (g.bombs[i] + 1)


# --- determinism ---------------------------------------------------------------------------

def test_the_same_seed_gives_the_same_games():
    assert random_games(500, 99, record=True) == random_games(500, 99, record=True)
    assert random_games(500, 99) != random_games(500, 100)
    points = random_games(300, 5, bidding="points", rules="douzero")
    assert points == random_games(300, 5, bidding="points", rules="douzero")


def test_games_do_not_depend_on_how_they_are_split():
    whole = random_games(301, 11, record=True, rules="rlcard")
    assert random_games(301, 11, record=True, rules="rlcard", workers=4) == whole
    assert random_games(301, 11, record=True, rules="rlcard", workers=400) == whole
    part = random_games(100, 11, record=True, rules="rlcard", start=150)
    assert np.array_equal(part.scores, whole.scores[150:250])
    assert np.array_equal(part.moves, whole.moves[whole.offsets[150]:whole.offsets[250]])
    assert np.array_equal(part.offsets, whole.offsets[150:251] - whole.offsets[150])
    for i in (0, 99):
        assert np.array_equal(part.game_moves(i), whole.game_moves(150 + i))


def test_no_games():
    empty = random_games(0, 1, record=True, workers=3)
    assert len(empty) == 0 and empty.scores.shape == (0, 3) and empty.offsets.tolist() == [0]


# --- argument checks -------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, error, message", [
    ({"n": -1}, ValueError, "n must be at least 0"),
    ({"n": 2.0}, TypeError, "n must be an int"),
    ({"n": True}, TypeError, "n must be an int"),
    ({"seed": -1}, ValueError, "seed must be in"),
    ({"seed": 2 ** 64}, ValueError, "seed must be in"),
    ({"seed": "7"}, TypeError, "seed must be an int"),
    ({"seed": None}, TypeError, "seed must be an int"),
    ({"rules": "fast"}, ValueError, "unknown preset"),
    ({"rules": 3}, TypeError, "rules must be"),
    ({"bidding": "call_rob"}, ValueError, "unknown bidding"),
    ({"bidding": 1}, TypeError, "bidding must be a str"),
    ({"record": 1}, TypeError, "record must be a bool"),
    ({"workers": 0}, ValueError, "workers must be at least 1"),
    ({"start": -5}, ValueError, "start must be at least 0"),
    ({"start": 2 ** 64 - 2}, ValueError, "past game"),
])
def test_bad_arguments_are_rejected(kwargs, error, message):
    arguments = {"n": 3, "seed": 1, **kwargs}
    with pytest.raises(error, match=message):
        random_games(arguments.pop("n"), arguments.pop("seed"), **arguments)


def test_numpy_integers_are_ints():
    assert random_games(np.int64(4), np.uint64(2 ** 63)) == random_games(4, 2 ** 63)


def test_game_moves_needs_a_record_and_a_game():
    with pytest.raises(ValueError, match="record=True"):
        random_games(2, 1).game_moves(0)
    recorded = random_games(2, 1, record=True)
    assert np.array_equal(recorded.game_moves(-1), recorded.game_moves(1))
    with pytest.raises(IndexError):
        recorded.game_moves(2)


# --- rollouts ------------------------------------------------------------------------------

def test_a_forced_rollout():
    # Each player holds one card: the landlord leads its card and the hand is over.
    assert play_out(Position(["3", "4", "5"], 0, 0), 1) == Playout(0, True, 0, 1, (1, 0, 0))
    # On the landlord's bomb, peasant 1 plays the rocket and wins, or passes; then peasant 2
    # must pass too and the landlord's last card wins.
    position = Position(["4", "BR", "5"], 0, 1, parse_move("3333"), 0)
    outcomes = {play_out(position, seed) for seed in range(40)}
    assert outcomes == {Playout(1, False, 1, 1, (0, 1, 0)), Playout(0, True, 0, 3, (1, 0, 0))}


def test_rollouts_are_reproducible_and_legal():
    position = Position.parse("33455567789TJQQQA22R/56678889JJJQKKA2B/334446799TTTKKAA2 "
                              "0 0 - 0")
    outcomes = [play_out(position, seed, rules="douzero") for seed in range(200)]
    assert outcomes == [play_out(position, seed, rules="douzero") for seed in range(200)]
    assert len(set(outcomes)) > 150
    for outcome in outcomes:
        assert outcome.landlord_won == (outcome.winner == 0)
        assert outcome.plays <= MAX_PLAYS and sum(outcome.seat_moves) <= outcome.plays
        assert outcome.seat_moves[outcome.winner] >= 1


def test_a_finished_position_plays_nothing():
    over = Position(["", "4", "5"], 0, 1, parse_move("3"), 0)
    assert play_out(over, 3) == Playout(0, True, 0, 0, (0, 0, 0))


def test_rollout_arguments_are_checked():
    position = Position(["4", "5", "6"], 0, 1, parse_move("3333"), 0)
    with pytest.raises(TypeError, match="Position"):
        play_out("3/4/5 0 0 - 0", 1)
    with pytest.raises(ValueError, match="seed"):
        play_out(position, -1)
    with pytest.raises(ValueError, match="not a legal move"):
        play_out(Position(["6", "7", "8"], 0, 1, parse_move("333345"), 0), 1, rules="openspiel")
    assert play_out(position, 1).plays >= 1
