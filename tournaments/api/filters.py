"""Query filters of the tournament collections: a value outside the choices is a 400."""

from __future__ import annotations

import django_filters

from tournaments.models import Event, GameSystem, Penalty, Registration, Round


class EventFilter(django_filters.FilterSet):
    game = django_filters.ChoiceFilter(choices=GameSystem.choices, help_text="Only this game.")
    status = django_filters.ChoiceFilter(choices=Event.Status.choices, help_text="Only this state.")

    class Meta:
        model = Event
        fields = ["game", "status"]


class RegistrationFilter(django_filters.FilterSet):
    checked_in = django_filters.BooleanFilter(help_text="Only checked-in (or not) players.")
    dropped = django_filters.BooleanFilter(help_text="Only dropped (or active) players.")

    class Meta:
        model = Registration
        fields = ["checked_in", "dropped"]


class RoundFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=Round.Status.choices, help_text="Only this state.")

    class Meta:
        model = Round
        fields = ["status"]


class PenaltyFilter(django_filters.FilterSet):
    kind = django_filters.ChoiceFilter(choices=Penalty.Kind.choices)
    registration = django_filters.NumberFilter(field_name="registration_id")

    class Meta:
        model = Penalty
        fields = ["kind", "registration"]
