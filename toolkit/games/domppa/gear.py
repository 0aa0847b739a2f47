"""What a character carries, checked against the gear cards at build time.

characters.csv names each character's gear (`gear`: card names, `|`-separated). Every item must
have a card in weapons.csv, armour.csv or shields.csv; at most one body armour, one helmet and
one shield. The printed figures follow from the cards, or the build stops naming the row:

- protection_body is the body armour's protection (0 without one), protection_head the
  helmet's (0 without one);
- equipment_encumbrance lies between the encumbrance of the armour worn (at least) and of
  everything carried (at most): the rules add "equipment encumbrance" without saying which
  carried items count, so the data's figure stands as long as the cards allow it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.data import read_csv
from toolkit.errors import DataError
from toolkit.games.domppa.data import ArmourRow, CharacterRow, ShieldRow, WeaponRow, split_list


@dataclass(frozen=True)
class Gear:
    """One character's cards."""

    weapons: tuple[WeaponRow, ...] = ()
    body: ArmourRow | None = None
    helmet: ArmourRow | None = None
    shield: ShieldRow | None = None

    @property
    def cards(self) -> tuple[WeaponRow | ArmourRow | ShieldRow, ...]:
        worn = tuple(card for card in (self.body, self.helmet, self.shield) if card is not None)
        return (*self.weapons, *worn)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(card.name for card in self.cards)

    @property
    def armour_encumbrance(self) -> int:
        return sum(card.encumbrance for card in (self.body, self.helmet) if card is not None)

    @property
    def encumbrance(self) -> int:
        return sum(card.encumbrance for card in self.cards)


def character_gear(
    path: Path,
    rows: Sequence[CharacterRow],
    weapons: Sequence[WeaponRow],
    armour: Sequence[ArmourRow],
    shields: Sequence[ShieldRow],
) -> dict[str, Gear]:
    """Each character's gear by name, every figure checked against its cards (a DataError
    naming the file, row and field where one disagrees)."""
    every: list[WeaponRow | ArmourRow | ShieldRow] = [*weapons, *armour, *shields]
    cards = {card.name.casefold(): card for card in every}
    numbers = [number for number, _ in read_csv(path)]
    found: dict[str, Gear] = {}
    for number, row in zip(numbers, rows, strict=True):
        found[row.name] = _gear(path, number, row, cards)
    return found


def _gear(
    path: Path, number: int, row: CharacterRow, cards: dict[str, WeaponRow | ArmourRow | ShieldRow]
) -> Gear:
    def problem(message: str, field: str) -> DataError:
        return DataError(path, f"{row.name}: {message}", row=number, field=field)

    weapons: list[WeaponRow] = []
    worn: dict[str, ArmourRow | ShieldRow] = {}
    for name in split_list(row.gear):
        card = cards.get(name.casefold())
        if card is None:
            raise problem(
                f"carries {name!r}, which has no card in weapons.csv, armour.csv or shields.csv",
                "gear",
            )
        if isinstance(card, WeaponRow):
            weapons.append(card)
            continue
        slot = card.slot if isinstance(card, ArmourRow) else "shield"
        if slot in worn:
            raise problem(f"wears two {slot} cards: {worn[slot].name} and {card.name}", "gear")
        worn[slot] = card
    body, helmet, shield = worn.get("body"), worn.get("head"), worn.get("shield")
    assert body is None or isinstance(body, ArmourRow)
    assert helmet is None or isinstance(helmet, ArmourRow)
    assert shield is None or isinstance(shield, ShieldRow)
    gear = Gear(tuple(weapons), body, helmet, shield)
    for field, value, card in (
        ("protection_body", row.protection_body, body),
        ("protection_head", row.protection_head, helmet),
    ):
        wanted = card.protection if card is not None else 0
        if value != wanted:
            source = f"its {card.name} card gives {wanted}" if card else "it wears no such card: 0"
            raise problem(f"{field} is {value}, but {source}", field)
    low, high = gear.armour_encumbrance, gear.encumbrance
    if not low <= row.equipment_encumbrance <= high:
        raise problem(
            f"equipment_encumbrance is {row.equipment_encumbrance}; its cards allow {low} (the "
            f"armour worn) to {high} (everything carried: {', '.join(gear.names) or 'nothing'})",
            "equipment_encumbrance",
        )
    return gear
