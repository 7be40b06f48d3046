"""``ddz-fast serve``: the web table, where people play against each other and the bots in a
browser (:mod:`ddz_fast.web.server`).

Each person opens the page in a tab of their own: the first creates a table (the rules, which
seats are people and which bots), the others join it by its link. The rule book's clocks run
(``--clock`` sets every limit to the same number of seconds, for a quick game or a test), a
timeout plays the engine's timeout action, two in a row turn auto-play on, and a person who
closes the page is played by auto-play until the hand ends.
"""
from __future__ import annotations

import argparse
import sys

from ddz_fast.engine.clock import Clock
from ddz_fast.web.app import MAX_TABLES, WebApp
from ddz_fast.web.server import make_server
from ddz_fast.web.table import Timing

from .common import seconds_option

NAME = "serve"
HELP = "serve the web table: play in a browser against people and bots"
DESCRIPTION = """\
Serve the web table: open the address it prints in a browser, choose the rules
and who sits where (people or bots: greedy, pimc, ismcts, solver, random, as
they play the table), and play by clicking cards. Others join the table by its
link, in their own browser tabs. The rule book's clocks run (15 s to bid, 10 to
double, 25 to follow, 30 to lead), two timeouts in a row turn auto-play on, and
a player who closes the page is played by auto-play until the hand ends.

The server binds 127.0.0.1 (this machine only) unless --host says otherwise;
stop it with Ctrl-C.
"""
EXAMPLES = """\
ddz-fast serve
ddz-fast serve --port 8080 --clock 60
"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to bind (default: 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=int, default=8000,
                        help="the port to listen on (default: 8000; 0: any free port)")
    parser.add_argument("--clock", type=seconds_option, default=None, metavar="SECONDS",
                        help="every decision's time limit (default: the rule book's)")
    parser.add_argument("--max-tables", type=int, default=MAX_TABLES,
                        help=f"the most tables at once (default: {MAX_TABLES})")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    parser.add_argument("--check", action="store_true",
                        help="bind, print the address and stop (to check the options)")


def run(args: argparse.Namespace) -> int:
    clock = Clock() if args.clock is None else Clock(args.clock, args.clock, args.clock,
                                                       args.clock)
    app = WebApp(Timing(clock=clock), max_tables=args.max_tables)
    try:
        server = make_server(args.host, args.port, app=app, verbose=args.verbose)
    except OSError as error:
        raise ValueError(f"cannot listen on {args.host}:{args.port}: "
                         f"{error.strerror or error}") from None
    print(f"Serving the web table at {server.url} (Ctrl-C stops it)", flush=True)
    try:
        if not args.check:
            server.serve_forever()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
    finally:
        server.server_close()
    return 0
