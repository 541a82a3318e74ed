"""A league series' games in the rating ledger (RULES.md §8 "GEMP-style league"; §6
Ratings: "only sanctioned events are rated"; a league's games move its ratings only once
the league's staff approved the event, as every sanctioned event's do).

Each reported league game is one rated game, its own step of the timeline at the moment
it was reported, numbered by its series. **Reading:** a league game records who won and
who lost, nothing else; it is rated as a win by its game's own rules (the LOTR TCG: a
win; RULES.md §2 Reading, 5 tournament points for ratings by default). In a game scored
by marshalling points a winner without MPs is not a result the rules can score, so such
a league game is left unrated (counted among the skipped). The winner's bonus of a
finished league goes to the top of the league table (services.league_series), not to the
Swiss leaders it has none of.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Sum

from ratings.models import RatingEntry
from ratings.services.loading import SeatData, TableData
from ratings.services.timeline import GAME_KIND, Step
from tournaments.models import Event, LeagueGame, Registration

# A league game's step is found under a negative id of its own, below every playoff's
# (ratings.services.playoff_games numbers those minus twice a match's or game's id).
LEAGUE_STEP_BASE = -(2**48)


def step_id(game_pk: int) -> int:
    return LEAGUE_STEP_BASE - game_pk


def league_games(**game_filter: Any) -> list[tuple[Step, TableData]]:
    """Every league game matched by ``game_filter`` as a ledger step and its one game, in
    timeline order."""
    out = []
    rows = LeagueGame.objects.filter(**game_filter).values_list(
        "pk", "event_id", "series", "winner_id", "loser_id", "reported_at"
    )
    for pk, event_id, series, winner, loser, at in rows:
        step = Step((at, event_id, GAME_KIND, series), GAME_KIND, event_id, at, step_id(pk),
                    series)  # fmt: skip
        table = TableData(
            id=None, round_id=step_id(pk), outcome="normal", winner_id=winner,
            time_called=False,
            seats=[SeatData(1, 0, winner, None), SeatData(2, 0, loser, None)],
        )  # fmt: skip
        out.append((step, table))
    return sorted(out, key=lambda g: g[0].key)


def event_rating_changes(event: Event) -> dict[int, int]:
    """Per registration id, what the event's rated games changed in his rating (the
    league table shows it; tournaments.services.league_series asks through its hook)."""
    reg_of = dict(Registration.objects.filter(event=event).values_list("player_id", "pk"))
    rows = (
        RatingEntry.objects.filter(event=event, kind=RatingEntry.Kind.GAME)
        .values("player_id")
        .annotate(total=Sum("change"))
        .values_list("player_id", "total")
    )
    return {reg_of[player]: total for player, total in rows if player in reg_of}
