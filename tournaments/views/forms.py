"""Forms for the tournament pages. They check the shape of the input; the rules are the
services' (a refused operation comes back as a message on the page)."""

from __future__ import annotations

from typing import Any, cast
from zoneinfo import available_timezones

from django import forms
from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rules_engine import GAME_SYSTEMS, ScoringSettings
from tournaments import extensions
from tournaments.models import Event, GameSystem, Penalty
from tournaments.rules import deck_choice
from tournaments.rules.limits import (
    BREAK_MINUTES,
    DEFAULT_BREAK_MINUTES,
    DEFAULT_ROUND_MINUTES,
    HALF_CAP_CHOICES,
    LOTR_TCG_POINTS,
    METW_ELIMINATION_POINTS,
    PLANNED_ROUNDS,
    ROUND_MINUTES,
)
from tournaments.words.decks_played import MODE_WORDS

DEFAULTS = ScoringSettings()


def _site_zone() -> str:
    return settings.TIME_ZONE


TIEBREAK_SLOTS = 4
# The settings that belong to one game only: the form shows them for that game alone.
GAME_OF_FIELD = {
    "half_cap": "metw",
    "elimination_winner": "metw",
    "elimination_loser": "metw",
    "lotr_tcg_win_points": "lotr-tcg",
    "lotr_tcg_rating_points": "lotr-tcg",
}


def tiebreak_choices() -> list[tuple[str, str | Promise]]:
    """Every tiebreak of the registry, by its label (never its key)."""
    from tournaments.standings import TIEBREAKS

    names = {"fewer_losses": _("fewer losses")}
    return [("", "—")] + [
        (key, names.get(key) or _(getattr(TIEBREAKS[key], "label", key))) for key in TIEBREAKS
    ]


def default_tiebreaks() -> list[str]:
    from tournaments.standings import DEFAULT_TIEBREAKS

    return list(DEFAULT_TIEBREAKS)


def _translated(choices: list[tuple[str, str]]) -> list[tuple[str, Any]]:
    """Model choice labels in the page's language (msgids in tournaments/words/labels.py)."""
    return [(key, _(label)) for key, label in choices]


def format_choice_groups() -> list[tuple[str, Any]]:
    """Formats per game, from the deck app registered in tournaments.extensions."""
    groups: list[tuple[str, Any]] = [("", _("— none / not checked —"))]
    for key, label in GameSystem.choices:
        rows = extensions.format_choices(key)
        if rows:
            groups.append((label, [(f"{key}:{k}", name) for k, name in rows]))
    return groups if len(groups) > 1 else []


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format="%Y-%m-%dT%H:%M", **kwargs)


class EventForm(forms.Form):
    name = forms.CharField(max_length=200, label=_("Name"))
    game = forms.ChoiceField(choices=lambda: _translated(GameSystem.choices), label=_("Game"))
    format_key = forms.CharField(
        max_length=120, required=False, label=_("Format"),
        help_text=_("The deck construction format, checked against submitted deck lists."),
    )  # fmt: skip
    multiplayer = forms.BooleanField(
        required=False, label=_("Multi-player (pods of 3–5)"),
        help_text=_("000 Part VI §3: half as many rounds; 12 players to be sanctioned."),
    )  # fmt: skip
    sanctioned = forms.BooleanField(
        required=False, label=_("Sanctioned (rated)"),
        help_text=_("Needs at least 5 players (12 multi-player)."),
    )  # fmt: skip
    decklists_required = forms.BooleanField(
        required=False, label=_("Deck lists required"),
        help_text=_("Shown on the event page: the rulebook says the announcement must say so."),
    )  # fmt: skip
    decks_per_player = forms.ChoiceField(
        choices=lambda: [(k, str(v)) for k, v in MODE_WORDS.items()],
        initial=deck_choice.ONE_DECK, required=False, label=_("Deck lists per player"),
        help_text=_("One list; a list for each format the rounds use; or the General "
                    "Opponent pair (METW: against hero and against minion opponents)."),
    )  # fmt: skip
    deck_deadline = forms.DateTimeField(
        required=False, widget=DateTimeInput(), label=_("Deck list deadline")
    )
    starts_at = forms.DateTimeField(required=False, widget=DateTimeInput(), label=_("Starts at"))
    location = forms.CharField(max_length=200, required=False, label=_("Location"))
    time_zone = forms.ChoiceField(
        choices=lambda: [(z, z) for z in sorted(available_timezones())],
        initial=settings.TIME_ZONE,
        required=False,
        label=_("Time zone of the venue"),
        help_text=_("Every date and time of the event is shown in this zone."),
    )
    description = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 5}), label=_("Description")
    )
    planned_rounds = forms.IntegerField(
        required=False, **PLANNED_ROUNDS.field_kwargs(), label=_("Number of rounds"),
        help_text=_("Leave empty to use the rulebook's table by player count "
                    "(5–8 players 3, 9–16 4, 17–32 5, 33–64 6)."),
    )  # fmt: skip
    round_minutes = forms.IntegerField(
        **ROUND_MINUTES.field_kwargs(), initial=DEFAULT_ROUND_MINUTES, label=_("Round minutes")
    )
    break_minutes = forms.IntegerField(
        **BREAK_MINUTES.field_kwargs(), initial=DEFAULT_BREAK_MINUTES, label=_("Break minutes")
    )
    half_cap = forms.ChoiceField(
        choices=HALF_CAP_CHOICES,
        initial=DEFAULTS.half_cap, label=_("METW Free Council half cap"),
    )  # fmt: skip
    elimination_winner = forms.IntegerField(
        **METW_ELIMINATION_POINTS.field_kwargs(), initial=DEFAULTS.metw_elimination_points[0],
        label=_("METW Wizard eliminated: winner's points"),
    )  # fmt: skip
    elimination_loser = forms.IntegerField(
        **METW_ELIMINATION_POINTS.field_kwargs(), initial=DEFAULTS.metw_elimination_points[1],
        label=_("METW Wizard eliminated: loser's points"),
    )  # fmt: skip
    lotr_tcg_win_points = forms.IntegerField(
        **LOTR_TCG_POINTS.field_kwargs(), initial=DEFAULTS.lotr_tcg_win_points,
        label=_("LOTR TCG: points for a win"),
    )  # fmt: skip
    lotr_tcg_rating_points = forms.IntegerField(
        required=False, min_value=1, max_value=LOTR_TCG_POINTS.high,
        initial=DEFAULTS.lotr_tcg_rating_points,
        label=_("LOTR TCG: a win's tournament points for ratings"),
        help_text=_("The rating formula needs the winner's points; 5 by default."),
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        chain = default_tiebreaks()
        ordinals = [_("First tiebreak"), _("Second tiebreak"), _("Third tiebreak"),
                    _("Fourth tiebreak")]  # fmt: skip
        for i in range(TIEBREAK_SLOTS):
            self.fields[f"tiebreak_{i + 1}"] = forms.ChoiceField(
                choices=tiebreak_choices(), required=False, label=ordinals[i],
                initial=chain[i] if i < len(chain) else "",
                help_text=_("After tournament points, in this order (000 Part VI §3 by default).")
                if i == 0 else "",
            )  # fmt: skip
        for name, game in GAME_OF_FIELD.items():
            self.fields[name].game = game  # type: ignore[attr-defined]
        self.order_fields(
            [*list(self.fields)[: list(self.fields).index("break_minutes") + 1],
             *(f"tiebreak_{i + 1}" for i in range(TIEBREAK_SLOTS))]
        )  # fmt: skip
        groups = format_choice_groups()
        if len(groups) > 1:
            self.fields["format_key"] = forms.ChoiceField(
                choices=groups, required=False, label=_("Format"),
                help_text=_("The deck construction format (for the chosen game)."),
            )  # fmt: skip

    def _tiebreak_chain(self, data: dict[str, Any]) -> list[str]:
        """The chosen tiebreaks in order; the rulebook's chain is stored as the default."""
        chain: list[Any] = [data.get(f"tiebreak_{i + 1}") for i in range(TIEBREAK_SLOTS)]
        chain = [t for t in chain if t]
        if len(set(chain)) != len(chain):
            self.add_error("tiebreak_2", _("Each tiebreak can be chosen once."))
        return [] if chain == default_tiebreaks() else chain

    def clean(self) -> dict[str, Any]:
        data = self.cleaned_data
        data["tiebreaks"] = self._tiebreak_chain(data)
        key = data.get("format_key") or ""
        if ":" in key:
            game, _sep, fmt = key.partition(":")
            if data.get("game") and game != data["game"]:
                self.add_error("format_key", _("This format belongs to another game."))
            data["format_key"] = fmt
        game = GAME_SYSTEMS.get(data.get("game") or "")
        if data.get("multiplayer") and game is not None and game.multiplayer_seats is None:
            self.add_error("multiplayer", _("This game has no multi-player game."))
        win, lose = data.get("elimination_winner"), data.get("elimination_loser")
        if win is not None and lose is not None and win < lose:
            self.add_error("elimination_loser", _("The loser cannot get more than the winner."))
        return data

    def event_data(self) -> dict[str, Any]:
        d = self.cleaned_data
        settings: dict[str, Any] = {}
        if d["half_cap"] != DEFAULTS.half_cap:
            settings["half_cap"] = d["half_cap"]
        elim = [d["elimination_winner"], d["elimination_loser"]]
        if tuple(elim) != DEFAULTS.metw_elimination_points:
            settings["metw_elimination_points"] = elim
        if d["lotr_tcg_win_points"] != DEFAULTS.lotr_tcg_win_points:
            settings["lotr_tcg_win_points"] = d["lotr_tcg_win_points"]
        rating_points = d.get("lotr_tcg_rating_points") or DEFAULTS.lotr_tcg_rating_points
        if rating_points != DEFAULTS.lotr_tcg_rating_points:
            settings["lotr_tcg_rating_points"] = rating_points
        return {
            "name": d["name"], "game": d["game"], "format_key": d.get("format_key") or "",
            "multiplayer": d["multiplayer"], "sanctioned": d["sanctioned"],
            "decklists_required": d["decklists_required"], "deck_deadline": d["deck_deadline"],
            "decks_per_player": d.get("decks_per_player") or deck_choice.ONE_DECK,
            "starts_at": d["starts_at"], "location": d["location"],
            "time_zone": d.get("time_zone") or _site_zone(), "description": d["description"],
            "planned_rounds": d["planned_rounds"],
            "round_minutes": d["round_minutes"], "break_minutes": d["break_minutes"],
            "tiebreaks": d["tiebreaks"], "scoring_settings": settings,
        }  # fmt: skip

    @classmethod
    def initial_for(cls, event: Event) -> dict[str, Any]:
        settings = event.scoring_settings or {}
        elim = settings.get("metw_elimination_points", DEFAULTS.metw_elimination_points)
        fmt = f"{event.game}:{event.format_key}" if event.format_key else ""
        chain = event.tiebreaks or default_tiebreaks()
        return {
            "name": event.name, "game": event.game, "format_key": fmt,
            "multiplayer": event.multiplayer, "sanctioned": event.sanctioned,
            "decklists_required": event.decklists_required,
            "decks_per_player": event.decks_per_player,
            "deck_deadline": event.deck_deadline, "starts_at": event.starts_at,
            "location": event.location, "time_zone": event.time_zone,
            "description": event.description,
            "planned_rounds": event.planned_rounds, "round_minutes": event.round_minutes,
            "break_minutes": event.break_minutes,
            **{f"tiebreak_{i + 1}": t for i, t in enumerate(chain)},
            "half_cap": settings.get("half_cap", DEFAULTS.half_cap),
            "elimination_winner": elim[0], "elimination_loser": elim[1],
            "lotr_tcg_win_points": settings.get(
                "lotr_tcg_win_points", DEFAULTS.lotr_tcg_win_points
            ),
            "lotr_tcg_rating_points": settings.get(
                "lotr_tcg_rating_points", DEFAULTS.lotr_tcg_rating_points
            ),
        }  # fmt: skip


class WalkinForm(forms.Form):
    display_name = forms.CharField(max_length=100, label=_("Name"))
    membership_number = forms.CharField(max_length=40, required=False, label=_("Membership number"))
    # An account holder named by his number, e-mail or name is entered as himself.
    email = forms.EmailField(required=False, label=_("E-mail"))
    confirm_duplicate = forms.BooleanField(
        required=False, label=_("Add anyway: not the same person as an entry already in")
    )


class PenaltyForm(forms.Form):
    registration = forms.TypedChoiceField(coerce=int, label=_("Player"))
    offense = forms.ChoiceField(
        choices=lambda: _translated(Penalty.Offense.choices), label=_("Offense")
    )
    kind = forms.ChoiceField(
        choices=lambda: _translated(Penalty.Kind.choices),
        initial=Penalty.Kind.WARNING,
        label=_("Kind"),
    )
    note = forms.CharField(max_length=500, required=False, label=_("Note"))
    # 000 Part VI §3: two "other" warnings are the same offense only when the director says so.
    repeats = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        label=_("Repeats an earlier warning for another offense"),
    )

    def __init__(self, *args: Any, registrations: Any = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["registration"]).choices = [
            (r.pk, r.player.display_name) for r in registrations
        ]
        earlier = Penalty.objects.filter(
            registration__in=[r.pk for r in registrations],
            kind=Penalty.Kind.WARNING,
            offense=Penalty.Offense.OTHER,
            rescission__isnull=True,
        ).select_related("registration__player")
        cast(forms.ChoiceField, self.fields["repeats"]).choices = [("", _("No: a new offense"))] + [
            (p.pk, f"{p.registration.player.display_name}: {p.note or '—'}") for p in earlier
        ]


COUNCIL_FIELDS = (
    "character", "item", "faction", "ally", "kill", "miscellaneous", "revealed_duplicates",
)  # fmt: skip


def council_from_post(post: Any, seat_ids: list[int]) -> dict[str, Any] | None:
    """The result form's "Count the Free Council" section (METW), as the services read it:
    None unless its box is ticked. Blank boxes are 0; the service checks every number."""
    if post.get("use_council") not in ("on", "1", "true"):
        return None
    return {
        "seats": [
            {
                "registration": rid,
                **{f: (post.get(f"council_{rid}_{f}") or "").strip() for f in COUNCIL_FIELDS},
                "avatar_eliminated": post.get(f"council_{rid}_avatar_eliminated") == "on",
            }
            for rid in seat_ids
        ]
    }


def tiebreak_confirmation() -> forms.BooleanField:
    """Shown once round 1 is paired: a new tiebreak order reorders standings players
    have already seen, so the director confirms it."""
    return forms.BooleanField(
        required=False,
        label=_("I change the tiebreak order after round 1 on purpose"),
        help_text=_("The standings already shown will change order; the change is recorded."),
    )
