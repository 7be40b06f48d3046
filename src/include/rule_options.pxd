# The move options of a rule set as the C struct the generator reads. Header-only: every native
# module fills it the same way, from a Rules object that ddz_fast.rules has validated.
from movegen cimport Options


cdef inline Options options_of(object rules, int decks=1) except *:
    """The Options of a validated :class:`ddz_fast.rules.Rules` of ``decks`` decks: the
    generator's one-deck words hold up to four cards of a rank, its two-deck words eight."""
    cdef Options o
    if rules.laizi:
        raise ValueError(f"the compiled generator does not play wild cards (laizi) yet: "
                         f"{rules!r} has {rules.laizi} wild rank(s)")
    if rules.decks != decks:
        raise ValueError(f"{rules!r} play with {rules.decks} deck(s), which this part of the "
                         f"compiled core does not play: its words hold {decks}")
    o.solo_wing_max_copies = rules.solo_wing_max_copies
    o.trio_wing_next_to_chain = rules.trio_wing_next_to_chain
    o.rocket_in_kickers = rules.rocket_in_kickers
    o.four_two = rules.four_two
    o.four_two_solo_max_copies = rules.four_two_solo_max_copies
    o.space_shuttle = rules.space_shuttle
    return o
