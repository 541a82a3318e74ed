"""An ejected player's open table. RULES.md §3 says what an ejection does to later rounds
(he is not paired again; his played games stand) but not to the game he is playing.

**Reading:** an ejection ends his tournament at once, so his game of the current round
that has no result yet is not played on: it is recorded as lost by him and won by his
opponent (``rules_engine.ejection``: the game's full ordinary win, not rated), through
the director's own result operation, so it is confirmed, audited and can be corrected
or voided like any result. A table already reported or disputed, a multi-player table
and a table of two ejected players are left for the director (the penalty's message says
so: left_to_director). His open top-cut match is settled the same way
(tournaments.services.playoff_ejection). When the ejection is lifted
(its warning rescinded) while the round is still played, the table waits for its result
again.
"""

from __future__ import annotations

from django.db.models import QuerySet

from audit import services as audit
from core.errors import ServiceError
from core.types import AnyUser
from rules_engine.ejection import EJECTION
from tournaments.models import Registration, Round, Table
from tournaments.services.playoff_ejection import settle_ejected_matches
from tournaments.services.results.flow import director_set_result, void_result

TABLE_DECIDED = "result_ejection"


def _waiting(registration: Registration) -> QuerySet[Table]:
    """The player's tables of an unfinished round that wait for a result."""
    return Table.objects.filter(
        round__event_id=registration.event_id,
        is_bye=False,
        status=Table.Status.PENDING,
        seats__registration=registration,
    ).exclude(round__status=Round.Status.CLOSED)


def open_tables(registration: Registration) -> list[Table]:
    """The player's two-player tables of an unfinished round that wait for a result."""
    tables = _waiting(registration).select_related("round__event")
    tables = tables.prefetch_related("seats__registration__player")
    return [t for t in tables if len(t.seats.all()) == 2]


def decide_open_tables(user: AnyUser, registration: Registration) -> list[Table]:
    """Record the ejected player's open games as lost (the reading above); the tables
    decided, each audited with both players named."""
    decided = []
    for table in open_tables(registration):
        other = next(s.registration for s in table.seats.all() if s.registration != registration)
        if other.ejected:
            continue
        try:
            table = director_set_result(user, table, outcome=EJECTION, winner=other.pk)
        except ServiceError:
            continue  # refused as any result would be (a locked round): the director decides
        audit.record(
            actor=user,
            obj=table,
            action=TABLE_DECIDED,
            event=registration.event,
            after={
                "round": table.round.number,
                "table": table.number,
                "ejected": registration.player.display_name,
                "winner": other.player.display_name,
            },
        )
        decided.append(table)
    settle_ejected_matches(user, registration.event)
    return decided


def left_to_director(registration: Registration) -> list[Table]:
    """The ejected player's open tables no ejection decides: a game of more than two
    players (the others play on) or one against another ejected player."""
    tables = (
        _waiting(registration)
        .select_related("round")
        .prefetch_related("seats__registration")
        .order_by("round__number", "number")
    )
    return [
        t
        for t in tables
        if len(t.seats.all()) > 2 or all(s.registration.ejected for s in t.seats.all())
    ]


def reopen_tables(user: AnyUser, registration: Registration) -> list[Table]:
    """The player's ejection was lifted: the games it decided in a round still played
    wait for their result again (a result the director entered since is left alone)."""
    tables = Table.objects.filter(
        round__event_id=registration.event_id,
        seats__registration=registration,
        outcome=EJECTION,
        winner__isnull=False,
    ).exclude(round__status=Round.Status.CLOSED)
    reopened = []
    for table in tables.exclude(winner=registration):
        try:
            reopened.append(void_result(user, table))
        except ServiceError:
            continue  # the round is no longer the latest: the director corrects it
    return reopened
