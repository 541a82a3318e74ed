"""Events run through the tournaments API, then checked against an independent replay
of the formula: every player's rating after every round, the winner's bonus, and a
correction of an old result (000 Part VI §3 "Ratings", RULES.md §6)."""

from __future__ import annotations

import random

import pytest
from rest_framework.test import APIClient

from ratings import services
from ratings.models import ReplayJob
from tests.ratings.test_ledger import ledger_rows, reference_ledger
from tests.tournaments.helpers import make_user
from tournaments.models import Registration, Seat

pytestmark = pytest.mark.django_db


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def run_event(director, rng: random.Random, players: int = 7, rounds: int = 3) -> str:
    d = api(director)
    response = d.post(
        "/api/v1/events/",
        {
            "name": f"Rated Cup {rng.random()}",
            "game": "lore",
            "sanctioned": True,
            "planned_rounds": rounds,
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    slug = response.json()["slug"]
    assert d.post(f"/api/v1/events/{slug}/open/").status_code == 200
    # Rated only once the league approved it; a superuser holds the permission.
    staff = make_user(f"league-{slug}")
    staff.is_superuser = True
    staff.save(update_fields=["is_superuser"])
    assert api(staff).post(f"/api/v1/ratings/approvals/{slug}/").status_code == 200
    for i in range(players):
        response = d.post(
            f"/api/v1/events/{slug}/walkins/", {"display_name": f"Walker {i}"}, format="json"
        )
        assert response.status_code == 201, response.content
    for number in range(1, rounds + 1):
        response = d.post(f"/api/v1/events/{slug}/rounds/pair/", {"seed": number}, format="json")
        assert response.status_code == 201, response.content
        tables = [t for t in response.json()["tables"] if not t["is_bye"]]
        rng.shuffle(tables)  # results arrive in any order
        for table in tables:
            seats = [
                {"registration": s["registration"], "mps": rng.randint(0, 30)}
                for s in table["seats"]
            ]
            response = d.post(
                f"/api/v1/events/{slug}/tables/{table['id']}/set/", {"seats": seats}, format="json"
            )
            assert response.status_code == 200, response.content
    assert d.post(f"/api/v1/events/{slug}/finish/", {}, format="json").status_code == 200
    return slug


def history_by_player() -> dict[int, list[tuple[int, int | None, int, int]]]:
    """What the ratings API says: every rated game and bonus per player."""
    out = {}
    for player_id in set(Registration.objects.values_list("player_id", flat=True)):
        data = api().get(f"/api/v1/ratings/players/{player_id}/").json()
        entries = data["games"][0]["entries"] if data["games"] else []
        out[player_id] = [(e["event"], e["round_number"], e["before"], e["after"]) for e in entries]
    return out


def reference_by_player() -> dict[int, list[tuple[int, int | None, int, int]]]:
    out: dict[int, list] = {
        pid: [] for pid in set(Registration.objects.values_list("player_id", flat=True))
    }
    for event_id, number, pid, before, after in reference_ledger("lore"):
        out[pid].append((event_id, number, before, after))
    return {pid: sorted(rows, key=lambda r: (r[0], r[1] or 99)) for pid, rows in out.items()}


def test_events_through_the_api_match_an_independent_replay(django_capture_on_commit_callbacks):
    rng = random.Random(6)
    director = make_user("rated-director")
    first = run_event(director, rng)
    run_event(director, rng, players=6)
    assert ledger_rows("lore") == reference_ledger("lore")
    assert {
        p: sorted(r, key=lambda x: (x[0], x[1] or 99)) for p, r in history_by_player().items()
    } == reference_by_player()

    # The director corrects a first-round result of the first event, after both finished.
    d = api(director)
    table = next(
        t for t in d.get(f"/api/v1/events/{first}/rounds/1/").json()["tables"] if not t["is_bye"]
    )
    a, b = (s["registration"] for s in table["seats"])
    mps = dict(Seat.objects.filter(table_id=table["id"]).values_list("registration_id", "mps"))
    # The other player wins it now, by as much as can be.
    new = {a: 0, b: 40} if mps[a] >= mps[b] else {a: 40, b: 0}
    before = services.ledger_snapshot("lore")
    with django_capture_on_commit_callbacks(execute=True):
        response = d.post(
            f"/api/v1/events/{first}/tables/{table['id']}/set/",
            {
                "seats": [{"registration": r, "mps": m} for r, m in new.items()],
                "note": "swapped",
            },
            format="json",
        )
    assert response.status_code == 200, response.content
    job = ReplayJob.objects.get()
    assert job.status == "done" and job.event.slug == first
    progress = api(director).get(f"/api/v1/ratings/jobs/{job.pk}/").json()
    assert progress["percent"] == 100 and progress["status"] == "done"
    assert services.ledger_snapshot("lore") != before
    assert ledger_rows("lore") == reference_ledger("lore")
    corrected = services.ledger_snapshot("lore")
    services.replay_game("lore")  # from scratch: the same ledger
    assert services.ledger_snapshot("lore") == corrected
