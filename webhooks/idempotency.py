"""Idempotency-Key on API POSTs: the first answer is stored and replayed on a retry.

Keyed by the caller (user id from the token or the session) and the key; the route and a
hash of the body are kept, so the same key reused for another request is refused (422)
and a retry arriving while the first is still being answered gets 409.

A request that died (its worker killed, the machine gone) never stores its answer: its
key is held for LEASE only, longer than any request may run (the request time limit),
then the next retry takes it over and runs. Answers are kept KEEP long and only up to
MAX_STORED_BYTES: larger ones are what a computation answers (a deck check, a
preview), which a retry may simply compute again; a write answers with what it wrote,
far below the bound.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from rest_framework.authtoken.models import Token

from webhooks.models import IdempotentRequest

HEADER = "Idempotency-Key"
KEEP = timedelta(hours=24)
LEASE = timedelta(seconds=60)
MAX_STORED_BYTES = 64 * 1024
PROBLEM_TYPE = "application/problem+json"


def _problem(status: int, code: str, detail: str) -> JsonResponse:
    # The shape of core.problems.problem, with untranslated titles and RFC 9110's name for
    # 422; switching to core's would change the title integrators already read.
    titles = {400: "Bad Request", 409: "Conflict", 422: "Unprocessable Content"}
    body = {
        "type": f"/api/v1/problems/{code}",
        "title": titles[status],
        "status": status,
        "detail": detail,
        "code": code,
        "errors": [],
    }
    return JsonResponse(body, status=status, content_type=PROBLEM_TYPE)


def caller(request: HttpRequest) -> str:
    auth = request.headers.get("Authorization", "")
    if auth.startswith("Token "):
        user_id = Token.objects.filter(key=auth[6:].strip()).values_list("user_id", flat=True)
        if user_id:
            return f"user:{user_id[0]}"
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    # Callers without an account (sign-up) are told apart by address.
    return f"anonymous:{request.META.get('REMOTE_ADDR', '')}"[:80]


def _replay(record: IdempotentRequest) -> HttpResponse:
    response = HttpResponse(
        bytes(record.body or b""), status=record.status_code, content_type=record.content_type
    )
    response.headers["Idempotent-Replayed"] = "true"
    return response


class IdempotencyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = request.headers.get(HEADER)
        if request.method != "POST" or key is None or not request.path.startswith("/api/v1/"):
            return self.get_response(request)
        if not 1 <= len(key) <= 255:
            return _problem(400, "bad_idempotency_key", "Idempotency-Key is 1 to 255 characters.")
        owner = caller(request)
        body_hash = hashlib.sha256(request.body).hexdigest()
        now = timezone.now()
        IdempotentRequest.objects.filter(created_at__lt=now - KEEP).delete()
        # A request that died with the key: its lease is over, the retry takes the key.
        IdempotentRequest.objects.filter(
            owner=owner, key=key, status_code__isnull=True, created_at__lt=now - LEASE
        ).delete()
        try:
            with transaction.atomic():
                record = IdempotentRequest.objects.create(
                    owner=owner, key=key, route=request.path, body_hash=body_hash
                )
        except IntegrityError:
            return self._again(owner, key, request.path, body_hash)
        response = self.get_response(request)
        if (
            response.status_code >= 500
            or getattr(response, "streaming", False)
            or len(response.content) > MAX_STORED_BYTES
        ):
            # A failure is not an answer, and a large answer is not kept: the retry runs
            # the request again.
            record.delete()
            return response
        record.status_code = response.status_code
        record.content_type = response.get("Content-Type", "")
        record.body = response.content
        record.save(update_fields=["status_code", "content_type", "body"])
        return response

    def _again(self, owner: str, key: str, route: str, body_hash: str) -> HttpResponse:
        record = IdempotentRequest.objects.filter(owner=owner, key=key).first()
        if record is None:
            return _problem(409, "idempotency_in_progress", "Retry: the first request just ended.")
        if record.route != route or record.body_hash != body_hash:
            return _problem(
                422, "idempotency_key_reused", "This Idempotency-Key was used for another request."
            )
        if record.status_code is None:
            response = _problem(
                409, "idempotency_in_progress", "The first request with this key is still running."
            )
            # At the latest when the lease ends, the retry runs (or replays the answer).
            left = record.created_at + LEASE - timezone.now()
            response["Retry-After"] = str(max(1, int(left.total_seconds()) + 1))
            return response
        return _replay(record)
