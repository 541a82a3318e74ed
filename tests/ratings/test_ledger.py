"""The rating ledger: written on round close and event finish for sanctioned events,
replayed after corrections (000 Part VI §3 "Ratings", RULES.md §6)."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta

import pytest

from ratings import services
from ratings.formula import START_RATING, rating_change
from ratings.models import PlayerRating, RatingEntry, ReplayJob
from rules_engine import GameResult, score_game
from rules_engine import Seat as EngineSeat
from tests.ratings.factories import (
    approve_directly,
    finish,
    make_event,
    make_players,
    play_round,
    set_result,
)
from tournaments import signals
from tournaments.models import Event, Round, Seat, Table

pytestmark = pytest.mark.django_db


def reference_ledger(game: str) -> list[tuple[int, int | None, int, int, int]]:
    """An independent, slow replay: every closed round of every sanctioned event in
    closing order, each table re-scored from its seats and rated with rating_change
    against the mean of the opponents' start-of-round ratings; then the winner's
    bonus at the event's finish. Rows: (event, round, player, before, after)."""
    ratings: dict[int, int] = defaultdict(lambda: START_RATING)
    steps = []
    rated = {e.pk for e in Event.objects.filter(game=game, sanctioned=True) if _meets_minimum(e)}
    for rnd in Round.objects.filter(event__in=rated, status="closed"):
        steps.append((rnd.closed_at, rnd.event_id, 0, rnd.number, rnd))
    for event in Event.objects.filter(pk__in=rated, status="finished"):
        steps.append((event.finished_at, event.pk, 1, 0, event))
    steps.sort(key=lambda s: s[:4])
    rows = []
    played: dict[tuple[int, int], int] = defaultdict(int)
    for _at, event_id, kind, number, obj in steps:
        if kind == 1:
            from tournaments.services import event_standings

            # RULES.md §6 Reading: everyone sharing first gains it; never an ejected player.
            standings = event_standings(obj)
            for row in standings:
                if row.rank != 1 or row.registration.ejected:
                    continue
                winner = row.registration.player_id
                bonus = played[(event_id, winner)]
                if bonus:
                    rows.append((event_id, None, winner, ratings[winner], ratings[winner] + bonus))
                    ratings[winner] += bonus
            continue
        changes = []
        for table in obj.tables.filter(is_bye=False):
            seats = list(table.seats.order_by("position"))
            player = {str(s.registration_id): s.registration.player_id for s in seats}
            score = score_game(
                GameResult(
                    game,
                    tuple(EngineSeat(str(s.registration_id), s.mps) for s in seats),
                    round_number=number,
                    multiplayer=obj.event.multiplayer,
                    outcome=table.outcome,
                    winner=str(table.winner_id) if table.winner_id else None,
                )
            )
            for rated in score.rated:
                pid = player[rated.player]
                opp = sum(ratings[player[o]] for o in rated.opponents) / len(rated.opponents)
                changes.append((pid, rating_change(ratings[pid], opp, rated.result, rated.points)))
        for pid, change in changes:
            rows.append((event_id, number, pid, ratings[pid], ratings[pid] + change))
            played[(event_id, pid)] += 1
        for pid, change in changes:
            ratings[pid] += change
    return sorted(rows, key=lambda r: (r[0], r[1] or 99, r[2]))


def _meets_minimum(event: Event) -> bool:
    """000 Part VI §3 Sanctioning: at least 5 players (12 multi-player), counting everyone
    still in and everyone who sat at a table."""
    seated = set(Seat.objects.filter(event=event).values_list("registration_id", flat=True))
    players = sum(1 for reg in event.registrations.all() if reg.active or reg.pk in seated)
    return players >= (12 if event.multiplayer else 5)


def ledger_rows(game: str) -> list[tuple[int, int | None, int, int, int]]:
    rows = RatingEntry.objects.filter(game=game).values_list(
        "event_id", "round_number", "player_id", "before", "after"
    )
    return sorted(rows, key=lambda r: (r[0], r[1] or 99, r[2]))


def close(rnd: Round) -> None:
    signals.round_closed.send(sender=Round, round=rnd)


def rating(player, game: str = "lore") -> int:
    pr = PlayerRating.objects.filter(player=player, game=game).first()
    return pr.rating if pr else START_RATING


def test_round_close_writes_one_row_per_player_per_game():
    """000 Part VI §3 Ratings: after each game the winner gains and the loser loses
    the winner's tournament points; byes are not rated."""
    a, b, c, d, e = make_players(5)
    event, r = make_event([a, b, c, d, e])
    rnd = play_round(
        event, 1, [[(r[a.pk], 20), (r[b.pk], 5)], [(r[c.pk], 12), (r[d.pk], 10)]], byes=[r[e.pk]]
    )
    close(rnd)
    rows = {row.player_id: row for row in RatingEntry.objects.all()}
    assert set(rows) == {a.pk, b.pk, c.pk, d.pk}  # the bye is not rated
    assert (rows[a.pk].before, rows[a.pk].change, rows[a.pk].after) == (150, 6, 156)
    assert (rows[b.pk].change, rows[b.pk].result, rows[b.pk].points) == (-6, "loss", 6)
    assert rows[c.pk].change == 4 and rows[d.pk].change == -4
    assert rows[a.pk].table.round == rnd
    assert [rating(p) for p in (a, b, c, d)] == [156, 144, 154, 146]
    assert not PlayerRating.objects.filter(player=e).exists()


def test_unsanctioned_events_are_not_rated():
    """000 Part VI §3 Ratings: "Each player in a sanctioned tournament will get rating points"."""
    a, b = make_players(2)
    event, r = make_event([a, b], sanctioned=False)
    close(play_round(event, 1, [[(r[a.pk], 20), (r[b.pk], 5)]]))
    finish(event)
    signals.event_finished.send(sender=Event, event=event)
    assert not RatingEntry.objects.exists()


def test_second_round_is_rated_from_ratings_at_its_start():
    """RULES.md §6 Reading: a round is rated from the ratings held at its start."""
    a, b, c, d = make_players(4)
    event, r = make_event([a, b, c, d])
    close(play_round(event, 1, [[(r[a.pk], 20), (r[b.pk], 5)], [(r[c.pk], 20), (r[d.pk], 5)]]))
    # a and c are on 156, b and d on 144: 12 points apart → one full ten.
    close(play_round(event, 2, [[(r[b.pk], 20), (r[a.pk], 5)], [(r[c.pk], 20), (r[d.pk], 5)]]))
    # b beats a (above him by 12): 6 + 1 = 7; c beats d (below him): 6 − 1 = 5.
    assert [rating(p) for p in (a, b, c, d)] == [149, 151, 161, 139]
    assert ledger_rows("lore") == reference_ledger("lore")


def test_closing_twice_changes_nothing():
    a, b = make_players(2)
    event, r = make_event([a, b])
    rnd = play_round(event, 1, [[(r[a.pk], 20), (r[b.pk], 5)]])
    close(rnd)
    close(rnd)
    services.rate_closed_round(rnd)
    assert RatingEntry.objects.count() == 2
    assert rating(a) == 156


def test_winner_bonus_on_finish_counts_played_games_not_byes():
    """000 Part VI §3 Ratings: the tournament winner gains one point per game he
    played in it; "there is no gain for getting a bye"."""
    a, b, c = make_players(3)
    event, r = make_event([a, b, c])
    close(play_round(event, 1, [[(r[a.pk], 20), (r[b.pk], 5)]], byes=[r[c.pk]]))
    close(play_round(event, 2, [[(r[a.pk], 20), (r[c.pk], 5)]], byes=[r[b.pk]]))
    close(play_round(event, 3, [[(r[b.pk], 20), (r[c.pk], 5)]], byes=[r[a.pk]]))
    before = rating(a)
    finish(event)
    signals.event_finished.send(sender=Event, event=event)
    bonus = RatingEntry.objects.get(kind="bonus")
    assert bonus.player == a and bonus.change == 2 and bonus.table is None
    assert bonus.before == before and rating(a) == before + 2
    signals.event_finished.send(sender=Event, event=event)
    assert RatingEntry.objects.filter(kind="bonus").count() == 1
    assert ledger_rows("lore") == reference_ledger("lore")


def test_multiplayer_pod_is_rated_by_the_reading():
    """000 Part VI §3 "Multi-player tournaments" + RULES.md §6 Reading: the winner as a
    win against the runner-up, each other player as a loss against the winner."""
    players = make_players(4)
    event, r = make_event(players, multiplayer=True)
    close(
        play_round(event, 1, [[(r[p.pk], m) for p, m in zip(players, (20, 15, 8, 4), strict=True)]])
    )
    changes = dict(RatingEntry.objects.values_list("player_id", "change"))
    assert [changes[p.pk] for p in players] == [4, -4, -6, -6]
    w = RatingEntry.objects.get(player=players[0])
    assert w.opponents == [{"player": players[1].pk, "rating": 150}]


def test_game_results_match_the_tournaments_hook():
    """The ledger builds GameResults in bulk; they must be the ones the tournaments
    app's game_result_for_table gives, or a live rating and a replay could differ."""
    from ratings.services.loading import event_info, game_result, load_tables
    from tournaments.services import game_result_for_table

    players = make_players(6)
    event, r = make_event(players, game="metw")
    p = [r[x.pk] for x in players]
    rnd = play_round(
        event,
        1,
        [[(p[0], 20), (p[1], 5)], [(p[2], 3), (p[3], 9)], [(p[4], 4), (p[5], 30)]],
        outcomes={0: ("wizard_eliminated", p[0]), 2: ("one_ring", p[4])},
    )
    tables = load_tables({"round": rnd}, {"round": rnd})
    info = event_info(event)
    for table in Table.objects.filter(round=rnd):
        assert game_result(tables[table.pk], info, 1) == game_result_for_table(table)


def _three_round_event(players, r, start_hour: int = 0):
    p = [r[x.pk] for x in players]
    event = p[0].event
    base = event.starts_at + timedelta(hours=start_hour)
    rounds = [
        play_round(
            event,
            1,
            [[(p[0], 20), (p[1], 5)], [(p[2], 12), (p[3], 10)], [(p[4], 7), (p[5], 7)]],
            closed_at=base + timedelta(hours=1),
        ),
        play_round(
            event,
            2,
            [[(p[0], 14), (p[2], 10)], [(p[1], 3), (p[4], 9)], [(p[3], 11), (p[5], 16)]],
            closed_at=base + timedelta(hours=2),
        ),
        play_round(
            event,
            3,
            [[(p[0], 9), (p[5], 18)], [(p[2], 20), (p[4], 2)], [(p[1], 6), (p[3], 6)]],
            closed_at=base + timedelta(hours=3),
        ),
    ]
    return event, rounds


def _run_live(event, rounds):
    for rnd in rounds:
        close(rnd)
    finish(event)
    signals.event_finished.send(sender=Event, event=event)


def test_correction_replays_and_ledger_equals_a_replay_from_scratch(
    django_capture_on_commit_callbacks,
):
    """A director's correction of an old result replays everything after it; the
    ledger then equals a replay from scratch (and the independent reference)."""
    players = make_players(6)
    event, r = make_event(players)
    event, rounds = _three_round_event(players, r)
    _run_live(event, rounds)
    assert ledger_rows("lore") == reference_ledger("lore")
    live = services.ledger_snapshot("lore")

    table = rounds[0].tables.get(number=1)
    set_result(table, [5, 20])  # the first game's result was the other way round
    with django_capture_on_commit_callbacks(execute=True):
        signals.closed_result_changed.send(sender=Table, table=table)
    job = ReplayJob.objects.get()
    assert job.status == "done" and job.done == job.total > 0 and job.finished_at
    corrected = services.ledger_snapshot("lore")
    assert corrected != live
    assert ledger_rows("lore") == reference_ledger("lore")

    RatingEntry.objects.all().delete()
    PlayerRating.objects.all().delete()
    services.replay_game("lore")
    assert services.ledger_snapshot("lore") == corrected
    services.replay_game("lore")  # twice: the same ledger
    assert services.ledger_snapshot("lore") == corrected
    final = {p.pk: rating(p) for p in players}
    last = {}
    for row in RatingEntry.objects.order_by("step", "id"):
        last[row.player_id] = row.after
    assert final == last


def test_live_ledger_equals_replay_across_interleaved_events():
    """Rounds of two events of one game system interleave in time; the ledger written
    live and a replay agree, even when a round closes 'in the past'."""
    players = make_players(12)
    e1, r1 = make_event(players[:6])
    e2, r2 = make_event(players[6:])
    e1, rounds1 = _three_round_event(players[:6], r1)
    e2, rounds2 = _three_round_event(players[6:], r2, start_hour=0)
    # Same instants: order by event id; close e2's round 1 after e1's round 2 was rated.
    close(rounds1[0])
    close(rounds1[1])
    close(rounds2[0])  # its key is earlier than rounds1[1]: triggers a replay
    close(rounds2[1])
    close(rounds1[2])
    close(rounds2[2])
    for ev in (e1, e2):
        finish(ev)
        signals.event_finished.send(sender=Event, event=ev)
    live = services.ledger_snapshot("lore")
    assert ledger_rows("lore") == reference_ledger("lore")
    services.replay_game("lore")
    assert services.ledger_snapshot("lore") == live


def test_order_of_entering_results_never_changes_ratings():
    """RULES.md §6 Reading: the same round entered in another table order rates the same."""
    players = make_players(6)
    event, r = make_event(players)
    p = [r[x.pk] for x in players]
    close(
        play_round(
            event, 1, [[(p[0], 20), (p[1], 5)], [(p[2], 12), (p[3], 10)], [(p[4], 7), (p[5], 17)]]
        )
    )
    close(
        play_round(
            event, 2, [[(p[0], 20), (p[2], 5)], [(p[1], 12), (p[5], 10)], [(p[3], 7), (p[4], 17)]]
        )
    )
    first = {x.pk: rating(x) for x in players}

    RatingEntry.objects.all().delete()
    PlayerRating.objects.all().delete()
    Round.objects.all().delete()
    close(
        play_round(
            event, 1, [[(p[4], 7), (p[5], 17)], [(p[2], 12), (p[3], 10)], [(p[1], 5), (p[0], 20)]]
        )
    )
    close(
        play_round(
            event, 2, [[(p[3], 7), (p[4], 17)], [(p[1], 12), (p[5], 10)], [(p[0], 20), (p[2], 5)]]
        )
    )
    assert {x.pk: rating(x) for x in players} == first


def test_invalid_table_is_skipped_alike_live_and_in_replay():
    a, b, c, d = make_players(4)
    event, r = make_event([a, b, c, d])
    rnd = play_round(event, 1, [[(r[a.pk], 20), (r[b.pk], 5)], [(r[c.pk], 12), (r[d.pk], 10)]])
    Seat.objects.filter(registration=r[c.pk]).update(mps=None)  # MPs lost: cannot be scored
    close(rnd)
    assert set(RatingEntry.objects.values_list("player_id", flat=True)) == {a.pk, b.pk}
    live = services.ledger_snapshot("lore")
    job = ReplayJob.objects.create(game="lore")
    services.run_replay_job(job.pk)
    job.refresh_from_db()
    assert job.skipped == 1 and job.status == "done"
    assert services.ledger_snapshot("lore") == live


def test_replay_through_the_celery_task_is_idempotent():
    from ratings.tasks import replay_ratings

    players = make_players(6)
    event, r = make_event(players)
    event, rounds = _three_round_event(players, r)
    _run_live(event, rounds)
    live = services.ledger_snapshot("lore")
    job = ReplayJob.objects.create(game="lore")
    assert replay_ratings.delay("lore", job.pk).get()["status"] == "done"
    assert replay_ratings.delay("lore", job.pk).get()["status"] == "done"  # a redelivery
    assert replay_ratings.delay("lore").get()["rows"] == len(live)
    assert services.ledger_snapshot("lore") == live


def test_tournaments_services_end_to_end(django_capture_on_commit_callbacks):
    """An event run through the tournaments services is rated as the reference says,
    and a director's correction of a closed round replays the ledger."""
    from tests.tournaments import helpers
    from tournaments import services as ts

    director = helpers.make_user("ratingsdirector")
    event = helpers.make_event(director, sanctioned=True, planned_rounds=3)
    approve_directly(event)
    helpers.register_users(event, 6)
    for _ in range(3):
        rnd = ts.pair_next_round(director, event, seed=7)
        helpers.play_round(director, rnd)
    ts.finish_event(director, event)
    assert RatingEntry.objects.filter(kind="game").count() == 18
    assert RatingEntry.objects.filter(kind="bonus").count() == 1
    assert ledger_rows("lore") == reference_ledger("lore")

    table = event.rounds.get(number=1).tables.filter(is_bye=False).first()
    seats = list(table.seats.order_by("position"))
    with django_capture_on_commit_callbacks(execute=True):
        ts.director_set_result(
            director, table, {seats[0].registration_id: 5, seats[1].registration_id: 20}
        )
    assert ReplayJob.objects.get().status == "done"
    assert ledger_rows("lore") == reference_ledger("lore")


def test_bulk_winners_match_event_standings():
    """The replay finds every tournament winner in bulk; it must be the first of
    tournaments.services.event_standings (ties, drops and ejections included)."""
    from tournaments.services import event_standings, event_winners

    for variant in range(4):
        players = make_players(6)
        event, r = make_event(players)
        p = [r[x.pk] for x in players]
        if variant == 1:  # everyone level on points: the tiebreaks decide
            tables = [[(p[0], 10), (p[1], 10)], [(p[2], 10), (p[3], 10)], [(p[4], 10), (p[5], 10)]]
        else:
            tables = [[(p[0], 5), (p[1], 20)], [(p[2], 12), (p[3], 10)], [(p[4], 7), (p[5], 17)]]
        play_round(event, 1, tables)
        play_round(
            event,
            2,
            [[(p[1], 20 - variant), (p[3], 18)], [(p[5], 12), (p[2], 10)], [(p[0], 9), (p[4], 9)]],
        )
        if variant >= 2:
            r[players[1].pk].ejected = r[players[1].pk].dropped = True
            r[players[1].pk].save()
        if variant == 3:
            extra = make_players(1)[0]
            from tournaments.models import Registration

            Registration.objects.create(event=event, player=extra)  # registered, never played
        finish(event)
        rows = event_standings(event)
        expected = [r.registration.player_id for r in rows if r.rank == 1]
        if variant >= 2:  # RULES.md §3 Reading: the ejected player cannot win
            assert rows[-1].registration == r[players[1].pk]
        assert sorted(event_winners(pk=event.pk)[event.pk]) == sorted(expected)
