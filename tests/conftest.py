"""Fixtures shared by the whole suite."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.servers.basehttp import WSGIServer
from django.test.testcases import LiveServerThread


# On SQLite the live server's request threads share the test database's one connection:
# a page loaded while another request is inside a failed atomic block (a refused
# Idempotency-Key, say) is refused as a broken transaction. One request at a time keeps
# each request's transaction its own; the browser's connections are closed after each.
class _OneRequestAtATime(WSGIServer):
    def __init__(self, *args, connections_override=None, **kwargs):
        # Requests run in the server's own thread, which LiveServerThread.run already
        # gave the shared connections.
        super().__init__(*args, **kwargs)


LiveServerThread.server_class = _OneRequestAtATime


@pytest.fixture(scope="session", autouse=True)
def _quick_password_hashing():
    """A password hashed for a test costs half a second of CPU with the site's hasher;
    no test is about the hasher's strength. The site's own hashers stay listed after it,
    so a password hashed with them still checks."""
    from django.test.utils import override_settings

    quick = ["django.contrib.auth.hashers.MD5PasswordHasher", *settings.PASSWORD_HASHERS]
    with override_settings(PASSWORD_HASHERS=quick):
        yield


@pytest.fixture(scope="session", autouse=True)
def _one_priority():
    """The suite's own threads keep their priority after a visitor's stored page (the
    live server's thread serves them in this process); tests/ops/test_request_priority.py
    turns it on where it is the subject."""
    from django.test.utils import override_settings

    with override_settings(VISITOR_PAGE_NICE=0):
        yield


def clear_cache() -> None:
    # Only this test process's keys (settings give each process its own prefix): a
    # FLUSHDB would empty the other process's throttle counters and pages mid-test, and
    # the Celery broker that shares this Redis.
    from core.cache import forget_own_keys

    forget_own_keys()


@pytest.fixture(autouse=True)
def _isolated_cache():
    # Throttles and caches must not leak between tests.
    clear_cache()
    yield
    clear_cache()


@pytest.fixture(autouse=True)
def _site_language_after_each_test():
    """A request in another language (Accept-Language) leaves that language active in the
    thread (LocaleMiddleware activates it; a page served from the visitor cache never
    reaches the middleware to switch back): the next test starts in the site's language."""
    from django.utils import translation

    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _tasks_run_in_the_test_unless_marked_worker(request):
    """With Redis configured, tasks would go to the shared CI worker, which works on
    another database than this test process's transaction. Tests marked `worker`
    exercise the real worker and broker; every other test runs tasks in-process so
    its outcome does not depend on timing."""
    from organizer.celery import app

    if request.node.get_closest_marker("worker") or app.conf.task_always_eager:
        yield
        return
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    try:
        yield
    finally:
        app.conf.task_always_eager = False
        app.conf.task_eager_propagates = False


@pytest.fixture
def card_data_dir():
    """The shared card databases; tests that need them skip visibly when absent."""
    path = settings.CARD_DATA_DIR
    if not (path / "metw" / "cards.json").exists():
        pytest.skip(f"card databases not found in {path} (set CARD_DATA_DIR)")
    return path


@pytest.fixture(scope="module")
def visitors_not_throttled():
    """For tests that read as a visitor from one address hundreds of times a minute (whole
    events, property tests over the calculators); the visitors' throttle has its own
    tests (tests/security)."""
    from rest_framework.throttling import AnonRateThrottle

    rates = {**AnonRateThrottle.THROTTLE_RATES, "anon": None}
    # Module-wide (property tests cannot take a per-test fixture), undone after it.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(AnonRateThrottle, "THROTTLE_RATES", rates)
        yield
