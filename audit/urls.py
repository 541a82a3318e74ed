"""Pages under /audit/."""

from django.urls import path

from audit import views

urlpatterns = [
    path("events/<slug:slug>/", views.event_audit, name="event-audit"),
]
