"""Events built straight from model rows (no tournaments services), for ratings tests.

Results are scored with the rules engine so seats carry the points and outcomes
the standings (and so the tournament winner) are computed from.
"""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from rules_engine import GameResult, bye_points, score_game
from rules_engine import Seat as EngineSeat
from tournaments.models import Event, Player, Registration, Round, Seat, Table

_counter = itertools.count(1)
BASE = datetime(2026, 3, 1, 10, 0, tzinfo=timezone.get_current_timezone())


def make_user(name: str | None = None, *, staff: bool = False) -> Any:
    name = name or f"ruser{next(_counter)}"
    # No password: the tests log in with force_login (hashing one costs half a second).
    return get_user_model().objects.create_user(username=name, password=None, is_staff=staff)


def make_players(n: int, prefix: str = "Player") -> list[Player]:
    return [Player.objects.create(display_name=f"{prefix} {next(_counter)}") for _ in range(n)]


def make_event(
    players: list[Player],
    *,
    game: str = "lore",
    sanctioned: bool = True,
    multiplayer: bool = False,
    organizer: Any = None,
    starts_at: datetime | None = None,
    settings: dict[str, Any] | None = None,
    pad: bool = True,
    approved: bool = True,
) -> tuple[Event, dict[int, Registration]]:
    """A running event; returns it and its registrations keyed by player id. ``pad``
    registers idle players up to the sanctioning minimum (000 Part VI §3: 5, 12 for
    multi-player), so a small event built for a ratings test is still rated. ``approved``
    gives it its league's approval (only approved events are rated)."""
    n = next(_counter)
    event = Event.objects.create(
        name=f"Ratings event {n}",
        slug=f"ratings-event-{n}",
        organizer=organizer or make_user(),
        game=game,
        multiplayer=multiplayer,
        sanctioned=sanctioned,
        status=Event.Status.RUNNING,
        starts_at=starts_at or BASE,
        scoring_settings=settings or {},
    )
    if sanctioned and approved:
        approve_directly(event)
    regs = {p.pk: Registration.objects.create(event=event, player=p) for p in players}
    minimum = 12 if multiplayer else 5
    if pad and sanctioned and len(players) < minimum:
        for idle in make_players(minimum - len(players), prefix="Idle"):
            Registration.objects.create(event=event, player=idle)
    return event, regs


def approve_directly(event: Event, by: Any = None) -> None:
    """The league's approval as a row, for tests about something else than approving."""
    from ratings.models import EventApproval

    EventApproval.objects.get_or_create(event=event, defaults={"approved_by": by})


def play_round(
    event: Event,
    number: int,
    tables: list[list[tuple[Registration, int | None]]],
    *,
    byes: list[Registration] = (),  # type: ignore[assignment]
    closed_at: datetime | None = None,
    outcomes: dict[int, tuple[str, Registration | None]] | None = None,
    close: bool = True,
) -> Round:
    """A round with confirmed results. ``tables`` lists (registration, MPs) per seat;
    ``outcomes`` maps a table index to (outcome, winner) for special endings."""
    closed_at = closed_at or (event.starts_at or BASE) + timedelta(hours=number)
    rnd = Round.objects.create(
        event=event,
        number=number,
        seed=number,
        status=Round.Status.CLOSED if close else Round.Status.RUNNING,
        closed_at=closed_at if close else None,
        created_at=closed_at - timedelta(minutes=60),
    )
    for index, seats in enumerate(tables):
        outcome, winner = (outcomes or {}).get(index, ("normal", None))
        table = Table.objects.create(
            round=rnd,
            number=index + 1,
            status=Table.Status.CONFIRMED,
            outcome=outcome,
            winner=winner,
        )
        result = GameResult(
            game=event.game,
            seats=tuple(EngineSeat(str(reg.pk), mps) for reg, mps in seats),
            round_number=number,
            multiplayer=event.multiplayer,
            outcome=outcome,
            winner=str(winner.pk) if winner else None,
        )
        score = score_game(result)
        table.band = score.band[:60]
        table.save(update_fields=["band"])
        for position, (reg, mps) in enumerate(seats, start=1):
            Seat.objects.create(
                table=table,
                round=rnd,
                event=event,
                registration=reg,
                position=position,
                mps=mps,
                points=score.points[str(reg.pk)],
                outcome=score.outcome[str(reg.pk)],
            )
    for offset, reg in enumerate(byes, start=len(tables) + 1):
        table = Table.objects.create(
            round=rnd, number=offset, is_bye=True, status=Table.Status.CONFIRMED
        )
        Seat.objects.create(
            table=table,
            round=rnd,
            event=event,
            registration=reg,
            is_bye=True,
            points=bye_points(event.game, number),
            outcome=Seat.Outcome.WIN,
        )
    return rnd


def set_result(table: Table, mps: list[int]) -> None:
    """Correct a table's MPs (and the seats' points) directly in the rows."""
    seats = list(table.seats.order_by("position"))
    event = table.round.event
    result = GameResult(
        game=event.game,
        seats=tuple(EngineSeat(str(s.registration_id), m) for s, m in zip(seats, mps, strict=True)),
        round_number=table.round.number,
        multiplayer=event.multiplayer,
    )
    score = score_game(result)
    for seat, m in zip(seats, mps, strict=True):
        seat.mps = m
        seat.points = score.points[str(seat.registration_id)]
        seat.outcome = score.outcome[str(seat.registration_id)]
        seat.save(update_fields=["mps", "points", "outcome"])


def finish(event: Event, at: datetime | None = None) -> Event:
    last = event.rounds.order_by("-number").first()
    event.status = Event.Status.FINISHED
    event.finished_at = at or ((last.closed_at if last else BASE) + timedelta(minutes=5))
    event.save(update_fields=["status", "finished_at"])
    return event
