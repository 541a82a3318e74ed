"""Create (or update) a tournament director's account and print an API token."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from rest_framework.authtoken.models import Token

from tournaments.models import Player


class Command(BaseCommand):
    help = "Create a tournament director account (or update its password) and print its API token."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument(
            "--password", help="Password; a random one is generated and printed if omitted."
        )
        parser.add_argument("--email", default="")
        parser.add_argument("--name", help="Display name (defaults to the user name).")
        parser.add_argument(
            "--staff",
            action="store_true",
            help="Also make the account staff: it may direct every event and use the admin.",
        )

    @transaction.atomic
    def handle(self, *args, **options) -> None:
        username = options["username"].strip()
        if not username:
            raise CommandError("The user name must not be empty.")
        password = options["password"] or secrets.token_urlsafe(12)
        User = get_user_model()
        user, created = User.objects.get_or_create(
            username=username, defaults={"email": options["email"]}
        )
        user.set_password(password)
        if options["staff"]:
            user.is_staff = True
            user.is_superuser = True
        user.save()
        Player.objects.get_or_create(
            user=user, defaults={"display_name": options["name"] or username}
        )
        token, _ = Token.objects.get_or_create(user=user)
        verb = "Created" if created else "Updated"
        self.stdout.write(f"{verb} director account '{username}'.")
        if not options["password"]:
            self.stdout.write(f"Password: {password}")
        self.stdout.write(f"API token: {token.key}")
        self.stdout.write("Use it as: Authorization: Token " + token.key)
