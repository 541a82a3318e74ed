"""The projector and Paper: pairings on the wall, the printed pairings and the
result slips show each player's points *before* the round (what he had when he was paired,
RULES.md §3 "Pairing": later rounds pair players by score so far), not the running total
that already counts a result of this round; projector and printed standings say "after N
rounds" and keep the running round's results apart, marked provisional, as the standings
page does."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.tournaments.helpers import make_event, make_user, play_round, play_table, register_users
from tournaments import services
from tournaments.models import Seat
from tournaments.services import pairing_sheets
from tournaments.views import presenters

pytestmark = pytest.mark.django_db


@pytest.fixture
def second_round_half_played():
    """Six players; round 1 played; round 2 paired with one table's result confirmed."""
    director = make_user()
    event = make_event(director)
    register_users(event, 6)
    rnd1 = services.pair_next_round(director, event, seed=3)
    play_round(director, rnd1)
    rnd2 = services.pair_next_round(director, event, seed=4)
    table = rnd2.tables.filter(is_bye=False).order_by("number").first()
    play_table(director, table)
    event.refresh_from_db()
    after_round_one = {reg: 0 for reg in event.registrations.values_list("pk", flat=True)}
    for reg, points in Seat.objects.filter(round=rnd1).values_list("registration_id", "points"):
        after_round_one[reg] += points or 0
    winner = table.seats.order_by("position").first().registration
    return event, rnd2, after_round_one, winner


def names(event):
    return {r.pk: r.player.display_name for r in event.registrations.select_related("player")}


def test_points_before_are_round_one_totals_not_the_running_total(second_round_half_played):
    event, rnd2, after_round_one, winner = second_round_half_played
    before = pairing_sheets.points_before(rnd2)
    assert {reg: before.get(reg, 0) for reg in after_round_one} == after_round_one
    now = presenters.points_by_registration(event)
    assert now[winner.pk] > after_round_one[winner.pk]  # he has won in round 2 already


def test_projector_pairings_show_points_before_the_round(second_round_half_played):
    event, _rnd2, after_round_one, _winner = second_round_half_played
    page = Client().get(f"/events/{event.slug}/projector/pairings/").content.decode()
    rows = re.findall(
        r"<tr><td><strong>([^<]+)</strong></td>.*?<td class=\"num\">(\d+)</td></tr>", page, re.S
    )
    shown = dict(rows)
    expected = {names(event)[reg]: str(points) for reg, points in after_round_one.items()}
    assert shown == expected
    assert "Points before" in page


def test_printed_pairings_and_slips_show_points_before_the_round(second_round_half_played):
    event, rnd2, after_round_one, winner = second_round_half_played
    by_id = names(event)
    page = Client().get(f"/events/{event.slug}/rounds/{rnd2.number}/print/").content.decode()
    for reg, points in after_round_one.items():
        assert f"{by_id[reg]} ({points})" in page
    running_total = presenters.points_by_registration(event)[winner.pk]
    assert f"{by_id[winner.pk]} ({running_total})" not in page
    slips = Client().get(f"/events/{event.slug}/rounds/{rnd2.number}/slips/").content.decode()
    for seat in Seat.objects.filter(round=rnd2, is_bye=False):
        points = after_round_one[seat.registration_id]
        assert re.search(
            rf"{re.escape(by_id[seat.registration_id])} <span class=\"slip-points\">"
            rf"\({points} points? before\)",
            slips,
        ), by_id[seat.registration_id]


def test_projector_and_printed_standings_are_after_the_closed_rounds(second_round_half_played):
    event, _rnd2, after_round_one, winner = second_round_half_played
    for url in (
        f"/events/{event.slug}/projector/standings/",
        f"/events/{event.slug}/standings/print/",
    ):
        page = Client().get(url).content.decode()
        assert "After 1 closed round (confirmed results only)." in page, url
        assert "Provisional: with round 2" in page, url
    page = Client().get(f"/events/{event.slug}/projector/standings/").content.decode()
    first_table = page.split("Provisional: with round 2")[0]
    name = re.escape(winner.player.display_name)
    shown = re.search(rf"<strong>{name}</strong></td><td class=\"num\">(\d+)</td>", first_table)
    assert shown and int(shown.group(1)) == after_round_one[winner.pk]


def test_projector_standings_in_spanish(second_round_half_played):
    event = second_round_half_played[0]
    page = (
        Client(HTTP_ACCEPT_LANGUAGE="es")
        .get(f"/events/{event.slug}/projector/standings/")
        .content.decode()
    )
    assert "Clasificación" in page and "After 1 closed round" not in page
