"""Calculator pages for people at the table: score a game, count a Free Council."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from calculators import services
from calculators.api import JASON, JESSICA
from calculators.forms import CATEGORY_LABELS, CouncilOptionsForm, CouncilPlayerForm, ScoreForm
from rules_engine import GAME_SYSTEMS, RATIO_TABLE, InvalidResult
from rules_engine.free_council import CATEGORIES
from rules_engine.scoring import bye_points_for_round
from rules_engine.words import CATEGORY_WORDS
from tournaments.words.problems import problem_words

# Problems the engine reports about one input are shown next to that input.
FIELD_FOR_PROBLEM = {
    "winner": "winner",
    "outcome": "outcome",
    "round": "round",
    "multiplayer": "multiplayer",
}


def index(request: HttpRequest) -> HttpResponse:
    games = [
        {
            "system": s,
            "seats": _seats_text(s.two_player_seats, s.multiplayer_seats),
            "outcomes": [_(s.label(o)) for o in s.outcomes],
        }
        for s in GAME_SYSTEMS.values()
    ]
    byes = [(r, bye_points_for_round(r)) for r in (1, 2, 3)]
    return render(
        request,
        "calculators/index.html",
        {"games": games, "ratio_table": RATIO_TABLE, "byes": byes},
    )


def _seats_text(two: tuple[int, int], multi: tuple[int, int] | None) -> str:
    text = f"{two[0]}" if two[0] == two[1] else f"{two[0]}–{two[1]}"
    if multi:
        text += _(", or %(low)s–%(high)s in multi-player") % {"low": multi[0], "high": multi[1]}
    return text


@require_http_methods(["GET", "POST"])
def score(request: HttpRequest) -> HttpResponse:
    result: dict[str, Any] | None = None
    if request.method == "POST":
        form = ScoreForm(request.POST)
        if form.is_valid():
            try:
                result = services.score(form.cleaned_data)
            except InvalidResult as exc:
                for problem in exc.problems:
                    form.add_error(
                        FIELD_FOR_PROBLEM.get(problem.field or ""), problem_words(problem)
                    )
    else:
        form = ScoreForm(initial={"player_1": "", "player_2": ""})
    status = 400 if request.method == "POST" and result is None else 200
    return render(
        request,
        "calculators/score.html",
        {
            "form": form,
            "result": result,
            "ratio_table": RATIO_TABLE,
            "system": GAME_SYSTEMS[result["game"]] if result else None,
        },
        status=status,
    )


@require_http_methods(["GET", "POST"])
def free_council(request: HttpRequest) -> HttpResponse:
    result: dict[str, Any] | None = None
    errors: list[str] = []
    if request.method == "POST":
        options = CouncilOptionsForm(request.POST)
        forms = [CouncilPlayerForm(request.POST, prefix=p) for p in ("a", "b")]
        if options.is_valid() and all(f.is_valid() for f in forms):
            result, errors = _count(options.cleaned_data, [f.cleaned_data for f in forms])
    elif request.GET.get("example") == "rulebook":
        # The 003 Part II §1 worked example, filled in and counted.
        half_cap = request.GET.get("half_cap")
        half_cap = half_cap if half_cap in ("exact", "round-up") else "exact"
        options = CouncilOptionsForm({"half_cap": half_cap, "round": 1})
        forms = [
            CouncilPlayerForm(_prefixed(JESSICA, "a"), prefix="a"),
            CouncilPlayerForm(_prefixed(JASON, "b"), prefix="b"),
        ]
        if options.is_valid() and all(f.is_valid() for f in forms):
            result, errors = _count(options.cleaned_data, [f.cleaned_data for f in forms])
    else:
        options = CouncilOptionsForm()
        forms = [
            CouncilPlayerForm(prefix="a", initial={"player": _("Player 1")}),
            CouncilPlayerForm(prefix="b", initial={"player": _("Player 2")}),
        ]
    invalid = request.method == "POST" and result is None
    return render(
        request,
        "calculators/free_council.html",
        {
            "options": options,
            "player_forms": forms,
            "result": result,
            "errors": errors,
            "rows": _step_rows(result) if result else [],
            "category_rows": _category_rows(result) if result else [],
        },
        status=400 if invalid else 200,
    )


def _as_post(data: dict[str, Any]) -> dict[str, Any]:
    return {k: ("on" if v is True else v) for k, v in data.items() if v is not False}


def _prefixed(data: dict[str, Any], prefix: str) -> dict[str, Any]:
    return {f"{prefix}-{k}": v for k, v in _as_post(data).items()}


def _count(options: dict[str, Any], players: list[dict[str, Any]]) -> tuple[dict | None, list[str]]:
    try:
        return services.free_council({"players": players, **options}), []
    except InvalidResult as exc:
        return None, [problem_words(p) for p in exc.problems]


def _step_rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps as table rows: one row per step, one column per player."""
    a, b = result["players"]

    def changes(side: dict[str, Any], key: str) -> str:
        items = side[key]
        if not items:
            return "—"
        return "; ".join(
            f"{_(CATEGORY_WORDS[c['category']])} {c['from']} → {c['to']}" for c in items
        )

    def why(side: dict[str, Any], key: str) -> str:
        return " ".join(c["reason"] + "." for c in side[key])

    return [
        {"step": _("Start"), "values": [a["start_total"], b["start_total"]], "total": True},
        {
            "step": _("Doubling"),
            "values": [changes(a, "doubling"), changes(b, "doubling")],
            "notes": [why(a, "doubling"), why(b, "doubling")],
        },
        {
            "step": _("After doubling"),
            "values": [a["after_doubling_total"], b["after_doubling_total"]],
            "total": True,
        },
        {
            "step": _("Half cap"),
            "values": [changes(a, "half_cap"), changes(b, "half_cap")],
            "notes": [why(a, "half_cap"), why(b, "half_cap")],
        },
        {
            "step": _("After half cap"),
            "values": [a["after_half_cap_total"], b["after_half_cap_total"]],
            "total": True,
        },
        {
            "step": _("Opponent revealed duplicates"),
            "values": [
                f"−{side['revealed_against']}" if side["revealed_against"] else "—"
                for side in (a, b)
            ],
        },
        {
            "step": _("After reveals"),
            "values": [a["after_reveals"], b["after_reveals"]],
            "total": True,
        },
        {
            "step": _("Avatar eliminated"),
            "values": [a["avatar_penalty"] or "—", b["avatar_penalty"] or "—"],
        },
        {"step": _("Final MPs"), "values": [a["final"], b["final"]], "total": True, "final": True},
    ]


def _category_rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    a, b = result["players"]
    return [
        {
            "category": CATEGORY_LABELS[c],
            "a": (a["start"][c], a["after_doubling"][c], a["after_half_cap"][c]),
            "b": (b["start"][c], b["after_doubling"][c], b["after_half_cap"][c]),
        }
        for c in CATEGORIES
    ]
