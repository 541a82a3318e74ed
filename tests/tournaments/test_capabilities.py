"""The one capability table (tournaments/permissions.py): each role's rights, read the
same way by the blockers, pages and API. RULES.md names no staff roles; the reading
taken is the director's guide's: a judge enters and confirms results, issues warnings
and sees deck lists; a co-director runs the event and names its other co-directors
and judges but does not delete it; a player touches only his own tables; a visitor reads what is published."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from core.errors import NotAllowed
from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.models import EventStaff
from tournaments.permissions import (
    CAPABILITIES,
    Capability,
    Role,
    can,
    capabilities_of,
    require,
    roles_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    owner, co, judge = make_user("td"), make_user("co"), make_user("judge")
    event = make_event(owner)
    services.invite_staff(owner, event, "co", EventStaff.Role.CO_DIRECTOR)
    services.invite_staff(owner, event, "judge", EventStaff.Role.JUDGE)
    player = user_of(register_users(event, 1)[0][1])
    return event, {
        Role.OWNER: owner,
        Role.CO_DIRECTOR: co,
        Role.JUDGE: judge,
        Role.PLAYER: player,
        Role.VISITOR: AnonymousUser(),
    }


def test_every_role_may_do_exactly_what_the_table_says(cast):
    event, people = cast
    for capability, allowed in CAPABILITIES.items():
        for role, user in people.items():
            assert can(user, event, capability) == (role in allowed), (capability, role)


def test_a_judge_may_confirm_a_result_but_not_run_the_event(cast):
    event, people = cast
    judge = people[Role.JUDGE]
    assert can(judge, event, Capability.CONFIRM_RESULT)
    assert not can(judge, event, Capability.RUN_EVENT)
    with pytest.raises(NotAllowed):
        require(judge, event, Capability.RUN_EVENT)


def test_only_the_owner_deletes_the_event(cast):
    event, people = cast
    assert [r for r, u in people.items() if can(u, event, Capability.DELETE_EVENT)] == [Role.OWNER]


def test_whoever_runs_the_event_names_co_directors(cast):
    event, people = cast
    allowed = [r for r, u in people.items() if can(u, event, Capability.NAME_CO_DIRECTORS)]
    assert allowed == [Role.OWNER, Role.CO_DIRECTOR]


def test_judges_see_deck_lists_and_list_penalties_but_do_not_publish(cast):
    event, people = cast
    judge = people[Role.JUDGE]
    assert can(judge, event, Capability.SEE_DECK_LISTS)
    assert can(judge, event, Capability.LIST_PENALTIES)
    assert not can(people[Role.PLAYER], event, Capability.SEE_DECK_LISTS)
    assert not can(people[Role.PLAYER], event, Capability.LIST_PENALTIES)


def test_roles_of_names_each_persons_roles(cast):
    event, people = cast
    assert roles_of(people[Role.VISITOR], event) == {Role.VISITOR}
    assert roles_of(people[Role.PLAYER], event) == {Role.VISITOR, Role.PLAYER}
    assert roles_of(people[Role.JUDGE], event) == {Role.VISITOR, Role.JUDGE}
    assert roles_of(people[Role.OWNER], event) == {Role.VISITOR, Role.OWNER}


def test_the_pages_read_the_same_table(cast):
    """The templates ask ``may.<capability>``: the same answers as ``can``, for every role."""
    event, people = cast
    for user in people.values():
        may = capabilities_of(user, event)
        assert may == {cap.value: can(user, event, cap) for cap in Capability}
