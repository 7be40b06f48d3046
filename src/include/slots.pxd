# The __slots__ of Hands and Moves, read and written straight at their offsets. Header-only:
# ``from slots cimport MoveSlots, HandSlots, move_slots, hand_slots, get_slot, set_slot, ...``.
#
# Hand and Move keep their fields in __slots__ attributes, which sit at a fixed offset in every
# instance. A call that lists the moves of a hand costs ~100 ns, a generic attribute lookup ~15:
# the native entry points read a slot straight from its offset instead, and fill the slots of a
# new Move or Hand at once.
from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport uint64_t

cdef extern from *:
    """
    #if PY_VERSION_HEX < 0x030C0000
    #include "structmember.h"   /* PyMemberDef: in Python.h itself from 3.12 */
    #endif
    """

cdef extern from "Python.h":
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member
    PyTypeObject PyMemberDescr_Type


cdef struct MoveSlots:
    Py_ssize_t type
    Py_ssize_t key
    Py_ssize_t length
    Py_ssize_t counts
    Py_ssize_t word

cdef struct HandSlots:
    Py_ssize_t counts
    Py_ssize_t bitboard


cdef inline Py_ssize_t slot_offset(type cls, str name) except -1:
    """The offset of the __slots__ attribute ``name`` in instances of ``cls`` (a subclass's
    instances keep the slots of the class that declares them at the same offsets)."""
    descr = None
    for klass in cls.__mro__:
        descr = klass.__dict__.get(name)
        if descr is not None:
            break
    kind = type(descr)
    if <PyObject*>kind != <PyObject*>&PyMemberDescr_Type:
        raise ImportError(f"ddz_fast's native modules read {cls.__name__}.{name} as a "
                          f"__slots__ attribute")
    return (<PyMemberDescrObject*><PyObject*>descr).d_member.offset


cdef inline MoveSlots move_slots(type move) except *:
    """The slot offsets of ddz_fast.move.Move."""
    return MoveSlots(slot_offset(move, "_type"), slot_offset(move, "_key"),
                     slot_offset(move, "_length"), slot_offset(move, "_counts"),
                     slot_offset(move, "_word"))


cdef inline HandSlots hand_slots(type hand) except *:
    """The slot offsets of ddz_fast.hand.Hand."""
    return HandSlots(slot_offset(hand, "_counts"), slot_offset(hand, "_bitboard"))


cdef inline PyObject* get_slot(object obj, Py_ssize_t offset) noexcept:
    """The value of the slot at ``offset`` of ``obj`` (borrowed; NULL while it is unset)."""
    return (<PyObject**>(<char*><PyObject*>obj + offset))[0]


cdef inline void set_slot(object obj, Py_ssize_t offset, object value) noexcept:
    """Set the slot at ``offset`` of ``obj``, an object no other thread sees yet."""
    cdef PyObject** slot = <PyObject**>(<char*><PyObject*>obj + offset)
    cdef PyObject* old = slot[0]
    Py_INCREF(value)
    slot[0] = <PyObject*>value
    Py_XDECREF(old)


cdef inline tuple counts_tuple(uint64_t word):
    """The 15 counts of a one-deck word as a tuple of ints (small ints are shared objects)."""
    cdef tuple counts = PyTuple_New(15)
    cdef int rank
    for rank in range(15):
        count = <long>((word >> (4 * rank)) & 7)
        Py_INCREF(count)
        PyTuple_SET_ITEM(counts, rank, count)
    return counts
