"""Pages anyone may read: the event list, an event, its pairings, standings and clock,
a player's history, and the signed-in person's events."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core.types import signed_in
from tournaments import services
from tournaments.models import Event, GameSystem, Player, PlayoffMatch, Registration
from tournaments.permissions import capabilities_of, own_registration
from tournaments.services import calendar, windows
from tournaments.services import clock as round_clock
from tournaments.services.table_time import extra_minutes, table_time_changes
from tournaments.views import page_cache, presenters
from tournaments.views import standings_marks as marks
from tournaments.views.calendar import site_of
from tournaments.views.common import event_or_404, game_info, to_int, url_or_none
from tournaments.views.heat_filter import heat_choice, label_heats

# A page of standings: every page is bounded, however large the field.
STANDINGS_PER_PAGE = 200
PAIRINGS_PER_PAGE = 100


def event_list(request: HttpRequest) -> HttpResponse:
    events = services.visible_events(request.user)
    game = request.GET.get("game", "")
    if game in GameSystem.values:
        events = events.filter(game=game)
    sections = [
        (_("Running"), events.filter(status=Event.Status.RUNNING)),
        (_("Registration open"), events.filter(status=Event.Status.REGISTRATION)),
        (_("Finished"), events.filter(status=Event.Status.FINISHED)[:50]),
    ]
    if request.user.is_authenticated:
        drafts = events.filter(status=Event.Status.DRAFT)
        if drafts.exists():
            sections.insert(0, (_("Your drafts"), drafts))
    return render(
        request,
        "tournaments/event_list.html",
        {"sections": sections, "games": GameSystem.choices, "game": game},
    )


def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    query = (request.GET.get("q") or "").strip()
    players = presenters.registrations_page(event, request.GET.get("page"), query)
    context = {
        "event": event,
        "registrations": players.object_list,
        "page": players,
        "q": query,
        "counts": presenters.player_counts(event),
        "rounds": event.rounds.order_by("number"),
        "rounds_total": services.rounds_total(event),
        "rounds_from_table": services.rounds_from_table(event),
        "sanctioning": services.sanctioning_status(event),
        "my_registration": own_registration(request.user, event),
        "table_now": presenters.table_now(request.user, event),
        "may": capabilities_of(request.user, event),
        "tiebreaks": services.tiebreak_labels(event),
        "game_info": game_info(event),
        "format_name": presenters.format_name(event),
        "finished": presenters.finished_summary(event),
        "decklists_public": url_or_none("event-decklists-public", event.slug)
        if event.decklists_published
        else None,
        "decklist_submit": url_or_none("decklist-submit", event.slug),
    }
    response = render(request, "tournaments/event_detail.html", context)
    if not request.user.is_authenticated:
        # What every visitor sees; any change to the event, its players or rounds (and a
        # league's approval) moves the event's generation on (tournaments.views.page_cache).
        page_cache.visitor_cacheable(response)
    return response


# Playoff matches being played now (both players known, no winner yet).
PLAYING = (PlayoffMatch.Status.PENDING, PlayoffMatch.Status.TIED)


def pairings(request: HttpRequest, slug: str) -> HttpResponse:
    """A round's tables, a page at a time, searchable by name; visitors get a page rendered
    once per change of the event (tournaments.views.page_cache), with an ETag."""
    event = event_or_404(request, slug)
    state = services.snapshot_state(event)
    # The top cut's tables are on this page too: a playoff move is a new page.
    playoff = [m for m in services.playoff_matches(event) if m.status in PLAYING]
    stamp = "-".join(f"{m.pk}.{m.status}.{m.replays}" for m in playoff)
    # A table given extra time shows it: that too is a new page.
    stamp += f"t{table_time_changes(event)}"
    etag = state.etag_for(request.user.pk, get_language()).replace("standings", "pairings")
    if stamp != "t0":
        etag = etag[:-1] + f"-{stamp}" + '"'
    if request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified(headers={"ETag": etag})
    key = page_cache.page_key(request, f"pairings:{stamp}", event.pk, state.version)
    response = page_cache.cached_page(key)
    if response is None:
        rounds = list(event.rounds.order_by("number"))
        number = to_int(request.GET.get("round"))
        rnd = next((r for r in rounds if r.number == number), rounds[-1] if rounds else None)
        query = (request.GET.get("q") or "").strip()
        heats = heat_choice(request, rnd)
        page = (
            services.pairings_page(
                rnd, request.GET.get("page"), PAIRINGS_PER_PAGE, query, heats["heat"]
            )
            if rnd
            else None
        )
        tables = list(page.object_list) if page else []
        extra = extra_minutes(tables)
        for table in tables:
            table.extra_minutes = extra.get(table.pk, 0)
        label_heats(tables, heats["heat_count"])
        response = page_cache.store_page(
            key,
            render(
                request,
                "tournaments/pairings.html",
                {"event": event, "rounds": rounds, "round": rnd, "q": query, "page": page,
                 "tables": tables, "game_info": game_info(event),
                 "playoff": playoff, "decks": services.decks_shown(event, tables), **heats},
            ),
        )  # fmt: skip
    response["ETag"] = etag
    return response


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings, a page of rows at a time; visitors get a page rendered once per change
    of the stored standings (tournaments.views.page_cache), with an ETag for their browsers."""
    event = event_or_404(request, slug)
    state = services.snapshot_state(event)
    etag = state.etag_for(request.user.pk, get_language())
    if request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified(headers={"ETag": etag})
    key = page_cache.page_key(request, "standings", event.pk, state.version)
    response = page_cache.cached_page(key)
    if response is None:
        view = services.standings_view(event, stored=True)
        page = Paginator(view.rows, STANDINGS_PER_PAGE).get_page(request.GET.get("page"))
        provisional = Paginator(view.provisional, STANDINGS_PER_PAGE).get_page(
            request.GET.get("provisional_page")
        )
        mine = own_registration(request.user, event) if request.user.is_authenticated else None
        me = mine.pk if mine else None
        response = page_cache.store_page(
            key,
            render(
                request,
                "tournaments/standings.html",
                {"event": event, "rows": marks.mark_rows(page.object_list, me), "page": page,
                 "closed_rounds": view.closed_rounds,
                 "provisional": marks.mark_rows(provisional.object_list, me),
                 "provisional_page": provisional,
                 "provisional_round": view.provisional_round,
                 "tiebreaks": services.tiebreak_labels(event),
                 "placed_by": services.places_decided_by(event),
                 "double_losses": windows.double_losses(event.pk),
                 "my_page": marks.page_of(view.rows, me, STANDINGS_PER_PAGE)},
            ),
        )  # fmt: skip
    response["ETag"] = etag
    return response


def round_timer(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(request, slug)
    rnd = event.rounds.order_by("-number").first()
    timer = services.round_timer(rnd) if rnd else None
    return render(
        request,
        "tournaments/timer.html",
        {"event": event, "round": rnd, "timer": timer,
         "clock": round_clock.clock_state(rnd) if rnd else None,
         "may": capabilities_of(request.user, event)},
    )  # fmt: skip


def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    history = services.player_history(player)
    mine = player.user_id is not None and player.user_id == request.user.pk
    links = calendar.subscribe_links(player, site_of(request)) if mine else None
    return render(
        request,
        "tournaments/player_detail.html",
        {"player": player, "history": history, "calendar_links": links},
    )


@login_required
def my_events(request: HttpRequest) -> HttpResponse:
    regs = (
        Registration.objects.filter(player__user=signed_in(request.user))
        # A draft is its staff's alone, even for a player the staff already entered.
        .exclude(Q(event__status=Event.Status.DRAFT) & ~Q(event__organizer=request.user))
        .select_related("event")
        .order_by("-event__created_at")
    )
    directing = Event.objects.filter(organizer=signed_in(request.user)).order_by("-created_at")
    player = Player.objects.filter(user=signed_in(request.user)).first()
    links = calendar.subscribe_links(player, site_of(request)) if player else None
    return render(
        request,
        "tournaments/my_events.html",
        {
            "registrations": regs,
            "directing": directing,
            "player": player,
            "calendar_links": links,
        },
    )
