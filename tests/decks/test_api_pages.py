"""POST /api/decks/validate/, the event endpoints, and the pages (bad input is a 4xx, never a 500)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from decks import services
from decks.demo import LORE_DECK, LOTR_FELLOWSHIP, METW_COE_WIZARD
from decks.models import Format
from decks.rule_form import form_values, rule_fields
from decks.rule_names import RULE_NAMES
from decks.sources import DOCUMENTS, rule_source_data
from rules_engine.deckrules import builtin_format
from tests.decks.conftest import start_round_one

pytestmark = pytest.mark.django_db


def post_validate(client, **body):
    return client.post("/api/v1/decks/validate/", body, content_type="application/json")


def test_validate_metw_shape():
    r = post_validate(
        Client(), game="metw", format="coe", text=METW_COE_WIZARD, player_type="wizard"
    )
    assert r.status_code == 200
    body = r.json()
    assert set(body) >= {"legal", "problems", "unresolved", "counts", "cards"}
    assert body["legal"] is True and body["counts"]["resources"] == 30


def test_validate_lotr_and_lore():
    r = post_validate(Client(), game="lotr-tcg", format="fellowship-block", text=LOTR_FELLOWSHIP)
    assert r.status_code == 200 and r.json()["legal"] is True
    r = post_validate(Client(), game="lore", text=LORE_DECK.replace("3 Wargs", "4 Wargs"))
    assert r.json()["legal"] is False and r.json()["problems"][0]["code"] == "copies_nonunique"
    # RULES.md §4.3 (the director's copy limit), as document and section, and in words.
    source = r.json()["problems"][0]["rule_source"]
    assert [(c["document"], c["section"]) for c in source["citations"]] == [("RULES.md", "§4.3")]
    assert source["text"] == "tournament rules §4.3 (the director's setting)"


def test_validate_without_csrf_token_or_account():
    client = Client(enforce_csrf_checks=True)
    assert post_validate(client, game="metw", text="3 Wargs").status_code == 200


@pytest.mark.parametrize(
    "body",
    [
        {"game": "chess", "text": "3 Wargs"},
        {"game": "metw", "format": "nope", "text": "3 Wargs"},
        {"game": "metw", "text": "x" * (2 * 1024 * 1024 - 100)},
        {"game": "metw", "text": "\x00\x01\x02binary"},
        {"game": "metw", "text": "3 Wargs", "player_type": "hobbit"},
        {"game": "metw"},
        {"text": 5},
    ],
)
def test_bad_input_is_a_4xx_with_a_message(body):
    r = post_validate(Client(), **body)
    assert 400 <= r.status_code < 500
    assert r.json()


def test_non_json_body_is_400():
    r = Client().post(
        "/api/v1/decks/validate/", b"\xff\xfe\x00junk", content_type="application/json"
    )
    assert r.status_code == 400


def test_formats_and_cards_endpoints():
    r = Client().get("/api/v1/decks/formats/?game=lotr-tcg")
    assert {f["key"] for f in r.json()["results"]} >= {"fellowship-block", "open", "standard"}
    fb = next(f for f in r.json()["results"] if f["key"] == "fellowship-block")
    # 001 Section One "Building your deck", "Formats": the document and section, typed.
    assert fb["rule_source"]["citations"] == [
        {
            "document": "001",
            "document_name": "LOTR TCG rulebook (001)",
            "section": "Section One “Building your deck”, “Formats”",
        }
    ]
    r = Client().get("/api/v1/decks/formats/?game=metw")
    coe = next(f for f in r.json()["results"] if f["key"] == "coe")
    assert "RULES.md" not in coe["rule_source"]["text"]
    assert ("RULES.md", "§4.4") in {
        (c["document"], c["section"]) for c in coe["rule_source"]["citations"]
    }
    assert Client().get("/api/v1/decks/formats/?game=chess").status_code == 400
    r = Client().get("/api/v1/decks/cards/?game=metw&q=orc lieut")
    assert r.json()["results"][0]["name"] == "Orc-lieutenant"
    assert Client().get("/api/v1/decks/cards/?game=chess").status_code == 400
    assert Client().get("/api/v1/decks/cards/").status_code == 400  # game is required


def test_card_search_is_paginated_not_capped():
    """Every card of a game can be listed, page by page (no silent cap at 25)."""
    first = Client().get("/api/v1/decks/cards/?game=metw&page_size=100").json()
    assert first["count"] > 100 and len(first["results"]) == 100 and first["next"]
    second = Client().get(first["next"]).json()
    names = {c["id"] for c in first["results"]} | {c["id"] for c in second["results"]}
    assert len(names) == len(first["results"]) + len(second["results"])


def test_event_endpoints_permissions(metw_event, users):
    alice, bob, stranger = Client(), Client(), Client()
    alice.force_login(users["alice"])
    bob.force_login(users["bob"])
    stranger.force_login(users["stranger"])
    url = "/api/v1/decks/events/council-cup/decklists/"
    r = alice.post(url + "mine/", {"text": METW_COE_WIZARD}, content_type="application/json")
    assert r.status_code == 201 and r.json()["versions"][0]["legal"] is True
    assert alice.get(url + "mine/").json()["versions"][0]["number"] == 1
    assert Client().get(url + "mine/").status_code in (401, 403)
    assert stranger.get(url + "mine/").status_code == 403
    assert bob.get(url).status_code == 403
    director = Client()
    director.force_login(users["director"])
    rows = director.get(url).json()["results"]
    assert [r["submitted"] for r in rows] == [True, False]
    assert bob.post(url + "publish/", {}, content_type="application/json").status_code == 403
    refused = director.post(url + "publish/", {}, content_type="application/json")
    assert refused.status_code == 409 and refused.json()["code"] == "not_locked"
    start_round_one(metw_event)
    assert director.post(url + "publish/", {}, content_type="application/json").json() == {
        "published": True
    }
    assert Client().get(url).status_code == 200
    assert Client().get("/api/v1/decks/events/nope/decklists/").status_code == 404


def test_schema_includes_the_deck_endpoints():
    r = Client().get("/api/v1/schema/?format=json")
    paths = r.json()["paths"]
    assert (
        "/api/v1/decks/validate" in paths and "/api/v1/decks/events/{slug}/decklists/mine" in paths
    )


def test_check_page_anonymous_shows_problems_per_line():
    c = Client()
    assert c.get("/decks/check/").status_code == 200
    text = METW_COE_WIZARD.replace("3 Dodge (TW)", "3 Dodgy (TW)")
    r = c.post("/decks/check/", {"format": "metw:coe", "text": text, "player_type": "wizard"})
    html = r.content.decode()
    assert (
        r.status_code == 200
        and "Not legal" in html
        and "Dodgy" in html
        and "Did you mean Dodge" in html
    )
    assert 'class="has-problem"' in html
    r = c.post("/decks/check/", {"format": "chess:x", "text": "1"})
    assert r.status_code == 400


def test_submit_page_and_director_overview(metw_event, users):
    alice = Client()
    alice.force_login(users["alice"])
    r = alice.post(
        "/decks/events/council-cup/submit/",
        {"text": METW_COE_WIZARD.replace("1 Bree (TW)", "1 Moria (TW)")},
        follow=True,
    )
    assert "NOT legal" in r.content.decode()
    assert alice.get("/decks/events/council-cup/").status_code == 403
    director = Client()
    director.force_login(users["director"])
    html = director.get("/decks/events/council-cup/").content.decode()
    assert "illegal · 1 problem" in html and "missing" in html and "2 × Moria" in html
    assert Client().get("/decks/events/council-cup/published/").status_code == 404
    start_round_one(metw_event)
    director.post("/decks/events/council-cup/", {"publish": "1"})
    html = Client().get("/decks/events/council-cup/published/").content.decode()
    assert "Orc-lieutenant" in html


def test_formats_pages(metw_event, users):
    html = Client().get("/decks/formats/").content.decode()
    assert "Council of Elrond" in html
    # Rules are named in words on the formats page too.
    assert "Most cards in the sideboard" in html and "sideboard_max" not in html
    # Tables in words: CoE 1.3.x, a Balrog player's characters are Orcs or Trolls.
    assert "character races: Orc, Troll" in html and "character_races" not in html
    assert "Ringwraith (minion): avatars: minion" in html
    director = Client()
    director.force_login(users["director"])
    r = director.post(
        "/decks/formats/new/",
        {
            "base": "lotr-tcg:fellowship-block",
            "name": "FB no goblins",
            "extra_banned": "Goblin Warrior",
            "rule-min_draw_deck": "62",
        },
        follow=True,
    )
    assert "created" in r.content.decode()
    v = services.validate_text(LOTR_FELLOWSHIP, "lotr-tcg", "fb-no-goblins")
    assert sorted(v.codes()) == ["banned", "draw_deck_size"]
    alice = Client()
    alice.force_login(users["alice"])
    assert alice.get("/decks/formats/new/").status_code == 403


def test_new_format_form_names_every_rule(metw_event, users):
    """Every rule of every built-in base is its own labelled field, named in words: no
    internal key is shown; a field left at the base's value changes nothing."""
    from rules_engine.deckrules import BUILTIN_FORMATS

    director = Client()
    director.force_login(users["director"])
    for fdef in BUILTIN_FORMATS:
        html = director.get(f"/decks/formats/new/?base={fdef.game}:{fdef.key}").content.decode()
        shown = re.sub(r"<[^>]*>", " ", html)
        for key in fdef.rules:
            assert key in RULE_NAMES, key
            assert key not in shown or key.isalpha(), (fdef.key, key)
            assert f'name="rule-{key}"' in html
    base = {"base": "metw:coe", "name": "CoE as is"}
    base.update(form_values(rule_fields(dict(builtin_format("metw", "coe").rules))))
    director.post("/decks/formats/new/", base)
    assert Format.objects.get(key="coe-as-is").rules == dict(builtin_format("metw", "coe").rules)
    # A wrong value names the rule, not its key.
    r = director.post(
        "/decks/formats/new/",
        {"base": "metw:coe", "name": "Bad", "rule-sideboard_max": "many"},
        follow=True,
    )
    assert "Most cards in the sideboard" in r.content.decode()
    assert not Format.objects.filter(key="bad").exists()
    # A text rule is a choice of values named in words; a value not offered is refused.
    html = director.get("/decks/formats/new/?base=metw:coe").content.decode()
    assert "the Council of Elrond rules</option>" in html
    r = director.post(
        "/decks/formats/new/",
        {"base": "metw:coe", "name": "Bad", "rule-ruleset": "chess"},
        follow=True,
    )
    assert "Rule set" in r.content.decode()
    assert not Format.objects.filter(key="bad").exists()
    director.post(
        "/decks/formats/new/",
        {"base": "metw:coe", "name": "CoE by the book", "rule-ruleset": "rulebook"},
    )
    assert Format.objects.get(key="coe-by-the-book").rules["ruleset"] == "rulebook"


def test_every_format_source_is_documents_and_sections():
    """Each built-in format cites rulebooks (000-004), the CoE or RULES.md by section."""
    from rules_engine.deckrules import BUILTIN_FORMATS

    for fdef in BUILTIN_FORMATS:
        data = rule_source_data(fdef.source)
        assert data["citations"], fdef.key
        assert all(c["document"] in DOCUMENTS for c in data["citations"]), data
        assert all(c["document_name"] for c in data["citations"]), data
        assert "RULES.md" not in data["text"]
