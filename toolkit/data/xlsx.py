"""A sheet of an XLSX workbook (the first, or one named) as rows of text, read as a stranger's file.

An XLSX file is a zip of XML, so before openpyxl opens it the zip is checked: its size, how many
files it holds and how far they unpack (a zip bomb is a small file that unpacks to gigabytes),
and every XML member is read once with expat: XML cut short is a DataError naming the member and
line, and a DTD (where entities, the "billion laughs", live) is refused outright: spreadsheets
never have one. The sheet is then read with fixed bounds, so a <dimension> claiming A1:XFD1048576
or a row numbered in the billions cannot make openpyxl pad millions of empty cells.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, NamedTuple
from xml.parsers import expat

from toolkit.data import check_file_size, check_sheet_row
from toolkit.data.limits import (
    MAX_COLUMNS,
    MAX_XLSX_BYTES,
    MAX_XLSX_EXPANDED,
    MAX_XLSX_MEMBERS,
    MAX_XLSX_RATIO,
    MIB,
    XLSX_LAST_ROW,
    size_text,
)
from toolkit.errors import DataError, DomekitError

CHUNK = 256 * 1024


def cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "isoformat"):
        return str(value.isoformat())
    return str(value).strip()


MAX_SHEETS = 1000  # sheet names kept for a notice


class Workbook(NamedTuple):
    """One sheet of a workbook read: its header and rows, every sheet's name, the one read."""

    header: tuple[str, ...]
    rows: list[tuple[int, dict[str, str]]]
    names: tuple[str, ...]
    chosen: str


def sheet_named(names: Sequence[str], wanted: str | None) -> str | None:
    """The sheet of `names` called `wanted` (any case)."""
    if wanted is None:
        return None
    return next((n for n in names if n.casefold() == wanted.strip().casefold()), None)


def no_sheet(path: Path, wanted: str, names: Sequence[str]) -> DataError:
    listed = ", ".join(repr(name) for name in names[:20])
    return DataError(path, f"--sheet {wanted!r}: no sheet of that name; its sheets: {listed}")


def read_xlsx(path: Path, sheet: str | None = None) -> Workbook:
    """The header and the non-blank rows (row numbers as the spreadsheet shows them) of the
    first sheet or the one called `sheet`, and every sheet's name. A formula on that sheet with
    no value saved (a file written by a script, never opened in a spreadsheet program) is a
    DataError naming its cell: its value is not in the file."""
    unsaved = check_workbook(path)
    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl parses a stranger's file: any error is the file's
        raise _unreadable(path, exc) from None
    try:
        if not book.worksheets:
            raise DataError(path, "the workbook has no sheet")
        names = tuple(str(name) for name in book.sheetnames[:MAX_SHEETS])
        chosen = sheet_named(names, sheet) if sheet is not None else names[0]
        if chosen is None:
            raise no_sheet(path, sheet or "", names)
        first = book[chosen]
        cell = unsaved.get(str(getattr(first, "_worksheet_path", "")).lstrip("/"))
        if cell is not None:
            raise unsaved_formula(path, *cell)
        lines = (
            (number, [cell_text(v) for v in values])
            for number, values in enumerate(_sheet_values(first, path), start=1)
        )
        return Workbook(*table_rows(path, lines), names, chosen)
    finally:
        book.close()


def unsaved_formula(path: Path, ref: str, formula: str) -> DataError:
    return DataError(
        path,
        f"cell {ref}: the formula ={formula[:40]} has no saved value; open the file in Excel or "
        "LibreOffice and save it (that computes it), or type the value in",
        row=int("".join(ch for ch in ref if ch.isdigit()) or 0) or None,
    )


def table_rows(
    path: Path, lines: Iterator[tuple[int, list[str]]]
) -> tuple[tuple[str, ...], list[tuple[int, dict[str, str]]]]:
    """A sheet's (row number, cell texts), the header row first, as the header and the
    non-blank rows below it, each within the bounds of a sheet (toolkit.data.check_sheet_row)."""
    header = tuple(next(lines, (1, []))[1])
    while header and not header[-1]:
        header = header[:-1]
    check_sheet_row(path, 1, 0, header, header)
    named = [name for name in header if name]
    doubled = sorted({name for name in named if named.count(name) > 1})
    if doubled:
        raise DataError(path, f"column named twice: {', '.join(doubled)}", row=1)
    rows: list[tuple[int, dict[str, str]]] = []
    for number, cells in lines:
        if not any(cells):
            continue
        if any(cells[len(header) :]):
            last = header[-1] if header else ""
            raise DataError(path, f"a value right of the last named column {last!r}", row=number)
        check_sheet_row(path, number, len(rows) + 1, header, cells)
        cells = (cells + [""] * len(header))[: len(header)]
        rows.append((number, dict(zip(header, cells, strict=True))))
    return header, rows


def _sheet_values(sheet: Any, path: Path) -> Any:
    """The sheet's rows as value tuples, MAX_COLUMNS + 1 wide (one more, to see a value past the
    limit), up to Excel's last row; openpyxl's errors become DataErrors."""
    try:
        for values in sheet.iter_rows(
            max_col=MAX_COLUMNS + 1, max_row=XLSX_LAST_ROW, values_only=True
        ):
            yield () if values.count(None) == len(values) else values  # padding rows, fast
    except DomekitError:
        raise
    except Exception as exc:  # the sheet's XML, read as openpyxl goes
        raise _unreadable(path, exc) from None


def _unreadable(path: Path, exc: Exception, kind: str = ".xlsx workbook") -> DataError:
    detail = str(exc) or type(exc).__name__
    return DataError(path, f"not a readable {kind} ({detail})")


def check_workbook(path: Path, kind: str = ".xlsx workbook") -> dict[str, tuple[str, str]]:
    """The zip's bounds and its XML's soundness, before any of it is parsed for data (an XLSX
    or an ODS file alike). Returns, per XLSX worksheet member, the first cell holding a formula
    with no saved value: (its reference, the formula)."""
    check_file_size(path, MAX_XLSX_BYTES)
    unsaved: dict[str, tuple[str, str]] = {}
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            _check_sizes(path, members)
            for info in members:
                with archive.open(info) as stream:
                    found = _check_xml(path, info.filename, stream)
                if found is not None:
                    unsaved[info.filename] = found
    except DomekitError:
        raise
    except Exception as exc:  # zipfile: not a zip, cut short, bad CRC, encrypted, unknown method
        raise _unreadable(path, exc, kind) from None
    return unsaved


def _check_sizes(path: Path, members: list[zipfile.ZipInfo]) -> None:
    if len(members) > MAX_XLSX_MEMBERS:
        raise DataError(path, f"a zip of {len(members):,} files; a workbook has a few dozen")
    total = 0
    for info in members:
        total += info.file_size
        if total > MAX_XLSX_EXPANDED:
            raise DataError(
                path,
                f"unpacks to more than {size_text(MAX_XLSX_EXPANDED)} (a zip bomb?); "
                "Domekit reads sheets up to that",
            )
        ratio = info.file_size / max(1, info.compress_size)
        if info.file_size > MIB and ratio > MAX_XLSX_RATIO:
            raise DataError(
                path,
                f"{info.filename} unpacks {ratio:,.0f} times its packed size (a zip bomb?); "
                f"real sheets stay under {MAX_XLSX_RATIO}",
            )


def _check_xml(path: Path, member: str, stream: IO[bytes]) -> tuple[str, str] | None:
    """Read one member through expat if it is XML: no DTD, and whole (not cut short). For a
    worksheet, the first formula cell with no saved value (`<c r="B2"><f>1+1</f><v/></c>`)."""
    chunk = stream.read(CHUNK)
    if not chunk.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return None  # a picture or other binary part: openpyxl does not parse it as XML

    def refuse(*_: object) -> None:
        raise DataError(
            path, f"{member} has a DTD (<!DOCTYPE or <!ENTITY>); a workbook's XML never has one"
        )

    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    formulas = _FormulaCells(parser) if member.startswith("xl/worksheets/") else None
    try:
        while chunk:
            parser.Parse(chunk, False)
            chunk = stream.read(CHUNK)
        parser.Parse(b"", True)
    except expat.ExpatError as exc:
        reason = expat.ErrorString(exc.code)
        raise DataError(
            path, f"{member}, line {exc.lineno}: broken or cut-short XML ({reason})"
        ) from None
    return formulas.unsaved if formulas is not None else None


class _FormulaCells:
    """Watches a worksheet's cells for a formula (`<f>`) with an empty or missing `<v>`."""

    def __init__(self, parser: Any) -> None:
        self.unsaved: tuple[str, str] | None = None
        self.ref = ""
        self.formula: str | None = None
        self.value = ""
        self.inside = ""
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.text

    def start(self, name: str, attributes: dict[str, str]) -> None:
        tag = name.rpartition(":")[2]
        if tag == "c":
            self.ref, self.formula, self.value = attributes.get("r", "?"), None, ""
        elif tag == "f":
            self.formula, self.inside = "", "f"
        elif tag == "v":
            self.inside = "v"

    def text(self, data: str) -> None:
        if self.inside == "v":
            self.value += data
        elif self.inside == "f" and self.formula is not None and len(self.formula) < 100:
            self.formula += data

    def end(self, name: str) -> None:
        tag = name.rpartition(":")[2]
        if tag in ("f", "v"):
            self.inside = ""
        elif tag == "c" and self.formula is not None and not self.value.strip():
            if self.unsaved is None:
                self.unsaved = (self.ref, self.formula or "?")
            self.formula = None
