"""Inline icons in card text: `:name:` draws the icon `name` from a folder, at the text's size.

An icon is a PNG or JPEG (drawn as an image) or an SVG (read by svglib and drawn as vectors, once
per PDF as a form XObject, then placed wherever it appears). Two text engines use icons:

- `fit_icon_text` / `draw_icon_text`: plain text wrapped and shrunk to fit a box, icons as words
  (fast: word widths are measured once and scaled, so shrinking costs arithmetic only);
- `icon_markup` + `icon_paragraph`: `<img/>` tags in reportlab paragraph markup, for templates.
"""

from __future__ import annotations

import os.path
import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.pdf.fonts import runs
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.text import LEADING

if TYPE_CHECKING:
    from toolkit.pdf.fonts import FontFamily

ICON = re.compile(r":([A-Za-z][A-Za-z0-9_-]*):")
SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")
ICON_DROP = 0.18  # an icon's bottom sits this far (x font size) below the baseline, like letters


@dataclass
class Icon:
    name: str
    path: Path
    aspect: float = 1.0  # width / height
    _image: Any = None  # ImageReader for bitmaps
    _drawing: Any = None  # svglib Drawing for SVG
    # the canvases holding this icon's form (weakly: a new canvas may reuse a freed one's id)
    _forms: weakref.WeakSet[Canvas] = field(default_factory=weakref.WeakSet)

    @property
    def is_svg(self) -> bool:
        return self.path.suffix.lower() == ".svg"

    def load(self) -> Icon:
        if self._image is not None or self._drawing is not None:
            return self
        from toolkit.pdf.images import check_bitmap, load_svg

        if self.is_svg:
            drawing = load_svg(self.path)
            self._drawing = drawing
            self.aspect = drawing.width / drawing.height
        else:
            width, height = check_bitmap(self.path)
            self._image = ImageReader(str(self.path))
            self.aspect = width / height
        return self

    def draw(self, c: Canvas, x: float, y: float, height: float) -> float:
        """Draw at (x, y) points, `height` points high, keeping its shape; returns its width."""
        self.load()
        width = height * self.aspect
        if self._drawing is not None:
            form = f"icon_{self.name}_{id(self)}"
            if c not in self._forms:
                drawing = self._drawing
                from reportlab.graphics import renderPDF
                from reportlab.graphics.shapes import STATE_DEFAULTS

                c.beginForm(form, lowerx=0, lowery=0, upperx=drawing.width, uppery=drawing.height)
                # renderPDF starts every drawing in Helvetica: the page's own font instead, so a
                # deck names no font it does not embed (text in an SVG prints in it too)
                default = STATE_DEFAULTS["fontName"]
                STATE_DEFAULTS["fontName"] = getattr(c, "_fontname", default)
                try:
                    renderPDF.draw(drawing, c, 0, 0)
                finally:
                    STATE_DEFAULTS["fontName"] = default
                c.endForm()
                self._forms.add(c)
            c.saveState()
            c.translate(x, y)
            c.scale(width / self._drawing.width, height / self._drawing.height)
            c.doForm(form)
            c.restoreState()
        else:
            c.drawImage(self._image, x, y, width, height, mask="auto")
        return width


class IconSet:
    """The icons of one folder, found by name (`fire` -> fire.svg, fire.png, fire.jpg)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._icons: dict[str, Icon] = {}

    def get(self, name: str) -> Icon | None:
        if name in self._icons:
            return self._icons[name]
        if self.folder is None or not os.path.isdir(self.folder):
            return None
        for suffix in SUFFIXES:
            path = self.folder / f"{name}{suffix}"
            if os.path.isfile(path):  # False, not an OSError, for a name too long
                icon = Icon(name, path).load()
                self._icons[name] = icon
                return icon
        return None

    def unknown(self, text: str) -> list[str]:
        """Names used as `:name:` in `text` that have no icon file."""
        return [name for name in ICON.findall(text) if self.get(name) is None]

    def describe(self) -> str:
        if self.folder is None or not os.path.isdir(self.folder):
            return f"there is no icons folder at {self.folder}" if self.folder else "no icons"
        names = sorted({p.stem for p in self.folder.iterdir() if p.suffix.lower() in SUFFIXES})
        return f"{self.folder} has {', '.join(names) if names else 'no icons'}"


# ---------------------------------------------------------------------------------------------
# Plain text with icons, wrapped and shrunk to fit


class Styled(NamedTuple):
    """A piece of text in a face other than the text's own (rich text: bold, italic)."""

    text: str
    font: str


Piece = str | Icon | Styled


class _Word(NamedTuple):
    pieces: tuple[Piece, ...]
    width: float  # at font size 1


_WIDTHS: dict[tuple[str, str], float] = {}


def text_width(text: str, font: str) -> float:
    """stringWidth at size 1, remembered: card texts repeat their words."""
    key = (text, font)
    width = _WIDTHS.get(key)
    if width is None:
        width = _WIDTHS[key] = stringWidth(text, font, 1)
    return width


@dataclass(frozen=True)
class FittedText:
    size: float  # font size, points
    lines: tuple[tuple[_Word, ...], ...]
    cut: bool  # the text did not fit at the smallest size and was cut
    leading: float = LEADING  # a line's height, times the size


def _icon(name: str, icons: IconSet) -> Icon:
    icon = icons.get(name)
    if icon is None:
        raise DomekitError(f"unknown icon :{name}: ({icons.describe()})")
    return icon


def _words(text: str, icons: IconSet, font: str) -> list[list[_Word]]:
    """Paragraphs of words; a word is the text between spaces, icons included."""
    space_free = []
    for paragraph in text.split("\n"):
        words = []
        for token in paragraph.split():
            if ":" not in token and token.isascii():  # the common case: a plain word
                words.append(_Word((token,), text_width(token, font)))
                continue
            pieces: list[Piece] = []
            width = 0.0
            for index, part in enumerate(ICON.split(token)):
                if index % 2:
                    icon = _icon(part, icons)
                    pieces.append(icon)
                    width += icon.aspect
                elif part:
                    width += _add_runs(pieces, part, font, font)
            words.append(_Word(tuple(pieces), width))
        space_free.append(words)
    return space_free


_TOKEN = re.compile(r"\n|[^\S\n]+|\S+")


def _rich_words(text: str, icons: IconSet, fonts: FontFamily) -> list[list[_Word]]:
    """As `_words`, with `**bold**` and `*italic*` (text.parse_markup) in the family's faces; a
    word may change face inside (`**Fire**,`)."""
    from toolkit.pdf.text import parse_markup

    paragraphs: list[list[_Word]] = [[]]
    pieces: list[Piece] = []
    width = 0.0

    def finish() -> None:
        nonlocal pieces, width
        if pieces:
            paragraphs[-1].append(_Word(tuple(pieces), width))
        pieces, width = [], 0.0

    for span in parse_markup(text):
        face = fonts.face(bold=span.bold, italic=span.italic)
        for index, part in enumerate(ICON.split(span.text)):
            if index % 2:
                icon = _icon(part, icons)
                pieces.append(icon)
                width += icon.aspect
                continue
            for token in _TOKEN.findall(part):
                if token == "\n":
                    finish()
                    paragraphs.append([])
                elif token.isspace():
                    finish()
                else:
                    width += _add_runs(pieces, token, face, fonts.regular)
    finish()
    return paragraphs


def _add_runs(pieces: list[Piece], text: str, face: str, regular: str) -> float:
    """`text` added to `pieces` in runs of one face (`fonts.runs`: a character `face` lacks in
    a fallback face); returns its width at size 1."""
    width = 0.0
    for part, font in runs(text, face):
        pieces.append(part if font == regular else Styled(part, font))
        width += text_width(part, font)
    return width


def text_runs_out(text: Any, value: str, face: str, size: float) -> None:
    """`value` written on a reportlab text object in runs of one face (fallbacks included)."""
    for part, font in runs(value, face):
        text.setFont(font, size)
        text.textOut(part)


def runs_width(value: str, face: str) -> float:
    """`value`'s width at size 1, in runs of one face (fallbacks included)."""
    return sum(text_width(part, font) for part, font in runs(value, face))


def _wrap(paragraphs: list[list[_Word]], limit: float, space: float) -> list[list[_Word]]:
    """Greedy wrap at font size 1 to `limit` (the box width divided by the font size)."""
    lines: list[list[_Word]] = []
    for words in paragraphs:
        line: list[_Word] = []
        used = 0.0
        for word in words:
            extra = word.width if not line else space + word.width
            if line and used + extra > limit:
                lines.append(line)
                line, used = [word], word.width
            else:
                line.append(word)
                used += extra
        lines.append(line)
    return lines


def _line_width(line: Sequence[_Word], space: float) -> float:
    return sum(w.width for w in line) + space * max(0, len(line) - 1)


def fit_icon_text(
    text: str,
    box: Rect,
    icons: IconSet,
    *,
    font: str = "Helvetica",
    max_size: float = 9,
    min_size: float = 5,
    step: float = 0.25,
    fonts: FontFamily | None = None,
    wrap: bool = True,
    leading: float = LEADING,
) -> FittedText:
    """The largest size (pt, in `step`s from `max_size`) at which `text` wraps into `box`.

    With `fonts`, the text is rich (`**bold**`, `*italic*` in the family's faces; `font` is then
    the family's regular face). Without `wrap`, each paragraph stays one line, shrunk to the
    box's width (a title). Text that does not fit at `min_size` is cut with "...". A line is
    `leading` times the size high."""
    if fonts is not None:
        font = fonts.regular
        rich = "*" in text or "\\" in text
        paragraphs = _rich_words(text, icons, fonts) if rich else _words(text, icons, font)
    else:
        paragraphs = _words(text, icons, font)
    space = text_width(" ", font)
    width_pt, height_pt = pt(box.w), pt(box.h)
    widest = max((w.width for words in paragraphs for w in words), default=0.0)
    if not wrap:
        widest = max((_line_width(words, space) for words in paragraphs), default=0.0)
    size = max_size
    while True:
        lines = _wrap(paragraphs, width_pt / size, space) if wrap else paragraphs
        fits = len(lines) * size * leading <= height_pt + 0.01 and widest * size <= width_pt + 0.01
        if fits or size <= min_size:
            break
        size = max(min_size, size - step)
    room = max(1, int((height_pt + 0.01) // (size * leading)))
    cut = not fits
    ellipsis = _Word(("...",), text_width("...", font))
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = [*lines[-1], ellipsis]
    if not wrap and cut:
        lines = [_cut_line(line, width_pt / size, space, ellipsis) for line in lines]
    return FittedText(size, tuple(tuple(line) for line in lines), cut, leading)


def _cut_line(line: list[_Word], limit: float, space: float, ellipsis: _Word) -> list[_Word]:
    if _line_width(line, space) <= limit:
        return line
    kept = list(line)
    while len(kept) > 1 and _line_width([*kept, ellipsis], space) > limit:
        kept.pop()
    return [*kept, ellipsis]


def _face_and_text(piece: str | Styled | Icon, font: str) -> tuple[str, str]:
    if isinstance(piece, Styled):
        return piece.font, piece.text
    return font, str(piece)


def draw_icon_text(
    c: Canvas,
    fitted: FittedText,
    box: Rect,
    *,
    font: str = "Helvetica",
    align: str = "left",
    valign: str = "top",
    fonts: FontFamily | None = None,
) -> None:
    """Draw fitted text from the top of `box` (mm) (or centred in it, or at its bottom: `valign`
    middle, bottom): one text object, one string per run of words in one face (PDF text is
    costly per string, not per character), icons between runs."""
    if fonts is not None:
        font = fonts.regular
    size = fitted.size
    space = text_width(" ", font)
    text = c.beginText()
    current = [font]
    text.setFont(font, size)
    icons: list[tuple[Icon, float, float]] = []
    block = len(fitted.lines) * size * fitted.leading
    top = pt(box.top)
    if valign == "middle":
        top = pt(box.y) + (pt(box.h) + block) / 2
    elif valign == "bottom":
        top = pt(box.y) + block
    y = top - size * 0.95

    def put(words: list[str], face: str, x: float) -> None:
        if face != current[0]:
            text.setFont(face, size)
            current[0] = face
        text.setTextOrigin(x, y)
        text.textOut(" ".join(words))

    for line in fitted.lines:
        x = pt(box.x)
        if align in ("centre", "center", "right"):
            slack = pt(box.w) - _line_width(line, space) * size
            x += slack / 2 if align != "right" else slack
        run: list[str] = []
        run_face, run_x = font, x
        for word in line:
            if len(word.pieces) == 1 and not isinstance(word.pieces[0], Icon):
                face, word_text = _face_and_text(word.pieces[0], font)
                if run and face != run_face:
                    put(run, run_face, run_x)
                    run = []
                if not run:
                    run_face, run_x = face, x
                run.append(word_text)
                x += (word.width + space) * size
                continue
            if run:
                put(run, run_face, run_x)
                run = []
            for part in word.pieces:
                if isinstance(part, Icon):
                    icons.append((part, x, y))
                    x += part.aspect * size
                else:
                    face, piece_text = _face_and_text(part, font)
                    put([piece_text], face, x)
                    x += text_width(piece_text, face) * size
            x += space * size
        if run:
            put(run, run_face, run_x)
        y -= size * fitted.leading
    c.drawText(text)
    for icon, x, baseline in icons:
        icon.draw(c, x, baseline - ICON_DROP * size, size)


# ---------------------------------------------------------------------------------------------
# Icons in reportlab paragraph markup (templates)


def icon_markup(text: str, icons: IconSet, size: float) -> str:
    """`:name:` replaced by `<img src="icon:name"/>` tags `size` points high, sitting on the
    baseline like letters; `icon_paragraph` knows these sources."""

    def tag(match: re.Match[str]) -> str:
        icon = icons.get(match.group(1))
        if icon is None:
            raise DomekitError(f"unknown icon :{match.group(1)}: ({icons.describe()})")
        return (
            f'<img src="icon:{icon.name}" width="{size * icon.aspect:.2f}" height="{size:.2f}" '
            f'valign="{-ICON_DROP * size:.2f}"/>'
        )

    return ICON.sub(tag, text)


_TAG = re.compile(r"(<[^>]*>)")


def fallback_markup(markup: str, face: str) -> str:
    """Paragraph markup with each run of characters `face` lacks set in the fallback face that
    has them (`fonts.runs`), as `<font name="...">`; `<b>` and `<i>` inside pick that font's
    faces. Tags are left as they are."""
    parts = _TAG.split(markup)
    for index in range(0, len(parts), 2):
        text = parts[index]
        if text and not text.isascii():
            parts[index] = "".join(
                part if font == face else f'<font name="{font}">{part}</font>'
                for part, font in runs(text, face)
            )
    return "".join(parts)


class _SvgImage:
    """Stands in for a bitmap in a paragraph's <img/>: the canvas draws the SVG icon instead."""

    def __init__(self, icon: Icon) -> None:
        self.icon = icon


def icon_paragraph(markup: str, style: Any, icons: IconSet) -> Any:
    """A reportlab Paragraph whose `<img src="icon:name"/>` tags are icons of `icons`; draw it
    inside `svg_images_on(canvas)` so SVG icons come out as vectors."""
    from reportlab.lib.abag import ABag
    from reportlab.platypus.paragraph import Paragraph, cleanBlockQuotedText
    from reportlab.platypus.paraparser import ParaParser

    class IconParser(ParaParser):
        def end_img(self) -> None:
            frag = self._stack[-1]
            source = getattr(frag, "src", "") or ""
            if not source.startswith("icon:"):
                # reportlab would open any file or URL named here: only icons are pictures
                self._syntax_error(
                    f"<img src={source[:60]!r}/>: pictures in markup are :name: icons only"
                )
                return None
            icon = icons.get(source[5:])
            if icon is None:
                self._syntax_error(f"unknown icon {source[5:]!r}")
                return None
            defn = frag.cbDefn = ABag()
            defn.kind = "img"
            defn.src = source
            defn.image = _SvgImage(icon) if icon.is_svg else icon.load()._image
            defn.width = getattr(frag, "width", 10)
            defn.height = getattr(frag, "height", 10)
            defn.valign = getattr(frag, "valign", "bottom")
            del frag._selfClosingTag
            self.handle_data("")
            self._pop("img")
            return None

    parser = IconParser()
    parsed_style, frags, bullet = parser.parse(  # type: ignore[no-untyped-call]
        cleanBlockQuotedText(markup), style
    )
    if frags is None:
        raise ValueError(f"paragraph markup: {parser.errors[0]}")
    return Paragraph(markup, parsed_style, bulletText=bullet or None, frags=frags)


class svg_images_on:  # noqa: N801 - a context manager that reads like a function
    """While active, `canvas.drawImage` draws `_SvgImage` stand-ins as their vector icons."""

    def __init__(self, c: Canvas) -> None:
        self.c = c

    def __enter__(self) -> None:
        c = self.c
        original = type(c).drawImage

        def draw_image(
            image: Any, x: float, y: float, width: Any = None, height: Any = None, **kwargs: Any
        ) -> Any:
            if isinstance(image, _SvgImage):
                image.icon.draw(c, x, y, height)
                return (width, height)
            return original(c, image, x, y, width, height, **kwargs)

        c.drawImage = draw_image  # type: ignore[method-assign, assignment]

    def __exit__(self, *exc: object) -> None:
        del self.c.drawImage
