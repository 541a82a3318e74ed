"""A database outage answers 503 with Retry-After wherever the error rises (the
draft guard's process_view included, which no process_exception sees), and
/health/ answers from what the worker last told it, never by pinging the workers."""

from __future__ import annotations

import time

import pytest
from django.db import OperationalError
from django.test import Client

from core import health
from organizer import draft_guard
from tests.tournaments.helpers import make_event, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def database_away_in_the_guard(monkeypatch):
    def away(*_args, **_kwargs):
        raise OperationalError("could not connect to server: Connection refused")

    monkeypatch.setattr(draft_guard, "hidden_draft", away)


@pytest.fixture
def event():
    return make_event(make_user("director"))


def test_an_event_page_answers_503_with_retry_after_when_the_guard_meets_an_outage(
    database_away_in_the_guard, event
) -> None:
    response = Client(raise_request_exception=False).get(f"/events/{event.slug}/")
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert "try again" in response.content.decode()


def test_the_api_answers_a_problem_document_with_retry_after(
    database_away_in_the_guard, event
) -> None:
    response = Client(raise_request_exception=False).get(f"/api/v1/events/{event.slug}/")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/problem+json"
    assert int(response["Retry-After"]) > 0
    body = response.json()
    assert (body["status"], body["code"]) == (503, "unavailable")


def test_a_director_write_answers_503_too(database_away_in_the_guard, event) -> None:
    client = Client(raise_request_exception=False)
    client.force_login(event.organizer)
    response = client.post(f"/events/{event.slug}/edit/", {"name": "Bree"})
    assert response.status_code == 503
    assert "Retry-After" in response


def test_a_real_server_error_stays_a_500(monkeypatch, event) -> None:
    def broken(*_args, **_kwargs):
        raise ValueError("a bug")

    monkeypatch.setattr(draft_guard, "hidden_draft", broken)
    response = Client(raise_request_exception=False).get(f"/api/v1/events/{event.slug}/")
    assert response.status_code == 500
    assert "Retry-After" not in response


# --------------------------------------------------------------------------- /health/


@pytest.fixture
def with_a_worker_queue():
    """/health/ as in production: tasks go to a worker, not run in the request."""
    from organizer.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = before


def test_health_never_pings_the_workers(monkeypatch, with_a_worker_queue) -> None:
    from organizer.celery import app

    def no_broadcast(*_args, **_kwargs):
        raise AssertionError("/health/ must not wait on a broadcast")

    monkeypatch.setattr(app.control, "ping", no_broadcast)
    started = time.monotonic()
    body = Client().get("/health/").json()
    assert time.monotonic() - started < 0.5
    assert body["worker"] == "no worker seen"
    assert body["status"] == "degraded"


def test_health_reports_the_worker_the_sweep_saw(with_a_worker_queue) -> None:
    from core import jobs
    from organizer.celery import app

    jobs.heal(app)  # what the worker runs every minute
    assert Client().get("/health/").json()["worker"] == "ok"
    later = time.time() + health.WORKER_SILENT_AFTER + 5
    assert health.worker(now=later).startswith("no worker seen for")


def test_health_names_the_part_that_is_down(monkeypatch) -> None:
    monkeypatch.setattr(health, "redis", lambda: "unavailable: ConnectionError")
    body = Client().get("/health/").json()
    assert body["redis"] == "unavailable: ConnectionError"
    assert body["database"] == "ok"
    assert body["status"] == "degraded"


# --------------------------------------------------------------------------- request time limit


def test_the_shipped_gunicorn_config_has_a_request_time_limit_that_fires(monkeypatch) -> None:
    """Gunicorn's timeout stops a request only in a sync worker: a threaded one reports
    itself alive while a request thread runs on (the issue's 23 s export)."""
    import runpy
    from pathlib import Path

    monkeypatch.delenv("WEB_TIMEOUT", raising=False)
    config = runpy.run_path(str(Path(__file__).resolve().parents[2] / "deploy/gunicorn.conf.py"))
    assert config["worker_class"] == "sync"
    assert config["threads"] == 1
    assert 0 < config["timeout"] <= 30
    assert config["workers"] >= 3  # processes stand in for the threads
