"""Seeded generators of hostile calls, one per entry point of ddz_fast (see fuzz/README.md).

The generators live by layer: :mod:`.vocabulary` (cards, hands, moves, rules, notation and
the other vocabulary modules), :mod:`.moves` (the move API of every table, batches, the
reference), :mod:`.positions` (positions, duels, perft, rollouts, suites), :mod:`.engine` (the
game engine of every table, records, scoring), :mod:`.search` (the solver, information sets,
bots), :mod:`.tools` (the arena, compat, environments, the command line), :mod:`.web` (the
pictures, the replay pages, the web table). :mod:`.core` holds
what they share. Each entry point names the public callables it calls (``COVERS``), so that
tests/test_fuzz_coverage.py can fail on a public callable that none calls.
"""
from .core import (COVERS, ENTRIES, EXAMPLES, Case, Gen, Mismatch, build, build_from,
                   entry_names)
# imported in the order of the layers: the entry points are listed (and run) in this order
from . import vocabulary, moves, positions, engine, search, tools, web  # noqa: F401,I001

__all__ = ["COVERS", "ENTRIES", "EXAMPLES", "Case", "Gen", "Mismatch", "build", "build_from",
           "entry_names"]
