"""An arena run's results for people: the summary as a text table, and as a chart.

:func:`format_summary` writes what :func:`~ddz_fast.arena.duplicate.summarise` returns as the
table ``ddz-fast arena`` prints: per bot its rating, score per hand and win rates (at a Run Fast
table, the rate of going out first) with their 95% intervals, then every pair's head to head.
:func:`save_plot` draws the same per-bot numbers as a PNG (matplotlib, the ``bench`` extra).
"""
from __future__ import annotations

import contextlib
import os
from typing import Any, Callable, Iterator, List, Mapping, Sequence, Tuple, Union

from ..validate import check_real, shown

__all__ = ["format_summary", "format_interval", "save_plot"]

#: The per-bot panels of either table's chart: (key, its interval's key, title).
_DOU_DIZHU_PANELS = (("mean_score", "mean_score_ci95", "score per hand"),
                     ("landlord_win_rate", "landlord_win_ci95", "win rate as landlord"),
                     ("peasant_win_rate", "peasant_win_ci95", "win rate as peasant"))
_RUNFAST_PANELS = (("mean_score", "mean_score_ci95", "score per hand held"),
                   ("out_first_rate", "out_first_ci95", "rate of going out first"))


def format_interval(values: Sequence[float], percent: bool) -> str:
    """A 95% interval as text: percentages for rates, signed scores otherwise.

    >>> format_interval([0.25, 0.5], True), format_interval([-1.5, 0.25], False)
    ('[25.0%, 50.0%]', '[-1.500, +0.250]')
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) \
            or len(values) != 2:
        raise TypeError(f"an interval is two numbers (low, high), not {shown(values)}")
    low, high = (check_real("an interval's end", value) for value in values)
    return f"[{low:.1%}, {high:.1%}]" if percent else f"[{low:+.3f}, {high:+.3f}]"


def format_summary(summary: Mapping[str, Any]) -> str:
    """The results as the text table of ``ddz-fast arena``: the run, a row per bot (best rating
    first), the head to head of every pair, the bots' fallback decisions if any, and the
    speed when the summary holds ``games_per_second``, ``backend`` and ``seconds`` (the command
    line adds them).

    >>> from ddz_fast.arena.duplicate import ArenaConfig, play_deals, summarise
    >>> config = ArenaConfig(("random", "greedy"), seed=1)
    >>> text = format_summary(summarise(config, play_deals(config, 0, 4)))
    >>> lines = text.splitlines()
    >>> lines[0]
    '4 deals, 8 games (standard rules, seed 1); 95% intervals'
    >>> [line.split()[0] for line in lines[1:]]     # by rating, then the head to head
    ['bot', 'greedy', 'random', 'head', 'random']
    """
    _check_summary(summary)
    with _as_summarised():
        lines = (_runfast_rows(summary) if summary.get("game") == "runfast"
                 else _dou_dizhu_rows(summary))
        lines += _footer(summary)
    return "\n".join(lines)


@contextlib.contextmanager
def _as_summarised() -> Iterator[None]:
    """A summary whose fields are not what summarise writes (a key missing from a row, a
    rating that is no number) is a ValueError saying so, not a KeyError from deep inside."""
    try:
        yield
    except (KeyError, IndexError, TypeError, ValueError) as error:
        raise ValueError(f"summary is not one that summarise returned: writing it failed "
                         f"({type(error).__name__})") from None


def _check_summary(summary: object) -> None:
    if not isinstance(summary, Mapping):
        raise TypeError(f"summary must be the dict summarise returned, not "
                        f"{type(summary).__name__}")
    for key in ("deals", "games", "rules", "seed", "bots", "head_to_head"):
        if key not in summary:
            raise ValueError(f"summary has no {key!r}: give the dict summarise returned")
    if not isinstance(summary["bots"], list) or not summary["bots"] \
            or not all(isinstance(b, Mapping) for b in summary["bots"]):
        raise ValueError("summary['bots'] must be the non-empty list of per-bot results "
                         "summarise returned")


def _count(value: float) -> str:
    return f"{value:,.0f}"


def _table(s: Mapping[str, Any], first: str, rate_titles: str,
           rates: Callable[[Mapping[str, Any]], str]) -> List[str]:
    """The run's line, then a row per bot (best rating first): its name, rating, score per
    hand and interval, then the table's rates (``rates(bot)``, under ``rate_titles``)."""
    width = max(len(b["bot"]) for b in s["bots"]) + 2
    lines = [first, f"{'bot':<{width}}{'rating':>7}  {'score/hand':>10} {'interval':<18} "
                    f"{rate_titles}"]
    for b in sorted(s["bots"], key=lambda b: -b["rating"]):
        lines.append(f"{b['bot']:<{width}}{b['rating']:>+7.0f}  {b['mean_score']:>+10.3f} "
                     f"{format_interval(b['mean_score_ci95'], False):<18} {rates(b)}".rstrip())
    return lines


def _dou_dizhu_rows(s: Mapping[str, Any]) -> List[str]:
    return _table(
        s, f"{_count(s['deals'])} deals, {_count(s['games'])} games ({s['rules']} rules, "
           f"seed {s['seed']}); 95% intervals",
        f"{'landlord':>8} {'interval':<16} {'peasant':>7} interval",
        lambda b: f"{b['landlord_win_rate']:>8.1%} "
                  f"{format_interval(b['landlord_win_ci95'], True):<16} "
                  f"{b['peasant_win_rate']:>7.1%} {format_interval(b['peasant_win_ci95'], True)}")


def _runfast_rows(s: Mapping[str, Any]) -> List[str]:
    # "runfast_15, 2 players" names the players already; a rule set of three does not.
    table = s["rules"] if "players" in s["rules"] else \
        f"{s['rules']} rules, {s['players']} players"
    return _table(
        s, f"{_count(s['deals'])} deals, {_count(s['games'])} games of Run Fast ({table}, "
           f"seed {s['seed']}); 95% intervals",
        f"{'out first':>9} interval",
        lambda b: f"{b['out_first_rate']:>9.1%} {format_interval(b['out_first_ci95'], True)}")


def _footer(s: Mapping[str, Any]) -> List[str]:
    """Head to head, fallbacks and timing: the end of either table's results."""
    lines = ["head to head (score/hand of the first bot, games won-lost):"]
    for h in s["head_to_head"]:
        lines.append(f"  {h['bot']} vs {h['opponent']}: {h['mean_score']:+.3f} "
                     f"{format_interval(h['mean_score_ci95'], False)}, "
                     f"{h['wins']}-{h['losses']}")
    fallbacks = [f"{b['bot']} {b['fallbacks']}" for b in s["bots"] if b["fallbacks"]]
    if fallbacks:
        lines.append(f"fallback decisions: {', '.join(fallbacks)}")
    if all(key in s for key in ("games_per_second", "backend", "seconds")):
        lines.append(f"games/s {_count(s['games_per_second'])} ({s['backend']}, "
                     f"{s['seconds']:.2f} s)")
    return lines


def save_plot(summary: Mapping[str, Any], path: Union[str, "os.PathLike[str]"]) -> None:
    """A PNG at ``path``: each per-bot number of the summary with its 95% interval (score per
    hand and both win rates; at a Run Fast table, score per hand held and the rate of going
    out first). ValueError when matplotlib is not installed."""
    _check_summary(summary)
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file name (str or path), not {type(path).__name__}")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("a chart needs matplotlib: pip install 'ddz_fast[bench]'") from None
    bots = summary["bots"]
    with _as_summarised():
        names = [str(b["bot"]) for b in bots]
    panels: Tuple[Tuple[str, str, str], ...] = (
        _RUNFAST_PANELS if summary.get("game") == "runfast" else _DOU_DIZHU_PANELS)
    figure, axes = plt.subplots(1, len(panels), figsize=(4 * len(panels), 0.6 * len(bots) + 2),
                                sharey=True)
    try:
        with _as_summarised():
            for axis, (key, ci_key, title) in zip(axes, panels):
                values = [float(b[key]) for b in bots]
                ci = [b[ci_key] for b in bots]
                errors = [[v - c[0] for v, c in zip(values, ci)],
                          [c[1] - v for v, c in zip(values, ci)]]
                axis.barh(names, values, xerr=errors, capsize=4, color="tab:blue")
                axis.set_title(title)
                axis.axvline(0, color="black", linewidth=0.8)
            figure.suptitle(f"ddz-fast arena: {summary['deals']} deals, {summary['rules']} "
                            f"rules, seed {summary['seed']} (95% intervals)")
        figure.tight_layout()
        figure.savefig(path, dpi=100)
    finally:
        plt.close(figure)
