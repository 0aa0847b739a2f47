"""OpenType fonts with PostScript (CFF) outlines, most .otf files, made embeddable: reportlab
embeds TrueType outlines only, so each glyph's cubic curves become quadratic ones (fontTools'
cu2qu, within 1 font unit, the recipe of fontTools' otf2ttf snippet: glyf and loca from the CFF
table, maxp 1.0, CFF and VORG dropped, post format 2 keeping the glyph names).

A face of some 900 glyphs takes about 0.3 s to convert (a CJK one of 65,000, by estimate, 20 to
30 s): the result is kept in the user's cache folder (`~/.cache/domekit/fonts` on Linux, or
`$DOMEKIT_CACHE/fonts`), named by a hash of the font file and the fontTools version, so each file
is converted once; and in memory for the rest of the run. fontTools is imported only here, when
such a font is used.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

from toolkit.errors import DataError

CACHE_VARIABLE = "DOMEKIT_CACHE"
"""Where converted fonts are kept, when set (else the user's cache folder; tests set it)."""
RECIPE = "cu2qu-1.0-post2-v1"
"""Part of each cached file's name: a change to the conversion below changes it."""
MAX_ERROR = 1.0  # font units: 1/1000 of an em in most CFF fonts, far below a printer's dot


def truetype_bytes(path: Path) -> bytes:
    """The TrueType-outline version of the CFF font at `path`, from the cache when it is there.
    A file fontTools cannot read or convert is a DataError naming it."""
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest not in _CONVERTED:
        import fontTools  # type: ignore[import-untyped]

        cached = cache_folder() / f"{digest}-{fontTools.version}-{RECIPE}.ttf"
        try:
            converted = cached.read_bytes()
        except OSError:
            converted = _convert(data, str(path))
            _store(cached, converted)
        _CONVERTED[digest] = converted
    return _CONVERTED[digest]


_CONVERTED: dict[str, bytes] = {}
"""This run's converted fonts, by the hash of the file."""


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


def _convert(data: bytes, path: str) -> bytes:
    import io

    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # its notes are not the user's
    try:
        font = TTFont(io.BytesIO(data), lazy=False)
        if "CFF2" in font:
            raise DataError(
                path,
                "a variable OpenType font (CFF2 outlines); use one of the family's static .otf "
                "or .ttf files",
            )
        if "CFF " not in font:
            raise DataError(path, "not a usable font (an OpenType font without outlines)")
        _to_truetype(font)
        out = io.BytesIO()
        font.save(out)
    except (DataError, MemoryError):
        raise
    except Exception as exc:  # fontTools parses a stranger's file: any error is the file's
        message = str(exc).strip().splitlines()[-1:] or [type(exc).__name__]
        raise DataError(path, f"not a usable font ({message[0][:200]})") from None
    return out.getvalue()


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
