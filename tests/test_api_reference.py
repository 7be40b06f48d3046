"""The API reference of the documentation site covers every public name.

Public are the names of ``ddz_fast.__all__`` and of the ``__all__`` of every module whose
dotted name has no part starting with ``_``. The pages ``docs/api/*.md`` document each public
module with ``automodule``; the built site's inventory (``objects.inv``) must then hold every
public module and every name of its ``__all__``, and the top-level page must list every name
of ``ddz_fast.__all__``. The inventory is read from ``DDZ_FAST_DOCS_HTML`` when it names a
build (``.ci/run`` builds the site before the tests), or built here into a temporary folder
when Sphinx is installed (the ``docs`` extra).
"""
from __future__ import annotations

import importlib
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Set

import pytest

import ddz_fast
from support.subprocesses import SUBPROCESS_CWD

DOCS = Path(__file__).resolve().parent.parent / "docs"
API_PAGES = sorted((DOCS / "api").glob("*.md"))


def public_modules() -> List[str]:
    names = []
    for info in pkgutil.walk_packages(ddz_fast.__path__, "ddz_fast."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            names.append(info.name)
    return ["ddz_fast"] + names


def public_names() -> Dict[str, List[str]]:
    """Each public module's ``__all__`` (the package's own apart)."""
    found = {}
    for name in public_modules()[1:]:
        try:
            module = importlib.import_module(name)
        except ImportError as error:            # an optional extra (pettingzoo) is missing
            pytest.skip(f"{name} needs an optional extra: {error}")
        found[name] = list(getattr(module, "__all__", ()))
    return found


def automodules() -> Set[str]:
    text = "\n".join(page.read_text(encoding="utf-8") for page in API_PAGES)
    return set(re.findall(r"^\.\. automodule:: (\S+)$", text, re.M))


def test_every_public_module_has_its_automodule():
    documented = automodules()
    missing = [name for name in public_modules() if name not in documented]
    assert not missing, f"public modules missing from docs/api/*.md: {missing}"
    unknown = [name for name in documented if name not in public_modules()]
    assert not unknown, f"docs/api/*.md documents modules that are not public: {unknown}"


def test_the_package_page_lists_every_top_level_name():
    page = (DOCS / "api" / "package.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^   (\w+)$", page, re.M))              # the autosummary
    listed |= set(re.findall(r"\{py:data\}`~?ddz_fast\.(?:\w+\.)*(\w+)`", page))  # the data
    missing = [name for name in ddz_fast.__all__ if name not in listed]
    assert not missing, f"names of ddz_fast.__all__ missing from docs/api/package.md: {missing}"


@pytest.fixture(scope="module")
def inventory(tmp_path_factory) -> Set[str]:
    """Every Python name the built site documents."""
    sphinx = pytest.importorskip("sphinx", reason="the docs extra (Sphinx) is not installed")
    from sphinx.util.inventory import InventoryFile

    html = os.environ.get("DDZ_FAST_DOCS_HTML")
    if not html:
        pytest.importorskip("myst_parser", reason="the docs extra (MyST) is not installed")
        html = str(tmp_path_factory.mktemp("docs-html"))
        result = subprocess.run([sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going",
                                 "-q", "-b", "html", str(DOCS), html], capture_output=True,
                                text=True, timeout=900, cwd=SUBPROCESS_CWD)
        assert result.returncode == 0, result.stderr
    del sphinx
    with open(Path(html) / "objects.inv", "rb") as stream:
        loaded = InventoryFile.load(stream, "", lambda base, uri: uri)
    if hasattr(loaded, "data"):                 # Sphinx 8.2+: an Inventory object
        items = {kind: dict(entries) for kind, entries in loaded.data.items()}
    else:
        items = loaded
    return {name for kind, entries in items.items() if kind.startswith("py:") for name in entries}


@pytest.mark.native    # the reference documents the compiled core's modules too
def test_the_reference_documents_every_public_name(inventory: Set[str]):
    missing = [name for name in public_modules() if name not in inventory]
    for module, names in public_names().items():
        missing += [f"{module}.{name}" for name in names if f"{module}.{name}" not in inventory]
    assert not missing, f"public names missing from the API reference: {missing}"


@pytest.mark.native
def test_every_top_level_name_is_documented_where_it_lives(inventory: Set[str]):
    """``ddz_fast.Hand`` is documented as ``ddz_fast.hand.Hand``: some public module that
    exports the same object documents it."""
    owners = public_names()
    missing = []
    for name in ddz_fast.__all__:
        value = getattr(ddz_fast, name)
        if f"ddz_fast.{name}" in inventory:
            continue
        if not any(name in names and getattr(importlib.import_module(module), name) is value
                   and f"{module}.{name}" in inventory for module, names in owners.items()):
            missing.append(name)
    assert not missing, f"top-level names documented nowhere: {missing}"
