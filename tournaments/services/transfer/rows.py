"""The rows of an event's export read back: times, choices and outcomes checked (a
damaged document is refused in words, not a server error), players matched to this
site's own where the importer may add them, and a table with its seats created.
Shared by the import of a new event and the update of one this site has already."""

from __future__ import annotations

import re
import uuid
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext

from core.errors import ServiceError
from tournaments.models import Event, Player, Registration, Round, Seat, Table
from tournaments.rules.council import remap_council
from tournaments.services.transfer.matches import create_table_games


def parse_time(value: Any, field: str) -> datetime | None:
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


def require(mapping: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
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


def choice(value: Any, choices: Any, default: str, where: str) -> str:
    """A stored choice from the document, refused when it is not one of the model's."""
    if value in (None, ""):
        return default
    if value not in choices.values:
        raise ServiceError(
            gettext("%(where)s has an unknown value: '%(value)s'.")
            % {"where": where, "value": value},
            code="bad_document",
        )
    return value


def outcome_key(value: Any, where: str) -> str:
    # The rules engine's outcome keys are short snake_case words ("normal", "one_ring").
    if value in (None, ""):
        return "normal"
    if not isinstance(value, str) or not re.fullmatch(r"[a-z0-9_]{1,40}", value):
        raise ServiceError(
            gettext("%(where)s has an unknown outcome: '%(value)s'.")
            % {"where": where, "value": value},
            code="bad_document",
        )
    return value


def known_player(row: dict[str, Any], name: str, importer: Any) -> Player | None:
    """The site's own player the row names, if the importer may add him (see above)."""
    pk = row.get("player_id")
    if not isinstance(pk, int) or isinstance(pk, bool) or not 0 < pk < 2**63:
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


def registration_of(reg_map: dict[int, Registration], old: Any, where: str) -> Registration:
    if old not in reg_map:
        raise ServiceError(
            gettext("%(where)s names registration '%(old)s', which is not in the event.")
            % {"where": where, "old": old}
        )
    return reg_map[old]


def table_result(t: dict[str, Any], reg_map: dict[int, Registration], where: str) -> dict[str, Any]:
    """A table row's result as the Table's fields (its status, outcome, winner, council…)."""
    winner = t.get("winner")
    status = choice(t.get("status"), Table.Status, Table.Status.PENDING, f"{where} status")
    changed = parse_time(t.get("changed_at"), f"{where} changed_at")
    return {
        "status": status,
        "outcome": outcome_key(t.get("outcome"), where),
        "winner": registration_of(reg_map, winner, where) if winner is not None else None,
        "time_called": bool(t.get("time_called")),
        "band": str(t.get("band") or "")[:60],
        "council": remap_council(t.get("council"), {k: r.pk for k, r in reg_map.items()}),
        # Kept so that the next import can tell which of two differing results is newer.
        "reported_at": changed if status != Table.Status.PENDING else None,
        "confirmed_at": changed if status == Table.Status.CONFIRMED else None,
    }


def _score(seat: dict[str, Any], name: str, where: str) -> int | None:
    value = seat.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 2**31 - 1:
        raise ServiceError(
            gettext("%(where)s: %(name)s is not a whole number.") % {"where": where, "name": name},
            code="bad_document",
        )
    return value


def seat_result(seat: dict[str, Any], where: str) -> dict[str, Any]:
    if not isinstance(seat, dict):
        raise ServiceError(
            gettext("%(where)s: a seat is not an object.") % {"where": where}, code="bad_document"
        )
    return {
        "mps": _score(seat, "mps", where),
        "points": _score(seat, "points", where),
        "outcome": choice(seat.get("outcome"), Seat.Outcome, "", f"{where} seat outcome"),
    }


def create_table(new_round: Round, t: dict[str, Any], reg_map: dict[int, Registration]) -> None:
    where = f"round {new_round.number} table {t.get('number')}"
    table = Table.objects.create(
        round=new_round,
        number=require(t, "number", int, "table."),
        is_bye=bool(t.get("is_bye")),
        **table_result(t, reg_map, where),
    )
    for position, seat in enumerate(t.get("seats") or [], start=1):
        Seat.objects.create(
            table=table,
            round=new_round,
            event=new_round.event,
            registration=registration_of(reg_map, seat.get("registration"), where),
            position=position,
            is_bye=table.is_bye,
            **seat_result(seat, where),
        )
    create_table_games(table, t, reg_map)  # a match of best of N: its games


def uid_of(value: Any) -> uuid.UUID | None:
    """The document's uid for an event or an entry; None for an older export without one
    (a malformed one is damage, not a reason to make a second event)."""
    if value in (None, ""):
        return None
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise ServiceError(
            gettext("'%(value)s' is not an event's or entry's identifier.") % {"value": value},
            code="bad_document",
        )


def free_uid(row: dict[str, Any], model: Any) -> dict[str, Any]:
    """{"uid": the row's} to create a row under the document's uid, or {} (a new one) when
    the row has none or this site uses it already elsewhere."""
    uid = uid_of(row.get("uid"))
    if uid is None or model.objects.filter(uid=uid).exists():
        return {}
    return {"uid": uid}


def create_round(
    event: Event,
    rnd: dict[str, Any],
    number: int,
    closed_at: datetime | None,
    reg_map: dict[int, Registration],
) -> Round:
    """A round of the document with its tables (a new event's, or one an update adds)."""
    new_round = Round.objects.create(
        event=event,
        number=number,
        seed=int(rnd.get("seed") or 0),
        status=choice(rnd.get("status"), Round.Status, Round.Status.PAIRED, "round status"),
        explanation=rnd.get("explanation") or [],
        started_at=parse_time(rnd.get("started_at"), "round.started_at"),
        closed_at=closed_at,
    )
    for t in sorted(rnd.get("tables") or [], key=lambda t: t.get("number", 0)):
        create_table(new_round, t, reg_map)
    return new_round
