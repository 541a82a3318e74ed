"""what the API does over HTTP besides its operations. Problem details on every
refusal (never HTML), 401 with WWW-Authenticate without credentials and 403 when they are
not enough, validated filters, the one list shape, old addresses sent to /api/v1/, JSON
bodies only, ETag / If-None-Match, read-only CORS and safe retries (Idempotency-Key)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.tournaments.helpers import make_user

pytestmark = pytest.mark.django_db
PROBLEM = "application/problem+json"


def token_client(user: Any) -> Client:
    token, _ = Token.objects.get_or_create(user=user)
    return Client(HTTP_AUTHORIZATION=f"Token {token.key}")


def post(client: Client, url: str, body: Any, **headers: str) -> Any:
    return client.post(url, json.dumps(body), content_type="application/json", headers=headers)


def event_of(director: Any) -> str:
    response = post(token_client(director), "/api/v1/events/", {"name": "Cup", "game": "lore"})
    assert response.status_code == 201
    return response.json()["slug"]


def test_missing_credentials_are_401_with_www_authenticate() -> None:
    response = post(Client(), "/api/v1/events/", {"name": "Cup", "game": "lore"})
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert body["status"] == 401 and body["code"] == "not_authenticated"
    assert body["type"].endswith("/not_authenticated") and body["title"] == "Unauthorized"


def test_credentials_that_are_not_enough_are_403() -> None:
    director = make_user()
    slug = event_of(director)
    post(token_client(director), f"/api/v1/events/{slug}/open/", {})
    response = post(token_client(make_user()), f"/api/v1/events/{slug}/finish/", {})
    assert response.status_code == 403 and response["Content-Type"] == PROBLEM
    assert response.json()["code"] == "permission_denied"


def test_unknown_api_address_is_a_json_404_not_a_page() -> None:
    response = Client().get("/api/v1/no-such-thing/")
    assert response.status_code == 404
    assert response["Content-Type"] == PROBLEM and response.json()["code"] == "not_found"


def test_bodies_are_json_only() -> None:
    client = token_client(make_user())
    response = client.post("/api/v1/events/", {"name": "Cup", "game": "lore"})  # multipart
    assert response.status_code == 415 and response.json()["code"] == "unsupported_media_type"
    bad = client.post("/api/v1/events/", "{oops", content_type="application/json")
    assert bad.status_code == 400 and bad.json()["code"] == "parse_error"


def test_field_errors_are_listed_with_their_paths() -> None:
    response = post(token_client(make_user()), "/api/v1/events/", {"game": "chess"})
    assert response.status_code == 400
    fields = {e["field"]: e["code"] for e in response.json()["errors"]}
    assert fields == {"name": "required", "game": "invalid_choice"}


def test_filters_are_validated_and_lists_have_one_shape() -> None:
    director = make_user()
    for _ in range(3):
        event_of(director)
    client = token_client(director)
    page = client.get("/api/v1/events/?page_size=2").json()
    assert page["count"] == 3 and len(page["results"]) == 2 and page["previous"] is None
    assert client.get(page["next"]).json()["results"]
    assert client.get("/api/v1/events/?status=draft").json()["count"] == 3
    assert client.get("/api/v1/events/?status=finished").json()["count"] == 0
    bogus = client.get("/api/v1/events/?status=bogus")
    assert bogus.status_code == 400
    assert [e["field"] for e in bogus.json()["errors"]] == ["status"]
    assert client.get("/api/v1/events/?game=chess").status_code == 400
    assert client.get("/api/v1/events/?page=99").status_code == 404


def test_old_unversioned_addresses_redirect_keeping_the_method() -> None:
    response = Client().get("/api/events/?game=lore")
    assert response.status_code == 308 and response["Location"] == "/api/v1/events/?game=lore"
    assert Client().post("/api/token/").status_code == 308


def test_paths_without_the_trailing_slash_work_as_the_schema_writes_them() -> None:
    director = make_user()
    slug = event_of(director)
    assert Client().get("/api/v1/events").status_code == 200
    assert token_client(director).get(f"/api/v1/events/{slug}").json()["slug"] == slug
    assert post(token_client(director), f"/api/v1/events/{slug}/open", {}).status_code == 200


def test_standings_answer_304_when_nothing_changed() -> None:
    director = make_user()
    slug = event_of(director)
    post(token_client(director), f"/api/v1/events/{slug}/open/", {})
    first = Client().get(f"/api/v1/events/{slug}/standings/")
    etag = first["ETag"]
    assert first.status_code == 200 and etag.startswith('"')
    again = Client().get(f"/api/v1/events/{slug}/standings/", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    post(token_client(director), f"/api/v1/events/{slug}/walkins/", {"display_name": "Tom"})
    changed = Client().get(f"/api/v1/events/{slug}/standings/", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_public_reads_allow_any_origin_writes_do_not() -> None:
    origin = {"Origin": "https://overlay.example"}
    read = Client().get("/api/v1/events/", headers=origin)
    assert read["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in read
    preflight = Client().options(
        "/api/v1/events/", headers={**origin, "Access-Control-Request-Method": "GET"}
    )
    assert preflight.status_code == 204
    assert "POST" not in preflight["Access-Control-Allow-Methods"]
    write = post(
        token_client(make_user()), "/api/v1/events/", {"name": "C", "game": "lore"}, **origin
    )
    assert "Access-Control-Allow-Origin" not in write


def test_a_retried_walk_in_creates_one_player() -> None:
    director = make_user()
    slug = event_of(director)
    client = token_client(director)
    post(client, f"/api/v1/events/{slug}/open/", {})
    url = f"/api/v1/events/{slug}/walkins/"
    first = post(client, url, {"display_name": "Tom"}, **{"Idempotency-Key": "k1"})
    again = post(client, url, {"display_name": "Tom"}, **{"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json() and again["Idempotent-Replayed"] == "true"
    registrations = client.get(f"/api/v1/events/{slug}/registrations/").json()
    assert registrations["count"] == 1
    other = post(client, url, {"display_name": "Bombadil"}, **{"Idempotency-Key": "k1"})
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"
    # Keys are per caller: another director's k1 is his own.
    stranger = post(
        token_client(make_user()), url, {"display_name": "Tom"}, **{"Idempotency-Key": "k1"}
    )
    assert stranger.status_code == 403
    too_long = post(client, url, {"display_name": "X"}, **{"Idempotency-Key": "k" * 300})
    assert too_long.status_code == 400


@pytest.mark.parametrize("size", ["null", "0", "501", "-1", "2.5"])
def test_a_bad_page_size_is_a_400_not_the_default(size: str) -> None:
    """Found by schemathesis: ?page_size=null answered the default page (bad
    filter values are 400)."""
    bad = Client().get(f"/api/v1/events/?page_size={size}")
    assert bad.status_code == 400 and bad["Content-Type"] == "application/problem+json"
    assert [e["field"] for e in bad.json()["errors"]] == ["page_size"]
    assert Client().get("/api/v1/events/?page_size=500").status_code == 200


def test_refusals_before_the_view_are_problem_details_too() -> None:
    """The NUL refusal happens in a middleware, before DRF; it is still RFC 9457."""
    refused = Client().get("/api/v1/events/?q=%00")
    assert refused.status_code == 400
    assert refused["Content-Type"] == "application/problem+json"
    body = refused.json()
    assert {"type", "title", "status", "detail", "code"} <= set(body)
    assert body["code"] == "invalid_input" and body["status"] == 400
