"""What every deck-list API view shares: the schema tag, the refusals, reading a request."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse

from core.errors import NotFound, ServiceError
from decks import services
from tournaments.models import Event

TAG = ["decks"]


# Success shapes are declared per view; every refusal is problem details (core.schema).
ERRORS = {
    403: OpenApiResponse(description="Not allowed for this user."),
    404: OpenApiResponse(description="No such event or format."),
    409: OpenApiResponse(description="Deadline passed or lists locked."),
}


def list_text(data: dict[str, Any]) -> str:
    """The list to check: the uploaded file's text, or the pasted text."""
    if data.get("file") is not None:
        return services.read_upload(data["file"])
    if "text" not in data:
        raise ServiceError(_("Give the deck list as text or upload a deck file."), "bad_input")
    return data["text"]


def valid(serializer_class, data: Any) -> dict[str, Any]:
    ser = serializer_class(data=data)
    ser.is_valid(raise_exception=True)  # 400, problem details with one error per field
    return ser.validated_data


def event_by_slug(slug: str) -> Event:
    try:
        return Event.objects.get(slug=slug)
    except Event.DoesNotExist:
        raise NotFound(_("No event '%(slug)s'.") % {"slug": slug})
