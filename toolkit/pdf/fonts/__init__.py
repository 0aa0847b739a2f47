"""The font family every PDF embeds: Noto Sans (shipped here under the SIL OFL 1.1), or a
designer's own TTF/OTF faces. reportlab embeds the subset of glyphs a document uses.

`family()` registers the faces once per process (about 8 ms a face) and names them for
reportlab's canvas (`setFont`) and paragraph markup (`<b>`, `<i>`). A designer's file is a
stranger's file: it is checked before reportlab parses it (its size, its kind by its first bytes)
and any failure to parse it is a DataError naming the file. reportlab embeds TrueType outlines
only: an OpenType font with PostScript (CFF) outlines, a collection (.ttc) or a web font (.woff)
is refused with what to do instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path

from toolkit.errors import DataError

DEFAULT_FAMILY = "NotoSans"
FACES = ("Regular", "Bold", "Italic", "BoldItalic")
MAX_FONT_BYTES = 64 * 1024 * 1024  # Noto Sans CJK, the largest common family, is about 20 MiB
TRUETYPE_TAGS = (b"\x00\x01\x00\x00", b"true")
CFF_TAG = b"OTTO"
CONVERT_HINT = (
    "reportlab embeds TrueType outlines only; use the family's .ttf files (most font sites offer "
    "them), or convert it, e.g. with FontForge: Open, then File > Generate Fonts > TrueType"
)


@dataclass(frozen=True)
class FontFamily:
    """reportlab font names of one family's four faces, and the family's own name (for
    paragraph markup, where `<b>` and `<i>` pick the faces)."""

    regular: str
    bold: str
    italic: str
    bold_italic: str
    name: str = DEFAULT_FAMILY
    label: str = "Noto Sans"  # for messages

    def styled(self, face: str) -> FontFamily:
        """The family with `face` as its plain face: in a bold title, `*x*` is bold italic."""
        from dataclasses import replace

        if face == self.regular:
            return self
        bold = face in (self.bold, self.bold_italic)
        italic = face in (self.italic, self.bold_italic)
        return replace(
            self,
            regular=face,
            bold=self.bold_italic if italic else self.bold,
            italic=self.bold_italic if bold else self.italic,
        )

    def face(self, *, bold: bool = False, italic: bool = False) -> str:
        """A face's reportlab name, registered now if it was not yet (see `family`)."""
        if bold and italic:
            name = self.bold_italic
        else:
            name = self.bold if bold else self.italic if italic else self.regular
        ensure(name)
        return name

    def ensure_all(self) -> None:
        """Register every face (paragraph markup picks faces inside reportlab)."""
        for name in (self.regular, self.bold, self.italic, self.bold_italic):
            ensure(name)

    def covers(self, character: str, face: str | None = None) -> bool:
        """Whether `face` (the regular one by default) has a glyph for `character`."""
        return ord(character) in _glyphs(face or self.regular)

    def missing(self, text: str, face: str | None = None) -> str:
        """The characters of `text` that `face` has no glyph for, in order, each once (spaces,
        line breaks and other control characters are not printed as glyphs)."""
        glyphs = _glyphs(face or self.regular)
        seen: list[str] = []
        for char in text:
            if ord(char) not in glyphs and char not in seen and not _invisible(char):
                seen.append(char)
        return "".join(seen)


def _invisible(char: str) -> bool:
    import unicodedata

    return char.isspace() or unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp")


_PENDING: dict[str, Path] = {}
"""Shipped faces not registered yet: a deck that prints no italic never parses them (a face costs
about 20 ms to read)."""


def ensure(name: str) -> None:
    path = _PENDING.pop(name, None)
    if path is not None:
        _register(name, path)


@cache
def _glyphs(face: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    ensure(face)
    font = pdfmetrics.getFont(face)
    mapping = getattr(getattr(font, "face", None), "charToGlyph", None)
    if mapping is None:  # a standard PDF font: WinAnsi's characters
        return frozenset(range(32, 256))
    return frozenset(mapping)


def describe_missing(chars: str) -> str:
    """'中 (U+4E2D), 😀 (U+1F600)'."""
    return ", ".join(f"{char} (U+{ord(char):04X})" for char in chars)


def shipped_face(face: str) -> Path:
    """The file of one shipped face ("Regular", "Bold", "Italic", "BoldItalic")."""
    return Path(str(files(__name__).joinpath(f"{DEFAULT_FAMILY}-{face}.ttf")))


def check_font_file(path: Path) -> None:
    """A DataError unless `path` is a TrueType-outline font file reportlab can embed."""
    from toolkit.data import check_file_size

    check_file_size(path, MAX_FONT_BYTES)
    head = _head(path)
    if head in TRUETYPE_TAGS:
        return
    if head == CFF_TAG:
        raise DataError(path, f"an OpenType font with PostScript (CFF) outlines; {CONVERT_HINT}")
    if head == b"ttcf":
        raise DataError(path, "a font collection (.ttc); use one face's .ttf file")
    if head in (b"wOFF", b"wOF2"):
        raise DataError(path, f"a web font (WOFF); {CONVERT_HINT}")
    raise DataError(path, "not a TrueType or OpenType font file")


def _head(path: Path) -> bytes:
    from toolkit.errors import DomekitError

    try:
        with open(path, "rb") as handle:
            return handle.read(4)
    except OSError as exc:
        raise DomekitError(f"{path}: cannot read: {exc.strerror}") from None


def _register(font_name: str, path: Path) -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if font_name in pdfmetrics.getRegisteredFontNames():
        return
    try:
        font = TTFont(font_name, str(path))
    except Exception as exc:  # reportlab parses a stranger's file: any error is the file's
        message = str(exc).strip().splitlines()[-1:] or [type(exc).__name__]
        lowered = message[0].lower()
        if "postscript" in lowered or "cff" in lowered:
            raise DataError(path, f"PostScript (CFF) outlines; {CONVERT_HINT}") from None
        raise DataError(path, f"not a usable font ({message[0][:200]})") from None
    pdfmetrics.registerFont(font)


def _family_name(path: Path) -> str:
    import zlib

    stem = re.sub(r"[^A-Za-z0-9_]+", "", path.stem) or "Font"
    return f"{stem}{zlib.crc32(str(path.resolve()).encode()) % 10**6:06d}"


@cache
def family(
    regular: Path | None = None,
    bold: Path | None = None,
    italic: Path | None = None,
    bold_italic: Path | None = None,
) -> FontFamily:
    """Register a family (the shipped Noto Sans when no file is given; a face not given falls
    back to the regular one of the same family) and return its names. A designer's file that
    reportlab cannot embed is a DataError naming it."""
    from reportlab.lib.fonts import addMapping

    if regular is None:
        paths = [shipped_face(face) for face in FACES]
        name = DEFAULT_FAMILY
    else:
        paths = [regular, bold or regular, italic or regular, bold_italic or bold or regular]
        for path in dict.fromkeys(paths):
            check_font_file(path)
        name = _family_name(regular)
    names = [f"{name}-{face}" for face in FACES]
    for index, (font_name, path) in enumerate(zip(names, paths, strict=True)):
        if regular is None and index >= 2:  # the shipped italics: when first used
            _PENDING.setdefault(font_name, path)
        else:  # a designer's files: every one read now, so a bad one stops the build first
            _register(font_name, path)
    addMapping(name, 0, 0, names[0])
    addMapping(name, 1, 0, names[1])
    addMapping(name, 0, 1, names[2])
    addMapping(name, 1, 1, names[3])
    label = "Noto Sans" if regular is None else regular.name
    regular_name, bold_name, italic_name, bold_italic_name = names
    return FontFamily(regular_name, bold_name, italic_name, bold_italic_name, name, label)
