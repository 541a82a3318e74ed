"""What a window's deadline does besides the double loss, and what moving it later undoes
(RULES.md §8, CoE online events, Reading: "a table with no result at the deadline is
decided by the director: a double loss by default, or a result he enters"; the reading
of a report nobody disputed is in docs/online-events.md). The deadline is applied with a
clock we control; moving it later uses the real clock (the new deadline is in its future)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone, translation
from rest_framework.test import APIClient

from audit.models import AuditEntry
from core.errors import ServiceError
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.models import Round, RoundWindow, Table
from tournaments.rules.windows import (
    CONFIRM_REPORT,
    GIVE_DOUBLE_LOSS,
    deadline_moved_later,
    deadline_step,
    losses_to_undo,
)
from tournaments.services import windows
from tournaments.words.audit_entries import AUDIT_SENTENCES
from tournaments.words.windows import losses_undone_words

pytestmark = pytest.mark.django_db
DEADLINE = datetime(2025, 11, 10, 4, 59, tzinfo=UTC)  # Sun 9 Nov 23:59 Eastern
OPENS = datetime(2025, 11, 1, 4, 0, tzinfo=UTC)


def paired(players=4):
    director = make_user()
    event = make_event(director, game="metw", time_zone="America/New_York")
    register_users(event, players)
    rnd = services.pair_next_round(director, event, seed=2)
    return director, event, rnd


def seats_of(table):
    return [s.registration for s in table.seats.order_by("position")]


def later_window():
    """A window around now: opened yesterday, closing in a week."""
    now = timezone.now()
    return now - timedelta(days=1), now + timedelta(days=7)


# The rules, pure.


def test_the_deadline_step_of_each_state_under_each_rule():
    assert deadline_step("double_loss", "pending") == GIVE_DOUBLE_LOSS
    assert deadline_step("director_enters", "pending") is None
    assert deadline_step("director_decides", "pending") is None
    assert deadline_step("double_loss", "reported") == CONFIRM_REPORT
    assert deadline_step("director_enters", "reported") == CONFIRM_REPORT
    # Late confirmations and disputes are still taken: the report waits for them.
    assert deadline_step("director_decides", "reported") is None
    for rule in ("double_loss", "director_enters", "director_decides"):
        assert deadline_step(rule, "disputed") is None  # always the director's
        assert deadline_step(rule, "confirmed") is None


def test_only_a_double_loss_nobody_replaced_is_undone():
    history = {
        1: ["deadline"],
        2: ["deadline", "correction"],  # the director entered the result since
        3: ["director"],  # the director gave this double loss by hand
        4: ["deadline", "void", "report", "confirm"],  # the players played it late
        5: [],
    }
    assert losses_to_undo(history) == [1]
    now = datetime(2026, 1, 1, tzinfo=UTC)
    assert deadline_moved_later(True, now + timedelta(days=1), now)
    assert not deadline_moved_later(True, now - timedelta(days=1), now)
    assert not deadline_moved_later(False, now + timedelta(days=1), now)


# Gap: moving a passed deadline later.


def test_moving_the_deadline_later_takes_its_double_losses_back_through_the_api():
    director, event, rnd = paired(players=4)
    first, second = rnd.tables.order_by("number")
    windows.set_round_window(director, rnd, OPENS, DEADLINE)
    windows.apply_deadlines(DEADLINE)
    # The director replaces one double loss: that result is his and stays.
    a, b = seats_of(second)
    services.director_set_result(director, second, {a.pk: 20, b.pk: 5}, note="played late")
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED
    standings = {r.player: r for r in services.standings_view(event).rows}
    assert all(standings[str(r.pk)].losses == 1 for r in seats_of(first))

    api = APIClient()
    api.force_authenticate(director)
    opens, deadline = later_window()
    answer = api.put(
        f"/api/v1/events/{event.slug}/rounds/1/window/",
        {"opens_at": opens.isoformat(), "deadline": deadline.isoformat()},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["losses_undone"] == [first.number]
    assert f"table {first.number} is taken back" in body["message"]
    assert body["deadline_applied_at"] is None

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.outcome) == ("pending", "normal")
    assert {s.points for s in first.seats.all()} == {None}
    assert (second.status, second.outcome) == ("confirmed", "normal")
    assert Round.objects.get(pk=rnd.pk).status != Round.Status.CLOSED  # open again
    standings = {r.player: r for r in services.standings_view(event).rows}
    assert all(standings[str(r.pk)].losses == 0 for r in seats_of(first))
    undone = AuditEntry.objects.get(action="deadline_losses_undone")
    assert undone.after == {"tables_undone": [first.number]}
    assert AuditEntry.objects.filter(action="result_void").count() == 1
    # The new deadline applies the rule again when it comes.
    assert windows.run_round_deadlines(deadline)["deadlines"] == 1
    first.refresh_from_db()
    assert first.outcome == "double_loss"


def test_the_page_tells_the_director_what_was_taken_back_in_his_language():
    director, event, rnd = paired(players=2)
    table = rnd.tables.get()
    windows.set_round_window(director, rnd, OPENS, DEADLINE)
    windows.apply_deadlines(DEADLINE)
    opens, deadline = later_window()
    zone = ZoneInfo(event.time_zone)
    local = "%Y-%m-%dT%H:%M"
    staff = Client(headers={"accept-language": "es"})
    staff.force_login(director)
    page = staff.post(
        f"/events/{event.slug}/rounds/1/window/",
        {
            "opens_at": timezone.localtime(opens, timezone=zone).strftime(local),
            "deadline": timezone.localtime(deadline, timezone=zone).strftime(local),
            "deadline_rule": "double_loss",
        },
        follow=True,
    )
    assert page.status_code == 200
    with translation.override("es"):
        words = losses_undone_words([table.number])
    assert "doble derrota" in words
    assert words in page.content.decode()
    table.refresh_from_db()
    assert table.status == "pending"
    trail = staff.get(f"/audit/events/{event.slug}/").content.decode()
    with translation.override("es"):
        assert str(AUDIT_SENTENCES["deadline_losses_undone"]) in trail


def test_a_closed_round_without_deadline_losses_stays_closed():
    director, _event, rnd = paired(players=2)
    table = rnd.tables.get()
    a, b = seats_of(table)
    services.director_set_result(director, table, {a.pk: 20, b.pk: 5})
    opens, deadline = later_window()
    with pytest.raises(ServiceError) as closed:
        windows.set_round_window(director, rnd, opens, deadline)
    assert closed.value.code == "round_closed"


# Gap: a report nobody disputed by the deadline.


def _report_and_dispute(rnd):
    reported, disputed = rnd.tables.order_by("number")
    a, b = seats_of(reported)
    services.report_result(user_of(a), reported, {a.pk: 20, b.pk: 5})
    c, d = seats_of(disputed)
    services.report_result(user_of(c), disputed, {c.pk: 20, d.pk: 5})
    services.report_result(user_of(d), disputed, {c.pk: 5, d.pk: 20})
    return reported, disputed


def test_a_report_nobody_disputed_is_confirmed_at_the_deadline_and_a_dispute_is_left():
    director, event, rnd = paired(players=4)
    # Reported while the window is open (the real clock is past the 2025 deadline).
    reported, disputed = _report_and_dispute(rnd)
    assert Table.objects.get(pk=disputed.pk).status == "disputed"
    windows.set_round_window(director, rnd, OPENS, DEADLINE)
    assert windows.run_round_deadlines(DEADLINE - timedelta(seconds=1))["deadlines"] == 0
    assert Table.objects.get(pk=reported.pk).status == "reported"
    assert windows.run_round_deadlines(DEADLINE)["deadlines"] == 1
    reported.refresh_from_db()
    disputed.refresh_from_db()
    assert (reported.status, reported.confirmed_by_id, reported.confirmed_at) == (
        "confirmed",
        None,
        DEADLINE,
    )
    assert reported.outcome == "normal"  # the player's result, not a double loss
    assert list(reported.changes.order_by("pk").values_list("action", flat=True)) == [
        "report",
        "confirm",
    ]
    assert disputed.status == "disputed"  # the director decides it
    applied = AuditEntry.objects.get(action="round_deadline")
    assert applied.after["reports_confirmed"] == [reported.number]
    assert applied.after["disputed_tables"] == [disputed.number]
    assert AuditEntry.objects.filter(action="result_deadline_confirm").count() == 1
    # Nobody lost by the deadline: a reported table is not "without a result".
    assert RoundWindow.objects.get(round=rnd).overdue_tables == []
    staff = Client()
    staff.force_login(director)
    trail = staff.get(f"/audit/events/{event.slug}/").content.decode()
    assert "confirmed a reported result nobody had disputed by its window&#x27;s deadline" in trail
    page = staff.get(f"/events/{event.slug}/rounds/1/window/").content.decode()
    assert "Disputed results wait for you" in page
    # Moving the deadline later leaves the confirmed report alone: a player entered it.
    opens, deadline = later_window()
    assert windows.set_window(director, rnd, opens, deadline).losses_undone == []
    assert Table.objects.get(pk=reported.pk).status == "confirmed"
    c, d = seats_of(disputed)
    services.director_set_result(director, disputed, {c.pk: 20, d.pk: 5})
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED
    standings = {r.player: r for r in services.standings_view(event).rows}
    assert standings[str(seats_of(reported)[0].pk)].wins == 1


def test_when_the_director_decides_a_report_still_waits_for_the_other_player():
    director, _event, rnd = paired(players=4)
    reported, _disputed = _report_and_dispute(rnd)
    windows.set_round_window(director, rnd, OPENS, DEADLINE, "director_decides")
    windows.apply_deadlines(DEADLINE)
    assert Table.objects.get(pk=reported.pk).status == "reported"
    assert not AuditEntry.objects.filter(action="result_deadline_confirm").exists()
