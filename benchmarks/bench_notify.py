"""The round-paired mails of an existing event's last round (``notifications.services``),
sent to Django's in-memory mail backend: the reading of seats, addresses and choices.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/h_speed \\
        .venv/bin/python benchmarks/bench_notify.py bench-10000
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
    from django.db import connection
    from django.test.utils import CaptureQueriesContext, override_settings

    from notifications import services as notify
    from tournaments.models import Round

    rnd = Round.objects.filter(event__slug=sys.argv[1]).order_by("-number").first()
    print(f"{sys.argv[1]} round {rnd.number}: load average {os.getloadavg()[0]:.1f}")
    with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
        for _ in range(2):
            w, c = time.perf_counter(), time.process_time()
            with CaptureQueriesContext(connection) as queries:
                sent = notify.round_paired(rnd.pk)
            print(
                f"round_paired: {sent} mails, {len(queries)} queries, "
                f"wall {time.perf_counter() - w:.3f} s, CPU {time.process_time() - c:.3f} s"
            )


if __name__ == "__main__":
    main()
