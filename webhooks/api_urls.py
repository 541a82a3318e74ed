"""Webhook routes, under /api/v1/ (beside the event they belong to)."""

urlpatterns: list = []
