"""The ``ddz-fast`` command line: ``main`` in the test's process, and ``python -m ddz_fast`` as a
real subprocess where the process itself is tested.

Every subcommand with good and bad input; ``play`` driven through a pipe for a whole hand;
and the greedy bot measured against the random bot with ``simulate``'s JSON summaries.
"""
from __future__ import annotations

import json
import re
from typing import Dict, List

import pytest

import ddz_fast
from ddz_fast import Hand
from ddz_fast.cli.play import resolve_move
from ddz_fast.engine.game import Game

from support.cli import assert_one_line_error, ddz, ddz_process
from support.terminal import PipedGame

OPENING = "33455567789TJQQQA22R/56678889JJJQKKA2B/334446799TTTKKAA2 0 0 - 0"
OPENING_PERFT_3 = 1850  # ddz_fast/positions/suites/opening.perft
OPENING_PERFT_4 = 17964  # ddz_fast/positions/suites/opening.perft
SIM_HANDS = 2000


# --- moves and classify ----------------------------------------------------------------------

def test_moves_grouped_by_type_with_counts():
    result = ddz("moves", "33344455BR")
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "solo (5): 3 4 5 B R"
    assert "rocket (1): BR" in lines
    expected = len(ddz_fast.legal_moves("33344455BR"))
    assert lines[-1] == f"{expected} moves under the standard rules"
    listed = sum(int(re.match(r"\w+ \((\d+)\)", line).group(1)) for line in lines[:-1])
    assert listed == expected


def test_moves_json_matches_the_library():
    document = json.loads(ddz("moves", "3334445556667", "--rules", "douzero", "--json").stdout)
    moves = list(ddz_fast.legal_moves("3334445556667", rules="douzero"))
    assert document["count"] == len(moves) and document["rules"] == "douzero"
    assert [(m["type"], m["key"], m["length"], m["cards"]) for m in document["moves"]] == \
        [(m.type, m.key, m.length, m.cards) for m in moves]
    assert sum(document["by_type"].values()) == len(moves)


@pytest.mark.parametrize("prev", ["333444555:airplane", "333444555:airplane@3"])
def test_moves_prev_accepts_move_notation(prev):
    document = json.loads(ddz("moves", "444555666B", "--prev", prev, "--json").stdout)
    assert document["prev"] == "333444555"
    assert [m["cards"] for m in document["moves"]] == ["444555666"]


def test_the_old_spellings_are_one_line_errors_with_status_2():
    # --after was the name of --prev in development builds; the JSON document names it prev only.
    assert_one_line_error(ddz("moves", "33344455BR", "--after", "333B"),
                          "unrecognized arguments: --after 333B")
    document = json.loads(ddz("moves", "33344455BR", "--prev", "333B", "--json").stdout)
    assert document["prev"] == "333B" and "after" not in document and document["count"] == 5
    assert_one_line_error(ddz("perft", "33/4/5 0 0 - 0", "1", "--reference"),
                          "unrecognized arguments: --reference")


def test_the_type_before_the_cards_is_an_error_that_shows_the_notation():
    result = ddz("moves", "444555666B", "--prev", "airplane:333444555")
    assert_one_line_error(result, "write the cards first", "333444555")


def test_moves_text_needs_no_suffix_where_the_rules_read_the_cards_one_way():
    airplanes = "333444 444555 555666 333444555 444555666 333444555666"
    standard = ddz("moves", "333444555666").stdout.splitlines()
    assert f"airplane (6): {airplanes}" in standard
    # Under douzero the same cards are also two airplanes with solo wings: named in full.
    douzero = ddz("moves", "333444555666", "--rules", "douzero").stdout.splitlines()
    assert f"airplane (6): {airplanes}:airplane@3" in douzero
    document = json.loads(ddz("moves", "333444555666", "--json").stdout)
    texts = [m["text"] for m in document["moves"] if m["type"] == "airplane"]
    assert texts == airplanes.split()


def test_moves_after_ambiguous_cards_name_the_choices():
    result = ddz("moves", "3334445556667", "--prev", "333444555666", "--rules", "douzero")
    assert_one_line_error(result, "reads several ways", "333444555666:airplane_solo@4")
    # The same cards are one move under standard: no suffix needed there.
    assert ddz("moves", "3334445556667", "--prev", "333444555666").returncode == 0


def test_classify_text_and_json():
    result = ddz("classify", "333444555666", "--rules", "douzero")
    assert result.stdout.splitlines() == [
        "airplane key=0 rank=3 length=4: 333444555666:airplane@3",
        "airplane_solo key=0 rank=3 length=3: 333444555666:airplane_solo@3",
        "airplane_solo key=1 rank=4 length=3: 333444555666:airplane_solo@4"]
    # JSON writes the key the way the text does: the rank index, and its letter as "rank".
    document = json.loads(ddz("classify", "333444555666", "--rules", "douzero",
                              "--json").stdout)
    assert [(m["type"], m["key"], m["rank"], m["length"]) for m in document] == [
        ("airplane", 0, "3", 4), ("airplane_solo", 0, "3", 3), ("airplane_solo", 1, "4", 3)]
    assert json.loads(ddz("classify", "34", "--json").stdout) == []
    assert "is not a combination" in ddz("classify", "34").stdout


def test_botzone_rules_list_and_classify_the_space_shuttle():
    result = ddz("moves", "33334444BR", "--rules", "botzone")
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    # Last, after the rocket, the shuttle alone: with wings it needs 4 solos of other ranks
    # and only B and R are there. The count is the standard moves' and this one.
    standard = ddz("moves", "33334444BR").stdout.splitlines()
    assert lines[:-2] == standard[:-1] and lines[-2] == "space_shuttle (1): 33334444"
    assert lines[-1] == f"{len(ddz_fast.legal_moves('33334444BR')) + 1} moves under the " \
        "botzone rules"
    assert "space_shuttle" not in "".join(standard)
    assert ddz("classify", "333344445678", "--rules", "botzone").stdout.splitlines() == [
        "space_shuttle key=0 rank=3 length=2: 333344445678"]
    simulated = ddz("simulate", "20", "--seed", "3", "--workers", "1", "--rules", "botzone")
    assert simulated.returncode == 0 and "(botzone rules, seed 3)" in simulated.stdout


# --- wild cards (laizi) ----------------------------------------------------------------------

def test_moves_with_a_wild_rank_list_a_hand_counted_by_hand():
    # 355 with the 5s wild (docs/RULES.md, "Laizi"): a solo is a card played as its own rank,
    # so 3 and 5 (2); a pair is 3 + a wild, read 33 only (a natural card fixes the rank, and
    # the cards read one way, so no "="), or the two wilds as a pair of any rank 3..2 (13):
    # 14; the trio is 3 + two wilds, 333 only (1). Four cards or more make nothing from three.
    # 2 + 14 + 1 = 17. Pairs order by key, then real cards low to high (35 before 55=33).
    pairs = "35 " + " ".join(f"55={rank}{rank}" for rank in "3456789TJQKA2")
    result = ddz("moves", "355", "--rules", "laizi", "--wild", "5")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.splitlines() == [
        "solo (2): 3 5", f"pair (14): {pairs}", "trio (1): 355",
        "17 moves under the laizi rules with wild 5"]
    # Above a pair of kings read from the wilds: the wilds as aces or 2s, nothing else.
    assert ddz("moves", "355", "--rules", "laizi", "--wild", "5", "--prev",
               "55=KK").stdout.splitlines() == [
        "pair (2): 55=AA 55=22", "2 moves beating 55=KK, or pass, under the laizi rules "
                                 "with wild 5"]


def test_moves_with_two_wild_ranks_match_the_library_and_read_back():
    from ddz_fast.cards import RANK_LETTERS
    from ddz_fast.moves.notation import format_move, parse_move

    def text_of(counts) -> str:     # a reading may hold more than four cards of a rank
        return "".join(RANK_LETTERS[rank] * count for rank, count in enumerate(counts))

    # Five wilds (555 TT): bombs of up to seven cards, read as up to six of a rank.
    hand, wild, prev = "3455567TTJQ", (2, 7), "8889"
    args = ("moves", hand, "--rules", "tiandi_laizi", "--wild", "T5", "--prev", prev)
    document = json.loads(ddz(*args, "--json").stdout)
    moves = list(ddz_fast.legal_moves(hand, parse_move(prev, "tiandi_laizi", wild),
                                      rules="tiandi_laizi", wild=wild))
    assert len(moves) > 10 and document["count"] == len(moves)
    assert document["wild"] == "5T" and document["prev"] == prev
    assert [(m["type"], m["key"], m["length"], m["cards"], m["reading"], m["bomb_class"])
            for m in document["moves"]] == \
        [(m.type, m.key, m.length, m.cards, text_of(m.reading), m.bomb_class)
         for m in moves]
    texts = [m["text"] for m in document["moves"]]
    # Every text names its move exactly in the wild context: it reads back as that move.
    assert [parse_move(text, "tiandi_laizi", wild) for text in texts] == moves
    assert texts == [format_move(m, "tiandi_laizi", wild) for m in moves]
    assert any("=" in text for text in texts)
    # The natural Q and all five wilds: a bomb of six queens, which beats any trio + solo.
    assert "555TTQ=QQQQQQ" in texts and sum(document["by_type"].values()) == len(moves)
    listed = [text for line in ddz(*args).stdout.splitlines()[:-1]
              for text in line.split(": ", 1)[1].split()]
    assert listed == texts


def test_classify_lists_every_reading_under_wild_cards():
    # 3335 with 5 wild: the 3s are natural, so always in the main part (a kicker is never of a
    # main rank): the trio 333 with the wild as kicker, or the soft bomb 3333 (a wild in it).
    result = ddz("classify", "3335", "--rules", "laizi", "--wild", "5")
    assert result.stdout.splitlines() == [
        "trio_solo key=0 rank=3 length=1: 3335=333",
        "bomb key=0 rank=3 length=1 class=soft: 3335=3333"]
    # 5555, all wild: three of them as a trio of any rank 3..2 with the fourth as kicker (13),
    # or the four as a bomb of any rank (13): soft but for 5555=5555, the laizi bomb.
    document = json.loads(ddz("classify", "5555", "--rules", "laizi", "--wild", "5",
                              "--json").stdout)
    assert [m["type"] for m in document] == ["trio_solo"] * 13 + ["bomb"] * 13
    assert [m["bomb_class"] for m in document[13:]] == \
        ["soft", "soft", "laizi"] + ["soft"] * 10
    assert [m["text"] for m in document[13:16]] == ["5555=3333", "5555=4444", "5555=5555"]
    readings = ddz_fast.classify("5555", rules="laizi", wild="5")
    assert [(m["type"], m["key"], m["cards"]) for m in document] == \
        [(m.type, m.key, m.cards) for m in readings]


@pytest.mark.parametrize("args, fragments", [
    (["moves", "355", "--wild", "5"], ["--wild 5 needs a rule set with wild cards", "standard"]),
    (["classify", "355", "--rules", "laizi"], ["1 wild rank", "--wild"]),
    (["moves", "355", "--rules", "tiandi_laizi", "--wild", "5"],
     ["2 wild ranks", "--wild 5 names 1"]),
    (["classify", "355", "--rules", "laizi", "--wild", "5T"], ["1 wild rank", "names 2"]),
    (["moves", "355", "--rules", "laizi", "--wild", "B"], ["joker", "cannot be wild"]),
    (["moves", "355", "--rules", "tiandi_laizi", "--wild", "5R"], ["joker", "cannot be wild"]),
    (["moves", "355", "--rules", "tiandi_laizi", "--wild", "55"], ["distinct"]),
    # perft: --wild against the rules and against the position's own wild ranks.
    (["perft", "55/6/4 0 0 - 0", "1", "--wild", "5"],
     ["--wild 5 needs a rule set with wild cards", "standard"]),
    (["perft", "55/6/4 0 0 - 0", "1", "--rules", "laizi", "--wild", "5T"],
     ["1 wild rank", "names 2"]),
    (["perft", "55/6/4 0 0 - 0", "1", "--rules", "laizi", "--wild", "R"],
     ["joker", "cannot be wild"]),
    (["perft", "55/6/4 0 0 - 0 w=5", "1", "--rules", "laizi", "--wild", "7"],
     ["--wild 7 does not agree", "w=5"]),
    (["perft", "55/6/4 0 0 - 0", "1", "--rules", "laizi"],
     ["laizi rules play with wild cards", "w=5", "--wild"]),
    (["perft", "57/6/4 0 0 - 0 w=57", "1", "--rules", "laizi"], ["1 wild rank", "names 2"]),
    (["perft", "55/6/4 0 0 - 0 w=5", "1"], ["wild ranks given", "without wild cards"]),
    (["moves", "355", "--rules", "laizi", "--wild", "5", "--prev", "55"],
     ["reads several ways", "55=KK"]),
])
def test_bad_wild_cards_are_one_line_and_status_2(args: List[str], fragments: List[str]):
    assert_one_line_error(ddz(*args), *fragments)


@pytest.mark.parametrize("args, fragments", [
    (["solve", "3/4/5 0 0 - 0", "--rules", "laizi"],
     ["laizi rules play with wild cards", "w=5", "--wild"]),
    (["solve", "3/4/5 0 0 - 0", "--rules", "tiandi_laizi", "--wild", "5"],
     ["2 wild ranks", "names 1"]),
    (["solve", "--duel", "KK5543/225543 55", "--rules", "laizi"],
     ["a duel is the puzzle form without wild cards", "solve a Position with wild ranks"]),
    (["solve", "3/4/5 0 0 - 0 w=5"], ["wild ranks given", "without wild cards"]),
])
def test_solve_names_what_its_wild_cards_lack(args: List[str], fragments: List[str]):
    # The solver plays wild cards: the wild ranks are named by the position or --wild, and
    # must agree with the rules; a duel is the puzzle form of one deck without them.
    assert_one_line_error(ddz(*args), *fragments)


@pytest.mark.native  # the solver is compiled only
def test_solve_plays_wild_cards_and_four_seats():
    # Derived in tests/search/test_table_solvers.py: the soft bomb 4445=4444 wins; the
    # partner's 2 goes out first.
    result = ddz("solve", "--rules", "laizi", "34445/Q/6 0 0 KK 1 w=5")
    assert result.returncode == 0, result.stderr
    assert "winning moves: 4445=4444" in result.stdout
    result = ddz("solve", "--rules", "four_player", "--sides", "partner", "--partner", "2",
                 "34/56/2/78 0 0 - 0")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("winner: the landlord and its partner (seats 0 and 2)")
    assert "winning moves: 3 4" in result.stdout


# The positions of ddz_fast/positions/suites/laizi.perft (counted by a brute force that shares no
# code with the generator, tests/variants/laizi/test_positions.py) with their counts at a small
# depth.
LAIZI_SUITE = [  # (rules, position, depth, leaves)
    ("laizi", "55/6/4 0 0 - 0 w=5", 2, 15),
    ("tiandi_laizi", "57/6/4 0 0 - 0 w=57", 2, 16),
    ("laizi", "33555/4466/7BR 0 0 - 0 w=5", 4, 391),
    ("laizi", "4467/5888/JJQQK 1 1 3555=3333 0 w=5", 5, 42),
]


@pytest.mark.parametrize("rules, position, depth, leaves", LAIZI_SUITE)
def test_perft_counts_positions_with_wild_cards(rules: str, position: str, depth: int,
                                                leaves: int):
    document = json.loads(ddz("perft", position, str(depth), "--rules", rules,
                              "--seconds", "0.001", "--json").stdout)
    assert (document["nodes"], document["rules"], document["position"]) == \
        (leaves, rules, position)
    assert document["implementation"] == ddz_fast.IMPLEMENTATION


def test_perft_takes_the_wild_ranks_from_the_option_or_the_position():
    # The five fields of the third suite position, its wild rank given by --wild instead.
    five_fields = "33555/4466/7BR 0 0 - 0"
    result = ddz("perft", five_fields, "4", "--rules", "laizi", "--wild", "5",
                 "--implementation", "python", "--seconds", "0.001")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.splitlines()[0] == "perft 4: 391 nodes (python, laizi rules)"
    # Both, agreeing: the same count.
    document = json.loads(ddz("perft", f"{five_fields} w=5", "4", "--rules", "laizi",
                              "--wild", "5", "--seconds", "0.001", "--json").stdout)
    assert document["nodes"] == 391 and document["position"] == f"{five_fields} w=5"


def test_perft_divides_by_first_actions_written_with_their_readings():
    # 55/6/4, 5 wild, player 0 leads (ddz_fast/positions/suites/laizi.perft, counted by hand
    # there): one 5 as a solo of 5s (a lone wild is played as its own rank), or both 5s as a pair
    # read as any rank 3..2 (13 pairs, each written 55=XX since the cards read 13 ways). Depth 2:
    # after a pair the hand is empty (a leaf, 1 each); after the solo player 1 may pass or beat it
    # with its 6 (2).
    result = ddz("perft", "55/6/4 0 0 - 0 w=5", "2", "--divide", "--rules", "laizi",
                 "--seconds", "0.001")
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    pairs = [f"55={rank}{rank}: 1" for rank in "3456789TJQKA2"]
    assert lines[:14] == ["5: 2"] + pairs
    assert lines[14].startswith("perft 2: 15 nodes (")
    document = json.loads(ddz("perft", "55/6/4 0 0 - 0 w=5", "2", "--divide", "--rules",
                              "laizi", "--seconds", "0.001", "--json").stdout)
    assert document["divide"] == {"5": 2, **{f"55={rank}{rank}": 1 for rank in "3456789TJQKA2"}}
    # Every key reads back, in the wild context, as a legal first action.
    from ddz_fast.moves.notation import parse_move
    firsts = ddz_fast.legal_moves("55", rules="laizi", wild="5")
    assert [parse_move(key, "laizi", "5") for key in document["divide"]] == list(firsts)


@pytest.mark.native
@pytest.mark.parametrize("rules, position, depth, leaves", LAIZI_SUITE)
def test_perft_counts_wild_cards_in_the_compiled_core_and_in_python(rules: str, position: str,
                                                                   depth: int, leaves: int):
    for implementation in ("native", "python"):
        document = json.loads(ddz("perft", position, str(depth), "--rules", rules,
                                  "--implementation", implementation, "--seconds", "0.001",
                                  "--json").stdout)
        assert (document["nodes"], document["implementation"]) == (leaves, implementation)


@pytest.mark.parametrize("args, fragment", [
    (["moves", "33X4"], "unknown rank 'X'"),
    (["moves", "77777"], "5 cards of rank 7"),
    (["classify", "BB"], "2 cards of rank black joker"),
    (["moves", "3344", "--rules", "nope"], "unknown preset 'nope'"),
    (["moves", "3344", "--prev", "34"], "not a combination"),
    (["moves", "3344", "--prev", "33:trio_twin"], "unknown move type"),
    (["moves", "3344", "--prev", "pass"], "--prev needs the move to beat, not pass"),
    (["perft", "3/4/5 0 0", "1"], "5 fields"),
    (["perft", OPENING, "-1"], "depth"),
    (["perft", OPENING, "0", "--divide"], "at least 1"),
    (["simulate", "0"], "at least 1"),
    (["simulate", "5", "--landlord", "genius"], "unknown bot 'genius'"),
    (["play", "--rules", "nope"], "unknown preset"),
    (["bench", "--seconds", "0"], "positive"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_is_one_line_and_status_2(args: List[str], fragment: str):
    assert_one_line_error(ddz(*args), fragment)


def test_version_and_help():
    # `python -m ddz_fast` itself, as a user starts it
    assert ddz_process("--version").stdout.strip() == ddz_fast.__version__
    result = ddz_process("--help")
    assert result.returncode == 0
    for command in ("moves", "classify", "perft", "simulate", "play", "bench"):
        assert command in result.stdout


# --- perft ---------------------------------------------------------------------------------

def test_perft_prints_nodes_and_rate():
    result = ddz("perft", OPENING, "4", "--seconds", "0.05")
    assert result.returncode == 0 and result.stderr == ""
    assert re.fullmatch(rf"perft 4: {OPENING_PERFT_4:,} nodes \({ddz_fast.IMPLEMENTATION}, "
                        r"standard rules\)\n"
                        r"time: [\d.]+ (s|ms|us) per count \([\d,]+ runs?\), [\d,]+ nodes/s\n",
                        result.stdout)


def test_perft_gives_no_rate_for_a_small_tree():
    result = ddz("perft", OPENING, "3", "--seconds", "0.05")
    assert result.returncode == 0
    assert re.fullmatch(rf"perft 3: {OPENING_PERFT_3:,} nodes \({ddz_fast.IMPLEMENTATION}, "
                        r"standard rules\)\n"
                        r"time: [\d.]+ (s|ms|us) per count \([\d,]+ runs?\); no rate: "
                        r"fewer than 10,000 nodes\n", result.stdout)


def test_perft_times_repeated_counts():
    document = json.loads(ddz("perft", OPENING, "4", "--seconds", "0.05", "--json").stdout)
    assert document["nodes"] == OPENING_PERFT_4
    assert document["implementation"] == ddz_fast.IMPLEMENTATION
    assert document["seconds"] >= 0.05 and document["runs"] >= 1
    assert document["seconds_per_run"] == pytest.approx(document["seconds"] / document["runs"])
    assert document["nodes_per_second"] == pytest.approx(
        OPENING_PERFT_4 * document["runs"] / document["seconds"])


def test_perft_divide_adds_up():
    document = json.loads(ddz("perft", OPENING, "3", "--divide", "--json").stdout)
    assert document["nodes"] == OPENING_PERFT_3
    assert sum(document["divide"].values()) == OPENING_PERFT_3
    assert len(document["divide"]) == 73  # perft 1 of the suite: one entry per first action
    assert document["nodes_per_second"] is None  # 1,850 nodes: too few for a rate


# --- simulate ------------------------------------------------------------------------------

TIMING = ("seconds", "games_per_second", "workers")


def simulate(hands: int, *args: str) -> Dict:
    result = ddz("simulate", str(hands), "--json", *args)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no progress bar when stderr is not a terminal
    return json.loads(result.stdout)


def test_simulate_is_the_same_for_any_number_of_workers():
    one = simulate(60, "--seed", "5", "--workers", "1", "--landlord", "greedy")
    two = simulate(60, "--seed", "5", "--workers", "2", "--landlord", "greedy")
    assert {k: v for k, v in one.items() if k not in TIMING} == \
        {k: v for k, v in two.items() if k not in TIMING}
    assert one["hands"] == 60 and 0 <= one["landlord_wins"] <= 60
    low, high = one["landlord_win_ci95"]
    assert low <= one["landlord_win_rate"] <= high
    assert one["mean_multiplier"] >= 1


@pytest.mark.parametrize("rules", ["laizi", "tiandi_laizi"])
def test_simulate_plays_hands_with_wild_cards(rules: str):
    # The game engine draws the wild ranks of each hand: no --wild, and two workers play the
    # same hands as one.
    one = simulate(4, "--seed", "2", "--workers", "1", "--rules", rules, "--landlord", "greedy")
    two = simulate(4, "--seed", "2", "--workers", "2", "--rules", rules, "--landlord", "greedy")
    assert {k: v for k, v in one.items() if k not in TIMING} == \
        {k: v for k, v in two.items() if k not in TIMING}
    assert one["hands"] == 4 and one["rules"] == rules and one["mean_multiplier"] >= 1


def test_simulate_text_summary():
    result = ddz("simulate", "20", "--seed", "3", "--workers", "1", "--rules", "rlcard")
    assert result.returncode == 0
    assert "20 hands: random landlord vs random peasants (rlcard rules, seed 3)" in result.stdout
    for label in ("landlord win rate", "95% CI", "mean multiplier", "bombs per hand",
                  "games/s"):
        assert label in result.stdout


@pytest.fixture(scope="module")
def bot_matches() -> Dict[str, Dict]:
    """Three runs of SIM_HANDS hands on the same deals: random vs random, and greedy in
    either role against random."""
    runs = {"baseline": ("random", "random"), "greedy_landlord": ("greedy", "random"),
            "greedy_peasants": ("random", "greedy")}
    return {name: simulate(SIM_HANDS, "--seed", "2024", "--workers", "2",
                           "--landlord", landlord, "--peasants", peasants)
            for name, (landlord, peasants) in runs.items()}


def _report(name: str, summary: Dict, side: str) -> None:
    low, high = summary[f"{side}_win_ci95"]
    print(f"{name}: {side} win rate {summary[f'{side}_win_rate']:.3f} "
          f"(95% Wilson CI {low:.3f}..{high:.3f}, {summary['hands']} hands)")


@pytest.mark.slow
def test_greedy_beats_random_as_landlord(bot_matches):
    baseline, greedy = bot_matches["baseline"], bot_matches["greedy_landlord"]
    _report("random vs random", baseline, "landlord")
    _report("greedy landlord vs random", greedy, "landlord")
    assert greedy["hands"] == SIM_HANDS
    assert greedy["landlord_win_ci95"][0] > baseline["landlord_win_ci95"][1]
    assert greedy["landlord_win_ci95"][0] > 0.5


@pytest.mark.slow
def test_greedy_beats_random_as_peasants(bot_matches):
    baseline, greedy = bot_matches["baseline"], bot_matches["greedy_peasants"]
    _report("random vs random", baseline, "peasant")
    _report("greedy peasants vs random", greedy, "peasant")
    assert greedy["hands"] == SIM_HANDS
    assert greedy["peasant_win_ci95"][0] > baseline["peasant_win_ci95"][1]
    assert greedy["peasant_win_ci95"][0] > 0.5


# --- play ----------------------------------------------------------------------------------

def first_listed_move(listing: str) -> str:
    """The first move of the '?' listing (``type (n): move move ...`` lines), else pass."""
    for line in listing.splitlines():
        match = re.match(r"[a-z_]+ \(\d+\): (\S+)", line)
        if match:
            return match.group(1)
    assert listing.splitlines()[1] == "pass", listing  # after the echoed '?'
    return "pass"


# The first prompt gets an illegal answer, which must be explained and asked again.
ILLEGAL = {"lead": ("pass", "Illegal move: you lead, so you cannot pass"),
           "follow": ("5555 5", "Illegal move: 5 cards of rank 5")}


@pytest.mark.parametrize("seat", ["landlord", "peasant"])
def test_play_a_whole_hand_through_a_pipe(seat: str):
    game = PipedGame("--seat", seat, "--seed", "11", "--bot", "greedy")
    prompts = 0
    output = game.read_to_prompt()
    while output is not None:
        prompts += 1
        if prompts == 1:
            situation = "follow" if "To beat:" in output else "lead"
            answer, explanation = ILLEGAL[situation]
            game.answer(answer)
            explained = game.read_to_prompt()
            assert explained is not None and explanation in explained, explained
        # Play the first legal move the '?' listing shows (pass when nothing beats).
        game.answer("?")
        game.answer(first_listed_move(game.read_to_prompt()))
        output = game.read_to_prompt()
    result = game.finish()
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and prompts > 1
    landlord = "You (landlord)" if seat == "landlord" else "Bot 2 (landlord)"
    assert landlord in result.stdout.splitlines()[0]
    assert re.search(r"The (landlord wins|peasants win)\.", result.stdout)
    assert re.search(r"Scores: You \((landlord|peasant)\) [+-]\d+", result.stdout)


@pytest.mark.parametrize("rules, shown", [("laizi", 1), ("tiandi_laizi", 2)])
def test_play_a_hand_with_wild_cards_through_a_pipe(rules: str, shown: int):
    # The wild ranks are shown at the start; the '?' listing writes a move read with wild
    # cards as CARDS=READING, which the prompt reads back: playing the first listed move at
    # every prompt ends the hand.
    game = PipedGame("--rules", rules, "--seed", "5", "--bot", "greedy", timeout=120)
    output = game.read_to_prompt()
    wild_line = next(line for line in output.splitlines() if line.startswith("Wild ranks: "))
    assert len(wild_line.split("(")[0].split()) == 2 + shown
    prompts = 0
    while output is not None:
        prompts += 1
        game.answer("?")
        game.answer(first_listed_move(game.read_to_prompt()))
        output = game.read_to_prompt()
        assert output is None or "Illegal move" not in output, output
    result = game.finish()
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert prompts > 1 and re.search(r"Scores: You \(landlord\) [+-]\d+", result.stdout)


def test_play_reads_a_move_with_its_reading():
    # Seed 3 of laizi (its transcript): the human landlord holds 3 44 55 66 77 8 9 TTT JJ QQ
    # 2 R and 7 is wild. The cards 4477 make two moves: the natural 4s are in the main part,
    # so it is 44 + one wild as the trio 444 with the other wild as kicker, or 44 + both wilds
    # as the soft bomb 4444 (no other rank can be the main one: the 4s would have to be
    # kickers, and 77 alone is no trio or bomb). Typed alone they are refused as ambiguous;
    # with the reading, the bomb is played and the hand drops from 20 to 16 cards.
    result = ddz("play", "--rules", "laizi", "--seed", "3", stdin="4477\n4477=4444\nquit\n")
    assert "Wild ranks: 7 " in result.stdout
    assert "4477 can be played several ways: write one of 4477=444, 4477=4444" in result.stdout
    assert "Your hand (16): 3 55 66 8 9 TTT JJ QQ 2 R" in result.stdout
    assert result.returncode == 1 and "you left the game" in result.stderr


def test_play_without_a_kitty_deals_18_cards_and_shows_none():
    result = ddz("play", "--rules", "no_kitty", "--seed", "4", stdin="quit\n")
    assert result.returncode == 1 and "you left the game" in result.stderr
    assert "Kitty:" not in result.stdout and "Traceback" not in result.stderr
    assert "Your hand (18):" in result.stdout


def test_play_end_of_input_exits_with_a_message():
    result = ddz("play", "--seed", "4", stdin="3\n")
    assert result.returncode == 1
    assert result.stderr.strip() == \
        "ddz-fast: input ended before the hand was over; game abandoned"
    assert "Illegal move: you do not hold 3" in result.stdout or "Your move> 3" in result.stdout


def test_play_quit():
    result = ddz("play", "--seed", "4", stdin="quit\n")
    assert result.returncode == 1 and "you left the game" in result.stderr


def test_play_explains_unknown_ranks_and_impossible_cards():
    result = ddz("play", "--seed", "4", stdin="33X\n77777\n")
    assert "Illegal move: unknown rank 'X'" in result.stdout
    assert "Illegal move: 5 cards of rank 7" in result.stdout


def test_ambiguous_cards_need_the_notation():
    rest = "3456789TJQKA2" * 4
    landlord = "333444555666789T"
    others = Hand(rest + "BR")
    remaining = [c - u for c, u in zip(others.counts, Hand(landlord).counts)]
    pool = "".join(ddz_fast.cards.RANK_LETTERS[r] * n for r, n in enumerate(remaining))
    hands = [landlord + pool[:4], pool[4:21], pool[21:]]
    state = Game("douzero").new_state_from_hands(hands, landlord=0)
    with pytest.raises(ValueError, match="several ways.*333444555666:airplane_solo@4"):
        resolve_move("333444555666", state)
    move = resolve_move("333444555666:airplane_solo@4", state)
    assert (move.type, move.key) == ("airplane_solo", 1)
    assert resolve_move("333444555666:airplane", state).type == "airplane"
    with pytest.raises(ValueError, match="you do not hold"):
        resolve_move("2222", state)


# --- bench ---------------------------------------------------------------------------------

@pytest.mark.native  # its last row is random_games, which only the compiled core has
def test_bench_table():
    document = json.loads(ddz("bench", "--seconds", "0.05", "--json").stdout)
    names = [row["name"] for row in document["rows"]]
    assert names == ["lead moves, 17-card hands", "lead moves, 20-card hands",
                     "legal_moves_batch, 17-card hands", "classify",
                     "random games, Game/State", "random games, native"]
    for row in document["rows"]:  # every row ran: the compiled core is installed
        assert isinstance(row["rate"], float) and row["rate"] > 0, row
    text = ddz("bench", "--seconds", "0.02").stdout
    assert "games/s" in text and "moves/s" in text


@pytest.mark.skipif(ddz_fast.compiled.HAVE_CORE, reason="the row without the compiled core")
def test_bench_without_the_core_skips_only_the_native_row():
    document = json.loads(ddz("bench", "--seconds", "0.001", "--json").stdout)
    rates = {row["name"]: row["rate"] for row in document["rows"]}
    assert rates.pop("random games, native") is None
    assert all(isinstance(rate, float) and rate > 0 for rate in rates.values()), rates


@pytest.mark.parametrize("rules, wild", [("laizi", "7"), ("tiandi_laizi", "7T")])
def test_bench_with_wild_cards(rules: str, wild: str):
    document = json.loads(ddz("bench", "--seconds", "0.001", "--rules", rules,
                              "--json").stdout)
    assert document["rules"] == rules
    rows = {row["name"]: row for row in document["rows"]}
    assert list(rows) == ["lead moves, 17-card hands", "lead moves, 20-card hands",
                          "lead moves, 17-card hands, reference",
                          "legal_moves_batch, 17-card hands", "classify",
                          "random games, Game/State", "random games, native"]
    # The compiled play loop plays no wild cards (or is not built): its row says so.
    native = rows.pop("random games, native")
    assert native["rate"] is None
    assert native["detail"] == ("the compiled play loop plays no wild cards"
                                if ddz_fast.compiled.HAVE_CORE else "needs the compiled core")
    for row in rows.values():       # every other row ran
        assert isinstance(row["rate"], float) and row["rate"] > 0, row
    for name in ("lead moves, 17-card hands", "lead moves, 20-card hands",
                 "lead moves, 17-card hands, reference"):
        assert rows[name]["detail"].endswith(f"hands/s, wild {wild}")
    text = ddz("bench", "--seconds", "0.001", "--rules", rules).stdout
    assert text.startswith(f"benchmark ({rules} rules, {ddz_fast.IMPLEMENTATION})")
    assert "(the compiled play loop plays no wild cards)" in text or not \
        ddz_fast.compiled.HAVE_CORE


def test_bench_rows_take_about_their_budget_even_where_one_unit_is_slow():
    # Batches start at one unit and double up to the cap while the budget lasts, so a row
    # costs about its budget even when one unit (a reference call) takes milliseconds.
    from ddz_fast.cli.bench import timed

    sizes: List[int] = []
    done, seconds = timed(lambda n: sizes.append(n) or n, 0.0)
    assert sizes == [1] and done == 1 and seconds >= 0
    sizes.clear()
    timed(lambda n: sizes.append(n) or n, 0.05, most=8)
    assert sizes[:5] == [1, 2, 4, 8, 8] and max(sizes) == 8


# --- deal bonuses --------------------------------------------------------------------------

def test_deal_bonuses_from_the_command_line_in_either_order():
    plain = simulate(60, "--seed", "8", "--workers", "1", "--rules", "no_kitty")
    on = simulate(60, "--seed", "8", "--workers", "1", "--rules", "no_kitty", "--deal-bonuses")
    again = simulate(60, "--seed", "8", "--workers", "1", "--deal-bonuses", "--rules",
                     "no_kitty")
    assert {k: v for k, v in on.items() if k not in TIMING} == \
        {k: v for k, v in again.items() if k not in TIMING}
    assert (plain["rules"], on["rules"]) == ("no_kitty", "no_kitty+deal_bonuses")
    # The same deals and the same random decisions (neither looks at the multiplier): only the
    # multipliers grow, by the bonuses of about a third of the deals.
    assert on["landlord_wins"] == plain["landlord_wins"] and on["bombs_per_hand"] == \
        plain["bombs_per_hand"]
    assert on["mean_multiplier"] > plain["mean_multiplier"]
    assert_one_line_error(ddz("moves", "33", "--deal-bonuses"), "unrecognized arguments")


def test_play_announces_the_deal_bonuses():
    from ddz_fast import Rules
    from ddz_fast.search.bots import start_play

    rules = Rules(deal_bonuses=True)
    seed = next(s for s in range(100) if start_play(Game(rules), s, landlord=0).deal_bonuses)
    bonuses = start_play(Game(rules), seed, landlord=0).deal_bonuses
    result = ddz("play", "--seed", str(seed), "--deal-bonuses", stdin="quit\n")
    assert result.returncode == 1
    assert "standard+deal_bonuses rules" in result.stdout.splitlines()[0]
    lines = [line for line in result.stdout.splitlines() if line.startswith("Deal bonus: ")]
    assert len(lines) == len(bonuses)
    for line, (seat, _) in zip(lines, bonuses):
        assert line.startswith(f"Deal bonus: {'You' if seat == 0 else f'Bot {seat}'} (")
