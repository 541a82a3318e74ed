"""Cancelling an event (no stuck event): an event whose players all dropped
before round 1, or that should not go on, is ended by its director; it is then finished,
shown as cancelled, audited, and never rated (000 Part VI §3 "Sanctioning": only a
sanctioned event is rated)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from audit.models import AuditEntry
from core.errors import Conflict, NotAllowed
from ratings.models import RatingEntry, ReplayJob
from ratings.services import replay_game
from tests.ratings.factories import approve_directly
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.models import Event
from tournaments.services.director_options import director_options, option_words

pytestmark = pytest.mark.django_db


def test_everyone_dropped_before_round_one_the_director_cancels():
    director = make_user()
    event = make_event(director, game="metw")
    for _user, reg in register_users(event, 2):
        services.drop(director, reg)
    with pytest.raises(Conflict) as refused:
        services.finish_event(director, event)
    assert "cancel the event" in refused.value.message
    finish = next(o for o in director_options(event) if o.action == "finish")
    assert "cancel" in finish.instead and "cancel the event" in option_words(finish)
    with pytest.raises(NotAllowed):
        services.cancel_event(user_of(event.registrations.first()), event)
    services.cancel_event(director, event, reason="nobody came")
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and event.cancelled_at and not event.sanctioned
    entry = AuditEntry.objects.get(event=event, action="cancel")
    assert entry.after["reason"] == "nobody came" and entry.before["status"] == "registration"
    with pytest.raises(Conflict, match="already cancelled"):
        services.cancel_event(director, event)
    with pytest.raises(Conflict):
        services.pair_next_round(director, event)


def test_draft_event_says_to_cancel_or_to_pair_when_finished_too_soon():
    director = make_user()
    event = make_event(director, open_=False)
    with pytest.raises(Conflict, match="cancel the event") as refused:
        services.finish_event(director, event)
    assert refused.value.code == "not_running"


def test_a_cancelled_sanctioned_event_leaves_the_ratings():
    """Its closed rounds were rated as they closed; cancelled, a replay drops them."""
    director = make_user()
    event = make_event(director, game="lore", sanctioned=True, planned_rounds=3)
    approve_directly(event)  # rated once its league approved it
    register_users(event, 6)
    rnd = services.pair_next_round(director, event, seed=4)
    for table in rnd.tables.filter(is_bye=False):
        seats = [s.registration_id for s in table.seats.all()]
        services.director_set_result(director, table, {seats[0]: 20, seats[1]: 10})
    assert RatingEntry.objects.filter(event=event).exists()
    services.cancel_event(director, event)
    assert ReplayJob.objects.filter(event=event).exists()
    replay_game("lore")
    assert not RatingEntry.objects.filter(event=event).exists()


def test_cancel_by_page_with_confirmation_and_by_api():
    director = make_user()
    event = make_event(director, game="metw")
    register_users(event, 3)
    page = Client()
    page.force_login(director)
    url = f"/events/{event.slug}/manage/"
    dashboard = page.get(url).content.decode()
    assert 'id="cancel-event"' in dashboard and "never rated" in dashboard
    assert "cancel the event" in dashboard  # the finish refusal names the way forward
    # Without the tick nothing happens.
    page.post(f"/events/{event.slug}/manage/cancel/", {"reason": "storm"})
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION
    page.post(f"/events/{event.slug}/manage/cancel/", {"reason": "storm", "confirm": "1"})
    event.refresh_from_db()
    assert event.cancelled_at is not None
    assert 'id="cancelled"' in page.get(url).content.decode()
    assert 'id="cancelled"' in Client().get(f"/events/{event.slug}/").content.decode()

    other = make_event(director, game="lore")
    api = APIClient()
    api.force_authenticate(director)
    cancel = f"/api/v1/events/{other.slug}/cancel/"
    response = api.post(cancel, {"confirm": False}, format="json")
    assert response.status_code == 400 and "confirm" in response.content.decode()
    assert response["Content-Type"].startswith("application/problem+json")
    outsider = APIClient()
    outsider.force_authenticate(make_user())
    assert outsider.post(cancel, {"confirm": True}, format="json").status_code == 403
    response = api.post(cancel, {"confirm": True, "reason": "venue lost"}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "finished" and body["cancelled_at"] and body["sanctioned"] is False
    response = api.post(cancel, {"confirm": True}, format="json")
    assert response.status_code == 409
    options = api.get(f"/api/v1/events/{other.slug}/director-options/").json()["options"]
    assert not next(o for o in options if o["action"] == "cancel")["allowed"]
