"""One page of a league table for the pages and the API: the top of the league's read
side. It validates what the visitor asked for (sort, filter, page), reads only the
page's rows from ``cache`` and adds their sparkline history from the ledger.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db.models import F, Max, Window
from django.db.models.functions import Greatest, RowNumber
from django.utils.translation import gettext as _

from core.errors import NotFound, ServiceError
from ratings.league.cache import read_page
from ratings.league.table import SORT_FIELDS, season_ledger
from ratings.models import Season
from tournaments.models import GameSystem, Player

PAGE_SIZE = 100
MAX_PAGE_SIZE = 500
# A row's sparkline (and the API's "history") shows at most this many latest changes.
HISTORY_POINTS = 100


@dataclass
class LeagueRow:
    rank: int
    player_id: int
    name: str
    rating: int  # current rating in the game system
    peak: int  # highest rating held during the season
    events: int
    games: int
    wins: int
    losses: int
    draws: int
    points: int  # tournament points in the season's events, byes included
    history: list[int] = field(default_factory=list)  # ratings through the season (page rows)


@dataclass
class LeaguePage:
    game: str
    starts_on: date | None
    ends_on: date | None
    count: int  # players after the filter
    total: int  # players in the league
    page: int
    pages: int
    page_size: int
    sort: str
    q: str
    rows: list[LeagueRow]


def parse_sort(sort: str | None) -> tuple[str, bool]:
    """``rating`` ascending, ``-rating`` descending; the default is the rank."""
    sort = (sort or "rank").strip()
    descending = sort.startswith("-")
    key = sort.lstrip("-")
    if key not in SORT_FIELDS:
        raise ServiceError(
            _(
                "Cannot sort by '%(key)s': choose one of %(choices)s (prefix with '-' for "
                "descending)."
            )
            % {"key": key, "choices": ", ".join(SORT_FIELDS)}
        )
    return key, descending


def league_page(
    game: str,
    starts_on: date | None = None,
    ends_on: date | None = None,
    *,
    sort: str | None = None,
    q: str = "",
    page: int | str | None = 1,
    page_size: int | str | None = PAGE_SIZE,
    with_history: bool = True,
) -> LeaguePage:
    """One page of the league of ``game`` between the dates (open ends: all time)."""
    if game not in GameSystem.values:
        raise NotFound(_("No game system '%(game)s'.") % {"game": game})
    key, descending = parse_sort(sort)
    try:
        page_no = int(page or 1)
        size = int(page_size or PAGE_SIZE)
    except (TypeError, ValueError):
        raise ServiceError(_("page and page_size must be whole numbers."))
    if page_no < 1 or not 1 <= size <= MAX_PAGE_SIZE:
        raise ServiceError(
            _("page starts at 1; page_size is 1 to %(max)s.") % {"max": MAX_PAGE_SIZE}
        )
    q = (q or "").strip()[:100]
    # The cached table in chunks: a page reads only the rows it shows.
    start = (page_no - 1) * size
    page_rows, count, total = read_page(
        game,
        starts_on,
        ends_on,
        key=key,
        descending=descending,
        q=q,
        start=start,
        stop=start + size,
    )
    return _paged(game, starts_on, ends_on, page_rows, count, total, page_no, size,
                  ("-" if descending else "") + key, q, with_history, offset=start)  # fmt: skip


def _paged(
    game: str,
    starts_on: date | None,
    ends_on: date | None,
    rows: list[list[Any]],
    count: int,
    total: int,
    page_no: int,
    size: int,
    sort: str,
    q: str,
    with_history: bool,
    offset: int = 0,
) -> LeaguePage:
    """One page of ``rows``; ``offset`` says where ``rows`` start when they are already
    only the page's own rows."""
    pages = max(1, -(-count // size))
    if page_no > pages:
        raise NotFound(
            _("There is no page %(page_no)s: the standings have %(pages)s.")
            % {"page_no": page_no, "pages": pages}
        )
    start = (page_no - 1) * size - offset
    shown = [LeagueRow(*r) for r in rows[start : start + size]]
    if with_history and shown:
        attach_history(shown, game, starts_on, ends_on)
    return LeaguePage(
        game=game,
        starts_on=starts_on,
        ends_on=ends_on,
        count=count,
        total=total,
        page=page_no,
        pages=pages,
        page_size=size,
        sort=sort,
        q=q,
        rows=shown,
    )


def attach_history(
    rows: list[LeagueRow], game: str, starts_on: date | None, ends_on: date | None
) -> None:
    """Each row's ratings through the season: the rating entering his first season
    game, then after every rated game and bonus; for a player with more than
    HISTORY_POINTS of them, only the latest HISTORY_POINTS (a page row stays bounded)."""
    by_player: dict[int, list[int]] = defaultdict(list)
    latest = Window(
        RowNumber(), partition_by=[F("player_id")], order_by=[F("step").desc(), F("id").desc()]
    )
    entries = (
        season_ledger(game, starts_on, ends_on)
        .filter(player_id__in=[r.player_id for r in rows])
        .annotate(back=latest)
        .filter(back__lte=HISTORY_POINTS)
        .order_by("player_id", "step", "id")
        .values_list("player_id", "before", "after")
    )
    for pid, before, after in entries:
        points = by_player[pid]
        if not points:
            points.append(before)
        points.append(after)
    for row in rows:
        row.history = by_player.get(row.player_id, [])


def season_page(season: Season, **kwargs: Any) -> LeaguePage:
    return league_page(season.game, season.starts_on, season.ends_on, **kwargs)


def season_for(slug: str) -> Season:
    season = Season.objects.filter(slug=slug).first()
    if season is None:
        raise NotFound(_("No season '%(slug)s'.") % {"slug": slug})
    return season


def season_peak(player: Player, season: Season) -> int | None:
    """The highest rating the player held in the season (None if he played none of it)."""
    value = (
        season_ledger(season.game, season.starts_on, season.ends_on)
        .filter(player=player)
        .aggregate(p=Max(Greatest("before", "after")))["p"]
    )
    return value
