"""The layers of the package and the imports between them, read from the source.

    python tests/support/layering.py [ROOT]

prints each layer with its modules and the import edges between layers, and exits 1 on a
cycle between modules, on an import that climbs a layer, or on an import of the reference from
anywhere but the move API's dispatcher. Every import counts: at module level, inside a
function, under ``if TYPE_CHECKING:``, and ``importlib.import_module("ddz_fast...")`` with a
literal name. The compiled modules count too: their ``.pyx`` sources under ``src/`` are read
for the Python modules they import, and each belongs to the layer its module name says.
"""
from __future__ import annotations

import ast
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Dict, Iterable, List, NamedTuple, Optional, Sequence, Set, Tuple

PACKAGE = "ddz_fast"

#: The layers, bottom to top: a module may import its own layer and the layers below it.
LAYERS: Tuple[Tuple[str, str], ...] = (
    ("vocabulary", "cards, ranks, hands, moves, rules, wild ranks and actions: what every "
                   "layer speaks"),
    ("reference", "the pure-Python specification of the compiled core"),
    ("moves", "the move API: the dispatcher between the compiled core and the reference"),
    ("positions", "play-phase positions, duels, perft and rollouts"),
    ("engine", "Game and its states: bidding, doubling, play, scoring, clocks, records"),
    ("compat", "other engines' cards and action ids, and RLCard's rule-based agent"),
    ("search", "the solver, information sets and sampling, the bots"),
    ("arena", "bots rated in duplicate games"),
    ("envs", "PettingZoo environments"),
    ("web", "replay pages and the web table: people and bots at one table, in a browser"),
    ("cli", "the ddz-fast command line"),
    ("package", "ddz_fast itself: the public names"),
)
#: Subpackages that are layers; every other module of the package is vocabulary, except the
#: package itself and its __main__.
SUBPACKAGES = {"reference", "moves", "positions", "engine", "compat", "search", "arena", "envs",
               "web", "cli"}
#: The only module outside the reference that may import it: the dispatcher chooses it.
REFERENCE_IMPORTER = "ddz_fast.moves"


class Edge(NamedTuple):
    source: str
    target: str
    kind: str       # "module", "function", "type_checking", "importlib" or "native"


def layer_of(module: str) -> str:
    parts = module.split(".")
    if parts == [PACKAGE] or parts == [PACKAGE, "__main__"]:
        return "package"
    if parts[1] in SUBPACKAGES:
        return parts[1]
    return "vocabulary"


def rank_of(layer: str) -> int:
    return [name for name, _ in LAYERS].index(layer)


def python_modules(root: Path) -> Dict[str, Path]:
    modules = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def native_modules(src: Path) -> Dict[str, Path]:
    """Compiled modules by module name: ``src/a/_b.pyx`` is ``ddz_fast.a._b``."""
    return {".".join((PACKAGE,) + path.relative_to(src).with_suffix("").parts): path
            for path in sorted(src.rglob("*.pyx"))}


def _is_type_checking(test: ast.expr) -> bool:
    return "TYPE_CHECKING" in ast.unparse(test)


def _walk(tree: ast.AST, kind: str = "module") -> Iterable[Tuple[ast.AST, str]]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                yield child, "type_checking"
                yield from _walk(child, "type_checking")
            for child in node.orelse:
                yield child, kind
                yield from _walk(child, kind)
            continue
        inner = "function" if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            and kind == "module" else kind
        yield node, kind
        yield from _walk(node, inner)


def _longest_module(name: str, modules: Set[str]) -> Optional[str]:
    parts = name.split(".")
    while parts and ".".join(parts) not in modules:
        parts.pop()
    return ".".join(parts) if parts else None


def python_edges(name: str, path: Path, modules: Set[str]) -> List[Edge]:
    is_package = path.name == "__init__.py"
    package_parts = name.split(".") if is_package else name.split(".")[:-1]
    found: Set[Edge] = set()

    def add(target: str, kind: str) -> None:
        module = _longest_module(target, modules)
        if module and module != name:
            found.add(Edge(name, module, kind))

    for node, kind in _walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, kind)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package_parts[:len(package_parts) - (node.level - 1)]
                                + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in modules else base, kind)
        elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith("import_module") \
                and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            add(node.args[0].value, "importlib")
    return sorted(found)


_PYX_IMPORT = re.compile(r"^\s*(?:from\s+(ddz_fast[\w.]*)\s+(?:c?import)\s+(.+)|"
                         r"import\s+(ddz_fast[\w.]*))", re.M)


def native_edges(name: str, path: Path, modules: Set[str]) -> List[Edge]:
    found: Set[Edge] = set()
    for match in _PYX_IMPORT.finditer(path.read_text(encoding="utf-8")):
        base, names, plain = match.groups()
        targets = [plain] if plain else [
            f"{base}.{item.split(' as ')[0].strip()}" if f"{base}.{item.split(' as ')[0].strip()}"
            in modules else base for item in names.strip("()").split(",") if item.strip()]
        for target in targets:
            module = _longest_module(target, modules)
            if module and module != name:
                found.add(Edge(name, module, "native"))
    return sorted(found)


def cycles(edges: Sequence[Edge]) -> List[List[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    graph: Dict[str, Set[str]] = defaultdict(set)
    for edge in edges:
        graph[edge.source].add(edge.target)
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    found: List[List[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


class Report(NamedTuple):
    modules: Dict[str, List[str]]           # layer -> modules
    edges: List[Edge]
    cycles: List[List[str]]
    upward: List[Edge]
    reference_imports: List[Edge]

    @property
    def ok(self) -> bool:
        return not (self.cycles or self.upward or self.reference_imports)


def read(root: Path, src: Optional[Path] = None) -> Report:
    """The layers of the package ``root/ddz_fast`` and of the compiled modules' sources in
    ``src`` (default ``root/src``; none when it does not exist)."""
    python = python_modules(root)
    src = root / "src" if src is None else src
    native = native_modules(src) if src.is_dir() else {}
    names = set(python) | set(native)
    edges = [edge for module, path in python.items() for edge in python_edges(module, path,
                                                                              names)]
    edges += [edge for module, path in native.items() for edge in native_edges(module, path,
                                                                               names)]
    by_layer: Dict[str, List[str]] = {layer: [] for layer, _ in LAYERS}
    for module in sorted(names):
        by_layer[layer_of(module)].append(module)
    upward = [e for e in edges if rank_of(layer_of(e.target)) > rank_of(layer_of(e.source))]
    reference = [e for e in edges if layer_of(e.target) == "reference"
                 and layer_of(e.source) != "reference" and e.source != REFERENCE_IMPORTER]
    return Report(by_layer, edges, cycles(edges), upward, reference)


def describe(report: Report) -> str:
    lines = []
    descriptions = dict(LAYERS)
    for layer, _ in LAYERS:
        modules = report.modules[layer]
        lines.append(f"{layer} ({len(modules)} modules): {descriptions[layer]}")
        lines.append("    " + ", ".join(m[len(PACKAGE) + 1:] or PACKAGE for m in modules))
    between: Dict[Tuple[str, str], int] = defaultdict(int)
    for edge in report.edges:
        source, target = layer_of(edge.source), layer_of(edge.target)
        if source != target:
            between[(source, target)] += 1
    lines.append(f"imports between layers ({sum(between.values())} of {len(report.edges)} "
                 f"import edges):")
    for (source, target), count in sorted(between.items(),
                                          key=lambda kv: (-rank_of(kv[0][0]),
                                                          -rank_of(kv[0][1]))):
        lines.append(f"    {source} -> {target}: {count}")
    for cycle in report.cycles:
        lines.append("CYCLE: " + " <-> ".join(cycle))
    for edge in report.upward:
        lines.append(f"UPWARD ({edge.kind}): {edge.source} ({layer_of(edge.source)}) imports "
                     f"{edge.target} ({layer_of(edge.target)})")
    for edge in report.reference_imports:
        lines.append(f"REFERENCE ({edge.kind}): {edge.source} imports {edge.target}; only "
                     f"{REFERENCE_IMPORTER} may")
    lines.append("ok" if report.ok else "FAILED")
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    root = Path(argv[0]) if argv else Path(__file__).resolve().parents[2]
    report = read(root)
    print(describe(report))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
