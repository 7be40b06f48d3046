"""Every public callable of ddz_fast has a fuzz generator: a new surface cannot be added
without one.

Public are the names of ``ddz_fast.__all__`` and of the ``__all__`` of every module whose dotted
name has no part starting with ``_`` (as for the API reference, tests/test_api_reference.py). Their
callables are the functions and classes among them (constants and type aliases are none), and the
public methods, classmethods and staticmethods of those classes (inherited ones included, from
classes of ddz_fast). One callable exported under several names (``ddz_fast.Hand`` is
``ddz_fast.hand.Hand``), or a method inherited by several classes, is one callable: an entry point
of fuzz/cases that names it under any of its names (its ``COVERS``) covers it.
"""
from __future__ import annotations

import importlib
import importlib.util
import inspect
import pkgutil
import sys
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

import ddz_fast

FUZZ_DIR = Path(__file__).resolve().parent.parent / "fuzz"

#: Public classes that need no generator of their own, each with why. Exception classes only:
#: an exception is raised by the library, not handed to it, so it is no input surface (its
#: constructor is Python's); the generators meet every one of them as an outcome.
EXEMPT = {
    "ddz_fast.IllegalActionError",          # the engine's error for an illegal action
    "ddz_fast.NativeCoreMissingError",      # raised where the compiled core is not built
    "ddz_fast.engine.base.ActionTypeError",     # an action of the wrong type for the phase
    "ddz_fast.engine.base.AutoPlayLoopError",   # auto-play that would never end
    "ddz_fast.arena.duplicate.ArenaError",      # a bot's fault or a backend's in the arena
    "ddz_fast.web.table.Choices",               # cards chosen that play several ways
}


def _cases():
    """fuzz/cases, loaded under a name of its own (fuzz/ is a folder of scripts)."""
    name = "ddz_fuzz_cases_coverage"
    if name not in sys.modules:
        init = FUZZ_DIR / "cases" / "__init__.py"
        spec = importlib.util.spec_from_file_location(
            name, init, submodule_search_locations=[str(init.parent)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def public_modules() -> List[str]:
    names = [info.name for info in pkgutil.walk_packages(ddz_fast.__path__, "ddz_fast.")
             if not any(part.startswith("_") for part in info.name.split(".")[1:])]
    return ["ddz_fast"] + names


def _is_callable_surface(value: object) -> bool:
    """A function or a class: not a constant nor a type alias (``typing`` objects are callable
    but are no surface). ``functools.lru_cache`` wrappers are functions here."""
    return inspect.isclass(value) or inspect.isroutine(value) or hasattr(value, "cache_info")


def _methods(cls: type) -> Dict[str, object]:
    """The public methods of ``cls`` defined in ddz_fast (inherited too): name -> function."""
    found: Dict[str, object] = {}
    for klass in reversed(cls.__mro__):
        if not (getattr(klass, "__module__", "") or "").startswith("ddz_fast"):
            continue
        for name, raw in vars(klass).items():
            if name.startswith("_"):
                continue
            if isinstance(raw, (classmethod, staticmethod)):
                found[name] = raw.__func__
            elif inspect.isroutine(raw) and not inspect.isdatadescriptor(raw):
                found[name] = raw
            else:
                found.pop(name, None)       # a property or data overriding a base's method
    return found


#: Public modules this run cannot import (an optional extra such as PettingZoo is missing, or
#: the compiled core under DDZ_FAST_IMPLEMENTATION=python): their names are not checked here.
UNIMPORTABLE: Set[str] = set()


def public_callables() -> Dict[int, Tuple[object, Set[str]]]:
    """id -> (callable, every public name it has): module names and Class.method names."""
    found: Dict[int, Tuple[object, Set[str]]] = {}

    def add(value: object, name: str) -> None:
        found.setdefault(id(value), (value, set()))[1].add(name)
    for module_name in public_modules():
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            UNIMPORTABLE.add(module_name)
            continue
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if _is_callable_surface(value):
                add(value, f"{module_name}.{name}")
    for value, names in list(found.values()):
        if inspect.isclass(value) and not issubclass(value, BaseException):
            for method, function in _methods(value).items():
                for name in names:
                    add(function, f"{name}.{method}")
    return found


def _shortest(names: Set[str]) -> str:
    return min(names, key=lambda name: (name.count("."), len(name), name))


@pytest.fixture(scope="module")
def surface() -> Dict[int, Tuple[object, Set[str]]]:
    return public_callables()


def test_every_public_callable_has_a_fuzz_generator(surface):
    covered = {name for names in _cases().COVERS.values() for name in names}
    missing = sorted(_shortest(names) for value, names in surface.values()
                     if not names & covered and not names & EXEMPT)
    assert not missing, (f"{len(missing)} public callables have no fuzz generator (add one to "
                         f"fuzz/cases, naming them in its covers=): {', '.join(missing)}")


def _in_unimportable(name: str) -> bool:
    return any(name.startswith(module + ".") for module in UNIMPORTABLE)


@pytest.mark.native    # without the core, its classes are stand-ins without their methods
def test_every_name_a_generator_covers_is_a_public_callable(surface):
    known = {name for _value, names in surface.values() for name in names}
    unknown = {entry: sorted(n for n in set(names) - known if not _in_unimportable(n))
               for entry, names in _cases().COVERS.items()}
    unknown = {entry: names for entry, names in unknown.items() if names}
    assert not unknown, f"generators cover names that are no public callable: {unknown}"


def test_every_generator_says_what_it_covers():
    bare = [entry for entry, names in _cases().COVERS.items() if not names]
    assert not bare, f"entry points without covers=: {bare}"


def test_the_exemptions_are_public_exception_classes(surface):
    by_name = {name: value for value, names in surface.values() for name in names}
    wrong = [name for name in EXEMPT
             if not (inspect.isclass(by_name.get(name)) and issubclass(by_name[name],
                                                                       BaseException))]
    assert not wrong, f"exemptions that are no public exception class: {wrong}"
