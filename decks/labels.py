"""Names people read for the deck checker's internal keys (list formats, exports)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

READ_AS_NAMES = {
    "gccg": _("GCCG deck file"),
    "netmeccg": _("NetMECCG deck file (.dck)"),
    "o8d": _("OCTGN deck file (.o8d)"),
    "article": _("article or forum list"),
    "gemp-page": _("GEMP deck page"),
    "lotrtcgwiki": _("lotrtcgwiki deck widget"),
    "collector": _("collector-number list"),
    "gemp-ids": _("GEMP card-id list"),
    "text": _("plain list"),
}
EXPORT_NAMES = {
    "gccg": _("GCCG deck file"),
    "netmeccg": _("NetMECCG deck file"),
    "gemp": _("GEMP import text"),
}


def read_as_name(key: str) -> str:
    return str(READ_AS_NAMES.get(key, _("plain list")))
