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
from tournaments.rules.warnings import INSTANT_EJECTION, SAME_OFFENSE_LIMIT, TOTAL_WARNING_LIMIT
from tournaments.services.base import next_round_number, scoring_settings_for, tiebreaks_for
from tournaments.services.cancel import (
    cancel_blocker,
    cancel_consequences,
    cancel_event,
    delete_consequences,
    delete_event,
)
from tournaments.services.claims import claim_entry, decide_claim, open_claims
from tournaments.services.clock import RoundTimer, round_timer, start_round_clock
from tournaments.services.events import (
    EVENT_FIELDS,
    LOCKED_AFTER_START,
    SANCTION_MIN_PLAYERS,
    SANCTION_MIN_PLAYERS_MULTIPLAYER,
    Sanctioning,
    create_event,
    finish_event,
    open_registration,
    rounds_from_table,
    rounds_total,
    sanctioning_status,
    tiebreak_labels,
    update_event,
)
from tournaments.services.pairings import pairings_page
from tournaments.services.penalties import (
    WARNINGS_CITATION,
    issue_penalty,
)
from tournaments.services.people import account_holder_for, duplicate_entries, duplicate_of
from tournaments.services.queries import event_for, player_history, round_tables, visible_events
from tournaments.services.registration import (
    add_walkin,
    check_in,
    drop,
    drop_no_shows,
    readd,
    register_self,
)
from tournaments.services.results.flow import (
    confirm_result,
    director_set_result,
    dispute_result,
    report_result,
    void_result,
)
from tournaments.services.results.input import (
    ReportedResult,
    game_result_for_table,
    table_snapshot,
)
from tournaments.services.rounds import (
    PlayerRecord,
    pair_blocker,
    pair_next_round,
    pairable_registrations,
    player_records,
    repair_blocker,
    repair_round,
)
from tournaments.services.sanctioning import (
    events_sanctioning,
    rated_event_ids,
    sanctioning_text,
)
from tournaments.services.standings.input import (
    StandingInput,
    counted_players,
    counts_as_player,
    event_standings,
    event_winners,
    standing_games,
    standing_registrations,
)
from tournaments.services.standings.snapshot import snapshot_state, standings_page
from tournaments.services.standings.view import StandingsView, standings_rows, standings_view
from tournaments.services.table_actions import (
    TableActions,
    confirm_blocker,
    director_set_blocker,
    dispute_blocker,
    edits_locked,
    report_blocker,
    table_actions,
    void_blocker,
)
from tournaments.services.transfer.export import export_event
from tournaments.words.explanations import explanation_lines, round_explanation

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
    "StandingInput",
    "StandingsView",
    "TableActions",
    "add_walkin",
    "check_in",
    "confirm_blocker",
    "confirm_result",
    "counted_players",
    "counts_as_player",
    "create_event",
    "director_set_blocker",
    "director_set_result",
    "dispute_blocker",
    "dispute_result",
    "drop",
    "drop_no_shows",
    "event_for",
    "event_standings",
    "event_winners",
    "events_sanctioning",
    "explanation_lines",
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
    "rated_event_ids",
    "readd",
    "register_self",
    "repair_blocker",
    "repair_round",
    "report_blocker",
    "report_result",
    "require_director",
    "require_login",
    "require_seat",
    "round_explanation",
    "round_tables",
    "round_timer",
    "rounds_from_table",
    "rounds_total",
    "sanctioning_status",
    "sanctioning_text",
    "scoring_settings_for",
    "seat_registration",
    "snapshot_state",
    "standing_games",
    "standing_registrations",
    "standings_page",
    "standings_rows",
    "standings_view",
    "start_round_clock",
    "table_actions",
    "table_snapshot",
    "tiebreak_labels",
    "tiebreaks_for",
    "update_event",
    "visible_events",
    "void_blocker",
    "void_result",
]

# Staff, bulk entry, undo, top cut, hands-on pairings.
from tournaments.services.bulk_entry import (
    check_in_everyone,
    parse_player_list,
    preview_player_list,
    register_player_list,
    remove_registration,
)
from tournaments.services.constraints import (
    apply_fixed_tables,
    avoided_pairs_in_round,
    set_pairing_constraints,
)
from tournaments.services.hands_on import (
    delete_round,
    repair_round_with_results,
    round_loss_preview,
    swap_cost,
    swap_players,
    unlock_round_edits,
)
from tournaments.services.playoff import (
    decide_playoff_tie,
    event_settings,
    final_standings,
    playoff_blocker,
    playoff_matches,
    report_playoff_result,
    set_top_cut,
    start_playoff,
)
from tournaments.services.playoff_end import cancel_top_cut, finish_blocker, top_cut_cancel_blocker
from tournaments.services.staff import event_staff, invite_staff, remove_staff
from tournaments.services.standings.final_places import final_rows
from tournaments.services.undo import (
    drop_no_shows_confirmed,
    no_show_preview,
    rescind_penalty,
    undo_bulk_action,
    undo_self_drop,
    undoable_actions,
)

__all__ += [
    "apply_fixed_tables",
    "avoided_pairs_in_round",
    "cancel_top_cut",
    "check_in_everyone",
    "decide_playoff_tie",
    "delete_round",
    "drop_no_shows_confirmed",
    "event_settings",
    "event_staff",
    "final_rows",
    "final_standings",
    "finish_blocker",
    "invite_staff",
    "no_show_preview",
    "parse_player_list",
    "playoff_blocker",
    "playoff_matches",
    "preview_player_list",
    "register_player_list",
    "remove_registration",
    "remove_staff",
    "repair_round_with_results",
    "report_playoff_result",
    "rescind_penalty",
    "round_loss_preview",
    "set_pairing_constraints",
    "set_top_cut",
    "start_playoff",
    "swap_cost",
    "swap_players",
    "undo_bulk_action",
    "undo_self_drop",
    "undoable_actions",
]

from tournaments.services.venue_decks import deck_readiness, deck_readiness_for  # noqa: E402

__all__ += ["deck_readiness", "deck_readiness_for"]

__all__ += ["cancel_blocker", "cancel_consequences", "cancel_event", "top_cut_cancel_blocker"]
__all__ += ["delete_consequences", "delete_event"]
__all__ += ["edits_locked", "unlock_round_edits"]

__all__ += ["account_holder_for", "duplicate_entries", "duplicate_of"]
__all__ += ["claim_entry", "decide_claim", "open_claims"]
