from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        # Wiring, once: the stored standings follow every change that can move them, and
        # the visitors' stored pages follow every announced change (the writers never
        # import the page cache that reads them).
        from core.jobs import register_sweep
        from tournaments import signals
        from tournaments.services.export_jobs import prune_old_exports, resend_lost_exports
        from tournaments.services.playoff_ejection import on_match_decided
        from tournaments.services.standings import receivers
        from tournaments.services.standings.snapshot import resend_lost_rebuilds
        from tournaments.views import page_cache

        receivers.connect()
        # Stale standings whose rebuild message was lost with the broker's queue.
        register_sweep("standings", resend_lost_rebuilds)
        register_sweep("exports", resend_lost_exports)
        register_sweep("old_exports", prune_old_exports)
        # A match decided may seat a player still in against an ejected one.
        signals.playoff_match_decided.connect(on_match_decided, dispatch_uid="playoff-ejection")
        signals.event_pages_changed.connect(
            page_cache.pages_changed, dispatch_uid="page-cache-generation"
        )
