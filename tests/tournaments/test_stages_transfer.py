"""An event's stages survive its export and import: the preset, the plan, who went on to
the round robin (its crosstable comes back the same) and a league's games (RULES.md §8)."""

from __future__ import annotations

import json

import pytest

from core.errors import ServiceError
from ratings.models import RatingEntry
from tests.ratings.factories import approve_directly
from tests.tournaments.helpers import (
    make_event,
    make_user,
    play_round,
    register_users,
)
from tournaments import services
from tournaments.models import Event
from tournaments.services import league_series, stage_plan
from tournaments.services import stages as run
from tournaments.services.transfer.imports import import_event

pytestmark = pytest.mark.django_db


def _names(event: Event) -> list[tuple[str, int, int]]:
    table = run.robin_table(event, 2)
    return [(table.names[r.player], r.points, r.head_to_head) for r in table.rows]


def test_a_round_robin_event_comes_back_with_its_stages_and_crosstable():
    director = make_user("td-transfer")
    event = make_event(director, game="metw", planned_rounds=3)
    stage_plan.apply_preset(director, event, "coe-general-opponent")
    register_users(event, 6)
    for n in range(3):
        play_round(director, services.pair_next_round(director, event, seed=70 + n))
    run.start_stage(director, event)
    for _ in range(2):
        play_round(director, event.rounds.order_by("-number").first())
        run.pair_robin_round(director, event)
    play_round(director, event.rounds.order_by("-number").first())
    event = services.finish_event(director, event)
    # RULES.md §8 (CoE Worlds): the round robin decides the first places and the champion.
    robin = [r.player for r in run.robin_table(event, 2).rows]
    final = services.final_rows(event)
    assert [r.player for r in final[:4]] == robin and [r.rank for r in final] == list(range(1, 7))
    assert final[0].winner and not any(r.winner for r in final[1:])
    document = json.loads(json.dumps(services.export_event(event)))
    assert document["stages"]["preset"] == "coe-general-opponent"
    copy = import_event(document, organizer=director, slug="coe-copy", replay_ratings=False)
    assert copy.preset == "coe-general-opponent"
    assert [(s.kind, s.advance, s.carry_points, s.first_round) for s in copy.stages.all()] == [
        (s.kind, s.advance, s.carry_points, s.first_round) for s in event.stages.all()
    ]
    assert _names(copy) == _names(event)


def _league(event: Event) -> list[tuple[str, int, int, int]]:
    table = league_series.league_table(event)
    assert table is not None
    return [(table.names[r.player], r.points, r.wins, r.losses) for r in table.rows]


def test_a_league_comes_back_with_its_games_and_a_damaged_plan_is_refused():
    director = make_user("td-league-transfer")
    event = make_event(director, game="lotr-tcg")
    event = stage_plan.apply_preset(director, event, "gemp-league")
    (_a, r1), (_b, r2), (_c, r3) = register_users(event, 3)
    league_series.report_league_game(director, event, r1.pk, r2.pk)
    league_series.report_league_game(director, event, r3.pk, r1.pk)
    document = json.loads(json.dumps(services.export_event(event)))
    copy = import_event(document, organizer=director, slug="league-copy", replay_ratings=False)
    assert copy.preset == "gemp-league"
    assert _league(copy) == _league(event)
    assert [row[1] for row in _league(copy)] == [3, 2, 1]  # win 2, loss 1 (RULES.md §8)
    document["stages"]["plan"][0]["kind"] = "round_robin"
    with pytest.raises(ServiceError) as refused:
        import_event(document, organizer=director, slug="league-bad", replay_ratings=False)
    assert refused.value.code == "bad_document"
    assert not Event.objects.filter(slug="league-bad").exists()


def test_the_round_robin_winner_gets_the_winner_s_bonus(django_capture_on_commit_callbacks):
    """RULES.md §8 (CoE Worlds: the round robin decides the champion) and §6 (the
    winner's bonus goes to the event's winner)."""
    with django_capture_on_commit_callbacks(execute=True):
        director = make_user("td-bonus")
        event = make_event(director, game="metw", planned_rounds=3, sanctioned=True)
        approve_directly(event)
        stage_plan.apply_preset(director, event, "coe-general-opponent")
        register_users(event, 6)
        for n in range(3):
            play_round(director, services.pair_next_round(director, event, seed=80 + n))
        stage = run.start_stage(director, event)
        for n in range(3):
            if n:
                run.pair_robin_round(director, event)
            # The worse Swiss rank wins every round robin game: the Swiss leader is last.
            for table in event.rounds.order_by("-number").first().tables.all():
                seats = sorted(
                    table.seats.all(), key=lambda s: stage.seeds.index(s.registration_id)
                )
                services.director_set_result(
                    director, table, {seats[0].registration_id: 5, seats[1].registration_id: 20}
                )
        event = services.finish_event(director, event)
    champion = run.robin_table(event, 2).rows[0].player
    champion_player = event.registrations.get(pk=int(champion)).player_id
    # Not the leader on all points (the Swiss and the round robin together).
    assert services.event_winners(pk=event.pk)[event.pk] != [champion_player]
    bonus = RatingEntry.objects.get(event=event, kind=RatingEntry.Kind.BONUS)
    assert bonus.player_id == champion_player
