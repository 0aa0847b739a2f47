"""The generic deck pieces of the print engine: text with inline icons, paragraphs with SVG icons,
deck faces and backs, corner crop marks and the calibration plan."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth

from toolkit.errors import DomekitError
from toolkit.pdf.calibration import plan_calibration
from toolkit.pdf.cards import Card, CardSize, draw_card_sheets, mirrored, plan_sheet
from toolkit.pdf.deck import DeckCard, build_deck
from toolkit.pdf.document import pdf_document
from toolkit.pdf.geometry import MM, PAPERS, Rect, pt
from toolkit.pdf.icons import (
    LEADING,
    IconSet,
    draw_icon_text,
    fit_icon_text,
    icon_markup,
    icon_paragraph,
    svg_images_on,
)

SQUARE_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
    '<rect x="0" y="0" width="10" height="10" fill="#00aa00"/></svg>'
)
WIDE_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">'
    '<rect x="0" y="0" width="20" height="10" fill="#0000aa"/></svg>'
)


@pytest.fixture
def icons(tmp_path: Path) -> IconSet:
    folder = tmp_path / "icons"
    folder.mkdir()
    (folder / "leaf.svg").write_text(SQUARE_SVG)
    (folder / "wide.svg").write_text(WIDE_SVG)
    return IconSet(folder)


# --- text with icons -------------------------------------------------------------------------


def test_an_icon_is_a_word_as_wide_as_its_shape_at_the_text_size(icons):
    box = Rect(0, 0, 200, 50)
    fitted = fit_icon_text("a :wide: b", box, icons, max_size=10)
    [line] = fitted.lines
    assert fitted.size == 10
    assert [w.width for w in line][1] == pytest.approx(2.0)  # 20 x 10 icon: twice the size


def test_unknown_icons_are_errors_naming_the_icon_and_the_folder(icons):
    with pytest.raises(DomekitError, match=r"unknown icon :fire: \(.*icons has leaf, wide\)"):
        fit_icon_text("burn :fire:", Rect(0, 0, 50, 50), icons)
    assert icons.unknown("a :leaf: b :fire: c :x1:") == ["fire", "x1"]
    assert icons.unknown("10:30 and ratio 1:2:3") == []  # names start with a letter


words_text = st.lists(
    st.sampled_from(["gain", "one", ":leaf:", "power", "until", "end", "of", "turn", "x:wide:"]),
    min_size=1,
    max_size=60,
).map(" ".join)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(words_text, st.floats(20, 60), st.floats(8, 60))
def test_fitted_text_stays_in_its_box_and_keeps_every_word_in_order(icons, text, w, h):
    # the icon set is only read: sharing it between examples is safe
    box = Rect(0, 0, w, h)
    fitted = fit_icon_text(text, box, icons, max_size=9, min_size=5)
    assert 5 <= fitted.size <= 9
    if fitted.cut:
        assert fitted.size == 5
        return
    assert len(fitted.lines) * fitted.size * LEADING <= pt(h) + 0.01
    space = stringWidth(" ", "Helvetica", 1)
    for line in fitted.lines:
        width = (sum(word.width for word in line) + space * (len(line) - 1)) * fitted.size
        assert width <= pt(w) + 0.01 or len(line) == 1
    laid_out = [word.pieces for line in fitted.lines for word in line]
    assert len(laid_out) == len(text.split())


def test_text_that_cannot_fit_is_cut_with_an_ellipsis_and_says_so(icons):
    fitted = fit_icon_text("word " * 400, Rect(0, 0, 30, 10), icons, max_size=9, min_size=5)
    assert fitted.cut and fitted.size == 5
    assert fitted.lines[-1][-1].pieces == ("...",)


def test_drawn_text_and_icons_land_where_the_fit_put_them(icons, tmp_path):
    out = tmp_path / "t.pdf"
    box = Rect(20, 100, 60, 30)
    with pdf_document(out, PAPERS["a4"]) as doc:
        c = doc.begin_page()
        fitted = fit_icon_text("Gain :leaf: now", box, icons, max_size=10)
        draw_icon_text(c, fitted, box)
        doc.end_page()
    page = pymupdf.open(out)[0]
    found = {w[4]: w for w in page.get_text("words")}
    assert set(found) == {"Gain", "now"}
    gain, now = found["Gain"], found["now"]
    assert gain[0] / MM == pytest.approx(20, abs=0.05)
    space = stringWidth(" ", "Helvetica", 10)
    # "now" starts after "Gain", a space, the 10 pt icon and a space
    expected = pt(20) + stringWidth("Gain", "Helvetica", 10) + 2 * space + 10
    assert now[0] == pytest.approx(expected, abs=0.1)
    green = [d for d in page.get_drawings() if d.get("fill") == pytest.approx((0, 2 / 3, 0), 0.01)]
    assert len(green) == 1
    icon = green[0]["rect"]
    assert icon.width == pytest.approx(10, abs=0.05) and icon.height == pytest.approx(10, abs=0.05)


def test_svg_icons_in_paragraph_markup_are_drawn_as_vectors(icons, tmp_path):
    out = tmp_path / "p.pdf"
    markup = icon_markup("<b>Grow</b> :leaf: twice :leaf:", icons, 12)
    assert markup.count('<img src="icon:leaf" width="12.00" height="12.00"') == 2
    with pdf_document(out, PAPERS["a4"]) as doc:
        c = doc.begin_page()
        paragraph = icon_paragraph(markup, ParagraphStyle("p", fontSize=12, leading=14), icons)
        paragraph.wrap(pt(100), pt(50))
        with svg_images_on(c):
            paragraph.drawOn(c, pt(20), pt(200))
        doc.end_page()
    page = pymupdf.open(out)[0]
    assert "Grow" in page.get_text() and not page.get_images()
    greens = [d for d in page.get_drawings() if d.get("fill") == pytest.approx((0, 2 / 3, 0), 0.01)]
    assert len(greens) == 2
    assert all(d["rect"].height == pytest.approx(12, abs=0.05) for d in greens)


def test_bad_markup_and_unknown_icons_in_markup_are_errors(icons):
    style = ParagraphStyle("p")
    with pytest.raises(DomekitError, match="unknown icon :nope:"):
        icon_markup("a :nope:", icons, 9)
    with pytest.raises(ValueError):
        icon_paragraph("<b>open", style, icons)


# --- deck ------------------------------------------------------------------------------------


def test_a_deck_warns_when_a_card_text_is_cut(icons, tmp_path):
    long = DeckCard("Wordy", text="many words " * 300, source=Path("d.csv"), row=4)
    result = build_deck(
        tmp_path / "d.pdf", [long], paper=PAPERS["a4"], size=CardSize(63.5, 88.9), icons=icons
    )
    assert result.warnings == ["d.csv, row 4: 'Wordy': the text does not fit even at 5 pt; cut"]
    assert result.cards == 1 and result.pages == 1


def test_copies_repeat_a_card_and_zero_copies_print_none(icons, tmp_path):
    cards = [DeckCard("A", copies=3), DeckCard("B", copies=0), DeckCard("C")]
    result = build_deck(
        tmp_path / "d.pdf", cards, paper=PAPERS["a4"], size=CardSize(63.5, 88.9), icons=icons
    )
    text = pymupdf.open(tmp_path / "d.pdf")[0].get_text().split()
    assert sorted(text) == ["A", "A", "A", "C"]
    assert result.cards == 4


# --- corner marks ----------------------------------------------------------------------------


def test_corner_marks_continue_each_cut_line_through_the_bleed(tmp_path):
    size = CardSize(63.5, 88.9, bleed=3)
    layout = plan_sheet(PAPERS["a4"], size)
    out = tmp_path / "m.pdf"
    with pdf_document(out, PAPERS["a4"]) as doc:
        draw_card_sheets(doc, [Card(lambda c, box: None)] * 2, layout, marks="corners")
    page = pymupdf.open(out)[0]
    height = layout.page[1]
    segments = {
        (
            round(item[1].x / MM, 2),
            round(height - item[1].y / MM, 2),
            round(item[2].x / MM, 2),
            round(height - item[2].y / MM, 2),
        )
        for drawing in page.get_drawings()
        for item in drawing["items"]
        if item[0] == "l"
    }
    for slot in layout.slots[:2]:
        x, top = round(slot.x, 2), round(slot.top, 2)
        assert (x, top, round(slot.x - 3, 2), top) in segments  # the top cut, leftwards
        assert (x, top, x, round(slot.top + 3, 2)) in segments  # the left cut, upwards


# --- calibration plan ------------------------------------------------------------------------


@given(
    st.sampled_from(["a4", "letter"]),
    st.sampled_from(["landscape", "portrait"]),
    st.sampled_from(["long", "short"]),
    st.tuples(st.floats(-20, 20), st.floats(-20, 20)),
)
def test_the_back_scales_zero_is_the_mirror_of_the_line_plus_the_offset(
    paper, orientation, duplex, offset
):
    marks = plan_calibration(PAPERS[paper], orientation, duplex, offset)
    behind = mirrored(marks.x_line, marks.page, duplex)
    width, height = marks.page
    assert (width > height) == (orientation == "landscape")
    # the offset is on the paper: a landscape page is turned a quarter turn counter-clockwise
    # onto it, so the paper's x runs down that page and its y across
    dx, dy = (offset[1], -offset[0]) if orientation == "landscape" else offset
    assert marks.x_zero.x == pytest.approx(behind.x + dx)
    assert marks.x_zero.y == pytest.approx(behind.y + dy)
    # the X scale runs along the paper's X: across the page, or down a landscape one
    assert marks.x_step == ((0.0, -1.0) if orientation == "landscape" else (1.0, 0.0))
    # with no printer error and the right offset (zero), the line sits on 0 exactly
    if offset == (0.0, 0.0):
        assert marks.x_zero == behind
