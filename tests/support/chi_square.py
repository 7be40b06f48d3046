"""Pearson's chi-square test in closed form: the uniformity tests of the samplers."""
from __future__ import annotations

import math
from typing import Sequence


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom.

    Closed forms of the regularized upper incomplete gamma Q(df/2, x/2): for even df,
    Q(m, y) = e^-y sum_{i<m} y^i / i!; for odd df, Q(1/2, y) = erfc(sqrt y) and each step up
    adds e^-y y^(s) / Gamma(s + 1) (Q(s + 1, y) = Q(s, y) + y^s e^-y / Gamma(s + 1)).
    """
    y = x / 2.0
    if df % 2 == 0:
        term, total = math.exp(-y), 0.0
        for i in range(df // 2):
            total += term
            term *= y / (i + 1)
        return min(1.0, total)
    total, s = math.erfc(math.sqrt(y)), 0.5
    while s < df / 2.0:
        total += math.exp(s * math.log(y) - y - math.lgamma(s + 1)) if y > 0 else 0.0
        s += 1.0
    return min(1.0, total)


def chi2_p(observed: Sequence[int], expected: Sequence[float]) -> float:
    """Pearson's test, bins with expected < 5 pooled (a standard validity rule)."""
    obs, exp, pool_o, pool_e = [], [], 0, 0.0
    for o, e in zip(observed, expected):
        if e < 5:
            pool_o, pool_e = pool_o + o, pool_e + e
        else:
            obs.append(o)
            exp.append(e)
    if pool_e > 0:
        obs.append(pool_o)
        exp.append(pool_e)
    if len(exp) < 2:
        return 1.0
    stat = sum((o - e) ** 2 / e for o, e in zip(obs, exp))
    return chi2_sf(stat, len(exp) - 1)
