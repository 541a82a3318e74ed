"""Forms for the calculator pages (plain POST, no JavaScript needed)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from calculators.services import outcome_choices
from rules_engine import GAME_SYSTEMS
from rules_engine.checking import MAX_MPS, MAX_ROUND
from rules_engine.free_council import CATEGORIES, MAX_CATEGORY, MAX_REVEALS

SEAT_ROWS = 5  # the largest table any MP game has (a LoRE pod of 5)


def number(**kwargs: Any) -> forms.IntegerField:
    kwargs.setdefault("required", False)
    field = forms.IntegerField(**kwargs)
    # inputmode gives phones a numeric keypad that still has the minus sign.
    field.widget.attrs.update({"inputmode": "numeric"})
    return field


class ScoreForm(forms.Form):
    game = forms.ChoiceField(
        choices=[(k, s.name) for k, s in GAME_SYSTEMS.items()],  # by name, never the key
        initial="lore",
        label=_("Game"),
    )
    round = number(
        min_value=1,
        max_value=MAX_ROUND,
        initial=1,
        required=True,
        label=_("Round number"),
        help_text=_("For the bye: 6 in round 1, 5 in round 2, 4 later."),
    )
    multiplayer = forms.BooleanField(
        required=False,
        label=_("Multi-player game"),
        help_text=_("LoRE pods of 3–5, LOTR Dice 2–4, LOTR TCG 2–8."),
    )
    outcome = forms.ChoiceField(
        choices=outcome_choices, initial="normal", label=_("How the game ended")
    )
    winner = forms.CharField(
        required=False,
        max_length=100,
        label=_("Winner (optional for MP games)"),
        help_text=_("Needed for a One Ring win, a Wizard eliminated and every LOTR TCG game."),
    )
    time_called = forms.BooleanField(
        required=False,
        label=_("Time was called"),
        help_text=_("Scored the same way by the MPs when the game was stopped."),
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for i in range(1, SEAT_ROWS + 1):
            self.fields[f"player_{i}"] = forms.CharField(
                required=False, max_length=100, label=_("Seat %(n)s: player") % {"n": i}
            )
            self.fields[f"mps_{i}"] = number(
                min_value=-MAX_MPS, max_value=MAX_MPS, label=_("Seat %(n)s: MPs") % {"n": i}
            )

    def seat_rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [(self[f"player_{i}"], self[f"mps_{i}"]) for i in range(1, SEAT_ROWS + 1)]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        seats = []
        for i in range(1, SEAT_ROWS + 1):
            name = (data.get(f"player_{i}") or "").strip()
            mps = data.get(f"mps_{i}")
            if not name and mps is None:
                continue  # an unused row
            if not name:
                self.add_error(f"player_{i}", _("Name the player in this seat, or clear the MPs."))
                continue
            seats.append({"player": name, "mps": mps})
        data["seats"] = seats
        return data


class CouncilOptionsForm(forms.Form):
    half_cap = forms.ChoiceField(
        choices=[
            ("exact", _("Exact half — reproduces the rulebook's example (default)")),
            ("round-up", _("Half rounded up — the rule's words read literally")),
        ],
        initial="exact",
        widget=forms.RadioSelect,
        label=_("Half-cap reading"),
    )
    round = number(
        min_value=1, max_value=MAX_ROUND, initial=1, required=True, label=_("Round number")
    )


CATEGORY_LABELS = {
    "character": _("Character"),
    "item": _("Item (major, greater, rings)"),
    "faction": _("Faction"),
    "ally": _("Ally"),
    "kill": _("Kill"),
    "miscellaneous": _("Miscellaneous"),
}


class CouncilPlayerForm(forms.Form):
    player = forms.CharField(required=False, max_length=100, label=_("Player"))
    revealed_duplicates = number(
        min_value=0,
        max_value=MAX_REVEALS,
        label=_("Duplicates revealed"),
        help_text=_("Opponent's unique cards in play you reveal from your hand (−1 each to him)."),
    )
    avatar_eliminated = forms.BooleanField(
        required=False, label=_("Avatar eliminated (CoE: −5, last)")
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        for c in CATEGORIES:
            self.fields[c] = number(
                min_value=-MAX_CATEGORY, max_value=MAX_CATEGORY, label=CATEGORY_LABELS[c]
            )
        # Show the categories first, in the rulebook's order.
        order = ["player", *CATEGORIES, "revealed_duplicates", "avatar_eliminated"]
        self.order_fields(order)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        for c in (*CATEGORIES, "revealed_duplicates"):
            if data.get(c) is None and c not in self.errors:
                data[c] = 0
        return data
