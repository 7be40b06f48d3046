"""How the package is put together: layers that import only downwards and no cycle
(tests/support/layering.py reads the graph), and a pure-Python side that works without the
compiled core."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from textwrap import dedent

import ddz_fast
from support import layering

PACKAGE_DIR = Path(ddz_fast.__file__).resolve().parent
ROOT = Path(__file__).resolve().parent.parent


# --- the import graph ------------------------------------------------------------------------

def write_package(root: Path, files: dict) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dedent(text))
    return root


def test_the_walker_sees_every_kind_of_import_and_every_fault(tmp_path):
    root = write_package(tmp_path, {
        "ddz_fast/__init__.py": "from .engine import game\n",
        "ddz_fast/cards.py": "",
        "ddz_fast/engine/__init__.py": "",
        "ddz_fast/engine/game.py": """
            from typing import TYPE_CHECKING
            from ..cards import *
            if TYPE_CHECKING:
                from .clock import Clock
            """,
        "ddz_fast/engine/clock.py": """
            def late():
                from . import game
            """,
        "ddz_fast/moves/__init__.py": "from ..reference import moves\n",
        "ddz_fast/reference/__init__.py": "",
        "ddz_fast/reference/moves.py": """
            import importlib
            importlib.import_module("ddz_fast.positions.step")
            """,
        "ddz_fast/positions/__init__.py": "",
        "ddz_fast/positions/step.py": "from ddz_fast.reference.moves import x\n",
        "src/moves/_core.pyx": "from ddz_fast.reference import moves\ncimport numpy\n",
    })
    report = layering.read(root)
    kinds = {(e.source[9:], e.target[9:]): e.kind for e in report.edges}
    assert kinds[("engine.game", "cards")] == "module"
    assert kinds[("engine.game", "engine.clock")] == "type_checking"
    assert kinds[("engine.clock", "engine.game")] == "function"
    assert kinds[("reference.moves", "positions.step")] == "importlib"
    assert kinds[("moves._core", "reference.moves")] == "native"
    assert report.cycles == [["ddz_fast.engine.clock", "ddz_fast.engine.game"],
                             ["ddz_fast.positions.step", "ddz_fast.reference.moves"]]
    assert [(e.source, e.target) for e in report.upward] == [
        ("ddz_fast.reference.moves", "ddz_fast.positions.step")]
    # The dispatcher may import the reference; a module of positions and a compiled module
    # of the move layer may not.
    assert sorted(e.source for e in report.reference_imports) == [
        "ddz_fast.moves._core", "ddz_fast.positions.step"]
    assert not report.ok and "FAILED" in layering.describe(report)


def test_the_package_imports_only_downwards_and_has_no_cycle():
    report = layering.read(PACKAGE_DIR.parent, ROOT / "src")
    assert report.ok, layering.describe(report)
    # Every layer is there, with modules (the vocabulary holds the compiled modules until
    # each sits in the layer it serves).
    assert all(report.modules[layer] for layer, _ in layering.LAYERS)


def test_the_script_prints_the_layers_and_fails_on_a_fault(tmp_path):
    script = ROOT / "tests" / "support" / "layering.py"
    good = subprocess.run([sys.executable, str(script), str(ROOT)], capture_output=True,
                          text=True, timeout=120)
    assert good.returncode == 0, good.stdout + good.stderr
    assert good.stdout.startswith("vocabulary (") and good.stdout.rstrip().endswith("ok")
    assert "imports between layers" in good.stdout and "engine -> positions" in good.stdout
    bad = write_package(tmp_path, {"ddz_fast/__init__.py": "", "ddz_fast/cards.py":
                                   "from .engine import game\n",
                                   "ddz_fast/engine/__init__.py": "",
                                   "ddz_fast/engine/game.py": ""})
    failed = subprocess.run([sys.executable, str(script), str(bad)], capture_output=True,
                            text=True, timeout=120)
    assert failed.returncode == 1 and "UPWARD (module): ddz_fast.cards" in failed.stdout


# --- without the compiled core ---------------------------------------------------------------

def copy_without_core(destination: Path) -> Path:
    """The installed package's Python files, without any compiled module, under destination."""
    shutil.copytree(PACKAGE_DIR, destination / "ddz_fast",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.dylib", "__pycache__"))
    return destination


def run_python(code: str, path: Path, implementation: str = "") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DDZ_FAST_IMPLEMENTATION",
                                                           "PYTHONPATH")}
    env["PYTHONPATH"] = str(path)
    if implementation:
        env["DDZ_FAST_IMPLEMENTATION"] = implementation
    return subprocess.run([sys.executable, "-c", code], cwd=path, env=env, capture_output=True,
                          text=True, timeout=300)


PYTHON_SIDE = """
import ddz_fast
from ddz_fast import Bid, Game, Hand, Position, classify, legal_moves, perft
from ddz_fast.compiled import HAVE_CORE
assert not HAVE_CORE and ddz_fast.IMPLEMENTATION == "python"
assert ddz_fast.__file__.startswith({root!r}), ddz_fast.__file__
assert len(legal_moves(Hand("33344455BR"))) == 28
assert [m.cards for m in classify("333B")] == ["333B"]
position = Position.parse("33445566/789TJ/QKA2B 0 1 KK 0")
assert perft(position, 3) == 11 and perft(position, 3, implementation="python") == 11
state = Game("standard").new_state(seed=7)
state.apply(Bid.BID_3)
while not state.is_over:
    state.apply(state.legal_actions()[0])
assert sum(state.scores) == 0
for call in (lambda: ddz_fast.random_games(2, seed=1),
             lambda: perft(position, 2, implementation="native"),
             lambda: ddz_fast.perft_native(position, 2)):
    try:
        call()
    except ddz_fast.NativeCoreMissingError as error:
        assert isinstance(error, ImportError)
        assert "without its compiled core ddz_fast.moves._api" in str(error)
        assert "pip install ." in str(error)
    else:
        raise AssertionError("a native-only function ran without the core")
from ddz_fast.cli.main import main
assert main(["moves", "33344455BR"]) == 0
print("ok")
"""


def test_the_python_implementation_works_without_the_compiled_core(tmp_path):
    path = copy_without_core(tmp_path)
    result = run_python(PYTHON_SIDE.format(root=str(path)), path, "python")
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith("28 moves under the standard rules\nok\n"), result.stdout


def test_without_the_core_the_default_import_names_the_missing_build(tmp_path):
    path = copy_without_core(tmp_path)
    result = run_python("import ddz_fast", path)
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("ddz_fast.compiled.NativeCoreMissingError: ddz_fast was installed "
                           "without its compiled core ddz_fast.moves._api; build it with "
                           "`pip install .`"), result.stderr
    assert "circular import" not in result.stderr and "partially initialized" not in \
        result.stderr


def test_an_unknown_implementation_is_refused_where_the_move_api_is_used(tmp_path):
    result = run_python("import ddz_fast\n"
                        "try:\n    ddz_fast.legal_moves('33')\n"
                        "except ImportError as error:\n    print(error)\n",
                        copy_without_core(tmp_path), "rust")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("DDZ_FAST_IMPLEMENTATION='rust' is not an implementation: use "
                             "'native' (the default) or 'python'\n")


#: Test modules of the reference side run in the subprocess below: cards and moves, the rule
#: sets, settlement, and the position notation with perft (a quick sample; docs/install.md says
#: how to run the whole reference-side suite this way).
REFERENCE_SIDE_SAMPLE = ["vocabulary/test_cards.py", "vocabulary/test_rules.py",
                         "engine/test_scoring.py",
                         "positions/test_perft.py::test_notation_round_trips",
                         "positions/test_perft.py::test_perft_basics"]


def test_a_sample_of_the_reference_side_suite_passes_without_the_core(tmp_path):
    """The way docs/install.md runs the whole reference-side suite, on a sample of it."""
    path = copy_without_core(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(path), DDZ_FAST_IMPLEMENTATION="python")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not native",
         "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml"),
         *[str(ROOT / "tests" / name) for name in REFERENCE_SIDE_SAMPLE]],
        cwd=path, env=env, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert " passed" in result.stdout.splitlines()[-1]
    assert " failed" not in result.stdout.splitlines()[-1]
