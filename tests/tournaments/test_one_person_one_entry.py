"""One person, one entry: the walk-in form and the pasted list find account holders
(membership number, e-mail, name) and enter them as themselves; an entry that looks
like one already in is refused until the director confirms it; the director sees
the entries that look like one person entered twice. Through the API, by role."""

from __future__ import annotations

import pytest

from audit.models import AuditEntry
from tests.tournaments.helpers import api_as, make_event, make_user
from tournaments import services
from tournaments.models import EventStaff, Player

pytestmark = pytest.mark.django_db


as_ = api_as


@pytest.fixture
def setup():
    director = make_user("td")
    event = make_event(director)
    make_user("judge1")
    services.invite_staff(director, event, "judge1", EventStaff.Role.JUDGE)
    holder = make_user("samwise")
    holder.email = "sam@example.org"
    holder.save(update_fields=["email"])
    Player.objects.filter(user=holder).update(
        display_name="Samwise Gamgee", membership_number="ME-42"
    )
    return director, event, holder


@pytest.mark.parametrize(
    "details",
    [
        {"display_name": "Sam at the door", "membership_number": "ME-42"},
        {"display_name": "Sam at the door", "email": "SAM@example.org"},
        {"display_name": "samwise  gamgee"},
    ],
)
def test_the_walk_in_form_finds_the_account_holder(setup, details):
    director, event, holder = setup
    answer = as_(director).post(f"/api/v1/events/{event.slug}/walkins/", details)
    assert answer.status_code == 201
    reg = event.registrations.get(pk=answer.json()["id"])
    assert reg.player.user_id == holder.pk and reg.checked_in
    assert Player.objects.filter(display_name__icontains="sam").count() == 1
    assert AuditEntry.objects.filter(event=event, action="walkin", object_id=str(reg.pk)).exists()
    # He is in: his own sign-up is refused as a second entry.
    again = as_(holder).post(f"/api/v1/events/{event.slug}/register/")
    assert again.status_code == 409


def test_a_second_entry_of_the_same_name_is_refused_until_confirmed(setup):
    director, event, _holder = setup
    url = f"/api/v1/events/{event.slug}/walkins/"
    assert as_(director).post(url, {"display_name": "Rosie Cotton"}).status_code == 201
    twice = as_(director).post(url, {"display_name": "rosie cotton"})
    assert twice.status_code == 409 and twice.json()["code"] == "possible_duplicate"
    assert "Rosie Cotton" in twice.json()["detail"]
    assert event.registrations.count() == 1
    other = as_(director).post(url, {"display_name": "Rosie Cotton", "confirm_duplicate": True})
    assert other.status_code == 201 and event.registrations.count() == 2
    # The director sees the pair (merging entries is his); judges and players do not.
    rows = as_(director).get(f"/api/v1/events/{event.slug}/duplicates/").json()
    assert [(r["first_player"], r["second_player"], r["reason"]) for r in rows] == [
        ("Rosie Cotton", "Rosie Cotton", "same_name")
    ]
    judge = Player.objects.get(user__username="judge1").user
    assert as_(judge).get(f"/api/v1/events/{event.slug}/duplicates/").status_code == 403
    assert as_(_holder).get(f"/api/v1/events/{event.slug}/duplicates/").status_code == 403


def test_a_walk_in_first_then_the_account_holder_signing_up_shows_as_a_duplicate(setup):
    director, event, _holder = setup
    services.add_walkin(director, event, "Frodo Baggins")
    frodo = make_user("frodo")
    Player.objects.filter(user=frodo).update(display_name="Frodo Baggins")
    assert as_(frodo).post(f"/api/v1/events/{event.slug}/register/").status_code == 201
    pairs = services.duplicate_entries(event)
    assert [(p.first.player.user_id, p.second.player.user_id) for p in pairs] == [(None, frodo.pk)]


def test_the_pasted_list_enters_account_holders_and_skips_look_alikes(setup):
    director, event, holder = setup
    services.add_walkin(director, event, "Pippin Took")
    text = "Sam,,sam@example.org\nPippin Took\nMerry Brandybuck\n"
    preview = {p.row.name: (p.flags, p.will_add) for p in services.preview_player_list(event, text)}
    assert preview["Sam"] == (["has_account"], True)
    assert preview["Pippin Took"][1] is False
    added = as_(director).post(f"/api/v1/events/{event.slug}/players/bulk/", {"text": text})
    assert added.status_code == 201
    names = sorted(event.registrations.values_list("player__display_name", flat=True))
    assert names == ["Merry Brandybuck", "Pippin Took", "Samwise Gamgee"]
    assert event.registrations.get(player__user=holder).checked_in
