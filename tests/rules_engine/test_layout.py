"""A list laid out in the game's order, and an event's metagame from its lists."""

from __future__ import annotations

from rules_engine.deckrules.layout import (
    Result,
    deck_sections,
    lotr_archetype,
    metagame,
    metw_archetype,
)


def _row(zone, card_type, name, count=1, side=None):
    return {"zone": zone, "type": card_type, "name": name, "count": count, "side": side}


def test_metw_sections_follow_the_registration_sheet_order_with_counts():
    cards = [
        _row("sites", "site", "Moria"),
        _row("play", "hazard", "Orc-lieutenant", 2),
        _row("play", "resource", "Dodge", 3),
        _row("pool", "character", "Gandalf"),
        _row("play", "hazard", "Orc-lieutenant", 1),  # the same card on two lines
        _row("sideboard", "hazard", "Twilight"),
    ]
    sections = deck_sections("metw", cards)
    assert [(s.zone, s.count) for s in sections] == [
        ("pool", 1),
        ("play", 6),
        ("sideboard", 1),
        ("sites", 1),
    ]
    play = sections[1]
    assert [(g.type, g.count, g.cards) for g in play.groups] == [
        ("resource", 3, [(3, "Dodge")]),
        ("hazard", 3, [(3, "Orc-lieutenant")]),
    ]


def test_lotr_draw_deck_groups_free_peoples_before_shadow():
    cards = [
        _row("draw", "MINION", "Goblin Runner", 4, "shadow"),
        _row("draw", "COMPANION", "Aragorn, Ranger of the North", 1, "free_peoples"),
        _row("ring_bearer", "COMPANION", "Frodo, Son of Drogo", 1, "free_peoples"),
    ]
    sections = deck_sections("lotr-tcg", cards)
    assert [s.zone for s in sections] == ["ring_bearer", "draw"]
    assert [(g.side, g.type) for g in sections[1].groups] == [
        ("free_peoples", "COMPANION"),
        ("shadow", "MINION"),
    ]


def test_archetypes_and_their_share_and_results():
    counts = {
        "ring_bearer": "Frodo, Son of Drogo",
        "by_culture": {"Gondor": {"free_peoples": 20}, "Moria": {"shadow": 30}, "Sauron": {}},
    }
    assert lotr_archetype(counts) == ("Frodo, Son of Drogo", "Gondor", "Moria")
    assert metw_archetype("wizard", ["Gandalf", "Gandalf", "Saruman"]) == ("wizard", "Gandalf")
    groups = metagame(
        [
            (("wizard", "Gandalf"), "Ann", Result(9, 3, 0, 0), 1),
            (("ringwraith", "Dwar"), "Bob", Result(3, 1, 2, 0), 3),
            (("wizard", "Gandalf"), "Cid", Result(6, 2, 1, 0), 2),
            (("wizard", "Gandalf"), "Dee", None, None),  # dropped before round 1
        ]
    )
    assert [(g.key, g.lists, g.share, g.best_rank) for g in groups] == [
        (("wizard", "Gandalf"), 3, 0.75, 1),
        (("ringwraith", "Dwar"), 1, 0.25, 3),
    ]
    assert (groups[0].result.wins, groups[0].result.points, groups[0].players) == (
        5,
        15,
        ["Ann", "Cid", "Dee"],
    )
