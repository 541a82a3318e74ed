"""The tournaments app's models, one module per domain; this package only re-exports them."""

from tournaments.models.claims import EntryClaim
from tournaments.models.events import Event, EventDaySettings, GameSystem
from tournaments.models.penalties import Penalty, PenaltyRescission
from tournaments.models.playoff import PlayoffMatch
from tournaments.models.registration import BulkAction, Player, PlayerContact, Registration
from tournaments.models.results import ResultChange
from tournaments.models.rounds import Round, Seat, Table
from tournaments.models.staff import EventStaff
from tournaments.models.standings import StandingsSnapshot, StandingsSnapshotRow

__all__ = [
    "BulkAction",
    "EntryClaim",
    "Event",
    "EventDaySettings",
    "EventStaff",
    "GameSystem",
    "Penalty",
    "PenaltyRescission",
    "Player",
    "PlayerContact",
    "PlayoffMatch",
    "Registration",
    "ResultChange",
    "Round",
    "Seat",
    "StandingsSnapshot",
    "StandingsSnapshotRow",
    "Table",
]
