"""The pages the web table serves and writes: one self-contained HTML document each, its style
and script inline (from the files of ``ddz_fast/web/assets/``), so that a page needs nothing
from the network, not even from the server that sent it, once loaded.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from html import escape
from importlib import resources
from typing import Any

__all__ = ["asset", "html_page", "script_data"]


def asset(name: str) -> str:
    """The text of one file of ``ddz_fast/web/assets/`` (``table.js``, ``style.css``...)."""
    if not isinstance(name, str):
        raise TypeError(f"an asset name is text, not {type(name).__name__}")
    if not re.fullmatch(r"[a-z]{1,20}\.(css|js)", name):
        raise ValueError(f"not an asset name (a style or script file): {name!r:.60}")
    return _read_asset(name)


@lru_cache(maxsize=None)
def _read_asset(name: str) -> str:
    path = resources.files(__package__).joinpath("assets", name)
    if not path.is_file():
        raise ValueError(f"no asset {name!r:.60}")
    return path.read_text(encoding="utf-8")


def script_data(value: Any) -> str:
    """``value`` as JSON that is safe inside ``<script type="application/json">``: no ``<``
    can close the element or open a comment.

    >>> script_data({"svg": "</script>"})
    '{"svg": "\\\\u003c/script>"}'
    """
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise TypeError("script data is JSON data: dicts, lists, text, finite numbers, "
                        "true, false and null") from None
    return text.replace("<", "\\u003c")


def html_page(title: str, body: str, *, styles: tuple = ("style.css",),
              scripts: tuple = ()) -> str:
    """A whole HTML document: ``title`` (escaped), ``body`` (HTML), the asset files
    ``styles`` and ``scripts`` inline."""
    for name, value in (("title", title), ("body", body)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be text, not {type(value).__name__}")
    for name, value in (("styles", styles), ("scripts", scripts)):
        if not isinstance(value, tuple):
            raise TypeError(f"{name} must be a tuple of asset names, not {type(value).__name__}")
    css = "\n".join(asset(name) for name in styles)
    js = "\n".join(f"<script>\n{asset(name)}\n</script>" for name in scripts)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>\n{css}\n</style>\n</head>\n"
            f"<body>\n{body}\n{js}\n</body>\n</html>\n")
