"""A draft event does not exist for anyone but its director and staff.

One place for every face: any address under ``events/<slug>/`` (pages, API, deck pages,
audit, event day) answers 404 for a draft unless the person is on the event's staff.
The views' own checks answered 403 with the event's name in the message, which told an
outsider both that the draft exists and what it is called.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from core.problems import PROBLEM_TYPE, problem
from tournaments.models import Event


def _api_user(request: HttpRequest) -> Any:
    """The API authenticates in the view, after the middleware: do it here too."""
    forced = getattr(request, "_force_auth_user", None)  # DRF's test client
    if forced is not None:
        return forced
    from rest_framework.exceptions import AuthenticationFailed

    from accounts.tokens import ExpiringTokenAuthentication

    try:
        found = ExpiringTokenAuthentication().authenticate(request)  # type: ignore[arg-type]
    except AuthenticationFailed:
        return None
    return found[0] if found else None


def _user(request: HttpRequest) -> Any:
    user = getattr(request, "user", None)
    if getattr(user, "is_authenticated", False):
        return user
    if request.path.startswith("/api/"):
        return _api_user(request)
    return None


def hidden_draft(request: HttpRequest, slug: str) -> bool:
    drafts = Event.objects.filter(slug=slug, status=Event.Status.DRAFT)
    if not drafts.exists():
        return False
    return not Event.objects.visible_to(_user(request)).filter(slug=slug).exists()


class DraftGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: dict[str, Any]
    ) -> HttpResponse | None:
        slug = kwargs.get("slug")
        match = request.resolver_match
        if not slug or match is None or "events/<slug:slug>" not in (match.route or ""):
            return None
        if not hidden_draft(request, slug):
            return None
        message = _("No such event.")
        if request.path.startswith("/api/"):
            return JsonResponse(
                problem(404, "not_found", message), status=404, content_type=PROBLEM_TYPE
            )
        raise Http404(message)
