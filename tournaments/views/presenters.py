"""What the pages show, built from the services: read-only, no writes, no prose parsed back.

Each function answers one question a page asks (which table is mine now, how many players,
what needs the director first, who won) so that every page asking it gets the same answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.paginator import Page, Paginator
from django.db.models import Count, Q
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.types import AnyUser
from tournaments import extensions, services
from tournaments.models import Event, Registration, Round, RoundWindow, Seat, Table
from tournaments.permissions import own_registration
from tournaments.rules.deck_choice import GENERAL_OPPONENT, PAIR_SLOTS, RECORDED
from tournaments.rules.rooms import Room
from tournaments.services import clock as round_clock
from tournaments.services.decks_played import DeckShown, decks_shown, format_names
from tournaments.services.heats import group_count
from tournaments.services.rooms import table_room
from tournaments.services.round_formats import missing_formats
from tournaments.services.round_heats import round_heat_count, table_heat
from tournaments.services.table_time import extra_minutes, seconds_until, table_ends_at
from tournaments.words.decks_played import missing_formats_text, slot_words


def local(moment: datetime | None) -> datetime | None:
    """A stored time in the zone the page shows (the event's, once activated)."""
    return timezone.localtime(moment) if moment else None


@dataclass(frozen=True)
class PlayerCounts:
    """The one count of players every page shows (registered = playing + out)."""

    registered: int
    playing: int
    out: int
    checked_in: int


def player_counts(event: Event) -> PlayerCounts:
    # One aggregate query: the event page of a 1,000-player event must not load every
    # registration to count them.
    active = Q(dropped=False, ejected=False)
    counts = Registration.objects.filter(event=event).aggregate(
        registered=Count("pk"),
        playing=Count("pk", filter=active),
        checked_in=Count("pk", filter=active & Q(checked_in=True)),
    )
    return PlayerCounts(
        registered=counts["registered"],
        playing=counts["playing"],
        out=counts["registered"] - counts["playing"],
        checked_in=counts["checked_in"],
    )


PLAYERS_PER_PAGE = 100


def registrations_page(event: Event, page: Any = 1, q: str = "") -> Page:
    """The event page's players, a page at a time and searchable by name: the list of a
    1,000-player event is not rendered whole on every visit."""
    regs = event.registrations.select_related("player").order_by("player__display_name", "pk")
    q = (q or "").strip()
    if q:
        regs = regs.filter(player__display_name__icontains=q)
    return Paginator(regs, PLAYERS_PER_PAGE).get_page(page)


@dataclass(frozen=True)
class TableNow:
    """A player's seat in the round being played: what the phone card shows."""

    event: Event
    round_number: int
    table_number: int
    is_bye: bool
    opponents: list[str]
    status: str
    status_label: str
    ends_at: datetime | None
    remaining_seconds: int | None
    paused: bool
    needs_report: bool
    url: str
    game_room: Room | None = None  # online events: the table's room on the server
    deadline: datetime | None = None  # a round played in a window: when it closes
    # The opponent reported: this player's move is to confirm (or dispute) it.
    needs_confirm: bool = False
    # This player reported: the opponent's confirmation is what is missing.
    waiting_for_opponent: bool = False
    extra_minutes: int = 0  # extra time given to this table (ends_at includes it)
    # An event of several lists per player: the one (or those) he plays at this table.
    deck: DeckShown | None = None
    heat: int | None = None  # a round of a Swiss played in heats: the table's heat


def _table_now_for(reg: Registration, rnd: Round) -> TableNow | None:
    seat = (
        Seat.objects.filter(registration=reg, round=rnd)
        .select_related("table")
        .prefetch_related("table__seats__registration__player")
        .first()
    )
    if seat is None:
        return None
    table = seat.table
    timer = round_clock.clock_state(rnd)
    reported = not table.is_bye and table.status == Table.Status.REPORTED
    # A table given extra time plays on after the round's clock ends.
    extra = extra_minutes([table]).get(table.pk, 0)
    ends_at = table_ends_at(timer.ends_at, extra) or timer.ends_at
    remaining = timer.remaining_seconds
    if remaining is not None and extra:
        remaining = remaining + extra * 60 if timer.paused else seconds_until(ends_at)
    return TableNow(
        event=rnd.event,
        round_number=rnd.number,
        table_number=table.number,
        is_bye=table.is_bye,
        opponents=opponents(table, seat),
        status=table.status,
        status_label=table.get_status_display(),
        ends_at=local(ends_at),
        remaining_seconds=remaining,
        paused=timer.paused,
        needs_report=not table.is_bye and table.status == Table.Status.PENDING,
        url=reverse("my-event", args=[rnd.event.slug]) + "#result",
        game_room=table_room(table, rnd.event),
        deadline=RoundWindow.objects.filter(round=rnd).values_list("deadline", flat=True).first(),
        needs_confirm=reported and table.reported_by_registration_id != reg.pk,
        waiting_for_opponent=reported and table.reported_by_registration_id == reg.pk,
        extra_minutes=extra,
        deck=decks_shown(rnd.event, [table]).get((table.pk, reg.pk)),
        heat=table_heat(table) if round_heat_count(rnd) else None,
    )


def player_heat(event: Event, reg: Registration) -> int | None:
    """The heat a player plays (or played) the event's Swiss in; None without heats."""
    return reg.stage_group if reg.stage_group and group_count(event) > 1 else None


def table_now(user: AnyUser, event: Event) -> TableNow | None:
    """The signed-in player's table in the event's current, unfinished round (None if none)."""
    if not getattr(user, "is_authenticated", False) or event.status != Event.Status.RUNNING:
        return None
    reg = own_registration(user, event)
    rnd = event.rounds.order_by("-number").first()
    if reg is None or not reg.active or rnd is None or rnd.status == Round.Status.CLOSED:
        return None
    return _table_now_for(reg, rnd)


def tables_now(user: AnyUser) -> list[TableNow]:
    """Every running event's current table for this user (the home page's cards)."""
    if not user.is_authenticated:
        return []
    events = Event.objects.filter(
        status=Event.Status.RUNNING, registrations__player__user=user
    ).distinct()
    found = (table_now(user, e) for e in events)
    return [t for t in found if t is not None]


def format_name(event: Event) -> str:
    """The event's format by its name (never its key); empty if the game has no formats."""
    return extensions.format_name(event)


def missing_formats_warning(event: Event) -> dict[str, Any] | None:
    """The formats the rounds use that the site lacks, said to the director before a
    player meets them on the deck page; with the formats page to add them on."""
    keys = missing_formats(event)
    if not keys:
        return None
    try:
        url = reverse("deck-formats")
    except NoReverseMatch:  # no deck app: nowhere to add them
        url = ""
    return {"text": missing_formats_text(keys), "url": url}


def points_by_registration(event: Event) -> dict[int, int]:
    return {reg_id: record.score for reg_id, record in services.player_records(event).items()}


def opponents(table: Table, seat: Seat) -> list[str]:
    return [s.registration.player.display_name for s in table.seats.all() if s.pk != seat.pk]


# ----------------------------------------------------------------------------- the director


@dataclass
class Need:
    """One thing a running event needs from its director, most urgent first."""

    key: str
    title: str
    items: list[dict[str, Any]] = field(default_factory=list)
    urgent: bool = False
    total: int | None = None  # when only the first items are listed

    @property
    def count(self) -> int:
        return len(self.items) if self.total is None else self.total

    @property
    def more(self) -> int:
        return self.count - len(self.items)


NEEDS_SHOWN = 50  # names in one "needs you" list, then a count


def needs_you(context: dict[str, Any]) -> list[Need]:
    """Disputes, unreported tables, illegal decks and the clock, from the dashboard's data
    (the first tables of each, and how many there are)."""
    needs: list[Need] = []
    disputed = context.get("disputed") or []
    if disputed:
        total = context.get("disputed_count", len(disputed))
        items = [{"table": t} for t in disputed]
        needs.append(Need("disputes", _("Disputed results"), items, urgent=True, total=total))
    illegal = context.get("illegal") or []
    if illegal:
        needs.append(Need("decks", _("Illegal deck lists"), [
            {"registration": r} for r in illegal[:NEEDS_SHOWN]
        ], urgent=True, total=len(illegal)))  # fmt: skip
    current, shown = context.get("current"), context.get("shown")
    waiting = context.get("unreported") or []
    if waiting and current is not None and shown == current:
        needs.append(Need("unreported", _("Tables without a confirmed result"), [
            {"table": t} for t in waiting
        ], total=context.get("unreported_count", len(waiting))))  # fmt: skip
    return needs


# ----------------------------------------------------------------------------- the end


@dataclass(frozen=True)
class DeckSection:
    title: str
    count: int
    cards: list[dict[str, Any]]


@dataclass(frozen=True)
class PublishedDeck:
    place: int | None
    player: str
    sections: list[DeckSection]
    total: int


ZONE_LABELS = {
    "sideboard": gettext_lazy("Sideboard"),
}


def deck_sections(cards: list[dict[str, Any]]) -> list[DeckSection]:
    """A parsed list as sections (deck, then sideboard; each by card type), names sorted."""
    grouped: dict[tuple[bool, str], list[dict[str, Any]]] = {}
    for card in cards:
        side = card.get("zone") == "sideboard"
        kind = str(card.get("type") or _("Other")).strip().capitalize()
        grouped.setdefault((side, kind), []).append(card)
    sections = []
    for (side, kind), rows in sorted(grouped.items()):
        merged: dict[str, int] = {}
        for row in rows:
            merged[row["name"]] = merged.get(row["name"], 0) + int(row.get("count") or 0)
        listed = [{"name": n, "count": c} for n, c in sorted(merged.items(), key=lambda i: i[0])]
        title = f"{ZONE_LABELS['sideboard']}: {kind}" if side else kind
        sections.append(DeckSection(title, sum(merged.values()), listed))
    return sections


def published_decks(event: Event, places: dict[int, int]) -> list[PublishedDeck]:
    """The published deck lists, in standings order, each as sorted sections."""
    if not event.decklists_published:
        return []
    decks = []
    for row in extensions.event_decklists(AnonymousUser(), event):
        if row.version is None:
            continue
        name = row.registration.player.display_name
        sections = deck_sections((row.version.parsed or {}).get("cards") or [])
        place = places.get(row.registration.pk)
        decks.append(PublishedDeck(place, name, sections, sum(s.count for s in sections)))
    return sorted(decks, key=lambda d: (d.place is None, d.place or 0, d.player.lower()))


@dataclass(frozen=True)
class FinishedSummary:
    winner: Any
    top: list[Any]
    decks: list[PublishedDeck]


def finished_summary(event: Event) -> FinishedSummary | None:
    """A finished event's winner, top 8 and published deck lists (None while it runs); with
    a top cut, the playoff champion and the playoff places (services.final_rows)."""
    if event.status != Event.Status.FINISHED or not event.rounds.exists():
        return None
    rows = services.final_rows(event)
    if not rows:
        return None
    # Standings rows carry their registration (services.event_standings): places by entry,
    # so two players of the same name keep their own places.
    places = {row.registration.pk: row.rank for row in rows if getattr(row, "registration", None)}  # type: ignore[attr-defined]
    return FinishedSummary(rows[0], rows[:8], published_decks(event, places))


def decks_to_record(
    event: Event, table: Table | None, decks: dict[Any, DeckShown]
) -> dict[str, Any]:
    """The form to record the decks played at ``table``, when the table alone does not
    say (or they were recorded: they may be corrected)."""
    if event.decks_per_player != GENERAL_OPPONENT or table is None or table.is_bye:
        return {"record_decks": False}
    mine = [d for (table_id, _reg), d in decks.items() if table_id == table.pk]
    undecided = any(not d.known or d.code == RECORDED for d in mine)
    names = format_names(event)
    return {
        "record_decks": undecided,
        "all_slots": [(s, slot_words(s, names)) for s in PAIR_SLOTS],
    }
