"""every refusal answers with a message saying what is wrong. All API errors,
DRF's own included, have one shape: RFC 9457 problem details, {"type", "title",
"status", "detail": a sentence, "code": a key, "errors": one per field}."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions

from core.errors import Conflict
from core.problems import exception_handler


@pytest.mark.parametrize(
    ("exc", "status", "code", "words"),
    [
        (exceptions.ValidationError({"name": ["This field is required."]}), 400, "invalid",
         "Name: This field is required."),
        (exceptions.ValidationError(["Give a list."]), 400, "invalid", "Give a list."),
        (exceptions.ValidationError({"seats": [{"mps": ["A whole number."]}]}), 400, "invalid",
         "Seats #1 › mps: A whole number."),
        (exceptions.NotAuthenticated(), 401, "not_authenticated", "credentials"),
        (exceptions.ParseError(), 400, "parse_error", "Malformed"),
        (exceptions.Throttled(wait=30), 429, "throttled", "throttled"),
        (exceptions.UnsupportedMediaType("text/xml"), 415, "unsupported_media_type", "text/xml"),
        (DjangoValidationError({"slug": ["Taken."]}), 400, "invalid", "Taken."),
        (DjangoValidationError("Broken."), 400, "invalid", "Broken."),
        (Conflict("Round 2 is open.", code="round_open"), 409, "round_open", "Round 2 is open."),
    ],
)  # fmt: skip
def test_every_error_has_a_sentence_and_a_code(exc, status, code, words) -> None:
    response = exception_handler(exc, {})
    assert response.status_code == status
    assert response.data["code"] == code
    assert isinstance(response.data["detail"], str) and words in response.data["detail"]
    assert response.data["status"] == status
    assert response.data["type"].endswith("/" + code)
    assert response.content_type == "application/problem+json"


def test_field_errors_stay_under_their_field() -> None:
    response = exception_handler(exceptions.ValidationError({"round_minutes": ["Too long."]}), {})
    assert response.data["errors"] == [
        {"field": "round_minutes", "code": "invalid", "message": "Too long."}
    ]
    # The sentence people read names the field in words, never its key.
    assert response.data["detail"] == "Round minutes: Too long."


def test_nested_field_errors_carry_their_path() -> None:
    exc = exceptions.ValidationError({"seats": [{}, {"mps": ["A whole number."]}]})
    errors = exception_handler(exc, {}).data["errors"]
    assert [e["field"] for e in errors] == ["seats[1].mps"]
