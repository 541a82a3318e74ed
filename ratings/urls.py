from django.urls import path

from ratings import approval_views, views

urlpatterns = [
    path("", views.league_list, name="league-list"),
    path("seasons/<slug:slug>/", views.season_detail, name="season-detail"),
    path("games/<str:game>/", views.game_standings, name="game-standings"),
    path("players/<int:pk>/", views.player_ratings, name="player-ratings"),
    path("replay/", views.replay, name="ratings-replay"),
    path("replays/<int:pk>/", views.replay_job, name="replay-job"),
    path("approvals/", approval_views.approvals, name="league-approvals"),
    path("approvals/<slug:slug>/approve/", approval_views.approve, name="league-approve"),
    path("approvals/<slug:slug>/withdraw/", approval_views.withdraw, name="league-withdraw"),
]
