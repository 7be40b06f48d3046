"""The web table served for real (a server on a free port of 127.0.0.1, a client over HTTP):
whole hands with bots in the empty seats, the clocks and auto-play, what a seat is sent, bad
requests, and clients that go away.

What a seat was sent is checked against the truth the server never sends while the hand goes
on: the record of the finished hand, replayed to the moment of each answer (a view holds the
events so far, and the record's replay yields the state after each event).
"""
from __future__ import annotations

import json
import random
import socket
import time
from collections import Counter
from typing import Any, Dict, List, Optional, Tuple
from urllib.parse import quote

import pytest

from ddz_fast import Rules
from ddz_fast.search.catalog import BOTS
from ddz_fast.web.app import MAX_BODY
from ddz_fast.web.table import Timing, bots_for
from support.common import sizes
from support.webtable import (Client, check_views_against_the_record, quick_timing,
                              running_server)

#: A bot that does not play wild cards (read from the flags, as the server reads them).
NOT_LAIZI = next(name for name in BOTS if name not in bots_for(Rules.preset("laizi")))


def create(client: Client, **request: Any) -> Dict[str, Any]:
    status, made = client.call("POST", "/api/tables", request)
    assert status == 201, made
    return made


def play_simply(client: Client, made: Dict[str, Any], hands: int = 1) -> List[Dict]:
    """Play seat ``made["seat"]`` to the end of the match: bid the highest, lead the lowest
    card, pass when following (or the lowest move that beats, where passing is not allowed);
    returns every view seen."""
    table, seat, token = made["table"], made["seat"], made["token"]
    seen = []
    view = client.view(table, seat, token)
    for _ in range(2000):
        seen.append(view)
        if view["match_over"]:
            return seen
        if view["phase"] == "over":
            client.post(table, "ready", seat=seat, token=token)
        elif view["to_move"] == seat and not view["auto_play"][seat]:
            if view["phase"] != "play":
                action = {"action": view["options"][-1]}
            elif view["prev"] is None or not view["can_pass"]:
                action = {"cards": view["hand"][0]}     # the lowest card
            else:
                action = {"action": "pass"}
            status, answer = client.post(table, "act", seat=seat, token=token,
                                         turn=view["turn"], **action)
            if status == 409 and "cards" in action:     # a follower that must beat: any move
                status, answer = client.post(table, "act", seat=seat, token=token,
                                             turn=view["turn"], action="pass")
            assert status in (200, 409), answer
        view = client.view(table, seat, token, view["version"])
    raise AssertionError("the match did not end")


def test_a_whole_hand_over_http_with_bots_in_the_empty_seats():
    with running_server() as (app, base):
        client = Client(base)
        made = create(client, rules="standard", seats=["human", "greedy", "random"], hands=1)
        views = play_simply(client, made)
        status, record = client.call("GET", f"/api/tables/{made['table']}/records/1?seat=0"
                                            f"&token={made['token']}")
        assert status == 200 and record["result"] is not None
        final = views[-1]
        assert final["match_over"] and final["match_scores"] == record["result"]["scores"]
        hand_views = [v for v in views if v["started"] and v["hand_number"] == 1]
        check_views_against_the_record(hand_views, record, 0)
        # The replay page of the hand, for the seated person only.
        status, page = client.raw("GET", f"/t/{made['table']}/replay/1?seat=0&token="
                                         f"{made['token']}")
        assert status == 200 and page.startswith(b"<!DOCTYPE html>") and b"http" not in page
        assert client.raw("GET", f"/t/{made['table']}/replay/1?seat=0&token=no")[0] == 403


@pytest.mark.parametrize("request_", [
    dict(rules="laizi", seats=["human", "greedy", "greedy"]),
    dict(rules="tiandi_laizi", seats=["human", "random", "greedy"], chips=50),
    dict(rules="four_player", sides="partner", seats=["human", "greedy", "random", "greedy"]),
    dict(rules="runfast", seats=["human", "greedy", "random"]),
    dict(rules="no_kitty", seats=["human", "greedy", "greedy"]),
], ids=["laizi", "tiandi_laizi", "four_player", "runfast", "no_kitty"])
def test_every_table_plays_a_hand_over_http(request_):
    with running_server() as (app, base):
        client = Client(base)
        made = create(client, hands=1, **request_)
        views = play_simply(client, made)
        status, record = client.call("GET", f"/api/tables/{made['table']}/records/1?seat=0"
                                            f"&token={made['token']}")
        assert status == 200
        check_views_against_the_record([v for v in views if v["started"]], record, 0)
        if request_["rules"].endswith("laizi"):
            assert any(v["wild"] for v in views)


def test_two_timeouts_in_a_row_turn_auto_play_on_and_a_button_turns_it_off():
    with running_server(quick_timing(clock=0.3, auto_delay=3.0)) as (app, base):
        client = Client(base)
        made = create(client, rules="standard", seats=["human", "greedy", "greedy"], hands=3)
        table, token = made["table"], made["token"]
        view = client.wait_for(table, 0, token, lambda v: v.get("auto_play", [False])[0])
        mine = [e for e in view["events"] if e["seat"] == 0]
        # Two decisions of seat 0, both timeouts (nothing was played), then auto-play on.
        assert [e["kind"] for e in mine[:2]] == ["timeout", "timeout"]
        assert "timeout" in mine[0]["text"]
        status, view = client.post(table, "auto", seat=0, token=token, on=False)
        assert status == 200 and view["auto_play"][0] is False
        assert view["events"][-1]["kind"] == "auto_off" or view["phase"] == "over"


def test_the_clock_is_the_tables_and_by_default_the_rule_books():
    with running_server(quick_timing(clock=0.5)) as (app, base):
        client = Client(base)
        made = create(client, rules="standard", seats=["human", "greedy", "greedy"])
        view = client.view(made["table"], 0, made["token"])
        assert view["time_limit"] == 0.5 and 0 <= view["seconds_left"] <= 0.5
    clock = Timing().clock       # 15 s to bid, 10 to double, 25 to follow, 30 to lead
    assert (clock.bid, clock.double, clock.follow, clock.lead) == (15, 10, 25, 30)


def bad_requests(table: str, token: str, other: str) -> List[tuple]:
    """(method, path, body, expected status) of requests the server must refuse."""
    act = f"/api/tables/{table}/act"
    return [
        ("POST", act, b"{not json", 400),
        ("POST", act, b"[1, 2]", 400),
        ("POST", act, json.dumps({"token": token, "action": "PASS"}).encode(), 400),
        ("POST", act, json.dumps({"seat": 7, "token": token, "action": "PASS"}).encode(), 400),
        ("POST", act, json.dumps({"seat": "x", "token": token, "action": "PASS"}).encode(),
         400),
        ("POST", act, json.dumps({"seat": 2, "token": token, "action": "PASS"}).encode(), 403),
        ("POST", act, json.dumps({"seat": 0, "token": "wrong", "action": "PASS"}).encode(), 403),
        ("POST", act, json.dumps({"seat": 0, "action": "PASS"}).encode(), 403),
        ("POST", act, json.dumps({"seat": 1, "token": other, "action": "PASS"}).encode(), 409),
        ("POST", act, json.dumps({"seat": 0, "token": token, "action": "BID_7"}).encode(), 400),
        ("POST", act, json.dumps({"seat": 0, "token": token, "action": "CALL"}).encode(), 409),
        ("POST", act, json.dumps({"seat": 0, "token": token, "action": "pass"}).encode(), 400),
        ("POST", act, json.dumps({"seat": 0, "token": token, "cards": "33"}).encode(), 409),
        ("POST", act, json.dumps({"seat": 0, "token": token, "action": "PASS",
                                  "cards": "3"}).encode(), 400),
        ("POST", act, json.dumps({"seat": 0, "token": token, "action": "PASS",
                                  "turn": 99}).encode(), 409),
        ("POST", act, json.dumps({"seat": 0, "token": token, "action": 5}).encode(), 400),
        ("POST", "/api/tables/nope/act", json.dumps({"seat": 0}).encode(), 404),
        ("GET", f"/api/tables/{table}/view?seat=0&token={token}&after=x", None, 400),
        ("GET", f"/api/tables/{table}/records/1?seat=0&token={token}", None, 404),
        ("PUT", act, b"{}", 405),
        ("GET", "/api/nothing", None, 404),
        ("GET", "/nothing/here", None, 404),
        ("POST", "/api/tables", json.dumps({"rules": "bogus"}).encode(), 400),
        ("POST", "/api/tables", json.dumps({"seats": ["greedy"] * 3}).encode(), 400),
        ("POST", "/api/tables", json.dumps({"rules": "laizi",
                                            "seats": ["human", NOT_LAIZI, "greedy"]}).encode(),
         400),
        ("POST", "/api/tables", json.dumps({"hands": 0}).encode(), 400),
        ("POST", "/api/tables", json.dumps({"rules": "runfast", "chips": 10}).encode(), 400),
        ("POST", f"/api/tables/{table}/join", b"{}", 409),
        ("POST", act, b"x" * 20000, 413),
    ]


def a_table_waiting_for_seat_0(client: Client) -> Tuple[str, str, str, Dict[str, Any]]:
    """A standard table of two people and a bot, seat 0 to bid first, with clocks too long
    to run out during a test: (table, seat 0's token, seat 1's token, seat 0's view)."""
    made = create(client, rules="standard", seats=["human", "human", "greedy"])
    table, token = made["table"], made["token"]
    status, other = client.post(table, "join", name="second")
    assert status == 200 and other["seat"] == 1
    before = client.view(table, 0, token)
    assert before["phase"] == "bidding" and before["to_move"] == 0
    return table, token, other["token"], before


def refused_and_unchanged(client: Client, request: Tuple[str, str, Optional[bytes]],
                          token: str, before: Dict[str, Any]) -> int:
    """Send ``request`` (method, path, body); it must get a 4xx whose JSON is a one-line
    ``error``, and seat 0's view after it must be ``before``'s (same version and events).
    Returns the status."""
    method, path, body = request
    status, raw = client.raw(method, path, body)
    answer = json.loads(raw)
    assert 400 <= status < 500, (request, status, answer)
    assert isinstance(answer["error"], str) and answer["error"], (request, answer)
    assert "\n" not in answer["error"], (request, answer)
    after = client.view(before["table"], 0, token)
    assert after["version"] == before["version"] and after["events"] == before["events"], \
        request
    return status


def test_bad_requests_get_a_4xx_with_a_reason_and_change_nothing():
    with running_server(quick_timing(clock=300, grace=600)) as (app, base):
        client = Client(base)
        table, token, other, before = a_table_waiting_for_seat_0(client)
        for method, path, body, expected in bad_requests(table, token, other):
            status = refused_and_unchanged(client, (method, path, body), token, before)
            assert status == expected, (method, path, body, status)
        # A connection that sends garbage, or nothing, leaves the server serving.
        host, port = base[len("http://"):].rstrip("/").split(":")
        for junk in (b"\x00\xff garbage\r\n\r\n", b"GET / HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
                     b""):
            with socket.create_connection((host, int(port)), timeout=5) as connection:
                connection.sendall(junk)
        assert client.view(table, 0, token)["version"] == before["version"]


#: Actions and card texts that are never a legal bid (the bids are PASS and BID_1..BID_3),
#: and the letters of random junk, which cannot spell one.
NOT_BIDS = ["BID_0", "BID_4", "BID_7", "CALL", "ROB", "DOUBLE", "NO_DOUBLE", "SEAT_1", "pass",
            "3", "33", "BR", "", " ", "PASS PASS", "BID_3!", "BID__3"]
JUNK = "0123456789JQKXYZ_-!/%?&=é🃏 \t"
#: Values of the wrong type for each field of a decision (a seat may be sent as text: "0").
WRONG_TYPES = {"seat": [0.5, [0], {"seat": 0}, "x", "", "-1", None],
               "token": [0, [""], {"token": ""}, None, 1.5],
               "action": [5, ["PASS"], {"PASS": 1}, True, 1.5],
               "turn": ["0", [0], 0.5, True, {"turn": 0}]}


def junk(rng: random.Random, longest: int = 12) -> str:
    return "".join(rng.choice(JUNK) for _ in range(rng.randint(1, longest)))


def random_bad_request(rng: random.Random, table: str, token: str, other: str,
                       turn: int) -> Tuple[str, str, Optional[bytes]]:
    """A request the server must refuse: a legal decision of seat 0 (or an out-of-turn one of
    seat 1) spoiled one to three ways, each of which alone makes it bad; or one of the
    hand-written bad requests; or a bad create, view or page request."""
    kind = rng.random()
    if kind < 0.15:
        method, path, body, _ = rng.choice(bad_requests(table, token, other))
        return method, path, body
    if kind < 0.3:
        return rng.choice([bad_create, bad_look])(rng, table, token)
    fields: Dict[str, Any] = {"seat": 0, "token": token, "action": "PASS", "turn": turn}
    method, path = "POST", f"/api/tables/{table}/act"
    if rng.random() < 0.2:          # seat 1 out of turn: refused as it is
        fields.update(seat=1, token=other)
        spoilers = rng.sample(FIELD_SPOILERS, rng.randint(0, 2))
    else:
        spoilers = rng.sample(FIELD_SPOILERS + PATH_SPOILERS + BODY_SPOILERS, rng.randint(1, 3))
    for spoil in sorted(spoilers, key=SPOILER_ORDER.index):
        if spoil in FIELD_SPOILERS:
            spoil(rng, fields, other)
        elif spoil in PATH_SPOILERS:
            method, path = spoil(rng, method, path, table)
    body = json.dumps(fields).encode()
    for spoil in spoilers:
        if spoil in BODY_SPOILERS:
            body = spoil(rng, body)
    return method, path, body


def wrong_seat(rng: random.Random, fields: Dict, other: str) -> None:
    fields["seat"] = rng.choice([2, 3, 7, -1, 10 ** 30, *WRONG_TYPES["seat"]] +
                                ([1] if fields["seat"] == 0 else []))


def wrong_token(rng: random.Random, fields: Dict, other: str) -> None:
    choice = rng.random()
    if choice < 0.2:
        del fields["token"]
    elif choice < 0.5:
        fields["token"] = rng.choice(WRONG_TYPES["token"])
    else:       # another seat's token, or a random one
        fields["token"] = other if fields["seat"] == 0 else junk(rng, 40)


def illegal_action(rng: random.Random, fields: Dict, other: str) -> None:
    choice = rng.random()
    if choice < 0.3:
        fields["action"] = rng.choice(NOT_BIDS)
    elif choice < 0.5:
        fields["action"] = junk(rng)
    elif choice < 0.7:
        fields["action"] = rng.choice(WRONG_TYPES["action"])
    elif choice < 0.8:
        del fields["action"]                        # neither action nor cards
    else:                                           # cards while bidding, or with the action
        fields["cards"] = rng.choice(["3", "33", "BR", junk(rng), 3, ["3"]])
        if rng.random() < 0.5:
            del fields["action"]


def wrong_turn(rng: random.Random, fields: Dict, other: str) -> None:
    fields["turn"] = rng.choice([fields["turn"] + rng.randint(1, 50), -rng.randint(1, 9),
                                 *WRONG_TYPES["turn"]])


def unknown_table(rng: random.Random, method: str, path: str, table: str) -> Tuple[str, str]:
    return method, path.replace(table, rng.choice(["nope", "0" * 12, table[:-1], table + "x",
                                                   quote(junk(rng))]))


def unknown_route(rng: random.Random, method: str, path: str, table: str) -> Tuple[str, str]:
    verb = rng.choice(["acts", "Act", "act/more", "view/1", "records", "records/x", "",
                       quote(junk(rng))])
    return method, path.rsplit("/", 1)[0] + "/" + verb


def wrong_verb(rng: random.Random, method: str, path: str, table: str) -> Tuple[str, str]:
    # Each refused as the table stands (bidding, started, full) whatever the body says;
    # "leave" is left out, which a seat 0 with its token may always do.
    return method, path.rsplit("/", 1)[0] + "/" + rng.choice(["ready", "start", "join", "auto"])


def wrong_method(rng: random.Random, method: str, path: str, table: str) -> Tuple[str, str]:
    return rng.choice(["GET", "PUT", "DELETE", "PATCH", "OPTIONS"]), path


def not_json(rng: random.Random, body: bytes) -> bytes:
    return rng.choice([body[:rng.randint(1, len(body) - 1)], b"\xff" + body, body + b"}",
                       b"[" + body + b"]", b"null", b"42", b'"PASS"', junk(rng).encode(),
                       body.replace(b":", b"=", 1)])


def oversize(rng: random.Random, body: bytes) -> bytes:
    return body[:-1] + b', "pad": "' + b"x" * (MAX_BODY + rng.randint(0, 5000)) + b'"}'


FIELD_SPOILERS = [wrong_seat, wrong_token, illegal_action, wrong_turn]
PATH_SPOILERS = [unknown_table, unknown_route, wrong_verb, wrong_method]
BODY_SPOILERS = [not_json, oversize]
SPOILER_ORDER = FIELD_SPOILERS + PATH_SPOILERS + BODY_SPOILERS


def bad_create(rng: random.Random, table: str, token: str) -> Tuple[str, str, bytes]:
    """A new table asked for with one field bad."""
    request: Dict[str, Any] = {"rules": "standard", "seats": ["human", "greedy", "greedy"],
                               "hands": 2}
    field = rng.choice(["rules", "seats", "hands", "chips", "sides", "name"])
    request[field] = rng.choice({
        "rules": ["bogus", "", 5, None, ["standard"], junk(rng)],
        "seats": [["greedy"] * 3, ["human"], ["human", "nobody", "greedy"], "human",
                  [1, 2, 3], ["human"] * 5],
        "hands": [0, -3, "2", 1.5, True, None],
        "chips": ["10", -5, 1.5, [10]],
        "sides": ["nobody", 3, junk(rng)],
        "name": [5, ["me"], {"n": 1}]}[field])
    return "POST", "/api/tables", json.dumps(request).encode()


def bad_look(rng: random.Random, table: str, token: str) -> Tuple[str, str, None]:
    """A view, record or page asked for with a bad seat, token, hand or path."""
    return "GET", rng.choice([
        f"/api/tables/{table}/view?seat={rng.choice(['x', '-1', '3', '9' * 15, ''])}"
        f"&token={token}",
        f"/api/tables/{table}/view?seat=0&token={quote(junk(rng))}",
        f"/api/tables/{table}/view?seat=0&token={token}&after={quote(junk(rng))}x",
        f"/api/tables/{table}/view?token={token}",
        f"/api/tables/{table}/view?" + "&".join(f"f{i}=1" for i in range(25)),
        f"/api/tables/{table}/records/{rng.choice(['0', '1', '99', 'x'])}?seat=0&token={token}",
        f"/t/{table}/replay/1?seat=0&token={quote(junk(rng))}",
        f"/t/{quote(junk(rng))}x",
        "/x" + quote(junk(rng, 60)),
        "/api/" + quote(junk(rng)) + "x",
        f"/api/tables/{table}",
    ]), None


@pytest.mark.parametrize("count", sizes(500, 5000))
def test_random_bad_requests_get_a_4xx_with_a_reason_and_change_nothing(count):
    rng = random.Random(2026)
    with running_server(quick_timing(clock=300, grace=600)) as (app, base):
        client = Client(base)
        table, token, other, before = a_table_waiting_for_seat_0(client)
        statuses = Counter(refused_and_unchanged(client, random_bad_request(
            rng, table, token, other, before["turn"]), token, before) for _ in range(count))
        assert set(statuses) >= {400, 403, 404, 405, 409, 413}, statuses
        assert len(app.tables()) == 1


def test_the_cards_chosen_that_play_several_ways_ask_which():
    with running_server(quick_timing(clock=30)) as (app, base):
        client = Client(base)
        made = create(client, rules="douzero", seats=["human", "greedy", "greedy"])
        table, token = made["table"], made["token"]
        # Become the landlord, then choose cards that make several moves under DouZero's
        # rules if the hand holds them; else the answer is a plain move or a refusal.
        client.post(table, "act", seat=0, token=token, action="BID_3")
        view = client.wait_for(table, 0, token, lambda v: v["phase"] == "play"
                               and v["to_move"] == 0)
        status, answer = client.post(table, "act", seat=0, token=token, cards=view["hand"],
                                     turn=view["turn"])
        assert status in (200, 409)
        if "choices" in answer:
            status, answer = client.post(table, "act", seat=0, token=token,
                                         action=answer["choices"][0], turn=view["turn"])
            assert status == 200


def test_a_client_that_hangs_up_mid_decision_leaves_the_seat_to_auto_play():
    with running_server(quick_timing(clock=30, grace=0.5)) as (app, base):
        client = Client(base)
        made = create(client, rules="standard", seats=["human", "human", "greedy"])
        table, token = made["table"], made["token"]
        status, other = client.post(table, "join")
        view = client.view(table, 0, token)
        assert view["to_move"] == 0 and view["phase"] == "bidding"    # seat 0's decision
        host, port = base[len("http://"):].rstrip("/").split(":")
        # A long poll that hangs up, and a request cut off in its headers.
        for request in (f"GET /api/tables/{table}/view?seat=0&token={token}&after="
                        f"{view['version']} HTTP/1.0\r\n\r\n",
                        f"POST /api/tables/{table}/act HTTP/1.0\r\nContent-Length: 100\r\n"):
            connection = socket.create_connection((host, int(port)), timeout=5)
            connection.sendall(request.encode())
            time.sleep(0.1)
            connection.close()
        # Seat 1 watches: seat 0 is gone, leaves the hand, and auto-play decides for it.
        watched = client.wait_for(table, 1, other["token"], lambda v: v["left"][0])
        assert watched["auto_play"][0]
        assert any(e["kind"] == "leave" and e["seat"] == 0 for e in watched["events"])
        assert client.wait_for(table, 1, other["token"], lambda v: any(
            e["kind"] == "auto" and e["seat"] == 0 for e in v["events"]))
        # Back again, seat 0 may not turn auto-play off before the hand ends: the rule book.
        status, answer = client.post(table, "auto", seat=0, token=token, on=False)
        assert status == 409 and "left" in answer["error"]


def test_tables_are_bounded_and_idle_ones_are_closed():
    with running_server(quick_timing(idle=0.5), max_tables=2) as (app, base):
        client = Client(base)
        first = create(client, rules="standard")
        create(client, rules="standard")
        status, answer = client.call("POST", "/api/tables", {"rules": "standard"})
        assert status == 503 and "2 tables" in answer["error"]
        time.sleep(1.6)
        status, tables = client.call("GET", "/api/tables")    # the look that closes them
        time.sleep(0.1)
        status, tables = client.call("GET", "/api/tables")
        assert tables == []
        status, answer = client.call("GET", f"/api/tables/{first['table']}/view?seat=0&token="
                                            f"{first['token']}")
        assert status == 404
        assert len(app.tables()) == 0


def test_the_pages_are_served_and_self_contained():
    with running_server() as (app, base):
        client = Client(base)
        status, lobby = client.raw("GET", "/")
        assert status == 200 and b"http" not in lobby and b'id="options"' in lobby
        made = create(client, rules="four_player")
        status, page = client.raw("GET", f"/t/{made['table']}")
        assert status == 200 and b"http" not in page
        status, options = client.call("GET", "/api/options")
        assert set(options["presets"]) >= {"standard", "four_player", "laizi", "runfast"}
        assert "greedy" in options["presets"]["runfast"]["bots"]
        assert "solver" not in options["presets"]["runfast"]["bots"]
