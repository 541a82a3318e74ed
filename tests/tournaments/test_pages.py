"""The tournament pages: public pages, the player's page and the director's dashboard,
driven through forms like a browser would (CSRF on, messages for every action)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.tournaments.helpers import make_event, make_user, play_round, register_users, user_of
from tournaments import services
from tournaments.models import Event, Penalty, Registration, Table

pytestmark = pytest.mark.django_db


def browser(user=None) -> Client:
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user)
    return client


def post(client: Client, url: str, data: dict | None = None, follow: bool = True):
    """Submit a form the way a browser does: fetch the CSRF cookie, send it back."""
    client.get("/events/")
    token = client.cookies["csrftoken"].value
    return client.post(url, {**(data or {}), "csrfmiddlewaretoken": token}, follow=follow)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def test_public_pages_render():
    director = make_user("td")
    event = make_event(director, name="Bree Open", sanctioned=True, decklists_required=True)
    register_users(event, 5)
    rnd = services.pair_next_round(director, event, seed=1)
    services.start_round_clock(director, rnd)
    anon = browser()
    page = anon.get(f"/events/{event.slug}/").content.decode()
    assert "Deck lists are required" in page and "Bree Open" in page
    assert "3 (the rulebook" in page and "60 minutes, 15-minute breaks" in page
    assert "meets the player minimum" in page
    listing = anon.get("/events/?game=lore").content.decode()
    assert "Bree Open" in listing
    assert "Bree Open" not in anon.get("/events/?game=metw").content.decode()
    pairings = anon.get(f"/events/{event.slug}/pairings/").content.decode()
    assert "Round 1" in pairings and "Find a player" in pairings
    timer = anon.get(f"/events/{event.slug}/timer/").content.decode()
    assert 'id="round-timer"' in timer and "ends at" in timer
    assert anon.get(f"/events/{event.slug}/rounds/1/print/").status_code == 200
    slips = anon.get(f"/events/{event.slug}/rounds/1/slips/").content.decode()
    assert slips.count('class="slip"') == 2
    play_round(director, rnd)
    standings = anon.get(f"/events/{event.slug}/standings/").content.decode()
    assert "Opponents&#x27; points" in standings or "Opponents' points" in standings
    reg = event.registrations.first()
    assert anon.get(f"/players/{reg.player_id}/").status_code == 200
    assert anon.get("/events/nope/").status_code == 404


def test_pairings_name_filter():
    director = make_user()
    event = make_event(director)
    for name in ("Frodo", "Sam", "Merry", "Pippin"):
        services.add_walkin(director, event, display_name=name)
    services.pair_next_round(director, event, seed=1)
    page = browser().get(f"/events/{event.slug}/pairings/?round=1&q=fro").content.decode()
    assert "Frodo" in page
    # Without JavaScript the server filters; each table row names its players for the
    # as-you-type filter (static/js/ui.js).
    rows = re.findall(r"<tr data-names=\"([^\"]*)\"", page)
    assert len(rows) == 1 and "Frodo" in rows[0]


def test_draft_is_hidden_from_public():
    director = make_user()
    event = make_event(director, open_=False)
    assert browser().get(f"/events/{event.slug}/").status_code == 404
    assert browser(director).get(f"/events/{event.slug}/").status_code == 200


def test_director_runs_an_event_through_the_dashboard():
    director = make_user("td")
    client = browser(director)
    response = post(client, "/events/new/", {
        "name": "Shire Cup", "game": "lore", "round_minutes": 60, "break_minutes": 15,
        "half_cap": "exact", "elimination_winner": 6, "elimination_loser": 0,
        "lotr_tcg_win_points": 1,
    })  # fmt: skip
    assert response.status_code == 200
    event = Event.objects.get(name="Shire Cup")
    dash = f"/events/{event.slug}/manage/"
    response = post(client, dash + "open/")
    assert "Registration is open." in messages_of(response)
    for name in ("Frodo", "Sam", "Merry", "Pippin", "Bilbo"):
        response = post(client, dash + "walkin/", {"display_name": name})
        assert f"{name} added." in messages_of(response)
    reg = Registration.objects.get(event=event, player__display_name="Bilbo")
    response = post(client, dash + "check-in/", {"registration": reg.pk})
    assert "Bilbo checked in." in messages_of(response)
    response = post(client, dash + "pair/")
    assert "Round 1 paired." in messages_of(response)
    page = response.content.decode()
    assert "How round 1 was paired" in page and "Enter result" in page
    # Pairing again while round 1 is open is refused with a message, not an error page.
    response = post(client, dash + "pair/")
    assert any("Round 1 is still open" in m for m in messages_of(response))
    for table in Table.objects.filter(round__event=event, is_bye=False):
        a, b = (s.registration_id for s in table.seats.order_by("position"))
        response = post(
            client,
            f"/events/{event.slug}/tables/{table.pk}/set/",
            {f"mps_{a}": "20", f"mps_{b}": "8", "outcome": "normal", "note": "slip"},
        )
        assert f"Result of table {table.number} saved." in messages_of(response)
    # A bad result comes back as a message.
    table = Table.objects.filter(round__event=event, is_bye=False).first()
    a, b = (s.registration_id for s in table.seats.order_by("position"))
    response = post(
        client, f"/events/{event.slug}/tables/{table.pk}/set/",
        {f"mps_{a}": "2", f"mps_{b}": "8", "winner": str(a)},
    )  # fmt: skip
    assert response.status_code == 200 and any("winner" in m for m in messages_of(response))
    response = post(client, dash + "penalty/", {
        "registration": reg.pk, "offense": "cheating", "kind": "warning", "note": "marked cards",
    })  # fmt: skip
    assert any("obvious cheating ejects at once" in m for m in messages_of(response))
    assert Penalty.objects.filter(registration=reg, kind="ejection").exists()
    response = post(client, dash + "finish/", {"early": "1"})
    assert "The event is finished." in messages_of(response)
    page = client.get(dash).content.decode()
    assert "ejected" in page and "History" in page


def test_non_director_cannot_use_dashboard_actions():
    director = make_user()
    event = make_event(director)
    stranger = make_user()
    client = browser(stranger)
    response = client.get(f"/events/{event.slug}/manage/", follow=True)
    assert any("Only the tournament director" in m for m in messages_of(response))
    response = post(client, f"/events/{event.slug}/manage/walkin/", {"display_name": "X"})
    assert any("Only the tournament director" in m for m in messages_of(response))
    assert not event.registrations.exists()


def test_player_reports_and_opponent_confirms_in_the_browser():
    director = make_user()
    event = make_event(director)
    register_users(event, 2)
    newcomer = make_user()
    response = post(browser(newcomer), f"/events/{event.slug}/register/")
    assert "You are registered." in messages_of(response)
    services.drop(newcomer, Registration.objects.get(player__user=newcomer))
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.get(is_bye=False)
    a, b = (s.registration for s in table.seats.order_by("position"))
    me = browser(user_of(a))
    page = me.get(f"/events/{event.slug}/me/").content.decode()
    assert f"Table {table.number}" in page and b.player.display_name in page
    assert "Report the result" in page
    response = post(me, f"/events/{event.slug}/tables/{table.pk}/report/", {
        f"mps_{a.pk}": "21", f"mps_{b.pk}": "10", "outcome": "normal", "version": "0",
    })  # fmt: skip
    assert "Result reported: waiting for your opponent to confirm." in messages_of(response)
    them = browser(user_of(b))
    page = them.get(f"/events/{event.slug}/me/").content.decode()
    assert "Your opponent reported this result" in page
    # A player of no table of this event may not confirm.
    outsider = browser(newcomer)
    response = post(outsider, f"/events/{event.slug}/tables/{table.pk}/confirm/")
    assert any("not seated" in m for m in messages_of(response))
    response = post(them, f"/events/{event.slug}/tables/{table.pk}/confirm/", {"version": "1"})
    assert "Result confirmed." in messages_of(response)
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED
    history = them.get(f"/events/{event.slug}/me/").content.decode()
    assert "My history" in history and "Loss" in history
    assert browser(user_of(a)).get("/me/events/").status_code == 200


def test_event_edit_form_shows_errors():
    director = make_user()
    event = make_event(director)
    client = browser(director)
    response = post(client, f"/events/{event.slug}/edit/", {
        "name": "", "game": "lore", "round_minutes": 0, "break_minutes": 15,
        "half_cap": "exact", "elimination_winner": 6, "elimination_loser": 0,
        "lotr_tcg_win_points": 1,
    })  # fmt: skip
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert pairs_ok(client.get(f"/events/{event.slug}/edit/").content.decode())


def pairs_ok(html: str) -> bool:
    """Every form field has a label pointing at it."""
    ids = re.findall(r'<(?:input|select|textarea)[^>]*\bid="([^"]+)"', html)
    return all(
        f'for="{i}"' in html or (f'id="{i}"' in html and "<label><input" in html) for i in ids
    )


def test_dashboard_shows_deck_status_and_ejects_an_illegal_deck():
    """000 Part VI §3: a deck that breaks the construction rules counts as cheating."""
    decks = pytest.importorskip("decks.services")
    director = make_user()
    event = make_event(director, game="metw", decklists_required=True)
    (user, reg), (other, _) = register_users(event, 2)
    decks.submit_decklist(user, event, "1 No Such Card Anywhere")
    assert reg in decks.illegal_decklists(event)
    client = browser(director)
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Illegal deck lists" in page and "missing" in page  # the other player has no list
    response = post(client, f"/events/{event.slug}/manage/penalty/", {
        "registration": reg.pk, "offense": "illegal_deck", "kind": "ejection",
        "note": "Illegal deck list",
    })  # fmt: skip
    assert any("illegal deck list" in m for m in messages_of(response))
    reg.refresh_from_db()
    assert reg.ejected and reg.dropped
    assert other.is_authenticated


def test_dashboard_says_why_no_round_can_be_paired():
    """000 Part VI §3: the rounds table sets how many rounds; once they are played the
    dashboard offers no "Pair round" button but says why, with the way on."""
    director = make_user("td")
    event = make_event(director, planned_rounds=1)
    register_users(event, 4)
    dash = f"/events/{event.slug}/manage/"
    page = browser(director).get(dash).content.decode()
    assert "Pair round 1" in page and 'id="pair-blocked"' not in page
    rnd = services.pair_next_round(director, event, seed=1)
    page = browser(director).get(dash).content.decode()
    # Round 1 open: re-pairing is offered, pairing the next round is not.
    assert "Pair round 1 again" in page and "Pair round 2" not in page
    play_round(director, rnd)
    page = browser(director).get(dash).content.decode()
    assert "Pair round 2" not in page and "Pair round 1 again" not in page
    assert "All 1 rounds have been played" in page and "Finish the event" in page
    assert services.pair_blocker(event).code == "all_rounds_played"
    assert services.repair_blocker(rnd).code == "round_has_results"


def test_player_history_counts_only_confirmed_games():
    director = make_user("td")
    event = make_event(director)
    regs = register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=1)
    player = regs[0][1].player
    assert services.player_history(player)[0]["games"] == 0
    play_round(director, rnd)
    row = services.player_history(player)[0]
    assert row["games"] == 1 and row["wins"] + row["losses"] + row["draws"] == 1
    assert row["rank"] is None  # the event is not finished
