"""The tournaments API, one module per area; the views are re-exported for api_urls."""

from tournaments.api.events import (
    EventDelete,
    EventDetail,
    EventFinish,
    EventListCreate,
    EventOpen,
    RegisterSelf,
    RegistrationCheckIn,
    RegistrationDrop,
    RegistrationReadd,
    Registrations,
    Walkins,
)
from tournaments.api.reports import (
    DirectorOptions,
    EventCancel,
    Export,
    ExportCsv,
    Penalties,
    Standings,
    TableVoid,
    results_csv,
)
from tournaments.api.rounds import (
    PairNextRound,
    RoundClock,
    RoundDetail,
    RoundRepair,
    Rounds,
    TableConfirm,
    TableDetail,
    TableDispute,
    TableReport,
    TableSet,
)

__all__ = [
    "EventDetail", "EventFinish", "EventListCreate", "EventOpen", "Export", "ExportCsv",
    "PairNextRound", "Penalties", "RegisterSelf", "RegistrationCheckIn", "RegistrationDrop",
    "RegistrationReadd", "Registrations", "RoundClock", "RoundDetail", "RoundRepair", "Rounds",
    "Standings", "TableConfirm", "TableDetail", "TableDispute", "TableReport", "TableSet",
    "Walkins", "results_csv",
]  # fmt: skip
# The director's void and "what next" (no stuck event).
__all__ += ["DirectorOptions", "EventCancel", "TableVoid"]
__all__ += ["EventDelete"]
