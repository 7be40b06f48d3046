"""The pages the web table serves and writes: one self-contained HTML document each, its style
and script inline (from the files of ``ddz_fast/web/assets/``), so that a page needs nothing
from the network, not even from the server that sent it, once loaded.
"""
from __future__ import annotations

import json
from functools import lru_cache
from html import escape
from importlib import resources
from typing import Any

__all__ = ["asset", "html_page", "script_data"]


@lru_cache(maxsize=None)
def asset(name: str) -> str:
    """The text of one file of ``ddz_fast/web/assets/`` (``table.js``, ``style.css``...)."""
    if not isinstance(name, str) or "/" in name or name.startswith("."):
        raise ValueError(f"not an asset name: {name!r:.60}")
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
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


def html_page(title: str, body: str, *, styles: tuple = ("style.css",),
              scripts: tuple = ()) -> str:
    """A whole HTML document: ``title`` (escaped), ``body`` (HTML), the asset files
    ``styles`` and ``scripts`` inline."""
    css = "\n".join(asset(name) for name in styles)
    js = "\n".join(f"<script>\n{asset(name)}\n</script>" for name in scripts)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>\n{css}\n</style>\n</head>\n"
            f"<body>\n{body}\n{js}\n</body>\n</html>\n")
