"""Concurrency, on PostgreSQL: real parallel requests (threads, each with its
own database connection, through the whole HTTP stack) against the invariants, and the
database constraints that back every invariant (these run on every database).
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.utils import timezone

from audit.models import AuditEntry
from tests.security.world import lore_deck_text, make_user, token_for
from tournaments import services
from tournaments.models import Event, Registration, ResultChange, Round, Seat, Table

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="real row locks and parallel writers need PostgreSQL (set DATABASE_URL); "
    "SQLite serialises every writer on the whole file",
)
# One connection per thread: PostgreSQL's default limit is 100, a worker holds some.
MAX_THREADS = 40


def run_concurrently(calls: list[Callable[[], Any]], threads: int) -> list[Any]:
    """Run ``calls`` on ``threads`` threads released at the same moment; each result or
    the exception it raised. Every thread closes its own database connection."""
    gate = threading.Event()
    ready = threading.Semaphore(0)

    def run(call: Callable[[], Any]) -> Any:
        try:
            ready.release()
            gate.wait(30)
            return call()
        except Exception as exc:
            return exc
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=threads) as pool:
        futures = [pool.submit(run, c) for c in calls]
        for _ in range(min(threads, len(calls))):
            ready.acquire(timeout=30)
        gate.set()
        return [f.result(timeout=120) for f in futures]


def api(user: Any) -> Client:
    # Token authentication: no session rows, no CSRF, like a real API client.
    return Client(HTTP_AUTHORIZATION=f"Token {token_for(user)}")


def running_event(players: int, **fields: Any) -> tuple[Any, Event, dict[int, Any]]:
    director = make_user("director")
    event = services.create_event(director, name="Race Open", game="lore", **fields)
    services.open_registration(director, event)
    users = {}
    for i in range(players):
        user = make_user(f"racer{i}")
        users[services.register_self(user, event).pk] = user
    return director, event, users


# --------------------------------------------------------------------------- database constraints


@pytest.mark.django_db
def test_constraints_refuse_a_second_round_number() -> None:
    director, event, _ = running_event(4)
    services.pair_next_round(director, event, seed=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(event=event, number=1, seed=2)


@pytest.mark.django_db
def test_constraints_refuse_a_second_seat_in_a_round() -> None:
    """One result per player per round: a registration has one seat in a round."""
    director, event, _ = running_event(4)
    rnd = services.pair_next_round(director, event, seed=1)
    seat = Seat.objects.filter(round=rnd).first()
    other = rnd.tables.exclude(pk=seat.table_id).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(
            table=other, round=rnd, event=event, registration=seat.registration, position=3
        )


@pytest.mark.django_db
def test_constraints_refuse_a_second_bye_in_an_event() -> None:
    director, event, _ = running_event(3)
    rnd = services.pair_next_round(director, event, seed=1)
    bye = Seat.objects.get(round=rnd, is_bye=True)
    later = Round.objects.create(event=event, number=2, seed=2)
    table = Table.objects.create(round=later, number=1, is_bye=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(
            table=table, round=later, event=event, registration=bye.registration, is_bye=True
        )


@pytest.mark.django_db
def test_constraints_refuse_a_second_table_number_and_registration() -> None:
    director, event, _ = running_event(4)
    rnd = services.pair_next_round(director, event, seed=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.create(round=rnd, number=1)
    reg = Registration.objects.filter(event=event).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(event=event, player=reg.player)


# --------------------------------------------------------------------------- real races


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_fifty_concurrent_pair_next_round_make_one_round() -> None:
    director, event, _ = running_event(8)
    url = f"/api/v1/events/{event.slug}/rounds/pair/"
    clients = [api(director) for _ in range(50)]
    calls = [lambda c=c: c.post(url, {}, content_type="application/json") for c in clients]
    responses = run_concurrently(calls, threads=50)
    errors = [r for r in responses if isinstance(r, Exception)]
    assert not errors, errors[:3]
    codes = Counter(r.status_code for r in responses)
    assert codes[201] == 1, codes
    assert codes[409] == 49, codes
    assert list(event.rounds.values_list("number", flat=True)) == [1]
    rnd = event.rounds.get()
    assert rnd.tables.count() == 4
    assert Seat.objects.filter(round=rnd).count() == 8
    assert AuditEntry.objects.filter(event=event, action="pair").count() == 1


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_hundred_concurrent_reports_and_confirmations() -> None:
    """Each table ends with one consistent result and its full history: every accepted
    request is one ResultChange, each change starts where the previous one ended, and
    the table holds what the last change says."""
    director, event, users = running_event(20)
    rnd = services.pair_next_round(director, event, seed=11)
    tables = list(rnd.tables.filter(is_bye=False).order_by("number"))
    assert len(tables) == 10
    calls, owner = [], []
    for i, table in enumerate(tables):
        a, b = table.seats.order_by("position").values_list("registration_id", flat=True)
        agreed = {"seats": [{"registration": a, "mps": 20 + i}, {"registration": b, "mps": 4}]}
        # Odd tables: the second player remembers it differently, so some end disputed.
        other = (
            agreed
            if i % 2 == 0
            else {"seats": [{"registration": a, "mps": 4}, {"registration": b, "mps": 20}]}
        )
        base = f"/api/v1/events/{event.slug}/tables/{table.pk}/"
        ca, cb = api(users[a]), api(users[b])
        # Odd tables may also be disputed outright; even tables only ever agree.
        last_word = (cb, "dispute/", {"note": "no"}) if i % 2 else (cb, "report/", other)
        plan = [
            (ca, "report/", agreed), (cb, "report/", other), (ca, "report/", agreed),
            (cb, "confirm/", {}), (ca, "confirm/", {}), (cb, "report/", other),
            (ca, "report/", agreed), (cb, "confirm/", {}), last_word, (ca, "report/", agreed),
        ]  # fmt: skip
        for client, action, body in plan:
            calls.append(
                lambda c=client, u=base + action, d=body: c.post(
                    u, d, content_type="application/json"
                )
            )
            owner.append(table.pk)
    assert len(calls) == 100
    responses = run_concurrently(calls, threads=MAX_THREADS)
    errors = [r for r in responses if isinstance(r, Exception)]
    assert not errors, errors[:3]
    assert all(r.status_code in (200, 403, 409) for r in responses), Counter(
        r.status_code for r in responses
    )
    accepted = Counter(t for t, r in zip(owner, responses, strict=True) if r.status_code == 200)
    for table in tables:
        table.refresh_from_db()
        history = list(ResultChange.objects.filter(table=table).order_by("at", "pk"))
        assert len(history) == accepted[table.pk], (table.number, len(history))
        assert history, f"table {table.number} has no result"
        assert history[0].before["status"] == Table.Status.PENDING
        for prev, nxt in itertools.pairwise(history):
            assert nxt.before == prev.after, f"table {table.number}: a change was lost"
        final = services.table_snapshot(table)
        assert history[-1].after == final
        assert table.version == len(history)
        if table.status == Table.Status.CONFIRMED:
            seats = final["seats"]
            assert all(s["points"] is not None and s["outcome"] for s in seats)
        assert table.status in (Table.Status.CONFIRMED, Table.Status.DISPUTED)
        audited = AuditEntry.objects.filter(
            object_type="tournaments.table", object_id=str(table.pk), action__startswith="result_"
        ).count()
        assert audited == len(history)
    even = [t for i, t in enumerate(tables) if i % 2 == 0]
    assert all(t.status == Table.Status.CONFIRMED for t in even)


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_deck_submitted_at_the_deadline_second_is_in_or_clearly_refused() -> None:
    """Submissions land around the deadline: each is stored at or before it, or refused
    with a message naming the deadline, and nothing is half-stored."""
    from decks.models import DeckListVersion

    _, event, users = running_event(24, decklists_required=True)
    text = lore_deck_text()
    offsets = [(-1.2 + 0.08 * i) for i in range(24)]  # from 1.2 s before to 0.64 s after
    url = f"/api/v1/decks/events/{event.slug}/decklists/mine/"
    clients = [api(u) for u in users.values()]
    # Build the card index before the race, so the submissions are not slowed by it.
    from decks.services import card_index

    card_index("lore")
    # A whole second, far enough ahead for every thread to be waiting when it comes.
    deadline = (timezone.now() + timedelta(seconds=4)).replace(microsecond=0)
    Event.objects.filter(pk=event.pk).update(deck_deadline=deadline)

    def submit(client: Client, offset: float) -> Any:
        delay = (deadline - timezone.now()).total_seconds() + offset
        if delay > 0:
            time.sleep(delay)
        return client.post(url, {"text": text}, content_type="application/json")

    calls = [lambda c=c, o=o: submit(c, o) for c, o in zip(clients, offsets, strict=True)]
    responses = run_concurrently(calls, threads=len(calls))
    errors = [r for r in responses if isinstance(r, Exception)]
    assert not errors, errors[:3]
    outcome = Counter(r.status_code for r in responses)
    assert set(outcome) <= {201, 409}, outcome
    assert outcome[201] >= 1 and outcome[409] >= 1, outcome
    for r in responses:
        if r.status_code == 409:
            assert "deadline" in r.json()["detail"]
    versions = DeckListVersion.objects.filter(decklist__registration__event=event)
    assert versions.count() == outcome[201]
    assert all(v.submitted_at <= deadline for v in versions)
    per_registration = defaultdict(int)
    for v in versions:
        per_registration[v.decklist.registration_id] += 1
    assert all(n == 1 for n in per_registration.values())
