"""Pages: the paste-and-check page, submission, the director's overview, publication, formats."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from core.errors import ServiceError
from decks import services
from decks.checking import UPLOAD_EXTENSIONS
from decks.labels import (
    EXPORT_NAMES,
    count_rows,
    player_type_name,
    problem_text,
    read_as_name,
    source_text,
    unresolved_rows,
)
from decks.models import DeckGame, Format
from decks.rule_form import changed_rules, rule_fields
from decks.rule_names import named_rules
from decks.slots import slot_format_key, slot_names, slots_of
from decks.stored import verdict_data
from decks.throttles import page_wait
from rules_engine.deckrules import PLAYER_TYPES, Verdict
from rules_engine.deckrules.decklist import MAX_TEXT_CHARS
from rules_engine.deckrules.export import EXPORT_FORMATS
from rules_engine.deckrules.formats import DEFAULT_FORMAT
from tournaments.models import Event
from tournaments.permissions import is_director
from tournaments.rules.deck_choice import PAIR_SLOTS, PER_FORMAT
from tournaments.words.times import zone_or_utc

GAMES = [(DeckGame.METW, "METW"), (DeckGame.LOTR_TCG, "LOTR TCG"), (DeckGame.LORE, "LoRE")]


def _format_groups() -> list[tuple[str, list[tuple[str, str]]]]:
    groups = []
    for g, label in GAMES:
        choices = services.format_choices(g)
        default = dict(choices).get(DEFAULT_FORMAT.get(g, ""), "")
        # No key: the list's own "Format:" line chooses (a GEMP deck page names it).
        named = _("The list's “Format:” line, else %(name)s") % {"name": default}
        groups.append((label, [(f"{g}:", named)] + [(f"{g}:{k}", n) for k, n in choices]))
    return groups


def _annotated_lines(text: str, verdict: Verdict | None) -> list[dict[str, Any]]:
    """The pasted text line by line, each with the problems that point at it."""
    by_line: dict[int, list[dict[str, str]]] = {}
    skipped: set[int] = set()
    if verdict is not None:
        for p in verdict.problems:
            for ln in p.lines:
                by_line.setdefault(ln, []).append(
                    {"severity": p.severity, "message": problem_text(p)}
                )
        # Prose, titles and comments were skipped: the player sees which lines were not read.
        skipped = {n["line"] for n in verdict.notices if n["kind"] == "ignored"}
    return [
        {"no": i, "text": line, "problems": by_line.get(i, []), "skipped": i in skipped}
        for i, line in enumerate(text.splitlines(), start=1)
    ]


def _verdict_context(text: str, verdict: Verdict | None) -> dict[str, Any]:
    if verdict is None:
        return {}
    counts = dict(verdict.counts)
    by_culture = counts.pop("by_culture", None)
    by_type = counts.pop("by_type", None)
    shown = [
        {"severity": p.severity, "message": problem_text(p), "source": source_text(p.source)}
        for p in verdict.problems
    ]
    return {
        "verdict": verdict,
        "player_type_name": player_type_name(verdict.player_type),
        "unresolved": unresolved_rows(verdict.unresolved),
        "errors": [p for p in shown if p["severity"] == "error"],
        "warnings": [p for p in shown if p["severity"] != "error"],
        "counts": count_rows(counts),
        "by_culture": by_culture,
        "by_type": by_type,
        "lines": _annotated_lines(text, verdict),
    }


def _throttled(request: HttpRequest) -> HttpResponse | None:
    wait = page_wait(request)
    if wait is None:
        return None
    seconds = max(1, round(wait))
    return HttpResponse(
        _("Too many deck checks from here; try again in %(n)s seconds.") % {"n": seconds},
        status=429,
        headers={"Retry-After": str(seconds)},
        content_type="text/plain; charset=utf-8",
    )


def _posted_list(request: HttpRequest) -> str:
    upload = request.FILES.get("file")
    if upload is not None:
        return services.read_upload(upload)
    return request.POST.get("text", "")


@require_http_methods(["GET", "POST"])
def check(request: HttpRequest) -> HttpResponse:
    """Paste or upload a list, see every problem, per line, and the counts. No account."""
    game = request.POST.get("game") or request.GET.get("game") or DeckGame.METW
    choice = request.POST.get("format") or f"{game}:{DEFAULT_FORMAT.get(game, 'coe')}"
    player_type = request.POST.get("player_type") or ""
    context: dict[str, Any] = {
        "format_groups": _format_groups(),
        "choice": choice,
        "text": request.POST.get("text", ""),
        "player_type": player_type,
        "player_types": [(p, player_type_name(p)) for p in PLAYER_TYPES],
        "max_chars": MAX_TEXT_CHARS,
        "upload_extensions": ",".join(UPLOAD_EXTENSIONS),
    }
    status = 200
    if request.method == "POST":
        refused = _throttled(request)
        if refused is not None:
            return refused
        game, _sep, key = choice.partition(":")
        try:
            text = context["text"] = _posted_list(request)
            verdict = services.validate_text(text, game, key or None, player_type or None)
            context.update(_verdict_context(text, verdict))
            # The format checked: the one chosen, or the one the list's "Format:" line names.
            context["format"] = services.get_format(game, verdict.format_key)
            context["read_as"] = read_as_name(verdict.read_as)
            context["exports"] = [
                (f.key, EXPORT_NAMES[f.key]) for f in EXPORT_FORMATS if f.game == game
            ]
        except ServiceError as exc:
            messages.error(request, exc.message)
            status = exc.status_code
    return render(request, "decks/check.html", context, status=status)


@require_http_methods(["POST"])
def export(request: HttpRequest) -> HttpResponse:
    """Download a checked list in another format (GCCG, NetMECCG, GEMP import text)."""
    refused = _throttled(request)
    if refused is not None:
        return refused
    game, _sep, key = (request.POST.get("format") or "").partition(":")
    try:
        filename, content = services.export_text(
            request.POST.get("text", ""),
            game,
            key or None,
            request.POST.get("player_type") or None,
            request.POST.get("export", ""),
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("deck-check")
    response = HttpResponse(content, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _event(slug: str) -> Event:
    event = get_object_or_404(Event, slug=slug)
    # Its times (the deck deadline, each version's) in the event's zone, and the reader's.
    timezone.activate(zone_or_utc(event.time_zone))
    return event


@login_required
@require_http_methods(["GET", "POST"])
def submit(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    slot = (request.POST.get("slot") if request.method == "POST" else request.GET.get("slot")) or ""
    slots = slot_names(event)
    if slot not in dict(slots):
        slot = slots[0][0]
    try:
        registration, versions = services.my_decklist(request.user, event, slot)
        # A deck per format: a round's format the site does not know yet is said, not a 500.
        deck_format = (
            services.get_format(event.game, slot_format_key(event, slot))
            if event.decks_per_player == PER_FORMAT
            else services.format_for_event(event)
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect(event.get_absolute_url())
    text = versions[0].text if versions else ""
    player_type = versions[0].player_type if versions else ""
    if request.method == "POST":
        text = request.POST.get("text", "")
        player_type = request.POST.get("player_type", "")
        faces = request.POST.get("faces_fallen_wizards") == "on" if slot in PAIR_SLOTS else None
        try:
            version = services.submit_decklist(
                request.user, event, text, player_type or None,
                slot=slot, faces_fallen_wizards=faces,
            )  # fmt: skip
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            _say_saved(request, version)
            return redirect(f"{reverse('decklist-submit', args=[event.slug])}?slot={slot}")
    current = versions[0] if versions else None
    context = {
        "event": event,
        "registration": registration,
        "versions": versions,
        "current": current,
        "text": text,
        "player_type": player_type,
        "player_types": [(p, player_type_name(p)) for p in PLAYER_TYPES],
        "locked": services.decklists_locked(event),
        "may_publish": is_director(request.user, event),
        "format": deck_format,
        "max_chars": MAX_TEXT_CHARS,
        "slot": slot,
        "slot_words": dict(slots).get(slot, ""),
        "slots": slots_of(registration) if len(slots) > 1 else [],
        "pair_slot": slot in PAIR_SLOTS,
    }
    if current is not None:
        context.update(_verdict_context(current.text, _stored_verdict(verdict_data(current))))
    return render(request, "decks/submit.html", context)


def _say_saved(request: HttpRequest, version: Any) -> None:
    if version.legal:
        messages.success(request, _("Version %(n)s saved: legal.") % {"n": version.number})
    else:
        messages.warning(
            request,
            ngettext(
                "Version %(n)s saved, but it is NOT legal (%(count)s problem). The director "
                "sees this; fix and resubmit before the deadline — an illegal deck counts as "
                "cheating.",
                "Version %(n)s saved, but it is NOT legal (%(count)s problems). The director "
                "sees this; fix and resubmit before the deadline — an illegal deck counts as "
                "cheating.",
                version.problems_count,
            )
            % {"n": version.number, "count": version.problems_count},
        )


def _stored_verdict(data: dict[str, Any]) -> Verdict:
    from rules_engine.deckrules import Problem

    return Verdict(
        legal=data.get("legal", False),
        problems=[
            Problem(
                p["code"],
                p["message"],
                tuple(p.get("cards", ())),
                tuple(p.get("lines", ())),
                p.get("severity", "error"),
                p.get("source", ""),
                p.get("params") or {},
            )
            for p in data.get("problems", [])
        ],
        counts=data.get("counts", {}),
        unresolved=data.get("unresolved", []),
        cards=data.get("cards", []),
        format_key=data.get("format", ""),
        player_type=data.get("player_type"),
        notices=data.get("notices", []),
    )


# A page of lists at a time: each is shown whole with its verdict.
LISTS_PER_PAGE = 50


@require_http_methods(["GET", "POST"])
def event_overview(request: HttpRequest, slug: str) -> HttpResponse:
    """The director's table: who submitted, which version, legal or not, and each list."""
    event = _event(slug)
    # The staff (judges too) read every list; publishing is the director's (the service
    # refuses anyone else).
    if not services.may_see_all_lists(request.user, event):
        if event.decklists_published:
            return redirect("event-decklists-public", slug=slug)
        raise PermissionDenied(_("Only the event's staff sees unpublished deck lists."))
    if request.method == "POST":
        try:
            services.publish_decklists(request.user, event, request.POST.get("publish") == "1")
            shown = event.decklists_published
            messages.success(
                request, _("Deck lists published.") if shown else _("Deck lists hidden.")
            )
        except ServiceError as exc:
            messages.error(request, exc.message)
        return redirect("event-decklists", slug=slug)
    rows = services.event_decklists(request.user, event)
    page = Paginator(rows, LISTS_PER_PAGE).get_page(request.GET.get("page"))
    detailed = [_detailed(r) if r.version else {"row": r} for r in page.object_list]
    context = {
        "event": event,
        "rows": detailed,
        "page": page,
        "submitted": sum(1 for r in rows if r.version),
        "illegal": sum(1 for r in rows if r.version and not r.version.legal),
        "locked": services.decklists_locked(event),
        "may_publish": is_director(request.user, event),
        "format": services.format_for_event(event) if services.event_uses_decks(event) else None,
    }
    return render(request, "decks/event_overview.html", context)


def _detailed(row: Any) -> dict[str, Any]:
    verdict = _stored_verdict(verdict_data(row.version))
    return {"row": row, **_verdict_context(row.version.text, verdict)}


def formats(request: HttpRequest) -> HttpResponse:
    rows = list(
        Format.objects.select_related("based_on", "created_by").order_by("game", "order", "name")
    )
    for row in rows:
        row.shown_source = source_text(row.rule_source)  # type: ignore[attr-defined]
        row.named_rules = named_rules(row.rules)  # type: ignore[attr-defined]
    return render(
        request,
        "decks/formats.html",
        {"formats": rows, "may_create": services.may_create_formats(request.user)},
    )


@login_required
@require_http_methods(["GET", "POST"])
def format_new(request: HttpRequest) -> HttpResponse:
    if not services.may_create_formats(request.user):
        raise PermissionDenied(_("Only tournament directors can create formats."))
    base_choice = request.POST.get("base") or request.GET.get("base") or "metw:coe"
    context: dict[str, Any] = {
        "format_groups": _format_groups(),
        "base": base_choice,
        "name": request.POST.get("name", ""),
        "description": request.POST.get("description", ""),
        "extra_banned": request.POST.get("extra_banned", ""),
    }
    game, _sep, key = base_choice.partition(":")
    try:
        context["base_format"] = services.get_format(game, key)
    except ServiceError:
        context["base_format"] = None
    base_rules = dict(context["base_format"].rules) if context["base_format"] else {}
    posted = request.POST if request.method == "POST" else None
    context["rule_fields"] = rule_fields(base_rules, posted)
    if request.method == "POST":
        try:
            changes = changed_rules(base_rules, request.POST)
            if context["extra_banned"].strip():
                changes["extra_banned"] = [
                    v for v in context["extra_banned"].splitlines() if v.strip()
                ]
            row = services.create_custom_format(
                request.user, game, key, context["name"], changes, context["description"]
            )
        except ServiceError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("Format “%(name)s” created.") % {"name": row.name})
            return redirect("deck-formats")
    return render(request, "decks/format_new.html", context)
