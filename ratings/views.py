"""League pages: seasons, standings, a player's rating history, replay progress."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.errors import NotAllowed, NotFound, ServiceError
from ratings import services
from ratings.charts import line_chart, sparkline
from ratings.history import player_history
from ratings.league.page import LeaguePage, league_page
from ratings.models import PlayerRating, ReplayJob, Season
from ratings.services import approval
from tournaments.models import GameSystem, Player

COLUMNS = [
    ("rank", "#", True),
    ("name", gettext_lazy("Player"), False),
    ("rating", gettext_lazy("Current"), True),
    ("peak", gettext_lazy("Season peak"), True),
    ("events", gettext_lazy("Events"), True),
    ("games", gettext_lazy("Games"), True),
    ("wins", gettext_lazy("Wins"), True),
    ("losses", gettext_lazy("Losses"), True),
    ("draws", gettext_lazy("Draws"), True),
    ("points", gettext_lazy("Tournament points"), True),
]
# Numbers read best highest first; names and ranks ascending.
DESCENDING_FIRST = {"rating", "peak", "events", "games", "wins", "losses", "draws", "points"}


def _games_with_counts() -> list[dict[str, object]]:
    counts = dict(
        PlayerRating.objects.values("game").annotate(n=Count("id")).values_list("game", "n")
    )
    return [
        {"key": key, "label": label, "players": counts.get(key, 0)}
        for key, label in GameSystem.choices
    ]


def league_list(request: HttpRequest) -> HttpResponse:
    game = request.GET.get("game", "")
    seasons = Season.objects.all()
    if game:
        if game not in GameSystem.values:
            messages.error(request, _("There is no such game; showing every season."))
            game = ""
        else:
            seasons = seasons.filter(game=game)
    replayable = []
    if request.user.is_authenticated:
        for key, label in GameSystem.choices:
            if services.can_replay(request.user, key):
                replayable.append({"key": key, "label": label, "job": services.latest_job(key)})
    return render(
        request,
        "ratings/league_list.html",
        {
            "seasons": seasons,
            "games": _games_with_counts(),
            "game": game,
            "replayable": replayable,
            "approval_queue": (
                approval.waiting_count(request.user)
                if approval.is_any_league_staff(request.user)
                else None
            ),
        },
    )


def _standings_context(request: HttpRequest, game: str, starts_on=None, ends_on=None) -> dict:
    params: dict[str, Any] = {
        "sort": request.GET.get("sort") or "rank",
        "q": request.GET.get("q", ""),
        "page": request.GET.get("page") or 1,
    }
    try:
        table = league_page(
            game, starts_on, ends_on, sort=params["sort"], q=params["q"], page=params["page"]
        )
    except ServiceError as exc:
        # A bad sort key or page number: say so and show the first page by rank.
        messages.error(request, exc.message)
        table = league_page(game, starts_on, ends_on, q=params["q"])
    for row in table.rows:
        row.spark = sparkline(  # type: ignore[attr-defined]
            row.history, label=f"{row.name}: {' → '.join(map(str, row.history[-8:]))}"
        )
    return {"table": table, "columns": _columns(table), "pager": _pager(table)}


def _query(table: LeaguePage, **changes: object) -> str:
    params = {"sort": table.sort, "q": table.q, "page": table.page}
    params.update(changes)
    clean = {k: v for k, v in params.items() if v not in ("", None, 1, "rank")}
    return "?" + urlencode(clean) if clean else "?"


def _columns(table: LeaguePage) -> list[dict[str, object]]:
    out = []
    current = table.sort.lstrip("-")
    for key, label, numeric in COLUMNS:
        if key == current:
            target = key if table.sort.startswith("-") else "-" + key
            arrow = "▼" if table.sort.startswith("-") else "▲"
        else:
            target = "-" + key if key in DESCENDING_FIRST else key
            arrow = ""
        out.append(
            {
                "key": key,
                "label": label,
                "numeric": numeric,
                "url": _query(table, sort=target, page=1),
                "arrow": arrow,
                "aria": "descending" if arrow == "▼" else ("ascending" if arrow else "none"),
            }
        )
    return out


def _pager(table: LeaguePage) -> dict[str, object]:
    return {
        "previous": _query(table, page=table.page - 1) if table.page > 1 else None,
        "next": _query(table, page=table.page + 1) if table.page < table.pages else None,
    }


def season_detail(request: HttpRequest, slug: str) -> HttpResponse:
    season = get_object_or_404(Season, slug=slug)
    context = _standings_context(request, season.game, season.starts_on, season.ends_on)
    waiting, waiting_total = approval.waiting_in_season(season)
    context.update(
        {
            "season": season,
            "title": season.name,
            "game_label": season.get_game_display(),
            "waiting": waiting,
            "waiting_more": waiting_total - len(waiting),
        }
    )
    return render(request, "ratings/standings.html", context)


def game_standings(request: HttpRequest, game: str) -> HttpResponse:
    if game not in GameSystem.values:
        raise Http404(_("There is no such game."))
    label = dict(GameSystem.choices)[game]
    context = _standings_context(request, game)
    context.update(
        {"season": None, "title": _("%(game)s: all ratings") % {"game": label}, "game_label": label}
    )
    return render(request, "ratings/standings.html", context)


def player_ratings(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    histories = player_history(player)
    for history in histories:
        history.chart = line_chart(  # type: ignore[attr-defined]
            history.series,
            label=_("%(name)s: %(game)s rating")
            % {"name": player.display_name, "game": history.label},
        )
    return render(request, "ratings/player.html", {"player": player, "histories": histories})


@require_POST
@login_required
def replay(request: HttpRequest) -> HttpResponse:
    game = request.POST.get("game", "")
    try:
        job = services.request_replay(request.user, game)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("league-list")
    messages.success(
        request,
        _("Replay of the %(game)s ratings queued.") % {"game": dict(GameSystem.choices)[game]},
    )
    return redirect(job.get_absolute_url())


@login_required
def replay_job(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        job = services.job_for(request.user, pk)
    except NotFound as exc:
        raise Http404(exc.message)
    except NotAllowed as exc:
        messages.error(request, exc.message)
        return redirect(reverse("league-list"))
    return render(
        request,
        "ratings/job.html",
        {"job": job, "refresh": job.status in (ReplayJob.Status.QUEUED, ReplayJob.Status.RUNNING)},
    )
