"""The server an online event plays on and each table's game room (RULES.md §8; the
naming rule is tournaments.rules.rooms)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import ServiceError
from core.types import AnyUser
from tournaments.models import Event, GameRoomSettings, Table
from tournaments.permissions import Capability, require
from tournaments.rules.rooms import MAX_PREFIX, SERVERS, Room, room_for
from tournaments.services.base import lock_event, retry_on_conflict


@retry_on_conflict
@transaction.atomic
def set_game_rooms(
    user: AnyUser, event: Event, server: str, room_prefix: str = "", server_url: str = ""
) -> GameRoomSettings:
    lock_event(event.pk)
    require(user, event, Capability.RUN_EVENT)
    if server not in SERVERS:
        raise ServiceError(_("Choose GEMP, meccg-online or no server."), code="game_server")
    prefix = (room_prefix or "").strip()
    if len(prefix) > MAX_PREFIX or not all(c.isascii() and c.isalnum() for c in prefix):
        raise ServiceError(
            _("The room prefix is at most %(n)s letters and digits.") % {"n": MAX_PREFIX},
            code="room_prefix",
        )
    url = (server_url or "").strip()
    if url and not url.startswith("https://"):
        raise ServiceError(_("The server's address starts with https://."), code="server_url")
    settings, _created = GameRoomSettings.objects.get_or_create(event=event)
    before = {"server": settings.server, "room_prefix": settings.room_prefix}
    settings.server, settings.room_prefix, settings.server_url = server, prefix, url
    settings.save()
    audit.record(
        actor=user,
        obj=event,
        action="game_rooms",
        before=before,
        after={"server": server, "room_prefix": prefix, "server_url": url},
        event=event,
    )
    return settings


def room_settings(event: Event) -> GameRoomSettings | None:
    """The event's settings; Django keeps the answer (even "none") on ``event``, so a page
    listing every table asks once."""
    try:
        return event.game_room
    except GameRoomSettings.DoesNotExist:
        return None


def table_room(table: Table, event: Event | None = None) -> Room | None:
    event = event or table.round.event
    settings = room_settings(event)
    if settings is None or table.is_bye:
        return None
    return room_for(
        settings.server,
        settings.room_prefix,
        event.slug,
        table.round.number,
        table.number,
        settings.server_url,
    )


def room_data(room: Room | None) -> dict[str, Any] | None:
    return None if room is None else {"server": room.server, "name": room.name, "link": room.link}
