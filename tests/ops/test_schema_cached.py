"""The API schema is built once per process and language, not on every request: a
dozen anonymous clients on it used to slow every page of the site."""

from __future__ import annotations

import pytest
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from core import schema_view

pytestmark = pytest.mark.django_db


def test_the_schema_is_built_once_and_served_again(monkeypatch) -> None:
    monkeypatch.setattr(schema_view, "BUILT", {})
    built = []
    real = SchemaGenerator.get_schema

    def counting(self, *args, **kwargs):
        built.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counting)
    first = Client().get("/api/v1/schema/?format=json")
    again = Client().get("/api/v1/schema/?format=json")
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert any(path.startswith("/api/v1/events") for path in again.json()["paths"])
    assert len(built) == 1


def test_each_language_has_its_own_schema(monkeypatch) -> None:
    monkeypatch.setattr(schema_view, "BUILT", {})
    english = Client().get("/api/v1/schema/?format=json").json()
    spanish = Client().get("/api/v1/schema/?format=json", HTTP_ACCEPT_LANGUAGE="es").json()
    assert len(schema_view.BUILT) == 2
    assert english["paths"].keys() == spanish["paths"].keys()
