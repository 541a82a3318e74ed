"""Writing and replaying the rating ledger (000 Part VI §3 "Ratings", RULES.md §6).

Split along the ledger's steps: ``loading`` (events and tables as plain values),
``score_cache`` (the rules engine's score of each distinct result), ``timeline`` (the
order of rounds and bonuses), ``rater`` (the pure rater over ``LedgerRow``),
``ledger_io`` (bulk writes, the PlayerRating cache, announcing each change),
``operations`` (rate a round, an event, replay a game system; the replay task) and
``requests`` (replay jobs, signal receivers, seasons). The public names are
re-exported here.
"""

from ratings.services.ledger_io import bump_ledger_version, last_step, ledger_snapshot
from ratings.services.operations import (
    compute_ledger,
    rate_closed_round,
    rate_finished_event,
    replay_game,
    run_replay_job,
)
from ratings.services.rater import COLUMNS, LedgerRow
from ratings.services.requests import (
    can_replay,
    create_season,
    enqueue_replay,
    job_for,
    latest_job,
    on_closed_result_changed,
    on_event_cancelled,
    on_event_deleted,
    on_event_deleting,
    on_event_finished,
    on_event_imported,
    on_players_merged,
    on_round_closed,
    request_replay,
    resend_waiting_replays,
)

__all__ = [
    "COLUMNS",
    "LedgerRow",
    "bump_ledger_version",
    "can_replay",
    "compute_ledger",
    "create_season",
    "enqueue_replay",
    "job_for",
    "last_step",
    "latest_job",
    "ledger_snapshot",
    "on_closed_result_changed",
    "on_event_cancelled",
    "on_event_deleted",
    "on_event_deleting",
    "on_event_finished",
    "on_event_imported",
    "on_players_merged",
    "on_round_closed",
    "rate_closed_round",
    "rate_finished_event",
    "replay_game",
    "request_replay",
    "resend_waiting_replays",
    "run_replay_job",
]
