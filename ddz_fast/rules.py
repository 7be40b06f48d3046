"""The rule set: every option of docs/RULES.md as one frozen object, and the named presets."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Dict, Optional, Sequence, Union

__all__ = ["Rules", "PRESETS", "WIDEST_RULES", "WIDEST_TWO_DECKS", "WIDEST_LAIZI", "RulesLike",
           "as_rules", "three_player_rules", "three_player_table", "plain_rules",
           "dou_dizhu_rules", "RUNFAST_DECK_SIZES", "RUNFAST_FIELDS"]
# checked_rules is not listed: the layers that compile or cache a rule set call it.

_BIDDING_SYSTEMS = ("points", "call_rob")
_SIDES = ("alone", "partner")
_BOMB_MULTIPLIERS = ("double", "app")
_GAMES = ("doudizhu", "runfast")
_NEXT_LEADS = ("spade3", "winner")
#: The deck sizes of Run Fast (docs/RULES.md, "Run Fast"): 48 cards (16 each) or 45 (15 each).
RUNFAST_DECK_SIZES = (48, 45)
#: The Run Fast options and their defaults: a Dou Dizhu rule set leaves them there.
_RUNFAST_OPTIONS = {"next_lead": "spade3", "spade3_in_first_play": False,
                    "short_last_hand": True, "aaa_bomb": False, "four_three": False,
                    "must_beat": True, "one_card_rule": True, "base": 1, "bomb_score": 10}
#: The fields Dou Dizhu leaves at their defaults: the game, its deck size and Run Fast's options.
RUNFAST_FIELDS = ("game", "deck_size") + tuple(_RUNFAST_OPTIONS)
# The largest base and bomb score: a hand's payments stay far inside 64 bits.
_MOST_POINTS = 1_000_000


# Slots: the native move API reads the fields straight from their offsets to see that a Rules it
# compiled is unchanged (object.__setattr__ can still change a frozen dataclass).
@dataclass(frozen=True, slots=True)
class Rules:
    """One rule set. Use :meth:`preset` for the named ones; ``Rules()`` is ``standard``.

    Move options (docs/RULES.md, "Combinations"):

    * ``solo_wing_max_copies`` (1..4): how often one rank may repeat among the solo wings of
      an airplane.
    * ``trio_wing_next_to_chain``: when wings may hold three (or more) of a rank, whether
      such a wing rank may sit just below or just above the chain (within 3..A).
    * ``rocket_in_kickers``: whether both jokers may be two solo wings or the two solo kickers
      of four + two solos.
    * ``four_two``: whether four + two solos and four + two pairs exist.
    * ``four_two_solo_max_copies`` (1..2): 2 lets the two solo kickers of four + two be a pair.
    * ``space_shuttle`` (docs/RULES.md, "Variants" > "Botzone"; preset ``botzone``): whether
      the space shuttle exists, two to five bombs of consecutive ranks 3..A, alone or with
      solo or pair wings. It is no bomb and doubles nothing.

    Game options (docs/RULES.md, "Bidding"): ``bidding`` is ``"points"`` or ``"call_rob"``;
    ``single_round_auction`` applies to points bidding; ``doubling`` defaults to on exactly
    when bidding is ``call_rob``.

    Table options (docs/RULES.md, "Variants"): the table is three players and one deck, or
    four players and two decks (``players=4, decks=2``, preset ``four_player``). With three,
    ``kitty`` is 3, the classic deal of 17 cards to each player and a 3-card kitty for the
    landlord, or 0 (preset ``no_kitty``): 18 cards each and no kitty, the moves unchanged.
    With four, the kitty is 8 cards and each player is dealt 25; ``sides`` is ``"alone"``
    (the landlord against three) or ``"partner"`` (two against two). ``decks`` and ``kitty``
    default to the table's (None): one deck and 3 cards for three players, two and 8 for
    four. Two decks bring moves of their own: up to 8 cards of a rank, bombs of 4 to 8 cards,
    joker pairs, the four-joker rocket and longer chains (see :mod:`ddz_fast.reference.moves`).
    The move API, the game engine (:mod:`ddz_fast.engine.four_player` at four seats), positions and
    perft (:mod:`ddz_fast.positions.four_player`), ``random_games``, ``perft_native`` and
    ``play_out`` play both tables, and so do the random, greedy and search bots; the solver
    and the arena play three players only so far (they refuse four). ``deal_bonuses``
    (Happy Dou Dizhu, three players, default off): at the deal, before the bidding, each
    player dealt both jokers doubles the hand's multiplier once and each player dealt a
    12-card straight (one of every rank 3..A) doubles it once more; the bonuses are public
    events of the hand. No preset turns it on: it is an option on top of any three-player
    preset, ``Rules.preset("no_kitty").replace(deal_bonuses=True)``. The moves do not change.

    Wild cards (docs/RULES.md, "Variants" > "Laizi"): ``laizi`` is the number of wild ranks, 0
    (no wild cards), 1 (preset ``laizi``) or 2 (tiandi laizi, preset ``tiandi_laizi``). The
    wild ranks themselves are drawn during a hand, so the move functions take them as their
    ``wild`` argument (see :mod:`ddz_fast.reference.laizi`). ``bomb_multiplier`` says how a
    bomb raises the multiplier: ``"double"`` (every bomb and the rocket double it) or
    ``"app"`` (a 4-card soft bomb doubles it, a 4-card hard or laizi bomb multiplies it by 4,
    a longer bomb and the rocket by 6). Where the rule book is silent this library decides:
    wild cards are played at the three-player one-deck table only, with or without the kitty,
    and not with the Botzone space shuttle nor with the deal bonuses (a straight or the
    double kings dealt with wild cards is not defined); ``"app"`` needs wild cards, as its
    soft bombs only exist with them. The compiled generator plays them (``legal_moves``,
    ``classify``, ``beats``), as do the batched move APIs, the game engine
    (:mod:`ddz_fast.engine.laizi` draws the wild ranks of each hand), positions and perft (in
    Python and natively), the native random games and rollouts and the environment
    :mod:`ddz_fast.envs.laizi`, and the random, greedy and search bots; the layers that do not
    play wild cards yet (the solver and the solver bot) refuse such rules, each naming
    itself.

    The game (docs/RULES.md, "Run Fast"): ``game`` is ``"doudizhu"`` or ``"runfast"`` (presets
    ``runfast`` and ``runfast_15``), Dou Dizhu's cousin on the same cards without jokers,
    bidding, landlord or kitty. Its options: ``deck_size`` 48 (16 cards each) or 45 (15 each);
    ``players`` 3, or 2 with a third hand dealt face down; ``next_lead`` ``"spade3"`` or
    ``"winner"``; ``spade3_in_first_play``; the moves' ``short_last_hand``, ``aaa_bomb`` and
    ``four_three``; the play's ``must_beat`` and ``one_card_rule``; the scoring's ``base`` and
    ``bomb_score``. A Dou Dizhu rule set leaves them at their defaults, and Run Fast leaves the
    Dou Dizhu options at theirs.
    """

    solo_wing_max_copies: int = 1
    trio_wing_next_to_chain: bool = True
    rocket_in_kickers: bool = True
    four_two: bool = True
    four_two_solo_max_copies: int = 1
    bidding: str = "points"
    single_round_auction: bool = False
    doubling: Optional[bool] = None
    kitty: Optional[int] = None
    players: int = 3
    decks: Optional[int] = None
    sides: str = "alone"
    deal_bonuses: bool = False
    space_shuttle: bool = False
    laizi: int = 0
    bomb_multiplier: str = "double"
    game: str = "doudizhu"
    deck_size: Optional[int] = None
    next_lead: str = "spade3"
    spade3_in_first_play: bool = False
    short_last_hand: bool = True
    aaa_bomb: bool = False
    four_three: bool = False
    must_beat: bool = True
    one_card_rule: bool = True
    base: int = 1
    bomb_score: int = 10

    def __post_init__(self) -> None:
        _require_choice("game", self.game, _GAMES)
        if self.game == "runfast":
            self._check_runfast()
            return
        for name, default in _RUNFAST_OPTIONS.items():
            if _differs(getattr(self, name), default):
                raise ValueError(f"{name} is an option of Run Fast (game='runfast'), "
                                 f"not of Dou Dizhu")
        self._check_dou_dizhu()

    def _check_dou_dizhu(self) -> None:
        """The options of Dou Dizhu's tables (the game's own checks)."""
        for name in ("trio_wing_next_to_chain", "rocket_in_kickers", "four_two",
                     "single_round_auction", "deal_bonuses", "space_shuttle"):
            _require_bool(name, getattr(self, name))
        _require_int_in("solo_wing_max_copies", self.solo_wing_max_copies, 1, 4)
        _require_int_in("four_two_solo_max_copies", self.four_two_solo_max_copies, 1, 2)
        _require_choice("bidding", self.bidding, _BIDDING_SYSTEMS, "bidding system")
        if self.doubling is None:
            object.__setattr__(self, "doubling", self.bidding == "call_rob")
        _require_bool("doubling", self.doubling)
        _require_int_in("players", self.players, 3, 4)
        if self.decks is None:
            object.__setattr__(self, "decks", self.players - 2)
        if self.kitty is None:
            object.__setattr__(self, "kitty", max(KITTY_SIZES[self.players]))
        _require_int_in("decks", self.decks, 1, 2)
        if self.decks != self.players - 2:
            raise ValueError(f"{self.players} players play with {self.players - 2} "
                             f"deck{'s' if self.players == 4 else ''}, not {self.decks}")
        if self.deck_size is None:
            object.__setattr__(self, "deck_size", DECK_SIZE * self.decks)
        _require_int_in("deck_size", self.deck_size, DECK_SIZE, 2 * DECK_SIZE)
        if self.deck_size != DECK_SIZE * self.decks:
            raise ValueError(f"Dou Dizhu's deck_size is {DECK_SIZE * self.decks} cards with "
                             f"{self.decks} deck{'s' if self.decks == 2 else ''}, not "
                             f"{self.deck_size} (deck_size 48 or 45 is Run Fast's)")
        kitties = KITTY_SIZES[self.players]
        _require_int_in("kitty", self.kitty, 0, max(kitties))
        if self.kitty not in kitties:
            raise ValueError(f"rule option kitty must be "
                             f"{' or '.join(map(str, kitties))} cards with {self.players} "
                             f"players, got {self.kitty}")
        _require_choice("sides", self.sides, _SIDES)
        if self.sides == "partner" and self.players != 4:
            raise ValueError("sides='partner' needs four players")
        if self.deal_bonuses and self.players != 3:
            raise ValueError("deal_bonuses is an option of the three-player table")
        if self.space_shuttle and self.players != 3:
            raise ValueError("space_shuttle is an option of the three-player table")
        self._check_laizi()

    def _check_runfast(self) -> None:
        """Run Fast's options, and the Dou Dizhu options left at their defaults."""
        for name in ("spade3_in_first_play", "short_last_hand", "aaa_bomb", "four_three",
                     "must_beat", "one_card_rule"):
            _require_bool(name, getattr(self, name))
        _require_choice("next_lead", self.next_lead, _NEXT_LEADS)
        _require_int_in("base", self.base, 1, _MOST_POINTS)
        _require_int_in("bomb_score", self.bomb_score, 0, _MOST_POINTS)
        _require_int_in("players", self.players, 2, 3)
        for name in ("decks", "kitty", "deck_size", "doubling"):
            if getattr(self, name) is None:
                object.__setattr__(self, name, _RUNFAST_FILLED[name])
        _require_int_in("deck_size", self.deck_size, min(RUNFAST_DECK_SIZES),
                        max(RUNFAST_DECK_SIZES))
        if self.deck_size not in RUNFAST_DECK_SIZES:
            raise ValueError(f"Run Fast's deck_size must be 48 or 45 cards, got "
                             f"{self.deck_size}")
        for name, default in _DOU_DIZHU_DEFAULTS.items():
            if _differs(getattr(self, name), default):
                raise ValueError(f"{name} is an option of Dou Dizhu, not of Run Fast "
                                 f"(game='runfast' has {name}={default!r})")

    def _check_laizi(self) -> None:
        """``laizi`` and ``bomb_multiplier``, and the tables wild cards are played at."""
        _require_int_in("laizi", self.laizi, 0, 2)
        _require_choice("bomb_multiplier", self.bomb_multiplier, _BOMB_MULTIPLIERS)
        if self.bomb_multiplier != "double" and not self.laizi:
            raise ValueError(f"bomb_multiplier={self.bomb_multiplier!r} needs wild cards "
                             f"(laizi = 1 or 2): without them there are no soft bombs")
        if not self.laizi:
            return
        if self.players != 3:
            raise ValueError(f"laizi (wild cards) is an option of the three-player table, "
                             f"not of {self.players} players")
        for option in ("space_shuttle", "deal_bonuses"):
            if getattr(self, option):
                raise ValueError(f"laizi (wild cards) cannot be combined with {option}")

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 17 with the kitty, 18 without; 25 with four players;
        16 or 15 in Run Fast (three hands dealt, one hidden when two play)."""
        if self.game == "runfast":
            return self.deck_size // 3
        return (self.deck_size - self.kitty) // self.players

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """The named preset: ``standard``, ``rlcard``, ``openspiel``, ``douzero``, ``no_kitty``,
        ``four_player``, ``botzone``, ``laizi``, ``tiandi_laizi``, ``runfast`` or
        ``runfast_15`` (:data:`PRESETS`)."""
        if not isinstance(name, str):
            raise TypeError(f"preset name must be a str, not {type(name).__name__}")
        try:
            return PRESETS[name.lower()]
        except KeyError:
            raise ValueError(f"unknown preset {name!r}: choose one of "
                             f"{', '.join(PRESETS)}") from None

    @property
    def preset_name(self) -> Optional[str]:
        """The name of the preset these rules equal, or None for a custom rule set."""
        return next((name for name, rules in PRESETS.items() if rules == self), None)

    @property
    def name(self) -> str:
        """A name for output: the preset's, ``"<preset>+deal_bonuses"`` for a preset with the
        deal bonuses on, ``"four_player+partner"`` for the four-player table two against two,
        else ``"custom"``."""
        if self.deal_bonuses:
            base = replace(self, deal_bonuses=False).preset_name
            if base is not None:
                return f"{base}+deal_bonuses"
        if self.sides == "partner":
            base = replace(self, sides="alone").preset_name
            if base is not None:
                return f"{base}+partner"
        return self.preset_name or "custom"

    def replace(self, **changes: object) -> "Rules":
        """A copy with some options changed (validated like the constructor)."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise TypeError(f"unknown rule option(s): {', '.join(unknown)}")
        if "bidding" in changes and "doubling" not in changes:
            changes["doubling"] = None
        if "players" in changes or "game" in changes:   # the new table's deck and kitty
            changes.setdefault("decks", None)
            changes.setdefault("kitty", None)
            # Run Fast deals the same deck to two players as to three: its size stays.
            if "game" in changes or self.game != "runfast":
                changes.setdefault("deck_size", None)
        if "game" in changes:
            changes.setdefault("doubling", None)
        return replace(self, **changes)

    def __repr__(self) -> str:
        name = self.preset_name
        if name:
            return f"Rules.preset({name!r})"
        changed = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                            if getattr(self, f.name) != getattr(PRESETS["standard"], f.name))
        return f"Rules({changed})"


#: The options of Dou Dizhu only, at their defaults: a Run Fast rule set leaves them there.
_DOU_DIZHU_DEFAULTS = {f.name: f.default for f in fields(Rules)
                       if f.name in ("solo_wing_max_copies", "trio_wing_next_to_chain",
                                     "rocket_in_kickers", "four_two", "four_two_solo_max_copies",
                                     "bidding", "single_round_auction", "sides", "deal_bonuses",
                                     "space_shuttle", "laizi", "bomb_multiplier")}
_DOU_DIZHU_DEFAULTS.update(decks=1, kitty=0, doubling=False)
#: The kitty sizes a table of 3 or 4 players may have, and the cards of one deck.
KITTY_SIZES = {3: (0, 3), 4: (8,)}
DECK_SIZE = 54
#: What a Run Fast rule set fills in for the fields given as None.
_RUNFAST_FILLED = {"decks": 1, "kitty": 0, "deck_size": 48, "doubling": False}


def _differs(value: object, default: object) -> bool:
    """Whether an option is away from its default (its type first: an array compares
    elementwise)."""
    return type(value) is not type(default) or value != default


def _require_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"rule option {name} must be a bool, not {type(value).__name__}")


def _require_choice(name: str, value: object, choices: Sequence[str],
                    what: Optional[str] = None) -> None:
    """A str option naming one of ``choices`` (``what``: how an unknown one is named)."""
    if not isinstance(value, str):
        raise TypeError(f"rule option {name} must be a str, not {type(value).__name__}")
    if value not in choices:
        raise ValueError(f"unknown {what or name} {value!r}: choose one of {', '.join(choices)}")


def _require_int_in(name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"rule option {name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"rule option {name} must be between {low} and {high}, got {value}")


PRESETS: Dict[str, Rules] = {
    "standard": Rules(),
    "rlcard": Rules(solo_wing_max_copies=3, trio_wing_next_to_chain=False,
                    rocket_in_kickers=False, four_two_solo_max_copies=2),
    "openspiel": Rules(solo_wing_max_copies=3, rocket_in_kickers=False, four_two=False),
    "douzero": Rules(solo_wing_max_copies=4, four_two_solo_max_copies=2),
    "no_kitty": Rules(kitty=0),
    "four_player": Rules(players=4),
    "botzone": Rules(space_shuttle=True),
    "laizi": Rules(laizi=1),
    "tiandi_laizi": Rules(laizi=2),
    "runfast": Rules(game="runfast"),
    "runfast_15": Rules(game="runfast", deck_size=45),
}

#: Every move option at its most permissive (``douzero`` with the space shuttle): its moves are a
#: superset of every rule set's, so a move is valid (``Move()``) when these rules classify its
#: cards to it. No preset is this wide: no card set that is a space shuttle is any other move
#: of these rules, so adding the shuttle changed no reading of any other move.
WIDEST_RULES = Rules(solo_wing_max_copies=4, four_two_solo_max_copies=2, space_shuttle=True)
#: The same for two decks: those move options at the four-player table (no space shuttle).
WIDEST_TWO_DECKS = WIDEST_RULES.replace(players=4, space_shuttle=False)
#: The same with wild cards: the move options of ``douzero`` with two wild ranks (a move of one
#: wild rank is a move of two, the second wild rank absent from its cards).
WIDEST_LAIZI = WIDEST_RULES.replace(space_shuttle=False, laizi=2)

RulesLike = Union[Rules, str, None]


def as_rules(rules: RulesLike) -> Rules:
    """Accept a :class:`Rules`, a preset name, or None (``standard``)."""
    if rules is None:
        return PRESETS["standard"]
    if type(rules) is Rules:
        return rules
    if isinstance(rules, Rules):     # a subclass may say anything: rebuild it, checked
        return Rules(**{f.name: getattr(rules, f.name) for f in fields(Rules)})
    if isinstance(rules, str):
        return Rules.preset(rules)
    raise TypeError(f"rules must be a Rules, a preset name or None, not {type(rules).__name__}")


#: The fields that __post_init__ fills in when they are None: a made Rules never holds None there.
_FILLED_IN = ("doubling", "decks", "kitty", "deck_size")
_CHANGED = "a Rules changed after it was made"


def checked_rules(rules: RulesLike) -> Rules:
    """:func:`as_rules`, with the fields of the Rules checked again.

    A frozen Rules can still be changed with ``object.__setattr__``: whatever compiles a rule
    set, caches one, or walks a tree under one reads what this has checked. A Rules whose
    fields no longer pass the constructor's checks is a ValueError or TypeError naming the
    field (about a microsecond: for the slow paths, not for every move generated).
    """
    checked = as_rules(rules)
    for name in _FILLED_IN:
        try:
            value = object.__getattribute__(checked, name)
        except AttributeError:
            raise ValueError(f"rule option {name} is missing from {_CHANGED}") from None
        if value is None:
            raise ValueError(f"rule option {name} is None in {_CHANGED}")
    try:
        Rules.__post_init__(checked)    # no field is None: it only checks
    except AttributeError as error:     # a field deleted
        raise ValueError(f"a rule option is missing from {_CHANGED}: {error}") from None
    except (TypeError, ValueError) as error:
        raise type(error)(f"{error} ({_CHANGED})") from None
    return checked


def three_player_rules(rules: RulesLike, what: str) -> Rules:
    """:func:`as_rules`, its fields checked again (``checked_rules``), refusing a four-player
    table: ``what`` (the solver, the native play loop...) plays three players and one deck;
    the four-player table has its moves (:func:`ddz_fast.legal_moves` and its siblings) and its
    game engine (:mod:`ddz_fast.engine.four_player`). Wild cards are refused too
    (:func:`plain_rules`)."""
    return plain_rules(three_player_table(checked_rules(rules), what), what)


def three_player_table(rules: RulesLike, what: str) -> Rules:
    """:func:`as_rules`, refusing a four-player table but not wild cards: for ``what`` that
    plays laizi too (positions and perft)."""
    checked = dou_dizhu_rules(rules, what)
    if checked.players != 3:
        raise ValueError(f"{what} plays three players with one deck, not the "
                         f"{checked.players}-player table of {checked!r}")
    return checked


def dou_dizhu_rules(rules: RulesLike, what: str) -> Rules:
    """:func:`as_rules`, refusing Run Fast: ``what`` (an auction, a landlord...) is Dou
    Dizhu's alone, or does not play Run Fast yet."""
    checked = as_rules(rules)
    if checked.game != "doudizhu":
        raise ValueError(f"{what} plays Dou Dizhu, not the Run Fast game of {checked!r}")
    return checked


def plain_rules(rules: Rules, what: str) -> Rules:
    """``rules`` (checked), refusing wild cards: ``what`` does not play laizi yet."""
    if rules.laizi:
        raise ValueError(f"{what} cannot play wild cards (laizi) yet: {rules!r} has "
                         f"{rules.laizi} wild rank{'s' if rules.laizi > 1 else ''}")
    return rules
