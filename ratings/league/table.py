"""The league table's rows, built from the rating ledger: the bottom of the league's
read side (``cache`` keeps these rows, ``page`` shows them).

The table aggregates in SQL (one grouped query over the season's ledger rows, one over
its byes, one over current ratings) and ranks and sorts in plain Python (``rank_rows``,
``sort_order``), so a league of 10,000 players is built well inside 200 ms.
"""

from __future__ import annotations

from array import array
from collections import defaultdict
from datetime import date
from typing import Any

from django.db.models import Count, Max, Q, QuerySet, Sum
from django.db.models.functions import Greatest

from ratings.formula import START_RATING
from ratings.models import PlayerRating, RatingEntry
from tournaments.models import Player, Seat

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

# A league row is a plain list (cheap to pickle into the cache by the 100,000),
# indexed by these.
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


def season_ledger(game: str, starts_on: date | None, ends_on: date | None) -> QuerySet[RatingEntry]:
    """The ledger rows of ``game`` whose event falls in the date range (open ends: all)."""
    qs = RatingEntry.objects.filter(game=game)
    if starts_on is not None:
        qs = qs.filter(event_date__gte=starts_on)
    if ends_on is not None:
        qs = qs.filter(event_date__lte=ends_on)
    return qs


def build_rows(game: str, starts_on: date | None, ends_on: date | None) -> list[list[Any]]:
    """Every player of the league, ranked. Aggregates are plain (no DISTINCT), so the
    database can hash-aggregate the season's rows in one pass."""
    ledger = season_ledger(game, starts_on, ends_on).order_by()
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
    return rank_rows(out)


def rank_rows(rows: list[list[Any]]) -> list[list[Any]]:
    """``rows`` sorted into rank order with their RANK filled in (in place; returned)."""
    rows.sort(key=lambda r: (-r[PEAK], -r[RATING], r[NAME].casefold(), r[PID]))
    previous: tuple[int, int] | None = None
    rank = 0
    for index, row in enumerate(rows, start=1):
        # Players level on peak and current rating share a rank.
        if (row[PEAK], row[RATING]) != previous:
            rank = index
            previous = (row[PEAK], row[RATING])
        row[RANK] = rank
    return rows


def sort_order(rows: list[list[Any]], key: str, descending: bool) -> array:
    """Rank positions of ``rows`` in ``key`` order. Ties keep the rank order whichever way
    the column is sorted (a stable sort); names sort without case, then by rank."""
    if key == "name":
        column: list[Any] = [(r[NAME].casefold(), r[RANK]) for r in rows]
    else:
        index = FIELD_INDEX[key]
        column = [r[index] for r in rows]
    return array("I", sorted(range(len(rows)), key=column.__getitem__, reverse=descending))


def casefolded_names(rows: list[list[Any]]) -> list[str]:
    """The players' names in rank order, as the name filter compares them."""
    return [r[NAME].casefold() for r in rows]
