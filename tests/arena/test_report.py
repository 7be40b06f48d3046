"""The arena's results as a table: hand-made summaries written out, each line as typed here from
the column layout (name column two wider than the longest name, rating 7 wide, score 10, its
interval 18, rates 8/7 wide, intervals 16), and summaries that are not summarise's refused."""
from __future__ import annotations

import pytest

from ddz_fast.arena.report import format_interval, format_summary, save_plot


def dou_dizhu_summary():
    row = {"fallbacks": 0}
    return {
        "deals": 4, "games": 8, "rules": "standard", "seed": 1,
        "bots": [
            dict(row, bot="a", rating=-50.4, mean_score=-0.5, mean_score_ci95=[-1.25, 0.25],
                 landlord_win_rate=0.25, landlord_win_ci95=[0.05, 0.5],
                 peasant_win_rate=0.5, peasant_win_ci95=[0.15, 0.85]),
            dict(row, bot="bb", rating=50.4, mean_score=0.5, mean_score_ci95=[-0.25, 1.25],
                 landlord_win_rate=0.75, landlord_win_ci95=[0.5, 0.95],
                 peasant_win_rate=0.5, peasant_win_ci95=[0.15, 0.85], fallbacks=3)],
        "head_to_head": [{"bot": "a", "opponent": "bb", "mean_score": -0.5,
                          "mean_score_ci95": [-1.25, 0.25], "wins": 3, "losses": 5}]}


def test_the_dou_dizhu_table_best_rating_first():
    assert format_summary(dou_dizhu_summary()).splitlines() == [
        "4 deals, 8 games (standard rules, seed 1); 95% intervals",
        "bot  rating  score/hand interval           landlord interval         peasant interval",
        "bb      +50      +0.500 [-0.250, +1.250]      75.0% [50.0%, 95.0%]     50.0% "
        "[15.0%, 85.0%]",
        "a       -50      -0.500 [-1.250, +0.250]      25.0% [5.0%, 50.0%]      50.0% "
        "[15.0%, 85.0%]",
        "head to head (score/hand of the first bot, games won-lost):",
        "  a vs bb: -0.500 [-1.250, +0.250], 3-5",
        "fallback decisions: bb 3"]


def test_the_timing_line_when_the_summary_has_one():
    summary = dict(dou_dizhu_summary(), games_per_second=1234.4, backend="ray", seconds=0.5)
    assert format_summary(summary).splitlines()[-1] == "games/s 1,234 (ray, 0.50 s)"


def test_the_run_fast_table():
    summary = {
        "game": "runfast", "deals": 4, "games": 24, "rules": "runfast", "players": 3,
        "seed": 2,
        "bots": [{"bot": "x", "rating": 20, "mean_score": 1.25, "mean_score_ci95": [0.5, 2.0],
                  "out_first_rate": 0.4, "out_first_ci95": [0.3, 0.5], "fallbacks": 0},
                 {"bot": "y", "rating": -20, "mean_score": -1.25,
                  "mean_score_ci95": [-2.0, -0.5], "out_first_rate": 0.3,
                  "out_first_ci95": [0.2, 0.4], "fallbacks": 0}],
        "head_to_head": [{"bot": "x", "opponent": "y", "mean_score": 1.25,
                          "mean_score_ci95": [0.5, 2.0], "wins": 14, "losses": 10}]}
    assert format_summary(summary).splitlines() == [
        "4 deals, 24 games of Run Fast (runfast rules, 3 players, seed 2); 95% intervals",
        "bot rating  score/hand interval           out first interval",
        "x      +20      +1.250 [+0.500, +2.000]       40.0% [30.0%, 50.0%]",
        "y      -20      -1.250 [-2.000, -0.500]       30.0% [20.0%, 40.0%]",
        "head to head (score/hand of the first bot, games won-lost):",
        "  x vs y: +1.250 [+0.500, +2.000], 14-10"]


def test_intervals():
    assert format_interval([0.125, 1], True) == "[12.5%, 100.0%]"
    assert format_interval((-2, 0.0004), False) == "[-2.000, +0.000]"
    with pytest.raises(TypeError, match="an interval is two numbers"):
        format_interval([1, 2, 3], True)
    with pytest.raises(TypeError, match="an interval's end must be a number"):
        format_interval(["low", 2], False)


@pytest.mark.parametrize("summary, error, message", [
    (None, TypeError, "summary must be the dict summarise returned, not NoneType"),
    ({"deals": 1}, ValueError, "summary has no 'games'"),
    (dict(dou_dizhu_summary(), bots=[]), ValueError, "summary['bots'] must be the non-empty"),
    (dict(dou_dizhu_summary(), bots=[{"bot": "a"}]), ValueError,
     "summary is not one that summarise returned: writing it failed (KeyError)"),
    (dict(dou_dizhu_summary(), head_to_head=[{"bot": "a", "wins": "x"}]), ValueError,
     "summary is not one that summarise returned"),
])
def test_what_is_no_summary_is_refused(summary, error, message):
    with pytest.raises(error) as caught:
        format_summary(summary)
    assert message in str(caught.value)


def test_the_chart(tmp_path):
    pytest.importorskip("matplotlib")
    chart = tmp_path / "arena.png"
    save_plot(dou_dizhu_summary(), chart)
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(TypeError, match="path must be a file name"):
        save_plot(dou_dizhu_summary(), 5)
    with pytest.raises(ValueError, match="summary is not one that summarise returned"):
        save_plot(dict(dou_dizhu_summary(), bots=[{"bot": "a", "rating": 1}]), chart)
