"""Display names that imitate another player's, flagged to the staff.

A sign-up whose display name reads like an existing player's (the same letters up to
case, spacing, accents, or look-alike letters from other alphabets and digits) is let
through — people do share names — but recorded in the audit trail as
``lookalike_name``, which the staff filter on in the admin's audit list. The issue's
attack was 25 sign-ups from one address, each under an existing player's name."""

from __future__ import annotations

import unicodedata

from django.db.models import Q

from audit import services as audit
from core.types import AnyUser
from tournaments.models import Player

ACTION = "lookalike_name"

# Letters that look like Latin ones (Cyrillic, Greek) and digits read as letters.
LOOKALIKES = str.maketrans(
    {
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i",
        "ј": "j", "ѕ": "s", "к": "k", "м": "m", "т": "t", "в": "b", "н": "h",
        "α": "a", "ο": "o", "ρ": "p", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "τ": "t",
        "0": "o", "1": "l", "3": "e", "5": "s", "|": "l",
    }
)  # fmt: skip


def skeleton(name: str) -> str:
    """The name as it reads: case, spacing, accents and look-alike letters ironed out."""
    text = unicodedata.normalize("NFKD", name.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.translate(LOOKALIKES)
    return " ".join(text.split())


def imitated(player: Player) -> list[Player]:
    """Other players whose name reads the same as this one's."""
    name = " ".join(player.display_name.split())
    target = skeleton(name)
    candidates = Player.objects.filter(
        Q(display_name__iexact=name) | Q(display_name__iexact=target)
    ).exclude(pk=player.pk)
    return [p for p in candidates[:20] if skeleton(p.display_name) == target]


def flag_if_imitating(user: AnyUser, player: Player) -> bool:
    """Record for the staff when a new player's name imitates another's."""
    others = imitated(player)
    if not others:
        return False
    audit.record(
        actor=user,
        obj=player,
        action=ACTION,
        after={"display_name": player.display_name, "like_players": [p.pk for p in others]},
        note="display name reads like another player's",
    )
    return True
