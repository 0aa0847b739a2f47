"""A kit's page addresses: the one grammar the QR codes print and the tracker reads.

A page is a name and its arguments, as a game declares it (`toolkit.tracker.contract.View`):
`/k/<kit-id>/<name>/<argument>/...` (`/table`, `/team/red`, `/unit/red/gunner`, `/player/1`), the
same under a view-only link (`/v/<view-token>/...`); a page's JSON twin ends in `.json`
(`/team/red.json`, read by the tracker's routes). `/page/<name>`, the older spelling of a page
without arguments, is still read. A kit prints its pages with `page_url`; the tracker reads a
path with `read_path`. Nothing here knows a game.
"""

from __future__ import annotations

import re

KIT_WORDS = frozenset(
    {"act", "events", "export", "history", "import", "manifest.webmanifest", "next-match",
     "odds", "preview", "redo", "seat", "setup", "whoami"}
)  # fmt: skip
"""The tracker's own words after a kit (toolkit/tracker/routes/): no page is named so, and a path
that starts with one is never read as a page."""
OLD_SPELLING = "page"
"""`/page/<name>`: a page without arguments, as the tracker once spelled it."""
NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")
"""A page's name: a lower-case word."""
MOST_ARGUMENTS = 8


def is_page_name(name: str) -> bool:
    """Whether a game may name a page so: a lower-case word, not one of the tracker's own."""
    return bool(NAME.fullmatch(name)) and name not in KIT_WORDS and name != OLD_SPELLING


def page_path(name: str, *args: str) -> str:
    """The path of a page after its kit: `unit/red/gunner`. ValueError for a name or an
    argument the tracker would not read back as this page."""
    if not is_page_name(name):
        raise ValueError(f"{name!r} is not a page name: a lower-case word, not the tracker's own")
    for arg in args:
        if not arg or "/" in arg or arg.endswith(".json") or arg != arg.strip():
            raise ValueError(f"the {name} page's argument {arg!r} is not one path segment")
    return "/".join((name, *args))


def page_url(base_url: str, kit_id: str, name: str, *args: str) -> str:
    """The address a kit's QR code prints for a page: `<base-url>/k/<kit-id>/<name>/<args>`."""
    return f"{base_url}/k/{kit_id}/{page_path(name, *args)}"


def read_path(path: str) -> tuple[str, tuple[str, ...]] | None:
    """The page (its name and arguments) a path after the kit names, its `.json` already taken
    off; None when it names no page (an empty segment, one of the tracker's own words)."""
    segments = path.split("/")
    if not all(segments) or len(segments) > MOST_ARGUMENTS + 1 or segments[0] in KIT_WORDS:
        return None
    if segments[0] == OLD_SPELLING:
        return (segments[1], ()) if len(segments) == 2 else None
    return segments[0], tuple(segments[1:])
