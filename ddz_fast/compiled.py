"""The compiled core, ``ddz_fast._core``, or a clear error that names the missing build.

Everything that runs in native code reaches the extension module through :data:`core`. When
the package was installed (or copied) without its compiled core, :data:`core` is a stand-in
whose every attribute raises :class:`NativeCoreMissingError`, so the pure-Python side of the
package (``DDZ_FAST_IMPLEMENTATION=python``) still imports and works, and the native-only
functions fail when called, with a message that says how to build the core.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import NoReturn, Union

__all__ = ["NativeCoreMissingError", "HAVE_CORE", "core", "require_core", "MISSING_MESSAGE"]

CORE_MODULE = "ddz_fast._core"

MISSING_MESSAGE = (
    "ddz_fast was installed without its compiled core ddz_fast._core; build it with "
    "`pip install .` from the source tree (this needs a C compiler and CMake), or set "
    "DDZ_FAST_IMPLEMENTATION=python to use the pure-Python implementation, where the "
    "native-only functions (random_games, play_out, perft_native and perft with "
    "implementation='native') are not available"
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

    def __getattr__(self, name: str) -> NoReturn:
        if name.startswith("__"):  # introspection (hasattr, doctest, copy): no such attribute
            raise AttributeError(name)
        raise NativeCoreMissingError(f"needed for {CORE_MODULE}.{name}")

    def __repr__(self) -> str:
        return "<ddz_fast._core: not built>"


def _load() -> Union[ModuleType, _MissingCore]:
    try:
        return importlib.import_module(CORE_MODULE)
    except ModuleNotFoundError as error:
        if error.name != CORE_MODULE:  # something the core itself imports is missing
            raise
        return _MissingCore()


#: The extension module, or a stand-in raising :class:`NativeCoreMissingError` on any use.
core: Union[ModuleType, _MissingCore] = _load()
#: Whether the compiled core is installed.
HAVE_CORE: bool = isinstance(core, ModuleType)


def require_core() -> ModuleType:
    """The extension module; :class:`NativeCoreMissingError` when it was not built."""
    if not isinstance(core, ModuleType):
        raise NativeCoreMissingError()
    return core
