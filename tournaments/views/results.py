"""The results grid: a round's results typed on one page, keyboard only (Tab through the
boxes, Enter saves), each row checked as it is typed, every row saved in one POST and a
refused row kept, with its reason beside it."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.errors import ServiceError
from tournaments.models import Event, Round, Table
from tournaments.permissions import Capability, can
from tournaments.services.results import grid
from tournaments.views.common import event_or_404, game_info, problem_game, to_int
from tournaments.views.match_form import games_from_post, match_form


def _grid_event(request: HttpRequest, slug: str) -> Event:
    event = event_or_404(request, slug)
    if not can(request.user, event, Capability.ENTER_RESULT):
        raise PermissionDenied(_("Only the staff of this event can enter results."))
    return event


def _row_from_post(post: QueryDict, table: Table) -> grid.GridRow:
    """One table's row from the grid's boxes (``t<table>-…``); a score that is not a
    whole number is refused here, with the player's name."""
    prefix = f"t{table.pk}-"
    if match_form(table) is not None:
        return grid.GridRow(
            table_id=table.pk,
            games=tuple(games_from_post(post, table, prefix)),
            version=to_int(post.get(f"{prefix}version")),
            remove_game=_removed_game(post, prefix),
        )
    mps: dict[int, int | None] = {}
    for seat in table.seats.all():
        raw = (post.get(f"{prefix}mps-{seat.registration_id}") or "").strip()
        value = to_int(raw)
        if raw and value is None:
            raise ServiceError(
                _("%(name)s: “%(value)s” is not a number.")
                % {"name": seat.registration.player.display_name, "value": raw},
                code="not_a_number",
            )
        mps[seat.registration_id] = value
    return grid.GridRow(
        table_id=table.pk,
        mps=mps,
        outcome=post.get(f"{prefix}outcome") or "normal",
        winner=to_int(post.get(f"{prefix}winner")),
        time_called=post.get(f"{prefix}time") in ("on", "1", "true"),
        version=to_int(post.get(f"{prefix}version")),
    )


def _removed_game(post: QueryDict, prefix: str) -> int | None:
    """The game of a match ticked to be taken out (one at a time: the others are kept)."""
    ticked = {to_int(v) for v in post.getlist(f"{prefix}remove_game")} - {None}
    if len(ticked) > 1:
        raise ServiceError(_("Take out one game at a time."), code="one_game_at_a_time")
    return ticked.pop() if ticked else None


def _shown_row(
    table: Table, post: QueryDict | None, error: str = "", error_game: int | None = None
) -> dict[str, Any]:
    """A row as the page shows it: what was typed when the form comes back, else what is stored."""
    prefix = f"t{table.pk}-"
    seats = []
    for seat in table.seats.all():
        typed = post.get(f"{prefix}mps-{seat.registration_id}") if post is not None else None
        seats.append(
            {
                "registration": seat.registration_id,
                "name": seat.registration.player.display_name,
                "value": typed if typed is not None else seat.mps,
            }
        )
    if post is None:
        choice: dict[str, Any] = {
            "outcome": table.outcome or "normal",
            "winner": table.winner_id,
            "time_called": table.time_called,
            "version": table.version,
        }
    else:
        choice = {
            "outcome": post.get(f"{prefix}outcome") or "normal",
            "winner": to_int(post.get(f"{prefix}winner")),
            "time_called": post.get(f"{prefix}time") in ("on", "1", "true"),
            "version": to_int(post.get(f"{prefix}version")) or table.version,
        }
    match = match_form(table, post, prefix)
    if match is None or not any(g["number"] == error_game for g in match["rows"]):
        error_game = None
    removing = to_int(post.get(f"{prefix}remove_game")) if post is not None else None
    return {"table": table, "prefix": prefix, "seats": seats, "error": error, "match": match,
            "error_game": error_game, "remove_game": removing, **choice}  # fmt: skip


Refusals = dict[int, tuple[str, int | None]]


def _save(request: HttpRequest, rnd: Round, tables: list[Table]) -> tuple[Refusals, int]:
    """Every typed row saved; returns the refusals by table (the reason, and the game of
    a match it is about) and how many rows were saved."""
    errors: Refusals = {}
    rows = []
    for table in tables:
        try:
            rows.append(_row_from_post(request.POST, table))
        except ServiceError as exc:
            errors[table.pk] = (exc.message, problem_game(exc.problems))
    outcomes = grid.save_rows(request.user, rnd, rows)
    for outcome in outcomes:
        if outcome.refused:
            words = outcome.message or _("This row cannot be saved.")
            errors[outcome.table_id] = (words, problem_game(outcome.problems))
    return errors, sum(1 for o in outcomes if o.status == "saved")


@login_required
def results_grid(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    event = _grid_event(request, slug)
    rnd = get_object_or_404(Round, event=event, number=number)
    tables = grid.grid_tables(rnd)
    errors: Refusals = {}
    if request.method == "POST":
        errors, saved = _save(request, rnd, tables)
        if saved:
            messages.success(
                request,
                ngettext("%(n)d result saved.", "%(n)d results saved.", saved) % {"n": saved},
            )
        if not errors:
            if not saved:
                messages.info(request, _("Nothing changed: no result was saved."))
            return redirect("results-grid", slug=event.slug, number=rnd.number)
        tables = grid.grid_tables(rnd)  # the saved rows as now stored
    post = request.POST if errors else None
    rows = [
        _shown_row(t, post, *errors[t.pk]) if t.pk in errors else _shown_row(t, None)
        for t in tables
    ]
    context = {
        "event": event,
        "round": rnd,
        "rows": rows,
        "refused": len(errors),
        "game_info": game_info(event, rulings=True),
        "rounds": list(event.rounds.order_by("number").values_list("number", flat=True)),
    }
    return render(request, "tournaments/results_grid.html", context, status=400 if errors else 200)


def _points_words(table: Table, check: grid.RowCheck) -> str:
    names = {s.registration_id: s.registration.player.display_name for s in table.seats.all()}
    if check.won_so_far is not None:
        won = [
            ngettext("%(name)s %(n)d game won", "%(name)s %(n)d games won", n)
            % {"name": names.get(rid, ""), "n": n}
            for rid, n in check.won_so_far.items()
        ]
        return _(
            "Not decided yet (%(won)s): saving keeps these games as the games played so far."
        ) % {"won": ", ".join(won)}
    parts = [
        ngettext("%(name)s %(points)d point", "%(name)s %(points)d points", points)
        % {"name": names.get(rid, ""), "points": points}
        for rid, points in check.points.items()
    ]
    return _("The engine reads: %(points)s.") % {"points": ", ".join(parts)}


@require_POST
@login_required
def check_row(request: HttpRequest, slug: str, number: int, table_id: int) -> JsonResponse:
    """The engine's reading of one typed row, saving nothing (the grid's live check)."""
    event = _grid_event(request, slug)
    table = get_object_or_404(
        Table.objects.select_related("round__event").prefetch_related(
            "seats__registration__player"
        ),
        pk=table_id,
        round__event=event,
        round__number=number,
    )
    try:
        row = _row_from_post(request.POST, table)
        if row.empty:
            return JsonResponse({"ok": True, "message": ""})
        check = grid.check_row(request.user, table, row)
    except ServiceError as exc:
        body = {"ok": False, "message": exc.message, "game": problem_game(exc.problems)}
        return JsonResponse(body, status=exc.status_code)
    return JsonResponse({"ok": True, "message": _points_words(table, check)})
