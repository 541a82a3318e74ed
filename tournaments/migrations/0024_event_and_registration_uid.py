"""A stable uid on every event and registration, so an event's export re-imported on
another site (or back) updates the same event; existing rows each get their own."""

import uuid

from django.db import migrations, models


def fill_uids(apps, schema_editor):  # type: ignore[no-untyped-def]
    for name in ("Event", "Registration"):
        model = apps.get_model("tournaments", name)
        rows = list(model.objects.filter(uid__isnull=True).only("pk"))
        for row in rows:
            row.uid = uuid.uuid4()
        model.objects.bulk_update(rows, ["uid"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0023_table_games")]

    operations = [
        migrations.AddField(
            model_name="event", name="uid", field=models.UUIDField(null=True, editable=False)
        ),
        migrations.AddField(
            model_name="registration",
            name="uid",
            field=models.UUIDField(null=True, editable=False),
        ),
        migrations.RunPython(fill_uids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="event",
            name="uid",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
        migrations.AlterField(
            model_name="registration",
            name="uid",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
    ]
