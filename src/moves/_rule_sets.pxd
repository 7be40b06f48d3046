# Rule sets compiled for the generators (src/moves/_rule_sets.pyx): the move options of a Rules
# as the C struct the generators read, and the action space of its table with a C table from
# word to action id. ``from ddz_fast.moves._rule_sets cimport RuleSet, rule_set_of, ...``.
from cpython.object cimport PyObject
from libc.stdint cimport uint64_t
from libc.string cimport memcmp

from movegen cimport Options
from runfastgen cimport RunFast

cdef struct IdTable:
    # Open addressing from move word to action id: slot i is entries[2i] (the word; 0, the
    # pass, for an empty slot) and entries[2i + 1] (its id), one cache line for both.
    const uint64_t* entries
    uint64_t mask
    int shift


cdef inline uint64_t slot_of(const IdTable* t, uint64_t word) noexcept nogil:
    return (word * 0x9E3779B97F4A7C15ULL) >> t.shift


cdef inline Py_ssize_t lookup_id(const IdTable* t, uint64_t word) noexcept nogil:
    """The action id of ``word``, or -1 when it is not in the action space."""
    cdef uint64_t slot = slot_of(t, word)
    while t.entries[2 * slot] != 0:
        if t.entries[2 * slot] == word:
            return <Py_ssize_t>t.entries[2 * slot + 1]
        slot = (slot + 1) & t.mask
    return -1


cdef class ActionSpace:
    cdef readonly tuple moves
    cdef readonly dict ids
    cdef object _entries              # the numpy array owning the table's memory
    cdef IdTable table


cdef class RuleSet:
    cdef Options opts                 # Dou Dizhu's move options (zero under Run Fast rules)
    cdef RunFast rf                   # Run Fast's (zero under Dou Dizhu rules)
    cdef ActionSpace space
    cdef readonly bint two_decks
    cdef readonly bint laizi
    cdef readonly bint runfast
    cdef readonly bint delegated
    cdef object rules
    cdef ActionSpace action_space(self)
    cdef tuple _every_move(self)


cdef enum:
    MAX_RULE_FIELDS = 32    # the most fields of a Rules a LastLookup keeps (Rules has 27)


cdef struct LastLookup:
    # The Rules (or preset name) looked up last and their rule set (borrowed: _rule_sets keeps
    # both), so that a caller passing the same Rules again needs no call; NULL until then, and
    # always on a free-threaded build (which keeps no cache that needs the GIL). ``target`` is
    # the Rules whose fields were compiled (the preset of a name), ``fields`` their values
    # then, at the slot ``offsets`` of class Rules: a Rules changed since with
    # object.__setattr__ no longer matches and is looked up (and checked) again.
    PyObject* rules
    PyObject* rule_set
    PyObject* target
    int n_fields
    bint contiguous         # the slots fill one block from ``first`` (in any order: they do)
    Py_ssize_t first
    Py_ssize_t offsets[MAX_RULE_FIELDS]
    PyObject* fields[MAX_RULE_FIELDS]   # by slot when contiguous, else by field


cdef LastLookup* last_lookup() noexcept
cdef RuleSet lookup_rule_set(object rules)


cdef inline bint fields_unchanged(const LastLookup* last) noexcept:
    """Whether the fields of the last Rules are still the objects they were when compiled."""
    cdef const char* base = <const char*>last.target
    cdef int i
    if last.contiguous:     # one memcmp of the block: a loop costs ~6 instructions a field
        return memcmp(base + last.first, last.fields, last.n_fields * sizeof(PyObject*)) == 0
    for i in range(last.n_fields):
        if (<PyObject**>(base + last.offsets[i]))[0] != last.fields[i]:
            return False
    return True


cdef inline RuleSet rule_set_of(const LastLookup* last, object rules):
    """The compiled options of ``rules`` (anything as_rules accepts; same errors), answered
    inline when they are the Rules looked up last, unchanged (``last``: last_lookup())."""
    if <PyObject*>rules == last.rules and fields_unchanged(last):
        return <RuleSet><object>last.rule_set
    return lookup_rule_set(rules)
