"""Fonts: the shipped Noto Sans embedded, a designer's TTF, scripts printed, missing glyphs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cards.helpers import (
    STAR_SVG,
    build,
    sheet,
    spans,
)
from toolkit.pdf.fonts import shipped_face


def test_every_font_in_a_deck_pdf_is_embedded_noto_sans(cli, tmp_path):
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "star.svg").write_text(STAR_SVG)  # svglib drawings start in Helvetica
    deck = sheet(tmp_path, "name,text,cost\nImp,**Burn** one *now* :star:.,2\n")
    pdf, _ = build(cli, deck, "--back", "Back text")
    if shutil.which("pdffonts"):  # every font object of the file, not only the pages' fonts
        fonts_anywhere = subprocess.run(
            ["pdffonts", str(tmp_path / "out.pdf")], capture_output=True, text=True, check=False
        ).stdout
        assert "Helvetica" not in fonts_anywhere and fonts_anywhere.count(" yes yes yes ") == 3
    fonts = {font[3] for page in pdf for font in page.get_fonts()}
    assert fonts and all("+NotoSans-" in name for name in fonts), fonts  # subsets: ABCDEF+...
    assert {name.split("+")[1] for name in fonts} == {
        "NotoSans-Regular", "NotoSans-Bold", "NotoSans-Italic"
    }  # fmt: skip
    spans = {
        span["text"].strip(): span["font"]
        for block in pdf[0].get_text("dict")["blocks"]
        for line in block.get("lines", [])
        for span in line["spans"]
    }
    assert "Bold" in spans["Burn"] and "Italic" in spans["now"]
    assert "Burn one now" in pdf[0].get_text() and "*" not in pdf[0].get_text()


def test_greek_and_cyrillic_print_as_text(cli, tmp_path):
    deck = sheet(tmp_path, "name,text\nОгненный бес,Δράκος της φωτιάς: ζημιά 2.\n")
    pdf, result = build(cli, deck)
    text = pdf[0].get_text()
    assert "Огненный бес" in text and "Δράκος της φωτιάς: ζημιά 2." in text
    assert "no glyph" not in result.stderr


def test_cjk_and_emoji_are_warnings_naming_row_column_and_character(cli, tmp_path):
    deck = sheet(tmp_path, "name,text\nImp,Fire 火 😀\n")
    _, result = build(cli, deck)
    assert (
        "deck.csv, row 2, field 'text': the font Noto Sans has no glyph for 火 (U+706B), "
        "😀 (U+1F600)" in result.stderr
    )


def test_a_designers_own_font_is_embedded(cli, tmp_path):
    font = tmp_path / "MyFace.ttf"
    shutil.copyfile(shipped_face("Italic"), font)
    pdf, _ = build(cli, sheet(tmp_path, "name\nImp\n"), "--font", str(font))
    # reportlab names an embedded font by the file's own PostScript name; with --font alone, every
    # face (the bold title too) is that one file
    assert {f[3].split("+")[1] for f in pdf[0].get_fonts()} == {"NotoSans-Italic"}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"OTTO" + b"\0" * 200, "an OpenType font with PostScript (CFF) outlines; reportlab "
         "embeds TrueType outlines only"),
        (b"wOFF" + b"\0" * 200, "a web font (WOFF)"),
        (b"<html>not a font</html>", "not a TrueType or OpenType font file"),
        (b"\x00\x01\x00\x00" + b"\0" * 20, "not a usable font"),
    ],
)  # fmt: skip
def test_fonts_reportlab_cannot_embed_are_clear_errors(cli, tmp_path, content, message):
    font = tmp_path / "Designer.otf"
    font.write_bytes(content)
    out = tmp_path / "out.pdf"
    result = cli("cards", str(sheet(tmp_path, "name\nA\n")), "--font", str(font), "--out", str(out))
    result.assert_refused(f"Designer.otf: {message}")
    assert not out.exists()


def test_characters_the_font_lacks_are_named_in_a_warning_with_row_and_column(cli, tmp_path):
    """Noto Sans (the default) prints Latin, Greek, Cyrillic and the typographic marks; a tick or
    an arrow it has no glyph for is a warning naming the row, the column and the character."""
    sheet = tmp_path / "u.csv"
    sheet.write_text("name,text\nÜber → Ω,Tick ✓ and “quotes” — 5 €\n", encoding="utf-8")
    pdf, result = build(cli, sheet)
    assert "u.csv, row 2, field 'text': the font Noto Sans has no glyph for ✓ (U+2713)" in (
        result.stderr
    )
    assert "u.csv, row 2, field 'name': the font Noto Sans has no glyph for → (U+2192)" in (
        result.stderr
    )
    text = pdf[0].get_text()
    assert "Über" in text and "Ω" in text and "“quotes” — 5 €" in text


def test_a_designers_bold_face_sets_the_title_and_the_regular_the_text(cli, tmp_path):
    """`--font` with `--font-bold`: the title is the bold file, the body text the regular one
    (two shipped faces under designer's names stand in for a family; told apart by the
    PostScript name each file embeds under)."""
    regular, bold = tmp_path / "Mine-Regular.ttf", tmp_path / "Mine-Bold.otf"
    shutil.copyfile(shipped_face("Regular"), regular)
    shutil.copyfile(shipped_face("Italic"), bold)  # an .otf with TrueType outlines embeds
    deck = sheet(tmp_path, "name,text\nImp,Burns **twice**.\n")
    pdf, _ = build(cli, deck, "--font", str(regular), "--font-bold", str(bold))
    fonts = {span["text"].strip(): span["font"].split("+")[-1] for span in spans(pdf[0])}
    assert fonts["Imp"] == "NotoSans-Italic" and fonts["twice"] == "NotoSans-Italic"
    assert fonts["Burns"] == "NotoSans-Regular"
    embedded = {font[3].split("+")[-1] for font in pdf[0].get_fonts()}
    assert embedded == {"NotoSans-Regular", "NotoSans-Italic"}


def test_a_real_cff_opentype_font_is_refused_with_the_fix(cli, tmp_path):
    """A PostScript-outline .otf as foundries ship them (URW's, from Debian's fonts-urw-base35
    when it is installed): refused before anything is written, saying to use the .ttf files."""
    found = sorted(Path("/usr/share/fonts/opentype/urw-base35").glob("*.otf"))
    if not found:
        pytest.skip("no CFF OpenType font on this machine")
    out = tmp_path / "out.pdf"
    result = cli("cards", str(sheet(tmp_path, "name\nA\n")), "--font", str(found[0]),
                 "--out", str(out))  # fmt: skip
    result.assert_refused(f"{found[0].name}: an OpenType font with PostScript (CFF) outlines")
    assert ".ttf" in result.stderr and not out.exists()


def test_greek_and_cyrillic_titles_and_stats_print_without_a_warning(cli, tmp_path):
    deck = sheet(tmp_path, "Имя,Сила,text\nΔράκος,5,Щит :: ΩΨ\n")
    pdf, result = build(cli, deck, "--title", "Имя")
    text = pdf[0].get_text()
    assert "Δράκος" in text and "Сила" in text and "Щит :: ΩΨ" in text
    assert "warning" not in result.stderr
