"""How the package is put together: an acyclic module graph, and a pure-Python side that works
without the compiled core.

The graph is read from the source of the installed package with :mod:`ast`: every ``import``
and ``from ... import`` statement, at module level or inside functions and classes (a late
import is still an edge), with relative imports resolved. Imports under ``if TYPE_CHECKING:``
are left out: they never run. A compiled module (one without a .py file, such as the fast paths
that ``ddz_fast.move`` imports) is a leaf of the graph.
"""
from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, Iterator, List, Set

import ddz_fast

PACKAGE_DIR = Path(ddz_fast.__file__).resolve().parent
ROOT = Path(__file__).resolve().parent.parent


def module_files() -> Dict[str, Path]:
    """Every module of the package by dotted name (``ddz_fast`` is its ``__init__.py``)."""
    modules = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node except those under ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                yield child
                yield from _runtime_nodes(child)
            continue
        yield node
        yield from _runtime_nodes(node)


def imports_of(name: str, path: Path, modules: Dict[str, Path]) -> Set[str]:
    """The package modules that module ``name`` imports."""
    is_package = path.name == "__init__.py"
    package_parts = name.split(".") if is_package else name.split(".")[:-1]
    found: Set[str] = set()

    def add(target: str) -> None:
        # "import a.b.c" needs a.b.c; keep the longest prefix that is a module of ours.
        parts = target.split(".")
        while parts and ".".join(parts) not in modules:
            parts.pop()
        if parts:
            found.add(".".join(parts))

    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package_parts[:len(package_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            if base not in modules and base.startswith("ddz_fast."):
                continue    # a compiled module (no .py file): a leaf, its imports are not read
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:  # from pkg import submodule
                    add(f"{base}.{alias.name}")
                else:                                  # from module import a name
                    add(base)
    found.discard(name)
    return found


def import_graph() -> Dict[str, Set[str]]:
    modules = module_files()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def find_cycle(graph: Dict[str, Set[str]]) -> List[str]:
    """One cycle of the graph as a path that ends where it starts, or [] when acyclic."""
    state: Dict[str, int] = {}   # 1: on the current path, 2: done
    path: List[str] = []

    def visit(node: str) -> List[str]:
        state[node] = 1
        path.append(node)
        for child in sorted(graph.get(node, ())):
            if state.get(child) == 1:
                return path[path.index(child):] + [child]
            if child not in state:
                cycle = visit(child)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return []


# --- the import graph ------------------------------------------------------------------------

def test_the_graph_walker_sees_late_relative_and_package_imports():
    graph = import_graph()
    assert "ddz_fast.shapes" in graph["ddz_fast.reference.moves"]          # from .shapes import
    assert "ddz_fast.positions.rollouts" in graph["ddz_fast.positions.perft"]
    assert "ddz_fast.moves.notation" in graph["ddz_fast.cli.common"]  # absolute from-import
    assert "ddz_fast.cli.commands" in graph["ddz_fast.cli.main"]                # a late import
    assert "ddz_fast.engine.game" not in graph["ddz_fast.engine.clock"]             # TYPE_CHECKING only
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_among_the_modules():
    cycle = find_cycle(import_graph())
    assert not cycle, "import cycle: " + " -> ".join(cycle)


def test_the_shape_tables_are_a_leaf_the_core_and_the_reference_share():
    graph = import_graph()
    assert graph["ddz_fast.shapes"] <= {"ddz_fast.cards"}
    assert "ddz_fast.shapes" in graph["ddz_fast.reference.moves"]
    assert "ddz_fast.reference.moves" not in graph["ddz_fast.move"]
    core_source = ROOT / "src" / "moves" / "_api.pyx"
    if core_source.exists():  # a checkout: the core reads the same table
        assert "from ddz_fast.shapes import MAIN_SHAPES" in core_source.read_text()


def test_what_the_package_imports_never_imports_the_package():
    graph = import_graph()
    loaded, todo = set(), ["ddz_fast"]
    while todo:
        for child in graph[todo.pop()]:
            if child not in loaded:
                loaded.add(child)
                todo.append(child)
    assert not {m for m in loaded if "ddz_fast" in graph[m]}


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


def test_an_unknown_implementation_is_refused(tmp_path):
    result = run_python("import ddz_fast", copy_without_core(tmp_path), "rust")
    assert result.returncode == 1
    assert "DDZ_FAST_IMPLEMENTATION='rust' is not an implementation" in result.stderr


#: Test modules of the reference side run in the subprocess below: cards and moves, the rule
#: sets, settlement, and the position notation with perft (a quick sample; the README says
#: how to run the whole reference-side suite this way).
REFERENCE_SIDE_SAMPLE = ["test_cards.py", "test_rules.py", "test_scoring.py",
                         "test_perft.py::test_notation_round_trips",
                         "test_perft.py::test_perft_basics"]


def test_a_sample_of_the_reference_side_suite_passes_without_the_core(tmp_path):
    """The way the README runs the whole reference-side suite, on a sample of it."""
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
