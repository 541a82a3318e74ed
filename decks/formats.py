"""Formats in the database: the built-in ones, a director's custom ones, the choices."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from audit.services import record as audit_record
from core.errors import Conflict, NotAllowed, NotFound, ServiceError
from decks.cards import DECK_GAMES, card_index, unknown_deck_game
from decks.models import DeckGame, Format
from decks.rule_names import rule_name, rule_value_words
from rules_engine.deckrules import (
    BUILTIN_FORMATS,
    DEFAULT_FORMAT,
    LOTR_TCG,
    FormatDef,
    builtin_format,
    derive_format,
    normalize_name,
)
from rules_engine.deckrules.formats import slugify_key


def _builtin_order(fdef: FormatDef) -> int:
    return BUILTIN_FORMATS.index(fdef)


def ensure_builtin_formats() -> int:
    """Create or refresh the built-in formats' rows (idempotent). Returns rows written."""
    written = 0
    for fdef in BUILTIN_FORMATS:
        values = {
            "name": fdef.name,
            "description": fdef.description,
            "rule_source": fdef.source,
            "rules": dict(fdef.rules),
            "source": Format.Source.BUILTIN,
            "builtin": True,
            "order": _builtin_order(fdef),
        }
        row = Format.objects.filter(game=fdef.game, key=fdef.key).first()
        if row is None:
            Format.objects.create(game=fdef.game, key=fdef.key, **values)
            written += 1
        elif any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            row.save()
            written += 1
    return written


def format_def(row: Format) -> FormatDef:
    return FormatDef(
        key=row.key,
        game=row.game,
        name=row.name,
        rules=row.rules,
        description=row.description,
        source=row.rule_source,
        based_on=row.based_on.key if row.based_on else None,
    )


def get_format(game: str, key: str | None) -> FormatDef:
    if game not in DECK_GAMES:
        raise ServiceError(unknown_deck_game(), "bad_game")
    key = (key or DEFAULT_FORMAT[game]).strip()
    row = Format.objects.filter(game=game, key=key).select_related("based_on").first()
    if row is not None:
        return format_def(row)
    fdef = builtin_format(game, key)
    if fdef is not None:
        return fdef
    raise NotFound(
        _("No format of %(game)s is called “%(key)s”. Known: %(known)s.")
        % {
            "game": DeckGame(game).label,
            "key": key,
            "known": ", ".join(str(name) for _key, name in format_choices(game)[:20]),
        },
        "bad_format",
    )


def known_formats(game: str) -> list[FormatDef]:
    """Every format of ``game``: the built-in ones first (a list's "Format: Fellowship
    Block" is the rulebook's block before GEMP's community format of that name)."""
    rows = Format.objects.filter(game=game).select_related("based_on")
    defs = [format_def(r) for r in sorted(rows, key=lambda r: (not r.builtin, r.order, r.name))]
    have = {f.key for f in defs}
    return [f for f in BUILTIN_FORMATS if f.game == game and f.key not in have] + defs


def format_choices(game: str) -> list[tuple[str, str]]:
    """(key, label) of every format of ``game``, built-in first (for the event form)."""
    rows = list(Format.objects.filter(game=game).values_list("key", "name"))
    if not rows:
        rows = [(f.key, f.name) for f in BUILTIN_FORMATS if f.game == game]
    return rows


def create_custom_format(
    user: Any,
    may_create: Callable[[Any], bool],
    game: str,
    base_key: str,
    name: str,
    changes: dict[str, Any],
    description: str = "",
) -> Format:
    """A director's format: an existing one with some rule values changed, created by a
    user ``may_create`` allows (the tournaments' notion of a director, passed down).

    ``changes`` may set any rule the base has to a value of the same kind, and
    ``extra_banned`` (card names or ids) adds to the banned list.
    """
    if not getattr(user, "is_authenticated", False) or not may_create(user):
        raise NotAllowed(
            _("Only tournament directors (organizers of an event) can create formats.")
        )
    base = get_format(game, base_key)
    name = (name or "").strip()
    if not name:
        raise ServiceError(_("Give the new format a name."), "bad_name")
    clean: dict[str, Any] = {}
    for k, v in (changes or {}).items():
        if k == "extra_banned":
            clean[k] = _resolve_ban_list(game, v)
            continue
        if k not in base.rules:
            raise ServiceError(
                _("%(format)s has no rule “%(rule)s”.")
                % {"format": base.name, "rule": rule_name(k)},
                "bad_rule",
            )
        _check_rule_value(k, base.rules[k], v)
        clean[k] = v
    key = slugify_key(name)
    if Format.objects.filter(game=game, key=key).exists():
        raise Conflict(
            _("A format of this game already has a name like “%(name)s”: choose another name.")
            % {"name": name}
        )
    fdef = derive_format(base, key, name, clean, description)
    with transaction.atomic():
        base_row = Format.objects.filter(game=game, key=base.key).first()
        row = Format.objects.create(
            game=game,
            key=key,
            name=name[:200],
            description=fdef.description,
            rule_source=fdef.source,
            based_on=base_row,
            rules=dict(fdef.rules),
            source=Format.Source.CUSTOM,
            builtin=False,
            created_by=user,
        )
        audit_record(actor=user, obj=row, action="format.create", after={"key": key, **clean})
    return row


def _bad_rule(message: str, key: str) -> ServiceError:
    return ServiceError(message % {"rule": rule_name(key)}, "bad_rule")


def _check_rule_value(k: str, old: Any, v: Any) -> None:
    """A changed rule keeps the kind of value the base format has (the validator reads it)."""
    if isinstance(old, bool) or isinstance(v, bool):
        if not isinstance(v, bool):
            raise _bad_rule(_("Rule “%(rule)s” is yes or no."), k)
    elif isinstance(old, int) or (old is None and isinstance(v, int)):
        if v is not None and (not isinstance(v, int) or v < 0 or v > 10_000):
            raise _bad_rule(_("Rule “%(rule)s” must be a whole number from 0 to 10000."), k)
    elif isinstance(old, list):
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise _bad_rule(_("Rule “%(rule)s” is a list of names."), k)
    elif isinstance(old, str):
        if not isinstance(v, str):
            raise _bad_rule(_("Rule “%(rule)s” is text."), k)
    elif isinstance(old, dict):
        if not _same_shape(old, v):
            raise ServiceError(
                _(
                    "Rule “%(rule)s” is a table; give some of its entries with values like "
                    "the base format's (%(base)s)."
                )
                % {"rule": rule_name(k), "base": rule_value_words(old)[:200]},
                "bad_rule",
            )
    elif old is not None and type(v) is not type(old):
        raise _bad_rule(_("Rule “%(rule)s” cannot be changed here."), k)


def _same_shape(old: Any, new: Any) -> bool:
    """Whether a director's value for a table-valued rule has the shape the validator reads:
    the same kinds of values, key by key (a new key takes the shape of the existing ones)."""
    if isinstance(old, bool):
        return isinstance(new, bool)
    if isinstance(old, int):
        return isinstance(new, int) and not isinstance(new, bool) and 0 <= new <= 10_000
    if isinstance(old, str):
        return isinstance(new, str)
    if isinstance(old, list):
        return isinstance(new, list) and all(isinstance(x, str) for x in new)
    if isinstance(old, dict):
        if not isinstance(new, dict) or not old:
            return False
        sample = next(iter(old.values()))
        return all(
            isinstance(k, str) and _same_shape(old.get(k, sample), v) for k, v in new.items()
        )
    return False


def _resolve_ban_list(game: str, values: Any) -> list[str]:
    if isinstance(values, str):
        values = [v for v in values.replace(";", "\n").splitlines()]
    if not isinstance(values, list):
        raise ServiceError(_("The extra banned list is a list of card names."), "bad_rule")
    index = card_index(game)
    out: list[str] = []
    unknown: list[str] = []
    for value in values:
        value = str(value).strip()
        if not value:
            continue
        if value in index.by_id:
            out.append(value)
            continue
        cards = index.by_key.get(normalize_name(value)) or index.by_alt_key.get(
            normalize_name(value)
        )
        if not cards:
            unknown.append(value)
        elif game == LOTR_TCG:
            out.extend(c.id for c in cards)
        else:
            out.append(cards[0].name)
    if unknown:
        raise ServiceError(
            _("Not card names: %(names)s.") % {"names": ", ".join(unknown[:10])}, "bad_card"
        )
    return out
