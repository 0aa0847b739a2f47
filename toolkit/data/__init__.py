"""Loading and validating card_data: CSV card lists and TOML settings, boards and units.

Every problem becomes a `DataError` naming the file, the row (spreadsheet row number, the header
being row 1) or line, the field, and what was expected. Data is validated once, here, at the edge.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from toolkit.data.limits import (
    MAX_CELL_CHARS,
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_TEXT_BYTES,
    MAX_TOML_BYTES,
    MAX_TOML_DEPTH,
    TOML_INT_BITS,
    size_text,
)
from toolkit.errors import DataError
from toolkit.resources import card_data_dir

if TYPE_CHECKING:  # pydantic loads where models are validated: reading a CSV needs none of it
    from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound="BaseModel")

if TYPE_CHECKING:
    CARD_DATA: Path
    """The shipped `card_data/` (found when first asked for: `domekit cards` never asks)."""
else:

    def __getattr__(name: str) -> Path:
        if name == "CARD_DATA":
            return card_data_dir()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def game_data_dir(game: str, override: str | Path | None = None) -> Path:
    """The folder holding a game's data: the user's copy if given, else the shipped one."""
    folder = Path(override) if override is not None else card_data_dir() / game
    try:
        found = folder.is_dir()
    except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte
        raise DataError(folder, f"not a usable folder name ({_reason(exc)})") from None
    if not found:
        raise DataError(folder, "no such data folder")
    return folder


def _reason(exc: Exception) -> str:
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


def read_bytes(path: Path, *, limit: int = MAX_TEXT_BYTES) -> bytes:
    """A data file's bytes, at most `limit` of them: a larger file (or a pipe or device that never
    ends) is a DataError, read no further than the limit."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        raise DataError(path, "file not found") from None
    except IsADirectoryError:
        raise DataError(path, "is a folder; expected a file") from None
    except (OSError, ValueError) as exc:
        raise DataError(path, f"cannot read: {_reason(exc)}") from None
    if len(raw) > limit:
        raise _too_large(path, limit)
    return raw


def check_file_size(path: Path, limit: int) -> None:
    """A DataError if the file is missing, unreadable or larger than `limit` bytes (for files
    a library reads itself: a workbook, a picture)."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise DataError(path, "file not found") from None
    except (OSError, ValueError) as exc:
        raise DataError(path, f"cannot read: {_reason(exc)}") from None
    if size > limit:
        raise _too_large(path, limit)


def _too_large(path: Path, limit: int) -> DataError:
    return DataError(path, f"larger than {size_text(limit)}, the most Domekit reads")


def read_text(path: Path, *, limit: int = MAX_TEXT_BYTES) -> str:
    """A data file's text: UTF-8, with or without a byte order mark, at most `limit` bytes."""
    raw = read_bytes(path, limit=limit)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError(path, "not UTF-8 text (save it as UTF-8)", line=line) from None


def _first_problem(exc: ValidationError) -> tuple[str | None, str]:
    err = exc.errors()[0]
    field = ".".join(str(part) for part in err["loc"]) or None
    message = err["msg"]
    if err.get("type") == "missing":
        message = "missing"
    elif "input" in err and not isinstance(err["input"], dict | list):
        message = f"{message} (got {err['input']!r})"
    return field, message


def validate(model: type[M], values: Any, path: Path, *, row: int | None = None) -> M:
    from pydantic import ValidationError

    try:
        return model.model_validate(values)
    except ValidationError as exc:
        field, message = _first_problem(exc)
        raise DataError(path, message, row=row, field=field) from None


def load_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; syntax errors are located by line. At most MAX_TOML_BYTES, nested at
    most MAX_TOML_DEPTH deep, integers in TOML's 64 bits."""
    text = read_text(path, limit=MAX_TOML_BYTES)
    # tomllib recurses per nested array or inline table and slices a dotted key once per part:
    # 100,000 levels are a RecursionError or minutes and gigabytes, so look before parsing.
    deep = _too_deep_line(text, MAX_TOML_DEPTH)
    if deep is not None:
        raise DataError(path, f"nested more than {MAX_TOML_DEPTH} levels deep", line=deep)
    import tomllib  # 2 ms of start-up for commands that read no TOML (`domekit cards`)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None)
        message = getattr(exc, "msg", str(exc))
        raise DataError(path, f"not valid TOML: {message}", line=line) from None
    except RecursionError:  # the scan above should have caught it first
        raise DataError(path, f"nested more than {MAX_TOML_DEPTH} levels deep") from None
    except ValueError:  # int() refuses more than 4,300 digits (sys.get_int_max_str_digits)
        raise DataError(
            path, f"a whole number too long for TOML ({TOML_INT_BITS}-bit)", line=_long_number(text)
        ) from None
    _check_toml_values(path, text, data)
    return data


_TOML_SPECIAL = re.compile(r"[\"'#\[\]{}.=,\n]")


def _too_deep_line(text: str, limit: int) -> int | None:
    """The first line where open brackets and braces plus the dots of a dotted key pass `limit`
    (strings and comments skipped); None if none does. A cheap over-estimate of TOML nesting."""
    depth = dots = 0
    line = 1
    pos = 0
    while (match := _TOML_SPECIAL.search(text, pos)) is not None:
        char, start = match.group(), match.start()
        pos = match.end()
        if char == "\n":
            line += 1
            dots = 0
        elif char == "#":
            pos = _find(text, "\n", pos)
        elif char in "\"'":
            quote = char * 3 if text.startswith(char * 3, start) else char
            end = _string_end(text, start + len(quote), quote)
            line += text.count("\n", start, end)
            pos = end
        elif char in "[{":
            depth += 1
            dots = 0
        elif char in "]}":
            depth = max(0, depth - 1)
            dots = 0
        elif char == ".":
            dots += 1
        else:  # = or ,
            dots = 0
        if depth + dots > limit:
            return line
    return None


def _find(text: str, needle: str, start: int) -> int:
    found = text.find(needle, start)
    return len(text) if found < 0 else found


def _string_end(text: str, start: int, quote: str) -> int:
    """Where a TOML string opened just before `start` ends (after its closing quote); basic
    strings (double quotes) have backslash escapes, literal strings do not."""
    pos = start
    while True:
        end = text.find(quote, pos)
        if end < 0:
            return len(text)
        before = end
        while quote[0] == '"' and before > start and text[before - 1] == "\\":
            before -= 1
        if (end - before) % 2:  # an escaped quote
            pos = end + 1
            continue
        return end + len(quote)


def _long_number(text: str) -> int | None:
    match = re.search(r"[0-9_]{4300,}", text)
    return text.count("\n", 0, match.start()) + 1 if match else None


def _check_toml_values(path: Path, text: str, data: dict[str, Any]) -> None:
    """Nesting at most MAX_TOML_DEPTH deep (headers add up: `[a.b]` then `c.d = 1`), integers
    within TOML's 64 bits; walked without recursion."""
    low, high = -(2 ** (TOML_INT_BITS - 1)), 2 ** (TOML_INT_BITS - 1) - 1
    stack: list[tuple[tuple[str, ...], Any]] = [((), data)]
    while stack:
        keys, value = stack.pop()
        if isinstance(value, dict | list):
            if len(keys) > MAX_TOML_DEPTH:
                raise DataError(
                    path,
                    f"nested more than {MAX_TOML_DEPTH} levels deep",
                    line=_line_of_key(text, keys[-1]),
                    field=".".join(keys[:3]) + " ...",
                )
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend(((*keys, str(key)), item) for key, item in items)
        elif isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
            field = ".".join(keys)
            raise DataError(
                path,
                f"a whole number of {len(str(abs(value)))} digits: TOML integers are "
                f"{TOML_INT_BITS}-bit, {low:,} to {high:,}",
                line=_line_of_key(text, ".".join(key for key in keys if not key.isdigit())),
                field=field,
            )


def load_toml_model(path: Path, model: type[M]) -> M:
    """A TOML file validated against a pydantic model."""
    from pydantic import ValidationError

    data = load_toml(path)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        field, message = _first_problem(exc)
        line = _line_of_key(read_text(path), field)
        raise DataError(path, message, line=line, field=field) from None


def _line_of_key(text: str, field: str | None) -> int | None:
    if not field:
        return None
    key = field.split(".")[-1]
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith(f"{key} ") or line.strip().startswith(f"{key}="):
            return number
    return None


def read_csv(path: Path, required: Iterable[str] = ()) -> list[tuple[int, dict[str, str]]]:
    """Rows of a CSV (comma or semicolon) as (row number, {column: text}), header checked.

    Blank rows are skipped; row numbers are those a spreadsheet shows (header = row 1).
    """
    return csv_rows(path, read_text(path), required)


def csv_rows(
    path: Path,
    text: str,
    required: Iterable[str] = (),
    *,
    delimiter: str | None = None,
    exact: bool = False,
) -> list[tuple[int, dict[str, str]]]:
    """`read_csv` of a text already read; `delimiter` None: a semicolon if the header row has
    more of them than commas, else a comma. A quote opened and never closed is an error naming
    the line it opens on (the csv module would read the rest of the file as one cell); with
    `exact`, so is a row of fewer cells than the header has columns (a designer's sheet, where a
    lost delimiter shifts every cell after it)."""
    if not text.strip():
        raise DataError(path, "the file is empty; expected a header row")
    if delimiter is None:
        first = text.splitlines()[0]
        delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = [name.strip() for name in next(reader)]
    except csv.Error as exc:
        raise DataError(path, _csv_problem(exc, reader.line_num, 1), line=1) from None
    missing = [name for name in required if name not in header]
    if missing:
        raise DataError(
            path,
            f"missing column(s) {', '.join(missing)}; the header has {', '.join(header)}",
            row=1,
        )
    duplicated = {name for name in header if name and header.count(name) > 1}
    if duplicated:
        raise DataError(path, f"column named twice: {', '.join(sorted(duplicated))}", row=1)
    check_sheet_row(path, 1, 0, header, header)
    rows: list[tuple[int, dict[str, str]]] = []
    start = reader.line_num + 1
    try:
        for cells in reader:
            number = reader.line_num
            if not any(cell.strip() for cell in cells):
                start = number + 1
                continue
            if len(cells) > len(header) or (exact and len(cells) < len(header)):
                where = f"line {start}" if start == number else f"lines {start}-{number}"
                raise DataError(
                    path,
                    f"{len(cells)} cells but the header has {len(header)} columns ({where}: a "
                    f"{DELIMITER_WORDS.get(delimiter, repr(delimiter))} too many or too few, or a "
                    "quote left open)",
                    row=number,
                )
            check_sheet_row(path, number, len(rows) + 1, header, cells)
            cells = cells + [""] * (len(header) - len(cells))
            rows.append(
                (number, {name: cell.strip() for name, cell in zip(header, cells, strict=True)})
            )
            start = number + 1
    except csv.Error as exc:
        raise DataError(path, _csv_problem(exc, reader.line_num, start), line=start) from None
    return rows


DELIMITER_WORDS = {",": "comma", ";": "semicolon", "\t": "tab", "|": "bar"}


def _csv_problem(exc: csv.Error, last: int, start: int) -> str:
    """What the csv module's error means, for the person who wrote the file."""
    if "unexpected end of data" in str(exc):
        return (
            f'a quote (") opens a cell on this line and is never closed: lines {start} to {last} '
            'would be one cell; close the quote, or double a quote inside a quoted cell ("")'
        )
    if "expected after" in str(exc):
        return (
            f"not valid CSV: {exc} (a quoted cell goes on after its closing quote; write a quote "
            'inside a quoted cell as "")'
        )
    return f"not valid CSV: {exc}"


def check_sheet_row(
    path: Path, number: int, index: int, header: Sequence[str], cells: Sequence[str]
) -> None:
    """The bounds of a CSV or spreadsheet row: the `index`-th data row (0 for the header) at
    row `number`, at most MAX_ROWS of them, MAX_COLUMNS columns and MAX_CELL_CHARS a cell."""
    if index > MAX_ROWS:
        raise DataError(path, f"more than {MAX_ROWS:,} rows below the header", row=number)
    if len(header) > MAX_COLUMNS:
        raise DataError(path, f"more than {MAX_COLUMNS} columns", row=1)
    for column, cell in zip(header, cells, strict=False):
        if len(cell) > MAX_CELL_CHARS:
            raise DataError(
                path,
                f"a cell of {len(cell):,} characters; at most {MAX_CELL_CHARS:,}",
                row=number,
                field=column or None,
            )


def validated_rows(path: Path, model: type[M], required: Iterable[str]) -> Iterator[tuple[int, M]]:
    """Each CSV row as (row number, model), blank cells left out so the model's defaults apply."""
    for number, values in read_csv(path, required):
        cleaned = {name: value for name, value in values.items() if value != ""}
        yield number, validate(model, cleaned, path, row=number)


def load_csv_rows(path: Path, model: type[M], required: Iterable[str]) -> list[tuple[int, M]]:
    """Every CSV row validated, with its row number; a file with no rows is an error."""
    rows = list(validated_rows(path, model, required))
    if not rows:
        raise DataError(path, "no rows below the header")
    return rows


def unique_rows(path: Path, rows: Iterable[tuple[int, M]], key: str) -> Iterator[tuple[int, M]]:
    """The rows as they come, stopping at the first whose `key` an earlier row already has."""
    seen: dict[str, int] = {}
    for number, row in rows:
        ident = str(getattr(row, key))
        if ident in seen:
            raise DataError(
                path,
                f"duplicate {key} {ident!r} (first on row {seen[ident]})",
                row=number,
                field=key,
            )
        seen[ident] = number
        yield number, row


def load_csv_models(
    path: Path, model: type[M], *, key: str | None = None, required: Iterable[str] | None = None
) -> list[M]:
    """Every row of a CSV validated against a model; `key` names a column that must be unique."""
    if required is None:
        required = [name for name, info in model.model_fields.items() if info.is_required()]
    rows = validated_rows(path, model, required)
    if key is not None:
        rows = unique_rows(path, rows, key)
    items = [item for _, item in rows]
    if not items:
        raise DataError(path, "no rows below the header")
    return items


def line_of(text: str, needle: str) -> int | None:
    """The number of the first line of `text` containing `needle`."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number
    return None


def check_colours(value: dict[str, str]) -> dict[str, str]:
    """A pydantic validator for a table of colours: each one #rrggbb."""
    for name, colour in value.items():
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
            raise ValueError(f"colour for {name!r} must be #rrggbb (got {colour!r})")
    return value


def check_colours_cover(path: Path, settings: object, wanted: dict[str, list[str]]) -> None:
    """Each colour table of print.toml (`settings`) names every colour in `wanted[table]`."""
    for table, names in wanted.items():
        have = getattr(settings, table)
        missing = [name for name in names if name not in have]
        if missing:
            raise DataError(
                path,
                f"no colour for {', '.join(missing)}",
                line=line_of(read_text(path), f"[{table}]"),
                field=table,
            )
