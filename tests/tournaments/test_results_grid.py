"""The results grid: a round's results on one page, each row checked as it is typed,
every row saved in one POST, a refused row kept with its reason beside it."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.models import Table
from tournaments.services.results import grid

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(client):
    director = make_user("td")
    client.force_login(director)
    event = make_event(director)
    register_users(event, 8)
    rnd = services.pair_next_round(director, event)
    tables = list(rnd.tables.filter(is_bye=False).order_by("number"))
    return director, event, rnd, tables


def seat_ids(table):
    return list(table.seats.order_by("position").values_list("registration_id", flat=True))


def grid_url(event, number=1):
    return reverse("results-grid", args=[event.slug, number])


def typed(table, scores, **extra):
    a, b = seat_ids(table)
    data = {f"t{table.pk}-mps-{a}": str(scores[0]), f"t{table.pk}-mps-{b}": str(scores[1])}
    data.update({f"t{table.pk}-{k}": v for k, v in extra.items()})
    return data


def test_every_typed_row_is_saved_in_one_post(client, paired):
    """RULES.md §2: 20-5 is a ratio of 2 or more: 6 points to the winner, 0 to the loser."""
    _director, event, _rnd, tables = paired
    post = {}
    for table in tables[:3]:
        post |= typed(table, (20, 5), version=str(table.version))
    response = client.post(grid_url(event), post)
    assert response.status_code == 302
    for table in tables[:3]:
        table.refresh_from_db()
        assert table.status == Table.Status.CONFIRMED
        assert sorted(table.seats.values_list("points", flat=True)) == [0, 6]
    # Rows left empty are not touched.
    tables[3].refresh_from_db()
    assert tables[3].status == Table.Status.PENDING


def test_a_refused_row_keeps_its_values_and_reason_while_the_others_save(client, paired):
    """RULES.md §2 Reading: a winner named with fewer MPs is refused."""
    _director, event, _rnd, tables = paired
    a, _b = seat_ids(tables[1])
    post = typed(tables[0], (20, 5)) | typed(tables[1], (5, 17), winner=str(a))
    post[f"t{tables[2].pk}-mps-{seat_ids(tables[2])[0]}"] = "ten"
    response = client.post(grid_url(event), post)
    assert response.status_code == 400
    page = response.content.decode()
    tables[0].refresh_from_db()
    assert tables[0].status == Table.Status.CONFIRMED
    for table in tables[1:3]:
        table.refresh_from_db()
        assert table.status == Table.Status.PENDING
    # What was typed comes back in its box, and each reason is in its row.
    assert 'value="17"' in page and 'value="ten"' in page
    row = page.split(f'id="row-{tables[2].pk}"')[1].split("</tr>")[0]
    assert "is not a number" in row
    row = page.split(f'id="row-{tables[1].pk}"')[1].split("</tr>")[0]
    assert 'class="bad"' in row


def test_unchanged_rows_are_not_saved_again(client, paired):
    director, event, _rnd, tables = paired
    services.director_set_result(
        director, tables[0], dict(zip(seat_ids(tables[0]), (20, 5), strict=True))
    )
    tables[0].refresh_from_db()
    before = tables[0].version
    client.post(grid_url(event), typed(tables[0], (20, 5), version=str(before)))
    tables[0].refresh_from_db()
    assert tables[0].version == before
    assert tables[0].changes.count() == 1


def test_a_row_changed_by_someone_else_is_refused_not_overwritten(client, paired):
    director, event, _rnd, tables = paired
    stale = tables[0].version
    services.director_set_result(
        director, tables[0], dict(zip(seat_ids(tables[0]), (20, 5), strict=True))
    )
    response = client.post(grid_url(event), typed(tables[0], (5, 20), version=str(stale)))
    assert response.status_code == 400
    tables[0].refresh_from_db()
    a, _b = seat_ids(tables[0])
    assert tables[0].seats.get(registration_id=a).mps == 20


def test_check_reads_a_row_without_saving(client, paired):
    """RULES.md §2: 20-12 is a ratio under 2 but over 1.5: 5 points and 1."""
    _director, event, _rnd, tables = paired
    table = tables[0]
    check = reverse("results-grid-check", args=[event.slug, 1, table.pk])
    answer = client.post(check, typed(table, (20, 12)))
    assert answer.status_code == 200
    body = json.loads(answer.content)
    assert body["ok"] and "5 points" in body["message"] and "1 point" in body["message"]
    a, _b = seat_ids(table)
    refused = client.post(check, typed(table, (5, 17), winner=str(a)))
    assert refused.status_code == 400 and not json.loads(refused.content)["ok"]
    table.refresh_from_db()
    assert table.status == Table.Status.PENDING and not table.changes.exists()


def test_players_and_visitors_cannot_use_the_grid(client, paired):
    _director, event, _rnd, tables = paired
    client.force_login(tables[0].seats.first().registration.player.user)
    assert client.get(grid_url(event)).status_code == 403
    check = reverse("results-grid-check", args=[event.slug, 1, tables[0].pk])
    assert client.post(check, typed(tables[0], (20, 5))).status_code == 403


def test_dashboard_links_the_grid(client, paired):
    _director, event, _rnd, _tables = paired
    page = client.get(reverse("event-dashboard", args=[event.slug])).content.decode()
    assert grid_url(event) in page


def test_service_check_matches_the_save(paired):
    director, _event, rnd, tables = paired
    a, b = seat_ids(tables[0])
    row = grid.GridRow(tables[0].pk, {a: 20, b: 12})
    assert grid.check_row(director, tables[0], row).points == {a: 5, b: 1}
    [outcome] = grid.save_rows(director, rnd, [row])
    assert outcome.status == "saved"
    assert dict(tables[0].seats.values_list("registration_id", "points")) == {a: 5, b: 1}
