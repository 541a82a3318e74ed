"""Top-cut games in the rating ledger (RULES.md §3 "Top cut": "Playoff games are rated like
any other game; the winner's bonus goes to the playoff winner"; §6 / 000 Part VI §3
"Ratings"). Checked against the independent reading in tests/e2e/reference.py."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.timezone import now

from ratings import services as ratings
from ratings.models import RatingEntry
from ratings.services.playoff_games import playoff_stage
from tests.e2e import reference as ref
from tests.ratings.factories import approve_directly
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import Event, EventSettings, PlayoffMatch, Seat

pytestmark = pytest.mark.django_db


def _swiss(players=8, rounds=3, cut=4, tie="replay", sanctioned=True):
    director = make_user()
    event = make_event(director, planned_rounds=rounds, sanctioned=sanctioned)
    approve_directly(event)  # rated once its league approved it
    register_users(event, players)
    services.set_top_cut(director, event, cut, tie)
    for n in range(rounds):
        play_round(director, services.pair_next_round(director, event, seed=20 + n))
    services.start_playoff(director, event)
    return director, event


def _result(director, event, stage, slot, high, low):
    match = PlayoffMatch.objects.get(event=event, stage=stage, slot=slot)
    return services.report_playoff_result(director, event, match.pk, high, low)


def _reference_book(event, playoff):
    """The ledger from the rulebook alone: the Swiss rounds in order, then each playoff
    game (``playoff``: stage, high, low, high MPs, low MPs in the order they were
    decided), then the bonus to the champion."""
    player_of = {str(r.pk): r.player_id for r in event.registrations.all()}
    book = ref.RatingBook()
    for rnd in event.rounds.order_by("number"):
        tables = []
        for table in rnd.tables.filter(is_bye=False):
            seats = Seat.objects.filter(table=table)
            tables.append(ref.score_table({str(s.registration_id): s.mps for s in seats}))
        book.rate_round(event.name, rnd.number, tables, player_of)
    swiss = event.rounds.count()
    for stage, high, low, high_mps, low_mps in playoff:
        table = ref.score_table({str(high): high_mps, str(low): low_mps})
        book.rate_round(event.name, swiss + stage, [table], player_of)
    return book, player_of


def _ledger(event):
    """The event's ledger rows; the timeline order (steps) is checked by the replay."""
    rows = RatingEntry.objects.filter(event=event)
    rows = sorted(rows, key=lambda r: (r.round_number or 99, r.kind != "game", r.player_id))
    return [(e.player_id, e.round_number, e.kind, e.before, e.change, e.after) for e in rows]


def _book_rows(book):
    rows = sorted(book.rows, key=lambda r: (r.round_number or 99, r.kind != "game", r.player))
    return [(r.player, r.round_number, r.kind, r.before, r.change, r.after) for r in rows]


def test_playoff_games_are_rated_and_the_champion_gets_the_bonus(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        director, event = _swiss()
        semi1 = _result(director, event, 1, 0, 8, 12)  # seed 4 beats seed 1 (4–2 band)
        semi2 = _result(director, event, 1, 1, 15, 3)  # seed 2 wins 6–0
        final = PlayoffMatch.objects.get(event=event, stage=2)
        _result(director, event, 2, 0, 10, 10)  # tied: replayed (the event's rule)
        final = _result(director, event, 2, 0, 4, 20)
        services.finish_event(director, event)
    played = [
        (1, semi1.high_id, semi1.low_id, 8, 12),
        (1, semi2.high_id, semi2.low_id, 15, 3),
        (2, final.high_id, final.low_id, 4, 20),
    ]
    book, player_of = _reference_book(event, played)
    champion = player_of[str(final.low_id)]
    book.winner_bonus(event.name, champion)
    assert _ledger(event) == _book_rows(book)
    bonus = RatingEntry.objects.get(event=event, kind=RatingEntry.Kind.BONUS)
    assert bonus.player_id == champion
    assert bonus.change == 3 + 2  # three Swiss games and two playoff games, no bye (8 players)
    # A replay from the stored results writes the same ledger.
    before = ratings.ledger_snapshot(event.game)
    ratings.replay_game(event.game)
    assert ratings.ledger_snapshot(event.game) == before


def test_a_tie_the_director_decides_is_rated_as_the_draw_it_was():
    """RULES.md §6: a draw moves by the rating-difference modification alone."""
    director, event = _swiss(cut=2, tie=EventSettings.TieRule.DIRECTOR)
    match = _result(director, event, 1, 0, 10, 10)
    assert match.status == PlayoffMatch.Status.TIED
    assert not RatingEntry.objects.filter(event=event, round_number=4).exists()
    services.decide_playoff_tie(director, event, match.pk, match.low_id)
    rows = RatingEntry.objects.filter(event=event, round_number=4).order_by("player_id")
    assert [r.result for r in rows] == ["draw", "draw"]
    book, _ = _reference_book(event, [(1, match.high_id, match.low_id, 10, 10)])
    assert _ledger(event) == _book_rows(book)


def test_bonus_waits_for_the_final_when_the_event_finished_first():
    """An event finished before its final (finish_event now refuses that: an older one)."""
    director, event = _swiss(cut=2)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED, finished_at=now())
    event.refresh_from_db()
    ratings.rate_finished_event(event)
    assert not RatingEntry.objects.filter(event=event, kind="bonus").exists()
    final = _result(director, event, 1, 0, 18, 6)
    bonus = RatingEntry.objects.get(event=event, kind="bonus")
    assert bonus.player.pk == final.high.player_id and bonus.change == 4
    before = ratings.ledger_snapshot(event.game)
    ratings.replay_game(event.game)
    assert ratings.ledger_snapshot(event.game) == before


def test_an_unsanctioned_event_rates_no_playoff_game():
    director, event = _swiss(cut=2, sanctioned=False)
    _result(director, event, 1, 0, 18, 6)
    assert not RatingEntry.objects.filter(event=event).exists()


def test_matches_decided_before_the_field_existed_get_their_audit_time():
    """The migration's backfill: a replay can then place (and rate) older playoff games."""
    import importlib

    from django.apps import apps

    from audit.models import AuditEntry

    migration = importlib.import_module("tournaments.migrations.0009_playoff_match_decided_at")
    director, event = _swiss(cut=2)
    final = _result(director, event, 1, 0, 18, 6)
    logged = AuditEntry.objects.filter(action="playoff_result", object_id=str(final.pk)).get().at
    PlayoffMatch.objects.filter(pk=final.pk).update(decided_at=None)
    migration.backfill(apps, None)
    assert PlayoffMatch.objects.get(pk=final.pk).decided_at == logged


def test_a_cancelled_top_cut_leaves_the_ledger_and_the_swiss_winner_gets_the_bonus(
    django_capture_on_commit_callbacks,
):
    """The way out of an undecided playoff: its rated games leave the ledger (a replay),
    and the bonus goes to the Swiss winner as in an event without a top cut (§6)."""
    with django_capture_on_commit_callbacks(execute=True):
        director, event = _swiss(cut=4)
        _result(director, event, 1, 0, 8, 12)
    assert RatingEntry.objects.filter(event=event, round_number=4).count() == 2
    with django_capture_on_commit_callbacks(execute=True):
        services.cancel_top_cut(director, event)
        services.finish_event(director, event)
    book, player_of = _reference_book(event, [])
    leader = services.event_standings(event)[0].registration
    book.winner_bonus(event.name, player_of[str(leader.pk)])
    assert _ledger(event) == _book_rows(book)


def test_the_rating_page_names_playoff_games_by_their_stage(client):
    """A player's rating page: Swiss games by round number, playoff games by stage."""
    director, event = _swiss(cut=4)
    semi = _result(director, event, 1, 0, 8, 12)  # seed 4 goes through
    _result(director, event, 1, 1, 15, 3)
    _result(director, event, 2, 0, 4, 20)
    player = semi.low.player
    page = client.get(reverse("player-ratings", args=[player.pk])).content.decode()
    cells = re.findall(r'data-label="Round">([^<]*)</td>', page)
    assert cells == ["1", "2", "3", "Playoff: semi-final", "Playoff: final"]


def test_double_elimination_games_are_rated_and_the_champion_gets_the_bonus(
    django_capture_on_commit_callbacks,
):
    """RULES.md §8 (PC Worlds: the top 8 play double elimination) with §6: every game of
    the bracket is rated like any other game, a bye is not, and the winner's bonus goes to
    the champion, one point per game he played."""
    director = make_user()
    event = make_event(director, planned_rounds=3, sanctioned=True)
    approve_directly(event)
    register_users(event, 8)
    services.set_top_cut(director, event, 5, "replay", kind="double", reset=True)
    with django_capture_on_commit_callbacks(execute=True):
        for n in range(3):
            play_round(director, services.pair_next_round(director, event, seed=20 + n))
        services.start_playoff(director, event)
        while match := event.playoff_matches.filter(status=PlayoffMatch.Status.PENDING).first():
            services.report_playoff_result(director, event, match.pk, 12, 5)
        services.finish_event(director, event)
    games = list(event.playoff_matches.filter(status=PlayoffMatch.Status.DONE))
    assert event.playoff_matches.filter(status=PlayoffMatch.Status.BYE, side="upper").count() == 3
    swiss = event.rounds.count()
    rated = RatingEntry.objects.filter(event=event, kind="game", round_number__gt=swiss)
    assert rated.count() == 2 * len(games)
    book, _player_of = _reference_book(
        event, [(m.stage, m.high_id, m.low_id, 12, 5) for m in sorted(games, key=lambda m: m.stage)]
    )
    champion = services.final_standings(event)[0][1].registration
    book.winner_bonus(event.name, champion.player_id)
    assert _ledger(event) == _book_rows(book)
    bonus = RatingEntry.objects.get(event=event, kind=RatingEntry.Kind.BONUS)
    played = sum(1 for m in games if champion.pk in (m.high_id, m.low_id))
    assert bonus.player_id == champion.player_id and bonus.change == 3 + played
    # The rating page names the game's stage by the kind of playoff.
    assert playoff_stage(event.pk, swiss + 1) == "double_elimination"
    assert playoff_stage(event.pk, swiss) is None
    before = ratings.ledger_snapshot(event.game)
    ratings.replay_game(event.game)
    assert ratings.ledger_snapshot(event.game) == before
