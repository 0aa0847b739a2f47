"""Fonts installed on this machine, found through fontconfig's `fc-match` and `fc-list` (Linux and
the BSDs have it; elsewhere a layout names font files instead).

- `installed_family("DejaVu Serif")`: a family by its name, each face by its style. fontconfig
  answers every question with some font, so a name is taken as installed only when its answer is
  that family, or differs from the answer for a name nobody has (an alias fontconfig knows:
  Arial is Liberation Sans, metric for metric, on most Linux machines).
- `fonts_for(characters)`: installed fonts that hold characters a deck's own fonts lack (CJK,
  Arabic, emoji ...), fewest first: each pick is the font fontconfig ranks best for the first
  character still missing, checked against the font's own character map.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.errors import DomekitError

if TYPE_CHECKING:
    from toolkit.pdf.fonts import FontFamily

FC_TIMEOUT = 10.0  # s: fontconfig builds its cache on a first run
MAX_FALLBACKS = 8  # fonts found for one deck's missing characters
MAX_LOOKUPS = 24  # fontconfig questions (a process each) for one deck's missing characters
STYLES = ("Regular", "Bold", "Italic", "Bold Italic")
GENERIC = ("sans", "sans-serif", "serif", "monospace", "mono")
NOBODY = "Domekit No Such Family"


@dataclass(frozen=True)
class Installed:
    """One face of an installed font: its file, its index in a collection, its names."""

    path: Path
    index: int
    family: str
    style: str

    @property
    def source(self) -> Path:
        """The file with the face's index, as `fonts.family` takes a face of a collection."""
        suffix = self.path.suffix.lower()
        if suffix in (".ttc", ".otc"):
            return Path(f"{self.path}#{self.index}")
        return self.path


def available() -> bool:
    return shutil.which("fc-match") is not None


def _run(*args: str) -> str:
    try:
        found = subprocess.run(
            args, capture_output=True, text=True, timeout=FC_TIMEOUT, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise DomekitError(f"fontconfig ({args[0]}) did not answer: {exc}") from None
    return found.stdout


FORMAT = "%{file}\\t%{index}\\t%{family}\\t%{style}\\n"


def _parse(line: str) -> Installed | None:
    parts = line.rstrip("\n").split("\t")
    if len(parts) < 4 or not parts[0]:
        return None
    try:
        index = int(parts[1] or 0)
    except ValueError:
        index = 0
    return Installed(Path(parts[0]), index, parts[2].split(",")[0], parts[3].split(",")[0])


@cache
def match(pattern: str) -> Installed | None:
    """fontconfig's best font for a pattern (`DejaVu Serif:style=Bold`)."""
    lines = _run("fc-match", "-f", FORMAT, pattern).splitlines()
    return _parse(lines[0]) if lines else None


def _families(line_family: str) -> list[str]:
    return [name.strip().casefold() for name in line_family.split(",")]


@cache
def installed_faces(name: str) -> tuple[Installed, ...]:
    """The regular, bold, italic and bold italic faces of an installed family (a face the family
    lacks is its regular one); a DomekitError when no such family is installed."""
    if not available():
        raise DomekitError(
            f"font family {name!r}: this machine has no fontconfig (fc-match) to find installed "
            "fonts; name a font file (.ttf, .otf, .ttc) instead"
        )
    clean = name.replace(":", " ").strip()
    regular = match(f"{clean}:style=Regular")
    if regular is None:
        raise DomekitError(f"font family {name!r}: fontconfig found no font at all")
    generic = clean.casefold() in GENERIC
    if not generic and clean.casefold() not in _families(regular.family):
        nobody = match(NOBODY)
        if nobody is not None and nobody.path == regular.path:
            raise DomekitError(
                f"font family {name!r} is not installed on this machine (fc-list : family lists "
                "those that are); name a font file (.ttf, .otf, .ttc) instead"
            )
    faces = [regular]
    for style in STYLES[1:]:
        found = match(f"{clean}:style={style}")
        same = found is not None and found.family.casefold() == regular.family.casefold()
        faces.append(found if same and found is not None else regular)
    return tuple(faces)


def installed_family(name: str, chars: Iterable[str] | None = None) -> FontFamily:
    """`fonts.family` of an installed family's faces (a big CFF face cut to `chars`)."""
    from toolkit.pdf.fonts import family

    faces = installed_faces(name)
    return family(*(face.source for face in faces), chars=chars)


def fonts_for(chars: Iterable[str]) -> list[Installed]:
    """Installed faces that print `chars`, fewest first: each the face fontconfig ranks best for
    the first character still missing, its own character map saying what else it prints. At most
    MAX_FALLBACKS, found in at most MAX_LOOKUPS questions (a deck of a thousand characters no
    font has asks 24, not a thousand); a character no installed font has is left out."""
    remaining = list(dict.fromkeys(c for c in chars if not c.isspace()))
    picked: list[Installed] = []
    lookups = 0
    while remaining and len(picked) < MAX_FALLBACKS and lookups < MAX_LOOKUPS:
        lookups += 1
        first = remaining[0]
        found = holding(ord(first))
        if not found:
            remaining.pop(0)
            continue
        best = found[0]
        covered = character_map(best.path, best.index)
        if ord(first) not in covered:  # fontconfig's answer is not to be trusted: skip it
            remaining.pop(0)
            continue
        picked.append(best)
        remaining = [c for c in remaining if ord(c) not in covered]
    return picked


@cache
def character_map(path: Path, index: int = 0) -> frozenset[int]:
    """The code points a face has glyphs for (its cmap, read with fontTools; empty if it cannot
    be read)."""
    try:
        from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

        font = TTFont(str(path), fontNumber=index, lazy=True)
        try:
            return frozenset(font.getBestCmap() or {})
        finally:
            font.close()
    except Exception:  # a font file fontconfig lists but fontTools cannot read: no use here
        return frozenset()


@cache
def holding(codepoint: int) -> tuple[Installed, ...]:
    """Installed fonts with a glyph for `codepoint`, fontconfig's best for it first."""
    if not available():
        return ()
    best = match(f"sans-serif:charset={codepoint:x}")
    listed = [
        found
        for found in map(
            _parse, _run("fc-list", "-f", FORMAT, f":charset={codepoint:x}").splitlines()
        )
        if found is not None
    ]
    ranked = sorted(listed, key=_rank)
    if best is not None and any(f.path == best.path and f.index == best.index for f in listed):
        ranked.insert(0, best)
    return tuple(dict.fromkeys(ranked))


def _rank(found: Installed) -> tuple[int, int, str]:
    """Regular faces first, then sans families, then by name (steady across runs)."""
    style = found.style.casefold()
    regular = 0 if style in ("regular", "book", "normal", "roman") else 1
    sans = 0 if "sans" in found.family.casefold() else 1
    return (regular, sans, f"{found.family}/{found.path.name}")
