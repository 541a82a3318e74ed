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

from django.core.cache import cache
from django.db.models import Count, F, Max, Q, Sum, Window
from django.db.models.functions import Greatest, RowNumber
from django.utils.translation import gettext as _

from core.errors import NotFound, ServiceError
from ratings import league_table
from ratings.formula import START_RATING
from ratings.models import PlayerRating, RatingEntry, Season
from tournaments.models import GameSystem, Player, Seat

PAGE_SIZE = 100
MAX_PAGE_SIZE = 500
# A row's sparkline (and the API's "history") shows at most this many latest changes.
HISTORY_POINTS = 100

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
            _(
                "Cannot sort by '%(key)s': choose one of %(choices)s (prefix with '-' for "
                "descending)."
            )
            % {"key": key, "choices": ", ".join(SORT_FIELDS)}
        )
    return key, descending


def _ledger(game: str, starts_on: date | None, ends_on: date | None):
    qs = RatingEntry.objects.filter(game=game)
    if starts_on is not None:
        qs = qs.filter(event_date__gte=starts_on)
    if ends_on is not None:
        qs = qs.filter(event_date__lte=ends_on)
    return qs


# A league row while the whole league is sorted: a plain list, indexed by these.
RANK, PID, NAME, RATING, PEAK, EVENTS, GAMES, WINS, LOSSES, DRAWS, POINTS = range(11)
FIELD_INDEX = {
    "rank": RANK,
    "name": NAME,
    "rating": RATING,
    "peak": PEAK,
    "events": EVENTS,
    "games": GAMES,
    "wins": WINS,
    "losses": LOSSES,
    "draws": DRAWS,
    "points": POINTS,
}


CACHE_SECONDS = 600


def league_rows(game: str, starts_on: date | None, ends_on: date | None) -> list[list[Any]]:
    """The ranked league, from the cache while the ledger has not changed (the key
    holds the ledger version, bumped by every write)."""
    from ratings.services import ledger_version

    key = f"ratings:league:{game}:{starts_on}:{ends_on}:{ledger_version(game)}"
    rows = cache.get(key)
    if rows is None:
        rows = _all_rows(game, starts_on, ends_on)
        cache.set(key, rows, CACHE_SECONDS)
    return rows


def warm_league_tables(game: str) -> int:
    """Fill the cache with every season of ``game`` and its all-time table."""
    ranges = [
        (None, None),
        *list(Season.objects.filter(game=game).values_list("starts_on", "ends_on")),
    ]
    for starts_on, ends_on in ranges:
        league_table.warm(game, starts_on, ends_on, league_rows(game, starts_on, ends_on))
    return len(ranges)


def _all_rows(game: str, starts_on: date | None, ends_on: date | None) -> list[list[Any]]:
    """Every player of the league, ranked. Aggregates are plain (no DISTINCT), so the
    database can hash-aggregate the season's rows in one pass."""
    ledger = _ledger(game, starts_on, ends_on).order_by()
    rows = list(
        ledger.values("player_id")
        .annotate(
            games=Count("id", filter=Q(kind=RatingEntry.Kind.GAME)),
            wins=Count("id", filter=Q(result="win")),
            losses=Count("id", filter=Q(result="loss")),
            draws=Count("id", filter=Q(result="draw")),
            game_points=Sum("own_points"),
            # The rating held entering any of his season games, or reached after one.
            peak=Max(Greatest("before", "after")),
        )
        .values_list("player_id", "games", "wins", "losses", "draws", "game_points", "peak")
    )
    if not rows:
        return []
    events: dict[int, int] = defaultdict(int)
    for pid, _event in (
        ledger.values_list("player_id", "event_id").distinct().iterator(chunk_size=20_000)
    ):
        events[pid] += 1
    event_ids = ledger.values("event_id").distinct()
    bye_points = dict(
        Seat.objects.filter(is_bye=True, event_id__in=event_ids)
        .order_by()
        .values("registration__player_id")
        .annotate(p=Sum("points"))
        .values_list("registration__player_id", "p")
    )
    current = dict(PlayerRating.objects.filter(game=game).values_list("player_id", "rating"))
    names = dict(
        Player.objects.filter(pk__in=ledger.values("player_id"))
        .order_by()
        .values_list("pk", "display_name")
    )
    out = [
        [
            0,
            pid,
            names.get(pid, "?"),
            current.get(pid, START_RATING),
            peak,
            events[pid],
            games,
            wins,
            losses,
            draws,
            (pts or 0) + (bye_points.get(pid) or 0),
        ]
        for pid, games, wins, losses, draws, pts, peak in rows
    ]
    out.sort(key=lambda r: (-r[PEAK], -r[RATING], r[NAME].casefold(), r[PID]))
    previous: tuple[int, int] | None = None
    rank = 0
    for index, row in enumerate(out, start=1):
        # Players level on peak and current rating share a rank.
        if (row[PEAK], row[RATING]) != previous:
            rank = index
            previous = (row[PEAK], row[RATING])
        row[RANK] = rank
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
    # The cached table in chunks: a page reads only the rows it shows (ratings.league_table).
    start = (page_no - 1) * size
    page_rows, count, total = league_table.page(
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
) -> Standings:
    """One page of ``rows``; ``offset`` says where ``rows`` start when they are already
    only the page's own rows."""
    pages = max(1, -(-count // size))
    if page_no > pages:
        raise NotFound(
            _("There is no page %(page_no)s: the standings have %(pages)s.")
            % {"page_no": page_no, "pages": pages}
        )
    start = (page_no - 1) * size - offset
    shown = [StandingRow(*r) for r in rows[start : start + size]]
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
        sort=sort,
        q=q,
        rows=shown,
    )


def attach_history(
    rows: list[StandingRow], game: str, starts_on: date | None, ends_on: date | None
) -> None:
    """Each row's ratings through the season: the rating entering his first season
    game, then after every rated game and bonus; for a player with more than
    HISTORY_POINTS of them, only the latest HISTORY_POINTS (a page row stays bounded)."""
    by_player: dict[int, list[int]] = defaultdict(list)
    latest = Window(
        RowNumber(), partition_by=[F("player_id")], order_by=[F("step").desc(), F("id").desc()]
    )
    entries = (
        _ledger(game, starts_on, ends_on)
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


def season_standings(season: Season, **kwargs: Any) -> Standings:
    return standings(season.game, season.starts_on, season.ends_on, **kwargs)


def season_for(slug: str) -> Season:
    season = Season.objects.filter(slug=slug).first()
    if season is None:
        raise NotFound(_("No season '%(slug)s'.") % {"slug": slug})
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
