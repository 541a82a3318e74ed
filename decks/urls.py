"""Pages under /decks/."""

from django.urls import path

from decks import published, venue_views, views

urlpatterns = [
    path("check/", views.check, name="deck-check"),
    path("check/export/", views.export, name="deck-export"),
    path("formats/", views.formats, name="deck-formats"),
    path("formats/new/", views.format_new, name="deck-format-new"),
    path("events/<slug:slug>/", views.event_overview, name="event-decklists"),
    path("events/<slug:slug>/submit/", views.submit, name="decklist-submit"),
    path("events/<slug:slug>/at-the-venue/", venue_views.venue_decklist, name="venue-decks"),
    path("events/<slug:slug>/published/", published.event_public, name="event-decklists-public"),
    path(
        "events/<slug:slug>/sheet/<int:registration>/",
        published.registration_sheet,
        name="decklist-registration-sheet",
    ),
]
