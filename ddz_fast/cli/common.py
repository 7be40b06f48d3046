"""Helpers shared by the ``ddz-fast`` subcommands: options, move text, output.

Wild cards on the command line: ``moves`` and ``classify`` take the wild ranks with ``--wild``
(card text, ``5`` or ``5T``), which must come with a rule set that has wild cards (``laizi``,
``tiandi_laizi``) and name as many ranks as it has. ``perft`` takes them from its position's
sixth field (``w=5``) or from ``--wild``, which must then agree with it. ``play``,
``simulate``, ``arena`` and ``bench`` play whole hands, whose wild ranks the game engine draws
(:mod:`ddz_fast.engine.laizi`): they take those rule sets without ``--wild``. ``solve`` does not
play wild cards (the solver cannot), so it refuses those rule sets by name before anything
runs.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, TextIO, Tuple, Union

from ddz_fast.cards import RANK_LETTERS
from ddz_fast.move import TYPE_CODES, Move
# Move text is ddz_fast.moves.notation's, read and written under the command's rules; the
# subcommands know its functions by these names.
from ddz_fast.moves.notation import format_move as move_text
from ddz_fast.moves.notation import parse_move as parse_move_text
from ddz_fast.moves.notation import readings
from ddz_fast.move import PASS_WORDS, split_move as split_move_text
from ddz_fast.wild import Wild, wild_ranks
from ddz_fast.rules import PRESETS, Rules, plain_rules
from ddz_fast.positions.four_player import FourPlayerPosition
from ddz_fast.positions.runfast import RunFastPosition
from ddz_fast.positions.three_player import WILD_PREFIX, Position

__all__ = ["add_rules_option", "finish_rules", "check_wild_option", "wild_text", "Wild",
           "add_json_option", "bot_spec", "split_move_text", "readings", "parse_move_text",
           "move_text", "rules_name", "print_json", "format_count", "group_by_type",
           "PASS_WORDS", "ProgressLine"]


def _preset(name: str) -> Rules:
    """argparse type of ``--rules``: a preset name, checked with the library's message."""
    try:
        return Rules.preset(name)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _wild(text: str) -> Wild:
    """argparse type of ``--wild``: card text naming distinct ranks 3..2, never a joker."""
    try:
        return wild_ranks(text)
    except (ValueError, TypeError) as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_rules_option(parser: argparse.ArgumentParser, *, deals: bool = False,
                     wild: bool = False, layer: str = "", draws: bool = False,
                     position_wild: bool = False, sides: bool = False) -> None:
    """``--rules PRESET`` (default ``standard``), parsed into a :class:`Rules`; for a command
    that deals hands (``deals``), also ``--deal-bonuses`` and ``--sides`` (the four-player
    table's; ``sides`` alone for a command that plays a given four-player position), which
    :func:`finish_rules` folds into the rules once every option is parsed (in whatever order
    they came). A command that plays wild cards given to it (``wild``) takes
    ``--wild``, required under rules with wild cards unless its position may name them
    (``position_wild``: the command checks the two against each other); one whose hands draw
    their own wild ranks (``draws``) takes the rule sets with wild cards as they are; any
    other names the ``layer`` it runs, which refuses them."""
    if not (wild or draws or layer):
        raise ValueError("a command without --wild names the layer that refuses wild cards")
    parser.add_argument("--rules", type=_preset, default=PRESETS["standard"],
                        metavar="PRESET",
                        help=f"rule preset: {', '.join(PRESETS)} (default: standard)")
    if wild:
        parser.add_argument("--wild", type=_wild, metavar="RANKS",
                            help="the wild ranks of laizi and tiandi_laizi, as cards: "
                                 "5, or 5T for two")
    parser.set_defaults(wild=None, rules_layer=layer, wild_drawn=draws,
                        wild_in_position=position_wild)
    if deals:
        parser.add_argument("--deal-bonuses", action="store_true",
                            help="Happy Dou Dizhu deal bonuses: a player dealt both jokers, "
                                 "or one of every rank 3..A, doubles the multiplier")
    if deals or sides:
        parser.add_argument("--sides", choices=("alone", "partner"),
                            help="four_player: the landlord alone against three (default) "
                                 "or with a partner it names, two against two")


def finish_rules(args: argparse.Namespace) -> None:
    """Check the wild cards against ``args.rules`` and turn on the options given beside
    ``--rules`` (``--deal-bonuses``, ``--sides``); ValueError when the rules do not take
    them."""
    if not hasattr(args, "rules"):      # a command without rules (none yet): nothing to do
        return
    layer = getattr(args, "rules_layer", "")
    if layer:       # checked first: the layer is what the user has to hear about
        try:
            plain_rules(args.rules, layer)
        except ValueError as error:
            raise ValueError(f"{error}; moves, classify and perft play them with --wild, and "
                             f"play, simulate, arena and bench draw them") from None
    elif not getattr(args, "wild_drawn", False):
        check_wild_option(args.rules, getattr(args, "wild", None),
                          required=not getattr(args, "wild_in_position", False))
    if getattr(args, "deal_bonuses", False):
        args.rules = args.rules.replace(deal_bonuses=True)
    if getattr(args, "sides", None) is not None:
        args.rules = args.rules.replace(sides=args.sides)


def check_wild_option(rules: Rules, wild: Optional[Wild], required: bool = True) -> None:
    """ValueError unless ``--wild`` names exactly the wild ranks ``rules`` play with (none
    without wild cards); not given is allowed unless ``required`` (a position names them)."""
    name = rules_name(rules)
    if wild is None:
        if rules.laizi and required:
            raise ValueError(f"the {name} rules play with {_ranks(rules.laizi)}: name "
                             f"{'it' if rules.laizi == 1 else 'them'} with --wild "
                             f"(e.g. --wild {'5' if rules.laizi == 1 else '5T'})")
        return
    if not rules.laizi:
        raise ValueError(f"--wild {wild_text(wild)} needs a rule set with wild cards "
                         f"(laizi, tiandi_laizi), not {name}")
    if len(wild) != rules.laizi:
        raise ValueError(f"the {name} rules play with {_ranks(rules.laizi)}, but --wild "
                         f"{wild_text(wild)} names {len(wild)}")


def _ranks(count: int) -> str:
    return f"{count} wild rank{'s' if count > 1 else ''}"


def wild_text(wild: Wild) -> str:
    """The wild ranks as card text, low to high (``(2, 7)`` is ``"5T"``)."""
    return "".join(RANK_LETTERS[rank] for rank in wild)


def bot_spec(text: str) -> str:
    """argparse type of a bot: ``name[:key=value,...]``, checked by making one (the library's
    message names the bad name or option)."""
    from ddz_fast.search.catalog import make_bot  # the bots import the whole engine: only when used

    try:
        make_bot(text, 0)
    except (ValueError, TypeError) as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def rules_name(rules: Rules) -> str:
    """The preset name of ``rules`` for output (``standard+deal_bonuses`` with the bonuses on,
    ``runfast, 2 players`` for a Run Fast preset with Run Fast's two-player option),
    ``custom`` for any other rule set.

    >>> rules_name(Rules.preset("runfast_15").replace(players=2))
    'runfast_15, 2 players'
    """
    if rules.game == "runfast" and rules.players == 2:
        three = rules.replace(players=3).name
        if three != "custom":
            return f"{three}, 2 players"
    return rules.name


def print_json(document: Any) -> None:
    json.dump(document, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


def format_count(value: float, digits: int = 0) -> str:
    """A number with thousands separators (``format_count(12345.6) == '12,346'``)."""
    return f"{value:,.{digits}f}"


def group_by_type(moves: Sequence[Move]) -> List[Tuple[str, List[Move]]]:
    """[(type, [moves])] in canonical type order, keeping the moves' order."""
    groups: Dict[str, List[Move]] = {}
    for move in moves:
        groups.setdefault(move.type, []).append(move)
    return sorted(groups.items(), key=lambda item: TYPE_CODES[item[0]])


#: The longest time an option may ask for: a table of six bench rows then takes an hour.
MAX_SECONDS = 600.0


def seconds_option(text: str) -> float:
    """The argparse type of a time in seconds: finite, positive and at most MAX_SECONDS."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < seconds <= MAX_SECONDS:   # nan compares False: refused too
        raise argparse.ArgumentTypeError(
            f"must be positive and at most {MAX_SECONDS:g} seconds, got {text}")
    return seconds


class ProgressLine:
    """A one-line progress report redrawn in place on a terminal, at most ten times a second
    and once more at the end; silent when disabled. ``describe(done, seconds)`` writes the
    line for ``done`` of ``total`` after ``seconds``."""

    def __init__(self, total: int, stream: TextIO, enabled: bool,
                 describe: Callable[[int, float], str]) -> None:
        self.total, self.stream, self.enabled, self.describe = total, stream, enabled, describe
        self.start = time.perf_counter()
        self._last_draw = 0.0
        self._longest = 0

    def __call__(self, done: int) -> None:
        now = time.perf_counter()
        if not self.enabled or (now - self._last_draw < 0.1 and done < self.total):
            return
        self._last_draw = now
        line = self.describe(done, max(now - self.start, 1e-9))
        # Pad to the longest line drawn so far: a shorter line must not leave old characters.
        self._longest = max(self._longest, len(line))
        self.stream.write(f"\r{line.ljust(self._longest)}")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


#: A position of any table, as the command line reads it.
AnyPosition = Union[Position, FourPlayerPosition, RunFastPosition]


def read_position(text: str, args: argparse.Namespace) -> AnyPosition:
    """The position ``text`` of the command line under ``args.rules`` (perft's and solve's):
    four hands under rules of four players, a Run Fast position under Run Fast's, else three
    hands with the wild ranks of ``--wild`` where the text names none. ValueError when the
    text and ``--wild`` name different wild ranks, or when the rules have wild cards and
    neither names them."""
    if args.rules.players == 4:     # four hands (ddz_fast.positions.four_player), no wild cards
        return FourPlayerPosition.parse(text)
    if args.rules.game == "runfast":
        position = RunFastPosition.parse(text)
        if position.players != args.rules.players:  # two hands: the rules' two-player game
            args.rules = args.rules.replace(players=position.players)
        return position
    if args.wild is not None and len(text.split()) == 5:    # no sixth field: --wild's ranks
        text = f"{text} {WILD_PREFIX}{wild_text(args.wild)}"
    position = Position.parse(text)
    if args.wild is not None and position.wild != args.wild:
        raise ValueError(f"--wild {wild_text(args.wild)} does not agree with the position's "
                         f"wild ranks, {WILD_PREFIX}{wild_text(position.wild or ())}")
    if args.rules.laizi and position.wild is None:
        raise ValueError(f"the {rules_name(args.rules)} rules play with wild cards: name the "
                         f"wild ranks in the position (a sixth field, e.g. {WILD_PREFIX}5) "
                         f"or with --wild")
    return position
