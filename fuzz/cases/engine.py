"""Generators of the game engine: games, states, matches, clocks, records, scoring, bidding."""
from __future__ import annotations

import contextlib
import math
import random
from typing import Any, Dict, List, Optional

import numpy as np

from ddz_fast import Bid, Double, Game, Hand, Move, Rules, State, action_id, action_space
from ddz_fast.actions import Partner
from ddz_fast.bitboard import COUNT_MASK
from ddz_fast.engine import (base, bidding, four_player, laizi, python_state, record, runfast,
                             stepping, three_player)
from ddz_fast.engine.base import Deal
from ddz_fast.engine.bidding import auction_status
from ddz_fast.engine.clock import Clock
from ddz_fast.engine.game import deal_cards
from ddz_fast.engine.python_state import PythonState
from ddz_fast.positions import step

from .core import (ALL_PRESETS, PLAIN_PRESETS, PRESET_NAMES, Gen, _call, _consume, _deal,
                   call_text, deep, entry, expect_equal, r)


@entry("Game", covers=["ddz_fast.Game"])
def _(g: Gen):
    from ddz_fast.engine.clock import Clock
    kwargs = {}
    if g.chance(0.4):
        kwargs["chips"] = g.pick([None, 100, 0, -1, [100, 100, 100], [1, 2], (0, 0, 0),
                                  2**64, 1.5, np.int64(5), g.any()])
    if g.chance(0.3):
        kwargs["clock"] = g.pick([Clock(), None, 5, "fast", g.any()])
    if g.chance(0.3):
        kwargs["auto_play_policy"] = g.pick([None, 5, len, lambda s: None, g.any()])
    rules = g.rules_like()
    return _call("Game", Game, rules, **kwargs)


@entry("Game.new_state", covers=["ddz_fast.Game.new_state"])
def _(g: Gen):
    game = Game(g.pick(PRESET_NAMES))
    seed = g.seed_like()
    first = g.int_or_any()
    kwargs = {}
    if g.chance(0.3):
        kwargs["stacks"] = g.pick([None, 10, [1, 2, 3], [-1, 0, 0], [0] * 4, g.any()])
    text = call_text("Game(...).new_state", seed, first, **kwargs)
    return text, lambda: game.new_state(seed, first, **kwargs)


@entry("new_state_from_hands", covers=["ddz_fast.Game.new_state_from_hands"])
def _(g: Gen):
    rules = g.pick(PRESET_NAMES + [Rules(bidding="call_rob")])
    game = Game(rules)
    deal = _deal(g.rng)
    hands = [Hand(c) for c in deal[:3]]
    kitty = Hand(deal[3])
    args = {"hands": hands, "kitty": kitty}
    kwargs = {}
    landlord = g.pick([None, 0, 1, 2])
    if landlord is not None:
        hands = list(hands)
        hands[landlord] = Hand([a + b for a, b in zip(deal[landlord], deal[3])])
        args["hands"] = hands
        args["kitty"] = g.pick([kitty, None])
        kwargs["landlord"] = landlord
    for _ in range(g.rng.randint(0, 3)):
        name = g.pick(["hands", "hand", "kitty", "landlord", "first_bidder", "seed",
                       "base_stake", "stacks"])
        if name == "hand":
            if isinstance(args["hands"], list):
                hands = list(args["hands"])
                if hands:
                    hands[g.rng.randrange(len(hands))] = g.hand_like()
                args["hands"] = hands
        elif name in ("hands", "kitty"):
            args[name] = g.hand_like() if g.chance(0.5) else g.any()
        else:
            kwargs[name] = g.pick([0, 1, 2, 3, -1, None, 2**64, np.int64(1), True, 100]) \
                if g.chance(0.6) else g.any()
    text = call_text("Game(...).new_state_from_hands", args["hands"], args["kitty"], **kwargs)
    return text, lambda: game.new_state_from_hands(args["hands"], args["kitty"], **kwargs)


def _state_text(g: Gen, state) -> str:
    return f"<state seed={state.seed!r} phase={state.phase} events={len(state.events)}>"


@entry("State.apply", covers=["ddz_fast.State.apply"])
def _(g: Gen):
    state = g.state()
    from ddz_fast import Bid, Double
    action = g.pick([Bid.PASS, Bid.BID_3, Bid.ROB, Double.DOUBLE, Move.PASS, g.valid_move(),
                     0, 1, 3, 5, 99, -1, True, "BID_3", None, np.int64(3)]) \
        if g.chance(0.6) else g.move_like() if g.chance(0.5) else g.any()
    if not state.is_over and g.chance(0.2):
        action = g.pick(state.legal_actions())
    text = f"{_state_text(g, state)}.apply({r(action)})"
    return text, lambda: state.apply(action)


@entry("State.apply_id", covers=["ddz_fast.State.apply_id"])
def _(g: Gen):
    state = g.state(steps=g.rng.randint(0, 80))
    size = len(action_space(state.rules))
    action = g.pick([0, 1, size - 1, size, size + 1, -1, 2 ** 64, True, None, "3", 1.5,
                     np.int64(3), np.uint64(2 ** 63)]) if g.chance(0.6) else g.any()
    if state.phase == "play" and g.chance(0.3):
        move = g.pick(state.legal_actions())
        action = size if move.is_pass else action_id(move, state.rules)
    return f"{_state_text(g, state)}.apply_id({r(action)})", lambda: state.apply_id(action)


@entry("State.timeout", covers=["ddz_fast.State.timeout"])
def _(g: Gen):
    state = g.state(steps=g.rng.randint(0, 60))
    return f"{_state_text(g, state)}.timeout()", state.timeout


@entry("State.play_auto", covers=["ddz_fast.State.play_auto"])
def _(g: Gen):
    state = g.state(steps=g.rng.randint(0, 60))
    arg = g.move_like() if g.chance(0.5) else g.pick(
        [None] + (state.legal_actions() if not state.is_over else []))
    return f"{_state_text(g, state)}.play_auto({r(arg)})", lambda: state.play_auto(arg)


@entry("State.run_auto_play", covers=["ddz_fast.State.run_auto_play"])
def _(g: Gen):
    from ddz_fast.engine.clock import Clock
    game = Game(g.pick(PRESET_NAMES + [Rules(bidding="call_rob")]),
                clock=g.pick([None, Clock(timeouts_to_auto_play=1)]))
    state = game.new_state(seed=g.rng.randint(0, 10**6))
    for _ in range(g.rng.randint(0, 30)):
        if state.is_over:
            break
        state.apply(g.pick(state.legal_actions()))
    seats = [p for p in range(3) if g.chance(0.4)]
    if g.chance(0.05):
        seats = [0, 1, 2]
    notes = []
    for seat in seats:
        if not state.is_over:
            state.set_auto_play(seat, True)
            notes.append(f"set_auto_play({seat}, True)")
    text = f"{_state_text(g, state)} after {'; '.join(notes) or 'no set_auto_play'}" \
           f" .run_auto_play()"
    return text, state.run_auto_play


@entry("State.set_auto_play", covers=["ddz_fast.State.set_auto_play"])
def _(g: Gen):
    state = g.state()
    player = g.int_or_any(0.5)
    on = g.pick([True, False, 1, 0, None, "yes", np.bool_(True)]) if g.chance(0.7) else g.any()

    then_run = g.chance(0.5)

    def run():
        state.set_auto_play(player, on)
        return state.run_auto_play() if then_run else None
    return f"{_state_text(g, state)}.set_auto_play({r(player)}, {r(on)})", run


@entry("State.leave", covers=["ddz_fast.State.leave"])
def _(g: Gen):
    state = g.state()
    player = g.int_or_any(0.5)

    def run():
        state.leave(player)
        return state.run_auto_play()
    return f"{_state_text(g, state)}.leave({r(player)}); .run_auto_play()", run


@entry("State.misc", covers=["ddz_fast.State.clone", "ddz_fast.State.returns",
                             "ddz_fast.State.position", "ddz_fast.State.legal_actions"])
def _(g: Gen):
    state = g.state(steps=g.rng.randint(0, 80))
    name = g.pick(["clone", "returns", "position", "legal_actions", "scores", "time_limit",
                   "history", "winner", "final_stacks", "raw_scores", "repr"])

    def run():
        if name == "repr":
            return repr(state)
        value = getattr(state, name)
        return value() if callable(value) else value
    return f"{_state_text(g, state)}.{name}", run


@entry("Match", covers=["ddz_fast.Match", "ddz_fast.Match.next_hand", "ddz_fast.Match.play"])
def _(g: Gen):
    from ddz_fast import Match
    from ddz_fast.search.bots import GreedyBot, RandomBot, act
    game = g.pick([Game(), Game("rlcard"), Game(Rules(bidding="call_rob"))]) \
        if g.chance(0.9) else g.any()
    n = g.pick([0, 1, 2, 3]) if g.chance(0.6) else g.pick(
        [-1, 100, None, 1.5, np.int64(2), True, g.any()])
    if g.chance(0.02):
        n = g.pick([10**9, 2**63, 10**20])
    kwargs = {}
    if g.chance(0.4):
        kwargs["seed"] = g.seed_like()
    if g.chance(0.3):
        kwargs["first_bidder"] = g.int_or_any()
    bot = RandomBot(1)
    policy = g.pick([lambda s: act(bot, s), lambda s: act(GreedyBot(), s), lambda s: None,
                     lambda s: 5, lambda s: s.legal_actions()[-1]])

    # play() plays every hand: only a few hands are played, larger matches are made and dealt
    play_all = isinstance(n, int) and n <= 3 and g.chance(0.7)

    def run():
        match = Match(game, n, **kwargs)
        if play_all:
            return match.play(policy)
        return match.next_hand()
    return call_text("Match", game, n, **kwargs) + \
        (".play(policy)" if play_all else ".next_hand()"), run


@entry("Clock", covers=["ddz_fast.engine.clock.Clock"])
def _(g: Gen):
    from dataclasses import fields as dc_fields
    from ddz_fast.engine.clock import Clock
    names = [f.name for f in dc_fields(Clock)]
    kwargs = {}
    for _ in range(g.rng.randint(1, 3)):
        name = g.pick(names)
        value = g.pick([1, 0.5, 0, -1, float("nan"), float("inf"), float("-inf"), True, None,
                        np.float64(1.0), np.int64(2), "5", 2**64, 1e308]) \
            if g.chance(0.7) else g.any()
        kwargs[name] = value
    invalid = any(isinstance(v, float) and not math.isfinite(v) for v in kwargs.values())
    text, thunk = _call("Clock", Clock, **kwargs)
    return text, thunk, {"expect": "error" if invalid else None}


def _valid_record(g: Gen) -> dict:
    from ddz_fast.engine import record
    state = g.state(steps=g.rng.randint(0, 200))
    if g.chance(0.2) and not state.is_over:
        state.timeout()
    if g.chance(0.2) and not state.is_over:
        state.set_auto_play(g.rng.randrange(3), True)
        state.run_auto_play()
    return record.to_record(state)


def _mutate_json(g: Gen, value, depth: int = 0):
    """Change one field somewhere inside a JSON-like structure."""
    if isinstance(value, dict) and value and (depth == 0 or g.chance(0.7)):
        key = g.pick(sorted(value, key=str))
        new = dict(value)
        r_ = g.rng.random()
        if r_ < 0.15:
            del new[key]
        elif r_ < 0.2:
            new[g.pick(["bogus", "", "0"])] = g.any()
        else:
            new[key] = _mutate_json(g, value[key], depth + 1)
        return new
    if isinstance(value, list) and value and g.chance(0.7):
        new = list(value)
        i = g.rng.randrange(len(value))
        r_ = g.rng.random()
        if r_ < 0.15:
            del new[i]
        elif r_ < 0.25:
            new.append(g.any() if g.chance(0.5) else new[i])
        else:
            new[i] = _mutate_json(g, value[i], depth + 1)
        return new
    return g.pick([None, 0, -1, 1, 2, 3, 2**64, 10**20, 1.5, float("nan"), "", "x", "BID_3",
                   "pass", "33", True, [], {}, [0, 0, 0], deep(g.pick([50, 2000])),
                   g.text(), g.any()])


def _record_value(g: Gen):
    rec = _valid_record(g)
    for _ in range(g.rng.randint(0 if g.chance(0.1) else 1, 3)):
        rec = _mutate_json(g, rec)
    return rec


@entry("record.from_json", covers=["ddz_fast.engine.record.from_json"])
def _(g: Gen):
    import json
    from ddz_fast.engine import record
    if g.chance(0.6):
        rec = _record_value(g)
        try:
            text = json.dumps(rec)
        except Exception:
            text = r(rec, 10**6)
        if g.chance(0.2):
            text = text[:g.rng.randrange(len(text) + 1)]
    else:
        text = g.pick([g.text(), "[" * 100000, '{"format": "ddz_fast.record", "version": 1}',
                       "NaN", "1e999999", "\"" + "x" * 10 + "\"", b'{"a": 1}', g.any(),
                       '{"format": "ddz_fast.record", "version": ' + "9" * 5000 + "}"])

    then_load = g.chance(0.5)

    def run():
        rec = record.from_json(text)
        return record.load(rec) if then_load else rec
    return call_text("record.from_json", text, ) + " (then maybe load)", run


@entry("record.load", covers=["ddz_fast.engine.record.load"])
def _(g: Gen):
    from ddz_fast.engine import record
    rec = _record_value(g) if g.chance(0.9) else g.any()
    kwargs = {"game": g.pick([Game(), g.any()])} if g.chance(0.1) else {}
    return _call("record.load", record.load, rec, **kwargs)


@entry("record.replay", covers=["ddz_fast.engine.record.replay"])
def _(g: Gen):
    from ddz_fast.engine import record
    rec = _record_value(g) if g.chance(0.9) else g.any()
    text = call_text("list(record.replay", rec) + ")"
    return text, lambda: len(list(record.replay(rec)))


@entry("record.to_json", covers=["ddz_fast.engine.record.to_json"])
def _(g: Gen):
    from ddz_fast.engine import record
    state = g.state() if g.chance(0.7) else g.any()
    kwargs = {g.pick(["indent", "sort_keys", "bogus"]): g.any()} if g.chance(0.3) else {}
    return _call("record.to_json", record.to_json, state, **kwargs)


@entry("scoring", covers=["ddz_fast.engine.scoring.spring_factor",
                          "ddz_fast.engine.scoring.settle",
                          "ddz_fast.engine.scoring.cap_to_stacks",
                          "ddz_fast.engine.scoring.share_in_proportion",
                          "ddz_fast.engine.scoring.deal_bonuses",
                          "ddz_fast.engine.scoring.side_spring_factor",
                          "ddz_fast.engine.scoring.settle_sides",
                          "ddz_fast.engine.scoring.side_pairs",
                          "ddz_fast.engine.scoring.cap_sides_to_stacks"])
def _(g: Gen):
    from ddz_fast.engine import scoring

    def seq3():
        return g.pick([[0, 1, 2], [1, 1, 1], [False, True, False], [0, 0], [], [-1, 5, 2**64],
                       (10, 0, 0), [1.5, 2, 3], None, [np.int64(1)] * 3, g.any()])
    def seq4():
        return g.pick([[0, 1, 2, 3], [1, 1, 1, 1], [False, True, False, True], [0, 0, 0],
                       [-1, 5, 2**64, 0], (10, 0, 0, 0), [1.5, 2, 3, 4], None, g.any()])

    def partner():
        return g.pick([None, 0, 1, 2, 3, 4, -1, True, "1", np.int64(2), g.any()])
    name = g.pick(["spring_factor", "settle", "cap_to_stacks", "share_in_proportion",
                   "deal_bonuses", "side_spring_factor", "settle_sides", "side_pairs",
                   "cap_sides_to_stacks"])
    small = lambda: g.pick([0, 1, 2, 3, -1, 2**64, 10**20, True, None, 1.5,  # noqa: E731
                            np.int64(2), float("nan")]) if g.chance(0.8) else g.any()
    if name == "spring_factor":
        args = (g.pick([True, False, None, 1, g.any()]), seq3(), small())
    elif name == "settle":
        args = (small(), small(), small(), g.pick([True, False, None, 1]), seq3())
    elif name == "cap_to_stacks":
        args = (seq3(), seq3(), small())
    elif name == "share_in_proportion":
        args = (small(), seq3())
    elif name == "deal_bonuses":    # of a state's own hand words (unchecked, documented)
        words = [Hand(c).bitboard for c in _deal(g.rng)[:3]]
        args = (g.pick([words, words[:2], words + [Hand("3456789TJQKA").bitboard], []]),)
    elif name == "side_spring_factor":
        args = (g.pick([True, False, None, 1]), seq4(), small(), partner())
    elif name == "settle_sides":
        args = (small(), small(), small(), partner(), g.pick([True, False, None]), seq4())
    elif name == "side_pairs":
        args = (small(), partner())
    else:
        args = (seq4(), seq4(), small(), partner())
    return _call(f"scoring.{name}", getattr(scoring, name), *args)


@entry("auction_status", covers=["ddz_fast.engine.bidding.auction_status"])
def _(g: Gen):
    from ddz_fast import Bid, Double
    from ddz_fast.engine.bidding import auction_status
    rules = g.pick([Rules(), Rules(bidding="call_rob"), Rules(single_round_auction=True),
                    g.rules_like()])
    first = g.int_or_any()
    actions = [g.pick(list(Bid)) for _ in range(g.rng.randint(0, 8))]
    if g.chance(0.4):
        actions.append(g.pick([Double.DOUBLE, 3, 99, -1, None, "BID_3", True, Move.PASS,
                               g.any()]))
    if g.chance(0.1):
        actions = g.any()
    return _call("auction_status", auction_status, rules, first, actions)


# --- every table's engine --------------------------------------------------------------------

VARIANT_RULES = [Rules.preset(name) for name in ALL_PRESETS] + [
    Rules(players=4, sides="partner"), Rules(players=4, bidding="call_rob"),
    Rules(deal_bonuses=True), Rules(kitty=0, deal_bonuses=True), Rules(laizi=1, kitty=0),
    Rules(laizi=2, bomb_multiplier="app"), Rules(laizi=1, bidding="call_rob")]


def variant_state(g: Gen, steps: Optional[int] = None):
    """A state of any table (three or four seats, wild cards, deal bonuses, no kitty) after
    some random legal actions."""
    rules = g.pick(VARIANT_RULES)
    game = Game(rules, chips=g.pick([None, None, 50, [3, 100, 7, 20][:rules.players]]))
    state = game.new_state(seed=g.rng.randint(0, 10**6),
                           first_bidder=g.rng.randrange(rules.players))
    for _ in range(g.rng.randint(0, 60) if steps is None else steps):
        if state.is_over:
            break
        state.apply(g.pick(state.legal_actions()))
    return state


def _state_action(g: Gen, state) -> Any:
    """An action for ``state``: one of its legal actions, an action of another phase or
    table, or anything."""
    legal = [] if state.is_over else state.legal_actions()
    if legal and g.chance(0.4):
        return g.pick(legal)
    return g.pick([Bid.PASS, Bid.BID_3, Bid.ROB, Double.DOUBLE, Partner.SEAT_3, Move.PASS,
                   g.valid_move(), g.laizi_move(), 0, 3, -1, True, None, "pass", np.int64(2),
                   g.move_like(), g.any()])


@entry("variants.states", covers=[
    "ddz_fast.engine.four_player.FourPlayerState", "ddz_fast.engine.laizi.LaiziState",
    "ddz_fast.engine.four_player.FourPlayerState.position",
    "ddz_fast.engine.laizi.LaiziState.position", "ddz_fast.engine.laizi.LaiziState.apply",
    "ddz_fast.engine.laizi.LaiziState.apply_id", "ddz_fast.engine.laizi.LaiziState.clone",
    "ddz_fast.engine.laizi.LaiziState.legal_actions",
    "ddz_fast.engine.laizi.LaiziState.returns",
    "ddz_fast.engine.python_state.PythonState", "ddz_fast.engine.python_state.PythonState.clone",
    "ddz_fast.engine.python_state.PythonState.returns",
    "ddz_fast.engine.python_state.PythonState.legal_actions",
    "ddz_fast.engine.python_state.PythonState.apply",
    "ddz_fast.engine.python_state.PythonState.apply_id",
    "ddz_fast.engine.python_state.PythonState.position",
    "ddz_fast.engine.base.StateBase", "ddz_fast.engine.base.StateBase.timeout",
    "ddz_fast.engine.base.StateBase.play_auto", "ddz_fast.engine.base.StateBase.run_auto_play",
    "ddz_fast.engine.base.StateBase.set_auto_play", "ddz_fast.engine.base.StateBase.leave",
    "ddz_fast.Game.new_state"], examples=40)
def _(g: Gen):
    """A state of any table stepped on, then one call of any of its methods."""
    state = variant_state(g)
    which = g.pick(["apply", "apply", "apply_id", "timeout", "play_auto", "run_auto_play",
                    "set_auto_play", "leave", "clone", "returns", "position", "legal_actions",
                    "base_position"])
    text = f"<{type(state).__name__} {state.rules!r} phase={state.phase}>.{which}"
    if which in ("apply", "play_auto"):
        action = _state_action(g, state)
        return f"{text}({r(action)})", lambda: getattr(state, which)(action)
    if which == "apply_id":
        size = len(action_space(state.rules)) if not state.rules.laizi else 10**6
        index = g.pick([0, 1, size, size + 1, -1, g.rng.randrange(size), 2**64, True, "3",
                        None, np.int64(4)])
        return f"{text}({r(index)})", lambda: state.apply_id(index)
    if which in ("set_auto_play", "leave"):
        seat = g.pick([0, 1, 2, 3, 4, -1, True, None, np.int64(1), "1"])
        on = g.pick([True, False, 1, None, np.bool_(False)])
        args = (seat, on) if which == "set_auto_play" else (seat,)

        def run():
            getattr(state, which)(*args)
            return state.run_auto_play()
        return f"{text}{r(args)}; run_auto_play()", run
    if which == "run_auto_play":
        for seat in range(state.rules.players):
            if g.chance(0.5) and not state.is_over:
                state.set_auto_play(seat, True)
        redeals = g.pick([0, 1, 100, -1, None, 2**64])
        return f"{text}({redeals})", lambda: state.run_auto_play(redeals)
    if which == "base_position":     # the base class's hook: each table's state overrides it
        def run():
            with contextlib.suppress(NotImplementedError):
                PythonState.position(state)
            return state.position()
        return f"PythonState.position({text}); .position()", run
    return text + "()", lambda: _consume(getattr(state, which)())


def _table_game(g: Gen):
    """(game, engine module) of a table: three seats, four, or wild cards."""
    rules = g.pick(VARIANT_RULES)
    module = laizi if rules.laizi else four_player if rules.players == 4 else three_player
    return Game(rules), module


@entry("engine.tables", covers=[
    "ddz_fast.engine.three_player.new_state", "ddz_fast.engine.four_player.new_state",
    "ddz_fast.engine.laizi.new_state", "ddz_fast.engine.three_player.state_from_hands",
    "ddz_fast.engine.four_player.state_from_hands", "ddz_fast.engine.laizi.state_from_hands",
    "ddz_fast.engine.three_player.deal", "ddz_fast.engine.four_player.deal",
    "ddz_fast.engine.laizi.deal", "ddz_fast.engine.four_player.check_stacks",
    "ddz_fast.engine.three_player.check_stacks", "ddz_fast.engine.laizi.draw_wild",
    "ddz_fast.engine.game.deal_cards", "ddz_fast.engine.three_player.Start",
    "ddz_fast.engine.four_player.FourPlayerStart", "ddz_fast.engine.laizi.LaiziStart",
    "ddz_fast.engine.base.Deal", "ddz_fast.Game.new_state_from_hands"], examples=40)
def _(g: Gen):
    """The engine module of each table, called as the Game calls it (its game and checked
    rules), with the arguments it checks itself hostile; and the hands as dealt given back."""
    game, module = _table_game(g)
    seed = g.seed_like()
    which = g.pick(["new_state", "from_hands", "from_hands", "deal", "check_stacks",
                    "draw_wild", "deal_cards", "starts"])
    if which == "new_state":
        first = g.pick([0, 1, 2, 3, 4, -1, None, True, "0", np.int64(1)])
        stacks = g.pick([None, 10, [1, 2, 3], [1, 2, 3, 4], -1, "x", g.any()])
        return _call(f"{module.__name__}.new_state", module.new_state, game, seed, first,
                     stacks)
    if which == "deal":     # of a seed and a number deal_cards has checked
        number = g.pick([0, 1, 5, 30])
        return _call(f"{module.__name__}.deal", module.deal, g.rng.randrange(10**6), number,
                     game.rules)
    if which == "deal_cards":   # a number past MAX_DEAL_NUMBER is refused, one below it dealt
        number = g.pick([0, 1, 5, -1, 10**6, 2**64, None, np.int64(3), 1.0, "2"])
        return _call("deal_cards", deal_cards, seed, number, rules=g.rules_like())
    if which == "check_stacks":
        fn = g.pick([module.check_stacks, four_player.check_stacks, three_player.check_stacks])
        stacks = g.pick([None, 10, 0, -1, [1, 2, 3], [1, 2, 3, 4], (0,) * 3, 2**64, 1.5,
                         [np.int64(3)] * 4, g.any()])
        return _call(f"{fn.__module__}.check_stacks", fn, stacks)
    if which == "draw_wild":
        count = g.pick([0, 1, 2, 13, 14, -1])
        rng = random.Random(g.rng.randrange(100))
        return _call("laizi.draw_wild", laizi.draw_wild, rng, count)
    if which == "starts":       # the start records, built by hand (plain NamedTuples)
        cls = g.pick([three_player.Start, four_player.FourPlayerStart, laizi.LaiziStart, Deal])
        args = [g.pick([None, 0, (), g.any()]) for _ in range(len(cls._fields))]
        return _call(cls.__name__, cls, *args)
    return _from_hands(g, game, module, seed)


def _from_hands(g: Gen, game: Game, module, seed):
    """``state_from_hands`` of a deal of the table, one argument changed."""
    deal = deal_cards(g.rng.randrange(1000), rules=game.rules)
    hands, kitty = list(deal.hands), deal.kitty
    kwargs: Dict[str, Any] = {"landlord": None, "partner": None, "wild": None,
                              "first_bidder": 0, "seed": seed, "base_stake": 1, "stacks": None}
    if game.rules.laizi and g.chance(0.7):
        kwargs["wild"] = g.wild_like(game.rules.laizi)
    if g.chance(0.4):
        landlord = g.rng.randrange(game.rules.players)
        hands[landlord] = Hand([a + b for a, b in zip(hands[landlord].counts, kitty.counts)],
                               decks=game.rules.decks)
        kwargs["landlord"], kitty = landlord, g.pick([kitty, None])
    name = g.pick(["hands", "kitty", "landlord", "partner", "wild", "first_bidder", "seed",
                   "base_stake", "stacks", "none"])
    value = g.pick([None, 0, 1, 3, 4, -1, 2**64, True, "x", np.int64(2), hands[:2],
                    Hand("33"), g.any()])
    if name == "hands":
        hands = value if g.chance(0.3) else hands[:-1] + [g.hand_like()]
    elif name == "kitty":
        kitty = value
    elif name != "none":
        kwargs[name] = value
    text = call_text(f"{module.__name__}.state_from_hands", game, hands, kitty, **kwargs)
    return text, lambda: module.state_from_hands(game, hands, kitty, **kwargs)


@entry("engine.helpers", covers=[
    "ddz_fast.engine.base.check_seed", "ddz_fast.engine.base.with_entry",
    "ddz_fast.engine.base.check_sizes", "ddz_fast.engine.base.timeout_action",
    "ddz_fast.engine.base.auction_memo", "ddz_fast.engine.base.GameLike",
    "ddz_fast.engine.bidding.Auction", "ddz_fast.engine.bidding.doubling_order",
    "ddz_fast.engine.bidding.next_player", "ddz_fast.engine.python_state.shuffled_deal",
    "ddz_fast.engine.python_state.trusted_hand", "ddz_fast.engine.clock.Clock.limit"],
       examples=30)
def _(g: Gen):
    """The engine's helpers: check_seed takes anything; the others take what the engine
    hands them (a state, a seat, checked rules, counts known valid), each checked against
    another way to the same."""
    which = g.pick(["check_seed", "check_seed", "with_entry", "check_sizes", "timeout",
                    "memo", "turns", "shuffled_deal", "trusted_hand", "limit", "auction"])
    if which == "check_seed":
        seed = g.seed_like() if g.chance(0.5) else g.pick(["\ud800", "é", b"1", 1.5, None,
                                                           np.int64(3), True, 2**200])
        return _call("check_seed", base.check_seed, seed)
    if which == "with_entry":
        values, index = tuple(range(g.pick([3, 4]))), g.rng.randrange(3)
        return call_text("with_entry", values, index, "x"), lambda: expect_equal(
            "with_entry", base.with_entry(values, index, "x")[index], "x")
    if which == "check_sizes":
        deal = deal_cards(g.rng.randrange(100))
        sizes = g.pick([(17, 17, 17), (17, 17, 18), (20, 17, 17)])
        return _call("check_sizes", base.check_sizes, deal.hands, sizes)
    if which == "timeout":
        state = variant_state(g)
        return f"timeout_action(<{state.phase}>)", lambda: (
            None if state.is_over else state.apply(base.timeout_action(state)))
    if which == "memo":
        rules = g.pick(VARIANT_RULES)
        bids = tuple((seat % rules.players, g.pick(list(Bid))) for seat in range(
            g.rng.randint(0, 4)))
        first = g.rng.randrange(rules.players)
        return call_text("auction_memo()", rules, first, bids), lambda: expect_equal(
            "auction_memo", base.auction_memo()(rules, first, bids),
            auction_status(rules, first, bids))
    if which == "turns":
        seat, players = g.rng.randrange(4), g.pick([3, 4])
        return call_text("next_player, doubling_order", seat, players), lambda: (
            bidding.next_player(seat % players, players), bidding.doubling_order(seat % 3))
    if which == "shuffled_deal":
        rules = g.pick(VARIANT_RULES)
        rng = random.Random(g.rng.randrange(1000))
        return _call("shuffled_deal", python_state.shuffled_deal, rng, rules)
    if which == "trusted_hand":
        counts = g.two_deck_counts()
        return call_text("trusted_hand", counts), lambda: expect_equal(
            "trusted_hand", python_state.trusted_hand(counts), Hand(counts, decks=2))
    if which == "auction":
        args = [g.pick([None, 0, (), Bid.PASS, g.any()]) for _ in range(4)]
        return _call("Auction", bidding.Auction, *args)
    phase = g.pick(["bidding", "doubling", "play", "partner", "over", "", 5, None])
    return _call("Clock().limit", Clock().limit, phase, g.pick([True, False, None]))


@entry("stepping", covers=[
    "ddz_fast.engine.stepping.new_play_phase", "ddz_fast.engine.stepping.hand_of_word",
    "ddz_fast.engine.stepping.PythonPlayPhase",
    "ddz_fast.engine.stepping.PythonPlayPhase.actions",
    "ddz_fast.engine.stepping.PythonPlayPhase.contains",
    "ddz_fast.engine.stepping.PythonPlayPhase.play",
    "ddz_fast.engine.stepping.PythonPlayPhase.copy",
    "ddz_fast.engine.stepping.PythonPlayPhase.key", "ddz_fast.engine.stepping.PythonStateCore",
    "ddz_fast.engine.stepping.PythonStateCore.legal_actions",
    "ddz_fast.engine.stepping.PythonStateCore.apply", "ddz_fast.engine.stepping.StateCore"],
       examples=30)
def _(g: Gen):
    """The play phase in Python and the native one, stepped together through the same moves
    (and any object offered to both), from words and a seat checked as a state checks them;
    the Python state core beside the state it is the twin of."""
    rules = g.preset(PLAIN_PRESETS)
    deal = deal_cards(g.rng.randrange(10**4), rules=rules)
    landlord = g.rng.randrange(3)
    words = [h.bitboard for h in deal.hands]
    words[landlord] += deal.kitty.bitboard
    if g.chance(0.2):
        words = [w if g.chance(0.6) else Hand(g.valid_counts()).bitboard & w for w in words]
    strange = g.pick([g.move_like(), g.laizi_move(), None, 5, g.any()])
    steps = g.rng.randint(0, 40)
    # the moves are chosen while the call runs, by a stream drawn now (a case draws from g
    # only while it is built)
    chooser = random.Random(g.rng.randrange(2**32))

    def run():
        native = stepping.new_play_phase(tuple(words), landlord, rules)
        python = stepping.PythonPlayPhase(tuple(words), landlord, rules, step.generator(None))
        for _ in range(steps):
            expect_equal("play phase key", python.key()[:7], _key(native))
            actions = python.actions()
            expect_equal("actions", actions, list(native.actions()))
            expect_equal("contains", python.contains(strange), native.contains(strange))
            if not actions:
                break
            move = chooser.choice(actions)
            log: List[Any] = []
            expect_equal("play", python.play(move, log), native.play(move, None))
            python = python.copy() if chooser.random() < 0.3 else python
            expect_equal("prev", python.prev, native.prev)
        expect_equal("hand words", [stepping.hand_of_word(w) for w in python.hands],
                     [Hand.from_bitboard(w) for w in native.hands])
        _py_core(chooser, rules)
    return call_text("play phases", words, landlord, rules) + f" {steps} steps; {r(strange)}", run


def _key(phase) -> tuple:
    """The first seven fields of PythonPlayPhase.key() read from any play phase."""
    return (tuple(phase.hands), phase.prev_word, phase.passes, phase.player, phase.landlord,
            tuple(phase.plays), phase.bombs)


def _py_core(chooser: random.Random, rules: Rules) -> None:
    """PythonStateCore's play step on a copy of a State's fields: the same actions, the same
    play phase after a move that does not end the hand."""
    state = Game(rules).new_state(seed=chooser.randrange(1000))
    while state.phase != "play":
        state.apply(chooser.choice(state.legal_actions()))
    core = stepping.PythonStateCore.__new__(stepping.PythonStateCore)
    core._phase, core._player, core._log, core._over = "play", state.current_player, [], False
    core._timeouts = (0, 0, 0)
    position = state.position()
    hands = [h.bitboard for h in position.hands]
    core._play_phase = stepping.PythonPlayPhase(tuple(hands), position.landlord, rules,
                                                step.generator(None))
    core._play_phase._player = position.to_move
    expect_equal("PythonStateCore.legal_actions", core.legal_actions(), state.legal_actions())
    move = max(core.legal_actions(), key=len)
    if len(move) < len(position.hands[position.to_move]):   # the hand goes on
        core.apply(move)
        expect_equal("PythonStateCore.apply", core._play_phase.hands[position.to_move],
                     hands[position.to_move] - (move.word & COUNT_MASK))


@entry("record.more", covers=["ddz_fast.engine.record.to_record",
                              "ddz_fast.engine.record.check_record",
                              "ddz_fast.engine.record.game_of",
                              "ddz_fast.engine.record.load"], examples=30)
def _(g: Gen):
    """Records of every table: made, checked, read back to their Game and their state."""
    state = variant_state(g) if g.chance(0.8) else g.any()
    which = g.pick(["round_trip", "check", "game_of"])
    if which == "round_trip":
        def run():
            rec = record.to_record(state)
            again = record.load(rec)
            expect_equal("record of the loaded state", record.to_record(again), rec)
            return again
        return call_text("record.load(record.to_record", state) + ")", run
    try:
        rec = record.to_record(state)
    except (TypeError, ValueError):
        rec = g.any()
    for _ in range(g.rng.randint(0, 2)):
        rec = _mutate_json(g, rec)
    fn = record.check_record if which == "check" else record.game_of
    return _call(f"record.{fn.__name__}", fn, rec)


@entry("state classes", covers=["ddz_fast.State", "ddz_fast.engine.base.StateBase",
                                "ddz_fast.engine.python_state.PythonState",
                                "ddz_fast.engine.four_player.FourPlayerState",
                                "ddz_fast.engine.laizi.LaiziState"], examples=10)
def _(g: Gen):
    """The state classes called directly (a state is made by a Game): refused, whatever the
    arguments."""
    cls = g.pick([State, base.StateBase, PythonState, four_player.FourPlayerState,
                  laizi.LaiziState])
    args = [g.pick([Game(), g.any(), 1, None]) for _ in range(g.rng.randint(0, 3))]
    return _call(cls.__name__, cls, *args)


_RUNFAST_TABLES = ["runfast", "runfast_15", Rules.preset("runfast").replace(players=2),
                   Rules.preset("runfast").replace(next_lead="winner", spade3_in_first_play=True,
                                                   must_beat=False, aaa_bomb=True)]


def runfast_state(g: Gen) -> runfast.RunFastState:
    """A Run Fast hand some random actions in (or over)."""
    state = Game(g.pick(_RUNFAST_TABLES)).new_state(seed=g.rng.randrange(1 << 30))
    for _ in range(g.rng.randint(0, 40)):
        if state.is_over:
            break
        state.apply(g.pick(state.legal_actions()))
    return state


@entry("runfast engine", covers=[f"ddz_fast.engine.runfast.{name}" for name in (
        "RunFastStart", "RunFastState", "RunFastState.apply", "RunFastState.apply_id",
        "RunFastState.clone", "RunFastState.legal_actions", "RunFastState.position",
        "RunFastState.returns", "check_stacks", "deal", "leader_of_deal", "new_state",
        "physical_deal", "state_from_hands")], examples=30)
def _(g: Gen):
    """Run Fast hands: dealing from hostile seeds, hands given by their cards, hostile actions
    and ids on a hand in play (an illegal one must change nothing), and the helpers."""
    op = g.pick(["apply", "apply", "apply_id", "hands", "new", "deal", "misc"])
    if op in ("apply", "apply_id"):
        state = runfast_state(g)
        before = state.clone()
        space = len(action_space(state.rules))
        action = (g.pick([g.rng.randint(-1, space + 1), g.np_scalar(), g.any(), 2**64])
                  if op == "apply_id" else
                  g.pick([g.move_like(), g.move_text(), "pass", Bid.PASS, g.any()]))

        def run():
            try:
                (state.apply_id if op == "apply_id" else state.apply)(action)
            except (TypeError, ValueError):
                expect_equal("a refused action changes nothing", state, before)
                raise
        return call_text(f"RunFastState.{op}", action), run
    if op == "hands":
        rules = g.pick(_RUNFAST_TABLES)
        piles = runfast.deal(g.rng.randrange(1 << 30), 0, Rules.preset("runfast")
                             if isinstance(rules, str) and rules == "runfast_15" else
                             Game(rules).rules)
        hands = [g.pick([h, str(h), list(h.counts)]) for h in piles.hands]
        if g.chance(0.5):
            hands[g.rng.randrange(len(hands))] = g.pick([g.hand_like(), "BR", "", g.any()])
        kitty = None if g.chance(0.8) else g.pick(["", "3", g.any()])
        first = g.pick([0, 1, 2, 3, -1, None, np.int64(1)]) if g.chance(0.4) else 0
        return _call("Game.new_state_from_hands", Game(rules).new_state_from_hands, hands,
                     kitty, first_bidder=first)
    if op == "new":
        rules = g.pick(_RUNFAST_TABLES)
        seed = g.pick([g.rng.randrange(1 << 62), "text seed", None]) if g.chance(0.7) \
            else g.any()
        stacks = None if g.chance(0.8) else g.pick([[10] * 3, 5, g.any()])
        previous = None if g.chance(0.6) else g.pick([runfast_state(g), Game().new_state(1),
                                                       g.any()])
        return _call("Game.new_state", Game(rules).new_state, seed, stacks=stacks,
                     previous=previous)
    if op == "deal":
        rules = Game(g.pick(_RUNFAST_TABLES)).rules
        seed, number = g.rng.randrange(1 << 40), g.rng.randint(0, 5)

        def dealt():
            piles = runfast.physical_deal(seed, number, rules)
            counts = runfast.deal(seed, number, rules)
            expect_equal("the deal's cards are its piles'", [len(h) for h in counts.hands],
                         [len(p) for p in piles])
            leader = runfast.leader_of_deal(piles, rules.players)
            expect_equal("the leader is a player", 0 <= leader < rules.players, True)
            runfast.check_stacks(None)
            return leader
        return call_text("runfast deal", seed, number, rules), dealt
    state = runfast_state(g)

    def misc():
        expect_equal("a clone equals its state", state.clone(), state)
        if state.is_over:
            expect_equal("the returns sum to zero", sum(state.returns()), 0)
        else:
            expect_equal("the position's actions are the state's",
                         state.position().legal_actions(state.rules) == state.legal_actions()
                         or not any(state.plays), True)
        runfast.RunFastStart(*state.start)
        return state.legal_actions()
    return f"runfast misc on {r(state)}", misc


@entry("VectorGame", covers=["ddz_fast.engine.vector.VectorGame",
                             "ddz_fast.engine.vector.VectorGame.reset",
                             "ddz_fast.engine.vector.VectorGame.step",
                             "ddz_fast.engine.vector.VectorGame.mask",
                             "ddz_fast.engine.vector.VectorGame.bid_id"], examples=30)
def _(g: Gen):
    """Batched tables built, reset and stepped with hostile arguments beside valid ones (legal
    actions chosen among the listed ones, one forged now and then); a refused step leaves
    every array as it was."""
    from ddz_fast.engine.vector import VectorGame
    n = g.pick([1, 2, 5]) if g.chance(0.8) else g.any()
    rules = g.pick(PLAIN_PRESETS) if g.chance(0.7) else g.rules_like()
    phase = g.pick(["play", "full"]) if g.chance(0.85) else g.any()
    order = "canonical" if g.chance(0.6) else g.pick(["douzero", "douzero", g.any()])
    if isinstance(order, str) and order == "douzero" and g.chance(0.8):
        rules, phase = "douzero", "play"
    auto_reset = g.pick([True, False]) if g.chance(0.9) else g.any()
    seed = g.rng.randrange(10**6) if g.chance(0.7) else g.pick(
        [g.any(), [1, 2], -1, 2**62, np.arange(5), None])
    hands = None
    if g.chance(0.25):
        deal = deal_cards(g.rng.randrange(10**4))
        words = [h.bitboard for h in deal.hands]
        words[0] += deal.kitty.bitboard
        hands = g.pick([[words] * (n if isinstance(n, int) and 0 < n < 8 else 1),
                        np.array([words], dtype=np.uint64), g.any()])
    landlord = g.pick([None, 0, 1, 2, 3, -1, [0, 1], g.any()]) if g.chance(0.4) else None
    steps = g.rng.randint(0, 30)
    chooser = random.Random(g.rng.randrange(2**32))
    hostile = [g.any() for _ in range(3)]
    bid = g.pick([0, 3, 4, -1, hostile[0]])

    def run():
        vg = VectorGame(n, rules, phase=phase, auto_reset=auto_reset, order=order)
        kwargs = {} if landlord is None else {"landlord": landlord}
        vg.reset(seed, hands=hands, **kwargs)
        for k in range(steps):
            offsets = vg.offsets
            picks = [chooser.randrange(offsets[t], offsets[t + 1]) if offsets[t + 1] >
                     offsets[t] else 0 for t in range(vg.n)]
            live = ~vg.over
            actions: Any = np.where(live, vg.action_ids[picks] if len(vg.moves) else 0, 0)
            by_words = chooser.random() < 0.3
            if by_words:
                actions = np.where(live, vg.moves[picks] if len(vg.moves) else 0,
                                   0).astype(np.uint64)
            if chooser.random() < 0.15:
                actions = hostile[k % 3]
            before = [a.copy() for a in (vg.hands, vg.player, vg.history, vg.offsets)]
            try:
                vg.step(actions, words=by_words, where=live)
            except (ValueError, TypeError):
                after = (vg.hands, vg.player, vg.history, vg.offsets)
                expect_equal("unchanged", all(np.array_equal(a, b)
                                              for a, b in zip(before, after)), True)
                raise
            vg.mask()
        if vg.phase == "full":
            vg.bid_id(bid)
    return call_text("VectorGame", n, rules, phase=phase, auto_reset=auto_reset,
                     order=order) + \
        f".reset({r(seed)}, hands={r(hands)}, landlord={r(landlord)}), {steps} steps", run
