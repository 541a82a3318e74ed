"""Deck lists at the venue: the director enters a walk-in's list (audited), is told which
lists are missing or illegal before round 1, and an illegal list is mailed to its player."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from audit.models import AuditEntry
from decks.demo import METW_COE_WIZARD
from tests.decks.conftest import *  # noqa: F403  (card-data fixtures: metw_event, users)
from tournaments import services
from tournaments.models import Registration

pytestmark = pytest.mark.django_db
# Four copies of a non-unique card: at most three (003 Part I §2-3, RULES.md §4.1).
ILLEGAL = METW_COE_WIZARD.replace("3 Orc-lieutenant (TW)", "4 Orc-lieutenant (TW)").replace(
    "3 Orc-patrol (TW)", "2 Orc-patrol (TW)"
)


def test_readiness_names_missing_and_illegal_lists(
    client, metw_event, users, django_capture_on_commit_callbacks
):
    director = users["director"]
    users["alice"].email = "alice@example.org"
    users["alice"].save()
    walkin = services.add_walkin(director, metw_event, "Wren Walker")
    alice = Registration.objects.get(event=metw_event, player__user=users["alice"])
    client.force_login(director)
    page = reverse("venue-decks", args=[metw_event.slug])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(page, {"registration": alice.pk, "text": ILLEGAL, "player_type": "wizard"})
    client.post(page, {"registration": walkin.pk, "text": METW_COE_WIZARD, "player_type": "wizard"})
    body = client.get(page).content.decode()
    assert "1 player has no list" in body and "Bob" in body
    assert "1 list breaks the construction rules" in body and "Alice" in body
    entry = AuditEntry.objects.filter(action="decklist.submit", actor=director).count()
    assert entry == 2
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]
