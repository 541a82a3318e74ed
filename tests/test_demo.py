"""The demo behind the README's first command: it loads, loads again the same, and
its pages work."""

from __future__ import annotations

import re
from html import unescape
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from demo import loader as demo
from ratings.models import PlayerRating, RatingEntry, Season
from tournaments.models import Event, Penalty, Player, Registration, Table

pytestmark = pytest.mark.django_db


def _load(*args: str) -> str:
    out = StringIO()
    call_command("load_demo", *args, stdout=out)
    return out.getvalue()


def _snapshot() -> dict[str, object]:
    # The pairings themselves depend on database ids (the pairing seed shuffles them),
    # which a reload does not reuse; everything else of the story is the same.
    running = Event.objects.get(name=demo.RUNNING_LORE)
    return {
        "counts": demo.demo_counts(),
        "statuses": sorted(Event.objects.values_list("name", "status")),
        "round3": sorted(running.rounds.get(number=3).tables.values_list("status", flat=True)),
        "penalties": sorted(
            Penalty.objects.values_list("registration__player__display_name", "kind", "offense")
        ),
        "dropped": sorted(
            Registration.objects.filter(dropped=True).values_list(
                "event__name", "player__display_name", "ejected"
            )
        ),
        "rated_players": PlayerRating.objects.count(),
    }


def test_load_demo_twice_is_the_same_demo_and_reset_keeps_other_data():
    """--reset replaces the demo with an identical one (fixed seed), leaving nothing behind;
    deleting the demo deletes only the demo's rows."""
    user = get_user_model().objects.create_user("someone", password="x-long-password-1")
    Player.objects.create(user=user, display_name="Someone Else")
    first_out = _load("--reset")
    first = _snapshot()
    users = get_user_model().objects.count()
    second_out = _load("--reset")
    assert _snapshot() == first
    assert get_user_model().objects.count() == users
    for out in (first_out, second_out):
        assert demo.DEMO_PASSWORD in out
        for login in ("director", "player", "admin"):
            assert f" {login} " in out
    # Without --reset an existing demo is left alone and the log-ins printed again.
    again = _load()
    assert "already loaded" in again and "director" in again
    assert _snapshot() == first
    demo.reset_demo()
    assert not Event.objects.exists()
    assert list(Player.objects.values_list("display_name", flat=True)) == ["Someone Else"]
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["someone"]
    assert not Season.objects.filter(slug=demo.SEASON_SLUG).exists()


def test_demo_content_matches_the_issue_and_its_pages_answer(client):
    """About 24 players, deck lists with illegal ones flagged, three rounds with one
    disputed table, warnings with an ejection, a finished rated event and a league."""
    _load("--reset")
    running = Event.objects.get(name=demo.RUNNING_LORE)
    assert running.status == Event.Status.RUNNING and running.sanctioned
    active = running.registrations.filter(dropped=False, ejected=False).count()
    assert 22 <= active <= 26
    assert running.rounds.count() == 3
    assert running.rounds.filter(status="closed").count() == 2
    round3 = running.rounds.get(number=3)
    statuses = list(round3.tables.values_list("status", flat=True))
    assert statuses.count(Table.Status.DISPUTED) == 1
    assert Table.Status.PENDING in statuses and Table.Status.REPORTED in statuses
    assert round3.started_at is not None  # the round timer runs
    # Deck lists: most in, some illegal (flagged for the director), one missing.
    from decks.services import deck_status_for_event, illegal_decklists

    status = deck_status_for_event(running)
    assert sum(s.submitted for s in status.values()) >= 20
    assert len(illegal_decklists(running)) >= 2
    assert any(not s.submitted for s in status.values())
    # Warnings: two for the same offense eject (000 Part VI §3 Warnings).
    ejected = running.registrations.get(ejected=True)
    assert ejected.penalties.filter(kind=Penalty.Kind.WARNING, offense="slow_play").count() == 2
    assert Penalty.objects.filter(registration__event=running, kind="warning").count() >= 3
    # The demo player sits at the pending table, against a player who can log in.
    me = Registration.objects.get(event=running, player__user__username=demo.PLAYER)
    my_table = me.seats.get(round=round3).table
    assert my_table.status == Table.Status.PENDING and not my_table.is_bye
    opponent = my_table.seats.exclude(registration=me).get().registration.player
    assert opponent.user is not None
    # The earlier event is finished and rated; the player has a rating history.
    earlier = Event.objects.get(name=demo.EARLIER_LORE)
    assert earlier.status == Event.Status.FINISHED
    assert RatingEntry.objects.filter(event=earlier, kind="bonus").count() == 1
    assert RatingEntry.objects.filter(player=me.player).count() >= 5
    assert Season.objects.filter(slug=demo.SEASON_SLUG).exists()
    metw = Event.objects.get(name=demo.UPCOMING_METW)
    assert metw.status == Event.Status.REGISTRATION and metw.format_key == "coe"
    assert metw.registrations.count() >= 20
    assert len(illegal_decklists(metw)) >= 1
    _pages_answer(client)


def _pages_answer(client) -> None:
    """The pages the README sends people to, for a visitor, the player and the director."""
    running = Event.objects.get(name=demo.RUNNING_LORE)
    earlier = Event.objects.get(name=demo.EARLIER_LORE)
    metw = Event.objects.get(name=demo.UPCOMING_METW)
    me = Player.objects.get(user__username=demo.PLAYER)
    public = [
        "/",
        "/events/",
        running.get_absolute_url(),
        f"/events/{running.slug}/pairings/?q=Holt",
        f"/events/{running.slug}/standings/",
        f"/events/{running.slug}/timer/",
        f"/events/{earlier.slug}/standings/",
        metw.get_absolute_url(),
        "/leagues/",
        f"/leagues/seasons/{demo.SEASON_SLUG}/",
        f"/leagues/players/{me.pk}/",
        f"/players/{me.pk}/",
        "/rules/score/",
        "/rules/free-council/",
        "/decks/check/",
    ]
    for url in public:
        assert client.get(url).status_code == 200, url
    _no_internal_text(client, [*public, "/decks/formats/"])
    home = client.get("/").content.decode()
    assert demo.RUNNING_LORE in home and demo.UPCOMING_METW in home
    pairings = client.get(f"/events/{running.slug}/pairings/?q=Holt").content.decode()
    assert demo.PLAYER_NAME in pairings
    assert "<svg" in client.get(f"/leagues/seasons/{demo.SEASON_SLUG}/").content.decode()

    client.login(username=demo.PLAYER, password=demo.DEMO_PASSWORD)
    mine = client.get(f"/events/{running.slug}/me/")
    assert mine.status_code == 200
    assert "Report" in mine.content.decode()
    _no_internal_text(client, [f"/events/{running.slug}/me/", "/me/events/", "/"])
    client.logout()

    client.login(username=demo.DIRECTOR, password=demo.DEMO_PASSWORD)
    for url in (
        f"/events/{running.slug}/manage/",
        f"/decks/events/{running.slug}/",
        f"/events/{running.slug}/rounds/3/print/",
        f"/events/{running.slug}/rounds/3/slips/",
        f"/api/v1/events/{running.slug}/export/",
        f"/api/v1/events/{running.slug}/export.csv",
    ):
        assert client.get(url).status_code == 200, url
    _no_internal_text(
        client,
        [
            f"/events/{running.slug}/manage/",
            f"/events/{running.slug}/edit/",
            f"/events/{running.slug}/stages/",
            f"/events/{running.slug}/event-day/",
            f"/events/{running.slug}/event-day/players/",
            f"/events/{running.slug}/rounds/3/results/",
            f"/events/{running.slug}/rounds/3/print/",
            f"/events/{running.slug}/standings/print/",
            f"/audit/events/{running.slug}/",
            f"/audit/events/{earlier.slug}/",
            f"/decks/events/{running.slug}/",
            f"/decks/events/{metw.slug}/",
            f"/events/{metw.slug}/manage/",
            "/decks/formats/",
            "/decks/formats/new/?base=metw:coe",
        ],
    )
    dashboard = client.get(f"/events/{running.slug}/manage/").content.decode()
    assert "Disputed" in dashboard or "disputed" in dashboard


def _no_internal_text(client, urls: list[str]) -> None:
    """The text people read on each page (not its attributes), in English and Spanish:
    no stored key (snake_case), model name or file reference (the crawl's INTERNAL)."""
    from tests.browser.axe import INTERNAL

    found = {}
    for url in urls:
        for language in ("en", "es"):
            html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
            html = re.sub(r"<(script|style)[^>]*>.*?</\1>|<!--.*?-->", " ", html, flags=re.S)
            text = unescape(re.sub(r"<[^>]+>", " ", html))
            if hits := sorted(set(INTERNAL.findall(text))):
                found[f"{url} ({language})"] = hits
    assert not found, found
