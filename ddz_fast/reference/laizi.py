"""Wild cards (laizi): docs/RULES.md, "Variants" > "Laizi", in code, written to be read.

The wild ranks are part of every call: ``legal_moves(hand, prev, rules=..., wild=...)`` and its
siblings take them as ``wild``, a rank index (``2``), rank indices (``(2, 7)``) or card text
(``"5"``, ``"5T"``); the rules say how many there are (``rules.laizi``, 1 or 2). A wild card
stands for one rank 3..2, never a joker.

How a move is built (and identified) here, following the rule book:

* A move is its type, key and chain length (those of its reading) and its *real* cards, wilds
  counted under their own rank. Its main part (the cards that are no kicker nor wing) holds,
  for every main rank, the natural cards of that rank it plays and wild cards for the rest;
  every other card is a kicker or a wing and stands for whatever makes the move legal, so two
  readings that differ only in which wild fills which slot are one move.
* Kickers and wings are never of a main rank, so a natural card of a main rank is always in
  the main part, and the real cards fix how many wilds the main part holds: the generator
  below builds each move once, from the natural cards of its main part, its kickers' natural
  cards and its number of wilds, which are then taken from the wild ranks in every way the
  hand allows.
* A solo is a card played alone as its own rank (a wild too). A pair, trio or bomb made only of
  wilds may be of any rank 3..2; a bomb is 4 to 12 cards read as one rank, at most four of them
  natural: **hard** (four natural cards of a rank that is not wild), **laizi** (the four cards
  of one wild rank read as that rank) or **soft** (every other bomb).
* Kicker sets: a wild kicker or wing reads as a rank no other card of the move reads as and
  outside the main ranks (one deck always has such ranks left: at most 5 main ranks and 5
  wings, or 4 and 4 pairs, of 13), which never breaks a limit on repeats, on a wing trio next
  to the chain or on both jokers: a kicker set is legal exactly when its natural cards keep
  those limits and the wilds complete its pairs (see :func:`_solo_kickers_legal` and
  :func:`_pair_kickers_legal`).

Comparison (:func:`beats`): the rocket beats every bomb; a bomb beats every other move; two
bombs compare by number of cards, then class (soft < hard < laizi), then rank, and bombs equal
in all three do not beat each other; any other move beats one of the same type, length and
number of cards with a lower key.

Canonical order: :meth:`ddz_fast.move.Move.sort_key`, the order of the plain moves (type, length,
number of cards, key, real cards low to high), which already orders the moves of one wild
context totally (their real cards, type, key and length identify them); the action space of a
rule set and its wild ranks (:func:`action_space`) is every move of a full deck in that order;
:mod:`ddz_fast.laizi_ids` computes a move's index there (its action id) without listing it.

Choices where the rule book is silent: the space shuttle, the four-player table and the deal
bonuses are not played with wild cards (``Rules`` refuses them); a wild pair or trio kicker
is of a rank 3..2 like any pair; the action space is that of the given wild ranks (its
moves' real cards and bomb classes depend on them).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import accumulate, combinations, product
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from .. import bitboard, laizi_ids
from .._checks import exact_move
from .._move_text import move_of_text
from ..cards import BLACK_JOKER, NUM_RANKS, RANK_NAMES, RED_JOKER, Counts, deck_counts
from ..hand import HandLike, as_hand
from ..move import ListOfMoves, Move, MoveLike, sort_key_in_context
from ..rules import WIDEST_LAIZI, Rules, RulesLike, checked_rules
from ..shapes import CHAIN_RANKS, MAIN_SHAPES, SUITED_RANKS
from ..wild import Wild, check_wild

__all__ = ["legal_moves", "classify", "beats",
           "action_space", "action_id", "action_move", "all_moves", "count_moves",
           "action_space_counts", "action_space_size"]

_SOFT, _HARD, _LAIZI = (bitboard.BOMB_CLASSES.index(name) for name in ("soft", "hard", "laizi"))


def _context(rules: RulesLike, wild: object) -> Tuple[Rules, Wild]:
    checked = checked_rules(rules)
    return checked, check_wild(checked, wild)


# --- the main part: natural cards of each main rank, wilds for the rest -----------------------

def _main_choices(natural: Counts, main: range, copies: int,
                  wilds: int) -> Iterator[Tuple[Dict[int, int], int]]:
    """(natural cards played of each main rank, wilds filling the rest) for every way to make
    ``copies`` cards of each rank of ``main`` from the hand's natural cards and ``wilds``."""
    options = [range(min(natural[rank], copies) + 1) for rank in main]
    for taken in product(*options):
        filled = sum(copies - count for count in taken)
        if filled <= wilds:
            yield dict(zip(main, taken)), filled


def _fewest_wilds(natural: Counts, copies: int) -> List[int]:
    """The wilds a main part of ``copies`` cards of each rank needs at least (when it plays
    every natural card it can), as running totals: ``main`` needs
    ``fewest[main.stop] - fewest[main.start]``. Counted once per move type, where summing
    each candidate main part took a quarter of the generator's time."""
    return list(accumulate((copies - count if count < copies else 0 for count in natural),
                           initial=0))


def _bomb_choices(natural: Counts, key: int, wilds: int) -> Iterator[Tuple[int, int]]:
    """(natural cards, wilds) of every bomb read as ``key``: 4..12 cards, at most 4 natural."""
    for naturals in range(min(natural[key], 4) + 1):
        for filled in range(max(0, 4 - naturals), wilds + 1):
            yield naturals, filled


# --- kicker sets: their natural cards, and how many wilds they hold ---------------------------

def _natural_sets(pool: Sequence[int], size: int, start: int = 0) -> Iterator[List[int]]:
    """Every multiset of at most ``size`` cards taking at most ``pool[r]`` of each rank."""
    yield [0] * NUM_RANKS
    for rank in range(start, NUM_RANKS):
        for take in range(1, min(pool[rank], size) + 1):
            for rest in _natural_sets(pool, size - take, rank + 1):
                rest[rank] = take
                yield rest


def _solo_kickers_legal(naturals: Sequence[int], main: range, max_copies: int,
                        rules: Rules, chain: bool) -> bool:
    """Whether natural solo kickers (wings) keep the limits; the wilds among them read as
    fresh ranks, which keeps every limit."""
    if any(count > max_copies for count in naturals):
        return False
    if naturals[BLACK_JOKER] and naturals[RED_JOKER] and not rules.rocket_in_kickers:
        return False
    if chain and not rules.trio_wing_next_to_chain:
        neighbours = (main.start - 1, main.stop)
        if any(rank in CHAIN_RANKS and naturals[rank] >= 3 for rank in neighbours):
            return False
    return True


def _pair_kickers_legal(naturals: Sequence[int], pairs: int, main: range, wilds: int) -> bool:
    """Whether natural cards and ``wilds`` make ``pairs`` pairs of distinct ranks 3..2 outside
    ``main``: each natural rank is a pair, or a card and a wild; the other wilds pair up as
    ranks no card reads as."""
    if naturals[BLACK_JOKER] or naturals[RED_JOKER] or max(naturals) > 2:
        return False
    singles = naturals.count(1)
    spare = wilds - singles
    ranks_used = NUM_RANKS - naturals.count(0)
    free_ranks = len(SUITED_RANKS) - len(main) - ranks_used
    return spare >= 0 and spare % 2 == 0 and spare // 2 <= free_ranks and \
        ranks_used + spare // 2 == pairs


def _kicker_sets(kind: str, natural: Counts, main: range, wilds: int,
                 rules: Rules) -> Iterator[Tuple[List[int], int]]:
    """(natural kicker cards, wild kickers) of every legal kicker set of ``kind`` around the
    main ranks ``main``, with at most ``wilds`` wild cards."""
    size = _kicker_size(kind, len(main))
    # At most that many natural cards of a rank can be legal (a pruning; the checks decide).
    most = {"airplane_solo": rules.solo_wing_max_copies,
            "four_two_solo": rules.four_two_solo_max_copies}.get(kind, 1 if size == 1 else 2)
    pool = [0 if rank in main else min(natural[rank], most) for rank in range(NUM_RANKS)]
    for naturals in _natural_sets(pool, size):
        spare = size - sum(naturals)
        if spare > wilds:
            continue
        if _kickers_legal(kind, naturals, main, spare, rules):
            yield naturals, spare


def _kicker_size(kind: str, length: int) -> int:
    """The cards of the kickers (or wings) of a move type of a chain length."""
    return {"trio_solo": 1, "trio_pair": 2, "airplane_solo": length,
            "airplane_pair": 2 * length, "four_two_solo": 2, "four_two_pair": 4}.get(kind, 0)


def _kickers_legal(kind: str, naturals: List[int], main: range, wilds: int,
                   rules: Rules) -> bool:
    if kind in ("trio_solo", "airplane_solo"):
        copies = 1 if kind == "trio_solo" else rules.solo_wing_max_copies
        return _solo_kickers_legal(naturals, main, copies, rules, kind == "airplane_solo")
    if kind == "four_two_solo":
        return _solo_kickers_legal(naturals, main, rules.four_two_solo_max_copies, rules, False)
    if kind in ("trio_pair", "airplane_pair", "four_two_pair"):
        pairs = {"trio_pair": 1, "four_two_pair": 2}.get(kind, len(main))
        return _pair_kickers_legal(naturals, pairs, main, wilds)
    return not any(naturals) and wilds == 0      # a type without kickers


# --- the moves of a hand ---------------------------------------------------------------------

def _wild_splits(hand: Counts, wild: Wild, total: int) -> Iterator[List[int]]:
    """Every way to take ``total`` wild cards from the hand's wild ranks (as 15 counts)."""
    for taken in product(*(range(min(hand[rank], total) + 1) for rank in wild)):
        if sum(taken) == total:
            counts = [0] * NUM_RANKS
            for rank, count in zip(wild, taken):
                counts[rank] = count
            yield counts


def _real_cards(naturals: Sequence[int], wild_cards: Sequence[int]) -> Counts:
    return tuple(a + b for a, b in zip(naturals, wild_cards))


def _bomb_class(key: int, natural_cards: int, real: Counts, wild: Wild) -> int:
    if natural_cards == 4 and sum(real) == 4:
        return _HARD
    if key in wild and real[key] == 4 == sum(real):
        return _LAIZI
    return _SOFT


def _main_moves(kind: str, hand: Counts, natural: Counts, wild: Wild,
                rules: Rules) -> Iterator[Move]:
    """Every move of ``kind`` (not solo, bomb or rocket) the hand can play."""
    copies, lengths, ranks = MAIN_SHAPES[kind]
    wilds = sum(hand[rank] for rank in wild)
    fewest = _fewest_wilds(natural, copies)
    for length in lengths:
        if copies * length + _kicker_size(kind, length) > sum(hand):
            continue        # a move this long takes more cards than the hand holds
        for key in ranks:
            main = range(key, key + length)
            if main[-1] not in ranks or fewest[main.stop] - fewest[key] > wilds:
                continue
            kicker_sets = list(_kicker_sets(kind, natural, main, wilds, rules))
            for taken, filled in _main_choices(natural, main, copies, wilds):
                for kickers, spare in kicker_sets:
                    if filled + spare > wilds:
                        continue
                    naturals = list(kickers)
                    for rank, count in taken.items():
                        naturals[rank] += count
                    for wild_cards in _wild_splits(hand, wild, filled + spare):
                        real = _real_cards(naturals, wild_cards)
                        yield Move._trusted_read(kind, key, length, real, copies)


def _bombs(hand: Counts, natural: Counts, wild: Wild) -> Iterator[Move]:
    wilds = sum(hand[rank] for rank in wild)
    for key in SUITED_RANKS:
        for naturals, filled in _bomb_choices(natural, key, wilds):
            for wild_cards in _wild_splits(hand, wild, filled):
                real = list(wild_cards)
                real[key] += naturals
                real = tuple(real)
                yield Move._trusted_read("bomb", key, 1, real, naturals + filled,
                                         _bomb_class(key, naturals, real, wild))


def _solos(hand: Counts) -> Iterator[Move]:
    """A card played alone is its own rank, a wild one too."""
    for rank in range(NUM_RANKS):
        if hand[rank]:
            cards = [0] * NUM_RANKS
            cards[rank] = 1
            yield Move._trusted("solo", rank, 1, tuple(cards))


def _type_allowed(kind: str, rules: Rules) -> bool:
    if kind == "space_shuttle":
        return False            # Rules refuses the space shuttle with wild cards
    return rules.four_two or kind not in ("four_two_solo", "four_two_pair")


def all_moves(hand: Counts, rules: Rules, wild: Wild) -> List[Move]:
    """Every move the cards ``hand`` can make under checked rules and wild ranks, in
    canonical order, each exactly once."""
    return list(_all_moves(hand, rules, wild))


@lru_cache(maxsize=256)
def _all_moves(hand: Counts, rules: Rules, wild: Wild) -> Tuple[Move, ...]:
    """all_moves, kept for the last hands asked about: a player's hand is asked for its lead
    and its answers, and each move to beat is checked by listing its own cards' moves."""
    natural = tuple(0 if rank in wild else count for rank, count in enumerate(hand))
    moves: Dict[int, Move] = {move.word: move for move in _solos(hand)}
    for kind in MAIN_SHAPES:
        if kind in ("solo", "bomb") or not _type_allowed(kind, rules):
            continue
        for move in _main_moves(kind, hand, natural, wild, rules):
            moves.setdefault(move.word, move)
    for move in _bombs(hand, natural, wild):
        moves.setdefault(move.word, move)
    if hand[BLACK_JOKER] and hand[RED_JOKER]:
        rocket = Move._trusted("rocket", BLACK_JOKER, 1, _ROCKET)
        moves[rocket.word] = rocket
    return tuple(sorted(moves.values(), key=sort_key_in_context))


def _readings(hand: Counts, rules: Rules, wild: Wild) -> List[Move]:
    """Every move of exactly the cards ``hand`` (what :func:`classify` lists), built the same
    way as :func:`all_moves` but playing every card: the natural cards of the main ranks are
    all in the main part, every other natural card is a kicker, every wild is used."""
    natural = tuple(0 if rank in wild else count for rank, count in enumerate(hand))
    wilds, total = sum(hand[rank] for rank in wild), sum(hand)
    found = [move for move in _solos(hand) if total == 1]
    for kind in MAIN_SHAPES:
        if kind in ("solo", "bomb") or not _type_allowed(kind, rules):
            continue
        copies, lengths, ranks = MAIN_SHAPES[kind]
        for length in lengths:
            if copies * length + _kicker_size(kind, length) != total:
                continue
            for key in ranks:
                main = range(key, key + length)
                if main[-1] not in ranks or any(natural[rank] > copies for rank in main):
                    continue
                filled = sum(copies - natural[rank] for rank in main)
                kickers = [0 if rank in main else natural[rank] for rank in range(NUM_RANKS)]
                if filled <= wilds and _kickers_legal(kind, kickers, main, wilds - filled,
                                                      rules):
                    found.append(Move._trusted_read(kind, key, length, hand, copies))
    found.extend(_bomb_readings(hand, natural, wild))
    if hand == _ROCKET:
        found.append(Move._trusted("rocket", BLACK_JOKER, 1, _ROCKET))
    return sorted(found, key=sort_key_in_context)


def _bomb_readings(hand: Counts, natural: Counts, wild: Wild) -> Iterator[Move]:
    """The bombs of exactly these cards: the natural cards all of one rank, at most four."""
    natural_ranks = [rank for rank in range(NUM_RANKS) if natural[rank]]
    if sum(hand) < 4 or len(natural_ranks) > 1 or sum(natural) > 4:
        return
    for key in natural_ranks or SUITED_RANKS:
        if key in SUITED_RANKS:
            yield Move._trusted_read("bomb", key, 1, hand, sum(hand),
                                     _bomb_class(key, natural[key], hand, wild))


_ROCKET = tuple(1 if rank in (BLACK_JOKER, RED_JOKER) else 0 for rank in range(NUM_RANKS))


# --- comparison ------------------------------------------------------------------------------

#: A bomb's order at equal size: soft < hard < laizi.
_CLASS_ORDER = {"soft": 0, "hard": 1, "laizi": 2}


def _beats(move: Move, prev: Move) -> bool:
    # The slots, not the properties: the random runs call this for every move of every hand
    # they answer with.
    kind, prev_kind = move._type, prev._type
    if kind == "rocket":
        return prev_kind != "rocket"
    if kind == "bomb":
        if prev_kind == "bomb":     # more cards, then the class, then the rank
            return _bomb_order(move) > _bomb_order(prev)
        return prev_kind != "rocket"
    return (kind == prev_kind and move._length == prev._length and len(move) == len(prev)
            and move._key > prev._key)


def _bomb_order(bomb: Move) -> Tuple[int, int, int]:
    return len(bomb), _CLASS_ORDER[bomb.bomb_class or "hard"], bomb.key


# --- the public API --------------------------------------------------------------------------

def _legal_play(move: object, name: str, rules: Rules, wild: Wild) -> Move:
    """``move`` must be a non-pass Move that the rules and wild ranks allow."""
    move = exact_move(move, name)
    if move.is_pass:
        raise ValueError(f"{name} is a pass, which is no combination")
    if move not in _readings(move.counts, rules, wild):
        wild_text = "".join(RANK_NAMES[rank] for rank in wild)
        raise ValueError(f"{name} {move!r} is not a legal move under {rules!r} with wild "
                         f"{wild_text}")
    return move


def legal_moves(hand: HandLike, prev: Optional[MoveLike] = None, *, rules: RulesLike = None,
                wild: object = None) -> ListOfMoves:
    """Every legal play from ``hand`` with the wild ranks ``wild``, in canonical order; with
    ``prev`` only those beating it (text read under the rules and wild ranks). Pass is never
    listed."""
    rules, ranks = _context(rules, wild)
    counts = as_hand(hand).counts
    if prev is not None:
        prev = exact_move(move_of_text(prev, "prev", rules, classify, ranks), "prev")
        prev = None if prev.is_pass else _legal_play(prev, "prev", rules, ranks)
    moves = all_moves(counts, rules, ranks)
    return ListOfMoves(moves if prev is None else [m for m in moves if _beats(m, prev)])


def classify(cards: HandLike, *, rules: RulesLike = None, wild: object = None) -> List[Move]:
    """Every reading of exactly these cards as one move, in canonical order (empty: none)."""
    rules, ranks = _context(rules, wild)
    return _readings(as_hand(cards).counts, rules, ranks)


def beats(move: MoveLike, prev: MoveLike, *, rules: RulesLike = None,
          wild: object = None) -> bool:
    """Whether ``move`` may be played on ``prev`` under the wild ranks (a pass beats
    nothing); text is read under the rules and wild ranks."""
    rules, ranks = _context(rules, wild)
    prev = _legal_play(move_of_text(prev, "prev", rules, classify, ranks), "prev", rules, ranks)
    move = move_of_text(move, "move", rules, classify, ranks)
    if isinstance(move, Move) and move.is_pass:
        return False
    return _beats(_legal_play(move, "move", rules, ranks), prev)


@lru_cache(maxsize=8)
def _action_space(rules: Rules, wild: Wild) -> Tuple[Move, ...]:
    return tuple(all_moves(deck_counts(1), rules, wild))


def action_space(rules: RulesLike = None, wild: object = None) -> Tuple[Move, ...]:
    """Every move of the rule set under the wild ranks, in canonical order: a move's index is
    its dense action id. Pass is not in it. It is slow here: the moves are listed on first
    use and kept, about half a million and ten seconds for one wild rank, millions and
    minutes for two (the compiled core lists them in about a second and four). :func:`action_id`,
    :func:`action_move` and :func:`action_space_size` never list it."""
    return _action_space(*_context(rules, wild))


def action_id(move: MoveLike, rules: RulesLike = None, wild: object = None) -> int:
    """The dense action id of ``move`` (or of the move its text names under the rules and
    wild ranks): its index in :func:`action_space`, computed by counting the moves before it
    (:mod:`ddz_fast.laizi_ids`), never listing them (ValueError if it is not there)."""
    rules, ranks = _context(rules, wild)
    return laizi_ids.action_id(move_of_text(move, "move", rules, classify, ranks), rules, ranks)


def action_move(action_id: int, rules: RulesLike = None, wild: object = None) -> Move:
    """The move of a dense action id: the inverse of :func:`action_id`, also by counting."""
    rules, ranks = _context(rules, wild)
    return laizi_ids.action_move(action_id, rules, ranks)


# --- counting the action space without listing it -------------------------------------------
# Two wild ranks make tens of millions of moves of a full deck: too many to list in Python, but
# the generator's structure counts them. A move of a main type is one choice of natural main
# cards (filling the rest with f wilds), one kicker set (with s wild kickers) and one way to
# take f + s wild cards from the wild ranks, and no two choices make the same move.

def _ways_to_take(hand: Counts, wild: Wild, total: int) -> int:
    return sum(1 for _ in _wild_splits(hand, wild, total))


def _main_type_count(kind: str, hand: Counts, natural: Counts, wild: Wild,
                     rules: Rules) -> Dict[int, int]:
    """The moves of a main type by chain length."""
    copies, lengths, ranks = MAIN_SHAPES[kind]
    wilds = sum(hand[rank] for rank in wild)
    ways = [_ways_to_take(hand, wild, total) for total in range(wilds + 1)]
    count = dict.fromkeys(lengths, 0)
    for length in lengths:
        for key in ranks:
            main = range(key, key + length)
            if main[-1] not in ranks:
                continue
            mains = [0] * (wilds + 1)
            for _, filled in _main_choices(natural, main, copies, wilds):
                mains[filled] += 1
            kickers = [0] * (wilds + 1)
            for _, spare in _kicker_sets(kind, natural, main, wilds, rules):
                kickers[spare] += 1
            count[length] += sum(mains[f] * kickers[s] * ways[f + s]
                                 for f in range(wilds + 1) for s in range(wilds + 1 - f))
    return count


def count_moves(hand: HandLike, *, rules: RulesLike = None,
                wild: object = None) -> Dict[Tuple[str, int], int]:
    """How many moves of each type and chain length ``hand`` can play, keyed by (type,
    length) (bombs by (``"bomb"``, 1), whatever their size): ``len(legal_moves(hand))`` in
    parts, counted without listing the moves. Types the rules do not have are left out."""
    rules, ranks = _context(rules, wild)
    counts = as_hand(hand).counts
    natural = tuple(0 if rank in ranks else count for rank, count in enumerate(counts))
    wilds = sum(counts[rank] for rank in ranks)
    found = {("solo", 1): sum(1 for count in counts if count)}
    for kind in MAIN_SHAPES:
        if kind not in ("solo", "bomb") and _type_allowed(kind, rules):
            for length, count in _main_type_count(kind, counts, natural, ranks, rules).items():
                found[kind, length] = count
    found["bomb", 1] = sum(_ways_to_take(counts, ranks, filled) for key in SUITED_RANKS
                           for _, filled in _bomb_choices(natural, key, wilds))
    found["rocket", 1] = int(bool(counts[BLACK_JOKER] and counts[RED_JOKER]))
    return found


def action_space_counts(rules: RulesLike = None, wild: object = None) -> Dict[str, int]:
    """The number of moves of each type in :func:`action_space`, counted without listing
    them (two wild ranks make millions)."""
    return dict(_space_counts(*_context(rules, wild)))


@lru_cache(maxsize=32)
def _space_counts(rules: Rules, wild: Wild) -> Tuple[Tuple[str, int], ...]:
    """action_space_counts of checked rules and wild ranks, kept: a count takes a second."""
    found: Dict[str, int] = {}
    for (kind, _), count in count_moves(deck_counts(1), rules=rules, wild=wild).items():
        found[kind] = found.get(kind, 0) + count
    return tuple(found.items())


def action_space_size(rules: RulesLike = None, wild: object = None) -> int:
    """``len(action_space(rules, wild))``, counted without listing the moves."""
    return sum(action_space_counts(rules, wild).values())


# --- validating laizi words ------------------------------------------------------------------

def _lookup(word: int) -> Optional[Move]:
    """The move whose canonical word ``word`` is under some wild ranks of its cards (one or
    two of them) and the widest move options, or None: what ``Move.from_word`` decides for a
    laizi word (from the blocks of :mod:`ddz_fast.laizi_space`), checked against this."""
    counts = bitboard.unpack(word)
    if any(count > most for count, most in zip(counts, deck_counts(1))):
        return None
    present = [rank for rank in SUITED_RANKS if counts[rank]]
    one_wild = WIDEST_LAIZI.replace(laizi=1)
    contexts = [(one_wild, (rank,)) for rank in present] + \
        [(WIDEST_LAIZI, pair) for pair in combinations(present, 2)]
    for rules, wild in contexts:
        for move in _readings(counts, rules, wild):
            if move.word == word:
                return move
    return None

