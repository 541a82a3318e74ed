"""One person, one entry, after the fact: a person who signs up claims the walk-in entry
the director made for him; once the director confirms, the walk-in's entries (and so
his games and ratings) become the account holder's."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, NotFound
from core.types import AnyUser, signed_in
from tournaments import signals
from tournaments.models import EntryClaim, Event, Player, Registration
from tournaments.permissions import require_director, require_login
from tournaments.services.base import lock_event, lock_registration


@transaction.atomic
def claim_entry(user: AnyUser, registration: Registration) -> EntryClaim:
    """The signed-in person says this walk-in entry is his; the director decides."""
    require_login(user)
    reg = lock_registration(registration)
    if reg.player.user_id is not None:
        raise Conflict(
            _("%(player)s's entry belongs to an account already.")
            % {"player": reg.player.display_name},
            code="not_a_walk_in",
        )
    try:
        with transaction.atomic():
            claim = EntryClaim.objects.create(registration=reg, user=signed_in(user))
    except IntegrityError:
        raise Conflict(
            _("You have already claimed this entry: the director decides."), code="claimed"
        ) from None
    audit.record(
        actor=user,
        obj=reg,
        action="entry_claim",
        event=reg.event,
        after={"player": reg.player.display_name},
    )
    return claim


def open_claims(event: Event) -> list[EntryClaim]:
    return list(
        EntryClaim.objects.filter(registration__event=event, decided_at__isnull=True)
        .select_related("registration__player", "user__player")
        .order_by("created_at", "pk")
    )


def _merge(walk_in: Player, user: AnyUser) -> Player:
    """The walk-in's entries become the account holder's; the walk-in record goes."""
    own = Player.objects.filter(user=signed_in(user)).first()
    if own is None:
        walk_in.user = signed_in(user)
        walk_in.save(update_fields=["user"])
        return walk_in
    both = set(walk_in.registrations.values_list("event_id", flat=True)) & set(
        own.registrations.values_list("event_id", flat=True)
    )
    if both:
        names = ", ".join(Event.objects.filter(pk__in=both).values_list("name", flat=True))
        raise Conflict(
            _(
                "%(player)s and %(walk_in)s are both entered in %(events)s: remove one of "
                "the entries before merging."
            )
            % {"player": own.display_name, "walk_in": walk_in.display_name, "events": names},
            code="both_entered",
        )
    games = sorted(set(walk_in.registrations.values_list("event__game", flat=True)))
    walk_in.registrations.update(player=own)
    if not own.membership_number and walk_in.membership_number:
        own.membership_number = walk_in.membership_number
        own.save(update_fields=["membership_number"])
    signals.players_merged.send(sender=Player, kept=own, merged_id=walk_in.pk, games=games)
    walk_in.delete()
    return own


@transaction.atomic
def decide_claim(actor: AnyUser, event: Event, claim_id: int, accept: bool) -> EntryClaim:
    """The director confirms (the walk-in's history becomes the account holder's) or
    refuses a claim on an entry of his event."""
    event = lock_event(event)
    require_director(actor, event)
    claim = (
        EntryClaim.objects.select_for_update()
        .select_related("registration__player", "user")
        .filter(pk=claim_id, registration__event=event, decided_at__isnull=True)
        .first()
    )
    if claim is None:
        raise NotFound(
            _("No open claim %(id)s in %(event)s.") % {"id": claim_id, "event": event.name}
        )
    walk_in = claim.registration.player
    before = {"player": walk_in.display_name, "account": claim.user.get_username()}
    player = _merge(walk_in, claim.user) if accept else walk_in
    claim.accepted, claim.decided_at, claim.decided_by = accept, timezone.now(), signed_in(actor)
    claim.save(update_fields=["accepted", "decided_at", "decided_by"])
    audit.record(
        actor=actor,
        obj=claim.registration,
        action="entry_claim_accepted" if accept else "entry_claim_refused",
        event=event,
        before={"player": before["player"]},
        after={"player": player.display_name} if accept else None,
    )
    return claim
