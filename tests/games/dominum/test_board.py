"""The battlefield's geometry (RULINGS.md, Dominum: Board) and movement (Move Phase)."""

from __future__ import annotations

import pytest

from toolkit.games.dominum.board import Board


@pytest.fixture
def board(rules) -> Board:
    return Board(rules.board)


def test_five_by_five_and_two_stronghold_spaces(board):
    assert len(board.spaces) == 25
    assert board.stronghold("red") == (0, 3) and board.stronghold("gold") == (6, 3)


def test_domains_and_neutral_line(board):
    """Each player has two rows (their Domain), separated by the Neutral Line."""
    assert {r for r, _ in board.domain("red")} == {1, 2}
    assert {r for r, _ in board.domain("gold")} == {4, 5}
    assert {r for r, _ in board.neutral_line} == {3} and len(board.neutral_line) == 5


def test_assault_zone_and_fortified_spaces(board):
    """RULINGS: the 3 x 2 block in front of the stronghold; fortified = its back row's ends."""
    assert board.assault_zone("gold") == {(4, 2), (4, 3), (4, 4), (5, 2), (5, 3), (5, 4)}
    assert board.fortified("gold") == {(5, 2), (5, 4)}
    assert board.fortified("red") == {(1, 2), (1, 4)}


def test_infiltrate_and_protector(board):
    """Infiltrate: in the opponent's Domain. Protector: in your own."""
    assert board.infiltrate_active((4, 1), "red") and not board.infiltrate_active((3, 1), "red")
    assert board.protector_active((2, 5), "red") and not board.protector_active((4, 5), "red")


def test_adjacent_is_never_diagonal(board):
    """Adjacent: above, below, and to the sides; diagonal is never adjacent."""
    assert board.adjacent((2, 2), (2, 3)) and not board.adjacent((2, 2), (3, 3))
    assert board.in_range((2, 2), (3, 3), radial=True)
    assert not board.in_range((2, 2), (3, 3), radial=False)


def test_standard_move_three_orthogonal_spaces(board):
    """Move Phase: up to 3 spaces; Standard is orthogonal only; must end on a new space."""
    targets = board.move_targets(
        (1, 1), {(1, 1): "red"}, mover="red", radial=False, flying=False, spaces=3
    )
    assert (4, 1) in targets and (2, 2) in targets and (3, 3) not in targets
    assert (1, 1) not in targets


def test_radial_move_diagonal(board):
    targets = board.move_targets((1, 1), {}, mover="red", radial=True, flying=False, spaces=3)
    assert (4, 4) in targets and (5, 1) not in targets


def test_through_allies_not_enemies(board):
    """Your cards can move through ally cards but not enemy cards."""
    wall = {(2, 1): "gold", (1, 2): "red", (2, 2): "gold"}
    targets = board.move_targets((1, 1), wall, mover="red", radial=False, flying=False, spaces=3)
    assert (1, 3) in targets  # through the ally on (1, 2)
    assert (1, 2) not in targets  # occupied: cannot end there
    assert (3, 1) not in targets  # behind the enemy on (2, 1)


def test_flying_passes_over_enemies_and_moves_diagonally(board):
    """FLYING cards can move over all enemy cards. They can move diagonally."""
    wall = {(2, 1): "gold", (2, 2): "gold", (1, 2): "gold"}
    targets = board.move_targets((1, 1), wall, mover="red", radial=False, flying=True, spaces=2)
    assert (3, 1) in targets and (3, 3) in targets


def test_through_stronghold_spaces_but_not_ending_there(board):
    """All cards can move through the 2 Stronghold spaces (RULINGS: they end on the board)."""
    walls = {(1, 3): "gold"}
    targets = board.move_targets((1, 2), walls, mover="red", radial=True, flying=False, spaces=2)
    assert (1, 4) in targets
    assert (0, 3) not in targets
    standard = board.move_targets((1, 2), walls, mover="red", radial=False, flying=False, spaces=3)
    assert (1, 4) not in standard  # orthogonally the stronghold is reached only through (1, 3)


def test_shift_is_one_orthogonal_space_into_an_empty_space(board):
    """Shift / Reposition: one space, orthogonal, into an adjacent empty space."""
    assert board.shift_targets((1, 1), {(1, 2): "gold"}) == {(2, 1)}
