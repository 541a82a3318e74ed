"""The tournaments app's models, one module per domain; this package only re-exports them."""

from tournaments.models.claims import EntryClaim
from tournaments.models.events import DecksPerPlayer, Event, EventSettings, GameSystem
from tournaments.models.exports import ExportJob
from tournaments.models.matches import TableGame
from tournaments.models.penalties import Penalty, PenaltyRescission
from tournaments.models.playoff import PlayoffGame, PlayoffMatch
from tournaments.models.records import ServerRecord
from tournaments.models.registration import BulkAction, Player, PlayerContact, Registration
from tournaments.models.results import ResultChange
from tournaments.models.rooms import GameRoomSettings
from tournaments.models.rounds import Round, Seat, Table
from tournaments.models.staff import EventStaff
from tournaments.models.stages import LeagueGame, Stage, StageKind, StageScoring
from tournaments.models.standings import StandingsSnapshot, StandingsSnapshotRow
from tournaments.models.windows import DeadlineReminder, RoundWindow

__all__ = [
    "BulkAction",
    "DeadlineReminder",
    "DecksPerPlayer",
    "EntryClaim",
    "Event",
    "EventSettings",
    "EventStaff",
    "ExportJob",
    "GameRoomSettings",
    "GameSystem",
    "LeagueGame",
    "Penalty",
    "PenaltyRescission",
    "Player",
    "PlayerContact",
    "PlayoffGame",
    "PlayoffMatch",
    "Registration",
    "ResultChange",
    "Round",
    "RoundWindow",
    "Seat",
    "ServerRecord",
    "Stage",
    "StageKind",
    "StageScoring",
    "StandingsSnapshot",
    "StandingsSnapshotRow",
    "Table",
    "TableGame",
]
