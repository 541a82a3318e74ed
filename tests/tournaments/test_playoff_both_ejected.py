"""A top-cut match of two ejected players (tournaments.services.playoff_nobody): nobody
goes on from it (RULES.md §3: an ejected player cannot win or place), the player who
reaches the next match goes on without a game, the bracket reaches its champion, and the
director's pages say so in words."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from audit.models import AuditEntry
from tests.tournaments.test_ejected_playoff_match import semis, top_cut
from tournaments import services
from tournaments.models import PlayoffMatch, Registration
from tournaments.services.playoff_ejection import settle_ejected_matches

pytestmark = pytest.mark.django_db

NOTE = "were both ejected from the tournament, so nobody goes on from their top-cut match"


def pages(director, event):
    staff = Client()
    staff.force_login(director)
    bracket = staff.get(reverse("event-bracket", args=[event.slug])).content.decode()
    dashboard = staff.get(reverse("event-dashboard", args=[event.slug])).content.decode()
    return bracket, dashboard


def test_double_elimination_two_ejected_players_meet_in_the_lower_bracket():
    director, event = top_cut("double")
    first = list(
        PlayoffMatch.objects.filter(event=event, side="upper", side_round=1).order_by("slot")
    )
    ejected = [first[0].high, first[1].high]
    for reg in ejected:
        services.issue_penalty(director, reg, "cheating")
    lower = PlayoffMatch.objects.get(event=event, side="lower", side_round=1)
    assert {lower.high_id, lower.low_id} == {r.pk for r in ejected}
    assert (lower.status, lower.winner_id) == ("done", None)
    assert AuditEntry.objects.filter(action="playoff_ejection_both").count() == 1
    bracket, dashboard = pages(director, event)
    for page in (bracket, dashboard):
        assert NOTE in page
        assert "the player who reaches the next match goes on without a game" in page
        assert "playoff_ejection" not in page
    # The bracket moves on: the upper final's loser goes through the lower final by a bye.
    upper_final = PlayoffMatch.objects.get(event=event, side="upper", side_round=2)
    services.report_playoff_result(director, event, upper_final.pk, 20, 5)
    lower_final = PlayoffMatch.objects.get(event=event, side="lower", side_round=2)
    assert (lower_final.status, lower_final.winner_id) == ("bye", upper_final.low_id)
    grand = PlayoffMatch.objects.get(event=event, side="final", side_round=1)
    assert grand.status == "pending"
    services.report_playoff_result(director, event, grand.pk, 20, 5)
    assert services.finish_blocker(event) is None
    places = [row.registration.pk for _, row in services.final_standings(event)]
    assert set(places[2:4]) == {r.pk for r in ejected}  # below the two still in


def test_single_elimination_the_other_semi_final_winner_goes_on_by_a_bye():
    director, event = top_cut()
    semi1, semi2 = semis(event)
    Registration.objects.filter(pk__in=[semi1.high_id, semi1.low_id]).update(ejected=True)
    settle_ejected_matches(director, event)
    semi1.refresh_from_db()
    assert (semi1.status, semi1.winner_id) == ("done", None)
    final = PlayoffMatch.objects.get(event=event, stage=2)
    assert final.status == "waiting"
    bracket, _dashboard = pages(director, event)
    assert NOTE in bracket
    services.report_playoff_result(director, event, semi2.pk, 20, 5)
    final.refresh_from_db()
    assert (final.status, final.winner_id) == ("bye", semi2.high_id)
    assert services.finish_blocker(event) is None
    places = [row.registration.pk for _, row in services.final_standings(event)]
    assert places[:2] == [semi2.high_id, semi2.low_id]
    assert set(places[2:4]) == {semi1.high_id, semi1.low_id}


def test_lifting_one_of_the_two_ejections_takes_the_bracket_back_while_nothing_was_played():
    director, event = top_cut("double")
    first = list(
        PlayoffMatch.objects.filter(event=event, side="upper", side_round=1).order_by("slot")
    )
    lifted, other = first[0].high, first[1].high
    penalty = services.issue_penalty(director, lifted, "cheating")
    services.issue_penalty(director, other, "cheating")
    assert PlayoffMatch.objects.filter(event=event, status="done", winner=None).count() == 1
    services.rescind_penalty(director, penalty.pk, "it was his opponent")
    mine = PlayoffMatch.objects.get(pk=first[0].pk)
    assert (mine.status, mine.winner_id) == ("pending", None)
    assert not PlayoffMatch.objects.filter(event=event, status="done", winner=None).exists()
    lower = PlayoffMatch.objects.get(event=event, side="lower", side_round=1)
    assert lower.status == "waiting" and lifted.pk not in (lower.high_id, lower.low_id)
