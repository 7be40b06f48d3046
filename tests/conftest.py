"""Shared fixtures: every API test runs against the reference AND the public (native) API."""
from __future__ import annotations

import tempfile

import pytest

import ddz_fast
import ddz_fast.reference

PRESET_NAMES = ("standard", "rlcard", "openspiel", "douzero")

#: The working directory of every Python subprocess a test starts. ``python -m`` and ``-c`` put
#: the working directory first on sys.path, and from the checkout's root that would import the
#: uncompiled source folder instead of the installed package.
SUBPROCESS_CWD = tempfile.mkdtemp(prefix="ddz_fast_tests_")


@pytest.fixture(params=["reference", "public"])
def api(request):
    """The module whose legal_moves/classify/beats/action_space a test exercises."""
    return ddz_fast.reference if request.param == "reference" else ddz_fast


@pytest.fixture(params=PRESET_NAMES)
def preset(request) -> str:
    return request.param
