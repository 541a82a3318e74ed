"""A draft event's name and existence are its director's and staff's alone:
a crawl of every page and API list, as a visitor and as another player, never meets it."""

from __future__ import annotations

import re
from collections import deque
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from ratings.models import Season
from tests.security.world import build_world, make_user
from tournaments import services

pytestmark = pytest.mark.django_db

NAME = "Qwertzuiop Hidden Invitational"
SKIP = ("/admin/", "/accounts/logout/", "/static/", "/media/", "/api/v1/docs/", "/api/v1/schema/")
MAX_PAGES = 400


def _patterns(resolver: URLResolver, prefix: str = "") -> list[str]:
    """Every route as a string with its converters, e.g. 'events/<slug:slug>/pairings/'."""
    out = []
    for p in resolver.url_patterns:
        route = str(p.pattern)
        if isinstance(p, URLResolver):
            out += _patterns(p, prefix + route)
        elif isinstance(p, URLPattern):
            out.append(prefix + route)
    return out


def _fill(route: str, slug: str, ids: dict[str, int]) -> str | None:
    if route.startswith("^") or "(?P" in route:
        return None  # regular-expression routes (admin, static) are not event pages

    def value(m: re.Match[str]) -> str:
        kind, name = m.group(1) or "str", m.group(2)
        if kind in ("slug", "str"):
            return slug if name == "slug" else "x"
        return str(ids.get(name, 1))

    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", value, route)


def _draft_world() -> dict[str, Any]:
    w = build_world(players=4)
    draft = services.create_event(
        w.director, name=NAME, game="lore", sanctioned=True, description="Secret draft."
    )
    walkin = services.add_walkin(w.director, draft, "Drafted Walker")
    Season.objects.create(
        name="Open League", slug="open-league", game="lore",
        starts_on=draft.created_at.date().replace(day=1),
        ends_on=draft.created_at.date().replace(month=12, day=31),
    )  # fmt: skip
    return {"world": w, "draft": draft, "walkin": walkin}


def _start_urls(d: dict[str, Any]) -> list[str]:
    w, draft, walkin = d["world"], d["draft"], d["walkin"]
    ids = {"pk": walkin.player_id, "registration_id": walkin.pk, "number": 1}
    urls = [
        "/", "/events/", "/events/?game=lore", "/leagues/", "/leagues/seasons/open-league/",
        "/leagues/games/lore/", "/me/events/", f"/players/{walkin.player_id}/",
        f"/players/{w.player.player.pk}/", f"/leagues/players/{walkin.player_id}/",
        "/api/v1/events/", f"/api/v1/events/?search={NAME.split()[0]}",
        "/api/v1/events/?status=draft", "/api/v1/ratings/seasons/",
        "/api/v1/ratings/approvals/", f"/api/v1/ratings/players/{walkin.player_id}/",
    ]  # fmt: skip
    for route in _patterns(get_resolver()):
        url = _fill(route, draft.slug, ids)
        if url and not url.startswith(SKIP):
            urls.append(url)
    return urls


def _crawl(client: Client, start: list[str], slug: str) -> tuple[int, list[str]]:
    seen, queue, leaks = set(), deque(start), []
    while queue and len(seen) < MAX_PAGES:
        url = queue.popleft()
        if url in seen or url.startswith(SKIP):
            continue
        seen.add(url)
        response = client.get(url)
        assert response.status_code < 500, (url, response.status_code)
        if response.status_code in (301, 302, 308):
            queue.append(response["Location"])
            continue
        body = unescape(response.content.decode(errors="replace"))
        if NAME.lower() in body.lower() or (slug not in url and slug in body):
            leaks.append(url)
        for href in re.findall(r'href="(/[^"#]*)"', body):
            if slug not in href:  # links to the draft itself are requested above
                queue.append(href)
        for found in re.findall(r'"(?:url|next)": ?"https?://[^/"]+(/[^"]*)"', body):
            queue.append(found)
    return len(seen), leaks


@pytest.mark.parametrize("who", ["visitor", "other player", "player in another event"])
def test_a_drafts_name_never_reaches_outsiders(who: str) -> None:
    d = _draft_world()
    client = Client()
    if who == "other player":
        client.force_login(make_user("outsider"))
    elif who == "player in another event":
        client.force_login(d["world"].player)
    crawled, leaks = _crawl(client, _start_urls(d), d["draft"].slug)
    assert crawled > 60, crawled  # the crawl reached the site, not just the start list
    assert not leaks, leaks


def test_the_director_and_staff_still_see_their_draft() -> None:
    d = _draft_world()
    for user in (d["world"].director, d["world"].staff):
        client = Client()
        client.force_login(user)
        assert NAME in client.get(f"/events/{d['draft'].slug}/").content.decode()
        assert NAME in client.get("/events/").content.decode()
    api = Client()
    assert api.get(f"/api/v1/events/{d['draft'].slug}/").status_code == 404
