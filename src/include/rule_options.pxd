# The move options of a rule set as the C struct the generator reads. Header-only: every native
# module fills it the same way, from a Rules object that ddz_fast.rules has validated (and whose
# fields are checked again as they are read). Run Fast's rule sets fill a struct of their own
# (runfast_of): Dou Dizhu's generators never read Run Fast rules.
from libc.stdint cimport uint64_t

from movegen cimport NIBBLE_ONES, Options
from runfastgen cimport RunFast


cdef inline bint _bool_option(object rules, str name) except -1:
    """A bool field of ``rules``, checked again: a frozen Rules can be changed with
    object.__setattr__ after its checks, and a C field must not take what it holds then."""
    value = getattr(rules, name)
    if not isinstance(value, bool):
        raise TypeError(f"rule option {name} must be a bool, not {type(value).__name__}")
    return value is True


cdef inline int _int_option(object rules, str name, int low, int high) except -1:
    """An int field of ``rules`` in ``low..high``, checked again (see _bool_option)."""
    value = getattr(rules, name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"rule option {name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"rule option {name} must be between {low} and {high}, got {value}")
    return <int>value


cdef inline Options options_of(object rules, int decks=1) except *:
    """The Options of a validated :class:`ddz_fast.rules.Rules` of ``decks`` decks: the
    generator's one-deck words hold up to four cards of a rank, its two-deck words eight.
    Each field is checked again as it is read (a clear error, never an overflow)."""
    cdef Options o
    cdef int laizi
    game = getattr(rules, "game")
    if game != "doudizhu":
        raise ValueError(f"this part of the compiled core plays Dou Dizhu, not the Run Fast "
                         f"game of {rules!r}")
    laizi = _int_option(rules, "laizi", 0, 2)
    if laizi:
        raise ValueError(f"the compiled generator does not play wild cards (laizi) yet: "
                         f"{rules!r} has {laizi} wild rank(s)")
    if _int_option(rules, "decks", 1, 2) != decks:
        raise ValueError(f"{rules!r} play with {rules.decks} deck(s), which this part of the "
                         f"compiled core does not play: its words hold {decks}")
    o.solo_wing_max_copies = _int_option(rules, "solo_wing_max_copies", 1, 4)
    o.trio_wing_next_to_chain = _bool_option(rules, "trio_wing_next_to_chain")
    o.rocket_in_kickers = _bool_option(rules, "rocket_in_kickers")
    o.four_two = _bool_option(rules, "four_two")
    o.four_two_solo_max_copies = _int_option(rules, "four_two_solo_max_copies", 1, 2)
    o.space_shuttle = _bool_option(rules, "space_shuttle")
    return o


cdef inline RunFast runfast_of(object rules) except *:
    """The RunFast options of a validated Run Fast :class:`ddz_fast.rules.Rules`, each field
    checked again as it is read (see _bool_option): the deck by its size, a hand's cards, and
    the move options."""
    cdef RunFast r
    cdef uint64_t deck = 0
    cdef int rank
    from ddz_fast.cards import RUNFAST_DECKS    # the vocabulary: no import cycle
    if getattr(rules, "game") != "runfast":
        raise ValueError(f"{rules!r} play Dou Dizhu, not Run Fast")
    size = _int_option(rules, "deck_size", 45, 48)
    if size not in RUNFAST_DECKS:
        raise ValueError(f"rule option deck_size must be 48 or 45 in Run Fast, got {size}")
    for rank, count in enumerate(RUNFAST_DECKS[size]):
        deck |= (<uint64_t>count) << (4 * rank)
    r.deck = deck
    r.limit = deck + NIBBLE_ONES
    r.hand_size = size // 3
    r.short_last_hand = _bool_option(rules, "short_last_hand")
    r.aaa_bomb = _bool_option(rules, "aaa_bomb")
    r.four_three = _bool_option(rules, "four_three")
    return r
