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
import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DataError, IntegrityError, transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext

from audit import services as audit
from core.errors import Conflict, ServiceError
from core.types import AnyUser
from tournaments import extensions, services, signals
from tournaments.models import (
    Event,
    Penalty,
    PenaltyRescission,
    Player,
    Registration,
    Round,
    Seat,
    Table,
)
from tournaments.rules.council import remap_council
from tournaments.services.event_validation import validate_event
from tournaments.services.events import free_slug as unique_slug
from tournaments.services.quotas import check_document_walk_ins, check_event_quota
from tournaments.services.transfer.matches import create_table_games
from tournaments.services.transfer.playoff import import_playoff
from tournaments.services.transfer.stages import import_stages, imported_group

REQUIRED = ("event", "registrations", "rounds", "penalties", "standings")
STANDING_FIELDS = ("rank", "points", "wins", "losses", "draws", "byes", "opponents_points")


def export_document(event: Event) -> dict[str, Any]:
    """The export, as the API serves it to the event's director."""
    return services.export_event(event)


def _datetime(value: Any, field: str) -> datetime | None:
    if value in (None, ""):
        return None
    parsed = parse_datetime(str(value)) if isinstance(value, str) else None
    if parsed is None:
        raise ServiceError(
            gettext("%(field)s is not a date and time: '%(value)s'.")
            % {"field": field, "value": value},
            code="bad_document",
        )
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed)


def _require(mapping: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(mapping, dict) or key not in mapping:
        raise ServiceError(
            gettext("The document has no %(where)s%(key)s.") % {"where": where, "key": key},
            code="bad_document",
        )
    value = mapping[key]
    if not isinstance(value, kind):
        raise ServiceError(
            gettext("%(where)s%(key)s has the wrong type.") % {"where": where, "key": key},
            code="bad_document",
        )
    return value


def _choice(value: Any, choices: Any, default: str, where: str) -> str:
    """A stored choice from the document, refused when it is not one of the model's."""
    if value in (None, ""):
        return default
    if value not in choices.values:
        raise ServiceError(
            f"{where} is not one of {', '.join(choices.values)}.", code="bad_document"
        )
    return value


def _outcome(value: Any, where: str) -> str:
    # The rules engine's outcome keys are short snake_case words ("normal", "one_ring").
    if value in (None, ""):
        return "normal"
    if not isinstance(value, str) or not re.fullmatch(r"[a-z0-9_]{1,40}", value):
        raise ServiceError(f"{where} has an unknown outcome {value!r}.", code="bad_document")
    return value


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
        created_at=_datetime(data.get("created_at"), "event.created_at") or timezone.now(),
        **fields,
    )


def _known_player(row: dict[str, Any], name: str, importer: Any) -> Player | None:
    """The site's own player the row names, if the importer may add him (see above)."""
    pk = row.get("player_id")
    if not isinstance(pk, int) or isinstance(pk, bool):
        return None
    player = Player.objects.filter(pk=pk, display_name=name).first()
    if player is None or importer is None or getattr(importer, "is_staff", False):
        return player
    if player.user_id is None:
        return player if player.created_by_id == importer.pk else None
    # An account holder is only ever in an event because he registered himself (or staff
    # added him), so a registration in one of the importer's events is his consent.
    mine = Registration.objects.filter(player=player, event__organizer=importer)
    return player if mine.exists() else None


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
            checked_in=bool(row.get("checked_in")),
            joined_round=int(row.get("joined_round") or 1),
            dropped=bool(row.get("dropped")),
            dropped_after_round=row.get("dropped_after_round"),
            ejected=bool(row.get("ejected")),
            ejection_reason=str(row.get("ejection_reason") or "")[:300],
            stage_group=imported_group(row.get("stage_group")),
        )
    return reg_map


def _registration(reg_map: dict[int, Registration], old: Any, where: str) -> Registration:
    if old not in reg_map:
        raise ServiceError(
            gettext("%(where)s names registration '%(old)s', which is not in the event.")
            % {"where": where, "old": old}
        )
    return reg_map[old]


def _create_table(new_round: Round, t: dict[str, Any], reg_map: dict[int, Registration]) -> None:
    where = f"round {new_round.number} table {t.get('number')}"
    winner = t.get("winner")
    table = Table.objects.create(
        round=new_round,
        number=_require(t, "number", int, "table."),
        is_bye=bool(t.get("is_bye")),
        status=_choice(t.get("status"), Table.Status, Table.Status.PENDING, f"{where} status"),
        outcome=_outcome(t.get("outcome"), where),
        winner=_registration(reg_map, winner, where) if winner is not None else None,
        time_called=bool(t.get("time_called")),
        band=str(t.get("band") or "")[:60],
        council=remap_council(t.get("council"), {k: r.pk for k, r in reg_map.items()}),
    )
    for position, seat in enumerate(t.get("seats") or [], start=1):
        Seat.objects.create(
            table=table,
            round=new_round,
            event=new_round.event,
            registration=_registration(reg_map, seat.get("registration"), where),
            position=position,
            is_bye=table.is_bye,
            mps=seat.get("mps"),
            points=seat.get("points"),
            outcome=_choice(seat.get("outcome"), Seat.Outcome, "", f"{where} seat outcome"),
        )
    create_table_games(table, t, reg_map)


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
        new_round = Round.objects.create(
            event=event,
            number=number,
            seed=int(rnd.get("seed") or 0),
            status=_choice(rnd.get("status"), Round.Status, Round.Status.PAIRED, "round status"),
            explanation=rnd.get("explanation") or [],
            started_at=_datetime(rnd.get("started_at"), "round.started_at"),
            closed_at=closed_at,
        )
        for t in sorted(rnd.get("tables") or [], key=lambda t: t.get("number", 0)):
            _create_table(new_round, t, reg_map)
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
    if event.rounds.exists():
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
    document: dict[str, Any], organizer: Any, slug: str | None, importer: Any = None
) -> Event:
    """``_import``, with any damage to the document a clear refusal (nothing is kept: the
    transaction is rolled back) instead of a server error."""
    try:
        return _import(document, organizer, slug, importer)[0]
    except ServiceError:
        raise
    except DAMAGED as exc:
        raise ServiceError(
            f"The document is damaged ({type(exc).__name__}: {str(exc)[:200]}); "
            "nothing was imported.",
            code="bad_document",
        ) from exc


def import_event(
    document: dict[str, Any],
    *,
    organizer: Any = None,
    slug: str | None = None,
    replay_ratings: bool = True,
) -> Event:
    """Rebuild an exported event (all or nothing) and replay its game's ratings."""
    if not isinstance(document, dict):
        raise ServiceError(gettext("The document is not a JSON object."), code="bad_document")
    username = document.get("event", {}).get("organizer") if document.get("event") else None
    check_document_walk_ins(document)
    event = _import_whole(document, _organizer(username, organizer), slug)
    if replay_ratings:
        # The ledger is derived from results: the ratings app (listening) replays the
        # game system, which rebuilds this event's share of it.
        signals.event_imported.send(sender=Event, event=event)
    return event


def restore_event(user: AnyUser, document: Any) -> Event:
    """A director's "Restore an event from a file": a new event owned by him, under a
    new address, players matched only where he may add them, and not rated until its
    league approves it (the approval is not in the document)."""
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("Log in first.", code="not_authenticated")
    if not isinstance(document, dict) or not isinstance(document.get("event"), dict):
        raise ServiceError(
            "This file is not an event export: download one from an event's page.",
            code="bad_document",
        )
    # The quotas of every other way in, before any work.
    check_event_quota(user)
    check_document_walk_ins(document)
    name = document["event"].get("name")
    slug = unique_slug(name if isinstance(name, str) else "event")
    event = _import_whole(document, user, slug, importer=user)
    signals.event_imported.send(sender=Event, event=event)
    return event
