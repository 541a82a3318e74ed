"""A finished event's published lists: laid out by part and type with counts, each with
a printable registration sheet, and the event's metagame on its page and in the API."""

from __future__ import annotations

import pytest
from django.test import Client

from decks import services
from decks.demo import METW_COE_WIZARD
from tests.decks.conftest import start_round_one

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(metw_event, users):
    from tournaments.models import Event

    for name in ("alice", "bob"):
        services.submit_decklist(users[name], metw_event, METW_COE_WIZARD, "wizard")
    start_round_one(metw_event)
    services.publish_decklists(users["director"], metw_event, True)
    Event.objects.filter(pk=metw_event.pk).update(status=Event.Status.FINISHED)
    metw_event.refresh_from_db()
    return metw_event


def test_lists_page_lays_each_list_out_with_counts_and_the_metagame(published):
    html = Client().get("/decks/events/council-cup/published/").content.decode()
    assert "Play deck (" in html and "Location deck (" in html and "Starting pool (" in html
    assert "Metagame" in html and "Wizard (hero)" in html and "100 %" in html
    assert "Printable registration sheet" in html


def test_registration_sheet_is_printable_and_private_until_published(metw_event, users):
    services.submit_decklist(users["alice"], metw_event, METW_COE_WIZARD, "wizard")
    reg = metw_event.registrations.get(player__display_name="Alice")
    url = f"/decks/events/council-cup/sheet/{reg.pk}/"
    alice = Client()
    alice.force_login(users["alice"])
    html = alice.get(url).content.decode()
    assert "Deck registration sheet" in html and "signature" in html and "Play deck (" in html
    bob = Client()
    bob.force_login(users["bob"])
    assert bob.get(url).status_code == 404
    assert Client().get(url).status_code == 404


def test_metagame_in_the_api_and_on_the_finished_events_page(published):
    body = Client().get("/api/v1/decks/events/council-cup/metagame/").json()
    assert body["lists"] == 2 and body["final"] is True
    (only,) = body["archetypes"]
    assert (only["player_type"], only["lists"], only["share"]) == ("wizard", 2, 1.0)
    assert only["players"] == ["Alice", "Bob"] and only["label"].startswith("Wizard (hero)")
    html = Client().get(published.get_absolute_url()).content.decode()
    assert "Metagame" in html and "Wizard (hero)" in html


def test_metagame_stays_private_before_publication(metw_event):
    r = Client().get("/api/v1/decks/events/council-cup/metagame/")
    assert r.status_code == 403
