"""What one seat is sent: its information set and the table's public record, as JSON-ready data.

While a hand is played a seat may know (docs/RULES.md, "Imperfect information") its own hand,
the kitty once shown, every action so far and so every card played and each seat's card count:
exactly the seat's information set (:class:`~ddz_fast.search.infoset.InformationSet`,
:class:`~ddz_fast.search.four_player.FourPlayerInformationSet`,
:class:`~ddz_fast.search.runfast.RunFastInformationSet`), from which :func:`seat_view` takes
the seat's cards. Beside it go the parts of the record that are public by the rules: the
events of the hand (bids, doubles, moves and passes, timeouts, auto-play switches, seats that
left, deal bonuses, wild ranks), the base stake and the multiplier, who doubled, the chips, the
seat to act and its decision's options, and a picture of the table as the seat sees it
(:func:`ddz_fast.engine.pictures.state_svg` with only the seat's hand face up). Nothing else
of another hand is in it: not its cards, not the seed that dealt them.

Once the hand is over, the cards left in every hand are shown (``revealed``), as at a real
table, and the picture shows them face up.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..actions import Bid, DealBonus, Double, Partner
from ..cards import RANK_LETTERS, TWO
from ..engine.base import StateBase
from ..engine.pictures import action_text, state_svg
from ..moves.notation import format_action
from ..search.four_player import FourPlayerInformationSet
from ..search.infoset import InformationSet
from ..search.runfast import RunFastInformationSet
from ..validate import check_seat

__all__ = ["seat_view", "information_of", "event_view", "options_of"]

View = Dict[str, Any]


def _check_state(state: object) -> None:
    if not isinstance(state, StateBase):
        raise TypeError(f"state must be a state of a Game, not {type(state).__name__}")


def information_of(state: StateBase, seat: int) -> Any:
    """The information set of ``seat`` in ``state``, of the table the state is played at."""
    _check_state(state)
    if state.rules.game == "runfast":
        return RunFastInformationSet.from_state(state, seat)
    if state.rules.players == 4:
        return FourPlayerInformationSet.from_state(state, seat)
    return InformationSet.from_state(state, seat)


def _wild(state: StateBase) -> Optional[tuple]:
    """The wild ranks moves are written under: all of the hand's, once all are shown."""
    wild = tuple(getattr(state, "wild", ()) or ())
    return wild if wild and len(wild) == state.rules.laizi else None


def event_view(state: StateBase, kind: str, seat: Optional[int], action: Any) -> Dict[str, Any]:
    """One event of the hand (an entry of ``state.events``) as the page shows it: its kind,
    its seat and its text."""
    _check_state(state)
    if seat is not None:
        check_seat("seat", seat, len(state.hands))
    if kind == "wild":
        if type(action) is not int or not 0 <= action <= TWO:
            raise ValueError("a wild rank is a rank index 0..12")
        text = f"wild rank {RANK_LETTERS[action]}"
    elif kind == "bonus":
        if not isinstance(action, DealBonus):
            raise TypeError("a bonus event holds a DealBonus")
        text = "dealt both jokers" if action == DealBonus.DOUBLE_KINGS else "dealt a straight"
    elif kind in ("auto_on", "auto_off"):
        text = f"auto-play {'on' if kind == 'auto_on' else 'off'}"
    elif kind == "leave":
        text = "left"
    elif kind in ("act", "timeout", "auto"):
        text = action_text(action)
        if kind != "act":
            text += f" ({'timeout' if kind == 'timeout' else 'auto-play'})"
    else:
        raise ValueError(f"unknown event kind {kind!r:.30}")
    return {"kind": kind, "seat": seat, "text": text,
            "type": getattr(action, "type", None) if kind in ("act", "timeout", "auto") else
            None}


def options_of(state: StateBase) -> List[str]:
    """The texts of the current player's legal actions outside play (bids, doubles, partner
    choices: few); in play, where they may be thousands, none (a move is named by its cards)."""
    _check_state(state)
    if state.phase in ("play", "over"):
        return []
    return [format_action(action) for action in state.legal_actions()
            if isinstance(action, (Bid, Double, Partner))]


def seat_view(state: StateBase, seat: int) -> View:
    """What ``seat`` may know of ``state`` (see the module docstring), JSON-ready.

    >>> from ddz_fast import Game
    >>> view = seat_view(Game("standard").new_state(seed=7), 1)
    >>> view["phase"], view["card_counts"], len(view["hand"]), view["options"]
    ('bidding', [17, 17, 17], 17, [])
    """
    _check_state(state)
    players = len(state.hands)
    seat = check_seat("seat", seat, players)
    over = state.is_over
    wild = _wild(state)
    view: View = {"seat": seat, "phase": state.phase, "to_move": state.current_player,
                  "rules": state.rules.name, "players": players}
    if over:        # the cards left are shown to everyone at the end
        view.update(hand=str(state.hands[seat]), card_counts=[len(h) for h in state.hands],
                    revealed=[str(h) for h in state.hands], prev=None, prev_type=None,
                    passes=0)
    else:
        info = information_of(state, seat)
        view.update(hand=str(info.hand), card_counts=list(info.card_counts), revealed=None,
                    prev=None if info.prev is None else format_action(info.prev, state.rules,
                                                                      wild),
                    prev_type=None if info.prev is None else info.prev.type,
                    passes=info.passes)
    kitty = state.kitty
    view.update(
        landlord=state.landlord, partner=getattr(state, "partner", None),
        kitty=None if kitty is None else str(kitty),
        wild=[RANK_LETTERS[rank] for rank in getattr(state, "wild", ()) or ()],
        base_stake=state.base_stake, multiplier=state.multiplier,
        doubles=list(state.doubles), auto_play=list(state.auto_play),
        left=list(state.has_left), timeouts=list(state.timeouts_in_a_row),
        stacks=None if state.stacks is None else list(state.stacks),
        events=[event_view(state, *event) for event in state.events],
        options=options_of(state) if state.current_player == seat else [],
        can_pass=(state.phase == "play" and state.current_player == seat
                  and any(getattr(a, "is_pass", False) for a in state.legal_actions())),
        time_limit=state.time_limit,
        winner=state.winner, scores=None if state.scores is None else list(state.scores),
        svg=state_svg(state, None if over else [seat], bottom=seat, namespace=False))
    return view
