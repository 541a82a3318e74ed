"""The event-day API: JSON in, JSON out, refusals as JSON 4xx with a code."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def base(event):
    return f"/api/v1/events/{event.slug}/"


def test_staff_and_bulk_entry(api):
    director = make_user("td")
    make_user("judy")
    event = make_event(director)
    api.force_authenticate(director)
    assert (
        api.post(
            base(event) + "staff/", {"username": "judy", "role": "judge"}, format="json"
        ).status_code
        == 201
    )
    bad = api.post(base(event) + "staff/", {"username": "judy", "role": "king"}, format="json")
    assert bad.status_code == 400
    rows = api.post(base(event) + "players/preview/", {"text": "Ana\nAna\n"}, format="json").json()
    assert [r["will_add"] for r in rows] == [True, False]
    added = api.post(base(event) + "players/bulk/", {"text": "Ana\nBo\n"}, format="json")
    assert added.status_code == 201 and len(added.json()) == 2


def test_outsider_gets_json_403(api):
    event = make_event(make_user("td"))
    api.force_authenticate(make_user("x"))
    response = api.get(base(event) + "no-shows/")
    assert response.status_code == 403 and response.json()["code"] == "permission_denied"


def test_no_shows_confirm_and_undo(api):
    director = make_user("td")
    event = make_event(director)
    register_users(event, 3)
    api.force_authenticate(director)
    preview = api.get(base(event) + "no-shows/").json()
    ids = [a["registration_id"] for a in preview]
    stale = api.post(base(event) + "no-shows/", {"registrations": ids[:1]}, format="json")
    assert stale.status_code == 409 and stale.json()["code"] == "stale"
    action = api.post(base(event) + "no-shows/", {"registrations": ids}, format="json").json()
    undone = api.post(base(event) + "undo/", {"id": action["action"]}, format="json").json()
    assert sorted(a["registration_id"] for a in undone) == sorted(ids)


def test_swap_cost_then_swap_and_bracket(api):
    director = make_user("td")
    event = make_event(director, planned_rounds=1)
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=1)
    a = rnd.tables.get(number=1).seats.first().registration_id
    b = rnd.tables.get(number=2).seats.first().registration_id
    api.force_authenticate(director)
    cost = api.get(base(event) + f"rounds/1/swap/?a={a}&b={b}").json()
    assert {"rematches", "gap_before", "gap_after", "free"} <= set(cost)
    assert (
        api.post(base(event) + "rounds/1/swap/", {"a": a, "b": b}, format="json").status_code == 200
    )
    assert api.get(base(event) + "rounds/1/swap/?a=x&b=1").status_code == 400
    api.post(
        base(event) + "playoff/settings/", {"top_cut": 2, "playoff_tie": "director"}, format="json"
    )
    play_round(director, rnd)
    matches = api.post(base(event) + "playoff/start/").json()
    m = matches[0]["id"]
    tie = api.post(
        base(event) + "playoff/result/", {"match": m, "high_mps": 5, "low_mps": 5}, format="json"
    )
    assert tie.json()["status"] == "tied"
    winner = matches[0]["low"]["registration"]
    api.post(base(event) + "playoff/decide/", {"match": m, "winner": winner}, format="json")
    api.force_authenticate(None)
    bracket = api.get(base(event) + "bracket/").json()
    assert bracket["final_standings"][0]["registration"] == str(winner)


def test_rescind_and_staff_removal_take_ids_in_the_body(api):
    director = make_user("td")
    make_user("judy")
    event = make_event(director)
    (_, reg), *_ = register_users(event, 2)
    penalty = services.issue_penalty(director, reg, "cheating")
    api.force_authenticate(director)
    done = api.post(
        base(event) + "penalties/rescind/", {"id": penalty.pk, "note": "misread"}, format="json"
    )
    assert done.status_code == 200
    reg.refresh_from_db()
    assert not reg.ejected
    missing = api.post(base(event) + "penalties/rescind/", {"id": 999999}, format="json")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    staff = api.post(
        base(event) + "staff/", {"username": "judy", "role": "judge"}, format="json"
    ).json()
    assert (
        api.post(base(event) + "staff/remove/", {"id": staff["id"]}, format="json").status_code
        == 204
    )
    assert not event.staff.exists()


EVENT_DAY_WRITES = [
    "staff/",
    "staff/remove/",
    "players/preview/",
    "players/bulk/",
    "check-in-all/",
    "registrations/{registration}/remove/",
    "no-shows/",
    "undo/",
    "penalties/rescind/",
    "rounds/1/swap/",
    "rounds/1/table/",
    "rounds/1/results/repair/",
    "playoff/start/",
]


@pytest.mark.parametrize("path", EVENT_DAY_WRITES)
@pytest.mark.parametrize("who", ["anonymous", "player", "other_director"])
def test_event_day_changes_belong_to_the_events_staff(api, path, who):
    """Every event-day write is refused to anyone but the event's staff, as JSON, before
    anything changes (the permission matrix of tests/security names this test)."""
    director = make_user("td")
    event = make_event(director)
    [(player, registration)] = register_users(event, 1)
    if who == "player":
        api.force_authenticate(player)
    elif who == "other_director":
        other = make_user("td2")
        make_event(other)
        api.force_authenticate(other)
    before = event.registrations.count()
    response = api.post(
        base(event) + path.format(registration=registration.pk), {"text": "Ana"}, format="json"
    )
    assert response.status_code == (401 if who == "anonymous" else 403), response.content
    assert response["Content-Type"].startswith("application/problem+json")
    assert event.registrations.count() == before
