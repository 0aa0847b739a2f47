"""The Dominum battlefield's geometry (RULINGS.md's reading of "Board Configuration").

Spaces are (row, column), both counted from 1. Rows run from red's back row (row 1) to gold's
back row; with the shipped numbers rows 1-2 are red's Domain, row 3 the Neutral Line, rows 4-5
gold's Domain. Each stronghold space sits behind the middle of its back row: red's at row 0,
gold's at row 6, in the stronghold column. Sizes come from `[board]` in rules.toml.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from toolkit.games.dominum.config import BoardRules

Player = Literal["red", "gold"]
PLAYERS: tuple[Player, Player] = ("red", "gold")
Space = tuple[int, int]

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def opponent(player: Player) -> Player:
    return "gold" if player == "red" else "red"


def space_text(space: Space) -> str:
    """A space as the rule lines name it: `row 2 column 3`."""
    return f"row {space[0]} column {space[1]}"


def space_name(space: Space) -> str:
    """A space as the board, the forms and the JSON forms write it: `2,3` (row,column)."""
    return f"{space[0]},{space[1]}"


@dataclass(frozen=True)
class Board:
    rules: BoardRules

    # -- areas ------------------------------------------------------------------------------
    @property
    def rows(self) -> int:
        return 2 * self.rules.domain_rows + self.rules.neutral_rows

    @cached_property
    def spaces(self) -> frozenset[Space]:
        """The battlefield's spaces, stronghold spaces excluded."""
        return frozenset(
            (row, column)
            for row in range(1, self.rows + 1)
            for column in range(1, self.rules.columns + 1)
        )

    def back_row(self, player: Player) -> int:
        return 1 if player == "red" else self.rows

    def _domain_rows(self, player: Player) -> range:
        d = self.rules.domain_rows
        return range(1, d + 1) if player == "red" else range(self.rows - d + 1, self.rows + 1)

    def stronghold(self, player: Player) -> Space:
        row = 0 if player == "red" else self.rows + 1
        return (row, self.rules.stronghold_column)

    @cached_property
    def strongholds(self) -> frozenset[Space]:
        return frozenset(self.stronghold(player) for player in PLAYERS)

    def domain(self, player: Player) -> frozenset[Space]:
        return frozenset(s for s in self.spaces if s[0] in self._domain_rows(player))

    @cached_property
    def neutral_line(self) -> frozenset[Space]:
        d = self.rules.domain_rows
        rows = range(d + 1, d + self.rules.neutral_rows + 1)
        return frozenset(s for s in self.spaces if s[0] in rows)

    def assault_zone(self, player: Player) -> frozenset[Space]:
        """The assault zone in `player`'s Domain (the one the opponent assaults)."""
        columns = set(self.rules.assault_zone_columns)
        return frozenset(s for s in self.domain(player) if s[1] in columns)

    def fortified(self, player: Player) -> frozenset[Space]:
        """The fortified spaces of `player`'s Domain: the zone's back-row outer spaces."""
        row = self.back_row(player)
        return frozenset((row, column) for column in self.rules.fortified_columns)

    @property
    def assault_zone_size(self) -> int:
        return len(self.rules.assault_zone_columns) * self.rules.domain_rows

    @property
    def fortified_per_zone(self) -> int:
        return len(self.rules.fortified_columns)

    @property
    def neutral_size(self) -> int:
        return self.rules.columns * self.rules.neutral_rows

    def owner_of(self, space: Space) -> Player | None:
        """Whose Domain a space lies in (None for the Neutral Line)."""
        for player in PLAYERS:
            if space[0] in self._domain_rows(player):
                return player
        return None

    # -- abilities that depend on where a card stands ----------------------------------------
    def infiltrate_active(self, space: Space, owner: Player) -> bool:
        """Infiltrate: active only in the opponent's Domain."""
        return self.owner_of(space) == opponent(owner)

    def protector_active(self, space: Space, owner: Player) -> bool:
        """Protector: active only in your own Domain."""
        return self.owner_of(space) == owner

    # -- neighbours and movement ---------------------------------------------------------------
    def on_board(self, space: Space) -> bool:
        return space in self.spaces

    def neighbours(self, space: Space, *, radial: bool) -> list[Space]:
        """Spaces one step away (orthogonal; diagonal too when radial), stronghold spaces
        included."""
        steps = ORTHOGONAL + DIAGONAL if radial else ORTHOGONAL
        out = []
        for dr, dc in steps:
            near = (space[0] + dr, space[1] + dc)
            if near in self.spaces or near in self.strongholds:
                out.append(near)
        return out

    def adjacent(self, a: Space, b: Space) -> bool:
        """Adjacent: above, below or to the sides; diagonal is never adjacent."""
        return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1

    def in_range(self, a: Space, b: Space, *, radial: bool) -> bool:
        """Attack range (ruling): the next space, diagonals too for a Radial card."""
        if a == b:
            return False
        if radial:
            return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
        return self.adjacent(a, b)

    def move_targets(
        self,
        start: Space,
        occupants: Mapping[Space, Player],
        *,
        mover: Player,
        radial: bool,
        flying: bool,
        spaces: int,
    ) -> frozenset[Space]:
        """Move Phase: the empty spaces a card can end on within `spaces` steps.

        Steps follow the card's range (Radial or Standard; a flying card moves diagonally too);
        a card passes through allies and both stronghold spaces, through enemies only if it
        flies; it must end on an empty battlefield space other than the one it started on.
        """
        radial = radial or flying
        seen = {start: 0}
        frontier = [start]
        for step in range(1, spaces + 1):
            nxt = []
            for here in frontier:
                for near in self.neighbours(here, radial=radial):
                    if near in seen:
                        continue
                    who = occupants.get(near)
                    if who is not None and who != mover and not flying:
                        continue
                    seen[near] = step
                    nxt.append(near)
            frontier = nxt
        return frozenset(
            space
            for space in seen
            if space != start and space in self.spaces and space not in occupants
        )

    def shift_targets(self, start: Space, occupants: Mapping[Space, object]) -> frozenset[Space]:
        """Shift: one space orthogonally, into an empty battlefield space."""
        return frozenset(
            near
            for near in self.neighbours(start, radial=False)
            if near in self.spaces and near not in occupants
        )
