"""Bringing an event back from its export (tournaments.services.export_event).

The export is one JSON document: the event's settings, its registrations, every round
with every table's result, the penalties and the standings. ``import_event`` rebuilds the
event in one transaction, checks that the standings it computes from the imported
results are the exported ones (else refused), and has the ratings replayed.

Players are matched to the ones this site already has (same id and name) when the
importer may add them: the site's staff (the command line) always, a director restoring
from the pages only his own walk-ins and players who registered themselves in one of his
events (a director must not pull strangers into his events). Everyone else
comes back as a new walk-in without an account. What the export does not hold is not
restored: the history of each result, earlier versions of deck lists (each list's
current version is) and the audit trail. A restored sanctioned event is not rated
until its league's staff approve it again (never counted twice into a league). Round
times are not exported either; rounds are given closing times in their order, which is
all the ratings' timeline needs within one event.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DataError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from audit import services as audit
from core import limits
from core.errors import Conflict, NotAllowed, ServiceError
from core.types import AnyUser
from tournaments import extensions, services, signals
from tournaments.models import (
    Event,
    Penalty,
    PenaltyRescission,
    Player,
    Registration,
    Round,
)
from tournaments.permissions import Capability, can
from tournaments.services.event_validation import validate_event
from tournaments.services.events import free_slug as unique_slug
from tournaments.services.quotas import (
    check_document_walk_ins,
    check_event_quota,
    document_walk_ins,
)
from tournaments.services.transfer.playoff import import_playoff
from tournaments.services.transfer.report import SyncReport
from tournaments.services.transfer.rows import choice as _choice
from tournaments.services.transfer.rows import create_round, free_uid, uid_of
from tournaments.services.transfer.rows import known_player as _known_player
from tournaments.services.transfer.rows import parse_time as _datetime
from tournaments.services.transfer.rows import registration_of as _registration
from tournaments.services.transfer.rows import require as _require
from tournaments.services.transfer.stages import import_stages, imported_group
from tournaments.services.transfer.sync import update_event

REQUIRED = ("event", "registrations", "rounds", "penalties", "standings")
STANDING_FIELDS = ("rank", "points", "wins", "losses", "draws", "byes", "opponents_points")


def export_document(event: Event) -> dict[str, Any]:
    """The export, as the API serves it to the event's director."""
    return services.export_event(event)


def load_document(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ServiceError(
            gettext("Cannot read %(path)s: %(exc)s") % {"path": path, "exc": exc},
            code="bad_document",
        )
    if not isinstance(data, dict):
        raise ServiceError(gettext("The document is not a JSON object."), code="bad_document")
    return data


def _organizer(username: str | None, fallback: Any) -> Any:
    user = get_user_model().objects.filter(username=username).first() if username else None
    user = user or fallback
    if user is None:
        raise ServiceError(
            gettext("The event's director '%(username)s' has no account here: name one who does.")
            % {"username": username},
            code="no_organizer",
        )
    return user


def _standings_of(event: Event, reg_map: dict[int, Registration]) -> list[dict[str, Any]]:
    back = {new.pk: old for old, new in reg_map.items()}
    return [
        {"registration": back[int(row.player)], **{f: getattr(row, f) for f in STANDING_FIELDS}}
        for row in services.event_standings(event)
    ]


def _create_event(document: dict[str, Any], organizer: Any, slug: str | None) -> Event:
    for key in REQUIRED:
        _require(document, key, (dict, list), "")
    data = document["event"]
    slug = slug or _require(data, "slug", str, "event.")
    if Event.objects.filter(slug=slug).exists():
        raise Conflict(
            gettext("An event '%(slug)s' exists already; import it under another slug.")
            % {"slug": slug}
        )
    fields: dict[str, Any] = {}
    for name in services.EVENT_FIELDS:
        if name in data:
            fields[name] = data[name]
    for name in ("deck_deadline", "starts_at"):
        fields[name] = _datetime(fields.get(name), f"event.{name}")
    validate_event(fields)
    status = _require(data, "status", str, "event.")
    if status not in Event.Status.values:
        raise ServiceError(
            gettext("Unknown event status '%(status)s'.") % {"status": status}, code="bad_document"
        )
    return Event.objects.create(
        organizer=organizer,
        slug=slug,
        status=status,
        **free_uid(data, Event),
        created_at=_datetime(data.get("created_at"), "event.created_at") or timezone.now(),
        **fields,
    )


def _create_registrations(
    event: Event, rows: list[Any], importer: Any = None
) -> dict[int, Registration]:
    reg_map: dict[int, Registration] = {}
    for row in sorted(rows, key=lambda r: r.get("id", 0)):
        old = _require(row, "id", int, "registration.")
        name = _require(row, "player", str, "registration.")[:100]
        player = _known_player(row, name, importer) or Player.objects.create(
            display_name=name, created_by=importer
        )
        reg_map[old] = Registration.objects.create(
            event=event,
            player=player,
            **free_uid(row, Registration),
            checked_in=bool(row.get("checked_in")),
            joined_round=int(row.get("joined_round") or 1),
            dropped=bool(row.get("dropped")),
            dropped_after_round=row.get("dropped_after_round"),
            ejected=bool(row.get("ejected")),
            ejection_reason=str(row.get("ejection_reason") or "")[:300],
            stage_group=imported_group(row.get("stage_group")),
        )
    return reg_map


def _create_rounds(event: Event, rounds: list[Any], reg_map: dict[int, Registration]) -> datetime:
    """Every round and table; returns when the last round closed."""
    # Rounds close one minute apart in their order, after the event's start.
    start = event.starts_at or event.created_at
    last_close = start
    for rnd in sorted(rounds, key=lambda r: r.get("number", 0)):
        number = _require(rnd, "number", int, "round.")
        closed = rnd.get("status") == Round.Status.CLOSED
        closed_at = _datetime(rnd.get("closed_at"), "round.closed_at") or (
            start + timedelta(minutes=number) if closed else None
        )
        last_close = closed_at or last_close
        create_round(event, rnd, number, closed_at, reg_map)
    return last_close


def _create_penalties(penalties: list[Any], reg_map: dict[int, Registration]) -> None:
    for p in penalties:
        penalty = Penalty.objects.create(
            registration=_registration(reg_map, p.get("registration"), "a penalty"),
            kind=_choice(p.get("kind"), Penalty.Kind, Penalty.Kind.WARNING, "penalty kind"),
            offense=_choice(p.get("offense"), Penalty.Offense, Penalty.Offense.OTHER, "offense"),
            round_number=p.get("round"),
            note=str(p.get("note") or "")[:500],
            created_at=_datetime(p.get("at"), "penalty.at") or timezone.now(),
        )
        # A penalty rescinded in the exported event stays rescinded: it does not count
        # toward an ejection again (the warning ladder counts standing ones only).
        rescinded = p.get("rescinded")
        if isinstance(rescinded, dict):
            PenaltyRescission.objects.create(
                penalty=penalty,
                at=_datetime(rescinded.get("at"), "penalty.rescinded.at") or timezone.now(),
                note=str(rescinded.get("note") or "")[:500],
            )


def _check_standings(
    event: Event, document: dict[str, Any], reg_map: dict[int, Registration]
) -> None:
    if not event.rounds.exists():
        return
    expected = [
        {"registration": r["registration"], **{f: r[f] for f in STANDING_FIELDS}}
        for r in document["standings"]
    ]
    if _standings_of(event, reg_map) != expected:
        raise Conflict(
            gettext(
                "The imported results do not give the exported standings; nothing was imported."
            ),
            code="standings_differ",
        )


@transaction.atomic
def _update(event: Event, document: dict[str, Any], actor: Any, importer: Any) -> SyncReport:
    for key in REQUIRED:
        _require(document, key, (dict, list), "")
    _require(document, "event", dict, "")
    report = update_event(event, document, importer)
    if not report.conflicts and not report.kept_extra:
        # The merged event is exactly the file's: its standings must be the file's.
        _check_standings(event, document, report.reg_map)
    # After the check: the lists do not touch the standings, so one kept here must not skip it.
    extensions.merge_decks(event, document, report.reg_map, report)
    audit.record(
        actor=actor,
        obj=event,
        action="import",
        event=event,
        after={"added": report.added, "conflicts": [code for code, _ in report.conflicts]},
        note="updated from an export of the same event",
    )
    return report


@transaction.atomic
def _import(
    document: dict[str, Any], organizer: Any, slug: str | None, importer: Any = None
) -> tuple[Event, dict[int, Registration]]:
    event = _create_event(document, organizer, slug)
    reg_map = _create_registrations(event, document["registrations"], importer)
    last_close = _create_rounds(event, document["rounds"], reg_map)
    if event.status == Event.Status.FINISHED:
        event.finished_at = _datetime(
            document["event"].get("finished_at"), "event.finished_at"
        ) or (last_close + timedelta(minutes=1))
        event.save(update_fields=["finished_at"])
    _create_penalties(document["penalties"], reg_map)
    import_playoff(event, document, reg_map)  # the top cut: tournaments.services.transfer.playoff
    import_stages(event, document, reg_map, _datetime)  # tournaments.services.transfer.stages
    extensions.import_decks(event, document, reg_map)  # the lists and decks played (decks)
    _check_standings(event, document, reg_map)
    audit.record(
        actor=organizer,
        obj=event,
        action="import",
        event=event,
        after={"registrations": len(reg_map), "rounds": len(document["rounds"])},
        note="imported from an export",
    )
    return event, reg_map


# What a damaged document makes the model layer raise, rather than a ServiceError.
DAMAGED = (
    AttributeError, KeyError, TypeError, ValueError, OverflowError, DataError, IntegrityError,
)  # fmt: skip


def _import_whole(
    document: dict[str, Any],
    organizer: Any,
    slug: str | None,
    importer: Any = None,
    existing: Event | None = None,
) -> SyncReport:
    """A new event from ``document``, or the update of the one this site has with its
    uid; any damage to the document is a clear refusal (nothing is kept: the transaction
    is rolled back) instead of a server error."""
    try:
        if existing is not None:
            return _update(existing, document, organizer or importer, importer)
        event, reg_map = _import(document, organizer, slug, importer)
        return SyncReport(event=event, created=True, reg_map=reg_map)
    except ServiceError:
        raise
    except DAMAGED as exc:
        # The exception's class and text are the program's words, not the reader's: they
        # stay in the chained exception for whoever reads the log.
        raise ServiceError(
            gettext("The document is damaged; nothing was imported."), code="bad_document"
        ) from exc


def held_event(document: Any) -> Event | None:
    """The event this site already has under the document's uid, if any."""
    data = document.get("event") if isinstance(document, dict) else None
    uid = uid_of(data.get("uid")) if isinstance(data, dict) else None
    return Event.objects.filter(uid=uid).first() if uid else None


def import_event(
    document: dict[str, Any],
    *,
    organizer: Any = None,
    slug: str | None = None,
    replay_ratings: bool = True,
) -> Event:
    """Rebuild an exported event (all or nothing) and replay its game's ratings."""
    return import_document(
        document, organizer=organizer, slug=slug, replay_ratings=replay_ratings
    ).event


def import_document(
    document: dict[str, Any],
    *,
    organizer: Any = None,
    slug: str | None = None,
    replay_ratings: bool = True,
) -> SyncReport:
    """The site's staff (the command line): a new event, or the update of the one this
    site has with the document's uid (unless another slug is asked for: a copy); then
    the game's ratings replayed."""
    if not isinstance(document, dict):
        raise ServiceError(gettext("The document is not a JSON object."), code="bad_document")
    username = document.get("event", {}).get("organizer") if document.get("event") else None
    _check_walk_ins(document)
    held = held_event(document)
    # Under another slug than the event's here: a copy beside it, on purpose.
    existing = held if held is not None and slug in (None, held.slug) else None
    report = _import_whole(document, _organizer(username, organizer), slug, existing=existing)
    if replay_ratings:
        # The ledger is derived from results: the ratings app (listening) replays the
        # game system, which rebuilds this event's share of it.
        signals.event_imported.send(sender=Event, event=report.event)
    return report


def _check_walk_ins(document: dict[str, Any]) -> None:
    """The file's walk-ins, with those the event here has and the file lacks, against the
    limit of one event (before any work)."""
    check_document_walk_ins(document)
    held = held_event(document)
    rows = document.get("registrations")
    if held is not None and isinstance(rows, list):
        uids = [u for r in rows if isinstance(r, dict) and (u := uid_of(r.get("uid")))]
        others = held.registrations.filter(player__user__isnull=True).exclude(uid__in=uids)
        limits.check_walk_ins(others.count(), document_walk_ins(rows))


def restore_event(user: AnyUser, document: Any) -> Event:
    return restore_document(user, document).event


def restore_document(user: AnyUser, document: Any) -> SyncReport:
    """A director's "Restore an event from a file": a new event owned by him, under a
    new address, players matched only where he may add them, and not rated until its
    league approves it (the approval is not in the document). A file of an event this
    site has already (its uid) updates that event instead, for its directors only."""
    if not getattr(user, "is_authenticated", False):
        raise ServiceError(gettext("Log in first."), code="not_authenticated")
    if not isinstance(document, dict) or not isinstance(document.get("event"), dict):
        raise ServiceError(
            gettext("This file is not an event export: download one from an event's page."),
            code="bad_document",
        )
    held = held_event(document)
    if held is not None and not can(user, held, Capability.UPDATE_FROM_FILE):
        raise NotAllowed(
            gettext(
                "This event is on this site already, and only its directors may update it "
                "from a file."
            )
        )
    # The quotas of every other way in, before any work.
    if held is None:
        check_event_quota(user)
    _check_walk_ins(document)
    name = document["event"].get("name")
    slug = unique_slug(name if isinstance(name, str) else "event")
    report = _import_whole(document, user, slug, importer=user, existing=held)
    signals.event_imported.send(sender=Event, event=report.event)
    return report
