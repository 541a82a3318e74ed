"""Round windows, pure (RULES.md §8, CoE online events: windows ending "23:59 Eastern";
reminders 48 h and 12 h before the deadline), and times in two zones."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.windows import REMINDER_KINDS, in_zone, reminders_due, window_problem
from tournaments.words.times import event_time_words

EASTERN = "America/New_York"


def test_23_59_eastern_across_the_daylight_saving_change():
    """A week-long window opened on Sat 1 Nov 2025 (EDT, UTC-4) and closing Sun 9 Nov
    23:59 Eastern (EST, UTC-5): each end keeps its own offset."""
    opens = in_zone(datetime(2025, 11, 1, 0, 0), EASTERN)
    closes = in_zone(datetime(2025, 11, 9, 23, 59), EASTERN)
    assert opens.astimezone(UTC) == datetime(2025, 11, 1, 4, 0, tzinfo=UTC)
    assert closes.astimezone(UTC) == datetime(2025, 11, 10, 4, 59, tzinfo=UTC)
    # 8 days 23:59 on the wall clock, an hour more in real time (clocks went back).
    assert closes - opens == timedelta(days=8, hours=23, minutes=59)
    assert closes.astimezone(UTC) - opens.astimezone(UTC) == timedelta(days=9, minutes=59)


def test_a_time_that_happens_twice_is_its_first_occurrence():
    twice = in_zone(datetime(2025, 11, 2, 1, 30), EASTERN)
    assert twice.astimezone(UTC) == datetime(2025, 11, 2, 5, 30, tzinfo=UTC)


def test_reminders_48_then_12_hours_before_and_none_after_the_deadline():
    deadline = datetime(2025, 11, 10, 4, 59, tzinfo=UTC)
    assert reminders_due(deadline, deadline - timedelta(hours=49), ()) == ()
    assert reminders_due(deadline, deadline - timedelta(hours=47), ()) == ("48h",)
    assert reminders_due(deadline, deadline - timedelta(hours=11), ("48h",)) == ("12h",)
    assert reminders_due(deadline, deadline - timedelta(hours=11), ()) == ("48h", "12h")
    assert reminders_due(deadline, deadline, ()) == ()


@given(st.lists(st.integers(min_value=0, max_value=24 * 14), min_size=1, max_size=40))
def test_each_reminder_at_most_once_whatever_the_polling(minutes_between_runs):
    """The beat task may run at any times; a reminder is never sent twice, and a kind is
    sent only once its time has come."""
    deadline = datetime(2025, 11, 10, 4, 59, tzinfo=UTC)
    now = deadline - timedelta(days=7)
    sent: list[str] = []
    for step in minutes_between_runs:
        now += timedelta(minutes=step * 17)
        due = reminders_due(deadline, now, sent)
        for kind in due:
            hours = int(kind[:-1])
            assert deadline - timedelta(hours=hours) <= now < deadline
        sent.extend(due)
    assert len(sent) == len(set(sent)) and set(sent) <= set(REMINDER_KINDS)


def test_window_problems():
    t = datetime(2025, 1, 1, tzinfo=UTC)
    assert window_problem(t, t) == "deadline_before_opening"
    assert window_problem(t, t + timedelta(days=61)) == "window_too_long"
    assert window_problem(t, t + timedelta(days=14)) is None


def test_time_in_the_events_zone_and_the_readers():
    instant = datetime(2026, 7, 11, 17, 0, tzinfo=UTC)
    with translation.override("en"):
        assert event_time_words(instant, "UTC", "Europe/Madrid") == (
            "Sat 11 Jul 17:00 UTC · 19:00 your time (Madrid)"
        )
        assert event_time_words(instant, "UTC", "UTC") == "Sat 11 Jul 17:00 UTC"
        assert event_time_words(instant, "UTC") == "Sat 11 Jul 17:00 UTC"
        # Another day in the reader's zone: the day is said too.
        assert event_time_words(instant, "UTC", "Pacific/Auckland").endswith(
            "Sun 12 Jul 05:00 your time (Auckland)"
        )
    with translation.override("es"):
        assert "tu hora (Madrid)" in event_time_words(instant, "UTC", "Europe/Madrid")


def test_two_zones_across_a_daylight_saving_change():
    """Madrid leaves summer time on 26 Oct 2025: 17:00 UTC reads 19:00 before, 18:00 after."""
    before = datetime(2025, 10, 25, 17, 0, tzinfo=UTC)
    after = datetime(2025, 10, 27, 17, 0, tzinfo=UTC)
    with translation.override("en"):
        assert event_time_words(before, "UTC", "Europe/Madrid").endswith("19:00 your time (Madrid)")
        assert event_time_words(after, "UTC", "Europe/Madrid").endswith("18:00 your time (Madrid)")
    assert ZoneInfo("Europe/Madrid").utcoffset(after.replace(tzinfo=None)) == timedelta(hours=1)
