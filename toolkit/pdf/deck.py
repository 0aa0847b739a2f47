"""A deck from rows of data: a plain, readable card face and back for any game, laid out N-up by
`cards.draw_card_sheets` (bleed, crop marks, mirrored duplex backs, TrimBox/BleedBox), or one
card a page for the raster outputs (`build_card_pages`).

The face, top to bottom inside the safe zone ("flow", the default): the title, a picture,
labelled stat lines, the body text (rich: `**bold**`, `*italic*`, icons inline, shrunk to fit)
and a QR code in the bottom-right corner. A template's paragraph markup replaces the title,
stats and text. A layout (`boxes.Layout`) places each part in a box of its own instead. A back
is a text or a picture. Every text is set in one embedded font family (`fonts.family`): a
character the family has no glyph for is a warning naming the row, the field and the character.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DataError
from toolkit.pdf.boxes import (
    STAT_LEADING,
    Box,
    Layout,
    draw_frame,
    draw_icon_row,
    draw_stats,
    draw_text,
    icon_names,
    turned,
)
from toolkit.pdf.cards import (
    Card,
    CardBox,
    CardSize,
    Duplex,
    Marks,
    SheetLayout,
    draw_card_sheets,
    plan_sheet,
)
from toolkit.pdf.document import pdf_document
from toolkit.pdf.fonts import FontFamily, describe_missing, family
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.icons import Icon, IconSet, draw_icon_text, fit_icon_text
from toolkit.pdf.text import draw_text_box, plain_text

TITLE_HEIGHT = 7.0
STAT_HEIGHT = 4.2
STAT_SIZE = 7.5  # pt
BODY_SIZE = 10.5  # pt, the largest; shrunk down to BODY_MIN
BODY_MIN = 5.0
PICTURE_SHARE = 0.42  # of the room below the title
QR_SIZE = 20.0  # mm, qr.MIN_SIZE_MM: the smallest code the engine draws
GAP = 1.2
FRAME = (0.55, 0.55, 0.55)
LABEL = (0.35, 0.35, 0.35)
BACK_COLOUR = (0.16, 0.22, 0.32)
SHARP_DPI = 300  # a picture printed at fewer pixels an inch looks soft


@dataclass(frozen=True)
class DeckCard:
    """One row's card. `markup` (a rendered template) replaces title, stats and text.

    For layouts and messages: `values` are the cells of the columns layout boxes show; `boxes`
    the rendered template of each layout box that has one; `pictures` the image file of each
    image box bound to a column or template; `fields` which column each part came from
    (("title", "Name"), ("text", "Ability"), ...); `cells` every cell of the row, for the
    layout's `when` conditions."""

    title: str
    stats: tuple[tuple[str, str], ...] = ()
    text: str = ""
    markup: str | None = None
    image: Path | None = None
    qr: str | None = None
    back: str | None = None  # key into the deck's backs
    copies: int = 1
    source: Path | None = None  # the data file and row, for messages
    row: int | None = None
    values: tuple[tuple[str, str], ...] = ()
    boxes: tuple[tuple[str, str], ...] = ()
    pictures: tuple[tuple[str, Path], ...] = ()
    fields: tuple[tuple[str, str], ...] = ()
    cells: tuple[tuple[str, str], ...] = ()  # the whole row: what layout `when` cases test

    def field_of(self, part: str) -> str | None:
        return dict(self.fields).get(part)


@dataclass(frozen=True)
class DeckBack:
    text: str = ""
    image: Path | None = None


@dataclass
class DeckResult:
    pdf: Path
    cards: int
    sheets: int
    pages: int
    layout: SheetLayout
    warnings: list[str] = field(default_factory=list)


class Pictures:
    """Images by path, loaded once: PNG/JPEG through reportlab, SVG as vectors; a path in
    `missing` (a picture the sheet names but that is not there) draws a labelled placeholder."""

    def __init__(self) -> None:
        self._loaded: dict[Path, Icon] = {}
        self.missing: dict[Path, str] = {}  # the path: the name the sheet gave

    def get(self, path: Path) -> Icon | None:
        """The picture; None for a missing one."""
        if path in self.missing:
            return None
        if path not in self._loaded:
            self._loaded[path] = Icon(path.stem, path).load()
        return self._loaded[path]

    def pixels(self, path: Path) -> tuple[int, int] | None:
        """A bitmap's size in pixels; None for an SVG (vectors are sharp at any size)."""
        picture = self.get(path)
        if picture is None or picture.is_svg or picture._image is None:
            return None
        width, height = picture._image.getSize()
        return int(width), int(height)

    def draw(self, c: Canvas, path: Path, box: Rect, *, cover: bool = False) -> tuple[float, float]:
        """The picture centred in `box`, whole (`cover` False) or filling it, cropped; returns
        the size it was drawn at (points; 0 x 0 for a placeholder)."""
        picture = self.get(path)
        if picture is None:
            draw_placeholder(c, box, self.missing[path])
            return 0.0, 0.0
        height = pt(box.h)
        if cover:
            height = max(pt(box.h), pt(box.w) / picture.aspect)
        elif picture.aspect * height > pt(box.w):
            height = pt(box.w) / picture.aspect
        width = height * picture.aspect
        x = pt(box.x) + (pt(box.w) - width) / 2
        y = pt(box.y) + (pt(box.h) - height) / 2
        c.saveState()
        if cover:
            clip = c.beginPath()
            clip.rect(pt(box.x), pt(box.y), pt(box.w), pt(box.h))
            c.clipPath(clip, stroke=0, fill=0)
        picture.draw(c, x, y, height)
        c.restoreState()
        return width, height


PLACEHOLDER_FILL = (0.93, 0.93, 0.93)
PLACEHOLDER_INK = (0.45, 0.45, 0.45)


def draw_placeholder(c: Canvas, box: Rect, name: str) -> None:
    """A missing picture's place: a light grey box crossed corner to corner, dashed round,
    saying `missing picture` and the file's name (cut to the box)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    fonts = family()
    c.saveState()
    c.setFillColorRGB(*PLACEHOLDER_FILL)
    c.setStrokeColorRGB(*PLACEHOLDER_INK)
    c.setLineWidth(0.5)
    c.setDash(2, 2)
    c.rect(pt(box.x), pt(box.y), pt(box.w), pt(box.h), stroke=1, fill=1)
    c.setDash()
    c.setLineWidth(0.3)
    c.line(pt(box.x), pt(box.y), pt(box.right), pt(box.top))
    c.line(pt(box.x), pt(box.top), pt(box.right), pt(box.y))
    size = max(4.0, min(7.0, pt(box.h) / 4))
    lines = [("missing picture", fonts.face(bold=True)), (name, fonts.face())]
    middle = pt(box.y) + pt(box.h) / 2
    for number, (text, face) in enumerate(lines):
        while len(text) > 4 and stringWidth(text, face, size) > pt(box.w) - 4:
            text = "…" + text[2:]
        width = stringWidth(text, face, size)
        y = middle + (0.2 if number == 0 else -1.1) * size
        c.setFillColorRGB(1, 1, 1)
        c.rect(pt(box.x) + (pt(box.w) - width) / 2 - 1, y - 0.3 * size, width + 2, 1.2 * size,
               stroke=0, fill=1)  # fmt: skip
        c.setFillColorRGB(0.15, 0.15, 0.15)
        c.setFont(face, size)
        c.drawCentredString(pt(box.x) + pt(box.w) / 2, y, text)
    c.restoreState()


def _problem(card: DeckCard, message: str, column: str | None = None) -> DataError:
    return DataError(card.source or "cards", message, row=card.row, field=column)


def _markup_text(markup: str) -> str:
    """The characters paragraph markup prints (tags dropped, entities read)."""
    import html

    return html.unescape(re.sub(r"<[^>]*>", "", markup))


class FaceMaker:
    """Makes the face drawer of each card; shared fonts, picture and icon caches, and the
    warnings (each once, in the order found)."""

    def __init__(
        self, icons: IconSet, fonts: FontFamily | None = None, layout: Layout | None = None
    ) -> None:
        self.icons = icons
        self.fonts = fonts if fonts is not None else family()
        self.layout = layout
        self.pictures = Pictures()
        self._warnings: dict[str, None] = {}

    @property
    def warnings(self) -> list[str]:
        return list(self._warnings)

    def warn(self, message: str) -> None:
        self._warnings[message] = None

    def check_glyphs(
        self,
        where: str,
        text: str,
        face: str,
        column: str | None = None,
        fonts: FontFamily | None = None,
    ) -> None:
        """A warning for the characters of `text` the family's `face` cannot print."""
        family_ = fonts if fonts is not None else self.fonts
        missing = family_.missing(text, face)
        if missing:
            place = f"{where}, field '{column}'" if column else where
            self.warn(
                f"{place}: the font {family_.label} has no glyph for {describe_missing(missing)}"
            )

    def check_sharp(self, where: str, path: Path, drawn: tuple[float, float]) -> None:
        """A warning for a bitmap printed at fewer than SHARP_DPI pixels an inch."""
        pixels = self.pictures.pixels(path)
        if pixels is None or drawn[0] <= 0:
            return
        dpi = pixels[0] / (drawn[0] / 72)
        if dpi < SHARP_DPI - 0.5:
            mm_w, mm_h = drawn[0] / pt(1), drawn[1] / pt(1)
            self.warn(
                f"{where}: {path.name} is {pixels[0]} x {pixels[1]} px printed {mm_w:.0f} x "
                f"{mm_h:.0f} mm, {dpi:.0f} dpi; {SHARP_DPI} dpi or more prints sharp"
            )

    def face(self, card: DeckCard) -> Callable[[Canvas, CardBox], None]:
        paragraph = self._paragraph(card) if card.markup is not None else None
        for _, path in ((None, card.image), *card.pictures):
            if path is None:
                continue
            try:  # read now: a bad picture stops before the PDF is opened
                self.pictures.get(path)
            except DataError as exc:
                raise _problem(card, f"image {exc}") from None
        where = _where(card)
        fonts = self.fonts
        if self.layout is not None:
            return self._layout_face(card, self.layout)
        self.check_glyphs(where, card.title, fonts.bold, card.field_of("title"))
        self.check_glyphs(where, plain_text(card.text), fonts.regular, card.field_of("text"))
        if card.markup is not None:
            self.check_glyphs(where, _markup_text(card.markup), fonts.regular)
        for label, value in card.stats:
            self.check_glyphs(where, label, fonts.bold, label)
            self.check_glyphs(where, value, fonts.regular, label)

        def draw(c: Canvas, box: CardBox) -> None:
            frame = box.trim.inset(min(2.5, box.trim.w / 10))
            c.setStrokeColorRGB(*FRAME)
            c.setLineWidth(0.6)
            c.roundRect(pt(frame.x), pt(frame.y), pt(frame.w), pt(frame.h), pt(2), stroke=1)
            rest = box.safe
            if paragraph is None:
                title, rest = rest.split_top(TITLE_HEIGHT)
                c.setFillColorRGB(0, 0, 0)
                bold = fonts.styled(fonts.bold)
                fitted = fit_icon_text(
                    card.title, title, self.icons, fonts=bold, max_size=12, min_size=4, wrap=False
                )
                draw_icon_text(c, fitted, title, fonts=bold, valign="middle")
                c.setStrokeColorRGB(*FRAME)
                c.setLineWidth(0.4)
                c.line(pt(rest.x), pt(rest.top - 0.6), pt(rest.right), pt(rest.top - 0.6))
                rest = Rect(rest.x, rest.y, rest.w, rest.h - GAP)
            if card.image is not None:
                picture, rest = rest.split_top(rest.h * PICTURE_SHARE)
                drawn = self.pictures.draw(
                    c, card.image, Rect(picture.x, picture.y + GAP / 2, picture.w, picture.h - GAP)
                )
                self.check_sharp(_at(where, card.field_of("image")), card.image, drawn)
            stats = list(card.stats) if paragraph is None else []
            if card.qr:
                from toolkit.pdf.qr import draw_qr  # qrcode loads only for decks with codes

                band = Rect(rest.x, rest.y, rest.w, QR_SIZE)
                draw_qr(c, card.qr, band.right - QR_SIZE, band.y, QR_SIZE)
                rest = Rect(rest.x, band.top + GAP, rest.w, rest.h - QR_SIZE - GAP)
                beside = int(QR_SIZE // STAT_HEIGHT)
                below, stats = (
                    stats[-beside:] if beside else [],
                    stats[:-beside] if beside else stats,
                )
                self._stats(
                    c, below, band.top, Rect(band.x, band.y, band.w - QR_SIZE - GAP, band.h)
                )
            if stats:
                self._stats(c, stats, rest.top, rest)
                rest = Rect(rest.x, rest.y, rest.w, rest.h - len(stats) * STAT_HEIGHT - GAP)
            if rest.h <= 1:
                if card.text or paragraph is not None:
                    self.warn(f"{where}: no room left for the text")
                return
            c.setFillColorRGB(0, 0, 0)
            if paragraph is not None:
                self._draw_paragraph(c, paragraph, rest)
            elif card.text:
                fitted = fit_icon_text(
                    card.text, rest, self.icons, fonts=fonts, max_size=BODY_SIZE, min_size=BODY_MIN
                )
                if fitted.cut:
                    self.warn(
                        f"{where}: {card.title!r}: the text does not fit even at "
                        f"{BODY_MIN:g} pt; cut"
                    )
                draw_icon_text(c, fitted, rest, fonts=fonts)

        return draw

    def _stats(self, c: Canvas, stats: Sequence[tuple[str, str]], top: float, box: Rect) -> None:
        draw_stats(
            c,
            stats,
            top,
            box,
            fonts=self.fonts,
            size=STAT_SIZE,
            line_height=STAT_HEIGHT,
            label_colour=LABEL,
        )

    def boxes_of(self, card: DeckCard, layout: Layout) -> list[Box]:
        """The layout's boxes as this card draws them: each box's `when` cases that hold for the
        card's cells over it, the hidden ones left out."""
        cells = dict(card.cells)
        chosen = []
        for box in layout.boxes:
            if box.when:
                try:
                    box = box.chosen(cells)
                except ValueError as exc:
                    case = next((c for c in box.when if c.where), None)
                    place = f" ({case.where})" if case is not None else ""
                    raise _problem(card, f"layout box {box.name!r}'s when{place}: {exc}") from None
            if box.show:
                chosen.append(box)
        return chosen

    def _layout_face(self, card: DeckCard, layout: Layout) -> Callable[[Canvas, CardBox], None]:
        """The face of a layout: every box in file order (later boxes on top)."""
        from toolkit.pdf.qr import qr_problem

        where = _where(card)
        contents: list[tuple[Box, Any]] = []
        for box in self.boxes_of(card, layout):
            content = self._content(card, box)
            column = _box_field(card, box)
            fonts = layout.family(box.style, self.fonts)
            if box.kind in ("text", "line") and content:
                face = fonts.face(bold="bold" in box.style.font, italic="italic" in box.style.font)
                self.check_glyphs(where, plain_text(content), face, column or box.name, fonts)
            elif box.kind == "stats":
                for label, value in content:
                    self.check_glyphs(where, f"{label}{value}", fonts.regular, label, fonts)
            elif box.kind == "image" and content is not None:
                try:  # read now: a bad picture stops before the PDF is opened
                    self.pictures.get(content)
                except DataError as exc:
                    raise _problem(card, f"image {exc}") from None
            elif box.kind == "qr" and content:
                problem = qr_problem(content, min(box.w, box.h))
                if problem:
                    raise _problem(card, f"layout box {box.name!r}: {problem}", column)
            contents.append((box, content))

        def draw(c: Canvas, at: CardBox) -> None:
            for box, content in contents:
                with turned(c, box.rect(at.trim, at.bleed), box.rotate) as area:
                    draw_frame(c, area, box.style)
                    inner = area.inset(box.style.padding) if box.style.padding else area
                    self._draw_box(c, card, box, content, inner, where)

        return draw

    def _content(self, card: DeckCard, box: Box) -> Any:
        kind, value = box.source
        if box.kind == "stats":
            if kind == "column":
                return [(value, dict(card.values).get(value, ""))]
            return list(card.stats)
        if box.kind == "image":
            if kind == "file":
                return Path(value)
            return dict(card.pictures).get(picture_key(box)) or (
                card.image if kind == "part" else None
            )
        if kind == "part":
            return {"title": card.title, "text": card.text, "qr": card.qr or ""}.get(value, "")
        if kind == "column":
            return dict(card.values).get(value, "")
        if kind == "template":
            return dict(card.boxes).get(value, "")
        if kind == "text":
            return value
        return ""

    def _draw_box(
        self, c: Canvas, card: DeckCard, box: Box, content: Any, area: Rect, where: str
    ) -> None:
        style = box.style
        fonts = self.layout.family(style, self.fonts) if self.layout is not None else self.fonts
        if box.kind in ("text", "line") and content:
            fits = draw_text(
                c,
                content,
                area,
                style,
                fonts=fonts,
                icons=self.icons,
                wrap=box.kind == "text",
            )
            if not fits:
                self.warn(
                    f"{where}: {card.title!r}: the {box.name} box's text does not fit even at "
                    f"{style.min_size:g} pt; cut"
                )
        elif box.kind == "stats" and content:
            shown = [(label, value) for label, value in content if value]
            room = int(area.h / (style.size * STAT_LEADING / pt(1)) + 1e-6)
            if len(shown) > room:
                self.warn(f"{where}: the {box.name} box holds {room} of {len(shown)} stat lines")
                shown = shown[:room]
            draw_stats(c, shown, area.top, area, fonts=fonts, size=style.size, colour=style.colour)
        elif box.kind == "image" and content is not None:
            drawn = self.pictures.draw(c, content, area, cover=style.cover)
            self.check_sharp(_at(where, _box_field(card, box)), content, drawn)
        elif box.kind == "icons" and content:
            c.setFillColorRGB(*style.colour)  # a drawn glyph's ink (a picture has its own)
            c.setStrokeColorRGB(*style.colour)
            draw_icon_row(c, icon_names(content), area, style, self.icons)
        elif box.kind == "qr" and content:
            from toolkit.pdf.qr import draw_qr

            side = min(area.w, area.h)
            x = {"left": area.x, "right": area.right - side}.get(style.align, area.x)
            if style.align == "centre":
                x = area.x + (area.w - side) / 2
            draw_qr(c, content, x, area.y + (area.h - side) / 2, side)

    def _paragraph(self, card: DeckCard) -> Any:
        from reportlab.lib.styles import ParagraphStyle

        from toolkit.pdf.icons import fallback_markup, icon_markup, icon_paragraph

        # a `<font size>` bigger than the body makes its line as tall as that type needs (its
        # ascent to its descent) where a fixed leading would set it over the line above
        sized = re.search(r"<font\b[^>]*\bsize\s*=", card.markup or "", re.IGNORECASE)
        style = ParagraphStyle(
            "card",
            fontName=self.fonts.regular,
            fontSize=BODY_SIZE,
            leading=BODY_SIZE * 1.2,
            autoLeading="max" if sized else "",
        )
        self.fonts.ensure_all()
        markup = fallback_markup(
            icon_markup(card.markup or "", self.icons, BODY_SIZE), self.fonts.regular
        )
        try:
            return icon_paragraph(markup, style, self.icons)
        except Exception as exc:  # reportlab's parser raises ValueError, IndexError and more
            message = str(exc).strip().split("caused exception")[-1].strip() or type(exc).__name__
            raise _problem(card, f"the template gives bad paragraph markup: {message}") from None

    def _draw_paragraph(self, c: Canvas, paragraph: Any, box: Rect) -> None:
        from reportlab.platypus.flowables import KeepInFrame

        from toolkit.pdf.icons import svg_images_on

        frame = KeepInFrame(pt(box.w), pt(box.h), [paragraph], mode="shrink")
        _, height = frame.wrapOn(c, pt(box.w), pt(box.h))
        with svg_images_on(c):
            frame.drawOn(c, pt(box.x), pt(box.top) - height)


def picture_key(box: Box) -> str:
    """How a card's `pictures` name the picture of an image box (a box of a `when` case may
    show another column than its box)."""
    return f"{box.name}\n{box.source[0]}\n{box.source[1]}"


def _box_field(card: DeckCard, box: Box) -> str | None:
    kind, value = box.source
    if kind == "column":
        return value
    if kind == "part":
        return card.field_of(value)
    return None


def _at(where: str, column: str | None) -> str:
    return f"{where}, field '{column}'" if column else where


def _where(card: DeckCard) -> str:
    place = str(card.source) if card.source else "cards"
    return f"{place}, row {card.row}" if card.row is not None else place


def back_face(back: DeckBack, maker: FaceMaker) -> Callable[[Canvas, CardBox], None]:
    """A picture filling the bleed, or the text big and centred on a dark ground. Drawn once per
    PDF as a form XObject and placed at every card: a deck has few backs and many cards."""
    forms: weakref.WeakSet[Canvas] = weakref.WeakSet()  # a freed canvas's id may come back
    pictures = maker.pictures

    def draw_at_origin(c: Canvas, box: CardBox) -> None:
        if back.image is not None:
            drawn = pictures.draw(c, back.image, box.bleed, cover=True)
            maker.check_sharp("a back", back.image, drawn)
            return
        bleed = box.bleed
        c.setFillColorRGB(*BACK_COLOUR)
        c.rect(pt(bleed.x), pt(bleed.y), pt(bleed.w), pt(bleed.h), stroke=0, fill=1)
        inner = box.trim.inset(min(4.0, box.trim.w / 8))
        c.setStrokeColorRGB(1, 1, 1)
        c.setLineWidth(1.0)
        c.roundRect(pt(inner.x), pt(inner.y), pt(inner.w), pt(inner.h), pt(2.5), stroke=1)
        c.setFillColorRGB(1, 1, 1)
        draw_text_box(
            c,
            back.text,
            box.safe.inset(2),
            font=maker.fonts.bold,
            max_size=20,
            min_size=6,
            align="centre",
            valign="middle",
        )

    def draw(c: Canvas, box: CardBox) -> None:
        trim = box.trim
        name = f"back_{id(back)}_{trim.w:g}x{trim.h:g}"
        if c not in forms:
            origin = CardBox(
                Rect(0, 0, trim.w, trim.h),
                box.bleed.moved(-trim.x, -trim.y),
                box.safe.moved(-trim.x, -trim.y),
            )
            # the stubs type the corners as int; reportlab takes any number
            c.beginForm(name, *origin.bleed.points())  # type: ignore[arg-type]
            draw_at_origin(c, origin)
            c.endForm()
            forms.add(c)
        c.saveState()
        c.translate(pt(trim.x), pt(trim.y))
        c.doForm(name)
        c.restoreState()

    return draw


def back_drawers(
    backs: dict[str, DeckBack] | None, maker: FaceMaker
) -> dict[str, Callable[[Canvas, CardBox], None]]:
    """Each back's drawer, its picture read now and its text's glyphs checked."""
    drawers = {}
    for key, back in (backs or {}).items():
        if back.image is not None:
            maker.pictures.get(back.image)
        maker.check_glyphs("a back", back.text, maker.fonts.bold)
        drawers[key] = back_face(back, maker)
    return drawers


def build_deck(
    out: Path,
    cards: Sequence[DeckCard],
    *,
    paper: tuple[float, float],
    size: CardSize,
    icons: IconSet,
    backs: dict[str, DeckBack] | None = None,
    duplex: Duplex = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
    marks: Marks = "edges",
    title: str = "",
    maker: FaceMaker | None = None,
) -> DeckResult:
    """Write the deck's PDF atomically: every card `copies` times, fronts then their backs.
    `maker` brings the font family and layout (default: Noto Sans, the flow face)."""
    layout = plan_sheet(paper, size)
    maker = maker if maker is not None else FaceMaker(icons)
    sheet_cards: list[Card] = []
    for card in cards:
        face = maker.face(card)
        sheet_cards.extend(Card(face, card.back) for _ in range(card.copies))
    drawers = back_drawers(backs, maker)
    with pdf_document(out, layout.page, title=title, font=maker.fonts.regular) as doc:
        sheets = draw_card_sheets(
            doc,
            sheet_cards,
            layout,
            backs=drawers,
            duplex=duplex,
            back_offset=back_offset,
            marks=marks,
        )
        pages = doc.pages
    return DeckResult(out, len(sheet_cards), len(sheets), pages, layout, maker.warnings)


def build_card_pages(
    out: Path,
    drawers: Sequence[Callable[[Canvas, CardBox], None]],
    size: CardSize,
    *,
    bleed: bool = True,
    title: str = "",
    font: str | None = None,
) -> None:
    """One card a page, the page as big as the card with its bleed (or its trim, `bleed`
    False): what the raster outputs render, page by page."""
    margin = size.bleed if bleed else 0.0
    page = (size.width + 2 * margin, size.height + 2 * margin)
    trim = Rect(margin, margin, size.width, size.height)
    box = CardBox(trim, trim.outset(size.bleed), trim.inset(size.safe))
    with pdf_document(out, page, title=title, font=font) as doc:
        for draw in drawers:
            c = doc.begin_page(page)
            c.saveState()
            draw(c, box)
            c.restoreState()
            doc.end_page()
