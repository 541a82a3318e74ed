"""The event-day journey in Chromium: a director pastes his player list, invites
a judge, drops the no-shows after seeing their names and undoes it in one click, swaps
two players after reading the cost, sets a table by hand, rescinds a warning, runs a top 4
to the final standings (finishing is refused while the final is undecided) and finds the
champion on the finished event's page; the bracket and the event-day page are checked at
phone size."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from audit.models import AuditEntry
from tests.browser.conftest import PHONE, log_in, screenshot
from tests.browser.journeys import message, no_horizontal_scroll
from tournaments import services
from tournaments.models import Event, Player, PlayoffMatch

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "Event-day-pass-1"
LIST = "\n".join(
    ["name,membership,email"]
    + [f"Player {c},M-{i},p{i}@example.org" for i, c in enumerate("ABCDEFGH", start=1)]
    + ["Player A,M-1"]
)


def _setup() -> Event:
    User = get_user_model()
    director = User.objects.create_user("elrond", password=PASSWORD)
    User.objects.create_user("glorfindel", password=PASSWORD)
    event = services.create_event(director, name="Last Homely Cup", game="lore", planned_rounds=2)
    event = services.open_registration(director, event)
    for name in ("Late Larry", "Sleepy Sam"):  # registered online, never checked in
        user = User.objects.create_user(name.split()[1].lower())
        Player.objects.create(user=user, display_name=name)
        services.register_self(user, event)
    return event


def _go(page: Page, event: Event, tail: str = "event-day/") -> None:
    page.goto(f"/events/{event.slug}/{tail}")
    page.wait_for_load_state()


def _bulk_entry_and_staff(page: Page, event: Event) -> None:
    page.get_by_role("link", name="Add players from a list").click()
    page.get_by_label("Paste the list").fill(LIST)
    page.get_by_role("button", name="Preview").click()
    expect(page.locator("#preview")).to_contain_text("appears twice in the list")
    screenshot(page, "event-day-01-bulk-preview")
    page.get_by_role("button", name="Add and check in 8 players").click()
    message(page, "8 players registered and checked in.")
    _go(page, event, "event-day/staff/")
    page.get_by_label("User name").fill("glorfindel")
    page.get_by_label("Role").select_option("judge")
    page.get_by_role("button", name="Invite").click()
    message(page, "glorfindel is now judge.")


def _drop_and_undo(page: Page, event: Event) -> None:
    _go(page, event)
    page.get_by_role("link", name="Drop the players who did not check in…").click()
    expect(page.locator("#affected")).to_contain_text("Late Larry")
    expect(page.locator("#affected")).to_contain_text("Sleepy Sam")
    screenshot(page, "event-day-02-confirm-drop")
    page.get_by_role("button", name="Drop these players").click()
    message(page, "2 players dropped.")
    page.get_by_role("button", name="Undo for 2 players").click()
    message(page, "Undone for 2 players.")
    assert not event.registrations.filter(dropped=True).exists()
    # Drop them for real this time: they are not here.
    _go(page, event, "event-day/no-shows/")
    page.get_by_role("button", name="Drop these players").click()


def _swap(page: Page, event: Event) -> None:
    rnd = services.pair_next_round(event.organizer, event, seed=7)
    _go(page, event)
    page.get_by_role("link", name="Swap two players…").click()
    t1 = rnd.tables.get(number=1).seats.order_by("position").first().registration
    t2 = rnd.tables.get(number=2).seats.order_by("position").first().registration
    page.get_by_label("Player", exact=True).select_option(str(t1.pk))
    page.get_by_label("swaps seats with").select_option(str(t2.pk))
    page.get_by_role("button", name="Show what it costs").click()
    expect(page.locator("#cost")).to_contain_text("score difference")
    screenshot(page, "event-day-03-swap-cost")
    page.get_by_role("button", name="Swap them").click()
    message(page, "Players swapped.")
    assert rnd.tables.get(number=1).seats.filter(registration=t2).exists()


def _set_table(page: Page, event: Event) -> None:
    """The director seats two players of table 1 together at table 2, cost first."""
    rnd = event.rounds.get(number=1)
    wanted = [s.registration for s in rnd.tables.get(number=1).seats.order_by("position")]
    _go(page, event)
    page.get_by_role("link", name="Set a table by hand…").click()
    page.get_by_label("Table", exact=True).select_option("2")
    page.get_by_label("Player 1", exact=True).select_option(str(wanted[0].pk))
    page.get_by_label("Player 2", exact=True).select_option(str(wanted[1].pk))
    page.get_by_role("button", name="Show what it costs").click()
    expect(page.locator("#cost")).to_contain_text("Largest score difference")
    screenshot(page, "event-day-03b-set-table-cost")
    page.get_by_role("button", name="Set table 2").click()
    message(page, "Table 2 set.")
    seated = set(rnd.tables.get(number=2).seats.values_list("registration_id", flat=True))
    assert seated == {wanted[0].pk, wanted[1].pk}


def _rescind(page: Page, event: Event) -> None:
    reg = event.registrations.filter(dropped=False).first()
    services.issue_penalty(event.organizer, reg, "slow_play")
    _go(page, event)
    page.get_by_role("link", name="Rescind…").click()
    expect(page.locator("#affected")).to_contain_text(reg.player.display_name)
    page.get_by_label("Why (kept in the audit trail)").fill("the clock was wrong")
    page.get_by_role("button", name="Rescind").click()
    message(page, "Penalty rescinded.")


def _play_swiss(event: Event) -> None:
    director = event.organizer
    for seed in (None, 8):
        rnd = event.rounds.order_by("-number").first() if seed is None else None
        rnd = rnd or services.pair_next_round(director, event, seed=seed)
        for table in rnd.tables.filter(is_bye=False):
            seats = list(table.seats.order_by("position"))
            services.director_set_result(
                director, table, {seats[0].registration_id: 20, seats[1].registration_id: 5}
            )


def _top_cut(page: Page, event: Event) -> None:
    _go(page, event, "bracket/")
    page.get_by_label("Top cut after the Swiss rounds").select_option("4")
    page.get_by_role("button", name="Save").click()
    message(page, "Top cut saved.")
    _play_swiss(event)
    _go(page, event, "bracket/")
    page.get_by_role("button", name="Start the playoff").click()
    message(page, "The playoff has started.")
    for match in PlayoffMatch.objects.filter(event=event, stage=1):
        form = page.locator(f"#match-{match.pk} form")
        form.locator("input[name=high_mps]").fill("12")
        form.locator("input[name=low_mps]").fill("7")
        form.get_by_role("button", name="Save result").click()
        message(page, "goes through.")
    final = PlayoffMatch.objects.get(event=event, stage=2)
    form = page.locator(f"#match-{final.pk} form")
    form.locator("input[name=high_mps]").fill("9")
    form.locator("input[name=low_mps]").fill("9")
    form.get_by_role("button", name="Save result").click()
    message(page, "Result saved: a tie. The game is played again.")
    # Finishing now is refused, saying what to do: the final is not decided.
    _go(page, event, "manage/")
    page.get_by_role("link", name="Finish the event…").click()
    expect(page.locator("#finish-refusal")).to_contain_text("The playoff is not decided yet.")
    _go(page, event, "bracket/")
    form = page.locator(f"#match-{final.pk} form")
    form.locator("input[name=high_mps]").fill("6")
    form.locator("input[name=low_mps]").fill("14")
    form.get_by_role("button", name="Save result").click()
    final.refresh_from_db()
    expect(page.locator("#final-standings tbody tr").first).to_contain_text(
        final.low.player.display_name
    )
    screenshot(page, "event-day-04-bracket-desktop")
    _go(page, event, "manage/")
    page.get_by_role("link", name="Finish the event…").click()
    page.get_by_role("button", name="Finish the event").click()
    message(page, "The event is finished.")
    _go(page, event, "")
    expect(page.locator("#winner-h")).to_have_text(
        f"Champion (playoff winner): {final.low.player.display_name}"
    )
    expect(page.locator("ol.top8 li").nth(1)).to_contain_text("Finalist")
    screenshot(page, "event-day-04b-finished-champion")


def test_director_event_day_journey(desktop: Page, browser, live_server):
    event = _setup()
    log_in(desktop, "elrond", PASSWORD)
    _go(desktop, event)
    no_horizontal_scroll(desktop)
    _bulk_entry_and_staff(desktop, event)
    _drop_and_undo(desktop, event)
    _swap(desktop, event)
    _set_table(desktop, event)
    _rescind(desktop, event)
    _top_cut(desktop, event)
    # Every action once in the trail, each with who did it.
    assert AuditEntry.objects.filter(event=event, action="pairing_swap").count() == 1
    assert AuditEntry.objects.filter(event=event, action="pairing_set_table").count() == 1
    assert AuditEntry.objects.filter(event=event, action="penalty_rescind").count() == 1
    assert (
        AuditEntry.objects.filter(
            event=event, action="staff_invite", actor__username="elrond"
        ).count()
        == 1
    )
    # The same pages at phone size.
    context = browser.new_context(base_url=live_server.url, **PHONE)
    phone = context.new_page()
    log_in(phone, "elrond", PASSWORD)
    for tail, name in (("event-day/", "hub"), ("bracket/", "bracket")):
        _go(phone, event, tail)
        no_horizontal_scroll(phone)
        screenshot(phone, f"event-day-05-{name}-phone")
    context.close()
