"""Players moved by a hand change of the pairings are told their new table: the mail
"table 8 against X" they got when the round was paired no longer holds."""

from __future__ import annotations

import pytest
from django.core import mail
from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services

pytestmark = pytest.mark.django_db


def _seated(event, n):
    pairs = register_users(event, n)
    for user, _reg in pairs:
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
    return pairs


def test_a_swap_mails_everyone_at_both_tables_their_new_opponent(
    django_capture_on_commit_callbacks,
):
    director = make_user("td")
    event = make_event(director)
    pairs = _seated(event, 6)
    rnd = services.pair_next_round(director, event, seed=1)
    t1, t2, t3 = (list(rnd.tables.get(number=n).seats.order_by("position")) for n in (1, 2, 3))
    a, b = t1[0].registration, t2[0].registration
    client = APIClient()
    client.force_authenticate(director)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/api/v1/events/{event.slug}/rounds/1/swap/", {"a": a.pk, "b": b.pk}, format="json"
        )
    assert answer.status_code == 200
    bodies = {m.to[0]: m.body for m in mail.outbox}
    email = {reg.pk: user.email for user, reg in pairs}
    # a now sits at table 2 facing b's old opponent, and the reverse; table 3 is not told.
    assert f"table 2 against {t2[1].registration.player.display_name}" in bodies[email[a.pk]]
    assert f"table 1 against {t1[1].registration.player.display_name}" in bodies[email[b.pk]]
    assert f"table 1 against {b.player.display_name}" in bodies[email[t1[1].registration_id]]
    assert "replaces the earlier mail" in bodies[email[a.pk]]
    assert set(bodies) == {email[s.registration_id] for s in t1 + t2}
    assert not {email[s.registration_id] for s in t3} & set(bodies)
