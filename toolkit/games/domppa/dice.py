"""Dice as players roll them: the faces typed in the order rolled.

A Domppa 2d6 is two exploding d6s ("on a 6, add d6-1; the added die can explode again"). The faces
are typed die by die, each die followed by its explosions: `6,3,2` (or `632` on a phone's number
pad: `pad_faces`) is a first die 6 that exploded into a 3 (6 + 3 - 1 = 8) and a second die 2,
total 10. Parsing is kept apart from resolution: the
rules functions take totals (and whether a 6 showed), so an odds engine can call them for every
possible total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from toolkit.errors import DomekitError
from toolkit.games.domppa.config import DiceConfig


@dataclass(frozen=True)
class Roll:
    """An exploding roll: each die's chain of faces, the chain values and the total."""

    chains: tuple[tuple[int, ...], ...]
    values: tuple[int, ...]
    total: int
    steps: list[str]

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(face for chain in self.chains for face in chain)

    def shows(self, face: int) -> bool:
        """Whether any die of the roll (explosions included) showed `face`."""
        return face in self.faces


def split_faces(text: str, what: str = "dice") -> list[int]:
    """`"6, 3,2"` -> [6, 3, 2]; anything that is not a whole number is an error naming `what`."""
    parts = [part.strip() for part in text.replace(";", ",").split(",")]
    if not text.strip() or any(part == "" for part in parts):
        raise DomekitError(f"{what}: expected faces separated by commas, like 6,3,2 (got {text!r})")
    faces: list[int] = []
    for part in parts:
        try:
            faces.append(int(part))
        except ValueError:
            raise DomekitError(f"{what}: {part!r} is not a die face (got {text!r})") from None
    return faces


def pad_faces(faces: Sequence[int], dice: DiceConfig) -> list[int]:
    """Dice typed on a phone's number pad, which has no comma: one number larger than a die's
    largest face, every digit of it a face (`632`), is a die a digit (6, 3, 2). The action keeps
    what was typed; the rules read it so."""
    if len(faces) == 1 and dice.sides <= 9 and faces[0] > dice.sides:
        digits = [int(digit) for digit in str(faces[0])]
        if all(1 <= digit <= dice.sides for digit in digits):
            return digits
    return list(faces)


def chain_value(chain: tuple[int, ...], dice: DiceConfig) -> int:
    """One exploding die: the first face, then each added face minus the explosion penalty."""
    return chain[0] + sum(face - dice.explosion_penalty for face in chain[1:])


def parse_exploding(
    faces: list[int] | str, dice: DiceConfig, *, count: int = 2, what: str = "dice"
) -> Roll:
    """Exactly `count` exploding dice and their explosions, in the order rolled."""
    if isinstance(faces, str):
        faces = split_faces(faces, what)
    typed = ",".join(str(face) for face in faces)
    for face in faces:
        if not 1 <= face <= dice.sides:
            raise DomekitError(f"{what}: {face} is not a face of a d{dice.sides} (got {typed})")
    chains: list[tuple[int, ...]] = []
    position = 0
    while position < len(faces):
        if len(chains) == count:
            raise DomekitError(
                f"{what}: {typed} holds more than {count} dice and their explosions "
                f"(a die explodes only on a {dice.explode_on})"
            )
        chain = [faces[position]]
        position += 1
        while chain[-1] == dice.explode_on:
            if position == len(faces):
                raise DomekitError(
                    f"{what}: {typed} ends on a {dice.explode_on}, which explodes: "
                    "type the face the added die showed"
                )
            chain.append(faces[position])
            position += 1
        chains.append(tuple(chain))
    if len(chains) < count:
        raise DomekitError(f"{what}: {typed} holds {len(chains)} dice; expected {count}")
    values = tuple(chain_value(rolled, dice) for rolled in chains)
    steps: list[str] = []
    for number, (rolled, value) in enumerate(zip(chains, values, strict=True), start=1):
        if len(rolled) == 1:
            steps.append(f"die {number}: {rolled[0]}")
        else:
            added = " + ".join(f"({face} - {dice.explosion_penalty})" for face in rolled[1:])
            steps.append(f"die {number}: {rolled[0]} exploded, {rolled[0]} + {added} = {value}")
    total = sum(values)
    steps.append(f"{count}d{dice.sides} = {' + '.join(map(str, values))} = {total}")
    return Roll(
        chains=tuple(chains),
        values=values,
        total=total,
        steps=steps,
    )


def check_total(total: int, dice: DiceConfig, *, count: int = 2, what: str = "roll") -> int:
    """A plain total typed where the faces do not matter; exploding dice make any sum >= count."""
    if total < count:
        raise DomekitError(f"{what}: {count} dice cannot total {total} (the least is {count})")
    return total


def check_plain_die(face: int, sides: int, what: str = "die") -> int:
    """A plain (non-exploding) die such as the d6 of freezing or the d2 of burning."""
    if not 1 <= face <= sides:
        raise DomekitError(f"{what}: {face} is not a face of a d{sides}")
    return face


def lucky_faces(faces: list[int], dice: DiceConfig, *, used: bool) -> tuple[list[int], bool, str]:
    """Lucky: the first 6 rolled against the character each round is re-rolled.

    The typed faces keep the 6 that was re-rolled, followed by the re-roll (`6,4,2`: the 6 became
    a 4). Returns the faces that count, whether Lucky is now used this round, and a step.
    """
    if used or dice.explode_on not in faces:
        return (
            list(faces),
            used,
            "Lucky: no re-roll" + (" (already used this round)" if used else ""),
        )
    index = faces.index(dice.explode_on)
    if index + 1 >= len(faces):
        raise DomekitError(f"Lucky: type the re-roll after the first {dice.explode_on}")
    kept = faces[:index] + faces[index + 1 :]
    return kept, True, f"Lucky: the first {dice.explode_on} is re-rolled into {faces[index + 1]}"
