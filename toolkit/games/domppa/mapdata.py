"""Domppa's battle map (card_data/domppa/map.toml): the grid, one character a square, and its
legend; every problem a DataError naming the file, the line and, for the legend, the field."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from toolkit.data import load_toml, read_text, validate
from toolkit.data.printing import Section
from toolkit.errors import DataError

COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
Movement = Literal["open", "difficult", "impassable"]
Pattern = Literal["none", "dots", "trees", "bricks", "waves", "ripples", "planks", "stripes"]


class Terrain(Section):
    """One legend entry of map.toml."""

    name: str = Field(min_length=1)
    movement: Movement
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    pattern: Pattern = "none"


@dataclass(frozen=True)
class BattleMap:
    name: str
    rows: tuple[str, ...]  # top row first, as written in the file
    legend: dict[str, Terrain]

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def symbol(self, col: int, row: int) -> str:
        """The symbol of the square at column `col` (0 = A) and row `row` (0 = row 1, bottom)."""
        return self.rows[self.height - 1 - row][col]

    def used_symbols(self) -> list[str]:
        """Legend symbols the grid uses, in legend order."""
        used = set("".join(self.rows))
        return [symbol for symbol in self.legend if symbol in used]


def _grid_first_line(text: str) -> int | None:
    """The file line of the grid's first row (the line after `grid = '''`)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if re.match(r"\s*grid\s*=", line):
            rest = line.split("=", 1)[1].strip()
            return number + 1 if rest in ("'''", '"""') else number
    return None


def load_map(path: str | Path) -> BattleMap:
    """map.toml: `name`, `grid` (one character a square) and `[legend]`; every problem is a
    DataError naming the file, the line and, for the legend, the field."""
    path = Path(path)
    data = load_toml(path)
    text = read_text(path)
    name = data.get("name", "Battle map")
    if not isinstance(name, str) or not name.strip():
        raise DataError(path, "name must be a non-empty text", field="name")
    raw_legend = data.get("legend")
    if not isinstance(raw_legend, dict) or not raw_legend:
        raise DataError(path, "missing [legend]: one entry per grid symbol", field="legend")
    legend: dict[str, Terrain] = {}
    for symbol, entry in raw_legend.items():
        if len(symbol) != 1 or symbol.isspace():
            raise DataError(
                path, f"legend symbol {symbol!r} must be one visible character", field="legend"
            )
        try:
            legend[symbol] = validate(Terrain, entry, path)
        except DataError as exc:
            raise DataError(
                path,
                exc.detail,
                line=_line_of_symbol(text, symbol),
                field=f"legend.{symbol}.{exc.field}" if exc.field else f"legend.{symbol}",
            ) from None
    grid = data.get("grid")
    if not isinstance(grid, str):
        raise DataError(
            path, "missing grid: a multi-line text, one character a square", field="grid"
        )
    lines = grid.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or all(not line.strip() for line in lines):
        raise DataError(path, "the map is empty; expected one text line per map row", field="grid")
    first = _grid_first_line(text)
    width = len(lines[0])
    if width > len(COLUMNS):
        raise DataError(
            path, f"the map is {width} squares wide; at most {len(COLUMNS)} (A to Z)", line=first
        )
    for index, line in enumerate(lines):
        line_no = first + index if first else None
        if len(line) != width:
            raise DataError(
                path,
                f"map row {index + 1} from the top is {len(line)} squares wide; "
                f"the first row is {width}",
                line=line_no,
                field="grid",
            )
        for col, symbol in enumerate(line):
            if symbol not in legend:
                known = " ".join(repr(s) for s in legend)
                raise DataError(
                    path,
                    f"unknown symbol {symbol!r} in column {COLUMNS[col]} (square "
                    f"{COLUMNS[col]}{len(lines) - index}); the legend has {known}",
                    line=line_no,
                    field="grid",
                )
    return BattleMap(name=name.strip(), rows=tuple(lines), legend=legend)


def _line_of_symbol(text: str, symbol: str) -> int | None:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith((f'"{symbol}"', f"'{symbol}'")):
            return number
    return None
