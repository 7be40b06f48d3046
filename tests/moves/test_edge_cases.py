"""The edge cases of docs/RULES.md, each with its expected answer under every preset.

Expected answers are written out by hand from the rule book: (type, key rank, chain length).
"""
from __future__ import annotations

import pytest

from ddz_fast import Hand, Move, parse_cards

ALL = ("standard", "rlcard", "openspiel", "douzero", "botzone")
R = {letter: i for i, letter in enumerate("3456789TJQKA2BR")}


def only(*presets, moves):
    """Expected classification: ``moves`` under ``presets``, nothing under the others."""
    return {p: (set(moves) if p in presets else set()) for p in ALL}


CLASSIFY_CASES = {
    "333B": only(*ALL, moves=[("trio_solo", R["3"], 1)]),
    "KKKAAA": only(*ALL, moves=[("airplane", R["K"], 2)]),
    "AAA222": only(moves=[]),                         # 2 is no chain rank
    "TJQKA2": only(moves=[]),
    "3456789TJQKA": only(*ALL, moves=[("chain", R["3"], 12)]),
    "33445566778899TTJJQQ": only(*ALL, moves=[("pair_chain", R["3"], 10)]),
    "333444555666777888": only(*ALL, moves=[("airplane", R["3"], 6)]),
    "33344455566677789TJQ": only(*ALL, moves=[("airplane_solo", R["3"], 5)]),
    "33344455566677889 9TT": only(*ALL, moves=[("airplane_pair", R["3"], 4)]),
    # Wings 5 and 5 repeat a rank: only where solo wings may repeat.
    "33344455": only("rlcard", "openspiel", "douzero", moves=[("airplane_solo", R["3"], 2)]),
    # Both jokers as wings: only with rocket_in_kickers.
    "333444BR": only("standard", "douzero", "botzone", moves=[("airplane_solo", R["3"], 2)]),
    "33334445": only(moves=[]),                       # wing 3 is a chain rank
    # 777 is a wing trio just above the chain 3..6, 333 one just below 4..7: only where wings
    # repeat three times and may sit next to the chain.
    "3334445556667779": only("openspiel", "douzero",
                             moves=[("airplane_solo", R["3"], 4), ("airplane_solo", R["4"], 4)]),
    "3334445555": only(moves=[]),                     # the two pair wings must differ
    "333355": only("rlcard", "douzero", moves=[("four_two_solo", R["3"], 1)]),
    "3333BR": only("standard", "douzero", "botzone", moves=[("four_two_solo", R["3"], 1)]),
    "33335566": only("standard", "rlcard", "douzero", "botzone",
                     moves=[("four_two_pair", R["3"], 1)]),
    "33335555": only(moves=[]),                       # two pairs of one rank are not two pairs
    "BR": only(*ALL, moves=[("rocket", R["B"], 1)]),
    "3333": only(*ALL, moves=[("bomb", R["3"], 1)]),
    # Space shuttles (botzone only): 2..5 bombs of consecutive ranks 3..A, alone, with 2n solos
    # of distinct other ranks (n = 2..3) or with 2n pairs of distinct other ranks (n = 2).
    "33334444": only("botzone", moves=[("space_shuttle", R["3"], 2)]),
    "KKKKAAAA": only("botzone", moves=[("space_shuttle", R["K"], 2)]),
    "AAAA2222": only(moves=[]),                       # 2 is no chain rank
    "33335555": only(moves=[]),                       # and the bombs must be consecutive
    "333344445555": only("botzone", moves=[("space_shuttle", R["3"], 3)]),
    "33334444555566667777": only("botzone", moves=[("space_shuttle", R["3"], 5)]),
    # Four bombs alone, never two bombs with the pairs 55 55 66 66 (not distinct ranks).
    "3333444455556666": only("botzone", moves=[("space_shuttle", R["3"], 4)]),
    "333344445678": only("botzone", moves=[("space_shuttle", R["3"], 2)]),
    "33334444562B": only("botzone", moves=[("space_shuttle", R["3"], 2)]),
    "33334444BR56": only("botzone", moves=[("space_shuttle", R["3"], 2)]),
    "3333444455556789TJ": only("botzone", moves=[("space_shuttle", R["3"], 3)]),
    "3333444456": only(moves=[]),                     # 2 bombs take 4 solos, not 2
    "333344445566": only(moves=[]),                   # 4 solos of 2 ranks are not distinct
    "3333444455667788": only("botzone", moves=[("space_shuttle", R["3"], 2)]),
    "333344445566KK22": only("botzone", moves=[("space_shuttle", R["3"], 2)]),
    "33334444556677": only(moves=[]),                 # 3 pairs: 2 bombs take 4
    # 3 bombs take 6 solos at most 5..R: 18 cards; with pairs only 2 bombs fly.
    "333344445555667788991010": only(moves=[]),
}


@pytest.mark.parametrize("cards", list(CLASSIFY_CASES))
def test_classify(api, preset, cards):
    got = {(m.type, m.key, m.length) for m in api.classify(cards, rules=preset)}
    assert got == CLASSIFY_CASES[cards][preset]


def test_333444555666_is_an_airplane_and_where_wings_repeat_two_more(api, preset):
    got = {(m.type, m.key, m.length) for m in api.classify("333444555666", rules=preset)}
    expected = {("airplane", R["3"], 4)}
    if preset in ("openspiel", "douzero"):
        expected |= {("airplane_solo", R["3"], 3), ("airplane_solo", R["4"], 3)}
    assert got == expected


@pytest.mark.parametrize("hand, part, move", [
    ("33334567", "34567", ("chain", R["3"], 5)),
    ("33334455", "334455", ("pair_chain", R["3"], 3)),
    ("3333444", "333444", ("airplane", R["3"], 2)),
])
def test_a_four_of_a_kind_still_starts_chains(api, preset, hand, part, move):
    found = [m for m in api.legal_moves(hand, rules=preset) if m.cards == part]
    assert [(m.type, m.key, m.length) for m in found] == [move]


def one(api, cards, kind, preset="standard"):
    (move,) = [m for m in api.classify(cards, rules=preset) if m.type == kind]
    return move


def test_rocket_beats_bomb_never_the_reverse(api, preset):
    rocket, bomb = one(api, "BR", "rocket"), one(api, "3333", "bomb")
    assert api.beats(rocket, bomb, rules=preset)
    assert not api.beats(bomb, rocket, rules=preset)
    assert api.legal_moves("22223", rocket, rules=preset) == []


def test_kickers_never_matter(api, preset):
    assert api.beats(one(api, "9993", "trio_solo"), one(api, "666T", "trio_solo"), rules=preset)
    assert not api.beats(one(api, "666T", "trio_solo"), one(api, "9993", "trio_solo"),
                         rules=preset)


def test_a_longer_chain_never_beats_a_shorter_one(api, preset):
    five, six = one(api, "34567", "chain"), one(api, "456789", "chain")
    assert not api.beats(six, five, rules=preset)
    responses = {m.cards for m in api.legal_moves("456789", five, rules=preset)}
    assert responses == {"45678", "56789"}  # the 5-card chains inside 456789, never all six


def test_airplane_with_wings_beats_only_the_same_reading(api, preset):
    bigger = one(api, "777888999TJQ", "airplane_solo")
    for reading in api.classify("333444555666", rules=preset):
        expected = reading.type == "airplane_solo"
        assert api.beats(bigger, reading, rules=preset) is expected


def test_bombs_beat_everything_else_and_each_other(api, preset):
    low, high = one(api, "3333", "bomb"), one(api, "4444", "bomb")
    chain = one(api, "TJQKA", "chain")
    assert api.beats(low, chain, rules=preset) and api.beats(high, low, rules=preset)
    assert not api.beats(low, high, rules=preset)
    four_two = [m for m in api.classify("4444", rules=preset)]
    assert [m.type for m in four_two] == ["bomb"]


def test_four_two_is_no_bomb(api):
    four_two = one(api, "444456", "four_two_solo")
    chain = one(api, "34567", "chain")
    assert not api.beats(four_two, chain)
    assert api.beats(one(api, "3333", "bomb"), four_two)
    assert not api.beats(four_two, one(api, "3333", "bomb"))


def test_pass_is_never_listed_but_beats_nothing(api):
    assert Move.PASS not in api.legal_moves("3")
    assert not api.beats(Move.PASS, one(api, "3", "solo"))
    assert api.legal_moves("3", Move.PASS) == api.legal_moves("3")


def test_each_move_once_even_when_cards_repeat(api, preset):
    moves = api.legal_moves(Hand("333444555666777BR"), rules=preset)
    assert len(moves) == len(set(moves))


@pytest.mark.parametrize("bad, error, fragment", [
    ("33X", ValueError, "'X'"), ("77777", ValueError, "rank 7"), ("RR", ValueError, "red joker"),
    (17, TypeError, "hand"),
])
def test_bad_hands(api, bad, error, fragment):
    with pytest.raises(error, match=fragment):
        api.legal_moves(bad)


@pytest.mark.parametrize("bad, error, fragment", [
    (333, TypeError, "prev must be a Move"), (parse_cards("333"), TypeError, "prev must be"),
    ("33X", ValueError, "prev: unknown rank 'X'"), ("34", ValueError, "prev: '34' is not a move"),
])
def test_bad_prev(api, bad, error, fragment):
    with pytest.raises(error, match=fragment):
        api.legal_moves("444", bad)


def test_prev_illegal_under_the_rules(api):
    wings = one(api, "33344455", "airplane_solo", preset="douzero")
    with pytest.raises(ValueError, match="not a legal move under"):
        api.legal_moves("66677788", wings, rules="standard")
    assert api.legal_moves("66677788", wings, rules="douzero")
