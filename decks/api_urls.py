"""API routes under /api/decks/."""

from django.urls import path

from decks import api

urlpatterns = [
    path("validate/", api.ValidateView.as_view(), name="api-deck-validate"),
    path("validate/file/", api.ValidateFileView.as_view(), name="api-deck-validate-file"),
    path("formats/", api.FormatsView.as_view(), name="api-deck-formats"),
    path("cards/", api.CardsView.as_view(), name="api-deck-cards"),
    path(
        "events/<slug:slug>/decklists/",
        api.EventDeckListsView.as_view(),
        name="api-event-decklists",
    ),
    path(
        "events/<slug:slug>/decklists/mine/",
        api.MyDeckListView.as_view(),
        name="api-my-decklist",
    ),
    path(
        "events/<slug:slug>/decklists/<int:registration>/",
        api.VenueDeckListView.as_view(),
        name="api-venue-decklist",
    ),
    path(
        "events/<slug:slug>/metagame/",
        api.MetagameView.as_view(),
        name="api-event-metagame",
    ),
    path(
        "events/<slug:slug>/decklists/publish/",
        api.PublishView.as_view(),
        name="api-decklists-publish",
    ),
]
