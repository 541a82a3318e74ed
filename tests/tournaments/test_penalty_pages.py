"""A warning that ejects is not issued before a page says so; a refused penalty form
keeps the chosen player (RULES.md §3 warnings: two for one offense, three in all)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.models import Penalty
from tournaments.services.penalties import ejection_preview

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(client):
    director = make_user("td")
    client.force_login(director)
    event = make_event(director)
    regs = [r for _u, r in register_users(event, 30)]
    return director, event, regs


def issue_url(event):
    return reverse("penalty-issue", args=[event.slug])


def test_a_second_warning_for_the_same_offense_asks_first(client, setup):
    """RULES.md §3: two warnings for the same offense eject."""
    director, event, regs = setup
    reg = regs[0]
    services.issue_penalty(director, reg, "slow_play")
    data = {"registration": reg.pk, "offense": "slow_play", "kind": "warning", "note": "again"}
    page = client.post(issue_url(event), data)
    assert page.status_code == 200
    text = page.content.decode()
    assert "second standing warning" in text and reg.player.display_name in text
    assert 'name="confirm" value="1"' in text
    reg.refresh_from_db()
    assert not reg.ejected and reg.penalties.count() == 1
    client.post(issue_url(event), data | {"confirm": "1"})
    reg.refresh_from_db()
    assert reg.ejected


def test_a_first_warning_is_issued_at_once(client, setup):
    _director, event, regs = setup
    client.post(issue_url(event), {"registration": regs[1].pk, "offense": "slow_play",
                                   "kind": "warning"})  # fmt: skip
    assert regs[1].penalties.filter(kind=Penalty.Kind.WARNING).count() == 1


def test_preview_counts_like_issuing():
    """RULES.md §3: three warnings in all eject; a rescinded one does not count."""
    director = make_user("td")
    event = make_event(director)
    ((_u, reg),) = register_users(event, 1)
    assert ejection_preview(reg, "slow_play") is None
    services.issue_penalty(director, reg, "slow_play")
    assert ejection_preview(reg, "slow_play").code == "same_offense"
    assert ejection_preview(reg, "procedure") is None
    services.issue_penalty(director, reg, "procedure")
    assert ejection_preview(reg, "other").code == "total_warnings"
    assert ejection_preview(reg, "cheating").code == "cheating"


def test_an_offense_that_ejects_at_once_asks_to_eject(client, setup):
    """RULES.md §3: obvious cheating ejects at once."""
    _director, event, regs = setup
    data = {"registration": regs[2].pk, "offense": "cheating", "kind": "warning"}
    page = client.post(issue_url(event), data).content.decode()
    assert "at once" in page and ">Eject</button>" in page
    regs[2].refresh_from_db()
    assert not regs[2].ejected
    client.post(issue_url(event), data | {"confirm": "1"})
    regs[2].refresh_from_db()
    assert regs[2].ejected


def test_a_refused_form_keeps_the_chosen_player(client, setup):
    _director, event, regs = setup
    chosen = regs[-1]
    client.post(issue_url(event), {"registration": chosen.pk, "offense": "bad",
                                   "kind": "warning"})  # fmt: skip
    page = client.get(reverse("event-dashboard", args=[event.slug])).content.decode()
    form = page.split('id="pen-h"')[1].split("</form>")[0]
    assert f'<option value="{chosen.pk}" selected>' in form
