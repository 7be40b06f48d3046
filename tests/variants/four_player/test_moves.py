"""The moves of two decks, the four-player table (docs/RULES.md, "Four players with two decks").

Expected values come from the rule text: the action-space sizes are counted here with binomial
coefficients, type by type, with the derivation beside each; the hand-made cases say why each
answer is what it is. The native generator of two decks is checked against the reference on
random hands at the end (``beats`` and the action space of two decks are the reference's).
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from support.common import sample_size, sizes
from support.two_deck_cases import per_type_counts
from ddz_fast import Hand, Move, Rules
from ddz_fast import bitboard
from ddz_fast.cards import TWO_DECKS

FOUR = Rules.preset("four_player")


@pytest.mark.parametrize("rules", [FOUR, FOUR.replace(rocket_in_kickers=False)],
                         ids=["four_player", "no_rocket_in_kickers"])
def test_the_action_space_counts_of_two_decks(api, rules):
    space = api.action_space(rules)
    expected = per_type_counts(rules)
    assert dict(Counter(move.type for move in space)) == expected
    assert len(space) == sum(expected.values())
    if rules == FOUR:
        assert len(space) == 20_307     # the sum of the table above, added up by hand
    assert list(space) == sorted(space) and len(set(space)) == len(space)
    for i in (0, len(space) // 3, len(space) - 1):
        assert api.action_move(api.action_id(space[i], rules), rules) == space[i]


def _bomb(cards: str) -> Move:
    hand = Hand(cards, decks=2)
    return Move("bomb", next(iter(hand)), 1, hand.counts)


def test_bombs_compare_by_size_then_rank(api):
    # 333333 has six cards, 22222 five: more cards win, whatever the ranks.
    six, five = _bomb("333333"), _bomb("22222")
    assert api.beats(six, five, rules=FOUR) and not api.beats(five, six, rules=FOUR)
    # Same size: the rank decides; the same bomb does not beat itself.
    assert api.beats(_bomb("44444"), _bomb("33333"), rules=FOUR)
    assert not api.beats(_bomb("44444"), _bomb("44444"), rules=FOUR)
    # Every bomb beats every other move, an 11-trio airplane included.
    airplane = api.classify("333444555666777888999TTTJJJQQQKKK", rules=FOUR)
    assert [m.type for m in airplane] == ["airplane"] and airplane[0].length == 11
    assert api.beats(_bomb("3333"), airplane[0], rules=FOUR)


def test_the_four_joker_rocket_beats_the_eight_card_bomb(api):
    rocket, = api.classify("BBRR", rules=FOUR)
    assert rocket.type == "rocket"
    eight = _bomb("22222222")
    assert api.beats(rocket, eight, rules=FOUR) and not api.beats(eight, rocket, rules=FOUR)
    # The one-deck rocket, a black and a red joker, is no move at this table.
    assert api.classify("BR", rules=FOUR) == []
    one_deck_rocket, = api.classify("BR")
    with pytest.raises(ValueError, match="not a legal move"):
        api.beats(rocket, one_deck_rocket, rules=FOUR)


def test_joker_pairs_rank_above_the_pair_of_twos(api):
    twos, = api.classify("22", rules=FOUR)
    blacks, = api.classify("BB", rules=FOUR)
    reds, = api.classify("RR", rules=FOUR)
    assert (blacks.type, blacks.key, reds.key) == ("pair", 13, 14)
    assert api.beats(blacks, twos, rules=FOUR) and api.beats(reds, blacks, rules=FOUR)
    assert not api.beats(twos, blacks, rules=FOUR)
    # They serve as pair kickers (trio + pair) and as pair wings.
    assert [m.type for m in api.classify("333BB", rules=FOUR)] == ["trio_pair"]
    assert [m.type for m in api.classify("333444BBRR", rules=FOUR)] == ["airplane_pair"]
    # Without rocket_in_kickers no kicker set holds both colours of joker.
    assert api.classify("333444BBRR", rules=FOUR.replace(rocket_in_kickers=False)) == []


def test_main_ranks_take_exactly_their_shape(api):
    # Seven 3s: a trio is three of them, a bomb four to seven; no trio takes a 3 as kicker.
    moves = api.legal_moves(Hand("3333333", decks=2), rules=FOUR)
    assert [str(m) for m in moves] == ["3", "33", "333", "3333", "33333", "333333",
                                      "3333333"]
    assert [m.type for m in api.classify("3333333", rules=FOUR)] == ["bomb"]
    # Four + two needs exactly four of its rank: five 3s and two kickers make nothing.
    assert api.classify("3333345", rules=FOUR) == []
    assert [m.type for m in api.classify("333345", rules=FOUR)] == ["four_two_solo"]


def test_two_deck_hands_and_moves_are_checked_by_the_rules(api):
    with pytest.raises(ValueError, match="5 cards of rank 3: one deck has 4"):
        Hand("33333")
    with pytest.raises(ValueError, match="9 cards of rank 3: two decks have 8"):
        Hand("333333333", decks=2)
    with pytest.raises(ValueError, match="3 cards of rank black joker: two decks have 2"):
        Hand("BBB", decks=2)
    five = Hand("33333", decks=2)
    assert five.decks == 2 and Hand("33", decks=2).decks == 1
    # A one-deck rule set refuses a hand beyond one deck with a ValueError naming the rank.
    for rules in (None, "standard"):
        with pytest.raises(ValueError, match="5 cards of rank 3: one deck has 4"):
            api.legal_moves(five, rules=rules)
        with pytest.raises(ValueError, match="5 cards of rank 3: one deck has 4"):
            api.classify(five, rules=rules)
    with pytest.raises(ValueError, match="not a legal move"):
        api.legal_moves("33", _bomb("33333"))
    with pytest.raises(ValueError, match="not a legal move"):
        api.beats(_bomb("33333"), _bomb("3333"))
    with pytest.raises(ValueError, match="not in the action space"):
        api.action_id(_bomb("33333"), "standard")
    # Beyond one deck only in its kicker: BB is a pair of two decks alone, so 333BB is no move
    # of a one-deck rule set, to beat or to play.
    trio_bb, = api.classify("333BB", rules=FOUR)
    trio_55, = api.classify("33355")
    for call in (lambda: api.legal_moves("33344455", trio_bb),
                 lambda: api.beats(trio_bb, trio_55), lambda: api.beats(trio_55, trio_bb)):
        with pytest.raises(ValueError, match="not a legal move"):
            call()
    with pytest.raises(ValueError, match="not in the action space"):
        api.action_id(trio_bb, "standard")
    # Card text and counts are read against the rule set's decks.
    assert api.legal_moves("33333", rules=FOUR)[-1] == _bomb("33333")
    assert [m.type for m in api.classify((5,) + (0,) * 14, rules=FOUR)] == ["bomb"]


def test_canonical_words_keep_one_deck_moves_as_they_were():
    # The pair of 3s is one move at every table: its one-deck word.
    pair = Move("pair", 0, 1, Hand("33").counts)
    assert pair.word < 1 << 64 and pair.word == bitboard.pack(pair.counts, [0], 2)
    # Cards beyond one deck take the two-deck word, which round-trips like any word.
    for move in (_bomb("33333"), Move("pair", 13, 1, Hand("BB", decks=2).counts),
                 Move("rocket", 13, 1, Hand("BBRR", decks=2).counts)):
        assert move.word >= bitboard.TWO_DECKS_BIT
        assert Move.from_word(move.word) == move
    hand = Hand("33333333BBRR", decks=2)
    assert Hand.from_bitboard(hand.bitboard) == hand and hand.bitboard >= bitboard.TWO_DECKS_BIT
    with pytest.raises(ValueError, match="canonical"):    # the two-deck word of one-deck cards
        Hand.from_bitboard(bitboard.pack_two_decks(Hand("33").counts))
    # A long airplane fits one deck's counts yet exists only with two: Move() knows it.
    airplane = Move("airplane", 0, 7, Hand("333444555666777888999").counts)
    assert airplane.word < 1 << 64
    with pytest.raises(ValueError, match="is not a"):
        Move("airplane", 0, 7, Hand("33344455566677788899").counts)


def _random_hand(rng: random.Random, size: int) -> Hand:
    deck = [rank for rank, copies in enumerate(TWO_DECKS) for _ in range(copies)]
    counts = [0] * 15
    for rank in rng.sample(deck, size):
        counts[rank] += 1
    return Hand(counts, decks=2)


def _beats_by_the_rule_text(move: Move, prev: Move) -> bool:
    """docs/RULES.md: the rocket beats everything; a bomb beats every non-bomb, and a bomb
    with more cards, or as many of a higher rank; otherwise same type, length, higher key."""
    if move.type == "rocket" or prev.type == "rocket":
        return move.type == "rocket" and prev.type != "rocket"
    if move.type == "bomb" or prev.type == "bomb":
        return move.type == "bomb" and (prev.type != "bomb" or
                                        (len(move), move.key) > (len(prev), prev.key))
    return move.type == prev.type and move.length == prev.length and move.key > prev.key


def test_a_hand_plays_exactly_the_moves_of_the_space_it_holds(api):
    # A move is legal from a hand exactly when the hand holds its cards: the moves generated
    # for the hand must be those of the action space (counted above) that it holds, in
    # canonical order, and those that beat a random move to answer, by the rule text.
    rng = random.Random(25)
    space = api.action_space(FOUR)
    for _ in range(sample_size(40, minimum=6)):
        hand = _random_hand(rng, rng.choice((25, 33)))
        held = [m for m in space if m in hand]
        assert list(api.legal_moves(hand, rules=FOUR)) == held
        prev = rng.choice(space)
        answers = [m for m in held if _beats_by_the_rule_text(m, prev)]
        assert list(api.legal_moves(hand, prev, rules=FOUR)) == answers


@pytest.mark.parametrize("count", sizes(30, 60))
def test_batched_calls_at_the_table_of_two_decks(api, count):
    import numpy as np
    from ddz_fast._two_decks_batch import join_words
    rng = random.Random(8)
    hands = [_random_hand(rng, rng.choice((25, 33)))
             for _ in range(sample_size(count, minimum=6))]
    counts = np.array([h.counts for h in hands], dtype=np.int64)
    prevs = [rng.choice(api.legal_moves(other, rules=FOUR)) for other in hands[::-1]]
    prevs[0] = None                                         # the first hand leads
    pairs = np.array([[0, 0] if p is None else [p.word & (1 << 64) - 1, p.word >> 64]
                      for p in prevs], dtype=np.uint64)
    moves, offsets = api.legal_moves_batch(counts, pairs, rules=FOUR)
    assert moves.dtype == np.uint64 and moves.shape[1] == 2 and offsets[0] == 0
    words = join_words(moves)
    mask = api.legal_action_mask(counts, pairs, rules=FOUR)
    assert mask.shape == (len(hands), len(api.action_space(FOUR)))
    for row, (hand, prev) in enumerate(zip(hands, prevs)):
        expected = api.legal_moves(hand, prev, rules=FOUR)
        assert words[offsets[row]:offsets[row + 1]] == [m.word for m in expected]
        assert sorted(np.flatnonzero(mask[row])) == [api.action_id(m, FOUR) for m in expected]
    # What no 64-bit array can say is refused with a message naming it.
    with pytest.raises(ValueError, match=r"\(N, 15\) count array"):
        api.legal_moves_batch(np.zeros(3, dtype=np.uint64), rules=FOUR)    # bitboards
    with pytest.raises(ValueError, match="hands\\[1\\]: 9 cards of rank 3: two decks have 8"):
        api.legal_moves_batch(np.array([[1] + [0] * 14, [9] + [0] * 14]), rules=FOUR)
    with pytest.raises(ValueError, match="shape \\(2, 2\\)"):
        api.legal_action_mask(counts[:2], pairs[:2, 0].copy(), rules=FOUR)
    rocket = Move("rocket", 13, 1, Hand("BBRR", decks=2).counts)
    illegal = np.array([[0, 0], [Move("rocket", 13, 1, Hand("BR").counts).word, 0]],
                       dtype=np.uint64)
    assert rocket.word >> 64                                 # the four jokers: a two-deck word
    with pytest.raises(ValueError, match="prevs\\[1\\]: .*not a legal move"):
        api.legal_moves_batch(counts[:2], illegal, rules=FOUR)


def test_the_command_line_reads_two_deck_cards_under_four_player(capsys):
    from ddz_fast.cli.main import main
    assert main(["moves", "33333BBRR", "--rules", "four_player", "--prev", "22222"]) == 0
    # Beating five 2s: five 3s are too low, a bigger bomb is not held; only the rocket does.
    assert capsys.readouterr().out.splitlines() == [
        "rocket (1): BBRR", "1 moves beating 22222, or pass, under the four_player rules"]
    assert main(["classify", "BR", "--rules", "four_player"]) == 0
    assert capsys.readouterr().out.strip() == \
        "BR is not a combination under the four_player rules"
    # The arena seats four too (tests/arena/test_four_player_arena.py).
    assert main(["arena", "greedy", "random", "--hands", "2", "--rules", "four_player",
                 "--workers", "1", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("2 deals, 4 games (four_player rules, seed ")


@pytest.mark.native
@pytest.mark.parametrize("block", range(4))
@pytest.mark.parametrize("hands", sizes(500, 10_000))
def test_the_native_generator_of_two_decks_is_the_reference(hands, block):
    # Random hands, half of 25 cards (a player's deal) and half of 33 (the landlord's): every
    # move leading, and the answers to a random move of the action space and to one of the
    # hand's own moves, as the reference lists them. The seeds come in four consecutive
    # blocks, one test each, so that test processes share the sweep.
    import ddz_fast
    from support.two_deck_cases import reference_case

    for seed in range(block * hands // 4, (block + 1) * hands // 4):
        counts, lead, prevs, answers = reference_case(seed, 25 if seed % 2 else 33, FOUR)
        hand = Hand(counts, decks=2)
        assert [m.word for m in ddz_fast.legal_moves(hand, rules=FOUR)] == lead, hand
        for prev, expected in zip(prevs, answers):
            moves = ddz_fast.legal_moves(hand, Move.from_word(prev), rules=FOUR)
            assert [m.word for m in moves] == expected, (hand, prev)


@pytest.mark.parametrize("decks", [0, 3, "2", None, [2]])
@pytest.mark.parametrize("cards", ["33", (2,) + (0,) * 14])
def test_a_deck_count_is_one_or_two(cards, decks):
    with pytest.raises(ValueError, match="decks must be 1 or 2"):
        Hand(cards, decks=decks)


def test_the_four_player_table_takes_only_its_own_options():
    with pytest.raises(ValueError, match="three-player table"):
        Rules(players=4, deal_bonuses=True)
    with pytest.raises(ValueError, match="kitty must be 8 cards with 4 players"):
        Rules(players=4, kitty=3)
    with pytest.raises(ValueError, match="4 players play with 2 decks, not 1"):
        Rules(players=4, decks=1)
    assert Rules(players=4, sides="partner").sides == "partner"
    with pytest.raises(ValueError, match="needs four players"):
        Rules(sides="partner")
    # Changing the table brings its deck and kitty along, unless given.
    assert Rules.preset("standard").replace(players=4) == FOUR
    assert FOUR.hand_size == 25 and Rules().hand_size == 17 and Rules(kitty=0).hand_size == 18
