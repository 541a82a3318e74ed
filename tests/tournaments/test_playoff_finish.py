"""A finished event with a top cut names the playoff champion and the playoff places
everywhere (RULES.md §3 "Top cut": "the winner's bonus goes to the playoff winner" — the
champion is the playoff winner), and an event cannot be finished, nor stuck, while its
playoff is undecided."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from audit.models import AuditEntry
from core.errors import Conflict
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import Event, PlayoffMatch
from tournaments.views import presenters

pytestmark = pytest.mark.django_db


def _swiss_done(cut=4, players=8, rounds=3):
    director = make_user("td")
    event = make_event(director, planned_rounds=rounds)
    register_users(event, players)
    services.set_top_cut(director, event, cut, "replay")
    for n in range(rounds):
        play_round(director, services.pair_next_round(director, event, seed=30 + n))
    services.start_playoff(director, event)
    return director, event


def _play(director, event, stage, slot, high, low):
    match = PlayoffMatch.objects.get(event=event, stage=stage, slot=slot)
    return services.report_playoff_result(director, event, match.pk, high, low)


def _decided_top4(director, event):
    """Seed 4 beats seed 1, seed 2 beats seed 3, then seed 4 wins the final (LoRE: more
    marshalling points win, RULES.md §2)."""
    semi1 = _play(director, event, 1, 0, 8, 12)
    semi2 = _play(director, event, 1, 1, 15, 3)
    final = _play(director, event, 2, 0, 4, 20)
    return semi1, semi2, final


def test_finishing_is_refused_while_the_playoff_is_undecided_saying_what_to_do():
    director, event = _swiss_done()
    _play(director, event, 1, 0, 8, 12)
    with pytest.raises(Conflict) as refused:
        services.finish_event(director, event)
    assert refused.value.code == "playoff_undecided"
    todo = refused.value.problems
    semi2 = PlayoffMatch.objects.get(event=event, stage=1, slot=1)
    final = PlayoffMatch.objects.get(event=event, stage=2)
    assert todo == [
        {"code": "record_result", "match": semi2.pk, "stage": "semi_final", "slot": 1},
        {"code": "waits_for_players", "match": final.pk, "stage": "final", "slot": 0},
        {"code": "cancel_top_cut"},
    ]
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING


def test_a_decided_playoff_lets_the_event_finish_and_cannot_be_cancelled():
    director, event = _swiss_done()
    _decided_top4(director, event)
    with pytest.raises(Conflict) as refused:
        services.cancel_top_cut(director, event)
    assert refused.value.code == "playoff_decided"
    assert services.finish_event(director, event).status == Event.Status.FINISHED


def test_cancelling_an_undecided_top_cut_is_audited_and_unblocks_the_event():
    director, event = _swiss_done()
    _play(director, event, 1, 0, 8, 12)
    services.cancel_top_cut(director, event)
    assert not event.playoff_matches.exists()
    assert services.event_settings(event).top_cut == 0
    entry = AuditEntry.objects.get(action="playoff_cancel")
    assert entry.before["top_cut"] == 4 and len(entry.before["matches"]) == 3
    assert [m["status"] for m in entry.before["matches"]] == ["done", "pending", "waiting"]
    event = services.finish_event(director, event)
    swiss = services.event_standings(event)
    summary = presenters.finished_summary(event)
    assert summary.winner.registration == swiss[0].registration  # the Swiss winner again
    assert not getattr(summary.winner, "reached", None)


def test_only_the_director_cancels_a_top_cut():
    _, event = _swiss_done(cut=2)
    with pytest.raises(Exception) as refused:
        services.cancel_top_cut(make_user("someone"), event)
    assert getattr(refused.value, "status_code", None) == 403
    assert event.playoff_matches.exists()


def test_the_finished_summary_names_the_champion_and_the_playoff_places():
    director, event = _swiss_done()
    semi1, _, final = _decided_top4(director, event)
    swiss = [r.registration.pk for r in services.event_standings(event)]
    event = services.finish_event(director, event)
    summary = presenters.finished_summary(event)
    assert summary.winner.registration.pk == final.low_id == semi1.low_id != swiss[0]
    assert summary.winner.rank == 1 and summary.winner.reached == "champion"
    top = [(r.rank, r.registration.pk, r.reached) for r in summary.top]
    # The final places builder (final_standings) decides the order: nothing recomputed.
    expected = [(p, row.registration.pk) for p, row in services.final_standings(event)]
    assert [(p, pk) for p, pk, _ in top] == expected[:8]
    assert [r for _, _, r in top[:4]] == ["champion", "final", "semi_final", "semi_final"]
    assert [r for _, _, r in top[4:]] == [None] * 4
    assert [pk for _, pk, _ in top[4:]] == swiss[4:8]  # outside the cut: the Swiss order


def test_the_pages_and_the_api_show_the_final_places(client):
    director, event = _swiss_done(cut=2)
    final = _play(director, event, 1, 0, 6, 18)  # seed 2 wins the final
    event = services.finish_event(director, event)
    champion = final.low.player.display_name
    swiss_first = final.high.player.display_name
    page = client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert f"Champion (playoff winner): {champion}" in page
    assert "Finalist" in page
    for name in ("event-standings", "print-standings", "projector-standings"):
        html = client.get(reverse(name, args=[event.slug])).content.decode()
        assert html.index(champion) < html.index(swiss_first), name
    rows = client.get(f"/api/v1/events/{event.slug}/standings/").json()
    rows = rows.get("results", rows) if isinstance(rows, dict) else rows
    assert rows[0]["rank"] == 1 and rows[0]["registration"] == final.low_id


def test_the_director_cancels_on_the_bracket_page(client):
    director, event = _swiss_done(cut=2)
    client.force_login(director)
    page = client.get(reverse("event-bracket", args=[event.slug])).content.decode()
    assert "Cancel the top cut" in page
    url = reverse("playoff-action", args=[event.slug, "cancel"])
    client.post(url)  # no confirmation ticked: nothing happens
    assert event.playoff_matches.exists()
    client.post(url, {"confirm": "1"})
    assert not event.playoff_matches.exists()


def test_api_finish_refusal_and_cancel_are_problem_details():
    director, event = _swiss_done(cut=2)
    api = APIClient()
    api.force_authenticate(director)
    refused = api.post(f"/api/v1/events/{event.slug}/finish/", {}, format="json")
    assert refused.status_code == 409
    assert refused["Content-Type"].startswith("application/problem+json")
    body = refused.json()
    assert body["code"] == "playoff_undecided"
    assert [p["code"] for p in body["problems"]] == ["record_result", "cancel_top_cut"]
    url = f"/api/v1/events/{event.slug}/playoff/cancel/"
    api.force_authenticate(make_user("stranger"))
    assert api.post(url, {"confirm": True}, format="json").status_code == 403
    api.force_authenticate(director)
    unconfirmed = api.post(url, {"confirm": False}, format="json")
    assert unconfirmed.status_code == 400
    assert unconfirmed["Content-Type"].startswith("application/problem+json")
    assert event.playoff_matches.exists()
    done = api.post(url, {"confirm": True}, format="json")
    assert done.status_code == 200 and done.json() == {"cancelled": True, "top_cut": 0}
    again = api.post(url, {"confirm": True}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "no_playoff"
    assert api.post(f"/api/v1/events/{event.slug}/finish/", {}, format="json").status_code == 200
