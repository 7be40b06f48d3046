"""How the arena's deals are played: ranges of deals in this process, in local worker
processes or as Ray tasks, their tallies added up; the same for every table's format.

A format (:mod:`ddz_fast.arena.duplicate`, :mod:`ddz_fast.arena.runfast`) gives a function
``play(config, start, stop)`` returning the tally of deals ``start .. stop - 1`` (a pure
function of its arguments) and the empty tally of its config. Tallies are integer sums
(:class:`Sums`), so those of disjoint ranges add up exactly and the total does not depend on
how the deals were split.
"""
from __future__ import annotations

import multiprocessing
import os
import pickle
from dataclasses import fields
from typing import Any, Callable, Dict, Iterator, Optional, Tuple, TypeVar

from ..validate import check_int
from ._config import check_sendable
from .parallel import imap_in_windows

__all__ = ["ArenaError", "FAULT_ENV", "MAX_DEALS", "Sums", "maybe_fail", "check_range",
           "run_deals"]

#: The most deals one run plays (a run of that many takes years: the bound only refuses
#: numbers that can be no one's intent).
MAX_DEALS = 10**12

#: Fault injection for tests: when this environment variable names an existing file, the
#: first range of deals to start deletes it and raises (a task that fails once).
FAULT_ENV = "DDZ_FAST_ARENA_FAULT"


class ArenaError(RuntimeError):
    """A range of deals could not be played (after its retries): the run has no result."""


class Sums:
    """What every tally is: a dataclass whose first field ``deals`` is an int and whose other
    fields are lists of ints, added field by field."""

    deals: int

    def __iadd__(self, other: "Sums") -> "Sums":
        if type(other) is not type(self):
            raise TypeError(f"a {type(self).__name__} adds up with another, not with "
                            f"{type(other).__name__}")
        names = [f.name for f in fields(self)]     # type: ignore[arg-type]
        if any(len(getattr(self, n)) != len(getattr(other, n)) for n in names[1:]):
            raise ValueError(f"these {type(self).__name__} objects count different games: "
                             f"they come from different runs")
        self.deals += other.deals
        for name in names[1:]:
            setattr(self, name, [a + b for a, b in zip(getattr(self, name),
                                                       getattr(other, name))])
        return self

    def as_dict(self) -> Dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}    # type: ignore


Config = Any
Tally = TypeVar("Tally", bound=Sums)
Play = Callable[[Config, int, int], Tally]
Progress = Callable[[int], None]


def maybe_fail() -> None:
    """The test hook of :data:`FAULT_ENV`: deleting the file decides the one range that fails."""
    path = os.environ.get(FAULT_ENV)
    if path:
        try:
            os.remove(path)
        except FileNotFoundError:
            return
        raise RuntimeError(f"injected failure ({FAULT_ENV}={path})")


def check_range(start: object, stop: object) -> Tuple[int, int]:
    """``start`` and ``stop`` of a range of deals, checked: 0 <= start <= stop <= MAX_DEALS."""
    first = check_int("start", start, 0, MAX_DEALS)
    return first, check_int("stop", stop, first, MAX_DEALS)


def _ranges(deals: int, workers: int) -> Iterator[Tuple[int, int]]:
    # Small chunks for a smooth progress line and an even load; big enough that sending work
    # costs little next to playing it.
    size = max(1, min(50, deals // (workers * 8) or 1))
    for start in range(0, deals, size):
        yield start, min(start + size, deals)


def _play_range(job: Tuple[Play, Config, int, int]) -> Sums:
    play, config, start, stop = job
    return play(config, start, stop)


def _run_local(play: Play, empty: Sums, config: Config, deals: int, workers: int,
               progress: Progress) -> Sums:
    total = empty
    processes = min(workers, deals)
    if processes > 1:
        method = multiprocessing.get_start_method()
        check_sendable(config, pickle.dumps, f"worker processes (started by {method!r})",
                       "play in this process (workers=1), or on Ray (backend='ray'), which "
                       "sends classes and functions by value",
                       finds_interactive_main=method == "fork")
    jobs = ((play, config, start, stop) for start, stop in _ranges(deals, workers))
    for tally in imap_in_windows(_play_range, jobs, processes):
        total += tally
        progress(total.deals)
    return total


def _import_ray() -> Any:
    try:
        import ray
    except ImportError as error:
        raise ImportError("the ray backend needs Ray: pip install 'ddz_fast[ray]' "
                          f"({error})") from error
    return ray


def _run_ray(play: Play, empty: Sums, config: Config, deals: int, workers: Optional[int],
             progress: Progress, address: Optional[str], retries: int) -> Sums:
    """Every range of deals as a Ray task; a task that still fails after ``retries`` retries
    stops the run with :class:`ArenaError` (its deals are never left out of the totals)."""
    ray = _import_ray()
    check_sendable(config, ray.cloudpickle.dumps, "Ray tasks",
                   "play in this process (backend='local', workers=1)")
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        cpus = workers or int(ray.cluster_resources().get("CPU", 1)) or 1
        remote = ray.remote(play).options(max_retries=retries, retry_exceptions=True)
        pending = {remote.remote(config, start, stop): (start, stop)
                   for start, stop in _ranges(deals, cpus)}
        total = empty
        try:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                start, stop = pending.pop(done[0])
                try:
                    total += ray.get(done[0])
                except Exception as error:
                    # Ray wraps the task's exception with its traceback: report the exception.
                    cause = getattr(error, "cause", None) or error
                    raise ArenaError(f"deals {start}..{stop - 1} failed after {retries} "
                                     f"retries: {type(cause).__name__}: {cause}") from error
                progress(total.deals)
        finally:
            for ref in pending:
                ray.cancel(ref)
        return total
    finally:
        if started:
            ray.shutdown()


def run_deals(play: Play, empty: Sums, config: Config, hands: object, *,
              backend: object = "local", workers: object = None,
              address: Optional[str] = None, retries: object = 3,
              progress: Progress = lambda done: None) -> Sums:
    """Play ``hands`` deals of ``config`` with ``play`` and return their tally, added to
    ``empty`` (the format's empty tally of ``config``); the arguments as
    :func:`ddz_fast.arena.duplicate.run_arena` takes them, checked."""
    if not isinstance(backend, str):
        raise TypeError(f"backend must be 'local' or 'ray', not {type(backend).__name__}")
    count = check_int("hands", hands, 1, MAX_DEALS)
    tries = check_int("retries", retries, 0, 100)
    processes = None if workers is None else check_int("workers", workers, 1)
    if backend == "local":
        total = _run_local(play, empty, config, count, processes or os.cpu_count() or 1,
                           progress)
    elif backend == "ray":
        total = _run_ray(play, empty, config, count, processes, progress, address, tries)
    else:
        raise ValueError(f"unknown backend {backend!r:.100}: choose local or ray")
    if total.deals != count:  # a lost range would bias every number: never report it
        raise ArenaError(f"{total.deals} of {count} deals came back")
    return total
