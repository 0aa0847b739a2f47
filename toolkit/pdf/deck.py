"""A deck from rows of data: a plain, readable card face and back for any game, laid out N-up by
`cards.draw_card_sheets` (bleed, crop marks, mirrored duplex backs, TrimBox/BleedBox).

The face, top to bottom inside the safe zone: the title, a picture, labelled stat lines, the body
text (icons inline, shrunk to fit) and a QR code in the bottom-right corner. A template's paragraph
markup replaces the title, stats and text. A back is a text or a picture.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DataError
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
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.icons import Icon, IconSet, draw_icon_text, fit_icon_text, text_width
from toolkit.pdf.text import draw_line_fit, draw_text_box

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


@dataclass(frozen=True)
class DeckCard:
    """One row's card. `markup` (a rendered template) replaces title, stats and text."""

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
    """Images by path, loaded once: PNG/JPEG through reportlab, SVG as vectors."""

    def __init__(self) -> None:
        self._loaded: dict[Path, Icon] = {}

    def get(self, path: Path) -> Icon:
        if path not in self._loaded:
            self._loaded[path] = Icon(path.stem, path).load()
        return self._loaded[path]

    def draw(self, c: Canvas, path: Path, box: Rect, *, cover: bool = False) -> None:
        """The picture centred in `box`, whole (`cover` False) or filling it, cropped."""
        picture = self.get(path)
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


def unprintable(text: str) -> str:
    """The characters of `text` the standard PDF fonts cannot show: they print WinAnsi (Latin-1,
    curly quotes, dashes, the euro), and reportlab borrows the rest from the Symbol font (Greek,
    arrows, maths); anything else comes out as a blank or a wrong glyph."""
    from reportlab.pdfbase.rl_codecs import RL_Codecs

    RL_Codecs.register()
    if text.isascii():
        return ""
    missing = set()
    for char in {char for char in text if not char.isascii()}:
        for encoding in ("winansi", "symbol"):
            try:
                char.encode(encoding)
                break
            except UnicodeEncodeError:
                continue
        else:
            missing.add(char)
    return "".join(sorted(missing))


def _problem(card: DeckCard, message: str, column: str | None = None) -> DataError:
    return DataError(card.source or "cards", message, row=card.row, field=column)


def _draw_stats(c: Canvas, stats: Sequence[tuple[str, str]], top: float, box: Rect) -> None:
    """`Label  value` lines from `top` (mm) down, each shrunk to the box's width: one text object,
    the labels first and then the values (a font and colour change costs more than a move)."""
    lines = []
    for index, (label, value) in enumerate(stats):
        label_text = f"{label[:1].upper()}{label[1:]}  " if label else ""
        label_width = text_width(label_text, "Helvetica-Bold")
        size = STAT_SIZE
        width = (label_width + text_width(value, "Helvetica")) * size
        if width > pt(box.w):
            size = max(4.0, size * pt(box.w) / width)
        y = pt(top - (index + 1) * STAT_HEIGHT) + (pt(STAT_HEIGHT) - size * 0.72) / 2
        lines.append((label_text, value, size, y, pt(box.x) + label_width * size))
    text = c.beginText()
    text.setFillColorRGB(*LABEL)
    for label_text, _, size, y, _ in lines:
        text.setFont("Helvetica-Bold", size)
        text.setTextOrigin(pt(box.x), y)
        text.textOut(label_text)
    text.setFillColorRGB(0, 0, 0)
    for _, value, size, y, x in lines:
        text.setFont("Helvetica", size)
        text.setTextOrigin(x, y)
        text.textOut(value)
    c.drawText(text)


class FaceMaker:
    """Makes the face drawer of each card; shared picture and icon caches, collected warnings."""

    def __init__(self, icons: IconSet) -> None:
        self.icons = icons
        self.pictures = Pictures()
        self.warnings: list[str] = []

    def face(self, card: DeckCard) -> Callable[[Canvas, CardBox], None]:
        paragraph = self._paragraph(card) if card.markup is not None else None
        if card.image is not None:  # read now: a bad picture stops before the PDF is opened
            try:
                self.pictures.get(card.image)
            except DataError as exc:
                raise _problem(card, f"image {exc}") from None
        shown = " ".join(
            [card.title, card.text, card.markup or "", *(v for s in card.stats for v in s)]
        )
        missing = unprintable(shown)
        if missing:
            self.warnings.append(
                f"{_where(card)}: the standard fonts cannot print {' '.join(missing)}"
            )

        def draw(c: Canvas, box: CardBox) -> None:
            frame = box.trim.inset(min(2.5, box.trim.w / 10))
            c.setStrokeColorRGB(*FRAME)
            c.setLineWidth(0.6)
            c.roundRect(pt(frame.x), pt(frame.y), pt(frame.w), pt(frame.h), pt(2), stroke=1)
            rest = box.safe
            if paragraph is None:
                title, rest = rest.split_top(TITLE_HEIGHT)
                c.setFillColorRGB(0, 0, 0)
                draw_line_fit(c, card.title, title, max_size=12)
                c.setStrokeColorRGB(*FRAME)
                c.setLineWidth(0.4)
                c.line(pt(rest.x), pt(rest.top - 0.6), pt(rest.right), pt(rest.top - 0.6))
                rest = Rect(rest.x, rest.y, rest.w, rest.h - GAP)
            if card.image is not None:
                picture, rest = rest.split_top(rest.h * PICTURE_SHARE)
                self.pictures.draw(
                    c, card.image, Rect(picture.x, picture.y + GAP / 2, picture.w, picture.h - GAP)
                )
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
                _draw_stats(
                    c, below, band.top, Rect(band.x, band.y, band.w - QR_SIZE - GAP, band.h)
                )
            if stats:
                _draw_stats(c, stats, rest.top, rest)
                rest = Rect(rest.x, rest.y, rest.w, rest.h - len(stats) * STAT_HEIGHT - GAP)
            if rest.h <= 1:
                if card.text or paragraph is not None:
                    self.warnings.append(f"{_where(card)}: no room left for the text")
                return
            c.setFillColorRGB(0, 0, 0)
            if paragraph is not None:
                self._draw_paragraph(c, paragraph, rest)
            elif card.text:
                fitted = fit_icon_text(
                    card.text, rest, self.icons, max_size=BODY_SIZE, min_size=BODY_MIN
                )
                if fitted.cut:
                    self.warnings.append(
                        f"{_where(card)}: the text does not fit even at {BODY_MIN:g} pt; cut"
                    )
                draw_icon_text(c, fitted, rest)

        return draw

    def _paragraph(self, card: DeckCard) -> Any:
        from reportlab.lib.styles import ParagraphStyle

        from toolkit.pdf.icons import icon_markup, icon_paragraph

        style = ParagraphStyle(
            "card", fontName="Helvetica", fontSize=BODY_SIZE, leading=BODY_SIZE * 1.2
        )
        markup = icon_markup(card.markup or "", self.icons, BODY_SIZE)
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


def _where(card: DeckCard) -> str:
    place = str(card.source) if card.source else "cards"
    return f"{place}, row {card.row}" if card.row is not None else place


def back_face(back: DeckBack, pictures: Pictures) -> Callable[[Canvas, CardBox], None]:
    """A picture filling the bleed, or the text big and centred on a dark ground. Drawn once per
    PDF as a form XObject and placed at every card: a deck has few backs and many cards."""
    forms: set[int] = set()

    def draw_at_origin(c: Canvas, box: CardBox) -> None:
        if back.image is not None:
            pictures.draw(c, back.image, box.bleed, cover=True)
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
            font="Helvetica-Bold",
            max_size=20,
            min_size=6,
            align="centre",
            valign="middle",
        )

    def draw(c: Canvas, box: CardBox) -> None:
        trim = box.trim
        name = f"back_{id(back)}_{trim.w:g}x{trim.h:g}"
        if id(c) not in forms:
            origin = CardBox(
                Rect(0, 0, trim.w, trim.h),
                box.bleed.moved(-trim.x, -trim.y),
                box.safe.moved(-trim.x, -trim.y),
            )
            # the stubs type the corners as int; reportlab takes any number
            c.beginForm(name, *origin.bleed.points())  # type: ignore[arg-type]
            draw_at_origin(c, origin)
            c.endForm()
            forms.add(id(c))
        c.saveState()
        c.translate(pt(trim.x), pt(trim.y))
        c.doForm(name)
        c.restoreState()

    return draw


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
) -> DeckResult:
    """Write the deck's PDF atomically: every card `copies` times, fronts then their backs."""
    layout = plan_sheet(paper, size)
    maker = FaceMaker(icons)
    sheet_cards: list[Card] = []
    for card in cards:
        face = maker.face(card)
        sheet_cards.extend(Card(face, card.back) for _ in range(card.copies))
    back_drawers = {key: back_face(back, maker.pictures) for key, back in (backs or {}).items()}
    for back in (backs or {}).values():
        if back.image is not None:
            maker.pictures.get(back.image)
        if unprintable(back.text):
            maker.warnings.append(
                f"a back: the standard fonts cannot print {' '.join(unprintable(back.text))}"
            )
    with pdf_document(out, layout.page, title=title) as doc:
        sheets = draw_card_sheets(
            doc,
            sheet_cards,
            layout,
            backs=back_drawers,
            duplex=duplex,
            back_offset=back_offset,
            marks=marks,
        )
        pages = doc.pages
    return DeckResult(out, len(sheet_cards), len(sheets), pages, layout, maker.warnings)
