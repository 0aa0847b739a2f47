"""`domekit calibrate`: the duplex calibration sheet's lines and scales."""

from __future__ import annotations

import pymupdf
import pytest

from tests.cards.helpers import (
    A4_LANDSCAPE,
)
from toolkit.pdf.geometry import MM


def red_lines(page: pymupdf.Page) -> list[tuple[float, float, float, float]]:
    lines = []
    for drawing in page.get_drawings():
        if drawing.get("color") and drawing["color"][0] > 0.7 and drawing["color"][1] < 0.1:
            for item in drawing["items"]:
                if item[0] == "l":
                    lines.append((item[1].x / MM, item[1].y / MM, item[2].x / MM, item[2].y / MM))
    return lines


def major_ticks(page: pymupdf.Page, axis: str, length: float) -> list[float]:
    """Positions (mm, from the top-left) of the back's full-length scale ticks."""
    found = []
    for drawing in page.get_drawings():
        for item in drawing["items"]:
            if item[0] != "l":
                continue
            (x0, y0), (x1, y1) = (item[1].x / MM, item[1].y / MM), (item[2].x / MM, item[2].y / MM)
            if axis == "x" and abs(x0 - x1) < 1e-6 and abs(abs(y1 - y0) - length) < 0.01:
                found.append(x0)
            if axis == "y" and abs(y0 - y1) < 1e-6 and abs(abs(x1 - x0) - length) < 0.01:
                found.append(y0)
    return sorted(found)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -2.0)])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_the_calibration_scales_sit_behind_the_lines_shifted_by_the_offset(
    cli, tmp_path, duplex, offset, orientation
):
    out = tmp_path / "cal.pdf"
    result = cli(
        "calibrate", "--out", str(out), "--duplex", duplex, "--orientation", orientation,
        "--back-offset", f"{offset[0]},{offset[1]}",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    pdf = pymupdf.open(out)
    assert len(pdf) == 2
    width, height = pdf[0].rect.width / MM, pdf[0].rect.height / MM
    landscape = orientation == "landscape"
    expected = A4_LANDSCAPE if landscape else A4_LANDSCAPE[::-1]
    assert (width, height) == pytest.approx(expected, abs=0.01)
    lines = red_lines(pdf[0])
    [upright] = [line for line in lines if abs(line[0] - line[2]) < 1e-6]
    [level] = [line for line in lines if abs(line[1] - line[3]) < 1e-6]
    # the X line stands across the paper's X axis: upright on a portrait page; a landscape
    # page is turned a quarter turn counter-clockwise onto the paper, so there it lies level
    x_line, y_line = (level, upright) if landscape else (upright, level)
    up_length, level_length = abs(upright[3] - upright[1]), abs(level[2] - level[0])
    up_ticks = major_ticks(pdf[1], "x", up_length)  # positions across the page
    level_ticks = major_ticks(pdf[1], "y", level_length)  # positions down the page
    # labels every 5 mm from -10 to +10: five full-length ticks each, 0 in the middle
    assert [round(t - up_ticks[2], 3) for t in up_ticks] == [-10, -5, 0, 5, 10]
    assert [round(t - level_ticks[2], 3) for t in level_ticks] == [-10, -5, 0, 5, 10]
    # where the back of each line is (from the top-left): a long-edge flip mirrors a portrait
    # page left to right and a landscape one top to bottom, a short-edge flip the other way
    mirror_x = (duplex == "long") != landscape
    line_x, line_y = upright[0], level[1]
    behind_x = width - line_x if mirror_x else line_x
    behind_y = line_y if mirror_x else height - line_y
    # then the offset, measured on the paper (+X right, +Y up): on a landscape page the
    # paper's +X is down the page and its +Y rightwards
    move_x, move_y = (offset[1], offset[0]) if landscape else (offset[0], -offset[1])
    assert up_ticks[2] == pytest.approx(behind_x + move_x, abs=0.01)
    assert level_ticks[2] == pytest.approx(behind_y + move_y, abs=0.01)
    assert x_line in lines and y_line in lines
    back_text = pdf[1].get_text()
    assert "Hold the sheet against a window" in back_text
    assert f"back offset {offset[0]:g},{offset[1]:g}" in " ".join(back_text.split())


def test_calibrate_makes_a_portrait_sheet_that_measures_and_a_landscape_one_that_checks(
    cli, tmp_path
):
    out = tmp_path / "cal.pdf"
    result = cli("calibrate", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    pdf = pymupdf.open(out)
    sizes = [(round(page.rect.width / MM), round(page.rect.height / MM)) for page in pdf]
    assert sizes == [(210, 297), (210, 297), (297, 210), (297, 210)]
    assert "sheet 1 of 2, portrait" in pdf[0].get_text()
    assert "sheet 2 of 2, landscape" in pdf[2].get_text()
    assert "checks the turn" in " ".join(pdf[3].get_text().split())


def test_calibrate_on_letter_portrait(cli, tmp_path):
    out = tmp_path / "cal.pdf"
    result = cli("calibrate", "--paper", "letter", "--orientation", "portrait", "--out", str(out))
    assert result.exit_code == 0, result.stderr
    page = pymupdf.open(out)[0]
    assert (page.rect.width / MM, page.rect.height / MM) == pytest.approx((215.9, 279.4), abs=0.01)


def test_calibrate_rejects_a_bad_paper(cli, tmp_path):
    result = cli("calibrate", "--paper", "a5", "--out", str(tmp_path / "c.pdf"))
    assert result.exit_code == 2
    assert "--paper 'a5' is not supported" in result.stderr
    assert not (tmp_path / "c.pdf").exists()
