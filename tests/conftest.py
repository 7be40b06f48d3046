"""Shared fixtures: every API test runs against the reference AND the public (native) API."""
from __future__ import annotations

import pytest

import ddz_fast
import ddz_fast.reference

PRESET_NAMES = ("standard", "rlcard", "openspiel", "douzero")


@pytest.fixture(params=["reference", "public"])
def api(request):
    """The module whose legal_moves/classify/beats/action_space a test exercises."""
    return ddz_fast.reference if request.param == "reference" else ddz_fast


@pytest.fixture(params=PRESET_NAMES)
def preset(request) -> str:
    return request.param
