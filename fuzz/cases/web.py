"""Generators of the pictures (cards, positions, states), the replay pages, the seat views and
the web table: its request handler, its tables, its server."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any, List

from ddz_fast import Game, Move
from ddz_fast.engine import pictures as state_pictures
from ddz_fast.engine.clock import Clock
from ddz_fast.engine.record import to_record
from ddz_fast.pictures import SeatPicture, TablePicture, card_label, cards_svg, table_svg
from ddz_fast.positions import pictures as position_pictures
from ddz_fast.search.bots import RandomBot, act
from ddz_fast.web import page, replay, view
from ddz_fast.web.app import Response, WebApp
from ddz_fast.web.server import make_server, serve
from ddz_fast.web.table import Table, TableSettings, Timing, bots_for

from .core import Gen, Mismatch, call_text, entry, r
from .engine import _record_value

#: The tables a hostile call meets: every kind of state.
TABLE_PRESETS = ["standard", "no_kitty", "botzone", "four_player", "laizi", "tiandi_laizi",
                 "runfast", "runfast_15"]


def _state(g: Gen):
    """A state of a random table, some random actions into its hand (maybe at its end)."""
    state = Game(g.pick(TABLE_PRESETS)).new_state(seed=g.rng.randrange(1000))
    bot = RandomBot(seed=g.rng.randrange(1000))
    for _ in range(g.pick([0, 1, 3, 10, 40, 400])):
        if state.is_over:
            break
        state.apply(act(bot, state))
    return state


def _well_formed(svg: Any) -> Any:
    """A picture must parse as XML (a Mismatch otherwise)."""
    try:
        ET.fromstring(svg)
    except ET.ParseError as error:
        raise Mismatch(f"the picture is not well-formed XML: {error}") from None
    return len(svg)


def _counts(g: Gen):
    return g.pick([g.valid_counts(), list(g.two_deck_counts()), [0] * 15, g.any(),
                   [5] * 15, [-1] + [0] * 14, "33", (1,) * 14, [True] * 15])


@entry("pictures", covers=[
    "ddz_fast.pictures.cards_svg", "ddz_fast.pictures.table_svg", "ddz_fast.pictures.card_label",
    "ddz_fast.pictures.SeatPicture", "ddz_fast.pictures.TablePicture",
    "ddz_fast.positions.pictures.position_picture", "ddz_fast.positions.pictures.position_svg",
    "ddz_fast.positions.pictures.seat_role", "ddz_fast.positions.pictures.move_line",
    "ddz_fast.engine.pictures.state_picture", "ddz_fast.engine.pictures.state_svg",
    "ddz_fast.engine.pictures.action_text", "ddz_fast.engine.pictures.current_trick"],
    examples=60)
def _(g: Gen):
    """Pictures of hostile data, and of real states, positions, hands and moves (which must
    parse as XML)."""
    which = g.pick(["cards", "table", "label", "position", "state", "state", "text", "trick"])
    if which == "cards":
        counts, suits = _counts(g), g.pick([None, ["SH"] + [""] * 14, ["X"] * 15, g.any()])
        wild, caption = g.pick([(), (0,), (99,), "5", g.any()]), g.pick(["", "x", "<&>", 5])

        def run():
            return _well_formed(cards_svg(counts, suits=suits, wild=wild, caption=caption))
        return call_text("cards_svg", counts, suits=suits, wild=wild, caption=caption), run
    if which == "table":
        seats = g.pick([3, 2, 4, 1, 5])
        args = [(g.pick(["Seat", "<b>", 5, None]), g.pick([0, 17, -1, 100, "3", g.any()]),
                 g.pick([None, g.valid_counts(), g.any()]), None,
                 g.pick([None, "pass", 7]), g.pick([None, g.valid_counts(), g.any()]),
                 g.pick([(), ("auto",), "auto", (5,)])) for _ in range(seats)]
        to_move, bottom = g.pick([None, 0, 2, 7, "1", g.any()]), g.pick([0, 1, -1, None])
        kitty, lines = g.pick([None, g.valid_counts(), g.any()]), g.pick([(), ("x",), "x"])

        def run():
            table = TablePicture(tuple(SeatPicture(*fields) for fields in args), to_move,
                                 bottom, g.pick([(), (3,)]), kitty, lines)
            return _well_formed(table_svg(table, namespace=g.pick([True, False, "no"])))
        return f"table_svg(TablePicture({r(args)}, {r(to_move)}, {r(bottom)}, ...))", run
    if which == "label":
        rank = g.pick([0, 7, 14, 15, -1, True, 3.0, "3", g.any()])
        return call_text("card_label", rank), lambda: card_label(rank)
    if which == "position":
        position = g.position(mutate=0)
        fields = [list(position.hands), position.to_move, position.prev, position.passes]
        if g.chance(0.5):
            index = g.rng.randrange(4)
            fields[index] = g.any()
        landlord = g.pick([position.landlord, None, 5, g.any()])
        wild = g.pick([(), (2,), (13,), "5", g.any()])

        def run():
            svg = position_pictures.position_svg(*fields, landlord=landlord, wild=wild)
            return _well_formed(svg)
        return call_text("position_svg", *fields, landlord=landlord, wild=wild), run
    if which == "state":
        state = _state(g) if g.chance(0.9) else g.any()
        visible = g.pick([None, [0], [1, 2], [5], "0", [True], g.any()])
        bottom = g.pick([0, 1, 3, -1, None])

        def run():
            svg = state_pictures.state_svg(state, visible, bottom=bottom)
            state_pictures.state_picture(state, visible, bottom=bottom)
            return _well_formed(svg)
        return call_text("state_svg", state, visible, bottom=bottom), run
    if which == "text":
        value = g.pick([Move.parse("33"), Move.PASS, 5, None, g.any()])
        fn = g.pick([state_pictures.action_text, position_pictures.move_line,
                     lambda v: position_pictures.seat_role(v, g.pick([0, None]), 2)])
        return call_text("action_text/move_line/seat_role", value), lambda: fn(value)
    moves = g.pick([[(0, Move.parse("3")), (1, Move.PASS)], [], [(0, "3")], "33", g.any()])
    players = g.pick([3, 2, 4, 1, 9, "3", None])
    return (call_text("current_trick", moves, players),
            lambda: state_pictures.current_trick(moves, players))


@entry("web.replay", covers=["ddz_fast.web.replay.replay_html", "ddz_fast.web.replay.replay_steps"],
       examples=30)
def _(g: Gen):
    """Replay pages of real records (of every table), of records changed slightly, and of
    hostile values; a page made must load nothing from the network."""
    if g.chance(0.5):
        record: Any = to_record(_state(g))
    else:
        record = _record_value(g) if g.chance(0.9) else g.any()
    if g.chance(0.2):
        record = json.dumps(record, default=str)
    seat, title = g.pick([None, 0, 2, 3, -1, "1", g.any()]), g.pick([None, "title", 5])

    def run():
        if g.chance(0.3):
            return len(replay.replay_steps(record))
        made = replay.replay_html(record, seat=seat, title=title)
        if "http" in made:
            raise Mismatch("a replay page names an http address")
        return len(made)
    return call_text("replay_html", record, seat=seat, title=title), run


@entry("web.view", covers=["ddz_fast.web.view.seat_view", "ddz_fast.web.view.information_of",
                           "ddz_fast.web.view.event_view", "ddz_fast.web.view.options_of"],
       examples=40)
def _(g: Gen):
    """A seat's view of real states of every table (which holds no other hand while the hand
    goes on), and hostile calls."""
    state = _state(g) if g.chance(0.9) else g.any()
    seat = g.pick([0, 1, 2, 3, -1, "0", None, True, g.any()])
    which = g.pick(["view", "view", "info", "event", "options"])

    def run():
        if which == "info":
            return view.information_of(state, seat)
        if which == "options":
            return view.options_of(state)
        if which == "event":
            kind = g.pick(["act", "wild", "bonus", "leave", "auto_on", "bogus", None])
            return view.event_view(state, kind, seat, g.pick([Move.PASS, 3, None, g.any()]))
        made = view.seat_view(state, seat)
        json.dumps(made)
        if not state.is_over and (made["hand"] != str(state.hands[seat])
                                  or made["revealed"] is not None):
            raise Mismatch("a view of a hand being played shows more than the seat's cards")
        return len(made)
    return call_text(f"view.{which}", state, seat), run


@entry("web.page", covers=["ddz_fast.web.page.asset", "ddz_fast.web.page.html_page",
                           "ddz_fast.web.page.script_data"], examples=20)
def _(g: Gen):
    name = g.pick(["style.css", "table.js", "nothing.css", "../app.py", "", 5, g.any()])
    which = g.pick(["asset", "page", "data"])
    if which == "asset":
        return call_text("asset", name), lambda: len(page.asset(name))
    if which == "data":
        value = g.pick([{"a": "</script>"}, [1, 2], float("nan"), g.any()])
        return call_text("script_data", value), lambda: page.script_data(value)
    title, body = g.pick(["t", "<&>", 5]), g.pick(["<p>x</p>", "", None])
    return (call_text("html_page", title, body, styles=(name,)),
            lambda: len(page.html_page(title, body, styles=(name,))))


def _quick() -> Timing:
    return Timing(clock=Clock(0.2, 0.2, 0.2, 0.2), bot_delay=0, auto_delay=0, pause=0.05,
                  poll=0.2, grace=0.2, idle=30)


def _requests(g: Gen, table: str, token: str) -> List[tuple]:
    """Requests to one app, most aimed at its table, with hostile parts."""
    paths = [f"/api/tables/{table}/{verb}" for verb in ("act", "auto", "ready", "leave",
                                                        "start", "join", "view", "records/1")]
    paths += ["/", "/api/options", "/api/tables", f"/t/{table}", f"/t/{table}/replay/1",
              "/api/tables/nope/act", "/%00", "/api//tables", "/" + "x" * 5000, g.text()]
    made = []
    for _ in range(g.rng.randint(1, 6)):
        fields = {"seat": g.pick([0, 1, 7, -1, "0", None, True]),
                  "token": g.pick([token, "wrong", None, 5]),
                  g.pick(["action", "cards", "on", "turn", "name", "seats", "rules"]):
                      g.pick(["PASS", "BID_3", "3", "33", "pass", True, 0, None, [],
                              {"x": 1}, "standard", ["human"] * 3, g.text()])}
        body = g.pick([json.dumps(fields).encode(), b"", b"{", b"[]", b"\xff\xfe",
                       json.dumps(fields)[:7].encode(), b"x" * 17000])
        query = g.pick(["", f"?seat=0&token={token}&after=-1", "?seat=x", "?after=99&seat=0",
                        f"?seat=0&token={token}&after=" + "9" * 30, "?" + "&".join(["a=1"] * 30)])
        made.append((g.pick(["GET", "POST", "PUT", "DELETE", "", "get", None]),
                     g.pick(paths) + query, body))
    return made


@entry("web.app", covers=["ddz_fast.web.app.WebApp", "ddz_fast.web.app.WebApp.handle",
                          "ddz_fast.web.app.WebApp.tables", "ddz_fast.web.app.WebApp.close",
                          "ddz_fast.web.app.Response", "ddz_fast.web.app.Response.json",
                          "ddz_fast.web.app.Response.html", "ddz_fast.web.app.Response.error"],
       examples=30)
def _(g: Gen):
    """Hostile requests to the request handler: every answer is a Response, none a 5xx."""
    def run():
        app = WebApp(_quick(), max_tables=g.pick([1, 2, 32]))
        try:
            made = json.loads(app.handle("POST", "/api/tables", json.dumps(
                {"rules": g.pick(TABLE_PRESETS), "hands": 1}).encode()).body)
            for method, target, body in _requests(g, made.get("table", "x"),
                                                  made.get("token", "y")):
                answer = app.handle(method, target, body)
                # 503 is the documented refusal of a table beyond max_tables
                if not isinstance(answer, Response) or not (200 <= answer.status < 500
                                                            or answer.status == 503):
                    raise Mismatch(f"{method} {target[:80]!r}: {answer!r:.300}")
            Response.html("x"), Response.json([1]), Response.error(400, "x\ny")
            return len(app.tables())
        finally:
            app.close()
    return "WebApp.handle(hostile requests)", run


@entry("web.table", covers=[
    "ddz_fast.web.table.Table", "ddz_fast.web.table.Table.join", "ddz_fast.web.table.Table.start",
    "ddz_fast.web.table.Table.view", "ddz_fast.web.table.Table.act",
    "ddz_fast.web.table.Table.set_auto_play", "ddz_fast.web.table.Table.leave",
    "ddz_fast.web.table.Table.ready", "ddz_fast.web.table.Table.record",
    "ddz_fast.web.table.Table.summary", "ddz_fast.web.table.Table.close",
    "ddz_fast.web.table.TableSettings", "ddz_fast.web.table.Timing",
    "ddz_fast.web.table.bots_for"], examples=25)
def _(g: Gen):
    """A live table's methods with hostile arguments, and its settings."""
    preset = g.pick(TABLE_PRESETS)
    if g.chance(0.3):
        args = (g.pick([preset, "bogus", None, g.any()]),
                g.pick([("human", "greedy", "random"), ("greedy",) * 3, "human", (5, 5, 5),
                        ("human", "solver", "bogus"), g.any()]),
                g.pick([1, 0, 101, "2", g.any()]), g.pick([None, 0, 100, -5, "1"]))
        which = g.pick(["settings", "timing", "bots"])
        if which == "settings":
            return call_text("TableSettings", *args), lambda: TableSettings(*args)
        if which == "bots":
            return call_text("bots_for", args[0]), lambda: bots_for(args[0])
        value = g.pick([0, -1, float("nan"), float("inf"), "1", 1e9, g.any()])
        field_ = g.pick(["bot_delay", "poll", "grace", "idle", "clock"])
        return call_text("Timing", **{field_: value}), lambda: Timing(**{field_: value})

    def run():
        players = Game(preset).num_players
        settings = TableSettings(preset, ("human",) + ("random",) * (players - 1), hands=1)
        table = Table(settings, _quick())
        try:
            seat, token = table.join(g.pick([None, 0]), g.pick(["", "me", "x" * 30, 5]))
            for _ in range(g.rng.randint(1, 5)):
                who = g.pick([seat, seat, 1, 9, "0", None])
                key = g.pick([token, token, "nope", None, 7])
                method = g.pick(["view", "act", "act", "auto", "leave", "ready", "record",
                                 "start", "summary", "join"])
                try:
                    if method == "view":
                        table.view(who, key, g.pick([-1, 0, 10**9, "x"]),
                                   g.pick([0, 0.05, -1, float("nan")]))
                    elif method == "act":
                        table.act(who, key, g.pick([None, "PASS", "BID_3", "pass", "3", 5]),
                                  g.pick([None, "3", "33", "BR", "", "x"]),
                                  g.pick([None, 0, 1, -1, "1"]))
                    elif method == "auto":
                        table.set_auto_play(who, key, g.pick([True, False, 1, None]))
                    elif method == "leave":
                        table.leave(who, key)
                    elif method == "ready":
                        table.ready(who, key)
                    elif method == "record":
                        table.record(who, key, g.pick([1, 0, 2, "1", None]))
                    elif method == "start":
                        table.start(who, key)
                    elif method == "summary":
                        json.dumps(table.summary())
                    else:
                        table.join(g.pick([None, 1, 5]), "again")
                except (ValueError, TypeError, PermissionError, LookupError):
                    pass      # clear refusals; anything else is a finding
            return table.summary()["hand"]
        finally:
            table.close()
    return f"Table({preset}) methods with hostile arguments", run


@entry("web.server", covers=["ddz_fast.web.server.make_server", "ddz_fast.web.server.serve"],
       examples=15)
def _(g: Gen):
    """The server's makers: hostile arguments are refused before anything binds; a server
    made binds a free port of 127.0.0.1 and closes."""
    host = g.pick(["127.0.0.1", 5, None, b"127.0.0.1"])
    port = g.pick([0, -1, 65536, 2**70, "80", None, 1.5])
    app = g.pick([None, WebApp(_quick()), "app", g.any()])
    if g.chance(0.3):       # serve only with arguments it refuses: it would serve forever
        bad_port = g.pick([-1, 65536, "80", None])
        return call_text("serve", host, bad_port), lambda: serve(host, bad_port)

    def run():
        server = make_server(host, port, app=app, max_connections=g.pick([64, 0, "8", 1]))
        server.server_close()
        return server.url
    return call_text("make_server", host, port, app=app), run
