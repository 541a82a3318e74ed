# The outbox and lease tables were created by the organizer app's first migration;
# this one takes them over in Django's model state only, so no table is touched.

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("organizer", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="OutboxMessage",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("task_id", models.CharField(max_length=64)),
                        ("task_name", models.CharField(max_length=200)),
                        ("args", models.JSONField(default=list)),
                        ("kwargs", models.JSONField(default=dict)),
                        ("queue", models.CharField(blank=True, max_length=200)),
                        ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "not_before",
                            models.DateTimeField(
                                db_index=True, default=django.utils.timezone.now
                            ),
                        ),
                        ("attempts", models.PositiveIntegerField(default=0)),
                        ("last_error", models.CharField(blank=True, max_length=500)),
                    ],
                    options={
                        "db_table": "organizer_outboxmessage",
                        "ordering": ["not_before", "pk"],
                    },
                ),
                migrations.CreateModel(
                    name="TaskLease",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("task_id", models.CharField(max_length=64, unique=True)),
                        ("task_name", models.CharField(max_length=200)),
                        ("args", models.JSONField(default=list)),
                        ("kwargs", models.JSONField(default=dict)),
                        ("queue", models.CharField(blank=True, max_length=200)),
                        ("started_at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "beat_at",
                            models.DateTimeField(
                                db_index=True, default=django.utils.timezone.now
                            ),
                        ),
                    ],
                    options={"db_table": "organizer_tasklease"},
                ),
            ],
        ),
    ]
