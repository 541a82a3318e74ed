"""The event's audit trail words a Free Council result and a differing report from the
stored data (003 Part II §1 "Marshalling point modifications" example)."""

from __future__ import annotations

import pytest
from django.test import Client

from audit.models import AuditEntry
from tests.tournaments.helpers import user_of
from tests.tournaments.test_council_results import JASON, council, metw_table
from tournaments import services

pytestmark = pytest.mark.django_db


def _audit_page(director, event) -> str:
    client = Client()
    client.force_login(director)
    response = client.get(f"/audit/events/{event.slug}/?kind=result")
    assert response.status_code == 200
    return response.content.decode()


def test_audit_trail_shows_the_council_and_the_other_report_in_words():
    director, event, table, a, b = metw_table()
    services.report_result(user_of(a), table, council=council(a, b))
    other = JASON | {"character": 6, "revealed_duplicates": 3}
    services.report_result(user_of(b), table, council=council(a, b, second=other))
    entry = AuditEntry.objects.get(event=event, action="result_dispute")
    assert entry.after["counter_report"]["council"]  # stored, not omitted
    html = _audit_page(director, event)
    # The report's council and the other report's council, each step by step.
    assert html.count("Free Council (half cap") == 2
    assert "character cut from 8 to 6" in html
    assert f"Other report, by {b.player.display_name}" in html
    # Words, not the stored dict.
    assert "revealed_duplicates" not in html and "{&#x27;" not in html
    services.director_set_result(director, table, council=council(a, b))
    html = _audit_page(director, event)
    assert html.count("Free Council (half cap") == 3
