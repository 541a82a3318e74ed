"""API routes (included by organizer/urls.py under /api/)."""

from django.urls import path

from tournaments import api
from tournaments.api.pairings import RoundTables

E = "events/<slug:slug>/"
T = E + "tables/<int:table_id>/"

urlpatterns = [
    path("events/", api.EventListCreate.as_view(), name="api-event-list"),
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
    path(T, api.TableDetail.as_view(), name="api-table-detail"),
    path(T + "report/", api.TableReport.as_view(), name="api-table-report"),
    path(T + "confirm/", api.TableConfirm.as_view(), name="api-table-confirm"),
    path(T + "dispute/", api.TableDispute.as_view(), name="api-table-dispute"),
    path(T + "set/", api.TableSet.as_view(), name="api-table-set"),
    path(T + "void/", api.TableVoid.as_view(), name="api-table-void"),
    path(E + "director-options/", api.DirectorOptions.as_view(), name="api-director-options"),
    path(E + "cancel/", api.EventCancel.as_view(), name="api-event-cancel"),
    path(E + "standings/", api.Standings.as_view(), name="api-event-standings"),
    path(E + "penalties/", api.Penalties.as_view(), name="api-event-penalties"),
    path(E + "export/", api.Export.as_view(), name="api-event-export"),
    path(E + "export.csv", api.ExportCsv.as_view(), name="api-event-export-csv"),
]

# Event-day API (issue 16).
from tournaments.eventday_api_urls import urlpatterns as eventday_urlpatterns  # noqa: E402

urlpatterns += eventday_urlpatterns
