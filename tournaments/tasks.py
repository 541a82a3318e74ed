"""The tournaments app's Celery tasks, each defined beside the service it runs; listed here
so that the worker registers them."""

from tournaments.services.export_jobs import build_export
from tournaments.services.standings.snapshot import rebuild_standings
from tournaments.services.windows import round_deadlines

__all__ = ["build_export", "rebuild_standings", "round_deadlines"]
