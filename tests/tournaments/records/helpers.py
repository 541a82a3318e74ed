"""Tables of events whose players' names are those of the stored records."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from rest_framework.test import APIClient

from tests.tournaments.helpers import make_event, make_user, register_users
from tournaments import services
from tournaments.models import Round
from tournaments.services.stage_plan import set_stages

HERE = Path(__file__).parent
BEFORE_THE_GAMES = datetime(2025, 3, 1, tzinfo=UTC)  # the records' games: 8-9 March 2025


def read(name: str) -> str:
    return (HERE / name).read_text()


def table_of(
    game: str, names: tuple[str, str], field: str = "display_name", players: int = 2,
    stages: list[dict[str, object]] | None = None,
):  # fmt: skip
    director = make_user()
    event = make_event(director, game=game)
    if stages:
        set_stages(director, event, stages)
    register_users(event, players)
    rnd = services.pair_next_round(director, event, seed=5)
    # The round was paired before the recorded games were played.
    Round.objects.filter(pk=rnd.pk).update(created_at=BEFORE_THE_GAMES)
    table = rnd.tables.filter(is_bye=False).first()
    assert table is not None
    a, b = [s.registration for s in table.seats.order_by("position")]
    for reg, name in zip((a, b), names, strict=True):
        setattr(reg.player, field, name)
        reg.player.save()
    return director, event, table, a, b


def post(user, event, table, **body):
    api = APIClient()
    api.force_authenticate(user)
    return api.post(f"/api/v1/events/{event.slug}/tables/{table.pk}/record/", body, format="json")


def gemp_table(**kw):
    return table_of("lotr-tcg", ("aragorn77", "saruman_fan"), field="gemp_name", **kw)
