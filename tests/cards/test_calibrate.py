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
def test_the_calibration_scales_sit_behind_the_lines_shifted_by_the_offset(
    cli, tmp_path, duplex, offset
):
    out = tmp_path / "cal.pdf"
    result = cli(
        "calibrate", "--out", str(out), "--duplex", duplex, "--back-offset",
        f"{offset[0]},{offset[1]}",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    pdf = pymupdf.open(out)
    assert len(pdf) == 2
    width, height = pdf[0].rect.width / MM, pdf[0].rect.height / MM
    assert (width, height) == pytest.approx(A4_LANDSCAPE, abs=0.01)
    lines = red_lines(pdf[0])
    [x_line] = [line for line in lines if abs(line[0] - line[2]) < 1e-6]
    [y_line] = [line for line in lines if abs(line[1] - line[3]) < 1e-6]
    x_length, y_length = abs(x_line[3] - x_line[1]), abs(y_line[2] - y_line[0])
    x_ticks = major_ticks(pdf[1], "x", x_length)
    y_ticks = major_ticks(pdf[1], "y", y_length)
    # labels every 5 mm from -10 to +10: five full-length ticks each, 0 in the middle
    assert [round(t - x_ticks[2], 3) for t in x_ticks] == [-10, -5, 0, 5, 10]
    assert [round(t - y_ticks[2], 3) for t in y_ticks] == [-10, -5, 0, 5, 10]
    # where the back of the line is: a long-edge flip mirrors a landscape sheet top to bottom
    # (x stays), a short-edge flip left to right (y stays); then the offset (+Y is up)
    line_x, line_y = x_line[0], y_line[1]
    behind_x = line_x if duplex == "long" else width - line_x
    behind_y = height - line_y if duplex == "long" else line_y
    assert x_ticks[2] == pytest.approx(behind_x + offset[0], abs=0.01)
    assert y_ticks[2] == pytest.approx(behind_y - offset[1], abs=0.01)
    back_text = pdf[1].get_text()
    assert "Hold the sheet against a window" in back_text
    assert f"--back-offset {offset[0]:g},{offset[1]:g}" in back_text


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
