from django.urls import path

from ratings import api, approval_api

urlpatterns = [
    path("seasons/", api.SeasonList.as_view(), name="api-season-list"),
    path("seasons/<slug:slug>/", api.SeasonDetail.as_view(), name="api-season-detail"),
    path(
        "seasons/<slug:slug>/standings/",
        api.SeasonStandings.as_view(),
        name="api-season-standings",
    ),
    path("games/<str:game>/", api.GameStandings.as_view(), name="api-game-standings"),
    path("players/<int:pk>/", api.PlayerRatings.as_view(), name="api-player-ratings"),
    path("replay/", api.Replay.as_view(), name="api-ratings-replay"),
    path("jobs/<int:pk>/", api.ReplayJobDetail.as_view(), name="api-replay-job"),
    path("approvals/", approval_api.ApprovalList.as_view(), name="api-approval-list"),
    path(
        "approvals/<slug:slug>/",
        approval_api.EventApprovalView.as_view(),
        name="api-event-approval",
    ),
]
