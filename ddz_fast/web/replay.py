"""Replay pages: one recorded hand as one self-contained HTML page (``ddz-fast view``).

:func:`replay_html` replays a record (:mod:`ddz_fast.engine.record`) through every state and
writes a page that steps through them: a picture of the table after each event (drawn by
:mod:`ddz_fast.engine.pictures`), what happened (the bids, doubles, moves and passes,
timeouts and auto-play, wild ranks and deal bonuses), the multiplier as it grows, and at the
end the result and the scores. Buttons and the arrow keys step (Home and End jump to the ends),
a click on an event jumps to it, and a menu shows the open hands or one seat's view (the other
hands face down, only their counts). Style, script and pictures are inline: the page loads
nothing, from anywhere.

Every table that records plays back: three players, no kitty, deal bonuses, four players with
or without a partner, wild cards (the wild ranks shown as they are drawn) and Run Fast.
"""
from __future__ import annotations

from html import escape
from typing import Any, Dict, List, Mapping, Optional, Union

from ..actions import DealBonus
from ..cards import rank_index
from ..engine.base import ACTION_KINDS, StateBase
from ..engine.pictures import state_svg
from ..engine.record import check_record, from_json, game_of, load, replay
from ..validate import check_seat
from .page import html_page, script_data
from .view import event_view

__all__ = ["replay_html", "replay_steps"]

Record = Mapping[str, Any]


def _record(record: Union[Record, str, bytes]) -> Dict[str, Any]:
    if isinstance(record, (str, bytes, bytearray)):
        return from_json(record)
    if not isinstance(record, Mapping):
        raise TypeError(f"record must be a record (a dict) or its JSON text, "
                        f"not {type(record).__name__}")
    return check_record(dict(record))


def _caption(state: StateBase, event: Mapping[str, Any]) -> str:
    """What the event replayed last did, as a line of the page."""
    kind, seat = event["kind"], event["player"]
    if kind in ACTION_KINDS:
        action = state.history[-1][1]
    elif kind == "wild":
        action = rank_index(event["rank"])
    elif kind == "bonus":
        action = DealBonus[event["bonus"]]
    else:
        action = None
    shown = event_view(state, kind, seat, action)
    what = shown["text"] + (f" ({shown['type']})" if shown["type"] not in (None, "pass")
                            else "")
    return what[0].upper() + what[1:] if seat is None else f"Seat {seat}: {what}"


def replay_steps(record: Union[Record, str, bytes]) -> List[Dict[str, Any]]:
    """The steps of a record's replay: the start, then one per event, each with its picture
    (``svg``, every hand face up, inline SVG), its ``caption`` and the multiplier."""
    checked = _record(record)
    steps: List[Dict[str, Any]] = []
    before: Optional[StateBase] = None
    for index, state in enumerate(replay(checked)):
        if before is None:
            caption = "The deal"
        else:
            caption = _caption(state, checked["events"][index - 1])
            if state.redeals > before.redeals:
                caption += " · nobody bid: the cards are dealt again"
        steps.append({"svg": state_svg(state, namespace=False), "caption": caption,
                      "multiplier": state.multiplier})
        before = state
    return steps


def _result(final: StateBase) -> str:
    """The result of a hand as the page shows it at its end, from its last state."""
    if not final.is_over:
        return "<p>The hand was not finished.</p>"
    if final.rules.game == "runfast":
        headline = f"Seat {final.winner} went out first."
    else:
        side = "landlord's side wins" if final.winner == "landlord" else "peasants win"
        headline = (f"The {side}: landlord seat {final.landlord}, base stake "
                    f"{final.base_stake}, multiplier ×{final.multiplier}.")
    rows = "".join(f"<tr><td>Seat {seat}</td><td class=\"score\">{score:+d}</td></tr>"
                   for seat, score in enumerate(final.scores))
    return (f"<p>{escape(headline)}</p><table class=\"scores\"><tr><th>Seat</th>"
            f"<th>Score</th></tr>{rows}</table>")


def replay_html(record: Union[Record, str, bytes], *, seat: Optional[int] = None,
                title: Optional[str] = None) -> str:
    """A self-contained HTML page replaying a recorded hand (a record, or its JSON text).

    ``seat``: the view the page opens with (None: open hands; a seat: that seat's view, the
    other hands face down). ``title``: the page's title (default: the rules and the seed).
    ValueError names what is wrong with a record that does not replay.

    >>> from ddz_fast import Game
    >>> from ddz_fast.engine.record import to_record
    >>> from ddz_fast.search.bots import GreedyBot, play_hand
    >>> state = play_hand(Game().new_state(seed=7), GreedyBot(), GreedyBot())
    >>> page = replay_html(to_record(state))
    >>> page.startswith("<!DOCTYPE html>"), "http" in page
    (True, False)
    """
    checked = _record(record)
    final = load(checked)       # the whole record replays, to the result it records
    steps = replay_steps(checked)
    start = checked["start"]
    rules = game_of(checked).rules
    runfast = rules.game == "runfast"
    players = rules.players
    if seat is not None:
        seat = check_seat("seat", seat, players)
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a str, not {type(title).__name__}")
    game = "Run Fast" if runfast else "Dou Dizhu"
    title = title or f"{game} replay · {rules.name} rules · seed {start['seed']}"
    views = "".join(f'<option value="{s}"{" selected" if s == seat else ""}>Seat {s}\'s view'
                    f"</option>" for s in range(players))
    captions = "".join(f'<li data-step="{index}">{escape(step["caption"])}</li>'
                       for index, step in enumerate(steps) if index)
    body = f"""<main class="replay">
<h1>{escape(title)}</h1>
<nav class="controls">
<button id="first" title="First (Home)">&#x25C0;&#x25C0;</button>
<button id="prev" title="Back (Left arrow)">&#x25C0;</button>
<span id="counter" aria-live="polite"></span>
<button id="next" title="Forward (Right arrow)">&#x25B6;</button>
<button id="last" title="Last (End)">&#x25B6;&#x25B6;</button>
<label>View <select id="view"><option value="open"{"" if seat is not None else " selected"}>
Open hands</option>{views}</select></label>
</nav>
<p id="caption"></p>
<div id="stage" data-view="{"open" if seat is None else seat}"></div>
<section id="result" hidden><h2>Result</h2>{_result(final)}</section>
<ol id="events">{captions}</ol>
</main>
<script type="application/json" id="steps">{script_data(steps)}</script>"""
    return html_page(title, body, styles=("style.css", "replay.css"), scripts=("replay.js",))

