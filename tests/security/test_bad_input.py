"""Every 500 found, gone: NUL bytes in form fields and query parameters,
paging numbers the database cannot hold, deeply nested JSON on every JSON endpoint,
and two sign-ups with one user name at the same moment all answer 4xx."""

from __future__ import annotations

from typing import Any
from unittest import mock
from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client, RequestFactory
from rest_framework.request import Request

from accounts.views import SignupForm
from core.middleware import json_depth_exceeds
from core.pagination import MAX_OFFSET, BoundedLimitOffsetPagination
from tests.reliability.test_concurrency import run_concurrently
from tests.security.world import make_user, token_for

pytestmark = pytest.mark.django_db
User = get_user_model()
rf = RequestFactory()


def _signup(client: Client, name: str, *, encoded: bool = False, **extra: str) -> Any:
    data = {
        "username": name,
        "password1": "a-long-enough-pass-42",
        "password2": "a-long-enough-pass-42",
        "display_name": "Maren Holt",
        "membership_number": "",
        **extra,
    }
    if encoded:  # what a browser sends for a form without files
        return client.post(
            "/accounts/signup/", urlencode(data), content_type="application/x-www-form-urlencoded"
        )
    return client.post("/accounts/signup/", data)


def test_a_nul_byte_in_a_form_field_is_refused_not_stored() -> None:
    response = _signup(Client(), "maren", encoded=True, display_name="Maren\x00Holt")
    assert response.status_code == 400
    # Multipart bodies are left to the form's own validator: the form again, with its error.
    response = _signup(Client(), "maren", display_name="Maren\x00Holt")
    assert response.status_code == 200
    assert "Null characters are not allowed" in response.content.decode()
    assert not User.objects.exists()


@pytest.mark.parametrize(
    "path", ["/events/?q=a%00b", "/api/v1/events/?search=%00", "/leagues/?x=\x00"]
)
def test_a_nul_byte_in_a_query_parameter_is_refused(path: str) -> None:
    response = Client().get(path)
    assert response.status_code == 400
    if path.startswith("/api/"):
        assert response.json()["code"] == "invalid_input"


@pytest.mark.parametrize(
    ("query", "offset", "limit"),
    [
        ("offset=949350165228296473673728", MAX_OFFSET, 100),
        ("limit=99999999999999999999", 0, 1000),
        ("offset=-1&limit=-5", 0, 100),
        ("offset=2&limit=1", 2, 1),
    ],
)
def test_paging_numbers_are_clamped_to_what_the_database_holds(
    query: str, offset: int, limit: int, settings: Any
) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "PAGE_SIZE": 100}
    make_user("pager")
    paginator = BoundedLimitOffsetPagination()
    page = paginator.paginate_queryset(User.objects.order_by("pk"), Request(rf.get(f"/?{query}")))
    assert (paginator.offset, paginator.limit) == (offset, limit)
    assert len(page) == (1 if offset == 0 else 0)


def _nested(depth: int) -> str:
    return '{"name": ' * depth + '"x"' + "}" * depth


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/events/",
        "/api/v1/decks/validate/",
        "/api/v1/token/",
        "/api/v1/rules/",
        "/api/v1/ratings/replay/",
    ],
)
def test_deeply_nested_json_is_refused_on_every_json_endpoint(path: str) -> None:
    user = make_user("deep")
    client = Client(HTTP_AUTHORIZATION=f"Token {token_for(user)}")
    response = client.post(path, _nested(100_000), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_input"
    assert response.json()["problems"] == []  # the shape every API error schema accepts


def test_depth_is_counted_outside_strings_only() -> None:
    assert not json_depth_exceeds(b'{"a": "[[[[[[[[[[", "b": [1, [2]]}', 3)
    assert json_depth_exceeds(b'{"a": [[[1]]]}', 3)
    assert not json_depth_exceeds(b'{"a": "\\"[[[[[["}', 2)


def test_a_json_nul_escape_is_refused_by_the_serializer() -> None:
    response = Client().post(
        "/api/v1/token/",
        '{"username": "a\\u0000b", "password": "x"}',
        content_type="application/json",
    )
    assert response.status_code == 400


def test_a_sign_up_that_loses_the_race_for_its_user_name_gets_a_form_error() -> None:
    """The other request's account is saved between this one's check and its save:
    the database's unique index decides, and the loser sees the form again."""
    original = SignupForm.is_valid

    def valid_then_taken(form: SignupForm) -> bool:
        ok = original(form)
        User.objects.create_user(form.cleaned_data["username"], password="x-other-pass-42")
        return ok

    with mock.patch.object(SignupForm, "is_valid", valid_then_taken):
        response = _signup(Client(), "maren")
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert User.objects.filter(username="maren").count() == 1


@pytest.mark.skipif(connection.vendor != "postgresql", reason="parallel writers need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_ten_sign_ups_with_one_name_at_once_make_one_account_and_no_error() -> None:
    responses = run_concurrently([lambda: _signup(Client(), "maren")] * 10, threads=10)
    codes = sorted(r.status_code for r in responses)
    assert all(c < 500 for c in codes), codes
    assert codes.count(302) == 1
    assert User.objects.filter(username="maren").count() == 1


@pytest.mark.skipif(connection.vendor != "postgresql", reason="parallel writers need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_twenty_events_with_one_name_at_once_never_answer_500() -> None:
    users = [make_user(f"maker{i}") for i in range(20)]
    clients = [Client(HTTP_AUTHORIZATION=f"Token {token_for(u)}") for u in users]

    def create(client: Client) -> Any:
        return client.post(
            "/api/v1/events/", {"name": "Bree Cup", "game": "lore"}, content_type="application/json"
        )

    responses = run_concurrently([lambda c=c: create(c) for c in clients], threads=20)
    codes = [getattr(r, "status_code", repr(r)) for r in responses]
    assert all(isinstance(c, int) and c < 500 for c in codes), codes
