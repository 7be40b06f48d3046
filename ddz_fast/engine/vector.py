"""N Dou Dizhu tables stepped together natively: :class:`VectorGame`, for training loops that
play many hands at once: the play phase with a landlord fixed before play (``phase="play"``,
DouZero's setting), or whole hands, the auction and then play (``phase="full"``).

Every table plays the play phase of a hand under one rule set (a three-seat, one-deck preset
without wild cards: ``standard``, ``rlcard``, ``openspiel``, ``douzero``, ``no_kitty``,
``botzone``, or a custom Rules of that table without the deal bonuses). A step takes one action
per table, plays them all, settles the hands that end and deals their next hands, and lists
every table's legal actions, in one native loop without the GIL. The state is kept natively
and shown as read-only numpy arrays (docs/engine.md, "Batched tables"), updated in place.

Deals and seeds:

* ``reset(seed)``: hand ``k`` (0 first) at table ``t`` is dealt from the seed
  ``seed + t + k * N`` (with a sequence of N seeds, ``seeds[t] + k * N``): the deal
  ``Game(rules).new_state(seed=that)`` deals (:func:`ddz_fast.engine.game.deal_cards`).
  With an int seed, the first N hands are seeds ``seed .. seed + N - 1``, and every hand of the
  batch has a seed of its own. Seeds are ints 0 .. 2**62 - 1.
* The landlord is chosen before play, not bid for: ``landlord`` (a seat, or one per table;
  default 0, as :mod:`ddz_fast.envs.three_player` and ``start_play(game, seed, landlord=0)``
  do) takes the kitty and leads, at base stake 1, and keeps that seat in every later hand of its
  table. A table's hand is the State ``Game(rules).new_state_from_hands(hands, kitty,
  landlord=landlord)`` starts from the same deal.
* ``reset(hands=..., landlord=...)`` starts from given deals (another engine's): (N, 3) hand
  words or Hands, the landlord's holding the kitty (20 / 17 / 17 cards, 18 each under
  ``no_kitty``), one deck at each table. With ``seed`` too, these are hand 0 and the later hands
  come from the seeds as above; without, a table whose given hand ends stays over until the
  next reset.

Actions: ``step(actions)`` takes an (N,) array of dense action ids of the rule set's action
space (:func:`ddz_fast.action_space`: id ``i < A`` plays its move ``i``, id ``A`` passes;
``num_actions == A + 1``), or with ``words=True`` an (N,) uint64 array of move words (0 passes)
as listed in ``moves``. ``where`` (an (N,) bool array) steps only some tables; the others are
left as they are. A bad batch (wrong length or dtype, an id out of range, an action that is not
legal at its table, a table whose hand is over) raises ValueError naming the first table at
fault, and no table changes.

Phase ``"full"`` (rules bidding ``points`` over rounds without doubling: every preset's) plays
each hand as ``Game(rules).new_state(seed=...)`` does: seat 0 bids first; the actions of a
table that bids are the bids, ids ``A + 1 + bid`` (0 passes, 1..3 points;
:meth:`VectorGame.bid_id`) and in ``moves`` the words of :data:`BID_WORDS` (the bid pass
listed last); when all three pass, the next deal of the same seed's stream is bid on, the next
seat first (``redeals`` counts them); the winning bid is the base stake (``stake``) and its bidder takes the kitty and
leads. ``in_play`` says which tables play; while a table bids its ``landlord`` is -1 and its
hands are the dealt ones. ``history`` and the other play arrays hold the play phase only.

Each step returns ``(player, rewards, done)``: the seat to move at every table (after a deal:
the new hand's landlord, or its first bidder), each seat's score where a hand ended this step
(else 0), as :mod:`ddz_fast.engine.scoring` settles it (the base stake, 1 or the winning bid,
times the multiplier doubling per bomb and rocket and for a spring or anti-spring; no doubles,
no chips), and where a hand ended. The results of the last hand that ended at each table stay in ``final_scores``,
``final_winner``, ``final_landlord``, ``final_bombs``, ``final_multiplier``, ``final_seed`` and
``final_hand``, ``final_stake`` (-1 where no hand has ended yet).

``order="douzero"`` (preset ``douzero``, phase ``"play"``) lists DouZero's own legal
actions instead, in DouZero's order with its duplicates, the pass last
(:func:`ddz_fast.compat.douzero.legal_words`): the tables then play DouZero's game exactly,
where its reading of a move differs from the preset's (docs/adapters.md), and row ``i`` of a
table is DouZero's ``legal_actions[i]``.

Legal actions, after every reset and step, in CSR: table ``t``'s are ``moves[offsets[t]:
offsets[t + 1]]`` (words, in the generator's canonical order, the pass word 0 last when legal)
with their ids in ``action_ids``; :meth:`VectorGame.mask` gives them as an (N, A + 1) bool mask.
``moves`` and ``action_ids`` are views of the current listing: take them again after a step.

>>> game = VectorGame(4, "standard")
>>> game.reset(7)
>>> game.hands.shape, game.player.tolist(), game.landlord.tolist()
((4, 3), [0, 0, 0, 0], [0, 0, 0, 0])
>>> first = game.action_ids[game.offsets[:-1]]      # each table's first legal action
>>> player, rewards, done = game.step(first)
>>> player.tolist(), bool(done.any())
([1, 1, 1, 1], False)
"""
from __future__ import annotations

from typing import Any, Optional, Sequence, Tuple, Union

import numpy as np

from ..compiled import load
from ..hand import as_hand
from ..rules import Rules, RulesLike, checked_rules
from ..validate import shown

__all__ = ["VectorGame", "MAX_HISTORY", "PHASES", "ORDERS", "BID_WORDS"]

_vector = load("ddz_fast.engine._vector")  # NativeCoreMissingError on use when not built

#: The most play-phase actions of a hand (52 moves and 2 x 51 passes, proven in
#: src/engine/_vector.pyx): the width of ``history``.
MAX_HISTORY = 154
#: The phases a VectorGame plays: ``"play"`` (a landlord chosen before play) and ``"full"``
#: (each hand from its deal: the auction, then play).
PHASES = ("play", "full")
#: The orders legal actions are listed in: the generator's ``"canonical"`` order, or
#: ``"douzero"``: DouZero's own legal actions in its order (preset douzero, phase "play").
ORDERS = ("canonical", "douzero")
#: The words of the bids PASS, 1, 2 and 3 in ``moves`` at a table that bids (phase "full"):
#: type bits without cards, which no move word is.
BID_WORDS = tuple((8 + bid) << 60 for bid in range(4))
_SEED_BOUND = 2 ** 62

Seeds = Union[int, Sequence[int], np.ndarray]


def _array_of(name: str, value: Any) -> np.ndarray:
    """``np.asarray(value)``, or ValueError naming ``name`` for what numpy cannot make an
    array of (ragged or too deeply nested sequences)."""
    try:
        return np.asarray(value)
    except (ValueError, TypeError, RecursionError):
        raise ValueError(f"{name} must be an array (or a flat sequence) of numbers, not a "
                         f"{type(value).__name__} numpy cannot read as one") from None


def _table_rules(rules: RulesLike) -> Rules:
    """The rules, checked: a three-seat, one-deck Dou Dizhu table without wild cards or deal
    bonuses."""
    checked = checked_rules(rules)
    name = checked.name
    if checked.game != "doudizhu":
        raise ValueError(f"VectorGame plays Dou Dizhu; {name} is Run Fast, which it does not "
                         f"batch (play it with Game)")
    if checked.players != 3:
        raise ValueError(f"VectorGame plays three seats on one deck, not the "
                         f"{checked.players}-player table on two decks of {name}")
    if checked.laizi:
        raise ValueError(f"VectorGame does not play wild cards: {name} has {checked.laizi} "
                         f"wild rank{'s' if checked.laizi > 1 else ''} (use Game)")
    if checked.deal_bonuses:
        raise ValueError(f"VectorGame starts hands at play, where the deal bonuses of {name} "
                         f"are not defined for a given deal: turn deal_bonuses off")
    return checked


class VectorGame:
    """``n`` tables of the play phase under ``rules``, stepped together (see the module
    docstring). ``auto_reset``: deal a table's next hand as soon as its hand ends (else the
    table stays over until :meth:`reset`). Call :meth:`reset` before the first step."""

    __slots__ = ("_core", "_rules", "_n", "_phase", "_order", "_views")

    def __init__(self, n: int, rules: RulesLike = "standard", *, phase: str = "play",
                 auto_reset: bool = True, order: str = "canonical") -> None:
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
            raise TypeError(f"n must be an int, not {type(n).__name__}")
        if not 1 <= n <= 1 << 24:
            raise ValueError(f"n must be a number of tables 1 .. 2**24, not {n}")
        if not isinstance(phase, str):
            raise TypeError(f"phase must be 'play' or 'full', not {type(phase).__name__}")
        if phase not in PHASES:
            raise ValueError(f"phase must be 'play' or 'full', not {shown(phase)}")
        if not isinstance(auto_reset, bool):
            raise TypeError(f"auto_reset must be a bool, not {type(auto_reset).__name__}")
        if not isinstance(order, str) or order not in ORDERS:
            raise ValueError(f"order must be 'canonical' or 'douzero', not {shown(order)}")
        self._rules = _table_rules(rules)
        self._n = int(n)
        self._phase = phase
        if order == "douzero" and (self._rules.name != "douzero" or phase != "play"):
            raise ValueError(f"order='douzero' lists DouZero's own legal actions: preset "
                             f"douzero in phase 'play', not {self._rules.name} in phase "
                             f"{phase!r}")
        self._order = order
        if phase == "full" and (self._rules.bidding != "points" or
                                self._rules.single_round_auction or self._rules.doubling):
            raise ValueError(f"phase='full' plays the points auction over rounds without "
                             f"doubling (every preset's), not the auction of "
                             f"{self._rules.name} (bidding={self._rules.bidding!r}, "
                             f"single_round_auction={self._rules.single_round_auction}, "
                             f"doubling={self._rules.doubling})")
        self._core = _vector._Tables(self._n, self._rules, auto_reset, phase == "full",
                                     order == "douzero")
        self._views = {name: self._core.view(name)
                       for name in _STATE_ARRAYS + ("rewards", "done")}

    def __repr__(self) -> str:
        return (f"VectorGame({self._n}, {self._rules.name!r}, phase={self._phase!r}, "
                f"auto_reset={self._core.auto_reset}, order={self._order!r})")

    # --- what it is ------------------------------------------------------------------------

    @property
    def n(self) -> int:
        """The number of tables."""
        return self._n

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def order(self) -> str:
        """The order the legal actions are listed in (:data:`ORDERS`)."""
        return self._order

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def auto_reset(self) -> bool:
        return bool(self._core.auto_reset)

    @property
    def num_actions(self) -> int:
        """The dense ids: A + 1 (the rule set's moves and the pass, id A), and under phase
        "full" 4 more, the bids PASS, 1, 2, 3 (ids A + 1 .. A + 4)."""
        return int(self._core.num_ids)

    def bid_id(self, bid: int) -> int:
        """The action id of bid ``bid`` (0 passes, 1..3 points) under phase "full"."""
        if self._phase != "full":
            raise ValueError("bids are actions of phase 'full' only")
        if isinstance(bid, bool) or not isinstance(bid, (int, np.integer)) or not 0 <= bid <= 3:
            raise ValueError(f"a bid is 0 (pass), 1, 2 or 3, not {shown(bid)}")
        return int(self._core.num_moves) + 1 + int(bid)

    @property
    def pass_id(self) -> int:
        """The action id of the pass, A."""
        return int(self._core.num_moves)

    @property
    def action_words(self) -> np.ndarray:
        """(A,) uint64: the move word of each action id below A (read-only)."""
        view = self._core.id_words_array.view()
        view.flags.writeable = False
        return view

    @property
    def bytes_per_table(self) -> int:
        """The memory each table holds: its native structs and its rows of every state
        array (history is 8 x MAX_HISTORY of them). The listed actions take 24 bytes each on
        top (a word, its id and the listing buffer), in buffers shared by the tables and
        grown as needed (:attr:`listing_bytes`)."""
        return int(self._core.bytes_per_table)

    @property
    def listing_bytes(self) -> int:
        """The bytes of the buffers of the listed actions, as allocated now."""
        return int(self._core.listing_bytes)

    # --- resetting -------------------------------------------------------------------------

    def reset(self, seed: Optional[Seeds] = None, *, hands: Any = None,
              landlord: Union[None, int, Sequence[int], np.ndarray] = None) -> None:
        """Deal every table its hand 0 and start its play phase (see the module docstring):
        from ``seed`` (an int, or N ints), or from ``hands`` ((N, 3) words or Hands, the
        landlord's with the kitty; ``seed`` then gives the later hands). ``landlord``: a
        seat, or one per table (None: seat 0). Under phase "full" the auction names the
        landlord, seat 0 bidding first: only seeds, no landlord."""
        if self._phase == "full" and (landlord is not None or hands is not None):
            raise ValueError("under phase='full' every hand is dealt from its seed and the "
                             "auction names the landlord: give only seed")
        landlords = self._column("landlord", 0 if landlord is None else landlord, 0, 3)
        bases = None if seed is None else self._seeds(seed)
        if hands is None:
            if bases is None:
                raise ValueError("reset needs a seed (an int, or one per table) or hands=")
            self._core.reset_seeded(bases, landlords)
            return
        self._core.reset_given(self._hand_words(hands), landlords, bases)

    def _column(self, name: str, value: Any, low: int, high: int) -> np.ndarray:
        """An (N,) int64 array of ``value`` (one int for every table, or N of them) in
        low .. high - 1, checked."""
        if isinstance(value, (bool, np.bool_)):
            raise TypeError(f"{name} must be an int or {self._n} of them, not a bool")
        if isinstance(value, (int, np.integer)):
            column = np.full(self._n, int(value) if low <= value < high else -1,
                             dtype=np.int64)
            if not low <= value < high:
                raise ValueError(f"{name} must be {low} .. {high - 1}, not {value}")
            return column
        array = _array_of(name, value)
        if array.dtype == np.bool_ or array.dtype.kind not in "iu":
            raise ValueError(f"{name} must be an int or {self._n} ints, not an array of "
                             f"{array.dtype}")
        if array.shape != (self._n,):
            raise ValueError(f"{name} must be an int or {self._n} of them (one per table), "
                             f"not shape {array.shape}")
        bad = np.flatnonzero((array < low) | (array >= high))
        if bad.size:
            raise ValueError(f"table {bad[0]}: {name} must be {low} .. {high - 1}, "
                             f"not {array[bad[0]]}")
        return np.ascontiguousarray(array, dtype=np.int64)

    def _seeds(self, seed: Seeds) -> np.ndarray:
        """The seeds of every table's hand 0: seed + t, or the N seeds given."""
        if isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_)):
            if not 0 <= seed <= _SEED_BOUND - self._n:
                raise ValueError(f"seed must be an int 0 .. 2**62 - {self._n} (table t's "
                                 f"first hand has seed + t), not {seed}")
            return int(seed) + np.arange(self._n, dtype=np.int64)
        if isinstance(seed, (str, bytes, bool, np.bool_, float)):
            raise TypeError(f"seed must be an int or {self._n} ints, not "
                            f"{type(seed).__name__}")
        return self._column("seeds", seed, 0, _SEED_BOUND)

    def _hand_words(self, hands: Any) -> np.ndarray:
        """(N, 3) uint64 hand words of an array of words or a sequence of N triples of
        hands (the cards are checked natively)."""
        if isinstance(hands, np.ndarray) and hands.dtype.kind in "iu" \
                and hands.dtype != np.bool_:
            if hands.shape != (self._n, 3):
                raise ValueError(f"hands must be ({self._n}, 3), not shape {hands.shape}")
            if (hands < 0).any():
                raise ValueError("hand words are non-negative")
            return np.ascontiguousarray(hands, dtype=np.uint64)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) \
                or len(hands) != self._n:
            raise ValueError(f"hands must be ({self._n}, 3) words or {self._n} triples of "
                             f"hands, one per table")
        words = np.zeros((self._n, 3), dtype=np.uint64)
        for t, row in enumerate(hands):
            if isinstance(row, (str, bytes)) or not isinstance(row, (Sequence, np.ndarray)) \
                    or len(row) != 3:
                raise ValueError(f"table {t}: give three hands, one per seat")
            for seat, hand in enumerate(row):
                if isinstance(hand, (int, np.integer)) and not isinstance(hand, bool):
                    if not 0 <= hand < 1 << 64:
                        raise ValueError(f"table {t}: hand {seat} is no 64-bit word")
                    words[t, seat] = int(hand)
                else:
                    words[t, seat] = as_hand(hand).bitboard
        return words

    # --- stepping --------------------------------------------------------------------------

    def step(self, actions: Any, *, words: bool = False,
             where: Optional[Any] = None) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """One action at every table (at the tables of ``where`` only, when given): dense
        action ids, or move words with ``words=True``. Returns ``(player, rewards, done)``,
        new arrays (see the module docstring)."""
        self._core.step(self._actions(actions, words), bool(words), self._where(where))
        core = self._views
        return core["player"].copy(), core["rewards"].copy(), core["done"].copy()

    def _actions(self, actions: Any, words: bool) -> np.ndarray:
        array = _array_of("actions", actions)
        if array.shape != (self._n,):
            raise ValueError(f"actions must be one per table, shape ({self._n},), not "
                             f"{array.shape}")
        if words:
            if array.dtype != np.uint64:
                raise ValueError(f"move words are a uint64 array, not {array.dtype}")
            return np.ascontiguousarray(array)
        if array.dtype == np.bool_ or array.dtype.kind not in "iu":
            raise ValueError(f"action ids are an integer array, not {array.dtype}")
        if array.dtype == np.uint64:
            big = np.flatnonzero(array >= np.uint64(self._core.num_ids))
            if big.size:
                raise ValueError(f"table {big[0]}: action id {array[big[0]]} is out of "
                                 f"range: ids are 0 .. {self._core.num_ids - 1}")
        return np.ascontiguousarray(array, dtype=np.int64)

    def _where(self, where: Any) -> Optional[np.ndarray]:
        if where is None:
            return None
        array = _array_of("where", where)
        if array.dtype != np.bool_ or array.shape != (self._n,):
            raise ValueError(f"where must be ({self._n},) bools, not {array.dtype} of shape "
                             f"{array.shape}")
        return np.ascontiguousarray(array)

    # --- legal actions ---------------------------------------------------------------------

    @property
    def moves(self) -> np.ndarray:
        """(M,) uint64: every table's legal actions as words, table 0's first; the pass (0)
        last when legal. A view of the current listing."""
        return self._core.moves

    @property
    def action_ids(self) -> np.ndarray:
        """(M,) int64: the action ids of ``moves`` (the pass: :attr:`pass_id`)."""
        return self._core.action_ids

    def mask(self) -> np.ndarray:
        """(N, num_actions) bool: the legal action ids of every table (a new array)."""
        return self._core.mask()


#: The read-only state arrays, as attributes of a VectorGame (docs/engine.md lists them).
_STATE_ARRAYS = ("hands", "played", "last_moves", "history", "history_len", "bombs",
                 "landlord", "player", "prev", "offsets", "over", "seeds", "hand_index",
                 "final_scores", "final_winner", "final_landlord", "final_bombs",
                 "final_multiplier", "final_seed", "final_hand", "final_stake", "in_play",
                 "stake", "redeals")
_DOCS = {
    "hands": "(N, 3) uint64: each seat's hand (count bits).",
    "played": "(N, 3) uint64: the cards each seat has played this hand.",
    "last_moves": "(N, 3) uint64: each seat's last play-phase action this hand (0: a pass or "
                  "none yet), with its type bits.",
    "history": "(N, MAX_HISTORY) uint64: this hand's actions in order (0: a pass).",
    "history_len": "(N,) int64: how many entries of history are filled.",
    "bombs": "(N,) int64: bombs and rockets played this hand.",
    "landlord": "(N,) int64: the landlord's seat.",
    "player": "(N,) int64: the seat to move (-1 at a table whose hand is over).",
    "prev": "(N,) uint64: the move word to beat (0: the player to move leads).",
    "offsets": "(N + 1,) int64: table t's legal actions are moves[offsets[t]:offsets[t+1]].",
    "over": "(N,) bool: the table's hand is over and no next hand was dealt.",
    "seeds": "(N,) int64: the seed of each table's current hand (-1: a given deal).",
    "hand_index": "(N,) int64: the current hand's number at its table since the reset.",
    "final_scores": "(N, 3) int64: each seat's score in the last hand that ended there.",
    "final_winner": "(N,) int64: the seat that went out in that hand (-1: none ended yet).",
    "final_landlord": "(N,) int64: its landlord.",
    "final_bombs": "(N,) int64: its bombs and rockets.",
    "final_multiplier": "(N,) int64: its multiplier (bombs, rockets and spring).",
    "final_seed": "(N,) int64: its seed (-1: a given deal).",
    "final_hand": "(N,) int64: its number at its table (hand_index then).",
    "final_stake": "(N,) int64: its base stake (the winning bid under phase 'full', else 1).",
    "in_play": "(N,) bool: the table is in the play phase (else it bids: phase 'full').",
    "stake": "(N,) int64: the base stake (phase 'full': the highest bid so far).",
    "redeals": "(N,) int64: the re-deals of the current hand (phase 'full': nobody bid).",
}


def _state_property(name: str) -> property:
    return property(lambda self: self._views[name], doc=_DOCS[name])


for _name in _STATE_ARRAYS:
    setattr(VectorGame, _name, _state_property(_name))
del _name
