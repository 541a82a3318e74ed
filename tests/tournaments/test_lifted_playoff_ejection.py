"""Lifting an ejection that decided a top-cut match (tournaments.services.playoff_ejection):
the match waits for its result again while nothing after it was played, in double
elimination too (his drop to the lower bracket goes with it); once a later match has a
result the bracket stays and the director is told why, in words."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from audit.models import AuditEntry
from rules_engine.ejection import EJECTION
from tests.tournaments.test_ejected_playoff_match import semis, top_cut
from tournaments import services
from tournaments.models import PlayoffMatch

pytestmark = pytest.mark.django_db


def eject_by_warnings(director, reg):
    services.issue_penalty(director, reg, "slow_play")
    return services.issue_penalty(director, reg, "slow_play")


def seated(event, reg):
    return PlayoffMatch.objects.filter(event=event).filter(high=reg) | PlayoffMatch.objects.filter(
        event=event, low=reg
    )


def test_double_elimination_takes_back_the_match_and_his_drop_to_the_lower_bracket():
    director, event = top_cut("double")
    match = (
        PlayoffMatch.objects.filter(event=event, side="upper", side_round=1, status="pending")
        .order_by("slot")
        .first()
    )
    ejected, opponent = match.high, match.low
    second = eject_by_warnings(director, ejected)
    match.refresh_from_db()
    assert (match.status, match.outcome, match.winner_id) == ("done", EJECTION, opponent.pk)
    assert seated(event, ejected).filter(side="lower").exists()
    services.rescind_penalty(director, second.pk, "misread the clock")
    match.refresh_from_db()
    assert (match.status, match.outcome, match.winner_id) == ("pending", "normal", None)
    assert not seated(event, ejected).exclude(pk=match.pk).exists()
    assert not seated(event, opponent).exclude(pk=match.pk).exists()
    assert AuditEntry.objects.filter(action="playoff_ejection_lifted").count() == 1
    # Played as any other afterwards: the winner goes up, the loser drops.
    services.report_playoff_result(director, event, match.pk, 20, 5)
    assert seated(event, ejected).filter(side="upper", side_round=2).exists()
    assert seated(event, opponent).filter(side="lower").exists()


def test_a_match_a_later_result_depends_on_stays_and_the_director_is_told_why():
    director, event = top_cut()
    semi1, semi2 = semis(event)
    ejected, opponent = semi1.high, semi1.low
    second = eject_by_warnings(director, ejected)
    services.report_playoff_result(director, event, semi2.pk, 20, 5)
    final = PlayoffMatch.objects.get(event=event, stage=2)
    services.report_playoff_result(director, event, final.pk, 20, 5)
    staff = Client()
    staff.force_login(director)
    answer = staff.post(
        reverse("penalty-rescind", args=[event.slug, second.pk]),
        {"note": "misread the clock"},
        follow=True,
    )
    page = answer.content.decode()
    assert "Penalty rescinded." in page
    assert "the bracket was not changed" in page
    assert opponent.player.display_name in page
    ejected.refresh_from_db()
    assert not ejected.ejected  # his record is corrected all the same
    semi1.refresh_from_db()
    assert (semi1.status, semi1.outcome, semi1.winner_id) == ("done", EJECTION, opponent.pk)
    assert not AuditEntry.objects.filter(action="playoff_ejection_lifted").exists()
