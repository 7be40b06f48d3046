"""The web table's requests and answers, with no socket in sight: :meth:`WebApp.handle` takes a
request's method, target and body and returns the :class:`Response`; :mod:`ddz_fast.web.server`
carries them over HTTP.

Routes (JSON in and out; every answer to a bad request is a 4xx whose JSON is
``{"error": "one line"}``, and changes nothing):

* ``GET /``: the lobby page; ``GET /t/ID``: a table's page; ``GET /t/ID/replay/N?seat=&token=``:
  the replay page of finished hand N (:mod:`ddz_fast.web.replay`).
* ``GET /api/options``: the rule presets and, per preset, the bots that play it.
* ``GET /api/tables``: the tables and their free seats. ``POST /api/tables`` with
  ``{"rules": PRESET, "seats": ["human", "greedy", ...], "hands": N, "chips": N|null,
  "sides": "alone"|"partner", "name": "..."}``: a new table, the asker seated at the first
  seat for a person: ``{"table", "seat", "token"}``.
* ``POST /api/tables/ID/join`` ``{"seat": N|null, "name": "..."}``: a free seat and its token.
* ``GET /api/tables/ID/view?seat=&token=&after=V``: the seat's view (:mod:`ddz_fast.web.view`),
  once the table's version is past ``V`` (a long poll of at most the timing's ``poll``).
* ``POST /api/tables/ID/act`` ``{"seat", "token", "action"|"cards", "turn"}``, ``.../auto``
  ``{"seat", "token", "on"}``, ``.../ready``, ``.../leave``, ``.../start`` ``{"seat",
  "token"}``: the seat's decisions (:class:`~ddz_fast.web.table.Table`); each answers with
  the new view.
* ``GET /api/tables/ID/records/N?seat=&token=``: the record of finished hand N.

Status codes: 400 malformed (bad JSON, a missing or mistyped field, an unknown preset or seat
number), 403 a wrong or missing token or a bot's seat, 404 an unknown table, route or hand, 405
a method a route does not take, 409 an action that is illegal now or out of turn (with
``choices`` when the cards chosen play several ways), 413 a body over the limit, 503 when the
server holds as many tables as it may. Tables nobody asks about for the timing's ``idle``
seconds are closed and forgotten.
"""
from __future__ import annotations

import json
import sys
import threading
import time
from typing import Any, Callable, Dict, List, NamedTuple, Optional
from urllib.parse import parse_qs, urlsplit

from ..engine.base import IllegalActionError
from ..rules import PRESETS, Rules
from ..validate import check_int
from .page import html_page, script_data
from .replay import replay_html
from .table import Choices, Table, TableSettings, Timing, bots_for

__all__ = ["WebApp", "Response", "MAX_BODY", "MAX_TABLES"]

#: The largest request body read, in bytes, and the most tables a server holds at once.
MAX_BODY = 16 << 10
MAX_TABLES = 32


class Response(NamedTuple):
    """An answer: its HTTP status, content type and body."""

    status: int
    content_type: str
    body: bytes

    @classmethod
    def json(cls, value: Any, status: int = 200) -> "Response":
        return cls(status, "application/json", json.dumps(value).encode())

    @classmethod
    def html(cls, text: str) -> "Response":
        return cls(200, "text/html; charset=utf-8", text.encode())

    @classmethod
    def error(cls, status: int, message: str, **more: Any) -> "Response":
        return cls.json({"error": " ".join(str(message).split())[:500], **more}, status)


class _NotFound(LookupError):
    pass


class _Refused(Exception):
    """A request refused with its own status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class WebApp:
    """The tables of one server and the answers to its requests (see the module docstring).

    ``timing``: how the tables keep time (:class:`~ddz_fast.web.table.Timing`; the rule
    book's clocks by default); ``max_tables``: the most tables at once.
    """

    def __init__(self, timing: Timing = Timing(), *, max_tables: int = MAX_TABLES) -> None:
        if not isinstance(timing, Timing):
            raise TypeError(f"timing must be a Timing, not {type(timing).__name__}")
        self.timing = timing
        self.max_tables = check_int("max_tables", max_tables, 1, 1000)
        self._tables: Dict[str, Table] = {}
        self._lock = threading.Lock()
        self._reaped = time.monotonic()

    def tables(self) -> List[Table]:
        """The tables open now."""
        with self._lock:
            return list(self._tables.values())

    def close(self) -> None:
        """Close every table (their threads stop)."""
        with self._lock:
            tables, self._tables = list(self._tables.values()), {}
        for table in tables:
            table.close()

    # --- requests --------------------------------------------------------------------------

    def handle(self, method: str, target: str, body: bytes = b"",
               gone: Optional[Callable[[], bool]] = None) -> Response:
        """The answer to one request: ``method`` (``GET``, ``POST``...), ``target`` (the path
        and query), ``body`` (the raw bytes); ``gone()`` says whether the asker has hung up (a
        long poll then stops waiting). Never raises: a fault of the server itself is a 500."""
        try:
            if not isinstance(method, str) or not isinstance(target, str):
                raise _Refused(400, "a request has a method and a target, both text")
            if not isinstance(body, (bytes, bytearray)):
                raise _Refused(400, "a request body is bytes")
            if len(body) > MAX_BODY:
                raise _Refused(413, f"a request body has at most {MAX_BODY} bytes")
            self._reap()
            return self._route(method.upper(), target, bytes(body), gone)
        except _Refused as refused:
            return Response.error(refused.status, str(refused))
        except _NotFound as error:
            return Response.error(404, str(error))
        except PermissionError as error:
            return Response.error(403, str(error))
        except Choices as error:
            return Response.error(409, str(error), choices=error.choices)
        except IllegalActionError as error:
            return Response.error(409, str(error))
        except LookupError as error:
            return Response.error(404, str(error.args[0] if error.args else error))
        except (ValueError, TypeError) as error:
            return Response.error(400, str(error))
        except Exception as error:      # a fault of the server: logged, and the server goes on
            # The error's text may name cards of any hand: the answer gets only its kind.
            print(f"ddz-fast serve: {method!r:.10} {target!r:.80}: {type(error).__name__}: "
                  f"{error}", file=sys.stderr)
            return Response.error(500, f"internal error ({type(error).__name__})")

    def _route(self, method: str, target: str, body: bytes,
               gone: Optional[Callable[[], bool]]) -> Response:
        parts = urlsplit(target)
        path = [part for part in parts.path.split("/") if part]
        query = {k: v[-1] for k, v in parse_qs(parts.query, max_num_fields=20).items()}
        if path[:1] == ["api"]:
            return self._api(method, path[1:], query, body, gone)
        if method != "GET":
            raise _Refused(405, f"{method} is not a method of {parts.path[:60]!r}")
        if not path:
            return Response.html(self._lobby_page())
        if path[0] == "t" and len(path) == 2:
            return Response.html(self._table_page(self._table(path[1])))
        if path[0] == "t" and len(path) == 4 and path[2] == "replay":
            table = self._table(path[1])
            seat, token = _seat_of(query), query.get("token")
            record = table.record(seat, token, _number(path[3], "hand"))
            return Response.html(replay_html(record))
        raise _NotFound(f"no page {parts.path[:60]!r}")

    def _api(self, method: str, path: List[str], query: Dict[str, str], body: bytes,
             gone: Optional[Callable[[], bool]]) -> Response:
        if path == ["options"]:
            _method(method, "GET")
            return Response.json(self._options())
        if path == ["tables"]:
            if method == "GET":
                return Response.json([table.summary() for table in self.tables()])
            _method(method, "POST")
            return Response.json(self._create(_json(body)), 201)
        if len(path) < 3 or path[0] != "tables":
            raise _NotFound(f"no route /api/{'/'.join(path)[:60]}")
        table, verb = self._table(path[1]), path[2]
        if verb == "view" and len(path) == 3:
            _method(method, "GET")
            return Response.json(table.view(_seat_of(query), query.get("token"),
                                            _number(query.get("after", "-1"), "after", -1),
                                            self.timing.poll, gone))
        if verb == "records" and len(path) == 4:
            _method(method, "GET")
            return Response.json(table.record(_seat_of(query), query.get("token"),
                                              _number(path[3], "hand")))
        if len(path) != 3 or verb not in _ACTIONS:
            raise _NotFound(f"no route /api/{'/'.join(path)[:60]}")
        _method(method, "POST")
        return Response.json(_ACTIONS[verb](table, _json(body)))

    # --- tables ----------------------------------------------------------------------------

    def _table(self, table_id: str) -> Table:
        with self._lock:
            table = self._tables.get(table_id)
        if table is None:
            raise _NotFound(f"no table {table_id[:40]!r}: it never was, or it closed")
        return table

    def _create(self, request: Dict[str, Any]) -> Dict[str, Any]:
        settings = _settings(request)
        name = _field(request, "name", str, "")
        with self._lock:
            if len(self._tables) >= self.max_tables:
                raise _Refused(503, f"the server holds {self.max_tables} tables, its most: "
                                    f"try again later")
            table = Table(settings, self.timing)
            self._tables[table.id] = table
        seat, token = table.join(None, name)
        return {"table": table.id, "seat": seat, "token": token, "page": f"/t/{table.id}"}

    def _reap(self) -> None:
        """Close the tables nobody has asked about for the timing's ``idle`` seconds (at most
        one look a second)."""
        now = time.monotonic()
        if now - self._reaped < 1.0:
            return
        self._reaped = now
        with self._lock:
            idle = [key for key, table in self._tables.items()
                    if now - table.last_request > self.timing.idle or table.closed]
            closing = [self._tables.pop(key) for key in idle]
        for table in closing:
            table.close()

    def _options(self) -> Dict[str, Any]:
        return {"presets": {name: {"players": rules.players, "game": rules.game,
                                   "bots": bots_for(rules)}
                            for name, rules in PRESETS.items()},
                "clock": {"bid": self.timing.clock.bid, "double": self.timing.clock.double,
                          "follow": self.timing.clock.follow, "lead": self.timing.clock.lead}}

    # --- pages -----------------------------------------------------------------------------

    def _lobby_page(self) -> str:
        body = ('<main class="lobby" id="lobby"></main>\n<script type="application/json" '
                f'id="options">{script_data(self._options())}</script>')
        return html_page("ddz_fast · a table to play at", body, styles=("style.css",
                                                                      "table.css"),
                         scripts=("lobby.js",))

    def _table_page(self, table: Table) -> str:
        body = (f'<main class="table" id="app" data-table="{table.id}"></main>\n'
                f'<script type="application/json" id="summary">{script_data(table.summary())}'
                f"</script>")
        return html_page(f"ddz_fast · table {table.id}", body,
                         styles=("style.css", "table.css"), scripts=("table.js",))


# --- request fields ------------------------------------------------------------------------

def _method(method: str, allowed: str) -> None:
    if method != allowed:
        raise _Refused(405, f"this route takes {allowed}, not {method[:10]}")


def _json(body: bytes) -> Dict[str, Any]:
    try:
        value = json.loads(body.decode("utf-8")) if body.strip() else {}
    except (UnicodeDecodeError, ValueError) as error:
        raise _Refused(400, f"the body is not JSON: {error}") from None
    if not isinstance(value, dict):
        raise _Refused(400, "the body must be a JSON object")
    return value


def _field(request: Dict[str, Any], name: str, kind: type, default: Any = ...) -> Any:
    value = request.get(name, default)
    if value is ...:
        raise _Refused(400, f"the request lacks {name!r}")
    if value is not default and (not isinstance(value, kind) or isinstance(value, bool)
                                 and kind is not bool):
        raise _Refused(400, f"{name} must be {kind.__name__}, not {type(value).__name__}")
    return value


def _number(text: Any, name: str, low: int = 1) -> int:
    if isinstance(text, str):
        if not (text.lstrip("-").isdigit() and text.isascii() and len(text) < 12):
            raise _Refused(400, f"{name} must be a number, not {text[:20]!r}")
        text = int(text)
    return check_int(name, text, low)


def _seat_of(fields: Dict[str, Any]) -> int:
    seat = fields.get("seat")
    if seat is None:
        raise _Refused(400, "the request lacks 'seat'")
    return _number(seat, "seat", 0)


def _settings(request: Dict[str, Any]) -> TableSettings:
    preset = _field(request, "rules", str, "standard")
    if preset not in PRESETS:
        raise _Refused(400, f"unknown rules {preset[:40]!r}: choose one of {', '.join(PRESETS)}")
    rules: Rules = PRESETS[preset]
    sides = _field(request, "sides", str, None)
    if sides is not None:
        rules = rules.replace(sides=sides)
    seats = _field(request, "seats", list, None)
    if seats is None:
        seats = ["human"] + [bots_for(rules)[1 if len(bots_for(rules)) > 1 else 0]] * \
            (rules.players - 1)
    chips = request.get("chips")
    return TableSettings(rules, tuple(seats), _field(request, "hands", int, 6),
                         None if chips is None else _field(request, "chips", int))


def _act(table: Table, request: Dict[str, Any]) -> Dict[str, Any]:
    return table.act(_seat_of(request), request.get("token"), _field(request, "action", str,
                                                                     None),
                     _field(request, "cards", str, None), _field(request, "turn", int, None))


def _with_seat(method: Callable[..., Dict[str, Any]]) -> Callable[[Table, Dict[str, Any]],
                                                                    Dict[str, Any]]:
    def call(table: Table, request: Dict[str, Any]) -> Dict[str, Any]:
        return method(table, _seat_of(request), request.get("token"))
    return call


def _join(table: Table, request: Dict[str, Any]) -> Dict[str, Any]:
    seat = request.get("seat")
    seat, token = table.join(None if seat is None else _seat_of(request),
                             _field(request, "name", str, ""))
    return {"table": table.id, "seat": seat, "token": token, "page": f"/t/{table.id}"}


_ACTIONS: Dict[str, Callable[[Table, Dict[str, Any]], Dict[str, Any]]] = {
    "act": _act,
    "auto": lambda table, request: table.set_auto_play(
        _seat_of(request), request.get("token"), _field(request, "on", bool)),
    "ready": _with_seat(Table.ready),
    "leave": _with_seat(Table.leave),
    "start": _with_seat(Table.start),
    "join": _join,
}
