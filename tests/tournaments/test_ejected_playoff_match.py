"""An ejected player's open top-cut match. RULES.md §3 "Warnings" (two for the same
offense, or any three, eject; cheating at once) says nothing of the game he is playing;
the project's reading (tournaments.services.playoff_ejection, as rules_engine.ejection
for a Swiss table): his open match is lost by him and his opponent goes through, not
rated, audited, taken back when the ejection is lifted. A game of more than two players
stays with the director, and the penalty's message says so in words."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from audit.models import AuditEntry
from rules_engine.ejection import EJECTION
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import EventSettings, PlayoffMatch, Table
from tournaments.words.audit_entries import entry_sentence

pytestmark = pytest.mark.django_db


def top_cut(kind="single"):
    director = make_user("td")
    event = make_event(director, game="lore", planned_rounds=3)
    register_users(event, 8)
    services.set_top_cut(director, event, 4, "replay")
    if kind == "double":
        settings = services.event_settings(event)
        settings.playoff_kind = EventSettings.PlayoffKind.DOUBLE
        settings.save()
    for n in range(3):
        play_round(director, services.pair_next_round(director, event, seed=10 + n))
    services.start_playoff(director, event)
    return director, event


def semis(event):
    return list(PlayoffMatch.objects.filter(event=event, stage=1).order_by("slot"))


def test_the_ejected_player_loses_his_open_match_and_his_opponent_goes_through():
    director, event = top_cut()
    semi1, semi2 = semis(event)
    ejected, opponent = semi1.high, semi1.low
    services.issue_penalty(director, ejected, "cheating")
    semi1.refresh_from_db()
    assert (semi1.status, semi1.outcome, semi1.winner_id) == ("done", EJECTION, opponent.pk)
    assert (semi1.high_mps, semi1.low_mps) == (None, None)
    assert not semi1.decided_by_director  # decided by the rule, not a tie the director broke
    final = PlayoffMatch.objects.get(event=event, stage=2)
    assert opponent.pk in (final.high_id, final.low_id)
    semi2.refresh_from_db()
    assert semi2.status == "pending"  # the other match is not touched
    entry = AuditEntry.objects.get(action="playoff_ejection")
    assert entry.actor == director
    assert entry.after["ejected"] == ejected.player.display_name
    assert entry.after["winner"] == opponent.player.display_name
    assert "open top-cut match as lost" in entry_sentence(entry)
    staff = Client()
    staff.force_login(director)
    page = staff.get(f"/events/{event.slug}/bracket/")
    assert "the other player was ejected from the tournament" in page.content.decode()


def test_a_match_he_reaches_later_is_settled_once_his_opponent_is_known():
    director, event = top_cut()
    semi1, semi2 = semis(event)
    # Seed 1 wins his semi-final, then is ejected while the final waits for its players.
    services.report_playoff_result(director, event, semi1.pk, 20, 5)
    services.issue_penalty(director, semi1.high, "cheating")
    final = PlayoffMatch.objects.get(event=event, stage=2)
    assert final.status == "waiting"
    services.report_playoff_result(director, event, semi2.pk, 20, 5)
    final.refresh_from_db()
    assert (final.status, final.outcome, final.winner_id) == ("done", EJECTION, semi2.high_id)
    places = [row.registration.pk for _, row in services.final_standings(event)]
    assert places[0] == semi2.high_id


def test_double_elimination_drops_him_and_settles_his_lower_bracket_match_too():
    director, event = top_cut("double")
    first = PlayoffMatch.objects.filter(
        event=event, side="upper", side_round=1, status="pending"
    ).order_by("slot")
    match = first.first()
    ejected = match.high
    services.issue_penalty(director, ejected, "cheating")
    open_with_him = PlayoffMatch.objects.filter(event=event, status__in=["pending", "tied"]).filter(
        high=ejected
    ) | PlayoffMatch.objects.filter(event=event, status__in=["pending", "tied"], low=ejected)
    assert not open_with_him.exists()
    assert PlayoffMatch.objects.filter(event=event, outcome=EJECTION).count() >= 1
    assert not PlayoffMatch.objects.filter(event=event, winner=ejected).exists()


def test_lifting_the_ejection_takes_the_match_back():
    director, event = top_cut()
    semi1, _semi2 = semis(event)
    ejected = semi1.high
    services.issue_penalty(director, ejected, "slow_play")
    second = services.issue_penalty(director, ejected, "slow_play")
    semi1.refresh_from_db()
    assert semi1.outcome == EJECTION
    services.rescind_penalty(director, second.pk, "misread the clock")
    semi1.refresh_from_db()
    assert (semi1.status, semi1.outcome, semi1.winner_id) == ("pending", "normal", None)
    final = PlayoffMatch.objects.get(event=event, stage=2)
    assert semi1.low_id not in (final.high_id, final.low_id)
    assert AuditEntry.objects.filter(action="playoff_ejection_lifted").count() == 1
    # The match is played as any other afterwards.
    services.report_playoff_result(director, event, semi1.pk, 20, 5)
    final.refresh_from_db()
    assert semi1.high_id in (final.high_id, final.low_id)


def test_a_game_of_more_than_two_players_stays_with_the_director_in_words():
    director = make_user("td")
    event = make_event(director, multiplayer=True)
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=3)
    pod = rnd.tables.filter(is_bye=False).first()
    assert pod.seats.count() > 2
    ejected = pod.seats.order_by("position").first().registration
    staff = Client()
    staff.force_login(director)
    answer = staff.post(
        reverse("penalty-issue", args=[event.slug]),
        {"registration": ejected.pk, "offense": "cheating", "kind": "ejection", "note": ""},
        follow=True,
    )
    assert answer.status_code == 200
    assert Table.objects.get(pk=pod.pk).status == Table.Status.PENDING
    page = answer.content.decode()
    assert f"round 1 table {pod.number}" in page
    assert "the others play on and you enter its result" in page
