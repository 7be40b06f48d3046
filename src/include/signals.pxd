# Ctrl-C in the long native loops: a look at pending signals every so often, with the GIL, and
# the exception a signal handler raised propagated once the loop has unwound. Header-only:
# ``from signals cimport PyErr_CheckSignals, interrupted, raise_pending``.
cdef extern from "Python.h":
    # Declared here without Cython's ``except -1``: the exception a signal handler raises is
    # left pending while the loop unwinds, and raise_pending() propagates it with the GIL.
    int PyErr_CheckSignals() noexcept

cdef enum:
    NODES_PER_SIGNAL_CHECK = 1 << 16


cdef inline bint interrupted(int* until_signal_check) noexcept nogil:
    """Whether a signal handler raised (KeyboardInterrupt), asked once ``until_signal_check``
    (a walk's countdown) runs out: every so many nodes of any walk."""
    until_signal_check[0] -= 1
    if until_signal_check[0] > 0:
        return False
    until_signal_check[0] = NODES_PER_SIGNAL_CHECK
    with gil:
        return PyErr_CheckSignals() != 0


cdef inline int raise_pending() except -1:
    """Propagate the exception a signal handler has set (KeyboardInterrupt for Ctrl-C)."""
    return -1
