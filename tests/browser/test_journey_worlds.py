"""A director who knows Melee and Challonge runs two Worlds in Chromium (RULES.md §8).

The Council of Elrond's METW Worlds from its preset, on the pages and on a desktop: a
player sends his General Opponent pair of lists on the deck page (the others through the
services), the director pairs the Swiss, enters the slips, starts the top 4's round robin
from the dashboard, reads its crosstable and finishes. Then the Players' Council's LOTR
TCG Worlds from a 360 px phone: the director adds the rounds' two formats, a player sends
a list per format, the eight Swiss rounds are played through the services, and the top
8's double elimination with its best-of-three final (the loser choosing the next game's
format) is played on the bracket page, then read on a desktop and the projector. Every
page is checked with axe-core and for words a person must never read. Screenshots go to
test-artifacts/screenshots/.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from decks import services as decks
from decks.demo import LOTR_FELLOWSHIP, METW_COE_WIZARD
from tests.browser.axe import internal_text, serious_violations
from tests.browser.conftest import DESKTOP, log_in, screenshot
from tests.browser.journeys import log_out, menu, message, no_horizontal_scroll
from tournaments import services
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "Mellon-friend-1"
NARROW = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
COE_PLAYERS = ["Alatar Blue", "Círdan Shipwright", "Elrond Half-elven", "Glorfindel Balrog-slayer"]


def _context(browser, live_server, size) -> Iterator[Page]:
    # bypass_csp: the accessibility check injects axe as an inline script.
    context = browser.new_context(base_url=live_server.url, bypass_csp=True, **size)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def wide(browser, live_server) -> Iterator[Page]:
    yield from _context(browser, live_server, DESKTOP)


@pytest.fixture
def narrow(browser, live_server) -> Iterator[Page]:
    yield from _context(browser, live_server, NARROW)


def _clean(page: Page, name: str) -> None:
    """The page a person reads: accessible, no internal words, nothing sideways."""
    assert serious_violations(page) == [], page.url
    assert internal_text(page) == [], page.url
    no_horizontal_scroll(page)
    screenshot(page, name)


def _person(username: str, display: str):
    user = get_user_model().objects.create_user(username, password=PASSWORD)
    Player.objects.create(user=user, display_name=display)
    return user


def _enter_all_results(page: Page) -> int:
    """Type each open table's slip into the dashboard: the first seat wins."""
    entered = 0
    while True:
        row = page.locator("tr[id^=t]", has=page.locator("summary", has_text="Enter result")).first
        if row.count() == 0:
            return entered
        number = row.locator("td").first.inner_text().strip()
        row.locator("summary", has_text="Enter result").click()
        fields = row.locator("details.fix").get_by_role("spinbutton")
        fields.nth(0).fill(str(20 - entered % 3))
        fields.nth(1).fill(str(5 + entered % 4))
        row.get_by_role("button", name="Save result").click()
        message(page, f"Result of table {number} saved.")
        entered += 1


def _submit_pair_on_the_page(page: Page, slug: str) -> None:
    """A player sends his two lists, naming the first as the one facing Fallen-wizards."""
    page.goto(f"/decks/events/{slug}/submit/")
    lists = page.get_by_role("navigation", name="My lists for this event")
    for index in range(2):
        lists.get_by_role("link").nth(index).click()
        page.get_by_label("Player type").select_option(label="Wizard (hero)")
        page.get_by_label("Deck list").fill(METW_COE_WIZARD)
        if index == 0:
            page.get_by_label("This deck also faces Fallen-wizard opponents").check()
        page.get_by_role("button", name="Submit").click()
        page.wait_for_load_state()
    expect(lists.get_by_text("missing")).to_have_count(0)
    _clean(page, "worlds-01-player-two-lists-desktop")


def test_a_director_runs_the_council_of_elrond_worlds(wide):
    page = wide
    _person("elrond-td", "Master Elrond")
    log_in(page, "elrond-td", PASSWORD)
    menu(page, "My events")
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Start from").select_option(
        label="Council of Elrond “General Opponent” championship"
    )
    page.get_by_label("Name:").fill("Rivendell Worlds")
    page.get_by_label("Game:").select_option(label="Middle-earth: The Wizards")
    page.get_by_label("Number of rounds:").fill("2")
    _clean(page, "worlds-00-new-event-desktop")
    page.get_by_role("button", name="Create event").click()
    message(page, "Event created as a draft")
    page.get_by_role("button", name="Open registration").click()
    message(page, "Registration is open")
    event = Event.objects.get(name="Rivendell Worlds")
    assert event.preset == "coe-general-opponent" and event.decks_per_player == "general_opponent"
    manage = page.url

    users = []
    for name in COE_PLAYERS:
        user = _person(name.split()[0].lower(), name)
        services.register_self(user, event)
        users.append(user)
    # Three players send their lists through the services; the first on the pages.
    for user in users[1:]:
        for slot in ("vs-hero", "vs-minion"):
            decks.submit_decklist(
                user, event, METW_COE_WIZARD, slot=slot, player_type="wizard",
                faces_fallen_wizards=slot == "vs-hero",
            )  # fmt: skip
    log_out(page)
    log_in(page, users[0].username, PASSWORD)
    _submit_pair_on_the_page(page, event.slug)
    log_out(page)
    log_in(page, "elrond-td", PASSWORD)
    page.goto(manage)
    _clean(page, "worlds-02-dashboard-registration-desktop")

    # The Swiss: each table shows the list each player plays against his opponent.
    for number in (1, 2):
        page.get_by_role("button", name=f"Pair round {number}").click()
        message(page, f"Round {number} paired.")
        if number == 1:
            _clean(page, "worlds-03-swiss-round-1-desktop")
        assert _enter_all_results(page) == 2
    # The dashboard says what comes next and leads to it.
    expect(page.get_by_text("Swiss done: start the round robin of the top 4.")).to_be_visible()
    _clean(page, "worlds-04-swiss-done-desktop")
    page.get_by_role("button", name="Start the next stage").click()
    message(page, "The next stage has started.")
    # The top 4's round robin: points from zero, its crosstable on the stages page.
    for number in (1, 2, 3):
        if number > 1:
            page.goto(manage)
            page.get_by_role("button", name=f"Pair round robin round {number}").click()
            message(page, f"Round {number + 2} is paired.")
        page.goto(manage)
        assert _enter_all_results(page) == 2
    page.goto(manage)
    expect(page.locator("#next-stage")).to_contain_text("finish the event")
    page.get_by_role("link", name="Stages", exact=True).first.click()
    expect(page.get_by_role("region", name="Crosstable")).to_be_visible()
    _clean(page, "worlds-05-crosstable-desktop")
    page.goto(manage)
    page.get_by_role("link", name="Finish the event…").click()
    page.get_by_role("button", name="Finish the event").click()
    message(page, "The event is finished.")
    page.get_by_role("navigation", name="Event pages").get_by_role("link", name="Standings").click()
    expect(page.get_by_text("Final standings")).to_be_visible()
    expect(page.locator("#robin-points-note")).to_be_visible()
    _clean(page, "worlds-06-final-standings-desktop")


def _play_the_bracket(page: Page) -> int:
    """Enter every game on the bracket page: the higher seat wins, except the grand
    final's first game; its loser then chooses the next game's format."""
    games = 0
    while True:
        cards = page.locator("article.match").filter(
            has=page.get_by_role("button", name="Save result")
        )
        if cards.count() == 0:
            return games
        card = cards.first
        form = card.locator("form").filter(has=page.get_by_role("button", name="Save result"))
        text = card.inner_text()
        first_of_final = "Best of 3" in text and "won by" not in text
        chooser = form.get_by_label("Format chosen by", exact=False)
        if chooser.count():
            chooser.select_option(label="PC Movie")
            screenshot(page, "worlds-17-pc-final-loser-chooses-phone")
        winner = form.get_by_label("Winner")
        winner.select_option(index=2 if first_of_final else 1)
        match_id = card.get_attribute("id")
        form.get_by_role("button", name="Save result").click()
        message(page, "Result saved")
        assert page.url.endswith(f"#{match_id}")  # back at the match, not the page's top
        games += 1


PC_PLAYERS = [
    "Aragorn",
    "Boromir",
    "Celeborn",
    "Denethor",
    "Eowyn",
    "Faramir",
    "Gimli",
    "Haldir",
    "Imrahil",
]


def test_a_director_runs_the_players_council_worlds_on_a_phone(narrow, wide):
    page = narrow
    director = _person("pc-td", "Council Chair")
    log_in(page, "pc-td", PASSWORD)
    page.goto("/events/new/")
    page.get_by_label("Start from").select_option(label="Players' Council Worlds")
    page.get_by_label("Name:").fill("Minas Tirith Worlds")
    # The preset picks its game.
    expect(page.get_by_label("Game:")).to_have_value("lotr-tcg")
    _clean(page, "worlds-10-pc-new-event-phone")
    page.get_by_role("button", name="Create event").click()
    message(page, "Event created as a draft")
    page.get_by_role("button", name="Open registration").click()
    message(page, "Registration is open")
    event = Event.objects.get(name="Minas Tirith Worlds")
    page.get_by_role("link", name="Stages", exact=True).first.click()
    # Before the players meet them: the formats the rounds use are not on the site yet.
    expect(page.locator("#missing-formats")).to_contain_text(
        "The formats PC Fellowship and PC Movie are not on this site yet"
    )
    _clean(page, "worlds-11-pc-stages-phone")
    users = [_person(name.lower(), f"{name} of Gondor") for name in PC_PLAYERS]
    for user in users:
        services.register_self(user, event)
    log_out(page)

    # Before the formats exist a player is told so on his list page, not shown an error.
    log_in(page, users[0].username, PASSWORD)
    page.goto(f"/decks/events/{event.slug}/submit/")
    message(page, "“PC Fellowship”, which this site does not know yet")
    log_out(page)

    # The director adds the two formats of the rounds on the formats page, on a desktop.
    log_in(wide, "pc-td", PASSWORD)
    for name, base in (("PC Fellowship", "fellowship-block"), ("PC Movie", "open")):
        wide.goto("/decks/formats/new/")
        wide.get_by_label("Based on").select_option(value=f"lotr-tcg:{base}")
        wide.get_by_label("Name", exact=True).fill(name)
        wide.get_by_role("button", name="Create format").click()
        wide.wait_for_load_state()
    _clean(wide, "worlds-12-pc-formats-desktop")

    # One player sends his list for each format on the pages; the others have theirs.
    log_in(page, users[0].username, PASSWORD)
    page.goto(f"/decks/events/{event.slug}/submit/")
    lists = page.get_by_role("navigation", name="My lists for this event")
    for index in range(2):
        lists.get_by_role("link").nth(index).click()
        page.get_by_label("Deck list").fill(LOTR_FELLOWSHIP)
        page.get_by_role("button", name="Submit").click()
        page.wait_for_load_state()
    expect(lists.get_by_text("missing")).to_have_count(0)
    _clean(page, "worlds-13-pc-two-lists-phone")
    log_out(page)
    for user in users[1:]:
        for slot in ("pc-fellowship", "pc-movie"):
            decks.submit_decklist(user, event, LOTR_FELLOWSHIP, slot=slot)
    # The eight Swiss rounds were shown table by table at the Council's Worlds: here
    # they are played through the services, the first seat winning.
    for number in range(8):
        rnd = services.pair_next_round(director, event, seed=number + 1)
        for table in rnd.tables.filter(is_bye=False):
            first = table.seats.order_by("position").first()
            services.director_set_result(director, table, winner=first.registration_id)

    # The top 8's double elimination, started from the dashboard on the phone.
    log_in(page, "pc-td", PASSWORD)
    page.goto(f"/events/{event.slug}/manage/")
    expect(page.locator("#next-stage")).to_contain_text("top 8")
    _clean(page, "worlds-14-pc-swiss-done-phone")
    page.get_by_role("button", name="Start the next stage").click()
    page.wait_for_load_state()
    screenshot(page, "worlds-15-pc-started-phone")
    page.goto(f"/events/{event.slug}/bracket/")
    # Each side of the bracket plays its own format.
    upper = page.locator("article.match").first
    expect(upper).to_contain_text("Format: PC Fellowship")
    _clean(page, "worlds-16-pc-bracket-phone")
    games = _play_the_bracket(page)
    assert games == 7 + 6 + 3, games  # upper, lower, a final of three games
    final = page.locator("article.match").last
    expect(final.locator("ol.games li")).to_have_count(3)
    # Game 1 lost by the top seed; he chose the next game's format.
    expect(final.locator("ol.games li").nth(1)).to_contain_text("PC Movie")
    expect(page.get_by_text("wins the playoff").first).to_be_visible()
    _clean(page, "worlds-18-pc-champion-phone")
    page.goto(f"/events/{event.slug}/manage/")
    expect(page.locator("#next-stage")).to_contain_text("finish the event")
    page.get_by_role("link", name="Finish the event…").click()
    page.get_by_role("button", name="Finish the event").click()
    message(page, "The event is finished.")
    page.goto(f"/events/{event.slug}/standings/")
    final = event.playoff_matches.select_related("winner__player").get(side="final")
    expect(page.get_by_role("row").nth(1)).to_contain_text(final.winner.player.display_name)
    _clean(page, "worlds-21-pc-final-standings-phone")
    wide.goto(f"/events/{event.slug}/bracket/")
    _clean(wide, "worlds-19-pc-bracket-desktop")
    wide.goto(f"/events/{event.slug}/projector/bracket/")
    _clean(wide, "worlds-20-pc-bracket-projector")
