"""Seasons (leagues), standings, player histories, replays: pages and API.
000 Part VI §3 "Ratings": the peak rating of the season decides placement."""

from __future__ import annotations

import itertools
import re
from datetime import date, timedelta

import pytest
from django.urls import reverse

from ratings.league.page import league_page, season_peak
from ratings.models import RatingEntry, ReplayJob, Season
from ratings.services import replay_game
from tests.ratings.factories import BASE, finish, make_event, make_players, make_user, play_round
from tournaments import signals
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db


def close(rnd: Round) -> None:
    signals.round_closed.send(sender=Round, round=rnd)


@pytest.fixture
def league():
    """Two events in spring 2026 and one in 2027 (another season)."""
    a, b, c, d = make_players(4, prefix="Hobbit")
    a.display_name, b.display_name = "Frodo", "Sam"
    a.save()
    b.save()
    e1, r = make_event([a, b, c, d], starts_at=BASE)
    close(play_round(e1, 1, [[(r[a.pk], 20), (r[b.pk], 5)], [(r[c.pk], 12), (r[d.pk], 10)]]))
    close(play_round(e1, 2, [[(r[a.pk], 20), (r[c.pk], 5)], [(r[b.pk], 7), (r[d.pk], 7)]]))
    finish(e1)
    signals.event_finished.send(sender=Event, event=e1)
    later = BASE + timedelta(days=400)
    e2, r2 = make_event([a, b], starts_at=later)
    # Frodo loses twice next season: his current rating falls below his 2026 peak.
    close(play_round(e2, 1, [[(r2[b.pk], 20), (r2[a.pk], 5)]]))
    close(play_round(e2, 2, [[(r2[b.pk], 20), (r2[a.pk], 2)]]))
    s2026 = Season.objects.create(
        name="LoRE 2026",
        slug="lore-2026",
        game="lore",
        starts_on=date(2026, 1, 1),
        ends_on=date(2026, 12, 31),
    )
    s2027 = Season.objects.create(
        name="LoRE 2027",
        slug="lore-2027",
        game="lore",
        starts_on=date(2027, 1, 1),
        ends_on=date(2027, 12, 31),
    )
    return {"players": (a, b, c, d), "events": (e1, e2), "seasons": (s2026, s2027)}


def test_season_peak_is_the_highest_rating_held_in_the_season(league):
    """000 Part VI §3 Ratings: "the player's rating is considered to be the highest
    rating he achieved in the relevant season, not necessarily his current rating"."""
    a, b, _c, _d = league["players"]
    s2026, s2027 = league["seasons"]
    # 2026: a 150 → 156 (beats b) → a beats c (154): +6 − 0 = 162, winner's bonus +2 → 164
    rows = {r.player_id: r for r in league_page("lore", s2026.starts_on, s2026.ends_on).rows}
    assert rows[a.pk].peak == 164
    assert season_peak(a, s2026) == 164
    current = RatingEntry.objects.filter(player=a).order_by("-step").first().after
    assert rows[a.pk].rating == current < 164
    # 2027: he entered at 164 and only lost: the peak is the rating he held entering it.
    assert season_peak(a, s2027) == 164
    rows27 = {r.player_id: r for r in league_page("lore", s2027.starts_on, s2027.ends_on).rows}
    assert set(rows27) == {a.pk, b.pk}
    assert rows27[b.pk].peak == max(e.after for e in RatingEntry.objects.filter(player=b))


def test_standings_columns_rank_sort_and_filter(league):
    a, b, _c, _d = league["players"]
    s2026 = league["seasons"][0]
    table = league_page("lore", s2026.starts_on, s2026.ends_on)
    assert [r.rank for r in table.rows] == [1, 2, 3, 4]
    top = table.rows[0]
    assert top.player_id == a.pk
    assert (top.events, top.games, top.wins, top.losses, top.draws) == (1, 2, 2, 0, 0)
    assert top.points == 12
    drew = {r.player_id: r for r in table.rows}[b.pk]
    assert (drew.wins, drew.losses, drew.draws) == (0, 1, 1)
    assert top.history[0] == 150 and top.history[-1] == 164
    assert (
        next(
            r.player_id
            for r in league_page("lore", s2026.starts_on, s2026.ends_on, sort="-peak").rows
        )
        == a.pk
    )
    by_name = league_page("lore", s2026.starts_on, s2026.ends_on, sort="name").rows
    assert [r.name for r in by_name] == sorted((r.name for r in by_name), key=str.casefold)
    assert [r.name for r in league_page("lore", s2026.starts_on, s2026.ends_on, q="fro").rows] == [
        "Frodo"
    ]
    paged = league_page("lore", s2026.starts_on, s2026.ends_on, page=2, page_size=3)
    assert len(paged.rows) == 1 and paged.pages == 2


def test_pages_render(client, league):
    a = league["players"][0]
    s2026 = league["seasons"][0]
    page = client.get(reverse("league-list"))
    assert page.status_code == 200 and "LoRE 2026" in page.content.decode()
    page = client.get(reverse("season-detail", args=[s2026.slug]) + "?sort=-games&q=o")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Frodo" in html and "<svg" in html and "Season peak" in html
    assert re.search(r'aria-sort="descending"', html)
    bad = client.get(reverse("season-detail", args=[s2026.slug]) + "?sort=bogus&page=x")
    assert bad.status_code == 200 and "Cannot sort by" in bad.content.decode()
    assert client.get(reverse("season-detail", args=["nope"])).status_code == 404
    assert client.get(reverse("game-standings", args=["lore"])).status_code == 200
    assert client.get(reverse("game-standings", args=["chess"])).status_code == 404
    page = client.get(reverse("player-ratings", args=[a.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'class="rating-chart"' in html and "winner's bonus" in html
    assert league["events"][0].get_absolute_url() in html
    assert html.count("<tr>") >= 5  # 4 rated games + the bonus


def test_api_seasons_standings_and_history(client, league):
    a = league["players"][0]
    data = client.get("/api/v1/ratings/seasons/").json()
    assert data["count"] == 2 and data["next"] is None
    assert {s["slug"] for s in data["results"]} == {"lore-2026", "lore-2027"}
    assert client.get("/api/v1/ratings/seasons/?game=chess").status_code == 400
    assert client.get("/api/v1/ratings/seasons/lore-2026/").json()["name"] == "LoRE 2026"
    table = client.get("/api/v1/ratings/seasons/lore-2026/standings/?sort=-peak&page_size=2")
    table = table.json()
    assert table["results"][0]["player_id"] == a.pk
    assert table["results"][0]["peak"] == 164
    assert table["previous"] is None and "page=2" in table["next"]
    assert client.get("/api/v1/ratings/seasons/lore-2026/standings/?sort=x").status_code == 400
    assert client.get("/api/v1/ratings/seasons/lore-2026/standings/?page=9").status_code == 404
    assert client.get("/api/v1/ratings/seasons/missing/").status_code == 404
    all_time = client.get("/api/v1/ratings/games/lore/?q=frodo").json()
    assert all_time["total"] == 4
    assert (all_time["results"][0]["events"], all_time["results"][0]["games"]) == (2, 4)
    history = client.get(f"/api/v1/ratings/players/{a.pk}/").json()
    entries = history["games"][0]["entries"]
    assert [e["kind"] for e in entries] == ["game", "game", "bonus", "game", "game"]
    assert all(e["after"] == e["before"] + e["change"] for e in entries)
    assert all(x["before"] == y["after"] for y, x in itertools.pairwise(entries))
    assert client.get("/api/v1/ratings/players/999999/").status_code == 404


def test_replay_permissions_and_progress(client, league, django_capture_on_commit_callbacks):
    e1 = league["events"][0]
    assert client.post(
        "/api/v1/ratings/replay/", {"game": "lore"}, content_type="application/json"
    ).status_code in (401, 403)
    stranger = make_user()
    client.force_login(stranger)
    assert (
        client.post(
            "/api/v1/ratings/replay/", {"game": "lore"}, content_type="application/json"
        ).status_code
        == 403
    )
    assert (
        client.post(
            "/api/v1/ratings/replay/", {"game": "chess"}, content_type="application/json"
        ).status_code
        == 400
    )
    client.force_login(e1.organizer)  # a director of a sanctioned LoRE event
    before = list(
        RatingEntry.objects.values_list("player_id", "step", "before", "after").order_by(
            "step", "player_id"
        )
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/api/v1/ratings/replay/", {"game": "lore"}, content_type="application/json"
        )
    assert response.status_code == 202
    job = response.json()
    assert job["status"] == "queued"  # the task starts once the request's transaction commits
    progress = client.get(f"/api/v1/ratings/jobs/{job['id']}/").json()
    assert progress["status"] == "done" and progress["percent"] == 100  # eager Celery in tests
    after = list(
        RatingEntry.objects.values_list("player_id", "step", "before", "after").order_by(
            "step", "player_id"
        )
    )
    assert after == before
    with django_capture_on_commit_callbacks(execute=True):
        page = client.post(reverse("ratings-replay"), {"game": "lore"})
    assert page.status_code == 302
    job_page = client.get(page["Location"])
    assert job_page.status_code == 200 and "Done" in job_page.content.decode()
    # A game the site does not have: the refusal names the games, never their keys.
    refused = client.post(reverse("ratings-replay"), {"game": "chess"}, follow=True)
    words = refused.content.decode()
    assert "Unknown game system" in words and "lotr-tcg" not in words.split("Unknown")[1][:300]
    client.force_login(stranger)
    assert client.get(f"/api/v1/ratings/jobs/{job['id']}/").status_code == 403
    assert ReplayJob.objects.count() == 2


def test_league_page_shows_replay_button_to_directors_only(client, league):
    e1 = league["events"][0]
    assert "Replay" not in client.get(reverse("league-list")).content.decode()
    client.force_login(e1.organizer)
    assert "Replay LoRE ratings" in client.get(reverse("league-list")).content.decode()


def test_cached_league_table_follows_every_ledger_write(league):
    """The league table is cached by ledger version: a new rated round shows at once."""
    a, b = league["players"][:2]
    s2027 = league["seasons"][1]
    first = {r.player_id: r.games for r in league_page("lore", s2027.starts_on, s2027.ends_on).rows}
    e2 = league["events"][1]
    regs = {r.player_id: r for r in e2.registrations.all()}
    close(play_round(e2, 3, [[(regs[a.pk], 20), (regs[b.pk], 5)]]))
    again = {r.player_id: r.games for r in league_page("lore", s2027.starts_on, s2027.ends_on).rows}
    assert again[a.pk] == first[a.pk] + 1
    e2.sanctioned = False  # e.g. sanctioning withdrawn, then a replay
    e2.save(update_fields=["sanctioned"])
    replay_game("lore")
    assert league_page("lore", s2027.starts_on, s2027.ends_on).rows == []


def test_league_tables_are_rebuilt_in_the_cache_after_a_write(
    league, django_capture_on_commit_callbacks
):
    from django.core.cache import cache

    from ratings.models import LedgerVersion

    a, b = league["players"][:2]
    s2027 = league["seasons"][1]
    e2 = league["events"][1]
    regs = {r.player_id: r for r in e2.registrations.all()}
    with django_capture_on_commit_callbacks(execute=True):
        close(play_round(e2, 3, [[(regs[a.pk], 20), (regs[b.pk], 5)]]))
    version = LedgerVersion.objects.current("lore")
    rows = cache.get(f"ratings:league:lore:{s2027.starts_on}:{s2027.ends_on}:{version}")
    assert rows is not None and {r[1] for r in rows} == {a.pk, b.pk}
    assert cache.get(f"ratings:league:lore:None:None:{version}") is not None


def test_a_rows_history_keeps_only_its_latest_points(league, monkeypatch):
    from ratings.league import page as league_module

    a = league["players"][0]
    full = league_page("lore").rows
    frodo = next(r for r in full if r.player_id == a.pk).history
    assert len(frodo) > 3  # every game and bonus of both seasons, plus the rating entering them
    monkeypatch.setattr(league_module, "HISTORY_POINTS", 2)
    short = next(r for r in league_page("lore").rows if r.player_id == a.pk).history
    assert short == frodo[-3:]
