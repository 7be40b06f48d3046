"""``python -m ddz_fast.positions.suites``: run perft suites (see
:func:`ddz_fast.positions.suites.main`)."""
import sys

from . import main

sys.exit(main(sys.argv[1:]))
