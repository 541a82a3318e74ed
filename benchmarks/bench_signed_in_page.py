"""The standings page as its director sees it (signed in: no visitor cache), in process,
three pages of an existing event once its snapshot is fresh.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/h_speed \\
        .venv/bin/python benchmarks/bench_signed_in_page.py bench-10000
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "organizer.settings")
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import override_settings

    from tournaments import services
    from tournaments.models import Event

    event = Event.objects.get(slug=sys.argv[1])
    services.snapshot_state(event)
    print(f"{event.slug}: load average {os.getloadavg()[0]:.1f}")
    with override_settings(ALLOWED_HOSTS=["*"]):
        client = Client()
        client.force_login(event.organizer)
        for page in (2, 3, 4):
            w, c = time.perf_counter(), time.process_time()
            response = client.get(f"/events/{event.slug}/standings/?page={page}")
            print(
                f"page {page}: {response.status_code}, {len(response.content):,} bytes, "
                f"wall {time.perf_counter() - w:.3f} s, CPU {time.process_time() - c:.3f} s"
            )


if __name__ == "__main__":
    main()
