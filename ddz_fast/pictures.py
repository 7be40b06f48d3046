"""Pictures of cards and of a table, as SVG text drawn from plain data (no dependency).

A row of cards (:func:`cards_svg`) is what a :class:`~ddz_fast.hand.Hand` or a
:class:`~ddz_fast.move.Move` draws; a table (:func:`table_svg` of a :class:`TablePicture`) is
what a position or a state draws: the seats around the trick with their cards (face up, or a
face-down pile with its count), the latest action of each seat, whose turn it is, the
landlord, the kitty, the wild ranks and the lines of the centre (the move to beat, the
multiplier). The higher layers turn their objects into this data
(:mod:`ddz_fast.positions.pictures`, :mod:`ddz_fast.engine.pictures`); this module knows no
game, only cards.

Every card is a group ``<g class="card" data-rank="T" data-suit="H">`` (no ``data-suit``
where the suit is not known, class ``card wild`` for a wild card), its first text the rank as
it is printed (``10``, ``J``; ``JOKER`` for a joker), so a test or a script can read a picture
without looking at pixels. Each seat is a group ``<g class="seat seat-N">`` holding its label
(a ``text`` of class ``label``), its cards (``faces``) or its face-down pile (``backs``,
whose text is the count), and its latest action (``action``).

>>> svg = cards_svg([3, 1] + [0] * 11 + [1, 1])
>>> svg.count('class="card"'), svg.startswith("<svg")
(6, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Iterable, List, Optional, Sequence, Tuple

from .cards import BLACK_JOKER, NUM_RANKS, RANK_LETTERS, RED_JOKER, Counts

__all__ = ["SeatPicture", "TablePicture", "cards_svg", "table_svg", "card_label", "SUIT_SYMBOLS"]

#: The suit letters a picture knows, and how they are drawn (hearts and diamonds in red).
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "C": "\u2663", "D": "\u2666"}
_RED_SUITS = "HD"
CARD_WIDTH, CARD_HEIGHT = 40, 56
#: How far apart the cards of a row are: the widest step, and the narrowest (cards overlap).
_STEP, _MIN_STEP = 26, 14
_NAMESPACE = ' xmlns="http://www.w3.org/2000/svg"'
#: The style every picture carries, so that it looks the same alone (Jupyter) or in a page.
_STYLE = (
    "<style>"
    ".card rect{fill:#fffdf7;stroke:#555;stroke-width:1}"
    ".card.wild rect{fill:#fff1b8;stroke:#b07d00;stroke-width:2}"
    ".card text{font:bold 15px sans-serif;fill:#222}"
    ".card text.red{fill:#c62828}.card text.suit{font-size:13px}"
    ".card text.joker{font-size:8px}"
    ".back rect{fill:#2f5d8a;stroke:#1b3a57}"
    ".back text{font:bold 16px sans-serif;fill:#fff}"
    ".felt{fill:#1f6b45}"
    ".label{font:14px sans-serif;fill:#fff}.label.turn{fill:#ffe066;font-weight:bold}"
    ".action{font:italic 14px sans-serif;fill:#e8f5e9}"
    ".line{font:14px sans-serif;fill:#fff}.caption{font:13px sans-serif;fill:#333}"
    ".seat.open .backs{display:none}"
    "</style>")


def card_label(rank: int) -> str:
    """The rank as a card prints it: ``10`` for T, ``JOKER`` for either joker.

    >>> card_label(7), card_label(11), card_label(14)
    ('10', 'A', 'JOKER')
    """
    if type(rank) is not int or not 0 <= rank < NUM_RANKS:
        raise ValueError(f"a rank is an index 0..{NUM_RANKS - 1}, not {rank!r:.20}")
    if rank in (BLACK_JOKER, RED_JOKER):
        return "JOKER"
    return "10" if RANK_LETTERS[rank] == "T" else RANK_LETTERS[rank]


@dataclass(frozen=True)
class SeatPicture:
    """One seat of a :class:`TablePicture`.

    ``label``: its name and role as shown (``"Seat 1 · landlord"``, followed in the picture by
    the count, ``· 20 cards``, and the notes); ``count``: the cards it holds; ``cards``: those
    cards (15 rank counts) when drawn face up, None when face down; ``suits``: per rank, the
    suit letters known of the seat's cards of that rank (``"SH"``; ``""`` where unknown; None:
    no suit known); ``action``: the text of its latest action in
    the trick or auction (``"pass"``, ``"bid 2"``), None for none; ``played``: the cards of
    that action when it is a move; ``notes``: short badges after the label (``"auto"``).
    """

    label: str
    count: int
    cards: Optional[Counts] = None
    suits: Optional[Tuple[str, ...]] = None
    action: Optional[str] = None
    played: Optional[Counts] = None
    notes: Tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check_text("label", self.label)
        if type(self.count) is not int or not 0 <= self.count <= 99:
            raise ValueError(f"count must be 0..99 cards, not {self.count!r:.20}")
        for name in ("cards", "played"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, _check_counts(getattr(self, name)))
        if self.suits is not None:
            object.__setattr__(self, "suits", _check_suits(self.suits))
        if self.action is not None:
            _check_text("action", self.action)
        if isinstance(self.notes, (str, bytes)) or not isinstance(self.notes, Sequence):
            raise TypeError("notes must be a sequence of texts")
        object.__setattr__(self, "notes", tuple(_check_text("note", n) for n in self.notes))


@dataclass(frozen=True)
class TablePicture:
    """A table: its seats in seat order, the seat to act (None: nobody), the seat drawn at the
    bottom (the others follow in turn order, counter-clockwise), the wild ranks, the kitty
    (None: not shown) and the lines of text of the centre."""

    seats: Tuple[SeatPicture, ...]
    to_move: Optional[int] = None
    bottom: int = 0
    wild: Tuple[int, ...] = ()
    kitty: Optional[Counts] = None
    lines: Tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.seats, (str, bytes)) or not isinstance(self.seats, Sequence) \
                or not all(isinstance(seat, SeatPicture) for seat in self.seats):
            raise TypeError("seats must be a sequence of SeatPicture")
        players = len(self.seats)
        if players not in _LAYOUTS:
            raise ValueError(f"a table seats 2, 3 or 4 players, not {players}")
        object.__setattr__(self, "seats", tuple(self.seats))
        for name in ("to_move", "bottom"):
            value = getattr(self, name)
            if (value is not None or name == "bottom") and (
                    type(value) is not int or not 0 <= value < players):
                raise ValueError(f"{name} must be a seat 0..{players - 1}, not {value!r:.20}")
        object.__setattr__(self, "wild", _check_wild(self.wild))
        if self.kitty is not None:
            object.__setattr__(self, "kitty", _check_counts(self.kitty))
        if isinstance(self.lines, (str, bytes)) or not isinstance(self.lines, Sequence):
            raise TypeError("lines must be a sequence of texts")
        object.__setattr__(self, "lines", tuple(_check_text("line", t) for t in self.lines))


# --- cards -----------------------------------------------------------------------------------

def _card(rank: int, x: float, y: float, suit: str = "", wild: bool = False) -> str:
    """One card face whose top-left corner is (x, y)."""
    red = rank == RED_JOKER or (suit != "" and suit in _RED_SUITS)
    colour = ' class="red"' if red else ""
    suit_attr = f' data-suit="{suit}"' if suit else ""
    if rank in (BLACK_JOKER, RED_JOKER):     # JOKER down the left edge, the part left showing
        letters = "".join(f'<tspan x="4" dy="{9 if i else 0}">{c}</tspan>'
                          for i, c in enumerate("JOKER"))
        text = f'<text class="joker{" red" if red else ""}" x="4" y="11">{letters}</text>'
    else:
        label = card_label(rank)
        # "10" squeezed to the width of one letter: the part of an overlapped card left showing
        fit = ' textLength="13" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
        text = f'<text{colour} x="2" y="17"{fit}>{label}</text>'
        if suit:
            text += (f'<text class="suit{" red" if red else ""}" x="4" y="32">'
                     f'{SUIT_SYMBOLS[suit]}</text>')
    return (f'<g class="card{" wild" if wild else ""}" data-rank="{RANK_LETTERS[rank]}"'
            f'{suit_attr} transform="translate({x:g},{y:g})">'
            f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="4"/>{text}</g>')


def _ranks(counts: Sequence[int]) -> List[int]:
    return [rank for rank in range(NUM_RANKS) for _ in range(counts[rank])]


def _step(cards: int, width: float) -> float:
    """How far apart ``cards`` cards are drawn to fit ``width``."""
    if cards <= 1:
        return 0
    return min(_STEP, (width - CARD_WIDTH) / (cards - 1))


#: How far below each other the rows of a hand too long for one row are drawn.
_ROW_GAP = 22


def _row(counts: Sequence[int], x: float, y: float, width: float, *,
         suits: Optional[Sequence[str]] = None, wild: Iterable[int] = (),
         centred: bool = True) -> str:
    """The cards of ``counts`` in rank order in at most ``width``, overlapping where they
    must and in more rows (each lower) where even that leaves too little of each card,
    centred on x (or starting at x)."""
    ranks = _ranks(counts)
    rows = 1
    while _step(-(-len(ranks) // rows), width) < _MIN_STEP and rows < 4:
        rows += 1
    per_row = -(-len(ranks) // rows) if ranks else 0
    wild = set(wild)
    drawn, seen = [], [0] * NUM_RANKS
    for start in range(0, len(ranks), max(per_row, 1)):
        line = ranks[start:start + per_row]
        step = _step(len(line), width)
        taken = CARD_WIDTH + step * (len(line) - 1)
        left = x - taken / 2 if centred else x
        top = y + _ROW_GAP * (start // per_row)
        for index, rank in enumerate(line):
            known = suits[rank] if suits else ""
            suit = known[seen[rank]] if seen[rank] < len(known) else ""
            seen[rank] += 1
            drawn.append(_card(rank, left + index * step, top, suit, rank in wild))
    return "".join(drawn)


def _svg(width: float, height: float, body: str, namespace: bool) -> str:
    if not isinstance(namespace, bool):
        raise TypeError(f"namespace must be True or False, not {type(namespace).__name__}")
    return (f'<svg{_NAMESPACE if namespace else ""} width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" class="ddz-picture">{_STYLE}{body}</svg>')


def _check_text(name: str, text: object) -> str:
    if not isinstance(text, str):
        raise TypeError(f"{name} must be text, not {type(text).__name__}")
    return text


def _check_suits(suits: object) -> Tuple[str, ...]:
    if isinstance(suits, (str, bytes)) or not isinstance(suits, Sequence) \
            or len(suits) != NUM_RANKS or not all(
                isinstance(known, str) and set(known) <= set(SUIT_SYMBOLS) for known in suits):
        raise ValueError(f"suits must be {NUM_RANKS} texts of the letters SHCD, one per rank")
    return tuple(suits)


def _check_wild(wild: object) -> Tuple[int, ...]:
    if isinstance(wild, (str, bytes)) or not isinstance(wild, Iterable):
        raise TypeError("wild must be rank indices")
    ranks = tuple(wild)
    if not all(type(rank) is int and 0 <= rank < NUM_RANKS for rank in ranks):
        raise ValueError(f"wild ranks are rank indices 0..{NUM_RANKS - 1}")
    return ranks


def _check_counts(counts: object) -> Tuple[int, ...]:
    if isinstance(counts, (str, bytes)) or not isinstance(counts, Sequence) \
            or len(counts) != NUM_RANKS:
        raise TypeError(f"cards are {NUM_RANKS} rank counts, not {type(counts).__name__}")
    checked = tuple(counts)
    if any(type(c) is not int or not 0 <= c <= 12 for c in checked):
        raise ValueError("each rank count must be an int from 0 to 12")
    return checked


def cards_svg(counts: Sequence[int], *, suits: Optional[Sequence[str]] = None,
              wild: Iterable[int] = (), caption: str = "", namespace: bool = True) -> str:
    """An SVG picture of the cards of 15 rank counts in rank order, low to high; ``suits``
    (per rank, the suit letters of its cards where known), the ``wild`` ranks marked, and a
    ``caption`` under them. ``namespace=False`` leaves out the ``xmlns`` (for SVG inline in
    HTML, which needs none).

    >>> 'data-rank="T"' in cards_svg([0] * 7 + [1] + [0] * 7, caption="a ten")
    True
    """
    counts = _check_counts(counts)
    _check_text("caption", caption)
    suits = None if suits is None else _check_suits(suits)
    wild = _check_wild(wild)
    total = sum(counts)
    width = max(CARD_WIDTH + _STEP * max(total - 1, 0), 120 if caption else CARD_WIDTH) + 8
    row = _row(counts, 4, 4, width, suits=suits, wild=wild, centred=False)
    height = CARD_HEIGHT + 8
    if caption:
        row += f'<text class="caption" x="4" y="{height + 12}">{escape(caption)}</text>'
        height += 18
    if not total:
        row += f'<text class="caption" x="4" y="34">{"no cards" if not caption else ""}</text>'
    return _svg(width, height, row, namespace)


# --- a table ---------------------------------------------------------------------------------

WIDTH, HEIGHT = 980, 560
#: Where each seat sits, by its place in turn order after the bottom seat:
#: (centre x, hand y, widest hand, action x, action y) of its place.
_PLACES = {
    "bottom": (WIDTH / 2, HEIGHT - CARD_HEIGHT - 14, 900, WIDTH / 2, HEIGHT - 182),
    "right": (WIDTH - 200, 215, 380, WIDTH - 330, 340),
    "top": (WIDTH / 2, 92, 480, WIDTH / 2, 178),
    "left": (200, 215, 380, 330, 340),
}
_LAYOUTS = {2: ("bottom", "top"), 3: ("bottom", "right", "left"),
            4: ("bottom", "right", "top", "left")}


def _seat(seat: int, picture: SeatPicture, place: str, turn: bool, wild: Iterable[int]) -> str:
    x, y, width, action_x, action_y = _PLACES[place]
    held = f"{picture.count} card{'s' if picture.count != 1 else ''}"
    label = escape(" · ".join((picture.label, held) + tuple(picture.notes)))
    marker = "\u25b6 " if turn else ""
    parts = [f'<text class="label{" turn" if turn else ""}" x="{x:g}" y="{y - 8:g}" '
             f'text-anchor="middle">{marker}{label}</text>']
    if picture.cards is not None:
        row = _row(picture.cards, x, y, width, suits=picture.suits, wild=wild)
        parts.append(f'<g class="faces">{row}</g>')
    parts.append(f'<g class="backs"><g class="back" transform="translate({x - CARD_WIDTH / 2:g},'
                 f'{y:g})"><rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="4"/>'
                 f'<text x="{CARD_WIDTH / 2:g}" y="34" text-anchor="middle">{picture.count}'
                 f'</text></g></g>')
    if picture.played:
        row = _row(picture.played, action_x, action_y - CARD_HEIGHT / 2, 300, wild=wild)
        parts.append(f'<g class="action played">{row}</g>')
    if picture.action:
        below = action_y + (CARD_HEIGHT / 2 + 16 if picture.played else 5)
        parts.append(f'<text class="action" x="{action_x:g}" y="{below:g}" '
                     f'text-anchor="middle">{escape(picture.action)}</text>')
    opened = " open" if picture.cards is not None else ""
    return f'<g class="seat seat-{seat}{opened}" data-seat="{seat}">{"".join(parts)}</g>'


def table_svg(table: TablePicture, *, namespace: bool = True) -> str:
    """An SVG picture of a table (see :class:`TablePicture`); ``namespace`` as for
    :func:`cards_svg`.

    >>> seats = tuple(SeatPicture(f"Seat {s}", 17) for s in range(3))
    >>> table_svg(TablePicture(seats, to_move=1)).count('class="seat ')
    3
    """
    if not isinstance(table, TablePicture):
        raise TypeError(f"table must be a TablePicture, not {type(table).__name__}")
    players = len(table.seats)
    parts = [f'<rect class="felt" width="{WIDTH}" height="{HEIGHT}" rx="18"/>']
    if table.kitty is not None:
        parts.append('<text class="line" x="16" y="26">Kitty</text>')
        row = _row(table.kitty, 64, 8, 8 * _STEP, wild=table.wild,
                      centred=False)
        parts.append(f'<g class="kitty">{row}</g>')
    if table.wild:
        wild = " ".join(card_label(rank) for rank in table.wild)
        parts.append(f'<text class="line wild-ranks" x="16" y="{CARD_HEIGHT + 34}">Wild: '
                     f'{escape(wild)}</text>')
    for index, line in enumerate(table.lines):
        parts.append(f'<text class="line" x="{WIDTH - 16}" y="{26 + 20 * index}" '
                     f'text-anchor="end">{escape(line)}</text>')
    for offset, place in enumerate(_LAYOUTS[players]):
        seat = (table.bottom + offset) % players
        parts.append(_seat(seat, table.seats[seat], place, seat == table.to_move, table.wild))
    return _svg(WIDTH, HEIGHT, "".join(parts), namespace)
