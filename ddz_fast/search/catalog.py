"""Every built-in bot by name, and bots made from text specs (``"greedy:danger=3"``): what the
command line, the arena and the environments seat."""
from __future__ import annotations

import inspect
from typing import Callable, Dict, List, Tuple, Union

from ..compat.rlcard_rule import RLCardRuleBot
from .bots import (Bot, GreedyBot, RandomBot, SolverBot, plays_four_player, plays_runfast,
                   plays_wild_cards)
from .search_bots import ISMCTSBot, PIMCBot

__all__ = ["BOTS", "make_bot", "parse_bot_spec", "wild_card_bots", "runfast_bots",
           "four_player_bots", "make_runfast_bot"]


def _rlcard_rule(seed: Union[int, str, None] = None) -> Bot:
    """RLCard's rule agent behind the greedy bidding (RLCard, an optional extra, is imported
    when the agent is made)."""
    return RLCardRuleBot(GreedyBot(seed), seed)


#: Built-in bots by name: each value makes a bot from an optional seed and keyword options.
BOTS: Dict[str, Callable[..., Bot]] = {
    "random": RandomBot, "greedy": GreedyBot, "solver": SolverBot,
    "pimc": PIMCBot, "ismcts": ISMCTSBot,
    "rlcard-rule": _rlcard_rule}


def _option_value(text: str) -> Union[int, float, bool, str]:
    """An option's value from its text: an int, a float, true/false, else the text itself."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def parse_bot_spec(spec: str) -> Tuple[str, Dict[str, Union[int, float, bool, str]]]:
    """``"name:key=value,key=value"`` as (name, options); the name is checked, not the options.

    >>> parse_bot_spec("greedy:danger=3")
    ('greedy', {'danger': 3})
    >>> parse_bot_spec("random")
    ('random', {})
    """
    if not isinstance(spec, str):
        raise TypeError(f"a bot is named by a str, not {type(spec).__name__}")
    name, _, rest = spec.partition(":")
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r:.100}: choose one of {', '.join(BOTS)}")
    options: Dict[str, Union[int, float, bool, str]] = {}
    for item in filter(None, rest.split(",")):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise ValueError(f"bot option {item!r:.100} of {spec!r:.100} is not key=value")
        options[key.strip()] = _option_value(value.strip())
    return name, options


def _option_names(factory: Callable[..., Bot]) -> List[str]:
    """The keyword options a bot factory takes (its parameters other than ``seed``)."""
    parameters = inspect.signature(factory).parameters.values()
    return [p.name for p in parameters if p.name != "seed"
            and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def make_bot(name: str, seed: Union[int, str, None] = None, **options: object) -> Bot:
    """A new bot of a registered kind, by name or by spec ``"name:key=value,..."``.

    Options come from the spec and from keyword arguments; an unknown name or option is a
    ValueError naming the choices.

    >>> make_bot("greedy")
    GreedyBot()
    >>> make_bot("greedy:danger=3").danger
    3
    >>> make_bot("greedy:speed=9")
    Traceback (most recent call last):
    ...
    ValueError: bot 'greedy' has no option 'speed': its options are danger, bid_at, double_at
    """
    kind, spec_options = parse_bot_spec(name)
    factory = BOTS[kind]
    spec_options.update(options)
    known = _option_names(factory)
    for key in spec_options:
        if key not in known:
            choices = ", ".join(known) if known else "none"
            raise ValueError(f"bot {kind!r} has no option {key!r:.100}: its options are "
                             f"{choices}")
    return factory(seed, **spec_options)


def _names_where(plays: Callable[[object], bool]) -> List[str]:
    """The names in :data:`BOTS` whose bots pass ``plays`` (asked of the class or factory, as
    the bots declare what they play in class attributes), in their order."""
    return [name for name, factory in BOTS.items() if plays(factory)]


def wild_card_bots() -> List[str]:
    """The names in :data:`BOTS` of the bots that play wild cards, in their order."""
    return _names_where(plays_wild_cards)


def runfast_bots() -> List[str]:
    """The names in :data:`BOTS` of the bots that play Run Fast, in their order.

    >>> runfast_bots()[:2]
    ['random', 'greedy']
    """
    return _names_where(plays_runfast)


def four_player_bots() -> List[str]:
    """The names in :data:`BOTS` of the bots that play the four-player table, in their order.

    >>> four_player_bots()[:2]
    ['random', 'greedy']
    """
    return _names_where(plays_four_player)


def make_runfast_bot(spec: str, seed: Union[int, str, None] = None, **options: object) -> Bot:
    """:func:`make_bot` for the Run Fast table: a ValueError naming the bot and the choices
    when it does not play Run Fast (:func:`~ddz_fast.search.bots.plays_runfast`), before
    any hand is dealt.

    >>> make_runfast_bot("greedy:danger=1").danger
    1
    >>> make_runfast_bot("solver")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bot 'solver' does not play Run Fast: choose among random, greedy...
    """
    bot = make_bot(spec, seed, **options)
    if not plays_runfast(bot):
        raise ValueError(f"bot {spec!r:.100} does not play Run Fast: choose among "
                         f"{', '.join(runfast_bots())}")
    return bot
