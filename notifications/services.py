"""Sending e-mail through Django's mail framework, honouring each person's choices.

Messages are built from ids after the change committed, so a rolled-back action never
mails anybody; a mail server that cannot be reached is logged, never an error for the
person whose action caused the mail.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import get_connection, send_mail
from django.db import transaction
from django.utils.translation import gettext as _

from core.types import AnyUser, signed_in
from notifications.models import KINDS, NotificationPreference
from tournaments.models import (
    DeadlineReminder,
    Player,
    PlayerContact,
    Registration,
    Round,
    RoundWindow,
    Seat,
    Table,
)
from tournaments.services.staff import staff_users
from tournaments.words.results import dispute_words
from tournaments.words.times import event_time_words

if TYPE_CHECKING:
    from django.contrib.auth.models import User

log = logging.getLogger(__name__)


def preferences_for(user: AnyUser) -> NotificationPreference:
    pref, _created = NotificationPreference.objects.get_or_create(user=signed_in(user))
    return pref


@transaction.atomic
def update_preferences(user: AnyUser, choices: dict[str, bool]) -> NotificationPreference:
    pref = preferences_for(user)
    for kind in KINDS:
        setattr(pref, kind, bool(choices.get(kind, False)))
    pref.save()
    return pref


def _wants(user: User, kind: str) -> bool:
    pref = NotificationPreference.objects.filter(user=user).first()
    return pref is None or pref.wants(kind)


def _send(
    kind: str, subject: str, body: str, users: Iterable[User | None], emails: Iterable[str] = ()
) -> int:
    to = {u.email for u in users if u is not None and u.email and _wants(u, kind)}
    to |= {e for e in emails if e}
    sent = 0
    for address in sorted(to):
        try:
            sent += send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [address])
        except Exception:  # a mail server down must not undo the director's action
            log.exception("could not send %s mail to %s", kind, address)
    return sent


def _player_addresses(reg: Registration) -> tuple[list[User | None], list[str]]:
    if reg.player.user_id:
        return [reg.player.user], []
    contact = PlayerContact.objects.filter(player_id=reg.player_id).first()
    return [], [contact.email] if contact else []


def registration_confirmed(registration_id: int) -> int:
    reg = (
        Registration.objects.select_related("player__user", "event")
        .filter(pk=registration_id)
        .first()
    )
    if reg is None:
        return 0
    users, emails = _player_addresses(reg)
    subject = _("Registration confirmed: %(event)s") % {"event": reg.event.name}
    body = _("%(name)s, you are registered for %(event)s.") % {
        "name": reg.player.display_name,
        "event": reg.event.name,
    }
    return _send("registration_confirmed", subject, body, users, emails)


def round_paired(round_id: int) -> int:
    """One mail per seat naming the table and the opponents. Plain values in a few queries
    for the whole round: a query per seat took minutes after a 100,000-player round."""
    rnd = Round.objects.select_related("event").filter(pk=round_id).first()
    if rnd is None:
        return 0
    seats = (
        Seat.objects.filter(round=rnd)
        .order_by("table__number", "position", "pk")
        .values_list(
            "table_id",
            "table__number",
            "table__is_bye",
            "registration__player_id",
            "registration__player__display_name",
        )
    )
    by_table: dict[int, list[tuple[int, bool, int, str]]] = defaultdict(list)
    for table_id, number, is_bye, player_id, name in seats.iterator(chunk_size=20_000):
        by_table[table_id].append((number, is_bye, player_id, name))
    addresses = _round_addresses(rnd, "round_paired")
    facts = {"n": rnd.number, "event": rnd.event.name}
    subject = _("Round %(n)d is paired") % {"n": rnd.number}
    bye_body = _("Round %(n)d of %(event)s is paired: you have the bye.")
    table_body = _("Round %(n)d of %(event)s is paired: table %(t)d against %(o)s.")
    mails: list[tuple[str, str]] = []
    for rows in by_table.values():
        for i, (number, is_bye, player_id, _name) in enumerate(rows):
            address = addresses.get(player_id)
            if not address:
                continue
            others = ", ".join(row[3] for j, row in enumerate(rows) if j != i)
            body = (bye_body if is_bye else table_body) % {**facts, "t": number, "o": others}
            mails.append((address, body))
    return _deliver("round_paired", subject, mails)


def round_tables_changed(round_id: int, tables: list[int]) -> int:
    """The players at tables the director changed by hand (a swap, a table set) get a
    new mail: their table and opponents now, replacing the round's first mail."""
    rnd = Round.objects.select_related("event").filter(pk=round_id).first()
    if rnd is None:
        return 0
    seats = (
        Seat.objects.filter(round=rnd, table__number__in=tables)
        .order_by("table__number", "position", "pk")
        .values_list(
            "table__number",
            "table__is_bye",
            "registration__player_id",
            "registration__player__display_name",
        )
    )
    by_table: dict[int, list[tuple[bool, int, str]]] = defaultdict(list)
    for number, is_bye, player_id, name in seats:
        by_table[number].append((is_bye, player_id, name))
    addresses = _round_addresses(rnd, "round_paired")
    facts = {"n": rnd.number, "event": rnd.event.name}
    subject = _("Round %(n)d changed: your table now") % {"n": rnd.number}
    bye_body = _(
        "Round %(n)d of %(event)s was changed by the director: you now have the bye. "
        "This replaces the earlier mail."
    )
    table_body = _(
        "Round %(n)d of %(event)s was changed by the director: you now play at table %(t)d "
        "against %(o)s. This replaces the earlier mail."
    )
    mails: list[tuple[str, str]] = []
    for number, rows in by_table.items():
        for i, (is_bye, player_id, _name) in enumerate(rows):
            address = addresses.get(player_id)
            if address:
                others = ", ".join(row[2] for j, row in enumerate(rows) if j != i)
                body = (bye_body if is_bye else table_body) % {**facts, "t": number, "o": others}
                mails.append((address, body))
    return _deliver("round_paired", subject, mails)


def _round_addresses(rnd: Round, kind: str) -> dict[int, str]:
    """Player id -> the address to tell, for everyone seated in the round: the account's
    address unless its owner opted out of `kind`, else a walk-in's contact address."""
    in_round = Player.objects.filter(registrations__seats__round=rnd)
    opted_out = set(
        NotificationPreference.objects.filter(
            user__player__registrations__seats__round=rnd, **{kind: False}
        ).values_list("user_id", flat=True)
    )
    addresses = {
        player_id: email
        for player_id, user_id, email in in_round.filter(user__isnull=False).values_list(
            "pk", "user_id", "user__email"
        )
        if email and user_id not in opted_out
    }
    contacts = PlayerContact.objects.filter(
        player__user__isnull=True, player__registrations__seats__round=rnd
    ).values_list("player_id", "email")
    addresses.update((player_id, email) for player_id, email in contacts if email)
    return addresses


def _deliver(kind: str, subject: str, mails: list[tuple[str, str]]) -> int:
    """Send each (address, body) over one connection; a failure is logged and the next
    mail opens a fresh connection, as `_send` does per mail."""
    connection = get_connection()
    sent = 0
    try:
        connection.open()
    except Exception:  # each send below retries the server and logs its own failure
        log.exception("could not open a mail connection for %s mails", kind)
    try:
        for address, body in mails:
            try:
                sent += send_mail(
                    subject, body, settings.DEFAULT_FROM_EMAIL, [address], connection=connection
                )
            except Exception:  # a mail server down must not undo the director's action
                log.exception("could not send %s mail to %s", kind, address)
                connection.close()
    finally:
        connection.close()
    return sent


def disputed_result(table_id: int) -> int:
    table = Table.objects.select_related("round__event").filter(pk=table_id).first()
    if table is None:
        return 0
    event = table.round.event
    subject = _("Disputed result in %(event)s") % {"event": event.name}
    body = _("The result of table %(t)d in round %(n)d is disputed: %(note)s") % {
        "t": table.number,
        "n": table.round.number,
        "note": dispute_words(table) or "-",
    }
    return _send("disputed_result", subject, body, staff_users(event))


def decklist_illegal(registration_id: int, problems: int) -> int:
    reg = (
        Registration.objects.select_related("player__user", "event")
        .filter(pk=registration_id)
        .first()
    )
    if reg is None:
        return 0
    users, emails = _player_addresses(reg)
    subject = _("Your deck list for %(event)s is illegal") % {"event": reg.event.name}
    body = _(
        "The deck list checker found %(count)d problem(s) in your list for %(event)s. "
        "Look at it on the event page and submit a corrected list."
    ) % {"count": problems, "event": reg.event.name}
    return _send("decklist_illegal", subject, body, users, emails)


def deadline_reminder(reminder_id: int) -> int:
    """A player whose table has no result: the round's window closes soon."""
    reminder = (
        DeadlineReminder.objects.select_related("registration__player__user", "table__round__event")
        .filter(pk=reminder_id)
        .first()
    )
    window = RoundWindow.objects.filter(round=reminder.table.round_id).first() if reminder else None
    if reminder is None or window is None:
        return 0
    event, rnd = reminder.table.round.event, reminder.table.round
    users, emails = _player_addresses(reminder.registration)
    subject = _("Round %(n)d of %(event)s closes soon") % {"n": rnd.number, "event": event.name}
    body = _(
        "Your game at table %(t)d of round %(n)d of %(event)s has no result yet. The "
        "round closes on %(deadline)s: play it and report the result before then."
    ) % {
        "t": reminder.table.number,
        "n": rnd.number,
        "event": event.name,
        # In the event's zone and in his own, when his profile names one.
        "deadline": event_time_words(
            window.deadline, event.time_zone, reminder.registration.player.time_zone or None
        ),
    }
    return _send("round_deadline", subject, body, users, emails)


def user_named(username: str) -> User | None:
    return get_user_model().objects.filter(username=username).first()
