"""Reading a designer's sheet: .csv, .tsv (and .txt), .xlsx, .ods.

A text file's encoding is UTF-8 (with or without a byte order mark) or UTF-16 with one; anything
else is told by charset-normalizer (Windows-1252 from an old Excel, Latin-1, Mac Roman ...) and
the sheet says which it took; a file it cannot tell is refused with the fix. The delimiter is
the csv module's Sniffer's guess among comma, semicolon, tab and bar (a .tsv is tab-separated).
Every bound of toolkit/data holds: the file's size, rows, columns, cells.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.errors import DataError

TEXT_SUFFIXES = (".csv", ".tsv", ".tab", ".txt")
SUFFIXES = (*TEXT_SUFFIXES, ".xlsx", ".xlsm", ".ods")
DELIMITERS = ",;\t|"
SNIFF_BYTES = 16 * 1024
# The delimiter is sniffed in the first lines (some 20 rows): the Sniffer's time grows with its
# sample (2 ms for 16 KiB, a tenth of reading a 150-row sheet).
SNIFF_CHARS = 4 * 1024
DELIMITER_NAMES = {",": "commas", ";": "semicolons", "\t": "tabs", "|": "bars"}
SAVE_AS_UTF8 = (
    "save it as UTF-8 (Excel: Save As > CSV UTF-8; LibreOffice: character set Unicode (UTF-8))"
)


@dataclass(frozen=True)
class Sheet:
    """A spreadsheet's header and rows (row numbers as the spreadsheet shows them), and how a
    text file was read (its encoding and delimiter), for the command to say."""

    path: Path
    header: tuple[str, ...]
    rows: tuple[tuple[int, dict[str, str]], ...]
    how: str = ""
    notice: str = ""  # the workbook's other sheets, not read


def read_sheet(path: Path, sheet: str | None = None) -> Sheet:
    """A workbook's first sheet or the one called `sheet` (`--sheet`), or a delimited text file.
    A workbook of several sheets has a notice naming those not read."""
    suffix = path.suffix.lower()
    how = notice = ""
    if sheet is not None and suffix not in (".xlsx", ".xlsm", ".ods"):
        raise DataError(path, f"--sheet {sheet!r}: only an .xlsx or .ods workbook has sheets")
    if suffix in (".xlsx", ".xlsm", ".ods"):
        if suffix == ".ods":
            from toolkit.data.ods import read_ods as read_book
        else:
            from toolkit.data.xlsx import read_xlsx as read_book

        book = read_book(path, sheet)
        header, rows = book.header, book.rows
        how = f"sheet {book.chosen!r}"
        others = [name for name in book.names if name != book.chosen]
        if others and sheet is None:
            listed = ", ".join(repr(name) for name in others[:10])
            more = f" and {len(others) - 10} more" if len(others) > 10 else ""
            notice = (
                f"{path.name}: read its first sheet, {book.chosen!r}; it also has {listed}{more} "
                "(--sheet NAME reads another)"
            )
    elif suffix in TEXT_SUFFIXES:
        from toolkit.data import csv_rows

        text, encoding = decode(path)
        delimiter = "\t" if suffix in (".tsv", ".tab") else sniff_delimiter(text)
        parsed = csv_rows(path, text, delimiter=delimiter, exact=True)
        header = tuple(parsed[0][1]) if parsed else _header(text, delimiter)
        rows = parsed
        how = f"{encoding}, {DELIMITER_NAMES[delimiter]}"
    else:
        raise DataError(path, "expected a .csv, .tsv, .xlsx or .ods file")
    if not any(header):
        raise DataError(path, "the header row is empty; expected column names", row=1)
    if not rows:
        raise DataError(path, "no rows below the header")
    return Sheet(path, tuple(header), tuple(rows), how, notice)


def _header(text: str, delimiter: str) -> tuple[str, ...]:
    first = text.splitlines()[0] if text.strip() else ""
    return tuple(name.strip() for name in first.split(delimiter))


def decode(path: Path) -> tuple[str, str]:
    """The file's text and the name of its encoding."""
    from toolkit.data import read_bytes

    raw = read_bytes(path)
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16"), "UTF-16"
        except UnicodeDecodeError:
            raise DataError(path, f"broken UTF-16 text; {SAVE_AS_UTF8}") from None
    try:
        return raw.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
    if b"\x00" in raw[:SNIFF_BYTES]:
        raise DataError(
            path,
            "a binary file, not text: export the sheet as CSV or pass the "
            ".xlsx or .ods file itself",
        )
    from charset_normalizer import from_bytes

    best = _likeliest(from_bytes(raw[: 4 * SNIFF_BYTES]))
    if best is None or best.encoding in ("utf_8", "ascii"):
        raise DataError(
            path, f"not UTF-8 text and not an encoding Domekit can tell; {SAVE_AS_UTF8}", line=line
        )
    try:
        text = raw.decode(best.encoding)
    except (UnicodeDecodeError, LookupError):
        raise DataError(
            path,
            f"not UTF-8 text (it looks like {best.encoding}, but is not that either); "
            f"{SAVE_AS_UTF8}",
            line=line,
        ) from None
    return text, _encoding_name(best.encoding)


PREFERRED = ("cp1252", "latin_1", "iso8859_15", "mac_roman")  # when the detector ties


def _likeliest(matches: Any) -> Any:
    """charset-normalizer's best match; among equally good ones (short Western text reads the
    same in Windows-1250, -1252 and -1257) the Western European encodings spreadsheets write."""
    ranked = list(matches)
    if not ranked:
        return None
    first = ranked[0]
    ties = [m for m in ranked if (m.chaos, m.coherence) == (first.chaos, first.coherence)]
    for codec in PREFERRED:
        for match in ties:
            if match.encoding == codec:
                return match
    return first


def _encoding_name(codec: str) -> str:
    names = {
        "cp1252": "Windows-1252",
        "latin_1": "Latin-1",
        "iso8859_15": "Latin-9",
        "mac_roman": "Mac Roman",
        "cp1251": "Windows-1251",
        "cp850": "DOS Latin-1",
    }
    return names.get(codec, codec.replace("_", "-"))


def sniff_delimiter(text: str) -> str:
    """The delimiter the csv module's Sniffer sees in the first lines; when it cannot tell
    (one column, ragged quoting), a semicolon if the header has more of them than commas."""
    sample = text[:SNIFF_CHARS]
    if len(text) > SNIFF_CHARS and "\n" in sample:
        sample = sample[: sample.rindex("\n")]
    try:
        return csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:
        first = text.splitlines()[0] if text else ""
        counts = {d: first.count(d) for d in DELIMITERS}
        best = max(counts, key=lambda d: counts[d])
        return best if counts[best] else ","
