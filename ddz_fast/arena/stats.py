"""Intervals and ratings for results of many games: what simulate and the arena report."""
from __future__ import annotations

import math
from typing import List, Sequence, Tuple

import numpy as np

from ..validate import check_int, check_real

__all__ = ["Z_95", "wilson_interval", "normal_interval", "bradley_terry"]

Z_95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution
MAX_PLAYERS = 256           # rows of a Bradley-Terry fit (each iteration is quadratic)
MAX_GAMES = 1e15            # games won by one player against another


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> Tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    ``successes`` may be fractional: a rate observed over ``trials`` independent units, each
    a mean of correlated trials in [0, 1], gives a conservative interval (see
    :mod:`ddz_fast.arena.duplicate`).

    Unlike the normal approximation it stays inside [0, 1] and behaves near 0 and 1.

    >>> low, high = wilson_interval(80, 100)
    >>> round(low, 4), round(high, 4)
    (0.7112, 0.8666)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> wilson_interval(20, 20)[1]
    1.0
    """
    trials = check_int("trials", trials, 0)
    successes = check_real("successes", successes, 0, trials)
    z = check_real("z", z, 0)
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(max(p * (1 - p), 0.0) / trials + z2 / (4 * trials * trials)) / denominator
    # The interval always holds p: clamp away the rounding of centre +- half at 0 and 1.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def normal_interval(total: float, total_sq: float, n: int, scale: float = 1.0,
                    z: float = Z_95) -> Tuple[float, float, float]:
    """(mean, low, high) of ``x / scale`` from the sum and sum of squares of ``n`` values x.

    The interval is ``mean +- z * s / sqrt(n)``, ``s`` the sample standard deviation (zero
    width when n < 2).

    >>> normal_interval(6, 14, 3)  # values 1, 2, 3: mean 2, s = 1
    (2.0, 0.868414..., 3.131585...)
    """
    n = check_int("n", n, 1)
    total = check_real("total", total)
    total_sq = check_real("total_sq", total_sq, 0)
    scale = check_real("scale", scale)
    z = check_real("z", z, 0)
    if scale == 0:
        raise ValueError("scale must not be 0")
    mean = total / n
    if n < 2:
        return (mean / scale, mean / scale, mean / scale)
    variance = max(total_sq - total * total / n, 0.0) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean / scale, (mean - half) / scale, (mean + half) / scale)


def bradley_terry(wins: Sequence[Sequence[float]], prior: float = 0.5,
                  iterations: int = 10_000, tolerance: float = 1e-12) -> List[float]:
    """Bradley-Terry ratings on the Elo scale from ``wins[i][j]``, games i won against j.

    Each pair gets ``prior`` virtual wins each way. Fitted by the MM iteration
    ``pi_i = W_i / sum_j (n_ij / (pi_i + pi_j))``; returned as ``400 log10 pi``, centred.

    >>> [round(r, 1) for r in bradley_terry([[0, 2.5], [0.5, 0]])]  # odds 3:1 with the prior
    [95.4, -95.4]
    """
    # A positive prior keeps every rating finite; the bounds keep the iteration in floats.
    w = _win_matrix(wins, check_real("prior", prior, 1e-6, 1e6))
    iterations = check_int("iterations", iterations, 1, 10**7)
    tolerance = check_real("tolerance", tolerance, 0)
    n = len(w)
    if n == 1:
        return [0.0]
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denominator = sum((w[i][j] + w[j][i]) / (strength[i] + strength[j])
                              for j in range(n) if j != i)
            new.append(sum(w[i]) / denominator)
        scale = math.exp(sum(math.log(s) for s in new) / n)  # geometric mean 1
        new = [s / scale for s in new]
        converged = max(abs(a - b) for a, b in zip(new, strength)) < tolerance
        strength = new
        if converged:
            break
    return [400 * math.log10(s) for s in strength]


def _win_matrix(wins: object, prior: float) -> List[List[float]]:
    """The checked square matrix of games won, ``prior`` added off the diagonal."""
    if not isinstance(wins, (list, tuple, np.ndarray)):
        raise TypeError(f"wins must be a square matrix (a list of rows), "
                        f"not {type(wins).__name__}")
    rows = list(wins)  # type: ignore[call-overload]
    if not 1 <= len(rows) <= MAX_PLAYERS:
        raise ValueError(f"wins must have 1 to {MAX_PLAYERS} rows, got {len(rows)}")
    matrix = []
    for i, row in enumerate(rows):
        if not isinstance(row, (list, tuple, np.ndarray)):
            raise TypeError(f"row {i} of wins must be a list of numbers, "
                            f"not {type(row).__name__}")
        row = list(row)
        if len(row) != len(rows):
            raise ValueError(f"wins must be square: row {i} has {len(row)} entries, "
                             f"not {len(rows)}")
        matrix.append([check_real(f"wins[{i}][{j}]", x, 0, MAX_GAMES) + prior if i != j else 0.0
                       for j, x in enumerate(row)])
    return matrix
