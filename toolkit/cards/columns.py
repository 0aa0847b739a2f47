"""Which column plays which part of a card: the title, the body text, the quantity, the picture,
the QR code, the back; bookkeeping that is not printed; the rest are stat lines.

A designer's own headers are found through a small table of names (English, Finnish, Swedish,
German), any case; `--title/--text/--qty/...` choose a column by name. Then by the cells:

- Bookkeeping is not printed unless a layout names it: a column named as ids, versions, dates or
  notes are (id, #, ref, version, date, notes ...), or whose every cell is a date, a version
  (`v1.2`, `1.2.3`), a UUID or a file name (`frames/gold.png`, `card.psd`).
- A column of long texts (a cell over LONG_TEXT characters) or of cells with line breaks is body
  text, its line breaks kept: the first is the body when no header names one, the others follow
  it as paragraphs of their own.

The command prints the plan and why (`text Effect (long texts); not printed: id (ids), frame
(file names)`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace

from toolkit.errors import DomekitError

ALIASES: dict[str, tuple[str, ...]] = {
    "title": ("name", "title", "card", "card name", "nimi", "otsikko", "kortti", "namn", "titel",
              "kort", "kartenname", "bezeichnung"),
    "text": ("text", "ability", "rules", "rules text", "body", "description", "effect",
             "teksti", "kuvaus", "kyky", "säännöt", "sääntö", "vaikutus", "förmåga", "regler",
             "beskrivning", "effekt", "regeltext", "kartentext", "fähigkeit", "beschreibung"),
    "qty": ("qty", "count", "copies", "quantity", "number of copies", "määrä", "kpl",
            "lukumäärä", "kopiot", "antal", "kopior", "anzahl", "menge", "kopien", "stück"),
    "image": ("image", "picture", "art", "artwork", "illustration", "kuva", "bild", "grafik"),
    "qr": ("qr", "qr code", "qrcode", "qr-koodi", "qr-kod"),
    "back": ("back", "card back", "tausta", "takapuoli", "selkä", "baksida", "rückseite"),
}  # fmt: skip
"""Header names (casefolded) of each part, in order of preference. The title falls back to the
first column."""

PARTS = ("title", "text", "qty", "image", "qr", "back")
LONG_TEXT = 40  # characters: a stat column whose longest cell is longer reads as a body text

BOOKKEEPING: dict[str, tuple[str, ...]] = {
    "ids": ("id", "#", "no", "no.", "nr", "nr.", "ref", "réf", "ref.", "reference", "référence",
            "uuid", "guid", "sku", "index", "key", "card id", "card no", "tunnus", "nro"),
    "versions": ("version", "ver", "rev", "revision", "versio", "v"),
    "dates": ("date", "created", "updated", "modified", "last modified", "changed", "edited",
              "timestamp", "päivämäärä", "pvm", "datum", "geändert", "ändrad"),
    "notes": ("notes", "note", "comment", "comments", "todo", "status", "muistiinpanot",
              "kommentti", "huom", "anteckningar", "kommentar", "notiz", "notizen", "anmerkung"),
}  # fmt: skip
"""Header names (casefolded) of columns kept for the designer, not printed, by what they hold."""
CELLS: dict[str, re.Pattern[str]] = {
    "dates": re.compile(
        r"\d{4}-\d{1,2}-\d{1,2}([ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?"
        r"|\d{1,2}[./]\d{1,2}[./]\d{2,4}"
    ),
    "versions": re.compile(r"v\d+(\.\d+)*[a-z]?|\d+\.\d+\.\d+", re.IGNORECASE),
    "ids": re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I),
    "file names": re.compile(
        r"[^\s]+\.(png|jpe?g|svg|gif|webp|tiff?|bmp|psd|xcf|kra|ai|pdf|indd|txt|md)", re.I
    ),
}
"""What every filled cell of a bookkeeping column looks like."""


@dataclass(frozen=True)
class Columns:
    """The column of each part (None: no such column) and the stat columns, in sheet order."""

    title: str
    text: str | None
    qty: str | None
    image: str | None
    qr: str | None
    back: str | None
    stats: tuple[str, ...]
    body: tuple[str, ...] = ()  # more body text columns, printed after the text's
    skipped: tuple[tuple[str, str], ...] = ()  # bookkeeping columns not printed, and why
    why: tuple[tuple[str, str], ...] = ()  # parts found by their cells, and why

    def describe(self) -> str:
        """'title Nimi, text Teksti, qty Määrä, image -, qr -, back -; stats Hinta, Voima', with
        the body's other columns, the columns not printed and the reasons found in the cells."""
        reasons = dict(self.why)

        def shown(part: str) -> str:
            column = getattr(self, part)
            return f"{column} ({reasons[part]})" if column and part in reasons else column or "-"

        parts = ", ".join(f"{part} {shown(part)}" for part in PARTS)
        found = f"{parts}; stats {', '.join(self.stats) if self.stats else '-'}"
        if self.body:
            found += f"; more text {', '.join(self.body)}"
        if self.skipped:
            found += "; not printed: " + ", ".join(f"{c} ({why})" for c, why in self.skipped)
        return found


def _key(name: str) -> str:
    return unicodedata.normalize("NFC", name).strip().casefold()


def find_column(header: Sequence[str], name: str, flag: str) -> str:
    """The header's column called `name`, any case; a DomekitError listing the columns if none."""
    for column in header:
        if column and _key(column) == _key(name):
            return column
    raise DomekitError(
        f"{flag} {name!r}: no such column; the columns are {', '.join(c for c in header if c)}"
    )


def _by_alias(header: Sequence[str], part: str, taken: set[str]) -> str | None:
    keys = {_key(column): column for column in header if column and column not in taken}
    return next((keys[name] for name in ALIASES[part] if name in keys), None)


def plan_columns(
    header: Sequence[str],
    *,
    title: str | None = None,
    text: str | None = None,
    qty: str | None = None,
    image: str | None = None,
    qr: str | None = None,
    back: str | None = None,
    bound: Sequence[str] = (),
    rows: Sequence[tuple[int, dict[str, str]]] = (),
) -> Columns:
    """Which column plays which part: the flags' choices, else the names of ALIASES; then, by
    the `rows`' cells, bookkeeping left out and body texts found (the module's docstring); the
    title: else the first column that is not bookkeeping. `back` is a column only if one is
    called that (else it is a text or a file: `--back "My Game"`); `bound` are columns a layout
    draws itself (not stat lines, and printed whatever they hold)."""
    named = [column for column in header if column]
    flags = {"title": title, "text": text, "qty": qty, "image": image, "qr": qr}
    chosen: dict[str, str | None] = {}
    for part, value in flags.items():
        if value:
            chosen[part] = find_column(header, value, f"--{part}")
    if back:
        chosen["back"] = next((c for c in named if _key(c) == _key(back)), None)
    for part in PARTS:
        if part not in chosen:
            taken = {c for c in chosen.values() if c}
            chosen[part] = _by_alias(header, part, taken)
    claimed = {c for c in chosen.values() if c}
    skipped = {
        c: kept
        for c in named
        if c not in claimed and c not in bound and (kept := bookkeeping(c, rows))
    }
    why: dict[str, str] = {}
    if not chosen["title"]:
        free = [c for c in named if c not in claimed]
        chosen["title"] = next((c for c in free if c not in skipped), free[0] if free else None)
    taken = claimed | set(bound) | {chosen["title"] or named[0]}
    texts = [(c, reason) for c in named if c not in taken and c not in skipped
             and (reason := body_text(c, rows))]  # fmt: skip
    if not chosen["text"] and texts:
        chosen["text"], why["text"] = texts.pop(0)
    columns = Columns(
        title=chosen["title"] or named[0],
        text=chosen["text"],
        qty=chosen["qty"],
        image=chosen["image"],
        qr=chosen["qr"],
        back=chosen["back"],
        stats=(),
        body=tuple(c for c, _ in texts),
        skipped=tuple(skipped.items()),
        why=tuple(why.items()),
    )
    used = {columns.title, columns.text, columns.qty, columns.image, columns.qr, columns.back}
    used.update(bound, skipped, columns.body)
    return replace(columns, stats=tuple(c for c in named if c not in used))


def bookkeeping(column: str, rows: Sequence[tuple[int, dict[str, str]]]) -> str | None:
    """What the column keeps for the designer (ids, versions, dates, notes, file names) by its
    name or its cells; None for a column to print."""
    key = _key(column).rstrip(":")
    for why, names in BOOKKEEPING.items():
        if key in names:
            return why
    cells = [values.get(column, "").strip() for _, values in rows]
    filled = [cell for cell in cells if cell]
    if not filled:
        return None
    for why, pattern in CELLS.items():
        if all(pattern.fullmatch(cell) for cell in filled):
            return why
    return None


def body_text(column: str, rows: Sequence[tuple[int, dict[str, str]]]) -> str | None:
    """Why the column reads as body text (cells with line breaks, long texts), or None."""
    cells = [values.get(column, "") for _, values in rows]
    if any("\n" in cell.strip() for cell in cells):
        return "line breaks"
    if any(len(cell) > LONG_TEXT for cell in cells):
        return "long texts"
    return None
