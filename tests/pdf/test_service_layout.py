"""`--ink full --layout service`, for a print service, on every kit its game declares a book
(`Game.kit_book`): each card sheet carries its bleed (a BleedBox round the TrimBox, the art
running into it), the colour stays (far more dark ink than the printer-friendly default), and
the cover says which choice the file is."""

from __future__ import annotations

import pymupdf
import pytest
from kit_checks import MAX_DARK, content_pages, flat
from kit_pdf import dark_share

from toolkit.games import game, games
from toolkit.pdf.kits import KitOptions

BASE = "http://192.168.1.20:8000"


def _build(tmp_path, name: str, **looks):
    out = tmp_path / f"{name}-{'-'.join(looks.values()) or 'home'}.pdf"
    result = game(name).kit()(KitOptions(paper="a4", out=out, base_url=BASE, **looks))
    return result, pymupdf.open(result.pdf)


def _average_dark(result, doc) -> float:
    shares = [dark_share(doc[index]) for index in content_pages(result)]
    return sum(shares) / len(shares)


@pytest.mark.parametrize("name", [found.name for found in games() if found.kit_book])
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


def test_a_folder_domekit_did_not_write_is_never_replaced(cli, tmp_path):
    out = tmp_path / "kit.pdf"
    mine = tmp_path / "kit-print-service"
    mine.mkdir()
    (mine / "holiday.jpg").write_bytes(b"not ours")
    result = cli("kit", "naturedome", "--layout", "service", "--out", str(out), "--base-url", BASE)
    result.assert_refused("is not a print-service folder Domekit wrote")
    assert not out.exists() and (mine / "holiday.jpg").read_bytes() == b"not ours"
    # a folder Domekit wrote is replaced by the next build
    mine.rename(tmp_path / "elsewhere")
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    for _ in range(2):
        built = cli(
            "kit", "naturedome", "--layout", "service", "--out", str(out), "--base-url", BASE,
            "--db", db, "--json",
        )  # fmt: skip
        assert built.exit_code == 0, built.stderr
    [report] = built.json()
    assert report["layout"] == "service"
    assert report["print_service"]["folder"] == str(mine)
    [deck] = report["print_service"]["decks"]
    assert deck["deck"] == "Power Cards" and deck["pixels"] == [825, 1125]
    assert sorted(p.name for p in mine.iterdir()) == [
        "power-cards",
        "power-cards.pdf",
        "print-service.json",
    ]
