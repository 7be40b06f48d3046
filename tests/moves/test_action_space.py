"""Action spaces against the published counts of docs/RULES.md (an independent source)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from ddz_fast import Move, Rules
from ddz_fast.reference import moves as reference, laizi as reference_laizi
from ddz_fast.move import sort_key_in_context

# docs/RULES.md, "Presets": distinct moves (pass excluded) and per-type counts. Botzone is
# standard plus the space shuttle, counted by hand (docs/variants.md; test_botzone.py counts
# it again by brute force): 38 alone + 17,105 with solo wings + 3,630 with pair wings.
TOTALS = {"standard": 13_550, "rlcard": 27_471, "openspiel": 26_053, "douzero": 30_383,
          "botzone": 13_550 + 20_773}
DISTINCT_MULTISETS = {"douzero": 29_984}
PER_TYPE = {
    #                standard rlcard openspiel douzero botzone
    "solo":          (15, 15, 15, 15, 15),
    "pair":          (13, 13, 13, 13, 13),
    "trio":          (13, 13, 13, 13, 13),
    "trio_solo":     (182, 182, 182, 182, 182),
    "trio_pair":     (156, 156, 156, 156, 156),
    "chain":         (36, 36, 36, 36, 36),
    "pair_chain":    (52, 52, 52, 52, 52),
    "airplane":      (45, 45, 45, 45, 45),
    "airplane_solo": (8_044, 21_822, 22_588, 24_721, 8_044),
    "airplane_pair": (2_939, 2_939, 2_939, 2_939, 2_939),
    "four_two_solo": (1_183, 1_326, 0, 1_339, 1_183),
    "four_two_pair": (858, 858, 0, 858, 858),
    "bomb":          (13, 13, 13, 13, 13),
    "rocket":        (1, 1, 1, 1, 1),
    "space_shuttle": (0, 0, 0, 0, 20_773),
}
COLUMN = {"standard": 0, "rlcard": 1, "openspiel": 2, "douzero": 3, "botzone": 4}
RLCARD_AIRPLANE_SOLO_BY_LENGTH = {2: 968, 3: 3_282, 4: 7_184, 5: 10_388}


def test_totals(api, preset):
    assert len(api.action_space(preset)) == TOTALS[preset]


def test_per_type_counts(api, preset):
    by_type = Counter(move.type for move in api.action_space(preset))
    expected = {t: row[COLUMN[preset]] for t, row in PER_TYPE.items() if row[COLUMN[preset]]}
    assert dict(by_type) == expected


def test_douzero_distinct_card_multisets(api):
    assert len({m.counts for m in api.action_space("douzero")}) == DISTINCT_MULTISETS["douzero"]


def test_rlcard_airplane_solo_by_chain_length(api):
    lengths = Counter(m.length for m in api.action_space("rlcard") if m.type == "airplane_solo")
    assert dict(lengths) == RLCARD_AIRPLANE_SOLO_BY_LENGTH


def test_ids_are_dense_and_invertible(api, preset):
    space = api.action_space(preset)
    # Sorted in the Move order, which compares sort_key() (each key computed once here).
    assert list(space) == sorted(space, key=Move.sort_key) and len(set(space)) == len(space)
    for i in (0, 1, len(space) // 2, len(space) - 1):
        assert api.action_id(space[i], preset) == i
        assert api.action_move(i, preset) == space[i]


def test_action_id_errors(api):
    four_two = api.classify("333345", rules="standard")[0]
    with pytest.raises(ValueError, match="not in the action space"):
        api.action_id(four_two, "openspiel")
    with pytest.raises(ValueError, match="outside"):
        api.action_move(13_550, "standard")
    with pytest.raises(TypeError):
        api.action_move("7", "standard")
    with pytest.raises(TypeError):
        api.action_id(333, "standard")
    assert api.action_id("333", "standard") == api.action_id(api.classify("333")[0])
    assert Move.PASS not in api.action_space("standard")


def test_the_generators_sort_key_orders_as_the_canonical_order(preset):
    # The generators sort by a quicker key than Move.sort_key, the definition of the order:
    # shuffled, every move of a preset's space, of two decks, and the moves of hands with one
    # and two wild ranks (where bombs of wild cards share their cards with other readings)
    # must come back in the order Move.sort_key gives them.
    rng = random.Random(11)
    groups = [list(reference.action_space(preset))]
    if preset == "standard":
        groups.append(list(reference.action_space("four_player")))
        for wild, cards in (((2,), "3334445555667789TTJJ"), ((2, 7), "3344455556TTJQR")):
            rules = Rules().replace(laizi=len(wild))
            groups.append(reference_laizi.legal_moves(cards, rules=rules, wild=wild))
    for moves in groups:
        shuffled = rng.sample(moves, len(moves))
        assert sorted(shuffled, key=sort_key_in_context) == sorted(shuffled, key=Move.sort_key)
