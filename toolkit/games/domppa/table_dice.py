"""The dice of a Domppa action: the faces typed at the table, or rolled from the match's seed and
the number of rolls so far (`random.Random("domppa/<seed>/<rolls>")`), so replaying a log rolls
the same faces."""

from __future__ import annotations

import random

from toolkit.errors import DomekitError
from toolkit.games.domppa.actions import Dice
from toolkit.games.domppa.dice import Roll, check_plain_die, pad_faces, parse_exploding
from toolkit.games.domppa.state import MatchState


class TableDice:
    """One action's dice: the faces typed, or rolled from the match's seed (one generator per
    roll, numbered by the rolls so far)."""

    def __init__(self, state: MatchState) -> None:
        self.seed = state.seed
        self.rolls = state.rolls
        self.config = state.rules.dice

    def _generator(self) -> random.Random:
        generator = random.Random(f"domppa/{self.seed}/{self.rolls}")
        self.rolls += 1
        return generator

    def exploding(self, dice: Dice | None, what: str, steps: list[str]) -> Roll:
        """Two exploding dice (a 6 adds another die, less one, and may explode again)."""
        faces = pad_faces((dice or Dice()).rolled(what), self.config)
        if not faces:
            generator = self._generator()
            for _die in range(2):
                face = generator.randint(1, self.config.sides)
                faces.append(face)
                while face == self.config.explode_on:
                    face = generator.randint(1, self.config.sides)
                    faces.append(face)
            steps.append(f"{what}: the tracker rolled {','.join(map(str, faces))}")
        roll = parse_exploding(faces, self.config, what=what)
        steps += [f"{what}: {step}" for step in roll.steps]
        return roll

    def plain(self, die: Dice | None, sides: int, what: str, steps: list[str]) -> int:
        """One plain die (the d2 of burning, the d6 of freezing or of fatigue recovery)."""
        faces = (die or Dice()).rolled(what)
        if not faces:
            face = self._generator().randint(1, sides)
            steps.append(f"{what}: the tracker rolled {face}")
            return face
        if len(faces) != 1:
            raise DomekitError(f"{what}: one d{sides} (got {','.join(map(str, faces))})")
        return check_plain_die(faces[0], sides, what)
