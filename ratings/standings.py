"""Reading the ledger: league (season) standings and a player's rating history.

The standings aggregate in SQL (one grouped query over the season's ledger rows,
one over its byes, one over current ratings) and sort in Python, so a league of
10,000 players renders well inside 200 ms; only the shown page gets sparklines.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.db.models import Count, Max, Q, Sum
from django.db.models.functions import Greatest

from organizer.errors import NotFound, ServiceError
from ratings.formula import START_RATING
from ratings.models import PlayerRating, RatingEntry, Season
from tournaments.models import GameSystem, Player, Seat

PAGE_SIZE = 100
MAX_PAGE_SIZE = 500

# Sort keys people may ask for, and the row attribute they sort on. Rank is the
# season peak first (000 Part VI §3: the peak decides championship placement),
# then the current rating, then the name.
SORT_FIELDS = {
    "rank": "rank",
    "name": "name",
    "rating": "rating",
    "peak": "peak",
    "events": "events",
    "games": "games",
    "wins": "wins",
    "losses": "losses",
    "draws": "draws",
    "points": "points",
}


@dataclass
class StandingRow:
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
class Standings:
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
    rows: list[StandingRow]


def parse_sort(sort: str | None) -> tuple[str, bool]:
    """``rating`` ascending, ``-rating`` descending; the default is the rank."""
    sort = (sort or "rank").strip()
    descending = sort.startswith("-")
    key = sort.lstrip("-")
    if key not in SORT_FIELDS:
        raise ServiceError(
            f"Cannot sort by {key!r}: choose one of {', '.join(SORT_FIELDS)} "
            "(prefix with '-' for descending)."
        )
    return key, descending


def _ledger(game: str, starts_on: date | None, ends_on: date | None):
    qs = RatingEntry.objects.filter(game=game)
    if starts_on is not None:
        qs = qs.filter(event_date__gte=starts_on)
    if ends_on is not None:
        qs = qs.filter(event_date__lte=ends_on)
    return qs


def _all_rows(game: str, starts_on: date | None, ends_on: date | None) -> list[StandingRow]:
    ledger = _ledger(game, starts_on, ends_on)
    aggregates = (
        ledger.values("player_id", "player__display_name")
        .annotate(
            events=Count("event_id", distinct=True),
            games=Count("id", filter=Q(kind=RatingEntry.Kind.GAME)),
            wins=Count("id", filter=Q(result="win")),
            losses=Count("id", filter=Q(result="loss")),
            draws=Count("id", filter=Q(result="draw")),
            game_points=Sum("own_points"),
            # The rating held entering any of his season games, or reached after one.
            peak=Max(Greatest("before", "after")),
        )
        .order_by()
        .values_list(
            "player_id",
            "player__display_name",
            "events",
            "games",
            "wins",
            "losses",
            "draws",
            "game_points",
            "peak",
        )
    )
    rows = list(aggregates)
    if not rows:
        return []
    event_ids = ledger.order_by().values("event_id").distinct()
    bye_points = dict(
        Seat.objects.filter(is_bye=True, event_id__in=event_ids)
        .order_by()
        .values("registration__player_id")
        .annotate(p=Sum("points"))
        .values_list("registration__player_id", "p")
    )
    current = dict(PlayerRating.objects.filter(game=game).values_list("player_id", "rating"))
    out = [
        StandingRow(
            rank=0,
            player_id=pid,
            name=name,
            rating=current.get(pid, START_RATING),
            peak=peak,
            events=events,
            games=games,
            wins=wins,
            losses=losses,
            draws=draws,
            points=(pts or 0) + (bye_points.get(pid) or 0),
        )
        for pid, name, events, games, wins, losses, draws, pts, peak in rows
    ]
    out.sort(key=lambda r: (-r.peak, -r.rating, r.name.casefold(), r.player_id))
    previous: tuple[int, int] | None = None
    for index, row in enumerate(out, start=1):
        # Players level on peak and current rating share a rank.
        if (row.peak, row.rating) != previous:
            rank = index
            previous = (row.peak, row.rating)
        row.rank = rank
    return out


def standings(
    game: str,
    starts_on: date | None = None,
    ends_on: date | None = None,
    *,
    sort: str | None = None,
    q: str = "",
    page: int | str | None = 1,
    page_size: int | str | None = PAGE_SIZE,
    with_history: bool = True,
) -> Standings:
    if game not in GameSystem.values:
        raise NotFound(f"No game system {game!r}.")
    key, descending = parse_sort(sort)
    try:
        page_no = int(page or 1)
        size = int(page_size or PAGE_SIZE)
    except (TypeError, ValueError):
        raise ServiceError("page and page_size must be whole numbers.")
    if page_no < 1 or not 1 <= size <= MAX_PAGE_SIZE:
        raise ServiceError(f"page starts at 1; page_size is 1 to {MAX_PAGE_SIZE}.")
    rows = _all_rows(game, starts_on, ends_on)
    total = len(rows)
    q = (q or "").strip()[:100]
    if q:
        needle = q.casefold()
        rows = [r for r in rows if needle in r.name.casefold()]
    if key != "rank" or descending:
        attr = SORT_FIELDS[key]
        if key == "name":
            rows.sort(key=lambda r: (r.name.casefold(), r.rank), reverse=descending)
        else:
            # Ties keep the rank order whichever way the column is sorted.
            rows.sort(key=lambda r: r.rank)
            rows.sort(key=lambda r: getattr(r, attr), reverse=descending)
    count = len(rows)
    pages = max(1, -(-count // size))
    if page_no > pages:
        raise NotFound(f"There is no page {page_no}: the standings have {pages}.")
    shown = rows[(page_no - 1) * size : page_no * size]
    if with_history and shown:
        attach_history(shown, game, starts_on, ends_on)
    return Standings(
        game=game,
        starts_on=starts_on,
        ends_on=ends_on,
        count=count,
        total=total,
        page=page_no,
        pages=pages,
        page_size=size,
        sort=("-" if descending else "") + key,
        q=q,
        rows=shown,
    )


def attach_history(
    rows: list[StandingRow], game: str, starts_on: date | None, ends_on: date | None
) -> None:
    """Each row's ratings through the season: the rating entering his first season
    game, then after every rated game and bonus."""
    by_player: dict[int, list[int]] = defaultdict(list)
    entries = (
        _ledger(game, starts_on, ends_on)
        .filter(player_id__in=[r.player_id for r in rows])
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


def season_standings(season: Season, **kwargs: Any) -> Standings:
    return standings(season.game, season.starts_on, season.ends_on, **kwargs)


def season_for(slug: str) -> Season:
    season = Season.objects.filter(slug=slug).first()
    if season is None:
        raise NotFound(f"No season {slug!r}.")
    return season


def season_peak(player: Player, season: Season) -> int | None:
    """The highest rating the player held in the season (None if he played none of it)."""
    value = (
        _ledger(season.game, season.starts_on, season.ends_on)
        .filter(player=player)
        .aggregate(p=Max(Greatest("before", "after")))["p"]
    )
    return value


@dataclass
class GameHistory:
    game: str
    label: str
    rating: int
    peak: int
    games: int
    entries: list[RatingEntry]

    @property
    def series(self) -> list[int]:
        if not self.entries:
            return []
        return [self.entries[0].before, *(e.after for e in self.entries)]


def player_history(player: Player) -> list[GameHistory]:
    """Every rated game of a player, per game system, oldest first."""
    entries = list(
        RatingEntry.objects.filter(player=player)
        .select_related("event")
        .order_by("game", "step", "id")
    )
    opponent_ids = {o["player"] for e in entries for o in e.opponents if isinstance(o, dict)}
    names = dict(Player.objects.filter(pk__in=opponent_ids).values_list("pk", "display_name"))
    for entry in entries:
        entry.opponent_names = [  # type: ignore[attr-defined]
            names.get(o.get("player"), "?") for o in entry.opponents if isinstance(o, dict)
        ]
    grouped: dict[str, list[RatingEntry]] = defaultdict(list)
    for entry in entries:
        grouped[entry.game].append(entry)
    cache = {pr.game: pr for pr in PlayerRating.objects.filter(player=player)}
    labels = dict(GameSystem.choices)
    out = []
    for game, rows in grouped.items():
        pr = cache.get(game)
        out.append(
            GameHistory(
                game=game,
                label=labels.get(game, game),
                rating=pr.rating if pr else rows[-1].after,
                peak=pr.peak if pr else max(max(r.before, r.after) for r in rows),
                games=sum(1 for r in rows if r.kind == RatingEntry.Kind.GAME),
                entries=rows,
            )
        )
    return out
