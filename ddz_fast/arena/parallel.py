"""Work spread over local worker processes, handed out as it is made."""
from __future__ import annotations

import itertools
import multiprocessing
from typing import Callable, Iterable, Iterator, TypeVar

__all__ = ["imap_in_windows"]

Job = TypeVar("Job")
Result = TypeVar("Result")

#: Jobs drawn ahead of the workers, per worker.
ROUNDS_AHEAD = 8


def imap_in_windows(function: Callable[[Job], Result], jobs: Iterable[Job],
                    processes: int) -> Iterator[Result]:
    """``function(job)`` for every job, in ``processes`` worker processes (in this one when
    ``processes`` is 1), the results in the order they finish.

    Jobs are made as they are handed out, a few rounds ahead of the workers: a pool given
    every job of a run of 10**20 hands at once would try to queue them all. The pool is
    stopped when the results are all in, and when the caller stops early or an error or
    Ctrl-C ends the run.
    """
    jobs = iter(jobs)
    pool = multiprocessing.Pool(processes) if processes > 1 else None
    try:
        while True:
            window = list(itertools.islice(jobs, ROUNDS_AHEAD * processes))
            if not window:
                return
            yield from (pool.imap_unordered(function, window) if pool else
                        map(function, window))
    finally:
        if pool is not None:
            pool.terminate()
