"""Event-day pages; the project includes them beside tournaments.urls."""

from django.urls import path

from tournaments import eventday_round_views as rounds
from tournaments import eventday_table_views as tables
from tournaments import eventday_views as views

E = "events/<slug:slug>/"

urlpatterns = [
    path(E + "event-day/", rounds.hub, name="eventday-hub"),
    path(E + "event-day/staff/", views.staff, name="eventday-staff"),
    path(E + "event-day/players/", views.bulk_entry, name="eventday-bulk"),
    path(E + "event-day/check-in-all/", views.check_in_all, name="eventday-check-in-all"),
    path(
        E + "event-day/registrations/<int:registration_id>/remove/",
        views.remove_registration,
        name="eventday-remove",
    ),
    path(
        E + "event-day/registrations/<int:registration_id>/drop/",
        views.drop_one,
        name="eventday-drop",
    ),
    path(
        E + "event-day/registrations/<int:registration_id>/eject/",
        views.eject,
        name="eventday-eject",
    ),
    path(E + "event-day/no-shows/", views.no_shows, name="eventday-no-shows"),
    path(E + "event-day/undo/", views.undo, name="eventday-undo"),
    path(
        E + "event-day/penalties/<int:penalty_id>/rescind/", views.rescind, name="eventday-rescind"
    ),
    path(E + "me/undo-drop/", views.undo_self_drop, name="eventday-undo-self-drop"),
    path(E + "bracket/", rounds.bracket, name="eventday-bracket"),
    path(E + "bracket/<str:action>/", rounds.playoff_action, name="eventday-playoff"),
    path(E + "event-day/rounds/<int:number>/swap/", rounds.swap, name="eventday-swap"),
    path(E + "event-day/rounds/<int:number>/table/", tables.table_set, name="eventday-table-set"),
    path(E + "event-day/rounds/<int:number>/<str:how>/", rounds.round_drop, name="eventday-round"),
    path(E + "event-day/pairing-settings/", rounds.constraints, name="eventday-constraints"),
]
