"""The compiled core, or a clear error that names the missing build.

The core is five extension modules: ``ddz_fast._core`` (the move API, ids and batched
kernels), ``ddz_fast._play`` (the play loop), ``ddz_fast._solver`` (the solver),
``ddz_fast._sample`` (determinizations) and ``ddz_fast._search`` (the search bots' kernels).
Everything that runs in native code reaches them through :data:`core`, :data:`play`,
:data:`solver`, :data:`sampler` and :data:`search`.
When the package was installed (or copied) without them, each is a stand-in whose every
attribute raises :class:`NativeCoreMissingError`, so the pure-Python side of the package
(``DDZ_FAST_IMPLEMENTATION=python``) still imports and works, and the native-only functions
fail when called, with a message that says how to build the core.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import NoReturn, Union

__all__ = ["NativeCoreMissingError", "HAVE_CORE", "core", "play", "solver", "sampler", "search",
           "require_core",
           "MISSING_MESSAGE"]

CORE_MODULE = "ddz_fast._core"

MISSING_MESSAGE = (
    "ddz_fast was installed without its compiled core ddz_fast._core; build it with "
    "`pip install .` from the source tree (this needs a C compiler and CMake), or set "
    "DDZ_FAST_IMPLEMENTATION=python to use the pure-Python implementation, where the "
    "native-only functions (random_games, play_out, perft_native, perft with "
    "implementation='native' and solve) are not available"
)


class NativeCoreMissingError(ImportError):
    """The compiled core ``ddz_fast._core`` is not installed (an :class:`ImportError`).

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


def _load(module: str) -> Union[ModuleType, _MissingCore]:
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name != module:  # something the module itself imports is missing
            raise
        return _MissingCore(module)


#: Each extension module, or a stand-in raising :class:`NativeCoreMissingError` on any use.
core: Union[ModuleType, _MissingCore] = _load(CORE_MODULE)
play: Union[ModuleType, _MissingCore] = _load("ddz_fast._play")
solver: Union[ModuleType, _MissingCore] = _load("ddz_fast._solver")
#: ``ddz_fast._sample``: uniform determinizations of an information set (ddz_fast.search.infoset).
sampler: Union[ModuleType, _MissingCore] = _load("ddz_fast._sample")
#: ``ddz_fast._search``: the search bots' kernels (ddz_fast.search.search_bots).
search: Union[ModuleType, _MissingCore] = _load("ddz_fast._search")
#: Whether the compiled core is installed.
HAVE_CORE: bool = isinstance(core, ModuleType)


def require_core() -> ModuleType:
    """The extension module; :class:`NativeCoreMissingError` when it was not built."""
    if not isinstance(core, ModuleType):
        raise NativeCoreMissingError()
    return core
