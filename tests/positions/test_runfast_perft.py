"""Run Fast positions (ddz_fast.positions.runfast): the play rules, notation, checks, and perft
and divide against the independent brute-force walk of tests/support/runfast_walk.py, which
shares no code with the library; and the committed suite tests/perft/runfast.perft, whose
counts that walk wrote (tests/perft/make_runfast_suite.py).

The library's walk runs over the pure-Python generator (``implementation="python"``), so these
tests run the same under either build; the compiled core's count (``implementation="native"``,
the tests marked ``native``) is checked against that walk at every depth, on the suite and on
random positions of every rule variant.
"""
from __future__ import annotations

import json
import random
from typing import Dict, Iterator, List, Optional, Tuple

import pytest

from ddz_fast import Hand, Move, Rules
from ddz_fast import IMPLEMENTATION
from ddz_fast import moves as api
from ddz_fast.cli.main import main as ddz_fast_main
from ddz_fast.cards import RUNFAST_DECKS
from ddz_fast.positions.perft import divide, perft
from ddz_fast.positions.runfast import RunFastPosition, format_runfast_move, parse_runfast_move
from ddz_fast.positions.three_player import Position
from support import runfast_walk as walk
from support.paths import PERFT_DIR

PYTHON = "python"
REFERENCE = api.implementation("python")
RUNFAST = Rules.preset("runfast")
RUNFAST_15 = Rules.preset("runfast_15")
TWO = RUNFAST.replace(players=2)
#: The rule variants the random positions are played under: every option off its default.
VARIANTS = {
    "runfast": RUNFAST,
    "no_must_beat": RUNFAST.replace(must_beat=False),
    "no_one_card_rule": RUNFAST.replace(one_card_rule=False),
    "no_short_last_hand": RUNFAST.replace(short_last_hand=False),
    "aaa_bomb": RUNFAST.replace(aaa_bomb=True),
    "four_three": RUNFAST.replace(four_three=True),
    "two_players": TWO,
    "two_players_loose": TWO.replace(must_beat=False, one_card_rule=False, aaa_bomb=True),
    "runfast_15": RUNFAST_15,
    "runfast_15_two": RUNFAST_15.replace(players=2, four_three=True),
}
#: The library's walk is compared with the brute walk at depths 1, 2, ... until the whole tree
#: is counted or the nodes it expands over all those depths would pass this many (the cost of
#: the comparison: about a quarter of a millisecond a node over the pure-Python generator).
MAX_WORK = 3_000
#: The suite lines whose walk expands more nodes than this are left to the slow run.
SUITE_FAST_WORK = 1_500


def P(text: str) -> RunFastPosition:
    return RunFastPosition.parse(text)


def M(text: str) -> Move:
    return parse_runfast_move(text)


# --- the brute walk's view of a position -----------------------------------------------------

def brute_move(move: Move) -> walk.Move:
    if move.is_pass:
        return walk.PASS
    assert not any(move.counts[13:])
    return (move.type, move.key, move.length, tuple(move.counts[:13]))


def brute_state(position: RunFastPosition) -> walk.State:
    prev = None if position.prev is None else brute_move(position.prev)
    return (tuple(h.counts[:13] for h in position.hands), position.to_move, prev,
            position.passes)


def whole_tree_depth(position: RunFastPosition) -> int:
    """A depth beyond the longest line: every move takes a card, two passes at most follow."""
    return 3 * sum(map(len, position.hands)) + 1


def assert_perft_matches_brute(position: RunFastPosition, rules: Rules,
                               max_work: int = MAX_WORK) -> int:
    """perft == the brute walk at every depth 1, 2, ... up to the whole tree, or while the
    nodes the library's walks expand stay within ``max_work`` (the brute walk bounds them: a
    walk to depth d expands at most perft(0) + ... + perft(d - 1) nodes); on a difference,
    the divides of both. Returns the deepest depth compared."""
    opts, state = walk.options(rules), brute_state(position)
    depth = work = 0
    for depth in range(1, whole_tree_depth(position) + 1):
        expected = walk.perft(state, depth, opts)
        work += sum(walk.perft(state, k, opts) for k in range(depth))
        if work > max_work:
            return depth - 1
        counted = perft(position, depth, rules=rules, implementation=PYTHON)
        if counted != expected:
            ours = {brute_move(m): n for m, n in
                    divide(position, depth, rules=rules, implementation=PYTHON).items()}
            theirs = walk.divide(state, depth, opts)
            diff = {m: (ours.get(m), theirs.get(m)) for m in set(ours) | set(theirs)
                    if ours.get(m) != theirs.get(m)}
            pytest.fail(f"{position} under {rules!r}: perft {depth} = {counted}, brute "
                        f"{expected}; (ours, brute) by first action: {diff}")
        if not walk.live(state, depth, opts):    # every line has ended: the whole tree
            break
    return depth


def actions(text: str, rules: Rules = RUNFAST) -> List[str]:
    """The legal actions of a position as text (``pass`` for the pass)."""
    return [format_runfast_move(m) for m in P(text).legal_actions(rules, PYTHON)]


# --- the play rules --------------------------------------------------------------------------

def test_the_leader_cannot_pass_and_leads_any_move():
    assert actions("345677/889TTT/JJQQK2 0 - 0") == ["3", "4", "5", "6", "7", "77", "34567"]


def test_must_beat_forces_a_beating_move_and_allows_the_pass_only_when_nothing_beats():
    assert actions("5566/3333KK/99AA 1 44 0") == ["KK", "3333"]
    assert actions("5566/3333KK/99AA 1 44 0", RUNFAST.replace(must_beat=False)) == \
        ["pass", "KK", "3333"]
    assert actions("5566/33/99AA 1 44 0") == ["pass"]


def test_the_one_card_rule_holds_a_solo_to_the_highest_card_while_the_next_player_has_one():
    assert actions("36TKK/4/5789 0 - 0") == ["K", "KK"]          # seat 1, next, holds one
    assert actions("36TKK/4/5789 0 - 0", RUNFAST.replace(one_card_rule=False)) == \
        ["3", "6", "T", "K", "KK"]
    assert actions("36TKK/44/5789 0 - 0") == ["3", "6", "T", "K", "KK"]    # two cards: free
    # Following a solo: the highest card, which beats whenever any solo does.
    assert actions("36TK/4/5789 0 5 1") == ["K"]
    # It looks at the next player in turn only: seat 2 holds one card, seat 0 follows 1.
    assert actions("36TKK/4455/9 0 - 0") == ["3", "6", "T", "K", "KK"]


def test_short_last_hands_are_legal_only_as_the_whole_hand():
    assert actions("5556/666777/34 0 - 0") == ["5", "6", "55", "5556"]
    assert actions("5556/666777/34 0 - 0", RUNFAST.replace(short_last_hand=False)) == \
        ["5", "6", "55"]
    assert "666777" in actions("5556/666777/34 1 - 0")                 # no wings at all
    assert "666" not in actions("5556/666777/34 1 - 0")                # not the whole hand
    # A short form beats a lower full form of its type, key and length.
    assert actions("666/5/3 0 55534 1") == ["666"]


def test_bombs_and_the_aaa_bomb_option():
    assert actions("33AAA/59/2Q 0 KKKK 1") == ["pass"]
    assert actions("33AAA/59/2Q 0 KKKK 1", RUNFAST.replace(aaa_bomb=True)) == \
        ["AAA:bomb@A"]
    assert actions("4444/9/3 0 2 1") == ["4444"]                       # a bomb beats a solo


def test_four_three_is_a_move_only_with_its_option_and_is_no_bomb():
    four_three = RUNFAST.replace(four_three=True)
    assert "5555789" in actions("5555789/6666JQ/3K 0 - 0", four_three)
    assert "5555789" not in actions("5555789/6666JQ/3K 0 - 0")
    assert actions("6666JQK/3/4 0 5555789 1", four_three) == ["6666JQK", "6666"]


def test_passes_give_the_lead_back_after_every_other_player_passed():
    position = P("33/4/5 1 2 0")
    after = position.play(Move.PASS).play(Move.PASS)
    assert (after.to_move, after.prev, after.passes) == (0, None, 0)
    assert P("33/4/5 1 2 0").last_player == 0 and P("33/4/5 2 2 1").last_player == 0
    two = P("39/45 1 9 0")
    assert two.legal_actions() == [Move.PASS]          # None: runfast with two players
    after = two.play(Move.PASS)
    assert (after.to_move, after.prev, after.passes) == (0, None, 0)


def test_a_hand_ends_when_a_player_is_out():
    position = P("3/45/67 0 - 0").play(M("3"))
    assert position.is_over and position.winner == 0 and str(position) == "-/45/67 1 3 0"
    assert position.legal_actions() == [] and divide(position, 2) == {}
    assert perft(position, 0) == perft(position, 7) == 1
    assert P("33/45/67 0 - 0").winner is None


def test_play_refuses_an_illegal_action():
    with pytest.raises(ValueError, match="pass is not a legal action"):
        P("33/4/5 0 - 0").play(Move.PASS)
    with pytest.raises(ValueError, match="3 is not a legal action"):
        P("36TKK/4/5789 0 - 0").play(M("3"))
    with pytest.raises(TypeError, match="Move"):
        P("33/4/5 0 - 0").play("3")


# --- notation and checks ---------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "345677/889TTT/JJQQK2 0 - 0",
    "K/44499/55567TT 2 44499 0",
    "3/4/5 0 AAA:bomb@A 1",
    "-/7789/34 1 5556667789 0",
    "39/45 1 9 0",
    "-/45 1 3 0",
])
def test_notation_round_trips(text):
    position = P(text)
    assert str(position) == text and P(str(position)) == position
    assert hash(position) == hash(P(text))


@pytest.mark.parametrize("text, message", [
    ("3/4/5 0 - 0 0", "4 fields"),
    ("3/4/5/6 0 - 0", "two or three card texts"),
    ("3 0 - 0", "two or three card texts"),
    ("3/4/B 0 - 0", "black joker: a Run Fast deck has 0"),
    ("33333/4/5 0 - 0", "5 cards of rank 3"),
    ("3333/3/5 0 - 0", "5 of rank 3"),
    ("22/4/5 0 - 0", "2 of rank 2"),
    ("33445566778899TTJ/4/5 0 - 0", "17 cards"),
    ("3/4/5 3 - 0", "to move"),
    ("3/4 2 - 0", "to move"),
    ("3/4/5 0 - 2", "passes"),
    ("3/4/5 0 - 1", "when leading"),
    ("3/4 0 5 1", r"passes must be one of \(0,\)"),
    ("3/4/5 0 345 0", "not a move"),
    ("3/4/5 0 AAA 0", "ambiguous"),
    ("-/-/5 0 3 0", "at most one hand is empty"),
])
def test_bad_notation_is_rejected_with_a_reason(text, message):
    with pytest.raises(ValueError, match=message):
        P(text)


def test_the_move_to_beat_is_a_run_fast_move():
    with pytest.raises(ValueError, match="trio_solo, which is no Run Fast move type"):
        RunFastPosition(["3", "4", "5"], 0, Move("trio_solo", 0, 1, [3, 1] + [0] * 13))
    with pytest.raises(TypeError, match="prev must be a Move"):
        RunFastPosition(["3", "4", "5"], 0, "3")


def test_the_rules_are_checked_against_the_position_when_they_meet():
    three, two = P("3/4/5 0 - 0"), P("3/4 0 - 0")
    assert perft(three, 1) == perft(two, 1) == 1      # None: runfast, two players for two
    with pytest.raises(ValueError, match="players=2"):
        two.legal_actions("runfast")
    with pytest.raises(ValueError, match="players=3"):
        three.legal_actions(TWO)
    with pytest.raises(ValueError, match="Run Fast rules"):
        perft(three, 1, rules="standard")
    with pytest.raises(ValueError, match="Run Fast game"):
        perft(Position.parse("3/4/5 0 0 - 0"), 1, rules="runfast")
    with pytest.raises(ValueError, match="2 of rank A: the 45-card Run Fast deck has 1"):
        P("A/A/3 0 - 0").legal_actions(RUNFAST_15)
    with pytest.raises(ValueError, match="16 cards: a hand of the 45-card"):
        P("33445566778899TT/4/5 0 - 0").legal_actions(RUNFAST_15)
    with pytest.raises(ValueError, match="AAA:bomb@A is not a move under"):
        perft(P("3/4/5 0 AAA:bomb@A 1"), 1)
    assert perft(P("3/4/5 0 AAA:bomb@A 1"), 1, rules=RUNFAST.replace(aaa_bomb=True)) == 1
    with pytest.raises(ValueError, match="4444555 is not a move under"):
        perft(P("3/4/5 0 4444555 1"), 1)


def test_perft_arguments_are_checked():
    position = P("3/4/5 0 - 0")
    with pytest.raises(ValueError, match="depth"):
        perft(position, -1)
    with pytest.raises(ValueError, match="at least 1"):
        divide(position, 0)
    with pytest.raises(ValueError, match="unknown implementation"):
        perft(position, 1, implementation="turbo")


@pytest.mark.parametrize("field, value, message", [
    ("hands", (Hand("3"), Hand("4"), Hand("BR")), "joker"),
    ("hands", (Hand("3333"), Hand("3"), Hand("5")), "5 of rank 3"),
    ("hands", (Hand("3"),), "two or three hands"),
    ("hands", "345", "sequence"),
    ("to_move", 3, "to_move"),
    ("passes", 1, "when leading"),
    ("prev", Move("rocket", 13, 1, [0] * 13 + [1, 1]), "no Run Fast move type"),
])
def test_a_position_changed_behind_its_back_is_caught_where_it_is_walked(field, value,
                                                                          message):
    position = P("3/4/5 0 - 0")
    object.__setattr__(position, field, value)
    for walk_it in (lambda: perft(position, 2), lambda: divide(position, 2),
                    lambda: position.legal_actions(), lambda: position.play(M("3"))):
        with pytest.raises((TypeError, ValueError), match=message):
            walk_it()


def test_a_subclass_is_read_as_the_fields_it_holds():
    class Forged(RunFastPosition):
        pass

    position = Forged(["34", "5", "6"], 0)
    assert perft(position, 2) == perft(P("34/5/6 0 - 0"), 2)
    assert type(position.play(M("4"))) is RunFastPosition


# --- perft against the brute walk ------------------------------------------------------------

HAND_MADE = [
    (RUNFAST, "345677/889TTT/JJQQK2 0 - 0"),
    (RUNFAST, "5566/3333KK/99AA 1 44 0"),
    (RUNFAST.replace(must_beat=False), "5566/3333KK/99AA 1 44 0"),
    (RUNFAST, "36TKK/4/589A 0 - 0"),
    (RUNFAST.replace(one_card_rule=False), "36TKK/4/589A 0 - 0"),
    (RUNFAST, "5556/666777/34 0 - 0"),
    (RUNFAST.replace(short_last_hand=False), "5556/666777/34 0 - 0"),
    (RUNFAST, "555666/7789/34 0 - 0"),
    (RUNFAST, "44449/55559/78 2 3 1"),
    (RUNFAST.replace(aaa_bomb=True), "33AAA/KKKK5/2Q 0 - 0"),
    (RUNFAST.replace(four_three=True), "5555789/6666JQ/3K 0 - 0"),
    (TWO, "3456789/TTJJQ 0 - 0"),
    (TWO.replace(must_beat=False), "556677/TTJJQQK 1 3344 0"),
    (RUNFAST_15, "345KKK/QQQQ7/6A2 0 - 0"),
]


@pytest.mark.parametrize("rules, text", HAND_MADE, ids=[t for _, t in HAND_MADE])
def test_perft_equals_the_brute_walk_on_hand_made_positions(rules, text):
    assert assert_perft_matches_brute(P(text), rules) >= 2


def assert_native_matches_python(position: RunFastPosition, rules: Rules,
                                 max_work: int = MAX_WORK) -> int:
    """The compiled core's perft == the Python walk's at every depth 1, 2, ... up to the whole
    tree or while the Python walks expand at most ``max_work`` nodes (on a difference, the
    divides of both). Returns the deepest depth compared."""
    opts, state = walk.options(rules), brute_state(position)
    work = depth = 0
    for depth in range(0, whole_tree_depth(position) + 1):
        expected = perft(position, depth, rules=rules, implementation=PYTHON)
        counted = perft(position, depth, rules=rules, implementation="native")
        if counted != expected:
            ours = divide(position, depth, rules=rules, implementation="native")
            theirs = divide(position, depth, rules=rules, implementation=PYTHON)
            diff = {str(m): (ours.get(m), theirs.get(m)) for m in set(ours) | set(theirs)
                    if ours.get(m) != theirs.get(m)}
            pytest.fail(f"{position} under {rules!r}: native perft {depth} = {counted}, "
                        f"python {expected}; (native, python) by first action: {diff}")
        work += expected
        if work > max_work or not walk.live(state, depth, opts):   # or the whole tree
            break
    return depth


@pytest.mark.native
@pytest.mark.parametrize("rules, text", HAND_MADE, ids=[t for _, t in HAND_MADE])
def test_native_perft_equals_the_python_walk_on_hand_made_positions(rules, text):
    assert assert_native_matches_python(P(text), rules) >= 2


@pytest.mark.native
def test_native_divide_equals_the_python_divide():
    position = P("5556/666777/34 0 - 0")
    assert divide(position, 5, implementation="native") == \
        divide(position, 5, implementation=PYTHON)
    with pytest.raises(ValueError, match="at least 1"):
        divide(position, 0, implementation="native")
    with pytest.raises(ValueError, match="depth"):
        perft(position, -1, implementation="native")


def test_divide_adds_up_and_matches_the_brute_walk_move_by_move():
    position = P("5556/666777/34 0 - 0")
    split = divide(position, 5, implementation=PYTHON)
    assert sum(split.values()) == perft(position, 5, implementation=PYTHON) == 27
    assert {brute_move(m): n for m, n in split.items()} == \
        walk.divide(brute_state(position), 5, walk.options(RUNFAST))


def _deck_cards(rules: Rules) -> List[int]:
    return [rank for rank, copies in enumerate(RUNFAST_DECKS[rules.deck_size])
            for _ in range(copies)]


def _counts(cards: List[int]) -> List[int]:
    counts = [0] * 15
    for rank in cards:
        counts[rank] += 1
    return counts


def _is_short(move: Move) -> bool:
    return move.type in ("trio_two", "airplane_two") and len(move) < 5 * move.length


def random_position(rng: random.Random, rules: Rules) -> RunFastPosition:
    """Hands of 1 to 6 cards dealt from the rules' deck, a random player to move and, most
    of the time, a move to beat made of other cards of the deck (never a short form: a short
    form ends the hand), with a random count of passes after it."""
    cards = _deck_cards(rules)
    rng.shuffle(cards)
    hands = []
    for _ in range(rules.players):
        size = rng.randint(1, 6)
        hands.append(Hand(_counts(cards[:size])))
        cards = cards[size:]
    prev: Optional[Move] = None
    if rng.random() < 0.65:
        played = Hand(_counts(cards[:rng.randint(1, 7)]))
        choices = [m for m in REFERENCE.legal_moves(played, rules=rules) if not _is_short(m)]
        prev = rng.choice(choices)
    passes = rng.randrange(rules.players - 1) if prev is not None else 0
    return RunFastPosition(hands, rng.randrange(rules.players), prev, passes)


#: Two seeds a variant in the default run, four in the slow one.
RANDOM_CASES = [pytest.param(name, seed, id=f"{name}-{seed}",
                             marks=[pytest.mark.slow] if seed >= 2 else [])
                for name in VARIANTS for seed in range(4)]


@pytest.mark.parametrize("variant, seed", RANDOM_CASES)
def test_perft_equals_the_brute_walk_on_random_small_positions(variant, seed):
    rules = VARIANTS[variant]
    rng = random.Random(f"{variant}/{seed}")
    for _ in range(3):
        position = random_position(rng, rules)
        assert P(str(position)) == position
        assert_perft_matches_brute(position, rules, max_work=600)


NATIVE_RANDOM_CASES = [pytest.param(name, seed, id=f"{name}-{seed}",
                                    marks=[pytest.mark.slow] if seed >= 1 else [])
                       for name in VARIANTS for seed in range(30)]


@pytest.mark.native
@pytest.mark.parametrize("variant, seed", NATIVE_RANDOM_CASES)
def test_native_perft_equals_the_python_walk_on_random_positions(variant, seed):
    """Random positions of every rule variant (2 and 3 hands, both decks, every option off
    its default): the native count is the Python walk's at every depth it reaches (one
    seed a variant in the default run, thirty in the slow one)."""
    rules = VARIANTS[variant]
    rng = random.Random(f"native/{variant}/{seed}")
    for _ in range(3):
        assert_native_matches_python(random_position(rng, rules), rules, max_work=1_500)


# --- the committed suite ---------------------------------------------------------------------

SuiteEntry = Tuple[Rules, RunFastPosition, List[Tuple[int, int]], int]


def suite_rules(words: List[str]) -> Rules:
    """The rules of a suite's ``rules PRESET [OPTION=VALUE ...]`` line."""
    options: Dict[str, object] = {}
    for word in words[1:]:
        name, _, value = word.partition("=")
        options[name] = {"true": True, "false": False}.get(value) if value in ("true", "false") \
            else int(value)
    return Rules.preset(words[0]).replace(**options) if options else Rules.preset(words[0])


def read_runfast_suite(text: str) -> Iterator[SuiteEntry]:
    rules, entry = RUNFAST, None
    for number, line in enumerate(text.splitlines(), 1):
        word, _, rest = line.strip().partition(" ")
        if not word or word.startswith("#"):
            continue
        if word == "perft":
            depth, nodes = map(int, rest.split())
            assert entry is not None, f"line {number}: perft before any position"
            entry[2].append((depth, nodes))
            continue
        if entry is not None:
            yield entry
            entry = None
        if word == "rules":
            rules = suite_rules(rest.split())
        elif word == "position":
            entry = (rules, P(rest), [], number)
        else:
            raise ValueError(f"line {number}: {line!r}")
    if entry is not None:
        yield entry


SUITE = list(read_runfast_suite((PERFT_DIR / "runfast.perft").read_text(encoding="utf-8")))


def _work(counts: List[Tuple[int, int]], depth: int) -> int:
    """The nodes a walk to ``depth`` expands at most: the counts of the depths above it."""
    return 1 + sum(nodes for d, nodes in counts if d < depth)


SUITE_LINES = [pytest.param(rules, position, depth, nodes, id=f"line{line}:d{depth}",
                            marks=[pytest.mark.slow] if _work(counts, depth) > SUITE_FAST_WORK
                            else [])
               for rules, position, counts, line in SUITE for depth, nodes in counts]


def test_the_suite_covers_every_option():
    rules = [r for r, _, _, _ in SUITE]
    assert len(SUITE) >= 10 and len(SUITE_LINES) >= 100
    assert any(not r.must_beat for r in rules) and any(not r.one_card_rule for r in rules)
    assert any(not r.short_last_hand for r in rules) and any(r.aaa_bomb for r in rules)
    assert any(r.four_three for r in rules) and any(r.players == 2 for r in rules)
    assert any(r.deck_size == 45 for r in rules)
    assert any(p.prev is not None and p.passes for _, p, _, _ in SUITE)


@pytest.mark.parametrize("rules, position, depth, nodes", SUITE_LINES)
def test_perft_suite_line(rules, position, depth, nodes):
    assert perft(position, depth, rules=rules, implementation=PYTHON) == nodes


@pytest.mark.native
@pytest.mark.parametrize("rules, position, counts", [(r, p, c) for r, p, c, _ in SUITE],
                         ids=[f"line{line}" for _, _, _, line in SUITE])
def test_native_perft_counts_every_suite_line(rules, position, counts):
    """Every depth of every suite line (whose counts the Python walk meets in
    test_perft_suite_line and the brute walk wrote), counted natively: cheap at any depth."""
    assert [(d, perft(position, d, rules=rules, implementation="native"))
            for d, _ in counts] == counts


@pytest.mark.parametrize("rules, position, counts", [(r, p, c) for r, p, c, _ in SUITE],
                         ids=[f"line{line}" for _, _, _, line in SUITE])
def test_the_suite_counts_are_the_brute_walks(rules, position, counts):
    """The brute walk counts every line of the suite (it is cheap there): the file is what
    the script wrote from it, not edited since."""
    state, opts = brute_state(position), walk.options(rules)
    assert [(d, walk.perft(state, d, opts)) for d, _ in counts] == counts


# --- the command line ------------------------------------------------------------------------

def test_the_command_line_counts_run_fast_positions(capsys):
    assert ddz_fast_main(["perft", "5556/666777/34 0 - 0", "5", "--rules", "runfast",
                          "--divide", "--seconds", "0.01"]) == 0
    lines = capsys.readouterr().out.splitlines()
    split = dict(line.split(": ") for line in lines[:4])
    assert list(split) == ["5", "6", "55", "5556"] and split["5556"] == "1"
    assert sum(map(int, split.values())) == 27
    default = "native" if IMPLEMENTATION == "native" else "python"
    assert lines[4] == f"perft 5: 27 nodes ({default}, runfast rules)"
    assert ddz_fast_main(["perft", "3456789/TTJJQ 0 - 0", "4", "--rules", "runfast",
                          "--json", "--seconds", "0.01"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert (document["nodes"], document["rules"]) == (100, "runfast, 2 players")


@pytest.mark.native
def test_the_command_line_counts_run_fast_natively_by_default(capsys):
    assert ddz_fast_main(["perft", "5556/666777/34 0 - 0", "5", "--rules", "runfast",
                          "--seconds", "0.01"]) == 0
    assert "perft 5: 27 nodes (native, runfast rules)" in capsys.readouterr().out
    assert ddz_fast_main(["perft", "5556/666777/34 0 - 0", "5", "--rules", "runfast",
                          "--implementation", "python", "--seconds", "0.01"]) == 0
    assert "(python, runfast rules)" in capsys.readouterr().out
