"""A player's user names on the game servers, kept in his profile to match a server's
record to his seat."""

from __future__ import annotations

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


@transaction.atomic
def set_server_names(
    user: AnyUser, player: Player, gemp_name: str | None, meccg_name: str | None
) -> Player:
    if not may_edit_server_names(user, player):
        raise NotAllowed(_("Only the player himself may change his names on the game servers."))
    before = {"gemp_name": player.gemp_name, "meccg_name": player.meccg_name}
    player.gemp_name = _clean(gemp_name, _("GEMP user name"))
    player.meccg_name = _clean(meccg_name, _("meccg-online name"))
    player.save(update_fields=["gemp_name", "meccg_name"])
    audit.record(
        actor=user,
        obj=player,
        action="server_names",
        before=before,
        after={"gemp_name": player.gemp_name, "meccg_name": player.meccg_name},
    )
    return player
