"""A worker hands visitors' stored pages out at a lower CPU priority, and every request
starts at its own priority again (core.priority), so a crowd of readers gives way to the
requests someone waits on."""

from __future__ import annotations

import threading

import pytest
from django.test import Client

from core import priority
from tests.tournaments.helpers import make_event, make_user
from tournaments import services

pytestmark = pytest.mark.skipif(
    not priority.allowed(5), reason="this process may not take a lower priority back"
)


def test_lowered_then_taken_back():
    base = priority.current()
    priority.lower(5)
    assert priority.current() == min(base + 5, 19)
    priority.lower(5)  # once per request: never lower still
    assert priority.current() == min(base + 5, 19)
    priority.restore()
    assert priority.current() == base


def test_only_the_thread_that_asked_is_lowered():
    base = priority.current()
    seen: list[int] = []

    def serve() -> None:
        priority.lower(5)
        seen.append(priority.current())
        priority.restore()

    worker = threading.Thread(target=serve)
    worker.start()
    worker.join()
    assert seen == [min(base + 5, 19)] and priority.current() == base


def test_nothing_changes_where_it_could_not_be_taken_back(monkeypatch):
    monkeypatch.setattr(priority, "_allowed", {5: False})
    base = priority.current()
    priority.lower(5)
    assert priority.current() == base


@pytest.mark.django_db
def test_a_stored_page_is_handed_out_lower_and_the_next_request_starts_again(settings):
    settings.VISITOR_PAGE_NICE = 5
    director = make_user()
    event = make_event(director)
    for i in range(4):
        services.add_walkin(director, event, display_name=f"Player {i}")
    services.pair_next_round(director, event, seed=1)
    url = f"/events/{event.slug}/standings/"
    base = priority.current()
    try:
        assert Client().get(url).status_code == 200  # rendered: at its own priority
        assert priority.current() == base
        assert Client().get(url).status_code == 200  # from the store
        assert priority.current() == min(base + 5, 19)
        director_client = Client()
        director_client.force_login(director)
        assert director_client.get(f"/events/{event.slug}/").status_code == 200
        assert priority.current() == base  # someone waits on this one
    finally:
        priority.restore()
