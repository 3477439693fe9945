"""Shared fixtures. The spaCy model is loaded once per test session and only by tests that ask."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def nlp() -> Any:
    """The full sayso pipeline (model + sayso_quotes). Tests using it should be marked ``model``."""
    from sayso.nlp import load_nlp

    return load_nlp()


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT
