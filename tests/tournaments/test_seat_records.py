"""The standings read straight from the seats into records (seat_records.py, the path of
``event_standings``) equal compute_standings over the games ``standing_input`` builds, on
random events: tables of two, pods, byes, lone seats, results not confirmed, players
dropped or ejected (seated or not), any tiebreak chain, any "after N rounds"."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.helpers import make_event, make_user
from tournaments import services
from tournaments.models import Registration, Round, Seat, Table
from tournaments.services.base import tiebreaks_for
from tournaments.services.standings.input import event_standings, standing_input
from tournaments.standings import TIEBREAKS, compute_standings

pytestmark = pytest.mark.django_db

_FIELDS = ("rank", "player", "points", "wins", "losses", "draws", "byes", "games",
           "opponents_points", "tiebreaks", "explanation_items", "ejected", "winner",
           "shares_first")  # fmt: skip
_names = itertools.count(1)


def _seat_rows(
    rnd: Round, tables: list[tuple[list[Registration], bool]], rng: random.Random, byes: set[int]
) -> None:
    seats = []
    for number, (seated, confirmed) in enumerate(tables, start=1):
        bye = len(seated) == 1 and seated[0].pk not in byes and rng.random() < 0.7
        if bye:
            byes.add(seated[0].pk)  # one bye a player (a constraint)
        status = Table.Status.CONFIRMED if confirmed or bye else Table.Status.PENDING
        table = Table.objects.create(round=rnd, number=number, is_bye=bye, status=status)
        winner = rng.randrange(len(seated) + 1)  # len(seated): a draw
        for position, reg in enumerate(seated, start=1):
            outcome = (
                "draw" if winner == len(seated) else "win" if winner == position - 1 else "loss"
            )
            points = {"win": 6, "draw": 3, "loss": rng.choice([0, 1])}[outcome]
            seats.append(Seat(table=table, round=rnd, event=rnd.event, registration=reg,
                              position=position, is_bye=bye, outcome=outcome,
                              points=None if rng.random() < 0.05 else points))  # fmt: skip
    Seat.objects.bulk_create(seats)


def _event(players: int, rounds: int, pods: bool, seed: int) -> Any:
    rng = random.Random(seed)
    director = make_user()
    event = make_event(director)
    regs = [
        services.add_walkin(director, event, display_name=f"P{next(_names)}")
        for _ in range(players)
    ]
    byes: set[int] = set()
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(event=event, number=number, seed=seed, status="closed")
        order = regs[:]
        rng.shuffle(order)
        order = order[: len(order) - rng.randrange(2)]  # sometimes one sits out
        tables = []
        while order:
            size = rng.choice([2, 2, 3, 4]) if pods else 2
            tables.append((order[:size], rng.random() < 0.85))
            order = order[size:]
        _seat_rows(rnd, tables, rng, byes)
    for reg in regs:
        if rng.random() < 0.15:
            Registration.objects.filter(pk=reg.pk).update(dropped=True)
        elif rng.random() < 0.1:
            Registration.objects.filter(pk=reg.pk).update(ejected=True)
    # Players who never sat: one still in, one dropped and one ejected (not listed).
    for field in ("", "dropped", "ejected"):
        reg = services.add_walkin(director, event, display_name=f"P{next(_names)}")
        if field:
            Registration.objects.filter(pk=reg.pk).update(**{field: True})
    return event


def _shown(rows: list[Any]) -> list[tuple[Any, ...]]:
    return [tuple(getattr(row, f) for f in _FIELDS) for row in rows]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 11),
    rounds=st.integers(0, 4),
    pods=st.booleans(),
    seed=st.integers(0, 10**6),
    chain=st.permutations(list(TIEBREAKS)).flatmap(
        lambda keys: st.integers(0, len(keys)).map(lambda n: keys[:n])
    ),
    through=st.one_of(st.none(), st.integers(0, 4)),
)
def test_the_rows_read_from_the_seats_equal_the_pure_standings(
    players, rounds, pods, seed, chain, through
):
    event = _event(players, rounds, pods, seed)
    event.tiebreaks = chain
    event.save(update_fields=["tiebreaks"])
    given_ = standing_input(event, through)
    pure = compute_standings(given_.player_ids, given_.games, tiebreaks_for(event), given_.ejected)
    fast = event_standings(event, through, registrations=False)
    assert _shown(fast) == _shown(pure)
    names = dict(Registration.objects.filter(event=event).values_list("pk", "player__display_name"))
    assert [row.name for row in fast] == [names[int(row.player)] for row in fast]
