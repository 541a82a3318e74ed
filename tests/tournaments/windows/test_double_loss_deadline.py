"""The double loss at a window's deadline (RULES.md §8, CoE online events, Reading: "a
table with no result at the deadline is decided by the director: a double loss by
default, or a result he enters"), driven with a clock we control (every step takes
``now``): applied once by the beat task's step, audited in words, shown in words on the
pairings, the player's page and the standings, and reversed by the director's result."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from rest_framework.test import APIClient

from audit.models import AuditEntry
from core.errors import ServiceError
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.models import ResultChange, Round, RoundWindow, Table
from tournaments.services import windows

pytestmark = pytest.mark.django_db
DEADLINE = datetime(2025, 11, 10, 4, 59, tzinfo=UTC)  # Sun 9 Nov 23:59 Eastern
OPENS = datetime(2025, 11, 1, 4, 0, tzinfo=UTC)


def windowed(players=4):
    director = make_user()
    event = make_event(director, game="metw", time_zone="America/New_York")
    register_users(event, players)
    rnd = services.pair_next_round(director, event, seed=2)
    windows.set_round_window(director, rnd, OPENS, DEADLINE)  # the default rule
    return director, event, rnd


def seats_of(table):
    return [s.registration for s in table.seats.order_by("position")]


def test_a_new_window_gives_a_double_loss_by_default():
    _director, _event, rnd = windowed(players=2)
    assert RoundWindow.objects.get(round=rnd).deadline_rule == "double_loss"


def test_the_deadline_gives_each_table_without_result_a_double_loss_once():
    director, _event, rnd = windowed()
    played, waiting = rnd.tables.order_by("number")
    a, b = seats_of(played)
    services.director_set_result(director, played, {a.pk: 20, b.pk: 5})
    assert windows.run_round_deadlines(DEADLINE - timedelta(seconds=1))["deadlines"] == 0
    assert Table.objects.get(pk=waiting.pk).status == Table.Status.PENDING
    assert windows.run_round_deadlines(DEADLINE)["deadlines"] == 1
    waiting.refresh_from_db()
    assert (waiting.status, waiting.outcome, waiting.winner_id) == (
        "confirmed",
        "double_loss",
        None,
    )
    assert [(s.points, s.outcome) for s in waiting.seats.all()] == [(0, "loss"), (0, "loss")]
    played.refresh_from_db()
    assert played.outcome == "normal"  # a table with its result keeps it
    # Idempotent: a second run, or a late one, changes nothing and audits nothing more.
    assert windows.run_round_deadlines(DEADLINE + timedelta(hours=3))["deadlines"] == 0
    assert ResultChange.objects.filter(table=waiting, action="deadline").count() == 1
    assert AuditEntry.objects.filter(action="result_deadline").count() == 1
    # Every table has a confirmed result now: the round closes.
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED


def test_players_can_no_longer_report_and_never_report_a_double_loss():
    _director, _event, rnd = windowed(players=2)
    table = rnd.tables.get()
    a, b = seats_of(table)
    # The real clock is past the 2025 deadline: under the double-loss rule the players no
    # longer report, even before the beat task has run.
    with pytest.raises(ServiceError) as late:
        services.report_result(user_of(a), table, {a.pk: 20, b.pk: 5})
    assert late.value.code == "deadline_passed"
    window = RoundWindow.objects.get(round=rnd)
    window.deadline_rule = "director_decides"
    window.save()
    with pytest.raises(ServiceError) as ruling:
        services.report_result(user_of(a), table, outcome="double_loss")
    assert ruling.value.code == "director_ruling"


def test_the_director_reverses_it_by_entering_the_result():
    director, event, rnd = windowed(players=2)
    windows.apply_deadlines(DEADLINE)
    table = rnd.tables.get()
    a, b = seats_of(table)
    services.director_set_result(director, table, {a.pk: 20, b.pk: 5}, note="played late")
    table.refresh_from_db()
    assert (table.outcome, table.winner_id) == ("normal", None)
    assert {s.registration_id: s.points for s in table.seats.all()} == {a.pk: 6, b.pk: 0}
    assert list(table.changes.values_list("action", flat=True)) == ["deadline", "correction"]
    standings = {r.player: r for r in services.standings_view(event).rows}
    assert standings[str(a.pk)].wins == 1


def test_the_pages_say_it_in_words():
    director, event, rnd = windowed(players=2)
    windows.apply_deadlines(DEADLINE)
    table = rnd.tables.get()
    player = user_of(seats_of(table)[0])
    client = Client()
    client.force_login(player)
    words = "double loss: no result by the deadline (0 for all)"
    assert words in client.get(f"/events/{event.slug}/pairings/").content.decode()
    assert words in client.get(f"/events/{event.slug}/me/").content.decode()
    standings = client.get(f"/events/{event.slug}/standings/").content.decode()
    assert "Double losses at the deadline" in standings
    assert f"Round 1, table {table.number}" in standings
    staff = Client()
    staff.force_login(director)
    grid = staff.get(f"/events/{event.slug}/rounds/1/results/").content.decode()
    assert '<option value="double_loss" selected>' in grid  # kept, not shown as normal
    window_page = staff.get(f"/events/{event.slug}/rounds/1/window/").content.decode()
    assert "Each was given a double loss" in window_page
    trail = staff.get(f"/audit/events/{event.slug}/").content.decode()
    assert "gave a table a double loss at its window&#x27;s deadline" in trail
    assert "A double loss for both players" in trail  # the rule, not its key
    assert "double_loss" not in trail.replace('value="double_loss"', "")
    spanish = Client(headers={"accept-language": "es"})
    spanish.force_login(player)
    page = spanish.get(f"/events/{event.slug}/pairings/").content.decode()
    assert "doble derrota" in page


def test_the_api_shows_it_typed_and_the_director_can_give_it():
    director, event, rnd = windowed(players=4)
    first, second = rnd.tables.order_by("number")
    api = APIClient()
    api.force_authenticate(director)
    window = api.get(f"/api/v1/events/{event.slug}/rounds/1/window/").json()
    assert window["deadline_rule"] == "double_loss"
    given = api.post(
        f"/api/v1/events/{event.slug}/tables/{first.pk}/set/",
        {"outcome": "double_loss", "mps": {}},
        format="json",
    )
    assert given.status_code == 200, given.content
    body = given.json()
    assert (body["outcome"], body["winner"]) == ("double_loss", None)
    assert {s["outcome"] for s in body["seats"]} == {"loss"}
    a, _b = seats_of(second)
    wrong = api.post(
        f"/api/v1/events/{event.slug}/tables/{second.pk}/set/",
        {"outcome": "double_loss", "winner": a.pk},
        format="json",
    )
    assert wrong.status_code == 400
    assert "a double loss has no winner" in wrong.content.decode()
