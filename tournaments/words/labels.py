# ruff: noqa: E501  (the labels are kept whole so they match their msgids)
"""Words the pages show that are defined outside the templates: model choice labels, the
rules engine's game names and outcome labels. Listed here so that `makemessages` puts them
in the catalogue; the `tr` template filter (and `game_info`) translate them when shown."""

from django.utils.translation import gettext_lazy, gettext_noop

from rules_engine.words import SETTING_LABELS

DEFINED_ELSEWHERE = (
    gettext_noop(
        "By the ratio of the winner's MPs to the loser's: One Ring 7–0, ratio ≥ 2 6–0, 1.5 ≤ ratio < 2 5–1, 1 < ratio < 1.5 4–2, tie 3–3. In a pod the winner is scored against the next highest and every other player against the winner."
    ),
    gettext_noop("Cheating"),
    gettext_noop("Closed"),
    gettext_noop("Community (imported)"),
    gettext_noop("Confirmed"),
    gettext_noop("Corrected by the director"),
    gettext_noop("Deck or deck-list error"),
    gettext_noop("Director's custom format"),
    gettext_noop("Disputed"),
    gettext_noop("Done"),
    gettext_noop("Draft"),
    gettext_noop("Draw"),
    gettext_noop("Ejection"),
    gettext_noop("Entered by the director"),
    gettext_noop("Failed"),
    gettext_noop("Finished"),
    gettext_noop("Free Council (MPs counted)"),
    gettext_noop("Game"),
    gettext_noop("Glory"),
    gettext_noop(
        "Glory scored like MPs with the multi-player ratio rules (winner against the next highest, others against the winner). Sauron won: 0 for every player, a loss for all."
    ),
    gettext_noop("Grey Havens reached (Glory counted)"),
    gettext_noop("Illegal deck list"),
    gettext_noop("LOTR Dice"),
    gettext_noop("LOTR TCG"),
    gettext_noop("LoRE"),
    gettext_noop("Loss"),
    gettext_noop("METW"),
    gettext_noop("MPs"),
    gettext_noop(
        "MPs at the Free Council by the two-player ratio table (MPs may be negative: a loser on 0 or less counts as ratio ≥ 2). A Wizard eliminated or corrupted: 6–0 unless the event sets otherwise. Both Wizards corrupted: both lose, 0–0."
    ),
    gettext_noop("MPs counted"),
    gettext_noop("Middle-earth: The Wizards"),
    gettext_noop("Other"),
    gettext_noop("Paired"),
    gettext_noop("Procedural error"),
    gettext_noop("Queued"),
    gettext_noop("Registration open"),
    gettext_noop("Reported"),
    gettext_noop("Reported, waiting for confirmation"),
    gettext_noop("Rulebook / CoE (built in)"),
    gettext_noop("Running"),
    gettext_noop("Sauron won"),
    gettext_noop("Slow play"),
    gettext_noop("Tardiness"),
    gettext_noop("Technical error warning"),
    gettext_noop("The Lord of the Rings Dice Building Game"),
    gettext_noop("The Lord of the Rings TCG"),
    gettext_noop("The One Ring destroyed"),
    gettext_noop("Tournament winner's bonus"),
    gettext_noop("Unsporting conduct"),
    gettext_noop("Waiting for a result"),
    gettext_noop("Win"),
    gettext_noop("Win 1, loss 0 (event setting); no draws; a bye scores as a win."),
    gettext_noop("both Wizards corrupted (both lose)"),
    gettext_noop("loser's Ring-bearer corrupted"),
    gettext_noop("loser's Ring-bearer killed"),
    gettext_noop("opponent's Wizard eliminated or corrupted"),
    gettext_noop("winner named (how not recorded)"),
    gettext_noop("winner reached site 9"),
    gettext_noop("winner was the last player left"),
)

# An event's scoring settings (the RULES.md readings a director may change): the JSON key
# the API takes -> the words a person reads. The settings page, the audit log and the
# services' refusals all take them from here, so a key never reaches a person.
# The labels themselves live beside the engine's settings (rules_engine/words.py).
READING_LABELS = {key: gettext_lazy(label) for key, label in SETTING_LABELS.items()}
READING_VALUES = {
    "exact": gettext_lazy("exact (rulebook example)"),
    "round-up": gettext_lazy("round up"),
}
