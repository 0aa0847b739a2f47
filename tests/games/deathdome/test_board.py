"""The sample board and its loader; geometry cases quote the rule sentence they check."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.data import CARD_DATA
from toolkit.errors import DataError, DomekitError
from toolkit.games.deathdome.board import (
    Board,
    Square,
    _crossed,
    can_move,
    distance,
    line_of_sight,
    load_board,
    push_back_options,
    step_problem,
)

BOARD_TOML = CARD_DATA / "deathdome" / "board.toml"
COLOURS = ("red", "blue", "green", "yellow")

LEGEND = """
[legend]
"." = { kind = "floor" }
"R" = { kind = "base", colour = "red" }
"B" = { kind = "base", colour = "blue" }
"""


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board(BOARD_TOML, colours=COLOURS)


def write(tmp_path: Path, grid: str, legend: str = LEGEND) -> Path:
    path = tmp_path / "board.toml"
    path.write_text(f"name = \"Test\"\n# a comment\ngrid = '''\n{grid}\n'''\n{legend}")
    return path


# ---------------------------------------------------------------------------- the sample board


def test_sample_board_has_every_kind_the_rules_name(board: Board) -> None:
    kinds = {board.cell(square).kind for square in board.squares()}
    assert kinds == {
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
    }


def test_sample_board_has_a_base_per_colour_and_two_towers(board: Board) -> None:
    assert sorted(board.base_colours()) == sorted(COLOURS)
    assert sorted(board.towers()) == ["east", "west"]
    # "The center control point on each tower": one centre per tower.
    for squares in board.towers().values():
        assert [board.cell(s).kind for s in squares].count("tower_centre") == 1


def test_squares_are_named_like_chess_a1_bottom_left(board: Board) -> None:
    assert board.parse_square("A1") == Square(0, 0)
    assert str(Square(2, 4)) == "C5"
    assert board.cell("A1").colour == "red"  # red's base is drawn bottom-left
    assert board.cell(f"A{board.height}").colour == "blue"  # the top-left line of the grid
    assert board.parse_square("c5") == Square(2, 4)


@pytest.mark.parametrize("text", ["Z1", "A0", "A21", "5C", "", "AA1"])
def test_a_square_off_the_board_is_a_clear_error(board: Board, text: str) -> None:
    with pytest.raises(DomekitError):
        board.parse_square(text)


# ---------------------------------------------------------------------------- loader errors


def test_a_row_of_the_wrong_width_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "R..B\nR..\nR..B")
    with pytest.raises(DataError) as caught:
        load_board(path)
    assert caught.value.line == 5  # name, comment, grid = ''', first row, then this one
    assert str(path) in str(caught.value)
    assert "3 squares wide" in str(caught.value)


def test_an_unknown_symbol_names_file_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "R..B\nR.?B")
    with pytest.raises(DataError) as caught:
        load_board(path)
    assert caught.value.line == 5
    assert "'?'" in str(caught.value) and "column C" in str(caught.value)


def test_missing_bases_are_an_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="base"):
        load_board(write(tmp_path, "R...\n...."))
    with pytest.raises(DataError, match="no base for green, yellow"):
        load_board(write(tmp_path, "R..B\n...."), colours=COLOURS)


def test_an_empty_board_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="empty"):
        load_board(write(tmp_path, ""))


def test_a_legend_kind_must_be_known(tmp_path: Path) -> None:
    legend = LEGEND + '"x" = { kind = "swamp" }\n'
    with pytest.raises(DataError) as caught:
        load_board(write(tmp_path, "RxB", legend))
    assert caught.value.field == "legend.x.kind"


def test_a_tower_needs_a_centre_and_a_bridge(tmp_path: Path) -> None:
    legend = LEGEND + '"t" = { kind = "tower_edge", tower = "a" }\n'
    with pytest.raises(DataError, match="centre"):
        load_board(write(tmp_path, "RtB", legend))


# ---------------------------------------------------------------------------- geometry
#
# A small board for the rule cases (columns A..J, row 8 at the top):
#
#   8  RR......BB      R red base, B blue base
#   7  .~~=~~.-..      ~ lava, = bridge, - short wall
#   6  .~ttt~.-..      t tower edge, T tower centre
#   5  .~tTt~.-..
#   4  .~ttt~....
#   3  .~~~~~.#..      # thin wall
#   2  .......#..
#   1  Nn.....#..      N jail, n its release point

SMALL = "\n".join(
    [
        "RR......BB",
        ".~~=~~.-..",
        ".~ttt~.-..",
        ".~tTt~.-..",
        ".~ttt~....",
        ".~~~~~.#..",
        ".......#..",
        "Nn.....#..",
    ]
)
FULL_LEGEND = (
    LEGEND
    + """"#" = { kind = "thin_wall" }
"-" = { kind = "short_wall" }
"~" = { kind = "lava" }
"=" = { kind = "bridge" }
"t" = { kind = "tower_edge", tower = "north" }
"T" = { kind = "tower_centre", tower = "north" }
"N" = { kind = "jail", jail = "west" }
"n" = { kind = "jail_release", jail = "west" }
"""
)


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Board:
    return load_board(write(tmp_path_factory.mktemp("small"), SMALL, FULL_LEGEND))


def sq(board: Board, *names: str) -> list[Square]:
    return [board.parse_square(name) for name in names]


def test_distance_counts_a_diagonal_step_as_one() -> None:
    """'Units may move diagonally'; RULINGS: distances are Chebyshev."""
    assert distance(Square(0, 0), Square(3, 2)) == 3
    assert distance(Square(4, 4), Square(4, 4)) == 0


SIGHT = [
    pytest.param("G2", "I2", False, id="Units cannot see through any walls (thin wall)"),
    pytest.param("G6", "I6", False, id="Units cannot see through any walls (short wall)"),
    pytest.param("A5", "G5", False, id="Units cannot see through the tower"),
    pytest.param(
        "E6", "I6", True, id="When on the tower you can see over the short walls on sides adjacent"
    ),
    pytest.param(
        "I5", "E5", True, id="You can shoot over the short walls onto the tower edge facing you"
    ),
    pytest.param(
        "I5", "C5", False, id="From the floor you can only see the tower's edge facing you"
    ),
    pytest.param("A5", "C5", True, id="From the floor you see the tower edge facing you"),
    pytest.param("G5", "D5", False, id="You cannot see the center square from the floor"),
    pytest.param("D5", "A8", False, id="No unit on the centre square sees the ground"),
    pytest.param("D7", "D5", False, id="the bridges count as ground level (no centre)"),
    pytest.param("D7", "I7", False, id="the bridges count as ground level (short walls block)"),
    pytest.param("D7", "D6", True, id="The bridges can be seen as normal from the ground"),
    pytest.param("C6", "D5", True, id="on the tower: the centre square is seen"),
    pytest.param("G8", "G1", True, id="clear line over open floor"),
    pytest.param("G3", "A3", True, id="lava does not block sight"),
]


@pytest.mark.parametrize(("origin", "target", "visible"), SIGHT)
def test_line_of_sight(small: Board, origin: str, target: str, visible: bool) -> None:
    a, b = sq(small, origin, target)
    assert line_of_sight(small, a, b).visible is visible
    assert line_of_sight(small, b, a).visible is visible  # sight goes both ways


def test_higher_ground_is_from_the_tower_to_a_unit_not_on_the_tower(small: Board) -> None:
    """'Higher ground indicates an attack from a unit on the tower to a unit not on the tower.'"""
    edge, floor = sq(small, "E6", "I6")
    assert line_of_sight(small, edge, floor).higher_ground
    assert not line_of_sight(small, floor, edge).higher_ground


def test_a_weapon_that_ignores_line_of_sight_is_not_stopped_by_walls_or_the_tower(
    small: Board,
) -> None:
    """'attacks with this weapon are not stopped by walls or the tower'; 'You cannot see the
    center square from the floor. (you may target it with a bomb)'."""
    for origin, target in (("G2", "I2"), ("A5", "G5"), ("G5", "D5")):
        a, b = sq(small, origin, target)
        assert line_of_sight(small, a, b, ignore_los=True).visible


def test_a_line_exactly_between_two_diagonal_walls_is_blocked(tmp_path: Path) -> None:
    legend = LEGEND + '"#" = { kind = "thin_wall" }\n'
    board = load_board(write(tmp_path, "R.B\n...\n#..\n.#.", legend))
    a1, b2, c3 = sq(board, "A1", "B2", "C3")
    assert not line_of_sight(board, a1, b2).visible
    assert not line_of_sight(board, a1, c3).visible
    # "Units may not move through the thin walls": no squeezing diagonally between them either.
    assert not can_move(board, a1, b2, movement=5, colour="red").allowed
    one_wall = load_board(write(tmp_path, "R.B\n...\n...\n.#.", legend))
    assert line_of_sight(one_wall, a1, b2).visible
    assert can_move(one_wall, a1, b2, movement=1, colour="red").allowed


MOVES = [
    pytest.param("G4", "G8", 4, {}, True, id="Units may move through their teammates"),
    pytest.param("G4", "G8", 4, {"teammates": "G6"}, True, id="through a teammate"),
    pytest.param("G4", "G8", 4, {"enemies": "G6"}, False, id="Units may not move through enemies"),
    pytest.param("G4", "G8", 6, {"enemies": "G6"}, True, id="around an enemy, the long way"),
    pytest.param("G4", "G8", 6, {"enemies": "G8"}, False, id="not onto an enemy"),
    pytest.param(
        "G4", "G8", 6, {"teammates": "G8"}, False, id="not onto a teammate (one a square)"
    ),
    pytest.param("I2", "G2", 3, {}, False, id="Units may not move through the thin walls"),
    pytest.param("I2", "G2", 4, {}, True, id="around the thin wall"),
    pytest.param("I1", "J2", 1, {}, True, id="Units may move diagonally"),
    pytest.param("D8", "D6", 2, {}, True, id="onto the tower from an adjacent bridge space"),
    pytest.param("G4", "F4", 1, {}, False, id="Units may not move onto lava spaces"),
    pytest.param("G4", "F4", 1, {"lava": True}, True, id="lava: unless otherwise stated on a card"),
    pytest.param("I7", "I8", 1, {}, False, id="Units cannot move into an enemy base"),
    pytest.param("C7", "B8", 1, {"lava": True}, True, id="movement counts as normal in own base"),
    pytest.param("B2", "A1", 1, {}, False, id="no moving into a jail"),
    pytest.param("B2", "B1", 1, {}, True, id="onto a jail release point"),
    pytest.param("G2", "G6", 3, {}, False, id="no further than the movement rating"),
]


@pytest.mark.parametrize(("origin", "target", "movement", "extra", "allowed"), MOVES)
def test_movement(
    small: Board, origin: str, target: str, movement: int, extra: dict, allowed: bool
) -> None:
    a, b = sq(small, origin, target)
    teammates = set(sq(small, extra["teammates"])) if "teammates" in extra else set()
    enemies = set(sq(small, extra["enemies"])) if "enemies" in extra else set()
    check = can_move(
        small,
        a,
        b,
        movement=movement,
        colour="red",
        teammates=teammates,
        enemies=enemies,
        lava_allowed=extra.get("lava", False),
    )
    assert check.allowed is allowed, check.reason
    if allowed:
        assert check.path[0] == origin and check.path[-1] == target
        assert len(check.path) - 1 <= movement


def test_the_tower_only_from_a_bridge_even_for_a_unit_allowed_on_lava(small: Board) -> None:
    """'If a card allows a unit to enter the lava they still must enter the tower via a bridge
    space'."""
    lava, edge = sq(small, "B5", "C5")
    problem = step_problem(small, lava, edge, colour="red", lava_allowed=True)
    assert problem is not None and "bridge" in problem
    check = can_move(small, lava, edge, movement=10, colour="red", lava_allowed=True)
    assert check.allowed
    first_on_tower = next(i for i, name in enumerate(check.path) if small.cell(name).on_tower)
    assert small.cell(check.path[first_on_tower - 1]).kind == "bridge"


def test_an_enemy_base_is_closed_but_the_own_base_is_open(small: Board) -> None:
    """'Units cannot move into an enemy base'."""
    a, b = sq(small, "H8", "I8")
    assert not can_move(small, a, b, movement=1, colour="red").allowed
    assert can_move(small, a, b, movement=1, colour="blue").allowed


PUSHES = [
    pytest.param("J4", "I4", (), ["moved"], id="pushed back in a direct line from its attacker"),
    pytest.param("J2", "I2", (), ["negated"], id="up against a wall: push back negated"),
    pytest.param("J4", "I4", ("H4",), ["negated"], id="another unit behind it: negated"),
    pytest.param("H4", "G4", (), ["lava"], id="pushed back onto a lava space: killed"),
    pytest.param(
        "J4",
        "I6",
        (),
        ["negated", "moved", "moved"],
        id="not in a perfect line: the manager chooses a space moving away",
    ),
    pytest.param("I5", "J5", (), ["negated"], id="the edge of the Dome counts as a wall"),
]


@pytest.mark.parametrize(("attacker", "target", "occupied", "results"), PUSHES)
def test_push_back(
    small: Board, attacker: str, target: str, occupied: tuple[str, ...], results: list[str]
) -> None:
    a, t = sq(small, attacker, target)
    options = push_back_options(small, a, t, occupied=set(sq(small, *occupied)))
    assert sorted(option.result for _, option in options) == sorted(results)
    for passed, option in options:
        if option.result != "negated":
            assert distance(a, small.parse_square(option.square)) > distance(a, t)
            assert passed and str(passed[-1]) == option.square


def test_push_back_two_squares_stops_before_a_wall(small: Board) -> None:
    """'Unless otherwise noted on the weapon card used in the attack, the wounded unit is pushed
    back 1 square': a card may say more; a wall later in the line stops the push there."""
    attacker, target = sq(small, "A2", "C2")
    ((passed, option),) = push_back_options(small, attacker, target, squares=6)
    assert option.result == "moved" and option.square == "G2"  # H2 is a thin wall
    assert [str(s) for s in passed] == ["D2", "E2", "F2", "G2"]


# ---------------------------------------------------------------------------- sample board


def test_sample_board_towers_are_reached_only_by_bridges(board: Board) -> None:
    """'The tower can only be accessed by the bridges.'"""
    for squares in board.towers().values():
        for square in squares:
            for neighbour in board.neighbours(square):
                cell = board.cell(neighbour)
                assert cell.on_tower or cell.kind in ("bridge", "lava"), (square, neighbour)


def test_sample_board_short_walls_show_the_tower_exceptions(board: Board) -> None:
    """Ground units behind the short wall are hidden from the ground but seen from the tower."""
    floor_west, floor_east, edge = sq(board, "H10", "K10", "F10")
    assert not line_of_sight(board, floor_west, floor_east).visible
    assert line_of_sight(board, edge, floor_east).visible
    assert line_of_sight(board, floor_east, edge).visible


SAMPLE = load_board(BOARD_TOML)
squares = st.builds(Square, st.integers(0, SAMPLE.width - 1), st.integers(0, SAMPLE.height - 1))


@given(squares, squares)
def test_sight_goes_both_ways(a: Square, b: Square) -> None:
    board = SAMPLE
    assert line_of_sight(board, a, b).visible == line_of_sight(board, b, a).visible


@given(squares, squares, st.sets(squares, max_size=12), st.integers(1, 3))
def test_a_push_never_lands_in_a_wall_or_on_a_unit(
    attacker: Square, target: Square, occupied: set[Square], push: int
) -> None:
    board = SAMPLE
    if attacker == target:
        return
    occupied = occupied - {attacker, target}
    for passed, option in push_back_options(
        board, attacker, target, squares=push, occupied=occupied
    ):
        for square in passed:
            assert board.on_board(square)
            assert not board.cell(square).is_wall
            assert square not in occupied
        if option.result == "negated":
            assert passed == []


@given(
    squares,
    squares,
    st.sets(squares, max_size=8),
    st.sets(squares, max_size=8),
    st.integers(0, 8),
    st.booleans(),
)
def test_a_legal_move_steps_only_on_legal_squares(
    origin: Square,
    target: Square,
    friends: set[Square],
    foes: set[Square],
    movement: int,
    lava: bool,
) -> None:
    board = SAMPLE
    friends, foes = friends - {origin}, foes - {origin} - friends
    check = can_move(
        board,
        origin,
        target,
        movement=movement,
        colour="red",
        teammates=friends,
        enemies=foes,
        lava_allowed=lava,
    )
    if not check.allowed:
        return
    path = [board.parse_square(name) for name in check.path]
    assert len(path) - 1 <= movement
    for here, there in zip(path, path[1:], strict=False):
        assert distance(here, there) == 1
        assert there not in foes
        assert (
            step_problem(
                board, here, there, colour="red", enemies=frozenset(foes), lava_allowed=lava
            )
            is None
        )
    assert path[-1] not in friends or path[-1] == origin


def _crossed_by_clipping(a: Square, b: Square) -> set[Square]:
    """Reference: clip the segment against each square's open inside with exact fractions."""
    found = set()
    for square in SAMPLE.squares():
        if square in (a, b):
            continue
        lo, hi = Fraction(0), Fraction(1)
        for start, end, centre in ((a.col, b.col, square.col), (a.row, b.row, square.row)):
            delta = end - start
            if delta == 0:
                if start != centre:
                    lo, hi = Fraction(1), Fraction(0)
                continue
            t1 = Fraction(2 * (centre - start) - 1, 2 * delta)
            t2 = Fraction(2 * (centre - start) + 1, 2 * delta)
            lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
        if lo < hi:
            found.add(square)
    return found


@given(squares, squares)
def test_the_traced_line_crosses_exactly_the_squares_it_passes_through(
    a: Square, b: Square
) -> None:
    """RULINGS: line of sight is traced centre to centre over the grid."""
    assert set(_crossed(a, b)) == _crossed_by_clipping(a, b)
