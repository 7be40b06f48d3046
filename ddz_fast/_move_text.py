"""Move text read and written under the rules in force: the notation of
:mod:`ddz_fast.moves.notation`, on any move generator.

Each function takes the ``classify`` of the move API that reads the cards, so that the native
core and the pure-Python reference read text each on its own generator (the reference may not
import the public API), with the same results and messages: the notation binds the public
``classify``, and the move functions of both implementations read their text arguments here.
"""
from __future__ import annotations

from typing import Callable, List, Sequence

from .bitboard import is_laizi
from .cards import RANK_NAMES, _format
from .move import (PASS_TEXT, PASS_WORDS, Move, ambiguous, _key_text, reading_counts,
                   split_move, _with_key)
from .rules import WIDEST_LAIZI, WIDEST_RULES, Rules, RulesLike
from .wild import wild_ranks

__all__ = ["Classify", "format_move", "readings", "parse_move", "text_readings",
           "move_of_text", "ambiguous_among"]

#: A move API's ``classify(cards, *, rules=..., wild=...)``: every reading of the cards.
Classify = Callable[..., Sequence[Move]]


def _rules_or_widest(rules: RulesLike, wild: object = None) -> RulesLike:
    if rules is None and wild is not None:
        return WIDEST_LAIZI.replace(laizi=len(wild_ranks(wild)))
    return WIDEST_RULES if rules is None else rules


def _rules_name(rules: RulesLike, wild: object = None) -> str:
    if rules is None and wild is not None:
        return "widest (douzero)"
    if rules is None:
        return "widest (douzero with the space shuttle)"
    if isinstance(rules, Rules):
        return rules.preset_name or "custom"
    return str(rules)


def format_move(move: Move, classify: Classify, rules: RulesLike = None,
                wild: object = None) -> str:
    """:func:`ddz_fast.moves.notation.format_move` on the cards' readings by ``classify``."""
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    if move.is_pass:
        return PASS_TEXT
    if wild is None and (rules is None or is_laizi(move.word)):
        return str(move)      # the widest rules' text; a reading needs no context to be written
    others = list(classify(move.counts, rules=_rules_or_widest(rules, wild), wild=wild))
    if others == [move]:
        return move.cards
    if wild is not None:
        return f"{move.cards}={_format(move.reading)}"
    return f"{move.cards}:{_key_text(move, others)}"


def readings(text: str, classify: Classify, rules: RulesLike = None,
             wild: object = None) -> List[Move]:
    """:func:`ddz_fast.moves.notation.readings` on the cards' readings by ``classify``."""
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    text, _, main = text.partition("=")
    cards, kind, key = split_move(text)
    moves = list(classify(cards, rules=_rules_or_widest(rules, wild), wild=wild))
    if main.strip():
        reading = reading_counts(main)
        moves = [m for m in moves if m.reading == reading]
    if kind:
        moves = [m for m in moves if m.type == kind]
    return _with_key(moves, key)


def _not_a_move(text: str, rules: RulesLike, wild: object) -> ValueError:
    shown = "" if wild is None else \
        f" with wild {''.join(RANK_NAMES[rank] for rank in wild_ranks(wild))}"
    return ValueError(f"{text.strip()!r} is not a move: not a combination under the "
                      f"{_rules_name(rules, wild)} rules{shown}")


def parse_move(text: str, classify: Classify, rules: RulesLike = None,
               wild: object = None) -> Move:
    """:func:`ddz_fast.moves.notation.parse_move` on the cards' readings by ``classify``."""
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    if text.strip().lower() in PASS_WORDS:
        return Move.PASS
    if rules is None and wild is None:
        return Move.parse(text)       # the widest rules of one deck or two
    candidates = text_readings(text, classify, rules, wild)
    if len(candidates) > 1:
        raise ambiguous_among(text, candidates, classify, rules, wild)
    return candidates[0]


def text_readings(text: str, classify: Classify, rules: Rules,
                  wild: object = None) -> List[Move]:
    """Every move that ``text`` names under ``rules`` and ``wild`` (the pass for a pass word):
    what a state that knows its legal actions chooses from. ValueError when the text names
    no move under those rules."""
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    if text.strip().lower() in PASS_WORDS:
        return [Move.PASS]
    found = readings(text, classify, rules, wild)
    if not found:
        raise _not_a_move(text, rules, wild)
    return found


def move_of_text(move: object, name: str, rules: Rules, classify: Classify,
                 wild: object = None) -> object:
    """``move`` as given, or, when it is text, the one move it names under ``rules`` and the
    wild ranks ``wild`` (:func:`parse_move`), ValueError naming the argument ``name`` when the
    text names none or several. What the move functions of both implementations read a text
    argument with, at the place where they check it."""
    if not isinstance(move, str):
        return move
    try:
        return parse_move(move, classify, rules, wild)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None


def ambiguous_among(text: str, moves: Sequence[Move], classify: Classify, rules: Rules,
                    wild: object) -> ValueError:
    """The error of text that names several of ``moves``, each written under the rules."""
    return ambiguous(text, (format_move(m, classify, rules, wild) for m in moves))
