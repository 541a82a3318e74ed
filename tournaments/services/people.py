"""One person, one entry: finding the account holder a walk-in or a pasted row names
(membership number, e-mail, name), and the entries of an event that look like one
person entered twice."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Q

from tournaments.models import Event, Player, Registration


def account_holder_for(
    name: str = "", membership_number: str = "", email: str = ""
) -> Player | None:
    """The one account holder these details name: his membership number, else his
    account's e-mail, else his display name when exactly one account holder bears it."""
    holders = Player.objects.filter(user__isnull=False)
    number = (membership_number or "").strip()
    if number:
        found = list(holders.filter(membership_number=number)[:2])
        if len(found) == 1:
            return found[0]
    address = (email or "").strip()
    if address:
        users = get_user_model().objects.filter(email__iexact=address).values_list("pk", flat=True)
        found = list(holders.filter(user_id__in=list(users[:2]))[:2])
        if len(found) == 1:
            return found[0]
    name = " ".join((name or "").split())
    if name:
        found = list(holders.filter(display_name__iexact=name)[:2])
        if len(found) == 1:
            return found[0]
    return None


def duplicate_of(
    event: Event, name: str, membership_number: str = "", player: Player | None = None
) -> Registration | None:
    """An entry of ``event`` that looks like the same person under another record: the
    same name or the same membership number (his own entry is not a duplicate)."""
    name = " ".join((name or "").split())
    same = Q(player__display_name__iexact=name) if name else Q(pk__in=[])
    if membership_number.strip():
        same |= Q(player__membership_number=membership_number.strip())
    entries = event.registrations.filter(same).select_related("player")
    if player is not None:
        entries = entries.exclude(player=player)
    return entries.first()


@dataclass(frozen=True)
class Duplicate:
    """Two entries of one event that look like one person (same name or number)."""

    first: Registration
    second: Registration
    reason: str  # "same_name" or "same_membership_number"


def duplicate_entries(event: Event) -> list[Duplicate]:
    """Every pair of entries that look like one person entered twice, for the director."""
    regs = list(event.registrations.select_related("player").order_by("pk"))
    seen_names: dict[str, Registration] = {}
    seen_numbers: dict[str, Registration] = {}
    out: list[Duplicate] = []
    for reg in regs:
        key = " ".join(reg.player.display_name.lower().split())
        number = reg.player.membership_number.strip()
        if key in seen_names:
            out.append(Duplicate(seen_names[key], reg, "same_name"))
        elif number and number in seen_numbers:
            out.append(Duplicate(seen_numbers[number], reg, "same_membership_number"))
        seen_names.setdefault(key, reg)
        if number:
            seen_numbers.setdefault(number, reg)
    return out
