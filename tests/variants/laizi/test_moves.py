"""Wild cards (laizi): docs/RULES.md, "Variants" > "Laizi".

Every expected value here is derived by hand in a comment from the rule book, or counted by the
brute force of ``tests/support/laizi_brute.py`` (readings first, then the real cards that can stand
for them: the opposite direction of the generator under test, sharing none of its code), never
produced by the generator under test.

Rank indices: 3=0 4=1 5=2 6=3 7=4 8=5 9=6 T=7 J=8 Q=9 K=10 A=11 2=12 B=13 R=14.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

import numpy as np
import pytest

import ddz_fast
from ddz_fast import Move, Rules
from ddz_fast.reference import laizi as reference_laizi
from ddz_fast import bitboard
from ddz_fast.cards import NUM_RANKS, deck_counts, parse_cards
from ddz_fast.move import TYPE_CODES
from ddz_fast.moves.notation import format_move, parse_move, readings
from ddz_fast.rules import PRESETS, WIDEST_RULES

from support import laizi_brute as brute
from support.common import sample_size, sizes, slow_in_python, wild_rich_hand

LAIZI = "laizi"
TIANDI = "tiandi_laizi"
FIVE, SEVEN = 2, 4          # the wild ranks most cases use


def cards(text: str) -> tuple:
    return parse_cards(text)


def identity(move: Move) -> tuple:
    return move.type, move.key, move.length, move.counts


def one(api, text: str, kind: str, key: int, rules=LAIZI, wild="5") -> Move:
    """The reading of ``text`` of that type and key (the test fails if there is none)."""
    found = [m for m in api.classify(text, rules=rules, wild=wild)
             if m.type == kind and m.key == key]
    assert len(found) == 1, (text, kind, key, found)
    return found[0]


# --- the options and the presets --------------------------------------------------------------

def test_the_presets_are_standard_with_one_or_two_wild_ranks():
    assert Rules.preset("laizi") == Rules(laizi=1) == PRESETS["laizi"]
    assert Rules.preset("tiandi_laizi") == Rules(laizi=2) == PRESETS["tiandi_laizi"]
    assert Rules().laizi == 0 and Rules().bomb_multiplier == "double"
    assert repr(Rules(laizi=1, bomb_multiplier="app")) == "Rules(laizi=1, bomb_multiplier='app')"
    assert Rules(laizi=1, kitty=0).hand_size == 18        # the no-kitty table has wild cards too


@pytest.mark.parametrize("value, error, message", [
    (3, ValueError, "laizi must be between 0 and 2"),
    (-1, ValueError, "laizi must be between 0 and 2"),
    (True, TypeError, "laizi must be an int"),
    ("1", TypeError, "laizi must be an int"),
])
def test_laizi_is_0_1_or_2(value, error, message):
    with pytest.raises(error, match=message):
        Rules(laizi=value)


def test_bomb_multiplier_is_double_or_app_and_app_needs_wild_cards():
    assert Rules(laizi=2, bomb_multiplier="app").bomb_multiplier == "app"
    with pytest.raises(ValueError, match="unknown bomb_multiplier 'triple'"):
        Rules(laizi=1, bomb_multiplier="triple")
    with pytest.raises(TypeError, match="bomb_multiplier must be a str"):
        Rules(laizi=1, bomb_multiplier=2)
    with pytest.raises(ValueError, match="needs wild cards"):
        Rules(bomb_multiplier="app")


@pytest.mark.parametrize("changes, message", [
    ({"players": 4}, "three-player table, not of 4 players"),
    ({"space_shuttle": True}, "cannot be combined with space_shuttle"),
    ({"deal_bonuses": True}, "cannot be combined with deal_bonuses"),
])
def test_wild_cards_are_played_at_the_classic_table_only(changes, message):
    with pytest.raises(ValueError, match=message):
        Rules(laizi=1, **changes)
    with pytest.raises(ValueError, match=message):
        Rules.preset(TIANDI).replace(**changes)


# --- the wild ranks of a call -----------------------------------------------------------------

@pytest.mark.parametrize("wild", [2, "5", [2], ("5",), "  5 "])
def test_one_wild_rank_may_be_given_as_index_letter_or_list(api, wild):
    assert api.legal_moves("55", rules=LAIZI, wild=wild) == \
        api.legal_moves("55", rules=LAIZI, wild=FIVE)


def test_two_wild_ranks_in_any_order_and_form(api):
    expected = api.legal_moves("557", rules=TIANDI, wild=(FIVE, SEVEN))
    for wild in ("57", "75", [SEVEN, FIVE], ["7", 2], "5 7"):
        assert api.legal_moves("557", rules=TIANDI, wild=wild) == expected


@pytest.mark.parametrize("rules, wild, error, message", [
    (LAIZI, None, ValueError, "play with 1 wild rank"),
    (TIANDI, None, ValueError, "play with 2 wild rank"),
    ("standard", "5", ValueError, "play without wild cards"),
    (None, 2, ValueError, "play without wild cards"),
    (LAIZI, "57", ValueError, "have 1 wild rank.*names 2"),
    (TIANDI, "5", ValueError, "have 2 wild rank.*names 1"),
    (TIANDI, "55", ValueError, "wild ranks must be distinct"),
    (LAIZI, "B", ValueError, "a joker .* cannot be wild"),
    (LAIZI, 14, ValueError, "a joker .* cannot be wild"),
    (LAIZI, 15, ValueError, "outside 0..12"),
    (LAIZI, -1, ValueError, "outside 0..12"),
    (LAIZI, "", ValueError, "wild names no rank"),
    (LAIZI, "X", ValueError, "unknown rank"),
    (LAIZI, 2.0, TypeError, "wild must be"),
    (LAIZI, [True], TypeError, "a wild rank is a rank index"),
])
def test_bad_wild_ranks_are_refused_naming_the_problem(api, rules, wild, error, message):
    for call in (lambda: api.legal_moves("55", rules=rules, wild=wild),
                 lambda: api.classify("55", rules=rules, wild=wild)):
        with pytest.raises(error, match=message):
            call()


def test_beats_and_the_action_space_check_the_wild_ranks_too(api):
    pair = one(api, "55", "pair", 12)
    with pytest.raises(ValueError, match="play with 1 wild rank"):
        api.beats(pair, pair, rules=LAIZI)
    with pytest.raises(ValueError, match="without wild cards"):
        api.beats(Move("pair", 0, 1, cards("33")), Move("pair", 0, 1, cards("33")), wild=2)
    with pytest.raises(ValueError, match="a joker"):
        api.action_space(LAIZI, "R")
    with pytest.raises(ValueError, match="without wild cards"):
        api.action_id(pair, "standard", "5")


def test_a_move_of_other_wild_ranks_is_no_legal_move_here(api):
    # 55 read as 22 exists with 5 wild; with 7 wild the cards 55 are natural: a pair of 5s.
    pair_of_twos = one(api, "55", "pair", 12)
    with pytest.raises(ValueError, match="not a legal move under .* with wild 7"):
        api.beats(pair_of_twos, pair_of_twos, rules=LAIZI, wild="7")
    with pytest.raises(ValueError, match="prev .* not a legal move"):
        api.legal_moves("22", pair_of_twos, rules=LAIZI, wild="7")


# --- a position and rules that disagree on wild cards are refused ----------------------------

def _mismatches():
    from ddz_fast.positions.three_player import Position
    from ddz_fast.reference.solver import solve_reference
    position = Position.parse("3/4/5 0 0 - 0")
    wild_position = Position.parse("3/4/6 0 0 - 0 w=5")
    # The solver plays wild cards (tests/search/test_table_solvers.py): what it refuses is a
    # position without wild ranks under rules with wild cards, and the reverse.
    return [
        (lambda: ddz_fast.solve(position, rules=LAIZI), "name them with wild="),
        (lambda: solve_reference(position, rules=LAIZI), "name them with wild="),
        (lambda: solve_reference(wild_position), "play without wild cards"),
        (lambda: ddz_fast.solve(wild_position), "play without wild cards"),
    ]


def test_the_solver_refuses_a_position_and_rules_that_disagree_on_wild_cards():
    for call, message in _mismatches():
        with pytest.raises(ValueError, match=message):
            call()


def test_the_environment_without_wild_cards_points_to_the_one_with_them():
    from ddz_fast.envs.three_player import DouDizhuEnv
    for rules, ranks in ((LAIZI, "1 wild rank"), ("tiandi_laizi", "2 wild ranks"),
                         (Rules(laizi=1), "1 wild rank")):
        with pytest.raises(ValueError) as caught:
            DouDizhuEnv(rules=rules)
        message = str(caught.value)
        assert message.startswith("the PettingZoo environment ddz_fast.envs.three_player plays no wild cards")
        assert ranks in message
        assert message.endswith("use ddz_fast.envs.laizi (LaiziEnv), the environment with "
                                "wild cards")
    from ddz_fast.envs.laizi import LaiziEnv
    assert LaiziEnv(rules=LAIZI).rules.laizi == 1     # the environment it names takes them


@pytest.mark.native
def test_the_compiled_generator_refuses_wild_cards_where_it_would_run():
    with pytest.raises(ValueError, match="compiled generator does not play wild cards"):
        ddz_fast.legal_moves("33").action_ids(LAIZI)


# --- hand-made cases ---------------------------------------------------------------------------

def test_a_soft_bomb_from_three_natural_cards_and_a_wild(api):
    # 3335 with 5 wild. Main parts that fit 4 cards: a bomb (3 natural 3s + the wild read as 3;
    # a bomb of any other rank would need 4 wilds), a trio + solo of 3s (333 and the wild as
    # kicker; a trio of another rank would need 3 wilds), a trio of 3s from 33 + wild with the
    # last 3 as kicker is no move (a kicker is never of the main rank). So two readings.
    found = api.classify("3335", rules=LAIZI, wild="5")
    assert [(m.type, m.key) for m in found] == [("trio_solo", 0), ("bomb", 0)]
    bomb = found[1]
    assert bomb.bomb_class == "soft" and bomb.reading == cards("3333") and len(bomb) == 4
    assert bomb.counts == cards("3335")
    # Its word, by hand: low half = counts 3 (rank 3) | flag 8 on the key = 0xB in nibble 0,
    # 1 in nibble 2 (the 5), type code of "bomb" in bits 60..63; high half: 4 cards read as 3
    # (nibble 0 of bits 64..), class soft (1) at bit 124, the laizi marker at bit 126.
    assert bomb.word == ((1 << 126) | (1 << 124) | (4 << 64) | (TYPE_CODES["bomb"] << 60)
                         | 0x10B)
    assert isinstance(bomb.word, bitboard.LaiziWord)
    # The trio + solo reads its main part as its own cards: it keeps the plain word.
    assert found[0].word == Move("trio_solo", 0, 1, cards("3335")).word


def test_a_pair_of_wilds_answers_a_pair_of_sevens_as_every_pair_from_88_to_22(api):
    # A pair made only of wilds may be of any rank 3..2 (13 pairs); a pair beats a pair of a
    # higher key: 8 9 T J Q K A 2 are above 7, eight readings. The solo 5 is no answer.
    sevens = Move("pair", 4, 1, cards("77"))
    answers = api.legal_moves("55", sevens, rules=LAIZI, wild="5")
    assert [m.type for m in answers] == ["pair"] * 8
    assert [m.key for m in answers] == list(range(5, 13))
    assert all(m.counts == cards("55") for m in answers)
    assert [m.reading for m in answers] == [cards(r * 2) for r in "89TJQKA2"]
    # Leading, the two wild 5s are one solo (a wild alone is its own rank) and 13 pairs.
    lead = api.legal_moves("55", rules=LAIZI, wild="5")
    assert Counter(m.type for m in lead) == {"solo": 1, "pair": 13}


def test_a_chain_completed_by_a_wild(api):
    # 3 4 6 7 and a wild 9: the only five consecutive ranks holding 3, 4, 6 and 7 are 3..7,
    # the 9 read as 5. No other type takes five cards of five different ranks.
    found = api.classify("34679", rules=LAIZI, wild="9")
    assert [(m.type, m.key, m.length) for m in found] == [("chain", 0, 5)]
    assert found[0].reading == cards("34567")
    # 4 5 6 7 and a wild 9: the wild completes 3..7 or 4..8, two chains.
    found = api.classify("45679", rules=LAIZI, wild="9")
    assert [(m.type, m.key, m.reading) for m in found] == \
        [("chain", 0, cards("34567")), ("chain", 1, cards("45678"))]


def test_an_airplane_whose_wings_are_wilds(api):
    # 333444 + 77 with 7 wild: two wild wings read as two distinct ranks outside 3..4, so it
    # is an airplane with solo wings even though solo_wing_max_copies = 1 (without wild cards
    # 77 would be one rank twice). Other readings of the 8 cards: four + two pairs needs four
    # of a rank (333 + a wild) and two pairs of distinct ranks from 444 + the other wild, which
    # cannot be; an airplane of 3..4 that uses a wild in its main part leaves a natural 3 or 4
    # as a wing, a chain rank. So one reading.
    found = api.classify("33344477", rules=LAIZI, wild="7")
    assert [(m.type, m.key, m.length) for m in found] == [("airplane_solo", 0, 2)]
    assert api.classify("33344477", rules="standard") == []
    # A wild in the main part and one among the wings: 33 444 + 7 7 + 8 with 7 wild: the main
    # part 333444 takes one wild, the wings are the other wild and the 8.
    found = api.classify("334447 78", rules=LAIZI, wild="7")
    plane = [m for m in found if m.type == "airplane_solo"]
    assert [(m.key, m.length, m.reading) for m in plane] == [(0, 2, cards("333444"))]


def test_the_rule_books_examples_with_5_wild(api):
    # 5555: a bomb of every rank 3..2 (the laizi bomb read as 5, soft otherwise) and a
    # trio + solo of every rank: 26 readings.
    found = api.classify("5555", rules=LAIZI, wild="5")
    bombs = [m for m in found if m.type == "bomb"]
    assert len(found) == 26 and len(bombs) == 13
    assert Counter(m.bomb_class for m in bombs) == {"laizi": 1, "soft": 12}
    assert [m.key for m in bombs if m.bomb_class == "laizi"] == [FIVE]
    assert sorted(m.key for m in found if m.type == "trio_solo") == list(range(13))
    # 3333 + 55: four + two solos even with four_two_solo_max_copies = 1.
    assert [(m.type, m.key) for m in api.classify("333355", rules=LAIZI, wild="5")
            if m.type == "four_two_solo"] == [("four_two_solo", 0)]
    # Without wild cards 333355 is no move of standard: the kickers 55 would be one rank
    # twice, and four + two pairs needs two pairs.
    assert api.classify("333355", rules="standard") == []


def test_a_wild_alone_is_its_own_rank(api):
    assert api.legal_moves("5", rules=LAIZI, wild="5") == [Move("solo", FIVE, 1, cards("5"))]
    # Two wilds of different ranks: each a solo of its own rank, together a pair of any rank.
    lead = api.legal_moves("57", rules=TIANDI, wild="57")
    assert [m.key for m in lead if m.type == "solo"] == [FIVE, SEVEN]
    assert [m.key for m in lead if m.type == "pair"] == list(range(13))
    assert len(lead) == 15


def test_bombs_order_by_size_then_class_then_rank(api):
    rules, wild = LAIZI, "5"
    hard_twos = one(api, "2222", "bomb", 12)
    laizi = one(api, "5555", "bomb", FIVE)
    soft_four = one(api, "3335", "bomb", 0)
    soft_five = one(api, "33335", "bomb", 0)
    assert (hard_twos.bomb_class, laizi.bomb_class, soft_four.bomb_class,
            soft_five.bomb_class) == ("hard", "laizi", "soft", "soft")
    assert hard_twos.word == Move("bomb", 12, 1, cards("2222")).word     # a plain word
    # 5 cards beat 4 whatever the class and rank: the soft 33335 over the hard 2222.
    assert api.beats(soft_five, hard_twos, rules=rules, wild=wild)
    assert not api.beats(hard_twos, soft_five, rules=rules, wild=wild)
    # At 4 cards laizi > hard > soft, before the rank: 5555 (as 5) over 2222, 2222 over 3335.
    assert api.beats(laizi, hard_twos, rules=rules, wild=wild)
    assert not api.beats(hard_twos, laizi, rules=rules, wild=wild)
    assert api.beats(hard_twos, soft_four, rules=rules, wild=wild)
    assert not api.beats(soft_four, hard_twos, rules=rules, wild=wild)
    # A soft 2222 (5555 read as 2) is below the hard 2222; the soft 3355 read as 3333 ties
    # with the soft 3335: neither beats the other.
    soft_twos = one(api, "5555", "bomb", 12)
    assert api.beats(hard_twos, soft_twos, rules=rules, wild=wild)
    assert not api.beats(soft_twos, hard_twos, rules=rules, wild=wild)
    tie = one(api, "3355", "bomb", 0)
    assert not api.beats(tie, soft_four, rules=rules, wild=wild)
    assert not api.beats(soft_four, tie, rules=rules, wild=wild)
    # Any bomb beats a non-bomb; no non-bomb beats a bomb.
    trio = one(api, "2225", "trio_solo", 12)
    assert api.beats(soft_four, trio, rules=rules, wild=wild)
    assert not api.beats(trio, soft_four, rules=rules, wild=wild)


def test_the_rocket_beats_a_twelve_card_bomb(api):
    # Tiandi with 5 and 7 wild: 3333 + 5555 + 7777 read as twelve 3s, a soft bomb of 12 cards
    # (four natural cards, eight wilds), the biggest bomb there is; the rocket beats it.
    big = one(api, "333355557777", "bomb", 0, TIANDI, "57")
    assert big.bomb_class == "soft" and big.reading == (12,) + (0,) * 14
    assert bitboard.unpack_reading(big.word)[0] == 12
    rocket = Move("rocket", 13, 1, cards("BR"))
    assert api.beats(rocket, big, rules=TIANDI, wild="57")
    assert not api.beats(big, rocket, rules=TIANDI, wild="57")
    eleven = one(api, "33335555777", "bomb", 0, TIANDI, "57")
    assert api.beats(big, eleven, rules=TIANDI, wild="57")


def test_jokers_are_never_substituted(api):
    # A wild never reads as a joker: 5B and 5R are no pair (no BB or RR in one deck) and no
    # rocket; a joker is only ever a kicker or a wing, or the rocket's own card.
    for text in ("5B", "5R", "55B", "55BR"):
        found = api.classify(text, rules=LAIZI, wild="5")
        assert all(m.reading[13] == 0 and m.reading[14] == 0 for m in found), found
    assert api.classify("5B", rules=LAIZI, wild="5") == []
    assert api.classify("5R", rules=LAIZI, wild="5") == []
    assert [m.type for m in api.classify("BR", rules=LAIZI, wild="5")] == ["rocket"]
    # 55B: a trio (two wilds and a joker cannot be three of a rank) no; 55 + B is no trio + solo
    # either (it needs 4 cards): nothing.
    assert api.classify("55B", rules=LAIZI, wild="5") == []
    # 555B: trio + solo of every rank 3..2 with the joker as kicker (13), no bomb (B is no 5).
    found = api.classify("555B", rules=LAIZI, wild="5")
    assert Counter(m.type for m in found) == {"trio_solo": 13}


# --- the word, the notation --------------------------------------------------------------------

def _sample_moves(rng: random.Random, rules, wild, hands: int, size: int) -> list:
    deck = [r for r, c in enumerate(deck_counts(1)) for _ in range(c)]
    moves = []
    for _ in range(hands):
        counts = [0] * 15
        for rank in rng.sample(deck, size):
            counts[rank] += 1
        moves.extend(reference_laizi.legal_moves(counts, rules=rules, wild=wild))
    return moves


def test_words_round_trip_and_are_unique():
    rng = random.Random(12)
    for rules, wild in ((LAIZI, "5"), (TIANDI, "2A")):
        moves = _sample_moves(rng, rules, wild, sample_size(8, minimum=4), 12)
        assert len({m.word for m in moves}) == len(set(moves))
        for move in moves[::17]:
            assert Move.from_word(move.word) == move
            # The plain word exactly when the cards make this move without wild cards (the
            # plain reference under its widest rules says so) and it is no soft or laizi bomb.
            plain = any(identity(m) == identity(move) for m in
                        ddz_fast.reference.moves.classify(move.counts, rules=WIDEST_RULES))
            plain = plain and move.bomb_class not in ("soft", "laizi")
            assert bitboard.is_laizi(move.word) == (not plain), move


def test_bad_laizi_words_are_refused():
    bomb = one(ddz_fast.reference.moves, "3335", "bomb", 0)
    for bad in (bomb.word ^ (1 << 64),            # reads 5 cards as 3 from 4 real cards
                bomb.word ^ (3 << 124),           # class 2: a hard bomb with a wild in it
                bomb.word + 1,                    # a fourth natural 3: 5 cards read as 4
                (1 << 126) | (3 << 64)):          # no type, no cards
        with pytest.raises(ValueError, match="no reading of its cards"):
            Move.from_word(bad)


def test_notation_writes_the_reading_and_reads_it_back():
    soft, laizi = ("3335=3333", "bomb", 0), ("5555=5555", "bomb", FIVE)
    for text, kind, key in (soft, laizi, ("5555=KKKK", "bomb", 10), ("5555=555", "trio_solo",
                                                                     FIVE)):
        move = parse_move(text, LAIZI, "5")
        assert (move.type, move.key) == (kind, key)
        assert format_move(move, LAIZI, "5") == text
    assert parse_move("5555=5555", LAIZI, "5").bomb_class == "laizi"
    # str() writes a laizi word's reading whatever the context; a plain word is its cards.
    assert str(parse_move("3335=3333", LAIZI, "5")) == "3335=3333"
    assert str(parse_move("3335=333", LAIZI, "5")) == "3335"
    # 5555 as a trio of 5s with a 5 kicker is no move without wild cards (a kicker of the
    # main rank): a laizi word, written with its reading.
    assert str(parse_move("5555=555", LAIZI, "5")) == "5555=555"
    assert repr(parse_move("3335=3333", LAIZI, "5")) == \
        "Move('bomb', key=0, length=1, cards='3335', reading='3333', bomb_class='soft')"
    assert parse_move("3335:bomb", LAIZI, "5") == parse_move("3335=3333", LAIZI, "5")
    # One reading only: the cards alone; a reading of 12 cards of a rank.
    assert format_move(parse_move("34679", LAIZI, "9"), LAIZI, "9") == "34679"
    assert len(readings("333355557777=333333333333", TIANDI, "57")) == 1
    with pytest.raises(ValueError, match="ambiguous"):
        parse_move("3335", LAIZI, "5")
    with pytest.raises(ValueError, match="13 cards of rank 3"):
        parse_move("3335=3333333333333", LAIZI, "5")
    with pytest.raises(ValueError, match="not a move"):
        parse_move("3335=4444", LAIZI, "5")


def test_notation_round_trips_every_move_of_random_hands():
    rng = random.Random(5)
    for rules, wild in ((LAIZI, "7"), (TIANDI, "37")):
        for move in _sample_moves(rng, rules, wild, sample_size(10, minimum=3), 10):
            assert parse_move(format_move(move, rules, wild), rules, wild) == move


# --- counts against the brute force -----------------------------------------------------------

def test_the_brute_force_reproduces_the_rule_books_counts_without_wild_cards():
    # docs/RULES.md, "Presets": the distinct moves of standard and douzero.
    assert len(brute.moves(brute.option_dict(Rules()), ())) == 13_550
    assert len(brute.moves(brute.option_dict(Rules.preset("douzero")), ())) == 30_383


@lru_cache(maxsize=None)
def _space_counts(rules, wild) -> dict:
    """reference_laizi.action_space_counts (a second or more), once per rules and wild ranks
    for the tests that read it (none changes the dict)."""
    return reference_laizi.action_space_counts(rules, wild)


def test_small_types_counted_by_hand():
    counts = _space_counts(LAIZI, "5")
    # Pairs with 5 wild: a pair of a rank r that is not wild is rr, r + a wild or two wilds
    # (3 each, 12 ranks); of 5 only 55: 12 * 3 + 1 = 37. Trios: 3 - a wilds with a = 0..3
    # natural cards (4 each, 12 ranks) + 555: 49. Bombs of a rank that is not wild: a
    # natural cards (0..4) and w wilds (0..4) with a + w >= 4: 1 + 2 + 3 + 4 + 5 = 15 each,
    # 12 ranks; of 5, 5555 only: 181. Solos: 15 cards. The rocket: 1.
    assert (counts["solo"], counts["pair"], counts["trio"], counts["bomb"], counts["rocket"]) \
        == (15, 37, 49, 181, 1)
    counts = _space_counts(TIANDI, "57")
    # Two wild ranks 5 and 7: a pair of another rank is rr, r5, r7, 55, 57, 77 (6 each, 11
    # ranks); of 5 or 7: 55, 57, 77 (3 each): 66 + 6 = 72. A trio of another rank: a = 3
    # natural (1 way), 2 + one wild (2), 1 + two wilds (55 57 77: 3), three wilds (555 557
    # 577 777: 4): 10 each, 110; of 5 or 7: the 4 all-wild trios each: 118.
    assert (counts["pair"], counts["trio"]) == (72, 118)


FAST_KINDS = ("solo", "pair", "trio", "trio_solo", "trio_pair", "chain", "pair_chain",
              "airplane", "four_two_solo", "four_two_pair", "bomb", "rocket")


@pytest.mark.parametrize("preset, wild", [
    ("laizi", (0,)), ("laizi", (12,)), ("tiandi_laizi", (2, 4)), ("tiandi_laizi", (0, 11)),
])
def test_action_space_counts_of_the_types_without_wings(preset, wild):
    rules = Rules.preset(preset)
    expected = Counter(m[0] for m in brute.moves(brute.option_dict(rules), wild,
                                                 kinds=FAST_KINDS))
    counts = reference_laizi.action_space_counts(rules, wild)
    assert {kind: counts[kind] for kind in FAST_KINDS} == dict(expected)


@pytest.mark.parametrize("options", [{}, {"solo_wing_max_copies": 3,
                                          "trio_wing_next_to_chain": False,
                                          "rocket_in_kickers": False,
                                          "four_two_solo_max_copies": 2}])
def test_action_space_counts_of_short_airplanes_with_wings(options):
    # Airplanes with wings of 2 trios (8 and 10 cards), and of 3 trios with solo wings (12,
    # where rlcard's wings may be a trio, next to the chain or not) with one wild rank (J),
    # against the brute force limited to those sizes, under the options of standard and
    # rlcard; with two wild ranks (5 and Q), up to 10 cards.
    for laizi, wild, max_cards in ((1, (8,), 12), (2, (2, 9), 10)):
        rules = Rules(laizi=laizi, **options)
        found = Counter((m[0], m[2]) for m in brute.moves(
            brute.option_dict(rules), wild, max_cards, kinds=("airplane_solo",
                                                              "airplane_pair")))
        counts = reference_laizi.count_moves(deck_counts(1), rules=rules, wild=wild)
        for (kind, length), expected in found.items():
            assert counts[kind, length] == expected, (kind, length)
        assert ("airplane_solo", 2) in found and ("airplane_pair", 2) in found


@lru_cache(maxsize=None)
def _full_brute_force(preset: str, wild: tuple) -> frozenset:
    found = brute.moves(brute.option_dict(Rules.preset(preset)), wild)
    with brute.gc_paused():
        return frozenset(found)


def test_the_laizi_action_space_size_with_5_wild():
    # 573,980: the brute force's count (the slow test below lists it), reported without
    # listing the moves.
    assert reference_laizi.action_space_size(LAIZI, "5") == 573_980


@slow_in_python
def test_the_laizi_action_space_is_the_brute_force():
    # The whole action space of the laizi preset with 5 wild: the brute force lists 573,980
    # moves (2 to 3 s); the library lists the same moves (a second or two) and counts them
    # type by type without listing them. Its ids are indices into the list; the canonical
    # order is checked on samples here and on every hand's moves below.
    brute_force = _full_brute_force(LAIZI, (FIVE,))
    assert len(brute_force) == 573_980
    assert _space_counts(LAIZI, "5") == dict(Counter(m[0] for m in brute_force))
    space = ddz_fast.action_space(LAIZI, "5")
    with brute.gc_paused():
        assert {identity(m) for m in space} == brute_force
    assert all(_independent_order(a) < _independent_order(b)
               for a, b in zip(space[::101], space[1::101]))
    for index in range(0, len(space), 997):
        move = space[index]
        assert ddz_fast.action_id(move, LAIZI, "5") == index
        assert ddz_fast.action_move(index, LAIZI, "5") == move


def _independent_order(move: Move) -> tuple:
    return _identity_order(identity(move))


def _identity_order(ident: tuple) -> tuple:
    """The canonical order as documented: type, length, number of cards, key, real cards low
    to high."""
    kind, key, length, counts = ident
    order = ("solo", "pair", "trio", "trio_solo", "trio_pair", "chain", "pair_chain",
             "airplane", "airplane_solo", "airplane_pair", "four_two_solo", "four_two_pair",
             "bomb", "rocket")
    return (order.index(kind), length, sum(counts), key,
            tuple(r for r, c in enumerate(counts) for _ in range(c)))


# --- the reference generator against the brute force on random hands -------------------------

class _Space:
    """A brute-force action space as arrays, to filter it by containment in a hand."""

    def __init__(self, moves) -> None:
        # The moves sorted as tuples (type, key, length, counts), for a draw that does not
        # depend on the set's order: numpy's lexsort on the columns, last key first, gives
        # that order as sorted() would, several times faster.
        with brute.gc_paused():
            moves = list(moves)
            counts = np.frombuffer(b"".join(bytes(m[3]) for m in moves), dtype=np.int8
                                   ).reshape(len(moves), NUM_RANKS)
            code = {kind: i for i, kind in enumerate(sorted({m[0] for m in moves}))}
            kinds = np.array([code[m[0]] for m in moves], dtype=np.int64)
            keys = np.array([m[1] for m in moves], dtype=np.int64)
            lengths = np.array([m[2] for m in moves], dtype=np.int64)
            order = np.lexsort(tuple(counts[:, r] for r in reversed(range(NUM_RANKS)))
                               + (lengths, keys, kinds))
            self.moves = [moves[i] for i in order.tolist()]
            self.counts = counts[order]

    def contained(self, hand) -> list:
        fits = np.all(self.counts <= np.array(hand, dtype=np.int8), axis=1)
        return [self.moves[i] for i in np.flatnonzero(fits)]


@lru_cache(maxsize=None)
def _space(preset: str, wild: tuple, max_cards: int) -> _Space:
    if max_cards == 20:
        return _Space(_full_brute_force(preset, wild))
    return _Space(brute.moves(brute.option_dict(Rules.preset(preset)), wild, max_cards))


def _check_hand(api, space: _Space, hand, rules, wild, max_cards, rng) -> None:
    contained = space.contained(hand)
    lead = [m for m in api.legal_moves(hand, rules=rules, wild=wild) if len(m) <= max_cards]
    assert [identity(m) for m in lead] == sorted(contained, key=_identity_order)
    assert all(m.bomb_class == brute.bomb_class(identity(m), wild) for m in lead)
    # Answering: a move of the hand's own moves, and a random move of the action space.
    prevs = [rng.choice(contained), rng.choice(space.moves)]
    for prev_identity in prevs:
        prev = next(m for m in api.classify(prev_identity[3], rules=rules, wild=wild)
                    if identity(m) == prev_identity)
        answers = [m for m in api.legal_moves(hand, prev, rules=rules, wild=wild)
                   if len(m) <= max_cards]
        expected = [m for m in contained if brute.beats(m, prev_identity, wild)]
        assert [identity(m) for m in answers] == sorted(expected, key=_identity_order), \
            (hand, prev)


def _filtered(preset: str, wild: tuple, max_cards: int, default: int, full: int) -> list:
    """Like support.common.sizes: ``default`` hands in the default run, ``full`` marked slow."""
    return [pytest.param(preset, wild, max_cards, default, id=f"{preset}-{max_cards}-{default}"),
            pytest.param(preset, wild, max_cards, full, id=f"{preset}-{max_cards}-{full}",
                         marks=pytest.mark.slow)]


@pytest.mark.parametrize("preset, wild, max_cards, hands",
                         _filtered("laizi", (FIVE,), 10, 75, 150)
                         + _filtered("tiandi_laizi", (FIVE, SEVEN), 8, 30, 60))
def test_legal_moves_equal_the_brute_force_filtered_by_the_hand(preset, wild, max_cards,
                                                                hands):
    # Moves of up to max_cards cards (the brute force lists those in under a second); the
    # test below compares every move with one wild rank, in the native run. The public API
    # (the reference under DDZ_FAST_IMPLEMENTATION=python, the core's hand-over otherwise).
    # 75 and 30 hands in the default run, 150 and 60 in the slow step.
    rng = random.Random(sum(wild) * 1000 + max_cards)
    space = _space(preset, wild, max_cards)
    for _ in range(sample_size(hands, minimum=8)):
        hand = wild_rich_hand(rng, wild, rng.randint(4, 14))
        _check_hand(ddz_fast, space, hand, preset, wild, max_cards, rng)


@slow_in_python
def test_every_move_of_random_hands_equals_the_brute_force():
    rng = random.Random(2026)
    space = _space(LAIZI, (FIVE,), 20)
    for _ in range(8):
        hand = wild_rich_hand(rng, (FIVE,), rng.choice((17, 20)))
        _check_hand(ddz_fast, space, hand, LAIZI, (FIVE,), 20, rng)


@pytest.mark.parametrize("hands", sizes(6, 12))
def test_count_moves_counts_what_legal_moves_lists(hands):
    rng = random.Random(9)
    for preset, wild in ((LAIZI, (SEVEN,)), (TIANDI, (0, 12))):
        for _ in range(sample_size(hands, minimum=4)):
            hand = wild_rich_hand(rng, wild, rng.randint(10, 17))
            counts = reference_laizi.count_moves(hand, rules=preset, wild=wild)
            moves = reference_laizi.legal_moves(hand, rules=preset, wild=wild)
            assert sum(counts.values()) == len(moves)
            assert Counter((m.type, m.length) for m in moves) == \
                +Counter({key: n for key, n in counts.items()})


def test_classify_lists_the_moves_of_a_hand_that_play_every_card(api):
    # classify builds the readings of exactly its cards; legal_moves lists every move of the
    # hand, among which those that play all of it are the same readings.
    rng = random.Random(31)
    for preset, wild in ((LAIZI, (SEVEN,)), (TIANDI, (FIVE, 12))):
        for _ in range(sample_size(60, minimum=6)):
            hand = wild_rich_hand(rng, wild, rng.randint(1, 9))
            everything = [m for m in reference_laizi.legal_moves(hand, rules=preset, wild=wild)
                          if list(m.counts) == hand]
            assert api.classify(hand, rules=preset, wild=wild) == everything


# --- the plain path and hostile input ----------------------------------------------------------

def test_the_plain_path_is_unchanged_with_wild_none(api):
    hand = "33344455567789TJQKA2BR"[:20]
    plain = api.legal_moves(hand)
    assert api.legal_moves(hand, rules="standard", wild=None) == plain
    assert api.classify("3335", wild=None) == api.classify("3335")
    assert all(not bitboard.is_laizi(m.word) for m in plain)
    assert all(m.bomb_class == ("hard" if m.type == "bomb" else None) for m in plain)
    assert Rules.preset(LAIZI).name == LAIZI and Rules.preset(TIANDI).name == TIANDI


def test_a_laizi_move_is_no_move_without_wild_cards(api):
    soft = one(api, "3335", "bomb", 0)
    with pytest.raises(ValueError, match="not a legal move under"):
        api.legal_moves("2222", soft)
    with pytest.raises(ValueError, match="not a legal move under"):
        api.beats(soft, Move("pair", 0, 1, cards("33")))
    assert soft in ddz_fast.Hand("33355") and soft not in ddz_fast.Hand("3336")


@pytest.mark.parametrize("word", [
    1 << 126, (1 << 127) - 1,
    (1 << 126) | (1 << 64) | (TYPE_CODES["solo"] << 60) | 0x9,
    (1 << 126) | (2 << 124) | (4 << 64) | (TYPE_CODES["bomb"] << 60) | 0xC])
def test_hostile_laizi_words_are_refused(word):
    # No cards; every nibble full; a solo 3 read as a 3 with a reading in a laizi word (a plain
    # move's word is its plain one); a hard bomb of four natural 3s in a laizi word.
    with pytest.raises(ValueError, match="no reading of its cards"):
        Move.from_word(word)
