# The outbox and lease models now live in core (core.0001 takes them over in the model
# state). Only the state forgets them here: the tables stay, under their old names.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("organizer", "0001_initial"),
        ("core", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name="OutboxMessage"),
                migrations.DeleteModel(name="TaskLease"),
            ],
        ),
    ]
