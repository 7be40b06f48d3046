"""A bot author's own bot in the arena: given as an object, a class, a function or a
``module:Class`` spec, beside the built-in bots, with the same results as the same bot given by
name, on any split of the work; and the refusals, each naming the bot and what to do.
(Ray, on a real local instance, is tested in test_arena.py beside the other Ray tests.)"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from support.own_bots import Locked, SeedlessBot, WobblyBot, wobbly_of_seed_5
from support.subprocesses import SUBPROCESS_CWD

from ddz_fast import Rules
from ddz_fast.arena.duplicate import ArenaConfig, play_deals, run_arena, summarise
from ddz_fast.cli.main import main
from ddz_fast.search.bots import GreedyBot, RandomBot
from ddz_fast.search.catalog import BOTS

SPEC = "support.own_bots:WobblyBot"


@pytest.fixture
def by_name(monkeypatch):
    """WobblyBot registered in BOTS as "wobbly", and its seed-5 object as "wobbly5": the same
    bots given by name, the way the arena had to be given them before."""
    monkeypatch.setitem(BOTS, "wobbly", WobblyBot)
    monkeypatch.setitem(BOTS, "wobbly5", wobbly_of_seed_5)


@pytest.mark.parametrize("rules", ["standard", "four_player",
                                   Rules.preset("four_player").replace(sides="partner")],
                         ids=["standard", "four_player", "partner"])
def test_a_class_a_spec_and_a_name_play_the_same_games(by_name, rules):
    name = ArenaConfig(("greedy", "wobbly", "random"), seed=4, rules=rules)
    expected = play_deals(name, 0, 4)
    for bot in (WobblyBot, SPEC, lambda seed: WobblyBot(seed)):
        config = ArenaConfig(("greedy", bot, "random"), seed=4, rules=rules)
        assert play_deals(config, 0, 4) == expected, bot
    # The bot's seed matters: a WobblyBot whose games all share one seed plays differently.
    fixed = ArenaConfig(("greedy", "wobbly5", "random"), seed=4, rules=rules)
    assert play_deals(fixed, 0, 4) != expected


def test_an_object_plays_every_game_as_a_fresh_copy(by_name):
    # The object WobblyBot(5) and a factory making WobblyBot(5) for every game: the same games,
    # though the object's random stream would have moved on had it played them itself.
    bot = WobblyBot(5)
    state = bot.rng.getstate()
    config = ArenaConfig(("greedy", bot, "random"), seed=2)
    expected = play_deals(ArenaConfig(("greedy", "wobbly5", "random"), seed=2), 0, 5)
    assert play_deals(config, 0, 5) == expected
    assert bot.rng.getstate() == state     # the object itself never played
    # Any split: one process, two worker processes (the object travels pickled).
    assert run_arena(config, 5, workers=2) == run_arena(config, 5, workers=1) == expected


@pytest.mark.parametrize("bot", [WobblyBot, WobblyBot(3), SPEC], ids=["class", "object", "spec"])
def test_local_processes_agree_with_one_process(bot):
    config = ArenaConfig((bot, "greedy", GreedyBot(danger=0)), seed=9, rules="four_player")
    one = run_arena(config, 6, workers=1)
    assert run_arena(config, 6, workers=2) == one == play_deals(config, 0, 6)


def test_built_in_classes_and_objects_are_their_names():
    # RandomBot called with each game's seed is "random"; a GreedyBot object (deterministic)
    # is "greedy:danger=0".
    by_name = ArenaConfig(("random", "greedy:danger=0", "greedy"), seed=6)
    by_object = ArenaConfig((RandomBot, GreedyBot(danger=0), "greedy"), seed=6)
    assert play_deals(by_object, 0, 5) == play_deals(by_name, 0, 5)


def test_a_class_without_a_seed_is_made_without_one():
    config = ArenaConfig((SeedlessBot, "greedy"), seed=1)
    assert config.new_bot(0, "1:0:0:1:landlord").rng.getstate() == \
        WobblyBot(11).rng.getstate()
    assert play_deals(config, 0, 2).deals == 2


def test_names_and_labels():
    config = ArenaConfig(("greedy", WobblyBot, WobblyBot(1), SPEC, lambda seed: WobblyBot()))
    assert config.labels == ["greedy", "WobblyBot#1", "WobblyBot#2", SPEC, "<lambda>"]
    named = ArenaConfig(("greedy", WobblyBot), names=(None, "mine"))
    assert named.labels == ["greedy", "mine"]
    result = summarise(named, play_deals(named, 0, 2))
    assert [b["bot"] for b in result["bots"]] == ["greedy", "mine"]
    assert result["head_to_head"][0]["opponent"] == "mine"


# --- refusals -------------------------------------------------------------------------------

class HalfBot:
    """Has play but neither bid nor double."""

    def play(self, state):     # pragma: no cover - never reached
        raise AssertionError


@pytest.mark.parametrize("bot, error, message", [
    (5, TypeError, "bots[1] must be a bot spec (a str), a bot (an object with bid, double "
                   "and play) or a class or function making one, not 5"),
    (HalfBot(), TypeError, "bots[1] must be a bot spec"),
    (lambda seed: 3, TypeError, "made 3, not a bot (an object with bid, double and play)"),
    (HalfBot, TypeError, "the class HalfBot made"),
    (threading.Lock(), TypeError, "bots[1] must be"),
    ("support.own_bots:Nope", ValueError, "'support.own_bots' has no 'Nope'"),
    ("support.no_such_module:Bot", ValueError, "cannot import 'support.no_such_module'"),
    ("support.own_bots:wobbly_of_seed_5", TypeError, "is not a bot class"),
    ("support.own_bots:WobblyBot:speed=2", ValueError,
     "bot 'support.own_bots:WobblyBot' has no option 'speed': its options are wobble"),
])
def test_what_is_no_bot_is_refused_by_name(bot, error, message):
    with pytest.raises(error) as caught:
        ArenaConfig(("greedy", bot))
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_an_object_that_cannot_be_copied_is_refused():
    class Unpicklable(WobblyBot):
        def __init__(self):
            super().__init__(1)
            self.lock = threading.Lock()

    with pytest.raises(TypeError, match=r"bot 'Unpicklable' plays every game as a fresh copy "
                                        r"of itself, and copy.deepcopy fails on it .*: give "
                                        r"its class instead"):
        ArenaConfig(("greedy", Unpicklable()))


def test_a_bot_that_worker_processes_cannot_import_is_refused_there_only():
    def local_class():
        class Inner(WobblyBot):
            pass
        return Inner

    for bot in (local_class(), lambda seed: WobblyBot(seed), Locked()):
        config = ArenaConfig(("greedy", bot), seed=1)
        assert run_arena(config, 2, workers=1).deals == 2       # one process plays it
        with pytest.raises(TypeError) as caught:
            run_arena(config, 4, workers=2)
        message = str(caught.value)
        assert message.startswith(f"bot {config.labels[1]!r} cannot be sent to worker "
                                  f"processes")
        assert "workers=1" in message and "backend='ray'" in message
        assert ("give its class instead" if bot.__class__ is Locked else
                "define it at the top level of a module") in message


def test_a_class_of_an_interactive_main_is_refused_where_processes_cannot_find_it():
    # A class defined in `python -c` (a __main__ that is no file): fork-started worker
    # processes share it; spawn-started ones would not find it, and the arena says so first.
    script = textwrap.dedent("""
        import multiprocessing, sys
        from ddz_fast.arena.duplicate import ArenaConfig, run_arena
        from ddz_fast.search.bots import GreedyBot

        class Mine(GreedyBot):
            pass

        if __name__ == "__main__":
            multiprocessing.set_start_method(sys.argv[1])
            config = ArenaConfig(("random", Mine), seed=1)
            try:
                print(run_arena(config, 4, workers=2) == run_arena(config, 4, workers=1))
            except TypeError as error:
                print(error)
    """)
    for method, expected in (("fork", "True"), ("spawn", None)):
        result = subprocess.run([sys.executable, "-c", script, method], capture_output=True,
                                text=True, timeout=120, cwd=SUBPROCESS_CWD)
        assert result.returncode == 0, result.stderr
        if expected:
            assert result.stdout.strip() == expected
        else:
            assert result.stdout.strip() == (
                "bot 'Mine' is defined in an interactive session (__main__), which worker "
                "processes (started by 'spawn') cannot import: define it in a module on the "
                "Python path, or play in this process (workers=1), or on Ray "
                "(backend='ray'), which sends classes and functions by value")


class ThreeSeatBot(GreedyBot):
    """The greedy bot, saying it plays the three-seat tables only."""

    plays_four_player = False


def test_a_bot_that_does_not_play_the_table_is_refused_by_name():
    # WobblyBot says it plays the four-player table, not wild cards nor Run Fast.
    assert ArenaConfig(("greedy", WobblyBot), rules="four_player")
    for rules, what in (("laizi", "hands with wild cards"), ("runfast", "Run Fast")):
        with pytest.raises(ValueError, match=f"the arena plays {what} under the {rules} rules, "
                                             f"and bot 'WobblyBot' cannot play"):
            ArenaConfig(("greedy", WobblyBot), rules=rules)
    with pytest.raises(ValueError, match="the arena plays the four-player table under the "
                                         "four_player rules, and bot 'ThreeSeatBot' cannot"):
        ArenaConfig(("greedy", ThreeSeatBot()), rules="four_player")


def test_names_are_checked():
    with pytest.raises(ValueError, match="two bots are named 'mine'"):
        ArenaConfig(("greedy", WobblyBot, RandomBot), names=(None, "mine", "mine"))
    with pytest.raises(ValueError, match="two bots are named 'greedy'"):
        ArenaConfig(("greedy", WobblyBot), names=(None, "greedy"))
    with pytest.raises(ValueError, match="names must give each of the 2 bots a name"):
        ArenaConfig(("greedy", WobblyBot), names=("mine",))
    with pytest.raises(TypeError, match="names must be a tuple or list of str"):
        ArenaConfig(("greedy", WobblyBot), names="mine")


# --- the command line -------------------------------------------------------------------------

def test_cli_bot_is_the_same_bot_as_the_class(capsys):
    # tests/ is on the path of this process (pytest's pythonpath): support.own_bots imports.
    assert main(["arena", "greedy", "random", "--bot", f"mine={SPEC}:wobble=0.5", "--hands",
                 "4", "--seed", "3", "--workers", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [b["bot"] for b in result["bots"]] == ["greedy", "random", "mine"]
    config = ArenaConfig(("greedy", "random", lambda seed: WobblyBot(seed, wobble=0.5)), 3)
    assert result["tally"] == play_deals(config, 0, 4).as_dict()


def test_cli_prints_the_table_with_the_bots_names(capsys):
    assert main(["arena", "greedy", "--bot", SPEC, "--bot", f"other={SPEC}:wobble=0",
                 "--hands", "3", "--seed", "1", "--workers", "1", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "3 deals, 18 games (standard rules, seed 1); 95% intervals"
    assert sorted(line.split()[0] for line in lines[2:5]) == sorted(["greedy", SPEC, "other"])
    assert lines[5] == "head to head (score/hand of the first bot, games won-lost):"
    assert lines[6].startswith(f"  greedy vs {SPEC}: ") and lines[-1].startswith("games/s ")


@pytest.mark.parametrize("argv, fragment", [
    (["--bot", "support.own_bots:Nope"], "'support.own_bots' has no 'Nope'"),
    (["--bot", "=support.own_bots:WobblyBot"], "names its bot with nothing before '='"),
    (["--bot", "x=support.own_bots:WobblyBot", "--bot", "x=support.own_bots:WobblyBot"],
     "two bots are named 'x'"),
    (["--bot", "support.own_bots:WobblyBot", "--rules", "laizi"],
     "bot 'support.own_bots:WobblyBot' cannot play them"),
    ([], "at least two bots"),
])
def test_cli_bad_own_bots_are_one_line_errors(capsys, argv, fragment):
    assert main(["arena", "greedy", *argv, "--hands", "2"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert fragment in captured.err


def test_cli_imports_a_bot_module_from_the_current_directory(tmp_path):
    # The installed console script, whose sys.path holds its bin folder, not the directory it
    # runs in: the command adds that directory (after the installed packages).
    (tmp_path / "mybots.py").write_text(textwrap.dedent("""
        from ddz_fast.search.bots import GreedyBot

        class Patient(GreedyBot):
            pass
    """))
    script = Path(sys.executable).parent / "ddz-fast"
    if not script.exists():
        pytest.skip("the ddz-fast console script is not installed beside this Python")
    result = subprocess.run([str(script), "arena", "greedy", "--bot", "mybots:Patient",
                             "--hands", "2", "--seed", "1", "--workers", "2", "--json"],
                            capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert [b["bot"] for b in json.loads(result.stdout)["bots"]] == ["greedy",
                                                                      "mybots:Patient"]


def test_help_documents_bot(capsys):
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    out = capsys.readouterr().out
    assert "--bot [NAME=]MODULE:CLASS[:key=value,...]" in out
    assert "Your own bot: --bot package.module:Class" in out


def test_run_arena_takes_the_command_lines_option_names():
    config = ArenaConfig(("greedy", WobblyBot(2)), seed=1)
    assert run_arena(config, hands=3, backend="local", workers=1, retries=0).deals == 3
