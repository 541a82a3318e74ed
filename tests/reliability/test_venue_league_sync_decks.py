"""The venue and the league in sync, past the results: the deck lists (RULES.md §8: two
per player at a General Opponent event, each list with its versions), the deck played at
each table, an entry's heat, and a match of best of N with its games. Each side imports
the other's exports; nothing is duplicated, nothing this site has is lost, and the newer
of two lists is the current one (tests.reliability.test_venue_league_sync: the rest)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from decks import services as decks
from decks.demo import METW_COE_WIZARD
from decks.models import DeckList, DeckListVersion
from tests.reliability.test_export_import import wipe
from tests.reliability.test_venue_league_sync import sync_document, venue_event
from tests.tournaments.helpers import make_event, register_users
from tests.tournaments.test_stages_api import client_for, preset_event
from tests.tournaments.test_table_match import match_game
from tournaments import services
from tournaments.models import Event, Registration, Seat, TableGame
from tournaments.services.stage_plan import set_stages
from tournaments.services.transfer.imports import import_document
from tournaments.words.sync import conflict_text, sync_summary

pytestmark = pytest.mark.django_db


def _import(document: dict[str, Any]) -> Any:
    return import_document(document, replay_ratings=False)


def _lists(event: Event) -> dict[tuple[str, str], tuple[int, str, bool]]:
    """Each list by its player's name and slot: its current version, the player type it
    was checked for and whether it also faces Fallen-wizards."""
    rows = DeckList.objects.filter(registration__event=event).select_related(
        "registration__player", "current_version"
    )
    return {
        (d.registration.player.display_name, d.slot): (
            d.current_version.number,
            d.current_version.player_type,
            d.faces_fallen_wizards,
        )
        for d in rows
    }


def _played(event: Event) -> list[tuple[int, int, str, str]]:
    seats = Seat.objects.filter(event=event).exclude(deck_slot="")
    return sorted(
        (s.round.number, s.table.number, s.registration.player.display_name, s.deck_slot)
        for s in seats.select_related("round", "table", "registration__player")
    )


def test_lists_changed_at_the_venue_come_across_once_and_the_league_s_are_kept():
    """RULES.md §8 (CoE General Opponent): two lists per player, each submitted and
    versioned like any list; the newer version of a list is its current one."""
    api = client_for(get_user_model().objects.create_user(username="go-venue"))
    slug = preset_event(api, "coe-general-opponent", "metw", 4)
    event = Event.objects.get(slug=slug)
    director = event.organizer
    a, b, c, d = event.registrations.select_related("player").order_by("pk")
    names = {r.pk: r.player.display_name for r in (a, b, c, d)}

    def submit(who: Registration, slot: str, player_type: str, faces: bool | None = None):
        decks.submit_decklist(director, event, METW_COE_WIZARD, player_type, registration=who,
                              slot=slot, faces_fallen_wizards=faces)  # fmt: skip

    for reg in (a, b, c, d):
        submit(reg, "vs-hero", "ringwraith", faces=True)
    for reg in (a, b):
        submit(reg, "vs-minion", "wizard")
    before_round_one = sync_document(event)
    # At the venue, before round 1: A changes his list against minions and names it the
    # one facing Fallen-wizards; B changes his list against heroes (the league will change
    # it again, later); C hands in his second list. D never does.
    submit(a, "vs-minion", "balrog", faces=True)
    submit(b, "vs-hero", "balrog")
    submit(c, "vs-minion", "wizard")
    rnd = services.pair_next_round(director, event, seed=11)
    table = rnd.tables.filter(is_bye=False).order_by("number").first()
    first = table.seats.order_by("position").values_list("registration_id", flat=True)[0]
    services.record_decks_played(director, table, {first: "vs-minion"})
    for t in rnd.tables.filter(is_bye=False):
        x, y = t.seats.order_by("position").values_list("registration_id", flat=True)
        services.director_set_result(director, t, {x: 20, y: 6})
    after_round_one = sync_document(event)
    venue, venue_played = _lists(event), _played(event)
    assert venue[(names[a.pk], "vs-minion")] == (2, "balrog", True)

    # The league: the file of before round 1, then its own changes (later than the venue's).
    wipe()
    league_td = get_user_model().objects.create_user(username="go-venue")
    synced = _import(before_round_one).event
    league = {r.player.display_name: r for r in synced.registrations.select_related("player")}
    decks.submit_decklist(league_td, synced, METW_COE_WIZARD, "fallen-wizard",
                          registration=league[names[b.pk]], slot="vs-hero")  # fmt: skip
    decks.submit_decklist(league_td, synced, METW_COE_WIZARD, "wizard",
                          registration=league[names[d.pk]], slot="vs-minion")  # fmt: skip

    report = _import(after_round_one)
    assert report.event == synced and Event.objects.count() == 1
    assert report.added["decklists"] == 1  # C's second list
    assert report.added["decklist_versions"] == 1  # A's newer list against minions
    assert report.added["decks_played"] == 1
    assert "1 deck list updated to the file's newer version" in sync_summary(report.added)
    kept = [(code, data) for code, data in report.conflicts if code == "decklist_earlier"]
    assert len(kept) == 1 and kept[0][1]["player"] == names[b.pk]
    assert conflict_text(*kept[0]) == (
        f"Deck against hero opponents of {names[b.pk]}: the file's list differs and is "
        "older; this site's stays current and the file's was added to its earlier versions."
    )
    # B's venue version is not lost: it joins his list's history at its place in time,
    # before the league's newer one, which stays current (renumbered after it).
    assert report.added["decklist_history"] == 1
    assert "1 older deck list version added" in sync_summary(report.added)
    history = DeckListVersion.objects.filter(
        decklist__registration=league[names[b.pk]], decklist__slot="vs-hero"
    ).order_by("number")
    assert [(v.number, v.player_type) for v in history] == [
        (1, "ringwraith"),
        (2, "balrog"),  # the venue's
        (3, "fallen-wizard"),  # the league's, newer
    ]
    assert [v.submitted_at for v in history] == sorted(v.submitted_at for v in history)
    merged = _lists(synced)
    expected = {
        **venue,
        (names[b.pk], "vs-hero"): (3, "fallen-wizard", True),  # the league's, newer
        (names[d.pk], "vs-minion"): (1, "wizard", False),  # only the league has it
    }
    assert merged == expected
    # A's list facing Fallen-wizards is the newer one; his other list no longer is.
    assert not DeckList.objects.get(
        registration=league[names[a.pk]], slot="vs-hero"
    ).faces_fallen_wizards
    assert _played(synced) == venue_played == [(1, table.number, names[first], "vs-minion")]
    versions = DeckListVersion.objects.filter(decklist__registration__event=synced).count()

    # The same file again: nothing added, nothing duplicated.
    again = _import(after_round_one)
    assert not {"decklists", "decklist_versions", "decklist_history", "decks_played"} & set(
        again.added
    )
    assert _lists(synced) == expected
    assert DeckListVersion.objects.filter(decklist__registration__event=synced).count() == versions
    # The older file after it: A's first list is a version the league has; nothing changes.
    older = _import(before_round_one)
    assert not {"decklists", "decklist_versions", "decklist_history"} & set(older.added)
    assert _lists(synced) == expected and _played(synced) == venue_played


def test_a_deck_recorded_on_both_sides_keeps_this_site_s():
    """The deck a table recorded here is not overwritten by a file's other one."""
    api = client_for(get_user_model().objects.create_user(username="go-both"))
    slug = preset_event(api, "coe-general-opponent", "metw", 2)
    event = Event.objects.get(slug=slug)
    director = event.organizer
    rnd = services.pair_next_round(director, event, seed=3)
    table = rnd.tables.get()
    first = table.seats.order_by("position").first()
    services.record_decks_played(director, table, {first.registration_id: "vs-hero"})
    document = sync_document(event)
    services.record_decks_played(director, table, {first.registration_id: "vs-minion"})
    report = _import(document)
    assert ("deck_played_kept", {"round": 1, "table": table.number,
            "player": first.registration.player.display_name, "slot": "vs-minion",
            "format": ""}) in report.conflicts  # fmt: skip
    first.refresh_from_db()
    assert first.deck_slot == "vs-minion"
    assert "this site's (Deck against minion opponents) was kept" in conflict_text(
        *report.conflicts[-1]
    )


def _games(event: Event) -> list[tuple[int, int, dict[str, Any], str]]:
    name = {str(r.pk): r.player.display_name for r in event.registrations.select_related("player")}
    return [
        (
            g.table.number,
            g.number,
            {name[k]: v for k, v in g.mps.items()},
            name.get(str(g.won_by_id), ""),
        )
        for g in TableGame.objects.filter(table__round__event=event).order_by(
            "table__number", "number"
        )
    ]


def test_a_best_of_three_swiss_table_comes_across_with_its_games_and_its_correction():
    """RULES.md §8: "a match of best of N games: the match winner is the first to win
    more than half"; the match's games travel with its result, and a newer correction
    of the match replaces them."""
    director = get_user_model().objects.create_user(username="bo3-venue")
    event = make_event(director, game="metw")
    set_stages(director, event, [{"kind": "swiss", "best_of": 3, "options": {}}])
    register_users(event, 4)
    rnd = services.pair_next_round(director, event, seed=5)
    paired = sync_document(event)
    table = rnd.tables.filter(is_bye=False).order_by("number").first()
    games = [match_game(table, 20, 5), match_game(table, 3, 12), match_game(table, 15, 14)]
    services.director_set_result(director, table, games=games)
    played = sync_document(event)
    three = _games(event)
    assert len(three) == 3
    # Corrected at the venue afterwards: two games to none.
    services.director_set_result(director, table, games=games[:1] + games[2:])
    corrected = sync_document(event)
    two = _games(event)

    wipe()
    get_user_model().objects.create_user(username="bo3-venue")
    synced = _import(paired).event
    assert not TableGame.objects.exists()
    report = _import(played)
    assert report.added["results"] == 1 and _games(synced) == three
    _import(played)
    assert _games(synced) == three and TableGame.objects.count() == 3
    report = _import(corrected)
    assert ("result_replaced", {"round": 1, "table": table.number}) in report.conflicts
    assert _games(synced) == two and TableGame.objects.count() == 2
    mine = synced.rounds.get().tables.get(number=table.number).seats.order_by("position")
    assert [s.mps for s in mine] == [2, 0]


def test_an_entry_s_heat_comes_across_where_this_site_has_none():
    event, _director = venue_event()
    document = sync_document(event)
    arwen, bilbo, celeborn = (
        event.registrations.get(player__display_name=n) for n in ("Arwen", "Bilbo", "Celeborn")
    )
    heats = {arwen.pk: 1, bilbo.pk: 2, celeborn.pk: 2}
    for row in document["registrations"]:
        row["stage_group"] = heats.get(row["id"])
    document["registrations"].append({"id": 999, "player": "Late Entry", "stage_group": 2})
    Registration.objects.filter(pk=celeborn.pk).update(stage_group=1)  # drawn here first
    report = _import(document)
    groups = dict(event.registrations.values_list("player__display_name", "stage_group"))
    assert groups["Arwen"] == 1 and groups["Bilbo"] == 2 and groups["Late Entry"] == 2
    assert groups["Celeborn"] == 1 and groups["Denethor"] is None
    assert report.added["entries_updated"] == 2 and report.added["players"] == 1
    assert ("heat_kept", {"player": "Celeborn", "heat": 1}) in report.conflicts
    assert "Celeborn is in another heat in the file; this site's heat 1 was kept." in (
        conflict_text("heat_kept", {"player": "Celeborn", "heat": 1})
    )
