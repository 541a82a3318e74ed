"""POST /api/rules/score/ and /api/rules/free-council/ (000 Part VI §3; 003 Part II §1;
RULES.md §2, §5). Bad input is a 400 with reasons, never a 500."""

from __future__ import annotations

import json

import pytest
from django.test import Client

SCORE = "/api/v1/rules/score/"
COUNCIL = "/api/v1/rules/free-council/"


@pytest.fixture
def client() -> Client:
    # CSRF checks on: the API must work for a program that has no CSRF token.
    return Client(enforce_csrf_checks=True)


def post(client: Client, url: str, body) -> tuple[int, dict]:
    raw = body if isinstance(body, str) else json.dumps(body)
    response = client.post(url, raw, content_type="application/json")
    return response.status_code, response.json()


def test_issue_example(client):
    """000 Part VI §3 Scoring: 14 against 6 is a ratio ≥ 2 → 6–0."""
    status, body = post(
        client,
        SCORE,
        {
            "game": "lore",
            "round": 3,
            "seats": [{"player": "a", "mps": 14}, {"player": "b", "mps": 6}],
            "one_ring": None,
            "time_called": False,
        },
    )
    assert status == 200, body
    assert body["points"] == {"a": 6, "b": 0}
    assert body["winner"] == "a"
    assert body["band_key"] == "ratio_2" and body["band"] == "ratio ≥ 2 (6–0)"
    assert body["results"] == {"a": "win", "b": "loss"}
    assert body["bye_points"] == 4  # 000 Part VI §3: a round-3 bye is 4
    assert body["time_called"] is False


@pytest.mark.parametrize(
    ("a", "b", "points"),
    [
        (20, 10, [6, 0]),
        (19, 10, [5, 1]),
        (15, 10, [5, 1]),
        (14, 10, [4, 2]),
        (7, 7, [3, 3]),
        (3, 0, [6, 0]),
        (2, -4, [6, 0]),
    ],
)
def test_ratio_boundaries_through_the_api(client, a, b, points):
    """000 Part VI §3 Scoring: exactly 2 → 6–0, exactly 1.5 → 5–1; RULES.md §2: loser ≤ 0 → 6–0."""
    status, body = post(
        client,
        SCORE,
        {"game": "metw", "seats": [{"player": "x", "mps": a}, {"player": "y", "mps": b}]},
    )
    assert status == 200
    assert [body["points"]["x"], body["points"]["y"]] == points


def test_one_ring_field(client):
    """000 Part VI §3: 'one_ring': '<player>' → that player won 7–0."""
    status, body = post(
        client,
        SCORE,
        {
            "game": "lore",
            "seats": [{"player": "a", "mps": 3}, {"player": "b", "mps": 20}],
            "one_ring": "a",
        },
    )
    assert status == 200 and body["points"] == {"a": 7, "b": 0} and body["outcome"] == "one_ring"


def test_one_ring_for_a_player_who_is_not_the_winner(client):
    """000 Part VI §3: the One Ring 7–0 belongs to the winner."""
    status, body = post(
        client,
        SCORE,
        {
            "game": "lore",
            "seats": [{"player": "a", "mps": 3}, {"player": "b", "mps": 20}],
            "one_ring": "a",
            "winner": "b",
        },
    )
    assert status == 400
    assert body["code"] == "impossible_result"
    assert [p["code"] for p in body["problems"]] == ["one_ring_not_winner"]
    assert "'a'" in body["detail"] and "'b'" in body["detail"]


def test_pod_through_the_api(client):
    """000 Part VI 'Multi-player tournaments': tie for the win scored against third place."""
    status, body = post(
        client,
        SCORE,
        {
            "game": "lore",
            "multiplayer": True,
            "seats": [
                {"player": p, "mps": m} for p, m in (("a", 12), ("b", 12), ("c", 8), ("d", 3))
            ],
        },
    )
    assert status == 200
    assert body["points"] == {"a": 5, "b": 5, "c": 1, "d": 0}
    assert body["winner"] is None and body["winners"] == ["a", "b"]


@pytest.mark.parametrize(
    ("payload", "points", "band_key"),
    [
        (
            {"game": "metw", "outcome": "wizard_eliminated", "winner": "b"},
            {"a": 0, "b": 6},
            "elimination",
        ),
        ({"game": "metw", "outcome": "both_corrupted"}, {"a": 0, "b": 0}, "both_lose"),
        (
            {"game": "lotr-tcg", "outcome": "ring_bearer_corrupted", "winner": "a"},
            {"a": 1, "b": 0},
            "win",
        ),
        ({"game": "lotr-dice", "outcome": "sauron_won"}, {"a": 0, "b": 0}, "sauron"),
        (
            {
                "game": "metw",
                "outcome": "wizard_eliminated",
                "winner": "a",
                "settings": {"metw_elimination_points": [5, 1]},
            },
            {"a": 5, "b": 1},
            "elimination",
        ),
    ],
)
def test_special_outcomes(client, payload, points, band_key):
    """003 Part I §1 (Wizard eliminated; both corrupted), 001 (win/loss), 004 (Sauron);
    RULES.md §2 Readings."""
    status, body = post(client, SCORE, {**payload, "seats": [{"player": "a"}, {"player": "b"}]})
    assert status == 200, body
    assert body["points"] == points and body["band_key"] == band_key


def test_time_called_flag_is_kept(client):
    """000 Part VI §3 'Other rules': a time-called game is scored by the MPs at that moment."""
    status, body = post(
        client,
        SCORE,
        {
            "game": "lore",
            "seats": [{"player": "a", "mps": 9}, {"player": "b", "mps": 6}],
            "time_called": True,
        },
    )
    assert status == 200 and body["time_called"] is True and body["points"] == {"a": 5, "b": 1}


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"game": "chess", "seats": []}, "game"),
        ({"seats": []}, "game"),
        ({"game": "lore"}, "seats"),
        (
            {"game": "lore", "seats": [{"player": "a", "mps": 3.5}, {"player": "b", "mps": 1}]},
            "seats[0].mps",
        ),
        (
            {"game": "lore", "seats": [{"player": "a", "mps": "x"}, {"player": "b", "mps": 1}]},
            "seats[0].mps",
        ),
        (
            {"game": "lore", "seats": [{"player": "a", "mps": "14"}, {"player": "b", "mps": 1}]},
            "seats[0].mps",
        ),
        (
            {"game": "lore", "seats": [{"player": "a", "mps": True}, {"player": "b", "mps": 1}]},
            "seats[0].mps",
        ),
        (
            {"game": "lore", "seats": [{"player": "a", "mps": 10**30}, {"player": "b", "mps": 1}]},
            "seats[0].mps",
        ),
        (
            {
                "game": "lore",
                "seats": [{"player": "a", "mps": -(10**30)}, {"player": "b", "mps": 1}],
            },
            "seats[0].mps",
        ),
        (
            {"game": "lore", "seats": [{"player": "a", "mps": 1e300}, {"player": "b", "mps": 1}]},
            "seats[0].mps",
        ),
        ({"game": "lore", "seats": [{"mps": 1}, {"player": "b", "mps": 1}]}, "seats[0].player"),
        (
            {"game": "lore", "seats": [{"player": 7, "mps": 1}, {"player": "b", "mps": 1}]},
            "seats[0].player",
        ),
        ({"game": "lore", "seats": "ab"}, "seats"),
        ({"game": "lore", "seats": [1, 2]}, "seats[0]"),
        ({"game": "lore", "round": 0, "seats": []}, "round"),
        ({"game": "lore", "round": "3", "seats": []}, "round"),
        ({"game": "lore", "time_called": "yes", "seats": []}, "time_called"),
        ({"game": "lore", "multiplayer": 1, "seats": []}, "multiplayer"),
        ({"game": "lore", "outcome": 5, "seats": []}, "outcome"),
        ({"game": ["lore"], "seats": []}, "game"),
    ],
)
def test_bad_shapes_are_400_with_the_field(client, payload, field):
    """Bad input is refused with a message naming the field, never a 500."""
    status, body = post(client, SCORE, payload)
    assert status == 400, body
    assert body["code"] == "invalid"
    assert field in [p["field"] for p in body["errors"]], body
    assert body["detail"]


@pytest.mark.parametrize(
    "raw",
    [
        "nonsense",
        "[1, 2]",
        '"lore"',
        "null",
        '{"game": "lore", "seats": [{"player": "a", "mps": 1e999}]}',
    ],
)
def test_unparseable_or_non_object_bodies(client, raw):
    """Bad JSON or a body that is not an object is a 400, never a 500."""
    status, body = post(client, SCORE, raw)
    assert status == 400 and body["detail"]


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        (
            {
                "game": "lore",
                "seats": [{"player": "a", "mps": 14}, {"player": "b", "mps": 6}],
                "winner": "b",
            },
            "winner_fewer_mps",
        ),
        ({"game": "lore", "seats": [{"player": "a", "mps": 14}]}, "missing_seat"),
        (
            {
                "game": "lore",
                "seats": [
                    {"player": "a", "mps": 1},
                    {"player": "b", "mps": 2},
                    {"player": "c", "mps": 3},
                ],
            },
            "too_many_seats",
        ),
        (
            {"game": "lore", "seats": [{"player": "a", "mps": 1}, {"player": "a", "mps": 2}]},
            "duplicate_seat",
        ),
        ({"game": "lore", "seats": [{"player": "a", "mps": 1}, {"player": "b"}]}, "mps_missing"),
        (
            {
                "game": "metw",
                "multiplayer": True,
                "seats": [{"player": p, "mps": 1} for p in "abc"],
            },
            "multiplayer_not_allowed",
        ),
        (
            {
                "game": "lotr-dice",
                "outcome": "sauron_won",
                "seats": [{"player": "a", "mps": 9}, {"player": "b"}],
            },
            "mps_not_allowed",
        ),
        ({"game": "lotr-tcg", "seats": [{"player": "a"}, {"player": "b"}]}, "winner_required"),
        (
            {
                "game": "lotr-tcg",
                "outcome": "one_ring",
                "winner": "a",
                "seats": [{"player": "a"}, {"player": "b"}],
            },
            "unknown_outcome",
        ),
        (
            {
                "game": "lore",
                "outcome": "glory",
                "seats": [{"player": "a", "mps": 1}, {"player": "b", "mps": 2}],
            },
            "unknown_outcome",
        ),
    ],
)
def test_impossible_results_are_400_with_reasons(client, payload, code):
    """RULES.md §1–2: results that cannot happen are refused with a clear reason."""
    status, body = post(client, SCORE, payload)
    assert status == 400, body
    assert body["code"] == "impossible_result"
    assert code in [p["code"] for p in body["problems"]]


JESSICA = {
    "player": "Jessica",
    "character": 7,
    "item": 2,
    "faction": 2,
    "ally": 2,
    "kill": 0,
    "miscellaneous": 2,
}
JASON = {
    "player": "Jason",
    "character": 8,
    "item": 4,
    "faction": 0,
    "ally": 2,
    "kill": 0,
    "miscellaneous": 0,
    "revealed_duplicates": 3,
}


def test_free_council_rulebook_example(client):
    """003 Part II §1 worked example: Jessica 15 → 17 → 14, Jason 14 → 12; Jessica wins."""
    status, body = post(client, COUNCIL, {"players": [JESSICA, JASON]})
    assert status == 200, body
    jessica, jason = body["players"]
    assert (jessica["start_total"], jessica["after_doubling_total"], jessica["final"]) == (
        15,
        17,
        14,
    )
    doubled = jessica["doubling"][0]
    assert (doubled["category"], doubled["from"], doubled["to"]) == ("faction", 2, 4)
    assert (jason["start_total"], jason["after_half_cap_total"], jason["final"]) == (14, 12, 12)
    assert jason["half_cap"][0]["category"] == "character"
    assert (jason["half_cap"][0]["from"], jason["half_cap"][0]["to"]) == (8, 6)
    assert body["winner"] == "Jessica" and body["tie"] is False
    assert body["half_cap"] == "exact"
    assert body["score"]["points"] == {"Jessica": 4, "Jason": 2}
    assert body["score"]["game"] == "metw"


def test_free_council_round_up_reading(client):
    """RULES.md §5 Reading: round-up leaves Jason 7 character points of 13."""
    status, body = post(
        client, COUNCIL, {"players": [JESSICA, JASON], "half_cap": "round-up", "round": 2}
    )
    assert status == 200
    assert body["players"][1]["final"] == 13
    assert body["score"]["round"] == 2 and body["score"]["bye_points"] == 5


def test_free_council_avatar_and_negative(client):
    """RULES.md §4.4 (CoE 10.3): eliminated avatar −5 last; categories may be negative."""
    a = {
        "player": "A",
        "character": -2,
        "item": 6,
        "faction": 3,
        "ally": 0,
        "kill": 2,
        "miscellaneous": 1,
        "avatar_eliminated": True,
    }
    b = {"player": "B", "character": 4, "item": 2, "faction": 2, "ally": 2}
    status, body = post(client, COUNCIL, {"players": [a, b]})
    assert status == 200, body
    side_a = body["players"][0]
    assert side_a["avatar_penalty"] == -5
    assert side_a["final"] == side_a["after_reveals"] - 5


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"players": [JESSICA]}, "players"),
        ({"players": [JESSICA, JASON, JASON]}, "players"),
        ({"players": [{**JESSICA, "character": 7.5}, JASON]}, "players[0].character"),
        ({"players": [{**JESSICA, "item": "two"}, JASON]}, "players[0].item"),
        (
            {"players": [JESSICA, {**JASON, "revealed_duplicates": -1}]},
            "players[1].revealed_duplicates",
        ),
        (
            {"players": [JESSICA, {**JASON, "avatar_eliminated": "no"}]},
            "players[1].avatar_eliminated",
        ),
        ({"players": [{**JESSICA, "kill": 10**12}, JASON]}, "players[0].kill"),
        ({"players": [JESSICA, JASON], "half_cap": "floor"}, "half_cap"),
        ({}, "players"),
    ],
)
def test_free_council_bad_input(client, payload, field):
    """Bad Free Council input is a 400 naming the field."""
    status, body = post(client, COUNCIL, payload)
    assert status == 400, body
    assert field in [p["field"] for p in body["errors"]]


def test_free_council_same_name_twice(client):
    """003 Part II §1: the Council is between two different players."""
    status, body = post(client, COUNCIL, {"players": [JESSICA, {**JASON, "player": "Jessica"}]})
    assert status == 400 and body["code"] == "impossible_result"


def test_get_is_not_allowed(client):
    """The calculators take POST only."""
    assert client.get(SCORE).status_code == 405


def test_schema_lists_both_endpoints_with_examples(client):
    """The OpenAPI schema documents both calculators, with examples."""
    response = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    for path in ("/api/v1/rules/score", "/api/v1/rules/free-council"):
        operation = schema["paths"][path]["post"]
        examples = operation["requestBody"]["content"]["application/json"]["examples"]
        assert examples
        assert "400" in operation["responses"]


def test_documented_examples_are_what_the_api_answers(client):
    """The schema's response examples are real answers, not hand-written guesses."""
    from calculators.api import COUNCIL_EXAMPLE, SCORE_EXAMPLES

    request = next(e for e in SCORE_EXAMPLES if e.name == "Two-player LoRE game").value
    documented = next(e for e in SCORE_EXAMPLES if e.name == "Scored").value
    assert post(client, SCORE, request) == (200, documented)
    status, body = post(client, COUNCIL, COUNCIL_EXAMPLE)
    assert status == 200 and body["winner"] == "Jessica"


def test_form_encoded_body_is_refused(client):
    """JSON only: a form-encoded body is a 415, not a 500 or a silent misreading."""
    response = client.post(SCORE, {"game": "lore"})
    assert response.status_code == 415


def test_too_many_seats_hints_at_multiplayer(client):
    """RULES.md §1: 3–5 seats only in a multi-player LoRE game."""
    seats = [{"player": p, "mps": i} for i, p in enumerate("abc")]
    status, body = post(client, SCORE, {"game": "lore", "seats": seats})
    assert status == 400 and "mark it multi-player" in body["detail"]


def test_rule_problems_name_the_seat_field(client):
    """Problems about one seat point at it, as the shape errors do (seats[i].mps)."""
    seats = [{"player": "a", "mps": 4}, {"player": "b"}]
    status, body = post(client, SCORE, {"game": "lore", "seats": seats})
    assert status == 400
    assert body["problems"] == [
        {
            "code": "mps_missing",
            "message": "Seat 2 (b): MPs missing; a LoRE game is scored by MPs.",
            "field": "seats[1].mps",
        }
    ]
