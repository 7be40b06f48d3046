"""Hostile input: every case that once crashed, hung or answered with an unclear error is now a
clear error, a bounded run or a correct answer.

Crashes run in subprocesses where a regression would take the test process down; a run that
once never ended is given a bound it must finish within (pytest's own time is the judge)."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import ddz_fast
from ddz_fast import (Game, Hand, InformationSet, Match, Move, Position, classify, legal_moves,
                      legal_moves_batch, perft, perft_native, play_out, random_games)
from ddz_fast.arena import duplicate as arena, runfast as runfast_arena, stats
from ddz_fast.compiled import load
from ddz_fast.engine import three_player as game_module
from ddz_fast.engine.game import deal_cards
from ddz_fast.moves.notation import parse_action
from ddz_fast.engine import record
from ddz_fast.actions import Bid
from ddz_fast.positions.rollouts import RunFastGames
from ddz_fast.search.bots import RandomBot
from ddz_fast.engine.clock import Clock
from ddz_fast.cli.simulate import Matchup, run_matches
from ddz_fast.compat import openspiel
from ddz_fast.engine.base import AutoPlayLoopError

from support.cli import ddz
from support.common import sample_size, slow_in_python, tampered
from support.subprocesses import SUBPROCESS_CWD, default_sigint

# The play loop's kernels, or stand-ins raising NativeCoreMissingError when the core is not built
# (the tests that use them are marked ``native``).
_perft = load("ddz_fast.positions._perft")
_rollouts = load("ddz_fast.positions._rollouts")
_random_games_kernel = load("ddz_fast.engine._random_games")

OPENING = Position.parse("33445566/789TJ/QKA2B 0 1 KK 0")
# Type code 10 (airplane with pair wings) with pair counts and no main rank: no legal move.
NO_MAIN_RANKS = 0xA000000000000000
PAIR_OF_THREES = classify("33")[0]


def run_python(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=timeout, cwd=SUBPROCESS_CWD)


# --- words that once crashed the core ------------------------------------------------------

@pytest.mark.native
def test_the_kernels_are_safe_on_a_word_of_no_move():
    # respond() once computed ctz(0) and recursed without end on this word; in a subprocess,
    # so that a regression fails this test instead of killing the run.
    result = run_python(
        "import numpy as np; from ddz_fast import Hand; from ddz_fast.moves import _batches\n"
        f"prevs = np.full(64, {NO_MAIN_RANKS:#x}, dtype=np.uint64)\n"
        "hands = np.full(64, Hand('33445566778899TTBR').bitboard, dtype=np.uint64)\n"
        "moves, offsets = _batches._batch_moves(hands, prevs, None)\n"
        "print(len(moves), offsets[-1])\n")
    assert result.returncode == 0, result.stderr
    # Against a word of no legal shape only the bombs and the rocket answer: here the rocket.
    assert result.stdout.split() == ["64", "64"]


def test_a_thread_rewriting_prevs_during_batched_calls_cannot_crash_them():
    # The native run's 300 calls of 256 hands are the race test; the pure-Python run takes a
    # sample of each (its answers are still checked).
    size = sample_size(256, minimum=16)
    hands = [list(Hand("33445566778899TTBR").counts)] * size   # a list: the fully checked path
    legal = np.uint64(PAIR_OF_THREES.word)
    prevs = np.full(size, legal, dtype=np.uint64)
    stop = threading.Event()

    def vandal() -> None:
        while not stop.is_set():
            prevs[::2] = np.uint64(NO_MAIN_RANKS)
            prevs[::2] = legal

    thread = threading.Thread(target=vandal)
    thread.start()
    outcomes = set()
    try:
        for _ in range(sample_size(300)):
            try:
                moves, offsets = legal_moves_batch(hands, prevs)
            except ValueError as error:
                assert "is not a legal move" in str(error)
                outcomes.add("refused")
            else:
                # Checked words only: the answers to a pair of 3s (the seven higher pairs 44..TT,
                # and the rocket).
                assert np.diff(offsets).tolist() == [8] * size
                outcomes.add("answered")
    finally:
        stop.set()
        thread.join()
    assert outcomes


def test_a_memory_mapped_prevs_array_is_read_through_a_private_copy(tmp_path):
    prevs = np.memmap(tmp_path / "prevs", dtype=np.uint64, mode="w+", shape=(4,))
    prevs[:] = PAIR_OF_THREES.word
    hands = [list(Hand("4455BR").counts)] * 4
    moves, offsets = legal_moves_batch(hands, prevs)
    assert offsets.tolist() == [0, 3, 6, 9, 12]
    prevs[0] = NO_MAIN_RANKS
    with pytest.raises(ValueError, match=r"prevs\[0\] = 0xa000000000000000 is not a legal move"):
        legal_moves_batch(hands, prevs)


class LyingHand(Hand):
    __slots__ = ()
    bitboard = property(lambda self: 0x8)          # a flag bit: no cards at all


class LyingMove(Move):
    __slots__ = ()
    word = property(lambda self: 10 << 60)          # a type code and nothing else


@pytest.mark.native
def test_forged_objects_never_reach_the_core():
    forged = LyingHand("34")
    position = Position([forged, Hand("5"), Hand("6")], 0, 0)
    honest = Position(["34", "5", "6"], 0, 0)
    assert type(position.hands[0]) is Hand and position == honest
    assert perft_native(position, 3) == perft(honest, 3, implementation="python")
    assert play_out(position, 1) == play_out(honest, 1)
    assert legal_moves(forged) == legal_moves("34")
    with pytest.raises(ValueError, match="prev is no valid move"):
        legal_moves("44", LyingMove._trusted("pair", 0, 1, PAIR_OF_THREES.counts))


@pytest.mark.native
def test_a_position_changed_after_its_checks_is_checked_again():
    position = Position(["3", "4", "5"], 0, 0)
    object.__setattr__(position, "to_move", 7)
    for walk in (lambda p: play_out(p, 1), lambda p: perft_native(p, 3),
                 lambda p: perft(p, 3)):
        with pytest.raises(ValueError, match="to_move must be seat 0, 1 or 2, got 7"):
            walk(position)
    # A lying hand is read for what its counts say, checked: one card more than a deck is
    # refused, whatever its bitboard claims.
    object.__setattr__(position, "to_move", 0)
    object.__setattr__(position, "hands", (LyingHand("3"), Hand("4"), Hand("5")))
    assert perft_native(position, 3) == perft(Position(["3", "4", "5"], 0, 0), 3)
    object.__setattr__(position, "hands", (Hand("3333"), Hand("3"), Hand("5")))
    for walk in (lambda p: play_out(p, 1), lambda p: perft_native(p, 3)):
        with pytest.raises(ValueError, match="one deck has"):
            walk(position)
    plain = Position(["3", "4", "5"], 0, 0)
    object.__setattr__(plain, "prev", LyingMove._trusted("solo", 0, 1, Hand("3").counts))
    object.__setattr__(plain, "passes", 0)
    with pytest.raises(ValueError, match="no valid move"):
        play_out(plain, 1)


@pytest.mark.native
def test_the_play_kernels_check_the_words_and_seats_they_are_handed():
    with pytest.raises(ValueError, match="hand word 0x8 has bits outside the rank counts"):
        _rollouts._play_out((0x8, Hand("4").bitboard, Hand("5").bitboard), 0, 0, 0, 0, 1, None)
    with pytest.raises(ValueError, match="seat"):
        _perft._perft((1, 1, 1), 0, 5, 0, 0, 3, None)


# --- runs that never ended -----------------------------------------------------------------

def test_all_three_seats_on_auto_play_during_bidding_stop_with_a_clear_error():
    state = Game().new_state(seed=3)
    for seat in range(3):
        state.set_auto_play(seat, True)
    with pytest.raises(AutoPlayLoopError, match="re-dealt 100 times without a bid"):
        state.run_auto_play()
    assert state.redeals == 100 and state.phase == "bidding"
    match = Match(Game(), 2, seed=1)
    for seat in range(3):
        match.state.set_auto_play(seat, True)
    with pytest.raises(AutoPlayLoopError):
        match.play(lambda s: s.legal_actions()[0])


def test_re_deals_cost_one_shuffle_each(monkeypatch):
    shuffles = []
    real = game_module._shuffled_deck
    monkeypatch.setattr(game_module, "_shuffled_deck",
                        lambda rng: shuffles.append(1) or real(rng))
    state = Game().new_state(seed=9)
    shuffles.clear()
    for _ in range(1000):
        for _ in range(3):
            state.apply(Bid.PASS)
    assert state.redeals == 1000
    # Deal 1 replays deal 0 of the stream once; every later deal continues the stream.
    assert len(shuffles) == 1001
    # A record of those re-deals replays with the same linear cost, to the same deals.
    shuffles.clear()
    loaded = record.load(record.from_json(record.to_json(state)))
    assert loaded == state and len(shuffles) <= 1002
    assert state.hands == deal_cards(9, 1000).hands


def test_a_huge_move_key_or_length_is_refused_before_any_word_is_built():
    counts = Hand("34567").counts
    for key, length, message in ((0, 10 ** 7, "length must be at most 15"),
                                 (10 ** 15, 5, "key must be at most 14"),
                                 (-1, 5, "key must be at least 0")):
        with pytest.raises(ValueError, match=message):
            Move("chain", key, length, counts)


def test_a_match_of_endless_hands_makes_its_hands_as_it_goes():
    started = time.perf_counter()
    match = Match(Game(), 10 ** 9, seed=4)
    assert match.state is not None and time.perf_counter() - started < 5


@slow_in_python  # its first unit of work is 200 whole hands: ~20 s in pure Python
def test_a_simulation_of_endless_hands_makes_its_jobs_as_it_goes():
    def stop_at_once(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_matches(Matchup(1, "random", "random", ddz_fast.Rules()), 10 ** 20, 1,
                    stop_at_once)


def test_bench_takes_only_finite_durations():
    for seconds in ("inf", "nan", "-1", "1e9"):
        result = ddz("bench", "--seconds", seconds)
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result
        assert "--seconds" in result.stderr


@pytest.mark.parametrize("code", [
    "ddz_fast.perft_native(ddz_fast.Position.parse("
    "'33445566778899TTJ/QQKKAA22BR3456789/TJQKA2 0 0 - 0'), 40)",
    "ddz_fast.random_games(ddz_fast.positions.rollouts.MAX_GAMES_PER_CALL, 1)",
    "ddz_fast.perft(ddz_fast.Game('runfast').new_state(seed=1).position(), 40, "
    "implementation='native')",
    "ddz_fast.random_games(ddz_fast.positions.rollouts.MAX_GAMES_PER_CALL, 1, rules='runfast')",
])
@pytest.mark.native
def test_long_native_loops_stop_on_ctrl_c(code: str):
    process = subprocess.Popen(
        [sys.executable, "-c", f"import ddz_fast, sys; print('go', flush=True); {code}"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=SUBPROCESS_CWD,
        preexec_fn=default_sigint)
    try:
        assert process.stdout.readline() == "go\n"
        time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()
        process.wait()
    assert process.returncode != 0 and "KeyboardInterrupt" in stderr


# --- errors that were unclear --------------------------------------------------------------

def test_a_closed_pipe_ends_the_output_quietly():
    reader_gone = subprocess.run(
        f"{sys.executable} -m ddz_fast moves 33445566778899TTJJQQKKAA22BR | head -1",
        shell=True, capture_output=True, text=True, timeout=120, cwd=SUBPROCESS_CWD)
    assert reader_gone.stdout.count("\n") == 1 and reader_gone.stderr == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_write_error_is_one_line():
    with open("/dev/full", "w") as full:
        result = subprocess.run([sys.executable, "-m", "ddz_fast", "moves", "33344455BR"],
                                stdout=full, stderr=subprocess.PIPE, text=True, timeout=120,
                                cwd=SUBPROCESS_CWD)
    assert result.returncode == 1
    assert result.stderr == "ddz-fast: error: cannot write the output: No space left on device\n"


def _record() -> dict:
    state = Game().new_state(seed=2)
    state.apply(Bid.BID_3)
    return record.to_record(state)


def _with(change) -> dict:
    document = _record()
    change(document)
    return document


@pytest.mark.parametrize("document, message", [
    (_with(lambda r: r.pop("start")), "record lacks 'start'"),
    (_with(lambda r: r.__setitem__("game", 3)), "record game must be a JSON object, not int"),
    (_with(lambda r: r["start"].pop("seed")), "record start lacks 'seed'"),
    (_with(lambda r: r["events"].append(5)), "record event 2 must be a JSON object"),
    (_with(lambda r: r["events"][0].pop("action")), "needs an action"),
    (_with(lambda r: r["events"][0].__setitem__("kind", [1])), "event kind must be a str"),
    (_with(lambda r: r["start"].__setitem__("hands", "3344")), "list of three card texts"),
    (_with(lambda r: r["game"]["clock"].__setitem__("tick", 1)), "unknown clock options: tick"),
    (_with(lambda r: r["game"]["clock"].__setitem__("lead", float("inf"))), "finite"),
    (_with(lambda r: r.__setitem__("events", [{"kind": "act", "player": 0}] * 100_001)),
     "100001 events: at most 100000"),
])
def test_a_malformed_record_is_refused_with_what_is_wrong(document: dict, message: str):
    with pytest.raises(ValueError, match=message):
        record.load(document)


def test_record_text_is_checked_for_size_and_nesting_before_parsing():
    with pytest.raises(ValueError, match="nests deeper than"):
        record.from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError, match="not JSON"):
        record.from_json('{"format": ')
    with pytest.raises(ValueError, match="characters: at most"):
        record.from_json(" " * (record.MAX_RECORD_CHARS + 1))
    brackets_in_strings = json.dumps({"format": "[[[[[[[[[[[["})
    with pytest.raises(ValueError, match="not a ddz_fast.record"):
        record.from_json(brackets_in_strings)


def _nested(depth: int) -> list:
    """A list nested ``depth`` deep: its repr recurses past Python's limit."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _douzero():
    """The DouZero drop-in, imported when a test calls it: it needs the compiled core."""
    from ddz_fast.compat import douzero
    return douzero


def _native(*values):
    """A case that needs the compiled core: the native-only functions, or the errors of the
    core's MoveList (the pure-Python legal_moves returns a list)."""
    return pytest.param(*values, marks=pytest.mark.native)


@pytest.mark.parametrize("call, error, message", [
    _native(lambda: random_games(2 ** 63, 0), ValueError, "n must be at most"),
    _native(lambda: random_games(2 ** 21, 0, record=True), ValueError, "with record=True"),
    _native(lambda: random_games(0, 1, start=2 ** 64), ValueError, "past game 2\\*\\*64 - 1"),
    _native(lambda: legal_moves("3344")[2 ** 70], IndexError, "MoveList index out of range"),
    (lambda: legal_moves("3344")["0"], TypeError, "indices must be integers or slices"),
    (lambda: Hand(np.array(3)), TypeError, "not a 0-dimensional array"),
    (lambda: Hand(np.zeros(15, dtype="m8[s]")), TypeError, "ints, not an array of timedelta64"),
    (lambda: legal_moves_batch(np.zeros((2, 15), dtype="m8[s]")), TypeError,
     "integer array, not timedelta64"),
    (lambda: Hand(b"3344"), TypeError, "not bytes"),
    (lambda: Move(["solo"], 0, 1, Hand("3").counts), TypeError, "move type must be a str"),
    (lambda: openspiel.from_id(np.array([5, 6])), TypeError, "an action id is an int"),
    _native(lambda: _douzero().hand_of(5), TypeError,
            "DouZero cards are a list of ints, not int"),
    _native(lambda: _douzero().move_of(5), TypeError,
            "DouZero cards are a list of ints, not int"),
    (lambda: legal_moves_batch([[1, 2], [3]]), ValueError,
     "hands must be a rectangular array of integers"),
    (lambda: Clock(follow=float("nan")), ValueError, "clock limit follow must be a finite"),
    (lambda: Clock(lead=float("inf")), ValueError, "clock limit lead must be a finite"),
    (lambda: Position(7, 0, 0), TypeError, "hands must be a sequence of three hands"),
    _native(lambda: legal_moves("3").index(_nested(10_000)), ValueError,
            "is not in the MoveList"),
    (lambda: RandomBot("\ud800"), ValueError, "lone surrogate"),
    (lambda: Game().new_state("\ud800"), ValueError, "lone surrogate"),
    (lambda: record.load(_with(lambda r: r["events"][0].__setitem__("player", np.ones(2)))),
     ValueError, "event player must be a seat number"),
    (lambda: record.load(_with(lambda r: r.__setitem__("result", {"x": _nested(10_000)}))),
     ValueError, "differs from the recorded"),
    (lambda: parse_action("3", _nested(10_000)), ValueError, "no actions are played in phase"),
    (lambda: parse_action("3", ["play"]), ValueError, "no actions are played in phase"),
    (lambda: stats.bradley_terry([]), ValueError, "wins must have 1 to 256 rows, got 0"),
    (lambda: stats.bradley_terry([[0, 1], [1]]), ValueError, "row 1 has 1 entries, not 2"),
    (lambda: stats.bradley_terry(np.complex128(1)), TypeError, "wins must be a square matrix"),
    (lambda: stats.wilson_interval([1], 3), TypeError, "successes must be a number, not list"),
    (lambda: stats.wilson_interval(5, 3), ValueError, "successes must be between 0 and 3"),
    (lambda: stats.normal_interval(6, 14, 0), ValueError, "n must be at least 1, got 0"),
    (lambda: stats.normal_interval(6, 14, 3, 0.0), ValueError, "scale must not be 0"),
    (lambda: arena.ArenaConfig(5), TypeError, "bots must be a tuple or list of bot specs"),
    (lambda: InformationSet.from_position(Position.parse("3/4/5 0 0 - 0"), 0, history=False),
     TypeError, "history must be a list of .seat, action. pairs, not bool"),
    (lambda: InformationSet.from_position(Position.parse("3/4/5 0 0 - 0"), 0,
                                          history=[(0, "3")]),
     TypeError, r"history\[0\] action must be a bid, a double or a Move, not str"),
    (lambda: arena.run_arena(arena.ArenaConfig(("random", "greedy")), 2**70), ValueError,
     "hands must be at most"),
    (lambda: arena.run_arena(arena.ArenaConfig(("random", "greedy")), 2, backend=np.ones(2)),
     TypeError, "backend must be 'local' or 'ray', not ndarray"),
])
def test_bad_values_get_errors_that_name_them(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_positions_take_numpy_integers():
    position = Position(["3", "4", "5"], np.int64(1), np.uint8(2))
    assert (position.landlord, position.to_move) == (1, 2)
    assert type(position.landlord) is int


def test_perft_of_a_finished_hand_is_one_leaf_with_or_without_divide():
    finished = "-/4/5 0 1 - 0"
    for extra in ((), ("--divide",)):
        result = ddz("perft", finished, "3", *extra)
        assert result.returncode == 0 and "perft 3: 1 nodes" in result.stdout, result


# --- the surfaces added later: solver, information sets, bots, arena ----------------------------

FINISHED = Position.parse("-/4/5 0 1 3 0")      # the landlord went out with its last card


@pytest.mark.native
def test_a_position_that_once_crashed_the_solver_is_refused():
    # to_move once indexed past the hands in native code: a segfault. In a subprocess, so that
    # a regression fails this test instead of killing the run.
    result = run_python(
        "from ddz_fast import Position, solve\n"
        "p = Position.parse('K/J/Q 0 0 - 0'); object.__setattr__(p, 'to_move', 100000)\n"
        "try:\n    solve(p)\nexcept ValueError as error:\n    print(error)\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("position is no valid position: to_move")


@pytest.mark.native
@pytest.mark.parametrize("fields, error, message", [
    ({"landlord": 3}, ValueError, "landlord"),
    ({"landlord": True}, TypeError, "landlord"),
    ({"passes": 2}, ValueError, "passes"),
    ({"hands": (1, 2, 3)}, TypeError, "hand"),
    ({"wild": 99}, ValueError, "wild"),
    ({"prev": "KK"}, TypeError, "prev"),
])
def test_a_position_changed_behind_its_back_is_checked_again_by_the_solver(fields, error,
                                                                            message):
    forged = tampered(Position.parse("K/J/Q 0 0 - 0"), **fields)
    with pytest.raises(error, match=message):
        ddz_fast.solve(forged)


@pytest.mark.native
def test_a_duel_changed_behind_its_back_is_checked_again_by_the_solver():
    duel = ddz_fast.Duel.parse("3/4")
    with pytest.raises(ValueError, match="one deck has 4"):        # five 3s in one deck
        ddz_fast.solve(tampered(duel, first=Hand("3333"), second=Hand("3")))
    with pytest.raises(TypeError, match="prev"):
        ddz_fast.solve(tampered(duel, prev=5))


def test_a_duel_checks_its_move_to_beat_as_a_position_does():
    class Forged(Move):
        __slots__ = ()
    fake = Forged.__new__(Forged)
    fake._type, fake._key, fake._length = "pair", 0, 1
    fake._counts, fake._word = PAIR_OF_THREES.counts, 12345      # no move's word
    with pytest.raises(ValueError, match="prev is no valid move"):
        ddz_fast.Duel("44", "55", fake)
    with pytest.raises(ValueError, match="prev is no valid move"):
        Position(["44", "55", "66"], 0, 1, fake)


@pytest.mark.native
def test_the_solver_takes_numpy_integers_where_it_takes_ints():
    duel = ddz_fast.Duel.parse("BR3/44")
    plain = ddz_fast.solve(duel, max_nodes=10_000, tt_megabytes=8)
    numpy = ddz_fast.solve(duel, max_nodes=np.int64(10_000), tt_megabytes=np.int32(8))
    assert numpy.winning_moves == plain.winning_moves and numpy.exact


@pytest.mark.native
def test_a_finished_position_has_its_stake():
    # The landlord went out: no bomb is played from here on, so the stake is +2**0.
    found = ddz_fast.solve(FINISHED, objective="stake")
    assert found.exact and found.landlord_wins is True and found.stake == 1
    lost = ddz_fast.solve(Position.parse("3/-/5 0 2 4 0"), objective="stake")
    assert lost.exact and lost.landlord_wins is False and lost.stake == -1


@pytest.mark.parametrize("passes, error", [(-1, ValueError), (2, ValueError), (2 ** 40, ValueError),
                                           (1.0, ValueError), ("1", ValueError)])
def test_an_information_set_with_bad_passes_fails_when_it_is_built(passes, error):
    import dataclasses

    state = Game().new_state(seed=3)
    while state.phase != "play":
        state.apply(state.legal_actions()[-1])
    state.apply(state.legal_actions()[0])           # a lead: the next player follows it
    info = ddz_fast.information_set(state, state.current_player)
    with pytest.raises(error, match="passes"):
        dataclasses.replace(info, passes=passes)
    with pytest.raises(ValueError, match="passes"):
        dataclasses.replace(info, prev=None, passes=1)     # nothing to beat, yet a pass since


def test_the_arena_keeps_a_numpy_seed_as_a_plain_int():
    config = arena.ArenaConfig(("random", "greedy"), np.int64(3))
    assert type(config.seed) is int and config.seed == 3
    summary = arena.summarise(config, arena.play_deals(config, 0, 1))
    assert json.loads(json.dumps(summary))["seed"] == 3


def test_a_bidder_that_never_bids_stops_with_a_clear_error():
    from ddz_fast.search.bots import play_hand

    class Passer(RandomBot):
        def bid(self, state):
            return Bid.PASS
    state = Game().new_state(seed=1)
    with pytest.raises(AutoPlayLoopError, match="re-dealt 50 times without a bid"):
        play_hand(state, Passer(1), Passer(2), max_redeals=50)
    assert state.redeals == 50 and state.phase == "bidding"


def test_an_unknown_implementation_is_one_line_on_the_command_line():
    env = dict(os.environ, DDZ_FAST_IMPLEMENTATION="pure")
    done = subprocess.run([sys.executable, "-m", "ddz_fast", "moves", "33"], capture_output=True,
                          text=True, timeout=120, cwd=SUBPROCESS_CWD, env=env)
    assert done.returncode == 2 and not done.stdout
    assert done.stderr == ("ddz-fast: error: DDZ_FAST_IMPLEMENTATION='pure' is not an "
                           "implementation: use 'native' (the default) or 'python'\n")


# --- a Rules changed behind its back ----------------------------------------------------------

_BIG_HAND = Hand("3334445556667778889TJQKA2BR")


def _both_implementations(call):
    """(native outcome, reference outcome) of ``call(module)``: a result or the error text."""
    from ddz_fast.moves import implementation
    outcomes = []
    for name in ("native", "python"):
        try:
            outcomes.append(call(implementation(name)))
        except (TypeError, ValueError) as error:
            outcomes.append(f"{type(error).__name__}: {error}")
    return outcomes


@pytest.mark.native
@pytest.mark.parametrize("field, value, error", [
    ("solo_wing_max_copies", 99, "ValueError: rule option solo_wing_max_copies must be between"),
    ("solo_wing_max_copies", 2 ** 70, "ValueError: rule option solo_wing_max_copies must be"),
    ("four_two", 2, "TypeError: rule option four_two must be a bool"),
    ("decks", 2, "ValueError: 3 players play with 1 deck, not 2"),
    ("doubling", None, "ValueError: rule option doubling is None"),
    ("bidding", "bogus", "ValueError: unknown bidding system 'bogus'"),
])
def test_a_changed_rules_is_the_same_clear_error_natively_and_in_the_reference(field, value,
                                                                               error):
    # Once an OverflowError from the native options (a huge field), or 420 moves natively
    # against 470 in the reference (a wing count of 99).
    rules = tampered(ddz_fast.Rules(), **{field: value})
    native, reference = _both_implementations(
        lambda api: len(api.legal_moves(_BIG_HAND, rules=rules)))
    assert native == reference and native.startswith(error)
    assert "changed after it was made" in native


@pytest.mark.native
def test_a_rules_changed_after_use_is_never_answered_from_the_cache():
    rules = ddz_fast.Rules()
    first = len(legal_moves(_BIG_HAND, rules=rules))
    object.__setattr__(rules, "solo_wing_max_copies", 4)    # valid: the new answer
    assert len(legal_moves(_BIG_HAND, rules=rules)) == len(legal_moves(
        _BIG_HAND, rules=ddz_fast.Rules(solo_wing_max_copies=4))) != first
    object.__setattr__(rules, "solo_wing_max_copies", 99)   # invalid: an error
    with pytest.raises(ValueError, match="solo_wing_max_copies must be between 1 and 4"):
        legal_moves(_BIG_HAND, rules=rules)
    object.__setattr__(rules, "solo_wing_max_copies", 1)
    assert len(legal_moves(_BIG_HAND, rules=rules)) == first


@pytest.mark.native
@pytest.mark.parametrize("call", [
    lambda rules: ddz_fast.solve(ddz_fast.Duel.parse("3/4"), rules=rules),
    lambda rules: perft_native(OPENING, 2, rules=rules),
    lambda rules: play_out(OPENING, 1, rules=rules),
    lambda rules: random_games(2, 1, rules=rules),
    lambda rules: Game(rules),
])
def test_a_changed_rules_never_reaches_the_native_options(call):
    rules = tampered(ddz_fast.Rules(), rocket_in_kickers=2 ** 70)
    with pytest.raises(TypeError, match="rule option rocket_in_kickers must be a bool"):
        call(rules)


@pytest.mark.native
@pytest.mark.parametrize("call", [
    lambda rules: ddz_fast.solve(ddz_fast.Duel.parse("3/4"), rules=rules),
    lambda rules: perft_native(OPENING, 2, rules=rules),
    lambda rules: play_out(OPENING, 1, rules=rules),
    lambda rules: _random_games_kernel._random_games(1, 0, 2, rules, 0, False),
])
def test_run_fast_rules_never_reach_the_dou_dizhu_kernels(call):
    # random_games once played Dou Dizhu games under them: the native options of Dou Dizhu
    # refuse Run Fast rules whatever layer reads them (random_games itself now plays Run Fast
    # games under them, in Run Fast's kernel: tests/positions/test_runfast_rollouts.py).
    with pytest.raises(ValueError, match="Run Fast"):
        call(ddz_fast.Rules.preset("runfast"))
    assert isinstance(random_games(2, 1, rules="runfast"), RunFastGames)


# --- memory asked for beyond what the machine has ----------------------------------------------

def _under_memory_limit(code: str, gib: int = 3) -> subprocess.CompletedProcess:
    """``code`` run in a child process whose address space is limited to ``gib`` GiB."""
    return run_python(f"import resource\nresource.setrlimit(resource.RLIMIT_AS, ({gib} << 30, "
                      f"{gib} << 30))\n" + code)


@pytest.mark.native
def test_a_transposition_table_past_the_memory_available_is_one_line_on_the_command_line():
    # Once a MemoryError traceback from the table's allocation, with exit status 1.
    done = _under_memory_limit("from ddz_fast.cli.main import main\n"
                               "raise SystemExit(main(['solve', '3/4/5 0 0 - 0', '--tt-mb', "
                               "'65536']))")
    assert done.returncode == 1 and not done.stdout
    assert done.stderr.startswith("ddz-fast: error: --tt-mb 65536 asks for 64 GiB of memory "
                                  "for the transposition table, but only ")
    assert done.stderr.count("\n") == 1 and "available" in done.stderr


@pytest.mark.native
@pytest.mark.parametrize("unknown", [False, True])
def test_solve_names_the_table_memory_it_cannot_have(unknown):
    # Unknown: no memory figure can be read, and the allocation itself fails.
    done = _under_memory_limit(
        "import ddz_fast\nfrom ddz_fast import _memory\n"
        + ("_memory.available_bytes = lambda: None\n" if unknown else "")
        + "try:\n    ddz_fast.solve(ddz_fast.Duel.parse('3/4'), tt_megabytes=8192)\n"
          "except MemoryError as error:\n    print(error)\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("tt_megabytes=8192 asks for 8 GiB of memory for the "
                                  "transposition table, but ")
    assert ("cannot be allocated" if unknown else "of memory is available") in done.stdout


@pytest.mark.native
def test_samples_and_random_games_past_the_memory_available_are_refused_first(monkeypatch):
    from ddz_fast import _memory
    monkeypatch.setattr(_memory, "available_bytes", lambda: 1 << 20)
    state = Game().new_state(seed=3)
    while state.phase != "play":
        state.apply(state.legal_actions()[-1])
    info = ddz_fast.information_set(state, 1)
    with pytest.raises(MemoryError, match=r"^n=1000000 asks for 91.6 MiB of memory for the "
                                          r"samples, but only 1 MiB of memory is available"):
        info.sample(10 ** 6, 1)
    assert info.sample(100, 1).shape == (100, 3)
    with pytest.raises(MemoryError, match=r"^n=100000 asks for .* random games, but only 1 MiB"):
        random_games(100_000, 1)


# --- the vocabulary's and the suites' own arguments -------------------------------------------

def _deep_list(depth: int = 100_000) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("call, error, message", [
    # once AttributeError or "unhashable type", the messages of a letter's own methods
    (lambda: ddz_fast.cards.rank_index(3), TypeError, "a rank letter is a str, not int"),
    (lambda: ddz_fast.cards.rank_index(bytearray(b"3")), TypeError, "not bytearray"),
    # once "The truth value of an array ... is ambiguous" from decks == 1
    (lambda: Hand("33", np.array([1, 2])), ValueError, "decks must be 1 or 2"),
    (lambda: ddz_fast.hand.as_hand(Hand("33"), np.array([1, 2])), ValueError,
     "decks must be 1 or 2"),
    # once a RecursionError building the message of a deck count too deep to show
    (lambda: ddz_fast.cards.deck_counts({"a": _deep_list()}), ValueError,
     "decks must be 1 or 2"),
    (lambda: load(["ddz_fast.moves._api"]), TypeError, "a native module is named by a str"),
    (lambda: ddz_fast.moves.implementation(np.array([1, 2])), TypeError,
     "an implementation is named by a str"),
    # Enum's own lookup compared an array with each member, and showed a value too deep
    (lambda: ddz_fast.Bid(np.array([1, 2])), TypeError, "Bid takes an int, not ndarray"),
    (lambda: ddz_fast.DealBonus(_deep_list()), TypeError, "DealBonus takes an int, not list"),
    (lambda: ddz_fast.Bid(True), TypeError, "Bid takes an int, not bool"),
    (lambda: ddz_fast.Double(7), ValueError, "7 is not a valid Double"),
])
def test_vocabulary_arguments_get_errors_that_name_them(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_actions_still_take_ints_numpy_ints_and_themselves():
    assert ddz_fast.Bid(3) is ddz_fast.Bid.BID_3 is ddz_fast.Bid(np.int64(3))
    assert ddz_fast.Bid(ddz_fast.Bid.ROB) is ddz_fast.Bid.ROB
    assert ddz_fast.DealBonus(1) is ddz_fast.DealBonus.STRAIGHT
    import pickle
    assert pickle.loads(pickle.dumps(ddz_fast.actions.Partner.SEAT_2)).seat == 2


@pytest.mark.native
def test_random_games_results_are_built_from_arrays_only():
    games = random_games(2, 1)
    values = {name: getattr(games, name) for name in ("landlord", "landlord_won", "base_stake",
                                                       "multiplier", "bombs", "plays", "scores",
                                                       "spring", "anti_spring", "hands",
                                                       "kitty", "bonuses")}
    assert ddz_fast.RandomGames(**values) == games
    with pytest.raises(TypeError, match="RandomGames.landlord must be a numpy array, not str"):
        ddz_fast.RandomGames(**dict(values, landlord="x"))
    with pytest.raises(TypeError, match="RandomGames.moves must be a numpy array or None"):
        ddz_fast.RandomGames(**values, moves=[1, 2])


@pytest.mark.parametrize("line, message", [
    ("perft 1", "line 3: 'perft' takes a depth and a node count, got '1'"),
    ("perft 1 2 3", "line 3: 'perft' takes a depth and a node count"),
    ("perft x 5", "line 3: 'perft' takes a depth and a node count, got 'x 5'"),
    ("perft ٣ 5", "line 3: 'perft' takes a depth and a node count"),
])
def test_a_suite_file_with_a_bad_count_names_its_line(line, message):
    # once "invalid literal for int()" or "not enough values to unpack"
    from ddz_fast.positions import suites
    lines = ["rules standard", "position 3/4/5 0 0 - 0", line]
    with pytest.raises(ValueError, match=message):
        list(suites.read_perft_suites(lines))
    with pytest.raises(ValueError, match="line 2: "):
        list(suites.read_perft_suites(["rules standard", "position 3/4/5 0 9 - 0"]))


def test_the_suite_command_reports_a_bad_file_in_one_line(tmp_path, capsys):
    from ddz_fast.positions import suites
    broken = tmp_path / "broken.perft"
    broken.write_bytes(b"position 3/4/5 0 0 - 0\nperft 1 \xed\xa0\x80\n")
    bad_count = tmp_path / "count.perft"
    bad_count.write_text("position 3/4/5 0 0 - 0\nperft one 1\n", encoding="utf-8")
    for path, message in ((broken, "it is not UTF-8 text"), (bad_count, "line 2: 'perft'"),
                          ("a" * 5000, "no suite 'aaaa")):   # once OSError: name too long
        with pytest.raises(SystemExit) as exit_:
            suites.main([str(path)])
        assert exit_.value.code == 2
        assert message in capsys.readouterr().err
    with pytest.raises(TypeError, match="a suite is named by a str"):
        suites.suite_path(np.array([1, 2]))


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -1.0, "0.1", None])
def test_time_repeated_takes_a_finite_duration(seconds):
    # NaN and infinity once repeated the computation for ever
    from ddz_fast.positions import suites
    with pytest.raises((TypeError, ValueError), match="min_seconds"):
        suites.time_repeated(lambda: 1, seconds)


# --- the engine's, the bots', the arena's and the environments' own arguments -----------------

def _over_state():
    from ddz_fast.search.bots import GreedyBot, play_hand
    return play_hand(Game().new_state(seed=4), GreedyBot(), GreedyBot())


@pytest.mark.parametrize("call, error, message", [
    # once an empty shell whose every property raised AttributeError
    (lambda: ddz_fast.State(), TypeError, "a State is made by Game.new_state"),
    (lambda: ddz_fast.engine.four_player.FourPlayerState(1), TypeError,
     "a FourPlayerState is made by Game.new_state"),
    # once "object of type 'NoneType' has no len()"
    (lambda: ddz_fast.engine.scoring.side_spring_factor(False, None, 1), TypeError,
     "plays must be a sequence of four counts"),
    # once "unsupported operand type(s)" or an OverflowError building lists of 2**70 items
    (lambda: arena.Tally.empty("2"), TypeError, "num_bots must be an int"),
    (lambda: arena.Tally.empty(2 ** 70), ValueError, "num_bots must be"),
    (lambda: arena.seatings(2 ** 70), ValueError, "num_bots must be"),
    (lambda: arena.landlord_seat(*deal_cards(1), None), TypeError, "index must be an int"),
    (lambda: arena.play_deals(arena.ArenaConfig(("random", "greedy")), 0, 1.5), TypeError,
     "stop must be an int"),
    (lambda: arena.play_deals(tampered(arena.ArenaConfig(("random", "greedy")), bots=5), 0, 1),
     TypeError, "bots must be a tuple or list"),
    (lambda: arena.summarise(arena.ArenaConfig(("random", "greedy")), {}), TypeError,
     "tally must be a Tally"),
    # the Run Fast table of the arena
    (lambda: runfast_arena.RunFastTally.empty("2", 3), TypeError, "num_bots must be an int"),
    (lambda: runfast_arena.RunFastTally.empty(2, 5), ValueError, "players must be"),
    (lambda: arena.play_deals(arena.ArenaConfig(("random", "greedy"), rules="runfast"), 0, 1.5),
     TypeError, "stop must be an int"),
    (lambda: arena.play_deals(tampered(arena.ArenaConfig(("random", "greedy"), rules="runfast"),
                                       bots=("random", "solver")), 0, 1),
     ValueError, "bot 'solver' cannot play it"),
    (lambda: arena.summarise(arena.ArenaConfig(("random", "greedy"), rules="runfast"),
                             arena.Tally.empty(2)), TypeError, "tally must be a RunFastTally"),
    (lambda: arena.run_arena(arena.ArenaConfig(("random", "greedy"), rules="runfast_15"), 0),
     ValueError, "hands must be at least 1"),
])
def test_engine_and_arena_arguments_get_errors_that_name_them(call, error, message):
    with pytest.raises(error, match=message):
        call()


@pytest.mark.parametrize("bot", ["random", "greedy", "solver"])
def test_a_bot_asked_to_decide_after_the_hand_is_a_clear_error(bot):
    # once IndexError from random.choice of no actions, or None + 2 for the partner
    from ddz_fast.search.catalog import make_bot
    made = make_bot(bot, 1)
    for method in ("bid", "double", "play"):
        with pytest.raises(ValueError, match="the hand is over"):
            getattr(made, method)(_over_state())
    with pytest.raises(TypeError, match="state must be a State, not float"):
        made.play(1.5)
    if hasattr(made, "partner"):
        with pytest.raises(ValueError, match="the hand is over"):
            made.partner(_over_state())


def test_rlcard_rule_bot_refuses_a_finished_hand():
    pytest.importorskip("rlcard")
    from ddz_fast.search.catalog import make_bot
    with pytest.raises(ValueError, match="the hand is over"):
        make_bot("rlcard-rule", 1).play(_over_state())


@pytest.mark.native
def test_information_sets_are_of_three_players_and_checked_again_when_sampled():
    four = Game("four_player").new_state(seed=2)
    with pytest.raises(ValueError, match="information sets are of the three-player table"):
        ddz_fast.information_set(four, 2)       # once an IndexError
    state = Game().new_state(seed=3)
    while state.phase != "play":
        state.apply(state.legal_actions()[-1])
    info = ddz_fast.information_set(state, 1)
    for field, value in (("player", -2 ** 70), ("hand", 0), ("unseen", 7), ("card_counts", None),
                         ("kitty_constraint", (1,) * 15)):
        forged = tampered(info, **{field: value})
        with pytest.raises((TypeError, ValueError)):    # once OverflowError, AttributeError...
            forged.sample(5, 1)
        with pytest.raises((TypeError, ValueError)):
            forged.deal_count()


def test_laizi_action_ids_rebuild_a_move_that_lies():
    from ddz_fast import laizi_ids

    class Lying(Move):
        __slots__ = ()
        type = property(lambda self: "bogus")       # once a KeyError of its type
    lying = Lying.__new__(Lying)
    lying._set("solo", 0, 1, (1,) + (0,) * 14)
    rules = ddz_fast.Rules.preset("laizi")
    assert laizi_ids.action_id(lying, rules, (7,)) == laizi_ids.action_id(
        classify("3")[0], rules, (7,))


@pytest.mark.native       # the generator is a kernel of the compiled core
def test_douzero_generator_checks_the_chain_length():
    pytest.importorskip("douzero")
    from ddz_fast.compat import douzero
    gen = douzero.MovesGener([3, 3, 4, 4, 5, 5, 6, 7])
    with pytest.raises(TypeError, match="repeat_num must be an int"):
        gen.gen_type_9_serial_pair(None)      # once "'>=' not supported"
    assert gen.gen_type_9_serial_pair(3) == [[3, 3, 4, 4, 5, 5]]


def test_environments_name_the_agents_they_have():
    pytest.importorskip("pettingzoo")
    from ddz_fast.envs import three_player
    env = three_player.env()
    env.reset(seed=1)
    with pytest.raises(ValueError, match="unknown agent 'peasant_9': the agents are landlord"):
        env.unwrapped.observation_space("peasant_9")    # once a KeyError
    with pytest.raises(TypeError, match="an agent is named by a str"):
        env.unwrapped.action_space(np.array([1, 2]))
    with pytest.raises(ValueError, match="unknown agent"):
        env.unwrapped.observe("")


def test_a_bot_plays_a_move_in_the_play_phase_only():
    # GreedyBot once read a Bid as a move (AttributeError: no is_pass)
    from ddz_fast.search.catalog import make_bot
    bidding = Game("four_player").new_state(seed=5)
    for bot in ("random", "greedy", "solver"):
        with pytest.raises(ValueError, match="a move is a decision of the play phase"):
            make_bot(bot, 1).play(bidding)


@pytest.mark.native
def test_an_information_set_with_an_array_for_its_phase_is_refused():
    state = Game().new_state(seed=3)
    info = ddz_fast.information_set(state, 0)
    import dataclasses
    with pytest.raises(ValueError, match="phase must be one of"):
        dataclasses.replace(info, phase=np.array([1.0, 2.0]))   # once the truth of an array


def test_re_deals_asked_for_are_bounded():
    # run_auto_play(2**64) with every seat on auto-play re-dealt for ever
    from ddz_fast.engine.base import MAX_REDEALS
    from ddz_fast.search.bots import RandomBot, play_hand
    state = Game().new_state(seed=1)
    for seat in range(3):
        state.set_auto_play(seat, True)
    with pytest.raises(ValueError, match=f"max_redeals must be at most {MAX_REDEALS}"):
        state.run_auto_play(2 ** 64)
    with pytest.raises(ValueError, match="max_redeals must be at most"):
        play_hand(Game().new_state(seed=1), RandomBot(1), RandomBot(2), max_redeals=10 ** 6)


def test_only_native_modules_are_loaded():
    # a name whose package does not exist once escaped as ModuleNotFoundError
    with pytest.raises(ValueError, match="is not a native module of ddz_fast"):
        load("nowhere.at_all")
    with pytest.raises(ValueError, match="is not a native module of ddz_fast"):
        load("os")


@pytest.mark.parametrize("rules", ["four_player", "laizi"])
def test_ragged_batches_of_two_deck_words_are_refused_naming_them(rules):
    # prevs with rows of 15 and 14 entries once escaped as numpy's "inhomogeneous shape"
    hands = np.array([[1, 0, 1, 1, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0]] * 2)
    wild = (0,) if rules == "laizi" else None
    with pytest.raises(ValueError, match="prevs must be a rectangular array of integers"):
        ddz_fast.legal_moves_batch(hands, [[0] * 15, [0] * 14], rules=rules, wild=wild)
    with pytest.raises(ValueError, match="hands must be a rectangular array of integers"):
        ddz_fast.legal_moves_batch([[1] * 15, [1] * 14], None, rules=rules, wild=wild)


@pytest.mark.parametrize("module, name", [("three_player", "DouDizhuEnv"),
                                          ("laizi", "LaiziEnv"),
                                          ("four_player", "FourPlayerEnv")])
def test_an_environment_reset_checks_its_seed_and_options(module, name):
    # reset(seed="\ud800") once escaped as a bare UnicodeEncodeError from random.Random
    pytest.importorskip("pettingzoo")
    import importlib
    env = getattr(importlib.import_module(f"ddz_fast.envs.{module}"), name)()
    with pytest.raises(ValueError, match="lone surrogate"):
        env.reset(seed="\ud800")
    with pytest.raises(TypeError, match="seed must be an int, a str or None, not list"):
        env.reset(seed=[1])
    with pytest.raises(TypeError, match="options must be a mapping or None, not int"):
        env.reset(seed=1, options=3)
    with pytest.raises(RuntimeError, match="call reset"):   # nothing was half-applied
        env.observe(env.possible_agents[0])
    env.reset(seed="text seeds deal too")
    assert env.agent_selection in env.possible_agents


@pytest.mark.parametrize("breaker", ["\x0c", "\x0b", "\x1c", "\x85", "\u2028", "\r\n"])
def test_a_usage_error_holding_any_line_break_is_one_line(capsys, breaker):
    # an unrecognised argument holding a form feed once printed the error on two lines
    from ddz_fast.cli.main import main
    with pytest.raises(SystemExit) as raised:
        main(["moves", "J", "--json", f"before{breaker}after"])
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "unrecognized arguments: before" in err


@pytest.mark.parametrize("implementation",
                         [pytest.param("native", marks=pytest.mark.native), "python"])
def test_a_move_list_index_of_a_value_whose_repr_recurses_is_a_value_error(implementation):
    # list.index once wrote the missing value with its repr: a deeply nested dict recursed
    nested: dict = {}
    for _ in range(100_000):
        nested = {"k": nested}
    moves = ddz_fast.moves.implementation(implementation).legal_moves("345")
    for listed in (moves, ddz_fast.move.ListOfMoves(moves)):
        with pytest.raises(ValueError, match="is not in"):
            listed.index(nested)
        assert nested not in listed and listed.count(nested) == 0


@pytest.mark.parametrize("changes", [{"base": np.array([1, 2])}, {"next_lead": np.array(["a"])},
                                     {"game": "runfast", "solo_wing_max_copies": np.array([1, 1])},
                                     {"game": "runfast", "kitty": np.array([0, 0])}])
def test_an_array_for_an_option_of_the_other_game_is_refused_naming_it(changes):
    # an array once met "!= default" and raised numpy's "truth value ... is ambiguous"
    name = next(name for name in changes if name != "game")
    with pytest.raises(ValueError, match=f"{name} is an option of"):
        ddz_fast.Rules(**changes)
