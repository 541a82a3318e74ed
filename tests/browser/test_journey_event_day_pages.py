"""The event day's newer pages in Chromium, at phone width (360 px) and on a desktop, each
checked with axe-core: the results grid typed with the keyboard only (Tab through the boxes,
Enter saves, a refused row keeps its typing with its reason beside it), the pairings page
following a new round without anyone reloading it, the bracket found from the event page,
the finish page that asks before a top cut is skipped, the page that reads a result from a
GEMP replay, finding a player to check in on the dashboard, and the home page's "your
table now" card appearing when the round is paired."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from tests.browser.axe import internal_text, serious_violations
from tests.browser.conftest import DESKTOP, log_in, screenshot
from tests.browser.journeys import message, no_horizontal_scroll
from tournaments import services
from tournaments.models import Event, Player, Registration, Round, Table

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "Day-pages-pass-1"
PHONE_360 = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
SIZES = {"phone": PHONE_360, "desktop": DESKTOP}
RECORDS = Path(__file__).resolve().parents[1] / "tournaments" / "records"
# One tick of the live pages' poller (static/js/live.js polls every 15 s).
POLL_TICK_MS = 15_000


@pytest.fixture(params=sorted(SIZES))
def page(request, browser, live_server) -> Iterator[Page]:
    context = browser.new_context(base_url=live_server.url, bypass_csp=True, **SIZES[request.param])
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    tab.size = request.param  # type: ignore[attr-defined]
    yield tab
    context.close()


def _user(name: str, display: str | None = None, **player: str):
    user = get_user_model().objects.create_user(name, password=PASSWORD)
    Player.objects.create(user=user, display_name=display or name.title(), **player)
    return user


def _event(players: int = 8, **fields) -> Event:
    director = _user("elrond", "Elrond")
    event = services.create_event(director, name="Rivendell Open", game="lore", **fields)
    event = services.open_registration(director, event)
    for i, name in enumerate(["Arwen", "Bilbo", "Celeborn", "Denethor", "Eomer", "Faramir"]):
        if i < players:
            services.register_self(_user(name.lower(), name), event)
    for i in range(6, players):
        services.register_self(_user(f"player{i}", f"Player {i}"), event)
    return event


def _checked(page: Page, name: str) -> None:
    """What a person reads is clean: no serious accessibility violation, no internal
    words, nothing to scroll sideways; and a screenshot for a person to look at."""
    screenshot(page, f"event-day-pages-{name}-{page.size}")  # type: ignore[attr-defined]
    assert serious_violations(page) == []
    assert internal_text(page) == []
    no_horizontal_scroll(page)


def _seats(table: Table) -> list[Registration]:
    return [s.registration for s in table.seats.order_by("position")]


def test_results_grid_with_the_keyboard_only(page: Page) -> None:
    """RULES.md §2: 20 MPs to 5 is ratio ≥ 2 (6–0); a "winner" with fewer MPs is refused."""
    event = _event(6)
    rnd = services.pair_next_round(event.organizer, event, seed=3)
    tables = list(rnd.tables.filter(is_bye=False).order_by("number"))
    log_in(page, "elrond", PASSWORD)
    page.goto(f"/events/{event.slug}/rounds/1/results/")
    first = _seats(tables[0])
    page.locator(f"#t{tables[0].pk}-mps-{first[0].pk}").focus()
    page.keyboard.type("20")
    page.keyboard.press("Tab")
    page.keyboard.type("5")
    # Each row is checked by the engine as it is typed.
    expect(page.locator(f"#check-{tables[0].pk}")).to_contain_text("6 points")
    # Tab through the row's boxes (outcome, winner, time) to the next table's first box.
    for _ in range(4):
        page.keyboard.press("Tab")
    second = _seats(tables[1])
    focused = page.evaluate("() => document.activeElement.id")
    assert focused == f"t{tables[1].pk}-mps-{second[0].pk}"
    page.keyboard.type("5")
    page.keyboard.press("Tab")
    page.keyboard.type("17")
    page.keyboard.press("Tab")  # how the game ended
    page.keyboard.press("Tab")  # winner: the one with 5 MPs, which the rules refuse
    page.keyboard.press("ArrowDown")
    assert page.locator(f"#t{tables[1].pk}-winner").input_value() == str(second[0].pk)
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # saves every row
    page.wait_for_load_state()
    expect(page.locator("#grid-refused")).to_contain_text("1 row was not saved")
    # The refused row keeps its typing, its reason beside it; the other row is saved.
    expect(page.locator(f"#t{tables[1].pk}-mps-{second[0].pk}")).to_have_value("5")
    expect(page.locator(f"#t{tables[1].pk}-mps-{second[1].pk}")).to_have_value("17")
    expect(page.locator(f"#check-{tables[1].pk}")).not_to_be_empty()
    expect(page.locator(f"#check-{tables[0].pk}")).to_contain_text("Confirmed")
    assert Table.objects.get(pk=tables[0].pk).status == Table.Status.CONFIRMED
    assert Table.objects.get(pk=tables[1].pk).status == Table.Status.PENDING
    _checked(page, "results-grid")


def test_the_pairings_page_follows_the_next_round_by_itself(page: Page) -> None:
    event = _event(6, planned_rounds=2)
    director = event.organizer
    rnd = services.pair_next_round(director, event, seed=4)
    # The page's own clock, so the poller's next tick is reached without waiting for it.
    page.clock.install()
    page.goto(f"/events/{event.slug}/pairings/")
    expect(page.locator("h1, h2").filter(has_text="Round 1").first).to_be_visible()
    _checked(page, "pairings-round-1")
    page.evaluate("() => { window.__untouched = true; }")
    for table in rnd.tables.filter(is_bye=False):
        a, b = _seats(table)
        services.director_set_result(director, table, {a.pk: 20, b.pk: 5})
    services.pair_next_round(director, event, seed=5)
    # Nobody reloads: at its next tick the page's poller sees the new version and shows round 2.
    page.clock.run_for(POLL_TICK_MS)
    expect(page.locator("h1, h2").filter(has_text="Round 2").first).to_be_visible(timeout=45_000)
    assert page.evaluate("() => window.__untouched === undefined")
    _checked(page, "pairings-round-2")


def test_the_bracket_is_found_from_the_event_page(page: Page) -> None:
    event = _event(6, planned_rounds=1)
    services.set_top_cut(event.organizer, event, 2, "replay")
    page.goto(f"/events/{event.slug}/")
    _checked(page, "event-page-with-top-cut")
    page.locator("#bracket-link").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/events/{event.slug}/bracket/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Rivendell Open")
    _checked(page, "bracket")


def test_finishing_asks_before_the_top_cut_is_skipped(page: Page) -> None:
    event = _event(6, planned_rounds=1)
    director = event.organizer
    services.set_top_cut(director, event, 2, "replay")
    rnd = services.pair_next_round(director, event, seed=6)
    for table in rnd.tables.filter(is_bye=False):
        a, b = _seats(table)
        services.director_set_result(director, table, {a.pk: 20, b.pk: 5})
    log_in(page, "elrond", PASSWORD)
    page.goto(f"/events/{event.slug}/event-day/finish/")
    expect(page.locator("#finish-effects")).to_contain_text("finishing now skips it")
    expect(page.get_by_role("button", name="Start the top cut")).to_be_visible()
    _checked(page, "finish-with-top-cut")
    # Reading the page finishes nothing; the way on is named on its buttons.
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    page.get_by_role("button", name="Finish without the top 2").click()
    page.wait_for_load_state()
    message(page, "The event is finished.")
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED


def test_a_result_read_from_a_gemp_replay(page: Page) -> None:
    director = _user("elrond", "Elrond")
    event = services.create_event(director, name="Isengard League", game="lotr-tcg")
    event = services.open_registration(director, event)
    aragorn = _user("aragorn", "Aragorn", gemp_name="aragorn77")
    saruman = _user("saruman", "Saruman", gemp_name="saruman_fan")
    for user in (aragorn, saruman):
        services.register_self(user, event)
    rnd = services.pair_next_round(director, event, seed=1)
    Round.objects.filter(pk=rnd.pk).update(created_at="2025-03-01T00:00:00Z")
    table = rnd.tables.get()
    log_in(page, "aragorn", PASSWORD)
    page.goto(f"/events/{event.slug}/me/")
    page.get_by_role("link", name="Read the result from the GEMP replay").click()
    page.wait_for_load_state()
    page.get_by_label("Server").select_option("gemp")
    page.get_by_label("The record, pasted").fill("not a replay at all")
    page.get_by_role("button", name="Read the result from the record").click()
    page.wait_for_load_state()
    # Refused beside the record, with what was typed still there.
    expect(page.get_by_label("The record, pasted")).to_have_value("not a replay at all")
    expect(page.locator(".record-form .errorlist")).not_to_be_empty()
    _checked(page, "record-refused")
    replay = (RECORDS / "gemp_site9_built.xml").read_text()
    page.get_by_label("The record, pasted").fill(replay)
    page.get_by_role("button", name="Read the result from the record").click()
    page.wait_for_load_state()
    table.refresh_from_db()
    assert table.status != Table.Status.PENDING and table.winner_id is not None
    _checked(page, "record-read")


def test_finding_a_player_to_check_in(page: Page) -> None:
    event = _event(8)
    log_in(page, "elrond", PASSWORD)
    page.goto(f"/events/{event.slug}/manage/#players")
    search = page.locator("#players-q")
    search.fill("fara")
    rows = page.locator("#players-body tr:visible")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Faramir")
    _checked(page, "check-in-search")
    rows.first.get_by_role("button", name="Check in Faramir").click()
    page.wait_for_load_state()
    assert Registration.objects.get(event=event, player__display_name="Faramir").checked_in
    expect(page.locator("#players-body")).to_contain_text("Faramir")


def test_the_home_page_card_appears_when_the_round_is_paired(page: Page) -> None:
    event = _event(6)
    log_in(page, "arwen", PASSWORD)
    page.clock.install()
    page.goto("/")
    expect(page.get_by_role("heading", name="Middle-earth tournaments")).to_be_visible()
    assert page.locator(".table-now").count() == 0
    page.evaluate("() => { window.__untouched = true; }")
    services.pair_next_round(event.organizer, event, seed=8)
    # Nobody reloads: at its next tick the home page's poller sees the player's event change.
    page.clock.run_for(POLL_TICK_MS)
    expect(page.locator(".table-now")).to_contain_text("Your table now", timeout=45_000)
    assert page.evaluate("() => window.__untouched === undefined")
    _checked(page, "home-table-now")
