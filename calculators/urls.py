from django.urls import path

from calculators import views

urlpatterns = [
    path("", views.index, name="calculators-index"),
    path("score/", views.score, name="calculators-score"),
    path("free-council/", views.free_council, name="calculators-free-council"),
]
