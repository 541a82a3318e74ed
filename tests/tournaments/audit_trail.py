"""What the audit trail's word tests share: the app sources a writer of the trail lives in,
how a call that records an entry looks, the main flows run through the services (every
entry they write is checked), and the event's history page as a director reads it."""

from __future__ import annotations

import ast
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.tournaments.helpers import make_event, make_user, register_users, user_of
from tournaments import services
from tournaments.models import PlayoffMatch
from tournaments.services import windows

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "audit", "decks", "ratings", "tournaments")
SKIPPED = {"migrations", "management", "tests"}
DEADLINE = datetime(2025, 11, 10, 4, 59, tzinfo=UTC)


def sources() -> list[tuple[Path, ast.Module]]:
    out = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if not SKIPPED & set(path.relative_to(ROOT).parts):
                out.append((path, ast.parse(path.read_text(encoding="utf-8"))))
    return out


def is_record(call: ast.Call) -> bool:
    func = call.func
    if isinstance(func, ast.Attribute):
        return (
            func.attr == "record" and isinstance(func.value, ast.Name) and func.value.id == "audit"
        )
    return isinstance(func, ast.Name) and func.id in ("audit_record", "record")


# The main flows, run through the services: every entry they write is checked.


def _results_and_deadline() -> tuple[Any, Any]:
    """RULES.md §8: a report nobody disputed stands at the deadline; a dispute waits for
    the director, who enters it."""
    director = make_user()
    event = make_event(director, game="metw", time_zone="America/New_York")
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=2)
    reported, disputed = rnd.tables.order_by("number")
    a, b = (s.registration for s in reported.seats.order_by("position"))
    services.report_result(user_of(a), reported, {a.pk: 20, b.pk: 5})
    c, d = (s.registration for s in disputed.seats.order_by("position"))
    services.report_result(user_of(c), disputed, {c.pk: 20, d.pk: 5})
    services.report_result(user_of(d), disputed, {c.pk: 5, d.pk: 20})
    windows.set_round_window(director, rnd, DEADLINE - timedelta(days=9), DEADLINE)
    windows.run_round_deadlines(DEADLINE)
    services.director_set_result(director, disputed, {c.pk: 18, d.pk: 9}, note="miscounted")
    return director, event


def _registrations_penalties_and_top_cut() -> tuple[Any, Any]:
    director = make_user()
    event = make_event(director, planned_rounds=2)
    regs = [reg for _user, reg in register_users(event, 5)]
    services.update_event(director, event, round_minutes=50, description="At the inn")
    services.set_pairing_constraints(director, event, [[regs[0].pk, regs[1].pk]], {})
    services.check_in(director, regs[0])
    services.set_top_cut(director, event, 2, "replay")
    for n in range(2):
        rnd = services.pair_next_round(director, event, seed=5 + n)
        for table in rnd.tables.filter(is_bye=False):
            first, second = table.seats.order_by("position")
            services.director_set_result(
                director, table, {first.registration_id: 20, second.registration_id: 5}
            )
        if n == 0:
            services.issue_penalty(director, regs[2], "slow_play", "slow in round 1")
            services.drop(director, regs[4], "left early")
    services.start_playoff(director, event)
    final = PlayoffMatch.objects.get(event=event)
    services.report_playoff_result(director, event, final.pk, 8, 12)
    return director, event


@pytest.fixture
def flows(db) -> list[tuple[Any, Any]]:
    return [_results_and_deadline(), _registrations_penalties_and_top_cut()]


def trail(director: Any, event: Any, language: str) -> str:
    client = Client(headers={"accept-language": language})
    client.force_login(director)
    response = client.get(f"/audit/events/{event.slug}/")
    assert response.status_code == 200
    return response.content.decode()
