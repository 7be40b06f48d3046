"""Native rollouts of the four-player table: play_out of a FourPlayerPosition.

Expected values come from outside the native loop:

* the exact outcome distribution of uniform play (winner, bombs and rockets, actions), worked
  out by walking the play tree in Python over ``FourPlayerPosition.legal_actions`` and ``play``
  (tests/support/rollout_exact.py), against which thousands of seeded rollouts are checked by
  chi-square: every step of a rollout must be a legal action, taken uniformly, for the counts
  to fit;
* a rollout replayed from its seed alone, by a Python copy of the seed's stream as
  src/include/rng.pxd describes it (splitmix64, ``rng_for_game(seed, 0)``, ``rng_below``'s
  multiply-shift) choosing among ``legal_actions`` (the pass first when following);
* hand-made positions whose ends are written out, for the landlord's side with and without a
  partner;
* perft_native's errors, which play_out repeats where their checks overlap.
"""
from __future__ import annotations

from typing import Dict, Optional, Tuple

import pytest

from ddz_fast import Position, Rules, perft_native, play_out
from ddz_fast.positions.rollouts import Playout
from ddz_fast.positions.four_player import FourPlayerPosition
from support.common import raised, tampered
from support.rollout_exact import assert_follows, exact_outcomes

pytestmark = pytest.mark.native  # the native play loop

pytestmark = pytest.mark.native

FOUR = Rules.preset("four_player")
PARTNER = FOUR.replace(sides="partner")
NO_FOUR_TWO = PARTNER.replace(four_two=False)
SEATS = 4
ROLLOUTS = 3_000

# (rules, position, partner): small positions whose play trees Python walks in well under a
# second, between them leading and following (after one and after two passes, where a third
# pass gives the lead back), the rocket BBRR and the joker pairs of two decks, bombs of 4, 5
# and 6 cards, and a rule set that takes moves away (no four with two: 333345 is no move).
ROLLOUT_POSITIONS = [
    (FOUR, "3345/66/BBRR/7 0 0 - 0", None),
    (PARTNER, "3334/5555/666666/78B 3 0 - 0", 1),
    (FOUR, "3456/77778/99999/TT 1 2 6666 1", None),
    (PARTNER, "3344/556/7777/99 1 3 88 2", 3),
    (NO_FOUR_TWO, "333345/66/77/8B 0 0 - 0", 2),
]


def side_of(landlord: int, partner: Optional[int]) -> set:
    return {landlord} | ({partner} if partner is not None else set())


@pytest.mark.parametrize("rules, text, partner", ROLLOUT_POSITIONS,
                         ids=[text for _, text, _ in ROLLOUT_POSITIONS])
def test_rollouts_follow_the_exact_distribution_of_uniform_play(rules, text, partner):
    position = FourPlayerPosition.parse(text)
    exact = exact_outcomes(position, rules)
    assert sum(exact.values()) == 1 and len(exact) > 5
    side = side_of(position.landlord, partner)
    seen: Dict[Tuple[int, int, int], int] = {}
    for seed in range(ROLLOUTS):
        result = play_out(position, seed, rules=rules, partner=partner)
        assert result.landlord_won == (result.winner in side)
        assert len(result.seat_moves) == SEATS and result.bombs <= sum(result.seat_moves)
        assert sum(result.seat_moves) <= result.plays
        key = (result.winner, result.bombs, result.plays)
        seen[key] = seen.get(key, 0) + 1
    assert_follows(exact, seen)


def test_a_rule_set_without_four_with_two_plays_fewer_moves():
    # 333345 is a four with two solos under four_player and no move without four_two, so the
    # two trees differ and each rollout follows its own: under four_player, seat 0 may end
    # the hand at once (1 of its leads), which no_four_two never allows in one action.
    position = FourPlayerPosition.parse("333345/66/77/8B 0 0 - 0")
    assert (0, 0, 1) in exact_outcomes(position, FOUR)
    assert (0, 0, 1) not in exact_outcomes(position, NO_FOUR_TWO)
    results = [play_out(position, seed, rules=NO_FOUR_TWO, partner=2) for seed in range(300)]
    assert all(result.plays > 1 for result in results)
    # Under four_player it ends so in 1 of seat 0's 9 leads, each as likely: in 300 rollouts
    # all miss it once in 10**15 runs ((8/9) ** 300).
    results = [play_out(position, seed) for seed in range(300)]
    assert any(result.plays == 1 and result.winner == 0 for result in results)


# --- the seed fixes the rollout --------------------------------------------------------------

MASK = (1 << 64) - 1


def mix64(z: int) -> int:
    """splitmix64's finaliser (src/include/rng.pxd)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Stream:
    """The stream of ``rng_for_game(seed, 0)``: splitmix64 from the state mix64(mix64(seed))."""

    def __init__(self, seed: int) -> None:
        self.state = mix64(mix64(seed))

    def below(self, k: int) -> int:
        """rng_below: 0..k-1 as the top 32 bits of the next output times k, shifted down."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        return ((mix64(self.state) >> 32) * k) >> 32


def replayed(position: FourPlayerPosition, seed: int, rules: Rules) -> Tuple[int, int, int, list]:
    """(winner, bombs, actions, non-pass moves per seat) of the rollout the seed's stream
    chooses, one draw per action among ``legal_actions`` (the pass first when following),
    each action played with ``FourPlayerPosition.play``, which refuses an illegal one."""
    stream, bombs, plays, made = Stream(seed), 0, 0, [0] * SEATS
    while not position.is_over:
        actions = position.legal_actions(rules)
        action = actions[stream.below(len(actions))]
        if not action.is_pass:
            made[position.to_move] += 1
            bombs += action.type in ("bomb", "rocket")
        position = position.play(action, rules)
        plays += 1
    winner = next(seat for seat, hand in enumerate(position.hands) if not len(hand))
    return winner, bombs, plays, made


@pytest.mark.parametrize("rules, text, partner", ROLLOUT_POSITIONS[:3],
                         ids=[text for _, text, _ in ROLLOUT_POSITIONS[:3]])
def test_a_rollout_is_the_walk_its_seed_chooses(rules, text, partner):
    position = FourPlayerPosition.parse(text)
    for seed in (0, 1, 2, 77, 2 ** 64 - 1):
        result = play_out(position, seed, rules=rules, partner=partner)
        winner, bombs, plays, made = replayed(position, seed, rules)
        assert (result.winner, result.bombs, result.plays) == (winner, bombs, plays), seed
        assert list(result.seat_moves) == made, seed


def test_the_same_seed_gives_the_same_rollout():
    text = "3334/5555/666666/78B 3 0 - 0"
    results = [play_out(FourPlayerPosition.parse(text), seed) for seed in range(200)]
    assert [play_out(FourPlayerPosition.parse(text), seed) for seed in range(200)] == results
    assert len(set(results)) > 10                   # the seed is what chooses
    assert play_out(FourPlayerPosition.parse(text), 5, rules="four_player") == results[5]
    # The partner does not change play: only who counts as the landlord's side.
    for seed, alone in enumerate(results):
        with_partner = play_out(FourPlayerPosition.parse(text), seed, rules=PARTNER, partner=0)
        assert with_partner[:1] + with_partner[2:] == alone[:1] + alone[2:]
        assert with_partner.landlord_won == (alone.winner in (3, 0))


# --- the landlord's side -----------------------------------------------------------------------

def test_landlord_won_is_the_landlord_side_with_and_without_a_partner():
    # Seat 2 leads its only card, a 3, and the hand ends after that one action: seat 2 wins.
    # Landlord 0 alone: its side lost. With partner 2: its side won. With 1 or 3: lost.
    partner_out = FourPlayerPosition.parse("44/55/3/66 0 2 - 0")
    assert play_out(partner_out, 1) == Playout(2, False, 0, 1, (0, 0, 1, 0))
    assert play_out(partner_out, 1, rules=PARTNER, partner=2) == \
        Playout(2, True, 0, 1, (0, 0, 1, 0))
    for partner in (1, 3):
        assert not play_out(partner_out, 1, rules=PARTNER, partner=partner).landlord_won
    # The landlord leads its only card: it wins, alone or with any partner.
    landlord_out = FourPlayerPosition.parse("3/44/55/66 0 0 - 0")
    assert play_out(landlord_out, 4) == Playout(0, True, 0, 1, (1, 0, 0, 0))
    for partner in (1, 2, 3):
        assert play_out(landlord_out, 4, rules=PARTNER, partner=partner).landlord_won


def test_a_finished_position_returns_at_once():
    # Seat 0's hand is empty: seat 0 went out, and no action is taken.
    over = FourPlayerPosition.parse("-/6/7/8 1 2 - 0")
    assert play_out(over, 3) == Playout(0, False, 0, 0, (0, 0, 0, 0))
    assert play_out(over, 3, rules=PARTNER, partner=0) == Playout(0, True, 0, 0, (0, 0, 0, 0))
    # As in perft_native, the move to beat is judged only where moves are generated: 333345
    # is no move without four with two, but a finished hand plays none.
    assert play_out(FourPlayerPosition.parse("-/6/7/8 0 1 333345 0"), 3, rules=NO_FOUR_TWO,
                    partner=1) == Playout(0, True, 0, 0, (0, 0, 0, 0))


# --- argument checks ---------------------------------------------------------------------------

LEGAL = FourPlayerPosition.parse("333345/6/7/8 0 1 333345 0")


def test_arguments_perft_native_checks_too_are_refused_with_its_errors():
    cases = [(LEGAL, "standard"), (LEGAL, "no_kitty"), (LEGAL, "turbo"), (LEGAL, 7),
             (LEGAL, Rules), (LEGAL, FOUR.replace(four_two=False)),  # four + two: no move
             (tampered(LEGAL, to_move=4), None), (tampered(LEGAL, passes=3), None),
             (tampered(LEGAL, hands=LEGAL.hands[:3]), None), (tampered(LEGAL, prev="KK"), None),
             (tampered(LEGAL, landlord=-1), None), ("33/4/5/6 0 0 - 0", None)]
    for position, rules in cases:
        errors = [raised(lambda: perft_native(position, 1, rules=rules)),
                  raised(lambda: play_out(position, 1, rules=rules))]
        assert errors[0] == errors[1], (position, rules, errors)


@pytest.mark.parametrize("kwargs, error, message", [
    ({"seed": -1}, ValueError, "seed must be in 0..2"),
    ({"seed": 2 ** 64}, ValueError, "seed must be in 0..2"),
    ({"seed": "7"}, TypeError, "seed must be an int"),
    ({"partner": 1}, ValueError, "the landlord plays alone: a partner needs rules with "
                                 "sides='partner'"),
    ({"rules": PARTNER}, ValueError, "name it with partner=, or landlord_won .* is unknown"),
    ({"rules": PARTNER, "partner": 0}, ValueError, "other than the landlord, seat 0"),
    ({"rules": PARTNER, "partner": 4}, ValueError, "partner must be seat 0, 1, 2 or 3"),
    ({"rules": PARTNER, "partner": -1}, ValueError, "partner must be seat 0, 1, 2 or 3"),
    ({"rules": PARTNER, "partner": "1"}, TypeError, "partner must be a seat number"),
    ({"rules": PARTNER, "partner": True}, TypeError, "partner must be a seat number"),
    ({"rules": PARTNER, "partner": 1.0}, TypeError, "partner must be a seat number"),
])
def test_bad_arguments_are_refused(kwargs, error, message):
    arguments = {"seed": 1, **kwargs}
    with pytest.raises(error, match=message):
        play_out(LEGAL, arguments.pop("seed"), **arguments)


def test_a_partner_is_refused_at_three_seats_and_a_four_player_rule_set_too():
    three = Position.parse("3/4/5 0 0 - 0")
    with pytest.raises(ValueError, match="a position of three seats has none"):
        play_out(three, 1, partner=1)
    with pytest.raises(ValueError, match="three players with one deck, not the 4-player"):
        play_out(three, 1, rules="four_player")
    # The three-seat rollout is the one it was.
    assert play_out(three, 1) == Playout(0, True, 0, 1, (1, 0, 0))


def test_the_kernel_checks_its_words_again():
    from ddz_fast.positions import _rollouts    # compiled only: imported where it is built
    counts = tuple(h.counts for h in FourPlayerPosition.parse("33/4/5/6 0 0 - 0").hands)
    nine = ((9,) + counts[0][1:],) + counts[1:]
    for args, message in (((counts[:3], 0, 0, 0, 0), "four hands"),
                          ((counts, 4, 0, 0, 0), "to_move must be a seat"),
                          ((counts, 0, 0, 0, 1), "passes must be"),
                          ((nine, 0, 0, 0, 0), "holds 9 cards"),
                          ((counts, 1, 0x22, 1 << 63, 0), "no two-deck move word")):
        with pytest.raises(ValueError, match=message):
            _rollouts._play_out_four_player(*args, 1, FOUR)
    with pytest.raises(ValueError, match="deck"):
        _rollouts._play_out_four_player(counts, 0, 0, 0, 0, 1, Rules())
    assert _rollouts._play_out_four_player(counts, 0, 0, 0, 0, 1, FOUR)[2] >= 1
