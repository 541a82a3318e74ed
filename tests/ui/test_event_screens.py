"""the player's phone, the director's dashboard, the projector and the printed
sheet, driven through the pages (no internal text, both languages)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.tournaments.helpers import make_event, make_user, play_round, register_users, user_of
from tournaments import services
from tournaments.models import Event, Round
from tournaments.services import clock as round_clock
from tournaments.views import presenters

pytestmark = pytest.mark.django_db

SNAKE = re.compile(r">[^<]*\b[a-z]+_[a-z_]+\b[^<]*<")


def logged_in(user=None, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


def running_event(players: int = 4, **fields):
    director = make_user()
    event = make_event(director, **fields)
    regs = register_users(event, players)
    rnd = services.pair_next_round(director, event, seed=3)
    event.refresh_from_db()
    return director, event, regs, rnd


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_table_now_card_on_event_home_and_my_pages():
    director, event, regs, rnd = running_event()
    services.start_round_clock(director, rnd)
    user = user_of(regs[0][1])
    now = presenters.table_now(user, event)
    assert now is not None and now.round_number == 1 and not now.is_bye
    assert len(now.opponents) == 1 and now.needs_report
    assert 0 < now.remaining_seconds <= event.round_minutes * 60
    client = logged_in(user)
    for url in ("/", event.get_absolute_url(), f"/events/{event.slug}/me/"):
        page = client.get(url).content.decode()
        assert "Your table now" in page, url
        assert f"Table {now.table_number}" in page
        assert now.opponents[0] in page
        assert "Report the result" in page
    # A visitor and the director (who is not playing) see no card.
    assert presenters.table_now(director, event) is None
    assert "Your table now" not in logged_in().get(event.get_absolute_url()).content.decode()


def test_card_disappears_when_the_round_is_over():
    director, event, regs, rnd = running_event()
    play_round(director, rnd)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED
    assert presenters.table_now(user_of(regs[0][1]), event) is None


def test_pairings_rows_carry_names_for_the_as_you_type_filter():
    _director, event, _regs, rnd = running_event(players=6)
    page = logged_in().get(f"/events/{event.slug}/pairings/").content.decode()
    rows = re.findall(r'<tr data-names="([^"]*)"', page)
    assert len(rows) == rnd.tables.count()
    assert 'data-filter="#pairings-body"' in page and "js/ui.js" in page
    # No inline script anywhere (the CSP forbids them).
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)
    assert "onclick=" not in page


def test_dashboard_needs_you_first_and_returns_to_the_player_row():
    director, event, regs, rnd = running_event()
    table = rnd.tables.filter(is_bye=False).first()
    a, b = list(table.seats.all())
    services.report_result(
        user_of(a.registration), table, {a.registration_id: 20, b.registration_id: 5}
    )
    services.dispute_result(user_of(b.registration), table, "wrong score")
    client = logged_in(director)
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert "Needs you first" in page and "Disputed results (1)" in page
    assert '<details class="needs urgent" open>' in page
    assert "wrong score" in page
    reg = regs[1][1]
    response = client.post(
        f"/events/{event.slug}/manage/check-in/", {"registration": reg.pk}, follow=False
    )
    assert response.status_code == 302 and response["Location"].endswith(f"#p{reg.pk}")
    # An explicit `next` on the same site is honoured; another site is not.
    response = client.post(
        f"/events/{event.slug}/manage/check-in/",
        {"registration": reg.pk, "next": f"/events/{event.slug}/manage/?round=1"},
    )
    assert response["Location"] == f"/events/{event.slug}/manage/?round=1#p{reg.pk}"
    response = client.post(
        f"/events/{event.slug}/manage/check-in/",
        {"registration": reg.pk, "next": "https://evil.example/"},
    )
    assert response["Location"].startswith(f"/events/{event.slug}/manage/")


def test_projector_pages_have_no_site_chrome_and_refresh_themselves():
    _director, event, _regs, _rnd = running_event(players=5)
    client = logged_in()
    for name in ("pairings", "clock", "standings"):
        response = client.get(f"/events/{event.slug}/projector/{name}/")
        assert response.status_code == 200
        page = response.content.decode()
        assert 'class="site-header"' not in page and "site-footer" not in page
        assert "js/projector.js" in page and "data-refresh=" in page
    page = client.get(f"/events/{event.slug}/projector/pairings/").content.decode()
    names = re.findall(r"<tr><td><strong>([^<]+)</strong>", page)
    assert names == sorted(names, key=str.lower) and len(names) == 5
    assert "<svg" in page  # the QR code


def test_projector_clock_pause_resume_and_add_time():
    director, event, regs, rnd = running_event()
    rnd = services.start_round_clock(director, rnd)
    client = logged_in(director)
    before = services.round_timer(rnd).ends_at
    client.post(f"/events/{event.slug}/clock/add/", {"minutes": "5"})
    rnd.refresh_from_db()
    assert services.round_timer(rnd).ends_at - before == timedelta(minutes=5)
    client.post(f"/events/{event.slug}/clock/pause/")
    state = round_clock.clock_state(rnd)
    assert state.paused
    later = timezone.now() + timedelta(minutes=3)
    assert round_clock.clock_state(rnd, now=later).remaining_seconds == state.remaining_seconds
    page = client.get(f"/events/{event.slug}/projector/clock/").content.decode()
    assert "Clock paused" in page
    # The wall shows the time only; the controls are on the dashboard.
    assert "Resume" not in page and "clock/pause" not in page
    dashboard = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert f"/events/{event.slug}/clock/resume/" in dashboard
    client.post(f"/events/{event.slug}/clock/resume/")
    rnd.refresh_from_db()
    assert not round_clock.clock_state(rnd).paused
    # Only the director may touch the clock.
    player = logged_in(user_of(regs[0][1]))
    response = player.post(f"/events/{event.slug}/clock/pause/", follow=True)
    assert not round_clock.clock_state(rnd).paused
    assert "Only the tournament director" in response.content.decode()


def test_printed_pairings_have_points_and_no_stray_commas():
    director, event, _regs, rnd = running_event(players=6)
    play_round(director, rnd)
    rnd2 = services.pair_next_round(director, event, seed=4)
    page = logged_in().get(f"/events/{event.slug}/rounds/{rnd2.number}/print/").content.decode()
    assert "Points" in page
    cells = re.findall(r"<td>([^<]*)</td>\s*</tr>", page)
    assert cells and not any(c.strip().endswith(",") for c in cells)
    points = presenters.points_by_registration(event)
    assert any(p > 0 for p in points.values())
    for reg in event.registrations.select_related("player"):
        assert f"{reg.player.display_name} ({points[reg.pk]})" in page
    slips = logged_in().get(f"/events/{event.slug}/rounds/{rnd2.number}/slips/").content.decode()
    assert slips.count('class="qr"') == rnd2.tables.filter(is_bye=False).count()
    standings = logged_in().get(f"/events/{event.slug}/standings/print/")
    assert standings.status_code == 200 and b'class="qr"' in standings.content


def test_finished_event_shows_winner_and_top_eight():
    director, event, _regs, rnd = running_event(players=4, planned_rounds=1)
    play_round(director, rnd)
    services.finish_event(director, event)
    event.refresh_from_db()
    summary = presenters.finished_summary(event)
    assert summary is not None and summary.winner.rank == 1 and len(summary.top) == 4
    page = logged_in().get(event.get_absolute_url()).content.decode()
    assert f"Winner: {summary.winner.name}" in page and "Top 8" in page


def test_deck_sections_are_sorted_and_grouped():
    cards = [
        {"name": "Zeal", "count": 1, "type": "resource", "zone": "play"},
        {"name": "Aragorn", "count": 1, "type": "character", "zone": "play"},
        {"name": "Bilbo", "count": 2, "type": "character", "zone": "play"},
        {"name": "Bilbo", "count": 1, "type": "character", "zone": "play"},
        {"name": "Wose", "count": 3, "type": "hazard", "zone": "sideboard"},
    ]
    sections = presenters.deck_sections(cards)
    assert [s.title for s in sections] == ["Character", "Resource", "Sideboard: Hazard"]
    assert sections[0].cards == [{"name": "Aragorn", "count": 1}, {"name": "Bilbo", "count": 3}]
    assert sum(s.count for s in sections) == 8


def test_no_internal_text_on_event_pages():
    director, event, _regs, rnd = running_event(
        players=4, tiebreaks=["head_to_head", "fewer_losses", "opponents_points"]
    )
    play_round(director, rnd)
    for url in (
        event.get_absolute_url(),
        f"/events/{event.slug}/standings/",
        f"/events/{event.slug}/pairings/",
        f"/events/{event.slug}/manage/",
        f"/audit/events/{event.slug}/",
    ):
        text = visible_text(logged_in(director).get(url).content.decode())
        for bad in ("head_to_head", "fewer_losses", "opponents_points", "RULES.md",
                    "tournaments.event", "tournaments.table"):  # fmt: skip
            assert bad not in text, (url, bad)
    standings = visible_text(logged_in().get(f"/events/{event.slug}/standings/").content.decode())
    assert "head-to-head" in standings and "fewer losses" in standings


def test_counts_agree_on_the_event_page():
    director, event, regs, _rnd = running_event(players=5)
    services.drop(director, regs[0][1])
    counts = presenters.player_counts(event)
    assert (counts.registered, counts.playing, counts.out) == (5, 4, 1)
    page = visible_text(logged_in().get(event.get_absolute_url()).content.decode())
    assert "5 registered · 4 still playing · 1 dropped or ejected" in page
    assert "Registered players (5)" in page


def test_custom_error_pages():
    client = logged_in()
    page = client.get("/events/does-not-exist/")
    assert page.status_code == 404 and "There is no such page" in page.content.decode()
    draft_director = make_user()
    draft = make_event(draft_director, open_=False)
    assert client.get(draft.get_absolute_url()).status_code == 404


def test_pages_in_spanish():
    director, event, regs, rnd = running_event()
    services.start_round_clock(director, rnd)
    client = logged_in(user_of(regs[0][1]), language="es")
    page = client.get(event.get_absolute_url()).content.decode()
    assert '<html lang="es">' in page
    assert "Tu mesa ahora" in page and "Emparejamientos" in page and "Clasificación" in page
    assert "En juego" in page  # the event's status, a model label, translated at the face
    dash = logged_in(director, language="es").get(f"/events/{event.slug}/manage/").content.decode()
    assert "Te necesita primero" in dash and "Jugadores" in dash


def test_language_switch_sets_the_language():
    client = logged_in()
    response = client.post("/language/", {"language": "es", "next": "/events/"})
    assert response.status_code == 302
    page = client.get("/events/").content.decode()
    assert '<html lang="es">' in page and "Torneos" in page


def test_event_zone_is_used_when_the_event_has_one(settings):
    director, event, _regs, rnd = running_event()
    services.start_round_clock(director, rnd)
    event.time_zone = "Europe/Madrid"  # the field the integrator adds (getattr fallback)
    from tournaments.views.common import activate_event_zone

    activate_event_zone(event)
    try:
        assert timezone.get_current_timezone_name() == "Europe/Madrid"
    finally:
        timezone.deactivate()
    event.time_zone = "Not/AZone"
    activate_event_zone(event)
    try:
        assert timezone.get_current_timezone_name() == settings.TIME_ZONE
    finally:
        timezone.deactivate()


def test_status_labels_are_words():
    _director, event, _regs, _rnd = running_event()
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    page = logged_in().get("/events/").content.decode()
    assert "Running" in page


def test_finished_event_lists_published_decks_with_places():
    from decks.demo import is_illegal_sample, sample_decklists
    from decks.services import publish_decklists, submit_decklist

    director = make_user()
    event = make_event(director, game="metw", decklists_required=True, planned_rounds=1)
    regs = register_users(event, 4)
    legal = [t for label, t in sample_decklists("metw") if not is_illegal_sample(label)]
    for (user, _reg), text in zip(regs, legal * 4, strict=False):
        submit_decklist(user, event, text)
    rnd = services.pair_next_round(director, event, seed=5)
    play_round(director, rnd)
    services.finish_event(director, event)
    event.refresh_from_db()
    publish_decklists(director, event)
    event.refresh_from_db()
    summary = presenters.finished_summary(event)
    assert [d.place for d in summary.decks] == sorted(d.place for d in summary.decks)
    first = summary.decks[0]
    leaders = {row.name for row in summary.top if row.rank == 1}
    assert first.place == 1 and first.player in leaders and first.total > 0
    for section in first.sections:
        names = [c["name"] for c in section.cards]
        assert names == sorted(names)
    page = logged_in().get(event.get_absolute_url()).content.decode()
    assert "Deck lists" in page and f"1. {first.player}" in page


def test_expired_form_and_forbidden_pages_are_in_words():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "x", "password": "y"})
    assert response.status_code == 403
    assert "That form had expired" in response.content.decode()
    _director, event, _regs, _rnd = running_event()
    stranger = logged_in(make_user())
    response = stranger.get(f"/audit/events/{event.slug}/")
    assert response.status_code == 403
    page = response.content.decode()
    assert "You cannot open this page" in page and "Forbidden" not in page
