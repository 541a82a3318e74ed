"""A small but complete world for the security tests: every kind of user and an event
in every interesting state, built through the services (so the data is what real use
makes, not rows typed in by hand)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tournaments import services
from tournaments.models import Event, Player, Registration, Round, Table

_counter = itertools.count(1)


def make_user(name: str, *, staff: bool = False, player: bool = True) -> Any:
    # No password hashing: the tests log in with force_login or a token (hashing is slow).
    user = get_user_model().objects.create_user(
        username=f"{name}{next(_counter)}", password=None, is_staff=staff
    )
    if player:
        Player.objects.create(user=user, display_name=name.title())
    return user


def token_for(user: Any) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def lore_deck_text() -> str:
    """A legal LoRE list from the decks app's own samples (LoRE uses the project's card list)."""
    from decks.demo import sample_decklists

    return sample_decklists("lore")[0][1]


@dataclass
class World:
    director: Any
    other_director: Any
    staff: Any
    player: Any  # seated at table 1 of round 1 of ``event``
    opponent: Any  # his opponent at table 1
    other_player: Any  # registered in ``event``, seated elsewhere
    stranger: Any  # a logged-in user with no part in the event
    event: Event  # running: round 1 paired, tables pending
    open_event: Event  # registration open, nobody paired
    other_event: Event  # the other director's event
    registration: Registration  # the player's
    opponent_registration: Registration
    other_registration: Registration
    round: Round
    table: Table  # the player's table
    other_table: Table  # a table the player does not sit at
    extra: dict[str, Any] = field(default_factory=dict)

    def users(self) -> dict[str, Any]:
        return {
            "anonymous": None,
            "another_player": self.other_player,
            "the_player": self.player,
            "another_director": self.other_director,
            "the_director": self.director,
            "staff": self.staff,
        }


def build_world(game: str = "lore", players: int = 6, sanctioned: bool = True) -> World:
    director = make_user("director")
    other_director = make_user("otherdirector")
    staff = make_user("staff", staff=True)
    stranger = make_user("stranger")
    event = services.create_event(
        director,
        name="Fuzzed Open",
        game=game,
        sanctioned=sanctioned,
        planned_rounds=3,
    )
    event = services.open_registration(director, event)
    users = [make_user(f"player{i}") for i in range(players)]
    regs = [services.register_self(u, event) for u in users]
    rnd = services.pair_next_round(director, event, seed=7)
    tables = list(rnd.tables.filter(is_bye=False).order_by("number"))
    table = tables[0]
    seat_regs = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    by_id = {r.pk: (u, r) for u, r in zip(users, regs, strict=True)}
    player, registration = by_id[seat_regs[0]]
    opponent, opponent_registration = by_id[seat_regs[1]]
    other_table = tables[1]
    other_reg_id = other_table.seats.order_by("position").values_list("registration_id", flat=True)[
        0
    ]
    other_player, other_registration = by_id[other_reg_id]

    open_event = services.create_event(director, name="Open Cup", game=game, planned_rounds=3)
    open_event = services.open_registration(director, open_event)
    other_event = services.create_event(other_director, name="Other Cup", game=game)
    other_event = services.open_registration(other_director, other_event)
    event.refresh_from_db()
    return World(
        director=director,
        other_director=other_director,
        staff=staff,
        player=player,
        opponent=opponent,
        other_player=other_player,
        stranger=stranger,
        event=event,
        open_event=open_event,
        other_event=other_event,
        registration=registration,
        opponent_registration=opponent_registration,
        other_registration=other_registration,
        round=rnd,
        table=table,
        other_table=other_table,
    )
