"""A sheet of an OpenDocument spreadsheet (.ods: LibreOffice, OpenOffice, Google Sheets'
download), the first or one named, as rows of text, read as a stranger's file.

An ODS file is a zip of XML like an XLSX, and gets the same checks first (`xlsx.check_workbook`:
size, member count, unpacked size, zip-bomb ratio, no DTD, XML whole). Its `content.xml` is then
read once with expat, streaming: cells as the spreadsheet shows them (their `<text:p>`), rows
and cells repeated by `number-rows-repeated` / `number-columns-repeated` expanded only where they
hold something (LibreOffice pads a sheet with one empty row repeated a million times); the
table read is the first, or the one named (`--sheet`), the others' names are collected. A
formula cell without a saved value is a DataError naming the cell.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.parsers import expat

from toolkit.data.limits import MAX_COLUMNS, MAX_ROWS
from toolkit.data.xlsx import (
    CHUNK,
    MAX_SHEETS,
    Workbook,
    check_workbook,
    no_sheet,
    sheet_named,
    table_rows,
    unsaved_formula,
)
from toolkit.errors import DataError, DomekitError

KIND = ".ods spreadsheet"
TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
VALUE_ATTRIBUTES = ("value", "date-value", "time-value", "boolean-value", "string-value")


def column_letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


class _Reader:
    """expat handlers collecting the rows of cell texts of the first table, or of the table
    called `wanted` (any case), and every table's name."""

    def __init__(self, path: Path, wanted: str | None = None) -> None:
        self.path = path
        self.wanted = wanted
        self.names: list[str] = []
        self.active = False  # in the table being read
        self.done = False  # that table was read
        self.rows: list[tuple[int, list[str]]] = []
        self.row_number = 0  # rows seen so far, repeated ones counted
        self.cells: list[str] | None = None
        self.row_repeat = 1
        self.cell: list[str] | None = None
        self.cell_repeat = 1
        self.cell_formula: str | None = None
        self.cell_value = False
        self.paragraphs = 0

    def start(self, name: str, attributes: dict[str, str]) -> None:
        space, _, tag = name.rpartition(" ")
        if space == TABLE and tag == "table":
            name = attributes.get(f"{TABLE} name", "")
            if len(self.names) < MAX_SHEETS:
                self.names.append(name)
            chosen = self.wanted is None or name.casefold() == self.wanted.strip().casefold()
            self.active = chosen and not self.done
        if not self.active:
            return
        if space == TABLE and tag == "table-row":
            self.cells = []
            self.row_repeat = _count(attributes.get(f"{TABLE} number-rows-repeated"))
        elif space == TABLE and tag in ("table-cell", "covered-table-cell"):
            self.cell = []
            self.paragraphs = 0
            self.cell_repeat = _count(attributes.get(f"{TABLE} number-columns-repeated"))
            self.cell_formula = attributes.get(f"{TABLE} formula")
            self.cell_value = any(f"{OFFICE} {key}" in attributes for key in VALUE_ATTRIBUTES)
        elif self.cell is not None and space == TEXT:
            if tag == "p":
                if self.paragraphs:
                    self.cell.append("\n")
                self.paragraphs += 1
            elif tag == "s":
                self.cell.append(" " * min(_count(attributes.get(f"{TEXT} c")), 100))
            elif tag == "tab":
                self.cell.append("\t")
            elif tag == "line-break":
                self.cell.append("\n")

    def text(self, data: str) -> None:
        if self.cell is not None and self.paragraphs:
            self.cell.append(data)

    def end(self, name: str) -> None:
        space, _, tag = name.rpartition(" ")
        if space != TABLE or not self.active:
            return
        if tag == "table":
            self.active, self.done = False, True
            return
        if tag in ("table-cell", "covered-table-cell") and self.cell is not None:
            text = "".join(self.cell).strip()
            self.cell = None
            if self.cells is None:
                return
            if self.cell_formula and not text and not self.cell_value:
                ref = f"{column_letters(len(self.cells))}{self.row_number + 1}"
                raise unsaved_formula(self.path, ref, self.cell_formula.partition("=")[2])
            room = MAX_COLUMNS + 1 - len(self.cells)
            self.cells.extend([text] * max(0, min(self.cell_repeat, room)))
        elif tag == "table-row" and self.cells is not None:
            cells, self.cells = self.cells, None
            if not any(cells):
                if self.row_number == 0:
                    self.rows.append((1, []))  # an empty header row
                self.row_number += self.row_repeat
                return
            for _ in range(min(self.row_repeat, MAX_ROWS + 2)):
                self.row_number += 1
                self.rows.append((self.row_number, list(cells)))
            if len(self.rows) > MAX_ROWS + 2:
                raise DataError(self.path, f"more than {MAX_ROWS:,} rows below the header")


def _count(value: str | None) -> int:
    if value is None or not value.isdigit():
        return 1
    return max(1, min(int(value), 10_000_000))


def read_ods(path: Path, sheet: str | None = None) -> Workbook:
    """The header and the non-blank rows (row numbers as the spreadsheet shows them) of the
    first sheet or the one called `sheet`, and every sheet's name."""
    check_workbook(path, KIND)
    reader = _Reader(path, sheet)
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.CharacterDataHandler = reader.text
    try:
        with zipfile.ZipFile(path) as archive, archive.open("content.xml") as stream:
            chunk = stream.read(CHUNK)
            while chunk:
                parser.Parse(chunk, False)
                chunk = stream.read(CHUNK)
            parser.Parse(b"", True)
    except DomekitError:
        raise
    except KeyError:
        raise DataError(path, f"not a readable {KIND} (no content.xml in it)") from None
    except Exception as exc:  # zipfile and expat on a stranger's file
        raise DataError(path, f"not a readable {KIND} ({exc or type(exc).__name__})") from None
    if not reader.names:
        raise DataError(path, "the spreadsheet has no sheet")
    if not reader.done:
        raise no_sheet(path, sheet or "", reader.names)
    chosen = sheet_named(reader.names, sheet) or reader.names[0]
    return Workbook(*table_rows(path, iter(reader.rows)), tuple(reader.names), chosen)
