"""The arena at the Run Fast table: every bot alone in every seat against every other on the
same deals, tallies that add up exactly for any split and backend, the statistics on a
hand-made tally, and bots that do not play Run Fast refused before any hand is dealt."""
from __future__ import annotations

import math
from collections import defaultdict
from typing import Dict, List, Set, Tuple

import pytest

import ddz_fast.arena.runfast as runfast_arena
from ddz_fast import Game, Rules
from ddz_fast.arena.duplicate import (ArenaConfig, Tally, play_deals, run_arena, seatings,
                                      summarise)
from ddz_fast.arena.runfast import RunFastTally, runfast_games
from ddz_fast.search.bots import act, plays_runfast
from ddz_fast.search.catalog import BOTS, make_bot, runfast_bots

TWO_PLAYERS = Rules.preset("runfast").replace(players=2)
SMALL = ArenaConfig(("random", "greedy"), seed=11, rules="runfast")
THREE = ArenaConfig(("random", "greedy", "greedy:danger=0"), seed=5, rules="runfast_15")
DUO = ArenaConfig(("greedy", "random", "random"), seed=2, rules=TWO_PLAYERS)


# --- the format ------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 5])
def test_every_bot_is_alone_in_every_seat_against_every_other(n):
    three = runfast_games(n, 3)
    assert len(three) == len(set(three)) == 3 * n * (n - 1)
    assert {(x, y) for x, y, _ in three} == set(seatings(n))
    assert all({s for x, y, s in three if (x, y) == pair} == {0, 1, 2} for pair in seatings(n))
    two = runfast_games(n, 2)
    assert len(two) == len(set(two)) == n * (n - 1)
    # With two players "x alone at seat s" is "y alone at the other seat": one of the two.
    assert all(x < y for x, y, _ in two)
    assert {(x, y, s) for x, y, s in two} == {(x, y, s) for x in range(n)
                                             for y in range(x + 1, n) for s in (0, 1)}


class Spy:
    """A bot that records the seat it decides for and the hand it was dealt."""

    def __init__(self, bot, label: str, log: List[Tuple[str, int, str]]) -> None:
        self.bot, self.label, self.log = bot, label, log
        self.plays_runfast = True

    def bid(self, state):   # pragma: no cover - Run Fast has no auction
        raise AssertionError("no bid in Run Fast")

    double = bid

    def play(self, state):
        seat = state.current_player
        self.log.append((self.label, seat, str(state.deal.hands[seat])))
        return self.bot.play(state)


@pytest.mark.parametrize("config", [THREE, DUO], ids=["three", "two"])
def test_every_bot_holds_every_hand_of_every_deal(config):
    log: List[Tuple[str, int, str]] = []

    def spying(spec):   # a bot factory: the arena calls it with each game's seed
        return lambda seed: Spy(make_bot(spec, seed), spec, log)
    spied = ArenaConfig(tuple(spying(spec) for spec in config.bots), config.seed, config.rules,
                        names=config.labels)
    players = config.rules.players
    for index in range(3):
        log.clear()
        tally = play_deals(spied, index, index + 1)
        dealt = Game(config.rules).new_state(f"{config.seed}:{index}").deal.hands
        held: Dict[str, Set[int]] = defaultdict(set)
        for label, seat, hand in log:
            assert hand == str(dealt[seat])     # the same cards in every game of the deal
            held[label].add(seat)
        assert all(held[label] == set(range(players)) for label in config.bots)
        assert tally.deals == 1 and sum(tally.score) == 0


def test_a_tally_matches_games_replayed_with_the_engine():
    # Deal 0 of SMALL replayed outside the arena, with the bots' documented seeds.
    tag = f"{SMALL.seed}:0"
    lone, out = [], []
    for x, y, seat in runfast_games(2, 3):
        state = Game("runfast").new_state(tag)
        bots = [make_bot(SMALL.bots[x if s == seat else y], f"{tag}:{x}:{y}:{seat}:{s}")
                for s in range(3)]
        while not state.is_over:
            state.apply(act(bots[state.current_player], state))
        lone.append(state.scores[seat])
        out.append(int(state.winner == seat))
    tally = play_deals(SMALL, 0, 1)
    assert tally.lone_score == lone and tally.lone_out == out
    first = sum(lone[:3]) - sum(lone[3:])       # bot 0 alone, then bot 0 at Y's seats
    assert tally.score == [first, -first] and tally.score_sq == [first ** 2] * 2
    assert tally.duel == [first] and tally.duel_sq == [first ** 2]


def test_the_same_bot_twice_cancels_exactly():
    # The greedy bot is deterministic: every game of a deal is the same greedy hand whoever
    # is "alone", so the duplicate difference is exactly zero.
    config = ArenaConfig(("greedy", "greedy"), seed=4, rules="runfast")
    result = summarise(config, play_deals(config, 0, 3))
    assert [b["mean_score"] for b in result["bots"]] == [0.0, 0.0]
    assert [b["mean_score_ci95"] for b in result["bots"]] == [[0.0, 0.0]] * 2
    assert [b["bot"] for b in result["bots"]] == ["greedy#1", "greedy#2"]


# --- the same results for any split -------------------------------------------------------

@pytest.mark.parametrize("config", [THREE, DUO], ids=["three", "two"])
def test_any_split_of_the_deals_gives_the_same_tally(config):
    whole = play_deals(config, 0, 7)
    parts = RunFastTally.empty(len(config.bots), config.rules.players)
    for start, stop in ((0, 2), (2, 2), (2, 6), (6, 7)):
        parts += play_deals(config, start, stop)
    assert parts == whole and parts.deals == 7


def test_local_backend_with_one_and_two_workers_agree():
    one = run_arena(SMALL, 12, workers=1)
    two = run_arena(SMALL, 12, workers=2)
    assert one == two and one.deals == 12 and one == play_deals(SMALL, 0, 12)


def test_tallies_of_different_tables_or_runs_do_not_add():
    with pytest.raises(TypeError, match="adds up with another, not with RunFastTally"):
        Tally.empty(2).__iadd__(RunFastTally.empty(2, 3))
    with pytest.raises(ValueError, match="different runs"):
        RunFastTally.empty(2, 3).__iadd__(RunFastTally.empty(2, 2))


# --- the statistics -------------------------------------------------------------------------

def test_intervals_and_ratings_on_a_hand_made_tally():
    # Two bots, three players, two deals. Games g0..g5 = (0 alone at seat 0, 1, 2), then
    # (1 alone at seat 0, 1, 2). Lone scores, deal 1: 10, -4, -4, -2, 6, 0 (X out first in g0
    # and g4); deal 2: -6, 8, 2, 4, -2, -2 (in g1, g2, g3).
    # Bot 0's totals: deal 1 (10 - 4 - 4) - (-2 + 6 + 0) = -2, deal 2 (-6 + 8 + 2) - (4 - 2 -
    # 2) = 4: sum 2, squares 20. It holds 3 + 6 = 9 hands a deal: mean (2 / 2) / 9 = 1/9; the
    # per-deal totals -2, 4 have s = sqrt(18), so the interval is
    # (1 +- 1.959964 * sqrt(18) / sqrt(2)) / 9 = (1 +- 5.879892) / 9.
    # Out first, bot 0: alone 1 + 1 + 1 = 3 times, at Y's seats (2 - 1) + (2 - 1) + (2 - 0)
    # = 4: 7 of 18 hands; bot 1: 2 + 3 = 5 of 18. Games won: 7 to 5, with half a virtual
    # win each way 7.5 : 5.5, ratings +-200 log10(7.5 / 5.5).
    # Alone by seat, bot 0: (10 - 6) / 2, (-4 + 8) / 2, (-4 + 2) / 2; bot 1: 1, 2, -1.
    tally = RunFastTally(deals=2, lone_score=[4, 4, -2, 2, 4, -2], lone_out=[1, 1, 1, 1, 1, 0],
                         score=[2, -2], score_sq=[20, 20], fallbacks=[0, 0], duel=[2],
                         duel_sq=[20])
    result = summarise(SMALL, tally)
    first, second = result["bots"]
    assert (result["deals"], result["games"], result["players"]) == (2, 12, 3)
    assert first["mean_score"] == pytest.approx(1 / 9)
    assert first["mean_score_ci95"] == pytest.approx([(1 - 5.879892) / 9, (1 + 5.879892) / 9])
    assert second["mean_score_ci95"] == pytest.approx([-(1 + 5.879892) / 9,
                                                       -(1 - 5.879892) / 9])
    assert (first["hands"], first["games"]) == (18, 12)
    assert first["out_first_rate"] == pytest.approx(7 / 18)
    assert second["out_first_rate"] == pytest.approx(5 / 18)
    assert first["rating"] == pytest.approx(200 * math.log10(7.5 / 5.5))
    assert second["rating"] == pytest.approx(-200 * math.log10(7.5 / 5.5))
    assert first["alone_by_seat"] == [2, 2, -1] and second["alone_by_seat"] == [1, 2, -1]
    (duel,) = result["head_to_head"]
    assert (duel["wins"], duel["losses"], duel["games"]) == (7, 5, 12)
    assert duel["mean_score"] == pytest.approx(1 / 9)


def test_the_out_first_interval_is_wilsons_over_the_deals():
    # Bot 0 out first on 7 of 18 hands over 2 deals: Wilson's interval of 2 trials with
    # 2 * 7/18 successes. z^2 = 3.841459; p = 0.388889: centre (p + z^2 / 4) / (1 + z^2 / 2)
    # = 1.349254 / 2.920729 = 0.461958; half z sqrt(p (1 - p) / 2 + z^2 / 16) / 2.920729 =
    # 1.959964 * sqrt(0.118827 + 0.240091) / 2.920729 = 1.174211 / 2.920729 = 0.402026.
    tally = RunFastTally(deals=2, lone_score=[0] * 6, lone_out=[1, 1, 1, 1, 1, 0],
                         score=[0, 0], score_sq=[0, 0], fallbacks=[0, 0], duel=[0],
                         duel_sq=[0])
    low, high = summarise(SMALL, tally)["bots"][0]["out_first_ci95"]
    assert (low, high) == pytest.approx((0.461958 - 0.402026, 0.461958 + 0.402026), abs=1e-5)


def test_random_against_random_scores_near_zero():
    config = ArenaConfig(("random", "random:"), seed=8, rules="runfast")
    result = summarise(config, run_arena(config, 40, workers=2))
    for bot in result["bots"]:
        low, high = bot["mean_score_ci95"]
        assert low < 0 < high and high - low < 8    # measured: about +-3 around 0
        low, high = bot["out_first_ci95"]
        assert low < 1 / 3 < high


@pytest.mark.parametrize("config, hands", [(SMALL, 30), (DUO, 20)], ids=["three", "two"])
def test_greedy_beats_random(config, hands):
    result = summarise(config, run_arena(config, hands, workers=2))
    bots = {b["bot"]: b for b in result["bots"]}
    greedy = bots["greedy"]
    assert greedy["mean_score_ci95"][0] > 0     # the whole interval above an even game
    assert greedy["out_first_rate"] > 1 / config.rules.players
    assert all(greedy["rating"] > b["rating"] for b in result["bots"] if b is not greedy)
    for duel in result["head_to_head"]:
        if "greedy" in (duel["bot"], duel["opponent"]):
            winner = duel["wins"] > duel["losses"]
            assert winner == (duel["bot"] == "greedy")


# --- what the Run Fast arena refuses --------------------------------------------------------

NOT_RUNFAST = [name for name in BOTS if name not in runfast_bots()]


@pytest.mark.parametrize("bot", NOT_RUNFAST)
def test_a_bot_that_does_not_play_run_fast_is_refused_before_any_deal(monkeypatch, bot):
    if bot == "rlcard-rule":
        pytest.importorskip("rlcard", reason="RLCard is not installed")
    assert not plays_runfast(make_bot(bot, 0))

    def no_deal(*args, **kwargs):   # pragma: no cover - reached only when the check fails
        raise AssertionError("a hand was dealt")
    monkeypatch.setattr(runfast_arena, "Game", no_deal)
    for rules in ("runfast", "runfast_15", TWO_PLAYERS):
        with pytest.raises(ValueError) as caught:
            ArenaConfig(("random", bot, "greedy"), rules=rules)
        message = str(caught.value)
        assert f"bot {bot!r} cannot play it" in message and "Run Fast" in message
        assert message.endswith(f"choose among {', '.join(runfast_bots())}")
        assert "\n" not in message and "random, greedy" in message


def test_the_run_fast_functions_refuse_a_dou_dizhu_config_and_tally():
    with pytest.raises(ValueError, match="must be Run Fast's, not standard"):
        runfast_arena.play_deals(ArenaConfig(("random", "greedy")), 0, 1)
    with pytest.raises(TypeError, match="tally must be a RunFastTally, not Tally"):
        summarise(SMALL, Tally.empty(2))
    with pytest.raises(ValueError, match="another run's"):
        summarise(SMALL, RunFastTally.empty(3, 3))
    with pytest.raises(ValueError, match="no deal"):
        summarise(SMALL, RunFastTally.empty(2, 3))
    with pytest.raises(ValueError, match="players must be"):
        runfast_games(2, 4)
