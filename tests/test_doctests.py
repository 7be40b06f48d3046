"""Every example in the docstrings of the public modules runs and gives what it shows."""
from __future__ import annotations

import doctest
import importlib

import pytest

from ddz_fast.compiled import HAVE_CORE

MODULES = [
    "ddz_fast", "ddz_fast.cards", "ddz_fast.hand", "ddz_fast.move", "ddz_fast.rules",
    "ddz_fast.bitboard", "ddz_fast.reference", "ddz_fast.native", "ddz_fast.notation",
    "ddz_fast.bidding", "ddz_fast.clock", "ddz_fast.scoring", "ddz_fast.game",
    "ddz_fast.position", "ddz_fast.play", "ddz_fast.perft", "ddz_fast.shapes", "ddz_fast.api",
    "ddz_fast.compiled", "ddz_fast.playout", "ddz_fast.match", "ddz_fast.record",
    "ddz_fast.bots", "ddz_fast.env", "ddz_fast.laizi_env", "ddz_fast.cli",
    "ddz_fast.commands._common", "ddz_fast.commands.moves", "ddz_fast.commands.classify",
    "ddz_fast.commands.perft",
    "ddz_fast.commands.simulate", "ddz_fast.commands.play", "ddz_fast.commands.bench",
    "ddz_fast.duel", "ddz_fast.solver", "ddz_fast.reference_solver", "ddz_fast.commands.solve",
    "ddz_fast.stats", "ddz_fast.arena", "ddz_fast.commands.arena", "ddz_fast.search_bots",
]
# Modules that need an extra.
OPTIONAL = {"ddz_fast.env": "pettingzoo", "ddz_fast.laizi_env": "pettingzoo"}
NATIVE_ONLY = {"ddz_fast.native", "ddz_fast.search_bots"}  # modules that need the core
#: Docstrings whose examples call the solver, which only the compiled core has: without it they
#: are left out, and the rest of their module's examples still run.
NATIVE_EXAMPLES = {"ddz_fast.bots.SolverBot", "ddz_fast.solver.solve"}


@pytest.mark.parametrize("name", [pytest.param(m, marks=pytest.mark.native)
                                  if m in NATIVE_ONLY else m for m in MODULES])
def test_docstring_examples(name: str):
    if name in OPTIONAL:
        pytest.importorskip(OPTIONAL[name])
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    found = doctest.DocTestFinder().find(module)
    for test in found:
        if HAVE_CORE or test.name not in NATIVE_EXAMPLES:
            runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
    # A name in NATIVE_EXAMPLES that no longer names a docstring would leave nothing out.
    names = {test.name for test in found}
    assert all(example in names for example in NATIVE_EXAMPLES
               if example.rpartition(".")[0] == name)


def test_the_examples_left_out_without_the_core_need_it():
    """Each docstring left out under DDZ_FAST_IMPLEMENTATION=python calls the solver."""
    for example in NATIVE_EXAMPLES:
        module_name, _, attribute = example.rpartition(".")
        docstring = getattr(importlib.import_module(module_name), attribute).__doc__
        assert "solve" in docstring.split(">>>", 1)[1].lower(), example
