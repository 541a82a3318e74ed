"""Permission matrix: every write operation × {anonymous, another player, the
player concerned, another event's director, the event's director, staff}, tried through
the API and through the page that offers it, with the expected allow/deny.

Players touch only their own registrations, deck lists and results; directors run their
own events; staff run every event; anonymous users write nothing. Unpublished deck lists
are seen only by their player and the event's director (and staff).

A cell is "allowed" when the request succeeds AND changes the database (an audit entry,
a job, a format or an event appears, or for a read, the deck list is in the answer); it
is "denied" when nothing changes (and the API answers 401/403/404). Each actor's attempt
is rolled back before the next one, so every cell starts from the same state.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import transaction
from django.test import Client

from audit.models import AuditEntry
from decks.models import Format
from ratings.models import ReplayJob, Season
from tests.security.world import World, build_world, lore_deck_text
from tournaments import services
from tournaments.models import Event, Registration

A, OP, P, OD, D, S = (
    "anonymous",
    "another_player",
    "the_player",
    "another_director",
    "the_director",
    "staff",
)
ACTORS = (A, OP, P, OD, D, S)
LOGGED_IN = frozenset({OP, P, OD, D, S})
DIRECTORS = frozenset({D, S})
# The seated player only: directors and staff enter results through "set" instead.
AT_THE_TABLE = frozenset({P})
DECK_MARKER = "Mouth of Sauron"  # a card of the sample list, unlikely anywhere else

Request = tuple[str, str, dict[str, Any] | None]  # method, url, body


# --------------------------------------------------------------------------- set-ups


def _draft(w: World) -> None:
    w.extra["draft"] = services.create_event(w.director, name="Draft Cup", game="lore")


def _drop_player(w: World) -> None:
    services.drop(w.director, w.registration)


def _close_round(w: World) -> None:
    for table in w.round.tables.filter(is_bye=False):
        seats = list(table.seats.order_by("position"))
        services.director_set_result(
            w.director, table, {seats[0].registration_id: 20, seats[1].registration_id: 5}
        )


def _opponent_reports(w: World) -> None:
    services.report_result(
        w.opponent,
        w.table,
        {w.registration.pk: 20, w.opponent_registration.pk: 5},
    )


def _player_in_open_event(w: World) -> None:
    w.extra["open_reg"] = services.register_self(w.player, w.open_event)


def _player_deck(w: World) -> None:
    from decks import services as decks

    _player_in_open_event(w)
    decks.submit_decklist(w.player, w.open_event, lore_deck_text())


# --------------------------------------------------------------------------- requests


def _e(w: World) -> str:
    return f"/api/v1/events/{w.event.slug}/"


def _reg(w: World) -> str:
    return f"{_e(w)}registrations/{w.registration.pk}/"


def _tab(w: World) -> str:
    return f"{_e(w)}tables/{w.table.pk}/"


def _m(w: World, action: str, slug: str | None = None) -> str:
    return f"/events/{slug or w.event.slug}/manage/{action}/"


def _t(w: World, action: str) -> str:
    return f"/events/{w.event.slug}/tables/{w.table.pk}/{action}/"


def _result_api(w: World) -> dict[str, Any]:
    return {
        "seats": [
            {"registration": w.registration.pk, "mps": 20},
            {"registration": w.opponent_registration.pk, "mps": 5},
        ]
    }


def _result_form(w: World) -> dict[str, Any]:
    return {f"mps_{w.registration.pk}": "20", f"mps_{w.opponent_registration.pk}": "5"}


EVENT_FORM = {
    "name": "Page Cup",
    "game": "lore",
    "round_minutes": "60",
    "break_minutes": "15",
    "half_cap": "exact",
    "elimination_winner": "6",
    "elimination_loser": "0",
    "lotr_tcg_win_points": "1",
}


def _league_staff(w: World) -> None:
    """The site staff member is the league's staff; the event's director is not."""
    from ratings.models import LeagueStaff

    day = (w.event.starts_at or w.event.created_at).date()
    season = Season.objects.create(
        name="Perm League", slug="perm-league", game=w.event.game,
        starts_on=day - dt.timedelta(days=30), ends_on=day + dt.timedelta(days=30),
    )  # fmt: skip
    LeagueStaff.objects.create(user=w.staff, season=season)


def _approved(w: World) -> None:
    from ratings.services import approval

    _league_staff(w)
    approval.approve(w.staff, w.event.slug)


LEAGUE_STAFF = frozenset({S})  # not the director of the event, not a player


@dataclass(frozen=True)
class Op:
    name: str
    allowed: frozenset[str]
    api: Callable[[World], Request] | None = None
    page: Callable[[World], Request] | None = None
    setup: Callable[[World], None] | None = None
    read: bool = False  # allowed = the unpublished deck list is in the answer


OPS = [
    Op(
        "create event",
        LOGGED_IN,  # anyone with an account may run an event: he becomes its director
        api=lambda w: ("post", "/api/v1/events/", {"name": "Api Cup", "game": "lore"}),
        page=lambda w: ("post", "/events/new/", EVENT_FORM),
    ),
    Op(
        "update event",
        DIRECTORS,
        api=lambda w: ("patch", _e(w), {"location": "Bree"}),
        page=lambda w: (
            "post",
            f"/events/{w.event.slug}/edit/",
            # The form posts every field: an unchanged sanctioned flag stays ticked.
            {
                **EVENT_FORM,
                "name": "Renamed",
                "planned_rounds": "3",
                **({"sanctioned": "on"} if w.event.sanctioned else {}),
            },
        ),
    ),
    Op(
        "open registration",
        DIRECTORS,
        api=lambda w: ("post", f"/api/v1/events/{w.extra['draft'].slug}/open/", None),
        page=lambda w: ("post", _m(w, "open", w.extra["draft"].slug), {}),
        setup=_draft,
    ),
    Op(
        "register",
        LOGGED_IN,  # each registers himself
        api=lambda w: ("post", f"/api/v1/events/{w.open_event.slug}/register/", None),
        page=lambda w: ("post", f"/events/{w.open_event.slug}/register/", {}),
    ),
    Op(
        "walk-in",
        DIRECTORS,
        api=lambda w: ("post", f"{_e(w)}walkins/", {"display_name": "Tom Bombadil"}),
        page=lambda w: ("post", _m(w, "walkin"), {"display_name": "Tom Bombadil"}),
    ),
    Op(
        "check-in",
        DIRECTORS | {P},
        api=lambda w: ("post", f"{_reg(w)}check-in/", {"checked_in": True}),
        page=lambda w: ("post", _m(w, "check-in"), {"registration": w.registration.pk}),
    ),
    Op(
        "drop",
        DIRECTORS | {P},
        api=lambda w: ("post", f"{_reg(w)}drop/", {"note": "tired"}),
        page=lambda w: ("post", _m(w, "drop"), {"registration": w.registration.pk}),
    ),
    Op(
        "drop (own page)",
        frozenset({P, OP}),  # the page drops the user's own registration: each his own
        page=lambda w: ("post", f"/events/{w.event.slug}/me/drop/", {}),
    ),
    Op(
        "re-add",
        DIRECTORS,
        api=lambda w: ("post", f"{_reg(w)}readd/", None),
        page=lambda w: ("post", _m(w, "readd"), {"registration": w.registration.pk}),
        setup=_drop_player,
    ),
    Op(
        "pair next round",
        DIRECTORS,
        api=lambda w: ("post", f"{_e(w)}rounds/pair/", {"seed": 3}),
        page=lambda w: ("post", _m(w, "pair"), {}),
        setup=_close_round,
    ),
    Op(
        "re-pair",
        DIRECTORS,
        api=lambda w: ("post", f"{_e(w)}rounds/1/repair/", {"seed": 5}),
        page=lambda w: ("post", _m(w, "repair"), {}),
    ),
    Op(
        "report result",
        AT_THE_TABLE,
        api=lambda w: ("post", f"{_tab(w)}report/", _result_api(w)),
        page=lambda w: ("post", _t(w, "report"), _result_form(w)),
    ),
    Op(
        "confirm result",
        AT_THE_TABLE | DIRECTORS,  # the director may confirm a reported result too
        api=lambda w: ("post", f"{_tab(w)}confirm/", {}),
        page=lambda w: ("post", _t(w, "confirm"), {}),
        setup=_opponent_reports,
    ),
    Op(
        "dispute result",
        AT_THE_TABLE,
        api=lambda w: ("post", f"{_tab(w)}dispute/", {"note": "wrong"}),
        page=lambda w: ("post", _t(w, "dispute"), {"note": "wrong"}),
        setup=_opponent_reports,
    ),
    Op(
        "director sets result",
        DIRECTORS,
        api=lambda w: ("post", f"{_tab(w)}set/", _result_api(w)),
        page=lambda w: ("post", _t(w, "set"), _result_form(w)),
    ),
    Op(
        "void result",
        DIRECTORS,
        api=lambda w: ("post", f"{_tab(w)}void/", {"note": "wrong table"}),
        page=lambda w: ("post", _t(w, "void"), {"note": "wrong table"}),
        setup=_opponent_reports,
    ),
    Op(
        "penalty",
        DIRECTORS,
        api=lambda w: (
            "post",
            f"{_e(w)}penalties/",
            {"registration": w.registration.pk, "offense": "slow_play", "kind": "warning"},
        ),
        page=lambda w: (
            "post",
            _m(w, "penalty"),
            {"registration": w.registration.pk, "offense": "slow_play", "kind": "warning"},
        ),
    ),
    Op(
        "finish event",
        DIRECTORS,
        api=lambda w: ("post", f"{_e(w)}finish/", {"early": True}),
        page=lambda w: ("post", _m(w, "finish"), {"early": "1"}),
        setup=_close_round,
    ),
    Op(
        "cancel event",
        DIRECTORS,
        api=lambda w: ("post", f"{_e(w)}cancel/", {"confirm": True}),
        page=lambda w: ("post", _m(w, "cancel"), {"confirm": "1"}),
    ),
    Op(
        "export event with penalties",
        DIRECTORS,  # results are public; the penalty notes only the director's (and staff)
        api=lambda w: ("get", f"{_e(w)}export/", None),
        read=True,
    ),
    Op(
        "submit deck list",
        frozenset({P}),  # one's own list, as a registered player
        api=lambda w: (
            "post",
            f"/api/v1/decks/events/{w.open_event.slug}/decklists/mine/",
            {"text": lore_deck_text()},
        ),
        page=lambda w: (
            "post",
            f"/decks/events/{w.open_event.slug}/submit/",
            {"text": lore_deck_text()},
        ),
        setup=_player_in_open_event,
    ),
    Op(
        "publish deck lists",
        DIRECTORS,
        api=lambda w: (
            "post",
            # Lists are published once they lock at round 1: the running event.
            f"/api/v1/decks/events/{w.event.slug}/decklists/publish/",
            {"published": True},
        ),
        page=lambda w: ("post", f"/decks/events/{w.event.slug}/", {"publish": "1"}),
    ),
    Op(
        "view unpublished deck lists (all)",
        DIRECTORS,
        api=lambda w: ("get", f"/api/v1/decks/events/{w.open_event.slug}/decklists/", None),
        page=lambda w: ("get", f"/decks/events/{w.open_event.slug}/", None),
        setup=_player_deck,
        read=True,
    ),
    Op(
        "view unpublished deck lists (public page)",
        DIRECTORS,
        page=lambda w: ("get", f"/decks/events/{w.open_event.slug}/published/", None),
        setup=_player_deck,
        read=True,
    ),
    Op(
        "view own unpublished deck list",
        frozenset({P}),
        api=lambda w: ("get", f"/api/v1/decks/events/{w.open_event.slug}/decklists/mine/", None),
        page=lambda w: ("get", f"/decks/events/{w.open_event.slug}/submit/", None),
        setup=_player_deck,
        read=True,
    ),
    Op(
        "custom format",
        frozenset({OD, D, S}),  # organizers of any event, and staff
        page=lambda w: (
            "post",
            "/decks/formats/new/",
            {"base": "metw:coe", "name": "Council Variant"},  # the base rules unchanged
        ),
    ),
    Op(
        "create season",
        frozenset({S}),  # a league spans many directors' events: staff only
        api=lambda w: (
            "post",
            "/api/v1/ratings/seasons/",
            {"name": "Spring", "game": "lore", "starts_on": "2026-03-01", "ends_on": "2026-05-31"},
        ),
    ),
    Op(
        "replay ratings",
        DIRECTORS,  # staff, or a director of a sanctioned event of that game
        api=lambda w: ("post", "/api/v1/ratings/replay/", {"game": "lore"}),
        page=lambda w: ("post", "/leagues/replay/", {"game": "lore"}),
    ),
    Op(
        "approve a rated event",
        LEAGUE_STAFF,
        api=lambda w: ("post", f"/api/v1/ratings/approvals/{w.event.slug}/", None),
        page=lambda w: ("post", f"/leagues/approvals/{w.event.slug}/approve/", None),
        setup=_league_staff,
    ),
    Op(
        "withdraw a league's approval",
        LEAGUE_STAFF,
        api=lambda w: ("delete", f"/api/v1/ratings/approvals/{w.event.slug}/", None),
        page=lambda w: ("post", f"/leagues/approvals/{w.event.slug}/withdraw/", None),
        setup=_approved,
    ),
]


def _fingerprint() -> tuple[int, ...]:
    return (
        AuditEntry.objects.count(),
        ReplayJob.objects.count(),
        Season.objects.count(),
        Format.objects.count(),
        Event.objects.count(),
        Registration.objects.filter(checked_in=True).count(),
    )


def _send(client: Client, request: Request, api: bool) -> Any:
    method, url, body = request
    if method == "get":
        return client.get(url)
    if api:
        return getattr(client, method)(url, body or {}, content_type="application/json")
    return client.post(url, body or {})


def _attempt(w: World, op: Op, actor: str, api: bool) -> tuple[bool, str]:
    """(allowed?, what happened) for one cell, rolled back afterwards."""
    user = w.users()[actor]
    sid = transaction.savepoint()
    try:
        client = Client()
        if user is not None:
            client.force_login(user)
        before = _fingerprint()
        request = (op.api if api else op.page)(w)  # type: ignore[misc]
        response = _send(client, request, api)
        assert response.status_code < 500, (op.name, actor, response.status_code)
        text = response.content.decode(errors="replace")
        if op.read:
            # The deck list (or the export's penalty-bearing document) is what must not leak.
            marker = DECK_MARKER if "deck" in op.name else '"penalties"'
            allowed = response.status_code == 200 and marker in text
        else:
            allowed = _fingerprint() != before
            if api:
                ok = 200 <= response.status_code < 300
                refused = response.status_code in (401, 403, 404)
                assert ok == allowed and (ok or refused), (
                    op.name,
                    actor,
                    response.status_code,
                    text[:300],
                )
        return allowed, f"{response.status_code} {text[:160]!r}"
    finally:
        transaction.savepoint_rollback(sid)


def _check(op: Op, api: bool) -> None:
    w = build_world(players=4)
    if op.setup:
        op.setup(w)
    wrong = []
    for actor in ACTORS:
        allowed, seen = _attempt(w, op, actor, api)
        if allowed != (actor in op.allowed):
            expected = "allow" if actor in op.allowed else "deny"
            wrong.append(f"{op.name} / {actor}: expected {expected}, got {seen}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.django_db
@pytest.mark.parametrize("op", [o for o in OPS if o.api], ids=lambda o: o.name)
def test_api_permissions(op: Op) -> None:
    _check(op, api=True)


@pytest.mark.django_db
@pytest.mark.parametrize("op", [o for o in OPS if o.page], ids=lambda o: o.name)
def test_page_permissions(op: Op) -> None:
    _check(op, api=False)


def test_the_matrix_covers_every_write_operation_of_the_api() -> None:
    """A new POST/PATCH route without a row here fails this test."""
    from tests.security.test_api_fuzz import LABELS

    covered = {
        "POST /api/v1/events", "PATCH /api/v1/events/{slug}", "POST /api/v1/events/{slug}/open",
        "POST /api/v1/events/{slug}/register", "POST /api/v1/events/{slug}/walkins",
        "POST /api/v1/events/{slug}/registrations/{registration_id}/check-in",
        "POST /api/v1/events/{slug}/registrations/{registration_id}/drop",
        "POST /api/v1/events/{slug}/registrations/{registration_id}/readd",
        "POST /api/v1/events/{slug}/rounds/pair", "POST /api/v1/events/{slug}/rounds/{number}/repair",
        "POST /api/v1/events/{slug}/tables/{table_id}/report",
        "POST /api/v1/events/{slug}/tables/{table_id}/confirm",
        "POST /api/v1/events/{slug}/tables/{table_id}/dispute",
        "POST /api/v1/events/{slug}/tables/{table_id}/set", "POST /api/v1/events/{slug}/penalties",
        "POST /api/v1/events/{slug}/tables/{table_id}/void", "POST /api/v1/events/{slug}/cancel",
        "POST /api/v1/events/{slug}/finish", "POST /api/v1/decks/events/{slug}/decklists/mine",
        "POST /api/v1/decks/events/{slug}/decklists/publish", "POST /api/v1/ratings/replay",
        "POST /api/v1/ratings/seasons",
        "POST /api/v1/ratings/approvals/{slug}", "DELETE /api/v1/ratings/approvals/{slug}",
        # Not changes of a result, registration, penalty or deck list:
        "POST /api/v1/events/{slug}/rounds/{number}/start-clock",  # tested below
        "POST /api/v1/decks/validate", "POST /api/v1/rules/score", "POST /api/v1/rules/free-council",
        "POST /api/v1/token",  # logging in (throttled: test_web_security)
        "POST /api/v1/token/revoke", "POST /api/v1/accounts",  # tests/api/test_accounts.py
        # Director only: tests/api/test_webhooks.py
        "POST /api/v1/events/{slug}/webhooks",
        "DELETE /api/v1/events/{slug}/webhooks/{endpoint_id}",
        "POST /api/v1/decks/validate/file",  # checking a list changes nothing
        # Event day, staff only: tests/tournaments/test_api_staff_actions.py
        # test_event_day_changes_belong_to_the_events_staff (anonymous, player, other director)
        "POST /api/v1/events/{slug}/staff", "POST /api/v1/events/{slug}/staff/remove",
        "POST /api/v1/events/{slug}/players/preview", "POST /api/v1/events/{slug}/players/bulk",
        "POST /api/v1/events/{slug}/check-in-all", "POST /api/v1/events/{slug}/no-shows",
        "POST /api/v1/events/{slug}/registrations/{registration_id}/remove",
        "POST /api/v1/events/{slug}/undo", "POST /api/v1/events/{slug}/penalties/rescind",
        "POST /api/v1/events/{slug}/rounds/{number}/swap",
        "POST /api/v1/events/{slug}/rounds/{number}/table",  # tests/tournaments/test_table_set_faces
        "POST /api/v1/events/{slug}/playoff/cancel",  # tests/tournaments/test_playoff_finish.py
        "POST /api/v1/events/{slug}/rounds/{number}/results/repair",
        "POST /api/v1/events/{slug}/rounds/{number}/results/delete",
        "POST /api/v1/events/{slug}/playoff/settings", "POST /api/v1/events/{slug}/playoff/start",
        "POST /api/v1/events/{slug}/playoff/result", "POST /api/v1/events/{slug}/playoff/decide",
        "POST /api/v1/events/{slug}/me/undo-drop",  # the player's own: tests/tournaments/test_undo.py
        # By role (director, co-director, judges, player, visitor):
        "PUT /api/v1/events/{slug}/pairing-constraints",  # test_api_audit_constraints.py
        "POST /api/v1/events/{slug}/rounds/{number}/unlock",  # test_guard_rails.py
        "POST /api/v1/events/{slug}/delete",  # test_api_staff_roles.py
        "POST /api/v1/events/{slug}/registrations/{registration_id}/claim",  # test_entry_claims
        "POST /api/v1/events/{slug}/claims/{claim_id}/decide",  # test_entry_claims.py
        "POST /api/v1/decks/events/{slug}/decklists/{registration}",  # test_staff_lists_api
        # Stages and league series (director; a player's own league game): test_stages_api.py,
        # test_league_series.py
        "PUT /api/v1/events/{slug}/stages", "POST /api/v1/events/{slug}/stages/preset",
        "POST /api/v1/events/{slug}/stages/start", "POST /api/v1/events/{slug}/stages/pair",
        "POST /api/v1/events/{slug}/stages/{position}/skip",
        "POST /api/v1/events/{slug}/league/games",
        # Online events: tests/tournaments/records/ and tests/tournaments/windows/
        "POST /api/v1/events/{slug}/tables/{table_id}/record",  # test_record_api.py
        "PUT /api/v1/players/{player_id}/server-names",  # test_record_page.py (his own only)
        "PUT /api/v1/events/{slug}/rounds/{number}/window",  # test_window_service.py
        "PUT /api/v1/events/{slug}/game-rooms",  # test_game_rooms.py
        # A player's own calendar link (signed in; his own only): test_calendar_link.py
        "POST /api/v1/me/calendar/renew", "DELETE /api/v1/me/calendar",
        # The results grid (staff), a table's extra time and the round clock (directors), a
        # penalty's preview (staff): tests/tournaments/test_api_event_day.py
        "POST /api/v1/events/{slug}/rounds/{number}/results",
        "POST /api/v1/events/{slug}/rounds/{number}/results/check",
        "POST /api/v1/events/{slug}/tables/{table_id}/time",
        "POST /api/v1/events/{slug}/rounds/{number}/clock",
        "POST /api/v1/events/{slug}/penalties/preview",
        # Heats (directors, before round 1): tests/tournaments/test_heats_service.py
        "POST /api/v1/events/{slug}/heats/draw", "POST /api/v1/events/{slug}/heats/move",
        # A new event, or the same event updated by its directors only:
        # tests/reliability/test_venue_league_sync.py
        "POST /api/v1/imports",
        # The decks played at a table (its players and the staff; no one else):
        # tests/decks/test_decks_per_player.py
        "POST /api/v1/events/{slug}/tables/{table_id}/decks",
    }  # fmt: skip
    writes = {label for label in LABELS if not label.startswith("GET ")}
    assert writes <= covered, sorted(writes - covered)


@pytest.mark.django_db
def test_round_clock_is_the_directors() -> None:
    w = build_world(players=4)
    url = f"/api/v1/events/{w.event.slug}/rounds/1/start-clock/"
    for actor in ACTORS:
        sid = transaction.savepoint()
        client = Client()
        if w.users()[actor]:
            client.force_login(w.users()[actor])
        status = client.post(url).status_code
        transaction.savepoint_rollback(sid)
        assert (status == 200) == (actor in DIRECTORS), (actor, status)
