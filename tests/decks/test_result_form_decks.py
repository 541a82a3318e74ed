"""The player's result form at a General Opponent table the pairing alone does not
decide (RULES.md §8; the reading in docs/decks-per-player.md): it asks which deck each
player played, records it with the result, and keeps the choice when refused."""

from __future__ import annotations

import pytest
from django.test import Client

from decks.played import deck_played
from tests.decks.test_decks_per_player import reg, submit_list, table_of
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def undecided(metw_event, users):
    metw_event.decks_per_player = "general_opponent"
    metw_event.save()
    for name in ("alice", "bob"):
        submit_list(users, metw_event, name, "vs-hero", "ringwraith")
        submit_list(users, metw_event, name, "vs-minion", "wizard")
    table = table_of(metw_event)
    metw_event.status = "running"
    metw_event.save()
    client = Client()
    client.force_login(users["alice"])
    return metw_event, table, client


def test_the_report_form_asks_for_the_deck_played_and_records_it(undecided):
    event, table, client = undecided
    alice, bob = reg(event, "alice"), reg(event, "bob")
    assert deck_played(table, alice).code == "two_ways"
    page = client.get(f"/events/{event.slug}/me/").content.decode()
    form = page.split('class="result-form"')[1].split("</form>")[0]
    assert f'name="deck-{alice.pk}"' in form and "Deck Alice played" in form
    assert "Deck against hero opponents" in form
    response = client.post(
        f"/events/{event.slug}/tables/{table.pk}/report/",
        {f"mps_{alice.pk}": "20", f"mps_{bob.pk}": "8", "outcome": "normal",
         f"deck-{alice.pk}": "vs-hero", f"deck-{bob.pk}": "", "version": table.version},
    )  # fmt: skip
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.REPORTED
    assert deck_played(table, alice).slots == ("vs-hero",)
    assert deck_played(table, bob).slots == ("vs-minion",)  # Alice plays Ringwraith there


def test_a_refused_report_records_no_deck_and_keeps_the_choice(undecided):
    event, table, client = undecided
    alice, bob = reg(event, "alice"), reg(event, "bob")
    response = client.post(
        f"/events/{event.slug}/tables/{table.pk}/report/",
        {f"mps_{alice.pk}": "x", f"mps_{bob.pk}": "8", "outcome": "normal",
         f"deck-{alice.pk}": "vs-minion", "version": table.version},
        follow=True,
    )  # fmt: skip
    page = response.content.decode()
    assert "Not saved:" in page
    assert '<option value="vs-minion" selected>' in page
    assert deck_played(table, alice).code == "two_ways"  # nothing recorded
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING


def test_the_directors_form_asks_for_the_deck_played_and_records_it_with_the_result(
    undecided, users
):
    """The director's one-table form on the dashboard asks what the player's form asks,
    and records it through the same service, in the same transaction as the result."""
    event, table, _player = undecided
    alice, bob = reg(event, "alice"), reg(event, "bob")
    client = Client()
    client.force_login(users["director"])
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    form = page.split('class="result-form"')[1].split("</form>")[0]
    assert f'name="deck-{alice.pk}"' in form and "Deck Alice played" in form
    refused = client.post(
        f"/events/{event.slug}/tables/{table.pk}/set/",
        {f"mps_{alice.pk}": "20", f"mps_{bob.pk}": "8", "outcome": "normal",
         f"deck-{alice.pk}": "vs-elves", "version": table.version},
        follow=True,
    )  # fmt: skip
    assert "Not saved:" in refused.content.decode()
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and deck_played(table, alice).code == "two_ways"
    response = client.post(
        f"/events/{event.slug}/tables/{table.pk}/set/",
        {f"mps_{alice.pk}": "20", f"mps_{bob.pk}": "8", "outcome": "normal",
         f"deck-{alice.pk}": "vs-minion", "version": table.version},
    )  # fmt: skip
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED
    assert deck_played(table, alice).slots == ("vs-minion",)
    assert deck_played(table, bob).slots == ("vs-hero",)  # Alice plays Wizard there
