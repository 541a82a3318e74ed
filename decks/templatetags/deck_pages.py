"""Deck information other apps' pages show: a finished event's metagame on its page.

A tag of the decks app, so the tournament pages show deck information without importing
decks (decks sits above tournaments). It shows nothing it may not: the lists' own
visibility applies, and a failure never stops the event's page from loading.
"""

from __future__ import annotations

import logging
from typing import Any

from django import template
from django.contrib.auth.models import AnonymousUser

from core.errors import ServiceError
from decks.layout_labels import archetype_rows
from decks.metagame import event_metagame

register = template.Library()
log = logging.getLogger(__name__)


@register.inclusion_tag("decks/_metagame.html", takes_context=True)
def event_metagame_table(context: dict[str, Any], event: Any) -> dict[str, Any]:
    """The metagame table of a finished event whose lists the reader may see."""
    shown: dict[str, Any] = {"metagame": [], "event": event}
    if event.status != event.Status.FINISHED:
        return shown
    request = context.get("request")
    try:
        meta = event_metagame(getattr(request, "user", None) or AnonymousUser(), event)
    except ServiceError:  # the lists are not published: neither is their metagame
        return shown
    except Exception:  # deck information must never stop the event's page
        log.exception("metagame of event %s failed", getattr(event, "pk", None))
        return shown
    shown |= {"metagame": archetype_rows(event.game, meta.archetypes), "metagame_final": True}
    return shown
