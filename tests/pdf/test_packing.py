"""Pieces packed on shared sheets (toolkit/pdf/packing.py), tracks sized to their markers, words
that never shrink under 7 pt, registration crosses clear of a board's words: checked on the
geometry and on PDFs read back with pymupdf."""

from __future__ import annotations

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit_sheets import read_sheet

from toolkit.errors import DomekitError
from toolkit.pdf.document import pdf_document
from toolkit.pdf.geometry import MM, PAPERS, Rect
from toolkit.pdf.packing import CAPTION, Grid, Panel, draw_packed, pack, plan_sheets
from toolkit.pdf.pieces import (
    Piece,
    Standee,
    TrackSpace,
    draw_track,
    piece_grid,
    space_for,
    standee_grid,
)
from toolkit.pdf.style import MIN_TYPE, line
from toolkit.pdf.tiles import CROSS_CLEAR, plan_tiles, registration_points

AREA = Rect(10, 10, 190, 258)  # an A4 sheet's room below its heading


def nothing(c, rect) -> None:
    """A piece that draws nothing (the geometry is what is checked)."""


blocks = st.lists(
    st.one_of(
        st.builds(
            lambda w, h, n, gap: Grid("grid", (w, h), (nothing,) * n, gap=gap),
            st.floats(5, 95),
            st.floats(5, 60),
            st.integers(1, 40),
            st.sampled_from([0.0, 1.0]),
        ),
        st.builds(
            lambda w, h: Panel("panel", (w, h), nothing),
            st.floats(20, 188),
            st.floats(5, 200),
        ),
    ),
    min_size=1,
    max_size=12,
)


def _overlap(a: Rect, b: Rect) -> bool:
    return min(a.right, b.right) - max(a.x, b.x) > 1e-6 and min(a.top, b.top) - max(a.y, b.y) > 1e-6


@settings(max_examples=150, deadline=None)
@given(blocks)
def test_every_piece_is_placed_once_inside_the_sheet_and_nothing_overlaps(blocks):
    pages = pack(blocks, AREA)
    for placed in pages:
        for spot in placed:
            assert AREA.contains(spot.rect, 1e-6)
        for i, a in enumerate(placed):
            for b in placed[i + 1 :]:
                assert not _overlap(a.rect, b.rect)
    # each grid's pieces all placed, in order, once; each panel once
    parts = [spot.block for placed in pages for spot in placed]
    for block in blocks:
        if isinstance(block, Panel):
            assert sum(part is block for part in parts) == 1
    cells = [cell for part in parts if isinstance(part, Grid) for cell in part.cells]
    assert len(cells) == sum(len(b.cells) for b in blocks if isinstance(b, Grid))
    # no sheet is started while an earlier one had room for what went on it
    assert len(pages) <= len(blocks) + sum(len(b.cells) for b in blocks if isinstance(b, Grid))


def test_a_grid_too_big_for_the_room_left_is_split_between_its_rows():
    discs = Grid("discs", (19, 19), (nothing,) * 85, gap=1)
    pages = pack([Panel("a", (100, 50), nothing), discs], AREA)
    # 9 discs a row (190 mm), 10 rows: 9 fit under the panel, the last row beside it
    [placed] = pages
    grids = [spot.block for spot in placed if isinstance(spot.block, Grid)]
    assert [len(grid.cells) for grid in grids] == [81, 4]
    assert grids[1].caption == "discs (continued)"
    pages = pack([Panel("a", (188, 50), nothing), discs], AREA)  # no room beside it
    assert [len(spot.block.cells) for page in pages for spot in page[-1:]] == [81, 4]


def test_panels_one_under_another_share_their_cut_line():
    pages = pack([Panel("a", (188, 40), nothing), Panel("b", (188, 40), nothing)], AREA)
    a, b = pages[0]
    assert a.rect.y == pytest.approx(b.rect.top)  # no gap: one cut between them


def test_a_panel_bigger_than_a_sheet_is_a_clear_error():
    with pytest.raises(DomekitError, match="does not fit a page"):
        pack([Panel("the map", (300, 40), nothing)], AREA)


def test_sixteen_butted_standees_take_twelve_cuts_not_sixty_four(tmp_path):
    """Two a row, eight rows: 3 lines down and 9 across cut all of them (each alone: 4 cuts)."""
    figures = [Standee(nothing, nothing, 24, 36, 9) for _ in range(16)]
    [placed] = plan_sheets([standee_grid("standees", figures)], PAPERS["a4"])
    with pdf_document(tmp_path / "s.pdf", PAPERS["a4"]) as doc:
        c = doc.begin_page()
        draw_packed(c, placed)
        doc.end_page()
    sheet = read_sheet(pymupdf.open(tmp_path / "s.pdf")[0])
    assert (sheet.cuts, sheet.folds, sheet.glue) == (3 + 9, 3 * 16, 16)


def test_square_markers_butt_and_discs_each_take_a_punch(tmp_path):
    squares = piece_grid("markers", [Piece("square", 10, (1, 0, 0), "HP")] * 38, _look())
    discs = piece_grid("discs", [Piece("circle", 19, (0, 0, 1), "B", note="BLUE")] * 9, _look())
    [placed] = plan_sheets([squares, discs], PAPERS["a4"])
    with pdf_document(tmp_path / "m.pdf", PAPERS["a4"]) as doc:
        c = doc.begin_page()
        draw_packed(c, placed)
        doc.end_page()
    sheet = read_sheet(pymupdf.open(tmp_path / "m.pdf")[0])
    # 19 markers a row, two rows: 20 lines down, 3 across; the discs 9 punches
    assert (sheet.cuts, sheet.punches) == (20 + 3, 9)


def _look():
    from toolkit.pdf.style import Look

    return Look()


# --- tracks sized to their markers -------------------------------------------------------------


def test_a_19_mm_marker_needs_a_20_mm_space():
    assert space_for(19) == 20 and space_for(10) == 11


def test_a_track_too_big_for_its_box_is_refused_not_shrunk(tmp_path):
    spaces = [TrackSpace(str(n)) for n in range(10)]
    with pdf_document(tmp_path / "t.pdf", PAPERS["a4"]) as doc:
        c = doc.begin_page()
        with pytest.raises(DomekitError, match="needs"):
            draw_track(c, Rect(10, 10, 100, 30), spaces, columns=10, cell=(20, 20))
        rects = draw_track(c, Rect(10, 10, 210, 30), spaces, columns=10, cell=(20, 20))
        doc.end_page()
    assert all(r.w == 20 and r.h == 20 for r in rects)


# --- type: never under 7 pt, cut short rather than shrunk ---------------------------------------


def test_a_line_too_long_at_7_pt_is_cut_with_dots_not_set_smaller(tmp_path):
    with pdf_document(tmp_path / "l.pdf", PAPERS["a4"]) as doc:
        c = doc.begin_page()
        size = line(c, "Incapacitated skips a turn " * 4, Rect(10, 10, 20, 1))
        doc.end_page()
    assert size == MIN_TYPE == 7
    spans = [
        span
        for block in pymupdf.open(tmp_path / "l.pdf")[0].get_text("dict")["blocks"]
        for text_line in block.get("lines", [])
        for span in text_line["spans"]
    ]
    [span] = spans
    assert span["size"] == pytest.approx(7) and span["text"].endswith("...")
    assert (span["bbox"][2] - span["bbox"][0]) / MM <= 20.5


# --- registration crosses clear of a board's words --------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.builds(
            lambda x, y, w: Rect(x, y, w, 2.5),
            st.floats(0, 500),
            st.floats(0, 500),
            st.floats(2, 20),
        ),
        max_size=40,
    )
)
def test_registration_crosses_miss_every_word_and_still_match_on_both_tiles(words):
    plan = plan_tiles(516, 516, PAPERS["a4"], 10)
    by_label = {t.label: t for t in plan.tiles}
    a1, b1 = by_label["A1"], by_label["B1"]
    on_a1 = set(registration_points(plan, a1, words))
    on_b1 = set(registration_points(plan, b1, words))
    assert on_a1 & on_b1  # the crosses of the strip they share are the same points
    for x, y in on_a1 | on_b1:
        cross = Rect(x - CROSS_CLEAR, y - CROSS_CLEAR, 2 * CROSS_CLEAR, 2 * CROSS_CLEAR)
        # a handful of short words on a large board always leave room along the line
        assert not any(_overlap(cross, word) for word in words), (x, y)


def test_captions_sit_above_their_pieces():
    grid = Grid("discs", (19, 19), (nothing,) * 3, gap=1)
    [[spot]] = pack([grid], AREA)
    assert spot.rect.h == pytest.approx(CAPTION + 19)
