"""Native random games with wild cards (ddz_fast.positions.rollouts.random_games under laizi
rules).

The replay is the heart of it, as for the other tables: the native loop records every action
as the two 64-bit halves of its laizi word, and the test walks the same hand in Python, asking
``ddz_fast.legal_moves(hand, prev, rules=..., wild=...)`` for the legal actions at every step
(the pass only when following), and settles it by an independent reading of docs/RULES.md
("Variants", "Laizi": bomb classes and the two multiplier options; "Scoring": spring and
anti-spring). Then 5,000 games of each preset (10,000 in the slow step) are settled from
their recorded words alone, read by the word layout of ddz_fast.bitboard (type code in bits
60..63, real counts in the low nibbles, bomb class in bits 124..125), under both multiplier
options; their decks are whole, their scores sum to zero and their wild ranks are uniform (a
chi-square test). Last,
rollouts (play_out) from positions with wild ranks follow the exact outcome distribution of
uniform random play, worked out by walking the play tree in Python.
"""
from __future__ import annotations

import math
from typing import Dict, List, Tuple

import numpy as np
import pytest

import ddz_fast
from ddz_fast import Hand, Move, Position, Rules, random_games
from ddz_fast.positions.rollouts import MAX_RECORDED_LAIZI_GAMES_PER_CALL, RandomGames
from support.rollout_exact import assert_follows, chi_square_limit, exact_outcomes

pytestmark = pytest.mark.native  # the native play loop

LAIZI = Rules.preset("laizi")
TIANDI = Rules.preset("tiandi_laizi")
DECK = [4] * 13 + [1, 1]
RANKS = 13                      # a wild rank is one of 3..2
BOMB, ROCKET = 13, 14           # type codes (ddz_fast.bitboard.TYPE_CODES)
HARD = 2                        # bomb class code of a bomb that keeps its plain word
# The sizes of the default run, and of the slow step (pytest -m slow; support.common.sizes):
REPLAYED = (60, 120)            # games per configuration replayed move by move
SIMULATED = (5_000, 10_000)     # games per preset settled from their words
APP_SIMULATED = (2_000, 4_000)  # the first of them settled under "app" too
CONFIGS = [(LAIZI, "random"), (TIANDI, "points"), (LAIZI.replace(bomb_multiplier="app"),
                                                   "points"),
           (TIANDI.replace(bomb_multiplier="app"), "random")]
IDS = ["laizi-double-random", "tiandi-double-points", "laizi-app-points", "tiandi-app-random"]


def nibbles(word: int) -> List[int]:
    """The 15 rank counts of a hand or move word (bits 4r..4r+2)."""
    return [(word >> (4 * rank)) & 7 for rank in range(15)]


# --- the settlement, written from the rule book --------------------------------------------------

def bomb_factor(code: int, cards: int, bomb_class: int, option: str) -> int:
    """What a move multiplies the multiplier by (docs/RULES.md, "Laizi", "Multipliers"): 1 for
    any move but a bomb or the rocket; ``double``: 2; ``app``: a 4-card soft bomb (class 1) 2,
    a 4-card hard (2) or laizi (3) bomb 4, a bomb of 5 or more cards and the rocket 6."""
    if code not in (BOMB, ROCKET):
        return 1
    if option == "double":
        return 2
    if code == ROCKET or cards >= 5:
        return 6
    return 2 if bomb_class == 1 else 4


def settle(stake: int, landlord: int, winner: int, made: List[int],
           factors: List[int]) -> dict:
    """docs/RULES.md, "Scoring" (no doubling round, no chips): the landlord wins when it goes
    out first; the multiplier is the product of the bombs' factors, doubled for a spring (the
    landlord won and neither peasant played a card) and for an anti-spring (the peasants won
    and the landlord played only its first lead); each peasant settles stake x multiplier
    with the landlord."""
    won = winner == landlord
    spring = won and all(made[s] == 0 for s in range(3) if s != landlord)
    anti = not won and made[landlord] == 1
    multiplier = math.prod(factors) * 2 ** (spring + anti)
    amount = stake * multiplier
    scores = [(-amount if won else amount) if s != landlord else 0 for s in range(3)]
    scores[landlord] = -sum(scores)
    return {"landlord_won": won, "spring": spring, "anti_spring": anti,
            "multiplier": multiplier, "scores": tuple(scores), "bombs": len(factors)}


def word_class(lo: int, hi: int) -> int:
    """The bomb class of a bomb's word: bits 124..125 (bits 60..61 of the high half); a bomb
    that keeps its plain word (high half 0) is four natural cards of a rank that is not
    wild, a hard bomb (docs/RULES.md)."""
    return (hi >> 60) & 3 if hi else HARD


# --- replay --------------------------------------------------------------------------------------

def wild_of(g: RandomGames, i: int) -> Tuple[int, ...]:
    return tuple(int(r) for r in g.wild[i] if r >= 0)


def replay(g: RandomGames, i: int, rules: Rules) -> dict:
    """Walk game ``i`` from its recorded words, each one found among the legal actions of the
    player to move (the pass first, and only, when following); what the walk saw, settled by
    the rule book."""
    wild = wild_of(g, i)
    hands = [int(h) for h in g.hands[i]]
    landlord = int(g.landlord[i])
    player, prev, passes, mover = landlord, None, 0, -1
    made, factors, bombs = [0, 0, 0], [], []
    rows = g.game_moves(i).tolist()
    for step, (lo, hi) in enumerate(rows):
        assert all(hands), f"game {i} goes on after a hand emptied"
        legal = ddz_fast.legal_moves(Hand.from_bitboard(hands[player]), prev, rules=rules,
                                     wild=wild)
        actions = ([Move.PASS] if prev is not None else []) + list(legal)
        word = int(lo) | int(hi) << 64
        found = [m for m in actions if m.word == word]
        assert len(found) == 1, f"game {i} step {step}: word {word:#x} is not one legal action"
        move = found[0]
        if move.is_pass:
            passes += 1
            if passes == 2:                     # both others passed: the last mover leads
                prev, passes = None, 0
        else:
            # The word's own reading of the class agrees with the Move's.
            if move.type == "bomb":
                assert ddz_fast.bitboard.BOMB_CLASSES[word_class(lo, hi)] == move.bomb_class
            code = (lo >> 60) & 0xF
            factor = bomb_factor(code, len(move), word_class(lo, hi), rules.bomb_multiplier)
            if factor > 1:
                factors.append(factor)
                bombs.append((move.type, len(move), move.bomb_class))
            assert all(have >= used for have, used in
                       zip(nibbles(hands[player]), move.counts)), (i, step)
            hands[player] -= sum(c << (4 * r) for r, c in enumerate(move.counts))
            made[player] += 1
            prev, passes = move, 0
        mover, player = player, (player + 1) % 3
    assert mover >= 0 and hands[mover] == 0, f"game {i} stops before a hand is empty"
    seen = settle(int(g.base_stake[i]), landlord, mover, made, factors)
    return {**seen, "plays": len(rows), "bomb_moves": bombs}


@pytest.fixture(scope="module", params=[
    pytest.param((config, count), id=f"{name}-{count}",
                 marks=[pytest.mark.slow] if count == REPLAYED[1] else [])
    for config, name in zip(CONFIGS, IDS) for count in REPLAYED])
def recorded(request):
    (rules, bidding), count = request.param
    return rules, bidding, random_games(count, 2026, rules=rules, bidding=bidding,
                                        record=True)


def test_recorded_games_replay_legally_and_settle_by_the_rules(recorded):
    rules, _, g = recorded
    for i in range(len(g)):
        seen = replay(g, i, rules)
        assert seen["plays"] == g.plays[i], i
        for name in ("landlord_won", "spring", "anti_spring", "bombs", "multiplier"):
            assert seen[name] == getattr(g, name)[i], (i, name)
        assert seen["scores"] == tuple(g.scores[i].tolist()), i


def test_deals_are_one_whole_deck_and_wild_ranks_fit_the_preset(recorded):
    rules, bidding, g = recorded
    for i in range(len(g)):
        landlord = int(g.landlord[i])
        counts = [nibbles(int(h)) for h in g.hands[i]]
        assert [sum(c) for c in counts] == [20 if s == landlord else 17 for s in range(3)]
        assert [sum(col) for col in zip(*counts)] == DECK
        kitty = nibbles(int(g.kitty[i]))
        assert sum(kitty) == 3 and all(k <= c for k, c in zip(kitty, counts[landlord]))
        wild = wild_of(g, i)
        assert len(wild) == rules.laizi and len(set(wild)) == len(wild)
        assert all(0 <= r < RANKS for r in wild)
    assert (g.wild[:, 1] == -1).all() == (rules.laizi == 1)
    assert set(g.base_stake.tolist()) == ({1} if bidding == "random" else {1, 2, 3})


# --- thousands of games a preset, settled from their words ---------------------------------------

def simulate(rules: Rules, size: int) -> Dict[str, RandomGames]:
    """The same games (same seed) under both multiplier options: 5,000 (10,000 in the slow
    step) under the preset's ``double``, the first 2,000 (4,000) of them again under ``app``
    (the two cards of wild ranks play about 1,300 games/s, the one about 6,000)."""
    counts = (("double", SIMULATED[size]), ("app", APP_SIMULATED[size]))
    return {option: random_games(count, 7, rules=rules.replace(bomb_multiplier=option),
                                 record=True)
            for option, count in counts}


@pytest.fixture(scope="module", params=[
    pytest.param((rules, size), id=f"{rules.name}-{SIMULATED[size]}",
                 marks=[pytest.mark.slow] if size else [])
    for rules in (LAIZI, TIANDI) for size in (0, 1)])
def simulated(request):
    rules, size = request.param
    return rules, simulate(rules, size)


def actions_table(g: RandomGames) -> Dict[str, np.ndarray]:
    """Per recorded action: its game, its seat (play goes 0 -> 1 -> 2 from the landlord, a
    pass included), type code, number of cards, bomb class and rank counts."""
    lo, hi = g.moves[:, 0], g.moves[:, 1]
    game = np.repeat(np.arange(len(g)), np.diff(g.offsets))
    step = np.arange(len(lo)) - g.offsets[game]
    seat = (g.landlord[game].astype(np.int64) + step) % 3
    counts = np.stack([(lo >> np.uint64(4 * r)) & np.uint64(7) for r in range(15)],
                      axis=1).astype(np.int64)
    bomb_class = np.where(hi == 0, HARD, (hi >> np.uint64(60)) & np.uint64(3)).astype(int)
    return {"game": game, "seat": seat, "code": (lo >> np.uint64(60)).astype(int),
            "cards": counts.sum(axis=1), "class": bomb_class, "counts": counts,
            "played": lo != 0}


def test_thousands_of_games_a_preset_conserve_the_deck(simulated):
    _, runs = simulated
    g = runs["double"]
    a = actions_table(g)
    hands = np.stack([np.stack([(g.hands[:, s] >> np.uint64(4 * r)) & np.uint64(7)
                                for r in range(15)], axis=1) for s in range(3)],
                     axis=1).astype(np.int64)                          # (N, 3, 15)
    assert (hands.sum(axis=1) == np.array(DECK)).all()
    played = np.zeros_like(hands)
    np.add.at(played, (a["game"], a["seat"]), a["counts"])
    assert (played <= hands).all()                                     # no card played twice
    # The game ends as one hand empties: its seat played every card, and it made the last
    # action of the game.
    last = g.offsets[1:] - 1
    winner = a["seat"][last]
    assert (played[np.arange(len(g)), winner] == hands[np.arange(len(g)), winner]).all()
    assert a["played"][last].all()
    assert ((played.sum(axis=2) == hands.sum(axis=2)).sum(axis=1) == 1).all()
    assert ((winner == g.landlord) == g.landlord_won).all()


def test_thousands_of_games_a_preset_settle_by_the_rules_under_both_options(simulated):
    _, runs = simulated
    double, app = runs["double"], runs["app"]
    # The option changes the settlement only: the same seed plays the same games.
    for name in ("offsets", "hands", "landlord", "wild", "plays", "bombs", "spring",
                 "anti_spring", "landlord_won"):
        assert np.array_equal(getattr(double, name)[:len(app) + (name == "offsets")],
                              getattr(app, name)), name
    assert np.array_equal(double.moves[:len(app.moves)], app.moves)
    for option, g in runs.items():
        a = actions_table(g)
        assert g.multiplier.dtype == np.int64 and g.scores.dtype == np.int64
        assert not g.scores.sum(axis=1).any()
        factors: List[List[int]] = [[] for _ in range(len(g))]
        made = np.zeros((len(g), 3), np.int64)
        np.add.at(made, (a["game"], a["seat"]), a["played"].astype(np.int64))
        for k in np.flatnonzero(np.isin(a["code"], (BOMB, ROCKET))):
            factors[a["game"][k]].append(bomb_factor(a["code"][k], a["cards"][k],
                                                     a["class"][k], option))
        last = g.offsets[1:] - 1
        for i in range(len(g)):
            seen = settle(int(g.base_stake[i]), int(g.landlord[i]), int(a["seat"][last[i]]),
                          made[i].tolist(), factors[i])
            assert seen["multiplier"] == g.multiplier[i], (option, i)
            assert seen["scores"] == tuple(g.scores[i].tolist()), (option, i)
            assert (seen["spring"], seen["anti_spring"], seen["bombs"]) == \
                (g.spring[i], g.anti_spring[i], g.bombs[i]), (option, i)
    # The games meet most kinds of factor: soft and hard bombs of 4 cards, bombs of 5 or more
    # cards, the rocket, anti-springs (laizi bombs and springs are rarer: see RARE_GAMES).
    a = actions_table(double)
    bombs = a["code"] == BOMB
    assert {1, 2} <= set(a["class"][bombs & (a["cards"] == 4)].tolist())
    assert (bombs & (a["cards"] >= 5)).any() and (a["code"] == ROCKET).any()
    assert double.anti_spring.any()


# Laizi bombs (all four cards of a wild rank played as that rank) and springs are rare in
# random play (a few in 100,000 games): these games were found by scanning seed 7; the test
# replays each under both options and checks by the rules that it is what it says.
RARE_GAMES = [
    (LAIZI, 11383, "laizi_bomb"),
    (LAIZI, 20367, "spring"),
    (LAIZI, 221247, "multiplier of 64 or more"),
    (TIANDI, 869, "laizi_bomb"),
    (TIANDI, 4653, "multiplier of 64 or more"),
]


@pytest.mark.parametrize("rules, index, kind", RARE_GAMES,
                         ids=[f"{r.laizi}-{kind}-{index}" for r, index, kind in RARE_GAMES])
def test_rare_games_are_settled_by_the_rules(rules, index, kind):
    for option in ("double", "app"):
        optioned = rules.replace(bomb_multiplier=option)
        g = random_games(1, 7, rules=optioned, record=True, start=index)
        seen = replay(g, 0, optioned)
        assert seen["multiplier"] == g.multiplier[0] and \
            seen["scores"] == tuple(g.scores[0].tolist()), option
        if kind == "laizi_bomb":
            laizi = [b for b in seen["bomb_moves"] if b[2] == "laizi"]
            assert laizi and all(b[1] == 4 for b in laizi)
        elif kind == "spring":
            assert seen["spring"] and g.spring[0]
        else:       # found under "double"; "app" multiplies by at least as much
            assert seen["multiplier"] >= 64


def chi_square(observed: np.ndarray) -> float:
    expected = observed.sum() / observed.size
    return float(((observed - expected) ** 2 / expected).sum())


def test_wild_ranks_are_uniform(simulated):
    rules, runs = simulated
    wild = runs["double"].wild.astype(int)
    first = np.bincount(wild[:, 0], minlength=RANKS)
    assert chi_square(first) < chi_square_limit(RANKS - 1)
    if rules.laizi == 2:
        # Ordered pairs of distinct ranks: 13 x 12 cells, each as likely.
        assert (wild[:, 0] != wild[:, 1]).all() and (wild >= 0).all()
        cells = np.zeros((RANKS, RANKS), int)
        np.add.at(cells, (wild[:, 0], wild[:, 1]), 1)
        pairs = cells[~np.eye(RANKS, dtype=bool)]
        assert chi_square(pairs) < chi_square_limit(RANKS * (RANKS - 1) - 1)
    else:
        assert (wild[:, 1] == -1).all()


# --- determinism, shapes and checks --------------------------------------------------------------

def test_games_do_not_depend_on_the_split():
    whole = random_games(60, 11, rules=TIANDI, record=True)
    assert random_games(60, 11, rules=TIANDI, record=True) == whole
    assert random_games(60, 11, rules=TIANDI, record=True, workers=3) == whole
    tail = random_games(20, 11, rules=TIANDI, record=True, start=40)
    assert np.array_equal(tail.wild, whole.wild[40:])
    assert np.array_equal(tail.game_moves(0), whole.game_moves(40))
    unrecorded = random_games(60, 11, rules=TIANDI)
    assert unrecorded.moves is None and np.array_equal(unrecorded.scores, whole.scores)


def test_dtypes_and_read_only_arrays():
    g = random_games(5, 1, rules=LAIZI, record=True)
    dtypes = {"landlord": np.int8, "landlord_won": np.bool_, "base_stake": np.int8,
              "multiplier": np.int64, "bombs": np.int16, "plays": np.int16,
              "scores": np.int64, "spring": np.bool_, "anti_spring": np.bool_,
              "hands": np.uint64, "kitty": np.uint64, "bonuses": np.int8, "moves": np.uint64,
              "offsets": np.int64, "wild": np.int8}
    for name, dtype in dtypes.items():
        array = getattr(g, name)
        assert array.dtype == dtype and not array.flags.writeable, name
    assert g.moves.shape == (g.plays.sum(), 2) and g.wild.shape == (5, 2)
    assert g.partner is None and not g.bonuses.any()
    assert random_games(5, 1).wild is None


def test_without_a_kitty_each_seat_holds_eighteen_cards():
    g = random_games(20, 3, rules=LAIZI.replace(kitty=0), record=True)
    assert not g.kitty.any()
    for i in range(len(g)):
        assert sorted(sum(nibbles(int(h))) for h in g.hands[i]) == [18, 18, 18]
        assert replay(g, i, LAIZI.replace(kitty=0))["scores"] == tuple(g.scores[i].tolist())


def test_the_recording_limit_of_wild_cards():
    with pytest.raises(ValueError, match=f"at most {MAX_RECORDED_LAIZI_GAMES_PER_CALL}"):
        random_games(MAX_RECORDED_LAIZI_GAMES_PER_CALL + 1, 1, rules=LAIZI, record=True)


# --- rollouts (play_out) -------------------------------------------------------------------------

# The exact distribution of uniform play (rollout_exact.exact_outcomes) walks the play tree in
# Python with Position.legal_actions and Position.play under the wild ranks.

ROLLOUTS = 3_000
ROLLOUT_POSITIONS = [
    # Seat 0 holds a 3 and three wild 5s: solos, pairs and trios of any rank, the trio + solo,
    # the soft bomb of 3s (3555 read as 3333); seat 1 the rocket.
    ("laizi", "3555/6BR/78 0 0 - 0 w=5"),
    # Two wild ranks (5 and 7), following a pair of 4s with a wild pair and a bomb to come.
    ("tiandi_laizi", "3557/66BR/99TT 0 1 44 0 w=57"),
]


@pytest.mark.parametrize("preset, text", ROLLOUT_POSITIONS)
def test_rollouts_follow_the_exact_distribution_of_uniform_play(preset, text):
    position = Position.parse(text)
    exact = exact_outcomes(position, preset)
    assert sum(exact.values()) == 1 and len(exact) > 5
    seen: Dict[Tuple[int, int, int], int] = {}
    for seed in range(ROLLOUTS):
        result = ddz_fast.play_out(position, seed, rules=preset)
        assert result.landlord_won == (result.winner == position.landlord)
        assert sum(result.seat_moves) <= result.plays
        key = (result.winner, result.bombs, result.plays)
        seen[key] = seen.get(key, 0) + 1
    # Chi-square over the outcomes, the rare ones (expected under 5 times) pooled in one cell.
    assert_follows(exact, seen)


def test_rollouts_with_wild_cards_are_repeatable_and_checked():
    position = Position.parse("3555/6BR/78 0 0 - 0 w=5")
    first = ddz_fast.play_out(position, 9, rules="laizi")
    assert ddz_fast.play_out(position, 9, rules="laizi") == first
    # The multiplier option does not change play.
    assert ddz_fast.play_out(position, 9, rules=LAIZI.replace(bomb_multiplier="app")) == first
    over = Position.parse("-/6/7 0 1 - 0 w=5")
    assert ddz_fast.play_out(over, 1, rules="laizi") == (0, True, 0, 0, (0, 0, 0))
    for rules, pattern in (("standard", "without wild cards"), ("tiandi_laizi", "have 2"),
                           ("four_player", "three players")):
        with pytest.raises(ValueError, match=pattern):
            ddz_fast.play_out(position, 1, rules=rules)
    with pytest.raises(ValueError, match="name them with wild="):
        ddz_fast.play_out(Position.parse("3/4/6 0 0 - 0"), 1, rules="laizi")
