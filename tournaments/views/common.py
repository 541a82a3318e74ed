"""What every event page needs: the event (in its venue's time zone), a service call whose
refusal becomes a message, and the game's words for the result form."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page, Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from core.errors import ServiceError
from rules_engine import get_game
from rules_engine.games.base import RULINGS
from tournaments import services
from tournaments.models import Event, Registration, Round, Table
from tournaments.permissions import is_director, is_judge
from tournaments.views.forms import council_from_post
from tournaments.views.match_form import games_from_post


def activate_event_zone(event: Event) -> None:
    """Show every time of this event in its venue's zone (the site zone until events have one)."""
    zone = getattr(event, "time_zone", "") or settings.TIME_ZONE
    try:
        timezone.activate(zone)
    except Exception:  # an unknown zone name must not break the page: fall back to the site's
        timezone.activate(settings.TIME_ZONE)


def event_or_404(request: HttpRequest, slug: str) -> Event:
    found = Event.objects.visible_to(request.user).select_related("organizer").filter(slug=slug)
    event = found.first()
    if event is None:
        raise Http404(_("No such event."))
    activate_event_zone(event)
    return event


def run_service(
    request: HttpRequest, action: Callable[[], Any], success: str | Callable[[Any], str]
) -> Any:
    """Run one service call, turning its refusal into an error message."""
    try:
        result = action()
    except ServiceError as exc:
        messages.error(request, exc.message)
        return None
    messages.success(request, success(result) if callable(success) else success)
    return result


def to_int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def result_from_post(request: HttpRequest, table: Table) -> dict[str, Any]:
    """The result form's fields: one score box per seat, outcome, winner, time called; or,
    where the table plays a match of best of N, its games (views.match_form)."""
    if services.match_rules(table).is_match:
        return {
            "games": games_from_post(request.POST, table),
            "version": to_int(request.POST.get("version")),
        }
    mps: dict[int, int | None] = {}
    for seat in table.seats.all():
        raw = (request.POST.get(f"mps_{seat.registration_id}") or "").strip()
        if raw == "":
            mps[seat.registration_id] = None
            continue
        value = to_int(raw)
        if value is None:
            raise ServiceError(
                _("%(name)s: “%(value)s” is not a number.")
                % {"name": seat.registration.player.display_name, "value": raw}
            )
        mps[seat.registration_id] = value
    council = council_from_post(request.POST, [s.registration_id for s in table.seats.all()])
    return {
        # A counted Free Council gives the MPs; the typed boxes are then not read.
        "mps": {} if council else mps,
        "council": council,
        "outcome": request.POST.get("outcome") or "normal",
        "winner": to_int(request.POST.get("winner")),
        "time_called": request.POST.get("time_called") in ("on", "1", "true"),
        "version": to_int(request.POST.get("version")),
    }


def game_info(event: Event, rulings: bool = False) -> dict[str, Any]:
    """The game's outcomes for a result form; ``rulings``: the director's form, which also
    offers the rulings open to every game (a double loss, RULES.md §8)."""
    game = get_game(event.game)
    outcomes = [("normal", _("Normal end"))] + [
        (o, _(game.label(o)).capitalize()) for o in game.outcomes if o != "normal"
    ]
    if rulings:
        outcomes += [(o, _(label).capitalize()) for o, label in RULINGS.items()]
    return {"game": game, "outcomes": outcomes, "uses_mps": game.uses_mps}


def current_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


def url_or_none(name: str, *args: Any) -> str | None:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:  # a page of another app that is not there yet
        return None


def back_to(request: HttpRequest, default: str, anchor: str = "") -> str:
    """Where the person was: the form's `next` (same site only), else `default`, plus `#anchor`."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    # Only a path of this site: anything else ("-1", a view name, another host) is ignored,
    # because redirect() would read a bare word as a view name.
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = default
    if anchor and not urlsplit(target).fragment:
        target += f"#{anchor}"
    return target


def same_page(number: Any, *parts: tuple[Any, int]) -> tuple[list[list[Any]], Page]:
    """The same page of several lists shown together (a print of pairings by name and by
    table, standings and provisional standings): ``parts`` are (items, per page); the
    pager follows the list with the most pages, the others end early."""
    paginators = [Paginator(items, size) for items, size in parts]
    page = max(paginators, key=lambda p: p.num_pages).get_page(number)
    start = page.number - 1
    shown = [list(p.object_list[start * p.per_page : (start + 1) * p.per_page]) for p in paginators]
    return shown, page


MAX_UPLOAD = 512 * 1024


def staff_event(request: HttpRequest, slug: str, judge: bool = False) -> Event:
    """The event, if the user runs it (a director; a judge where ``judge``)."""
    event = get_object_or_404(Event.objects.select_related("organizer"), slug=slug)
    allowed = is_judge if judge else is_director
    if not allowed(request.user, event):
        raise PermissionDenied(_("Only the staff of this event can see this page."))
    activate_event_zone(event)
    return event


def ids(values: list[str]) -> list[int]:
    try:
        return [int(v) for v in values]
    except ValueError:
        raise ServiceError(_("The form was changed: look at the list again."))


def back(event: Event) -> HttpResponse:
    return redirect("event-dashboard", slug=event.slug)


def uploaded_text(request: HttpRequest) -> str:
    upload = request.FILES.get("file")
    if upload is None:
        return request.POST.get("text", "")
    assert upload.size is not None
    if upload.size > MAX_UPLOAD:
        raise ServiceError(_("The file is too large: at most 500 KB."))
    try:
        return upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ServiceError(_("Save the list as UTF-8 text or CSV."))


def confirm_one(
    request: HttpRequest,
    slug: str,
    registration_id: int,
    action: Callable[[Event, Registration], Any],
    done: str,
    page: dict[str, Any],
    *,
    judge: bool = False,
    after: str = "event-dashboard",
) -> HttpResponse:
    """One player, one action, after a page that names him (remove, drop, eject): GET
    asks, POST acts; a refusal is shown on the same page. ``done`` has a %(name)s."""
    event = staff_event(request, slug, judge=judge)
    reg = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, event=event
    )
    name = reg.player.display_name
    if request.method == "POST":
        result = run_service(request, lambda: action(event, reg), done % {"name": name})
        if result is not None:
            return redirect(after, slug=event.slug)
    context = {"event": event, "names": [name], **page}
    return render(request, "tournaments/confirm_action.html", context)


# A refused result form comes back open, with what was typed and the reason beside it:
# the form's page is reached by a redirect (to the table's row), so both travel in the
# session for that one page.
REFUSED_RESULT = "refused_result"


def run_result_form(
    request: HttpRequest,
    table: Table,
    action: Callable[[], Any],
    success: str | Callable[[Any], str],
) -> Any:
    """Run a result form's service call; a refusal is kept with what was typed."""
    try:
        result = action()
    except ServiceError as exc:
        messages.error(request, exc.message)
        values = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
        request.session[REFUSED_RESULT] = {
            "table": table.pk, "values": values, "message": exc.message,
            "game": problem_game(exc.problems),
        }  # fmt: skip
        return None
    messages.success(request, success(result) if callable(success) else success)
    return result


def problem_game(problems: list[dict[str, Any]] | None) -> int | None:
    """The game of a match a refusal is about (its row shows the reason), if one."""
    for found in problems or []:
        if isinstance(found.get("game"), int):
            return int(found["game"])
    return None


def show_refused_result(request: HttpRequest, tables: Any) -> None:
    """Put the kept values and reason on the table they belong to (in memory only)."""
    kept = request.session.pop(REFUSED_RESULT, None)
    if not isinstance(kept, dict):
        return
    for table in tables:
        if table is None or table.pk != kept.get("table"):
            continue
        values = kept.get("values") or {}
        table.refused_message = kept.get("message", "")
        table.refused_game = kept.get("game")  # a match's game row shows the reason
        table.typed_values = values  # a match's game rows read them (views.match_form)
        table.typed = {
            "outcome": values.get("outcome", ""),
            "winner": to_int(values.get("winner")),
            "time_called": values.get("time_called") in ("on", "1", "true"),
            "note": values.get("note", ""),
        }
        for seat in table.seats.all():
            typed = values.get(f"mps_{seat.registration_id}", "")
            seat.typed = typed
            seat.typed_deck = values.get(f"deck-{seat.registration_id}", "")
