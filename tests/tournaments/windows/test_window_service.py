"""Round windows through the services, the API and the pages (RULES.md §8, CoE online
events), driven with a clock we control (every step takes ``now``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from audit.models import AuditEntry
from core.errors import NotAllowed
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.models import DeadlineReminder, RoundWindow, Table
from tournaments.services import windows

pytestmark = pytest.mark.django_db
DEADLINE = datetime(2025, 11, 10, 4, 59, tzinfo=UTC)  # Sun 9 Nov 23:59 Eastern
OPENS = datetime(2025, 11, 1, 4, 0, tzinfo=UTC)


def windowed(rule=RoundWindow.DeadlineRule.DIRECTOR_DECIDES, players=4):
    director = make_user()
    event = make_event(director, game="metw", time_zone="America/New_York")
    pairs = register_users(event, players)
    for user, _reg in pairs:
        user.email = f"{user.username}@example.org"
        user.save()
    rnd = services.pair_next_round(director, event, seed=2)
    windows.set_round_window(director, rnd, OPENS, DEADLINE, rule)
    return director, event, rnd


def test_reminders_once_each_to_players_without_a_result(django_capture_on_commit_callbacks):
    director, _event, rnd = windowed()
    played, waiting = rnd.tables.filter(is_bye=False).order_by("number")[:2]
    a, b = [s.registration for s in played.seats.order_by("position")]
    services.director_set_result(director, played, {a.pk: 20, b.pk: 5})
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert windows.send_reminders(DEADLINE - timedelta(hours=72)) == 0
        assert windows.send_reminders(DEADLINE - timedelta(hours=47)) == 2
        assert windows.send_reminders(DEADLINE - timedelta(hours=46)) == 0  # idempotent
    waiting_players = {s.registration.player.user.email for s in waiting.seats.all()}
    assert {m.to[0] for m in mail.outbox} == waiting_players
    assert "Sun 9 Nov 23:59 EST" in mail.outbox[0].body
    assert f"table {waiting.number} of round 1" in mail.outbox[0].body
    with django_capture_on_commit_callbacks(execute=True):
        assert windows.send_reminders(DEADLINE - timedelta(hours=11)) == 2
    assert len(mail.outbox) == 4
    assert DeadlineReminder.objects.filter(table=played).count() == 0


def test_late_first_run_marks_both_reminders_but_mails_the_nearest():
    _director, _event, rnd = windowed(players=2)
    assert windows.send_reminders(DEADLINE - timedelta(hours=5)) == 2
    table = rnd.tables.get()
    kinds = dict(DeadlineReminder.objects.filter(table=table).values_list("kind", "mailed"))
    assert kinds == {"48h": False, "12h": True}


def test_deadline_applied_once_and_audited_with_the_tables_without_result():
    _director, _event, rnd = windowed()
    assert windows.apply_deadlines(DEADLINE - timedelta(minutes=1)) == 0
    assert windows.apply_deadlines(DEADLINE) == 1
    assert windows.apply_deadlines(DEADLINE + timedelta(hours=1)) == 0
    window = RoundWindow.objects.get(round=rnd)
    assert window.overdue_tables == [1, 2]
    entry = AuditEntry.objects.get(action="round_deadline")
    assert entry.after["tables_without_result"] == [1, 2]


def test_director_enters_rule_stops_players_reports_after_the_deadline():
    director, _event, rnd = windowed(RoundWindow.DeadlineRule.DIRECTOR_ENTERS, players=2)
    table = rnd.tables.get()
    a, b = [s.registration for s in table.seats.order_by("position")]
    # The real clock is past the 2025 deadline: players may no longer report...
    with pytest.raises(NotAllowed) as refused:
        services.report_result(user_of(a), table, {a.pk: 20, b.pk: 5})
    assert refused.value.code == "deadline_passed"
    # ...and the director still enters the result.
    services.director_set_result(director, table, {a.pk: 20, b.pk: 5})
    assert Table.objects.get(pk=table.pk).status == Table.Status.CONFIRMED


def test_director_decides_rule_still_takes_late_reports():
    _director, _event, rnd = windowed(players=2)
    table = rnd.tables.get()
    a, b = [s.registration for s in table.seats.order_by("position")]
    services.report_result(user_of(a), table, {a.pk: 20, b.pk: 5})
    assert Table.objects.get(pk=table.pk).status == Table.Status.REPORTED


def test_window_must_end_after_it_opens_and_only_the_director_sets_it():
    director, _event, rnd = windowed(players=2)
    with pytest.raises(Exception) as wrong:
        windows.set_round_window(director, rnd, DEADLINE, OPENS)
    assert getattr(wrong.value, "code", "") == "deadline_before_opening"
    player = user_of(rnd.tables.get().seats.first().registration)
    with pytest.raises(NotAllowed):
        windows.set_round_window(player, rnd, OPENS, DEADLINE)


def test_api_reads_naive_times_in_the_events_zone():
    director, event, rnd = windowed(players=2)
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/events/{event.slug}/rounds/1/window/"
    body = {"opens_at": "2025-11-01T00:00", "deadline": "2025-11-09T23:59"}
    response = api.put(url, body, format="json")
    assert response.status_code == 200, response.content
    window = RoundWindow.objects.get(round=rnd)
    assert (window.opens_at, window.deadline) == (OPENS, DEADLINE)
    bad = api.put(
        url, {"opens_at": "2025-11-09T00:00", "deadline": "2025-11-01T00:00"}, format="json"
    )
    assert bad.status_code == 400 and bad.json()["code"] == "deadline_before_opening"
    shown = APIClient().get(url).json()["deadline"]  # in whatever zone is active
    assert datetime.fromisoformat(shown) == DEADLINE


def test_pages_show_the_window_in_two_zones_and_the_director_sets_it():
    director, event, rnd = windowed(players=2)
    table = rnd.tables.get()
    player = user_of(table.seats.first().registration)
    client = Client()
    client.force_login(player)
    client.cookies["tz"] = "Europe/Madrid"
    page = client.get(f"/events/{event.slug}/me/").content.decode()
    assert "Sun 9 Nov 23:59 EST · 05:59 your time (Madrid)" not in page  # another day there
    assert "Sun 9 Nov 23:59 EST · Mon 10 Nov 05:59 your time (Madrid)" in page
    staff = Client()
    staff.force_login(director)
    url = f"/events/{event.slug}/rounds/1/window/"
    assert "2025-11-09T23:59" in staff.get(url).content.decode()
    refused = staff.post(
        url,
        {
            "opens_at": "2025-11-09T00:00",
            "deadline": "2025-11-01T00:00",
            "deadline_rule": "director_decides",
        },
    )
    assert refused.status_code == 400
    assert "The deadline must come after the opening." in refused.content.decode()
    assert 'value="2025-11-09T00:00"' in refused.content.decode()  # kept as typed
    moved = staff.post(
        url,
        {
            "opens_at": "2025-11-01T00:00",
            "deadline": "2025-11-16T23:59",
            "deadline_rule": "director_enters",
        },
    )
    assert moved.status_code == 302
    assert RoundWindow.objects.get(round=rnd).deadline == datetime(2025, 11, 17, 4, 59, tzinfo=UTC)
