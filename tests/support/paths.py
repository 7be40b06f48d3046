"""Where the tests' data lies."""
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
#: The perft suites (plain text: a position line, then perft <depth> <nodes> lines).
PERFT_DIR = TESTS / "perft"
