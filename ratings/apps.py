from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Receivers live beside the code they run: tournaments only knows its own
        # signals, and the ledger writer only knows its own (ratings.signals).
        from django.db.models.signals import post_delete, post_save

        from core.jobs import register_sweep
        from ratings import services
        from ratings.league.cache import on_ledger_changed
        from ratings.models import EventApproval
        from ratings.services import league_rating, operations, playoff_receivers
        from ratings.services.approval import approved_ids, on_approval_changed
        from ratings.services.league_games import event_rating_changes
        from ratings.services.ledger_io import current_ratings
        from ratings.signals import ledger_changed
        from tournaments import signals
        from tournaments.extensions import register_rating_source
        from tournaments.models import Event
        from tournaments.services.league_series import register_rating_changes
        from tournaments.services.sanctioning import register_approval_check

        register_approval_check(approved_ids)
        register_rating_source(current_ratings)
        register_rating_changes(event_rating_changes)
        register_sweep("replays", services.resend_waiting_replays)
        ledger_changed.connect(on_ledger_changed, dispatch_uid="ratings.league_cache")
        for name, signal in (("saved", post_save), ("deleted", post_delete)):
            signal.connect(
                on_approval_changed, sender=EventApproval, dispatch_uid=f"ratings.approval_{name}"
            )
        signals.round_closed.connect(services.on_round_closed, dispatch_uid="ratings.round_closed")
        signals.event_finished.connect(
            services.on_event_finished, dispatch_uid="ratings.event_finished"
        )
        signals.closed_result_changed.connect(
            services.on_closed_result_changed, dispatch_uid="ratings.closed_result_changed"
        )
        signals.playoff_match_decided.connect(
            operations.on_playoff_match_decided, dispatch_uid="ratings.playoff_match_decided"
        )
        signals.league_game_reported.connect(
            league_rating.on_league_game_reported, dispatch_uid="ratings.league_game_reported"
        )
        signals.playoff_cancelled.connect(
            playoff_receivers.on_playoff_cancelled, dispatch_uid="ratings.playoff_cancelled"
        )
        signals.event_imported.connect(
            services.on_event_imported, dispatch_uid="ratings.event_imported"
        )
        signals.event_cancelled.connect(
            services.on_event_cancelled, dispatch_uid="ratings.event_cancelled"
        )
        signals.players_merged.connect(
            services.on_players_merged, dispatch_uid="ratings.players_merged"
        )
        signals.event_deleting.connect(
            services.on_event_deleting, dispatch_uid="ratings.event_deleting"
        )
        post_delete.connect(
            services.on_event_deleted, sender=Event, dispatch_uid="ratings.event_deleted"
        )
