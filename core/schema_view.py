"""The API schema's view: built once per process and language, not per request.

Apart from core.schema, which DRF imports while loading its settings: this module
imports DRF's views, which read those settings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import translation
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView
from rest_framework.response import Response

# The schema only changes with the code: built once per process and language, not per
# request (0.4 s each; a dozen clients on it slowed every page).
BUILT: dict[tuple[str, str], tuple[Any, dict[str, str]]] = {}


@extend_schema(exclude=True)
class CachedSchemaView(SpectacularAPIView):
    """drf-spectacular's schema view, answering from what it built the first time."""

    def get(self, request: Any, *args: Any, **kwargs: Any) -> Response:
        lang = str(request.GET.get("lang") or "")
        known = {code for code, _name in settings.LANGUAGES}
        if request.GET.get("version") or (lang and lang not in known):
            # Kept by the site's own languages only: the memory a client can fill is bounded.
            return super().get(request, *args, **kwargs)
        key = (translation.get_language() or "", lang)
        if key not in BUILT:
            response = super().get(request, *args, **kwargs)
            if response.status_code != 200:
                return response
            BUILT[key] = (response.data, {"Content-Disposition": response["Content-Disposition"]})
        data, headers = BUILT[key]
        return Response(data=data, headers=headers)
