"""The botzone preset: the standard rules plus the space shuttle (docs/RULES.md, "Variants" >
"Botzone").

Every expected value here is derived by hand from the rule book or counted by a brute force
written in this file, never produced by the generator under test.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations, product
from math import comb

import pytest

from support.common import sizes
from ddz_fast import Game, Hand, Move, Rules
from ddz_fast.search.bots import play_hand
from ddz_fast.search.catalog import make_bot
from ddz_fast.positions.duel import Duel
from ddz_fast.engine.record import from_json, game_of, load, to_json
from ddz_fast.reference.solver import solve_reference
from ddz_fast.search.solver import solve
from ddz_fast.moves.notation import format_move, parse_move
from ddz_fast.positions.three_player import Position
from ddz_fast.positions.rollouts import perft_native
from ddz_fast.positions.perft import perft
from ddz_fast.rules import PRESETS, WIDEST_RULES

import ddz_fast

BOTZONE = "botzone"
CHAIN = range(12)           # 3..A
SUITED = range(13)          # 3..2
RANKS = range(15)           # 3..2, black joker, red joker


# --- the option and the preset ------------------------------------------------------------

def test_the_preset_is_standard_with_the_space_shuttle():
    assert Rules.preset("botzone") == Rules(space_shuttle=True) == PRESETS["botzone"]
    assert Rules.preset("BOTZONE").preset_name == "botzone"
    assert Rules().space_shuttle is False and repr(Rules.preset("botzone")) == \
        "Rules.preset('botzone')"
    assert repr(Rules(space_shuttle=True, kitty=0)) == "Rules(kitty=0, space_shuttle=True)"
    assert WIDEST_RULES.space_shuttle and WIDEST_RULES.solo_wing_max_copies == 4


@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_the_option_is_a_bool(value):
    with pytest.raises(TypeError, match="rule option space_shuttle must be a bool"):
        Rules(space_shuttle=value)
    with pytest.raises(TypeError, match="space_shuttle must be a bool"):
        Rules().replace(space_shuttle=value)


def test_without_the_option_no_shuttle_is_a_move(api):
    assert not [m for m in api.action_space("standard") if m.type == "space_shuttle"]
    assert api.classify("33334444", rules="standard") == []
    shuttle = parse_move("33334444", rules=BOTZONE)
    with pytest.raises(ValueError, match="not a legal move under"):
        api.legal_moves("55556666", shuttle, rules="standard")


# --- the action space, counted by brute force ---------------------------------------------
# By hand. n bombs of consecutive ranks within the 12 chain ranks 3..A start at 13 - n keys.
#   alone, n = 2..5:        11 + 10 + 9 + 8 = 38
#   2n solo wings, n = 2:   the 4 wing ranks are 4 of the 15 - 2 = 13 ranks outside the chain
#                           (the 2, both jokers included: standard's rocket_in_kickers lets both
#                           jokers be wings): 11 * C(13, 4) = 11 * 715 = 7,865
#                  n = 3:   6 of the 12 other ranks: 10 * C(12, 6) = 10 * 924 = 9,240
#                           together 17,105
#   2n pair wings, n = 2:   4 of the 13 - 2 = 11 ranks 3..2 outside the chain (no jokers):
#                           11 * C(11, 4) = 11 * 330 = 3,630
# Space shuttles: 38 + 17,105 + 3,630 = 20,773; botzone: 13,550 (standard) + 20,773 = 34,323.
BY_HAND = {(4, 2): 11, (4, 3): 10, (4, 4): 9, (4, 5): 8,
           (6, 2): 11 * comb(13, 4), (6, 3): 10 * comb(12, 6),
           (8, 2): 11 * comb(11, 4)}


def brute_force_shuttles(rocket_in_kickers: bool = True) -> set:
    """(key, bombs, counts) of every space shuttle, from every subset of the 15 ranks as the
    wing ranks: a subset is the wings of a kind when its size and ranks fit that kind. Only
    subsets of no rank or of 2n ranks can be (n bombs take none or 2n wings): those are taken
    directly, as combinations, not filtered out of all 2^15."""
    found = set()
    for n, key in product(range(2, 6), CHAIN):
        chain = range(key, key + n)
        if chain[-1] not in CHAIN:
            continue
        for wings in [w for size in (0, 2 * n) for w in combinations(RANKS, size)]:
            if any(r in chain for r in wings):
                continue
            for copies in (0, 1, 2):
                size = 0 if copies == 0 else 2 * n
                if len(wings) != size or (copies == 1 and n > 3) or (copies == 2 and n > 2):
                    continue
                if copies == 2 and any(r not in SUITED for r in wings):
                    continue
                if copies == 1 and {13, 14} <= set(wings) and not rocket_in_kickers:
                    continue
                counts = [0] * 15
                for r in chain:
                    counts[r] = 4
                for r in wings:
                    counts[r] = copies
                found.add((key, n, tuple(counts)))
    return found


@pytest.fixture(scope="module")
def brute_force():
    return brute_force_shuttles()


def test_the_brute_force_counts_what_was_counted_by_hand(brute_force):
    by_kind = Counter((sum(counts) // n, n) for _, n, counts in brute_force)
    assert dict(by_kind) == BY_HAND
    assert len(brute_force) == sum(BY_HAND.values()) == 20_773


def test_the_action_space_holds_exactly_the_brute_force_shuttles(api, brute_force):
    space = api.action_space(BOTZONE)
    assert len(space) == 13_550 + 20_773 == 34_323
    shuttles = [m for m in space if m.type == "space_shuttle"]
    assert {(m.key, m.length, m.counts) for m in shuttles} == brute_force
    assert list(space[:13_550]) == list(api.action_space("standard"))
    # After the rocket, by length, then alone / solo wings / pair wings, then key, then cards.
    assert space[13_549].type == "rocket" and shuttles == list(space[13_550:])
    kinds = [(m.length, len(m) // m.length) for m in shuttles]
    assert kinds == sorted(kinds) and [k for i, k in enumerate(kinds) if k != kinds[i - 1]] \
        == [(2, 4), (2, 6), (2, 8), (3, 4), (3, 6), (4, 4), (5, 4)]


def test_without_both_jokers_as_kickers_fewer_solo_wings(api):
    # Of the solo wings, those holding both jokers go: n = 2: 11 * C(11, 2) = 605;
    # n = 3: 10 * C(10, 4) = 2,100.
    rules = Rules(space_shuttle=True, rocket_in_kickers=False)
    shuttles = {(m.key, m.length, m.counts) for m in api.action_space(rules)
                if m.type == "space_shuttle"}
    assert shuttles == brute_force_shuttles(rocket_in_kickers=False)
    assert len(shuttles) == 20_773 - 605 - 2_100


def test_no_shuttle_reads_as_any_other_move_of_the_widest_rules():
    """WIDEST_RULES adds the shuttle to douzero without changing how other text reads."""
    space = ddz_fast.action_space(WIDEST_RULES)
    by_counts = Counter(m.counts for m in space)
    shuttles = [m for m in space if m.type == "space_shuttle"]
    assert len(shuttles) == 20_773 and all(by_counts[m.counts] == 1 for m in shuttles)
    assert [m for m in space if m.type != "space_shuttle"] == \
        list(ddz_fast.action_space("douzero"))


# --- beating a shuttle: hand-made cases -----------------------------------------------------

def move(text: str) -> Move:
    return parse_move(text, rules=BOTZONE)


def test_a_shuttle_with_wings_is_beaten_only_by_a_higher_one_of_its_shape(api):
    low = move("33334444 5678")                 # 2 bombs, 4 solo wings: 12 cards, key 3
    assert (low.type, low.key, low.length, len(low)) == ("space_shuttle", 0, 2, 12)
    higher = move("44445555 3678")              # same kind and length, key 4: beats it
    assert api.beats(higher, low, rules=BOTZONE) and not api.beats(low, higher, rules=BOTZONE)
    top = move("KKKKAAAA 3 2 B R")              # the highest key, jokers as wings: beats it
    assert api.beats(top, low, rules=BOTZONE)
    # Not beaten by a shuttle of another kind or length, whatever its key ...
    for other in ("55556666",                   # alone (8 cards)
                  "444455556666",               # 3 bombs alone: 12 cards too, length 3
                  "55556666 33 77 88 99",       # pair wings (16 cards)
                  "444455556666 3789TJ"):       # 3 bombs with solo wings (18 cards)
        assert not api.beats(move(other), low, rules=BOTZONE), other
        assert not api.beats(low, move(other), rules=BOTZONE), other
    # ... nor by a lower or equal one, nor by ordinary moves; bombs and the rocket beat it.
    assert not api.beats(move("33334444 9TJQ"), low, rules=BOTZONE)
    assert not api.beats(move("3456789"), low, rules=BOTZONE)
    assert api.beats(move("3333"), low, rules=BOTZONE) and api.beats(move("BR"), low,
                                                                       rules=BOTZONE)
    # A shuttle is no bomb: it beats neither a bomb, nor the rocket, nor a smaller move.
    for other in ("2222", "BR", "3", "34567", "333444"):
        assert not api.beats(low, move(other), rules=BOTZONE), other


def test_the_answers_to_a_shuttle(api):
    # The hand 3333 44445555 6789 BR answers 33334444+5678 with its bombs 3333, 4444 and
    # 5555, the rocket, then (after the rocket in canonical order) the shuttles 44445555 with
    # 4 solo wings of distinct ranks among 3, 6, 7, 8, 9, B, R: C(7, 4) = 35 of them. Not
    # 33334444 (the same key), not 444455556666 (no third bomb). 3 + 1 + 35 = 39 answers.
    answers = list(api.legal_moves("3333 44445555 6789 BR", move("33334444 5678"),
                                   rules=BOTZONE))
    assert [m.cards for m in answers[:4]] == ["3333", "4444", "5555", "BR"]
    shuttles = answers[4:]
    assert len(answers) == 39 and len(shuttles) == comb(7, 4)
    assert all(m.type == "space_shuttle" and m.key == 1 and len(m) == 12 for m in shuttles)
    assert [m.cards for m in shuttles[:2]] == ["344445555678", "344445555679"]
    # Answers to the shuttle alone 33334444: the bombs, the rocket, and 44445555 alone.
    alone = list(api.legal_moves("3333 44445555 6789 BR", move("33334444"), rules=BOTZONE))
    assert [m.cards for m in alone] == ["3333", "4444", "5555", "BR", "44445555"]
    # The answers to a bomb are higher bombs and the rocket, never a shuttle.
    assert [m.cards for m in api.legal_moves("44445555 6789 BR", move("3333"),
                                             rules=BOTZONE)] == ["4444", "5555", "BR"]


def test_shuttle_text_reads_one_way_and_round_trips():
    shuttle = move("33334444 5678")
    assert format_move(shuttle) == format_move(shuttle, BOTZONE) == "333344445678"
    assert parse_move("333344445678") == shuttle
    with pytest.raises(ValueError, match="not a combination under the standard"):
        parse_move("333344445678", rules="standard")


# --- the engine -------------------------------------------------------------------------------
# The landlord (seat 0) holds the shuttle 33334444+5678 and the pair chain 99TTJJQQ (20 cards);
# peasant 1 holds 555666777888 KKKK B, peasant 2 99TTJJQQ AAAA 2222 R (17 each): one deck.
LANDLORD = "33334444 5678 99TTJJQQ"
PEASANT_1 = "555666777888 KKKK B"
PEASANT_2 = "99TTJJQQ AAAA 2222 R"


def botzone_state():
    return Game(BOTZONE).new_state_from_hands([LANDLORD, PEASANT_1, PEASANT_2], landlord=0)


def test_a_shuttle_does_not_double_the_multiplier_in_a_played_hand():
    # The landlord plays the shuttle and the pair chain, both peasants pass each time: the
    # landlord wins without either peasant playing a card, a spring (x2). The shuttle doubles
    # nothing: multiplier 2, each peasant pays base 1 x 2 (a doubling shuttle would make it 4).
    state = botzone_state()
    state.apply(move("33334444 5678"))
    assert state.multiplier == 1
    for action in (Move.PASS, Move.PASS, move("99TTJJQQ")):
        state.apply(action)
    assert state.is_over and state.winner == "landlord"
    assert state.multiplier == 2 and state.scores == (4, -2, -2)


def test_a_record_of_a_botzone_hand_replays_its_shuttle():
    state = botzone_state()
    for action in (move("33334444 5678"), Move.PASS, Move.PASS):
        state.apply(action)
    document = json.loads(to_json(state))
    assert document["game"]["rules"]["space_shuttle"] is True
    assert document["events"][0]["action"] == "333344445678"
    replayed = load(from_json(to_json(state)))
    assert replayed.history == state.history and replayed.rules == Rules.preset(BOTZONE)
    # Records written before the option existed hold no space_shuttle: they load as before.
    del document["game"]["rules"]["space_shuttle"]
    assert game_of(document).rules == Rules()


def test_bombs_still_double_and_beat_a_shuttle_in_a_played_hand():
    # After the shuttle (x1), peasant 1 bombs it with KKKK (x2): a bomb beats a shuttle.
    state = botzone_state()
    state.apply(move("33334444 5678"))
    assert move("KKKK") in state.legal_actions()
    assert move("555666777888") not in state.legal_actions()     # an airplane cannot
    state.apply(move("KKKK"))
    assert state.multiplier == 2
    # Peasant 2 (no black joker: no rocket) may answer the bomb with its higher bombs only.
    assert [m.cards for m in state.legal_actions() if not m.is_pass] == ["AAAA", "2222"]
    state.apply(Move.PASS)
    state.apply(Move.PASS)
    # Peasant 1 leads the airplane 555666777888 (4 trios), which nobody beats, then goes out
    # with the black joker.
    state.apply(move("555666777888"))
    state.apply(Move.PASS)
    state.apply(Move.PASS)
    state.apply(move("B"))
    # x2 for the bomb, x2 for the anti-spring (the landlord played only its first lead), the
    # shuttle nothing: 4 (a doubling shuttle would make it 8); the landlord pays each peasant 4.
    assert state.is_over and state.winner == "peasants"
    assert state.multiplier == 4 and state.scores == (-8, 4, 4)


@pytest.mark.native
def test_native_perft_walks_shuttles_as_the_python_walk_does():
    # The landlord leads 33334444 alone or with 4 of the wings 9, T, J, Q, 2 (C(5, 4) = 5, in
    # the order of the wing sets); peasant 1 answers the shuttle alone with 55556666 and one
    # with solo wings with 55556666 + 78KA.
    position = Position.parse("333344449TJQ2/5555666678KA/22BR 0 0 - 0")
    shuttles = [m for m in position.legal_actions(BOTZONE) if m.type == "space_shuttle"]
    assert [m.cards for m in shuttles] == ["33334444", "333344449TJQ", "333344449TJ2",
                                           "333344449TQ2", "333344449JQ2", "33334444TJQ2"]
    answers = [position.play(m, BOTZONE).legal_actions(BOTZONE) for m in shuttles[:2]]
    assert [[m.cards for m in moves if m.type == "space_shuttle"] for moves in answers] == \
        [["55556666"], ["5555666678KA"]]
    for depth in range(1, 4):
        assert perft_native(position, depth, rules=BOTZONE) == \
            perft(position, depth, rules=BOTZONE)


# --- the solver -------------------------------------------------------------------------------

def shuttle_duel(rng: random.Random):
    """Two hands of two consecutive bombs each (ranks 3..A, not shared) and 0..4 more cards
    between them; with one of the first hand's shuttles as the move to beat half the time."""
    keys = rng.sample(range(11), 2)
    if abs(keys[0] - keys[1]) < 2:
        return None
    hands = [[0] * 15, [0] * 15]
    for side, key in enumerate(keys):
        hands[side][key] = hands[side][key + 1] = 4
    rest = [r for r in RANKS for _ in range(4 if r < 13 else 1)
            if not (hands[0][r] or hands[1][r])]
    for i, rank in enumerate(rng.sample(rest, rng.randint(0, 4))):
        hands[i % 2][rank] += 1
    first, second = Hand(hands[0]), Hand(hands[1])
    shuttles = [m for m in ddz_fast.legal_moves(first, rules=BOTZONE)
                if m.type == "space_shuttle"]
    if rng.random() < 0.5:
        played = rng.choice(shuttles)
        if len(played) < len(first):
            return Duel(second, first - played, played)
    return Duel(first, second)


@pytest.mark.native
@pytest.mark.parametrize("duels", sizes(12, 24))
def test_the_solver_agrees_with_the_reference_on_duels_of_shuttles(duels):
    """The solver's table keys the move to beat by its kind of shuttle too: the shuttle alone
    and one with wings, of one key and length, have different answers. The reference's plain
    minimax takes most of the time: the default run solves 12 duels (4 of them beating a
    shuttle, won and lost ones among the rest), the slow step 24."""
    rng = random.Random(8)
    checked = beaten = 0
    while checked < duels:
        duel = shuttle_duel(rng)
        if duel is None:
            continue
        expected = solve_reference(duel, rules=BOTZONE, distance=True,
                                   legal_moves=ddz_fast.legal_moves)
        found = solve(duel, rules=BOTZONE, shortest=True)
        assert found.exact and (found.wins, found.winning_moves) == (
            expected.wins, expected.winning_moves), duel
        assert (found.distance, found.pv) == (expected.distance, expected.pv), duel
        checked += 1
        beaten += duel.prev is not None
    assert beaten >= duels // 4


@pytest.mark.parametrize("name", ["random", "greedy",
                                  pytest.param("solver", marks=pytest.mark.native),
                                  pytest.param("ismcts", marks=pytest.mark.native)])
def test_every_kind_of_bot_plays_a_botzone_hand_to_the_end(name):
    # The multiplier, counted from the moves played: x2 a bomb or rocket, x2 a spring (the
    # landlord, seat 0, wins and no peasant played) or an anti-spring (the peasants win and
    # the landlord played one move); a space shuttle counts for nothing.
    for seed in range(3):
        state = play_hand(botzone_state(), make_bot(name, seed), make_bot(name, seed + 10))
        assert state.is_over and sum(state.scores) == 0
        moves = [(seat, a) for seat, a in state.history if isinstance(a, Move) and not a.is_pass]
        bombs = sum(m.type in ("bomb", "rocket") for _, m in moves)
        by_landlord = sum(seat == 0 for seat, _ in moves)
        spring = state.winner == "landlord" and by_landlord == len(moves)
        anti_spring = state.winner == "peasants" and by_landlord == 1
        assert state.multiplier == 2 ** (bombs + spring + anti_spring), state.history
