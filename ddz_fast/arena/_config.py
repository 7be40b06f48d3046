"""What an arena run plays: :class:`ArenaConfig`, checked once for either table.

The rules name the table: a Dou Dizhu rule set of three players (:mod:`ddz_fast.arena.duplicate`)
or a Run Fast one of two or three (:mod:`ddz_fast.arena.runfast`). A bot that cannot play the
table (wild cards, Run Fast) is refused by name here, before any hand is dealt.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Sequence, Tuple

from ..rules import Rules, RulesLike, checked_rules, three_player_table
from ..search.bots import plays_runfast, plays_wild_cards
from ..search.catalog import make_bot, runfast_bots, wild_card_bots
from ..validate import check_int

__all__ = ["ArenaConfig", "checked_config", "duel_index", "MAX_BOTS"]

#: The most bots one run compares: a Dou Dizhu deal is played n (n - 1) times, 240 times for
#: 16 bots (a Run Fast deal of three players three times as often).
MAX_BOTS = 16


@dataclass(frozen=True)
class ArenaConfig:
    """What a run plays: the bots (specs such as ``"pimc:samples=64"``), rules and seed.

    ``rules`` (a Rules or a preset name) says which table: Dou Dizhu's three players, or Run
    Fast (``"runfast"``, ``"runfast_15"``, two or three players).
    """

    bots: Tuple[str, ...]
    seed: int = 0
    rules: Rules = field(default_factory=Rules)

    def __post_init__(self) -> None:
        if not isinstance(self.bots, (tuple, list)):
            raise TypeError(f"bots must be a tuple or list of bot specs, "
                            f"not {type(self.bots).__name__}")
        if not 2 <= len(self.bots) <= MAX_BOTS:
            raise ValueError(f"the arena needs at least two bots and at most {MAX_BOTS}, "
                             f"got {len(self.bots)}")
        made = [make_bot(spec, 0) for spec in self.bots]  # a bad spec fails here, not later
        object.__setattr__(self, "bots", tuple(self.bots))
        object.__setattr__(self, "rules", _table_rules(self.rules))
        if self.rules.game == "runfast":
            _check_bots(self.bots, made, self.rules, plays_runfast, "Run Fast", runfast_bots)
        elif self.rules.laizi:
            _check_bots(self.bots, made, self.rules, plays_wild_cards,
                        "hands with wild cards", wild_card_bots)
        object.__setattr__(self, "seed", check_int("seed", self.seed))   # a plain int

    @property
    def labels(self) -> List[str]:
        """The bots' names for output: their specs, numbered when one appears twice."""
        labels = []
        for i, spec in enumerate(self.bots):
            copies = self.bots.count(spec)
            labels.append(spec if copies == 1 else f"{spec}#{self.bots[:i + 1].count(spec)}")
        return labels


def _table_rules(rules: RulesLike) -> Rules:
    """The checked rules of a table the arena plays: Run Fast's, or Dou Dizhu's three seats."""
    checked = checked_rules(rules)
    return checked if checked.game == "runfast" else three_player_table(checked, "the arena")


def _check_bots(specs: Sequence[str], bots: Sequence[object], rules: Rules, plays, what: str,
                choices) -> None:
    """ValueError naming the first bot for which ``plays(bot)`` is false: it cannot play
    ``what``, which ``rules`` deal."""
    for spec, bot in zip(specs, bots):
        if not plays(bot):
            them = "it" if what == "Run Fast" else "them"
            raise ValueError(f"the arena plays {what} under the {rules.name} rules, and bot "
                             f"{spec!r:.100} cannot play {them}: choose among "
                             f"{', '.join(choices())}")


def checked_config(config: object) -> ArenaConfig:
    """``config`` rebuilt through its checks: a frozen ArenaConfig can still be changed with
    ``object.__setattr__``, and the deals must be played by what was checked."""
    if not isinstance(config, ArenaConfig):
        raise TypeError(f"config must be an ArenaConfig, not {type(config).__name__}")
    return ArenaConfig(config.bots, config.seed, config.rules)


def duel_index(i: int, j: int, num_bots: int) -> int:
    """The index of the unordered pair of bots i < j in row-major order of the upper
    triangle: where a tally keeps their head-to-head sums."""
    return i * num_bots - i * (i + 1) // 2 + (j - i - 1)
