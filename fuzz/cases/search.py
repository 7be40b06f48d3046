"""Generators of the search layer: the solver, bots, bot specs and information sets."""
from __future__ import annotations

import functools
from dataclasses import fields as dataclass_fields
from typing import Any, Callable, Dict

import numpy as np

import ddz_fast
from ddz_fast import Duel, Game, Hand, InformationSet, Move, Rules, Solution, information_set
from ddz_fast.compat.rlcard_rule import RLCardRuleBot
from ddz_fast.reference import sampling as reference_sampling
from ddz_fast.reference.solver import ReferenceSolution, solve_reference
from ddz_fast.search.bots import (Bot, GreedyBot, RandomBot, SolverBot, plays_four_player,
                                  plays_runfast, plays_wild_cards, refuse_runfast,
                                  refuse_wild_cards)
from ddz_fast.search.catalog import (four_player_bots, make_runfast_bot, parse_bot_spec,
                                     runfast_bots, wild_card_bots)
from ddz_fast.search.infoset import normalize_constraints, split_spec, split_specs
from ddz_fast.search.search_bots import ISMCTSBot, PIMCBot
from ddz_fast.search import runfast as runfast_search
from ddz_fast.search.runfast import RunFastInformationSet
from ddz_fast.search.four_player import FourPlayerInformationSet
from ddz_fast.search.solver import solve
from ddz_fast.positions.four_player import FourPlayerPosition

from .core import FORGED_VALUES, Gen, Mismatch, _call, call_text, entry, expect_equal, r
from .engine import runfast_state, variant_state
from .positions import _runfast_position, _small_position, variant_position


@entry("solve", covers=["ddz_fast.solve"])
def _(g: Gen):
    from ddz_fast.positions.duel import Duel
    from ddz_fast.search.solver import solve
    if g.chance(0.45):
        game = _small_position(g)
    elif g.chance(0.7):
        first, second = (g.pick(["", "3", "BR3", "KK5543", "225543", "3456789", "33", "44"])
                         for _ in range(2))
        try:        # a duel of an empty hand is refused: then solve gets the text itself
            game = Duel.parse(f"{first}/{second}")
        except ValueError:
            game = f"{first}/{second}"
    else:
        game = g.any()
    kwargs: Dict[str, Any] = {}
    for name in g.rng.sample(["rules", "objective", "max_nodes", "time_limit", "tt_megabytes",
                              "pv", "every_move", "threads"], g.rng.randint(0, 3)):
        kwargs[name] = {
            "rules": g.rules_like,
            "objective": lambda: g.pick(["win", "stake", "lose", None, 3, g.text()]),
            "max_nodes": lambda: g.pick([None, 0, 1, 1000, -1, 2**64, 1.5, True]),
            "time_limit": lambda: g.pick([None, 0.01, 0, -1.0, float("nan"), float("inf"),
                                          "1", 1e308]),
            "tt_megabytes": lambda: g.pick([1, 8, 0, -1, 2**40, 1.0, None]),
            "pv": lambda: g.pick([True, False, None, 1, np.bool_(True)]),
            "every_move": lambda: g.pick([True, False, False, None, 0, "no"]),
            "threads": lambda: g.pick([1, 2, 0, -1, 65, 2.0, None]),
        }[name]()
    kwargs.setdefault("max_nodes", 200_000)     # any solve stays well inside the timeout
    text = call_text("solve", game, **kwargs)
    return text, lambda: solve(game, **kwargs), {}


@entry("bots", covers=["ddz_fast.search.bots.act", "ddz_fast.search.bots.play_hand",
                       "ddz_fast.search.bots.start_play", "ddz_fast.search.bots.hand_strength",
                       "ddz_fast.search.bots.last_mover", "ddz_fast.search.bots.RandomBot",
                       "ddz_fast.search.bots.GreedyBot"])
def _(g: Gen):
    from ddz_fast.search import bots, catalog
    name = g.pick(["random", "greedy", "RANDOM", "", "bogus", None, 5]) \
        if g.chance(0.8) else g.any()
    seed = g.seed_like()
    which = g.pick(["make", "act", "play_hand", "start_play", "hand_strength", "last_mover",
                    "greedy_opts"])
    if which == "make":
        return _call("catalog.make_bot", catalog.make_bot, name, seed)
    if which == "hand_strength":
        value = g.hand_like() if g.chance(0.5) else g.any()
        if isinstance(value, Hand):
            value = value.counts
        return _call("bots.hand_strength", bots.hand_strength, value)
    if which == "greedy_opts":
        kwargs = {g.pick(["danger", "bid_at", "double_at"]): g.pick(
            [-1, 0, 100, (1, 2), (9, 7, 5), None, "x", 2**64, g.any()])}
        state = g.state()

        def run():
            return bots.act(bots.GreedyBot(seed, **kwargs), state) if not state.is_over \
                else None
        return call_text("bots.act(bots.GreedyBot", seed, **kwargs) + ", state)", run
    state = g.state() if g.chance(0.85) else g.any()
    bot = g.pick([bots.RandomBot(1), bots.GreedyBot(), None, 5, g.any()]) \
        if g.chance(0.3) else g.pick([bots.RandomBot(seed if type(seed) is int else 1),
                                       bots.GreedyBot()])
    if which == "act":
        return _call("bots.act", bots.act, bot, state)
    if which == "last_mover":
        return _call("bots.last_mover", bots.last_mover, state)
    if which == "play_hand":
        other = g.pick([bots.RandomBot(2), bots.GreedyBot(), None, g.any()])
        return _call("bots.play_hand", bots.play_hand, state, bot, other)
    game = g.pick([Game(), Game(Rules(bidding="call_rob")), g.any()])
    kwargs = g.pick([{"landlord": g.int_or_any()}, {"bidder": bot}, {},
                     {"landlord": 0, "bidder": bot}])
    return _call("bots.start_play", bots.start_play, game, seed, **kwargs)


@entry("bot specs", covers=["ddz_fast.search.catalog.make_bot",
                             "ddz_fast.search.catalog.bot_class",
                             "ddz_fast.search.catalog.has_bot_methods"])
def _(g: Gen):
    """Bots made from specs (built-in names, and classes by import path), from classes and
    functions, and the checks of what a bot class is."""
    from ddz_fast.search import catalog
    name = g.pick(["greedy", "random", "solver", "greedy:danger=3", "greedy:danger=",
                   "greedy:danger=3,danger=4", "greedy:bogus=1", "random:seed=1", ":", "greedy:",
                   "greedy:danger=1e999", "greedy:danger=-1", "solver:max_nodes=10**9",
                   "greedy:danger=" + "9" * 5000, "rlcard-rule:x=1", "a" * 10000 + ":b=c"])
    if g.chance(0.3):
        name = g.pick(["ddz_fast.search.bots:GreedyBot:danger=2", "ddz_fast.search.bots:Bot",
                       "ddz_fast.search.bots:hand_strength", "ddz_fast.no_such:Bot",
                       "ddz_fast.search.bots:GreedyBot.nope", "ddz_fast.search.bots:RandomBot:x=1",
                       "ddz_fast.search.bots:", ".x:Y", "x..y:Z", "\ud800:Bot", RandomBot,
                       GreedyBot, lambda: None, lambda seed: GreedyBot(), lambda seed: seed,
                       functools.partial(GreedyBot, danger=1), RandomBot(1)])
    if g.chance(0.3):
        name = g.any()
    which = g.pick(["make", "make", "class", "methods"])
    if which == "class":
        return _call("catalog.bot_class", catalog.bot_class, name)
    if which == "methods":
        return _call("catalog.has_bot_methods", catalog.has_bot_methods, name)
    return _call("catalog.make_bot", catalog.make_bot, name, g.seed_like())


@entry("infoset", covers=["ddz_fast.information_set", "ddz_fast.InformationSet.from_position",
                          "ddz_fast.InformationSet.deal_count", "ddz_fast.InformationSet.sample"])
def _(g: Gen):
    from ddz_fast import InformationSet, information_set
    state = g.state() if g.chance(0.9) else g.any()
    player = g.pick([0, 1, 2, 3, -1, True, np.int64(1), "0", None, 2**70]) \
        if g.chance(0.3) else g.rng.randrange(3)
    which = g.pick(["state", "position", "sample", "sample", "count"])
    if which == "state":
        return _call("information_set", information_set, state, player)
    if which == "position":
        position = g.position() if g.chance(0.3) else \
            (state.position() if getattr(state, "phase", None) == "play" else g.any())
        kwargs = g.pick([{}, {"played": g.pick([None, ["3", "4", "5"], [g.any()] * 3, g.any()])},
                         {"kitty": g.pick([None, "345", "3333", g.any()])},
                         {"history": g.pick([(), [(0, Move.PASS)], g.any()])}])
        return _call("InformationSet.from_position", InformationSet.from_position, position,
                     player, **kwargs)
    try:
        info = information_set(state, g.rng.randrange(3))
    except (TypeError, ValueError):
        info = g.any()
    constraints = g.pick([None, {}, {1: {"2": 0}}, {2: {12: (0, 1)}}, {0: {0: 4}},
                          {5: {0: 1}}, {1: {"Z": 1}}, {1: {0: (3, 1)}}, {1: {0: -1}},
                          {1: {0: 10**30}}, {1: g.any()}, g.any()])
    if which == "count":
        return _call("info.deal_count", getattr(info, "deal_count", None) or (lambda c: None),
                     constraints)
    n = g.pick([0, 1, 5, 100, -1, 2**70, 10**9, "5", None, 1.5, g.any()])
    seed = g.seed_like()
    if not hasattr(info, "sample"):
        return _call("info.sample", lambda *a, **k: None, n, seed)
    return _call("info.sample", info.sample, n, seed, constraints=constraints)


# --- the bots' own methods -------------------------------------------------------------------

def _bots(g: Gen, seed) -> Dict[str, Callable[[], Any]]:
    """Every kind of bot, made small (a decision in milliseconds)."""
    return {
        "random": lambda: RandomBot(seed),
        "greedy": lambda: GreedyBot(seed, danger=g.pick([0, 2, 5])),
        "solver": lambda: SolverBot(seed, max_nodes=g.pick([1, 500, 2000]), tt_megabytes=1),
        "pimc": lambda: PIMCBot(seed, samples=g.pick([1, 4]), rollouts=g.pick([1, 40]),
                                solve_cards=g.pick([0, 12]), max_nodes=500,
                                rollout=g.pick(["rules", "random"])),
        "ismcts": lambda: ISMCTSBot(seed, iterations=g.pick([1, 30]),
                                    exploration=g.pick([0.0, 0.7, 3.0]),
                                    rollout=g.pick(["rules", "random"])),
        "rlcard-rule": lambda: RLCardRuleBot(GreedyBot(seed), seed),
    }


@entry("bot methods", covers=[
    "ddz_fast.search.bots.Bot", "ddz_fast.search.bots.Bot.bid", "ddz_fast.search.bots.Bot.double",
    "ddz_fast.search.bots.Bot.play", "ddz_fast.search.bots.RandomBot.bid",
    "ddz_fast.search.bots.RandomBot.double", "ddz_fast.search.bots.RandomBot.play",
    "ddz_fast.search.bots.RandomBot.partner", "ddz_fast.search.bots.GreedyBot.bid",
    "ddz_fast.search.bots.GreedyBot.double", "ddz_fast.search.bots.GreedyBot.play",
    "ddz_fast.search.bots.GreedyBot.partner", "ddz_fast.search.bots.SolverBot",
    "ddz_fast.search.bots.SolverBot.bid", "ddz_fast.search.bots.SolverBot.double",
    "ddz_fast.search.bots.SolverBot.play", "ddz_fast.search.bots.SolverBot.partner",
    "ddz_fast.search.search_bots.PIMCBot",
    "ddz_fast.search.search_bots.ISMCTSBot", "ddz_fast.search.search_bots.PIMCBot.bid",
    "ddz_fast.search.search_bots.PIMCBot.double", "ddz_fast.search.search_bots.PIMCBot.play",
    "ddz_fast.search.search_bots.PIMCBot.choose",
    "ddz_fast.search.search_bots.PIMCBot.partner",
    "ddz_fast.compat.rlcard_rule.RLCardRuleBot",
    "ddz_fast.compat.rlcard_rule.RLCardRuleBot.bid",
    "ddz_fast.compat.rlcard_rule.RLCardRuleBot.double",
    "ddz_fast.compat.rlcard_rule.RLCardRuleBot.play"], examples=30)
def _(g: Gen):
    """Each bot's decisions on a state of any table and phase, or on anything: a legal
    action of the state's phase, or one clear error (a bot that plays three seats refuses
    four, one that plays no wild cards refuses them, a decision of another phase is refused)."""
    state = g.pick([variant_state(g, steps=g.rng.randint(0, 80)), runfast_state(g)]) \
        if g.chance(0.9) else g.any()
    kind = g.pick(["random", "greedy", "solver", "pimc", "ismcts", "rlcard-rule"])
    bot = _bots(g, g.pick([1, 7, "seed"]))[kind]()
    method = g.pick(["bid", "double", "play", "play", "partner", "choose", "protocol"])
    phase = getattr(state, "phase", None)
    if method == "protocol":        # the Protocol's own methods: what a bot must define
        name = {"bidding": "bid", "doubling": "double"}.get(phase, "play")
        return f"Bot.{name}({kind}, state)", lambda: getattr(Bot, name)(bot, state)
    if method == "choose":
        if not hasattr(bot, "choose"):
            method = "play"
        else:
            player = g.pick([getattr(state, "current_player", 0), 0, 1, 2, 3, -1])
            rules = g.pick([None, getattr(state, "rules", None), "four_player", g.any()])

            def run():
                if getattr(getattr(state, "rules", None), "players", 3) == 4:
                    info = FourPlayerInformationSet.from_state(state, player)
                else:
                    info = information_set(state, player)
                return bot.choose(info, rules)
            return f"{kind}.choose(information_set(state, {player!r}), {r(rules)})", run

    def run():
        if not hasattr(bot, method):
            return None             # partner(): the four-player table's bots only
        action = getattr(bot, method)(state)
        wanted = {"bidding": "bid", "doubling": "double", "partner": "partner"}.get(phase,
                                                                                     "play")
        if method == wanted and not state.is_over and action not in state.legal_actions():
            raise Mismatch(f"{kind}.{method} chose {action!r}, not a legal action")
        return action
    return f"{kind}.{method}(<{type(state).__name__} phase={phase}>)", run


@entry("search bots", covers=["ddz_fast.search.search_bots.PIMCBot",
                              "ddz_fast.search.search_bots.ISMCTSBot",
                              "ddz_fast.search.bots.SolverBot",
                              "ddz_fast.compat.rlcard_rule.RLCardRuleBot",
                              "ddz_fast.search.bots.refuse_wild_cards",
                              "ddz_fast.search.bots.plays_wild_cards",
                              "ddz_fast.search.bots.plays_four_player",
                              "ddz_fast.search.catalog.parse_bot_spec",
                              "ddz_fast.search.catalog.wild_card_bots",
                              "ddz_fast.search.bots.refuse_runfast",
                              "ddz_fast.search.bots.plays_runfast",
                              "ddz_fast.search.catalog.runfast_bots",
                              "ddz_fast.search.bots.plays_four_player",
                              "ddz_fast.search.catalog.four_player_bots",
                              "ddz_fast.search.catalog.make_runfast_bot"], examples=30)
def _(g: Gen):
    """The search bots' and the solver bot's options, bot specs, and the wild-card, Run Fast
    and four-player checks."""
    which = g.pick(["pimc", "ismcts", "solver", "rlcard", "spec", "wild", "runfast"])
    seed = g.seed_like()

    def value():
        return g.pick([0, 1, 2, -1, 2**31, 2**70, 1.5, float("nan"), True, None, "3",
                       np.int64(4), "rules", "random", "bogus", g.any()])
    if which == "pimc":
        name = g.pick(["samples", "rollouts", "solve_cards", "max_nodes", "rollout",
                       "break_cost", "bomb_cost"])
        return _call("PIMCBot", PIMCBot, seed, **{name: value()})
    if which == "ismcts":
        name = g.pick(["iterations", "exploration", "rollout", "break_cost", "bomb_cost"])
        return _call("ISMCTSBot", ISMCTSBot, seed, **{name: value()})
    if which == "solver":
        name = g.pick(["max_nodes", "tt_megabytes"])
        return _call("SolverBot", SolverBot, seed, **{name: value()})
    if which == "rlcard":
        return _call("RLCardRuleBot", RLCardRuleBot, g.pick([GreedyBot(), None, g.any()]), seed)
    if which == "spec":
        spec = g.pick(["pimc:samples=4", "ismcts:iterations=10,rollout=random", "greedy:",
                       "greedy:danger=3,,", ":", "pimc:=3", "pimc:samples", "rlcard-rule",
                       "a" * 300, "\ud800:x=1", g.text()]) if g.chance(0.8) else g.any()
        return _call("parse_bot_spec", parse_bot_spec, spec)
    if which == "runfast":
        spec = g.pick(["random", "greedy:danger=1", "solver", "pimc:samples=2", "rlcard-rule",
                       "bogus", "greedy:speed=1", g.text(), g.any()])
        seed = g.pick([None, 1, "s", -1, 2**70, 1.5, g.any()])

        def make():
            runfast_bots()
            return make_runfast_bot(spec, seed)
        return call_text("make_runfast_bot", spec, seed), make
    state = g.pick([variant_state(g, steps=g.rng.randint(0, 20)), runfast_state(g)]) \
        if g.chance(0.8) else g.any()
    bot = g.pick([RandomBot, GreedyBot, PIMCBot, RandomBot(1), lambda: None, None, g.any()])

    name = g.pick(["the bot", "", None])

    def run():
        wild_card_bots()
        four_player_bots()
        plays_wild_cards(bot)
        plays_four_player(bot)
        plays_runfast(bot)
        plays_four_player(bot)
        refuse_runfast(state, name)
        return refuse_wild_cards(state, name)
    return call_text("refuse_runfast and refuse_wild_cards", state, bot), run


# --- information sets and sampling, and the reference beside them ----------------------------

def _late_state(g: Gen):
    """A three-seat state in play after many actions (few unseen cards: the reference's
    enumeration of the splits is quick)."""
    state = g.state(rules=g.pick(["standard", "douzero", "no_kitty", Rules(deal_bonuses=True)]),
                    steps=0)
    while state.phase != "play":
        state.apply(g.pick(state.legal_actions()))
    for _ in range(g.rng.randint(20, 60)):
        if state.is_over:
            break
        actions = state.legal_actions()
        state.apply(max(actions, key=len) if g.chance(0.6) else g.pick(actions))
    return state


def _constraints(g: Gen, info) -> Any:
    """Constraints on the hidden hands: ones that fit (what a seat showed), others, anything."""
    seats = list(info.hidden_seats) if hasattr(info, "hidden_seats") else [1, 2]
    seat = g.pick(seats)
    rank = g.pick([r_ for r_, c in enumerate(info.unseen) if c] or [0]) \
        if hasattr(info, "unseen") else 0
    return g.pick([None, {}, {seat: {rank: 0}}, {seat: {rank: (0, 1)}},
                   {seat: {"3456789TJQKA2BR"[rank]: (0, 4)}}, {seat: {rank: 5}},
                   {g.pick([0, 3, -1]): {0: 1}}, {seat: {rank: (2, 1)}}, {seat: {"Z": 1}},
                   {seat: {rank: 10**30}}, {seat: g.any()}, g.any()])


@entry("sampling", covers=[
    "ddz_fast.InformationSet", "ddz_fast.InformationSet.from_state",
    "ddz_fast.InformationSet.deal_count", "ddz_fast.InformationSet.sample",
    "ddz_fast.search.infoset.split_spec", "ddz_fast.search.infoset.split_specs",
    "ddz_fast.search.infoset.normalize_constraints", "ddz_fast.search.infoset.SplitSpec",
    "ddz_fast.search.infoset.SplitSpec.native_tables",
    "ddz_fast.reference.sampling.enumerate_splits", "ddz_fast.reference.sampling.deal_count",
    "ddz_fast.reference.sampling.sample_reference"], examples=30)
def _(g: Gen):
    """An information set late in a hand under constraints: its sampling problems, its count
    of deals against the reference's enumeration, its samples (each a deal it allows)."""
    state = _late_state(g)
    player = g.rng.randrange(3)
    info = InformationSet.from_state(state, player)
    constraints = _constraints(g, info)
    which = g.pick(["count", "count", "specs", "normalize", "sample", "reference_sample",
                    "forged"])
    if which == "count":
        def run():
            count = info.deal_count(constraints)    # checks the constraints first
            expect_equal("deal_count vs the reference",
                         count, reference_sampling.deal_count(info, constraints))
            return count
        return call_text("deal_count", info, constraints), run
    if which == "specs":
        def run():
            spec = split_spec(info, constraints)
            return [s.native_tables() for s in split_specs(info, constraints)], spec
        return call_text("split_specs", info, constraints), run
    if which == "normalize":
        return _call("normalize_constraints", normalize_constraints, info, constraints)
    n, seed = g.pick([0, 1, 5, 50]), g.seed_like()
    if which == "forged":       # a copy changed behind its checks, then sampled
        forged = g.forged_copy(info, ["player", "hand", "landlord", "unseen", "card_counts",
                                      "played", "kitty", "prev", "passes", "phase"])
        return call_text("sample", forged, n, seed), lambda: forged.sample(n, seed)
    if which == "reference_sample":     # the reference takes constraints the native checks took
        try:
            normalize_constraints(info, constraints)
        except (TypeError, ValueError):
            constraints = None
    fn = info.sample if which == "sample" else \
        lambda *a, **k: reference_sampling.sample_reference(info, *a, **k)

    def run():
        deals = fn(n, seed, constraints=constraints)
        for row in deals[:5]:
            expect_equal("the player's own hand in a sample", int(row[player]),
                         info.hand.bitboard)
        return deals
    return call_text(which, info, n, seed, constraints=constraints), run


@entry("InformationSet", covers=["ddz_fast.InformationSet"], examples=20)
def _(g: Gen):
    """The constructor itself, from a real set's fields with one changed."""
    info = InformationSet.from_state(_late_state(g), g.rng.randrange(3))
    values = {f.name: getattr(info, f.name) for f in dataclass_fields(info) if f.init}
    name = g.pick(sorted(values))
    values[name] = g.pick(FORGED_VALUES + [g.any(), Hand("33"), (Hand(),) * 3, (1, 2, 3),
                                           "over", "play", ((0, Move.PASS),)])
    return _call("InformationSet", InformationSet, **values)


@entry("solve_reference", covers=["ddz_fast.reference.solver.solve_reference",
                                  "ddz_fast.reference.solver.ReferenceSolution",
                                  "ddz_fast.Solution"], examples=20)
def _(g: Gen):
    """The solver's specification on games of a few cards, beside the native solver: the same
    winner and winning moves."""
    # the reference reads a game as it is (it is below the layer of positions): checked ones
    game = _small_position(g, 0) if g.chance(0.6) else Duel.parse(g.pick(
        ["3/4", "BR3/44", "KK5543/225543", "33/44 33", "3456789/TT", "2/B"]))
    if getattr(game, "is_over", False):
        game = Duel.parse("3/4")
    rules = g.pick([None, "douzero", "no_kitty", "botzone", g.forged_rules(), g.any()]) \
        if g.chance(0.3) else None
    distance, stake = g.chance(0.5), g.chance(0.3)

    def run():
        found = solve_reference(game, rules=rules, distance=distance, stake=stake,
                                legal_moves=ddz_fast.legal_moves)
        native = solve(game, rules=rules, objective="stake" if stake else "win")
        expect_equal("wins", found.wins, native.wins)
        expect_equal("winning moves", tuple(found.winning_moves), tuple(native.winning_moves))
        Solution(*dataclass_values(native))      # the result classes, rebuilt
        ReferenceSolution(*found)
        return found
    return call_text("solve_reference", game, rules=rules, distance=distance, stake=stake), run


@entry("variants.solve", covers=["ddz_fast.solve", "ddz_fast.reference.solver.solve_reference"],
       examples=40)
def _(g: Gen):
    """The solver on positions of every table (four seats with or without a partner, wild
    cards, the space shuttle), sometimes forged or given a wrong partner: the native solver and
    its specification give the same winner, winning moves and stake, or refuse by name."""
    pos, rules = variant_position(g)
    four = isinstance(pos, FourPlayerPosition)
    partner = None
    if four and getattr(rules, "sides", None) == "partner" and not g.forged_object:
        partner = (pos.landlord + g.rng.randint(1, 3)) % 4
    if g.chance(0.15):
        partner = g.pick([None, 0, 1, 2, 3, 4, -1, True, 1.5, "2"])
    stake = g.chance(0.3)
    kwargs: Dict[str, Any] = {"partner": partner} if partner is not None or four else {}

    def run():
        native = solve(pos, rules=rules, objective="stake" if stake else "win",
                       max_nodes=200_000, **kwargs)
        if pos.is_over or not native.exact or g.forged_object:
            return native
        found = solve_reference(pos, rules=rules, stake=stake, legal_moves=ddz_fast.legal_moves,
                                **kwargs)
        expect_equal("wins", found.wins, native.wins)
        expect_equal("winning moves", tuple(found.winning_moves), tuple(native.winning_moves))
        expect_equal("stake", found.stake, native.stake)
        return native
    return call_text("solve", pos, rules=rules, **kwargs), run, {"notes": list(g.notes)}


def dataclass_values(obj) -> list:
    return [getattr(obj, f.name) for f in dataclass_fields(obj)]


@entry("runfast search", covers=[
    "ddz_fast.search.runfast.solve_runfast", "ddz_fast.search.runfast.RunFastSolution",
    "ddz_fast.search.runfast.RunFastInformationSet",
    "ddz_fast.search.runfast.RunFastInformationSet.from_position",
    "ddz_fast.search.runfast.RunFastInformationSet.from_state",
    "ddz_fast.search.runfast.RunFastInformationSet.deal_count",
    "ddz_fast.search.runfast.RunFastInformationSet.sample"], examples=30)
def _(g: Gen):
    """The Run Fast solver on small positions (hostile budgets, players, forged fields), and
    information sets of hands in play sampled with hostile arguments."""
    if g.chance(0.5):
        position = _runfast_position(g, 3)
        kwargs: Dict[str, Any] = {"max_nodes": g.pick([None, 10, 10_000, 0, -1, 2**64,
                                                        np.int64(50), "9"]),
                                  "pv": g.pick([True, False, 1, None])}
        if g.chance(0.4):
            kwargs["player"] = g.pick([0, 1, 2, 3, -1, None, True, np.int8(1), g.any()])
        if g.chance(0.3):
            kwargs["time_limit"] = g.pick([0.5, 0, -1.0, float("nan"), float("inf"), None])
        if g.chance(0.3):
            kwargs["rules"] = g.pick(["runfast_15", "standard", g.rules_like()])
        if g.chance(0.15):
            object.__setattr__(position, g.pick(["hands", "to_move", "prev", "passes"]),
                               g.pick(FORGED_VALUES))
        return _call("solve_runfast", runfast_search.solve_runfast, position, **kwargs)
    state = runfast_state(g)
    if state.is_over:
        return _call("RunFastInformationSet.from_state", RunFastInformationSet.from_state,
                     state, 0)
    viewer = g.pick(range(state.rules.players)) if g.chance(0.9) else g.pick([5, -1, g.any()])
    n = g.pick([0, 1, 5, 50]) if g.chance(0.8) else g.pick([-1, 2**64, 1.5, None, g.any()])
    seed = g.rng.randrange(1 << 40) if g.chance(0.8) else g.pick([-1, 2**64, "x", None])
    constraints = None if g.chance(0.7) else g.pick([{0: {0: 1}}, {1: {12: (0, 1)}}, {9: {}},
                                                     {0: {0: (3, 1)}}, g.any()])

    def run():
        info = RunFastInformationSet.from_state(state, viewer)
        count = info.deal_count(constraints)
        samples = info.sample(n, seed, constraints=constraints)
        for sample in samples:
            expect_equal("a sample keeps the viewer's hand", sample.hands[viewer],
                         state.hands[viewer])
        if samples:
            expect_equal("a sample comes from a deal that fits", count > 0, True)
        return count
    return f"information set of seat {r(viewer)} at {r(state)}: sample({r(n)}, {r(seed)}, " \
           f"constraints={r(constraints)})", run


@entry("four-player infoset", covers=[
    "ddz_fast.search.four_player.FourPlayerInformationSet",
    "ddz_fast.search.four_player.FourPlayerInformationSet.from_state",
    "ddz_fast.search.four_player.FourPlayerInformationSet.from_position",
    "ddz_fast.search.four_player.FourPlayerInformationSet.deal_count",
    "ddz_fast.search.four_player.FourPlayerInformationSet.sample"], examples=30)
def _(g: Gen):
    """Information sets of four-player hands in any phase (or of forged positions), sampled
    with hostile arguments: the samples keep the viewer's hand, or one clear error."""
    rules = g.pick([Rules(players=4), Rules(players=4, sides="partner")])
    state = g.state(rules, steps=g.rng.randint(0, 90))
    viewer = g.pick(range(4)) if g.chance(0.9) else g.pick([4, -1, None, g.any()])
    n = g.pick([0, 1, 5, 20]) if g.chance(0.8) else g.pick([-1, 2**64, 1.5, None, g.any()])
    seed = g.rng.randrange(1 << 40) if g.chance(0.8) else g.pick([-1, 2**64, "x", None])
    from_position = state.phase == "play" and g.chance(0.3)
    partner = g.pick([state.partner, None, 5, state.landlord])
    kitty = g.pick([state.kitty, None, "33", g.any()])

    def run():
        if from_position:
            info = FourPlayerInformationSet.from_position(state.position, viewer,
                                                          partner=partner, kitty=kitty)
        else:
            info = FourPlayerInformationSet.from_state(state, viewer)
        count = info.deal_count()
        samples = info.sample(n, seed)
        for sample in samples:
            expect_equal("a sample keeps the viewer's hand", tuple(int(c) for c in sample[viewer]),
                         state.hands[viewer].counts)
        return count
    return f"four-player information set of seat {r(viewer)} at {r(state)}: " \
           f"sample({r(n)}, {r(seed)})", run


@entry("runfast search bots", covers=["ddz_fast.search.search_bots.PIMCBot.play",
                                      "ddz_fast.search.search_bots.PIMCBot.choose",
                                      "ddz_fast.search.search_bots.ISMCTSBot"], examples=30)
def _(g: Gen):
    """The search bots on Run Fast hands of every rule set, a few random actions in, by state
    or by information set (with hostile rules): a legal action, or one clear error."""
    rules = g.pick([Rules.preset("runfast"), Rules.preset("runfast_15"),
                    Rules.preset("runfast").replace(players=2, must_beat=False),
                    Rules.preset("runfast").replace(spade3_in_first_play=True, aaa_bomb=True,
                                                    four_three=True, one_card_rule=False)])
    state = Game(rules).new_state(seed=g.rng.randrange(1000))
    for _ in range(g.rng.randint(0, 60)):
        if state.is_over:
            break
        state.apply(g.pick(state.legal_actions()))
    kind = g.pick(["pimc", "ismcts"])
    bot = _bots(g, g.pick([1, 7, "seed"]))[kind]()
    by_info = g.chance(0.3) and not state.is_over
    rules_arg = g.pick([None, rules, "runfast", "standard", g.any()])

    def run():
        if by_info:
            info = RunFastInformationSet.from_state(state, state.current_player)
            action = bot.choose(info, rules_arg)
        else:
            action = bot.play(state)
        if action not in state.legal_actions():
            raise Mismatch(f"{kind} chose {action!r}, not a legal action")
        return action
    return f"{kind} on a Run Fast hand ({'choose' if by_info else 'play'})", run
