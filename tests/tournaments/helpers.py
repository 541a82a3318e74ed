"""Building blocks for the tournaments tests: users, events, players, results."""

from __future__ import annotations

import itertools
from typing import Any

from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.models import Event, Player, Registration, Round, Table

_counter = itertools.count(1)


def make_user(name: str | None = None, *, staff: bool = False, player: bool = True) -> Any:
    name = name or f"user{next(_counter)}"
    user = get_user_model().objects.create_user(username=name, password=None, is_staff=staff)
    if player:
        Player.objects.create(user=user, display_name=name.title())
    return user


def make_event(director: Any, *, open_: bool = True, **fields: Any) -> Event:
    data: dict[str, Any] = {"name": f"Event {next(_counter)}", "game": "lore"}
    data.update(fields)
    event = services.create_event(director, **data)
    if open_:
        event = services.open_registration(director, event)
    return event


def register_users(event: Event, n: int, prefix: str = "p") -> list[tuple[Any, Registration]]:
    out = []
    for _ in range(n):
        user = make_user(f"{prefix}{next(_counter)}")
        out.append((user, services.register_self(user, event)))
    return out


def user_of(registration: Registration) -> Any:
    return registration.player.user


def play_table(director: Any, table: Table, mps: list[int] | None = None) -> Table:
    """Director enters a result: first seat wins 20–5 unless told otherwise."""
    seats = list(table.seats.order_by("position"))
    values = mps or [20, 5] + [1] * (len(seats) - 2)
    return services.director_set_result(
        director, table, {s.registration_id: v for s, v in zip(seats, values, strict=False)}
    )


def play_round(director: Any, rnd: Round) -> None:
    for table in rnd.tables.filter(is_bye=False):
        play_table(director, table)


def api_as(user: Any) -> Any:
    """A JSON API client acting as ``user`` (a visitor when the user is anonymous)."""
    from rest_framework.test import APIClient

    client = APIClient()
    client.default_format = "json"
    if user.is_authenticated:
        client.force_authenticate(user)
    return client


def staff_cast(players: int) -> tuple[Event, dict[str, Any], list[Registration]]:
    """An event with its director, a co-director ("co"), two judges ("judge1",
    "judge2"), ``players`` registered players (the first is "player") and a visitor."""
    from django.contrib.auth.models import AnonymousUser

    from tournaments.models import EventStaff

    director = make_user("td")
    event = make_event(director)
    people: dict[str, Any] = {"director": director}
    for name, role in (
        ("co", EventStaff.Role.CO_DIRECTOR),
        ("judge1", EventStaff.Role.JUDGE),
        ("judge2", EventStaff.Role.JUDGE),
    ):
        people[name] = make_user(name)
        services.invite_staff(director, event, name, role)
    registered = register_users(event, players)
    people.update({"player": registered[0][0], "visitor": AnonymousUser()})
    return event, people, [r for _, r in registered]


def two_rounds_with_a_report_not_confirmed():
    """Seven players (a bye each round): round 1 played, round 2 with one result reported
    but not confirmed and one confirmed. Returns the event."""
    director = make_user("td")
    event = make_event(director)
    register_users(event, 7)
    play_round(director, services.pair_next_round(director, event, seed=1))
    second = services.pair_next_round(director, event, seed=2)
    table = second.tables.filter(is_bye=False).first()
    player = table.seats.first().registration.player.user
    services.report_result(
        player,
        table,
        {s.registration_id: 20 - 15 * i for i, s in enumerate(table.seats.order_by("position"))},
    )
    play_table(director, second.tables.filter(is_bye=False).last())
    return event
