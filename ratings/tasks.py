"""Celery tasks of the ratings app. Each is defined beside the service it runs; this
module lists them, so a worker's task autodiscovery registers them all."""

from ratings.league.cache import warm_league_cache
from ratings.services.operations import replay_ratings

__all__ = ["replay_ratings", "warm_league_cache"]
