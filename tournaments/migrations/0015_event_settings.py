# The event's options were named after the page they were first set on ("event day");
# they are the event's settings. A rename: the rows stay.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_playoff_best_of"),
    ]

    operations = [
        migrations.RenameModel(old_name="EventDaySettings", new_name="EventSettings"),
        migrations.AlterField(
            model_name="eventsettings",
            name="event",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="settings",
                to="tournaments.event",
            ),
        ),
    ]
