"""What the benchmark scripts share: timing, the machine's description, Markdown and charts.

Used by ``compare_peers.py`` and ``compare_games.py`` (run from the checkout's root as
``PYTHONPATH=tests python benchmarks/compare_peers.py``; the peer adapters live in
``tests/support/peers.py``). Nothing here knows about a particular engine.
"""
from __future__ import annotations

import gc
import os
import platform
import sys
import sysconfig
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Dict, List, Sequence, Tuple, TypeVar

T = TypeVar("T")

__all__ = ["best_of", "Timing", "repeat_until", "cpu_name", "versions", "python_build",
           "machine_line", "markdown_table", "bar_chart"]


# --- timing ------------------------------------------------------------------------------------

def best_of(run: Callable[[], T], repeats: int, min_seconds: float = 0.0,
            max_runs: int = 100) -> Tuple[float, T]:
    """(the fastest of the runs in seconds, what the last run returned): ``repeats`` runs, and
    more while they have taken less than ``min_seconds`` in all (at most ``max_runs``).

    The garbage collector is off while a run is timed, as in :mod:`timeit`: a run that keeps
    thousands of results alive would otherwise be charged for the collector's passes over them.
    A time window rather than a count gives a call of a few milliseconds as many chances as a
    slow one to meet a quiet moment of a shared machine.
    """
    best, result = float("inf"), None
    runs, spent = 0, 0.0
    while runs < repeats or (spent < min_seconds and runs < max_runs):
        runs += 1
        result = None                     # free the previous run's results first
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            result = run()
            elapsed = time.perf_counter() - start
            best, spent = min(best, elapsed), spent + elapsed
        finally:
            gc.enable()
    return best, result  # type: ignore[return-value]


@dataclass(frozen=True)
class Timing:
    """``runs`` repetitions of one computation in ``seconds`` in all."""

    runs: int
    seconds: float

    def rate(self, amount: int) -> float:
        """``amount`` per run, per second."""
        return amount * self.runs / self.seconds


def repeat_until(run: Callable[[], T], min_seconds: float) -> Tuple[T, Timing]:
    """Repeat ``run`` until ``min_seconds`` have passed (at least once): a computation of
    microseconds is timed over enough runs for the clock to measure it."""
    runs = 0
    start = time.perf_counter()
    while True:
        result = run()
        runs += 1
        seconds = time.perf_counter() - start
        if seconds >= min_seconds:
            return result, Timing(runs, seconds)


# --- the machine -------------------------------------------------------------------------------

def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def versions(packages: Sequence[str]) -> Dict[str, str]:
    """The installed version of each package, or ``not installed``."""
    found = {}
    for package in packages:
        try:
            found[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            found[package] = "not installed"
    return found


def python_build() -> str:
    """Which CPython build runs: "" for the standard one (with the GIL); for a free-threaded
    build, whether the GIL stayed off (an extension module that does not declare itself safe
    without it turns it back on at import)."""
    if not sysconfig.get_config_var("Py_GIL_DISABLED"):
        return ""
    enabled = getattr(sys, "_is_gil_enabled", lambda: True)()
    return f", free-threaded (the GIL {'on' if enabled else 'off'})"


def machine_line(packages: Sequence[str], note: str = "") -> str:
    """One line for a report: CPU, cores, Python (and its build), OS, package versions and the
    date."""
    listed = ", ".join(f"{k} {v}" for k, v in versions(packages).items())
    extra = f" ({note})" if note else ""
    return (f"{platform.machine()}, {cpu_name()}, {os.cpu_count()} CPUs{extra}; Python "
            f"{platform.python_version()}{python_build()} on {platform.system()}; {listed}; "
            f"{time.strftime('%Y-%m-%d')}.")


# --- Markdown and charts -------------------------------------------------------------------------

def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]],
                   numeric_from: int) -> List[str]:
    """A Markdown table; columns from ``numeric_from`` on are right-aligned."""
    rule = ["---" if i < numeric_from else "---:" for i in range(len(header))]
    return ["| " + " | ".join(header) + " |", "|" + "|".join(rule) + "|"] + \
        ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]


#: One bar: (label, value, text written after the bar, highlighted or not).
Bar = Tuple[str, float, str, bool]


def bar_chart(sections: Dict[str, List[Bar]], path: Path, title: str,
              xlabel: Callable[[str], str]) -> bool:
    """Horizontal bars per section, log scale, saved as a PNG; False without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    heights = [len(bars) for bars in sections.values()]
    figure, axes = plt.subplots(len(sections), 1,
                                figsize=(10, 0.45 * sum(heights) + 1.2 * len(sections)),
                                gridspec_kw={"height_ratios": heights}, squeeze=False)
    for ax, (section, bars) in zip(axes[:, 0], sections.items()):
        ax.barh([b[0] for b in bars], [b[1] for b in bars],
                color=["tab:blue" if b[3] else "tab:gray" for b in bars])
        for y, (_, value, text, _) in enumerate(bars):
            ax.text(value, y, f" {text}", va="center", fontsize=8)
        ax.set_xscale("log")
        ax.invert_yaxis()
        ax.set_title(section, fontsize=10, loc="left")
        ax.set_xlabel(xlabel(section), fontsize=8)
        ax.tick_params(labelsize=8)
        ax.set_xlim(right=max(b[1] for b in bars) * 30)
    figure.suptitle(title, fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return True


def shown(value: Any) -> str:
    """A number with thousands separators and no decimals."""
    return f"{value:,.0f}"
