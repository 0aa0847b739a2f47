"""Every kit of the registry (the test suite's duel among them), read back from its PDF: each QR
code a phone scans off the paper (zbarimg) is one the manifest lists, every listed one is on the
paper, and each leads to a page the game declares; and it prints at home (no ink at the edge,
little dark ink, one embedded font family, nothing under 6 pt)."""

from __future__ import annotations

import every_game
import pymupdf
import pytest
from kit_checks import check_home_print
from kit_pdf import decode_qr

from toolkit.pages import read_path
from toolkit.tracker.contract import registered


def draws_a_qr_code(page) -> bool:
    """Whether the page draws QR modules (toolkit/pdf/qr.py: one black path of many squares);
    only those pages are scanned (a page missed would fail the test, not pass it)."""
    return any(
        d.get("fill") == (0.0, 0.0, 0.0) and len(d["items"]) > 40 for d in page.get_drawings()
    )


@pytest.mark.parametrize("name", every_game.names())
def test_every_qr_code_on_the_paper_is_a_page_of_the_game(tmp_path, name):
    result, manifest = every_game.built(name), every_game.printed(name)
    scanned: set[str] = set()
    with pymupdf.open(result.pdf) as doc:
        for page in doc:
            if draws_a_qr_code(page):
                scanned.update(decode_qr(page, tmp_path))
    assert scanned == set(manifest["qr_urls"])
    declared = registered(name).pages
    for path in every_game.printed_pages(name):
        page = read_path(path)
        assert page is not None and len(declared[page[0]].args) == len(page[1]), path


@pytest.mark.parametrize("name", every_game.names())
def test_every_kit_prints_at_home(name):
    result = every_game.built(name)
    with pymupdf.open(result.pdf) as doc:
        check_home_print(result, doc)
