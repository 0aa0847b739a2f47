"""Every kit in every card layout, on A4 and Letter, read back from its files: crop marks on
every cut line of every card sheet, gutterfold pages that pair each front with its own back
across the fold, print-service files a service takes as they are, and covers whose page lists
and sheet counts are the real ones."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pymupdf
import pytest
from kit_checks import check_page_order, check_print_runs, flat
from PIL import Image

from toolkit.games import NAMES, game
from toolkit.pdf.book import MARK_EDGE
from toolkit.pdf.cards import MARK_LENGTH, mirrored
from toolkit.pdf.geometry import MM
from toolkit.pdf.kits import KitOptions, KitResult

BASE = "http://192.168.1.20:8000"
PAPERS = ("a4", "letter")
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm from the top-left (pymupdf)


@cache
def kit(name: str, paper: str, layout: str) -> tuple[KitResult, pymupdf.Document]:
    """One build per game, paper and layout for the whole module (in a folder of its own)."""
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix=f"domekit-{name}-{paper}-{layout}-"))
    options = KitOptions(
        paper=paper, out=folder / f"{name}.pdf", base_url=BASE, layout=layout, kit_id="k" * 22
    )
    result = game(name).kit()(options)
    return result, pymupdf.open(result.pdf)


def mm(rect) -> Box:
    return (rect.x0 / MM, rect.y0 / MM, rect.x1 / MM, rect.y1 / MM)


def cut_outlines(page) -> list[Box]:
    """The cards of a butted sheet: the grey outline drawn round each (its cut lines)."""
    found = []
    for d in page.get_drawings():
        colour = d.get("color")
        if d.get("fill") is None and colour and all(abs(v - 0.45) < 0.01 for v in colour):
            found += [mm(item[1]) for item in d["items"] if item[0] == "re"]
    return found


def black_lines(page) -> list[Box]:
    return [
        (item[1].x / MM, item[1].y / MM, item[2].x / MM, item[2].y / MM)
        for d in page.get_drawings()
        if d.get("color") == (0.0, 0.0, 0.0)
        for item in d["items"]
        if item[0] == "l"
    ]


def blocks(cards: list[Box]) -> list[list[Box]]:
    """The cards grouped into blocks of butted cards (a gutterfold page has two)."""
    groups: list[list[Box]] = []
    for card in cards:
        touching = [
            g
            for g in groups
            if any(
                card[0] <= o[2] + 0.01
                and o[0] <= card[2] + 0.01
                and card[1] <= o[3] + 0.01
                and o[1] <= card[3] + 0.01
                for o in g
            )
        ]
        merged = [card] + [c for g in touching for c in g]
        groups = [g for g in groups if g not in touching] + [merged]
    return groups


def marks_on_every_cut_line(page) -> int:
    """Checks that every cut line of every block of cards has a crop mark at each end (a black
    line on the cut line across the block's edge, MARK_LENGTH long, clear of the printer's
    5 mm); returns how many marks that is."""
    width, height = page.rect.width / MM, page.rect.height / MM
    lines = black_lines(page)
    counted = 0
    for block in blocks(cut_outlines(page)):
        left, top = min(c[0] for c in block), min(c[1] for c in block)
        right, bottom = max(c[2] for c in block), max(c[3] for c in block)
        xs = sorted({round(v, 2) for c in block for v in (c[0], c[2])})
        ys = sorted({round(v, 2) for c in block for v in (c[1], c[3])})
        ends = [(x, edge, "v") for x in xs for edge in (top, bottom)]
        ends += [(edge, y, "h") for y in ys for edge in (left, right)]
        for x, y, way in ends:
            at = [
                line
                for line in lines
                if (
                    way == "v"
                    and abs(line[0] - x) < 0.02
                    and abs(line[2] - x) < 0.02
                    and min(line[1], line[3]) - 0.02 <= y <= max(line[1], line[3]) + 0.02
                )
                or (
                    way == "h"
                    and abs(line[1] - y) < 0.02
                    and abs(line[3] - y) < 0.02
                    and min(line[0], line[2]) - 0.02 <= x <= max(line[0], line[2]) + 0.02
                )
            ]
            assert len(at) == 1, (page.number, x, y, way, at)
            x0, y0, x1, y1 = at[0]
            assert abs(x1 - x0) + abs(y1 - y0) == pytest.approx(MARK_LENGTH, abs=0.02)
            assert min(x0, x1, width - x0, width - x1) >= MARK_EDGE - 0.01
            assert min(y0, y1, height - y0, height - y1) >= MARK_EDGE - 0.01
            counted += 1
    return counted


def card_sheets(result: KitResult, doc) -> Iterator[int]:
    """0-based indexes of the pages that carry cards (butted: their grey cut outlines)."""
    for index, side in enumerate(result.sides):
        if side in ("front", "single") and cut_outlines(doc[index]):
            yield index


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("layout", ["home", "gutterfold"])
@pytest.mark.parametrize("name", NAMES)
def test_every_cut_line_of_every_card_sheet_has_a_crop_mark_at_each_end(name, paper, layout):
    result, doc = kit(name, paper, layout)
    sheets = list(card_sheets(result, doc))
    assert sheets
    for index in sheets:
        cards = cut_outlines(doc[index])
        marks = marks_on_every_cut_line(doc[index])
        if layout == "home" and len(cards) == 9:  # a full 3 x 3 sheet: 4 + 4 cut lines
            assert marks == 16
    # Letter as A4: on a full poker sheet the top and bottom marks are there too, and the grid
    # is centred on the page, at least 5 mm from every edge
    if layout == "home":
        full = [i for i in sheets if len(cut_outlines(doc[i])) == 9]
        assert full and all(marks_on_every_cut_line(doc[i]) == 16 for i in full)
        for index in full:
            cards = cut_outlines(doc[index])
            width, height = doc[index].rect.width / MM, doc[index].rect.height / MM
            left, top = min(c[0] for c in cards), min(c[1] for c in cards)
            right, bottom = width - max(c[2] for c in cards), height - max(c[3] for c in cards)
            assert left == pytest.approx(right, abs=0.02) and top == pytest.approx(bottom, abs=0.02)
            assert min(left, top) >= 5.0


def fold_line(page) -> tuple[str, float]:
    """("upright", x) or ("level", y) of the page's fold line (mm, top-left): the one dashed
    line that runs (nearly) across the whole page."""
    width, height = page.rect.width / MM, page.rect.height / MM
    found = []
    for d in page.get_drawings():
        if not d.get("dashes") or d["dashes"].startswith("[]"):
            continue
        for item in d["items"]:
            if item[0] != "l":
                continue
            x0, y0, x1, y1 = item[1].x / MM, item[1].y / MM, item[2].x / MM, item[2].y / MM
            if abs(x0 - x1) < 1e-6 and abs(y1 - y0) > height - 12:
                found.append(("upright", x0))
            if abs(y0 - y1) < 1e-6 and abs(x1 - x0) > width - 12:
                found.append(("level", y0))
    assert len(found) == 1, (page.number, found)
    return found[0]


def words_in(page, box: Box) -> str:
    """The words inside a box, sorted (a back turned a half turn reads in another order)."""
    clip = pymupdf.Rect(box[0] * MM, box[1] * MM, box[2] * MM, box[3] * MM)
    return " ".join(sorted(flat(page.get_text(clip=clip)).split()))


def reading_order(cards: list[Box]) -> list[Box]:
    return sorted(cards, key=lambda c: (round(c[1], 1), round(c[0], 1)))


def home_pairs(result: KitResult, doc) -> list[tuple[str, str]]:
    """(front words, back words) of every card of a home kit, in order: each front and what
    is printed behind it on the sheet's back page."""
    pairs = []
    for index in card_sheets(result, doc):
        front, back = doc[index], doc[index + 1]
        size = (front.rect.width / MM, front.rect.height / MM)
        for x0, y0, x1, y1 in reading_order(cut_outlines(front)):
            from toolkit.pdf.geometry import Rect

            # mirrored() works bottom-up: flip y in and out
            behind = mirrored(Rect(x0, size[1] - y1, x1 - x0, y1 - y0), size, "long")
            box = (behind.x, size[1] - behind.top, behind.right, size[1] - behind.y)
            pairs.append((words_in(front, (x0, y0, x1, y1)), words_in(back, box)))
    return pairs


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", NAMES)
def test_gutterfold_pages_pair_each_front_with_its_back_across_the_fold(name, paper):
    result, doc = kit(name, paper, "gutterfold")
    assert "blank" not in result.sides and set(result.sides) == {"single"}  # one-sided
    pairs = []
    pages = list(card_sheets(result, doc))
    assert pages
    for index in pages:
        page = doc[index]
        fold, at = fold_line(page)
        cards = cut_outlines(page)
        axis = 0 if fold == "upright" else 1
        fronts = [c for c in cards if c[axis + 2] <= at]  # left of or above the fold
        backs = [c for c in cards if c[axis] >= at]
        assert fronts and len(fronts) == len(backs) and len(cards) == 2 * len(fronts)
        for card in reading_order(fronts):
            # its back: the mirror image across the fold line, on the other half
            if fold == "upright":
                mirror = (2 * at - card[2], card[1], 2 * at - card[0], card[3])
            else:
                mirror = (card[0], 2 * at - card[3], card[2], 2 * at - card[1])
            [back] = [b for b in backs if all(abs(b[i] - mirror[i]) < 0.02 for i in range(4))]
            pairs.append((words_in(page, card), words_in(page, back)))
    # the same cards, each with the same back, as the double-sided kit prints them
    home_result, home_doc = kit(name, paper, "home")
    assert pairs == home_pairs(home_result, home_doc)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("layout", ["home", "gutterfold", "service"])
@pytest.mark.parametrize("name", NAMES)
def test_the_cover_lists_the_real_pages_and_counts_the_real_sheets(name, paper, layout):
    result, doc = kit(name, paper, layout)  # a long print plan on short paper too (Letter)
    text = flat(doc[0].get_text())
    check_print_runs(result, text)
    if layout != "gutterfold":
        check_page_order(result, doc)
    manifest = json.loads(result.manifest.read_text())
    assert manifest["print"]["runs"] and manifest["layout"] == layout
    home, home_doc = kit(name, paper, "home")
    folded, folded_doc = kit(name, paper, "gutterfold")
    home_cards = len(list(card_sheets(home, home_doc)))
    folded_cards = len(list(card_sheets(folded, folded_doc)))
    if layout == "home":
        # the cover offers the gutterfold layout with what it really costs
        assert (
            f"Its cards take {folded_cards} sheets of paper instead of {home_cards} printed on "
            "both sides" in text
        )
        assert "calibration sheet" in text and "back offset" in text
    if layout == "gutterfold":
        assert "fold each on its dashed middle line" in text
        assert "calibration" not in text  # no duplex: nothing to calibrate


# --- print services ------------------------------------------------------------------------------

BLEED = 3.0  # mm: the print-service PDF's bleed


@pytest.mark.parametrize("name", NAMES)
def test_print_service_files_one_card_a_page_with_trim_and_bleed_boxes(name):
    result, doc = kit(name, "a4", "service")
    service = result.print_service
    assert service is not None
    manifest = json.loads(result.manifest.read_text())
    assert manifest["print_service"] == service
    folder = Path(service["folder"])
    assert folder.is_dir() and folder.parent == result.pdf.parent
    fronts = []
    for deck in service["decks"]:
        pdf = pymupdf.open(deck["pdf"])
        trim_w, trim_h = deck["trim_mm"]
        assert len(pdf) == 2 * deck["cards"] == deck["pages"]
        back_words = None
        for number, page in enumerate(pdf):
            # the page is the card with 3 mm of bleed all round; TrimBox the cut line,
            # BleedBox the whole page
            assert (page.rect.width / MM, page.rect.height / MM) == pytest.approx(
                (trim_w + 2 * BLEED, trim_h + 2 * BLEED), abs=0.01
            )
            trim, bleed = mm(page.trimbox), mm(page.bleedbox)
            assert trim == pytest.approx((BLEED, BLEED, BLEED + trim_w, BLEED + trim_h), abs=0.01)
            assert bleed == pytest.approx(mm(page.mediabox), abs=0.01)
            words = flat(page.get_text())
            if number % 2:  # fronts and backs in order: every card's back follows it
                back_words = back_words or words
                assert words == back_words  # one back for the whole deck
            else:
                fronts.append(" ".join(sorted(words.split())))
        # PNG: every card with 1/8 in of bleed at 300 dpi (the image templates' size), then
        # the back
        assert deck["bleed_mm"] == BLEED and deck["png_bleed_mm"] == pytest.approx(25.4 / 8)
        png = Path(deck["png"])
        files = sorted(p.name for p in png.iterdir())
        assert files == sorted(deck["png_files"]) and len(files) == deck["cards"] + 1
        width = round((trim_w + 2 * 25.4 / 8) / 25.4 * 300)
        height = round((trim_h + 2 * 25.4 / 8) / 25.4 * 300)
        if (trim_w, trim_h) == (63.5, 88.9):  # a poker card: what services ask for
            assert (width, height) == (825, 1125)
        for name_ in files:
            with Image.open(png / name_) as image:
                assert image.size == (width, height)
                assert round(image.info["dpi"][0]) == 300
    # every card of the kit, in the kit's order, each once a card in the files
    home, home_doc = kit(name, "a4", "home")
    assert fronts == [front for front, _ in home_pairs(home, home_doc)]
