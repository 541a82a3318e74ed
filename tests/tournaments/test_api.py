"""The tournaments API: the same operations as the pages, with 4xx for every refusal."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_user
from tournaments.models import Event, Registration

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def fields(response) -> set[str]:
    """The fields a 400 names (problem details: one entry per field in "errors")."""
    return {e["field"].split(".")[0].split("[")[0] for e in response.json()["errors"] if e["field"]}


def create_event(director, **extra):
    body = {"name": "Api Cup", "game": "lore", **extra}
    response = client_for(director).post("/api/v1/events/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_create_validates_fields():
    director = make_user()
    api = client_for(director)
    response = api.post("/api/v1/events/", {"name": "", "game": "chess"}, format="json")
    assert response.status_code == 400
    assert fields(response) >= {"name", "game"}
    response = api.post(
        "/api/v1/events/", {"name": "X", "game": "lore", "round_minutes": 0}, format="json"
    )
    assert response.status_code == 400 and "round_minutes" in fields(response)
    response = api.post(
        "/api/v1/events/", {"name": "X", "game": "metw", "multiplayer": True}, format="json"
    )
    assert response.status_code == 400 and "multi-player" in response.json()["detail"]
    assert client_for().post(
        "/api/v1/events/", {"name": "X", "game": "lore"}, format="json"
    ).status_code in (401, 403)


def test_event_lifecycle_and_permissions():
    director = make_user()
    event = create_event(director, sanctioned=True, decklists_required=True)
    slug = event["slug"]
    assert (
        event["status"] == "draft" and event["round_minutes"] == 60 and event["break_minutes"] == 15
    )
    # Drafts are hidden from everyone but the director.
    assert client_for().get(f"/api/v1/events/{slug}/").status_code == 404
    assert all(e["slug"] != slug for e in client_for().get("/api/v1/events/").json()["results"])
    other = make_user()
    assert client_for(other).post(f"/api/v1/events/{slug}/open/").status_code in (403, 404)
    assert client_for(director).post(f"/api/v1/events/{slug}/open/").status_code == 200
    assert client_for(director).post(f"/api/v1/events/{slug}/open/").status_code == 409
    response = client_for(other).patch(f"/api/v1/events/{slug}/", {"name": "Mine"}, format="json")
    assert response.status_code == 403
    response = client_for(director).patch(
        f"/api/v1/events/{slug}/", {"planned_rounds": 2}, format="json"
    )
    assert response.status_code == 200 and response.json()["rounds_total"] == 2
    listed = client_for().get("/api/v1/events/?game=lore").json()["results"]
    assert [e["slug"] for e in listed] == [slug]
    assert client_for().get("/api/v1/events/?game=metw").json()["results"] == []
    # Registration through the API.
    player = make_user()
    response = client_for(player).post(f"/api/v1/events/{slug}/register/")
    assert response.status_code == 201
    assert client_for(player).post(f"/api/v1/events/{slug}/register/").status_code == 409
    reg_id = response.json()["id"]
    response = client_for(player).post(
        f"/api/v1/events/{slug}/registrations/{reg_id}/check-in/", {}, format="json"
    )
    assert response.status_code == 200 and response.json()["checked_in"]
    assert (
        client_for(other).post(f"/api/v1/events/{slug}/registrations/{reg_id}/drop/").status_code
        == 403
    )
    response = client_for(director).post(f"/api/v1/events/{slug}/walkins/", {}, format="json")
    assert response.status_code == 400 and "display_name" in fields(response)
    response = client_for(director).post(
        f"/api/v1/events/{slug}/walkins/", {"display_name": "Radagast"}, format="json"
    )
    assert response.status_code == 201
    assert (
        client_for(player)
        .post(f"/api/v1/events/{slug}/walkins/", {"display_name": "Sneaky"}, format="json")
        .status_code
        == 403
    )
    regs = client_for().get(f"/api/v1/events/{slug}/registrations/").json()["results"]
    assert {r["player"] for r in regs} == {"Radagast", player.player.display_name}
    assert (
        client_for(director).post(f"/api/v1/events/{slug}/registrations/999999/drop/").status_code
        == 404
    )


def test_result_flow_and_table_permissions():
    director = make_user()
    slug = create_event(director)["slug"]
    client_for(director).post(f"/api/v1/events/{slug}/open/")
    users = [make_user() for _ in range(4)]
    for u in users:
        client_for(u).post(f"/api/v1/events/{slug}/register/")
    assert (
        client_for(users[0])
        .post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json")
        .status_code
        == 403
    )
    response = client_for(director).post(
        f"/api/v1/events/{slug}/rounds/pair/", {"seed": 3}, format="json"
    )
    assert response.status_code == 201, response.content
    rnd = response.json()
    assert rnd["number"] == 1 and rnd["seed"] == 3 and rnd["explanation"]
    by_user = {Registration.objects.get(player__user=u).pk: u for u in users}
    t1, t2 = rnd["tables"]
    a, b = (seat["registration"] for seat in t1["seats"])
    c, _ = (seat["registration"] for seat in t2["seats"])
    body = {"seats": [{"registration": a, "mps": 20}, {"registration": b, "mps": 9}]}
    url = f"/api/v1/events/{slug}/tables/{t1['id']}/"
    # Someone from the other table may not report or confirm this one.
    assert client_for(by_user[c]).post(url + "report/", body, format="json").status_code == 403
    response = client_for(by_user[a]).post(
        url + "report/", {"seats": [{"registration": a, "mps": "x"}]}, format="json"
    )
    assert response.status_code == 400 and "seats" in fields(response)
    response = client_for(by_user[a]).post(
        url + "report/",
        {"seats": [{"registration": a, "mps": 5}, {"registration": b, "mps": 9}], "winner": a},
        format="json",
    )
    assert response.status_code == 400 and response.json()["problems"]
    response = client_for(by_user[a]).post(url + "report/", body, format="json")
    assert response.status_code == 200 and response.json()["status"] == "reported"
    assert client_for(by_user[c]).post(url + "confirm/", {}, format="json").status_code == 403
    assert client_for(by_user[a]).post(url + "confirm/", {}, format="json").status_code == 403
    response = client_for(by_user[b]).post(url + "dispute/", {"note": "I had 12"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "disputed"
    # The next round waits for every table.
    response = client_for(director).post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json")
    assert response.status_code == 409 and "still open" in response.json()["detail"]
    # Re-pairing is refused now that a table has a result.
    assert (
        client_for(director)
        .post(f"/api/v1/events/{slug}/rounds/1/repair/", {}, format="json")
        .status_code
        == 409
    )
    fixed = {
        "seats": [{"registration": a, "mps": 20}, {"registration": b, "mps": 12}],
        "note": "agreed",
    }
    response = client_for(director).post(url + "set/", fixed, format="json")
    assert response.status_code == 200 and response.json()["status"] == "confirmed"
    detail = client_for().get(url).json()
    assert [c["action"] for c in detail["changes"]] == ["report", "dispute", "correction"]
    assert detail["changes"][-1]["before"]["seats"][1]["mps"] == 9
    assert detail["changes"][-1]["after"]["seats"][1]["mps"] == 12
    response = client_for(director).post(f"/api/v1/events/{slug}/rounds/1/start-clock/")
    assert response.status_code == 200 and response.json()["timer"]["ends_at"]
    assert client_for().get(f"/api/v1/events/{slug}/rounds/1/").status_code == 200
    assert client_for().get(f"/api/v1/events/{slug}/rounds/9/").status_code == 404


def test_penalties_api():
    director = make_user()
    slug = create_event(director)["slug"]
    client_for(director).post(f"/api/v1/events/{slug}/open/")
    reg = (
        client_for(director)
        .post(f"/api/v1/events/{slug}/walkins/", {"display_name": "Gollum"}, format="json")
        .json()
    )
    api = client_for(director)
    body = {"registration": reg["id"], "offense": "slow_play", "note": "stalling"}
    assert api.post(f"/api/v1/events/{slug}/penalties/", body, format="json").status_code == 201
    response = api.post(f"/api/v1/events/{slug}/penalties/", body, format="json")
    assert response.status_code == 201 and response.json()["ejected"]
    # The API words the stored code: no code or key reaches a person.
    reason = response.json()["ejection_reason"]
    assert "2 warnings for slow play" in reason and "ejection:" not in reason
    assert (
        api.post(
            f"/api/v1/events/{slug}/penalties/",
            {"registration": reg["id"], "offense": "nope"},
            format="json",
        ).status_code
        == 400
    )
    listed = api.get(f"/api/v1/events/{slug}/penalties/").json()["results"]
    assert [p["kind"] for p in listed] == ["warning", "warning", "ejection"]
    assert client_for(make_user()).get(f"/api/v1/events/{slug}/penalties/").status_code == 403


def test_schema_is_valid_and_lists_the_operations():
    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")
    schema = client_for().get("/api/v1/schema/?format=json").json()
    paths = schema["paths"]
    for path in (
        "/api/v1/events",
        "/api/v1/events/{slug}/register",
        "/api/v1/events/{slug}/rounds/pair",
        "/api/v1/events/{slug}/tables/{table_id}/report",
        "/api/v1/events/{slug}/tables/{table_id}/confirm",
        "/api/v1/events/{slug}/standings",
        "/api/v1/events/{slug}/export.csv",
    ):
        assert path in paths, path


# --------------------------------------------------------------------------- a whole event


def rulebook_points(mps_a: int, mps_b: int) -> tuple[int, int]:
    """000 Part VI §3 Scoring, written again independently of rules_engine."""
    if mps_a == mps_b:
        return 3, 3
    if mps_a < mps_b:
        b, a = rulebook_points(mps_b, mps_a)
        return a, b
    if mps_b <= 0 or mps_a >= 2 * mps_b:
        return 6, 0
    if 2 * mps_a >= 3 * mps_b:
        return 5, 1
    return 4, 2


def bye_for_round(number: int) -> int:
    return {1: 6, 2: 5}.get(number, 4)


def test_whole_event_of_twenty_through_the_api():
    """A 20-player LoRE event with random results: rounds by the table (17–32 players: 5),
    no rematch, byes by the rules (lowest score, nobody twice, 6/5/4), every player's
    points as the rulebook gives them (000 Part VI §3)."""
    rng = random.Random(20)
    director = make_user()
    slug = create_event(director, name="Big Event")["slug"]
    d = client_for(director)
    d.post(f"/api/v1/events/{slug}/open/")
    users = [make_user() for _ in range(20)]
    reg_user = {}
    for u in users:
        reg_user[client_for(u).post(f"/api/v1/events/{slug}/register/").json()["id"]] = u
    assert d.get(f"/api/v1/events/{slug}/").json()["rounds_total"] == 5
    expected: dict[int, int] = defaultdict(int)
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    dropped: set[int] = set()
    for number in range(1, 6):
        if number == 3:
            # One player drops after round 2, so the count turns odd and byes appear.
            gone = sorted(reg_user)[0]
            assert (
                client_for(reg_user[gone])
                .post(f"/api/v1/events/{slug}/registrations/{gone}/drop/")
                .status_code
                == 200
            )
            dropped.add(gone)
        response = d.post(f"/api/v1/events/{slug}/rounds/pair/", {"seed": number}, format="json")
        assert response.status_code == 201, response.content
        rnd = response.json()
        seated = set()
        for table in rnd["tables"]:
            ids = [s["registration"] for s in table["seats"]]
            seated.update(ids)
            assert not dropped & set(ids)
            if table["is_bye"]:
                (pid,) = ids
                assert pid not in byes, "no player may get two byes"
                if number > 1:
                    eligible = [
                        p for p in reg_user if p not in dropped and p not in byes and p != pid
                    ]
                    assert expected[pid] <= min(expected[p] for p in eligible), (
                        "bye to the lowest score"
                    )
                byes.add(pid)
                assert table["seats"][0]["points"] == bye_for_round(number)
                expected[pid] += bye_for_round(number)
                continue
            pair = frozenset(ids)
            assert pair not in met, "the same two players never meet twice"
            met.add(pair)
            a, b = ids
            mps_a, mps_b = rng.randint(0, 30), rng.randint(0, 30)
            body = {"seats": [{"registration": a, "mps": mps_a}, {"registration": b, "mps": mps_b}]}
            url = f"/api/v1/events/{slug}/tables/{table['id']}/"
            assert (
                client_for(reg_user[a]).post(url + "report/", body, format="json").status_code
                == 200
            )
            if rng.random() < 0.5:
                response = client_for(reg_user[b]).post(url + "confirm/", {}, format="json")
            else:
                response = client_for(reg_user[b]).post(url + "report/", body, format="json")
            assert response.status_code == 200 and response.json()["status"] == "confirmed"
            pa, pb = rulebook_points(mps_a, mps_b)
            expected[a] += pa
            expected[b] += pb
        assert seated == set(reg_user) - dropped
    assert len(byes) == 3
    response = d.post(f"/api/v1/events/{slug}/rounds/pair/", {}, format="json")
    assert response.status_code == 409
    standings = client_for().get(f"/api/v1/events/{slug}/standings/").json()["results"]
    assert {row["registration"]: row["points"] for row in standings} == dict(expected)
    points = [row["points"] for row in standings]
    assert points == sorted(points, reverse=True)
    assert d.post(f"/api/v1/events/{slug}/finish/", {}, format="json").status_code == 200
    assert Event.objects.get(slug=slug).status == Event.Status.FINISHED
    export = client_for().get(f"/api/v1/events/{slug}/export/").json()
    assert len(export["rounds"]) == 5 and len(export["standings"]) == 20
    streamed = client_for().get(f"/api/v1/events/{slug}/export.csv").streaming_content
    csv_text = b"".join(streamed).decode()
    assert csv_text.splitlines()[0].startswith("round,table,status")
    assert len(csv_text.splitlines()) == 1 + 20 * 2 + 19 * 3
