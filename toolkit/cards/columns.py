"""Which column plays which part of a card: the title, the body text, the quantity, the picture,
the QR code, the back; the rest are stat lines.

A designer's own headers are found through a small table of names (English, Finnish, Swedish,
German), any case; `--title/--text/--qty/...` choose a column by name. The command prints the
plan, and warns when a column of long texts would print as a stat line (no body column found).
"""

from __future__ import annotations

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


@dataclass(frozen=True)
class Columns:
    title: str
    text: str | None
    qty: str | None
    image: str | None
    qr: str | None
    back: str | None
    stats: tuple[str, ...]

    def describe(self) -> str:
        """'title Nimi, text Teksti, qty Määrä, image -, qr -, back -; stats Hinta, Voima'."""
        parts = ", ".join(f"{part} {getattr(self, part) or '-'}" for part in PARTS)
        return f"{parts}; stats {', '.join(self.stats) if self.stats else '-'}"


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
) -> Columns:
    """Which column plays which part: the flags' choices, else the names of ALIASES (the title:
    else the first column). `back` is a column only if one is called that (else it is a text or
    a file: `--back "My Game"`); `bound` are columns a layout draws itself (not stat lines)."""
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
    if not chosen["title"]:
        chosen["title"] = next((c for c in named if c not in chosen.values()), named[0])
    columns = Columns(
        title=chosen["title"] or named[0],
        text=chosen["text"],
        qty=chosen["qty"],
        image=chosen["image"],
        qr=chosen["qr"],
        back=chosen["back"],
        stats=(),
    )
    used = {columns.title, columns.text, columns.qty, columns.image, columns.qr, columns.back}
    used.update(bound)
    return replace(columns, stats=tuple(c for c in named if c not in used))


def long_stat_columns(columns: Columns, rows: Sequence[tuple[int, dict[str, str]]]) -> list[str]:
    """Stat columns holding a cell longer than LONG_TEXT characters, when no body text column
    was found: most likely the body under a name the table does not know."""
    if columns.text is not None:
        return []
    return [c for c in columns.stats if any(len(values[c]) > LONG_TEXT for _, values in rows)]
