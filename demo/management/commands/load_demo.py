"""Load the demo events (see demo.loader) and print where to look and how to log in."""

from __future__ import annotations

import logging
import os
import time

from django.core.management.base import BaseCommand

from demo import loader as demo


class Command(BaseCommand):
    help = (
        "Load the demo: a finished and a running LoRE event, a METW event taking "
        "registrations, deck lists, ratings and a league. Prints the log-ins."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--reset",
            action="store_true",
            help="Delete the previous demo data first (only the demo's, nothing else).",
        )

    def handle(self, *args, **options) -> None:
        started = time.monotonic()
        # The director's correction queues a ratings replay; with the embedded in-memory
        # broker kombu warns that the broker URL has no host name, which is only noise here.
        logging.getLogger("kombu.connection").setLevel(logging.ERROR)
        if demo.demo_exists():
            if not options["reset"]:
                self.stdout.write(
                    "The demo is already loaded (run with --reset to build it again)."
                )
                self._print_logins(None)
                return
            demo.reset_demo()
        summary = demo.build_demo()
        counts = summary.counts
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo loaded in {time.monotonic() - started:.1f} s: {counts['events']} events, "
                f"{counts['players']} players, {counts['rounds']} rounds, "
                f"{counts['decklists']} deck lists ({counts['illegal_decklists']} illegal), "
                f"{counts['penalties']} penalties, {counts['rating_entries']} rating entries."
            )
        )
        self._print_logins(summary)

    def _print_logins(self, summary: demo.DemoSummary | None) -> None:
        host = os.environ.get("HOST", "127.0.0.1")
        port = os.environ.get("PORT", "8000")
        base = f"http://{host}:{port}"
        s = summary or demo.DemoSummary()
        w = self.stdout.write
        w("")
        w(f"Open {base}/ — every demo account's password is: {demo.DEMO_PASSWORD}")
        w(f"  director  {s.director:<16} runs the events: My events → an event's dashboard")
        w(f"  player    {s.player:<16} {s.player_name}, playing round 3 of the {demo.RUNNING_LORE}")
        if s.opponent:
            w(
                f"  opponent  {s.opponent:<16} {s.opponent_name}, the opponent at table "
                f"{s.player_table} (report the result as one, confirm it as the other)"
            )
        w(f"  admin     {s.admin:<16} staff: every event, and {base}/admin/")
        if s.running_event:
            w(f"Running event: {base}/events/{s.running_event}/")
            w(f"League page:   {base}/leagues/seasons/{s.season}/")
        if s.api_token:
            w(f"API token of {s.director}: {s.api_token}  (Authorization: Token …)")
