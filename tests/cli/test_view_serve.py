"""``ddz-fast view`` writes a replay page of a record (or of a hand the bots play); ``ddz-fast
serve`` binds and serves the web table. Bad input is one error line and status 2."""
from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from ddz_fast import Game
from ddz_fast.cli.main import main
from ddz_fast.engine.record import to_json
from ddz_fast.search.bots import RandomBot, play_hand
from support.subprocesses import SUBPROCESS_CWD


def test_view_writes_the_replay_page_of_a_record(tmp_path: Path, capsys):
    state = play_hand(Game("four_player").new_state(seed=2), RandomBot(1), RandomBot(2))
    record = tmp_path / "hand.json"
    record.write_text(to_json(state))
    out = tmp_path / "hand.html"
    assert main(["view", str(record), "-o", str(out)]) == 0
    events = len(json.loads(record.read_text())["events"])
    assert capsys.readouterr().out == f"{out}: the replay of {events} events ({record})\n"
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>") and "http" not in page
    assert page.count('<option value="') == 5          # open hands and four seats' views


def test_view_plays_a_hand_for_a_seed_and_writes_to_standard_output(capsys):
    assert main(["view", "--seed", "3", "--rules", "laizi", "--seat", "2", "-o", "-"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!DOCTYPE html>") and 'data-view="2"' in page
    assert "laizi rules · seed 3" in page


def test_view_refuses_bad_input_in_one_line(tmp_path: Path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    for argv, message in ((["view", "-o", "-"], "give a record file or --seed"),
                          (["view", str(bad), "--seed", "1", "-o", "-"], "not both"),
                          (["view", str(tmp_path / "none.json"), "-o", "-"], "cannot read"),
                          (["view", str(bad), "-o", "-"], "not a ddz_fast.record record"),
                          (["view", "--seed", "1", "--seat", "5", "-o", "-"], "seat")):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("ddz-fast: error: ") and message in err and err.count("\n") == 1


def test_serve_binds_prints_its_address_and_serves_until_stopped():
    process = subprocess.Popen([sys.executable, "-m", "ddz_fast", "serve", "--port", "0",
                                "--clock", "5"], stdout=subprocess.PIPE, text=True,
                               cwd=SUBPROCESS_CWD)
    try:
        line = process.stdout.readline()
        assert line.startswith("Serving the web table at http://127.0.0.1:"), line
        url = line.split()[5]
        with urllib.request.urlopen(url + "api/options", timeout=30) as answer:
            options = json.loads(answer.read())
        assert options["clock"] == {"bid": 5, "double": 5, "follow": 5, "lead": 5}
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_serve_refuses_a_port_it_cannot_use(capsys):
    assert main(["serve", "--port", "70000", "--check"]) == 2
    assert "port must be" in capsys.readouterr().err
    started = time.monotonic()
    assert main(["serve", "--port", "0", "--check"]) == 0
    assert capsys.readouterr().out.startswith("Serving the web table at http://127.0.0.1:")
    assert time.monotonic() - started < 60
