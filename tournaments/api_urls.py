"""API routes (included by organizer/urls.py under /api/)."""

from django.urls import path

from tournaments import api
from tournaments.api import audit as audit_api
from tournaments.api import calendar as calendar_api
from tournaments.api import claims as claims_api
from tournaments.api import clock as clock_api
from tournaments.api import constraints as constraints_api
from tournaments.api import export_jobs as export_jobs_api
from tournaments.api import hands_on as hands_on_api
from tournaments.api import heats as heats_api
from tournaments.api import penalties as penalties_api
from tournaments.api import playoff as playoff_api
from tournaments.api import records as records_api
from tournaments.api import registration as registration_api
from tournaments.api import results_grid as grid_api
from tournaments.api import staff as staff_api
from tournaments.api import stages as stages_api
from tournaments.api import table_time as table_time_api
from tournaments.api import transfer as transfer_api
from tournaments.api import windows as windows_api
from tournaments.api.decks_played import TableDecks
from tournaments.api.pairings import RoundTables
from tournaments.api.playoff_cancel import PlayoffCancel
from tournaments.api.table_set import TableSet

E = "events/<slug:slug>/"
T = E + "tables/<int:table_id>/"

urlpatterns = [
    path("me/calendar/", calendar_api.MyCalendar.as_view(), name="api-my-calendar"),
    path(
        "me/calendar/renew/", calendar_api.MyCalendarRenew.as_view(), name="api-my-calendar-renew"
    ),
    path("events/", api.EventListCreate.as_view(), name="api-event-list"),
    # Not under events/, where it would hide an event called "import".
    path("imports/", transfer_api.ImportEvent.as_view(), name="api-event-import"),
    path(E, api.EventDetail.as_view(), name="api-event-detail"),
    path(E + "open/", api.EventOpen.as_view(), name="api-event-open"),
    path(E + "finish/", api.EventFinish.as_view(), name="api-event-finish"),
    path(E + "register/", api.RegisterSelf.as_view(), name="api-event-register"),
    path(E + "walkins/", api.Walkins.as_view(), name="api-event-walkins"),
    path(E + "registrations/", api.Registrations.as_view(), name="api-event-registrations"),
    path(
        E + "registrations/<int:registration_id>/check-in/",
        api.RegistrationCheckIn.as_view(),
        name="api-registration-check-in",
    ),
    path(
        E + "registrations/<int:registration_id>/drop/",
        api.RegistrationDrop.as_view(),
        name="api-registration-drop",
    ),
    path(
        E + "registrations/<int:registration_id>/readd/",
        api.RegistrationReadd.as_view(),
        name="api-registration-readd",
    ),
    path(E + "rounds/", api.Rounds.as_view(), name="api-event-rounds"),
    path(E + "rounds/pair/", api.PairNextRound.as_view(), name="api-event-pair"),
    path(E + "rounds/<int:number>/", api.RoundDetail.as_view(), name="api-round-detail"),
    path(E + "rounds/<int:number>/tables/", RoundTables.as_view(), name="api-round-tables"),
    path(E + "rounds/<int:number>/repair/", api.RoundRepair.as_view(), name="api-round-repair"),
    path(E + "rounds/<int:number>/start-clock/", api.RoundClock.as_view(), name="api-round-clock"),
    path(E + "game-rooms/", windows_api.GameRooms.as_view(), name="api-game-rooms"),
    path(
        E + "rounds/<int:number>/window/",
        windows_api.RoundWindowView.as_view(),
        name="api-round-window",
    ),
    path(T, api.TableDetail.as_view(), name="api-table-detail"),
    path(T + "report/", api.TableReport.as_view(), name="api-table-report"),
    path(T + "confirm/", api.TableConfirm.as_view(), name="api-table-confirm"),
    path(T + "dispute/", api.TableDispute.as_view(), name="api-table-dispute"),
    path(T + "set/", api.TableSet.as_view(), name="api-table-set"),
    path(T + "void/", api.TableVoid.as_view(), name="api-table-void"),
    path(T + "record/", records_api.TableRecord.as_view(), name="api-table-record"),
    path(T + "decks/", TableDecks.as_view(), name="api-table-decks"),
    path(
        "players/<int:player_id>/server-names/",
        records_api.PlayerServerNames.as_view(),
        name="api-player-server-names",
    ),
    path(E + "director-options/", api.DirectorOptions.as_view(), name="api-director-options"),
    path(E + "cancel/", api.EventCancel.as_view(), name="api-event-cancel"),
    path(E + "delete/", api.EventDelete.as_view(), name="api-event-delete"),
    path(E + "standings/", api.Standings.as_view(), name="api-event-standings"),
    path(E + "penalties/", api.Penalties.as_view(), name="api-event-penalties"),
    path(E + "export/", api.Export.as_view(), name="api-event-export"),
    path(E + "export.csv", api.ExportCsv.as_view(), name="api-event-export-csv"),
    path(
        E + "export/jobs/<int:job_id>/",
        export_jobs_api.ExportJobStatus.as_view(),
        name="api-export-job",
    ),
    path(
        E + "export/jobs/<int:job_id>/file/",
        export_jobs_api.ExportJobFile.as_view(),
        name="api-export-job-file",
    ),
]

# The event's staff, who plays, penalties, hands-on rounds and the top cut.
urlpatterns += [
    path(E + "staff/", staff_api.Staff.as_view(), name="api-staff"),
    path(E + "staff/remove/", staff_api.StaffRemove.as_view(), name="api-staff-remove"),
    path(E + "players/preview/", registration_api.PlayerListPreview.as_view(), name="api-preview"),
    path(E + "players/bulk/", registration_api.PlayerListRegister.as_view(), name="api-bulk"),
    path(E + "check-in-all/", registration_api.CheckInEveryone.as_view(), name="api-check-in-all"),
    path(
        E + "registrations/<int:registration_id>/remove/",
        registration_api.RemoveRegistration.as_view(),
        name="api-remove",
    ),
    path(E + "no-shows/", registration_api.NoShows.as_view(), name="api-no-shows"),
    path(E + "duplicates/", registration_api.DuplicateEntries.as_view(), name="api-duplicates"),
    path(
        E + "registrations/<int:registration_id>/claim/",
        claims_api.ClaimEntry.as_view(),
        name="api-claim-entry",
    ),
    path(E + "claims/", claims_api.Claims.as_view(), name="api-claims"),
    path(
        E + "claims/<int:claim_id>/decide/",
        claims_api.DecideClaim.as_view(),
        name="api-decide-claim",
    ),
    path(E + "undo/", registration_api.Undo.as_view(), name="api-undo"),
    path(E + "penalties/rescind/", penalties_api.Rescind.as_view(), name="api-rescind"),
    path(E + "audit/", audit_api.AuditTrail.as_view(), name="api-audit-trail"),
    path(
        E + "pairing-constraints/",
        constraints_api.PairingConstraints.as_view(),
        name="api-pairing-constraints",
    ),
    path(E + "me/undo-drop/", registration_api.UndoSelfDrop.as_view(), name="api-undo-drop"),
    path(E + "rounds/<int:number>/swap/", hands_on_api.Swap.as_view(), name="api-swap"),
    path(E + "rounds/<int:number>/unlock/", hands_on_api.RoundUnlock.as_view(), name="api-unlock"),
    path(E + "rounds/<int:number>/table/", TableSet.as_view(), name="api-round-table-set"),
    path(
        E + "rounds/<int:number>/results/repair/",
        hands_on_api.RoundRepair.as_view(),
        name="api-repair",
    ),
    path(
        E + "rounds/<int:number>/results/delete/",
        hands_on_api.RoundDelete.as_view(),
        name="api-delete",
    ),
    path(E + "bracket/", playoff_api.Bracket.as_view(), name="api-bracket"),
    path(E + "playoff/cancel/", PlayoffCancel.as_view(), name="api-playoff-cancel"),
    path(
        E + "playoff/settings/", playoff_api.PlayoffSettings.as_view(), name="api-playoff-settings"
    ),
    path(E + "playoff/start/", playoff_api.PlayoffStart.as_view(), name="api-playoff-start"),
    path(E + "playoff/result/", playoff_api.PlayoffResult.as_view(), name="api-playoff-result"),
    path(E + "playoff/decide/", playoff_api.PlayoffDecide.as_view(), name="api-playoff-decide"),
]

# An event's stages (RULES.md §8) and the presets.
urlpatterns += [
    path("event-presets/", stages_api.Presets.as_view(), name="api-event-presets"),
    path(E + "stages/", stages_api.Stages.as_view(), name="api-stages"),
    path(E + "stages/preset/", stages_api.StagesPreset.as_view(), name="api-stages-preset"),
    path(E + "stages/start/", stages_api.StageStart.as_view(), name="api-stages-start"),
    path(E + "heats/", heats_api.Heats.as_view(), name="api-heats"),
    path(E + "heats/draw/", heats_api.HeatsDraw.as_view(), name="api-heats-draw"),
    path(E + "heats/move/", heats_api.HeatsMove.as_view(), name="api-heats-move"),
    path(E + "stages/pair/", stages_api.RobinPair.as_view(), name="api-stages-pair"),
    path(E + "league/", stages_api.League.as_view(), name="api-league"),
    path(E + "league/games/", stages_api.LeagueGames.as_view(), name="api-league-games"),
    path(E + "stages/<int:position>/skip/", stages_api.StageSkip.as_view(), name="api-stage-skip"),
    path(
        E + "stages/<int:position>/crosstable/",
        stages_api.Crosstable.as_view(),
        name="api-stage-crosstable",
    ),
]

# The event day's results grid, the round clock's buttons and a table's extra time.
urlpatterns += [
    path(E + "rounds/<int:number>/results/", grid_api.ResultsGrid.as_view(), name="api-grid"),
    path(
        E + "rounds/<int:number>/results/check/",
        grid_api.ResultsGridCheck.as_view(),
        name="api-grid-check",
    ),
    path(E + "rounds/<int:number>/clock/", clock_api.RoundClockState.as_view(), name="api-clock"),
    path(T + "time/", table_time_api.TableTime.as_view(), name="api-table-time"),
    path(
        E + "penalties/preview/", penalties_api.PenaltyPreview.as_view(), name="api-penalty-preview"
    ),
]
