"""The print engine's geometry, checked on PDFs read back with pymupdf and a real QR decoder."""

from __future__ import annotations

import base64
import math
import shutil
import subprocess
from pathlib import Path

import pymupdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.errors import DomekitError
from toolkit.pdf.cards import Card, CardSize, draw_card_sheets, mirrored, plan_sheet
from toolkit.pdf.document import pdf_document
from toolkit.pdf.geometry import MM, PAPERS, Rect, paper_size, pt
from toolkit.pdf.kits import check_base_url, new_kit_id, parse_back_offset
from toolkit.pdf.qr import draw_qr
from toolkit.pdf.text import draw_text_box, fit_lines
from toolkit.pdf.tiles import plan_tiles, registration_points

A4 = PAPERS["a4"]
LETTER = PAPERS["letter"]
POKER = CardSize(63.5, 88.9, 3.0, 4.0)


def mm_rect(r) -> Rect:
    return Rect(r.x0 / MM, r.y0 / MM, (r.x1 - r.x0) / MM, (r.y1 - r.y0) / MM)


# --- imposition -----------------------------------------------------------------------------


def test_poker_cards_with_bleed_fit_8_on_a4_landscape_and_6_on_letter():
    a4 = plan_sheet(A4, POKER)
    assert (a4.landscape, a4.columns, a4.rows) == (True, 4, 2)
    letter = plan_sheet(LETTER, POKER)
    assert letter.per_page == 6


@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "tarot", "square"])
def test_every_slot_and_its_bleed_stays_on_the_page_without_overlap(paper, size):
    from toolkit.pdf.cards import CARD_SIZES

    layout = plan_sheet(paper, CardSize(*CARD_SIZES[size]))
    page = Rect(0, 0, *layout.page)
    bleeds = [layout.box(slot).bleed for slot in layout.slots]
    for bleed in bleeds:
        assert page.inset(5).contains(bleed)
    for i, a in enumerate(bleeds):
        for b in bleeds[i + 1 :]:
            overlap_w = min(a.right, b.right) - max(a.x, b.x)
            overlap_h = min(a.top, b.top) - max(a.y, b.y)
            assert overlap_w <= 1e-6 or overlap_h <= 1e-6


def test_a_card_larger_than_the_paper_is_a_clear_error():
    with pytest.raises(DomekitError, match="does not fit"):
        plan_sheet(A4, CardSize(250, 350))


def test_long_edge_flip_mirrors_left_right_on_portrait_and_top_bottom_on_landscape():
    card = Rect(10, 20, 60, 90)
    assert mirrored(card, (210, 297), "long") == Rect(140, 20, 60, 90)
    assert mirrored(card, (297, 210), "long") == Rect(10, 100, 60, 90)
    assert mirrored(card, (210, 297), "short") == Rect(10, 187, 60, 90)
    assert mirrored(card, (297, 210), "short") == Rect(227, 20, 60, 90)


@given(
    st.floats(0, 150),
    st.floats(0, 200),
    st.sampled_from([(210.0, 297.0), (297.0, 210.0)]),
    st.sampled_from(["long", "short"]),
)
def test_mirroring_twice_puts_a_card_back_where_it_was(x, y, page, duplex):
    card = Rect(x, y, 50, 80)
    again = mirrored(mirrored(card, page, duplex), page, duplex)
    assert again.x == pytest.approx(x) and again.y == pytest.approx(y)


def _face(label: str):
    def draw(c, box):
        c.setFillColorRGB(0.8, 0.1, 0.1)
        c.rect(pt(box.bleed.x), pt(box.bleed.y), pt(box.bleed.w), pt(box.bleed.h), stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont("Helvetica", 10)
        c.drawString(pt(box.safe.x), pt(box.safe.top - 5), label)

    return draw


def _back(c, box):
    c.setFillColorRGB(0.1, 0.1, 0.8)
    c.rect(pt(box.bleed.x), pt(box.bleed.y), pt(box.bleed.w), pt(box.bleed.h), stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Helvetica", 10)
    c.drawString(pt(box.safe.x), pt(box.safe.top - 5), "BACK")


def _sheet_pdf(path: Path, count: int, paper=A4, back_offset=(0.0, 0.0)) -> None:
    layout = plan_sheet(paper, POKER)
    cards = [Card(_face(f"card {n}"), "b") for n in range(count)]
    with pdf_document(path, paper) as doc:
        draw_card_sheets(doc, cards, layout, backs={"b": _back}, back_offset=back_offset)


def _close(a: list[tuple[float, float]], b: list[tuple[float, float]], tol: float = 0.05) -> bool:
    return len(a) == len(b) and all(
        abs(p[0] - q[0]) <= tol and abs(p[1] - q[1]) <= tol for p, q in zip(a, b, strict=True)
    )


def _filled_rects(page, size: tuple[float, float]) -> list[Rect]:
    found = []
    for drawing in page.get_drawings():
        if drawing.get("fill") is None:
            continue
        r = mm_rect(drawing["rect"])
        # pymupdf's y grows downwards: flip to PDF's bottom-left origin
        r = Rect(r.x, page.rect.height / MM - r.top, r.w, r.h)
        if abs(r.w - size[0]) < 0.05 and abs(r.h - size[1]) < 0.05:
            found.append(r)
    return found


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_each_back_sits_at_the_mirrored_position_of_its_front(tmp_path, paper):
    path = tmp_path / "cards.pdf"
    _sheet_pdf(path, 11, paper)
    doc = pymupdf.open(path)
    layout = plan_sheet(paper, POKER)
    assert len(doc) == 2 * -(-11 // layout.per_page)
    bleed_size = (POKER.width + 6, POKER.height + 6)
    for front_index in range(0, len(doc), 2):
        front, back = doc[front_index], doc[front_index + 1]
        page_size = (front.rect.width / MM, front.rect.height / MM)
        fronts = _filled_rects(front, bleed_size)
        backs = _filled_rects(back, bleed_size)
        assert len(fronts) == len(backs) > 0
        expected = sorted((m.x, m.y) for m in (mirrored(f, page_size, "long") for f in fronts))
        assert _close(sorted((b.x, b.y) for b in backs), expected)


@pytest.mark.parametrize(("paper", "landscape"), [(A4, True), (A4, False)])
def test_back_offset_shifts_every_back_by_that_much_on_the_paper(tmp_path, paper, landscape):
    """The offset is measured on the paper (+x right, +y up on a portrait sheet's back). A
    portrait page is the paper; a landscape page is turned a quarter turn counter-clockwise onto
    it (its top on the paper's left edge), so there the paper's +x is the page's -y and the
    paper's +y the page's +x."""
    plain, shifted = tmp_path / "a.pdf", tmp_path / "b.pdf"
    size = POKER if landscape else CardSize(63.5, 88.9, 0.0, 4.0)  # bleed: 8 a landscape page
    for path, offset in ((plain, (0.0, 0.0)), (shifted, (1.5, -2.0))):
        layout = plan_sheet(paper, size)
        cards = [Card(_face(f"card {n}"), "b") for n in range(8)]
        with pdf_document(path, paper) as doc:
            draw_card_sheets(doc, cards, layout, backs={"b": _back}, back_offset=offset)
    assert layout.landscape == landscape
    cell = (size.width + 2 * size.bleed, size.height + 2 * size.bleed)
    a = sorted((r.x, r.y) for r in _filled_rects(pymupdf.open(plain)[1], cell))
    b = sorted((r.x, r.y) for r in _filled_rects(pymupdf.open(shifted)[1], cell))
    move = (-2.0, -1.5) if landscape else (1.5, -2.0)
    assert len(a) == 8 and _close([(x + move[0], y + move[1]) for x, y in a], b)


def test_trim_and_bleed_boxes_are_the_cards_cut_line_and_bleed(tmp_path):
    path = tmp_path / "cards.pdf"
    _sheet_pdf(path, 8)
    page = pymupdf.open(path)[0]
    layout = plan_sheet(A4, POKER)
    trim = mm_rect(page.trimbox)
    bleed = mm_rect(page.bleedbox)
    assert trim.w == pytest.approx(4 * 63.5 + 3 * 6, abs=0.01)
    assert trim.h == pytest.approx(2 * 88.9 + 6, abs=0.01)
    assert bleed.w == pytest.approx(trim.w + 6, abs=0.01)
    assert bleed.h == pytest.approx(trim.h + 6, abs=0.01)
    assert layout.page == (297.0, 210.0)


def test_crop_marks_lie_outside_the_bleed_on_every_cut_line(tmp_path):
    path = tmp_path / "cards.pdf"
    _sheet_pdf(path, 8)
    page = pymupdf.open(path)[0]
    bleed = mm_rect(page.bleedbox)
    height = page.rect.height / MM
    lines = [item for drawing in page.get_drawings() for item in drawing["items"] if item[0] == "l"]
    assert lines
    cut_xs = set()
    for _, p1, p2 in lines:
        for p in (p1, p2):
            x, y = p.x / MM, height - p.y / MM
            inside = (
                bleed.x + 0.01 < x < bleed.right - 0.01 and bleed.y + 0.01 < y < bleed.top - 0.01
            )
            assert not inside
        if abs(p1.x - p2.x) < 0.01:
            cut_xs.add(round(p1.x / MM, 2))
    layout = plan_sheet(A4, POKER)
    edges = {round(v, 2) for slot in layout.slots for v in (slot.x, slot.right)}
    assert edges <= cut_xs


# --- text --------------------------------------------------------------------------------


def test_long_text_is_shrunk_until_it_fits_its_box():
    box = Rect(0, 0, 50, 30)
    short_size, _ = fit_lines("Add 1 to any attack.", box, max_size=9, min_size=4)
    long_size, lines = fit_lines("word " * 120, box, max_size=9, min_size=4)
    assert short_size == 9
    assert long_size < 9
    assert len(lines) * long_size * 1.18 <= pt(box.h) + 0.01


def test_text_too_long_even_at_the_minimum_size_ends_with_dots(tmp_path):
    with pdf_document(tmp_path / "t.pdf", A4) as doc:
        c = doc.begin_page()
        size = draw_text_box(c, "word " * 2000, Rect(10, 10, 40, 20), max_size=9, min_size=6)
        doc.end_page()
    assert size == 6
    assert "..." in pymupdf.open(tmp_path / "t.pdf")[0].get_text()


# --- QR codes ----------------------------------------------------------------------------


def _decode(pdf: Path, page: int) -> list[str]:
    if not shutil.which("zbarimg"):
        pytest.skip("zbarimg (Debian zbar-tools) is not installed")
    doc = pymupdf.open(pdf)
    image = pdf.with_suffix(f".{page}.png")
    # 200 dpi: zbar once missed one of twelve 24 mm codes on this busy page at 150 dpi (it read
    # the same code alone at 150 dpi); a phone's camera resolves far more than either.
    doc[page].get_pixmap(dpi=200).save(image)
    done = subprocess.run(["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True)
    return sorted(line for line in done.stdout.splitlines() if line)


def test_twelve_vector_qr_codes_on_a_page_decode_to_exactly_their_urls(tmp_path):
    urls = [f"http://192.168.1.20:8000/k/{new_kit_id()}/unit/red/scout-{n}" for n in range(12)]
    path = tmp_path / "qr.pdf"
    with pdf_document(path, A4) as doc:
        c = doc.begin_page()
        for n, url in enumerate(urls):
            col, row = n % 3, n // 3
            draw_qr(c, url, 15 + col * 65, 20 + row * 65, 24)
        doc.end_page()
    assert _decode(path, 0) == sorted(urls)
    # vectors, not an image
    assert not pymupdf.open(path)[0].get_images()


def test_a_qr_code_smaller_than_20_mm_is_refused(tmp_path):
    with pdf_document(tmp_path / "q.pdf", A4) as doc:
        c = doc.begin_page()
        with pytest.raises(DomekitError, match="at least 20 mm"):
            draw_qr(c, "http://x", 0, 0, 15)
        doc.end_page()


# --- tiles ---------------------------------------------------------------------------------

# a picture's width and height, the paper, the overlap
TILE_CASES = (
    st.floats(50, 1500),
    st.floats(50, 1500),
    st.sampled_from([A4, LETTER]),
    st.floats(0, 20),
)


@given(*TILE_CASES)
def test_tiles_cover_the_whole_picture_and_neighbours_overlap(width, height, paper, overlap):
    plan = plan_tiles(width, height, paper, overlap)
    assert len(plan.tiles) == plan.columns * plan.rows
    xs = sorted({(t.window.x, t.window.right) for t in plan.tiles})
    ys = sorted({(t.window.y, t.window.top) for t in plan.tiles})
    assert xs[0][0] == 0 and xs[-1][1] == pytest.approx(width)
    assert ys[0][0] == 0 and ys[-1][1] == pytest.approx(height)
    for (_, right), (left, _) in zip(xs, xs[1:], strict=False):
        assert right - left == pytest.approx(overlap)
    for (_, top), (bottom, _) in zip(ys, ys[1:], strict=False):
        assert top - bottom == pytest.approx(overlap)
    for tile in plan.tiles:
        assert tile.window.w <= plan.printable.w + 1e-6
        assert tile.window.h <= plan.printable.h + 1e-6


@given(*TILE_CASES)
def test_tiles_share_the_picture_evenly_with_no_sliver_pages(width, height, paper, overlap):
    """Every tile is as wide and as high as the others (a 16-square map on 3 columns prints
    three even thirds, not two full pages and a strip), on the fewest pages the paper allows."""
    plan = plan_tiles(width, height, paper, overlap)
    assert max(t.window.w for t in plan.tiles) - min(t.window.w for t in plan.tiles) < 1e-6
    assert max(t.window.h for t in plan.tiles) - min(t.window.h for t in plan.tiles) < 1e-6
    usable = plan.printable
    assert plan.columns == max(1, math.ceil((width - overlap) / (usable.w - overlap) - 1e-9))
    assert plan.rows == max(1, math.ceil((height - overlap) / (usable.h - overlap) - 1e-9))


def test_registration_crosses_appear_on_both_neighbouring_tiles():
    plan = plan_tiles(516, 516, A4, 10)
    by_label = {t.label: t for t in plan.tiles}
    a1, b1 = by_label["A1"], by_label["B1"]
    shared = set(registration_points(plan, a1)) & set(registration_points(plan, b1))
    assert shared
    for x, y in shared:
        for tile in (a1, b1):
            assert tile.window.x <= x <= tile.window.right
            assert tile.window.y <= y <= tile.window.top


# --- documents and flags ---------------------------------------------------------------------


def test_an_error_while_writing_leaves_no_file_behind(tmp_path):
    target = tmp_path / "out.pdf"
    with pytest.raises(RuntimeError), pdf_document(target, A4) as doc:
        doc.begin_page()
        doc.end_page()
        raise RuntimeError("boom")
    assert list(tmp_path.iterdir()) == []


def test_paper_names_and_flags_are_checked():
    assert paper_size("A4") == (210.0, 297.0)
    assert paper_size("letter") == (215.9, 279.4)
    with pytest.raises(DomekitError, match="--paper 'a5'"):
        paper_size("a5")
    assert parse_back_offset("0.5,-1") == (0.5, -1.0)
    for bad in ("1", "x,y", "50,0"):
        with pytest.raises(DomekitError, match="--back-offset"):
            parse_back_offset(bad)
    assert check_base_url("http://10.0.0.2:8000/") == "http://10.0.0.2:8000"
    with pytest.raises(DomekitError, match="--base-url"):
        check_base_url("ftp://x")


def test_kit_ids_are_128_random_bits():
    ids = {new_kit_id() for _ in range(100)}
    assert len(ids) == 100
    for kit_id in ids:
        assert len(base64.urlsafe_b64decode(kit_id + "==")) == 16


def test_a_kit_written_to_a_device_writes_into_it_and_leaves_the_device(tmp_path):
    """`--out /dev/null` (a dry run) must not rename a regular file over the device."""
    import os
    import stat

    from toolkit.pdf.document import write_atomic

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    import threading

    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    write_atomic(fifo, "manifest")
    reader.join(5)
    assert got == [b"manifest"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name != "pipe"]
