"""Pages for events (included at the site root)."""

from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from tournaments import views

E = "events/<slug:slug>/"

urlpatterns = [
    path("events/", views.event_list, name="event-list"),
    path("events/new/", views.event_create, name="event-create"),
    path(E, views.event_detail, name="event-detail"),
    path(E + "edit/", views.event_edit, name="event-edit"),
    path(E + "register/", views.register, name="event-register"),
    path(E + "pairings/", views.pairings, name="event-pairings"),
    path(E + "standings/", views.standings, name="event-standings"),
    path(E + "timer/", views.round_timer, name="event-timer"),
    path(E + "rounds/<int:number>/print/", views.print_pairings, name="print-pairings"),
    path(E + "rounds/<int:number>/slips/", views.print_slips, name="print-slips"),
    path(E + "standings/print/", views.print_standings, name="print-standings"),
    path(E + "projector/pairings/", views.projector_pairings, name="projector-pairings"),
    path(E + "projector/clock/", views.projector_clock, name="projector-clock"),
    path(E + "projector/standings/", views.projector_standings, name="projector-standings"),
    path(E + "clock/<str:action>/", views.clock_action, name="clock-action"),
    path(E + "me/", views.my_event, name="my-event"),
    path(E + "me/drop/", views.self_drop, name="my-event-drop"),
    path(E + "tables/<int:table_id>/<str:action>/", views.table_action, name="table-action"),
    path(E + "manage/", views.dashboard, name="event-dashboard"),
    path(E + "manage/<str:action>/", views.director_action, name="director-action"),
    path("players/<int:pk>/", views.player_detail, name="player-detail"),
    path("me/events/", views.my_events, name="my-events"),
    # The language switch in the page header (a POST, like Django's own i18n URLs).
    # No CSRF token: visitors' pages are stored and shared (tournaments.views.page_cache), and
    # choosing a language changes nothing but that visitor's own language cookie.
    path("language/", csrf_exempt(set_language), name="set-language"),
]

# Event-day pages (issue 16): staff, bulk entry, undo, top cut, hands-on pairings.
from tournaments.eventday_urls import urlpatterns as eventday_urlpatterns  # noqa: E402

urlpatterns += eventday_urlpatterns
