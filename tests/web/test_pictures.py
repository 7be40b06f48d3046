"""The SVG pictures of hands, moves, positions and states: well-formed XML whose card groups
and labels say the right cards and counts (read from the SVG's elements, not its pixels).

Expected cards come from the hands' own text written in the tests (``33344455BR`` is three
3s, three 4s, two 5s and both jokers) or from the state's hands, and the Run Fast suits from
the rule book's deck and its rule that the holder of the three of spades leads.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Dict, List

import pytest

from ddz_fast import Bid, Game, Hand, Move, Position
from ddz_fast.engine.pictures import current_trick, state_svg
from ddz_fast.pictures import SeatPicture, TablePicture, cards_svg, table_svg
from ddz_fast.positions.four_player import FourPlayerPosition
from ddz_fast.positions.runfast import RunFastPosition
from ddz_fast.search.bots import GreedyBot, act

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)          # well-formed XML, or this raises
    assert root.tag == f"{SVG}svg"
    return root


def classes(element: ET.Element) -> List[str]:
    return element.get("class", "").split()


def cards_in(element: ET.Element) -> List[ET.Element]:
    return [e for e in element.iter(f"{SVG}g") if "card" in classes(e)]


def ranks(element: ET.Element) -> str:
    return "".join(card.get("data-rank") for card in cards_in(element))


def texts(element: ET.Element) -> List[str]:
    return ["".join(t.itertext()) for t in element.iter(f"{SVG}text")]


def seats(root: ET.Element) -> Dict[int, ET.Element]:
    return {int(g.get("data-seat")): g for g in root.iter(f"{SVG}g") if "seat" in classes(g)}


def faces(seat: ET.Element) -> str:
    return "".join(ranks(g) for g in seat if "faces" in classes(g))


def played(seat: ET.Element) -> str:
    return "".join(ranks(g) for g in seat if "played" in classes(g))


def label(seat: ET.Element) -> str:
    return next("".join(t.itertext()) for t in seat.iter(f"{SVG}text")
                if "label" in classes(t))


# --- cards -----------------------------------------------------------------------------------

def test_a_hand_draws_its_cards_in_rank_order_with_their_printed_ranks():
    root = parse(Hand("BR5544433T3")._repr_svg_())
    assert ranks(root) == "33344455TBR"
    printed = [texts(card)[0] for card in cards_in(root)]
    assert printed == ["3", "3", "3", "4", "4", "4", "5", "5", "10", "JOKER", "JOKER"]
    # The red joker is red, the black one is not.
    jokers = [card for card in cards_in(root) if card.get("data-rank") in "BR"]
    assert ["red" in classes(t) for card in jokers for t in card.iter(f"{SVG}text")] == \
        [False, True]


def test_an_empty_hand_and_a_two_deck_hand_draw():
    assert ranks(parse(Hand()._repr_svg_())) == ""
    assert ranks(parse(Hand("33333333BBRR", decks=2)._repr_svg_())) == "33333333BBRR"


def test_a_move_draws_its_cards_and_names_its_type():
    root = parse(Move.parse("333444555666:airplane_solo@4")._repr_svg_())
    assert ranks(root) == "333444555666"
    assert "airplane_solo: 333444555666:airplane_solo@4" in texts(root)
    passed = parse(Move.PASS._repr_svg_())
    assert ranks(passed) == "" and "pass" in texts(passed)
    soft = parse(Move.parse("3335=3333")._repr_svg_())
    assert ranks(soft) == "3335" and "bomb: 3335=3333" in texts(soft)


def test_suits_and_wild_ranks_are_drawn_where_given():
    counts = [2] + [0] * 12 + [0, 0]               # two 3s
    root = parse(cards_svg(counts, suits=["SD"] + [""] * 14, wild=[0]))
    assert [(c.get("data-rank"), c.get("data-suit")) for c in cards_in(root)] == \
        [("3", "S"), ("3", "D")]
    assert all("wild" in classes(card) for card in cards_in(root))
    assert [t for t in texts(root) if t in "\u2660\u2666"] == ["\u2660", "\u2666"]


def test_bad_picture_data_is_refused_by_name():
    with pytest.raises(TypeError, match="15 rank counts"):
        cards_svg("33")
    with pytest.raises(ValueError, match="from 0 to 12"):
        cards_svg([-1] + [0] * 14)
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        table_svg(TablePicture((SeatPicture("Seat 0", 0),)))
    with pytest.raises(TypeError, match="TablePicture"):
        table_svg("table")


def test_inline_pictures_leave_out_the_namespace():
    assert "xmlns" not in cards_svg([1] + [0] * 14, namespace=False)
    assert "http" not in table_svg(TablePicture(tuple(SeatPicture(f"Seat {s}", 1)
                                                      for s in range(3))), namespace=False)


# --- positions -------------------------------------------------------------------------------

def test_a_position_draws_every_hand_the_move_to_beat_and_whose_turn_it_is():
    root = parse(Position.parse("33445566/789TJ/QKA2B 0 1 KK 0")._repr_svg_())
    drawn = seats(root)
    assert [faces(drawn[s]) for s in range(3)] == ["33445566", "789TJ", "QKA2B"]
    # Seat 1 must beat seat 0's kings: they lie before seat 0, and seat 1 has the turn.
    assert played(drawn[0]) == "KK" and played(drawn[1]) == played(drawn[2]) == ""
    assert label(drawn[0]) == "Seat 0 · landlord · 8 cards"
    assert label(drawn[1]) == "\u25b6 Seat 1 · peasant · 5 cards"
    assert "Seat 1 to beat KK (pair)" in texts(root)


def test_a_position_with_wild_ranks_shows_them():
    root = parse(Position.parse("44/66/7789 0 2 3335=3333 0 w=5")._repr_svg_())
    assert "Wild: 5" in texts(root)
    assert played(seats(root)[1]) == "3335"        # seat 1 played it: seat 2 is to beat it
    # The wild 5 is drawn as wild; the 3s are not.
    marked = [c.get("data-rank") for c in cards_in(root) if "wild" in classes(c)]
    assert marked == ["5"]


def test_positions_of_four_players_and_of_run_fast_draw():
    four = parse(FourPlayerPosition.parse("355555/K/Q/J 0 0 AAAA 2")._repr_svg_())
    drawn = seats(four)
    assert [faces(drawn[s]) for s in range(4)] == ["355555", "K", "Q", "J"]
    # Seat 1 played the aces and seats 2 and 3 passed since.
    assert played(drawn[1]) == "AAAA" and "pass" in texts(drawn[2]) + texts(drawn[3])
    runfast = parse(RunFastPosition.parse("3333/45/66 0 2 0")._repr_svg_())
    assert [faces(seats(runfast)[s]) for s in range(3)] == ["3333", "45", "66"]
    # Seat 2 played the 2 that seat 0 is to beat.
    assert "Seat 0 to beat 2 (solo)" in texts(runfast) and played(seats(runfast)[2]) == "2"


# --- states ----------------------------------------------------------------------------------

def play_to(state, actions: int):
    bot = GreedyBot(seed=1)
    for _ in range(actions):
        if state.is_over:
            break
        state.apply(act(bot, state))
    return state


@pytest.mark.parametrize("preset, seats_, held", [("standard", 3, 17), ("no_kitty", 3, 18),
                                                   ("four_player", 4, 25), ("laizi", 3, 17),
                                                   ("tiandi_laizi", 3, 17),
                                                   ("runfast", 3, 16), ("runfast_15", 3, 15)])
def test_a_dealt_state_of_every_table_draws_its_hands(preset, seats_, held):
    state = Game(preset).new_state(seed=11)
    root = parse(state._repr_svg_())
    drawn = seats(root)
    assert sorted(drawn) == list(range(seats_))
    for seat, hand in enumerate(state.hands):
        assert Counter(faces(drawn[seat])) == Counter(str(hand)), seat
        assert len(str(hand)) == held
        assert f"{held} cards" in label(drawn[seat])
    assert "\u25b6" in label(drawn[state.current_player])


def test_a_state_drawn_for_one_seat_shows_only_that_seats_cards():
    state = play_to(Game("standard").new_state(seed=3), 8)
    for seat in range(3):
        root = parse(state_svg(state, visible=[seat]))
        drawn = seats(root)
        assert faces(drawn[seat]) == str(state.hands[seat])
        for other in set(range(3)) - {seat}:
            assert faces(drawn[other]) == ""
            backs = [g for g in drawn[other] if "backs" in classes(g)]
            assert texts(backs[0]) == [str(len(state.hands[other]))]
        # Every face-up card is the seat's own, the kitty's or one played in the trick.
        seen = Counter(str(state.hands[seat])) + Counter(str(state.kitty or ""))
        for other in range(3):
            seen += Counter(played(drawn[other]))
        assert not Counter(ranks(root)) - seen


def test_the_trick_shows_each_seats_latest_play_and_the_kitty_and_stakes():
    state = Game("standard").new_state_from_hands(
        ["33445566778899TTJ", "JQQQKKKAAA2222BR3", "456789TJQKA34567J"], "89T",
        landlord=None)
    state.apply(Bid.BID_3)      # seat 0 bids 3: landlord at once, takes 89T
    state.apply("8")
    state.apply("pass")
    root = parse(state._repr_svg_())
    drawn = seats(root)
    assert played(drawn[0]) == "8" and "pass" in texts(drawn[1])
    assert "Seat 2 to beat 8 (solo)" in texts(root) and "base 3 · multiplier ×1" in texts(root)
    kitty = [g for g in root.iter(f"{SVG}g") if "kitty" in classes(g)]
    assert ranks(kitty[0]) == "89T"
    assert label(drawn[0]).startswith("Seat 0 · landlord · 19 cards")


def test_the_trick_starts_at_the_last_lead():
    three, four, five = (Move.parse(c) for c in "345")
    moves = [(0, three), (1, four), (2, Move.PASS), (0, Move.PASS), (1, five)]
    assert current_trick(moves, 3) == [(1, five)]
    # While the winner of a trick is to lead again, the trick just won is shown.
    assert current_trick(moves[:4], 3) == moves[:4]
    assert current_trick([(0, three), (1, Move.PASS), (0, four)], 2) == [(0, four)]


def test_a_finished_hand_shows_the_winner_and_the_scores():
    state = play_to(Game("standard", chips=500).new_state(seed=4), 400)
    assert state.is_over
    root = parse(state._repr_svg_())
    for seat, seat_group in seats(root).items():
        assert label(seat_group).endswith(f"500 chips · {state.scores[seat]:+d}")
    winner = "The landlord's side wins" if state.winner == "landlord" else "The peasants win"
    assert winner in texts(root)


def test_laizi_states_name_their_wild_ranks_and_mark_the_wild_cards():
    state = Game("tiandi_laizi").new_state(seed=2)
    root = parse(state._repr_svg_())
    (first,) = state.wild                  # one wild rank shown before the bidding
    name = "10" if first == 7 else "3456789TJQKA2"[first]
    assert f"Wild: {name}" in texts(root)
    marked = {c.get("data-rank") for c in cards_in(root) if "wild" in classes(c)}
    assert marked == {"3456789TJQKA2"[first]}


def test_run_fast_cards_carry_the_suits_of_the_deal():
    state = Game("runfast").new_state(seed=9)
    root = parse(state._repr_svg_())
    cards = [(c.get("data-rank"), c.get("data-suit")) for c in cards_in(root)]
    # The rule book's 48 cards, each once: four suits of 3..K, no ace of spades, the 2 of
    # spades alone.
    deck = {(r, s) for r in "3456789TJQK" for s in "SHCD"} | {("A", s) for s in "HCD"} | \
        {("2", "S")}
    assert len(cards) == 48 and set(cards) == deck
    # The holder of the three of spades leads.
    holder = next(seat for seat, group in seats(root).items()
                  if any((c.get("data-rank"), c.get("data-suit")) == ("3", "S")
                         for c in cards_in(group)))
    assert holder == state.current_player
    # Once a seat has played a rank, which of its cards of that rank are left is not known.
    solo = min(m for m in state.legal_actions() if m.type == "solo")
    state.apply(solo)
    after = [card for group in seats(parse(state._repr_svg_()))[holder]
             if "faces" in classes(group) for card in cards_in(group)]
    rank = "3456789TJQKA2"[solo.key]
    assert all(c.get("data-suit") is None for c in after if c.get("data-rank") == rank)
    assert sum(c.get("data-suit") is not None for c in after) == \
        sum(c.get("data-rank") != rank for c in after)


def test_a_four_player_state_draws_four_seats_and_the_partner():
    state = play_to(Game("four_player", chips=100).new_state(seed=1), 6)
    root = parse(state._repr_svg_())
    assert len(seats(root)) == 4
    assert sum(len(faces(group)) for group in seats(root).values()) == \
        sum(len(h) for h in state.hands)


def test_the_picture_of_the_docs_is_what_the_engine_draws():
    """docs/web.md shows docs/web-table.svg: the state its example builds, drawn now. After a
    change of the drawing, write it again with the lines below."""
    state = play_to(Game("laizi").new_state(seed=3), 0)
    bot = GreedyBot(seed=3)
    for _ in range(12):
        state.apply(act(bot, state))
    drawn = (Path(__file__).resolve().parents[2] / "docs" / "web-table.svg").read_text()
    assert drawn == state._repr_svg_()
