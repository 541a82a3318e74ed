"""An online event's week-long window across a daylight-saving change (RULES.md §8: CoE
online rounds close at "a stated time in a named time zone"), driven with a clock we
control: reminders 48 h and 12 h before the deadline in real hours, the deadline's double
loss, and every time a person reads shown in the event's zone and in his own (his
profile's, else his browser's): pages, the audit trail, the reminder mail."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.test import Client

from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.rules.windows import in_zone
from tournaments.services import windows
from tournaments.words.times import clock_words, event_time_words

pytestmark = pytest.mark.django_db
NY = "America/New_York"
# New York leaves summer time on Sun 1 Nov 2026 (Madrid did on Sun 25 Oct): the window
# opens in EDT (-4) and closes in EST (-5).


def eastern(*wall: int) -> datetime:
    # As UTC: Python subtracts two times of one zone by their wall clocks, not real hours.
    return in_zone(datetime(*wall), NY).astimezone(UTC)


OPENS = eastern(2026, 10, 19, 0, 0)
DEADLINE = eastern(2026, 11, 2, 12, 0)


def online_round():
    director = make_user()
    event = make_event(director, game="metw", time_zone=NY)
    pairs = register_users(event, 2)
    for user, _reg in pairs:
        user.email = f"{user.username}@example.org"
        user.save()
    madrid_user, madrid = pairs[0]
    madrid.player.time_zone = "Europe/Madrid"  # his profile names his zone
    madrid.player.save()
    rnd = services.pair_next_round(director, event, seed=3)
    windows.set_round_window(director, rnd, OPENS, DEADLINE)
    return director, event, rnd, madrid_user, pairs[1][0]


def test_the_window_keeps_its_wall_clock_times_across_the_change():
    assert datetime(2026, 10, 19, 4, 0, tzinfo=UTC) == OPENS  # EDT
    assert datetime(2026, 11, 2, 17, 0, tzinfo=UTC) == DEADLINE  # EST
    assert event_time_words(OPENS, NY, "Europe/Madrid") == (
        "Mon 19 Oct 00:00 EDT · 06:00 your time (Madrid)"
    )
    assert event_time_words(DEADLINE, NY, "Europe/Madrid") == (
        "Mon 2 Nov 12:00 EST · 18:00 your time (Madrid)"
    )
    # In the week between the two changes the two cities are five hours apart, not six.
    between = eastern(2026, 10, 28, 12, 0)
    assert clock_words(between, NY, "Europe/Madrid") == "12:00 EDT · 17:00 your time (Madrid)"
    assert clock_words(between, NY, "Asia/Tokyo") == (
        "12:00 EDT · Thu 29 Oct 01:00 your time (Tokyo)"
    )
    assert clock_words(between, NY, NY) == "12:00 EDT"  # the same zone is said once


def test_reminders_come_48_and_12_real_hours_before_the_deadline_in_two_zones(
    django_capture_on_commit_callbacks,
):
    _director, _event, _rnd, madrid_user, other_user = online_round()
    mail.outbox.clear()
    # 48 real hours before Mon 12:00 EST is Sat 13:00 EDT: the clocks went back between.
    reminder_48 = eastern(2026, 10, 31, 13, 0)
    assert DEADLINE - reminder_48 == timedelta(hours=48)
    with django_capture_on_commit_callbacks(execute=True):
        assert windows.run_round_deadlines(reminder_48 - timedelta(minutes=1)) == {
            "reminders": 0,
            "deadlines": 0,
        }
        assert windows.run_round_deadlines(reminder_48)["reminders"] == 2
        assert windows.run_round_deadlines(reminder_48 + timedelta(hours=1))["reminders"] == 0
    bodies = {m.to[0]: m.body for m in mail.outbox}
    assert "Mon 2 Nov 12:00 EST · 18:00 your time (Madrid)" in bodies[madrid_user.email]
    assert "Mon 2 Nov 12:00 EST" in bodies[other_user.email]
    assert "your time" not in bodies[other_user.email]  # no zone of his own: the event's
    reminder_12 = eastern(2026, 11, 2, 0, 0)
    assert DEADLINE - reminder_12 == timedelta(hours=12)
    with django_capture_on_commit_callbacks(execute=True):
        assert windows.run_round_deadlines(reminder_12 - timedelta(minutes=1))["reminders"] == 0
        assert windows.run_round_deadlines(reminder_12)["reminders"] == 2
    assert len(mail.outbox) == 4


def test_pages_show_every_time_in_two_zones_and_the_deadline_gives_a_double_loss(monkeypatch):
    director, event, rnd, madrid_user, other_user = online_round()
    clock = {"now": eastern(2026, 11, 2, 1, 0)}
    monkeypatch.setattr("django.utils.timezone.now", lambda: clock["now"])
    madrid = Client()
    madrid.force_login(madrid_user)
    page = madrid.get(f"/events/{event.slug}/me/").content.decode()
    assert "Mon 19 Oct 00:00 EDT · 06:00 your time (Madrid)" in page
    assert "Mon 2 Nov 12:00 EST · 18:00 your time (Madrid)" in page
    assert "the window closes soon" in page
    tokyo = Client()
    tokyo.force_login(other_user)
    tokyo.cookies["tz"] = "Asia/Tokyo"  # no zone in his profile: his browser's
    page = tokyo.get(f"/events/{event.slug}/me/").content.decode()
    assert "Mon 2 Nov 12:00 EST · Tue 3 Nov 02:00 your time (Tokyo)" in page
    # The deadline passes: one second before, nothing; at it, the double loss.
    assert windows.run_round_deadlines(DEADLINE - timedelta(seconds=1))["deadlines"] == 0
    clock["now"] = DEADLINE + timedelta(minutes=3)
    assert windows.run_round_deadlines(clock["now"])["deadlines"] == 1
    assert rnd.tables.get().outcome == "double_loss"
    page = madrid.get(f"/events/{event.slug}/me/").content.decode()
    assert "double loss: no result by the deadline (0 for all)" in page
    # The director's audit trail: each entry's time in the event's zone and in his.
    staff = Client()
    staff.force_login(director)
    staff.cookies["tz"] = "Europe/Madrid"
    trail = staff.get(f"/audit/events/{event.slug}/").content.decode()
    assert "EST · " in trail and "your time (Madrid)" in trail
    assert "gave a table a double loss at its window&#x27;s deadline" in trail
