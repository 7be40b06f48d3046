"""Adapters that drive other Dou Dizhu engines as test oracles for the differential tests.

Three engines are called, never copied: RLCard 1.2 (``rlcard.games.doudizhu``), OpenSpiel 2.0
(``pyspiel``, game ``"dou_dizhu"``) and DouZero 1.1 (``douzero.env``, the torch-free part).
Every function takes and returns card sets as tuples of 15 counts, rank index 0 = '3', ...,
11 = 'A', 12 = '2', 13 = black joker 'B', 14 = red joker 'R'.

Per engine there is a leading function (every distinct card multiset the engine lets a player
lead from ``hand``) and a responses function (every multiset it lets the player play on
``prev``; the pass is left out). The functions import their engine when called, so this module
imports without any of them; tests skip with ``pytest.mark.skipif(not peers.HAVE_X, ...)``.

Deviations from the docs/RULES.md presets, verified with these adapters (the differential tests
must allow for them; they are the engines', not this module's):

- RLCard (preset ``rlcard``): none found; its 27,471 card strings are the preset's moves.
- OpenSpiel (preset ``openspiel``): a bomb beats the rocket (``3333`` on ``BR``); and no
  chain, pair chain or plain airplane starts on a rank the hand holds four times, leading or
  following (``33334567`` cannot lead ``34567``; ``333344456`` can lead ``33344456`` but not
  ``333444``). Four cards of a later rank of the chain do not matter.
- DouZero (preset ``douzero``): ``get_move_type`` reads ``333444555666`` only as an airplane
  of 4, and 16-card airplanes with solo wings holding three or four of one wing rank as no move
  (type 15: only bombs and the rocket follow); ``move_selector`` compares airplanes with solo
  wings by their highest rank held three times, wings included, so ``444555666KKK`` beats
  ``888999TTT345`` and ``666777888JQK`` does not beat ``333444555KKK``.
"""
from __future__ import annotations

import functools
import importlib
import random
from typing import Dict, List, Optional, Sequence, Set, Tuple

__all__ = [
    "HAVE_RLCARD", "HAVE_OPENSPIEL", "HAVE_DOUZERO", "Counts", "DECK", "RANK_LETTERS",
    "OpenSpielSetupError", "from_text", "to_text", "random_hand",
    "rlcard_leading", "rlcard_responses", "rlcard_response_players",
    "openspiel_leading", "openspiel_responses", "openspiel_interpretations",
    "openspiel_leading_state", "openspiel_response_state",
    "openspiel_action_cards", "openspiel_action_kind", "openspiel_hand",
    "douzero_leading", "douzero_responses", "douzero_move_type", "douzero_response_env",
    "DOUZERO_POSITIONS", "douzero_deal", "DouZeroRandomPlayer", "douzero_play",
]

Counts = Tuple[int, ...]

NUM_RANKS = 15
RANK_LETTERS = "3456789TJQKA2BR"
#: Cards of each rank in one 54-card deck.
DECK: Counts = (4,) * 13 + (1, 1)


def _importable(name: str) -> bool:
    """Whether ``name`` imports; any failure (missing, broken, missing dependency) is a no."""
    try:
        importlib.import_module(name)
    except Exception:  # noqa: BLE001 - a peer that fails to import is simply absent
        return False
    return True


HAVE_RLCARD = _importable("rlcard.games.doudizhu.judger")
HAVE_OPENSPIEL = _importable("pyspiel")
# Only the torch-free modules: douzero's models and training code need torch.
HAVE_DOUZERO = _importable("douzero.env.game")


# --- card sets ---------------------------------------------------------------------------------

def _check(counts: Sequence[int], name: str = "cards") -> Counts:
    """Return ``counts`` as a tuple after checking it is a card set of one deck."""
    counts = tuple(int(c) for c in counts)
    if len(counts) != NUM_RANKS or any(not 0 <= c <= m for c, m in zip(counts, DECK)):
        raise ValueError(f"{name} must be 15 counts within one deck, got {counts}")
    return counts


def to_text(counts: Sequence[int]) -> str:
    """Rank letters low to high: ``(3, 1, 0, ...)`` -> ``'3334'``."""
    return "".join(RANK_LETTERS[r] * c for r, c in enumerate(counts))


@functools.lru_cache(maxsize=None)
def from_text(text: str) -> Counts:
    """Counts of a plain rank-letter string (``'3334BR'``; ``T`` for ten, no suits).

    Cached: the peers answer with the same few thousand move strings over and over."""
    counts = [0] * NUM_RANKS
    for letter in text.replace(" ", "").upper():
        counts[RANK_LETTERS.index(letter)] += 1
    return _check(counts, "text")


def _sub(a: Counts, b: Counts) -> Counts:
    """``a - b`` rank by rank (ValueError if ``b`` is not inside ``a``)."""
    diff = tuple(x - y for x, y in zip(a, b))
    if min(diff) < 0:
        raise ValueError(f"{to_text(b)} is not contained in {to_text(a)}")
    return diff


def _ranks(counts: Counts) -> List[int]:
    """One rank index per card, low to high."""
    return [r for r, c in enumerate(counts) for _ in range(c)]


def _counts(ranks: Sequence[int]) -> Counts:
    counts = [0] * NUM_RANKS
    for r in ranks:
        counts[r] += 1
    return tuple(counts)


def random_hand(rng: random.Random, n: int) -> Counts:
    """``n`` distinct cards drawn from the 54-card deck with ``rng``, as 15 counts."""
    return _counts(rng.sample(_ranks(DECK), n))


# --- RLCard ------------------------------------------------------------------------------------
# RLCard writes a card set as rank letters sorted low to high ('3'..'9', 'T', 'J', 'Q', 'K', 'A',
# '2', 'B', 'R'), exactly our RANK_LETTERS, and looks those strings up in its card_type table.

def rlcard_leading(hand: Sequence[int]) -> Set[Counts]:
    """What RLCard lets a player lead: ``DoudizhuJudger.playable_cards_from_hand(hand)``.

    This is the set the judger computes for a fresh hand; in a running game RLCard keeps that
    set and drops moves the shrinking hand no longer contains, which gives the same answer
    because each of its rules depends only on the move's own cards.
    """
    from rlcard.games.doudizhu.judger import DoudizhuJudger

    played = DoudizhuJudger.playable_cards_from_hand(to_text(_check(hand, "hand")))
    return {from_text(cards) for cards in played}


def _rlcard_cards(counts: Counts) -> list:
    """RLCard ``Card`` objects for ``counts``, low to high (RLCard ignores suits in play)."""
    from rlcard.games.base import Card

    cards = []
    for rank, count in enumerate(counts):
        for suit in "SHDC"[:count]:
            # jokers are Card('BJ', '') and Card('RJ', ''), as rlcard.utils builds its deck
            cards.append(Card(("BJ", "RJ")[rank - 13], "") if rank >= 13
                         else Card(suit, RANK_LETTERS[rank]))
    return cards


def rlcard_responses(hand: Sequence[int], prev: Sequence[int]) -> Set[Counts]:
    """What RLCard lets ``hand`` play on ``prev``: ``utils.get_gt_cards(player, greater)``.

    ``get_gt_cards`` is what ``DoudizhuPlayer.available_actions`` calls when another player
    holds the trick; it reads the type of ``greater.played_cards`` from RLCard's card_type
    table (one type per card string) and keeps the higher moves the hand contains, plus bombs
    and the rocket. ValueError if RLCard's table does not know ``prev``.
    """
    from rlcard.games.doudizhu.utils import get_gt_cards

    played = get_gt_cards(*rlcard_response_players(hand, prev))
    return {from_text(cards) for cards in played if cards != "pass"}


def rlcard_response_players(hand: Sequence[int], prev: Sequence[int]) -> tuple:
    """(player, greater): RLCard players, the first holding ``hand``, the second having just
    played ``prev``, as ``get_gt_cards`` takes them."""
    from rlcard.games.doudizhu.player import DoudizhuPlayer
    from rlcard.games.doudizhu.utils import CARD_TYPE

    prev_text = to_text(_check(prev, "prev"))
    if prev_text not in CARD_TYPE[0]:
        raise ValueError(f"RLCard has no move {prev_text!r}")
    player, greater = DoudizhuPlayer(0, None), DoudizhuPlayer(1, None)
    player.set_current_hand(_rlcard_cards(_check(hand, "hand")))
    greater.played_cards = prev_text
    return player, greater


# --- OpenSpiel ---------------------------------------------------------------------------------
# OpenSpiel's dou_dizhu has no "legal moves of a hand" entry point, only a game. The adapter
# deals a chosen deal through the chance actions, lets player 0 bid 3 (so player 0 is the
# landlord and leads), then scripts solo plays and passes until the player to move holds exactly
# the requested hand (and, for responses, the player before them has just led ``prev``), and
# reads ``state.legal_actions()``. Ids (pyspiel 2.0.2): chance actions 0..50 pick the position
# of the face-up card (its receiver bids first) and 51..104 deal card 0..53 (rank = card % 13,
# 52 = black, 53 = red joker) to player k % 3 on the k-th deal, the 3 undealt cards being the
# kitty; player actions are 0 = pass, 1..3 = bid 1..3, then 26,053 play actions 4..26056 in
# blocks by type: solo 4..18, chain 19..54, pair 55..67, pair chain 68..119, trio 120..132,
# trio+solo 133..314, trio+pair 315..470, airplane 471..515, airplane+solo wings 516..23103,
# airplane+pair wings 23104..26042, bomb 26043..26055, rocket 26056
# (num_distinct_actions = 26,057). The cards of each play action are read from
# ``action_to_string`` once and cached, so no layout constant is hard-coded but these three.

class OpenSpielSetupError(ValueError):
    """No OpenSpiel game position can be scripted for this hand and previous move."""


_OS_PASS = 0
_OS_BID_3 = 3
_OS_FACE_UP_FIRST = 0  # chance action "first card up position 0": player 0 bids first


def _os_parse(text: str) -> Counts:
    """Counts of an OpenSpiel play string ('333444-56', '3(BWJ)(CJ)')."""
    text = text.replace("(BWJ)", "B").replace("(CJ)", "R").replace("-", "")
    return from_text(text)


def _os_kind_of(text: str, counts: Counts) -> Tuple[str, int, int]:
    """(RULES type name, key rank, chain length) of one OpenSpiel play action."""
    if "-" in text:  # airplane with wings: the string names its chain before the dash
        chain = _os_parse(text.split("-")[0])
        ranks = [r for r, c in enumerate(chain) if c]
        wings = sum(counts) - sum(chain)
        kind = "airplane_solo" if wings == len(ranks) else "airplane_pair"
        return kind, ranks[0], len(ranks)
    ranks = [r for r, c in enumerate(counts) if c]
    shape = sorted((c for c in counts if c), reverse=True)
    if ranks == [13, 14]:
        return "rocket", 13, 1
    if len(ranks) == 1:
        return ("solo", "pair", "trio", "bomb")[shape[0] - 1], ranks[0], 1
    if shape in ([3, 1], [3, 2]):
        return ("trio_solo" if shape[1] == 1 else "trio_pair"), counts.index(3), 1
    kind = ("chain", "pair_chain", "airplane")[shape[0] - 1]
    return kind, ranks[0], len(ranks)


@functools.lru_cache(maxsize=None)
def _os_game() -> "pyspiel.Game":
    import pyspiel

    return pyspiel.load_game("dou_dizhu")


@functools.lru_cache(maxsize=None)
def _os_tables() -> Tuple[Dict[int, Counts], Dict[int, Tuple[str, int, int]],
                          Dict[Counts, List[int]], Dict[int, List[int]]]:
    """Play action id -> cards, id -> (type, key, length), cards -> ids, rank -> deal ids."""
    game = _os_game()
    state = game.new_initial_state()
    cards: Dict[int, Counts] = {}
    kinds: Dict[int, Tuple[str, int, int]] = {}
    by_cards: Dict[Counts, List[int]] = {}
    for action in range(game.num_distinct_actions()):
        text = state.action_to_string(0, action)
        if text == "Pass" or text.startswith("Bid"):
            continue
        cards[action] = _os_parse(text)
        kinds[action] = _os_kind_of(text, cards[action])
        by_cards.setdefault(cards[action], []).append(action)
    state.apply_action(_OS_FACE_UP_FIRST)
    deals: Dict[int, List[int]] = {}
    for action, _ in state.chance_outcomes():  # "Deal C3", ..., "Deal (BWJ)", "Deal (CJ)"
        card = state.action_to_string(state.current_player(), action).split()[-1]
        rank = _ranks(_os_parse(card if card.startswith("(") else card[-1]))[0]
        deals.setdefault(rank, []).append(action)
    return cards, kinds, by_cards, deals


def openspiel_action_cards(action: int) -> Counts:
    """The cards of one OpenSpiel play action id."""
    return _os_tables()[0][action]


def openspiel_action_kind(action: int) -> Tuple[str, int, int]:
    """(RULES type name, key rank, chain length) of one OpenSpiel play action id."""
    return _os_tables()[1][action]


def openspiel_interpretations(cards: Sequence[int]) -> List[Tuple[int, str, int, int]]:
    """Every OpenSpiel play action with exactly these cards: (id, type, key, length), by id.

    Several for e.g. 333444555666 (airplane of 4; airplane+solo wings keyed 3 with wings 666
    and keyed 4 with wings 333). Empty if OpenSpiel has no such move.
    """
    ids = _os_tables()[2].get(_check(cards), [])
    return [(a, *openspiel_action_kind(a)) for a in ids]


def _os_prev_action(prev: Counts, move_type: Optional[str], key: Optional[int]) -> int:
    """The play action id for ``prev``: the lowest id matching ``move_type`` and ``key``."""
    options = [a for a, kind, k, _ in openspiel_interpretations(prev)
               if move_type in (None, kind) and key in (None, k)]
    if not options:
        raise OpenSpielSetupError(f"OpenSpiel has no move {to_text(prev)!r}"
                                  f" of type {move_type} and key {key}")
    return options[0]


def _os_solo(rank: int) -> int:
    return _os_tables()[2][_counts([rank])][0]


def _os_deal(hands: Sequence[Counts]):
    """A play-phase state: the deal ``hands`` (20 / 17 / 17 cards), player 0 landlord to lead.

    Player 0's last three cards are the ones left undealt, i.e. the kitty it takes.
    """
    pools = {rank: list(ids) for rank, ids in _os_tables()[3].items()}
    order = [_ranks(hand) for hand in hands]
    state = _os_game().new_initial_state()
    state.apply_action(_OS_FACE_UP_FIRST)
    for k in range(51):  # deal k goes to player k % 3
        state.apply_action(pools[order[k % 3][k // 3]].pop())
    state.apply_action(_OS_BID_3)
    return state


def _os_hand(state, player: int) -> Counts:
    """The hand OpenSpiel says ``player`` holds (from its observation string)."""
    first_line = state.observation_string(player).split("\n")[0]
    return _os_parse(first_line[len("My hand "):])


def openspiel_hand(state, player: int) -> Counts:
    """The hand OpenSpiel says ``player`` holds in ``state`` (from its observation string)."""
    return _os_hand(state, player)


def _os_run(hands: Sequence[Counts], script: Sequence[int], prev_action: Optional[int],
            expect: Counts, mover: int):
    """Deal, play ``script``, then ``prev_action`` (checked legal); return the state.

    The solo plays and passes of a script are legal by construction; pyspiel does not check
    applied actions, so the final hand and player are checked instead.
    """
    state = _os_deal(hands)
    for action in script:
        state.apply_action(action)
    if prev_action is not None:
        if prev_action not in state.legal_actions():
            raise OpenSpielSetupError(
                f"OpenSpiel does not let player {state.current_player()} holding "
                f"{to_text(_os_hand(state, state.current_player()))} lead "
                f"{state.action_to_string(state.current_player(), prev_action)}")
        state.apply_action(prev_action)
    if state.current_player() != mover or _os_hand(state, mover) != expect:
        raise AssertionError("OpenSpiel position scripted wrongly")  # a bug of this adapter
    return state


def _os_plays(state) -> Set[Counts]:
    """The cards of the plays ``state`` allows (the pass left out)."""
    return {openspiel_action_cards(a) for a in state.legal_actions() if a != _OS_PASS}


def _take(pool: List[int], n: int, avoid: Sequence[int] = ()) -> List[int]:
    """Remove and return ``n`` cards of ``pool``, cards of ranks in ``avoid`` last."""
    pool.sort(key=lambda r: (r in avoid, r))
    taken, pool[:] = pool[:n], pool[n:]
    return taken


def openspiel_leading(hand: Sequence[int]) -> Set[Counts]:
    """What OpenSpiel lets the landlord lead holding exactly ``hand`` (1..20 cards)."""
    return _os_plays(openspiel_leading_state(hand))


def openspiel_leading_state(hand: Sequence[int]):
    """A pyspiel state where the landlord (player 0), holding exactly ``hand``, is to lead.

    Position: player 0 is dealt ``hand`` plus 20 - len(hand) other cards (kitty included),
    bids 3, and leads those other cards one by one as solos, the peasants passing each time,
    so it leads again holding exactly ``hand``. With 20 cards it is the first lead, right after
    the bidding.
    """
    hand = _check(hand, "hand")
    n = sum(hand)
    if not 1 <= n <= 20:
        raise OpenSpielSetupError(f"a hand to lead holds 1..20 cards, not {n}")
    pool = _ranks(_sub(DECK, hand))
    extra = _take(pool, 20 - n)
    hands = (_counts(_ranks(hand) + extra), _counts(pool[:17]), _counts(pool[17:]))
    script = [a for r in extra for a in (_os_solo(r), _OS_PASS, _OS_PASS)]
    return _os_run(hands, script, None, hand, 0)


def _os_landlord_responds(hand: Counts, prev: Counts, prev_action: int):
    """Player 0 (landlord) holds ``hand``; player 2 has just led ``prev`` (n <= 19, k <= 15).

    Player 0 leads its extra cards as solos (peasants passing) down to the lowest, x; on x
    player 1 passes, player 2 plays its highest card y, both others pass, so player 2 leads
    ``prev`` still holding at least one card.
    """
    pool = _ranks(_sub(_sub(DECK, hand), prev))
    low, high = pool.pop(0), pool.pop()
    avoid = [r for r, c in enumerate(prev) if c]  # keeps the leader's chain head below four
    up = _take(pool, 16 - sum(prev), avoid)
    extra = _take(pool, 19 - sum(hand))
    hands = (_counts(_ranks(hand) + extra + [low]), _counts(pool),
             _counts(_ranks(prev) + up + [high]))
    script = [a for r in extra for a in (_os_solo(r), _OS_PASS, _OS_PASS)]
    script += [_os_solo(low), _OS_PASS, _os_solo(high), _OS_PASS, _OS_PASS]
    return _os_run(hands, script, prev_action, hand, 0)


def _os_lead_back_script(low: int, dumps: Sequence[int], high: int) -> List[int]:
    """Player 1 gets rid of ``dumps`` (b first, c last) and player 0 wins the lead back.

    One dump: 0 leads a = ``low``, 1 plays b, 2 passes, 0 plays d = ``high``, both pass.
    More: 0 leads a, 1 plays b, both pass; 1 leads the middle dumps as solos (both passing),
    then c, 2 passes, 0 plays d, both pass. Needs a < b and c < d (b < d for one dump).
    """
    a, d = _os_solo(low), _os_solo(high)
    solos = [_os_solo(r) for r in dumps]
    if len(solos) == 1:
        return [a, solos[0], _OS_PASS, d, _OS_PASS, _OS_PASS]
    script = [a, solos[0], _OS_PASS, _OS_PASS]
    script += [x for s in solos[1:-1] for x in (s, _OS_PASS, _OS_PASS)]
    return script + [solos[-1], _OS_PASS, d, _OS_PASS, _OS_PASS]


def _os_peasant_responds(hand: Counts, prev: Counts, prev_action: int):
    """Player 1 holds ``hand`` (n <= 17); player 0 (landlord) has just led ``prev``.

    With n = 17 player 0 leads ``prev`` at once; otherwise player 1 first plays its
    17 - n other cards (see :func:`_os_lead_back_script`). Player 0 keeps at least one card.
    """
    dump = 17 - sum(hand)
    pool = _ranks(_sub(_sub(DECK, hand), prev))
    avoid = [r for r, c in enumerate(prev) if c]  # keeps the leader's chain head below four
    if dump == 0:
        own, dumps, script = _take(pool, 20 - sum(prev), avoid), [], []
    else:
        low, high = pool.pop(0), pool.pop()
        own = [low, high] + _take(pool, 18 - sum(prev), avoid)
        # b and c strictly between a and d; the >= 18 cards left span enough ranks
        between = [r for r in pool if low < r < high]
        dumps = between[:1] + between[-1:] if dump >= 2 else between[:1]
        for r in dumps:
            pool.remove(r)
        dumps[1:1] = _take(pool, dump - len(dumps))
        script = _os_lead_back_script(low, dumps, high)
    hands = (_counts(_ranks(prev) + own), _counts(_ranks(hand) + dumps), _counts(pool))
    return _os_run(hands, script, prev_action, hand, 1)


def openspiel_responses(hand: Sequence[int], prev: Sequence[int], move_type: Optional[str] = None,
                        key: Optional[int] = None) -> Set[Counts]:
    """What OpenSpiel lets the player holding ``hand`` play after ``prev`` was just played."""
    return _os_plays(openspiel_response_state(hand, prev, move_type, key))


def openspiel_response_state(hand: Sequence[int], prev: Sequence[int],
                             move_type: Optional[str] = None, key: Optional[int] = None):
    """A pyspiel state where the player to move holds ``hand`` and ``prev`` was just played.

    ``prev`` is played as the OpenSpiel action with those cards, of ``move_type`` and ``key``
    (RULES names) when given, else the lowest action id: for 333444555666 that is the plain
    airplane, and between airplanes with wings the lower key. Positions (see the helpers):
    with len(hand) <= 19 and len(prev) <= 15 the landlord responds to the peasant before it;
    otherwise, with len(hand) <= 17 and len(prev) <= 17, or len(hand) == 17 and
    len(prev) <= 19, a peasant responds to the landlord. Other sizes raise
    OpenSpielSetupError; as far as we can tell no OpenSpiel game reaches them (the player
    before must keep a card, and only the landlord ever holds more than 17). So does a hand
    and ``prev`` that together exceed the deck, or a ``prev`` the previous player may not
    lead in OpenSpiel.
    """
    hand, prev = _check(hand, "hand"), _check(prev, "prev")
    n, k = sum(hand), sum(prev)
    if any(h + p > d for h, p, d in zip(hand, prev, DECK)):
        raise OpenSpielSetupError(f"{to_text(hand)} and {to_text(prev)} exceed one deck")
    prev_action = _os_prev_action(prev, move_type, key)
    if 1 <= n <= 19 and k <= 15:
        return _os_landlord_responds(hand, prev, prev_action)
    if (1 <= n <= 16 and k <= 17) or (n == 17 and k <= 19):
        return _os_peasant_responds(hand, prev, prev_action)
    raise OpenSpielSetupError(f"no OpenSpiel position for a {n}-card hand after a"
                              f" {k}-card move")


# --- DouZero -----------------------------------------------------------------------------------
# DouZero cards are ints: 3..14 for 3..A, 17 for 2, 20 black joker, 30 red joker.

_DZ_CARD = tuple(range(3, 15)) + (17, 20, 30)
_DZ_RANK = {card: rank for rank, card in enumerate(_DZ_CARD)}


def _dz_cards(counts: Counts) -> List[int]:
    return [_DZ_CARD[r] for r in _ranks(counts)]


def _dz_counts(cards: Sequence[int]) -> Counts:
    return _counts([_DZ_RANK[c] for c in cards])


def douzero_leading(hand: Sequence[int]) -> Set[Counts]:
    """What DouZero lets a player lead: ``MovesGener(cards).gen_moves()``, duplicates merged."""
    from douzero.env.move_generator import MovesGener

    return {_dz_counts(m) for m in MovesGener(_dz_cards(_check(hand, "hand"))).gen_moves()}


def douzero_move_type(cards: Sequence[int]) -> dict:
    """DouZero's ``move_detector.get_move_type`` of ``cards`` (type 15 = not a move)."""
    from douzero.env import move_detector

    return move_detector.get_move_type(_dz_cards(_check(cards)))


def douzero_responses(hand: Sequence[int], prev: Sequence[int]) -> Set[Counts]:
    """What DouZero lets ``hand`` play on ``prev``: ``GameEnv.get_legal_card_play_actions``.

    It classifies ``prev`` with ``move_detector.get_move_type``, generates that type with
    ``MovesGener`` and filters it with ``move_selector``, then adds bombs and the rocket. A
    ``prev`` DouZero cannot classify (type 15) leaves only bombs and the rocket.
    """
    env = douzero_response_env(hand, prev)
    return {_dz_counts(m) for m in env.get_legal_card_play_actions() if m}


def douzero_response_env(hand: Sequence[int], prev: Sequence[int]):
    """A DouZero ``GameEnv`` in the state ``get_legal_card_play_actions`` reads: the acting
    player holds ``hand``, and ``prev`` is the last move of the action sequence."""
    from douzero.env.game import GameEnv

    env = GameEnv(players={})
    env.acting_player_position = "landlord"
    env.info_sets["landlord"].player_hand_cards = _dz_cards(_check(hand, "hand"))
    env.card_play_action_seq = [_dz_cards(_check(prev, "prev"))]
    return env


# DouZero's GameEnv plays whole games: the deal goes in as card lists, the landlord first.
DOUZERO_POSITIONS = ("landlord", "landlord_down", "landlord_up")


def douzero_deal(seed: int) -> Dict[str, List[int]]:
    """A shuffled deal in the form ``GameEnv.card_play_init`` takes: 20 cards for the landlord,
    the last 3 of them the kitty (``three_landlord_cards``), and 17 for each farmer."""
    cards = _dz_cards(DECK)
    random.Random(seed).shuffle(cards)
    return {"landlord": sorted(cards[:20]), "landlord_down": sorted(cards[20:37]),
            "landlord_up": sorted(cards[37:]), "three_landlord_cards": sorted(cards[17:20])}


class DouZeroRandomPlayer:
    """A GameEnv player choosing uniformly among the DISTINCT legal actions, sorted: its choice
    depends on the set of legal actions alone, not on their order or DouZero's duplicates."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, infoset) -> List[int]:
        return list(self.rng.choice(sorted({tuple(a) for a in infoset.legal_actions})))


def douzero_play(seed: int) -> Tuple[List[Tuple[int, ...]], str, Dict[str, int], int]:
    """One GameEnv game from ``douzero_deal(seed)``, the players sharing one random generator
    seeded with ``seed``: (the actions in order, the winner, the scores, the bombs played)."""
    from douzero.env.game import GameEnv

    player = DouZeroRandomPlayer(random.Random(seed))
    env = GameEnv({position: player for position in DOUZERO_POSITIONS})
    env.card_play_init(douzero_deal(seed))
    while not env.game_over:
        env.step()
    actions = [tuple(action) for action in env.card_play_action_seq]
    return actions, env.get_winner(), dict(env.num_scores), env.get_bomb_num()
