"""Bulk entry at the venue: a pasted or uploaded player list, previewed, then registered
(and checked in) in one action; check in everyone; remove a registration before round 1."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from audit import services as audit
from core.errors import Conflict, NotFound, ServiceError
from core.types import AnyUser, signed_in
from tournaments.models import BulkAction, Event, Player, PlayerContact, Registration
from tournaments.permissions import require_director
from tournaments.services.base import lock_event, registration_snapshot
from tournaments.services.people import account_holder_for, duplicate_of
from tournaments.services.quotas import check_walk_ins_added
from tournaments.services.registration import check_in_on_entry, enter_player

MAX_ROWS = 1000
HEADER_WORDS = {"name", "player", "display name", "naam", "nom"}


@dataclass(frozen=True)
class EntryRow:
    line: int
    name: str
    membership_number: str = ""
    email: str = ""


@dataclass
class PreviewRow:
    row: EntryRow
    # Codes the page turns into words: duplicate_in_list, already_registered,
    # possible_duplicate, has_account, known_player, bad_email.
    flags: list[str] = field(default_factory=list)
    player_id: int | None = None

    @property
    def will_add(self) -> bool:
        # An account holder is entered as himself (one person, one entry).
        return not {"duplicate_in_list", "already_registered", "possible_duplicate"} & set(
            self.flags
        )


def _split(line: str) -> list[str]:
    for sep in ("\t", ";", ","):
        if sep in line:
            return [c.strip() for c in next(csv.reader([line], delimiter=sep))]
    return [line.strip()]


def parse_player_list(text: str) -> list[EntryRow]:
    """One player per line: ``name`` or ``name, membership number, e-mail`` (comma,
    semicolon or tab separated, as a spreadsheet exports it); a header row is skipped."""
    rows: list[EntryRow] = []
    for number, raw in enumerate(io.StringIO(text or ""), start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        cells = [*_split(line), "", ""]
        if number == 1 and cells[0].lower() in HEADER_WORDS:
            continue
        name = " ".join(cells[0].split())[:100]
        if not name:
            raise ServiceError(
                _("Line %(number)s has no name.") % {"number": number}, code="no_name"
            )
        rows.append(EntryRow(number, name, cells[1][:40], cells[2][:254]))
        if len(rows) > MAX_ROWS:
            raise ServiceError(
                _("At most %(max)s players at once.") % {"max": MAX_ROWS}, code="too_many"
            )
    if not rows:
        raise ServiceError(_("The list is empty: one player per line."), code="empty")
    return rows


def _known_players(rows: list[EntryRow]) -> tuple[dict[str, Player], dict[str, Player]]:
    numbers = {r.membership_number for r in rows if r.membership_number}
    names = {r.name.lower() for r in rows}
    by_number = {
        p.membership_number: p for p in Player.objects.filter(membership_number__in=numbers)
    }
    by_name = {
        p.display_name.lower(): p
        for p in Player.objects.filter(display_name__in=[r.name for r in rows])
        if p.display_name.lower() in names
    }
    return by_number, by_name


def _flag(row: PreviewRow, seen: set[str], registered: set[int], emails: set[str]) -> None:
    key = row.row.membership_number or row.row.name.lower()
    if key in seen:
        row.flags.append("duplicate_in_list")
    seen.add(key)
    if row.player_id is not None and row.player_id in registered:
        row.flags.append("already_registered")
    if row.row.email:
        try:
            validate_email(row.row.email)
        except ValidationError:
            row.flags.append("bad_email")
        if row.row.email.lower() in emails and "has_account" not in row.flags:
            row.flags.append("has_account")


def preview_player_list(event: Event, text: str) -> list[PreviewRow]:
    """What registering the list would do, row by row, without doing it."""
    rows = parse_player_list(text)
    by_number, by_name = _known_players(rows)
    registered = set(event.registrations.values_list("player_id", flat=True))
    emails = {
        e.lower()
        for e in get_user_model()
        .objects.filter(email__in=[r.email for r in rows if r.email])
        .values_list("email", flat=True)
    }
    seen: set[str] = set()
    out = []
    for row in rows:
        player = (
            by_number.get(row.membership_number)
            or account_holder_for(email=row.email)
            or by_name.get(row.name.lower())
        )
        preview = PreviewRow(row, player_id=player.pk if player else None)
        if player is not None:
            preview.flags.append("has_account" if player.user_id else "known_player")
        _flag(preview, seen, registered, emails)
        if "already_registered" not in preview.flags and duplicate_of(
            event, row.name, row.membership_number, player
        ):
            preview.flags.append("possible_duplicate")
        out.append(preview)
    return out


def _player_for_row(actor: AnyUser, preview: PreviewRow) -> Player:
    if preview.player_id is not None:
        known = Player.objects.get(pk=preview.player_id)
        # An account holder is entered as himself; a walk-in only if this director
        # entered him (or any, for staff): another director's walk-in stays his, so
        # nobody can move her rating from elsewhere.
        if known.user_id is not None:
            return known
        if known.created_by_id == actor.pk or getattr(actor, "is_staff", False):
            return known
    row = preview.row
    player = Player.objects.create(
        display_name=row.name, membership_number=row.membership_number, created_by=signed_in(actor)
    )
    if row.email and "bad_email" not in preview.flags:
        PlayerContact.objects.create(player=player, email=row.email)
    return player


@transaction.atomic
def register_player_list(actor: AnyUser, event: Event, text: str) -> list[Registration]:
    """Register (and check in) every row the preview marks as to be added."""
    event = lock_event(event)
    require_director(actor, event)
    previews = [p for p in preview_player_list(event, text) if p.will_add]
    # Every row may become a walk-in (a known player is reused only when his): counted
    # against the same limit as the door, before anyone is added.
    check_walk_ins_added(event, len(previews))
    added = []
    for preview in previews:
        reg = enter_player(actor, event, _player_for_row(actor, preview), "bulk_entry")
        check_in_on_entry(actor, reg, "checked in with the pasted list")
        added.append(reg)
    return added


@transaction.atomic
def check_in_everyone(actor: AnyUser, event: Event) -> BulkAction:
    """Check in every active registration not yet checked in (one undoable action)."""
    event = lock_event(event)
    require_director(actor, event)
    regs = list(
        event.registrations.active().filter(checked_in=False).select_related("player", "event")
    )
    for reg in regs:
        before = registration_snapshot(reg)
        reg.checked_in = True
        reg.save(update_fields=["checked_in"])
        audit.record(
            actor=actor,
            obj=reg,
            action="check_in",
            before=before,
            after=registration_snapshot(reg),
            event=event,
            note="checked in with everyone",
        )
    return BulkAction.objects.create(
        event=event, kind="check_in_all", registrations=[r.pk for r in regs], actor=signed_in(actor)
    )


def removal_blocker(reg: Registration) -> Conflict | None:
    if reg.event.rounds.exists():
        return Conflict(
            _("Round 1 has been paired: drop the player instead of removing them."),
            code="round_paired",
        )
    return None


@transaction.atomic
def remove_registration(actor: AnyUser, event: Event, registration_id: int) -> dict[str, Any]:
    """Delete a registration entered by mistake (a duplicate walk-in), before round 1."""
    event = lock_event(event)
    require_director(actor, event)
    reg = event.registrations.select_related("player", "event").filter(pk=registration_id).first()
    if reg is None:
        raise NotFound(_("No such registration in this event."))
    blocker = removal_blocker(reg)
    if blocker is not None:
        raise blocker
    snapshot = registration_snapshot(reg)
    audit.record(actor=actor, obj=reg, action="unregister", before=snapshot, event=event)
    player = reg.player
    reg.delete()
    # A walk-in created for this event only goes with his registration.
    if player.user_id is None and not player.registrations.exists():
        player.delete()
    return snapshot
