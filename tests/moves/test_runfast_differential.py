"""Run Fast's moves on the compiled core (src/include/runfastgen.pxd) against the reference
(ddz_fast.reference.runfast), through ``ddz_fast.moves.implementation``: random hands of both
presets and of the move options, leading and answering, in canonical order; classify, beats,
the action ids, the batched API and its masks; bad input and forged Rules.

The reference lists the leading moves of a 16-card hand in about 0.4 ms, so its results are
computed once per hand (``cases``) and its answers derived from them with its own comparison,
as tests/moves/test_differential.py does; a sample of them is checked against direct reference
calls. The default run takes 300 hands of each preset (and 150 of each option set); the slow step
takes 10,000 of each preset (and 5,000 of each option set).

Hands: full deals of the deck (16 or 15 cards), uniform hands of any smaller size, dense hands of
a few neighbouring ranks (trios, airplanes, bombs, four + three) and last hands that are a short
trio or airplane, so that every type is answered by its like and the short last hand is
reached: the coverage test counts both, and fails if one is missing.
"""
from __future__ import annotations

import pickle
import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Dict, List, Tuple

import numpy as np
import pytest

import ddz_fast
from ddz_fast import Hand, Move, Rules
from ddz_fast.bitboard import runfast_from_word64, runfast_word64
from ddz_fast.cards import ACE, NUM_RANKS, RUNFAST_DECKS
from ddz_fast.compiled import load
from ddz_fast.moves import implementation
from ddz_fast.positions.rollouts import RunFastGames
from ddz_fast.reference import runfast as reference_runfast
from ddz_fast.shapes import RUNFAST_TYPES, runfast_kickers

from support.common import sizes

pytestmark = pytest.mark.native  # the compiled core against the reference

native = implementation("native")
reference = implementation("python")

SEED = 20_261_202
RUNFAST = Rules.preset("runfast")
RUNFAST_15 = Rules.preset("runfast_15")
#: Each preset, then the move options beside them (every option off its default once), with
#: the share of the sweep's hands each gets.
RULE_SETS: Dict[str, Tuple[Rules, float]] = {
    "runfast": (RUNFAST, 1.0),
    "runfast_15": (RUNFAST_15, 1.0),
    "aaa_bomb+four_three": (RUNFAST.replace(aaa_bomb=True, four_three=True), 0.5),
    "runfast_15+no_short_last_hand": (RUNFAST_15.replace(short_last_hand=False), 0.5),
}
OWN_PREVS = 2       # answers to moves of the hand itself, besides those of another hand


def fields(moves) -> List[Tuple]:
    """Everything a Move exposes: equality of Moves compares their words only."""
    return [(m.type, m.key, m.length, m.counts, m.word, m.cards) for m in moves]


def is_short(move: Move) -> bool:
    """Whether a move is a short trio + two or airplane (a last hand)."""
    return (move.type in ("trio_two", "airplane_two")
            and len(move) - 3 * move.length < runfast_kickers(move.type, move.length))


# --- hands ----------------------------------------------------------------------------------

def deck_cards(rules: Rules) -> List[int]:
    return [rank for rank, count in enumerate(RUNFAST_DECKS[rules.deck_size])
            for _ in range(count)]


def hand_of(ranks) -> Hand:
    counts = [0] * NUM_RANKS
    for rank in ranks:
        counts[rank] += 1
    return Hand(counts)


def dense_hand(rng: random.Random, rules: Rules) -> Hand:
    """Up to a hand of cards from three to six neighbouring ranks: trios, airplanes, bombs."""
    deck = RUNFAST_DECKS[rules.deck_size]
    low = rng.randrange(0, 10)
    pool = [rank for rank in range(low, min(low + rng.randint(3, 6), NUM_RANKS))
            for _ in range(deck[rank])]
    return hand_of(rng.sample(pool, min(rng.randint(5, rules.hand_size), len(pool))))


def last_hand(rng: random.Random, rules: Rules) -> Hand:
    """A short trio or airplane and fewer kickers than the full form: a last hand (or, when
    the ranks drawn do not fit the deck or repeat a main rank, another hand)."""
    deck = RUNFAST_DECKS[rules.deck_size]
    length = rng.choice([1, 1, 2, 2, 3, 4, 5])
    top = ACE + 1 if length > 1 else NUM_RANKS
    trios = [r for r in range(top) if all(deck[r + i] >= 3 for i in range(length))
             and r + length <= top]
    key = rng.choice(trios)
    main = set(range(key, key + length))
    counts = [3 if rank in main else 0 for rank in range(NUM_RANKS)]
    others = [rank for rank in range(NUM_RANKS) if rank not in main for _ in range(deck[rank])]
    most = min(runfast_kickers("airplane_two" if length > 1 else "trio_two", length) - 1,
               rules.hand_size - 3 * length)
    for rank in rng.sample(others, rng.randint(0, max(most, 0))):
        counts[rank] += 1
    return Hand(counts)


def random_hand(rng: random.Random, rules: Rules, i: int) -> Hand:
    kind = i % 10
    if kind < 4:                                        # a deal: a whole hand of the game
        return hand_of(rng.sample(deck_cards(rules), rules.hand_size))
    if kind < 6:                                        # any smaller hand
        return hand_of(rng.sample(deck_cards(rules), rng.randint(1, rules.hand_size - 1)))
    if kind < 9:
        return dense_hand(rng, rules)
    return last_hand(rng, rules)


# --- the shared reference results -----------------------------------------------------------

@dataclass
class Case:
    hand: Hand
    rules: Rules
    leading: List[Move]                        # reference.legal_moves(hand)
    responses: List[Tuple[Move, List[Move]]]   # (prev, the reference's moves beating it)


def make_cases(count: int, seed: int) -> List[Case]:
    """``count`` hands of each preset (a share of it for each option set), each answering one
    move of every type that another random hand of the same rules leads, a few of its own
    moves and a pass."""
    rng = random.Random(seed)
    out = []
    for rules, share in RULE_SETS.values():
        other: List[Move] = []
        for i in range(int(count * share)):
            hand = random_hand(rng, rules, i)
            leading = list(reference.legal_moves(hand, rules=rules))
            by_type = defaultdict(list)
            for move in other:
                by_type[move.type].append(move)
            prevs = [rng.choice(moves) for moves in by_type.values()]
            prevs += rng.sample(leading, min(OWN_PREVS, len(leading)))
            responses = [(prev, [m for m in leading if reference_runfast._beats(m, prev)])
                         for prev in prevs]
            responses.append((Move.PASS, leading))
            out.append(Case(hand, rules, leading, responses))
            other = leading             # the next hand answers this one's moves
    return out


@pytest.fixture(scope="module", params=sizes(300, 10_000))
def cases(request) -> List[Case]:
    return make_cases(request.param, SEED)


# --- coverage: what the sample holds, counted --------------------------------------------------

def test_every_type_is_answered_by_its_like_and_the_short_last_hand_is_reached(cases):
    """Every Run Fast type is a move to beat and is beaten by one of its type (bombs by higher
    bombs, the AAA bomb among them); short forms are led as last hands and played as answers.
    A sample missing one fails here, with the counts."""
    beaten = Counter(prev.type for case in cases for prev, _ in case.responses)
    answered = Counter(prev.type for case in cases for prev, moves in case.responses
                       if any(m.type == prev.type for m in moves))
    short_leads = Counter(m.type for case in cases for m in case.leading if is_short(m))
    short_answers = Counter(m.type for case in cases for prev, moves in case.responses
                            if not prev.is_pass for m in moves if is_short(m))
    aaa = sum(1 for case in cases for prev, moves in case.responses if prev.type == "bomb"
              for m in moves if len(m) == 3)
    assert set(beaten) == set(RUNFAST_TYPES), beaten
    assert set(answered) == set(RUNFAST_TYPES[1:]), answered
    assert set(short_leads) == {"trio_two", "airplane_two"}, short_leads
    assert set(short_answers) == {"trio_two", "airplane_two"}, short_answers
    assert aaa, "no AAA bomb beat a bomb"
    assert sum(1 for case in cases if len(case.hand) == case.rules.hand_size) >= len(cases) // 4


# --- legal moves ----------------------------------------------------------------------------

def test_leading_moves_equal_the_reference_in_canonical_order(cases):
    for case in cases:
        moves = native.legal_moves(case.hand, rules=case.rules)
        assert isinstance(moves, native.MoveList)
        assert moves == case.leading, (case.hand, case.rules)
        assert list(moves) == sorted(moves), case.hand      # the Move order


def test_responses_equal_the_reference_in_canonical_order(cases):
    for case in cases:
        for prev, expected in case.responses:
            moves = native.legal_moves(case.hand, prev, rules=case.rules)
            assert moves == expected, (case.hand, prev, case.rules)


def test_shared_responses_are_what_the_reference_returns(cases):
    """The fixture filters the reference's leading moves; check that against real calls."""
    rng = random.Random(SEED + 1)
    for case in cases[::7]:
        prev, expected = rng.choice(case.responses)
        assert reference.legal_moves(case.hand, prev, rules=case.rules) == expected


def test_decoded_moves_expose_the_reference_fields(cases):
    for case in cases[::3]:
        assert fields(native.legal_moves(case.hand, rules=case.rules)) == fields(case.leading)
        prev, expected = case.responses[0]
        assert fields(native.legal_moves(case.hand, prev, rules=case.rules)) == fields(expected)


def test_other_hand_forms_and_move_texts_give_the_same_moves(cases):
    for case in cases[::10]:
        expected = case.leading
        assert native.legal_moves(str(case.hand), rules=case.rules) == expected
        assert native.legal_moves(list(case.hand.counts), rules=case.rules) == expected
        assert native.legal_moves(case.hand, rules=case.rules.preset_name or case.rules) \
            == expected
        for prev, answers in case.responses[:-1]:
            # The notation names a move by its cards, type and key: a short airplane and a
            # full one of another length on the same cards and key (9TTTJJJQQQ) share a text,
            # which both implementations refuse alike.
            text = ddz_fast.moves.notation.format_move(prev, case.rules)
            found = outcome(native.legal_moves, case.hand, text, rules=case.rules)
            assert found == outcome(reference.legal_moves, case.hand, text, rules=case.rules)
            assert found == answers or "is ambiguous" in found, text


def outcome(call, *args, **kwargs):
    """What a call returned (as a list), or the message of the ValueError it raised."""
    try:
        return list(call(*args, **kwargs))
    except ValueError as error:
        return str(error)


# --- classify, beats, action ids --------------------------------------------------------------

def test_classify_equals_the_reference(cases):
    """Every reading of the cards of a hand, and of the cards of its moves (short forms
    included: classify lists them whether or not they are a whole hand)."""
    for case in cases[::3]:
        assert fields(native.classify(case.hand, rules=case.rules)) == \
            fields(reference.classify(case.hand, rules=case.rules))
        for move in case.leading[::5]:
            found = native.classify(move.cards, rules=case.rules)
            assert fields(found) == fields(reference.classify(move.cards, rules=case.rules))
            assert move in found


def test_beats_equals_the_reference(cases):
    for case in cases[::20]:
        for prev, _ in case.responses[:-1]:
            for move in case.leading[::3]:
                assert native.beats(move, prev, rules=case.rules) == \
                    reference.beats(move, prev, rules=case.rules), (move, prev)
        if case.leading:
            assert native.beats(Move.PASS, case.leading[0], rules=case.rules) is False


@pytest.mark.parametrize("rules", [rules for rules, _ in RULE_SETS.values()], ids=list(RULE_SETS))
def test_action_spaces_and_ids_equal_the_reference(rules):
    space = native.action_space(rules)
    assert fields(space) == fields(reference.action_space(rules))
    for i in range(0, len(space), 97):
        assert native.action_id(space[i], rules) == i == reference.action_id(space[i], rules)
        assert native.action_move(i, rules) == space[i] == reference.action_move(i, rules)
    assert native.action_id(space[-1], rules) == len(space) - 1


def test_move_list_action_ids_are_the_reference_ids(cases):
    for case in cases[::5]:
        ids = native.legal_moves(case.hand, rules=case.rules).action_ids(case.rules)
        assert ids.tolist() == [reference.action_id(m, case.rules) for m in case.leading]
        for prev, answers in case.responses[:1]:
            ids = native.legal_moves(case.hand, prev, rules=case.rules).action_ids(case.rules)
            assert ids.tolist() == [reference.action_id(m, case.rules) for m in answers]


# --- the batched API --------------------------------------------------------------------------

def groups(cases: List[Case], size: int = 64):
    by_rules = defaultdict(list)
    for case in cases:
        by_rules[case.rules].append(case)
    for rules, chunk in by_rules.items():
        for start in range(0, len(chunk), size):
            yield rules, chunk[start:start + size]


def prevs_of(chunk: List[Case], pick: int) -> np.ndarray:
    """The 64-bit words of one move to beat per hand (0: the hand leads)."""
    return np.array([runfast_word64(case.responses[pick % len(case.responses)][0].word)
                     for case in chunk], dtype=np.uint64)


def test_batches_equal_the_legal_moves_of_each_hand(cases):
    """legal_moves_batch (hand words and count rows, leading and answering) lists each hand's
    moves, as their 64-bit words, in canonical order."""
    for n, (rules, chunk) in enumerate(groups(cases)):
        words = np.array([case.hand.bitboard for case in chunk], dtype=np.uint64)
        counts = np.array([case.hand.counts for case in chunk], dtype=np.int64)
        prevs = prevs_of(chunk, n)
        for hands in (words, counts):
            moves, offsets = native.legal_moves_batch(hands, rules=rules)
            for i, case in enumerate(chunk):
                row = moves[offsets[i]:offsets[i + 1]]
                assert row.tolist() == [runfast_word64(m.word) for m in case.leading]
                assert native.MoveList(list(case.leading)).array.tolist() == row.tolist()
            moves, offsets = native.legal_moves_batch(hands, prevs, rules=rules)
            for i, case in enumerate(chunk):
                prev = Move.from_word(runfast_from_word64(int(prevs[i])))
                expected = native.legal_moves(case.hand, prev, rules=rules)
                assert moves[offsets[i]:offsets[i + 1]].tolist() == expected.array.tolist()


def test_masks_mark_the_action_ids_of_the_legal_moves(cases):
    for n, (rules, chunk) in enumerate(groups(cases)):
        words = np.array([case.hand.bitboard for case in chunk], dtype=np.uint64)
        prevs = prevs_of(chunk, n)
        mask = native.legal_action_mask(words, prevs, rules=rules)
        assert mask.shape == (len(chunk), len(native.action_space(rules)))
        for i, case in enumerate(chunk):
            moves = native.legal_moves(case.hand, Move.from_word(
                runfast_from_word64(int(prevs[i]))), rules=rules)
            assert np.flatnonzero(mask[i]).tolist() == sorted(moves.action_ids(rules).tolist())


def test_batched_api_equals_the_reference_twins(cases):
    for n, (rules, chunk) in enumerate(groups(cases, 16)):
        if n % 4:
            continue
        words = np.array([case.hand.bitboard for case in chunk], dtype=np.uint64)
        prevs = prevs_of(chunk, n)
        for name in ("legal_moves_batch", "legal_action_mask"):
            ours, theirs = (getattr(api, name)(words, prevs, rules=rules)
                            for api in (native, reference))
            for a, b in zip(ours if name == "legal_moves_batch" else [ours],
                            theirs if name == "legal_moves_batch" else [theirs]):
                assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)


# --- the rule book's examples -----------------------------------------------------------------

def listed(moves) -> List[Tuple[str, int, int, str]]:
    return [(m.type, m.key, m.length, m.cards) for m in moves]


@pytest.mark.parametrize("api", [native, reference], ids=["native", "reference"])
def test_the_rule_book_examples(api):
    """docs/RULES.md, "Run Fast": a last hand of four trios is three airplanes; 555666 + 7789
    is a full airplane at any time, 555666 + 7777 too; 3344 is a pair chain; a short form
    beats a lower full form and a higher full form beats it; three aces are the highest
    bomb."""
    last = api.legal_moves("555666777888", rules=RUNFAST)
    airplanes = [(m.length, len(m), m.key) for m in last if m.type == "airplane_two"]
    # Two trios carry four wings of the other two ranks (three ways a key), then the last
    # hand's short forms: three trios from 5 and from 6, four from 5.
    assert airplanes == [(2, 10, 2)] * 3 + [(2, 10, 3)] * 3 + [(2, 10, 4)] * 3 + [
        (3, 12, 2), (3, 12, 3), (4, 12, 2)]
    assert "5556667789:airplane_two@5" in api.legal_moves("3555666778899", rules=RUNFAST)
    assert api.classify("5556667777", rules=RUNFAST)[0].type == "airplane_two"
    assert listed(api.classify("3344", rules=RUNFAST)) == [("pair_chain", 0, 2, "3344")]
    short = api.classify("6667", rules=RUNFAST)[0]
    assert api.beats(short, "55534:trio_two", rules=RUNFAST)
    assert api.beats("77734:trio_two", short, rules=RUNFAST)
    assert not api.beats(short, "66634:trio_two", rules=RUNFAST)
    aaa = api.classify("AAA", rules=RUNFAST.replace(aaa_bomb=True))[-1]
    assert (aaa.type, aaa.key, len(aaa)) == ("bomb", ACE, 3)
    assert api.beats(aaa, "KKKK", rules=RUNFAST.replace(aaa_bomb=True))
    assert not api.beats("KKKK", aaa, rules=RUNFAST.replace(aaa_bomb=True))
    bombs = [m for m in api.action_space(RUNFAST.replace(aaa_bomb=True)) if m.type == "bomb"]
    assert bombs[0] == aaa and [m.key for m in bombs[1:]] == list(range(ACE))
    # Short forms only as the whole hand: 5556 leads 5556, 55567 leads no short trio.
    assert "5556:trio_two" in api.legal_moves("5556", rules=RUNFAST)
    assert not [m for m in api.legal_moves("55567", rules=RUNFAST) if is_short(m)]
    assert not [m for m in api.legal_moves("5556", rules=RUNFAST.replace(short_last_hand=False))
                if m.type == "trio_two"]


# --- MoveList of Run Fast's words ---------------------------------------------------------------

def test_a_move_list_of_runfast_moves():
    moves = native.legal_moves("55566677789TJQ", rules=RUNFAST)
    expected = reference.legal_moves("55566677789TJQ", rules=RUNFAST)
    assert moves == expected and list(reversed(moves)) == list(reversed(expected))
    assert moves.words == tuple(m.word for m in expected)
    assert moves.array.tolist() == [runfast_word64(m.word) for m in expected]
    assert moves[3:9] == expected[3:9] and moves[-1] == expected[-1]
    trio = next(m for m in expected if m.type == "trio_two")
    assert trio in moves and moves.index(trio) == expected.index(trio)
    assert moves.count(trio) == 1 and str(trio) in moves
    # A Dou Dizhu trio or airplane has the 64-bit word of a short trio + two or airplane: it
    # is in no Run Fast list, and a Run Fast move is in no Dou Dizhu list.
    assert Move.parse("555") not in native.legal_moves("555", rules=RUNFAST)
    assert Move.parse("555:trio_two") in native.legal_moves("555", rules=RUNFAST)
    assert native.legal_moves("555", rules=RUNFAST) != native.legal_moves("555")
    assert native.legal_moves("34567", rules=RUNFAST) == native.legal_moves("34567")
    assert Move.parse("555:trio_two") not in native.legal_moves("555")
    rebuilt = native.MoveList(list(expected))
    assert rebuilt == moves and hash(rebuilt) == hash(moves)
    assert pickle.loads(pickle.dumps(moves)) == moves
    assert moves.action_ids(RUNFAST).tolist() == [reference.action_id(m, RUNFAST)
                                                  for m in expected]
    with pytest.raises(ValueError, match="is not in the action space of Rules.preset"):
        moves.action_ids("standard")
    with pytest.raises(ValueError, match="is not in the action space of Rules.preset"):
        native.legal_moves("555666").action_ids(RUNFAST)
    with pytest.raises(ValueError, match="holds the moves of one game"):
        native.MoveList([Move.parse("555"), Move.parse("55567:trio_two")])
    assert "5556667:airplane_two" not in repr(moves)     # the first eight only


# --- bad input: the reference's exceptions, word for word --------------------------------------

def same_error(call: str, *args, **kwargs) -> Tuple[type, str]:
    """Both implementations raise the same exception with the same message."""
    raised = []
    for api in (native, reference):
        with pytest.raises((TypeError, ValueError)) as caught:
            getattr(api, call)(*args, **kwargs)
        raised.append((type(caught.value), str(caught.value)))
    assert raised[0] == raised[1], (call, args, kwargs)
    return raised[0]


BAD_HANDS = {
    "a joker": ("3B", RUNFAST, "the 48-card Run Fast deck has 0"),
    "a fourth ace": ("AAAA", RUNFAST, "the 48-card Run Fast deck has 3"),
    "a second 2": ("22", RUNFAST, "has 1"),
    "a fourth king of 45": ("KKKK", RUNFAST_15, "the 45-card Run Fast deck has 3"),
    "a second ace of 45": ("AA", RUNFAST_15, "has 1"),
    "17 cards": ("33334444555566667", RUNFAST, "holds at most 16"),
    "16 cards of 45": ("3333444455556666", RUNFAST_15, "holds at most 15"),
    "five of a rank": ("33333", RUNFAST, "one deck has 4"),
}


@pytest.mark.parametrize("hand, rules, message", list(BAD_HANDS.values()), ids=list(BAD_HANDS))
def test_bad_hands_are_refused_as_the_reference_refuses_them(hand, rules, message):
    for call in ("legal_moves", "classify"):
        kind, text = same_error(call, hand, rules=rules)
        assert kind is ValueError and message in text
    if "one deck" not in message:       # a hand of one deck, beyond the Run Fast deck's
        words = np.array([Hand(hand).bitboard], dtype=np.uint64)
        kind, text = same_error("legal_moves_batch", words, rules=rules)
        assert kind is ValueError and text.startswith("hands[0]")
        same_error("legal_action_mask", words, rules=rules)


BAD_PREVS = {
    "a Dou Dizhu trio": (Move.parse("555"), RUNFAST),
    "a trio with a solo": (Move.parse("5556"), RUNFAST),
    "the rocket": (Move.parse("BR"), RUNFAST),
    "four + three when off": (Move.parse("5555678:four_three"), RUNFAST),
    "three aces when off": (Move.parse("AAA:bomb"), RUNFAST),
    "eight pairs of 45": (Move.parse("33445566778899TT"), RUNFAST_15),
    "a joker as text": ("B", RUNFAST),
    "ambiguous text": ("AAA", RUNFAST.replace(aaa_bomb=True)),
    "no move": ("3456", RUNFAST),
    "no Move": (17, RUNFAST),
}


@pytest.mark.parametrize("prev, rules", list(BAD_PREVS.values()), ids=list(BAD_PREVS))
def test_bad_moves_to_beat_are_refused_as_the_reference_refuses_them(prev, rules):
    same_error("legal_moves", "3456789", prev, rules=rules)
    same_error("beats", "3", prev, rules=rules)
    if isinstance(prev, Move):
        same_error("action_id", prev, rules)
    # A Dou Dizhu trio has the 64-bit word of a short trio + two: as a batch's word it is one.
    if isinstance(prev, Move) and not reference_runfast.is_word64_of(runfast_word64(prev.word),
                                                                     rules):
        words = np.array([Hand("3456789").bitboard], dtype=np.uint64)
        _, text = same_error("legal_moves_batch", words,
                             np.array([runfast_word64(prev.word)], dtype=np.uint64),
                             rules=rules)
        assert text.startswith("prevs[0]")


@pytest.mark.parametrize("rules, wild", [(None, None), ("douzero", None), ("four_player", None),
                                         ("laizi", "3"), ("tiandi_laizi", "34")])
def test_runfast_moves_under_dou_dizhu_rules_are_no_moves(rules, wild):
    """A Run Fast move of its own types (a word with bit 125) is no Dou Dizhu move at any
    table: refused with the reference's message, not an overflow of a 64-bit word, and never
    read as the Dou Dizhu move its low 64 bits are (555 as a trio)."""
    for text in ("555:trio_two", "55566:trio_two", "555666:airplane_two", "5555678:four_three"):
        move = Move.parse(text)
        same_error("legal_moves", "666777", move, rules=rules, wild=wild)
        same_error("beats", "666777", move, rules=rules, wild=wild)
        same_error("beats", move, "444", rules=rules, wild=wild)
        same_error("action_id", move, rules, wild)


def test_wild_ranks_and_other_arguments_are_refused_as_the_reference_refuses_them():
    words = np.array([Hand("3456789").bitboard], dtype=np.uint64)
    for call, args in (("legal_moves", ("3",)), ("classify", ("3",)), ("beats", ("4", "3"))):
        _, text = same_error(call, *args, rules=RUNFAST, wild="4")
        assert text == "Run Fast has no wild cards: wild must be None under " \
            "Rules.preset('runfast')"
    for call in ("action_space", "action_id", "action_move"):
        args = {"action_space": (), "action_id": ("3",), "action_move": (0,)}[call]
        same_error(call, *args, RUNFAST, "4")
    same_error("legal_moves_batch", words, rules=RUNFAST, wild="4")
    same_error("action_move", 10 ** 9, RUNFAST)
    same_error("action_move", "1", RUNFAST)
    same_error("action_id", "3B", RUNFAST)
    same_error("legal_moves_batch", words, np.array([1, 2], dtype=np.uint64), rules=RUNFAST)


# --- forged rules ------------------------------------------------------------------------------

FORGED = {
    "aaa_bomb as an int": ("aaa_bomb", 1, TypeError, "rule option aaa_bomb must be a bool"),
    "four_three as None": ("four_three", None, TypeError, "four_three must be a bool"),
    "short_last_hand as text": ("short_last_hand", "yes", TypeError, "must be a bool"),
    "deck_size 47": ("deck_size", 47, ValueError, "deck_size must be 48 or 45 cards, got 47"),
    "deck_size as text": ("deck_size", "48", TypeError, "deck_size"),
    "game made doudizhu": ("game", "doudizhu", ValueError, "Run Fast"),
}


@pytest.mark.parametrize("field, value, kind, message", list(FORGED.values()), ids=list(FORGED))
def test_rules_changed_after_they_were_made_never_reach_the_kernel(field, value, kind, message):
    """A Rules changed with object.__setattr__, even one the core has compiled and cached, is
    checked again and refused by name, as the reference refuses it."""
    rules = Rules(game="runfast", aaa_bomb=True, four_three=True)
    native.legal_moves("3334", rules=rules)          # compiled and cached
    native.legal_moves_batch(np.zeros(1, dtype=np.uint64), rules=rules)
    object.__setattr__(rules, field, value)
    words = np.array([Hand("3334").bitboard], dtype=np.uint64)
    for call, args in (("legal_moves", ("3334",)), ("classify", ("3334",)),
                       ("beats", ("4", "3")), ("legal_moves_batch", (words,)),
                       ("legal_action_mask", (words,))):
        raised, text = same_error(call, *args, rules=rules)
        assert raised is kind and message in text and "a Rules changed after it was made" in text
    for call, args in (("action_space", ()), ("action_id", ("3",)), ("action_move", (0,))):
        same_error(call, *args, rules)
    with pytest.raises(kind, match="a Rules changed after it was made"):
        native.MoveList().action_ids(rules)


def test_a_rules_changed_to_other_valid_options_is_compiled_again():
    rules = Rules(game="runfast")
    assert "AAA:bomb" not in native.legal_moves("AAA", rules=rules)
    object.__setattr__(rules, "aaa_bomb", True)
    assert "AAA:bomb" in native.legal_moves("AAA", rules=rules)
    object.__setattr__(rules, "deck_size", 45)
    same_error("legal_moves", "AA", rules=rules)


def test_the_dou_dizhu_parts_of_the_core_refuse_runfast_rules():
    """The compiled play loops of Dou Dizhu read Dou Dizhu's move options: under Run Fast's
    rules they raise rather than play Dou Dizhu on them. random_games plays Run Fast's own
    games under them, in Run Fast's kernel."""
    kernels = load("ddz_fast.engine._random_games")
    with pytest.raises(ValueError, match="plays Dou Dizhu, not the Run Fast game of"):
        kernels._random_games(1, 0, 2, RUNFAST, 0, False)
    assert isinstance(ddz_fast.random_games(2, 1, rules=RUNFAST), RunFastGames)
