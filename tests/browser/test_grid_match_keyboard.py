"""The results grid at a best-of-three table in Chromium, keyboard only (RULES.md §8: "a
tied game is replayed or decided as the stage sets"): a tie nobody counted is refused
beside its game's line as it is typed and after Enter, with the typing kept; naming the
player it counts for with the arrow keys saves the match."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from tests.browser.axe import internal_text, serious_violations
from tests.browser.conftest import DESKTOP, log_in, screenshot
from tests.browser.journeys import no_horizontal_scroll
from tournaments import services
from tournaments.models import Player, Table
from tournaments.services.stage_plan import set_stages

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "Grid-match-pass-1"
SIZES = {
    "phone": {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True},
    "desktop": DESKTOP,
}


@pytest.fixture(params=sorted(SIZES))
def page(request, browser, live_server) -> Iterator[Page]:
    context = browser.new_context(base_url=live_server.url, bypass_csp=True, **SIZES[request.param])
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    tab.size = request.param  # type: ignore[attr-defined]
    yield tab
    context.close()


def _user(name: str):
    user = get_user_model().objects.create_user(name, password=PASSWORD)
    Player.objects.create(user=user, display_name=name.title())
    return user


def test_a_tie_is_counted_with_the_keyboard_beside_its_game(page: Page) -> None:
    director = _user("elrond")
    event = services.create_event(director, name="Council Cup", game="metw")
    set_stages(director, event, [{"kind": "swiss", "best_of": 3, "options": {"tie": "director"}}])
    event = services.open_registration(director, event)
    for name in ("arwen", "bilbo"):
        services.register_self(_user(name), event)
    table = services.pair_next_round(director, event).tables.get(is_bye=False)
    a, b = (s.registration_id for s in table.seats.order_by("position"))
    p = f"t{table.pk}-"
    log_in(page, "elrond", PASSWORD)
    page.goto(f"/events/{event.slug}/rounds/1/results/")
    page.locator(f"#{p}g1_mps-{a}-{table.pk}").focus()
    page.keyboard.type("10")
    page.keyboard.press("Tab")
    page.keyboard.type("10")  # a tie
    for _ in range(4):  # past how it ended, its winner, the player it counts for (left)
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == f"{p}g2_mps-{a}-{table.pk}"
    page.keyboard.type("20")
    page.keyboard.press("Tab")
    page.keyboard.type("5")
    game_one = page.locator(f"#{p}g1_label-{table.pk}").locator("..")
    expect(game_one.locator(".bad")).to_contain_text("Game 1 is tied")
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(page.locator(f"#{p}g1_error-{table.pk}")).to_contain_text("Game 1 is tied")
    expect(page.locator(f"#{p}g2_mps-{a}-{table.pk}")).to_have_value("20")
    screenshot(page, f"grid-match-refused-{page.size}")  # type: ignore[attr-defined]
    assert serious_violations(page) == []
    assert internal_text(page) == []
    no_horizontal_scroll(page)
    page.locator(f"#{p}g1_counts-{table.pk}").focus()
    page.keyboard.press("ArrowDown")  # the first player
    page.locator(f"#{p}g2_mps-{b}-{table.pk}").focus()
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(page.locator(f"#check-{table.pk}")).to_contain_text("Confirmed")
    saved = Table.objects.get(pk=table.pk)
    assert saved.status == Table.Status.CONFIRMED
    assert [g.decided_for_id for g in saved.games.order_by("number")] == [a, None]


def test_a_match_so_far_is_kept_and_a_game_taken_out_on_its_own(page: Page) -> None:
    """RULES.md §8: the games typed before the match is decided are kept (the live check
    says so), and one game is taken out with its box, the others kept."""
    director = _user("galadriel")
    event = services.create_event(director, name="Lorien Cup", game="metw")
    set_stages(director, event, [{"kind": "swiss", "best_of": 3}])
    event = services.open_registration(director, event)
    for name in ("celeborn", "haldir"):
        services.register_self(_user(name), event)
    table = services.pair_next_round(director, event).tables.get(is_bye=False)
    a, b = (s.registration_id for s in table.seats.order_by("position"))
    p = f"t{table.pk}-"
    log_in(page, "galadriel", PASSWORD)
    page.goto(f"/events/{event.slug}/rounds/1/results/")
    for n, (mine, theirs) in enumerate(((20, 5), (4, 18)), start=1):
        page.locator(f"#{p}g{n}_mps-{a}-{table.pk}").fill(str(mine))
        page.locator(f"#{p}g{n}_mps-{b}-{table.pk}").fill(str(theirs))
    page.locator(f"#{p}g2_mps-{b}-{table.pk}").press("Tab")
    expect(page.locator(f"#check-{table.pk}")).to_contain_text("Not decided yet")
    page.locator(f"#{p}g2_mps-{b}-{table.pk}").press("Enter")
    page.wait_for_load_state()
    expect(page.get_by_text("1 result saved.")).to_be_visible()
    box = page.get_by_label("Take game 1 out")
    expect(box).to_be_visible()
    screenshot(page, f"grid-match-so-far-{page.size}")  # type: ignore[attr-defined]
    assert serious_violations(page) == []
    assert internal_text(page) == []
    no_horizontal_scroll(page)
    box.check()
    page.get_by_role("button", name="Save every row").click()
    page.wait_for_load_state()
    saved = Table.objects.get(pk=table.pk)
    assert saved.status == Table.Status.PENDING
    assert [g.won_by_id for g in saved.games.order_by("number")] == [b]
    expect(page.locator(f"#{p}g1_mps-{a}-{table.pk}")).to_have_value("4")
