from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """A person's account: sign-up, log-in throttling and API tokens."""

    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        # Failed log-ins are counted by a signal receiver, connected when this imports.
        from accounts import throttle  # noqa: F401
