"""The demo's cast and clock: its accounts, the roster of players, the simulated clock the
earlier event is played on, and how a previous demo is found, counted and removed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING
from unittest import mock

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.text import slugify

from ratings import services as ratings
from ratings.models import ReplayJob, Season
from tournaments.models import Event, Penalty, Player, Registration, Round, Seat, Table

if TYPE_CHECKING:
    from django.contrib.auth.models import User

SEED = 20261121
# One password for every demo account, printed by load_demo; it is a demo, not a secret.
DEMO_PASSWORD = "mellon-demo"
DEMO_EMAIL_DOMAIN = "demo.invalid"
DIRECTOR = "director"
PLAYER = "player"
ADMIN = "admin"
PLAYER_NAME = "Maren Holt"
LATE_ENTRY_NAME = "Tilda Mossbrook"

EARLIER_LORE = "LoRE Rivendell Open"
RUNNING_LORE = "LoRE Bree Cup"
UPCOMING_METW = "METW Council of Elrond Qualifier"
SEASON_SLUG = "lore-league-demo"

# The demo's players, strongest first (their skill steers the random results a little,
# so the standings read like a real event rather than noise).
ROSTER = [
    "Aino Virtanen",
    "Bram de Vries",
    "Chiara Rossi",
    "Dmitri Volkov",
    "Elin Berg",
    PLAYER_NAME,
    "Felix Wagner",
    "Greta Lind",
    "Hugo Moreau",
    "Ines Carvalho",
    "Jonas Keller",
    "Kaisa Nieminen",
    "Lars Dahl",
    "Mila Novak",
    "Nils Ekström",
    "Olga Petrova",
    "Pablo Ortega",
    "Quinn Harper",
    "Rosa Jiménez",
    "Stefan Horvat",
    "Tove Lund",
    "Ugo Bianchi",
    "Vera Kovács",
    "Wim Jansen",
    "Yara Haddad",
    # Players of the METW event only.
    "Aleksander Nowak",
    "Birgit Sørensen",
    "Colm O'Brien",
    "Dagny Aas",
    "Emeric Fabre",
    "Fenna Bakker",
    "Gideon Marsh",
    "Hedda Strand",
    "Ivo Marić",
    "Jorunn Vik",
    "Kasimir Laine",
    "Leonie Graf",
]
EARLIER_PLAYERS = 16  # the first 16 of the roster played the earlier event
RUNNING_PLAYERS = 25  # the first 25 registered for the running event; one never shows up
NO_SHOW = "Yara Haddad"
METW_PLAYERS = ROSTER[:12] + ROSTER[25:]


@dataclass
class DemoSummary:
    director: str = DIRECTOR
    player: str = PLAYER
    player_name: str = PLAYER_NAME
    opponent: str = ""
    opponent_name: str = ""
    admin: str = ADMIN
    password: str = DEMO_PASSWORD
    running_event: str = ""
    earlier_event: str = ""
    metw_event: str = ""
    season: str = ""
    player_table: int | None = None
    api_token: str = ""
    counts: dict[str, int] = field(default_factory=dict)


class Clock:
    """A clock the demo sets: every reading moves on a millisecond so events keep
    their order, and ``at`` jumps to the next moment of the story."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(milliseconds=1)
        return self.now

    def at(self, moment: datetime) -> None:
        self.now = moment


@contextmanager
def simulated_time(start: datetime) -> Iterator[Clock]:
    clock = Clock(start)
    with mock.patch("django.utils.timezone.now", clock):
        yield clock


def demo_username(name: str) -> str:
    return slugify(name).replace("-", ".")[:150]


def demo_users() -> QuerySet[User]:
    return get_user_model().objects.filter(email__endswith="@" + DEMO_EMAIL_DOMAIN)


def demo_exists() -> bool:
    return demo_users().filter(username=DIRECTOR).exists()


# --------------------------------------------------------------------------- reset


def reset_demo() -> None:
    """Delete everything a previous demo load made, and nothing else."""
    users = list(demo_users())
    if not users:
        return
    with transaction.atomic():
        events = Event.objects.filter(organizer__in=users)
        games = set(events.values_list("game", flat=True))
        ReplayJob.objects.filter(Q(event__in=events) | Q(requested_by__in=users)).delete()
        event_ids = list(events.values_list("pk", flat=True))
        walkin_ids = list(
            Player.objects.filter(user__isnull=True, registrations__event__in=event_ids)
            .distinct()
            .values_list("pk", flat=True)
        )
        # Seats protect their registrations, so they go first.
        Seat.objects.filter(event__in=event_ids).delete()
        events.delete()
        # Walk-ins the demo made have no account; keep any who also played elsewhere.
        Player.objects.filter(pk__in=walkin_ids, registrations__isnull=True).delete()
        Player.objects.filter(user__in=users, registrations__isnull=True).delete()
        Season.objects.filter(slug=SEASON_SLUG).delete()
        get_user_model().objects.filter(pk__in=[u.pk for u in users]).delete()
    # Other sanctioned events of these games were rated on a timeline that held the
    # demo's games; replaying puts their ratings back as if the demo never ran.
    for game in games:
        if Event.objects.filter(game=game, sanctioned=True).exists():
            ratings.replay_game(game)


def demo_counts() -> dict[str, int]:
    events = Event.objects.filter(organizer__in=demo_users())
    regs = Registration.objects.filter(event__in=events)
    return {
        "events": events.count(),
        "players": Player.objects.filter(registrations__event__in=events).distinct().count(),
        "registrations": regs.count(),
        "rounds": Round.objects.filter(event__in=events).count(),
        "tables": Table.objects.filter(round__event__in=events).count(),
        "decklists": regs.filter(decklists__current_version__isnull=False).distinct().count(),
        "illegal_decklists": regs.filter(decklists__current_version__legal=False)
        .distinct()
        .count(),
        "penalties": Penalty.objects.filter(registration__event__in=events).count(),
        "disputed": Table.objects.filter(
            round__event__in=events, status=Table.Status.DISPUTED
        ).count(),
        "rating_entries": sum(e.rating_entries.count() for e in events),
    }
