"""The font family every PDF embeds: Noto Sans (shipped here under the SIL OFL 1.1), or a
designer's own TTF/OTF faces. reportlab embeds the subset of glyphs a document uses.

`family()` registers the faces once per process (about 8 ms a face) and names them for
reportlab's canvas (`setFont`) and paragraph markup (`<b>`, `<i>`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path

DEFAULT_FAMILY = "NotoSans"
FACES = ("Regular", "Bold", "Italic", "BoldItalic")


@dataclass(frozen=True)
class FontFamily:
    """reportlab font names of one family's four faces."""

    regular: str
    bold: str
    italic: str
    bold_italic: str

    def covers(self, character: str) -> bool:
        """Whether the regular face has a glyph for `character`."""
        from reportlab.pdfbase import pdfmetrics

        face = getattr(pdfmetrics.getFont(self.regular), "face", None)
        return ord(character) in getattr(face, "charToGlyph", {})


def shipped_face(face: str) -> Path:
    """The file of one shipped face ("Regular", "Bold", "Italic", "BoldItalic")."""
    return Path(str(files(__name__).joinpath(f"{DEFAULT_FAMILY}-{face}.ttf")))


@cache
def family(
    regular: Path | None = None,
    bold: Path | None = None,
    italic: Path | None = None,
    bold_italic: Path | None = None,
) -> FontFamily:
    """Register a family (the shipped Noto Sans when no file is given; a face not given falls
    back to the regular one of the same family) and return its names."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if regular is None:
        paths = [shipped_face(face) for face in FACES]
        name = DEFAULT_FAMILY
    else:
        paths = [regular, bold or regular, italic or regular, bold_italic or bold or regular]
        name = regular.stem
    names = [f"{name}-{face}" for face in FACES]
    for font_name, path in zip(names, paths, strict=True):
        if font_name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(font_name, str(path)))
    addMapping(name, 0, 0, names[0])
    addMapping(name, 1, 0, names[1])
    addMapping(name, 0, 1, names[2])
    addMapping(name, 1, 1, names[3])
    return FontFamily(*names)
