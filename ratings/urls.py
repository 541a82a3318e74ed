from django.urls import path

from ratings import views

urlpatterns = [
    path("", views.league_list, name="league-list"),
    path("seasons/<slug:slug>/", views.season_detail, name="season-detail"),
    path("games/<str:game>/", views.game_standings, name="game-standings"),
    path("players/<int:pk>/", views.player_ratings, name="player-ratings"),
    path("replay/", views.replay, name="ratings-replay"),
    path("replays/<int:pk>/", views.replay_job, name="replay-job"),
]
