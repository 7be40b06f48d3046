"""Text of moves and actions: the one notation of positions, game records and the command line.

A move is written as its cards in canonical order (``"33344"``), ``pass`` for the pass. When
the same cards make more than one move under the rules in force, the type and the key rank
follow: ``"333444555666:airplane_solo@4"`` is the airplane with solo wings of 444555666 with
wings 333. When parsing, the type alone (``"3888:trio_solo"``) or nothing may be given as long
as only one move fits.

The rules in force are ``rules=``. Without it (``rules=None``) the text is what ``str(move)``
writes and :meth:`Move.parse <ddz_fast.move.Move.parse>` reads: under the most permissive move
options of one deck or of two (:data:`ddz_fast.rules.WIDEST_RULES`,
:data:`ddz_fast.rules.WIDEST_TWO_DECKS`), a superset of every preset, so such text round-trips
under every preset, which is what positions and game records need. With a rule
set, cards are read under those rules, so ``333444555666`` is the airplane of four trios under
``standard``, where it reads no other way, and is written without a suffix there.

With wild cards (laizi) the wild ranks are part of the context, ``wild=`` (as for
:func:`ddz_fast.legal_moves`), and a move is its real cards, wilds under their own rank, then
``=`` and the cards its main part is read as when the cards read more than one way:
``"3335=3333"`` is the soft bomb of 3s from three 3s and a wild 5, ``"3335=333"`` the trio of
3s with the wild 5 as kicker, ``"5555=5555"`` (5 wild) the laizi bomb, ``"5555=KKKK"`` the soft
bomb of kings made of the four wild 5s. The main part's reading names the move: its ranks
give the key and the chain length, its copies and the number of cards the type (a trio with
one more card is a trio + solo, a four with two more a four + two solos...), and the wild
ranks the bomb class. ``CARDS:TYPE@KEY`` is read too. A move whose cards read one way only is
its cards alone. A reading counts up to twelve cards of a rank (a bomb of four natural cards
and eight wilds): ``"3333557777=333333333333"``.

Bids, doubling decisions and the four-player table's choice of partner are written as their
enum names (``BID_2``, ``ROB``, ``DOUBLE``, ``SEAT_2``); which kind an action text is follows
from the phase it is played in. Moves of two decks (moves beyond one deck, and chains longer
than one deck allows) are read and written under the four-player rules, given as ``rules``.
"""
from __future__ import annotations

from typing import List

from . import classify
from .. import _move_text
from ..actions import Action, Bid, Double, Partner
from ..move import Move
from ..rules import RulesLike
from ..validate import shown

__all__ = ["format_move", "parse_move", "readings", "format_action", "parse_action"]


def format_move(move: Move, rules: RulesLike = None, wild: object = None) -> str:
    """The text of a move: its cards, with ``:TYPE@KEY`` when they read several ways; with
    wild ranks ``wild``, ``=READING`` instead (the cards the main part is read as).

    >>> from ddz_fast import classify
    >>> airplane = classify("333444555666", rules="standard")[0]
    >>> format_move(airplane), format_move(airplane, rules="standard")
    ('333444555666:airplane@3', '333444555666')
    >>> [format_move(m, "laizi", "5") for m in classify("3335", rules="laizi", wild="5")]
    ['3335=333', '3335=3333']
    """
    return _move_text.format_move(move, classify, rules, wild)


def readings(text: str, rules: RulesLike = None, wild: object = None) -> List[Move]:
    """Every move that move text can mean under ``rules`` (empty: not a combination).

    Pass is not read here (see :func:`parse_move`).

    >>> [format_move(m) for m in readings("333444555666", "standard")]
    ['333444555666:airplane@3']
    >>> [m.key for m in readings("333444555666:airplane_solo", "douzero")]
    [0, 1]
    >>> readings("34", "standard")
    []
    >>> [m.bomb_class for m in readings("5555=5555", "laizi", wild="5")]
    ['laizi']
    """
    return _move_text.readings(text, classify, rules, wild)


def parse_move(text: str, rules: RulesLike = None, wild: object = None) -> Move:
    """The one move that ``text`` names under ``rules`` (ValueError if none or several).

    >>> parse_move("3334", rules="standard")
    Move('trio_solo', key=0, length=1, cards='3334')
    >>> parse_move("pass")
    Move.PASS
    """
    return _move_text.parse_move(text, classify, rules, wild)


def format_action(action: Action, rules: RulesLike = None, wild: object = None) -> str:
    """The text of a bid, a doubling decision, a choice of partner or a move (a move under
    ``rules`` and the wild ranks ``wild``, as :func:`format_move` writes it)."""
    if isinstance(action, (Bid, Double, Partner)):
        return action.name
    return format_move(action, rules, wild)


def parse_action(text: str, phase: str, rules: RulesLike = None, wild: object = None) -> Action:
    """The action of ``text`` played in ``phase`` ('bidding', 'partner', 'doubling' or
    'play'; a move is read under ``rules`` and the wild ranks ``wild``, as
    :func:`parse_move` reads it)."""
    if not isinstance(text, str):
        raise TypeError(f"action text must be a str, not {type(text).__name__}")
    enum = {"bidding": Bid, "doubling": Double, "partner": Partner}.get(phase) \
        if isinstance(phase, str) else None
    if enum is None:
        if phase != "play":
            raise ValueError(f"no actions are played in phase {shown(phase)}")
        return parse_move(text, rules, wild)
    try:
        return enum[text]
    except KeyError:
        raise ValueError(f"{text!r} is not a {enum.__name__}: choose one of "
                         f"{', '.join(enum.__members__)}") from None
