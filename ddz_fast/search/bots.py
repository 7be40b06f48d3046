"""Built-in players: one small :class:`Bot` interface, a random bot and a rule-based bot.

A bot answers the three kinds of decision of a :class:`~ddz_fast.engine.three_player.State`:
``bid`` in the bidding phase, ``double`` in the doubling phase and ``play`` in the play phase,
always for ``state.current_player``. It reads the state and returns one of
``state.legal_actions()``; it never changes the state. :func:`act` picks the right method for the
phase and :func:`play_hand` plays a whole hand with bots.

>>> from ddz_fast import Game
>>> state = Game("standard").new_state(seed=7)
>>> final = play_hand(state, landlord=GreedyBot(), peasants=RandomBot(seed=1))
>>> final.is_over, sum(final.scores)
(True, 0)

The bots see only what a player at the table sees: their own hand, the kitty once shown, the
moves played so far and how many cards each player holds.

At the four-player table (:mod:`ddz_fast.engine.four_player`) the landlord also names its partner
(``sides="partner"``): :func:`act` asks a bot's ``partner`` method when it has one (the random,
greedy and search bots do), else takes the timeout choice, the seat opposite. The landlord's partner
plays on the landlord's side, so :func:`play_hand` gives its decisions to the ``landlord`` bot.

With wild cards (:mod:`ddz_fast.engine.laizi`) the random and greedy bots choose among
``legal_actions()`` as ever, moves read with wild cards included; the search bots
(:mod:`ddz_fast.search.search_bots`) search them through the information set, which holds the
wild ranks, and the solver bot solves them. A bot that plays wild cards says so with a true class attribute
``plays_wild_cards`` (:func:`plays_wild_cards`), so a caller such as the arena can refuse the
others before any hand is dealt. A bot that plays the four-player table (the random, greedy and
search bots) says so likewise, with ``plays_four_player`` (:func:`plays_four_player`).

At the Run Fast table (:mod:`ddz_fast.engine.runfast`: every player for himself, no bidding)
a bot makes only play decisions. The random, greedy and search bots play it; a bot that does
says so with a true class attribute ``plays_runfast`` (:func:`plays_runfast`), and
:func:`act` refuses a Run Fast state for any other bot with a ValueError naming it, as the
solver bot does itself (:func:`refuse_runfast`).
"""
from __future__ import annotations

import random
from typing import List, Optional, Protocol, Sequence, Set, Tuple, Union, runtime_checkable

import numpy as np

from ..moves import classify  # the implementation DDZ_FAST_IMPLEMENTATION chose
from ..actions import Bid, Double, Partner
from ..cards import ACE, NUM_RANKS, RUNFAST_DECKS, TWO, Counts, check_counts
from ..engine.base import MAX_REDEALS, AutoPlayLoopError, timeout_action
from ..actions import Action
from ..engine.game import Game, deal_cards
from ..engine.base import Seed, check_seed
from ..engine.three_player import State
from ..engine.four_player import FourPlayerState
from ..engine.python_state import PythonState
from ..engine.runfast import RunFastState
from ..hand import Hand
from ..move import TYPE_CODES, Move
from ..rules import Rules, plain_rules
from ..validate import check_int, check_seat, shown

__all__ = ["Bot", "RandomBot", "GreedyBot", "SolverBot", "act", "play_hand", "start_play",
           "hand_strength", "last_mover", "refuse_wild_cards", "plays_wild_cards",
           "refuse_runfast", "plays_runfast", "plays_four_player"]


@runtime_checkable
class Bot(Protocol):
    """A player: one method per kind of decision, each returning a legal action."""

    def bid(self, state: State) -> Bid:
        """The bid (or call, rob, pass) of ``state.current_player``."""
        ...

    def double(self, state: State) -> Double:
        """Whether ``state.current_player`` doubles."""
        ...

    def play(self, state: State) -> Move:
        """The move (``Move.PASS`` to pass) of ``state.current_player``."""
        ...


#: Classes whose every instance is a :class:`Bot` (the three methods are the class's own).
_BOT_CLASSES: Set[type] = set()


def _is_bot(obj: object) -> bool:
    """``isinstance(obj, Bot)``, remembered per class: a runtime protocol check looks up every
    member each time (tens of microseconds), and every decision asks it. Only classes that
    define the three methods themselves are remembered (a class that leaves them to its
    instances is checked every time)."""
    cls = type(obj)
    if cls in _BOT_CLASSES:
        return True
    if not isinstance(obj, Bot):
        return False
    if all(callable(getattr(cls, name, None)) for name in ("bid", "double", "play")):
        _BOT_CLASSES.add(cls)
    return True


def act(bot: Bot, state: State) -> Action:
    """The bot's decision for the current phase of ``state``.

    >>> from ddz_fast import Game
    >>> act(RandomBot(seed=0), Game().new_state(seed=1)) in (Bid.PASS, Bid.BID_1, Bid.BID_2,
    ...                                                      Bid.BID_3)
    True
    """
    _check_state(state)
    if not _is_bot(bot):
        raise TypeError(f"bot must be a bot (with bid, double and play), "
                        f"not {type(bot).__name__}")
    if isinstance(state, RunFastState) and not plays_runfast(bot):
        refuse_runfast(state, type(bot).__name__)
    phase = state.phase
    if phase == "bidding":
        return bot.bid(state)
    if phase == "doubling":
        return bot.double(state)
    if phase == "play":
        return bot.play(state)
    if phase == "partner":
        choose = getattr(bot, "partner", None)
        return choose(state) if callable(choose) else timeout_action(state)
    raise ValueError("the hand is over: there is no decision to make")


def play_hand(state: State, landlord: Bot, peasants: Bot,
              bidder: Optional[Bot] = None, *, max_redeals: int = 1_000) -> State:
    """Play ``state`` to the end and return it (the same object, now over).

    The roles are only known once the auction ends, so every seat bids with ``bidder``
    (default: the ``landlord`` bot): the landlord bot chooses which hand it takes, a stronger
    bidder taking the stronger hand. After the auction the landlord's decisions (doubling and
    play) come from ``landlord`` and both peasants' from ``peasants``. At the four-player table
    the landlord's side (the landlord, its partner and the choice of partner) plays with
    ``landlord`` and the opponents with ``peasants``. A bidder that never bids would re-deal
    forever: after ``max_redeals`` re-deals in this call,
    :class:`~ddz_fast.engine.base.AutoPlayLoopError` is raised, as
    :meth:`~ddz_fast.engine.base.StateBase.run_auto_play` does.
    """
    _check_state(state)
    for name, bot in (("landlord", landlord), ("peasants", peasants), ("bidder", bidder)):
        if not (bot is None and name == "bidder" or _is_bot(bot)):
            raise TypeError(f"{name} must be a bot (with bid, double and play), "
                            f"not {type(bot).__name__}")
    max_redeals = check_int("max_redeals", max_redeals, 0, MAX_REDEALS)
    bidder = bidder or landlord
    first_redeals = state.redeals
    while not state.is_over:
        if state.phase == "bidding":
            if state.redeals - first_redeals >= max_redeals:
                raise AutoPlayLoopError(f"the hand was re-dealt {max_redeals} times without a "
                                        f"bid: the bidder {type(bidder).__name__} never bids")
            action: Action = bidder.bid(state)
        else:
            bot = landlord if state.current_player in _side(state) else peasants
            action = act(bot, state)
        state.apply(action)
    return state


def start_play(game: Game, seed: Seed, *, landlord: Optional[int] = None,
               bidder: Optional[Bot] = None) -> State:
    """A hand at the start of its play phase, dealt from ``seed``.

    With ``landlord`` (a seat), that seat takes the kitty and play starts at once at base
    stake 1, without an auction (at the four-player table with ``sides="partner"``, once the
    landlord has named its partner: the state starts in the partner phase). Otherwise
    ``bidder`` makes every seat's decision of the auction, the choice of partner and the
    doubling round.

    >>> from ddz_fast import Game
    >>> state = start_play(Game(), 7, landlord=2)
    >>> state.phase, state.landlord, [len(h) for h in state.hands]
    ('play', 2, [17, 17, 20])
    >>> start_play(Game(), 7, bidder=GreedyBot()).phase
    'play'
    """
    if not isinstance(game, Game):
        raise TypeError(f"game must be a Game, not {type(game).__name__}")
    if landlord is not None:
        landlord = check_seat("landlord", landlord, game.rules.players)
        hands, kitty = deal_cards(seed, rules=game.rules)
        cards = [Hand([have + (extra if seat == landlord else 0)
                       for have, extra in zip(hand.counts, kitty.counts)],
                      decks=game.rules.decks)
                 for seat, hand in enumerate(hands)]
        return game.new_state_from_hands(cards, kitty if game.rules.kitty else None,
                                         landlord=landlord, seed=seed)
    if bidder is None:
        raise ValueError("start_play needs a landlord seat or a bidder")
    if not _is_bot(bidder):
        raise TypeError(f"bidder must be a bot (with bid, double and play), "
                        f"not {type(bidder).__name__}")
    state = game.new_state(seed)
    while state.phase in ("bidding", "partner", "doubling"):
        state.apply(act(bidder, state))
    return state


# --- the random bot --------------------------------------------------------------------------

class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded random stream.

    >>> from ddz_fast import Game
    >>> state = Game().new_state(seed=3)
    >>> RandomBot(seed=5).bid(state) == RandomBot(seed=5).bid(state)
    True
    """

    #: Any legal action is as good as another: moves read with wild cards included.
    plays_wild_cards = True
    #: ... and Run Fast's actions too.
    plays_runfast = True
    #: ... and the four-player table's, partner choice included.
    plays_four_player = True

    def __init__(self, seed: Union[int, str, None] = None) -> None:
        self._rng = random.Random(check_seed(seed))

    def _choose(self, state: State) -> Action:
        _check_decision(state)
        return self._rng.choice(state.legal_actions())

    def bid(self, state: State) -> Bid:
        return self._choose(state)  # type: ignore[return-value]

    def double(self, state: State) -> Double:
        return self._choose(state)  # type: ignore[return-value]

    def play(self, state: State) -> Move:
        _check_decision(state, "play")
        return self._choose(state)  # type: ignore[return-value]

    def partner(self, state: FourPlayerState) -> Partner:
        """The landlord's partner at the four-player table: any of the other three."""
        return self._choose(state)  # type: ignore[return-value,arg-type]

    def __repr__(self) -> str:
        return "RandomBot()"


# --- the rule-based bot ----------------------------------------------------------------------

_BOMB, _ROCKET = TYPE_CODES["bomb"], TYPE_CODES["rocket"]
_SOLO, _PAIR = TYPE_CODES["solo"], TYPE_CODES["pair"]
_SHIFTS = np.arange(NUM_RANKS, dtype=np.uint64) * np.uint64(4)
_RANKS = np.arange(NUM_RANKS)


def hand_strength(counts: Counts) -> int:
    """A rough score of a hand's control cards: what a simple bidder bids on.

    Red joker 4, black joker 3, each 2 counts 2, each ace 1, and each bomb of 3..A 4 more
    (four or more of a rank: counts of two decks are taken too).

    >>> from ddz_fast import Hand
    >>> hand_strength(Hand("3333 22 A BR").counts)
    16
    """
    counts = check_counts(counts, 2)
    bombs = sum(1 for rank in range(TWO) if counts[rank] >= 4)
    return 4 * counts[14] + 3 * counts[13] + 2 * counts[TWO] + counts[TWO - 1] + 4 * bombs


def _check_state(state: object) -> None:
    if not isinstance(state, (State, PythonState, RunFastState)):
        raise TypeError(f"state must be a State, not {type(state).__name__}")


def _check_decision(state: object, phase: Optional[str] = None) -> None:
    """TypeError unless ``state`` is a State (or a view of one: what a bot reads is its
    ``phase``, ``legal_actions()`` and the fields of the decision), ValueError once its hand
    is over (there is no decision left to make) or, with ``phase``, in another phase: a move
    is played in the play phase only."""
    try:
        now = state.phase     # type: ignore[attr-defined]
    except AttributeError:
        raise TypeError(f"state must be a State, not {type(state).__name__}") from None
    if now == "over":
        raise ValueError("the hand is over: there is no decision to make")
    if phase is not None and now != phase:
        raise ValueError(f"a move is a decision of the {phase} phase, not of the {shown(now)} "
                         f"phase")


def refuse_wild_cards(state: object, bot: str) -> None:
    """ValueError naming ``bot`` when ``state`` is a hand with wild cards, which that bot does
    not play."""
    rules = getattr(state, "rules", None)
    if isinstance(rules, Rules) and rules.laizi:
        plain_rules(rules, bot)


def plays_wild_cards(bot: object) -> bool:
    """Whether ``bot`` (a bot, or a class or factory of bots) plays hands with wild cards:
    its ``plays_wild_cards`` attribute, False when it has none."""
    return getattr(bot, "plays_wild_cards", False) is True


def refuse_runfast(state: object, bot: str) -> None:
    """ValueError naming ``bot`` when ``state`` is a Run Fast hand, which that bot does not
    play.

    >>> from ddz_fast import Game
    >>> refuse_runfast(Game("runfast").new_state(1), "SolverBot")
    Traceback (most recent call last):
    ...
    ValueError: SolverBot does not play Run Fast
    """
    if isinstance(state, RunFastState):
        raise ValueError(f"{bot} does not play Run Fast")


def plays_runfast(bot: object) -> bool:
    """Whether ``bot`` (a bot, or a class or factory of bots) plays Run Fast hands: its
    ``plays_runfast`` attribute, False when it has none.

    >>> plays_runfast(GreedyBot), plays_runfast(SolverBot())
    (True, False)
    """
    return getattr(bot, "plays_runfast", False) is True


def plays_four_player(bot: object) -> bool:
    """Whether ``bot`` (a bot, or a class or factory of bots) plays the four-player table
    (:mod:`ddz_fast.engine.four_player`): its ``plays_four_player`` attribute, False when it
    has none.

    >>> plays_four_player(GreedyBot), plays_four_player(object())
    (True, False)
    """
    return getattr(bot, "plays_four_player", False) is True


class _SeenState:
    """A Dou Dizhu play decision as its player sees it, built from its information set (checked
    by the search bot that builds it): what :class:`GreedyBot` reads of a state (the seat to
    move, its hand, the others' card counts, the move to beat and the passes since, the
    landlord's side, the rules, the wild ranks and the legal actions), so that it decides from
    what a search bot is given.

    >>> from ddz_fast import Game
    >>> from ddz_fast.search.infoset import information_set
    >>> state = start_play(Game(), 7, landlord=0)
    >>> seen = _SeenState(information_set(state, 0), state.rules, state.legal_actions())
    >>> GreedyBot().play(seen) == GreedyBot().play(state)
    True
    """

    phase = "play"

    def __init__(self, info: object, rules: Rules, actions: Sequence[Move]) -> None:
        counts = info.card_counts  # type: ignore[attr-defined]
        self.rules = rules
        self.current_player: int = info.player  # type: ignore[attr-defined]
        self.num_players = len(counts)
        # The other hands are their sizes alone: the greedy bot reads nothing else of them.
        self.hands = tuple(info.hand if seat == self.current_player  # type: ignore
                           else range(count) for seat, count in enumerate(counts))
        self.prev: Optional[Move] = info.prev  # type: ignore[attr-defined]
        self.passes: int = info.passes  # type: ignore[attr-defined]
        self.landlord: int = info.landlord  # type: ignore[attr-defined]
        partner = getattr(info, "partner", None)
        self.side = (self.landlord,) if partner is None else (self.landlord, partner)
        self.wild = getattr(info, "wild", None)
        self._actions = list(actions)

    def legal_actions(self) -> List[Move]:
        return list(self._actions)


def _side(state: State) -> Tuple[int, ...]:
    """The landlord's side: the landlord, and at the four-player table its partner."""
    # An isinstance test, not getattr with a default: a missing attribute raises inside.
    return state.side if isinstance(state, (PythonState, _SeenState)) else (state.landlord,)


def last_mover(state: State) -> Optional[int]:
    """The seat that played the move to beat, None when the current player leads.

    ``state`` is a State, or any view with its ``prev`` (the move to beat),
    ``current_player`` and ``passes``.
    """
    try:
        prev, player, passes = state.prev, state.current_player, state.passes
    except AttributeError:
        raise TypeError(f"state must be a State, not {type(state).__name__}") from None
    if prev is None or player is None:
        return None
    # No pass since the move: the previous seat played it; each pass one seat further back.
    counted = isinstance(state, (PythonState, RunFastState, _SeenState))
    players = state.num_players if counted else 3
    return (check_seat("current_player", player, players) - 1 - passes) % players


def _counts_of_words(words: np.ndarray) -> np.ndarray:
    """int16[M, 15]: the per-rank counts of M move words."""
    return ((words[:, None] >> _SHIFTS) & np.uint64(7)).astype(np.int16)


def _turns_left(counts: np.ndarray, rocket_jokers: int = 2) -> np.ndarray:
    """A rough number of turns each of many hands (int16[M, 15]) needs to play out.

    Each bomb, the rocket, each trio, pair and single card is one turn, except that every trio
    can carry one single or pair. Chains are not found here: a move that plays a chain removes
    many singles at once, which is exactly why leading it scores well. ``rocket_jokers``: the
    jokers of the rocket, 2 with one deck and 4 with two (where four or more of a rank are a
    bomb).
    """
    suited = counts[:, :TWO + 1]
    jokers = counts[:, 13] + counts[:, 14]
    rocket = jokers == rocket_jokers
    trios = (suited == 3).sum(axis=1)
    loose = (suited == 2).sum(axis=1) + (suited == 1).sum(axis=1) + np.where(rocket, 0, jokers)
    return (suited >= 4).sum(axis=1) + rocket + trios + np.maximum(0, loose - trios)


def _runfast_turns_left(counts: np.ndarray) -> np.ndarray:
    """:func:`_turns_left` under Run Fast's moves: a trio carries two cards (two singles or a
    pair, singles taken first since they are the harder to shed), and there are no jokers."""
    suited = counts[:, :TWO + 1]
    trios = (suited == 3).sum(axis=1)
    singles, pairs = (suited == 1).sum(axis=1), (suited == 2).sum(axis=1)
    on_singles = np.minimum(trios, (singles + 1) // 2)
    on_pairs = np.minimum(trios - on_singles, pairs)
    return ((suited >= 4).sum(axis=1) + trios + np.maximum(0, singles - 2 * on_singles)
            + pairs - on_pairs)


def _move_arrays(moves: List[Move], narrow: bool) -> Tuple[np.ndarray, np.ndarray]:
    """(type codes, int16[M, 15] counts) of moves: from their 64-bit words when ``narrow``
    (one deck, no wild cards), else from the moves themselves (the words of two decks and of
    moves read with wild cards are 128-bit)."""
    if narrow:
        words = np.fromiter((m.word for m in moves), dtype=np.uint64, count=len(moves))
        return (words >> np.uint64(60)).astype(np.int16), _counts_of_words(words)
    types = np.fromiter((TYPE_CODES[m.type] for m in moves), dtype=np.int16,
                        count=len(moves))
    used = np.array([m.counts for m in moves], dtype=np.int16).reshape(len(moves), NUM_RANKS)
    return types, used


class _Options:
    """The legal moves of one decision as arrays, with what the greedy rules look at."""

    def __init__(self, state: State, actions: List[Action]) -> None:
        self.pass_legal = bool(actions) and actions[0].is_pass
        self.moves: List[Move] = actions[1:] if self.pass_legal else actions
        hand = np.array(state.hands[state.current_player].counts, dtype=np.int16)
        self.hand_size = int(hand.sum())
        rules = state.rules
        decks, runfast = rules.decks, rules.game == "runfast"
        # Run Fast's moves carry a type bit above the 64-bit word of Dou Dizhu's.
        self.types, used = _move_arrays(self.moves, decks == 1 and not rules.laizi
                                        and not runfast)
        self.sizes = used.sum(axis=1)
        self.keys = np.fromiter((m.key for m in self.moves), dtype=np.int16,
                                count=len(self.moves))
        self.top_rank = np.where(used > 0, _RANKS, -1).max(axis=1) if len(self.moves) else \
            np.zeros(0, dtype=np.int16)
        self.turns_after = (_runfast_turns_left(hand - used) if runfast
                            else _turns_left(hand - used, 2 * decks))
        self.is_bomb = (self.types == _BOMB) | (self.types == _ROCKET)
        # Bombs and the rocket are kept whole: a move that takes cards from them (a four with
        # kickers, a joker as a kicker, a trio out of a bomb) spends them as ordinary cards.
        reserved = np.zeros(NUM_RANKS, dtype=bool)
        reserved[:TWO + 1] = hand[:TWO + 1] >= 4
        if runfast and rules.aaa_bomb and hand[ACE] == RUNFAST_DECKS[rules.deck_size][ACE]:
            reserved[ACE] = True    # the three aces of the 48-card deck are a bomb
        if hand[13] == decks and hand[14] == decks:
            reserved[13:] = True
        breaks_reserve = (used[:, reserved] > 0).any(axis=1)
        self.ordinary = ~self.is_bomb & ~breaks_reserve

    def pick(self, index: int) -> Move:
        return self.moves[int(index)]

    def best(self, mask: np.ndarray, *sort_keys: np.ndarray) -> Optional[Move]:
        """The move under ``mask`` that is smallest by the keys (first key most important)."""
        candidates = np.flatnonzero(mask)
        if not len(candidates):
            return None
        # np.lexsort sorts by its last key first.
        order = np.lexsort(tuple(key[candidates] for key in reversed(sort_keys)))
        return self.pick(candidates[order[0]])


class GreedyBot:
    """A rule-based player: sheds its cards quickly, keeps its bombs and helps its partner.

    * Leading: the move leaving the fewest turns to play out (so the longest chains and
      combinations first), then the one whose highest card is lowest. Against an opponent
      holding one card it avoids leading a single (two cards: a pair); a peasant whose partner,
      next to play, holds one card leads its lowest single.
    * Following an opponent: the cheapest ordinary move that beats it (a low key, without
      splitting a pair or a trio when it can help it); against an opponent down to one card it
      beats a single with its highest single.
    * Bombs and the rocket: used only to stop an opponent holding ``danger`` cards or fewer, or
      when the rest of its hand is then one move (to win itself).
    * A partner's move is never beaten, unless that ends the hand.
    * Bidding: by :func:`hand_strength`: points bid 1, 2 or 3 from ``bid_at`` (call from the
      first threshold, rob from the second); doubles from ``double_at``.
    * Run Fast (every player for himself): the same rules with every other player an
      opponent, turns counted with Run Fast's trio + two, and three aces kept whole as a bomb
      under ``aaa_bomb``. Going out, it goes out with a bomb when it can (a bomb as the last
      play earns ``bomb_score``). Where ``must_beat`` forbids the pass and only a bomb or a
      move out of a bomb beats, it plays the cheapest of them. The one-card rule and
      must-beat are in ``legal_actions()`` already.

    ``seed`` is accepted for a uniform constructor (the bot is deterministic).

    >>> from ddz_fast import Game
    >>> state = Game("runfast").new_state_from_hands(
    ...     ["33344456789TJQKA", "3455666789TJQKA2", "5778899TTJJQQKKA"], first_bidder=0)
    >>> str(GreedyBot().play(state))  # what is left, 33344, is one trio + two
    '456789TJQKA'

    >>> from ddz_fast import Game
    >>> state = Game().new_state_from_hands(
    ...     ["34567899TTJJJQKKA22B", "33344455566677788", "899TTJQQQKKAAA22R"], landlord=0)
    >>> GreedyBot().play(state)  # the longest chain sheds the most cards at once
    Move('chain', key=0, length=12, cards='3456789TJQKA')
    """

    #: Its rules read the moves' types and keys, which moves read with wild cards carry too.
    plays_wild_cards = True
    #: ... and Run Fast's moves too (see the class docstring).
    plays_runfast = True
    #: ... and the four-player table's two-deck moves, and it names a partner.
    plays_four_player = True

    def __init__(self, seed: Union[int, str, None] = None, *, danger: int = 2,
                 bid_at: Tuple[int, int, int] = (5, 7, 9), double_at: int = 9) -> None:
        self.danger = check_int("danger", danger, 0)
        if isinstance(bid_at, (str, bytes)) or not isinstance(bid_at, Sequence) \
                or len(bid_at) != 3:
            raise TypeError(f"bid_at must be three ints, not {shown(bid_at)}")
        self.bid_at = tuple(check_int("each of bid_at", value) for value in bid_at)
        self.double_at = check_int("double_at", double_at)

    def __repr__(self) -> str:
        return "GreedyBot()"

    # --- bidding and doubling ------------------------------------------------------------

    def _strength(self, state: State) -> int:
        return hand_strength(state.hands[state.current_player].counts)

    def bid(self, state: State) -> Bid:
        _check_decision(state)
        legal = state.legal_actions()
        wanted = sum(1 for threshold in self.bid_at if self._strength(state) >= threshold)
        if state.rules.bidding == "call_rob":
            choice = Bid.ROB if wanted >= 2 else Bid.CALL if wanted >= 1 else Bid.PASS
            return choice if choice in legal else Bid.PASS
        return Bid(wanted) if wanted and Bid(wanted) in legal else Bid.PASS

    def double(self, state: State) -> Double:
        _check_decision(state)
        return Double.DOUBLE if self._strength(state) >= self.double_at else Double.NO_DOUBLE

    def partner(self, state: FourPlayerState) -> Partner:
        """The landlord's partner at the four-player table: the seat opposite, two seats on,
        so that the turn alternates between the sides and each opponent's move is answered
        at once by the landlord's side (the bot cannot see the other hands to do better)."""
        _check_decision(state)
        return Partner((state.current_player + 2) % 4)

    # --- play ----------------------------------------------------------------------------

    def play(self, state: State) -> Move:
        _check_decision(state, "play")
        actions = state.legal_actions()
        if state.prev is not None:
            if len(actions) == 1:
                return actions[0]   # the pass when nothing beats; in Run Fast the one beat
            if last_mover(state) not in self._opponents(state):
                # Never beat the partner without need: only to go out at once.
                size = len(state.hands[state.current_player])
                return next((m for m in actions if len(m) == size), Move.PASS)
        options = _Options(state, actions)
        # A bomb first: as the last play it wins its trick (in Run Fast it earns bomb_score).
        finishing = options.best(options.sizes == options.hand_size, ~options.is_bomb)
        if finishing is not None:  # the whole hand in one move: the hand is won
            return finishing
        if state.prev is None:
            return self._lead(state, options)
        return self._follow(state, options)

    def _cards_left(self, state: State, seat: int) -> int:
        return len(state.hands[seat])

    def _opponents(self, state: State) -> List[int]:
        if isinstance(state, RunFastState):     # every player for himself
            return [s for s in range(len(state.hands)) if s != state.current_player]
        me, side = state.current_player, _side(state)
        return [s for s in range(len(state.hands)) if (s in side) != (me in side)]

    def _lead(self, state: State, options: _Options) -> Move:
        me = state.current_player
        partner_next = (me + 1) % len(state.hands)
        if (partner_next not in self._opponents(state)
                and self._cards_left(state, partner_next) == 1):
            lowest_solo = options.best(options.types == _SOLO, options.keys)
            if lowest_solo is not None:
                return lowest_solo
        mask = options.ordinary if options.ordinary.any() else np.ones_like(options.ordinary)
        fewest = min(self._cards_left(state, s) for s in self._opponents(state))
        if fewest <= 2:
            # The opponent may hold exactly one single (or one pair): lead something else, or
            # else the highest of that kind, which is the hardest to beat.
            risky = options.types == (_SOLO if fewest == 1 else _PAIR)
            if (mask & ~risky).any():
                mask = mask & ~risky
            else:
                return options.best(mask, -options.keys)  # type: ignore[return-value]
        move = options.best(mask, options.turns_after, options.top_rank, -options.sizes)
        assert move is not None  # a player who leads always has a move
        return move

    def _follow(self, state: State, options: _Options) -> Move:
        opponents = self._opponents(state)
        fewest = min(self._cards_left(state, s) for s in opponents)
        # Cheapest: a low key, and no split pair or trio where the hand can avoid it.
        cost = options.turns_after + 0.15 * options.keys
        if fewest == 1 and state.prev.type == "solo":
            # Keep the lead away from a player about to go out: beat with the highest single.
            move = options.best(options.ordinary, -options.keys)
        else:
            move = options.best(options.ordinary, cost)
        if move is not None:
            return move
        if fewest <= self.danger or self._bomb_wins(state, options):
            bomb = options.best(options.is_bomb, options.types, options.keys)
            if bomb is not None:
                return bomb
        if options.pass_legal:
            return Move.PASS
        # Run Fast's must-beat: only bombs, or moves out of a bomb, beat; the cheapest of them.
        cheapest = options.best(np.ones_like(options.is_bomb), cost)
        assert cheapest is not None     # a follower who may not pass has a move
        return cheapest

    def _bomb_wins(self, state: State, options: _Options) -> bool:
        """Whether, after its smallest bomb, the rest of the hand is one leading move."""
        bomb = options.best(options.is_bomb, options.types, options.keys)
        if bomb is None:
            return False

        rest = [have - used for have, used in
                zip(state.hands[state.current_player].counts, bomb.counts)]
        wild = state.wild if state.rules.laizi else None    # type: ignore[attr-defined]
        return not any(rest) or bool(classify(rest, rules=state.rules, wild=wild))


# --- the perfect-information bot ----------------------------------------------------------

class SolverBot:
    """A perfect-information player: it sees every hand and plays by
    :func:`ddz_fast.search.solver.solve`.

    It is a strength ceiling for the bots that play fairly, not a fair player itself. In play
    it takes the first move of the solver's principal variation: the fastest win when its side
    wins, else the move that delays the loss longest. When the solve does not finish within
    ``max_nodes`` (early in a hand, with many cards left), it plays a winning move if one was
    proven, else what :class:`GreedyBot` plays. Bidding, doubling and the partner choice are
    the greedy bot's. It plays every Dou Dizhu table: wild cards and four seats (the partner,
    under ``sides="partner"``, is the state's); not Run Fast.

    >>> from ddz_fast import Game
    >>> state = start_play(Game(), 7, landlord=0)
    >>> SolverBot(max_nodes=1000).play(state) in state.legal_actions()
    True
    """

    #: The solver reads moves with wild cards ...
    plays_wild_cards = True
    #: ... and solves the four-player table, the landlord alone or with its partner.
    plays_four_player = True

    def __init__(self, seed: Union[int, str, None] = None, *, max_nodes: int = 200_000,
                 tt_megabytes: int = 64) -> None:
        self._greedy = GreedyBot(seed)
        self.max_nodes = max_nodes
        self.tt_megabytes = tt_megabytes

    def __repr__(self) -> str:
        return "SolverBot()"

    def bid(self, state: State) -> Bid:
        refuse_runfast(state, "SolverBot")
        return self._greedy.bid(state)

    def double(self, state: State) -> Double:
        refuse_runfast(state, "SolverBot")
        return self._greedy.double(state)

    def partner(self, state: FourPlayerState) -> Partner:
        """The landlord's partner: the greedy bot's choice (the seat opposite)."""
        return self._greedy.partner(state)

    def play(self, state: State) -> Move:
        from .solver import solve  # imported late: the solver imports the native core

        _check_decision(state, "play")
        refuse_runfast(state, "SolverBot")
        partner = state.partner if isinstance(state, FourPlayerState) else None
        solution = solve(state.position(), rules=state.rules, partner=partner,
                         max_nodes=self.max_nodes, tt_megabytes=self.tt_megabytes)
        if solution.exact and solution.pv:
            return solution.pv[0]
        if solution.winning_moves:
            return solution.winning_moves[0]
        return self._greedy.play(state)


# --- the registry ------------------------------------------------------------------------
