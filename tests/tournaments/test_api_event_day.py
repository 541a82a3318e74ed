"""The event day's page actions through the API: the results grid (rows saved together,
a refused row answered with its problem details while the others are saved), the grid's
live check, a table's extra time and the round clock's buttons, each under the same
permissions as the page (tournaments.permissions)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from audit.models import AuditEntry
from tests.tournaments.helpers import make_event, make_user, play_round, register_users, user_of
from tournaments import services
from tournaments.models import EventStaff, Table

pytestmark = pytest.mark.django_db


def as_(user) -> APIClient:
    client = APIClient()
    client.default_format = "json"
    client.force_authenticate(user)
    return client


@pytest.fixture
def paired():
    director = make_user("td")
    event = make_event(director)
    register_users(event, 8)
    judge = make_user("judy")
    services.invite_staff(director, event, "judy", EventStaff.Role.JUDGE)
    rnd = services.start_round_clock(director, services.pair_next_round(director, event, seed=3))
    tables = list(rnd.tables.filter(is_bye=False).order_by("number"))
    return director, judge, event, rnd, tables


def url(event, tail: str) -> str:
    return f"/api/v1/events/{event.slug}/{tail}"


def row(table, scores, **extra):
    ids = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    seats = [{"registration": r, "mps": m} for r, m in zip(ids, scores, strict=True)]
    return {"table": table.pk, "seats": seats, **extra}


def test_grid_saves_rows_together_and_answers_a_refused_row_with_its_problem(paired):
    """RULES.md §2: 20 MPs to 5 is a ratio ≥ 2 (6–0); a "winner" with fewer MPs is refused
    (§2 Reading). The refused row does not stop the others."""
    _director, judge, event, _rnd, tables = paired
    loser = tables[1].seats.order_by("position").first().registration_id
    body = {
        "rows": [
            row(tables[0], (20, 5)),
            row(tables[1], (5, 17), winner=loser),
            {"table": tables[2].pk, "seats": []},
        ]
    }
    response = as_(judge).post(url(event, "rounds/1/results/"), body)
    assert response.status_code == 200, response.content
    data = response.json()
    assert (data["saved"], data["refused"]) == (1, 1)
    by_table = {r["table"]: r for r in data["rows"]}
    assert by_table[tables[0].pk]["status"] == "saved"
    assert by_table[tables[0].pk]["number"] == tables[0].number
    refused = by_table[tables[1].pk]
    assert refused["status"] == "refused"
    assert refused["problem"]["code"] and refused["problem"]["detail"]
    assert refused["problem"]["status"] in (400, 409)
    assert by_table[tables[2].pk] == {
        "table": tables[2].pk,
        "number": tables[2].number,
        "status": "empty",
        "problem": None,
    }
    tables[0].refresh_from_db()
    tables[1].refresh_from_db()
    assert tables[0].status == Table.Status.CONFIRMED
    assert sorted(tables[0].seats.values_list("points", flat=True)) == [0, 6]
    assert tables[1].status == Table.Status.PENDING
    # Sent again as stored: nothing is saved twice.
    again = as_(judge).post(url(event, "rounds/1/results/"), {"rows": [row(tables[0], (20, 5))]})
    assert again.json()["rows"][0]["status"] == "unchanged"


def test_grid_refuses_players_and_bad_bodies(paired):
    _director, _judge, event, _rnd, tables = paired
    player = user_of(tables[0].seats.first().registration)
    refused = as_(player).post(url(event, "rounds/1/results/"), {"rows": [row(tables[0], (9, 3))]})
    assert refused.status_code == 403 and refused.json()["code"] == "permission_denied"
    staff = as_(make_user("x"))
    assert staff.post(url(event, "rounds/1/results/"), {"rows": []}).status_code == 403
    director = as_(event.organizer)
    twice = director.post(url(event, "rounds/1/results/"), {"rows": [row(tables[0], (9, 3))] * 2})
    assert twice.status_code == 400 and twice.json()["errors"][0]["field"] == "rows"
    text = director.post(
        url(event, "rounds/1/results/"),
        {"rows": [{"table": tables[0].pk, "seats": [{"registration": 1, "mps": "ten"}]}]},
    )
    assert text.status_code == 400
    assert text.json()["errors"][0]["field"] == "rows[0].seats[0].mps"
    assert director.post(url(event, "rounds/9/results/"), {"rows": []}).status_code == 404


def test_a_table_of_another_round_is_refused_in_its_row(paired):
    director, _judge, event, rnd, _tables = paired
    play_round(director, rnd)
    services.pair_next_round(director, event, seed=4)
    other = event.rounds.get(number=2).tables.filter(is_bye=False).first()
    data = as_(director).post(url(event, "rounds/1/results/"), {"rows": [row(other, (9, 3))]})
    answer = data.json()["rows"][0]
    assert answer["status"] == "refused" and answer["problem"]["code"] == "not_in_round"
    assert answer["problem"]["status"] == 404 and answer["number"] is None


def test_grid_check_reads_a_row_without_saving(paired):
    """RULES.md §2: 12 MPs to 10 is a ratio below 1.5: 4–2."""
    _director, judge, event, _rnd, tables = paired
    response = as_(judge).post(url(event, "rounds/1/results/check/"), row(tables[0], (12, 10)))
    assert response.status_code == 200, response.content
    points = sorted(p["points"] for p in response.json()["points"])
    assert points == [2, 4]
    assert response.json()["band"] == "1 < ratio < 1.5 (4–2)"
    tables[0].refresh_from_db()
    assert tables[0].status == Table.Status.PENDING
    loser = tables[0].seats.order_by("position").last().registration_id
    bad = as_(judge).post(
        url(event, "rounds/1/results/check/"), row(tables[0], (12, 10), winner=loser)
    )
    assert bad.status_code in (400, 409) and bad.json()["code"] != "invalid"
    missing = as_(judge).post(url(event, "rounds/1/results/check/"), {"table": 0, "seats": []})
    assert missing.status_code == 404 and missing.json()["code"] == "not_in_round"


def test_table_time_through_the_api(paired):
    director, judge, event, rnd, tables = paired
    client = as_(director)
    first = client.post(url(event, f"tables/{tables[0].pk}/time/"), {"minutes": 5})
    assert first.status_code == 200, first.content
    data = client.post(url(event, f"tables/{tables[0].pk}/time/"), {"minutes": 3}).json()
    assert data["extra_minutes"] == 8 and data["number"] == tables[0].number
    assert data["ends_at"] is not None
    assert AuditEntry.objects.filter(action="table_extra_time", actor=director).count() == 2
    # The permissions table: extra time is the director's (a judge enters results only).
    refused = as_(judge).post(url(event, f"tables/{tables[0].pk}/time/"), {"minutes": 5})
    assert refused.status_code == 403
    assert (
        client.post(url(event, f"tables/{tables[0].pk}/time/"), {"minutes": 0}).status_code == 400
    )
    play_round(director, rnd)
    closed = client.post(url(event, f"tables/{tables[0].pk}/time/"), {"minutes": 5})
    assert closed.status_code == 409 and closed.json()["code"] == "round_closed"


def test_round_clock_pause_resume_add(paired):
    director, judge, event, _rnd, _tables = paired
    client = as_(director)
    before = client.get(url(event, "rounds/1/clock/")).json()
    assert before["started"] and not before["paused"]
    paused = client.post(url(event, "rounds/1/clock/"), {"action": "pause"}).json()
    assert paused["paused"]
    again = client.post(url(event, "rounds/1/clock/"), {"action": "pause"})
    assert again.status_code == 409
    assert not client.post(url(event, "rounds/1/clock/"), {"action": "resume"}).json()["paused"]
    added = client.post(url(event, "rounds/1/clock/"), {"action": "add", "minutes": 5}).json()
    assert added["remaining_seconds"] > before["remaining_seconds"]
    no_minutes = client.post(url(event, "rounds/1/clock/"), {"action": "add"})
    assert no_minutes.status_code == 400 and no_minutes.json()["errors"][0]["field"] == "minutes"
    assert as_(judge).post(url(event, "rounds/1/clock/"), {"action": "pause"}).status_code == 403
    assert APIClient().get(url(event, "rounds/1/clock/")).status_code == 200


def test_penalty_preview_says_a_second_warning_ejects(paired):
    """RULES.md §3 "Warnings": two warnings for the same offense eject the player."""
    director, judge, event, _rnd, tables = paired
    reg = tables[0].seats.first().registration
    body = {"registration": reg.pk, "offense": "slow_play"}
    first = as_(judge).post(url(event, "penalties/preview/"), body).json()
    assert first == {"ejects": False, "code": "", "words": ""}
    services.issue_penalty(director, reg, "slow_play", "")
    second = as_(judge).post(url(event, "penalties/preview/"), body).json()
    assert second["ejects"] and second["code"] == "same_offense"
    assert reg.player.display_name in second["words"]
    reg.refresh_from_db()
    assert not reg.ejected  # a preview issues nothing
    player = user_of(tables[1].seats.first().registration)
    assert as_(player).post(url(event, "penalties/preview/"), body).status_code == 403


def test_outsiders_change_nothing(paired):
    """Anonymous visitors and another event's director are refused on every new route,
    and nothing is written."""
    _director, _judge, event, _rnd, tables = paired
    other = make_user("saruman")
    make_event(other)
    routes = [
        ("rounds/1/results/", {"rows": [row(tables[0], (20, 5))]}),
        ("rounds/1/results/check/", row(tables[0], (20, 5))),
        (f"tables/{tables[0].pk}/time/", {"minutes": 5}),
        ("rounds/1/clock/", {"action": "pause"}),
        ("penalties/preview/", {"registration": _seat_reg(tables[0]), "offense": "slow_play"}),
    ]
    before = AuditEntry.objects.count()
    anonymous = APIClient()
    for tail, body in routes:
        assert anonymous.post(url(event, tail), body, format="json").status_code in (401, 403)
        assert as_(other).post(url(event, tail), body).status_code in (403, 404), tail
    assert AuditEntry.objects.count() == before
    assert Table.objects.get(pk=tables[0].pk).status == Table.Status.PENDING


def _seat_reg(table) -> int:
    return table.seats.first().registration_id
