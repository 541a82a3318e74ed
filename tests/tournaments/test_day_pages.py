"""The director's and the player's pages as a new user reads them: why "Pair round 1" is
not there, no "round 0 of 1", the opponent's card asks to confirm, the reporter waits."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services

pytestmark = pytest.mark.django_db


def test_a_draft_says_why_pair_round_1_is_not_offered(client):
    director = make_user("td")
    client.force_login(director)
    event = make_event(director, open_=False)
    page = client.get(reverse("event-dashboard", args=[event.slug])).content.decode()
    assert 'id="pair-blocked"' in page and "still a draft" in page
    assert "Pair round 1</button>" not in page
    assert "round 0 of" not in page and "no round paired yet" in page


def test_an_opened_event_offers_pair_round_1(client):
    director = make_user("td")
    client.force_login(director)
    event = make_event(director)
    register_users(event, 4)
    page = client.get(reverse("event-dashboard", args=[event.slug])).content.decode()
    assert "Pair round 1</button>" in page and "still a draft" not in page


def test_the_opponent_is_asked_to_confirm_and_the_reporter_waits(client):
    """RULES.md result flow: a reported result waits for the opponent's confirmation."""
    director = make_user("td")
    event = make_event(director)
    register_users(event, 2)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.get(is_bye=False)
    a, b = (s.registration for s in table.seats.order_by("position"))
    services.report_result(user_of(a), table, {a.pk: 20, b.pk: 5})
    event_page = reverse("event-detail", args=[event.slug])
    client.force_login(user_of(b))
    page = client.get(event_page).content.decode()
    assert 'id="confirm-result-link"' in page and "Confirm the result" in page
    client.force_login(user_of(a))
    page = client.get(event_page).content.decode()
    assert 'id="waiting-opponent"' in page and "Confirm the result" not in page


def _row(page, table):
    return page.split(f'id="t{table.pk}"')[1].split("</tr>")[0]


def test_a_refused_result_keeps_the_typing_open_beside_the_form(client):
    """RULES.md §2 Reading: a winner named with fewer MPs is refused; the director's
    typing comes back in the open form with the reason beside it."""
    director = make_user("td")
    client.force_login(director)
    event = make_event(director)
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.filter(is_bye=False).order_by("number").first()
    a, b = (s.registration_id for s in table.seats.order_by("position"))
    set_url = reverse("table-action", args=[event.slug, table.pk, "set"])
    response = client.post(
        set_url,
        {f"mps_{a}": "7", f"mps_{b}": "13", "winner": str(a), "note": "slip 4"},
        follow=True,
    )
    row = _row(response.content.decode(), table)
    assert f'id="refused-{table.pk}"' in row and "Not saved:" in row
    assert 'value="7"' in row and 'value="13"' in row and 'value="slip 4"' in row
    assert f'<option value="{a}" selected>' in row
    assert '<details class="fix" open>' in row
    # Shown once: the next visit shows the stored (empty) result again.
    again = _row(client.get(reverse("event-dashboard", args=[event.slug])).content.decode(), table)
    assert "Not saved:" not in again and 'value="7"' not in again


def test_a_refused_report_keeps_the_players_typing(client):
    director = make_user("td")
    event = make_event(director)
    register_users(event, 2)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.get(is_bye=False)
    a, b = (s.registration for s in table.seats.order_by("position"))
    client.force_login(user_of(a))
    response = client.post(
        reverse("table-action", args=[event.slug, table.pk, "report"]),
        {f"mps_{a.pk}": "19", f"mps_{b.pk}": "oops"},
        follow=True,
    )
    page = response.content.decode()
    assert f'id="refused-{table.pk}"' in page and 'value="19"' in page and 'value="oops"' in page


def test_not_rated_yet_is_explained_to_staff_and_not_shown_publicly():
    """RULES.md §6: only sanctioned events are rated; a sanctioned one waits for its league."""
    from django.template.loader import render_to_string

    from tournaments.services.sanctioning import sanctioning_for

    waiting = sanctioning_for(True, False, 8, approved=False)
    staff = render_to_string("tournaments/_sanctioning.html", {"sanctioning": waiting})
    assert "Not rated yet:" in staff and "approved it" in staff
    assert reverse("league-list") in staff
    public = render_to_string(
        "tournaments/_sanctioning.html", {"sanctioning": waiting, "public": True}
    )
    assert "Not rated yet" not in public


def test_every_help_text_is_wired_to_an_element_that_exists(client):
    """Each field's aria-describedby names ids present on the page (help texts, errors)."""
    import re

    client.force_login(make_user("td"))
    for page in (
        client.get(reverse("event-create")).content.decode(),
        client.post(reverse("event-create"), {"name": ""}).content.decode(),
    ):
        ids = set(re.findall(r'\sid="([^"]+)"', page))
        described = re.findall(r'aria-describedby="([^"]+)"', page)
        assert described
        for value in described:
            for target in value.split():
                assert target in ids, target


def test_my_games_shows_the_deck_list_status_and_deadline(client):
    import datetime

    from django.utils import formats, timezone

    director = make_user("td")
    deadline = timezone.now() + datetime.timedelta(days=3)
    event = make_event(director, decklists_required=True, deck_deadline=deadline)
    ((user, _reg),) = register_users(event, 1)
    client.force_login(user)
    page = client.get(reverse("my-event", args=[event.slug])).content.decode()
    mine = page.split('id="my-deck"')[1].split("</p>")[0]
    assert "missing" in mine
    written = formats.date_format(timezone.localtime(deadline), "DATETIME_FORMAT")
    assert written in mine


def test_a_refused_walk_in_keeps_what_was_typed(client):
    director = make_user("td")
    client.force_login(director)
    event = make_event(director)
    action = reverse("director-action", args=[event.slug, "walkin"])
    response = client.post(
        action, {"display_name": "   ", "membership_number": "M-77"}, follow=True
    )
    page = response.content.decode()
    assert 'id="walkin-error"' in page and "Give the walk-in player" in page
    assert 'value="M-77"' in page and 'aria-describedby="walkin-error"' in page
    client.post(action, {"display_name": "Ana Ruiz"})
    page = client.get(reverse("event-dashboard", args=[event.slug])).content.decode()
    assert 'id="walkin-error"' not in page and "Ana Ruiz" in page


def test_an_ejected_players_open_table_says_what_to_do(client):
    """RULES.md §3 warnings: an ejected player is dropped. A game he had reported is not
    decided by the ejection (tournaments.services.ejected_tables): it waits for the
    director's result, and the pages say so instead of "waiting for a confirmation"."""
    director = make_user("td")
    client.force_login(director)
    event = make_event(director)
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.filter(is_bye=False).order_by("number").first()
    seat, other = table.seats.order_by("position")
    services.report_result(
        seat.registration.player.user, table, {seat.registration_id: 20, other.registration_id: 5}
    )
    services.issue_penalty(director, seat.registration, "cheating")
    page = client.get(reverse("event-dashboard", args=[event.slug])).content.decode()
    row = page.split(f'id="t{table.pk}"')[1].split("</tr>")[0]
    assert "was ejected: this game will not be finished" in row
    pairings = client.get(reverse("event-pairings", args=[event.slug])).content.decode()
    assert '<span class="badge bad">ejected</span>' in pairings
