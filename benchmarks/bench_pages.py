"""Every page of an event, once as a visitor and once as its director: status, size and
time ("no page or API response grows without limit with the field").

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/h_speed \\
        .venv/bin/python benchmarks/bench_pages.py bench-100000

Runs on an event bench_faces.py built; through Django's test client (no cache in front,
no gunicorn): the cost of rendering each page, not a latency under load (load.py).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _pages(slug: str, n: int) -> tuple[list[str], list[str]]:
    e = f"/events/{slug}/"
    api = f"/api/v1/events/{slug}/"
    public = [
        e, e + "pairings/", e + "standings/", e + "timer/", e + f"rounds/{n}/print/",
        e + f"rounds/{n}/slips/", e + "standings/print/", e + "projector/pairings/",
        e + "projector/clock/", e + "projector/standings/", e + "bracket/",
        f"/decks/events/{slug}/published/", api, api + "standings/", api + "rounds/",
        api + f"rounds/{n}/tables/", api + "registrations/",
    ]  # fmt: skip
    director = [
        e + "manage/", e + "event-day/", e + "event-day/staff/", e + "event-day/players/",
        e + "event-day/no-shows/", e + "event-day/undo/", e + "event-day/pairing-settings/",
        f"/decks/events/{slug}/", f"/decks/events/{slug}/at-the-venue/", e + "edit/",
        api + "penalties/", api + "director-options/", e + f"event-day/rounds/{n}/swap/",
        e + f"event-day/rounds/{n}/table/",
    ]  # fmt: skip
    return public, director


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "organizer.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import cache
    from django.test import Client

    from tournaments.models import Event

    settings.ALLOWED_HOSTS = ["*"]
    event = Event.objects.get(slug=sys.argv[1] if len(sys.argv) > 1 else "bench-1000")
    public, director = _pages(event.slug, event.rounds.count())
    signed_in = Client()
    signed_in.force_login(event.organizer)
    print("| who | page | status | size | time |\n| --- | --- | --- | --- | --- |")
    for who, client, urls in (
        ("visitor", Client(), public),
        ("director", signed_in, public + director),
    ):
        for url in urls:
            cache.clear()  # the rendering's cost, not the visitor store's
            start = time.perf_counter()
            response = client.get(url)
            took = (time.perf_counter() - start) * 1000
            size = len(response.content) / 1024
            print(f"| {who} | `{url}` | {response.status_code} | {size:,.1f} KB | {took:,.0f} ms |")


if __name__ == "__main__":
    main()
