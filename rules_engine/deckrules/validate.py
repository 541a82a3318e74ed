"""Checking a deck against a format: every problem at once, with the numbers.

Each problem has a stable ``code`` (what programs and tests key on), a message
that names the cards and the counts, the cards and line numbers concerned, and
the rule's source. Warnings (``severity="warning"``) inform without making the
deck illegal, e.g. a heading whose declared count differs from the lines below it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_engine.deckrules.cards import LORE, LOTR_TCG, METW, CardRecord, normalize_name
from rules_engine.deckrules.formats import (
    COE_BALROG_LIMITS,
    COE_FW_STAGE_POOL,
    NUMBERED_SITE_RULES,
    PLAYER_TYPE_LABELS,
    PLAYER_TYPES,
    FormatDef,
)
from rules_engine.deckrules.index import CardIndex, Resolution
from rules_engine.deckrules.parse import MAIN, DeckLine, ParsedDeck, is_category_heading

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    message: str
    cards: tuple[str, ...] = ()
    lines: tuple[int, ...] = ()
    severity: str = ERROR
    source: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "cards": list(self.cards),
            "lines": list(self.lines),
            "severity": self.severity,
            "source": self.source,
        }


@dataclass
class Entry:
    line: DeckLine
    card: CardRecord
    zone: str
    count: int


@dataclass
class Verdict:
    legal: bool
    problems: list[Problem]
    counts: dict[str, Any]
    unresolved: list[dict[str, Any]] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    format_key: str = ""
    player_type: str | None = None

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == ERROR]

    def codes(self, severity: str | None = ERROR) -> list[str]:
        return [p.code for p in self.problems if severity is None or p.severity == severity]

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "format": self.format_key,
            "player_type": self.player_type,
            "problems": [p.to_dict() for p in self.problems],
            "unresolved": self.unresolved,
            "counts": self.counts,
            "cards": self.cards,
        }


class PlayerTypeError(ValueError):
    pass


def _plural(n: int | float, word: str, plural: str | None = None) -> str:
    n_text = f"{n:g}" if isinstance(n, float) else str(n)
    return f"{n_text} {word if n == 1 else (plural or word + 's')}"


def _names(entries: Iterable[Entry]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for e in entries:
        seen.setdefault(e.card.name, None)
    return tuple(seen)


def _lines(entries: Iterable[Entry]) -> tuple[int, ...]:
    return tuple(sorted({e.line.line_no for e in entries}))


# --------------------------------------------------------------------------- resolution


def _metw_preference(allowed: dict[str, list[str]] | None, banned: Sequence[str] = ()):
    if not allowed:
        return None

    first_choice = allowed.get("prefer") or {}
    banned_keys = {normalize_name(b) for b in banned} | set(banned)

    def prefer(cards: Sequence[CardRecord]) -> list[CardRecord]:
        out = []
        for c in cards:
            kind = "avatar" if c.is_avatar else c.type
            ok = allowed.get(kind)
            if ok is None or c.alignment in ok or c.alignment == "neutral":
                out.append(c)
        # "The Balrog" for a Balrog player is the avatar, not the ally he may not include.
        legal = [c for c in out if c.key not in banned_keys and c.id not in banned_keys]
        if legal and len(legal) < len(out):
            out = legal
        # "Moria" for a Balrog player is the Balrog site, which its minion twin must yield to.
        for kind, aligns in first_choice.items():
            best = [c for c in out if c.type == kind and c.alignment in aligns]
            if best:
                out = [c for c in out if c.type != kind or c in best]
        return out

    return prefer


def _lotr_preference(fmt: FormatDef):
    sets = set(fmt.rule("sets", []))
    always = set(fmt.rule("always_valid", []))

    def prefer(cards: Sequence[CardRecord]) -> list[CardRecord]:
        return [c for c in cards if c.set in sets or c.id in always]

    return prefer


def _infer_player_type(lines: Sequence[DeckLine], index: CardIndex, fmt: FormatDef) -> str | None:
    """Guess a METW player type from cards whose name fits one printing only."""
    allowed = fmt.rule("player_types") or []
    if len(allowed) == 1:
        return allowed[0]
    votes: Counter[str] = Counter()
    # The five Balrog sites any player may hold tell nothing about the player.
    open_sites = {normalize_name(n) for n in fmt.rule("sites_open_to_all") or []}
    memo = index.memo.setdefault(f"votes:{fmt.key}", {})
    for line in lines:
        key = (line.name, line.set_hint, line.alignment_hint)
        vote = memo.get(key, "?")
        if vote == "?":
            res = index.resolve(line)
            cards = [res.card] if res.card else list(res.candidates)
            # A Balrog-specific card (Orders from the Great Demon) is a minion card only a
            # Balrog player holds.
            aligns = {
                "balrog" if c.specific_to == "Balrog" else c.alignment
                for c in cards
                if c.type in ("character", "resource", "site") and c.key not in open_sites
            }
            if line.alignment_hint:
                aligns = {line.alignment_hint}
            vote = aligns.pop() if len(aligns) == 1 and not any(c.is_agent for c in cards) else None
            if len(memo) < 50_000:
                memo[key] = vote
        if vote:
            votes[vote] += 1
    if votes["balrog"]:
        return "balrog"
    if votes["fallen-wizard"]:
        return "fallen-wizard"
    if votes["minion"] or votes["hero"]:
        return "ringwraith" if votes["minion"] > votes["hero"] else "wizard"
    return None


def resolve_deck(
    deck: ParsedDeck, fmt: FormatDef, index: CardIndex, player_type: str | None = None
) -> tuple[list[tuple[DeckLine, Resolution]], str | None]:
    prefer = None
    prefer_key = fmt.key
    if deck.game == METW:
        if player_type is None:
            player_type = _infer_player_type(deck.lines, index, fmt)
        alignments = fmt.rule("alignments", {}) or {}
        banned = (fmt.rule("banned_by_player_type") or {}).get(player_type or "", [])
        prefer = _metw_preference(alignments.get(player_type) if player_type else None, banned)
        prefer_key = f"{fmt.key}:{player_type}"
    elif deck.game == LOTR_TCG:
        prefer = _lotr_preference(fmt)
        prefer_key = f"{fmt.key}:{len(fmt.rule('sets', []))}:{','.join(fmt.rule('sets', []))}"
    return [(line, index.resolve(line, prefer, prefer_key)) for line in deck.lines], player_type


# --------------------------------------------------------------------------- entry point


def validate(
    deck: ParsedDeck,
    fmt: FormatDef,
    cards: CardIndex,
    player_type: str | None = None,
) -> Verdict:
    """Resolve the deck's names and check it against the format; never raises for bad decks."""
    if fmt.game != deck.game:
        raise ValueError(f"Format {fmt.key!r} is for {fmt.game}, the list is for {deck.game}.")
    if player_type is not None and deck.game == METW:
        allowed = fmt.rule("player_types") or []
        if player_type not in PLAYER_TYPES or player_type not in allowed:
            raise PlayerTypeError(
                f"Player type {player_type!r} is not one of this format's: {', '.join(allowed)}."
            )
    resolved, player_type = resolve_deck(deck, fmt, cards, player_type)
    problems: list[Problem] = []
    unresolved: list[dict[str, Any]] = []
    found: list[tuple[DeckLine, CardRecord]] = []
    unknown_lore: list[DeckLine] = []
    for line, res in resolved:
        if res.card is not None:
            found.append((line, res.card))
            continue
        if deck.game == LORE and res.status == "unknown" and fmt.rule("unknown_cards") == "warn":
            unknown_lore.append(line)
            continue
        unresolved.append(_unresolved(line, res))
        problems.append(_unresolved_problem(line, res))
    if deck.game == METW:
        entries, counts = _metw(found, fmt, player_type, problems)
    elif deck.game == LOTR_TCG:
        entries, counts = _lotr(found, fmt, problems)
    else:
        entries, counts = _lore(found, unknown_lore, fmt, problems)
    _declared_counts(deck, entries, problems)
    counts["unresolved"] = sum(line.count for line, res in resolved if res.card is None) - sum(
        line.count for line in unknown_lore
    )
    card_rows = [
        {
            "line": e.line.line_no,
            "count": e.count,
            "name": e.card.name,
            "id": e.card.id,
            "set": e.card.set,
            "type": e.card.type,
            "zone": e.zone,
        }
        for e in entries
    ]
    legal = not any(p.severity == ERROR for p in problems)
    return Verdict(
        legal=legal,
        problems=problems,
        counts=counts,
        unresolved=unresolved,
        cards=card_rows,
        format_key=fmt.key,
        player_type=player_type if deck.game == METW else None,
    )


def check_text(
    text: str, game: str, fmt: FormatDef, index: CardIndex, player_type: str | None = None
) -> Verdict:
    from rules_engine.deckrules.parse import parse_decklist

    return validate(parse_decklist(text, game), fmt, index, player_type)


def _unresolved(line: DeckLine, res: Resolution) -> dict[str, Any]:
    return {
        "line": line.line_no,
        "text": line.text,
        "name": line.name,
        "reason": res.status,
        "suggestions": list(res.suggestions),
        "candidates": [
            {
                "id": c.id,
                "name": c.name,
                "set": c.set,
                **({"alignment": c.alignment} if c.alignment else {}),
            }
            for c in res.candidates
        ],
    }


def _unresolved_problem(line: DeckLine, res: Resolution) -> Problem:
    if res.status == "ambiguous":
        options = ", ".join(
            f"{c.name} ({c.set}{' ' + c.alignment if c.alignment else ''}, {c.id})"
            for c in res.candidates[:6]
        )
        return Problem(
            "ambiguous_card",
            f"Line {line.line_no}: “{line.name}” fits several cards: {options}. Add the set "
            "code, e.g. “(TW)” or “(1)”, or the full name.",
            (line.name,),
            (line.line_no,),
        )
    hint = f" Did you mean {' / '.join(res.suggestions)}?" if res.suggestions else ""
    return Problem(
        "unknown_card",
        f"Line {line.line_no}: no card named “{line.name}”.{hint}",
        (line.name,),
        (line.line_no,),
    )


def _declared_counts(deck: ParsedDeck, entries: list[Entry], problems: list[Problem]) -> None:
    """Warn where a heading's "(30)" differs from the copies listed under it."""
    if not deck.headings:
        return
    by_line: dict[int, int] = defaultdict(int)
    for line in deck.lines:
        by_line[line.line_no] += line.count
    starts = [h.line_no for h in deck.headings] + [10**9]
    for i, heading in enumerate(deck.headings):
        if heading.declared_count is None:
            continue
        listed = sum(n for ln, n in by_line.items() if starts[i] < ln < starts[i + 1])
        if listed != heading.declared_count:
            problems.append(
                Problem(
                    "declared_count_mismatch",
                    f"Line {heading.line_no}: “{heading.text}” says {heading.declared_count}, "
                    f"the lines below it list {listed}.",
                    (),
                    (heading.line_no,),
                    WARNING,
                )
            )


# --------------------------------------------------------------------------- METW

_METW_SRC = "003 Part I §3"
_METW_SB_SRC = "003 Part II §2"


def _metw_zone(line: DeckLine, card: CardRecord) -> tuple[str, bool]:
    """(zone, misplaced): sites and regions always go to the location deck."""
    is_location = card.type in ("site", "region")
    section = line.section
    if section in ("play", MAIN):
        return ("sites" if is_location else "play"), False
    if section == "sites":
        return ("sites", False) if is_location else ("play", True)
    if is_location:
        return "sites", True
    return section, False


def _sites_moved(moved: list[Entry], where: str, problems: list[Problem]) -> None:
    """A site listed among the play-deck cards can only belong in one place: it is counted
    there, and the player is told (a warning, not a broken rule)."""
    if moved:
        problems.append(
            Problem(
                "site_moved",
                "Sites listed among other cards, counted in the "
                + where
                + ": "
                + "; ".join(
                    f"line {e.line.line_no} {e.card.name} (under “{e.line.heading}”)" for e in moved
                )
                + ".",
                _names(moved),
                _lines(moved),
                WARNING,
            )
        )


def _src(fmt: FormatDef, rulebook: str, coe: str) -> str:
    return coe if fmt.rule("ruleset") == "coe" else rulebook


def _metw(
    found: list[tuple[DeckLine, CardRecord]],
    fmt: FormatDef,
    player_type: str | None,
    problems: list[Problem],
) -> tuple[list[Entry], dict[str, Any]]:
    r = fmt.rules
    coe = r.get("ruleset") == "coe"
    entries: list[Entry] = []
    misplaced: list[Entry] = []
    moved: list[Entry] = []
    for line, card in found:
        zone, wrong = _metw_zone(line, card)
        entry = Entry(line, card, zone, line.count)
        entries.append(entry)
        if wrong:
            misplaced.append(entry)
        elif zone == "sites" and line.heading and is_category_heading(line.heading):
            moved.append(entry)
    _sites_moved(moved, "location deck", problems)
    if misplaced:
        problems.append(
            Problem(
                "wrong_section",
                "Listed in the wrong part of the deck: "
                + "; ".join(
                    f"line {e.line.line_no} {e.card.name} is a {e.card.type} card "
                    f"under “{e.line.heading or e.line.section}”"
                    for e in misplaced
                )
                + ".",
                _names(misplaced),
                _lines(misplaced),
                source=_src(fmt, _METW_SRC, "CoE 1.4–1.7"),
            )
        )
    agents_as_characters = player_type in (r.get("agents_are_characters_for") or [])

    def role(card: CardRecord) -> str:
        if card.is_avatar:
            return "avatar"
        if card.is_agent or (card.type == "character" and card.alignment == "neutral"):
            return "character" if agents_as_characters else "hazard"
        return card.type

    zones: dict[str, list[Entry]] = defaultdict(list)
    for e in entries:
        zones[e.zone].append(e)
    play = zones["play"]

    def total(es: Iterable[Entry], pred=None) -> int:
        if pred is None:
            return sum(e.count for e in es)
        return sum(e.count for e in es if pred(e))

    by_role: dict[str, int] = defaultdict(int)
    avatars: list[Entry] = []
    for e in play:
        kind = role(e.card)
        by_role[kind] += e.count
        if kind == "avatar":
            avatars.append(e)
    resources, hazards, characters = by_role["resource"], by_role["hazard"], by_role["character"]
    avatar_count = by_role["avatar"]
    lo, hi = r.get("resources_min"), r.get("resources_max")
    resources, hazards = _split_dual_cards(
        play,
        resources,
        hazards,
        lo,
        hi,
        r.get("fallen_wizard_dual_as_resources") if player_type == "fallen-wizard" else None,
    )

    # --- play deck mix (003 Part I §3 step 2; CoE 1.5)
    if lo is not None and hi is not None and not (lo <= resources <= hi):
        problems.append(
            Problem(
                "resources_count",
                f"{_plural(resources, 'resource')} in the play deck: between {lo} and {hi}.",
                source=_src(fmt, _METW_SRC + " step 2", "CoE 1.5"),
            )
        )
    if r.get("resources_equal_hazards", True) and resources != hazards:
        problems.append(
            Problem(
                "resources_hazards_equal",
                f"{_plural(resources, 'resource')}, {_plural(hazards, 'hazard')}: the play deck "
                "must have as many hazards as resources.",
                source=_src(fmt, _METW_SRC + " step 2", "CoE 1.5"),
            )
        )
    max_chars = r.get("max_play_characters")
    if max_chars is not None and characters > max_chars:
        char_entries = [e for e in play if role(e.card) == "character"]
        problems.append(
            Problem(
                "play_characters_max",
                f"{_plural(characters, 'character')} in the play deck: at most {max_chars}"
                + (" (avatars not counted)." if coe else " (Wizards not counted)."),
                _names(char_entries),
                _lines(char_entries),
                source=_src(fmt, _METW_SRC + " step 5", "CoE 1.5"),
            )
        )
    if r.get("play_characters_one_each"):
        per_char: Counter[str] = Counter()
        for e in play:
            if role(e.card) == "character" and not e.card.unique:
                per_char[e.card.name] += e.count
        dup = {n: c for n, c in per_char.items() if c > 1}
        if dup:
            problems.append(
                Problem(
                    "play_character_copies",
                    "Only one of each character card in the play deck: "
                    + ", ".join(f"{c} × {n}" for n, c in dup.items())
                    + ".",
                    tuple(dup),
                    source=_METW_SRC + " step 5",
                )
            )
    max_avatars = r.get("max_avatars")
    if max_avatars is not None and avatar_count > max_avatars:
        word = "avatar" if coe else "Wizard"
        problems.append(
            Problem(
                "avatars_max",
                f"{_plural(avatar_count, word)} in the play deck: at most {max_avatars}.",
                _names(avatars),
                _lines(avatars),
                source=_src(fmt, _METW_SRC + " step 5", "CoE 1.5"),
            )
        )
    different = r.get("avatars_not_all_different")
    distinct_avatars = {e.card.key for e in avatars}
    if different and avatar_count >= different and len(distinct_avatars) >= different:
        problems.append(
            Problem(
                "avatars_all_different",
                f"{len(distinct_avatars)} different avatars ({', '.join(_names(avatars))}): up "
                f"to {max_avatars} avatar cards are allowed, but not {different} different ones.",
                _names(avatars),
                _lines(avatars),
                source="CoE 1.5",
            )
        )
    max_with_copies = r.get("max_avatars_with_copies")
    if max_with_copies is not None:
        avatar_copies: dict[str, list[Entry]] = defaultdict(list)
        for z in ("play", "sideboard", "sideboard_fw"):
            for e in zones[z]:
                if e.card.is_avatar:
                    avatar_copies[e.card.key].append(e)
        repeated = [es for es in avatar_copies.values() if total(es) > 1]
        if len(repeated) > max_with_copies:
            flat = [e for es in repeated for e in es]
            problems.append(
                Problem(
                    "avatar_copies",
                    "More than one avatar with several copies in play deck and sideboard: "
                    + ", ".join(f"{total(es)} × {es[0].card.name}" for es in repeated)
                    + f". Only {max_with_copies} avatar may have more than one copy.",
                    tuple(es[0].card.name for es in repeated),
                    _lines(flat),
                    source="CoE 1.6.1 (avatars in the sideboard)",
                )
            )

    # --- creatures and agents (CoE 1.5.1, 1.3.2)
    full_creatures = half_creatures = 0
    min_creatures = r.get("min_creatures")
    markers = r.get("half_creature_markers") or []
    # "/" marks a creature also playable as an event; the words mark dragon manifestations.
    dual_type = "/" in markers
    name_marks = [m.lower() for m in markers if m != "/"]
    half_events = r.get("half_creature_events") or []
    for e in play:
        c = e.card
        if role(c) != "hazard":
            continue
        raw = c.subtype_raw or ""
        if c.is_agent or (c.type == "character" and c.alignment == "neutral"):
            half_creatures += e.count
        elif any(m in c.name.lower() for m in name_marks):
            # Dragon manifestations are long- or permanent-events, yet count half a creature.
            half_creatures += e.count
        elif c.subtype == "creature" or "creature" in raw.lower():
            if dual_type and "/" in raw:
                half_creatures += e.count
            else:
                full_creatures += e.count
        elif "Permanent-event" in raw and any(m in c.name for m in half_events):
            half_creatures += e.count
    # CoE: the half creatures are "rounded down" once summed.
    creatures = full_creatures + half_creatures // 2
    if min_creatures is not None and creatures < min_creatures:
        problems.append(
            Problem(
                "creatures_min",
                f"{_plural(creatures, 'creature')} among the hazards: at least {min_creatures} "
                "(agents, At Home / Ahunt dragons, creatures also playable as events and Spawn "
                "permanent-events count half, rounded down).",
                source="CoE 1.5.1",
            )
        )
    agent_entries = [
        e
        for z in ("play", "pool", "sideboard", "sideboard_fw")
        for e in zones[z]
        if e.card.is_agent
    ]
    agent_mind = sum((e.card.mind or 0) * e.count for e in agent_entries)
    max_agent_mind = r.get("max_agent_mind")
    if max_agent_mind is not None and agent_mind > max_agent_mind:
        problems.append(
            Problem(
                "agents_mind",
                f"Agents' total mind is {agent_mind} ({', '.join(_names(agent_entries))}): at "
                f"most {max_agent_mind}.",
                _names(agent_entries),
                _lines(agent_entries),
                source="CoE 1.3.2",
            )
        )

    # --- copies (003 Part I §2–3, Part II §2; CoE 1.3.1)
    copy_zones = r.get("copy_zones") or ["play", "pool"]
    unique_limit = r.get("unique_limit", 1)
    nonunique_limit = r.get("nonunique_limit", 3)
    fw_limit = r.get("fallen_wizard_nonunique_limit") if player_type == "fallen-wizard" else None
    by_key: dict[str, list[Entry]] = defaultdict(list)
    for z in copy_zones:
        for e in zones.get(z, []):
            # Sites have their own rule (one of each non-Haven site); regions none.
            if e.card.type in ("site", "region"):
                continue
            by_key[e.card.key].append(e)
    unique_over: list[tuple[str, int, list[Entry]]] = []
    nonunique_over: list[tuple[str, int, int, list[Entry]]] = []
    for es in by_key.values():
        n = total(es)
        card = es[0].card
        if any(e.card.is_avatar for e in es):
            continue  # the avatar rule above governs avatar copies
        if card.unique or any(e.card.unique for e in es):
            if n > unique_limit:
                unique_over.append((card.name, n, es))
        else:
            limit = nonunique_limit
            if fw_limit is not None and (
                card.type == "character"
                or (card.type == "resource" and card.alignment in ("hero", "minion"))
            ):
                limit = min(limit, fw_limit)
            if n > limit:
                nonunique_over.append((card.name, n, limit, es))
    scope = (
        "in the whole deck"
        if "sites" in copy_zones
        else (
            "in play deck, sideboard and starting cards"
            if "sideboard" in copy_zones
            else "in play deck and starting cards"
        )
    )
    for name, n, es in unique_over:
        problems.append(
            Problem(
                "copies_unique",
                f"{n} × {name}: a unique card may appear once {scope}.",
                (name,),
                _lines(es),
                source=_src(fmt, "003 Part I §2 “Unique”, §3 step 2", "CoE 1.3.1"),
            )
        )
    for name, n, limit, es in nonunique_over:
        fw_note = (
            " (a Fallen-wizard deck: two)" if fw_limit is not None and limit == fw_limit else ""
        )
        problems.append(
            Problem(
                "copies_nonunique",
                f"{n} × {name}: at most {limit} copies of a non-unique card {scope}{fw_note}.",
                (name,),
                _lines(es),
                source=_src(fmt, "003 Part I §3 step 2", "CoE 1.3.1"),
            )
        )

    # --- location deck (003 Part I §3 step 1, Part II §3; CoE 1.4)
    sites = zones["sites"]
    site_counts: Counter[str] = Counter()
    site_entries: dict[str, list[Entry]] = defaultdict(list)
    regions = [e for e in sites if e.card.type == "region"]
    # A Fallen-wizard holds one of each hero and minion site, havens included, and any number
    # of Fallen-wizard sites (CoE, location deck).
    repeatable = set(r.get("fw_repeatable_sites") or []) if player_type == "fallen-wizard" else None
    for e in sites:
        if e.card.type != "site":
            continue
        if repeatable is not None:
            if e.card.alignment in repeatable:
                continue
        elif e.card.is_haven:
            continue
        # A hero and a minion Moria are two different sites.
        ident = f"{e.card.key}|{e.card.alignment}"
        site_counts[ident] += e.count
        site_entries[ident].append(e)
    dup_sites = [
        (_site_label(site_entries[k][0].card, repeatable is not None), n, site_entries[k])
        for k, n in site_counts.items()
        if n > 1
    ]
    if dup_sites:
        dup_es = [e for _, _, es in dup_sites for e in es]
        problems.append(
            Problem(
                "site_copies",
                (
                    "Only one of each hero and minion site in a Fallen-wizard's location deck: "
                    if repeatable is not None
                    else "Only one of each non-Haven site in the location deck: "
                )
                + ", ".join(f"{n} × {name}" for name, n, _ in dup_sites)
                + ".",
                tuple(name for name, _, _ in dup_sites),
                _lines(dup_es),
                source=_src(fmt, _METW_SRC + " step 1", "CoE 1.4"),
            )
        )
    if regions and not r.get("regions_allowed"):
        problems.append(
            Problem(
                "regions_not_allowed",
                f"{_plural(total(regions), 'region card')} ({', '.join(_names(regions))}): "
                + (
                    "no region cards in the location deck."
                    if coe
                    else "the starter rules use no region cards."
                ),
                _names(regions),
                _lines(regions),
                source=_src(fmt, "003 Part I §2", "CoE 1.4"),
            )
        )

    # --- sideboard (003 Part II §1–2; CoE 1.6.1)
    sideboard = total(zones["sideboard"])
    sideboard_fw = total(zones["sideboard_fw"])
    sb_max = r.get("sideboard_max", 0)
    if sideboard > sb_max:
        msg = (
            f"{_plural(sideboard, 'sideboard card')}: the starter rules have no sideboard."
            if sb_max == 0
            else f"{_plural(sideboard, 'card')} in the sideboard: at most {sb_max}."
        )
        problems.append(
            Problem(
                "sideboard_size",
                msg,
                _names(zones["sideboard"]) if sb_max == 0 else (),
                source=_src(fmt, _METW_SB_SRC, "CoE 1.6.1"),
            )
        )
    fw_max = r.get("sideboard_fw_max", 0)
    if sideboard_fw > fw_max:
        problems.append(
            Problem(
                "sideboard_fw_size",
                f"{_plural(sideboard_fw, 'card')} in the sideboard against Fallen-wizards: "
                f"at most {fw_max}.",
                source="CoE 1.6.1",
            )
        )

    # --- pool / starting company (003 Part I §3 steps 3–4; CoE 1.7)
    pool = zones["pool"]
    # An agent is a hazard "in all areas" for a Wizard or Balrog player: not a pool character.
    pool_chars = [e for e in pool if role(e.card) == "character"]
    pool_avatars = [e for e in pool if e.card.is_avatar]
    in_lieu = {normalize_name(n) for n in r.get("pool_in_lieu_of_minor_item") or []}
    pool_items = [
        e
        for e in pool
        if e.card.type == "resource" and (e.card.subtype == "item" or e.card.key in in_lieu)
    ]
    stage_rule = r.get("fw_stage_pool") if player_type == "fallen-wizard" else None
    pool_stage = (
        [
            e
            for e in pool
            if e.card.type == "resource"
            and e.card.stage_points is not None
            and "Permanent-event" in (e.card.subtype_raw or "")
        ]
        if stage_rule
        else []
    )
    pool_other = [
        e
        for e in pool
        if e not in pool_chars
        and e not in pool_avatars
        and e not in pool_items
        and e not in pool_stage
    ]
    n_pool_chars = total(pool_chars)
    pool_mind = sum((e.card.mind or 0) * e.count for e in pool_chars)
    pool_word = "in the pool" if coe else "starting characters"
    pmin, pmax = r.get("pool_min_characters", 0), r.get("pool_max_characters")
    if pmax is not None and not (pmin <= n_pool_chars <= pmax):
        problems.append(
            Problem(
                "pool_characters",
                f"{_plural(n_pool_chars, 'character')} {pool_word}: "
                + (f"between {pmin} and {pmax}." if pmin else f"at most {pmax}.")
                + ("" if coe else " List them under “Pool”."),
                _names(pool_chars),
                _lines(pool_chars),
                source=_src(fmt, _METW_SRC + " step 3", "CoE 1.7"),
            )
        )
    if pool_avatars and not r.get("pool_avatars_allowed"):
        problems.append(
            Problem(
                "pool_avatar",
                f"{', '.join(_names(pool_avatars))}: "
                + (
                    "the pool holds non-avatar characters only."
                    if coe
                    else "no Wizards among the starting characters."
                ),
                _names(pool_avatars),
                _lines(pool_avatars),
                source=_src(fmt, _METW_SRC + " step 3", "CoE 1.7"),
            )
        )
    max_mind = r.get("pool_max_mind")
    if max_mind is not None and pool_mind > max_mind:
        problems.append(
            Problem(
                "pool_mind",
                f"Starting characters' combined mind is {pool_mind}: at most {max_mind}.",
                _names(pool_chars),
                _lines(pool_chars),
                source=_METW_SRC + " step 3",
            )
        )
    bad_items = [
        e
        for e in pool_items
        if e.card.key not in in_lieu and (e.card.unique or e.card.item_class != "minor")
    ]
    if bad_items:
        problems.append(
            Problem(
                "pool_item_kind",
                f"{', '.join(_names(bad_items))}: only non-unique minor items may start the game.",
                _names(bad_items),
                _lines(bad_items),
                source=_src(fmt, _METW_SRC + " step 4", "CoE 1.7"),
            )
        )
    n_items = total(pool_items)
    max_items = r.get("pool_max_minor_items", 2)
    if n_items > max_items:
        problems.append(
            Problem(
                "pool_items",
                f"{_plural(n_items, 'item')} "
                f"{pool_word if coe else 'with the starting characters'}: "
                f"at most {max_items} minor items in total"
                + (
                    " (cards played with the starting company in lieu of a minor item count)."
                    if in_lieu and any(e.card.key in in_lieu for e in pool_items)
                    else "."
                ),
                _names(pool_items),
                _lines(pool_items),
                source=_src(fmt, _METW_SRC + " step 4", "CoE 1.7"),
            )
        )
    if stage_rule:
        _fw_stage_pool(pool_stage, stage_rule, problems)
    if pool_other:
        problems.append(
            Problem(
                "pool_card_type",
                f"{', '.join(_names(pool_other))}: the pool holds characters and minor items only"
                + (
                    " (and a Fallen-wizard's Stage resource permanent-events)."
                    if stage_rule
                    else "."
                ),
                _names(pool_other),
                _lines(pool_other),
                source=_src(fmt, _METW_SRC + " steps 3–4", "CoE 1.7"),
            )
        )

    # --- player type (CoE 1.2, 1.3.x)
    allowed_types = r.get("player_types") or []
    alignments = (r.get("alignments") or {}).get(player_type or "", None)
    if len(allowed_types) > 1 and player_type is None:
        problems.append(
            Problem(
                "player_type_unknown",
                "Say which player type this deck is for (Wizard, Ringwraith, Fallen-wizard or "
                "Balrog): the list's avatars and sites do not tell.",
                source="CoE 1.2",
            )
        )
    wrong: list[Entry] = []
    if alignments:
        open_sites = {normalize_name(n) for n in r.get("sites_open_to_all") or []}
        for e in entries:
            c = e.card
            kind = role(c)
            if kind == "hazard" or c.alignment in (None, "neutral"):
                continue
            if kind == "site" and c.key in open_sites:
                continue
            ok = alignments.get(kind)
            if kind == "resource" and c.subtype == "item":
                ok = alignments.get("item", ok)
            if ok is not None and c.alignment not in ok:
                wrong.append(e)
        if wrong:
            label = PLAYER_TYPE_LABELS.get(player_type or "", player_type)
            problems.append(
                Problem(
                    "player_type_card",
                    f"Not for a {label} player: "
                    + ", ".join(
                        f"{e.card.name} ({e.card.alignment} {role(e.card)}, {e.card.set})"
                        for e in wrong
                    )
                    + ".",
                    _names(wrong),
                    _lines(wrong),
                    source=_src(fmt, "003 (a hero game)", "CoE 1.2–1.3"),
                )
            )
    banned = {normalize_name(b) for b in r.get("banned") or []} | set(r.get("banned") or [])
    banned_pt = (r.get("banned_by_player_type") or {}).get(player_type or "", [])
    banned_pt_keys = {normalize_name(b) for b in banned_pt} | set(banned_pt)
    hit = [e for e in entries if e.card.key in banned or e.card.id in banned]
    hit_pt = [e for e in entries if e.card.key in banned_pt_keys or e.card.id in banned_pt_keys]
    if hit:
        problems.append(
            Problem(
                "banned",
                f"Banned in {fmt.name}: {', '.join(_names(hit))}.",
                _names(hit),
                _lines(hit),
                source=fmt.source,
            )
        )
    # A card the player type may not hold at all is told once, as player_type_card.
    told = {id(e) for e in wrong}
    allowed_entries = [e for e in entries if id(e) not in told]
    if player_type == "balrog" and r.get("balrog_limits"):
        _balrog_limits(allowed_entries, role, r["balrog_limits"], problems)
    if r.get("specific_cards_need_their_avatar") and player_type:
        _specific_cards(allowed_entries, player_type, problems)
    if hit_pt:
        problems.append(
            Problem(
                "banned_for_player_type",
                f"A {PLAYER_TYPE_LABELS.get(player_type or '', player_type)} player may not "
                f"include: {', '.join(_names(hit_pt))}.",
                _names(hit_pt),
                _lines(hit_pt),
                source="CoE 1.3.x (cards a Fallen-wizard / Balrog player cannot include)",
            )
        )

    counts: dict[str, Any] = {
        "player_type": player_type,
        "play_deck": total(play),
        "resources": resources,
        "hazards": hazards,
        "characters": characters,
        "avatars": avatar_count,
        "creatures": creatures,
        "agents_mind": agent_mind,
        "pool": total(pool),
        "pool_characters": n_pool_chars,
        "pool_mind": pool_mind,
        "pool_items": n_items,
        **(
            {"pool_stage_points": sum((e.card.stage_points or 0) * e.count for e in pool_stage)}
            if stage_rule
            else {}
        ),
        "sideboard": sideboard,
        "sideboard_fw": sideboard_fw,
        "sites": total(sites, lambda e: e.card.type == "site"),
        "havens": total(sites, lambda e: e.card.is_haven),
        "regions": total(regions),
        "total": total(entries),
    }
    return entries, counts


def _split_dual_cards(
    play: list[Entry],
    resources: int,
    hazards: int,
    lo: int | None,
    hi: int | None,
    max_as_resource: int | None,
) -> tuple[int, int]:
    """Resources and hazards once the dual cards are counted the way that fits the rules.

    CoE: a card that may be played as a resource or a hazard counts as either for deck
    construction (a Fallen-wizard at most ``max_as_resource`` copies of each as resources).
    The split that breaks fewest rules wins; ties keep the printed type (resource).
    """
    per_card: Counter[str] = Counter()
    for e in play:
        if e.card.alignment == "dual" and e.card.type == "resource" and not e.card.is_avatar:
            per_card[e.card.key] += e.count
    dual = sum(per_card.values())
    if not dual:
        return resources, hazards
    fixed = resources - dual
    most = sum(
        min(n, max_as_resource) if max_as_resource is not None else n for n in per_card.values()
    )

    def broken(k: int) -> int:
        res, haz = fixed + k, hazards + dual - k
        in_range = lo is None or hi is None or lo <= res <= hi
        return (res != haz) + (not in_range)

    best = min(range(most, -1, -1), key=broken)
    return fixed + best, hazards + dual - best


def _site_label(card: CardRecord, with_alignment: bool) -> str:
    return f"{card.name} ({card.alignment})" if with_alignment else card.name


def _fw_stage_pool(stage: list[Entry], rule: Mapping[str, Any], problems: list[Problem]) -> None:
    """CoE: a Fallen-wizard's pool holds Stage resources worth exactly three stage points."""
    rule = {**COE_FW_STAGE_POOL, **rule}
    n = sum(e.count for e in stage)
    points = sum((e.card.stage_points or 0) * e.count for e in stage)
    nonunique = sum(e.count for e in stage if not e.card.unique)
    want, max_cards, min_nonunique = rule["stage_points"], rule["max_cards"], rule["min_nonunique"]
    wrong: list[str] = []
    if points != want:
        wrong.append(f"they are worth {_plural(points, 'stage point')}, not exactly {want}")
    if n > max_cards:
        wrong.append(f"{n} cards, at most {max_cards}")
    if nonunique < min_nonunique:
        wrong.append("none of them is non-unique")
    if wrong:
        listed = ", ".join(f"{e.count} × {e.card.name} ({e.card.stage_points})" for e in stage)
        need = (
            f"up to {max_cards} Stage resource permanent-events worth exactly {want} stage "
            f"points, at least {min_nonunique} of them non-unique"
        )
        problems.append(
            Problem(
                "fw_stage_pool",
                (
                    f"A Fallen-wizard's pool needs {need} — it has {listed}: {'; '.join(wrong)}."
                    if stage
                    else f"The pool has no Stage resource permanent-events: add {need}."
                ),
                _names(stage),
                _lines(stage),
                source="CoE 1.7 (a Fallen-wizard's Stage resources)",
            )
        )


def _specific_cards(entries: list[Entry], player_type: str, problems: list[Problem]) -> None:
    """CoE: a card specific to an avatar needs that avatar declared, hence in the deck.

    Only a Fallen-wizard or Balrog player declares an avatar; a Fallen-wizard declares one,
    so his specific cards all name the same Fallen-wizard: the one most of them name, among
    the avatars in the deck.
    """
    specific = [e for e in entries if e.card.specific_to and not e.card.is_avatar]
    if not specific:
        return
    declared: str | None = None
    if player_type == "balrog":
        declared = "balrog"
    elif player_type == "fallen-wizard":
        avatars = {e.card.key for e in entries if e.card.is_avatar}
        named = Counter(
            normalize_name(e.card.specific_to or "")
            for e in specific
            if normalize_name(e.card.specific_to or "") in avatars
        )
        declared = named.most_common(1)[0][0] if named else None
    wrong = [e for e in specific if normalize_name(e.card.specific_to or "") != declared]
    if wrong:
        label = PLAYER_TYPE_LABELS.get(player_type, player_type)
        problems.append(
            Problem(
                "specific_to_avatar",
                "Cards specific to an avatar "
                + (
                    f"other than this deck's {declared.title()}"
                    if declared and player_type == "fallen-wizard"
                    else f"a {label} player does not declare"
                )
                + ": "
                + ", ".join(
                    f"{e.card.name} (specific to "
                    + ("the Balrog" if e.card.specific_to == "Balrog" else "the Fallen-wizard ")
                    + ("" if e.card.specific_to == "Balrog" else f"{e.card.specific_to}")
                    + ")"
                    for e in wrong
                )
                + ".",
                _names(wrong),
                _lines(wrong),
                source="CoE 1.3.x (cards specific to an avatar)",
            )
        )


def _balrog_limits(
    entries: list[Entry],
    role: Callable[[CardRecord], str],
    limits: Mapping[str, Any],
    problems: list[Problem],
) -> None:
    """CoE, Balrog player: Orc and Troll characters, mind under 9, animal factions, Balrog sites."""
    # A custom format stored before its table had every key still gets the CoE's values.
    limits = {**COE_BALROG_LIMITS, **limits}
    races = set(limits["character_races"])
    max_mind = limits["max_character_mind"]
    faction_races = set(limits["faction_races"])
    bad_race, bad_mind, bad_faction, bad_site = [], [], [], []
    needing = {normalize_name(n) for n in limits["sites_needing_balrog_version"]}
    for e in entries:
        c = e.card
        kind = role(c)
        if kind == "character":
            if c.race not in races:
                bad_race.append(e)
            if (c.mind or 0) > max_mind and c.specific_to != "Balrog":
                bad_mind.append(e)
        elif kind == "resource" and c.subtype == "faction" and c.race not in faction_races:
            bad_faction.append(e)
        elif c.type == "site" and c.alignment == "minion" and c.key in needing:
            bad_site.append(e)

    def race(e: Entry) -> str:
        return f"{e.card.name} ({e.card.race or 'no race'})"

    for code, bad, lead, label in (
        (
            "balrog_character_race",
            bad_race,
            "A Balrog player's characters are Orcs or Trolls",
            race,
        ),
        (
            "balrog_character_mind",
            bad_mind,
            f"A Balrog player's characters have mind {max_mind} or less unless Balrog-specific",
            lambda e: f"{e.card.name} (mind {e.card.mind})",
        ),
        (
            "balrog_faction",
            bad_faction,
            "A Balrog player's factions are Orc, Troll, Wolf, Animal or Dragon",
            race,
        ),
        (
            "balrog_site",
            bad_site,
            "A Balrog player uses the Balrog version of these sites, not the minion one",
            lambda e: f"{e.card.name} ({e.card.set})",
        ),
    ):
        if bad:
            problems.append(
                Problem(
                    code,
                    f"{lead}: {', '.join(label(e) for e in bad)}.",
                    _names(bad),
                    _lines(bad),
                    source="CoE 1.3.x (Balrog player)",
                )
            )


# --------------------------------------------------------------------------- LOTR TCG

_LOTR_SRC = "001 Section One “Building your deck”"


def _lotr(
    found: list[tuple[DeckLine, CardRecord]], fmt: FormatDef, problems: list[Problem]
) -> tuple[list[Entry], dict[str, Any]]:
    r = fmt.rules
    entries: list[Entry] = []
    explicit_rb = any(line.section == "ring_bearer" for line, _ in found)
    explicit_ring = any(line.section == "ring" for line, _ in found)
    rb_taken = ring_taken = False
    misplaced: list[Entry] = []
    moved: list[Entry] = []
    notes: list[Problem] = []
    for line, card in found:
        count = line.count
        section = line.section
        if section in ("ring_bearer", "ring"):
            entries.append(Entry(line, card, section, 1))
            if count > 1:
                entries.append(Entry(line, card, "draw", count - 1))
            continue
        if card.type == "SITE":
            entries.append(Entry(line, card, "sites", count))
            if section == "draw":
                moved.append(entries[-1])
            continue
        if card.type == "MAP":
            # Players Council formats add a map beside the adventure deck (GEMP map_required).
            entries.append(Entry(line, card, "map", count))
            continue
        if section == "sites":
            e = Entry(line, card, "draw", count)
            entries.append(e)
            misplaced.append(e)
            continue
        if card.type == "THE_ONE_RING" and not explicit_ring and not ring_taken:
            ring_taken = True
            entries.append(Entry(line, card, "ring", 1))
            notes.append(
                Problem(
                    "ring_assumed",
                    f"No “Ring:” line: line {line.line_no} {card.name} is taken as the Ring.",
                    (card.name,),
                    (line.line_no,),
                    WARNING,
                )
            )
            if count > 1:
                entries.append(Entry(line, card, "draw", count - 1))
            continue
        if (
            not explicit_rb
            and not rb_taken
            and section == MAIN
            and (card.can_be_ring_bearer or card.title_key == "frodo")
        ):
            rb_taken = True
            entries.append(Entry(line, card, "ring_bearer", 1))
            notes.append(
                Problem(
                    "ring_bearer_assumed",
                    f"No “Ring-bearer:” line: line {line.line_no} {card.name} is taken as the "
                    "Ring-bearer.",
                    (card.name,),
                    (line.line_no,),
                    WARNING,
                )
            )
            if count > 1:
                entries.append(Entry(line, card, "draw", count - 1))
            continue
        entries.append(Entry(line, card, "draw", count))
    problems.extend(notes)
    _sites_moved(moved, "adventure deck", problems)
    if misplaced:
        problems.append(
            Problem(
                "wrong_section",
                "Not sites, listed in the adventure deck: "
                + ", ".join(f"line {e.line.line_no} {e.card.name}" for e in misplaced)
                + ".",
                _names(misplaced),
                _lines(misplaced),
                source=_LOTR_SRC,
            )
        )
    zones: dict[str, list[Entry]] = defaultdict(list)
    for e in entries:
        zones[e.zone].append(e)
    draw, sites = zones["draw"], zones["sites"]
    if r.get("map_required") and not zones["map"]:
        problems.append(
            Problem(
                "map_missing",
                f"{fmt.name} needs a map (e.g. Path of the Fellowship) beside the adventure deck.",
                source=fmt.source,
            )
        )
    rbs, rings = zones["ring_bearer"], zones["ring"]

    def total(es: Iterable[Entry]) -> int:
        return sum(e.count for e in es)

    # --- Ring-bearer and The One Ring
    if not rbs:
        problems.append(
            Problem(
                "ring_bearer_missing",
                "No Ring-bearer: add a line “Ring-bearer: Frodo, Son of Drogo” (any character "
                "with the ringed resistance icon, or any version of Frodo).",
                source=_LOTR_SRC + ", “Ring-bearer and The One Ring”",
            )
        )
    elif len(rbs) > 1:
        problems.append(
            Problem(
                "ring_bearer_count",
                f"{len(rbs)} Ring-bearers ({', '.join(_names(rbs))}): exactly one.",
                _names(rbs),
                _lines(rbs),
                source=_LOTR_SRC,
            )
        )
    for e in rbs:
        if not (e.card.can_be_ring_bearer or e.card.title_key == "frodo"):
            problems.append(
                Problem(
                    "ring_bearer_invalid",
                    f"{e.card.name} cannot be the Ring-bearer: only a character with the ringed "
                    "resistance icon, or any version of Frodo.",
                    (e.card.name,),
                    (e.line.line_no,),
                    source=_LOTR_SRC + ", “Ring-bearer and The One Ring”",
                )
            )
    if not rings and r.get("ring_required", True):
        problems.append(
            Problem(
                "ring_missing",
                "No One Ring: add a line “Ring: The One Ring, The Ruling Ring” (any version).",
                source=_LOTR_SRC,
            )
        )
    for e in rings:
        if e.card.type != "THE_ONE_RING":
            problems.append(
                Problem(
                    "ring_invalid",
                    f"{e.card.name} is not a version of The One Ring.",
                    (e.card.name,),
                    (e.line.line_no,),
                    source=_LOTR_SRC,
                )
            )

    # --- draw deck (001 "Draw Deck")
    rings_in_draw = [e for e in draw if e.card.type == "THE_ONE_RING"]
    if rings_in_draw:
        problems.append(
            Problem(
                "ring_in_draw_deck",
                f"{total(rings_in_draw)} × The One Ring in the draw deck: the Ring is not part of "
                "the draw deck.",
                _names(rings_in_draw),
                _lines(rings_in_draw),
                source=_LOTR_SRC + ", “Draw Deck”",
            )
        )
    others = [
        e
        for e in draw
        if e.card.side not in ("free_peoples", "shadow") and e.card.type != "THE_ONE_RING"
    ]
    if others:
        problems.append(
            Problem(
                "draw_deck_card_type",
                "Not Free Peoples or Shadow cards, cannot be in the draw deck: "
                f"{', '.join(_names(others))}.",
                _names(others),
                _lines(others),
                source=_LOTR_SRC + ", “Draw Deck”",
            )
        )
    fp = sum(e.count for e in draw if e.card.side == "free_peoples")
    shadow = sum(e.count for e in draw if e.card.side == "shadow")
    draw_size = total(draw)
    min_draw = r.get("min_draw_deck", 60)
    if draw_size < min_draw:
        problems.append(
            Problem(
                "draw_deck_size",
                f"{_plural(draw_size, 'card')} in the draw deck: at least {min_draw}.",
                source=_LOTR_SRC + ", “Draw Deck”",
            )
        )
    if r.get("fp_shadow_must_be_equal", True) and fp != shadow:
        problems.append(
            Problem(
                "fp_shadow_equal",
                f"{_plural(fp, 'Free Peoples card')}, {shadow} Shadow: they must be equal.",
                source=_LOTR_SRC + ", “Draw Deck”",
            )
        )
    max_title = r.get("max_copies_per_title", 4)
    rb_limit = r.get("ring_bearer_draw_copies", max_title - 1)
    rb_titles = {e.card.title_key for e in rbs}
    by_title: dict[str, list[Entry]] = defaultdict(list)
    for e in draw:
        by_title[e.card.title_key].append(e)
    for key, es in by_title.items():
        n = total(es)
        title = es[0].card.title or es[0].card.name
        if key in rb_titles and n > rb_limit:
            problems.append(
                Problem(
                    "copies_ring_bearer",
                    f"{n} × {title} in the draw deck besides the Ring-bearer: at most {rb_limit} "
                    "(one copy is always in the starting fellowship).",
                    _names(es),
                    _lines(es),
                    source=_LOTR_SRC + ", “Draw Deck”",
                )
            )
        elif n > max_title:
            problems.append(
                Problem(
                    "copies_title",
                    f"{n} × {title}: at most {max_title} copies of one card title (subtitles "
                    "ignored).",
                    _names(es),
                    _lines(es),
                    source=_LOTR_SRC + ", “Draw Deck”",
                )
            )
    # Format lists (GEMP): restricted = one copy, limit2 / limit3, restricted_names by title.
    everything = draw + rbs + rings + sites + zones["map"]
    by_identity: dict[str, list[Entry]] = defaultdict(list)
    for e in everything:
        by_identity[e.card.rules_identity].append(e)

    def ids_of(card: CardRecord) -> set[str]:
        return {card.id, card.rules_identity, *card.alternate_ids}

    for list_key, limit in (("restricted", 1), ("limit2", 2), ("limit3", 3)):
        listed = set(r.get(list_key) or [])
        if not listed:
            continue
        for es in by_identity.values():
            if ids_of(es[0].card) & listed and total(es) > limit:
                problems.append(
                    Problem(
                        "copies_restricted",
                        f"{total(es)} × {es[0].card.name}: {fmt.name} allows {limit} "
                        f"cop{'y' if limit == 1 else 'ies'}.",
                        _names(es),
                        _lines(es),
                        source=fmt.source,
                    )
                )
    restricted_names = {normalize_name(n) for n in r.get("restricted_names") or []}
    for key, es in by_title.items():
        if key in restricted_names and total(es) > 1:
            problems.append(
                Problem(
                    "copies_restricted",
                    f"{total(es)} × {es[0].card.title}: {fmt.name} allows one card of this title.",
                    _names(es),
                    _lines(es),
                    source=fmt.source,
                )
            )
    banned = set(r.get("banned") or [])
    banned_hit = [e for e in everything if ids_of(e.card) & banned]
    if banned_hit:
        problems.append(
            Problem(
                "banned",
                f"Banned in {fmt.name}: {', '.join(_names(banned_hit))}.",
                _names(banned_hit),
                _lines(banned_hit),
                source=fmt.source,
            )
        )
    sets = set(r.get("sets") or [])
    always = set(r.get("always_valid") or [])
    outside = [e for e in everything if e.card.set not in sets and not (ids_of(e.card) & always)]
    if sets and outside:
        problems.append(
            Problem(
                "not_in_format",
                f"Not from {fmt.name}'s sets ({', '.join(sorted(sets, key=_set_order))}): "
                + ", ".join(f"{e.card.name} (set {e.card.set})" for e in outside)
                + ".",
                _names(outside),
                _lines(outside),
                source=_LOTR_SRC.replace("Building your deck", "Formats"),
            )
        )

    # --- adventure deck (001 "Adventure Deck")
    _lotr_sites(sites, fmt, problems)

    counts: dict[str, Any] = {
        "ring_bearer": rbs[0].card.name if rbs else None,
        "ring": rings[0].card.name if rings else None,
        "draw_deck": draw_size,
        "free_peoples": fp,
        "shadow": shadow,
        "sites": total(sites),
        "by_culture": _by_culture(draw),
        "by_type": dict(
            Counter({e.card.type: 0 for e in draw}) + Counter(_sum_by(draw, lambda c: c.type))
        ),
    }
    return entries, counts


def _set_order(code: str) -> int:
    return int(code) if code.isdigit() else 999


def _sum_by(entries: Iterable[Entry], key) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for e in entries:
        out[key(e.card)] += e.count
    return dict(out)


def _by_culture(draw: Iterable[Entry]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for e in draw:
        culture = e.card.culture or "None"
        side = e.card.side or "other"
        row = out.setdefault(culture, {})
        row[side] = row.get(side, 0) + e.count
    return dict(sorted(out.items()))


_BLOCK_NAMES = {
    "FELLOWSHIP": "Fellowship block",
    "TWO_TOWERS": "Towers block",
    "KING": "King block",
    "HOBBIT": "Hobbit",
    "SHADOWS": "Shadows (set 11 on)",
}


def _lotr_sites(sites: list[Entry], fmt: FormatDef, problems: list[Problem]) -> None:
    src = _LOTR_SRC + ", “Adventure Deck”"
    n = sum(e.count for e in sites)
    want = fmt.rule("site_count", 9)
    if n != want:
        problems.append(
            Problem(
                "sites_count",
                f"{_plural(n, 'site')} in the adventure deck: exactly {want}.",
                source=src,
            )
        )
    per_card: dict[str, list[Entry]] = defaultdict(list)
    for e in sites:
        per_card[e.card.key].append(e)
    dups = [
        (es[0].card.name, sum(x.count for x in es), es)
        for es in per_card.values()
        if sum(x.count for x in es) > 1
    ]
    if dups:
        problems.append(
            Problem(
                "sites_duplicate",
                "Each site must be different: "
                + ", ".join(f"{c} × {name}" for name, c, _ in dups)
                + ".",
                tuple(name for name, _, _ in dups),
                tuple(sorted({e.line.line_no for _, _, es in dups for e in es})),
                source=src,
            )
        )
    rule = fmt.rule("site_rule")
    if not sites or rule is None:
        return
    blocks = {e.card.site_block for e in sites}
    if rule == "MULTIPATH":
        if len(blocks) > 1:
            problems.append(
                Problem(
                    "site_block",
                    "All nine sites must come from one block; this adventure deck mixes "
                    + ", ".join(sorted(_BLOCK_NAMES.get(b or "", str(b)) for b in blocks))
                    + ".",
                    _names(sites),
                    _lines(sites),
                    source=fmt.source,
                )
            )
            return
        rule = next(iter(blocks)) or "SHADOWS"
    if rule not in _BLOCK_NAMES:
        return  # a site rule the texts do not describe (e.g. GEMP's SECOND_ED): count only
    wrong = [e for e in sites if e.card.site_block != rule]
    if wrong:
        problems.append(
            Problem(
                "site_block",
                f"Sites must be {_BLOCK_NAMES[rule]} sites: "
                + ", ".join(
                    f"{e.card.name} "
                    f"({_BLOCK_NAMES.get(e.card.site_block or '', e.card.site_block)})"
                    for e in wrong
                )
                + ".",
                _names(wrong),
                _lines(wrong),
                source=src,
            )
        )
    distinct = [es[0] for es in per_card.values()]
    if rule in NUMBERED_SITE_RULES:
        by_number: dict[int | None, list[Entry]] = defaultdict(list)
        for e in distinct:
            by_number[e.card.site_number].append(e)
        doubled = {k: v for k, v in by_number.items() if k is not None and len(v) > 1}
        missing = [k for k in range(1, 10) if k not in by_number] if n == want else []
        if doubled or missing:
            parts = [
                f"site {k} twice ({', '.join(e.card.name for e in v)})"
                for k, v in sorted(doubled.items())
            ]
            if missing:
                parts.append("no site " + ", ".join(str(k) for k in missing))
            bad = [e for v in doubled.values() for e in v]
            problems.append(
                Problem(
                    "site_numbers",
                    "One site for each site number 1–9: " + "; ".join(parts) + ".",
                    _names(bad),
                    _lines(bad),
                    source=src,
                )
            )
    else:
        max_same = fmt.rule("max_sites_per_shadow_number", 3)
        by_shadow: dict[int | None, list[Entry]] = defaultdict(list)
        for e in distinct:
            by_shadow[e.card.shadow_number].append(e)
        over = {k: v for k, v in by_shadow.items() if len(v) > max_same}
        if over:
            bad = [e for v in over.values() for e in v]
            problems.append(
                Problem(
                    "site_shadow_number",
                    f"At most {max_same} sites with the same Shadow number: "
                    + "; ".join(
                        f"{len(v)} with Shadow number {k} ({', '.join(e.card.name for e in v)})"
                        for k, v in sorted(over.items(), key=lambda kv: kv[0] or 0)
                    )
                    + ".",
                    _names(bad),
                    _lines(bad),
                    source=src,
                )
            )


# --------------------------------------------------------------------------- LoRE

_LORE_SRC = "000 Part IV “Unique”"


def _lore(
    found: list[tuple[DeckLine, CardRecord]],
    unknown: list[DeckLine],
    fmt: FormatDef,
    problems: list[Problem],
) -> tuple[list[Entry], dict[str, Any]]:
    from rules_engine.deckrules.cards import lore_record

    r = fmt.rules
    entries: list[Entry] = []
    for line, card in found:
        zone = "sideboard" if line.section == "sideboard" else "play"
        entries.append(Entry(line, card, zone, line.count))
    for line in unknown:
        card = lore_record({"name": line.name, "type": "unknown"})
        zone = "sideboard" if line.section == "sideboard" else "play"
        entries.append(Entry(line, card, zone, line.count))
    if unknown:
        problems.append(
            Problem(
                "unknown_card",
                "Not in the organizer's LoRE card list, counted as non-unique cards: "
                + ", ".join(f"line {ln.line_no} {ln.name}" for ln in unknown)
                + ". The director checks these by hand.",
                tuple(ln.name for ln in unknown),
                tuple(ln.line_no for ln in unknown),
                WARNING,
                "RULES.md §4.3 (setting)",
            )
        )
    play = [e for e in entries if e.zone == "play"]
    side = [e for e in entries if e.zone == "sideboard"]
    n_play = sum(e.count for e in play)
    n_side = sum(e.count for e in side)
    lo, hi = r.get("deck_min"), r.get("deck_max")
    if (lo is not None and n_play < lo) or (hi is not None and n_play > hi):
        bounds = (
            f"between {lo} and {hi}"
            if lo is not None and hi is not None
            else (f"at least {lo}" if lo is not None else f"at most {hi}")
        )
        problems.append(
            Problem(
                "deck_size",
                f"{_plural(n_play, 'card')} in the deck: {bounds}.",
                source="RULES.md §4.3 (director's setting)",
            )
        )
    sb_max = r.get("sideboard_max")
    if sb_max is not None and n_side > sb_max:
        problems.append(
            Problem(
                "sideboard_size",
                f"{_plural(n_side, 'card')} in the sideboard: at most {sb_max}.",
                source="RULES.md §4.3 (director's setting)",
            )
        )
    by_key: dict[str, list[Entry]] = defaultdict(list)
    for e in entries:
        by_key[e.card.key].append(e)
    for es in by_key.values():
        n = sum(e.count for e in es)
        card = es[0].card
        if card.unique and n > r.get("unique_limit", 1):
            problems.append(
                Problem(
                    "copies_unique",
                    f"{n} × {card.name}: a unique card may appear once.",
                    (card.name,),
                    _lines(es),
                    source=_LORE_SRC,
                )
            )
        elif not card.unique and r.get("copy_limit") is not None and n > r["copy_limit"]:
            problems.append(
                Problem(
                    "copies_nonunique",
                    f"{n} × {card.name}: at most {r['copy_limit']} copies of a card.",
                    (card.name,),
                    _lines(es),
                    source="RULES.md §4.3 (director's setting)",
                )
            )
    counts = {
        "deck": n_play,
        "sideboard": n_side,
        "unique_cards": sum(e.count for e in play if e.card.unique),
        "unknown": sum(ln.count for ln in unknown),
        "by_type": _sum_by(play, lambda c: c.type),
        "total": n_play + n_side,
    }
    return entries, counts
