"""Memory a call may take: large requests are checked against what the machine can give first.

A transposition table, a batch of samples or of random games is sized by the caller. On Linux
a request past the memory available would either fail inside the allocation (an unexplained
MemoryError with a traceback) or, worse, succeed lazily and have the system kill the process
once the pages are touched. :func:`check_room` refuses it first with a MemoryError that names
the option and the memory available; :func:`allocation_error` gives the same message when an
allocation fails anyway (an address-space limit met by a request the machine could hold).
"""
from __future__ import annotations

import os
from typing import Optional

__all__ = ["available_bytes", "check_room", "allocation_error"]

_MEMINFO = "/proc/meminfo"
_STATM = "/proc/self/statm"


def _meminfo_available() -> Optional[int]:
    """MemAvailable of /proc/meminfo in bytes (None where the system has no such file)."""
    try:
        with open(_MEMINFO, encoding="ascii") as lines:
            for line in lines:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _address_space_left() -> Optional[int]:
    """What the process's address-space limit (RLIMIT_AS) leaves, None without a limit."""
    try:
        import resource
        soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY:
            return None
        with open(_STATM, encoding="ascii") as statm:
            used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        return max(0, soft - used)
    except (ImportError, OSError, ValueError, IndexError, AttributeError):
        return None


def available_bytes() -> Optional[int]:
    """The memory this process may still take, in bytes: the system's available memory, or
    less under an address-space limit; None where neither can be read."""
    known = [n for n in (_meminfo_available(), _address_space_left()) if n is not None]
    return min(known) if known else None


def _size(nbytes: int) -> str:
    """A byte count for a message: ``"64 GiB"``, ``"512 MiB"``."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if nbytes >= 1 << shift:
            return f"{nbytes / (1 << shift):.3g} {unit}"
    return f"{nbytes} bytes"


def _message(nbytes: int, request: str, what: str, available: Optional[int]) -> str:
    have = "cannot be allocated" if available is None else \
        f"only {_size(available)} of memory is available"
    return (f"{request} asks for {_size(nbytes)} of memory for {what}, but {have}: ask for "
            f"less")


#: Requests up to this size are not checked: reading the system's figures costs more than a
#: small request (a few samples) takes, and a failure of one is the interpreter's own.
SMALL_REQUEST = 1 << 20


def check_room(nbytes: int, request: str, what: str) -> None:
    """MemoryError unless ``nbytes`` fit in the memory available; ``request`` names the
    option as the caller gave it (``"tt_megabytes=65536"``), ``what`` the memory's use."""
    if nbytes <= SMALL_REQUEST:
        return
    available = available_bytes()
    if available is not None and nbytes > available:
        raise MemoryError(_message(nbytes, request, what, available))


def allocation_error(nbytes: int, request: str, what: str) -> MemoryError:
    """The MemoryError of an allocation of ``nbytes`` that failed (see :func:`check_room`)."""
    return MemoryError(_message(nbytes, request, what, available_bytes()))
