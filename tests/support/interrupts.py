"""Ctrl-C in a test: SIGINT delivered to the main thread while a call runs."""
from __future__ import annotations

import _thread
import signal
import threading
import time
from typing import Callable

import pytest


def seconds_until_interrupted(call: Callable[[], object], after: float = 0.3) -> float:
    """Run ``call``, interrupt it with SIGINT ``after`` seconds in, check that it raises
    KeyboardInterrupt, and return the seconds from the start to the raise.

    interrupt_main does nothing while SIGINT is ignored, as it is in a CI runner's background
    job: the handler of a terminal session is put in place for the call, then restored."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(after, _thread.interrupt_main)
    timer.start()
    started = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    return time.perf_counter() - started
