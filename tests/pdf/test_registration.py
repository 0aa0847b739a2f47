"""One calibration serves every sheet: a simulated duplex printer, on rendered pixels.

The printer is modelled as a person would see it: each page is rendered (pymupdf, 254 dpi: 10
pixels a millimetre) and laid on portrait paper (a landscape page turned a quarter turn
counter-clockwise, as print dialogs do); the back side lands shifted by the printer's error
(a fixed shift on the paper, +x right and +y up as the back is seen); held against a window the
front shows through mirrored left to right (a long-edge flip).

Then: the calibration sheet, printed with no offset, is read off the pixels (where the red line
crosses its scale, counting the scale's own ticks) in both orientations, and both give the same
offset, the printer's error undone. A portrait and a landscape card sheet built with that one
offset have every back exactly behind its front; without it they miss by the error.
"""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest
from PIL import Image, ImageChops, ImageOps

from toolkit.pdf.calibration import draw_calibration
from toolkit.pdf.cards import Card, CardBox, CardSize, draw_card_sheets, plan_sheet
from toolkit.pdf.document import pdf_document
from toolkit.pdf.geometry import PAPERS, pt

DPI = 254
PX = DPI / 25.4  # pixels a millimetre: 10
ERROR = (1.5, -2.0)  # mm: the printer puts every back this far off, on the paper
RED, BLUE = (255, 0, 0), (0, 0, 255)


def side(page: pymupdf.Page) -> Image.Image:
    """One side of the sheet as printed: the page rendered and laid on portrait paper."""
    pix = page.get_pixmap(dpi=DPI)
    image = Image.frombytes("RGB", (pix.width, pix.height), pix.samples)
    if pix.width > pix.height:  # a landscape page turns a quarter turn counter-clockwise
        image = image.transpose(Image.Transpose.ROTATE_90)
    return image


def printed_back(page: pymupdf.Page, error: tuple[float, float]) -> Image.Image:
    """The back side as the printer puts it on the paper: shifted by `error` (mm)."""
    image = side(page)
    shifted = Image.new("RGB", image.size, (255, 255, 255))
    shifted.paste(image, (round(error[0] * PX), round(-error[1] * PX)))
    return shifted


def seen_through(page: pymupdf.Page) -> Image.Image:
    """The front as it shows through from the back: mirrored left to right (long-edge flip)."""
    return ImageOps.mirror(side(page))


def mask(image: Image.Image, colour: tuple[int, int, int]) -> Image.Image:
    """The pixels of `colour` (give or take anti-aliasing), as a 1-bit image."""
    r, g, b = image.split()
    want = [c > 128 for c in colour]
    bands = [
        band.point(lambda v, on=on: 255 if (v > 200 if on else v < 60) else 0)
        for band, on in zip((r, g, b), want, strict=True)
    ]
    both = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
    return both.convert("1")


def longest_runs(image: Image.Image, axis: str) -> list[int]:
    """The longest unbroken run of set pixels in each column (`axis` "x") or row ("y") of a
    1-bit image: a tick or a line is one long run, a line of text many short ones."""
    grey = image.convert("L")
    if axis == "x":
        grey = grey.transpose(Image.Transpose.TRANSPOSE)
    width, height = grey.size
    data = grey.tobytes()
    return [
        max(
            (len(m.group()) for m in re.finditer(b"\xff+", data[y * width : (y + 1) * width])),
            default=0,
        )
        for y in range(height)
    ]


def peaks(counts: list[int], least: int) -> list[float]:
    """The middles of the runs of neighbouring entries of at least `least`."""
    runs: list[list[int]] = []
    for index, count in enumerate(counts):
        if count >= least:
            if runs and runs[-1][-1] == index - 1:
                runs[-1].append(index)
            else:
                runs.append([index])
    return [sum(run) / len(run) for run in runs]


def dark(image: Image.Image) -> Image.Image:
    return image.convert("L").point(lambda v: 255 if v < 110 else 0).convert("1")


def read_calibration(front: pymupdf.Page, back: pymupdf.Page, error) -> tuple[float, float]:
    """The offset a person reads off the printed sheet: the number where each red line crosses
    its scale (the scale's 0 is the middle of its five long ticks; 10 px a millimetre), added to
    the 0,0 it was printed with."""
    red = mask(seen_through(front), RED)
    ink = dark(printed_back(back, error))
    red_x = peaks(longest_runs(red, "x"), 100)  # the X line stands upright on the paper
    red_y = peaks(longest_runs(red, "y"), 100)  # the Y line lies level
    assert len(red_x) == 1 and len(red_y) == 1, (red_x, red_y)
    # long ticks: 30 mm (X scale, upright) and 50 mm (Y scale, level); nothing else so long
    x_ticks = peaks(longest_runs(ink, "x"), 280)
    y_ticks = peaks(longest_runs(ink, "y"), 460)
    assert len(x_ticks) == 5 and len(y_ticks) == 5, (x_ticks, y_ticks)
    assert [round((t - x_ticks[0]) / PX) for t in x_ticks] == [0, 5, 10, 15, 20]
    read_x = (red_x[0] - x_ticks[2]) / PX
    read_y = -(red_y[0] - y_ticks[2]) / PX  # rows grow downwards; +Y is up
    return (round(read_x * 2) / 2, round(read_y * 2) / 2)  # to the half-millimetre tick


def calibration(tmp_path: Path, orientation: str) -> pymupdf.Document:
    path = tmp_path / f"calibrate-{orientation}.pdf"
    with pdf_document(path, PAPERS["a4"]) as doc:
        draw_calibration(doc, orientation=orientation)  # type: ignore[arg-type]
    return pymupdf.open(path)


def _fill(colour: tuple[int, int, int]):
    def draw(c, box: CardBox) -> None:
        c.setFillColorRGB(*(v / 255 for v in colour))
        r = box.trim
        c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=0, fill=1)

    return draw


def card_sheet(tmp_path: Path, size: CardSize, offset: tuple[float, float]) -> pymupdf.Document:
    """A sheet of red fronts whose backs are blue, built with `offset`."""
    path = tmp_path / f"cards-{size.width}-{offset}.pdf"
    layout = plan_sheet(PAPERS["a4"], size)
    cards = [Card(_fill(RED), "b") for _ in range(layout.per_page - 1)]  # one slot left empty
    with pdf_document(path, PAPERS["a4"]) as doc:
        draw_card_sheets(doc, cards, layout, backs={"b": _fill(BLUE)}, back_offset=offset)
    return pymupdf.open(path)


def misfit(front: pymupdf.Page, back: pymupdf.Page, error) -> tuple[float, float, float]:
    """How far the backs lie from their fronts on the printed sheet: the shift of their
    middles (mm, x and y) and the share of card pixels where only one of the two is."""
    fronts = mask(seen_through(front), RED)
    backs = mask(printed_back(back, error), BLUE)
    a, b = fronts.getbbox(), backs.getbbox()
    assert a and b
    dx = ((b[0] + b[2]) - (a[0] + a[2])) / 2 / PX
    dy = -((b[1] + b[3]) - (a[1] + a[3])) / 2 / PX  # rows grow downwards; +y is up
    only_one = ImageChops.logical_xor(fronts, backs).histogram()[-1]
    either = ImageChops.logical_or(fronts, backs).histogram()[-1]
    return dx, dy, only_one / either


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_the_calibration_sheet_reads_the_printers_error_in_the_papers_axes(tmp_path, orientation):
    sheet = calibration(tmp_path, orientation)
    assert (sheet[0].rect.width > sheet[0].rect.height) == (orientation == "landscape")
    assert read_calibration(sheet[0], sheet[1], (0.0, 0.0)) == (0.0, 0.0)  # a perfect printer
    # the printer's error undone: both orientations give the same offset
    assert read_calibration(sheet[0], sheet[1], ERROR) == (-ERROR[0], -ERROR[1])


def test_one_measured_offset_lines_up_portrait_and_landscape_card_sheets(tmp_path):
    sheet = calibration(tmp_path, "portrait")
    offset = read_calibration(sheet[0], sheet[1], ERROR)
    poker = CardSize(63.5, 88.9, 0.0, 4.0)  # butted, 9 a portrait A4 sheet
    mini = CardSize(44.0, 63.5, 0.0, 3.0)  # 18 a landscape A4 sheet
    for size, landscape in ((poker, False), (mini, True)):
        assert plan_sheet(PAPERS["a4"], size).landscape == landscape
        plain = card_sheet(tmp_path, size, (0.0, 0.0))
        dx, dy, apart = misfit(plain[0], plain[1], ERROR)
        assert (dx, dy) == pytest.approx(ERROR, abs=0.15)  # uncorrected: off by the error
        assert apart > 0.02
        fixed = card_sheet(tmp_path, size, offset)
        dx, dy, apart = misfit(fixed[0], fixed[1], ERROR)
        assert (dx, dy) == pytest.approx((0.0, 0.0), abs=0.15), (size, dx, dy)
        assert apart < 0.002, (size, apart)
