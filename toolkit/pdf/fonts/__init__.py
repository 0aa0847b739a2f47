"""The font family every PDF embeds: Noto Sans (shipped here under the SIL OFL 1.1), or a
designer's own TTF/OTF faces. reportlab embeds the subset of glyphs a document uses.

`family()` registers the faces once per process (about 8 ms a face) and names them for
reportlab's canvas (`setFont`) and paragraph markup (`<b>`, `<i>`). A designer's file is a
stranger's file: it is checked before reportlab parses it (its size, its kind by its first bytes)
and any failure to parse it is a DataError naming the file. reportlab embeds TrueType outlines
only: an OpenType font with PostScript (CFF) outlines is converted to TrueType ones first
(`cff.py`, once per file; a big one, a CJK font of 65,000 glyphs, cut to the characters the deck
prints first). A collection (.ttc, .otc) is read face by face: `X.ttc#2` or `X.ttc#Noto Sans CJK
JP` picks one (the first without); a web font (.woff) is refused with what to do instead.
"""

from __future__ import annotations

import os.path
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

from toolkit.errors import DataError

DEFAULT_FAMILY = "NotoSans"
FACES = ("Regular", "Bold", "Italic", "BoldItalic")
MAX_FONT_BYTES = 64 * 1024 * 1024  # Noto Sans CJK, the largest common family, is about 20 MiB
TRUETYPE_TAGS = (b"\x00\x01\x00\x00", b"true")
CFF_TAG = b"OTTO"
COLLECTION_TAG = b"ttcf"
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")
CONVERT_HINT = (
    "use the family's .ttf or .otf files (most font sites offer them), or convert it, e.g. with "
    "FontForge: Open, then File > Generate Fonts > TrueType"
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
        return self if face == self.regular else _styled(self, face)

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
        """The characters of `text` that neither `face` nor a fallback face (`use_fallbacks`)
        has a glyph for, in order, each once (spaces, line breaks and other control characters
        are not printed as glyphs)."""
        glyphs = _glyphs(face or self.regular)
        seen: list[str] = []
        for char in text:
            if ord(char) not in glyphs and char not in seen and not _invisible(char):
                if not any(ord(char) in _glyphs(name) for name in _FALLBACKS):
                    seen.append(char)
        return "".join(seen)


@cache
def _styled(family: FontFamily, face: str) -> FontFamily:
    """`FontFamily.styled`, once per family and face (every card's title asks)."""
    from dataclasses import replace

    bold = face in (family.bold, family.bold_italic)
    italic = face in (family.italic, family.bold_italic)
    return replace(
        family,
        regular=face,
        bold=family.bold_italic if italic else family.bold,
        italic=family.bold_italic if bold else family.italic,
    )


_FALLBACKS: list[str] = []
"""reportlab names of the faces that print what a text's own face has no glyph for, in order
(`use_fallbacks`: `--fallback-font`, then fonts installed here)."""


def use_fallbacks(names: Iterable[str]) -> None:
    """The fallback faces of the texts drawn from now on (a build sets them; none: no fallback)."""
    for name in names:
        ensure(name)
    _FALLBACKS[:] = list(names)


def runs(text: str, face: str) -> list[tuple[str, str]]:
    """`text` in runs of one face each: `face` where it has the glyph, else the fallback face of
    the character before if it has it (火の竜 in one CJK font, though an earlier fallback has の),
    else the first fallback face that has it (none has: `face`, whose empty glyph prints a
    blank)."""
    if not _FALLBACKS or text.isascii():
        return [(text, face)]
    glyphs = _glyphs(face)
    if all(ord(char) in glyphs for char in text):
        return [(text, face)]
    found: list[tuple[str, str]] = []
    for char in text:
        chosen = face
        if ord(char) not in glyphs and not _invisible(char):
            last = found[-1][1] if found else face
            if last != face and ord(char) in _glyphs(last):  # a script stays in one font
                chosen = last
            else:
                chosen = next((n for n in _FALLBACKS if ord(char) in _glyphs(n)), face)
        if found and found[-1][1] == chosen:
            found[-1] = (found[-1][0] + char, chosen)
        else:
            found.append((char, chosen))
    return found


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


def glyphs(face: str) -> frozenset[int]:
    """The code points a registered face has glyphs for."""
    return _glyphs(face)


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
    from toolkit.resources import fonts_dir

    return fonts_dir() / f"{DEFAULT_FAMILY}-{face}.ttf"


def split_face(path: Path) -> tuple[Path, str | None]:
    """A font file and the face it picks in a collection: `X.ttc#2`, `X.ttc#Noto Sans CJK JP`
    (a file whose own name holds a `#` is that file)."""
    if "#" in path.name and not os.path.exists(path):
        file, _, selector = str(path).rpartition("#")
        return Path(file), selector.strip() or None
    return path, None


def is_font_file(value: str) -> bool:
    """Whether a layout's or flag's `value` names a font file (rather than a family)."""
    file, _ = split_face(Path(value.strip()))
    return file.suffix.lower() in FONT_SUFFIXES


def check_font_file(path: Path) -> None:
    """A DataError unless `path` is a TrueType or OpenType (TrueType or CFF outlines) font file,
    or a face of a collection of them."""
    from toolkit.data import check_file_size

    file, selector = split_face(path)
    check_file_size(file, MAX_FONT_BYTES)
    head = _head(file)
    if head in TRUETYPE_TAGS or head == CFF_TAG:
        if selector is not None:
            raise DataError(
                file, f"not a font collection: #{selector} picks a face of a .ttc or .otc file"
            )
        return
    if head == COLLECTION_TAG:
        collection_face(file, selector)
        return
    if head in (b"wOFF", b"wOF2"):
        raise DataError(file, f"a web font (WOFF); {CONVERT_HINT}")
    raise DataError(file, "not a TrueType or OpenType font file")


@dataclass(frozen=True)
class CollectionFace:
    index: int
    names: tuple[str, ...]  # full name first, then family, typographic family, PostScript name
    tag: bytes  # the face's outlines: TrueType or CFF_TAG


@cache
def collection_faces(file: Path) -> tuple[CollectionFace, ...]:
    """The faces of a collection (.ttc, .otc), read with fontTools (their name tables only)."""
    import logging

    from fontTools.ttLib import TTCollection  # type: ignore[import-untyped]

    logging.getLogger("fontTools").setLevel(logging.ERROR)
    try:
        collection = TTCollection(str(file), lazy=True)
        faces = []
        for index, font in enumerate(collection.fonts):
            name = font["name"]
            names = [name.getDebugName(n) for n in (4, 1, 16, 6)]
            faces.append(
                CollectionFace(
                    index,
                    tuple(dict.fromkeys(n for n in names if n)),
                    CFF_TAG if font.sfntVersion == "OTTO" else TRUETYPE_TAGS[0],
                )
            )
    except Exception as exc:  # fontTools parses a stranger's file: any error is the file's
        message = str(exc).strip().splitlines()[-1:] or [type(exc).__name__]
        raise DataError(file, f"not a usable font collection ({message[0][:200]})") from None
    if not faces:
        raise DataError(file, "a font collection without faces")
    return tuple(faces)


def collection_face(file: Path, selector: str | None) -> CollectionFace:
    """The face `selector` picks (an index, or a name any case; the first face without one)."""
    faces = collection_faces(file)
    if selector is None:
        return faces[0]
    if selector.isdigit() and int(selector) < len(faces):
        return faces[int(selector)]
    wanted = selector.casefold()
    for face in faces:
        if any(name.casefold() == wanted for name in face.names):
            return face
    listed = "; ".join(f"{face.index} {face.names[0]}" for face in faces[:12])
    more = f" and {len(faces) - 12} more" if len(faces) > 12 else ""
    raise DataError(
        file,
        f"no face {selector!r} in this collection; its faces: {listed}{more} (X.ttc#2 or "
        "X.ttc#Full Name picks one)",
    )


def _head(path: Path) -> bytes:
    from toolkit.errors import DomekitError

    try:
        with open(path, "rb") as handle:
            return handle.read(4)
    except OSError as exc:
        raise DomekitError(f"{path}: cannot read: {exc.strerror}") from None


_FACE_SOURCES: dict[bytes | str, tuple[str, int, frozenset[str] | None]] = {}
"""The file, face index and cut of the font reportlab knows under each PostScript name."""


def _register(font_name: str, path: Path, chars: frozenset[str] | None = None) -> None:
    """Register one face with reportlab: a TrueType face as it is (a face of a collection by its
    index), a CFF face converted (`cff.py`; a big one cut to `chars` first)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if font_name in pdfmetrics.getRegisteredFontNames():
        return
    file, selector = split_face(path)
    head = _head(file)
    index, tag = 0, head
    if head == COLLECTION_TAG:
        face = collection_face(file, selector)
        index, tag = face.index, face.tag
    source: str | BinaryIO = str(file)
    options: dict[str, Any] = {"subfontIndex": index} if head == COLLECTION_TAG else {}
    if tag == CFF_TAG:
        import io

        from toolkit.pdf.fonts.cff import truetype_bytes

        source, options = io.BytesIO(truetype_bytes(file, index=index, chars=chars)), {}
    try:
        font = TTFont(font_name, source, **options)
    except Exception as exc:  # reportlab parses a stranger's file: any error is the file's
        message = str(exc).strip().splitlines()[-1:] or [type(exc).__name__]
        raise DataError(file, f"not a usable font ({message[0][:200]})") from None
    # reportlab hands a font whose face has a PostScript name it has seen the first such font
    # (right for the same font: one font object, one embedded subset); another cut of a big face
    # (other characters) or another font of that name gets a name of its own
    from toolkit.pdf.fonts.cff import file_digest

    loaded = (file_digest(file), index, chars)
    first = _FACE_SOURCES.setdefault(font.face.name, loaded)
    if first != loaded:
        import zlib

        suffix = f"-{zlib.crc32(repr(loaded).encode()) % 10**6:06d}"
        name = font.face.name  # bytes, as reportlab reads it
        font.face.name = name + suffix.encode() if isinstance(name, bytes) else name + suffix
        _FACE_SOURCES[font.face.name] = loaded
    pdfmetrics.registerFont(font)


def _family_name(paths: list[Path], chars: frozenset[str] | None) -> str:
    """A name for the family of these face files (the regular one first): another set of files
    is another family, even with the same regular face (and a big CFF face cut to other
    characters another font)."""
    import zlib

    stem = re.sub(r"[^A-Za-z0-9_]+", "", split_face(paths[0])[0].stem) or "Font"
    key = "\n".join(str(path.resolve()) for path in paths)
    if chars is not None:
        key += "\n" + "".join(sorted(chars))
    return f"{stem}{zlib.crc32(key.encode()) % 10**6:06d}"


def family(
    regular: Path | None = None,
    bold: Path | None = None,
    italic: Path | None = None,
    bold_italic: Path | None = None,
    *,
    chars: Iterable[str] | None = None,
) -> FontFamily:
    """Register a family (the shipped Noto Sans when no file is given; a face not given falls
    back to the regular one of the same family) and return its names. A designer's file that
    reportlab cannot embed is a DataError naming it. `chars` are the characters a deck prints:
    a big CFF face is converted with those alone (none given: whole)."""
    wanted = None
    if (
        chars is not None
        and regular is not None
        and _needs_chars(regular, bold, italic, bold_italic)
    ):
        wanted = frozenset(chars)
    return _family(regular, bold, italic, bold_italic, wanted)


def _needs_chars(*paths: Path | None) -> bool:
    from toolkit.pdf.fonts.cff import is_big_cff

    return any(path is not None and is_big_cff(*_file_and_index(path)) for path in paths)


def _file_and_index(path: Path) -> tuple[Path, int]:
    file, selector = split_face(path)
    if _head(file) == COLLECTION_TAG:
        return file, collection_face(file, selector).index
    return file, 0


@cache
def _family(
    regular: Path | None,
    bold: Path | None,
    italic: Path | None,
    bold_italic: Path | None,
    chars: frozenset[str] | None,
) -> FontFamily:
    from reportlab.lib.fonts import addMapping

    if regular is None:
        paths = [shipped_face(face) for face in FACES]
        name = DEFAULT_FAMILY
    else:
        paths = [regular, bold or regular, italic or regular, bold_italic or bold or regular]
        for path in dict.fromkeys(paths):
            check_font_file(path)
        name = _family_name(paths, chars)
    names = [f"{name}-{face}" for face in FACES]
    for index, (font_name, path) in enumerate(zip(names, paths, strict=True)):
        if regular is None and index >= 2:  # the shipped italics: when first used
            _PENDING.setdefault(font_name, path)
        else:  # a designer's files: every one read now, so a bad one stops the build first
            _register(font_name, path, chars)
    addMapping(name, 0, 0, names[0])
    addMapping(name, 1, 0, names[1])
    addMapping(name, 0, 1, names[2])
    addMapping(name, 1, 1, names[3])
    label = "Noto Sans" if regular is None else _label(regular)
    regular_name, bold_name, italic_name, bold_italic_name = names
    return FontFamily(regular_name, bold_name, italic_name, bold_italic_name, name, label)


def _label(path: Path) -> str:
    """A designer's font as messages name it: the file, and a collection's face."""
    file, selector = split_face(path)
    if selector is None:
        return file.name
    return f"{file.name} ({collection_face(file, selector).names[0]})"
