"""What an arena run plays: :class:`ArenaConfig`, checked once for every table.

The rules name the table: Dou Dizhu at three seats or at the four-player table
(:mod:`ddz_fast.arena.duplicate`), or Run Fast of two or three players
(:mod:`ddz_fast.arena.runfast`). A bot takes a seat only at a table it says it plays, with a
true class attribute: ``plays_wild_cards`` for hands with wild cards, ``plays_four_player`` for
the four-player table, ``plays_runfast`` for Run Fast (:mod:`ddz_fast.search.bots`). Any other
is refused by name here, before any hand is dealt, with the built-in bots that do play it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, List, Sequence, Tuple

from ..rules import Rules, checked_rules
from ..search.bots import plays_four_player, plays_runfast, plays_wild_cards
from ..search.catalog import four_player_bots, make_bot, runfast_bots, wild_card_bots
from ..validate import check_int

__all__ = ["ArenaConfig", "checked_config", "duel_index", "table_skills", "MAX_BOTS"]

#: The most bots one run compares: a Dou Dizhu deal is played n (n - 1) times, 240 times for
#: 16 bots (a Run Fast deal of three players three times as often).
MAX_BOTS = 16

#: What a table asks of a bot: the test (of a bot, or of its class or factory), what the
#: arena plays there and the pronoun that stands for it, and the built-in bots that pass.
Skill = Tuple[Callable[[object], bool], str, str, Callable[[], List[str]]]


@dataclass(frozen=True)
class ArenaConfig:
    """What a run plays: the bots (specs such as ``"pimc:samples=64"``), rules and seed.

    ``rules`` (a Rules or a preset name) says which table: Dou Dizhu's three players (with
    wild cards too), the four-player table (``"four_player"``, either ``sides``), or Run Fast
    (``"runfast"``, ``"runfast_15"``, two or three players).
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
        object.__setattr__(self, "rules", checked_rules(self.rules))
        for skill in table_skills(self.rules):
            _check_bots(self.bots, made, self.rules, skill)
        object.__setattr__(self, "seed", check_int("seed", self.seed))   # a plain int

    @property
    def labels(self) -> List[str]:
        """The bots' names for output: their specs, numbered when one appears twice."""
        labels = []
        for i, spec in enumerate(self.bots):
            copies = self.bots.count(spec)
            labels.append(spec if copies == 1 else f"{spec}#{self.bots[:i + 1].count(spec)}")
        return labels


def table_skills(rules: Rules) -> List[Skill]:
    """What the table of ``rules`` asks of every bot: nothing at a plain three-seat table.

    >>> [what for _, what, _, _ in table_skills(Rules.preset("four_player"))]
    ['the four-player table']
    """
    if rules.game == "runfast":
        return [(plays_runfast, "Run Fast", "it", runfast_bots)]
    skills: List[Skill] = []
    if rules.laizi:
        skills.append((plays_wild_cards, "hands with wild cards", "them", wild_card_bots))
    if rules.players == 4:
        skills.append((plays_four_player, "the four-player table", "it", four_player_bots))
    return skills


def _check_bots(labels: Sequence[str], bots: Sequence[object], rules: Rules,
                skill: Skill) -> None:
    """ValueError naming the first bot that lacks ``skill``, and the built-in bots that have
    it."""
    plays, what, pronoun, choices = skill
    for label, bot in zip(labels, bots):
        if not plays(bot):
            raise ValueError(f"the arena plays {what} under the {rules.name} rules, and bot "
                             f"{label!r:.100} cannot play {pronoun}: choose among "
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
