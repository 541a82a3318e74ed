from django.contrib import admin

from decks.models import Card, CardSet, DeckList, DeckListVersion, Format


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("game", "code", "name")
    list_filter = ("game",)


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("name", "card_id", "game", "type", "unique", "alignment", "side", "culture")
    list_filter = ("game", "type", "unique")
    search_fields = ("name", "card_id", "norm_name")
    raw_id_fields = ("card_set",)


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "key", "source", "based_on", "created_by")
    list_filter = ("game", "source")
    search_fields = ("name", "key")


class VersionInline(admin.TabularInline):
    model = DeckListVersion
    extra = 0
    fields = ("number", "legal", "problems_count", "format_key", "submitted_at", "submitted_by")
    readonly_fields = fields
    can_delete = False


@admin.register(DeckList)
class DeckListAdmin(admin.ModelAdmin):
    list_display = ("registration", "current_version", "updated_at")
    raw_id_fields = ("registration", "current_version")
    inlines = [VersionInline]


@admin.register(DeckListVersion)
class DeckListVersionAdmin(admin.ModelAdmin):
    list_display = ("decklist", "number", "legal", "problems_count", "format_key", "submitted_at")
    list_filter = ("legal", "format_key")
    raw_id_fields = ("decklist", "submitted_by")
    readonly_fields = ("parsed", "verdict")
