"""The exact outcome distribution of uniformly random play from a position, and a chi-square
check of native rollouts (``play_out``) against it.

The tree is walked in Python over a position's own ``legal_actions`` and ``play`` (docs/RULES.md,
"Play"), each legal action (the pass included when following) taken with equal chance, the
positions met again looked up: the distribution a rollout must follow, worked out without the
native loop. It serves :class:`ddz_fast.Position` (three seats, wild ranks too) and
:class:`ddz_fast.positions.four_player.FourPlayerPosition` (the four-player table) alike, since
both offer ``is_over``, ``hands``, ``legal_actions(rules)`` and ``play(action, rules)`` (taken
here as ``_after(action)``, ``play`` without its legality check, for actions of
``legal_actions``).
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Dict, Mapping, Optional, Tuple

#: (winner, bombs and rockets played, actions taken) -> probability.
Outcomes = Dict[Tuple[int, int, int], Fraction]


def exact_outcomes(position: Any, rules: Any, memo: Optional[dict] = None) -> Outcomes:
    """The probability of each (winner, bombs and rockets, actions) of a rollout that picks
    every legal action (the pass included when following) with equal chance: the play tree
    walked with ``position.legal_actions`` and ``position.play``, each child weighted
    1 / (number of actions); positions met again are looked up."""
    memo = {} if memo is None else memo
    if position not in memo:
        memo[position] = _outcomes(position, rules, memo)
    return memo[position]


def _outcomes(position: Any, rules: Any, memo: dict) -> Outcomes:
    if position.is_over:
        return {(next(s for s, h in enumerate(position.hands) if not len(h)), 0, 0):
                Fraction(1)}
    actions = position.legal_actions(rules)
    total: Dict[Tuple[int, int, int], Fraction] = {}
    for action in actions:
        bomb = action.type in ("bomb", "rocket")
        # ``position.play(action, rules)`` without its check that the action is legal, which
        # lists the legal actions again: each action here is one of them.
        for (winner, bombs, plays), p in exact_outcomes(position._after(action), rules,
                                                        memo).items():
            key = (winner, bombs + bomb, plays + 1)
            total[key] = total.get(key, Fraction(0)) + p
    # Each child weighs 1 / len(actions): the sum of its outcomes' chances, divided once.
    return {key: p / len(actions) for key, p in total.items()}


def chi_square_limit(df: int, z: float = 3.29) -> float:
    """The chi-square quantile of ``df`` degrees of freedom at the normal quantile ``z``
    (Wilson-Hilferty; z = 3.29 is a false alarm once in 2,000 runs of a fair draw)."""
    c = 2 / (9 * df)
    return df * (1 - c + z * math.sqrt(c)) ** 3


def assert_follows(exact: Outcomes, seen: Mapping[Tuple[int, int, int], int]) -> None:
    """Assert that the outcome counts ``seen`` of rollouts come from ``exact``: every outcome
    is one uniform play can reach, and Pearson's chi-square over the outcomes (the rare ones,
    expected under 5 times, pooled in one cell) is within :func:`chi_square_limit`."""
    rollouts = sum(seen.values())
    for key in seen:
        assert key in exact, key            # an outcome uniform play cannot reach
    common = [k for k, p in exact.items() if p * rollouts >= 5]
    observed = [seen.get(k, 0) for k in common]
    expected = [float(exact[k]) * rollouts for k in common]
    observed.append(rollouts - sum(observed))
    expected.append(rollouts - sum(expected))
    statistic = sum((o - e) ** 2 / e for o, e in zip(observed, expected) if e > 0)
    assert statistic < chi_square_limit(len(common)), (statistic, len(common))
