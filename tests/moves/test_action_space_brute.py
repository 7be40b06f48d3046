"""Every preset's action space against an independent brute force
(tests/support/action_space_brute.py).

The brute force lists the moves of a rule set from the rule text of docs/RULES.md alone, every
candidate kicker and wing multiset filtered by the rule's predicates, sharing no code with the
generators. Here the action space of the library (compiled and reference) must be exactly its
set of (type, key, length, counts), type by type; and the brute force must itself reproduce
every count the rule book and the documentation publish or derive by hand, so that it is checked
against numbers that come from neither side.

Rule sets: every preset without wild cards (``laizi`` and ``tiandi_laizi`` have their own brute
force, tests/support/laizi_brute.py), the four-player table without ``rocket_in_kickers``, and
option sets of the one-deck options table that no preset takes (every pairing of
``solo_wing_max_copies`` with ``trio_wing_next_to_chain``, each value of the other options beside
several), at one deck, at two decks and with the space shuttle.
"""
from __future__ import annotations

from collections import Counter
from math import comb
from typing import Dict

import pytest

from support.action_space_brute import brute_force, per_type
from ddz_fast import Rules
from ddz_fast.rules import PRESETS, WIDEST_RULES, WIDEST_TWO_DECKS
from support.two_deck_cases import per_type_counts as two_deck_formula

FOUR = Rules.preset("four_player")
WITH_WILD_CARDS = ("laizi", "tiandi_laizi")
#: Run Fast's presets: another game, checked against its own brute force
#: (tests/moves/test_runfast_action_space.py).
RUN_FAST = ("runfast", "runfast_15")


def _options(solo: int, next_to_chain: bool, rocket: bool, four_two: bool, four_solo: int,
             **table: object) -> Rules:
    return Rules(solo_wing_max_copies=solo, trio_wing_next_to_chain=next_to_chain,
                 rocket_in_kickers=rocket, four_two=four_two,
                 four_two_solo_max_copies=four_solo, **table)


#: Option sets no preset takes: (solo_wing_max_copies, trio_wing_next_to_chain,
#: rocket_in_kickers, four_two, four_two_solo_max_copies). With the presets (standard 1 T T T 1,
#: rlcard 3 F F T 2, openspiel 3 T F F 1, douzero 4 T T T 2) every solo_wing_max_copies meets
#: both values of trio_wing_next_to_chain, and every other option each of its values.
ONE_DECK_OPTIONS = {
    "1FFT2": _options(1, False, False, True, 2),
    "1TFF1": _options(1, True, False, False, 1),
    "2TFT1": _options(2, True, False, True, 1),
    "2FTT2": _options(2, False, True, True, 2),
    "3TTT1": _options(3, True, True, True, 1),
    "3FTF1": _options(3, False, True, False, 1),
    "4FFT2": _options(4, False, False, True, 2),
    "4FTT1": _options(4, False, True, True, 1),
}
#: Option sets at the four-player table, where jokers, two of each, may repeat among wings and
#: kickers (rlcard's options and the widest, douzero's, beside the preset).
TWO_DECK_OPTIONS = {
    "four_player+no_rocket_in_kickers": FOUR.replace(rocket_in_kickers=False),
    "four_player+rlcard_options": _options(3, False, False, True, 2, players=4),
    "four_player+widest": WIDEST_TWO_DECKS,
    "four_player+2FTF1": _options(2, False, True, False, 1, players=4),
}
#: The space shuttle beside other options.
SHUTTLE_OPTIONS = {
    "botzone+no_rocket_in_kickers": Rules(space_shuttle=True, rocket_in_kickers=False),
    "botzone+douzero_options": WIDEST_RULES,
}
RULE_SETS: Dict[str, Rules] = {
    **{name: rules for name, rules in PRESETS.items()
       if name not in WITH_WILD_CARDS + RUN_FAST},
    **{f"one_deck+{name}": rules for name, rules in ONE_DECK_OPTIONS.items()},
    **TWO_DECK_OPTIONS, **SHUTTLE_OPTIONS,
}


# --- the library against the brute force --------------------------------------------------

@pytest.mark.parametrize("rules", list(RULE_SETS.values()), ids=list(RULE_SETS))
def test_the_action_space_is_the_brute_force(api, rules):
    space = api.action_space(rules)
    listed = [(m.type, m.key, m.length, tuple(m.counts)) for m in space]
    listed_set = set(listed)
    expected = brute_force(rules)
    assert len(listed_set) == len(listed), "a move listed twice"
    assert dict(Counter(move[0] for move in listed)) == per_type(expected)
    missing, extra = expected - listed_set, listed_set - expected
    assert not missing and not extra, (sorted(missing)[:5], sorted(extra)[:5])


def test_every_preset_without_wild_cards_is_checked():
    without = {name for name, rules in PRESETS.items() if not rules.laizi}
    assert without == set(PRESETS) - set(WITH_WILD_CARDS)
    assert without - set(RUN_FAST) <= set(RULE_SETS)
    assert {name for name, rules in PRESETS.items() if rules.game == "runfast"} == set(RUN_FAST)


# --- the brute force against published and hand-derived counts ----------------------------

# docs/RULES.md, "Presets": distinct moves (pass excluded) and the per-type table.
PUBLISHED_TOTALS = {"standard": 13_550, "rlcard": 27_471, "openspiel": 26_053,
                    "douzero": 30_383}
PUBLISHED_PER_TYPE = {
    #                standard rlcard openspiel douzero
    "solo":          (15, 15, 15, 15),
    "pair":          (13, 13, 13, 13),
    "trio":          (13, 13, 13, 13),
    "trio_solo":     (182, 182, 182, 182),
    "trio_pair":     (156, 156, 156, 156),
    "chain":         (36, 36, 36, 36),
    "pair_chain":    (52, 52, 52, 52),
    "airplane":      (45, 45, 45, 45),
    "airplane_solo": (8_044, 21_822, 22_588, 24_721),
    "airplane_pair": (2_939, 2_939, 2_939, 2_939),
    "four_two_solo": (1_183, 1_326, 0, 1_339),
    "four_two_pair": (858, 858, 0, 858),
    "bomb":          (13, 13, 13, 13),
    "rocket":        (1, 1, 1, 1),
}


@pytest.mark.parametrize("column, name", list(enumerate(PUBLISHED_TOTALS)))
def test_the_brute_force_gives_the_published_counts(column, name):
    moves = brute_force(Rules.preset(name))
    assert len(moves) == PUBLISHED_TOTALS[name]
    expected = {t: row[column] for t, row in PUBLISHED_PER_TYPE.items() if row[column]}
    assert per_type(moves) == expected


def test_the_brute_force_gives_the_published_details():
    # docs/RULES.md, "Presets": douzero's 30,383 moves are 29,984 distinct card multisets, and
    # RLCard's airplanes with solo wings number 968 / 3,282 / 7,184 / 10,388 for n = 2..5.
    assert len({move[3] for move in brute_force(Rules.preset("douzero"))}) == 29_984
    lengths = Counter(move[2] for move in brute_force(Rules.preset("rlcard"))
                      if move[0] == "airplane_solo")
    assert dict(lengths) == {2: 968, 3: 3_282, 4: 7_184, 5: 10_388}


def test_no_kitty_has_the_standard_action_space(api):
    # docs/RULES.md, "No kitty": everything but the deal is unchanged, the action space
    # included (the brute force, which reads no kitty, checks each of them on its own).
    assert Rules.preset("no_kitty") != Rules.preset("standard")
    assert list(api.action_space("no_kitty")) == list(api.action_space("standard"))


# docs/variants.md, "Botzone: the space shuttle": n bombs of consecutive ranks 3..A start at 13 - n
# keys.
#   alone, n = 2..5: 11 + 10 + 9 + 8 = 38
#   2n solo wings of distinct ranks outside the chain, both jokers allowed (15 - n ranks):
#     n = 2: 11 * C(13, 4) = 7,865; n = 3: 10 * C(12, 6) = 9,240
#   2n pair wings of distinct ranks 3..2 outside the chain (13 - n ranks): n = 2: 11 * C(11, 4)
#     = 3,630
# So 20,773 shuttles beside standard's 13,550: 34,323.
SHUTTLES_BY_KIND = {("alone", 2): 11, ("alone", 3): 10, ("alone", 4): 9, ("alone", 5): 8,
                    ("solos", 2): 11 * comb(13, 4), ("solos", 3): 10 * comb(12, 6),
                    ("pairs", 2): 11 * comb(11, 4)}


def test_the_brute_force_gives_botzone_counted_by_hand():
    moves = brute_force(Rules.preset("botzone"))
    assert len(moves) == 34_323
    kinds = {4: "alone", 6: "solos", 8: "pairs"}        # cards a bomb, by kind
    shuttles = Counter((kinds[sum(move[3]) // move[2]], move[2]) for move in moves
                       if move[0] == "space_shuttle")
    assert dict(shuttles) == SHUTTLES_BY_KIND and sum(shuttles.values()) == 20_773


@pytest.mark.parametrize("rules", [FOUR, FOUR.replace(rocket_in_kickers=False)],
                         ids=["four_player", "no_rocket_in_kickers"])
def test_the_brute_force_gives_the_two_deck_formula(rules):
    # tests/variants/four_player/test_moves.py counts the same action spaces with binomial
    # coefficients, type by type, the derivation beside each; 20,307 is that table added up by
    # hand.
    moves = brute_force(rules)
    assert per_type(moves) == two_deck_formula(rules)
    if rules == FOUR:
        assert len(moves) == 20_307


def test_the_brute_force_gives_hand_counts_of_repeated_wings_at_two_decks():
    # Four players with rlcard's options: solo wings repeat up to 3 times (a joker at most
    # twice, the deck's two), no wing trio next to the chain, never both jokers among kickers.
    rules = TWO_DECK_OPTIONS["four_player+rlcard_options"]
    moves = brute_force(rules)
    # Airplanes of 3 trios: 10 keys, 12 other ranks, C(14, 3) = 364 multisets of 3 of them;
    # less BBB and RRR (2), less the 12 holding both jokers (BBR, BRR and BR + one of the 10
    # suited others), less the trio of each neighbour within 3..A (1 for keys 3 and Q, 2 for
    # the 8 others): 10 * (364 - 2 - 12) - (1 + 1 + 8 * 2) = 3,500 - 18 = 3,482.
    by_length = Counter(m[2] for m in moves if m[0] == "airplane_solo")
    assert by_length[3] == 3_482
    # Airplanes of 2 trios: 11 keys, 13 other ranks, C(14, 2) = 91 multisets of 2, less BR:
    # no multiset of 2 holds 3 of a rank. 11 * 90 = 990.
    assert by_length[2] == 990
    # Four + two solos: 13 ranks, two kickers of the 14 others, a pair allowed (every rank
    # has two cards at two decks, BB and RR included): C(14, 2) + 14 = 105, less BR: 13 * 104
    # = 1,352. Four + two pairs: two distinct pair ranks of 14, less BB + RR: 13 * 90 = 1,170.
    counts = per_type(moves)
    assert (counts["four_two_solo"], counts["four_two_pair"]) == (1_352, 1_170)
