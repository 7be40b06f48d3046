"""Card notation, hands and moves: parsing, validation, immutability, order."""
from __future__ import annotations

import pytest

from ddz_fast import Hand, Move, format_cards, parse_cards
from ddz_fast.bitboard import contains, pack


def counts_of(**by_letter: int) -> tuple:
    letters = "3456789TJQKA2BR"
    return tuple(by_letter.get(f"r{letter}", 0) for letter in letters)


@pytest.mark.parametrize("text", ["33344455BR", "3 3 3 4 4 4 5 5 b r", "3s 3h 3d 4s 4h 4c 5d 5c Bj Rj",
                                  "BR55444333"])
def test_notations_agree(text):
    assert parse_cards(text) == (3, 3, 2) + (0,) * 10 + (1, 1)


def test_ten_and_t_are_the_same_rank():
    assert parse_cards("10 10 t T") == parse_cards("TTTT")
    assert parse_cards("10h") == parse_cards("T")


def test_uppercase_bj_is_black_joker_and_jack():
    # "Bj" is a suited joker; "BJ" is plain notation: black joker + jack.
    assert parse_cards("Bj") == parse_cards("B")
    assert parse_cards("BJ") == parse_cards("B J")


def test_format_is_canonical_low_to_high():
    assert format_cards(parse_cards("R2A3B")) == "3A2BR"
    assert str(Hand("R 2 A 3 B")) == "3A2BR"


@pytest.mark.parametrize("text, fragment", [
    ("33X", "'X'"),            # unknown letter named
    ("77777", "rank 7"),       # five 7s
    ("RR", "red joker"),       # two red jokers
    ("BB", "black joker"),
    ("22222", "rank 2"),
])
def test_bad_card_text_names_the_problem(text, fragment):
    with pytest.raises(ValueError, match=fragment):
        Hand(text)


@pytest.mark.parametrize("text, decks, deck", [
    ("BR" * 1_000_000, 1, 54),       # one token of two million letters
    ("3 " * 60, 1, 54),              # sixty tokens
    ("3s 3h 3d 3c " * 14, 1, 54),    # 56 suited cards
    ("3" * 109, 2, 108),
])
def test_text_of_more_cards_than_the_decks_is_refused_without_reading_it_all(text, decks,
                                                                           deck):
    with pytest.raises(ValueError, match=f"more than {deck} cards"):
        parse_cards(text, decks)


def test_a_full_deck_of_text_still_reads():
    assert parse_cards("3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR") == \
        (4,) * 13 + (1, 1)
    assert parse_cards("3" * 8 + " 44", 2)[:2] == (8, 2)


@pytest.mark.parametrize("cards, error", [
    (42, TypeError), (None, TypeError), ([1] * 14, ValueError), ([5] + [0] * 14, ValueError),
    ([-1] + [0] * 14, ValueError), ([0.5] + [0] * 14, TypeError), ([True] + [0] * 14, TypeError),
])
def test_bad_counts(cards, error):
    with pytest.raises(error):
        Hand(cards)


def test_hand_is_immutable_hashable_and_counts():
    hand = Hand("33344455BR")
    assert hand == Hand(hand.counts) == Hand(hand)
    assert len({hand, Hand("BR33344455")}) == 1
    assert len(hand) == 10
    assert hand.counts[0] == 3 and hand.counts[14] == 1
    with pytest.raises(AttributeError):
        hand.counts = (0,) * 15
    assert Hand.from_bitboard(hand.bitboard) == hand


def test_bitboard_containment_is_one_subtraction():
    hand = pack(parse_cards("33344455"))
    assert contains(hand, pack(parse_cards("333")))
    assert contains(hand, pack(parse_cards("33344455")))
    assert not contains(hand, pack(parse_cards("3333")))
    assert not contains(hand, pack(parse_cards("6")))


def test_hand_minus_move():
    hand = Hand("33344455BR")
    rocket = Move("rocket", 13, 1, parse_cards("BR"))
    assert str(hand - rocket) == "33344455"
    with pytest.raises(ValueError, match="does not hold"):
        Hand("3") - rocket


def test_move_constructor_validates_shape():
    assert Move("trio_solo", 0, 1, parse_cards("333B")).cards == "333B"
    with pytest.raises(ValueError, match="not a trio_solo"):
        Move("trio_solo", 1, 1, parse_cards("333B"))
    with pytest.raises(ValueError, match="unknown move type"):
        Move("straight", 0, 5, parse_cards("34567"))
    with pytest.raises(TypeError):
        Move("solo", "3", 1, parse_cards("3"))


def test_move_words_round_trip_and_keep_ambiguous_moves_apart():
    a = Move("airplane_solo", 0, 3, parse_cards("333444555666"))
    b = Move("airplane_solo", 1, 3, parse_cards("333444555666"))
    assert a != b and a.counts == b.counts
    assert Move.from_word(a.word) == a and Move.from_word(b.word) == b
    assert Move.from_word(0) is not None and Move.from_word(0) == Move.PASS
    with pytest.raises(ValueError):
        Move.from_word(a.word | (0xF << 60))  # type code 15 is unknown
    with pytest.raises(ValueError):
        Move.from_word(a.word ^ (4 << 60))  # a bomb's type on airplane cards


def test_move_order_is_type_then_length_then_key_then_cards():
    solo3 = Move("solo", 0, 1, parse_cards("3"))
    solo4 = Move("solo", 1, 1, parse_cards("4"))
    pair3 = Move("pair", 0, 1, parse_cards("33"))
    t1 = Move("trio_solo", 1, 1, parse_cards("3444"))
    t2 = Move("trio_solo", 1, 1, parse_cards("4445"))
    assert sorted([pair3, t2, solo4, t1, solo3]) == [solo3, solo4, pair3, t1, t2]
    assert str(Move.PASS) == "pass" and len(Move.PASS) == 0
