# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""The play phase of a game state, stepped from Python: PlayPhase, and the slots a State steps on.

ddz_fast.engine.game.State keeps its play phase here: three hand words, the move to beat, the
passes and the tallies of the settlement, with the legal actions of the position generated once
and kept until the next step. ddz_fast.engine.stepping validates what reaches PlayPhase(); a step
takes a Move and checks it against the legal words itself, so no input reaches a word
unchecked. The Move of a word is the one ddz_fast.moves._interned shares (made once per word,
kept in a table that threads read without a lock).
"""
cimport cython
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from libc.stdint cimport uint64_t
from libc.stdlib cimport free

from ddz_fast.move import Move
from ddz_fast.rules import as_rules

from ddz_fast.moves._interned cimport move_of_word as move_of
from movegen cimport Options
from playloop cimport Play, Tally, count_action, play_move, start_tally
from rule_options cimport options_of
from table_positions cimport play_of
from words cimport Words, generate_into, reserve

__all__ = ["PlayPhase", "_StateCore", "_restored_play_phase"]


@cython.final
cdef class PlayPhase:
    """The play phase of a game state on words: ``PlayPhase(hands, landlord, rules)`` starts it,
    ``hands`` (three words, the landlord's with the kitty) checked again here and the landlord to
    lead; ``ddz_fast.engine.stepping`` builds it for a State."""
    cdef Play p
    cdef Options o
    cdef Words buf          # the legal action words, the pass (0) first when following
    cdef Py_ssize_t n       # how many; -1 until generated for this position
    cdef Tally t
    cdef object rules       # the Rules of ``o``, for pickling

    def __cinit__(self):
        self.buf = Words(NULL, 0)
        self.n = -1

    def __init__(self, tuple hands, int landlord, rules):
        self.rules = as_rules(rules)
        self.o = options_of(self.rules)
        self.p = play_of(hands, landlord, landlord, 0, 0)
        start_tally(&self.t, &self.p)

    def __dealloc__(self):
        free(self.buf.data)

    cdef int _generate(self) except -1:
        """List the legal actions of the position in ``buf`` (once per position)."""
        cdef bint following = self.p.prev != 0
        cdef Py_ssize_t count
        if self.n >= 0:
            return 0
        if self.t.winner >= 0:
            self.n = 0                      # the hand is over: nothing is legal
            return 0
        if not reserve(&self.buf, 1):
            raise MemoryError("out of memory listing moves")
        self.buf.data[0] = 0                # the pass, kept only when following
        count = generate_into(&self.buf, following, self.p.hands[self.p.player], self.p.prev,
                              &self.o)
        if count < 0:
            raise MemoryError("out of memory listing moves")
        self.n = count + following
        return 0

    def actions(self):
        """The legal actions of the player to move, as a new list of Moves (listed once per
        position: asking again only builds the list)."""
        return self._actions()

    cdef list _actions(self):
        cdef Py_ssize_t i
        cdef list moves
        self._generate()
        moves = PyList_New(self.n)          # filled in place: no append, no resizing
        for i in range(self.n):
            move = move_of(self.buf.data[i])
            Py_INCREF(move)                 # PyList_SET_ITEM steals a reference
            PyList_SET_ITEM(moves, i, move)
        return moves

    cdef Py_ssize_t _find(self, object move) except -2:
        """The index of ``move`` among the legal actions, -1 when it is none of them."""
        cdef uint64_t word
        cdef Py_ssize_t i
        if not isinstance(move, Move):
            return -1
        try:
            word = move._word
        except (OverflowError, TypeError):
            return -1           # a subclass's word that is no 64-bit word is no legal move
        self._generate()
        for i in range(self.n):
            if self.buf.data[i] == word:
                return i
        return -1

    def contains(self, move):
        """Whether ``move`` is a legal action now (membership by word)."""
        return self._find(move) >= 0

    def play(self, move, list log):
        """Play ``move`` if it is legal: the next player, 3 when it ended the hand, or -1 (and
        nothing changes) when it is not a legal action. A played move is appended to ``log``
        (unless None) as the event ``("act", player, move)``."""
        return self._play(move, log)

    cdef int _play(self, move, list log) except -2:
        cdef Py_ssize_t i = self._find(move)
        cdef uint64_t word
        cdef int mover = self.p.player
        if i < 0:
            return -1
        if log is not None:
            log.append(("act", mover, move))    # first: the one step here that may fail
        word = self.buf.data[i]
        count_action(&self.t, mover, word)
        self.n = -1
        if play_move(&self.p, word):
            self.t.winner = mover
            return 3
        return self.p.player

    def copy(self):
        """An independent copy (the legal actions are listed again when asked for)."""
        cdef PlayPhase other = PlayPhase.__new__(PlayPhase)
        other.p, other.o, other.t, other.rules = self.p, self.o, self.t, self.rules
        return other

    def __reduce__(self):
        # A pickled (or deep-copied) State carries its play phase: rebuilt from these fields.
        return _restored_play_phase, (self.hands, self.p.landlord, self.p.player, self.p.prev,
                                 self.p.passes, self.t.actions, self.plays, self.t.bombs,
                                 self.t.winner, self.rules)

    @property
    def hands(self):
        """The three hand words."""
        return (self.p.hands[0], self.p.hands[1], self.p.hands[2])

    @property
    def prev_word(self):
        """The word of the move to beat, 0 when the player to move leads."""
        return self.p.prev

    @property
    def prev(self):
        """The Move to beat, None when the player to move leads."""
        return None if self.p.prev == 0 else move_of(self.p.prev)

    @property
    def passes(self):
        """Passes since the move to beat was played (0 or 1)."""
        return self.p.passes

    @property
    def player(self):
        """The seat to move."""
        return self.p.player

    @property
    def landlord(self):
        return self.p.landlord

    @property
    def plays(self):
        """Non-pass moves of each seat."""
        return (self.t.moves[0], self.t.moves[1], self.t.moves[2])

    @property
    def bombs(self):
        """Bombs and rockets played."""
        return self.t.bombs

    @property
    def winner(self):
        """The seat whose hand emptied, -1 while play goes on."""
        return self.t.winner

    def key(self):
        """Everything the play phase holds, to compare play phases by value."""
        return (self.hands, self.p.prev, self.p.passes, self.p.player, self.p.landlord,
                self.plays, self.t.bombs, self.t.winner)

    def __eq__(self, other):
        if not isinstance(other, PlayPhase):
            return NotImplemented
        return self.key() == (<PlayPhase>other).key()

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None


cdef object _MOVE_TYPE = Move          # read once per step: a C global, not a module dict


cdef class _StateCore:
    """The part of a :class:`ddz_fast.engine.three_player.State` that a Python driver calls on
    every step.

    A driver's loop is ``while not state.is_over: state.apply(choice(state.legal_actions()))``:
    the fields these three read live in C slots here and the play phase's step is one C call
    into the play phase, where a Python method costs several times the step itself. Everything else
    (the other phases, the checks that name what is wrong, the settlement) is the subclass's;
    ``ddz_fast.engine.stepping.PythonStateCore`` is the pure-Python twin.
    """
    cdef public str _phase
    cdef public object _player
    cdef public object _play_phase
    cdef public list _log
    cdef public tuple _timeouts
    cdef public bint _over

    @property
    def is_over(self):
        """Whether the hand is over (phase 'over')."""
        return self._over

    def legal_actions(self):
        """The actions ``current_player`` may apply now (empty once over), a new list each time.

        In the play phase the moves (``Move.PASS`` first when following) are listed once per
        position on words and kept until the state changes; a call builds the list from them.
        """
        if self._phase == "play":
            if type(self._play_phase) is PlayPhase:
                return (<PlayPhase>self._play_phase)._actions()
            return self._play_phase.actions()
        return list(self._legal_tuple())

    def apply(self, action):
        """The current player takes ``action`` (ValueError/TypeError if it is not legal)."""
        cdef int after, player
        if (type(action) is _MOVE_TYPE and self._phase == "play"
                and type(self._play_phase) is PlayPhase):
            # The usual step: one C call checks the move against the legal actions, plays it
            # and logs it, or changes nothing and returns -1 (then the checks below name why).
            player = self._player
            after = (<PlayPhase>self._play_phase)._play(action, self._log)
            if after >= 0:
                if self._timeouts[player]:
                    self._timeouts = tuple([0 if seat == player else count
                                            for seat, count in enumerate(self._timeouts)])
                if after == 3:
                    self._finish()
                else:
                    self._player = after
                return
        self._apply_checked(action)


def _restored_play_phase(tuple hands, int landlord, int player, uint64_t prev, int passes,
                         int actions, tuple plays, int bombs, int winner, rules):
    """A play phase in the middle of play from the fields ``PlayPhase.__reduce__`` gives (the
    position checked again by play_of, the tallies taken as they were)."""
    cdef PlayPhase phase = PlayPhase(hands, landlord, rules)
    cdef int seat
    phase.p = play_of(hands, landlord, player, prev, passes)
    if len(plays) != 3 or not -1 <= winner < 3:
        raise ValueError("a play phase's tallies are three move counts and a seat or -1")
    phase.t.actions, phase.t.bombs, phase.t.winner = actions, bombs, winner
    for seat in range(3):
        phase.t.moves[seat] = plays[seat]
    return phase
