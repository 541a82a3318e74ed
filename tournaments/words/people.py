"""How a person is named to others: his player's display name, never his user name
(user names are log-in secrets half told)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tournaments.models import Player

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def public_name(user: User | None) -> str:
    """The display name of ``user``'s player, else his full name, else "—"."""
    if user is None:
        return "—"
    player = Player.objects.filter(user_id=user.pk).only("display_name").first()
    if player is not None and player.display_name:
        return player.display_name
    return user.get_full_name() or "—"
