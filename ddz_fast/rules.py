"""The rule set: every option of docs/RULES.md as one frozen object, and the named presets."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Dict, Optional, Union

__all__ = ["Rules", "PRESETS", "WIDEST_RULES", "RulesLike", "as_rules"]

_BIDDING_SYSTEMS = ("points", "call_rob")


@dataclass(frozen=True)
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

    Table options (docs/RULES.md, "Variants"): ``kitty`` is 3, the classic deal of 17 cards
    to each player and a 3-card kitty for the landlord, or 0 (preset ``no_kitty``): 18 cards
    each and no kitty. The moves do not change.
    """

    solo_wing_max_copies: int = 1
    trio_wing_next_to_chain: bool = True
    rocket_in_kickers: bool = True
    four_two: bool = True
    four_two_solo_max_copies: int = 1
    bidding: str = "points"
    single_round_auction: bool = False
    doubling: Optional[bool] = None
    kitty: int = 3
    space_shuttle: bool = False

    def __post_init__(self) -> None:
        for name in ("trio_wing_next_to_chain", "rocket_in_kickers", "four_two",
                     "single_round_auction", "space_shuttle"):
            _require_bool(name, getattr(self, name))
        _require_int_in("solo_wing_max_copies", self.solo_wing_max_copies, 1, 4)
        _require_int_in("four_two_solo_max_copies", self.four_two_solo_max_copies, 1, 2)
        if not isinstance(self.bidding, str):
            raise TypeError(f"rule option bidding must be a str, "
                            f"not {type(self.bidding).__name__}")
        if self.bidding not in _BIDDING_SYSTEMS:
            raise ValueError(f"unknown bidding system {self.bidding!r}: "
                             f"choose one of {', '.join(_BIDDING_SYSTEMS)}")
        if self.doubling is None:
            object.__setattr__(self, "doubling", self.bidding == "call_rob")
        _require_bool("doubling", self.doubling)
        _require_int_in("kitty", self.kitty, 0, 3)
        if self.kitty not in KITTY_SIZES:
            raise ValueError(f"rule option kitty must be 0 or 3 cards, got {self.kitty}")

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 17 with the kitty, 18 without."""
        return (DECK_SIZE - self.kitty) // 3

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """The named preset: ``standard``, ``rlcard``, ``openspiel``, ``douzero``,
        ``no_kitty`` or ``botzone``."""
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

    def replace(self, **changes: object) -> "Rules":
        """A copy with some options changed (validated like the constructor)."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise TypeError(f"unknown rule option(s): {', '.join(unknown)}")
        if "bidding" in changes and "doubling" not in changes:
            changes["doubling"] = None
        return replace(self, **changes)

    def __repr__(self) -> str:
        name = self.preset_name
        if name:
            return f"Rules.preset({name!r})"
        changed = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                            if getattr(self, f.name) != getattr(PRESETS["standard"], f.name))
        return f"Rules({changed})"


#: The kitty sizes a rule set may have, and the cards of the one deck.
KITTY_SIZES = (0, 3)
DECK_SIZE = 54


def _require_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"rule option {name} must be a bool, not {type(value).__name__}")


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
    "botzone": Rules(space_shuttle=True),
}

#: Every move option at its most permissive (``douzero`` with the space shuttle): its moves are a
#: superset of every rule set's, so a move is valid (``Move()``) when these rules classify its
#: cards to it. No preset is this wide: no card set that is a space shuttle is any other move
#: of these rules, so adding the shuttle changed no reading of any other move.
WIDEST_RULES = Rules(solo_wing_max_copies=4, four_two_solo_max_copies=2, space_shuttle=True)

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
