"""Settlement of a finished hand (docs/RULES.md, "Scoring"): multiplier, doubles and chip stacks.

Scores are per player, indexed by seat, and always sum to zero. The deal bonuses of the
``deal_bonuses`` option (docs/RULES.md, "Variants", "Happy Dou Dizhu bonuses") are here too:
they double the multiplier before the bidding.
"""
from __future__ import annotations

from typing import Optional, Sequence, Tuple

from ..actions import DealBonus
from ..validate import check_bool, check_int, check_seat, is_int, shown

__all__ = ["spring_factor", "settle", "cap_to_stacks", "share_in_proportion",
           "deal_bonuses", "side_spring_factor", "settle_sides", "side_pairs",
           "cap_sides_to_stacks"]

Scores = Tuple[int, int, int]


# Hand words (ddz_fast.bitboard): 4 bits a rank, 3 = rank 0 ... A = rank 11, the jokers 13, 14.
_JOKER_NIBBLES = 0x11 << 52         # one black and one red joker
_STRAIGHT_RANKS = 0x111111111111    # the low bit of the nibbles of ranks 3..A
_STRAIGHT_MASK = (1 << 48) - 1


def deal_bonuses(words: Sequence[int]) -> Tuple[Tuple[int, DealBonus], ...]:
    """The bonuses of a deal, ``(seat, bonus)`` in seat order, double kings before the straight
    of a seat: ``words`` are the dealt hands as words, before the kitty (unchecked: a
    game state passes its own)."""
    found = []
    for seat, word in enumerate(words):
        if word & (0xFF << 52) == _JOKER_NIBBLES:
            found.append((seat, DealBonus.DOUBLE_KINGS))
        ranks = word & _STRAIGHT_MASK       # a count 1..4 sets one of a nibble's low 3 bits
        if (ranks | ranks >> 1 | ranks >> 2) & _STRAIGHT_RANKS == _STRAIGHT_RANKS:
            found.append((seat, DealBonus.STRAIGHT))
    return tuple(found)


def spring_factor(landlord_won: bool, plays: Sequence[int], landlord: int) -> int:
    """2 for a spring or an anti-spring, else 1.

    ``plays[p]`` is how many non-pass moves player ``p`` made in the hand. Spring: the landlord
    won and neither peasant played a card. Anti-spring: the peasants won and the landlord played
    only the first lead.
    """
    return _spring_factor(check_bool("landlord_won", landlord_won), _ints("plays", plays, 0),
                          check_seat("landlord", landlord))


def _spring_factor(landlord_won: bool, plays: Sequence[int], landlord: int) -> int:
    """spring_factor of checked arguments (a game state settles with its own values)."""
    if landlord_won:
        peasants_silent = all(count == 0 for p, count in enumerate(plays) if p != landlord)
        return 2 if peasants_silent else 1
    return 2 if plays[landlord] == 1 else 1


def settle(base_stake: int, multiplier: int, landlord: int, landlord_won: bool,
           doubles: Sequence[bool]) -> Scores:
    """Uncapped scores: each peasant settles base stake x multiplier x the doubles of its pair.

    A peasant's double doubles that peasant's settlement; the landlord's double doubles both.
    """
    base_stake = check_int("base_stake", base_stake, 0)
    multiplier = check_int("multiplier", multiplier, 1)
    landlord = check_seat("landlord", landlord)
    landlord_won = check_bool("landlord_won", landlord_won)
    doubles = _three("doubles", doubles)
    for value in doubles:
        check_bool("each of doubles", value)
    return _settle(base_stake, multiplier, landlord, landlord_won, doubles)


def _settle(base_stake: int, multiplier: int, landlord: int, landlord_won: bool,
            doubles: Sequence[bool]) -> Scores:
    """settle of checked arguments."""
    landlord_factor = 2 if doubles[landlord] else 1
    scores = [0, 0, 0]
    for peasant in range(3):
        if peasant == landlord:
            continue
        amount = base_stake * multiplier * landlord_factor * (2 if doubles[peasant] else 1)
        if landlord_won:
            amount = -amount
        scores[peasant] = amount
        scores[landlord] -= amount
    return (scores[0], scores[1], scores[2])


# --- the four-player table (docs/RULES.md, "Four players with two decks", "Scoring") -----------

def side_spring_factor(landlord_side_won: bool, plays: Sequence[int], landlord: int,
                       partner: Optional[int] = None) -> int:
    """2 for a spring or an anti-spring at the four-player table, else 1.

    The landlord's side is the landlord and its ``partner`` (None: the landlord alone).
    Spring: the landlord's side won and no opponent played a card. Anti-spring: the opponents
    won and the landlord played only its first lead (its partner's plays do not count).
    """
    if isinstance(plays, (str, bytes)) or not isinstance(plays, Sequence):
        raise TypeError(f"plays must be a sequence of four counts, one per seat, "
                        f"not {shown(plays)}")
    side = _side(landlord, partner, len(plays))
    counts = [check_int("each of plays", count, 0) for count in plays]
    if check_bool("landlord_side_won", landlord_side_won):
        return 2 if all(counts[p] == 0 for p in range(len(counts)) if p not in side) else 1
    return 2 if counts[landlord] == 1 else 1


def side_pairs(landlord: int, partner: Optional[int]) -> Tuple[Tuple[int, int], ...]:
    """Who settles with whom at the four-player table: (seat of the landlord's side,
    opponent) pairs, one per opponent.

    Alone: the landlord with each of the three peasants, in turn order after it. With a
    partner: the partner with the opponent on its left, read as the first opponent after the
    partner in turn order (seat order passes to the left), and the landlord with the other.
    """
    side = _side(landlord, partner, 4)
    opponents = [(side[-1] + step) % 4 for step in range(1, 4)]
    opponents = [seat for seat in opponents if seat not in side]
    if partner is None:
        return tuple((landlord, seat) for seat in opponents)
    return ((partner, opponents[0]), (landlord, opponents[1]))


def settle_sides(base_stake: int, multiplier: int, landlord: int, partner: Optional[int],
                 landlord_side_won: bool,
                 doubles: Optional[Sequence[bool]] = None) -> Tuple[int, int, int, int]:
    """Uncapped scores at the four-player table, one per seat, summing to zero.

    Alone (``partner`` None): each of the three peasants settles base stake x multiplier with
    the landlord. With a partner, two against two: each player of the losing side pays base
    stake x multiplier to one player of the winning side (the pairs of :func:`side_pairs`).
    ``doubles`` (four bools, None: nobody doubled) of the doubling round: a player's double
    doubles the settlement it is part of, and the landlord's double doubles every settlement,
    as at three players.
    """
    amount = check_int("base_stake", base_stake, 0) * check_int("multiplier", multiplier, 1)
    won = check_bool("landlord_side_won", landlord_side_won)
    doubled = (False,) * 4 if doubles is None else _bools("doubles", doubles, 4)
    scores = [0, 0, 0, 0]
    for ours, theirs in side_pairs(landlord, partner):
        factor = (2 if doubled[ours] else 1) * (2 if doubled[theirs] else 1)
        if doubled[landlord] and ours != landlord:
            factor *= 2
        flow = amount * factor if won else -amount * factor
        scores[ours] += flow
        scores[theirs] -= flow
    return (scores[0], scores[1], scores[2], scores[3])


def cap_sides_to_stacks(scores: Sequence[int], stacks: Optional[Sequence[int]], landlord: int,
                        partner: Optional[int]) -> Tuple[int, int, int, int]:
    """Scores of the four-player table (:func:`settle_sides`) limited by chip stacks
    (``stacks`` None: unchanged).

    Each opponent settles with one seat of the landlord's side (:func:`side_pairs`), so its
    score is that settlement. The rules of three players, per settlement: the landlord never
    wins more from one opponent than its own stack, and no player pays more than its stack;
    a player who owes several settlements (a losing landlord playing alone) shares its stack
    between them in proportion to what each was owed (:func:`share_in_proportion`).
    """
    checked = [check_int("each of scores", score) for score in scores] \
        if isinstance(scores, Sequence) and len(scores) == 4 else None
    if checked is None:
        raise ValueError(f"scores must be four ints, one per seat, got {shown(scores)}")
    pairs = side_pairs(landlord, partner)
    if stacks is None:
        return (checked[0], checked[1], checked[2], checked[3])
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence) \
            or len(stacks) != 4 or any(not is_int(s) or s < 0 for s in stacks):
        raise ValueError(f"stacks must be four non-negative ints, got {shown(stacks)}")
    owed: dict = {}     # payer -> [(payee, amount)]
    for ours, theirs in pairs:
        flow = checked[theirs]
        payer, payee = (ours, theirs) if flow > 0 else (theirs, ours)
        amount = abs(flow)
        if payee == landlord:
            amount = min(amount, stacks[landlord])
        owed.setdefault(payer, []).append((payee, amount))
    capped = [0, 0, 0, 0]
    for payer, debts in owed.items():
        amounts = [amount for _, amount in debts]
        if sum(amounts) > stacks[payer]:
            amounts = share_in_proportion(stacks[payer], amounts)
        for (payee, _), paid in zip(debts, amounts):
            capped[payer] -= paid
            capped[payee] += paid
    return (capped[0], capped[1], capped[2], capped[3])


def _side(landlord: int, partner: Optional[int], players: int) -> Tuple[int, ...]:
    """The seats of the landlord's side, checked."""
    if players != 4:
        raise ValueError(f"the four-player table has four seats, got {players} counts")
    landlord = check_seat("landlord", landlord, 4)
    if partner is None:
        return (landlord,)
    partner = check_seat("partner", partner, 4)
    if partner == landlord:
        raise ValueError("the landlord cannot be its own partner")
    return (landlord, partner)


def cap_to_stacks(scores: Sequence[int], stacks: Optional[Sequence[int]],
                  landlord: int) -> Scores:
    """Scores limited by chip stacks (``stacks`` None: no limit, scores unchanged).

    * Landlord wins: a peasant pays the least of what it owes, its own stack and the
      landlord's stack (the landlord never wins more from one peasant than it has).
    * Peasants win: the landlord pays each peasant what it owes when the stack covers both;
      otherwise the whole landlord stack is shared between them in proportion to what each was
      owed (see :func:`share_in_proportion`). docs/RULES.md caps what a peasant *wins* only through
      the landlord's stack, so a peasant's own stack does not limit its winnings.
    """
    scores = _ints("scores", scores)
    landlord = check_seat("landlord", landlord)
    if stacks is None:
        return (scores[0], scores[1], scores[2])
    _check_stacks(stacks)
    peasants = [p for p in range(3) if p != landlord]
    capped = [0, 0, 0]
    if scores[landlord] >= 0:  # landlord wins (or nothing is at stake)
        for p in peasants:
            capped[p] = -min(-scores[p], stacks[p], stacks[landlord])
    else:
        owed = [scores[p] for p in peasants]
        paid = owed if sum(owed) <= stacks[landlord] else \
            share_in_proportion(stacks[landlord], owed)
        for p, amount in zip(peasants, paid):
            capped[p] = amount
    capped[landlord] = -(capped[peasants[0]] + capped[peasants[1]])
    return (capped[0], capped[1], capped[2])


def share_in_proportion(total: int, claims: Sequence[int]) -> list:
    """Split the integer ``total`` in proportion to ``claims`` (largest-remainder rounding).

    Each share is first rounded down; the units left over go one each to the claims with the
    largest remainders, earlier claims first on a tie, so the shares always add up to exactly
    ``total`` and no share differs from its exact proportion by a whole unit or more.
    """
    total = check_int("total", total, 0)
    if isinstance(claims, (str, bytes)) or not isinstance(claims, Sequence):
        raise TypeError(f"claims must be a sequence of ints, not {type(claims).__name__}")
    claims = [check_int("each claim", claim, 0) for claim in claims]
    whole = sum(claims)
    if whole <= 0:
        return [0] * len(claims)
    shares = [total * claim // whole for claim in claims]
    remainders = [total * claim % whole for claim in claims]
    by_remainder = sorted(range(len(claims)), key=lambda i: (-remainders[i], i))
    for i in by_remainder[:total - sum(shares)]:
        shares[i] += 1
    return shares


def _check_stacks(stacks: Sequence[int]) -> None:
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Sequence) \
            or len(stacks) != 3 or any(not is_int(s) or s < 0 for s in stacks):
        raise ValueError(f"stacks must be three non-negative ints, got {shown(stacks)}")


def _three(name: str, values: object) -> tuple:
    """Three values, one per seat."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != 3:
        raise TypeError(f"{name} must be a sequence of three values, one per seat, "
                        f"not {shown(values)}")
    return tuple(values)


def _bools(name: str, values: object, size: int) -> tuple:
    """``size`` bools, one per seat."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) \
            or len(values) != size:
        raise TypeError(f"{name} must be a sequence of {size} bools, one per seat, "
                        f"not {shown(values)}")
    return tuple(check_bool(f"each of {name}", value) for value in values)


def _ints(name: str, values: object, low: Optional[int] = None) -> Tuple[int, int, int]:
    """Three ints, one per seat."""
    checked = [check_int(f"each of {name}", value, low) for value in _three(name, values)]
    return (checked[0], checked[1], checked[2])
