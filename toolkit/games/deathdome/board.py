"""The Death Dome board: squares, what is on them, and the geometry the rules use.

A board is a text grid in card_data (one character a square, with a legend). Squares are named
like chess: column letter, then row number, A1 the bottom-left square as printed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, NamedTuple, get_args

from toolkit.data import load_toml, read_text
from toolkit.errors import DataError, DomekitError

Kind = Literal[
    "floor",
    "thin_wall",
    "short_wall",
    "lava",
    "bridge",
    "tower_edge",
    "tower_centre",
    "base",
    "jail",
    "jail_release",
    "control_point",
]
KINDS: tuple[str, ...] = get_args(Kind)
WALLS = frozenset({"thin_wall", "short_wall"})
TOWER = frozenset({"tower_edge", "tower_centre"})
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Square(NamedTuple):
    """A square by column and row, both counted from 0 at the bottom-left (A1)."""

    col: int
    row: int

    def __str__(self) -> str:
        return f"{COLUMNS[self.col]}{self.row + 1}"


@dataclass(frozen=True)
class Cell:
    """What is printed on one square."""

    kind: Kind
    colour: str | None = None  # the team colour of a base square
    tower: str | None = None  # which tower, for tower_edge and tower_centre squares
    jail: str | None = None  # which jail, for jail and jail_release squares

    @property
    def is_wall(self) -> bool:
        return self.kind in WALLS

    @property
    def on_tower(self) -> bool:
        return self.kind in TOWER


@dataclass(frozen=True)
class Board:
    """A loaded board; `rows[0]` is the bottom row (row 1)."""

    name: str
    width: int
    height: int
    rows: tuple[tuple[Cell, ...], ...]

    def squares(self) -> list[Square]:
        """Every square, A1 first, along each row from the bottom."""
        return [Square(col, row) for row in range(self.height) for col in range(self.width)]

    def on_board(self, square: Square) -> bool:
        return 0 <= square.col < self.width and 0 <= square.row < self.height

    def cell(self, square: Square | str) -> Cell:
        if isinstance(square, str):
            square = self.parse_square(square)
        if not self.on_board(square):
            raise DomekitError(f"square {square} is off the board")
        return self.rows[square.row][square.col]

    def parse_square(self, text: str) -> Square:
        """'C5' -> Square(2, 4); a name off this board or not a square name is a DomekitError."""
        match = re.fullmatch(r"\s*([A-Za-z])\s*(\d+)\s*", text)
        if not match:
            raise DomekitError(
                f"{text!r} is not a square name; expected a column letter and a row number, like C5"
            )
        col = COLUMNS.index(match.group(1).upper())
        row = int(match.group(2)) - 1
        square = Square(col, row)
        if not self.on_board(square):
            last = Square(self.width - 1, self.height - 1)
            raise DomekitError(f"square {text.strip().upper()} is off the board (A1 to {last})")
        return square

    def squares_of(self, kind: str, *, colour: str | None = None) -> list[Square]:
        """Every square of a kind (and, for bases, of a colour)."""
        return [
            square
            for square in self.squares()
            if self.cell(square).kind == kind
            and (colour is None or self.cell(square).colour == colour)
        ]

    def base_colours(self) -> list[str]:
        seen: list[str] = []
        for square in self.squares_of("base"):
            colour = self.cell(square).colour
            if colour is not None and colour not in seen:
                seen.append(colour)
        return seen

    def towers(self) -> dict[str, list[Square]]:
        """Each tower's squares (edge and centre) by tower name."""
        found: dict[str, list[Square]] = {}
        for square in self.squares():
            cell = self.cell(square)
            if cell.on_tower and cell.tower is not None:
                found.setdefault(cell.tower, []).append(square)
        return found

    def jails(self) -> dict[str, list[Square]]:
        found: dict[str, list[Square]] = {}
        for square in self.squares_of("jail"):
            found.setdefault(self.cell(square).jail or "", []).append(square)
        return found

    def neighbours(self, square: Square) -> list[Square]:
        """The up to 8 squares next to a square (diagonals count)."""
        return [
            Square(square.col + dc, square.row + dr)
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dc or dr) and self.on_board(Square(square.col + dc, square.row + dr))
        ]

    def jail_release_points(self) -> dict[str, list[Square]]:
        found: dict[str, list[Square]] = {}
        for square in self.squares_of("jail_release"):
            found.setdefault(self.cell(square).jail or "", []).append(square)
        return found


# ----------------------------------------------------------------------------------------------
# Loading


_GRID_START = re.compile(r"^\s*grid\s*=\s*('''|\"\"\")")


def load_board(path: Path | str, *, colours: tuple[str, ...] | None = None) -> Board:
    """Read a board TOML: `name`, `grid` (a multi-line string) and `[legend]`.

    `colours`, when given, are the team colours a base may have (from rules.toml).
    Grid problems are DataErrors naming the file and the line of the grid row.
    """
    path = Path(path)
    data = load_toml(path)
    text = read_text(path)
    first_grid_line = _grid_first_line(text)

    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name.strip():
        raise DataError(path, "name must be a non-empty text", field="name")
    grid = data.get("grid")
    if not isinstance(grid, str):
        raise DataError(
            path, "missing grid: a multi-line text, one character a square", field="grid"
        )
    legend = _legend(path, data.get("legend"), colours)

    lines = grid.split("\n")
    # TOML drops the newline right after the opening quotes; drop a trailing empty line too.
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or all(not line.strip() for line in lines):
        raise DataError(
            path, "the grid is empty; expected one text line per board row", field="grid"
        )
    width = len(lines[0])
    if width > len(COLUMNS):
        raise DataError(
            path,
            f"the grid is {width} squares wide; at most {len(COLUMNS)} (A to Z)",
            line=first_grid_line,
        )
    cells_top_down: list[tuple[Cell, ...]] = []
    for index, line in enumerate(lines):
        line_no = first_grid_line + index if first_grid_line else None
        if len(line) != width:
            raise DataError(
                path,
                f"grid row {index + 1} from the top is {len(line)} squares wide; "
                f"the first row is {width}",
                line=line_no,
            )
        row: list[Cell] = []
        for col, symbol in enumerate(line):
            if symbol not in legend:
                known = " ".join(repr(s) for s in legend)
                raise DataError(
                    path,
                    f"unknown symbol {symbol!r} in column {COLUMNS[col]}; the legend has {known}",
                    line=line_no,
                )
            row.append(legend[symbol])
        cells_top_down.append(tuple(row))

    board = Board(name=name, width=width, height=len(lines), rows=tuple(reversed(cells_top_down)))
    _check_board(path, board, colours)
    return board


def _grid_first_line(text: str) -> int | None:
    """The file line of the grid's first row (the line after `grid = '''`)."""
    for number, line in enumerate(text.splitlines(), start=1):
        match = _GRID_START.match(line)
        if match:
            rest = line[match.end() :]
            return number if rest.strip() else number + 1
    return None


def _legend(path: Path, raw: object, colours: tuple[str, ...] | None) -> dict[str, Cell]:
    if not isinstance(raw, dict) or not raw:
        raise DataError(path, "missing [legend]: one entry per grid symbol", field="legend")
    legend: dict[str, Cell] = {}
    for symbol, entry in raw.items():
        where = f"legend.{symbol}"
        if len(symbol) != 1:
            raise DataError(path, "a legend symbol must be one character", field=where)
        if not isinstance(entry, dict):
            raise DataError(path, 'expected a table like { kind = "floor" }', field=where)
        unknown = set(entry) - {"kind", "colour", "tower", "jail"}
        if unknown:
            raise DataError(
                path,
                f"unknown key(s) {', '.join(sorted(unknown))}; expected kind, colour, "
                "tower or jail",
                field=where,
            )
        kind = entry.get("kind")
        if kind not in KINDS:
            raise DataError(
                path, f"kind {kind!r} is not one of {', '.join(KINDS)}", field=f"{where}.kind"
            )
        colour = entry.get("colour")
        tower = entry.get("tower")
        jail = entry.get("jail")
        if kind == "base":
            if not isinstance(colour, str):
                raise DataError(path, "a base needs a colour", field=f"{where}.colour")
            if colours is not None and colour not in colours:
                raise DataError(
                    path,
                    f"colour {colour!r} is not a team colour ({', '.join(colours)})",
                    field=f"{where}.colour",
                )
        elif colour is not None:
            raise DataError(path, "only a base has a colour", field=f"{where}.colour")
        if kind in TOWER:
            if not isinstance(tower, str):
                raise DataError(path, "a tower square needs a tower name", field=f"{where}.tower")
        elif tower is not None:
            raise DataError(path, "only tower squares name a tower", field=f"{where}.tower")
        if kind in ("jail", "jail_release"):
            if not isinstance(jail, str):
                raise DataError(path, "jail squares need a jail name", field=f"{where}.jail")
        elif jail is not None:
            raise DataError(path, "only jail squares name a jail", field=f"{where}.jail")
        legend[symbol] = Cell(kind=kind, colour=colour, tower=tower, jail=jail)
    return legend


def _check_board(path: Path, board: Board, colours: tuple[str, ...] | None) -> None:
    """Whole-board checks: bases for the teams, towers whole, jails releasable."""
    bases = board.base_colours()
    needed = colours if colours is not None else ()
    missing = [colour for colour in needed if colour not in bases]
    if len(bases) < 2 or missing:
        what = f"no base for {', '.join(missing)}" if missing else f"only {len(bases)} base(s)"
        raise DataError(path, f"{what}; every team colour needs a base", field="grid")
    for tower, squares in board.towers().items():
        centres = [s for s in squares if board.cell(s).kind == "tower_centre"]
        if len(centres) != 1:
            raise DataError(
                path, f"tower {tower!r} has {len(centres)} centre squares; expected 1", field="grid"
            )
        if not any(board.cell(n).kind == "bridge" for s in squares for n in board.neighbours(s)):
            raise DataError(path, f"tower {tower!r} has no bridge next to it", field="grid")
    releases = board.jail_release_points()
    for jail in board.jails():
        if jail not in releases:
            raise DataError(path, f"jail {jail!r} has no jail release point", field="grid")
    for jail in releases:
        if jail not in board.jails():
            raise DataError(path, f"jail release point for unknown jail {jail!r}", field="grid")
