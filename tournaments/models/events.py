"""Events: what is played, where and when, under which rule readings, and the
event's own options (top cut, pairs to avoid, fixed tables)."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils import timezone

from tournaments.models.staff import EventStaff
from tournaments.rules import deck_choice


class GameSystem(models.TextChoices):
    LORE = "lore", "LoRE"
    METW = "metw", "Middle-earth: The Wizards"
    LOTR_TCG = "lotr-tcg", "The Lord of the Rings TCG"
    LOTR_DICE = "lotr-dice", "The Lord of the Rings Dice Building Game"


class DecksPerPlayer(models.TextChoices):
    ONE = deck_choice.ONE_DECK, "One deck"
    PER_FORMAT = deck_choice.PER_FORMAT, "A deck per format of the rounds"
    GENERAL_OPPONENT = deck_choice.GENERAL_OPPONENT, "Against hero and against minion opponents"


class EventQuerySet(models.QuerySet["Event"]):
    def visible_to(self, user: object) -> EventQuerySet:
        """The events ``user`` may see: every event but the drafts, and a draft only to
        its organizer, its staff (co-directors, judges) and the site's staff. Every face
        (pages, API, feeds, the draft guard) finds an event through this one rule."""
        if not getattr(user, "is_authenticated", False):
            return self.exclude(status=Event.Status.DRAFT)
        if getattr(user, "is_staff", False):
            return self
        pk: Any = getattr(user, "pk", None)
        on_staff = Exists(EventStaff.objects.filter(event=OuterRef("pk"), user_id=pk))
        return self.filter(~Q(status=Event.Status.DRAFT) | Q(organizer_id=pk) | on_staff)


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        REGISTRATION = "registration", "Registration open"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=220, unique=True)
    # The same on every site the event travels to (a venue's laptop, a league's server):
    # an import of its export finds the event by it and updates it instead of adding one.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_events"
    )
    game = models.CharField(max_length=20, choices=GameSystem.choices)
    # A format key understood by decks.services
    # (e.g. "coe", "fellowship-block", a custom format's slug).
    format_key = models.CharField(max_length=100, blank=True)
    multiplayer = models.BooleanField(default=False)
    sanctioned = models.BooleanField(
        default=False, help_text="Sanctioned events are rated (000 Part VI §3)."
    )
    decklists_required = models.BooleanField(default=False)
    # How many lists a player registers (RULES.md §8): one, one per format the event's
    # rounds use, or the General Opponent pair (tournaments.rules.deck_choice).
    decks_per_player = models.CharField(
        max_length=20, choices=DecksPerPlayer.choices, default=DecksPerPlayer.ONE
    )
    deck_deadline = models.DateTimeField(null=True, blank=True)
    decklists_published = models.BooleanField(default=False)
    planned_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Leave empty to use the rulebook's table by player count."
    )
    round_minutes = models.PositiveSmallIntegerField(default=60)
    break_minutes = models.PositiveSmallIntegerField(default=15)
    starts_at = models.DateTimeField(null=True, blank=True)
    location = models.CharField(max_length=200, blank=True)
    # The venue's zone: every date and time of the event is written in it.
    time_zone = models.CharField(max_length=64, default=settings.TIME_ZONE)
    description = models.TextField(blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    # The tiebreak chain after tournament points, as metric names (tournaments.standings.TIEBREAKS).
    tiebreaks = models.JSONField(default=list, blank=True)
    # Per-event rule readings (rules_engine.ScoringSettings fields), e.g. {"half_cap": "round-up"}.
    scoring_settings = models.JSONField(default=dict, blank=True)
    # The preset the event started from (tournaments.rules.presets); its settings stay
    # the director's to change.
    preset = models.CharField(max_length=40, blank=True, default="rulebook")
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Set when the director called the event off: it is finished as it stands, never rated.
    cancelled_at = models.DateTimeField(null=True, blank=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["-starts_at", "-created_at"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("event-detail", args=[self.slug])


class EventSettings(models.Model):
    """The options of one event: the top cut, and the pairing constraints."""

    class TieRule(models.TextChoices):
        REPLAY = "replay", "Replay the game"
        DIRECTOR = "director", "The director decides"

    class PlayoffKind(models.TextChoices):
        SINGLE = "single", "Single elimination"
        DOUBLE = "double", "Double elimination"

    event = models.OneToOneField(
        "tournaments.Event", on_delete=models.CASCADE, related_name="settings"
    )
    # 0 = no playoff (the rulebook's own events have none), else 2, 4, 8, 16 or 32 (single
    # elimination) or 2 to 64 (double elimination).
    top_cut = models.PositiveSmallIntegerField(default=0)
    playoff_tie = models.CharField(max_length=20, choices=TieRule.choices, default=TieRule.REPLAY)
    # Single elimination (the default) or double elimination (RULES.md §8, PC Worlds).
    playoff_kind = models.CharField(max_length=10, choices=PlayoffKind.choices, default="single")
    # Double elimination: the grand final is played again when the lower-bracket
    # champion wins it (RULES.md §8 reading: no reset unless the event sets it).
    playoff_reset = models.BooleanField(default=False)
    # Double elimination: the deck format of each bracket side (a format key; blank: the
    # event's own). The grand final is played in the upper bracket's format.
    playoff_upper_format = models.CharField(max_length=100, blank=True)
    playoff_lower_format = models.CharField(max_length=100, blank=True)
    # Games in a playoff match (best of N, RULES.md §8), and in the final (the grand
    # final and its reset in double elimination); 1 is the single game of the rulebook.
    playoff_best_of = models.PositiveSmallIntegerField(default=1)
    final_best_of = models.PositiveSmallIntegerField(default=1)
    # Best of N: the loser of each game chooses the next game's format (PC Worlds).
    loser_chooses_format = models.BooleanField(default=False)
    # [[registration id, registration id], ...]: never pair these two (family, same club).
    avoid_pairs = models.JSONField(default=list, blank=True)
    # {registration id: table number}: players who always sit at the same table.
    fixed_tables = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return f"{self.event} settings"
