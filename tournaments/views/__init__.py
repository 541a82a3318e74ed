"""Pages for events, one module per audience: public pages, the player's pages, the director's
dashboard and its buttons, paper, and the projector. URL names are in tournaments/urls.py."""

from tournaments.views.director import dashboard, event_create, event_edit
from tournaments.views.director_actions import director_action
from tournaments.views.player import my_event, register, self_drop, table_action
from tournaments.views.printing import print_pairings, print_slips, print_standings
from tournaments.views.projector import (
    clock_action,
    projector_clock,
    projector_pairings,
    projector_standings,
)
from tournaments.views.public import (
    event_detail,
    event_list,
    my_events,
    pairings,
    player_detail,
    round_timer,
    standings,
)

__all__ = [
    "clock_action",
    "dashboard",
    "director_action",
    "event_create",
    "event_detail",
    "event_edit",
    "event_list",
    "my_event",
    "my_events",
    "pairings",
    "player_detail",
    "print_pairings",
    "print_slips",
    "print_standings",
    "projector_clock",
    "projector_pairings",
    "projector_standings",
    "register",
    "round_timer",
    "self_drop",
    "standings",
    "table_action",
]
