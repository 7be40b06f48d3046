"""``ddz-fast play``: one hand in the terminal against the built-in bots.

Plain line input and output only (no terminal control), so a game can also be played through
a pipe: every decision of the human is one line, asked for with the prompt ``Your move> ``.
There is no auction: the human sits at seat 0 and ``--seat`` makes them the landlord, who
takes the kitty, or a peasant playing right after the landlord (seat 2); the base stake is 1.

With ``--rules four_player`` the human plays against three bots, two decks, 25 cards each
(the landlord 33), a peasant playing right after the landlord at seat 3. With ``--sides
partner`` the landlord first names its partner: a human landlord types the seat (1, 2 or 3)
at the same prompt.

With ``--rules laizi`` or ``tiandi_laizi`` the hand's wild ranks are drawn and shown at the
start. Moves are typed as their cards (``3335``); where the cards read several ways, the
reading of the main part follows ``=`` (``3335=3333``, the soft bomb of 3s), and ``?`` lists
the legal moves written that way.

With ``--rules runfast`` or ``runfast_15`` the hand is one of Run Fast (Pao De Kuai): the human
sits at seat 0 against two bots, every player for himself, and the holder of the three of
spades leads; ``--seat`` does not apply (there is no landlord) and the bots default to the
random bot (a bot that does not play Run Fast is refused by name before the hand starts).
Illegal moves are explained by the rule they break (must-beat, the one-card rule).
"""
from __future__ import annotations

import argparse
import random
import sys
from typing import Any, Dict, Optional, Tuple

from ddz_fast.actions import Partner
from ddz_fast.search.bots import Bot, act, last_mover, start_play
from ddz_fast.search.catalog import BOTS, make_bot, make_runfast_bot
from ddz_fast.cards import RANK_LETTERS
from ddz_fast.engine.game import Game
from ddz_fast.engine.three_player import State
from ddz_fast.hand import Hand
from ddz_fast.move import Move
from ddz_fast.rules import Rules
from ddz_fast.actions import DealBonus

from .common import (PASS_WORDS, add_rules_option, bot_spec, group_by_type, move_text, readings,
                     rules_name, split_move_text)

NAME = "play"
HELP = "play one hand in the terminal against the built-in bots"
#: What ``ddz-fast play --help`` prints, as plain text: what the command does, and
#: examples of its use.
DESCRIPTION = """\
One hand in the terminal against two bots (three at the four-player table).
You sit at seat 0, as the landlord (with the kitty) or as the peasant playing
right after the landlord; there is no auction and the base stake is 1. On your
turn, type the cards of your move (33344, T or 10 for ten), pass, ? to list
your legal moves, or quit. With wild cards a move whose cards read several
ways is typed CARDS=READING (3335=3333).

Run Fast (--rules runfast or runfast_15): you sit at seat 0 against two bots,
every player for himself; the holder of the three of spades leads, a player who
can beat must (no pass), and the first out wins. --seat does not apply, and
the bots default to random (greedy plays Run Fast too).

Input is read line by line with no terminal control, so a game can be played
through a pipe; when the input ends before the hand does, or on quit, the hand
is abandoned with exit status 1.
"""
EXAMPLES = """\
ddz-fast play
ddz-fast play --seat peasant --bot pimc --seed 5
ddz-fast play --rules laizi --seed 3
ddz-fast play --rules runfast --seed 3
"""

HUMAN = 0
PROMPT = "Your move> "
HELP_WORDS = ("?", "help")
QUIT_WORDS = ("quit", "exit")
#: Exit status when the human leaves before the end of the hand (end of input or ``quit``).
ABANDONED = 1


class GameAbandoned(Exception):
    """The human left before the end of the hand."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", choices=("landlord", "peasant"), default=None,
                        help="your role (default: landlord; not in Run Fast)")
    parser.add_argument("--bot", type=bot_spec, default=None, metavar="BOT",
                        help=f"the bots, name[:key=value,...]; names: {', '.join(BOTS)} "
                             f"(default: greedy; random in Run Fast)")
    parser.add_argument("--seed", type=int,
                        help="seed of the deal and the bots (default: a random one, printed)")
    add_rules_option(parser, deals=True, draws=True)


# --- the table -------------------------------------------------------------------------------

def spaced(hand: Hand) -> str:
    """A hand with a space between ranks, low to high.

    >>> spaced(Hand("TT3343BR"))
    '333 4 TT B R'
    """
    return " ".join(RANK_LETTERS[rank] * count
                    for rank, count in enumerate(hand.counts) if count) or "-"


def new_hand(rules: Rules, seed: int, human_is_landlord: bool) -> State:
    """The hand of ``seed``, the human (seat 0) or the last seat being the landlord.

    A human peasant sits at seat 0, right after the landlord at seat 2 (seat 3 at the
    four-player table).
    """
    return start_play(Game(rules), seed,
                      landlord=HUMAN if human_is_landlord else rules.players - 1)


def wild_of(state: State) -> Optional[Tuple[int, ...]]:
    """The hand's wild ranks once all are shown (what its moves are written under), else
    None (and always None without wild cards)."""
    wild = getattr(state, "wild", None)
    return wild if wild and len(wild) == state.rules.laizi else None


def seat_label(seat: int) -> str:
    return "You" if seat == HUMAN else f"Bot {seat}"


def seat_name(state: State, seat: int) -> str:
    """The seat's label with its role, e.g. ``Bot 2 (landlord)``."""
    role = "landlord" if seat == state.landlord else \
        "partner" if seat == getattr(state, "partner", None) else "peasant"
    return f"{seat_label(seat)} ({role})"


def resolve_move(text: str, state: State) -> Move:
    """The legal move the human's text names, or ValueError explaining why none is.

    >>> state = new_hand(Rules(), 7, human_is_landlord=True)
    >>> resolve_move("pass", state)
    Traceback (most recent call last):
    ...
    ValueError: you lead, so you cannot pass: play any combination
    """
    hand = state.hands[state.current_player]
    prev, rules, wild = state.prev, state.rules, wild_of(state)
    if text.lower() in PASS_WORDS:
        if prev is None:
            raise ValueError("you lead, so you cannot pass: play any combination")
        return Move.PASS
    # The cards, before a reading (=) or a type (:): unknown ranks, 9 7s: ValueError.
    cards = Hand(split_move_text(text.partition("=")[0])[0], rules.decks)
    if cards not in hand:
        raise ValueError(f"you do not hold {cards}: your hand is {spaced(hand)}")
    meanings = readings(text, rules, wild)
    if not meanings:
        raise ValueError(f"{cards or 'no cards'} is not a combination under the "
                         f"{rules_name(rules)} rules")
    legal = set(state.legal_actions())
    playable = [m for m in meanings if m in legal]
    if not playable:
        kinds = " or ".join(sorted({m.type for m in meanings}))
        same_length = (" of the same kind and length" if prev.type == "space_shuttle"
                       else " of the same length" if prev.length > 1 else "")
        raise ValueError(f"{cards} ({kinds}) does not beat {move_text(prev, rules, wild)} "
                         f"({prev.type}): play a higher {prev.type}{same_length}, a "
                         "bomb or the rocket, or pass")
    if len(playable) > 1:
        raise ValueError(f"{cards} can be played several ways: write one of "
                         f"{', '.join(move_text(m, rules, wild) for m in playable)}")
    return playable[0]


# --- the dialogue ----------------------------------------------------------------------------

def _show_legal(state: State) -> None:
    actions = state.legal_actions()
    moves = [m for m in actions if not m.is_pass]
    if len(moves) < len(actions):
        print("pass")
    for kind, group in group_by_type(moves):
        texts = " ".join(move_text(m, state.rules, wild_of(state)) for m in group)
        print(f"{kind} ({len(group)}): {texts}")


def _read_line() -> str:
    """The human's next line, stripped; GameAbandoned when the input ends or they quit."""
    try:
        text = input(PROMPT).strip()
    except EOFError:
        print()
        raise GameAbandoned("input ended before the hand was over") from None
    if not sys.stdin.isatty():
        print(text)  # piped input is not echoed: keep the transcript readable
    if text.lower() in QUIT_WORDS:
        raise GameAbandoned("you left the game")
    return text


def _ask_human(state: State) -> Move:
    """The human's move, asked until it is legal (a Dou Dizhu or a Run Fast hand)."""
    runfast = state.rules.game == "runfast"
    hand = state.hands[HUMAN]
    print(f"Your hand ({len(hand)}): {spaced(hand)}")
    if state.prev is None:
        print("You lead.")
    else:
        mover = runfast_last_mover(state) if runfast else last_mover(state)
        print(f"To beat: {move_text(state.prev, state.rules, wild_of(state))} "
              f"({state.prev.type}) from {seat_label(mover)}")
    while True:
        text = _read_line()
        if text.lower() in HELP_WORDS:
            _show_legal(state)
            continue
        if not text:
            continue
        try:
            return resolve_runfast_move(text, state) if runfast else resolve_move(text, state)
        except ValueError as error:
            print(f"Illegal move: {error}. Type ? for your legal moves.")


def _announce(state: State, seat: int, move: Move) -> None:
    if seat == HUMAN:
        return
    if move.is_pass:
        print(f"{seat_name(state, seat)}: pass")
    else:
        left = len(state.hands[seat]) - len(move)
        print(f"{seat_name(state, seat)}: {move_text(move, state.rules, wild_of(state))} "
              f"({move.type}), "
              f"{left} card{'s' * (left != 1)} left")


def _settle(state: State, bombs: int) -> None:
    landlord_side = "The landlord's side wins" if getattr(state, "partner", None) is not None \
        else "The landlord wins"
    print(f"{landlord_side if state.winner == 'landlord' else 'The peasants win'}.")
    for seat in range(1, state.rules.players):
        if len(state.hands[seat]):
            print(f"{seat_name(state, seat)} held: {spaced(state.hands[seat])}")
    bonuses = f", deal bonuses: {len(state.deal_bonuses)}" if state.rules.deal_bonuses else ""
    print(f"Base stake {state.base_stake}, multiplier {state.multiplier} "
          f"(bombs and rockets played: {bombs}{bonuses}).")
    scores = ", ".join(f"{seat_name(state, s)} {state.scores[s]:+d}"
                       for s in range(state.rules.players))
    print(f"Scores: {scores}.")
    print("You win!" if state.scores[HUMAN] > 0 else "You lose.")


def _name_partner(state: State, bots: Dict[int, Bot]) -> None:
    """The landlord names its partner (the four-player table with ``--sides partner``)."""
    landlord = state.landlord
    if landlord == HUMAN:
        seats = [int(choice) for choice in state.legal_actions()]
        print(f"Name your partner: seat {', '.join(map(str, seats[:-1]))} or {seats[-1]}.")
        while True:
            text = _read_line()
            if text.isdigit() and int(text) in seats:
                choice = Partner(int(text))
                break
            print(f"Name one of the seats {', '.join(map(str, seats))}.")
    else:
        choice = act(bots[landlord], state)
    state.apply(choice)
    print(f"{seat_name(state, landlord)} names {seat_name(state, state.partner)} "
          f"as partner.")


def play_game(state: State, bots: Dict[int, Bot]) -> State:
    """Play the hand to its end, asking the human for seat 0's moves."""
    bombs = 0
    if state.phase == "partner":
        _name_partner(state, bots)
    while not state.is_over:
        seat = state.current_player
        move = _ask_human(state) if seat == HUMAN else bots[seat].play(state)
        _announce(state, seat, move)
        state.apply(move)
        bombs += move.type in ("bomb", "rocket")
    _settle(state, bombs)
    return state


# --- Run Fast --------------------------------------------------------------------------------

def runfast_last_mover(state: Any) -> int:
    """The seat that played the Run Fast move to beat (``state.prev`` is not None)."""
    players = len(state.hands)
    return (state.current_player - 1 - state.passes) % players


def resolve_runfast_move(text: str, state: Any) -> Move:
    """The legal Run Fast move the human's text names, or ValueError naming the rule that
    forbids it (the engine's reason: must-beat, the one-card rule, what does not beat).

    >>> from ddz_fast import Game
    >>> state = Game("runfast").new_state(3)
    >>> state.current_player
    2
    >>> resolve_runfast_move("pass", state)
    Traceback (most recent call last):
    ...
    ValueError: you lead, so you cannot pass: play any combination
    """
    hand = state.hands[state.current_player]
    rules = state.rules
    legal = state.legal_actions()
    if text.lower() in PASS_WORDS:
        if state.prev is None:
            raise ValueError("you lead, so you cannot pass: play any combination")
        if Move.PASS not in legal:
            raise ValueError(f"you hold a play that beats {move_text(state.prev, rules)} "
                             f"and must play one (must_beat)")
        return Move.PASS
    cards = Hand(split_move_text(text)[0], rules.decks)
    if cards not in hand:
        raise ValueError(f"you do not hold {cards}: your hand is {spaced(hand)}")
    meanings = readings(text, rules)
    if not meanings:
        raise ValueError(f"{cards or 'no cards'} is not a combination under the "
                         f"{rules_name(rules)} rules")
    playable = [m for m in meanings if m in set(legal)]
    if not playable:
        try:
            state.clone().apply(meanings[0])     # the engine names the rule it breaks
        except ValueError as error:
            reason = str(error).partition(": ")[2] or str(error)
            raise ValueError(f"{cards} cannot be played: {reason}") from None
        raise ValueError(f"{cards} cannot be played now")  # pragma: no cover
    if len(playable) > 1:
        raise ValueError(f"{cards} can be played several ways: write one of "
                         f"{', '.join(move_text(m, rules) for m in playable)}")
    return playable[0]


def play_runfast_game(state: Any, bots: Dict[int, Bot]) -> Any:
    """Play a Run Fast hand to its end, asking the human for seat 0's moves."""
    while not state.is_over:
        seat = state.current_player
        move = _ask_human(state) if seat == HUMAN else bots[seat].play(state)
        if seat != HUMAN:
            if move.is_pass:
                print(f"{seat_label(seat)}: pass")
            else:
                left = len(state.hands[seat]) - len(move)
                print(f"{seat_label(seat)}: {move_text(move, state.rules)} ({move.type}), "
                      f"{left} card{'s' * (left != 1)} left")
        state.apply(move)
    winner = state.winner
    print("You went out first." if winner == HUMAN else f"{seat_label(winner)} went out first.")
    for seat in range(1, len(state.hands)):
        if len(state.hands[seat]):
            print(f"{seat_label(seat)} held: {spaced(state.hands[seat])}")
    scores = ", ".join(f"{seat_label(s)} {state.scores[s]:+d}" for s in range(len(state.hands)))
    print(f"Scores: {scores}.")
    print("You win!" if winner == HUMAN else "You lose.")
    return state


def _run_runfast(args: argparse.Namespace, seed: int) -> int:
    if args.seat is not None:
        raise ValueError("Run Fast has no landlord: --seat does not apply (you sit at seat 0)")
    spec = args.bot or "random"
    make_runfast_bot(spec, 0)   # refuses a bot that does not play Run Fast, by name
    state = Game(args.rules).new_state(seed)
    bots = {seat: make_bot(spec, f"{seed}:{seat}") for seat in range(1, len(state.hands))}
    print(f"Run Fast, {rules_name(args.rules)} rules, seed {seed}. You (seat 0) against "
          f"{', '.join(seat_label(s) for s in bots)}, {spec} bots, every player for himself.")
    print(f"{seat_label(state.current_player)} holds the three of spades and leads.")
    print("Type your cards (e.g. 33344, T or 10 for ten), pass, ? for your legal moves, "
          "or quit.")
    try:
        play_runfast_game(state, bots)
    except GameAbandoned as why:
        print(f"ddz-fast: {why}; game abandoned", file=sys.stderr)
        return ABANDONED
    return 0


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10 ** 6)
    if args.rules.game == "runfast":
        return _run_runfast(args, seed)
    args.bot = args.bot or "greedy"
    state = new_hand(args.rules, seed, args.seat in (None, "landlord"))
    bots = {seat: make_bot(args.bot, f"{seed}:{seat}")
            for seat in range(1, args.rules.players)}
    others = ", ".join(seat_name(state, s) for s in bots)
    print(f"Dou Dizhu, {rules_name(args.rules)} rules, seed {seed}. "
          f"{seat_name(state, HUMAN)} against {others}, {args.bot} bots.")
    if state.kitty is not None:                 # no_kitty deals 18 cards each and no kitty
        print(f"Kitty: {spaced(state.kitty)} (in the landlord's hand).")
    if state.rules.laizi:
        print(f"Wild ranks: {' '.join(RANK_LETTERS[rank] for rank in state.wild)} "
              "(each card of a wild rank may stand for any rank 3..2).")
    for seat, bonus in state.deal_bonuses:
        what = "both jokers" if bonus == DealBonus.DOUBLE_KINGS else "a straight 3..A"
        print(f"Deal bonus: {seat_name(state, seat)} was dealt {what} (multiplier x2).")
    print("Type your cards (e.g. 33344, T or 10 for ten), pass, ? for your legal moves, "
          "or quit.")
    try:
        play_game(state, bots)
    except GameAbandoned as why:
        print(f"ddz-fast: {why}; game abandoned", file=sys.stderr)
        return ABANDONED
    return 0
