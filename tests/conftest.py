"""Shared fixtures: every API test runs against the reference AND the public (native) API.

Tests import the installed package, never the source tree (pytest runs in ``importlib``
import mode, see pyproject.toml). The guard below stops a run whose ``ddz_fast`` is a source
tree without its compiled core, unless ``DDZ_FAST_IMPLEMENTATION=python`` asks for the
pure-Python implementation. That is the second, explicit way to run the suite, with no build
at all (docs/install.md, "Without the compiled core")::

    DDZ_FAST_IMPLEMENTATION=python PYTHONPATH=$PWD pytest -m "not native and not slow"

Then the test modules and tests that need the compiled core (modules whose ``pytestmark`` says so,
and tests marked ``native``) are skipped, and the rest, the reference-side suite, runs against the
pure-Python implementation, taking smaller random samples where the native run takes large ones
(``common.sample_size``). The report header names the package and implementation tested.
"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from typing import List, Optional

import pytest

# One BLAS thread a test process: `pytest -n 2` already runs a process per core, and numpy's
# BLAS threads on top of them (in the actors' small networks) only wait for each other.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

#: The checkout's root: tests/..
ROOT = Path(__file__).resolve().parent.parent


def _has_core(package: Path) -> bool:
    return any((package / "moves" / f"_api{suffix}").exists()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def _package_dir(path: List[str]) -> Optional[Path]:
    spec = importlib.machinery.PathFinder.find_spec("ddz_fast", path)
    return None if spec is None or spec.origin is None else Path(spec.origin).resolve().parent


def _import_the_installed_package() -> None:
    """Make ``import ddz_fast`` find the installed package, or fail at once saying why.

    ``python -m pytest`` from the checkout's root puts the root first on sys.path, where the
    source tree has no compiled core: the root is then dropped from sys.path when an installed
    build is found behind it. Under DDZ_FAST_IMPLEMENTATION=python a source tree is fine.
    """
    package = _package_dir(sys.path)
    python = os.environ.get("DDZ_FAST_IMPLEMENTATION") == "python"
    if package is None:
        raise pytest.UsageError(
            "ddz_fast is not installed: run `pip install .` (see the README) before the tests"
            + (", or put the source tree on the path, `PYTHONPATH=$PWD`, to test it without a "
               "build" if python else ""))
    if _has_core(package) or python:
        return
    behind = [entry for entry in sys.path if Path(entry or ".").resolve() != package.parent]
    installed = _package_dir(behind)
    if installed is not None and _has_core(installed):
        sys.path[:] = behind
        importlib.invalidate_caches()
        return
    where = ("the source tree of this checkout" if package == ROOT / "ddz_fast"
             else "a copy without its build")
    raise pytest.UsageError(
        f"`import ddz_fast` finds {package}, {where}, which has no compiled core "
        f"(ddz_fast.moves._api), and no built ddz_fast is installed: run `pip install .` first, "
        f"or set DDZ_FAST_IMPLEMENTATION=python to run the reference-side tests without a "
        f"build (docs/install.md, \"Without the compiled core\").")


_import_the_installed_package()

import ddz_fast  # noqa: E402  (after the guard, which says why this import would fail)
import ddz_fast.reference.moves  # noqa: E402
from ddz_fast.compiled import HAVE_CORE  # noqa: E402
from support.common import PRESET_NAMES  # noqa: E402

#: How a test module that needs the compiled core as a whole says so, on a line of its own.
NATIVE_MODULE_MARK = "pytestmark = pytest.mark.native"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> Optional[bool]:
    """No compiled core (DDZ_FAST_IMPLEMENTATION=python over an unbuilt copy): the modules that
    need it (those whose own ``pytestmark`` says ``native``) cannot even be imported, so they
    are not collected."""
    if HAVE_CORE or collection_path.suffix != ".py" or not collection_path.is_file():
        return None
    lines = collection_path.read_text(encoding="utf-8").splitlines()
    return True if any(line.startswith(NATIVE_MODULE_MARK) for line in lines) else None


def pytest_configure(config: pytest.Config) -> None:
    """Import RLCard once before any test process starts, when it is installed.

    RLCard unpacks its action tables into its install folder on its first import; two
    processes of ``pytest -n 2`` importing it for the first time at once can read a half-written
    table. The controller (not a worker, which has ``workerinput``) unpacks it first.
    """
    if not hasattr(config, "workerinput"):
        try:
            importlib.import_module("rlcard.games.doudizhu.utils")
        except Exception:  # noqa: BLE001 - an absent or broken peer is the peers' tests' concern
            pass


def pytest_report_header(config: pytest.Config) -> str:
    """Which package the run tests, under which implementation, with or without the core."""
    return (f"ddz_fast {ddz_fast.__version__} from {Path(ddz_fast.__file__).parent}: "
            f"implementation {ddz_fast.IMPLEMENTATION!r}, compiled core "
            f"{'built' if HAVE_CORE else 'not built (the native tests are skipped)'}")


def pytest_collection_modifyitems(config: pytest.Config, items: list) -> None:
    """Without a core, skip every ``native`` test."""
    missing = pytest.mark.skip(reason="needs the compiled core ddz_fast.moves._api (not built)")
    for item in items:
        if not HAVE_CORE and item.get_closest_marker("native"):
            item.add_marker(missing)


@pytest.fixture(params=["reference", "public"])
def api(request):
    """The module whose legal_moves/classify/beats/action_space a test exercises."""
    return ddz_fast.reference.moves if request.param == "reference" else ddz_fast


@pytest.fixture(params=PRESET_NAMES)
def preset(request) -> str:
    return request.param
