"""The API schema's settings (drf-spectacular): its title, how enums are named, the
hooks that finish it. Read by organizer.settings."""

SPECTACULAR_SETTINGS = {
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "TITLE": "Middle-earth Tournament Organizer API",
    "DESCRIPTION": (
        "Events, registration, deck lists, Swiss pairings, results, standings and ratings "
        "for METW, LoRE, the LOTR TCG and the LOTR Dice Building Game. JSON bodies only; "
        "every refusal is RFC 9457 problem details (application/problem+json)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": r"/api/v[0-9]+",
    "SERVERS": [{"url": "/", "description": "This server"}],
    "CONTACT": {"name": "Tournament organizer maintainers"},
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.schema.postprocess",
    ],
    "ENUM_GENERATE_CHOICE_DESCRIPTION": False,
    # Several models have a "status"/"outcome" choice; name each enum once.
    "ENUM_NAME_OVERRIDES": {
        "EventStatusEnum": "tournaments.models.Event.Status",
        "RoundStatusEnum": "tournaments.models.Round.Status",
        "TableStatusEnum": "tournaments.models.Table.Status",
        "SeatOutcomeEnum": "tournaments.models.Seat.Outcome",
        "PenaltyKindEnum": "tournaments.models.Penalty.Kind",
        "GameSystemEnum": "tournaments.models.GameSystem",
        "WebhookTopicEnum": "webhooks.models.Topic",
        "DeckGameEnum": "decks.models.DeckGame",
        "StageKindEnum": "tournaments.models.StageKind",
        "StageScoringEnum": "tournaments.models.StageScoring",
        "HeatDrawEnum": "tournaments.rules.heats.DRAW_CHOICES",
    },
}
