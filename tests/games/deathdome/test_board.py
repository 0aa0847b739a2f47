"""The sample board and its loader; geometry cases quote the rule sentence they check."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.data import CARD_DATA
from toolkit.errors import DataError, DomekitError
from toolkit.games.deathdome.board import Board, Square, load_board

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
