"""Generators of positions and duels, perft, rollouts and random games."""
from __future__ import annotations

import contextlib
import io
import os
import random
import tempfile
from dataclasses import fields as dataclass_fields
from typing import Any, Callable, List

import numpy as np

from ddz_fast import (Duel, Hand, Move, Playout, Position, RandomGames, Rules, divide,
                      legal_moves, perft, perft_native, play_out, random_games)
from ddz_fast.cards import FULL_DECK, NUM_RANKS, RUNFAST_DECKS, TWO_DECKS
from ddz_fast.moves import implementation
from ddz_fast.positions import step, suites
from ddz_fast.positions.duel import checked_duel
from ddz_fast.positions import runfast
from ddz_fast.positions.four_player import FourPlayerPosition
from ddz_fast.positions.rollouts import RunFastGames, RunFastPlayout
from ddz_fast.positions.runfast import RunFastPosition
from ddz_fast.rules import checked_rules

from .core import (LAIZI_PRESETS, PLAIN_PRESETS, Gen, Mismatch, Weird, _call, call_text, entry,
                   expect_equal, r)


@entry("Position", covers=["ddz_fast.Position"])
def _(g: Gen):
    pos = g.position(mutate=0)
    args = [list(pos.hands), pos.landlord, pos.to_move, pos.prev, pos.passes]
    expect = None
    if g.chance(0.2):   # numpy integers for seats: documented ints, should be accepted
        args[1], args[2] = np.int64(args[1]), g.pick([np.int8, np.uint8, np.int32])(args[2])
        expect = "ok"
    for _ in range(g.rng.randint(0, 2)):
        expect = None
        i = g.rng.randrange(5)
        if i == 0:
            try:
                hands = list(args[0])
            except Exception:
                hands = []
            if g.chance(0.5) and hands:
                hands[g.rng.randrange(len(hands))] = g.hand_like()
            else:
                hands = g.pick([hands[:2], hands + [Hand()], "a/b/c", g.any()])
            args[0] = hands
        elif i == 4:
            args[4] = g.pick([0, 1, 2, -1, True, np.int64(1), None, 1.0]) \
                if g.chance(0.7) else g.any()
        elif i == 3:
            args[3] = g.move_like()
        else:
            args[i] = g.pick([0, 1, 2, 3, -1, True, np.int64(1), None, 1.0, 2**64]) \
                if g.chance(0.7) else g.any()
    text, thunk = _call("Position", Position, *args)
    return text, thunk, {"expect": expect}


@entry("Position.parse", covers=["ddz_fast.Position.parse"])
def _(g: Gen):
    if g.chance(0.6):
        text = str(g.position(mutate=0))
        fields_ = text.split(" ")
        i = g.rng.randrange(len(fields_))
        fields_[i] = g.pick([g.text(), "3", "-", "", "0", "9", "1.0", "٣", "33333",
                             "/".join([g.text()] * 3), "KK:pair@K", "BR:rocket"])
        if g.chance(0.2):
            fields_.append(g.text())
        text = " ".join(fields_)
    else:
        text = g.text() if g.chance(0.7) else g.any()
    return _call("Position.parse", Position.parse, text)


def _cards_in(pos) -> int:
    try:
        return sum(len(h) for h in pos.hands)
    except Exception:
        return 0


def _position_and_depth(g: Gen, max_depth: int):
    """A position and a depth; a user may well ask for the whole tree (a huge depth) of a
    position of a few cards, but not of a full deal: huge depths go to tiny positions only."""
    pos = g.position()
    if g.chance(0.15) and type(pos) is Position:   # a few cards left: the tree is small
        keep = [g.rng.randint(0, 3) for _ in range(3)]
        hands = []
        for hand, n in zip(pos.hands, keep):
            ranks = list(hand)[:n] if isinstance(hand, Hand) else []
            counts = [0] * NUM_RANKS
            for rank in ranks:
                counts[rank] += 1
            hands.append(Hand(counts))
        pos = Position(hands, g.rng.randrange(3), g.rng.randrange(3))
        g.invalid = False   # the forged position drawn above is gone
        if g.chance(0.3):
            pos = g.forge_position(pos)
    cards = _cards_in(pos)
    small = cards <= 24
    if g.chance(0.8):
        depth = g.rng.randint(0, max_depth if small else min(max_depth, 3))
    else:
        depth = g.pick([-1, True, 1.0, None, "2", np.int64(2), np.uint8(3), Weird.Index(2),
                        g.any()])
        if cards <= 9 and g.chance(0.5):
            depth = g.pick([2**16, 2**31, 2**64, 10**20, 1000])
        else:
            try:
                too_deep = not isinstance(depth, bool) and depth.__index__() > max_depth
            except Exception:
                too_deep = False
            if too_deep:
                depth = max_depth if small else 3
    return pos, depth


@entry("perft", covers=["ddz_fast.perft"])
def _(g: Gen):
    pos, depth = _position_and_depth(g, 4)
    impl = g.pick([None, None, "native", "python", g.text(), None, len])
    if impl == "python" and isinstance(depth, int) and depth > 3:
        depth = 3
    text = call_text("perft", pos, depth, rules=None, implementation=impl)
    return text, lambda: perft(pos, depth, implementation=impl), {"notes": list(g.notes)}


@entry("divide", covers=["ddz_fast.divide"])
def _(g: Gen):
    pos, depth = _position_and_depth(g, 4)
    impl = g.pick([None, "native"])
    rules = g.rules_like()

    def run():
        split = divide(pos, depth, rules=rules, implementation=impl)
        total = perft(pos, depth, rules=rules, implementation=impl)
        # A finished hand has no first action ({}) and is itself perft's one leaf.
        if split and sum(split.values()) != total:
            raise Mismatch(f"divide sums to {sum(split.values())} but perft counts {total}")
        return split
    text = call_text("divide", pos, depth, rules=rules, implementation=impl) + \
        "  # and sum(...) == perft(...)"
    return text, run, {"notes": list(g.notes)}


def _small_position(g: Gen, mutate: float = 0.2):
    """A position of a few cards per hand (a solve of it is quick), sometimes forged."""
    pos = g.position(mutate=mutate)
    if type(pos) is not Position:
        return pos
    hands = []
    for hand in pos.hands:
        counts = [0] * NUM_RANKS
        for rank in list(hand)[:g.rng.randint(0, 4)]:
            counts[rank] += 1
        hands.append(Hand(counts))
    with contextlib.suppress(ValueError, TypeError):
        return Position(hands, pos.landlord, pos.to_move)
    return pos


@entry("Duel", covers=["ddz_fast.Duel", "ddz_fast.Duel.parse"])
def _(g: Gen):
    from ddz_fast.positions.duel import Duel
    if g.chance(0.5):
        arg = g.pick(["KK5543/225543", "KK5543/225543 55", "3/4", "/", "3//4", "33/44 555",
                      "BR/BR", "3333333/4", g.text(), g.any()])
        return call_text("Duel.parse", arg), lambda: str(Duel.parse(arg)), {}
    args = [g.hand_like() if g.chance(0.7) else g.any() for _ in range(2)]
    if g.chance(0.3):
        args.append(g.pick([None, Move.PASS, g.valid_move(), "33", 5]))
    return call_text("Duel", *args), lambda: str(Duel(*args)), {}


@entry("perft_native", covers=["ddz_fast.perft_native"])
def _(g: Gen):
    pos, depth = _position_and_depth(g, 4)
    if g.chance(0.1):
        pos = g.any()
    rules = g.rules_like()
    text = call_text("perft_native", pos, depth, rules=rules)
    return text, lambda: perft_native(pos, depth, rules=rules), {
        "notes": list(g.notes), "expect": "error" if g.invalid else None}


@entry("play_out", covers=["ddz_fast.play_out"])
def _(g: Gen):
    pos = g.position(mutate=0.4) if g.chance(0.9) else g.any()
    seed = g.seed_like() if g.chance(0.5) else g.rng.randint(0, 2**64 - 1)
    rules = g.rules_like()
    text = call_text("play_out", pos, seed, rules=rules)
    return text, lambda: play_out(pos, seed, rules=rules), {
        "notes": list(g.notes), "expect": "error" if g.invalid else None}


@entry("random_games", covers=["ddz_fast.random_games", "ddz_fast.RandomGames.game_moves"])
def _(g: Gen):
    n = g.pick([0, 1, 2, 10, 100, 1000]) if g.chance(0.6) else \
        g.pick([-1, 2**63, 2**64, 10**20, 1.0, True, None, np.int64(3), np.uint64(5),
                Weird.Index(3), g.any()])
    if g.chance(0.005):
        n = g.pick([100_000, 10**12])
    seed = g.rng.randint(0, 2**64 - 1) if g.chance(0.6) else g.pick(
        [-1, 2**64, 2**63, g.any()])
    kwargs = {}
    if g.chance(0.4):
        kwargs["rules"] = g.rules_like()
    if g.chance(0.3):
        kwargs["bidding"] = g.pick(["random", "points", "call_rob", "", None, g.any()])
    if g.chance(0.3):
        kwargs["record"] = g.pick([True, False, 1, None, np.bool_(True)])
    if g.chance(0.3):
        kwargs["workers"] = g.pick([1, 2, 0, -1, 2**31, 10**20, None, 1.5, np.int64(2)])
    if g.chance(0.3):
        kwargs["start"] = g.pick([0, 1, 2**64 - 1, 2**64, 2**63, -1, None, g.any()])

    game_index = g.pick([0, -1, "len", 2**70, np.int64(0)])

    def run():
        games = random_games(n, seed, **kwargs)
        if games.moves is not None and len(games):
            games.game_moves(len(games) if game_index == "len" else game_index)
        return len(games)
    # game_moves(i) indexes the games: IndexError is its documented error
    return call_text("random_games", n, seed, **kwargs) + \
        f" then .game_moves({r(game_index)})", run, {"index_ok": True}


# --- playing a position, every table ---------------------------------------------------------

def _tiny_hands(g: Gen, seats: int, decks: int, most: int) -> List[Hand]:
    """``seats`` hands of at most ``most`` cards each, dealt from ``decks`` decks."""
    deck = [rank for rank in range(NUM_RANKS) for _ in range(FULL_DECK[rank] * decks)]
    g.rng.shuffle(deck)
    hands, at = [], 0
    for _ in range(seats):
        size = g.rng.randint(0, most)
        cards = deck[at:at + size]
        at += size
        hands.append(Hand([cards.count(rank) for rank in range(NUM_RANKS)], decks=decks))
    return hands


def variant_position(g: Gen, forge: bool = True):
    """(position, rules) of any table, of a few cards a hand so that a walk is short: four
    seats of two decks, wild cards, or three seats (no kitty, the space shuttle); with
    ``forge``, sometimes changed after its checks (and then ``g.forged`` is set)."""
    table = g.pick(["four", "laizi", "plain"])
    if table == "four":
        rules = g.pick(["four_player", Rules(players=4, sides="partner")])
        hands = _tiny_hands(g, 4, 2, 4)
        pos = FourPlayerPosition(hands, g.rng.randrange(4), g.rng.randrange(4))
        fields = ("hands", "landlord", "to_move", "prev", "passes")
    else:
        rules = g.preset(LAIZI_PRESETS if table == "laizi" else ["no_kitty", "botzone",
                                                                  "standard"])
        wild = g.wild_ranks(rules.laizi) if rules.laizi else None
        hands = _tiny_hands(g, 3, 1, 5 if table == "laizi" else 6)
        pos = Position(hands, g.rng.randrange(3), g.rng.randrange(3), wild=wild)
        fields = ("hands", "landlord", "to_move", "prev", "passes", "wild")
    for _ in range(g.rng.randint(0, 3)):
        actions = [] if pos.is_over else pos.legal_actions(rules)
        if actions:
            pos = pos.play(g.pick(actions), rules)
    if forge and g.chance(0.15):
        pos = g.forged_copy(pos, fields)
        g.forged_object = True
    if forge and g.chance(0.1):
        rules = g.forged_rules(Rules.preset("four_player") if table == "four" else None)
    return pos, rules


@entry("variants.positions", covers=["ddz_fast.perft", "ddz_fast.perft_native", "ddz_fast.divide",
                                     "ddz_fast.play_out", "ddz_fast.Position.legal_actions",
                                     "ddz_fast.Position.play", "ddz_fast.Position.wild_under",
                                     "ddz_fast.positions.four_player.FourPlayerPosition",
                                     "ddz_fast.positions.four_player.FourPlayerPosition"
                                     ".legal_actions",
                                     "ddz_fast.positions.four_player.FourPlayerPosition.play",
                                     "ddz_fast.positions.four_player.FourPlayerPosition.parse"],
       examples=40)
def _(g: Gen):
    """Perft, divide and rollouts of positions of every table: the Python walk and the
    native one count the same leaves; a position read back from its text is itself."""
    pos, rules = variant_position(g)
    depth = g.rng.randint(0, 3) if g.chance(0.9) else g.pick([-1, 2**64, 1.5, None, "2"])
    if depth == 2**64 and _cards_in(pos) > 8:
        depth = 3           # the whole tree only of a few cards (the Python walk is slow)
    # A position's own methods read its fields as they are; the walks check them again
    which = g.pick(["perft", "perft", "divide", "play_out"] +
                   ([] if g.forged_object else ["play", "parse"]))
    if which == "perft":
        def run():
            walked = perft(pos, depth, rules=rules)
            native = perft_native(pos, depth, rules=rules)
            expect_equal("perft (Python walk) vs perft_native", walked, native)
            return walked
    elif which == "divide":
        def run():
            split = divide(pos, depth, rules=rules)
            if split:
                expect_equal("sum of divide vs perft", sum(split.values()),
                             perft(pos, depth, rules=rules))
            return split
    elif which == "play_out":
        seed = g.seed_like()
        partner = g.pick([None, None, 0, 1, 2, 3, 4, -1, True])
        kwargs = {"partner": partner} if isinstance(pos, FourPlayerPosition) else {}
        return call_text("play_out", pos, seed, rules=rules, **kwargs), \
            lambda: play_out(pos, seed, rules=rules, **kwargs), \
            {"notes": list(g.notes)}
    elif which == "play":
        move = g.pick([None, g.move_like(), g.laizi_move()])
        chooser = random.Random(g.rng.randrange(2**32))

        def run():
            actions = [] if pos.is_over else pos.legal_actions(rules)
            chosen = chooser.choice(actions) if actions and move is None else move
            if isinstance(pos, Position):
                pos.wild_under(checked_rules(rules))
            return pos.play(chosen, rules)
    else:
        def run():
            text = str(pos)
            again = type(pos).parse(text)
            expect_equal(f"{type(pos).__name__}.parse(str(position))", again, pos)
            return again
    text = call_text(which, pos, depth, rules=rules)
    return text, run, {"notes": list(g.notes)}


@entry("FourPlayerPosition", covers=["ddz_fast.positions.four_player.FourPlayerPosition",
                                     "ddz_fast.positions.four_player.FourPlayerPosition.parse"],
       examples=30)
def _(g: Gen):
    """The four-seat position's constructor and notation on hostile values."""
    if g.chance(0.4):
        text = str(variant_position(g, forge=False)[0]) if g.chance(0.5) else g.text()
        if g.chance(0.5) and " " in text:
            parts = text.split(" ")
            parts[g.rng.randrange(len(parts))] = g.pick([g.text(), "-", "4", "9", "", "33"])
            text = " ".join(parts)
        return _call("FourPlayerPosition.parse", FourPlayerPosition.parse,
                     text if g.chance(0.9) else g.any())
    hands = _tiny_hands(g, 4, 2, 8)
    args = [hands, g.rng.randrange(4), g.rng.randrange(4), None, 0]
    i = g.rng.randrange(5)
    args[i] = g.pick([[Hand()] * 3, hands + [Hand()], [Hand(TWO_DECKS, decks=2)] * 4, "a/b/c/d",
                      4, -1, 2**64, np.int64(2), None, True, g.move_like(), 3, g.any()])
    return _call("FourPlayerPosition", FourPlayerPosition, *args)


@entry("checked_duel", covers=["ddz_fast.positions.duel.checked_duel"], examples=20)
def _(g: Gen):
    duel = Duel.parse(g.pick(["KK5543/225543", "3/4", "BR3/44 4", "33/44 33"]))
    if g.chance(0.7):
        duel = g.forged_copy(duel, ("first", "second", "prev"))
    name = g.pick(["duel", "game", "", None, 5])
    return _call("checked_duel", checked_duel, duel if g.chance(0.9) else g.any(), name)


@entry("positions.step", covers=["ddz_fast.positions.step.remove_cards",
                                 "ddz_fast.positions.step.play_step",
                                 "ddz_fast.positions.step.play_actions",
                                 "ddz_fast.positions.step.generator"], examples=30)
def _(g: Gen):
    """The steps of a walk take what a walk checked (a move the hand holds, a seat): called
    so, each against another way to the same; ``generator`` takes any implementation."""
    pos = g.position(mutate=0)
    rules = g.preset(PLAIN_PRESETS)
    which = g.pick(["step", "generator", "generator"])
    if which == "generator":
        implementation = g.pick([None, "native", "python", "reference", "", len, 5,
                                 legal_moves, g.any()])
        wild = g.pick([(), (), (3,), (3, 7)])
        return _call("step.generator", step.generator, implementation, wild)

    chooser = random.Random(g.rng.randrange(2**32))     # the move, chosen as the call runs

    def run():
        if pos.is_over:
            return None
        actions = step.play_actions(pos.hands[pos.to_move], pos.prev, rules,
                                    step.generator(None))
        expect_equal("play_actions", actions, pos.legal_actions(rules))
        move = chooser.choice(actions)
        hands, player, prev, passes = step.play_step(pos.hands, pos.to_move, pos.prev,
                                                     pos.passes, move)
        after = pos.play(move, rules)
        expect_equal("play_step", (hands, player, prev, passes),
                     (after.hands, after.to_move, after.prev, after.passes))
        if not move.is_pass:
            left = step.remove_cards(pos.hands[pos.to_move], move)
            expect_equal("remove_cards", left, pos.hands[pos.to_move] - move)
    return call_text("step", pos, rules), run


@entry("results", covers=["ddz_fast.RandomGames", "ddz_fast.Playout"], examples=20)
def _(g: Gen):
    """The result classes built by hand: from a result's own arrays, changed, or anything."""
    games = random_games(2, g.rng.randrange(100), record=g.chance(0.5))
    values = {f.name: getattr(games, f.name) for f in dataclass_fields(games)}
    name = g.pick(sorted(values))
    values[name] = g.pick([values[name], None, [1, 2], np.zeros(3), "x", g.any()])
    if g.chance(0.3):
        args = [g.pick([0, 1, True, None, g.any()]) for _ in range(5)]
        return _call("Playout", Playout, *args)
    return _call("RandomGames", RandomGames, **values)


@entry("suites", covers=["ddz_fast.positions.suites.read_perft_suites",
                         "ddz_fast.positions.suites.suite_names",
                         "ddz_fast.positions.suites.suite_path",
                         "ddz_fast.positions.suites.main",
                         "ddz_fast.positions.suites.time_repeated",
                         "ddz_fast.positions.suites.Timing",
                         "ddz_fast.positions.suites.Timing.rate",
                         "ddz_fast.positions.suites.PerftSuite"], examples=20)
def _(g: Gen):
    """Suite files as a user may write them (each line changed a little), their names, and
    the command that checks them, run on a file of small positions."""
    lines = ["# a suite", "rules " + g.pick(["standard", "douzero", "no_kitty", "bogus", ""]),
             "position " + str(_small_position(g, 0)), "perft 1 " + str(g.rng.randint(0, 30)),
             "perft 2 " + g.pick(["5", "x", "", "1 2", "-1", "99999999999999999999"])]
    if g.chance(0.5):
        i = g.rng.randrange(len(lines))
        lines[i] = g.pick([g.text(), "perft", "position", "rules", "perft 1", lines[i] + " x"])
    which = g.pick(["read", "read", "path", "main", "time"])
    if which == "read":
        return call_text("list(read_perft_suites", lines) + ")", \
            lambda: list(suites.read_perft_suites(lines))
    if which == "path":
        name = g.pick(suites.suite_names() + ["bogus", "", "/", "../x", "\x00", "a" * 300,
                                              "/etc/passwd", "\ud800"]) \
            if g.chance(0.8) else g.any()
        return _call("suite_path", suites.suite_path, name)
    if which == "time":
        seconds = g.pick([0.0, 0.001, 0.002, -1.0, float("nan"), float("inf"), "0.1", None,
                          np.float64(0.001)])
        amount = g.pick([0, 10, -5, 2**70])

        def run():
            result, timing = suites.time_repeated(lambda: 5, seconds)
            return timing.rate(amount), suites.PerftSuite(None, None, (), 0)
        return call_text("time_repeated", seconds) + f".rate({amount})", run
    argv = g.pick([["{path}"], ["{path}", "--python"], ["bogus"], ["--help"], ["-x"],
                   ["{path}", "{path}"], [""]])

    def run():
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "mine.perft")
            # a lone surrogate is written as the bytes a broken file holds
            with open(path, "w", encoding="utf-8", errors="surrogatepass") as out:
                out.write("\n".join(lines) + "\n")
            status, out, err = _exit_status(
                lambda: suites.main([a.format(path=path) for a in argv]))
        if status == 1 and "MISMATCH" in out and not err:
            status = 0      # a count of the file is wrong: said on stdout, status 1
        return status, out, err
    return call_text("suites.main", argv) + f"  # the file: {lines!r}", run, {"cli": True}


def _exit_status(call: Callable[[], Any]):
    """(status, stdout, stderr) of a command's main, SystemExit included."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = call()
        except SystemExit as exit_:
            status = exit_.code if exit_.code is not None else 0
    return status, out.getvalue(), err.getvalue()


def _runfast_position(g: Gen, most: int = 6) -> RunFastPosition:
    """A small valid Run Fast position: two or three hands of 1..``most`` cards of one deck,
    the move to beat drawn from the legal leads of the player before."""
    players = g.pick([3, 3, 2])
    deck = [rank for rank, copies in enumerate(RUNFAST_DECKS[48]) for _ in range(copies)]
    cards = g.rng.sample(deck, 6 * players)
    hands = []
    for seat in range(players):
        counts = [0] * NUM_RANKS
        for rank in cards[6 * seat: 6 * seat + g.rng.randint(1, most)]:
            counts[rank] += 1
        hands.append(Hand(counts))
    to_move = g.rng.randrange(players)
    lead = RunFastPosition(hands, (to_move - 1) % players)
    prev = g.pick(lead.legal_actions()) if g.chance(0.6) else None
    prev = None if prev is not None and prev.is_pass else prev
    return RunFastPosition(hands, to_move, prev, 0)


@entry("RunFastPosition", covers=["ddz_fast.positions.runfast.RunFastPosition",
                                  "ddz_fast.positions.runfast.RunFastPosition.parse",
                                  "ddz_fast.positions.runfast.RunFastPosition.legal_actions",
                                  "ddz_fast.positions.runfast.RunFastPosition.play",
                                  "ddz_fast.positions.runfast.format_runfast_move",
                                  "ddz_fast.positions.runfast.parse_runfast_move",
                                  "ddz_fast.positions.runfast.runfast_actions",
                                  "ddz_fast.positions.runfast.runfast_rules"], examples=30)
def _(g: Gen):
    """Run Fast positions: the constructor, the notation and the play on hostile values, a
    forged field, and perft/divide on a small position under hostile rules."""
    op = g.pick(["new", "parse", "actions", "play", "perft", "divide", "text", "forged",
                 "native", "play_out"])
    # a perft of any depth walks the whole tree: small hands keep it to a fraction of a second
    position = _runfast_position(g, 3 if op in ("perft", "divide", "forged") else 6)
    rules = g.pick(["runfast", "runfast_15", None, Rules.preset("runfast").replace(
        must_beat=False, one_card_rule=False, players=len(position.hands)), "standard"]) \
        if g.chance(0.8) else g.rules_like()
    if op == "new":
        args = [list(position.hands), position.to_move, position.prev, position.passes]
        i = g.rng.randrange(4)
        args[i] = g.pick([[Hand()] * 3, [Hand("BR")] * 3, "a/b/c", 3, -1, 2**64, np.int64(1),
                          None, True, g.move_like(), 1, g.any()])
        return _call("RunFastPosition", RunFastPosition, *args)
    if op == "parse":
        text = str(position)
        if g.chance(0.6):
            parts = text.split(" ")
            parts[g.rng.randrange(len(parts))] = g.pick([g.text(), "-", "4", "9", "", "BR"])
            text = " ".join(parts)
        return _call("RunFastPosition.parse", RunFastPosition.parse,
                     text if g.chance(0.9) else g.any())
    if op == "actions":
        return _call("RunFastPosition.legal_actions", position.legal_actions, rules)
    if op == "play":
        actions = position.legal_actions()
        move = g.pick(actions) if g.chance(0.7) else g.move_like()
        return _call("RunFastPosition.play", position.play, move, rules)
    if op in ("perft", "divide"):
        depth = g.pick([0, 1, 2, 3]) if g.chance(0.8) else g.pick([-1, 2**64, None, "2"])
        return _call(op, perft if op == "perft" else divide, position, depth, rules=rules)
    if op == "native":     # the compiled core's count: the whole tree of six-card hands is cheap
        depth = g.pick([0, 1, 3, 8, 60, 2**20]) if g.chance(0.8) else g.pick(
            [-1, 2**64, None, "2", 1.0, np.int64(2)])
        count = g.pick([perft, divide])

        def native():
            counted = count(position, depth, rules=rules, implementation="native")
            if count is perft and isinstance(depth, int) and depth <= 3:
                expect_equal("native perft == the Python walk", counted,
                             perft(position, depth, rules=rules, implementation="python"))
            return counted
        return call_text(f"{count.__name__} native", position, depth, rules=rules), native
    if op == "play_out":
        seed = g.rng.randint(0, 2**64 - 1) if g.chance(0.7) else g.seed_like()
        kwargs = {"rules": rules}
        if g.chance(0.1):
            kwargs["partner"] = g.pick([0, 1, None, g.any()])
        return _call("play_out", play_out, position, seed, **kwargs)
    if op == "text":
        space = implementation("python").action_space("runfast")
        move = space[g.rng.randrange(len(space))]
        text = g.pick([runfast.format_runfast_move(move), g.move_text(), str(move)])

        def round_trip():
            expect_equal(f"parse_runfast_move(format_runfast_move({move!r}))",
                         runfast.parse_runfast_move(runfast.format_runfast_move(move)), move)
            return _read_or_refuse(runfast.parse_runfast_move, text)
        return call_text("runfast move text", move, text), round_trip
    field = g.pick(["hands", "to_move", "prev", "passes"])
    value = g.pick([5, -1, 2**64, None, True, (Hand("BR"),) * 3, Move.parse("BR"),
                    Move.parse("33"), 1, g.any()])

    def forged():
        # runfast_actions takes checked values: it is asked of the position as it was
        expect_equal("runfast_actions of a valid position", runfast.runfast_actions(
            position.hands, position.to_move, position.prev,
            runfast.runfast_rules(position, None), implementation("python").legal_moves),
            position.legal_actions())
        object.__setattr__(position, field, value)
        for ask in (lambda: position.legal_actions(rules),
                    lambda: perft(position, 2, rules=rules),
                    lambda: runfast.runfast_rules(position, rules)):
            try:
                ask()
            except (TypeError, ValueError):
                pass
    return f"RunFastPosition with {field} forged to {r(value)}", forged


def _read_or_refuse(parse: Callable, text: object) -> object:
    try:
        return parse(text)
    except (TypeError, ValueError):
        return None


@entry("runfast_games", covers=["ddz_fast.positions.rollouts.RunFastGames",
                                "ddz_fast.positions.rollouts.RunFastGames.game_moves",
                                "ddz_fast.positions.rollouts.RunFastGames.game_actions",
                                "ddz_fast.positions.rollouts.RunFastPlayout"], examples=30)
def _(g: Gen):
    """Run Fast random games under hostile arguments, their moves read back, and the result
    classes built by hand from a result's own arrays, changed, or anything."""
    op = g.pick(["games", "games", "class", "playout"])
    rules = g.pick(["runfast", "runfast_15", Rules.preset("runfast").replace(players=2),
                    Rules.preset("runfast").replace(spade3_in_first_play=True, aaa_bomb=True,
                                                    four_three=True)]) \
        if g.chance(0.9) else g.rules_like()
    if op == "games":
        n = g.pick([0, 1, 5, 50]) if g.chance(0.8) else g.pick([-1, 2**64, None, 1.0])
        seed = g.rng.randint(0, 2**64 - 1) if g.chance(0.8) else g.seed_like()
        kwargs = {"rules": rules, "record": g.pick([True, True, False, 1, None])}
        if g.chance(0.3):
            kwargs["bidding"] = g.pick(["random", "points", None, g.any()])
        if g.chance(0.3):
            kwargs["workers"] = g.pick([1, 2, 3, 0, -1, None])
        game = g.pick([0, -1, "len", 2**70, np.int64(0), None])
        read_rules = rules if g.chance(0.9) else g.rules_like()

        def run():
            games = random_games(n, seed, **kwargs)
            if isinstance(games, RunFastGames) and games.moves is not None and len(games):
                index = len(games) if game == "len" else game
                games.game_moves(index)
                games.game_actions(index, read_rules)
            return len(games)
        return call_text("random_games", n, seed, **kwargs) + f" then .game_actions({r(game)})", \
            run, {"index_ok": True}
    if op == "class":
        games = random_games(2, g.rng.randrange(100), rules="runfast", record=g.chance(0.5))
        values = {f.name: getattr(games, f.name) for f in dataclass_fields(games)}
        name = g.pick(sorted(values))
        values[name] = g.pick([values[name], None, [1, 2], np.zeros(3), "x", g.any()])
        return _call("RunFastGames", RunFastGames, **values)
    args = [g.pick([0, 1, (0, 1), True, None, g.any()]) for _ in range(6)]
    return _call("RunFastPlayout", RunFastPlayout, *args)
