"""Tournament operations: events, registration, rounds, results, penalties, standings.

Every public operation here is one transaction used by the pages, the API and the
tasks alike; the faces above only translate input and show the errors raised here
(core.errors). The rules themselves live in pure modules: how a game scores in
rules_engine, how players are paired in tournaments.pairing, how ties are broken in
tournaments.standings.

One module per operation family; this package is their index, sorted by module, so
that callers write ``from tournaments import services`` and
``services.report_result(...)``. Who may do what is not here: it is
``tournaments.permissions``; the words are in ``tournaments.words``.
"""

from tournaments.services.base import (
    next_round_number,
    scoring_settings_for,
    tiebreaks_for,
)
from tournaments.services.bulk_entry import (
    check_in_everyone,
    parse_player_list,
    preview_player_list,
    register_player_list,
    remove_registration,
)
from tournaments.services.cancel import (
    cancel_blocker,
    cancel_consequences,
    cancel_event,
    delete_consequences,
    delete_event,
)
from tournaments.services.claims import (
    claim_entry,
    decide_claim,
    open_claims,
)
from tournaments.services.clock import (
    RoundTimer,
    round_timer,
    start_round_clock,
)
from tournaments.services.constraints import (
    apply_fixed_tables,
    avoided_pairs_in_round,
    set_pairing_constraints,
)
from tournaments.services.decks_played import (
    DeckShown,
    decks_shown,
    playoff_decks,
    record_decks_played,
    with_decks_played,
)
from tournaments.services.ejected_tables import (
    decide_open_tables,
    reopen_tables,
)
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
from tournaments.services.export_jobs import (
    built_by_worker,
    request_export,
)
from tournaments.services.hands_on import (
    delete_round,
    repair_round_with_results,
    round_loss_preview,
    swap_cost,
    swap_players,
    unlock_round_edits,
)
from tournaments.services.heats import (
    draw_groups,
    group_standings,
    move_to_group,
)
from tournaments.services.pairings import (
    pairings_page,
)
from tournaments.services.penalties import (
    issue_penalty,
)
from tournaments.services.people import (
    account_holder_for,
    duplicate_entries,
    duplicate_of,
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
from tournaments.services.playoff_end import (
    cancel_top_cut,
    finish_blocker,
    top_cut_cancel_blocker,
)
from tournaments.services.playoff_read import (
    playoff_best_of,
    playoff_champion_match,
    playoff_format,
    playoff_next_game,
    playoff_round,
)
from tournaments.services.queries import (
    event_for,
    player_history,
    round_tables,
    visible_events,
)
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
    stored_game,
    table_snapshot,
)
from tournaments.services.results.match import match_rules
from tournaments.services.results.match_so_far import director_enter_result
from tournaments.services.round_heats import (
    round_heat_count,
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
from tournaments.services.staff import (
    event_staff,
    invite_staff,
    remove_staff,
)
from tournaments.services.standings.final_places import (
    final_rows,
    places_decided_by,
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
from tournaments.services.standings.snapshot import (
    snapshot_state,
    standings_page,
)
from tournaments.services.standings.view import (
    StandingsView,
    standings_rows,
    standings_view,
)
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
from tournaments.services.transfer.export import (
    export_event,
)
from tournaments.services.undo import (
    drop_no_shows_confirmed,
    no_show_preview,
    rescind_penalty,
    undo_bulk_action,
    undo_self_drop,
    undoable_actions,
)
from tournaments.services.venue_decks import (
    deck_readiness,
    deck_readiness_for,
)

__all__ = [
    "EVENT_FIELDS",
    "LOCKED_AFTER_START",
    "SANCTION_MIN_PLAYERS",
    "SANCTION_MIN_PLAYERS_MULTIPLAYER",
    "DeckShown",
    "PlayerRecord",
    "ReportedResult",
    "RoundTimer",
    "Sanctioning",
    "StandingInput",
    "StandingsView",
    "TableActions",
    "account_holder_for",
    "add_walkin",
    "apply_fixed_tables",
    "avoided_pairs_in_round",
    "built_by_worker",
    "cancel_blocker",
    "cancel_consequences",
    "cancel_event",
    "cancel_top_cut",
    "check_in",
    "check_in_everyone",
    "claim_entry",
    "confirm_blocker",
    "confirm_result",
    "counted_players",
    "counts_as_player",
    "create_event",
    "decide_claim",
    "decide_open_tables",
    "decide_playoff_tie",
    "deck_readiness",
    "deck_readiness_for",
    "decks_shown",
    "delete_consequences",
    "delete_event",
    "delete_round",
    "director_enter_result",
    "director_set_blocker",
    "director_set_result",
    "dispute_blocker",
    "dispute_result",
    "draw_groups",
    "drop",
    "drop_no_shows",
    "drop_no_shows_confirmed",
    "duplicate_entries",
    "duplicate_of",
    "edits_locked",
    "event_for",
    "event_settings",
    "event_staff",
    "event_standings",
    "event_winners",
    "events_sanctioning",
    "export_event",
    "final_rows",
    "final_standings",
    "finish_blocker",
    "finish_event",
    "game_result_for_table",
    "group_standings",
    "invite_staff",
    "issue_penalty",
    "match_rules",
    "move_to_group",
    "next_round_number",
    "no_show_preview",
    "open_claims",
    "open_registration",
    "pair_blocker",
    "pair_next_round",
    "pairable_registrations",
    "pairings_page",
    "parse_player_list",
    "places_decided_by",
    "player_history",
    "player_records",
    "playoff_best_of",
    "playoff_blocker",
    "playoff_champion_match",
    "playoff_decks",
    "playoff_format",
    "playoff_matches",
    "playoff_next_game",
    "playoff_round",
    "preview_player_list",
    "rated_event_ids",
    "readd",
    "record_decks_played",
    "register_player_list",
    "register_self",
    "remove_registration",
    "remove_staff",
    "reopen_tables",
    "repair_blocker",
    "repair_round",
    "repair_round_with_results",
    "report_blocker",
    "report_playoff_result",
    "report_result",
    "request_export",
    "rescind_penalty",
    "round_heat_count",
    "round_loss_preview",
    "round_tables",
    "round_timer",
    "rounds_from_table",
    "rounds_total",
    "sanctioning_status",
    "sanctioning_text",
    "scoring_settings_for",
    "set_pairing_constraints",
    "set_top_cut",
    "snapshot_state",
    "standing_games",
    "standing_registrations",
    "standings_page",
    "standings_rows",
    "standings_view",
    "start_playoff",
    "start_round_clock",
    "stored_game",
    "swap_cost",
    "swap_players",
    "table_actions",
    "table_snapshot",
    "tiebreak_labels",
    "tiebreaks_for",
    "top_cut_cancel_blocker",
    "undo_bulk_action",
    "undo_self_drop",
    "undoable_actions",
    "unlock_round_edits",
    "update_event",
    "visible_events",
    "void_blocker",
    "void_result",
    "with_decks_played",
]
