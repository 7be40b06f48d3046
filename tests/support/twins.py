"""Twin states of every Dou Dizhu table: the same public record with the hidden hands dealt
again. A bot that plays fairly gives both the same decision from the same seed; the blindness
tests of the bots (tests/search/test_search_bots*.py) check it."""
from __future__ import annotations

import random
from typing import Any, List

from ddz_fast import Game, Hand, Rules
from ddz_fast.engine.four_player import FourPlayerState
from ddz_fast.search.catalog import make_bot
from ddz_fast.search.bots import start_play
from ddz_fast.search.four_player import FourPlayerInformationSet
from ddz_fast.search.infoset import information_set


def info_of(state: Any, player: int) -> Any:
    """What ``player`` knows in ``state``: the information set of its table."""
    if isinstance(state, FourPlayerState):
        return FourPlayerInformationSet.from_state(state, player)
    return information_set(state, player)


def mid_game_state(rng: random.Random, rules: Rules, steps: int) -> Any:
    """A play-phase state after fewer than ``steps`` random actions (not yet over), the partner
    chosen at random under ``sides="partner"``."""
    while True:
        state = start_play(Game(rules), rng.randrange(2**32),
                           landlord=rng.randrange(rules.players))
        if state.phase == "partner":
            state.apply(rng.choice(state.legal_actions()))
        for _ in range(rng.randrange(steps)):
            state.apply(rng.choice(state.legal_actions()))
            if state.is_over:
                break
        if not state.is_over:
            return state


def redealt(state: Any) -> Any:
    """``state`` with the hidden hands of the player to move dealt again by its information
    set's sampler (so consistently with everything public: played cards, card counts, the
    kitty, the deal bonuses, the wild ranks, the partner), and every action replayed from the
    start of play (the choice of partner included)."""
    player = state.current_player
    info = info_of(state, player)
    now = info.sample(1, random.Random(str(state.history)).randrange(2**64))[0]
    if isinstance(state, FourPlayerState):
        starts = [Hand([int(c) + p for c, p in zip(now[seat], info.played[seat].counts)],
                       decks=2) for seat in range(4)]
    else:
        starts = [Hand.from_bitboard(int(now[seat]) + info.played[seat].bitboard)
                  for seat in range(3)]
    wild = {"wild": state.wild} if state.rules.laizi else {}
    twin = Game(state.rules).new_state_from_hands(starts, state.kitty, landlord=state.landlord,
                                                  **wild)
    for _, action in state.history:
        twin.apply(action)
    assert info_of(twin, player) == info
    return twin


def check_blind(spec: str, tables: List[Rules], seed: str, cases: int, steps: int) -> None:
    """``cases`` mid-game states (of ``tables`` in turn) and their twins get the same decision
    from the bot ``spec`` with the same seed; most twins really hide other cards."""
    rng = random.Random(seed)
    moved = 0
    for case in range(cases):
        state = mid_game_state(rng, tables[case % len(tables)], steps)
        twin = redealt(state)
        seat = state.current_player
        moved += twin.hands != state.hands
        assert twin.hands[seat] == state.hands[seat]
        bot_seed = f"{spec}:{case}"
        assert make_bot(spec, bot_seed).play(twin) == make_bot(spec, bot_seed).play(state), case
    assert moved > cases // 2
