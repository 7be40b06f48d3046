"""Generators of the vocabulary: cards, hands, moves, rules, actions, notation, words."""
from __future__ import annotations


import numpy as np

import ddz_fast
from ddz_fast import (Bid, DealBonus, Double, Hand, Move, Rules, action_space, bitboard, cards,
                      compiled, legal_moves, parse_cards, shapes, validate)
from ddz_fast import move as move_module, rules as rules_module, wild as wild_module
from ddz_fast.actions import Partner
from ddz_fast.cards import NUM_RANKS
from ddz_fast.hand import as_hand
from ddz_fast.move import bomb_factor
from ddz_fast.moves import implementation
from ddz_fast.shapes import RUNFAST_SHAPES

from .core import (PLAIN_PRESETS, PRESET_NAMES, Gen, _call, _known_invalid_counts, call_text,
                   either, entry, expect_equal, r)


@entry("Hand", covers=["ddz_fast.Hand"])
def _(g: Gen):
    value = g.hand_like() if g.chance(0.6) else g.any()
    if g.chance(0.1):
        value = g.pick([np.array(3), np.array([]), np.array([[0] * 15]), b"\x01" * 15,
                        bytearray(15), np.zeros(15, dtype="m8[s]"), np.ones(15, dtype="m8[D]")])
    text, thunk = _call("Hand", Hand, value)
    return text, thunk, {"expect": "error" if _known_invalid_counts(value) else None}


@entry("Hand.from_bitboard", covers=["ddz_fast.Hand.from_bitboard"])
def _(g: Gen):
    value = g.pick([Hand(g.valid_counts()).bitboard, 0x8, 10 << 60, 2**64, -1]) \
        if g.chance(0.5) else g.any()
    return _call("Hand.from_bitboard", Hand.from_bitboard, value)


@entry("Move", covers=["ddz_fast.Move"])
def _(g: Gen):
    base = g.valid_move() if g.chance(0.8) else Move.PASS
    args = [base.type, base.key, base.length, list(base.counts)]
    for _ in range(g.rng.randint(1, 2)):
        i = g.rng.randrange(4)
        if i == 0:
            args[0] = g.pick(["solo", "SOLO", "chain", "bogus", ["solo"], None, 1, b"solo",
                              "pass", "rocket"]) if g.chance(0.7) else g.any()
        elif i in (1, 2):
            args[i] = g.pick([-1, 0, 13, 15, 12, 16, 2**31, np.int64(1), 1.0, True, None]) \
                if g.chance(0.7) else g.any()
            if g.chance(0.03):   # huge chain lengths: known to be slow, so drawn rarely
                args[i] = g.pick([10**7, 2**63, 10**20])
        else:
            args[3] = g.hand_like() if g.chance(0.5) else g.any()
    if g.chance(0.05):
        args = ["chain", 0, g.pick([10**7, 10**5, 10**9]), list(base.counts)]
    return _call("Move", Move, *args)


@entry("bomb_factor", covers=["ddz_fast.move.bomb_factor"], examples=20)
def _(g: Gen):
    move = g.pick([g.valid_move(), g.laizi_move(), Move.PASS]) if g.chance(0.8) else g.any()
    option = g.pick(["double", "app"]) if g.chance(0.8) else g.pick(["bogus", None, 2, g.any()])
    return _call("bomb_factor", bomb_factor, move, option)


@entry("Move.from_word", covers=["ddz_fast.Move.from_word"])
def _(g: Gen):
    if g.chance(0.5):
        word = g.valid_move().word
        word = g.pick([word, word ^ (1 << g.rng.randrange(64)), word | (1 << 63), word + 1,
                       word - 1, -word, word << 1, 10 << 60, 15 << 60])
    else:
        word = g.any()
    return _call("Move.from_word", Move.from_word, word)


@entry("parse_cards", covers=["ddz_fast.parse_cards"])
def _(g: Gen):
    value = g.text() if g.chance(0.7) else g.any()
    return _call("parse_cards", parse_cards, value)


@entry("format_cards", covers=["ddz_fast.format_cards"])
def _(g: Gen):
    value = g.hand_like() if g.chance(0.5) else g.any()
    return _call("format_cards", ddz_fast.format_cards, value)


@entry("Rules", covers=["ddz_fast.Rules", "ddz_fast.Rules.replace"])
def _(g: Gen):
    from dataclasses import fields as dc_fields
    names = [f.name for f in dc_fields(Rules)]
    kwargs = {}
    for _ in range(g.rng.randint(1, 3)):
        name = g.pick(names + ["bogus"])
        kwargs[name] = g.pick([True, False, 1, 2, 4, 5, 0, "points", "call_rob", None,
                               np.bool_(True), np.int64(2), 1.0]) if g.chance(0.6) else g.any()
    if g.chance(0.3):
        base = Rules.preset(g.pick(PRESET_NAMES))
        return _call("Rules.preset(...).replace", base.replace, **kwargs)
    return _call("Rules", Rules, **kwargs)


@entry("Rules.preset", covers=["ddz_fast.Rules.preset"])
def _(g: Gen):
    return _call("Rules.preset", Rules.preset, g.rules_like() if g.chance(0.5) else g.any())


@entry("notation.parse_move", covers=["ddz_fast.moves.notation.parse_move",
                                      "ddz_fast.moves.notation.readings"])
def _(g: Gen):
    from ddz_fast.moves.notation import format_move, parse_move, readings
    text = format_move(g.valid_move()) if g.chance(0.3) else g.text()
    if g.chance(0.3) and isinstance(text, str):
        text = text + g.pick([":", "@", "@K", "@99", ":pair", ":bogus", "@-1", "@", "@" * 3,
                              "@٣", "@1e3", ":solo@10"])
    if g.chance(0.1):
        text = g.any()
    if g.chance(0.3):       # under a rule set, with wild cards too
        rules = g.pick([None, "douzero", "laizi", "tiandi_laizi", "four_player", g.rules_like()])
        wild = g.pick([None, "5", "5T", (2,), g.wild_like()])
        fn = g.pick([readings, parse_move])
        return _call(fn.__name__, fn, text, rules, wild)
    return _call("parse_move", parse_move, text)


@entry("notation.parse_action", covers=["ddz_fast.moves.notation.parse_action"])
def _(g: Gen):
    from ddz_fast.moves.notation import parse_action
    text = g.text() if g.chance(0.8) else g.any()
    phase = g.pick(["bidding", "doubling", "play", "over", "", None, "PLAY", 5])
    return _call("parse_action", parse_action, text, phase)


@entry("notation.format", covers=["ddz_fast.moves.notation.format_move",
                                  "ddz_fast.moves.notation.format_action"])
def _(g: Gen):
    from ddz_fast import Bid
    from ddz_fast.moves.notation import format_action, format_move
    value = g.move_like() if g.chance(0.7) else g.pick([Bid.PASS, 3, "x", g.any()])
    fn = g.pick([format_move, format_action])
    return _call(fn.__name__, fn, value)


# --- cards, words and shapes -----------------------------------------------------------------

@entry("cards", covers=["ddz_fast.cards.deck_counts", "ddz_fast.cards.fits_one_deck",
                        "ddz_fast.cards.check_counts", "ddz_fast.cards.rank_index",
                        "ddz_fast.hand.as_hand"], examples=30)
def _(g: Gen):
    which = g.pick(["deck_counts", "fits_one_deck", "check_counts", "rank_index", "as_hand"])
    decks = g.pick([1, 2, 2, 0, 3, -1, True, 1.0, "1", None, np.int64(2), 2**64])
    if which == "deck_counts":
        return _call("cards.deck_counts", cards.deck_counts, either(g, lambda: decks))
    if which == "rank_index":
        letter = g.pick(list("3456789TJQKA2BRtjqkabr") + ["10", "1", "0", "", "33", "Ｔ",
                                                          "\ud800", "\x00"])
        return _call("cards.rank_index", cards.rank_index, either(g, lambda: letter))
    if which == "fits_one_deck":      # of checked counts only (its documented argument)
        counts = g.two_deck_counts() if g.chance(0.5) else tuple(g.valid_counts())

        def run():
            expect_equal("fits_one_deck", cards.fits_one_deck(counts),
                         all(c <= m for c, m in zip(counts, cards.FULL_DECK)))
        return call_text("cards.fits_one_deck", counts), run
    value = g.two_deck_counts() if g.chance(0.3) else g.hand_like()
    fn = cards.check_counts if which == "check_counts" else as_hand
    return _call(f"{fn.__module__}.{fn.__name__}", fn, value, either(g, lambda: decks, 0.8))


@entry("bitboard", covers=["ddz_fast.bitboard.pack", "ddz_fast.bitboard.unpack",
                           "ddz_fast.bitboard.contains", "ddz_fast.bitboard.main_ranks",
                           "ddz_fast.bitboard.pack_two_decks", "ddz_fast.bitboard.unpack_two_decks",
                           "ddz_fast.bitboard.canonical", "ddz_fast.bitboard.pack_laizi",
                           "ddz_fast.bitboard.is_laizi", "ddz_fast.bitboard.unpack_reading",
                           "ddz_fast.bitboard.bomb_class_code", "ddz_fast.bitboard.TwoDecksWord",
                           "ddz_fast.bitboard.LaiziWord", "ddz_fast.bitboard.pack_runfast",
                           "ddz_fast.bitboard.is_runfast", "ddz_fast.bitboard.runfast_word64",
                           "ddz_fast.bitboard.runfast_from_word64"], examples=30)
def _(g: Gen):
    """The word helpers take checked counts (they build every word of the reference): called
    on their documented domain, each result checked against another way to it."""
    counts = g.two_deck_counts() if g.chance(0.4) else tuple(g.valid_counts())
    ranks = sorted(g.rng.sample(range(NUM_RANKS), g.rng.randint(0, 4)))
    code = g.rng.randrange(16 if max(counts) <= 4 else 128)
    reading = tuple(g.rng.randint(0, 12) for _ in range(NUM_RANKS))
    klass = g.rng.randrange(4)
    hostile = g.any()

    def run():
        one = max(counts) <= 4
        if one:
            word = bitboard.pack(counts, ranks, code)
            expect_equal("unpack(pack)", bitboard.unpack(word), counts)
            expect_equal("main_ranks(pack)", bitboard.main_ranks(word), tuple(ranks))
            move = bitboard.pack(tuple(min(c, 1) for c in counts))
            expect_equal("contains", bitboard.contains(word, move), True)
            laizi = bitboard.pack_laizi(counts, ranks, code, reading, klass)
            expect_equal("unpack_reading", bitboard.unpack_reading(laizi), reading)
            expect_equal("bomb_class_code", bitboard.bomb_class_code(laizi), klass)
            expect_equal("is_laizi", bitboard.is_laizi(laizi), True)
            runfast = bitboard.pack_runfast(counts, ranks, code)
            expect_equal("is_runfast(pack_runfast)", bitboard.is_runfast(runfast), True)
            expect_equal("is_laizi(pack_runfast)", bitboard.is_laizi(runfast), False)
            expect_equal("low word of pack_runfast", runfast ^ bitboard.RUNFAST, word)
            expect_equal("is_runfast(laizi word)", bitboard.is_runfast(laizi), False)
            if code in (3, 8, 11):      # Run Fast's own types: the 64-bit word and back
                expect_equal("runfast_from_word64(runfast_word64)", bitboard.runfast_from_word64(
                    bitboard.runfast_word64(runfast)), runfast)
            expect_equal("LaiziWord", int(bitboard.LaiziWord(laizi)), int(laizi))
        wide = bitboard.pack_two_decks(counts, ranks, code)
        expect_equal("unpack_two_decks(pack_two_decks)", bitboard.unpack_two_decks(wide), counts)
        expect_equal("main_ranks(pack_two_decks)", bitboard.main_ranks(wide), tuple(ranks))
        expect_equal("canonical", bitboard.canonical(counts, one, ranks, code),
                     bitboard.pack(counts, ranks, code) if one else wide)
        expect_equal("TwoDecksWord", int(bitboard.TwoDecksWord(wide)), int(wide))
        bitboard.is_runfast(hostile)
        return bitboard.is_laizi(hostile)   # False for anything that is no laizi word
    return call_text("bitboard round trips", counts, ranks, code, reading, klass) + \
        f"; is_laizi({r(hostile)})", run


@entry("shapes", covers=["ddz_fast.shapes.main_shapes", "ddz_fast.shapes.is_combination",
                         "ddz_fast.shapes.readings_of", "ddz_fast.shapes.kicker_cards"],
       examples=30)
def _(g: Gen):
    """The shape table's functions take checked counts and known types: each move of an
    action space must be a combination of its own type, key and length, one of the readings
    of its cards."""
    space = action_space(g.pick(["douzero", "botzone", "four_player"]))
    move = space[g.rng.randrange(len(space))]
    kind = move.type if g.chance(0.8) else g.pick(list(ddz_fast.MOVE_TYPES))
    key = move.key if g.chance(0.8) else g.rng.randint(0, 14)
    length = move.length if g.chance(0.8) else g.rng.randint(1, 12)
    decks = g.pick([1, 2])

    def run():
        shapes.main_shapes(decks)
        shapes.kicker_cards(kind, length)
        combination = shapes.is_combination(kind, key, length, move.counts)
        readings = shapes.readings_of(move.counts)
        if (kind, key, length) == (move.type, move.key, move.length):
            expect_equal(f"is_combination of {move!r}", combination, True)
        expect_equal(f"{move!r} among its readings",
                     (move.type, move.key, move.length) in readings, True)
    return call_text("shapes", move, kind, key, length, decks), run


@entry("runfast shapes", covers=["ddz_fast.shapes.is_runfast_combination",
                                 "ddz_fast.shapes.runfast_readings_of",
                                 "ddz_fast.shapes.runfast_kickers"], examples=30)
def _(g: Gen):
    """Run Fast's shape functions take checked counts and known types: each move of a Run Fast
    action space is a combination of its own type, key and length, one of its cards'
    readings, and carries at most its full form's kickers."""
    rules = g.pick(["runfast", "runfast_15", Rules.preset("runfast").replace(four_three=True,
                                                                              aaa_bomb=True)])
    space = action_space(rules)     # the compiled core's when built: the same moves, sooner
    move = space[g.rng.randrange(len(space))]
    kind = move.type if g.chance(0.8) else g.pick(list(shapes.TYPE_NAMES))
    key = move.key if g.chance(0.8) else g.rng.randint(0, 14)
    length = move.length if g.chance(0.8) else g.rng.randint(1, 12)

    def run():
        combination = shapes.is_runfast_combination(kind, key, length, move.counts)
        kickers = shapes.runfast_kickers(kind, length)
        if (kind, key, length) == (move.type, move.key, move.length):
            expect_equal(f"is_runfast_combination of {move!r}", combination, True)
            expect_equal(f"kickers of {move!r} within the full form's",
                         len(move) - RUNFAST_SHAPES[kind][0] * length <= kickers, True)
        expect_equal(f"{move!r} among its readings", (move.type, move.key, move.length)
                     in shapes.runfast_readings_of(move.counts), True)
    return call_text("runfast shapes", move, kind, key, length), run


@entry("validate", covers=["ddz_fast.validate.is_int", "ddz_fast.validate.check_int",
                           "ddz_fast.validate.check_seat", "ddz_fast.validate.check_seed64",
                           "ddz_fast.validate.check_duration", "ddz_fast.validate.check_bool",
                           "ddz_fast.validate.shown"], examples=30)
def _(g: Gen):
    """The checks take any value (their name and bounds come from the library's code)."""
    value = g.pick([g.int(), g.float(), g.np_scalar(), True, None, "3"]) if g.chance(0.5) \
        else g.any()
    which = g.pick(["is_int", "check_int", "check_seat", "check_seed64", "check_duration",
                    "check_bool", "shown"])
    if which == "check_int":
        low, high = g.pick([(None, None), (0, None), (None, 3), (1, 4), (0, 2**64 - 1)])
        return _call("validate.check_int", validate.check_int, "n", value, low, high)
    if which == "check_seat":
        return _call("validate.check_seat", validate.check_seat, "seat", value, g.pick([3, 4]))
    if which == "check_duration":
        return _call("validate.check_duration", validate.check_duration, "seconds", value,
                     allow_zero=g.chance(0.5))
    if which in ("check_seed64", "check_bool"):
        return _call(f"validate.{which}", getattr(validate, which), "x", value)
    return _call(f"validate.{which}", getattr(validate, which), value)


@entry("wild", covers=["ddz_fast.wild.wild_ranks", "ddz_fast.wild.check_wild"], examples=30)
def _(g: Gen):
    wild = g.wild_like()
    if g.chance(0.5):
        return _call("wild.wild_ranks", wild_module.wild_ranks, wild)
    rules = g.preset()          # check_wild takes checked rules
    return _call("wild.check_wild", wild_module.check_wild, rules, wild)


@entry("Move.parse", covers=["ddz_fast.Move.parse", "ddz_fast.Move.sort_key",
                             "ddz_fast.move.sort_key_in_context", "ddz_fast.move.reading_counts",
                             "ddz_fast.move.split_move"], examples=30)
def _(g: Gen):
    which = g.pick(["parse", "parse", "sort_key", "reading_counts", "split_move"])
    if which == "sort_key":     # of Moves (the generators sort their own moves by it)
        a, b = g.valid_move(), g.valid_move()

        def run():
            expect_equal("sort_key_in_context order", a.sort_key() < b.sort_key(),
                         move_module.sort_key_in_context(a) < move_module.sort_key_in_context(b))
        return call_text("sort keys", a, b), run
    if which == "parse":
        move = g.valid_move() if g.chance(0.5) else g.laizi_move()
        text = str(move) if g.chance(0.6) else g.move_text() if g.chance(0.9) else g.any()

        def run():
            parsed = Move.parse(text)
            if text == str(move):
                expect_equal(f"Move.parse(str({move!r}))", parsed, move)
            return parsed
        return call_text("Move.parse", text), run
    # reading_counts reads the text after "=" that Move.parse has checked to be a str
    text = g.move_text() if which == "reading_counts" or g.chance(0.8) else g.any()
    if which == "reading_counts" and g.chance(0.7):
        text = text.partition("=")[2]
    return _call(f"move.{which}", getattr(move_module, which), text)


@entry("actions", covers=["ddz_fast.Bid", "ddz_fast.Double", "ddz_fast.DealBonus",
                          "ddz_fast.actions.Partner"], examples=20)
def _(g: Gen):
    cls = g.pick([Bid, Double, DealBonus, Partner])
    value = g.pick([0, 1, 3, 5, 6, -1, True, 1.0, "PASS", "BID_3", np.int64(1), None]) \
        if g.chance(0.6) else g.any()
    return _call(cls.__name__, cls, value)


@entry("compiled", covers=["ddz_fast.compiled.load", "ddz_fast.compiled.require_core"],
       examples=15)
def _(g: Gen):
    names = [name for group in compiled.NATIVE_MODULES.values() for name in group]
    name = g.pick(names + ["ddz_fast.bogus", "", "os", "ddz_fast", "ddz_fast.hand"]) \
        if g.chance(0.8) else g.any()
    if g.chance(0.2):
        return "compiled.require_core()", compiled.require_core
    return _call("compiled.load", compiled.load, name)


@entry("rules helpers", covers=["ddz_fast.rules.as_rules", "ddz_fast.rules.three_player_rules",
                                "ddz_fast.rules.three_player_table",
                                "ddz_fast.rules.plain_rules", "ddz_fast.rules.dou_dizhu_rules"],
       examples=30)
def _(g: Gen):
    rules = g.rules_like()
    which = g.pick(["as_rules", "three_player_rules", "three_player_table", "plain_rules",
                    "dou_dizhu_rules"])
    if which == "as_rules":
        return _call("rules.as_rules", rules_module.as_rules, rules)
    if which == "plain_rules":   # of checked rules
        return _call("rules.plain_rules", rules_module.plain_rules, g.preset(), "the fuzzer")
    return _call(f"rules.{which}", getattr(rules_module, which), rules, "the fuzzer")


@entry("Rules.forged", covers=["ddz_fast.Rules", "ddz_fast.reference.legal_moves"],
       examples=30)
def _(g: Gen):
    """A Rules changed behind its checks after it was used: the native move API must answer
    for its fields now (or refuse them) as the reference does, never from what it compiled."""
    from ddz_fast.moves import implementation
    rules = g.preset(PLAIN_PRESETS).replace()
    hand = Hand(g.valid_counts())
    forged = g.forged_rules(rules) if g.chance(0.7) else rules

    def outcome(api):
        try:
            return len(api.legal_moves(hand, rules=forged))
        except (TypeError, ValueError) as error:
            return f"{type(error).__name__}: {error}"

    def run():
        legal_moves(hand, rules=rules)          # compiled and cached for these fields
        expect_equal("native after the change vs the reference", outcome(implementation(
            "native")), outcome(implementation("python")))
    return call_text("legal_moves after object.__setattr__", hand, rules), run
