"""Event-day API routes; the project includes them beside tournaments.api_urls."""

from django.urls import path

from tournaments import eventday_api as api
from tournaments.api.playoff_cancel import PlayoffCancel
from tournaments.api.table_set import TableSet

E = "events/<slug:slug>/"

urlpatterns = [
    path(E + "staff/", api.Staff.as_view(), name="api-eventday-staff"),
    path(E + "staff/remove/", api.StaffRemove.as_view(), name="api-eventday-staff-remove"),
    path(E + "players/preview/", api.PlayerListPreview.as_view(), name="api-eventday-preview"),
    path(E + "players/bulk/", api.PlayerListRegister.as_view(), name="api-eventday-bulk"),
    path(E + "check-in-all/", api.CheckInEveryone.as_view(), name="api-eventday-check-in-all"),
    path(
        E + "registrations/<int:registration_id>/remove/",
        api.RemoveRegistration.as_view(),
        name="api-eventday-remove",
    ),
    path(E + "no-shows/", api.NoShows.as_view(), name="api-eventday-no-shows"),
    path(E + "undo/", api.Undo.as_view(), name="api-eventday-undo"),
    path(E + "penalties/rescind/", api.Rescind.as_view(), name="api-eventday-rescind"),
    path(E + "me/undo-drop/", api.UndoSelfDrop.as_view(), name="api-eventday-undo-drop"),
    path(E + "rounds/<int:number>/swap/", api.Swap.as_view(), name="api-eventday-swap"),
    path(E + "rounds/<int:number>/table/", TableSet.as_view(), name="api-eventday-table-set"),
    path(
        E + "rounds/<int:number>/results/repair/",
        api.RoundRepair.as_view(),
        name="api-eventday-repair",
    ),
    path(
        E + "rounds/<int:number>/results/delete/",
        api.RoundDelete.as_view(),
        name="api-eventday-delete",
    ),
    path(E + "bracket/", api.Bracket.as_view(), name="api-eventday-bracket"),
    path(E + "playoff/cancel/", PlayoffCancel.as_view(), name="api-eventday-playoff-cancel"),
    path(
        E + "playoff/settings/", api.PlayoffSettings.as_view(), name="api-eventday-playoff-settings"
    ),
    path(E + "playoff/start/", api.PlayoffStart.as_view(), name="api-eventday-playoff-start"),
    path(E + "playoff/result/", api.PlayoffResult.as_view(), name="api-eventday-playoff-result"),
    path(E + "playoff/decide/", api.PlayoffDecide.as_view(), name="api-eventday-playoff-decide"),
]
