"""A live table: people and bots play a match, the rule book's clocks kept by a thread.

A :class:`Table` holds the engine's :class:`~ddz_fast.engine.match.Match` and, per seat, a
bot or a person (who holds the seat's token). A thread of its own keeps time: it lets the
bots and the seats on auto-play decide, times out a person whose clock runs out (the engine's
``timeout()``: pass, decline, or lead the smallest card; two in a row turn auto-play on), makes
a person who is gone (no request for ``grace`` seconds, or the page closed mid-request) leave
the hand, so that auto-play finishes it for them, and deals the next hand once everyone is
ready or after a pause. People act through the methods, each checked (the seat's token, whose
turn it is, the action) before anything changes: a refused call changes nothing.

Errors say what is wrong in one line: :class:`PermissionError` for a wrong token or a bot's
seat, :class:`~ddz_fast.engine.base.IllegalActionError` (a ValueError) for an action that is
not legal now, out of turn or at the wrong moment, ValueError or TypeError for malformed
arguments; :mod:`ddz_fast.web.app` turns them into 403, 409 and 400 answers.

Choices where the rule book is silent: the match starts when every seat for a person is taken
(or when a seated person starts it, the empty seats then played by the first bot that plays
the table); a person's clock is the decision's, started when the decision is (turning
auto-play off does not restart it); a person who is gone at the start of a hand leaves it at
once; between hands the table waits for every present person to be ready, or ``pause``
seconds; the cards left in every hand are shown when a hand ends.
"""
from __future__ import annotations

import secrets
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ..engine.base import IllegalActionError, timeout_action
from ..engine.clock import Clock
from ..engine.game import Game
from ..engine.match import Match
from ..engine.record import to_record
from ..hand import Hand
from ..move import Move
from ..moves.notation import format_action, parse_action
from ..rules import Rules, checked_rules
from ..search.bots import act, plays_four_player, plays_runfast, plays_wild_cards
from ..search.catalog import BOTS, make_bot
from ..validate import check_duration, check_int, check_seat
from .view import seat_view

__all__ = ["Table", "TableSettings", "Timing", "Choices", "bots_for", "HUMAN", "MAX_HANDS",
           "MAX_NAME"]

#: What a seat for a person is called in :attr:`TableSettings.seats`.
HUMAN = "human"
#: The longest match a table plays, and the longest name a person gives.
MAX_HANDS = 100
MAX_NAME = 24
#: How often the table's thread looks at the clocks, in seconds, at most.
_TICK = 0.1


def bots_for(rules: Rules) -> List[str]:
    """The names of the built-in bots that play the table of ``rules`` (read from their
    capability flags, so a bot that learns a table appears here), and that can be made here
    (a bot of an optional extra that is not installed cannot).

    >>> bots_for(Rules.preset("runfast"))[:2]
    ['random', 'greedy']
    """
    rules = checked_rules(rules)
    if rules.game == "runfast":
        plays: Callable[[object], bool] = plays_runfast
    elif rules.laizi:
        plays = plays_wild_cards
    elif rules.players == 4:
        plays = plays_four_player
    else:
        plays = lambda factory: True      # noqa: E731  every bot plays the three-seat table
    found = []
    for name, factory in BOTS.items():
        if not plays(factory):
            continue
        try:
            make_bot(name, 0)
        except ImportError:     # an optional extra (RLCard) is not installed
            continue
        found.append(name)
    return found


@dataclass(frozen=True)
class Timing:
    """How a table keeps time, in seconds: the decisions' ``clock`` (the rule book's by
    default), how long a bot or auto-play waits before it acts (so that people see the
    moves), the ``pause`` between hands, the longest wait of a request for news (``poll``),
    how long a person may send nothing before they count as gone (``grace``), and how long a
    table nobody asks about lives (``idle``)."""

    clock: Clock = field(default_factory=Clock)
    bot_delay: float = 0.8
    auto_delay: float = 1.0
    pause: float = 8.0
    poll: float = 20.0
    grace: float = 10.0
    idle: float = 1800.0

    def __post_init__(self) -> None:
        if not isinstance(self.clock, Clock):
            raise TypeError(f"clock must be a Clock, not {type(self.clock).__name__}")
        for name in ("bot_delay", "auto_delay", "pause", "poll", "grace", "idle"):
            object.__setattr__(self, name, check_duration(
                name, getattr(self, name), allow_zero=name in ("bot_delay", "auto_delay",
                                                               "pause")))


@dataclass(frozen=True)
class TableSettings:
    """What a table plays: the ``rules``, one entry per seat in ``seats`` (``"human"`` for a
    person, else a bot spec such as ``"greedy"`` or ``"pimc:samples=8"`` that plays the
    table), the number of ``hands`` of the match and each seat's starting ``chips`` (None:
    no chips)."""

    rules: Rules
    seats: Tuple[str, ...]
    hands: int = 6
    chips: Optional[int] = None

    def __post_init__(self) -> None:
        rules = checked_rules(self.rules)
        object.__setattr__(self, "rules", rules)
        if isinstance(self.seats, (str, bytes)) or not isinstance(self.seats, Sequence):
            raise TypeError("seats must be a list of 'human' or bot names, one per seat")
        seats = tuple(self.seats)
        if len(seats) != rules.players:
            raise ValueError(f"the {rules.name} table has {rules.players} seats, not "
                             f"{len(seats)}")
        if HUMAN not in seats:
            raise ValueError("a table needs at least one seat for a person ('human')")
        offered = bots_for(rules)
        for seat, spec in enumerate(seats):
            if not isinstance(spec, str):
                raise TypeError(f"seat {seat} must be 'human' or a bot name, not "
                                f"{type(spec).__name__}")
            if spec != HUMAN:
                try:
                    make_bot(spec, 0)           # the bot's name and options, checked
                except ImportError as error:
                    raise ValueError(f"bot {spec!r:.60} needs an optional extra: {error}") \
                        from None
                if spec.partition(":")[0] not in offered:
                    raise ValueError(f"bot {spec!r:.60} does not play the {rules.name} table: "
                                     f"choose among {', '.join(offered)}")
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "hands", check_int("hands", self.hands, 1, MAX_HANDS))
        if self.chips is not None:
            if rules.game == "runfast":
                raise ValueError("Run Fast is played without chips")
            object.__setattr__(self, "chips", check_int("chips", self.chips, 1, 10 ** 9))


class Choices(IllegalActionError):
    """The cards chosen make several legal moves: ``choices`` are their texts, one of which
    must be named."""

    def __init__(self, message: str, choices: List[str]) -> None:
        super().__init__(message)
        self.choices = choices


class _Person:
    """A person at a seat: the token that acts for it, and when they were last heard of."""

    __slots__ = ("token", "name", "last_seen", "waiting")

    def __init__(self, name: str) -> None:
        self.token = secrets.token_urlsafe(18)
        self.name = name
        self.last_seen = time.monotonic()
        self.waiting = 0            # requests for news still open


def _check_name(name: object) -> str:
    if not isinstance(name, str):
        raise TypeError(f"a name is text, not {type(name).__name__}")
    clean = " ".join("".join(c for c in name if c.isprintable()).split())
    if len(clean) > MAX_NAME:
        raise ValueError(f"a name has at most {MAX_NAME} characters")
    return clean


class Table:
    """A match between people and bots (see the module docstring); its thread starts at once
    and stops with :meth:`close`. ``table_id`` names it in links; ``seed``: the match's seed
    (None: a random one, never shown until the hands it dealt are over)."""

    def __init__(self, settings: TableSettings, timing: Timing = Timing(), *,
                 table_id: Optional[str] = None, seed: Optional[int] = None) -> None:
        if not isinstance(settings, TableSettings):
            raise TypeError(f"settings must be TableSettings, not {type(settings).__name__}")
        if not isinstance(timing, Timing):
            raise TypeError(f"timing must be a Timing, not {type(timing).__name__}")
        self.id = table_id if table_id is not None else secrets.token_urlsafe(6)
        self.settings = settings
        self.timing = timing
        self._seed = secrets.randbits(63) if seed is None else check_int("seed", seed, 0)
        self._lock = threading.Condition()
        self._game = Game(settings.rules, chips=settings.chips, clock=timing.clock)
        self._seats: List[Any] = list(settings.seats)     # HUMAN, a bot spec, or a _Person
        self._bots: Dict[int, Any] = {}
        self._match: Optional[Match] = None
        self._version = 0
        self._records: List[Dict[str, Any]] = []
        self._decision: Tuple[int, int] = (-1, -1)     # (hand, decisions made) of the clock
        self._decision_start = time.monotonic()
        self._over_at = 0.0
        self._ready: set = set()
        self._closed = False
        self._failure: Optional[str] = None
        self._final: Any = None             # the last hand, once the match is over
        self.last_request = time.monotonic()
        self._thread = threading.Thread(target=self._run, name=f"ddz-table-{self.id}",
                                        daemon=True)
        self._thread.start()

    # --- people ----------------------------------------------------------------------------

    def join(self, seat: Optional[int] = None, name: str = "") -> Tuple[int, str]:
        """Take a free seat for a person (the first one, or ``seat``): (seat, token)."""
        name = _check_name(name)
        with self._lock:
            free = [s for s, kind in enumerate(self._seats) if kind == HUMAN]
            if seat is None:
                if not free:
                    raise IllegalActionError("every seat of this table is taken")
                seat = free[0]
            seat = check_seat("seat", seat, len(self._seats))
            if seat not in free:
                taken = "a bot's" if isinstance(self._seats[seat], str) else "taken"
                raise IllegalActionError(f"seat {seat} is {taken}: free seats are "
                                         f"{', '.join(map(str, free)) or 'none'}")
            person = _Person(name or f"Player {seat}")
            self._seats[seat] = person
            if not any(kind == HUMAN for kind in self._seats):
                self._start()
            self._changed()
            return seat, person.token

    def start(self, seat: int, token: str) -> Dict[str, Any]:
        """Start the match now (a seated person asks): the seats nobody took are played by
        the first bot that plays the table."""
        with self._lock:
            self._person(seat, token)
            if self._match is not None:
                raise IllegalActionError("the match has started already")
            stand_in = bots_for(self.settings.rules)[0]
            self._seats = [stand_in if kind == HUMAN else kind for kind in self._seats]
            self._start()
            self._changed()
            return self._view(seat)

    def view(self, seat: int, token: str, after: int = -1, wait: float = 0.0,
             gone: Optional[Callable[[], bool]] = None) -> Dict[str, Any]:
        """What ``seat`` may know now; with ``wait``, once the table has changed since
        version ``after`` or after ``wait`` seconds (at most the timing's ``poll``), or as soon
        as ``gone()`` says the asker has gone away."""
        after = check_int("after", after, -1)
        if not isinstance(wait, (int, float)) or isinstance(wait, bool) or not wait >= 0:
            raise ValueError("wait must be a number of seconds, 0 or more")
        with self._lock:
            person = self._person(seat, token)
            person.waiting += 1
            try:
                end = time.monotonic() + min(float(wait), self.timing.poll)
                while self._version <= after and not self._closed:
                    left = end - time.monotonic()
                    if left <= 0 or (gone is not None and gone()):
                        break
                    self._lock.wait(min(left, 0.25))
                return self._view(seat)
            finally:
                person.waiting -= 1
                person.last_seen = time.monotonic()

    def act(self, seat: int, token: str, action: Optional[str] = None,
            cards: Optional[str] = None, turn: Optional[int] = None) -> Dict[str, Any]:
        """Play for ``seat``: ``action`` (its text: a bid ``BID_2``, ``PASS``, ``DOUBLE``,
        ``SEAT_2``, a move's text, ``pass``) or, in play, the ``cards`` chosen (their text:
        the legal move of those cards; :class:`Choices` when they make several). ``turn``: the
        view's ``turn`` the person acted on (refused when the table has moved on since)."""
        if (action is None) == (cards is None):
            raise ValueError("name the action or the cards, one of them")
        for name, value in (("action", action), ("cards", cards)):
            if value is not None and not isinstance(value, str):
                raise TypeError(f"{name} must be text, not {type(value).__name__}")
        with self._lock:
            self._person(seat, token)
            state = self._decision_of(seat)
            if turn is not None and check_int("turn", turn, 0) != len(state.history):
                raise IllegalActionError("the table has moved on since that view: look again")
            if state.auto_play[seat]:
                raise IllegalActionError(f"seat {seat} is on auto-play: turn it off to play")
            if cards is not None:
                chosen = self._move_of_cards(state, cards)
            else:
                chosen = parse_action(action.strip(), state.phase, state.rules,
                                      getattr(state, "wild", None) or None) \
                    if state.phase != "play" else action.strip()
            state.apply(chosen)
            self._changed()
            return self._view(seat)

    def set_auto_play(self, seat: int, token: str, on: bool) -> Dict[str, Any]:
        """Turn auto-play on or off for ``seat`` (the engine refuses off for a seat that left
        the hand)."""
        if not isinstance(on, bool):
            raise TypeError(f"on must be true or false, not {type(on).__name__}")
        with self._lock:
            self._person(seat, token)
            state = self._hand_in_play()
            try:
                state.set_auto_play(seat, on)
            except ValueError as error:     # the seat left: not before the hand ends
                raise IllegalActionError(str(error)) from None
            self._changed()
            return self._view(seat)

    def leave(self, seat: int, token: str) -> Dict[str, Any]:
        """``seat``'s person leaves the hand: auto-play plays it to the end."""
        with self._lock:
            person = self._person(seat, token)
            state = self._hand_in_play()
            if not state.has_left[seat]:
                state.leave(seat)
            person.last_seen = float("-inf")       # gone until heard of again
            self._changed()
            return self._view(seat)

    def ready(self, seat: int, token: str) -> Dict[str, Any]:
        """``seat`` is ready for the next hand (dealt once every present person is)."""
        with self._lock:
            self._person(seat, token)
            state = self._match.state if self._match is not None else None
            if state is None or not state.is_over:
                raise IllegalActionError("no hand has ended to go on from")
            self._ready.add(seat)
            self._changed()
            return self._view(seat)

    def record(self, seat: int, token: str, hand: int) -> Dict[str, Any]:
        """The record of finished hand number ``hand`` (1 first), for a seated person."""
        with self._lock:
            self._person(seat, token)
            number = check_int("hand", hand, 1)
            if number > len(self._records):
                raise LookupError(f"hand {number} is not finished: {len(self._records)} "
                                  f"{'is' if len(self._records) == 1 else 'are'}")
            return self._records[number - 1]

    def summary(self) -> Dict[str, Any]:
        """What anyone may know of the table: its rules, its seats (bots by name, people by
        the name they gave, free seats) and how far the match is."""
        with self._lock:
            return {"table": self.id, "rules": self.settings.rules.name,
                    "seats": [self._seat_summary(kind) for kind in self._seats],
                    "hands": self.settings.hands, "hand": self._hand_number(),
                    "started": self._match is not None, "over": self._is_match_over()}

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Stop the table's thread; every request still waiting returns."""
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=5)

    # --- checks ----------------------------------------------------------------------------

    def _person(self, seat: object, token: object) -> _Person:
        seat = check_seat("seat", seat, len(self._seats))
        if not isinstance(token, str):
            raise PermissionError("a seat's token is needed to act for it")
        person = self._seats[seat]
        if not isinstance(person, _Person):
            raise PermissionError(f"seat {seat} is {'a bot' if person != HUMAN else 'free'}: "
                                  f"nobody holds a token for it")
        if not secrets.compare_digest(person.token.encode(), token.encode("utf-8", "replace")):
            raise PermissionError(f"wrong token for seat {seat}")
        person.last_seen = time.monotonic()
        self.last_request = person.last_seen
        return person

    def _hand_in_play(self) -> Any:
        state = self._match.state if self._match is not None else None
        if state is None or state.is_over:
            raise IllegalActionError("no hand is being played")
        return state

    def _decision_of(self, seat: int) -> Any:
        state = self._hand_in_play()
        if state.current_player != seat:
            raise IllegalActionError(f"it is seat {state.current_player}'s turn, not seat "
                                     f"{seat}'s")
        return state

    @staticmethod
    def _move_of_cards(state: Any, cards: str) -> Move:
        """The legal move of the cards chosen (their text), or the error naming why none is
        or which several are."""
        if state.phase != "play":
            raise IllegalActionError(f"cards are played in the play phase, not while "
                                     f"{state.phase}")
        chosen = Hand(cards, state.rules.decks)
        if not chosen:
            raise IllegalActionError("choose the cards to play, or pass")
        if chosen not in state.hands[state.current_player]:
            raise IllegalActionError(f"you do not hold {chosen}")
        found = [m for m in state.legal_actions() if m.counts == chosen.counts]
        if len(found) == 1:
            return found[0]
        wild = getattr(state, "wild", None) or None
        if found:
            texts = [format_action(m, state.rules, wild) for m in found]
            raise Choices(f"{chosen} plays several ways: choose one of {', '.join(texts)}",
                          texts)
        state.clone().apply(str(chosen))      # the engine says why these cards cannot play
        raise IllegalActionError(f"{chosen} cannot be played now")   # pragma: no cover

    # --- the view --------------------------------------------------------------------------

    def _seat_summary(self, kind: Any) -> Dict[str, Any]:
        if isinstance(kind, _Person):
            return {"kind": "person", "name": kind.name, "present": self._present(kind)}
        return {"kind": "free"} if kind == HUMAN else {"kind": "bot", "name": kind}

    def _hand_number(self) -> int:
        return 0 if self._match is None else min(len(self._records) + 1, self.settings.hands)

    def _is_match_over(self) -> bool:
        return self._match is not None and self._match.is_over

    def _view(self, seat: int) -> Dict[str, Any]:
        match, state = self._match, None
        if match is not None:
            state = match.state if match.state is not None else self._final
        view: Dict[str, Any] = seat_view(state, seat) if state is not None else {"seat": seat}
        now = time.monotonic()
        clock = None
        if state is not None and not state.is_over and not state.auto_play[state.current_player] \
                and isinstance(self._seats[state.current_player], _Person):
            clock = max(0.0, self._decision_start + state.time_limit - now)
        view.update(
            table=self.id, version=self._version, started=match is not None,
            match_over=self._is_match_over(), hand_number=self._hand_number(),
            hands=self.settings.hands, seats=[self._seat_summary(k) for k in self._seats],
            turn=None if state is None else len(state.history), seconds_left=clock,
            match_scores=None if match is None else list(match.scores),
            replays=list(range(1, len(self._records) + 1)), ready=sorted(self._ready),
            next_hand_in=None if state is None or not state.is_over or match.is_over
            else max(0.0, self._over_at + self.timing.pause - now),
            failure=self._failure)
        return view

    # --- the table's thread ----------------------------------------------------------------

    def _start(self) -> None:
        self._match = Match(self._game, self.settings.hands, seed=self._seed)
        self._bots = {seat: make_bot(spec, f"{self._seed}:{seat}")
                      for seat, spec in enumerate(self._seats) if isinstance(spec, str)}
        self._new_hand()

    def _new_hand(self) -> None:
        state = self._match.state
        self._ready.clear()
        for seat, person in enumerate(self._seats):
            if isinstance(person, _Person) and not self._present(person):
                state.leave(seat)

    def _present(self, person: _Person) -> bool:
        return person.waiting > 0 or time.monotonic() - person.last_seen < self.timing.grace

    def _changed(self) -> None:
        """Something happened: a new version for the views, a new clock for a new decision."""
        self._version += 1
        state = None if self._match is None else self._match.state
        if state is not None:
            key = (len(self._records), len(state.history))
            if key != self._decision:
                self._decision, self._decision_start = key, time.monotonic()
        self._lock.notify_all()

    def _run(self) -> None:
        try:
            while not self._closed:
                self._step()
        except Exception as error:      # a fault of the engine or a bot: the table stops
            with self._lock:
                # The error's text may name cards of any hand: the pages get only its kind.
                self._failure = f"the table stopped on an internal error ({type(error).__name__})"
                self._changed()
            print(f"ddz-fast serve: table {self.id} stopped: {type(error).__name__}: {error}",
                  file=sys.stderr)

    def _step(self) -> None:
        """One look at the table: act for whoever must act now, or wait a little."""
        with self._lock:
            if self._match is None or self._closed:
                self._lock.wait(_TICK * 5)
                return
            state = self._match.state
            if state is None:
                self._lock.wait(_TICK * 5)
                return
            now = time.monotonic()
            self._send_away_the_gone(state)
            if state.is_over:
                self._between_hands(state, now)
                return
            seat = state.current_player
            bot = self._bots.get(seat)
            if bot is None and not state.auto_play[seat]:
                if now >= self._decision_start + state.time_limit:
                    state.timeout()
                    self._changed()
                else:
                    self._lock.wait(min(_TICK, self._decision_start + state.time_limit - now))
                return
            due = self._decision_start + (self.timing.bot_delay if bot is not None
                                          else self.timing.auto_delay)
            if now < due:
                self._lock.wait(min(_TICK, due - now))
                return
            if bot is None:
                state.play_auto()
                self._changed()
                return
            version, copy = self._version, state.clone()
        action = self._bot_action(bot, copy)          # the bot thinks outside the lock
        with self._lock:
            if self._version == version and not self._closed:
                self._match.state.apply(action)
                self._changed()

    @staticmethod
    def _bot_action(bot: Any, state: Any) -> Any:
        try:
            return act(bot, state)
        except Exception as error:      # a bot's fault: its seat plays the timeout action
            print(f"ddz-fast serve: {bot!r} failed ({type(error).__name__}: {error}); it "
                  f"plays the timeout action", file=sys.stderr)
            return timeout_action(state)

    def _send_away_the_gone(self, state: Any) -> None:
        """People no longer heard of leave the hand being played (auto-play plays it)."""
        if state.is_over:
            return
        for seat, person in enumerate(self._seats):
            if isinstance(person, _Person) and not state.has_left[seat] \
                    and not self._present(person):
                state.leave(seat)
                self._changed()

    def _between_hands(self, state: Any, now: float) -> None:
        if len(self._records) < self._match.hands_played + 1:     # the hand just ended
            self._records.append(to_record(state))
            self._over_at = now
            self._changed()
            return
        present = {seat for seat, person in enumerate(self._seats)
                   if isinstance(person, _Person) and self._present(person)}
        last = self._match.hands_played + 1 == self.settings.hands
        if last:
            self._final = state
            self._match.next_hand()             # the match is over: its totals count it
            self._changed()
            return
        if now >= self._over_at + self.timing.pause or (present and present <= self._ready):
            self._match.next_hand()
            self._new_hand()
            self._changed()
        else:
            self._lock.wait(_TICK)
