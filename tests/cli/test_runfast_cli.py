"""``ddz-fast ... --rules runfast``: moves, classify, simulate and play under Run Fast rules, and
the options that do not apply to Run Fast refused in one line with exit status 2."""
from __future__ import annotations

import json
from typing import List

import pytest

import ddz_fast
from ddz_fast.cli.play import resolve_runfast_move
from ddz_fast.compiled import HAVE_CORE
from ddz_fast.engine.game import Game
from ddz_fast.moves.notation import format_move
from ddz_fast.search.catalog import make_bot

from support.cli import assert_one_line_error, ddz


# --- moves and classify ------------------------------------------------------------------------

def test_moves_under_runfast():
    status, out, err = ddz("moves", "33344455667", "--rules", "runfast")
    assert status == 0 and err == ""
    lines = out.splitlines()
    expected = ddz_fast.legal_moves("33344455667", rules="runfast")
    assert lines[-1] == f"{len(expected)} moves under the runfast rules"
    assert "chain (1): 34567" in lines and "pair_chain (6): 3344 4455 5566 334455 445566 " \
        "33445566" in lines
    assert not any(line.startswith(("rocket", "bomb", "trio_solo")) for line in lines)


def test_moves_prev_and_json_under_runfast():
    status, out, _ = ddz("moves", "3335557779", "--rules", "runfast",
                                       "--prev", "44456")
    assert status == 0
    assert out.splitlines()[-1].endswith("or pass, under the runfast rules")
    status, out, _ = ddz("moves", "5555789", "--rules", "runfast", "--json")
    document = json.loads(out)
    assert document["rules"] == "runfast" and document["by_type"]["bomb"] == 1
    assert document["count"] == len(ddz_fast.legal_moves("5555789", rules="runfast"))


def test_classify_under_runfast():
    status, out, _ = ddz("classify", "555666777888", "--rules", "runfast")
    assert status == 0
    assert out.splitlines() == [
        f"{m.type} key={m.key} rank={'3456789TJQKA2'[m.key]} length={m.length}: "
        f"{format_move(m, 'runfast')}"
        for m in ddz_fast.classify("555666777888", rules="runfast")]
    assert len(out.splitlines()) == 3      # the three readings of RULES.md
    status, out, _ = ddz("classify", "3334", "--rules", "runfast")
    assert status == 0 and out.startswith("trio_two key=0")    # a short last hand
    status, out, _ = ddz("classify", "3345", "--rules", "runfast")
    assert status == 0 and "not a combination under the runfast rules" in out


def test_cards_outside_the_runfast_deck_are_one_line_errors():
    assert_one_line_error(ddz("classify", "22", "--rules", "runfast"),
                          "48-card Run Fast deck")
    assert_one_line_error(ddz("moves", "3B", "--rules", "runfast"))
    assert_one_line_error(ddz("moves", "33", "--rules", "runfast",
                                             "--wild", "5"), "--wild")


# --- simulate ------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["runfast", "runfast_15"])
def test_simulate_runfast_json(rules):
    status, out, _ = ddz("simulate", "12", "--rules", rules, "--seed", "4",
                                       "--workers", "1", "--json")
    assert status == 0
    summary = json.loads(out)
    assert summary["hands"] == 12 and summary["rules"] == rules and summary["bot"] == "random"
    assert sum(summary["wins"]) == 12 and len(summary["wins"]) == 3
    assert abs(sum(summary["mean_score"])) < 1e-9


def test_simulate_runfast_with_greedy_bots():
    status, out, _ = ddz("simulate", "10", "--rules", "runfast", "--seed", "4",
                                       "--workers", "1", "--bot", "greedy:danger=1", "--json")
    assert status == 0
    summary = json.loads(out)
    assert summary["bot"] == "greedy:danger=1" and sum(summary["wins"]) == 10
    assert abs(sum(summary["mean_score"])) < 1e-9


def test_simulate_runfast_is_the_same_for_any_number_of_workers():
    runs = [json.loads(ddz("simulate", "16", "--rules", "runfast", "--seed", "9",
                           "--workers", workers, "--json").stdout) for workers in ("1", "2")]
    for key in ("wins", "mean_score", "bombs_per_hand", "closed"):
        assert runs[0][key] == runs[1][key]


def test_simulate_runfast_text():
    status, out, _ = ddz("simulate", "5", "--rules", "runfast", "--seed", "1",
                                       "--workers", "1")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "5 hands of Run Fast: random bots at every seat (runfast rules, seed 1)"
    assert [line.split()[:2] for line in lines[1:4]] == [["seat", str(s)] for s in range(3)]


@pytest.mark.parametrize("argv, fragment", [
    (["simulate", "3", "--rules", "runfast", "--landlord", "random"], "no landlord"),
    (["simulate", "3", "--rules", "runfast", "--peasants", "random"], "--peasants"),
    (["simulate", "3", "--rules", "runfast", "--bot", "solver"], "'solver' does not play"),
    (["simulate", "3", "--bot", "random"], "Run Fast"),
    (["simulate", "3", "--rules", "runfast", "--deal-bonuses"], "deal_bonuses"),
    (["simulate", "3", "--rules", "runfast", "--sides", "partner"], "sides"),
    (["play", "--rules", "runfast", "--seat", "peasant"], "--seat"),
    (["play", "--rules", "runfast", "--bot", "solver"], "'solver' does not play"),
])
def test_what_runfast_does_not_take_is_refused_in_one_line(argv, fragment):
    assert_one_line_error(ddz(*argv), fragment)


# --- play ----------------------------------------------------------------------------------------

def scripted_answers(seed: int) -> List[str]:
    """The human's lines for a whole hand: the last legal action each time, the bots being
    the ones ``play`` seats (random, seeded ``"seed:seat"``)."""
    state = Game("runfast").new_state(seed)
    bots = {seat: make_bot("random", f"{seed}:{seat}") for seat in (1, 2)}
    answers = []
    while not state.is_over:
        if state.current_player == 0:
            move = state.legal_actions()[-1]
            answers.append("pass" if move.is_pass else format_move(move, "runfast"))
        else:
            move = bots[state.current_player].play(state)
        state.apply(move)
    return answers


@pytest.mark.parametrize("seed", [3, 8])
def test_play_a_whole_runfast_hand(seed):
    answers = scripted_answers(seed)
    status, out, err = ddz("play", "--rules", "runfast", "--seed", str(seed),
                                stdin="?\n" + "\n".join(answers) + "\n")
    assert status == 0, err
    assert "Illegal move" not in out
    lines = out.splitlines()
    assert lines[0].startswith(f"Run Fast, runfast rules, seed {seed}. You (seat 0)")
    assert "holds the three of spades and leads." in lines[1]
    assert any(line.endswith("went out first.") for line in lines)
    assert lines[-2].startswith("Scores: You ")
    assert lines[-1] in ("You win!", "You lose.")


def test_play_runfast_explains_illegal_moves():
    status, out, err = ddz("play", "--rules", "runfast", "--seed", "3",
                                stdin="3\nKKKK\nnot cards\nquit\n")
    assert status == 1 and "game abandoned" in err
    assert "Illegal move: 3 cannot be played: it is not a play of this hand that beats" in out
    assert "Illegal move: you do not hold KKKK" in out


def test_resolve_runfast_move_names_must_beat_and_the_one_card_rule():
    import random

    rng = random.Random(0)
    found = set()
    for seed in range(200):
        state = Game("runfast").new_state(seed)
        with pytest.raises(ValueError, match="you lead"):
            resolve_runfast_move("pass", state)
        while not state.is_over and len(found) < 2:
            legal = state.legal_actions()
            hand = state.hands[state.current_player]
            if state.prev is not None and ddz_fast.Move.PASS not in legal:
                with pytest.raises(ValueError, match="must_beat"):
                    resolve_runfast_move("pass", state)
                found.add("must_beat")
            if state.rules.one_card_rule and len(state.hands[(state.current_player + 1) % 3]) \
                    == 1 and state.prev is None and len(set(str(hand))) > 1:
                lowest = str(hand)[0]
                with pytest.raises(ValueError, match="one_card_rule"):
                    resolve_runfast_move(lowest, state)
                found.add("one_card")
            state.apply(rng.choice(legal))
        if len(found) == 2:
            break
    assert found == {"must_beat", "one_card"}


# --- arena ---------------------------------------------------------------------------------------

def test_arena_under_runfast_json_is_the_library_tally():
    from ddz_fast.arena.duplicate import ArenaConfig, play_deals
    status, out, _ = ddz("arena", "greedy", "random", "--hands", "4", "--seed",
                                       "3", "--rules", "runfast", "--workers", "1", "--json")
    assert status == 0
    result = json.loads(out)
    # Two bots, three seats: each ordered pair with the lone bot in each seat, 6 games a deal.
    assert (result["game"], result["deals"], result["games"]) == ("runfast", 4, 24)
    assert (result["rules"], result["players"]) == ("runfast", 3)
    greedy, random_bot = result["bots"]
    assert greedy["mean_score"] == pytest.approx(-random_bot["mean_score"])   # zero-sum
    assert greedy["hands"] == 4 * 9     # 3 alone and 6 beside it a deal
    expected = play_deals(ArenaConfig(("greedy", "random"), seed=3, rules="runfast"), 0, 4)
    assert result["tally"] == expected.as_dict()


def test_arena_under_runfast_15_for_two_players():
    from ddz_fast.arena.duplicate import ArenaConfig, play_deals
    status, out, _ = ddz("arena", "greedy", "random", "--hands", "3", "--seed",
                                       "1", "--rules", "runfast_15", "--players", "2",
                                       "--workers", "1", "--json")
    assert status == 0
    result = json.loads(out)
    assert (result["rules"], result["players"], result["games"]) == \
        ("runfast_15, 2 players", 2, 6)
    rules = ddz_fast.Rules.preset("runfast_15").replace(players=2)
    assert rules.deck_size == 45
    assert result["tally"] == play_deals(ArenaConfig(("greedy", "random"), 1, rules), 0,
                                         3).as_dict()


def test_arena_under_runfast_text():
    status, out, err = ddz("arena", "random", "greedy", "--hands", "5", "--seed",
                                         "2", "--rules", "runfast", "--workers", "1")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == ("5 deals, 30 games of Run Fast (runfast rules, 3 players, seed 2); "
                        "95% intervals")
    assert lines[1].split() == ["bot", "rating", "score/hand", "interval", "out", "first",
                                "interval"]
    assert {lines[2].split()[0], lines[3].split()[0]} == {"random", "greedy"}
    assert lines[4].startswith("head to head") and lines[5].startswith("  random vs greedy: ")
    assert lines[-1].startswith("games/s ")


@pytest.mark.parametrize("argv, fragment", [
    (["arena", "greedy", "solver", "--hands", "2", "--rules", "runfast"],
     "bot 'solver' cannot play it: choose among random, greedy"),
    (["arena", "greedy", "random", "--hands", "2", "--players", "2"], "--players is Run Fast's"),
    (["arena", "greedy", "random", "--hands", "2", "--rules", "runfast", "--players", "4"],
     "invalid choice: 4"),
    (["arena", "greedy", "random", "--hands", "2", "--rules", "runfast", "--deal-bonuses"],
     "deal_bonuses"),
    (["arena", "greedy", "--hands", "2", "--rules", "runfast"], "at least two bots"),
])
def test_arena_under_runfast_refuses_in_one_line(argv, fragment):
    assert_one_line_error(ddz(*argv), fragment)


# --- solve ---------------------------------------------------------------------------------------

def test_solve_a_runfast_position():
    # RULES.md's one-card rule at work (solve_runfast's example): seat 1 holds one card, so
    # seat 0 must lead his highest, the 2; nobody beats it; he must lead his highest again,
    # the 4; seat 1 cannot beat it, seat 2 must, with the 6, and goes out with his 4.
    status, out, err = ddz("solve", "--rules", "runfast", "342/4/46 0 - 0")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[:3] == ["winner: the others, against player 0",
                         "winning moves: none (the side to move loses)",
                         "line (9 actions): 2 pass pass 4 pass 6 pass pass 4"]
    assert lines[3].endswith(" nodes/s")


def test_solve_a_runfast_position_for_another_player_as_json():
    status, out, _ = ddz("solve", "--rules", "runfast", "342/4/46 0 - 0",
                                       "--player", "2", "--json")
    assert status == 0
    document = json.loads(out)
    assert (document["player"], document["player_wins"], document["wins"]) == (2, True, False)
    assert document["pv"] == ["2", "pass", "pass", "4", "pass", "6", "pass", "pass", "4"]
    assert (document["runfast"], document["rules"], document["exact"]) == (True, "runfast", True)


def test_solve_a_two_hand_runfast_position():
    # Seat 0 leads from 3456 and seat 1 holds 789T: every card of seat 1 beats every card of
    # seat 0, so whatever seat 0 leads, seat 1 takes the lead and plays out.
    status, out, _ = ddz("solve", "--rules", "runfast_15", "3456/789T 0 - 0",
                                       "--json")
    document = json.loads(out)
    assert status == 0 and document["rules"] == "runfast_15, 2 players"
    assert (document["player_wins"], document["winning_moves"]) == (False, [])
    status, out, _ = ddz("solve", "--rules", "runfast", "3456/789T 0 - 0")
    assert out.splitlines()[0] == "winner: player 1"


def test_solve_a_runfast_position_stopped_by_its_node_limit():
    status, out, _ = ddz("solve", "--rules", "runfast", "3456/789T 1 - 0",
                                       "--max-nodes", "3")
    assert status == 0
    assert out.splitlines()[0] == ("winner: unknown (the search stopped first) (inexact: "
                                   "stopped by the nodes limit)")


@pytest.mark.parametrize("argv, fragment", [
    (["solve", "--rules", "runfast", "3/4/5 0 - 0", "--duel"], "--duel"),
    (["solve", "--rules", "runfast", "3/4/5 0 - 0", "--objective", "stake"], "stake"),
    (["solve", "--rules", "runfast", "3/4/5 0 - 0", "--tt-mb", "8"], "--tt-mb"),
    (["solve", "--rules", "runfast", "3/4/5 0 - 0", "--player", "3"], "player must be"),
    (["solve", "--rules", "runfast", "3/4/5 0 0 - 0"], "4 fields"),
    (["solve", "--rules", "runfast", "3/4/5B 0 - 0"], "Run Fast deck has 0"),
    (["solve", "--rules", "runfast_15", "AA/4/5 0 - 0"], "45-card"),
    (["solve", "--rules", "runfast", "3/4/5 0 - 0", "--max-nodes", "0"], "max_nodes"),
    (["solve", "3/4/5 0 0 - 0", "--player", "1"], "--player is Run Fast's"),
])
def test_solve_under_runfast_refuses_in_one_line(argv, fragment):
    assert_one_line_error(ddz(*argv), fragment)


# --- bench ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, size", [("runfast", 16), ("runfast_15", 15)])
def test_bench_under_runfast(rules, size):
    status, out, _ = ddz("bench", "--rules", rules, "--seconds", "0.01",
                                       "--json")
    assert status == 0
    document = json.loads(out)
    assert document["rules"] == rules
    rows = {row["name"]: row for row in document["rows"]}
    assert list(rows) == [f"lead moves, {size}-card hands", f"legal_moves_batch, {size}-card "
                          f"hands", "classify", "random games, Game/State",
                          "random games, native"]
    assert all(rows[name]["rate"] > 0 for name in list(rows)[:4])
    assert rows["random games, Game/State"]["detail"] == "play"
    native = rows["random games, native"]
    if HAVE_CORE:       # the compiled play loop plays Run Fast
        assert native["rate"] > 0
    else:
        assert native["rate"] is None and native["detail"] == "needs the compiled core"


def test_bench_under_runfast_text():
    status, out, _ = ddz("bench", "--rules", "runfast", "--seconds", "0.01")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("benchmark (runfast rules, ") and len(lines) == 6
    assert lines[1].startswith("lead moves, 16-card hands")
