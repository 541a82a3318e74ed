"""Tournament operations: events, registration, rounds, results, penalties, standings.

Every public operation here is one transaction used by the pages, the API and the
tasks alike; the faces above only translate input and show the errors raised here
(core.errors). The rules themselves live in pure modules: how a game scores in
rules_engine, how players are paired in tournaments.pairing, how ties are broken in
tournaments.standings.

One module per operation family; this package re-exports the public names so that
callers write ``from tournaments import services`` and ``services.report_result(...)``.
"""

from tournaments.permissions import (
    is_director,
    may_manage_registration,
    require_director,
    require_login,
    require_seat,
    seat_registration,
)
from tournaments.services.base import next_round_number, scoring_settings_for
from tournaments.services.events import (
    EVENT_FIELDS,
    LOCKED_AFTER_START,
    SANCTION_MIN_PLAYERS,
    SANCTION_MIN_PLAYERS_MULTIPLAYER,
    Sanctioning,
    counted_players,
    create_event,
    finish_event,
    open_registration,
    rounds_from_table,
    rounds_total,
    sanctioning_status,
    tiebreak_labels,
    tiebreaks_for,
    update_event,
)
from tournaments.services.export import export_event
from tournaments.services.penalties import (
    INSTANT_EJECTION,
    SAME_OFFENSE_LIMIT,
    TOTAL_WARNING_LIMIT,
    WARNINGS_CITATION,
    issue_penalty,
)
from tournaments.services.queries import event_for, player_history, round_tables, visible_events
from tournaments.services.registration import (
    add_walkin,
    check_in,
    drop,
    drop_no_shows,
    readd,
    register_self,
)
from tournaments.services.result_input import (
    ReportedResult,
    game_result_for_table,
    table_snapshot,
)
from tournaments.services.results import (
    confirm_result,
    director_set_result,
    dispute_result,
    report_result,
)
from tournaments.services.rounds import (
    PlayerRecord,
    RoundTimer,
    pair_blocker,
    pair_next_round,
    pairable_registrations,
    player_records,
    repair_blocker,
    repair_round,
    round_timer,
    start_round_clock,
)
from tournaments.services.snapshot import pairings_page, snapshot_state, standings_page
from tournaments.services.standings_input import (
    event_standings,
    standing_games,
    standing_registrations,
)

__all__ = [
    "EVENT_FIELDS",
    "INSTANT_EJECTION",
    "LOCKED_AFTER_START",
    "SAME_OFFENSE_LIMIT",
    "SANCTION_MIN_PLAYERS",
    "SANCTION_MIN_PLAYERS_MULTIPLAYER",
    "TOTAL_WARNING_LIMIT",
    "WARNINGS_CITATION",
    "PlayerRecord",
    "ReportedResult",
    "RoundTimer",
    "Sanctioning",
    "add_walkin",
    "check_in",
    "confirm_result",
    "counted_players",
    "create_event",
    "director_set_result",
    "dispute_result",
    "drop",
    "drop_no_shows",
    "event_for",
    "event_standings",
    "export_event",
    "finish_event",
    "game_result_for_table",
    "is_director",
    "issue_penalty",
    "may_manage_registration",
    "next_round_number",
    "open_registration",
    "pair_blocker",
    "pair_next_round",
    "pairable_registrations",
    "pairings_page",
    "player_history",
    "player_records",
    "readd",
    "register_self",
    "repair_blocker",
    "repair_round",
    "report_result",
    "require_director",
    "require_login",
    "require_seat",
    "round_tables",
    "round_timer",
    "rounds_from_table",
    "rounds_total",
    "sanctioning_status",
    "scoring_settings_for",
    "seat_registration",
    "snapshot_state",
    "standing_games",
    "standing_registrations",
    "standings_page",
    "start_round_clock",
    "table_snapshot",
    "tiebreak_labels",
    "tiebreaks_for",
    "update_event",
    "visible_events",
]
