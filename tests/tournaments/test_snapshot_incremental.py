"""The stored standings are updated in place (tournaments/services/standings/store.py): only the
rows a change moves are written, and the table is still exactly the full recomputation
(000 Part VI §3 ranking, RULES.md §3)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.helpers import make_event, make_user, play_table
from tests.tournaments.snapshot_check import assert_snapshot_matches, recomputed, stored
from tournaments import services
from tournaments.models import Registration, StandingsSnapshotRow, Table
from tournaments.services.standings import snapshot
from tournaments.services.standings.store import COLUMNS, store_rows

pytestmark = pytest.mark.django_db

RESULTS = [(20, 5), (5, 20), (10, 10), (12, 11), (0, 0)]


def event_with_rounds(n: int, seed: int, rounds: int = 3):
    director = make_user()
    event = make_event(director, planned_rounds=rounds)
    for i in range(n):
        services.add_walkin(director, event, display_name=f"Player {i:02}")
    for number in range(1, rounds + 1):
        rnd = services.pair_next_round(director, event, seed=seed + number)
        for table in rnd.tables.filter(is_bye=False):
            play_table(director, table, [20, 5])
    # Corrections in any round: the rounds two or more back are unlocked first, as the
    # director does before correcting them.
    event.refresh_from_db()
    for rnd in event.rounds.all():
        if services.edits_locked(rnd):
            services.unlock_round_edits(director, rnd)
    return director, event


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=4, max_value=12),
    seed=st.integers(min_value=0, max_value=10_000),
    changes=st.lists(
        st.tuples(st.integers(min_value=0, max_value=10_000), st.sampled_from(RESULTS)),
        min_size=1,
        max_size=8,
    ),
)
def test_random_result_changes_keep_the_snapshot_equal_to_a_recomputation(n, seed, changes):
    """Corrections in any round, in any order (000 Part VI §3): after each one the
    snapshot, updated in place, equals the full recomputation row for row."""
    director, event = event_with_rounds(n, seed)
    snapshot.snapshot_state(event)
    tables = list(Table.objects.filter(round__event=event, is_bye=False).order_by("pk"))
    for pick, result in changes:
        play_table(director, tables[pick % len(tables)], list(result))
        assert_snapshot_matches(event)


def test_a_late_correction_rewrites_only_the_rows_it_moves():
    """A 20–5 result of the last round turned into 5–20: the two players swap points, their
    opponents' points move (000 Part VI §3 tiebreak 3); the players neither of them met
    and whose place did not change are not written."""
    director, event = event_with_rounds(16, seed=7)
    snapshot.snapshot_state(event)
    before = {r.registration_id: r.pk for r in StandingsSnapshotRow.objects.filter(event=event)}
    last = event.rounds.order_by("-number").first()
    table = last.tables.filter(is_bye=False).order_by("number").first()
    play_table(director, table, [5, 20])
    rows = services.event_standings(event, registrations=False)
    written = store_rows(event.pk, rows)
    assert 0 < written.updated < len(rows) and written.unchanged > 0
    assert written.inserted == written.deleted == 0
    assert store_rows(event.pk, rows).updated == 0  # nothing left to write
    after = {r.registration_id: r.pk for r in StandingsSnapshotRow.objects.filter(event=event)}
    assert after == before  # updated in place: the same rows, not deleted and re-inserted
    assert stored(event) == recomputed(event)


def _row(reg_id: int, rank: int, name: str, points: int) -> SimpleNamespace:
    return SimpleNamespace(
        player=str(reg_id), rank=rank, name=name, points=points, wins=0, losses=0, draws=0,
        byes=0, games=0, opponents_points=points * 2, tiebreaks={"fewer_losses": 0},
        explanation_items=[], names={},
    )  # fmt: skip


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_reordering_is_stored_exactly(data):
    """Rows that trade places (the unique position per event is checked row by row),
    players who leave and join: the stored table is always the one asked for."""
    director = make_user()
    event = make_event(director)
    regs = [services.add_walkin(director, event, display_name=f"P{i}") for i in range(8)]
    ids = [r.pk for r in regs]
    for _step in range(3):
        chosen = data.draw(st.lists(st.sampled_from(ids), unique=True, max_size=8))
        points = data.draw(st.lists(st.integers(0, 9), min_size=len(chosen), max_size=len(chosen)))
        rows = [
            _row(r, k + 1, f"P{r}", p) for k, (r, p) in enumerate(zip(chosen, points, strict=True))
        ]
        written = store_rows(event.pk, rows)
        got = list(
            StandingsSnapshotRow.objects.filter(event=event)
            .order_by("position")
            .values_list("registration_id", *COLUMNS)
        )
        assert [g[0] for g in got] == chosen
        assert [g[1] for g in got] == list(range(1, len(chosen) + 1))
        assert [g[4] for g in got] == points
        assert written.updated + written.inserted + written.unchanged == len(chosen)
    assert Registration.objects.filter(event=event).count() == 8


def running_round(n: int):
    """An event in its third round with one result in and the standings stored: the
    next result is of a round not closed. Returns a table still without a result."""
    director, event = event_with_rounds(n, seed=3, rounds=2)
    event.planned_rounds = 3
    event.save()
    running = services.pair_next_round(director, event, seed=9)
    first, table = running.tables.filter(is_bye=False).order_by("number")[:2]
    play_table(director, first, [20, 5])
    snapshot.snapshot_state(event)
    return director, event, table


def test_a_result_updates_the_stored_rows_without_recomputing_the_event(monkeypatch):
    """A result of the running round (000 Part VI §3) marks only its table; the rebuild
    updates the stored rows from the games of the players it reaches, never ranking the
    whole event again, and gives the full recomputation."""
    director, event, table = running_round(12)
    play_table(director, table, [5, 20])
    header = event.snapshot
    header.refresh_from_db()
    assert header.stale and header.changed_tables == [table.pk]

    def whole(*args, **kwargs):
        raise AssertionError("the whole event was ranked again")

    monkeypatch.setattr(snapshot, "event_standings", whole)
    snapshot.snapshot_state(event)
    monkeypatch.undo()
    assert_snapshot_matches(event)


def test_a_player_dropped_meanwhile_makes_the_rebuild_whole():
    """Any change but a result (here a drop, RULES.md §3) is not local: the next rebuild
    ranks the event again."""
    director, event, table = running_round(8)
    play_table(director, table, [5, 20])
    event.snapshot.refresh_from_db()
    assert event.snapshot.changed_tables == [table.pk]
    Registration.objects.filter(event=event).first().save()
    event.snapshot.refresh_from_db()
    assert event.snapshot.changed_tables is None
    assert_snapshot_matches(event)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=6, max_value=14),
    changes=st.lists(
        st.tuples(st.integers(min_value=0, max_value=10_000), st.sampled_from(RESULTS)),
        min_size=1,
        max_size=6,
    ),
)
def test_results_of_the_running_round_updated_in_place_equal_a_recomputation(n, changes):
    """Results and corrections of the running round (000 Part VI §3), each read back
    after an update in place: the stored table equals the full recomputation each time."""
    director, event, _table = running_round(n)
    running = event.rounds.order_by("-number").first()
    tables = list(running.tables.filter(is_bye=False).order_by("pk"))
    for pick, result in changes[: len(tables) - 1]:  # the round stays open
        table = tables[pick % len(tables)]
        if table.pk == tables[-1].pk:
            table = tables[0]
        play_table(director, table, list(result))
        event.snapshot.refresh_from_db()
        assert event.snapshot.changed_tables is not None
        assert_snapshot_matches(event)
