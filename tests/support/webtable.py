"""A web table server started for real on a free port of 127.0.0.1, a small HTTP client, and the
check that a seat's views tell it nothing of the other hands: what the server tests and the
browser tests share."""
from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from collections import Counter
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from ddz_fast.engine.clock import Clock
from ddz_fast.engine.record import replay
from ddz_fast.web.app import WebApp
from ddz_fast.web.server import make_server
from ddz_fast.web.table import Timing

SVG = "{http://www.w3.org/2000/svg}"
#: Every field of a seat's view: a field added later must be looked at here first.
VIEW_FIELDS = {
    "seat", "phase", "to_move", "rules", "players", "hand", "card_counts", "revealed", "prev",
    "prev_type", "passes", "landlord", "partner", "kitty", "wild", "base_stake", "multiplier",
    "doubles", "auto_play", "left", "timeouts", "stacks", "events", "options", "can_pass",
    "time_limit", "winner", "scores", "svg", "table", "version", "started", "match_over",
    "hand_number", "hands", "seats", "turn", "seconds_left", "match_scores", "replays",
    "ready", "next_hand_in", "failure"}


def quick_timing(clock: float = 0.4, **changes: float) -> Timing:
    """Test clocks: every decision ``clock`` seconds, bots and auto-play at once, short waits."""
    fields = dict(clock=Clock(clock, clock, clock, clock), bot_delay=0.0, auto_delay=0.0,
                  pause=0.2, poll=1.0, grace=0.6, idle=60.0)
    fields.update(changes)
    return Timing(**fields)


class Client:
    """JSON over HTTP to one server; every answer kept, for the tests that read them all."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.answers: list = []

    def raw(self, method: str, path: str, body: Optional[bytes] = None) -> Tuple[int, bytes]:
        request = urllib.request.Request(self.base + path.lstrip("/"), method=method, data=body)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def call(self, method: str, path: str, body: Any = None) -> Tuple[int, Dict[str, Any]]:
        data = None if body is None else json.dumps(body).encode()
        status, raw = self.raw(method, path, data)
        answer = json.loads(raw)
        self.answers.append((path, answer))
        return status, answer

    def view(self, table: str, seat: int, token: str, after: int = -1) -> Dict[str, Any]:
        status, answer = self.call("GET", f"/api/tables/{table}/view?seat={seat}&token={token}"
                                          f"&after={after}")
        assert status == 200, answer
        return answer

    def post(self, table: str, verb: str, **fields: Any) -> Tuple[int, Dict[str, Any]]:
        return self.call("POST", f"/api/tables/{table}/{verb}", fields)

    def wait_for(self, table: str, seat: int, token: str, done: Callable[[Dict], bool],
                 seconds: float = 20.0) -> Dict[str, Any]:
        """Views until ``done(view)``; fails after ``seconds``."""
        end = time.monotonic() + seconds
        view = self.view(table, seat, token)
        while not done(view):
            assert time.monotonic() < end, f"still waiting: {view.get('phase')}"
            view = self.view(table, seat, token, view["version"])
        return view


@contextmanager
def running_server(timing: Optional[Timing] = None,
                   **app_options: Any) -> Iterator[Tuple[WebApp, str]]:
    """A server on a free port of 127.0.0.1 serving in a thread: (app, base URL)."""
    app = WebApp(timing or quick_timing(), **app_options)
    server = make_server("127.0.0.1", 0, app=app)
    # (polled every 50 ms, not the default 500: each test's shutdown waits for one poll)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield app, server.url
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def faces_by_seat(svg: str) -> Dict[int, str]:
    """The face-up cards of each seat's hand in a picture."""
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{svg}</svg>')
    found = {}
    for group in root.iter(f"{SVG}g"):
        if "seat" in group.get("class", "").split():
            faces = [g for g in group if "faces" in g.get("class", "")]
            found[int(group.get("data-seat"))] = "".join(
                card.get("data-rank") for face in faces for card in face.iter(f"{SVG}g")
                if "card" in card.get("class", "").split())
    return found


def check_views_against_the_record(views: List[Dict], record: Dict[str, Any], seat: int):
    """Every view of the hand tells ``seat`` its own cards and nothing of the other hands:
    the views are compared with the states the record replays to."""
    states = list(replay(record))
    seed = str(record["start"]["seed"])
    for view in views:
        assert set(view) == VIEW_FIELDS, set(view) ^ VIEW_FIELDS
        state = states[len(view["events"])]
        assert [e["text"] for e in view["events"]] is not None
        assert view["card_counts"] == [len(h) for h in state.hands]
        text = json.dumps(view)
        assert seed not in text.replace(view["svg"], "")    # never the seed that dealt them
        faces = faces_by_seat(view["svg"])
        if view["phase"] == "over":
            assert view["revealed"] == [str(h) for h in state.hands]
            continue
        assert view["hand"] == str(state.hands[seat]) and view["revealed"] is None
        assert Counter(faces[seat]) == Counter(str(state.hands[seat]))
        for other, hand in enumerate(state.hands):
            if other != seat:
                assert faces[other] == "", (other, faces[other])
