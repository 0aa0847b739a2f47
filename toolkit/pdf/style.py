"""How a kit looks on paper: one embedded font family, no type under 7 pt, and its ink.

- Fonts: Noto Sans, shipped in toolkit/pdf/fonts and embedded (as a subset) in every kit, so
  any Latin, Greek or Cyrillic text prints and `pdffonts` lists nothing unembedded.
- Type: `line` and `text` never set type under MIN_TYPE points, however small the box.
- Ink: "light" (the default, for home printers) keeps large areas white or a pale tint of their
  colour and puts the colour in lines, letters and narrow bands; "full" fills card faces, backs
  and boards to the edge of the bleed for a print service. `Look` answers "what fill here?".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from toolkit.pdf.fonts import ensure, family
from toolkit.pdf.geometry import MM, Colour, Rect, text_colour_on, tint
from toolkit.pdf.text import draw_line_fit, draw_text_box

REGULAR = "NotoSans-Regular"
BOLD = "NotoSans-Bold"
ITALIC = "NotoSans-Italic"
BOLD_ITALIC = "NotoSans-BoldItalic"
MIN_TYPE = 7.0  # points: nothing a player reads is printed smaller

Ink = Literal["light", "full"]
INKS: tuple[Ink, ...] = ("light", "full")
Layout = Literal["home", "gutterfold", "service"]
LAYOUTS: tuple[Layout, ...] = ("home", "gutterfold", "service")


def look_and_layout(ink: str, layout: str) -> tuple[Look, Layout]:
    """A kit's `--ink` and `--layout` (checked by `domekit kit`) as a Look and a Layout: home
    (butted cards, double-sided), gutterfold (each back beside its front, one-sided, folded),
    service (bleed, and a print service's files beside the kit)."""
    chosen: Layout = next((name for name in LAYOUTS if name == layout), "home")
    return Look("full" if ink == "full" else "light"), chosen


PALE = 0.16  # a light ground: this much of the colour, the rest white
BAND = 0.32  # a light band (a card's title bar, a track's label)
INK: Colour = (0.12, 0.12, 0.12)  # body text


def use_kit_fonts() -> None:
    """Register the shipped family (once per process) before anything measures or sets type;
    its italics register when `line` or `text` first sets them (`fonts.ensure`)."""
    family()


@dataclass(frozen=True)
class Look:
    """The ink a kit prints with; every fill a kit draws over a large area asks here."""

    ink: Ink = "light"

    @property
    def full(self) -> bool:
        return self.ink == "full"

    def ground(self, colour: Colour) -> Colour:
        """A large area (a card face's frame, a back, a board square): the colour, or a pale
        tint of it."""
        return colour if self.full else tint(colour, PALE)

    def band(self, colour: Colour) -> Colour:
        """A narrow area (a title bar, a label band, a badge): the colour, or a light tint."""
        return colour if self.full else tint(colour, BAND)

    def ink_on(self, colour: Colour, fill: Colour) -> Colour:
        """Text and lines on `fill` (a `band` or `ground` of `colour`): black or white on full
        colour; on a light tint the colour itself, darkened until it reads."""
        return text_colour_on(fill) if self.full else deep(colour)


def luminance(colour: Colour) -> float:
    """0 (black) to 1 (white), as a greyscale print (and pymupdf's grey render) sees it."""
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b


def deep(colour: Colour, most: float = 0.42) -> Colour:
    """`colour` darkened until its luminance is at most `most`: readable on white and tints."""
    lum = luminance(colour)
    if lum <= most:
        return colour
    r, g, b = (v * most / lum for v in colour)
    return (r, g, b)


def _tall_enough(box: Rect) -> Rect:
    """`box`, grown about its middle to the height of one MIN_TYPE line if it is lower."""
    need = MIN_TYPE / MM
    return box.inset(0, (box.h - need) / 2) if box.h < need else box


def line(
    c: Canvas,
    text: str,
    box: Rect,
    *,
    font: str = BOLD,
    max_size: float = 11,
    align: str = "left",
) -> float:
    """One line shrunk to fit `box` (never under MIN_TYPE), vertically centred; returns the size."""
    ensure(font)
    return draw_line_fit(
        c,
        text,
        _tall_enough(box),
        font=font,
        max_size=max(max_size, MIN_TYPE),
        min_size=MIN_TYPE,
        align=align,
    )


def text(
    c: Canvas,
    words: str,
    box: Rect,
    *,
    font: str = REGULAR,
    max_size: float = 9,
    align: str = "left",
    valign: str = "top",
) -> float:
    """Wrapped text shrunk to fit `box` (never under MIN_TYPE; cut with "..." past it)."""
    ensure(font)
    return draw_text_box(
        c,
        words,
        box,
        font=font,
        max_size=max(max_size, MIN_TYPE),
        min_size=MIN_TYPE,
        align=align,
        valign=valign,
    )


# Every module that sets type in the kit fonts imports this one: register them before anything
# measures or draws with them (once per process, about 40 ms for the four faces).
use_kit_fonts()
