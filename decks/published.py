"""An event's lists as published: each list laid out by the deck's parts and card types
with their counts, the event's metagame, and a printable registration sheet per list."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from decks import services
from decks.layout_labels import archetype_rows, sections_shown
from decks.metagame import event_metagame
from decks.models import DeckList
from decks.stored import verdict_data
from rules_engine.deckrules.layout import deck_sections
from tournaments.models import Event, Registration
from tournaments.words.times import zone_or_utc

LISTS_PER_PAGE = 50


def laid_out(game: str, version: Any) -> list[dict[str, Any]]:
    """A stored list's sections in the game's order, in words."""
    return sections_shown(game, deck_sections(game, verdict_data(version).get("cards", [])))


def event_public(request: HttpRequest, slug: str) -> HttpResponse:
    event = get_object_or_404(Event, slug=slug)
    if not event.decklists_published and not services.may_see_all_lists(request.user, event):
        return render(request, "decks/not_published.html", {"event": event}, status=404)
    rows = [r for r in services.event_decklists(request.user, event) if r.version]
    page = Paginator(rows, LISTS_PER_PAGE).get_page(request.GET.get("page"))
    lists = []
    for row in page.object_list:
        sections = laid_out(event.game, row.version)
        lists.append({"row": row, "sections": sections, "total": sum(s["count"] for s in sections)})
    meta = event_metagame(request.user, event)
    return render(
        request,
        "decks/event_public.html",
        {
            "event": event,
            "lists": lists,
            "page": page,
            "metagame": archetype_rows(event.game, meta.archetypes),
            "metagame_final": meta.final,
        },
    )


def _may_see(user: Any, registration: Registration) -> bool:
    event = registration.event
    own = getattr(user, "is_authenticated", False) and registration.player.user_id == user.pk
    return own or event.decklists_published or services.may_see_all_lists(user, event)


def registration_sheet(request: HttpRequest, slug: str, registration: int) -> HttpResponse:
    """The player's current list on one printable page, in the game's canonical order,
    with lines for the player's and the judge's signatures."""
    reg = get_object_or_404(
        Registration.objects.select_related("event", "player"), pk=registration, event__slug=slug
    )
    if not _may_see(request.user, reg):
        raise Http404
    timezone.activate(zone_or_utc(reg.event.time_zone))  # times in the event's zone too
    slot = request.GET.get("slot", "")
    decklist = (
        DeckList.objects.filter(registration=reg, slot=slot)
        .select_related("current_version")
        .first()
    )
    version = decklist.current_version if decklist else None
    if version is None:
        raise Http404
    sections = laid_out(reg.event.game, version)
    return render(
        request,
        "decks/registration_sheet.html",
        {
            "event": reg.event,
            "registration": reg,
            "version": version,
            "sections": sections,
            "total": sum(s["count"] for s in sections),
        },
    )
