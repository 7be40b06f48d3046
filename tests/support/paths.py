"""Where the tests' data lies."""
import importlib
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
#: The perft suites, which ship with the installed package (plain text: a position line, then
#: perft <depth> <nodes> lines).
SUITES_DIR = Path(importlib.import_module("ddz_fast.positions.suites").SUITES_DIR)
#: The test-only perft data (deep.txt) and the scripts that write the suites.
PERFT_DIR = TESTS / "perft"
