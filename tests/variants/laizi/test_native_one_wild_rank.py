"""The compiled laizi generator (src/include/laizigen.pxd) against the reference, one wild rank.

The reference, :mod:`ddz_fast.reference.laizi`, is the specification: the native ``legal_moves``,
``classify`` and ``beats`` with ``wild=`` must return its moves (every field, and the word's type,
a plain int or a LaiziWord) in its canonical order, and raise its errors. The random runs are in
:mod:`support.laizi_samples` (20,000 hands here, 20,000 with two wild ranks in
``tests/variants/laizi/test_native_two_wild_ranks.py``); the edge cases below carry their counts
derived by hand.

Rank indices: 3=0 4=1 5=2 6=3 7=4 8=5 9=6 T=7 J=8 Q=9 K=10 A=11 2=12 B=13 R=14.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from ddz_fast import Move
from ddz_fast import bitboard
from ddz_fast.reference import laizi as reference_laizi
from ddz_fast.cards import parse_cards

from support import laizi_samples
from support.common import CUSTOM_RULES, native
from support.laizi_samples import DENSE, UNIFORM, WILD_RICH, fields

pytestmark = pytest.mark.native  # the compiled laizi generator

LAIZI, TIANDI = "laizi", "tiandi_laizi"
FIVE = 2
SEED = 20_261_201


def same_moves(name: str, *args, **kwargs) -> list:
    """Native and reference ``name`` with the same arguments: equal in every field."""
    found = getattr(native, name)(*args, **kwargs)
    assert fields(found) == fields(getattr(reference_laizi, name)(*args, **kwargs)), \
        (name, args, kwargs)
    return found


def test_an_empty_hand_has_no_moves_and_no_readings():
    assert same_moves("legal_moves", "", rules=LAIZI, wild="5") == []
    assert same_moves("classify", "", rules=TIANDI, wild="57") == []


def test_a_hand_of_only_wilds():
    # 5555 with 5 wild: the solo 5 (a wild alone is its own rank); a pair, a trio and a bomb
    # of wilds read as any rank 3..2 (13 each); a trio + solo of wilds read as any rank, the
    # fourth wild its kicker (13). Nothing else fits four cards of one rank. 1 + 4 x 13 = 53.
    lead = same_moves("legal_moves", "5555", rules=LAIZI, wild="5")
    assert len(lead) == 53
    assert Counter(m.type for m in lead) == {"solo": 1, "pair": 13, "trio": 13,
                                             "trio_solo": 13, "bomb": 13}
    # Of the bombs, 5555 read as 5 is the laizi bomb, the twelve others soft.
    assert Counter(m.bomb_class for m in lead if m.type == "bomb") == {"laizi": 1, "soft": 12}


def test_jokers_with_wilds():
    # BR555 with 5 wild: solos B, R, 5 (3); pairs and trios of wilds of any rank 3..2 (13 +
    # 13); a trio of the three wilds + B or R as kicker (2 x 13; the wilds are all in the
    # trio); the rocket (1). No pair, trio or bomb reads a joker, and no chain holds one.
    # 3 + 26 + 26 + 1 = 56.
    lead = same_moves("legal_moves", "BR555", rules=LAIZI, wild="5")
    assert len(lead) == 56
    assert Counter(m.type for m in lead) == {"solo": 3, "pair": 13, "trio": 13,
                                             "trio_solo": 26, "rocket": 1}
    assert all(not m.reading[13] and not m.reading[14] for m in lead
               if m.type not in ("solo", "rocket"))


def test_twelve_card_bombs_with_two_wild_ranks():
    # 3333 5555 7777 with 5 and 7 wild: 12 cards read as one rank need four natural cards and
    # the eight wilds, and only the 3s are natural: one 12-card bomb, soft (it is no four
    # natural cards alone). 11 cards: 3333 + 7 of the 8 wilds (5555777 or 5557777) or 333 +
    # the 8 wilds: three bombs.
    hand = "333355557777"
    lead = same_moves("legal_moves", hand, rules=TIANDI, wild="57")
    bombs = [m for m in lead if m.type == "bomb"]
    assert [(m.key, m.bomb_class) for m in bombs if len(m) == 12] == [(0, "soft")]
    assert sum(1 for m in bombs if len(m) == 11) == 3
    twelve = [m for m in bombs if len(m) == 12][0]
    assert twelve.reading == (12,) + (0,) * 14 and twelve.counts == parse_cards(hand)
    assert same_moves("classify", hand, rules=TIANDI, wild="57")[-1] == twelve
    # Only the rocket beats it; it beats every 11-card bomb.
    assert [m.type for m in same_moves("legal_moves", "BR3333", twelve, rules=TIANDI,
                                       wild="57")] == ["rocket"]
    eleven = [m for m in bombs if len(m) == 11]
    assert all(native.beats(twelve, m, rules=TIANDI, wild="57") for m in eleven)
    assert not any(native.beats(m, twelve, rules=TIANDI, wild="57") for m in eleven)


def test_a_pass_to_beat_is_a_lead():
    assert fields(native.legal_moves("3345", Move.PASS, rules=LAIZI, wild="5")) == \
        fields(reference_laizi.legal_moves("3345", rules=LAIZI, wild="5"))


def _pair_of_twos_read_from_fives() -> Move:
    return [m for m in reference_laizi.classify("55", rules=LAIZI, wild="5") if m.key == 12][0]


def _errors() -> list:
    two_deck_bomb = Move("bomb", 0, 1, (5,) + (0,) * 14)
    pair = _pair_of_twos_read_from_fives()
    return [
        ("legal_moves", ("33",), dict(rules=LAIZI)),                    # no wild ranks named
        ("legal_moves", ("33",), dict(rules="standard", wild="5")),     # no wild cards played
        ("legal_moves", ("33",), dict(rules=LAIZI, wild="B")),          # a joker
        ("legal_moves", ("33",), dict(rules=LAIZI, wild=13)),
        ("legal_moves", ("33",), dict(rules=LAIZI, wild=1.5)),
        ("legal_moves", ("33",), dict(rules=LAIZI, wild="57")),         # one too many
        ("legal_moves", ("33",), dict(rules=TIANDI, wild="55")),        # twice the same
        ("legal_moves", ("33",), dict(rules="no such preset", wild="5")),
        ("legal_moves", ("33333",), dict(rules=LAIZI, wild="5")),       # beyond one deck
        ("legal_moves", ("33", 33), dict(rules=LAIZI, wild="5")),       # prev no Move
        ("legal_moves", ("33", "3X"), dict(rules=LAIZI, wild="5")),     # nor a move's text
        ("legal_moves", ("33", "3335"), dict(rules=LAIZI, wild="5")),   # of several moves
        ("legal_moves", ("22", pair), dict(rules=LAIZI, wild="7")),     # read under other wilds
        ("legal_moves", ("33", two_deck_bomb), dict(rules=LAIZI, wild="5")),
        ("classify", ("3B3B",), dict(rules=LAIZI, wild="5")),
        ("classify", ("33",), dict(rules=TIANDI, wild="5")),
        ("beats", (pair, Move.PASS), dict(rules=LAIZI, wild="5")),      # a pass to beat
        ("beats", ("55", pair), dict(rules=LAIZI, wild="5")),           # move no Move
        ("beats", (pair, pair), dict(rules=LAIZI, wild="7")),
        ("beats", (two_deck_bomb, pair), dict(rules=LAIZI, wild="5")),
    ]


@pytest.mark.parametrize("case", range(len(_errors())))
def test_bad_wild_ranks_hands_and_moves_raise_the_references_errors(case):
    name, args, kwargs = _errors()[case]
    with pytest.raises((TypeError, ValueError)) as expected:
        getattr(reference_laizi, name)(*args, **kwargs)
    with pytest.raises(expected.type) as found:
        getattr(native, name)(*args, **kwargs)
    assert str(found.value) == str(expected.value)


def test_a_pass_beats_nothing_and_plain_words_stay_plain():
    pair = _pair_of_twos_read_from_fives()
    assert native.beats(Move.PASS, pair, rules=LAIZI, wild="5") is False
    assert isinstance(pair.word, bitboard.LaiziWord)
    # 55 read as 5 under 5 wild is the plain pair: the same Move as without wild cards.
    own = [m for m in native.classify("55", rules=LAIZI, wild="5") if m.key == FIVE][0]
    assert type(own.word) is int and own == Move("pair", FIVE, 1, parse_cards("55"))


def test_moves_stay_exact_once_their_table_is_full():
    # The Moves of laizi words are kept in a table of 2^17 slots, filled to 3/4 (98,304
    # Moves); past that they are made on every call. 150 full hands under each of the 13 wild
    # ranks list about 2 million moves, most of them laizi words and most of those distinct
    # (the action space of one wild rank holds about half a million), so the table fills up.
    rng = random.Random(SEED + 1)
    hands = [laizi_samples.deal(rng, (i % 13,), 20, UNIFORM) for i in range(13 * 150)]
    for i, hand in enumerate(hands):
        native.legal_moves(hand, rules=LAIZI, wild=i % 13)
    remade = 0
    for i in rng.sample(range(len(hands)), 20):
        first = native.legal_moves(hands[i], rules=LAIZI, wild=i % 13)
        again = native.legal_moves(hands[i], rules=LAIZI, wild=i % 13)
        remade += sum(1 for a, b in zip(first, again) if a is not b)
        assert fields(first) == fields(again) == \
            fields(reference_laizi.legal_moves(hands[i], rules=LAIZI, wild=i % 13))
    assert remade, "the table of laizi Moves never filled up: the test shows nothing"


#: A smaller plan for the move options beyond the presets: their differences are in the wings
#: and kickers, so more of the hands are large enough for airplanes and four + two.
OPTIONS_PLAN = [(200, 1, 9, UNIFORM), (40, 10, 14, UNIFORM), (10, 17, 20, UNIFORM),
                (40, 6, 12, DENSE), (20, 6, 12, WILD_RICH)]


@pytest.mark.slow
@pytest.mark.parametrize("options", range(len(CUSTOM_RULES)))
def test_move_options_beyond_the_presets_native_equals_the_reference(options):
    # Wings that repeat, trios beside the chain, no rocket among kickers, no four + two: the
    # rule sets of the plain differential tests, with one wild rank and then two.
    for wilds in (1, 2):
        rules = CUSTOM_RULES[options].replace(laizi=wilds)
        laizi_samples.run(SEED + 10 * options + wilds, wilds, OPTIONS_PLAN, rules)


#: 20,000 hands of 1..20 cards: mostly uniform deals of up to 9 cards (the reference lists
#: one in ~0.25 ms, a 17- or 20-card hand in ~20 ms), with full hands, hands holding every
#: wild card and hands of neighbouring ranks.
ONE_WILD_PLAN = [(18_000, 1, 9, UNIFORM), (1_000, 10, 14, UNIFORM), (100, 17, 17, UNIFORM),
                 (100, 20, 20, UNIFORM), (500, 1, 9, WILD_RICH), (200, 1, 9, DENSE),
                 (100, 10, 14, DENSE)]


@pytest.mark.slow
def test_one_wild_rank_native_equals_the_reference_on_20000_hands():
    assert sum(count for count, *_ in ONE_WILD_PLAN) == 20_000
    pools = laizi_samples.run(SEED, 1, ONE_WILD_PLAN)
    missing = [kind for kind in laizi_samples.MUST_ANSWER if not pools.answered[kind]]
    assert not missing, missing
