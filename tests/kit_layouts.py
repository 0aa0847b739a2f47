"""Checks for a kit whose cards are layouts (toolkit/cards/kit_faces.py): every card read back
from the PDF shows the texts its cells give, each inside the box its layout file places it in
(within a millimetre), wherever the kit put the card (home, gutterfold or service sheets)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Mapping
from pathlib import Path

import jinja2
import pymupdf
from card_edits import copy_card_data, edit_text

from toolkit.cards.kit_faces import GlyphIcons, KitCard, KitFaces
from toolkit.pdf.book import butted, card_layout
from toolkit.pdf.deck import DeckCard, FaceMaker
from toolkit.pdf.geometry import MM, PAPERS, Rect
from toolkit.pdf.gutterfold import plan_gutterfold
from toolkit.pdf.kits import KitOptions

TOLERANCE = 1.0  # mm
BASE = "http://192.168.1.20:8000"
KIT_CASES = [("a4", "home", "light"), ("letter", "home", "full"), ("letter", "gutterfold", "light"),
             ("a4", "service", "full")]  # fmt: skip
"""(paper, layout, ink): both papers, every layout, both inks."""


def built(build_kit, folder: Path, paper: str, layout: str, ink: str):
    """A kit built from the shipped data into `folder`: its result and its PDF."""
    options = KitOptions(paper=paper, out=folder / "kit.pdf", base_url=BASE, ink=ink, layout=layout)
    result = build_kit(options)
    return result, pymupdf.open(result.pdf)


def kit_from_copy(
    cli,
    game: str,
    folder: Path,
    edits: list[tuple[str, str, str]],
    *,
    without_layouts: bool = False,
):
    """`domekit kit GAME --data COPY` of a copy of the shipped data with `edits` (file, old, new),
    its layouts folder removed when `without_layouts` (a copy made before cards were layouts);
    the command's result and the PDF's path."""
    data = copy_card_data(game, folder / "mine")
    if without_layouts:
        shutil.rmtree(data / "layouts")
    for file, old, new in edits:
        edit_text(data / file, old, new)
    out = folder / "kit.pdf"
    return cli("kit", game, "--data", str(data), "--out", str(out), "--base-url", BASE), out


def pdf_text(path: Path) -> str:
    """Every page's text of a PDF, in order."""
    return "".join(page.get_text() for page in pymupdf.open(path))


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def card_slots(paper: str, card, layout: str) -> tuple[Rect, ...]:
    """Where the kit puts the fronts of cards of print.toml's `card` settings (trims, mm)."""
    if layout == "gutterfold":  # the fronts on one half of the page
        return plan_gutterfold(PAPERS[paper], butted(card.size())).fronts.slots
    return card_layout(PAPERS[paper], card, layout).slots


def expected_boxes(card: KitCard, faces: KitFaces) -> dict[str, tuple[Rect, str]]:
    """Each text box of the card's layout as this card draws it (its `when` cases applied):
    where it lies on a card whose top-left corner is (0, 0) (mm, y down) and the words it shows:
    its column's cell, its fixed text or its template rendered over the cells."""
    layout = faces.layouts[card.layout]
    cells = dict(card.cells)
    deck_card = DeckCard(title="", values=tuple(cells.items()), cells=tuple(cells.items()))
    out = {}
    for box in FaceMaker(GlyphIcons(), layout=layout).boxes_of(deck_card, layout):
        if box.kind not in ("text", "line"):
            continue
        kind, value = box.source
        if kind == "column":
            shown = cells.get(value, "")
        elif kind == "template":
            shown = jinja2.Template(value).render(**cells)
        else:
            shown = value
        if shown.strip():
            out[box.name] = (Rect(box.x, box.y, box.w, box.h), shown)
    return out


def card_spans(page, trim: Rect) -> list[tuple[str, Rect]]:
    """The text spans inside a card's trim: their text and box in mm from the card's top-left
    corner, y down."""
    return [(text, where) for text, where, _ in turned_spans(page, trim)]


def turned_spans(page, trim: Rect) -> list[tuple[str, Rect, tuple[int, int]]]:
    """`card_spans` with the way each reads: (1, 0) upright, (-1, 0) upside down."""
    top = page.rect.height / MM - trim.top
    spans = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            way = (round(line["dir"][0]), round(line["dir"][1]))
            for span in line["spans"]:
                x0, y0, x1, y1 = (v / MM for v in span["bbox"])
                if not span["text"].strip():
                    continue
                if trim.x <= (x0 + x1) / 2 <= trim.right and top <= (y0 + y1) / 2 <= top + trim.h:
                    where = Rect(x0 - trim.x, y0 - top, x1 - x0, y1 - y0)
                    spans.append((span["text"].strip(), where, way))
    return spans


def assert_fits_without_a_warning(cli, game: str, folder: Path) -> None:
    """The shipped cards of `game` fit their layouts: its kit builds with no warning."""
    out = folder / "kit.pdf"
    result = cli("kit", game, "--out", str(out), "--base-url", BASE)
    assert result.exit_code == 0 and "warning" not in result.stderr, result.stderr


def inside(span: Rect, box: Rect) -> bool:
    """The span's ends within the box's sides and its middle within the box's height (a span's
    height is the font's ascent and descent, more than the line a box is fitted to)."""
    middle = span.y + span.h / 2
    return (
        span.x >= box.x - TOLERANCE
        and span.right <= box.right + TOLERANCE
        and box.y - TOLERANCE <= middle <= box.top + TOLERANCE
    )


def check_cards_in_their_boxes(
    doc,
    slots: tuple[Rect, ...],
    cards: Mapping[str, KitCard],
    faces: KitFaces,
    marker: str | None = None,
    identify: Callable[[list[str]], str | None] | None = None,
) -> dict[str, int]:
    """Every card on the pages (found by its name, the `name` cell, or by the key of `cards`
    that `identify` makes of its texts; only on pages that hold `marker`, if given) shows each
    of its layout's texts, whole, inside that box; no other text. Returns how often each card
    (by its key) was printed."""
    printed: dict[str, int] = {}
    for page in doc:
        if marker is not None and marker not in page.get_text():
            continue
        for slot in slots:
            spans = card_spans(page, slot)
            if identify is None:
                key = next((t for t, _ in spans if t in cards), None)
            else:
                key = identify([t for t, _ in spans])
            if key is None or key not in cards:
                continue
            card = cards[key]
            name = card.cells["name"]
            printed[key] = printed.get(key, 0) + 1
            boxes = expected_boxes(card, faces)
            found: dict[str, list[str]] = {box: [] for box in boxes}
            for text, where in spans:
                exact = [n for n, (_, shown) in boxes.items() if flat(shown) == text]
                part = [n for n, (_, shown) in boxes.items() if text in flat(shown)]
                assert exact or part, f"{name}: {text!r} is no text of the card's cells"
                box = next((n for n in exact + part if inside(where, boxes[n][0])), None)
                assert box is not None, f"{name}: {text!r} at {where} is outside its box"
                found[box].append(text)
            for box, (_, shown) in boxes.items():
                assert flat(" ".join(found[box])) == flat(shown), (name, box)
    return printed
