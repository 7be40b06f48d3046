"""Run Fast (Pao De Kuai) positions: the play of docs/RULES.md, "Run Fast", as position rules.

A position is what the play of a hand needs: the hands in play, the player to move, ``prev``,
the move to beat (None when the player leads), and how many passes followed it. The player who
made ``prev`` follows from those (:attr:`RunFastPosition.last_player`), so it is not stored:
a stored copy could only disagree. Three hands, or two under ``players = 2``: the third hand
of that game is dealt face down and never played, so it is no part of the position.

The play rules (:func:`runfast_actions`) sit on top of :func:`ddz_fast.legal_moves`, which
under Run Fast rules lists plays only (short forms only as the whole hand, never the pass):

* the leader plays any move and may not pass;
* a follower beats the last play or passes; with ``must_beat`` he may pass only when no move
  (a bomb included) beats it;
* with ``one_card_rule``, while the next player holds exactly one card, a solo must be the
  player's highest card (led or played on a solo; other combinations are unrestricted);
* once every other player has passed in a row the player of the last move leads
  (:func:`ddz_fast.positions.step.play_step`, shared with Dou Dizhu);
* the hand is over when a hand is empty; that player won.

Notation: four space-separated fields,

    <hand 0>/<hand 1>[/<hand 2>] <to move> <move to beat> <passes>

hands in card notation (``-`` for an empty hand), the move to beat in the notation of
:mod:`ddz_fast.moves.notation` read and written under :data:`WIDEST_RUNFAST` (every move option
of Run Fast on, so the text reads the same under every Run Fast rule set; ``-`` when the player
leads) and the passes since it (0 or 1 with three hands, 0 with two). Player 2 must beat the
trio + two that player 1 has just played; player 0 holds one card::

    K/44499/55567TT 2 44499 0

A position holds no rules, as a Dou Dizhu position does: they are given to
:meth:`RunFastPosition.legal_actions`, :meth:`~RunFastPosition.play` and perft (default: the
preset ``runfast``, with ``players=2`` for a position of two hands) and checked when they
meet: Run Fast rules with as many players as hands, hands within that deck and hand size, and
a move to beat that is a move of those rules.

Choices where the rule book is silent:

* Positions are mid-hand, so who leads the first hand (``next_lead``, the three of spades) and
  ``spade3_in_first_play`` (the first play must hold a 3) are not modelled: a position does not
  know whether its lead is the hand's first. The engine, which deals, applies them; a
  position's leader may lead any move.
* The one-card rule looks at the next player in turn (the one who plays after the mover, even
  if he then passes), at a lead as at a follow. Must-beat is decided on every move that beats,
  before the one-card rule picks the solo: the highest card beats whenever any solo does, so
  the order never changes the actions.
* At most one hand may be empty (the hand ends at the first player out); the cards of the hands
  fit one Run Fast deck of 48 cards, each hand at most 16 (the rules' deck and hand size are
  checked when the rules are known). The move to beat is not checked against the hands' cards.
* Perft counts as Dou Dizhu's does: a pass is a move, a finished hand is a leaf at any depth.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from .. import _move_text
from .. import moves as api
from ..cards import NUM_RANKS, RANK_NAMES, RUNFAST_DECKS
from ..hand import Hand, HandLike, as_hand
from ..move import Move
from .pictures import position_svg
from ..rules import Rules, RulesLike, checked_rules
from ..shapes import RUNFAST_TYPES
from ..validate import check_seat
from .step import Hands, Implementation, LegalMovesFn, generator, play_step
from .three_player import check_depth, check_prev_and_passes

__all__ = ["RunFastPosition", "WIDEST_RUNFAST", "runfast_actions", "runfast_rules",
           "format_runfast_move", "parse_runfast_move"]

#: Every move option of Run Fast on, 48 cards: its moves hold every Run Fast rule set's, so the
#: move text of a position reads the same under all of them.
WIDEST_RUNFAST: Rules = Rules.preset("runfast").replace(aaa_bomb=True, four_three=True)
#: The largest Run Fast deck, and its hand size: what a position is checked against on its own.
_LARGEST_DECK = RUNFAST_DECKS[max(RUNFAST_DECKS)]
_LARGEST_HAND = max(RUNFAST_DECKS) // 3
#: Move text is read with the reference's classify, whatever the public implementation: a
#: position's text must not depend on whether the compiled core plays Run Fast.
_classify = api.implementation("python").classify


def format_runfast_move(move: Move) -> str:
    """The text of a Run Fast move under :data:`WIDEST_RUNFAST` (``CARDS``, or
    ``CARDS:TYPE@KEY`` when the cards read several ways: ``AAA:bomb@A``)."""
    return _move_text.format_move(move, _classify, WIDEST_RUNFAST)


def parse_runfast_move(text: str) -> Move:
    """The Run Fast move of ``text`` under :data:`WIDEST_RUNFAST` (ValueError if none or
    several)."""
    return _move_text.parse_move(text, _classify, WIDEST_RUNFAST)


@dataclass(frozen=True, init=False)
class RunFastPosition:
    """A Run Fast play position (see the module docstring); immutable and hashable.

    ``hands``: two or three hands; ``to_move``: a seat; ``prev``: the move to beat, None when
    the player to move leads; ``passes``: passes since ``prev`` (fewer than the other seats).
    """

    hands: Hands
    to_move: int
    prev: Optional[Move] = None
    passes: int = 0

    def __init__(self, hands: Sequence[HandLike], to_move: int,
                 prev: Optional[Move] = None, passes: int = 0) -> None:
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise TypeError(f"hands must be a sequence of two or three hands, "
                            f"not {type(hands).__name__}")
        if len(hands) not in (2, 3):
            raise ValueError(f"a Run Fast position has two or three hands, got {len(hands)}")
        checked = tuple(as_hand(h) for h in hands)
        _check_cards(checked, _LARGEST_DECK, _LARGEST_HAND, "a Run Fast deck")
        if sum(not h.bitboard for h in checked) > 1:
            raise ValueError("at most one hand is empty: the hand ends at the first player out")
        to_move = check_seat("to_move", to_move, len(checked))
        prev, passes = check_prev_and_passes(prev, passes, len(checked) - 2)
        if prev is not None and prev.type not in RUNFAST_TYPES:
            raise ValueError(f"the move to beat is a {prev.type}, which is no Run Fast move "
                             f"type ({', '.join(RUNFAST_TYPES[1:])})")
        _set_fields(self, checked, to_move, prev, passes)

    @classmethod
    def parse(cls, text: str) -> "RunFastPosition":
        """The position of a notation line (see the module docstring)."""
        if not isinstance(text, str):
            raise TypeError(f"position text must be a str, not {type(text).__name__}")
        fields = text.split()
        if len(fields) != 4:
            raise ValueError(f"a Run Fast position has 4 fields (hands to-move move-to-beat "
                             f"passes), got {len(fields)} in {text!r:.200}")
        texts = fields[0].split("/")
        if len(texts) not in (2, 3):
            raise ValueError(f"hands are two or three card texts separated by '/', got "
                             f"{fields[0]!r:.200}")
        hands = [Hand("" if h == "-" else h) for h in texts]
        seats = "012"[:len(texts)]
        if len(fields[1]) != 1 or fields[1] not in seats:
            raise ValueError(f"to move must be one of {', '.join(seats)}, got {fields[1]!r:.20}")
        if fields[3] not in ("0", "1"):
            raise ValueError(f"passes must be 0 or 1, got {fields[3]!r:.20}")
        prev = None if fields[2] == "-" else parse_runfast_move(fields[2])
        return cls(hands, int(fields[1]), prev, int(fields[3]))

    def __str__(self) -> str:
        hands = "/".join(str(h) or "-" for h in self.hands)
        prev = "-" if self.prev is None else format_runfast_move(self.prev)
        return f"{hands} {self.to_move} {prev} {self.passes}"

    def _repr_svg_(self) -> str:
        """The table as an SVG picture, every hand face up (Jupyter shows it)."""
        return position_svg(self.hands, self.to_move, self.prev, self.passes)

    @property
    def players(self) -> int:
        """The players in play: 3, or 2 (``players = 2``)."""
        return len(self.hands)

    @property
    def last_player(self) -> Optional[int]:
        """The seat that played ``prev`` (None when the player to move leads)."""
        if self.prev is None:
            return None
        return (self.to_move - self.passes - 1) % len(self.hands)

    @property
    def is_over(self) -> bool:
        """Whether a hand is empty (the hand has ended)."""
        return any(not h.bitboard for h in self.hands)

    @property
    def winner(self) -> Optional[int]:
        """The seat out of cards once the hand is over, None while play goes on."""
        return next((seat for seat, h in enumerate(self.hands) if not h.bitboard), None)

    def legal_actions(self, rules: RulesLike = None,
                      implementation: Implementation = None) -> List[Move]:
        """The legal actions of the player to move: ``Move.PASS`` first when he may pass,
        then the moves in the generator's order (empty once the hand is over).

        ``rules``: Run Fast rules (None: ``runfast``, two players for two hands);
        ``implementation`` picks the move generator
        (:data:`ddz_fast.positions.step.Implementation`).
        """
        position = checked_position(self)
        checked = runfast_rules(position, rules)
        if position.is_over:
            return []
        return runfast_actions(position.hands, position.to_move, position.prev, checked,
                               generator(implementation))

    def play(self, move: Move, rules: RulesLike = None) -> "RunFastPosition":
        """The position after the player to move plays ``move`` (ValueError if illegal)."""
        if not isinstance(move, Move):
            raise TypeError(f"move must be a Move, not {type(move).__name__}")
        if move not in self.legal_actions(rules):
            raise ValueError(f"{format_runfast_move(move)} is not a legal action in {self}")
        return checked_position(self)._after(move)

    def _after(self, move: Move) -> "RunFastPosition":
        """The next position, ``move`` known to be legal."""
        hands, to_move, prev, passes = play_step(self.hands, self.to_move, self.prev,
                                                 self.passes, move)
        after = RunFastPosition.__new__(RunFastPosition)
        _set_fields(after, hands, to_move, prev, passes)
        return after


def _set_fields(position: RunFastPosition, hands: Hands, to_move: int,
                prev: Optional[Move], passes: int) -> None:
    """Fill in a frozen position from checked fields."""
    for name, value in (("hands", hands), ("to_move", to_move), ("prev", prev),
                        ("passes", passes)):
        object.__setattr__(position, name, value)


def runfast_actions(hands: Hands, player: int, prev: Optional[Move], rules: Rules,
                    generate: LegalMovesFn) -> List[Move]:
    """The Run Fast play rules: the legal actions of ``player`` (``Move.PASS`` first when he
    may pass), from the plays ``generate`` lists (:func:`ddz_fast.legal_moves`'s signature).
    ``hands``, ``prev`` and ``rules`` are checked; no hand is empty."""
    hand = hands[player]
    moves = list(generate(hand, prev, rules=rules))
    may_pass = prev is not None and not (rules.must_beat and moves)
    if rules.one_card_rule and len(hands[(player + 1) % len(hands)]) == 1:
        highest = max(rank for rank in range(NUM_RANKS) if hand.counts[rank])
        moves = [m for m in moves if m.type != "solo" or m.key == highest]
    return [Move.PASS] + moves if may_pass else moves


def runfast_rules(position: RunFastPosition, rules: RulesLike) -> Rules:
    """The rules ``position`` is played under, checked against it: Run Fast rules (None:
    ``runfast``, with ``players=2`` for two hands) with as many players as it has hands, its
    cards within their deck and hand size, its move to beat a move of theirs (the position
    itself checked again first, as ``checked_position`` does)."""
    position = checked_position(position)
    if rules is None:
        rules = Rules.preset("runfast").replace(players=len(position.hands))
    checked = checked_rules(rules)
    if checked.game != "runfast":
        raise ValueError(f"a Run Fast position is played under Run Fast rules (game="
                         f"'runfast'), not {checked!r}")
    if checked.players != len(position.hands):
        raise ValueError(f"a position of {len(position.hands)} hands is played under rules "
                         f"with players={len(position.hands)}, not {checked!r}")
    _check_cards(position.hands, RUNFAST_DECKS[checked.deck_size], checked.hand_size,
                 f"the {checked.deck_size}-card Run Fast deck")
    if position.prev is not None and not _is_move_of(position.prev, checked):
        raise ValueError(f"the move to beat {format_runfast_move(position.prev)} is not a "
                         f"move under {checked!r}")
    return checked


def _is_move_of(move: Move, rules: Rules) -> bool:
    """Whether ``move`` is a move of these Run Fast rules (its cards within their deck and hand
    size, and read that way under them)."""
    try:
        return move in _classify(move.counts, rules=rules)
    except ValueError:      # more cards than the deck or a hand holds
        return False


def checked_position(position: object, name: str = "position") -> RunFastPosition:
    """``position`` rebuilt through the constructor's checks: a RunFastPosition is frozen, but
    ``object.__setattr__`` can still change its fields (or a subclass say anything), and what
    walks the play tree must read only what was checked."""
    if not isinstance(position, RunFastPosition):
        raise TypeError(f"{name} must be a RunFastPosition, not {type(position).__name__}")
    try:
        return RunFastPosition(position.hands, position.to_move, position.prev,
                               position.passes)
    except (AttributeError, TypeError, ValueError) as error:
        raise type(error)(f"{name} is no valid Run Fast position: {error}") from None


def checked_perft_args(position: object, depth: object,
                       rules: RulesLike) -> Tuple[RunFastPosition, Rules]:
    """The checks of a perft or divide request on a Run Fast position: the position rebuilt,
    the depth an int >= 0, the rules checked against the position."""
    checked = checked_position(position)
    check_depth(depth)
    return checked, runfast_rules(checked, rules)


def _check_cards(hands: Sequence[Hand], deck: Sequence[int], hand_size: int,
                 deck_name: str) -> None:
    """ValueError unless every hand holds at most ``hand_size`` cards and all of them
    together fit ``deck`` (no jokers in Run Fast)."""
    for seat, hand in enumerate(hands):
        if len(hand) > hand_size:
            raise ValueError(f"hand {seat} holds {len(hand)} cards: a hand of {deck_name} "
                             f"holds at most {hand_size}")
    for rank, have in enumerate(map(sum, zip(*(h.counts for h in hands)))):
        if have > deck[rank]:
            raise ValueError(f"the hands hold {have} of rank {RANK_NAMES[rank]}: "
                             f"{deck_name} has {deck[rank]}")

