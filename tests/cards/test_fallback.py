"""Fonts that just work (issue 29, item 4): a face of a .ttc collection by name or index, a big
CJK face cut to the deck's characters before it is converted, and a fallback chain for the
characters the deck's fonts lack (`--fallback-font`, then the fonts installed here). Checked on
the PDF: which embedded font sets each span, how many glyphs each embeds, the file's size."""

from __future__ import annotations

import shutil
import subprocess
from io import BytesIO
from pathlib import Path

import pytest

from tests.cards.helpers import build, sheet, spans

CJK_TTC = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
DECK = "name,text\n火の竜,敵に２ダメージを与える。Then draw → a card.\nWolf,Bites ✓\n"


def installed(family: str) -> Path:
    """The file of an installed family, or a skip."""
    if shutil.which("fc-match") is None:
        pytest.skip("no fontconfig on this machine")
    found = subprocess.run(["fc-match", "-f", "%{family}\t%{file}", family],
                           capture_output=True, text=True, check=False).stdout  # fmt: skip
    name, _, file = found.partition("\t")
    if family.casefold() not in name.casefold():
        pytest.skip(f"{family} is not installed here")
    return Path(file)


def fonts_of(page) -> dict[str, str]:
    """Each span's text: the PostScript name of its font (the subset tag dropped)."""
    return {span["text"].strip(): span["font"].split("+")[-1] for span in spans(page)}


def test_a_ttc_face_chosen_by_name_is_cut_to_the_deck_and_embedded_small(cli, tmp_path):
    from fontTools.ttLib import TTFont

    if not CJK_TTC.is_file():
        pytest.skip("Noto Sans CJK is not installed here")
    deck = sheet(tmp_path, DECK)
    pdf, result = build(cli, deck, "--font", f"{CJK_TTC}#Noto Sans CJK KR")
    page = pdf[0]
    assert fonts_of(page)["火の竜"].startswith("NotoSansCJKkr-Regular")
    for xref, *_, name, _, _ in page.get_fonts():
        face = TTFont(BytesIO(pdf.extract_font(xref)[3]))
        assert "glyf" in face and face["maxp"].numGlyphs < 300, name  # a subset, of 65,535
    assert (tmp_path / "out.pdf").stat().st_size < 200_000
    assert "no glyph" not in result.stderr
    pdf, _ = build(cli, deck, "--font", f"{CJK_TTC}#0")
    assert fonts_of(pdf[0])["火の竜"].startswith("NotoSansCJK")
    result = cli("cards", str(deck), "--font", f"{CJK_TTC}#Noto Sans CJK XX")
    result.assert_refused("no face 'Noto Sans CJK XX' in this collection; its faces: ")


def test_fallback_font_comes_before_the_installed_fonts(cli, tmp_path):
    symbola = installed("Symbola")
    deck = sheet(tmp_path, DECK)
    pdf, result = build(cli, deck)
    chosen = fonts_of(pdf[0])
    assert "CJK" in chosen["火の竜"]
    pdf, result = build(cli, deck, "--fallback-font", str(symbola))
    arrows = [s["font"] for s in spans(pdf[0]) if "→" in s["text"] or "✓" in s["text"]]
    assert arrows and all("Symbola" in font for font in arrows)
    assert "CJK" in fonts_of(pdf[0])["火の竜"]  # what Symbola lacks: still an installed font
    assert "no glyph" not in result.stderr


def test_a_bad_fallback_font_is_refused_naming_it(cli, tmp_path):
    bad = tmp_path / "Broken.ttf"
    bad.write_bytes(b"\x00\x01\x00\x00" + b"\0" * 40)
    out = tmp_path / "o.pdf"
    result = cli(
        "cards", str(sheet(tmp_path, DECK)), "--fallback-font", str(bad), "--out", str(out)
    )
    result.assert_refused(f"{bad}: not a usable font")
    assert not out.exists()


def test_a_templates_markup_prints_its_cjk_in_the_fallback_too(cli, tmp_path):
    installed("Noto Sans CJK JP")
    template = tmp_path / "t.j2"
    template.write_text("<b>{{ name }}</b><br/>{{ text }} <i>火を吹く</i>\n")
    pdf, result = build(cli, sheet(tmp_path, DECK), "--template", str(template))
    faces = fonts_of(pdf[0])
    assert "CJK" in faces["火の竜"] and "CJK" in faces["火を吹く"], faces
    assert faces["Wolf"] == "NotoSans-Bold"
    assert "no glyph" not in result.stderr


def test_a_second_deck_with_other_characters_gets_its_own_cut_of_the_face(cli, tmp_path):
    """Two builds in one process (as --watch does) cut the CJK face to different characters;
    reportlab would hand the second the first's font (one PostScript name): each prints all of
    its own."""
    installed("Noto Sans CJK JP")
    first = tmp_path / "a"
    second = tmp_path / "b"
    first.mkdir()
    second.mkdir()
    build(cli, sheet(first, "name\n火の竜\n"))
    pdf, result = build(cli, sheet(second, "name\n吹く風\n"))
    assert "CJK" in fonts_of(pdf[0])["吹く風"] and "no glyph" not in result.stderr
    assert pdf[0].search_for("吹く風")


def test_characters_no_font_has_ask_fontconfig_a_bounded_number_of_times(monkeypatch):
    """A thousand unassigned code points: each a question to fontconfig (a process) would be a
    minute; at most MAX_LOOKUPS are asked, and none is found."""
    from toolkit.pdf.fonts import system

    if not system.available():
        pytest.skip("no fontconfig on this machine")
    asked = []
    holding = system.holding

    def counting(codepoint: int):
        asked.append(codepoint)
        return holding(codepoint)

    monkeypatch.setattr(system, "holding", counting)
    nobody = [chr(c) for c in range(0x0378, 0x037A)] + [
        chr(c) for c in range(0xE0080, 0xE0080 + 998)
    ]
    assert system.fonts_for(nobody) == []
    assert len(asked) == system.MAX_LOOKUPS
