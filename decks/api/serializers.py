"""The deck-list API's request and answer shapes: a check's verdict, the cards a list
resolved to and the candidates of an ambiguous line, formats, cards, an event's lists."""

from __future__ import annotations

import base64
import binascii

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from decks.api.fields import CountsField, ProblemParamsField, RulesField
from decks.checking import MAX_UPLOAD_BYTES
from decks.labels import read_as_name
from decks.models import DeckGame, DeckListVersion
from decks.sources import DOCUMENTS, rule_source_data
from rules_engine.deckrules import PLAYER_TYPES
from rules_engine.deckrules.decklist import MAX_TEXT_CHARS
from rules_engine.deckrules.readers.detect import LIST_FORMATS
from rules_engine.deckrules.validate import NOTICE_KINDS


class CandidateSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    set = serializers.CharField()
    alignment = serializers.CharField(required=False)


class DeckCardSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    count = serializers.IntegerField()
    name = serializers.CharField()
    id = serializers.CharField()
    set = serializers.CharField()
    type = serializers.CharField()
    zone = serializers.CharField()
    in_format = serializers.BooleanField(
        required=False,
        help_text="False for a card the format has no printing of: counted, and marked.",
    )


class ReadingSerializer(serializers.Serializer):
    """A name read as a card it is not spelt as; a notice (name_read) says so too."""

    line = serializers.IntegerField()
    text = serializers.CharField(help_text="The name as written.")
    card = serializers.CharField(help_text="The card it was read as.")
    how = serializers.ChoiceField(
        choices=["closest", "nickname"],
        help_text="closest: a misspelling clearly meaning this card; nickname: a short name.",
    )


class NoticeSerializer(serializers.Serializer):
    """How one line of the list was read, when not plainly as the card it names."""

    kind = serializers.ChoiceField(
        choices=list(NOTICE_KINDS),
        help_text="typo_read: a misspelt name read as the card it clearly means; "
        "nickname_read: a nickname read as its card; not_in_format: counted, and marked as "
        "not in the format; count_differs: a heading's stated count differs from its lines; "
        "not_understood: neither a card nor a heading; ignored: prose, a title or a comment, "
        "skipped.",
    )
    line = serializers.IntegerField(help_text="The line of the list, from 1.")
    text = serializers.CharField(help_text="The text as written (a name, a heading, prose).")
    card = serializers.CharField(required=False, help_text="The card it was read as.")
    declared = serializers.IntegerField(required=False, help_text="count_differs: stated.")
    listed = serializers.IntegerField(required=False, help_text="count_differs: listed.")


class ValidateRequest(serializers.Serializer):
    schema_input_only = True

    game = serializers.ChoiceField(choices=DeckGame.choices)
    format = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=100,
        help_text="A format key. Omitted: the list's own “Format:” line chooses a known "
        "format (a notice says so), else the game's default. Given: it is the one checked, "
        "and a list naming another format gets a notice (format_differs).",
    )
    text = serializers.CharField(
        max_length=MAX_TEXT_CHARS, allow_blank=True, trim_whitespace=False, required=False
    )
    player_type = serializers.ChoiceField(choices=PLAYER_TYPES, required=False, allow_null=True)


class DeckFileSerializer(serializers.Serializer):
    """A deck file inside a JSON body: every API body is JSON, a file's bytes too."""

    name = serializers.CharField(max_length=255, help_text="e.g. deck.dck, deck.o8d")
    content_base64 = serializers.CharField(
        max_length=(MAX_UPLOAD_BYTES * 4) // 3 + 8, help_text="The file's bytes, base64."
    )

    def to_internal_value(self, data: object) -> object:
        value = super().to_internal_value(data)
        try:
            raw = base64.b64decode(value["content_base64"], validate=True)
        except (binascii.Error, ValueError):
            raise serializers.ValidationError(
                {"content_base64": _("The file's content is not base64.")}
            )
        return SimpleUploadedFile(value["name"], raw)


class ValidateFileRequest(ValidateRequest):
    schema_input_only = True

    file = DeckFileSerializer(help_text="A deck file: .dck, .deck, .o8d, .meccg or .txt.")


class CitationSerializer(serializers.Serializer):
    document = serializers.ChoiceField(
        choices=[*DOCUMENTS, ""],
        help_text="The document cited: a rulebook (000-004), the Council of Elrond rules "
        "(CoE), this organizer's tournament rules (RULES.md); empty when not named.",
    )
    document_name = serializers.CharField(help_text="That document, in words.")
    section = serializers.CharField(help_text="The section, as the document numbers it.")


class RuleSourceSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="The citation as a reader sees it.")
    citations = CitationSerializer(many=True)


class ProblemSerializer(serializers.Serializer):
    class Meta:
        ref_name = "DeckProblem"

    code = serializers.CharField()
    params = ProblemParamsField(
        help_text="What the message says, as data (numbers, card names, lists); the "
        "message is these rendered in the request's language."
    )
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    lines = serializers.ListField(child=serializers.IntegerField())
    severity = serializers.ChoiceField(choices=["error", "warning"])
    source = serializers.CharField(help_text="The rule citation as the checker wrote it.")  # type: ignore[assignment]
    rule_source = serializers.SerializerMethodField()

    @extend_schema_field(RuleSourceSerializer)
    def get_rule_source(self, problem: dict) -> dict:
        return rule_source_data(problem.get("source") or "")


class UnresolvedSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    text = serializers.CharField()
    name = serializers.CharField()
    reason = serializers.ChoiceField(choices=["unknown", "ambiguous", "not_allowed"])
    suggestions = serializers.ListField(child=serializers.CharField())
    candidates = CandidateSerializer(many=True)


class VerdictSerializer(serializers.Serializer):
    legal = serializers.BooleanField()
    format = serializers.CharField()
    player_type = serializers.CharField(allow_null=True)
    read_as = serializers.ChoiceField(
        choices=[f.key for f in LIST_FORMATS], help_text="The list format the text was read as."
    )
    read_as_name = serializers.SerializerMethodField(help_text="That list format, in words.")

    def get_read_as_name(self, verdict: dict) -> str:
        return str(read_as_name(verdict.get("read_as") or ""))

    title = serializers.CharField(allow_null=True)
    problems = ProblemSerializer(many=True)
    unresolved = UnresolvedSerializer(many=True)
    counts = CountsField(help_text="Cards counted by part of the deck (and by type).")
    cards = DeckCardSerializer(many=True)
    readings = ReadingSerializer(many=True)
    notices = NoticeSerializer(
        many=True,
        required=False,
        help_text="Every line not read plainly as the card it names, and how it was read.",
    )


class FormatSerializer(serializers.Serializer):
    game = serializers.CharField()
    key = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    source = serializers.CharField()  # type: ignore[assignment]
    rule_source = RuleSourceSerializer(help_text="Where the format's rules come from.")
    based_on = serializers.CharField(allow_null=True)
    rules = RulesField()


class CardSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    set = serializers.CharField()
    type = serializers.CharField()
    unique = serializers.BooleanField()
    alignment = serializers.CharField(required=False)
    side = serializers.CharField(required=False)
    culture = serializers.CharField(required=False)


class VersionSerializer(serializers.ModelSerializer):
    verdict = VerdictSerializer(read_only=True)

    class Meta:
        model = DeckListVersion
        fields = [
            "number",
            "text",
            "format_key",
            "player_type",
            "legal",
            "problems_count",
            "verdict",
            "submitted_at",
        ]


SLOT_HELP = (
    "Which of the player's lists, when the event asks for several: a format key (a deck "
    "per format), 'vs-hero' or 'vs-minion' (General Opponent); empty for the one list."
)


class EventDeckListSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    player = serializers.CharField()
    slot = serializers.CharField(allow_blank=True, help_text=SLOT_HELP)
    slot_words = serializers.CharField(allow_blank=True, help_text="The slot, in words.")
    faces_fallen_wizards = serializers.BooleanField(
        help_text="General Opponent: this list also faces Fallen-wizard opponents."
    )
    submitted = serializers.BooleanField()
    version = VersionSerializer(allow_null=True)


class SubmitRequest(serializers.Serializer):
    schema_input_only = True

    text = serializers.CharField(max_length=MAX_TEXT_CHARS, trim_whitespace=False)
    player_type = serializers.ChoiceField(choices=PLAYER_TYPES, required=False, allow_null=True)
    slot = serializers.CharField(
        max_length=100, required=False, allow_blank=True, default="", help_text=SLOT_HELP
    )
    faces_fallen_wizards = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="General Opponent: true names this list as the one that also faces "
        "Fallen-wizards (the other is un-named); omitted leaves it as it is.",
    )


class SlotSerializer(serializers.Serializer):
    slot = serializers.CharField(allow_blank=True, help_text=SLOT_HELP)
    words = serializers.CharField(help_text="The list's name, in the reader's language.")
    submitted = serializers.BooleanField()
    legal = serializers.BooleanField(allow_null=True)
    faces_fallen_wizards = serializers.BooleanField()


class MineSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    locked = serializers.BooleanField()
    deadline = serializers.DateTimeField(allow_null=True)
    slot = serializers.CharField(allow_blank=True, help_text="The list whose versions follow.")
    slots = SlotSerializer(many=True, help_text="Every list the event asks of the player.")
    versions = VersionSerializer(many=True)


class PublishRequest(serializers.Serializer):
    schema_input_only = True

    published = serializers.BooleanField(default=True, help_text="false hides them again.")


class PublishedSerializer(serializers.Serializer):
    published = serializers.BooleanField()


class FormatQuery(serializers.Serializer):
    game = serializers.ChoiceField(choices=DeckGame.choices, required=False)


class CardQuery(serializers.Serializer):
    game = serializers.ChoiceField(choices=DeckGame.choices)
    q = serializers.CharField(max_length=200, required=False, allow_blank=True)
