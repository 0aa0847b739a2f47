"""What a character holds and rides, by the rules (rules/domppa.en.md): the weapons in its hands
and its shield (two-weapon fighting, a two-handed weapon, striking unarmed), and its mount (Size:
"Mounts and chariots also raise the size, depending on the mount"; Riding and Charioteering: "+3
defence, more action points").

Pure functions over the cards' names and numbers; the numbers come from rules.toml (`hands`,
`unarmed`, `abilities.riding_defence`, `abilities.chariot_defence`) and the mount's row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from toolkit.errors import RuleError
from toolkit.games.domppa.config import DomppaRules

RULE_HANDS = "Weapon length: two-weapon fighting (toolkit: a hand a weapon or shield)"
RULE_MOUNT = "Riding; Charioteering"


class Weapon(Protocol):
    """What holding a weapon asks of its card."""

    @property
    def name(self) -> str: ...

    @property
    def two_handed(self) -> bool: ...


@dataclass(frozen=True)
class Held:
    """The weapons in a character's hands (a blank: none) and the shield it carries."""

    weapon: str = ""
    off_hand: str = ""
    shield: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        """The weapons held, the main one first."""
        return tuple(name for name in (self.weapon, self.off_hand) if name)

    def weapons(self, cards: Sequence[Weapon]) -> list[Weapon]:
        """The cards of the weapons held (in that order)."""
        by_name = {card.name.casefold(): card for card in cards}
        return [by_name[name.casefold()] for name in self.names if name.casefold() in by_name]


def hands_held(rules: DomppaRules, weapons: Sequence[Weapon], *, shield: bool) -> int:
    """The hands the weapons and the shield take: a weapon one, a two-handed weapon both, the
    shield one; more than a character has (rules.toml `hands.per_character`) is refused. Two
    weapons are the rules' two-weapon fighting ("the sum of the weapons' lengths is a penalty to
    hit rolls")."""
    used = sum(2 if weapon.two_handed else 1 for weapon in weapons) + (1 if shield else 0)
    hands = rules.hands.per_character
    if used > hands:
        held = [*(weapon.name for weapon in weapons), *(["a shield"] if shield else [])]
        two = [weapon.name for weapon in weapons if weapon.two_handed]
        why = f" ({', '.join(two)}: two-handed)" if two else ""
        raise RuleError(
            RULE_HANDS, f"{' and '.join(held)} take {used} hands; a character has {hands}{why}"
        )
    return used


Mounted = Literal["horse", "chariot"]


@dataclass(frozen=True)
class MountBonus:
    """What riding gives: size, action points and defence, with the step saying why."""

    kind: Mounted
    size: int
    ap: int
    defence: int
    step: str


def mounted_stats(
    rules: DomppaRules,
    *,
    mount: str,
    kind: Mounted,
    size: int,
    ap: int,
    abilities: frozenset[str],
) -> MountBonus:
    """Riding a horse (Riding) or driving a chariot (Charioteering): the mount's size and action
    points, and the ability's defence; without the ability it cannot be ridden."""
    needs, defence = (
        ("riding", rules.abilities.riding_defence)
        if kind == "horse"
        else ("charioteering", rules.abilities.chariot_defence)
    )
    if needs not in abilities:
        ability = "Riding" if kind == "horse" else "Charioteering"
        raise RuleError(RULE_MOUNT, f"{mount} is a {kind}: riding it needs {ability}")
    return MountBonus(
        kind,
        size,
        ap,
        defence,
        f"on {mount} ({kind}): size +{size}, +{ap} AP, +{defence} defence",
    )
