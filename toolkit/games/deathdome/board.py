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
from toolkit.output import counted

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
_DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1))


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
        """The up to 8 squares next to a square (diagonals count), straight ones first."""
        return [
            Square(square.col + dc, square.row + dr)
            for dc, dr in _DIRECTIONS
            if self.on_board(Square(square.col + dc, square.row + dr))
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

    lines = grid.splitlines()
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


# ----------------------------------------------------------------------------------------------
# Geometry: distance, line of sight, movement, push back


def distance(a: Square, b: Square) -> int:
    """Squares between two squares, a diagonal step counting 1 (Chebyshev)."""
    return max(abs(a.col - b.col), abs(a.row - b.row))


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def in_line(a: Square, b: Square) -> bool:
    """On one row, column or diagonal: the rules' "perfect line" for push back."""
    dc, dr = b.col - a.col, b.row - a.row
    return dc == 0 or dr == 0 or abs(dc) == abs(dr)


def higher_ground(board: Board, attacker: Square, target: Square) -> bool:
    """Rules: "Higher ground indicates an attack from a unit on the tower to a unit not on the
    tower"."""
    return board.cell(attacker).on_tower and not board.cell(target).on_tower


@dataclass(frozen=True)
class Sight:
    """Whether a unit on `origin` sees `target`, and why."""

    origin: str
    target: str
    visible: bool
    reason: str
    distance: int
    higher_ground: bool
    steps: list[str]


def _crossed(a: Square, b: Square) -> list[Square]:
    """Squares (endpoints excluded) whose inside the centre-to-centre segment a-b passes through.

    Only squares in the two squares' bounding box can be crossed. A square is crossed when its
    corners lie strictly on both sides of the line: with the cross product f of its centre (in
    whole numbers), when |2 f| < |dc| + |dr|."""
    dc, dr = b.col - a.col, b.row - a.row
    reach = abs(dc) + abs(dr)
    crossed: list[Square] = []
    for row in range(min(a.row, b.row), max(a.row, b.row) + 1):
        for col in range(min(a.col, b.col), max(a.col, b.col) + 1):
            if (col, row) in (a, b):
                continue
            if 2 * abs(dc * (row - a.row) - dr * (col - a.col)) < reach:
                crossed.append(Square(col, row))
    crossed.sort(key=lambda s: distance(a, s))
    return crossed


def _pinches(a: Square, b: Square) -> list[tuple[Square, Square]]:
    """Pairs of squares the segment a-b squeezes between where it passes exactly through a
    corner shared by four squares (it touches the insides of neither of the pair)."""
    dc, dr = b.col - a.col, b.row - a.row
    if dc == 0 or dr == 0:
        return []
    pairs: list[tuple[Square, Square]] = []
    for col in range(min(a.col, b.col), max(a.col, b.col)):
        for row in range(min(a.row, b.row), max(a.row, b.row)):
            # the corner (col + 1/2, row + 1/2), doubled, on the line?
            if dc * (2 * (row - a.row) + 1) != dr * (2 * (col - a.col) + 1):
                continue
            if _sign(dc) == _sign(dr):
                pairs.append((Square(col + 1, row), Square(col, row + 1)))
            else:
                pairs.append((Square(col, row), Square(col + 1, row + 1)))
    return pairs


def _describe(board: Board, square: Square) -> str:
    cell = board.cell(square)
    what = cell.kind.replace("_", " ")
    if cell.kind == "base":
        what = f"{cell.colour} base"
    elif cell.on_tower:
        what = f"{what} of the {cell.tower} tower"
    return f"{square} ({what})"


def _blocker(board: Board, square: Square, over_short_walls: bool) -> str | None:
    """Why a square on the line blocks sight, or None."""
    cell = board.cell(square)
    if cell.kind == "thin_wall":
        return f"a wall at {square} is in the way (units cannot see through any walls)"
    if cell.kind == "short_wall" and not over_short_walls:
        return (
            f"a short wall at {square} is in the way (units cannot see through any walls; "
            "only a unit on the tower sees over short walls)"
        )
    if cell.on_tower:
        return (
            f"the {cell.tower} tower at {square} is in the way (units cannot see through the tower)"
        )
    return None


def line_of_sight(
    board: Board, origin: Square, target: Square, *, ignore_los: bool = False
) -> Sight:
    """Line of sight traced centre to centre over the grid, with the rules' tower exceptions.

    Walls and the tower block; the bridges are ground level; from the ground only the tower
    edge facing you is seen (the rest of the tower is behind the tower); the centre square is
    never seen from off its tower, nor sees off it; a line with one end on the tower passes over
    short walls. Units do not block sight. A weapon that ignores line of sight is not stopped by
    walls or the tower.
    """
    start, end = board.cell(origin), board.cell(target)
    steps = [f"from {_describe(board, origin)} to {_describe(board, target)}"]
    high = higher_ground(board, origin, target)

    def result(visible: bool, reason: str) -> Sight:
        steps.append(reason)
        return Sight(
            origin=str(origin),
            target=str(target),
            visible=visible,
            reason=reason,
            distance=distance(origin, target),
            higher_ground=high,
            steps=steps,
        )

    if origin == target:
        return result(True, "the same square")
    for square, cell in ((origin, start), (target, end)):
        if cell.is_wall:
            return result(False, f"{square} is a wall: no unit stands there")
    if ignore_los:
        return result(True, "the weapon ignores line of sight: walls and the tower do not stop it")
    if start.on_tower and end.on_tower and start.tower == end.tower:
        return result(True, f"both squares are on the {start.tower} tower")
    for square, cell in ((origin, start), (target, end)):
        if cell.kind == "tower_centre":
            return result(
                False,
                f"{square} is the {cell.tower} tower's centre square: it cannot be seen from "
                "off the tower and units on it see nothing off it (a bomb may still target it)",
            )
    over_short_walls = start.on_tower or end.on_tower
    if over_short_walls:
        steps.append(
            "one end is on the tower: short walls do not block (units on the tower see over them)"
        )
    if start.kind == "bridge" or end.kind == "bridge":
        steps.append("bridges count as ground level")
    for square in _crossed(origin, target):
        reason = _blocker(board, square, over_short_walls)
        if reason:
            return result(False, reason)
    for first, second in _pinches(origin, target):
        one = _blocker(board, first, over_short_walls)
        two = _blocker(board, second, over_short_walls)
        if one and two:
            return result(
                False,
                f"the line passes exactly between {first} and {second}, which both block: {one}",
            )
    if end.kind == "tower_edge" and not start.on_tower:
        return result(True, f"clear line: {target} is on the tower edge facing {origin}")
    if start.kind == "tower_edge" and not end.on_tower:
        return result(True, f"clear line down from the tower edge at {origin}")
    return result(True, "clear line: no wall or tower in the way")


def in_range(origin: Square, target: Square, reach: int) -> bool:
    return 0 < distance(origin, target) <= reach


# ---------------------------------------------------------------------------------- movement


@dataclass(frozen=True)
class MoveCheck:
    """Whether a unit may move from `origin` to `target` in one movement phase, and how."""

    origin: str
    target: str
    allowed: bool
    reason: str
    movement: int
    squares_needed: int | None  # None when no legal path exists at all
    path: list[str]
    steps: list[str]


def square_problem(
    board: Board, square: Square, *, colour: str, lava_allowed: bool = False
) -> str | None:
    """Why a unit of `colour` may never move onto this square, whichever way it comes, or None."""
    cell = board.cell(square)
    if cell.kind == "thin_wall":
        return f"{square} is a thin wall (units may not move through the thin walls)"
    if cell.kind == "short_wall":
        return f"{square} is a short wall (walls cannot be crossed)"
    if cell.kind == "jail":
        return f"{square} is a jail: units go there only when killed"
    if cell.kind == "base" and cell.colour != colour:
        return f"{square} is the {cell.colour} base (units cannot move into an enemy base)"
    if cell.kind == "lava" and not lava_allowed:
        return f"{square} is lava (units may not move onto lava unless a card allows it)"
    return None


def step_problem(
    board: Board,
    here: Square,
    there: Square,
    *,
    colour: str,
    enemies: frozenset[Square] = frozenset(),
    lava_allowed: bool = False,
    climb: bool = False,
) -> str | None:
    """Why a unit of `colour` may not step from `here` to the next square `there`, or None.
    `climb`: a card lets it onto and off the tower from any square ("Bridges are the ONLY way
    to access the tower unless otherwise stated on a card")."""
    cell, came_from = board.cell(there), board.cell(here)
    closed = square_problem(board, there, colour=colour, lava_allowed=lava_allowed)
    if closed:
        return closed
    if not climb and cell.on_tower and not came_from.on_tower and came_from.kind != "bridge":
        return (
            f"{there} is on the {cell.tower} tower, and {here} is not a bridge "
            "(the tower may only be moved onto from an adjacent bridge space)"
        )
    if not climb and came_from.on_tower and not cell.on_tower and cell.kind != "bridge":
        return (
            f"{there} is off the {came_from.tower} tower and not a bridge "
            "(bridges are the ONLY way to access the tower)"
        )
    if there.col != here.col and there.row != here.row:
        side_a, side_b = Square(here.col, there.row), Square(there.col, here.row)
        if board.cell(side_a).is_wall and board.cell(side_b).is_wall:
            return f"the step {here}-{there} squeezes between the walls at {side_a} and {side_b}"
    if there in enemies:
        return f"an enemy stands on {there} (units may not move through enemies)"
    return None


def can_move(
    board: Board,
    origin: Square,
    target: Square,
    *,
    movement: int,
    colour: str,
    teammates: frozenset[Square] | set[Square] = frozenset(),
    enemies: frozenset[Square] | set[Square] = frozenset(),
    lava_allowed: bool = False,
    climb: bool = False,
) -> MoveCheck:
    """A movement phase from `origin` to `target`: the shortest legal path and whether the unit's
    Movement covers it. Units move diagonally and through teammates, not through enemies, and end
    on an empty square."""
    teammates, enemies = frozenset(teammates), frozenset(enemies)
    steps = [
        f"{colour} unit on {_describe(board, origin)} with Movement {movement} "
        f"to {_describe(board, target)}"
    ]

    def result(allowed: bool, reason: str, needed: int | None, path: list[Square]) -> MoveCheck:
        steps.append(reason)
        return MoveCheck(
            origin=str(origin),
            target=str(target),
            allowed=allowed,
            reason=reason,
            movement=movement,
            squares_needed=needed,
            path=[str(s) for s in path],
            steps=steps,
        )

    start = board.cell(origin)
    if start.kind == "jail":
        return result(False, f"{origin} is a jail: no movement from jail", None, [])
    if start.is_wall:
        return result(False, f"{origin} is a wall: no unit stands there", None, [])
    if origin == target:
        return result(True, "the unit stays where it is", 0, [origin])
    if target in enemies:
        return result(
            False, f"an enemy stands on {target} (units may not move through enemies)", None, []
        )
    if target in teammates:
        return result(False, f"a teammate stands on {target}: one unit a square", None, [])
    closed = square_problem(board, target, colour=colour, lava_allowed=lava_allowed)
    if closed:
        return result(False, closed, None, [])

    previous: dict[Square, Square] = {origin: origin}
    frontier = [origin]
    while frontier and target not in previous:
        following: list[Square] = []
        for here in frontier:
            for there in board.neighbours(here):
                if there in previous:
                    continue
                if step_problem(
                    board, here, there, colour=colour, enemies=enemies,
                    lava_allowed=lava_allowed, climb=climb,
                ):  # fmt: skip
                    continue
                previous[there] = here
                following.append(there)
        frontier = following
    if target not in previous:
        # Explain with what bars the last step from each square the unit can reach.
        reasons = {
            step_problem(
                board,
                n,
                target,
                colour=colour,
                enemies=enemies,
                lava_allowed=lava_allowed,
                climb=climb,
            )  # fmt: skip
            for n in board.neighbours(target)
            if n in previous
        }
        reasons.discard(None)
        if reasons:
            return result(False, "; ".join(sorted(r for r in reasons if r)), None, [])
        return result(False, f"no legal path from {origin} to {target}", None, [])
    path = [target]
    while path[-1] != origin:
        path.append(previous[path[-1]])
    path.reverse()
    needed = len(path) - 1
    steps.append("shortest legal path: " + " ".join(str(s) for s in path))
    if needed > movement:
        return result(
            False,
            f"needs {counted(needed, 'square')} of movement; the unit has Movement {movement}",
            needed,
            path,
        )
    return result(True, f"{counted(needed, 'square')}, within Movement {movement}", needed, path)


# ---------------------------------------------------------------------------------- push back


@dataclass(frozen=True)
class PushOption:
    """One square a pushed unit may be pushed onto, and what happens there."""

    square: str
    result: Literal["moved", "negated", "lava"]
    reason: str


def push_back_options(
    board: Board,
    attacker: Square,
    target: Square,
    *,
    squares: int = 1,
    occupied: frozenset[Square] | set[Square] = frozenset(),
    colour: str | None = None,
) -> list[tuple[list[Square], PushOption]]:
    """Where a wounded unit on `target` may be pushed back by an attack from `attacker`.

    In a perfect line (row, column or diagonal) there is one direction: straight back. Otherwise
    the unit's manager chooses among the adjacent squares that move it away (the distance to the
    attacker grows). Each option is followed `squares` squares in its direction; a wall, a unit,
    the board's edge, a jail, an enemy base or the raised tower in the first square negates the
    push entirely (later in the path it stops the push there); lava kills the unit.
    Returns (the squares passed, what happens) per option.
    """
    occupied = frozenset(occupied)
    if in_line(attacker, target):
        directions = [(_sign(target.col - attacker.col), _sign(target.row - attacker.row))]
    else:
        here = distance(attacker, target)
        directions = [
            (n.col - target.col, n.row - target.row)
            for n in _all_neighbours(target)
            if distance(attacker, n) > here
        ]
    options: list[tuple[list[Square], PushOption]] = []
    for dc, dr in directions:
        passed: list[Square] = []
        here_square = target
        outcome: PushOption | None = None
        for _ in range(squares):
            there = Square(here_square.col + dc, here_square.row + dr)
            problem = _push_problem(board, here_square, there, occupied, colour)
            if problem is not None:
                if not passed:
                    outcome = PushOption(str(there), "negated", problem)
                break
            passed.append(there)
            here_square = there
            if board.cell(there).kind == "lava":
                outcome = PushOption(
                    str(there), "lava", f"{there} is lava: the unit is killed and sent to jail"
                )
                break
        if outcome is None:
            outcome = PushOption(str(here_square), "moved", f"pushed back onto {here_square}")
        options.append((passed, outcome))
    return options


def _all_neighbours(square: Square) -> list[Square]:
    return [
        Square(square.col + dc, square.row + dr)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if dc or dr
    ]


def _push_problem(
    board: Board, here: Square, there: Square, occupied: frozenset[Square], colour: str | None
) -> str | None:
    if not board.on_board(there):
        return "the edge of the Dome is behind the unit (as a wall): no push back"
    cell, came_from = board.cell(there), board.cell(here)
    if cell.is_wall:
        return f"the unit is up against a wall at {there}: no push back"
    if there in occupied:
        return f"another unit is behind it on {there}: no push back"
    if cell.kind == "jail":
        return f"{there} is a jail: no push back"
    if cell.kind == "base" and cell.colour != colour:
        return f"{there} is the {cell.colour} base (units cannot move into an enemy base): no push"
    if cell.on_tower and not came_from.on_tower:
        return f"{there} is on the raised tower: no push back"
    if there.col != here.col and there.row != here.row:
        side_a, side_b = Square(here.col, there.row), Square(there.col, here.row)
        if board.cell(side_a).is_wall and board.cell(side_b).is_wall:
            return f"the walls at {side_a} and {side_b} are behind the unit: no push back"
    return None
