"""An event with a top cut survives its export and import ("Audit and recovery",
RULES.md §3 "Top cut"): the bracket, the final places and the ratings (the rated playoff
games and the champion's bonus) come back identical."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.reliability.test_export_import import approve_as_league_staff, ratings_snapshot, wipe
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import Event, PlayoffMatch
from tournaments.services.transfer.imports import import_event

pytestmark = pytest.mark.django_db


def _event_with_top4(django_capture_on_commit_callbacks: Any) -> Event:
    with django_capture_on_commit_callbacks(execute=True):
        director = make_user("td-playoff")
        event = make_event(director, planned_rounds=3, sanctioned=True)
        approve_as_league_staff(event)  # rated once its league approved it
        register_users(event, 8)
        services.set_top_cut(director, event, 4, "director")
        for n in range(3):
            play_round(director, services.pair_next_round(director, event, seed=40 + n))
        services.start_playoff(director, event)
        semi1, semi2 = PlayoffMatch.objects.filter(event=event, stage=1).order_by("slot")
        services.report_playoff_result(director, event, semi1.pk, 8, 12)  # seed 4 through
        services.report_playoff_result(director, event, semi2.pk, 9, 9)  # a tie ...
        services.decide_playoff_tie(director, event, semi2.pk, semi2.low_id)  # ... decided
        final = PlayoffMatch.objects.get(event=event, stage=2)
        services.report_playoff_result(director, event, final.pk, 14, 6)
        return services.finish_event(director, event)


def played_bracket(event: Event) -> list[tuple[Any, ...]]:
    def name(reg: Any) -> str | None:
        return reg.player.display_name if reg else None

    return [
        (m.stage, m.slot, name(m.high), name(m.low), m.high_mps, m.low_mps, name(m.winner),
         m.status, m.decided_by_director, m.decided_at)
        for m in services.playoff_matches(event)
    ]  # fmt: skip


def final_places_of(event: Event) -> list[tuple[int, str, Any]]:
    return [(r.rank, r.name, r.reached) for r in services.final_rows(event)]


def test_round_trip_keeps_bracket_final_places_and_ratings(django_capture_on_commit_callbacks):
    event = _event_with_top4(django_capture_on_commit_callbacks)
    bracket, places, ratings = (
        played_bracket(event),
        final_places_of(event),
        ratings_snapshot("lore"),
    )
    assert places[0][2] == "champion"
    ledger = ratings["ledger"]  # (step, name, round, table, kind, ...)
    assert {r[2] for r in ledger if r[4] == "game" and r[3] is None} == {4, 5}  # the playoff
    assert [r[1] for r in ledger if r[4] == "bonus"] == [places[0][1]]  # the champion's
    document = json.loads(json.dumps(services.export_event(event), default=str))
    assert len(document["playoff"]["matches"]) == 3
    username, slug = event.organizer.username, event.slug

    PlayoffMatch.objects.all().delete()  # they protect their registrations from wipe()
    wipe()
    get_user_model().objects.create_user(username=username, password=None)
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_event(document)
        approve_as_league_staff(imported)  # an imported event waits for the league again
    assert imported.slug == slug
    assert played_bracket(imported) == bracket
    assert final_places_of(imported) == places
    assert ratings_snapshot("lore") == ratings


def test_a_tampered_bracket_is_refused_whole(django_capture_on_commit_callbacks):
    event = _event_with_top4(django_capture_on_commit_callbacks)
    document = json.loads(json.dumps(services.export_event(event), default=str))
    final = document["playoff"]["matches"][-1]
    final["winner"] = final["low"] if final["winner"] == final["high"] else final["high"]
    before = Event.objects.count()
    with pytest.raises(Exception, match="final places"):
        import_event(document, slug="tampered-bracket", replay_ratings=False)
    assert Event.objects.count() == before


def test_a_document_without_round_times_still_rates_the_playoff_after_the_swiss(
    django_capture_on_commit_callbacks,
):
    """Older exports have no round times: the rounds get made-up ones, and the playoff
    games move after them (in their order), so the ledger is the same."""
    event = _event_with_top4(django_capture_on_commit_callbacks)
    ratings = ratings_snapshot("lore")
    document = json.loads(json.dumps(services.export_event(event), default=str))
    for rnd in document["rounds"]:
        del rnd["closed_at"]
    username = event.organizer.username
    PlayoffMatch.objects.all().delete()
    wipe()
    get_user_model().objects.create_user(username=username, password=None)
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_event(document)
        approve_as_league_staff(imported)  # an imported event waits for the league again
    last = imported.rounds.order_by("-number").first().closed_at
    assert all(m.decided_at > last for m in services.playoff_matches(imported))
    assert ratings_snapshot("lore") == ratings


def test_a_double_elimination_round_trip_keeps_sides_byes_places_and_ratings(
    django_capture_on_commit_callbacks,
):
    """RULES.md §8 (double elimination, reset set): the export carries the kind, the
    options and each match's side; the import gives back the same bracket and ledger."""
    with django_capture_on_commit_callbacks(execute=True):
        director = make_user("td-double")
        event = make_event(director, planned_rounds=3, sanctioned=True)
        approve_as_league_staff(event)
        register_users(event, 8)
        services.set_top_cut(director, event, 6, "replay", kind="double", reset=True)
        for n in range(3):
            play_round(director, services.pair_next_round(director, event, seed=40 + n))
        services.start_playoff(director, event)
        low_wins = False
        while match := event.playoff_matches.filter(status=PlayoffMatch.Status.PENDING).first():
            low_wins = not low_wins
            mps = (5, 12) if low_wins else (12, 5)
            services.report_playoff_result(director, event, match.pk, *mps)
        event = services.finish_event(director, event)
    bracket, places, ratings = (
        played_bracket(event),
        final_places_of(event),
        ratings_snapshot("lore"),
    )
    sides = [(m.side, m.side_round) for m in services.playoff_matches(event)]
    document = json.loads(json.dumps(services.export_event(event), default=str))
    assert document["playoff"]["playoff_kind"] == "double"
    PlayoffMatch.objects.all().delete()
    wipe()
    get_user_model().objects.create_user(username="td-double", password=None)
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_event(document)
        approve_as_league_staff(imported)
    assert played_bracket(imported) == bracket
    assert [(m.side, m.side_round) for m in services.playoff_matches(imported)] == sides
    assert final_places_of(imported) == places and places[0][2] == "champion"
    assert ratings_snapshot("lore") == ratings


def test_a_best_of_three_final_round_trip_keeps_its_games_and_ratings(
    django_capture_on_commit_callbacks,
):
    """RULES.md §8 (best of N, each game rated): the export carries every game."""
    with django_capture_on_commit_callbacks(execute=True):
        director = make_user("td-best-of")
        event = make_event(director, planned_rounds=3, sanctioned=True)
        approve_as_league_staff(event)
        register_users(event, 8)
        services.set_top_cut(director, event, 2, "replay", best_of=(1, 3), loser_chooses=True)
        for n in range(3):
            play_round(director, services.pair_next_round(director, event, seed=40 + n))
        (final,) = services.start_playoff(director, event)
        for high, low in ((12, 5), (9, 9), (4, 15), (14, 2)):
            services.report_playoff_result(director, event, final.pk, high, low)
        event = services.finish_event(director, event)

    def games(e: Event) -> list[tuple[Any, ...]]:
        return [
            (g.number, g.high_mps, g.low_mps, g.winner.player.display_name if g.winner else None,
             g.chosen_by.player.display_name if g.chosen_by else None, g.decided_at)
            for m in services.playoff_matches(e) for g in m.games.order_by("number")
        ]  # fmt: skip

    played, places, ratings = games(event), final_places_of(event), ratings_snapshot("lore")
    assert len(played) == 4
    document = json.loads(json.dumps(services.export_event(event), default=str))
    PlayoffMatch.objects.all().delete()
    wipe()
    get_user_model().objects.create_user(username="td-best-of", password=None)
    with django_capture_on_commit_callbacks(execute=True):
        imported = import_event(document)
        approve_as_league_staff(imported)
    assert games(imported) == played
    assert final_places_of(imported) == places
    assert ratings_snapshot("lore") == ratings
