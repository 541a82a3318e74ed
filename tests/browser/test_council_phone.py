"""A METW player counts the Free Council on his phone: the fold-out section of
the result form, filled with the 003 Part II §1 worked example, reports 14–12 (4–2)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in, screenshot
from tests.browser.journeys import message, no_horizontal_scroll
from tests.tournaments.helpers import make_event, make_user
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_player_counts_the_free_council_on_a_phone(phone):
    director = make_user("councildirector")
    event = make_event(director, game="metw", name="Council Cup")
    jessica_user = make_user("jessica")
    jessica_user.set_password("Council-pass-1")
    jessica_user.save()
    jessica = services.register_self(jessica_user, event)
    jason = services.register_self(make_user("jason"), event)
    table = services.pair_next_round(director, event, seed=1).tables.get()

    page = phone
    log_in(page, "jessica", "Council-pass-1")
    page.goto(f"/events/{event.slug}/me/")
    page.get_by_text("Count the Free Council").click()
    values = {
        jessica.pk: {"Character": 7, "Item": 2, "Faction": 2, "Ally": 2, "Miscellaneous": 2},
        jason.pk: {"Character": 8, "Item": 4, "Ally": 2},
    }
    for rid, boxes in values.items():
        seat = page.locator(f"fieldset.council-seat:has(input[name=council_{rid}_character])")
        for label, value in boxes.items():
            seat.get_by_label(label, exact=True).fill(str(value))
    jason_seat = page.locator(f"fieldset.council-seat:has(input[name=council_{jason.pk}_kill])")
    jason_seat.get_by_label("Unique cards revealed", exact=False).fill("3")
    # Typing in the section ticks "use this count" (ui.js); without JS the box is ticked by hand.
    expect(page.get_by_label("Use this count for the result")).to_be_checked()
    no_horizontal_scroll(page)
    screenshot(page, "council-01-form-phone")
    page.get_by_role("button", name="Report result").click()
    message(page, "Result reported")
    table.refresh_from_db()
    assert table.status == Table.Status.REPORTED
    assert {s.registration_id: (s.mps, s.points) for s in table.seats.all()} == {
        jessica.pk: (14, 4),
        jason.pk: (12, 2),
    }
    no_horizontal_scroll(page)
    screenshot(page, "council-02-reported-phone")


def test_director_cancels_an_event_everyone_left_on_a_phone(phone):
    """no stuck event: all players dropped before round 1; the dashboard says
    finishing is not possible and offers to cancel, which needs a tick to go through."""
    director = make_user("canceldirector")
    director.set_password("Cancel-pass-1")
    director.save()
    event = make_event(director, game="metw", name="Empty Cup")
    services.drop(director, services.register_self(make_user("leaver"), event))

    page = phone
    log_in(page, "canceldirector", "Cancel-pass-1")
    page.goto(f"/events/{event.slug}/manage/")
    expect(page.locator("#finish-blocked")).to_contain_text("cancel the event")
    page.get_by_text("Cancel the event", exact=True).first.click()
    page.get_by_label("Why (kept in the audit log)").fill("everyone left")
    page.get_by_label("Yes, end this event for good", exact=False).check()
    no_horizontal_scroll(page)
    screenshot(page, "cancel-01-confirm-phone")
    page.get_by_role("button", name="Cancel the event").click()
    message(page, "The event is cancelled")
    expect(page.locator("#cancelled")).to_be_visible()
    screenshot(page, "cancel-02-cancelled-phone")
    event.refresh_from_db()
    assert event.cancelled_at is not None and not event.sanctioned
