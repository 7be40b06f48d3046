"""Every example in the docstrings of the public modules runs and gives what it shows."""
from __future__ import annotations

import doctest
import importlib

import pytest

from ddz_fast.compiled import HAVE_CORE

MODULES = [
    "ddz_fast", "ddz_fast.cards", "ddz_fast.hand", "ddz_fast.move", "ddz_fast.rules",
    "ddz_fast.bitboard", "ddz_fast.reference.moves", "ddz_fast.moves.native", "ddz_fast.moves.notation",
    "ddz_fast.engine.bidding", "ddz_fast.engine.clock", "ddz_fast.engine.scoring", "ddz_fast.engine.game",
    "ddz_fast.positions.three_player", "ddz_fast.positions.step", "ddz_fast.positions.perft", "ddz_fast.shapes", "ddz_fast.moves",
    "ddz_fast.compiled", "ddz_fast.positions.rollouts", "ddz_fast.engine.match", "ddz_fast.engine.record",
    "ddz_fast.search.bots", "ddz_fast.envs.three_player", "ddz_fast.envs.laizi", "ddz_fast.cli.main",
    "ddz_fast.cli.common", "ddz_fast.cli.moves", "ddz_fast.cli.classify",
    "ddz_fast.cli.perft",
    "ddz_fast.cli.simulate", "ddz_fast.cli.play", "ddz_fast.cli.bench",
    "ddz_fast.positions.duel", "ddz_fast.search.solver", "ddz_fast.reference.solver", "ddz_fast.cli.solve",
    "ddz_fast.arena.stats", "ddz_fast.arena.duplicate", "ddz_fast.cli.arena", "ddz_fast.search.search_bots",
    "ddz_fast.search.runfast", "ddz_fast.positions.runfast", "ddz_fast.engine.runfast",
    "ddz_fast.envs.runfast", "ddz_fast.engine.vector", "ddz_fast.envs.vector",
    "ddz_fast.arena.report", "ddz_fast.arena.runfast", "ddz_fast.search.catalog",
    "ddz_fast.pictures", "ddz_fast.positions.pictures", "ddz_fast.engine.pictures",
    "ddz_fast.web.page", "ddz_fast.web.view", "ddz_fast.web.replay", "ddz_fast.web.table",
]
# Modules that need an extra.
OPTIONAL = {"ddz_fast.envs.three_player": "pettingzoo", "ddz_fast.envs.laizi": "pettingzoo",
            "ddz_fast.envs.runfast": "pettingzoo"}
NATIVE_ONLY = {"ddz_fast.moves.native", "ddz_fast.search.search_bots",
               "ddz_fast.engine.vector", "ddz_fast.envs.vector"}  # modules that need the core
#: Docstrings whose examples call the solver, which only the compiled core has: without it they
#: are left out, and the rest of their module's examples still run.
NATIVE_EXAMPLES = {"ddz_fast.search.bots.SolverBot", "ddz_fast.search.solver.solve"}


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
