"""What every chapter of Domppa's rules shares: the damage types, the elements, the check that a
stat is not negative."""

from __future__ import annotations

from enum import StrEnum

from toolkit.errors import DomekitError


class DamageType(StrEnum):
    """The weapon's damage type, chosen before rolling to hit."""

    NONE = "none"
    BLUNT = "blunt"
    PIERCING = "piercing"
    SLASHING = "slashing"
    ARMOR_PIERCING = "armor-piercing"
    ARMOR_NEGATING = "armor-negating"


class Element(StrEnum):
    """What the damage does besides (or instead of) taking HP."""

    NONE = "none"
    FIRE = "fire"
    COLD = "cold"
    POISON = "poison"
    PARALYSIS = "paralysis"


def not_negative(**values: int) -> None:
    """A clear error for any negative stat, named as the keyword says."""
    for name, value in values.items():
        if value < 0:
            raise DomekitError(f"{name.replace('_', ' ')} must not be negative (got {value})")
