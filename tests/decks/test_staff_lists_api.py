"""Deck lists for the event's staff: judges read every list (page and API) before
publication, as the capability table says; the director enters a list at the venue
through the API as he does on the "at the venue" page. RULES.md §3: the director may
require lists; RULES.md §7: lists lock when round 1 starts."""

from __future__ import annotations

import pytest
from django.test import Client

from decks.demo import METW_COE_WIZARD
from tests.decks.conftest import start_round_one
from tournaments import services
from tournaments.models import EventStaff, Player, Registration

pytestmark = pytest.mark.django_db

URL = "/api/v1/decks/events/council-cup/decklists/"


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def staff(metw_event, users):
    from django.contrib.auth import get_user_model

    User = get_user_model()
    judges = [User.objects.create_user(n, password=None) for n in ("judge1", "judge2")]
    co = User.objects.create_user("co", password=None)
    for judge in judges:
        services.invite_staff(users["director"], metw_event, judge.username, EventStaff.Role.JUDGE)
    services.invite_staff(users["director"], metw_event, "co", EventStaff.Role.CO_DIRECTOR)
    return {"judge1": judges[0], "judge2": judges[1], "co": co}


def test_judges_read_every_list_before_publication_players_do_not(metw_event, users, staff):
    _client(users["alice"]).post(
        URL + "mine/", {"text": METW_COE_WIZARD}, content_type="application/json"
    )
    for name in ("judge1", "judge2", "co"):
        rows = _client(staff[name]).get(URL).json()["results"]
        assert [r["submitted"] for r in rows] == [True, False], name
    assert _client(users["bob"]).get(URL).status_code == 403
    assert Client().get(URL).status_code == 403
    # The page: a judge reads the lists but has no publish button.
    page = _client(staff["judge1"]).get("/decks/events/council-cup/")
    assert page.status_code == 200 and b'name="publish"' not in page.content
    assert b'name="publish"' in _client(users["director"]).get("/decks/events/council-cup/").content


def test_a_judge_cannot_publish(metw_event, users, staff):
    start_round_one(metw_event)
    refused = _client(staff["judge1"]).post(URL + "publish/", {}, content_type="application/json")
    assert refused.status_code == 403


def test_the_director_enters_a_walk_ins_list_at_the_venue(metw_event, users, staff):
    walk_in = Registration.objects.create(
        event=metw_event, player=Player.objects.create(display_name="Walk In")
    )
    url = f"{URL}{walk_in.pk}/"
    body = {"text": METW_COE_WIZARD}
    for who in ("co", "director"):
        user = staff.get(who) or users[who]
        answer = _client(user).post(url, body, content_type="application/json")
        assert answer.status_code == 201 and answer.json()["legal"] is True, who
    assert walk_in.decklists.get(slot="").versions.count() == 2
    # A judge, a player and a visitor may not write another's list.
    assert (
        _client(staff["judge2"]).post(url, body, content_type="application/json").status_code == 403
    )
    assert _client(users["bob"]).post(url, body, content_type="application/json").status_code == 403
    assert Client().post(url, body, content_type="application/json").status_code in (401, 403)
    # No such entry: 404; no text: 400; round 1 started: 409.
    assert (
        _client(users["director"])
        .post(f"{URL}999999/", body, content_type="application/json")
        .status_code
        == 404
    )
    assert (
        _client(users["director"]).post(url, {}, content_type="application/json").status_code == 400
    )
    start_round_one(metw_event)
    locked = _client(users["director"]).post(url, body, content_type="application/json")
    assert locked.status_code == 409 and locked.json()["code"] == "locked"
