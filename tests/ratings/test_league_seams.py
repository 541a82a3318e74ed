"""The league's read side and the ledger writer meet only through a signal, and the
Celery tasks keep the names that stored messages carry."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ratings.league.cache import warm_league_cache
from ratings.models import LedgerVersion, RatingEntry
from ratings.services.ledger_io import bump_ledger_version
from ratings.services.operations import replay_ratings
from ratings.signals import ledger_changed

RATINGS = Path(__file__).resolve().parents[2] / "ratings"


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, inside functions too."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_the_ledger_writer_imports_neither_tasks_nor_the_league() -> None:
    imported = _imported(RATINGS / "services" / "ledger_io.py")
    assert not {m for m in imported if m.startswith(("ratings.tasks", "ratings.league"))}


@pytest.mark.parametrize(
    ("module", "below"),
    [
        ("table", ()),
        ("cache", ("table",)),
        ("page", ("table", "cache")),
    ],
)
def test_the_league_reads_in_one_direction(module: str, below: tuple[str, ...]) -> None:
    imported = _imported(RATINGS / "league" / f"{module}.py")
    league = {m.split(".")[2] for m in imported if m.startswith("ratings.league.")}
    assert league <= set(below)
    assert not {m for m in imported if m.startswith(("ratings.services", "ratings.tasks"))}


def test_the_tasks_keep_their_names() -> None:
    assert warm_league_cache.name == "ratings.tasks.warm_league_cache"
    assert replay_ratings.name == "ratings.tasks.replay_ratings"


@pytest.mark.django_db
def test_a_ledger_write_bumps_the_version_and_announces_it(
    django_capture_on_commit_callbacks, monkeypatch
) -> None:
    heard: list[tuple[object, str]] = []

    def listener(sender: object, game: str, **kwargs: object) -> None:
        heard.append((sender, game))

    queued: list[str] = []
    monkeypatch.setattr(warm_league_cache, "delay", queued.append)
    ledger_changed.connect(listener, dispatch_uid="test.listener")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            bump_ledger_version("lore")
            assert queued == []  # the warm-up waits for the commit
    finally:
        ledger_changed.disconnect(dispatch_uid="test.listener")
    assert heard == [(RatingEntry, "lore")]
    assert LedgerVersion.objects.current("lore") == 1
    assert queued == ["lore"]
