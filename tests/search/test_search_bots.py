"""The search bots (PIMC, ISMCTS) and every other bot: legal, blind to hidden cards, seeded.

* Every bot plays only legal actions over random hands (500, and 10,000 in the slow step), across
  the rule presets and both bidding systems (the bots take turns at the table, so each plays
  thousands of hands); on the botzone and no-kitty tables, each alone, 2,000 hands in the slow step
  with the random, greedy and search bots.
* No bot that plays fairly reads another player's hidden cards: a state whose hidden hands
  were dealt again, consistently with everything public, gets the same decision from a bot
  with the same seed; on the classic tables, and on botzone and no_kitty alone.
* The search kernels find what a hand-derived position says they must.

The laizi and four-player tables are tested in tests/search/test_search_bots_tables.py.
"""
from __future__ import annotations

import importlib.util
import random
from types import SimpleNamespace

import numpy as np
import pytest

from ddz_fast import Game, Move, Rules
from ddz_fast.search.bots import act, play_hand, start_play
from ddz_fast.search.catalog import BOTS, make_bot
from ddz_fast.search import search_bots
from ddz_fast.search.search_bots import ISMCTSBot, PIMCBot, _decision_of
from ddz_fast.search.infoset import InformationSet, information_set
from ddz_fast.moves.notation import parse_move
from ddz_fast.positions.three_player import Position
from support.checked_bots import Checked
from support.common import sizes
from support.twins import check_blind, mid_game_state, redealt

pytestmark = pytest.mark.native  # the search runs in the compiled core

#: Bots from a peer engine, and the module their extra provides.
PEER_BOTS = {"rlcard-rule": "rlcard"}
#: Small budgets for the runs of thousands of hands: the same code paths as the defaults.
QUICK = {"pimc": "pimc:samples=3,rollouts=24,solve_cards=14,max_nodes=2000",
         "ismcts": "ismcts:iterations=24", "solver": "solver:max_nodes=2000"}
#: Rule sets of the legality run: every preset, and both bidding systems; with deal bonuses,
#: whose public facts the hidden hands a bot deals (and ``redealt`` below) must respect.
TABLES = [Rules(), Rules().replace(single_round_auction=True),
          Rules().replace(bidding="call_rob"), Rules.preset("rlcard"),
          Rules.preset("openspiel").replace(bidding="call_rob"), Rules.preset("douzero"),
          Rules(deal_bonuses=True),
          Rules.preset("no_kitty").replace(bidding="call_rob", deal_bonuses=True)]


def available(name: str) -> bool:
    return name not in PEER_BOTS or importlib.util.find_spec(PEER_BOTS[name]) is not None


#: The blocks the legality sweep is cut into.
BLOCKS = 4


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("hands", sizes(500, 10_000))
def test_every_bot_plays_only_legal_actions(hands, block):
    # The hands come in BLOCKS consecutive blocks, one test each, so that test processes share
    # the sweep; together they play hands 0 .. hands - 1.
    names = [name for name in sorted(BOTS) if available(name)]
    bots = {name: Checked(make_bot(QUICK.get(name, name), f"legal:{name}")) for name in names}
    mine = range(block * hands // BLOCKS, (block + 1) * hands // BLOCKS)
    for i in mine:
        rules = TABLES[i % len(TABLES)]
        landlord = names[i % len(names)]
        peasants = names[(i // len(names) + i) % len(names)]
        state = Game(rules).new_state(seed=i, first_bidder=i % 3)
        play_hand(state, landlord=bots[landlord], peasants=bots[peasants])  # type: ignore
        assert state.is_over and sum(state.scores) == 0
    for name, bot in bots.items():
        # Each bot bid in about 2 * len(mine) / len(names) hands and played in as many.
        assert bot.decisions > 10 * len(mine) // len(names), name


#: The one-deck tables whose search is checked apart (tests/search/test_search_tables.py), and
#: the bots that play on them; the search bots at the small budgets above.
ONE_DECK_TABLES = ("botzone", "no_kitty")
TABLE_BOTS = ("random", "greedy", "pimc", "ismcts")


@pytest.mark.parametrize("hands", sizes(100, 2_000))
@pytest.mark.parametrize("preset", ONE_DECK_TABLES)
def test_every_bot_plays_only_legal_actions_on_the_one_deck_tables(preset, hands):
    # Every pair of bots (landlord, peasants) in turn, so that each bot plays every role.
    rules = Rules.preset(preset)
    bots = {name: Checked(make_bot(QUICK.get(name, name), f"legal:{preset}:{name}"))
            for name in TABLE_BOTS}
    pairs = [(a, b) for a in TABLE_BOTS for b in TABLE_BOTS]
    for i in range(hands):
        landlord, peasants = pairs[i % len(pairs)]
        state = Game(rules).new_state(seed=i, first_bidder=i % 3)
        play_hand(state, landlord=bots[landlord], peasants=bots[peasants])  # type: ignore
        assert state.is_over and sum(state.scores) == 0
        assert all(len(h) == 18 for h in state.deal.hands) if preset == "no_kitty" else True
    for name, bot in bots.items():
        assert bot.decisions > 5 * hands // len(TABLE_BOTS), name


# --- blind to hidden cards ------------------------------------------------------------------------

#: The random actions before a decision of the blindness tests: fewer than this.
MID_GAME_STEPS = 40
FAIR_BOTS = ["random", "greedy", "pimc", "ismcts", QUICK["pimc"], QUICK["ismcts"],
             "pimc:rollout=random", "ismcts:rollout=random,iterations=500", "rlcard-rule"]


#: The tables of the blindness test: the classic ones above, and each one-deck table with
#: moves or hand sizes of its own (the space shuttle; 18 cards each, no kitty), alone.
BLIND_TABLES = {"classic": TABLES, "botzone": [Rules.preset("botzone")],
                "no_kitty": [Rules.preset("no_kitty")]}


@pytest.mark.parametrize("table, full", [
    *[pytest.param(table, False, id=table) for table in sorted(BLIND_TABLES)],
    *[pytest.param(table, True, id=f"{table}-full", marks=pytest.mark.slow)
      for table in ONE_DECK_TABLES]])
@pytest.mark.parametrize("spec", FAIR_BOTS)
def test_bots_never_read_hidden_cards(spec: str, table: str, full: bool):
    # The slow step checks 2,000 twins per one-deck table (200 for the default search
    # budgets, the slowest bots), the default run half as many as at the classic tables, which
    # keep their one size.
    if not available(spec.partition(":")[0]):
        pytest.skip(f"{spec} needs {PEER_BOTS[spec]}")
    seed = f"blind:{spec}" if table == "classic" else f"blind:{table}:{spec}"
    cases = 40 if spec in ("pimc", "ismcts") else 150
    if table != "classic":
        cases //= 2
    if full:
        cases = 200 if spec in ("pimc", "ismcts") else 2_000
    check_blind(spec, BLIND_TABLES[table], seed, cases, MID_GAME_STEPS)


def test_search_bots_decide_from_the_information_set_alone():
    state = start_play(Game(), 5, landlord=1)
    for _ in range(9):
        state.apply(state.legal_actions()[-1])
    info = information_set(state, state.current_player)
    for bot_class in (PIMCBot, ISMCTSBot):
        assert bot_class(seed=3).play(state) == bot_class(seed=3).choose(info, state.rules)
    with pytest.raises(TypeError, match="info must be an InformationSet"):
        PIMCBot().choose(state)  # type: ignore[arg-type]
    other = information_set(state, (state.current_player + 1) % 3)
    with pytest.raises(ValueError, match="play-phase decision of its player"):
        ISMCTSBot().choose(other)


# --- seeds, budgets and options ---------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["pimc", "ismcts"])
def test_a_seed_fixes_every_decision(spec: str):
    def history(seed: int) -> list:
        state = start_play(Game(), 77, landlord=0)
        play_hand(state, landlord=make_bot(spec, seed), peasants=make_bot("greedy"))
        return state.history
    assert history(1) == history(1)


@pytest.mark.parametrize("spec, message", [
    ("pimc:samples=0", "samples must be"), ("pimc:rollouts=0", "rollouts must be"),
    ("pimc:solve_cards=55", "solve_cards must be"), ("ismcts:iterations=0", "iterations must"),
    ("ismcts:iterations=99999999", "iterations must"), ("ismcts:exploration=-1", "exploration"),
    ("ismcts:rollout=clever", "unknown rollout 'clever'"), ("pimc:depth=3", "no option 'depth'"),
])
def test_bad_budgets_are_clear_errors(spec: str, message: str):
    with pytest.raises(ValueError, match=message):
        make_bot(spec)


def test_search_bots_bid_and_double_by_their_own_hand():
    for rules in (Rules(), Rules().replace(bidding="call_rob")):
        state = Game(rules).new_state(seed=4)
        while state.phase in ("bidding", "doubling"):
            for bot in (PIMCBot(seed=1), ISMCTSBot(seed=1)):
                assert act(bot, state) == act(make_bot("greedy", 1), state)
            state.apply(act(make_bot("greedy", 1), state))


# --- what the search finds --------------------------------------------------------------------------

def test_the_search_bots_take_a_winning_lead():
    # The landlord (seat 0) leads with 2 2 3; the peasants hold one card each, a 4 and an ace
    # (unseen: either may hold either). Leading the 3 loses: the next peasant beats it with its
    # last card. A single 2 wins on every deal: no card beats it, the landlord leads the other
    # 2, then the 3, its last card. The pair of 2s wins the same way. Only the 3 loses.
    info = InformationSet.from_position(Position.parse("223/4/A 0 0 - 0"), 0)
    for bot in (PIMCBot(seed=1), PIMCBot(seed=1, solve_cards=0), ISMCTSBot(seed=1)):
        assert bot.choose(info) in (parse_move("2"), parse_move("22")), bot


def test_the_search_bots_let_a_partner_go_out():
    # Peasant seat 1 led 44 and holds one card; peasant seat 2 answers, holding K K 3 4; the
    # landlord (seat 0) holds A 2 (seat 2 sees only that those three cards, A 2 5, are split
    # two to the landlord and one to its partner). Passing wins on every deal: two singles
    # cannot answer a pair, so the landlord passes and seat 1 leads its last card. KK can
    # lose: no one answers it, seat 2 must lead a single, and when the landlord holds A 2 it
    # takes the lead with the 2 and goes out with the ace.
    info = InformationSet.from_position(Position.parse("A2/5/KK34 0 2 44 0"), 2)
    for bot in (PIMCBot(seed=2), PIMCBot(seed=2, solve_cards=0), ISMCTSBot(seed=2)):
        assert bot.choose(info) == Move.PASS, bot


def test_rollout_scores_count_the_won_finishes_of_each_action():
    info = InformationSet.from_position(Position.parse("3456789TJQ/KKAA2/BR333 0 0 - 0"), 0)
    bot = PIMCBot(seed=1, samples=4, rollouts=400, solve_cards=0)
    decision = _decision_of(info, Rules())
    decision.actions = [parse_move("3"), parse_move("3456789TJQ")]
    # Two actions: one round of halving, 200 finishes each (50 on each of the 4 deals), the
    # better one kept. A score is the rounds survived plus half the won fraction.
    scores = bot._scores(decision, 9)
    assert scores.shape == (2,) and 0 <= scores[0] <= 0.5
    assert scores[1] == 1.5  # the whole chain goes out at once: won on every deal, and kept


def test_pimc_spends_its_finishes_by_sequential_halving(monkeypatch):
    info = InformationSet.from_position(Position.parse("3456789TJQ/KKAA2/BR333 0 0 - 0"), 0)
    bot = PIMCBot(seed=1, samples=4, rollouts=600, solve_cards=0)
    decision = _decision_of(info, Rules())
    decision.actions = decision.actions[:4] + [parse_move("3456789TJQ")]
    search = search_bots._search
    calls = []

    def recorded(table, root, rows, keys, per_pair, *rest):
        calls.append((len(rows), [tuple(k) for k in keys], per_pair))
        return search._rollout_wins(table, root, rows, keys, per_pair, *rest)

    monkeypatch.setattr(search_bots, "_search", SimpleNamespace(_rollout_wins=recorded))
    scores = bot._scores(decision, 3)
    # Five actions, ceil(log2 5) = 3 rounds of 600 / 3 = 200 finishes: 200 // 5 = 40 each (10
    # on each of the 4 deals), then the best 3 get 200 // 3 = 66 (16 a deal), then the best 2
    # get 100 (25 a deal), and one is left.
    assert [(rows, len(keys), per_pair) for rows, keys, per_pair in calls] == \
        [(4, 5, 10), (4, 3, 16), (4, 2, 25)]
    assert set(calls[1][1]) >= set(calls[2][1]) and set(calls[0][1]) >= set(calls[1][1])
    kept = decision.keys()[int(np.argmax(scores))]
    assert tuple(kept) in calls[2][1] and sorted(scores)[-1] >= 3 > sorted(scores)[-2]
    # The chain goes out at once, so it wins every finish and is the one left.
    assert decision.actions[int(np.argmax(scores))] == parse_move("3456789TJQ")


def test_the_twin_states_expose_a_bot_that_reads_hidden_cards():
    # The solver bot sees every hand by design (a strength ceiling): on some twin it must
    # decide differently, which is what the test above would catch in a fair bot.
    rng = random.Random("cheat")
    differs = 0
    for case in range(40):
        state = mid_game_state(rng, Rules(), MID_GAME_STEPS)
        twin = redealt(state)
        bot = "solver:max_nodes=3000"
        differs += make_bot(bot, case).play(twin) != make_bot(bot, case).play(state)
    assert differs > 0
