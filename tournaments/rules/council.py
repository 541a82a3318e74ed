"""A METW result entered as the Free Council itself (003 Part II §1 "Marshalling point
modifications"; RULES.md §4.4 CoE 10.3, §5).

The people at the table give, for each player, the six category totals, how many of the
opponent's unique cards in play he revealed from hand, and whether his avatar was
eliminated. ``rules_engine.free_council`` counts it with the event's half-cap reading;
the final totals are the MPs that then go through the normal scoring (MP-ratio table).

What is stored with the table (``Table.council``, and so in every ``ResultChange``
snapshot) is data: the inputs and each step's numbers, never words. ``council_lines``
renders them into words, translated, at the face (history, slip, API text).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from rules_engine import InvalidResult
from rules_engine.free_council import (
    CATEGORIES,
    MAX_CATEGORY,
    MAX_REVEALS,
    CouncilInput,
    CouncilResult,
    CouncilSide,
    count_free_council,
)

INPUT_FIELDS = (*CATEGORIES, "revealed_duplicates", "avatar_eliminated")

CATEGORY_LABELS = {
    "character": gettext_lazy("character"),
    "item": gettext_lazy("item"),
    "faction": gettext_lazy("faction"),
    "ally": gettext_lazy("ally"),
    "kill": gettext_lazy("kill"),
    "miscellaneous": gettext_lazy("miscellaneous"),
}


def _problem(code: str, message: str, field: str) -> dict[str, Any]:
    return {"code": code, "message": message, "field": field, "players": []}


def _whole(value: Any, lo: int, hi: int) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if isinstance(value, int) and lo <= value <= hi:
        return value
    return None


def _flag(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if value in (None, "", "0", "false", "off", 0):
        return False
    if value in ("1", "true", "on", 1):
        return True
    return None


def _read_seat(row: Mapping[str, Any], i: int, problems: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for c in CATEGORIES:
        raw = row.get(c, 0)
        value = _whole(0 if raw in (None, "") else raw, -MAX_CATEGORY, MAX_CATEGORY)
        if value is None:
            problems.append(
                _problem(
                    "council_category",
                    _("%(category)s points must be a whole number from %(lo)s to %(hi)s.")
                    % {"category": CATEGORY_LABELS[c], "lo": -MAX_CATEGORY, "hi": MAX_CATEGORY},
                    f"council.seats.{i}.{c}",
                )
            )
        out[c] = value
    raw = row.get("revealed_duplicates", 0)
    revealed = _whole(0 if raw in (None, "") else raw, 0, MAX_REVEALS)
    if revealed is None:
        problems.append(
            _problem(
                "council_revealed",
                _("Revealed duplicates must be a whole number from 0 to %(hi)s.")
                % {"hi": MAX_REVEALS},
                f"council.seats.{i}.revealed_duplicates",
            )
        )
    out["revealed_duplicates"] = revealed
    avatar = _flag(row.get("avatar_eliminated", False))
    if avatar is None:
        problems.append(
            _problem(
                "council_avatar",
                _("“Avatar eliminated” is yes or no."),
                f"council.seats.{i}.avatar_eliminated",
            )
        )
    out["avatar_eliminated"] = avatar
    return out


def read_council(seat_ids: Sequence[int], data: Any) -> list[dict[str, Any]]:
    """The council's inputs in seating order, one dict per seat (``registration`` and
    ``INPUT_FIELDS``), or a ServiceError naming every wrong field. ``data`` is
    ``{"seats": [{"registration": id, "character": 3, ...}, ...]}``."""
    rows = data.get("seats") if isinstance(data, Mapping) else None
    if not isinstance(rows, list) or len(seat_ids) != 2:
        raise ServiceError(
            _("The Free Council is counted for the two players of a METW table."),
            code="invalid_council",
            problems=[_problem("council_seats", _("Give both players' totals."), "council")],
        )
    problems: list[dict[str, Any]] = []
    by_id: dict[int, dict[str, Any]] = {}
    for i, row in enumerate(rows):
        rid = _whole(row.get("registration") if isinstance(row, Mapping) else None, 1, 2**62)
        if rid is None or rid not in seat_ids or rid in by_id:
            problems.append(
                _problem(
                    "council_registration",
                    _("Each row names one player of this table, once."),
                    f"council.seats.{i}.registration",
                )
            )
            continue
        by_id[rid] = {"registration": rid, **_read_seat(row, i, problems)}
    missing = [rid for rid in seat_ids if rid not in by_id]
    if missing and not problems:
        problems.append(_problem("council_seats", _("Give both players' totals."), "council.seats"))
    if problems:
        raise ServiceError(
            " ".join(p["message"] for p in problems), code="invalid_council", problems=problems
        )
    return [by_id[rid] for rid in seat_ids]


def _engine_input(row: Mapping[str, Any]) -> CouncilInput:
    return CouncilInput(player=str(row["registration"]), **{f: row[f] for f in INPUT_FIELDS})


def _side_data(row: Mapping[str, Any], side: CouncilSide) -> dict[str, Any]:
    return {
        "registration": row["registration"],
        "input": {f: row[f] for f in INPUT_FIELDS},
        "start_total": side.start_total,
        "doubled": [
            {"category": d.category, "from": d.before, "to": d.after} for d in side.doubled
        ],
        "after_doubling_total": side.after_doubling_total,
        "capped": [
            {
                "category": c.category,
                "from": c.before,
                "to": c.after,
                "total_before": c.total_before,
                "total_after": c.total_after,
            }
            for c in side.caps
        ],
        "after_cap_total": side.after_cap_total,
        "revealed_against": side.revealed_against,
        "avatar_penalty": side.avatar_penalty,
        "final": side.final,
    }


def count_council(rows: Sequence[Mapping[str, Any]], half_cap: str) -> dict[str, Any]:
    """The stored breakdown: the engine's count of both players' inputs, as data."""
    try:
        result: CouncilResult = count_free_council(
            _engine_input(rows[0]), _engine_input(rows[1]), half_cap
        )
    except InvalidResult as exc:
        # The engine's message is English; its template and data say it in the reader's words.
        said = [(p, p.render({}, _)) for p in exc.problems]
        raise ServiceError(
            " ".join(text for _p, text in said),
            code="invalid_council",
            problems=[_problem(p.code, text, f"council.{p.field}") for p, text in said],
        ) from exc
    return {
        "half_cap": result.half_cap,
        "seats": [_side_data(row, side) for row, side in zip(rows, result.players, strict=True)],
    }


def council_mps(council: Mapping[str, Any]) -> dict[int, int]:
    """Each seat's final MPs, by registration id."""
    return {int(s["registration"]): int(s["final"]) for s in council["seats"]}


def council_inputs(council: Mapping[str, Any] | None) -> list[dict[str, Any]] | None:
    """What the players entered, to compare two reports of the same council."""
    if not council:
        return None
    return [{"registration": s["registration"], **s["input"]} for s in council["seats"]]


# --- words, at the face -------------------------------------------------------------


def _category(key: str) -> str:
    return str(CATEGORY_LABELS.get(key, key))


def _side_lines(side: Mapping[str, Any], name: str, other: str) -> list[str]:
    given = side["input"]
    parts = ", ".join(f"{_category(c)} {given[c]}" for c in CATEGORIES)
    lines = [
        _("%(name)s: %(parts)s = %(total)s")
        % {"name": name, "parts": parts, "total": side["start_total"]}
    ]
    for d in side["doubled"]:
        lines.append(
            _("%(category)s doubled, %(before)s → %(after)s: %(other)s has no %(category)s points")
            % {"category": _category(d["category"]), "before": d["from"], "after": d["to"],
               "other": other}
        )  # fmt: skip
    for c in side["capped"]:
        lines.append(
            _(
                "%(category)s cut from %(before)s to %(after)s: no category gives more than "
                "half of the total (%(total)s)"
            )
            % {"category": _category(c["category"]), "before": c["from"], "after": c["to"],
               "total": c["total_after"]}
        )  # fmt: skip
    if side["revealed_against"]:
        lines.append(
            _("%(other)s revealed %(n)s matching unique card(s) from hand: −%(n)s")
            % {"other": other, "n": side["revealed_against"]}
        )
    if side["avatar_penalty"]:
        lines.append(_("avatar eliminated: %(n)s") % {"n": side["avatar_penalty"]})
    lines.append(_("%(name)s: %(mps)s MPs") % {"name": name, "mps": side["final"]})
    return lines


def council_lines(council: Mapping[str, Any] | None, names: Mapping[int, str]) -> list[str]:
    """The Free Council in words, one line per step, with the players' names."""
    if not council:
        return []
    seats = council["seats"]
    label = names_of(seats, names)
    reading = (
        _("half cap: exactly half") if council["half_cap"] == "exact" else _("half cap: rounded up")
    )
    lines = [_("Free Council (%(reading)s)") % {"reading": reading}]
    for i, side in enumerate(seats):
        lines += _side_lines(side, label[i], label[1 - i])
    return lines


def names_of(seats: Iterable[Mapping[str, Any]], names: Mapping[int, str]) -> list[str]:
    return [names.get(int(s["registration"])) or _("a player") for s in seats]


def remap_council(council: Any, new_ids: Mapping[Any, int]) -> dict[str, Any] | None:
    """An exported council with the imported event's registration ids (None stays None);
    a council that names a registration not in the event is refused."""
    if council is None:
        return None
    seats = council.get("seats") if isinstance(council, Mapping) else None
    if not isinstance(seats, list) or not all(
        isinstance(s, Mapping) and s.get("registration") in new_ids for s in seats
    ):
        raise ServiceError(_("A table's Free Council names a player who is not at the table."))
    return {**council, "seats": [{**s, "registration": new_ids[s["registration"]]} for s in seats]}
