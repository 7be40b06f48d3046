"""The arena: duplicate structure, identical results for any split of the work (local processes
and Ray tasks), failures never dropped, the intervals, and RLCard's rule agent as a bot."""
from __future__ import annotations

import json
import os
from collections import defaultdict
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest
from support.common import sizes
from support.own_bots import Locked, WobblyBot, wobbly_of_seed_5
from support.subprocesses import SUBPROCESS_CWD

import ddz_fast.arena.duplicate as arena
from ddz_fast import Game, Rules
from ddz_fast.arena.duplicate import (FAULT_ENV, ArenaConfig, ArenaError, Tally, landlord_seat,
                                      play_deals, run_arena, seatings, summarise)
from ddz_fast.search.bots import hand_strength, play_hand, start_play
from ddz_fast.search.catalog import BOTS, four_player_bots, make_bot, wild_card_bots
from ddz_fast.cli.main import main
from ddz_fast.engine.game import deal_cards
from ddz_fast.hand import Hand
from ddz_fast.move import Move

TESTS = str(Path(__file__).resolve().parent.parent)
SMALL = ArenaConfig(("random", "greedy"), seed=11)
THREE = ArenaConfig(("random", "greedy", "greedy:danger=0"), seed=5)


# --- the duplicate format ---------------------------------------------------------------------

class Spy:
    """A bot that records the seats it decided for, then plays as the bot it wraps."""

    def __init__(self, bot, label: str, log: List[Tuple[str, int, bool]]) -> None:
        self.bot, self.label, self.log = bot, label, log

    def bid(self, state):
        return self.bot.bid(state)

    def double(self, state):
        return self.bot.double(state)

    def play(self, state):
        me = state.current_player
        self.log.append((self.label, me, me == state.landlord))
        return self.bot.play(state)


def spying(spec: str, log: List[Tuple[str, int, bool]]):
    """A bot factory (what the arena calls with each game's seed) making spies of ``spec``."""
    def make(seed):
        return Spy(make_bot(spec, seed), spec, log)
    return make


def test_every_bot_plays_every_role_and_every_seat_on_every_deal():
    log: List[Tuple[str, int, bool]] = []
    spied = ArenaConfig(tuple(spying(spec, log) for spec in THREE.bots), seed=THREE.seed)
    for index in range(4):
        log.clear()
        tally = play_deals(spied, index, index + 1)
        hands, kitty = deal_cards(f"{THREE.seed}:{index}")
        landlord = landlord_seat(hands, kitty, index)
        roles: Dict[str, Set[Tuple[int, bool]]] = defaultdict(set)
        for label, seat, is_landlord in log:
            roles[label].add((seat, is_landlord))
        # The landlord seat is the same in every game of the deal; each bot decided as the
        # landlord and from both peasant seats, on these cards.
        others = {(landlord + 1) % 3, (landlord + 2) % 3}
        for label in THREE.bots:
            assert roles[label] == {(landlord, True)} | {(s, False) for s in others}
        assert tally.deals == 1 and sum(tally.score) == 0


def test_seatings_pair_every_bot_with_every_other_in_both_roles():
    for n in (2, 3, 5):
        games = seatings(n)
        assert len(games) == len(set(games)) == n * (n - 1)
        assert all(x != y and (y, x) in games for x, y in games)


def test_the_landlord_is_the_strongest_hand_with_the_kitty():
    for index in range(30):
        hands, kitty = deal_cards(f"3:{index}")
        strength = [hand_strength([a + b for a, b in zip(h.counts, kitty.counts)])
                    for h in hands]
        seat = landlord_seat(hands, kitty, index)
        assert strength[seat] == max(strength)
        # ties go to the first strongest seat counting from index % 3
        ahead = [(index + k) % 3 for k in range(3)]
        assert seat == next(s for s in ahead if strength[s] == max(strength))


def test_a_tally_matches_games_played_by_hand():
    # Deal 0 of SMALL replayed outside the arena, with the bots' documented seeds.
    tag = f"{SMALL.seed}:0"
    hands, kitty = deal_cards(tag)
    seat = landlord_seat(hands, kitty, 0)
    scores = {}
    for x, y in ((0, 1), (1, 0)):
        state = start_play(Game(), tag, landlord=seat)
        play_hand(state, make_bot(SMALL.bots[x], f"{tag}:{x}:{y}:landlord"),
                  make_bot(SMALL.bots[y], f"{tag}:{x}:{y}:peasants"))
        scores[x, y] = state.scores[seat]
    tally = play_deals(SMALL, 0, 1)
    assert tally.landlord_score == [scores[0, 1], scores[1, 0]]
    assert tally.score == [scores[0, 1] - scores[1, 0], scores[1, 0] - scores[0, 1]]
    assert tally.duel == [scores[0, 1] - scores[1, 0]]


# --- the same results for any split -------------------------------------------------------

def test_any_split_of_the_deals_gives_the_same_tally():
    whole = play_deals(THREE, 0, 9)
    parts = Tally.empty(3)
    for start, stop in ((0, 2), (2, 7), (7, 9)):
        parts += play_deals(THREE, start, stop)
    assert parts == whole


def test_local_backend_with_one_and_two_workers_agree():
    one = run_arena(SMALL, 16, workers=1)
    two = run_arena(SMALL, 16, workers=2)
    assert one == two and one.deals == 16


# --- statistics on a hand-made result set ---------------------------------------------------

def test_intervals_and_ratings_on_a_hand_made_tally():
    # Two bots, four deals. Landlord scores s(0 | 1,1) = 2, 2, -2, 4 and s(1 | 0,0) = -2, 2,
    # -2, -4. Bot 0's total per deal is s(0|1,1) - s(1|0,0) = 4, 0, 0, 8 over 2 games, so its
    # per-deal means are 2, 0, 0, 4: mean 1.5, sample variance
    # (0.25 + 2.25 + 2.25 + 6.25) / 3 = 11/3, standard error sqrt(11/12) = 0.95743, and the
    # interval 1.5 +- 1.95996 * 0.95743 = [-0.37652, 3.37652]. Bot 1 mirrors it.
    # Landlord wins: bot 0 on deals 1, 2, 4 (3 of 4), bot 1 on deal 2 (1 of 4), so each bot's
    # peasant side wins 4 - (the other's landlord wins). Wilson for p = 3/4, n = 4, z^2 =
    # 3.84146: centre (0.75 + 0.48018) / 1.96037 = 0.62753, half-width
    # 1.95996 * sqrt(0.046875 + 0.060023) / 1.96037 = 0.32689: [0.30064, 0.95441]; for
    # p = 1/4 the mirror image [0.04559, 0.69936].
    # Bradley-Terry: bot 0 won 3 + 3 = 6 games, bot 1 won 1 + 1 = 2; with half a virtual win
    # each way the odds are 6.5 : 2.5, so the ratings are +-200 log10(2.6) = +-82.995.
    tally = Tally(deals=4, landlord_wins=[3, 1], landlord_score=[6, -6],
                  score=[12, -12], score_sq=[80, 80], fallbacks=[0, 0],
                  duel=[12], duel_sq=[80])
    result = summarise(SMALL, tally)
    first, second = result["bots"]
    assert first["mean_score"] == pytest.approx(1.5)
    assert first["mean_score_ci95"] == pytest.approx([-0.37652, 3.37652], abs=1e-5)
    assert second["mean_score_ci95"] == pytest.approx([-3.37652, 0.37652], abs=1e-5)
    assert first["landlord_win_rate"] == first["peasant_win_rate"] == 0.75
    assert first["landlord_win_ci95"] == pytest.approx([0.30064, 0.95441], abs=1e-5)
    assert second["peasant_win_ci95"] == pytest.approx([0.04559, 0.69936], abs=1e-5)
    assert first["rating"] == pytest.approx(82.995, abs=1e-3)
    assert second["rating"] == pytest.approx(-82.995, abs=1e-3)
    (duel,) = result["head_to_head"]
    assert (duel["wins"], duel["losses"], duel["games"]) == (6, 2, 8)
    assert duel["mean_score_ci95"] == pytest.approx([-0.37652, 3.37652], abs=1e-5)


# --- Ray -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def ray_instance(tmp_path_factory):
    """A local Ray instance for this module; the fault hook's variable is set before the
    workers start, so they inherit it (the hook does nothing until its file exists)."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed "
                                            "(pip install 'ddz_fast[ray]')")
    fault = tmp_path_factory.mktemp("fault") / "fail-once"
    # The tests' folder on the workers' path, as a bot author's project folder is (Ray puts
    # the driver's folder there): the bots of tests/support/own_bots.py import by name.
    saved = {name: os.environ.get(name) for name in (FAULT_ENV, "PYTHONPATH")}
    os.environ[FAULT_ENV] = str(fault)
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [TESTS, saved["PYTHONPATH"]]))
    # Ray workers start in the driver's working directory and import from it: from the
    # checkout's root that would be the uncompiled source folder, not the installed package.
    here = os.getcwd()
    os.chdir(SUBPROCESS_CWD)
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    finally:
        os.chdir(here)
    yield fault
    ray.shutdown()
    for name, value in saved.items():
        if value is None:
            del os.environ[name]
        else:
            os.environ[name] = value


@pytest.mark.ray
def test_ray_and_local_backends_agree(ray_instance):
    local = run_arena(THREE, 10, workers=1)
    assert run_arena(THREE, 10, backend="ray") == local
    assert run_arena(THREE, 10, backend="ray", workers=1) == local


@pytest.mark.ray
def test_ray_and_local_backends_agree_at_the_run_fast_table(ray_instance):
    # Here, beside the other Ray tests: one Ray instance on the machine at a time.
    config = ArenaConfig(("greedy", "random", "greedy:danger=0"), seed=3, rules="runfast")
    local = run_arena(config, 6, workers=1)
    assert run_arena(config, 6, backend="ray") == local == play_deals(config, 0, 6)


@pytest.mark.ray
@pytest.mark.parametrize("sides", ["alone", "partner"])
def test_ray_and_local_backends_agree_at_the_four_player_table(ray_instance, sides):
    config = ArenaConfig(("greedy", "random", "greedy:danger=0"), seed=4,
                         rules=Rules.preset("four_player").replace(sides=sides))
    local = run_arena(config, 6, workers=1)
    assert run_arena(config, 6, backend="ray") == local == play_deals(config, 0, 6)


@pytest.mark.ray
@pytest.mark.parametrize("bot, name", [(WobblyBot, "wobbly"), (WobblyBot(5), "wobbly5"),
                                       ("support.own_bots:WobblyBot", "wobbly"),
                                       (lambda seed: WobblyBot(seed), "wobbly")],
                         ids=["class", "object", "spec", "lambda"])
def test_ray_plays_a_bot_of_ones_own_as_the_same_bot_by_name(ray_instance, monkeypatch, bot,
                                                             name):
    # A lambda travels by value (Ray's pickler), where local worker processes refuse it. The
    # same bots by name are registered here only: the Ray workers play the bot as given.
    config = ArenaConfig(("greedy", bot, "random"), seed=8, rules="four_player")
    on_ray = run_arena(config, 4, backend="ray")
    monkeypatch.setitem(BOTS, "wobbly", WobblyBot)
    monkeypatch.setitem(BOTS, "wobbly5", wobbly_of_seed_5)
    by_name = ArenaConfig(("greedy", name, "random"), seed=8, rules="four_player")
    assert on_ray == run_arena(by_name, 4, workers=1)


@pytest.mark.ray
def test_cli_rates_a_bot_of_ones_own_on_ray(ray_instance, capsys):
    # The command line on the Ray instance already running (its workers import the tests'
    # folder, as a project's): the same tally as the class given in Python.
    assert main(["arena", "greedy", "--bot", "support.own_bots:WobblyBot", "--hands", "4",
                 "--seed", "2", "--backend", "ray", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["backend"] == "ray"
    assert result["tally"] == play_deals(ArenaConfig(("greedy", WobblyBot), 2), 0, 4).as_dict()


@pytest.mark.ray
def test_ray_refuses_a_bot_it_cannot_send(ray_instance):
    with pytest.raises(TypeError, match=r"bot 'Locked' cannot be sent to Ray tasks \(TypeError: "
                                        r"cannot pickle '_thread.lock' object\): give its class "
                                        r"instead .*backend='local', workers=1"):
        run_arena(ArenaConfig(("greedy", Locked())), 2, backend="ray")


@pytest.mark.ray
def test_a_failed_ray_task_is_retried_and_its_deals_counted(ray_instance: Path):
    expected = run_arena(SMALL, 12, workers=1)
    ray_instance.touch()  # the first task to start fails once
    assert run_arena(SMALL, 12, backend="ray", retries=2) == expected
    assert not ray_instance.exists()  # the failure did happen


@pytest.mark.ray
def test_a_ray_task_that_keeps_failing_stops_the_run(ray_instance: Path):
    ray_instance.touch()
    with pytest.raises(ArenaError, match="failed after 0 retries.*injected failure"):
        run_arena(SMALL, 12, backend="ray", retries=0)
    assert not ray_instance.exists()


# --- RLCard's rule agent ----------------------------------------------------------------------

@pytest.mark.parametrize("hands", sizes(75, 150))
@pytest.mark.parametrize("rules", ["rlcard", "standard"])
def test_the_rlcard_rule_bot_plays_only_legal_moves(rules: str, hands: int):
    pytest.importorskip("rlcard", reason="RLCard is not installed (pip install "
                                         "'ddz_fast[peers]')")
    game = Game(rules)
    decisions = 0
    for index in range(hands):
        state = start_play(game, f"rl:{index}", landlord=index % 3)
        bots = [make_bot("rlcard-rule", f"rl:{index}:{s}") if s != index % 3 else
                make_bot("greedy") for s in range(3)]
        while not state.is_over:
            move = bots[state.current_player].play(state)
            assert move in state.legal_actions()
            state.apply(move)
            decisions += 1
    assert decisions > hands * 10


def test_the_rlcard_rule_bot_counts_its_fallbacks():
    pytest.importorskip("rlcard", reason="RLCard is not installed")

    class Broken:  # answers a move nobody holds, then raises
        answers = iter(["BR" * 3])

        def step(self, observation):
            answer = next(self.answers, None)
            if answer is None:
                raise KeyError("no answer")
            return answer

    bot = make_bot("rlcard-rule", 1)
    bot._agent = Broken()
    state = start_play(Game("rlcard"), 2, landlord=0)
    first = bot.play(state)
    assert first == state.legal_actions()[0] and bot.fallbacks == 1  # the lowest lead
    state.apply(first)
    second = bot.play(state)
    assert second == Move.PASS and bot.fallbacks == 2  # following: pass


def test_the_rlcard_rule_bot_sees_what_rlcard_would_show():
    pytest.importorskip("rlcard", reason="RLCard is not installed")
    state = start_play(Game("rlcard"), 4, landlord=1)
    bot = make_bot("rlcard-rule", 0)
    lead = bot.play(state)
    state.apply(lead)
    seen = {}
    bot._agent.step = lambda observation: seen.update(observation["raw_obs"]) or "pass"
    assert bot.play(state) == Move.PASS
    assert seen["trace"] == [(1, lead.cards)] and seen["landlord"] == 1 and seen["self"] == 2
    assert seen["current_hand"] == str(state.hands[2])
    assert "pass" in seen["actions"] and len(seen["actions"]) == len(state.legal_actions())


# --- the command line -------------------------------------------------------------------------

def test_cli_json(capsys):
    assert main(["arena", "random", "greedy", "--hands", "20", "--seed", "3", "--json",
                 "--workers", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["deals"], result["games"]) == (20, 40)
    random_bot, greedy = result["bots"]
    assert (random_bot["bot"], greedy["bot"]) == ("random", "greedy")
    assert random_bot["mean_score"] == pytest.approx(-greedy["mean_score"])  # zero-sum
    expected = run_arena(ArenaConfig(("random", "greedy"), seed=3), 20, workers=1)
    assert result["tally"] == expected.as_dict()
    assert greedy["rating"] > random_bot["rating"]


def test_cli_text_and_plot(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    chart = tmp_path / "arena.png"
    assert main(["arena", "random", "greedy", "--hands", "4", "--seed", "1", "--workers", "1",
                 "--plot", str(chart)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("4 deals, 8 games (standard rules, seed 1)")
    assert "random vs greedy" in out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("argv, message", [
    (["clever", "greedy"], "unknown bot 'clever'"),
    (["greedy:speed=3", "random"], "bot 'greedy' has no option 'speed'"),
    (["greedy:danger", "random"], "is not key=value"),
    (["greedy"], "at least two bots"),
])
def test_cli_bad_bots_are_one_line_errors(capsys, argv, message):
    assert main(["arena", *argv, "--hands", "2"]) == 2
    assert message in capsys.readouterr().err


def test_deal_bonuses_scale_every_score_of_a_deal():
    # The bots decide the same way whatever the multiplier, so with the deal bonuses each
    # landlord score of a deal is the plain one times 2 per bonus of the deal, counted here
    # from the dealt rank counts: both jokers (ranks 13, 14), every rank 3..A (0..11).
    bonus = ArenaConfig(SMALL.bots, seed=SMALL.seed, rules=Rules(deal_bonuses=True))
    seen = 0
    for index in range(12):
        hands, _ = deal_cards(f"{SMALL.seed}:{index}")
        doublings = sum((h.counts[13] == h.counts[14] == 1) + all(h.counts[:12]) for h in hands)
        seen += doublings > 0
        plain, on = play_deals(SMALL, index, index + 1), play_deals(bonus, index, index + 1)
        assert on.landlord_score == [s * 2 ** doublings for s in plain.landlord_score], index
    assert seen >= 2


# --- wild cards (laizi) ------------------------------------------------------------------------

class WildSpy:
    """Records, for every game the arena plays, what the hand was dealt: its engine, the wild
    ranks in draw order, the landlord and the cards (hands with the kitty taken)."""

    def __init__(self) -> None:
        self.games: List[Tuple[str, Tuple[int, ...], int, Tuple[str, ...]]] = []

    def __call__(self, state, **bots):
        self.games.append((type(state).__name__, tuple(state.wild), state.landlord,
                           tuple(str(h) for h in state.hands)))
        return play_hand(state, **bots)


@pytest.mark.parametrize("preset", ["laizi", "tiandi_laizi"])
def test_the_arena_plays_hands_with_wild_cards_drawn_by_the_engine(monkeypatch, preset: str):
    rules = Rules.preset(preset)
    config = ArenaConfig(("random", "greedy", "greedy:danger=0"), seed=7, rules=rules)
    spy = WildSpy()
    monkeypatch.setattr(arena, "play_hand", spy)
    deals = 4
    tally = play_deals(config, 0, deals)
    # Every deal played by each of the 3 * 2 ordered pairs, each game zero-sum between its bots.
    assert tally.deals == deals and len(spy.games) == deals * 6
    pairs = seatings(3)
    assert sum(tally.score) == 0
    # Each bot's total is its landlord scores minus those of the games it played as peasants.
    assert tally.score == [sum(s for (x, _), s in zip(pairs, tally.landlord_score) if x == b)
                           - sum(s for (_, y), s in zip(pairs, tally.landlord_score) if y == b)
                           for b in range(3)]
    for index in range(deals):
        tag = f"{config.seed}:{index}"
        games = spy.games[index * 6:(index + 1) * 6]
        # One deal: the same engine, wild ranks, landlord and cards in all six games.
        assert len(set(games)) == 1, games
        engine, wild, landlord, hands = games[0]
        assert engine == "LaiziState" and len(wild) == rules.laizi
        # The cards are the deal's (the landlord's with the kitty), the landlord the arena's.
        dealt, kitty = deal_cards(tag, rules=rules)
        assert landlord == landlord_seat(dealt, kitty, index)
        with_kitty = Hand([a + b for a, b in zip(dealt[landlord].counts, kitty.counts)])
        assert hands[landlord] == str(with_kitty)
        assert [hands[s] for s in range(3) if s != landlord] == \
            [str(dealt[s]) for s in range(3) if s != landlord]
        if rules.laizi == 2:
            # Tiandi laizi shows its first wild rank before the first bid: the hand the
            # engine starts from the same seed, with an auction, shows that same first draw.
            assert Game(rules).new_state(tag).wild == wild[:1]
    # Tallies of a split add up to the whole, as without wild cards.
    parts = play_deals(config, 0, 1)
    parts += play_deals(config, 1, deals)
    assert parts == tally


#: The Dou Dizhu tables that ask something of a bot: (the rules, what the arena plays there
#: and its pronoun, the built-in bots that play it).
ASKING = [(Rules.preset("laizi"), "hands with wild cards", "them", wild_card_bots()),
          (Rules.preset("tiandi_laizi"), "hands with wild cards", "them", wild_card_bots()),
          (Rules.preset("four_player"), "the four-player table", "it", four_player_bots()),
          (Rules.preset("four_player").replace(sides="partner"), "the four-player table", "it",
           four_player_bots())]
REFUSED = [(table, name) for table in ASKING for name in BOTS if name not in table[3]]


@pytest.mark.parametrize("table, bot", REFUSED,
                         ids=[f"{table[0].name}-{bot}" for table, bot in REFUSED])
def test_the_arena_refuses_a_bot_that_does_not_play_the_table_before_any_deal(monkeypatch,
                                                                             table, bot):
    if bot == "rlcard-rule":
        pytest.importorskip("rlcard", reason="RLCard is not installed")

    def no_deal(*args, **kwargs):  # pragma: no cover - reached only when the check fails
        raise AssertionError("a hand was dealt")

    monkeypatch.setattr(arena, "deal_cards", no_deal)
    monkeypatch.setattr(arena, "start_play", no_deal)
    rules, what, pronoun, choices = table
    with pytest.raises(ValueError) as caught:
        ArenaConfig(("random", bot, "greedy"), rules=rules)
    assert str(caught.value) == (f"the arena plays {what} under the {rules.name} rules, and "
                                 f"bot {bot!r} cannot play {pronoun}: choose among "
                                 f"{', '.join(choices)}")
    # At the plain three-seat table the same bots are welcome.
    assert ArenaConfig(("random", bot)).bots == ("random", bot)


def test_cli_arena_with_wild_cards(capsys):
    assert main(["arena", "random", "greedy", "--hands", "3", "--seed", "2", "--json",
                 "--workers", "1", "--rules", "laizi"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["deals"], result["games"], result["rules"]) == (3, 6, "laizi")
    random_bot, greedy = result["bots"]
    assert random_bot["mean_score"] == pytest.approx(-greedy["mean_score"])  # zero-sum
    expected = play_deals(ArenaConfig(("random", "greedy"), seed=2, rules=Rules.preset("laizi")),
                          0, 3)
    assert result["tally"] == expected.as_dict()


def test_cli_arena_refuses_a_bot_without_wild_cards(capsys):
    pytest.importorskip("rlcard", reason="RLCard's rule agent (the peers extra)")
    assert main(["arena", "random", "rlcard-rule", "--hands", "2", "--rules",
                 "tiandi_laizi"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert "bot 'rlcard-rule' cannot play them" in captured.err
