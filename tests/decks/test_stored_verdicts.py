"""Verdicts stored before problems carried params (decks/stored.py): on first read they
are re-checked once and get the params of the same problems, so they render in the
reader's language; a verdict the re-check no longer agrees with stands as judged."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from decks import services
from decks.labels import problem_text
from decks.models import DeckListVersion
from decks.stored import STALE, recovered_params, verdict_data
from tests.decks.test_submission import ILLEGAL

pytestmark = pytest.mark.django_db


def _as_stored_before_params(version: DeckListVersion) -> DeckListVersion:
    """The version as the old code stored it: each problem without its params, and its
    English message only."""
    old = {
        **version.verdict,
        "problems": [
            {k: v for k, v in p.items() if k != "params"} for p in version.verdict["problems"]
        ],
    }
    DeckListVersion.objects.filter(pk=version.pk).update(verdict=old)
    return DeckListVersion.objects.get(pk=version.pk)


def test_an_old_verdict_gets_its_params_once_and_renders_translated(metw_event, users):
    # CoE 1.4: three copies at most of a non-unique card (ILLEGAL holds four Orc-lieutenants).
    version = _as_stored_before_params(
        services.submit_decklist(users["alice"], metw_event, ILLEGAL)
    )
    assert all("params" not in p for p in version.verdict["problems"])
    data = verdict_data(version)
    assert "copies_nonunique" in {p["code"] for p in data["problems"]}
    assert all(p["params"] for p in data["problems"] if p["severity"] == "error")
    saved = DeckListVersion.objects.get(pk=version.pk).verdict
    assert saved == data and STALE not in saved
    with translation.override("en"):
        shown = [problem_text(p) for p in data["problems"]]
    assert any("Orc-lieutenant" in s for s in shown)
    # A second read does not re-check: the stored verdict is returned as it is.
    again = DeckListVersion.objects.get(pk=version.pk)
    assert verdict_data(again) is again.verdict


def test_a_verdict_the_recheck_disagrees_with_stands_as_judged(metw_event, users):
    version = _as_stored_before_params(
        services.submit_decklist(users["alice"], metw_event, ILLEGAL)
    )
    judged = [dict(p, code="rule_of_the_day") for p in version.verdict["problems"]]
    DeckListVersion.objects.filter(pk=version.pk).update(
        verdict={**version.verdict, "problems": judged}
    )
    version = DeckListVersion.objects.get(pk=version.pk)
    data = verdict_data(version)
    assert data["problems"] == judged and data[STALE]
    assert problem_text(data["problems"][0]) == judged[0]["message"]


def test_recovered_params_pairs_equal_problems_in_any_order():
    a = {"code": "copies_max", "cards": ["X"], "lines": [3], "severity": "error"}
    b = {"code": "copies_max", "cards": ["Y"], "lines": [5], "severity": "error"}
    fresh = [dict(b, params={"name": "Y"}), dict(a, params={"name": "X"})]
    assert [p["params"] for p in recovered_params([a, b], fresh)] == [{"name": "X"}, {"name": "Y"}]
    assert recovered_params([a], fresh) is None


def test_the_deck_page_shows_an_old_verdict_in_words(metw_event, users):
    version = _as_stored_before_params(
        services.submit_decklist(users["alice"], metw_event, ILLEGAL)
    )
    client = Client()
    client.force_login(users["alice"])
    html = client.get(f"/decks/events/{metw_event.slug}/submit/").content.decode()
    assert "Orc-lieutenant" in html
    assert all(
        "params" in p for p in DeckListVersion.objects.get(pk=version.pk).verdict["problems"]
    )


def test_a_rule_citation_names_no_file_on_the_page():
    """The engine cites RULES.md; a reader sees "tournament rules" (no internal
    string on a page)."""
    from decks.labels import source_text

    with translation.override("en"):
        assert source_text("000 Part IV “Unique”; RULES.md §4.3") == (
            "000 Part IV “Unique”; tournament rules §4.3"
        )
        assert source_text("RULES.md §4.3 (director's setting)") == (
            "tournament rules §4.3 (the director's setting)"
        )


def test_the_formats_page_cites_tournament_rules_not_a_file():
    html = Client().get("/decks/formats/").content.decode()
    assert "RULES.md" not in html
    assert "tournament rules §4" in html
