"""E-mail notifications: each kind sent after the change commits, to whoever chose it."""

from __future__ import annotations

import pytest
from django.core import mail

from notifications import services as notify
from notifications.email_settings import CONSOLE, SMTP, email_settings
from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services

pytestmark = pytest.mark.django_db


def _with_email(user):
    user.email = f"{user.username}@example.org"
    user.save()
    return user


def test_registration_confirmed_and_opt_out(django_capture_on_commit_callbacks):
    director = make_user("td")
    event = make_event(director)
    keen, quiet = _with_email(make_user("keen")), _with_email(make_user("quiet"))
    notify.update_preferences(quiet, {"round_paired": True})
    with django_capture_on_commit_callbacks(execute=True):
        services.register_self(keen, event)
        services.register_self(quiet, event)
    assert [m.to for m in mail.outbox] == [["keen@example.org"]]
    assert event.name in mail.outbox[0].subject


def test_round_paired_names_table_and_opponent(django_capture_on_commit_callbacks):
    director = make_user("td")
    event = make_event(director)
    pairs = register_users(event, 2)
    for user, _ in pairs:
        _with_email(user)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.pair_next_round(director, event, seed=1)
    bodies = {m.to[0]: m.body for m in mail.outbox}
    (u1, r1), (u2, r2) = pairs
    assert f"table 1 against {r2.player.display_name}" in bodies[u1.email]
    assert f"table 1 against {r1.player.display_name}" in bodies[u2.email]


def test_walkin_with_an_address_from_bulk_entry_is_told(django_capture_on_commit_callbacks):
    director = make_user("td")
    event = make_event(director)
    with django_capture_on_commit_callbacks(execute=True):
        services.register_player_list(director, event, "Ida Moss,,ida@example.org\n")
    assert [m.to for m in mail.outbox] == [["ida@example.org"]]


def test_disputed_result_goes_to_the_staff(django_capture_on_commit_callbacks):
    director = _with_email(make_user("td"))
    event = make_event(director)
    judge = _with_email(make_user("judge"))
    services.invite_staff(director, event, "judge", "judge")
    pairs = register_users(event, 2)
    rnd = services.pair_next_round(director, event, seed=1)
    table = rnd.tables.get(number=1)
    (u1, r1), (u2, r2) = pairs
    services.report_result(u1, table, {r1.pk: 20, r2.pk: 5})
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.dispute_result(u2, table, note="wrong score")
    assert sorted(m.to[0] for m in mail.outbox) == [judge.email, director.email]
    assert "wrong score" in mail.outbox[0].body


def test_nothing_is_sent_when_the_action_rolls_back(django_capture_on_commit_callbacks):
    director = make_user("td")
    event = make_event(director)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.register_self(_with_email(make_user("x")), event)
    # The mail waits for the commit (the stored standings wait too): none went out yet.
    assert callbacks and mail.outbox == []


def test_email_settings_from_the_environment():
    assert email_settings({})["EMAIL_BACKEND"] == CONSOLE
    url = email_settings({"EMAIL_URL": "smtps://bob:" + "p%40ss" + "@mail.example.org"})
    assert (url["EMAIL_BACKEND"], url["EMAIL_HOST"], url["EMAIL_PORT"]) == (
        SMTP,
        "mail.example.org",
        465,
    )
    assert url["EMAIL_HOST_PASSWORD"] == "p@ss" and url["EMAIL_USE_SSL"]
    host = email_settings(
        {"EMAIL_HOST": "smtp.example.org", "EMAIL_PORT": "25", "EMAIL_USE_TLS": "0"}
    )
    assert (host["EMAIL_PORT"], host["EMAIL_USE_TLS"]) == (25, False)
    with pytest.raises(ValueError):
        email_settings({"EMAIL_URL": "http://x"})


def test_round_paired_reads_the_round_in_a_few_queries(django_capture_on_commit_callbacks):
    """A query per seat took minutes after a 100,000-player round: the count must not
    grow with the seats, and opt-outs, walk-in addresses and the bye still hold."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    director = make_user("td")
    event = make_event(director)
    pairs = register_users(event, 10)
    for user, _ in pairs:
        _with_email(user)
    quiet = pairs[0][0]
    notify.update_preferences(quiet, {"registration_confirmed": True})
    services.register_player_list(director, event, "Ida Moss,,ida@example.org\nNo Mail,,\n")
    rnd = services.pair_next_round(director, event, seed=1)
    mail.outbox.clear()
    with CaptureQueriesContext(connection) as queries:
        sent = notify.round_paired(rnd.pk)
    assert len(queries) <= 6
    to = sorted(m.to[0] for m in mail.outbox)
    assert sent == len(to) == 10  # 12 seated: the opted-out user and the walk-in without one
    assert quiet.email not in to and "ida@example.org" in to
    assert all("table" in m.body or "the bye" in m.body for m in mail.outbox)
