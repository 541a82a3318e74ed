"""One address without an account has at most ANON_CONCURRENCY_LIMIT requests running
at once: one more is answered 429 with Retry-After at once, without reaching a view;
other addresses, people logged in and /health/ are not held up, and a count left by a
killed worker expires."""

from __future__ import annotations

import threading
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpResponse, StreamingHttpResponse
from django.test import Client, RequestFactory

from core.concurrency import AnonymousConcurrencyMiddleware
from tests.conftest import clear_cache
from tests.tournaments.helpers import make_user

pytestmark = pytest.mark.django_db

ADDRESS = "198.51.100.40"


@pytest.fixture(autouse=True)
def two_at_once(settings):
    settings.ANON_CONCURRENCY_LIMIT = 2
    settings.ANON_CONCURRENCY_EXPIRY = 60
    clear_cache()
    yield
    clear_cache()


def _request(path: str = "/events/", address: str = ADDRESS, user=None):
    request = RequestFactory().get(path, REMOTE_ADDR=address)
    request.user = user or AnonymousUser()
    return request


def test_one_request_past_the_bound_is_refused_while_the_others_run() -> None:
    entered, release = threading.Semaphore(0), threading.Event()
    reached: list[str] = []

    def slow_view(request):
        reached.append(request.META["REMOTE_ADDR"])
        entered.release()
        release.wait(10)
        return HttpResponse("ok")

    middleware = AnonymousConcurrencyMiddleware(slow_view)
    answers: list[int] = []
    running = [
        threading.Thread(target=lambda: answers.append(middleware(_request()).status_code))
        for _ in range(2)
    ]
    for thread in running:
        thread.start()
    for _ in running:
        assert entered.acquire(timeout=10)
    refused = middleware(_request())
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    assert len(reached) == 2  # the refused request never reached the view
    # Another address, someone logged in and /health/ go through meanwhile.
    others = [
        _request(address="198.51.100.41"),
        _request(user=make_user("regular")),
        _request("/health/"),
    ]
    threads = [threading.Thread(target=lambda r=r: answers.append(middleware(r).status_code))
               for r in others]  # fmt: skip
    for thread in threads:
        thread.start()
    for _ in threads:
        assert entered.acquire(timeout=10)
    release.set()
    for thread in running + threads:
        thread.join(10)
    assert answers == [200] * 5
    # Every request gave its place back: the address may run two at once again.
    assert cache.get(f"inflight:{ADDRESS}") == 0
    assert middleware(_request()).status_code == 200


def test_a_streamed_answer_holds_its_place_until_its_last_byte() -> None:
    middleware = AnonymousConcurrencyMiddleware(
        lambda request: StreamingHttpResponse(iter([b"a", b"b"]))
    )
    first, second = middleware(_request()), middleware(_request())
    assert middleware(_request()).status_code == 429
    assert b"".join(first.streaming_content) == b"ab"  # its last byte gives its place back
    third = middleware(_request())
    assert third.status_code == 200
    first.close()  # and closing it as well does not give it back twice
    assert middleware(_request()).status_code == 429
    second.close()  # closed early by the server: given back
    b"".join(third.streaming_content)
    third.close()
    assert cache.get(f"inflight:{ADDRESS}") == 0


def test_a_count_left_by_a_killed_worker_expires(settings) -> None:
    settings.ANON_CONCURRENCY_EXPIRY = 1
    cache.set(f"inflight:{ADDRESS}", 2, timeout=1)  # two requests whose worker died
    middleware = AnonymousConcurrencyMiddleware(lambda request: HttpResponse("ok"))
    assert middleware(_request()).status_code == 429
    time.sleep(1.2)
    assert middleware(_request()).status_code == 200


def test_the_bound_answers_in_the_site_s_shapes_and_can_be_turned_off(settings) -> None:
    cache.set(f"inflight:{ADDRESS}", 2, timeout=60)
    api = Client().get("/api/v1/events/", REMOTE_ADDR=ADDRESS)
    assert api.status_code == 429 and api["Retry-After"] == "1"
    assert api["Content-Type"] == "application/problem+json"
    page = Client().get("/events/", REMOTE_ADDR=ADDRESS)
    assert page.status_code == 429 and "at once" in page.content.decode()
    # An API token is checked by the view itself (a false one answers 401 at once).
    token = Client().get("/api/v1/events/", REMOTE_ADDR=ADDRESS, HTTP_AUTHORIZATION="Token x")
    assert token.status_code == 401
    settings.ANON_CONCURRENCY_LIMIT = 0
    assert Client().get("/events/", REMOTE_ADDR=ADDRESS).status_code == 200
