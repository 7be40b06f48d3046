"""Generators of the move API: legal moves, classification, action ids, batches, move lists."""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from ddz_fast import (Hand, Move, MoveList, Rules, action_id, action_move, action_space, beats,
                      classify, legal_action_mask, legal_moves, legal_moves_batch)
from ddz_fast import laizi_ids, laizi_space
from ddz_fast.move import ListOfMoves, listed_reading
from ddz_fast.moves import implementation
from ddz_fast.cards import RUNFAST_DECKS
from ddz_fast.reference import laizi as reference_laizi, runfast as reference_runfast
from ddz_fast.wild import check_wild

from .core import Gen, Weird, _call, _consume, call_text, either, entry, expect_equal, r


@entry("legal_moves", covers=["ddz_fast.legal_moves"])
def _(g: Gen):
    hand = g.hand_like()
    prev = g.move_like()
    rules = g.rules_like()
    text = call_text("legal_moves", hand, prev, rules=rules)
    return text, lambda: _consume(legal_moves(hand, prev, rules=rules))


@entry("classify", covers=["ddz_fast.classify"])
def _(g: Gen):
    cards = (str(g.valid_move().cards) if g.chance(0.3) else g.hand_like()) \
        if g.chance(0.7) else g.any()
    rules = g.rules_like()
    text = call_text("classify", cards, rules=rules)
    return text, lambda: _consume(classify(cards, rules=rules))


@entry("beats", covers=["ddz_fast.beats"])
def _(g: Gen):
    move, prev, rules = g.move_like(), g.move_like(), g.rules_like()
    return _call("beats", beats, move, prev, rules=rules)


@entry("action_space", covers=["ddz_fast.action_space"])
def _(g: Gen):
    rules = g.rules_like()
    text = call_text("action_space", rules)
    return text, lambda: len(action_space(rules))


@entry("action_id", covers=["ddz_fast.action_id"])
def _(g: Gen):
    move, rules = g.move_like(), g.rules_like()
    return _call("action_id", action_id, move, rules)


@entry("action_move", covers=["ddz_fast.action_move"])
def _(g: Gen):
    value = g.rng.randint(-2, 30000) if g.chance(0.3) else \
        g.pick([g.int(), g.np_scalar(), g.any(), Weird.Index(g.int())])
    rules = g.rules_like()
    return _call("action_move", action_move, value, rules)


def _batch_args(g: Gen):
    r = g.rng.random()
    n = g.pick([0, 1, 2, 5])
    if r < 0.3:
        hands = np.array([g.valid_counts() for _ in range(n)], dtype=g.pick(
            ["int8", "uint8", "int64", "int32", "uint64", "float64", "bool", "m8[s]", "object",
             "int16"])).reshape(n, 15)
        if hands.dtype.kind == "m":
            g.invalid = True
    elif r < 0.45:
        words = [Hand(g.valid_counts()).bitboard for _ in range(n)]
        try:
            hands = np.array(words, dtype=g.pick(["uint64", "int64", "float64", "object",
                                                  "uint32"]))
        except OverflowError:
            hands = np.array(words, dtype="uint64")
        if g.chance(0.3) and n:
            try:
                hands[g.rng.randrange(n)] = g.pick([0x8, 0x5, 2**63 + 1, 10 << 60, 2**31]) \
                    if hands.dtype.kind != "f" else 0.5
            except (OverflowError, ValueError):
                pass
    elif r < 0.55:
        hands = [g.valid_counts() for _ in range(n)]
        if g.chance(0.5) and n:
            hands[g.rng.randrange(n)] = g.any()
    elif r < 0.65:
        hands = g.ragged()
    else:
        hands = g.array() if g.chance(0.6) else g.any()
    if g.chance(0.4):
        prevs = None
    elif g.chance(0.5):
        try:
            size = int(len(hands)) if not isinstance(hands, dict) else 1
        except Exception:
            size = 1
        size = max(0, min(size, 8)) + g.pick([0, 0, 0, 1, -1])
        words = [g.valid_move().word if g.chance(0.7) else g.pick([0, 0x8, 10 << 60])
                 for _ in range(max(size, 0))]
        try:
            prevs = np.array(words, dtype=g.pick(["uint64", "int64", "object", "float64"]))
        except OverflowError:
            prevs = np.array(words, dtype="uint64")
    else:
        prevs = g.array() if g.chance(0.5) else g.any()
    return hands, prevs, g.rules_like()


@entry("legal_moves_batch", covers=["ddz_fast.legal_moves_batch"])
def _(g: Gen):
    hands, prevs, rules = _batch_args(g)
    text, thunk = _call("legal_moves_batch", legal_moves_batch, hands, prevs, rules=rules)
    return text, thunk, {"expect": "error" if g.invalid else None}


@entry("legal_action_mask", covers=["ddz_fast.legal_action_mask"])
def _(g: Gen):
    hands, prevs, rules = _batch_args(g)
    text, thunk = _call("legal_action_mask", legal_action_mask, hands, prevs, rules=rules)
    return text, thunk, {"expect": "error" if g.invalid else None}


@entry("MoveList", covers=["ddz_fast.MoveList", "ddz_fast.MoveList.index",
                           "ddz_fast.MoveList.count", "ddz_fast.MoveList.action_ids",
                           "ddz_fast.MoveList.tolist", "ddz_fast.move.ListOfMoves",
                           "ddz_fast.move.ListOfMoves.index", "ddz_fast.move.ListOfMoves.count",
                           "ddz_fast.move.listed_reading"])
def _(g: Gen):
    hand = Hand(g.valid_counts())
    moves = legal_moves(hand)
    op = g.pick(["getitem", "getitem", "slice", "index", "count", "contains", "action_ids",
                 "tolist", "construct", "text", "listed_reading"])
    if op == "text":    # a move or its text, looked up in the native list and in a ListOfMoves
        item = g.move_text() if g.chance(0.7) else g.move_like()
        listed = ListOfMoves(moves)

        def run():
            for name, ask in (("in", lambda ms: item in ms), ("count", lambda ms: ms.count(item)),
                              ("index", lambda ms: ms.index(item))):
                expect_equal(f"{name} of {r(item)}", _looked_up(lambda: ask(listed)),
                             _looked_up(lambda: ask(moves)))
        return f"{r(item)} looked up in legal_moves(Hand({str(hand)!r}))", run
    if op == "listed_reading":
        text = g.move_text() if g.chance(0.8) else g.any()
        return _call("listed_reading", listed_reading, text, moves.__contains__)
    if op == "action_ids":
        rules = g.rules_like()
        return f"legal_moves(Hand({str(hand)!r})).action_ids({r(rules)})", \
            lambda: moves.action_ids(rules)
    if op == "tolist":
        return f"legal_moves(Hand({str(hand)!r})).tolist()", \
            lambda: expect_equal("tolist", moves.tolist(), list(moves))
    if op == "construct":   # from an iterable (what else MoveList() is handed is not fuzzed)
        items = g.pick([list(moves), tuple(moves)[:3], [g.move_like() for _ in range(3)],
                        iter(list(moves)), [], [g.any()], (m for m in moves)])
        return call_text("MoveList", items), lambda: _consume(MoveList(items))
    key = g.pick([g.int(), g.np_scalar(), Weird.Index(g.int()), g.any(), -1, len(moves),
                  -len(moves) - 1, 2**70, np.int64(0), np.uint64(2**64 - 1)])
    base = f"legal_moves(Hand({str(hand)!r}))"
    if op == "getitem":
        text = f"{base}[{r(key)}]"
        return text, lambda: moves[key], {"index_ok": True}
    if op == "slice":
        sl = slice(*(g.pick([None, g.int(), -1, 0, 3, g.any(), np.int8(2)]) for _ in range(3)))
        text = f"{base}[{r(sl)}]"
        return text, lambda: _consume(moves[sl])
    if op == "index":
        args = [g.move_like()] + [g.pick([g.int(), None, 0, -1, 2**70])
                                  for _ in range(g.rng.randint(0, 2))]
        text = f"{base}.index({', '.join(r(a) for a in args)})"
        return text, lambda: moves.index(*args)
    if op == "count":
        item = g.move_like()
        return f"{base}.count({r(item)})", lambda: moves.count(item)
    item = g.move_like()
    return f"{r(item)} in {base}", lambda: item in moves


def _looked_up(call: Callable[[], Any]) -> Any:
    """A lookup's answer, or the type of its error (a text refused names itself either way)."""
    try:
        return call()
    except (TypeError, ValueError) as error:
        return type(error).__name__


# --- every table's move API, and the reference beside the native core -------------------------

def outcome(call: Callable[[], Any]) -> Any:
    """What a call gives, comparable between two implementations: its result as plain data
    (a list of moves, an array's dtype, shape and values), or its error's type and message."""
    try:
        value = call()
    except (TypeError, ValueError) as error:
        return ("error", type(error).__name__, str(error))
    if isinstance(value, tuple) and value and isinstance(value[0], np.ndarray):
        return tuple(outcome(lambda v=v: v) for v in value)
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.tolist())
    if isinstance(value, (MoveList, list, tuple)):
        return list(value)
    return value


def same_in_both(what: str, call: Callable[[Any], Any]) -> Callable[[], Any]:
    """A thunk calling ``call(api)`` on the native move API and on the reference: a Mismatch
    when one answers and the other refuses, or when both answer differently. Two refusals
    agree (an input with two problems may be refused for either first)."""
    def run():
        native = outcome(lambda: call(implementation("native")))
        reference = outcome(lambda: call(implementation("python")))
        both_refuse = all(isinstance(o, tuple) and o[:1] == ("error",)
                          for o in (native, reference))
        if not both_refuse:
            expect_equal(f"{what}: native vs reference", native, reference)
        return native
    return run


def variant_hand(g: Gen, rules: Rules):
    """(hand, wild ranks) for ``rules``: two decks' counts at four seats, a small hand and
    its wild ranks with wild cards (the reference lists those slowly), else a dealt hand."""
    if rules.decks == 2:
        return g.two_deck_counts(), None
    if rules.laizi:
        _, hand, wild = g.laizi_hand(8)
        return hand, g.wild_like(rules.laizi) if g.chance(0.15) else wild
    return Hand(g.valid_counts()), None


def variant_prev(g: Gen, rules: Rules, wild) -> Any:
    """A move to beat under ``rules``: one of a hand's moves, a move of another table, none."""
    hand, _ = variant_hand(g, rules)
    try:
        moves = legal_moves(hand, rules=rules, wild=wild)
    except (TypeError, ValueError):
        moves = []
    if len(moves) and g.chance(0.6):
        return moves[g.rng.randrange(len(moves))]
    return g.pick([None, Move.PASS, g.valid_move(), g.laizi_move(), g.move_like()])


@entry("variants.moves", covers=["ddz_fast.legal_moves", "ddz_fast.classify", "ddz_fast.beats",
                                 "ddz_fast.action_id", "ddz_fast.action_move",
                                 "ddz_fast.reference.legal_moves", "ddz_fast.reference.classify",
                                 "ddz_fast.reference.beats", "ddz_fast.reference.action_id",
                                 "ddz_fast.reference.action_move",
                                 "ddz_fast.moves.implementation"], examples=40)
def _(g: Gen):
    """The move API of every preset (two decks, wild cards, no kitty, the space shuttle), the
    native core and the reference on the same call."""
    base = g.preset()
    hand, wild = variant_hand(g, base)
    prev = variant_prev(g, base, wild)
    rules = base if g.chance(0.85) else g.forged_rules(base)
    which = g.pick(["legal_moves", "legal_moves", "classify", "beats", "action_id",
                    "action_move"])
    if which == "legal_moves":
        call = lambda api: api.legal_moves(hand, prev, rules=rules, wild=wild)  # noqa: E731
        text = call_text("legal_moves", hand, prev, rules=rules, wild=wild)
    elif which == "classify":
        cards = prev.counts if isinstance(prev, Move) and g.chance(0.6) else hand
        call = lambda api: api.classify(cards, rules=rules, wild=wild)  # noqa: E731
        text = call_text("classify", cards, rules=rules, wild=wild)
    elif which == "beats":
        move = variant_prev(g, base, wild)
        call = lambda api: api.beats(move, prev, rules=rules, wild=wild)  # noqa: E731
        text = call_text("beats", move, prev, rules=rules, wild=wild)
    elif which == "action_id":
        call = lambda api: api.action_id(prev, rules, wild)  # noqa: E731
        text = call_text("action_id", prev, rules, wild)
    else:
        index = g.pick([0, 1, -1, 2**63, g.rng.randrange(40000), np.int64(5), True, "3"])
        call = lambda api: api.action_move(index, rules, wild)  # noqa: E731
        text = call_text("action_move", index, rules, wild)
    return text, same_in_both(which, call)


@entry("variants.batches", covers=["ddz_fast.legal_moves_batch", "ddz_fast.legal_action_mask",
                                   "ddz_fast.reference.legal_moves_batch",
                                   "ddz_fast.reference.legal_action_mask",
                                   "ddz_fast.reference.action_space"], examples=25)
def _(g: Gen):
    """Batched calls at every table: (N, 15) counts, two decks' words as (N, 2) halves, wild
    cards for the whole batch; the native core and the reference on the same arrays."""
    rules = g.preset(["four_player", "laizi", "tiandi_laizi", "botzone", "no_kitty"])
    n = g.pick([0, 1, 2, 3])
    rows = [variant_hand(g, rules) for _ in range(n)]
    wild = rows[0][1] if rows else (g.wild_ranks(rules.laizi) if rules.laizi else None)
    hands = np.array([list(h.counts if isinstance(h, Hand) else h) for h, _ in rows],
                     dtype=g.pick(["int64", "uint8", "int32"])).reshape(n, 15)
    prevs = None
    if g.chance(0.5):
        words = []
        for _ in range(n + g.pick([0, 0, 1])):
            prev = variant_prev(g, rules, wild)
            word = prev.word if type(prev) is Move else 0     # a forged Move's word lies
            words.append([word & (2**64 - 1), word >> 64])
        prevs = np.array(words, dtype=np.uint64).reshape(-1, 2)
        if g.chance(0.2):
            prevs = prevs[:, 0]
    if rules.laizi and g.chance(0.1):
        wild = g.wild_like(rules.laizi)
    mask = g.chance(0.4) and not rules.laizi    # a wild-card mask spans 800,000 actions
    fn = "legal_action_mask" if mask else "legal_moves_batch"
    text = call_text(fn, hands, prevs, rules=rules, wild=wild)
    if mask and g.chance(0.3):
        return "action_space", same_in_both("action_space", lambda api: api.action_space(rules))
    return text, same_in_both(fn, lambda api: getattr(api, fn)(hands, prevs, rules=rules,
                                                               wild=wild))


@entry("moves.implementation", covers=["ddz_fast.moves.implementation"], examples=15)
def _(g: Gen):
    name = g.pick(["native", "python", "NATIVE", "", "reference", None]) if g.chance(0.6) \
        else g.any()
    return _call("moves.implementation", implementation, name)


@entry("reference", covers=["ddz_fast.reference.legal_moves", "ddz_fast.reference.classify",
                            "ddz_fast.reference.beats", "ddz_fast.reference.action_space",
                            "ddz_fast.reference.action_id", "ddz_fast.reference.action_move",
                            "ddz_fast.reference.legal_moves_batch",
                            "ddz_fast.reference.legal_action_mask"], examples=40)
def _(g: Gen):
    """The reference on the hostile values of the public move API, beside the native core:
    the same result or the same error, word for word."""
    which = g.pick(["legal_moves", "classify", "beats", "action_id", "action_move",
                    "legal_moves_batch", "legal_action_mask"])
    rules = g.rules_like()
    if which == "legal_moves":
        hand, prev = g.hand_like(), g.move_like()
        call = lambda api: api.legal_moves(hand, prev, rules=rules)  # noqa: E731
        text = call_text("legal_moves", hand, prev, rules=rules)
    elif which == "classify":
        cards = g.hand_like()
        call = lambda api: api.classify(cards, rules=rules)  # noqa: E731
        text = call_text("classify", cards, rules=rules)
    elif which == "beats":
        move, prev = g.move_like(), g.move_like()
        call = lambda api: api.beats(move, prev, rules=rules)  # noqa: E731
        text = call_text("beats", move, prev, rules=rules)
    elif which == "action_id":
        move = g.move_like()
        call = lambda api: api.action_id(move, rules)  # noqa: E731
        text = call_text("action_id", move, rules)
    elif which == "action_move":
        index = g.rng.randint(-2, 30000) if g.chance(0.5) else g.pick([g.int(), g.any()])
        call = lambda api: api.action_move(index, rules)  # noqa: E731
        text = call_text("action_move", index, rules)
    else:
        hands, prevs, rules = _batch_args(g)
        call = lambda api: getattr(api, which)(hands, prevs, rules=rules)  # noqa: E731
        text = call_text(which, hands, prevs, rules=rules)
    return text, same_in_both(which, call)


# --- wild cards: the action ids counted block by block, and the reference ----------------------

@entry("laizi ids", covers=["ddz_fast.laizi_ids.action_id", "ddz_fast.laizi_ids.action_ids",
                            "ddz_fast.laizi_ids.action_move", "ddz_fast.laizi_ids.space_size",
                            "ddz_fast.laizi_space.space", "ddz_fast.laizi_space.readings"],
       examples=20)
def _(g: Gen):
    """The action ids of moves read with wild cards, counted from the block table of checked
    rules and wild ranks (what the move API hands these modules): each id reads back as its
    move, the ids of a hand's moves are theirs one by one and the public API's, and the
    readings of a move's cards hold its own."""
    rules, hand, wild = g.laizi_hand(10, few_wild=True)
    moves = list(legal_moves(hand, rules=rules, wild=wild))
    move = g.pick(moves) if moves and g.chance(0.8) else g.pick([g.move_like(), g.laizi_move()])
    index = g.pick([0, -1, 1, 2**63, "3", None, np.int64(7), g.rng.randrange(500_000)])

    def run():
        space = laizi_space.space(rules, wild)
        size = laizi_ids.space_size(rules, wild)
        expect_equal("space size", size, space.size)
        if moves:
            ids = laizi_ids.action_ids(moves, rules, wild)
            expect_equal("action_ids vs action_id", ids,
                         [laizi_ids.action_id(m, rules, wild) for m in moves])
            expect_equal("action_ids vs the API's", ids,
                         [action_id(m, rules, wild) for m in moves])
            expect_equal("action_move(action_id)",
                         laizi_ids.action_move(ids[0], rules, wild), moves[0])
            first = moves[0]
            if first.type not in ("solo", "rocket"):
                expect_equal("a move among the readings of its cards", any(
                    ranks == tuple(sorted(ranks)) for ranks, _, _ in laizi_space.readings(
                        first.type, first.key, first.length, first.counts)), True)
        laizi_ids.action_move(index, rules, wild)
        return laizi_ids.action_id(move, rules, wild)
    return call_text("laizi ids", hand, move, index, rules=rules, wild=wild), run


@entry("reference.laizi", covers=[
    "ddz_fast.reference.laizi.legal_moves", "ddz_fast.reference.laizi.classify",
    "ddz_fast.reference.laizi.beats", "ddz_fast.reference.laizi.action_id",
    "ddz_fast.reference.laizi.action_move", "ddz_fast.reference.laizi.action_space",
    "ddz_fast.reference.laizi.all_moves", "ddz_fast.reference.laizi.count_moves",
    "ddz_fast.reference.laizi.action_space_counts",
    "ddz_fast.reference.laizi.action_space_size"], examples=20)
def _(g: Gen):
    """The reference of the wild cards beside the native generator: the same moves, counts
    that add up, the same ids. Its action space is listed only to be refused (a valid one
    takes seconds: its size and counts are counted instead)."""
    rules, hand, wild = g.laizi_hand(7, few_wild=True)
    given = wild if g.chance(0.85) else g.wild_like()
    prev = g.pick([None, Move.PASS, g.laizi_move(), g.valid_move(), g.move_like()])
    which = g.pick(["legal_moves", "classify", "beats", "counts", "ids", "space"])
    if which == "legal_moves":
        return call_text("reference.laizi.legal_moves", hand, prev, rules=rules, wild=given), \
            same_in_both("legal_moves with wild cards",
                         lambda api: api.legal_moves(hand, prev, rules=rules, wild=given))
    if which == "classify":
        return call_text("reference.laizi.classify", hand, rules=rules, wild=given), \
            _beside_native(lambda: reference_laizi.classify(hand, rules=rules, wild=given),
                           lambda: classify(hand, rules=rules, wild=given))
    if which == "beats":
        move = g.pick([g.laizi_move(), g.valid_move(), g.move_like()])
        return call_text("reference.laizi.beats", move, prev, rules=rules, wild=given), \
            _beside_native(lambda: reference_laizi.beats(move, prev, rules=rules, wild=given),
                           lambda: beats(move, prev, rules=rules, wild=given))
    if which == "counts":
        whole_space = g.chance(0.02)      # its size and counts take most of a second

        def run():
            counts = reference_laizi.count_moves(hand, rules=rules, wild=given)
            listed = reference_laizi.all_moves(hand.counts, rules, check_wild(rules, given))
            expect_equal("count_moves vs all_moves", sum(counts.values()), len(listed))
            if whole_space:
                expect_equal("action_space_size vs its counts",
                             reference_laizi.action_space_size(rules, wild),
                             sum(reference_laizi.action_space_counts(rules, wild).values()))
        return call_text("count_moves", hand, rules=rules, wild=given), run
    if which == "ids":
        move = g.laizi_move() if g.chance(0.7) else g.move_like()
        index = g.pick([0, 5, -1, 10**7, "3", None, np.int64(2)])

        def run():
            found = reference_laizi.action_id(move, rules, given)
            expect_equal("reference id vs native id", found, action_id(move, rules, given))
            return reference_laizi.action_move(index, rules, given)
        return call_text("reference.laizi.action_id", move, rules, given), run
    # refused: rules without wild cards, or wild ranks that are not the rules' (a changed Rules
    # may still be valid, and then lists the whole space)
    bad_rules = g.pick(["standard", "four_player", None, rules])
    bad_wild = g.pick([None, (), 13, "B", (1, 1), (2, 7, 9)] + ([wild] if bad_rules is not rules
                                                               else []))
    return _call("reference.laizi.action_space", reference_laizi.action_space,
                 bad_rules, bad_wild)


def _beside_native(reference: Callable[[], Any], native: Callable[[], Any]):
    """A thunk comparing a reference call with the native one (both refusing agrees)."""
    def run():
        ref, nat = outcome(reference), outcome(native)
        if not all(isinstance(o, tuple) and o[:1] == ("error",) for o in (ref, nat)):
            expect_equal("reference vs native", ref, nat)
        return ref
    return run


def _runfast_counts(g: Gen, rules: Rules) -> list:
    """The counts of a random Run Fast hand of ``rules``' deck (a whole hand, or fewer cards)."""
    deck = [rank for rank, copies in enumerate(RUNFAST_DECKS[rules.deck_size])
            for _ in range(copies)]
    size = rules.hand_size if g.chance(0.5) else g.rng.randint(0, rules.hand_size)
    counts = [0] * 15
    for rank in g.rng.sample(deck, size):
        counts[rank] += 1
    return counts


@entry("reference runfast", covers=[f"ddz_fast.reference.runfast.{name}"
                                    for name in reference_runfast.__all__])
def _(g: Gen):
    """Run Fast's reference moves on Run Fast hands, hostile hands and moves, under checked
    Run Fast rules (what the move API hands it)."""
    rules = Rules.preset(g.pick(["runfast", "runfast_15"]))
    if g.chance(0.3):
        rules = rules.replace(short_last_hand=g.chance(0.5), aaa_bomb=g.chance(0.5),
                              four_three=g.chance(0.5))
    counts = _runfast_counts(g, rules)
    hand = either(g, lambda: g.pick([Hand(counts), str(Hand(counts)), counts]),
                  p_valid=0.8) if g.chance(0.9) else g.hand_like()
    space = reference_runfast.action_space(rules)
    move = either(g, lambda: space[g.rng.randrange(len(space))]) if g.chance(0.8) \
        else g.move_like()
    which = g.pick(["legal_moves", "legal_moves", "classify", "beats", "action_id",
                    "action_move"])
    if which == "legal_moves":
        prev = g.pick([None, Move.PASS, move, str(move) if isinstance(move, Move) else move])
        text = call_text("reference.runfast.legal_moves", hand, prev, rules=rules)
        return text, lambda: _consume(reference_runfast.legal_moves(hand, prev, rules=rules))
    if which == "classify":
        return _call("reference.runfast.classify", reference_runfast.classify, hand, rules=rules)
    if which == "beats":
        other = space[g.rng.randrange(len(space))] if g.chance(0.8) else g.move_like()
        return _call("reference.runfast.beats", reference_runfast.beats, move, other,
                     rules=rules)
    if which == "action_id":
        return _call("reference.runfast.action_id", reference_runfast.action_id, move, rules)
    value = g.rng.randint(-2, len(space) + 2) if g.chance(0.7) else g.any()
    return _call("reference.runfast.action_move", reference_runfast.action_move, value, rules)
