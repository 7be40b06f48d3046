"""Old public names, kept working for one release with a :class:`DeprecationWarning`.

The vocabulary of the package is in the README ("Vocabulary"). A public name that changed to
fit it (a keyword argument, a property, an ``implementation`` value, a CLI option) still works
until :data:`REMOVED_IN`, and each use warns once per call site, naming the new spelling.

A leaf module: it imports nothing of the package, so any module may use it.
"""
from __future__ import annotations

import warnings
from typing import Any, Optional

__all__ = ["REMOVED_IN", "UNSET", "warn_renamed", "renamed_argument"]

#: The release that drops the old names.
REMOVED_IN = "0.3"


class _Unset:
    """The type of :data:`UNSET`."""

    def __repr__(self) -> str:
        return "UNSET"


#: The default of a deprecated keyword argument: tells "not given" from an explicit ``None``.
UNSET: Any = _Unset()


def warn_renamed(old: str, new: str, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated in favour of ``new``.

    ``stacklevel`` 3 points the warning at the caller of the function that calls this one,
    which is where the old name was written.
    """
    warnings.warn(f"{old} is deprecated and will be removed in ddz_fast {REMOVED_IN}: "
                  f"use {new}", DeprecationWarning, stacklevel=stacklevel)


def renamed_argument(owner: str, old: str, new: str, old_value: Any,
                     new_value: Optional[Any]) -> Any:
    """The value of an argument renamed from ``old`` to ``new`` (which defaults to None).

    Returns ``new_value`` when ``old`` was not given (``old_value`` is :data:`UNSET`); else
    warns and returns ``old_value``. Giving both is a TypeError, as two values for one
    argument would be.
    """
    if old_value is UNSET:
        return new_value
    if new_value is not None:
        raise TypeError(f"{owner}() got values for both {new!r} and its deprecated name "
                        f"{old!r}")
    warn_renamed(f"{owner}({old}=...)", f"{owner}({new}=...)", stacklevel=4)
    return old_value
