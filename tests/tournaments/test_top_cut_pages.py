"""A top cut that is set is never skipped silently: the dashboard offers to start it after
the last Swiss round, finishing asks first and says it skips it, the bracket page says
what really happens, and the event's pages link the bracket."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from audit.models import AuditEntry
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def url(name, event, *args):
    return reverse(name, args=[event.slug, *args])


@pytest.fixture
def swiss_done(client):
    """RULES.md §3 "Top cut": a top 2 after two Swiss rounds, both played."""
    director = make_user("td")
    client.force_login(director)
    event = make_event(director, planned_rounds=2)
    register_users(event, 4)
    services.set_top_cut(director, event, 2, "replay")
    for seed in (1, 2):
        play_round(director, services.pair_next_round(director, event, seed=seed))
    return director, event


def test_dashboard_offers_the_top_cut_after_the_last_swiss_round(client, swiss_done):
    _director, event = swiss_done
    page = client.get(url("event-dashboard", event)).content.decode()
    assert 'id="start-top-cut"' in page and "Start the top cut (top 2)" in page
    assert url("event-finish", event) in page


def test_finishing_with_an_unplayed_top_cut_asks_and_says_so(client, swiss_done):
    _director, event = swiss_done
    page = client.get(url("event-finish", event)).content.decode()
    assert "A top 2 is set and has not been played" in page
    assert "Finish without the top 2" in page and "Start the top cut" in page
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING  # asking changes nothing
    client.post(url("event-finish", event), {"skip_top_cut": "1"})
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    bracket = client.get(url("event-bracket", event)).content.decode()
    assert "finished without its top 2" in bracket
    assert "starts once every Swiss round is played" not in bracket


def test_bracket_page_follows_the_state(client, swiss_done):
    _director, event = swiss_done
    page = client.get(url("event-bracket", event)).content.decode()
    assert "Every Swiss round is played: the top 2 starts when the director starts it." in page


def test_finish_page_says_why_not_while_a_round_is_open(client):
    director = make_user("td")
    client.force_login(director)
    event = make_event(director, planned_rounds=2)
    register_users(event, 4)
    services.pair_next_round(director, event)
    page = client.get(url("event-finish", event)).content.decode()
    assert 'id="finish-refusal"' in page and "without a confirmed result" in page
    assert client.post(url("event-finish", event)).status_code == 409


def test_finishing_early_is_named(client):
    director = make_user("td")
    client.force_login(director)
    event = make_event(director, planned_rounds=3)
    register_users(event, 4)
    play_round(director, services.pair_next_round(director, event))
    page = client.get(url("event-finish", event)).content.decode()
    assert "Only 1 of 3 rounds have been played" in page
    client.post(url("event-finish", event), {"early": "1"})
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def test_only_the_director_reaches_the_finish_page(client, swiss_done):
    _director, event = swiss_done
    client.force_login(make_user("nobody"))
    assert client.get(url("event-finish", event)).status_code == 403
    assert client.post(url("event-finish", event)).status_code == 403


def test_event_pages_link_the_bracket_when_a_top_cut_is_set(client, swiss_done):
    _director, event = swiss_done
    client.logout()
    for name in ("event-detail", "event-pairings", "event-standings"):
        assert url("event-bracket", event) in client.get(url(name, event)).content.decode()
    plain = make_event(make_user("td2"))
    assert (
        url("event-bracket", plain) not in client.get(url("event-detail", plain)).content.decode()
    )


def test_playoff_words_follow_the_result(client, swiss_done):
    """RULES.md §3 "Top cut": a tied playoff game is replayed (the event's tie rule); the
    standings are final only once the playoff is decided."""
    _director, event = swiss_done
    client.post(url("playoff-action", event, "start"))
    bracket = client.get(url("event-bracket", event)).content.decode()
    assert "Standings so far" in bracket and "Final standings" not in bracket
    final = event.playoff_matches.get()
    assert f'<label for="high-{final.pk}">' in bracket and f'id="high-{final.pk}"' in bracket
    tie = client.post(url("playoff-action", event, "result"),
                      {"match": final.pk, "high_mps": "9", "low_mps": "9"}, follow=True)  # fmt: skip
    assert "a tie. The game is played again." in tie.content.decode()
    won = client.post(url("playoff-action", event, "result"),
                      {"match": final.pk, "high_mps": "3", "low_mps": "9"}, follow=True)  # fmt: skip
    final.refresh_from_db()
    page = won.content.decode()
    assert f"Result saved: {final.low.player.display_name} goes through." in page
    assert "Final standings" in page


def test_playoff_tables_are_on_the_pairings_page(client, swiss_done):
    """RULES.md §3 "Top cut": the playoff's games have tables like any round's."""
    director, event = swiss_done
    pairings = url("event-pairings", event)
    client.logout()
    before = client.get(pairings)
    assert 'id="playoff-tables"' not in before.content.decode()
    services.start_playoff(director, event)
    page = client.get(pairings, HTTP_IF_NONE_MATCH=before.headers["ETag"])
    assert page.status_code == 200
    text = page.content.decode()
    final = event.playoff_matches.get()
    section = text.split('id="playoff-tables"')[1].split("</section>")[0]
    assert final.high.player.display_name in section and final.low.player.display_name in section
    assert '<span class="phone-only">Table </span>1' in section


def test_a_top_cut_is_never_skipped_without_the_directors_word(client, swiss_done):
    """RULES.md §3 "Top cut": the champion is the playoff's winner; finishing without a
    top cut that is set is refused (page, API) until the director says he means it."""
    _director, event = swiss_done
    refused = client.post(url("event-finish", event))
    assert refused.status_code == 409
    event.refresh_from_db()
    assert event.status == "running"
    api = APIClient()
    api.force_authenticate(event.organizer)
    answer = api.post(f"/api/v1/events/{event.slug}/finish/", {}, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "top_cut_not_played"
    body = {"skip_top_cut": True}
    answer = api.post(f"/api/v1/events/{event.slug}/finish/", body, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "finished"
    entry = AuditEntry.objects.get(event=event, action="finish")
    assert entry.after["top_cut_skipped"] == 2
