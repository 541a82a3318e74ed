"""HTTP niceties of the API: ETag / If-None-Match on reads, read-only CORS for public GETs,
and the old unversioned /api/ addresses sent on to /api/v1/."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import cast

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.utils.cache import get_conditional_response

READ_METHODS = ("GET", "HEAD")
CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
    "Access-Control-Allow-Headers": "Accept, Accept-Language, If-None-Match",
    "Access-Control-Expose-Headers": "ETag",
    "Access-Control-Max-Age": "600",
}


def _cors(response: HttpResponse) -> None:
    for name, value in CORS_HEADERS.items():
        response.headers[name] = value


class ApiHttpMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith("/api/"):
            return self.get_response(request)
        if not request.path.startswith("/api/v1/"):
            # 308 keeps the method and the body, so an old client's POST still lands.
            target = "/api/v1/" + request.path[len("/api/") :]
            if request.META.get("QUERY_STRING"):
                target += "?" + request.META["QUERY_STRING"]
            return HttpResponsePermanentRedirect(target, status=308)
        if not request.path_info.endswith("/") and "." not in request.path_info.rsplit("/", 1)[-1]:
            # The schema's paths have no trailing slash; Django's routes do.
            request.path_info += "/"
            request.path += "/"
        origin = request.headers.get("Origin")
        if (
            request.method == "OPTIONS"
            and origin
            and "Access-Control-Request-Method" in request.headers
        ):
            response = HttpResponse(status=204)
            _cors(response)
            return response
        response = self.get_response(request)
        if request.method not in READ_METHODS or response.status_code != 200:
            return response
        if origin:
            # Public reads only: no credentials are allowed, so a browser never sends cookies.
            _cors(response)
        if getattr(response, "streaming", False) or response.has_header("ETag"):
            return response
        etag = '"' + hashlib.sha256(response.content).hexdigest()[:32] + '"'
        response.headers["ETag"] = etag
        response.headers.setdefault("Cache-Control", "private, no-cache")
        return cast(HttpResponse, get_conditional_response(request, etag=etag, response=response))
