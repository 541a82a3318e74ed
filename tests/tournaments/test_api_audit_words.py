"""The audit API in words: every value the audit page words (a tiebreak by its name, a
rule's reading, a list without its brackets) reaches an API client in the same words;
the values as stored stay beside them for programs (``before_stored``/``after_stored``).
And the OpenAPI schema still says so."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from tests.tournaments.helpers import api_as, make_event, make_user, register_users
from tournaments import services
from tournaments.templatetags.event_ui import audit_value

pytestmark = pytest.mark.django_db
KEY = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


@pytest.fixture
def event_with_new_tiebreaks():
    director = make_user("td-audit-words")
    event = make_event(director)
    register_users(event, 4)
    services.update_event(
        director, event, tiebreaks=["opponents_points", "median_buchholz", "fewer_losses"]
    )
    return director, event


def _changes(director, event, language="en"):
    url = f"/api/v1/events/{event.slug}/audit/?kind=event"
    try:
        body = api_as(director).get(url, HTTP_ACCEPT_LANGUAGE=language).json()
    finally:
        translation.activate("en")
    rows = body["results"] if isinstance(body, dict) else body
    return [c for row in rows for c in row["changes"]]


def _tiebreaks(changes):
    return next(c for c in changes if c["before_stored"] != c["after_stored"]
                and "opponents_points" in c["after_stored"])  # fmt: skip


def test_the_api_words_a_tiebreak_change_as_the_page_does(event_with_new_tiebreaks):
    director, event = event_with_new_tiebreaks
    changes = _changes(director, event)
    change = _tiebreaks(changes)
    assert change["after"] == "opponents' points, median opponents' points, fewer losses"
    assert "opponents_points" not in change["before"] + change["after"]
    # The machine fields keep the stored keys.
    assert '"median_buchholz"' in change["after_stored"]
    # The same words as the page, value by value.
    client = Client()
    client.force_login(director)
    page = client.get(f"/audit/events/{event.slug}/?kind=event").content.decode()
    for c in changes:
        assert c["before"] == audit_value(c["before_stored"])
        assert c["after"] == audit_value(c["after_stored"])
    assert "opponents&#x27; points, median opponents&#x27; points, fewer losses" in page
    # No value for people is a key.
    assert not [v for c in changes for v in (c["before"], c["after"]) if KEY.search(v)]


def test_the_api_words_the_values_in_the_readers_language(event_with_new_tiebreaks):
    director, event = event_with_new_tiebreaks
    change = _tiebreaks(_changes(director, event, "es"))
    assert "opponents" not in change["after"] and "puntos" in change["after"]


def test_the_schema_names_the_stored_values_as_for_programs():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    fields = schema["components"]["schemas"]["AuditChange"]["properties"]
    assert {"field", "before", "after", "before_stored", "after_stored"} <= set(fields)
    assert "for programs" in fields["after_stored"]["description"]
