"""Reading the sheet (toolkit/cards/sheet.py, columns.py): formats, delimiters, encodings,
formulas, header aliases and the column plan."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tests.cards.helpers import (
    ROWS,
    build,
    sheet,
)


def test_an_xlsx_gives_the_same_cards_as_its_csv_export(cli, deck, tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for row in ROWS:
        # numbers as numbers, as a spreadsheet stores them
        sheet.append([int(v) if v.isdigit() else (v or None) for v in row])
    xlsx = tmp_path / "deck.xlsx"
    book.save(xlsx)
    from_csv, _ = build(cli, deck, "--back", "Deck")
    csv_text = [page.get_text() for page in from_csv]
    from_xlsx, _ = build(cli, xlsx, "--back", "Deck")
    assert [page.get_text() for page in from_xlsx] == csv_text
    assert len(csv_text) == 2


def test_finnish_headers_are_recognised_and_the_plan_is_printed(cli, tmp_path):
    deck = sheet(tmp_path, "Nimi;Teksti;Määrä;Hinta\nTulihenki;Tekee 2 vahinkoa.;3;2\n")
    pdf, result = build(cli, deck)
    assert "columns (UTF-8, semicolons): title Nimi, text Teksti, qty Määrä" in result.stderr
    assert "stats Hinta" in result.stderr
    assert pdf[0].get_text().count("Tulihenki") == 3
    assert "Tekee 2 vahinkoa." in pdf[0].get_text()


@pytest.mark.parametrize(
    ("header", "parts"),
    [
        ("Namn,Text,Antal,Bild", "title Namn, text Text, qty Antal"),
        ("Name,Regeltext,Anzahl,Rückseite", "title Name, text Regeltext, qty Anzahl"),
        ("Card name,Rules text,Quantity,Picture", "title Card name, text Rules text, qty Quantity"),
    ],
)
def test_swedish_german_and_english_headers(cli, tmp_path, header, parts):
    deck = sheet(tmp_path, header + "\nA,Words,2,\n")
    _, result = build(cli, deck)
    assert parts in result.stderr


def test_a_long_text_column_under_an_unknown_name_is_the_body(cli, tmp_path):
    """Issue 29: a column no table knows but of long texts is the body, and the plan says why
    (it was a stat line, and a warning, before)."""
    deck = sheet(tmp_path, "Nom,Effet\nDragon,Inflige deux dégâts à chaque unité adjacente.\n")
    pdf, result = build(cli, deck)
    assert "title Nom, text Effet (long texts), qty -" in result.stderr
    text = pdf[0].get_text()
    assert "Effet" not in text and "Inflige deux" in text
    _, result = build(cli, deck, "--text", "Effet")
    assert "long texts" not in result.stderr and "text Effet, qty" in result.stderr


def test_the_back_column_is_not_printed_on_the_face(cli, tmp_path):
    deck = sheet(tmp_path, "name,side,cost\nImp,Fire side,2\n")
    pdf, _ = build(cli, deck, "--back", "side")
    assert "Fire side" not in pdf[0].get_text() and "Side" not in pdf[0].get_text()
    assert "Fire side" in pdf[1].get_text()


def test_tab_separated_and_sniffed_files(cli, tmp_path):
    tsv = sheet(tmp_path, "name\ttext\nImp\tBurn, then draw; discard.\n", "deck.tsv")
    pdf, result = build(cli, tsv)
    assert "(UTF-8, tabs)" in result.stderr and "Burn, then draw; discard." in pdf[0].get_text()
    txt = sheet(tmp_path, 'name;text\nImp;"Burn, then draw, then discard."\nElf;Sing.\n', "d.txt")
    pdf, result = build(cli, txt)
    assert "(UTF-8, semicolons)" in result.stderr
    assert "Burn, then draw, then discard." in pdf[0].get_text().replace("\n", " ")


def test_a_windows_1252_file_is_read_and_said_so(cli, tmp_path):
    path = tmp_path / "old.csv"
    path.write_bytes("name;text\nCafé;Gain 5 € – draw “two”.\nNaïve;Señor’s ﬁnal.\n"
                     .replace("ﬁ", "fi").encode("cp1252"))  # fmt: skip
    pdf, result = build(cli, path)
    assert "(Windows-1252, semicolons)" in result.stderr
    text = pdf[0].get_text()
    assert "Café" in text and "Gain 5 € – draw “two”." in text and "Naïve" in text


def test_a_binary_file_named_csv_is_refused_with_the_fix(cli, tmp_path):
    path = tmp_path / "deck.csv"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00\x00\xff\xfe" * 50)
    cli("cards", str(path)).assert_refused("a binary file, not text: export the sheet as CSV")


def test_an_xlsx_formula_without_a_saved_value_names_its_cell(cli, tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["name", "qty"])
    book.active.append(["Imp", "=1+1"])
    path = tmp_path / "deck.xlsx"
    book.save(path)
    result = cli("cards", str(path), "--out", str(tmp_path / "o.pdf"))
    result.assert_refused("deck.xlsx, row 2: cell B2: the formula =1+1 has no saved value")
    assert not (tmp_path / "o.pdf").exists()


ODS_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
)


def ods(path: Path, rows: str, prefix: str = "", other: str = "") -> Path:
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?>{prefix}<office:document-content {ODS_NS}>'
        f'<office:body><office:spreadsheet><table:table table:name="Kortit">{rows}'
        "</table:table><table:table table:name='Other'><table:table-row><table:table-cell>"
        f"<text:p>ignored</text:p></table:table-cell></table:table-row>{other}</table:table>"
        "</office:spreadsheet></office:body></office:document-content>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", content)
    return path


def cell(text: str, repeat: int = 1, extra: str = "") -> str:
    repeated = f' table:number-columns-repeated="{repeat}"' if repeat > 1 else ""
    inner = f"<text:p>{text}</text:p>" if text else ""
    return f"<table:table-cell{repeated}{extra}>{inner}</table:table-cell>"


def row(*cells: str, repeat: int = 1) -> str:
    repeated = f' table:number-rows-repeated="{repeat}"' if repeat > 1 else ""
    return f"<table:table-row{repeated}>{''.join(cells)}</table:table-row>"


def test_an_ods_sheet_reads_like_its_csv(cli, tmp_path):
    path = ods(
        tmp_path / "kortit.ods",
        row(cell("Nimi"), cell("Teksti"), cell("Määrä"), cell("", 1000))
        + row(cell(""), repeat=2)  # two empty rows: the first card is row 4
        + row(cell("Tulihenki"), cell("Polttaa <text:s text:c='2'/>kaksi."), cell("2"))
        + row(cell("Vesihenki"), cell("Parantaa."), cell("1"), cell("", 1000))
        + row(cell(""), repeat=1048000),
    )
    pdf, result = build(cli, path)
    assert "title Nimi, text Teksti, qty Määrä" in result.stderr
    text = pdf[0].get_text()
    assert text.count("Tulihenki") == 2 and "Vesihenki" in text and "ignored" not in text
    assert "Polttaa" in text
    rows = (
        row(cell("name"), cell("qty")) + row(cell("A"), cell("1")) * 3 + row(cell("B"), cell("x"))
    )
    bad = ods(tmp_path / "bad.ods", rows)
    cli("cards", str(bad)).assert_refused("bad.ods, row 5, field 'qty': expected a whole number")


def test_ods_formulas_without_values_and_dtds_are_refused(cli, tmp_path):
    formula = ' table:formula="of:=[.A1]*2"'
    path = ods(
        tmp_path / "f.ods", row(cell("name"), cell("qty")) + row(cell("A"), cell("", 1, formula))
    )
    cli("cards", str(path)).assert_refused("f.ods, row 2: cell B2: the formula =[.A1]*2 has no")
    laughs = '<!DOCTYPE x [<!ENTITY a "aaaa">]>'
    path = ods(tmp_path / "dtd.ods", row(cell("name")) + row(cell("A")), prefix=laughs)
    cli("cards", str(path)).assert_refused("dtd.ods: content.xml has a DTD")


def test_title_text_and_qty_flags_map_a_designers_own_headers(cli, tmp_path):
    """Headers no table knows (French): without flags the first column that is no bookkeeping
    (Réf is a reference: not printed) is the title and the rest stat lines; `--title/--text/--qty`
    give each part its column, and the quantity counts."""
    deck = sheet(tmp_path, "Réf,Nom,Effet,Exemplaires\nA1,Dragon,Vole.,3\nA2,Gobelin,Court.,0\n")
    pdf, result = build(cli, deck)
    assert "title Nom, text -, qty -" in result.stderr
    assert "stats Effet, Exemplaires; not printed: Réf (ids)" in result.stderr
    assert pdf[0].get_text().count("Gobelin") == 1  # no quantity column: one of each
    pdf, result = build(cli, deck, "--title", "nom", "--text", "EFFET", "--qty", "Exemplaires")
    assert (
        "title Nom, text Effet, qty Exemplaires, image -, qr -, back -; stats -; not printed: "
        "Réf (ids)" in result.stderr
    )
    text = pdf[0].get_text()
    assert text.count("Dragon") == 3 and "Gobelin" not in text and "Vole." in text
    assert "A1" not in text
    assert "Exemplaires" not in text and "Effet" not in text


@pytest.mark.parametrize(
    ("text", "how"),
    [
        ("name|text\nImp|Burn, then draw; discard.\n", "(UTF-8, bars)"),
        ("name\ttext\nImp\tBurn, then draw; discard.\n", "(UTF-8, tabs)"),
        ('name;text\nImp;"Burn, then draw; discard."\n', "(UTF-8, semicolons)"),
        ('name,text\nImp,"Burn, then draw; discard."\n', "(UTF-8, commas)"),
    ],
)
def test_the_delimiter_is_sniffed_whatever_the_suffix(cli, tmp_path, text, how):
    pdf, result = build(cli, sheet(tmp_path, text, "deck.txt"))
    assert how in result.stderr
    assert "Burn, then draw; discard." in pdf[0].get_text()


def test_a_utf16_file_with_its_byte_order_mark_reads(cli, tmp_path):
    path = tmp_path / "deck.csv"
    path.write_bytes("name\ttext\nОгонь\tΔράκος.\n".encode("utf-16"))
    pdf, result = build(cli, path)
    assert "Огонь" in pdf[0].get_text() and "Δράκος." in pdf[0].get_text()
    assert "UTF-16" in result.stderr


def test_sheet_picks_a_workbooks_sheet_and_a_notice_names_the_others(cli, tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Rules"
    book.active.append(["Rule"])
    book.active.append(["Be nice"])
    cards = book.create_sheet("Cards")
    cards.append(["name", "text"])
    cards.append(["Imp", "Burns a foe."])
    path = tmp_path / "game.xlsx"
    book.save(path)
    pdf, result = build(cli, path)
    assert "game.xlsx: read its first sheet, 'Rules'; it also has 'Cards' (--sheet NAME" in (
        result.stderr
    )
    assert "Be nice" in pdf[0].get_text()
    pdf, result = build(cli, path, "--sheet", "cards")  # any case
    assert "Imp" in pdf[0].get_text() and "Be nice" not in pdf[0].get_text()
    assert "sheet 'Cards'" in result.stderr and "also has" not in result.stderr
    result = cli("cards", str(path), "--sheet", "Monsters")
    result.assert_refused("game.xlsx: --sheet 'Monsters': no sheet of that name; its sheets: "
                          "'Rules', 'Cards'")  # fmt: skip


def test_sheet_reads_an_ods_table_by_name(cli, tmp_path):
    path = ods(
        tmp_path / "kortit.ods",
        row(cell("Nimi")) + row(cell("Tulihenki")),
        other=row(cell("Vesihenki")),
    )
    pdf, result = build(cli, path)
    assert "kortit.ods: read its first sheet, 'Kortit'; it also has 'Other'" in result.stderr
    pdf, result = build(cli, path, "--sheet", "Other")
    text = pdf[0].get_text()
    assert "Vesihenki" in text and "Tulihenki" not in text
    cli("cards", str(path), "--sheet", "Nope").assert_refused(
        "kortit.ods: --sheet 'Nope': no sheet of that name; its sheets: 'Kortit', 'Other'"
    )
    csv = sheet(tmp_path, "name\nA\n")
    cli("cards", str(csv), "--sheet", "A").assert_refused(
        "deck.csv: --sheet 'A': only an .xlsx or .ods workbook has sheets"
    )


def test_an_unterminated_quote_is_refused_naming_the_line_it_opens_on(cli, tmp_path):
    path = sheet(tmp_path, 'name,text\nImp,Burns.\nWolf,"Bites\nBear,Hugs.\nOwl,Hoots.\n')
    result = cli("cards", str(path), "--out", str(tmp_path / "o.pdf"))
    result.assert_refused('deck.csv, line 3: a quote (") opens a cell on this line and is never '
                          "closed: lines 3 to 5 would be one cell")  # fmt: skip
    assert not (tmp_path / "o.pdf").exists()


def test_a_quoted_cell_going_on_after_its_quote_is_refused(cli, tmp_path):
    path = sheet(tmp_path, 'name,text\nImp,"Burns" a foe\n')
    cli("cards", str(path)).assert_refused("deck.csv, line 2: not valid CSV")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name,text,cost\nImp,Burns.,1\nWolf,Bites.\n",
         "deck.csv, row 3: 2 cells but the header has 3 columns (line 3: a comma too many"),
        ("name;text\nImp;Burns.\nWolf;Bites;2;3\n",
         "deck.csv, row 3: 4 cells but the header has 2 columns (line 3: a semicolon"),
        ('name,text,cost\nImp,"Burns,\nthen heals",1\nWolf,x\n',
         "deck.csv, row 4: 2 cells but the header has 3 columns (line 4:"),
    ],
)  # fmt: skip
def test_a_ragged_row_is_refused_naming_its_line(cli, tmp_path, text, message):
    cli("cards", str(sheet(tmp_path, text))).assert_refused(message)
