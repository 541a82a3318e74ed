"""A player renews his private calendar feed's link or turns the feed off (page and API):
every earlier link then answers 404; only he may do it, and it is audited."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from audit.models import AuditEntry
from core.errors import NotAllowed
from tests.tournaments.helpers import make_user
from tournaments.models import Player
from tournaments.services import calendar

pytestmark = pytest.mark.django_db


def feed_status(url: str) -> int:
    return Client().get(url.removeprefix("http://testserver")).status_code


def test_renewing_on_the_page_gives_a_new_link_and_the_old_one_answers_404():
    user = make_user()
    player = Player.objects.get(user=user)
    client = Client()
    client.force_login(user)
    old = calendar.subscribe_links(player, "http://testserver")["url"]
    assert feed_status(old) == 200
    page = client.get("/me/events/").content.decode()
    assert "New link (the old one stops working)" in page
    answer = client.post("/me/calendar/", {"action": "renew", "next": "/me/events/"})
    assert answer.status_code == 302 and answer["Location"] == "/me/events/#cal-h"
    player.refresh_from_db()
    new = calendar.subscribe_links(player, "http://testserver")["url"]
    assert new != old
    assert (feed_status(old), feed_status(new)) == (404, 200)
    assert new.removeprefix("http://testserver") in client.get("/me/events/").content.decode()
    assert AuditEntry.objects.filter(action="calendar_renew", actor=user).count() == 1


def test_turning_the_feed_off_silences_every_link_until_renewed():
    user = make_user()
    player = Player.objects.get(user=user)
    client = Client()
    client.force_login(user)
    old = calendar.subscribe_links(player, "http://testserver")["url"]
    client.post("/me/calendar/", {"action": "off"})
    assert feed_status(old) == 404
    page = client.get("/me/events/").content.decode()
    assert "Your calendar feed is off" in page and "/calendar/" not in page.split("cal-h")[1]
    client.post("/me/calendar/", {"action": "renew"})
    player.refresh_from_db()
    renewed = calendar.subscribe_links(player, "http://testserver")["url"]
    assert (feed_status(old), feed_status(renewed)) == (404, 200)


def test_only_the_player_himself_changes_his_link():
    owner = make_user()
    other = make_user()
    with pytest.raises(NotAllowed):
        calendar.renew_calendar_link(other, Player.objects.get(user=owner))
    assert Client().post("/me/calendar/", {"action": "off"}).status_code == 302  # to log in
    assert Player.objects.get(user=owner).calendar_off is False
    nobody = Client()
    nobody.force_login(make_user(player=False))
    assert nobody.post("/me/calendar/", {"action": "renew"}).status_code == 404
    assert Client().get("/me/calendar/").status_code in (302, 405)


def test_the_api_renews_and_turns_off_the_feed():
    user = make_user()
    api = APIClient()
    api.force_authenticate(user)
    old = api.get("/api/v1/me/calendar/").json()["url"]
    renewed = api.post("/api/v1/me/calendar/renew/")
    assert renewed.status_code == 200, renewed.content
    new = renewed.json()["url"]
    assert new != old and set(renewed.json()) == {"url", "webcal"}
    assert (feed_status(old), feed_status(new)) == (404, 200)
    assert api.delete("/api/v1/me/calendar/").status_code == 204
    assert feed_status(new) == 404
    off = api.get("/api/v1/me/calendar/")
    assert off.status_code == 404 and "make a new link" in off.json()["detail"]
    again = api.post("/api/v1/me/calendar/renew/").json()["url"]
    assert again not in (old, new) and feed_status(again) == 200
    assert APIClient().post("/api/v1/me/calendar/renew/").status_code in (401, 403)
