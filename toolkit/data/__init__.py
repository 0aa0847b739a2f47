"""Loading and validating card_data: CSV card lists and TOML settings, boards and units.

Every problem becomes a `DataError` naming the file, the row (spreadsheet row number, the header
being row 1) or line, the field, and what was expected. Data is validated once, here, at the edge.
"""

from __future__ import annotations

import csv
import io
import re
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from toolkit.errors import DataError
from toolkit.resources import card_data_dir

if TYPE_CHECKING:  # pydantic loads where models are validated: reading a CSV needs none of it
    from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound="BaseModel")

CARD_DATA = card_data_dir()


def game_data_dir(game: str, override: str | Path | None = None) -> Path:
    """The folder holding a game's data: the user's copy if given, else the shipped one."""
    folder = Path(override) if override is not None else CARD_DATA / game
    if not folder.is_dir():
        raise DataError(folder, "no such data folder")
    return folder


def read_text(path: Path) -> str:
    """A data file's text: UTF-8, with or without a byte order mark."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError(path, "file not found") from None
    except OSError as exc:
        raise DataError(path, f"cannot read: {exc.strerror}") from None
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
    """Parse a TOML file; syntax errors are located by line."""
    text = read_text(path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None)
        message = getattr(exc, "msg", str(exc))
        raise DataError(path, f"not valid TOML: {message}", line=line) from None


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
    text = read_text(path)
    if not text.strip():
        raise DataError(path, "the file is empty; expected a header row")
    first = text.splitlines()[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = [name.strip() for name in next(reader)]
    except csv.Error as exc:
        raise DataError(path, f"not valid CSV: {exc}", row=1) from None
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
    rows: list[tuple[int, dict[str, str]]] = []
    try:
        for cells in reader:
            number = reader.line_num
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) > len(header):
                raise DataError(
                    path, f"{len(cells)} cells but the header has {len(header)} columns", row=number
                )
            cells = cells + [""] * (len(header) - len(cells))
            rows.append(
                (number, {name: cell.strip() for name, cell in zip(header, cells, strict=True)})
            )
    except csv.Error as exc:
        raise DataError(path, f"not valid CSV: {exc}", row=reader.line_num) from None
    return rows


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
