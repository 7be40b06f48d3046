"""Generators of the arena, the compat layers, the environments and the command line."""
from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from typing import Any, Dict, List

import numpy as np

from ddz_fast import Hand, Rules, legal_moves
from ddz_fast.cli import common, main as cli_main
from ddz_fast.arena import duplicate as arena
from ddz_fast.arena import report
from ddz_fast.arena import runfast as runfast_arena
from ddz_fast.arena.parallel import imap_in_windows
from ddz_fast.cards import NUM_RANKS
from ddz_fast.compat import ActionLayout, openspiel, rlcard, wing_ranks
from ddz_fast.engine.game import deal_cards
from ddz_fast.envs import planes as planes_module
from ddz_fast.move import Move
from ddz_fast.search.bots import GreedyBot, RandomBot
from ddz_fast.validate import is_int

from .core import (ALL_PRESETS, BOUNDARY_INTS, PRESET_NAMES, Gen, _call, _consume, call_text,
                   entry, expect_equal, r)
from .positions import _runfast_position, _small_position

FOUR_PARTNER = Rules.preset("four_player").replace(sides="partner")


@entry("arena", covers=["ddz_fast.arena.duplicate.ArenaConfig",
                        "ddz_fast.arena.duplicate.ArenaConfig.new_bot",
                        "ddz_fast.arena.duplicate.run_arena", "ddz_fast.arena.duplicate.summarise",
                        "ddz_fast.arena.stats.wilson_interval",
                        "ddz_fast.arena.stats.normal_interval",
                        "ddz_fast.arena.stats.bradley_terry"])
def _(g: Gen):
    specs = g.pick([("random", "greedy"), ["greedy", "greedy"], ("random",), (),
                    ("random",) * 17, "random greedy", ("random", 5), ("random", "bogus"),
                    ("random", "greedy:danger=1"), None, g.any(),
                    ("greedy", RandomBot), ("greedy", GreedyBot(danger=0)), ("greedy", g.any()),
                    ("greedy", lambda seed: g.any()), ("random", "ddz_fast.search.bots:GreedyBot"),
                    ("greedy", RandomBot, RandomBot(2))])
    seed = g.pick([0, 1, -1, 2**64, 2**200, "1", None, 1.5, g.any()])
    which = g.pick(["config", "config", "new_bot", "run", "run", "stats", "summary"])
    if which == "config":
        names = g.pick([None, None, ("a", "b"), (None, "b"), ("a", "a"), ("a",), "ab",
                        (None, ""), (1, 2), g.any()])
        return _call("arena.ArenaConfig", arena.ArenaConfig, specs, seed,
                     g.pick([Rules(), "rlcard", None, "bogus", "four_player", FOUR_PARTNER,
                             "laizi", g.any()]), names)
    if which == "new_bot":
        config = arena.ArenaConfig(("greedy", RandomBot, RandomBot(2), "random:"))
        return _call("ArenaConfig.new_bot", config.new_bot,
                     g.pick([0, 1, 2, 3, 4, -1, 2**70, None, "1", np.int64(2), 1.5]),
                     g.pick(["1:0:0:1:landlord", 5, None, g.any()]))
    if which == "stats":
        fn = g.pick([arena.wilson_interval, arena.normal_interval, arena.bradley_terry])
        args = g.pick([(g.any(), g.any()), (0, 0), (5, 3), (1e308, 2), (float("nan"), 4),
                       ([[0, 1], [1]],), ([[0, float("inf")], [0, 0]],), ([],), (g.any(),),
                       (6, 14, 3), (6, 14, 0), (6, 14, -1, 0.0)])
        return _call(f"arena.{fn.__name__}", fn, *args)
    config = arena.ArenaConfig(("random", "greedy"), seed=g.rng.randrange(100))
    deals = g.pick([1, 2, 0, -1, 2**70, 10**12 + 1, "3", None, 1.0, g.any()])
    if is_int(deals) and 3 < deals <= arena.MAX_DEALS:
        deals = 3                        # a valid long run is no finding, only a long wait
    kwargs = g.pick([{}, {"workers": 1}, {"workers": g.pick([0, -1, 2**70, "2", None])},
                     {"backend": g.pick(["bogus", "", None, 5, g.any()])},
                     {"retries": g.pick([-1, 2**70, "1", None])}])
    # two worker processes now and then (a pool takes a second to start: not every case)
    kwargs.setdefault("workers", 2 if g.chance(0.03) else 1)
    if which == "summary":
        def run():
            return arena.summarise(config, arena.run_arena(config, deals, **kwargs))
        return call_text("arena.summarise(config, arena.run_arena", config, deals,
                         **kwargs) + ")", run
    return _call("arena.run_arena", arena.run_arena, config, deals, **kwargs)


@entry("runfast arena", covers=["ddz_fast.arena.runfast.RunFastTally",
                                "ddz_fast.arena.runfast.RunFastTally.empty",
                                "ddz_fast.arena.runfast.play_deals",
                                "ddz_fast.arena.runfast.runfast_games",
                                "ddz_fast.arena.runfast.summarise"])
def _(g: Gen):
    """The Run Fast table of the arena: configs of any rules and bots (a bot that does not
    play Run Fast refused by name), short runs through every entry point, and hostile
    tallies, ranges and sizes."""
    rules = g.pick(["runfast", "runfast_15", Rules.preset("runfast").replace(players=2),
                    Rules.preset("runfast").replace(must_beat=False, aaa_bomb=True), "standard"])
    specs = g.pick([("random", "greedy"), ("greedy", "greedy:danger=0", "random"),
                    ("random", "solver"), ("pimc:samples=2", "greedy"), ("random",),
                    ("rlcard-rule", "random"), g.any()])
    which = g.pick(["config", "games", "tally", "play", "run", "summary"])
    if which == "config":
        return _call("arena.ArenaConfig", arena.ArenaConfig, specs, g.pick([0, 7, -1]), rules)
    if which == "games":
        return _call("runfast_arena.runfast_games", runfast_arena.runfast_games,
                     g.pick([0, 2, 3, 16, 17, -1, "2", None]), g.pick([2, 3, 1, 4, "3", None]))
    if which == "tally":
        return _call("runfast_arena.RunFastTally.empty", runfast_arena.RunFastTally.empty,
                     g.pick([2, 3, 0, -1, 2**70, "2"]), g.pick([2, 3, 4, None]))
    config = arena.ArenaConfig(g.pick([("random", "greedy"), ("greedy", "random", "random")]),
                               seed=g.rng.randrange(100), rules=g.pick(["runfast", "runfast_15",
                               Rules.preset("runfast").replace(players=2)]))
    if which == "play":
        start = g.pick([0, 1, 5, -1, 2**70, "0", None])
        stop = g.pick([0, 1, 2, 3, -1, 2**70, 1.5, None]) if g.chance(0.5) else \
            (start + 2 if isinstance(start, int) and 0 <= start < 100 else start)
        if isinstance(start, int) and isinstance(stop, int) and stop - start > 3:
            stop = start + 3                 # a valid long range is no finding
        return _call("runfast_arena.play_deals", runfast_arena.play_deals,
                     g.pick([config, config, arena.ArenaConfig(("random", "greedy")), g.any()]),
                     start, stop)
    if which == "run":
        return _call("arena.run_arena", arena.run_arena, config, g.pick([1, 2, 0, -1, "2"]),
                     workers=1)
    tally = g.pick([runfast_arena.play_deals(config, 0, 1),
                    runfast_arena.RunFastTally.empty(2, 3), arena.Tally.empty(2), g.any()])
    return _call("runfast_arena.summarise", runfast_arena.summarise,
                 g.pick([config, config, arena.ArenaConfig(("random", "greedy")), g.any()]),
                 tally)


@entry("compat.openspiel", covers=["ddz_fast.compat.openspiel.to_id",
                                   "ddz_fast.compat.openspiel.from_id",
                                   "ddz_fast.compat.openspiel.order"])
def _(g: Gen):
    which = g.pick(["to_id", "from_id", "order"])
    if which == "from_id":
        value = g.pick([g.rng.randint(-2, 27000), np.array([5, 6]), np.int64(40),
                        np.uint64(2**64 - 1), 26057, 26056, g.int(), g.np_scalar(), g.any()])
    else:
        value = g.move_like()
    return _call(f"openspiel.{which}", getattr(openspiel, which), value)


@entry("compat.rlcard", covers=["ddz_fast.compat.rlcard.to_id", "ddz_fast.compat.rlcard.from_id",
                                "ddz_fast.compat.rlcard.to_string",
                                "ddz_fast.compat.rlcard.from_string",
                                "ddz_fast.compat.rlcard.order"])
def _(g: Gen):
    which = g.pick(["to_id", "from_id", "to_string", "from_string", "order"])
    if which == "from_id":
        value = g.pick([g.rng.randint(-2, 28000), np.array([5, 6]), 27472, 27471, g.int(),
                        g.np_scalar(), g.any()])
    elif which == "from_string":
        value = g.pick([g.text(), "pass", "3", "33344", "BR", "RB", "3334", "x" * 1000,
                        g.any()])
    else:
        value = g.move_like()
    return _call(f"rlcard.{which}", getattr(rlcard, which), value)


def _douzero():
    """ddz_fast.compat.douzero, imported when used: the drop-in is the compiled core's."""
    from ddz_fast.compat import douzero
    return douzero


@entry("compat.douzero", covers=["ddz_fast.compat.douzero.hand_of",
                                 "ddz_fast.compat.douzero.move_of",
                                 "ddz_fast.compat.douzero.cards_of",
                                 "ddz_fast.compat.douzero.MovesGener",
                                 "ddz_fast.compat.douzero.MovesGener.gen_moves"] + [
    f"ddz_fast.compat.douzero.MovesGener.{name}" for name in [
        "gen_type_1_single", "gen_type_2_pair", "gen_type_3_triple", "gen_type_4_bomb",
        "gen_type_5_king_bomb", "gen_type_6_3_1", "gen_type_7_3_2", "gen_type_8_serial_single",
        "gen_type_9_serial_pair", "gen_type_10_serial_triple", "gen_type_11_serial_3_1",
        "gen_type_12_serial_3_2", "gen_type_13_4_2", "gen_type_14_4_22"]])
def _(g: Gen):
    douzero = _douzero()
    which = g.pick(["hand_of", "move_of", "cards_of", "MovesGener"])
    if which == "cards_of":
        value = g.pick([Hand(g.valid_counts()), g.valid_move(), g.any(), g.forged()])
        return _call("douzero.cards_of", douzero.cards_of, value)
    r_ = g.rng.random()
    if r_ < 0.4:
        counts = g.valid_counts()
        value = [douzero.CARD_OF_RANK[rank] for rank in range(NUM_RANKS)
                 for _ in range(counts[rank])]
        if g.chance(0.5) and value:
            value[g.rng.randrange(len(value))] = g.pick([0, 1, 15, 16, 17, 20, 30, 31, -3,
                                                         2**64, 3.0, "3", None, np.int64(3)])
        if which == "move_of" and g.chance(0.6):
            value = [douzero.CARD_OF_RANK[rank] for rank in range(NUM_RANKS)
                     for _ in range(g.valid_move().counts[rank])]
    elif r_ < 0.5:
        value = g.pick([5, np.array([3, 4]), "345", b"\x03\x04", [[3]], {3: 1}, None])
    else:
        value = g.any()
    if which == "MovesGener":
        repeat = g.pick([0, 5, -1, 100, 2**64, 1.5, None, np.int64(3), "2"])
        method = g.pick(DOUZERO_GENERATORS)
        args = (repeat,) if "serial" in method and g.chance(0.8) else ()

        def run():
            gen = douzero.MovesGener(value)
            return len(gen.gen_moves()) + len(getattr(gen, method)(*args))
        return f"douzero.MovesGener({r(value)}).{method}{r(args)}", run
    return _call(f"douzero.{which}", getattr(douzero, which), value)


_DOUZERO_STATE = ("hands", "played", "last_moves", "history", "history_len", "bombs",
                  "landlord", "player", "moves", "offsets")


def _douzero_tables(g: Gen, douzero) -> List[Any]:
    """The state arrays of a drop-in Env's table a few random actions into a hand, several
    such tables stacked, one array maybe replaced by a hostile value."""
    np.random.seed(g.rng.randrange(2**32))
    parts: Dict[str, list] = {name: [] for name in _DOUZERO_STATE}
    for _ in range(g.rng.randint(0, 3)):
        env = douzero.Env("wp")
        obs = env.reset()
        for _ in range(g.rng.randint(0, 30)):
            obs, _, done, _ = env.step(g.pick(obs["legal_actions"]))
            if done:
                obs = env.reset()
        state = env.state
        for name in _DOUZERO_STATE[:-1]:
            parts[name].append(state[name])
    arrays = [np.concatenate(parts[name]) if parts[name] else
              np.zeros((0, 3) if name in ("hands", "played", "last_moves") else
                       (0, 154) if name == "history" else 0,
                       dtype=np.int64 if name in ("history_len", "bombs", "landlord",
                                                  "player") else np.uint64)
              for name in _DOUZERO_STATE[:-1]]
    sizes = [len(m) for m in parts["moves"]]
    arrays.append(np.concatenate([[0], np.cumsum(sizes, dtype=np.int64)]).astype(np.int64))
    if g.chance(0.6):
        index = g.rng.randrange(len(arrays))
        arrays[index] = g.pick([g.any(), arrays[index][:-1], arrays[index].astype(np.int32),
                                arrays[index] + 1 if arrays[index].size else g.any(),
                                arrays[index] * 3 if arrays[index].size else g.any()])
    return arrays


@entry("compat.douzero_env", covers=["ddz_fast.compat.douzero.legal_words",
                                     "ddz_fast.compat.douzero.legal_words_batch",
                                     "ddz_fast.compat.douzero.BatchFeatures",
                                     "ddz_fast.compat.douzero.Env",
                                     "ddz_fast.compat.douzero.Env.reset",
                                     "ddz_fast.compat.douzero.Env.step",
                                     "ddz_fast.compat.douzero.Env.close"], examples=40)
def _(g: Gen):
    douzero = _douzero()
    which = g.pick(["legal_words", "batch", "features", "env"])
    if which == "legal_words":
        hand = g.pick([Hand(g.valid_counts()), g.rng.randrange(2**64), np.uint64(7), 2**64,
                       -1, True, g.any()])
        prev = g.pick([None, 0, g.valid_move(), g.rng.randrange(2**64), g.any()])
        return _call("douzero.legal_words", douzero.legal_words, hand, prev)
    if which == "batch":
        words = [Hand(g.valid_counts()).bitboard for _ in range(g.rng.randint(0, 4))]
        hands = g.pick([np.array(words, dtype=np.uint64), np.array(words, dtype=np.int64),
                        g.any()])
        prevs = g.pick([np.zeros(len(words), dtype=np.uint64),
                        np.array([g.valid_move().word for _ in words], dtype=np.uint64),
                        np.zeros(len(words) + 1, dtype=np.uint64), g.any()])
        return _call("douzero.legal_words_batch", douzero.legal_words_batch, hands, prevs)
    if which == "features":
        layout = g.pick(["batch", "broadcast", "rows", None])
        dtype = g.pick([np.float32, np.int8, np.float64, "int8", g.any()])
        arrays = _douzero_tables(g, douzero)

        def run():
            features = douzero.BatchFeatures(layout, dtype)
            return len(features(*arrays))
        return f"douzero.BatchFeatures({r(layout)}, {r(dtype)})(...)", run
    objective = g.pick(["wp", "adp", "logadp", "score", None, g.any()])
    seed = g.rng.randrange(2**32)
    hostile = [g.any(), (3,), [3, 3, 3, 3, 3], [], [99], "3"]

    def play():
        np.random.seed(seed)
        env = douzero.Env(objective)
        obs, done, steps = env.reset(), False, 0
        while not done and steps < 200:
            action = g.pick(obs["legal_actions"]) if g.chance(0.9) else g.pick(hostile)
            obs, _, done, _ = env.step(action)
            steps += 1
        env.close()
        return steps
    return f"douzero.Env({r(objective)}) with seed {seed}", play


DOUZERO_GENERATORS = ["gen_type_1_single", "gen_type_2_pair", "gen_type_3_triple",
                      "gen_type_4_bomb", "gen_type_5_king_bomb", "gen_type_6_3_1",
                      "gen_type_7_3_2", "gen_type_8_serial_single", "gen_type_9_serial_pair",
                      "gen_type_10_serial_triple", "gen_type_11_serial_3_1",
                      "gen_type_12_serial_3_2", "gen_type_13_4_2", "gen_type_14_4_22",
                      "gen_moves"]


def _table_arrays(g: Gen, rules: str, tables: int) -> Dict[str, np.ndarray]:
    """The state arrays of ``tables`` play-phase States of random deals (a pass last among
    each table's moves, as the batched tables list them)."""
    n, width = tables, 200
    a = {"hands": np.zeros((n, 3), np.uint64), "played": np.zeros((n, 3), np.uint64),
         "last_moves": np.zeros((n, 3), np.uint64), "history": np.zeros((n, width), np.uint64),
         "history_len": np.zeros(n, np.int64), "bombs": np.zeros(n, np.int64),
         "landlord": np.zeros(n, np.int64), "player": np.zeros(n, np.int64),
         "prev": np.zeros(n, np.uint64)}
    moves: List[int] = []
    offsets = [0]
    for t in range(n):
        state = g.state(rules, steps=0)
        while state.phase != "play":     # random bids and doubles; a passed-out deal re-deals
            state.apply(g.pick(state.legal_actions()))
        for _ in range(g.rng.randint(0, 60)):
            if state.is_over:
                break
            state.apply(g.pick(state.legal_actions()))
        plays = [(seat, m) for seat, m in state.history if isinstance(m, Move)]
        if state.is_over:                # no decision left: the table one action before
            plays = plays[:-1]
        for seat in range(3):
            a["hands"][t, seat] = state.hands[seat].bitboard
        for k, (seat, move) in enumerate(plays):
            a["history"][t, k] = move.word
            a["last_moves"][t, seat] = move.word
            a["played"][t, seat] += np.uint64(Hand(move.counts).bitboard)
            a["bombs"][t] += move.type in ("bomb", "rocket")
        if state.is_over:
            seat, move = [(s_, m) for s_, m in state.history if isinstance(m, Move)][-1]
            a["hands"][t, seat] += np.uint64(Hand(move.counts).bitboard)
        a["history_len"][t] = len(plays)
        a["landlord"][t] = state.landlord
        a["player"][t] = (state.landlord + len(plays)) % 3
        a["prev"][t] = 0 if state.is_over or state.prev is None else state.prev.word
        own = [] if state.is_over else [m.word for m in state.legal_actions()]
        moves += [w for w in own if w] + [0] * (0 in own)
        offsets.append(offsets[-1] + len(own))
    a["moves"] = np.array(moves, dtype=np.uint64)
    a["offsets"] = np.array(offsets, dtype=np.int64)
    if g.chance(0.2):                    # a history just wide enough (0 wide before any play)
        a["history"] = a["history"][:, :int(a["history_len"].max(initial=0))].copy()
    return a


def _forge_table_array(g: Gen, a: Dict[str, np.ndarray], names: List[str]) -> str:
    """Change one of the arrays ``names`` for a hostile one; what was done."""
    name = g.pick(names)
    value = a[name]
    how = g.pick(["array", "any", "dtype", "poke", "shape", "strided", "readonly", "swap"])
    if how == "array":
        a[name] = g.array()
    elif how == "any":
        a[name] = g.any()
    elif how == "dtype":
        a[name] = value.astype(g.pick(["int64", "uint64", "int32", "float64", "object"]))
    elif how == "poke" and value.size:
        a[name] = value.copy()
        flat = a[name].reshape(-1)
        poke = g.pick(BOUNDARY_INTS + [0x5, 0x50, 1 << 63, 0x7 << 60, 0x777777777777777])
        flat[g.rng.randrange(flat.size)] = poke % (1 << 64) if value.dtype == np.uint64 else \
            max(-2**63, min(poke, 2**63 - 1))
    elif how == "shape":
        a[name] = value[:-1] if g.chance(0.5) else np.concatenate([value, value[:1]])
    elif how == "strided" and value.ndim:
        a[name] = np.repeat(value, 2, axis=0)[::2]          # the same values, strided
        return f"{name} strided"
    elif how == "readonly":
        a[name] = value.copy()
        a[name].flags.writeable = False
        return f"{name} read-only"
    elif how == "swap" and value.dtype.itemsize > 1:
        a[name] = value.astype(value.dtype.newbyteorder())
    else:
        return "nothing"
    return f"{name} forged ({how})"


RLCARD_ARRAYS = ["hands", "played", "history", "history_len", "landlord", "player", "moves",
                 "offsets"]


@entry("features", covers=["ddz_fast.compat.rlcard.rlcard_observations",
                           "ddz_fast.envs.planes.planes", "ddz_fast.envs.planes.describe",
                           "ddz_fast.envs.planes.Planes", "ddz_fast.envs.planes.PlaneField"],
       examples=30)
def _(g: Gen):
    which = g.pick(["rlcard", "planes", "planes", "describe", "fields"])
    if which == "describe":
        return _call("planes.describe", planes_module.describe)
    if which == "fields":
        def build():
            field = planes_module.PlaneField("state", 0, 1, "my hand")
            made = planes_module.Planes(*(np.zeros(1) for _ in range(4)))
            return field._replace(stop=2), made._asdict()
        return "planes.PlaneField(...), planes.Planes(...)", build
    rules = "rlcard" if which == "rlcard" or g.chance(0.5) else g.pick(
        ["standard", "douzero", "openspiel"])
    a = _table_arrays(g, rules, g.pick([0, 1, 1, 2, 3]))
    names = RLCARD_ARRAYS if which == "rlcard" else list(a)
    arrays = {name: a[name] for name in names}
    note = "nothing"
    if g.chance(0.7):
        note = _forge_table_array(g, arrays, names)
    if g.chance(0.15):
        n = len(a["hands"])
        arrays["out"] = g.pick([None, g.array(), g.any(), np.zeros((n, 901), np.int8),
                                (np.zeros((n, 24, 4, 15), np.int8), np.zeros((n, 99), np.int8)),
                                np.zeros((n, 901), np.int16)])
        note += ", out given"
    fn = rlcard.rlcard_observations if which == "rlcard" else planes_module.planes
    text, thunk = _call(f"{which}({note})", fn, **arrays)
    clean = (note == "nothing" or note.endswith(("strided", "read-only"))) and "out" not in arrays
    valid = clean and (which == "planes" or rules == "rlcard")
    return text, thunk, {"expect": "ok" if valid else None}


@entry("VectorEnv", covers=["ddz_fast.envs.vector.VectorEnv",
                            "ddz_fast.envs.vector.VectorEnv.reset",
                            "ddz_fast.envs.vector.VectorEnv.step",
                            "ddz_fast.envs.vector.VectorEnv.observe",
                            "ddz_fast.envs.vector.Observation",
                            "ddz_fast.compat.douzero.objective_reward"], examples=20)
def _(g: Gen):
    """The batched environment built with hostile arguments beside valid ones, reset and
    stepped with the listed actions (a forged batch now and then), with each feature encoder;
    and DouZero's reward of a hand's end."""
    from ddz_fast.compat.douzero import objective_reward
    from ddz_fast.envs.vector import FEATURES, Observation, VectorEnv
    if g.chance(0.15):
        objective = g.pick(["wp", "adp", "logadp"]) if g.chance(0.7) else g.any()
        won = g.pick([True, False, np.bool_(True)]) if g.chance(0.8) else g.any()
        bombs = g.rng.randint(0, 14) if g.chance(0.8) else g.any()
        return _call("objective_reward", objective_reward, objective, won, bombs)
    n = g.pick([1, 3, 8]) if g.chance(0.85) else g.any()
    features = g.pick(list(FEATURES)) if g.chance(0.85) else g.any()
    rules = None if g.chance(0.7) else g.pick(list(PRESET_NAMES) + [g.any()])
    layout = g.pick(["batch", "broadcast"]) if g.chance(0.9) else g.any()
    auto_reset = g.chance(0.8)
    seed = g.rng.randrange(10**6) if g.chance(0.85) else g.any()
    steps = g.rng.randint(0, 25)
    chooser = np.random.default_rng(g.rng.randrange(2**32))
    hostile = g.any()

    def run():
        env = VectorEnv(n, rules, features=features, layout=layout, auto_reset=auto_reset)
        observation = env.reset(seed)
        for _ in range(steps):
            legal = np.diff(observation.offsets)
            live = legal > 0
            picks = observation.offsets[:-1] + (chooser.random(len(legal)) * legal).astype(
                np.int64)
            actions = np.where(live, observation.moves[np.minimum(picks, len(
                observation.moves) - 1)] if len(observation.moves) else 0, 0).astype(np.uint64)
            if chooser.random() < 0.1:
                actions = hostile
            observation, _, _ = env.step(actions, words=True, where=live)
            _consume(observation.features)
        return Observation(*observation)._asdict().keys()
    return call_text("VectorEnv", n, rules, features=features, layout=layout,
                     auto_reset=auto_reset) + f".reset({r(seed)}), {steps} steps", run


@entry("actors", covers=["ddz_fast.envs.actors.ActorStats", "ddz_fast.envs.actors.NumpyPolicy",
                         "ddz_fast.envs.actors.run_actor",
                         "ddz_fast.envs.actors.run_actors_on_ray"], examples=12)
def _(g: Gen):
    """The actor loop with a small policy, hostile arguments beside valid ones; on Ray only
    arguments that are refused before any Ray worker starts (each bad value drawn is out of
    its argument's range or of the wrong type)."""
    from ddz_fast.envs.actors import ActorStats, NumpyPolicy, run_actor, run_actors_on_ray
    if g.chance(0.2):
        def add():
            total = ActorStats(*(g.rng.randint(0, 9) for _ in range(4)), g.rng.random())
            total += ActorStats() if g.chance(0.8) else g.any()
            return total.decisions_per_second, total.tables_per_call
        return "ActorStats += ...", add
    # Valid sizes stay small and hostile ones are refused: a valid run of 2**31 decisions is
    # no finding, only a long run.
    refused = [0, -1, "x", 1.5, None, 10**13, np.int64(-3), [2]]
    hidden = g.pick([1, 8]) if g.chance(0.85) else g.any()
    seed = g.rng.randrange(100) if g.chance(0.85) else g.any()
    tables = g.pick([1, 4]) if g.chance(0.85) else g.pick(refused + [2**20 + 1])
    decisions = g.pick([1, 20]) if g.chance(0.85) else g.pick(refused)
    layout = g.pick(["batch", "broadcast"]) if g.chance(0.85) else g.any()
    if g.chance(0.2):
        bad = g.pick(["tables", "decisions", "layout", "actors", "policy"])
        kwargs = {"tables": 1, "decisions": 1, "layout": "batch", "actors": 1,
                  bad: g.pick([0, -1, "x", None, 2**70, 1.5])}
        policy = kwargs.pop("policy", None) if bad == "policy" else NumpyPolicy(2)
        return _call("run_actors_on_ray", run_actors_on_ray, policy, **kwargs)

    def run():
        policy = NumpyPolicy(hidden, seed)
        return run_actor(policy, tables=tables, decisions=decisions, seed=seed, layout=layout)
    return call_text("run_actor", f"NumpyPolicy({r(hidden)}, {r(seed)})", tables=tables,
                     decisions=decisions, layout=layout), run


@entry("env", covers=["ddz_fast.envs.three_player.env",
                      "ddz_fast.envs.three_player.DouDizhuEnv.reset",
                      "ddz_fast.envs.three_player.DouDizhuEnv.step",
                      "ddz_fast.envs.three_player.DouDizhuEnv.render",
                      "ddz_fast.envs.three_player.DouDizhuEnv.observe"])
def _(g: Gen):
    try:
        from ddz_fast.envs.three_player import env
    except ImportError:
        return "env unavailable", lambda: None
    kwargs = {}
    if g.chance(0.3):
        kwargs["rules"] = g.rules_like()
    if g.chance(0.2):
        kwargs["bidder"] = g.pick([None, "greedy", "random", "bogus", 5])
    if g.chance(0.3):
        kwargs["opponents"] = _opponents(g)
    if g.chance(0.1):
        kwargs["render_mode"] = g.pick(["ansi", "human", None, 3])
    seed = g.pick([None, 0, 42, -1, 2**64, "x", 1.5, np.int64(3)]) if g.chance(0.6) else \
        g.rng.randint(0, 1000)
    steps = g.rng.randint(0, 30)
    bad = g.pick([-1, 10**6, 2**64, 1.5, "3", None, np.int64(-1), np.array([1]), True,
                  np.float32(3.0), 27472, g.any()])

    def run():
        e = env(**kwargs)
        e.reset(seed=seed)
        for _ in range(steps):
            obs, reward, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[0]) if len(legal) else None)
            if not e.agents:
                break
        if e.agents:
            e.step(bad)
        if kwargs.get("render_mode") == "ansi":
            e.render()
    return call_text("env", **kwargs) + f".reset(seed={r(seed)}); {steps} legal steps; " \
        f".step({r(bad)})", run


CLI_COMMANDS = ["moves", "classify", "perft", "simulate", "play", "bench", "solve", "arena"]
#: The presets with wild cards: only ``moves`` and ``classify`` play them (with ``--wild``).
LAIZI_PRESETS = ["laizi", "tiandi_laizi"]
#: ``--wild`` values: one or two wild ranks (as many as the preset's, or not), and bad ones.
WILD_TEXTS = ["5", "T", "2", "5T", "T5", "32", "10", "B", "5R", "55", "x", "", "345"]
#: The most cards of a hand under wild cards: their moves come from the pure-Python reference
#: (under both implementations) and a full hand of wilds takes seconds, past the hang timeout.
WILD_HAND_CARDS = 8


def _small_hand_text(g: Gen) -> str:
    """A valid hand of at most WILD_HAND_CARDS cards, drawn from a dealt hand."""
    counts = g.valid_counts()
    cards = [rank for rank, count in enumerate(counts) for _ in range(count)]
    kept = g.rng.sample(cards, min(len(cards), g.rng.randint(0, WILD_HAND_CARDS)))
    return str(Hand([kept.count(rank) for rank in range(len(counts))]))


def _cli_argv(g: Gen) -> List[str]:
    cmd = g.pick(CLI_COMMANDS + ["moves", "classify", "perft", "simulate", "solve", "bogus", "",
                                 "--version", "--help", "-h"])
    argv = [cmd]
    wild = cmd in ("moves", "classify") and g.chance(0.3)
    if wild:    # a small hand (see WILD_HAND_CARDS), the wild rules and, mostly, fitting ranks
        argv.append(_small_hand_text(g) if g.chance(0.8) else g.text())
        preset = "standard" if g.chance(0.1) else g.pick(LAIZI_PRESETS)
        argv += ["--rules", preset] if g.chance(0.95) else []
        if g.chance(0.95):
            argv += ["--wild", g.pick(WILD_TEXTS) if g.chance(0.2) else
                     g.pick(["5", "T", "3"] if preset == "laizi" else ["5T", "3A", "92"])]
        if cmd == "moves" and g.chance(0.4):
            argv += ["--prev", g.pick(["33", "55", "55=KK", "5T=22", "3335=3333", "5555=5555",
                                       "77:pair", "55=", "=33", "55=BB", g.text()])]
    elif cmd == "moves":
        argv.append(g.valid_hand_text() if g.chance(0.5) else g.text())
        if g.chance(0.4):
            argv += ["--prev", g.pick([g.valid_move().cards, g.text(), "pass", "33:pair@K",
                                       "333444555666:airplane_solo@4"])]
    elif cmd == "classify":   # without wild cards here
        argv.append(g.valid_move().cards if g.chance(0.5) else g.text())
    elif cmd == "perft":
        pos = g.position(mutate=0)
        text = str(pos) if g.chance(0.7) else g.text()
        small = sum(len(h) for h in pos.hands) <= 24
        depth = str(g.rng.randint(0, 4 if small else 3)) if g.chance(0.7) else \
            g.pick(["-1", "x", "1.5", "", "٣", "0x3", "1_0"])
        if g.chance(0.05):   # the whole tree: only of a position of a few cards
            text = g.pick(["3/4/5 0 0 - 0", "33/4/5 0 0 - 0", "3B/4R/55 1 1 - 0", "-/3/4 0 0 - 0"])
            depth = g.pick(["99999999999999999999", "65536", "1000"])
        argv += [text, depth]
        if g.chance(0.4):
            argv.append("--divide")
    elif cmd == "simulate":
        argv.append(g.pick(["1", "2", "5", "20", "0", "-1", "x", "1.5", "1e3", "٣",
                            "99999999999999999999"]) if g.chance(0.97) else
                    # past the documented cap (an error); a run below it, however long, is a
                    # real run of the size asked for, not a hang
                    g.pick(["99999999999999999999", "1000000000000000000"]))
        if g.chance(0.5):
            argv += ["--seed", g.pick(["1", "-1", "x", "99999999999999999999", "0", "", "1e3"])]
        argv += ["--workers", g.pick(["1", "1", "1", "0", "-1", "x", "2", "99999999999"])]
        if g.chance(0.3):
            argv += [g.pick(["--landlord", "--peasants"]), g.pick(["random", "greedy", "x"])]
        argv.append("--quiet")
    elif cmd == "play":
        if g.chance(0.5):
            argv += ["--seat", g.pick(["landlord", "peasant", "x"])]
        if g.chance(0.5):
            argv += ["--bot", g.pick(["random", "greedy", "x"])]
        if g.chance(0.7):
            argv += ["--seed", g.pick(["1", "-1", "99999999999999999999", "x", "0"])]
    elif cmd == "solve":
        argv += _solve_argv(g)
    elif cmd == "arena":
        argv += _arena_argv(g)
    elif cmd == "bench":
        argv += ["--seconds", g.pick(["0.001", "0.01", "0", "-1", "nan", "x", "1e-9", "1e308"])
                 if g.chance(0.99) else g.pick(["inf", "1e308"])]
    if g.chance(0.3) and cmd in CLI_COMMANDS and not wild:
        # The laizi presets here are refused: by every command but moves and classify, which
        # need --wild with them (only a wild-card call above gives it, on a small hand).
        argv += ["--rules", g.pick(PRESET_NAMES + LAIZI_PRESETS + ["no_kitty", "botzone",
                                                                  "four_player", "house", "",
                                                                  "STANDARD", "runfast",
                                                                  "runfast_15"])]
    if g.chance(0.03) and cmd in CLI_COMMANDS and cmd not in ("moves", "classify"):
        argv += ["--wild", g.pick(WILD_TEXTS)]      # no such option there
    if g.chance(0.3) and cmd not in ("play",):
        argv.append("--json")
    if g.chance(0.1):
        argv.insert(g.rng.randrange(len(argv) + 1), g.pick(["--bogus", "-x", "--", g.text()]))
    return argv


def _solve_argv(g: Gen) -> List[str]:
    """``ddz-fast solve``'s arguments: a small position or a duel, limits, a table size; now
    and then a small Run Fast position under Run Fast rules, for a player."""
    if g.chance(0.25):
        argv = [g.pick([str(_runfast_position(g, 4)), "3/4/5 0 - 0", "3456/789T 0 - 0",
                        "3/4/5 0 0 - 0", g.text()]),
                "--rules", g.pick(["runfast", "runfast_15"])]
        if g.chance(0.4):
            argv += ["--player", g.pick(["0", "1", "2", "3", "-1", "x"])]
    elif g.chance(0.4):
        argv = ["--duel", g.pick(["KK5543/225543", "BR3/44", "3/4 5", "33/44 33", "/3", "3//4",
                                  g.text()])]
    else:
        argv = [g.pick([str(_small_position(g, 0)), "3/4/5 0 0 - 0", "3/4/5 0 9 - 0",
                        "3/4/5 0 0 33 0", g.text()])]
    for option, values in (("--objective", ["win", "stake", "lose", ""]),
                           ("--max-nodes", ["1", "1000", "0", "-1", "x", "99999999999999999999"]),
                           ("--time-limit", ["0.01", "0", "-1", "nan", "inf", "x", "1e308"]),
                           ("--tt-mb", ["1", "8", "0", "-1", "65536", "65537", "2048",
                                        "99999999999999999999", "x"])):
        if g.chance(0.3):
            argv += [option, g.pick(values)]
    if "--max-nodes" not in argv:
        argv += ["--max-nodes", "100000"]     # any solve stays well inside the timeout
    return argv


def _arena_argv(g: Gen) -> List[str]:
    """``ddz-fast arena``'s arguments: a few bots, a few hands, one worker process (the
    arena's pool is the "arena" entry point's)."""
    bots = [g.pick(["random", "greedy", "greedy:danger=3", "pimc:samples=2,rollouts=20",
                    "ismcts:iterations=20", "solver:max_nodes=200", "bogus", "greedy:x=1",
                    g.text()]) for _ in range(g.pick([1, 2, 2, 3]))]
    for _ in range(g.pick([0, 0, 1, 2])):   # a bot class of one's own, named or not
        argv_bot = g.pick(["ddz_fast.search.bots:GreedyBot", "ddz_fast.search.bots:RandomBot",
                           "mine=ddz_fast.search.bots:GreedyBot:danger=0", "ddz_fast.nope:X",
                           "=ddz_fast.search.bots:GreedyBot", "ddz_fast.search.bots:Move",
                           "x=y=z", g.text()])
        bots += ["--bot", argv_bot]
    argv = bots + ["--hands", g.pick(["1", "2", "0", "-1", "x", "1e3", "99999999999999999999"])]
    argv += ["--workers", g.pick(["1", "1", "0", "x"])]
    if g.chance(0.4):
        argv += ["--seed", g.pick(["1", "-1", "x", "99999999999999999999"])]
    if g.chance(0.3):   # the Run Fast table, for two or three
        argv += ["--rules", g.pick(["runfast", "runfast_15"])]
        if g.chance(0.5):
            argv += ["--players", g.pick(["2", "3", "4", "x"])]
    if g.chance(0.2):
        argv += ["--backend", g.pick(["local", "bogus"])]   # ray would start a cluster
    if g.chance(0.2):
        argv += ["--retries", g.pick(["0", "3", "-1", "x"])]
    return argv + ["--quiet"]


def _play_stdin(g: Gen) -> str:
    lines = [g.pick(["pass", "?", "3", "33", "BR", "quit", "", g.text(), "T", "10",
                     g.valid_hand_text()]) for _ in range(g.rng.randint(0, 20))]
    return "\n".join(lines) + ("\n" if g.chance(0.8) else "")


@entry("cli", covers=["ddz_fast.cli.main.main"])
def _(g: Gen):
    from ddz_fast.cli import main as cli
    argv = _cli_argv(g)
    stdin = _play_stdin(g)

    def run():
        out, err = io.StringIO(), io.StringIO()
        old_stdin = sys.stdin
        sys.stdin = io.StringIO(stdin)
        status: Any
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status = cli.main(argv)
                except SystemExit as exit_:
                    status = exit_.code if exit_.code is not None else 0
        finally:
            sys.stdin = old_stdin
        return status, out.getvalue(), err.getvalue()
    text = f"ddz_fast.cli.main.main({argv!r})"
    if "play" in argv:
        text += f"  # stdin {stdin!r}"
    return text, run, {"cli": True}


# --- the arena's parts -----------------------------------------------------------------------

def _twice(job: int) -> int:
    """A job of imap_in_windows (a module-level function: worker processes unpickle it)."""
    return 2 * job


@entry("arena.parts", covers=["ddz_fast.arena.duplicate.Tally",
                              "ddz_fast.arena.duplicate.Tally.empty",
                              "ddz_fast.arena.duplicate.Tally.as_dict",
                              "ddz_fast.arena.duplicate.play_deals",
                              "ddz_fast.arena.duplicate.landlord_seat",
                              "ddz_fast.arena.duplicate.partner_seat",
                              "ddz_fast.arena.duplicate.seatings",
                              "ddz_fast.arena.parallel.imap_in_windows",
                              "ddz_fast.arena.duplicate.summarise"], examples=20)
def _(g: Gen):
    """The arena's pieces: tallies built and added up (the tally of a range of deals is the
    sum of its parts'), the seatings, the landlord seat of a deal, the windowed pool."""
    config = arena.ArenaConfig(g.pick([("random", "greedy"), ("random", "random", "greedy"),
                                       ("greedy", "pimc:samples=2,rollouts=20")]),
                               seed=g.rng.randrange(100),
                               rules=g.pick(["standard", "no_kitty", "botzone"]))
    if g.chance(0.3):
        config = arena.ArenaConfig(g.pick([("random", "greedy"), ("greedy", "random", "random")]),
                                   seed=g.rng.randrange(100),
                                   rules=g.pick(["four_player", FOUR_PARTNER]))
    which = g.pick(["deals", "deals", "tally", "seatings", "landlord", "partner", "windows",
                    "forged"])
    if which == "deals":
        start, stop = g.pick([(0, 2), (1, 3), (2, 2), (3, 1), (-1, 1), (0, 2**70), ("0", 1),
                              (None, 2), (0, 1.5), (np.int64(1), np.int64(2))])

        def run():
            whole = arena.play_deals(config, start, stop)
            if is_int(start) and is_int(stop) and 0 <= start < stop <= 4:
                parts = arena.play_deals(config, start, start + 1)
                parts += arena.play_deals(config, start + 1, stop)
                expect_equal("tally of parts", parts.as_dict(), whole.as_dict())
                arena.summarise(config, whole)
            return whole
        return call_text("play_deals", config, start, stop), run
    if which == "tally":
        n = g.pick([0, 1, 2, 16, 17, -1, 2**70, None, "2", np.int64(3)])
        return _call("Tally.empty", arena.Tally.empty, n)
    if which == "seatings":
        return _call("seatings", arena.seatings, g.pick([0, 1, 2, 3, 16, 17, -1, 2**70, None,
                                                         "2", 2.0, np.int64(4)]))
    if which == "landlord":
        deal = deal_cards(g.rng.randrange(1000), rules=g.pick(["standard", "four_player"]))
        index = g.pick([0, 1, 2, 5, -1, 2**70, None, "1", np.int64(2), 1.5])
        hands = g.pick([deal.hands, deal.hands, deal.hands[:2], list(deal.hands) * 2,
                        [str(h) for h in deal.hands], g.any()])
        return _call("landlord_seat", arena.landlord_seat, hands,
                     g.pick([deal.kitty, deal.kitty, None, "333"]), index)
    if which == "partner":
        return _call("partner_seat", arena.partner_seat,
                     g.pick([0, 1, 3, 4, -1, 2**70, None, "1", np.int64(2), 1.5, True]))
    if which == "forged":       # a config changed behind its checks
        forged = g.forged_copy(config, ["bots", "seed", "rules"])
        return call_text("play_deals", forged, 0, 1), lambda: arena.play_deals(forged, 0, 1)
    jobs = list(range(g.rng.randint(0, 12)))
    processes = g.pick([1, 1, 1, 2])

    def run():
        got = sorted(imap_in_windows(_twice, iter(jobs), processes))
        expect_equal("imap_in_windows", got, [2 * j for j in jobs])
    return call_text("imap_in_windows", jobs, processes), run


@entry("arena.report", covers=["ddz_fast.arena.report.format_summary",
                               "ddz_fast.arena.report.format_interval",
                               "ddz_fast.arena.report.save_plot"], examples=30)
def _(g: Gen):
    """The results as text and as a chart: real summaries of either table, the same with a
    key dropped or a number forged, and hostile values."""
    rules = g.pick(["standard", "runfast", "four_player"])
    config = arena.ArenaConfig(("random", "greedy"), seed=g.rng.randrange(100), rules=rules)
    summary: Any = arena.summarise(config, arena.play_deals(config, 0, 1))
    if g.chance(0.3):
        summary = dict(summary)
        summary.pop(g.pick(sorted(summary)))
    elif g.chance(0.3):
        summary = dict(summary, bots=g.pick([[], [g.any()], g.any(),
                                             [dict(summary["bots"][0], rating=g.any())]]))
    elif g.chance(0.2):
        summary = g.any()
    which = g.pick(["text", "text", "interval", "plot"])
    if which == "interval":
        return _call("report.format_interval", report.format_interval,
                     g.pick([[0.1, 0.2], (-1, 1), [], [1, 2, 3], g.any()]), g.pick([True, 0]))
    if which == "plot":
        chart = os.path.join(tempfile.gettempdir(), f"ddz_fuzz_chart_{os.getpid()}.png")
        return _call("report.save_plot", report.save_plot, summary,
                     g.pick([chart, chart, 5, None, b"chart.png", object()]))
    return _call("report.format_summary", report.format_summary, summary)


# --- the compat layers' id layouts -----------------------------------------------------------

@entry("compat.layouts", covers=["ddz_fast.compat.ActionLayout",
                                 "ddz_fast.compat.ActionLayout.to_id",
                                 "ddz_fast.compat.ActionLayout.from_id",
                                 "ddz_fast.compat.ActionLayout.moves",
                                 "ddz_fast.compat.ActionLayout.id_map",
                                 "ddz_fast.compat.wing_ranks",
                                 "ddz_fast.compat.openspiel.id_map",
                                 "ddz_fast.compat.openspiel.layout",
                                 "ddz_fast.compat.rlcard.id_map",
                                 "ddz_fast.compat.rlcard.layout",
                                 "ddz_fast.compat.douzero.install",
                                 "ddz_fast.compat.douzero.uninstall",
                                 "ddz_fast.compat.douzero.installed",
                                 "ddz_fast.compat.douzero.is_installed"], examples=20)
def _(g: Gen):
    """The engines' id layouts: each id of a layout reads back as its move; a layout built as
    its module builds it; DouZero's move generator patched in and out."""
    module = g.pick([openspiel, rlcard])
    layout = module.layout()
    # a layout built, or its id map, sorts or reads all 27,000 moves: now and then only
    which = g.pick(["round_trip"] * 6 + ["ids"] * 6 + ["wings"] * 4 + ["douzero"] * 2 +
                   ["build", "id_map"])
    if which in ("round_trip", "id_map"):
        moves = layout.moves()
        index = g.rng.randrange(len(moves))

        def run():
            move = moves[index]
            expect_equal("from_id(to_id)", layout.from_id(layout.to_id(move)), move)
            if which == "id_map":
                expect_equal("id_map", int(module.id_map()[0]), int(layout.id_map()[0]))
        return f"{module.__name__}.layout() round trip of move {index} ({which})", run
    if which == "ids":
        value = g.pick([g.rng.randint(-2, 30000), g.move_like(), g.any(), np.int64(3)])
        fn = g.pick([layout.to_id, layout.from_id])
        return _call(f"layout.{fn.__name__}", fn, value)
    if which == "build":    # as its module builds it (ids too few for the plays are its bug)
        first = openspiel.FIRST_PLAY_ID if module is openspiel else 0
        return f"ActionLayout({layout.engine!r}, ...)", lambda: ActionLayout(
            layout.engine, layout.rules, module.order, first, layout.pass_id,
            layout.num_actions).moves()
    if which == "wings":    # of moves (an airplane's wings)
        move = g.valid_move()
        return _call("wing_ranks", wing_ranks, move)

    def run():
        douzero = _douzero()
        with douzero.installed():
            inside = douzero.is_installed()
        douzero.install()
        douzero.install()
        douzero.uninstall()
        douzero.uninstall()
        return inside and not douzero.is_installed()
    return "douzero.installed(), install(), uninstall()", run


# --- the environments of every table ---------------------------------------------------------

def _env_modules():
    """{name: module} of the PettingZoo environments (none without PettingZoo)."""
    try:
        from ddz_fast.envs import (four_player as four, laizi as wild, runfast,
                                   three_player as three)
    except ImportError:
        return {}
    return {"three_player": three, "four_player": four, "laizi": wild, "runfast": runfast}


@entry("variants.envs", covers=[
    "ddz_fast.envs.four_player.env", "ddz_fast.envs.four_player.FourPlayerEnv",
    "ddz_fast.envs.laizi.env", "ddz_fast.envs.laizi.LaiziEnv",
    "ddz_fast.envs.laizi.largest_action_space", "ddz_fast.envs.three_player.DouDizhuEnv",
    "ddz_fast.envs.base.PlayPhaseEnv", "ddz_fast.envs.base.PlayPhaseEnv.observation_space",
    "ddz_fast.envs.base.PlayPhaseEnv.action_space", "ddz_fast.envs.base.PlayPhaseEnv.reset",
    "ddz_fast.envs.base.PlayPhaseEnv.step", "ddz_fast.envs.base.PlayPhaseEnv.observe",
    "ddz_fast.envs.base.PlayPhaseEnv.render", "ddz_fast.envs.base.PlayPhaseEnv.close",
    "ddz_fast.envs.runfast.env", "ddz_fast.envs.runfast.RunFastEnv",
    "ddz_fast.envs.runfast.raw_env", "ddz_fast.envs.runfast.raw_env.render",
    "ddz_fast.envs.runfast.agents_of", "ddz_fast.envs.runfast.observation_layout"],
       examples=20)
def _(g: Gen):
    """Each table's environment, made by its function or its class, stepped through legal
    actions, then one call of any of its methods with a hostile argument."""
    modules = _env_modules()
    if not modules:
        return "environments unavailable (no PettingZoo)", lambda: None
    name = g.pick(sorted(modules))
    module = modules[name]
    make = g.pick([module.env, module.raw_env])
    kwargs: Dict[str, Any] = {}
    if name == "runfast" and g.chance(0.7):
        kwargs["rules"] = g.pick(["runfast", "runfast_15", Rules.preset("runfast").replace(
            players=2, one_card_rule=False), "standard", g.rules_like()])
    elif g.chance(0.3):
        kwargs["rules"] = g.pick(["four_player", "laizi", "tiandi_laizi", "standard",
                                  Rules(players=4, sides="partner"), g.rules_like()])
    if g.chance(0.2) and name != "runfast":
        kwargs["bidder"] = g.pick([None, "greedy", "random", "pimc:samples=2,rollouts=20",
                                   "ismcts:iterations=10", "solver", "bogus", 5])
    if g.chance(0.3):
        kwargs["opponents"] = _opponents(g)
    if g.chance(0.2):
        kwargs["render_mode"] = g.pick(["ansi", "human", None, 3])
    seed = g.pick([None, 0, 42, -1, 2**64, "x", np.int64(3)]) if g.chance(0.4) else \
        g.rng.randint(0, 1000)
    steps = g.rng.randint(0, 30)
    method = g.pick(["step", "observe", "observation_space", "action_space", "render", "close",
                     "reset", "largest"] + (["players"] if name == "runfast" else []))
    agent = g.pick(["landlord", "peasant_1", "peasant_down", "player_0", "player_2", "nobody",
                    "", None, 0, g.any()])
    bad = g.pick([-1, 10**7, 2**64, 1.5, "3", None, np.int64(-1), np.array([1]), True,
                  g.any()])
    options = g.pick([None, {}, {"x": 1}, bad])

    def run():
        if method == "largest":
            return module_largest(modules, kwargs.get("rules", "laizi"))
        if method == "players":     # the table's agents and layout, of any player count
            players = g.pick([2, 3]) if g.chance(0.5) else bad
            return module.agents_of(players), module.observation_layout(players)
        e = make(**kwargs)
        e.reset(seed=seed)
        for _ in range(steps):
            obs, _reward, term, trunc, _info = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[0]) if len(legal) else None)
            if not e.agents:
                break
        if method == "step":
            return e.step(bad) if e.agents else None
        if method == "reset":
            return e.reset(seed=bad, options=options)
        if method in ("render", "close"):
            return getattr(e, method)()
        return getattr(e, method)(agent)
    return call_text(f"{name}.{make.__name__}", **kwargs) + \
        f".reset(seed={r(seed)}); {steps} legal steps; .{method}({r(agent)}, {r(bad)})", run


def _opponents(g: Gen) -> Any:
    """An ``opponents`` argument of an environment: agents of any table (or none) played by
    bot specs, small search bots included, or Bot objects; or something malformed."""
    from ddz_fast.search.bots import GreedyBot, SolverBot

    agents = ["landlord", "peasant_down", "peasant_up", "peasant_1", "peasant_2", "peasant_3",
              "player_0", "player_1", "player_2", "nobody", 0, None]
    bots = ["greedy", "random", "pimc:samples=2,rollouts=20", "ismcts:iterations=10", "solver",
            "bogus", "greedy:speed=1", GreedyBot(), SolverBot(), 3, None]
    if g.chance(0.1):
        return g.pick([["greedy"], "greedy", 5, g.any()])
    return {g.pick(agents): g.pick(bots) for _ in range(g.rng.randint(0, 4))}


def module_largest(modules, rules) -> int:
    """laizi.largest_action_space of ``rules`` (a preset's figure, or a ValueError)."""
    return modules["laizi"].largest_action_space(rules)


# --- the command line's helpers --------------------------------------------------------------

@entry("cli.common", covers=[
    "ddz_fast.cli.main.build_parser", "ddz_fast.cli.common.add_rules_option",
    "ddz_fast.cli.common.finish_rules", "ddz_fast.cli.common.add_json_option",
    "ddz_fast.cli.common.check_wild_option", "ddz_fast.cli.common.wild_text",
    "ddz_fast.cli.common.bot_spec", "ddz_fast.cli.common.rules_name",
    "ddz_fast.cli.common.print_json", "ddz_fast.cli.common.format_count",
    "ddz_fast.cli.common.group_by_type", "ddz_fast.cli.common.ProgressLine",
    "ddz_fast.cli.common.ProgressLine.close", "ddz_fast.cli.common.split_move_text",
    "ddz_fast.cli.common.readings", "ddz_fast.cli.common.parse_move_text",
    "ddz_fast.cli.common.move_text"], examples=20)
def _(g: Gen):
    """The helpers the commands are built of, used as a command uses them: options added to a
    parser that then reads hostile arguments (one line and status 2, as argparse's own
    errors), wild ranks checked against rules, output formatted; and the move text helpers,
    which take any text."""
    which = g.pick(["parser", "parser", "wild", "output", "text", "progress", "build"])
    if which == "build":
        argv = g.pick([["--help"], ["solve", "--help"], ["arena", "--help"], ["bogus"], []])
        return call_text("build_parser().parse_args", argv), \
            lambda: _exit_status(lambda: cli_main.build_parser().parse_args(argv))
    if which == "parser":
        # as a command adds it: naming the layer that refuses wild cards, or taking them
        kwargs = g.pick([{"layer": "the fuzzer"}, {"wild": True}, {"draws": True, "deals": True},
                         {"wild": True, "position_wild": True}])
        argv = []
        for option, values in (("--rules", ALL_PRESETS + ["bogus", "", "STANDARD"]),
                               ("--wild", ["5", "5T", "B", "55", "x", ""]),
                               ("--sides", ["alone", "partner", "x"]),
                               ("--bot", ["greedy", "pimc:samples=2", "bogus", "greedy:x=1",
                                          "\ud800", ""])):
            if g.chance(0.5):
                argv += [option, g.pick(values)]
        if g.chance(0.3):
            argv.append("--deal-bonuses")

        def parse():
            parser = cli_main._Parser(prog="ddz-fast fuzz")
            common.add_rules_option(parser, **kwargs)
            common.add_json_option(parser)
            parser.add_argument("--bot", type=common.bot_spec, default="greedy")
            try:
                args = parser.parse_args(argv)
                common.finish_rules(args)
            except ValueError as error:     # as main does: the options the rules refuse
                parser.error(str(error))
            return common.rules_name(args.rules)
        return call_text("parser", kwargs, argv), lambda: _exit_status(parse), {"cli": True}
    if which == "wild":
        rules = g.preset()
        wild = g.pick([None, (), (2,), (2, 7), (0, 1, 2)])
        required = g.chance(0.5)

        def run():
            if wild:
                common.wild_text(wild)
            return common.check_wild_option(rules, wild, required)
        return call_text("check_wild_option", rules, wild, required), run
    if which == "output":
        moves = list(legal_moves(Hand(g.valid_counts())))
        value = g.pick([0, 1.5, 12345.6, -1e9, 10**20, float("nan"), float("inf")])
        digits = g.pick([0, 1, 3])

        def run():
            common.format_count(value, digits)
            common.group_by_type(moves)
            with contextlib.redirect_stdout(io.StringIO()):
                common.print_json({"moves": [str(m) for m in moves[:3]], "n": len(moves)})
        return call_text("format_count, group_by_type, print_json", value), run
    if which == "progress":
        total = g.pick([0, 1, 10, 10**9])
        enabled = g.chance(0.7)

        def run():
            line = common.ProgressLine(total, io.StringIO(), enabled,
                                       lambda done, seconds: f"{done}/{total} in {seconds:.1f} s")
            for done in range(0, min(total, 5) + 1):
                line(done)
            line.close()
        return f"ProgressLine({total})", run
    fn = g.pick([common.split_move_text, common.readings, common.parse_move_text,
                 common.move_text])
    value = g.move_like() if fn is common.move_text else g.move_text() if g.chance(0.8) \
        else g.any()
    rules = g.pick([None, "douzero", "laizi", g.rules_like()])
    wild = g.pick([None, "5", (2, 7)]) if fn is not common.split_move_text else None
    if fn is common.split_move_text:
        return _call("split_move_text", fn, value)
    return _call(fn.__name__, fn, value, rules, wild)


def _exit_status(call):
    """(status, stdout, stderr) of a call that may end in SystemExit, as a command's run."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = call()
            status = 0 if not isinstance(status, int) else status
        except SystemExit as exit_:
            status = exit_.code if exit_.code is not None else 0
    return status, out.getvalue(), err.getvalue()
