"""Set a table by hand from the round page and through the API (hands-on
pairings): the cost first, the change only on confirmation, refusals as messages or
RFC 9457 problem details, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from audit.models import AuditEntry
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import Seat

pytestmark = pytest.mark.django_db


def _tables(rnd):
    out = {}
    for seat in Seat.objects.filter(round=rnd, is_bye=False).order_by("table__number", "position"):
        out.setdefault(seat.table.number, []).append(seat.registration_id)
    return out


def _event_in_round_two():
    director = make_user("td")
    event = make_event(director, planned_rounds=3)
    register_users(event, 8)
    first = services.pair_next_round(director, event, seed=5)
    play_round(director, first)
    second = services.pair_next_round(director, event, seed=6)
    return director, event, first, second


def test_page_shows_the_cost_then_sets_the_table(client):
    director, event, first, second = _event_in_round_two()
    client.force_login(director)
    a, b = _tables(first)[1]  # they played each other in round 1
    target = next(t for t, ids in _tables(second).items() if a not in ids and b not in ids)
    page_url = reverse("round-table-set", args=[event.slug, 2])
    hub = client.get(reverse("event-hub", args=[event.slug])).content.decode()
    assert page_url in hub
    form = client.get(page_url).content.decode()
    assert f'<option value="{target}"' in form and form.count('name="player"') == 2
    preview = client.post(page_url, {"table": target, "player": [a, b]}).content.decode()
    assert "have already played each other" in preview
    assert sorted(_tables(second)[target]) != sorted([a, b])  # nothing changed yet
    done = client.post(page_url, {"table": target, "player": [a, b], "confirm": "1"})
    assert done.status_code == 302
    assert sorted(_tables(second)[target]) == sorted([a, b])
    assert AuditEntry.objects.filter(action="pairing_set_table").count() == 1
    bad = client.post(page_url, {"table": "x", "player": [a]}, follow=True)
    assert bad.status_code == 200 and "look at the list again" in bad.content.decode()


def test_api_preview_then_confirm_and_problem_details():
    director, event, _first, second = _event_in_round_two()
    api = APIClient()
    url = f"/api/v1/events/{event.slug}/rounds/2/table/"
    tables = _tables(second)
    body = {"table": 1, "players": [tables[1][0], tables[2][0]]}
    api.force_authenticate(make_user("stranger"))
    refused = api.post(url, body, format="json")
    assert refused.status_code == 403
    assert refused["Content-Type"].startswith("application/problem+json")
    api.force_authenticate(director)
    preview = api.post(url, body, format="json")
    assert preview.status_code == 200
    data = preview.json()
    assert data["applied"] is False and set(data["cost"]) >= {"rematches", "gap_after", "free"}
    assert _tables(second) == tables
    done = api.post(url, {**body, "confirm": True}, format="json").json()
    assert done["applied"] is True and sorted(_tables(second)[1]) == sorted(body["players"])
    wrong = api.post(url, {"table": 1, "players": [tables[3][0], tables[3][0]]}, format="json")
    assert wrong.status_code == 400 and wrong.json()["code"] == "same_player"
    missing = api.post(url, {"table": 99, "players": body["players"]}, format="json")
    assert missing.status_code == 404
    junk = api.post(url, {"table": "one", "players": "all"}, format="json")
    assert junk.status_code == 400
    assert junk["Content-Type"].startswith("application/problem+json")
