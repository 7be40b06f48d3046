"""What an arena run plays: :class:`ArenaConfig`, checked once for every table.

The rules name the table: Dou Dizhu at three seats or at the four-player table
(:mod:`ddz_fast.arena.duplicate`), or Run Fast of two or three players
(:mod:`ddz_fast.arena.runfast`). A bot takes a seat only at a table it says it plays, with a
true class attribute: ``plays_wild_cards`` for hands with wild cards, ``plays_four_player`` for
the four-player table, ``plays_runfast`` for Run Fast (:mod:`ddz_fast.search.bots`). Any other
is refused by name here, before any hand is dealt, with the built-in bots that do play it.

A bot of a run is a spec, a class or function making bots, or a bot object; how each plays
its games and travels to worker processes and Ray tasks is in :mod:`ddz_fast.arena.duplicate`
("Bots of your own"): :meth:`ArenaConfig.new_bot` and :func:`check_sendable` do it here.
"""
from __future__ import annotations

import copy
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, List, Optional, Sequence, Tuple, Union

from ..rules import Rules, checked_rules
from ..search.bots import Bot, plays_four_player, plays_runfast, plays_wild_cards
from ..search.catalog import (four_player_bots, has_bot_methods, make_bot, runfast_bots,
                              wild_card_bots)
from ..validate import check_int, shown

__all__ = ["ArenaConfig", "BotEntry", "checked_config", "check_sendable", "duel_index",
           "table_skills", "MAX_BOTS"]

#: The most bots one run compares: a Dou Dizhu deal is played n (n - 1) times, 240 times for
#: 16 bots (a Run Fast deal of three players three times as often).
MAX_BOTS = 16

#: A bot of a run: a spec, a class or function making a bot, or a bot (see the module doc).
BotEntry = Union[str, Callable[..., Bot], Bot]

#: What a table asks of a bot: the test (of a bot, or of its class or factory), what the
#: arena plays there and the pronoun that stands for it, and the built-in bots that pass.
Skill = Tuple[Callable[[object], bool], str, str, Callable[[], List[str]]]


@dataclass(frozen=True)
class ArenaConfig:
    """What a run plays: the bots, the rules and the seed, and the bots' names in the results.

    ``bots``: two or more, each a spec (``"pimc:samples=64"``, ``"package.module:Class"``), a
    class or function making a bot, or a bot object (see the module doc for how each plays).
    ``rules`` (a Rules or a preset name) says which table: Dou Dizhu's three players (with
    wild cards too), the four-player table (``"four_player"``, either ``sides``), or Run Fast
    (``"runfast"``, ``"runfast_15"``, two or three players). ``names``: a name per bot for the
    results, None keeping a bot's own (a spec's text, a class's or an object's class name,
    numbered when one appears twice); the names must be distinct.

    >>> from ddz_fast.search.bots import GreedyBot, RandomBot
    >>> ArenaConfig(("greedy", RandomBot, GreedyBot(danger=0))).labels
    ['greedy', 'RandomBot', 'GreedyBot']
    """

    bots: Tuple[BotEntry, ...]
    seed: int = 0
    rules: Rules = field(default_factory=Rules)
    names: Optional[Tuple[Optional[str], ...]] = None

    def __post_init__(self) -> None:
        if not isinstance(self.bots, (tuple, list)):
            raise TypeError(f"bots must be a tuple or list of bot specs, bots or bot classes, "
                            f"not {type(self.bots).__name__}")
        if not 2 <= len(self.bots) <= MAX_BOTS:
            raise ValueError(f"the arena needs at least two bots and at most {MAX_BOTS}, "
                             f"got {len(self.bots)}")
        object.__setattr__(self, "bots", tuple(self.bots))
        object.__setattr__(self, "names", _checked_names(self.names, len(self.bots)))
        labels = self.labels
        twice = next((label for label in labels if labels.count(label) > 1), None)
        if twice is not None:
            raise ValueError(f"two bots are named {twice!r:.100}: give them names apart")
        made = [_made(entry, label, i) for i, (entry, label) in enumerate(zip(self.bots, labels))]
        object.__setattr__(self, "rules", checked_rules(self.rules))
        for skill in table_skills(self.rules):
            _check_bots(labels, made, self.rules, skill)
        object.__setattr__(self, "seed", check_int("seed", self.seed))   # a plain int

    @property
    def labels(self) -> List[str]:
        """The bots' names for output: those of ``names``, and for the others a spec's text
        or a class's or an object's class name, numbered when one appears twice."""
        given = self.names or (None,) * len(self.bots)
        plain = [_label(entry) for entry, name in zip(self.bots, given) if name is None]
        numbered = iter([label if plain.count(label) == 1 else
                         f"{label}#{plain[:i + 1].count(label)}"
                         for i, label in enumerate(plain)])
        return [name if name is not None else next(numbered) for name in given]

    def new_bot(self, index: int, seed: str) -> Bot:
        """A new bot for one side of one game: bot ``index`` made from its spec, class or
        function with the game's ``seed``, or a fresh deep copy of it when it is a bot."""
        index = check_int("index", index, 0, len(self.bots) - 1)
        entry = self.bots[index]
        return copy.deepcopy(entry) if _is_bot_object(entry) else make_bot(entry, seed)


def _is_bot_object(entry: object) -> bool:
    """Whether ``entry`` is a bot itself (a class with the bot methods makes bots)."""
    return not isinstance(entry, (str, type)) and has_bot_methods(entry)


def _label(entry: BotEntry) -> str:
    if isinstance(entry, str):
        return entry
    if isinstance(entry, type) or not _is_bot_object(entry):
        return str(getattr(entry, "__name__", None) or type(entry).__name__)
    return type(entry).__name__


def _checked_names(names: object, count: int) -> Optional[Tuple[Optional[str], ...]]:
    """None, or ``count`` names, each a non-empty str or None."""
    if names is None:
        return None
    if isinstance(names, (str, bytes)) or not isinstance(names, (tuple, list)) \
            or not all(name is None or isinstance(name, str) for name in names):
        raise TypeError(f"names must be a tuple or list of str (or None), one per bot, not "
                        f"{shown(names)}")
    if len(names) != count or not all(name is None or name.strip() for name in names):
        raise ValueError(f"names must give each of the {count} bots a name (or None): got "
                         f"{shown(names)}")
    return tuple(names)


def _made(entry: object, label: str, index: int) -> Bot:
    """The bot ``entry`` makes (a bad spec or factory fails here, not in a worker), or
    ``entry`` itself once it is known to copy."""
    if _is_bot_object(entry):
        try:
            copy.deepcopy(entry)
        except Exception as error:  # noqa: BLE001 - whatever stops the copy, say so
            raise TypeError(f"bot {label!r:.100} plays every game as a fresh copy of itself, "
                            f"and copy.deepcopy fails on it ({type(error).__name__}: "
                            f"{error}): give its class instead, which the arena calls for "
                            f"each game") from None
        return entry    # type: ignore[return-value]
    if not (isinstance(entry, str) or callable(entry)):
        raise TypeError(f"bots[{index}] must be a bot spec (a str), a bot (an object with "
                        f"bid, double and play) or a class or function making one, not "
                        f"{shown(entry)}")
    return make_bot(entry, "0")     # type: ignore[arg-type]


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
    return ArenaConfig(config.bots, config.seed, config.rules, config.names)


def check_sendable(config: ArenaConfig, dumps: Callable[[Any], bytes], to: str,
                   instead: str, *, finds_interactive_main: bool = True) -> None:
    """TypeError naming the first bot of ``config`` that ``dumps`` (a pickler) cannot send
    ``to`` the workers, with what to do ``instead``; and, unless the workers find an
    interactive ``__main__`` (processes started by ``spawn`` or ``forkserver`` do not), a
    class defined in one."""
    for entry, label in zip(config.bots, config.labels):
        if isinstance(entry, str):
            continue    # a spec is text: the worker makes the bot
        try:
            dumps(entry)
        except Exception as error:  # noqa: BLE001 - a pickler raises many kinds
            fix = ("give its class instead (each worker makes its own)" if _is_bot_object(entry)
                   else "define it at the top level of a module, not inside a function")
            raise TypeError(f"bot {label!r:.100} cannot be sent to {to} "
                            f"({type(error).__name__}: {str(error)[:200]}): {fix}, or "
                            f"{instead}") from None
        if not finds_interactive_main and _defined_interactively(entry):
            raise TypeError(f"bot {label!r:.100} is defined in an interactive session "
                            f"(__main__), which {to} cannot import: define it in a module on "
                            f"the Python path, or {instead}")


def _defined_interactively(entry: object) -> bool:
    """Whether ``entry`` (or its class) comes from a ``__main__`` that is no file."""
    kind = entry if isinstance(entry, type) or not _is_bot_object(entry) else type(entry)
    main = sys.modules.get("__main__")
    return getattr(kind, "__module__", None) == "__main__" and \
        getattr(main, "__file__", None) is None


def duel_index(i: int, j: int, num_bots: int) -> int:
    """The index of the unordered pair of bots i < j in row-major order of the upper
    triangle: where a tally keeps their head-to-head sums."""
    return i * num_bots - i * (i + 1) // 2 + (j - i - 1)
