"""Results: report, confirm, dispute, director entry and correction, with history."""

from __future__ import annotations

import pytest

from audit.models import AuditEntry
from core.errors import Conflict, NotAllowed, ServiceError
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services, signals
from tournaments.models import ResultChange, Round, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    director = make_user("director")
    event = make_event(director)
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=11)
    tables = list(rnd.tables.order_by("number"))
    return director, event, rnd, tables


def seats(table):
    return [s.registration for s in table.seats.order_by("position")]


def test_report_then_confirm_scores_by_the_rulebook(setup):
    """000 Part VI §3 Scoring: winner with twice the loser's MPs or more gets 6, loser 0."""
    _director, _event, _rnd, tables = setup
    table = tables[0]
    a, b = seats(table)
    services.report_result(user_of(a), table, {a.pk: 20, b.pk: 10})
    table.refresh_from_db()
    assert table.status == Table.Status.REPORTED
    assert table.reported_by_registration == a
    with pytest.raises(NotAllowed):
        services.confirm_result(user_of(a), table)
    services.confirm_result(user_of(b), table)
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED
    points = {s.registration_id: s.points for s in table.seats.all()}
    assert points == {a.pk: 6, b.pk: 0}
    actions = list(table.changes.values_list("action", flat=True))
    assert actions == [ResultChange.Action.REPORT, ResultChange.Action.CONFIRM]


def test_ratio_bands(setup):
    """000 Part VI §3 Scoring: 1.5 ≤ ratio < 2 → 5–1; 1 < ratio < 1.5 → 4–2; tie → 3–3."""
    director, _event, _rnd, tables = setup
    a, b = seats(tables[0])
    services.director_set_result(director, tables[0], {a.pk: 15, b.pk: 10})
    assert {s.registration_id: s.points for s in tables[0].seats.all()} == {a.pk: 5, b.pk: 1}
    services.director_set_result(director, tables[0], {a.pk: 11, b.pk: 10})
    assert {s.registration_id: s.points for s in tables[0].seats.all()} == {a.pk: 4, b.pk: 2}
    services.director_set_result(director, tables[0], {a.pk: 10, b.pk: 10})
    assert {s.registration_id: s.points for s in tables[0].seats.all()} == {a.pk: 3, b.pk: 3}
    services.director_set_result(
        director, tables[0], {a.pk: 2, b.pk: 30}, outcome="one_ring", winner=a.pk
    )
    assert {s.registration_id: s.points for s in tables[0].seats.all()} == {a.pk: 7, b.pk: 0}


def test_same_side_reports_again_replaces(setup):
    _director, _event, _rnd, tables = setup
    table = tables[0]
    a, b = seats(table)
    services.report_result(user_of(a), table, {a.pk: 20, b.pk: 10})
    services.report_result(user_of(a), table, {a.pk: 20, b.pk: 15})
    table.refresh_from_db()
    assert table.status == Table.Status.REPORTED
    assert {s.registration_id: s.mps for s in table.seats.all()} == {a.pk: 20, b.pk: 15}
    second = table.changes.order_by("pk").last()
    assert second.before["seats"][1]["mps"] == 10 and second.after["seats"][1]["mps"] == 15


def test_matching_report_by_opponent_confirms(setup):
    _director, _event, _rnd, tables = setup
    table = tables[0]
    a, b = seats(table)
    services.report_result(user_of(a), table, {a.pk: 20, b.pk: 10})
    services.report_result(user_of(b), table, {b.pk: 10, a.pk: 20})
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED


def test_differing_report_disputes_and_director_decides(setup):
    director, _event, _rnd, tables = setup
    table = tables[0]
    a, b = seats(table)
    services.report_result(user_of(a), table, {a.pk: 20, b.pk: 10})
    services.report_result(user_of(b), table, {a.pk: 10, b.pk: 20})
    table.refresh_from_db()
    assert table.status == Table.Status.DISPUTED
    assert table.counter_report["mps"] == {str(a.pk): 10, str(b.pk): 20}
    # A disputed result waits for the director: players cannot push it further.
    with pytest.raises(Conflict):
        services.report_result(user_of(a), table, {a.pk: 20, b.pk: 10})
    services.director_set_result(director, table, {a.pk: 10, b.pk: 20}, note="checked with both")
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED and table.counter_report is None
    last = table.changes.order_by("pk").last()
    assert last.action == ResultChange.Action.CORRECTION and last.by == director
    assert last.before["status"] == "disputed" and last.after["seats"][0]["points"] in (0, 6)
    assert AuditEntry.objects.filter(
        object_type="tournaments.table", object_id=str(table.pk), action="result_correction"
    ).exists()


def test_dispute_button(setup):
    _director, _event, _rnd, tables = setup
    table = tables[0]
    a, b = seats(table)
    with pytest.raises(Conflict):
        services.dispute_result(user_of(b), table)
    services.report_result(user_of(a), table, {a.pk: 20, b.pk: 10})
    with pytest.raises(NotAllowed):
        services.dispute_result(user_of(a), table)
    services.dispute_result(user_of(b), table, note="It was 10-20")
    table.refresh_from_db()
    assert table.status == Table.Status.DISPUTED and table.dispute_note == "It was 10-20"


def test_player_cannot_touch_another_table(setup):
    """Safety: a player can't report or confirm for a table he is not at."""
    _director, _event, _rnd, tables = setup
    a, b = seats(tables[0])
    c, d = seats(tables[1])
    with pytest.raises(NotAllowed):
        services.report_result(user_of(c), tables[0], {a.pk: 20, b.pk: 10})
    services.report_result(user_of(a), tables[0], {a.pk: 20, b.pk: 10})
    with pytest.raises(NotAllowed):
        services.confirm_result(user_of(c), tables[0])
    with pytest.raises(NotAllowed):
        services.dispute_result(make_user(), tables[0])
    with pytest.raises(NotAllowed):
        services.director_set_result(user_of(c), tables[1], {c.pk: 20, d.pk: 10})
    # A registration of another table cannot be named in this table's result.
    with pytest.raises(ServiceError):
        services.report_result(user_of(c), tables[1], {c.pk: 20, a.pk: 10})


def test_engine_problems_are_shown_with_names(setup):
    """RULES.md §2 Reading: a reported winner with fewer MPs is rejected."""
    _director, _event, _rnd, tables = setup
    a, b = seats(tables[0])
    with pytest.raises(ServiceError) as exc:
        services.report_result(user_of(a), tables[0], {a.pk: 5, b.pk: 10}, winner=a.pk)
    assert exc.value.problems
    assert a.player.display_name in exc.value.message
    with pytest.raises(ServiceError):
        services.report_result(user_of(a), tables[0], {a.pk: 5})  # missing seat's MPs
    tables[0].refresh_from_db()
    assert tables[0].status == Table.Status.PENDING and not tables[0].changes.exists()


def test_round_closes_when_every_table_confirmed(setup):
    director, _event, rnd, tables = setup
    closed = []

    def receiver(sender, round, **kwargs):
        closed.append(round.pk)

    signals.round_closed.connect(receiver)
    try:
        a, b = seats(tables[0])
        services.report_result(user_of(a), tables[0], {a.pk: 20, b.pk: 10})
        services.confirm_result(user_of(b), tables[0])
        rnd.refresh_from_db()
        assert rnd.status != Round.Status.CLOSED and closed == []
        c, d = seats(tables[1])
        services.director_set_result(director, tables[1], {c.pk: 9, d.pk: 12})
        rnd.refresh_from_db()
        assert rnd.status == Round.Status.CLOSED and closed == [rnd.pk]
    finally:
        signals.round_closed.disconnect(receiver)


def test_correcting_a_closed_round_sends_signal_and_keeps_history(setup):
    director, _event, _rnd, tables = setup
    for t in tables:
        a, b = seats(t)
        services.director_set_result(director, t, {a.pk: 20, b.pk: 10})
    changed = []

    def receiver(sender, table, **kwargs):
        changed.append(table.pk)

    signals.closed_result_changed.connect(receiver)
    try:
        a, b = seats(tables[0])
        services.director_set_result(director, tables[0], {a.pk: 10, b.pk: 20})
    finally:
        signals.closed_result_changed.disconnect(receiver)
    assert changed == [tables[0].pk]
    history = list(tables[0].changes.order_by("pk"))
    assert [c.action for c in history] == ["director", "correction"]
    assert (
        history[1].before["seats"][0]["points"] == 6 and history[1].after["seats"][0]["points"] == 0
    )


def test_stale_version_is_refused(setup):
    _director, _event, _rnd, tables = setup
    table = tables[0]
    a, b = seats(table)
    services.report_result(user_of(a), table, {a.pk: 20, b.pk: 10})
    services.report_result(user_of(a), table, {a.pk: 20, b.pk: 11})
    with pytest.raises(Conflict):
        services.confirm_result(user_of(b), table, version=1)
    services.confirm_result(user_of(b), table, version=2)


def test_game_result_for_table_rebuilds_engine_input(setup):
    director, event, _rnd, tables = setup
    a, b = seats(tables[0])
    services.director_set_result(director, tables[0], {a.pk: 20, b.pk: 10}, time_called=True)
    tables[0].refresh_from_db()
    result = services.game_result_for_table(tables[0])
    assert result.game == "lore" and result.round_number == 1 and result.time_called
    assert {(s.player, s.mps) for s in result.seats} == {(str(a.pk), 20), (str(b.pk), 10)}
    from rules_engine import score_game

    score = score_game(result, services.scoring_settings_for(event))
    assert score.points == {str(a.pk): 6, str(b.pk): 0}


def test_lotr_tcg_win_loss():
    """RULES.md §2 Reading (lotr-tcg): no MPs; win 1, loss 0."""
    director = make_user()
    event = make_event(director, game="lotr-tcg")
    register_users(event, 2)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.get()
    a, b = seats(table)
    services.report_result(user_of(a), table, {}, outcome="site_9", winner=b.pk)
    services.confirm_result(user_of(b), table)
    assert {s.registration_id: s.points for s in table.seats.all()} == {a.pk: 0, b.pk: 1}


def test_director_confirms_a_report_against_a_walk_in():
    """A walk-in without an account cannot confirm; the director can, and strangers cannot."""
    director = make_user()
    event = make_event(director)
    ((user, reg),) = register_users(event, 1)
    services.add_walkin(director, event, display_name="Tom Bombadil")
    table = services.pair_next_round(director, event, seed=1).tables.get()
    other = next(s.registration for s in table.seats.all() if s.registration_id != reg.pk)
    services.report_result(user, table, {reg.pk: 20, other.pk: 3})
    with pytest.raises(NotAllowed):
        services.confirm_result(make_user(), table)
    services.confirm_result(director, table)
    table.refresh_from_db()
    assert table.status == Table.Status.CONFIRMED and table.confirmed_by == director
