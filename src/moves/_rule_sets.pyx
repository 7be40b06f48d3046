# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""Rule sets compiled for the generators: each Rules' move options as a C struct, and the
action space of its table (every move of a full deck, two at the four-player table), with a
dict and a C table from word to action id.

The plain path is Dou Dizhu with one deck and no wild cards: a rule set of two decks is marked
``two_decks``, one with wild cards ``laizi``, one of Run Fast ``runfast``, and the move API takes
those off it (``delegated``): to the generator on two-deck words, to the laizi generator, which
reads the same move options, or to Run Fast's generator (runfastgen.pxd), which reads its own
(``rf``; its action space is keyed by the 64-bit words of that generator). The action ids of
wild cards are counted by ddz_fast.laizi_ids, and the batched APIs and the action ids of a
MoveList refuse wild cards. Rule sets are looked up by the
identity of the Rules passed, then by their move options, and kept.

A frozen Rules can still be changed with ``object.__setattr__``: a lookup by identity holds the
field values it compiled (read straight from the slots of class Rules, a few nanoseconds) and
is used only while the Rules still holds them. Otherwise the Rules is checked again
(ddz_fast.rules.checked_rules: a changed Rules that no longer passes the constructor's checks
is its ValueError or TypeError) and looked up by its new move options: never a stale answer.
"""
from dataclasses import fields as dataclass_fields

import numpy as np

cimport cython
from cpython.object cimport PyObject
from libc.stdint cimport uint64_t
from libc.stdlib cimport free

from ddz_fast import bitboard
from ddz_fast.cards import FULL_DECK, deck_counts
from ddz_fast.rules import Rules, as_rules, checked_rules

from ddz_fast.moves._interned cimport moves_of_runfast, moves_of_two_decks, moves_of_words
from memory cimport HAVE_GIL
from movegen cimport Options, Sink, TwoDecks, plus
from rule_options cimport options_of, runfast_of
from runfastgen cimport rf_every_move
from slots cimport get_slot, slot_offset
from words cimport Words, generate_into, reserve

cdef uint64_t _FULL_DECK = bitboard.pack(FULL_DECK)


cdef TwoDecks _full_two_decks():
    cdef TwoDecks deck
    cdef int rank
    deck.lo = deck.hi = 0
    for rank, count in enumerate(deck_counts(2)):
        deck = plus(deck, rank, <int>count)
    return deck


cdef class ActionSpace:
    """Every move of one rule set: the Move tuple, a dict and a C table from word to id (the
    table holds the moves of one-deck words: at two decks, those whose cards fit one deck;
    under Run Fast, every move by its 64-bit word, the low half of its Move's word)."""

    def __init__(self, tuple moves, bint runfast=False):
        cdef Py_ssize_t i, size = 2, bits = 1
        cdef uint64_t slot, word
        while size < 2 * len(moves):
            size *= 2
            bits += 1
        self._entries = np.zeros(2 * size, dtype=np.uint64)
        cdef uint64_t[::1] entries = self._entries
        self.table = IdTable(&entries[0], size - 1, 64 - bits)
        for i, move in enumerate(moves):
            if type(move._word) is not int:
                continue                # a word of two decks: the dict has it
            word = move._word & 0xFFFFFFFFFFFFFFFF if runfast else move._word
            slot = slot_of(&self.table, word)
            while entries[2 * slot] != 0:
                slot = (slot + 1) & self.table.mask
            entries[2 * slot] = word
            entries[2 * slot + 1] = i
        self.moves = moves
        self.ids = {move._word: i for i, move in enumerate(moves)}


cdef class RuleSet:
    """The move options of a rule set as a C struct, and its action space once asked for."""

    def __init__(self, rules):
        self.rules = rules
        if rules.game == "runfast":
            self.runfast = self.delegated = True
            self.rf = runfast_of(rules)
            return
        self.two_decks = rules.decks == 2
        self.laizi = rules.laizi > 0
        self.delegated = self.two_decks or self.laizi
        if not self.laizi:
            self.opts = options_of(rules, rules.decks)
        else:   # the same move options without the wild cards (options_of refuses those)
            self.opts = options_of(rules.replace(laizi=0, bomb_multiplier="double"))

    cdef ActionSpace action_space(self):
        if self.laizi:
            options_of(self.rules)      # raises: the compiled generator plays no wild cards
        # Built once, then published by one assignment: concurrent callers see all or nothing
        # (free-threaded builds lock the rule set around it; with the GIL the lock is none).
        if self.space is None:
            with cython.critical_section(self):
                if self.space is None:
                    self.space = ActionSpace(self._every_move(), self.runfast)
        return self.space

    cdef tuple _every_move(self):
        """Every move of a full deck (two at the four-player table, Run Fast's deck under its
        rules), in canonical order."""
        cdef Words buf = Words(NULL, 0)
        cdef TwoDecks none
        cdef Py_ssize_t n
        cdef Sink s
        none.lo = none.hi = 0
        if self.runfast:
            try:
                s = Sink(NULL, 0, 0)
                rf_every_move(&s, self.rf.deck, &self.rf)      # counted, then written
                if not reserve(&buf, max(s.n, 1)):
                    raise MemoryError("out of memory listing an action space")
                s = Sink(buf.data, <int>buf.cap, 0)
                rf_every_move(&s, self.rf.deck, &self.rf)
                return tuple(moves_of_runfast(buf.data, s.n, False))
            finally:
                free(buf.data)
        try:
            if self.two_decks:
                n = generate_into(&buf, 0, _full_two_decks(), none, &self.opts)
            else:
                n = generate_into(&buf, 0, _FULL_DECK, <uint64_t>0, &self.opts)
            if n < 0:
                raise MemoryError("out of memory listing an action space")
            if self.two_decks:
                return tuple(moves_of_two_decks(<TwoDecks*>buf.data, n))
            return tuple(moves_of_words(buf.data, n))
        finally:
            free(buf.data)


cdef dict _BY_OPTIONS = {}    # move options and decks -> RuleSet: at most 256 of them
cdef dict _BY_ID = {}         # id(rules) -> entry; holding rules keeps its id unique
# An entry is (rules, RuleSet, target, fields): ``target`` is the Rules compiled (``rules``
# itself, or the preset a name names) and ``fields`` the values its slots held then.
cdef tuple _LAST = (None, None, None, None)   # the entry looked up last: what _LAST_LOOKUP shows
cdef LastLookup _LAST_LOOKUP       # all NULL and 0 until the first lookup
cdef RuleSet _STANDARD = RuleSet(as_rules(None))
cdef list _FIELD_NAMES = [f.name for f in dataclass_fields(Rules)]
if len(_FIELD_NAMES) > MAX_RULE_FIELDS:
    raise ImportError("ddz_fast.moves._rule_sets keeps too few Rules fields; rebuild it")
_LAST_LOOKUP.n_fields = len(_FIELD_NAMES)
for _i, _name in enumerate(_FIELD_NAMES):
    _LAST_LOOKUP.offsets[_i] = slot_offset(Rules, _name)
# CPython lays the slots of a class out in the order of their sorted names: one block, in
# another order than the fields'. The last lookup's values are kept in slot order, so that
# one memcmp of the block compares them all.
_SLOT_OFFSETS = sorted(_LAST_LOOKUP.offsets[_i] for _i in range(_LAST_LOOKUP.n_fields))
_LAST_LOOKUP.first = _SLOT_OFFSETS[0]
_LAST_LOOKUP.contiguous = _SLOT_OFFSETS == list(range(
    _SLOT_OFFSETS[0], _SLOT_OFFSETS[0] + len(_SLOT_OFFSETS) * sizeof(PyObject*),
    sizeof(PyObject*)))


cdef LastLookup* last_lookup() noexcept:
    """The last lookup, for the inline rule_set_of of other modules."""
    return &_LAST_LOOKUP


cdef tuple _fields_now(object target):
    """The values of the fields of a Rules, read from their slots (None where one is unset)."""
    cdef list values = []
    cdef PyObject* value
    cdef int i
    for i in range(_LAST_LOOKUP.n_fields):
        value = get_slot(target, _LAST_LOOKUP.offsets[i])
        values.append(None if value == NULL else <object>value)
    return tuple(values)


cdef bint _unchanged(tuple entry):
    """Whether the Rules of an entry still hold the field values it was compiled from."""
    cdef object target = entry[2]
    cdef tuple then = entry[3]
    cdef int i
    for i in range(_LAST_LOOKUP.n_fields):
        if get_slot(target, _LAST_LOOKUP.offsets[i]) != <PyObject*>then[i]:
            return False
    return True


cdef RuleSet lookup_rule_set(object rules):
    """The compiled options of ``rules`` (anything as_rules accepts; same errors)."""
    global _LAST
    cdef int i
    if rules is None:
        return _STANDARD
    if type(rules) is not Rules and not isinstance(rules, str):
        return _by_options(checked_rules(rules))   # a subclass may say anything: never kept
    entry = _LAST if _LAST[0] is rules else _BY_ID.get(id(rules))
    if entry is None or not _unchanged(<tuple>entry):
        entry = _new_entry(rules)
    found = (<tuple>entry)[1]
    if HAVE_GIL:
        _LAST = entry
        _LAST_LOOKUP.rules, _LAST_LOOKUP.rule_set = <PyObject*>rules, <PyObject*>found
        _LAST_LOOKUP.target = <PyObject*>entry[2]
        for i in range(_LAST_LOOKUP.n_fields):
            _LAST_LOOKUP.fields[_kept_at(i)] = <PyObject*>(<tuple>entry[3])[i]
    return found


cdef inline int _kept_at(int i) noexcept:
    """Where the last lookup keeps the value of field ``i``: its slot's place in the block
    when the slots are one block, else its own place."""
    if _LAST_LOOKUP.contiguous:
        return <int>((_LAST_LOOKUP.offsets[i] - _LAST_LOOKUP.first) // sizeof(PyObject*))
    return i


cdef RuleSet _by_options(object checked):
    """The rule set of checked Rules, by their move options."""
    options = (checked.solo_wing_max_copies, checked.trio_wing_next_to_chain,
               checked.rocket_in_kickers, checked.four_two, checked.four_two_solo_max_copies,
               checked.space_shuttle, checked.decks, checked.laizi, checked.game,
               checked.deck_size, checked.short_last_hand, checked.aaa_bomb,
               checked.four_three)
    found = _BY_OPTIONS.get(options)
    if found is None:
        found = _BY_OPTIONS[options] = RuleSet(checked)
    return found


cdef tuple _new_entry(object rules):
    """The entry of a Rules or a preset name, checked now."""
    checked = checked_rules(rules)
    found = _by_options(checked)
    if len(_BY_ID) >= 1024:   # callers that build a new Rules per call: keep the cache small
        _BY_ID.clear()
    entry = _BY_ID[id(rules)] = (rules, found, checked, _fields_now(checked))
    return entry
