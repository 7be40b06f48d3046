"""How the tests start Python subprocesses."""
from __future__ import annotations

import signal
import tempfile

#: The working directory of every Python subprocess a test starts. ``python -m`` and ``-c`` put
#: the working directory first on sys.path, and from the checkout's root that would import the
#: uncompiled source folder instead of the installed package.
SUBPROCESS_CWD = tempfile.mkdtemp(prefix="ddz_fast_tests_")


def default_sigint() -> None:
    """A ``preexec_fn`` giving a subprocess the SIGINT handling of a program started from a
    terminal: a job started in the background of a script (a CI runner) inherits SIGINT
    ignored, and Python would then never raise KeyboardInterrupt on Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
