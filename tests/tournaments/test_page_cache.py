"""Visitors' pages served before sessions and the view (tournaments.views.page_cache), the
pairings page and the pairings API a page at a time."""

from __future__ import annotations

import gzip
import json
import time

import pytest
from django.db import transaction
from django.test import Client

from tests.tournaments.helpers import make_event, make_user, play_round, play_table
from tournaments import services

pytestmark = pytest.mark.django_db


def _event(n: int = 10):
    director = make_user()
    event = make_event(director)
    for i in range(n):
        services.add_walkin(director, event, display_name=f"Player {i:02}")
    rnd = services.pair_next_round(director, event, seed=4)
    return director, event, rnd


def test_a_visitor_gets_the_stored_page_without_the_view(django_assert_num_queries):
    """The second visitor's request costs no query at all; a result entered (000 Part VI
    §3 standings) moves the event's generation on and the next visitor sees it."""
    director, event, rnd = _event()
    url = f"/events/{event.slug}/standings/"
    first = Client().get(url)
    assert first.status_code == 200
    with django_assert_num_queries(0):
        again = Client().get(url)
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    play_round(director, rnd)
    after = Client().get(url)
    assert after.content != first.content and after["ETag"] != first["ETag"]


@pytest.mark.parametrize("path", ["standings/", "pairings/", ""])
def test_a_browser_that_accepts_gzip_gets_the_stored_page_compressed(path):
    """Compressed once when stored; the same page, another validator, and a client that
    does not ask for gzip still gets it plain (both told apart by Vary)."""
    _director, event, _rnd = _event(40)
    url = f"/events/{event.slug}/{path}"
    plain = Client().get(url)
    zipped = Client().get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert zipped["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain
    assert gzip.decompress(zipped.content) == plain.content
    assert int(zipped["Content-Length"]) == len(zipped.content) < len(plain.content) / 3
    assert int(plain["Content-Length"]) == len(plain.content)
    for answer in (plain, zipped):
        assert "Accept-Encoding" in answer["Vary"]
    if not path:
        return  # the event page has no validator
    assert zipped["ETag"] != plain["ETag"]
    again = Client().get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=zipped["ETag"])
    assert again.status_code == 304 and again["ETag"] == zipped["ETag"]
    mixed = Client().get(url, HTTP_IF_NONE_MATCH=zipped["ETag"])
    assert mixed.status_code == 200 and mixed.content == plain.content


def test_the_first_visitor_that_accepts_gzip_gets_it_compressed_too():
    _director, event, _rnd = _event(40)
    url = f"/api/v1/events/{event.slug}/standings/"
    first = Client().get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert first.status_code == 200 and first["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(first.content))["results"]


def test_signed_in_people_and_searches_are_never_served_a_stored_page():
    director, event, rnd = _event()
    url = f"/events/{event.slug}/pairings/"
    Client().get(url)
    signed_in = Client()
    signed_in.force_login(director)
    assert b'action="/accounts/logout/"' in signed_in.get(url).content  # his own page
    name = rnd.tables.order_by("number").first().seats.first().registration.player.display_name
    found = Client().get(url, {"q": name}).content.decode()
    assert name in found and found.count('class="seat-line"') <= 2
    assert Client().get(url, {"unknown": "1"}).status_code == 200


def test_pairings_page_and_api_are_paginated_and_searchable():
    """A round of 250 players: 125 tables, 100 per page on the page; the API pages too,
    and a name finds its table."""
    director, event, rnd = _event(250)
    page_one = Client().get(f"/events/{event.slug}/pairings/").content.decode()
    assert page_one.count('class="seat-line"') == 200
    assert "Page 1 of 2" in page_one
    page_two = Client().get(f"/events/{event.slug}/pairings/", {"page": 2}).content.decode()
    assert page_two.count('class="seat-line"') == 50
    api = f"/api/v1/events/{event.slug}/rounds/1/tables/"
    body = Client().get(api, {"page_size": 50}).json()
    assert body["count"] == 125 and len(body["results"]) == 50
    assert [t["number"] for t in body["results"]] == list(range(1, 51))
    table = rnd.tables.order_by("number").last()
    seat = table.seats.order_by("position").first()
    found = Client().get(api, {"q": seat.registration.player.display_name}).json()
    assert table.number in [t["number"] for t in found["results"]]
    play_table(director, table, [20, 5])
    assert Client().get(api, {"page": 3, "page_size": 50}).json()["results"][-1]["status"] == (
        "confirmed"
    )


def test_a_visitor_can_switch_language_from_a_stored_page():
    """The stored page's language form works without the token of whoever it was rendered
    for (no CSRF cookie is stored with a shared page)."""
    _director, event, _rnd = _event(4)
    url = f"/events/{event.slug}/standings/"
    Client().get(url)
    visitor = Client(enforce_csrf_checks=True)
    assert visitor.get(url).status_code == 200
    switched = visitor.post("/language/", {"language": "es", "next": url})
    assert switched.status_code == 302
    assert visitor.get(url)["Content-Language"] == "es"


def test_a_visitor_gets_the_stored_event_page_until_the_event_changes(django_assert_num_queries):
    """The event page is the same for every visitor: stored, then served without a query,
    and renewed by any change to its players (a drop here) or a league's approval."""
    from ratings.services.approval import approve, withdraw

    director, event, _rnd = _event()
    url = f"/events/{event.slug}/"
    first = Client().get(url)
    assert first.status_code == 200
    with django_assert_num_queries(0):
        assert Client().get(url).content == first.content
    reg = event.registrations.order_by("pk").first()
    services.drop(director, reg)
    dropped = Client().get(url).content.decode()
    assert dropped != first.content.decode() and "dropped" in dropped
    # A search is never stored; a signed-in person gets his own page.
    assert "No player matches" in Client().get(url, {"q": "nobody"}).content.decode()
    signed_in = Client()
    signed_in.force_login(director)
    assert b'action="/accounts/logout/"' in signed_in.get(url).content
    # The league's approval is on the page: "Rated." once approved (the wait itself is
    # explained to the staff only, tournaments/_sanctioning.html).
    event.sanctioned = True
    event.save()
    rated = '<span class="small">Rated.</span>'
    waiting = Client().get(url).content.decode()
    assert rated not in waiting and "Not rated yet" not in waiting
    staff = make_user()
    staff.is_superuser = True
    staff.save(update_fields=["is_superuser"])
    approve(staff, event.slug)
    assert rated in Client().get(url).content.decode()
    withdraw(staff, event.slug)
    assert rated not in Client().get(url).content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_result_moves_the_visitors_pages_on_once_at_its_commit():
    """Not before it (three times, one per row the result saves): until the commit every
    other reader sees the data as it was, and each move makes the visitors' pages render
    again (at a 500-player event, a tenth of a second of CPU for each worker that misses)."""
    from tournaments import signals

    _director, event, rnd = _event()
    Client().get(f"/events/{event.slug}/standings/")  # stored outside any transaction
    sent: list[tuple[list[str], bool]] = []

    def heard(sender, slugs, **kwargs):
        sent.append((list(slugs), transaction.get_connection().in_atomic_block))

    signals.event_pages_changed.connect(heard)
    try:
        play_table(_director, rnd.tables.filter(is_bye=False).first())
    finally:
        signals.event_pages_changed.disconnect(heard)
    assert sent == [([event.slug], False)]


def test_a_worker_that_misses_while_another_renders_the_page_does_not_render_it_too():
    """After a change every worker misses at once: one renders, the others give the page
    as it was meanwhile, or (none stored yet) wait for the other's page."""
    import threading

    from django.core.cache import cache
    from django.http import HttpResponse
    from django.test import RequestFactory

    from tournaments.views import page_cache

    _director, event, _rnd = _event()
    rendered: list[str] = []

    def view(request):
        rendered.append(request.path)
        return page_cache.visitor_cacheable(HttpResponse(b"<p>rendered here</p>"))

    middleware = page_cache.VisitorPageMiddleware(view)
    request = RequestFactory().get(f"/events/{event.slug}/standings/")
    found = middleware._key(request)
    assert found is not None
    slug, page = found
    generation, _stored = page_cache._read(slug, page)
    mark = f"rendering:{generation}:{page}"
    cache.set(mark, 1, 5)  # another worker took the page first
    other = (b"<p>rendered there</p>", None, {"Content-Type": "text/html"})
    threading.Timer(0.05, lambda: cache.set(page, (generation, other), 60)).start()
    answer = middleware(request)
    assert answer.content == b"<p>rendered there</p>" and rendered == []
    # The other worker gone without a page (an error page, say): this one renders it.
    cache.delete(page)
    cache.set(mark, 1, 5)
    threading.Timer(0.05, lambda: cache.delete(mark)).start()
    assert middleware(request).content == b"<p>rendered here</p>" and len(rendered) == 1
    assert cache.get(mark) is None  # the mark goes with the page stored
    # A page stored before a change is not served after it...
    page_cache.bump_generation([slug])
    assert middleware(request).content == b"<p>rendered here</p>" and len(rendered) == 2
    # ...but while another worker renders it anew, the page as it was, at once.
    page_cache.bump_generation([slug])
    generation, _entry = page_cache._read(slug, page)
    cache.set(f"rendering:{generation}:{page}", 1, 5)
    started = time.monotonic()
    assert middleware(request).content == b"<p>rendered here</p>" and len(rendered) == 2
    assert time.monotonic() - started < 0.5
