"""Staff roles: co-directors do everything but delete the event; judges enter and confirm
results, issue warnings; permissions are enforced by the services."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from audit.models import AuditEntry
from core.errors import NotAllowed, NotFound
from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.models import EventStaff, Table
from tournaments.permissions import is_director, is_judge, is_owner

pytestmark = pytest.mark.django_db


def _event_with_round(director, n=4):
    event = make_event(director)
    register_users(event, n)
    rnd = services.pair_next_round(director, event, seed=1)
    return event, rnd


def test_co_director_runs_the_event_but_is_not_its_owner():
    director, co = make_user("td"), make_user("co")
    event = make_event(director)
    staff = services.invite_staff(director, event, "CO", EventStaff.Role.CO_DIRECTOR)
    assert staff.user == co
    assert is_director(co, event)
    assert not is_owner(co, event)
    register_users(event, 4)
    rnd = services.pair_next_round(co, event, seed=1)
    entry = AuditEntry.objects.get(action="pair", object_id=str(rnd.pk))
    assert entry.actor == co


def test_judge_enters_results_and_warnings_but_cannot_pair():
    director, judge = make_user("td"), make_user("judge")
    event, rnd = _event_with_round(director)
    services.invite_staff(director, event, "judge", EventStaff.Role.JUDGE)
    assert is_judge(judge, event) and not is_director(judge, event)
    table = rnd.tables.filter(is_bye=False).first()
    seats = list(table.seats.order_by("position"))
    services.director_set_result(
        judge, table, {seats[0].registration_id: 20, seats[1].registration_id: 5}
    )
    assert Table.objects.get(pk=table.pk).status == Table.Status.CONFIRMED
    services.issue_penalty(judge, seats[0].registration, "slow_play")
    with pytest.raises(NotAllowed):
        services.repair_round(judge, rnd)
    with pytest.raises(NotAllowed):
        services.invite_staff(judge, event, "someone", EventStaff.Role.JUDGE)


def test_directors_name_co_directors_and_outsiders_get_nothing():
    director, co = make_user("td"), make_user("co")
    make_user("other")
    make_user("judy")
    event = make_event(director)
    services.invite_staff(director, event, "co", EventStaff.Role.CO_DIRECTOR)
    # A co-director runs the event with the organizer: he names co-directors and judges.
    services.invite_staff(co, event, "other", EventStaff.Role.CO_DIRECTOR)
    services.invite_staff(co, event, "judy", EventStaff.Role.JUDGE)
    judy = get_user_model().objects.get(username="judy")
    with pytest.raises(NotAllowed):
        services.invite_staff(judy, event, "judy", EventStaff.Role.CO_DIRECTOR)
    with pytest.raises(NotFound):
        services.invite_staff(director, event, "nobody-here", EventStaff.Role.JUDGE)
    stranger = make_user()
    assert not is_judge(stranger, event)
    with pytest.raises(NotAllowed):
        services.drop_no_shows_confirmed(stranger, event, [])


def test_removing_staff_takes_the_rights_away_and_is_audited():
    director, judge = make_user("td"), make_user("judge")
    event = make_event(director)
    staff = services.invite_staff(director, event, "judge", EventStaff.Role.JUDGE)
    services.remove_staff(director, event, staff.pk)
    assert not is_judge(judge, event)
    actions = list(AuditEntry.objects.filter(event=event).values_list("action", "actor__username"))
    assert ("staff_invite", "td") in actions and ("staff_remove", "td") in actions
