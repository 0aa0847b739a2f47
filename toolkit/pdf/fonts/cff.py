"""OpenType fonts with PostScript (CFF) outlines, most .otf files, made embeddable: reportlab
embeds TrueType outlines only, so each glyph's cubic curves become quadratic ones (fontTools'
cu2qu, within 1 font unit, the recipe of fontTools' otf2ttf snippet: glyf and loca from the CFF
table, maxp 1.0, CFF and VORG dropped, post format 2 keeping the glyph names).

A face of some 900 glyphs takes about 0.3 s to convert whole. A big one (more than BIG_FONT
glyphs: a CJK face has 65,000, which would take minutes and most of a gigabyte) is first cut to
the characters the deck prints (fontTools' subsetter, with the glyphs their layout features
reach), then converted: a few seconds. The result is kept in the user's cache folder
(`~/.cache/domekit/fonts` on Linux, or `$DOMEKIT_CACHE/fonts`), named by a hash of the font file,
its face, the fontTools version and (for a cut font) the characters, so each is made once; and in
memory for the rest of the run. fontTools is imported only here, when such a font is used.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from toolkit.errors import DataError

CACHE_VARIABLE = "DOMEKIT_CACHE"
"""Where converted fonts are kept, when set (else the user's cache folder; tests set it)."""
RECIPE = "cu2qu-1.0-post2-v1"
"""Part of each cached file's name: a change to the conversion below changes it."""
MAX_ERROR = 1.0  # font units: 1/1000 of an em in most CFF fonts, far below a printer's dot
BIG_FONT = 5000  # glyphs: a face with more is cut to the deck's characters before converting
KEEP_CUTS = 12  # cut versions of one face kept in the cache (the newest)
ALWAYS = frozenset(chr(c) for c in range(0x20, 0x7F)) | frozenset("\u2026\u00a0")
"""Characters every cut keeps: ASCII (digits, "..." for text cut short) and the ellipsis."""


def truetype_bytes(path: Path, *, index: int = 0, chars: frozenset[str] | None = None) -> bytes:
    """The TrueType-outline version of the CFF face at `path` (face `index` of a collection),
    from the cache when it is there; a big face is cut to `chars` first (None: whole). A file
    fontTools cannot read or convert is a DataError naming it."""
    digest = _digest(path)
    cut = chars is not None and is_big_cff(path, index)
    key = f"{digest}-{index}"
    if cut and chars is not None:
        wanted = "".join(sorted(chars | ALWAYS))
        key += "-" + hashlib.sha256(wanted.encode()).hexdigest()[:16]
    if key not in _CONVERTED:
        import fontTools  # type: ignore[import-untyped]

        face = "" if index == 0 and not cut else f"-{key[len(digest) + 1 :]}"
        cached = cache_folder() / f"{digest}{face}-{fontTools.version}-{RECIPE}.ttf"
        try:
            converted = cached.read_bytes()
        except OSError:
            converted = _convert(path, index, chars | ALWAYS if cut and chars else None)
            _store(cached, converted)
            if cut:
                _prune(cached.parent, digest)
        _CONVERTED[key] = converted
    return _CONVERTED[key]


_CONVERTED: dict[str, bytes] = {}
"""This run's converted fonts, by the hash of the file, the face and the characters."""


def file_digest(path: Path) -> str:
    """The SHA-256 of a font file (read once a run)."""
    return _digest(path)


@cache
def _digest(path: Path) -> str:
    sha = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest()


@cache
def is_big_cff(path: Path, index: int = 0) -> bool:
    """Whether the face has CFF outlines and more than BIG_FONT glyphs (read from its maxp)."""
    import struct

    try:
        with open(path, "rb") as stream:
            head = stream.read(12)
            offset = 0
            if head[:4] == b"ttcf":
                stream.seek(12 + 4 * index)
                (offset,) = struct.unpack(">I", stream.read(4))
                stream.seek(offset)
                head = stream.read(12)
            if head[:4] != b"OTTO":
                return False
            (tables,) = struct.unpack(">H", head[4:6])
            directory = stream.read(16 * min(tables, 200))
            for start in range(0, len(directory), 16):
                tag, _, table, _ = struct.unpack(">4sIII", directory[start : start + 16])
                if tag == b"maxp":
                    stream.seek(table + 4)
                    (glyphs,) = struct.unpack(">H", stream.read(2))
                    return bool(glyphs > BIG_FONT)
    except (OSError, struct.error):
        return False
    return False


def _prune(folder: Path, digest: str) -> None:
    """Keep the newest KEEP_CUTS cut versions of one face."""
    try:
        cuts = sorted(
            folder.glob(f"{digest}-*-*-{RECIPE}.ttf"), key=lambda p: p.stat().st_mtime, reverse=True
        )
        for old in cuts[KEEP_CUTS:]:
            old.unlink()
    except OSError:
        pass


def cache_folder() -> Path:
    chosen = os.environ.get(CACHE_VARIABLE, "").strip()
    if chosen:
        return Path(chosen).expanduser().absolute() / "fonts"
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("domekit", appauthor=False)) / "fonts"


def _store(target: Path, data: bytes) -> None:
    """Write the cache file whole or not at all (a run cut short leaves no half font); a cache
    folder that cannot be written only means converting again next time."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".part")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.replace(temporary, target)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass


def _convert(path: Path, index: int, chars: frozenset[str] | None) -> bytes:
    import io

    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # its notes are not the user's
    try:
        font = TTFont(str(path), fontNumber=index, lazy=chars is not None)
        if "CFF2" in font:
            raise DataError(
                path,
                "a variable OpenType font (CFF2 outlines); use one of the family's static .otf "
                "or .ttf files",
            )
        if "CFF " not in font:
            raise DataError(path, "not a usable font (an OpenType font without outlines)")
        if chars is not None:
            font = _cut(font, chars)
        _to_truetype(font)
        out = io.BytesIO()
        font.save(out)
    except (DataError, MemoryError):
        raise
    except Exception as exc:  # fontTools parses a stranger's file: any error is the file's
        message = str(exc).strip().splitlines()[-1:] or [type(exc).__name__]
        raise DataError(path, f"not a usable font ({message[0][:200]})") from None
    return out.getvalue()


def _cut(font: Any, chars: frozenset[str]) -> Any:
    """The face with only the glyphs of `chars` (and the accents and parts they are built of).
    Layout features are dropped: reportlab sets each character's own glyph, it never applies a
    font's substitutions. Hints are kept as they are (the conversion drops them anyway)."""
    from fontTools import subset

    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = True
    options.hinting = True
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes={ord(char) for char in chars})
    subsetter.subset(font)
    return font


def _to_truetype(font: Any) -> None:
    """fontTools' otf2ttf snippet, on a loaded TTFont."""
    from fontTools.pens.cu2quPen import Cu2QuPen  # type: ignore[import-untyped]
    from fontTools.pens.ttGlyphPen import TTGlyphPen  # type: ignore[import-untyped]
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs: dict[str, Any] = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():  # left side bearings from the new outlines
        if hasattr(glyph, "xMin"):
            hmtx[name] = (hmtx[name][0], glyph.xMin)
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for field in (
        "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
        "maxStackElements", "maxSizeOfInstructions",
    ):  # fmt: skip
        setattr(maxp, field, 0)
    maxp.maxComponentElements = max(  # accented glyphs (seac) become composites
        (len(getattr(glyph, "components", ())) for glyph in glyphs.values()), default=0
    )
    maxp.compile(font)  # counts the points and contours from glyf
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    try:
        post.compile(font)
    except OverflowError:  # too many names for format 2: without names (format 3)
        post.formatType = 3.0
    font.sfntVersion = "\x00\x01\x00\x00"
