"""Webhook routes, under /api/v1/ beside the event they belong to."""

from django.urls import path

from webhooks import api

W = "events/<slug:slug>/webhooks/"

urlpatterns = [
    path(W, api.Endpoints.as_view(), name="api-webhook-list"),
    path(W + "<int:endpoint_id>/", api.EndpointDetail.as_view(), name="api-webhook-detail"),
    path(
        W + "<int:endpoint_id>/deliveries/", api.Deliveries.as_view(), name="api-webhook-deliveries"
    ),
]
