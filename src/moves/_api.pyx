# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, freethreading_compatible=True
"""The move API on the native generators: the compiled core.

legal_moves, classify, beats, action_space, action_id and action_move have the signatures,
results and exceptions of :mod:`ddz_fast.reference.moves` (which is the specification), at one
deck, at two (the four-player table), with wild cards and in Run Fast; :mod:`ddz_fast.moves.native`
adds the batched API (ddz_fast.moves._batches). Every argument is checked with the very checks
the reference uses (ddz_fast._checks, ddz_fast.wild) before a word reaches a generator, which
trusts its input: movegen.pxd for one deck and two, laizigen.pxd for wild cards, runfastgen.pxd
for Run Fast.
"""
from cpython.long cimport PyLong_AsUnsignedLongLongMask, PyLong_CheckExact
from cpython.object cimport PyObject
from libc.stdint cimport uint32_t, uint64_t
from libc.stdlib cimport free

from ddz_fast import bitboard, laizi_ids
from ddz_fast._checks import (check_action_id, check_play, check_prev, check_runfast_hand,
                              exact_move)
from ddz_fast._move_text import move_of_text
from ddz_fast.cards import FULL_DECK, RANK_NAMES
from ddz_fast.hand import Hand, as_hand
from ddz_fast.move import MOVE_TYPES, TYPE_CODES, ListOfMoves, Move
from ddz_fast.moves._movelist import MoveList
from ddz_fast.rules import as_rules
from ddz_fast.shapes import MAIN_SHAPES, MAIN_SHAPES_TWO_DECKS, RUNFAST_SHAPES, TYPE_CODES as CODES
from ddz_fast.shapes import SHUTTLE_KINDS as SHUTTLE_KINDS_OF_SHAPES
from ddz_fast.wild import check_wild

from ddz_fast.moves._interned cimport (RUNFAST_HI, moves_of_laizi, moves_of_runfast,
                                       moves_of_two_decks, moves_of_words)
from ddz_fast.moves._movelist cimport moves_of_hand, runfast_moves_of_hand
from ddz_fast.moves._rule_sets cimport LastLookup, RuleSet, last_lookup, rule_set_of
from laizigen cimport (CLASS_HARD, HI_CLASS_SHIFT, LzQuery, LzSink, lz_answer_query,
                      lz_generate, lz_lead_query, lz_readings_query)
from movegen cimport *
from rule_options cimport options_of
from runfastgen cimport *
from slots cimport HandSlots, MoveSlots, get_slot, hand_slots, move_slots
from words cimport Words, generate_into

__all__ = ["MoveList", "legal_moves", "classify", "beats", "action_space", "action_id",
           "action_move"]

# Hand and Move keep their fields in __slots__, read here at their offsets (slots.pxd).
cdef MoveSlots _MOVE = move_slots(Move)
cdef HandSlots _HAND = hand_slots(Hand)
cdef const LastLookup* _LAST = last_lookup()  # the rule set looked up last, read inline
cdef RuleSet _STANDARD = rule_set_of(_LAST, None)


# --- the tables the generators share with the Python side ----------------------------------------

def _check_layout():
    """The enum of type codes and the word constants must be those of the Python modules."""
    names = ["pass", "solo", "pair", "trio", "trio_solo", "trio_pair", "chain", "pair_chain",
             "airplane", "airplane_solo", "airplane_pair", "four_two_solo", "four_two_pair",
             "bomb", "rocket", "space_shuttle"]
    if list(MOVE_TYPES) != names or TYPE_CODES["space_shuttle"] != T_SPACE_SHUTTLE:
        raise ImportError("ddz_fast's core was built for other move type codes; rebuild it")
    if (bitboard.COUNT_MASK, bitboard.FLAG_MASK, bitboard.TYPE_SHIFT) != (
            COUNT_MASK, FLAG_MASK, TYPE_SHIFT):
        raise ImportError("ddz_fast's core was built for another word layout; rebuild it")
    # The chain lengths of shapes.h are those of the specification (the rocket has no shape),
    # for one deck and for two.
    for decks, shapes in enumerate((MAIN_SHAPES, MAIN_SHAPES_TWO_DECKS), 1):
        for name, (copies, lengths, ranks) in shapes.items():
            code = TYPE_CODES[name]
            most = LEN_MAX[code] if decks == 1 else LEN_MAX_TWO_DECKS[code]
            if (LEN_MIN[code], most) != (lengths.start, lengths.stop - 1):
                raise ImportError(f"ddz_fast's core was built for other {name} lengths; "
                                  f"rebuild it")
    # So are the space shuttle's kinds: cards per bomb, wings and lengths, in the same order.
    kinds = [(SHUTTLE_CARDS[k], k, 2 if k else 0, LEN_MIN[T_SPACE_SHUTTLE], SHUTTLE_LEN_MAX[k])
             for k in range(SHUTTLE_KINDS)]
    if kinds != [(cards, copies, per_bomb, lengths.start, lengths.stop - 1)
                 for cards, (copies, per_bomb, lengths) in SHUTTLE_KINDS_OF_SHAPES.items()]:
        raise ImportError("ddz_fast's core was built for other space shuttles; rebuild it")
    # Run Fast's shapes (runfastgen.pxd): the type codes, copies and lengths of each type.
    runfast = {"solo": (T_SOLO, 1, 1, 1), "pair": (T_PAIR, 2, 1, 1),
               "trio_two": (RF_TRIO_TWO, 3, 1, 1),
               "chain": (T_CHAIN, 1, RF_CHAIN_MIN, RF_CHAIN_MAX),
               "pair_chain": (T_PAIR_CHAIN, 2, RF_PAIR_CHAIN_MIN, RF_PAIR_CHAIN_MAX),
               "airplane_two": (RF_AIRPLANE_TWO, 3, RF_AIRPLANE_MIN, RF_AIRPLANE_MAX),
               "four_three": (RF_FOUR_THREE, 4, 1, 1), "bomb": (T_BOMB, 4, 1, 1)}
    if runfast != {name: (CODES[name], copies, lengths.start, lengths.stop - 1)
                   for name, (copies, lengths, _) in RUNFAST_SHAPES.items()}:
        raise ImportError("ddz_fast's core was built for other Run Fast shapes; rebuild it")


_check_layout()


def _is_legal(move, rules):
    """Whether the Move ``move`` is legal under ``rules``: its cards classify to it."""
    cdef RuleSet rule_set = rule_set_of(_LAST, rules)
    cdef uint64_t word
    if rule_set.laizi:
        options_of(rule_set.rules)  # raises: the compiled generator plays no wild cards
    if rule_set.two_decks:
        return is_legal_word(_two_deck_word(move._word), &rule_set.opts)
    if rule_set.runfast:
        return _runfast_word(move._word, &word) and rf_is_legal_word(word, &rule_set.rf)
    # A word of 64 bits or more (two decks, wild cards, Run Fast's own types) is no move here.
    return (type(move._word) is int and move._word < _TWO_TO_64
            and is_legal_word(<uint64_t>move._word, &rule_set.opts))


cdef uint64_t _hand_word(object hand) except? 0:
    """The word of anything as_hand accepts (same errors: a hand beyond one deck is one)."""
    cdef PyObject* slot = get_slot(hand, _HAND.bitboard) if type(hand) is Hand else NULL
    if slot != NULL and PyLong_CheckExact(<object>slot):    # not a TwoDecksWord: one deck
        return <object>slot
    return as_hand(hand)._bitboard


cdef inline object _text_arg(object move, str name, object rules, object wild=None):
    """``move``, or the move its text names under ``rules`` (checked here) and the checked
    wild ranks ``wild``: the reference's reading of a text argument, at the place where the
    reference checks the argument."""
    if not isinstance(move, str):
        return move
    return move_of_text(move, name, as_rules(rules), classify, wild)


cdef object _TWO_TO_64 = 1 << 64
cdef object _RUNFAST_HI = RUNFAST_HI


cdef uint64_t _prev_word(object prev, RuleSet rule_set, object rules) except? 0:
    """The word of the move to beat, 0 to lead; check_prev's errors otherwise (text is read
    there: a Move of one deck never gets so far)."""
    cdef uint64_t word
    cdef PyObject* slot
    if type(prev) is Move:
        slot = get_slot(prev, _MOVE.word)
        if slot != NULL and PyLong_CheckExact(<object>slot):  # not a TwoDecksWord: one deck
            # The low 64 bits: the whole word, but for Run Fast's own types (bit 125 set),
            # whose codes are those of a trio, an airplane and four + two solos.
            word = PyLong_AsUnsignedLongLongMask(<object>slot)
            if (word == 0 or is_legal_word(word, &rule_set.opts)) and not (
                    (RF_OWN_CODES >> (word >> TYPE_SHIFT)) & 1 and <object>slot >= _TWO_TO_64):
                return word
    checked = check_prev(_text_arg(prev, "prev", rules), as_rules(rules), _is_legal)
    return 0 if checked is None else checked._word


# --- two decks (movegen.pxd's TwoDecks words) ---------------------------------------------------
# The four-player table: the generator on two-deck words behind the reference's checks. Its moves
# come back as a list of Moves: a move whose cards fit one deck is the shared Move of its
# one-deck word (the same move at every table), any other is made once from its two-deck word
# and kept in the same table.

cdef TwoDecks _two_deck_word(object word):
    """The two-deck word of a move's canonical word: one-deck (an int of 64 bits) or of two
    decks (a TwoDecksWord; any other word, a laizi word or one of Run Fast's own types, keeps
    its two halves, which are no two-deck move)."""
    cdef TwoDecks w
    if type(word) is int and word < _TWO_TO_64:
        return to_two_decks(word)
    w.lo, w.hi = word & 0xFFFFFFFFFFFFFFFF, word >> 64
    return w


cdef TwoDecks _two_deck_hand(object counts):
    """The two-deck word of 15 checked counts."""
    cdef TwoDecks hand
    cdef int rank
    hand.lo = hand.hi = 0
    for rank in range(NUM_RANKS):
        hand = plus(hand, rank, <int>counts[rank])
    return hand


cdef list _two_deck_generate(TwoDecks hand, TwoDecks prev, const Options* o):
    """The moves of a two-deck hand word (leading when ``prev`` is zero, else beating it) as a
    list of Moves."""
    cdef Words buf = Words(NULL, 0)
    cdef Py_ssize_t n
    try:
        with nogil:
            n = generate_into(&buf, 0, hand, prev, o)
        if n < 0:
            raise MemoryError("out of memory listing moves")
        return moves_of_two_decks(<TwoDecks*>buf.data, n)
    finally:
        free(buf.data)


cdef object _two_deck_moves(object hand, object prev, object rules, RuleSet rule_set):
    """legal_moves under a two-deck rule set: the reference's checks, then the generator on
    two-deck words."""
    cdef TwoDecks none
    cdef PyObject* slot = get_slot(hand, _HAND.counts) if type(hand) is Hand else NULL
    counts = <object>slot if slot != NULL else as_hand(hand, 2).counts
    checked = None if prev is None else check_prev(_text_arg(prev, "prev", rules),
                                                   as_rules(rules), _is_legal)
    none.lo = none.hi = 0
    return ListOfMoves(_two_deck_generate(_two_deck_hand(counts), none if checked is None else
                                          _two_deck_word(checked._word), &rule_set.opts))


cdef list _two_deck_classify(tuple counts, const Options* o):
    """Every reading of exactly the cards ``counts`` (checked) as one move of two decks."""
    cdef TwoDecks found[NUM_TYPES * NUM_RANKS]
    cdef Sink s = Sink(&found[0], NUM_TYPES * NUM_RANKS, 0)
    classify_counts(&s, _two_deck_hand(counts), o)
    return moves_of_two_decks(found, min(s.n, s.cap))


# --- wild cards (laizigen.pxd) ------------------------------------------------------------------
# Laizi, one deck: the reference's checks (rules, wild ranks, hand, move to beat), then the laizi
# generator. Its moves come back as a list of Moves: a move that keeps its plain word is the
# shared Move of that word; any other is made once from its laizi word (the Move that
# Move._trusted_read makes of its parts) and kept in the same table.

cdef uint32_t _LEAD_CODES = (1u << (T_ROCKET + 1)) - (1u << T_SOLO)


cdef list _laizi_generate(uint64_t hand, tuple wild, const Options* o, const LzQuery* q,
                          bint keep=True):
    """The moves of the hand word ``hand`` (checked) under the wild ranks ``wild`` (checked,
    low to high) that the query asks for, as a list of Moves in canonical order; the Moves of
    laizi words are kept for later calls unless ``keep`` is False."""
    cdef int ranks[2]
    cdef int nwild = len(wild)
    cdef LzSink s = LzSink(NULL, 0, 0, False)
    cdef Py_ssize_t i
    ranks[0] = wild[0]
    ranks[1] = wild[1] if nwild > 1 else -1
    with nogil:
        lz_generate(&s, hand, ranks, nwild, o, q)
    try:
        if s.failed:
            raise MemoryError("out of memory listing moves")
        return moves_of_laizi(s.buf, s.n, keep)
    finally:
        free(s.buf)


cdef object _laizi_legal(object move, str name, object rules, tuple wild, RuleSet rule_set):
    """``move`` as an exact Move if it is a move (no pass) of the checked ``rules`` and wild
    ranks ``wild``, else the reference's error (TypeError or ValueError, its message): a
    move is one of them when it is one of its own cards' readings, listed here for its type,
    length and key. A move of two decks is none (no reading holds more than one deck)."""
    move = exact_move(move, name)
    if move.is_pass:
        raise ValueError(f"{name} is a pass, which is no combination")
    if move._word >= bitboard.TWO_DECKS_BIT or not _reads_as(move, wild, rule_set):
        raise ValueError(f"{name} {move!r} is not a legal move under {rules!r} with wild "
                         f"{''.join([RANK_NAMES[rank] for rank in wild])}")
    return move


cdef bint _reads_as(object move, tuple wild, RuleSet rule_set) except -1:
    """Whether the exact Move ``move`` (no pass, one deck) is a reading of its own cards."""
    cdef LzQuery q
    cdef uint64_t lo = move._word & 0xFFFFFFFFFFFFFFFF     # real cards, type and flags
    lz_readings_query(&q, 1u << (lo >> TYPE_SHIFT))
    q.len_lo = q.len_hi = move._length
    q.min_key = move._key - 1
    for other in _laizi_generate(lo & COUNT_MASK, wild, &rule_set.opts, &q):
        if other is move or other._word == move._word:
            return True
    return False


cdef inline int _bomb_class(uint64_t hi) noexcept:
    """The class code of a bomb's laizi word by its high half (laizigen.pxd's codes, in their
    order soft < hard < laizi): a bomb that keeps its plain word is hard."""
    return CLASS_HARD if hi == 0 else <int>((hi >> HI_CLASS_SHIFT) & 3)


cdef bint _laizi_beats(object move, object prev):
    """The reference's comparison of two legal moves with wild cards, on their words: the
    rocket beats every move but the rocket; a bomb every other move, and a bomb of fewer
    cards, or as many of a lower class, or of both and a lower rank; any other move one of
    its type, length and number of cards with a lower key."""
    cdef uint64_t lo = move._word & 0xFFFFFFFFFFFFFFFF, hi = move._word >> 64
    cdef uint64_t prev_lo = prev._word & 0xFFFFFFFFFFFFFFFF, prev_hi = prev._word >> 64
    cdef int code = <int>(lo >> TYPE_SHIFT), prev_code = <int>(prev_lo >> TYPE_SHIFT)
    cdef uint32_t main = gather_flags(lo), prev_main = gather_flags(prev_lo)
    cdef int cards = card_count(lo & COUNT_MASK), prev_cards = card_count(prev_lo & COUNT_MASK)
    if code == T_ROCKET:
        return prev_code != T_ROCKET
    if code == T_BOMB and prev_code != T_BOMB:
        return prev_code != T_ROCKET
    if code != prev_code or not main or not prev_main:
        return False
    if code == T_BOMB:
        return (cards, _bomb_class(hi), ctz(main)) > (prev_cards, _bomb_class(prev_hi),
                                                     ctz(prev_main))
    return (popcount(main) == popcount(prev_main) and cards == prev_cards
            and ctz(main) > ctz(prev_main))


cdef tuple _laizi_context(object rules, object wild):
    """The checked rules and wild ranks of a call, as the reference checks them."""
    checked = as_rules(rules)
    return checked, check_wild(checked, wild)


cdef object _laizi_moves(object hand, object prev, object rules, object wild,
                         RuleSet rule_set):
    """legal_moves with wild cards: the reference's checks in its order, then the generator."""
    cdef LzQuery q
    checked, ranks = _laizi_context(rules, wild)
    cdef uint64_t hand_word = _hand_word(hand)
    if prev is not None:
        prev = exact_move(_text_arg(prev, "prev", checked, ranks), "prev")
        prev = None if prev.is_pass else _laizi_legal(prev, "prev", checked, ranks, rule_set)
    if prev is None:
        lz_lead_query(&q)
    else:
        lz_answer_query(&q, TYPE_CODES[prev.type], prev.key, prev.length, len(prev),
                        _CLASS_CODE[prev.bomb_class])
    return ListOfMoves(_laizi_generate(hand_word, ranks, &rule_set.opts, &q))


cdef dict _LAIZI_SPACES = {}       # (checked rules, wild ranks) -> the listed action space
cdef enum:
    LAIZI_SPACES_KEPT = 2           # a one-wild space is half a million Moves: a few hundred MB


cdef tuple _laizi_action_space(object rules, object wild, RuleSet rule_set):
    """action_space with wild cards: every move of a full deck, listed by the generator (the
    reference's definition), kept for up to two wild contexts
    at a time. Its Moves do not fill the table of kept Moves, which serves hands."""
    cdef LzQuery q
    key = _laizi_context(rules, wild)
    found = _LAIZI_SPACES.get(key)
    if found is not None:
        return found
    lz_lead_query(&q)
    space = tuple(_laizi_generate(_hand_word(Hand(FULL_DECK)), key[1], &rule_set.opts, &q,
                                  False))
    if len(_LAIZI_SPACES) >= LAIZI_SPACES_KEPT:
        _LAIZI_SPACES.clear()       # one call, safe beside other threads' (no lock needed)
    _LAIZI_SPACES[key] = space
    return space


#: The bomb class codes of laizigen.pxd by name (None: no bomb).
cdef dict _CLASS_CODE = {name: code for code, name in enumerate(bitboard.BOMB_CLASSES)}


# --- Run Fast (runfastgen.pxd) ------------------------------------------------------------------
# The reference's checks in its order (rules, wild ranks, hand, move to beat), then Run Fast's
# generator on 64-bit words. Its moves come back as a MoveList of those words, whose Moves are
# Run Fast's (the Moves of its own types have bit 125 in their words).

cdef bint _runfast_word(object word, uint64_t* out) except -1:
    """The 64-bit word of a Move word that may be a Run Fast move (``out``, and True): the word
    of a solo, pair, chain, pair chain or bomb, or the low half of the word of one of Run Fast's
    own types (bit 125 set). False for any other (a Dou Dizhu trio, airplane or four + two
    solos, two decks, wild cards)."""
    if not PyLong_CheckExact(word):     # a TwoDecksWord or a LaiziWord
        return False
    out[0] = PyLong_AsUnsignedLongLongMask(word)
    if word < _TWO_TO_64:
        return word >= 0 and not (RF_OWN_CODES >> (out[0] >> TYPE_SHIFT)) & 1
    return word >> 64 == _RUNFAST_HI and (RF_OWN_CODES >> (out[0] >> TYPE_SHIFT)) & 1


cdef object _runfast_rules(object rules, object wild):
    """The Rules of a Run Fast call (checked as its rule set was looked up), refusing wild
    ranks as the reference does."""
    checked = as_rules(rules)
    if wild is not None:
        raise ValueError(f"Run Fast has no wild cards: wild must be None under {checked!r}")
    return checked


cdef uint64_t _runfast_hand(object hand, object rules, RuleSet rule_set) except? 0:
    """The word of a Run Fast hand: as_hand's errors, then check_runfast_hand's (the deck's
    cards, a hand's size)."""
    cdef uint64_t word = _hand_word(hand)
    if not rf_fits(word, &rule_set.rf):
        check_runfast_hand(hand, as_rules(rules))   # raises the reference's error
        raise AssertionError(f"the hand word {word:#x} passed check_runfast_hand")
    return word


cdef uint64_t _runfast_prev(object prev, object rules, RuleSet rule_set) except? 0:
    """The 64-bit word of a Run Fast move to beat, 0 to lead; check_prev's errors otherwise."""
    cdef uint64_t word
    cdef PyObject* slot
    if prev is None:
        return 0
    if type(prev) is Move:
        slot = get_slot(prev, _MOVE.word)
        if slot != NULL and _runfast_word(<object>slot, &word) and (
                word == 0 or rf_is_legal_word(word, &rule_set.rf)):
            return word
    checked = as_rules(rules)
    found = check_prev(_text_arg(prev, "prev", checked), checked, _is_legal)
    if found is None:
        return 0
    _runfast_word(found._word, &word)           # a legal move: a Run Fast word
    return word


cdef object _runfast_moves(object hand, object prev, object rules, object wild,
                           RuleSet rule_set):
    """legal_moves under Run Fast rules (the Rules read again only for an error's message or
    a move to beat given as text)."""
    if wild is not None:
        _runfast_rules(rules, wild)             # raises
    cdef uint64_t hand_word = _runfast_hand(hand, rules, rule_set)
    cdef uint64_t prev_word = _runfast_prev(prev, rules, rule_set)
    return runfast_moves_of_hand(hand_word, prev_word, &rule_set.rf)


cdef list _runfast_classify(object cards, object rules, object wild, RuleSet rule_set):
    """classify under Run Fast rules: every reading, short forms included."""
    _runfast_rules(rules, wild)
    cdef uint64_t counts = _runfast_hand(cards, rules, rule_set)
    cdef uint64_t found[RF_MOST_READINGS]
    cdef Sink s = Sink(&found[0], RF_MOST_READINGS, 0)
    rf_classify(&s, counts, &rule_set.rf)
    return moves_of_runfast(found, min(s.n, s.cap))


cdef bint _runfast_beats(object move, object prev, object rules, object wild,
                         RuleSet rule_set) except -1:
    """beats under Run Fast rules: the reference's checks, then the comparison of the words."""
    cdef uint64_t move_word, prev_word
    checked = _runfast_rules(rules, wild)
    prev = check_play(_text_arg(prev, "prev", checked), "prev", checked, _is_legal)
    move = _text_arg(move, "move", checked)
    if isinstance(move, Move) and move.is_pass:
        return False
    move = check_play(move, "move", checked, _is_legal)
    _runfast_word(move._word, &move_word)
    _runfast_word(prev._word, &prev_word)
    return rf_beats_word(move_word, prev_word)


# --- the public API (ddz_fast.reference.moves's signatures) --------------------------------------

def legal_moves(hand, prev=None, *, rules=None, wild=None):
    """Every legal play from ``hand``, in canonical order; with ``prev`` only those beating it.

    Pass is never listed: it is always allowed when following. ``prev`` of None or
    ``Move.PASS`` means the player leads; text names the move to beat as
    :func:`ddz_fast.moves.notation.parse_move` reads it under these rules. Returns a
    :class:`MoveList` (a :class:`~ddz_fast.move.ListOfMoves` under rules of two decks or with
    wild cards, whose words a MoveList does not hold; ``wild`` names the wild ranks, see
    :mod:`ddz_fast.reference.laizi`). Under Run Fast rules it is a MoveList of Run Fast's
    64-bit words (see :class:`MoveList`), a short trio or airplane listed only as the whole
    hand.
    """
    cdef RuleSet rule_set
    if rules is None and prev is None and wild is None:
        # The commonest call counts no reference to a shared object: on a free-threaded build,
        # threads counting references to one rule set would contend for its cache line.
        return moves_of_hand(_hand_word(hand), 0, &_STANDARD.opts)
    rule_set = rule_set_of(_LAST, rules)
    if rule_set.delegated or wild is not None:
        if rule_set.runfast:
            return _runfast_moves(hand, prev, rules, wild, rule_set)
        if rule_set.laizi or wild is not None:
            return _laizi_moves(hand, prev, rules, wild, rule_set)
        return _two_deck_moves(hand, prev, rules, rule_set)
    cdef uint64_t hand_word = _hand_word(hand)
    cdef uint64_t prev_word = 0 if prev is None else _prev_word(prev, rule_set, rules)
    return moves_of_hand(hand_word, prev_word, &rule_set.opts)


def classify(cards, *, rules=None, wild=None):
    """Every interpretation of exactly these cards as one move (empty: no combination); under
    wild cards every reading (see :mod:`ddz_fast.reference.laizi`)."""
    cdef RuleSet rule_set = rule_set_of(_LAST, rules)
    cdef LzQuery q
    if rule_set.runfast:
        return _runfast_classify(cards, rules, wild, rule_set)
    if rule_set.laizi or wild is not None:
        checked, ranks = _laizi_context(rules, wild)
        lz_readings_query(&q, _LEAD_CODES)
        return _laizi_generate(_hand_word(cards), ranks, &rule_set.opts, &q)
    if rule_set.two_decks:
        return _two_deck_classify(as_hand(cards, 2).counts, &rule_set.opts)
    cdef uint64_t counts = _hand_word(cards)
    cdef uint64_t found[NUM_TYPES * NUM_RANKS]
    cdef Sink s = Sink(&found[0], NUM_TYPES * NUM_RANKS, 0)
    cdef Py_ssize_t i
    classify_counts(&s, counts, &rule_set.opts)
    return moves_of_words(found, min(s.n, s.cap))


def beats(move, prev, *, rules=None, wild=None):
    """Whether ``move`` may be played on ``prev`` (a pass beats nothing); either may be text,
    read under these rules."""
    cdef RuleSet rule_set = rule_set_of(_LAST, rules)
    if rule_set.runfast:
        return _runfast_beats(move, prev, rules, wild, rule_set)
    if wild is not None or rule_set.laizi:
        checked, ranks = _laizi_context(rules, wild)
        prev = _laizi_legal(_text_arg(prev, "prev", checked, ranks), "prev", checked, ranks,
                            rule_set)
        move = _text_arg(move, "move", checked, ranks)
        if isinstance(move, Move) and move.is_pass:
            return False
        return _laizi_beats(_laizi_legal(move, "move", checked, ranks, rule_set), prev)
    rules = as_rules(rules)
    prev = check_play(_text_arg(prev, "prev", rules), "prev", rules, _is_legal)
    move = _text_arg(move, "move", rules)
    if isinstance(move, Move) and move.is_pass:
        return False
    move = check_play(move, "move", rules, _is_legal)
    if rules.decks == 2:
        return beats_word(_two_deck_word(move._word), _two_deck_word(prev._word))
    return beats_word(<uint64_t>move._word, <uint64_t>prev._word)


def action_space(rules=None, wild=None):
    """Every move of the rule set, in canonical order: a move's index is its dense action id."""
    cdef RuleSet rule_set = rule_set_of(_LAST, rules)
    if rule_set.runfast:
        _runfast_rules(rules, wild)
    elif rule_set.laizi or wild is not None:
        return _laizi_action_space(rules, wild, rule_set)
    return rule_set.action_space().moves


def action_id(move, rules=None, wild=None):
    """The dense action id of ``move`` in :func:`action_space` (ValueError if absent); text
    is read under these rules."""
    cdef RuleSet rule_set = rule_set_of(_LAST, rules)
    if rule_set.runfast:
        _runfast_rules(rules, wild)
    elif rule_set.laizi or wild is not None:
        checked, ranks = _laizi_context(rules, wild)
        return laizi_ids.action_id(_text_arg(move, "move", checked, ranks), checked, ranks)
    if not isinstance(move, Move):
        move = _text_arg(move, "move", rules)
        if not isinstance(move, Move):
            raise TypeError(f"move must be a Move, not {type(move).__name__}")
    found = rule_set.action_space().ids.get(move._word)
    if found is None:
        raise ValueError(f"{move!r} is not in the action space of {as_rules(rules)!r}")
    return found


def action_move(action_id, rules=None, wild=None):
    """The move of a dense action id: the inverse of :func:`action_id`."""
    cdef RuleSet rule_set = rule_set_of(_LAST, rules)
    if rule_set.runfast:
        _runfast_rules(rules, wild)
    elif rule_set.laizi or wild is not None:
        checked, ranks = _laizi_context(rules, wild)
        return laizi_ids.action_move(action_id, checked, ranks)
    moves = rule_set.action_space().moves
    return moves[check_action_id(action_id, len(moves))]
