"""The pages in a real headless browser: Debian's chromium driven by Playwright for Python
(the ``browser`` extra), never a downloaded browser build. Skipped, saying why, where either is
missing (.ci/run installs both).

The replay page is stepped through with its buttons and the arrow keys, and what it shows is
read back and compared with the record it replays; a hand is played at the web table by
clicking cards, and every answer the page was sent is checked against the hands the record
holds; two timeouts turn auto-play on, which the page shows and its button turns off; closing
the page in the middle of a decision leaves the seat to auto-play.

The tests take screenshots of a replay and of a table in the middle of a hand: into the test's
folder, and also into the folder that ``DDZ_FAST_SCREENSHOTS`` names if set (docs/images/ holds
the documentation's: ``DDZ_FAST_SCREENSHOTS=docs/images pytest tests/web/test_browser.py``).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import struct
import time
from pathlib import Path

import pytest

from ddz_fast import Game
from ddz_fast.engine.record import to_record
from ddz_fast.search.bots import GreedyBot, act
from ddz_fast.web.replay import replay_html
from support.webtable import (Client, check_views_against_the_record, quick_timing,
                              running_server)

sync_api = pytest.importorskip("playwright.sync_api",
                               reason="Playwright for Python (the browser extra) is not "
                                      "installed")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed "
                                                         "(apt-get install chromium)")
#: How the page writes each kind of bid and double (docs/RULES.md's names, read by a person).
SPOKEN = {"PASS": "pass", "BID_1": "bid 1", "BID_2": "bid 2", "BID_3": "bid 3", "CALL": "call",
          "ROB": "rob", "DOUBLE": "double", "NO_DOUBLE": "no double"}
#: The size of the screenshots' window: the documentation's pictures stay small.
VIEWPORT = {"width": 1100, "height": 800}


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=["--no-sandbox"])
        yield launched
        launched.close()


def screenshot(page, folder: Path, name: str) -> None:
    """A PNG of what the page shows, into ``folder`` and the folder that
    ``DDZ_FAST_SCREENSHOTS`` names if set; checked to be a PNG of the window's size."""
    path = folder / name
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path))
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])         # the IHDR chunk's first fields
    assert (width, height) == (VIEWPORT["width"], VIEWPORT["height"]) and len(data) > 10_000
    if os.environ.get("DDZ_FAST_SCREENSHOTS"):
        shutil.copyfile(path, Path(os.environ["DDZ_FAST_SCREENSHOTS"]) / name)


def create_table(page, base: str, seats: tuple, hands: int) -> None:
    """Make a standard table in the lobby, seat 0 for the page and the bots named elsewhere."""
    page.goto(base)
    page.select_option("#rules", "standard")
    for seat, bot in enumerate(seats, 1):
        page.select_option(f"#seat-{seat}", bot)
    page.fill("#hands", str(hands))
    page.click("#create-table")


def seat_token(page) -> tuple:
    """(table, seat, token) the page keeps in its session storage."""
    table = page.url.rstrip("/").split("/")[-1]
    saved = json.loads(page.evaluate(f"sessionStorage.getItem('ddz-table-{table}')"))
    return table, saved["seat"], saved["token"]


def played_record(preset: str, seed: int) -> dict:
    state = Game(preset).new_state(seed=seed)
    bot = GreedyBot(seed=seed)
    while not state.is_over:
        state.apply(act(bot, state))
    return to_record(state)


def expected_caption(event: dict) -> str:
    """The start of the line the page shows for a recorded event, from the record alone."""
    action = event.get("action", "")
    return f"Seat {event['player']}: {SPOKEN.get(action, action)}"


def visible_cards(page, seat: int) -> int:
    return page.locator(f"#stage .seat-{seat} .faces .card").evaluate_all(
        "cards => cards.filter(c => c.getBoundingClientRect().width > 0).length")


@pytest.mark.parametrize("preset", ["standard", "laizi", "four_player", "runfast"])
def test_the_replay_page_steps_through_the_hand(browser, tmp_path: Path, preset: str):
    record = played_record(preset, 5)
    page_file = tmp_path / "hand.html"
    page_file.write_text(replay_html(record), encoding="utf-8")
    page = browser.new_page()
    page.goto(page_file.as_uri())
    events = record["events"]
    assert page.text_content("#counter").startswith(f"Step 0 of {len(events)}")
    assert page.text_content("#caption") == "The deal"
    assert page.locator("#prev").is_disabled() and page.locator("#result").is_hidden()
    # Step forward with the button, then the arrow key, and read what the page says.
    for step, move in ((1, lambda: page.click("#next")),
                       (2, lambda: page.keyboard.press("ArrowRight"))):
        move()
        assert page.text_content("#counter").startswith(f"Step {step} of")
        event = events[step - 1]
        if event["kind"] == "act":
            assert page.text_content("#caption").startswith(expected_caption(event))
        elif event["kind"] == "wild":
            assert page.text_content("#caption") == f"Wild rank {event['rank']}"
    page.keyboard.press("ArrowLeft")
    assert page.text_content("#counter").startswith("Step 1 of")
    # Every hand face up in the open view; one seat's view shows only that seat's cards.
    players = len(record["start"]["hands"])
    assert all(visible_cards(page, seat) > 0 for seat in range(players))
    page.select_option("#view", "1")
    assert visible_cards(page, 1) > 0
    assert all(visible_cards(page, seat) == 0 for seat in range(players) if seat != 1)
    page.select_option("#view", "open")
    # The end: the result with every score.
    page.keyboard.press("End")
    assert page.text_content("#counter").startswith(f"Step {len(events)} of {len(events)}")
    assert page.locator("#result").is_visible()
    scores = page.locator("#result td.score").all_text_contents()
    assert scores == [f"{score:+d}" for score in record["result"]["scores"]]
    assert page.locator("#next").is_disabled()
    # A click on an event of the list jumps to it.
    page.click('#events li[data-step="3"]')
    assert page.text_content("#counter").startswith("Step 3 of")
    page.close()


def test_a_replay_page_mid_hand_in_a_screenshot(browser, tmp_path: Path):
    record = played_record("standard", 5)
    page_file = tmp_path / "hand.html"
    page_file.write_text(replay_html(record), encoding="utf-8")
    page = browser.new_page(viewport=VIEWPORT)
    page.goto(page_file.as_uri())
    middle = len(record["events"]) // 2
    page.click(f'#events li[data-step="{middle}"]')
    assert page.text_content("#counter").startswith(f"Step {middle} of")
    assert page.input_value("#view") == "open"
    assert all(visible_cards(page, seat) > 0 for seat in range(3))     # every hand face up
    screenshot(page, tmp_path, "replay.png")
    page.close()


def test_a_hand_at_the_web_table_is_played_by_clicking_cards(browser, tmp_path: Path):
    """Seat 0 bids 3 and plays its lowest card when leading, else passes; every JSON answer
    the page receives is kept, and once the hand is over its record says that none told seat 0
    a card of another hand."""
    with running_server(quick_timing(clock=20, poll=2.0)) as (app, base):
        page = browser.new_page(viewport=VIEWPORT)
        answers = []
        page.on("response", lambda response: answers.append(response.json()) if
                response.headers.get("content-type") == "application/json" else None)
        create_table(page, base, ("greedy", "random"), hands=1)
        page.wait_for_selector('button.option[data-action="BID_3"]')
        page.click('button.option[data-action="BID_3"]')        # the landlord, who leads
        clicked = 0
        end = time.monotonic() + 60
        while not page.locator("#result").is_visible():
            assert time.monotonic() < end, page.text_content("#status")
            if page.locator("#play").count() and "your" in page.text_content("#status"):
                if "your lead" in page.text_content("#status"):
                    cards = page.locator("#board .seat-0 .faces .card")
                    cards.first.click()                         # choose the lowest card
                    assert page.locator("#board .seat-0 .card.selected").count() == 1
                    page.click("#play")
                    clicked += 1
                    if clicked == 1:                    # seat 0's view in the middle of a hand
                        page.wait_for_timeout(300)
                        assert page.locator("#board .seat-0 .faces .card").count() > 0
                        assert page.locator("#board .seat-1 .faces .card, "
                                            "#board .seat-2 .faces .card").count() == 0
                        screenshot(page, tmp_path, "table.png")
                else:
                    page.click("#pass")
                page.wait_for_timeout(100)
            else:
                page.wait_for_timeout(50)
        assert clicked >= 1
        result = page.text_content("#result")
        assert result.startswith(("The landlord's side wins.", "The peasants win."))
        scores = [int(score) for score in re.findall(r"[-+]\d+", result)]
        assert len(scores) == 3 and sum(scores) == 0 and "Seat 0 (you)" in result
        # The replay link of the hand opens its replay page.
        link = page.get_attribute("#replay-link", "href")
        replay = page.request.get(base.rstrip("/") + link)
        assert replay.ok and "replay" in replay.text() and "http" not in replay.text()
        # Every answer the page was sent during the hand, against the hands of its record.
        table, seat, token = seat_token(page)
        record = page.request.get(f"{base}api/tables/{table}/records/1?seat={seat}"
                                  f"&token={token}").json()
        assert scores == record["result"]["scores"]        # the engine's, as the page shows
        views = [answer for answer in answers if "phase" in answer]
        others = [answer for answer in answers if "phase" not in answer]
        assert all(set(answer) <= {"error", "choices", "table", "seat", "token", "page"}
                   for answer in others), others
        assert len(views) >= 10 and views[-1]["phase"] == "over"
        check_views_against_the_record([v for v in views if v["started"]], record, seat)
        page.close()


def test_two_timeouts_turn_auto_play_on_in_the_page_and_its_button_turns_it_off(browser):
    # Auto-play waits 3 s before each decision, so the button is clicked before it plays.
    with running_server(quick_timing(clock=1.0, auto_delay=3.0)) as (app, base):
        page = browser.new_page()
        create_table(page, base, ("greedy", "greedy"), hands=3)
        page.wait_for_selector("#auto-note", state="visible", timeout=30_000)
        mine = [text for text in page.locator("#events li").all_text_contents()
                if text.startswith("Seat 0:")]
        assert sum("timeout" in text for text in mine) >= 2, mine
        assert page.locator("#auto-on").count() == 0
        page.click("#auto-off")
        page.wait_for_selector("#auto-on")
        assert page.locator("#auto-note").is_hidden() and page.locator("#auto-off").count() == 0
        assert page.text_content("#error") == ""
        page.close()


def test_closing_the_page_mid_decision_leaves_the_seat_to_auto_play(browser):
    with running_server(quick_timing(clock=30, grace=0.5, poll=1.0)) as (app, base):
        page = browser.new_page()
        page.goto(base)
        page.select_option("#rules", "standard")
        page.click("#create-table")
        page.wait_for_selector('button.option[data-action="BID_3"]')   # seat 0's decision
        table, seat, token = seat_token(page)
        page.close()
        client = Client(base)
        time.sleep(1.5)                      # more than the grace a page may be silent
        view = client.view(table, seat, token)
        assert view["left"][0] and view["auto_play"][0]
        assert any(e["kind"] == "leave" and e["seat"] == 0 for e in view["events"])
