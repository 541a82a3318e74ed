"""Types every app's annotations share.

``AnyUser`` is whoever makes a request: a signed-in account or an anonymous visitor,
exactly what ``request.user`` is in Django and in DRF, so views pass it on as it is.
A service that needs an account narrows it with ``if user.is_authenticated:`` (the
stubs type that flag ``Literal[True]`` on accounts and ``Literal[False]`` on visitors),
or with ``signed_in(user)``, which returns the account or refuses the visitor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from django.utils.translation import gettext as _

from core.errors import NotAllowed

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

# Written as a string so that importing this module never needs the app registry.
AnyUser: TypeAlias = "User | AnonymousUser"


def signed_in(user: AnyUser) -> User:
    """The account behind ``user``, for a service that records or looks up who acted
    (``created_by=``, ``filter(user=...)``); an anonymous visitor is refused."""
    if not user.is_authenticated:
        raise NotAllowed(_("Log in first."))
    return user
