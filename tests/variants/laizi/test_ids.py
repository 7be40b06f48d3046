"""Action ids of the laizi action space, computed by counting (ddz_fast.laizi_ids).

The ids are checked against sources that do not count: the listed action space (the
generator's moves in canonical order, where an id is an index; slow, so two wild ranks of one
are listed, in the native run), the brute force of ``tests/support/laizi_brute.py`` sorted in the
documented order (the moves of the first types are the first ids, and every type's moves are
consecutive in that order), the canonical order of each hand's legal moves, and ``classify``
(every move of an id is a reading of its cards).

Rank indices: 3=0 4=1 5=2 6=3 7=4 8=5 9=6 T=7 J=8 Q=9 K=10 A=11 2=12 B=13 R=14.
"""
from __future__ import annotations

import random
from functools import lru_cache
from operator import itemgetter
from typing import Iterator, List, Sequence, Tuple

import pytest

import ddz_fast
from ddz_fast import Move, Rules
from ddz_fast.reference import laizi as reference_laizi
from ddz_fast.cards import parse_cards

from support import laizi_brute as brute
from support.common import IMPLEMENTATION, sample_size, sizes, slow_in_python, wild_rich_hand

LAIZI = "laizi"
TIANDI = "tiandi_laizi"
#: The move options of rlcard's preset, which no laizi preset has: wings that repeat three
#: times, no wing trio next to the chain, no rocket among kickers, four-with-two solos that
#: may repeat.
RLCARD_LIKE = {"solo_wing_max_copies": 3, "trio_wing_next_to_chain": False,
               "rocket_in_kickers": False, "four_two_solo_max_copies": 2}
#: The documented type order (docs/RULES.md, "Moves and notation").
TYPE_ORDER = ("solo", "pair", "trio", "trio_solo", "trio_pair", "chain", "pair_chain",
              "airplane", "airplane_solo", "airplane_pair", "four_two_solo", "four_two_pair",
              "bomb", "rocket")
#: Every id tested in the pure-Python run is one of this many (it is 20 times slower).
STRIDE = 1 if IMPLEMENTATION != "python" else 20


def order(kind: str, key: int, length: int, counts: Sequence[int]) -> tuple:
    """The canonical order as documented: type, length, number of cards, key, then the real
    cards listed low to high."""
    return (TYPE_ORDER.index(kind), length, sum(counts), key,
            tuple(r for r, c in enumerate(counts) for _ in range(c)))


def move_order(move: Move) -> tuple:
    return order(move.type, move.key, move.length, move.counts)


def block(ident: tuple) -> tuple:
    """(type, length, number of cards, key) of a brute-force move: its block of ids."""
    kind, key, length, counts = ident
    return kind, length, sum(counts), key


@lru_cache(maxsize=None)
def brute_sorted(rules: Rules, wild: tuple, kinds: Tuple[str, ...],
                 max_cards: int = 20) -> List[tuple]:
    """The brute force's moves of some types, in the documented order.

    Sorted as by :func:`order`, in two stable passes that build no card lists: by the counts
    from high to low first, then by (type, length, number of cards, key). Among moves of the
    same number of cards, the first rank where two moves' counts differ is where their cards
    listed low to high first differ, and the one with more cards of it lists it first: the
    counts in decreasing order are the cards in increasing order."""
    found = brute.moves(brute.option_dict(rules), wild, max_cards, kinds=kinds)
    with brute.gc_paused():
        by_cards = sorted(found, key=itemgetter(3), reverse=True)
        return sorted(by_cards, key=lambda ident: (TYPE_ORDER.index(ident[0]), ident[2],
                                                   sum(ident[3]), ident[1]))


def the_move(ident: tuple, rules: Rules, wild: tuple) -> Move:
    """The library's move of a brute-force identity (its cards read that way)."""
    kind, key, length, counts = ident
    return next(m for m in ddz_fast.classify(counts, rules=rules, wild=wild)
                if (m.type, m.key, m.length) == (kind, key, length))


def checked_indices(moves: Sequence, stride: int) -> Iterator[int]:
    """Every ``stride``-th index, and both sides of every block boundary (where an id table
    that is off by one shows first)."""
    chosen = set(range(0, len(moves), stride))
    for i in range(1, len(moves)):
        if block(moves[i - 1]) != block(moves[i]):
            chosen.update((i - 1, i))
    chosen.add(len(moves) - 1)
    return iter(sorted(chosen))


# --- one wild rank: ids are indices into the listed action space ------------------------------

@pytest.fixture
def forget_listings():
    """The listed action space is kept by the library (hundreds of megabytes): drop it after."""
    yield
    reference_laizi._action_space.cache_clear()
    reference_laizi._all_moves.cache_clear()


@pytest.mark.slow
@pytest.mark.parametrize("wild", ["3"])
def test_ids_are_the_indices_of_the_listed_action_space(wild, forget_listings):
    # The listing is the generator's moves of a full deck in canonical order (the compiled
    # generator's in the native run, seconds; the reference's ~15 s a wild rank), so one here: 3,
    # which starts every chain it is in; tests/variants/laizi/test_moves.py lists the space of 5
    # wild against the brute force and checks ids in it too).
    space = ddz_fast.action_space(LAIZI, wild)
    with pytest.raises(ValueError, match=f"action id {len(space)} is outside"):
        ddz_fast.action_move(len(space), LAIZI, wild)       # the ids end where the list does
    idents = [(m.type, m.key, m.length, m.counts) for m in space]
    for index in checked_indices(idents, 37):
        assert ddz_fast.action_id(space[index], LAIZI, wild) == index
        assert ddz_fast.action_move(index, LAIZI, wild) == space[index]


# --- the brute force: the first types are the first ids, every type is consecutive -----------

CONTEXTS = [(Rules(laizi=1), (2,)), (Rules(laizi=2), (2, 9)),
            (Rules(laizi=1, **RLCARD_LIKE), (0,))]


@pytest.mark.parametrize("rules, wild", CONTEXTS)
def test_the_moves_of_the_first_types_are_the_first_ids(rules, wild):
    # Solo .. airplane (the first eight types, none with kickers or wings) in the documented
    # order are ids 0, 1, 2, ... : the brute force lists them from the readings, sorted here.
    first = brute_sorted(rules, wild, TYPE_ORDER[:8])
    for index in checked_indices(first, 40 * STRIDE):
        move = the_move(first[index], rules, wild)
        assert ddz_fast.action_id(move, rules, wild) == index, first[index]
        assert ddz_fast.action_move(index, rules, wild) == move


@slow_in_python         # the brute force is as slow in both runs: the native run has it
@pytest.mark.parametrize("rules, wild", CONTEXTS[1:2])    # two wild ranks: none is listed
def test_every_type_is_consecutive_in_the_documented_order(rules, wild):
    # The other types without wings, and the airplanes with wings of two trios (their first
    # blocks: length sorts first), each from its first id on, in the documented order.
    # Airplane solos follow the airplanes, so their first id is the count of the first eight
    # types; the rocket is the last id.
    first_types = len(brute_sorted(rules, wild, TYPE_ORDER[:8]))
    # Airplanes of 2 trios with wings: their first length (the brute force takes seconds for
    # longer ones; random ids below reach them).
    groups = [("airplane_solo", 8), ("airplane_pair", 10),
              ("four_two_solo", 20), ("four_two_pair", 20), ("bomb", 20)]
    for kind, max_cards in groups:
        moves = brute_sorted(rules, wild, (kind,), max_cards)
        start = ddz_fast.action_id(the_move(moves[0], rules, wild), rules, wild)
        if kind == "airplane_solo":
            assert start == first_types
        for index in checked_indices(moves, 40 * STRIDE):
            move = the_move(moves[index], rules, wild)
            assert ddz_fast.action_id(move, rules, wild) == start + index, moves[index]
            assert ddz_fast.action_move(start + index, rules, wild) == move
    size = reference_laizi.action_space_size(rules, wild)
    assert ddz_fast.action_move(size - 1, rules, wild).type == "rocket"


# --- two wild ranks: round trips, order and legality ------------------------------------------

def test_every_legal_move_of_random_hands_round_trips_in_canonical_order():
    # legal_moves lists a hand's moves in canonical order, so their ids increase strictly.
    # A 17-card hand with two wild ranks has about ten thousand moves.
    rng = random.Random(12)
    for size in (17, 20)[:sample_size(2, minimum=1)]:
        wild = tuple(sorted(rng.sample(range(13), 2)))
        hand = wild_rich_hand(rng, wild, size)
        moves = ddz_fast.legal_moves(hand, rules=TIANDI, wild=wild)
        ids = [ddz_fast.action_id(move, TIANDI, wild) for move in moves[::STRIDE]]
        assert all(a < b for a, b in zip(ids, ids[1:])), (hand, wild)
        assert [ddz_fast.action_move(i, TIANDI, wild) for i in ids] == list(moves[::STRIDE])


@pytest.mark.parametrize("rules, wild", [
    (TIANDI, (0, 12)), (TIANDI, (3, 7)), (Rules(laizi=2, **RLCARD_LIKE), (2, 4)),
])
def test_random_ids_give_legal_moves_in_increasing_order(rules, wild):
    # (3, 2) and (6, T) wild make the largest and smallest spaces of two wild ranks
    # (docs/variants.md). action_space_size counts the moves type by type
    # (tests/variants/laizi/test_moves.py checks it against the brute force): the ids end just
    # below it, at the rocket.
    rng = random.Random(sum(wild))
    size = reference_laizi.action_space_size(rules, wild)
    ids = sorted(set(rng.randrange(size) for _ in range(sample_size(300, minimum=30))))
    ids = [0] + ids + [size - 1]
    moves = [ddz_fast.action_move(i, rules, wild) for i in ids]
    for i, move in zip(ids, moves):
        assert move in ddz_fast.classify(move.counts, rules=rules, wild=wild), move
        assert ddz_fast.action_id(move, rules, wild) == i
    keys = [move_order(move) for move in moves]
    assert all(a < b for a, b in zip(keys, keys[1:]))
    assert (moves[0].type, moves[0].counts) == ("solo", parse_cards("3"))
    assert moves[-1] == Move("rocket", 13, 1, parse_cards("BR"))
    with pytest.raises(ValueError, match=f"action id {size} is outside 0..{size - 1}"):
        ddz_fast.action_move(size, rules, wild)


def test_the_sizes_of_the_readme_table():
    # docs/variants.md, "Laizi: wild cards": the sizes with 5 wild, with 5 and 7 wild, and the
    # largest of all (3 and 2 wild under rlcard's move options): the last id + 1.
    for rules, wild, size in ((LAIZI, "5", 573_980), (TIANDI, "57", 3_746_550),
                              (Rules.preset("rlcard").replace(laizi=2), "32", 14_710_709)):
        assert ddz_fast.action_move(size - 1, rules, wild).type == "rocket"
        with pytest.raises(ValueError, match=f"action id {size} is outside"):
            ddz_fast.action_move(size, rules, wild)


# --- what is no id, and what is no move of the space ------------------------------------------

def _laizi_bomb() -> Move:
    return next(m for m in ddz_fast.classify("5555", rules=LAIZI, wild="5")
                if m.type == "bomb" and m.key == 2)


def _fives_as_twos() -> Move:
    return next(m for m in ddz_fast.classify("55", rules=LAIZI, wild="5") if m.key == 12)


@pytest.mark.parametrize("make, wild", [
    (_fives_as_twos, "7"),      # 55 read as 22 needs 5 wild: with 7 wild the 5s are natural
    (_laizi_bomb, "7"),         # 5555 is a hard bomb with 7 wild, not a laizi one
    (lambda: Move.PASS, "5"),   # pass is no action of the space
    (lambda: next(m for m in ddz_fast.classify("33333333", rules="four_player")
                  if m.type == "bomb"), "5"),   # eight 3s: two decks
])
def test_a_move_outside_the_space_is_refused_naming_it(api, make, wild):
    move = make()
    with pytest.raises(ValueError, match="is not in the action space of .* with wild"):
        api.action_id(move, LAIZI, wild)


@pytest.mark.parametrize("hands", sizes(6, 12))
def test_a_move_of_other_wild_ranks_has_an_id_exactly_when_it_is_a_reading_here(hands):
    # Moves of random hands under some wild ranks, asked under others: in the space exactly
    # when classify (which reads the cards, not the ids) lists the move under those.
    rng = random.Random(5)
    answers = {True: 0, False: 0}
    for _ in range(sample_size(hands, minimum=3)):
        dealt, here = (tuple(sorted(rng.sample(range(13), 2))) for _ in range(2))
        hand = wild_rich_hand(rng, dealt, 12)
        for move in rng.sample(ddz_fast.legal_moves(hand, rules=TIANDI, wild=dealt), 20):
            legal = move in ddz_fast.classify(move.counts, rules=TIANDI, wild=here)
            try:
                found = ddz_fast.action_id(move, TIANDI, here)
            except ValueError as error:
                assert not legal and "is not in the action space" in str(error), move
            else:
                assert legal and ddz_fast.action_move(found, TIANDI, here) == move, move
            answers[legal] += 1
    assert answers[True] and answers[False]


@pytest.mark.parametrize("call, error, message", [
    (lambda api: api.action_id(55, LAIZI, "5"), TypeError, "move must be a Move"),
    (lambda api: api.action_id("55", LAIZI, "5"), ValueError, "move: '55' is ambiguous"),
    (lambda api: api.action_move("3", LAIZI, "5"), TypeError, "an action id is an int"),
    (lambda api: api.action_move(-1, LAIZI, "5"), ValueError, "action id -1 is outside"),
    (lambda api: api.action_move(0, LAIZI), ValueError, "play with 1 wild rank"),
    (lambda api: api.action_id(_laizi_bomb(), TIANDI, "5"), ValueError, "have 2 wild rank"),
    (lambda api: api.action_move(0, "standard", "5"), ValueError, "without wild cards"),
])
def test_bad_ids_and_contexts_are_refused_by_name(api, call, error, message):
    with pytest.raises(error, match=message):
        call(api)


def test_ids_need_no_listing_of_the_space():
    # Ranking two wild ranks' moves must not list their millions of moves: the listing is
    # kept by the library once made, so it must still be absent afterwards.
    reference_laizi._action_space.cache_clear()
    ddz_fast.action_id(ddz_fast.action_move(1_234_567, TIANDI, "9J"), TIANDI, "9J")
    assert reference_laizi._action_space.cache_info().currsize == 0
