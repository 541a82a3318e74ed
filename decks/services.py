"""Deck-list operations: checking a list, submitting, locking, publishing, formats.

Every operation the pages and the API offer lives here. Rules themselves are in
rules_engine.deckrules (pure); this module feeds them cards and formats from the
database and keeps the submission history.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Max
from django.urls import reverse
from django.utils import timezone

from audit.services import record as audit_record
from core.errors import Conflict, NotAllowed, NotFound, ServiceError
from decks.models import Card, DeckGame, DeckList, DeckListVersion, Format
from rules_engine.deckrules import (
    BUILTIN_FORMATS,
    DEFAULT_FORMAT,
    LORE,
    LOTR_TCG,
    METW,
    PLAYER_TYPES,
    CardIndex,
    DeckTextError,
    FormatDef,
    PlayerTypeError,
    Verdict,
    builtin_format,
    derive_format,
    lotr_record,
    metw_record,
    normalize_name,
    parse_decklist,
    records_from_json,
    validate,
)
from rules_engine.deckrules.formats import slugify_key
from tournaments.models import Event, Registration
from tournaments.permissions import is_director, require_director, require_login

FIXTURES = Path(__file__).resolve().parent / "fixtures"
FIXTURE_FILES = {
    METW: ("cards_metw_small.json", None),
    LOTR_TCG: ("cards_lotr_small.json", "aliases_lotr_small.json"),
    LORE: ("cards_lore.json", None),
}
DECK_GAMES = (METW, LOTR_TCG, LORE)

# --------------------------------------------------------------------------- cards


@dataclass
class _CachedIndex:
    stamp: str
    index: CardIndex
    from_fixture: bool


_indexes: dict[str, _CachedIndex] = {}
_lock = threading.Lock()


def _stamp_key(game: str) -> str:
    return f"decks:cards:stamp:{game}"


def card_data_changed(game: str) -> None:
    """Tell every process that its card index of ``game`` is stale (called by the importer)."""
    cache.delete(_stamp_key(game))
    with _lock:
        _indexes.pop(game, None)


def _db_stamp(game: str) -> str:
    stamp = cache.get(_stamp_key(game))
    if stamp is None:
        agg = Card.objects.filter(game=game).aggregate(n=Count("id"), last=Max("updated_at"))
        stamp = f"{agg['n']}:{agg['last'].isoformat() if agg['last'] else ''}"
        cache.set(_stamp_key(game), stamp, 300)
    return stamp


def _fixture_records(game: str) -> list:
    cards_file, aliases_file = FIXTURE_FILES[game]
    data = json.loads((FIXTURES / cards_file).read_text(encoding="utf-8"))
    aliases = json.loads((FIXTURES / aliases_file).read_text()) if aliases_file else None
    return records_from_json(game, data, aliases)


def card_index(game: str) -> CardIndex:
    """The card index of a game, rebuilt only when the card table changed.

    With no imported cards the project's small fixture is used, so the checker,
    the demo and most tests work on a fresh checkout. LoRE always uses the
    project's list: there is no public LoRE card database to import.
    """
    if game not in DECK_GAMES:
        raise ServiceError(f"Unknown game {game!r}: one of {', '.join(DECK_GAMES)}.", "bad_game")
    stamp = "fixture" if game == LORE else _db_stamp(game)
    cached = _indexes.get(game)
    if cached is not None and cached.stamp == stamp:
        return cached.index
    with _lock:
        if game == LORE or stamp.startswith("0:"):
            records = _fixture_records(game)
            from_fixture = True
        else:
            rows = Card.objects.filter(game=game).values_list("raw", "base_id")
            if game == METW:
                records = [metw_record(raw) for raw, _ in rows]
            else:
                records = [
                    lotr_record(raw, {raw["id"]: base} if base else None) for raw, base in rows
                ]
            from_fixture = False
        index = CardIndex.build(game, records)
        _indexes[game] = _CachedIndex(stamp, index, from_fixture)
        return index


def card_source(game: str) -> str:
    card_index(game)
    cached = _indexes.get(game)
    return "fixture" if cached is None or cached.from_fixture else "database"


def search_cards(game: str, query: str, limit: int = 25) -> list[dict[str, Any]]:
    index = card_index(game)
    key = normalize_name(query or "")
    if not key:
        return [c.to_dict() for c in index.records[:limit]]
    starts = [c for c in index.records if c.key.startswith(key)]
    inside = [c for c in index.records if key in c.key and not c.key.startswith(key)]
    found = starts + inside
    if not found:
        names = set(index.suggestions(query, limit))
        found = [c for c in index.records if c.name in names]
    return [c.to_dict() for c in found[:limit]]


# --------------------------------------------------------------------------- formats


def _builtin_order(fdef: FormatDef) -> int:
    return BUILTIN_FORMATS.index(fdef)


def ensure_builtin_formats() -> int:
    """Create or refresh the built-in formats' rows (idempotent). Returns rows written."""
    written = 0
    for fdef in BUILTIN_FORMATS:
        values = {
            "name": fdef.name,
            "description": fdef.description,
            "rule_source": fdef.source,
            "rules": dict(fdef.rules),
            "source": Format.Source.BUILTIN,
            "builtin": True,
            "order": _builtin_order(fdef),
        }
        row = Format.objects.filter(game=fdef.game, key=fdef.key).first()
        if row is None:
            Format.objects.create(game=fdef.game, key=fdef.key, **values)
            written += 1
        elif any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            row.save()
            written += 1
    return written


def format_def(row: Format) -> FormatDef:
    return FormatDef(
        key=row.key,
        game=row.game,
        name=row.name,
        rules=row.rules,
        description=row.description,
        source=row.rule_source,
        based_on=row.based_on.key if row.based_on_id else None,
    )


def get_format(game: str, key: str | None) -> FormatDef:
    if game not in DECK_GAMES:
        raise ServiceError(
            f"Unknown game {game!r}: deck lists exist for {', '.join(DECK_GAMES)}.", "bad_game"
        )
    key = (key or DEFAULT_FORMAT[game]).strip()
    row = Format.objects.filter(game=game, key=key).select_related("based_on").first()
    if row is not None:
        return format_def(row)
    fdef = builtin_format(game, key)
    if fdef is not None:
        return fdef
    raise NotFound(
        f"No {game} format {key!r}. Known: "
        + ", ".join(k for k, _ in format_choices(game)[:20])
        + ".",
        "bad_format",
    )


def format_choices(game: str) -> list[tuple[str, str]]:
    """(key, label) of every format of ``game``, built-in first (for the event form)."""
    rows = list(Format.objects.filter(game=game).values_list("key", "name"))
    if not rows:
        rows = [(f.key, f.name) for f in BUILTIN_FORMATS if f.game == game]
    return rows


def format_for_event(event: Event) -> FormatDef:
    return get_format(event.game, event.format_key or None)


def may_create_formats(user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_staff or Event.objects.filter(organizer=user).exists())


def create_custom_format(
    user: Any,
    game: str,
    base_key: str,
    name: str,
    changes: dict[str, Any],
    description: str = "",
) -> Format:
    """A director's format: an existing one with some rule values changed.

    ``changes`` may set any rule the base has to a value of the same kind, and
    ``extra_banned`` (card names or ids) adds to the banned list.
    """
    require_login(user)
    if not may_create_formats(user):
        raise NotAllowed("Only tournament directors (organizers of an event) can create formats.")
    base = get_format(game, base_key)
    name = (name or "").strip()
    if not name:
        raise ServiceError("Give the new format a name.", "bad_name")
    clean: dict[str, Any] = {}
    for k, v in (changes or {}).items():
        if k == "extra_banned":
            clean[k] = _resolve_ban_list(game, v)
            continue
        if k not in base.rules:
            raise ServiceError(f"{base.name} has no rule {k!r}.", "bad_rule")
        old = base.rules[k]
        if isinstance(old, bool) or isinstance(v, bool):
            if not isinstance(v, bool):
                raise ServiceError(f"Rule {k!r} is yes/no.", "bad_rule")
        elif isinstance(old, int) or (old is None and isinstance(v, int)):
            if v is not None and (not isinstance(v, int) or v < 0 or v > 10_000):
                raise ServiceError(
                    f"Rule {k!r} must be a whole number from 0 to 10000.", "bad_rule"
                )
        elif isinstance(old, list):
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise ServiceError(f"Rule {k!r} is a list of names.", "bad_rule")
        elif isinstance(old, str):
            if not isinstance(v, str):
                raise ServiceError(f"Rule {k!r} is text.", "bad_rule")
        elif isinstance(old, dict):
            if not _same_shape(old, v):
                raise ServiceError(
                    f"Rule {k!r} is a table; give some of its entries with values like "
                    f"the base format's ({json.dumps(old, ensure_ascii=False)[:200]}).",
                    "bad_rule",
                )
        elif old is not None and type(v) is not type(old):
            raise ServiceError(f"Rule {k!r} cannot be changed here.", "bad_rule")
        clean[k] = v
    key = slugify_key(name)
    if Format.objects.filter(game=game, key=key).exists():
        raise Conflict(f"A {game} format with the key {key!r} exists; choose another name.")
    fdef = derive_format(base, key, name, clean, description)
    with transaction.atomic():
        base_row = Format.objects.filter(game=game, key=base.key).first()
        row = Format.objects.create(
            game=game,
            key=key,
            name=name[:200],
            description=fdef.description,
            rule_source=fdef.source,
            based_on=base_row,
            rules=dict(fdef.rules),
            source=Format.Source.CUSTOM,
            builtin=False,
            created_by=user,
        )
        audit_record(actor=user, obj=row, action="format.create", after={"key": key, **clean})
    return row


def _same_shape(old: Any, new: Any) -> bool:
    """Whether a director's value for a table-valued rule has the shape the validator reads:
    the same kinds of values, key by key (a new key takes the shape of the existing ones)."""
    if isinstance(old, bool):
        return isinstance(new, bool)
    if isinstance(old, int):
        return isinstance(new, int) and not isinstance(new, bool) and 0 <= new <= 10_000
    if isinstance(old, str):
        return isinstance(new, str)
    if isinstance(old, list):
        return isinstance(new, list) and all(isinstance(x, str) for x in new)
    if isinstance(old, dict):
        if not isinstance(new, dict) or not old:
            return False
        sample = next(iter(old.values()))
        return all(
            isinstance(k, str) and _same_shape(old.get(k, sample), v) for k, v in new.items()
        )
    return False


def _resolve_ban_list(game: str, values: Any) -> list[str]:
    if isinstance(values, str):
        values = [v for v in values.replace(";", "\n").splitlines()]
    if not isinstance(values, list):
        raise ServiceError("The extra banned list is a list of card names.", "bad_rule")
    index = card_index(game)
    out: list[str] = []
    unknown: list[str] = []
    for value in values:
        value = str(value).strip()
        if not value:
            continue
        if value in index.by_id:
            out.append(value)
            continue
        cards = index.by_key.get(normalize_name(value)) or index.by_alt_key.get(
            normalize_name(value)
        )
        if not cards:
            unknown.append(value)
        elif game == LOTR_TCG:
            out.extend(c.id for c in cards)
        else:
            out.append(cards[0].name)
    if unknown:
        raise ServiceError("Not card names: " + ", ".join(unknown[:10]) + ".", "bad_card")
    return out


# --------------------------------------------------------------------------- checking


def _check_player_type(game: str, player_type: str | None) -> str | None:
    if game != METW or not player_type:
        return None
    if player_type not in PLAYER_TYPES:
        raise ServiceError(
            f"Unknown player type {player_type!r}: one of {', '.join(PLAYER_TYPES)}.",
            "bad_player_type",
        )
    return player_type


def validate_text(
    text: str, game: str, format_key: str | None = None, player_type: str | None = None
) -> Verdict:
    """Parse and check a pasted list. Bad input raises ServiceError (a 400), never more."""
    if not isinstance(text, str):
        raise ServiceError("The deck list must be text.", "bad_text")
    fmt = get_format(game, format_key)
    player_type = _check_player_type(game, player_type)
    try:
        deck = parse_decklist(text, game)
        return validate(deck, fmt, card_index(game), player_type)
    except (DeckTextError, PlayerTypeError) as exc:
        raise ServiceError(str(exc), "bad_text") from exc


# --------------------------------------------------------------------------- submission


@dataclass(frozen=True)
class DeckStatus:
    submitted: bool
    legal: bool | None
    problems_count: int
    submitted_at: datetime | None
    url: str
    version: int | None = None


def decklists_locked(event: Event) -> bool:
    """Lists lock when round 1 exists (RULES.md §7: lists lock when round 1 starts)."""
    return event.rounds.exists()


def event_uses_decks(event: Event) -> bool:
    return event.game in DECK_GAMES


def can_view_decklist(user: Any, registration: Registration) -> bool:
    event = registration.event
    if event.decklists_published or is_director(user, event):
        return True
    return bool(getattr(user, "is_authenticated", False) and registration.player.user_id == user.pk)


def _registration_for(user: Any, event: Event, registration: Registration | None) -> Registration:
    require_login(user)
    if registration is None:
        registration = (
            Registration.objects.filter(event=event, player__user=user)
            .select_related("player")
            .first()
        )
        if registration is None:
            raise NotAllowed(f"You are not registered for {event.name}: register first.")
        return registration
    if registration.event_id != event.pk:
        raise NotFound("That registration is not in this event.")
    if registration.player.user_id != getattr(user, "pk", None) and not is_director(user, event):
        raise NotAllowed("You can submit only your own deck list.")
    return registration


def submit_decklist(
    user: Any,
    event: Event,
    text: str,
    player_type: str | None = None,
    registration: Registration | None = None,
) -> DeckListVersion:
    """Store a new version of a player's list, checked against the event's format.

    The registration row is locked for the whole check, so two submissions at the
    deadline second are serialised and each is either in or refused with a reason.
    """
    if not event_uses_decks(event):
        raise ServiceError(f"{event.get_game_display()} has no decks.", "no_decks")
    registration = _registration_for(user, event, registration)
    director = is_director(user, event)
    verdict = validate_text(text, event.game, event.format_key or None, player_type)
    with transaction.atomic():
        Registration.objects.select_for_update().get(pk=registration.pk)
        event.refresh_from_db(fields=["deck_deadline", "status", "decklists_published"])
        now = timezone.now()
        if decklists_locked(event):
            raise Conflict(
                f"Deck lists for {event.name} are locked: round 1 has started.", "locked"
            )
        if event.deck_deadline and now > event.deck_deadline and not director:
            raise Conflict(
                "The deck-list deadline "
                f"({timezone.localtime(event.deck_deadline):%Y-%m-%d %H:%M:%S %Z}) "
                "has passed; ask the tournament director.",
                "deadline",
            )
        decklist, _ = DeckList.objects.get_or_create(registration=registration)
        previous = decklist.current_version
        number = (decklist.versions.aggregate(n=Max("number"))["n"] or 0) + 1
        errors = [p for p in verdict.problems if p.severity == "error"]
        version = DeckListVersion.objects.create(
            decklist=decklist,
            number=number,
            text=text,
            format_key=verdict.format_key,
            player_type=verdict.player_type or "",
            parsed={"cards": verdict.cards},
            verdict=verdict.to_dict(),
            legal=verdict.legal,
            problems_count=len(errors),
            submitted_at=now,
            submitted_by=user,
        )
        decklist.current_version = version
        decklist.updated_at = now
        decklist.save(update_fields=["current_version", "updated_at"])
        audit_record(
            actor=user,
            obj=decklist,
            action="decklist.submit",
            before={"version": previous.number, "legal": previous.legal} if previous else None,
            after={"version": number, "legal": verdict.legal, "problems": len(errors)},
            event=event,
            note="submitted by the director"
            if director and registration.player.user_id != user.pk
            else "",
        )
    return version


def deck_status_for_event(event: Event) -> dict[int, DeckStatus]:
    """Per registration id: submitted?, legal?, problem count, when, and the director's link."""
    url = reverse("event-decklists", args=[event.slug])
    out: dict[int, DeckStatus] = {}
    lists = {
        d.registration_id: d
        for d in DeckList.objects.filter(registration__event=event).select_related(
            "current_version"
        )
    }
    for reg_id in event.registrations.values_list("id", flat=True):
        d = lists.get(reg_id)
        v = d.current_version if d else None
        out[reg_id] = DeckStatus(
            submitted=v is not None,
            legal=v.legal if v else None,
            problems_count=v.problems_count if v else 0,
            submitted_at=v.submitted_at if v else None,
            url=f"{url}#reg-{reg_id}",
            version=v.number if v else None,
        )
    return out


def illegal_decklists(event: Event) -> list[Registration]:
    """Registrations whose current list is illegal (an illegal deck counts as cheating)."""
    return list(
        Registration.objects.filter(
            event=event, decklist__current_version__legal=False
        ).select_related("player")
    )


def publish_decklists(user: Any, event: Event, published: bool = True) -> Event:
    require_director(user, event)
    if published and not decklists_locked(event):
        # Published lists must be final: before round 1 players could still copy them.
        raise Conflict(
            "Deck lists can be published once round 1 has started and they are locked.",
            code="not_locked",
        )
    with transaction.atomic():
        before = event.decklists_published
        event.decklists_published = published
        event.save(update_fields=["decklists_published"])
        audit_record(
            actor=user,
            obj=event,
            action="decklists.publish" if published else "decklists.unpublish",
            before={"published": before},
            after={"published": published},
            event=event,
        )
    return event


@dataclass
class DeckListRow:
    registration: Registration
    decklist: DeckList | None
    version: DeckListVersion | None


def event_decklists(user: Any, event: Event) -> list[DeckListRow]:
    """Every player's current list: for the director always, for others once published."""
    if not (is_director(user, event) or event.decklists_published):
        raise NotAllowed(
            f"The deck lists of {event.name} are not published; only the director sees them."
        )
    lists = {
        d.registration_id: d
        for d in DeckList.objects.filter(registration__event=event).select_related(
            "current_version"
        )
    }
    regs = event.registrations.select_related("player").order_by("player__display_name")
    return [
        DeckListRow(r, lists.get(r.pk), lists[r.pk].current_version if r.pk in lists else None)
        for r in regs
    ]


def my_decklist(user: Any, event: Event) -> tuple[Registration, list[DeckListVersion]]:
    registration = _registration_for(user, event, None)
    versions = list(
        DeckListVersion.objects.filter(decklist__registration=registration).order_by("-number")
    )
    return registration, versions


def decklist_versions(user: Any, registration: Registration) -> list[DeckListVersion]:
    if not can_view_decklist(user, registration):
        raise NotAllowed("This deck list is not published.")
    return list(
        DeckListVersion.objects.filter(decklist__registration=registration).order_by("-number")
    )


def demo_decklists(game: str) -> list[tuple[str, str]]:
    from decks.demo import sample_decklists

    return sample_decklists(game)


__all__ = [
    "DeckGame",
    "DeckStatus",
    "card_index",
    "create_custom_format",
    "deck_status_for_event",
    "decklists_locked",
    "ensure_builtin_formats",
    "event_decklists",
    "format_choices",
    "get_format",
    "illegal_decklists",
    "publish_decklists",
    "submit_decklist",
    "validate_text",
]
