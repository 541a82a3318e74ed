"""Rating a league game as it is reported (RULES.md §8; ratings.services.league_games):
at once when the event is rated (sanctioned, at the player minimum and approved by its
league), or by a replay when an earlier moment of the ledger is concerned."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from ratings.models import RatingEntry
from ratings.services.league_games import league_games
from ratings.services.ledger_io import current_ratings, needs_replay
from ratings.services.loading import event_info
from ratings.services.locks import xact_lock
from ratings.services.operations import append_rows, is_rated, replay_game
from ratings.services.rater import GAME, Rater
from tournaments.models import LeagueGame, Registration


def rate_league_game(game: LeagueGame) -> int:
    """Rate one reported league game of a rated event (idempotent); returns how many
    ledger rows were written."""
    event = game.event
    if not is_rated(event):
        return 0
    with transaction.atomic():
        xact_lock(event.game)
        found = league_games(pk=game.pk)
        if not found:
            return 0
        step, table = found[0]
        reg_player = dict(
            Registration.objects.filter(pk__in=[game.winner_id, game.loser_id]).values_list(
                "pk", "player_id"
            )
        )
        done = RatingEntry.objects.filter(
            event=event, kind=GAME, at=step.at, player__in=reg_player.values()
        )
        if done.exists():
            return 0
        late, step_no = needs_replay(event.game, step.key)
        if late:
            replay_game(event.game)
            return done.count()
        rater = Rater(event.game, current_ratings(event.game, reg_player.values()), reg_player,
                      timezone.now())  # fmt: skip
        rater.rate_round(step, step_no, event_info(event), [table])
        append_rows(event.game, rater.rows)
        return len(rater.rows)


def on_league_game_reported(sender: Any, game: LeagueGame, **kwargs: Any) -> None:
    rate_league_game(game)
