"""The e-mail choices page and the password reset through Django's own views."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from notifications.models import NotificationPreference
from tests.tournaments.helpers import make_user

pytestmark = pytest.mark.django_db


def test_choices_are_saved(client):
    user = make_user("kim")
    client.force_login(user)
    page = client.get(reverse("notification-preferences")).content.decode()
    assert "a round is paired" in page.lower()
    client.post(reverse("notification-preferences"), {"round_paired": "on"})
    pref = NotificationPreference.objects.get(user=user)
    assert pref.round_paired and not pref.registration_confirmed and not pref.disputed_result


def test_password_reset_by_email(client):
    user = make_user("lee")
    user.email = "lee@example.org"
    user.set_password("old-Pass-123-xyz")
    user.save()
    client.post(reverse("password_reset"), {"email": "lee@example.org"})
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["lee@example.org"]
    link = re.search(r"https?://[^/\s]+(/\S+)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a-Long-new-pass-77", "new_password2": "a-Long-new-pass-77"},
        follow=True,
    )
    assert done.status_code == 200
    user.refresh_from_db()
    assert user.check_password("a-Long-new-pass-77")
