"""The event-day pages: each asks first and names who is affected; refusals are messages
or 4xx, never a 500; only the event's staff reach the director's pages."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from audit.models import AuditEntry
from tests.tournaments.helpers import make_event, make_user, play_round, register_users
from tournaments import services
from tournaments.models import PlayoffMatch, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    user = make_user("td")
    client.force_login(user)
    return user


def url(name, event, *args):
    return reverse(name, args=[event.slug, *args])


def test_outsiders_are_refused(client):
    event = make_event(make_user("td"))
    client.force_login(make_user("nobody"))
    for name in ("event-hub", "event-staff", "event-bulk-entry", "event-no-shows"):
        assert client.get(url(name, event)).status_code == 403
    assert client.post(url("event-check-in-all", event)).status_code == 403


def test_bulk_entry_preview_then_confirm(client, director):
    event = make_event(director)
    text = "Ana Ruiz,M-1,ana@example.org\nAna Ruiz,M-1\nBo Lind\n"
    page = client.post(url("event-bulk-entry", event), {"text": text, "preview": "1"})
    body = page.content.decode()
    assert page.status_code == 200 and "appears twice in the list" in body
    assert "Add and check in 2 players" in body
    assert not event.registrations.exists()
    client.post(url("event-bulk-entry", event), {"text": text, "confirm": "1"})
    assert event.registrations.filter(checked_in=True).count() == 2


def test_bulk_entry_bad_upload_is_a_message(client, director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    event = make_event(director)
    bad = SimpleUploadedFile("players.csv", b"\xff\xfe\x00bad", content_type="text/csv")
    page = client.post(url("event-bulk-entry", event), {"file": bad, "preview": "1"}, follow=True)
    assert page.status_code == 200 and "UTF-8" in page.content.decode()


def test_no_show_drop_names_everyone_and_undo_is_one_click(client, director):
    event = make_event(director)
    regs = [r for _, r in register_users(event, 5)]
    services.check_in(director, regs[0])
    page = client.get(url("event-no-shows", event)).content.decode()
    for reg in regs[1:]:
        assert reg.player.display_name in page
    assert regs[0].player.display_name not in page
    ids = [str(r.pk) for r in regs[1:]]
    client.post(url("event-no-shows", event), {"registration": ids})
    assert event.registrations.filter(dropped=True).count() == 4
    action = event.bulk_actions.get()
    client.post(url("event-undo", event), {"action": action.pk})
    assert not event.registrations.filter(dropped=True).exists()
    assert AuditEntry.objects.filter(event=event, action="drop").count() == 4


def test_staff_page_invites_a_judge(client, director):
    event = make_event(director)
    make_user("judy")
    client.post(url("event-staff", event), {"username": "judy", "role": "judge"})
    assert event.staff.get().user.username == "judy"
    page = client.post(
        url("event-staff", event), {"username": "ghost", "role": "judge"}, follow=True
    )
    assert page.status_code == 200 and "No account has the user name" in page.content.decode()


def test_swap_shows_cost_then_commits(client, director):
    event = make_event(director)
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=1)
    t1, t2 = (
        list(rnd.tables.get(number=n).seats.values_list("registration_id", flat=True))
        for n in (1, 2)
    )
    page = client.post(url("round-swap", event, 1), {"a": t1[0], "b": t2[0]}).content.decode()
    assert "What this swap costs" in page and "score difference" in page
    client.post(url("round-swap", event, 1), {"a": t1[0], "b": t2[0], "confirm": "1"})
    assert t2[0] in rnd.tables.get(number=1).seats.values_list("registration_id", flat=True)


def test_delete_round_confirmation_names_the_lost_results(client, director):
    event = make_event(director)
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=1)
    play_round(director, rnd)
    page = client.get(url("round-redo", event, 1, "delete")).content.decode()
    names = [
        s.registration.player.display_name for s in rnd.seats.select_related("registration__player")
    ]
    assert all(n in page for n in names)
    client.post(url("round-redo", event, 1, "delete"), {"table": ["1", "2"]})
    assert not Round.objects.filter(event=event).exists()


def test_rescind_page_names_the_player(client, director):
    event = make_event(director)
    (_, reg), *_ = register_users(event, 2)
    penalty = services.issue_penalty(director, reg, "slow_play")
    assert (
        reg.player.display_name
        in client.get(url("penalty-rescind", event, penalty.pk)).content.decode()
    )
    client.post(url("penalty-rescind", event, penalty.pk), {"note": "wrong call"})
    assert penalty.__class__.objects.get(pk=penalty.pk).rescission.note == "wrong call"


def test_public_bracket_and_final_standings(client, director):
    event = make_event(director, planned_rounds=2)
    register_users(event, 4)
    client.post(url("playoff-action", event, "settings"), {"top_cut": "2", "tie": "replay"})
    for seed in (1, 2):
        play_round(director, services.pair_next_round(director, event, seed=seed))
    client.post(url("playoff-action", event, "start"))
    final = PlayoffMatch.objects.get(event=event)
    client.post(url("playoff-action", event, "result"), {"match": final.pk, "high_mps": "x"})
    client.post(
        url("playoff-action", event, "result"),
        {"match": final.pk, "high_mps": "3", "low_mps": "9"},
    )
    client.logout()
    page = client.get(url("event-bracket", event)).content.decode()
    assert "Final standings" in page
    assert f"{final.low.player.display_name} wins the playoff" in page


def test_player_takes_back_his_drop(client):
    director = make_user("td")
    event = make_event(director)
    (user, reg), *_ = register_users(event, 2)
    services.drop(user, reg)
    client.force_login(user)
    client.post(url("my-event-undo-drop", event))
    reg.refresh_from_db()
    assert not reg.dropped


def test_drop_and_eject_pages_name_the_player_first(client, director):
    event = make_event(director)
    (_, a), (_, b) = register_users(event, 2)
    page = client.get(url("registration-drop", event, a.pk)).content.decode()
    assert a.player.display_name in page and not a.__class__.objects.get(pk=a.pk).dropped
    client.post(url("registration-drop", event, a.pk))
    assert a.__class__.objects.get(pk=a.pk).dropped
    page = client.get(url("registration-eject", event, b.pk)).content.decode()
    assert b.player.display_name in page and "Offense" in page
    client.post(url("registration-eject", event, b.pk), {"offense": "conduct", "note": "threats"})
    assert b.__class__.objects.get(pk=b.pk).ejected
    bad = client.post(url("registration-eject", event, a.pk), {"offense": "nonsense"})
    assert bad.status_code == 200 and "Unknown offense" in bad.content.decode()
    # The offenses offered by name, never their stored keys (slow_play, deck_error …).
    refusal = re.search(r"Unknown offense[^<]*", bad.content.decode()).group(0)
    assert "choose one of slow play, procedural error, deck or deck-list error" in refusal
    assert not re.search(r"\b[a-z]+_[a-z]+\b", refusal), refusal


@pytest.mark.parametrize(
    ("name", "body"),
    [("event-undo", {}), ("event-undo", {"action": "x"}), ("event-staff", {"remove": "x"})],
)
def test_a_missing_or_garbled_id_is_a_message_not_a_500(client, director, name, body):
    """The undo and staff pages read their hidden field with int(): a garbled or missing
    one was a server error; it is now the service's refusal, said as a message."""
    event = make_event(director)
    response = client.post(url(name, event), body, follow=True)
    assert response.status_code == 200
    assert [str(m) for m in response.context["messages"]]
