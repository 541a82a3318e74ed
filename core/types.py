"""Types every app's annotations share.

``AnyUser`` is whoever makes a request: a signed-in account or an anonymous visitor,
exactly what ``request.user`` is in Django and in DRF, so views pass it on as it is.
A service that needs an account narrows it with ``if user.is_authenticated:`` (the
stubs type that flag ``Literal[True]`` on accounts and ``Literal[False]`` on visitors).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

# Written as a string so that importing this module never needs the app registry.
AnyUser: TypeAlias = "User | AnonymousUser"
