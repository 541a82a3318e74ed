"""Card databases, formats and submitted deck lists.

Cards keep the attributes the construction rules read as columns (so the card
index is built from one query) plus the imported JSON object as it came, so a
rule added later can read a field nobody thought of today without a re-import.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class DeckGame(models.TextChoices):
    METW = "metw", "Middle-earth: The Wizards"
    LOTR_TCG = "lotr-tcg", "The Lord of the Rings TCG"
    LORE = "lore", "LoRE"


class CardSet(models.Model):
    game = models.CharField(max_length=20, choices=DeckGame.choices)
    code = models.CharField(max_length=20)  # METW "TW"; LOTR "1"
    name = models.CharField(max_length=120, blank=True)

    class Meta:
        ordering = ["game", "code"]
        constraints = [
            models.UniqueConstraint(fields=["game", "code"], name="one_set_code_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.get_game_display()} {self.code} {self.name}".strip()


class Card(models.Model):
    game = models.CharField(max_length=20, choices=DeckGame.choices)
    card_id = models.CharField(max_length=40)  # "TW-156", "1_290"
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards")
    name = models.CharField(max_length=200)
    norm_name = models.CharField(max_length=200, db_index=True)
    type = models.CharField(max_length=40)
    subtype = models.CharField(max_length=60, blank=True)
    unique = models.BooleanField(default=False)
    # METW
    alignment = models.CharField(max_length=20, blank=True)
    is_avatar = models.BooleanField(default=False)
    is_agent = models.BooleanField(default=False)
    is_haven = models.BooleanField(default=False)
    item_class = models.CharField(max_length=20, blank=True)
    mind = models.SmallIntegerField(null=True, blank=True)
    # LOTR TCG
    title = models.CharField(max_length=200, blank=True)
    side = models.CharField(max_length=20, blank=True)
    culture = models.CharField(max_length=40, blank=True)
    site_number = models.SmallIntegerField(null=True, blank=True)
    site_block = models.CharField(max_length=20, blank=True)
    shadow_number = models.SmallIntegerField(null=True, blank=True)
    can_be_ring_bearer = models.BooleanField(default=False)
    base_id = models.CharField(max_length=40, blank=True)
    raw = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "name", "card_id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "card_id"], name="one_card_id_per_game")
        ]
        indexes = [models.Index(fields=["game", "norm_name"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.card_id})"


class Format(models.Model):
    """Construction rules as data (rules_engine.deckrules.FormatDef in a table)."""

    class Source(models.TextChoices):
        BUILTIN = "builtin", "Rulebook / CoE (built in)"
        COMMUNITY = "community", "Community (imported)"
        CUSTOM = "custom", "Director's custom format"

    game = models.CharField(max_length=20, choices=DeckGame.choices)
    key = models.SlugField(max_length=100)
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    rule_source = models.CharField(max_length=200, blank=True)
    based_on = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="derived"
    )
    rules = models.JSONField(default=dict)
    source = models.CharField(max_length=20, choices=Source.choices, default=Source.CUSTOM)
    builtin = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    order = models.IntegerField(default=1000)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "order", "name"]
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="one_format_key_per_game")
        ]

    def __str__(self) -> str:
        return self.name


class DeckList(models.Model):
    """One of a player's deck lists for one event; every submission is a DeckListVersion.

    ``slot`` says which of his lists it is when the event asks for several (RULES.md §8):
    a format key, or "vs-hero" / "vs-minion" (tournaments.rules.deck_choice); "" is the
    one list of an event of one deck per player."""

    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="decklists"
    )
    slot = models.CharField(max_length=100, blank=True, default="")
    # General Opponent: the list of the pair that also faces Fallen-wizards.
    faces_fallen_wizards = models.BooleanField(default=False)
    current_version = models.ForeignKey(
        "DeckListVersion", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["registration", "slot"], name="one_decklist_per_slot")
        ]

    def __str__(self) -> str:
        return f"Deck list of {self.registration}" + (f" ({self.slot})" if self.slot else "")


class DeckListVersion(models.Model):
    decklist = models.ForeignKey(DeckList, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    text = models.TextField()
    format_key = models.CharField(max_length=100, blank=True)
    player_type = models.CharField(max_length=20, blank=True)
    parsed = models.JSONField(default=dict)
    verdict = models.JSONField(default=dict)
    legal = models.BooleanField(default=False)
    problems_count = models.PositiveIntegerField(default=0)
    submitted_at = models.DateTimeField(default=timezone.now)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["decklist", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["decklist", "number"], name="one_version_number_per_list"
            )
        ]

    def __str__(self) -> str:
        return f"{self.decklist} v{self.number}"
