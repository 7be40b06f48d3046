"""The native core against the reference, on random hands, whole action spaces and hypothesis.

The reference is the specification and costs about half a millisecond per hand, so its results
are computed once per hand (``cases``) and shared by every check; a sample of the shared
derivations is checked against direct reference calls.
"""
from __future__ import annotations

import functools
import itertools
import pickle
import random
from collections import defaultdict
from dataclasses import dataclass
from typing import Dict, List, Tuple

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ddz_fast import Hand, Move, Rules
from ddz_fast.move import PLAY_TYPES
from ddz_fast.moves.notation import format_move

from support.common import (ALL_RULES, DECK, PRESET_NAMES, both, counts_array, native,
                            random_hand, random_hands, reference, sizes)
from support.strategies import hands as hand_counts

pytestmark = pytest.mark.native  # the native core against the reference

SEED = 20_240_601
OWN_PREVS = 3          # responses to moves of the hand itself, besides one per move type


def fields(moves) -> List[Tuple]:
    """Everything a Move exposes: equality of Moves compares their words only."""
    return [(m.type, m.key, m.length, m.counts, m.word, m.cards) for m in moves]


@dataclass
class Case:
    hand: Hand
    rules: Rules
    leading: List[Move]                        # reference.legal_moves(hand)
    responses: List[Tuple[Move, List[Move]]]   # (prev, the reference's moves beating it)


def kind(move: Move) -> str:
    """The type of a move, and for a space shuttle its kind: cards per bomb (4, 6 or 8)."""
    if move.type == "space_shuttle":
        return f"space_shuttle/{len(move) // move.length}"
    return move.type


@functools.lru_cache(maxsize=None)
def _moves_by_type(rules: Rules) -> Dict[str, List[Move]]:
    """The reference's action space by kind, in canonical order (shared: never changed)."""
    by_type: Dict[str, List[Move]] = defaultdict(list)
    for move in reference.action_space(rules):
        by_type[kind(move)].append(move)
    return by_type


@functools.lru_cache(maxsize=None)
def _lower(rules: Rules, shuttle_kind: str, length: int, key: int) -> Tuple[Move, ...]:
    """The shuttles of one kind and length with a key below ``key``, in canonical order: a
    handful of distinct questions, asked by thousands of hands."""
    return tuple(m for m in _moves_by_type(rules)[shuttle_kind]
                 if m.length == length and m.key < key)


def lower_shuttles(rng: random.Random, leading: List[Move], rules: Rules) -> List[Move]:
    """For each kind of space shuttle the hand leads, a lower one of that kind and length, if
    there is one: a move the hand beats with a shuttle (rarely so of a random move)."""
    prevs = []
    for own in {kind(m): m for m in leading if m.type == "space_shuttle"}.values():
        lower = _lower(rules, kind(own), own.length, own.key)
        if lower:
            prevs.append(rng.choice(lower))
    return prevs


@pytest.fixture(scope="module", params=sizes(1_000, 20_000))
def cases(request) -> List[Case]:
    """Random hands (1,000, and 20,000 in the slow step), the rule sets in turn, with the
    reference's leading moves and responses.

    Each hand answers one move of every type from the action space (stratified, so every type
    is covered as the move to beat), a few of its own moves and a pass.
    """
    return _cases(request.param)


# The samples are kept by size: pytest sets a module fixture up again each time the parameter
# of another fixture of the same test changes (test_every_move_type_is_beaten_and_played takes
# both samples), and the reference's answers are most of the slow step's set-up time.
@functools.lru_cache(maxsize=None)
def _cases(size: int) -> List[Case]:
    rng = random.Random(SEED)
    by_type = {rules: _moves_by_type(rules) for rules in ALL_RULES}
    out = []
    for i, hand in enumerate(random_hands(size, SEED)):
        rules = ALL_RULES[i % len(ALL_RULES)]
        leading = reference.legal_moves(hand, rules=rules)
        prevs = [rng.choice(moves) for moves in by_type[rules].values()]
        prevs += lower_shuttles(rng, leading, rules)
        prevs += rng.sample(leading, min(OWN_PREVS, len(leading)))
        responses = [(prev, [m for m in leading if reference._beats(m, prev)]) for prev in prevs]
        responses.append((Move.PASS, leading))
        out.append(Case(hand, rules, leading, responses))
    return out


def test_every_move_type_is_beaten_and_played(cases, botzone_cases):
    """The samples cover every type, as the move to beat and as a legal answer to it (the
    space shuttle is answered by its like in the botzone sample, built around shuttles)."""
    both_samples = cases + botzone_cases
    prev_types = {prev.type for case in both_samples for prev, _ in case.responses}
    answered = {prev.type for case in both_samples for prev, moves in case.responses
                if any(m.type == prev.type for m in moves)}
    assert prev_types == set(PLAY_TYPES) | {"pass"}
    assert answered == set(PLAY_TYPES) - {"rocket"}       # nothing beats the rocket


def test_leading_moves_equal_the_reference(cases):
    for case in cases:
        moves = native.legal_moves(case.hand, rules=case.rules)
        assert isinstance(moves, native.MoveList)
        assert moves == case.leading, (case.hand, case.rules)


def test_decoded_moves_expose_the_reference_fields(cases):
    for case in cases[:2000]:
        assert fields(native.legal_moves(case.hand, rules=case.rules)) == fields(case.leading)


def test_responses_equal_the_reference(cases):
    for case in cases:
        for prev, expected in case.responses:
            assert native.legal_moves(case.hand, prev, rules=case.rules) == expected, \
                (case.hand, prev, case.rules)


def test_shared_responses_are_what_the_reference_returns(cases):
    """The fixture filters the reference's leading moves; check that against real calls."""
    rng = random.Random(SEED + 1)
    for case in cases[::25]:
        prev, expected = rng.choice(case.responses)
        assert reference.legal_moves(case.hand, prev, rules=case.rules) == expected


def test_other_hand_forms_give_the_same_moves(cases):
    for case in cases[:1000]:
        text, counts = str(case.hand), list(case.hand.counts)
        expected = native.legal_moves(case.hand, rules=case.rules)
        assert native.legal_moves(text, rules=case.rules) == expected
        assert native.legal_moves(counts, rules=case.rules) == expected
        assert native.legal_moves(case.hand, rules=case.rules.preset_name or case.rules) \
            == expected


def test_classify_of_whole_hands(cases):
    for case in cases:
        expected = [m for m in case.leading if m.counts == case.hand.counts]
        assert fields(native.classify(case.hand, rules=case.rules)) == fields(expected)


def test_classify_of_every_move_is_the_reference(cases):
    for case in cases[::20]:
        for move in case.leading[::7]:
            both("classify", move.cards, rules=case.rules)


def test_beats_equals_the_reference(cases):
    for case in cases[::500]:
        for prev, _ in case.responses[:-1]:
            for move in case.leading[::4]:
                both("beats", move, prev, rules=case.rules)
        if case.leading:
            both("beats", Move.PASS, case.leading[0], rules=case.rules)


def _outcome(call):
    """What a call returned, or the message of the ValueError it raised."""
    try:
        return call()
    except ValueError as error:
        return str(error)


def test_moves_given_as_text_are_read_as_the_reference_reads_them(cases):
    # The notation under the rules names each move to beat; its cards alone often read
    # several ways, which both implementations refuse with the same message (``both``).
    for case in cases[::50]:
        for prev, expected in case.responses[:-1]:
            text = format_move(prev, case.rules)
            assert native.legal_moves(case.hand, text, rules=case.rules) == expected, text
            _outcome(lambda: both("legal_moves", case.hand, prev.cards, rules=case.rules))
            _outcome(lambda: both("beats", prev.cards, text, rules=case.rules))
            assert both("action_id", text, case.rules) == both("action_id", prev, case.rules)
            for move in case.leading[::9]:
                both("beats", format_move(move, case.rules), text, rules=case.rules)
        both("legal_moves", case.hand, "pass", rules=case.rules)


def test_text_finds_the_same_move_in_a_move_list_as_in_the_reference_list(cases):
    # str(move) names the move in either list; its cards alone may name several of the list.
    for case in cases[::50]:
        moves = native.legal_moves(case.hand, rules=case.rules)
        for move in case.leading[::5]:
            assert str(move) in moves and str(move) in case.leading
            assert moves.index(str(move)) == case.leading.index(str(move)) == \
                case.leading.index(move)
            assert moves.count(str(move)) == case.leading.count(str(move)) == 1
            found = [_outcome(lambda: move.cards in listed) for listed in (moves, case.leading)]
            assert found[0] == found[1], move.cards


# --- botzone: the space shuttle ------------------------------------------------------------------

BOTZONE = Rules.preset("botzone")
SHUTTLE_KINDS = ("space_shuttle/4", "space_shuttle/6", "space_shuttle/8")


def shuttle_hand(rng: random.Random, size: int) -> Hand:
    """``size`` cards of one deck around n consecutive bombs of 3..A (4n <= size): the rest
    dealt at random from the other ranks, so wings of every kind are often there too."""
    n = rng.choice([n for n in (2, 2, 2, 3, 3, 4, 5) if 4 * n <= size])
    key = rng.randrange(0, 12 - n + 1)
    counts = [0] * 15
    for rank in range(key, key + n):
        counts[rank] = 4
    rest = [rank for rank in DECK if counts[rank] == 0]
    for rank in rng.sample(rest, size - 4 * n):
        counts[rank] += 1
    return Hand(counts)


@pytest.fixture(scope="module", params=sizes(500, 10_000))
def botzone_cases(request) -> List[Case]:
    """Hands of 17 and 20 cards under botzone (500, and 10,000 in the slow step), half uniform
    deals and half built around
    a space shuttle, with the reference's leading moves and its answers to a move of every type
    and every shuttle kind, to lower shuttles of the hand's own kinds and to its own moves."""
    return _botzone_cases(request.param)


@functools.lru_cache(maxsize=None)
def _botzone_cases(count: int) -> List[Case]:
    rng = random.Random(SEED + 2)
    by_kind = _moves_by_type(BOTZONE)
    out = []
    for i in range(count):
        size = (17, 20)[i % 2]
        hand = shuttle_hand(rng, size) if i % 4 >= 2 else random_hand(rng, size)
        leading = reference.legal_moves(hand, rules=BOTZONE)
        prevs = [rng.choice(moves) for moves in by_kind.values()]
        prevs += lower_shuttles(rng, leading, BOTZONE)
        prevs += rng.sample(leading, min(OWN_PREVS, len(leading)))
        responses = [(prev, [m for m in leading if reference._beats(m, prev)]) for prev in prevs]
        responses.append((Move.PASS, leading))
        out.append(Case(hand, BOTZONE, leading, responses))
    return out


def test_botzone_hands_answer_every_kind_of_shuttle(botzone_cases):
    """The sample leads shuttles of every kind and answers every kind with a higher one."""
    led = {kind(m) for case in botzone_cases for m in case.leading}
    answered = {kind(prev) for case in botzone_cases for prev, moves in case.responses
                if any(kind(m) == kind(prev) for m in moves)}
    assert led >= set(SHUTTLE_KINDS) and answered >= set(SHUTTLE_KINDS)
    assert {len(case.hand) for case in botzone_cases} == {17, 20}


def test_botzone_moves_equal_the_reference_in_canonical_order(botzone_cases):
    for case in botzone_cases:
        moves = native.legal_moves(case.hand, rules=BOTZONE)
        assert moves == case.leading == sorted(case.leading), case.hand
        assert set(moves) == set(case.leading)
        for prev, expected in case.responses:
            answers = native.legal_moves(case.hand, prev, rules=BOTZONE)
            assert answers == expected, (case.hand, prev)
            assert set(answers) == set(expected)


def test_botzone_classify_beats_ids_batch_and_mask(botzone_cases):
    group = botzone_cases[:2000]
    ids = reference._action_space(BOTZONE)[1]
    for case in group:
        shuttles = [m for m in case.leading if m.type == "space_shuttle"]
        for move in shuttles[::5]:
            assert fields(native.classify(move.cards, rules=BOTZONE)) == fields(
                reference.classify(move.cards, rules=BOTZONE))
            assert native.action_id(move, BOTZONE) == ids[move]
        for prev, _ in case.responses[:-1]:
            for move in (shuttles or case.leading)[::6]:
                assert native.beats(move, prev, rules=BOTZONE) is reference._beats(move, prev)
    picks = [case.responses[i % len(case.responses)] for i, case in enumerate(group)]
    prevs = np.array([prev.word for prev, _ in picks], dtype=np.uint64)
    hands = counts_array([case.hand for case in group])
    moves, offsets = native.legal_moves_batch(hands, prevs, rules=BOTZONE)
    expected_moves, expected_offsets = _expected_csr([expected for _, expected in picks])
    np.testing.assert_array_equal(offsets, expected_offsets)
    np.testing.assert_array_equal(moves, expected_moves)
    mask = native.legal_action_mask(hands, prevs, rules=BOTZONE)
    expected = np.zeros_like(mask)
    for row, (_, answers) in enumerate(picks):
        expected[row, [ids[m] for m in answers]] = True
    np.testing.assert_array_equal(mask, expected)


# --- the batched API ------------------------------------------------------------------------------

def _by_rules(cases) -> Dict[Rules, List[Case]]:
    groups: Dict[Rules, List[Case]] = defaultdict(list)
    for case in cases:
        groups[case.rules].append(case)
    return groups


def _expected_csr(lists: List[List[Move]]) -> Tuple[np.ndarray, np.ndarray]:
    words = [m.word for moves in lists for m in moves]
    offsets = np.cumsum([0] + [len(moves) for moves in lists])
    return np.array(words, dtype=np.uint64), offsets.astype(np.int64)


def test_batched_leading_moves_equal_single_hand_results(cases):
    for i, (rules, group) in enumerate(_by_rules(cases).items()):
        hands = [case.hand for case in group]
        # Alternate the accepted hand forms: counts of several dtypes, and bitboards.
        forms = [counts_array(hands, np.int8), counts_array(hands, np.uint64),
                 np.array([h.bitboard for h in hands], dtype=np.uint64)]
        moves, offsets = native.legal_moves_batch(forms[i % 3], rules=rules)
        expected_moves, expected_offsets = _expected_csr([case.leading for case in group])
        assert offsets.dtype == np.int64 and moves.dtype == np.uint64
        np.testing.assert_array_equal(offsets, expected_offsets)
        np.testing.assert_array_equal(moves, expected_moves)


def test_batched_responses_equal_single_hand_results(cases):
    for rules, group in _by_rules(cases).items():
        picks = [case.responses[i % len(case.responses)] for i, case in enumerate(group)]
        prevs = np.array([prev.word for prev, _ in picks], dtype=np.uint64)
        moves, offsets = native.legal_moves_batch(counts_array([c.hand for c in group]), prevs,
                                                  rules=rules)
        expected_moves, expected_offsets = _expected_csr([expected for _, expected in picks])
        np.testing.assert_array_equal(offsets, expected_offsets)
        np.testing.assert_array_equal(moves, expected_moves)


def test_action_masks_mark_the_ids_of_the_legal_moves(cases):
    for rules, group in _by_rules(cases).items():
        ids = reference._action_space(rules)[1]
        for start in range(0, len(group), 800):
            chunk = group[start:start + 800]
            picks = [case.responses[(start + i) % len(case.responses)]
                     for i, case in enumerate(chunk)]
            prevs = np.array([prev.word for prev, _ in picks], dtype=np.uint64)
            mask = native.legal_action_mask(counts_array([c.hand for c in chunk]), prevs,
                                            rules=rules)
            expected = np.zeros((len(chunk), len(ids)), dtype=bool)
            for row, (_, moves) in enumerate(picks):
                expected[row, [ids[m] for m in moves]] = True
            assert mask.dtype == np.bool_
            np.testing.assert_array_equal(mask, expected)


def test_batched_api_equals_the_reference_twins(cases):
    for rules, group in _by_rules(cases).items():
        chunk = group[:40]
        hands = counts_array([c.hand for c in chunk], np.int16)
        prevs = np.array([c.responses[i % 5][0].word for i, c in enumerate(chunk)],
                         dtype=np.uint64)
        both("legal_moves_batch", hands, rules=rules)
        both("legal_moves_batch", hands, prevs, rules=rules)
        both("legal_action_mask", hands, prevs, rules=rules)
    both("legal_moves_batch", np.zeros((0, 15), dtype=np.int64))
    both("legal_action_mask", np.zeros((0,), dtype=np.uint64), rules="douzero")


# --- action spaces --------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.preset_name or "custom")
def test_action_spaces_equal_the_reference(rules):
    space = native.action_space(rules)
    expected = reference.action_space(rules)
    assert isinstance(space, tuple) and fields(space) == fields(expected)
    assert native.action_space(rules) is space          # cached
    for i, move in enumerate(expected):
        assert native.action_id(move, rules) == i
    rng = random.Random(7)
    for i in rng.sample(range(len(space)), 50) + [0, len(space) - 1]:
        assert both("action_move", i, rules) == space[i]
        assert both("action_id", space[i], rules) == i


def test_action_space_of_the_whole_deck_is_its_leading_moves():
    full = Hand([4] * 13 + [1, 1])
    for preset in PRESET_NAMES:
        assert native.legal_moves(full, rules=preset) == list(native.action_space(preset))


# --- hypothesis: shrinking counterexamples --------------------------------------------------------

EVERY_RULE_SET = [Rules(solo_wing_max_copies=w, trio_wing_next_to_chain=t, rocket_in_kickers=r,
                        four_two=f, four_two_solo_max_copies=s)
                  for w, t, r, f, s in itertools.product((1, 2, 3, 4), (True, False),
                                                         (True, False), (True, False), (1, 2))]
#: Each hypothesis test draws 150 examples in the default run and 300 in the slow step.
EXAMPLES = sizes(150, 300)
HYPOTHESIS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
any_rules = st.sampled_from(EVERY_RULE_SET)


@pytest.mark.parametrize("examples", EXAMPLES)
def test_hypothesis_leading_moves(examples):
    @settings(HYPOTHESIS, max_examples=examples)
    @given(counts=hand_counts(), rules=any_rules)
    def check(counts, rules):
        both("legal_moves", Hand(counts), rules=rules)
        both("classify", counts, rules=rules)

    check()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_hypothesis_responses(examples):
    @settings(HYPOTHESIS, max_examples=examples)
    @given(counts=hand_counts(min_size=1), other=hand_counts(min_size=1), rules=any_rules,
           data=st.data())
    def check(counts, other, rules, data):
        prev = data.draw(st.sampled_from(reference.legal_moves(other, rules=rules)))
        moves = both("legal_moves", Hand(counts), prev, rules=rules)
        for move in moves[:10]:
            both("beats", move, prev, rules=rules)

    check()


@pytest.mark.parametrize("examples", EXAMPLES)
def test_hypothesis_dense_hands(examples):
    """Hands of a few neighbouring ranks: airplanes with every kind of wing."""
    @settings(HYPOTHESIS, max_examples=examples)
    @given(dense=st.lists(st.integers(0, 4), min_size=6, max_size=6), low=st.integers(0, 9),
           jokers=st.integers(0, 3), rules=any_rules, data=st.data())
    def check(dense, low, jokers, rules, data):
        counts = [0] * 15
        for offset, count in enumerate(dense):
            counts[min(low + offset, 12)] = max(counts[min(low + offset, 12)], count)
        counts[13], counts[14] = jokers & 1, jokers >> 1
        leading = both("legal_moves", counts, rules=rules)
        if leading:
            prev = data.draw(st.sampled_from(list(leading)))
            both("legal_moves", counts, prev, rules=rules)

    check()


# --- MoveList behaves as the reference's list ---------------------------------------------------

def test_move_list_is_a_lazy_immutable_sequence():
    hand = Hand("33344455566677789TJQKA2BR")
    moves = native.legal_moves(hand, rules="douzero")
    expected = reference.legal_moves(hand, rules="douzero")
    assert len(moves) == len(expected) and list(moves) == expected
    assert moves == expected and expected == moves and not moves != expected
    assert moves == native.legal_moves(hand, rules="douzero")
    assert moves != native.legal_moves(hand) and moves != expected[:-1]
    assert moves != [m.word for m in expected] and moves != tuple(expected)
    assert moves[0] == expected[0] and moves[-1] == expected[-1]
    assert moves[5:17] == expected[5:17] and moves[::-3] == expected[::-3]
    assert isinstance(moves[1:3], native.MoveList) and moves[3:1] == []
    assert list(reversed(moves)) == expected[::-1]
    assert expected[10] in moves and Move.PASS not in moves and 3 not in moves
    assert moves.index(expected[10]) == 10 and moves.count(expected[10]) == 1
    with pytest.raises(ValueError, match="not in the MoveList"):
        moves.index(Move.PASS)
    with pytest.raises(IndexError):
        moves[len(moves)]
    with pytest.raises(TypeError):
        moves["0"]
    assert hash(moves) == hash(native.legal_moves(hand, rules="douzero"))
    assert bool(moves) and not native.legal_moves("3", expected[-1], rules="douzero")
    assert repr(moves).startswith(f"<MoveList of {len(moves)} moves: 3, 4, 5,")
    from collections.abc import Sequence
    assert isinstance(moves, Sequence)


def test_move_list_words_and_array():
    moves = native.legal_moves("3344556677BR")
    array = moves.array
    assert array.dtype == np.uint64 and not array.flags.writeable
    assert array.tolist() == [m.word for m in moves] == list(moves.words)
    assert array is not moves.array and np.shares_memory(array, moves.array)  # a view, no copy
    with pytest.raises(ValueError):
        array[0] = 0
    assert [Move.from_word(int(w)) for w in array] == list(moves)
    assert native.legal_moves("").array.shape == (0,)


def test_move_list_construction_and_pickling():
    moves = native.legal_moves("333444BR", rules="douzero")
    assert native.MoveList(list(moves)) == moves and native.MoveList() == []
    assert native.MoveList([moves[0], moves[1], moves[0]]).count(moves[0]) == 2
    assert pickle.loads(pickle.dumps(moves)) == moves
    with pytest.raises(TypeError, match="holds Moves"):
        native.MoveList([1, 2])
    with pytest.raises(TypeError, match="immutable"):
        moves.__init__([])


def test_decoded_moves_are_shared_and_complete():
    first = native.legal_moves("33344456", rules="douzero")
    again = native.legal_moves("33344456", rules="douzero")
    assert all(a is b for a, b in zip(first, again))
    for move in first:
        assert Move.from_word(move.word) == move and fields([Move.from_word(move.word)]) \
            == fields([move])


@pytest.mark.parametrize("hands", sizes(5_000, 10_000))
def test_no_kitty_moves_equal_the_reference_on_eighteen_card_hands(hands):
    """The no_kitty preset (18 cards each, no kitty) on 5,000 hands of its size (10,000 in the
    slow step), leading and answering a move of the action space and one of the hand's own, in
    canonical order."""
    rules = Rules.preset("no_kitty")
    rng = random.Random(SEED + 3)
    space = reference.action_space(rules)
    for _ in range(hands):
        hand = random_hand(rng, 18)
        leading = reference.legal_moves(hand, rules=rules)
        assert native.legal_moves(hand, rules=rules) == leading, hand
        for prev in (rng.choice(space), rng.choice(leading)):
            expected = [m for m in leading if reference._beats(m, prev)]
            assert native.legal_moves(hand, prev, rules=rules) == expected, (hand, prev)
