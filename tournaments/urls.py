from django.urls import path

from tournaments import views

urlpatterns = [
    path("events/", views.event_list, name="event-list"),
    path("events/<slug:slug>/", views.event_detail, name="event-detail"),
    path("players/<int:pk>/", views.player_detail, name="player-detail"),
    path("me/events/", views.my_events, name="my-events"),
]
