"""The calculator pages: /rules/, /rules/score/, /rules/free-council/ (000 Part VI §3;
003 Part II §1; RULES.md §5). Plain forms with labels and CSRF, no JavaScript."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse


@pytest.fixture
def client() -> Client:
    return Client()


@pytest.fixture
def csrf_client() -> Client:
    return Client(enforce_csrf_checks=True)


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_index_lists_calculators_and_games(client):
    """RULES.md §1–2: every game system and the ratio table are described."""
    response = client.get(reverse("calculators-index"))
    assert response.status_code == 200
    html = text(response)
    assert reverse("calculators-score") in html and reverse("calculators-free-council") in html
    for name in ("LoRE", "METW", "LOTR TCG", "LOTR Dice"):
        assert name in html
    assert "1.5 ≤ ratio &lt; 2" in html
    assert "calculators.css" in html


def test_score_page_has_labelled_fields_and_csrf(client):
    """Every input has a label; the form posts with a CSRF token and needs no JavaScript."""
    response = client.get(reverse("calculators-score"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="csrfmiddlewaretoken"' in html
    assert 'method="post"' in html
    assert "<script" not in html.split("<main", 1)[1]
    for field_id in re.findall(r'<(?:input|select)[^>]*\bid="(id_[^"]+)"', html):
        assert f'for="{field_id}"' in html, f"no label for {field_id}"
    assert 'name="viewport"' in html  # phone-width layout from base.html
    # The games by name only: their keys stay in the options' values.
    options = re.findall(r"<option[^>]*>([^<]*)</option>", html)
    assert options[:4] == ["LoRE", "METW", "LOTR TCG", "LOTR Dice"], options


def score_post(client: Client, **fields) -> tuple[int, str]:
    data = {"game": "lore", "round": "1", "outcome": "normal"} | {
        k: str(v) for k, v in fields.items()
    }
    response = client.post(reverse("calculators-score"), data)
    return response.status_code, text(response)


def test_score_page_scores_and_highlights_the_band(client):
    """000 Part VI §3 Scoring: 14 v 6 → 6–0, the 'ratio ≥ 2' row highlighted."""
    status, html = score_post(client, round=3, player_1="Ann", mps_1=14, player_2="Bob", mps_2=6)
    assert status == 200
    assert "Ann wins — ratio ≥ 2 (6–0)" in html
    highlighted = re.findall(r'<tr class="highlight"[^>]*>(.*?)</tr>', html)
    assert len(highlighted) == 1 and "ratio ≥ 2" in highlighted[0]
    assert "A bye in round 3 would score 4" in html


def test_score_page_boundary_one_and_a_half(client):
    """000 Part VI §3: 'at least one and a half times' → 5–1."""
    status, html = score_post(client, player_1="Ann", mps_1=15, player_2="Bob", mps_2=10)
    assert status == 200 and "1.5 ≤ ratio &lt; 2 (5–1)" in html


def test_score_page_pod(client):
    """000 Part VI 'Multi-player tournaments': a pod of four."""
    status, html = score_post(
        client,
        multiplayer="on",
        player_1="A",
        mps_1=20,
        player_2="B",
        mps_2=14,
        player_3="C",
        mps_3=10,
        player_4="D",
        mps_4=0,
    )
    assert status == 200
    assert "A wins — 1 &lt; ratio &lt; 1.5 (4–2)" in html


def test_score_page_one_ring(client):
    """000 Part VI §3: One Ring 7–0."""
    status, html = score_post(
        client, outcome="one_ring", winner="Bob", player_1="Ann", mps_1=14, player_2="Bob", mps_2=6
    )
    assert status == 200 and "Bob wins — One Ring (7–0)" in html


def test_score_page_shows_impossible_result_inline(client):
    """RULES.md §2 Reading: a 'winner' with fewer MPs is refused, shown by the field."""
    status, html = score_post(
        client, winner="Bob", player_1="Ann", mps_1=14, player_2="Bob", mps_2=6
    )
    assert status == 400
    assert "This result cannot be scored" in html
    assert "&#x27;Bob&#x27; is reported as the winner but has 6 MPs" in html
    assert "wins —" not in html


def test_score_page_bad_numbers(client):
    """MPs must be whole numbers (the form says so next to the field)."""
    status, html = score_post(client, player_1="Ann", mps_1="3.5", player_2="Bob", mps_2="x")
    assert status == 400 and html.count("Enter a whole number.") == 2


def test_score_page_missing_seat_and_nameless_mps(client):
    """RULES.md §1: two seats; a seat with MPs needs a player."""
    status, html = score_post(client, player_1="Ann", mps_1=4, mps_2=3)
    assert status == 400
    assert "Name the player in this seat" in html
    status, html = score_post(client, player_1="Ann", mps_1=4)
    assert status == 400 and "a seat is missing" in html


def test_score_page_needs_csrf(csrf_client):
    """The page form is a plain POST protected by Django's CSRF check."""
    response = csrf_client.post(reverse("calculators-score"), {"game": "lore"})
    assert response.status_code == 403
    page = csrf_client.get(reverse("calculators-score"))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()).group(1)
    data = {
        "csrfmiddlewaretoken": token,
        "game": "metw",
        "round": "2",
        "outcome": "normal",
        "player_1": "A",
        "mps_1": "-2",
        "player_2": "B",
        "mps_2": "-5",
    }
    response = csrf_client.post(reverse("calculators-score"), data)
    assert response.status_code == 200 and "A wins — ratio ≥ 2 (6–0)" in text(response)


def test_free_council_page_form(client):
    """003 Part II §1: two columns of six categories, reveals, avatar, half-cap reading."""
    response = client.get(reverse("calculators-free-council"))
    assert response.status_code == 200
    html = response.content.decode()
    for prefix in ("a", "b"):
        for name in (
            "character",
            "item",
            "faction",
            "ally",
            "kill",
            "miscellaneous",
            "revealed_duplicates",
            "avatar_eliminated",
        ):
            assert f'name="{prefix}-{name}"' in html
            assert f'for="id_{prefix}-{name}"' in html
    assert 'type="radio" name="half_cap" value="exact"' in html
    assert 'value="round-up"' in html


def council_post(client: Client, a: dict, b: dict, **options) -> tuple[int, str]:
    data = {"half_cap": "exact", "round": "1"} | options
    for prefix, side in (("a", a), ("b", b)):
        for k, v in side.items():
            data[f"{prefix}-{k}"] = "on" if v is True else str(v)
    response = client.post(reverse("calculators-free-council"), data)
    return response.status_code, text(response)


JESSICA = {
    "player": "Jessica",
    "character": 7,
    "item": 2,
    "faction": 2,
    "ally": 2,
    "miscellaneous": 2,
}
JASON = {"player": "Jason", "character": 8, "item": 4, "ally": 2, "revealed_duplicates": 3}


def test_free_council_page_rulebook_example(client):
    """003 Part II §1 worked example: Jessica 15 → 17 → 14, Jason 14 → 12."""
    status, html = council_post(client, JESSICA, JASON)
    assert status == 200
    assert "Jessica wins the Council" in html
    assert "faction 2 → 4" in html and "character 8 → 6" in html
    final = re.search(
        r'<tr class="highlight"> <th scope="row">Final MPs</th>(.*?)</tr>', html
    ).group(1)
    assert re.findall(r">(-?\d+)<", final) == ["14", "12"]
    assert "Jessica 4" in html and "Jason 2" in html


def test_free_council_page_round_up(client):
    """RULES.md §5: the round-up reading leaves Jason 7 of 13."""
    status, html = council_post(client, JESSICA, JASON, half_cap="round-up")
    assert status == 200 and "character 8 → 7" in html


def test_free_council_example_link(client):
    """The page can show the rulebook's example already counted."""
    response = client.get(reverse("calculators-free-council") + "?example=rulebook")
    html = text(response)
    assert response.status_code == 200
    assert "Jessica wins the Council" in html and 'value="Jessica"' in html


def test_free_council_page_errors_inline(client):
    """Bad totals are refused next to the field; same names are refused with a message."""
    status, html = council_post(client, {**JESSICA, "character": "7.5"}, JASON)
    assert status == 400 and "Enter a whole number." in html
    status, html = council_post(client, JESSICA, {**JASON, "player": "Jessica"})
    assert status == 400 and "Both players are called" in html


def test_free_council_avatar_penalty_on_page(client):
    """RULES.md §4.4 (CoE 10.3): −5 for an eliminated avatar, applied last."""
    status, html = council_post(client, {**JESSICA, "avatar_eliminated": True}, JASON)
    assert status == 200
    assert "Jason wins the Council" in html  # Jessica 14 − 5 = 9 < 12


def test_index_documents_the_readings(client):
    """RULES.md: a reading where the texts are silent must be documented for users."""
    html = text(client.get(reverse("calculators-index")))
    assert "Where the rulebooks are silent" in html
    for phrase in (
        "counts as ratio ≥ 2",
        "both lose, 0–0",
        "win 1, loss 0",
        "Sauron wins is 0 points",
        "exact half",
    ):
        assert phrase in html


def test_score_page_lotr_tcg(client):
    """001 'Winning the game'; RULES.md §2 Reading: win 1, loss 0, MPs left empty."""
    status, html = score_post(
        client, game="lotr-tcg", outcome="site_9", winner="Bob", player_1="Ann", player_2="Bob"
    )
    assert status == 200 and "Bob wins — win (1–0)" in html
    assert 'class="highlight"' not in html  # no MP-ratio row for a win/loss game


def test_score_page_lotr_dice_sauron(client):
    """004; RULES.md §2 Reading: a Sauron win is 0 for every player."""
    status, html = score_post(
        client,
        game="lotr-dice",
        outcome="sauron_won",
        multiplayer="on",
        player_1="A",
        player_2="B",
        player_3="C",
    )
    assert status == 200 and "Everyone loses — Sauron won (0 for all)" in html


def test_score_page_all_tied_pod_is_a_draw(client):
    """000 Part VI 'Multi-player tournaments': only if all tie is it a draw (3 each)."""
    status, html = score_post(
        client,
        multiplayer="on",
        player_1="A",
        mps_1=9,
        player_2="B",
        mps_2=9,
        player_3="C",
        mps_3=9,
    )
    assert status == 200 and "A draw — tie (3–3)" in html
