"""Calendar feeds (.ics) of an event's rounds and of one player's games across his events
(RULES.md §8: round windows closing at a stated time in a named zone).

The rows are read in a fixed number of queries whatever the number of rounds or players;
the words are put here in the request's language; tournaments.rules.calendar writes the
feed. A player's feed is found by a signed token naming him (django.core.signing, salted
for this use only), so a calendar program can read it without logging in and nobody can
read another player's feed without his token.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from django.core import signing
from django.db import transaction
from django.db.models import Count, Max, Prefetch
from django.urls import reverse
from django.utils.translation import gettext as _

from audit import services as audit
from audit.models import AuditEntry
from core.errors import NotAllowed
from core.types import AnyUser
from tournaments.models import Event, Player, Round, RoundWindow, Seat
from tournaments.rules.calendar import Entry, feed, last_revised, zone_of
from tournaments.services.rooms import table_room
from tournaments.words import calendar as words
from tournaments.words.times import event_time_words

TOKEN_SALT = "tournaments.calendar.player-feed"
WINDOW_SET = "round_window"  # the audit action of services.windows.set_round_window


@dataclass(frozen=True)
class Feed:
    body: bytes
    last_modified: datetime | None
    etag: str


@dataclass(frozen=True)
class Revision:
    """How often a round's window was set, and when last: its SEQUENCE and DTSTAMP."""

    sequence: int
    at: datetime | None


# --- the player's token ------------------------------------------------------------


def player_token(player: Player) -> str:
    # The first link signs the id alone (links given before renewing existed keep working).
    gen = player.calendar_generation
    return signing.Signer(salt=TOKEN_SALT).sign(f"{player.pk}.{gen}" if gen else str(player.pk))


def player_for_token(token: str) -> Player | None:
    """The player a token names, or None for a token not signed here (tampered, made up),
    one he renewed since, or any while he has turned his feed off."""
    try:
        pk_text, _dot, gen_text = signing.Signer(salt=TOKEN_SALT).unsign(token).partition(".")
        pk, gen = int(pk_text), int(gen_text or 0)
    except (signing.BadSignature, ValueError):
        return None
    player = Player.objects.select_related("user").filter(pk=pk).first()
    if player is None or player.calendar_off or player.calendar_generation != gen:
        return None
    return player


def subscribe_links(player: Player, site: str) -> dict[str, Any]:
    """The feed's https address and the same as webcal://, which calendar programs open
    as a subscription. ``site`` is the scheme and host ("https://example.org"). A feed
    turned off has no address (``active`` false)."""
    if player.calendar_off:
        return {"url": "", "webcal": "", "active": False}
    path = reverse("player-calendar", args=[player_token(player)])
    https = site.rstrip("/") + path
    return {"url": https, "webcal": "webcal://" + https.split("://", 1)[1], "active": True}


@transaction.atomic
def renew_calendar_link(user: AnyUser, player: Player) -> Player:
    """A new private link for the player's own feed; every earlier one answers 404."""
    return _change_link(user, player, off=False, action="calendar_renew")


@transaction.atomic
def turn_off_calendar(user: AnyUser, player: Player) -> Player:
    """No link to the player's feed answers any more, until he renews it."""
    return _change_link(user, player, off=True, action="calendar_off")


def _change_link(user: AnyUser, player: Player, *, off: bool, action: str) -> Player:
    if player.user_id is None or player.user_id != getattr(user, "pk", None):
        raise NotAllowed(_("Only the player himself changes his calendar link."))
    locked = Player.objects.select_for_update().get(pk=player.pk)
    locked.calendar_generation += 1
    locked.calendar_off = off
    locked.save(update_fields=["calendar_generation", "calendar_off"])
    audit.record(actor=user, obj=locked, action=action, after={"calendar_off": off})
    return locked


# --- reading ----------------------------------------------------------------------------


def _revisions(event_ids: list[int]) -> dict[int, Revision]:
    rows = (
        AuditEntry.objects.filter(
            event_id__in=event_ids, object_type=Round._meta.label_lower, action=WINDOW_SET
        )
        .values("object_id")
        .annotate(n=Count("pk"), last=Max("at"))
    )
    return {int(r["object_id"]): Revision(r["n"] - 1, r["last"]) for r in rows}


def _window(rnd: Round) -> RoundWindow | None:
    try:
        return rnd.window
    except RoundWindow.DoesNotExist:
        return None


def _round_entry(
    rnd: Round, event: Event, uid: str, revision: Revision | None, reader_zone: str | None
) -> Entry | None:
    """The round's window (alarm 12 h before the deadline), else its time on the round
    clock; None for a live round whose clock has not started."""
    zone = event.time_zone
    window = _window(rnd)
    revised = revision or Revision(0, None)
    if window is not None:
        opens, deadline = window.opens_at, window.deadline
        return Entry(
            uid=uid,
            start=opens,
            end=deadline,
            zone=zone,
            summary=words.round_summary(event.name, rnd.number),
            stamp=revised.at or rnd.created_at,
            sequence=revised.sequence,
            description=words.window_description(
                event_time_words(opens, zone, reader_zone),
                event_time_words(deadline, zone, reader_zone),
            ),
            alarm=words.deadline_alarm(event.name, rnd.number),
        )
    if rnd.started_at is None:
        return None
    return Entry(
        uid=uid,
        start=rnd.started_at,
        end=rnd.started_at + timedelta(minutes=event.round_minutes),
        zone=zone,
        summary=words.round_summary(event.name, rnd.number),
        stamp=max(rnd.created_at, rnd.started_at),
        description=words.live_description(
            event_time_words(rnd.started_at, zone, reader_zone), event.round_minutes
        ),
        location=event.location,
    )


def _event_entry(event: Event, host: str, site: str) -> Entry | None:
    """The event itself on its day (in its zone), when its start is known."""
    if event.starts_at is None:
        return None
    day: date = event.starts_at.astimezone(zone_of(event.time_zone)).date()
    return Entry(
        uid=f"event-{event.pk}@{host}",
        start=day,
        end=day + timedelta(days=1),
        zone=event.time_zone,
        summary=event.name,
        stamp=event.created_at,
        description=words.event_description(event_time_words(event.starts_at, event.time_zone)),
        location=event.location,
        url=site.rstrip("/") + event.get_absolute_url(),
    )


def _finish(name: str, entries: list[Entry]) -> Feed:
    body = feed(name, entries)
    return Feed(body, last_revised(entries), '"' + hashlib.sha256(body).hexdigest()[:32] + '"')


def event_feed(event: Event, site: str) -> Feed:
    """Every round of ``event`` (its window, or its time on the round clock) and the
    event's day. Three queries: the rounds with their windows, the windows' revisions."""
    host = urlsplit(site).hostname or "localhost"
    rounds = list(event.rounds.select_related("window").order_by("number"))
    revisions = _revisions([event.pk])
    entries = [
        entry
        for rnd in rounds
        if (
            entry := _round_entry(rnd, event, f"round-{rnd.pk}@{host}", revisions.get(rnd.pk), None)
        )
        is not None
    ]
    first = _event_entry(event, host, site)
    return _finish(words.feed_name(event.name), ([first] if first else []) + entries)


def _seat_words(seat: Seat) -> str:
    if seat.is_bye or seat.table.is_bye:
        return words.bye_words()
    others = [s.registration.player.display_name for s in seat.table.seats.all() if s.pk != seat.pk]
    parts = [words.table_words(seat.table.number, others)]
    room = table_room(seat.table, seat.event)
    if room is not None:
        parts.append(words.room_words(room.name, room.link))
    return "\n".join(parts)


def player_feed(player: Player, site: str) -> Feed:
    """``player``'s rounds in every event he may see (drafts hidden as on every page):
    each window or round time with his table, opponents and game room, and each event's
    day. A fixed number of queries whatever the number of events, rounds and players."""
    host = urlsplit(site).hostname or "localhost"
    events = list(
        Event.objects.visible_to(player.user)
        .filter(registrations__player=player)
        .distinct()
        .order_by("starts_at", "pk")
    )
    seats = list(
        Seat.objects.filter(registration__player=player, event__in=[e.pk for e in events])
        .select_related("table__round", "round__window", "event__game_room")
        .prefetch_related(
            Prefetch("table__seats", queryset=Seat.objects.select_related("registration__player"))
        )
        .order_by("event__starts_at", "event_id", "round__number")
    )
    revisions = _revisions([e.pk for e in events])
    zone = player.time_zone or None
    entries = [e for event in events if (e := _event_entry(event, host, site)) is not None]
    for seat in seats:
        uid = f"round-{seat.round_id}-player-{player.pk}@{host}"
        entry = _round_entry(seat.round, seat.event, uid, revisions.get(seat.round_id), zone)
        if entry is None:
            continue
        detail = _seat_words(seat)
        text = "\n".join(t for t in (entry.description, detail) if t)
        entries.append(replace(entry, description=text))
    return _finish(words.my_feed_name(), entries)
