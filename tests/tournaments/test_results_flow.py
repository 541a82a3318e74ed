"""The result flow as one transition table, and the blockers built on it.

000 Part VI §3 has the players of a table agree on its result and the tournament
director decide any disagreement; RULES.md §3 keeps the report → confirm/dispute →
director flow."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.errors import NotAllowed
from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.rules.result_flow import TRANSITIONS, Action, Refusal, State, report_action, step

pytestmark = pytest.mark.django_db


def test_the_happy_paths():
    assert step("pending", Action.REPORT) == State.REPORTED
    assert step("reported", Action.REPORT) == State.REPORTED  # the same side reports again
    assert step("reported", Action.CONFIRM) == State.CONFIRMED
    assert step("reported", Action.MATCHING_REPORT) == State.CONFIRMED
    assert step("reported", Action.DISPUTE) == State.DISPUTED
    assert step("reported", Action.DIFFERING_REPORT) == State.DISPUTED


def test_refusals_carry_their_codes():
    assert step("confirmed", Action.REPORT) == Refusal("already_confirmed")
    assert step("disputed", Action.REPORT) == Refusal("disputed")
    assert step("pending", Action.CONFIRM) == Refusal("nothing_to_confirm")
    assert step("disputed", Action.DISPUTE) == Refusal("nothing_to_dispute")
    assert step("pending", Action.MATCHING_REPORT) == Refusal("no_report_expected")


@given(st.sampled_from(list(State)))
def test_the_director_decides_from_any_state(state):
    assert step(state, Action.DIRECTOR_SET) == State.CONFIRMED


@given(st.sampled_from(list(State)))
def test_the_director_voids_any_result(state):
    """(no stuck event): a result taken back waits for a new one."""
    expected = Refusal("nothing_to_void") if state == State.PENDING else State.PENDING
    assert step(state, Action.VOID) == expected


@given(st.sampled_from(list(State)), st.sampled_from(list(Action)))
def test_every_state_and_action_has_an_answer_and_confirmed_is_final_for_players(state, action):
    found = step(state, action)
    assert isinstance(found, State | Refusal)
    if state == State.CONFIRMED and action not in (Action.DIRECTOR_SET, Action.VOID):
        assert isinstance(found, Refusal)
    assert (found == TRANSITIONS.get((state, action))) or isinstance(found, Refusal)


@given(st.integers(1, 5), st.integers(1, 5), st.booleans())
def test_a_report_from_the_other_side_is_a_counter_report(reported_by, reporter, same):
    action = report_action("reported", reported_by, reporter, same)
    if reported_by == reporter:
        assert action == Action.REPORT
    else:
        assert action == (Action.MATCHING_REPORT if same else Action.DIFFERING_REPORT)
    assert report_action("pending", None, reporter, same) == Action.REPORT


def test_table_actions_follow_the_flow_for_each_person():
    director = make_user("flowdirector")
    event = make_event(director)
    (u1, r1), (u2, r2) = register_users(event, 2)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.get()
    a, b = (s.registration for s in table.seats.order_by("position"))
    users = {r1.pk: u1, r2.pk: u2}
    first, second = users[a.pk], users[b.pk]
    outsider = make_user("flowoutsider")

    start = services.table_actions(first, table)
    assert (start.may_report, start.may_confirm, start.may_dispute) == (True, False, False)
    assert start.may_set is False and services.table_actions(director, table).may_set
    assert services.table_actions(outsider, table).may_report is False

    services.report_result(first, table, {a.pk: 20, b.pk: 5})
    table.refresh_from_db()
    mine = services.table_actions(first, table)
    theirs = services.table_actions(second, table)
    assert mine.reported_by_me and mine.may_report and not mine.may_confirm
    assert theirs.may_confirm and theirs.may_dispute and not theirs.reported_by_me
    own = services.confirm_blocker(first, table)
    assert isinstance(own, NotAllowed) and "You reported this result" in str(own)
    assert services.report_blocker(second, table, version=table.version - 1).code == "stale"

    services.confirm_result(second, table)
    table.refresh_from_db()
    done = services.table_actions(second, table)
    assert not (done.may_report or done.may_confirm or done.may_dispute)
    assert services.report_blocker(first, table).code == "already_confirmed"
