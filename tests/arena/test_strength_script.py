"""benchmarks/strength.py at any table: a tiny run writes its report, with the bots that do not
play the table named as sitting out and the others timed and rated."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from support.subprocesses import SUBPROCESS_CWD

SCRIPT = Path(__file__).resolve().parent.parent.parent / "benchmarks" / "strength.py"


def test_a_tiny_run_at_the_four_player_table_with_a_partner(tmp_path):
    pytest.importorskip("rlcard", reason="RLCard's rule agent (the peers extra)")
    result = subprocess.run([sys.executable, str(SCRIPT), "--rules", "four_player+partner",
                             "--bots", "greedy", "random", "rlcard-rule", "--deals", "3",
                             "--timing-deals", "1", "--workers", "1", "--out", str(tmp_path)],
                            capture_output=True, text=True, timeout=300, cwd=SUBPROCESS_CWD)
    assert result.returncode == 0, result.stderr
    report = (tmp_path / "strength_four_player_partner.md").read_text()
    assert report.startswith("# Bot strength at the four_player+partner table\n")
    assert ("* `rlcard-rule` sits out: the arena plays the four-player table under the "
            "four_player+partner rules, and bot 'rlcard-rule' cannot play it") in report
    assert "| `greedy` (GreedyBot()) | CPU |" in report and "| `random` (RandomBot()) | wall |" \
        in report
    assert ("`ddz-fast arena greedy random --hands 3 --seed 2026 --rules four_player --sides "
            "partner`") in report
    summary = json.loads((tmp_path / "strength_four_player_partner.json").read_text())
    assert (summary["rules"], summary["deals"], summary["games"]) == ("four_player+partner", 3, 6)
    assert [b["bot"] for b in summary["bots"]] == ["greedy", "random"]
