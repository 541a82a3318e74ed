"""A player's user names on the game servers, kept in his profile to match a server's
record to his seat."""

from __future__ import annotations

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import NotAllowed, ServiceError
from core.types import AnyUser
from tournaments.models import Player

MAX_NAME = 100


def may_edit_server_names(user: AnyUser, player: Player) -> bool:
    """The player himself, whoever entered him as a walk-in, and the site's staff."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(
        user.is_staff
        or (player.user_id is not None and player.user_id == user.pk)
        or (player.user_id is None and player.created_by_id == user.pk)
    )


def _clean(value: str | None, label: str) -> str:
    name = " ".join((value or "").split())
    if len(name) > MAX_NAME:
        raise ServiceError(
            _("%(label)s: at most %(n)s characters.") % {"label": label, "n": MAX_NAME},
            code="server_name_too_long",
        )
    return name


def _zone(value: str | None) -> str:
    """An IANA zone name as zoneinfo knows it, or empty (the browser's then)."""
    name = (value or "").strip()
    if not name:
        return ""
    try:
        return ZoneInfo(name).key
    except (ZoneInfoNotFoundError, ValueError):
        raise ServiceError(
            _("Unknown time zone: %(zone)s. Use a name such as Europe/Madrid.")
            % {"zone": name[:64]},
            code="time_zone",
        ) from None


FIELDS = ["gemp_name", "meccg_name", "time_zone"]


@transaction.atomic
def set_server_names(
    user: AnyUser,
    player: Player,
    gemp_name: str | None,
    meccg_name: str | None,
    time_zone: str | None = None,
) -> Player:
    """The player's names on the game servers and, when given, the zone he reads times in."""
    if not may_edit_server_names(user, player):
        raise NotAllowed(_("Only the player himself may change his names on the game servers."))
    before = {f: getattr(player, f) for f in FIELDS}
    player.gemp_name = _clean(gemp_name, _("GEMP user name"))
    player.meccg_name = _clean(meccg_name, _("meccg-online name"))
    if time_zone is not None:
        player.time_zone = _zone(time_zone)
    player.save(update_fields=FIELDS)
    audit.record(
        actor=user,
        obj=player,
        action="server_names",
        before=before,
        after={f: getattr(player, f) for f in FIELDS},
    )
    return player
