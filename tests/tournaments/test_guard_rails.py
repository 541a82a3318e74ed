"""Guard rails a pairing program is expected to have, by role and through the API and
the page: a new tiebreak order after round 1 is confirmed and recorded; a result two or
more rounds back is corrected only after an explicit, recorded unlock (later rounds
were paired from it, RULES.md §3 "Pairing": later rounds pair players by score)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from audit.models import AuditEntry
from tests.tournaments.helpers import make_event, make_user, play_round, play_table, register_users
from tournaments import services
from tournaments.models import EventStaff

pytestmark = pytest.mark.django_db
User = get_user_model()


def as_(user) -> APIClient:
    client = APIClient()
    client.default_format = "json"
    client.force_authenticate(user)
    return client


@pytest.fixture
def running():
    director = make_user("td")
    event = make_event(director, planned_rounds=4)
    for name, role in (("co", EventStaff.Role.CO_DIRECTOR), ("judge1", EventStaff.Role.JUDGE)):
        make_user(name)
        services.invite_staff(director, event, name, role)
    register_users(event, 4)
    return director, event


def test_a_new_tiebreak_order_after_round_1_is_confirmed_and_recorded(running):
    director, event = running
    url = f"/api/v1/events/{event.slug}/"
    change = {"tiebreaks": ["opponents_points", "head_to_head"]}
    # Before round 1 nothing was shown: no confirmation needed.
    assert as_(director).patch(url, {"tiebreaks": ["head_to_head"]}).status_code == 200
    services.pair_next_round(director, event, seed=1)
    refused = as_(director).patch(url, change)
    assert refused.status_code == 409 and refused.json()["code"] == "confirm_tiebreak_change"
    event.refresh_from_db()
    assert event.tiebreaks == ["head_to_head"]
    # Other settings change without the confirmation.
    assert as_(director).patch(url, {"description": "Bring sleeves"}).status_code == 200
    done = as_(director).patch(url, {**change, "confirm_tiebreak_change": True})
    assert done.status_code == 200 and done.json()["tiebreaks"] == change["tiebreaks"]
    entry = AuditEntry.objects.get(event=event, action="tiebreaks_changed")
    assert entry.before == {"tiebreaks": ["head_to_head"]}
    assert entry.after == {"tiebreaks": change["tiebreaks"]}
    judge = as_(User.objects.get(username="judge1"))
    assert judge.patch(url, {**change, "confirm_tiebreak_change": True}).status_code == 403


def test_the_event_page_offers_the_confirmation_once_round_1_is_paired(running):
    director, event = running
    services.pair_next_round(director, event, seed=1)
    page = Client()
    page.force_login(director)
    form = page.get(f"/events/{event.slug}/edit/")
    assert b'name="confirm_tiebreak_change"' in form.content


def _three_rounds(director, event):
    for number in (1, 2):
        play_round(director, services.pair_next_round(director, event, seed=number))
    return services.pair_next_round(director, event, seed=3)


def test_a_result_two_rounds_back_needs_an_audited_unlock(running):
    director, event = running
    _three_rounds(director, event)
    first = event.rounds.get(number=1).tables.filter(is_bye=False).first()
    second = event.rounds.get(number=2).tables.filter(is_bye=False).first()
    seats = list(first.seats.order_by("position"))
    body = {
        "seats": [
            {"registration": seats[0].registration_id, "mps": 5},
            {"registration": seats[1].registration_id, "mps": 20},
        ]
    }
    url = f"/api/v1/events/{event.slug}/tables/{first.pk}/set/"
    refused = as_(director).post(url, body)
    assert refused.status_code == 409 and refused.json()["code"] == "round_locked"
    # The previous round is not locked.
    play_table(director, second, [5, 20])
    # A judge may not unlock; the co-director may.
    unlock = f"/api/v1/events/{event.slug}/rounds/1/unlock/"
    assert as_(User.objects.get(username="judge1")).post(unlock, {}).status_code == 403
    answer = as_(User.objects.get(username="co")).post(unlock, {"note": "slip misread"})
    assert answer.status_code == 200 and answer.json()["round"] == 1
    entry = AuditEntry.objects.get(event=event, action="round_unlock")
    assert entry.actor.username == "co" and entry.note == "slip misread"
    assert as_(director).post(url, body).status_code == 200
    again = as_(director).post(unlock, {})
    assert again.status_code == 409 and again.json()["code"] == "not_locked"
    assert (
        as_(director).post(f"/api/v1/events/{event.slug}/rounds/9/unlock/", {}).status_code == 404
    )


def test_the_dashboard_offers_the_unlock_button(running):
    director, event = running
    _three_rounds(director, event)
    page = Client()
    page.force_login(director)
    shown = page.get(f"/events/{event.slug}/manage/?round=1")
    assert b"/event-day/rounds/1/unlock/" in shown.content
    assert (
        b"/event-day/rounds/2/unlock/"
        not in page.get(f"/events/{event.slug}/manage/?round=2").content
    )
    done = page.post(f"/events/{event.slug}/event-day/rounds/1/unlock/", {"note": "typo"})
    assert done.status_code == 302
    assert event.rounds.get(number=1).edits_unlocked_at is not None


def test_a_hand_change_is_compared_with_the_engines_pairing_in_the_trail(running):
    """A swap is audited with the tables the engine (Swiss, RULES.md §3 "Pairing") would
    not have made from the same standings and seed."""
    director, event = running
    rnd = services.pair_next_round(director, event, seed=4)
    a = rnd.tables.get(number=1).seats.first().registration_id
    b = rnd.tables.get(number=2).seats.first().registration_id
    services.swap_players(director, rnd, a, b)
    entry = AuditEntry.objects.get(event=event, action="pairing_swap")
    assert entry.after["tables_unlike_the_engine"] == [1, 2]
    # Swapping back restores the engine's pairing: no table differs.
    services.swap_players(director, rnd, a, b)
    back = AuditEntry.objects.filter(event=event, action="pairing_swap").order_by("-pk").first()
    assert back.after["tables_unlike_the_engine"] == []
    rows = as_(director).get(f"/api/v1/events/{event.slug}/audit/?action=pairing_swap").json()
    fields = [c["field"] for c in rows["results"][-1]["changes"]]
    assert "Tables unlike the engine" in fields
