"""One person, one entry, after the fact: a person who signs up claims the walk-in
entry the director made for him; confirmed by the director, the walk-in's entries (his
games, so his ratings) become the account holder's. Through the API, by role."""

from __future__ import annotations

import pytest

from audit.models import AuditEntry
from tests.tournaments.helpers import (
    api_as,
    make_event,
    make_user,
    play_round,
    register_users,
)
from tournaments import services
from tournaments.models import EventStaff, Player

pytestmark = pytest.mark.django_db


as_ = api_as


@pytest.fixture
def walk_in():
    director = make_user("td")
    event = make_event(director)
    make_user("co")
    services.invite_staff(director, event, "co", EventStaff.Role.CO_DIRECTOR)
    reg = services.add_walkin(director, event, "Bilbo at the door", "SH-111")
    register_users(event, 3)
    return director, event, reg


def test_a_confirmed_claim_merges_the_walk_ins_history(walk_in, django_capture_on_commit_callbacks):
    director, event, reg = walk_in
    play_round(director, services.pair_next_round(director, event, seed=1))
    other = make_event(director)
    services.add_walkin(director, other, player=reg.player)
    bilbo = make_user("bilbo")  # signs up afterwards: his own record has no entries
    url = f"/api/v1/events/{event.slug}/"
    claim = as_(bilbo).post(url + f"registrations/{reg.pk}/claim/")
    assert claim.status_code == 201 and claim.json()["accepted"] is None
    again = as_(bilbo).post(url + f"registrations/{reg.pk}/claim/")
    assert again.status_code == 409 and again.json()["code"] == "claimed"
    # Only the directors see and decide claims.
    assert as_(bilbo).get(url + "claims/").status_code == 403
    listed = as_(director).get(url + "claims/").json()
    assert [(c["player"], c["claimed_by"]) for c in listed] == [("Bilbo at the door", "Bilbo")]
    decide = url + f"claims/{claim.json()['id']}/decide/"
    assert as_(bilbo).post(decide, {"accept": True}).status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        done = as_(make_user_named("co")).post(decide, {"accept": True})
    assert done.status_code == 200 and done.json()["accepted"] is True
    mine = Player.objects.get(user=bilbo)
    assert mine.registrations.count() == 2 and mine.membership_number == "SH-111"
    assert not Player.objects.filter(display_name="Bilbo at the door").exists()
    reg.refresh_from_db()
    assert reg.player == mine and reg.seats.count() == 1
    assert AuditEntry.objects.filter(event=event, action="entry_claim_accepted").exists()
    assert as_(director).get(url + "claims/").json() == []


def test_a_refused_claim_leaves_the_entry_and_an_account_entry_cannot_be_claimed(walk_in):
    director, event, reg = walk_in
    bilbo = make_user("bilbo")
    url = f"/api/v1/events/{event.slug}/"
    claim = as_(bilbo).post(url + f"registrations/{reg.pk}/claim/").json()
    refused = as_(director).post(url + f"claims/{claim['id']}/decide/", {"accept": False})
    assert refused.status_code == 200 and refused.json()["accepted"] is False
    reg.refresh_from_db()
    assert reg.player.user_id is None
    gone = as_(director).post(url + f"claims/{claim['id']}/decide/", {"accept": True})
    assert gone.status_code == 404
    account_entry = event.registrations.exclude(pk=reg.pk).first()
    taken = as_(bilbo).post(url + f"registrations/{account_entry.pk}/claim/")
    assert taken.status_code == 409 and taken.json()["code"] == "not_a_walk_in"
    assert as_(bilbo).post(url + "registrations/999999/claim/").status_code == 404


def test_a_merge_is_refused_when_both_records_are_in_one_event(walk_in):
    director, event, reg = walk_in
    bilbo = make_user("bilbo")
    services.register_self(bilbo, event)
    url = f"/api/v1/events/{event.slug}/"
    claim = as_(bilbo).post(url + f"registrations/{reg.pk}/claim/").json()
    both = as_(director).post(url + f"claims/{claim['id']}/decide/", {"accept": True})
    assert both.status_code == 409 and both.json()["code"] == "both_entered"


def make_user_named(name):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=name)


def test_the_claims_page_for_the_person_and_the_director(walk_in):
    from django.test import Client

    director, event, reg = walk_in
    bilbo = make_user("bilbo")
    person = Client()
    person.force_login(bilbo)
    page = person.get(f"/events/{event.slug}/claims/")
    assert page.status_code == 200 and b"Bilbo at the door" in page.content
    assert b"Claims to decide" not in page.content
    assert person.post(f"/events/{event.slug}/claims/", {"claim": reg.pk}).status_code == 302
    td = Client()
    td.force_login(director)
    shown = td.get(f"/events/{event.slug}/claims/")
    assert b"Confirm and merge" in shown.content
    claim = services.open_claims(event)[0]
    td.post(f"/events/{event.slug}/claims/", {"decide": claim.pk, "accept": "1"})
    reg.refresh_from_db()
    assert reg.player.user_id == bilbo.pk
    # A made-up entry number finds nothing (404), never a 500.
    assert person.post(f"/events/{event.slug}/claims/", {"claim": "x"}).status_code == 404
