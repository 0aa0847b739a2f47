"""`--ink full --layout service`, for a print service, on every kit: each card sheet carries its
bleed (a BleedBox round the TrimBox, the art running into it), the colour stays (far more dark
ink than the printer-friendly default), and the cover says which choice the file is."""

from __future__ import annotations

import pymupdf
import pytest
from kit_checks import MAX_DARK, content_pages, flat
from kit_pdf import dark_share

from toolkit.games import NAMES, game
from toolkit.pdf.kits import KitOptions

BASE = "http://192.168.1.20:8000"


def _build(tmp_path, name: str, **looks):
    out = tmp_path / f"{name}-{'-'.join(looks.values()) or 'home'}.pdf"
    result = game(name).kit()(KitOptions(paper="a4", out=out, base_url=BASE, **looks))
    return result, pymupdf.open(result.pdf)


def _average_dark(result, doc) -> float:
    shares = [dark_share(doc[index]) for index in content_pages(result)]
    return sum(shares) / len(shares)


@pytest.mark.parametrize("name", NAMES)
def test_a_print_service_file_has_bleed_and_full_colour_and_says_so(tmp_path, name):
    service, doc = _build(tmp_path, name, ink="full", layout="service")
    home, home_doc = _build(tmp_path, name)
    cover = flat(doc[0].get_text())
    assert "full colour to the edge of every card and board square" in cover
    assert "every card with 3 mm bleed and crop marks, for a print service" in cover
    assert "cards butted on shared cut lines" in flat(home_doc[0].get_text())

    sheets = [page for page in doc if page.trimbox != page.mediabox]
    assert sheets, "no card sheets?"
    for page in sheets:  # the bleed: 3 mm more than the cut line all round
        trim, bleed = page.trimbox, page.bleedbox
        assert bleed.contains(trim) and page.rect.contains(bleed)
        assert (bleed.width - trim.width) / (72 / 25.4) == pytest.approx(6.0, abs=0.05)
    for page in (p for p in home_doc if p.trimbox != p.mediabox):  # butted: no bleed
        assert page.bleedbox == page.trimbox

    light, full = _average_dark(home, home_doc), _average_dark(service, doc)
    assert light < MAX_DARK < full, (light, full)  # the colour is really kept for the service
