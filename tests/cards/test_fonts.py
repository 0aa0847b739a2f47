"""Fonts: the shipped Noto Sans embedded, a designer's TTF, scripts printed, missing glyphs."""

from __future__ import annotations

import shutil
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import pymupdf
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


NOBODY = "\u0378"  # an unassigned code point: no font has a glyph for it


def fontconfig() -> None:
    if shutil.which("fc-match") is None:
        pytest.skip("no fontconfig on this machine")


def test_cjk_and_emoji_print_in_installed_fonts_and_the_rest_is_a_warning(cli, tmp_path):
    """Issue 29: a character Noto Sans lacks prints in an installed font that has it (it was a
    warning and a blank before); one no font has is a warning naming row, column and character."""
    fontconfig()
    deck = sheet(tmp_path, f"name,text\nImp,Fire 火 😀 {NOBODY}\n")
    pdf, result = build(cli, deck)
    faces = {span["text"].strip(): span["font"] for span in spans(pdf[0])}
    assert "CJK" in faces["火"]
    assert (
        "deck.csv, row 2, field 'text': the font Noto Sans has no glyph for \u0378 (U+0378)"
        in result.stderr
    )
    assert "U+706B" not in result.stderr and "U+1F600" not in result.stderr


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
        (b"OTTO" + b"\0" * 200, "not a usable font"),
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


def test_characters_the_font_lacks_print_in_a_fallback_or_are_named_in_a_warning(cli, tmp_path):
    """Noto Sans (the default) prints Latin, Greek, Cyrillic and the typographic marks; a tick or
    an arrow it has no glyph for prints in an installed font that has one (issue 29; a warning
    before), and what no font has is a warning naming the row, the column and the character."""
    fontconfig()
    sheet = tmp_path / "u.csv"
    sheet.write_text(f"name,text\nÜber → Ω,Tick ✓ and “quotes” — 5 € {NOBODY}\n", encoding="utf-8")
    pdf, result = build(cli, sheet)
    assert f"u.csv, row 2, field 'text': the font Noto Sans has no glyph for {NOBODY} (U+0378)" in (
        result.stderr
    )
    assert "U+2192" not in result.stderr and "U+2713" not in result.stderr
    text = pdf[0].get_text()
    assert "Über" in text and "Ω" in text and "“quotes” — 5 €" in text
    assert "→" in text and "✓" in text
    faces = {span["text"].strip(): span["font"] for span in spans(pdf[0])}
    assert "NotoSans" not in faces["→"] and "NotoSans" not in faces["✓"]


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


URW = Path("/usr/share/fonts/opentype/urw-base35")
"""Debian's fonts-urw-base35 (scripts/system-deps.sh installs it): OpenType fonts with
PostScript (CFF) outlines, as foundries ship most .otf files."""


def urw(name: str) -> Path:
    path = URW / name
    if not path.is_file():
        pytest.skip(f"no {path} on this machine (scripts/system-deps.sh installs it)")
    assert path.read_bytes()[:4] == b"OTTO"  # CFF outlines, not TrueType ones
    return path


def ink(page: pymupdf.Page, bbox: tuple[float, float, float, float]) -> float:
    """The share of dark pixels in `bbox` (points), rendered at 300 dpi."""
    pixmap = page.get_pixmap(dpi=300, clip=pymupdf.Rect(bbox), colorspace=pymupdf.csGRAY)
    samples = pixmap.samples
    return sum(1 for value in samples if value < 128) / len(samples)


def test_a_cff_opentype_family_prints_embedded_as_truetype(cli, tmp_path):
    """Nimbus Sans Regular and Bold (.otf, CFF): the title is set in the bold face, the text in
    the regular one, each embedded as a TrueType subset (FontFile2 with glyf outlines, no CFF);
    the glyphs put ink on the page; the Greek and Cyrillic the font covers print without a
    warning; a CJK character it lacks prints in an installed CJK font, itself cut to that
    character and converted (issue 29; a warning naming the file before)."""
    from fontTools.ttLib import TTFont

    regular, bold = urw("NimbusSans-Regular.otf"), urw("NimbusSans-Bold.otf")
    deck = sheet(tmp_path, "name,text\nFire Imp,Deal **2** damage to Огонь Δράκος 火.\n")
    pdf, result = build(cli, deck, "--font", str(regular), "--font-bold", str(bold))
    page = pdf[0]
    fonts = {span["text"].strip(): span["font"].split("+")[-1] for span in spans(page)}
    assert fonts["Fire Imp"] == "NimbusSans-Bold" and fonts["2"] == "NimbusSans-Bold"
    assert fonts["Deal"] == "NimbusSans-Regular"
    assert "Огонь Δράκος" in page.get_text()
    embedded = {}
    for xref, ext, kind, name, *_ in page.get_fonts():
        assert (ext, kind) == ("ttf", "TrueType"), (name, ext, kind)  # FontFile2
        embedded[name.split("+")[-1]] = TTFont(BytesIO(pdf.extract_font(xref)[3]))
    others = set(embedded) - {"NimbusSans-Regular", "NimbusSans-Bold"}
    assert all(name.startswith("NotoSansCJKjp-Regular") for name in others)
    assert {"NimbusSans-Regular", "NimbusSans-Bold"} <= set(embedded)
    for face in embedded.values():
        assert "glyf" in face and "CFF " not in face
        assert face["maxp"].numGlyphs < 300  # reportlab's subsets (up to 256 each), not all 855
    for span in spans(page):
        if span["text"].strip() in ("Fire Imp", "Deal"):
            assert ink(page, span["bbox"]) > 0.05, span["text"]  # outlines drawn, not blanks
    if shutil.which("fc-match") is not None:
        [cjk] = [span["font"] for span in spans(page) if "火" in span["text"]]
        assert "CJK" in cjk
        assert "no glyph" not in result.stderr


def test_a_cff_font_is_converted_once_and_kept_in_the_cache(cli, tmp_path, font_cache):
    """The converted font is kept under the hash of the file; a later run embeds what the cache
    holds (here, to tell, a different font put in its place) without converting again."""
    import hashlib

    from toolkit.pdf.fonts import cff

    font = tmp_path / "Mine.otf"
    shutil.copyfile(urw("NimbusSans-Italic.otf"), font)
    digest = hashlib.sha256(font.read_bytes()).hexdigest()
    build(cli, sheet(tmp_path, "name\nImp\n"), "--font", str(font))
    [kept] = font_cache.glob(f"{digest}-*.ttf")
    assert kept.read_bytes()[:4] == b"\x00\x01\x00\x00"
    kept.write_bytes(shipped_face("BoldItalic").read_bytes())
    cff._CONVERTED.clear()  # as a new process
    again = tmp_path / "Again.otf"  # the same file under another name: registered afresh
    shutil.copyfile(font, again)
    pdf, _ = build(cli, sheet(tmp_path, "name\nImp\n"), "--font", str(again))
    embedded = {f[3].split("+")[1] for f in pdf[0].get_fonts()}
    assert len(embedded) == 1 and embedded.pop().startswith("NotoSans-BoldItalic")  # the cache's


@pytest.mark.parametrize("flag", ["--font", "--font-bold"])
def test_a_broken_cff_font_is_a_clear_error_naming_the_file(cli, tmp_path, flag):
    """A .otf cut short (a failed download): refused naming the file, exit 2, no PDF."""
    broken = tmp_path / "Broken.otf"
    broken.write_bytes(urw("NimbusSans-Bold.otf").read_bytes()[:30_000])
    out = tmp_path / "out.pdf"
    faces = ["--font", str(urw("NimbusSans-Regular.otf"))] if flag != "--font" else []
    result = cli("cards", str(sheet(tmp_path, "name\nA\n")), *faces, flag, str(broken),
                 "--out", str(out))  # fmt: skip
    result.assert_refused(f"{broken}: not a usable font (")
    assert not out.exists()


def test_the_default_font_needs_neither_fonttools_nor_the_other_formats_libraries(tmp_path):
    """A plain CSV deck in Noto Sans, in a fresh process: fontTools (only for CFF fonts) and the
    libraries of other inputs and outputs (XLSX, YAML layouts, other encodings, --watch, PNG)
    are not imported."""
    deck = sheet(tmp_path, "name,text,cost\nImp,**Burns** twice,2\n")
    heavy = ("fontTools", "openpyxl", "yaml", "charset_normalizer", "watchfiles", "pypdfium2",
             "pydantic", "jinja2")  # fmt: skip
    code = (
        "import sys\nfrom toolkit.cli import main\n"
        f"sys.argv = ['domekit', 'cards', {str(deck)!r}, '--out', {str(tmp_path / 'o.pdf')!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print(sorted(m for m in {heavy!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert (tmp_path / "o.pdf").is_file(), done.stderr
    assert done.stdout.splitlines()[-1] == "[]"


def test_greek_and_cyrillic_titles_and_stats_print_without_a_warning(cli, tmp_path):
    deck = sheet(tmp_path, "Имя,Сила,text\nΔράκος,5,Щит :: ΩΨ\n")
    pdf, result = build(cli, deck, "--title", "Имя")
    text = pdf[0].get_text()
    assert "Δράκος" in text and "Сила" in text and "Щит :: ΩΨ" in text
    assert "warning" not in result.stderr
