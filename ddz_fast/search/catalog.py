"""Every built-in bot by name, and bots made from text specs (``"greedy:danger=3"``): what the
command line, the arena and the environments seat.

A spec names a built-in bot, ``name:key=value,...``, or a bot class of your own by its import
path, ``package.module:Class:key=value,...`` (the module is imported when the bot is made, so
it must be on the Python path). :func:`make_bot` also takes the class itself, or any function
making a bot: it is called with the seed as ``seed=`` when it has a parameter of that name
(as every built-in bot has), else without one, and with the options as keywords.
"""
from __future__ import annotations

import importlib
import inspect
from typing import Any, Callable, Dict, List, Tuple, Union

from ..compat.rlcard_rule import RLCardRuleBot
from .bots import (Bot, GreedyBot, RandomBot, SolverBot, plays_four_player, plays_runfast,
                   plays_wild_cards)
from .search_bots import ISMCTSBot, PIMCBot
from ..validate import shown

__all__ = ["BOTS", "make_bot", "parse_bot_spec", "bot_class", "has_bot_methods",
           "wild_card_bots", "runfast_bots", "four_player_bots", "make_runfast_bot"]


def _rlcard_rule(seed: Union[int, str, None] = None) -> Bot:
    """RLCard's rule agent behind the greedy bidding (RLCard, an optional extra, is imported
    when the agent is made)."""
    return RLCardRuleBot(GreedyBot(seed), seed)


#: Built-in bots by name: each value makes a bot from an optional seed and keyword options.
#: A class of your own added here is a name like the others; a spec ``package.module:Class``
#: names one without adding it.
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
    """``"name:key=value,key=value"`` as (name, options): the name is a built-in bot's, or a bot
    class's import path ``"package.module:Class"``; the name is checked (an import path only
    for its form: nothing is imported), not the options.

    >>> parse_bot_spec("greedy:danger=3")
    ('greedy', {'danger': 3})
    >>> parse_bot_spec("random")
    ('random', {})
    >>> parse_bot_spec("mybots.eager:EagerBot:patience=2")
    ('mybots.eager:EagerBot', {'patience': 2})
    """
    if not isinstance(spec, str):
        raise TypeError(f"a bot is named by a str, not {type(spec).__name__}")
    name, _, rest = spec.partition(":")
    if name not in BOTS:
        attribute, _, options_text = rest.partition(":")
        if not (_is_dotted_name(name) and _is_dotted_name(attribute)):
            raise ValueError(f"unknown bot {name!r:.100}: choose one of {', '.join(BOTS)}, or "
                             f"name a bot class of your own as package.module:Class")
        name, rest = f"{name}:{attribute}", options_text
    options: Dict[str, Union[int, float, bool, str]] = {}
    for item in filter(None, rest.split(",")):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise ValueError(f"bot option {item!r:.100} of {spec!r:.100} is not key=value")
        options[key.strip()] = _option_value(value.strip())
    return name, options


def _is_dotted_name(text: str) -> bool:
    """Whether ``text`` is a dotted Python name: ``package.module``, ``Outer.Inner``."""
    return bool(text) and all(part.isidentifier() for part in text.split("."))


def bot_class(path: str) -> type:
    """The bot class named by its import path ``"package.module:Class"`` (the module imported
    now): a ValueError when it cannot be found, a TypeError when it is no bot class (a class
    with ``bid``, ``double`` and ``play``).

    >>> bot_class("ddz_fast.search.bots:GreedyBot")
    <class 'ddz_fast.search.bots.GreedyBot'>
    """
    if not isinstance(path, str):
        raise TypeError(f"a bot class is named by a str, not {type(path).__name__}")
    module_name, _, attribute = path.partition(":")
    if not (_is_dotted_name(module_name) and _is_dotted_name(attribute)):
        raise ValueError(f"a bot class is named package.module:Class, not {path!r:.100}")
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"bot class {path!r:.100}: cannot import {module_name!r} ({error}); "
                         f"is it on the Python path?") from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise ValueError(f"bot class {path!r:.100}: {module_name!r} has no {attribute!r}")
        found = getattr(found, part)
    if not isinstance(found, type) or not has_bot_methods(found):
        raise TypeError(f"{path!r:.100} is not a bot class (a class with bid, double and "
                        f"play), it is {_described(found)}")
    return found


def has_bot_methods(obj: object) -> bool:
    """Whether ``obj`` (a bot, or a class of bots) has the three methods of a
    :class:`~ddz_fast.search.bots.Bot`, callable: what a bot is, checked once where a bot
    comes from outside (a runtime protocol check only asks that they exist).

    >>> has_bot_methods(GreedyBot), has_bot_methods(GreedyBot()), has_bot_methods(len)
    (True, True, False)
    """
    return all(callable(getattr(obj, name, None)) for name in ("bid", "double", "play"))


def _described(obj: object) -> str:
    """What ``obj`` is, for a message: a class or function by its name, else its type."""
    name = getattr(obj, "__qualname__", None)
    if isinstance(obj, type):
        return f"the class {name}"
    return f"the function {name}" if isinstance(name, str) and callable(obj) else \
        f"a {type(obj).__name__}"


def _parameters(factory: Callable[..., object]) -> List[inspect.Parameter]:
    """The parameters of a bot factory; none known when it has no signature (a builtin)."""
    try:
        return list(inspect.signature(factory).parameters.values())
    except (TypeError, ValueError):
        return []


def _option_names(factory: Callable[..., Bot]) -> List[str]:
    """The keyword options a bot factory takes (its parameters other than ``seed``)."""
    return [p.name for p in _parameters(factory) if p.name != "seed"
            and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def make_bot(bot: Union[str, Callable[..., Bot]], seed: Union[int, str, None] = None,
             **options: object) -> Bot:
    """A new bot: of a built-in kind by name or spec ``"name:key=value,..."``, of a class of
    your own by spec ``"package.module:Class:key=value,..."``, or made by ``bot`` itself, a
    class or function (see the module doc for how the seed is given).

    Options come from the spec and from keyword arguments; an unknown name or option is a
    ValueError naming the choices, and a class or function that makes no bot a TypeError.

    >>> make_bot("greedy")
    GreedyBot()
    >>> make_bot("greedy:danger=3").danger
    3
    >>> make_bot("ddz_fast.search.bots:GreedyBot:danger=1").danger
    1
    >>> make_bot("greedy:speed=9")
    Traceback (most recent call last):
    ...
    ValueError: bot 'greedy' has no option 'speed': its options are danger, bid_at, double_at
    """
    if isinstance(bot, str):
        kind, spec_options = parse_bot_spec(bot)
        factory = BOTS[kind] if kind in BOTS else bot_class(kind)
    elif callable(bot):
        kind = getattr(bot, "__qualname__", None) or type(bot).__name__
        spec_options, factory = {}, bot
    else:
        raise TypeError(f"a bot is made from a spec (a str) or by a class or function, "
                        f"not from a {type(bot).__name__}")
    spec_options.update(options)
    parameters = _parameters(factory)
    if not any(p.kind == p.VAR_KEYWORD for p in parameters):
        known = _option_names(factory)
        for key in spec_options:
            if key not in known:
                choices = ", ".join(known) if known else "none"
                raise ValueError(f"bot {kind!r:.100} has no option {key!r:.100}: its options "
                                 f"are {choices}")
    if any(p.name == "seed" for p in parameters):
        spec_options["seed"] = seed
    made = factory(**spec_options)
    if isinstance(made, type) or not has_bot_methods(made):
        raise TypeError(f"{_described(factory)} made {shown(made)}, not a bot (an object "
                        f"with bid, double and play)")
    return made


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
