"""Pages under /audit/ (the event audit page lives with the events it shows)."""

from django.urls import path

from tournaments.views import audit as audit_views

urlpatterns = [
    path("events/<slug:slug>/", audit_views.event_audit, name="event-audit"),
]
