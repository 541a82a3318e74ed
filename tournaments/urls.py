"""Pages for events (included at the site root)."""

from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from tournaments import views
from tournaments.views import calendar as calendar_views
from tournaments.views import claims as claims_views
from tournaments.views import decks_played as decks_views
from tournaments.views import director as director_views
from tournaments.views import finish as finish_views
from tournaments.views import live as live_views
from tournaments.views import penalties as penalties_views
from tournaments.views import playoff as playoff_views
from tournaments.views import records as records_views
from tournaments.views import registration as registration_views
from tournaments.views import results as results_views
from tournaments.views import rooms as rooms_views
from tournaments.views import rounds as rounds_views
from tournaments.views import staff as staff_views
from tournaments.views import stages as stages_views
from tournaments.views import table_set as table_set_views
from tournaments.views import table_time as table_time_views
from tournaments.views import windows as windows_views

E = "events/<slug:slug>/"

urlpatterns = [
    path("events/", views.event_list, name="event-list"),
    path("events/new/", views.event_create, name="event-create"),
    path(E, views.event_detail, name="event-detail"),
    path(E + "edit/", views.event_edit, name="event-edit"),
    path(E + "delete/", director_views.event_delete, name="event-delete"),
    path(E + "claims/", claims_views.claims, name="event-claims"),
    path(E + "register/", views.register, name="event-register"),
    path(E + "pairings/", views.pairings, name="event-pairings"),
    path(E + "standings/", views.standings, name="event-standings"),
    path(E + "timer/", views.round_timer, name="event-timer"),
    path(E + "rounds/<int:number>/print/", views.print_pairings, name="print-pairings"),
    path(E + "rounds/<int:number>/slips/", views.print_slips, name="print-slips"),
    path(E + "rounds/<int:number>/window/", windows_views.round_window, name="round-window"),
    path(E + "game-rooms/", rooms_views.game_rooms, name="game-rooms"),
    path(E + "calendar.ics", calendar_views.event_calendar, name="event-calendar"),
    path("calendar/<str:token>.ics", calendar_views.player_calendar, name="player-calendar"),
    path("me/calendar/", calendar_views.my_calendar_link, name="my-calendar-link"),
    path(E + "standings/print/", views.print_standings, name="print-standings"),
    path(E + "projector/pairings/", views.projector_pairings, name="projector-pairings"),
    path(E + "projector/clock/", views.projector_clock, name="projector-clock"),
    path(E + "projector/standings/", views.projector_standings, name="projector-standings"),
    path(E + "clock/<str:action>/", views.clock_action, name="clock-action"),
    path(E + "me/", views.my_event, name="my-event"),
    path(E + "me/drop/", views.self_drop, name="my-event-drop"),
    path(E + "tables/<int:table_id>/record/", records_views.table_record, name="table-record"),
    path(E + "tables/<int:table_id>/decks/", decks_views.record_decks, name="record-decks"),
    path(E + "tables/<int:table_id>/<str:action>/", views.table_action, name="table-action"),
    path(E + "stages/", stages_views.stages_page, name="event-stages"),
    path(E + "stages/<str:action>/", stages_views.stage_action, name="stage-action"),
    path(
        E + "projector/stages/<int:position>/",
        stages_views.projector_crosstable,
        name="projector-crosstable",
    ),
    path(E + "manage/", views.dashboard, name="event-dashboard"),
    path(E + "manage/<str:action>/", views.director_action, name="director-action"),
    path("players/<int:pk>/", views.player_detail, name="player-detail"),
    path("players/<int:pk>/server-names/", records_views.server_names, name="player-server-names"),
    path("me/events/", views.my_events, name="my-events"),
    # The language switch in the page header (a POST, like Django's own i18n URLs).
    # No CSRF token: visitors' pages are stored and shared (tournaments.views.page_cache), and
    # choosing a language changes nothing but that visitor's own language cookie.
    path("language/", csrf_exempt(set_language), name="set-language"),
]

# The event's staff, who plays, penalties, the top cut and hands-on rounds.
urlpatterns += [
    path(E + "event-day/", registration_views.hub, name="event-hub"),
    path(E + "event-day/staff/", staff_views.staff, name="event-staff"),
    path(E + "event-day/players/", registration_views.bulk_entry, name="event-bulk-entry"),
    path(E + "event-day/check-in-all/", registration_views.check_in_all, name="event-check-in-all"),
    path(
        E + "event-day/registrations/<int:registration_id>/remove/",
        registration_views.remove_registration,
        name="registration-remove",
    ),
    path(
        E + "event-day/registrations/<int:registration_id>/drop/",
        registration_views.drop_one,
        name="registration-drop",
    ),
    path(
        E + "event-day/registrations/<int:registration_id>/eject/",
        penalties_views.eject,
        name="registration-eject",
    ),
    path(E + "event-day/no-shows/", registration_views.no_shows, name="event-no-shows"),
    path(E + "event-day/undo/", registration_views.undo, name="event-undo"),
    path(E + "event-day/penalties/new/", penalties_views.issue, name="penalty-issue"),
    path(
        E + "event-day/penalties/<int:penalty_id>/rescind/",
        penalties_views.rescind,
        name="penalty-rescind",
    ),
    path(E + "me/undo-drop/", registration_views.undo_self_drop, name="my-event-undo-drop"),
    path(E + "bracket/", playoff_views.bracket, name="event-bracket"),
    path(E + "projector/bracket/", playoff_views.projector_bracket, name="projector-bracket"),
    path(E + "bracket/<str:action>/", playoff_views.playoff_action, name="playoff-action"),
    path(E + "event-day/rounds/<int:number>/swap/", rounds_views.swap, name="round-swap"),
    path(
        E + "event-day/rounds/<int:number>/table/",
        table_set_views.table_set,
        name="round-table-set",
    ),
    path(
        E + "event-day/rounds/<int:number>/unlock/",
        rounds_views.round_unlock,
        name="round-unlock",
    ),
    path(
        E + "event-day/rounds/<int:number>/<str:how>/", rounds_views.round_drop, name="round-redo"
    ),
    path(E + "event-day/pairing-settings/", rounds_views.constraints, name="pairing-constraints"),
    path(E + "live/", live_views.live, name="event-live"),
    path("me/live/", live_views.my_live, name="my-live"),
    path(
        E + "event-day/tables/<int:table_id>/time/",
        table_time_views.table_time,
        name="table-time",
    ),
    path(E + "event-day/finish/", finish_views.finish_event, name="event-finish"),
    path(E + "rounds/<int:number>/results/", results_views.results_grid, name="results-grid"),
    path(
        E + "rounds/<int:number>/results/<int:table_id>/check/",
        results_views.check_row,
        name="results-grid-check",
    ),
]
