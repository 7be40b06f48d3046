"""The compiled core, or a clear error that names the missing build.

The native modules live beside the Python modules they serve, one idea each (src/ mirrors
them):

* the vocabulary: ``ddz_fast._fast_paths`` (Move() and Hand() from plain arguments, which
  :mod:`ddz_fast.move` and :mod:`ddz_fast.hand` import themselves);
* the core, move generation (:data:`CORE_MODULE` and its siblings in ``ddz_fast.moves``);
* ``ddz_fast.positions``, ``ddz_fast.engine`` and ``ddz_fast.search``: the play loop's
  kernels, the batched tables, the solver, the sampler and the search bots' kernels
  (:data:`NATIVE_MODULES`);
* ``ddz_fast.compat`` and ``ddz_fast.envs``: DouZero's order and the feature kernels over a
  batch of tables (DouZero's and RLCard's observations, ddz_fast's planes).

Each layer loads its own with :func:`load` when it is imported (importing a module of a layer
imports that layer's package first, so this module, which every layer imports, cannot import
them itself). When the package was installed (or copied) without them, :func:`load` gives a
stand-in whose every attribute raises :class:`NativeCoreMissingError`, so the pure-Python side
of the package (``DDZ_FAST_IMPLEMENTATION=python``) still imports and works, and the
native-only functions fail when called, with a message that says how to build the core.
"""
from __future__ import annotations

import importlib
from importlib.machinery import ExtensionFileLoader, PathFinder
from pathlib import Path
from types import ModuleType
from typing import Dict, NoReturn, Tuple, Union

__all__ = ["NativeCoreMissingError", "HAVE_CORE", "CORE_MODULE", "NATIVE_MODULES", "load",
           "require_core", "MISSING_MESSAGE"]

#: The move API on the native generators: the compiled core.
CORE_MODULE = "ddz_fast.moves._api"

#: The native modules, by the layer whose Python modules load them.
NATIVE_MODULES: Dict[str, Tuple[str, ...]] = {
    "vocabulary": ("ddz_fast._fast_paths",),
    "moves": ("ddz_fast.moves._interned", "ddz_fast.moves._rule_sets",
              "ddz_fast.moves._movelist", CORE_MODULE, "ddz_fast.moves._batches"),
    "positions": ("ddz_fast.positions._perft", "ddz_fast.positions._rollouts"),
    "engine": ("ddz_fast.engine._random_games", "ddz_fast.engine._play_phase",
               "ddz_fast.engine._deal", "ddz_fast.engine._vector"),
    "compat": ("ddz_fast.compat._rlcard", "ddz_fast.compat._douzero"),
    "search": ("ddz_fast.search._solver", "ddz_fast.search._sampling",
               "ddz_fast.search._search_bots"),
    "envs": ("ddz_fast.envs._planes",),
}

MISSING_MESSAGE = (
    f"ddz_fast was installed without its compiled core {CORE_MODULE}; build it with "
    "`pip install .` from the source tree (this needs a C compiler and CMake), or set "
    "DDZ_FAST_IMPLEMENTATION=python to use the pure-Python implementation, where the "
    "native-only functions (random_games, play_out, perft_native, perft with "
    "implementation='native' and solve) are not available"
)


class NativeCoreMissingError(ImportError):
    """The compiled core is not installed (an :class:`ImportError`).

    Raised by ``import ddz_fast`` under the native implementation (the default), and by the
    native-only functions under ``DDZ_FAST_IMPLEMENTATION=python``.
    """

    def __init__(self, detail: str = "") -> None:
        super().__init__(MISSING_MESSAGE + (f" ({detail})" if detail else ""),
                         name=CORE_MODULE)


class _MissingCore:
    """Stands for the absent extension module: every attribute raises the clear error."""

    def __init__(self, module: str) -> None:
        self._module = module

    def __getattr__(self, name: str) -> NoReturn:
        if name.startswith("__"):  # introspection (hasattr, doctest, copy): no such attribute
            raise AttributeError(name)
        raise NativeCoreMissingError(f"needed for {self._module}.{name}")

    def __repr__(self) -> str:
        return f"<{self._module}: not built>"


def load(module: str) -> Union[ModuleType, _MissingCore]:
    """The native module ``module`` (a name of :data:`NATIVE_MODULES`), imported now, or a
    stand-in raising :class:`NativeCoreMissingError` on any use when it was not built."""
    if not isinstance(module, str):
        raise TypeError(f"a native module is named by a str, not {type(module).__name__}")
    if not any(module in names for names in NATIVE_MODULES.values()):
        raise ValueError(f"{module!r:.100} is not a native module of ddz_fast: one of "
                         f"{', '.join(n for names in NATIVE_MODULES.values() for n in names)}")
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name != module:  # something the module itself imports is missing
            raise
        return _MissingCore(module)


def _is_built(module: str) -> bool:
    """Whether the extension module ``module`` is installed: looked for in its folder, not
    imported (a module of a layer is imported with its layer)."""
    parts = module.split(".")
    folder = Path(__file__).resolve().parent.joinpath(*parts[1:-1])
    spec = PathFinder.find_spec(parts[-1], [str(folder)])
    return spec is not None and isinstance(spec.loader, ExtensionFileLoader)


#: Whether the compiled core is installed.
HAVE_CORE: bool = _is_built(CORE_MODULE)


def require_core() -> ModuleType:
    """The compiled core (:data:`CORE_MODULE`); :class:`NativeCoreMissingError` when it was not
    built."""
    core = load(CORE_MODULE)
    if not isinstance(core, ModuleType):
        raise NativeCoreMissingError()
    return core
