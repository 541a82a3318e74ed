from django.urls import path

from calculators import api

urlpatterns = [
    path("score/", api.ScoreView.as_view(), name="api-rules-score"),
    path("free-council/", api.FreeCouncilView.as_view(), name="api-rules-free-council"),
]
