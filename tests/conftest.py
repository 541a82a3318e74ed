"""Fixtures shared by the whole suite."""

from __future__ import annotations

import pytest
from django.conf import settings


@pytest.fixture(autouse=True)
def _isolated_cache():
    # Throttles and caches must not leak between tests (Redis is shared in CI).
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def card_data_dir():
    """The shared card databases; tests that need them skip visibly when absent."""
    path = settings.CARD_DATA_DIR
    if not (path / "metw" / "cards.json").exists():
        pytest.skip(f"card databases not found in {path} (set CARD_DATA_DIR)")
    return path
