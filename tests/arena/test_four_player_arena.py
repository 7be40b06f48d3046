"""The arena at the four-player table, the landlord alone and with a partner: every bot holds
every seat of a deal on its side, the tallies match games replayed with the engine and add up
for any split of the deals, the results carry intervals and ratings, and bots that do not play
the table are refused before any hand is dealt."""
from __future__ import annotations

import json
from collections import Counter
from typing import List, Tuple

import pytest

from ddz_fast import Game, Rules
from ddz_fast.actions import Partner
from ddz_fast.arena.duplicate import (ArenaConfig, Tally, landlord_seat, partner_seat,
                                      play_deals, run_arena, seatings, summarise)
from ddz_fast.cli.main import main
from ddz_fast.engine.game import deal_cards
from ddz_fast.hand import Hand
from ddz_fast.search.bots import hand_strength, play_hand, plays_four_player, start_play
from ddz_fast.search.catalog import BOTS, four_player_bots, make_bot

ALONE = Rules.preset("four_player")
PARTNER = ALONE.replace(sides="partner")
TABLES = pytest.mark.parametrize("rules", [ALONE, PARTNER], ids=["alone", "partner"])


def config(rules: Rules, bots=("random", "greedy", "greedy:danger=0"), seed: int = 3):
    return ArenaConfig(bots, seed=seed, rules=rules)


class Spy:
    """Plays as the bot it wraps; records, per game (its seed names the deal and the pair),
    the seats it decided for and whether each is on the landlord's side."""

    plays_four_player = True

    def __init__(self, bot, label: str, seed: str, log: List[Tuple[str, str, int, bool]]):
        self.bot, self.label, self.game, self.log = bot, label, seed.rsplit(":", 1)[0], log

    def bid(self, state):   # pragma: no cover - the arena holds no auction
        raise AssertionError("the arena holds no auction")

    double = bid

    def play(self, state):
        seat = state.current_player
        self.log.append((self.game, self.label, seat, seat in state.side))
        return self.bot.play(state)


# --- the format ------------------------------------------------------------------------------

@TABLES
def test_every_bot_holds_every_seat_of_a_deal_on_its_side(rules):
    log: List[Tuple[str, str, int, bool]] = []
    table = config(rules)

    def spying(spec):   # a bot factory: the arena calls it with each game's seed
        return lambda seed: Spy(make_bot(spec, seed), spec, seed, log)
    spied = ArenaConfig(tuple(spying(spec) for spec in table.bots), table.seed, rules,
                        names=table.labels)
    for index in range(3):
        log.clear()
        tally = play_deals(spied, index, index + 1)
        hands, kitty = deal_cards(f"{table.seed}:{index}", rules=rules)
        landlord = landlord_seat(hands, kitty, index)
        # The landlord's side: the landlord, and with a partner the seat two on (a hand count
        # of the rule: the partner sits opposite).
        side = {landlord, (landlord + 2) % 4} if rules.sides == "partner" else {landlord}
        held = {(game, label, seat, on_side) for game, label, seat, on_side in log}
        assert all(on_side == (seat in side) for _, _, seat, on_side in held)
        games = sorted({game for game, _, _, _ in held})
        assert len(games) == len(seatings(3))
        counts: Counter = Counter()
        for game in games:
            x, y = (int(k) for k in game.split(":")[2:4])
            seats = {label: {seat for g, name, seat, _ in held if g == game and name == label}
                     for label in table.bots}
            # In each game X holds the landlord's side and Y the other: every seat, once.
            assert seats[table.bots[x]] == side
            assert seats[table.bots[y]] == {0, 1, 2, 3} - side
            counts.update((table.bots[b], seat) for b in (x, y) for seat in seats[table.bots[b]])
        # Each bot meets two others in two games each: every seat held exactly twice a deal,
        # once in each pair's two games.
        assert counts == {(label, seat): 2 for label in table.bots for seat in range(4)}
        assert tally.deals == 1 and sum(tally.score) == 0


@TABLES
def test_a_tally_matches_games_replayed_with_the_engine(rules):
    # Deal 0 replayed outside the arena: the landlord the strongest hand with the kitty (ties
    # from seat 0), with a partner the seat opposite; the side's score is the engine's
    # scores summed over state.side.
    table = config(rules, ("random", "greedy"), seed=7)
    tag = f"{table.seed}:0"
    hands, kitty = deal_cards(tag, rules=rules)
    strength = [hand_strength([a + b for a, b in zip(h.counts, kitty.counts)]) for h in hands]
    landlord = strength.index(max(strength))
    scores, wins = {}, {}
    for x, y in ((0, 1), (1, 0)):
        state = start_play(Game(rules), tag, landlord=landlord)
        if rules.sides == "partner":
            state.apply(Partner((landlord + 2) % 4))
        assert state.phase == "play" and state.landlord == landlord
        with_kitty = Hand([a + b for a, b in zip(hands[landlord].counts, kitty.counts)],
                          decks=2)
        assert state.hands[landlord] == with_kitty
        play_hand(state, make_bot(table.bots[x], f"{tag}:{x}:{y}:landlord"),
                  make_bot(table.bots[y], f"{tag}:{x}:{y}:peasants"))
        scores[x, y] = sum(state.scores[s] for s in state.side)
        wins[x, y] = int(state.winner == "landlord")
        assert sum(state.scores) == 0
    tally = play_deals(table, 0, 1)
    assert tally.landlord_score == [scores[0, 1], scores[1, 0]]
    assert tally.landlord_wins == [wins[0, 1], wins[1, 0]]
    assert tally.score == [scores[0, 1] - scores[1, 0], scores[1, 0] - scores[0, 1]]


def test_the_landlord_is_the_strongest_hand_of_four_ties_from_the_deals_seat():
    for index in range(24):
        hands, kitty = deal_cards(f"5:{index}", rules=ALONE)
        strength = [hand_strength([a + b for a, b in zip(h.counts, kitty.counts)])
                    for h in hands]
        ahead = [(index + k) % 4 for k in range(4)]
        assert landlord_seat(hands, kitty, index) == \
            next(s for s in ahead if strength[s] == max(strength))
    assert [partner_seat(s) for s in range(4)] == [2, 3, 0, 1]
    with pytest.raises(ValueError, match="landlord must be"):
        partner_seat(4)


# --- the same results for any split ----------------------------------------------------------

@TABLES
def test_any_split_of_the_deals_gives_the_same_tally(rules):
    table = config(rules)
    whole = play_deals(table, 0, 6)
    parts = Tally.empty(3)
    for start, stop in ((0, 1), (1, 1), (1, 4), (4, 6)):
        parts += play_deals(table, start, stop)
    assert parts == whole and whole.deals == 6


@TABLES
def test_local_backend_with_one_and_two_workers_agree(rules):
    table = config(rules, ("greedy", "random"))
    one = run_arena(table, 8, workers=1)
    assert run_arena(table, 8, workers=2) == one == play_deals(table, 0, 8)


# --- intervals and ratings -------------------------------------------------------------------

@TABLES
def test_the_results_carry_intervals_and_ratings(rules):
    table = config(rules)
    result = summarise(table, run_arena(table, 12, workers=2))
    assert (result["deals"], result["games"]) == (12, 12 * 6)
    assert result["rules"] == ("four_player+partner" if rules.sides == "partner"
                               else "four_player")
    for bot in result["bots"]:
        for key, interval in (("mean_score", "mean_score_ci95"),
                              ("landlord_win_rate", "landlord_win_ci95"),
                              ("peasant_win_rate", "peasant_win_ci95")):
            low, high = bot[interval]
            assert low <= bot[key] <= high and low < high
    assert sum(b["rating"] for b in result["bots"]) == pytest.approx(0, abs=1e-9)
    assert sum(b["mean_score"] for b in result["bots"]) == pytest.approx(0)   # zero-sum
    by_name = {b["bot"]: b for b in result["bots"]}
    assert by_name["greedy"]["rating"] > by_name["random"]["rating"]
    # Scores have heavy tails at two decks (every bomb doubles), so the clear measure is the
    # games won: greedy wins most of its games against random on either side.
    (duel,) = [h for h in result["head_to_head"] if {h["bot"], h["opponent"]} ==
               {"random", "greedy"}]
    assert duel["games"] == 24 and duel["losses" if duel["bot"] == "random" else "wins"] > 18
    assert len(result["head_to_head"]) == 3


# --- the bots that play the table (the others are refused: test_arena.py) ------------------

def test_the_bots_that_play_the_table_are_those_that_say_so():
    assert four_player_bots() == [name for name in BOTS if plays_four_player(BOTS[name])]
    assert four_player_bots()[:2] == ["random", "greedy"]
    assert "rlcard-rule" not in four_player_bots()      # RLCard's agent plays three seats


# --- the command line ------------------------------------------------------------------------

@pytest.mark.parametrize("sides", ["alone", "partner"])
def test_cli_json_is_the_library_tally(capsys, sides):
    assert main(["arena", "random", "greedy", "--hands", "3", "--seed", "2", "--rules",
                 "four_player", "--sides", sides, "--workers", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    rules = ALONE.replace(sides=sides)
    assert (result["deals"], result["games"], result["rules"]) == (3, 6, rules.name)
    assert result["tally"] == play_deals(config(rules, ("random", "greedy"), seed=2), 0,
                                         3).as_dict()


def test_cli_text_names_the_table(capsys):
    assert main(["arena", "random", "greedy", "--hands", "2", "--seed", "1", "--rules",
                 "four_player", "--sides", "partner", "--workers", "1", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "2 deals, 4 games (four_player+partner rules, seed 1); 95% intervals"
    assert lines[1].split() == ["bot", "rating", "score/hand", "interval", "landlord",
                                "interval", "peasant", "interval"]


@pytest.mark.parametrize("argv, fragment", [
    (["random", "rlcard-rule", "--rules", "four_player"],
     "the arena plays the four-player table under the four_player rules, and bot "
     "'rlcard-rule' cannot play it: choose among"),
    (["random", "rlcard-rule", "--rules", "four_player", "--sides", "partner"],
     "under the four_player+partner rules, and bot 'rlcard-rule' cannot play it"),
    (["random", "greedy", "--sides", "partner"], "sides='partner' needs four players"),
    (["random", "greedy", "--rules", "four_player", "--players", "2"],
     "--players is Run Fast's two-player option"),
    (["random", "greedy", "--rules", "four_player", "--deal-bonuses"],
     "deal_bonuses is an option of the three-player table"),
    (["random", "--rules", "four_player"], "at least two bots"),
])
def test_cli_bad_four_player_configs_are_one_line_errors(capsys, argv, fragment):
    if "rlcard-rule" in argv:
        pytest.importorskip("rlcard", reason="RLCard's rule agent (the peers extra)")
    try:
        status = main(["arena", *argv, "--hands", "2"])
    except SystemExit as exit_:     # options the rules do not take: argparse's usage error
        status = exit_.code
    assert status == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert fragment in captured.err
