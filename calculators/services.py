"""The calculators' operations, shared by the pages and the API.

Nothing is stored: each operation turns already-shape-checked input (from a DRF
serializer or a Django form) into engine values, asks the rules engine, and turns
the answer into plain data. The rules themselves live in ``rules_engine``; a
result the engine refuses raises ``rules_engine.InvalidResult``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext

from rules_engine import (
    GAME_SYSTEMS,
    GameResult,
    GameScore,
    ScoringSettings,
    Seat,
    bye_points,
    get_game,
    score_game,
)
from rules_engine.free_council import (
    CATEGORIES,
    CapReduction,
    CouncilInput,
    CouncilResult,
    CouncilSide,
    Doubling,
    count_free_council,
)
from tournaments.words.problems import band_words, explanation_words, phrase_words


def _none_if_blank(value: Any) -> Any:
    if isinstance(value, str) and not value.strip():
        return None
    return value.strip() if isinstance(value, str) else value


def build_settings(data: Mapping[str, Any] | None) -> ScoringSettings:
    data = data or {}
    defaults = ScoringSettings()
    elim = data.get("metw_elimination_points")
    return ScoringSettings(
        metw_elimination_points=tuple(elim)
        if elim is not None
        else defaults.metw_elimination_points,
        lotr_tcg_win_points=data.get("lotr_tcg_win_points", defaults.lotr_tcg_win_points),
        lotr_tcg_rating_points=data.get("lotr_tcg_rating_points", defaults.lotr_tcg_rating_points),
        half_cap=data.get("half_cap", defaults.half_cap),
    )


def build_result(data: Mapping[str, Any]) -> GameResult:
    """A GameResult from the calculator's fields (API names: "round", "seats", ...)."""
    seats = tuple(
        Seat(player=(s.get("player") or "").strip(), mps=s.get("mps"))
        for s in data.get("seats", ())
    )
    return GameResult(
        game=data["game"],
        seats=seats,
        round_number=data.get("round", 1),
        multiplayer=bool(data.get("multiplayer", False)),
        outcome=_none_if_blank(data.get("outcome")) or "normal",
        winner=_none_if_blank(data.get("winner")),
        time_called=bool(data.get("time_called", False)),
        one_ring=_none_if_blank(data.get("one_ring")),
    )


def score(data: Mapping[str, Any]) -> dict[str, Any]:
    """Score one game; raises InvalidResult with every reason when it cannot happen."""
    result = build_result(data)
    settings = build_settings(data.get("settings"))
    return score_to_dict(result, score_game(result, settings), settings)


def score_to_dict(
    result: GameResult, score: GameScore, settings: ScoringSettings | None = None
) -> dict[str, Any]:
    system = get_game(result.game)
    mps = {s.player: s.mps for s in result.seats}
    return {
        "game": system.key,
        "game_name": system.name,
        "round": result.round_number,
        "multiplayer": result.multiplayer,
        "outcome": score.outcome_key,
        "outcome_label": gettext(system.label(score.outcome_key)),
        "time_called": score.time_called,
        "winner": score.winner,
        "winners": list(score.winners),
        "points": dict(score.points),
        "results": dict(score.outcome),
        "band": band_words(score),
        "band_key": score.band_key,
        "seats": [
            {
                "player": p,
                "mps": mps.get(p),
                "points": score.points[p],
                "result": score.outcome[p],
                "band_key": score.player_bands.get(p, score.band_key),
            }
            for p in score.points
        ],
        "explanation": explanation_words(score),
        "rated": [
            {
                "player": r.player,
                "opponents": list(r.opponents),
                "result": r.result,
                "points": r.points,
            }
            for r in score.rated
        ],
        "bye_points": bye_points(system.key, result.round_number, settings),
    }


def build_council_inputs(players: Sequence[Mapping[str, Any]]) -> tuple[CouncilInput, CouncilInput]:
    sides = []
    for i, p in enumerate(players, start=1):
        name = (p.get("player") or "").strip() or f"Player {i}"
        sides.append(
            CouncilInput(
                player=name,
                **{c: p.get(c, 0) for c in CATEGORIES},
                revealed_duplicates=p.get("revealed_duplicates", 0),
                avatar_eliminated=bool(p.get("avatar_eliminated", False)),
            )
        )
    return sides[0], sides[1]


def free_council(data: Mapping[str, Any]) -> dict[str, Any]:
    """Count a METW Free Council and the tournament points it gives."""
    a, b = build_council_inputs(data["players"])
    council = count_free_council(a, b, data.get("half_cap") or "exact")
    round_number = data.get("round", 1)
    result = council.game_result(round_number)
    game_score = score_game(result)
    return council_to_dict(council) | {"score": score_to_dict(result, game_score)}


def _reason(step: Doubling | CapReduction) -> str:
    return phrase_words(step.reason_words) if step.reason_words else step.reason


def _side_dict(side: CouncilSide) -> dict[str, Any]:
    return {
        "player": side.player,
        "start": side.start,
        "start_total": side.start_total,
        "doubling": [
            {"category": d.category, "from": d.before, "to": d.after, "reason": _reason(d)}
            for d in side.doubled
        ],
        "after_doubling": side.after_doubling,
        "after_doubling_total": side.after_doubling_total,
        "half_cap": [
            {
                "category": c.category,
                "from": c.before,
                "to": c.after,
                "total_before": c.total_before,
                "total_after": c.total_after,
                "reason": _reason(c),
            }
            for c in side.caps
        ],
        "after_half_cap": side.after_cap,
        "after_half_cap_total": side.after_cap_total,
        "revealed_against": side.revealed_against,
        "after_reveals": side.after_reveals,
        "avatar_penalty": side.avatar_penalty,
        "after_avatar": side.after_avatar,
        "final": side.final,
        "steps": list(side.steps),
    }


def council_to_dict(council: CouncilResult) -> dict[str, Any]:
    return {
        "half_cap": council.half_cap,
        "players": [_side_dict(s) for s in council.players],
        "winner": council.winner,
        "tie": council.tie,
    }


def outcome_choices() -> list[tuple[str, str]]:
    """Every outcome any game allows, labelled with the games it belongs to."""
    seen: dict[str, tuple[str, list[str]]] = {}
    for system in GAME_SYSTEMS.values():
        for key in ("normal", *system.outcomes):
            if key == system.default_outcome and key != "normal":
                continue  # shown as "normal" for that game
            _label, games = seen.setdefault(key, (gettext(system.label(key)), []))
            games.append(system.name)
    labels = {
        "normal": gettext("Played to the end (MPs / Glory counted, or the LOTR TCG winner named)")
    }
    return [
        (key, labels.get(key) or f"{label} ({', '.join(games)})")
        for key, (label, games) in seen.items()
    ]
