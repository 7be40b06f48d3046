"""The web table over HTTP, on the standard library alone (``ddz-fast serve``).

:func:`make_server` binds a ``http.server.ThreadingHTTPServer`` (one thread per
connection, 127.0.0.1 by default) that hands every request to a :class:`~ddz_fast.web.app.WebApp`;
:func:`serve` runs one until interrupted. Why this stack (docs/web.md, "Why the standard
library"): a table is a few people on one machine or a LAN, the engine is synchronous Python
behind a lock per table, and news reach the pages by long polling (a request that waits for
the table to change), which plain threads serve well; so no dependency is added, and nothing
asynchronous wraps an engine that is not.

The server holds up under clients that misbehave: a connection that says nothing is closed
after ``TIMEOUT`` seconds, at most ``max_connections`` are served at once (the others get a
503), a body larger than the app's limit is refused unread, a client that hangs up in the
middle of a long poll ends the wait (its seat counts as gone after the timing's ``grace``,
and auto-play plays its hand), and a client that hangs up before its answer is written costs
nothing but the answer.
"""
from __future__ import annotations

import select
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Optional, Tuple

from ..validate import check_int
from .app import MAX_BODY, Response, WebApp

__all__ = ["make_server", "serve", "TIMEOUT", "MAX_CONNECTIONS"]

#: Seconds a connection may stay silent, and the most connections served at once.
TIMEOUT = 30.0
MAX_CONNECTIONS = 64


class _Handler(BaseHTTPRequestHandler):
    """One connection: each request goes to the server's app."""

    server: "_TableServer"
    server_version = "ddz-fast"
    timeout = TIMEOUT
    # HTTP/1.0: one request per connection, so a hung-up long poll is one closed socket.
    protocol_version = "HTTP/1.0"

    def do_GET(self) -> None:           # noqa: N802 (the names http.server calls)
        self._answer("GET")

    def do_POST(self) -> None:          # noqa: N802
        self._answer("POST")

    def do_PUT(self) -> None:           # noqa: N802
        self._answer("PUT")

    def do_DELETE(self) -> None:        # noqa: N802
        self._answer("DELETE")

    def do_PATCH(self) -> None:         # noqa: N802 (else http.server answers a 501 page)
        self._answer("PATCH")

    def do_OPTIONS(self) -> None:       # noqa: N802
        self._answer("OPTIONS")

    def _answer(self, method: str) -> None:
        length = self.headers.get("Content-Length", "0").strip()
        if not (length.isdigit() and length.isascii()):
            response = Response.error(400, "Content-Length must be a number of bytes")
        elif int(length) > MAX_BODY:        # refused unread
            response = Response.error(413, f"a request body has at most {MAX_BODY} bytes")
        else:
            body = self.rfile.read(int(length))
            response = self.server.app.handle(method, self.path, body, self._gone)
        try:
            self.send_response(response.status)
            self.send_header("Content-Type", response.content_type)
            self.send_header("Content-Length", str(len(response.body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            self.wfile.write(response.body)
        except (BrokenPipeError, ConnectionResetError, socket.timeout):
            pass            # the client hung up before its answer: nothing to do

    def _gone(self) -> bool:
        """Whether the client has hung up (its side of the socket is closed)."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (http.server's name)
        if self.server.verbose:
            super().log_message(format, *args)


class _TableServer(ThreadingHTTPServer):
    """The HTTP server of a WebApp (see the module docstring)."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: Tuple[str, int], app: WebApp, *,
                 max_connections: int = MAX_CONNECTIONS, verbose: bool = False) -> None:
        self.app = app
        self.verbose = verbose
        self._slots = threading.BoundedSemaphore(check_int("max_connections", max_connections,
                                                           1, 10_000))
        super().__init__(address, _Handler)

    @property
    def url(self) -> str:
        """The address served, as a URL."""
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):     # too many at once: refused at once
            try:
                request.sendall(b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: "
                                b"application/json\r\n\r\n{\"error\": \"too many connections"
                                b": try again\"}")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A connection's fault (a reset, a garbled request) ends that connection only.
        error = sys.exc_info()[1]
        if self.verbose:
            print(f"ddz-fast serve: {client_address}: {type(error).__name__}: {error}",
                  file=sys.stderr)

    def server_close(self) -> None:
        super().server_close()
        self.app.close()


def make_server(host: str = "127.0.0.1", port: int = 8000, *, app: Optional[WebApp] = None,
                max_connections: int = MAX_CONNECTIONS, verbose: bool = False) -> _TableServer:
    """A ``ThreadingHTTPServer`` bound to ``host``:``port`` (port 0: a free
    port; its ``url`` says which), serving ``app`` (default: a new
    :class:`~ddz_fast.web.app.WebApp` with the rule book's clocks). Run it with
    ``serve_forever()``; ``server_close()`` closes its tables."""
    if not isinstance(host, str):
        raise TypeError(f"host must be text, not {type(host).__name__}")
    port = check_int("port", port, 0, 65535)
    if app is not None and not isinstance(app, WebApp):
        raise TypeError(f"app must be a WebApp, not {type(app).__name__}")
    return _TableServer((host, port), app if app is not None else WebApp(),
                       max_connections=max_connections, verbose=verbose)


def serve(host: str = "127.0.0.1", port: int = 8000, *, app: Optional[WebApp] = None,
          verbose: bool = False) -> None:
    """Serve the web table until interrupted (Ctrl-C), then close it."""
    server = make_server(host, port, app=app, verbose=verbose)
    try:
        server.serve_forever()
    finally:
        server.server_close()
