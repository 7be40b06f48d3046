"""The search stack on the one-deck tables beyond the classic one: ``botzone`` (the space
shuttle) and ``no_kitty`` (18 cards each, no kitty); docs/RULES.md, "Search" and "Variants".

* The native solver equals the reference minimax (value and every winning move, the stake on a
  sample) on random positions drawn for each table: shuttle-rich hands for botzone, late
  positions of real 18-card hands for no_kitty.
* Hand-made positions whose answers are derived by hand in the comments, checked against both.
* The sampler is uniform (chi-square against full enumeration) on small information sets of
  each table, and every one of 5,000 mid-game samples (10,000 in the slow step) agrees with
  what the player knows.

The bots' legality and blindness on these tables are in tests/search/test_search_bots.py.
"""
from __future__ import annotations

import random
from math import comb
from typing import List, Optional, Tuple

import numpy as np
import pytest

import ddz_fast
from ddz_fast import Duel, Hand, InformationSet, Move, Position, Rules, random_games
from ddz_fast.cards import FULL_DECK, NUM_RANKS
from ddz_fast.moves.notation import parse_move
from ddz_fast.reference.sampling import enumerate_splits
from ddz_fast.reference.solver import solve_reference
from ddz_fast.search.solver import solve
from support.chi_square import chi2_p
from support.common import sizes
from support.solver_cases import check_first_win

pytestmark = pytest.mark.native  # the solver and the sampler are compiled only

TABLES = ("botzone", "no_kitty")
COUNT_MASK = int("7" * NUM_RANKS, 16)
SHIFTS = np.arange(NUM_RANKS, dtype=np.uint64) * np.uint64(4)
DECK = [rank for rank in range(NUM_RANKS) for _ in range(FULL_DECK[rank])]


def _hand(cards: List[int]) -> Hand:
    counts = [0] * NUM_RANKS
    for rank in cards:
        counts[rank] += 1
    return Hand(counts)


# --- random positions of each table -------------------------------------------------------

def shuttle_position(rng: random.Random, rules: Rules) -> Position:
    """Three hands of 7..13 cards in all where one seat holds two or three bombs of
    consecutive ranks (a space shuttle, with or without wings) more often than not, and maybe
    a move to beat (a shuttle of other ranks half of the time)."""
    deck = DECK[:]
    rng.shuffle(deck)
    hands: List[List[int]] = [[], [], []]
    if rng.random() < 0.8:
        n = 2 if rng.random() < 0.75 else 3
        low = rng.randrange(0, 12 - n + 1)
        shuttle = [r for r in range(low, low + n) for _ in range(4)]
        for r in shuttle:
            deck.remove(r)
        hands[rng.randrange(3)] += shuttle
    total = rng.randint(7, 13)
    while sum(map(len, hands)) < total or not all(hands):
        hands[rng.randrange(3)].append(deck.pop())
    prev: Optional[Move] = None
    if rng.random() < 0.5:
        rest = _hand(deck)
        moves = list(ddz_fast.legal_moves(rest, rules=rules))
        shuttles = [m for m in moves if m.type == "space_shuttle"]
        prev = rng.choice(shuttles if shuttles and rng.random() < 0.5 else moves)
    passes = rng.randint(0, 1) if prev is not None else 0
    return Position([_hand(h) for h in hands], rng.randrange(3), rng.randrange(3), prev, passes)


def record_at(games, game: int, cut: int) -> Tuple[List[int], List[int], int, Optional[Move],
                                                      int]:
    """(hand words, played words, player to move, move to beat, passes since it) of a recorded
    random game after ``cut`` actions. Counts stay in their nibbles, so words add like counts."""
    landlord = int(games.landlord[game])
    hands = [int(w) for w in games.hands[game]]
    played = [0, 0, 0]
    prev, passes = None, 0
    for j, word in enumerate(games.game_moves(game)[:cut].tolist()):
        seat = (landlord + j) % 3
        cards = word & COUNT_MASK
        hands[seat] -= cards
        played[seat] += cards
        if word == 0:
            passes += 1
            if passes == 2:
                prev, passes = None, 0
        else:
            prev, passes = Move.from_word(word), 0
    return hands, played, (landlord + cut) % 3, prev, passes


def position_at(games, game: int, cut: int) -> Position:
    hands, _, to_move, prev, passes = record_at(games, game, cut)
    return Position([Hand.from_bitboard(h) for h in hands], int(games.landlord[game]), to_move,
                    prev, passes)


def late_positions(rules: Rules, count: int, seed: int, max_cards: int = 13) -> List[Position]:
    """Positions of random hands of ``rules`` from the deal on, cut at the first action where at
    most ``max_cards`` cards remain in all and every hand still holds one."""
    games = random_games(count * 2, seed, rules=rules, record=True)
    found = []
    for game in range(len(games)):
        landlord = int(games.landlord[game])
        hands = [int(w) for w in games.hands[game]]
        words = games.game_moves(game).tolist()
        for cut in range(len(words)):
            if cut:     # the hands after ``cut`` actions, as record_at gives them
                hands[(landlord + cut - 1) % 3] -= words[cut - 1] & COUNT_MASK
            left = [len(Hand.from_bitboard(h)) for h in hands]
            if min(left) == 0:
                break
            if sum(left) <= max_cards:
                found.append(position_at(games, game, cut))
                break
        if len(found) == count:
            return found
    raise AssertionError(f"only {len(found)} late positions")


def table_positions(preset: str, count: int, seed: int) -> List[Position]:
    rules = Rules.preset(preset)
    if preset == "botzone":
        rng = random.Random(f"{seed}:botzone")
        return [shuttle_position(rng, rules) for _ in range(count)]
    return late_positions(rules, count, seed)


def check_solver(game, preset: str, stake: bool) -> None:
    expected = solve_reference(game, rules=preset, stake=stake)
    found = solve(game, rules=preset, objective="stake" if stake else "win", pv=False)
    assert found.exact, game
    assert (found.wins, found.winning_moves) == (expected.wins, expected.winning_moves), game
    if isinstance(game, Position):
        assert found.landlord_wins == (expected.wins == (game.to_move == game.landlord)), game
    if stake:
        assert (found.stake, found.stake_moves) == (expected.stake, expected.stake_moves), game
    check_first_win(game, expected, rules=preset)


def test_the_botzone_positions_hold_shuttles():
    positions = table_positions("botzone", 200, 1)
    holding = sum(any(m.type == "space_shuttle"
                      for m in ddz_fast.legal_moves(h, rules="botzone"))
                  for p in positions for h in p.hands)
    to_beat = sum(p.prev is not None and p.prev.type == "space_shuttle" for p in positions)
    assert holding >= 100 and to_beat >= 20


def test_the_no_kitty_positions_come_from_18_card_deals():
    games = random_games(20, 3, rules="no_kitty", record=True)
    assert all(len(Hand.from_bitboard(int(w))) == 18 for w in np.ravel(games.hands))
    assert len(table_positions("no_kitty", 50, 3)) == 50


@pytest.mark.parametrize("positions", sizes(25, 1_000))
@pytest.mark.parametrize("preset", TABLES)
def test_native_solver_equals_the_reference(preset, positions):
    for i, position in enumerate(table_positions(preset, positions, seed=11)):
        # The stake searches every action: on every 10th position.
        check_solver(position, preset, stake=i % 10 == 0)


# --- hand-made positions ------------------------------------------------------------------

def agreed(game, preset: str):
    """The native answer, after checking it equals the reference's (stake included)."""
    check_solver(game, preset, stake=True)
    return solve(game, rules=preset, objective="stake")


def texts(moves) -> List[str]:
    return sorted(str(m) for m in moves)


def test_botzone_a_space_shuttle_decides_the_endgame():
    # First: 3333 4444; second: 5555 6666. Every lead that keeps cards back loses: the second
    # bombs it with 5555 (the first holds nothing above a bomb of 5s) and goes out with 6666.
    # The only move that plays all eight cards is the shuttle 33334444: four + two pairs needs
    # pairs of other ranks, and an airplane's wings may not be of its chain ranks. So under
    # botzone the shuttle alone wins, at once (stake +1, no bomb); without it the first loses.
    duel = Duel.parse("33334444/55556666")
    found = agreed(duel, "botzone")
    assert found.wins is True and found.winning_moves == (parse_move("33334444",
                                                                     rules="botzone"),)
    assert found.stake == 1
    assert agreed(duel, "standard").wins is False


def test_botzone_a_shuttle_is_beaten_only_by_a_bomb():
    # The first (5555 6666 3) must beat the shuttle 77778888; the second holds a 4. The
    # first's own shuttle 55556666 is lower and does not beat it. Passing loses: the second
    # leads its 4 and goes out. Either bomb beats the shuttle (the second cannot answer a
    # bomb); the first then leads the other bomb and the 3 (leading the 3 first would let
    # the 4 out). So the winning moves are 5555 and 6666, and both bombs get played: +4.
    duel = Duel(Hand("555566663"), Hand("4"), parse_move("77778888", rules="botzone"))
    # The answers to the shuttle (the pass apart): its two bombs, never the lower shuttle.
    assert texts(ddz_fast.legal_moves(duel.first, duel.prev, rules="botzone")) == ["5555",
                                                                                   "6666"]
    found = agreed(duel, "botzone")
    assert found.wins is True and texts(found.winning_moves) == ["5555", "6666"]
    assert found.stake == 4 and texts(found.stake_moves) == ["5555", "6666"]


def test_botzone_a_shuttle_does_not_double_the_stake():
    # The first (5555 6666) must beat the shuttle 33334444; the second holds a 7. Passing
    # loses (the 7 leads and goes out). The higher shuttle 55556666 beats it and empties the
    # hand: a win with no bomb played, +1 (it would be +2 if a shuttle doubled). Either bomb
    # wins too (the 7 cannot answer a bomb; the other bomb goes out): two bombs, +4. The first
    # maximises: +4, by the bombs, not by the shuttle.
    duel = Duel(Hand("55556666"), Hand("7"), parse_move("33334444", rules="botzone"))
    found = agreed(duel, "botzone")
    assert texts(found.winning_moves) == ["5555", "55556666", "6666"]
    assert found.stake == 4 and texts(found.stake_moves) == ["5555", "6666"]
    # First 5555 6666 leads against 2222: the bomb of 2s beats every lead but the shuttle
    # (5555, 6666, and every smaller piece) and then empties the second's hand. The shuttle
    # empties the first's hand at once: the only winning move, +1 (no bomb played).
    found = agreed(Duel(Hand("55556666"), Hand("2222")), "botzone")
    assert found.winning_moves == (parse_move("55556666", rules="botzone"),)
    assert found.stake == 1


# The 18-card positions below keep the trees small: the landlord's 18 cards (all nine pairs
# 44..QQ, no bomb) must beat the eight-pair chain 33..TT that peasant 2 just led.
EIGHTEEN = "445566778899TTJJQQ"
EIGHT_PAIRS = "33445566778899TT"


def test_no_kitty_the_eighteen_card_landlord_goes_out_with_a_pair_chain():
    # Peasant 1 holds a 3, peasant 2 a K and an A. The landlord's answers: pass, or one of the
    # two eight-pair chains above 33..TT in its hand, 44..JJ and 55..QQ (no bomb, no rocket).
    # After either chain neither peasant can answer (single cards), and the landlord leads its
    # last pair and goes out: both win, +1. After a pass peasant 1 passes, peasant 2 leads K
    # (or A), which no card of the landlord's (Q at most) beats, then its other card: the
    # peasants win. So the winning moves are the two chains.
    position = Position([Hand(EIGHTEEN), Hand("3"), Hand("KA")], landlord=0, to_move=0,
                        prev=parse_move(EIGHT_PAIRS), passes=0)
    found = agreed(position, "no_kitty")
    assert found.wins is True and found.landlord_wins is True
    assert texts(found.winning_moves) == ["445566778899TTJJ", "5566778899TTJJQQ"]
    assert found.stake == 1


def test_no_kitty_a_bomb_stops_the_eighteen_card_landlord():
    # The same landlord; peasant 2 now holds 2222. After a chain, peasant 1 (a 3) passes and
    # peasant 2 bombs it with its last four cards: the peasants win, one bomb, -2 (passing
    # instead lets the landlord lead its last pair out: +1, which the peasants do not choose).
    # After a pass, peasant 1 passes and peasant 2 leads: the bomb empties its hand (-2); the
    # 2s in smaller groups win too, unanswered, but with no bomb (-1), and the peasants
    # minimise: -2. Every landlord action loses, each at -2.
    position = Position([Hand(EIGHTEEN), Hand("3"), Hand("2222")], landlord=0, to_move=0,
                        prev=parse_move(EIGHT_PAIRS), passes=0)
    found = agreed(position, "no_kitty")
    assert found.wins is False and found.winning_moves == () and found.landlord_wins is False
    assert found.stake == -2
    assert texts(found.stake_moves) == ["445566778899TTJJ", "5566778899TTJJQQ", "pass"]


def test_no_kitty_a_peasant_sees_two_hidden_hands_of_eighteen():
    # At the first lead of a no-kitty hand a peasant sees its own 18 cards; the other 36 are
    # split 18 / 18 with no kitty constraint: C(36, 18) = 9,075,135,300 deals of the physical
    # cards (Vandermonde: the products of C(u_r, a_r) over the splits sum to C(36, 18)).
    games = random_games(1, 8, rules="no_kitty", record=True)
    info = infoset_at(games, 0, 0, (int(games.landlord[0]) + 1) % 3, no_kitty=True)
    assert info.card_counts == (18, 18, 18) and not any(info.kitty_constraint)
    assert info.deal_count() == comb(36, 18) == 9_075_135_300

# --- the sampler on each table ------------------------------------------------------------

def infosets_at(games, game: int, cut: int, no_kitty: bool) -> List[InformationSet]:
    """The information sets of the three players after ``cut`` actions of a recorded game."""
    hands, played, to_move, _, _ = record_at(games, game, cut)
    position = Position([Hand.from_bitboard(h) for h in hands], int(games.landlord[game]),
                        to_move)
    public = dict(played=[Hand.from_bitboard(p) for p in played],
                  kitty=None if no_kitty else Hand.from_bitboard(int(games.kitty[game])))
    return [InformationSet.from_position(position, player, **public) for player in range(3)]


def infoset_at(games, game: int, cut: int, player: int, no_kitty: bool) -> InformationSet:
    return infosets_at(games, game, cut, no_kitty)[player]


def small_infosets(preset: str, count: int, seed: int) -> List[InformationSet]:
    """Late-hand information sets with 2..60 splits, every view, from random hands of the
    table (botzone: hands where shuttles were played, among others)."""
    games = random_games(600, seed, rules=preset, record=True)
    rng = random.Random(seed)
    found: List[InformationSet] = []
    for game in range(len(games)):
        landlord = int(games.landlord[game])
        player = (landlord + game) % 3
        for cut in range(len(games.game_moves(game)) - 1, 0, -1):
            left = [len(Hand.from_bitboard(h)) for h in record_at(games, game, cut)[0]]
            if sum(left) - left[player] > 12 or min(left) == 0:
                continue
            info = infoset_at(games, game, cut, player, preset == "no_kitty")
            if 2 <= len(enumerate_splits(info)) <= 60 and rng.random() < 0.5:
                found.append(info)
                break
        if len(found) == count:
            return found
    raise AssertionError(f"only {len(found)} small information sets")


def split_histogram(samples: np.ndarray, splits) -> List[int]:
    index = {words: i for i, (words, _) in enumerate(splits)}
    hist = [0] * len(splits)
    for row in map(tuple, samples.tolist()):
        hist[index[row]] += 1   # a KeyError here is a sample outside the information set
    return hist


@pytest.mark.parametrize("preset", TABLES)
def test_samples_are_uniform_on_small_sets(preset):
    infos = small_infosets(preset, 40, 2026)
    assert sum(i.player == i.landlord for i in infos) >= 5
    if preset == "botzone":
        assert sum(any(i.kitty_constraint) for i in infos) >= 5
    else:
        assert all(i.kitty is None and not any(i.kitty_constraint) for i in infos)
    n = 3000
    for k, info in enumerate(infos):
        splits = enumerate_splits(info)
        total = sum(w for _, w in splits)
        hist = split_histogram(info.sample(n, 500 + k), splits)
        assert chi2_p(hist, [n * w / total for _, w in splits]) > 0.001, (k, info, hist)


def counts_of(words: np.ndarray) -> np.ndarray:
    return ((words[..., None] >> SHIFTS) & np.uint64(7)).astype(np.int64)


@pytest.mark.parametrize("hands", sizes(625, 1_250))
@pytest.mark.parametrize("preset", TABLES)
def test_every_one_of_the_mid_game_samples_is_consistent(preset, hands):
    # 625 hands (1,250 in the slow step), each cut once in its middle part, seen by its three
    # players, 8 samples of each set (even seeds at one cut, the next at another): 5,000
    # samples (10,000), every one checked against the real hands (the player's own), the
    # public counts, the cards played and the kitty cards the landlord has not played yet.
    no_kitty = preset == "no_kitty"
    games = random_games(hands, 5, rules=preset, record=True)
    rng = random.Random(preset)
    checked = constrained = 0
    for game in range(len(games)):
        moves = games.game_moves(game)
        cut = rng.randrange(len(moves) // 4, 3 * len(moves) // 4 + 1)
        words, played, _, _, _ = record_at(games, game, cut)
        real = np.array([Hand.from_bitboard(h).counts for h in words])
        gone = np.array([Hand.from_bitboard(p).counts for p in played])
        landlord = int(games.landlord[game])
        kitty = np.array(Hand.from_bitboard(int(games.kitty[game])).counts)
        assert not no_kitty or not kitty.any()
        for player, info in enumerate(infosets_at(games, game, cut, no_kitty)):
            counts = counts_of(info.sample(8, game * 3 + player))
            assert (counts[:, player] == real[player]).all()
            assert (counts.sum(axis=2) == real.sum(axis=1)).all()        # public card counts
            assert (counts.sum(axis=1) == real.sum(axis=0)).all()        # the unplayed cards
            owed = np.maximum(0, kitty - gone[landlord])
            assert (counts[:, landlord] >= owed).all()                   # the kitty constraint
            constrained += player != landlord and bool(owed.any())
            assert (counts + gone <= np.array(FULL_DECK)).all()
            checked += len(counts)
    assert checked == 24 * hands
    assert constrained == 0 if no_kitty else constrained >= 0.8 * hands
